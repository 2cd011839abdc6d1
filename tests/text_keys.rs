//! Every interface text key the code names resolves in the text tables: each `"ui.…"` literal of
//! `src/` (outside test items and comments) is a key some concept's `texts.rs` or the kit's texts
//! declare, so a misspelt key fails here instead of printing itself in a module (`Texts::get` falls
//! back to the key, and its `debug_assert!` runs only where a debug build happens to reach it).

use crate::common::source::{code_lines, rust_files};
use std::collections::BTreeSet;
use std::path::Path;

/// The `"ui.…"` literals of one file's code, and the ones with a `{…}` placeholder (a key composed
/// with `format!`).
fn ui_literals(text: &str) -> (Vec<String>, Vec<String>) {
    let code = code_lines(text).join("\n");
    let (mut plain, mut composed) = (Vec::new(), Vec::new());
    let mut rest = code.as_str();
    while let Some(i) = rest.find("\"ui.") {
        rest = &rest[i + 1..];
        let Some(end) = rest.find('"') else { break };
        let literal = &rest[..end];
        rest = &rest[end + 1..];
        if literal.contains('{') {
            composed.push(literal.to_string());
        } else if literal
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        {
            plain.push(literal.to_string());
        }
    }
    (plain, composed)
}

/// Whether a composed key (`ui.{name}_tooltip`) matches a key: its fixed parts in order.
fn matches(pattern: &str, key: &str) -> bool {
    let mut parts = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        parts.push(&rest[..open]);
        rest = rest[open..]
            .find('}')
            .map_or("", |close| &rest[open + close + 1..]);
    }
    parts.push(rest);
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    key.starts_with(first) && key.ends_with(last) && key.len() > first.len() + last.len()
}

#[test]
fn every_ui_key_the_code_names_is_in_the_text_tables() {
    let table: BTreeSet<String> = vmodc::concept::texts::interface_entries()
        .into_iter()
        .map(|e| e.key)
        .collect();
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let (mut unknown, mut unmatched, mut resolved) = (Vec::new(), Vec::new(), 0);
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read source");
        let (plain, composed) = ui_literals(&text);
        for key in plain {
            if table.contains(&key) {
                resolved += 1;
            } else {
                unknown.push(format!("{}: {key}", file.display()));
            }
        }
        for pattern in composed {
            if !table.iter().any(|k| matches(&pattern, k)) {
                unmatched.push(format!("{}: {pattern}", file.display()));
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "ui keys no texts.rs declares: {unknown:#?}"
    );
    assert!(
        unmatched.is_empty(),
        "composed ui keys no key matches: {unmatched:#?}"
    );
    // The scan reads what it should: the code names hundreds of keys.
    assert!(resolved > 400, "only {resolved} ui literals found");
}

#[test]
fn the_key_scan_finds_a_misspelt_key_and_skips_comments_and_tests() {
    let source =
        "fn f(tx: &Texts) { tx.get(\"ui.mapp\"); tx.get(&format!(\"ui.{k}_tooltip\")); }\n\
                  // tx.get(\"ui.in_a_comment\")\n\
                  #[cfg(test)]\nmod tests {\n    const K: &str = \"ui.in_a_test\";\n}\n";
    let (plain, composed) = ui_literals(source);
    assert_eq!(plain, ["ui.mapp"]);
    assert_eq!(composed, ["ui.{k}_tooltip"]);
    assert!(matches("ui.{k}_tooltip", "ui.aa_points_tooltip"));
    assert!(!matches("ui.{k}_tooltip", "ui.aa_points"));
}
