//! The surprise check before combat (`[combat.surprise]`): apart, as only some games have one.

use crate::concept::combat::ar_command;
use crate::concept::combat::roll_expr::dice_expr;
use crate::concept::combat::step_terms::{kind_name, steps};
use crate::concept::combat::SurpriseOutcome;
use crate::concept::game::Game;
use crate::concept::module::{count_property, props, template};
use crate::i18n::Texts;
use crate::model::keyword::Keyword;
use crate::vassal::expression::{add, and, bin, cond, eq, int, prop, s, Expr, Op};

/// The surprise check (`[combat.surprise]`), made on the defender before the combat is resolved:
/// its steps (the roll, the modified roll) and its chat line.
pub struct SurpriseExprs {
    pub steps: Vec<(&'static str, Expr)>,
    pub report: Expr,
}

/// The surprise check's steps and report (the rule `Combat::surprise_outcome` and the modifier sum
/// `Combat::modifier_sum` compute the same).
pub(super) fn surprise(game: &Game, tx: &Texts) -> Option<SurpriseExprs> {
    let combat = &game.rules.combat;
    let surprise = combat.surprise.as_ref()?;
    let modified = surprise
        .modifiers
        .iter()
        .fold(prop(props::SURPRISE_ROLL), |roll, m| {
            let count =
                ar_command::effective_count(combat, &m.count, prop(&count_property(&m.count)));
            let points = match &m.at_most {
                Some(cap) => Expr::Min(Box::new(count), Box::new(int(i64::from(cap.value)))),
                None => count,
            };
            add(
                roll,
                bin(Op::Mul, points, int(i64::from(m.per_point.value))),
            )
        });
    let modifier = bin(
        Op::Sub,
        prop(steps::SURPRISE_MODIFIED),
        prop(props::SURPRISE_ROLL),
    );
    let signed = cond(
        bin(Op::Ge, modifier.clone(), int(0)),
        add(s("+"), modifier.clone()),
        add(s(""), modifier),
    );
    let report = template(
        tx,
        "ui.report_surprise",
        &[
            ("kind", kind_name(combat, tx)),
            ("attackers", prop(props::ATTACKER_NAMES)),
            ("defender", prop("BasicName")),
            ("roll", prop(props::SURPRISE_ROLL)),
            ("modifier", signed),
            ("modified", prop(steps::SURPRISE_MODIFIED)),
            ("outcome", surprise_outcome(combat, tx)),
            (
                "rule",
                s(surprise.rule.as_deref().map_or("", |r| r.as_str())),
            ),
        ],
    );
    Some(SurpriseExprs {
        steps: vec![
            (
                props::SURPRISE_ROLL,
                dice_expr(game.rules.dice.count, game.rules.dice.faces),
            ),
            (steps::SURPRISE_MODIFIED, modified),
        ],
        report,
    })
}

/// What the sources give for the modified surprise roll in the kind of attack being resolved, or
/// that they lack it.
pub(super) fn surprise_outcome(combat: &crate::concept::game::Combat, tx: &Texts) -> Expr {
    let Some(surprise) = &combat.surprise else {
        return s("");
    };
    surprise
        .known
        .iter()
        .rev()
        .fold(s(&tx.get("ui.surprise_unknown")), |rest, p| {
            let key = match SurpriseOutcome::parse(&p.outcome) {
                Some(SurpriseOutcome::Attacker) => "ui.surprise_attacker",
                Some(SurpriseOutcome::Defender) => "ui.surprise_defender",
                Some(SurpriseOutcome::None) => "ui.surprise_none",
                None => return rest,
            };
            cond(
                and(
                    eq(prop(props::ATTACK_KIND), s(&p.attack_kind)),
                    eq(prop(steps::SURPRISE_MODIFIED), int(i64::from(p.roll.value))),
                ),
                s(&tx.get(key)),
                rest,
            )
        })
}
