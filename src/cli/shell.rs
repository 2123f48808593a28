//! `completions` and `man`: the shell's conventions, both made from the same clap
//! definitions as the arguments themselves, so they never fall behind them.

use super::Cli;
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;

/// The `completions` subcommand's arguments.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete in: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    pub shell: Shell,
}

impl CompletionsArgs {
    /// Prints the completion script; returns the exit code.
    pub fn run(&self) -> i32 {
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut Cli::command(), "jump61", &mut script);
        write_out(&script)
    }
}

/// The `man` subcommand's arguments.
#[derive(Args, Debug)]
pub struct ManArgs {}

impl ManArgs {
    /// Prints the manual page (roff, for `man -l`); returns the exit code.
    pub fn run(&self) -> i32 {
        let mut page = Vec::new();
        match manual_page(&mut page) {
            Ok(()) => write_out(&page),
            Err(e) => {
                crate::output::error_line(format_args!("error: cannot write the manual page: {e}"));
                1
            }
        }
    }
}

/// The manual page: the program's page, then a section a subcommand (its usage, its
/// description and its options as subsections), so `man -l` shows every option of every tool.
fn manual_page(out: &mut Vec<u8>) -> std::io::Result<()> {
    let command = Cli::command().name("jump61");
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("jump61 {}", sub.get_name());
        writeln!(out, ".SH \"{}\"", name.to_uppercase())?;
        let page = clap_mangen::Man::new(sub.clone().bin_name(name.clone()).display_name(name));
        let mut section = Vec::new();
        page.render_synopsis_section(&mut section)?;
        page.render_description_section(&mut section)?;
        page.render_options_section(&mut section)?;
        // The subcommand's own headings become subsections of its section.
        let text = String::from_utf8_lossy(&section).replace("\n.SH ", "\n.SS ");
        let text = text
            .strip_prefix(".SH ")
            .map_or(text.clone(), |t| format!(".SS {t}"));
        out.extend_from_slice(text.as_bytes());
    }
    man.render_version_section(out)?;
    Ok(())
}

/// Writes `bytes` to standard output; a reader that has gone is no error worth a panic.
fn write_out(bytes: &[u8]) -> i32 {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            crate::output::error_line(format_args!("error: {e}"));
            1
        }
    }
}
