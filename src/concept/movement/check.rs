//! Checks of movement limits: weather limits and movement prohibitions.

use crate::concept::context::{id_strs, one_of, turn_in_range, Context};
use crate::concept::movement::MoveLimitMode;
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    weather_limit_references(cx);
    movement(cx);
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
