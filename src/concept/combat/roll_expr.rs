//! The combat die roll and its modifiers, read alike by the CRT lookup, surprise check and report.

use crate::concept::combat::ar_command;
use crate::concept::combat::odds::dice_of;
use crate::concept::combat::step_terms::steps;
use crate::concept::game::Game;
use crate::concept::module::{count_property, props};
use crate::vassal::expression::{add, bin, concat, cond, eq, int, prop, s, Expr, Op};

/// The roll the CRT is read with: the die roll, or the modified roll in a game with roll modifiers.
pub(super) fn table_roll(combat: &crate::concept::game::Combat) -> Expr {
    if combat.roll_modifiers.is_empty() {
        prop(props::COMBAT_ROLL)
    } else {
        prop(steps::MODIFIED_ROLL)
    }
}

/// The die roll plus every roll modifier (per point of its count; `Combat::roll_modifier`).
pub(super) fn modified_roll(combat: &crate::concept::game::Combat) -> Expr {
    combat
        .roll_modifiers
        .iter()
        .fold(prop(props::COMBAT_ROLL), |roll, m| {
            let count =
                ar_command::effective_count(combat, &m.count, prop(&count_property(&m.count)));
            let points = bin(Op::Mul, count, int(i64::from(m.per_point.value)));
            add(roll, points)
        })
}

/// The roll as the report prints it: `3`, or `3 +3 = 6` with roll modifiers.
pub(super) fn roll_text(combat: &crate::concept::game::Combat) -> Expr {
    if combat.roll_modifiers.is_empty() {
        return prop(props::COMBAT_ROLL);
    }
    let modifier = bin(
        Op::Sub,
        prop(steps::MODIFIED_ROLL),
        prop(props::COMBAT_ROLL),
    );
    let signed = cond(
        bin(Op::Ge, modifier.clone(), int(0)),
        add(s("+"), modifier.clone()),
        add(s(""), modifier),
    );
    concat(vec![
        s(""),
        prop(props::COMBAT_ROLL),
        s(" "),
        signed,
        s(" = "),
        prop(steps::MODIFIED_ROLL),
    ])
}

/// The die roll expression of the game's dice: in a game with kinds of attack, the dice of the kind
/// being resolved (`odds::dice_of`).
pub fn roll_expr(game: &Game) -> Expr {
    let combat_dice = dice_expr(game.rules.dice.count, game.rules.dice.faces);
    game.rules
        .combat
        .attack_kinds
        .iter()
        .rev()
        .filter(|k| k.die.is_some())
        .fold(combat_dice, |rest, k| {
            let (count, faces) = dice_of(&game.rules, Some(k.id.as_str()));
            cond(
                eq(prop(props::ATTACK_KIND), s(&k.id)),
                dice_expr(count, faces),
                rest,
            )
        })
}

/// `count` dice of `faces` faces, summed.
pub(super) fn dice_expr(count: u32, faces: u32) -> Expr {
    (0..count.max(1))
        .map(|_| Expr::Random(i64::from(faces)))
        .reduce(add)
        .unwrap_or(int(0))
}
