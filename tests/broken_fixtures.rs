//! One minimal broken input per check (tests/fixtures/broken/cases.toml), each derived from the valid
//! tiny game in tests/fixtures/tiny or, for the optional parts of the model the tiny game lacks (cards,
//! areas, designations, the completeness report), from a shipped game's data; plus the issue's own
//! examples applied to the real B4M data.
//!
//! Every case asserts the code, the severity, the file, the line and the column of the diagnostic, that
//! its rendering shows the source line with a caret under the fault, and that the break causes no other
//! error or warning than those the case allows.

use crate::common::*;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::Path;
use vmodc::diag::{Diagnostic, Report, Severity, Sources};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases {
    case: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    /// A shipped game whose data the case breaks instead of the tiny game's.
    base: Option<String>,
    /// A folder of tests/fixtures whose valid game the case breaks instead (`areas`: an area map).
    fixture: Option<String>,
    code: String,
    severity: String,
    file: String,
    at_file: Option<String>,
    from: Option<String>,
    to: Option<String>,
    #[serde(default)]
    edits: Vec<[String; 3]>,
    action: Option<String>,
    /// Where the diagnostic points, as a piece of `to` (which must occur once in the patched file):
    /// used instead of `line` and `column` where a shipped game's lines move with every edit.
    at: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    message: Option<String>,
    help: Option<String>,
    #[serde(default)]
    also: Vec<String>,
}

fn cases() -> Vec<Case> {
    let path = repo().join("tests/fixtures/broken/cases.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str::<Cases>(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .case
}

/// Apply a case's edits to a copy of its base game. Returns the byte offset of the main edit.
fn apply(case: &Case, root: &Path) -> Result<Option<usize>, String> {
    let offset = match (case.action.as_deref(), &case.from, &case.to) {
        (Some("delete"), None, None) => {
            let path = root.join(&case.file);
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            removed.map_err(|e| format!("{}: {e}", case.file))?;
            None
        }
        (Some("invalid-utf8"), None, None) => {
            let path = root.join(&case.file);
            let mut bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", case.file))?;
            bytes.extend_from_slice(b"\n# \xff\n");
            std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", case.file))?;
            None
        }
        (Some("rename"), None, Some(to)) => {
            let target = root.join(to);
            if let Some(dir) = target.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{to}: {e}"))?;
            }
            std::fs::rename(root.join(&case.file), &target)
                .map_err(|e| format!("{} -> {to}: {e}", case.file))?;
            None
        }
        (None, Some(from), Some(to)) => Some(patch(root, &case.file, from, to)?),
        _ => return Err("a case needs either `from` and `to`, or an `action`".into()),
    };
    for [file, from, to] in &case.edits {
        patch(root, file, from, to)?;
    }
    Ok(offset)
}

/// The line and column a case expects: given, or where `at` lands in the main edit's `to` (or, when
/// `to` lacks it, its one occurrence in the patched file).
fn expected_place(
    case: &Case,
    root: &Path,
    offset: Option<usize>,
) -> Result<(Option<usize>, Option<usize>), String> {
    let Some(at) = &case.at else {
        return Ok((case.line, case.column));
    };
    let text = std::fs::read_to_string(root.join(&case.file))
        .map_err(|e| format!("{}: {e}", case.file))?;
    let in_edit = offset
        .zip(case.to.as_deref())
        .and_then(|(o, to)| Some(o + to.find(at.as_str())?));
    let found: Vec<usize> = text.match_indices(at.as_str()).map(|(i, _)| i).collect();
    let start = match (in_edit, &found[..]) {
        (Some(i), _) => i,
        (None, [i]) => *i,
        (None, _) => {
            return Err(format!(
                "`at` occurs {} times in the patched {}, expected once: {at:?}",
                found.len(),
                case.file
            ))
        }
    };
    let before = &text[..start];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Ok((
        Some(before.matches('\n').count() + 1),
        Some(before[line_start..].chars().count() + 1),
    ))
}

/// What is wrong with the diagnostics of one case, if anything.
fn verify(
    case: &Case,
    root: &Path,
    (line, column): (Option<usize>, Option<usize>),
    baseline: &BTreeSet<(String, String)>,
    (sources, report): (&Sources, &Report),
) -> Result<(), String> {
    let severity = parse_severity(&case.severity);
    let file = case.at_file.as_deref().unwrap_or(&case.file);
    let matches = |d: &Diagnostic| {
        let (path, found_line, found_column) = place(sources, d);
        d.code == case.code
            && d.severity == severity
            && (path == file || path.ends_with(&format!("/{file}")))
            && found_line == line
            && (column.is_none() || found_column == column)
    };
    let Some(d) = report.diagnostics.iter().find(|d| matches(d)) else {
        return Err(format!(
            "expected {} {} at {file}:{}:{}, got:\n{}",
            case.severity,
            case.code,
            line.map_or("-".into(), |l| l.to_string()),
            column.map_or("-".into(), |c| c.to_string()),
            render_all(sources, report)
        ));
    };
    let rendered = d.render(sources);
    if !rendered.starts_with(&format!("{}[{}]: ", case.severity, case.code)) {
        return Err(format!(
            "rendering does not start with the severity and code:\n{rendered}"
        ));
    }
    if let Some(line) = line {
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        let source_line = text.lines().nth(line - 1).unwrap_or_default();
        let column = column.unwrap_or(1);
        let caret_row = format!("| {}^", " ".repeat(column - 1));
        if !rendered.contains(&format!("--> {file}:{line}:{column}"))
            || !rendered.contains(&format!("{line} | {source_line}"))
            || !rendered.contains(&caret_row)
        {
            return Err(format!(
                "rendering lacks the location, the source line {source_line:?} or the caret:\n{rendered}"
            ));
        }
    }
    if let Some(m) = &case.message {
        if !d.message.contains(m.as_str()) {
            return Err(format!("message lacks {m:?}:\n{rendered}"));
        }
    }
    if let Some(h) = &case.help {
        if !d.help.as_deref().unwrap_or("").contains(h.as_str()) {
            return Err(format!("help lacks {h:?}:\n{rendered}"));
        }
    }
    let unexpected: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity >= Severity::Warning)
        .filter(|d| d.code != case.code && !case.also.iter().any(|a| a == d.code))
        .filter(|d| !baseline.contains(&(d.code.to_string(), d.message.clone())))
        .collect();
    if !unexpected.is_empty() {
        return Err(format!(
            "the break also gives {}:\n{}",
            unexpected
                .iter()
                .map(|d| d.code)
                .collect::<Vec<_>>()
                .join(", "),
            render_all(sources, report)
        ));
    }
    Ok(())
}

/// A fresh copy of the case's base game (with its language catalogs when the case breaks one), and
/// the warnings that game already has unbroken (a shipped game lists the facts its sources lack),
/// which the case may leave in place.
fn base_copy(case: &Case) -> (TempDir, BTreeSet<(String, String)>) {
    if let Some(folder) = &case.fixture {
        let dir = TempDir::new(folder);
        copy_tree(&repo().join("tests/fixtures").join(folder), dir.path());
        return (dir, BTreeSet::new());
    }
    let Some(game) = &case.base else {
        return (tiny_copy(), BTreeSet::new());
    };
    let dir = TempDir::new(game);
    copy_game(&repo(), game, dir.path());
    if case.file.starts_with("i18n/") {
        copy_catalogs(&repo(), game, dir.path());
    }
    let (_, report) = check_dir(dir.path());
    let baseline = report
        .diagnostics
        .iter()
        .map(|d| (d.code.to_string(), d.message.clone()))
        .collect();
    (dir, baseline)
}

#[test]
fn tiny_game_is_clean() {
    for folder in ["tiny", "areas"] {
        let (sources, report) = check_dir(&repo().join("tests/fixtures").join(folder));
        assert!(
            report.diagnostics.is_empty(),
            "the base fixture {folder} must have no diagnostics at all:\n{}",
            render_all(&sources, &report)
        );
    }
}

#[test]
fn every_broken_case_is_caught_at_its_line() {
    let cases = cases();
    assert!(cases.len() > 50, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let (dir, baseline) = base_copy(case);
        let place = match apply(case, dir.path())
            .and_then(|offset| expected_place(case, dir.path(), offset))
        {
            Ok(place) => place,
            Err(e) => {
                failures.push(format!("[{}] cannot apply: {e}", case.name));
                continue;
            }
        };
        let (sources, report) = check_dir(dir.path());
        if let Err(e) = verify(case, dir.path(), place, &baseline, (&sources, &report)) {
            failures.push(format!("[{}] {e}", case.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

/// Every code the loader and the core checks can emit has a broken case.
#[test]
fn every_code_has_a_case() {
    let covered: BTreeSet<String> = cases().into_iter().map(|c| c.code).collect();
    let mut emitted = BTreeSet::new();
    let mut files = vec![
        repo().join("src/load.rs"),
        repo().join("src/pipeline/art.rs"),
    ];
    // The check stage (src/check/) and the concepts (src/concept/: each concept's check.rs and the
    // context they share), read recursively so that a check moved between files is still found.
    fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    rust_files(&repo().join("src/check"), &mut files);
    rust_files(&repo().join("src/concept"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let bytes = text.as_bytes();
        for (i, _) in text.match_indices("\"V0") {
            let code = &bytes[i + 1..(i + 6).min(bytes.len())];
            if code.len() == 5
                && code[1..].iter().all(u8::is_ascii_digit)
                && bytes.get(i + 6) == Some(&b'"')
            {
                emitted.insert(String::from_utf8_lossy(code).into_owned());
            }
        }
    }
    assert!(emitted.len() > 30, "found only {emitted:?}");
    let missing: Vec<&String> = emitted.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "codes without a case in tests/fixtures/broken/cases.toml: {missing:?}"
    );
}

/// The issue's own examples, applied to the real Battle for Moscow data: an overstacked setup hex, a
/// wrong reduced value, a CRT hole, a river between non-adjacent hexes, a misspelled key (and a few
/// more). The expected place is where the edit lands (`at`, a piece of `to`), so the cases survive
/// edits elsewhere in the data.
#[test]
fn issue_examples_on_b4m_data() {
    // (what, code, file, from, to, at, message or help substring)
    let cases: &[(&str, &str, &str, &str, &str, &str, &str)] = &[
        (
            "overstacked setup hex (8.2.2)",
            "V0301",
            "scenarios/b4m/standard.toml",
            "unit = \"5\"\nhex = \"0302\"",
            "unit = \"5\"\nhex = \"0301\"",
            "\"0301\"",
            "holds more than 1 soviet unit",
        ),
        (
            "wrong reduced value (3.3)",
            "V0302",
            "counters/b4m.toml",
            "faces = { full = \"10-6\", reduced = \"5-6\" }",
            "faces = { full = \"10-6\", reduced = \"4-6\" }",
            "\"4-6\"",
            "the rule gives 5",
        ),
        (
            "CRT hole: a result missing from a row (9.0)",
            "V0306",
            "rules/b4m.toml",
            "\"4\" = [\"NE\", \"EX\", \"EX\", \"DRL\", \"DRL\", \"DE\"]",
            "\"4\" = [\"NE\", \"EX\", \"EX\", \"DRL\", \"DE\"]",
            "[\"NE\"",
            "5 results for 6 columns",
        ),
        (
            "CRT hole: a die roll without a row (9.0)",
            "V0306",
            "rules/b4m.toml",
            "\"5\" = [\"NE\", \"NE\", \"EX\", \"DRL\", \"DE\", \"DE\"]\n",
            "",
            "",
            "no row for a roll of 5",
        ),
        (
            "river between non-adjacent hexes (9.2)",
            "V0203",
            "maps/b4m.toml",
            "[\"0105\", \"0106\"]",
            "[\"0105\", \"0107\"]",
            "[\"0105\"",
            "not adjacent",
        ),
        (
            "misspelled key",
            "V0011",
            "rules/b4m.toml",
            "max_units = 1",
            "max_unit = 1",
            "max_unit",
            "did you mean `max_units`?",
        ),
        (
            "German unit off its setup cross (6.0)",
            "V0303",
            "scenarios/b4m/standard.toml",
            "unit = \"XLII\"\nhex = \"0410\"",
            "unit = \"XLII\"\nhex = \"0110\"",
            "\"0110\"",
            "no cross setup mark",
        ),
        (
            "reinforcement after the last turn (4.0)",
            "V0304",
            "scenarios/b4m/standard.toml",
            "turn = 4\nunit = \"1st Shock\"",
            "turn = 8\nunit = \"1st Shock\"",
            "8",
            "outside the game's turns",
        ),
        (
            "victory hex that is not a city (5.0)",
            "V0305",
            "scenarios/b4m/standard.toml",
            "\"0803\", \"0805\", \"0809\"",
            "\"0803\", \"0806\", \"0809\"",
            "\"0806\"",
            "not a city",
        ),
        (
            "counter mix total (docs/sources.md §7)",
            "V0308",
            "counters/b4m.toml",
            "totals = { german = 22, soviet = 17 }",
            "totals = { german = 22, soviet = 18 }",
            "18",
            "the rulebook says 18",
        ),
    ];
    let mut failures = Vec::new();
    for &(what, code, file, from, to, at, text) in cases {
        let dir = TempDir::new("b4m");
        copy_game(&repo(), "b4m", dir.path());
        let offset = match patch(dir.path(), file, from, to) {
            Ok(o) => o,
            Err(e) => {
                failures.push(format!("[{what}] cannot apply: {e}"));
                continue;
            }
        };
        let (sources, report) = check_dir(dir.path());
        // Where the fault is: `at` inside the replacement, or the [combat.table] header for a removed row.
        let (line, column) = if at.is_empty() {
            let text = std::fs::read_to_string(dir.path().join(file)).unwrap_or_default();
            let header = text.find("[combat.table]").unwrap_or(0);
            (line_of(dir.path(), file, header), 1)
        } else {
            let pos = offset + to.find(at).unwrap_or(0);
            let text = std::fs::read_to_string(dir.path().join(file)).unwrap_or_default();
            let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
            (
                line_of(dir.path(), file, pos),
                text[line_start..pos].chars().count() + 1,
            )
        };
        let found = report.diagnostics.iter().find(|d| {
            d.code == code
                && d.severity == Severity::Error
                && place(&sources, d) == (file.to_string(), Some(line), Some(column))
        });
        match found {
            None => failures.push(format!(
                "[{what}] expected error {code} at {file}:{line}:{column}, got:\n{}",
                render_all(&sources, &report)
            )),
            Some(d) => {
                let rendered = d.render(&sources);
                let both = format!("{} {}", d.message, d.help.as_deref().unwrap_or(""));
                if !both.contains(text) || !rendered.contains(&format!("{line} | ")) {
                    failures.push(format!(
                        "[{what}] lacks {text:?} or the source line:\n{rendered}"
                    ));
                }
                if code != "V0011" && d.rule.is_none() {
                    failures.push(format!("[{what}] cites no rule:\n{rendered}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The shipped data passes its own checks: no errors in any game (a game whose sources leave facts
/// open carries warnings from the completeness report), and no warnings at all for B4M, which is
/// complete.
#[test]
fn shipped_games_pass() {
    let (sources, report) = check_dir(&repo());
    let b4m: Vec<_> = ["rules", "counters", "maps", "scenarios"]
        .iter()
        .map(|d| format!("{d}/b4m"))
        .collect();
    let bad: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| {
            let file = place(&sources, d).0;
            d.severity == Severity::Error
                || (d.severity == Severity::Warning
                    && b4m.iter().any(|p| file.starts_with(p.as_str())))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{}",
        bad.iter()
            .map(|d| d.render(&sources))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Issue 13, part 3: `cap = "7:1"` in the shipped B4M rules (a cap the CRT has no column for) is an
/// error that names the file and line, the build refuses the game, and a module already in the output
/// folder is left exactly as it was.
#[test]
fn b4m_cap_outside_the_table_does_not_build() {
    let dir = TempDir::new("b4m-cap");
    copy_game(&repo(), "b4m", dir.path());
    patch(
        dir.path(),
        "rules/b4m.toml",
        "cap = \"6:1\"",
        "cap = \"7:1\"",
    )
    .expect("cap line");
    let cap_line = {
        let text = std::fs::read_to_string(dir.path().join("rules/b4m.toml")).expect("rules");
        line_of(
            dir.path(),
            "rules/b4m.toml",
            text.find("cap = \"7:1\"").expect("patched cap"),
        )
    };

    // The library: one error at the cap, where the shipped data had none.
    let (sources, report) = check_dir(dir.path());
    let errors: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(
        errors.len(),
        1,
        "expected one error:\n{}",
        render_all(&sources, &report)
    );
    assert_eq!(errors[0].code, "V0306");
    assert_eq!(
        place(&sources, errors[0]),
        ("rules/b4m.toml".to_string(), Some(cap_line), Some(7))
    );

    // The binary: the build fails with that error and leaves the output folder alone.
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).expect("dist");
    let previous = b"the module of an earlier build".to_vec();
    std::fs::write(dist.join("b4m-en.vmod"), &previous).expect("previous module");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vmodc"))
        .arg("build")
        .arg("b4m")
        .arg("--root")
        .arg(dir.path())
        .arg("--out")
        .arg(&dist)
        .arg("--no-cache")
        .output()
        .expect("run vmodc");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success(), "the build succeeded:\n{text}");
    assert!(
        text.contains("error[V0306]: odds cap 7:1 is not a CRT column")
            && text.contains(&format!("--> rules/b4m.toml:{cap_line}:7")),
        "the error or its place is missing:\n{text}"
    );
    assert_eq!(
        std::fs::read(dist.join("b4m-en.vmod")).expect("module"),
        previous,
        "the previous module was overwritten"
    );
    let files: Vec<_> = std::fs::read_dir(&dist)
        .expect("dist")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(files.len(), 1, "the build wrote {files:?}");
}
