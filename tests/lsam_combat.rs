//! The Last Stand at Moscow's combat (6.0, 6.3, 9.2): the text's rounding examples and its column
//! shifts (weather, German offensive supply, the Soviet damage count, air points) through
//! `vmodc odds lsam`, and the module's own expressions against the Rust rule logic for the same cases.

use crate::common::module_piece::Piece;
use crate::common::{code, path, repo, show, text, vmodc};
use std::collections::BTreeMap;
use std::process::Output;
use vmodc::concept::combat::module::{combat, count_property, declared_property, steps};
use vmodc::concept::combat::odds::{resolve_odds, Resolution};
use vmodc::concept::combat::shifts::{declared_in, shift_values, Situation};
use vmodc::concept::game::Game;
use vmodc::concept::modes::module::MARKER_ID;
use vmodc::concept::module::props;
use vmodc::concept::morale::module::board_count;
use vmodc::concept::plan::box_region;
use vmodc::concept::texts::default_texts;
use vmodc::vassal::expression::{CURRENT_MAP, LOCATION_NAME};

fn lsam() -> Game {
    crate::common::shipped_game("lsam")
}

/// `vmodc odds lsam` on the shipped data with these arguments.
fn odds(extra: &[&str]) -> Output {
    let root = repo();
    let mut args = vec!["odds", "lsam", "--root", path(&root)];
    args.extend_from_slice(extra);
    vmodc(&args)
}

/// The first line of a successful `odds` (the combat), after checking the unknown-CRT note.
fn line(extra: &[&str]) -> String {
    let out = odds(extra);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("the CRT is not in the sources: its cells are unknown"),
        "{}",
        show(&out)
    );
    stdout.lines().next().unwrap_or("").to_string()
}

#[test]
fn rounding_examples_of_6_0() {
    for (a, d, want) in [
        ("3", "4", "3 vs 4 → 1:2 → 1:2 [1:? 2:? 3:? 4:? 5:? 6:?]"),
        ("5", "2", "5 vs 2 → 2:1 → 2:1 [1:? 2:? 3:? 4:? 5:? 6:?]"),
        ("9", "6", "9 vs 6 → 3:2 → 3:2 [1:? 2:? 3:? 4:? 5:? 6:?]"),
        ("11", "8", "11 vs 8 → 1:1 → 1:1 [1:? 2:? 3:? 4:? 5:? 6:?]"),
    ] {
        let l = line(&["--attack", a, "--defence", d]);
        assert!(l.starts_with(want), "{a}:{d}: {l}");
    }
}

#[test]
fn soviet_damage_count_shifts_german_attacks() {
    for (damage, shifted) in [
        ("0", "1:1 → 1:1"),
        ("9", "1:1 → 1:1"),
        ("10", "1:1, Soviet damage count +1 → 3:2"),
        ("13", "1:1, Soviet damage count +1 → 3:2"),
        ("14", "1:1, Soviet damage count +2 → 2:1"),
        ("16", "1:1, Soviet damage count +2 → 2:1"),
        ("17", "1:1, Soviet damage count +3 → 3:1"),
        ("19", "1:1, Soviet damage count +3 → 3:1"),
        ("20", "1:1, Soviet damage count +3 → 3:1"),
        ("35", "1:1, Soviet damage count +3 → 3:1"),
    ] {
        let count = format!("soviet-damage={damage}");
        let l = line(&[
            "--attack",
            "11",
            "--defence",
            "8",
            "--side",
            "soviet",
            "--count",
            &count,
        ]);
        assert!(
            l.starts_with(&format!("11 vs 8 → {shifted} [")),
            "{damage}: {l}"
        );
    }
    // Not when the Soviets attack.
    let l = line(&[
        "--attack",
        "11",
        "--defence",
        "8",
        "--side",
        "german",
        "--count",
        "soviet-damage=17",
    ]);
    assert!(l.starts_with("11 vs 8 → 1:1 → 1:1 ["), "{l}");
    // A German attack needs --side to be known as one.
    let out = odds(&[
        "--attack",
        "11",
        "--defence",
        "8",
        "--count",
        "soviet-damage=14",
    ]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("soviet-damage shift applies to a german attacker: pass --side")
    );
}

#[test]
fn weather_shifts_and_offensive_supply() {
    // 6.31: Snow (turn 7) shifts a German attack 2 left, a Soviet attack 2 right.
    let l = line(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--side",
        "soviet",
        "--turn",
        "7",
    ]);
    assert!(
        l.contains("→ 3:2, Snow: German attack (ignored with offensive supply) -2 → 1:2 ["),
        "{l}"
    );
    assert!(l.ends_with("(turn 7, snow)"), "{l}");
    let l = line(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--side",
        "german",
        "--turn",
        "7",
    ]);
    assert!(l.contains("→ 3:2, Snow: Soviet attack +2 → 3:1 ["), "{l}");
    // Frost: 1 column, here given with --weather (the turn track is not in the text).
    let l = line(&[
        "--attack",
        "5",
        "--defence",
        "2",
        "--side",
        "soviet",
        "--weather",
        "frost",
    ]);
    assert!(
        l.contains("→ 2:1, Frost: German attack (ignored with offensive supply) -1 → 3:2 ["),
        "{l}"
    );
    assert!(l.ends_with("(frost, from --weather)"), "{l}");
    let l = line(&[
        "--attack",
        "5",
        "--defence",
        "2",
        "--side",
        "german",
        "--weather",
        "frost",
    ]);
    assert!(l.contains("→ 2:1, Frost: Soviet attack +1 → 3:1 ["), "{l}");
    // 6.33: offensive supply, 2 right, and the weather shift is ignored.
    let l = line(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--side",
        "soviet",
        "--turn",
        "7",
        "--declare",
        "offensive-supply",
    ]);
    assert!(
        l.contains("→ 3:2, German offensive supply +2 → 3:1 ["),
        "{l}"
    );
    assert!(!l.contains("snow:"), "{l}");
    let l = line(&[
        "--attack",
        "11",
        "--defence",
        "8",
        "--side",
        "soviet",
        "--declare",
        "offensive-supply",
        "--count",
        "soviet-damage=14",
    ]);
    assert!(
        l.contains("→ 1:1, German offensive supply +2, Soviet damage count +2 → 4:1 ["),
        "{l}"
    );
    // Not for a Soviet attack.
    let l = line(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--side",
        "german",
        "--declare",
        "offensive-supply",
    ]);
    assert!(l.contains("→ 3:2 → 3:2 ["), "{l}");
}

#[test]
fn air_points_shift_two_columns_each() {
    let l = line(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--count",
        "air-attacker=1",
    ]);
    assert!(l.contains("→ 3:2, Air points: attacker +2 → 3:1 ["), "{l}");
    let l = line(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--count",
        "air-defender=1",
    ]);
    assert!(l.contains("→ 3:2, Air points: defender -2 → 1:2 ["), "{l}");
    let l = line(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--count",
        "air-attacker=1",
        "--count",
        "air-defender=1",
    ]);
    assert!(
        l.contains("→ 3:2, Air points: attacker +2, Air points: defender -2 → 3:2 ["),
        "{l}"
    );
    // JSON gives each shift's columns.
    let out = odds(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--count",
        "air-attacker=1",
        "--format",
        "json",
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["shifts"][0]["id"], "air-attacker");
    assert_eq!(json["shifts"][0]["shift"], 2);
    assert_eq!(json["shifted"], "3:1");
    assert_eq!(json["table_known"], false);
}

#[test]
fn odds_rejects_counts_and_declarations_it_does_not_know() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["--count", "air-attacker=2"],
            "--count air-attacker=2: out of range 0..1",
        ),
        (
            &["--count", "air-defender=2"],
            "--count air-defender=2: out of range 0..1",
        ),
        (
            &["--count", "soviet-damage=x"],
            "`x` is not a whole number (the count ranges 0 or more)",
        ),
        (
            &["--count", "soviet-damage"],
            "--count soviet-damage: write ID=N",
        ),
        (
            &["--count", "soviet-damag=3"],
            "unknown count `soviet-damag` (--count)",
        ),
        (
            &["--declare", "ofensive-supply"],
            "unknown declaration `ofensive-supply` (--declare)",
        ),
        (&["--weather", "hail"], "unknown weather `hail` (--weather)"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["--attack", "9", "--defence", "6"];
        args.extend_from_slice(extra);
        let out = odds(&args);
        assert_eq!(code(&out), 2, "{}", show(&out));
        assert!(out.stdout.is_empty(), "{}", show(&out));
        assert!(
            text(&out.stderr).contains(expected),
            "missing {expected:?}\n{}",
            show(&out)
        );
    }
    let out = odds(&[
        "--attack",
        "9",
        "--defence",
        "6",
        "--count",
        "soviet-damage=1",
        "--count",
        "soviet-damage=2",
    ]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("--count soviet-damage: given twice"),
        "{}",
        show(&out)
    );
    // A game without counts or declarations says so.
    let root = repo();
    let out = vmodc(&[
        "odds",
        "b4m",
        "--root",
        path(&root),
        "--attack",
        "9",
        "--defence",
        "3",
        "--count",
        "x=1",
        "--declare",
        "y",
    ]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    let err = text(&out.stderr);
    assert!(
        err.contains("no [[combat.counts]]") && err.contains("no [[combat.declarations]]"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------------------
// The module's expressions against the Rust logic
// ---------------------------------------------------------------------------------------------------

/// One combat: attack, defence, the defender's side, the weather, counts and declarations.
struct Case {
    attack: u32,
    defence: u32,
    defender: &'static str,
    weather: &'static str,
    counts: Vec<(&'static str, u32)>,
    declared: Vec<&'static str>,
    /// `attack` or `overrun` (`[[combat.attack_kinds]]`).
    kind: &'static str,
}

/// The module's final column label and its chat report, from the expressions the module holds.
fn run_module(game: &Game, c: &Case) -> (String, String) {
    let tx = default_texts(game);
    let exprs = combat(game, &tx);
    let attacker_side = if c.defender == "german" {
        "soviet"
    } else {
        "german"
    };
    let value_of = |id: &str| {
        c.counts
            .iter()
            .find(|(k, _)| *k == id)
            .map_or(0, |(_, n)| *n)
    };
    // A count kept on the board (the damage track, concept `morale`) is that many marker pieces on
    // the track's box; the others are global properties.
    let mut globals: Vec<(String, String)> = Vec::new();
    let mut on_track: Vec<Piece> = Vec::new();
    for k in &game.rules.combat.counts {
        if board_count(game, &tx, &k.id).is_none() {
            globals.push((count_property(&k.id), value_of(&k.id).to_string()));
            continue;
        }
        let m = game
            .rules
            .morale
            .as_ref()
            .expect("a board count is a morale track");
        let track = m.track.as_ref().expect("track");
        for _ in 0..value_of(&k.id) {
            let props: BTreeMap<String, String> = [
                (LOCATION_NAME.to_string(), box_region(&tx, track)),
                (CURRENT_MAP.to_string(), tx.get("ui.turn_track")),
                (MARKER_ID.to_string(), m.track_markers[0].value.clone()),
            ]
            .into();
            on_track.push(Piece {
                props,
                game,
                all: Vec::new(),
            });
        }
    }
    for d in &game.rules.combat.declarations {
        let on = c.declared.contains(&d.id.as_str());
        globals.push((declared_property(&d.id), if on { "1" } else { "0" }.into()));
    }
    globals.push((props::WEATHER.into(), c.weather.into()));
    globals.push((props::ATTACK_KIND.into(), c.kind.into()));
    let with = |pairs: Vec<(&str, String)>| -> BTreeMap<String, String> {
        pairs
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .chain(globals.iter().cloned())
            .collect()
    };
    // The Last Stand at Moscow attacks with the printed attack and defends with the printed defence.
    let attacker = Piece {
        props: with(vec![
            ("Attack", c.attack.to_string()),
            ("Type", "infantry".into()),
            ("Side", attacker_side.into()),
            (props::COMBAT_ROLE, "attacker".into()),
        ]),
        game,
        all: Vec::new(),
    };
    let mut defender = Piece {
        props: with(vec![
            ("Defense", c.defence.to_string()),
            (props::TERRAIN, "clear".into()),
            ("Side", c.defender.into()),
            ("BasicName", "Defender".into()),
            (props::COMBAT_ROLE, "defender".into()),
            (props::ATTACKER_NAMES, "A".into()),
            (props::DEFENDER_NAMES, "Defender".into()),
        ]),
        game,
        all: std::iter::once(&attacker).chain(&on_track).collect(),
    };
    for (name, expr) in &exprs.steps {
        let value = if *name == props::COMBAT_ROLL {
            "1".to_string()
        } else {
            expr.eval(&defender).expect("step evaluates").render()
        };
        defender.props.insert(name.to_string(), value);
    }
    let report = exprs
        .report
        .eval(&defender)
        .expect("report evaluates")
        .render();
    let shift = defender.props[steps::SHIFT].clone();
    (shift, report)
}

/// The sum of the shifts and the final column by the Rust logic.
fn run_rules(game: &Game, c: &Case) -> (i32, String) {
    let combat = &game.rules.combat;
    let attacker_side = if c.defender == "german" {
        "soviet"
    } else {
        "german"
    };
    let situation = Situation {
        defender_terrain: Some("clear"),
        defender_side: Some(c.defender),
        attacker_side: Some(attacker_side),
        attacker_types: vec!["infantry"],
        weather: Some(c.weather),
        counts: c.counts.iter().copied().collect(),
        declared: declared_in(combat, &c.declared, Some(c.kind)),
        attack_kind: Some(c.kind),
        ..Default::default()
    };
    let shifts = shift_values(combat, &situation);
    let outcome = resolve_odds(f64::from(c.attack), f64::from(c.defence), combat, &shifts);
    // The column rolled on (the last one for better odds), or "below" the table.
    let column = outcome
        .column(combat)
        .map_or_else(|| "below".to_string(), |c| format!("{c}, roll"));
    (shifts.iter().sum(), column)
}

#[test]
fn module_shifts_agree_with_the_rules_logic() {
    let game = lsam();
    // The text's examples: each shift alone and together, with the value the rules give.
    let examples: Vec<(Case, i32)> = vec![
        (
            case(11, 8, "soviet", "clear", &[("soviet-damage", 9)], &[]),
            0,
        ),
        (
            case(11, 8, "soviet", "clear", &[("soviet-damage", 10)], &[]),
            1,
        ),
        (
            case(11, 8, "soviet", "clear", &[("soviet-damage", 14)], &[]),
            2,
        ),
        (
            case(11, 8, "soviet", "clear", &[("soviet-damage", 17)], &[]),
            3,
        ),
        (
            case(11, 8, "soviet", "clear", &[("soviet-damage", 20)], &[]),
            3,
        ),
        (
            case(11, 8, "german", "clear", &[("soviet-damage", 20)], &[]),
            0,
        ),
        (case(9, 6, "soviet", "snow", &[], &[]), -2),
        (case(9, 6, "german", "snow", &[], &[]), 2),
        (case(9, 6, "soviet", "frost", &[], &[]), -1),
        (case(9, 6, "german", "frost", &[], &[]), 1),
        (case(9, 6, "soviet", "snow", &[], &["offensive-supply"]), 2),
        (case(9, 6, "german", "snow", &[], &["offensive-supply"]), 2),
        (
            case(9, 6, "soviet", "clear", &[("air-attacker", 1)], &[]),
            2,
        ),
        (
            case(9, 6, "soviet", "clear", &[("air-defender", 1)], &[]),
            -2,
        ),
        (
            case(
                9,
                6,
                "soviet",
                "frost",
                &[
                    ("air-attacker", 1),
                    ("air-defender", 1),
                    ("soviet-damage", 14),
                ],
                &["offensive-supply"],
            ),
            4,
        ),
        // Overruns (6.31, 6.33, 6.35): German overruns suffer the weather, Soviet ones gain nothing
        // from it; offensive supply is not for overruns; the damage count shifts German overruns.
        (overrun(case(9, 6, "german", "snow", &[], &[])), 0),
        (overrun(case(9, 6, "soviet", "snow", &[], &[])), -2),
        (
            overrun(case(9, 6, "soviet", "snow", &[], &["offensive-supply"])),
            -2,
        ),
        (
            overrun(case(9, 6, "soviet", "clear", &[("soviet-damage", 14)], &[])),
            2,
        ),
        (
            overrun(case(9, 6, "german", "frost", &[("air-attacker", 1)], &[])),
            2,
        ),
    ];
    for (c, want) in &examples {
        let (module_shift, report) = run_module(&game, c);
        let (rules_shift, shifted) = run_rules(&game, c);
        assert_eq!(rules_shift, *want, "rules: {report}");
        assert_eq!(module_shift, want.to_string(), "module: {report}");
        assert!(
            report.contains(&format!("→ {shifted}")),
            "{shifted}: {report}"
        );
    }
    // The report names the count shift with its columns.
    let (_, report) = run_module(&game, &examples[2].0);
    assert!(report.contains("Soviet damage count +2"), "{report}");
    let (_, report) = run_module(&game, &examples[13].0);
    assert!(report.contains("Air points: defender −2"), "{report}");
    // Every combination of the inputs agrees.
    let mut cases = 0;
    for defender in ["german", "soviet"] {
        for weather in ["clear", "frost", "snow"] {
            for damage in [0, 9, 10, 13, 14, 16, 17, 19, 20, 30] {
                for air_a in [0, 1] {
                    for air_d in [0, 1] {
                        for (supply, kind) in [false, true]
                            .into_iter()
                            .flat_map(|s| [(s, "attack"), (s, "overrun")])
                        {
                            let mut c = case(
                                7 + damage % 5,
                                4,
                                defender,
                                weather,
                                &[
                                    ("soviet-damage", damage),
                                    ("air-attacker", air_a),
                                    ("air-defender", air_d),
                                ],
                                if supply { &["offensive-supply"] } else { &[] },
                            );
                            c.kind = kind;
                            let (module_shift, report) = run_module(&game, &c);
                            let (rules_shift, shifted) = run_rules(&game, &c);
                            assert_eq!(module_shift, rules_shift.to_string(), "{report}");
                            assert!(
                                report.contains(&format!("→ {shifted}")),
                                "{shifted}: {report}"
                            );
                            cases += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(cases, 960);
}

fn case(
    attack: u32,
    defence: u32,
    defender: &'static str,
    weather: &'static str,
    counts: &[(&'static str, u32)],
    declared: &[&'static str],
) -> Case {
    Case {
        attack,
        defence,
        defender,
        weather,
        counts: counts.to_vec(),
        declared: declared.to_vec(),
        kind: "attack",
    }
}

/// The same combat as an overrun (5.37).
fn overrun(c: Case) -> Case {
    Case {
        kind: "overrun",
        ..c
    }
}

/// 6.18: a hex of stepless units only (supply units, HQs, Katyushas: defence 0) attacked with any
/// strength is "-/E" at once, with no roll: in the Rust rule, `vmodc odds`, and the module's report.
#[test]
fn attack_on_a_defence_of_zero_is_minus_slash_e_without_a_roll() {
    let game = lsam();
    let outcome = resolve_odds(3.0, 0.0, &game.rules.combat, &[2]);
    assert_eq!(
        outcome.resolution,
        Resolution::Automatic {
            result: "-/E".into()
        }
    );
    assert!(!outcome.needs_roll());
    // No attack, no automatic result.
    let none = resolve_odds(0.0, 0.0, &game.rules.combat, &[]);
    assert_ne!(
        none.resolution,
        Resolution::Automatic {
            result: "-/E".into()
        }
    );
    let out = odds(&["--attack", "3", "--defence", "0"]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert_eq!(
        text(&out.stdout).trim(),
        "3 vs 0 → -/E automatically, no roll",
        "no roll, so no note about unknown cells"
    );
    let (_, report) = run_module(&game, &case(3, 0, "german", "clear", &[], &[]));
    assert!(
        report.contains("3 vs 0 → -/E automatically, no roll [rule 6.18]"),
        "{report}"
    );
    // A defence above 0 still goes by the odds.
    let (_, report) = run_module(&game, &case(3, 1, "german", "clear", &[], &[]));
    assert!(report.contains("→ 3:1"), "{report}");
}

/// 8.14: a Katyusha fires on the 4:1 column with the d10 and is removed. The Rust lookup and the
/// module's Fire report read the same cells: unknown for every d10 roll here (the CRT is not in the
/// text), and the table's cells for a game whose table is known.
#[test]
fn katyusha_fire_reads_the_fixed_column() {
    use vmodc::concept::combat::fire::{fire_dice, fire_lookup, fire_of};
    use vmodc::concept::combat::fire_command::{fire_cell, FIRE_ROLL};
    use vmodc::concept::combat::odds::Lookup;
    let game = lsam();
    let katyusha = game
        .counters
        .units
        .iter()
        .find(|u| u.unit_type.as_str() == "katyusha")
        .expect("a Katyusha");
    let fire = fire_of(&game, katyusha).expect("Katyushas fire");
    assert_eq!((fire.column.as_str(), fire.removed), ("4:1", true));
    assert_eq!(fire_dice(&game, fire), (1, 10), "the d10");
    let rifle = game
        .counters
        .units
        .iter()
        .find(|u| u.unit_type.as_str() == "rifle")
        .expect("a rifle unit");
    assert!(fire_of(&game, rifle).is_none());
    let cell = fire_cell(&game.rules.combat, fire, "unknown");
    for roll in 1..=10 {
        assert_eq!(fire_lookup(&game.rules.combat, fire, roll), Lookup::Unknown);
        let piece = Piece {
            props: BTreeMap::from([(FIRE_ROLL.to_string(), roll.to_string())]),
            game: &game,
            all: Vec::new(),
        };
        assert_eq!(cell.eval(&piece).expect("evaluates").render(), "unknown");
    }

    // Battle for Moscow's known table, with a fire on its 3:1 column: the same cell both ways.
    let b4m = crate::common::shipped_game("b4m");
    let mut fire = fire.clone();
    fire.column = vmodc::model::Sp::synthetic("3:1".into());
    for roll in 1..=6 {
        let Lookup::Result(code) = fire_lookup(&b4m.rules.combat, &fire, roll) else {
            panic!("b4m's table gives roll {roll}");
        };
        let piece = Piece {
            props: BTreeMap::from([(FIRE_ROLL.to_string(), roll.to_string())]),
            game: &b4m,
            all: Vec::new(),
        };
        let module = fire_cell(&b4m.rules.combat, &fire, "unknown").eval(&piece);
        assert_eq!(module.expect("evaluates").render(), code, "roll {roll}");
    }
}

/// The committed modules: a Katyusha has the Fire command (Ctrl+B) that rolls, reports and removes
/// it; a rifle unit has none.
#[test]
fn katyushas_have_a_fire_command_in_the_module() {
    use vmodc::verify::{self, decode_add_piece, ModuleView};
    for (file, katyusha, rifle, fire) in [
        ("dist/lsam-en.vmod", "Katyusha 1", "Untried rifle 1", "Fire"),
        (
            "dist/lsam-ja.vmod",
            "カチューシャ砲 1",
            "戦力未確認の狙撃兵 1",
            "射撃",
        ),
    ] {
        let bytes = std::fs::read(file).expect(file);
        let view: ModuleView = verify::open_module(&bytes).expect("module opens");
        let traits = |name: &str| {
            let node = view
                .root
                .walk()
                .into_iter()
                .find(|n| n.tag.ends_with("PieceSlot") && n.attr("entryName") == name)
                .unwrap_or_else(|| panic!("{file}: no palette entry {name}"));
            decode_add_piece(&node.text).expect("decodes").traits
        };
        let has_fire = |name: &str| {
            traits(name)
                .iter()
                .any(|(t, _)| t.starts_with("macro;") && t.contains(&format!(";{fire};")))
        };
        assert!(has_fire(katyusha), "{file}: {katyusha}");
        assert!(!has_fire(rifle), "{file}: {rifle}");
    }
}

/// 6.21 and 2.21: a unit attacking across a river has half its attack, rounded up once per unit;
/// not in Frost or Snow. The Rust rule, `vmodc odds` and the module's attack step agree.
#[test]
fn river_halves_each_attacker_rounding_up() {
    use vmodc::concept::combat::modifiers::{attack_of, Attacker};
    use vmodc::concept::combat::module::attack_scaled_expr;
    use vmodc::concept::map::module::across_property;
    let game = lsam();
    let modifiers = &game.rules.combat.attack_modifiers;
    let scale = vmodc::concept::combat::module::attack_scale(&game);
    for weather in ["clear", "rain", "frost", "snow"] {
        for strength in 0..=9u32 {
            for across in [false, true] {
                let features: &[&str] = if across { &["river"] } else { &[] };
                let unit = Attacker {
                    strength: f64::from(strength),
                    unit_type: Some("infantry-division"),
                    across: features,
                    attack_kind: Some("attack"),
                    declared: &[],
                };
                let rules = attack_of(modifiers, &unit, Some(weather)).expect("decided");
                let halved = across && matches!(weather, "clear" | "rain");
                let expected = if halved {
                    strength.div_ceil(2)
                } else {
                    strength
                };
                assert_eq!(
                    rules,
                    f64::from(expected),
                    "{strength} across {across} in {weather}"
                );
                let piece = Piece {
                    props: BTreeMap::from([
                        ("Attack".to_string(), strength.to_string()),
                        ("Type".to_string(), "infantry-division".to_string()),
                        (across_property("river"), u8::from(across).to_string()),
                        (props::WEATHER.to_string(), weather.to_string()),
                    ]),
                    game: &game,
                    all: Vec::new(),
                };
                let module = attack_scaled_expr(&game).eval(&piece).expect("evaluates");
                assert_eq!(
                    module.render(),
                    (i64::from(expected) * scale).to_string(),
                    "{strength} across {across} in {weather}"
                );
            }
        }
    }
    let line = line(&[
        "--attack",
        "5",
        "--attack",
        "3",
        "--across",
        "river",
        "--defence",
        "2",
        "--weather",
        "clear",
    ]);
    assert!(line.starts_with("5 vs 2 → 2:1"), "{line}");
}

/// Overruns roll the d10 (2.26, 5.37), whose CRT rows the text lacks: `vmodc odds --kind overrun`
/// takes rolls 1-10 and says every cell is unknown; a regular attack still rolls the d6.
#[test]
fn overruns_roll_the_d10_on_rows_the_text_lacks() {
    let out = line(&[
        "--kind",
        "overrun",
        "--attack",
        "9",
        "--defence",
        "6",
        "--roll",
        "10",
    ]);
    assert!(
        out.starts_with("Overrun: 9 vs 6 → 3:2 → 3:2, roll 10 → unknown"),
        "{out}"
    );
    let root = repo();
    let rejected = vmodc(&[
        "odds",
        "lsam",
        "--root",
        path(&root),
        "--attack",
        "9",
        "--defence",
        "6",
        "--roll",
        "10",
    ]);
    assert_ne!(code(&rejected), 0, "{}", show(&rejected));
    assert!(text(&rejected.stderr).contains("--roll 10: roll out of range 1..6"));
    let game = lsam();
    let combat = &game.rules.combat;
    let o = resolve_odds(9.0, 6.0, combat, &[]);
    assert!(matches!(o.resolution, Resolution::Column { .. }));
    for roll in 1..=10 {
        assert_eq!(
            o.lookup_in(combat, Some("overrun"), roll),
            vmodc::concept::combat::odds::Lookup::Unknown
        );
    }
    assert_eq!(
        vmodc::concept::combat::odds::dice_of(&game.rules, Some("overrun")),
        (1, 10)
    );
    assert_eq!(
        vmodc::concept::combat::odds::dice_of(&game.rules, Some("attack")),
        (1, 6)
    );
}
