//! `vmodc import MODULE.vmod [--out DIR] [--game ID] [--force]`: a module made by hand becomes a
//! vmodc project (docs/import.md). The report is printed and written into the project.

use super::{print_report, Format, FAILED, USAGE};
use crate::diag::Sources;
use crate::import::{default_id, import_module, write_project, ImportError, REPORT_FILE};
use std::path::PathBuf;
use std::process::ExitCode;

/// `vmodc import`'s arguments.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The module (.vmod) to import.
    pub module: PathBuf,
    /// The project folder to write [default: the game id, in the current folder]. It must not exist
    /// or be empty, unless --force.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The game id [default: from the module's file name].
    #[arg(long)]
    pub game: Option<String>,
    /// Replace an existing, non-empty --out folder.
    #[arg(long)]
    pub force: bool,
}

/// Import, write the project, print the report.
pub fn run_import(args: ImportArgs) -> ExitCode {
    let id = args.game.unwrap_or_else(|| default_id(&args.module));
    if let Some(problem) = super::new::id_problem(&id) {
        errln!("error: the game id `{id}` cannot be used: {problem}");
        errln!("  = help: give another with --game");
        return ExitCode::from(USAGE);
    }
    let out = args.out.unwrap_or_else(|| PathBuf::from(&id));
    if holds(&out, &args.module) {
        errln!("error: {}", ImportError::OutHoldsInput(out));
        errln!("vmodc import: nothing written");
        return ExitCode::from(USAGE);
    }
    let imported = import_module(&args.module, &id)
        .and_then(|imported| write_project(&imported.project, &out, args.force).map(|()| imported));
    match imported {
        Ok(imported) => {
            print_report(&imported.warnings, &Sources::default(), Format::Human);
            let report = imported
                .project
                .files
                .get(REPORT_FILE)
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default();
            outln!("{report}");
            outln!(
                "imported {} into {} ({} files); the report is {}; next: vmodc build --root {}",
                args.module.display(),
                out.display(),
                imported.project.files.len(),
                out.join(REPORT_FILE).display(),
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(ImportError::Refused(report)) => {
            print_report(&report, &Sources::default(), Format::Human);
            errln!("vmodc import: nothing written");
            ExitCode::from(FAILED)
        }
        Err(e) => {
            errln!("error: {e}");
            errln!("vmodc import: nothing written");
            ExitCode::from(USAGE)
        }
    }
}

/// Whether the folder `out` holds `file` (both as they resolve on disk; a folder that does not
/// exist yet holds nothing).
fn holds(out: &std::path::Path, file: &std::path::Path) -> bool {
    match (out.canonicalize(), file.canonicalize()) {
        (Ok(out), Ok(file)) => file.starts_with(out),
        _ => false,
    }
}
