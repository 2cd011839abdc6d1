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

/// The game a module's rules data describes, loaded as `vmodc check` loads a project.
pub fn from_module(module: &ModuleView, shown: &str) -> Result<Game, String> {
    let manifest = module.archive.entries.get(RULES_DATA_MANIFEST).ok_or_else(|| {
        format!(
            "{shown} carries no rules data (no `{RULES_DATA_MANIFEST}`): it was not built by vmodc, or by a vmodc older than the audit; pass --root with the game's project instead"
        )
    })?;
    let manifest: Manifest = std::str::from_utf8(manifest)
        .ok()
        .and_then(|t| toml::from_str(t).ok())
        .ok_or_else(|| {
            format!("{shown}: `{RULES_DATA_MANIFEST}` does not read as vmodc wrote it")
        })?;
    if manifest.format != RULES_DATA_FORMAT {
        return Err(format!(
            "{shown} carries rules data of format {}, this vmodc reads format {RULES_DATA_FORMAT}: use the vmodc that built the module",
            manifest.format
        ));
    }
    let dir = Scratch::new()?;
    for (name, data) in &module.archive.entries {
        let Some(rel) = name.strip_prefix(RULES_DATA_DIR) else {
            continue;
        };
        let path = dir.0.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, data).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    from_root(&dir.0, &manifest.game)
        .map_err(|e| format!("{shown}: the rules data it carries does not load: {e}"))
}

/// A game of a project folder, its images left unread (the audit needs none).
pub fn from_root(root: &Path, id: &str) -> Result<Game, String> {
    let mut sources = Sources::default();
    load_game_with(root, id, &mut sources, Images::Skip).map_err(|report| {
        let first = report
            .diagnostics
            .first()
            .map_or_else(String::new, |d| d.message.clone());
        format!("game `{id}` does not load ({first}); run `vmodc check {id}`")
    })
}

/// A folder of its own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, String> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("vmodc-audit-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
