//! Supply: supply lines and sources, as far as data and text can hold them.

pub mod concept;
use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    /// Supply rules (`[supply]`), as far as data and text can hold them.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Supply {
        /// Most hexes in a supply line.
        pub line_hexes: Option<Sp<u32>>,
        /// What a supply source is, in a sentence.
        #[serde(default)]
        pub sources: String,
        /// What blocks a supply line, one item each.
        #[serde(default)]
        pub blocked_by: Vec<String>,
        /// When supply is checked and what happens to units out of supply.
        #[serde(default)]
        pub effects: String,
    }
}
