//! Weather: the conditions a turn can have, and what each changes.

pub(crate) mod check;
pub mod concept;
pub mod module;
pub(crate) mod texts;
pub mod turn;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Weather {
        pub id: Sp<String>,
        pub name: String,
        /// Turns with this weather. The weather with `default = true` covers every other turn.
        #[serde(default)]
        pub turns: Vec<Sp<u32>>,
        #[serde(default)]
        pub default: bool,
        /// Its effects, in a sentence for the turn track and charts.
        #[serde(default)]
        pub effects: String,
    }
}

cited! {
    /// `[variable_weather]` in rules/<game>.toml: a table that rolls each turn's weather instead of
    /// reading it from the turn track (an optional rule, e.g. The Last Stand at Moscow 13.2).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct VariableWeather {
        /// Whether the players must agree to use it.
        #[serde(default)]
        pub optional: bool,
        /// When the roll is made, in a sentence.
        #[serde(default)]
        pub when: String,
        /// One row per range of rolls of the game's die, best first.
        pub rows: Vec<WeatherRow>,
    }
}

/// A row of the variable weather table: the rolls it covers and the weather it gives on each turn.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeatherRow {
    /// First and last roll of the row (`[2, 5]`).
    pub rolls: Sp<[u32; 2]>,
    /// The weather id of each turn, turn 1 first.
    pub turns: Vec<Sp<String>>,
}
