//! Morale chits (concept `morale`, The Last Stand at Moscow 8.3): the module's own expressions for
//! the look, the draw, the surrender check and the morale check, evaluated against the Rust rule in
//! `morale::threshold`, with the damage count read from marker pieces on the damage track's box. The
//! shipped data has no chit values, so the module must say so; a copy of the game with values typed
//! in must decide everything by itself.

use crate::common;
use crate::common::module_piece::Piece;
use std::collections::BTreeMap;
use std::path::Path;
use vmodc::concept::game::Game;
use vmodc::concept::modes::module::MARKER_ID;
use vmodc::concept::morale::module::{
    board_count, check_report, count_reading, drawn_report, look_allowed, look_report, pick_again,
    redraw_allowed, redraw_report, surrender_report, CHECK_ROLL, CHIT, CHIT_NUMBER, CHIT_VALUE,
};
use vmodc::concept::morale::threshold::{
    check_outcome, chit_value, may_look, may_redraw, surrenders, CheckOutcome,
};
use vmodc::concept::plan::box_region;
use vmodc::concept::texts::default_texts;
use vmodc::diag::Sources;
use vmodc::i18n::Texts;
use vmodc::vassal::expression::{Expr, CURRENT_MAP, LOCATION_NAME};

fn load(root: &Path) -> Game {
    let mut sources = Sources::default();
    vmodc::load::load_game(root, "lsam", &mut sources).expect("lsam loads")
}

/// The board: `damage` Soviet Damage markers on the track (the last one a Morale Damage marker when
/// `morale_damage`), a stray one elsewhere that must not count, and the chit of value `value` in the
/// Soviet Morale box (`chit` 0: none drawn).
struct Board {
    damage: u32,
    morale_damage: bool,
    chit: u32,
    value: Option<u32>,
    side: &'static str,
    roll: u32,
}

fn on(tx: &Texts, box_name: &str, marker: &str) -> BTreeMap<String, String> {
    [
        (LOCATION_NAME.to_string(), box_region(tx, box_name)),
        (CURRENT_MAP.to_string(), tx.get("ui.turn_track")),
        (MARKER_ID.to_string(), marker.to_string()),
    ]
    .into()
}

/// The text (or value) `e` gives on the host piece with `board` laid out.
fn eval(game: &Game, e: &Expr, board: &Board) -> String {
    let m = game.rules.morale.as_ref().expect("[morale]");
    let tx = default_texts(game);
    let track = m.track.as_ref().expect("track").as_str();
    let mut pieces: Vec<BTreeMap<String, String>> = (0..board.damage)
        .map(|i| {
            let last = i + 1 == board.damage;
            let id = if last && board.morale_damage {
                "soviet-morale-damage"
            } else {
                "soviet-damage"
            };
            on(&tx, track, id)
        })
        .collect();
    // A damage marker in another box (the morale box) is not on the track.
    pieces.push(on(&tx, m.drawn_box.as_ref().expect("box"), "soviet-damage"));
    if board.chit > 0 {
        let mut chit = on(
            &tx,
            m.drawn_box.as_ref().expect("box"),
            m.chit_marker.as_ref().expect("chit marker"),
        );
        if let Some(v) = board.value {
            chit.insert(CHIT_VALUE.into(), v.to_string());
        }
        pieces.push(chit);
    }
    let all: Vec<Piece> = pieces
        .into_iter()
        .map(|props| Piece {
            props,
            game,
            all: Vec::new(),
        })
        .collect();
    let host = Piece {
        props: [
            (CHIT.to_string(), board.chit.to_string()),
            (CHECK_ROLL.to_string(), board.roll.to_string()),
            ("PlayerSide".to_string(), board.side.to_string()),
        ]
        .into(),
        game,
        all: all.iter().collect(),
    };
    e.eval(&host).expect("evaluates").render()
}

fn board(damage: u32, chit: u32) -> Board {
    Board {
        damage,
        morale_damage: false,
        chit,
        value: None,
        side: "Germany",
        roll: 1,
    }
}

#[test]
fn the_damage_count_is_the_markers_on_the_track() {
    let game = load(Path::new("."));
    let tx = default_texts(&game);
    let count = count_reading(&game, &tx, "soviet-damage");
    assert_eq!(
        Some(&count),
        board_count(&game, &tx, "soviet-damage").as_ref()
    );
    for damage in [0, 1, 9, 13, 20] {
        assert_eq!(eval(&game, &count, &board(damage, 0)), damage.to_string());
        // A Morale Damage marker counts as a damage marker (8.35, 8.37).
        let mixed = Board {
            morale_damage: true,
            ..board(damage, 0)
        };
        assert_eq!(eval(&game, &count, &mixed), damage.to_string());
    }
    // The air points stay toolbar counts.
    assert!(board_count(&game, &tx, "air-attacker").is_none());
}

#[test]
fn without_values_the_module_says_what_the_players_compare() {
    let game = load(Path::new("."));
    let m = game.rules.morale.as_ref().expect("lsam has [morale]");
    assert_eq!(m.chits.value, 12);
    assert!(m.values.is_empty(), "no chit value is in the sources");
    let tx = default_texts(&game);
    let look = look_report(&game, m, &tx);
    assert!(eval(&game, &look, &board(20, 0)).contains("none drawn yet"));
    let refused = eval(&game, &look, &board(12, 5));
    assert!(refused.contains("refused: 12"), "{refused}");
    assert!(refused.contains("from 13 on"), "{refused}");
    let allowed = eval(&game, &look, &board(13, 5));
    assert!(allowed.contains("shown to Germany only (13"), "{allowed}");
    assert!(allowed.contains("not in the rules data"), "{allowed}");
    let soviet = Board {
        side: "Soviet Union",
        ..board(13, 5)
    };
    let refused_side = eval(&game, &look, &soviet);
    assert!(
        refused_side.contains("only Germany may look") && refused_side.contains("Soviet Union"),
        "{refused_side}"
    );
    let surrender = eval(&game, &surrender_report(&game, m, &tx), &board(17, 5));
    assert!(
        surrender.contains("17 Soviet damage markers"),
        "{surrender}"
    );
    assert!(surrender.contains("unknown to the module"), "{surrender}");
    // The draw reports the chit in the box, or that the picked chit was not in the cup.
    let drawn = drawn_report(&game, m, &tx);
    assert!(eval(&game, &drawn, &board(0, 3)).contains("drawn at random into Soviet Morale box"));
    assert!(eval(&game, &drawn, &board(0, 0)).contains("is not in the cup"));
}

#[test]
fn the_look_is_dealt_only_to_the_viewer_from_the_count_on() {
    let game = load(Path::new("."));
    let m = game.rules.morale.as_ref().expect("[morale]");
    let tx = default_texts(&game);
    let allowed = look_allowed(&game, m, &tx);
    for damage in 0..=20 {
        for side in ["Germany", "Soviet Union", "<observer>"] {
            let b = Board {
                side,
                ..board(damage, 4)
            };
            let expected = may_look(m, damage) && side == "Germany";
            assert_eq!(
                eval(&game, &allowed, &b),
                expected.to_string(),
                "{damage}, {side}"
            );
        }
        // No chit in the box: nothing to deal.
        assert_eq!(eval(&game, &allowed, &board(damage, 0)), "false");
    }
}

#[test]
fn a_redraw_is_the_viewers_from_its_count_on() {
    let game = load(Path::new("."));
    let m = game.rules.morale.as_ref().expect("[morale]");
    let tx = default_texts(&game);
    let (allowed, report) = (redraw_allowed(&game, m, &tx), redraw_report(&game, m, &tx));
    // 8.38: not before 15 damage markers.
    assert!(!may_redraw(m, 14) && may_redraw(m, 15));
    for damage in 10..=20 {
        for side in ["Germany", "Soviet Union"] {
            let b = Board {
                side,
                ..board(damage, 2)
            };
            let expected = may_redraw(m, damage) && side == "Germany";
            assert_eq!(eval(&game, &allowed, &b), expected.to_string());
            let said = eval(&game, &report, &b);
            assert_eq!(said.contains("redrawn ("), expected, "{said}");
            if !may_redraw(m, damage) {
                assert!(said.contains("from 15 on"), "{said}");
            }
        }
    }
    let said = eval(&game, &report, &board(16, 2));
    assert!(said.contains("Soviet morale chits set aside"), "{said}");
    assert!(said.contains("shown to Germany only"), "{said}");
}

/// The draw picks again while the picked chit is not in the cup and the cup holds one.
#[test]
fn the_draw_picks_only_chits_left_in_the_cup() {
    let game = load(Path::new("."));
    let m = game.rules.morale.as_ref().expect("[morale]");
    let tx = default_texts(&game);
    let cup = m.cup.as_ref().expect("cup");
    let again = pick_again(m, &tx, cup);
    let chit = m.chit_marker.as_ref().expect("chit marker");
    // Chits 1 and 7 have left the cup (drawn, set aside). The picked number is a global property,
    // which every piece sees (the filter reads it on the chits).
    let in_cup = |picked: u32| -> Vec<Piece> {
        (1..=12)
            .filter(|n| ![1, 7].contains(n))
            .map(|n| {
                let mut props = on(&tx, cup, chit);
                props.insert(CHIT_NUMBER.into(), n.to_string());
                props.insert(CHIT.into(), picked.to_string());
                Piece {
                    props,
                    game: &game,
                    all: Vec::new(),
                }
            })
            .collect()
    };
    let host = |picked: u32, pieces: &[Piece]| {
        let host = Piece {
            props: [(CHIT.to_string(), picked.to_string())].into(),
            game: &game,
            all: pieces.iter().collect(),
        };
        again.eval(&host).expect("evaluates").render()
    };
    for picked in 0..=12 {
        let expected = [0, 1, 7].contains(&picked);
        assert_eq!(
            host(picked, &in_cup(picked)),
            expected.to_string(),
            "{picked}"
        );
    }
    // An empty cup stops the loop.
    assert_eq!(host(1, &[]), "false");
}

#[test]
fn with_values_the_module_decides_surrender_and_the_look_as_the_rule_does() {
    let dir = common::TempDir::new("morale");
    common::copy_game(&common::repo(), "lsam", dir.path());
    let values = "values = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]";
    common::patch(dir.path(), "rules/lsam.toml", "values = []", values).expect("patch");
    let game = load(dir.path());
    let m = game.rules.morale.as_ref().expect("[morale]");
    let tx = default_texts(&game);
    let (look, surrender) = (look_report(&game, m, &tx), surrender_report(&game, m, &tx));
    for chit in 1..=12 {
        let value = chit_value(m, chit).expect("a value per chit");
        for damage in 0..=25 {
            let b = Board {
                value: Some(value),
                ..board(damage, chit)
            };
            let said = eval(&game, &surrender, &b);
            let surrendered = said.starts_with("Surrender (");
            assert_eq!(
                surrendered,
                surrenders(damage, value),
                "chit {chit}, {damage}: {said}"
            );
            if surrendered {
                assert!(said.contains(&format!("value {value}")), "{said}");
            }
            // The look never puts the value in the chat, which both sides read.
            let seen = eval(&game, &look, &b);
            assert_eq!(
                seen.contains("shown to Germany only"),
                may_look(m, damage),
                "chit {chit}, {damage}: {seen}"
            );
            assert!(!seen.contains(&format!("value {value}")), "{seen}");
        }
    }
    // The Victory report: a surrender is the whole result (12.0 step 1); below it, the score follows.
    let plan =
        vmodc::concept::plan::Plan::new(&game, default_texts(&game), vmodc::concept::CONCEPTS);
    let report = vmodc::concept::victory::module::victory_report(&game, &plan).expect("victory");
    let with_13 = |damage| Board {
        value: Some(13),
        ..board(damage, 5)
    };
    let at_14 = eval(&game, &report, &with_13(14));
    assert!(at_14.contains("German strategic victory"), "{at_14}");
    assert!(!at_14.contains("Victory points"), "{at_14}");
    let at_13 = eval(&game, &report, &with_13(13));
    assert!(at_13.starts_with("No surrender"), "{at_13}");
    assert!(at_13.contains("Victory points"), "{at_13}");
    assert!(at_13.contains("Soviet damage markers 13"), "{at_13}");
    // 8.33: strictly above the value (上回った): 13 markers against a 13 is no surrender.
    assert!(!surrenders(13, 13) && surrenders(14, 13));
}

#[test]
fn the_morale_check_reads_the_one_known_row() {
    let game = load(Path::new("."));
    let m = game.rules.morale.as_ref().expect("[morale]");
    let check = m.check.as_ref().expect("[morale.check]");
    assert_eq!(check.max_failures.as_ref().map(|x| x.value), Some(3));
    let tx = default_texts(&game);
    let report = check_report(&game, m, &tx);
    for damage in [12, 13, 14] {
        for roll in 1..=6 {
            let b = Board {
                roll,
                ..board(damage, 1)
            };
            let said = eval(&game, &report, &b);
            let expected = match check_outcome(check, damage, roll) {
                CheckOutcome::Failure => "failure",
                CheckOutcome::NoEffect => "no effect",
                CheckOutcome::Unknown => "not in the rules data",
            };
            assert!(said.contains(expected), "{damage}, {roll}: {said}");
        }
    }
    // 8.35: at 13 markers, 1-4 no effect, 5-6 a failure; no other row is in the text.
    let at_13: Vec<CheckOutcome> = (1..=6).map(|r| check_outcome(check, 13, r)).collect();
    assert_eq!(at_13[..4], [CheckOutcome::NoEffect; 4]);
    assert_eq!(at_13[4..], [CheckOutcome::Failure; 2]);
    assert_eq!(check_outcome(check, 12, 6), CheckOutcome::Unknown);
}

/// The built modules: the 12 chits stand in the cup's at-start stack, each masked to everybody
/// (`nobody`, VASSAL's `Deck.NO_USER`), seen through only by the roster's German side (in each
/// language the side as the roster names it, which `PlayerSide` returns), and dealt to that side.
#[test]
fn the_built_chits_are_masked_to_all_but_the_rosters_german_side() {
    use vmodc::vassal::sequence_encoder::{decode, SequenceDecoder};
    use vmodc::verify::{self, decode_add_piece, ModuleView};
    for (file, cup, german) in [
        ("dist/lsam-en.vmod", "Soviet morale cup", "Germany"),
        // The roster's sides are the same in every language (docs/identity.md).
        ("dist/lsam-ja.vmod", "ソ連軍戦意マーカーの容器", "Germany"),
    ] {
        let bytes = std::fs::read(file).expect("built module");
        let view: ModuleView = verify::open_module(&bytes).expect("module opens");
        let nodes = view.root.walk();
        let roster: Vec<String> = nodes
            .iter()
            .filter(|n| n.tag.ends_with("PlayerRoster"))
            .flat_map(|n| n.walk())
            .filter(|n| n.tag == "entry")
            .map(|n| n.text.clone())
            .collect();
        assert!(roster.iter().any(|s| s == german), "{file}: {roster:?}");
        let stack = nodes
            .iter()
            .find(|n| n.tag.ends_with("SetupStack") && n.attr("location") == cup)
            .unwrap_or_else(|| panic!("{file}: no stack {cup}"));
        let slots: Vec<_> = stack
            .walk()
            .into_iter()
            .filter(|n| n.tag.ends_with("PieceSlot"))
            .collect();
        assert_eq!(slots.len(), 12, "{file}: 12 chits (8.32)");
        for slot in slots {
            let traits = decode_add_piece(&slot.text).expect("chit decodes").traits;
            let (type_, state) = traits
                .iter()
                .find(|(t, _)| t.starts_with("obs;"))
                .expect("a Mask");
            assert_eq!(decode(state, ';')[0], "nobody");
            let mut d = SequenceDecoder::new(&type_["obs;".len()..], ';');
            let fields: Vec<String> = std::iter::from_fn(|| d.next_token()).collect();
            // Obscurable.mySetType: access is the 6th field, the deal expression the 11th.
            let access = fields[5].strip_prefix("sides:").expect("a side list");
            assert_eq!(decode(access, ':'), [german.to_string()], "{file}");
            assert_eq!(fields[10], german, "{file}");
        }
    }
}
