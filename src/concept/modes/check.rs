//! Checks of modes: unique ids; faces, markers and value names that exist; ratios that parse; a mode
//! shown by a face or a marker, one of the two.

use crate::concept::context::{duplicates, id_strs, ids, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.rules_file();
    duplicates(cx, f, "mode", ids(&g.rules.modes, |m| &m.id));
    let faces = id_strs(&g.counters.counters.faces, |x| x);
    let markers = id_strs(&g.counters.markers, |m| &m.id);
    let values = g.counters.counters.value_names();
    if let Some(v) = &g.rules.mode_values {
        for name in [&v.strength, &v.movement, &v.action_rating]
            .into_iter()
            .flatten()
        {
            cx.reference(
                f,
                name,
                "value",
                values.iter().copied(),
                "[counters] values",
            );
        }
    }
    for m in &g.rules.modes {
        if let Some(face) = &m.face {
            cx.reference(f, face, "face", faces.iter().copied(), "[counters] faces");
        }
        if let Some(marker) = &m.marker {
            cx.reference(f, marker, "marker", markers.iter().copied(), "[[markers]]");
        }
        if m.face.is_some() == m.marker.is_some() {
            cx.push(
                Diagnostic::error("V0736", format!("mode `{}` needs a `face` or a `marker`, one of the two", m.id.as_str()))
                    .at(f, m.id.span.clone(), "how is it shown?")
                    .rule_opt(rule_of(&m.rule))
                    .help("a mode is shown by the counter's side (`face`) or by a marker on the stack (`marker`)"),
            );
        }
        for r in [&m.strength, &m.movement].into_iter().flatten() {
            if super::derive::ratio(r).is_none() {
                cx.push(
                    Diagnostic::error("V0737", format!("`{}` is not a ratio", r.as_str()))
                        .at(f, r.span.clone(), "expected `1/2`, `2` or `0`")
                        .rule_opt(rule_of(&m.rule))
                        .help("write a multiplier as a whole number or a fraction: \"1/4\", \"2\", \"0\""),
                );
            }
        }
    }
}
