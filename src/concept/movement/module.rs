//! What movement adds to the module: the weather's movement limits, checked after each move on the
//! main map (a warning in the chat: VASSAL cannot veto a drag), and every unit's movement trail with
//! the button that clears them all.

use crate::concept::game::Game;
use crate::concept::module::{keys, module_command, named, props, template, value_property};
use crate::concept::movement::cheapest_quarters;
use crate::concept::plan::Plan;
use crate::vassal::expression::{add, and, any, bin, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Key, Trait, CTRL};
use crate::vassal::xml::El;

/// The key of a unit's Movement trail command: Ctrl+T, VASSAL's own default for the trait
/// (`Footprint.DEFAULT_TRAIL_KEY`).
pub const TRAIL_KEY: Key<'static> = Key::Stroke(84, CTRL);
/// The key that empties a unit's trail (sent by the Clear movement trails button).
pub const CLEAR_TRAIL: &str = "ClearTrail";

/// Every unit's movement trail: the path of its moves since its trail was last cleared, shown from
/// its first move; Ctrl+T hides or shows it for the player who presses it.
pub fn trail_trait(plan: &Plan) -> Trait {
    pieces::footprint(
        TRAIL_KEY,
        &plan.tx.get("ui.movement_trail"),
        named(CLEAR_TRAIL),
        "Movement trail",
    )
}

/// The toolbar button that clears every unit's trail (players press it when a new movement begins).
pub fn clear_trails_button(plan: &Plan) -> El {
    module_command(
        &plan.tx.get("ui.clear_trails"),
        &plan.tx.get("ui.clear_trails_tooltip"),
        CLEAR_TRAIL,
        &bin(Op::Ne, prop("UnitId"), s("")),
    )
}

/// One check per weather movement limit: the moved unit went farther than the weather allows, outside
/// the phases the limit exempts.
pub fn weather_limit_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
    let rules = &game.rules;
    let tx = &plan.tx;
    let main_map = eq(prop("CurrentMap"), s(&plan.main_map));
    let mut out = Vec::new();
    for limit in &rules.movement.weather_limits {
        let exempt: Vec<Expr> = limit
            .except_phases
            .iter()
            .filter_map(|p| rules.phases.iter().find(|ph| ph.id.as_str() == p.as_str()))
            .map(|ph| {
                eq(
                    prop(props::PHASE),
                    s(&tx.get(&format!("phases.{}", ph.id.as_str()))),
                )
            })
            .collect();
        let weather_name = rules
            .weather
            .iter()
            .find(|w| w.id.as_str() == limit.weather.as_str())
            .map_or(limit.weather.value.clone(), |w| {
                tx.get(&format!("weather.{}", w.id.as_str()))
            });
        let condition = [
            main_map.clone(),
            eq(prop("OldMap"), prop("CurrentMap")),
            eq(prop(props::WEATHER), s(&limit.weather)),
            Expr::Not(Box::new(any(exempt))),
            bin(Op::Gt, Expr::RangeFromOld, int(i64::from(limit.max_hexes))),
        ]
        .into_iter()
        .reduce(and)
        .unwrap_or(int(0));
        out.push(pieces::trigger(
            &format!("{weather_name} movement check"),
            &condition.to_beanshell(),
            &[named(keys::MOVED)],
            &[named(keys::WEATHER_MOVE)],
        ));
        out.push(pieces::report_with(
            &[named(keys::WEATHER_MOVE)],
            &add(
                s("~"),
                template(
                    tx,
                    "ui.report_weather_move",
                    &[
                        ("weather", s(&weather_name)),
                        ("rule", s(limit.rule.as_deref().map_or("", |r| r.as_str()))),
                        ("piece", prop("BasicName")),
                        ("max", int(i64::from(limit.max_hexes))),
                    ],
                ),
            )
            .to_beanshell(),
            "Weather movement warning",
            true,
        ));
    }
    out
}

/// Whether the hexes from the old position cost more than `points` at `rate` quarters of a point a
/// hex (in quarters: 3 MP at ½ MP a hex reach 6 hexes, so a move of 7 is too far).
fn too_far(points: Expr, rate: i64) -> Expr {
    bin(
        Op::Gt,
        bin(Op::Mul, Expr::RangeFromOld, int(rate)),
        bin(Op::Mul, points, int(4)),
    )
}

/// The key the allowance check sends to its report.
const ALLOWANCE_MOVE: &str = "AllowanceMove";

/// The movement allowance warning (`[movement.allowance]`): after a move within the main map, in a
/// phase that spends the allowance, a unit that moved more hexes than its allowance buys at the
/// game's cheapest rate (a road at ½ MP: twice its allowance) is reported in the chat. VASSAL knows
/// only where a move started and ended, not the path, so the hexes are counted as the grid counts
/// them from the old position (`Range(OldX, OldY)`, ExpressionInterpreter.rangeInCells, the board's
/// grid `range`) and the cheapest rate is the bound; VASSAL cannot veto a drag, so it warns.
pub fn allowance_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
    let rules = &game.rules;
    let costs = rules.terrain.iter().map(|t| t.move_cost.value).chain(
        rules
            .line_features
            .iter()
            .filter_map(|f| f.move_cost.as_ref().map(|c| c.value)),
    );
    let (Some(allowance), Some(rate)) = (&rules.movement.allowance, cheapest_quarters(costs)) else {
        return Vec::new();
    };
    let tx = &plan.tx;
    let points = prop(&value_property(&allowance.value));
    let phases: Vec<Expr> = allowance
        .phases
        .iter()
        .map(|p| eq(prop(props::PHASE), s(&tx.get(&format!("phases.{}", p.as_str())))))
        .collect();
    let too_far = too_far(points.clone(), rate);
    let mut terms = vec![
        eq(prop("CurrentMap"), s(&plan.main_map)),
        eq(prop("OldMap"), prop("CurrentMap")),
    ];
    if !phases.is_empty() {
        terms.push(any(phases));
    }
    // A unit whose allowance the sources do not give ("?") is not checked.
    terms.push(bin(Op::Ne, points.clone(), s("?")));
    terms.push(too_far);
    let condition = terms.into_iter().reduce(and).unwrap_or(int(0));
    let rate_text = crate::concept::map::move_points_text(rate as f64 / 4.0);
    vec![
        pieces::trigger(
            "Movement allowance check",
            &condition.to_beanshell(),
            &[named(keys::MOVED)],
            &[named(ALLOWANCE_MOVE)],
        ),
        pieces::report_with(
            &[named(ALLOWANCE_MOVE)],
            &add(
                s("~"),
                template(
                    tx,
                    "ui.report_allowance_move",
                    &[
                        // Not the hexes moved: a report evaluates its format against
                        // `OldAndNewPieceProperties`, which is no GamePiece, so `Range` gives 0 there
                        // (3.7.26 ReportState.myKeyEvent, ExpressionInterpreter.rangeXY).
                        ("piece", prop("BasicName")),
                        ("allowance", points.clone()),
                        ("rate", s(&rate_text)),
                        ("max", bin(Op::Div, bin(Op::Mul, points, int(4)), int(rate))),
                        (
                            "rule",
                            s(allowance.rule.as_deref().map_or("", |r| r.as_str())),
                        ),
                    ],
                ),
            )
            .to_beanshell(),
            "Movement allowance warning",
            true,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::too_far;
    use crate::vassal::expression::{prop, Env, Value};

    /// A unit with an allowance that moved `range` hexes.
    struct Moved {
        allowance: i64,
        range: i64,
    }

    impl Env for Moved {
        fn prop(&self, _: &str) -> Result<Value, crate::vassal::expression::EvalError> {
            Ok(Value::Int(self.allowance))
        }
        fn range_from_old(&self) -> i64 {
            self.range
        }
    }

    #[test]
    fn a_move_is_too_far_past_what_the_allowance_buys_at_the_cheapest_rate() {
        // (allowance, quarters a hex, hexes moved, too far?)
        for (allowance, rate, range, expected) in [
            (3, 2, 6, false), // 3 MP on ½ MP roads: 6 hexes
            (3, 2, 7, true),
            (2, 4, 2, false), // 2 MP at 1 MP: 2 hexes
            (2, 4, 3, true),
            (1, 1, 4, false), // ¼ MP rail: 4 hexes a point
            (1, 1, 5, true),
            (0, 2, 1, true),
        ] {
            let e = too_far(prop("Movement"), rate);
            let got = e.eval(&Moved { allowance, range });
            assert_eq!(got, Ok(Value::Bool(expected)), "{allowance} MP, {rate}/4, {range}");
        }
    }
}
