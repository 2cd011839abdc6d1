//! Checks of markers: the side and the `back_of` type resolve, and the type names the marker as its
//! back.

use crate::concept::context::{duplicates, id_strs, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    markers(cx);
}

/// Markers: side and `back_of` type resolve; a `back_of` type names the marker as its back.
fn markers(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    let f = cx.counters_file();
    duplicates(cx, f, "marker", c.markers.iter().map(|m| &m.id));
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let types = id_strs(&c.types, |t| &t.id);
    for m in &c.markers {
        if let Some(s) = &m.side {
            cx.reference(
                f,
                s,
                "side",
                sides.iter().copied(),
                "[[sides]] of rules/*.toml",
            );
        }
        if let Some(t) = &m.back_of {
            if cx.reference(f, t, "unit type", types.iter().copied(), "[[types]]") {
                let names_it = c
                    .unit_type(t)
                    .and_then(|t| t.back.as_ref())
                    .map(|b| b.as_str())
                    == Some(m.id.as_str());
                if !names_it {
                    cx.push(
                        Diagnostic::error(
                            "V0701",
                            format!(
                                "marker `{}` is printed on the back of `{}`, but that type's back is not this marker",
                                m.id.as_str(),
                                t.as_str()
                            ),
                        )
                        .at(f, t.span.clone(), "back_of")
                        .rule_opt(rule_of(&m.rule))
                        .help(format!(
                            "add `back = \"{}\"` to the [[types]] entry `{}`",
                            m.id.as_str(),
                            t.as_str()
                        )),
                    );
                }
            }
        }
    }
}
