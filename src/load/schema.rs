//! JSON Schemas of the data files, derived from the types the loader deserialises (so a field added to
//! a type is in its schema once the schemas are regenerated: `vmodc schema --write`). Editors that read
//! JSON Schema for TOML (taplo, the "Even Better TOML" extension) use them to complete keys and flag
//! mistyped ones; `tests/schema.rs` validates every shipped data file against them and fails when the
//! committed `schema/*.json` differ from what the types give.

use crate::concept::game::ReleaseHistory;
use crate::concept::game::{CountersFile, MapFile, RulesFile, ScenarioFile};
use schemars::{JsonSchema, SchemaGenerator};

/// The folder of the committed schemas, relative to the project root (and in a game `vmodc new` writes).
pub const SCHEMA_FOLDER: &str = "schema";

/// One kind of data file: its schema's file name, and the files of a project it describes.
pub struct FileKind {
    /// The schema's file name in [`SCHEMA_FOLDER`], e.g. `rules.json`.
    pub file: &'static str,
    /// The data files of this kind, as a glob relative to the project root (taplo's `include`).
    pub files: &'static str,
    /// What the file holds, for the schema's description.
    pub what: &'static str,
    schema: fn() -> serde_json::Value,
}

impl FileKind {
    /// The schema, as pretty JSON with a trailing newline (the bytes that are committed).
    pub fn json(&self) -> String {
        let mut value = (self.schema)();
        if let Some(object) = value.as_object_mut() {
            object.insert("title".into(), self.files.into());
            object.insert("description".into(), self.what.into());
        }
        let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
        text.push('\n');
        text
    }
}

fn schema_of<T: JsonSchema>() -> serde_json::Value {
    // Draft 2020-12 (schemars' default) is what taplo and the JSON Schema validators read.
    let generator = SchemaGenerator::default();
    generator.into_root_schema_for::<T>().to_value()
}

/// Every kind of data file vmodc reads.
pub const FILE_KINDS: [FileKind; 6] = [
    FileKind {
        file: "rules.json",
        files: "rules/*.toml",
        what: "A game's rules: sides, dice, the turn sequence, terrain, stacking, combat (vmodc).",
        schema: schema_of::<RulesFile>,
    },
    FileKind {
        file: "counters.json",
        files: "counters/*.toml",
        what: "A game's counter mix: the sheet, unit types, units and markers (vmodc).",
        schema: schema_of::<CountersFile>,
    },
    FileKind {
        file: "map.json",
        files: "maps/*.toml",
        what: "A game's map: the hex grid, terrain of each hex, hexsides, cities (vmodc).",
        schema: schema_of::<MapFile>,
    },
    FileKind {
        file: "scenario.json",
        files: "scenarios/*/*.toml",
        what: "One scenario: its turns, the set-up and the reinforcements (vmodc).",
        schema: schema_of::<ScenarioFile>,
    },
    FileKind {
        file: "catalog.json",
        files: "i18n/*/*.toml",
        what:
            "A language catalog: [language] code and name, then texts by section and key (vmodc).",
        schema: schema_of::<super::catalogs::RawCatalog>,
    },
    FileKind {
        file: "changes.json",
        files: "changes/*.toml",
        what: "A game's release history: what changed in each version (vmodc).",
        schema: schema_of::<ReleaseHistory>,
    },
];
