//! `vmodc diff`: what changed for players between two versions of a game's data.

use crate::common::{
    code, copy_catalogs, copy_game, patch, path, repo, show, text, tiny_copy, vmodc, TempDir,
};
use std::path::Path;
use vmodc::diag::Sources;
use vmodc::diff::{diff, Change};

fn changes(old: &Path, new: &Path) -> Vec<Change> {
    let mut sources = Sources::default();
    let (a, _) = vmodc::pipeline::load_and_check(old, "tiny", &mut sources);
    let (b, _) = vmodc::pipeline::load_and_check(new, "tiny", &mut sources);
    diff(&a.expect("old loads"), &b.expect("new loads"))
}

fn change(area: &'static str, what: &str, old: Option<&str>, new: Option<&str>) -> Change {
    Change {
        area,
        what: what.into(),
        old: old.map(str::to_string),
        new: new.map(str::to_string),
    }
}

#[test]
fn errata_show_up_as_what_changed() {
    let old = tiny_copy();
    let new = tiny_copy();
    assert_eq!(changes(old.path(), new.path()), [], "identical data");
    let edit = |file: &str, from: &str, to: &str| patch(new.path(), file, from, to).expect(file);
    edit(
        "counters/tiny.toml",
        "reduced = \"3-5\"",
        "reduced = \"2-5\"",
    );
    edit(
        "scenarios/tiny/basic.toml",
        "hex = \"0102\"",
        "hex = \"0103\"",
    );
    edit(
        "maps/tiny.toml",
        "forest = [\"0202\", \"0303\"]",
        "forest = [\"0202\"]",
    );
    edit(
        "rules/tiny.toml",
        "\"6\" = [\"AL\", \"AL\", \"NE\"]",
        "\"6\" = [\"AL\", \"NE\", \"NE\"]",
    );
    edit(
        "rules/tiny.toml",
        "name = \"Red Movement\"",
        "name = \"Red Move\"",
    );
    let got = changes(old.path(), new.path());
    let expected = [
        change("crt", "2:1 roll 6", Some("AL"), Some("NE")),
        change("hex", "0303", Some("forest"), Some("clear")),
        change(
            "phase",
            "red-move",
            Some("1. Red Movement"),
            Some("1. Red Move"),
        ),
        change(
            "setup",
            "basic/R2",
            Some("0102 (full)"),
            Some("0103 (full)"),
        ),
        change(
            "setup",
            "short/R2",
            Some("0102 (full)"),
            Some("0103 (full)"),
        ),
        change(
            "text",
            "phases.red-move",
            Some("Red Movement"),
            Some("Red Move"),
        ),
    ];
    for e in &expected {
        assert!(got.contains(e), "missing {e:?} in {got:#?}");
    }
    let unit = got
        .iter()
        .find(|c| c.area == "unit")
        .expect("the unit's change");
    assert!(
        unit.old
            .as_deref()
            .is_some_and(|o| o.contains("reduced 3-5"))
            && unit
                .new
                .as_deref()
                .is_some_and(|n| n.contains("reduced 2-5")),
        "{unit:?}"
    );
    assert_eq!(got.len(), expected.len() + 1, "{got:#?}");
}

#[test]
fn command_line_lists_changes_in_both_formats() {
    let old = tiny_copy();
    let new = tiny_copy();
    patch(
        new.path(),
        "counters/tiny.toml",
        "reduced = \"3-5\"",
        "reduced = \"2-5\"",
    )
    .expect("edit");
    let out = vmodc(&["diff", path(old.path()), path(new.path()), "tiny"]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("tiny: 1 change(s) from "), "{stdout}");
    assert!(stdout.contains("  unit R2: "), "{stdout}");
    let out = vmodc(&[
        "diff",
        path(old.path()),
        path(new.path()),
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json[0]["game"], "tiny");
    assert_eq!(json[0]["area"], "unit");
    assert_eq!(json[0]["what"], "R2");
    // A version that is neither a folder nor a revision is refused, with the reason.
    let out = vmodc(&["diff", "no-such-revision-xyz", path(new.path())]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("neither a project folder"),
        "{}",
        show(&out)
    );
}

/// `vmodc diff OLD NEW b4m --format FORMAT`, which must succeed: what it printed.
pub(crate) fn diff_b4m(old: &Path, new: &Path, format: &str) -> String {
    let out = vmodc(&["diff", path(old), path(new), "b4m", "--format", format]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    text(&out.stdout)
}

/// A copy of Battle for Moscow's data (rules, counters, map, scenarios and catalogs).
pub(crate) fn b4m_copy() -> TempDir {
    let dir = TempDir::new("b4m");
    copy_game(&repo(), "b4m", dir.path());
    copy_catalogs(&repo(), "b4m", dir.path());
    dir
}

/// The errata of issue 17 applied to a copy of Battle for Moscow: the XXIV Panzer Corps' strength
/// 12 → 11 (its reduced face 6 → 5, as the reduction rule derives it), the CRT's 3:1 column at roll 6 DRL → DR, and the XLI renamed (in the data, which is English).
pub(crate) fn b4m_errata() -> TempDir {
    let dir = b4m_copy();
    let edit = |file: &str, from: &str, to: &str| patch(dir.path(), file, from, to).expect(file);
    edit(
        "counters/b4m.toml",
        "id = \"XXIV\"\nname = \"XXIV Panzer Corps\"\nside = \"german\"\ntype = \"panzer\"\nsize = \"XXX\"\nfaces = { full = \"12-6\", reduced = \"6-6\" }",
        "id = \"XXIV\"\nname = \"XXIV Panzer Corps\"\nside = \"german\"\ntype = \"panzer\"\nsize = \"XXX\"\nfaces = { full = \"11-6\", reduced = \"5-6\" }",
    );
    edit(
        "rules/b4m.toml",
        "\"6\" = [\"AL\", \"NE\", \"DRL\", \"DE\", \"DE\", \"DE\"]",
        "\"6\" = [\"AL\", \"NE\", \"DR\", \"DE\", \"DE\", \"DE\"]",
    );
    edit(
        "counters/b4m.toml",
        "name = \"XLI Panzer Corps\"",
        "name = \"XLI Motorized Corps\"",
    );
    dir
}

#[test]
fn b4m_errata_show_up_as_exactly_those_changes() {
    let old = b4m_copy();
    let new = b4m_errata();
    let mut sources = Sources::default();
    let (a, _) = vmodc::pipeline::load_and_check(old.path(), "b4m", &mut sources);
    let (b, report) = vmodc::pipeline::load_and_check(new.path(), "b4m", &mut sources);
    assert!(!report.has_errors(), "the errata data is valid");
    let got = diff(&a.expect("old loads"), &b.expect("new loads"));
    let expected = [
        change("crt", "3:1 roll 6", Some("DRL"), Some("DR")),
        change(
            "text",
            "units.XLI (en)",
            Some("XLI Panzer Corps"),
            Some("XLI Motorized Corps"),
        ),
        change(
            "unit",
            "XXIV",
            Some("german panzer XXX, full 12-6, reduced 6-6"),
            Some("german panzer XXX, full 11-6, reduced 5-6"),
        ),
    ];
    assert_eq!(got, expected);
}
