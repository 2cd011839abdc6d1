//! Hidden (untried) units: units whose values nobody may see until they first fight. They show a face
//! that hides their values until a player reveals them; the reveal is reported in the chat, and on the
//! map a revealed unit is never hidden again (e.g. The Last Stand at Moscow 6.9).

pub(crate) mod check;
pub mod concept;
pub mod module;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    /// `[untried]` in counters/<game>.toml.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Untried {
        /// Unit types whose units start untried.
        pub unit_types: Vec<Sp<String>>,
        /// The face an untried unit shows: its values hidden (printed "?").
        pub hidden_face: Sp<String>,
        /// The face a unit shows once revealed.
        pub revealed_face: Sp<String>,
        /// When a unit is revealed, in a sentence for the players.
        #[serde(default)]
        pub when: String,
        /// Off-map boxes of the scenarios (`box_name`) that are cups: the units set up in one are
        /// drawn from it at random, so the module makes it a shuffled draw pile.
        #[serde(default)]
        pub cups: Vec<Sp<String>>,
    }
}

impl Untried {
    /// Whether units of this type start untried.
    pub fn covers(&self, unit_type: &str) -> bool {
        self.unit_types.iter().any(|t| t.as_str() == unit_type)
    }
}
