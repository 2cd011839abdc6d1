//! Multi-step units and replacement counters: a unit that loses the step of its last face is not
//! eliminated but swapped for a counter of another type, which carries its remaining steps (e.g. The
//! Last Stand at Moscow 6.53: a panzer division steps from its front to its back, then to a
//! Kampfgruppe). In the module such a unit has a command that swaps it for the replacement counter at
//! the same place and reports it in the chat.
//!
//! A game whose counters print the remaining steps says, per unit type, how many steps each face
//! stands for (`[[types]] steps`); the counter art shows them as marks.

pub(crate) mod check;
pub mod concept;
pub mod module;
pub mod remaining;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    /// `[[replacements]]` in counters/<game>.toml.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Replacement {
        /// Unit types whose units are replaced when they lose the step of their last face.
        pub unit_types: Vec<Sp<String>>,
        /// The unit type of the counter swapped in: the first counter of this type on the replaced
        /// unit's side is the one placed.
        pub replaced_by: Sp<String>,
    }
}

impl Replacement {
    /// Whether units of this type are replaced by this rule.
    pub fn covers(&self, unit_type: &str) -> bool {
        self.unit_types.iter().any(|t| t.as_str() == unit_type)
    }
}
