//! Combat: odds, the CRT, column shifts, attack modifiers, automatic results and the results themselves.

pub(crate) mod check;
pub mod module;
pub mod odds;
pub mod shifts;

use crate::concept::provenance::cited;
use crate::model::keyword::{keyword, Keyword};
use crate::model::spanned::{yes, Sp};
use serde::Deserialize;
use std::collections::BTreeMap;

cited! {
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Combat {
        /// `odds`: attack divided by defence, rounded down. (The only kind so far.)
        pub kind: Sp<String>,
        /// CRT columns from worst to best for the attacker, written `a:d`.
        pub columns: Vec<Sp<String>>,
        /// Highest column before shifts; better odds are lowered to it.
        pub cap: Sp<String>,
        pub cap_rule: Option<Sp<String>>,
        /// `false` when the rules state no cap: `cap` is then not applied, and the completeness
        /// report lists it.
        #[serde(default = "yes")]
        pub cap_known: bool,
        /// What happens when the final odds fall below the first column.
        pub below_table: Sp<String>,
        /// Result codes the table may use, from best for the defender to best for the attacker
        /// (the order `vmodc check` uses to spot results that improve for the defender as odds rise).
        pub results: Vec<CombatResult>,
        /// One row per die roll: `"1" = ["DR", ...]`, one code per column. Empty when `table_known`
        /// is false.
        #[serde(default)]
        pub table: BTreeMap<String, Sp<Vec<Sp<String>>>>,
        /// `false` when the sources do not give the table; `known_cells` then holds what they give.
        #[serde(default = "yes")]
        pub table_known: bool,
        #[serde(default)]
        pub known_cells: Vec<KnownCell>,
        /// Odds that give a result without a die roll.
        #[serde(default)]
        pub automatic: Vec<AutomaticResult>,
        /// How the defender chooses the strength it defends with, in a sentence.
        #[serde(default)]
        pub defence: String,
        /// What happens to the units of both sides after every combat, in a sentence.
        #[serde(default)]
        pub after_combat: String,
        #[serde(default)]
        pub shifts: Vec<ColumnShift>,
        #[serde(default)]
        pub attack_modifiers: Vec<AttackModifier>,
        /// Places where the printed table deliberately gets better for the defender as odds rise;
        /// listing one turns its warning into a note.
        #[serde(default)]
        pub reversals: Vec<Reversal>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct CombatResult {
        pub code: Sp<String>,
        pub name: String,
        pub effect: String,
    }
}

cited! {
    /// An acknowledged reversal in the CRT: at `roll`, column `column` is better for the defender than the
    /// column before it.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Reversal {
        pub roll: Sp<String>,
        pub column: Sp<String>,
        pub reason: String,
    }
}

cited! {
    /// A column shift and the condition that triggers it. All conditions given must hold.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ColumnShift {
        pub id: Sp<String>,
        pub name: String,
        /// Columns to move: negative favours the defender.
        pub shift: i32,
        pub defender_terrain: Option<Sp<String>>,
        pub defender_city: Option<Sp<String>>,
        pub defender_side: Option<Sp<String>>,
        /// A hexside feature that every attacker must be across.
        pub all_attackers_across: Option<Sp<String>>,
        /// At least one attacker must be of one of these unit types.
        #[serde(default)]
        pub attacker_types: Vec<Sp<String>>,
        pub attacker_side: Option<Sp<String>>,
        /// Only in these weathers.
        #[serde(default)]
        pub weather: Vec<Sp<String>>,
        /// Never in these weathers.
        #[serde(default)]
        pub not_weather: Vec<Sp<String>>,
    }
}

cited! {
    /// A change to attack strength, e.g. panzers halved in mud.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct AttackModifier {
        pub id: Sp<String>,
        pub name: String,
        pub weather: Option<Sp<String>>,
        #[serde(default)]
        pub unit_types: Vec<Sp<String>>,
        /// Strength is multiplied by `numerator / denominator`.
        pub numerator: u32,
        pub denominator: u32,
        /// Keep fractions (12.2: "9 halved is 4.5") instead of rounding.
        pub keep_fractions: bool,
    }
}

cited! {
    /// A CRT cell recovered from the rulebook text while the table itself is unknown
    /// (`[[combat.known_cells]]`).
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct KnownCell {
        pub column: Sp<String>,
        pub roll: Sp<u32>,
        pub result: Sp<String>,
    }
}

cited! {
    /// Final odds at or above `at_least` give `result` without a die roll (`[[combat.automatic]]`).
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct AutomaticResult {
        /// Odds written `a:d`.
        pub at_least: Sp<String>,
        /// A result code of `[[combat.results]]`.
        pub result: Sp<String>,
    }
}

keyword! {
    /// How a combat is resolved (`[combat] kind`).
    pub enum CombatKind {
        /// Attack divided by defence, rounded in the defender's favour, on an odds CRT.
        Odds = "odds",
    }
}

impl Combat {
    /// The kind of resolution, `None` for a word vmodc does not know (reported by the checks).
    pub fn kind(&self) -> Option<CombatKind> {
        CombatKind::parse(&self.kind)
    }
}
