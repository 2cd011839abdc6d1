//! Phases that are not played in some turns: before their first turn, or in some weather. The
//! module's phase announcement says the same (module.rs), and the tests compare the two.

use crate::concept::game::Phase;

/// Why a phase is not played this turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// The phase starts on a later turn (`first_turn`).
    BeforeFirstTurn(u32),
    /// Not played in this weather (`skipped_in`).
    InWeather(String),
}

/// Whether `phase` is skipped on `turn` in weather `weather` (a `[[weather]]` id), and why; the first
/// turn is asked first.
pub fn skipped(phase: &Phase, turn: u32, weather: &str) -> Option<Skip> {
    if let Some(first) = &phase.first_turn {
        if turn < first.value {
            return Some(Skip::BeforeFirstTurn(first.value));
        }
    }
    phase
        .skipped_in
        .iter()
        .find(|w| w.as_str() == weather)
        .map(|w| Skip::InWeather(w.value.clone()))
}
