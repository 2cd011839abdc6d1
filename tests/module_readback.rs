//! Every shipped module, read back the way VASSAL reads it: unzip, parse buildFile.xml, decode every
//! piece and prototype with the *decoder*, resolve prototype and image references, and place every
//! setup location with VASSAL's grid arithmetic.

use crate::synthetic;
use vmodc::concept::texts::default_texts;

use std::collections::BTreeSet;
use std::path::Path;
use vmodc::verify::{self, decode_add_piece, hex_grid_from_node, ModuleView, Node};

/// Every module of a game: (file name in dist/, game, archive bytes), one per language.
fn modules(id: &str) -> Vec<(String, vmodc::concept::game::Game, Vec<u8>)> {
    crate::common::compiled_modules(id)
}

/// The game and its first module (English where there are catalogs).
fn build(id: &str) -> (vmodc::concept::game::Game, Vec<u8>) {
    let (_, game, bytes) = modules(id).into_iter().next().expect("a module");
    (game, bytes)
}

fn games() -> Vec<String> {
    vmodc::load::discover(Path::new(".")).expect("rules folder")
}

fn short(tag: &str) -> &str {
    tag.rsplit('.').next().unwrap_or(tag)
}

#[test]
fn every_module_passes_the_module_checker() {
    for (id, _, bytes) in games().iter().flat_map(|g| modules(g)) {
        let report = verify::check_module(&bytes, Path::new(&id));
        let problems: Vec<String> = report
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        assert!(problems.is_empty(), "{id}: {problems:#?}");
    }
}

#[test]
fn builds_are_reproducible_and_dist_is_current() {
    let mut expected = BTreeSet::new();
    for id in games() {
        for ((name, _, a), (_, _, b)) in modules(&id).into_iter().zip(modules(&id)) {
            // Each module and its print-and-play PDF, beside it.
            expected.insert(name.replace(".vmod", ".pdf"));
            expected.insert(name.clone());
            assert!(a == b, "{name}: two builds differ");
            let shipped = std::fs::read(format!("dist/{name}")).unwrap_or_else(|e| {
                panic!("dist/{name} (run `cargo run --release -- build`): {e}")
            });
            assert!(
                shipped == a,
                "dist/{name} is stale: run `cargo run --release -- build`"
            );
        }
    }
    // Nothing else: a file no build writes (a module renamed, a game removed) misleads players.
    let shipped: BTreeSet<String> = std::fs::read_dir("dist")
        .expect("dist/")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    assert_eq!(shipped, expected, "dist/ holds only what `build` writes");
}

/// The decoded pieces of every slot and prototype, with each prototype reference and image resolved.
#[test]
fn pieces_decode_and_resolve() {
    for (id, _, bytes) in games().iter().flat_map(|g| modules(g)) {
        let view: ModuleView = verify::open_module(&bytes).expect("module opens");
        let slots: Vec<&Node> = view
            .root
            .walk()
            .into_iter()
            .filter(|n| matches!(short(&n.tag), "PieceSlot" | "PrototypeDefinition"))
            .collect();
        assert!(!slots.is_empty());
        let prototypes: BTreeSet<&str> = slots
            .iter()
            .filter(|n| short(&n.tag) == "PrototypeDefinition")
            .map(|n| n.attr("name"))
            .collect();
        for node in &slots {
            let piece = decode_add_piece(&node.text).unwrap_or_else(|e| panic!("{id}: {e}"));
            let (innermost, state) = piece.traits.last().expect("at least a BasicPiece");
            assert!(innermost.starts_with("piece;"), "{innermost}");
            if short(&node.tag) == "PieceSlot" {
                // The slot's gpid equals the BasicPiece state's gpid field.
                let gpid = state.split(';').nth(3).unwrap_or("");
                assert_eq!(gpid, node.attr("gpid"));
            }
            for (t, s) in &piece.traits {
                if let Some(name) = t.strip_prefix("prototype;") {
                    assert!(prototypes.contains(name), "{id}: unknown prototype {name}");
                }
                if let Some(body) = t.strip_prefix("emb2;") {
                    let fields = vmodc::vassal::sequence_encoder::decode(body, ';');
                    assert_eq!(fields.len(), 33, "Layer fields");
                    let images = vmodc::vassal::sequence_encoder::decode(&fields[15], ',');
                    for img in images {
                        assert!(
                            view.archive.entries.contains_key(&format!("images/{img}")),
                            "{id}: missing image {img}"
                        );
                    }
                    let level: usize = s.parse().expect("layer level");
                    assert!(level >= 1, "an always-active layer must show a level");
                }
            }
        }
    }
}

/// Each at-start stack sits on the hex the data names, as VASSAL's grid numbering names it, at the
/// pixel where the rendered map draws that hex.
#[test]
fn setup_locations_match_the_grid_and_the_image() {
    for (_, game, bytes) in games().iter().flat_map(|g| modules(g)) {
        let view = verify::open_module(&bytes).expect("module opens");
        let plan =
            vmodc::concept::plan::Plan::new(&game, default_texts(&game), vmodc::concept::CONCEPTS);
        let map = view
            .root
            .find_all("VASSAL.build.module.Map")
            .into_iter()
            .find(|m| {
                m.find_all("VASSAL.build.module.map.boardPicker.Board")
                    .iter()
                    .any(|b| b.attr("name") == vmodc::concept::plan::MAIN_BOARD)
            })
            .expect("main map");
        let grid_node = map.find_all("VASSAL.build.module.map.boardPicker.board.HexGrid")[0];
        let mut grid = hex_grid_from_node(grid_node).expect("hex grid");
        // The numbering's location format may put the sheet's letter first (`A$gridLocation$`).
        let numbering = grid_node
            .find_all("VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering");
        let sheet_letter = numbering
            .first()
            .map_or("", |n| n.attr("locationFormat"))
            .trim_end_matches("$gridLocation$")
            .to_string();
        // The image the main board names (by its content: `map-<hash>.png`).
        let board = map
            .find_all("VASSAL.build.module.map.boardPicker.Board")
            .into_iter()
            .find(|b| b.attr("name") == vmodc::concept::plan::MAIN_BOARD)
            .expect("main board");
        let image = &view.archive.entries[&format!("images/{}", board.attr("image"))];
        let pixmap = tiny_skia::Pixmap::decode_png(image).expect("png");
        let (w, h) = (pixmap.width(), pixmap.height());
        assert_eq!((w, h), (plan.layout.width, plan.layout.height));
        // VASSAL's grid takes the board's size from its image (descending numbering reads it).
        (grid.board_width, grid.board_height) = (w as i32, h as i32);
        let mut placed = 0;
        for s in map.children_named("VASSAL.build.module.map.SetupStack") {
            if s.attr("useGridLocation") != "true" {
                continue; // placed by coordinates (the weather marker, in the margin)
            }
            let location = s.attr("location");
            let inner = location.strip_prefix(&sheet_letter).unwrap_or(location);
            let (x, y) = grid.location_point(inner).expect("location resolves");
            assert!(
                x >= 0 && y >= 0 && (x as u32) < w && (y as u32) < h,
                "{location} off the board"
            );
            assert_eq!(grid.location_name(x, y), inner);
            let hex = game.map.grid.parse(location).expect("data hex");
            let (cx, cy) = plan.layout.centre(hex);
            assert!((f64::from(x) - cx).abs() <= 1.0 && (f64::from(y) - cy).abs() <= 1.0);
            // Every piece of the spot is in its one stack.
            placed += s.children.len();
        }
        // Every hex of the grid is named as the data names it.
        for hex in game.map.grid.hexes() {
            let (cx, cy) = plan.layout.centre(hex);
            assert_eq!(
                format!("{sheet_letter}{}", grid.location_name(cx as i32, cy as i32)),
                game.map.grid.label(hex)
            );
        }
        // Units, city control markers (the weather marker is placed by coordinates).
        let first = &game.scenarios[0];
        assert_eq!(
            placed,
            game.effective(first).setup.1.len() + game.map.cities.len()
        );
    }
}

/// Battle for Moscow specifics from the reference data (docs/sources.md §2, §5).
#[test]
fn b4m_standard_setup_and_counts() {
    let (game, bytes) = build("b4m");
    let grid = &game.map.grid;
    assert_eq!(grid.hexes().len(), 147);
    assert_eq!(game.map.cities.len(), 11);
    let rivers: usize = game.map.hexsides.iter().map(|s| s.pairs.len()).sum();
    assert_eq!(rivers, 58);
    let mut links = BTreeSet::new();
    for line in &game.map.lines {
        for pair in line.path.windows(2) {
            let (a, b) = (grid.parse(&pair[0]).unwrap(), grid.parse(&pair[1]).unwrap());
            links.insert((a.min(b), a.max(b)));
        }
    }
    assert_eq!(links.len(), 70);

    let view = verify::open_module(&bytes).unwrap();
    // Each piece of each at-start stack (pieces that share a spot share a stack), with its stack.
    let stacks: Vec<(&vmodc::verify::xml::Node, &vmodc::verify::xml::Node)> = view
        .root
        .find_all("VASSAL.build.module.map.SetupStack")
        .into_iter()
        .flat_map(|s| s.children.iter().map(move |slot| (s, slot)))
        .collect();
    let sides = |side: &str| {
        stacks
            .iter()
            .filter(|(_, slot)| {
                let p = decode_add_piece(&slot.text).unwrap();
                p.traits
                    .iter()
                    .any(|(t, _)| t == &format!("prototype;{side}"))
            })
            .count()
    };
    assert_eq!(sides("Side german"), 22);
    assert_eq!(sides("Side soviet"), 17);
    let turn4 = stacks
        .iter()
        .filter(|(s, _)| s.attr("location") == "Turn 4")
        .count();
    assert_eq!(turn4, 1, "1st Shock Army on the turn 4 box");
    let pool = stacks
        .iter()
        .filter(|(s, _)| s.attr("location") == "Soviet replacement pool")
        .count();
    assert_eq!(pool, 2, "two spare Soviet armies off the map");
    let units_on_map = stacks
        .iter()
        .filter(|(s, _)| s.attr("owningBoard") == vmodc::concept::plan::MAIN_BOARD)
        .filter(|(_, slot)| {
            decode_add_piece(&slot.text)
                .unwrap()
                .traits
                .iter()
                .any(|(t, _)| t.starts_with("prototype;Side"))
        })
        .count();
    assert_eq!(
        units_on_map, 36,
        "22 German and 14 Soviet units on their hexes"
    );
}

/// The tournament scenario is a predefined setup whose saved game decodes and places every unit.
#[test]
fn tournament_setup_decodes() {
    let (_, bytes) = build("b4m");
    let view = verify::open_module(&bytes).unwrap();
    let setup = view
        .root
        .find_all("VASSAL.build.module.PredefinedSetup")
        .into_iter()
        .find(|s| s.attr("useFile") == "true")
        .expect("a file-based setup");
    let vsav = &view.archive.entries[setup.attr("file")];
    let text = verify::read_save(vsav).expect("save decodes");
    let commands = verify::split_commands(&text);
    assert_eq!(commands.first().map(String::as_str), Some("begin_save"));
    assert_eq!(commands.last().map(String::as_str), Some("end_save"));
    assert!(commands.iter().any(|c| c == "SETUP_STACK\t"));
    let pieces: Vec<_> = commands
        .iter()
        .filter(|c| c.starts_with("+/") && !c.contains("/stack/"))
        .map(|c| decode_add_piece(c).expect("piece decodes"))
        .collect();
    // 39 units, 11 city control markers, the weather marker.
    assert_eq!(pieces.len(), 51);
    for p in &pieces {
        // Prototypes are expanded in saves: no UsePrototype trait is left.
        assert!(p.traits.iter().all(|(t, _)| !t.starts_with("prototype;")));
        let state = &p.traits.last().unwrap().1;
        assert!(
            state.starts_with("Map;") || state.starts_with("Turn Track;"),
            "{state}"
        );
    }
}

/// A game of four lettered map sheets (OCS-style `A01.01` … `D10.08`): one board per sheet, laid out
/// A B over C D by the map's default board setup; every at-start stack on its sheet's board where
/// that board's numbering names the hex; saved setups place pieces in map coordinates.
#[test]
fn multi_sheet_maps_read_back() {
    use vmodc::{concept::map::module, concept::plan::Plan};
    let p = synthetic::Params::new("sheets", 4, 10, 8, 40);
    let (mut game, _) = synthetic::game(&p).expect("the synthetic game parses");
    let mut second = game.scenarios[0].clone();
    second.data.scenario.id.value = "second".into();
    game.scenarios.push(second);
    let entries = vmodc::pipeline::compile(&game).expect("compiles");
    let bytes = vmodc::package::zip_bytes(&entries).expect("zip");
    let report = verify::check_module(&bytes, Path::new("sheets.vmod"));
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);

    let view = verify::open_module(&bytes).unwrap();
    let plan = Plan::new(&game, default_texts(&game), vmodc::concept::CONCEPTS);
    let map = view.root.find_all("VASSAL.build.module.Map")[0];
    let boards = map.find_all("VASSAL.build.module.map.boardPicker.Board");
    let names: Vec<&str> = boards.iter().map(|b| b.attr("name")).collect();
    assert_eq!(names, ["Map A", "Map B", "Map C", "Map D"]);
    for b in &boards {
        let png = &view.archive.entries[&format!("images/{}", b.attr("image"))];
        let pixmap = tiny_skia::Pixmap::decode_png(png).expect("png");
        let size = (pixmap.width(), pixmap.height());
        assert_eq!(size, (plan.layout.width, plan.layout.height));
    }
    let setup = map.find_all("setup");
    assert_eq!(
        setup[0].text,
        "MapBoardPicker\tMap A\t0\t0\tMap B\t1\t0\tMap C\t0\t1\tMap D\t1\t1"
    );

    let mut on_sheet = [0; 4];
    for s in map.children_named("VASSAL.build.module.map.SetupStack") {
        if s.attr("useGridLocation") != "true" {
            continue;
        }
        let location = s.attr("location");
        let hex = game.map.grid.parse(location).expect("a data hex");
        let board = boards
            .iter()
            .find(|b| b.attr("name") == s.attr("owningBoard"))
            .expect("the stack's board");
        assert_eq!(board.attr("name"), plan.board_of(hex).name, "{location}");
        assert_eq!(verify::location_resolves(board, location), Some(true));
        let grid = hex_grid_from_node(
            board.find_all("VASSAL.build.module.map.boardPicker.board.HexGrid")[0],
        )
        .unwrap();
        let inner = &location[1..]; // the numbering format adds the sheet letter
        let (x, y) = grid.location_point(inner).expect("resolves");
        assert_eq!((x, y), module::snapped_centre(&plan, hex), "{location}");
        on_sheet[usize::from(hex.sheet)] += 1;
    }
    assert!(on_sheet.iter().all(|&n| n > 0), "{on_sheet:?}");

    // The saved setup: pieces at their board's origin plus the hex centre, boards laid out alike.
    let setup = view
        .root
        .find_all("VASSAL.build.module.PredefinedSetup")
        .into_iter()
        .find(|s| s.attr("useFile") == "true")
        .expect("the second scenario's save");
    let text = verify::read_save(&view.archive.entries[setup.attr("file")]).unwrap();
    let commands = verify::split_commands(&text);
    assert!(commands
        .iter()
        .any(|c| c == "MapBoardPicker\tMap A\t0\t0\tMap B\t1\t0\tMap C\t0\t1\tMap D\t1\t1"));
    let saved: BTreeSet<(i32, i32)> = commands
        .iter()
        .filter(|c| c.starts_with("+/") && !c.contains("/stack/"))
        .map(|c| {
            decode_add_piece(c)
                .unwrap()
                .traits
                .last()
                .unwrap()
                .1
                .clone()
        })
        .filter_map(|state| {
            let f: Vec<&str> = state.split(';').collect();
            (f[0] == "Map").then(|| (f[1].parse().unwrap(), f[2].parse().unwrap()))
        })
        .collect();
    let weather = (!game.rules.weather.is_empty()).then_some(plan.weather_point);
    let expected: BTreeSet<(i32, i32)> = game.scenarios[0]
        .setup
        .iter()
        .map(|pl| pl.hex.as_str())
        .chain(game.map.cities.iter().map(|c| c.hex.as_str()))
        .map(|label| {
            let hex = game.map.grid.parse(label).unwrap();
            let (ox, oy) = plan.board_origin(plan.board_of(hex));
            let (x, y) = module::snapped_centre(&plan, hex);
            (ox + x, oy + y)
        })
        .chain(weather)
        .collect();
    assert_eq!(saved, expected);
    assert!(saved
        .iter()
        .any(|&(x, y)| x > plan.layout.width as i32 && y > plan.layout.height as i32));
}

/// The Last Stand at Moscow rolls two kinds of dice (2.26): the combat d6 of `[dice]` and the d10 of
/// `[[other_dice]]`, each with its own button, named and explained in the module's language.
#[test]
fn lsam_has_a_d6_and_a_d10_button() {
    for (name, _, bytes) in modules("lsam") {
        let view: ModuleView = verify::open_module(&bytes).expect("module opens");
        let dice: Vec<(&str, &str, &str, &str, &str)> = view
            .root
            .find_all("VASSAL.build.module.DiceButton")
            .into_iter()
            .map(|n| {
                (
                    n.attr("name"),
                    n.attr("nDice"),
                    n.attr("nSides"),
                    n.attr("text"),
                    n.attr("tooltip"),
                )
            })
            .collect();
        assert_eq!(dice.len(), 2, "{name}: {dice:?}");
        let (d6, d10) = (dice[0], dice[1]);
        assert_eq!((d6.0, d6.1, d6.2, d6.3), ("1d6", "1", "6", "1d6"), "{name}");
        assert_eq!((d10.1, d10.2), ("1", "10"), "{name}");
        assert_eq!(d10.0, d10.3, "{name}: the button shows the die's name");
        if name.ends_with("-ja.vmod") {
            assert_eq!(d10.0, "10面体サイコロ");
            assert!(d10.4.contains("カチューシャ"), "{}", d10.4);
        } else {
            assert_eq!(d10.0, "d10");
            assert!(
                d10.4.contains("Overruns") && d10.4.contains("Katyusha"),
                "{}",
                d10.4
            );
        }
    }
}
