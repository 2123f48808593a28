//! The code's floor plan, checked: arrows point down. A lower room (the rules, the search,
//! the solver, the full AI above them, Jump Snatch, perft, random playouts) never names a face
//! (the command loop, the screen, the web page, the match runner, the program's arguments);
//! the rules, the search, the solver and the full AI stand one above the other, each naming
//! only those below it; and the solver's rooms import each other without a circle. The paths are read from the source text (comments left
//! out), so a `use` and a path written in full count alike.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The faces: they may use everything below them.
const FACES: [&str; 5] = ["protocol", "display", "web", "arena", "cli"];
/// The rooms below the faces.
const LOWER: [&str; 8] = [
    "board", "search", "solver", "proven", "review", "snatch", "perft", "playout",
];
/// The engine's floors, lowest first: the rules, the search (which proves through a socket
/// of its own), the solver (which uses the search's forced-win search and evaluation), and
/// the full AI that plugs the solver's prover into the search, and the review of finished
/// games, which asks the solver and the search of each position. A floor names only the
/// floors below it.
const FLOORS: [&str; 5] = ["board", "search", "solver", "proven", "review"];

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The module path of a file below `src/`: `src/solver/dfpn/mod.rs` is `["solver", "dfpn"]`.
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The source without its comments (line comments; doc links are not imports).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            // A `//` inside a string ("http://...") is kept: only a comment after code or a
            // whole comment line is cut, which is all this codebase writes.
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every absolute module path that `code` (in module `module`) names, resolved from
/// `crate::`, `super::` and `self::`, with brace groups expanded one level.
fn named_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !code.is_char_boundary(i) {
            i += 1;
            continue;
        }
        let starts_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let rest = &code[i..];
        let head = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|h| rest.starts_with(h));
        let (Some(_), true) = (head, starts_word) else {
            i += 1;
            continue;
        };
        let (path, used) = read_path(rest);
        i += used.max(1);
        let Some(base) = resolve(&path, module) else {
            continue;
        };
        match group_after(&rest[used..]) {
            Some(items) => out.extend(
                items
                    .into_iter()
                    .map(|item| [base.clone(), vec![item]].concat()),
            ),
            None => out.push(base),
        }
    }
    out
}

/// The `a::b::c` segments at the start of `text`, and how many bytes they took.
fn read_path(text: &str) -> (Vec<String>, usize) {
    let mut segments = Vec::new();
    let mut at = 0;
    loop {
        let word: String = text[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if word.is_empty() {
            break;
        }
        at += word.len();
        segments.push(word);
        if text[at..].starts_with("::")
            && text[at + 2..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        {
            at += 2;
        } else {
            break;
        }
    }
    (segments, at)
}

/// The first identifier of each item of a `::{...}` group that follows a path.
fn group_after(text: &str) -> Option<Vec<String>> {
    let inner = text.strip_prefix("::{")?;
    let mut depth = 0;
    let mut items = vec![String::new()];
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => items.push(String::new()),
            _ => items.last_mut().unwrap().push(c),
        }
    }
    let firsts = items
        .iter()
        .filter_map(|item| {
            let word: String = item
                .trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!word.is_empty() && word != "self").then_some(word)
        })
        .collect();
    Some(firsts)
}

/// `path` (which starts with `crate`, `super` or `self`) as an absolute module path.
fn resolve(path: &[String], module: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = module.to_vec();
    let mut segments = path.iter();
    match segments.next()?.as_str() {
        "crate" => base.clear(),
        "self" => {}
        "super" => {
            base.pop()?;
        }
        _ => return None,
    }
    for s in segments {
        if s == "super" {
            base.pop()?;
        } else {
            base.push(s.clone());
        }
    }
    Some(base)
}

/// For every file, the absolute paths it names.
fn all_named() -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    sources(&src())
        .into_iter()
        .map(|file| {
            let module = module_of(&file);
            let code = code_of(&std::fs::read_to_string(&file).unwrap());
            let named = named_paths(&code, &module);
            (module, named)
        })
        .collect()
}

#[test]
fn no_lower_room_names_a_face() {
    let mut wrong = Vec::new();
    for (module, named) in all_named() {
        let Some(room) = module.first().filter(|r| LOWER.contains(&r.as_str())) else {
            continue;
        };
        for path in named {
            if let Some(face) = path.first().filter(|p| FACES.contains(&p.as_str())) {
                wrong.push(format!(
                    "{} names {face} ({})",
                    module.join("::"),
                    path.join("::")
                ));
            }
        }
        let _ = room;
    }
    assert!(
        wrong.is_empty(),
        "lower rooms that name a face:\n{}",
        wrong.join("\n")
    );
}

/// Every arrow from a floor of [`FLOORS`] to one above it, as `from -> to (path)`, among the
/// paths that each module names.
fn arrows_up(named: &[(Vec<String>, Vec<Vec<String>>)]) -> Vec<String> {
    let floor = |path: &[String]| {
        let room = path.first()?;
        FLOORS.iter().position(|f| f == room)
    };
    let mut wrong = Vec::new();
    for (module, paths) in named {
        let Some(from) = floor(module) else {
            continue;
        };
        for path in paths {
            if floor(path).is_some_and(|to| to > from) {
                wrong.push(format!("{} names {}", module.join("::"), path.join("::")));
            }
        }
    }
    wrong
}

#[test]
fn the_search_the_solver_and_the_full_ai_stand_one_above_the_other() {
    let named = all_named();
    let wrong = arrows_up(&named);
    assert!(
        wrong.is_empty(),
        "floors that name one above them:\n{}",
        wrong.join("\n")
    );
    // The arrows that should be there are read: the check is not blind.
    let names = |from: &str, to: &str| {
        named.iter().any(|(module, paths)| {
            module.first().is_some_and(|m| m == from)
                && paths.iter().any(|p| p.first().is_some_and(|p| p == to))
        })
    };
    for (from, to) in [
        ("solver", "search"),
        ("proven", "search"),
        ("proven", "solver"),
    ] {
        assert!(names(from, to), "no arrow {from} -> {to} read");
    }
}

#[test]
fn the_check_finds_an_arrow_up() {
    let module = |m: &str| m.split("::").map(String::from).collect::<Vec<_>>();
    let read = |m: &str, code: &str| (module(m), named_paths(&code_of(code), &module(m)));
    let up = [
        read("search::proof", "use crate::solver::dfpn::Prover;"),
        read("search", "let e = crate::proven::engine(c);"),
        read("solver::dfpn", "use super::super::proven::DfpnStep;"),
    ];
    assert_eq!(arrows_up(&up).len(), 3, "{:?}", arrows_up(&up));
    let down = [
        read(
            "solver::collection",
            "use crate::search::solve::{self, solve_until};",
        ),
        read("proven::step", "use crate::solver::dfpn::{Limits, Prover};"),
        read("search", "// crate::solver::dfpn is a comment"),
    ];
    assert_eq!(arrows_up(&down), Vec::<String>::new());
}

/// The room of the solver that a module path lies in (`None` outside the solver); the
/// solver's own `mod.rs` is the room `solver`.
fn solver_room(path: &[String], rooms: &BTreeSet<String>) -> Option<String> {
    if path.first().map(String::as_str) != Some("solver") {
        return None;
    }
    match path.get(1) {
        Some(r) if rooms.contains(r) => Some(r.clone()),
        _ => Some("solver".to_string()),
    }
}

/// The solver's rooms: its files and folders.
fn solver_rooms() -> BTreeSet<String> {
    std::fs::read_dir(src().join("solver"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "mod")
        .collect()
}

#[test]
fn the_solver_rooms_import_each_other_without_a_circle() {
    let rooms = solver_rooms();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, named) in all_named() {
        let Some(from) = solver_room(&module, &rooms) else {
            continue;
        };
        for path in named {
            if let Some(to) = solver_room(&path, &rooms).filter(|to| *to != from) {
                edges.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    assert!(
        edges.get("dfpn").is_some_and(|e| e.contains("table")),
        "the check reads no edges"
    );
    if let Some(circle) = find_circle(&edges) {
        panic!(
            "the solver's rooms import in a circle: {}",
            circle.join(" -> ")
        );
    }
}

/// A circle in `edges`, if there is one, as the rooms along it.
fn find_circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut circle = path[at..].to_vec();
            circle.push(node.to_string());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, edges, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|start| visit(start, edges, &mut Vec::new(), &mut done))
}

#[test]
fn the_check_finds_a_circle_and_a_face_when_there_is_one() {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges.entry("a".into()).or_default().insert("b".into());
    edges.entry("b".into()).or_default().insert("c".into());
    assert_eq!(find_circle(&edges), None);
    edges.entry("c".into()).or_default().insert("a".into());
    assert_eq!(find_circle(&edges).unwrap().len(), 4);

    let module: Vec<String> = vec!["solver".into(), "dfpn".into(), "shared".into()];
    let code = "use super::super::table::{Place, key::Symmetries};\nlet x = crate::protocol::HINT; // crate::web::x";
    let named = named_paths(&code_of(code), &module);
    let joined: Vec<String> = named.iter().map(|p| p.join("::")).collect();
    assert!(
        joined.contains(&"solver::table::Place".to_string()),
        "{joined:?}"
    );
    assert!(
        joined.contains(&"solver::table::key".to_string()),
        "{joined:?}"
    );
    assert!(joined.contains(&"protocol::HINT".to_string()), "{joined:?}");
    assert!(
        !joined.iter().any(|p| p.starts_with("web")),
        "a comment is not an import"
    );
}

/// The web room's floors, top down: the front (`web/mod.rs`: the router and start-up), the
/// transport (a page's WebSocket, the registry, the game threads), the games, the store, and
/// the ground floor every floor stands on (the messages, the limits, the search pool). A
/// floor names only itself and the floors below it.
const WEB_FLOORS: [&[&str]; 5] = [
    &[],
    &["transport"],
    &["games"],
    &["store"],
    &["protocol", "limits", "pool"],
];

/// The floor and the room of the web room that a module path lies in (`None` outside
/// `web`). A folder's files are rooms of their own (`games::context`); the front's items
/// (`web::Limits`, re-exported) are the front's.
fn web_room(path: &[String]) -> Option<(usize, String)> {
    if path.first().map(String::as_str) != Some("web") {
        return None;
    }
    let Some(name) = path.get(1) else {
        return Some((0, "web".to_string()));
    };
    let Some(floor) = WEB_FLOORS.iter().position(|f| f.contains(&name.as_str())) else {
        return Some((0, "web".to_string()));
    };
    let room = match path.get(2) {
        Some(file) if floor < WEB_FLOORS.len() - 1 && is_web_room(name, file) => {
            format!("{name}::{file}")
        }
        _ => name.clone(),
    };
    Some((floor, room))
}

/// Whether `src/web/{folder}/{name}` is a file or a folder of its own.
fn is_web_room(folder: &str, name: &str) -> bool {
    let dir = src().join("web").join(folder);
    dir.join(format!("{name}.rs")).is_file() || dir.join(name).is_dir()
}

/// Every import of the web room: (from, to) as (floor, room).
fn web_edges() -> Vec<((usize, String), (usize, String))> {
    let mut edges = Vec::new();
    for (module, named) in all_named() {
        let Some(from) = web_room(&module) else {
            continue;
        };
        // `web` alone is a test module's `use super::*` inside its own file.
        for path in named.into_iter().filter(|p| p.len() > 1) {
            if let Some(to) = web_room(&path).filter(|to| to.1 != from.1) {
                edges.push((from.clone(), to));
            }
        }
    }
    edges
}

#[test]
fn the_web_rooms_import_downward_without_a_circle() {
    let edges = web_edges();
    let named = |from: &str, to: &str| edges.iter().any(|(f, t)| f.1 == from && t.1 == to);
    assert!(
        named("transport::connection", "games::task")
            && named("games::task", "games::jump61")
            && named("transport::connection", "games::friend")
            && named("games::friend", "games::jump61")
            && named("transport::connection", "games::review")
            && named("games::review", "games::library")
            && named("games::library", "store"),
        "the check reads no edges"
    );
    let upward: Vec<String> = edges
        .iter()
        .filter(|(from, to)| to.0 < from.0)
        .map(|(from, to)| format!("{} names {}, a floor above it", from.1, to.1))
        .collect();
    assert!(
        upward.is_empty(),
        "web rooms that look up:\n{}",
        upward.join("\n")
    );
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in edges {
        graph.entry(from.1).or_default().insert(to.1);
    }
    if let Some(circle) = find_circle(&graph) {
        panic!("the web rooms import in a circle: {}", circle.join(" -> "));
    }
}

#[test]
fn the_web_check_knows_its_floors() {
    let path = |p: &str| p.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        web_room(&path("web::games::context::Found")),
        Some((2, "games::context".into()))
    );
    assert_eq!(
        web_room(&path("web::games::jump61::tools")),
        Some((2, "games::jump61".into()))
    );
    assert_eq!(
        web_room(&path("web::protocol::ServerMessage")),
        Some((4, "protocol".into()))
    );
    assert_eq!(
        web_room(&path("web::games::friend::table::Friends")),
        Some((2, "games::friend".into()))
    );
    assert_eq!(web_room(&path("web::Limits")), Some((0, "web".into())));
    assert_eq!(web_room(&path("board::Board")), None);
    // A game naming the transport looks up.
    let module = path("web::games::task");
    let named = named_paths(
        &code_of("use crate::web::transport::registry::Registry;"),
        &module,
    );
    let (from, to) = (web_room(&module).unwrap(), web_room(&named[0]).unwrap());
    assert!(to.0 < from.0, "{from:?} -> {to:?}");
}
