//! One game, two languages (docs/identity.md): every name a saved game refers to is the same in
//! every language's module, so a save made in one opens in the other with its pieces where they
//! were. Read from the committed modules with vmodc's own reader, as VASSAL reads them.

use std::collections::BTreeSet;
use vmodc::save::{Command, SavedGame};
use vmodc::verify::archive::{read_archive, Archive, Limits};
use vmodc::verify::xml::{parse_xml, Node};

const GAMES: [&str; 4] = ["b4m", "btm2", "lsam", "ocs"];

fn module(game: &str, lang: &str) -> Archive {
    let path = crate::common::repo().join(format!("dist/{game}-{lang}.vmod"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_archive(&bytes, Limits::default()).expect("a module archive")
}

fn build_file(archive: &Archive) -> Node {
    let text = String::from_utf8(archive.entries["buildFile.xml"].clone()).expect("UTF-8");
    parse_xml(&text).expect("buildFile.xml parses")
}

fn short(tag: &str) -> &str {
    tag.rsplit('.').next().unwrap_or(tag)
}

/// Every name VASSAL finds a component by when it reads a save or runs the module, in buildFile
/// order: the module, maps (`mapName`: piece and stack positions, board setups), boards (board setups), sides
/// (the roster, `PlayerSide`), draw piles (decks), zones, prototypes, global properties, and the
/// turn tracker's levels (its state is saved level by level, in order) with their properties.
fn identifying_names(root: &Node) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for n in root.walk() {
        let kind = short(&n.tag);
        let name = match kind {
            // VASSAL asks before opening a save made with a module of another name.
            "GameModule" => n.attr("name").to_string(),
            "Map" | "PrivateMap" | "PlayerHand" => n.attr("mapName").to_string(),
            "Board" | "DrawPile" | "Zone" | "PrototypeDefinition" | "GlobalProperty" => {
                n.attr("name").to_string()
            }
            "entry" => n.text.clone(),
            "ListTurnLevel" | "CounterTurnLevel" => n.attr("property").to_string(),
            "SetupStack" => n.attr("owningBoard").to_string(),
            _ => continue,
        };
        out.push((kind.to_string(), name));
    }
    out
}

#[test]
fn every_identifying_name_is_the_same_in_both_languages() {
    for game in GAMES {
        let en = identifying_names(&build_file(&module(game, "en")));
        let ja = identifying_names(&build_file(&module(game, "ja")));
        assert!(en.iter().any(|(k, _)| k == "Map"), "{game}: maps are read");
        assert!(
            en.iter().any(|(k, _)| k == "entry"),
            "{game}: sides are read"
        );
        assert_eq!(
            en, ja,
            "{game}: the names saves refer to differ between en and ja"
        );
    }
}

/// The piece ids of every slot are the same too: VASSAL's Refresh Counters (and `vmodc refresh`)
/// match a save's pieces to the module's slots by them.
#[test]
fn every_slot_id_is_the_same_in_both_languages() {
    let gpids = |root: &Node| -> BTreeSet<String> {
        root.walk()
            .into_iter()
            .filter(|n| matches!(short(&n.tag), "PieceSlot" | "CardSlot"))
            .map(|n| n.attr("gpid").to_string())
            .collect()
    };
    for game in GAMES {
        let en = gpids(&build_file(&module(game, "en")));
        assert!(!en.is_empty());
        assert_eq!(en, gpids(&build_file(&module(game, "ja"))), "{game}");
    }
}

/// The maps and the boards of each map, as a module has them.
fn maps_and_boards(root: &Node) -> Vec<(String, BTreeSet<String>)> {
    root.walk()
        .into_iter()
        .filter(|n| matches!(short(&n.tag), "Map" | "PrivateMap" | "PlayerHand"))
        .map(|m| {
            let boards = m
                .find_all("VASSAL.build.module.map.boardPicker.Board")
                .iter()
                .map(|b| b.attr("name").to_string())
                .collect();
            (m.attr("mapName").to_string(), boards)
        })
        .collect()
}

/// What a save refers to that a module must have: each piece's and stack's map, and each board
/// setup's map and boards (`<map>BoardPicker\t<board>\tx\ty…`, `BoardPicker.encode`). Lists what
/// does not resolve in `root`.
fn unresolved(save: &SavedGame, root: &Node) -> Vec<String> {
    let maps = maps_and_boards(root);
    let has_map = |m: &str| maps.iter().any(|(name, _)| name == m);
    let mut missing = Vec::new();
    let mut seen_maps = 0;
    for c in &save.commands {
        let map = match c {
            Command::Piece(p) => p.location().map,
            Command::Stack(s) => s.location.map.clone(),
            Command::Other(text) => {
                let fields: Vec<&str> = text.split('\t').collect();
                let Some((map, boards)) = maps
                    .iter()
                    .find(|(m, _)| fields[0] == format!("{m}BoardPicker"))
                else {
                    if fields[0].ends_with("BoardPicker") {
                        missing.push(format!("board setup of an unknown map: {}", fields[0]));
                    }
                    continue;
                };
                for board in fields.iter().skip(1).step_by(3) {
                    let board = board.split('/').next().unwrap_or_default();
                    if !boards.contains(board) {
                        missing.push(format!("board `{board}` of map `{map}`"));
                    }
                }
                continue;
            }
        };
        if let Some(map) = map {
            seen_maps += 1;
            if !has_map(&map) {
                missing.push(format!("map `{map}`"));
            }
        }
    }
    assert!(seen_maps > 0, "the save places pieces on maps");
    missing
}

/// Every saved setup of every module, and a save real VASSAL 3.7.26 made in b4m-en after moves,
/// refer only to maps and boards both languages' modules have.
#[test]
fn saves_resolve_in_both_languages() {
    let mut saves: Vec<(String, SavedGame)> = Vec::new();
    for game in GAMES {
        for lang in ["en", "ja"] {
            for (name, bytes) in &module(game, lang).entries {
                if name.ends_with(".vsav") {
                    let save = SavedGame::read(bytes).expect("a save");
                    saves.push((format!("{game}-{lang}: {name}"), save));
                }
            }
        }
    }
    let moved = crate::common::repo().join("tests/fixtures/saves/b4m-en-moved-3.7.26.vsav");
    let bytes = std::fs::read(&moved).expect("the fixture save");
    saves.push((
        "b4m-en after moves".into(),
        SavedGame::read(&bytes).expect("a save"),
    ));
    assert!(saves.len() >= 8, "the scenario saves are found");
    for (what, save) in &saves {
        let game = what.split('-').next().unwrap_or_default();
        for lang in ["en", "ja"] {
            let root = build_file(&module(game, lang));
            let missing = unresolved(save, &root);
            assert!(missing.is_empty(), "{what} in {game}-{lang}: {missing:?}");
        }
    }
}

/// The Japanese module shows the names saves refer to in Japanese through its own translation:
/// the maps' titles and the roster's sides.
#[test]
fn the_japanese_module_translates_its_ids_for_display() {
    for game in GAMES {
        let archive = module(game, "ja");
        let root = build_file(&archive);
        let locales: Vec<&str> = root
            .find_all("VASSAL.i18n.Translation")
            .iter()
            .map(|t| t.attr("locale"))
            .collect();
        assert!(locales.contains(&"ja,"), "{game}: {locales:?}");
        let own =
            String::from_utf8(archive.entries["Module_ja.properties"].clone()).expect("UTF-8");
        assert!(
            own.contains("Map.Map.mapName=\\u30DE\\u30C3\\u30D7"),
            "{game}: {own}"
        );
        assert!(own.contains("PlayerRoster.sides="), "{game}: {own}");
        assert!(own.contains("\nname="), "{game}: the module's title: {own}");
        // Nothing else: every other text of the module is already Japanese, and expressions keep
        // the names they compare with.
        assert!(!own.contains("Piece."), "{game}: {own}");
    }
}
