//! Checks of weather: one default weather, each turn with one weather.

use crate::check::context::{duplicates, ids, turn_in_range, Context, Seg};
use crate::diag::Diagnostic;
use std::collections::BTreeMap;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    one_weather_per_turn(cx);
}

fn one_weather_per_turn(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    duplicates(cx, f, "weather", ids(&r.weather, |s| &s.id));
    let turns = r.turns.count.value;
    let defaults: Vec<usize> = (0..r.weather.len())
        .filter(|&i| r.weather[i].default)
        .collect();
    if !r.weather.is_empty() && defaults.len() != 1 {
        // Point at the second default, or at the weather list when there is none.
        let span = match defaults.get(1) {
            Some(&i) => cx.span_of(
                f,
                &[Seg::Key("weather"), Seg::Index(i), Seg::Key("default")],
                r.weather[i].id.span.clone(),
            ),
            None => r.weather[0].id.span.clone(),
        };
        cx.push(
            Diagnostic::error(
                "V0107",
                format!(
                    "{} weathers are marked `default = true`; exactly one must be",
                    defaults.len()
                ),
            )
            .at(
                f,
                span,
                if defaults.is_empty() {
                    "no default weather"
                } else {
                    "a second default"
                },
            )
            .rule_opt(r.weather[0].rule.as_deref().map(|s| s.as_str()))
            .help("the default weather covers every turn no other weather lists"),
        );
    }
    let mut weather_of_turn: BTreeMap<u32, &str> = BTreeMap::new();
    for w in &r.weather {
        for t in &w.turns {
            turn_in_range(cx, f, t, turns, "weather turn");
            if let Some(other) = weather_of_turn.insert(t.value, w.id.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0107",
                        format!(
                            "turn {} has two weathers, `{other}` and `{}`",
                            t.value,
                            w.id.as_str()
                        ),
                    )
                    .at(f, t.span.clone(), "listed again here")
                    .rule_opt(w.rule.as_deref().map(|s| s.as_str()))
                    .help("each turn has one weather; remove the turn from one of the lists"),
                );
            }
        }
    }
}
