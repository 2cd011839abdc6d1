//! The interface texts of movement: the move report, the weather's and the allowance's movement
//! warnings.

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
];

/// The movement allowance warning, in a game that has `[movement.allowance]` only.
const ALLOWANCE: &[InterfaceText] = &[
    (
        "ui.report_allowance_move",
        "{piece} moved farther than its {allowance} MP take it even at {rate} MP a hex: at most {max} hexes (rule {rule})",
        "chat: movement allowance warning",
    ),
];

/// Every interface text of movement.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
    out.add_interface(ALLOWANCE);
}

/// The move report and the weather's movement warning (every game has them), and the allowance
/// warning in a game that has one.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    out.add_interface(INTERFACE);
    if game.rules.movement.allowance.is_some() {
        out.add_interface(ALLOWANCE);
    }
}
