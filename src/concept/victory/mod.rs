//! Control and victory: victory conditions, victory points and designated cities.

pub(crate) mod check;
pub mod concept;
pub mod module;
pub mod score;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::keyword::{keyword, Keyword};
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Victory {
        pub when: String,
        #[serde(default)]
        pub conditions: Vec<VictoryCondition>,
        /// A victory-point score, judged by its thresholds.
        pub points: Option<VictoryPoints>,
        /// Result when no condition holds.
        pub otherwise: String,
    }
}

impl Victory {
    /// The first condition that holds (its index and itself) when `holder` gives the side that
    /// controls a hex; `None`: the victory's `otherwise`. The rule the module's Victory report
    /// computes from the control markers (`module::victory_report`), for the audit's end of a log.
    pub fn first_holding(
        &self,
        holder: impl Fn(&str) -> Option<String>,
    ) -> Option<(usize, &VictoryCondition)> {
        self.conditions
            .iter()
            .enumerate()
            .find(|(_, c)| c.holds(&holder))
    }
}

/// A side wins if it controls every hex of `control_all` and at least `at_least` of `control_any`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryCondition {
    pub winner: Sp<String>,
    pub result: String,
    #[serde(default)]
    pub control_all: Vec<Sp<String>>,
    #[serde(default)]
    pub control_any: Vec<Sp<String>>,
    #[serde(default)]
    pub at_least: u32,
}

impl VictoryCondition {
    /// Whether the winner controls every hex of `control_all` and `at_least` of `control_any`.
    pub fn holds(&self, holder: impl Fn(&str) -> Option<String>) -> bool {
        let held = |hex: &Sp<String>| holder(hex.as_str()).as_deref() == Some(self.winner.as_str());
        let held_any = self.control_any.iter().filter(|h| held(h)).count();
        self.control_all.iter().all(held) && held_any >= self.at_least as usize
    }
}

cited! {
    /// A city one side may designate during play, e.g. a hero city (`[[city_designations]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct CityDesignation {
        pub id: Sp<String>,
        pub name: String,
        /// The side that designates.
        pub side: Sp<String>,
        /// How many designations a game allows.
        pub times: Option<Sp<u32>>,
        /// The phase it happens in.
        pub phase: Option<Sp<String>>,
        /// Which city may be designated, in a sentence.
        #[serde(default)]
        pub eligible: String,
        /// A card (counters `[[cards]]` id) discarded to designate.
        pub discard_card: Option<Sp<String>>,
        /// The marker (counters `[[markers]]` id) that shows the designated city.
        pub marker: Option<Sp<String>>,
        /// A city kind the city counts as from then on, if it is not one already.
        pub counts_as: Option<Sp<String>>,
        /// Combat results that change against the designated city.
        #[serde(default)]
        pub result_changes: Vec<ResultChange>,
        /// When the designation ends, in a sentence.
        #[serde(default)]
        pub ends_when: String,
    }
}

/// Result `from` is read as `to` (when `attacker_side` attacks, if given).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultChange {
    pub attacker_side: Option<Sp<String>>,
    pub from: Sp<String>,
    pub to: Sp<String>,
}

cited! {
    /// A victory-point score (`[victory.points]`): terms summed for `side`, then compared with the
    /// thresholds.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct VictoryPoints {
        /// The side whose score it is.
        pub side: Sp<String>,
        /// How the total of the loss terms is rounded: `up`, `down` or `none`.
        #[serde(default)]
        pub loss_rounding: Option<Sp<String>>,
        pub terms: Vec<VpTerm>,
        pub thresholds: Vec<VpThreshold>,
    }
}

cited! {
    /// One source of points: `points` for every `per` things counted.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct VpTerm {
        pub name: String,
        /// What is counted: `cities` (controlled city hexes), `units` (units on the map) or
        /// `eliminated` (units eliminated and not rebuilt).
        pub count: Sp<String>,
        /// Points per `per` things; may be fractional (0.5). Not given for a term with `bands`.
        #[serde(default)]
        pub points: f64,
        /// Things per award; partial groups score nothing (1 point per 2 tanks: 3 tanks give 1).
        #[serde(default = "one")]
        pub per: u32,
        /// Points lost rather than gained; losses are summed and rounded per `loss_rounding`.
        #[serde(default)]
        pub loss: bool,
        /// `cities`: kinds counted, and the side that must control them.
        #[serde(default)]
        pub city_kinds: Vec<Sp<String>>,
        pub controlled_by: Option<Sp<String>>,
        /// `units`/`eliminated`: sides, unit types and faces counted (none = all).
        #[serde(default)]
        pub sides: Vec<Sp<String>>,
        #[serde(default)]
        pub unit_types: Vec<Sp<String>>,
        #[serde(default)]
        pub faces: Vec<Sp<String>>,
        /// A further condition the players judge (a module cannot compute it), stated in the report.
        #[serde(default)]
        pub condition: String,
        /// Things not counted, in a sentence.
        #[serde(default)]
        pub except: String,
        /// `count`: the `[[combat.counts]]` id whose value the players keep (a damage track).
        pub of: Option<Sp<String>>,
        /// Points by band instead of `points` per `per`: the highest band the count reaches gives
        /// its points, none below the first (e.g. German losses 10-19: 1, 20-25: 2, 26 or more: 3).
        #[serde(default)]
        pub bands: Vec<VpBand>,
    }
}

/// A band of a victory-point term: `points` from `at_least` things counted.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VpBand {
    pub at_least: Sp<u32>,
    pub points: f64,
}

fn one() -> u32 {
    1
}

/// `winner` wins with a score of at least `at_least` (and at most `at_most`).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VpThreshold {
    pub at_least: Option<Sp<i64>>,
    pub at_most: Option<Sp<i64>>,
    pub winner: Sp<String>,
    pub result: String,
}

keyword! {
    /// What a victory-point term counts (`[[victory.points.terms]] count`).
    pub enum VpCount {
        /// Controlled city hexes.
        Cities = "cities",
        /// Units on the map.
        Units = "units",
        /// Units eliminated and not rebuilt.
        Eliminated = "eliminated",
        /// The value of a count the players keep (`of`, a `[[combat.counts]]` id).
        Count = "count",
    }
}

keyword! {
    /// How fractional losses of victory points round (`[victory.points] loss_rounding`).
    pub enum LossRounding {
        Up = "up",
        Down = "down",
        None = "none",
    }
}

impl VictoryPoints {
    /// How losses round: as the data says, else up (an unknown word is reported by the checks and
    /// rounds up meanwhile). The Rust score and the module's expression both read it here.
    pub fn rounding(&self) -> LossRounding {
        self.loss_rounding
            .as_ref()
            .and_then(|r| LossRounding::parse(r))
            .unwrap_or(LossRounding::Up)
    }
}

impl VpTerm {
    /// What the term counts, `None` for a word vmodc does not know (reported by the checks).
    pub fn counts(&self) -> Option<VpCount> {
        VpCount::parse(&self.count)
    }
}
