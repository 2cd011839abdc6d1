//! Checks of hidden units: the untried types exist, and both faces are faces of each of them.

use crate::check::context::Context;
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    let Some(untried) = &cx.game.counters.untried else {
        return;
    };
    let f = cx.counters_file();
    let types: Vec<&str> = cx
        .game
        .counters
        .types
        .iter()
        .map(|t| t.id.as_str())
        .collect();
    for t in &untried.unit_types {
        if !cx.reference(f, t, "unit type", types.iter().copied(), "[[types]]") {
            continue;
        }
        for face in [&untried.hidden_face, &untried.revealed_face] {
            let faces = type_faces(cx, t);
            if !faces.iter().any(|x| x == face.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0718",
                        format!(
                            "untried units of type `{}` have no `{}` face",
                            t.as_str(),
                            face.as_str()
                        ),
                    )
                    .at(f, face.span.clone(), "not a face of this type")
                    .rule_opt(rule_of(&untried.rule))
                    .help(format!(
                        "faces of `{}`: {}",
                        t.as_str(),
                        faces.join(", ")
                    )),
                );
            }
        }
    }
    if untried.hidden_face.as_str() == untried.revealed_face.as_str() {
        cx.push(
            Diagnostic::error(
                "V0718",
                "an untried unit would show the same face when revealed",
            )
            .at(f, untried.revealed_face.span.clone(), "same as hidden_face")
            .rule_opt(rule_of(&untried.rule))
            .help("hidden_face hides the values (\"?\"); revealed_face shows them"),
        );
    }
}

/// The faces units of type `t` have: the type's own, else the sheet's.
fn type_faces(cx: &Context<'_>, t: &str) -> Vec<String> {
    let c = &cx.game.counters;
    match c.unit_type(t).map(|ty| &ty.faces).filter(|f| !f.is_empty()) {
        Some(own) => own.iter().map(|f| f.value.clone()).collect(),
        None => c.counters.faces.iter().map(|f| f.value.clone()).collect(),
    }
}
