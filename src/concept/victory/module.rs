//! What victory adds to the module: a control marker per city (one layer level per side), the victory
//! evaluation its report computes from the markers and the pieces, and the button that asks for it.

use crate::concept::game::Game;
use crate::concept::module::FLIP_KEY;
use crate::concept::module::{keys, module_command, props, template};
use crate::concept::morale::module as morale;
use crate::concept::plan::Plan;
use crate::concept::victory::{LossRounding, VpCount};
use crate::vassal::expression::{add, and, any, bin, concat, cond, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Key, Piece};
use crate::vassal::xml::El;

/// The victory evaluation, reported by the first victory hex's control marker: the conditions of
/// the scenario played (`Scenario`, when the scenarios' differ), `None` when no scenario has any.
pub fn victory_report(game: &Game, plan: &Plan) -> Option<Expr> {
    let (first, others) = game.scenarios.split_first()?;
    game.scenarios.iter().find_map(|s| game.victory_of(s))?;
    let report = |scenario| match game.victory_of(scenario) {
        Some((owner, v)) => scenario_report(game, plan, owner, v),
        None => s(&plan.tx.get("ui.report_no_victory")),
    };
    let mut e = report(first);
    if game.victories_differ() {
        for other in others.iter().rev() {
            let played = eq(prop(props::SCENARIO), s(other.scenario.id.as_str()));
            e = cond(played, report(other), e);
        }
    }
    Some(e)
}

/// One scenario's evaluation (`owner`: the scenario that writes its conditions): a side's
/// surrender first (its morale chit against its count, concept `morale`), then the outcome.
fn scenario_report(game: &Game, plan: &Plan, owner: &str, victory: &crate::concept::game::Victory) -> Expr {
    let outcome = outcome_report(game, plan, owner, victory);
    let Some(m) = &game.rules.morale else {
        return outcome;
    };
    let surrender = morale::surrender_report(game, m, &plan.tx);
    match morale::surrendered(game, m, &plan.tx) {
        // A surrender ends the game: its result is the whole report.
        Some(now) => cond(now, surrender.clone(), add(surrender, outcome)),
        None => add(surrender, outcome),
    }
}

/// The outcome: the victory points or the first condition that holds.
fn outcome_report(
    game: &Game,
    plan: &Plan,
    scenario: &str,
    victory: &crate::concept::game::Victory,
) -> Expr {
    let tx = &plan.tx;
    let holds = |hex: &str, level: i64| {
        Expr::Count(Box::new(and(
            eq(prop(props::CONTROL_HEX), s(hex)),
            eq(prop(props::CONTROL_LEVEL), int(level)),
        )))
    };
    if let Some(vp) = &victory.points {
        return victory_points(game, plan, scenario, vp);
    }
    let rule = victory.rule.as_deref().map_or("", |r| r.as_str());
    let say = |key: String| {
        tx.fill(
            "ui.report_victory",
            &[("rule", rule), ("result", &tx.get(&key))],
        )
    };
    let mut e = s(&say(format!("victory.{scenario}-otherwise")));
    for (i, c) in victory.conditions.iter().enumerate().rev() {
        let level = side_level(game, &c.winner);
        let mut terms: Vec<Expr> = c
            .control_all
            .iter()
            .map(|h| eq(holds(h, level), int(1)))
            .collect();
        if c.at_least > 0 {
            let held = c
                .control_any
                .iter()
                .map(|h| holds(h, level))
                .reduce(add)
                .unwrap_or(int(0));
            terms.push(bin(Op::Ge, held, int(i64::from(c.at_least))));
        }
        let all = terms.into_iter().reduce(and).unwrap_or(eq(int(1), int(1)));
        e = cond(all, s(&say(format!("victory.{scenario}-{}", i + 1))), e);
    }
    e
}

/// The victory-point evaluation (e.g. BtM2 4.1): each term counted from the pieces, points kept in
/// halves so fractional losses stay whole, losses rounded as the data says, then the thresholds.
/// What the module cannot compute (a supply line) is stated in the report for the players to judge.
fn victory_points(
    game: &Game,
    plan: &Plan,
    scenario: &str,
    vp: &crate::concept::game::VictoryPoints,
) -> Expr {
    let tx = &plan.tx;
    let mut gains: Vec<Expr> = Vec::new();
    let mut losses: Vec<Expr> = Vec::new();
    let mut parts: Vec<Expr> = Vec::new();
    let mut conditions: Vec<String> = Vec::new();
    for (i, t) in vp.terms.iter().enumerate() {
        let value = term_value(t, term_count(game, plan, t));
        let name = tx.get(&format!("vp_terms.{scenario}-{}", i + 1));
        if t.loss {
            losses.push(value.clone());
        } else {
            gains.push(value.clone());
            parts.push(template(
                tx,
                "ui.points_term",
                &[
                    ("name", s(&name)),
                    ("points", bin(Op::Div, value, int(HALVES))),
                ],
            ));
        }
        if !t.condition.is_empty() {
            conditions.push(format!(
                "{name}: {}",
                tx.get(&format!("vp_conditions.{scenario}-{}", i + 1))
            ));
        }
    }
    let gained = gains.into_iter().reduce(add).unwrap_or(int(0));
    let lost = losses.into_iter().reduce(add).unwrap_or(int(0));
    // Losses in whole points, rounded up unless the data says otherwise.
    let round_up = vp.rounding() == LossRounding::Up;
    let lost_points = if round_up {
        bin(Op::Div, add(lost, int(HALVES - 1)), int(HALVES))
    } else {
        bin(Op::Div, lost, int(HALVES))
    };
    parts.push(template(
        tx,
        "ui.points_losses",
        &[("points", lost_points.clone())],
    ));
    let total = bin(Op::Sub, bin(Op::Div, gained, int(HALVES)), lost_points);
    let result = threshold_result(tx, scenario, vp, &total);
    let terms = parts
        .into_iter()
        .reduce(|a, b| concat(vec![a, s(", "), b]))
        .unwrap_or(s(""));
    let report = template(
        tx,
        "ui.report_points",
        &[
            ("side", s(&tx.get(&format!("sides.{}", vp.side.as_str())))),
            ("rule", s(vp.rule.as_deref().map_or("", |r| r.as_str()))),
            ("terms", terms),
            ("total", total),
            ("result", result),
        ],
    );
    if conditions.is_empty() {
        report
    } else {
        add(
            report,
            s(&tx.fill(
                "ui.points_condition",
                &[("conditions", &conditions.join("; "))],
            )),
        )
    }
}

/// Victory points are kept in halves so that fractional losses stay whole numbers.
const HALVES: i64 = 2;

/// The layer level of a side's control markers (1 for the first side; 0 for an unknown side).
fn side_level(game: &Game, side: &str) -> i64 {
    game.rules
        .sides
        .iter()
        .position(|s| s.id.as_str() == side)
        .map_or(0, |i| i as i64 + 1)
}

/// `property` is one of `values`.
fn one_of(property: &str, values: &[String]) -> Expr {
    any(values.iter().map(|v| eq(prop(property), s(v))).collect())
}

/// A term's points in halves for `count` things: by band (the highest band reached), else `points`
/// per whole group of `per` (the same reading as `score::term_points`).
fn term_value(t: &crate::concept::game::VpTerm, count: Expr) -> Expr {
    let halves = |points: f64| (points * HALVES as f64).round() as i64;
    if !t.bands.is_empty() {
        let mut e = int(0);
        for b in &t.bands {
            e = cond(
                bin(Op::Ge, count.clone(), int(i64::from(b.at_least.value))),
                int(halves(b.points)),
                e,
            );
        }
        return e;
    }
    let per = i64::from(t.per.max(1));
    bin(
        Op::Mul,
        bin(Op::Div, count, int(per)),
        int(halves(t.points)),
    )
}

/// How many of what a victory-point term counts: controlled cities, or units on the map, or
/// eliminated units.
fn term_count(game: &Game, plan: &Plan, t: &crate::concept::game::VpTerm) -> Expr {
    let sides: Vec<String> = t.sides.iter().map(|x| x.value.clone()).collect();
    let types: Vec<String> = t.unit_types.iter().map(|x| x.value.clone()).collect();
    match t.counts() {
        Some(VpCount::Count) => {
            t.of.as_ref()
                .map_or(int(0), |c| morale::count_reading(game, &plan.tx, c))
        }
        Some(VpCount::Cities) => {
            let hexes: Vec<String> = game
                .map
                .cities
                .iter()
                .filter(|c| {
                    t.city_kinds.is_empty()
                        || t.city_kinds.iter().any(|k| k.as_str() == c.kind.as_str())
                })
                .map(|c| c.hex.value.clone())
                .collect();
            let mut filter = one_of(props::CONTROL_HEX, &hexes);
            if let Some(side) = &t.controlled_by {
                filter = and(
                    filter,
                    eq(prop(props::CONTROL_LEVEL), int(side_level(game, side))),
                );
            }
            Expr::Count(Box::new(filter))
        }
        kind => {
            let mut filter = bin(Op::Ne, prop(props::UNIT_ID), s(""));
            if !sides.is_empty() {
                filter = and(filter, one_of("Side", &sides));
            }
            if !types.is_empty() {
                filter = and(filter, one_of("Type", &types));
            }
            if kind == Some(VpCount::Eliminated) {
                let boxes: Vec<String> = sides
                    .iter()
                    .filter_map(|sd| plan.eliminated_box.get(sd).cloned())
                    .collect();
                filter = and(filter, one_of("LocationName", &boxes));
            } else {
                filter = and(filter, eq(prop("CurrentMap"), s(&plan.main_map)));
                if !t.faces.is_empty() {
                    let units = &game.counters;
                    let levels: Vec<Expr> = t
                        .faces
                        .iter()
                        .filter_map(|f| {
                            units
                                .counters
                                .faces
                                .iter()
                                .position(|x| x.as_str() == f.as_str())
                        })
                        .map(|l| eq(prop("Step_Level"), int(l as i64 + 1)))
                        .collect();
                    filter = and(filter, any(levels));
                }
            }
            Expr::Count(Box::new(filter))
        }
    }
}

/// The result whose thresholds the point total meets (the first that does).
fn threshold_result(
    tx: &crate::i18n::Texts,
    scenario: &str,
    vp: &crate::concept::game::VictoryPoints,
    total: &Expr,
) -> Expr {
    let mut result = s("?");
    for (i, th) in vp.thresholds.iter().enumerate().rev() {
        let mut test = eq(int(1), int(1));
        if let Some(min) = &th.at_least {
            test = and(test, bin(Op::Ge, total.clone(), int(min.value)));
        }
        if let Some(max) = &th.at_most {
            test = and(test, bin(Op::Le, total.clone(), int(max.value)));
        }
        result = cond(
            test,
            s(&tx.get(&format!("vp_results.{scenario}-{}", i + 1))),
            result,
        );
    }
    result
}

/// Name of a city's control marker.
pub fn control_name(plan: &Plan, city: &crate::concept::game::City) -> String {
    let name = plan.tx.get(&format!("cities.{}", city.hex.as_str()));
    plan.tx.fill("ui.control_marker", &[("city", &name)])
}

/// A city control marker: one layer level per side, flipped with Ctrl+F; it also reports victory.
pub fn control_marker(
    game: &Game,
    plan: &Plan,
    city: &crate::concept::game::City,
    level: usize,
    gpid: &str,
) -> Piece {
    let sides = &game.rules.sides;
    let mut traits = Vec::new();
    if let Some(report) = victory_report(game, plan) {
        traits.push(pieces::report_with(
            &[Key::Named(keys::CHECK_VICTORY)],
            &report.to_beanshell(),
            "Victory check",
            true,
        ));
        // The morale buttons are sent to the same piece as the Victory button.
        traits.extend(morale::host_traits(game, &plan.tx));
    }
    traits.push(pieces::report(
        &[FLIP_KEY],
        &plan.tx.fill(
            "ui.report_control",
            &[("old", "$oldPieceName$"), ("new", "$newPieceName$")],
        ),
        "Report control change",
    ));
    traits.push(pieces::layer(&pieces::Layer {
        name: "Control",
        description: "Controlling side",
        step_command: &plan.tx.get("ui.change_control"),
        step_key: FLIP_KEY,
        images: sides
            .iter()
            .map(|s| {
                plan.control_images
                    .get(s.id.as_str())
                    .cloned()
                    .unwrap_or_default()
            })
            .collect(),
        level_names: sides
            .iter()
            .map(|s| format!("+ ({})", plan.tx.get(&format!("sides.{}", s.id.as_str()))))
            .collect(),
        level,
        follow: None,
        reset: None,
        down_key: Key::None,
    }));
    traits.push(pieces::marker(&[(props::CONTROL_HEX, city.hex.as_str())]));
    // It stacks: a marker that does not stack lies apart from the units on its city, exactly under
    // or over their stack, and VASSAL draws no edge to show it is there.
    traits.push(pieces::basic_piece(&control_name(plan, city), "", gpid));
    Piece { traits }
}

/// The toolbar button that reports victory (the report is on the first victory hex's marker).
pub fn buttons(game: &Game, plan: &Plan) -> Vec<El> {
    let mut out = Vec::new();
    let first_hex = game
        .scenarios
        .iter()
        .find_map(|sc| game.victory_of(sc))
        .and_then(|(_, v)| {
            v.conditions
                .iter()
                .flat_map(|c| c.control_all.iter().chain(&c.control_any))
                .next()
        })
        .or_else(|| game.map.cities.first().map(|c| &c.hex));
    if let Some(hex) = first_hex {
        let host = eq(prop(props::CONTROL_HEX), s(hex));
        out.push(module_command(
            &plan.tx.get("ui.victory"),
            &plan.tx.get("ui.victory_tooltip"),
            keys::CHECK_VICTORY,
            &host,
        ));
        let has_victory = game.scenarios.iter().any(|sc| game.victory_of(sc).is_some());
        if has_victory {
            out.extend(morale::buttons(game, &plan.tx, &host));
        }
    }
    out
}

/// How many control markers the module places: one on every city of the map (each `[[cities]]`
/// entry gives the side that controls it at the start, and the setup puts a marker on it), so a
/// printed kit needs as many.
pub fn control_marker_count(game: &Game) -> usize {
    game.map
        .cities
        .iter()
        .filter(|c| game.map.grid.parse(&c.hex).is_some())
        .count()
}

/// The rule sections the cities' entries cite, in the order they first appear: where the data
/// takes the cities whose control the game tracks from.
pub fn control_rules(game: &Game) -> Vec<String> {
    let mut rules: Vec<String> = Vec::new();
    for city in &game.map.cities {
        if let Some(rule) = &city.rule {
            for part in rule.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                if !rules.iter().any(|r| r == part) {
                    rules.push(part.to_string());
                }
            }
        }
    }
    rules
}

/// The control marker's image of each side, by side id.
pub fn control_images(game: &Game) -> std::collections::BTreeMap<String, String> {
    game.rules
        .sides
        .iter()
        .map(|s| {
            let image = format!("control-{}.png", crate::slug::slug(&s.id));
            (s.id.value.clone(), image)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::concept::victory::score::term_points;
    use crate::concept::victory::{VpBand, VpTerm};
    use crate::model::Sp;
    use crate::vassal::expression::{Env, Value};

    struct NoPiece;

    impl Env for NoPiece {
        fn prop(&self, name: &str) -> Result<Value, crate::vassal::expression::EvalError> {
            Err(crate::vassal::expression::EvalError::NoProperty(name.to_string()))
        }
    }

    fn term(points: f64, per: u32, bands: &[(u32, f64)]) -> VpTerm {
        VpTerm {
            name: "t".into(),
            count: Sp::synthetic("eliminated".into()),
            points,
            per,
            loss: true,
            city_kinds: Vec::new(),
            controlled_by: None,
            sides: Vec::new(),
            unit_types: Vec::new(),
            faces: Vec::new(),
            condition: String::new(),
            except: String::new(),
            of: None,
            bands: bands
                .iter()
                .map(|(at, p)| VpBand {
                    at_least: Sp::synthetic(*at),
                    points: *p,
                })
                .collect(),
            rule: None,
            source: None,
        }
    }

    /// The module's points (in halves) for every count equal the Rust score's, by rate and by band
    /// (The Last Stand at Moscow's German-loss bands, 12.0 step 5).
    #[test]
    fn term_values_agree_with_the_rust_score() {
        let terms = [
            term(0.0, 1, &[(10, 1.0), (20, 2.0), (26, 3.0)]),
            term(1.5, 2, &[]),
            term(1.0, 1, &[]),
        ];
        for t in &terms {
            for n in 0..40u32 {
                let module = term_value(t, int(i64::from(n)))
                    .eval(&NoPiece)
                    .expect("evaluates");
                let rust = (term_points(t, n) * HALVES as f64).round() as i64;
                assert_eq!(
                    module,
                    Value::Int(rust),
                    "{n} counted, bands {:?}",
                    t.bands.len()
                );
            }
        }
    }
}
