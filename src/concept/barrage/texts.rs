//! The texts of the barrage: its kinds, shifts and results, its commands, buttons and chat lines.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    ("ui.barrage", "Barrage", "toolbar button"),
    (
        "ui.barrage_tooltip",
        "Resolve the barrage of the units marked Fire barrage on the unit marked Barrage target",
        "toolbar button tooltip",
    ),
    ("ui.clear_barrage", "Clear barrage", "toolbar button"),
    (
        "ui.clear_barrage_tooltip",
        "Clear the Fire barrage and Barrage target marks",
        "toolbar button tooltip",
    ),
    ("ui.barrage_fire", "Fire barrage", "unit command"),
    ("ui.barrage_target", "Barrage target", "unit command"),
    (
        "ui.report_barrage_firer",
        "{piece} fires a barrage",
        "chat: a unit marked to fire a barrage",
    ),
    (
        "ui.report_barrage_target",
        "{piece} in {location} is the barrage target",
        "chat: the barrage target marked",
    ),
    (
        "ui.barrage_shift_toggle",
        "{name} {shift}",
        "toolbar button: turn a barrage shift on or off",
    ),
    (
        "ui.barrage_shift_tooltip",
        "Barrage column shift {shift}: turn it on or off for the next barrage",
        "toolbar button tooltip",
    ),
    (
        "ui.report_barrage_shift",
        "Barrage shift {name} ({shift}): $newValue$ (1 = applies, 0 = not)",
        "chat: a barrage shift turned on or off",
    ),
    (
        "ui.report_barrage",
        "Barrage [{kind}]: {firers} → {target} in {hex}: strength {total} → {strength}, column {column}{supply}; shifts{shifts} = {shift} → column {final}; {dice} {roll} → {result} [rule {rule}]",
        "chat: barrage report",
    ),
    (
        "ui.report_barrage_mixed",
        "Barrage: {firers} are of more than one kind; one barrage uses one kind [rule {rule}]",
        "chat: barrage report",
    ),
    (
        "ui.report_barrage_no_firer",
        "Barrage: no unit is marked Fire barrage",
        "chat: barrage report",
    ),
    (
        "ui.report_barrage_unknown_strength",
        "Barrage [{kind}]: {firers} → {target} in {hex}: the barrage strength of a firing unit is not in the sources, so its column is unknown; shifts{shifts} = {shift} [rule {rule}]",
        "chat: barrage report",
    ),
    ("ui.barrage_supply", ", supply {tokens}T", "chat: barrage report"),
    (
        "ui.barrage_supply_unknown",
        ", supply unknown (not in the sources)",
        "chat: barrage report",
    ),
    ("ui.barrage_supply_free", ", no supply", "chat: barrage report"),
    (
        "ui.barrage_no_column",
        "none the sources name",
        "chat: barrage report",
    ),
    (
        "ui.barrage_column_unknown",
        "unknown (Barrage Table missing)",
        "chat: barrage report",
    ),
    (
        "ui.barrage_cell_unknown",
        "unknown cell (Barrage Table missing)",
        "chat: barrage report",
    ),
];

/// Every interface text of the barrage.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// The barrage's kinds, shifts and results, and its interface texts, in games with `[barrage]`.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    let Some(b) = &game.rules.barrage else {
        return;
    };
    for k in &b.kinds {
        let id = k.id.as_str();
        out.add(
            format!("barrage_kinds.{id}"),
            &k.name,
            "chat: barrage report",
        );
        out.add(
            format!("barrage_brackets.{id}"),
            &k.bracketed,
            "chat: barrage report, a bracketed result",
        );
    }
    out.add_each(
        "barrage_shifts",
        &b.shifts,
        |s| (s.id.as_str(), s.display_name()),
        "toolbar button and chat: a barrage column shift",
    );
    out.add_each(
        "barrage_results",
        &b.results,
        |r| (r.id.as_str(), &r.effect),
        "chat: barrage report, what a result does",
    );
    out.add_interface(INTERFACE);
}
