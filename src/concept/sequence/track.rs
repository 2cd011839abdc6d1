//! What a turn box of the turn record track prints of the turn values (`[[turn_values]]`).

use crate::concept::game::Game;
use crate::i18n::Texts;

/// The lines a turn box prints for the turn values: `Air points: 2`, or `?` for a turn the sources
/// leave out.
pub fn turn_value_lines(game: &Game, tx: &Texts, turn: u32) -> Vec<String> {
    game.rules
        .turn_values
        .iter()
        .filter_map(|v| {
            let value = match v.on_turn(turn) {
                Some(n) => n.to_string(),
                None if !v.complete => "?".to_string(),
                None => return None,
            };
            let name = tx.get(&format!("turn_values.{}", v.id.as_str()));
            Some(tx.fill("ui.track_turn_value", &[("name", &name), ("value", &value)]))
        })
        .collect()
}
