//! The scripted turns of `tests/fixtures/exercise/` (issue 48, item 0): each shipped module is played
//! in real VASSAL 3.7.26 and 3.8.0-beta1 with its script (a move, a marked and resolved combat, the
//! module's buttons, the turn stepped) before it ships. CI has no VASSAL, so this test keeps the
//! scripts true to the modules they play: every piece a step names is one of the module's, every
//! command it gives is one of that piece's own (its traits and prototypes), every button is on the
//! toolbar, every hex is one the map's grid names, and a turn step has a tracker to step. A script
//! that names what the module no longer has would fail in VASSAL only, long after the change.

use std::collections::BTreeSet;
use vmodc::verify::{self, decode_add_piece, prototype_name, Node};

/// A script's steps: (line number, tokens), quoted tokens unquoted, comments and blanks left out.
fn steps(script: &str) -> Vec<(usize, Vec<String>)> {
    let tokens = |line: &str| -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = line.trim();
        while !rest.is_empty() {
            let (token, after) = match rest.strip_prefix('"') {
                Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
                None => rest.split_once(' ').unwrap_or((rest, "")),
            };
            out.push(token.to_string());
            rest = after.trim_start();
        }
        out
    };
    let lines = script.lines().enumerate();
    lines
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i + 1, tokens(l)))
        .collect()
}

/// The trait types of a piece with every prototype it uses, expanded (a prototype may use another).
fn trait_types(text: &str, prototypes: &[&Node], depth: usize) -> Vec<String> {
    let Ok(piece) = decode_add_piece(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (type_, _) in piece.traits {
        if let Some(name) = prototype_name(&type_) {
            let used = prototypes.iter().find(|p| p.attr("name") == name);
            if let (Some(p), true) = (used, depth < 8) {
                out.extend(trait_types(&p.text, prototypes, depth + 1));
            }
        }
        out.push(type_);
    }
    out
}

/// What a module offers a script: its pieces by name (each with its trait types), its
/// toolbar buttons, its maps' names and whether it has a turn tracker.
struct Offer {
    pieces: Vec<(String, Vec<String>)>,
    buttons: BTreeSet<String>,
    maps: BTreeSet<String>,
    tracker: bool,
}

fn offer(root: &Node) -> Offer {
    let prototypes = root.find_all("VASSAL.build.module.PrototypeDefinition");
    let mut pieces = Vec::new();
    // At-start stacks and palettes alike: a scenario's pieces come from its setup save, whose
    // pieces are the palette's.
    for slot in root.find_all("VASSAL.build.widget.PieceSlot") {
        // The piece's own BasicPiece, innermost: a prototype's holds no name.
        let name = decode_add_piece(&slot.text)
            .ok()
            .and_then(|p| {
                p.traits
                    .last()
                    .and_then(|(t, _)| verify::basic_piece_fields(t))
            })
            .map(|(_, name)| name)
            .unwrap_or_default();
        pieces.push((name, trait_types(&slot.text, &prototypes, 0)));
    }
    let mut buttons = BTreeSet::new();
    collect_buttons(root, &mut buttons);
    let maps = root
        .find_all("VASSAL.build.module.Map")
        .into_iter()
        .chain(root.find_all("VASSAL.build.module.PrivateMap"))
        .map(|m| m.attr("mapName").to_string())
        .collect();
    let tracker = !root
        .find_all("VASSAL.build.module.turn.TurnTracker")
        .is_empty();
    Offer {
        pieces,
        buttons,
        maps,
        tracker,
    }
}

fn collect_buttons(node: &Node, out: &mut BTreeSet<String>) {
    let text = node.attr("buttonText");
    if !text.is_empty() {
        out.insert(text.to_string());
    }
    for child in &node.children {
        collect_buttons(child, out);
    }
}

/// A piece's trait types hold `command` as a menu text: a field of its own, or the name of one of
/// a Dynamic Property's key commands (`Attack:KEY,MODIFIERS,…`), its separators escaped as nested.
fn has_command(types: &[String], command: &str) -> bool {
    let separator = |c: char| matches!(c, ';' | ',' | ':' | '\t' | '\\');
    types
        .iter()
        .any(|t| t.split(separator).any(|field| field == command))
}

/// Every problem of one script against its module and game.
fn problems(script: &str, offer: &Offer, game: &vmodc::concept::game::Game) -> Vec<String> {
    let mut out = Vec::new();
    let piece = |name: &str| offer.pieces.iter().find(|(n, _)| n == name);
    for (line, t) in steps(script) {
        let say = |what: String| format!("line {line}: {what}");
        let args: Vec<&str> = t.iter().map(String::as_str).collect();
        match args.as_slice() {
            ["move", name, "TO", hex, rest @ ..] => {
                if piece(name).is_none() {
                    out.push(say(format!("no piece {name:?} in the module")));
                }
                let map = match rest {
                    ["ON", map] => *map,
                    _ => "Map",
                };
                if !offer.maps.contains(map) {
                    out.push(say(format!("no map {map:?}")));
                }
                let grid = &game.map.grid;
                let named = grid
                    .parse(hex)
                    .is_some_and(|h| grid.numbered_hexes().contains(&h));
                if !named {
                    out.push(say(format!("{hex:?} is no hex of the grid")));
                }
            }
            ["key", name, command] => match piece(name) {
                None => out.push(say(format!("no piece {name:?} in the module"))),
                Some((_, types)) if !has_command(types, command) => {
                    out.push(say(format!("{name:?} has no command {command:?}")))
                }
                Some(_) => {}
            },
            ["button", text] if !offer.buttons.contains(*text) => {
                out.push(say(format!("no toolbar button {text:?}")))
            }
            ["button", _] => {}
            ["turn", "next" | "prev", ..] if offer.tracker => {}
            ["turn", ..] => out.push(say("no turn tracker".into())),
            _ => out.push(say(format!("a step the harness does not know: {t:?}"))),
        }
    }
    out
}

/// The module a script plays, from its `# module: dist/ID-LANG.vmod` line, and the game's id.
fn module_of(script: &str) -> Option<(String, String)> {
    let path = script
        .lines()
        .find_map(|l| l.strip_prefix("# module: "))?
        .trim();
    let id = path.strip_prefix("dist/")?.split('-').next()?.to_string();
    Some((path.to_string(), id))
}

fn shipped_scripts() -> Vec<(String, String)> {
    let dir = crate::common::repo().join("tests/fixtures/exercise");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the exercise folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy().into();
            (name, std::fs::read_to_string(&p).expect("a script"))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_shipped_module_has_a_scripted_turn_that_names_only_what_the_module_has() {
    let scripts = shipped_scripts();
    let mut played = BTreeSet::new();
    for (name, script) in &scripts {
        let Some((module, id)) = module_of(script) else {
            continue; // played on a game the script's comment says how to make (vmodc new)
        };
        let bytes = std::fs::read(crate::common::repo().join(&module)).expect("the module");
        let view = verify::open_module(&bytes).expect("the module opens");
        let offer = offer(&view.root);
        assert!(
            offer.pieces.len() > 3,
            "{module}: {} pieces",
            offer.pieces.len()
        );
        let game = crate::common::shipped_game(&id);
        let found = problems(script, &offer, &game);
        assert!(
            found.is_empty(),
            "{name} against {module}:\n{}",
            found.join("\n")
        );
        let steps = steps(script);
        let kinds: BTreeSet<&str> = steps
            .iter()
            .filter_map(|(_, t)| t.first().map(String::as_str))
            .map(|k| match k {
                "move" | "key" | "button" | "turn" => k,
                _ => "other",
            })
            .collect();
        assert!(
            ["move", "key", "button", "turn"]
                .iter()
                .all(|k| kinds.contains(k)),
            "{name}: a turn moves, marks a combat, resolves it and steps the turn: {kinds:?}"
        );
        played.insert(id);
    }
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        assert!(played.contains(id), "no scripted turn for {id}");
    }
}

/// A script that names a piece, a command, a button or a hex the module lacks is caught, line by line.
#[test]
fn a_script_naming_what_the_module_lacks_is_caught() {
    let bytes = std::fs::read(crate::common::repo().join("dist/b4m-en.vmod")).expect("module");
    let view = verify::open_module(&bytes).expect("opens");
    let offer = offer(&view.root);
    let game = crate::common::shipped_game("b4m");
    let script = "move \"XL Panzer Corps\" TO 0205\n\
        move \"XL Panzerkorps\" TO 0205\n\
        key \"VIII Corps\" Attack\n\
        key \"VIII Corps\" Overrun\n\
        button \"Resolve combat\"\n\
        button \"Resolve battles\"\n\
        move \"V Corps\" TO 1520\n\
        turn next\n\
        jump\n";
    let found = problems(script, &offer, &game);
    let lines: Vec<&str> = found.iter().filter_map(|f| f.split(':').next()).collect();
    assert_eq!(
        lines,
        ["line 2", "line 4", "line 6", "line 7", "line 9"],
        "{found:#?}"
    );
}
