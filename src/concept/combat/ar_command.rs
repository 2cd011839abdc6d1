//! What `[combat.action_rating]` adds to the module: on every unit a "Use this unit's AR" command that
//! marks (or unmarks) it as its side's AR unit for the declared combat (OCS 9.2 step 3), its AR in
//! its mode as a number, and, on the defender, the AR difference of the two marked units, which
//! stands in for the toolbar's AR counts when each side marked exactly one (`strength::ar_source`
//! and `strength::ar_counts` compute the same).

use crate::concept::game::{Combat, Game, Unit};
use crate::concept::module::{keys, named, props, template};
use crate::concept::plan::Plan;
use crate::vassal::expression::{and, bin, cond, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Key, Trait};

/// 1 on a unit marked as its side's AR unit, 0 otherwise.
pub const AR_UNIT: &str = "ArUnit";
/// A unit's action rating in its mode, or `?`.
pub const COMBAT_AR: &str = "CombatAR";
const TOGGLE: &str = "ToggleArUnit";
const FLIP: &str = "FlipArUnit";
const REPORT: &str = "ReportArUnit";

/// The marked AR units of the attacker: marked, attacking, with a known AR.
fn attacker_filter() -> Expr {
    and(
        and(
            eq(prop(AR_UNIT), int(1)),
            eq(prop(props::COMBAT_ROLE), s("attacker")),
        ),
        bin(Op::Ne, prop(COMBAT_AR), s("?")),
    )
}

/// The marked AR units of the defender: marked, not attacking, in the defender's hex, with a known
/// AR (the defender's hex may hold units the players did not mark to defend: OCS 9.1d).
fn defender_filter() -> Expr {
    and(
        and(
            and(
                eq(prop(AR_UNIT), int(1)),
                bin(Op::Ne, prop(props::COMBAT_ROLE), s("attacker")),
            ),
            eq(prop("LocationName"), prop(props::DEFENDER_HEX)),
        ),
        bin(Op::Ne, prop(COMBAT_AR), s("?")),
    )
}

/// Whether each side marked exactly one AR unit with a known AR (`ArSource::Units`).
pub fn units_marked() -> Expr {
    and(
        eq(Expr::Count(Box::new(attacker_filter())), int(1)),
        eq(Expr::Count(Box::new(defender_filter())), int(1)),
    )
}

/// The attacker's AR unit's AR (when `units_marked`).
pub fn attacker_ar() -> Expr {
    Expr::Sum(COMBAT_AR.into(), Box::new(attacker_filter()))
}

/// The defender's AR unit's AR (when `units_marked`).
pub fn defender_ar() -> Expr {
    Expr::Sum(COMBAT_AR.into(), Box::new(defender_filter()))
}

/// The value count `id` adds to a roll: the marked units' difference for the two counts of
/// `[combat.action_rating]` when both sides marked one (`strength::ar_counts`), else the count.
pub fn effective_count(combat: &Combat, id: &str, count: Expr) -> Expr {
    let Some(ar) = &combat.action_rating else {
        return count;
    };
    let difference = bin(Op::Sub, attacker_ar(), defender_ar());
    let in_favour = if ar.attacker_count.as_str() == id {
        difference
    } else if ar.defender_count.as_str() == id {
        bin(Op::Sub, int(0), difference)
    } else {
        return count;
    };
    cond(
        units_marked(),
        Expr::Max(Box::new(in_favour), Box::new(int(0))),
        count,
    )
}

/// The report's note of where the AR difference came from, and, with the units, the reminder that
/// each side's first step loss goes to its AR unit.
pub fn report_note(game: &Game, tx: &crate::i18n::Texts) -> Expr {
    let Some(ar) = &game.rules.combat.action_rating else {
        return s("");
    };
    let rule = s(ar.rule.as_deref().map_or("", |r| r.as_str()));
    cond(
        units_marked(),
        template(
            tx,
            "ui.report_ar_units",
            &[
                ("attacker", attacker_ar()),
                ("defender", defender_ar()),
                ("rule", rule.clone()),
            ],
        ),
        template(tx, "ui.report_ar_counts", &[("rule", rule)]),
    )
}

/// The AR command, its report and the unit's AR in its mode, in a game with `[combat.action_rating]`.
pub fn action_rating_traits(game: &Game, plan: &Plan, unit: &Unit) -> Vec<Trait> {
    let Some(ar) = &game.rules.combat.action_rating else {
        return Vec::new();
    };
    let tx = &plan.tx;
    let flipped = cond(eq(prop(AR_UNIT), int(1)), int(0), int(1));
    let report = cond(
        eq(prop(AR_UNIT), int(1)),
        template(
            tx,
            "ui.report_ar_unit",
            &[("piece", prop("BasicName")), ("ar", prop(COMBAT_AR))],
        ),
        template(tx, "ui.report_ar_unit_off", &[("piece", prop("BasicName"))]),
    );
    let actions: [Key<'_>; 2] = [named(FLIP), named(REPORT)];
    vec![
        pieces::command_trigger(
            "Use this unit's AR",
            &tx.get("ui.use_ar"),
            named(TOGGLE),
            &actions,
        ),
        pieces::report_with(
            &[named(REPORT)],
            &report.to_beanshell(),
            "Report AR unit",
            true,
        ),
        pieces::counter_property(
            AR_UNIT,
            0,
            (0, 1),
            &[
                ("", named(FLIP), &flipped.to_beanshell()),
                ("", named(keys::CLEAR_COMBAT), "0"),
            ],
            "1 when this unit gives its side's AR",
        ),
        pieces::calculated(
            COMBAT_AR,
            &crate::concept::modes::module::action_rating_expr(game, unit, &ar.value)
                .to_beanshell(),
            "Action rating in the unit's mode",
        ),
    ]
}
