//! The module's component tree, part by part: what becomes data (sides, the main map and its grid,
//! the palette's pieces, the at-start stacks, the dice), what vmodc writes itself in its place, and
//! what is kept raw at its place.

use super::account::{Account, Became};
use super::pieces::{piece_unit, PieceUnit};
use crate::concept::interface::StockComponent;
use crate::verify::xml::Node;
use crate::verify::ReadModule;

/// Components of the module itself that vmodc writes one of, by VASSAL's class: a module's own
/// subclass (`PathsOfGlory.POGChatter`) is not one of them, and is kept raw.
const REGENERATED: &[&str] = &[
    "VASSAL.build.module.BasicCommandEncoder",
    "VASSAL.build.module.GlobalOptions",
    "VASSAL.build.module.Chatter",
    "VASSAL.build.module.KeyNamer",
    "VASSAL.build.module.properties.GlobalTranslatableMessages",
    "VASSAL.i18n.Language",
];

/// Children of a map that vmodc writes on its main map itself, beside the eight helpers VASSAL does
/// not add by itself (`verify::MAP_HELPERS`).
const OTHER_MAP_HELPERS: &[&str] = &[
    "StackMetrics",
    "SelectionHighlighters",
    "HighlightLastMoved",
    "CounterDetailViewer",
    "Zoomer",
];

/// Whether vmodc writes a map child of this kind on its main map itself.
fn is_map_helper(short: &str) -> bool {
    crate::verify::MAP_HELPERS.contains(&short) || OTHER_MAP_HELPERS.contains(&short)
}

/// A raw component and its place (the `[[raw.components]] place` word).
#[derive(Debug, Clone)]
pub struct RawPart {
    pub place: &'static str,
    /// The component's class and name, and how the report names it.
    pub tag: String,
    pub key: String,
    pub label: String,
    pub xml: String,
    pub why: String,
    /// The component itself, for a map or a turn tracker: one the build writes itself gives way to
    /// the build's, what it holds (at-start stacks, phases) becoming data.
    pub node: Option<Node>,
}

/// The main map: its name, its board image and the board's grid element.
#[derive(Debug, Clone, Default)]
pub struct MainMap {
    pub name: String,
    pub board: String,
    pub image: String,
    pub grid: Option<Node>,
}

/// An at-start piece: its unit (an index into `units`) and where VASSAL puts it.
#[derive(Debug, Clone)]
pub struct AtStart {
    pub unit: usize,
    pub location: String,
    /// The face it shows, from 1.
    pub level: usize,
    /// The point the module places its stack at, when it places it by a point.
    pub point: Option<(i32, i32)>,
}

/// An at-start piece on the turn track the build writes: a reinforcement in a turn's box, or a unit
/// waiting off the map in a named box.
#[derive(Debug, Clone)]
pub struct TrackStart {
    pub unit: usize,
    pub region: String,
    pub turn: Option<u32>,
    /// The face it shows, from 1.
    pub level: usize,
}

/// Everything read from the module, before it is written as files.
#[derive(Debug, Clone, Default)]
pub struct Reading {
    pub name: String,
    pub version: String,
    pub description: String,
    pub vassal_version: String,
    pub sides: Vec<String>,
    pub map: Option<MainMap>,
    pub units: Vec<PieceUnit>,
    pub at_start: Vec<AtStart>,
    pub track_starts: Vec<TrackStart>,
    /// The number of turns, where the module's turn track states it.
    pub turns: Option<u32>,
    /// The phases of a turn, where the build's turn tracker replaces the module's.
    pub phases: Vec<String>,
    /// The turn and phase (an index into `phases`) a new game of the module starts at, when its
    /// tracker has a level of its own for a first turn that starts after the first phase.
    pub start: Option<(u32, usize)>,
    pub raw: Vec<RawPart>,
    /// The stock components the module has none of (`[raw] left_to_vassal`).
    pub left_to_vassal: Vec<StockComponent>,
    pub dice: Option<(u32, u32)>,
    pub account: Account,
}

/// The name a component is known by: what VASSAL's validators and saves tell two apart by.
pub fn key_of(attrs: &[(String, String)]) -> String {
    ["mapName", "name", "entryName", "text", "buttonText"]
        .iter()
        .find_map(|k| {
            attrs
                .iter()
                .find(|(a, v)| a == k && !v.is_empty())
                .map(|(_, v)| v.clone())
        })
        .unwrap_or_default()
}

pub(super) fn short(tag: &str) -> &str {
    tag.rsplit('.').next().unwrap_or(tag)
}

/// How a component names itself in the report: its class and its name.
pub(super) fn label(n: &Node) -> String {
    let name = ["name", "mapName", "entryName", "text", "buttonText"]
        .iter()
        .map(|k| n.attr(k))
        .find(|v| !v.is_empty())
        .unwrap_or("");
    if name.is_empty() {
        short(&n.tag).to_string()
    } else {
        format!("{} `{name}`", short(&n.tag))
    }
}

/// Read the module's tree.
pub fn read(module: &ReadModule) -> Reading {
    let root = &module.root;
    let mut r = Reading {
        name: root.attr("name").to_string(),
        version: root.attr("version").to_string(),
        description: root.attr("description").to_string(),
        vassal_version: root.attr("VassalVersion").to_string(),
        ..Reading::default()
    };
    r.account.module = r.name.clone();
    r.account.add(
        Became::Data,
        "GameModule",
        "name, version and description became `[game]`",
    );
    r.sides = roster_sides(root);
    let main = main_map_index(module);
    for (i, child) in root.children.iter().enumerate() {
        read_component(module, child, Some(i) == main, &mut r);
    }
    r.left_to_vassal = StockComponent::ALL
        .into_iter()
        .filter(|c| !root.children.iter().any(|n| n.tag == c.class()))
        .collect();
    r
}

/// The sides of the roster, in order.
fn roster_sides(root: &Node) -> Vec<String> {
    root.children
        .iter()
        .filter(|c| short(&c.tag) == "PlayerRoster")
        .flat_map(|c| c.children_named("entry"))
        .map(|e| e.text.clone())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The map that becomes the project's map: the first whose first board has a hex or square grid
/// on a PNG or JPEG image the archive holds.
fn main_map_index(module: &ReadModule) -> Option<usize> {
    module.root.children.iter().position(|c| {
        short(&c.tag) == "Map"
            && first_board(c).is_some_and(|b| {
                board_grid_node(b).is_some() && shippable_image(module, b.attr("image"))
            })
    })
}

fn shippable_image(module: &ReadModule, image: &str) -> bool {
    let lower = image.to_ascii_lowercase();
    (lower.ends_with(".png") || lower.ends_with(".jpg") || lower.ends_with(".jpeg"))
        && module
            .archive
            .entries
            .contains_key(&format!("images/{image}"))
}

fn first_board(map: &Node) -> Option<&Node> {
    map.children
        .iter()
        .filter(|c| short(&c.tag) == "BoardPicker")
        .flat_map(|p| p.children.iter())
        .find(|b| short(&b.tag) == "Board")
}

fn board_grid_node(board: &Node) -> Option<&Node> {
    board
        .children
        .iter()
        .find(|g| matches!(short(&g.tag), "HexGrid" | "SquareGrid"))
}

fn raw(r: &mut Reading, module: &ReadModule, place: &'static str, n: &Node, why: &str) {
    let attrs: Vec<(String, String)> = n.attrs.clone().into_iter().collect();
    r.raw.push(RawPart {
        place,
        tag: n.tag.clone(),
        key: key_of(&attrs),
        label: label(n),
        xml: n.source(&module.build_text).to_string(),
        why: why.to_string(),
        node: matches!(short(&n.tag), "Map" | "TurnTracker").then(|| n.clone()),
    });
}

fn read_component(module: &ReadModule, n: &Node, is_main_map: bool, r: &mut Reading) {
    let class = short(&n.tag);
    match class {
        _ if is_main_map => read_main_map(module, n, r),
        _ if REGENERATED.contains(&n.tag.as_str()) => regenerated(n, r),
        "PlayerRoster" => r.account.add(
            Became::Data,
            label(n),
            format!("its sides became `[[sides]]`: {}", r.sides.join(", ")),
        ),
        "Documentation" => children_raw(module, n, "documentation", r),
        "PrototypesContainer" => children_raw(module, n, "prototypes", r),
        "GlobalProperties" => children_raw(module, n, "global-properties", r),
        "PieceWindow" => read_palette(n, r),
        "DiceButton" => {
            let count = n.attr("nDice").parse().unwrap_or(0);
            let faces = n.attr("nSides").parse().unwrap_or(0);
            if r.dice.is_none() && count > 0 && faces > 0 {
                r.dice = Some((count, faces));
            }
            raw(r, module, "module", n, "a dice button: its dice are `[dice]`, the button itself is kept as the module made it");
        }
        _ => raw(
            r,
            module,
            "module",
            n,
            "vmodc has no concept for it: kept as the module made it",
        ),
    }
}

/// A component vmodc always writes one of: its own replaces it, and what it held is listed.
fn regenerated(n: &Node, r: &mut Reading) {
    r.account
        .add(Became::Regenerated, label(n), "vmodc writes its own");
    for c in &n.children {
        let why = if short(&c.tag) == "Translation" {
            "a translation: `vmodc translate` makes one for the rebuilt module"
        } else {
            "a setting of a component vmodc writes itself"
        };
        r.account.add(Became::NotCarried, label(c), why);
    }
}

/// Each child of a container vmodc writes one of, kept raw inside vmodc's.
fn children_raw(module: &ReadModule, n: &Node, place: &'static str, r: &mut Reading) {
    r.account.add(
        Became::Regenerated,
        label(n),
        format!(
            "vmodc writes the container; its {} children are kept raw in it",
            n.children.len()
        ),
    );
    for c in &n.children {
        raw(
            r,
            module,
            place,
            c,
            "kept as the module made it, inside vmodc's container",
        );
    }
}

/// The counter palette: every piece slot becomes a unit; the palette's own layout is vmodc's (one
/// list per side).
fn read_palette(window: &Node, r: &mut Reading) {
    r.account.add(
        Became::Regenerated,
        label(window),
        "vmodc writes its palette (one list per side); each piece slot became a unit",
    );
    let mut lists = Vec::new();
    walk_palette(window, &mut lists, r);
}

fn walk_palette(n: &Node, lists: &mut Vec<String>, r: &mut Reading) {
    for c in &n.children {
        match short(&c.tag) {
            "PieceSlot" => {
                add_unit(c, lists, true, r);
            }
            "CardSlot" => r.account.add(
                Became::NotCarried,
                label(c),
                "cards are not imported yet (decks come later)",
            ),
            _ => {
                lists.push(c.attr("entryName").to_string());
                walk_palette(c, lists, r);
                lists.pop();
            }
        }
    }
}

pub(super) fn add_unit(
    slot: &Node,
    lists: &[String],
    in_palette: bool,
    r: &mut Reading,
) -> Option<usize> {
    match piece_unit(slot, lists, &r.sides) {
        Ok(mut unit) => {
            unit.in_palette = in_palette;
            let raw = unit.raw.len();
            r.account.add(
                Became::Data,
                label(slot),
                format!(
                    "a unit with {} face(s){}; {raw} trait(s) kept raw in place",
                    unit.faces.len(),
                    unit.side
                        .as_ref()
                        .map(|s| format!(", side `{s}` from {}", unit.side_from))
                        .unwrap_or_default()
                ),
            );
            for (above, t, _) in &unit.raw {
                let at = if *above { "above" } else { "below" };
                r.account.add(
                    Became::Raw,
                    format!("{}: trait `{}`", label(slot), crate::verify::trait_id(t)),
                    format!("kept verbatim {at} the faces"),
                );
            }
            for what in &unit.not_carried {
                r.account.add(Became::NotCarried, label(slot), what.clone());
            }
            r.units.push(unit);
            Some(r.units.len() - 1)
        }
        Err(e) => {
            r.account.add(
                Became::NotCarried,
                label(slot),
                format!("its piece does not decode: {e}"),
            );
            None
        }
    }
}

/// The main map: its first board becomes `[map]` and `[grid.vassal]`, its at-start stacks the
/// scenario, its helpers are vmodc's, and every other child is kept raw on vmodc's main map.
fn read_main_map(module: &ReadModule, map: &Node, r: &mut Reading) {
    let board = first_board(map);
    r.map = board.map(|b| MainMap {
        name: map.attr("mapName").to_string(),
        board: b.attr("name").to_string(),
        image: b.attr("image").to_string(),
        grid: board_grid_node(b).cloned(),
    });
    r.account.add(
        Became::Data,
        label(map),
        "the main map: `[map]`, its first board's image as `[map] image`, its grid as `[grid.vassal]`",
    );
    let grid = board.and_then(|b| crate::verify::grid::board_grid(b, &module.archive));
    for c in &map.children {
        match short(&c.tag) {
            "BoardPicker" => {
                for (i, b) in c.children.iter().enumerate() {
                    if short(&b.tag) == "Board" && i > 0 {
                        r.account.add(Became::NotCarried, label(b), "a second board of the main map: vmodc's map has one board (multi-board maps come later)");
                    }
                }
            }
            h if is_map_helper(h) => {
                r.account
                    .add(Became::Regenerated, label(c), "vmodc writes its own on the map")
            }
            "SetupStack" => read_setup_stack(c, grid.as_ref(), board, r),
            _ => raw(r, module, "main-map", c, "a part of the main map vmodc has no concept for: kept on the map as the module made it"),
        }
    }
}

fn read_setup_stack(
    stack: &Node,
    grid: Option<&crate::verify::grid::BoardGrid>,
    board: Option<&Node>,
    r: &mut Reading,
) {
    let own_board = stack.attr("owningBoard");
    if board.is_some_and(|b| !own_board.is_empty() && b.attr("name") != own_board) {
        r.account.add(
            Became::NotCarried,
            label(stack),
            format!("an at-start stack on board `{own_board}`, not the main map's first board"),
        );
        return;
    }
    // A stack placed by a point stands there, named by the hex the point falls in.
    let by_point = stack.attr("useGridLocation") != "true";
    let point = by_point.then(|| {
        (
            stack.attr("x").parse().unwrap_or(0),
            stack.attr("y").parse().unwrap_or(0),
        )
    });
    let location = match point {
        Some((x, y)) => {
            let named = grid.map(|g| g.location_name(x, y)).unwrap_or_default();
            board.and_then(board_grid_node).map_or(named.clone(), |g| {
                crate::verify::grid::format_location(g, &named)
            })
        }
        None => stack.attr("location").to_string(),
    };
    r.account.add(
        Became::Data,
        label(stack),
        format!(
            "an at-start stack at `{location}`: its pieces are `[[setup]]` entries, in stack order"
        ),
    );
    for slot in stack
        .children
        .iter()
        .filter(|c| short(&c.tag) == "PieceSlot")
    {
        if let Some(unit) = add_unit(slot, &[], false, r) {
            r.at_start.push(AtStart {
                unit,
                location: location.clone(),
                level: r.units[unit].level,
                point,
            });
        }
    }
}
