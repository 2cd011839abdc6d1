//! `vmodc migrate [GAME…] [--root DIR] [--check]`: a game written for an earlier vmodc brought to
//! the current data format, in place (docs/data-format.md, "Data format versions"). It makes the
//! edits that `vmodc check`'s notes on the data's format list, and nothing else; then it checks
//! the game again.

use super::{games_or_all, print_diagnostics, Format, FAILED, USAGE};
use crate::diag::{Report, Sources};
use crate::migrate::{rewrites, Rewrite};
use crate::model::data_format::CURRENT;
use crate::pipeline;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `vmodc migrate`'s arguments.
#[derive(clap::Args, Debug)]
pub struct MigrateArgs {
    /// Games to migrate [default: every game of the project].
    pub games: Vec<String>,
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// Write nothing: list what would change, and exit 1 if anything would.
    #[arg(long)]
    pub check: bool,
}

/// Check, gather the edits, write them (unless `--check`), check again.
pub fn run_migrate(args: &MigrateArgs) -> ExitCode {
    let mut sources = Sources::default();
    let games = match games_or_all(args.games.clone(), &args.root, &sources, Format::Human) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut migrations = Report::default();
    for id in &games {
        let (loaded, report) = pipeline::load_and_check(&args.root, id, &mut sources);
        if loaded.is_none() {
            print_diagnostics(&report, &sources, Format::Human);
            errln!(
                "vmodc migrate: `{id}` does not load, nothing written: mend the errors above first"
            );
            return ExitCode::from(FAILED);
        }
        migrations.diagnostics.extend(
            report
                .diagnostics
                .into_iter()
                .filter(|d| !d.migration.is_empty()),
        );
    }
    let files = match rewrites(&migrations, &sources) {
        Ok(files) => files,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(FAILED);
        }
    };
    if files.is_empty() {
        outln!("vmodc migrate: already in data format {CURRENT}, nothing to change");
        return ExitCode::SUCCESS;
    }
    print_diagnostics(&migrations, &sources, Format::Human);
    for f in &files {
        outln!(
            "{}: {} edit{}",
            f.path.display(),
            f.edits,
            if f.edits == 1 { "" } else { "s" }
        );
    }
    if args.check {
        errln!(
            "vmodc migrate --check: {} files would change; nothing written",
            files.len()
        );
        return ExitCode::from(FAILED);
    }
    if let Err(e) = write_all(&args.root, &files) {
        errln!("error: {e}");
        return ExitCode::from(USAGE);
    }
    recheck(&args.root, &games)
}

/// Write each file through a temporary file and a rename, each only if it still holds the text
/// the edits were made on (an editor may have saved it meanwhile).
fn write_all(root: &Path, files: &[Rewrite]) -> Result<(), String> {
    for f in files {
        let path = root.join(&f.path);
        let now = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if now != f.before {
            return Err(format!(
                "{} changed while vmodc migrate ran: run it again",
                path.display()
            ));
        }
    }
    for f in files {
        let path = root.join(&f.path);
        crate::package::write_atomically(&path, f.after.as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// After writing: the games check with no edit left to make.
fn recheck(root: &Path, games: &[String]) -> ExitCode {
    let mut sources = Sources::default();
    let mut left = Report::default();
    for id in games {
        let (_, report) = pipeline::load_and_check(root, id, &mut sources);
        left.diagnostics.extend(
            report
                .diagnostics
                .into_iter()
                .filter(|d| !d.migration.is_empty()),
        );
    }
    if left.diagnostics.is_empty() {
        outln!("vmodc migrate: the data is in format {CURRENT}; `vmodc check` lists anything else to mend");
        return ExitCode::SUCCESS;
    }
    print_diagnostics(&left, &sources, Format::Human);
    errln!("vmodc migrate: these edits remain after writing (edits that meet): run it again");
    ExitCode::from(FAILED)
}
