//! The interface texts of untried units: the Reveal command, and the return to the cup of a rebuilt
//! unit in games whose untried units are drawn from cups.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const REVEAL: &[InterfaceText] = &[
    ("ui.reveal", "Reveal", "unit menu: reveal an untried unit"),
    (
        "ui.report_reveal",
        "{piece} is revealed in {location}: {values}",
        "chat: an untried unit is revealed",
    ),
];

const RETURN_TO_CUP: &[InterfaceText] = &[
    (
        "ui.return_to_cup",
        "Return to cup",
        "unit menu: a rebuilt untried unit goes back into its cup",
    ),
    (
        "ui.report_return",
        "{piece} goes back into {cup}",
        "chat: a unit returns to its cup",
    ),
];

/// Every interface text of untried units.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(REVEAL);
    out.add_interface(RETURN_TO_CUP);
}

/// The Reveal command and its report, in games with untried units.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    if game.counters.untried.is_none() {
        return;
    }
    out.add_interface(REVEAL);
    if game.counters.untried.iter().any(|u| !u.cups.is_empty()) {
        out.add_interface(RETURN_TO_CUP);
    }
}
