//! What stacking adds to the module: every unit's stacking points, and a check after each move on the
//! main map that warns in the chat when the moved unit's hex holds more than its side's limit
//! (`limits.rs` reads the same limits for the Rust checks).

use crate::concept::module::{keys, named, props, template};
use crate::emit::plan::Plan;
use crate::model::Game;
use crate::vassal::expression::{add, and, bin, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Trait};

/// The post-move checks on the map's move key: the general limit, or one limit per side (with a
/// per-branch limit where the rules give one). Only the main map counts: off-map areas are exempt.
pub fn check_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
    let rules = &game.rules;
    let tx = &plan.tx;
    let mut out = Vec::new();
    let stacking = &rules.stacking;
    let main_map = eq(prop("CurrentMap"), s(&plan.main_map));
    let mut limits: Vec<(Option<&str>, u32, Option<u32>, String)> = stacking
        .limits
        .iter()
        .map(|l| {
            let rule = l
                .rule
                .as_deref()
                .or(stacking.rule.as_deref())
                .map_or("", |r| r.as_str());
            (
                Some(l.side.as_str()),
                l.max_units.value,
                l.max_per_branch.as_ref().map(|m| m.value),
                rule.to_string(),
            )
        })
        .collect();
    if limits.is_empty() {
        let rule = stacking
            .rule
            .as_deref()
            .map_or("", |r| r.as_str())
            .to_string();
        limits.push((None, stacking.max_units.value, None, rule));
    }
    for (i, (side, max, per_branch, rule)) in limits.iter().enumerate() {
        let key = format!("{}{}", keys::OVERSTACKED, i + 1);
        let on_side = |e: Expr| match side {
            Some(sd) => and(eq(prop("Side"), s(sd)), e),
            None => e,
        };
        // With per-side limits only the moved unit's own side counts.
        let count = match side {
            Some(_) => Expr::SumStackWhere(
                props::STACK_POINTS.into(),
                Box::new(eq(prop("Side"), s("$Side$"))),
            ),
            None => Expr::SumStack(props::STACK_POINTS.into()),
        };
        let mut over = bin(Op::Gt, count.clone(), int(i64::from(*max)));
        if let Some(b) = per_branch {
            // `$Branch$` is the moved unit's branch, substituted before the stack is summed.
            let same_branch = eq(prop("Branch"), s("$Branch$"));
            over = bin(
                Op::Or,
                over,
                bin(
                    Op::Gt,
                    Expr::SumStackWhere(props::STACK_POINTS.into(), Box::new(same_branch)),
                    int(i64::from(*b)),
                ),
            );
        }
        out.push(pieces::trigger(
            "Stacking check",
            &and(main_map.clone(), on_side(over)).to_beanshell(),
            &[named(keys::MOVED)],
            &[named(&key)],
        ));
        out.push(pieces::report_with(
            &[named(&key)],
            &add(
                s("~"),
                template(
                    tx,
                    "ui.report_overstack",
                    &[
                        ("rule", s(rule)),
                        ("location", prop("LocationName")),
                        ("count", count),
                        ("max", int(i64::from(*max))),
                        ("when", s(&tx.get("stacking.when"))),
                    ],
                ),
            )
            .to_beanshell(),
            "Stacking warning",
            true,
        ));
    }
    out
}

/// The stacking points every unit counts for.
pub fn points_traits() -> Vec<Trait> {
    vec![pieces::marker(&[(props::STACK_POINTS, "1")])]
}
