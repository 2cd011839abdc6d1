//! Series layering (concept `series`): a game's rules over its series' rules keep every value's own
//! file and line, so a fault in a series section is reported in the series' file for each game that
//! uses it, and a game's own sections in the game's file.

use crate::common::{check_dir, patch, place, tiny_copy};
use vmodc::diag::Severity;

#[test]
fn faults_point_into_the_file_that_holds_them() {
    let dir = tiny_copy();
    // A fault in the series (Tiny War's first phase names an unknown side).
    let at = patch(
        dir.path(),
        "rules/tiny.toml",
        "name = \"Red Movement\"\nside = \"red\"",
        "name = \"Red Movement\"\nside = \"green\"",
    )
    .expect("the red movement phase")
        + "name = \"Red Movement\"\n".len();
    let line = crate::common::line_of(dir.path(), "rules/tiny.toml", at);
    // A section of the game's own (Tinier War replaces stacking, saying which rule).
    patch(
        dir.path(),
        "rules/tinier.toml",
        "series = \"tiny\"",
        "series = \"tiny\"\n\n[[overrides]]\nsection = \"stacking\"\nreplaces = \"6.0\"\n\n[stacking]\nmax_units = 0\nwhen = \"always\"\n",
    )
    .expect("series line");
    let (sources, report) = check_dir(dir.path());
    let unknown_side: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && d.message.contains("green"))
        .map(|d| place(&sources, d))
        .collect();
    // Once for Tiny War, once for Tinier War: both in the series' file, at the line of the fault.
    let expected = ("rules/tiny.toml".to_string(), Some(line), Some(8));
    assert_eq!(unknown_side, [expected.clone(), expected]);
    let note = report
        .diagnostics
        .iter()
        .find(|d| d.code == "V0123")
        .expect("the override's note");
    assert_eq!(place(&sources, note).0, "rules/tinier.toml");
}
