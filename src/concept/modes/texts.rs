//! The interface texts of modes: the Mode command and its report. (The mode names are listed with
//! the turn's texts: see `sequence::texts`.)

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    (
        "ui.mode",
        "Mode",
        "unit menu: report the unit's mode and its values",
    ),
    (
        "ui.report_mode",
        "{unit}: {mode} — strength {strength}, movement {movement}, action rating {action_rating}",
        "chat: a unit's mode and the values it derives",
    ),
];

/// Every interface text of modes.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// The Mode command and its report (every game has them).
pub(crate) fn entries(_game: &Game, out: &mut Entries) {
    out.add_interface(INTERFACE);
}
