//! What stacking adds to the module: every unit's stacking points, and a check after each move on the
//! main map that warns in the chat when the moved unit's hex holds more than its side's limit
//! (the limits and the points come from `limits.rs`, which the Rust checks use too).

use super::limits::{declared_limits, unit_points, Points};
use crate::concept::game::{Game, Unit};
use crate::concept::module::{decimal_text, keys, named, props, template};
use crate::concept::plan::Plan;
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
    for (i, (entry, limit)) in declared_limits(stacking).into_iter().enumerate() {
        let side = entry.map(|l| l.side.as_str());
        let rule = entry
            .and_then(|l| l.rule.as_deref())
            .or(stacking.rule.as_deref())
            .map_or("", |r| r.as_str());
        let scale = plan.stack_scale;
        let max = Points::whole(limit.max_units, scale).parts;
        let per_branch = limit.max_per_branch.map(|b| Points::whole(b, scale).parts);
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
        let mut over = bin(Op::Gt, count.clone(), int(i64::from(max)));
        if let Some(b) = per_branch {
            // `$Branch$` is the moved unit's branch, substituted before the stack is summed.
            let same_branch = eq(prop("Branch"), s("$Branch$"));
            over = bin(
                Op::Or,
                over,
                bin(
                    Op::Gt,
                    Expr::SumStackWhere(props::STACK_POINTS.into(), Box::new(same_branch)),
                    int(i64::from(b)),
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
                        ("count", decimal_text(count, scale)),
                        ("max", int(i64::from(limit.max_units))),
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

/// The stacking points `unit` counts for, in parts of the game's scale (`StackPoints`).
pub fn points_trait(game: &Game, plan: &Plan, unit: &Unit) -> Trait {
    let points = unit_points(game, unit, plan.stack_scale);
    pieces::marker(&[(props::STACK_POINTS, &points.parts.to_string())])
}
