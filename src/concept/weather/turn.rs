//! Which weather a turn has.

use crate::model::{RulesFile, Weather};
/// The weather of a turn: the weather that lists it, else the default weather.
pub fn weather_of_turn(rules: &RulesFile, turn: u32) -> Option<&Weather> {
    rules
        .weather
        .iter()
        .find(|w| w.turns.iter().any(|t| t.value == turn))
        .or_else(|| rules.weather.iter().find(|w| w.default))
}
