//! What a module will contain, decided once from the game: names of maps, boards and images, the hex
//! layout, the off-map board's boxes, and stable piece ids. Both the renderer and the emitter read the
//! plan, so an image is always named and placed the same way in both.

use crate::concept::game::grid::HexLayout;
use crate::concept::game::Game;
use crate::i18n::Texts;
use crate::slug::slug;
use std::collections::BTreeMap;

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
/// How far above a box's bottom edge its pieces stand (the centre of a stack's bottom piece).
const PIECE_FOOT: u32 = 34;

/// What a concept asks of the module's layout (every concept is one: see
/// `concept::interface::Concept::track_boxes`).
pub trait LayoutNeeds {
    /// Off-map boxes it needs on the turn-track board, by their names in the data.
    fn track_boxes<'g>(&self, game: &'g Game) -> Vec<&'g str>;
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
}

/// What a line of a box says, so a reader (the turn chart) takes each line by its kind, not by its
/// position: a turn without a label or weather still has its reinforcements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

    /// Where pieces in the box sit: below its printed lines.
    pub fn centre(&self) -> (u32, u32) {
        (
            self.x + self.w / 2,
            self.y + self.h.saturating_sub(PIECE_FOOT),
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

#[derive(Debug, Clone)]
pub struct Plan {
    /// Where hexes sit on a sheet's board.
    pub layout: HexLayout,
    /// One board per map sheet, in the grid's sheet order.
    pub sheets: Vec<SheetBoard>,
    pub track: TrackLayout,
    pub charts: Vec<Chart>,
    /// Image per (unit id, face).
    pub unit_images: BTreeMap<(String, String), String>,
    /// Region of each side's eliminated-units box.
    pub eliminated_box: BTreeMap<String, String>,
    /// Control marker image per side.
    pub control_images: BTreeMap<String, String>,
    /// Weather marker image per weather id.
    pub weather_images: BTreeMap<String, String>,
    /// Where the weather marker sits on the main board (the top-right margin).
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
    /// Position of each unit in the counter list, by id (lookups stay fast with thousands of units).
    pub unit_index: BTreeMap<String, usize>,
    /// Card face image per card id.
    pub card_images: BTreeMap<String, String>,
    /// Card back image per side whose deck lies face down (`[decks.pile] face_down`): what a
    /// face-down deck and a card masked from a player show.
    pub card_backs: BTreeMap<String, String>,
    /// The card board (a deck box, an in-play box and, with `[decks.pile] discard`, a discard
    /// box per deck), when the game has cards.
    pub cards: Option<TrackLayout>,
    pub cards_map: String,
    /// The maps' names as the player reads them, by map name.
    pub map_titles: BTreeMap<String, String>,
    /// The scale stacking points are counted in (concept `stacking`): 4 when a quarter is the
    /// smallest part the data gives, 1 when every value is whole.
    pub stack_scale: u32,
    /// Face images of each marker (concept `markers`), front first.
    pub marker_images: BTreeMap<String, Vec<String>>,
    /// Piece ids with the palette's reserved first (`gpids::palette_keys`): every id handed out for
    /// the module and its saves starts from these.
    pub gpids: crate::concept::gpids::Gpids,
}

/// Piece ids reserved before any other, in sorted key order: the palette's and the at-start slots'
/// (docs/identity.md).
fn reserved_gpids(game: &Game) -> crate::concept::gpids::Gpids {
    let at_start = crate::concept::setup::slots::AtStartSlots::of(game).keys(game);
    let palette = crate::concept::gpids::palette_keys(game);
    crate::concept::gpids::Gpids::with_reserved(palette.into_iter().chain(at_start))
}

/// The name of a deck's discard pile (its box and its VASSAL draw pile), from the deck's name.
pub fn discard_pile_name(tx: &Texts, deck: &str) -> String {
    tx.fill("ui.discards", &[("deck", deck)])
}

/// The deck box, the in-play box and the discard box of each deck, side by side.
fn cards_layout(game: &Game, tx: &Texts) -> Option<TrackLayout> {
    if game.counters.decks.is_empty() {
        return None;
    }
    const GAP: u32 = 10;
    const TOP: u32 = 50;
    let (w, h) = CARD_SIZE;
    let mut boxes = Vec::new();
    for (row, deck) in game.counters.decks.iter().enumerate() {
        let name = tx.get(&format!("decks.{}", deck.side.as_str()));
        let y = TOP + row as u32 * (h + 3 * GAP + 30);
        boxes.push(TrackBox {
            region: name.clone(),
            lines: vec![TrackLine::new(LineKind::Title, name.clone())],
            x: GAP,
            y,
            w: w + 40,
            h: h + 40,
            shaded: false,
        });
        let in_play = tx.fill("ui.in_play", &[("deck", &name)]);
        boxes.push(TrackBox {
            region: in_play.clone(),
            lines: vec![TrackLine::new(LineKind::Title, in_play)],
            x: 2 * GAP + w + 40,
            y,
            w: 3 * w,
            h: h + 40,
            shaded: false,
        });
        if deck.pile.as_ref().is_some_and(|p| p.discard) {
            let discards = discard_pile_name(tx, &name);
            boxes.push(TrackBox {
                region: discards.clone(),
                lines: vec![TrackLine::new(LineKind::Title, discards)],
                x: 3 * GAP + 4 * w + 40,
                y,
                w: w + 40,
                h: h + 40,
                shaded: false,
            });
        }
    }
    let width = boxes.iter().map(|b| b.x + b.w).max().unwrap_or(0) + GAP;
    let height = boxes.iter().map(|b| b.y + b.h).max().unwrap_or(0) + GAP;
    Some(TrackLayout {
        title: tx.fill("ui.cards_title", &[("game", &tx.get("game.title"))]),
        width,
        height,
        boxes,
    })
}

impl Plan {
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

    /// The plan of `game`'s module in the language of `tx`; `concepts` is the registry
    /// (`concept::CONCEPTS`), handed down by the stage that builds the plan so that the
    /// concepts' own files, which the registry imports, never import it back.
    pub fn new<C: LayoutNeeds + ?Sized>(game: &Game, tx: Texts, concepts: &[&C]) -> Plan {
        let style = &game.map.style;
        // A scanned map brings its own geometry; otherwise the map is drawn to the style's.
        let layout = match crate::concept::map::fit::scan_fit(game) {
            _ if game.map.grid.is_areas() => crate::concept::map::areas::board_layout(game),
            // A grid as a module states it brings its own geometry, on its board image.
            _ if game.map.grid.vassal.is_some() => {
                let (width, height) = scan_of(game).map_or((0, 0), |s| (s.width, s.height));
                game.map.grid.vassal.as_ref().map_or_else(
                    || game.map.grid.layout(style.hex_height, style.margin),
                    |v| v.layout(width, height),
                )
            }
            Some(Ok(fit)) => fit.layout,
            _ => game.map.grid.layout(style.hex_height, style.margin),
        };
        let unit_images = unit_images(game);
        let eliminated_box = eliminated_boxes(game, &tx);
        let track = track_layout(game, &tx, &eliminated_box, concepts);
        let track_region_ids = track.boxes.iter().map(|b| b.region.clone()).collect();
        let charts = charts(&tx);
        let control_images = game
            .rules
            .sides
            .iter()
            .map(|s| (s.id.value.clone(), format!("control-{}.png", slug(&s.id))))
            .collect();
        let weather_images = game
            .rules
            .weather
            .iter()
            .map(|w| (w.id.value.clone(), format!("weather-{}.png", slug(&w.id))))
            .collect();
        let half = (WEATHER_MARKER_SIZE / 2) as i32;
        let weather_point = (layout.width as i32 - half - 4, half + 4);
        let sheets = sheet_boards(game);
        Plan {
            layout,
            sheets,
            track,
            charts,
            unit_images,
            eliminated_box,
            control_images,
            weather_images,
            weather_point,
            ids: tx.clone(),
            track_region_ids,
            main_map: main_map_name(game, &tx),
            track_map: tx.get("ui.turn_track"),
            translations: Vec::new(),
            card_images: game
                .counters
                .cards
                .iter()
                .map(|c| (c.id.value.clone(), format!("card-{}.png", slug(&c.id))))
                .collect(),
            card_backs: game
                .counters
                .decks
                .iter()
                .filter(|d| d.pile.as_ref().is_some_and(|p| p.face_down))
                .map(|d| {
                    (
                        d.side.value.clone(),
                        format!("card-back-{}.png", slug(&d.side)),
                    )
                })
                .collect(),
            cards: cards_layout(game, &tx),
            cards_map: tx.get("ui.cards"),
            map_titles: ["ui.map", "ui.turn_track", "ui.cards"]
                .iter()
                .map(|k| (tx.get(k), tx.get(k)))
                .collect(),
            stack_scale: crate::concept::stacking::limits::scale(game),
            marker_images: crate::concept::markers::images::marker_images(game),
            gpids: reserved_gpids(game),
            phase_names_from: None,
            unit_index: game
                .counters
                .units
                .iter()
                .enumerate()
                .map(|(i, u)| (u.id.value.clone(), i))
                .collect(),
            tx,
        }
    }
}

impl Plan {
    /// The plan with `ids` naming what saves refer to (maps, sides, decks, the turn-track boxes a
    /// draw pile sits in), while everything the player reads stays in the plan's own language.
    pub fn with_ids<C: LayoutNeeds + ?Sized>(
        mut self,
        game: &Game,
        ids: Texts,
        concepts: &[&C],
    ) -> Plan {
        let track = track_layout(game, &ids, &eliminated_boxes(game, &ids), concepts);
        self.track_region_ids = track.boxes.into_iter().map(|b| b.region).collect();
        self.map_titles = ["ui.map", "ui.turn_track", "ui.cards"]
            .iter()
            .map(|k| (ids.get(k), self.tx.get(k)))
            .collect();
        self.main_map = main_map_name(game, &ids);
        self.track_map = ids.get("ui.turn_track");
        self.cards_map = ids.get("ui.cards");
        self.ids = ids;
        self
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

/// The box of each side's eliminated units, by side id.
fn eliminated_boxes(game: &Game, tx: &Texts) -> BTreeMap<String, String> {
    game.rules
        .sides
        .iter()
        .map(|s| {
            let side = tx.get(&format!("sides.{}", s.id.as_str()));
            (
                s.id.value.clone(),
                tx.fill("ui.eliminated_box", &[("side", &side)]),
            )
        })
        .collect()
}

/// The name under `images/` of an image file the data ships as it is (`[[units]] face_images`).
pub fn shipped_file_name(path: &str) -> String {
    path.rsplit('/').next().unwrap_or(path).to_string()
}

/// The image of each unit face, named from the side, unit and face (numbered when two names meet).
fn unit_images(game: &Game) -> BTreeMap<(String, String), String> {
    let mut unit_images = BTreeMap::new();
    let mut used = std::collections::BTreeSet::new();
    for u in &game.counters.units {
        for face in game.counters.faces_of(u) {
            // A face given as a file keeps the file's name: an imported module's pieces name the
            // same images as before.
            if let Some(file) = u.face_images.get(face) {
                let name = shipped_file_name(file.as_str());
                unit_images.insert((u.id.value.clone(), face.to_string()), name);
                continue;
            }
            let mut name = format!("unit-{}-{}-{}.png", slug(&u.side), slug(&u.id), slug(face));
            let mut n = 2;
            while !used.insert(name.clone()) {
                name = format!(
                    "unit-{}-{}-{}-{n}.png",
                    slug(&u.side),
                    slug(&u.id),
                    slug(face)
                );
                n += 1;
            }
            unit_images.insert((u.id.value.clone(), face.to_string()), name);
        }
    }
    unit_images
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

/// One board per map sheet, in the grid's sheet order.
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

/// The main map's name in the module: the data's own (`[map] module_name`), else the interface's.
fn main_map_name(game: &Game, ids: &Texts) -> String {
    game.map
        .map
        .module_name
        .clone()
        .unwrap_or_else(|| ids.get("ui.map"))
}

/// The scanned map image of a single-sheet map, if the data names one.
pub fn scan_of(game: &Game) -> Option<&crate::concept::art::image_file::ImageFile> {
    let path = game.map.map.image.as_ref()?;
    game.images.get(path.as_str())
}

fn sheet_boards(game: &Game) -> Vec<SheetBoard> {
    let grid = &game.map.grid;
    (0..grid.sheet_count() as u16)
        .map(|i| {
            let prefix = grid.sheet_prefix(i);
            if grid.sheets.is_empty() {
                let image = match scan_of(game) {
                    Some(scan) => format!("map.{}", scan.format.extension()),
                    None => MAP_IMAGE.into(),
                };
                SheetBoard {
                    name: MAIN_BOARD.into(),
                    image,
                    at: [0, 0],
                }
            } else {
                SheetBoard {
                    name: format!("{MAIN_BOARD} {prefix}"),
                    image: format!("map-{}.png", slug(prefix)),
                    at: grid.sheet_at(i),
                }
            }
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

/// Turn boxes in a row, then one row of off-map boxes (pools named by the scenarios, eliminated units
/// per side).
fn track_layout<C: LayoutNeeds + ?Sized>(
    game: &Game,
    tx: &Texts,
    eliminated: &BTreeMap<String, String>,
    concepts: &[&C],
) -> TrackLayout {
    const BOX_W: u32 = 150;
    const BOX_H: u32 = 150;
    const GAP: u32 = 10;
    const TOP: u32 = 50;
    let rules = &game.rules;
    let turns = rules.turns.count.value;
    let mut boxes = Vec::new();
    let weather_of = |turn: u32| {
        rules
            .weather
            .iter()
            .find(|w| w.turns.iter().any(|t| t.value == turn))
            .or_else(|| rules.weather.iter().find(|w| w.default))
    };
    // Every scenario's schedule (a scenario based on another repeats its base's, and the lines are
    // kept once each).
    let schedules: Vec<_> = game.scenarios.iter().map(|s| game.effective(s)).collect();
    for turn in 1..=turns {
        let weather = weather_of(turn);
        let lines = turn_lines(game, tx, turn, weather, &schedules);
        let x = GAP + (turn - 1) * (BOX_W + GAP);
        boxes.push(TrackBox {
            region: turn_region(tx, turn),
            lines,
            x,
            y: TOP,
            w: BOX_W,
            h: BOX_H,
            shaded: weather.is_some_and(|w| !w.default),
        });
    }
    // Every turn box of the row is as tall as the one whose lines and starting stack need most.
    let turn_h = (1..=turns)
        .zip(&boxes)
        .map(|(turn, b)| {
            let starting = schedules
                .iter()
                .map(|e| {
                    e.reinforcements
                        .1
                        .iter()
                        .filter(|r| r.turn.value == turn)
                        .count()
                })
                .max()
                .unwrap_or(0);
            box_height_for(b, game.counters.counters.size, starting as u32)
        })
        .fold(BOX_H, u32::max);
    for b in &mut boxes {
        b.h = turn_h;
    }
    let second_row = off_map_boxes(game, tx, eliminated, concepts);
    let wide = BOX_W * 2 + GAP;
    // Off-map boxes, four to a row, under the turn boxes.
    for (i, name) in second_row.iter().enumerate() {
        let (col, row) = (i as u32 % 4, i as u32 / 4);
        boxes.push(TrackBox {
            region: name.clone(),
            lines: vec![TrackLine::new(LineKind::Title, name.clone())],
            x: GAP + col * (wide + GAP),
            y: TOP + turn_h + GAP * 3 + (BOX_H + GAP * 3) * row,
            w: wide,
            h: BOX_H,
            shaded: false,
        });
    }
    let width = boxes.iter().map(|b| b.x + b.w).max().unwrap_or(0) + GAP;
    let height = boxes.iter().map(|b| b.y + b.h).max().unwrap_or(0) + GAP;
    TrackLayout {
        title: tx.fill("ui.track_title", &[("game", &tx.get("game.title"))]),
        width,
        height,
        boxes,
    }
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
    let text = bottom + BOX_LINE_SIZE * 0.3 + 2.0;
    let stack = PIECE_FOOT + counter / 2 + pieces.saturating_sub(1) * STACK_STEP.1;
    text.ceil() as u32 + stack
}

/// The lines printed in a turn box: the turn, its label, its weather, its turn values, then the
/// replacements and reinforcements every scenario schedules for it.
fn turn_lines(
    game: &Game,
    tx: &Texts,
    turn: u32,
    weather: Option<&crate::concept::game::Weather>,
    schedules: &[crate::concept::setup::effective::Effective<'_>],
) -> Vec<TrackLine> {
    let rules = &game.rules;
    let mut lines = vec![TrackLine::new(LineKind::Title, turn_region(tx, turn))];
    if (turn as usize) <= rules.turns.labels.len() {
        lines.push(TrackLine::new(
            LineKind::TurnLabel,
            tx.get(&format!("turn_labels.{turn}")),
        ));
    }
    if let Some(w) = weather {
        lines.push(TrackLine::new(
            LineKind::Weather,
            tx.get(&format!("weather.{}", w.id.as_str())),
        ));
    }
    lines.extend(
        crate::concept::sequence::track::turn_value_lines(game, tx, turn)
            .into_iter()
            .map(|t| TrackLine::new(LineKind::TurnValue, t)),
    );
    let mut scheduled: Vec<TrackLine> = Vec::new();
    for e in schedules {
        for r in e.replacements.1.iter().filter(|r| r.turn.value == turn) {
            let parts: Vec<String> = rules
                .sides
                .iter()
                .filter_map(|s| {
                    r.steps.get(s.id.as_str()).map(|n| {
                        format!(
                            "{} {}",
                            tx.get(&format!("sides.{}", s.id.as_str())),
                            n.value
                        )
                    })
                })
                .collect();
            scheduled.push(TrackLine::new(
                LineKind::Replacements,
                tx.fill("ui.track_replacements", &[("list", &parts.join(", "))]),
            ));
        }
        for r in e.reinforcements.1.iter().filter(|r| r.turn.value == turn) {
            scheduled.push(TrackLine::new(
                LineKind::Reinforcement,
                format!("+ {}", tx.get(&format!("units.{}", r.unit.as_str()))),
            ));
        }
    }
    // Replacements first, then reinforcements, each line once.
    scheduled.sort_by_key(|l| l.kind != LineKind::Replacements);
    for line in scheduled {
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines
}

/// The off-map boxes, in order: pools named by the scenarios, the map's areas, eliminated units per
/// side.
fn off_map_boxes<C: LayoutNeeds + ?Sized>(
    game: &Game,
    tx: &Texts,
    eliminated: &BTreeMap<String, String>,
    concepts: &[&C],
) -> Vec<String> {
    let mut pools: Vec<String> = Vec::new();
    for s in &game.scenarios {
        // Units in an off-map area wait in that area's box.
        for o in s.off_map.iter().filter(|o| o.area.is_none()) {
            let name = box_region(tx, &o.box_name);
            if !pools.contains(&name) {
                pools.push(name);
            }
        }
    }
    let areas = game
        .map
        .areas
        .iter()
        .map(|a| tx.get(&format!("areas.{}", a.id.as_str())));
    // The boxes concepts ask for (the morale chits' cup and box, the track their count is read from).
    pools.extend(
        concepts
            .iter()
            .flat_map(|c| c.track_boxes(game))
            .map(|b| box_region(tx, b)),
    );
    pools
        .into_iter()
        .chain(areas)
        .chain(eliminated.values().cloned())
        .collect()
}
