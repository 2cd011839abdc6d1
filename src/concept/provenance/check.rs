//! Checks of provenance: every `[[missing]]` and `[[inferred]]` fact, and every `disputed` fact.

use crate::concept::context::{one_of, Context};
use crate::concept::game::Gap;
use crate::concept::provenance::{rule_of, Component};
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;
use crate::model::FileId;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    disputed(cx);
    gaps(cx);
}

/// Facts where sources disagree: the data picked one; the build says so.
fn disputed(cx: &mut Context<'_>) {
    let g = cx.game;
    for u in &g.counters.units {
        if let Some(d) = &u.disputed {
            cx.push(
                Diagnostic::note(
                    "V0501",
                    format!(
                        "unit `{}`: sources disagree — {}",
                        u.id.as_str(),
                        d.as_str()
                    ),
                )
                .at(g.counters.file, d.span.clone(), "disputed fact")
                .rule_opt(rule_of(&u.source).or(rule_of(&u.rule))),
            );
        }
    }
}

/// `[[missing]]` (warnings) and `[[inferred]]` (notes) of every file.
fn gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    let mut lists: Vec<(FileId, &[Gap], &[Gap])> = vec![
        (g.rules.file, &g.rules.missing, &g.rules.inferred),
        (g.counters.file, &g.counters.missing, &g.counters.inferred),
        (g.map.file, &g.map.missing, &g.map.inferred),
    ];
    for s in &g.scenarios {
        lists.push((s.file, &s.missing, &s.inferred));
    }
    for (file, missing, inferred) in lists {
        for m in missing {
            let mut d = Diagnostic::warning("V0801", format!("missing: {}", m.what.as_str()))
                .at(file, m.what.span.clone(), "not in the sources")
                .rule_opt(rule_of(&m.rule));
            if let Some(c) = &m.found_on {
                one_of(cx, file, c, "component", &Component::words());
                if let Some(component) = Component::parse(c) {
                    d = d.to_fill(component, m.keys.iter().cloned());
                }
            }
            d = d.help(describe(m));
            cx.push(d);
        }
        for m in inferred {
            let d = Diagnostic::note("V0802", format!("inferred: {}", m.what.as_str()))
                .at(file, m.what.span.clone(), "not stated; inferred")
                .rule_opt(rule_of(&m.rule))
                .help(describe(m));
            cx.push(d);
        }
    }
}

fn describe(m: &Gap) -> String {
    let mut parts = Vec::new();
    if !m.why.is_empty() {
        parts.push(m.why.clone());
    }
    if !m.affects.is_empty() {
        parts.push(format!("affects: {}", m.affects));
    }
    if let Some(s) = &m.source {
        parts.push(format!("source: {}", s.as_str()));
    }
    parts.join("; ")
}
