//! The interface texts of movement: the move report and the weather's movement warning.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    ("ui.report_move", "{piece} moves {from} → {to}", "chat: a move"),
    ("ui.movement_trail", "Movement trail", "unit menu: show or hide its trail"),
    (
        "ui.clear_trails",
        "Clear movement trails",
        "toolbar button: empty every unit's trail",
    ),
    (
        "ui.clear_trails_tooltip",
        "Empty every unit's movement trail (at the start of a movement)",
        "toolbar button tooltip",
    ),
    (
        "ui.report_weather_move",
        "{weather} (rule {rule}): {piece} moved more than {max} hex in one move; at most {max} per phase in {weather}",
        "chat: weather movement warning",
    ),
    (
        "ui.report_allowance_move",
        "{piece} moved farther than its {allowance} MP take it even at {rate} MP a hex: at most {max} hexes (rule {rule})",
        "chat: movement allowance warning",
    ),
];

/// Every interface text of movement.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// The move report and the weather's movement warning (every game has them).
pub(crate) fn entries(_game: &Game, out: &mut Entries) {
    out.add_interface(INTERFACE);
}
