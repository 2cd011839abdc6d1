//! `vmodc save dump` and `vmodc refresh`: saved games read, listed, and given a new module's
//! pieces.

use super::{read_input, Format, FAILED, USAGE};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Read a saved game, or print why it is not one (exit 1: a save vmodc cannot decode is never
/// treated as an empty game).
fn read_saved_game(path: &Path) -> Result<crate::save::SavedGame, ExitCode> {
    let bytes = read_input(path, "saved game")?;
    warn_of_duplicate_entries(path, &bytes);
    crate::save::SavedGame::read(&bytes).map_err(|e| {
        errln!(
            "error: {} is not a saved game VASSAL can read: {e}",
            path.display()
        );
        errln!("  help: give a .vsav that VASSAL wrote (File > Save Game) or a .vlog");
        ExitCode::from(FAILED)
    })
}

/// A name twice in a save's zip: VASSAL reads the last copy (`ZipFile.getInputStream`), and so do
/// `save dump` and `refresh`, which writes the save back with that copy only. Said, never silent.
fn warn_of_duplicate_entries(path: &Path, bytes: &[u8]) {
    let mut source = std::io::Cursor::new(bytes);
    for (name, count) in crate::verify::duplicate_names(&mut source) {
        errln!(
            "warning: entry `{name}` is in {} {count} times: VASSAL reads the last copy, and so does vmodc (refresh writes that copy only)",
            path.display()
        );
        errln!(
            "  help: a zip tool that appends adds a second copy; write the save again from VASSAL"
        );
    }
}

/// `vmodc save dump`.
pub fn run_save_dump(file: &Path, module: Option<&Path>, format: Format) -> ExitCode {
    let save = match read_saved_game(file) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let locations = match module {
        Some(path) => {
            let bytes = match read_input(path, "module") {
                Ok(b) => b,
                Err(code) => return code,
            };
            match crate::save::dump::Locations::from_module(&bytes) {
                Ok(l) => Some(l),
                Err(e) => {
                    errln!(
                        "error: {} is not a module vmodc can read: {e}",
                        path.display()
                    );
                    return ExitCode::from(USAGE);
                }
            }
        }
        None => None,
    };
    let dump = crate::save::dump::dump(&save, locations.as_ref());
    let text = match format {
        Format::Human => dump.human(),
        Format::Json => serde_json::to_string_pretty(&dump).unwrap_or_else(|_| "{}".into()) + "\n",
    };
    // A dump is often piped into `head` or `grep -m`: `out!` ends quietly on a closed pipe.
    out!("{text}");
    ExitCode::SUCCESS
}

/// `vmodc refresh`'s arguments.
#[derive(clap::Args, Debug)]
pub struct RefreshArgs {
    /// The saved game (.vsav).
    pub save: PathBuf,
    /// The module the pieces should come from.
    #[arg(long)]
    pub module: PathBuf,
    /// Where to write [default: beside the save, `<name>-<module version>.vsav`]; never the save.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write the save even when fewer than half its pieces match the module.
    #[arg(long)]
    pub allow_unmatched: bool,
}

/// `vmodc refresh`: every piece gets the module's definition; unmatched pieces are listed and kept.
/// Fewer than half the pieces matched means the module is most likely not the save's: nothing is
/// written unless `allow_unmatched`. The input is never overwritten.
pub fn run_refresh(args: RefreshArgs) -> ExitCode {
    let RefreshArgs {
        save: save_path,
        module,
        out,
        allow_unmatched,
    } = args;
    let (save_path, module) = (save_path.as_path(), module.as_path());
    let mut save = match read_saved_game(save_path) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let bytes = match read_input(module, "module") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let slots = match crate::save::refresh::Slots::from_module(&bytes) {
        Ok(s) => s,
        Err(e) => {
            errln!(
                "error: {} is not a module vmodc can read: {e}",
                module.display()
            );
            return ExitCode::from(USAGE);
        }
    };
    let outcome = crate::save::refresh::refresh(&mut save, &slots);
    let out = out.unwrap_or_else(|| refreshed_name(save_path, slots.version.as_deref()));
    if crate::package::is_same_file(&out, save_path) {
        errln!(
            "error: {} is the saved game being refreshed: vmodc never writes over its input",
            out.display()
        );
        errln!("  help: give --out another file (keep the old save until the new one loads)");
        return ExitCode::from(USAGE);
    }
    let matched = outcome.refreshed + outcome.unchanged;
    let total = matched + outcome.unmatched.len();
    if !allow_unmatched && matched * 2 < total {
        errln!(
            "error: only {matched} of the save's {total} piece(s) match a piece of {} by gpid: it is most likely not the module this game was played with; nothing was written",
            module.display()
        );
        let names: Vec<&str> = outcome
            .unmatched
            .iter()
            .take(5)
            .map(|u| u.name.as_str())
            .collect();
        errln!(
            "  not matched: {}{}",
            names.join(", "),
            if outcome.unmatched.len() > names.len() {
                ", …"
            } else {
                ""
            }
        );
        errln!("  help: give the module's new release, or --allow-unmatched to write the save anyway (unmatched pieces are kept as they were)");
        return ExitCode::from(FAILED);
    }
    let written = save
        .write()
        .map_err(|e| e.to_string())
        .and_then(|b| crate::package::write_atomically(&out, &b).map_err(|e| e.to_string()));
    if let Err(e) = written {
        errln!("error: cannot write {}: {e}", out.display());
        return ExitCode::from(USAGE);
    }
    outln!(
        "{}: {} piece(s) refreshed, {} already current, {} not matched",
        out.display(),
        outcome.refreshed,
        outcome.unchanged,
        outcome.unmatched.len()
    );
    if outcome.renamed > 0 {
        outln!(
            "  {} command(s) named a map or side as an older module of another language did; they now use the module's ids",
            outcome.renamed
        );
    }
    if let crate::vassal::vsav::Encoding::Binary { header, .. } = save.encoding {
        outln!("  read from VASSAL's newer `{header}` encoding, written as `!VCSK`: the one VASSAL 3.7 reads (newer versions read it too)");
    }
    for u in &outcome.unmatched {
        outln!(
            "  not matched, kept as it was: {} (gpid `{}`, id {}): the module has no slot with this gpid",
            u.name, u.gpid, u.id
        );
    }
    ExitCode::SUCCESS
}

/// `game.vsav` → `game-1.2.0.vsav` beside it (`game-refreshed.vsav` without a version).
///
/// The version comes from inside a downloaded module: it is reduced to a name part (see
/// [`version_name_part`]) so that the output stays beside the save, whatever the module says.
fn refreshed_name(save: &Path, version: Option<&str>) -> PathBuf {
    let stem = save.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
    let suffix = version
        .map(version_name_part)
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "refreshed".into());
    save.with_file_name(format!("{stem}-{suffix}.vsav"))
}

/// A module's version as a file-name part: ASCII letters, digits, `.`, `_` and `+` kept, any run of
/// other characters (`/`, `\`, control characters, spaces) one `-`, no leading or trailing dot or
/// dash (so never `..`), at most 64 characters.
fn version_name_part(version: &str) -> String {
    let mut out = String::new();
    for c in version.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+') {
            if !(c == '.' && out.ends_with('.')) {
                out.push(c);
            }
        } else if !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 64 {
            break;
        }
    }
    out.trim_matches(|c| c == '.' || c == '-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_modules_version_never_leads_the_refreshed_save_out_of_its_folder() {
        let save = Path::new("saves/game.vsav");
        assert_eq!(
            refreshed_name(save, Some("1.2.0")),
            Path::new("saves/game-1.2.0.vsav")
        );
        for hostile in [
            "x/../../../escaped",
            "../..",
            "/etc/passwd",
            "a\\..\\b",
            "..",
            "\u{1b}[2J",
        ] {
            let out = refreshed_name(save, Some(hostile));
            assert_eq!(
                out.parent(),
                Some(Path::new("saves")),
                "{hostile:?} gave {out:?}"
            );
            let name = out.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            assert!(
                name.starts_with("game-") && !name.contains("..") && !name.contains('/'),
                "{hostile:?} gave {name}"
            );
            assert!(
                name.chars().all(|c| c.is_ascii_graphic()),
                "{hostile:?} gave {name:?}"
            );
        }
        assert_eq!(
            refreshed_name(save, Some("x/../../../escaped")),
            Path::new("saves/game-x-.-.-.-escaped.vsav")
        );
        assert_eq!(
            refreshed_name(save, Some("..")),
            Path::new("saves/game-refreshed.vsav")
        );
    }
}
