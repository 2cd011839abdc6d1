//! The audit tables quote their rulebooks (issue #32): every `L12 「…」` or `L12–15 「…」` quote of
//! docs/audit/btm2.md and docs/audit/b4m.md, split at "…", is found, whitespace aside, within the cited
//! lines of the seed text (`../shared/seeds/`, beside the repository). The seeds are not part of the
//! repository: where they are absent the test says so and checks nothing else.

use crate::common;
use std::path::Path;

/// The audited tables and the seed each one cites.
const TABLES: [(&str, &str); 2] = [
    ("docs/audit/btm2.md", "003_d1294ec30d20b6b5.txt"),
    ("docs/audit/b4m.md", "001_69fffdb75324575c.txt"),
];

fn without_space(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Each quote of a table: the first and last line it cites and the quoted text.
fn quotes(table: &str) -> Vec<(usize, usize, String)> {
    let mut found = Vec::new();
    let mut rest = table;
    while let Some(open) = rest.find('「') {
        let before = &rest[..open];
        let after = &rest[open + '「'.len_utf8()..];
        let Some(close) = after.find('」') else {
            break;
        };
        let quote = after[..close].to_string();
        rest = &after[close..];
        // The citation right before the quote: `L12 ` or `L12–15 `.
        let cited = before.trim_end();
        let Some(l) = cited.rfind('L') else { continue };
        let range = &cited[l + 1..];
        let mut bounds = range.split(['–', '-']);
        let first = bounds.next().and_then(|n| n.parse::<usize>().ok());
        let last = bounds.next().map(|n| n.parse::<usize>().ok());
        match (first, last) {
            (Some(a), None) => found.push((a, a, quote)),
            (Some(a), Some(Some(b))) => found.push((a, b, quote)),
            _ => {}
        }
    }
    found
}

#[test]
fn audit_quotes_are_in_the_lines_they_cite() {
    let seeds = common::repo().join("../shared/seeds");
    if !seeds.is_dir() {
        eprintln!(
            "{}: no seeds beside the repository, quotes not checked",
            seeds.display()
        );
        return;
    }
    for (table, seed) in TABLES {
        let doc = std::fs::read_to_string(common::repo().join(table)).unwrap();
        let text = std::fs::read_to_string(Path::new(&seeds).join(seed)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let found = quotes(&doc);
        assert!(
            found.len() >= 40,
            "{table}: only {} quotes found",
            found.len()
        );
        for (first, last, quote) in found {
            // A quote may run one line past the cited range (a word broken at the line end).
            let window = without_space(&lines[first - 1..(last + 1).min(lines.len())].join(""));
            for part in quote
                .split('…')
                .map(without_space)
                .filter(|p| !p.is_empty())
            {
                assert!(
                    window.contains(&part),
                    "{table}: 「{part}」 is not in {seed} lines {first}-{last}"
                );
            }
        }
    }
}
