//! Parts of the data model that games beyond a single-map, two-face, odds-CRT design need: off-grid
//! areas, per-side stacking limits, cards, victory points, designated cities, supply, and an explicit
//! record of what the sources do not say.
//!
//! Every struct here is optional in its file (serde defaults), so data written before these parts
//! existed stays valid and means the same. Nothing here knows a particular game: ids such as `"N"`
//! or `"soviet"` live in the data only.

use super::Sp;
use serde::Deserialize;

fn yes() -> bool {
    true
}

// ---------------------------------------------------------------------------------------------------
// Completeness: what the data does not know, and what it knows only by inference.
// ---------------------------------------------------------------------------------------------------

/// A fact the data lacks (`[[missing]]`, reported as a warning) or holds only by inference
/// (`[[inferred]]`, reported as a note). Any of the four data files may list them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gap {
    /// The fact, e.g. "terrain of every hex".
    pub what: Sp<String>,
    /// Why it is missing or how it was inferred.
    #[serde(default)]
    pub why: String,
    /// What in the game or the module depends on it.
    #[serde(default)]
    pub affects: String,
    /// Rulebook section the fact belongs to.
    pub rule: Option<Sp<String>>,
    /// Where the fact would be found (a component, a table), or where the inference comes from.
    pub source: Option<Sp<String>>,
}

// ---------------------------------------------------------------------------------------------------
// rules/<game>.toml
// ---------------------------------------------------------------------------------------------------

/// A per-side stacking limit (`[[stacking.limits]]`); sides without one use `[stacking] max_units`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackLimit {
    pub side: Sp<String>,
    /// Most units of this side in one hex.
    pub max_units: Sp<u32>,
    /// Most units of one branch (a unit type's `branch`) of this side in one hex.
    pub max_per_branch: Option<Sp<u32>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// Units that may not move in some turns or phases (`[[movement.prohibitions]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveProhibition {
    /// Units concerned, by id.
    #[serde(default)]
    pub units: Vec<Sp<String>>,
    /// Unit types concerned.
    #[serde(default)]
    pub unit_types: Vec<Sp<String>>,
    /// Turns it applies to; none = every turn.
    #[serde(default)]
    pub turns: Vec<Sp<u32>>,
    /// Phases it applies to; none = every phase.
    #[serde(default)]
    pub phases: Vec<Sp<String>>,
    /// What the units may still do, in a sentence.
    #[serde(default)]
    pub still_allowed: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A CRT cell recovered from the rulebook text while the table itself is unknown
/// (`[[combat.known_cells]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownCell {
    pub column: Sp<String>,
    pub roll: Sp<u32>,
    pub result: Sp<String>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// Final odds at or above `at_least` give `result` without a die roll (`[[combat.automatic]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutomaticResult {
    /// Odds written `a:d`.
    pub at_least: Sp<String>,
    /// A result code of `[[combat.results]]`.
    pub result: Sp<String>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// How players get and lose cards (`[card_play]`); the cards themselves are in counters/<game>.toml.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardPlay {
    /// `choose`: each turn a side picks its allotment from all its cards; `draw`: it draws at random.
    pub selection: Sp<String>,
    /// When unused cards are discarded, in a sentence.
    #[serde(default)]
    pub discard: String,
    /// Further limits on playing cards, one sentence each.
    #[serde(default)]
    pub limits: Vec<String>,
    /// Cards each side receives per turn, as far as known; turns without an entry are unknown.
    #[serde(default)]
    pub allotments: Vec<Allotment>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// The number of cards `side` receives on `turn`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Allotment {
    pub side: Sp<String>,
    pub turn: Sp<u32>,
    pub cards: Sp<u32>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// Supply rules (`[supply]`), as far as data and text can hold them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Supply {
    /// Most hexes in a supply line.
    pub line_hexes: Option<Sp<u32>>,
    /// What a supply source is, in a sentence.
    #[serde(default)]
    pub sources: String,
    /// What blocks a supply line, one item each.
    #[serde(default)]
    pub blocked_by: Vec<String>,
    /// When supply is checked and what happens to units out of supply.
    #[serde(default)]
    pub effects: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A city one side may designate during play, e.g. a hero city (`[[city_designations]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CityDesignation {
    pub id: Sp<String>,
    pub name: String,
    /// The side that designates.
    pub side: Sp<String>,
    /// How many designations a game allows.
    pub times: Option<Sp<u32>>,
    /// The phase it happens in.
    pub phase: Option<Sp<String>>,
    /// Which city may be designated, in a sentence.
    #[serde(default)]
    pub eligible: String,
    /// A card (counters `[[cards]]` id) discarded to designate.
    pub discard_card: Option<Sp<String>>,
    /// The marker (counters `[[markers]]` id) that shows the designated city.
    pub marker: Option<Sp<String>>,
    /// A city kind the city counts as from then on, if it is not one already.
    pub counts_as: Option<Sp<String>>,
    /// Combat results that change against the designated city.
    #[serde(default)]
    pub result_changes: Vec<ResultChange>,
    /// When the designation ends, in a sentence.
    #[serde(default)]
    pub ends_when: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// Result `from` is read as `to` (when `attacker_side` attacks, if given).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultChange {
    pub attacker_side: Option<Sp<String>>,
    pub from: Sp<String>,
    pub to: Sp<String>,
}

// ---------------------------------------------------------------------------------------------------
// counters/<game>.toml
// ---------------------------------------------------------------------------------------------------

/// A value not printed as such but derived from other printed values (`[[counters.derived]]`),
/// e.g. passive defence = the strength printed on the worn face.
#[derive(Debug, Clone, Deserialize)]
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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

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
    #[serde(default)]
    pub note: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A use a card may offer, shown on the card as an icon (`[[card_uses]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardUse {
    pub id: Sp<String>,
    pub name: String,
    /// Short text drawn as the icon.
    pub icon: Sp<String>,
    /// Units the use acts on at once (`x2` icons).
    pub units: Option<Sp<u32>>,
    /// When it may be used.
    #[serde(default)]
    pub when: String,
    /// What it does.
    #[serde(default)]
    pub effect: String,
    /// Column shift it gives in the user's favour, if it is a combat shift.
    pub shift: Option<Sp<i32>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A side's set of cards (`[[decks]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    pub side: Sp<String>,
    pub name: String,
    /// Cards in the deck, as the rulebook states.
    pub size: Sp<u32>,
    /// Card background and text colours, `#rrggbb`.
    pub color: Sp<String>,
    pub text_color: Sp<String>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A card (`[[cards]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub id: Sp<String>,
    pub side: Sp<String>,
    pub name: String,
    /// The name as printed, when the card is printed in another language.
    pub printed_name: Option<String>,
    /// Copies in the deck.
    pub count: Sp<u32>,
    /// `false` when the sources show only that there is at least `count` copies.
    #[serde(default = "yes")]
    pub count_known: bool,
    /// Its uses (ids of `[[card_uses]]`), in printed order.
    #[serde(default)]
    pub uses: Vec<Sp<String>>,
    /// `false` when the card may print uses the sources do not show.
    #[serde(default = "yes")]
    pub uses_known: bool,
    /// Uses the sources show the card does not have.
    #[serde(default)]
    pub not_uses: Vec<Sp<String>>,
    /// Limits on when or how it may be used, in a sentence.
    #[serde(default)]
    pub restriction: String,
    /// A printing error and how the rules correct it.
    #[serde(default)]
    pub errata: String,
    #[serde(default)]
    pub note: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

// ---------------------------------------------------------------------------------------------------
// maps/<game>.toml
// ---------------------------------------------------------------------------------------------------

/// An off-grid area that counts as one big hex (`[[areas]]`), e.g. a rear area beyond the map edge.
#[derive(Debug, Clone, Deserialize)]
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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// Hexes the area touches across a hexside feature (a river, say).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaHexsides {
    pub feature: Sp<String>,
    pub hexes: Vec<Sp<String>>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A city the sources name without giving its hex (`[[unlocated_cities]]`).
#[derive(Debug, Clone, Deserialize)]
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
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

// ---------------------------------------------------------------------------------------------------
// scenarios/<game>/<scenario>.toml
// ---------------------------------------------------------------------------------------------------

/// A unit whose start position the sources give only in part, or not at all (`[[unplaced]]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unplaced {
    pub unit: Sp<String>,
    pub face: Sp<String>,
    /// What is known of where it starts, e.g. "Minsk (hex unknown)".
    pub known: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// A victory-point score (`[victory.points]`): terms summed for `side`, then compared with the
/// thresholds.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryPoints {
    /// The side whose score it is.
    pub side: Sp<String>,
    /// How the total of the loss terms is rounded: `up`, `down` or `none`.
    #[serde(default)]
    pub loss_rounding: Option<Sp<String>>,
    pub terms: Vec<VpTerm>,
    pub thresholds: Vec<VpThreshold>,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

/// One source of points: `points` for every `per` things counted.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VpTerm {
    pub name: String,
    /// What is counted: `cities` (controlled city hexes), `units` (units on the map) or
    /// `eliminated` (units eliminated and not rebuilt).
    pub count: Sp<String>,
    /// Points per `per` things; may be fractional (0.5).
    pub points: f64,
    /// Things per award; partial groups score nothing (1 point per 2 tanks: 3 tanks give 1).
    #[serde(default = "one")]
    pub per: u32,
    /// Points lost rather than gained; losses are summed and rounded per `loss_rounding`.
    #[serde(default)]
    pub loss: bool,
    /// `cities`: kinds counted, and the side that must control them.
    #[serde(default)]
    pub city_kinds: Vec<Sp<String>>,
    pub controlled_by: Option<Sp<String>>,
    /// `units`/`eliminated`: sides, unit types and faces counted (none = all).
    #[serde(default)]
    pub sides: Vec<Sp<String>>,
    #[serde(default)]
    pub unit_types: Vec<Sp<String>>,
    #[serde(default)]
    pub faces: Vec<Sp<String>>,
    /// A further condition the players judge (a module cannot compute it), stated in the report.
    #[serde(default)]
    pub condition: String,
    /// Things not counted, in a sentence.
    #[serde(default)]
    pub except: String,
    /// Rulebook section the fact comes from.
    pub rule: Option<Sp<String>>,
    /// Other source (reference document, errata) the fact comes from.
    pub source: Option<Sp<String>>,
}

fn one() -> u32 {
    1
}

/// `winner` wins with a score of at least `at_least` (and at most `at_most`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VpThreshold {
    pub at_least: Option<Sp<i64>>,
    pub at_most: Option<Sp<i64>>,
    pub winner: Sp<String>,
    pub result: String,
}
