//! Whether a module's version went up when its content changed. A built module that differs from
//! the one committed in git (`git show HEAD:dist/…`) while both carry the same module version would
//! reach players as "the same version" with different content: players, the Module Library and
//! `vmodc refresh` could not tell the two apart.
//!
//! Nothing here is needed to build: without git, outside a repository, or for a module git does not
//! hold, there is nothing to compare and nothing is said.

use super::{languages, module_file_name, Loaded};
use crate::diag::Diagnostic;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A warning (V0604) for each module of `loaded` under `out` whose bytes differ from the committed
/// file of the same path while its module version is the committed one's.
pub fn unraised_versions(root: &Path, out: &Path, loaded: &Loaded) -> Vec<Diagnostic> {
    let game = &loaded.game;
    let version = &game.rules.game.version;
    let mut found = Vec::new();
    for lang in languages(loaded) {
        let path = out.join(module_file_name(game, lang.as_deref()));
        let Ok(built) = std::fs::read(&path) else {
            continue;
        };
        let Some(committed) = committed_file(root, &path) else {
            continue;
        };
        if built == committed {
            continue;
        }
        let built_version = crate::verify::module_version(&built);
        if built_version.is_none() || built_version != crate::verify::module_version(&committed) {
            continue;
        }
        // As the user wrote it: `dist/b4m-en.vmod`, not `./dist/b4m-en.vmod`.
        let shown = path
            .strip_prefix(".")
            .map_or(path.clone(), Path::to_path_buf);
        found.push((shown, built_version.unwrap_or_default()));
    }
    found
        .into_iter()
        .map(|(path, v)| {
            Diagnostic::warning(
                "V0604",
                format!(
                    "{} differs from the committed module, but both are version {v}",
                    path.display()
                ),
            )
            .at(game.rules.file, version.span.clone(), "raise the version")
            .help(format!(
                "players cannot tell two different modules of one version apart: raise the version \
                 here, and record what changed in changes/{id}.toml (`vmodc diff HEAD . {id} \
                 --format toml` writes the entry)",
                id = game.id
            ))
        })
        .collect()
}

/// The bytes of `file` as committed at HEAD of the git repository holding `root`, if it holds it.
fn committed_file(root: &Path, file: &Path) -> Option<Vec<u8>> {
    let relative = relative_to(root, file)?;
    let spec = format!("HEAD:./{}", relative.to_string_lossy().replace('\\', "/"));
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["show", &spec])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout)
}

/// `file` as a path under `root`, both made absolute first (`--out` may be given either way).
fn relative_to(root: &Path, file: &Path) -> Option<PathBuf> {
    let root = std::fs::canonicalize(root).ok()?;
    let file = std::fs::canonicalize(file).ok()?;
    file.strip_prefix(&root).ok().map(Path::to_path_buf)
}
