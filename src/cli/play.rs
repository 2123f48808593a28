//! Playing a game: the command loop's starting settings from the arguments, and the choice
//! between the loop on standard input and the full-screen board.

use super::readline::LineEditor;
use super::{Cli, DialectArg};
use crate::protocol::{self, Dialect, Ended, Options};
use crate::search::{EngineConfig, Limit};
use std::io::IsTerminal;

impl Cli {
    /// The command loop's starting settings; `interactive` turns on the 2014 prompts.
    pub fn options(&self, interactive: bool) -> Options {
        let defaults = EngineConfig::default();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Options {
            dialect: match self.dialect {
                DialectArg::V2014 => Dialect::V2014,
                DialectArg::V2019 => Dialect::V2019,
                DialectArg::V2013 => Dialect::V2013,
            },
            engine: EngineConfig {
                limit: self.limit(),
                ponder: self.ponder,
                hash_mb: self.hash.map_or(defaults.hash_mb, |mb| mb as usize),
                threads: self.threads.map_or(cores, |t| t as usize),
                level: self.level.unwrap_or(defaults.level),
                seed: self.seed.unwrap_or(defaults.seed),
                proof_mb: defaults.proof_mb,
                prove_past_move: defaults.prove_past_move,
            },
            verbose: self.verbose,
            prompts: interactive,
        }
    }

    /// What limits the AI's moves: `--nodes`, else `--clock`, else `--time`.
    fn limit(&self) -> Limit {
        if let Some(n) = self.nodes {
            return Limit::Nodes(n);
        }
        match self.clock.as_deref() {
            Some([minutes, increment]) => match protocol::parse_clock(minutes, increment) {
                Ok((total, increment)) => Limit::Clock { total, increment },
                // `validate` has turned bad values away before.
                Err(_) => Limit::MoveTime(self.time),
            },
            _ => Limit::MoveTime(self.time),
        }
    }

    /// Checks what clap cannot: the two numbers of `--clock`.
    pub fn validate(&self) -> Result<(), String> {
        match self.clock.as_deref() {
            Some([minutes, increment]) => protocol::parse_clock(minutes, increment)
                .map(|_| ())
                .map_err(|e| format!("--clock: {e}")),
            _ => Ok(()),
        }
    }
}

/// Plays without a subcommand: the full-screen board with `--display`, else the command loop
/// on standard input (with prompts when a person types at a terminal).
pub(super) fn run(cli: &Cli) -> i32 {
    if cli.display {
        return crate::display::run(
            cli.options(false),
            cli.position.as_deref(),
            cli.save.as_deref(),
        );
    }
    let at_terminal = std::io::stdin().is_terminal();
    let options = cli.options(at_terminal);
    // A person at a terminal gets Ctrl-C stopping the work, not the program; a script's
    // Ctrl-C (or a failure to catch it) ends the program, as a signal does.
    let interrupt = at_terminal.then(crate::interrupt::catch_ctrl_c).flatten();
    // Lines are edited only where a person types and sees them: with either stream
    // redirected, the input is read as it is and the output has no editor's escapes.
    let editor = (at_terminal && std::io::stdout().is_terminal())
        .then(|| LineEditor::new(options.dialect, interrupt.clone()))
        .flatten();
    if let Some(mut editor) = editor {
        // Standard output unlocked: the editor draws its line there between commands.
        let ended = protocol::run_loop_reading(
            &mut editor,
            &mut std::io::stdout(),
            &mut std::io::stderr(),
            options,
            interrupt,
        );
        return match ended {
            Ended::Done => 0,
            // As the signal's own default would.
            Ended::Left => 130,
        };
    }
    // The error stream is locked line by line, not for the whole loop: Ctrl-C's thread
    // writes there too.
    protocol::run_loop_interruptible(
        std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr(),
        options,
        interrupt,
    );
    0
}
