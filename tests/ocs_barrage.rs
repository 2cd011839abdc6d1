//! OCS barrage (10.0-10.2, concept `barrage`): the rulebook's worked examples read on the named
//! columns of `[barrage]` in rules/ocs.toml, in the Rust rule and in the module's own expressions
//! (the Barrage button's steps and chat line, the firing units' strength in their mode), on the
//! scenarios that stage them.

use std::collections::BTreeMap;
use vmodc::concept::barrage::module::{self as barrage_module, shift_property, steps};
use vmodc::concept::barrage::table::{
    self, column_of, cost, label, rounded, shifted, total_shift, Supply,
};
use vmodc::concept::barrage::Barrage;
use vmodc::concept::game::Game;
use vmodc::concept::modes::module::{strength_factor_expr, MARKER_COUNT, MARKER_ID, MODE_STRENGTH};
use vmodc::concept::texts::default_texts;
use vmodc::vassal::expression::{Env, Value};

fn ocs() -> Game {
    crate::common::shipped_game("ocs")
}

fn barrage() -> Barrage {
    ocs().rules.barrage.clone().expect("ocs has [barrage]")
}

/// The column label after `shifts` for a total strength, and the supply cost chosen before them.
fn read(b: &Barrage, strength: f64, shifts: &[&str]) -> (Option<String>, Option<u32>) {
    let column = column_of(b, rounded(strength)).expect("a named column");
    let after = shifted(b, column, total_shift(b, shifts));
    (after.and_then(|c| label(b, c)), cost(b, column))
}

#[test]
fn p14_twenty_points_fire_on_17_24_for_3t() {
    let b = barrage();
    assert_eq!(read(&b, 20.0, &[]), (Some("17-24".into()), Some(3)));
}

#[test]
fn example_10_1b_sixteen_points_shift_two_right_to_25_40_paying_for_12_16() {
    // 8 RE R4, Close terrain L1, hedgehog level 1 L1, spotter present: net R2.
    let b = barrage();
    let shifts = ["density-8re", "close-terrain", "hedgehog-1"];
    assert_eq!(total_shift(&b, &shifts), 2);
    assert_eq!(read(&b, 16.0, &shifts), (Some("25-40".into()), Some(3)));
}

#[test]
fn p35_stukas_at_nine_points_shift_one_right_to_12_16() {
    // Target 2: the Stuka lost a step to AA, 9 points: 8-11, 4 RE R1 -> 12-16.
    let b = barrage();
    assert_eq!(
        read(&b, 9.0, &["density-4re"]),
        (Some("12-16".into()), None)
    );
    // Fractions are summed, then rounded once, a half up (4.2).
    assert_eq!(rounded(11.5), 12);
    assert_eq!(read(&b, 11.5, &[]).0.as_deref(), Some("12-16"));
}

#[test]
fn p35_first_target_shifts_five_left_and_unknown_columns_stay_unknown() {
    // Target 1: Very Close L1, no spotter L3, 1 RE or less L1 = L5 (the start column is lost in the
    // text; the result is on column 2).
    let b = barrage();
    assert_eq!(
        total_shift(&b, &["very-close-terrain", "no-spotter", "density-1re"]),
        -5
    );
    // Left of 8-11 lie columns the text does not name: no known column there.
    let c = column_of(&b, 10).expect("8-11");
    assert_eq!(shifted(&b, c, -1), None);
    // Past 25-40, likewise.
    let last = column_of(&b, 30).expect("25-40");
    assert_eq!(shifted(&b, last, 1), None);
    // Strengths between the named columns have none.
    assert_eq!(column_of(&b, 5), None);
    assert_eq!(
        label(&b, column_of(&b, 2).expect("2")).as_deref(),
        Some("2")
    );
}

/// A piece as the module's expressions see it: its properties (the module's globals among them),
/// the pieces of its stack (mode markers), and every piece of the game.
struct Staged<'a> {
    props: BTreeMap<String, String>,
    stack: Vec<&'a Staged<'a>>,
    all: Vec<&'a Staged<'a>>,
}

impl Staged<'_> {
    fn of(pairs: &[(&str, &str)]) -> Staged<'static> {
        Staged {
            props: pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            stack: Vec::new(),
            all: Vec::new(),
        }
    }
}

impl Env for Staged<'_> {
    fn prop(&self, name: &str) -> Result<Value, vmodc::vassal::expression::EvalError> {
        Ok(self
            .props
            .get(name)
            .map_or(Value::Str(String::new()), |v| Value::from_property(v)))
    }
    fn pieces(&self) -> Vec<&dyn Env> {
        self.all.iter().map(|p| *p as &dyn Env).collect()
    }
    fn stack(&self) -> Vec<&dyn Env> {
        self.stack.iter().map(|p| *p as &dyn Env).collect()
    }
    fn random(&self, _: i64) -> i64 {
        0
    }
}

/// A mode marker piece (`[[markers]]` id), as markers/module.rs makes it.
fn marker(id: &str) -> Staged<'static> {
    Staged::of(&[(MARKER_ID, id), (MARKER_COUNT, "1")])
}

/// A firing unit's properties as its piece computes them, on the face at `level`, under the mode
/// markers of `stack`: its mode's strength factor, barrage strength (scaled), unknown flag, kind.
fn firer(game: &Game, unit_id: &str, stack: &[&Staged<'_>]) -> BTreeMap<String, String> {
    let unit = game
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == unit_id)
        .expect("a staged unit");
    let entry = game.rules.barrage.as_ref().expect("[barrage]").units.iter();
    let kind = entry
        .clone()
        .find(|u| u.unit.as_str() == unit_id)
        .expect("the unit barrages")
        .kind
        .to_string();
    let mut piece = Staged {
        props: [
            ("Step_Level", "1"),
            ("BasicName", unit.display_name()),
            (barrage_module::ROLE, "firer"),
            (barrage_module::KIND, kind.as_str()),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect(),
        stack: stack.to_vec(),
        all: Vec::new(),
    };
    if let Some(factor) = strength_factor_expr(game, unit) {
        let v = factor.eval(&piece).expect("mode factor").render();
        piece.props.insert(MODE_STRENGTH.into(), v);
    }
    for (name, e) in [
        (
            barrage_module::SCALED,
            barrage_module::scaled_expr(game, unit),
        ),
        (
            barrage_module::UNKNOWN,
            barrage_module::unknown_expr(game, unit),
        ),
    ] {
        let v = e.eval(&piece).expect("firer property").render();
        piece.props.insert(name.into(), v);
    }
    piece.props
}

/// The Barrage button on a target, with these firers, these shifts turned on and this roll: the
/// target's step properties and the chat line.
fn press(
    game: &Game,
    firers: Vec<BTreeMap<String, String>>,
    shifts: &[&str],
    roll: u32,
) -> (BTreeMap<String, String>, String) {
    let tx = default_texts(game);
    let exprs = barrage_module::barrage(game, &tx).expect("the Barrage button");
    let b = game.rules.barrage.as_ref().expect("[barrage]");
    let names: Vec<String> = firers.iter().map(|f| f["BasicName"].clone()).collect();
    let firers: Vec<Staged<'_>> = firers
        .into_iter()
        .map(|props| Staged {
            props,
            stack: Vec::new(),
            all: Vec::new(),
        })
        .collect();
    let mut target = Staged::of(&[
        ("BasicName", "Target"),
        ("LocationName", "A06.02"),
        (barrage_module::ROLE, "target"),
    ]);
    target
        .props
        .insert(barrage_module::FIRERS.into(), names.join(" + "));
    for sh in &b.shifts {
        let on = shifts.contains(&sh.id.as_str());
        target
            .props
            .insert(shift_property(&sh.id), if on { "1" } else { "0" }.into());
    }
    target.all = firers.iter().collect();
    for (name, e) in &exprs.steps {
        let value = if *name == steps::ROLL {
            roll.to_string()
        } else {
            e.eval(&target).expect("step evaluates").render()
        };
        target.props.insert(name.to_string(), value);
    }
    let report = exprs.report.eval(&target).expect("report").render();
    (target.props, report)
}

/// One firer of `total` barrage strength (in halves: the DG factor) of `kind`.
fn generic_firer(total_halves: u32, kind: &str) -> BTreeMap<String, String> {
    Staged::of(&[
        ("BasicName", "Guns"),
        (barrage_module::ROLE, "firer"),
        (barrage_module::KIND, kind),
        (barrage_module::SCALED, &total_halves.to_string()),
        (barrage_module::UNKNOWN, "0"),
    ])
    .props
}

#[test]
fn module_expressions_agree_with_the_rust_rule() {
    let g = ocs();
    let b = g.rules.barrage.as_ref().expect("[barrage]");
    let shift_sets: [&[&str]; 6] = [
        &[],
        &["density-4re"],
        &["density-8re", "close-terrain", "hedgehog-1"],
        &["no-spotter"],
        &["very-close-terrain", "no-spotter", "density-1re"],
        &["density-8re", "close-range-air"],
    ];
    let mut cases = 0;
    for halves in 0..=90u32 {
        for shifts in shift_sets {
            for kind in ["artillery", "air"] {
                for roll in [6, 8, 10] {
                    let r = table::read(b, f64::from(halves) / 2.0, kind, shifts, roll);
                    let (props, report) =
                        press(&g, vec![generic_firer(halves, kind)], shifts, roll);
                    let at = |p: &str| props[p].clone();
                    let context = format!("{halves}/2, {shifts:?}, {kind}, roll {roll}: {report}");
                    assert_eq!(at(steps::STRENGTH), r.strength.to_string(), "{context}");
                    let one_based = |c: Option<usize>| c.map_or(0, |i| i + 1).to_string();
                    assert_eq!(at(steps::COLUMN), one_based(r.column), "{context}");
                    assert_eq!(at(steps::SHIFT), r.shift.to_string(), "{context}");
                    assert_eq!(at(steps::FINAL), one_based(r.shifted), "{context}");
                    assert_eq!(
                        at(steps::RESULT),
                        r.result.clone().unwrap_or_default(),
                        "{context}"
                    );
                    let supply = match r.supply {
                        Supply::Free => ", no supply".to_string(),
                        Supply::Tokens(Some(t)) => format!(", supply {t}T"),
                        Supply::Tokens(None) => ", supply unknown".to_string(),
                    };
                    assert!(report.contains(&supply), "{context}");
                    if r.result.is_none() {
                        assert!(
                            report.contains("unknown cell (Barrage Table missing)"),
                            "{context}"
                        );
                    }
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 91 * 6 * 2 * 3);
}

/// The scenario `id`'s setup: which units stand where.
fn staged_units(game: &Game, id: &str) -> Vec<(String, String)> {
    game.scenarios
        .iter()
        .find(|s| s.scenario.id.as_str() == id)
        .expect("the scenario")
        .setup
        .iter()
        .map(|s| (s.unit.to_string(), s.hex.to_string()))
        .collect()
}

#[test]
fn p14_staged_artillery_fires_20_on_17_24_for_3t_and_6_is_dg() {
    let g = ocs();
    let setup = staged_units(&g, "p14-combat");
    assert!(setup.iter().any(|(u, _)| u == "artillery-rgt"));
    assert!(setup.iter().any(|(u, _)| u == "p14-defenders"));
    let (props, report) = press(&g, vec![firer(&g, "artillery-rgt", &[])], &[], 6);
    assert_eq!(props[steps::STRENGTH], "20");
    assert!(
        report.contains("strength 20 → 20, column 17-24, supply 3T; shifts = 0 → column 17-24; 2d6 6 → DG — every combat unit in the target hex becomes DG"),
        "{report}"
    );
    // Any other roll: the table's body is not in the text.
    let (_, other) = press(&g, vec![firer(&g, "artillery-rgt", &[])], &[], 7);
    assert!(
        other.contains("7 → unknown cell (Barrage Table missing)"),
        "{other}"
    );
}

#[test]
fn dg_halves_the_barrage_strength_and_reserve_may_not_fire() {
    // 5.10b: DG halves it (20 → 10, the 8-11 column, whose cost the text does not give); 5.7,
    // 13.4a: Reserve artillery may not barrage.
    let g = ocs();
    let dg = marker("dg");
    let (props, report) = press(&g, vec![firer(&g, "artillery-rgt", &[&dg])], &[], 6);
    // In halves (the DG ratio's denominator): 10.
    assert_eq!(props[steps::TOTAL], "20", "{report}");
    assert_eq!(props[steps::STRENGTH], "10", "{report}");
    assert!(report.contains("column 8-11, supply unknown"), "{report}");
    let reserve = marker("reserve");
    let (props, _) = press(&g, vec![firer(&g, "artillery-rgt", &[&reserve])], &[], 6);
    assert_eq!(props[steps::STRENGTH], "0");
    assert_eq!(props[steps::COLUMN], "0");
    // 5.1, 4.8b A: air units have no modes; a DG marker on their stack leaves the Stuka at 9.
    let (props, _) = press(&g, vec![firer(&g, "stuka-reduced", &[&dg])], &[], 6);
    assert_eq!(props[steps::STRENGTH], "9");
}

#[test]
fn rule_10_1b_staged_sixteen_shift_two_right_to_25_40_and_8_is_bracketed() {
    let g = ocs();
    let setup = staged_units(&g, "rule-10-1b-barrage");
    let hex_of = |unit: &str| {
        setup
            .iter()
            .find(|(u, _)| u == unit)
            .map(|(_, h)| h.clone())
    };
    assert!(hex_of("artillery-10-1b").is_some());
    // The target hex is Close on the staging map, as the example's (its owner declares the shift).
    let close = g.map.terrain.hexes.get("close").expect("close hexes");
    let target = hex_of("target-10-1b").expect("the target staged");
    assert!(close.iter().any(|h| h.as_str() == target));
    let shifts = ["density-8re", "close-terrain", "hedgehog-1"];
    let (props, report) = press(&g, vec![firer(&g, "artillery-10-1b", &[])], &shifts, 8);
    assert_eq!(props[steps::SHIFT], "2");
    assert!(
        report.contains("strength 16 → 16, column 12-16, supply 3T; shifts Density: 8 RE +4 Close terrain -1 Hedgehog level 1 -1 = 2 → column 25-40; 2d6 8 → [1/2] — a bracketed 1/2 (the bracket applies only under a condition"),
        "{report}"
    );
}

#[test]
fn p35_staged_air_barrage_target_2_nine_shifts_to_12_16_free_and_target_1_is_unknown() {
    let g = ocs();
    let setup = staged_units(&g, "p35-air-barrage");
    for unit in [
        "stuka-full",
        "stuka-reduced",
        "tank-bde-p35",
        "target-p35",
        "motorcycle-bn-p35",
    ] {
        assert!(setup.iter().any(|(u, _)| u == unit), "{unit} staged");
    }
    // Target 2: 9 on 8-11, density 4 RE one right: 12-16; air pays no supply; the text gives no
    // roll for its [1/2].
    let (props, report) = press(
        &g,
        vec![firer(&g, "stuka-reduced", &[])],
        &["density-4re"],
        9,
    );
    assert_eq!(props[steps::FINAL], "3");
    assert!(
        report.contains("strength 9 → 9, column 8-11, no supply; shifts Density: 4 RE +1 = 1 → column 12-16; 2d6 9 → unknown cell"),
        "{report}"
    );
    // A bracketed result of air barrage counts only as DG (p.35): the reading the report adds.
    let tx = default_texts(&g);
    assert_eq!(
        tx.get("barrage_brackets.air"),
        "for air barrage a bracketed result counts only as DG"
    );
    // Target 1: the full-strength Stuka's barrage strength is lost from the text; the shifts are
    // five left.
    let shifts = ["very-close-terrain", "no-spotter", "density-1re"];
    let (props, report) = press(&g, vec![firer(&g, "stuka-full", &[])], &shifts, 10);
    assert_eq!(props[steps::UNKNOWNS], "1");
    assert!(
        report.contains("barrage strength of a firing unit is not in the sources, so its column is unknown; shifts No spotter -3 Density: 1 RE or less -1 Very Close terrain -1 = -5"),
        "{report}"
    );
    // Its target stands in woods, Very Close, on the staging map.
    let very_close = g
        .map
        .terrain
        .hexes
        .get("very-close")
        .expect("very close hexes");
    let hex = &setup
        .iter()
        .find(|(u, _)| u == "tank-bde-p35")
        .expect("staged")
        .1;
    assert!(very_close.iter().any(|h| h.as_str() == hex));
}

#[test]
fn one_barrage_uses_one_kind() {
    // 10.0 F: artillery and a Stuka together are refused, not summed.
    let g = ocs();
    let firers = vec![
        firer(&g, "artillery-rgt", &[]),
        firer(&g, "stuka-reduced", &[]),
    ];
    let (props, report) = press(&g, firers, &[], 6);
    assert_eq!(props[steps::KINDS], "2");
    assert!(report.contains("are of more than one kind"), "{report}");
    assert!(!report.contains("column"), "{report}");
}

#[test]
fn no_firer_says_so() {
    let g = ocs();
    let (_, report) = press(&g, Vec::new(), &[], 7);
    assert_eq!(report, "Barrage: no unit is marked Fire barrage");
}
