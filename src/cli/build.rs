//! `vmodc build`: check and build each game's modules (and print-and-play PDFs), and say what
//! happened to each in one closing line.

use super::{games_or_all, Format, FAILED, USAGE};
use crate::diag::{plural, Diagnostic, Report, Sources, Tally};
use crate::pipeline::{self, Options, Outcome};
use std::path::Path;
use std::process::ExitCode;

pub fn run_build(games: Vec<String>, options: Options, format: Format) -> ExitCode {
    let mut sources = Sources::default();
    let games = match games_or_all(games, &options.root, &sources, format) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut all = Report::default();
    let mut files = Vec::new();
    let (mut failed, mut io_failed) = (false, false);
    for id in &games {
        let outcome = pipeline::build_game(&options, id, &mut sources);
        failed |= outcome.modules.is_empty() || outcome.report.has_errors();
        io_failed |= outcome.report.diagnostics.iter().any(Diagnostic::is_io);
        if format == Format::Human {
            print_outcome(&outcome, &sources, &options);
        }
        for file in outcome.modules.iter().chain(&outcome.prints) {
            files.push(serde_json::json!({
                "game": outcome.game,
                "path": file.path.display().to_string(),
                "bytes": file.size,
                "written": file.written,
            }));
        }
        all.extend(outcome.report);
    }
    if format == Format::Json {
        // One document: the diagnostics as `check --format json` gives them, and each file the build
        // made (`written`: false when the file already held what the build would write).
        let diagnostics: Vec<_> = all
            .diagnostics
            .iter()
            .map(|d| d.to_json(&sources))
            .collect();
        let document = serde_json::json!({ "diagnostics": diagnostics, "files": files });
        outln!(
            "{}",
            serde_json::to_string_pretty(&document).unwrap_or_else(|_| "{}".into())
        );
    }
    if io_failed {
        ExitCode::from(USAGE)
    } else if failed {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

/// What `build` says about one game: errors and other warnings in full, the known gaps and notes in
/// one line, and what happened to its modules in one closing line.
fn print_outcome(outcome: &Outcome, sources: &Sources, options: &Options) {
    for d in outcome.report.diagnostics.iter().filter(|d| !d.is_known()) {
        errln!("{}", d.render(sources));
    }
    let tally = outcome.report.tally();
    if let Some(line) = known_summary(&outcome.game, &tally, &options.root) {
        errln!("{line}");
    }
    errln!("{}", closing_line(outcome, &tally, options.deny_warnings));
}

/// `btm2: 70 known gaps, 8 notes (vmodc check btm2 lists them)`, when there are any.
fn known_summary(id: &str, tally: &Tally, root: &Path) -> Option<String> {
    let mut parts = Vec::new();
    if tally.known_gaps > 0 {
        parts.push(plural(tally.known_gaps, "known gap"));
    }
    if tally.notes > 0 {
        parts.push(plural(tally.notes, "note"));
    }
    if parts.is_empty() {
        return None;
    }
    let root_arg = if root == Path::new(".") {
        String::new()
    } else {
        format!(" --root {}", root.display())
    };
    Some(format!(
        "{id}: {} (vmodc check {id}{root_arg} lists them)",
        parts.join(", ")
    ))
}

/// `b4m: built dist/b4m-en.vmod (657764 bytes); unchanged dist/b4m-ja.vmod`, or why it was not built.
fn closing_line(outcome: &Outcome, tally: &Tally, deny_warnings: bool) -> String {
    let id = &outcome.game;
    if tally.errors > 0 || outcome.modules.is_empty() {
        let warnings = tally.warnings + tally.known_gaps;
        let why = if tally.errors > 0 {
            plural(tally.errors, "error")
        } else if deny_warnings && warnings > 0 {
            format!("{} denied by --deny-warnings", plural(warnings, "warning"))
        } else {
            "nothing to build".to_string()
        };
        return format!("error: {id} not built: {why}");
    }
    let list = |written: bool| {
        outcome
            .modules
            .iter()
            .filter(|m| m.written == written)
            .map(|m| format!("{} ({} bytes)", m.path.display(), m.size))
            .collect::<Vec<_>>()
    };
    let prints = |written: bool| {
        outcome
            .prints
            .iter()
            .filter(|m| m.written == written)
            .map(|m| format!("{} ({} bytes)", m.path.display(), m.size))
            .collect::<Vec<_>>()
    };
    let built = [list(true), prints(true)].concat();
    let unchanged = [list(false), prints(false)].concat();
    let mut parts = Vec::new();
    for (verb, modules) in [("built", built), ("unchanged", unchanged)] {
        if !modules.is_empty() {
            parts.push(format!("{verb} {}", modules.join(", ")));
        }
    }
    let mut line = format!("{id}: {}", parts.join("; "));
    if tally.warnings > 0 {
        line.push_str(&format!(" ({} above)", plural(tally.warnings, "warning")));
    }
    line
}
