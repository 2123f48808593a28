#![allow(dead_code)]
//! A seeded generator of input lines for the command loop: valid commands, nearly valid ones
//! (one mistake each) and noise. Shared by `tests/fuzz.rs` and `examples/fuzz.rs`.
//!
//! Arguments that would make one line cost more than a few milliseconds (a 4 GiB table, 256
//! threads, a day per move, a five-million-position `solve`) are generated only as their
//! small valid values and their invalid forms; unit tests cover their large values.

use jump61::board::{Board, Colour, geometry};
use jump61::protocol::Dialect;

/// Every dialect the fuzzer drives. Add a dialect here when it joins the command loop.
pub const DIALECTS: &[Dialect] = &[Dialect::V2014, Dialect::V2019, Dialect::V2013];

/// SplitMix64: tiny, seedable, and the same stream on every platform and toolchain, so a
/// failure reported as (seed, line number) is reproduced exactly.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

const NAMES: &[&str] = &[
    "clear", "new", "start", "quit", "auto", "manual", "size", "set", "dump", "seed", "help",
    "time", "hash", "threads", "level", "verbose", "board", "position", "solve", "move",
];

/// Numbers that break careless parsers: zero, signs, the edges of integer types, floats.
const NASTY_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-1",
    "+1",
    "00",
    "011",
    "11",
    "255",
    "256",
    "65536",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "-9223372036854775809",
    "1e3",
    "1.5",
    ".5",
    "0x10",
    "nan",
    "inf",
    "-inf",
    "1_000",
    "",
    "٣",
    "１",
];

/// Commands whose valid arguments can make one line cost seconds or gigabytes.
const COSTLY: &[&str] = &["time", "hash", "threads", "solve", "level"];

/// Arguments that no costly command accepts, still of every nasty shape.
const COSTLY_INVALID: &[&str] = &[
    "0",
    "-0",
    "-1",
    "86401",
    "4294967296",
    "9223372036854775808",
    "18446744073709551616",
    "99999999999999999999999999999",
    "1e300",
    "nan",
    "inf",
    "-inf",
    "",
    "0x10",
    "1_000",
    "٣",
    "１",
    "1.5.",
    "x",
];

/// A number of a shape careless parsers miss, never a costly valid argument of `name`.
fn nasty_for(rng: &mut Rng, name: &str) -> &'static str {
    if COSTLY.contains(&name) {
        rng.pick(COSTLY_INVALID)
    } else {
        rng.pick(NASTY_NUMBERS)
    }
}

/// A valid command that random edits cannot turn into a costly valid one.
fn cheap_command(rng: &mut Rng, size: usize) -> String {
    loop {
        let command = valid_command(rng, size);
        if !COSTLY.iter().any(|name| command.starts_with(name)) {
            return command;
        }
    }
}

/// One input line, valid or not, for a session whose board has side `size`.
pub fn line(rng: &mut Rng, size: usize) -> Vec<u8> {
    let text = match rng.below(100) {
        0..=34 => valid_move(rng, size),
        35..=44 => bad_move(rng, size),
        45..=74 => valid_command(rng, size),
        75..=84 => bad_command(rng, size),
        85..=89 => position_line(rng),
        90..=94 => {
            let good = cheap_command(rng, size).into_bytes();
            return mutate(rng, good);
        }
        95..=97 => return noise(rng),
        _ => return long_line(rng),
    };
    let text = if rng.chance(10) {
        respace(rng, &text)
    } else {
        text
    };
    if rng.chance(5) {
        text.to_ascii_uppercase().into_bytes()
    } else {
        text.into_bytes()
    }
}

fn coordinate(rng: &mut Rng, size: usize) -> u64 {
    rng.range(1, size as u64)
}

fn valid_move(rng: &mut Rng, size: usize) -> String {
    let (r, c) = (coordinate(rng, size), coordinate(rng, size));
    if rng.chance(20) {
        format!("{r}:{c}")
    } else {
        format!("{r} {c}")
    }
}

/// Moves off the board, with a word missing, or with numbers no row can have.
fn bad_move(rng: &mut Rng, size: usize) -> String {
    let off = [0, size as u64 + 1, 11, u64::MAX];
    let r = coordinate(rng, size);
    match rng.below(6) {
        0 => format!("{} {}", rng.pick(&off), coordinate(rng, size)),
        1 => format!("{r} {}", rng.pick(&off)),
        2 => format!("{r}"),
        3 => format!("{r}:"),
        4 => format!("{} {}", rng.pick(NASTY_NUMBERS), rng.pick(NASTY_NUMBERS)),
        _ => format!("-{r}:{}", rng.pick(NASTY_NUMBERS)),
    }
}

fn colour_word(rng: &mut Rng) -> &'static str {
    rng.pick(&["red", "blue", "Red", "BLUE", "r", "b", "green", ""])
}

/// A command with good arguments (the cost of valid arguments is kept small, see above).
fn valid_command(rng: &mut Rng, size: usize) -> String {
    let (r, c) = (coordinate(rng, size), coordinate(rng, size));
    let name = rng.pick(NAMES);
    match name {
        "quit" if rng.chance(90) => "dump".to_string(),
        "auto" | "manual" => format!("{name} {}", rng.pick(&["red", "blue", "Red", "BLUE"])),
        "size" => format!("size {}", rng.range(2, 10)),
        "set" => {
            let capacity = geometry(size as u8).capacity[(r as usize - 1) * size + c as usize - 1];
            let spots = rng.range(0, capacity as u64);
            format!(
                "set {r} {c} {spots} {}",
                rng.pick(&["r", "b", "R", "blue", "red"])
            )
        }
        "seed" => format!("seed {}", rng.next() as i64),
        "time" => format!("time {}", rng.pick(&["0.001", "0.002", "1e-3", "0.0015"])),
        // A new size allocates and clears a table: mostly keep the size there is.
        "hash" if rng.chance(90) => "hash 1".to_string(),
        "hash" => "hash 2".to_string(),
        "threads" => format!("threads {}", rng.range(1, 2)),
        // The greedy level keeps a line fast; the searching levels, whose moves take a
        // millisecond of the clock each, come now and then.
        "level" if rng.below(1000) >= 3 => "level 1".to_string(),
        "level" => format!("level {}", rng.range(1, 5)),
        "verbose" => format!("verbose {}", rng.pick(&["on", "off", "OFF", ""])),
        "position" if rng.chance(30) => "position".to_string(),
        "position" => format!("position {}", random_board(rng).to_notation()),
        "solve" => format!("solve {} {}", rng.range(1, 8), rng.range(1, 40)),
        "move" => format!("move {}", rng.range(0, 200)),
        _ => name.to_string(),
    }
}

/// A command with one argument wrong, missing, or in excess, or an unknown or abbreviated
/// name.
fn bad_command(rng: &mut Rng, size: usize) -> String {
    let name = rng.pick(NAMES);
    let nasty = nasty_for(rng, name);
    match rng.below(8) {
        0 => name.to_string(),
        1 => format!("{name} {nasty}"),
        2 => format!("{name} {nasty} {nasty} {nasty} {}", colour_word(rng)),
        3 => abbreviated(rng, size),
        4 => format!("{name}{name} 1"),
        5 => {
            let (r, c) = (rng.range(0, size as u64 + 1), rng.range(0, size as u64 + 1));
            format!("set {r} {c} {} {}", rng.range(0, 6), colour_word(rng))
        }
        6 if !COSTLY.contains(&name) => {
            format!("{name} {} {}", valid_move(rng, size), colour_word(rng))
        }
        _ => format!("# {name}"),
    }
}

/// A valid command with its name cut short: a command in 2019 when the prefix is unique.
fn abbreviated(rng: &mut Rng, size: usize) -> String {
    let command = valid_command(rng, size);
    let name_end = command.find(' ').unwrap_or(command.len());
    let cut = rng.range(1, name_end as u64) as usize;
    format!("{}{}", &command[..cut], &command[name_end..])
}

/// Any board at rest: each square white, or owned with 1 to its capacity spots.
pub fn random_board(rng: &mut Rng) -> Board {
    let size = rng.range(2, 10) as usize;
    let capacity = &geometry(size as u8).capacity[..size * size];
    let mut board = Board::new(size);
    for (sq, &most) in capacity.iter().enumerate() {
        let owner = rng.pick(&[None, Some(Colour::Red), Some(Colour::Blue)]);
        if owner.is_some() {
            board.set_square(sq, rng.range(1, most as u64) as u8, owner);
        }
    }
    board
}

/// A `position` line: a good board, or one with a mistake of each kind.
fn position_line(rng: &mut Rng) -> String {
    let good = random_board(rng).to_notation();
    let text = match rng.below(4) {
        0 => good,
        _ => String::from_utf8_lossy(&broken_notation(rng, good)).into_owned(),
    };
    format!("position {text}")
}

/// A position string with mistakes: a square, a row or a separator changed, or the whole
/// thing cut short.
pub fn broken_notation(rng: &mut Rng, good: String) -> Vec<u8> {
    let mut bytes = good.into_bytes();
    for _ in 0..rng.range(1, 3) {
        let at = rng.below(bytes.len() as u64 + 1) as usize;
        match rng.below(7) {
            0 => bytes.insert(at, rng.pick(b"/0123456789rbRB-x ")),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 if at < bytes.len() => bytes[at] = rng.pick(b"/0123456789rbRB-\xff\0"),
            3 => bytes.truncate(at),
            4 => bytes.extend_from_slice(b"/1-1-"),
            5 => bytes
                .splice(at..at, "1-".repeat(rng.range(1, 30) as usize).bytes())
                .for_each(drop),
            _ => bytes.splice(at..at, "9r".bytes()).for_each(drop),
        }
    }
    bytes
}

/// One to three random edits of a byte string.
pub fn mutate(rng: &mut Rng, mut bytes: Vec<u8>) -> Vec<u8> {
    for _ in 0..rng.range(1, 3) {
        let at = rng.below(bytes.len() as u64 + 1) as usize;
        match rng.below(4) {
            0 => bytes.insert(at, rng.next() as u8),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 if at < bytes.len() => bytes[at] = rng.next() as u8,
            _ => bytes.truncate(at),
        }
    }
    bytes
}

/// Random bytes: NULs, invalid UTF-8, control characters, and now and then a newline or
/// carriage return inside.
pub fn noise(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(120) as usize;
    (0..len)
        .map(|_| match rng.below(4) {
            0 => 0,
            1 => rng.pick(b"\xff\xfe\xc0\x80\xed\xa0\r\t\x0b\x0c#:-+ "),
            _ => rng.next() as u8,
        })
        .collect()
}

/// A very long word or line: a name or number followed by up to 64 KiB of one pattern.
pub fn long_line(rng: &mut Rng) -> Vec<u8> {
    let head = rng.pick(&[
        "",
        "size ",
        "set 1 ",
        "position ",
        "auto ",
        "time ",
        "1 ",
        "x",
    ]);
    let unit = rng.pick(&["9", "a", "1-", "/", " ", "1 ", "\u{e9}"]);
    let count = rng.range(1, 65_536) / unit.len() as u64;
    let mut text = head.to_string();
    text.push_str(&unit.repeat(count as usize));
    text.into_bytes()
}

/// The same words with other spacing: tabs, repeated spaces, a carriage return at the end.
fn respace(rng: &mut Rng, text: &str) -> String {
    let sep = rng.pick(&["\t", "  ", " \t ", "\u{b}"]);
    let mut out = rng.pick(&["", " ", "\t"]).to_string();
    out.push_str(&text.split(' ').collect::<Vec<_>>().join(sep));
    out.push_str(rng.pick(&["", "\r", " ", "\r\n"]));
    out
}
