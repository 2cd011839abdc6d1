//! What replacement counters add to the module: on a unit of a replaced type, a command (Ctrl+K) that
//! reports the swap in the chat, then swaps the unit for the replacement counter of its side at the
//! same place (VASSAL's Replace With Other, with the replacement's whole piece definition inside).

use super::Replacement;
use crate::concept::game::{Game, Unit};
use crate::concept::gpids::palette_unit_key;
use crate::concept::plan::Plan;
use crate::vassal::traits::{self as pieces, Key, Piece, Trait, CTRL};

/// Ctrl+K: replace a unit with its replacement counter (Kampfgruppe).
pub const REPLACE_KEY: Key<'static> = Key::Stroke(75, CTRL);
/// Sent first by the command: the report, while the unit is still on the map.
const REPORT_KEY: Key<'static> = Key::Named("ReplaceReport");
/// Sent second: the swap itself.
const SWAP_KEY: Key<'static> = Key::Named("ReplaceSwap");

/// The replacement rule of `unit`'s type, if any.
pub fn replacement_rule<'g>(game: &'g Game, unit: &Unit) -> Option<&'g Replacement> {
    game.counters
        .replacements
        .iter()
        .find(|r| r.covers(&unit.unit_type))
}

/// The counter that replaces `unit`: the first counter of the replacement type on the unit's side.
pub fn replacement_unit<'g>(game: &'g Game, unit: &Unit) -> Option<&'g Unit> {
    let rule = replacement_rule(game, unit)?;
    game.counters.units.iter().find(|u| {
        u.unit_type.as_str() == rule.replaced_by.as_str() && u.side.as_str() == unit.side.as_str()
    })
}

/// The piece-slot id of a palette counter, as the palette hands it out (reserved in the plan).
fn palette_gpid(plan: &Plan, unit_id: &str) -> String {
    plan.gpids
        .peek(&palette_unit_key(unit_id))
        .unwrap_or_default()
}

/// The replace command, its report and the swap, for a unit of a replaced type. `marker` builds the
/// replacement counter's piece (its first face, without commands of its own to replace it). Empty for
/// other units, and when the side has no replacement counter (the checks report it).
pub fn replace_traits(
    game: &Game,
    plan: &Plan,
    unit: &Unit,
    marker: &dyn Fn(&Unit, &str) -> Option<Piece>,
) -> Vec<Trait> {
    let Some(by) = replacement_unit(game, unit) else {
        return Vec::new();
    };
    let gpid = palette_gpid(plan, &by.id);
    let Some(piece) = marker(by, &gpid) else {
        return Vec::new();
    };
    let replacement = plan.tx.get(&format!("types.{}", by.unit_type.as_str()));
    let command = plan.tx.fill("ui.replace", &[("replacement", &replacement)]);
    vec![
        pieces::command_trigger(
            "Replace with the replacement counter",
            &command,
            REPLACE_KEY,
            &[REPORT_KEY, SWAP_KEY],
        ),
        pieces::report(
            &[REPORT_KEY],
            &plan.tx.fill(
                "ui.report_replace",
                &[
                    ("piece", "$oldPieceName$"),
                    ("replacement", &replacement),
                    ("location", "$location$"),
                ],
            ),
            "Report replacement",
        ),
        pieces::replace_with(
            "",
            SWAP_KEY,
            &piece,
            &gpid,
            "Swap in the replacement counter",
        ),
    ]
}
