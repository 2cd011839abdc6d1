//! The texts of markers: their names and printed texts, and the interface texts of the palette's
//! marker list and of the count a marker carries.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    (
        "ui.markers",
        "Markers",
        "counter palette: the list of markers",
    ),
    (
        "ui.tally_add",
        "Add 1 {unit}",
        "marker menu: add to the count a marker carries",
    ),
    (
        "ui.tally_spend",
        "Spend 1 {unit}",
        "marker menu: take from the count a marker carries",
    ),
    (
        "ui.report_tally",
        "{marker}: {count}",
        "chat: a marker's count after a change",
    ),
    (
        "ui.tally_split",
        "Split off 1 {unit}",
        "marker menu: split part of the count off into a new marker",
    ),
    (
        "ui.tally_merge",
        "Merge with the others here",
        "marker menu: merge the markers of this kind in the stack into this one",
    ),
    (
        "ui.report_tally_split",
        "{marker}: 1 {unit} split off, {count} left",
        "chat: a marker's count after a split",
    ),
    (
        "ui.report_tally_merge",
        "{marker}: merged, {count}",
        "chat: a marker's count after a merge",
    ),
];

/// Every interface text of markers.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// Each marker's name and printed text, and its back's.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    for m in &game.counters.markers {
        let id = m.id.as_str();
        out.add(format!("markers.{id}"), &m.name, "marker names (palette)");
        out.add(
            format!("marker_texts.{id}"),
            &m.text,
            "texts printed on markers",
        );
        if let Some(b) = &m.back {
            out.add(
                format!("marker_backs.{id}"),
                &b.name,
                "names of markers' back faces",
            );
            out.add(
                format!("marker_back_texts.{id}"),
                &b.text,
                "texts printed on markers' back faces",
            );
        }
    }
    out.add_interface(INTERFACE);
}
