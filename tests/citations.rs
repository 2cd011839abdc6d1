//! Every rule section the data cites is one its rulebook has (issue #32): each `rule`, `cap_rule` or
//! other `…_rule` string in rules/, counters/, maps/ and scenarios/ of a shipped game names only
//! section numbers listed in docs/audit/<game>-sections.toml, the numbers found in that rulebook's
//! text (docs/audit/README.md says how the table is derived).

use crate::common;
use std::collections::BTreeSet;
use std::path::PathBuf;

const GAMES: [&str; 4] = ["b4m", "btm2", "lsam", "ocs"];

/// The section numbers in a citation, as docs/audit/README.md's pattern finds them: 1- or 2-digit
/// parts, two or three of them, an optional lowercase letter (`9.14a`), not part of a longer number
/// and not after a dot (`p.14` is a page).
fn section_numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let run = |from: usize| {
        chars[from..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_ascii_digit() || chars[i - 1] == '.'));
        if !starts {
            i += 1;
            continue;
        }
        let first = run(i);
        let mut end = i + first;
        let mut parts = 1;
        while first <= 2 && parts < 3 && end + 1 < chars.len() && chars[end] == '.' {
            let next = run(end + 1);
            if next == 0 || next > 2 {
                break;
            }
            end += 1 + next;
            parts += 1;
        }
        if first <= 2 && parts >= 2 {
            if chars.get(end).is_some_and(|c| c.is_ascii_lowercase()) {
                end += 1;
            }
            found.push(chars[i..end].iter().collect());
        }
        i = end.max(i + 1);
    }
    found
}

fn sections_of(game: &str) -> BTreeSet<String> {
    let path = common::repo().join(format!("docs/audit/{game}-sections.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let table: toml::Value = toml::from_str(&text).unwrap();
    table["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn data_files(game: &str) -> Vec<PathBuf> {
    let root = common::repo();
    let mut files: Vec<PathBuf> = ["rules", "counters", "maps"]
        .iter()
        .map(|dir| root.join(dir).join(format!("{game}.toml")))
        .filter(|p| p.exists())
        .collect();
    if let Ok(entries) = std::fs::read_dir(root.join("scenarios").join(game)) {
        let mut scenarios: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        scenarios.sort();
        files.extend(
            scenarios
                .into_iter()
                .filter(|p| p.extension().is_some_and(|e| e == "toml")),
        );
    }
    files
}

/// Every citation string in a TOML value, with the key path that holds it.
fn citations(value: &toml::Value, at: &str, out: &mut Vec<(String, String)>) {
    match value {
        toml::Value::Table(t) => {
            for (k, v) in t {
                let here = format!("{at}.{k}");
                match v {
                    toml::Value::String(s) if k == "rule" || k.ends_with("_rule") => {
                        out.push((here, s.clone()))
                    }
                    _ => citations(v, &here, out),
                }
            }
        }
        toml::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                citations(v, &format!("{at}[{i}]"), out);
            }
        }
        _ => {}
    }
}

fn unknown_citations(game: &str, files: &[PathBuf]) -> Vec<String> {
    let sections = sections_of(game);
    let mut unknown = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap();
        let value: toml::Value = toml::from_str(&text).unwrap();
        let mut found = Vec::new();
        citations(&value, "", &mut found);
        for (key, rule) in found {
            for n in section_numbers(&rule) {
                if !sections.contains(&n) {
                    let name = file.strip_prefix(common::repo()).unwrap_or(file);
                    unknown.push(format!("{} {key}: {n} (in {rule:?})", name.display()));
                }
            }
        }
    }
    unknown
}

#[test]
fn every_cited_section_is_in_its_rulebook() {
    let mut unknown = Vec::new();
    for game in GAMES {
        let files = data_files(game);
        assert!(files.len() >= 3, "{game}: data files not found");
        unknown.extend(unknown_citations(game, &files));
    }
    assert!(
        unknown.is_empty(),
        "citations of sections the rulebook does not have:\n{}",
        unknown.join("\n")
    );
}

#[test]
fn a_section_the_rulebook_lacks_is_caught() {
    let dir = common::TempDir::new("citations");
    let file = dir.path().join("ocs.toml");
    std::fs::write(
        &file,
        "[combat]\nrule = \"9.7a, 9.99\"\ncap_rule = \"9.1g\"\n[[x]]\nrule = \"p.14, 13.4b\"\n",
    )
    .unwrap();
    let unknown = unknown_citations("ocs", &[file]);
    assert_eq!(unknown.len(), 1, "{unknown:?}");
    assert!(unknown[0].contains("9.99"), "{unknown:?}");
}

#[test]
fn section_numbers_are_read_as_the_table_was_derived() {
    assert_eq!(
        section_numbers("6.0 step 4, 6.35, 8.37"),
        ["6.0", "6.35", "8.37"]
    );
    assert_eq!(section_numbers("9.14a, p.14, Q10, T6.0"), ["9.14a", "6.0"]);
    assert_eq!(section_numbers("2.1.3, 3.1, 123.4"), ["2.1.3", "3.1"]);
}
