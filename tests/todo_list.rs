//! `vmodc check GAME --todo`: the facts a game lacks, grouped by the component that shows them.

use crate::common::*;
use std::path::Path;
use vmodc::check::todo::{render_todo, todo_groups};
use vmodc::concept::provenance::Component;
use vmodc::diag::{Severity, Sources};

/// Every gap of Blitzkrieg to Moscow 2 is sorted under a component, with the data keys to fill; the
/// four components of the issue (map, counter sheet, CRT card, turn track) each have some.
#[test]
fn btm2_gaps_are_listed_by_component_with_their_keys() {
    let mut sources = Sources::default();
    let (_, report) = vmodc::pipeline::load_and_check(Path::new("."), "btm2", &mut sources);
    let gaps = report
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("V08") && d.severity == Severity::Warning)
        .count();
    let groups = todo_groups(&report, &sources);
    let listed: usize = groups.iter().map(|g| g.items.len()).sum();
    assert_eq!(listed, gaps, "every gap is listed once");
    assert!(gaps >= 70, "{gaps}");
    for component in [
        Component::Map,
        Component::CounterSheet,
        Component::CrtCard,
        Component::TurnTrack,
    ] {
        assert!(
            groups
                .iter()
                .any(|g| g.component == Some(component) && !g.items.is_empty()),
            "no gaps {}",
            component.heading()
        );
    }
    for group in &groups {
        assert!(group.component.is_some(), "unsorted: {:?}", group.items);
        for item in &group.items {
            assert!(!item.keys.is_empty(), "no key to fill: {}", item.what);
            assert!(item.at.contains(".toml:"), "{}", item.at);
        }
    }
    let text = render_todo("btm2", &groups);
    assert!(text.contains("from the CRT card"), "{text}");
    assert!(
        text.contains("fill: [[units]] id = \"sov-9\" → faces.active"),
        "{text}"
    );
}

/// The command prints the list on standard output, the headings in the order of the components.
#[test]
fn check_todo_prints_the_groups() {
    let out = vmodc(&["check", "btm2", "--todo", "--root", path(&repo())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let stdout = text(&out.stdout);
    let at = |h: &str| {
        stdout
            .find(h)
            .unwrap_or_else(|| panic!("no {h:?} in\n{stdout}"))
    };
    assert!(at("from the map") < at("from the counter sheet"));
    assert!(at("from the counter sheet") < at("from the CRT card"));
    assert!(at("from the CRT card") < at("from the turn track"));
    let out = vmodc(&["check", "b4m", "--todo", "--root", path(&repo())]);
    assert!(
        text(&out.stdout).contains("nothing to fill"),
        "{}",
        show(&out)
    );
}
