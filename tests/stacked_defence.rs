//! A stack defends together (issue 44, item 1): with two units marked Defend in one hex, the
//! module's Resolve combat counts both (6 + 3 → 9), in either marking order, once; `vmodc odds` takes
//! one `--defence` per unit and prints each and the total.

use crate::common::module_piece::Piece;
use crate::common::{code, path, repo, show, text, vmodc};
use std::collections::BTreeMap;
use vmodc::concept::combat::module::{attack_scale, combat, steps};
use vmodc::concept::game::Game;
use vmodc::concept::module::{props, value_property};
use vmodc::concept::texts::default_texts;
use vmodc::verify::{self, ModuleView};

fn lsam() -> Game {
    crate::common::shipped_game("lsam")
}

/// A unit of the battle: its printed defence (or attack), role and name, with the globals the
/// steps read (the names of the marked units, as the marks collect them).
fn unit(
    game: &Game,
    role: &str,
    name: &str,
    strength: u32,
    names: (&str, &str),
) -> BTreeMap<String, String> {
    let combat = &game.rules.combat;
    let value = match role {
        "attacker" => combat.attack_value(),
        _ => combat.defence_value(),
    };
    [
        (value_property(value), strength.to_string()),
        ("Type".into(), "rifle".into()),
        (
            "Side".into(),
            if role == "attacker" {
                "german"
            } else {
                "soviet"
            }
            .into(),
        ),
        ("BasicName".into(), name.into()),
        (props::COMBAT_ROLE.into(), role.into()),
        (props::ATTACKER_NAMES.into(), names.0.into()),
        (props::DEFENDER_NAMES.into(), names.1.into()),
        (props::COMBAT_RESOLVED.into(), "0".into()),
    ]
    .into_iter()
    .chain(globals(game))
    .collect()
}

/// The module's globals a combat reads: every count at its lowest, no declaration made, the first
/// kind of attack, the first turn.
fn globals(game: &Game) -> Vec<(String, String)> {
    use vmodc::concept::combat::module::{count_property, declared_property};
    let combat = &game.rules.combat;
    let counts = combat
        .counts
        .iter()
        .map(|c| (count_property(&c.id), c.min().to_string()));
    let declared = combat
        .declarations
        .iter()
        .map(|d| (declared_property(&d.id), "0".into()));
    let kind = combat
        .attack_kinds
        .first()
        .map(|k| (props::ATTACK_KIND.into(), k.id.to_string()));
    counts
        .chain(declared)
        .chain(kind)
        .chain([(props::TURN.into(), "1".into())])
        .collect()
}

/// The module's resolution of 9 + 5 against two rifle units of 6 and 3 (LSAM), on the defender
/// marked `lead`-th, the units marked in `order`: its defence and attack steps and its report.
fn resolve(game: &Game, order: [usize; 2]) -> (String, String, String) {
    let defenders = [("Rifle A", 6), ("Rifle B", 3)];
    let names = order.map(|i| defenders[i].0).join(" + ");
    let names = ("Panzer + Infantry", names.as_str());
    let attackers: Vec<Piece> = [("Panzer", 9), ("Infantry", 5)]
        .into_iter()
        .map(|(n, s)| Piece {
            props: unit(game, "attacker", n, s, names),
            game,
            all: Vec::new(),
        })
        .collect();
    // The first marked defender is the first the Resolve key reaches: it resolves for both.
    let (lead, other) = (defenders[order[0]], defenders[order[1]]);
    let other = Piece {
        props: unit(game, "defender", other.0, other.1, names),
        game,
        all: Vec::new(),
    };
    let mut lead = Piece {
        props: unit(game, "defender", lead.0, lead.1, names),
        game,
        all: attackers.iter().chain([&other]).collect(),
    };
    let exprs = combat(game, &default_texts(game));
    for (name, expr) in &exprs.steps {
        let value = if *name == props::COMBAT_ROLL {
            "4".to_string()
        } else {
            expr.eval(&lead).expect("step evaluates").render()
        };
        lead.props.insert(name.to_string(), value);
    }
    let report = exprs.report.eval(&lead).expect("report").render();
    (
        lead.props[steps::DEFENCE].clone(),
        lead.props[steps::ATTACK].clone(),
        report,
    )
}

#[test]
fn two_marked_defenders_both_count_in_either_order() {
    let game = lsam();
    let scale = attack_scale(&game);
    for order in [[0, 1], [1, 0]] {
        let (defence, attack, report) = resolve(&game, order);
        assert_eq!(defence, (9 * scale).to_string(), "{order:?}: {report}");
        assert_eq!(attack, (14 * scale).to_string(), "{order:?}: {report}");
        assert!(report.contains(": 14 vs 9 → 3:2"), "{order:?}: {report}");
    }
    let (_, _, report) = resolve(&game, [1, 0]);
    assert!(
        report.contains("Combat: Panzer + Infantry vs Rifle B + Rifle A: 14 vs 9"),
        "the report names every defender: {report}"
    );
}

/// The trait that resolves the battle, in the built module's unit prototype: the Resolve key fires
/// it on every marked defender, but only while `CombatResolved` is 0, and the first thing it does
/// is set it to 1, so one report is written however many defenders get the key.
#[test]
fn the_built_module_resolves_once_on_the_sum_of_its_defenders() {
    for (name, game, bytes) in crate::common::compiled_modules("lsam") {
        let view: ModuleView = verify::open_module(&bytes).expect("module opens");
        let traits: Vec<&str> = view
            .pieces
            .iter()
            .flat_map(|(_, _, p)| p.traits.iter().map(|(t, _)| t.as_str()))
            .collect();
        let has = |needle: &str| traits.iter().filter(|t| t.contains(needle)).count();
        let trigger = traits
            .iter()
            .find(|t| t.starts_with("macro;Resolve combat;"))
            .unwrap_or_else(|| panic!("{name}: no Resolve combat trigger"));
        assert!(
            trigger.contains("CombatResolved == 0"),
            "{name}: the trigger is guarded: {trigger}"
        );
        let actions = trigger;
        assert!(
            actions.contains("ResolveCombat;0\\,0\\,CombatResolving,"),
            "{name}: the guard is set before the steps: {trigger}"
        );
        // Each unit's own defence, and the defence step summing it over the marked defenders.
        assert!(has("calcProp;DefenceScaled;") > 0, "{name}");
        assert!(
            traits.iter().any(|t| t.starts_with("PROP;CombatDefence;")
                && t.contains("Sum(\\\"DefenceScaled\\\"")
                || t.contains("Sum(\"DefenceScaled\"")),
            "{name}: the defence step sums the defenders"
        );
        assert!(has("setprop;CombatResolved;") > 0, "{name}");
        assert!(has("setprop;DefenderNames;") > 0, "{name}");
        let _ = game;
    }
}

/// The guard in the Rust reading of the expressions: after the first defender has resolved (its
/// first action set the guard), the second, reached by the same key, does not resolve again; the
/// next battle's marks reset it.
#[test]
fn a_second_defender_does_not_resolve_the_battle_again() {
    use vmodc::concept::combat::module::resolves_here;
    use vmodc::vassal::expression::Value;
    let game = lsam();
    let condition = resolves_here(&game.rules.combat);
    let names = ("A", "B + C");
    let mut second = Piece {
        props: unit(&game, "defender", "C", 3, names),
        game: &game,
        all: Vec::new(),
    };
    assert_eq!(condition.eval(&second), Ok(Value::Bool(true)));
    second
        .props
        .insert(props::COMBAT_RESOLVED.into(), "1".into());
    assert_eq!(condition.eval(&second), Ok(Value::Bool(false)));
    // An attacker or an unmarked unit never resolves.
    second
        .props
        .insert(props::COMBAT_RESOLVED.into(), "0".into());
    second
        .props
        .insert(props::COMBAT_ROLE.into(), "attacker".into());
    assert_eq!(condition.eval(&second), Ok(Value::Bool(false)));
}

/// The expressions of the stacked defence stay flat enough for BeanShell's parser (its time doubles
/// with each level of parentheses): each unit's defence and strength-modifier flags, and the
/// defence step, in every shipped game.
#[test]
fn the_stacked_defence_expressions_stay_flat() {
    use vmodc::concept::combat::module::unit_properties;
    use vmodc::vassal::parse_cost::{nesting_depth, MAX_NESTING};
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        let game = crate::common::shipped_game(id);
        let exprs = combat(&game, &default_texts(&game));
        let (_, defence) = exprs
            .steps
            .iter()
            .find(|(n, _)| *n == steps::DEFENCE)
            .expect("a defence step");
        let mut measured = vec![(steps::DEFENCE.to_string(), defence.clone())];
        // The attack's own chain of attack modifiers is not the stack's (and is measured where the
        // parser's cost is).
        let per_unit = unit_properties(&game).into_iter();
        measured.extend(
            per_unit
                .filter(|(n, ..)| n != props::ATTACK_SCALED)
                .map(|(n, e, _)| (n, e)),
        );
        for (what, e) in measured {
            let depth = nesting_depth(&e.to_beanshell());
            assert!(depth <= MAX_NESTING, "{id}: {what} nests {depth} deep");
        }
    }
}

/// `vmodc odds` with a defender per `--defence`, each with its own type: LSAM 6.23 halves a tank
/// unit in a city (rounded up, 2.21), not a rifle unit; the +2 of entrenchment is added once.
#[test]
fn odds_takes_a_defence_per_defending_unit() {
    let root = repo();
    let run = |extra: &[&str]| {
        let mut args = vec!["odds", "lsam", "--root", path(&root), "--roll", "4"];
        args.extend_from_slice(extra);
        vmodc(&args)
    };
    let out = run(&[
        "--attack",
        "9",
        "--attack",
        "5",
        "--defence",
        "6",
        "--defence",
        "3",
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("14 vs 9 → 3:2"), "{stdout}");
    assert!(stdout.contains("\ndefenders: 6 + 3 = 9"), "{stdout}");
    let out = run(&[
        "--attack",
        "14",
        "--defence",
        "6:rifle",
        "--defence",
        "7:tank",
        "--side",
        "soviet",
        "--declare",
        "defender-in-city",
        "--declare",
        "soviet-entrenchment",
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("14 vs 12 → 1:1"), "{stdout}");
    assert!(
        stdout.contains("\ndefenders: 6 (rifle) + 7 → 4 (tank) + bonus 2 = 12"),
        "{stdout}"
    );
    // A defender's unknown type is named with its own flag.
    let out = run(&["--attack", "9", "--defence", "6", "--defence", "3:tnak"]);
    assert_ne!(code(&out), 0);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("`tnak` (--defence)"), "{stderr}");
    assert!(stderr.contains("did you mean `tank`?"), "{stderr}");
}
