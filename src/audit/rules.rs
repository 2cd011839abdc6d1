//! Where the audit's rules come from: the module's own copy of its game's data (`vmodc/`, written by
//! every build: `emit::rules_data`), or a project folder (`--root`).

use crate::concept::game::Game;
use crate::diag::Sources;
use crate::emit::{RULES_DATA_DIR, RULES_DATA_FORMAT, RULES_DATA_MANIFEST};
use crate::load::{load_game_with, Images};
use crate::verify::view::ModuleView;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// `vmodc/game.toml`.
#[derive(Debug, Deserialize)]
struct Manifest {
    format: u32,
    game: String,
}

/// Why the audit has no rules to referee by. `shown` is the module as the player named it.
#[derive(Debug)]
pub enum RulesError {
    /// The module carries no `vmodc/game.toml`.
    NoRulesData { shown: String },
    /// Its `vmodc/game.toml` does not read as vmodc writes it.
    BadManifest { shown: String },
    /// Rules data of another format than this vmodc reads.
    Format { shown: String, found: u32 },
    /// The scratch folder the data is unpacked into (its path, the system's words).
    Io { path: PathBuf, error: String },
    /// The game does not load (its id, the first diagnostic's message).
    DoesNotLoad { id: String, first: String },
    /// The rules data a module carries does not load.
    Carried {
        shown: String,
        cause: Box<RulesError>,
    },
}

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulesError::NoRulesData { shown } => write!(
                f,
                "{shown} carries no rules data (no `{RULES_DATA_MANIFEST}`): it was not built by vmodc, or by a vmodc older than the audit; pass --root with the game's project instead"
            ),
            RulesError::BadManifest { shown } => {
                write!(f, "{shown}: `{RULES_DATA_MANIFEST}` does not read as vmodc wrote it")
            }
            RulesError::Format { shown, found } => write!(
                f,
                "{shown} carries rules data of format {found}, this vmodc reads format {RULES_DATA_FORMAT}: use the vmodc that built the module"
            ),
            RulesError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            RulesError::DoesNotLoad { id, first } => {
                write!(f, "game `{id}` does not load ({first}); run `vmodc check {id}`")
            }
            RulesError::Carried { shown, cause } => {
                write!(f, "{shown}: the rules data it carries does not load: {cause}")
            }
        }
    }
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> RulesError + '_ {
    move |e| RulesError::Io {
        path: path.to_path_buf(),
        error: e.to_string(),
    }
}

/// The game a module's rules data describes, loaded as `vmodc check` loads a project.
pub fn from_module(module: &ModuleView, shown: &str) -> Result<Game, RulesError> {
    let shown_as = || shown.to_string();
    let manifest = module
        .archive
        .entries
        .get(RULES_DATA_MANIFEST)
        .ok_or_else(|| RulesError::NoRulesData { shown: shown_as() })?;
    let manifest: Manifest = std::str::from_utf8(manifest)
        .ok()
        .and_then(|t| toml::from_str(t).ok())
        .ok_or_else(|| RulesError::BadManifest { shown: shown_as() })?;
    if manifest.format != RULES_DATA_FORMAT {
        return Err(RulesError::Format {
            shown: shown_as(),
            found: manifest.format,
        });
    }
    let dir = Scratch::new()?;
    for (name, data) in &module.archive.entries {
        let Some(rel) = name.strip_prefix(RULES_DATA_DIR) else {
            continue;
        };
        let path = dir.0.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io_error(parent))?;
        }
        std::fs::write(&path, data).map_err(io_error(&path))?;
    }
    from_root(&dir.0, &manifest.game).map_err(|cause| RulesError::Carried {
        shown: shown_as(),
        cause: Box::new(cause),
    })
}

/// A game of a project folder, its images left unread (the audit needs none).
pub fn from_root(root: &Path, id: &str) -> Result<Game, RulesError> {
    let mut sources = Sources::default();
    load_game_with(root, id, &mut sources, Images::Skip).map_err(|report| {
        let first = report
            .diagnostics
            .first()
            .map_or_else(String::new, |d| d.message.clone());
        RulesError::DoesNotLoad {
            id: id.to_string(),
            first,
        }
    })
}

/// A folder of its own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, RulesError> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("vmodc-audit-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(io_error(&dir))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
