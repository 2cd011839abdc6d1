//! Checks of replacement counters: the types exist; the replacement type has a counter on the side of
//! every unit it replaces; no type is replaced twice, and no replacement is itself replaced. A type's
//! steps per face name faces the type has.

use crate::concept::context::Context;
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use std::collections::{BTreeMap, BTreeSet};

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    face_steps(cx);
    let game = cx.game;
    let replacements = &game.counters.replacements;
    if replacements.is_empty() {
        return;
    }
    let f = cx.counters_file();
    let types: Vec<&str> = game.counters.types.iter().map(|t| t.id.as_str()).collect();
    // Every type replaced, by the first rule that names it.
    let mut replaced: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, r) in replacements.iter().enumerate() {
        for t in &r.unit_types {
            if !cx.reference(f, t, "unit type", types.iter().copied(), "[[types]]") {
                continue;
            }
            if let Some(&first) = replaced.get(t.as_str()) {
                if first != i {
                    cx.push(
                        Diagnostic::error(
                            "V0722",
                            format!("units of type `{}` are replaced twice", t.as_str()),
                        )
                        .at(f, t.span.clone(), "already in an earlier [[replacements]]")
                        .rule_opt(rule_of(&r.rule))
                        .help("name each type in one [[replacements]] only"),
                    );
                }
                continue;
            }
            replaced.insert(t.as_str(), i);
        }
    }
    for r in replacements {
        let by = &r.replaced_by;
        if !cx.reference(f, by, "unit type", types.iter().copied(), "[[types]]") {
            continue;
        }
        if replaced.contains_key(by.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V0722",
                    format!("the replacement type `{}` is itself replaced", by.as_str()),
                )
                .at(f, by.span.clone(), "also in a unit_types list")
                .rule_opt(rule_of(&r.rule))
                .help(
                    "a replacement counter is the unit's last step: it is eliminated, not replaced",
                ),
            );
            continue;
        }
        let sides_with_counter: BTreeSet<&str> = game
            .counters
            .units
            .iter()
            .filter(|u| u.unit_type.as_str() == by.as_str())
            .map(|u| u.side.as_str())
            .collect();
        let needed: BTreeSet<&str> = game
            .counters
            .units
            .iter()
            .filter(|u| r.covers(&u.unit_type))
            .map(|u| u.side.as_str())
            .collect();
        let lacking: Vec<&str> = needed.difference(&sides_with_counter).copied().collect();
        if !lacking.is_empty() {
            let have: Vec<&str> = sides_with_counter.iter().copied().collect();
            cx.push(
                Diagnostic::error(
                    "V0721",
                    format!(
                        "no `{}` counter on side {} to replace its units",
                        by.as_str(),
                        lacking.join(", ")
                    ),
                )
                .at(f, by.span.clone(), "no counter of this type on that side")
                .rule_opt(rule_of(&r.rule))
                .help(if have.is_empty() {
                    format!("add a [[units]] entry of type `{}`", by.as_str())
                } else {
                    format!(
                        "`{}` counters are on side {} only; a unit is replaced by a counter of its own side",
                        by.as_str(),
                        have.join(", ")
                    )
                }),
            );
        }
    }
}

/// Every face a type gives steps for is one of the type's faces.
fn face_steps(cx: &mut Context<'_>) {
    let game = cx.game;
    let f = cx.counters_file();
    for t in &game.counters.types {
        let faces: Vec<&str> = if t.faces.is_empty() {
            game.counters
                .counters
                .faces
                .iter()
                .map(|f| f.as_str())
                .collect()
        } else {
            t.faces.iter().map(|f| f.as_str()).collect()
        };
        for (face, steps) in &t.steps {
            if faces.contains(&face.as_str()) {
                continue;
            }
            cx.push(
                Diagnostic::error(
                    "V0780",
                    format!(
                        "type `{}` gives steps for a face it does not have: `{face}`",
                        t.id.as_str()
                    ),
                )
                .at(f, steps.span.clone(), "this face's steps")
                .rule_opt(rule_of(&t.rule))
                .help(format!("the type's faces are {}", faces.join(", "))),
            );
        }
    }
}
