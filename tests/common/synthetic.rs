//! A generated game of any size, for benchmarks and scale tests.
//!
//! [`files`] writes the four data files of a valid game as TOML text — the same text a designer would
//! write by hand — so that the whole pipeline can be measured from the loader on: [`write`] puts them in
//! a project folder for [`vmodc::load::load_game`], and [`game`] parses them in memory into a
//! [`Game`]. Everything is a pure function of [`Params`]: the same parameters give byte-identical files.
//!
//! What the game holds:
//!
//! - `maps` map sheets of `columns` × `rows` hexes, laid out in a square-ish block (4 sheets: A B over
//!   C D), labelled OCS-style with the sheet's letter and a dot: `A01.01`, `D50.50`;
//! - terrain in patches of four terrain types, rivers along hexsides of adjacent hexes, railroads as
//!   contiguous paths from the west edge to the east edge, about one city per hundred hexes;
//! - two sides, `blue` holding the west half of the play area and `red` the east half, with coloured
//!   map edges;
//! - `units` two-faced counters split between the sides, the reduced face obeying the reduction formula
//!   (strength halved, rounded down);
//! - a standard scenario that sets up one unit per hex on distinct hexes of its side's half (the hexes
//!   carry the side's setup marks); units that do not fit arrive as reinforcements;
//! - a CRT complete for one six-sided die that never gets better for the defender as odds rise.
//!
//! The result passes [`vmodc::check::check_game`] without errors or warnings (the checks' notes aside).
//!
//! Not part of the library: the benchmarks (`benches/pipeline.rs`), the example (`examples/synthetic.rs`)
//! and the tests (`tests/synthetic.rs`, `tests/module_readback.rs`) include this file with
//! `#[path = ...] mod synthetic;`.

// Each crate that includes this file uses a different part of it.
#![allow(dead_code)]

use serde::de::DeserializeOwned;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use vmodc::concept::game::{Game, Grid, HexId, Loaded};
use vmodc::diag::{Diagnostic, Report, Sources};

/// The size and shape of a generated game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// Game id: the stem of the file names.
    pub id: String,
    /// Map sheets (at most 26, lettered A to Z).
    pub maps: u32,
    /// Hex columns per map sheet.
    pub columns: u32,
    /// Hex rows of every column.
    pub rows: u32,
    /// Counters, split evenly between the two sides.
    pub units: u32,
    /// Hex height in pixels (flat side to flat side); counters are three quarters of it.
    pub hex_height: u32,
    /// Seed of the pseudo-random terrain, rivers, railroads, cities and unit values.
    pub seed: u64,
}

impl Params {
    /// `maps` sheets of `columns` × `rows` hexes and `units` counters, with default style and seed.
    pub fn new(id: &str, maps: u32, columns: u32, rows: u32, units: u32) -> Params {
        Params {
            id: id.to_string(),
            maps,
            columns,
            rows,
            units,
            hex_height: 64,
            seed: 0x5eed_0001,
        }
    }

    /// Hexes on the whole map.
    pub fn hexes(&self) -> u64 {
        u64::from(self.sheets()) * self.columns() as u64 * self.rows() as u64
    }

    fn sheets(&self) -> u32 {
        self.maps.clamp(1, 26)
    }

    /// Sheets per row of the play area: the smallest square that holds them all.
    fn sheets_across(&self) -> u32 {
        (1..).find(|w| w * w >= self.sheets()).unwrap_or(1)
    }

    fn columns(&self) -> i32 {
        self.columns.max(2) as i32
    }

    fn rows(&self) -> i32 {
        self.rows.max(2) as i32
    }
}

/// The four data files of a generated game, as TOML text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Files {
    /// `rules/<id>.toml`
    pub rules: String,
    /// `counters/<id>.toml`
    pub counters: String,
    /// `maps/<id>.toml`
    pub map: String,
    /// `scenarios/<id>/standard.toml`
    pub scenario: String,
}

impl Files {
    /// Each file with its path relative to the project root.
    pub fn paths(&self, id: &str) -> [(PathBuf, &str); 4] {
        [
            (PathBuf::from(format!("rules/{id}.toml")), &self.rules),
            (PathBuf::from(format!("counters/{id}.toml")), &self.counters),
            (PathBuf::from(format!("maps/{id}.toml")), &self.map),
            (
                PathBuf::from(format!("scenarios/{id}/standard.toml")),
                &self.scenario,
            ),
        ]
    }
}

/// A tiny deterministic PRNG (SplitMix64): good enough for terrain, and no dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        // Multiply-shift: unbiased enough for n far below 2^64.
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

const SIDES: [(&str, &str, &str, &str); 2] = [
    ("blue", "Blue", "#3d5a8c", "#ffffff"),
    ("red", "Red", "#b03a2e", "#ffffff"),
];
/// Terrain ids with their move cost, TEC combat text and map colour.
const TERRAIN: [(&str, &str, u32, &str, &str); 4] = [
    ("clear", "Clear", 1, "No effect.", "#e6dfc0"),
    ("forest", "Forest", 2, "Shift one column left.", "#86a862"),
    ("hills", "Hills", 2, "Shift one column left.", "#c8a47a"),
    ("marsh", "Marsh", 3, "Shift two columns left.", "#9fc0b8"),
];
/// Unit types: id, name, NATO symbol, size, strength range, movement.
const TYPES: [(&str, &str, &str, &str, u32, u32, u32); 4] = [
    ("infantry", "Infantry", "infantry", "XX", 2, 9, 4),
    ("armor", "Armor", "armor", "XX", 4, 14, 8),
    ("cavalry", "Cavalry", "cavalry", "X", 1, 5, 6),
    ("artillery", "Artillery", "artillery", "III", 1, 6, 3),
];
const RESULTS: [(&str, &str, &str); 7] = [
    (
        "AE",
        "Attacker Eliminated",
        "Every attacking unit is eliminated.",
    ),
    ("AL", "Attacker Loss", "One attacking unit loses one step."),
    ("NE", "No Effect", "Nothing happens."),
    (
        "EX",
        "Exchange",
        "Both sides lose one step; the defender loses first.",
    ),
    ("DR", "Defender Retreat", "The defender retreats two hexes."),
    (
        "DRL",
        "Defender Retreat and Loss",
        "The defender loses one step and retreats two hexes.",
    ),
    ("DE", "Defender Eliminated", "The defender is eliminated."),
];
const COLUMNS: [&str; 7] = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"];
const TURNS: u32 = 12;
const MUD_TURNS: [u32; 2] = [5, 6];

/// The grid every generated file uses (also parsed by the generator to find neighbours).
fn grid_toml(p: &Params) -> String {
    let cols = p.columns();
    let rows = p.rows();
    let mut s = format!(
        "kind = \"hex-columns\"\ncolumns = [1, {cols}]\nrows = [1, {rows}]\nshifted_columns = \"even\"\n\
         column_digits = {}\nrow_digits = {}\nseparator = \".\"\nrule = \"S2.0\"\nsheets = [\n",
        digits(cols).max(2),
        digits(rows).max(2),
    );
    let across = p.sheets_across();
    for i in 0..p.sheets() {
        let letter = char::from(b'A' + i as u8);
        let (x, y) = (i % across, i / across);
        let _ = writeln!(s, "  {{ prefix = \"{letter}\", at = [{x}, {y}] }},");
    }
    s.push_str("]\n");
    s
}

fn digits(n: i32) -> usize {
    n.max(1).to_string().len()
}

/// The generated game's grid.
pub fn grid(p: &Params) -> Grid {
    // The text is ours and always parses.
    toml::from_str(&grid_toml(p)).expect("generated grid parses") // ok: vmodc writes this text itself
}

/// A hex's column counted across the whole play area (sheets side by side).
fn play_area_column(p: &Params, grid: &Grid, h: HexId) -> i32 {
    grid.sheet_at(h.sheet)[0] * p.columns() + h.col
}

/// Which side holds a hex: blue the west half of the play area, red the east half.
fn side_of(p: &Params, grid: &Grid, h: HexId) -> usize {
    let width = p.sheets_across().min(p.sheets()) as i32 * p.columns();
    usize::from(play_area_column(p, grid, h) > width / 2)
}

/// Hexes and features of the generated map, before they are written out.
struct MapPlan {
    terrain: BTreeMap<HexId, usize>,
    rivers: BTreeSet<(HexId, HexId)>,
    rails: Vec<Vec<HexId>>,
    cities: Vec<(HexId, bool)>,
}

fn plan_map(p: &Params, grid: &Grid, rng: &mut Rng) -> MapPlan {
    let hexes = grid.hexes();
    let on_map: BTreeSet<HexId> = hexes.iter().copied().collect();
    let (cols, rows) = (p.columns(), p.rows());

    // Terrain in patches: each 6 × 6 block has a dominant terrain that most of its hexes take.
    let block = 6;
    let mut patch = BTreeMap::new();
    let mut terrain = BTreeMap::new();
    for &h in &hexes {
        let key = (h.sheet, h.col / block, h.row / block);
        let dominant = *patch.entry(key).or_insert_with(|| match rng.below(6) {
            0..=2 => 0,
            n => n as usize - 2,
        });
        let t = if rng.chance(70) { dominant } else { 0 };
        if t != 0 {
            terrain.insert(h, t);
        }
    }

    // Railroads: contiguous paths from the west edge to the east edge of each sheet, one per 12 rows.
    let mut rails = Vec::new();
    let lines = (rows / 12).max(1);
    for (sheet, i) in (0..p.sheets() as u16).flat_map(|s| (0..lines).map(move |i| (s, i))) {
        let mut h = HexId {
            sheet,
            col: 1,
            row: 1 + (i * rows / lines + rng.below((rows / lines).max(1) as u64) as i32),
        };
        let mut path = vec![h];
        while h.col < cols {
            // East-north-east or east-south-east (directions 1 and 2), drifting back to the centre row.
            let n = grid.neighbours(h);
            let mut next = if rng.chance(50) { n[1] } else { n[2] };
            if !on_map.contains(&next) {
                next = if on_map.contains(&n[1]) { n[1] } else { n[2] };
            }
            h = next;
            path.push(h);
        }
        rails.push(path);
    }

    // Rivers: hexsides along a meandering north-to-south walk, one river per 10 columns of a sheet.
    let mut rivers = BTreeSet::new();
    let count = (cols / 10).max(1);
    for (sheet, i) in (0..p.sheets() as u16).flat_map(|s| (0..count).map(move |i| (s, i))) {
        let mut h = HexId {
            sheet,
            col: 1 + (i * cols / count + rng.below((cols / count).max(1) as u64) as i32),
            row: 1,
        };
        let length = rows * 3 / 4;
        for _ in 0..length {
            let n = grid.neighbours(h);
            // The hexside towards the east (NE or SE), when that neighbour is on the map.
            let east = n[1 + rng.below(2) as usize];
            if on_map.contains(&east) {
                rivers.insert((h.min(east), h.max(east)));
            }
            // Walk on south, south-west or south-east.
            let step = [n[3], n[2], n[4]][rng.below(3) as usize];
            if !on_map.contains(&step) {
                break;
            }
            h = step;
        }
    }

    // Cities: about one per hundred hexes, at least one in each side's half; every tenth is major.
    let mut shuffled = hexes.clone();
    rng.shuffle(&mut shuffled);
    let wanted = (hexes.len() / 100).max(2);
    let mut cities: Vec<(HexId, bool)> = Vec::new();
    for side in 0..2 {
        if let Some(&h) = shuffled.iter().find(|h| side_of(p, grid, **h) == side) {
            cities.push((h, true));
        }
    }
    for &h in &shuffled {
        if cities.len() >= wanted {
            break;
        }
        if !cities.iter().any(|(c, _)| *c == h) {
            cities.push((h, cities.len().is_multiple_of(10)));
        }
    }
    cities.sort();
    MapPlan {
        terrain,
        rivers,
        rails,
        cities,
    }
}

/// One generated unit.
struct UnitPlan {
    id: String,
    side: usize,
    kind: usize,
    strength: u32,
}

fn plan_units(p: &Params, rng: &mut Rng) -> Vec<UnitPlan> {
    let mut units = Vec::with_capacity(p.units as usize);
    let per_side = [p.units.div_ceil(2), p.units / 2];
    for (side, &n) in per_side.iter().enumerate() {
        let letter = if side == 0 { 'B' } else { 'R' };
        for i in 1..=n {
            let kind = match rng.below(10) {
                0..=5 => 0,
                6 | 7 => 1,
                8 => 2,
                _ => 3,
            };
            let (_, _, _, _, lo, hi, _) = TYPES[kind];
            let strength = lo + rng.below(u64::from(hi - lo + 1)) as u32;
            units.push(UnitPlan {
                id: format!("{letter}{i:04}"),
                side,
                kind,
                strength,
            });
        }
    }
    units
}

/// The data files of the game `p` describes.
pub fn files(p: &Params) -> Files {
    let grid = grid(p);
    let mut rng = Rng::new(p.seed);
    let map = plan_map(p, &grid, &mut rng);
    let units = plan_units(p, &mut rng);

    // Setup: each side's units on distinct hexes of its half, in a shuffled order; the rest arrive
    // later. One unit per hex stays under any stacking limit.
    let mut free: [Vec<HexId>; 2] = [Vec::new(), Vec::new()];
    for h in grid.hexes() {
        free[side_of(p, &grid, h)].push(h);
    }
    for list in &mut free {
        rng.shuffle(list);
    }
    let mut setup: Vec<(&UnitPlan, HexId)> = Vec::new();
    let mut late: Vec<&UnitPlan> = Vec::new();
    let mut next = [0usize; 2];
    for u in &units {
        match free[u.side].get(next[u.side]) {
            Some(&h) => {
                setup.push((u, h));
                next[u.side] += 1;
            }
            None => late.push(u),
        }
    }
    let marks: [Vec<HexId>; 2] = [0, 1].map(|s| {
        let mut m = free[s][..next[s]].to_vec();
        m.sort();
        m
    });

    Files {
        rules: rules_toml(p),
        counters: counters_toml(p, &units),
        map: map_toml(p, &grid, &map, &marks),
        scenario: scenario_toml(p, &grid, &map, &setup, &late),
    }
}

/// Write the game's files under `root` (`rules/`, `counters/`, `maps/`, `scenarios/<id>/`).
pub fn write(p: &Params, root: &Path) -> std::io::Result<()> {
    let files = files(p);
    for (rel, text) in files.paths(&p.id) {
        let path = root.join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, text)?;
    }
    Ok(())
}

/// The game parsed in memory, with the sources its spans point into.
pub fn game(p: &Params) -> Result<(Game, Sources), Report> {
    let files = files(p);
    let mut sources = Sources::default();
    let mut report = Report::default();
    let [rules, counters, map, scenario] = files.paths(&p.id);
    let rules = parse(rules, &mut sources, &mut report);
    let counters = parse(counters, &mut sources, &mut report);
    let map = parse(map, &mut sources, &mut report);
    let scenario = parse(scenario, &mut sources, &mut report);
    match (rules, counters, map, scenario) {
        (Some(rules), Some(counters), Some(map), Some(scenario)) => Ok((
            Game {
                id: p.id.clone(),
                rules,
                counters,
                map,
                scenarios: vec![scenario],
                layering: None,
                images: Default::default(),
                files: Default::default(),
                releases: None,
                data_files: Vec::new(),
            },
            sources,
        )),
        _ => Err(report),
    }
}

fn parse<T: DeserializeOwned>(
    (path, text): (PathBuf, &str),
    sources: &mut Sources,
    report: &mut Report,
) -> Option<Loaded<T>> {
    let file = sources.add(path.clone(), text.to_string());
    match toml::from_str(text) {
        Ok(data) => Some(Loaded { file, data }),
        Err(e) => {
            report.push(
                Diagnostic::error(
                    "V0010",
                    format!("generated data does not parse: {}", e.message()),
                )
                .in_file(path),
            );
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// The files, as text
// ---------------------------------------------------------------------------------------------------

/// `rules/<id>.toml`.
fn rules_toml(p: &Params) -> String {
    let mut s = String::new();
    game_toml(&mut s, p);
    sequence_toml(&mut s);
    terrain_toml(&mut s);
    combat_toml(&mut s);
    s
}

/// The game, its sides and its dice.
fn game_toml(s: &mut String, p: &Params) {
    let hexes = p.hexes();
    let _ = write!(
        s,
        r#"# A synthetic game generated by vmodc::synthetic ({maps} map(s) of {c} x {r} hexes, {u} units).
# Rule numbers prefixed S cite this generator's imaginary rulebook.

[game]
id = "{id}"
title = "Synthetic {id}"
version = "1.0.0"
description = "A generated game of {hexes} hexes and {u} counters, for benchmarks."
rulebook = "vmodc synthetic rules"

"#,
        maps = p.maps,
        c = p.columns,
        r = p.rows,
        u = p.units,
        id = p.id,
    );
    for (id, name, color, text) in SIDES {
        let _ = write!(
            s,
            "[[sides]]\nid = \"{id}\"\nname = \"{name}\"\ncolor = \"{color}\"\ntext_color = \"{text}\"\nrule = \"S1.0\"\n\n"
        );
    }
    s.push_str("[dice]\ncount = 1\nfaces = 6\nrule = \"S1.1\"\n\n");
}

/// Phases, turns and weather.
fn sequence_toml(s: &mut String) {
    for (side, name, _, _) in SIDES {
        for (what, allows, announce) in [
            (
                "movement",
                "Every unit of the side may move.",
                r#"["replacements", "reinforcements", "weather"]"#,
            ),
            (
                "combat",
                "Units of the side may attack adjacent enemy units.",
                r#"["weather"]"#,
            ),
        ] {
            let _ = write!(
                s,
                "[[phases]]\nid = \"{side}-{what}\"\nname = \"{name} {what} phase\"\nside = \"{side}\"\n\
                 allows = \"{allows}\"\nannounce = {announce}\nrule = \"S4.0\"\n\n"
            );
        }
    }
    s.push_str("[[phases]]\nid = \"end\"\nname = \"End phase\"\nallows = \"Advance the turn marker.\"\nrule = \"S4.0\"\n\n");
    let labels: Vec<String> = (1..=TURNS).map(|t| format!("\"Week {t}\"")).collect();
    let _ = write!(
        s,
        "[turns]\ncount = {TURNS}\nlabels = [{}]\nrule = \"S4.1\"\n\n",
        labels.join(", ")
    );
    let _ = write!(
        s,
        "[[weather]]\nid = \"clear\"\nname = \"Clear\"\ndefault = true\neffects = \"None.\"\nrule = \"S5.0\"\n\n\
         [[weather]]\nid = \"mud\"\nname = \"Mud\"\nturns = {MUD_TURNS:?}\n\
         effects = \"Units move at most two hexes; armor attacks at half strength.\"\nrule = \"S5.0\"\n\n"
    );
}

/// Terrain, cities, hexside and line features, stacking and movement limits.
fn terrain_toml(s: &mut String) {
    for (id, name, cost, combat, _) in TERRAIN {
        let _ = write!(
            s,
            "[[terrain]]\nid = \"{id}\"\nname = \"{name}\"\nmove_cost = {cost}\ncombat = \"{combat}\"\nrule = \"S6.0\"\n\n"
        );
    }
    s.push_str(
        r#"[[city_kinds]]
id = "city"
name = "City"
combat = "No effect."
rule = "S6.1"

[[city_kinds]]
id = "major_city"
name = "Major city"
combat = "Shift one column left."
rule = "S6.1"

[[hexside_features]]
id = "river"
name = "River"
move_effect = "Plus one movement point."
combat = "Shift one column left if every attacker is across a river."
rule = "S6.2"

[[line_features]]
id = "rail"
name = "Railroad"
move_effect = "Half a movement point per hex along the line."
combat = "No effect."
rule = "S6.3"

[stacking]
max_units = 2
when = "end of each phase"
rule = "S7.0"

[[movement.weather_limits]]
weather = "mud"
max_hexes = 2
rule = "S5.1"

"#,
    );
}

/// The odds CRT: columns, results, table, shifts and modifiers.
fn combat_toml(s: &mut String) {
    s.push_str("[combat]\nkind = \"odds\"\n");
    let columns: Vec<String> = COLUMNS.iter().map(|c| format!("\"{c}\"")).collect();
    let _ = write!(
        s,
        "columns = [{}]\ncap = \"{}\"\ncap_rule = \"S8.1\"\nbelow_table = \"attacker eliminated\"\nrule = \"S8.0\"\n\n",
        columns.join(", "),
        COLUMNS[COLUMNS.len() - 1]
    );
    for (code, name, effect) in RESULTS {
        let _ = write!(
            s,
            "[[combat.results]]\ncode = \"{code}\"\nname = \"{name}\"\neffect = \"{effect}\"\nrule = \"S8.2\"\n\n"
        );
    }
    // Better odds (column) and lower rolls favour the attacker: the rank never drops along a row.
    s.push_str("[combat.table]\n");
    for roll in 1..=6i32 {
        let row: Vec<String> = (0..COLUMNS.len() as i32)
            .map(|c| {
                let rank = (c - roll + 4).clamp(0, RESULTS.len() as i32 - 1);
                format!("\"{}\"", RESULTS[rank as usize].0)
            })
            .collect();
        let _ = writeln!(s, "\"{roll}\" = [{}]", row.join(", "));
    }
    s.push('\n');
    for (id, terrain, shift) in [
        ("forest", "forest", -1),
        ("hills", "hills", -1),
        ("marsh", "marsh", -2),
    ] {
        let _ = write!(
            s,
            "[[combat.shifts]]\nid = \"{id}\"\nname = \"Defender in {id}\"\nshift = {shift}\ndefender_terrain = \"{terrain}\"\nrule = \"S8.3\"\n\n"
        );
    }
    s.push_str(
        r#"[[combat.shifts]]
id = "major-city"
name = "Defender in a major city"
shift = -1
defender_city = "major_city"
rule = "S8.3"

[[combat.shifts]]
id = "river"
name = "Every attacker across a river"
shift = -1
all_attackers_across = "river"
rule = "S8.3"

[[combat.attack_modifiers]]
id = "mud-armor"
name = "Armor attacking in mud"
weather = "mud"
unit_types = ["armor"]
numerator = 1
denominator = 2
keep_fractions = false
rule = "S8.4"
"#,
    );
}

fn counters_toml(p: &Params, units: &[UnitPlan]) -> String {
    let mut s = String::with_capacity(units.len() * 160 + 1024);
    let totals: Vec<String> = (0..2)
        .map(|side| {
            let n = units.iter().filter(|u| u.side == side).count();
            format!("{} = {n}", SIDES[side].0)
        })
        .collect();
    let _ = write!(
        s,
        r#"# Counters of the synthetic game {id}.
{no_units}
[counters]
size = {size}
faces = ["full", "reduced"]
values = ["strength", "movement"]
reduction = {{ from_face = "full", to_face = "reduced", value = "strength", divisor = 2, rule = "S3.0" }}
totals = {{ {totals} }}
rule = "S3.0"

"#,
        id = p.id,
        size = (p.hex_height * 3 / 4).max(24),
        totals = totals.join(", "),
        // `[[units]]` tables below declare the units; with none, say so before the first table.
        no_units = if units.is_empty() { "units = []\n" } else { "" },
    );
    for (id, name, symbol, ..) in TYPES {
        let _ = write!(
            s,
            "[[types]]\nid = \"{id}\"\nname = \"{name}\"\nsymbol = \"{symbol}\"\nrule = \"S3.1\"\n\n"
        );
    }
    for u in units {
        let (ty, name, _, size, _, _, movement) = TYPES[u.kind];
        let _ = write!(
            s,
            "[[units]]\nid = \"{id}\"\nname = \"{side} {name} {id}\"\nside = \"{side_id}\"\ntype = \"{ty}\"\nsize = \"{size}\"\n\
             faces = {{ full = \"{full}-{movement}\", reduced = \"{reduced}-{movement}\" }}\nrule = \"S3.2\"\n\n",
            id = u.id,
            side = SIDES[u.side].1,
            side_id = SIDES[u.side].0,
            full = u.strength,
            reduced = u.strength / 2,
        );
    }
    s
}

/// Hex labels written as a TOML array, ten per line.
fn hex_array(grid: &Grid, hexes: impl IntoIterator<Item = HexId>) -> String {
    let labels: Vec<String> = hexes
        .into_iter()
        .map(|h| format!("\"{}\"", grid.label(h)))
        .collect();
    let lines: Vec<String> = labels
        .chunks(10)
        .map(|chunk| format!("    {},", chunk.join(", ")))
        .collect();
    format!("[\n{}\n]", lines.join("\n"))
}

fn map_toml(p: &Params, grid: &Grid, map: &MapPlan, marks: &[Vec<HexId>; 2]) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "# The map of the synthetic game {id}: {maps} sheet(s) of {c} x {r} hexes.\n\n\
         [map]\nname = \"Synthetic {id}\"\nrule = \"S2.0\"\n\n[grid]\n{grid}\n\
         [terrain]\ndefault = \"clear\"\nrule = \"S6.0\"\n\n[terrain.hexes]\n",
        id = p.id,
        maps = p.maps,
        c = p.columns,
        r = p.rows,
        grid = grid_toml(p),
    );
    for (t, (id, ..)) in TERRAIN.iter().enumerate().skip(1) {
        let hexes = map.terrain.iter().filter(|(_, &v)| v == t).map(|(h, _)| *h);
        let _ = writeln!(s, "{id} = {}", hex_array(grid, hexes));
    }
    s.push('\n');
    for (i, (h, major)) in map.cities.iter().enumerate() {
        let _ = write!(
            s,
            "[[cities]]\nhex = \"{}\"\nname = \"City {}\"\nkind = \"{}\"\ncontrol = \"{}\"\nrule = \"S6.1\"\n\n",
            grid.label(*h),
            i + 1,
            if *major { "major_city" } else { "city" },
            SIDES[side_of(p, grid, *h)].0
        );
    }
    if !map.rivers.is_empty() {
        s.push_str("[[hexsides]]\nfeature = \"river\"\nrule = \"S6.2\"\npairs = [\n");
        let pairs: Vec<String> = map
            .rivers
            .iter()
            .map(|(a, b)| format!("[\"{}\", \"{}\"]", grid.label(*a), grid.label(*b)))
            .collect();
        for chunk in pairs.chunks(5) {
            let _ = writeln!(s, "    {},", chunk.join(", "));
        }
        s.push_str("]\n\n");
    }
    for (i, path) in map.rails.iter().enumerate() {
        let _ = write!(
            s,
            "[[lines]]\nfeature = \"rail\"\nname = \"Railroad {}\"\nfrom_edge = \"W\"\nto_edge = \"E\"\npath = {}\nrule = \"S6.3\"\n\n",
            i + 1,
            hex_array(grid, path.iter().copied())
        );
    }
    // Each side's map edge: the west column of the westmost sheets, the east column of the eastmost.
    let (cols, rows) = (p.columns(), p.rows());
    let across = p.sheets_across().min(p.sheets()) as i32;
    for (side, col, color) in [(0, 1, "#000000"), (1, cols, "#c8102e")] {
        let x = if side == 0 { 0 } else { across - 1 };
        let edge = (0..p.sheets() as u16)
            .filter(|&s| grid.sheet_at(s)[0] == x)
            .flat_map(|sheet| (1..=rows).map(move |row| HexId { sheet, col, row }));
        let _ = write!(
            s,
            "[[edges]]\nside = \"{}\"\ncolor = \"{color}\"\nhexes = {}\nrule = \"S2.1\"\n\n",
            SIDES[side].0,
            hex_array(grid, edge)
        );
    }
    for (side, symbol) in [(0, "cross"), (1, "star")] {
        if marks[side].is_empty() {
            continue;
        }
        let _ = write!(
            s,
            "[[setup_marks]]\nside = \"{}\"\nsymbol = \"{symbol}\"\nhexes = {}\nrule = \"S9.0\"\n\n",
            SIDES[side].0,
            hex_array(grid, marks[side].iter().copied())
        );
    }
    let colors: Vec<String> = TERRAIN
        .iter()
        .map(|(id, _, _, _, c)| format!("{id} = \"{c}\""))
        .collect();
    let _ = write!(
        s,
        "[style]\nhex_height = {}\nmargin = 20\nbackground = \"#efe9d6\"\nterrain_colors = {{ {} }}\n\
         feature_colors = {{ river = \"#2f6fc0\", rail = \"#2b2b2b\" }}\n",
        p.hex_height.max(24),
        colors.join(", ")
    );
    s
}

fn scenario_toml(
    p: &Params,
    grid: &Grid,
    map: &MapPlan,
    setup: &[(&UnitPlan, HexId)],
    late: &[&UnitPlan],
) -> String {
    let mut s = String::with_capacity(setup.len() * 80 + late.len() * 120 + 1024);
    let _ = write!(
        s,
        "# The standard scenario of the synthetic game {id}: every unit that fits set up, one per hex.\n\n\
         [scenario]\nid = \"standard\"\nname = \"Synthetic {id} (standard)\"\n\
         description = \"{n} units set up on their side's half of the map; {late} arrive later.\"\n\
         start_turn = 1\nstart_phase = \"blue-movement\"\nrule = \"S9.0\"\n\n",
        id = p.id,
        n = setup.len(),
        late = late.len(),
    );
    for (u, h) in setup {
        let _ = write!(
            s,
            "[[setup]]\nunit = \"{}\"\nhex = \"{}\"\nface = \"full\"\n\n",
            u.id,
            grid.label(*h)
        );
    }
    for (i, u) in late.iter().enumerate() {
        let turn = 2 + (i as u32 % (TURNS - 1));
        let _ = write!(
            s,
            "[[reinforcements]]\nturn = {turn}\nunit = \"{}\"\nface = \"full\"\narrives = \"any hex of the friendly map edge\"\nrule = \"S10.0\"\n\n",
            u.id
        );
    }
    for turn in 1..=TURNS {
        let _ = write!(
            s,
            "[[replacements]]\nturn = {turn}\nsteps = {{ blue = {}, red = {} }}\nrule = \"S10.1\"\n\n",
            1 + turn % 3,
            2 + turn % 2
        );
    }
    // Each side wins by taking half the cities of the other side's half of the map.
    s.push_str(
        "[victory]\nwhen = \"end of the last turn\"\notherwise = \"Draw\"\nrule = \"S11.0\"\n\n",
    );
    for (winner, target) in [(0, 1), (1, 0)] {
        let cities: Vec<HexId> = map
            .cities
            .iter()
            .filter(|(h, _)| side_of(p, grid, *h) == target)
            .map(|(h, _)| *h)
            .collect();
        let at_least = cities.len().div_ceil(2);
        let _ = write!(
            s,
            "[[victory.conditions]]\nwinner = \"{}\"\nresult = \"{} victory\"\ncontrol_any = {}\nat_least = {at_least}\n\n",
            SIDES[winner].0,
            SIDES[winner].1,
            hex_array(grid, cities)
        );
    }
    s
}
