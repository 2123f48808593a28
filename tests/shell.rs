//! The shell's conventions: the completion script completes as a shell would, the manual
//! page renders with `man -l`, a value that begins with a hyphen is taken as a value, and a
//! request the program cannot take is an error (exit 2), not an answer.

use std::process::Command;

fn jump61(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(args)
        .output()
        .unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-shell-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// What bash's completion offers for the words typed so far (the last one being completed).
fn bash_completes(script: &std::path::Path, words: &[&str]) -> Vec<String> {
    let line = words.join(" ");
    let words_array: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source '{}'\nCOMP_WORDS=({})\nCOMP_CWORD={}\nCOMP_LINE='{line}'\nCOMP_POINT={}\n\
         _jump61 jump61 '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        script.display(),
        words_array.join(" "),
        words.len() - 1,
        line.len(),
        words[words.len() - 1],
        words[words.len().saturating_sub(2)],
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(program)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn the_bash_completion_completes_a_subcommand_and_an_option() {
    let out = jump61(&["completions", "bash"]);
    assert!(out.status.success());
    let script = scratch("jump61.bash");
    std::fs::write(&script, &out.stdout).unwrap();
    assert_eq!(bash_completes(&script, &["jump61", "so"]), ["solve"]);
    let options = bash_completes(&script, &["jump61", "solve", "--pos"]);
    assert!(options.contains(&"--position".to_string()), "{options:?}");
    assert!(options.contains(&"--positions".to_string()), "{options:?}");
}

#[test]
fn every_shell_gets_a_script_and_an_unknown_shell_an_error() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = jump61(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(
            script.contains("verify-proof"),
            "{shell}: every subcommand is in it"
        );
    }
    let out = jump61(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid value 'tcsh'"));
}

#[test]
fn the_manual_page_renders_with_man_and_holds_every_subcommand() {
    let out = jump61(&["man"]);
    assert!(out.status.success());
    let page = scratch("jump61.1");
    std::fs::write(&page, &out.stdout).unwrap();
    let shown = Command::new("man")
        .arg("-l")
        .arg(&page)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "100")
        .output()
        .expect("man (Debian's man-db) runs");
    assert!(
        shown.status.success(),
        "{}",
        String::from_utf8_lossy(&shown.stderr)
    );
    let text = String::from_utf8_lossy(&shown.stdout);
    for words in [
        "jump61 solve",
        "jump61 verify-proof",
        "jump61 serve",
        "--position",
        "--dialect",
    ] {
        assert!(text.contains(words), "the page lacks {words}:\n{text}");
    }
}

#[test]
fn a_position_that_begins_with_a_hyphen_is_a_value() {
    // A 2013 position whose first square is empty: `--position --1r/----` as typed, and as
    // `--position=...`, give the same answer.
    let spaced = jump61(&[
        "solve",
        "--rules",
        "2013",
        "--position",
        "--1r/----",
        "--depth",
        "2",
    ]);
    let joined = jump61(&[
        "solve",
        "--rules",
        "2013",
        "--position=--1r/----",
        "--depth",
        "2",
    ]);
    assert!(
        joined.status.success(),
        "{}",
        String::from_utf8_lossy(&joined.stderr)
    );
    assert_eq!(spaced.status.code(), joined.status.code());
    assert_eq!(spaced.stdout, joined.stdout);
    assert!(!spaced.stdout.is_empty());
    let perft = jump61(&[
        "perft",
        "2",
        "2",
        "--rules",
        "2013",
        "--position",
        "--1r/----",
        "--threads",
        "1",
    ]);
    assert!(
        perft.status.success(),
        "{}",
        String::from_utf8_lossy(&perft.stderr)
    );
}

#[test]
fn a_game_value_on_a_board_too_large_for_the_prover_is_an_error() {
    let out = jump61(&["solve", "--size", "6", "--time", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("up to 5x5 only (this board is 6x6)"), "{err}");
    // The forced-win question is still answered on that board.
    let depth = jump61(&["solve", "--size", "6", "--depth", "1"]);
    assert_eq!(depth.status.code(), Some(0));
}
