//! `vmodc new NAME`: a small, complete, original game in a new folder, to start a design from.
//!
//! The game's files are data kept in the repository (`templates/new-game/`), compiled in so that an
//! installed `vmodc` carries them; `{{id}}` in them becomes the game id (the folder's name). The
//! Japanese interface catalog is the project's own (`i18n/interface/ja.toml`), and the JSON Schemas
//! are generated from the loader's types ([`crate::load::schema`]), so the new game is self-contained:
//! every TOML file starts with a `#:schema` line naming its schema in the game's `schema/` folder.

use super::USAGE;
use crate::load::schema::{FILE_KINDS, SCHEMA_FOLDER};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The placeholder the templates write where the game id goes.
const ID: &str = "{{id}}";

/// The scaffold's files: where each goes (with `{{id}}` for the game id) and its text.
const TEMPLATES: [(&str, &str); 7] = [
    (
        "rules/{{id}}.toml",
        include_str!("../../templates/new-game/rules.toml"),
    ),
    (
        "counters/{{id}}.toml",
        include_str!("../../templates/new-game/counters.toml"),
    ),
    (
        "maps/{{id}}.toml",
        include_str!("../../templates/new-game/map.toml"),
    ),
    (
        "scenarios/{{id}}/standard.toml",
        include_str!("../../templates/new-game/scenario.toml"),
    ),
    (
        "i18n/{{id}}/en.toml",
        include_str!("../../templates/new-game/en.toml"),
    ),
    (
        "i18n/{{id}}/ja.toml",
        include_str!("../../templates/new-game/ja.toml"),
    ),
    (
        ".gitignore",
        include_str!("../../templates/new-game/gitignore"),
    ),
];

/// The Japanese interface texts every module shares: the project's own catalog, so that the new
/// game's Japanese module is as fully translated as the shipped games'.
const INTERFACE_JA: &str = include_str!("../../i18n/interface/ja.toml");

/// Every file of a new game `id`: its path relative to the game's folder, and its text.
pub fn scaffold(id: &str) -> Vec<(PathBuf, String)> {
    let mut files: Vec<(PathBuf, String)> = TEMPLATES
        .iter()
        .map(|(path, text)| (PathBuf::from(path.replace(ID, id)), text.replace(ID, id)))
        .collect();
    files.push((
        PathBuf::from("i18n/interface/ja.toml"),
        format!("#:schema ../../{SCHEMA_FOLDER}/catalog.json\n{INTERFACE_JA}"),
    ));
    for kind in &FILE_KINDS {
        files.push((Path::new(SCHEMA_FOLDER).join(kind.file), kind.json()));
    }
    files
}

/// Why `name` cannot be a game id, if it cannot: ids name files and module entries, so they are
/// lowercase ASCII letters, digits, `-` and `_`, starting with a letter.
pub fn id_problem(name: &str) -> Option<String> {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let rest_ok =
        chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    (!(first_ok && rest_ok)).then(|| {
        format!("`{name}` cannot be a game id: use lowercase letters, digits, `-` and `_`, starting with a letter (for example `mygame`)")
    })
}

pub fn run_new(folder: &Path) -> ExitCode {
    let name = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if let Some(problem) = id_problem(&name) {
        errln!("error: {problem}");
        errln!("  help: the folder's name is the game id (rules/<id>.toml); choose another name");
        return ExitCode::from(USAGE);
    }
    let occupied = std::fs::read_dir(folder).map(|mut d| d.next().is_some());
    if folder.exists() && !matches!(occupied, Ok(false)) {
        errln!(
            "error: {} already exists and is not an empty folder: vmodc new writes nothing there",
            folder.display()
        );
        errln!("  help: choose a new name, or remove or empty that folder first");
        return ExitCode::from(USAGE);
    }
    let files = scaffold(&name);
    for (rel, text) in &files {
        let path = folder.join(rel);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, text));
        if let Err(e) = written {
            errln!("error: cannot write {}: {e}", path.display());
            errln!("  help: check that the folder can be written to");
            return ExitCode::from(USAGE);
        }
    }
    let shown = folder.display();
    outln!("created {shown}: the game `{name}` ({} files)", files.len());
    outln!("next:  cd {shown} && vmodc check && vmodc build");
    outln!("       the modules and print-and-play PDFs go to {shown}/dist/; docs/first-game.md walks through the changes");
    ExitCode::SUCCESS
}
