//! `vmodc diff`: what changed for players between two versions of the data, or between two module
//! files (anyone's).

use super::{FAILED, USAGE};
use crate::diag::Sources;
use std::path::Path;
use std::process::ExitCode;

/// How `vmodc diff` prints the changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffFormat {
    Human,
    Json,
    /// One self-contained page: counters before and after and the map with the changed hexes
    /// marked.
    Html,
    /// A `[[releases]]` entry for `changes/<game>.toml` (the module's "What's new" page).
    Toml,
}

pub fn run_diff(
    old: &str,
    new: &str,
    games: Vec<String>,
    repo: &Path,
    format: DiffFormat,
    lang: Option<&str>,
) -> ExitCode {
    let (old_path, new_path) = (Path::new(old), Path::new(new));
    if old_path.is_file() || new_path.is_file() {
        return run_module_diff(old_path, new_path, &games, format, lang);
    }
    let versions = crate::diff::revision::open(old, repo)
        .and_then(|o| crate::diff::revision::open(new, repo).map(|n| (o, n)));
    let (old_v, new_v) = match versions {
        Ok(v) => v,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(USAGE);
        }
    };
    let ids: Vec<String> = if games.is_empty() {
        let both =
            |v: &crate::diff::revision::Version| crate::load::discover(&v.root).unwrap_or_default();
        let new_ids = both(&new_v);
        both(&old_v)
            .into_iter()
            .filter(|g| new_ids.contains(g))
            .collect()
    } else {
        games
    };
    let mut compared = Vec::new();
    for id in ids {
        let mut sources = Sources::default();
        let (Some(a), _) = crate::pipeline::load_and_check(&old_v.root, &id, &mut sources) else {
            errln!("error: {id} does not load in {}", old_v.label);
            return ExitCode::from(USAGE);
        };
        let (Some(b), _) = crate::pipeline::load_and_check(&new_v.root, &id, &mut sources) else {
            errln!("error: {id} does not load in {}", new_v.label);
            return ExitCode::from(USAGE);
        };
        let changes = crate::diff::diff(&a, &b);
        compared.push((id, a, b, changes));
    }
    match format {
        DiffFormat::Human => {
            for (id, _, _, changes) in &compared {
                outln!(
                    "{id}: {} change(s) from {} to {}",
                    changes.len(),
                    old_v.label,
                    new_v.label
                );
                for c in changes {
                    outln!("  {}", c.line());
                }
            }
        }
        DiffFormat::Json => {
            let json: Vec<_> = compared
                .iter()
                .flat_map(|(id, _, _, changes)| changes.iter().map(move |c| {
                    serde_json::json!({ "game": id, "area": c.area, "what": c.what, "old": c.old, "new": c.new })
                }))
                .collect();
            outln!(
                "{}",
                serde_json::to_string_pretty(&json).unwrap_or_else(|_| "[]".into())
            );
        }
        DiffFormat::Toml => {
            for (_, a, b, changes) in &compared {
                let compared_labels = [old_v.label.as_str(), new_v.label.as_str()];
                out!(
                    "{}",
                    crate::diff::history::release_entry(a, b, compared_labels, changes)
                );
            }
        }
        DiffFormat::Html => {
            if let Some(l) = lang {
                for (id, _, b, _) in &compared {
                    let codes: Vec<&str> = b.catalogs.iter().map(|c| c.code.as_str()).collect();
                    if !codes.contains(&l) {
                        errln!(
                            "error: {id} has no `{l}` catalog in {} (its languages: {})",
                            new_v.label,
                            if codes.is_empty() {
                                "none, only the data's own texts".to_string()
                            } else {
                                codes.join(", ")
                            }
                        );
                        return ExitCode::from(USAGE);
                    }
                }
            }
            let games: Vec<crate::diff::html::GameDiff> = compared
                .iter()
                .map(|(_, a, b, changes)| crate::diff::html::GameDiff {
                    old: a,
                    new: b,
                    changes,
                })
                .collect();
            match crate::diff::html::diff_page(&games, &old_v.label, &new_v.label, lang) {
                Ok(page) => out!("{page}"),
                Err(e) => {
                    errln!("error: cannot draw the page's images: {e}");
                    return ExitCode::from(FAILED);
                }
            }
        }
    }
    ExitCode::SUCCESS
}

/// `vmodc diff A.vmod B.vmod`: two module files compared piece by piece and component by component.
fn run_module_diff(
    old: &Path,
    new: &Path,
    games: &[String],
    format: DiffFormat,
    lang: Option<&str>,
) -> ExitCode {
    for (path, other) in [(old, new), (new, old)] {
        if !path.is_file() {
            errln!(
                "error: {} is a module file but {} is not a file: give two module files (.vmod), or two project folders or git revisions",
                other.display(),
                path.display()
            );
            return ExitCode::from(USAGE);
        }
    }
    let refused = match (games.first(), format, lang) {
        (Some(game), _, _) => Some(format!("a game id (`{game}`) names a game of a project folder; two module files are compared whole")),
        (_, DiffFormat::Toml, _) => Some("`--format toml` writes a release entry of a project's game; for module files use human, json or html".to_string()),
        (_, _, Some(_)) => Some("`--lang` chooses a project's catalog; a module file is compared in the texts it holds (its translations are compared too)".to_string()),
        _ => None,
    };
    if let Some(why) = refused {
        errln!("error: {why}");
        return ExitCode::from(USAGE);
    }
    let read = |path: &Path| -> Result<crate::diff::module::read::ModuleFile, String> {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        crate::diff::module::read::read_module(std::io::BufReader::new(file))
            .map_err(|e| format!("{} cannot be read as a VASSAL module: {e}", path.display()))
    };
    let (a, b) = match read(old).and_then(|a| read(new).map(|b| (a, b))) {
        Ok(both) => both,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(USAGE);
        }
    };
    let diff = crate::diff::module::compare::diff_modules(&a, &b);
    let (old_label, new_label) = (old.display().to_string(), new.display().to_string());
    match format {
        DiffFormat::Human | DiffFormat::Toml => {
            outln!(
                "{old_label} → {new_label}: {} change(s)",
                diff.changes.len()
            );
            for c in &diff.changes {
                outln!("  {}", c.line());
            }
        }
        DiffFormat::Json => {
            let json: Vec<_> = diff
                .changes
                .iter()
                .map(|c| serde_json::json!({ "area": c.area, "what": c.what, "old": c.old, "new": c.new }))
                .collect();
            outln!(
                "{}",
                serde_json::to_string_pretty(&json).unwrap_or_else(|_| "[]".into())
            );
        }
        DiffFormat::Html => {
            use crate::diff::module::html::{module_diff_page, Side};
            let page = module_diff_page(
                &Side {
                    label: &old_label,
                    path: old,
                    module: &a,
                },
                &Side {
                    label: &new_label,
                    path: new,
                    module: &b,
                },
                &diff,
            );
            match page {
                Ok(page) => out!("{page}"),
                Err(e) => {
                    errln!("error: cannot read the pieces' images: {e}");
                    return ExitCode::from(FAILED);
                }
            }
        }
    }
    ExitCode::SUCCESS
}
