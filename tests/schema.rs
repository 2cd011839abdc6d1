//! The JSON Schemas of the data files (`schema/*.json`, `vmodc schema --write`): committed as the types
//! give them, and every shipped data file and every file `vmodc new` writes is valid against its
//! kind's schema, while a mistyped key is not.

use crate::common::repo;
use serde_json::Value;
use std::path::{Path, PathBuf};
use vmodc::load::schema::{FileKind, FILE_KINDS, SCHEMA_FOLDER};

const BLESS: &str = "VMODC_BLESS";

fn kind(file: &str) -> &'static FileKind {
    FILE_KINDS
        .iter()
        .find(|k| k.file == file)
        .unwrap_or_else(|| panic!("no schema {file}"))
}

fn validator(kind: &FileKind) -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&kind.json()).expect("the schema is JSON");
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{} is no schema: {e}", kind.file))
}

/// A TOML text as the JSON value a validator reads (TOML tables, arrays and scalars map one to one).
fn as_json(name: &str, text: &str) -> Value {
    toml::from_str::<Value>(text).unwrap_or_else(|e| panic!("{name} does not parse: {e}"))
}

/// Every error of `text` against `kind`'s schema, one line each (empty when valid).
fn errors(kind: &FileKind, name: &str, text: &str) -> Vec<String> {
    let value = as_json(name, text);
    validator(kind)
        .iter_errors(&value)
        .map(|e| format!("{name}: {} (at {})", e, e.instance_path()))
        .collect()
}

/// The schema each data file of a project is read with, by the folder it sits in.
fn kind_of(rel: &Path) -> Option<&'static FileKind> {
    let first = rel.components().next()?.as_os_str().to_str()?;
    let file = match first {
        "rules" => "rules.json",
        "counters" => "counters.json",
        "maps" => "map.json",
        "scenarios" => "scenario.json",
        "i18n" => "catalog.json",
        "changes" => "changes.json",
        _ => return None,
    };
    Some(kind(file))
}

/// Every `.toml` file of the data folders under `root`, relative to it.
fn data_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["rules", "counters", "maps", "scenarios", "i18n", "changes"]
        .iter()
        .flat_map(|dir| walkdir::WalkDir::new(root.join(dir)).sort_by_file_name())
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter_map(|p| p.strip_prefix(root).ok().map(Path::to_path_buf))
        .collect();
    files.sort();
    files
}

#[test]
fn committed_schemas_are_what_the_types_give() {
    let folder = repo().join(SCHEMA_FOLDER);
    let mut stale = Vec::new();
    for kind in &FILE_KINDS {
        let path = folder.join(kind.file);
        let generated = kind.json();
        if std::env::var_os(BLESS).is_some() {
            std::fs::create_dir_all(&folder).expect("schema folder");
            std::fs::write(&path, &generated).expect("write schema");
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != generated {
            stale.push(format!("{SCHEMA_FOLDER}/{}", kind.file));
        }
    }
    assert!(
        stale.is_empty(),
        "{} differ from the types the loader reads: run `vmodc schema --write` (or {BLESS}=1 cargo test --test integration schema) and commit them",
        stale.join(", ")
    );
}

#[test]
fn every_shipped_data_file_is_valid() {
    let root = repo();
    let files = data_files(&root);
    // The four games' rules, counters, maps, scenarios, catalogs and release histories, and the
    // interface catalog.
    assert!(files.len() >= 30, "only {} data files found", files.len());
    let mut bad = Vec::new();
    for rel in &files {
        let kind = kind_of(rel).expect("a data folder");
        let text = std::fs::read_to_string(root.join(rel)).expect("readable");
        bad.extend(errors(kind, &rel.display().to_string(), &text));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_file_of_a_new_game_is_valid_and_names_its_schema() {
    let files = vmodc::cli::new::scaffold("mygame");
    let mut checked = 0;
    for (rel, text) in &files {
        let Some(kind) = kind_of(rel) else {
            continue;
        };
        checked += 1;
        let name = rel.display().to_string();
        let errors = errors(kind, &name, text);
        assert!(errors.is_empty(), "{}", errors.join("\n"));
        // The first line points editors at the schema of the file's kind, relative to the file.
        let first = text.lines().next().unwrap_or_default();
        let target = first
            .strip_prefix("#:schema ")
            .unwrap_or_else(|| panic!("{name} starts with {first:?}, not a #:schema line"));
        let resolved = rel.parent().expect("in a folder").join(target);
        let normal: PathBuf = resolved.components().fold(PathBuf::new(), |mut p, c| {
            match c {
                std::path::Component::ParentDir => {
                    p.pop();
                }
                other => p.push(other),
            }
            p
        });
        assert_eq!(
            normal,
            Path::new(SCHEMA_FOLDER).join(kind.file),
            "{name} names {target}"
        );
        assert!(
            files.iter().any(|(p, _)| *p == normal),
            "{name} names a schema the new game does not hold"
        );
    }
    assert_eq!(
        checked, 7,
        "rules, counters, map, scenario and three catalogs"
    );
}

#[test]
fn a_mistyped_or_wrongly_typed_key_is_invalid() {
    let files = vmodc::cli::new::scaffold("mygame");
    let text = |path: &str| {
        files
            .iter()
            .find(|(p, _)| p == Path::new(path))
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| panic!("no {path}"))
    };
    let rules = text("rules/mygame.toml");
    let mistyped = rules.replacen("max_units = 2", "max_unit = 2", 1);
    assert_ne!(mistyped, rules);
    let found = errors(kind("rules.json"), "rules", &mistyped);
    assert!(found.iter().any(|e| e.contains("max_unit")), "{found:?}");
    let counters = text("counters/mygame.toml");
    let quoted = counters.replacen("size = 48", "size = \"48\"", 1);
    assert_ne!(quoted, counters);
    assert!(!errors(kind("counters.json"), "counters", &quoted).is_empty());
}

#[test]
fn every_file_of_the_shapes_examples_is_valid_and_the_grid_kinds_keys_are_known() {
    let doc = std::fs::read_to_string(repo().join("docs/data-format.md")).expect("the data format");
    let games = crate::shapes::examples(&doc);
    let mut maps = Vec::new();
    for (name, files) in &games {
        for (path, text) in files {
            if let Some(kind) = kind_of(Path::new(path)) {
                let found = errors(kind, &format!("{name} {path}"), text);
                assert!(found.is_empty(), "{found:?}");
            }
            if path.starts_with("maps/") {
                maps.push((name.clone(), text.clone()));
            }
        }
    }
    // The lattice kinds' own keys are in the schema: misspelled, they are not.
    for (name, key) in [("hex-rows", "shifted_rows ="), ("squares", "diagonals =")] {
        let (_, map) = maps
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no {name} map"));
        let misspelled = map.replacen(key, &key.replace(" =", "s ="), 1);
        assert_ne!(&misspelled, map);
        let found = errors(kind("map.json"), name, &misspelled);
        assert!(!found.is_empty(), "{name}: {key}");
    }
}
