//! What modes add to the module: each unit's mode (a mode marker on its stack, else its face) and
//! the values the mode derives, reported by the Mode command (Ctrl+M). derive.rs holds the same
//! rule in Rust.

use super::derive::ratio;
use crate::concept::game::{Game, Mode, Unit};
use crate::concept::module::{decimal_text, named, template, value_property};
use crate::concept::plan::Plan;
use crate::vassal::expression::{add, bin, cond, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Key, Trait, CTRL};

/// Ctrl+M: report the unit's mode and the values it derives.
pub const MODE_KEY: Key<'static> = Key::Stroke(77, CTRL);
pub use crate::concept::module::{MARKER_COUNT, MARKER_ID, MODE_STRENGTH};
const REPORT: &str = "ReportMode";

/// The common denominator of the modes' strength ratios: 1 in a game whose modes change no
/// strength (or that has no modes), so combat's arithmetic is unchanged there.
pub fn strength_denominator(game: &Game) -> i64 {
    let Some(values) = &game.rules.mode_values else {
        return 1;
    };
    if values.strength.is_none() {
        return 1;
    }
    game.rules
        .modes
        .iter()
        .filter_map(|m| m.strength.as_deref().and_then(|r| ratio(r)))
        .fold(1, |l, (_, d)| {
            let d = i64::from(d);
            l * d / gcd(l, d)
        })
}

/// Whether some mode changes a unit's strength: then each unit carries `MODE_STRENGTH` and combat
/// reads it.
pub fn changes_strength(game: &Game) -> bool {
    game.rules
        .mode_values
        .as_ref()
        .is_some_and(|v| v.strength.is_some())
        && game.rules.modes.iter().any(|m| {
            m.strength
                .as_deref()
                .and_then(|r| ratio(r))
                .is_some_and(|(n, d)| n != d)
        })
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// The `MODE_STRENGTH` property of `unit`, in a game whose modes change strength.
pub fn strength_factor_expr(game: &Game, unit: &Unit) -> Option<Expr> {
    changes_strength(game).then(|| strength_factor(game, unit, strength_denominator(game)))
}

/// The `MODE_STRENGTH` property of `unit`: its mode's strength ratio in 1/`strength_denominator`
/// units; a mode that does not change strength, or no mode, counts whole.
fn strength_factor(game: &Game, unit: &Unit, denominator: i64) -> Expr {
    let mode = mode_expr(game, unit);
    game.rules
        .modes
        .iter()
        .rev()
        .fold(int(denominator), |rest, m| {
            let (n, d) = m
                .strength
                .as_deref()
                .and_then(|r| ratio(r))
                .unwrap_or((1, 1));
            let factor = i64::from(n) * denominator / i64::from(d);
            if factor == denominator {
                return rest;
            }
            cond(eq(mode.clone(), s(&m.id)), int(factor), rest)
        })
}

/// The id of the mode `unit` is in: the first mode (data order) whose marker is on its stack, else
/// the mode of its face up, else empty.
pub fn mode_expr(game: &Game, unit: &Unit) -> Expr {
    let modes = &game.rules.modes;
    let faces = game.counters.faces_of(unit);
    let mut e = s("");
    for (i, face) in faces.iter().enumerate().rev() {
        if let Some(m) = modes
            .iter()
            .find(|m| m.face.as_ref().is_some_and(|f| f.as_str() == *face))
        {
            e = cond(eq(prop("Step_Level"), int(i as i64 + 1)), s(&m.id), e);
        }
    }
    for m in modes.iter().rev() {
        if let Some(marker) = &m.marker {
            let on_stack = Expr::SumStackWhere(
                MARKER_COUNT.into(),
                Box::new(eq(prop(MARKER_ID), s(marker))),
            );
            e = cond(bin(Op::Gt, on_stack, int(0)), s(&m.id), e);
        }
    }
    e
}

/// A printed value (`value`, a `[counters] values` name) times the mode's ratio, as a decimal;
/// `?` stays `?`.
fn scaled_text(value: &str, by: Option<&str>) -> Expr {
    let printed = prop(&value_property(value));
    let (n, d) = by.and_then(ratio).unwrap_or((1, 1));
    let hundredths = bin(
        Op::Div,
        bin(Op::Mul, printed.clone(), int(100 * i64::from(n))),
        int(i64::from(d)),
    );
    cond(eq(printed, s("?")), s("?"), decimal_text(hundredths, 100))
}

/// The action rating in `mode`: set, changed, or as printed (`?` stays `?`).
fn action_rating_text(value: &str, mode: &Mode) -> Expr {
    let printed = prop(&value_property(value));
    let derived = match (&mode.action_rating, &mode.action_rating_change) {
        (Some(set), _) => return add(s(""), int(i64::from(set.value))),
        (None, Some(change)) => add(printed.clone(), int(i64::from(change.value))),
        (None, None) => printed.clone(),
    };
    cond(eq(printed, s("?")), s("?"), add(s(""), derived))
}

/// The action rating `value` (a `[counters] values` name) of `unit` as a number in its mode (the
/// mode's change when `value` is the one `[mode_values]` names, `derive::action_rating`), or `?`
/// when the sources do not give it.
pub fn action_rating_expr(game: &Game, unit: &Unit, value: &str) -> Expr {
    let printed = prop(&value_property(value));
    let by_modes = game
        .rules
        .mode_values
        .as_ref()
        .and_then(|v| v.action_rating.as_ref())
        .is_some_and(|v| v.as_str() == value);
    if !by_modes {
        return printed;
    }
    let mode = mode_expr(game, unit);
    game.rules
        .modes
        .iter()
        .rev()
        .fold(printed.clone(), |rest, m| {
            let derived = match (&m.action_rating, &m.action_rating_change) {
                (Some(set), _) => int(i64::from(set.value)),
                (None, Some(change)) => cond(
                    eq(printed.clone(), s("?")),
                    s("?"),
                    add(printed.clone(), int(i64::from(change.value))),
                ),
                (None, None) => return rest,
            };
            cond(eq(mode.clone(), s(&m.id)), derived, rest)
        })
}

/// One value in whichever mode the unit is in.
fn per_mode(game: &Game, unit: &Unit, each: &dyn Fn(&Mode) -> Expr) -> Expr {
    let mode = mode_expr(game, unit);
    game.rules.modes.iter().rev().fold(s("?"), |rest, m| {
        cond(eq(mode.clone(), s(&m.id)), each(m), rest)
    })
}

/// The Mode command and its report, for a game with modes and mode values.
pub fn mode_traits(game: &Game, plan: &Plan, unit: &Unit) -> Vec<Trait> {
    let (Some(values), false) = (&game.rules.mode_values, game.rules.modes.is_empty()) else {
        return Vec::new();
    };
    let tx = &plan.tx;
    let text = |name: &Option<crate::model::Sp<String>>, f: &dyn Fn(&str, &Mode) -> Expr| {
        name.as_ref()
            .map_or(s("?"), |v| per_mode(game, unit, &|m| f(v.as_str(), m)))
    };
    let report = template(
        tx,
        "ui.report_mode",
        &[
            ("unit", prop("BasicName")),
            (
                "mode",
                per_mode(game, unit, &|m| {
                    s(&tx.get(&format!("modes.{}", m.id.as_str())))
                }),
            ),
            (
                "strength",
                text(&values.strength, &|v, m| {
                    scaled_text(v, m.strength.as_deref().map(|x| x.as_str()))
                }),
            ),
            (
                "movement",
                text(&values.movement, &|v, m| {
                    scaled_text(v, m.movement.as_deref().map(|x| x.as_str()))
                }),
            ),
            (
                "action_rating",
                text(&values.action_rating, &|v, m| action_rating_text(v, m)),
            ),
        ],
    );
    let mut out = vec![
        pieces::command_trigger("Mode", &tx.get("ui.mode"), MODE_KEY, &[named(REPORT)]),
        pieces::report(&[named(REPORT)], &report.to_beanshell(), "Report mode"),
    ];
    if let Some(factor) = strength_factor_expr(game, unit) {
        out.push(pieces::calculated(
            MODE_STRENGTH,
            &factor.to_beanshell(),
            &format!(
                "Strength factor of the unit's mode, in 1/{}",
                strength_denominator(game)
            ),
        ));
    }
    out
}
