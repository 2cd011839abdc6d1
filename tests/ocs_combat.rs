//! OCS combat odds as the series rules define them (rules/ocs.toml): the larger total over the
//! smaller, rounded once a half up (4.1, 4.2, 9.7), the closest column at or below (9.7a: 6:1 on
//! 5:1, p.16), no cap (9:1 is an Open column, 9.8, p.16), the end column for odds beyond the table,
//! before and after shifts (9.1g), and a column the text does not give past 9:1, below 1:4, or
//! against a defence of 0 (9.14a: the rightmost column). The regression vectors of the rulebook's
//! examples, in the Rust rule, in `vmodc odds`, and in the module's own expressions.

use crate::common::module_piece::Piece;
use crate::common::{code, path, repo, show, text, vmodc};
use std::collections::BTreeMap;
use vmodc::concept::combat::module::{combat, count_property, steps};
use vmodc::concept::combat::odds::{resolve_odds, Lookup, Resolution};
use vmodc::concept::game::Game;
use vmodc::concept::module::props;
use vmodc::concept::texts::default_texts;

fn ocs() -> Game {
    crate::common::shipped_game("ocs")
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
    // 2. 9.1g: 1:12 is read on the leftmost column, 1:5, and six shifts right make it 3:1. The
    //    example names no terrain category (L36), and the Open row the text gives starts at 1:4
    //    (9.8 example 2): in it 1:12, and a shift left of 1:4, are on a column the text lacks.
    assert_eq!(col(1.0, 12.0, 0), None);
    assert_eq!(
        resolve_odds(1.0, 12.0, &g.rules.combat, &[6]).resolution,
        Resolution::UnknownColumn
    );
    assert_eq!(col(1.0, 4.0, -1), None, "left of 1:4");
    assert_eq!(col(1.0, 4.0, 0).as_deref(), Some("1:4"));
    let mut row_of_9_1g = g.rules.combat.clone();
    let mut leftmost = row_of_9_1g.columns[0].clone();
    leftmost.value = "1:5".into();
    row_of_9_1g.columns.insert(0, leftmost.clone());
    leftmost.value = "first_column".into();
    row_of_9_1g.beyond_first = Some(leftmost);
    let on_9_1g = |shift: i32| {
        let o = resolve_odds(1.0, 12.0, &row_of_9_1g, &[shift]);
        o.column(&row_of_9_1g).map(str::to_string)
    };
    assert_eq!(on_9_1g(0).as_deref(), Some("1:5"));
    assert_eq!(on_9_1g(6).as_deref(), Some("3:1"));
    assert_eq!(on_9_1g(-3).as_deref(), Some("1:5"), "clamped after shifts");
    // 3. p.14: 17 vs 10 is 2:1; attacker surprise 2 makes it 4:1; modified roll 6 is "Ao1, Do1".
    assert_eq!(col(17.0, 10.0, 0).as_deref(), Some("2:1"));
    assert_eq!(
        rules(&g, 17.0, 10.0, 2, 6),
        (Some("4:1".into()), Some("Ao1, Do1".into()))
    );
    // 4. p.16: 21 vs 3.5 is 6:1, which Open lacks: 5:1 (9.7a). Two shifts right reach the column
    //    the text calls 9:1 (one unnamed column lies between): roll 7 there is "Ao1e4, DL1o2"; any
    //    other roll, and the unnamed column, unknown.
    assert_eq!(col(21.0, 3.5, 0).as_deref(), Some("5:1"));
    let beyond = resolve_odds(21.0, 3.5, &g.rules.combat, &[2]);
    assert_eq!(beyond.resolution, Resolution::BeyondKnown { beyond: 2 });
    assert_eq!(g.rules.combat.column_beyond(2), Some("9:1"));
    assert_eq!(
        beyond.lookup(&g.rules.combat, 7),
        Lookup::Result("Ao1e4, DL1o2")
    );
    assert_eq!(beyond.lookup(&g.rules.combat, 8), Lookup::Unknown);
    let unnamed = resolve_odds(21.0, 3.5, &g.rules.combat, &[1]);
    assert_eq!(g.rules.combat.column_beyond(1), None);
    assert_eq!(unnamed.lookup(&g.rules.combat, 7), Lookup::Unknown);
    // 4b. No cap: 9:1 is an Open column (p.16, 9.8 example 1), so 18 vs 2 is read on it before any
    //     shift, and its known cells apply; 8:1 is on the unnamed column between 5:1 and 9:1 (it is
    //     7:1 or 8:1, not 6:1: p.16), 7:1 on 5:1 or on it (not known), 10:1 on 9:1 or a column past
    //     it (the text does not say 9:1 is the rightmost).
    let nine = resolve_odds(18.0, 2.0, &g.rules.combat, &[]);
    assert_eq!(nine.resolution, Resolution::BeyondKnown { beyond: 2 });
    assert_eq!(nine.read_beyond, 2);
    assert_eq!(
        nine.lookup(&g.rules.combat, 12),
        Lookup::Result("Ae3, DL2o2DG")
    );
    let eight = resolve_odds(16.0, 2.0, &g.rules.combat, &[]);
    assert_eq!(eight.resolution, Resolution::BeyondKnown { beyond: 1 });
    let eight_shifted = resolve_odds(16.0, 2.0, &g.rules.combat, &[1]);
    assert_eq!(
        eight_shifted.lookup(&g.rules.combat, 7),
        Lookup::Result("Ao1e4, DL1o2")
    );
    for (attack, defence) in [(14.0, 2.0), (20.0, 2.0), (60.0, 1.0)] {
        let o = resolve_odds(attack, defence, &g.rules.combat, &[]);
        assert_eq!(
            o.resolution,
            Resolution::UnknownColumn,
            "{attack} vs {defence}"
        );
        assert!(o.raw_unknown);
    }
    // 4c. 9.14a: an attack on a defence of 0 uses the rightmost column (before surprise shifts),
    //     which the text does not give; an attack of 0 the leftmost, likewise not in the text.
    for shift in [0, -6, 6] {
        let o = resolve_odds(5.0, 0.0, &g.rules.combat, &[shift]);
        assert_eq!(o.resolution, Resolution::UnknownColumn, "shift {shift}");
        assert_eq!(o.lookup(&g.rules.combat, 7), Lookup::Unknown);
    }
    let o = resolve_odds(0.0, 5.0, &g.rules.combat, &[3]);
    assert_eq!(o.resolution, Resolution::UnknownColumn);
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
        "1 vs 12 → 1:12, on a column the sources do not give, Attacker surprise +6 [2:? 3:? 4:? 5:? 6:? 7:? 8:? 9:? 10:? 11:? 12:?] (turn 1, unknown)"
    );
    // No cap: 9:1 before shifts, its known cell (9.8 example 1, modified 12).
    assert_eq!(
        run(&["--attack", "18", "--defence", "2", "--roll", "12"]),
        "18 vs 2 → 9:1, roll 12 → Ae3, DL2o2DG (Attacker: units of AR 3 or more may take Exploit mode. Defender: 2 step loss(es), 2 option(s), each a step loss or a hex of retreat, all defending units become DG before retreating.) (turn 1, unknown)"
    );
    // 9.4b: panzergrenadiers 8 across a river into Open against heavy AT: the river (4) or Open
    // ×1.5 (12), not both (6); the defender picks the river. 4 vs 4 is 1:1.
    assert!(run(&[
        "--attack",
        "8:panzergrenadier",
        "--across",
        "river",
        "--declare",
        "defender-open",
        "--declare",
        "defender-heavy-at",
        "--defence",
        "4"
    ])
    .starts_with("4 vs 4 → 1:1"));
    // 9.4e: light AT cuts mechanized (×1.5), not armour (×2): 6 armour + 8 panzergrenadiers = 24.
    assert!(run(&[
        "--attack",
        "6:armor",
        "--attack",
        "8:panzergrenadier",
        "--declare",
        "defender-open",
        "--declare",
        "defender-light-at",
        "--defence",
        "12"
    ])
    .starts_with("24 vs 12 → 2:1"));
    // 9.14a: a defence of 0 is attacked on the rightmost column, which the text does not give.
    assert!(run(&["--attack", "5", "--defence", "0", "--roll", "7"])
        .starts_with("5 vs 0 → defence 0, on a column the sources do not give, roll 7 → unknown"));
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
        "17 vs 10 → 2:1, Attacker surprise +2 → 4:1, roll 6 → Ao1, Do1 (Attacker: 1 option(s), each a step loss or a hex of retreat. Defender: 1 option(s), each a step loss or a hex of retreat.) (turn 1, unknown)"
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
    let tx = default_texts(game);
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
        for defence in [0u32, 1, 2, 4, 6, 8, 10, 12, 15] {
            for (a, d) in [(0, 0), (2, 0), (6, 0), (0, 3), (0, 6)] {
                for roll in [2, 6, 7, 12] {
                    let shift = a as i32 - d as i32;
                    let o = resolve_odds(f64::from(attack), f64::from(defence), combat, &[shift]);
                    let (column, result) = module(&g, attack, defence, (a, d), roll);
                    let expected_column = match o.resolution {
                        Resolution::Column { index, .. } => index as i64 + 1,
                        Resolution::BeyondKnown { beyond } => columns + beyond as i64,
                        // Far past every column, or far left of them: no shift brings it back.
                        Resolution::UnknownColumn => {
                            assert!(
                                !(1..=columns + 2).contains(&column),
                                "{attack} vs {defence}, shift {shift}: {column}"
                            );
                            column
                        }
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
    assert_eq!(cases, 10 * 9 * 5 * 4);
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
        (7, "Ao1, Do1".to_string())
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
            .starts_with("17 vs 10 → 2:1, Attacker surprise +2 → 4:1, roll 3 +3 = 6 → Ao1, Do1"),
        "{}",
        show(&out)
    );
}

/// What the module shows for one attacker of `attack` against `defence` resolved as `kind`, with
/// counts set, a combat roll and a surprise roll: the final column, the result, the modified
/// surprise roll and the combat report.
fn module_in_kind(
    game: &Game,
    attack: u32,
    defence: u32,
    counts: &[(&str, u32)],
    kind: &str,
    (roll, surprise_roll): (u32, u32),
) -> (i64, String, i64, String) {
    let tx = default_texts(game);
    let exprs = combat(game, &tx);
    let mut globals: BTreeMap<String, String> = game
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
    globals.insert(props::ATTACK_KIND.into(), kind.into());
    let attacker = Piece {
        props: globals
            .clone()
            .into_iter()
            .chain([
                ("Strength".to_string(), attack.to_string()),
                (props::COMBAT_ROLE.to_string(), "attacker".to_string()),
            ])
            .collect(),
        game,
        all: Vec::new(),
    };
    let mut defender = Piece {
        props: globals
            .into_iter()
            .chain([
                ("Strength".to_string(), defence.to_string()),
                ("BasicName".to_string(), "Defender".to_string()),
                (props::COMBAT_ROLE.to_string(), "defender".to_string()),
                (props::ATTACKER_NAMES.to_string(), "Attacker".to_string()),
                (props::DEFENDER_NAMES.to_string(), "Defender".to_string()),
            ])
            .collect(),
        game,
        all: vec![&attacker],
    };
    let surprise = exprs.surprise.as_ref().expect("OCS has a surprise check");
    for (name, expr) in surprise.steps.iter().chain(&exprs.steps) {
        let value = match *name {
            props::COMBAT_ROLL => roll.to_string(),
            props::SURPRISE_ROLL => surprise_roll.to_string(),
            _ => expr.eval(&defender).expect("step evaluates").render(),
        };
        defender.props.insert(name.to_string(), value);
    }
    let report = exprs.report.eval(&defender).expect("report").render();
    (
        defender.props[steps::FINAL].parse().expect("a column"),
        defender.props[steps::RESULT].clone(),
        defender.props[steps::SURPRISE_MODIFIED]
            .parse()
            .expect("a roll"),
        report,
    )
}

/// The overrun examples (p.16; 9.8 examples 1 and 2) and p.14's regular combat, resolved by the
/// module's own expressions: column, result, the surprise check and its outcome.
#[test]
fn the_module_reproduces_the_overrun_and_surprise_examples() {
    let g = ocs();
    // p.16: 21 vs 3.5 (here 42 vs 7) → 5:1, AR +3, surprise 6 + 3 = 9 (attacker), 2 columns → 9:1,
    // roll 4 + 3 = 7 → "Ao1e4, DL1o2".
    let counts = [("ar-attacker", 3), ("surprise-attacker", 2)];
    let (column, result, surprise, report) = module_in_kind(&g, 42, 7, &counts, "overrun", (4, 6));
    assert_eq!((column, result.as_str(), surprise), (10, "Ao1e4, DL1o2", 9));
    assert!(report.starts_with("[Overrun] Combat: Attacker vs Defender: 42 vs 7 → 5:1, Attacker surprise +2 → 9:1, roll 4 +3 = 7 → Ao1e4, DL1o2"), "{report}");
    // No side marked an AR unit: the AR difference is the toolbar counts', and the report says so.
    assert!(
        report.ends_with("; surprise check 9 → attacker surprise: roll 1d6 for the columns right; AR from the toolbar counts (a side marked no AR unit) [rule 9.2, 9.6, 9.6a, 9.11c]"),
        "{report}"
    );
    // 9.8 example 1: 4:1, AR +5, surprise 8 + 5 = 13 (attacker), 3 columns → 9:1, 7 + 5 = 12.
    let counts = [("ar-attacker", 5), ("surprise-attacker", 3)];
    let (column, result, surprise, _) = module_in_kind(&g, 40, 10, &counts, "overrun", (7, 8));
    assert_eq!(
        (column, result.as_str(), surprise),
        (10, "Ae3, DL2o2DG", 13)
    );
    // 9.8 example 2: 4:1, AR −5, surprise 10 − 5 = 5 (defender), 6 left → 1:4, 7 − 5 = 2 → "AL2".
    let counts = [("ar-defender", 5), ("surprise-defender", 6)];
    let (column, result, surprise, report) =
        module_in_kind(&g, 40, 10, &counts, "overrun", (7, 10));
    assert_eq!((column, result.as_str(), surprise), (1, "AL2", 5));
    assert!(
        report.contains("surprise check 5 → defender surprise"),
        "{report}"
    );
    // The same 5 in a regular combat is not a known outcome; p.14's 11 is.
    let (.., report) = module_in_kind(&g, 40, 10, &counts, "attack", (7, 10));
    assert!(report.starts_with("[Combat]"), "{report}");
    assert!(
        report.contains("surprise check 5 → unknown (the Surprise table"),
        "{report}"
    );
    let counts = [("ar-attacker", 3), ("surprise-attacker", 2)];
    let (column, result, surprise, report) = module_in_kind(&g, 17, 10, &counts, "attack", (3, 8));
    assert_eq!((column, result.as_str(), surprise), (7, "Ao1, Do1", 11));
    assert!(
        report.contains("surprise check 11 → attacker surprise"),
        "{report}"
    );
}

/// The module's surprise check against `Combat::modifier_sum` and `Combat::surprise_outcome` over
/// every roll, AR difference, hedgehog level and kind: the hedgehog counts −1 at any level (9.8).
#[test]
fn the_module_surprise_check_agrees_with_the_rust_rule() {
    use vmodc::concept::combat::SurpriseOutcome;
    let g = ocs();
    let combat = &g.rules.combat;
    let surprise = combat.surprise.as_ref().expect("surprise");
    let mut cases = 0;
    for kind in ["attack", "overrun"] {
        for roll in 2..=12u32 {
            for (a, d) in [(0, 0), (3, 0), (5, 0), (0, 5)] {
                for hedgehog in [0, 1, 3] {
                    let counts = [
                        ("ar-attacker", a),
                        ("ar-defender", d),
                        ("hedgehog", hedgehog),
                    ];
                    let (.., modified, report) =
                        module_in_kind(&g, 20, 10, &counts, kind, (6, roll));
                    let map: BTreeMap<&str, u32> = counts.iter().copied().collect();
                    let want = i64::from(roll) + combat.modifier_sum(&surprise.modifiers, &map);
                    assert_eq!(modified, want, "{kind} {roll} {a}/{d} hedgehog {hedgehog}");
                    assert_eq!(
                        want,
                        i64::from(roll) + i64::from(a) - i64::from(d) - i64::from(hedgehog.min(1))
                    );
                    let text = match combat.surprise_outcome(kind, want) {
                        Some(SurpriseOutcome::Attacker) => "attacker surprise",
                        Some(SurpriseOutcome::Defender) => "defender surprise",
                        Some(SurpriseOutcome::None) => "no surprise",
                        None => "unknown (the Surprise table",
                    };
                    assert!(
                        report.contains(&format!("surprise check {want} → {text}")),
                        "{report}"
                    );
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 2 * 11 * 4 * 3);
}

/// `vmodc odds ocs --kind overrun --surprise-roll N` reproduces p.16 and the two 9.8 examples.
#[test]
fn odds_command_reproduces_the_overrun_examples() {
    let run = |args: &[&str]| {
        let root = repo();
        let mut all = vec!["odds", "ocs", "--root", path(&root)];
        all.extend_from_slice(args);
        let out = vmodc(&all);
        assert_eq!(code(&out), 0, "{}", show(&out));
        text(&out.stdout)
    };
    // (attack, defence, counts, roll, surprise roll): the combat line and the surprise check.
    let examples = [
        (
            ("21", "3.5", ["ar-attacker=3", "surprise-attacker=2"], "4", "6"),
            "Overrun: 21 vs 3.5 → 5:1, Attacker surprise +2 → 9:1 (2 column(s) past 5:1), roll 4 +3 = 7 → Ao1e4, DL1o2",
            "\nsurprise check: roll 6 +3 = 9 → attacker surprise (rule 9.8)",
        ),
        (
            ("40", "10", ["ar-attacker=5", "surprise-attacker=3"], "7", "8"),
            "Overrun: 40 vs 10 → 4:1, Attacker surprise +3 → 9:1 (2 column(s) past 5:1), roll 7 +5 = 12 → Ae3, DL2o2DG",
            "surprise check: roll 8 +5 = 13 → attacker surprise",
        ),
        (
            ("40", "10", ["ar-defender=5", "surprise-defender=6"], "7", "10"),
            "Overrun: 40 vs 10 → 4:1, Defender surprise -6 → 1:4, roll 7 -5 = 2 → AL2",
            "surprise check: roll 10 -5 = 5 → defender surprise",
        ),
    ];
    for ((attack, defence, [first, second], roll, surprise), line, check) in examples {
        let out = run(&[
            "--kind",
            "overrun",
            "--attack",
            attack,
            "--defence",
            defence,
            "--count",
            first,
            "--count",
            second,
            "--roll",
            roll,
            "--surprise-roll",
            surprise,
        ]);
        assert!(out.starts_with(line), "{out}");
        assert!(out.contains(check), "{out}");
    }
    // The same 9 in a regular combat is not given: unknown, not guessed.
    let out = run(&[
        "--attack",
        "21",
        "--defence",
        "3.5",
        "--count",
        "ar-attacker=3",
        "--surprise-roll",
        "6",
    ]);
    assert!(
        out.contains(
            "surprise check: roll 6 +3 = 9 → unknown (the Surprise table is not in the sources)"
        ),
        "{out}"
    );
}

/// p.14 staged as the module plays it: the three German units marked as attackers (the
/// panzergrenadiers across the river, the armour against a declared heavy-AT defender), the stack
/// total marked as the defender under a DG marker. The module's own expressions give 17 vs 10 →
/// 2:1, Attacker surprise +2 → 4:1, roll 3 + 3 = 6 → "Ao1, Do1"; the Rust rule agrees unit by unit.
#[test]
fn the_staged_p14_attack_reads_17_vs_10_from_the_pieces() {
    use crate::common::module_piece::{InStack, Props};
    use vmodc::concept::combat::modifiers::{attack_in, attack_of, Attacker};
    use vmodc::concept::combat::module::{attack_scale, declared_property};
    use vmodc::concept::map::module::across_property;
    use vmodc::concept::modes::derive::{mode_of, scaled};
    use vmodc::concept::modes::module::{
        strength_factor_expr, MARKER_COUNT, MARKER_ID, MODE_STRENGTH,
    };

    let game = ocs();
    let tx = default_texts(&game);
    let exprs = combat(&game, &tx);
    let scale = attack_scale(&game);
    let heavy_at = ["defender-open", "defender-heavy-at"];

    // The Rust rule, unit by unit (9.4, 9.4b, 9.4e; 5.10b): the panzergrenadiers' river (×1/2)
    // and their Open ×1.5 do not multiply (9.4b): the defender picks the river.
    let modifiers = &game.rules.combat.attack_modifiers;
    let pzgren = Attacker {
        strength: 8.0,
        unit_type: Some("panzergrenadier"),
        across: &["river"],
        attack_kind: Some("attack"),
        declared: &heavy_at,
    };
    assert_eq!(
        attack_of(modifiers, &pzgren, None).expect("decided"),
        6.0,
        "both multiplied"
    );
    assert_eq!(
        attack_in(&game.rules.combat, &pzgren, None).expect("decided"),
        4.0
    );
    let attack: f64 = [
        (4.0, "motorcycle", &[][..]),
        (8.0, "panzergrenadier", &["river"][..]),
        (6.0, "armor", &[][..]),
    ]
    .iter()
    .map(|(strength, unit_type, across)| {
        let unit = Attacker {
            strength: *strength,
            unit_type: Some(unit_type),
            across,
            attack_kind: Some("attack"),
            declared: &heavy_at,
        };
        attack_in(&game.rules.combat, &unit, None).expect("decided")
    })
    .sum();
    let dg = mode_of(&game, "combat", &["dg"]).expect("DG mode");
    let defence = scaled(20.0, dg.strength.as_deref().map(|s| s.as_str()));
    assert_eq!((attack, defence), (17.0, 10.0));

    // The defender's mode factor, read over its stack with a DG marker on it.
    let stand_in = game
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == "p14-defenders")
        .expect("the stack total");
    let dg_marker = Props(BTreeMap::from([
        (MARKER_ID.to_string(), "dg".to_string()),
        (MARKER_COUNT.to_string(), "1".to_string()),
    ]));
    let me = || {
        Props(BTreeMap::from([(
            "Step_Level".to_string(),
            "1".to_string(),
        )]))
    };
    let factor = strength_factor_expr(&game, stand_in)
        .expect("OCS modes change strength")
        .eval(&InStack(me(), vec![me(), dg_marker]))
        .expect("evaluates")
        .render();

    let set = [("ar-attacker", 3), ("surprise-attacker", 2)];
    let mut globals: Vec<(String, String)> = game
        .rules
        .combat
        .counts
        .iter()
        .map(|c| {
            let value = set
                .iter()
                .find(|(id, _)| *id == c.id.as_str())
                .map_or(0, |s| s.1);
            (count_property(&c.id), value.to_string())
        })
        .collect();
    globals.push((declared_property("defender-open"), "1".into()));
    globals.push((declared_property("defender-heavy-at"), "1".into()));
    globals.push((props::ATTACK_KIND.into(), "attack".into()));
    let piece = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .chain(globals.iter().cloned())
            .collect()
    };
    let river = across_property("river");
    let attackers = [
        piece(&[("Strength", "4"), ("Type", "motorcycle")]),
        piece(&[
            ("Strength", "8"),
            ("Type", "panzergrenadier"),
            (&river, "1"),
        ]),
        piece(&[("Strength", "6"), ("Type", "armor")]),
    ];
    let attackers: Vec<Piece> = attackers
        .into_iter()
        .map(|mut props| {
            props.insert(props::COMBAT_ROLE.into(), "attacker".into());
            Piece {
                props,
                game: &game,
                all: Vec::new(),
            }
        })
        .collect();
    let mut defender = Piece {
        props: piece(&[
            ("Strength", "20"),
            ("BasicName", "Defending stack"),
            (MODE_STRENGTH, &factor),
            (props::COMBAT_ROLE, "defender"),
            (props::ATTACKER_NAMES, "Motorcycle, Panzergrenadier, Armour"),
            (props::DEFENDER_NAMES, "Defending stack"),
        ]),
        game: &game,
        all: attackers.iter().collect(),
    };
    for (name, expr) in &exprs.steps {
        let value = if *name == props::COMBAT_ROLL {
            "3".to_string()
        } else {
            expr.eval(&defender).expect("step evaluates").render()
        };
        defender.props.insert(name.to_string(), value);
    }
    let step = |name: &str| defender.props[name].parse::<i64>().expect(name);
    assert_eq!(step(steps::ATTACK), 17 * scale);
    assert_eq!(step(steps::DEFENCE), 10 * scale);
    let column = |c: &str| {
        game.rules
            .combat
            .columns
            .iter()
            .position(|x| x.as_str() == c)
            .unwrap() as i64
            + 1
    };
    assert_eq!(step(steps::RAW), column("2:1"));
    assert_eq!(step(steps::FINAL), column("4:1"));
    assert_eq!(defender.props[steps::RESULT], "Ao1, Do1");
    let report = exprs.report.eval(&defender).expect("report").render();
    assert!(report.contains("17 vs 10 → 2:1"), "{report}");
    assert!(report.contains("3 +3 = 6"), "{report}");
}
