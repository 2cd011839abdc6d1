//! Barrage: fire by artillery, aircraft or ships on a table of its own, whose columns are ranges of
//! total barrage strength (summed, then rounded), shifted by conditions, each column with a supply
//! cost chosen before the shifts (e.g. OCS 10.0–10.2). Where the sources name only some columns, the
//! data says where unknown columns lie between them, and a shift across them has no known column.

pub(crate) mod check;
pub mod table;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    /// `[barrage]` in rules/<game>.toml.
    #[derive(Debug, Clone, Deserialize)]
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
    }
}

/// A column: total strengths `from` to `to`; `cost` tokens of supply when the sources give it;
/// `unknown_before` when columns the sources do not name lie between it and the previous one.
#[derive(Debug, Clone, Deserialize)]
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
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct BarrageShift {
        pub id: Sp<String>,
        /// The condition, in a sentence for the players.
        pub condition: String,
        pub shift: Sp<i32>,
    }
}
