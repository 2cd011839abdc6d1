//! Barrage: fire by artillery, aircraft or ships on a table of its own, whose columns are ranges of
//! total barrage strength (summed, then rounded), shifted by conditions, each column with a supply
//! cost chosen before the shifts (e.g. OCS 10.0–10.2). Where the sources name only some columns, the
//! data says where unknown columns lie between them, and a shift across them has no known column.
//! The units that fire, their kinds (which pay supply, how a bracketed result reads), the cells the
//! sources give and what each result means are data too; module.rs resolves a barrage in VASSAL.

pub(crate) mod check;
pub mod concept;
pub mod module;
pub mod table;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;
use std::collections::BTreeMap;

cited! {
    /// `[barrage]` in rules/<game>.toml.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Barrage {
        /// The dice rolled on a column, in a sentence ("2d6").
        #[serde(default)]
        pub roll: String,
        /// The columns the sources name, left to right.
        pub columns: Vec<BarrageColumn>,
        /// The column shifts the sources name.
        #[serde(default)]
        pub shifts: Vec<BarrageShift>,
        /// Kinds of barrage (artillery, air, naval): which pay supply, how a bracketed result reads.
        #[serde(default)]
        pub kinds: Vec<BarrageKind>,
        /// The units that barrage, with their barrage strength on each face.
        #[serde(default)]
        pub units: Vec<BarrageUnit>,
        /// Whether one barrage may combine units of one kind only (OCS 10.0 F): the Barrage
        /// button refuses a mix.
        #[serde(default)]
        pub one_kind: bool,
        /// Modes (`[[modes]]` ids) in which a unit may not barrage: its strength counts 0.
        #[serde(default)]
        pub barred_modes: Vec<Sp<String>>,
        /// The cells of the table the sources give.
        #[serde(default)]
        pub cells: Vec<BarrageCell>,
        /// What each result the sources name does.
        #[serde(default)]
        pub results: Vec<BarrageResult>,
    }
}

/// A column: total strengths `from` to `to`; `cost` tokens of supply when the sources give it;
/// `unknown_before` when columns the sources do not name lie between it and the previous one.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BarrageColumn {
    pub from: Sp<u32>,
    pub to: Sp<u32>,
    pub cost: Option<Sp<u32>>,
    #[serde(default)]
    pub unknown_before: bool,
}

cited! {
    /// A column shift: `shift` columns (right positive) when `condition` holds.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct BarrageShift {
        pub id: Sp<String>,
        /// A short name, for its toolbar toggle ("No spotter"); the id when not given, so data
        /// written before the module had toggles still loads.
        #[serde(default)]
        pub name: String,
        /// The condition, in a sentence for the players.
        pub condition: String,
        pub shift: Sp<i32>,
    }
}

cited! {
    /// A kind of barrage: whether it pays the column's supply cost, and how a bracketed result
    /// (`[1/2]`) reads for it, in a sentence.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct BarrageKind {
        pub id: Sp<String>,
        pub name: String,
        #[serde(default)]
        pub pays_supply: bool,
        /// Units of this kind have no modes: a mode marker on their stack leaves their barrage
        /// strength whole (OCS 5.1: air units).
        #[serde(default)]
        pub ignores_modes: bool,
        /// How a bracketed result reads for this kind.
        pub bracketed: String,
    }
}

cited! {
    /// A unit that barrages: its kind (a `[[barrage.kinds]]` id) and its barrage strength per face
    /// (`[counters] faces` name); a face missing here has a strength the sources do not give.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct BarrageUnit {
        pub unit: Sp<String>,
        pub kind: Sp<String>,
        #[serde(default)]
        pub strengths: BTreeMap<String, Sp<u32>>,
    }
}

cited! {
    /// One cell of the table: on the column whose label is `column` ("17-24"), the roll `roll`
    /// gives `result`.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct BarrageCell {
        pub column: Sp<String>,
        pub roll: Sp<u32>,
        pub result: Sp<String>,
    }
}

cited! {
    /// A result the table prints (`DG`, `1/2`, `[1/2]`) and what it does, in a sentence.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct BarrageResult {
        pub id: Sp<String>,
        pub result: Sp<String>,
        pub effect: String,
        /// Whether the result is bracketed: the kind's `bracketed` sentence says how it reads.
        #[serde(default)]
        pub bracketed: bool,
    }
}

impl BarrageShift {
    /// The name of its toolbar toggle: `name`, or the id.
    pub fn display_name(&self) -> &String {
        if self.name.is_empty() {
            &self.id.value
        } else {
            &self.name
        }
    }
}
