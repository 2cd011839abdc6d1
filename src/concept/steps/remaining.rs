//! How many steps a unit has left on each face, as its type's data gives them: the counter draws one
//! dot per step.

use crate::concept::game::{Game, Unit};

/// The steps a unit has left while showing `face`, as its type's data gives them (0 when not given).
pub fn steps_on_face(game: &Game, unit: &Unit, face: &str) -> u32 {
    game.counters
        .types
        .iter()
        .find(|t| t.id.as_str() == unit.unit_type.as_str())
        .and_then(|t| t.steps.get(face))
        .map_or(0, |n| n.value)
}
