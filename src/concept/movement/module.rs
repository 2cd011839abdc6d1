//! What movement adds to the module: the weather's movement limits, checked after each move on the
//! main map (a warning in the chat: VASSAL cannot veto a drag), and every unit's movement trail with
//! the button that clears them all.

use crate::concept::game::Game;
use crate::concept::module::{keys, module_command, named, props, template};
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
