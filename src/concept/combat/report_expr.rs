//! The chat line of a resolved combat, built last from the step properties the other parts set.

use crate::concept::combat::ar_command;
use crate::concept::combat::crt_expr::{automatic_reached, capped};
use crate::concept::combat::odds::{automatic_positions, labels_beyond_last};
use crate::concept::combat::roll_expr::roll_text;
use crate::concept::combat::step_terms::{kind_name, known_zero_defence, steps, unknown_defenders};
use crate::concept::combat::strength_expr::{applies_to_a_defender, bonus_condition};
use crate::concept::combat::surprise_expr::surprise_outcome;
use crate::concept::combat::StrengthKind;
use crate::concept::game::Game;
use crate::concept::module::{decimal_text, props, template};
use crate::i18n::Texts;
use crate::vassal::expression::{add, and, any, bin, concat, cond, eq, int, prop, s, Expr, Op};

/// The report, followed, in a game that has them, by the strength modifiers that applied to a
/// defender and the defence bonuses that applied and by where the AR difference came from.
pub(super) fn with_state_notes(game: &Game, tx: &Texts, report: Expr) -> Expr {
    let combat = &game.rules.combat;
    let mut applied: Vec<(Expr, String)> = combat
        .strength_modifiers
        .iter()
        .filter(|m| m.changes(StrengthKind::Defence))
        .map(|m| {
            let name = tx.get(&format!("strength_modifiers.{}", m.id.as_str()));
            (applies_to_a_defender(combat, m), name)
        })
        .collect();
    applied.extend(combat.defence_bonuses.iter().map(|b| {
        let name = tx.get(&format!("defence_bonuses.{}", b.id.as_str()));
        (bonus_condition(combat, b), name)
    }));
    let mut parts = vec![report];
    if !applied.is_empty() {
        let names = applied
            .iter()
            .map(|(applies, name)| cond(applies.clone(), s(&format!(" ({name})")), s("")));
        let names = concat(std::iter::once(s("")).chain(names).collect());
        let any_applied = any(applied.into_iter().map(|(applies, _)| applies).collect());
        parts.push(cond(
            any_applied,
            template(tx, "ui.report_defence_state", &[("modifiers", names)]),
            s(""),
        ));
    }
    if combat.action_rating.is_some() {
        parts.push(ar_command::report_note(game, tx));
    }
    if parts.len() == 1 {
        return parts.remove(0);
    }
    concat(parts)
}

/// The combat report, led by the kind of attack in a game with kinds, and followed by the surprise
/// check when one was made for this combat.
pub(super) fn with_kind_and_surprise(
    combat: &crate::concept::game::Combat,
    tx: &Texts,
    report: Expr,
) -> Expr {
    let mut report = report;
    if !combat.attack_kinds.is_empty() {
        report = template(
            tx,
            "ui.report_in_kind",
            &[("kind", kind_name(combat, tx)), ("report", report)],
        );
    }
    if combat.surprise.is_some() {
        let check = template(
            tx,
            "ui.report_combat_surprise",
            &[
                ("modified", prop(steps::SURPRISE_MODIFIED)),
                ("outcome", surprise_outcome(combat, tx)),
            ],
        );
        report = concat(vec![
            report,
            cond(bin(Op::Ne, prop(props::SURPRISE_ROLL), s("")), check, s("")),
        ]);
    }
    report
}

/// A strength in 1/scale units (a step property) as the report prints it: whole, or with its
/// decimals when scaled (9.75, 3.5).
fn strength_text(step: &str, scale: i64) -> Expr {
    let scale = u32::try_from(scale).unwrap_or(1);
    add(s(""), decimal_text(prop(step), scale))
}

/// The defence as the report prints it: the marked defenders' total in their modes, or `?` when
/// the sources do not give one of them.
fn defence_text(combat: &crate::concept::game::Combat, scale: i64) -> Expr {
    cond(
        bin(Op::Gt, unknown_defenders(combat), int(0)),
        s("?"),
        strength_text(steps::DEFENCE, scale),
    )
}

/// The chat line of a resolved battle, from the step properties.
pub(super) fn combat_report(
    combat: &crate::concept::game::Combat,
    tx: &Texts,
    scale: i64,
    cap_index: i64,
    shift_texts: Vec<Expr>,
) -> Expr {
    let below = tx.fill(
        "ui.below_column",
        &[("column", combat.columns.first().map_or("", |c| c.as_str()))],
    );
    let beyond = tx.fill(
        "ui.beyond_column",
        &[("column", combat.columns.last().map_or("", |c| c.as_str()))],
    );
    let automatic = automatic_positions(combat);
    // With automatic results by odds, the whole ratios (differences) past the last column are
    // named too: the odds that reach one are written as `vmodc odds` writes them (`7:1`).
    let virtual_labels = if automatic.is_empty() {
        Vec::new()
    } else {
        labels_beyond_last(combat)
    };
    let label = |index: Expr| {
        let n = combat.columns.len() as i64;
        let mut e = cond(bin(Op::Gt, index.clone(), int(n)), s(&beyond), s(&below));
        for (i, l) in virtual_labels.iter().enumerate().rev() {
            e = cond(eq(index.clone(), int(n + i as i64 + 1)), s(l), e);
        }
        let named = combat.columns.iter().chain(&combat.beyond_columns);
        let named: Vec<_> = named
            .enumerate()
            .filter(|(_, c)| c.as_str() != "?")
            .collect();
        for (i, c) in named.into_iter().rev() {
            e = cond(eq(index.clone(), int(i as i64 + 1)), s(c), e);
        }
        e
    };
    // An automatic result reached: the shifted odds as they are, before they would be lowered to
    // the last column (odds.rs `Resolution::Automatic`).
    let final_label = match automatic.last() {
        Some((lowest, _)) => cond(
            automatic_reached(combat, cap_index, *lowest),
            label(add(capped(cap_index), prop(steps::SHIFT))),
            label(prop(steps::FINAL)),
        ),
        None => label(prop(steps::FINAL)),
    };
    let capped_note = cond(
        bin(Op::Gt, prop(steps::RAW), int(cap_index)),
        s(&tx.fill(
            "ui.report_capped",
            &[(
                "rule",
                combat.cap_rule.as_deref().map_or("", |r| r.as_str()),
            )],
        )),
        s(""),
    );
    template(
        tx,
        "ui.report_combat",
        &[
            ("attackers", prop(props::ATTACKER_NAMES)),
            ("defender", prop(props::DEFENDER_NAMES)),
            ("attack", strength_text(steps::ATTACK, scale)),
            ("defence", defence_text(combat, scale)),
            ("odds", label(capped(cap_index))),
            ("capped", capped_note),
            (
                "shifts",
                concat(std::iter::once(s("")).chain(shift_texts).collect()),
            ),
            ("final", final_label),
            ("roll", roll_text(combat)),
            ("result", prop(steps::RESULT)),
            ("rule", s(combat.rule.as_deref().map_or("", |r| r.as_str()))),
        ],
    )
}

/// `by_odds`, unless an attack meets a defence of 0 with its own automatic result: then the report
/// says the result came without odds or a roll.
pub(super) fn automatic_report(
    combat: &crate::concept::game::Combat,
    tx: &Texts,
    scale: i64,
    by_odds: Expr,
) -> Expr {
    let Some(a) = combat.automatic.iter().find(|a| a.on_zero_defence()) else {
        return by_odds;
    };
    let rule = a.rule.as_deref().or(combat.rule.as_deref());
    let automatic = template(
        tx,
        "ui.report_combat_automatic",
        &[
            ("attackers", prop(props::ATTACKER_NAMES)),
            ("defender", prop(props::DEFENDER_NAMES)),
            ("attack", strength_text(steps::ATTACK, scale)),
            ("result", prop(steps::RESULT)),
            ("rule", s(rule.map_or("", |r| r.as_str()))),
        ],
    );
    cond(
        and(
            known_zero_defence(combat),
            bin(Op::Gt, prop(steps::ATTACK), int(0)),
        ),
        automatic,
        by_odds,
    )
}

#[cfg(test)]
mod tests {
    use super::strength_text;
    use crate::vassal::expression::{Env, Value};

    /// One piece whose only property is a strength in 1/scale units.
    struct Strength(i64);

    impl Env for Strength {
        fn prop(&self, _: &str) -> Result<Value, crate::vassal::expression::EvalError> {
            Ok(Value::Int(self.0))
        }
    }

    #[test]
    fn the_report_prints_a_scaled_strength_with_its_decimals() {
        // OCS 4.2: three attackers total 9.75 (39 quarters); a DG defence of 7 is 3.5.
        for (parts, scale, text) in [(39, 4, "9.75"), (14, 4, "3.5"), (40, 4, "10"), (7, 1, "7")] {
            let shown = strength_text("CombatAttack", scale).eval(&Strength(parts));
            assert_eq!(shown, Ok(Value::Str(text.into())), "{parts}/{scale}");
        }
    }
}
