//! Strength from the units' state (`[[combat.strength_modifiers]]`, `[[combat.defence_bonuses]]`) and
//! the AR from the units each side marks (`[combat.action_rating]`): the module's own attack, defence
//! and roll expressions against the Rust rule (`concept::combat::strength`), on the shipped LSAM and
//! OCS data, and `vmodc odds` with the same inputs.

use crate::common::{code, path, repo, show, text, vmodc};
use std::collections::BTreeMap;
use vmodc::concept::combat::ar_command::{AR_UNIT, COMBAT_AR};
use vmodc::concept::combat::module::{
    attack_scale, attack_scaled_expr, combat, count_property, declared_property, steps,
    unit_properties,
};
use vmodc::concept::combat::strength::{
    ar_counts, ar_source, defence_total, strength_of, ArSource, UnitState,
};
use vmodc::concept::combat::{MarkerFace, StrengthKind};
use vmodc::concept::game::Game;
use vmodc::concept::modes::module::{
    action_rating_expr, strength_factor_expr, MARKER_COUNT, MARKER_ID, MODE_STRENGTH,
};
use vmodc::concept::module::props;
use vmodc::concept::texts::default_texts;
use vmodc::vassal::expression::EvalError;
use vmodc::vassal::expression::{Env, Value};

fn load(id: &str) -> Game {
    crate::common::shipped_game(id)
}

/// A piece as the module's expressions see it: its properties (globals among them), the markers in
/// its stack, and every unit of the battle (for `Sum` and `Count`). The calculated properties the
/// combat reads (attack, mode factor, AR in its mode) are evaluated from the module's expressions.
struct Unit<'a> {
    game: &'a Game,
    /// The data id of the unit it is (its mode and AR expressions are built for it).
    unit: &'a str,
    props: BTreeMap<String, String>,
    markers: Vec<Marker>,
    all: Vec<&'a Unit<'a>>,
}

/// A marker piece in a unit's stack: its id and the face it shows.
struct Marker(BTreeMap<String, String>);

fn marker(id: &str, face: MarkerFace) -> Marker {
    let level = if face == MarkerFace::Back { "2" } else { "1" };
    Marker(BTreeMap::from([
        (MARKER_ID.to_string(), id.to_string()),
        (MARKER_COUNT.to_string(), "1".to_string()),
        ("Face_Level".to_string(), level.to_string()),
    ]))
}

fn plain(props: &BTreeMap<String, String>, name: &str) -> Value {
    props
        .get(name)
        .map_or(Value::Str(String::new()), |v| Value::from_property(v))
}

impl Env for Marker {
    fn prop(&self, name: &str) -> Result<Value, EvalError> {
        Ok(plain(&self.0, name))
    }
    fn random(&self, _: i64) -> i64 {
        0
    }
}

impl Env for Unit<'_> {
    fn prop(&self, name: &str) -> Result<Value, EvalError> {
        if let Some(v) = self.props.get(name) {
            return Ok(Value::from_property(v));
        }
        let unit = self
            .game
            .counters
            .units
            .iter()
            .find(|u| u.id.as_str() == self.unit)
            .ok_or_else(|| EvalError::NoProperty(name.to_string()))?;
        match name {
            MODE_STRENGTH => match strength_factor_expr(self.game, unit) {
                Some(factor) => factor.eval(self),
                None => Ok(Value::Str(String::new())),
            },
            COMBAT_AR => {
                let ar = self
                    .game
                    .rules
                    .combat
                    .action_rating
                    .as_ref()
                    .ok_or_else(|| EvalError::NoProperty(name.to_string()))?;
                action_rating_expr(self.game, unit, &ar.value).eval(self)
            }
            _ => match unit_properties(self.game)
                .into_iter()
                .find(|(n, ..)| n == name)
            {
                Some((_, e, _)) => e.eval(self),
                None => Ok(Value::Str(String::new())),
            },
        }
    }
    fn pieces(&self) -> Vec<&dyn Env> {
        // The evaluating unit is one of the game's pieces, as in VASSAL.
        std::iter::once(self as &dyn Env)
            .chain(self.all.iter().map(|p| *p as &dyn Env))
            .collect()
    }
    fn stack(&self) -> Vec<&dyn Env> {
        std::iter::once(self as &dyn Env)
            .chain(self.markers.iter().map(|m| m as &dyn Env))
            .collect()
    }
    fn random(&self, _: i64) -> i64 {
        0
    }
}

/// The module's globals for a combat: every count at `counts` (else 0), every declaration made or
/// not, the kind of attack the first, the defender's hex.
fn globals(game: &Game, counts: &[(&str, u32)], declared: &[&str]) -> BTreeMap<String, String> {
    let combat = &game.rules.combat;
    let mut out: BTreeMap<String, String> = combat
        .counts
        .iter()
        .map(|c| {
            let v = counts
                .iter()
                .find(|(id, _)| *id == c.id.as_str())
                .map_or(0, |(_, v)| *v);
            (count_property(&c.id), v.to_string())
        })
        .collect();
    for d in &combat.declarations {
        let made = declared.contains(&d.id.as_str());
        out.insert(declared_property(&d.id), u32::from(made).to_string());
    }
    if let Some(first) = combat.attack_kinds.first() {
        out.insert(props::ATTACK_KIND.into(), first.id.to_string());
    }
    out.insert(props::WEATHER.into(), String::new());
    out.insert(props::DEFENDER_HEX.into(), "A03.02".into());
    out
}

/// A unit's own properties: its printed values on its first face, side, type and role.
fn unit_props(
    game: &Game,
    unit: &str,
    role: &str,
    globals: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let u = game
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == unit)
        .expect("a unit of the data");
    let face = game.counters.faces_of(u)[0];
    let printed = vmodc::concept::game::parse_value_slots(&u.faces[face]).expect("values");
    let mut props = globals.clone();
    for (name, value) in game.counters.counters.values.iter().zip(printed) {
        let v = value.map_or("?".to_string(), |n| n.to_string());
        props.insert(vmodc::concept::module::value_property(name), v);
    }
    props.insert("Step_Level".into(), "1".into());
    props.insert("Side".into(), u.side.to_string());
    props.insert("Type".into(), u.unit_type.to_string());
    props.insert("BasicName".into(), u.display_name().to_string());
    props.insert(props::COMBAT_ROLE.into(), role.into());
    props.insert("LocationName".into(), "elsewhere".into());
    props
}

/// A unit's attack as the module computes it, in strength points.
fn module_attack(game: &Game, u: &Unit<'_>) -> f64 {
    let scaled = attack_scaled_expr(game).eval(u).expect("attack").render();
    scaled.parse::<f64>().expect("a number") / attack_scale(game) as f64
}

/// The defender's defence as the module's defence step computes it, in strength points.
fn module_defence(game: &Game, u: &Unit<'_>) -> f64 {
    let tx = default_texts(game);
    let exprs = combat(game, &tx);
    let (_, step) = exprs
        .steps
        .iter()
        .find(|(name, _)| *name == steps::DEFENCE)
        .expect("a defence step");
    let scaled = step.eval(u).expect("defence").render();
    scaled.parse::<f64>().expect("a number") / attack_scale(game) as f64
}

/// Every combination of LSAM 6.22-6.25's states on one attacker and one defender: the module's
/// attack and defence equal the Rust rule's (rounded up once per unit, 2.21; the +2 once, only to a
/// defence above 0, 6.22).
#[test]
fn lsam_supply_city_and_entrenchment_agree_with_the_rust_rule() {
    let g = load("lsam");
    let faces = [None, Some(MarkerFace::Front), Some(MarkerFace::Back)];
    let declarations = [
        vec![],
        vec!["defender-in-city"],
        vec!["soviet-entrenchment"],
        vec!["defender-in-city", "soviet-entrenchment"],
    ];
    let mut cases = 0;
    // A panzer division (affected by 6.23) and an infantry division attack; a tank unit and a rifle
    // unit defend (their printed values are unknown in the data: set here, constructed cases).
    for (attacker, defender) in [("panzer-division-x", "tank-01"), ("81-id", "rifle-01")] {
        for declared in &declarations {
            for oos in faces {
                for (attack, defence) in [(9u32, 7u32), (5, 1), (1, 0), (12, 3)] {
                    let g_props = globals(&g, &[], declared);
                    let mut a_props = unit_props(&g, attacker, "attacker", &g_props);
                    a_props.insert("Attack".into(), attack.to_string());
                    let mut d_props = unit_props(&g, defender, "defender", &g_props);
                    d_props.insert("Defense".into(), defence.to_string());
                    let markers = |on: Option<MarkerFace>| {
                        on.map(|f| vec![marker("oos-isolated", f)])
                            .unwrap_or_default()
                    };
                    let a = Unit {
                        game: &g,
                        unit: attacker,
                        props: a_props.clone(),
                        markers: markers(oos),
                        all: Vec::new(),
                    };
                    let d = Unit {
                        game: &g,
                        unit: defender,
                        props: d_props.clone(),
                        markers: markers(oos),
                        all: Vec::new(),
                    };
                    let on_stack: Vec<(&str, MarkerFace)> =
                        oos.map(|f| vec![("oos-isolated", f)]).unwrap_or_default();
                    let a_state = UnitState {
                        unit_type: a_props.get("Type").map(String::as_str),
                        side: a_props.get("Side").map(String::as_str),
                        markers: &on_stack,
                        declared,
                    };
                    let d_state = UnitState {
                        unit_type: d_props.get("Type").map(String::as_str),
                        side: d_props.get("Side").map(String::as_str),
                        markers: &on_stack,
                        declared,
                    };
                    let rust_attack = strength_of(
                        &g.rules.combat,
                        StrengthKind::Attack,
                        &a_state,
                        f64::from(attack),
                    );
                    let rust_defence = defence_total(&g.rules.combat, &d_state, f64::from(defence));
                    assert_eq!(
                        module_attack(&g, &a),
                        rust_attack,
                        "{attacker} {declared:?} {oos:?} {attack}"
                    );
                    assert_eq!(
                        module_defence(&g, &d),
                        rust_defence,
                        "{defender} {declared:?} {oos:?} {defence}"
                    );
                    cases += 1;
                }
            }
        }
    }
    assert_eq!(cases, 2 * 4 * 3 * 4);
}

/// The text's own numbers, constructed on LSAM units: Out of Supply halves 9 to 5 and Isolated
/// quarters it to 3 (rounded up, 2.21); a panzer division attacking a city hex halves, then Out of
/// Supply halves again: 9 → 3 (= ceil(9/4)); an entrenched Soviet tank unit of 7 in a city defends
/// with 4 + 2 = 6; a hex of 0 defence gets no +2 (6.22).
#[test]
fn lsam_worked_numbers() {
    let g = load("lsam");
    let c = &g.rules.combat;
    let oos = [("oos-isolated", MarkerFace::Front)];
    let iso = [("oos-isolated", MarkerFace::Back)];
    let panzer = |markers, declared| UnitState {
        unit_type: Some("panzer-division"),
        side: Some("german"),
        markers,
        declared,
    };
    assert_eq!(
        strength_of(c, StrengthKind::Attack, &panzer(&oos, &[]), 9.0),
        5.0
    );
    assert_eq!(
        strength_of(c, StrengthKind::Attack, &panzer(&iso, &[]), 9.0),
        3.0
    );
    let city = ["defender-in-city"];
    assert_eq!(
        strength_of(c, StrengthKind::Attack, &panzer(&oos, &city), 9.0),
        3.0
    );
    let tank = |declared| UnitState {
        unit_type: Some("tank"),
        side: Some("soviet"),
        markers: &[],
        declared,
    };
    let both = ["defender-in-city", "soviet-entrenchment"];
    assert_eq!(defence_total(c, &tank(&both), 7.0), 6.0);
    assert_eq!(defence_total(c, &tank(&both), 0.0), 0.0);
    let german = UnitState {
        side: Some("german"),
        ..tank(&both)
    };
    assert_eq!(
        defence_total(c, &german, 7.0),
        4.0,
        "no +2 for German defenders"
    );
}

/// `vmodc odds lsam` reads the same states: `--declare`, `--marker`, `--defender-marker`,
/// `--defender-type`.
#[test]
fn odds_command_reads_the_states() {
    let root = repo();
    let run = |extra: &[&str]| {
        let mut args = vec!["odds", "lsam", "--root", path(&root)];
        args.extend_from_slice(extra);
        let out = vmodc(&args);
        assert_eq!(code(&out), 0, "{}", show(&out));
        text(&out.stdout).lines().next().unwrap_or("").to_string()
    };
    // 9 (panzer, city: 5) + 5 vs tank 7 (city: 4, entrenched: 6) → 10 vs 6 → 3:2.
    let l = run(&[
        "--attack",
        "9:panzer-division",
        "--attack",
        "5:infantry-division",
        "--defence",
        "7",
        "--defender-type",
        "tank",
        "--side",
        "soviet",
        "--declare",
        "defender-in-city",
        "--declare",
        "soviet-entrenchment",
    ]);
    assert!(l.starts_with("10 vs 6 → 3:2"), "{l}");
    // Out of Supply attackers: 9 → 5; an isolated defender: 7 → 2.
    let l = run(&[
        "--attack",
        "9",
        "--defence",
        "7",
        "--marker",
        "oos-isolated",
        "--defender-marker",
        "oos-isolated:back",
    ]);
    assert!(l.starts_with("5 vs 2 → 2:1"), "{l}");
    let out = vmodc(&[
        "odds",
        "lsam",
        "--root",
        path(&root),
        "--attack",
        "9",
        "--defence",
        "7",
        "--marker",
        "oos",
    ]);
    assert_ne!(code(&out), 0);
    assert!(
        text(&out.stderr).contains("unknown marker `oos` (--marker)"),
        "{}",
        show(&out)
    );
}

/// OCS 9.5, 12.8d, 4.3 (constructed on the p.14 stand-in): a defence of 20 under DG (1/2), Out of
/// Supply (1/2) and paying no combat supply (1/2) is 2.5, fractions kept (4.2); the module agrees
/// with the Rust rule for every combination.
#[test]
fn ocs_supply_halvings_multiply_with_the_mode() {
    let g = load("ocs");
    let mut cases = 0;
    for dg in [false, true] {
        for oos in [false, true] {
            for unsupplied in [false, true] {
                let declared: Vec<&str> = if unsupplied {
                    vec!["defender-unsupplied"]
                } else {
                    vec![]
                };
                let g_props = globals(&g, &[], &declared);
                let mut markers = Vec::new();
                let mut on_stack = Vec::new();
                if dg {
                    markers.push(marker("dg", MarkerFace::Front));
                    on_stack.push(("dg", MarkerFace::Front));
                }
                if oos {
                    markers.push(marker("oos", MarkerFace::Front));
                    on_stack.push(("oos", MarkerFace::Front));
                }
                let d = Unit {
                    game: &g,
                    unit: "p14-defenders",
                    props: unit_props(&g, "p14-defenders", "defender", &g_props),
                    markers,
                    all: Vec::new(),
                };
                let state = UnitState {
                    unit_type: Some("stack-total"),
                    side: Some("soviet"),
                    markers: &on_stack,
                    declared: &declared,
                };
                let in_mode = if dg { 10.0 } else { 20.0 };
                let rust = defence_total(&g.rules.combat, &state, in_mode);
                assert_eq!(
                    module_defence(&g, &d),
                    rust,
                    "dg {dg}, oos {oos}, unsupplied {unsupplied}"
                );
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 8);
    let all = UnitState {
        unit_type: None,
        side: None,
        markers: &[("oos", MarkerFace::Front)],
        declared: &["defender-unsupplied"],
    };
    assert_eq!(defence_total(&g.rules.combat, &all, 10.0), 2.5);
}

/// The p.14 attack with the AR units marked, as in VASSAL: the motorcycle battalion (AR 5) for the
/// attacker, the tank brigade (AR 3, 2 under DG, 9.6a) for the defender. The module's modified roll
/// adds 5 − 2 = +3 (3 + 3 = 6 → "Ao1, Do1" on 4:1 after the attacker's surprise of 2), the same as the
/// Rust rule's `ar_counts`; with a side unmarked, the toolbar counts stand.
#[test]
fn ocs_p14_ar_from_the_marked_units() {
    let g = load("ocs");
    assert_eq!(ar_counts(ar_source(&[Some(5)], &[Some(2)])), Some((3, 0)));
    assert_eq!(ar_source(&[Some(5)], &[]), ArSource::Counts);
    assert_eq!(ar_source(&[Some(5), Some(4)], &[Some(2)]), ArSource::Counts);
    let tx = default_texts(&g);
    let exprs = combat(&g, &tx);
    // Returns the modified roll, the result and the report, with the AR marks given and a count of
    // 1 for the attacker on the toolbar (which the marked units replace).
    let resolve = |mark_attacker: bool, mark_defender: bool| {
        let g_props = globals(
            &g,
            &[("surprise-attacker", 2), ("ar-attacker", 1)],
            &["defender-open", "defender-heavy-at"],
        );
        let ar = |on: bool| if on { "1" } else { "0" }.to_string();
        let mut moto = unit_props(&g, "motorcycle-bn", "attacker", &g_props);
        moto.insert(AR_UNIT.into(), ar(mark_attacker));
        let mut pzg = unit_props(&g, "pzgren-rgt", "attacker", &g_props);
        pzg.insert(AR_UNIT.into(), "0".into());
        let mut armour = unit_props(&g, "armor-bn", "attacker", &g_props);
        armour.insert(AR_UNIT.into(), "0".into());
        let mut tank = unit_props(&g, "tank-bde", "", &g_props);
        tank.insert(AR_UNIT.into(), ar(mark_defender));
        tank.insert("LocationName".into(), "A03.02".into());
        // The panzergrenadiers attack across the river: 8 → 4 (p.14; the river, not Open ×1.5,
        // 9.4b).
        pzg.insert("Across_river".into(), "1".into());
        let dg = || vec![marker("dg", MarkerFace::Front)];
        let units = [
            Unit {
                game: &g,
                unit: "motorcycle-bn",
                props: moto,
                markers: Vec::new(),
                all: Vec::new(),
            },
            Unit {
                game: &g,
                unit: "pzgren-rgt",
                props: pzg,
                markers: Vec::new(),
                all: Vec::new(),
            },
            Unit {
                game: &g,
                unit: "armor-bn",
                props: armour,
                markers: Vec::new(),
                all: Vec::new(),
            },
            Unit {
                game: &g,
                unit: "tank-bde",
                props: tank,
                markers: dg(),
                all: Vec::new(),
            },
        ];
        let mut d_props = unit_props(&g, "p14-defenders", "defender", &g_props);
        d_props.insert("LocationName".into(), "A03.02".into());
        d_props.insert(props::ATTACKER_NAMES.into(), "Attackers".into());
        d_props.insert(props::DEFENDER_NAMES.into(), "Defenders".into());
        d_props.insert(AR_UNIT.into(), "0".into());
        let mut defender = Unit {
            game: &g,
            unit: "p14-defenders",
            props: d_props,
            markers: dg(),
            all: units.iter().collect(),
        };
        for (name, expr) in &exprs.steps {
            let value = if *name == props::COMBAT_ROLL {
                "3".to_string()
            } else {
                expr.eval(&defender).expect("step").render()
            };
            defender.props.insert(name.to_string(), value);
        }
        let report = exprs.report.eval(&defender).expect("report").render();
        (
            defender.props[steps::MODIFIED_ROLL].clone(),
            defender.props[steps::ATTACK].clone(),
            defender.props[steps::RESULT].clone(),
            report,
        )
    };
    let (roll, attack, result, report) = resolve(true, true);
    let scale = attack_scale(&g);
    assert_eq!(
        (roll.as_str(), result.as_str()),
        ("6", "Ao1, Do1"),
        "{report}"
    );
    assert_eq!(attack, (17 * scale).to_string(), "17 vs 10 (p.14)");
    assert!(report.contains("17 vs 10 → 2:1"), "{report}");
    assert!(report.ends_with("; AR of the marked units: 5 − 2; the first step loss of each side goes to its AR unit [rule 9.2, 9.6, 9.6a, 9.11c]"), "{report}");
    // Only the attacker marked: the toolbar's count (+1) stands, and the report says so.
    let (roll, _, _, report) = resolve(true, false);
    assert_eq!(roll, "4");
    assert!(
        report.ends_with(
            "; AR from the toolbar counts (a side marked no AR unit) [rule 9.2, 9.6, 9.6a, 9.11c]"
        ),
        "{report}"
    );
    // `vmodc odds ocs --ar 5:2` gives the same roll.
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
        "--ar",
        "5:2",
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

/// The units of `side` a stack of defenders is taken from: one of each type first, so that the
/// stack's units differ in the modifiers their types meet, then the others.
fn stack_units<'g>(game: &'g Game, side: &str) -> Vec<&'g str> {
    let of_side: Vec<_> = game
        .counters
        .units
        .iter()
        .filter(|u| u.side.as_str() == side)
        .collect();
    let mut seen = Vec::new();
    let (mut first, mut rest) = (Vec::new(), Vec::new());
    for u in of_side {
        if seen.contains(&u.unit_type.as_str()) {
            rest.push(u.id.as_str());
        } else {
            seen.push(u.unit_type.as_str());
            first.push(u.id.as_str());
        }
    }
    first.extend(rest);
    first
}

/// Every game shipped whose stacking lets several units defend one hex: stacks of two and three
/// defenders of different types, under each marker a defence modifier reads and each declaration,
/// and attacked by two units. The module's defence step (the sum of each marked defender's own
/// scaled defence, the bonus once) and its attack step equal the Rust rule's `hex_defence` and
/// `strength_of`, whichever defender resolves the battle, and its report prints both totals.
#[test]
fn stacked_defenders_agree_with_the_rust_rule_in_every_stacking_game() {
    use vmodc::concept::combat::battle::{Attacker, Battle, Defender};
    let mut games = 0;
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        let g = load(id);
        let stacking = g.rules.stacking.max_units.value;
        if stacking < 2 {
            continue;
        }
        games += 1;
        let combat = &g.rules.combat;
        let side = g.rules.sides.last().expect("a side").id.to_string();
        let attacker_side = g.rules.sides.first().expect("a side").id.to_string();
        let units = stack_units(&g, &side);
        let attackers = stack_units(&g, &attacker_side);
        let mut marker_options: Vec<Option<(String, MarkerFace)>> = vec![None];
        for m in &combat.strength_modifiers {
            if let (Some(marker), true) = (&m.marker, m.changes(StrengthKind::Defence)) {
                let face = m.face().unwrap_or(MarkerFace::Front);
                marker_options.push(Some((marker.to_string(), face)));
            }
        }
        let mut declaration_options: Vec<Vec<&str>> = vec![vec![]];
        declaration_options.extend(combat.declarations.iter().map(|d| vec![d.id.as_str()]));
        let defence_name = vmodc::concept::module::value_property(combat.defence_value());
        let attack_name = vmodc::concept::module::value_property(combat.attack_value());
        let mut cases = 0;
        for size in [2usize, 3] {
            if size > units.len().min(stacking as usize) {
                continue;
            }
            let stack = &units[..size];
            for strengths in [[6u32, 3, 2], [0, 5, 1], [7, 0, 4], [1, 1, 9]] {
                for on in &marker_options {
                    for declared in &declaration_options {
                        let g_props = globals(&g, &[], declared);
                        let markers = || {
                            on.iter()
                                .map(|(id, face)| marker(id, *face))
                                .collect::<Vec<_>>()
                        };
                        let props_of = |i: usize| {
                            let mut p = unit_props(&g, stack[i], "defender", &g_props);
                            p.insert(defence_name.clone(), strengths[i].to_string());
                            p
                        };
                        let attacker_units: Vec<Unit> = attackers
                            .iter()
                            .take(2)
                            .zip([9u32, 5])
                            .map(|(a, strength)| {
                                let mut p = unit_props(&g, a, "attacker", &g_props);
                                p.insert(attack_name.clone(), strength.to_string());
                                Unit {
                                    game: &g,
                                    unit: a,
                                    props: p,
                                    markers: Vec::new(),
                                    all: Vec::new(),
                                }
                            })
                            .collect();
                        // The Rust rule: the same battle described as `vmodc odds` reads it.
                        let type_of = |unit: &str| {
                            g.counters
                                .units
                                .iter()
                                .find(|u| u.id.as_str() == unit)
                                .map(|u| u.unit_type.to_string())
                        };
                        let mut battle = Battle::against(
                            attackers
                                .iter()
                                .take(2)
                                .zip([9.0, 5.0])
                                .map(|(a, strength)| Attacker {
                                    strength,
                                    unit_type: type_of(a),
                                })
                                .collect(),
                            (0..size)
                                .map(|i| Defender {
                                    strength: f64::from(strengths[i]),
                                    unit_type: type_of(stack[i]),
                                })
                                .collect(),
                        );
                        battle.defender_side = Some(side.clone());
                        battle.defender_markers = on.iter().cloned().collect();
                        battle.declared = declared.iter().map(|d| d.to_string()).collect();
                        battle.roll = Some(3);
                        let outcome = match battle.resolve(&g) {
                            Ok(o) => o,
                            Err(open) => panic!("{id}: the battle leaves open {open:?}"),
                        };
                        let (rust_attack, rust) = (outcome.attack, outcome.defence);
                        // Whichever defender resolves (the lead), the others are the game's
                        // other pieces.
                        for lead in 0..size {
                            let others: Vec<Unit> = (0..size)
                                .filter(|i| *i != lead)
                                .map(|i| Unit {
                                    game: &g,
                                    unit: stack[i],
                                    props: props_of(i),
                                    markers: markers(),
                                    all: Vec::new(),
                                })
                                .collect();
                            let mut lead_props = props_of(lead);
                            lead_props.insert(props::ATTACKER_NAMES.into(), "A + B".into());
                            lead_props.insert(props::DEFENDER_NAMES.into(), "C + D".into());
                            let defender = Unit {
                                game: &g,
                                unit: stack[lead],
                                props: lead_props,
                                markers: markers(),
                                all: others.iter().chain(&attacker_units).collect(),
                            };
                            let (defence, attack, report) = resolve_in_module(&g, defender);
                            let what = format!(
                                "{id}: {stack:?} {strengths:?} {on:?} {declared:?}, lead {lead}"
                            );
                            assert_eq!(defence, rust, "{what}");
                            assert_eq!(attack, rust_attack, "{what}");
                            let printed = format!("{} vs {}", rust_attack, rust);
                            assert!(
                                report.contains(&printed) || report.contains(" vs 0 → "),
                                "{what}: {report} lacks {printed}"
                            );
                            cases += 1;
                        }
                    }
                }
            }
        }
        assert!(cases >= 8, "{id}: {cases} cases");
    }
    // BtM2 (3 a hex), LSAM (2) and OCS (10 RE) stack; B4M (1) does not.
    assert_eq!(games, 3);
}

/// The module's combat steps on `defender` (roll 3): its defence and attack in strength points, and
/// the report.
fn resolve_in_module(game: &Game, mut defender: Unit<'_>) -> (f64, f64, String) {
    let tx = default_texts(game);
    let exprs = combat(game, &tx);
    for (name, expr) in &exprs.steps {
        let value = if *name == props::COMBAT_ROLL {
            "3".to_string()
        } else {
            expr.eval(&defender).expect("step").render()
        };
        defender.props.insert(name.to_string(), value);
    }
    let report = exprs.report.eval(&defender).expect("report").render();
    let scale = attack_scale(game) as f64;
    let points = |step: &str| defender.props[step].parse::<f64>().expect("a number") / scale;
    (points(steps::DEFENCE), points(steps::ATTACK), report)
}
