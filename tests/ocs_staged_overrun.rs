//! The p.16 overrun staged as a scenario (scenarios/ocs/p16-overrun.toml): the module's own combat
//! expressions, on the staged pieces' printed values, a DG marker on the defender and the players'
//! toolbar settings, give the example's numbers: 21 vs 3.5 → 5:1, AR +3, surprise 6 + 3 = 9 → 9:1,
//! roll 4 + 3 = 7 → "Ao1e4, DL1o2".

use crate::common::module_piece::{InStack, Piece, Props};
use std::collections::BTreeMap;
use vmodc::concept::combat::module::{combat, count_property, steps};
use vmodc::concept::game::{Game, Unit};
use vmodc::concept::modes::derive::mode_of;
use vmodc::concept::modes::module::{strength_factor_expr, MARKER_COUNT, MARKER_ID, MODE_STRENGTH};
use vmodc::concept::module::props;
use vmodc::concept::texts::default_texts;

fn ocs() -> Game {
    crate::common::shipped_game("ocs")
}

/// The staged unit at `hex` in the p.16 scenario, and its printed values on the face it shows.
fn staged<'g>(game: &'g Game, hex: &str) -> (&'g Unit, Vec<String>) {
    let scenario = game
        .scenarios
        .iter()
        .find(|s| s.scenario.id.as_str() == "p16-overrun")
        .expect("the p.16 scenario");
    let placed = scenario
        .setup
        .iter()
        .find(|p| p.hex.as_str() == hex)
        .expect("a unit staged there");
    let unit = game
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == placed.unit.as_str())
        .expect("a unit");
    let values = unit.faces[placed.face.as_str()]
        .split('-')
        .map(str::to_string)
        .collect();
    (unit, values)
}

/// The unit's mode strength factor, evaluated by the module's expression over its stack.
fn factor(game: &Game, unit: &Unit, markers: &[&str]) -> String {
    let me = || Props(BTreeMap::from([("Step_Level".into(), "1".into())]));
    let mut stack = vec![me()];
    stack.extend(markers.iter().map(|m| {
        Props(BTreeMap::from([
            (MARKER_ID.to_string(), m.to_string()),
            (MARKER_COUNT.to_string(), "1".to_string()),
        ]))
    }));
    strength_factor_expr(game, unit)
        .expect("OCS modes change strength")
        .eval(&InStack(me(), stack))
        .expect("evaluates")
        .render()
}

#[test]
fn the_staged_p16_overrun_reads_the_examples_numbers() {
    let game = ocs();
    let (attacker_unit, attack) = staged(&game, "A05.03");
    let (defender_unit, defence) = staged(&game, "A06.03");
    assert_eq!((attack[0].as_str(), attack[1].as_str()), ("21", "5"));
    assert_eq!((defence[0].as_str(), defence[1].as_str()), ("7", "3"));
    // The AR difference the players set: 5 against 3 lowered by DG (5.10b, 9.6a).
    let dg = mode_of(&game, "combat", &["dg"]).expect("DG mode");
    let change = dg.action_rating_change.as_ref().map_or(0, |c| c.value);
    let ar: i32 = attack[1].parse::<i32>().unwrap() - (defence[1].parse::<i32>().unwrap() + change);
    assert_eq!(ar, 3);

    let tx = default_texts(&game);
    let exprs = combat(&game, &tx);
    let set = [("ar-attacker", ar as u32), ("surprise-attacker", 2)];
    let mut globals: BTreeMap<String, String> = game
        .rules
        .combat
        .counts
        .iter()
        .map(|c| {
            let v = set
                .iter()
                .find(|(id, _)| *id == c.id.as_str())
                .map_or(0, |s| s.1);
            (count_property(&c.id), v.to_string())
        })
        .collect();
    globals.insert(props::ATTACK_KIND.into(), "overrun".into());
    let with = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
        globals
            .clone()
            .into_iter()
            .chain(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
            .collect()
    };
    let attacker_factor = factor(&game, attacker_unit, &[]);
    let attacker = Piece {
        props: with(&[
            ("Strength", &attack[0]),
            ("Type", attacker_unit.unit_type.as_str()),
            (MODE_STRENGTH, &attacker_factor),
            (props::COMBAT_ROLE, "attacker"),
        ]),
        game: &game,
        all: Vec::new(),
    };
    let defender_factor = factor(&game, defender_unit, &["dg"]);
    let mut defender = Piece {
        props: with(&[
            ("Strength", &defence[0]),
            ("Type", defender_unit.unit_type.as_str()),
            ("BasicName", defender_unit.display_name()),
            (MODE_STRENGTH, &defender_factor),
            (props::COMBAT_ROLE, "defender"),
            (props::ATTACKER_NAMES, attacker_unit.display_name()),
            (props::DEFENDER_NAMES, defender_unit.display_name()),
        ]),
        game: &game,
        all: vec![&attacker],
    };
    let surprise = exprs.surprise.as_ref().expect("OCS has a surprise check");
    for (name, e) in surprise.steps.iter().chain(&exprs.steps) {
        let value = match *name {
            props::COMBAT_ROLL => "4".to_string(),
            props::SURPRISE_ROLL => "6".to_string(),
            _ => e.eval(&defender).expect("step evaluates").render(),
        };
        defender.props.insert(name.to_string(), value);
    }
    assert_eq!(defender.props[steps::SURPRISE_MODIFIED], "9");
    assert_eq!(defender.props[steps::RESULT], "Ao1e4, DL1o2");
    let report = exprs.report.eval(&defender).expect("report").render();
    assert!(
        report
            .contains("21 vs 3.5 → 5:1, Attacker surprise +2 → 9:1, roll 4 +3 = 7 → Ao1e4, DL1o2"),
        "{report}"
    );
    assert!(
        report.contains("surprise check 9 → attacker surprise"),
        "{report}"
    );
}
