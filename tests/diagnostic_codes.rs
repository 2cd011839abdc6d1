//! The registry of diagnostic codes (src/diag/codes.rs) against the code that raises them and the
//! documentation that explains them.
//!
//! src/ is read as text, recursively, so that a check moved to another file or folder is still found:
//! every code a call site uses is registered with the severity its constructor names, each code is
//! raised at as many call sites as its entry says (a new fault at an old code's call site fails here,
//! see `Raised`), and docs/diagnostics.md shows the registry's tables as `Table::markdown` writes them.

use crate::common::repo;
use crate::common::source::{code_lines, rust_files};
use std::collections::{BTreeMap, BTreeSet};
use vmodc::diag::codes::{self, Raised, CODES, TABLES};
use vmodc::diag::Severity;

/// Set to rewrite the code tables of docs/diagnostics.md from the registry instead of failing.
const BLESS: &str = "VMODC_BLESS";

/// One `Diagnostic::error/warning/note("V…", …)` in src/.
struct Site {
    code: String,
    severity: Severity,
    /// `file:line`, for messages.
    place: String,
}

/// What src/ says about codes.
#[derive(Default)]
struct Scan {
    sites: Vec<Site>,
    /// Every code literal outside the registry itself (call sites, `is_io`, comparisons), with its place.
    literals: Vec<(String, String)>,
    /// Constructions the scan cannot hold to the registry.
    problems: Vec<String>,
}

/// The code literal (`"V0201"`) at the start of `s`, if any.
fn code_literal(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let ok = b.len() >= 7
        && b[0] == b'"'
        && b[1] == b'V'
        && b[2..6].iter().all(u8::is_ascii_digit)
        && b[6] == b'"';
    ok.then(|| &s[1..6])
}

/// The code (`V0201`) a table row's first cell starts with, if any.
fn code_literal_word(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let ok = b.len() >= 5 && b[0] == b'V' && b[1..5].iter().all(u8::is_ascii_digit);
    ok.then(|| &s[..5])
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

fn scan() -> Scan {
    let root = repo();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut scan = Scan::default();
    for file in files {
        let rel = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .display()
            .to_string();
        if rel == "src/diag/codes.rs" {
            continue;
        }
        let raw = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let text = code_lines(&raw).join("\n");
        let place = |at: usize| format!("{rel}:{}", line_of(&text, at));
        for (at, _) in text.match_indices("\"V") {
            if let Some(code) = code_literal(&text[at..]) {
                scan.literals.push((code.to_string(), place(at)));
            }
        }
        // src/diag builds diagnostics from codes it is given; everything else names its own.
        if rel.starts_with("src/diag/") {
            continue;
        }
        for (at, _) in text.match_indices("Diagnostic::") {
            let rest = &text[at + "Diagnostic::".len()..];
            let severity = if rest.starts_with("error(") {
                Severity::Error
            } else if rest.starts_with("warning(") {
                Severity::Warning
            } else if rest.starts_with("note(") {
                Severity::Note
            } else {
                if rest.starts_with("new(") {
                    scan.problems.push(format!(
                        "{}: Diagnostic::new: name the severity with Diagnostic::error, warning or note",
                        place(at)
                    ));
                }
                continue;
            };
            let args = rest[rest.find('(').map_or(0, |i| i + 1)..].trim_start();
            match code_literal(args) {
                Some(code) => scan.sites.push(Site {
                    code: code.to_string(),
                    severity,
                    place: place(at),
                }),
                None => scan.problems.push(format!(
                    "{}: the code is not a literal (`Diagnostic::{}(\"V0000\", …)`), so it cannot be checked against src/diag/codes.rs",
                    place(at),
                    severity.as_str()
                )),
            }
        }
        for (at, _) in text.match_indices(".severity =") {
            if !text[at..].starts_with(".severity ==") {
                scan.problems.push(format!(
                    "{}: a diagnostic's severity is changed after it is made: construct it with the severity it has",
                    place(at)
                ));
            }
        }
    }
    scan
}

#[test]
fn the_registry_is_well_formed() {
    let mut problems = Vec::new();
    for pair in CODES.windows(2) {
        if pair[0].code >= pair[1].code {
            problems.push(format!(
                "{} comes before {}: keep the codes sorted, each once",
                pair[0].code, pair[1].code
            ));
        }
    }
    for c in CODES {
        let b = c.code.as_bytes();
        if b.len() != 5 || b[0] != b'V' || !b[1..].iter().all(u8::is_ascii_digit) {
            problems.push(format!("`{}` is not V and four digits", c.code));
        }
        let severities: BTreeSet<Severity> = c.severities.iter().copied().collect();
        if severities.is_empty() || severities.len() != c.severities.len() {
            problems.push(format!("{}: no severity, or one twice", c.code));
        }
        if c.meaning.trim().is_empty() {
            problems.push(format!("{}: no meaning", c.code));
        }
        match c.raised {
            Raised::At(n, why) if n < 2 || why.trim().is_empty() => problems.push(format!(
                "{}: At(n, why) is for two call sites or more, with the reason they share one meaning",
                c.code
            )),
            Raised::Never(why) if why.trim().is_empty() => {
                problems.push(format!("{}: say why nothing raises it", c.code))
            }
            _ => {}
        }
        let tables: Vec<_> = TABLES
            .iter()
            .filter(|t| (t.first..=t.last).contains(&c.code))
            .collect();
        match tables[..] {
            [t] if t.columns.len() == c.cells.len() => {}
            [t] => problems.push(format!(
                "{}: {} cells for the {} columns after `meaning` of table {}",
                c.code,
                c.cells.len(),
                t.columns.len(),
                t.name
            )),
            _ => problems.push(format!("{}: in {} tables, not one", c.code, tables.len())),
        }
        for cell in std::iter::once(&c.meaning).chain(c.cells) {
            if cell.contains('\n') || cell.replace("\\|", "").contains(" | ") {
                problems.push(format!("{}: a cell breaks its table row: {cell:?}", c.code));
            }
        }
        assert_eq!(codes::get(c.code).map(|f| f.code), Some(c.code));
    }
    assert!(codes::get("V9999").is_none());
    assert!(
        problems.is_empty(),
        "src/diag/codes.rs:\n{}",
        problems.join("\n")
    );
}

/// Every code src/ raises is registered, with the severities and number of call sites the registry
/// gives; a registered code nothing raises is marked `Never`.
#[test]
fn every_raised_code_is_registered_as_raised() {
    let scan = scan();
    assert!(
        scan.sites.len() > 200,
        "found only {} call sites",
        scan.sites.len()
    );
    let mut problems = scan.problems;
    for (code, place) in &scan.literals {
        if codes::get(code).is_none() {
            problems.push(format!("{place}: {code} is not in src/diag/codes.rs"));
        }
    }
    let mut by_code: BTreeMap<&str, Vec<&Site>> = BTreeMap::new();
    for site in &scan.sites {
        by_code.entry(site.code.as_str()).or_default().push(site);
    }
    for c in CODES {
        let sites = by_code.remove(c.code).unwrap_or_default();
        let places = || {
            sites
                .iter()
                .map(|s| format!("{} ({})", s.place, s.severity.as_str()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        for site in &sites {
            if !c.allows(site.severity) {
                problems.push(format!(
                    "{}: {} is raised with severity {}, which its entry does not list",
                    site.place,
                    c.code,
                    site.severity.as_str()
                ));
            }
        }
        let expected = match c.raised {
            Raised::Once => 1,
            Raised::At(n, _) => n,
            Raised::Never(_) => 0,
        };
        if sites.len() != expected {
            problems.push(format!(
                "{} is raised at {} call sites, its entry says {expected} ({:?}): a new fault takes a new code; \
                 if it is the code's own meaning, say so in its entry: {}",
                c.code,
                sites.len(),
                c.raised,
                places()
            ));
        }
        if !sites.is_empty() {
            let used: BTreeSet<Severity> = sites.iter().map(|s| s.severity).collect();
            for severity in c.severities {
                if !used.contains(severity) {
                    problems.push(format!(
                        "{}: its entry lists {}, but no call site raises it so: {}",
                        c.code,
                        severity.as_str(),
                        places()
                    ));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "diagnostic codes in src/ against src/diag/codes.rs:\n{}",
        problems.join("\n")
    );
}

/// docs/diagnostics.md's code tables, as the registry writes them.
fn generated_doc(doc: &str) -> Result<String, Vec<String>> {
    let mut lines: Vec<String> = doc.lines().map(str::to_string).collect();
    let mut problems = Vec::new();
    for table in TABLES {
        let marker = table.marker();
        let at: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == marker).collect();
        let [at] = at[..] else {
            problems.push(format!("`{marker}` appears {} times, not once", at.len()));
            continue;
        };
        let end = (at + 1..lines.len())
            .find(|&i| !lines[i].starts_with('|'))
            .unwrap_or(lines.len());
        let generated = table.markdown();
        lines.splice(at + 1..end, generated.lines().map(str::to_string));
    }
    // A code row written by hand outside the generated tables would escape the registry.
    let mut in_table = false;
    for line in &lines {
        if line.starts_with("<!-- generated from src/diag/codes.rs") {
            in_table = true;
        } else if !line.starts_with('|') {
            in_table = false;
        } else if !in_table && line.get(2..).and_then(code_literal_word).is_some() {
            problems.push(format!("a code row outside the generated tables: {line}"));
        }
    }
    if problems.is_empty() {
        Ok(lines.join("\n") + "\n")
    } else {
        Err(problems)
    }
}

#[test]
fn the_documented_codes_are_the_registry() {
    let path = repo().join("docs/diagnostics.md");
    let doc = std::fs::read_to_string(&path).expect("docs/diagnostics.md");
    let generated = generated_doc(&doc)
        .unwrap_or_else(|problems| panic!("docs/diagnostics.md:\n{}", problems.join("\n")));
    if generated == doc {
        return;
    }
    if std::env::var_os(BLESS).is_some() {
        std::fs::write(&path, generated).expect("write docs/diagnostics.md");
        return;
    }
    let differing: Vec<String> = doc
        .lines()
        .zip(generated.lines())
        .filter(|(a, b)| a != b)
        .take(3)
        .map(|(a, b)| format!("  docs: {a}\n  registry: {b}"))
        .collect();
    panic!(
        "the code tables of docs/diagnostics.md differ from src/diag/codes.rs (edit the registry, then run \
         the test with {BLESS}=1 to rewrite them):\n{}",
        differing.join("\n")
    );
}

/// A code named anywhere in the documentation is one the registry knows.
#[test]
fn the_documentation_names_registered_codes() {
    let root = repo();
    let mut files = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("docs entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let mut unknown = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let bytes = text.as_bytes();
        for (at, _) in text.match_indices('V') {
            let code = &bytes[at..(at + 5).min(bytes.len())];
            let word_start = at == 0 || !bytes[at - 1].is_ascii_alphanumeric();
            let word_end = bytes.get(at + 5).is_none_or(|b| !b.is_ascii_alphanumeric());
            if code.len() == 5 && code[1..].iter().all(u8::is_ascii_digit) && word_start && word_end
            {
                let code = String::from_utf8_lossy(code).into_owned();
                if codes::get(&code).is_none() {
                    unknown.insert(format!("{}: {code}", file.display()));
                }
            }
        }
    }
    assert!(unknown.is_empty(), "unregistered codes: {unknown:?}");
}
