//! The commands of the `vmodc` binary, run from arguments already parsed (`src/main.rs` holds the
//! command line's syntax): what each command loads and calls, what it prints, and its exit code.
//!
//! This is the top of the library's layering: it may use every other module, and no other module
//! uses it.
//!
//! Every command prints through `out!` and `outln!`, never `print!`, and its messages through
//! `errln!`, never `eprintln!`: output is often piped into `head` or `grep -m`, and a reader that
//! stops reading must end the command quietly, not panic. Both escape control characters
//! (`terminal::escape_controls`): names from other people's modules and saves are printed, and
//! none may drive the terminal.

/// `print!` for a command's output: a closed pipe ends the command quietly (see `write_out`).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::write_out(format_args!($($arg)*))
    };
}

/// `println!` for a command's output: a closed pipe ends the command quietly (see `write_out`).
macro_rules! outln {
    () => {
        $crate::cli::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` for diagnostics and messages: a closed or failing stderr never panics (see `write_err`).
macro_rules! errln {
    () => {
        $crate::cli::write_err(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub mod audit;
pub mod build;
pub mod check;
pub mod diff;
pub mod i18n;
pub mod import;
pub mod migrate;
pub mod new;
pub mod odds;
pub mod overlay;
pub mod print;
pub mod save;
pub mod schema;
pub mod terminal;
pub mod translate;
pub mod watch;

use crate::diag::{suggest, Diagnostic, Report, Severity, Sources};
use crate::pipeline::blocks;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// How a command prints what it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// Writes a command's output to stdout. When the reader has closed the pipe (`vmodc odds … | head -1`)
/// the rest of the output has nobody to read it: the process ends at once with success, as Unix tools
/// do, instead of panicking as `println!` would. Any other write error is an I/O problem (exit 2).
pub fn write_out(text: std::fmt::Arguments) {
    use std::io::Write;
    let raw = text.to_string();
    let text = terminal::escape_controls(&raw);
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        errln!("error: cannot write the output: {e}");
        std::process::exit(i32::from(USAGE));
    }
}

/// Writes a diagnostic or message to stderr. `eprintln!` panics (exit 101) when stderr is closed
/// early (`vmodc check X 2>&1 | head -1`); a message nobody can read is dropped instead, and the
/// command goes on to the exit code its work earned, which is what the caller tests.
pub fn write_err(text: std::fmt::Arguments) {
    use std::io::Write;
    let raw = text.to_string();
    let text = terminal::escape_controls(&raw);
    let mut stderr = std::io::stderr().lock();
    // Nowhere is left to report a failing stderr to: ignoring it is the only safe answer.
    let _ = stderr
        .write_all(text.as_bytes())
        .and_then(|()| stderr.flush());
}

/// Exit code 1: the data or module has errors.
pub const FAILED: u8 = 1;
/// Exit code 2: a usage or I/O problem.
pub const USAGE: u8 = 2;

/// Read a file whole, or print why not (with what to do) and give the exit code 2.
fn read_input(path: &Path, what: &str) -> Result<Vec<u8>, ExitCode> {
    read_within_budget(path).map_err(|e| {
        errln!("error: cannot read {what} {}: {e}", path.display());
        errln!("  help: check the path; {what}s are files VASSAL wrote or vmodc built");
        ExitCode::from(USAGE)
    })
}

/// A file someone else made (a module, a save, a log), read whole only when it is no larger than
/// everything the archive reader would inflate from it (`verify::Limits`): the budget is set from
/// the file's size before a byte is read, and the read stops past it even if the file grows.
pub(crate) fn read_within_budget(path: &Path) -> std::io::Result<Vec<u8>> {
    read_bounded(path, crate::verify::Limits::default().max_total_bytes)
}

/// A regular file (a link to one is followed) of at most `budget` bytes, read whole: a FIFO, a
/// device (`/dev/zero`) or a folder is refused before it is opened (opening a FIFO blocks, a device
/// never ends), a larger file before a byte is read, and the read stops past `budget` even if the
/// file grows.
pub(crate) fn read_bounded(path: &Path, budget: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let not_a_file = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a folder, a FIFO or a device)",
        )
    };
    let too_large = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "larger than the {} MiB vmodc reads of such a file",
                budget >> 20
            ),
        )
    };
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_a_file());
    }
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_a_file());
    }
    if meta.len() > budget {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(budget + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > budget {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The exit code for a report: 2 when a file could not be read or written, 1 when the checks failed.
fn exit_for(report: &Report, deny_warnings: bool) -> ExitCode {
    if report.diagnostics.iter().any(Diagnostic::is_io) {
        ExitCode::from(USAGE)
    } else if blocks(report, deny_warnings) {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

/// The games named (each checked to exist under `rules/`), or every game when none is named. On
/// failure the problem is printed and the exit code (2) returned.
fn games_or_all(
    games: Vec<String>,
    root: &Path,
    sources: &Sources,
    format: Format,
) -> Result<Vec<String>, ExitCode> {
    let fail = |d: Diagnostic| {
        print_report(
            &Report {
                diagnostics: vec![d],
            },
            sources,
            format,
        );
        Err(ExitCode::from(USAGE))
    };
    let known = match crate::load::discover(root) {
        Ok(ids) => ids,
        Err(d) => return fail(d),
    };
    if games.is_empty() {
        if known.is_empty() {
            return fail(
                Diagnostic::error("V0004", "no games found")
                    .in_file(root.join("rules"))
                    .help("a game is rules/<id>.toml with counters/<id>.toml and maps/<id>.toml beside it"),
            );
        }
        return Ok(known);
    }
    let unknown: Vec<Diagnostic> = games
        .iter()
        .filter(|g| !known.contains(g))
        .map(|g| unknown_game(g, root, &known))
        .collect();
    if unknown.is_empty() {
        return Ok(games);
    }
    print_report(
        &Report {
            diagnostics: unknown,
        },
        sources,
        format,
    );
    Err(ExitCode::from(USAGE))
}

/// A path under the project folder, as shown to the user (`rules/x.toml` when the root is `.`).
fn under_root(root: &Path, rel: &str) -> PathBuf {
    if root == Path::new(".") {
        PathBuf::from(rel)
    } else {
        root.join(rel)
    }
}

/// A game id without `rules/<id>.toml`.
fn unknown_game(id: &str, root: &Path, known: &[String]) -> Diagnostic {
    let games = if known.is_empty() {
        "there are no games under rules/".to_string()
    } else {
        format!("the games are {}", known.join(", "))
    };
    let help = match suggest(id, known.iter().map(String::as_str)) {
        Some(s) => format!("did you mean `{s}`? {games}"),
        None => games,
    };
    Diagnostic::error(
        "V0002",
        format!("no game `{id}`: rules/{id}.toml does not exist"),
    )
    .in_file(under_root(root, &format!("rules/{id}.toml")))
    .help(help)
}

fn print_report(report: &Report, sources: &Sources, format: Format) {
    print_diagnostics(report, sources, format);
    let (e, w) = (
        report.count(Severity::Error),
        report.count(Severity::Warning),
    );
    if format == Format::Human && e + w > 0 {
        errln!("{e} error(s), {w} warning(s)");
    }
}

/// The diagnostics alone, for a command that closes with its own summary (`check` says
/// `checked GAME: …` for each game; a total beside it would say the same twice).
fn print_diagnostics(report: &Report, sources: &Sources, format: Format) {
    match format {
        Format::Human => {
            for d in &report.diagnostics {
                errln!("{}", d.render(sources));
            }
        }
        Format::Json => {
            let items: Vec<_> = report
                .diagnostics
                .iter()
                .map(|d| d.to_json(sources))
                .collect();
            outln!(
                "{}",
                serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".into())
            );
        }
    }
}
