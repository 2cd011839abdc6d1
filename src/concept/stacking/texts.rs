//! The texts of stacking: when the limit applies, and the stacking warning.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[(
    "ui.report_overstack",
    "Stacking (rule {rule}): {location} holds {count} units; at most {max} may remain there ({when})",
    "chat: stacking warning",
)];

/// Every interface text of stacking.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// When the stacking limit applies, and the stacking warning.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    out.add(
        "stacking.when".into(),
        &game.rules.stacking.when,
        "chat: stacking warning",
    );
    out.add_interface(INTERFACE);
}
