//! Which weather a turn has.

use crate::concept::game::{RulesFile, Weather};
use crate::concept::weather::VariableWeather;
/// The weather of a turn: the weather that lists it, else the default weather.
pub fn weather_of_turn(rules: &RulesFile, turn: u32) -> Option<&Weather> {
    rules
        .weather
        .iter()
        .find(|w| w.turns.iter().any(|t| t.value == turn))
        .or_else(|| rules.weather.iter().find(|w| w.default))
}

/// The weather the variable weather table gives for `roll` on `turn` (1-based), if the table has it.
pub fn rolled_weather(table: &VariableWeather, turn: u32, roll: u32) -> Option<&str> {
    let index = usize::try_from(turn.checked_sub(1)?).ok()?;
    table
        .rows
        .iter()
        .find(|r| (r.rolls.value[0]..=r.rolls.value[1]).contains(&roll))
        .and_then(|r| r.turns.get(index))
        .map(|w| w.as_str())
}
