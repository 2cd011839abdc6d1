//! The interface text of reports: a chat line with who made the change.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[(
    "ui.report_by",
    "{message} — {player} ({side})",
    "chat: every report of a change to a piece, with the player who made it",
)];

/// Every interface text of reports.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// The report wrapper (every game has it).
pub(crate) fn entries(_game: &Game, out: &mut Entries) {
    out.add_interface(INTERFACE);
}
