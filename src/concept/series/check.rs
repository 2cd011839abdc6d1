//! Checks of series layering: a series' rule numbers are unique; each override of a game names a
//! section the game writes and a rule the series has (the override itself is a note that names
//! the rule); a section the game writes over the series' needs an override.

use crate::concept::context::{duplicates, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    series_index(cx);
    overrides(cx);
    unannounced_replacements(cx);
}

fn series_index(cx: &mut Context<'_>) {
    let f = cx.rules_file();
    if let Some(series) = &cx.game.rules.series {
        duplicates(cx, f, "series rule", series.rules.iter().map(|r| &r.number));
    }
}

/// Each override: a rule of the series (error otherwise), a section the game writes, and a note.
fn overrides(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.rules_file();
    let layering = g.layering.as_ref();
    let series = g.rules.series.as_ref();
    for o in &g.rules.overrides {
        let Some((layering, series)) = layering.zip(series) else {
            cx.push(
                Diagnostic::error("V0120", "an override in a game that names no series")
                    .at(f, o.section.span.clone(), "overrides nothing")
                    .help("name the series in [game] series = \"…\", or remove [[overrides]]"),
            );
            continue;
        };
        let Some(rule) = series
            .rules
            .iter()
            .find(|r| r.number.as_str() == o.replaces.as_str())
        else {
            let known: Vec<&str> = series.rules.iter().map(|r| r.number.as_str()).collect();
            let mut d = Diagnostic::error(
                "V0121",
                format!(
                    "series `{}` has no rule {} to override",
                    layering.series,
                    o.replaces.as_str()
                ),
            )
            .at(f, o.replaces.span.clone(), "not a rule of the series")
            .help(format!(
                "the series' rules are listed in its [[series.rules]]: {}",
                known.join(", ")
            ));
            if let Some(s) = crate::diag::suggest(o.replaces.as_str(), known.iter().copied()) {
                d = d.help(format!(
                    "did you mean {s}? (rules of the series: [[series.rules]])"
                ));
            }
            cx.push(d);
            continue;
        };
        if !layering
            .game_sections
            .iter()
            .any(|s| s == o.section.as_str())
        {
            cx.push(
                Diagnostic::error(
                    "V0122",
                    format!(
                        "the override names section `{}`, which this file does not write",
                        o.section.as_str()
                    ),
                )
                .at(f, o.section.span.clone(), "no such section here")
                .help("write the section in this file, or remove the override"),
            );
            continue;
        }
        let why = if o.why.is_empty() {
            String::new()
        } else {
            format!(": {}", o.why)
        };
        cx.push(
            Diagnostic::note(
                "V0123",
                format!(
                    "`{}` replaces series rule {} ({}) of `{}`{why}",
                    o.section.as_str(),
                    rule.number.as_str(),
                    rule.title,
                    layering.series
                ),
            )
            .at(f, o.section.span.clone(), "overrides the series")
            .rule_opt(rule_of(&o.rule)),
        );
    }
}

/// A section that both the game and the series write, with no override saying which rule it
/// replaces: the game silently drops a series rule.
fn unannounced_replacements(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.rules_file();
    let Some(layering) = &g.layering else { return };
    for section in &layering.game_sections {
        let shared = layering.series_sections.contains(section)
            && !matches!(section.as_str(), "game" | "series")
            && !super::MERGED_SECTIONS.contains(&section.as_str());
        let announced = g
            .rules
            .overrides
            .iter()
            .any(|o| o.section.as_str() == section);
        if shared && !announced {
            let span = crate::concept::context::locate(
                cx.sources,
                f,
                &[crate::concept::context::Seg::Key(section)],
            )
            .map(|(key, _)| key)
            .unwrap_or(0..0);
            cx.push(
                Diagnostic::error(
                    "V0124",
                    format!("`{section}` replaces the series' `{section}` without saying which series rule"),
                )
                .at(f, span, "replaces a series section")
                .help(format!(
                    "add [[overrides]] section = \"{section}\" with `replaces` = the series rule number"
                )),
            );
        }
    }
}
