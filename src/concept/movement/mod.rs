//! Movement limits: weather-dependent movement allowances and prohibited moves.

pub(crate) mod check;
pub mod concept;
pub mod module;
pub mod path;
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
    /// Units move up to their printed movement allowance (`[movement.allowance]`): the module
    /// warns of a move longer than the allowance could take a unit even at the game's cheapest rate.
    pub allowance: Option<Allowance>,
    /// Phases whose moves run only along a line feature (`[[movement.line_moves]]`).
    #[serde(default)]
    pub line_moves: Vec<LineMove>,
}

cited! {
    /// A phase whose moves run only along one line feature (`[[movement.line_moves]]`): a unit that
    /// starts the phase on the line may move along its connected hexes, paying `cost` movement
    /// points a hex whatever the terrain, within its `[movement.allowance]` and its zones of
    /// control (Battle for Moscow 8.1: the Soviet rail movement phase).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct LineMove {
        /// The phase (`[[phases]]` id).
        pub phase: Sp<String>,
        /// The line feature moved along (`[[line_features]]` id).
        pub line: Sp<String>,
        /// Movement points a hex along the line.
        pub cost: Sp<f64>,
    }
}

cited! {
    /// The movement allowance (`[movement.allowance]`): the printed value that holds it, and the
    /// phases whose moves spend it.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Allowance {
        /// A `[counters] values` name (`movement`, `MA`).
        pub value: Sp<String>,
        /// Phases (`[[phases]]` ids) whose moves spend the allowance; none = every phase.
        #[serde(default)]
        pub phases: Vec<Sp<String>>,
        /// Entering a hex in an enemy zone of control ends the unit's move for the phase; a unit
        /// that starts in one leaves it freely (Battle for Moscow 7.1).
        #[serde(default)]
        pub zoc_ends_move: bool,
        /// With `zoc_ends_move`: a unit that starts its move in an enemy zone of control may leave
        /// it, but not straight into another hex of an enemy zone of control (Blitzkrieg to
        /// Moscow 2, 9.4).
        #[serde(default)]
        pub no_zoc_to_zoc: bool,
    }
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

/// A movement cost in quarters of a movement point, when it is one (`0.5` → 2); `None` for a
/// negative cost, one that is not a whole number of quarters, or one too large to count (`V0880`).
pub fn quarter_points(cost: f64) -> Option<i64> {
    let quarters = cost * 4.0;
    (cost.is_finite() && cost >= 0.0 && quarters.fract() == 0.0 && quarters <= 4_000.0)
        .then_some(quarters as i64)
}

/// The cheapest rate a unit can move at, in quarters of a movement point a hex: the lowest of
/// `costs` (every terrain's and every line feature's that has a rate of its own). `None` when a
/// cost is not usable (`V0880`) or the cheapest is free (no move is then too long).
pub fn cheapest_quarters(costs: impl IntoIterator<Item = f64>) -> Option<i64> {
    let quarters: Option<Vec<i64>> = costs.into_iter().map(quarter_points).collect();
    quarters?.into_iter().min().filter(|q| *q > 0)
}
