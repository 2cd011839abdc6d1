//! The interface texts of the inventory window.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    (
        "ui.inventory",
        "Units by side",
        "inventory window and its toolbar button",
    ),
    (
        "ui.inventory_tooltip",
        "Every unit on the maps, by side and by where it stands",
        "inventory toolbar button",
    ),
];

/// Every interface text of the inventory.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// The inventory's texts (every game has the window).
pub(crate) fn entries(_game: &Game, out: &mut Entries) {
    out.add_interface(INTERFACE);
}
