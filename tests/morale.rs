//! Morale chits (concept `morale`, The Last Stand at Moscow 8.3): the module's own expressions for
//! the look, the surrender check and the morale check, evaluated against the Rust rule in
//! `morale::threshold`. The shipped data has no chit values, so the module must say so; a copy of
//! the game with values typed in must decide everything by itself.

use crate::common;
use std::collections::BTreeMap;
use std::path::Path;
use vmodc::concept::combat::module::count_property;
use vmodc::concept::morale::module::{
    check_report, look_report, surrender_report, CHECK_ROLL, CHIT,
};
use vmodc::concept::morale::threshold::{
    check_outcome, chit_value, may_look, surrenders, CheckOutcome,
};
use vmodc::diag::Sources;
use vmodc::i18n::Texts;
use vmodc::model::Game;
use vmodc::vassal::expression::Expr;

fn load(root: &Path) -> Game {
    let mut sources = Sources::default();
    vmodc::load::load_game(root, "lsam", &mut sources).expect("lsam loads")
}

/// The text `e` gives with the drawn chit, the damage count and the check roll set.
fn eval(game: &Game, e: &Expr, chit: u32, damage: u32, roll: u32) -> String {
    let m = game.rules.morale.as_ref().expect("[morale]");
    let props: BTreeMap<String, String> = [
        (CHIT.to_string(), chit.to_string()),
        (count_property(&m.count), damage.to_string()),
        (CHECK_ROLL.to_string(), roll.to_string()),
    ]
    .into();
    e.eval(&common::module_piece::Props(props))
        .expect("evaluates")
        .render()
}

#[test]
fn without_values_the_module_says_what_the_players_compare() {
    let game = load(Path::new("."));
    let m = game.rules.morale.as_ref().expect("lsam has [morale]");
    assert_eq!(m.chits.value, 12);
    assert!(m.values.is_empty(), "no chit value is in the sources");
    let tx = Texts::new(&game, None);
    let look = look_report(m, &tx);
    assert!(eval(&game, &look, 0, 20, 1).contains("none drawn yet"));
    let refused = eval(&game, &look, 5, 12, 1);
    assert!(refused.contains("refused: 12"), "{refused}");
    assert!(refused.contains("from 13 on"), "{refused}");
    let allowed = eval(&game, &look, 5, 13, 1);
    assert!(allowed.contains("may look (13"), "{allowed}");
    assert!(allowed.contains("not in the rules data"), "{allowed}");
    let surrender = eval(&game, &surrender_report(m, &tx), 5, 17, 1);
    assert!(
        surrender.contains("17 Soviet damage markers"),
        "{surrender}"
    );
    assert!(surrender.contains("unknown to the module"), "{surrender}");
}

#[test]
fn with_values_the_module_decides_surrender_and_the_look_as_the_rule_does() {
    let dir = common::TempDir::new("morale");
    common::copy_game(&common::repo(), "lsam", dir.path());
    let values = "values = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]";
    common::patch(dir.path(), "rules/lsam.toml", "values = []", values).expect("patch");
    let game = load(dir.path());
    let m = game.rules.morale.as_ref().expect("[morale]");
    let tx = Texts::new(&game, None);
    let (look, surrender) = (look_report(m, &tx), surrender_report(m, &tx));
    for chit in 1..=12 {
        let value = chit_value(m, chit).expect("a value per chit");
        for damage in 0..=25 {
            let said = eval(&game, &surrender, chit, damage, 1);
            let surrendered = said.starts_with("Surrender (");
            assert_eq!(
                surrendered,
                surrenders(damage, value),
                "chit {chit}, {damage}: {said}"
            );
            if surrendered {
                assert!(said.contains(&format!("value {value}")), "{said}");
            }
            let seen = eval(&game, &look, chit, damage, 1);
            let shown = seen.contains(&format!("value {value}"));
            assert_eq!(shown, may_look(m, damage), "chit {chit}, {damage}: {seen}");
            assert_eq!(!shown, seen.contains("refused"), "{seen}");
        }
    }
    // The Victory report: a surrender is the whole result (12.0 step 1); below it, the score follows.
    let plan = vmodc::emit::plan::Plan::new(&game, Texts::new(&game, None));
    let victory = game.scenarios[0].victory.as_ref().expect("victory");
    let report = vmodc::concept::victory::module::victory_report(&game, &plan, victory);
    let at_14 = eval(&game, &report, 5, 14, 1); // chit 5 is 13
    assert!(at_14.contains("German strategic victory"), "{at_14}");
    assert!(!at_14.contains("Victory points"), "{at_14}");
    let at_13 = eval(&game, &report, 5, 13, 1);
    assert!(at_13.starts_with("No surrender"), "{at_13}");
    assert!(at_13.contains("Victory points"), "{at_13}");
    // 8.33: strictly above the value (上回った): 13 markers against a 13 is no surrender.
    assert!(!surrenders(13, 13) && surrenders(14, 13));
}

#[test]
fn the_morale_check_reads_the_one_known_row() {
    let game = load(Path::new("."));
    let m = game.rules.morale.as_ref().expect("[morale]");
    let check = m.check.as_ref().expect("[morale.check]");
    assert_eq!(check.max_failures.as_ref().map(|x| x.value), Some(3));
    let tx = Texts::new(&game, None);
    let report = check_report(m, &tx);
    for damage in [12, 13, 14] {
        for roll in 1..=6 {
            let said = eval(&game, &report, 1, damage, roll);
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
