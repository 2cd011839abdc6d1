//! The map and its terrain: grid, terrain types, cities and city kinds, hexside and line features,
//! map edges, off-grid areas, setup marks and the map's drawing style.

pub mod board;
pub mod bounds;
pub(crate) mod check;
pub mod concept;
pub mod module;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::keyword::{keyword, Keyword};
use crate::model::spanned::{yes, Sp};
use serde::Deserialize;
use std::collections::BTreeMap;

pub mod fit;
pub mod line_styles;
pub use line_styles::{BuiltinLine, LineStyleDef, LineStyleOf};
pub mod area_check;
mod area_index;
pub mod areas;
pub mod grid;
mod grid_check;
pub mod place;

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Terrain {
        pub id: Sp<String>,
        pub name: String,
        /// Movement points to enter a hex of this terrain: whole, or in halves or quarters
        /// (`0.5`), printed on the terrain effects chart as a fraction (`½`).
        pub move_cost: Sp<f64>,
        /// Free text for the terrain effects chart's combat column.
        #[serde(default)]
        pub combat: String,
        #[serde(default)]
        pub note: String,
        /// Unit branches (a unit type's `branch`) that must stop on entering a hex of this terrain.
        #[serde(default)]
        pub stops: Vec<Sp<String>>,
        /// A unit in a hex of this terrain has no ZOC.
        #[serde(default)]
        pub no_zoc_inside: bool,
        /// Stands for hexes whose terrain the sources do not give (the completeness report lists them).
        #[serde(default)]
        pub unknown: bool,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct CityKind {
        pub id: Sp<String>,
        pub name: String,
        /// Drawn with the major-city symbol (a square) instead of a dot.
        #[serde(default)]
        pub major: bool,
        #[serde(default)]
        pub combat: String,
        #[serde(default)]
        pub note: String,
    }
}

cited! {
    /// A map feature that is not a hex terrain: a hexside (river) or a line of hexes (railroad).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Feature {
        pub id: Sp<String>,
        pub name: String,
        #[serde(default)]
        pub move_effect: String,
        /// A line feature's movement points to enter the next hex along it, whatever that hex's
        /// terrain (a road at `0.5`: ½ MP a hex). Not for hexside features (`V0881`).
        pub move_cost: Option<Sp<f64>>,
        #[serde(default)]
        pub combat: String,
        /// What may not cross a hexside of this feature: `movement`, `retreat`, `zoc`, `supply`.
        #[serde(default)]
        pub blocks: Vec<Sp<String>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct MapInfo {
        pub name: String,
        /// The printed map as an image (PNG or JPEG, relative to the project root): the board shows it
        /// instead of a map drawn from the terrain data.
        pub image: Option<Sp<String>>,
        /// Centres of two or three hexes as read off `image`, in its pixels (`"0101" = [x, y]`): the
        /// grid is fitted to them (`crate::concept::map::fit`).
        #[serde(default)]
        pub hex_centres: BTreeMap<String, Sp<[f64; 2]>>,
        /// The map's name in the module (`mapName`: what saved games, Send-To traits and raw
        /// components name it by), the same in every language; without it, the interface's name for
        /// the main map. `vmodc import` keeps the imported module's own.
        pub module_name: Option<String>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct TerrainLayout {
        /// Terrain of every hex not listed below.
        pub default: Sp<String>,
        /// Hexes per terrain id.
        pub hexes: BTreeMap<String, Vec<Sp<String>>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct City {
        pub hex: Sp<String>,
        pub name: String,
        pub kind: Sp<String>,
        /// Side that controls the city at the start.
        pub control: Sp<String>,
        /// Keys of this entry whose value the sources do not give (`kind`, `control`): the value written
        /// is the least the sources support, and the completeness report lists the key.
        #[serde(default)]
        pub unknown: Vec<Sp<String>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct HexsideSet {
        pub feature: Sp<String>,
        /// Each hexside as the pair of hexes it separates.
        pub pairs: Vec<Sp<[Sp<String>; 2]>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Line {
        pub feature: Sp<String>,
        pub name: String,
        /// Contiguous hexes the line runs through.
        pub path: Vec<Sp<String>>,
        /// Map edges the line runs off at its start and end (`N`, `S`, `E`, `W`), drawn as stubs.
        pub from_edge: Option<Sp<String>>,
        pub to_edge: Option<Sp<String>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct MapEdge {
        pub side: Sp<String>,
        /// Colour of the printed border, `#rrggbb`.
        pub color: Sp<String>,
        pub hexes: Vec<Sp<String>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SetupMarks {
        pub side: Sp<String>,
        /// Symbol printed in the hex: `star` or `cross`.
        pub symbol: Sp<String>,
        pub hexes: Vec<Sp<String>>,
    }
}

/// How the map is drawn (not game facts).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapStyle {
    /// Hex height, flat side to flat side, in pixels.
    pub hex_height: u32,
    /// Empty border around the grid, in pixels.
    pub margin: u32,
    pub background: Sp<String>,
    /// Fill colour per terrain id.
    pub terrain_colors: BTreeMap<String, Sp<String>>,
    /// Stroke colour per hexside or line feature id.
    pub feature_colors: BTreeMap<String, Sp<String>>,
    /// The line style per line feature id: `road`, `rail`, `track` or the id of one of
    /// `line_styles`. A feature not listed takes the built-in of its own id, else `rail`.
    #[serde(default)]
    pub feature_styles: BTreeMap<String, Sp<String>>,
    /// Line styles of the designer's own (`[[style.line_styles]]`).
    #[serde(default)]
    pub line_styles: Vec<LineStyleDef>,
}

impl MapStyle {
    /// The style `feature`'s lines are drawn in: its `feature_styles` entry (a designer's style
    /// or a built-in), else the built-in of the feature's own id, else `rail`.
    pub fn line_style(&self, feature: &str) -> LineStyleOf<'_> {
        let Some(name) = self.feature_styles.get(feature) else {
            return LineStyleOf::Builtin(BuiltinLine::parse(feature).unwrap_or(BuiltinLine::Rail));
        };
        if let Some(own) = self.line_styles.iter().find(|s| s.id.as_str() == name.as_str()) {
            return LineStyleOf::Own(own);
        }
        LineStyleOf::Builtin(BuiltinLine::parse(name).unwrap_or(BuiltinLine::Rail))
    }

    /// Whether the map's legend shows `feature`'s line: the map draws a line of it, or its style is
    /// named.
    pub fn shows_line(&self, map_lines: &[Line], feature: &str) -> bool {
        self.feature_styles.contains_key(feature)
            || map_lines.iter().any(|l| l.feature.as_str() == feature)
    }
}

cited! {
    /// An off-grid area that counts as one big hex (`[[areas]]`), e.g. a rear area beyond the map edge.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Area {
        /// Id used by setups and unit codes; must not look like a hex label.
        pub id: Sp<String>,
        pub name: String,
        /// The side the area belongs to, if any.
        pub side: Option<Sp<String>>,
        /// A larger region the area is part of, as printed (e.g. "German-occupied territory").
        pub group: Option<String>,
        /// Map hexes the area touches, as far as known.
        #[serde(default)]
        pub adjacent_hexes: Vec<Sp<String>>,
        /// `false` when the area touches hexes the sources do not name.
        #[serde(default = "yes")]
        pub adjacent_known: bool,
        /// Hexside features between the area and some adjacent hexes.
        #[serde(default)]
        pub hexsides: Vec<AreaHexsides>,
        /// Other areas it borders.
        #[serde(default)]
        pub adjacent_areas: Vec<Sp<String>>,
        /// Units may move between this area and another area.
        #[serde(default = "yes")]
        pub cross_to_areas: bool,
        /// The whole area counts as one hex for movement and combat.
        #[serde(default)]
        pub one_hex: bool,
        /// No stacking limit applies inside.
        #[serde(default)]
        pub no_stacking_limit: bool,
        /// A unit with a ZOC inside projects it into every hex adjacent to the area.
        #[serde(default)]
        pub zoc_to_adjacent: bool,
        /// Units of other sides may enter.
        #[serde(default = "yes")]
        pub enemy_entry: bool,
        /// ZOCs of other sides extend into it.
        #[serde(default = "yes")]
        pub enemy_zoc: bool,
        /// It is a supply source for its side.
        #[serde(default)]
        pub supply_source: bool,
        /// Units printed with an area code may enter only the area of their code.
        #[serde(default)]
        pub home_units_only: bool,
        /// What happens to a unit that enters it, in a sentence.
        #[serde(default)]
        pub on_entry: String,
        #[serde(default)]
        pub note: String,
    }
}

cited! {
    /// Hexes the area touches across a hexside feature (a river, say).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct AreaHexsides {
        pub feature: Sp<String>,
        pub hexes: Vec<Sp<String>>,
    }
}

cited! {
    /// A city the sources name without giving its hex (`[[unlocated_cities]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct UnlocatedCity {
        pub name: String,
        /// The name as printed, when the map is printed in another language.
        pub printed_name: Option<String>,
        /// City kind, when known.
        pub kind: Option<Sp<String>>,
        /// Hexes the sources say are adjacent to it.
        #[serde(default)]
        pub adjacent_hexes: Vec<Sp<String>>,
        #[serde(default)]
        pub note: String,
    }
}

keyword! {
    /// What a hexside or line feature blocks (`[[hexside_features]] blocks`).
    pub enum Blocked {
        Movement = "movement",
        Retreat = "retreat",
        Zoc = "zoc",
        Supply = "supply",
    }
}

keyword! {
    /// A key of a city entry whose value the sources do not give (`[[cities]] unknown`).
    pub enum CityKey {
        Kind = "kind",
        Control = "control",
    }
}

impl Terrain {
    /// Its movement cost as the terrain effects chart prints it (`½`).
    pub fn move_cost_text(&self) -> String {
        move_points_text(self.move_cost.value)
    }
}

impl Feature {
    /// A line feature's own rate as the terrain effects chart prints it (`½`), if it has one.
    pub fn move_cost_text(&self) -> Option<String> {
        self.move_cost.as_ref().map(|c| move_points_text(c.value))
    }
}

/// Movement points as a terrain effects chart prints them: whole (`2`), or with the fraction a
/// designer writes (`½`, `1½`, `¼`, `¾`); other fractions (which the checks report, `V0880`) in
/// decimals.
pub fn move_points_text(points: f64) -> String {
    let whole = points.trunc();
    let fraction = match ((points - whole) * 4.0).round() as i64 {
        _ if (points * 4.0).fract() != 0.0 => return points.to_string(),
        0 => "",
        1 => "¼",
        2 => "½",
        _ => "¾",
    };
    match (whole as i64, fraction) {
        (0, "") => "0".to_string(),
        (0, f) => f.to_string(),
        (w, f) => format!("{w}{f}"),
    }
}

/// One area of an area map (`[[grid.areas]]`).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapArea {
    /// The area's name as printed: how setups, terrain, cities and hexside pairs name it, and its
    /// location name in the module. Any text but `|` (the module's list separator).
    pub name: Sp<String>,
    /// Where the area's pieces stand, `[x, y]` in board pixels (on `[map] image`, read off the
    /// image). With an `outline` it may be left out: a point inside the outline is taken.
    pub at: Option<Sp<[i32; 2]>>,
    /// The area's outline, its corners `[x, y]` in board pixels in order around it (at least three).
    /// Pieces dropped anywhere inside snap to the area's point.
    #[serde(default)]
    pub outline: Vec<Sp<[i32; 2]>>,
    /// The areas it borders, by name; each lists it back.
    #[serde(default)]
    pub neighbours: Vec<Sp<String>>,
}

#[cfg(test)]
mod move_points_tests {
    use super::move_points_text;

    #[test]
    fn fractions_print_as_a_designer_writes_them() {
        assert_eq!(move_points_text(0.5), "½");
        assert_eq!(move_points_text(1.5), "1½");
        assert_eq!(move_points_text(0.25), "¼");
        assert_eq!(move_points_text(2.75), "2¾");
        assert_eq!(move_points_text(2.0), "2");
        assert_eq!(move_points_text(0.0), "0");
        assert_eq!(move_points_text(0.3), "0.3");
    }
}
