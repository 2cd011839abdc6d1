//! Weather: the conditions a turn can have, and what each changes.

pub(crate) mod check;
pub mod module;
pub mod turn;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Weather {
        pub id: Sp<String>,
        pub name: String,
        /// Turns with this weather. The weather with `default = true` covers every other turn.
        #[serde(default)]
        pub turns: Vec<Sp<u32>>,
        #[serde(default)]
        pub default: bool,
        /// Its effects, in a sentence for the turn track and charts.
        #[serde(default)]
        pub effects: String,
    }
}
