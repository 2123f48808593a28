//! The Puzzles tab over real WebSockets on loopback: the shipped list, a puzzle played to its
//! end along the proven main line, a wrong move answered with the defender's escape and
//! tried again, and a collection of one's own proven by the server or refused with the
//! line at fault.

use crate::web_client;

use jump61::board::Board;
use jump61::solver::puzzles::{self, Puzzle};
use serde_json::{Value, json};
use web_client::{Page, server, test_limits};

/// Positions the tests allow the forced-win search (the server's default).
const POSITIONS: u64 = 2_000_000;

fn place(board: &Board, sq: usize) -> Value {
    let c = board.coord(sq);
    json!([c.row, c.col])
}

/// Opens puzzle `index` and waits for it on the board: the state, then the puzzle.
async fn open(page: &mut Page, index: usize) -> (Value, Value) {
    page.send(json!({"t":"puzzle","index":index})).await;
    let notation = puzzles::shipped()[index].board.to_notation();
    let state = page
        .until_that(|m| m["t"] == "state" && m["notation"] == notation)
        .await;
    let puzzle = page
        .until_that(|m| m["t"] == "puzzle" && m["index"] == index && m["status"] == "playing")
        .await;
    (state, puzzle)
}

/// The puzzle's state after the move judged (its line longer than `before` moves).
async fn judged(page: &mut Page, before: usize) -> Value {
    page.until_that(|m| {
        m["t"] == "puzzle" && m["line"].as_array().is_some_and(|l| l.len() > before)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shipped_puzzle_played_along_its_proven_line_is_solved() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.send(json!({"t":"puzzles"})).await;
    let list = page.until("puzzles").await;
    let shipped = puzzles::shipped();
    assert_eq!(list["source"], "shipped");
    assert_eq!(list["list"].as_array().unwrap().len(), shipped.len());
    assert!(shipped.len() >= 2, "a collection ships");
    // The hardest puzzle that wins in more than one move, else the last.
    let index = (0..shipped.len())
        .rev()
        .find(|&i| shipped[i].moves > 1)
        .unwrap_or(shipped.len() - 1);
    let puzzle: &Puzzle = &shipped[index];
    assert_eq!(list["list"][index]["notation"], puzzle.board.to_notation());
    let (state, opened) = open(&mut page, index).await;
    assert_eq!(opened["notation"], puzzle.board.to_notation());
    assert_eq!(state["players"], json!({"red":"human","blue":"human"}));
    let line = puzzles::main_line(&puzzle.board, puzzle.moves, POSITIONS).expect("a main line");
    let mut last = opened;
    for (i, &sq) in line.iter().enumerate().step_by(2) {
        page.send(json!({"t":"attempt","square":place(&puzzle.board, sq)}))
            .await;
        last = judged(&mut page, i).await;
    }
    assert_eq!(last["status"], "solved", "{last}");
    let expected: Vec<String> = line
        .iter()
        .map(|&sq| puzzle.board.coord(sq).to_string())
        .collect();
    assert_eq!(last["line"], json!(expected));
    assert_eq!(last["answer"], puzzle.answer_text());
    assert!(last["text"].as_str().unwrap().starts_with("solved!"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_move_is_answered_with_the_escape_and_can_be_tried_again() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.send(json!({"t":"puzzles"})).await;
    page.until("puzzles").await;
    // The first shipped puzzle with a legal move that does not win in time.
    let shipped = puzzles::shipped();
    let (index, wrong) = shipped
        .iter()
        .enumerate()
        .find_map(|(i, p)| {
            let board = p.board;
            let wrong =
                (0..board.squares()).find(|&sq| board.is_legal(sq) && !p.answers.contains(&sq))?;
            Some((i, wrong))
        })
        .expect("a puzzle with a losing move");
    let puzzle = &shipped[index];
    open(&mut page, index).await;
    page.send(json!({"t":"attempt","square":place(&puzzle.board, wrong)}))
        .await;
    let failed = judged(&mut page, 0).await;
    assert_eq!(failed["status"], "failed", "{failed}");
    let verdict = puzzles::judge(&puzzle.board, wrong, puzzle.moves, POSITIONS).unwrap();
    let puzzles::Verdict::Escapes { refutation } = verdict else {
        panic!("the wrong move was judged {verdict:?}");
    };
    assert_eq!(failed["refutation"], place(&puzzle.board, refutation));
    let text = failed["text"].as_str().unwrap();
    let mover = puzzle.board.to_move();
    let expected = format!(
        "after {}, {} escapes with {}",
        puzzle.board.coord(wrong),
        mover.opponent(),
        puzzle.board.coord(refutation)
    );
    assert!(text.starts_with(&expected), "{text}");
    // Other commands wait while a puzzle is on the board.
    page.line("size 5").await;
    assert!(page.error().await.contains("a puzzle is on the board"));
    page.send(json!({"t":"retry"})).await;
    let state = page
        .until_that(|m| m["t"] == "state" && m["notation"] == puzzle.board.to_notation())
        .await;
    assert_eq!(state["winner"], Value::Null);
    let again = page
        .until_that(|m| m["t"] == "puzzle" && m["status"] == "playing")
        .await;
    assert_eq!(again["line"], json!([]));
    // Leaving the puzzles frees the game.
    page.send(json!({"t":"puzzle","index":null})).await;
    page.until_that(|m| m["t"] == "puzzle" && m["index"].is_null())
        .await;
    page.line("size 5").await;
    page.until_that(|m| m["t"] == "state" && m["size"] == 5)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_collection_of_ones_own_is_proven_or_refused_with_its_line() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    let shipped = puzzles::shipped();
    let mine: Vec<Puzzle> = shipped.iter().take(3).cloned().collect();
    let text = puzzles::collection_text(&["mine".to_string()], &mine);
    page.send(json!({"t":"puzzles","text":text,"name":"mine.txt"}))
        .await;
    let list = page.until("puzzles").await;
    assert_eq!(list["source"], "mine.txt");
    assert_eq!(list["list"].as_array().unwrap().len(), 3);
    assert_eq!(list["list"][2]["notation"], mine[2].board.to_notation());
    // A recorded answer that is not the proven one: refused, naming its line.
    let mut wrong = mine[0].clone();
    wrong.answers.push(
        (0..wrong.board.squares())
            .find(|&sq| wrong.board.is_legal(sq) && !wrong.answers.contains(&sq))
            .expect("a move that does not win"),
    );
    wrong.answers.sort();
    let text = puzzles::collection_text(&[], &[mine[1].clone(), wrong]);
    page.send(json!({"t":"puzzles","text":text,"name":"bad.txt"}))
        .await;
    let error = page.error().await;
    assert!(error.starts_with("collection refused: line "), "{error}");
    assert!(error.contains("is not the proven one"), "{error}");
    // Past the limits: too many lines, unknown rules.
    let long = "#\n".repeat(test_limits().max_load_lines + 1);
    page.send(json!({"t":"puzzles","text":long,"name":"long.txt"}))
        .await;
    assert!(page.error().await.contains("more than 4000 lines"));
    page.send(json!({"t":"puzzles","text":"","rules":"1999"}))
        .await;
    assert!(page.error().await.contains("unknown rules"));
    // The collection loaded before is still the page's.
    page.send(json!({"t":"puzzle","index":2})).await;
    let opened = page.until("puzzle").await;
    assert_eq!(opened["source"], "mine.txt");
    assert_eq!(opened["notation"], mine[2].board.to_notation());
}
