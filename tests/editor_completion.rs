//! Editor completion from the schemas: the taplo language server (what the "Even Better TOML" editor
//! extension runs) completes a key in a game made by `vmodc new`, from the `#:schema` line the
//! scaffold writes at the top of each file.
//!
//! The language server is opt-in: `VMODC_EDITOR_TESTS=1` runs it with Node.js from
//! `tests/editor/node_modules` (`npm ci --prefix tests/editor`, which `.ci/run` does); without it the
//! test still checks that each scaffold file names a schema that exists, and says the server part
//! was skipped.

use crate::common::{code, path, show, vmodc_in, TempDir};
use std::path::Path;
use std::process::Command;

/// The keys a table's schema allows: `properties` of the `$defs` entry the root property refers to.
fn table_keys(schema: &Path, table: &str) -> Vec<String> {
    let text =
        std::fs::read_to_string(schema).unwrap_or_else(|e| panic!("{}: {e}", schema.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("a JSON schema");
    let reference = json["properties"][table]["$ref"]
        .as_str()
        .unwrap_or_else(|| panic!("`{table}` is a $ref in {}", schema.display()));
    let name = reference.trim_start_matches("#/$defs/");
    let mut keys: Vec<String> = json["$defs"][name]["properties"]
        .as_object()
        .expect("the table's properties")
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}

/// The labels taplo's language server offers at `line` (0-based), column 0 of `file`.
fn taplo_completions(file: &Path, line: usize) -> Vec<String> {
    let script = crate::common::repo().join("tests/editor/complete.mjs");
    let out = Command::new("node")
        .arg(&script)
        .arg(file)
        .arg(line.to_string())
        .arg("0")
        .output()
        .expect(
            "node runs (VMODC_EDITOR_TESTS=1 needs Node.js and `npm ci --prefix tests/editor`)",
        );
    assert!(
        out.status.success(),
        "the language server answers: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut labels: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    labels.sort();
    labels
}

#[test]
fn taplo_completes_the_keys_a_table_still_lacks() {
    let dir = TempDir::new("editor");
    let out = vmodc_in(dir.path(), &["new", "mygame"]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let game = dir.path().join("mygame");

    // Every data file of the scaffold names its schema in its first line, and the schema is there.
    for file in walkdir::WalkDir::new(&game)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
    {
        let text = std::fs::read_to_string(file.path()).expect("read");
        let first = text.lines().next().unwrap_or("");
        let schema = first
            .strip_prefix("#:schema ")
            .unwrap_or_else(|| panic!("{} starts with `#:schema`: {first}", file.path().display()));
        let target = file.path().parent().expect("a folder").join(schema);
        assert!(
            target.is_file(),
            "{}: {} exists",
            file.path().display(),
            target.display()
        );
    }

    // A designer opens a new line in `[game]` of the rules and asks for completion.
    let rules = game.join("rules/mygame.toml");
    let text = std::fs::read_to_string(&rules).expect("read");
    let header = text
        .lines()
        .position(|l| l == "[game]")
        .expect("a [game] table");
    let present: Vec<String> = text
        .lines()
        .skip(header + 1)
        .take_while(|l| !l.starts_with('['))
        .filter_map(|l| l.split_once(" = ").map(|(k, _)| k.trim().to_string()))
        .collect();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(header + 1, "");
    std::fs::write(&rules, lines.join("\n") + "\n").expect("write");
    let expected: Vec<String> = table_keys(&game.join("schema/rules.json"), "game")
        .into_iter()
        .filter(|k| !present.contains(k))
        .collect();
    assert!(
        !expected.is_empty(),
        "the scaffold leaves some [game] keys out: {present:?}"
    );

    if std::env::var("VMODC_EDITOR_TESTS").as_deref() != Ok("1") {
        eprintln!(
            "skipped: asking taplo's language server (set VMODC_EDITOR_TESTS=1 after `npm ci --prefix tests/editor`; .ci/run does)"
        );
        return;
    }
    assert_eq!(
        taplo_completions(&rules, header + 1),
        expected,
        "taplo offers the [game] keys the file does not have yet, from {}",
        path(&game.join("schema/rules.json"))
    );
}
