//! Units and faces: sides, the counter sheet, unit types, units with their printed faces, values
//! derived from printed ones, and the reduction rule between faces.

pub mod bounds;
pub(crate) mod check;
pub mod concept;
pub mod module;
pub mod names;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::keyword::{keyword, Keyword};
use crate::model::spanned::Sp;
use serde::Deserialize;
use std::collections::BTreeMap;

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Side {
        pub id: Sp<String>,
        pub name: String,
        /// Counter background colour, `#rrggbb`.
        pub color: Sp<String>,
        /// Colour of text and symbols on the counter.
        pub text_color: Sp<String>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct CounterSheet {
        /// Counter edge length in pixels.
        pub size: u32,
        /// Printed counter edge in millimetres (½ inch = 12.7), for the print-and-play PDF; the map
        /// prints at the same scale. Without it, counters print at 12.7 mm and the PDF says so.
        #[serde(default)]
        pub printed_mm: Option<f64>,
        /// Face names in flip order; the first is the face a unit shows at full strength.
        pub faces: Vec<Sp<String>>,
        /// Names of the values printed on a face, in printed order (`"12-6"` = strength 12, movement 6).
        pub values: Vec<String>,
        /// The face printed with the rulebook's reduction formula, if the rulebook states one.
        pub reduction: Option<Reduction>,
        /// Totals the rulebook states for the counter mix, per side.
        #[serde(default)]
        pub totals: BTreeMap<String, Sp<u32>>,
        /// Values derived from printed values of another face (passive defence = worn strength).
        #[serde(default)]
        pub derived: Vec<DerivedValue>,
    }
}

cited! {
    /// "The reduced face shows half the full strength, rounded down" (B4M 3.3).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Reduction {
        pub from_face: Sp<String>,
        pub to_face: Sp<String>,
        pub value: Sp<String>,
        pub divisor: Sp<u32>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct UnitType {
        pub id: Sp<String>,
        pub name: String,
        /// NATO symbol drawn on the counter: `infantry`, `armor`, `shock`.
        pub symbol: Sp<String>,
        /// Group the type belongs to for stacking and terrain (`tank`, `infantry`).
        pub branch: Option<Sp<String>>,
        /// Zone of control: `always` (default), `none`, or `in_city` (only while in a city hex).
        pub zoc: Option<Sp<String>>,
        /// Faces units of this type have, in flip order; none = every face of [counters] faces.
        #[serde(default)]
        pub faces: Vec<Sp<String>>,
        /// Marker (`[[markers]]` id) printed on the back when the type has fewer faces than a counter has
        /// sides.
        pub back: Option<Sp<String>>,
        /// Counter colours replacing the side's (nationality or affiliation colours), `#rrggbb`.
        pub color: Option<Sp<String>>,
        pub text_color: Option<Sp<String>>,
        /// What one unit of this type counts toward the stacking limit (concept `stacking`): 1 when not
        /// given, 0 for units the limit ignores, a fraction such as 0.25 for rules that count in parts
        /// of a unit (regiment equivalents).
        pub stack_points: Option<Sp<f64>>,
        /// Steps a unit of this type has left while showing each face, for counters that print
        /// their remaining steps (concept `steps`): `{ front = 3, back = 2 }`. A face not listed
        /// shows no step marks.
        #[serde(default)]
        pub steps: BTreeMap<String, Sp<u32>>,
        /// Marks drawn on the counter beside its symbol (`UnitMark`): `hq`, the headquarters staff
        /// on the box's lower left (APP-6); `elite`, a star on its upper right corner (guard and
        /// elite units).
        #[serde(default)]
        pub marks: Vec<Sp<String>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Unit {
        pub id: Sp<String>,
        /// Name shown in the module; defaults to the id.
        pub name: Option<String>,
        pub side: Sp<String>,
        #[serde(rename = "type")]
        pub unit_type: Sp<String>,
        /// Size symbol printed above the type box, e.g. `XXX` (corps), `XXXX` (army).
        pub size: String,
        /// Printed values per face name: `{ full = "12-6", reduced = "6-6" }`.
        pub faces: BTreeMap<String, Sp<String>>,
        #[serde(default)]
        pub note: String,
        /// Where sources disagree about this unit: what they say and which one the data follows.
        pub disputed: Option<Sp<String>>,
        /// The name as printed, when the counters are printed in another language.
        pub printed_name: Option<String>,
        /// Unit name as printed on the counter, when it differs from the id (ids must be unique; printed
        /// names need not be: two sides may both have a "9").
        pub label: Option<Sp<String>>,
        /// Printed setup code naming the area (`[[areas]]` id) the unit starts in and is bound to.
        pub home_area: Option<Sp<String>>,
        /// Printed entry code: the turn the unit arrives.
        pub entry_turn: Option<Sp<u32>>,
        /// Stacking points of this unit, replacing its type's (a size printed on the counter).
        pub stack_points: Option<Sp<f64>>,
        /// The image file of each face, relative to the project root, shipped as it is instead of a
        /// drawn face (an imported module's own images: docs/import.md). Any image VASSAL shows.
        #[serde(default)]
        pub face_images: BTreeMap<String, Sp<String>>,
        /// What each face adds to the piece's name in VASSAL (its Layer level's name), as an
        /// imported module wrote it (`"+ reduced"`); a face not listed adds vmodc's `+ (face)`, the
        /// first face nothing.
        #[serde(default)]
        pub face_names: BTreeMap<String, String>,
        /// Traits vmodc has no concept for, kept as the imported module wrote them, outermost first.
        #[serde(default)]
        pub raw_traits: Vec<RawTrait>,
        /// Whether the counter palette lists the unit (`false` for a piece that only starts on the map).
        #[serde(default = "crate::model::spanned::yes")]
        pub in_palette: bool,
    }
}

/// A trait kept verbatim (`[[units.raw_traits]]`): its type and state strings as VASSAL encodes them.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawTrait {
    /// Where it stands in the piece: outside the faces' layer (`"above-faces"`: it sees a key before
    /// the faces do) or inside it (`"below-faces"`).
    pub place: RawTraitPlace,
    /// The trait's type string (`macro;…`, `prototype;Infantry`), as the module wrote it.
    #[serde(rename = "type")]
    pub type_: String,
    /// The trait's state string.
    #[serde(default)]
    pub state: String,
    /// What the trait is (for the designer; not in the module).
    #[serde(default)]
    pub why: String,
}

/// Where a raw trait stands relative to the unit's faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RawTraitPlace {
    AboveFaces,
    BelowFaces,
}

impl Unit {
    /// The raw traits at `place`, in order.
    pub fn raw_traits_at(
        &self,
        place: RawTraitPlace,
    ) -> impl Iterator<Item = crate::vassal::traits::Trait> + '_ {
        self.raw_traits
            .iter()
            .filter(move |t| t.place == place)
            .map(|t| crate::vassal::traits::Trait {
                type_: t.type_.clone(),
                state: t.state.clone(),
            })
    }
}

impl CounterSheet {
    /// The names of the values printed on a face (`strength`, `AR`, `MA`), for lookups.
    pub fn value_names(&self) -> Vec<&str> {
        self.values.iter().map(String::as_str).collect()
    }
}

impl Unit {
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }

    /// The text printed on the counter: `label`, or the id.
    pub fn label(&self) -> &str {
        self.label
            .as_ref()
            .map(|l| l.value.as_str())
            .unwrap_or(&self.id)
    }
}

/// Parse `"8-?"` into its printed numbers, `None` for a value the sources do not give (`?`).
pub fn parse_value_slots(text: &str) -> Option<Vec<Option<u32>>> {
    // A face that prints no values (a game whose `[counters] values` is empty).
    if text.trim().is_empty() {
        return Some(Vec::new());
    }
    text.split('-')
        .map(|part| match part.trim() {
            "?" => Some(None),
            p => p.parse().ok().map(Some),
        })
        .collect()
}

/// Parse `"12-6"` into its printed numbers.
pub fn parse_values(text: &str) -> Option<Vec<u32>> {
    if text.trim().is_empty() {
        return Some(Vec::new());
    }
    text.split('-')
        .map(|part| part.trim().parse().ok())
        .collect()
}

cited! {
    /// A value not printed as such but derived from other printed values (`[[counters.derived]]`),
    /// e.g. passive defence = the strength printed on the worn face.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct DerivedValue {
        /// Name of the derived value.
        pub name: Sp<String>,
        /// The face that shows it (and whose units have it).
        pub on_face: Sp<String>,
        /// It equals value `value` of face `from_face`.
        pub from_face: Sp<String>,
        pub value: Sp<String>,
        /// How it is printed on `on_face`: `parentheses` after the values, or `none`.
        pub printed: Option<Sp<String>>,
    }
}

keyword! {
    /// Where a unit type exerts its zone of control (`[[types]] zoc`).
    pub enum ZocMode {
        Always = "always",
        None = "none",
        /// Only while it stands in a city hex.
        InCity = "in_city",
    }
}

keyword! {
    /// How a derived value is printed on its face (`[[counters.derived]] printed`).
    pub enum PrintStyle {
        /// In parentheses after the printed values.
        Parentheses = "parentheses",
        None = "none",
    }
}

impl UnitType {
    /// Its zone of control (`always` when the data gives none), `None` for an unknown word.
    pub fn zoc_mode(&self) -> Option<ZocMode> {
        self.zoc
            .as_ref()
            .map_or(Some(ZocMode::Always), |z| ZocMode::parse(z))
    }
}

keyword! {
    /// The symbol a unit type's counters show in their NATO box (`[[types]] symbol`).
    pub enum UnitSymbol {
        Infantry = "infantry",
        Armor = "armor",
        Mechanized = "mechanized",
        /// Infantry cross with a solid bar along the bottom of the box.
        Shock = "shock",
        Cavalry = "cavalry",
        Artillery = "artillery",
        /// The APP-6 engineer: a bridge (an `E` on its back) in the box.
        Engineer = "engineer",
        /// A headquarters: the empty box on its staff (APP-6's HQ staff, on the lower left).
        Headquarters = "hq",
        /// No box: the face shows only its texts.
        None = "none",
        /// A marker's face: no box either.
        Marker = "marker",
    }
}

keyword! {
    /// A mark drawn on a unit type's counters beside the symbol (`[[types]] marks`).
    pub enum UnitMark {
        /// The headquarters staff: a line down from the box's lower left corner (APP-6).
        Hq = "hq",
        /// A guard or elite unit: a star on the box's upper right corner.
        Elite = "elite",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_symbols_are_the_data_words() {
        assert_eq!(UnitSymbol::parse("armor"), Some(UnitSymbol::Armor));
        assert_eq!(UnitSymbol::parse("shock"), Some(UnitSymbol::Shock));
        assert_eq!(UnitSymbol::parse("tank"), None);
        assert_eq!(UnitSymbol::words().len(), 10);
        assert_eq!(UnitSymbol::parse("hq"), Some(UnitSymbol::Headquarters));
        assert_eq!(UnitMark::words(), vec!["hq", "elite"]);
    }
}

