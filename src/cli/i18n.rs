//! `vmodc i18n`: translators' tools, catalog status and skeletons for new languages.

use super::{exit_for, games_or_all, print_report, Format, FAILED, USAGE};
use crate::build;
use crate::diag::Sources;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Load and check one game for the i18n tools; on failure the report is printed and the exit code
/// returned.
fn load_for_i18n(root: &Path, id: &str, sources: &mut Sources) -> Result<build::Loaded, ExitCode> {
    let (loaded, report) = build::load_and_check(root, id, sources);
    match loaded {
        Some(loaded) => Ok(loaded),
        None => {
            print_report(&report, sources, Format::Human);
            Err(exit_for(&report, false))
        }
    }
}

pub fn run_i18n_status(games: Vec<String>, root: &Path) -> ExitCode {
    let mut sources = Sources::default();
    let games = match games_or_all(games, root, &sources, Format::Human) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut missing_any = false;
    for id in games {
        let loaded = match load_for_i18n(root, &id, &mut sources) {
            Ok(l) => l,
            Err(code) => return code,
        };
        let entries = crate::i18n::entries(&loaded.game);
        println!("{id}: {} texts", entries.len());
        if loaded.catalogs.is_empty() {
            println!("  no catalogs in i18n/{id}/ (the module uses the data's own texts)");
        }
        for c in &loaded.catalogs {
            let missing: Vec<&str> = entries
                .iter()
                .filter(|e| !c.texts.contains_key(&e.key))
                .map(|e| e.key.as_str())
                .collect();
            let unused: Vec<&str> = c
                .texts
                .keys()
                .filter(|k| !entries.iter().any(|e| &e.key == *k))
                .map(String::as_str)
                .collect();
            missing_any |= !missing.is_empty();
            println!(
                "  {} ({}): {} missing, {} unused",
                c.code,
                c.name,
                missing.len(),
                unused.len()
            );
            for k in missing {
                println!("    missing: {k}");
            }
            for k in unused {
                println!("    unused:  {k}");
            }
        }
    }
    if missing_any {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

pub fn run_i18n_extract(
    root: &Path,
    game: &str,
    lang: &str,
    from: Option<&str>,
    out: Option<PathBuf>,
    force: bool,
) -> ExitCode {
    let mut sources = Sources::default();
    if let Err(code) = games_or_all(vec![game.to_string()], root, &sources, Format::Human) {
        return code;
    }
    let loaded = match load_for_i18n(root, game, &mut sources) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let base = from.and_then(|f| loaded.catalogs.iter().find(|c| c.code == f));
    if let (Some(f), None) = (from, base) {
        eprintln!("error: no catalog i18n/{game}/{f}.toml to start from");
        return ExitCode::from(USAGE);
    }
    let text = crate::i18n::extract(&loaded.game, lang, base);
    let path = out.unwrap_or_else(|| root.join("i18n").join(game).join(format!("{lang}.toml")));
    if path.as_os_str() == "-" {
        print!("{text}");
        return ExitCode::SUCCESS;
    }
    if path.exists() && !force {
        eprintln!(
            "error: {} exists; pass --force to overwrite it, or --out to write elsewhere",
            path.display()
        );
        return ExitCode::from(USAGE);
    }
    match crate::package::write_atomically(&path, text.as_bytes()) {
        Ok(()) => {
            eprintln!("wrote {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(USAGE)
        }
    }
}
