//! Checks of movement limits: weather limits and movement prohibitions.

use crate::concept::context::{id_strs, one_of, turn_in_range, Context};
use crate::concept::movement::{quarter_points, MoveLimitMode};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    weather_limit_references(cx);
    movement(cx);
    move_costs(cx);
    allowance(cx);
    line_moves(cx);
}

/// Movement costs are whole numbers of quarters of a point, not negative (V0880), and only line
/// features, which are moved along, have one (V0881: a hexside is crossed, not moved along).
fn move_costs(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let f = cx.rules_file();
    let costs = r
        .terrain
        .iter()
        .map(|t| &t.move_cost)
        .chain(r.line_features.iter().filter_map(|l| l.move_cost.as_ref()))
        .chain(r.movement.line_moves.iter().map(|m| &m.cost));
    let bad: Vec<_> = costs
        .filter(|c| quarter_points(c.value).is_none())
        .cloned()
        .collect();
    for cost in bad {
        cx.push(
            Diagnostic::error(
                "V0880",
                format!("movement cost {} is not a number of movement points vmodc can count", cost.value),
            )
            .at(f, cost.span.clone(), "not whole, ½, ¼ or ¾")
            .help("write a movement cost as a whole number or with halves or quarters, not below 0: `1`, `0.5` (½ MP), `1.5`, `0.25`"),
        );
    }
    let hexside_costs: Vec<_> = r
        .hexside_features
        .iter()
        .filter_map(|h| h.move_cost.clone().map(|c| (h.id.value.clone(), c, h.rule.clone())))
        .collect();
    for (id, cost, rule) in hexside_costs {
        cx.push(
            Diagnostic::error(
                "V0881",
                format!("hexside feature `{id}` has a `move_cost`: a hexside is crossed, not moved along"),
            )
            .at(f, cost.span.clone(), "only line features have a rate")
            .rule_opt(rule_of(&rule))
            .help("give a road or railroad its rate under [[line_features]]; say what crossing a hexside costs in `move_effect`"),
        );
    }
}

/// `[movement.allowance]` names a printed value and phases of the game.
fn allowance(cx: &mut Context<'_>) {
    let g = cx.game;
    let Some(a) = &g.rules.movement.allowance else {
        return;
    };
    let f = cx.rules_file();
    let values = g.counters.counters.value_names();
    cx.reference(f, &a.value, "value", values.iter().copied(), "[counters] values");
    let phases = id_strs(&g.rules.phases, |p| &p.id);
    for p in &a.phases {
        cx.reference(f, p, "phase", phases.iter().copied(), "[[phases]]");
    }
    // The ban is on stepping between hexes where a move ends; without `zoc_ends_move` the audit
    // holds no such hexes, and would check nothing while the data says it does.
    if a.no_zoc_to_zoc && !a.zoc_ends_move {
        cx.push(
            Diagnostic::error(
                "V0882",
                "`no_zoc_to_zoc` without `zoc_ends_move`: the ban on moving from one enemy ZOC hex straight into another is checked only where entering an enemy ZOC ends a move",
            )
            .at(f, a.value.span.clone(), "in this [movement.allowance]")
            .rule_opt(rule_of(&a.rule))
            .help("add `zoc_ends_move = true` if entering an enemy ZOC ends a move in this game; otherwise delete `no_zoc_to_zoc`"),
        );
    }
}

/// `[[movement.line_moves]]` name a phase and a line feature of the game, and spend the printed
/// allowance in a phase of their own: without `[movement.allowance]` there is none to spend
/// (V0884), and a phase the allowance also lists would be priced both by terrain and by the line
/// (V0883).
fn line_moves(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let f = cx.rules_file();
    let phases = id_strs(&r.phases, |p| &p.id);
    let lines = id_strs(&r.line_features, |l| &l.id);
    for m in &r.movement.line_moves {
        cx.reference(f, &m.phase, "phase", phases.iter().copied(), "[[phases]]");
        cx.reference(f, &m.line, "line feature", lines.iter().copied(), "[[line_features]]");
        let diagnostic = match &r.movement.allowance {
            None => Diagnostic::error(
                "V0884",
                "a line move without `[movement.allowance]`: no printed allowance to spend along the line",
            )
            .help("add [movement.allowance] with the printed value units spend (`value = \"movement\"`)"),
            Some(a) if a.phases.iter().any(|p| p.as_str() == m.phase.as_str()) => Diagnostic::error(
                "V0883",
                format!("phase `{}` is both a line move and a phase [movement.allowance] prices by terrain", m.phase.as_str()),
            )
            .help("remove the phase from [movement.allowance] `phases`: its moves pay the line's cost"),
            Some(_) => continue,
        };
        cx.push(diagnostic.at(f, m.phase.span.clone(), "this phase").rule_opt(rule_of(&m.rule)));
    }
}

fn weather_limit_references(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    let weather_ids: Vec<&str> = r.weather.iter().map(|w| w.id.as_str()).collect();
    let phase_ids: Vec<&str> = r.phases.iter().map(|p| p.id.as_str()).collect();
    for limit in &r.movement.weather_limits {
        cx.reference(
            f,
            &limit.weather,
            "weather",
            weather_ids.iter().copied(),
            "[[weather]]",
        );
        for p in &limit.except_phases {
            cx.reference(f, p, "phase", phase_ids.iter().copied(), "[[phases]]");
        }
    }
}

/// Weather movement modes and movement prohibitions.
fn movement(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    for l in &r.movement.weather_limits {
        if let Some(mode) = &l.mode {
            one_of(cx, f, mode, "movement limit mode", &MoveLimitMode::words());
        }
    }
    let units: Vec<&str> = cx.units.keys().copied().collect();
    let types = id_strs(&g.counters.types, |t| &t.id);
    let phases = id_strs(&r.phases, |p| &p.id);
    let turns = r.turns.count.value;
    for p in &r.movement.prohibitions {
        for u in &p.units {
            cx.reference(f, u, "unit", units.iter().copied(), "counters/*.toml");
        }
        for t in &p.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                types.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        for ph in &p.phases {
            cx.reference(f, ph, "phase", phases.iter().copied(), "[[phases]]");
        }
        for t in &p.turns {
            turn_in_range(cx, f, t, turns, "prohibition turn");
        }
        if p.units.is_empty() && p.unit_types.is_empty() {
            let span = p
                .phases
                .first()
                .map(|x| x.span.clone())
                .or_else(|| p.turns.first().map(|t| t.span.clone()))
                .unwrap_or(0..0);
            cx.push(
                Diagnostic::error("V0714", "a movement prohibition names no units")
                    .at(f, span, "for whom?")
                    .rule_opt(rule_of(&p.rule))
                    .help("list `units` or `unit_types`"),
            );
        }
    }
}
