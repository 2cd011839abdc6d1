//! OCS combat odds as the series rules define them (rules/ocs.toml): the larger total over the
//! smaller, rounded once a half up (4.1, 4.2, 9.7), the next lower column (9.7a), the end column for
//! odds beyond the table, before and after shifts (9.1g), and a column the text does not give past
//! 5:1. The regression vectors of the rulebook's examples, in the Rust rule, in `vmodc odds`, and in
//! the module's own expressions.

use crate::common::module_piece::Piece;
use crate::common::{code, path, repo, show, text, vmodc};
use std::collections::BTreeMap;
use std::path::Path;
use vmodc::concept::combat::module::{combat, count_property, steps};
use vmodc::concept::combat::odds::{resolve_odds, Lookup, Resolution};
use vmodc::concept::module::props;
use vmodc::i18n::Texts;
use vmodc::model::Game;

fn ocs() -> Game {
    let mut sources = vmodc::diag::Sources::default();
    vmodc::load::load_game(Path::new("."), "ocs", &mut sources).expect("ocs loads")
}

/// The column rolled on after `shift` columns (`None` past the columns the text gives), and the
/// cell of `roll` on it.
fn rules(
    game: &Game,
    attack: f64,
    defence: f64,
    shift: i32,
    roll: u32,
) -> (Option<String>, Option<String>) {
    let combat = &game.rules.combat;
    let o = resolve_odds(attack, defence, combat, &[shift]);
    let cell = match o.lookup(combat, roll) {
        Lookup::Result(r) => Some(r.to_string()),
        _ => None,
    };
    (o.column(combat).map(str::to_string), cell)
}

#[test]
fn regression_vectors_in_the_rust_rule() {
    let g = ocs();
    let col = |a: f64, d: f64, s: i32| rules(&g, a, d, s, 2).0;
    // 1. Rounded once, a half up (4.2): 9.75 vs 2 = 4.875 is 5:1; 15 vs 6 = 2.5 is 3:1; 6 vs 15 is 1:3.
    assert_eq!(col(9.75, 2.0, 0).as_deref(), Some("5:1"));
    assert_eq!(col(15.0, 6.0, 0).as_deref(), Some("3:1"));
    assert_eq!(col(6.0, 15.0, 0).as_deref(), Some("1:3"));
    // 2. 1:12 is the leftmost column, 1:5, and six shifts right make it 3:1 (9.1g).
    assert_eq!(col(1.0, 12.0, 0).as_deref(), Some("1:5"));
    assert_eq!(col(1.0, 12.0, 6).as_deref(), Some("3:1"));
    assert_eq!(
        col(1.0, 12.0, -3).as_deref(),
        Some("1:5"),
        "clamped after shifts"
    );
    // 3. p.14: 17 vs 10 is 2:1; attacker surprise 2 makes it 4:1; modified roll 6 is "Ao1, Do1".
    assert_eq!(col(17.0, 10.0, 0).as_deref(), Some("2:1"));
    assert_eq!(
        rules(&g, 17.0, 10.0, 2, 6),
        (Some("4:1".into()), Some("Ao1, Do1".into()))
    );
    // 4. p.16: 21 vs 3.5 is 6:1, which Open lacks: 5:1 (9.7a). Two shifts right reach a column past
    //    5:1 that the text does not give (it names 9:1): unknown, not guessed.
    assert_eq!(col(21.0, 3.5, 0).as_deref(), Some("5:1"));
    let beyond = resolve_odds(21.0, 3.5, &g.rules.combat, &[2]);
    assert_eq!(beyond.resolution, Resolution::BeyondKnown { beyond: 2 });
    assert_eq!(beyond.lookup(&g.rules.combat, 7), Lookup::Unknown);
    // 5. 9.8 example 1: 4:1 unshifted, modified 12: "Ae4, DL1o2".
    assert_eq!(
        rules(&g, 40.0, 10.0, 0, 12),
        (Some("4:1".into()), Some("Ae4, DL1o2".into()))
    );
    // 6. 9.8 example 2: 4:1 shifted six left is 1:4, modified 2: "AL2"; unshifted "AL1o1, Do1".
    assert_eq!(
        rules(&g, 40.0, 10.0, -6, 2),
        (Some("1:4".into()), Some("AL2".into()))
    );
    assert_eq!(rules(&g, 40.0, 10.0, 0, 2).1.as_deref(), Some("AL1o1, Do1"));
    // Any other cell is unknown.
    assert_eq!(rules(&g, 40.0, 10.0, 0, 7).1, None);
}

#[test]
fn odds_command_reproduces_vectors_1_and_2() {
    let run = |args: &[&str]| {
        let root = repo();
        let mut all = vec!["odds", "ocs", "--root", path(&root)];
        all.extend_from_slice(args);
        let out = vmodc(&all);
        assert_eq!(code(&out), 0, "{}", show(&out));
        text(&out.stdout).lines().next().unwrap_or("").to_string()
    };
    assert!(run(&["--attack", "9.75", "--defence", "2"]).starts_with("9.75 vs 2 → 5:1 → 5:1"));
    assert!(run(&["--attack", "15", "--defence", "6"]).starts_with("15 vs 6 → 3:1 → 3:1"));
    assert!(run(&["--attack", "6", "--defence", "15"]).starts_with("6 vs 15 → 1:3 → 1:3"));
    assert_eq!(
        run(&["--attack", "1", "--defence", "12", "--count", "surprise-attacker=6"]),
        "1 vs 12 → 1:5, attacker surprise +6 → 3:1 [2:? 3:? 4:? 5:? 6:? 7:? 8:? 9:? 10:? 11:? 12:?] (turn 1, unknown)"
    );
    assert_eq!(
        run(&[
            "--attack",
            "17",
            "--defence",
            "10",
            "--count",
            "surprise-attacker=2",
            "--roll",
            "6"
        ]),
        "17 vs 10 → 2:1, attacker surprise +2 → 4:1, roll 6 → Ao1, Do1 (Attacker: 1 option(s), each a step loss or a hex of retreat. Defender: 1 option(s), each a step loss or a hex of retreat.) (turn 1, unknown)"
    );
}

/// The module's final column (1-based; past the last when beyond the known columns) and its result
/// for one attacker of `attack` against `defence`, with the surprise counts and a combat roll.
fn module(
    game: &Game,
    attack: u32,
    defence: u32,
    surprise: (u32, u32),
    roll: u32,
) -> (i64, String) {
    let counts = [
        ("surprise-attacker", surprise.0),
        ("surprise-defender", surprise.1),
    ];
    module_with(game, attack, defence, &counts, roll)
}

/// The same with any counts set (the others at their lowest, 0).
fn module_with(
    game: &Game,
    attack: u32,
    defence: u32,
    counts: &[(&str, u32)],
    roll: u32,
) -> (i64, String) {
    let tx = Texts::new(game, None);
    let exprs = combat(game, &tx);
    let globals: Vec<(String, String)> = game
        .rules
        .combat
        .counts
        .iter()
        .map(|c| {
            let value = counts
                .iter()
                .find(|(id, _)| *id == c.id.as_str())
                .map_or(0, |(_, v)| *v);
            (count_property(&c.id), value.to_string())
        })
        .collect();
    let with = |pairs: &[(&str, String)]| -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .chain(globals.iter().cloned())
            .collect()
    };
    let attacker = Piece {
        props: with(&[
            ("Strength", attack.to_string()),
            ("Side", "axis".into()),
            (props::COMBAT_ROLE, "attacker".into()),
        ]),
        game,
        all: Vec::new(),
    };
    let mut defender = Piece {
        props: with(&[
            ("Strength", defence.to_string()),
            ("Side", "soviet".into()),
            ("BasicName", "Defender".into()),
            (props::COMBAT_ROLE, "defender".into()),
        ]),
        game,
        all: vec![&attacker],
    };
    for (name, expr) in &exprs.steps {
        let value = if *name == props::COMBAT_ROLL {
            roll.to_string()
        } else {
            expr.eval(&defender).expect("step evaluates").render()
        };
        defender.props.insert(name.to_string(), value);
    }
    let column = defender.props[steps::FINAL].parse().expect("a column");
    (column, defender.props[steps::RESULT].clone())
}

#[test]
fn module_expressions_agree_with_the_rust_rule() {
    let g = ocs();
    let combat = &g.rules.combat;
    let columns = combat.columns.len() as i64;
    let mut cases = 0;
    for attack in [1u32, 3, 6, 10, 15, 17, 21, 39, 40, 60] {
        for defence in [1u32, 2, 4, 6, 8, 10, 12, 15] {
            for (a, d) in [(0, 0), (2, 0), (6, 0), (0, 3), (0, 6)] {
                for roll in [2, 6, 7, 12] {
                    let shift = a as i32 - d as i32;
                    let o = resolve_odds(f64::from(attack), f64::from(defence), combat, &[shift]);
                    let (column, result) = module(&g, attack, defence, (a, d), roll);
                    let expected_column = match o.resolution {
                        Resolution::Column { index, .. } => index as i64 + 1,
                        Resolution::BeyondKnown { beyond } => columns + beyond as i64,
                        ref other => panic!("{attack} vs {defence}: {other:?}"),
                    };
                    assert_eq!(
                        column, expected_column,
                        "{attack} vs {defence}, shift {shift}"
                    );
                    match o.lookup(combat, roll) {
                        Lookup::Result(r) => assert_eq!(result, r),
                        _ => assert!(result.starts_with("unknown"), "{result}"),
                    }
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 10 * 8 * 5 * 4);
}

/// The p.14 combat roll: 3, plus the AR difference 5 − 2 = +3, is 6 on the 4:1 column (after the
/// attacker's surprise of 2): "Ao1, Do1", in `vmodc odds` and in the module's steps; a hedgehog level
/// of 2 lowers it to 4, a cell the text does not give.
#[test]
fn the_roll_adds_the_ar_difference_and_subtracts_the_hedgehog() {
    let g = ocs();
    let counts = [("surprise-attacker", 2), ("ar-attacker", 3)];
    assert_eq!(
        module_with(&g, 17, 10, &counts, 3),
        (8, "Ao1, Do1".to_string())
    );
    let hedgehog = [
        ("surprise-attacker", 2),
        ("ar-attacker", 3),
        ("hedgehog", 2),
    ];
    let (_, result) = module_with(&g, 17, 10, &hedgehog, 3);
    assert!(result.starts_with("unknown"), "{result}");
    let root = repo();
    let out = vmodc(&[
        "odds",
        "ocs",
        "--root",
        path(&root),
        "--attack",
        "17",
        "--defence",
        "10",
        "--count",
        "surprise-attacker=2",
        "--count",
        "ar-attacker=3",
        "--roll",
        "3",
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(
        text(&out.stdout)
            .starts_with("17 vs 10 → 2:1, attacker surprise +2 → 4:1, roll 3 +3 = 6 → Ao1, Do1"),
        "{}",
        show(&out)
    );
}
