//! `vmodc print`: the print-and-play PDF of a game, one per language.

use super::{print_report, Format, FAILED, USAGE};
use crate::diag::{Diagnostic, Report, Sources};
use crate::pipeline;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `vmodc print`: check the game (errors stop it, as for `build`), then write the PDF of each
/// language asked for, and say what the data lacks.
pub fn run_print(
    id: &str,
    lang: Option<&str>,
    out: Option<PathBuf>,
    root: &Path,
    options: &crate::print::PrintOptions,
) -> ExitCode {
    let mut sources = Sources::default();
    let (loaded, report) = pipeline::load_and_check(root, id, &mut sources);
    let Some(loaded) = loaded.filter(|_| !pipeline::blocks(&report, false)) else {
        print_report(&report, &sources, Format::Human);
        errln!("error: {id} not printed: its data has errors (vmodc check {id})");
        // As for `build`: a file that cannot be read is a usage problem, bad data a failure.
        let io = report.diagnostics.iter().any(Diagnostic::is_io);
        return ExitCode::from(if io { USAGE } else { FAILED });
    };
    let languages: Vec<Option<String>> = pipeline::languages(&loaded)
        .into_iter()
        .filter(|l| lang.is_none() || l.as_deref() == lang)
        .collect();
    if languages.is_empty() {
        let known: Vec<String> = pipeline::languages(&loaded).into_iter().flatten().collect();
        errln!(
            "error: {id} has no language {:?}: its catalogs are {}",
            lang.unwrap_or(""),
            known.join(", ")
        );
        return ExitCode::from(USAGE);
    }
    if out.is_some() && languages.len() > 1 {
        errln!("error: --out names one file: pass --lang to print one language");
        return ExitCode::from(USAGE);
    }
    for l in &languages {
        let path = out.clone().unwrap_or_else(|| {
            root.join("dist")
                .join(crate::print::pdf_file_name(&loaded.game, l.as_deref()))
        });
        let printed = match crate::print::print_language(&loaded, l.as_deref(), options) {
            Ok(printed) => printed,
            Err(d) => return print_failure(d, &sources),
        };
        if let Err(d) = crate::pipeline::write_kit(&path, &printed.pdf) {
            return print_failure(d, &sources);
        }
        for missing in &printed.missing {
            outln!("{}: {missing}", path.display());
        }
        outln!(
            "{id}: printed {} ({} bytes)",
            path.display(),
            printed.pdf.len()
        );
    }
    ExitCode::SUCCESS
}

/// Report why a kit was not printed or written (exit 2, as for a module that cannot be built).
fn print_failure(d: Diagnostic, sources: &Sources) -> ExitCode {
    let mut report = Report::default();
    report.push(d);
    print_report(&report, sources, Format::Human);
    ExitCode::from(USAGE)
}
