//! Air units and airbases as far as the sources go (e.g. OCS 14.0–14.9): the kinds of air unit
//! (with combination kinds that act as either of two), how many fly one mission, how many stay
//! active at an airbase, what refit costs, and the two rolls the text states without their tables:
//! flak (dice plus the AA points affecting the mission, a hit at a threshold) and air combat (dice
//! plus the attacker's air strength minus the defender's). rolls.rs holds the rule logic;
//! module.rs adds the count buttons and the Flak and Air combat buttons.

pub(crate) mod check;
pub mod concept;
pub mod module;
pub mod rolls;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    /// `[air]` in rules/<game>.toml.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Air {
        /// The kinds of air unit the sources name (fighter, bomber, transport, combinations).
        #[serde(default)]
        pub kinds: Vec<AirKind>,
        /// At most this many air units fly one mission.
        pub mission_units: Sp<u32>,
        /// Active air units an airbase holds: this many plus the airbase's level.
        pub base_units: Sp<u32>,
        /// What refitting inactive air units costs, when the sources give it.
        pub refit: Option<Refit>,
        /// The flak roll, when the sources give it.
        pub flak: Option<Flak>,
        /// The air combat roll, when the sources give it.
        pub air_combat: Option<AirCombat>,
    }
}

cited! {
    /// A kind of air unit: its letter code as printed (`T/Tpt`), its name, and for a combination
    /// kind the kinds it may act as.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct AirKind {
        pub id: Sp<String>,
        pub code: String,
        pub name: String,
        #[serde(default)]
        pub acts_as: Vec<Sp<String>>,
    }
}

cited! {
    /// Refit: `tokens` of supply per airbase refit up to `units_per_level` × the airbase's level
    /// air units.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Refit {
        pub tokens: Sp<u32>,
        pub units_per_level: Sp<u32>,
    }
}

cited! {
    /// Flak: roll `dice` plus the AA points affecting the mission; a modified roll of `hit_at` or
    /// more costs the mission a step.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Flak {
        pub dice: Sp<String>,
        pub hit_at: Sp<u32>,
    }
}

cited! {
    /// Air combat: roll `dice` plus the attacker's air strength minus the defender's, read on a
    /// table the sources may lack; then one die, `loss_at` or more, costs each aborted unit a step.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct AirCombat {
        pub dice: Sp<String>,
        pub loss_at: Option<Sp<u32>>,
    }
}
