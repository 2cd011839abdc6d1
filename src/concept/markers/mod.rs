//! Markers: the counters that are not units (turn, supply state, damage, occupation), with one face
//! or two, and the palette that lets players place them.

pub(crate) mod check;
pub mod concept;
pub mod images;
pub mod module;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;

cited! {
    /// A marker counter (`[[markers]]`): turn marker, control marker, and so on.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
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
        /// A count the marker carries (supply tokens in a dump), with commands to add and spend.
        pub tally: Option<Tally>,
        #[serde(default)]
        pub note: String,
    }
}

/// The back face of a two-faced marker (`back = { name = "Isolated", text = "ISO" }`).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkerBack {
    pub name: Sp<String>,
    /// Short text printed on the back.
    #[serde(default)]
    pub text: String,
}

/// A count a marker carries (`tally = { unit = "T", big_unit = "SP", per_big = 4 }`, OCS 3.3a: 1 SP =
/// 4 T): the module's commands add and spend one unit or one big unit, split one big unit off into a
/// new marker, and merge the markers of a kind in a stack into one (OCS 12.1a: "SP in the same hex
/// can be freely split or merged"), each reported with the new count.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// The counted unit (`T`).
    pub unit: String,
    /// A larger unit (`SP`) worth `per_big` units.
    pub big_unit: Option<String>,
    pub per_big: Option<Sp<u32>>,
}

impl Tally {
    /// How many units a big unit is worth (1 without one).
    pub fn per_big(&self) -> u32 {
        self.per_big.as_ref().map_or(1, |p| p.value.max(1))
    }

    /// What a split takes off into a new marker: one big unit, or one unit without a big unit.
    pub fn split_size(&self) -> u32 {
        self.per_big()
    }

    /// A split of `count`: what stays and what the new marker carries, or `None` when nothing would
    /// stay (the module does not offer the split then).
    pub fn split(&self, count: u32) -> Option<(u32, u32)> {
        let off = self.split_size();
        (count > off).then(|| (count - off, off))
    }

    /// Markers of one kind merged: one marker carries the sum.
    pub fn merge(&self, counts: &[u32]) -> u32 {
        counts.iter().sum()
    }

    /// `21` tokens at 4 per SP → `5SP 1T`; without a big unit, `21T`.
    pub fn text(&self, count: u32) -> String {
        match &self.big_unit {
            Some(big) => {
                let per = self.per_big();
                format!("{}{big} {}{}", count / per, count % per, self.unit)
            }
            None => format!("{count}{}", self.unit),
        }
    }
}

#[cfg(test)]
mod tally_tests {
    use super::Tally;

    fn supply() -> Tally {
        toml::from_str(
            r#"unit = "T"
big_unit = "SP"
per_big = 4"#,
        )
        .expect("a tally")
    }

    #[test]
    fn a_split_takes_one_big_unit_and_leaves_the_rest() {
        let t = supply();
        assert_eq!(t.split(21), Some((17, 4)), "5SP 1T → 4SP 1T and 1SP");
        assert_eq!(t.text(17), "4SP 1T");
        assert_eq!(t.split(4), None, "nothing would be left");
        assert_eq!(t.merge(&[17, 4, 2]), 23);
    }
}
