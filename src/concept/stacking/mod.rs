//! Stacking: how many units (or stacking points) a hex holds, per side or per branch.

pub(crate) mod check;
pub mod concept;
pub mod limits;
pub mod module;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Stacking {
        /// Most units of one side in a hex; the limit of every side without an entry in `limits`.
        pub max_units: Sp<u32>,
        /// When the limit applies, in the rulebook's words.
        pub when: String,
        /// Limits of particular sides, replacing `max_units` for them.
        #[serde(default)]
        pub limits: Vec<StackLimit>,
        /// What happens to a stack over the limit, in a sentence.
        #[serde(default)]
        pub on_violation: String,
    }
}

cited! {
    /// A per-side stacking limit (`[[stacking.limits]]`); sides without one use `[stacking] max_units`.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct StackLimit {
        pub side: Sp<String>,
        /// Most units of this side in one hex.
        pub max_units: Sp<u32>,
        /// Most units of one branch (a unit type's `branch`) of this side in one hex.
        pub max_per_branch: Option<Sp<u32>>,
    }
}
