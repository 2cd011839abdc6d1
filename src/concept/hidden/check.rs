//! Checks of hidden units: the untried types exist, and both faces are faces of each of them.

use crate::concept::context::Context;
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    faces(cx);
    cups(cx);
}

/// The untried types exist, and both faces are faces of each of them, and differ.
fn faces(cx: &mut Context<'_>) {
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
    if !untried.cups.is_empty() {
        hidden_face_comes_first(cx);
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

/// Return to cup hides a unit again by stepping its faces back once: in each untried type the hidden
/// face comes right before the revealed one.
fn hidden_face_comes_first(cx: &mut Context<'_>) {
    let Some(untried) = &cx.game.counters.untried else {
        return;
    };
    let f = cx.counters_file();
    for t in &untried.unit_types {
        let faces = type_faces(cx, t);
        let at = |face: &str| faces.iter().position(|x| x == face);
        let (Some(h), Some(r)) = (at(&untried.hidden_face), at(&untried.revealed_face)) else {
            continue; // reported above
        };
        if r != h + 1 {
            cx.push(
                Diagnostic::error(
                    "V0718",
                    format!(
                        "untried units of type `{}` show `{}` after `{}`, not before",
                        t.as_str(),
                        untried.hidden_face.as_str(),
                        untried.revealed_face.as_str()
                    ),
                )
                .at(
                    f,
                    untried.hidden_face.span.clone(),
                    "must come right before revealed_face",
                )
                .rule_opt(rule_of(&untried.rule))
                .help(format!(
                    "Return to cup steps a unit's faces back once; faces of `{}`: {}",
                    t.as_str(),
                    faces.join(", ")
                )),
            );
        }
    }
}

/// Every cup is an off-map box some scenario sets units up in, and only untried units go in it.
fn cups(cx: &mut Context<'_>) {
    let Some(untried) = &cx.game.counters.untried else {
        return;
    };
    let f = cx.counters_file();
    for cup in &untried.cups {
        let mut used = false;
        for s in &cx.game.scenarios {
            for o in s.off_map.iter().filter(|o| o.box_name == cup.as_str()) {
                used = true;
                let untried_unit = cx
                    .units
                    .get(o.unit.as_str())
                    .is_none_or(|u| untried.covers(&u.unit_type));
                if !untried_unit {
                    cx.push(
                        Diagnostic::error(
                            "V0719",
                            format!(
                                "unit `{}` is not untried but set up in a cup",
                                o.unit.as_str()
                            ),
                        )
                        .at(s.file, o.unit.span.clone(), "in a cup")
                        .rule_opt(rule_of(&untried.rule))
                        .help(format!(
                            "cups hold untried units only (types {})",
                            untried
                                .unit_types
                                .iter()
                                .map(|t| t.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    );
                }
            }
        }
        if !used {
            cx.push(
                Diagnostic::error(
                    "V0719",
                    format!("cup `{}` is no scenario's off-map box", cup.as_str()),
                )
                .at(f, cup.span.clone(), "no box of this name")
                .rule_opt(rule_of(&untried.rule))
                .help(
                    "name the `box_name` of the scenarios' [[off_map]] units that start in the cup",
                ),
            );
        }
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
