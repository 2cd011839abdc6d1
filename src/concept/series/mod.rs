//! Series and games: a series rules file holds the rules many games share (OCS, ASL…), with an
//! index of its rule numbers; a game's rules file names its series and replaces whole sections of
//! it, each override naming the series rule it replaces. Layering is done on the text (compose.rs),
//! so every value keeps the file and line it was written on.

pub(crate) mod check;
pub mod compose;
pub mod concept;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

/// `[series]` of a series rules file: what the series is, and the rule numbers games may override.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Series {
    pub id: Sp<String>,
    pub name: String,
    /// The series rulebook's numbered rules (`[[series.rules]]`).
    #[serde(default)]
    pub rules: Vec<SeriesRule>,
}

/// One numbered rule of a series rulebook.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeriesRule {
    pub number: Sp<String>,
    pub title: String,
}

cited! {
    /// `[[overrides]]` of a game's rules file: a section of the game (`stacking`, `terrain`…) that
    /// replaces the series' section, and the series rule it replaces.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Override {
        /// A top-level section of the rules file.
        pub section: Sp<String>,
        /// The series rule number it replaces (`series.rules` of the series).
        pub replaces: Sp<String>,
        /// Why, in the game's words.
        #[serde(default)]
        pub why: String,
    }
}

/// How a game's rules were layered over its series: which sections each file wrote.
#[derive(Debug, Clone, Default)]
pub struct Layering {
    pub series: String,
    /// Top-level sections the game's own rules file writes.
    pub game_sections: Vec<String>,
    /// Top-level sections the series' rules file writes.
    pub series_sections: Vec<String>,
}

/// Sections merged from both files rather than replaced: what the sources lack or infer.
pub const MERGED_SECTIONS: &[&str] = &["missing", "inferred"];
