//! What a module will contain, decided once from the game: names of maps, boards and images, the hex
//! layout, the off-map board's boxes, and stable piece ids. Both the renderer and the emitter read the
//! plan, so an image is always named and placed the same way in both.

use crate::concept::game::grid::HexLayout;
use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::i18n::Texts;
use crate::slug::slug;
use std::collections::{BTreeMap, BTreeSet};

pub const MAIN_BOARD: &str = "Map";
pub const TRACK_BOARD: &str = "Turn Track";
pub const MAP_IMAGE: &str = "map.png";
pub const TRACK_IMAGE: &str = "turn-track.png";
pub const CARDS_BOARD: &str = "Cards";
pub const CARDS_IMAGE: &str = "cards-board.png";
/// Card face size, in pixels.
pub const CARD_SIZE: (u32, u32) = (180, 250);
/// Edge of control markers, in pixels.
pub const MARKER_SIZE: u32 = 44;
/// Edge of the weather marker, in pixels: its title and the longest weather name ("No weather
/// effect") wrap at the legible text size without splitting a word, which 44 px cannot hold.
pub const WEATHER_MARKER_SIZE: u32 = 64;

/// How the off-map board prints a box's lines (`render::track` draws them so; the plan sizes each
/// turn box by them): the bold title's and the other lines' sizes, the first baseline below the
/// box's top, and the advance from one line to the next, in pixels.
pub const BOX_TITLE_SIZE: f32 = 14.0;
pub const BOX_LINE_SIZE: f32 = 11.0;
pub const BOX_FIRST_BASELINE: f32 = 18.0;
pub const BOX_TITLE_STEP: f32 = 17.0;
pub const BOX_LINE_STEP: f32 = 13.0;
/// How far right and up VASSAL draws each piece of an unexpanded stack from the one below it
/// (`unexSepX`, `unexSepY` of every map's StackMetrics; `StackMetrics.nextPosition`).
pub const STACK_STEP: (u32, u32) = (3, 6);
/// The gap between a box's bottom edge (its 2 px border included) and its stack's bottom piece, and
/// between the stack's top and the box's last line.
const STACK_MARGIN: u32 = 6;
/// How tall the title band of an off-map box is: its one bold line and the gap below it.
const OFF_MAP_TITLE_BAND: u32 = 28;

/// The most pieces VASSAL draws of a draw pile (`Deck.maxStack`, 10 unless set; vmodc leaves it).
pub const MAX_STACK: u32 = 10;

/// The stack as tall as a draw pile of `pieces`: VASSAL draws at most its pile's `maxStack` pieces
/// (10 unless set, and vmodc leaves it) 2 px apart (`Deck.draw`), a stack's pieces are 6 px apart.
pub fn draw_pile_as_stack(pieces: u32) -> u32 {
    const PILE_STEP: u32 = 2;
    let rise = pieces.clamp(1, MAX_STACK).saturating_sub(1) * PILE_STEP;
    pieces.min(1) + rise.div_ceil(STACK_STEP.1)
}

/// How far above a box's bottom edge pieces of edge `piece` stand (the centre of a stack's bottom
/// piece): the bottom piece clear of the border.
pub fn stack_foot(piece: u32) -> u32 {
    piece / 2 + STACK_MARGIN
}

/// What the plan asks of every concept (each one is: `concept::interface::Concept` has these hooks
/// and hands them on), so that the plan names no concept. The hooks run in the registry's order.
pub trait PlanNeeds {
    /// The main map's board, if it draws one: its hex layout and one board per sheet.
    fn board(&self, game: &Game) -> Option<Board>;

    /// Its lines of a turn box (each of its kind: the box prints them in the order of
    /// [`LineKind`]), whether the box is shaded, and the pieces that start in it.
    fn turn_box(&self, game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox);

    /// Its boxes of the turn-track board's off-map rows, by region name, each in its row.
    fn off_map_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<OffMapBox>);

    /// The off-map boxes, by region name, whose starting units it sets up as a draw pile.
    fn draw_pile_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<String>);

    /// Keys whose piece ids are handed out before any other (docs/identity.md).
    fn reserved_gpids(&self, game: &Game, out: &mut Vec<String>);

    /// Its own part of the plan (the names of its images, its board, its scale), filled in once
    /// the maps and the turn track are laid out.
    fn fill_plan(&self, game: &Game, plan: &mut Plan);
}

/// The main map's board: where hexes sit on a sheet, and one board per sheet.
#[derive(Debug, Clone)]
pub struct Board {
    pub layout: HexLayout,
    pub sheets: Vec<SheetBoard>,
}

/// What the concepts put in a turn box beyond its title.
#[derive(Debug, Clone, Default)]
pub struct TurnBox {
    /// Its lines, each of its kind.
    pub lines: Vec<TrackLine>,
    /// Shade the box (a turn of bad weather).
    pub shaded: bool,
    /// How many pieces stand in it when a scenario starts (the box is tall enough for their stack).
    pub pieces: u32,
}

/// The rows of the turn-track board's off-map boxes, in the order they are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum OffMapRow {
    /// Pools the scenarios name.
    Pools,
    /// Boxes a concept's pieces stand in (the morale chits' cup and box).
    Pieces,
    /// The map's off-map areas.
    Areas,
    /// Each side's eliminated units.
    Eliminated,
}

/// A box a concept asks for on the turn-track board's off-map rows: its row, its region name, and
/// how many pieces stand in it when a scenario starts (the row is tall enough for their stack).
#[derive(Debug, Clone, PartialEq)]
pub struct OffMapBox {
    pub row: OffMapRow,
    pub name: String,
    pub pieces: u32,
}

impl OffMapBox {
    /// A box of `row` that no piece starts in.
    pub fn empty(row: OffMapRow, name: String) -> Self {
        OffMapBox {
            row,
            name,
            pieces: 0,
        }
    }

    /// The box with `pieces` standing in it at the start.
    pub fn holding(self, pieces: u32) -> Self {
        OffMapBox { pieces, ..self }
    }
}

/// A rectangle of the off-map board that VASSAL knows as a region (pieces snap to its centre and report
/// its name as their location).
#[derive(Debug, Clone, PartialEq)]
pub struct TrackBox {
    /// Region name, also the location name VASSAL reports.
    pub region: String,
    /// Lines printed in the box, first one bold, each with what it says.
    pub lines: Vec<TrackLine>,
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    /// Shade the box (e.g. a mud turn).
    pub shaded: bool,
    /// How far above its bottom edge its pieces stand ([`stack_foot`] of its largest piece).
    pub foot: u32,
}

/// What a line of a box says, so a reader (the turn chart) takes each line by its kind, not by its
/// position: a turn without a label or weather still has its reinforcements. A turn box prints its
/// lines in the order of their kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LineKind {
    /// The box's name: `Turn 3`, `Reserve`.
    Title,
    /// The turn's label (a date).
    TurnLabel,
    /// The turn's weather.
    Weather,
    /// A turn-track value (`Air points: 2`).
    TurnValue,
    /// The replacement steps the sides receive.
    Replacements,
    /// A unit that enters as a reinforcement.
    Reinforcement,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TrackLine {
    pub kind: LineKind,
    pub text: String,
}

impl TrackLine {
    pub fn new(kind: LineKind, text: String) -> Self {
        TrackLine { kind, text }
    }
}

impl TrackBox {
    /// The printed texts of its lines, in order.
    pub fn texts(&self) -> Vec<String> {
        self.lines.iter().map(|l| l.text.clone()).collect()
    }

    /// The texts of its lines of one kind.
    pub fn texts_of(&self, kind: LineKind) -> impl Iterator<Item = &str> {
        self.lines
            .iter()
            .filter(move |l| l.kind == kind)
            .map(|l| l.text.as_str())
    }

    /// Where pieces in the box sit: below its printed lines, their stack's bottom piece clear of
    /// the bottom border.
    pub fn centre(&self) -> (u32, u32) {
        (
            self.x + self.w / 2,
            self.y + self.h.saturating_sub(self.foot),
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TrackLayout {
    pub title: String,
    pub width: u32,
    pub height: u32,
    pub boxes: Vec<TrackBox>,
}

#[derive(Debug, Clone)]
pub struct Chart {
    pub title: String,
    pub image: String,
}

/// The board of one map sheet: every sheet has the same size and hex layout ([`Plan::layout`]).
#[derive(Debug, Clone, PartialEq)]
pub struct SheetBoard {
    /// Board name (`owningBoard` of the sheet's at-start stacks).
    pub name: String,
    /// Image file under `images/`.
    pub image: String,
    /// Column and row of the board in the map's board layout.
    pub at: [i32; 2],
}

/// How many control markers the module places (one on every city of the map whose hex the grid
/// knows) and the rule sections the cities' entries cite, in the order they first appear.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ControlMarkers {
    pub count: usize,
    pub rules: Vec<String>,
}

/// The fields after `translations` up to `stack_scale` are the concepts' own, each filled by its
/// concept's [`PlanNeeds::fill_plan`] (the concept is named in each field's comment).
#[derive(Debug, Clone)]
pub struct Plan {
    /// Where hexes sit on a sheet's board.
    pub layout: HexLayout,
    /// One board per map sheet, in the grid's sheet order.
    pub sheets: Vec<SheetBoard>,
    pub track: TrackLayout,
    pub charts: Vec<Chart>,
    /// Image per (unit id, face) (concept `units`).
    pub unit_images: BTreeMap<(String, String), String>,
    /// Region of each side's eliminated-units box (concept `units`).
    pub eliminated_box: BTreeMap<String, String>,
    /// Control marker image per side (concept `victory`).
    pub control_images: BTreeMap<String, String>,
    /// The control markers the module places, one on each city, and the rule sections the cities'
    /// entries cite (concept `victory`): a printed kit prints as many.
    pub control_markers: ControlMarkers,
    /// Weather marker image per weather id (concept `weather`).
    pub weather_images: BTreeMap<String, String>,
    /// Where the weather marker sits on the main board (concept `weather`).
    pub weather_point: (i32, i32),
    /// Texts of the module's language.
    pub tx: Texts,
    /// Texts that name what a saved game refers to by name (maps, sides, decks): the data's own
    /// texts in every language, so that a save moves between the languages' modules
    /// (docs/identity.md). What a player reads of them comes from `tx` through the module's
    /// translation into its own language.
    pub ids: Texts,
    /// The turn-track boxes' region names in `ids`, in the order of `track.boxes`.
    pub track_region_ids: Vec<String>,
    /// Names of the maps (`mapName`: what saved games, Send-To and `CurrentMap` refer to), from
    /// `ids`; `map_titles` holds what the player reads (toolbar buttons, window titles).
    pub main_map: String,
    pub track_map: String,
    /// Languages the module carries a VASSAL translation for (the game's other catalogs).
    pub translations: Vec<String>,
    /// When set, the texts whose phase names the module's `Phase` property holds (a VASSAL
    /// translation keeps the untranslated phase list).
    pub phase_names_from: Option<Texts>,
    /// Position of each unit in the counter list, by id (lookups stay fast with thousands of units)
    /// (concept `units`).
    pub unit_index: BTreeMap<String, usize>,
    /// Card face image per card id (concept `cards`).
    pub card_images: BTreeMap<String, String>,
    /// Card back image per side whose deck lies face down (`[decks.pile] face_down`): what a
    /// face-down deck and a card masked from a player show (concept `cards`).
    pub card_backs: BTreeMap<String, String>,
    /// The card board (a deck box, an in-play box and, with `[decks.pile] discard`, a discard
    /// box per deck), when the game has cards (concept `cards`).
    pub cards: Option<TrackLayout>,
    pub cards_map: String,
    /// The maps' names as the player reads them, by map name.
    pub map_titles: BTreeMap<String, String>,
    /// The scale stacking points are counted in (concept `stacking`): 4 when a quarter is the
    /// smallest part the data gives, 1 when every value is whole.
    pub stack_scale: u32,
    /// Face images of each marker (concept `markers`), front first.
    pub marker_images: BTreeMap<String, Vec<String>>,
    /// The prototype names an imported module's raw components define (concept `raw`), which
    /// vmodc's own prototypes must not take ([`Plan::prototype_name`]).
    pub raw_prototypes: BTreeSet<String>,
    /// Piece ids with the palette's reserved first (`gpids::palette_keys`): every id handed out for
    /// the module and its saves starts from these.
    pub gpids: Gpids,
}

/// Piece ids reserved before any other, in sorted key order: the palette's and the ones the
/// concepts reserve (the at-start slots'; docs/identity.md).
fn reserved_gpids<C: PlanNeeds + ?Sized>(game: &Game, concepts: &[&C]) -> Gpids {
    let mut keys = crate::concept::gpids::palette_keys(game);
    for concept in concepts {
        concept.reserved_gpids(game, &mut keys);
    }
    Gpids::with_reserved(keys)
}

impl Plan {
    /// The name of one of vmodc's own prototypes (`Unit`, `Side <id>`): `base`, unless a prototype
    /// an imported module keeps raw has that name; then `base (vmodc)`, as VASSAL warns of two
    /// definitions of one name and a piece would take either. Players never see the name.
    pub fn prototype_name(&self, base: &str) -> String {
        let mut name = base.to_string();
        while self.raw_prototypes.contains(&name) {
            name.push_str(" (vmodc)");
        }
        name
    }

    /// The unit with this id.
    pub fn unit<'g>(&self, game: &'g Game, id: &str) -> Option<&'g crate::concept::game::Unit> {
        self.unit_index
            .get(id)
            .and_then(|&i| game.counters.units.get(i))
    }

    /// Region name of a turn box.
    pub fn turn_region(&self, turn: u32) -> String {
        turn_region(&self.tx, turn)
    }

    /// Region name of an off-map box named in a scenario.
    pub fn box_region(&self, box_name: &str) -> String {
        box_region(&self.tx, box_name)
    }

    /// Region of an off-map placement: its area's box, or its named box.
    pub fn off_map_region(&self, o: &crate::concept::game::OffMap) -> String {
        match &o.area {
            Some(a) => self.tx.get(&format!("areas.{}", a.as_str())),
            None => self.box_region(&o.box_name),
        }
    }

    /// The board of a hex's sheet.
    pub fn board_of(&self, hex: crate::concept::game::HexId) -> &SheetBoard {
        let i = usize::from(hex.sheet).min(self.sheets.len().saturating_sub(1));
        &self.sheets[i]
    }

    /// Where a sheet's board starts in map coordinates: boards of one size side by side, with no
    /// edge buffer (VASSAL `Map.getLocation`).
    pub fn board_origin(&self, board: &SheetBoard) -> (i32, i32) {
        let width = i32::try_from(self.layout.width).unwrap_or(i32::MAX);
        let height = i32::try_from(self.layout.height).unwrap_or(i32::MAX);
        (
            board.at[0].saturating_mul(width),
            board.at[1].saturating_mul(height),
        )
    }

    /// The plan of `game`'s module in the language of `tx`, its boards laid out for that language
    /// alone; `concepts` is the registry (`concept::CONCEPTS`), handed down by the stage that
    /// builds the plan so that the concepts' own files, which the registry imports, never import
    /// it back. A game built in several languages is planned with [`Plan::in_languages`].
    pub fn new<C: PlanNeeds + ?Sized>(game: &Game, tx: Texts, concepts: &[&C]) -> Plan {
        Plan::in_languages(game, tx, &[], concepts)
    }

    /// The plan of `game`'s module in the language of `tx`, every board laid out once for all of
    /// `languages` (the texts of every module the game is built in; `tx` is always one of them):
    /// a box is as large as the largest of its translations needs, so every box, cup and region
    /// sits at the same pixels in every language's module. A save records a piece's position in
    /// pixels, so this is what lets a save made in one language put its pieces in the same boxes
    /// in another (docs/identity.md).
    pub fn in_languages<C: PlanNeeds + ?Sized>(
        game: &Game,
        tx: Texts,
        languages: &[Texts],
        concepts: &[&C],
    ) -> Plan {
        let Board { layout, sheets } = concepts
            .iter()
            .find_map(|c| c.board(game))
            .unwrap_or_else(|| default_board(game));
        let sizing: Vec<&Texts> = std::iter::once(&tx).chain(languages).collect();
        let turn_h = turn_box_height(game, &sizing, concepts);
        let track = track_layout(game, &tx, turn_h, concepts);
        let mut plan = Plan {
            layout,
            sheets,
            track_region_ids: track.boxes.iter().map(|b| b.region.clone()).collect(),
            track,
            charts: charts(&tx),
            unit_images: BTreeMap::new(),
            eliminated_box: BTreeMap::new(),
            control_images: BTreeMap::new(),
            control_markers: ControlMarkers::default(),
            weather_images: BTreeMap::new(),
            weather_point: (0, 0),
            ids: tx.clone(),
            main_map: main_map_name(game, &tx),
            track_map: tx.get("ui.turn_track"),
            translations: Vec::new(),
            card_images: BTreeMap::new(),
            card_backs: BTreeMap::new(),
            cards: None,
            cards_map: tx.get("ui.cards"),
            map_titles: MAP_NAMES.iter().map(|k| (tx.get(k), tx.get(k))).collect(),
            stack_scale: 1,
            marker_images: BTreeMap::new(),
            raw_prototypes: BTreeSet::new(),
            gpids: reserved_gpids(game, concepts),
            phase_names_from: None,
            unit_index: BTreeMap::new(),
            tx,
        };
        for concept in concepts {
            concept.fill_plan(game, &mut plan);
        }
        plan
    }
}

/// The text keys of the module's three maps' names.
const MAP_NAMES: [&str; 3] = ["ui.map", "ui.turn_track", "ui.cards"];

/// The board of a game no concept draws a map for: the grid's layout on one sheet.
fn default_board(game: &Game) -> Board {
    let style = &game.map.style;
    Board {
        layout: game.map.grid.layout(style.hex_height, style.margin),
        sheets: vec![SheetBoard {
            name: MAIN_BOARD.into(),
            image: MAP_IMAGE.into(),
            at: [0, 0],
        }],
    }
}

impl Plan {
    /// The plan with `ids` naming what saves refer to (maps, sides, decks, the turn-track boxes a
    /// draw pile sits in), while everything the player reads stays in the plan's own language.
    pub fn with_ids<C: PlanNeeds + ?Sized>(
        mut self,
        game: &Game,
        ids: Texts,
        concepts: &[&C],
    ) -> Plan {
        // Only the boxes' names are read: their geometry is the plan's own.
        let track = track_layout(game, &ids, self.track_turn_height(), concepts);
        self.track_region_ids = track.boxes.into_iter().map(|b| b.region).collect();
        self.map_titles = MAP_NAMES
            .iter()
            .map(|k| (ids.get(k), self.tx.get(k)))
            .collect();
        self.main_map = main_map_name(game, &ids);
        self.track_map = ids.get("ui.turn_track");
        self.cards_map = ids.get("ui.cards");
        self.ids = ids;
        self
    }

    /// The height of the turn track's turn boxes (all of them are as tall).
    fn track_turn_height(&self) -> u32 {
        self.track.boxes.first().map_or(TURN_BOX_MIN_H, |b| b.h)
    }

    /// A map's title as the player reads it.
    pub fn map_title<'a>(&'a self, map: &'a str) -> &'a str {
        self.map_titles.get(map).map_or(map, String::as_str)
    }

    /// A side's name in the player roster (what saves and `PlayerSide` hold).
    pub fn side_id(&self, side: &str) -> String {
        self.ids.get(&format!("sides.{side}"))
    }

    /// A deck's name (what saves and Return to Deck refer to).
    pub fn deck_id(&self, deck: &str) -> String {
        self.ids.get(&format!("decks.{deck}"))
    }

    /// The name a turn-track region has in `ids` (a draw pile named after its box).
    pub fn track_region_id(&self, region: &str) -> String {
        self.track
            .boxes
            .iter()
            .position(|b| b.region == region)
            .and_then(|i| self.track_region_ids.get(i))
            .map_or_else(|| region.to_string(), String::clone)
    }
}

/// The turn record chart's image: the turn track's boxes drawn as a chart for the chart window.
pub const TURN_RECORD_CHART: &str = "chart-turns.png";

/// The chart window's charts.
fn charts(tx: &Texts) -> Vec<Chart> {
    vec![
        Chart {
            title: tx.get("ui.chart_crt"),
            image: "chart-crt.png".into(),
        },
        Chart {
            title: tx.get("ui.chart_tec"),
            image: "chart-tec.png".into(),
        },
        Chart {
            title: tx.get("ui.chart_turns"),
            image: TURN_RECORD_CHART.into(),
        },
    ]
}

/// The image names of a unit's faces, in the order of its faces (front first).
pub fn unit_face_images(game: &Game, plan: &Plan, unit_id: &str) -> Vec<String> {
    let Some(unit) = game
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == unit_id)
    else {
        return Vec::new();
    };
    game.counters
        .faces_of(unit)
        .into_iter()
        .filter_map(|face| {
            plan.unit_images
                .get(&(unit_id.to_string(), face.to_string()))
                .cloned()
        })
        .collect()
}

/// Region name of a turn box.
pub fn turn_region(tx: &Texts, turn: u32) -> String {
    tx.fill("ui.turn_box", &[("turn", &turn.to_string())])
}

/// Region name of an off-map box named in a scenario.
pub fn box_region(tx: &Texts, box_name: &str) -> String {
    tx.get(&format!("boxes.{}", slug(box_name)))
}

/// The least height of a turn box, and the size of every off-map box.
const TURN_BOX_MIN_H: u32 = 150;
const BOX_W: u32 = 150;
const BOX_H: u32 = 150;
const GAP: u32 = 10;
const TOP: u32 = 50;

/// How tall every turn box of the row is: as tall as the one whose lines and starting stack need
/// most, in the language that needs most of all `languages`, so the row (and every box below it)
/// has one geometry in every language.
fn turn_box_height<C: PlanNeeds + ?Sized>(
    game: &Game,
    languages: &[&Texts],
    concepts: &[&C],
) -> u32 {
    let counter = game.counters.counters.size;
    let turns = game.rules.turns.count.value;
    let mut height = TURN_BOX_MIN_H;
    for tx in languages {
        for turn in 1..=turns {
            let turn_box = turn_box(game, tx, turn, concepts);
            let sized = TrackBox {
                region: String::new(),
                lines: turn_box.lines,
                x: 0,
                y: 0,
                w: BOX_W,
                h: 0,
                shaded: false,
                foot: stack_foot(counter),
            };
            height = height.max(box_height_for(&sized, counter, turn_box.pieces));
        }
    }
    height
}

/// Turn boxes in a row, each `turn_h` tall, then rows of off-map boxes (pools named by the
/// scenarios, the boxes concepts' pieces stand in, the map's areas, eliminated units per side),
/// four to a row. Only the texts come from `tx`: every position and size is fixed or `turn_h`.
fn track_layout<C: PlanNeeds + ?Sized>(
    game: &Game,
    tx: &Texts,
    turn_h: u32,
    concepts: &[&C],
) -> TrackLayout {
    let turns = game.rules.turns.count.value;
    let foot = stack_foot(game.counters.counters.size);
    let mut boxes = Vec::new();
    for turn in 1..=turns {
        let turn_box = turn_box(game, tx, turn, concepts);
        boxes.push(TrackBox {
            region: turn_region(tx, turn),
            lines: turn_box.lines,
            x: GAP + (turn - 1) * (BOX_W + GAP),
            y: TOP,
            w: BOX_W,
            h: turn_h,
            shaded: turn_box.shaded,
            foot,
        });
    }
    let wide = BOX_W * 2 + GAP;
    let mut y = TOP + turn_h + GAP * 3;
    for row in off_map_boxes(game, tx, concepts).chunks(4) {
        // As tall as the row's largest starting stack needs, below one title line: the pieces
        // count is the same in every language, so is the row's height.
        let h = row
            .iter()
            .map(|b| off_map_box_height(game.counters.counters.size, b.pieces))
            .fold(BOX_H, u32::max);
        for (col, b) in row.iter().enumerate() {
            boxes.push(TrackBox {
                region: b.name.clone(),
                lines: vec![TrackLine::new(LineKind::Title, b.name.clone())],
                x: GAP + col as u32 * (wide + GAP),
                y,
                w: wide,
                h,
                shaded: false,
                foot,
            });
        }
        y += h + GAP * 3;
    }
    let width = boxes.iter().map(|b| b.x + b.w).max().unwrap_or(0) + GAP;
    let height = boxes.iter().map(|b| b.y + b.h).max().unwrap_or(0) + GAP;
    TrackLayout {
        // One name per thing: the board is headed by its window's name.
        title: tx.get("ui.turn_track"),
        width,
        height,
        boxes,
    }
}

/// A turn box's lines (its title, then every concept's, in the order of their kinds), shading and
/// starting pieces.
fn turn_box<C: PlanNeeds + ?Sized>(game: &Game, tx: &Texts, turn: u32, concepts: &[&C]) -> TurnBox {
    let mut out = TurnBox {
        lines: vec![TrackLine::new(LineKind::Title, turn_region(tx, turn))],
        ..TurnBox::default()
    };
    for concept in concepts {
        concept.turn_box(game, tx, turn, &mut out);
    }
    out.lines.sort_by_key(|l| l.kind);
    out
}

/// The off-map boxes every concept asks for, row by row (within a row, in the registry's order).
fn off_map_boxes<C: PlanNeeds + ?Sized>(
    game: &Game,
    tx: &Texts,
    concepts: &[&C],
) -> Vec<OffMapBox> {
    let mut boxes = Vec::new();
    let mut piles = Vec::new();
    for concept in concepts {
        concept.off_map_boxes(game, tx, &mut boxes);
        concept.draw_pile_boxes(game, tx, &mut piles);
    }
    // A draw pile's units are drawn lower than a stack of as many.
    for b in boxes.iter_mut().filter(|b| piles.contains(&b.name)) {
        b.pieces = draw_pile_as_stack(b.pieces);
    }
    boxes.sort_by_key(|b| b.row);
    boxes
}

/// The height an off-map box needs for its title line and a stack of `pieces` counters of edge
/// `counter` clear of the title and the bottom border.
pub fn off_map_box_height(counter: u32, pieces: u32) -> u32 {
    OFF_MAP_TITLE_BAND + stack_height(counter, pieces) + STACK_MARGIN
}

/// From the bottom edge of a box to the top of a stack of `pieces` counters of edge `counter`
/// standing at its [`stack_foot`].
fn stack_height(counter: u32, pieces: u32) -> u32 {
    stack_foot(counter) + counter / 2 + pieces.saturating_sub(1) * STACK_STEP.1
}

/// The least height of a box that prints its lines from the top (as `render::track` does, wrapping
/// a line too wide for the box) and holds a stack of `pieces` counters of edge `counter` at its
/// foot, clear of the lines. The lines' widths are estimated from above (a wide character as one em,
/// any other as 0.62 em, 85% of the box's width usable), so the box may be a little taller than its
/// text needs but never shorter; `tests/legible_text.rs` measures the drawn text against it.
pub fn box_height_for(b: &TrackBox, counter: u32, pieces: u32) -> u32 {
    let usable = (b.w as f32 - 8.0) * 0.85;
    let printed_lines = |text: &str, size: f32| -> f32 {
        let width: f32 = text
            .chars()
            .map(|c| if c >= '\u{2e80}' { size } else { size * 0.62 })
            .sum();
        (width / usable).ceil().max(1.0)
    };
    let mut bottom = BOX_FIRST_BASELINE;
    for (i, line) in b.lines.iter().enumerate() {
        if i == 0 {
            bottom += (printed_lines(&line.text, BOX_TITLE_SIZE) - 1.0) * BOX_TITLE_STEP;
        } else {
            bottom += printed_lines(&line.text, BOX_LINE_SIZE) * BOX_LINE_STEP;
        }
    }
    // The last line's descent, then a gap before the top of the stack.
    let text = bottom + BOX_LINE_SIZE * 0.3 + STACK_MARGIN as f32;
    text.ceil() as u32 + stack_height(counter, pieces)
}

/// The name under `images/` of an image file the data ships as it is (`[[units]] face_images`).
pub fn shipped_file_name(path: &str) -> String {
    path.rsplit('/').next().unwrap_or(path).to_string()
}

/// The main map's name in the module: the data's own (`[map] module_name`), else the interface's.
fn main_map_name(game: &Game, ids: &Texts) -> String {
    game.map
        .map
        .module_name
        .clone()
        .unwrap_or_else(|| ids.get("ui.map"))
}
