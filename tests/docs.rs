//! The documentation's shell examples, run as written.
//!
//! Every ```` ```console ```` block in `README.md` and the pages under `docs/` is a
//! transcript: a line `$ COMMAND` (continued on the next line after a trailing `\`) runs in
//! `bash` with the program built for these tests first on `PATH`, with no standard input, in
//! a fresh empty directory that the commands of the same block share (so one may read what
//! another wrote); the lines after it, up to the next `$` line or the end of the block, are
//! what it must print, standard output and standard error together, in the order bash writes
//! them (the examples send errors to the output with `2>&1` where the order matters). A line
//! `...` stands for any number of lines and `[..]` inside a line for any text on it: the pages
//! use them only where a figure legitimately varies. The status must be 0 unless the last
//! expected line is `? N`, the status expected instead.
//!
//! The runner is our own rather than `trycmd`, whose Markdown blocks cannot give a command
//! its standard input: the command loop is documented by piping lines into it. Blocks marked
//! ```` ```text ```` (or plain ```` ``` ````) are not run; each page says why (long, or timed).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One documented command and what it must print.
struct Example {
    page: String,
    /// The number of its block on the page: the commands of one block share a directory.
    block: usize,
    line: usize,
    command: String,
    expected: Vec<String>,
    status: i32,
}

/// The pages whose examples are checked: the README and every page under `docs/` (the
/// guides and the results log), in a fixed order.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut guides = Vec::new();
    markdown_files(&root.join("docs"), &mut guides);
    guides.sort();
    let mut pages = vec![root.join("README.md")];
    pages.extend(guides);
    pages
}

/// Every `.md` file in `dir` and the folders below it.
fn markdown_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("a readable entry").path();
        if path.is_dir() {
            markdown_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            found.push(path);
        }
    }
}

/// The examples of one page, in order.
fn examples(page: &Path) -> Vec<Example> {
    let name = page
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(page)
        .display()
        .to_string();
    let text = fs::read_to_string(page).expect("a readable page");
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut block = 0;
    let mut lines = text.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_console = !in_console && trimmed.trim_end() == "```console";
            block += usize::from(in_console);
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(first) = line.strip_prefix("$ ") {
            let mut command = first.to_string();
            while command.ends_with('\\') {
                command.pop();
                let (_, next) = lines.next().expect("a continued command goes on");
                command.push_str(next.trim_start_matches("> "));
            }
            examples.push(Example {
                page: name.clone(),
                block,
                line: index + 1,
                command,
                expected: Vec::new(),
                status: 0,
            });
        } else {
            let example = examples
                .last_mut()
                .unwrap_or_else(|| panic!("{name}:{}: output before any `$` line", index + 1));
            match line.strip_prefix("? ") {
                Some(status) => example.status = status.trim().parse().expect("a status"),
                None => example.expected.push(line.to_string()),
            }
        }
    }
    examples
}

/// Whether `actual` matches the pattern line (`[..]` matches any text).
fn line_matches(pattern: &str, actual: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the lines match the pattern (a `...` line matches any number of lines).
fn lines_match(pattern: &[String], actual: &[&str]) -> bool {
    match pattern.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && lines_match(rest, more)),
    }
}

/// Runs one example in `dir`; `None` when it printed what the page says.
fn check(example: &Example, dir: &Path) -> Option<String> {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_jump61"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .arg("-c")
        .arg(format!("exec 2>&1; {}", example.command))
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let actual: Vec<&str> = text.lines().map(str::trim_end).collect();
    let expected: Vec<String> = example
        .expected
        .iter()
        .map(|line| line.trim_end().to_string())
        .collect();
    let status = output.status.code().unwrap_or(-1);
    if lines_match(&expected, &actual) && status == example.status {
        return None;
    }
    Some(format!(
        "{}:{}: $ {}\n--- the page says (status {}):\n{}\n--- the program printed (status {}):\n{}\n",
        example.page,
        example.line,
        example.command,
        example.status,
        expected.join("\n"),
        status,
        actual.join("\n")
    ))
}

#[test]
fn the_documented_examples_print_what_the_pages_say() {
    let mut count = 0;
    let mut failures = Vec::new();
    let scratch = std::env::temp_dir().join(format!("jump61-docs-{}", std::process::id()));
    for page in pages() {
        for example in examples(&page) {
            // The page's path names its folders: `README.md` and `docs/results/README.md`
            // must not share one.
            let stem = example.page.replace(['/', '.'], "-");
            let dir = scratch.join(format!("{stem}-{}", example.block));
            fs::create_dir_all(&dir).expect("a scratch folder");
            count += 1;
            failures.extend(check(&example, &dir));
        }
    }
    let _ = fs::remove_dir_all(&scratch);
    assert!(count >= 30, "only {count} documented examples were found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{count} documented examples checked");
}

#[test]
fn every_page_under_docs_is_checked_the_results_log_too() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = pages();
    for page in ["README.md", "docs/solving.md", "docs/results/README.md"] {
        assert!(
            pages.contains(&root.join(page)),
            "{page} is not among the checked pages"
        );
    }
}

#[test]
fn the_matcher_tells_a_match_from_a_drift() {
    let pattern = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &pattern(&["a", "...", "d"]),
        &["a", "b", "c", "d"]
    ));
    assert!(lines_match(&pattern(&["a", "...", "b"]), &["a", "b"]));
    assert!(!lines_match(&pattern(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(lines_match(
        &pattern(&["1 36 [..]s [..]"]),
        &["1 36 0.000s 12 nps"]
    ));
    assert!(!lines_match(&pattern(&["1 36 [..]"]), &["1 37 0.000s"]));
    assert!(!lines_match(
        &pattern(&["Red wins."]),
        &["Red wins.", "extra"]
    ));
    assert!(line_matches("[..]", ""));
    assert!(!line_matches("a[..]b", "ab-"));
}
