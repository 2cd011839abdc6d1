//! buildFile.xml: the module's component tree.
//!
//! Element and attribute names are VASSAL 3.7.26 class names and `getAttributeNames()` keys
//! (vassal-format.md §2). Every Map helper is written explicitly: VASSAL does not add them when it
//! loads a buildFile (§2.2).

use super::prototypes::piece_book;
use crate::concept::game::grid::{Grid, GridKind, HexLayout};
use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::concept::interface::{
    AtStartParts, ModuleParts, PaletteList, RawPlace, StockComponent, ToolbarPlace,
};
use crate::concept::module::reported_by;
use crate::concept::plan::{self, Plan};
use crate::concept::CONCEPTS;
use crate::package::Entry;
use crate::vassal::sequence_encoder::SequenceEncoder;
use crate::vassal::traits::Piece;
use crate::vassal::xml::El;

fn prototype_definition(name: &str, piece: &Piece) -> El {
    El::new("VASSAL.build.module.PrototypeDefinition")
        .attr("name", name)
        .attr("description", "")
        .text(piece.add_command("null"))
}

fn piece_slot(name: &str, gpid: &str, size: u32, piece: &Piece) -> El {
    El::new("VASSAL.build.widget.PieceSlot")
        .attr("entryName", name)
        .attr("gpid", gpid)
        .attr("height", size)
        .attr("width", size)
        .text(piece.add_command("null"))
}

/// The eight mouse/key helpers and the other children every map needs (§2.2).
fn map_helpers(plan: &Plan) -> Vec<El> {
    vec![
        El::new("VASSAL.build.module.map.StackMetrics")
            .attr("bottom", "40,0")
            .attr("disabled", "false")
            .attr("down", "37,0")
            .attr("exSepX", "6")
            .attr("exSepY", "18")
            .attr("top", "38,0")
            .attr("unexSepX", plan::STACK_STEP.0)
            .attr("unexSepY", plan::STACK_STEP.1)
            .attr("up", "39,0"),
        El::new("VASSAL.build.module.map.ForwardToKeyBuffer"),
        El::new("VASSAL.build.module.map.Scroller"),
        El::new("VASSAL.build.module.map.ForwardToChatter"),
        El::new("VASSAL.build.module.map.MenuDisplayer"),
        El::new("VASSAL.build.module.map.MapCenterer"),
        El::new("VASSAL.build.module.map.StackExpander"),
        El::new("VASSAL.build.module.map.PieceMover"),
        El::new("VASSAL.build.module.map.KeyBufferer"),
        El::new("VASSAL.build.module.map.SelectionHighlighters"),
        El::new("VASSAL.build.module.map.HighlightLastMoved")
            .attr("color", "255,0,0")
            .attr("enabled", "true")
            .attr("thickness", "2"),
        El::new("VASSAL.build.module.map.CounterDetailViewer")
            .attr("borderColor", "0,0,0")
            .attr("delay", "700")
            .attr("display", "from top-most layer only")
            .attr("emptyHexReportForma", "$LocationName$")
            .attr("fgColor", "0,0,0")
            .attr("fontSize", "11")
            .attr("hotkey", "")
            .attr("minDisplayPieces", "1")
            .attr("showgraph", "true")
            .attr("showtext", "true")
            .attr("summaryReportFormat", "$LocationName$")
            .attr("counterReportFormat", "$PieceName$")
            .attr("version", "4")
            .attr("zoomlevel", "1.0"),
        El::new("VASSAL.build.module.map.Zoomer")
            .attr("inButtonText", "")
            .attr("inIconName", "/images/zoomIn.gif")
            .attr("inTooltip", plan.tx.get("ui.zoom_in"))
            .attr("outButtonText", "")
            .attr("outIconName", "/images/zoomOut.gif")
            .attr("outTooltip", plan.tx.get("ui.zoom_out"))
            .attr("pickButtonText", "")
            .attr("pickIconName", "/images/zoom.png")
            .attr("pickTooltip", plan.tx.get("ui.zoom_select"))
            .attr("zoomInKey", "61,130")
            .attr("zoomLevels", "0.5,0.75,1.0,1.5")
            .attr("zoomOutKey", "45,130")
            .attr("zoomPickKey", "")
            .attr("zoomStart", "2"),
    ]
}

fn map_element(plan: &Plan, name: &str, icon: &str, launch: bool) -> El {
    // Every chat line of a change on this map says who made it (concept `reports`).
    let moves = reported_by(
        &plan.tx,
        &plan.tx.fill(
            "ui.report_move",
            &[
                ("piece", "$pieceName$"),
                ("from", "$previousLocation$"),
                ("to", "$location$"),
            ],
        ),
    );
    El::new("VASSAL.build.module.Map")
        .attr("allowMultiple", "false")
        .attr("backgroundcolor", "255,255,255")
        .attr("buttonName", plan.map_title(name))
        .attr("changeFormat", reported_by(&plan.tx, "$message$"))
        .attr("color", "255,0,0")
        .attr(
            "createFormat",
            reported_by(
                &plan.tx,
                &plan.tx.fill(
                    "ui.report_create",
                    &[("piece", "$pieceName$"), ("location", "$location$")],
                ),
            ),
        )
        .attr("edgeHeight", "0")
        .attr("edgeWidth", "0")
        .attr("hideKey", "")
        .attr("hotkey", "")
        .attr("icon", icon)
        .attr("launch", launch)
        .attr("mapName", name)
        .attr("markMoved", "Never")
        .attr("markUnmovedHotkey", "")
        .attr("markUnmovedIcon", "")
        .attr("markUnmovedReport", "")
        .attr("markUnmovedText", "")
        .attr("markUnmovedTooltip", "")
        .attr("moveKey", "0,0,MovedOnMap")
        .attr("moveToFormat", &moves)
        .attr("moveWithinFormat", &moves)
        .attr("onlyReportChangedLocation", "true")
        .attr("showKey", "")
        .attr("thickness", "3")
}

fn board_picker(board: El) -> El {
    board_picker_of(vec![board], None)
}

/// A BoardPicker offering `boards`; with `setup` (an encoded board layout), new games start with
/// that layout instead of asking the player to choose.
fn board_picker_of(boards: Vec<El>, setup: Option<String>) -> El {
    El::new("VASSAL.build.module.map.BoardPicker")
        .attr("addColumnText", "Add column")
        .attr("addRowText", "Add row")
        .attr("boardPrompt", "Select board")
        .attr("slotHeight", "125")
        .attr("slotScale", "0.2")
        .attr("slotWidth", "350")
        .attr("title", "Choose Boards")
        .children(setup.map(|text| El::new("setup").text(text)))
        .children(boards)
}

/// The boards of the main map, one per sheet, laid out as the sheets are; VASSAL only lays boards
/// out by itself when there is one.
fn main_board_picker(game: &Game, plan: &Plan) -> El {
    let boards = (0..plan.sheets.len() as u16)
        .map(|i| sheet_board(game, plan, i))
        .collect();
    let setup = (plan.sheets.len() > 1).then(|| board_setup(&plan.main_map, &plan.sheets));
    board_picker_of(boards, setup)
}

/// `BoardPicker.encode(SetBoards)`: the map's name and `BoardPicker`, then each board's name, column
/// and row, tab-separated (the name itself `/`-encoded, which leaves a plain name as it is).
pub fn board_setup(map: &str, sheets: &[plan::SheetBoard]) -> String {
    let mut se = SequenceEncoder::new('\t');
    se.append(&format!("{map}BoardPicker"));
    for s in sheets {
        let mut name = SequenceEncoder::new('/');
        name.append(&s.name);
        se.append(&name.value())
            .append_int(s.at[0])
            .append_int(s.at[1]);
    }
    se.into_value()
}

/// The board of one map sheet: its rendered image with a hex grid whose numbering matches the
/// printed labels, sheet letter included (§2.5).
fn sheet_board(game: &Game, plan: &Plan, sheet: u16) -> El {
    let l = &plan.layout;
    let g = &game.map.grid;
    let prefix = g.sheet_prefix(sheet);
    let location_format = if prefix.is_empty() {
        "$gridLocation$".to_string()
    } else {
        format!("{prefix}$gridLocation$")
    };
    let grid = match l.kind {
        _ if g.vassal.is_some() => g.vassal.as_ref().map(|v| v.element()).unwrap_or_default(),
        GridKind::HexColumns => column_hex_grid(g, l, location_format),
        GridKind::HexRows => row_hex_grid(g, l, location_format),
        GridKind::Squares => square_grid(g, l, location_format),
        GridKind::Areas => g.module_grid(),
    };
    let board = &plan.sheets[usize::from(sheet)];
    El::new("VASSAL.build.module.map.boardPicker.Board")
        .attr("image", &board.image)
        .attr("name", &board.name)
        .attr("reversible", "false")
        .child(grid)
}

/// The numbering attributes every grid kind shares (`RegularGridNumbering`) up to `sep`, with
/// VASSAL's first coordinate, separator, and the horizontal leading zeros and offset as given.
fn numbering(
    class: &str,
    location_format: String,
    (first, sep): (&str, &str),
    (h_leading, h_off): (usize, i32),
) -> El {
    El::new(class)
        .attr("color", "0,0,0")
        .attr("first", first)
        .attr("fontSize", "9")
        .attr("hDescend", "false")
        .attr("hDrawOff", "0")
        .attr("hLeading", h_leading.saturating_sub(1))
        .attr("hOff", h_off)
        .attr("hType", "N")
        .attr("locationFormat", location_format)
        .attr("rotateText", "0")
        .attr("sep", sep)
}

/// Flat-topped hexes in columns: a `HexGrid` numbered column then row.
fn column_hex_grid(g: &Grid, l: &HexLayout, location_format: String) -> El {
    let (v_descend, v_off) = vertical_numbering(l);
    let numbering = numbering(
        "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering",
        location_format,
        ("H", &g.separator),
        (g.column_digits, l.first_raw_col),
    );
    hex_grid(
        l,
        "false",
        finish_numbering(numbering, (g.row_digits, v_off, v_descend), true),
    )
}

/// Pointy-topped hexes in rows: a sideways `HexGrid`, whose numbering "column" runs down the board
/// (our row) and whose "row" runs across it (our column); so VASSAL's row comes first (`first="V"`)
/// to name a hex column then row, and the row offset is our first column. Rows counted upward
/// descend by `vDescend`, which a sideways grid applies to its "column" (`HexGridNumbering.getColumn`,
/// the same `getMaxRows` as for columns), so the column offset `hOff` is the one that moves.
fn row_hex_grid(g: &Grid, l: &HexLayout, location_format: String) -> El {
    let (descend, row_off) = vertical_numbering(l);
    let numbering = numbering(
        "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering",
        location_format,
        ("V", &g.separator),
        (g.row_digits, row_off),
    );
    hex_grid(
        l,
        "true",
        finish_numbering(numbering, (g.column_digits, l.first_raw_col, descend), true),
    )
}

/// Squares: a `SquareGrid` numbered column then row; its range counts a diagonal step as one
/// (`Metric`) when squares touching at a corner are adjacent, else as two (`Manhattan`).
fn square_grid(g: &Grid, l: &HexLayout, location_format: String) -> El {
    let numbering = numbering(
        "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering",
        location_format,
        ("H", &g.separator),
        (g.column_digits, l.first_raw_col),
    );
    // Rows counted upward: `SquareGridNumbering.getRow` gives `getMaxRows() - rawRow`.
    let (v_descend, v_off) = if l.rows_upward {
        let mut grid = crate::vassal::squaregrid::SquareGrid::new(l.x0, l.y0, l.dx, l.dy);
        grid.board_height = i32::try_from(l.height).unwrap_or(i32::MAX);
        (true, l.first_raw_row - grid.max_rows())
    } else {
        (false, l.first_raw_row)
    };
    let range = if g.diagonal_neighbours() {
        "Metric"
    } else {
        "Manhattan"
    };
    regular_grid(
        "SquareGrid",
        l,
        ("range", range),
        finish_numbering(numbering, (g.row_digits, v_off, v_descend), false),
    )
}

/// The numbering's vertical attributes, in VASSAL's attribute order (`stagger` only for hexes).
fn finish_numbering(
    numbering: El,
    (v_leading, v_off, v_descend): (usize, i32, bool),
    hex: bool,
) -> El {
    let numbering = if hex {
        numbering.attr("stagger", "false")
    } else {
        numbering
    };
    numbering
        .attr("vDescend", v_descend.to_string())
        .attr("vDrawOff", "0")
        .attr("vLeading", v_leading.saturating_sub(1))
        .attr("vOff", v_off)
        .attr("vType", "N")
        .attr("visible", "false")
}

/// A `HexGrid` of a layout, `sideways` or not, with its numbering.
fn hex_grid(l: &HexLayout, sideways: &str, numbering: El) -> El {
    regular_grid("HexGrid", l, ("sideways", sideways), numbering)
}

/// A hex or square grid element of a layout (`class` under `board.`), with the one attribute its kind
/// has of its own (`sideways`, `range`) in VASSAL's alphabetical order, and its numbering.
fn regular_grid(class: &str, l: &HexLayout, (key, value): (&str, &str), numbering: El) -> El {
    El::new(format!("VASSAL.build.module.map.boardPicker.board.{class}"))
        .attr("color", "0,0,0")
        .attr("cornersLegal", "false")
        .attr("dotsVisible", "false")
        .attr("dx", format_double(l.dx))
        .attr("dy", format_double(l.dy))
        .attr("edgesLegal", "false")
        .attr(key, value)
        .attr("snapTo", "true")
        .attr("visible", "false")
        .attr("x0", l.x0)
        .attr("y0", l.y0)
        .child(numbering)
}

/// `vDescend` and `vOff` of a sheet's grid numbering. Rows counted upward descend in VASSAL's terms:
/// `HexGridNumbering.getRow` gives `getMaxRows() - rawRow` (its row count from the board's height),
/// so the offset brings that back to the printed top row minus the raw row.
fn vertical_numbering(l: &HexLayout) -> (bool, i32) {
    if !l.rows_upward {
        return (false, l.first_raw_row);
    }
    let mut grid = crate::vassal::hexgrid::HexGrid::new(l.x0, l.y0, l.dx, l.dy);
    grid.board_width = i32::try_from(l.width).unwrap_or(i32::MAX);
    grid.board_height = i32::try_from(l.height).unwrap_or(i32::MAX);
    (true, l.first_raw_row - grid.max_rows())
}

/// A double as Java's `Double.valueOf` reads it, with enough digits to reproduce the layout.
pub fn format_double(v: f64) -> String {
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0');
    if s.ends_with('.') {
        format!("{s}0")
    } else {
        s.to_string()
    }
}

fn setup_stack(name: &str, board: &str, location: &str, point: (i32, i32)) -> El {
    El::new("VASSAL.build.module.map.SetupStack")
        .attr("location", location)
        .attr("name", name)
        .attr("owningBoard", board)
        .attr("useGridLocation", !location.is_empty())
        .attr("x", point.0)
        .attr("y", point.1)
}

/// Where an at-start stack stands: a grid location or region (VASSAL places the stack there and
/// ignores the point), or a point on the board.
struct Spot {
    map: String,
    board: String,
    location: String,
    point: (i32, i32),
}

/// A spot's map, board, location name, and point when it has no location name.
type Place = (String, String, String, Option<(i32, i32)>);

impl Spot {
    /// What tells two spots apart: their map and board, then their location name, or their point
    /// when they have none (a box off the grid).
    fn place(&self) -> Place {
        let point = self.location.is_empty().then_some(self.point);
        (
            self.map.clone(),
            self.board.clone(),
            self.location.clone(),
            point,
        )
    }
}

/// The at-start stacks, one per spot, in the order their first pieces came; each named after its
/// first piece, its slots bottom first.
#[derive(Default)]
struct AtStartSpots {
    stacks: Vec<(Spot, String, Vec<El>)>,
    /// Each place's stack in `stacks`: a game of thousands of units would otherwise compare every
    /// new piece with every stack before it.
    index: std::collections::HashMap<Place, usize>,
}

impl AtStartSpots {
    fn add(&mut self, spot: Spot, name: &str, slot: El) {
        match self.index.get(&spot.place()) {
            Some(&i) => self.stacks[i].2.push(slot),
            None => {
                self.index.insert(spot.place(), self.stacks.len());
                self.stacks.push((spot, name.to_string(), vec![slot]));
            }
        }
    }
}

/// A draw pile on the turn track at `point` (a cup of untried units), shuffled at every draw, that
/// shows its pieces' current faces (an untried unit's hidden face) and lets nobody pick one (`slots`
/// are its pieces' slots).
fn draw_pile(name: &str, point: (i32, i32), size: u32, slots: Vec<El>) -> El {
    El::new("VASSAL.build.module.map.DrawPile")
        .attr("allowMultiple", "false")
        .attr("allowSelect", "false")
        .attr("color", "255,255,255")
        .attr("draw", "true")
        .attr("faceDown", "Never")
        .attr("height", size)
        .attr("name", name)
        .attr("owningBoard", plan::TRACK_BOARD)
        .attr("reshufflable", "false")
        .attr("reversible", "false")
        .attr("shuffle", "Always")
        .attr("width", size)
        .attr("x", point.0)
        .attr("y", point.1)
        .children(slots)
}

/// The whole buildFile.
pub fn build_file(game: &Game, plan: &Plan) -> String {
    build_tree(game, plan).to_document()
}

/// The buildFile, and the files the concepts add to the archive beside it (their help pages).
pub fn build_file_and_pages(game: &Game, plan: &Plan) -> (String, Vec<Entry>) {
    let (tree, files) = build_tree_and_pages(game, plan);
    (tree.to_document(), files)
}

/// The buildFile as an element tree (the build names its board images by their content before it
/// writes it), and the files the concepts add beside it.
pub fn build_tree_and_pages(game: &Game, plan: &Plan) -> (El, Vec<Entry>) {
    let parts = ModuleParts::of(game, plan, CONCEPTS);
    let files = parts.files().cloned().collect();
    (tree_of(game, plan, &parts), files)
}

/// The buildFile as an element tree.
pub fn build_tree(game: &Game, plan: &Plan) -> El {
    tree_of(game, plan, &ModuleParts::of(game, plan, CONCEPTS))
}

/// The buildFile of `parts` as an element tree. Piece ids are handed out in the order the tree is
/// built: at-start stacks, cards, palette.
fn tree_of(game: &Game, plan: &Plan, parts: &ModuleParts) -> El {
    let mut gpids = plan.gpids.clone();
    let (main_setup, track_setup) = at_start_stacks(game, plan, &mut gpids);
    let mut main_map = map_element(plan, &plan.main_map, "/images/map.gif", false)
        .child(main_board_picker(game, plan))
        .children(map_helpers(plan));
    main_map.children.extend(main_setup);
    main_map.children.extend(parts.raw_at(RawPlace::MainMap));
    let cards_map = cards_map(game, plan, &mut gpids);
    let mut track_map = map_element(plan, &plan.track_map, "/images/counter.gif", true)
        .child(board_picker(boxes_board(
            plan::TRACK_BOARD,
            plan::TRACK_IMAGE,
            &plan.track,
        )))
        .children(map_helpers(plan));
    track_map.children.extend(track_setup);
    let palette = palette(game, plan, &mut gpids);
    let rules = &game.rules;
    let next_id = gpids.next_free();
    El::new("VASSAL.build.GameModule")
        .attr("ModuleOther1", "")
        .attr("ModuleOther2", "")
        .attr("VassalVersion", crate::emit::VASSAL_VERSION)
        .attr("description", plan.tx.get("game.description"))
        // The module's name is a save's too: the same in every language (docs/identity.md).
        .attr("name", plan.ids.get("game.title"))
        .attr("nextPieceSlotId", next_id)
        .attr("version", rules.game.version.as_str())
        .children(parts.stock(StockComponent::BasicCommandEncoder))
        .child(
            El::new("VASSAL.build.module.Documentation")
                .children(parts.help.iter().map(|page| page.entry.clone()))
                .children(parts.raw_at(RawPlace::Documentation)),
        )
        .child(roster(game, plan))
        .child(global_options())
        .child(main_map)
        .child(track_map)
        .children(cards_map)
        .child(palette)
        .child(prototypes(parts, plan))
        .children(parts.toolbar_at(ToolbarPlace::Dice).cloned())
        .child(super::tracker::TrackerLayout::of(game).element(game, plan, parts))
        .child(charts(plan))
        .child(predefined_setups(game, plan))
        .children(parts.toolbar_at(ToolbarPlace::Automation).cloned())
        .child(global_properties(parts))
        .children(parts.stock(StockComponent::GlobalTranslatableMessages))
        .children(parts.stock(StockComponent::Chatter))
        .children(parts.stock(StockComponent::KeyNamer))
        .child(language(game, plan))
        .children(parts.raw_at(RawPlace::Module))
}

/// The module's global properties, each concept's in turn, with the buttons that change them.
fn global_properties(parts: &ModuleParts) -> El {
    El::new("VASSAL.build.module.properties.GlobalProperties")
        .children(parts.globals.iter().cloned().map(|g| {
            let (numeric, min, max, wrap) = match &g.numeric {
                Some(r) => ("true", r.min.to_string(), r.max.to_string(), r.wrap),
                None => ("false", String::new(), String::new(), false),
            };
            El::new("VASSAL.build.module.properties.GlobalProperty")
                .attr("description", g.description)
                .attr("initialValue", g.initial)
                .attr("isNumeric", numeric)
                .attr("max", max)
                .attr("min", min)
                .attr("name", g.name)
                .attr("wrap", if wrap { "true" } else { "false" })
                .children(g.changers.into_iter().map(|c| {
                    El::new("VASSAL.build.module.properties.ChangePropertyButton")
                        .attr("canDisable", "false")
                        .attr("desc", "")
                        .attr("disabledIcon", "")
                        .attr("hideWhenDisabled", "false")
                        .attr("hotkey", "")
                        .attr("icon", "")
                        .attr(
                            "propChanger",
                            match &c.set_to {
                                Some(v) => format!("P,{v}"),
                                None => format!("I,{}", c.increment),
                            },
                        )
                        .attr("propertyGate", "")
                        .attr("reportFormat", c.report)
                        .attr("text", c.text)
                        .attr("tooltip", c.tooltip)
                }))
        }))
        .children(parts.raw_at(RawPlace::GlobalProperties))
}

/// The at-start stacks of the first scenario (the standard game): on the main map, and on the turn
/// track.
fn at_start_stacks(game: &Game, plan: &Plan, gpids: &mut Gpids) -> (Vec<El>, Vec<El>) {
    // At-start stacks of the first scenario (the standard game).
    let mut main_setup = Vec::new();
    let mut track_setup = Vec::new();
    let mut placements = Vec::new();
    if let Some(standard) = game.scenarios.first() {
        for concept in CONCEPTS {
            concept.placements(game, plan, CONCEPTS, standard, gpids, &mut placements);
        }
    }
    let mut extra = AtStartParts::default();
    for concept in CONCEPTS {
        concept.at_start(game, plan, gpids, &mut extra);
    }
    // Units set up in a cup go into the cup's draw pile instead of a stack; every other piece joins
    // the one stack of its spot, in the order the concepts placed them (units, then the markers
    // over them): VASSAL never merges two at-start stacks, so two stacks on one spot would hide
    // each other's pieces exactly.
    let cups = &extra.draw_piles;
    let mut in_cup: Vec<(String, (i32, i32), Vec<El>)> = Vec::new();
    let mut spots = AtStartSpots::default();
    for placed in placements {
        if placed.map == plan.track_map && cups.contains(&placed.location) {
            let slot = El::new("VASSAL.build.widget.CardSlot")
                .attr("entryName", &placed.name)
                .attr("gpid", &placed.gpid)
                .attr("height", placed.size)
                .attr("width", placed.size)
                .text(placed.piece.add_command("null"));
            match in_cup.iter_mut().find(|c| c.0 == placed.location) {
                Some(cup) => cup.2.push(slot),
                None => in_cup.push((placed.location.clone(), placed.point, vec![slot])),
            }
            continue;
        }
        let slot = piece_slot(&placed.name, &placed.gpid, placed.size, &placed.piece);
        let spot = Spot {
            map: placed.map,
            board: placed.board,
            location: placed.location,
            point: placed.point,
        };
        spots.add(spot, &placed.name, slot);
    }
    // Stacks of the concepts' own (the morale chits, masked, in their cup's box).
    for stack in &extra.track_stacks {
        for (name, gpid, piece) in &stack.pieces {
            let spot = Spot {
                map: plan.track_map.clone(),
                board: plan::TRACK_BOARD.to_string(),
                location: stack.region.clone(),
                point: stack.point,
            };
            spots.add(spot, name, piece_slot(name, gpid, stack.size, piece));
        }
    }
    for (spot, name, slots) in spots.stacks {
        let el = setup_stack(&name, &spot.board, &spot.location, spot.point).children(slots);
        if spot.map == plan.main_map {
            main_setup.push(el);
        } else {
            track_setup.push(el);
        }
    }
    let size = game.counters.counters.size;
    for (region, point, slots) in in_cup {
        // The pile is named after its box in the module's ids: saves and Return to Deck name it.
        let name = plan.track_region_id(&region);
        track_setup.push(draw_pile(&name, point, size, slots));
    }
    (main_setup, track_setup)
}

/// The counter palette: each concept's lists (a list per side, then the markers).
fn palette(game: &Game, plan: &Plan, gpids: &mut Gpids) -> El {
    let mut lists: Vec<PaletteList> = Vec::new();
    for concept in CONCEPTS {
        concept.palette(game, plan, CONCEPTS, gpids, &mut lists);
    }
    let lists: Vec<El> = lists
        .into_iter()
        .map(|list| {
            let slots = list
                .pieces
                .iter()
                .map(|(name, gpid, size, piece)| piece_slot(name, gpid, *size, piece))
                .collect();
            palette_list(&list.name, slots)
        })
        .collect();
    El::new("VASSAL.build.module.PieceWindow")
        .attr("defaultWidth", "0")
        .attr("hidden", "false")
        .attr("hotkey", "67,520")
        .attr("icon", "/images/counter.gif")
        .attr("name", plan.tx.get("ui.counters"))
        .attr("scale", "1.0")
        .attr("text", plan.tx.get("ui.counters"))
        .attr("tooltip", plan.tx.get("ui.counters_tooltip"))
        .child(
            El::new("VASSAL.build.widget.TabWidget")
                .attr("entryName", plan.tx.get("ui.counters"))
                .children(lists),
        )
}

/// One list of the counter palette (a tab): its name and its piece slots.
fn palette_list(name: &str, slots: Vec<El>) -> El {
    El::new("VASSAL.build.widget.ListWidget")
        .attr("divider", "150")
        .attr("entryName", name)
        .attr("height", "400")
        .attr("scale", "1.0")
        .attr("width", "320")
        .children(slots)
}

fn prototypes(parts: &ModuleParts, plan: &Plan) -> El {
    let book = piece_book(parts, plan);
    El::new("VASSAL.build.module.PrototypesContainer")
        .children(
            book.prototypes
                .iter()
                .map(|(name, piece)| prototype_definition(name, piece)),
        )
        .children(parts.raw_at(RawPlace::Prototypes))
}

/// The chart window.
fn charts(plan: &Plan) -> El {
    El::new("VASSAL.build.module.ChartWindow")
        .attr("description", "")
        .attr("hotkey", "")
        .attr("icon", "")
        .attr("name", plan.tx.get("ui.charts"))
        .attr("text", plan.tx.get("ui.charts"))
        .attr("tooltip", plan.tx.get("ui.charts_tooltip"))
        .children(plan.charts.iter().map(|c| {
            El::new("VASSAL.build.widget.Chart")
                .attr("chartName", &c.title)
                .attr("description", "")
                .attr("fileName", &c.image)
        }))
}

/// The scenarios menu: the first scenario is the module's own setup, the others saved games.
fn predefined_setups(game: &Game, plan: &Plan) -> El {
    El::new("VASSAL.build.module.PredefinedSetup")
        .attr("description", "")
        .attr("file", "")
        .attr("isMenu", "true")
        .attr("name", plan.tx.get("ui.scenarios"))
        .attr("useFile", "false")
        .children(game.scenarios.iter().enumerate().map(|(i, s)| {
            let el = El::new("VASSAL.build.module.PredefinedSetup")
                .attr(
                    "description",
                    plan.tx
                        .get(&format!("scenario_descriptions.{}", s.scenario.id.as_str())),
                )
                .attr("isMenu", "false")
                .attr(
                    "name",
                    plan.tx
                        .get(&format!("scenarios.{}", s.scenario.id.as_str())),
                );
            if i == 0 {
                el.attr("file", "").attr("useFile", "false")
            } else {
                el.attr("file", scenario_file(&s.scenario.id))
                    .attr("useFile", "true")
            }
        }))
}

/// The player roster: one entry per side.
fn roster(game: &Game, plan: &Plan) -> El {
    El::new("VASSAL.build.module.PlayerRoster")
        .attr("buttonIcon", "")
        .attr("buttonKeyStroke", "")
        .attr("buttonText", plan.tx.get("ui.retire"))
        .attr("buttonToolTip", plan.tx.get("ui.switch_sides"))
        .children(
            game.rules
                .sides
                .iter()
                .map(|s| El::new("entry").text(plan.side_id(s.id.as_str()))),
        )
}

fn global_options() -> El {
    El::new("VASSAL.build.module.GlobalOptions")
        .attr("autoReport", "Always")
        .attr("chatterHTMLSupport", "Never")
        .attr("hotKeysOnClosedWindows", "Never")
        .attr("inventoryForAll", "Always")
        .attr("nonOwnerUnmaskable", "Never")
        .attr("playerIdFormat", "$PlayerName$")
        .attr("promptString", "Opponents can unmask pieces")
        .attr("sendToLocationMoveTrails", "Never")
        .attr("storeLeadingZeroIntegersAsStrings", "true")
}

/// Archive entry of a scenario's saved setup.
pub fn scenario_file(id: &str) -> String {
    format!("scenarios/{}.vsav", crate::slug::slug(id))
}

/// The Language component with a Translation per other language the game has a catalog for.
fn language(game: &Game, plan: &Plan) -> El {
    let _ = game;
    El::new("VASSAL.i18n.Language").children(
        plan.translations
            .iter()
            .map(|code| El::new("VASSAL.i18n.Translation").attr("locale", format!("{code},"))),
    )
}

/// A board drawn from a box layout, with one region per box.
fn boxes_board(name: &str, image: &str, layout: &plan::TrackLayout) -> El {
    let regions = layout.boxes.iter().map(|b| {
        let (x, y) = b.centre();
        El::new("VASSAL.build.module.map.boardPicker.board.Region")
            .attr("name", &b.region)
            .attr("originx", x)
            .attr("originy", y)
    });
    El::new("VASSAL.build.module.map.boardPicker.Board")
        .attr("image", image)
        .attr("name", name)
        .attr("reversible", "false")
        .child(
            El::new("VASSAL.build.module.map.boardPicker.board.RegionGrid")
                .attr("fontsize", "9")
                .attr("snapto", "true")
                .attr("visible", "false")
                .children(regions),
        )
}

/// The card window: per deck, a face-up draw pile holding the side's cards (players draw the
/// cards they choose) and an in-play box to play them to.
fn cards_map(game: &Game, plan: &Plan, gpids: &mut Gpids) -> Option<El> {
    let layout = plan.cards.as_ref()?;
    let mut map = map_element(plan, &plan.cards_map, "/images/counter.gif", false)
        .child(board_picker(boxes_board(
            plan::CARDS_BOARD,
            plan::CARDS_IMAGE,
            layout,
        )))
        .children(map_helpers(plan));
    for concept in CONCEPTS {
        concept.card_piles(game, plan, layout, gpids, &mut map.children);
    }
    Some(map)
}
