//! Column shifts: each one's condition on the defender and its columns (`shifts.rs`: the rule).

use crate::concept::combat::step_terms::{declared, is_attacker, kind_is, not_declared};
use crate::concept::game::Game;
use crate::concept::module::{across_property, props, template};
use crate::i18n::Texts;
use crate::vassal::expression::{add, and, any, bin, concat, cond, eq, int, prop, s, Expr, Op};

/// The sum of the column shifts that apply, and the report's text of each.
pub(super) fn shift_step(game: &Game, tx: &Texts) -> (Expr, Vec<Expr>) {
    let combat = &game.rules.combat;
    // A count kept on the board is read from it (concept `morale`: the damage track).
    let reading = |id: &str| crate::concept::morale::module::count_reading(game, tx, id);
    let mut shift_terms = Vec::new();
    let mut shift_texts = Vec::new();
    for sh in &combat.shifts {
        let name = tx.get(&format!("shifts.{}", sh.id.as_str()));
        if sh.by_count.is_none() && sh.per_count.is_none() {
            let applies = shift_condition(combat, sh);
            shift_terms.push(cond(applies.clone(), int(i64::from(sh.shift)), int(0)));
            let sign = if sh.shift < 0 { "−" } else { "+" };
            let text = tx.fill(
                "ui.report_shift",
                &[
                    ("shift", &name),
                    ("value", &format!("{sign}{}", sh.shift.abs())),
                ],
            );
            shift_texts.push(cond(applies, s(&text), s("")));
            continue;
        }
        // Columns read from a count: the shift applies only when the count gives some.
        let columns = shift_columns(sh, &reading);
        let applies = and(
            shift_condition(combat, sh),
            bin(Op::Ne, columns.clone(), int(0)),
        );
        shift_terms.push(cond(applies.clone(), columns.clone(), int(0)));
        let value = cond(
            bin(Op::Lt, columns.clone(), int(0)),
            concat(vec![s("−"), bin(Op::Sub, int(0), columns.clone())]),
            concat(vec![s("+"), columns]),
        );
        let text = template(
            tx,
            "ui.report_shift",
            &[("shift", s(&name)), ("value", value)],
        );
        shift_texts.push(cond(applies, text, s("")));
    }
    let shift = shift_terms.into_iter().reduce(add).unwrap_or(int(0));
    (shift, shift_texts)
}

/// The columns of a shift that reads a count (the same reading as `shifts::columns`): the highest
/// `by_count` step the count reaches (0 below the first), or `per_count` columns per point.
fn shift_columns(sh: &crate::concept::game::ColumnShift, reading: &dyn Fn(&str) -> Expr) -> Expr {
    if let Some(by) = &sh.by_count {
        let count = reading(&by.count);
        let mut steps: Vec<_> = by.steps.iter().collect();
        steps.sort_by_key(|st| st.at_least.value);
        return steps.into_iter().fold(int(0), |below, st| {
            cond(
                bin(Op::Ge, count.clone(), int(i64::from(st.at_least.value))),
                int(i64::from(st.shift.value)),
                below,
            )
        });
    }
    if let Some(per) = &sh.per_count {
        return bin(
            Op::Mul,
            reading(&per.count),
            int(i64::from(per.shift.value)),
        );
    }
    int(i64::from(sh.shift))
}

/// The condition of a column shift, evaluated on the defender. Every condition the data gives must
/// hold (the same reading as `concept::combat::shifts::applies`).
fn shift_condition(
    combat: &crate::concept::game::Combat,
    sh: &crate::concept::game::ColumnShift,
) -> Expr {
    let mut terms = Vec::new();
    if !sh.attack_kinds.is_empty() {
        terms.push(kind_is(&sh.attack_kinds));
    }
    if let Some(t) = &sh.defender_terrain {
        terms.push(eq(prop(props::TERRAIN), s(t)));
    }
    if let Some(c) = &sh.defender_city {
        terms.push(eq(prop(props::CITY), s(c)));
    }
    if let Some(side) = &sh.defender_side {
        terms.push(eq(prop("Side"), s(side)));
    }
    let attackers_where = |extra: Expr| Expr::Count(Box::new(and(is_attacker(), extra)));
    if let Some(side) = &sh.attacker_side {
        terms.push(bin(
            Op::Gt,
            attackers_where(eq(prop("Side"), s(side))),
            int(0),
        ));
    }
    if !sh.attacker_types.is_empty() {
        let of_type = any(sh
            .attacker_types
            .iter()
            .map(|t| eq(prop("Type"), s(t)))
            .collect());
        terms.push(bin(Op::Gt, attackers_where(of_type), int(0)));
    }
    if !sh.weather.is_empty() {
        terms.push(any(sh
            .weather
            .iter()
            .map(|w| eq(prop(props::WEATHER), s(w)))
            .collect()));
    }
    if !sh.not_weather.is_empty() {
        terms.push(Expr::Not(Box::new(any(sh
            .not_weather
            .iter()
            .map(|w| eq(prop(props::WEATHER), s(w)))
            .collect()))));
    }
    for d in &sh.declared {
        terms.push(declared(combat, d));
    }
    for d in &sh.not_declared {
        terms.push(not_declared(combat, d));
    }
    if let Some(f) = &sh.all_attackers_across {
        // Some attacker, and no attacker that is not across the feature.
        let attackers = Expr::Count(Box::new(is_attacker()));
        let not_across = attackers_where(eq(prop(&across_property(f)), int(0)));
        terms.push(and(bin(Op::Gt, attackers, int(0)), eq(not_across, int(0))));
    }
    terms.into_iter().reduce(and).unwrap_or(eq(int(1), int(1)))
}
