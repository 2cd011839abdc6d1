//! What combat adds to the module: a unit's attack strength in scaled units, the marks that declare a
//! battle (attackers, defender), its resolution on the defender in steps (roll, odds column, shifts,
//! CRT result) and the toolbar buttons that resolve and clear it.
//!
//! The steps are the module's reading of the rule that `odds.rs` and `shifts.rs` compute in Rust;
//! tests/combat_automation.rs evaluates both over every case the data allows.
//!
//! This file assembles the steps and adds the globals, traits and buttons; the steps' expressions
//! live in files of their own, each importing only those below it: `step_terms.rs` (step names,
//! shared conditions), `strength_expr.rs` (attack and defence), `roll_expr.rs` (the die roll),
//! `crt_expr.rs` (odds columns, the CRT cell), `shift_expr.rs` (column shifts), `surprise_expr.rs`
//! (the surprise check) and `report_expr.rs` (the chat line).

use crate::concept::combat::ar_command;
use crate::concept::combat::crt_expr::{crt_result, final_column_expr, raw_column_expr};
use crate::concept::combat::odds::Step;
use crate::concept::combat::report_expr::{
    automatic_report, combat_report, with_kind_and_surprise, with_state_notes,
};
use crate::concept::combat::roll_expr::modified_roll;
use crate::concept::combat::shift_expr::shift_step;
use crate::concept::combat::step_terms::{is_attacker, is_defender};
use crate::concept::combat::strength_expr::defence_scaled_expr;
use crate::concept::combat::surprise_expr::surprise;
use crate::concept::game::Game;
use crate::concept::module::{across_property, hexsides_property, keys, module_command, named, props, Changer, Global, NumericRange};
use crate::concept::plan::Plan;
use crate::i18n::Texts;
use crate::vassal::expression::{and, bin, concat, cond, contains, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Key, Trait};
use crate::vassal::xml::El;

// The parts of the resolution live in files of their own; what the tests read of them is
// re-exported here.
pub use crate::concept::combat::roll_expr::roll_expr;
pub use crate::concept::combat::step_terms::steps;
pub use crate::concept::combat::strength_expr::{
    attack_scale, attack_scaled_expr, modifier_flags, strength_condition, unit_defence_scaled_expr,
};
pub use crate::concept::combat::surprise_expr::SurpriseExprs;
/// The property names of counts and declarations live in the shared vocabulary: morale reads
/// the same counts. Re-exported here, where the tests that set them look.
pub use crate::concept::module::{count_property, declared_property};

/// One declared battle, resolved on the defending unit in steps: each step stores one value in a
/// property of the defender (VASSAL evaluates a calculated property on every read, so a single
/// expression would repeat every `Sum` many times over).
pub struct CombatExprs {
    /// `(property, expression)` in evaluation order: roll, attack total, raw column, shift, final
    /// column, result.
    pub steps: Vec<(&'static str, Expr)>,
    /// The chat line, from the step properties.
    pub report: Expr,
    /// The surprise check, in a game that has one.
    pub surprise: Option<SurpriseExprs>,
}

/// The keys a resolving defender sends first, to set the guards the other defenders read.
const RESOLVING: &str = "CombatResolving";
const CHECKING_SURPRISE: &str = "SurpriseChecking";

/// The cap index of a table without a cap: past every column and past `UNKNOWN_RAW`.
const NO_CAP: i64 = 1_000_000;

/// Build the combat steps from the rules data.
pub fn combat(game: &Game, tx: &Texts) -> CombatExprs {
    let combat = &game.rules.combat;
    let scale = attack_scale(game);
    let columns: Vec<Step> = combat
        .columns
        .iter()
        .filter_map(|c| Step::parse(combat, c))
        .collect();
    let n = columns.len() as i64;
    let cap_index = combat
        .cap
        .as_ref()
        .filter(|_| combat.cap_known)
        .and_then(|cap| Step::parse(combat, cap))
        .and_then(|cap| columns.iter().position(|c| *c == cap))
        .map_or(NO_CAP, |i| i as i64 + 1);
    let (shift, shift_texts) = shift_step(game, tx);
    let final_column = final_column_expr(combat, cap_index, n);
    let mut rolls = vec![(props::COMBAT_ROLL, roll_expr(game))];
    if !combat.roll_modifiers.is_empty() {
        rolls.push((steps::MODIFIED_ROLL, modified_roll(combat)));
    }
    CombatExprs {
        steps: rolls
            .into_iter()
            .chain([
                (
                    steps::ATTACK,
                    Expr::Sum(props::ATTACK_SCALED.into(), Box::new(is_attacker())),
                ),
                (steps::DEFENCE, defence_scaled_expr(game, scale)),
                (steps::RAW, raw_column_expr(combat, &columns, scale)),
                (steps::SHIFT, shift),
                (steps::FINAL, final_column),
                (steps::RESULT, crt_result(combat, tx, cap_index)),
            ])
            .collect(),
        report: with_state_notes(
            game,
            tx,
            with_kind_and_surprise(
                combat,
                tx,
                automatic_report(
                    combat,
                    tx,
                    scale,
                    combat_report(combat, tx, scale, cap_index, shift_texts),
                ),
            ),
        ),
        surprise: surprise(game, tx),
    }
}

/// Global properties of the declared battle: the attackers' names and the defender's hex; and one per
/// count and declaration the column shifts read, with the toolbar buttons that set it.
pub fn globals(game: &Game, plan: &Plan) -> Vec<Global> {
    let tx = &plan.tx;
    let combat = &game.rules.combat;
    let mut out = battle_globals();
    for c in &combat.counts {
        // A count read from the board needs no buttons (concept `morale`: the damage track).
        if crate::concept::morale::module::board_count(game, tx, &c.id).is_some() {
            continue;
        }
        let name = tx.get(&format!("counts.{}", c.id.as_str()));
        let tooltip = tx.fill("ui.count_tooltip", &[("name", &name)]);
        let changer = |key: &str, increment: i64| Changer {
            text: tx.fill(key, &[("name", &name)]),
            tooltip: tooltip.clone(),
            increment,
            set_to: None,
            report: tx.fill("ui.report_count", &[("name", &name)]),
        };
        out.push(Global {
            name: count_property(&c.id),
            initial: c.min().to_string(),
            description: c.name.clone(),
            numeric: Some(NumericRange {
                min: i64::from(c.min()),
                // VASSAL needs a maximum: a count the rules leave open stops at 999.
                max: c.max().map_or(999, i64::from),
                wrap: false,
            }),
            changers: vec![changer("ui.count_up", 1), changer("ui.count_down", -1)],
        });
    }
    out.extend(attack_kind_global(combat, tx));
    for d in &combat.declarations {
        let name = tx.get(&format!("declarations.{}", d.id.as_str()));
        let tooltip = tx.fill("ui.declaration_tooltip", &[("name", &name)]);
        let changer = |key: &str, report: &str, increment: i64| Changer {
            text: tx.fill(key, &[("name", &name)]),
            tooltip: tooltip.clone(),
            increment,
            set_to: None,
            report: tx.fill(report, &[("name", &name)]),
        };
        out.push(Global {
            name: declared_property(&d.id),
            initial: "0".into(),
            description: d.name.clone(),
            numeric: Some(NumericRange {
                min: 0,
                max: 1,
                wrap: false,
            }),
            changers: vec![
                changer("ui.declare", "ui.report_declared", 1),
                changer("ui.cancel_declaration", "ui.report_cancelled", -1),
            ],
        });
    }
    out
}

/// The kind of attack the next combat is resolved as, with a toolbar button per kind that sets it;
/// none in a game with one kind.
fn attack_kind_global(combat: &crate::concept::game::Combat, tx: &Texts) -> Option<Global> {
    let first = combat.attack_kinds.first()?;
    let changers = combat
        .attack_kinds
        .iter()
        .map(|k| {
            let name = tx.get(&format!("attack_kinds.{}", k.id.as_str()));
            Changer {
                text: name.clone(),
                tooltip: tx.fill("ui.attack_kind_tooltip", &[("name", &name)]),
                increment: 0,
                set_to: Some(k.id.to_string()),
                report: tx.fill("ui.report_attack_kind", &[("name", &name)]),
            }
        })
        .collect();
    Some(Global {
        name: props::ATTACK_KIND.into(),
        initial: first.id.to_string(),
        description: "Kind of attack of the next combat".into(),
        numeric: None,
        changers,
    })
}

/// The attackers' and defenders' names, the defenders' hex, and the guards that let one defender
/// resolve the battle (and make its surprise check) for all of them.
fn battle_globals() -> Vec<Global> {
    let global = |name: &str, initial: &str, description: &str| Global {
        name: name.into(),
        initial: initial.into(),
        description: description.into(),
        numeric: None,
        changers: Vec::new(),
    };
    vec![
        global(props::ATTACKER_NAMES, "", "Units marked to attack"),
        global(props::DEFENDER_NAMES, "", "Units marked to defend"),
        global(props::DEFENDER_HEX, "", "Hex of the units marked to defend"),
        global(props::COMBAT_RESOLVED, "0", "1 once the declared battle is resolved"),
        global(props::SURPRISE_CHECKED, "0", "1 once its surprise check is made"),
    ]
}

/// Whether this unit, a defender, is the one that resolves the battle: none has yet, and it is the
/// one that made the surprise check when one was made (its roll is a property of that unit). Every
/// marked defender gets the Resolve key; the first that passes sets the guard for the others.
pub fn resolves_here(combat: &crate::concept::game::Combat) -> Expr {
    let first = and(is_defender(), eq(prop(props::COMBAT_RESOLVED), int(0)));
    if combat.surprise.is_none() {
        return first;
    }
    let checked_here = bin(
        Op::Or,
        eq(prop(props::SURPRISE_CHECKED), int(0)),
        bin(Op::Ne, prop(props::SURPRISE_ROLL), s("")),
    );
    and(first, checked_here)
}

/// A guard global set to 1 by `set`, and to 0 again when a unit is marked for the next battle.
fn guard(name: &str, set: &str, description: &str) -> Trait {
    pieces::set_global_property(
        name,
        &[
            ("", named(set), "1"),
            ("", named(keys::MARK_ATTACKER), "0"),
            ("", named(keys::MARK_DEFENDER), "0"),
        ],
        description,
    )
}

/// Traits of every unit that declare and resolve a battle: resolution on the defender, fired by the
/// module's Resolve button, and the marks of which units attack and which one defends.
pub fn resolution_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
    let tx = &plan.tx;
    let mut out = Vec::new();
    let combat = combat(game, tx);
    let step_keys: Vec<String> = combat
        .steps
        .iter()
        .map(|(p, _)| format!("Set{p}"))
        .collect();

    // Combat: resolution on one defender for all, fired by the module's Resolve button.
    let mut actions: Vec<Key<'_>> = vec![named(RESOLVING)];
    actions.extend(step_keys.iter().map(|k| named(k)));
    actions.push(named(keys::REPORT_COMBAT));
    actions.push(named(keys::CLEAR_ALL));
    out.push(pieces::trigger(
        "Resolve combat",
        &resolves_here(&game.rules.combat).to_beanshell(),
        &[named(keys::RESOLVE)],
        &actions,
    ));
    out.push(guard(
        props::COMBAT_RESOLVED,
        RESOLVING,
        "The declared battle is resolved",
    ));
    out.push(pieces::report_with(
        &[named(keys::REPORT_COMBAT)],
        &combat.report.to_beanshell(),
        "Combat result",
        true,
    ));
    // The AR units are marks of the combat too, and the defender's may stand beside the defender.
    let mut marked = bin(Op::Ne, prop(props::COMBAT_ROLE), s(""));
    if game.rules.combat.action_rating.is_some() {
        marked = bin(Op::Or, marked, eq(prop(ar_command::AR_UNIT), int(1)));
    }
    out.push(pieces::global_key(
        named(keys::CLEAR_ALL),
        named(keys::CLEAR_COMBAT),
        &marked.to_beanshell(),
        "Clear every combat mark",
    ));
    for ((name, e), key) in combat.steps.iter().zip(&step_keys) {
        out.push(pieces::dynamic_property(
            name,
            &[("", named(key), &e.to_beanshell())],
            "Combat step",
        ));
    }
    if let Some(surprise) = &combat.surprise {
        out.extend(surprise_traits(surprise));
    }
    out.extend(mark_traits(tx));
    if let Some(first) = game.rules.combat.attack_kinds.first() {
        // After a combat, the next one is a regular one again.
        out.push(pieces::set_global_property(
            props::ATTACK_KIND,
            &[("", named(keys::CLEAR_COMBAT), first.id.as_str())],
            "Kind of attack of the next combat",
        ));
    }
    out
}

/// The surprise check on the defender, fired by the module's Surprise button: roll, modify, report;
/// the roll is kept for the combat report until the marks are cleared.
fn surprise_traits(surprise: &SurpriseExprs) -> Vec<Trait> {
    let step_keys: Vec<String> = surprise
        .steps
        .iter()
        .map(|(p, _)| format!("Set{p}"))
        .collect();
    let mut actions: Vec<Key<'_>> = vec![named(CHECKING_SURPRISE)];
    actions.extend(step_keys.iter().map(|k| named(k)));
    actions.push(named(keys::REPORT_SURPRISE));
    let once = and(is_defender(), eq(prop(props::SURPRISE_CHECKED), int(0)));
    let mut out = vec![
        pieces::trigger(
            "Surprise check",
            &once.to_beanshell(),
            &[named(keys::SURPRISE_CHECK)],
            &actions,
        ),
        guard(
            props::SURPRISE_CHECKED,
            CHECKING_SURPRISE,
            "The surprise check is made",
        ),
        pieces::report_with(
            &[named(keys::REPORT_SURPRISE)],
            &surprise.report.to_beanshell(),
            "Surprise check",
            true,
        ),
    ];
    for ((name, e), key) in surprise.steps.iter().zip(&step_keys) {
        out.push(pieces::dynamic_property(
            name,
            &[
                ("", named(key), &e.to_beanshell()),
                ("", named(keys::CLEAR_COMBAT), ""),
            ],
            "Surprise step",
        ));
    }
    out
}

/// The marks of a declared battle: which units attack, which one defends.
fn mark_traits(tx: &Texts) -> Vec<Trait> {
    vec![
        pieces::report(
            &[named(keys::MARK_ATTACKER)],
            &tx.fill("ui.report_attacker", &[("piece", "$PieceName$")]),
            "Report attacker",
        ),
        pieces::report(
            &[named(keys::MARK_DEFENDER)],
            &tx.fill(
                "ui.report_defender",
                &[("piece", "$PieceName$"), ("location", "$LocationName$")],
            ),
            "Report defender",
        ),
        // A mark cleared from the unit's menu; the Clear every combat mark button sends the same key
        // as a global command, which reports once as a whole (`reportSingle`), not per unit.
        pieces::report(
            &[named(keys::CLEAR_COMBAT)],
            &tx.fill("ui.report_combat_cleared", &[("piece", "$PieceName$")]),
            "Report cleared combat mark",
        ),
        pieces::set_global_property(
            props::ATTACKER_NAMES,
            &[
                ("", named(keys::MARK_ATTACKER), &names_with(props::ATTACKER_NAMES)),
                ("", named(keys::CLEAR_COMBAT), ""),
            ],
            "Names of the attacking units",
        ),
        pieces::set_global_property(
            props::DEFENDER_NAMES,
            &[
                ("", named(keys::MARK_DEFENDER), &names_with(props::DEFENDER_NAMES)),
                ("", named(keys::CLEAR_COMBAT), ""),
            ],
            "Names of the defending units",
        ),
        pieces::set_global_property(
            props::DEFENDER_HEX,
            &[
                ("", named(keys::MARK_DEFENDER), "$LocationName$"),
                ("", named(keys::CLEAR_COMBAT), ""),
            ],
            "Hex of the defending unit",
        ),
        pieces::dynamic_property(
            props::COMBAT_ROLE,
            &[
                (&tx.get("ui.attack"), named(keys::MARK_ATTACKER), "attacker"),
                (&tx.get("ui.defend"), named(keys::MARK_DEFENDER), "defender"),
                (&tx.get("ui.clear_mark"), named(keys::CLEAR_COMBAT), ""),
            ],
            "Role in the declared battle",
        ),
    ]
}

/// The names in global `names` with this unit's added (`A + B`).
fn names_with(names: &str) -> String {
    cond(
        eq(prop(names), s("")),
        prop("BasicName"),
        concat(vec![prop(names), s(" + "), prop("BasicName")]),
    )
    .to_beanshell()
}

/// What a unit knows about where it stands in a battle: whether a hexside feature separates it from
/// the defender, and its attack strength now.
pub fn position_traits(game: &Game) -> Vec<Trait> {
    let rules = &game.rules;
    let mut out = Vec::new();
    let lists = crate::concept::map::module::location_lists(game);
    for f in &rules.hexside_features {
        let key = lists.pair_key(prop("LocationName"), prop(props::DEFENDER_HEX));
        out.push(pieces::calculated(
            &across_property(&f.id),
            &cond(
                contains(prop(&hexsides_property(&f.id)), key),
                int(1),
                int(0),
            )
            .to_beanshell(),
            &format!("1 when a {} separates this unit from the defender", f.name),
        ));
    }
    for (name, e, description) in unit_properties(game) {
        out.push(pieces::calculated(&name, &e.to_beanshell(), &description));
    }
    out
}

/// The calculated properties a unit carries for the combat steps, with their descriptions: whether
/// each strength modifier applies to it and its attack and defence in scaled units. The tests'
/// pieces evaluate them by name.
pub fn unit_properties(game: &Game) -> Vec<(String, Expr, String)> {
    let mut out: Vec<(String, Expr, String)> = modifier_flags(game)
        .into_iter()
        .map(|(name, e)| {
            let description = format!("1 when {name} applies to this unit");
            (name, e, description)
        })
        .collect();
    out.push((
        props::ATTACK_SCALED.into(),
        attack_scaled_expr(game),
        "Attack strength in scaled units".into(),
    ));
    out.push((
        props::DEFENCE_SCALED.into(),
        unit_defence_scaled_expr(game),
        "Defence strength in scaled units".into(),
    ));
    out
}

/// Toolbar buttons: resolve the declared battle, clear the marks; and, in a game with a surprise
/// check, make it.
pub fn buttons(game: &Game, plan: &Plan) -> Vec<El> {
    let surprise = game.rules.combat.surprise.is_some().then(|| {
        module_command(
            &plan.tx.get("ui.surprise_check"),
            &plan.tx.get("ui.surprise_check_tooltip"),
            keys::SURPRISE_CHECK,
            &eq(prop(props::COMBAT_ROLE), s("defender")),
        )
    });
    surprise
        .into_iter()
        .chain([
            module_command(
                &plan.tx.get("ui.resolve"),
                &plan.tx.get("ui.resolve_tooltip"),
                keys::RESOLVE,
                &eq(prop(props::COMBAT_ROLE), s("defender")),
            ),
            module_command(
                &plan.tx.get("ui.clear_combat"),
                &plan.tx.get("ui.clear_combat_tooltip"),
                keys::CLEAR_COMBAT,
                &bin(Op::Ne, prop(props::COMBAT_ROLE), s("")),
            ),
        ])
        .collect()
}
