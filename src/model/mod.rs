//! The game model: what the four data files of a game say, as typed Rust values.
//!
//! Each file kind has its own struct (`RulesFile`, `CountersFile`, `MapFile`, `ScenarioFile`), deserialized
//! straight from TOML with unknown keys rejected. Values that a check may need to point at are wrapped in
//! [`Sp`], which keeps their byte span. References between files (a unit's side, a setup hex, a terrain
//! id) stay strings here; the `check` stage resolves them and reports what does not resolve.
//!
//! Nothing in this module knows any particular game.

mod extended;
pub mod grid;
mod spanned;

pub use extended::*;
pub use grid::{Grid, HexId};
pub use spanned::Sp;

use serde::Deserialize;
use std::collections::BTreeMap;

/// Every file of one game, loaded.
#[derive(Debug, Clone)]
pub struct Game {
    /// The game id: the stem shared by `rules/<id>.toml`, `counters/<id>.toml`, `maps/<id>.toml`.
    pub id: String,
    pub rules: Loaded<RulesFile>,
    pub counters: Loaded<CountersFile>,
    pub map: Loaded<MapFile>,
    pub scenarios: Vec<Loaded<ScenarioFile>>,
}

/// A parsed file together with where it came from, so diagnostics can name it.
#[derive(Debug, Clone)]
pub struct Loaded<T> {
    pub file: FileId,
    pub data: T,
}

impl<T> std::ops::Deref for Loaded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.data
    }
}

/// Index into the [`crate::diag::Sources`] table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub usize);

// ---------------------------------------------------------------------------------------------------
// rules/<game>.toml
// ---------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    pub game: GameInfo,
    pub sides: Vec<Side>,
    pub dice: Dice,
    pub phases: Vec<Phase>,
    pub turns: Turns,
    #[serde(default)]
    pub weather: Vec<Weather>,
    pub terrain: Vec<Terrain>,
    #[serde(default)]
    pub city_kinds: Vec<CityKind>,
    #[serde(default)]
    pub hexside_features: Vec<Feature>,
    #[serde(default)]
    pub line_features: Vec<Feature>,
    pub stacking: Stacking,
    pub combat: Combat,
    #[serde(default)]
    pub movement: Movement,
    /// How cards are chosen and played, and each side's allotment per turn.
    pub card_play: Option<CardPlay>,
    pub supply: Option<Supply>,
    /// Cities a side may designate during play (a hero city).
    #[serde(default)]
    pub city_designations: Vec<CityDesignation>,
    /// Facts of this file the sources do not give (reported as warnings).
    #[serde(default)]
    pub missing: Vec<Gap>,
    /// Facts of this file held by inference, not stated (reported as notes).
    #[serde(default)]
    pub inferred: Vec<Gap>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameInfo {
    pub id: Sp<String>,
    pub title: Sp<String>,
    pub edition: Option<String>,
    /// Module version, strict semver (the VASSAL module library accepts nothing else).
    pub version: Sp<String>,
    pub description: String,
    /// The rulebook the data follows.
    pub rulebook: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub id: Sp<String>,
    pub name: String,
    /// Counter background colour, `#rrggbb`.
    pub color: Sp<String>,
    /// Colour of text and symbols on the counter.
    pub text_color: Sp<String>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    pub count: u32,
    pub faces: u32,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    pub id: Sp<String>,
    pub name: String,
    /// The side whose phase it is; none for a phase that belongs to both.
    pub side: Option<Sp<String>>,
    /// What the phase allows, in a sentence for the players.
    #[serde(default)]
    pub allows: String,
    /// Scheduled events the module announces when this phase begins: `replacements` (the steps the
    /// phase's side receives this turn), `reinforcements` (the side's units arriving this turn),
    /// `weather` (the current turn's weather).
    #[serde(default)]
    pub announce: Vec<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turns {
    pub count: Sp<u32>,
    /// Calendar date or label printed on each turn box, in turn order.
    #[serde(default)]
    pub labels: Vec<String>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub id: Sp<String>,
    pub name: String,
    /// Movement points to enter a hex of this terrain.
    pub move_cost: u32,
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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A map feature that is not a hex terrain: a hexside (river) or a line of hexes (railroad).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    pub id: Sp<String>,
    pub name: String,
    #[serde(default)]
    pub move_effect: String,
    #[serde(default)]
    pub combat: String,
    /// What may not cross a hexside of this feature: `movement`, `retreat`, `zoc`, `supply`.
    #[serde(default)]
    pub blocks: Vec<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stacking {
    /// Most units of one side in a hex; the limit of every side without an entry in `limits`.
    pub max_units: Sp<u32>,
    /// When the limit applies, in the rulebook's words.
    pub when: String,
    /// Limits of particular sides, replacing `max_units` for them.
    #[serde(default)]
    pub limits: Vec<StackLimit>,
    /// What happens to a stack over the limit, in a sentence.
    #[serde(default)]
    pub on_violation: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    #[serde(default)]
    pub weather_limits: Vec<WeatherMoveLimit>,
    /// Units that may not move in given turns or phases.
    #[serde(default)]
    pub prohibitions: Vec<MoveProhibition>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeatherMoveLimit {
    pub weather: Sp<String>,
    /// Most hexes a unit may move in one phase.
    pub max_hexes: u32,
    /// `cap` (default): a movement allowance above `max_hexes` is lowered to it; `set`: every
    /// unit's movement allowance becomes `max_hexes`.
    pub mode: Option<Sp<String>>,
    /// Phases exempt from the limit.
    #[serde(default)]
    pub except_phases: Vec<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combat {
    /// `odds`: attack divided by defence, rounded down. (The only kind so far.)
    pub kind: Sp<String>,
    /// CRT columns from worst to best for the attacker, written `a:d`.
    pub columns: Vec<Sp<String>>,
    /// Highest column before shifts; better odds are lowered to it.
    pub cap: Sp<String>,
    pub cap_rule: Option<Sp<String>>,
    /// `false` when the rules state no cap: `cap` is then not applied, and the completeness
    /// report lists it.
    #[serde(default = "yes")]
    pub cap_known: bool,
    /// What happens when the final odds fall below the first column.
    pub below_table: Sp<String>,
    /// Result codes the table may use, from best for the defender to best for the attacker
    /// (the order `vmodc check` uses to spot results that improve for the defender as odds rise).
    pub results: Vec<CombatResult>,
    /// One row per die roll: `"1" = ["DR", ...]`, one code per column. Empty when `table_known`
    /// is false.
    #[serde(default)]
    pub table: BTreeMap<String, Sp<Vec<Sp<String>>>>,
    /// `false` when the sources do not give the table; `known_cells` then holds what they give.
    #[serde(default = "yes")]
    pub table_known: bool,
    #[serde(default)]
    pub known_cells: Vec<KnownCell>,
    /// Odds that give a result without a die roll.
    #[serde(default)]
    pub automatic: Vec<AutomaticResult>,
    /// How the defender chooses the strength it defends with, in a sentence.
    #[serde(default)]
    pub defence: String,
    /// What happens to the units of both sides after every combat, in a sentence.
    #[serde(default)]
    pub after_combat: String,
    #[serde(default)]
    pub shifts: Vec<ColumnShift>,
    #[serde(default)]
    pub attack_modifiers: Vec<AttackModifier>,
    /// Places where the printed table deliberately gets better for the defender as odds rise;
    /// listing one turns its warning into a note.
    #[serde(default)]
    pub reversals: Vec<Reversal>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatResult {
    pub code: Sp<String>,
    pub name: String,
    pub effect: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// An acknowledged reversal in the CRT: at `roll`, column `column` is better for the defender than the
/// column before it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reversal {
    pub roll: Sp<String>,
    pub column: Sp<String>,
    pub reason: String,
    pub rule: Option<Sp<String>>,
    pub source: Option<Sp<String>>,
}

/// A column shift and the condition that triggers it. All conditions given must hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnShift {
    pub id: Sp<String>,
    pub name: String,
    /// Columns to move: negative favours the defender.
    pub shift: i32,
    pub defender_terrain: Option<Sp<String>>,
    pub defender_city: Option<Sp<String>>,
    pub defender_side: Option<Sp<String>>,
    /// A hexside feature that every attacker must be across.
    pub all_attackers_across: Option<Sp<String>>,
    /// At least one attacker must be of one of these unit types.
    #[serde(default)]
    pub attacker_types: Vec<Sp<String>>,
    pub attacker_side: Option<Sp<String>>,
    /// Only in these weathers.
    #[serde(default)]
    pub weather: Vec<Sp<String>>,
    /// Never in these weathers.
    #[serde(default)]
    pub not_weather: Vec<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A change to attack strength, e.g. panzers halved in mud.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackModifier {
    pub id: Sp<String>,
    pub name: String,
    pub weather: Option<Sp<String>>,
    #[serde(default)]
    pub unit_types: Vec<Sp<String>>,
    /// Strength is multiplied by `numerator / denominator`.
    pub numerator: u32,
    pub denominator: u32,
    /// Keep fractions (12.2: "9 halved is 4.5") instead of rounding.
    pub keep_fractions: bool,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

// ---------------------------------------------------------------------------------------------------
// counters/<game>.toml
// ---------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountersFile {
    pub counters: CounterSheet,
    pub types: Vec<UnitType>,
    pub units: Vec<Unit>,
    #[serde(default)]
    pub markers: Vec<Marker>,
    /// Uses a card may offer (the icons printed on cards).
    #[serde(default)]
    pub card_uses: Vec<CardUse>,
    /// Each side's set of cards.
    #[serde(default)]
    pub decks: Vec<Deck>,
    #[serde(default)]
    pub cards: Vec<Card>,
    /// Facts of this file the sources do not give (reported as warnings).
    #[serde(default)]
    pub missing: Vec<Gap>,
    /// Facts of this file held by inference, not stated (reported as notes).
    #[serde(default)]
    pub inferred: Vec<Gap>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterSheet {
    /// Counter edge length in pixels.
    pub size: u32,
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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// "The reduced face shows half the full strength, rounded down" (B4M 3.3).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reduction {
    pub from_face: Sp<String>,
    pub to_face: Sp<String>,
    pub value: Sp<String>,
    pub divisor: u32,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
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
    pub label: Option<String>,
    /// Printed setup code naming the area (`[[areas]]` id) the unit starts in and is bound to.
    pub home_area: Option<Sp<String>>,
    /// Printed entry code: the turn the unit arrives.
    pub entry_turn: Option<Sp<u32>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

impl Unit {
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }

    /// The text printed on the counter: `label`, or the id.
    pub fn label(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.id)
    }
}

// ---------------------------------------------------------------------------------------------------
// maps/<game>.toml
// ---------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub map: MapInfo,
    pub grid: Grid,
    pub terrain: TerrainLayout,
    #[serde(default)]
    pub cities: Vec<City>,
    #[serde(default)]
    pub hexsides: Vec<HexsideSet>,
    #[serde(default)]
    pub lines: Vec<Line>,
    #[serde(default)]
    pub edges: Vec<MapEdge>,
    #[serde(default)]
    pub setup_marks: Vec<SetupMarks>,
    pub style: MapStyle,
    /// Off-grid areas that count as one big hex (rear areas).
    #[serde(default)]
    pub areas: Vec<Area>,
    /// Cities the sources name without giving their hex.
    #[serde(default)]
    pub unlocated_cities: Vec<UnlocatedCity>,
    /// Facts of this file the sources do not give (reported as warnings).
    #[serde(default)]
    pub missing: Vec<Gap>,
    /// Facts of this file held by inference, not stated (reported as notes).
    #[serde(default)]
    pub inferred: Vec<Gap>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapInfo {
    pub name: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainLayout {
    /// Terrain of every hex not listed below.
    pub default: Sp<String>,
    /// Hexes per terrain id.
    pub hexes: BTreeMap<String, Vec<Sp<String>>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideSet {
    pub feature: Sp<String>,
    /// Each hexside as the pair of hexes it separates.
    pub pairs: Vec<Sp<[Sp<String>; 2]>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    pub feature: Sp<String>,
    pub name: String,
    /// Contiguous hexes the line runs through.
    pub path: Vec<Sp<String>>,
    /// Map edges the line runs off at its start and end (`N`, `S`, `E`, `W`), drawn as stubs.
    pub from_edge: Option<Sp<String>>,
    pub to_edge: Option<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapEdge {
    pub side: Sp<String>,
    /// Colour of the printed border, `#rrggbb`.
    pub color: Sp<String>,
    pub hexes: Vec<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupMarks {
    pub side: Sp<String>,
    /// Symbol printed in the hex: `star` or `cross`.
    pub symbol: Sp<String>,
    pub hexes: Vec<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// How the map is drawn (not game facts).
#[derive(Debug, Clone, Deserialize)]
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
}

// ---------------------------------------------------------------------------------------------------
// scenarios/<game>/<scenario>.toml
// ---------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub scenario: ScenarioInfo,
    #[serde(default)]
    pub setup: Vec<Placement>,
    #[serde(default)]
    pub off_map: Vec<OffMap>,
    #[serde(default)]
    pub reinforcements: Vec<Reinforcement>,
    #[serde(default)]
    pub replacements: Vec<Replacements>,
    pub victory: Option<Victory>,
    #[serde(default)]
    pub special_rules: Vec<SpecialRule>,
    /// Units whose start position the sources give only in part, or not at all.
    #[serde(default)]
    pub unplaced: Vec<Unplaced>,
    /// Facts of this file the sources do not give (reported as warnings).
    #[serde(default)]
    pub missing: Vec<Gap>,
    /// Facts of this file held by inference, not stated (reported as notes).
    #[serde(default)]
    pub inferred: Vec<Gap>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioInfo {
    pub id: Sp<String>,
    pub name: String,
    pub description: String,
    /// Another scenario of the same game whose setup, schedule and victory this one starts from.
    pub based_on: Option<Sp<String>>,
    /// Turn and phase play starts at.
    pub start_turn: Option<Sp<u32>>,
    pub start_phase: Option<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub unit: Sp<String>,
    pub hex: Sp<String>,
    pub face: Sp<String>,
    #[serde(default)]
    pub note: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffMap {
    pub unit: Sp<String>,
    pub face: Sp<String>,
    /// Name of the off-map box the unit waits in.
    pub box_name: String,
    /// The off-grid area (`[[areas]]` id of the map) the unit starts in, if it starts in one.
    pub area: Option<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    pub turn: Sp<u32>,
    pub unit: Sp<String>,
    pub face: Sp<String>,
    /// Where it enters, in the rulebook's words.
    pub arrives: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replacements {
    pub turn: Sp<u32>,
    /// Replacement steps per side id.
    pub steps: BTreeMap<String, Sp<u32>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    pub when: String,
    #[serde(default)]
    pub conditions: Vec<VictoryCondition>,
    /// A victory-point score, judged by its thresholds.
    pub points: Option<VictoryPoints>,
    /// Result when no condition holds.
    pub otherwise: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A side wins if it controls every hex of `control_all` and at least `at_least` of `control_any`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryCondition {
    pub winner: Sp<String>,
    pub result: String,
    #[serde(default)]
    pub control_all: Vec<Sp<String>>,
    #[serde(default)]
    pub control_any: Vec<Sp<String>>,
    #[serde(default)]
    pub at_least: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialRule {
    pub title: String,
    pub text: String,
    /// An optional rule the players may agree to use.
    #[serde(default)]
    pub optional: bool,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

fn yes() -> bool {
    true
}

impl CountersFile {
    /// The faces units of `unit`'s type have, in flip order (the declared faces unless the type
    /// lists its own).
    pub fn faces_of(&self, unit: &Unit) -> Vec<&str> {
        let own = self
            .types
            .iter()
            .find(|t| t.id.as_str() == unit.unit_type.as_str())
            .map(|t| &t.faces)
            .filter(|f| !f.is_empty());
        match own {
            Some(faces) => faces.iter().map(|f| f.as_str()).collect(),
            None => self.counters.faces.iter().map(|f| f.as_str()).collect(),
        }
    }

    pub fn unit_type(&self, id: &str) -> Option<&UnitType> {
        self.types.iter().find(|t| t.id.as_str() == id)
    }
}

impl UnitType {
    /// The ZOC mode, `always` unless the data says otherwise.
    pub fn zoc_mode(&self) -> &str {
        self.zoc.as_ref().map_or("always", |z| z.as_str())
    }
}

/// Parse `"8-?"` into its printed numbers, `None` for a value the sources do not give (`?`).
pub fn parse_value_slots(text: &str) -> Option<Vec<Option<u32>>> {
    text.split('-')
        .map(|part| match part.trim() {
            "?" => Some(None),
            p => p.parse().ok().map(Some),
        })
        .collect()
}

/// Parse `"12-6"` into its printed numbers.
pub fn parse_values(text: &str) -> Option<Vec<u32>> {
    text.split('-')
        .map(|part| part.trim().parse().ok())
        .collect()
}
