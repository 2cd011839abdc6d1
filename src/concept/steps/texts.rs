//! The interface texts of replacement counters: the replace command and its report.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const REPLACE: &[InterfaceText] = &[
    (
        "ui.replace",
        "Replace with {replacement}",
        "unit menu: swap a unit for its replacement counter",
    ),
    (
        "ui.report_replace",
        "{piece} is replaced by {replacement} in {location}",
        "chat: a unit is swapped for its replacement counter",
    ),
];

/// Every interface text of steps.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(REPLACE);
}

/// The replace command and its report, in games with replacement counters.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    if !game.counters.replacements.is_empty() {
        out.add_interface(REPLACE);
    }
}
