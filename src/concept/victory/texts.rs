//! The texts of victory: a scenario's victory conditions and victory point terms, and the interface
//! texts of city control markers, the Victory button and its reports.

use crate::concept::game::{Game, Victory};
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    (
        "ui.change_control",
        "Change control",
        "city control marker menu",
    ),
    (
        "ui.control_marker",
        "{city} control",
        "name of a city control marker",
    ),
    ("ui.control", "Control", "control marker image"),
    ("ui.victory", "Victory", "toolbar button"),
    (
        "ui.victory_tooltip",
        "Evaluate the victory conditions from the control markers",
        "toolbar button",
    ),
    (
        "ui.report_control",
        "{old} → {new}",
        "chat: a city changes hands",
    ),
    (
        "ui.report_victory",
        "Victory (rule {rule}): {result}",
        "chat: victory check",
    ),
    (
        "ui.report_no_victory",
        "Victory: the data of this scenario states no victory conditions",
        "chat: victory check",
    ),
    (
        "ui.report_points",
        "Victory points for {side} (rule {rule}): {terms} = {total} → {result}.",
        "chat: victory points",
    ),
    (
        "ui.points_term",
        "{name} {points}",
        "chat: victory points, one term",
    ),
    (
        "ui.points_losses",
        "losses −{points} (rounded up)",
        "chat: victory points",
    ),
    (
        "ui.points_condition",
        " The players must still judge: {conditions}.",
        "chat: victory points, what the module cannot compute",
    ),
];

/// Every interface text of victory.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// The control markers, the Victory button and its reports (every game has them).
pub(crate) fn entries(_game: &Game, out: &mut Entries) {
    out.add_interface(INTERFACE);
}


/// A scenario's victory conditions and victory point terms (`id`: the scenario's).
pub(crate) fn scenario_entries(id: &str, v: &Victory, out: &mut Entries) {
    // Only the printed kit's victory conditions show it (a `kit_…` section: not in the module).
    out.add(
        format!("kit_victory_when.{id}"),
        &v.when,
        "print-and-play PDF: when victory is judged",
    );
    for (i, c) in v.conditions.iter().enumerate() {
        out.add(
            format!("victory.{id}-{}", i + 1),
            &c.result,
            "chat: victory check",
        );
    }
    out.add(
        format!("victory.{id}-otherwise"),
        &v.otherwise,
        "chat: victory check",
    );
    if let Some(vp) = &v.points {
        for (i, t) in vp.terms.iter().enumerate() {
            out.add(
                format!("vp_terms.{id}-{}", i + 1),
                &t.name,
                "chat: victory points",
            );
            if !t.condition.is_empty() {
                let key = format!("vp_conditions.{id}-{}", i + 1);
                out.add(key, &t.condition, "chat: victory points");
            }
        }
        for (i, th) in vp.thresholds.iter().enumerate() {
            out.add(
                format!("vp_results.{id}-{}", i + 1),
                &th.result,
                "chat: victory points",
            );
        }
    }
}
