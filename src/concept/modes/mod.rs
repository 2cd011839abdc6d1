//! Modes: the states a unit is in that change its printed values (OCS 5.0: Combat and Move, shown by
//! the counter's side; Reserve, Strat, DG and Exploit, shown by a marker on top of the stack). Each
//! mode derives the unit's strength, movement and action rating from the printed ones.

pub(crate) mod check;
pub mod concept;
pub mod derive;
pub mod module;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

/// Which printed values (`[counters] values` names) the modes change (`[mode_values]`).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModeValues {
    pub strength: Option<Sp<String>>,
    pub movement: Option<Sp<String>>,
    pub action_rating: Option<Sp<String>>,
}

cited! {
    /// One mode (`[[modes]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Mode {
        pub id: Sp<String>,
        pub name: String,
        /// The counter face that shows it (a unit with that face up is in this mode).
        pub face: Option<Sp<String>>,
        /// The marker (`[[markers]]` id) that shows it, on top of the units in it; it wins over
        /// the face.
        pub marker: Option<Sp<String>>,
        /// Imposed by results (DG, Exploit) rather than chosen.
        #[serde(default)]
        pub forced: bool,
        /// Strength multiplied by this ratio (`"1/2"`, `"0"`); none = as printed.
        pub strength: Option<Sp<String>>,
        /// Movement allowance multiplied by this ratio (`"1/4"`, `"2"`); none = as printed.
        pub movement: Option<Sp<String>>,
        /// Action rating changed by this much (`-1`).
        pub action_rating_change: Option<Sp<i32>>,
        /// Action rating set to this (`0`), instead of the printed one.
        pub action_rating: Option<Sp<i32>>,
    }
}
