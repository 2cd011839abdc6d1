//! Movement limits: weather-dependent movement allowances and prohibited moves.

pub(crate) mod check;
pub mod concept;
pub mod module;
pub(crate) mod texts;
pub mod zoc;

use crate::concept::provenance::cited;
use crate::model::keyword::{keyword, Keyword};
use crate::model::spanned::Sp;
use serde::Deserialize;

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    #[serde(default)]
    pub weather_limits: Vec<WeatherMoveLimit>,
    /// Units that may not move in given turns or phases.
    #[serde(default)]
    pub prohibitions: Vec<MoveProhibition>,
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct WeatherMoveLimit {
        pub weather: Sp<String>,
        /// Most hexes a unit may move in one phase.
        pub max_hexes: u32,
        /// `cap` (default): a movement allowance above `max_hexes` is lowered to it; `set`: every
        /// unit's movement allowance becomes `max_hexes`.
        pub mode: Option<Sp<String>>,
        /// Phases exempt from the limit.
        #[serde(default)]
        pub except_phases: Vec<Sp<String>>,
    }
}

cited! {
    /// Units that may not move in some turns or phases (`[[movement.prohibitions]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct MoveProhibition {
        /// Units concerned, by id.
        #[serde(default)]
        pub units: Vec<Sp<String>>,
        /// Unit types concerned.
        #[serde(default)]
        pub unit_types: Vec<Sp<String>>,
        /// Turns it applies to; none = every turn.
        #[serde(default)]
        pub turns: Vec<Sp<u32>>,
        /// Phases it applies to; none = every phase.
        #[serde(default)]
        pub phases: Vec<Sp<String>>,
        /// What the units may still do, in a sentence.
        #[serde(default)]
        pub still_allowed: String,
    }
}

keyword! {
    /// How a weather movement limit applies (`[[movement.weather_limits]] mode`).
    pub enum MoveLimitMode {
        /// A movement allowance above `max_hexes` is lowered to it.
        Cap = "cap",
        /// Every unit's movement allowance becomes `max_hexes`.
        Set = "set",
    }
}

impl WeatherMoveLimit {
    /// The mode (`cap` when the data gives none), `None` for a word vmodc does not know.
    pub fn mode(&self) -> Option<MoveLimitMode> {
        self.mode
            .as_ref()
            .map_or(Some(MoveLimitMode::Cap), |m| MoveLimitMode::parse(m))
    }
}
