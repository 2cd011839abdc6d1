//! `vmodc check`: games against their rules, `.vmod` files read back as VASSAL does, and the list
//! of facts the data lacks (`--todo`).

use super::{exit_for, games_or_all, print_diagnostics, print_report, Format};
use crate::diag::{Report, Severity, Sources};
use crate::pipeline;
use std::path::Path;
use std::process::ExitCode;

/// Whether a `check` argument names a file rather than a game: it has a path separator or an
/// extension (`dist/b4m-en.vmod`, `notes/x.txt`, `mod.vmod`).
fn is_file_arg(target: &str) -> bool {
    target.contains('/')
        || target.contains(std::path::MAIN_SEPARATOR)
        || Path::new(target).extension().is_some()
}

pub fn run_check(
    targets: Vec<String>,
    root: &Path,
    deny_warnings: bool,
    options: crate::verify::CheckOptions,
    format: Format,
) -> ExitCode {
    let mut sources = Sources::default();
    let (files, games): (Vec<String>, Vec<String>) =
        targets.into_iter().partition(|t| is_file_arg(t));
    let mut all = Report::default();
    let mut closing = Vec::new();
    let games = if games.is_empty() && !files.is_empty() {
        Vec::new()
    } else {
        match games_or_all(games, root, &sources, format) {
            Ok(g) => g,
            Err(code) => return code,
        }
    };
    for id in &games {
        let (loaded, mut report) = pipeline::load_and_check(root, id, &mut sources);
        if let Some(loaded) = &loaded {
            let dist = root.join("dist");
            for d in pipeline::committed::unraised_versions(root, &dist, loaded) {
                report.push(d);
            }
        }
        closing.push(checked_line(id, &report.tally()));
        all.extend(report);
    }
    let mut fine = Vec::new();
    for path in &files {
        let report = crate::verify::check_module_file_with(Path::new(path), options);
        if report.diagnostics.is_empty() {
            fine.push(path);
        }
        all.extend(report);
    }
    // Module files have no `checked GAME` line: their total closes the report.
    if closing.is_empty() {
        print_report(&all, &sources, format);
    } else {
        print_diagnostics(&all, &sources, format);
    }
    // The closing lines go to stderr, so `--format json` keeps stdout one JSON document.
    for line in closing {
        errln!("{line}");
    }
    for path in fine {
        errln!("{path}: fine, no problems found reading it back as VASSAL does");
    }
    exit_for(&all, deny_warnings)
}

/// `checked b4m: 0 errors, 0 warnings, 70 known gaps, 3 notes`: what `check GAME` did, also when
/// the game is clean.
fn checked_line(id: &str, tally: &crate::diag::Tally) -> String {
    let mut parts = vec![
        crate::diag::plural(tally.errors, "error"),
        crate::diag::plural(tally.warnings, "warning"),
    ];
    if tally.known_gaps > 0 {
        parts.push(crate::diag::plural(tally.known_gaps, "known gap"));
    }
    if tally.notes > 0 {
        parts.push(crate::diag::plural(tally.notes, "note"));
    }
    format!("checked {id}: {}", parts.join(", "))
}

/// `vmodc check GAME --todo`: each game's missing facts by component; errors in the data are
/// printed as `check` prints them.
pub fn run_todo(games: Vec<String>, root: &Path, format: Format) -> ExitCode {
    use crate::check::todo::{render_todo, todo_groups, todo_json};
    let mut sources = Sources::default();
    let games = match games_or_all(games, root, &sources, format) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut errors = Report::default();
    let mut json = Vec::new();
    for id in &games {
        let (_, report) = pipeline::load_and_check(root, id, &mut sources);
        let groups = todo_groups(&report, &sources);
        match format {
            Format::Human => out!("{}", render_todo(id, &groups)),
            Format::Json => json.extend(todo_json(id, &groups)),
        }
        errors.diagnostics.extend(
            report
                .diagnostics
                .into_iter()
                .filter(|d| d.severity == Severity::Error),
        );
    }
    if format == Format::Json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json).unwrap_or_else(|_| "[]".into())
        );
    }
    if !errors.diagnostics.is_empty() && format == Format::Human {
        print_report(&errors, &sources, format);
    }
    exit_for(&errors, false)
}
