//! Morale chits: a side's breaking point, a number drawn unseen from a cup of chits at setup and
//! compared with a count the players keep (a damage track). The side surrenders the moment the count
//! exceeds the chit's value; the enemy may look at the chit only from a given count on; a morale
//! check table may add to the count (e.g. The Last Stand at Moscow 8.3, 11.0A).

pub(crate) mod check;
pub mod concept;
pub mod module;
pub(crate) mod texts;
pub mod threshold;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    /// `[morale]` in rules/<game>.toml.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Morale {
        /// What the chit is called ("Soviet morale chit").
        pub name: String,
        /// The side whose morale it is (the side that surrenders).
        pub side: Sp<String>,
        /// The `[[combat.counts]]` id compared with the chit's value (the damage markers).
        pub count: Sp<String>,
        /// How many chits the cup holds; one is drawn at setup.
        pub chits: Sp<u32>,
        /// The value printed on each chit, in any order; empty while the values are unknown (the
        /// module then says so and the players compare with the counter).
        #[serde(default)]
        pub values: Vec<Sp<u32>>,
        /// What a surrender gives, in a sentence ("German strategic victory"); the Victory report
        /// then says only that.
        #[serde(default)]
        pub result: String,
        /// The side that may look at the drawn chit, and the count from which it may.
        pub viewer: Option<Sp<String>>,
        pub view_from: Option<Sp<u32>>,
        /// When a new chit may be drawn, in a sentence for the players.
        #[serde(default)]
        pub redraw: String,
        /// The morale check table, if the game has one.
        pub check: Option<MoraleCheck>,
        /// The chits as pieces: the `[[markers]]` id of a chit (its front the face everybody sees,
        /// its back the value), the cup they are shuffled in and the box the drawn one lies in. All
        /// three or none.
        pub chit_marker: Option<Sp<String>>,
        pub cup: Option<Sp<String>>,
        pub drawn_box: Option<Sp<String>>,
        /// The box of the track the count is read from (a damage track): with it, `count` is the
        /// number of `track_markers` pieces on that box, and the module has no buttons for it.
        pub track: Option<Sp<String>>,
        #[serde(default)]
        pub track_markers: Vec<Sp<String>>,
        /// The redraw with chit pieces: the count from which the viewer may demand it, and the box
        /// the old chit is set aside in, unseen. Both or neither.
        pub redraw_from: Option<Sp<u32>>,
        pub set_aside: Option<Sp<String>>,
    }
}

impl Morale {
    /// The off-map boxes the chits and the track need, in data order.
    pub fn boxes(&self) -> Vec<&Sp<String>> {
        [&self.cup, &self.drawn_box, &self.track, &self.set_aside]
            .into_iter()
            .flatten()
            .collect()
    }
}

cited! {
    /// `[morale.check]`: a die roll that may add to the count.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct MoraleCheck {
        /// When a check is rolled, in a sentence.
        #[serde(default)]
        pub when: String,
        /// What a failure does, in a sentence.
        pub failure: String,
        /// How many failures a game allows at most.
        pub max_failures: Option<Sp<u32>>,
        /// The rows the sources give, one per count; a count without a row is unknown.
        #[serde(default)]
        pub rows: Vec<MoraleRow>,
    }
}

/// One row of the morale check table: at `count`, the rolls `fails` (from, to) fail; every other
/// roll of the die has no effect.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleRow {
    pub count: Sp<u32>,
    pub fails: Sp<[u32; 2]>,
}
