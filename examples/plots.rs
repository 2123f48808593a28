//! Draws the guides' plots (`docs/img/*.svg`) from the measured figures in `docs/data/*.csv`.
//!
//! `cargo run --release --features examples --example plots` redraws all five. The CSV files hold only figures
//! measured and quoted in the guides, each row with its date and command; a new measurement
//! goes into the CSV (and the guide's prose), and this example redraws the picture.

use plotters::prelude::*;
use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};

type Result<T> = std::result::Result<T, Box<dyn Error>>;

const SIZE: (u32, u32) = (760, 440);
const FONT: &str = "sans-serif";
/// One colour a series, in the order the series first appear.
const COLOURS: [RGBColor; 5] = [
    RGBColor(0x1f, 0x5f, 0xbf),
    RGBColor(0xc8, 0x28, 0x28),
    RGBColor(0x2a, 0x8a, 0x3a),
    RGBColor(0x80, 0x80, 0x80),
    RGBColor(0xe0, 0x8a, 0x10),
];

/// A CSV file of measured figures: the header's names and the rows (no field holds a comma).
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn read(path: &Path) -> Result<Table> {
        let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut lines = text.lines().filter(|line| !line.trim().is_empty());
        let split = |line: &str| line.split(',').map(|f| f.trim().to_string()).collect();
        let header: Vec<String> = split(lines.next().ok_or("an empty CSV file")?);
        let rows: Vec<Vec<String>> = lines.map(split).collect();
        if let Some(bad) = rows.iter().find(|row| row.len() != header.len()) {
            return Err(format!("{}: a row of the wrong width: {bad:?}", path.display()).into());
        }
        Ok(Table { header, rows })
    }

    fn column(&self, name: &str) -> Result<usize> {
        let found = self.header.iter().position(|h| h == name);
        Ok(found.ok_or_else(|| format!("no column {name}"))?)
    }

    /// The field `name` of every row.
    fn texts(&self, name: &str) -> Result<Vec<String>> {
        let at = self.column(name)?;
        Ok(self.rows.iter().map(|row| row[at].clone()).collect())
    }

    /// The field `name` of every row, as numbers.
    fn numbers(&self, name: &str) -> Result<Vec<f64>> {
        let parse = |text: String| text.parse::<f64>().map_err(|e| format!("{text}: {e}"));
        Ok(self
            .texts(name)?
            .into_iter()
            .map(parse)
            .collect::<std::result::Result<_, _>>()?)
    }
}

/// The distinct values of a column, in the order they first appear.
fn distinct(values: &[String]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for value in values {
        if !seen.contains(value) {
            seen.push(value.clone());
        }
    }
    seen
}

/// Positions searched to prove a value, against moves from the end of the longest game.
fn proof_cost(data: &Path, out: &Path) -> Result<()> {
    let table = Table::read(&data.join("proof_cost.csv"))?;
    let boards = table.texts("board")?;
    let moves_in = table.numbers("moves_in")?;
    let longest = table.numbers("longest_game_plies")?;
    let searched = table.numbers("mean_positions_searched")?;
    let root = SVGBackend::new(out, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("The cost of a proof against the moves left", (FONT, 20))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(0f64..40f64, (1f64..1e9f64).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("plies from the end of the longest game (4x4: 33, 5x5: 56)")
        .y_desc("positions searched (mean, or one position)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|v| format!("{v:.0e}"))
        .draw()?;
    for (i, board) in distinct(&boards).iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points: Vec<(f64, f64)> = (0..boards.len())
            .filter(|&r| &boards[r] == board)
            .map(|r| (longest[r] - moves_in[r], searched[r]))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))?
            .label(board.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 4, colour.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// Time to depth, one thread against two: each configuration's range and median.
fn threads_speedup(data: &Path, out: &Path) -> Result<()> {
    let table = Table::read(&data.join("threads_speedup.csv"))?;
    let searches = table.texts("search")?;
    let depths = table.numbers("depth")?;
    let (low, median, high) = (
        table.numbers("lowest")?,
        table.numbers("median")?,
        table.numbers("highest")?,
    );
    let labels: Vec<String> = (0..searches.len())
        .map(|r| format!("{}, depth {}", searches[r], depths[r]))
        .collect();
    let rows = labels.len() as f64;
    let root = SVGBackend::new(out, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Time to depth: one thread's time over two threads'",
            (FONT, 20),
        )
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(290)
        .build_cartesian_2d(0.5f64..2.6f64, -0.5f64..rows - 0.5)?;
    chart
        .configure_mesh()
        .x_desc("speed-up with 2 threads (pairs of runs: lowest, median, highest)")
        .y_labels(labels.len())
        .y_label_formatter(&|y| label_at(&labels, *y))
        .disable_y_mesh()
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(1.0, -0.5), (1.0, rows - 0.5)],
        BLACK.stroke_width(1),
    )))?;
    for r in 0..labels.len() {
        let y = (labels.len() - 1 - r) as f64;
        let colour = COLOURS[distinct(&searches)
            .iter()
            .position(|s| s == &searches[r])
            .unwrap_or(0)];
        chart.draw_series(std::iter::once(Rectangle::new(
            [(low[r], y - 0.18), (high[r], y + 0.18)],
            colour.mix(0.35).filled(),
        )))?;
        chart.draw_series(std::iter::once(Circle::new(
            (median[r], y),
            5,
            colour.filled(),
        )))?;
    }
    root.present()?;
    Ok(())
}

/// The label of the row drawn at `y` (rows are drawn top to bottom in the file's order).
fn label_at(labels: &[String], y: f64) -> String {
    let index = y.round();
    if (y - index).abs() > 0.01 || index < 0.0 || index as usize >= labels.len() {
        return String::new();
    }
    labels[labels.len() - 1 - index as usize].clone()
}

/// How many moves finished each depth as their deepest, per engine and time a move.
fn depth_per_move(data: &Path, out: &Path) -> Result<()> {
    let table = Table::read(&data.join("depth_per_move.csv"))?;
    let engines = table.texts("engine")?;
    let seconds = table.texts("seconds_a_move")?;
    let depths = table.numbers("deepest_depth")?;
    let moves = table.numbers("moves")?;
    let series: Vec<String> = (0..engines.len())
        .map(|r| format!("{}, {} s a move", engines[r], seconds[r]))
        .collect();
    let names = distinct(&series);
    let root = SVGBackend::new(out, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "The deepest depth each move finished (6x6, one thread)",
            (FONT, 20),
        )
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(60)
        .build_cartesian_2d(4.5f64..10.5f64, 0f64..80f64)?;
    chart
        .configure_mesh()
        .x_desc("deepest finished depth (9 for the hand-set evaluation: 9 or more)")
        .y_desc("moves (% of the series)")
        .y_label_formatter(&|y| format!("{y:.0}"))
        .x_labels(6)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .disable_x_mesh()
        .draw()?;
    let width = 0.8 / names.len() as f64;
    for (i, name) in names.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let rows: Vec<usize> = (0..series.len()).filter(|&r| &series[r] == name).collect();
        let total: f64 = rows.iter().map(|&r| moves[r]).sum();
        let left = -0.4 + i as f64 * width;
        chart
            .draw_series(rows.iter().map(|&r| {
                let x = depths[r] + left;
                let share = 100.0 * moves[r] / total;
                Rectangle::new([(x, 0.0), (x + width, share)], colour.filled())
            }))?
            .label(format!("{name} ({total} moves)"))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// Every match's Elo difference with its 95% interval, engine1's view.
fn match_elo(data: &Path, out: &Path) -> Result<()> {
    let table = Table::read(&data.join("matches.csv"))?;
    let (first, second) = (table.texts("engine1")?, table.texts("engine2")?);
    let (seconds, games) = (table.texts("seconds_a_move")?, table.texts("games")?);
    let (elo, margin) = (table.numbers("elo")?, table.numbers("margin_95")?);
    // Every game won clamps the Elo: such a match is left out of the picture, not the table.
    let shown: Vec<usize> = (0..elo.len()).filter(|&r| elo[r] < 500.0).collect();
    let labels: Vec<String> = shown
        .iter()
        .map(|&r| {
            format!(
                "{} v {} ({} s, {} games)",
                first[r], second[r], seconds[r], games[r]
            )
        })
        .collect();
    let rows = labels.len() as f64;
    let root = SVGBackend::new(out, (900, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Matches on 6x6: Elo of the first engine, 95% interval",
            (FONT, 20),
        )
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(470)
        .build_cartesian_2d(-100f64..400f64, -0.5f64..rows - 0.5)?;
    chart
        .configure_mesh()
        .x_desc("Elo difference (a match whose every game was won, Elo clamped, is left out)")
        .x_label_formatter(&|x| format!("{x:+.0}"))
        .y_labels(labels.len())
        .y_label_formatter(&|y| label_at(&labels, *y))
        .y_label_style((FONT, 12))
        .disable_y_mesh()
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, -0.5), (0.0, rows - 0.5)],
        BLACK.stroke_width(1),
    )))?;
    for (i, &r) in shown.iter().enumerate() {
        let y = (shown.len() - 1 - i) as f64;
        let colour = if elo[r] - margin[r] > 0.0 {
            COLOURS[2]
        } else {
            COLOURS[3]
        };
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(elo[r] - margin[r], y), (elo[r] + margin[r], y)],
            colour.stroke_width(3),
        )))?;
        chart.draw_series(std::iter::once(Circle::new(
            (elo[r], y),
            5,
            colour.filled(),
        )))?;
    }
    root.present()?;
    Ok(())
}

/// Table entries in use and proven during one long proof, for each memory limit.
fn gc_memory(data: &Path, out: &Path) -> Result<()> {
    let table = Table::read(&data.join("gc_memory.csv"))?;
    let limits = table.texts("memory_mb")?;
    let positions = table.numbers("positions")?;
    let (used, proven) = (
        table.numbers("entries_used")?,
        table.numbers("entries_proven")?,
    );
    let room = table.numbers("table_entries")?;
    let collections = table.numbers("collections")?;
    let most = positions.iter().fold(1f64, |a, &b| a.max(b)) / 1e6;
    let root = SVGBackend::new(out, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Table entries during one long proof, by memory limit (one thread)",
            (FONT, 20),
        )
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(0f64..most * 1.02, (1e4f64..3e8f64).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("positions searched (millions)")
        .y_desc("entries: the table's (dashed), in use (thick), proven (thin)")
        .y_label_formatter(&|v| format!("{v:.0e}"))
        .draw()?;
    for (i, limit) in distinct(&limits).iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let rows: Vec<usize> = (0..limits.len()).filter(|&r| &limits[r] == limit).collect();
        let at = |values: &[f64]| -> Vec<(f64, f64)> {
            rows.iter()
                .map(|&r| (positions[r] / 1e6, values[r].max(1e4)))
                .collect()
        };
        let collected = rows.last().map_or(0.0, |&r| collections[r]);
        chart
            .draw_series(LineSeries::new(at(&used), colour.stroke_width(2)))?
            .label(format!("{limit} MB ({collected} collections)"))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
        chart.draw_series(LineSeries::new(
            at(&proven),
            colour.mix(0.6).stroke_width(1),
        ))?;
        chart.draw_series(DashedLineSeries::new(
            at(&room),
            6,
            4,
            colour.mix(0.6).stroke_width(1),
        ))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

fn main() -> Result<()> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs");
    let (data, img) = (root.join("data"), root.join("img"));
    fs::create_dir_all(&img)?;
    proof_cost(&data, &img.join("proof_cost.svg"))?;
    threads_speedup(&data, &img.join("threads_speedup.svg"))?;
    depth_per_move(&data, &img.join("depth_per_move.svg"))?;
    match_elo(&data, &img.join("match_elo.svg"))?;
    gc_memory(&data, &img.join("gc_memory.svg"))?;
    println!("wrote 5 plots to {}", img.display());
    Ok(())
}
