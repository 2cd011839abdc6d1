//! buildFile.xml: the module's component tree.
//!
//! Element and attribute names are VASSAL 3.7.26 class names and `getAttributeNames()` keys
//! (vassal-format.md §2). Every Map helper is written explicitly: VASSAL does not add them when it
//! loads a buildFile (§2.2).

use super::plan::{self, Plan};
use super::xml::El;
use crate::model::{Game, HexId};
use crate::vassal::expression::Expr;
use crate::vassal::sequence_encoder::SequenceEncoder;
use crate::vassal::traits::{self as pieces, Key, Piece, CTRL, MODULE_TARGET};
use rayon::prelude::*;
use std::collections::BTreeMap;

pub const FLIP_KEY: Key<'static> = Key::Stroke(70, CTRL); // Ctrl+F
pub const ELIMINATE_KEY: Key<'static> = Key::Stroke(69, CTRL); // Ctrl+E

/// A piece placed when a scenario starts.
pub struct Placed {
    pub map: String,
    pub board: String,
    /// Where the board starts in map coordinates (saved games place pieces in map coordinates).
    pub origin: (i32, i32),
    /// Grid location or region name.
    pub location: String,
    /// Board coordinates (also the fallback when the location does not resolve).
    pub point: (i32, i32),
    pub name: String,
    pub gpid: String,
    pub size: u32,
    pub piece: Piece,
}

/// Every piece a scenario starts with: units on their hexes, units in off-map boxes and on the turn
/// track, city control markers, the weather marker.
pub fn placements(
    game: &Game,
    plan: &Plan,
    scenario: &crate::model::Loaded<crate::model::ScenarioFile>,
    gpids: &mut Gpids,
) -> Vec<Placed> {
    let eff = game.effective(scenario);
    let size = game.counters.counters.size;
    let key = |what: &str| format!("setup:{}:{what}", scenario.scenario.id.as_str());
    let mut out = Vec::new();
    // Ids are handed out in order; the pieces themselves are built in parallel (thousands of units).
    let setup: Vec<(&crate::model::Placement, HexId, String)> = eff
        .setup
        .1
        .iter()
        .filter_map(|p| {
            let hex = game.map.grid.parse(&p.hex)?;
            Some((p, hex, gpids.get(&key(&p.unit))))
        })
        .collect();
    let placed: Vec<Placed> = setup
        .into_par_iter()
        .filter_map(|(p, hex, gpid)| {
            let piece = unit_piece(game, plan, &p.unit, &p.face, &gpid)?;
            let board = plan.board_of(hex);
            Some(Placed {
                map: plan.main_map.clone(),
                board: board.name.clone(),
                origin: plan.board_origin(board),
                location: game.map.grid.label(hex),
                point: snapped_centre(plan, hex),
                name: unit_name(plan, &p.unit),
                gpid,
                size,
                piece,
            })
        })
        .collect();
    out.extend(placed);
    let boxed = eff
        .off_map
        .1
        .iter()
        .map(|o| {
            (
                o.unit.as_str(),
                o.face.as_str(),
                plan.box_region(&o.box_name),
            )
        })
        .chain(eff.reinforcements.1.iter().map(|r| {
            (
                r.unit.as_str(),
                r.face.as_str(),
                plan.turn_region(r.turn.value),
            )
        }));
    for (unit, face, region) in boxed {
        let Some(b) = plan.track.boxes.iter().find(|b| b.region == region) else {
            continue;
        };
        let gpid = gpids.get(&key(unit));
        if let Some(piece) = unit_piece(game, plan, unit, face, &gpid) {
            let (x, y) = b.centre();
            out.push(Placed {
                map: plan.track_map.clone(),
                board: plan::TRACK_BOARD.into(),
                origin: (0, 0),
                location: region,
                point: (x as i32, y as i32),
                name: unit_name(plan, unit),
                gpid,
                size,
                piece,
            });
        }
    }
    for city in &game.map.cities {
        let Some(hex) = game.map.grid.parse(&city.hex) else {
            continue;
        };
        let gpid = gpids.get(&key(&format!("control:{}", city.hex.as_str())));
        let level = game
            .rules
            .sides
            .iter()
            .position(|s| s.id.as_str() == city.control.as_str())
            .unwrap_or(0)
            + 1;
        let board = plan.board_of(hex);
        out.push(Placed {
            map: plan.main_map.clone(),
            board: board.name.clone(),
            origin: plan.board_origin(board),
            location: game.map.grid.label(hex),
            point: snapped_centre(plan, hex),
            name: control_name(plan, city),
            gpid: gpid.clone(),
            size: plan::MARKER_SIZE,
            piece: control_marker(game, plan, city, level, &gpid),
        });
    }
    if !game.rules.weather.is_empty() {
        let gpid = gpids.get(&key("weather"));
        let point = plan.weather_point;
        // On the first sheet's board (the top-left one in single-sheet maps).
        let board = &plan.sheets[0];
        out.push(Placed {
            map: plan.main_map.clone(),
            board: board.name.clone(),
            origin: plan.board_origin(board),
            location: String::new(),
            point,
            name: plan.tx.get("ui.weather"),
            gpid: gpid.clone(),
            size: plan::MARKER_SIZE,
            piece: weather_marker(game, plan, &gpid),
        });
    }
    out
}

/// Name of a city's control marker.
pub fn control_name(plan: &Plan, city: &crate::model::City) -> String {
    let name = plan.tx.get(&format!("cities.{}", city.hex.as_str()));
    plan.tx.fill("ui.control_marker", &[("city", &name)])
}

/// A city control marker: one layer level per side, flipped with Ctrl+F; it also reports victory.
pub fn control_marker(
    game: &Game,
    plan: &Plan,
    city: &crate::model::City,
    level: usize,
    gpid: &str,
) -> Piece {
    let sides = &game.rules.sides;
    let mut traits = Vec::new();
    if let Some((_, v)) = game
        .scenarios
        .first()
        .and_then(|s| game.effective(s).victory)
    {
        traits.push(pieces::report_with(
            &[Key::Named(super::automation::keys::CHECK_VICTORY)],
            &super::automation::victory_report(game, plan, v).to_beanshell(),
            "Victory check",
            true,
        ));
    }
    traits.push(pieces::report(
        &[FLIP_KEY],
        &plan.tx.fill(
            "ui.report_control",
            &[("old", "$oldPieceName$"), ("new", "$newPieceName$")],
        ),
        "Report control change",
    ));
    traits.push(pieces::layer(&pieces::Layer {
        name: "Control",
        description: "Controlling side",
        step_command: &plan.tx.get("ui.change_control"),
        step_key: FLIP_KEY,
        images: sides
            .iter()
            .map(|s| {
                plan.control_images
                    .get(s.id.as_str())
                    .cloned()
                    .unwrap_or_default()
            })
            .collect(),
        level_names: sides
            .iter()
            .map(|s| format!("+ ({})", plan.tx.get(&format!("sides.{}", s.id.as_str()))))
            .collect(),
        level,
        follow: None,
    }));
    traits.push(pieces::marker(&[(
        super::automation::props::CONTROL_HEX,
        city.hex.as_str(),
    )]));
    traits.push(pieces::does_not_stack(true));
    traits.push(pieces::basic_piece(&control_name(plan, city), "", gpid));
    Piece { traits }
}

/// The weather marker: shows the current turn's weather (its layer follows the turn).
pub fn weather_marker(game: &Game, plan: &Plan, gpid: &str) -> Piece {
    let weather = &game.rules.weather;
    let mut level = crate::vassal::expression::int(1);
    for (i, w) in weather.iter().enumerate().rev() {
        level = crate::vassal::expression::cond(
            crate::vassal::expression::eq(
                super::automation::weather_expr(game),
                crate::vassal::expression::s(&w.id),
            ),
            crate::vassal::expression::int(i as i64 + 1),
            level,
        );
    }
    Piece {
        traits: vec![
            pieces::layer(&pieces::Layer {
                name: "Weather",
                description: "Weather of the current turn",
                step_command: "",
                step_key: Key::None,
                images: weather
                    .iter()
                    .map(|w| {
                        plan.weather_images
                            .get(w.id.as_str())
                            .cloned()
                            .unwrap_or_default()
                    })
                    .collect(),
                level_names: weather
                    .iter()
                    .map(|w| format!("+ ({})", plan.tx.get(&format!("weather.{}", w.id.as_str()))))
                    .collect(),
                level: 1,
                follow: Some("WeatherLevel"),
            }),
            pieces::calculated(
                "WeatherLevel",
                &level.to_beanshell(),
                "Layer level of the current weather",
            ),
            pieces::does_not_stack(false),
            pieces::basic_piece(&plan.tx.get("ui.weather"), "", gpid),
        ],
    }
}

/// Stable piece-slot ids: a hash of what the slot holds, so adding a unit does not renumber the
/// others (saved games and "Refresh Counters" match pieces by gpid).
#[derive(Debug, Default)]
pub struct Gpids {
    used: BTreeMap<u32, String>,
}

impl Gpids {
    pub fn get(&mut self, key: &str) -> String {
        let mut h: u32 = 0x811c_9dc5;
        for b in key.bytes() {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
        let mut id = 1000 + h % 900_000;
        while let Some(existing) = self.used.get(&id) {
            if existing == key {
                return id.to_string();
            }
            id += 1;
        }
        self.used.insert(id, key.to_string());
        id.to_string()
    }

    pub fn next_free(&self) -> u32 {
        self.used.keys().next_back().map_or(1000, |m| m + 1)
    }
}

/// Everything the pieces of a game share: prototypes and per-unit piece definitions.
pub struct PieceBook {
    pub prototypes: Vec<(String, Piece)>,
}

pub const UNIT_PROTOTYPE: &str = "Unit";

/// Prototype name for a side: its id, the same in every language (players never see it).
pub fn side_prototype(side: &str) -> String {
    format!("Side {side}")
}

pub fn piece_book(game: &Game, plan: &Plan) -> PieceBook {
    let mut prototypes = Vec::new();
    // Common to every unit: report flips, send to the eliminated box.
    prototypes.push((
        UNIT_PROTOTYPE.to_string(),
        Piece {
            traits: vec![
                pieces::report(
                    &[FLIP_KEY],
                    &plan.tx.fill(
                        "ui.report_flip",
                        &[
                            ("old", "$oldPieceName$"),
                            ("new", "$newPieceName$"),
                            ("location", "$location$"),
                        ],
                    ),
                    "Report step change",
                ),
                pieces::report(
                    &[ELIMINATE_KEY],
                    &plan
                        .tx
                        .fill("ui.report_eliminated", &[("old", "$oldPieceName$")]),
                    "Report elimination",
                ),
            ]
            .into_iter()
            .chain(super::automation::unit_traits(game, plan))
            .chain(std::iter::once(pieces::basic_piece("", "", "")))
            .collect(),
        },
    ));
    for side in &game.rules.sides {
        let region = plan
            .eliminated_box
            .get(side.id.as_str())
            .cloned()
            .unwrap_or_default();
        prototypes.push((
            side_prototype(&side.id),
            Piece {
                traits: vec![
                    pieces::send_to_region(
                        &plan.tx.get("ui.eliminate"),
                        ELIMINATE_KEY,
                        &plan.track_map,
                        plan::TRACK_BOARD,
                        &region,
                    ),
                    pieces::marker(&[("Side", side.id.as_str())]),
                    pieces::basic_piece("", "", ""),
                ],
            },
        ));
    }
    PieceBook { prototypes }
}

/// The piece of one unit showing `face`.
pub fn unit_piece(
    game: &Game,
    plan: &Plan,
    unit_id: &str,
    face: &str,
    gpid: &str,
) -> Option<Piece> {
    let unit = plan.unit(game, unit_id)?;
    // Only the faces this unit's type has (a unit without a worn face has one level).
    let faces = game.counters.faces_of(unit);
    let level = faces.iter().position(|f| *f == face)? + 1;
    let images = faces
        .iter()
        .map(|f| {
            plan.unit_images
                .get(&(unit.id.value.clone(), f.to_string()))
                .cloned()
                .unwrap_or_default()
        })
        .collect();
    let level_names = faces
        .iter()
        .enumerate()
        .map(|(i, f)| {
            if i == 0 {
                String::new()
            } else {
                format!("+ ({})", plan.tx.get(&format!("faces.{f}")))
            }
        })
        .collect();
    // Stacking and terrain group of the unit's type (its type id when the data gives none).
    let branch = game
        .counters
        .unit_type(&unit.unit_type)
        .and_then(|t| t.branch.as_ref().map(|b| b.value.clone()))
        .unwrap_or_else(|| unit.unit_type.value.clone());
    let values = unit
        .faces
        .get(*faces.first()?)
        .map(|v| v.value.clone())
        .unwrap_or_default();
    Some(Piece {
        traits: vec![
            pieces::prototype(UNIT_PROTOTYPE),
            pieces::prototype(&side_prototype(&unit.side)),
            pieces::layer(&pieces::Layer {
                name: "Step",
                description: "Counter faces",
                step_command: &plan.tx.get("ui.flip"),
                step_key: FLIP_KEY,
                images,
                level_names,
                level,
                follow: None,
            }),
        ]
        .into_iter()
        .chain(super::automation::unit_value_traits(game, unit))
        .chain([
            pieces::marker(&[
                ("Type", unit.unit_type.as_str()),
                ("Branch", &branch),
                ("UnitId", unit.id.as_str()),
                ("Values", &values),
            ]),
            pieces::basic_piece(&unit_name(plan, &unit.id), "", gpid),
        ])
        .collect(),
    })
}

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
            .attr("unexSepX", "3")
            .attr("unexSepY", "6")
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
    let moves = plan.tx.fill(
        "ui.report_move",
        &[
            ("piece", "$pieceName$"),
            ("from", "$previousLocation$"),
            ("to", "$location$"),
        ],
    );
    El::new("VASSAL.build.module.Map")
        .attr("allowMultiple", "false")
        .attr("backgroundcolor", "255,255,255")
        .attr("buttonName", name)
        .attr("changeFormat", "$message$")
        .attr("color", "255,0,0")
        .attr(
            "createFormat",
            plan.tx.fill(
                "ui.report_create",
                &[("piece", "$pieceName$"), ("location", "$location$")],
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
    let numbering = El::new("VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering")
        .attr("color", "0,0,0")
        .attr("first", "H")
        .attr("fontSize", "9")
        .attr("hDescend", "false")
        .attr("hDrawOff", "0")
        .attr("hLeading", g.column_digits.saturating_sub(1))
        .attr("hOff", l.first_raw_col)
        .attr("hType", "N")
        .attr("locationFormat", location_format)
        .attr("rotateText", "0")
        .attr("sep", &g.separator)
        .attr("stagger", "false")
        .attr("vDescend", "false")
        .attr("vDrawOff", "0")
        .attr("vLeading", g.row_digits.saturating_sub(1))
        .attr("vOff", l.first_raw_row)
        .attr("vType", "N")
        .attr("visible", "false");
    let grid = El::new("VASSAL.build.module.map.boardPicker.board.HexGrid")
        .attr("color", "0,0,0")
        .attr("cornersLegal", "false")
        .attr("dotsVisible", "false")
        .attr("dx", format_double(l.dx))
        .attr("dy", format_double(l.dy))
        .attr("edgesLegal", "false")
        .attr("sideways", "false")
        .attr("snapTo", "true")
        .attr("visible", "false")
        .attr("x0", l.x0)
        .attr("y0", l.y0)
        .child(numbering);
    let board = &plan.sheets[usize::from(sheet)];
    El::new("VASSAL.build.module.map.boardPicker.Board")
        .attr("image", &board.image)
        .attr("name", &board.name)
        .attr("reversible", "false")
        .child(grid)
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

fn setup_stack(name: &str, board: &str, location: &str, point: (i32, i32), slot: El) -> El {
    El::new("VASSAL.build.module.map.SetupStack")
        .attr("location", location)
        .attr("name", name)
        .attr("owningBoard", board)
        .attr("useGridLocation", !location.is_empty())
        .attr("x", point.0)
        .attr("y", point.1)
        .child(slot)
}

/// The whole buildFile.
pub fn build_file(game: &Game, plan: &Plan) -> String {
    build_tree(game, plan).to_document()
}

/// The buildFile as an element tree.
pub fn build_tree(game: &Game, plan: &Plan) -> El {
    let mut gpids = Gpids::default();
    let size = game.counters.counters.size;
    let rules = &game.rules;
    let book = piece_book(game, plan);
    let first_face = game
        .counters
        .counters
        .faces
        .first()
        .map(|f| f.value.clone())
        .unwrap_or_default();

    // At-start stacks of the first scenario (the standard game).
    let mut main_setup = Vec::new();
    let mut track_setup = Vec::new();
    if let Some(standard) = game.scenarios.first() {
        for placed in placements(game, plan, standard, &mut gpids) {
            let el = setup_stack(
                &placed.name,
                &placed.board,
                &placed.location,
                placed.point,
                piece_slot(&placed.name, &placed.gpid, placed.size, &placed.piece),
            );
            if placed.map == plan.main_map {
                main_setup.push(el);
            } else {
                track_setup.push(el);
            }
        }
    }

    let mut main_map = map_element(plan, &plan.main_map, "/images/map.gif", false)
        .child(main_board_picker(game, plan))
        .children(map_helpers(plan));
    main_map.children.extend(main_setup);
    let cards_map = cards_map(game, plan, &mut gpids);
    let mut track_map = map_element(plan, &plan.track_map, "/images/counter.gif", true)
        .child(board_picker(boxes_board(
            plan::TRACK_BOARD,
            plan::TRACK_IMAGE,
            &plan.track,
        )))
        .children(map_helpers(plan));
    track_map.children.extend(track_setup);

    // Palette: one list per side, every unit at its first face.
    let lists = rules.sides.iter().map(|side| {
        let ids: Vec<(&crate::model::Unit, String)> = game
            .counters
            .units
            .iter()
            .filter(|u| u.side.as_str() == side.id.as_str())
            .map(|u| (u, gpids.get(&format!("palette:{}", u.id.as_str()))))
            .collect();
        let slots: Vec<El> = ids
            .into_par_iter()
            .filter_map(|(u, gpid)| {
                let face = game
                    .counters
                    .faces_of(u)
                    .first()
                    .copied()
                    .unwrap_or(&first_face);
                unit_piece(game, plan, &u.id, face, &gpid)
                    .map(|p| piece_slot(&unit_name(plan, &u.id), &gpid, size, &p))
            })
            .collect();
        El::new("VASSAL.build.widget.ListWidget")
            .attr("divider", "150")
            .attr(
                "entryName",
                plan.tx.get(&format!("sides.{}", side.id.as_str())),
            )
            .attr("height", "400")
            .attr("scale", "1.0")
            .attr("width", "320")
            .children(slots)
    });
    let palette = El::new("VASSAL.build.module.PieceWindow")
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
        );

    let prototypes = El::new("VASSAL.build.module.PrototypesContainer").children(
        book.prototypes
            .iter()
            .map(|(name, piece)| prototype_definition(name, piece)),
    );

    let dice = &rules.dice;
    let dice_name = format!("{}d{}", dice.count, dice.faces);
    let dice_button = El::new("VASSAL.build.module.DiceButton")
        .attr("addToTotal", "0")
        .attr("hotkey", "")
        .attr("icon", "")
        .attr("keepCount", "1")
        .attr("keepDice", "false")
        .attr("keepOption", ">")
        .attr("lockAdd", "false")
        .attr("lockDice", "false")
        .attr("lockPlus", "false")
        .attr("lockSides", "false")
        .attr("nDice", dice.count)
        .attr("nSides", dice.faces)
        .attr("name", &dice_name)
        .attr("plus", "0")
        .attr("prompt", "false")
        .attr("reportFormat", "** $name$ = $result$ *** $playerName$")
        .attr("reportTotal", "false")
        .attr("sortDice", "false")
        .attr("text", &dice_name)
        .attr(
            "tooltip",
            plan.tx.fill("ui.dice_tooltip", &[("dice", &dice_name)]),
        );

    let phases: Vec<String> = rules
        .phases
        .iter()
        .map(|p| plan.tx.get(&format!("phases.{}", p.id.as_str())))
        .collect();
    let phase_list = {
        let mut se = crate::vassal::sequence_encoder::SequenceEncoder::new(',');
        for p in &phases {
            se.append(p);
        }
        se.value()
    };
    let turn_tracker = El::new("VASSAL.build.module.turn.TurnTracker")
        .attr("buttonText", plan.tx.get("ui.turn"))
        .attr("hotkey", "")
        .attr("icon", "")
        .attr("length", "-1")
        .attr("lengthStyle", "Maximum")
        .attr("name", "Game Turn")
        .attr("nexthotkey", "")
        .attr("prevhotkey", "")
        .attr(
            "reportFormat",
            super::automation::phase_report(game, plan).to_beanshell(),
        )
        .attr("tooltip", plan.tx.get("ui.turn_tooltip"))
        .attr(
            "turnFormat",
            plan.tx.fill(
                "ui.turn_format",
                &[("turn", "$level1$"), ("phase", "$level2$")],
            ),
        )
        .child(
            El::new("VASSAL.build.module.turn.CounterTurnLevel")
                .attr("incr", "1")
                .attr("loop", "false")
                .attr("loopLimit", "-1")
                .attr("name", plan.tx.get("ui.turn"))
                .attr("property", "Turn")
                .attr("start", "1")
                .attr("turnFormat", "$value$")
                .child(
                    El::new("VASSAL.build.module.turn.ListTurnLevel")
                        .attr("configFirst", "false")
                        .attr("configList", "false")
                        .attr("list", phase_list)
                        .attr("name", plan.tx.get("ui.phase"))
                        .attr("prompt", "")
                        .attr("property", "Phase")
                        .attr("turnFormat", "$value$"),
                ),
        );

    let charts = El::new("VASSAL.build.module.ChartWindow")
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
        }));

    let setups = El::new("VASSAL.build.module.PredefinedSetup")
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
        }));

    let roster = El::new("VASSAL.build.module.PlayerRoster")
        .attr("buttonIcon", "")
        .attr("buttonKeyStroke", "")
        .attr("buttonText", plan.tx.get("ui.retire"))
        .attr("buttonToolTip", plan.tx.get("ui.switch_sides"))
        .children(
            rules
                .sides
                .iter()
                .map(|s| El::new("entry").text(plan.tx.get(&format!("sides.{}", s.id.as_str())))),
        );

    let options = El::new("VASSAL.build.module.GlobalOptions")
        .attr("autoReport", "Always")
        .attr("chatterHTMLSupport", "Never")
        .attr("hotKeysOnClosedWindows", "Never")
        .attr("inventoryForAll", "Always")
        .attr("nonOwnerUnmaskable", "Never")
        .attr("playerIdFormat", "$PlayerName$")
        .attr("promptString", "Opponents can unmask pieces")
        .attr("sendToLocationMoveTrails", "Never")
        .attr("storeLeadingZeroIntegersAsStrings", "true");

    let next_id = gpids.next_free();
    let root = El::new("VASSAL.build.GameModule")
        .attr("ModuleOther1", "")
        .attr("ModuleOther2", "")
        .attr("VassalVersion", crate::emit::VASSAL_VERSION)
        .attr("description", plan.tx.get("game.description"))
        .attr("name", plan.tx.get("game.title"))
        .attr("nextPieceSlotId", next_id)
        .attr("version", rules.game.version.as_str())
        .child(El::new("VASSAL.build.module.BasicCommandEncoder"))
        .child(El::new("VASSAL.build.module.Documentation"))
        .child(roster)
        .child(options)
        .child(main_map)
        .child(track_map)
        .children(cards_map)
        .child(palette)
        .child(prototypes)
        .child(dice_button)
        .child(turn_tracker)
        .child(charts)
        .child(setups)
        .children(combat_buttons(game, plan))
        .child(
            El::new("VASSAL.build.module.properties.GlobalProperties").children(
                super::automation::globals(game).into_iter().map(|g| {
                    El::new("VASSAL.build.module.properties.GlobalProperty")
                        .attr("description", g.description)
                        .attr("initialValue", g.initial)
                        .attr("isNumeric", "false")
                        .attr("max", "")
                        .attr("min", "")
                        .attr("name", g.name)
                        .attr("wrap", "false")
                }),
            ),
        )
        .child(El::new(
            "VASSAL.build.module.properties.GlobalTranslatableMessages",
        ))
        .child(El::new("VASSAL.build.module.Chatter"))
        .child(El::new("VASSAL.build.module.KeyNamer"))
        .child(language(game, plan));
    root
}

/// Archive entry of a scenario's saved setup.
pub fn scenario_file(id: &str) -> String {
    format!("scenarios/{}.vsav", crate::slug::slug(id))
}

fn unit_name(plan: &Plan, id: &str) -> String {
    plan.tx.get(&format!("units.{id}"))
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

/// Centre of a hex in board pixels, as VASSAL snaps it (truncated).
pub fn snapped_centre(plan: &Plan, hex: HexId) -> (i32, i32) {
    let (x, y) = plan.layout.centre(hex);
    (x as i32, y as i32)
}

/// A module-level global key command shown as a toolbar button.
fn module_command(name: &str, tooltip: &str, key: &str, filter: &Expr) -> El {
    El::new("VASSAL.build.module.GlobalKeyCommand")
        .attr("buttonHotkey", "")
        .attr("buttonText", name)
        .attr("deckCount", "-1")
        .attr("filter", filter.to_beanshell())
        .attr("hotkey", Key::Named(key).encode())
        .attr("icon", "")
        .attr("name", name)
        .attr("reportFormat", "")
        .attr("reportSingle", "true")
        .attr("singleMap", "false")
        .attr("target", MODULE_TARGET)
        .attr("tooltip", tooltip)
}

/// Toolbar buttons of the rule automation: resolve the declared battle, clear the marks, check victory.
fn combat_buttons(game: &Game, plan: &Plan) -> Vec<El> {
    use super::automation::{keys, props};
    use crate::vassal::expression::{bin, eq, prop, s, Op};
    let mut out = vec![
        module_command(
            &plan.tx.get("ui.resolve"),
            &plan.tx.get("ui.resolve_tooltip"),
            keys::RESOLVE,
            &eq(prop(props::COMBAT_ROLE), s("defender")),
        ),
        module_command(
            &plan.tx.get("ui.clear_combat"),
            &plan.tx.get("ui.clear_combat_tooltip"),
            keys::CLEAR_COMBAT,
            &bin(Op::Ne, prop(props::COMBAT_ROLE), s("")),
        ),
    ];
    let first_hex = game
        .scenarios
        .first()
        .and_then(|sc| game.effective(sc).victory)
        .and_then(|(_, v)| {
            v.conditions
                .iter()
                .flat_map(|c| c.control_all.iter().chain(&c.control_any))
                .next()
        })
        .or_else(|| game.map.cities.first().map(|c| &c.hex));
    if let Some(hex) = first_hex {
        out.push(module_command(
            &plan.tx.get("ui.victory"),
            &plan.tx.get("ui.victory_tooltip"),
            keys::CHECK_VICTORY,
            &eq(prop(props::CONTROL_HEX), s(hex)),
        ));
    }
    out
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

/// The piece of one card: its face image, its name, its side.
pub fn card_piece(plan: &Plan, card: &crate::model::Card, gpid: &str) -> Piece {
    let image = plan
        .card_images
        .get(card.id.as_str())
        .cloned()
        .unwrap_or_default();
    Piece {
        traits: vec![
            pieces::marker(&[("Side", card.side.as_str()), ("CardId", card.id.as_str())]),
            pieces::basic_piece(
                &plan.tx.get(&format!("cards.{}", card.id.as_str())),
                &image,
                gpid,
            ),
        ],
    }
}

/// The card window: per deck, a face-up draw pile holding the side's cards (players draw the
/// cards they choose) and an in-play box to play them to.
fn cards_map(game: &Game, plan: &Plan, gpids: &mut Gpids) -> Option<El> {
    let layout = plan.cards.as_ref()?;
    let (w, h) = plan::CARD_SIZE;
    let mut map = map_element(plan, &plan.cards_map, "/images/counter.gif", false)
        .child(board_picker(boxes_board(
            plan::CARDS_BOARD,
            plan::CARDS_IMAGE,
            layout,
        )))
        .children(map_helpers(plan));
    for deck in &game.counters.decks {
        let name = plan.tx.get(&format!("decks.{}", deck.side.as_str()));
        let Some(b) = layout.boxes.iter().find(|b| b.region == name) else {
            continue;
        };
        let (x, y) = (b.x + b.w / 2, b.y + b.h / 2 + 10);
        let slots = game
            .counters
            .cards
            .iter()
            .filter(|c| c.side.as_str() == deck.side.as_str())
            .flat_map(|c| (0..c.count.value.max(1)).map(move |copy| (c, copy)))
            .map(|(c, copy)| {
                let gpid = gpids.get(&format!("card:{}:{copy}", c.id.as_str()));
                let piece = card_piece(plan, c, &gpid);
                El::new("VASSAL.build.widget.CardSlot")
                    .attr(
                        "entryName",
                        plan.tx.get(&format!("cards.{}", c.id.as_str())),
                    )
                    .attr("gpid", &gpid)
                    .attr("height", h)
                    .attr("width", w)
                    .text(piece.add_command("null"))
            })
            .collect::<Vec<_>>();
        map.children.push(
            El::new("VASSAL.build.module.map.DrawPile")
                .attr("allowMultiple", "false")
                .attr("allowSelect", "true")
                .attr("color", "255,255,255")
                .attr("draw", "true")
                .attr("faceDown", "Never")
                .attr("height", h)
                .attr("name", &name)
                .attr("owningBoard", plan::CARDS_BOARD)
                .attr("reshufflable", "false")
                .attr("reversible", "false")
                .attr("shuffle", "Never")
                .attr("width", w)
                .attr("x", x)
                .attr("y", y)
                .children(slots),
        );
    }
    Some(map)
}
