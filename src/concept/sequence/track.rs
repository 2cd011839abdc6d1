//! What a turn box of the turn record track prints of the turn values (`[[turn_values]]`).

use crate::concept::game::Game;
use crate::concept::plan::{LineKind, TrackLine, TurnBox};
use crate::i18n::Texts;

/// A turn box's lines of the sequence: the turn's label (a date), then its turn values.
pub fn turn_lines(game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox) {
    if (turn as usize) <= game.rules.turns.labels.len() {
        out.lines.push(TrackLine::new(
            LineKind::TurnLabel,
            tx.get(&format!("turn_labels.{turn}")),
        ));
    }
    out.lines.extend(
        turn_value_lines(game, tx, turn)
            .into_iter()
            .map(|t| TrackLine::new(LineKind::TurnValue, t)),
    );
}

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
