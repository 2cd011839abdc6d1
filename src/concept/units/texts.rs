//! The texts of units: sides, unit types, faces and unit names, and the interface texts of a unit's
//! piece (flip, eliminate), the counter palette and the player roster.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    ("ui.flip", "Flip", "unit menu: step loss / recovery"),
    (
        "ui.eliminate",
        "Eliminate",
        "unit menu: send to the eliminated box",
    ),
    ("ui.counters", "Counters", "counter palette window"),
    (
        "ui.counters_tooltip",
        "Show the counter palette",
        "counter palette button",
    ),
    ("ui.retire", "Retire", "player roster button"),
    ("ui.switch_sides", "Switch sides", "player roster button"),
    (
        "ui.report_create",
        "{piece} created in {location}",
        "chat: a piece placed from the palette",
    ),
    (
        "ui.report_flip",
        "{old} flips to {new} in {location}",
        "chat: a flip",
    ),
    (
        "ui.report_eliminated",
        "{old} is eliminated",
        "chat: an elimination",
    ),
    (
        "ui.eliminated_box",
        "{side} eliminated",
        "off-map box and its location name",
    ),
];

/// Every interface text of units.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// Sides, unit types, faces and units.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    let r = &game.rules;
    out.add_each(
        "sides",
        &r.sides,
        |s| (s.id.as_str(), &s.name),
        "side names: roster, palette, boxes",
    );
    out.add_each(
        "types",
        &game.counters.types,
        |t| (t.id.as_str(), &t.name),
        "unit type names",
    );
    for f in &game.counters.counters.faces {
        out.add(
            format!("faces.{}", f.as_str()),
            f.as_str(),
            "counter face names (flipped unit names)",
        );
    }
    for u in &game.counters.units {
        out.add(
            format!("units.{}", u.id.as_str()),
            u.display_name(),
            "unit names",
        );
    }
    // A label the data gives is a text of its own (the id printed as the label is an id).
    for u in &game.counters.units {
        if let Some(label) = &u.label {
            out.add(
                format!("{}.{}", crate::i18n::LABELS_SECTION, u.id.as_str()),
                &label.value,
                "counter labels, printed on the counter (optional: without a text here the counter prints the data's label)",
            );
        }
    }
    out.add_interface(INTERFACE);
}
