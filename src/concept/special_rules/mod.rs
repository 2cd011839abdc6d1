//! Special rules: the rules players apply by hand, which the module cannot automate (retreat
//! priorities, advance after combat, overrun limits, a scenario's own rules), stated where a player
//! reads the rules: the module's "Rules in play" help page (`module.rs`) and the print-and-play kit.
//!
//! `[[special_rules]]` may be written in a game's rules file (game-wide procedures) and in each of
//! its scenarios (that scenario's rules). Each has an `id`, unique within the game, that names its
//! texts in the catalogs: `[special_rules]` `"<id>.title"` and `"<id>.text"`.
//!
//! ```toml
//! [[special_rules]]
//! id = "retreat-priorities"
//! title = "Retreat priorities"
//! text = "A retreating unit moves away from the attacker, …"
//! rule = "7.5"
//! ```

pub(crate) mod check;
pub mod concept;
pub mod module;
pub mod reading;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

/// The catalog section of the rules' texts.
pub const SECTION: &str = "special_rules";

cited! {
    /// A rule stated for the players (`[[special_rules]]`), in the rules file or a scenario.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SpecialRule {
        /// A slug unique within the game (`retreat-priorities`): its texts are the catalog keys
        /// `"<id>.title"` and `"<id>.text"` of `[special_rules]`. Required from data format 2 on;
        /// data of format 1 had none, and vmodc derives it from the title ([`SpecialRule::id`]).
        #[serde(rename = "id", default)]
        pub written_id: Option<Sp<String>>,
        /// Its heading, in the data's language.
        pub title: Sp<String>,
        /// The rule as the players apply it, condensed from the rulebook's own words.
        pub text: Sp<String>,
        /// An optional rule the players may agree to use.
        #[serde(default)]
        pub optional: bool,
    }
}

impl SpecialRule {
    /// Its id: the one written, or (data of format 1) the slug of its title, at the title.
    pub fn id(&self) -> Sp<String> {
        self.written_id.clone().unwrap_or_else(|| Sp {
            value: crate::slug::slug(self.title.as_str()),
            span: self.title.span.clone(),
        })
    }

    /// The catalog key of its title.
    pub fn title_key(&self) -> String {
        format!("{SECTION}.{}.title", self.id().as_str())
    }

    /// The catalog key of its text.
    pub fn text_key(&self) -> String {
        format!("{SECTION}.{}.text", self.id().as_str())
    }
}
