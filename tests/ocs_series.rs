//! A game of the OCS series (rules/ocs.toml): its rules file writes only what differs, each section
//! it replaces naming the series rule. `vmodc check` notes the override with the rule's number and
//! title, and refuses an override of a rule number the series does not have, naming file and line.

use crate::common::{check_dir, line_of, place, repo, TempDir};
use vmodc::diag::Severity;

/// A project with the OCS series and one game of it whose rules are `rules` (its counters, map and
/// scenarios are the series' own examples).
fn ocs_game(rules: &str) -> TempDir {
    let dir = TempDir::new("ocs-game");
    let root = repo();
    for (from, to) in [
        ("rules/ocs.toml", "rules/ocs.toml"),
        ("counters/ocs.toml", "counters/ocs.toml"),
        ("maps/ocs.toml", "maps/ocs.toml"),
        ("counters/ocs.toml", "counters/ocs-game.toml"),
        ("maps/ocs.toml", "maps/ocs-game.toml"),
        (
            "scenarios/ocs/p14-combat.toml",
            "scenarios/ocs/p14-combat.toml",
        ),
        (
            "scenarios/ocs/p14-combat.toml",
            "scenarios/ocs-game/p14-combat.toml",
        ),
    ] {
        let target = dir.path().join(to);
        std::fs::create_dir_all(target.parent().expect("folder")).expect("mkdir");
        std::fs::copy(root.join(from), target).expect("copy");
    }
    std::fs::write(dir.path().join("rules/ocs-game.toml"), rules).expect("rules");
    dir
}

const GAME: &str = r#"# A game of the OCS series with a stacking limit of its own.
[game]
id = "ocs-game"
title = "An OCS game"
version = "0.1.0"
description = "The series rules, 8 RE to a hex."
rulebook = "the game's rules"
series = "ocs"

[[overrides]]
section = "stacking"
replaces = "4.8"
why = "8 RE to a hex in this game"

[stacking]
max_units = 8
when = "at the end of every segment and phase"
rule = "1.1"
"#;

#[test]
fn an_override_is_a_note_naming_the_series_rule() {
    let dir = ocs_game(GAME);
    let (sources, report) = check_dir(dir.path());
    let errors: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.render(&sources))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let note = report
        .diagnostics
        .iter()
        .find(|d| d.code == "V0123")
        .expect("a note for the override");
    assert_eq!(
        note.message,
        "`stacking` replaces series rule 4.8 (Stacking) of `ocs`: 8 RE to a hex in this game"
    );
    assert_eq!(place(&sources, note).0, "rules/ocs-game.toml");
}

#[test]
fn an_override_of_a_rule_the_series_lacks_is_an_error_at_its_line() {
    let dir = ocs_game(&GAME.replace("replaces = \"4.8\"", "replaces = \"4.9\""));
    let (sources, report) = check_dir(dir.path());
    let error = report
        .diagnostics
        .iter()
        .find(|d| d.code == "V0121")
        .expect("an error for the unknown rule");
    assert_eq!(error.severity, Severity::Error);
    assert_eq!(error.message, "series `ocs` has no rule 4.9 to override");
    let text = std::fs::read_to_string(dir.path().join("rules/ocs-game.toml")).expect("rules");
    let at = text.find("\"4.9\"").expect("the rule");
    assert_eq!(
        place(&sources, error),
        (
            "rules/ocs-game.toml".to_string(),
            Some(line_of(dir.path(), "rules/ocs-game.toml", at)),
            Some(12)
        )
    );
}
