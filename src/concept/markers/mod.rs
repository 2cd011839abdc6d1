//! Markers: the counters that are not units (turn, supply state, damage, occupation), with one face
//! or two, and the palette that lets players place them.

pub(crate) mod check;
pub mod images;
pub mod module;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    /// A marker counter (`[[markers]]`): turn marker, control marker, and so on.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Marker {
        pub id: Sp<String>,
        pub name: String,
        /// Short text printed on it.
        #[serde(default)]
        pub text: String,
        /// Side it belongs to, if any.
        pub side: Option<Sp<String>>,
        /// What it marks, one use each.
        #[serde(default)]
        pub uses: Vec<String>,
        /// Copies in the counter mix, if stated.
        pub count: Option<Sp<u32>>,
        /// Printed on the back of the counters of this unit type rather than on a counter of its own.
        pub back_of: Option<Sp<String>>,
        /// The other face, when the counter has two (Out of Supply / Isolated): the marker flips.
        pub back: Option<MarkerBack>,
        #[serde(default)]
        pub note: String,
    }
}

/// The back face of a two-faced marker (`back = { name = "Isolated", text = "ISO" }`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerBack {
    pub name: Sp<String>,
    /// Short text printed on the back.
    #[serde(default)]
    pub text: String,
}
