//! The game model: what the four data files of a game say, as typed Rust values.
//!
//! Each file kind has its own struct (`RulesFile`, `CountersFile`, `MapFile`, `ScenarioFile`), deserialized
//! straight from TOML with unknown keys rejected. Values that a check may need to point at are wrapped in
//! [`Sp`], which keeps their byte span. References between files (a unit's side, a setup hex, a terrain
//! id) stay strings here; the `check` stage resolves them and reports what does not resolve.
//!
//! Nothing in this module knows any particular game.

pub use crate::concept::art::image_file::{ImageFile, MAX_DECODED_PIXELS};
pub use crate::concept::cards::{Allotment, Card, CardPlay, CardUse, Deck};
pub use crate::concept::combat::{
    ActionRating, AttackKind, AttackModifier, AutomaticResult, ByCount, ColumnShift, Combat,
    CombatResult, Count, CountStep, Declaration, DefenceBonus, FixedFire, KnownCell, PerCount,
    ResultGrammar, ResultPart, ResultSide, Reversal, StrengthModifier, Surprise, SurprisePoint,
};
pub use crate::concept::map::grid::{self, Grid, HexId};
pub use crate::concept::map::{
    Area, AreaHexsides, BuiltinLine, City, CityKind, Feature, HexsideSet, Line, LineStyleDef,
    LineStyleOf, MapEdge, MapInfo, MapStyle, SetupMarks, Terrain, TerrainLayout, UnlocatedCity,
};
pub use crate::concept::markers::{Marker, MarkerBack};
pub use crate::concept::modes::{Mode, ModeValues};
pub use crate::concept::movement::{MoveProhibition, Movement, WeatherMoveLimit};
pub use crate::concept::provenance::Gap;
pub use crate::concept::releases::ReleaseHistory;
pub use crate::concept::sequence::{Dice, OtherDice, Phase, Turns};
pub use crate::concept::series::Layering;
pub use crate::concept::setup::{
    Control, OffMap, Placement, Reinforcement, Replacements, ScenarioInfo, Unplaced,
};
pub use crate::concept::special_rules::SpecialRule;
pub use crate::concept::stacking::{StackLimit, Stacking};
pub use crate::concept::supply::Supply;
pub use crate::concept::units::{
    parse_value_slots, parse_values, CounterSheet, DerivedValue, Reduction, Side, Unit, UnitType,
};
pub use crate::concept::victory::{
    CityDesignation, LossRounding, ResultChange, Victory, VictoryCondition, VictoryPoints, VpTerm,
    VpThreshold,
};
pub use crate::concept::weather::Weather;
pub use crate::model::{FileId, Sp};

use serde::Deserialize;

/// Every file of one game, loaded.
#[derive(Debug, Clone)]
pub struct Game {
    /// The game id: the stem shared by `rules/<id>.toml`, `counters/<id>.toml`, `maps/<id>.toml`.
    pub id: String,
    pub rules: Loaded<RulesFile>,
    pub counters: Loaded<CountersFile>,
    pub map: Loaded<MapFile>,
    pub scenarios: Vec<Loaded<ScenarioFile>>,
    /// How the rules were layered over a series (`[game] series`), if they were.
    pub layering: Option<Layering>,
    /// The image files the data names (`[map] image`, `[[art_sheets]] image`), by their path as
    /// written.
    pub images: std::collections::BTreeMap<String, ImageFile>,
    /// The files shipped into the module as they are, by module entry name (`images/a.png`): an
    /// imported module's face images and raw files (docs/import.md).
    pub files: std::collections::BTreeMap<String, Vec<u8>>,
    /// The release history (`changes/<game>.toml`), when the game has one.
    pub releases: Option<Loaded<ReleaseHistory>>,
    /// The data files the game was read from (its rules and its series' rules, counters, map,
    /// scenarios) as (path relative to the project root, text, as read): every module carries
    /// them, so that `vmodc audit` reads the rules back from the module alone.
    pub data_files: Vec<(String, String)>,
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

// ---------------------------------------------------------------------------------------------------
// rules/<game>.toml
// ---------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    pub game: GameInfo,
    /// This file is a series' rules: the rule numbers its games may override.
    pub series: Option<crate::concept::series::Series>,
    /// Sections of a game that replace its series' (`[[overrides]]`).
    #[serde(default)]
    pub overrides: Vec<crate::concept::series::Override>,
    pub sides: Vec<Side>,
    pub dice: Dice,
    /// Further kinds of dice, each with its own button (`[dice]` is the combat die).
    #[serde(default)]
    pub other_dice: Vec<OtherDice>,
    pub phases: Vec<Phase>,
    pub turns: Turns,
    /// Which printed values the modes change (`[mode_values]`).
    pub mode_values: Option<crate::concept::modes::ModeValues>,
    /// The modes a unit may be in (`[[modes]]`).
    #[serde(default)]
    pub modes: Vec<crate::concept::modes::Mode>,
    /// Numbers printed on the turn record track per turn (air points, arrivals).
    #[serde(default)]
    pub turn_values: Vec<crate::concept::sequence::TurnValue>,
    #[serde(default)]
    pub weather: Vec<Weather>,
    /// A table that rolls each turn's weather (`[variable_weather]`).
    pub variable_weather: Option<crate::concept::weather::VariableWeather>,
    pub terrain: Vec<Terrain>,
    #[serde(default)]
    pub city_kinds: Vec<CityKind>,
    #[serde(default)]
    pub hexside_features: Vec<Feature>,
    #[serde(default)]
    pub line_features: Vec<Feature>,
    pub stacking: Stacking,
    pub combat: Combat,
    /// The barrage table: its columns, costs and shifts (`[barrage]`).
    pub barrage: Option<crate::concept::barrage::Barrage>,
    /// Air units and airbases, with the flak and air combat rolls (`[air]`).
    pub air: Option<crate::concept::air::Air>,
    /// A side's morale chits: its breaking point against a count (`[morale]`).
    pub morale: Option<crate::concept::morale::Morale>,
    #[serde(default)]
    pub movement: Movement,
    /// How cards are chosen and played, and each side's allotment per turn.
    pub card_play: Option<CardPlay>,
    pub supply: Option<Supply>,
    /// Cities a side may designate during play (a hero city).
    #[serde(default)]
    pub city_designations: Vec<CityDesignation>,
    /// Rules the players apply by hand, for the whole game (`[[special_rules]]`): the module's
    /// "Rules in play" help page and the printed kit state them.
    #[serde(default)]
    pub special_rules: Vec<SpecialRule>,
    /// Parts of an imported module kept as it wrote them (`[raw]`, docs/import.md).
    pub raw: Option<crate::concept::raw::Raw>,
    /// Facts of this file the sources do not give (reported as warnings).
    #[serde(default)]
    pub missing: Vec<Gap>,
    /// Facts of this file held by inference, not stated (reported as notes).
    #[serde(default)]
    pub inferred: Vec<Gap>,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
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
    /// The series whose rules these rules build on (`rules/<series>.toml`), if any.
    pub series: Option<Sp<String>>,
    /// The data format the game's files are written in (`crate::model::data_format`); absent in
    /// data written before vmodc numbered its formats, which is format 1.
    pub format: Option<Sp<u32>>,
}

impl GameInfo {
    /// The data format of the game's files, as stated or implied.
    pub fn data_format(&self) -> crate::model::data_format::DataFormat {
        use crate::model::data_format::{DataFormat, UNNUMBERED};
        self.format
            .as_ref()
            .map_or(UNNUMBERED, |f| DataFormat(f.value))
    }
}

// ---------------------------------------------------------------------------------------------------
// counters/<game>.toml
// ---------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
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
    /// Units that start untried: their values hidden until revealed (`[untried]`).
    pub untried: Option<crate::concept::hidden::Untried>,
    /// Unit types replaced by a counter of another type when they lose their last face's step
    /// (`[[replacements]]`).
    #[serde(default)]
    pub replacements: Vec<crate::concept::steps::Replacement>,
    /// Printed sheets that unit, marker and card faces are cut from (`[[art_sheets]]`).
    #[serde(default)]
    pub art_sheets: Vec<crate::concept::art::ArtSheet>,
    /// The cell of each piece's faces on those sheets (`[[art]]`).
    #[serde(default)]
    pub art: Vec<crate::concept::art::ArtCell>,
    /// Facts of this file the sources do not give (reported as warnings).
    #[serde(default)]
    pub missing: Vec<Gap>,
    /// Facts of this file held by inference, not stated (reported as notes).
    #[serde(default)]
    pub inferred: Vec<Gap>,
}

// ---------------------------------------------------------------------------------------------------
// maps/<game>.toml
// ---------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
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

// ---------------------------------------------------------------------------------------------------
// scenarios/<game>/<scenario>.toml
// ---------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
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
    /// Cities whose control at this scenario's start differs from the map's (`[[control]]`).
    #[serde(default)]
    pub control: Vec<Control>,
    /// This scenario's own rules (`[[special_rules]]`), never inherited through `based_on`.
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

    /// The printed value named `value` (a `[counters] values` name) of `unit` on its face number
    /// `face` (0: its first face, as the module's `Step` layer counts from 1): `Some(None)` when
    /// the sources do not give it (`?`), `None` when the unit has no such face or value.
    pub fn printed_value(&self, unit: &Unit, face: usize, value: &str) -> Option<Option<u32>> {
        let index = self.counters.values.iter().position(|v| v == value)?;
        let faces = self.faces_of(unit);
        let printed = unit.faces.get(*faces.get(face)?)?;
        parse_value_slots(printed)?.get(index).copied()
    }

    pub fn unit_type(&self, id: &str) -> Option<&UnitType> {
        self.types.iter().find(|t| t.id.as_str() == id)
    }
}
