//! Checks of weather: one default weather, each turn with one weather; a variable weather table with
//! a known weather for every turn and every roll of the die.

use crate::concept::context::{duplicates, ids, turn_in_range, Context, Seg};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use std::collections::BTreeMap;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    one_weather_per_turn(cx);
    variable_weather(cx);
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

/// The variable weather table: every row names a weather for each turn, and the rows cover each roll
/// of the die once.
fn variable_weather(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let Some(table) = &r.variable_weather else {
        return;
    };
    if !crate::concept::sequence::dice_usable(&r.dice) {
        return; // reported by the dice check
    }
    let f = cx.rules_file();
    let turns = r.turns.count.value as usize;
    let weather: Vec<&str> = r.weather.iter().map(|w| w.id.as_str()).collect();
    let faces = r.dice.faces;
    let mut covered = vec![0u32; faces as usize + 1];
    for row in &table.rows {
        let [from, to] = row.rolls.value;
        if from < 1 || to < from || to > faces {
            cx.push(
                Diagnostic::error(
                    "V0720",
                    format!("rolls {from} to {to} are not rolls of the die"),
                )
                .at(
                    f,
                    row.rolls.span.clone(),
                    format!("the die rolls 1 to {faces}"),
                )
                .rule_opt(rule_of(&table.rule))
                .help("write the first and last roll of the row, e.g. rolls = [2, 5]"),
            );
            continue;
        }
        for roll in from..=to {
            covered[roll as usize] += 1;
        }
        if row.turns.len() != turns {
            cx.push(
                Diagnostic::error(
                    "V0720",
                    format!(
                        "the row gives {} turns; the game has {turns}",
                        row.turns.len()
                    ),
                )
                .at(f, row.rolls.span.clone(), "this row")
                .rule_opt(rule_of(&table.rule))
                .help("give one weather per turn, turn 1 first"),
            );
        }
        for w in &row.turns {
            cx.reference(f, w, "weather", weather.iter().copied(), "[[weather]]");
        }
    }
    let wrong: Vec<String> = (1..=faces)
        .filter(|&roll| covered[roll as usize] != 1)
        .map(|roll| roll.to_string())
        .collect();
    if !wrong.is_empty() {
        let span = cx.key_span_of(f, &[Seg::Key("variable_weather")], 0..0);
        cx.push(
            Diagnostic::error(
                "V0720",
                format!("rolls {} are in no row or in two", wrong.join(", ")),
            )
            .at(f, span, "the variable weather table")
            .rule_opt(rule_of(&table.rule))
            .help(format!(
                "the rows must cover each roll of the die (1 to {faces}) once"
            )),
        );
    }
}
