//! Fire on a fixed column (`[[combat.fire]]`): which units fire, with which dice, and the CRT cell
//! a roll gives. The module's Fire command (module.rs) reads the same cells.

use crate::concept::combat::odds::{Lookup, OddsOutcome, Resolution};
use crate::concept::game::{Combat, FixedFire, Game, Unit};

/// The fire a unit may make: the first `[[combat.fire]]` entry listing its type.
pub fn fire_of<'g>(game: &'g Game, unit: &Unit) -> Option<&'g FixedFire> {
    game.rules.combat.fire.iter().find(|f| {
        f.unit_types
            .iter()
            .any(|t| t.as_str() == unit.unit_type.as_str())
    })
}

/// The dice the fire rolls: (count, faces) of its `[[other_dice]]`, else of `[dice]`.
pub fn fire_dice(game: &Game, fire: &FixedFire) -> (u32, u32) {
    let rules = &game.rules;
    fire.die
        .as_ref()
        .and_then(|id| {
            rules
                .other_dice
                .iter()
                .find(|d| d.id.as_str() == id.as_str())
        })
        .map_or((rules.dice.count, rules.dice.faces), |d| (d.count, d.faces))
}

/// The CRT cell of `roll` on the fire's column: the table's, a known cell, or unknown.
pub fn fire_lookup<'c>(combat: &'c Combat, fire: &FixedFire, roll: u32) -> Lookup<'c> {
    let Some(index) = combat
        .columns
        .iter()
        .position(|c| c.as_str() == fire.column.as_str())
    else {
        return Lookup::Unknown;
    };
    let none = crate::concept::combat::odds::NO_ODDS;
    let outcome = OddsOutcome {
        attack: 0.0,
        defence: 0.0,
        raw: none,
        capped: none,
        shift: 0,
        shifted: none,
        read_beyond: 0,
        raw_unknown: false,
        resolution: Resolution::Column {
            index,
            clamped: false,
        },
    };
    outcome.lookup(combat, roll)
}
