//! Checks of units and faces: sides, unit types, units and their faces, derived values, markers, the
//! reduction rule, counter totals, and the unit values the sources lack.

use crate::concept::context::{
    color, duplicates, id_strs, ids, one_of, turn_in_range, Context, Seg,
};
use crate::concept::game::{parse_value_slots, Unit};
use crate::concept::provenance::{rule_of, Component};
use crate::concept::units::{UnitMark, UnitSymbol};
use crate::concept::units::{PrintStyle, ZocMode};
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;
use std::collections::BTreeSet;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    side_colours_and_count(cx);
    counter_ids(cx);
    unit_symbols(cx);
    unit_faces(cx);
    totals_and_reduction_references(cx);
    reduction(cx);
    counter_totals(cx);
    unit_types(cx);
    derived_values(cx);
    unit_codes(cx);
    unit_value_gaps(cx);
    super::bounds::check(cx);
}

fn side_colours_and_count(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    duplicates(cx, f, "side", ids(&r.sides, |s| &s.id));
    let _sides: Vec<&str> = cx.sides.iter().copied().collect();
    let _where_sides = "[[sides]] of rules/*.toml";
    for s in &r.sides {
        color(cx, f, &s.color);
        color(cx, f, &s.text_color);
    }
    if r.sides.len() < 2 {
        cx.push(
            Diagnostic::error("V0105", "a game needs at least two sides")
                .at(f, r.game.id.span.clone(), "this game")
                .help("add a [[sides]] table per side"),
        );
    }
}

/// Unit and face ids are unique, and some faces are declared.
fn counter_ids(cx: &mut Context<'_>) {
    let c = &cx.game.counters;
    let f = cx.counters_file();
    duplicates(cx, f, "unit type", ids(&c.types, |t| &t.id));
    duplicates(cx, f, "unit", ids(&c.units, |u| &u.id));
    duplicates(cx, f, "face", c.counters.faces.iter().collect::<Vec<_>>());
    if c.counters.faces.is_empty() {
        let span = cx.span_of(f, &[Seg::Key("counters"), Seg::Key("faces")], 0..0);
        cx.push(
            Diagnostic::error("V0111", "no counter faces are declared")
                .at(f, span, "empty")
                .help("declare the faces in flip order, e.g. `faces = [\"full\", \"reduced\"]`"),
        );
    }
}

/// Every unit type's symbol is one the renderer draws.
fn unit_symbols(cx: &mut Context<'_>) {
    let f = cx.counters_file();
    for t in &cx.game.counters.types {
        cx.reference(
            f,
            &t.symbol,
            "NATO symbol",
            UnitSymbol::words(),
            "vmodc's renderer",
        );
        for m in &t.marks {
            cx.reference(
                f,
                m,
                "unit mark",
                UnitMark::words(),
                "vmodc's renderer",
            );
        }
    }
}

/// Every unit names a side and a type that exist, and gives each face of its type a value that
/// matches `[counters] values`.
fn unit_faces(cx: &mut Context<'_>) {
    let c = &cx.game.counters;
    let f = cx.counters_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let types: Vec<&str> = c.types.iter().map(|t| t.id.as_str()).collect();
    for (i, u) in c.units.iter().enumerate() {
        cx.reference(
            f,
            &u.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        cx.reference(
            f,
            &u.unit_type,
            "unit type",
            types.iter().copied(),
            "[[types]]",
        );
        faces_of_its_type(cx, i, u);
        face_values(cx, u);
    }
}

/// A unit gives every face of its type (a type may give its units fewer faces than the sheet).
fn faces_of_its_type(cx: &mut Context<'_>, i: usize, u: &Unit) {
    let f = cx.counters_file();
    let own_faces = cx.game.counters.faces_of(u);
    for face in &own_faces {
        if !u.faces.contains_key(*face) {
            let span = cx.span_of(
                f,
                &[Seg::Key("units"), Seg::Index(i), Seg::Key("faces")],
                u.id.span.clone(),
            );
            cx.push(
                Diagnostic::error(
                    "V0112",
                    format!("unit `{}` has no `{face}` face", u.id.as_str()),
                )
                .at(f, span, format!("no `{face}` here"))
                .help(format!(
                    "give every face of the unit's type: faces = {{ {} }}",
                    own_faces
                        .iter()
                        .map(|f| format!("{f} = \"…\""))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
        }
    }
}

/// Each face a unit gives is declared, and its value has one number (or `?`) per `[counters] values`.
fn face_values(cx: &mut Context<'_>, u: &Unit) {
    let c = &cx.game.counters;
    let f = cx.counters_file();
    let n_values = c.counters.values.len();
    for (face, value) in &u.faces {
        if !cx.faces.contains(&face.as_str()) {
            cx.push(
                Diagnostic::error("V0113", format!("unknown face `{face}`"))
                    .at(f, value.span.clone(), "not a declared face")
                    .help(format!("declared faces: {}", cx.faces.join(", "))),
            );
        }
        // `?` stands for a printed value the sources do not give (the completeness report lists it).
        match parse_value_slots(value) {
            Some(v) if v.len() == n_values => {}
            _ => cx.push(
                Diagnostic::error(
                    "V0114",
                    format!(
                        "face value `{}` does not match [counters] values",
                        value.as_str()
                    ),
                )
                .at(
                    f,
                    value.span.clone(),
                    format!("expected {n_values} numbers"),
                )
                .help(format!(
                    "write the printed values joined by '-' (`?` for one the sources do not give): {}",
                    c.counters.values.join("-")
                )),
            ),
        }
    }
}

/// Counter totals name sides, and the reduction rule names faces and a value that exist.
fn totals_and_reduction_references(cx: &mut Context<'_>) {
    let c = &cx.game.counters;
    let f = cx.counters_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    for (side, total) in &c.counters.totals {
        if !cx.sides.contains(side.as_str()) {
            cx.push(
                Diagnostic::error("V0102", format!("unknown side `{side}` in totals"))
                    .at(f, total.span.clone(), "no such side")
                    .help(format!("sides: {}", sides.join(", "))),
            );
        }
    }
    if let Some(red) = &c.counters.reduction {
        let faces = cx.faces.clone();
        for face in [&red.from_face, &red.to_face] {
            cx.reference(f, face, "face", faces.iter().copied(), "[counters] faces");
        }
        let values = c.counters.value_names();
        cx.reference(
            f,
            &red.value,
            "value",
            values.iter().copied(),
            "[counters] values",
        );
    }
}

/// The reduced face obeys the rulebook's formula (B4M 3.3: half strength, rounded down).
fn reduction(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters.counters;
    let Some(red) = &c.reduction else { return };
    let Some(index) = c.values.iter().position(|v| v == red.value.as_str()) else {
        return;
    };
    if red.divisor.value == 0 {
        cx.push(
            Diagnostic::error("V0034", "the reduction's divisor is 0: nothing divides by 0")
                .at(cx.counters_file(), red.divisor.span.clone(), "here")
                .help("give the divisor the rule states (B4M 3.3: 2, half strength rounded down)"),
        );
        return;
    }
    for u in &g.counters.units {
        let (Some(from), Some(to)) = (
            u.faces.get(red.from_face.as_str()),
            u.faces.get(red.to_face.as_str()),
        ) else {
            continue;
        };
        let (Some(fv), Some(tv)) = (parse_value_slots(from), parse_value_slots(to)) else {
            continue;
        };
        // A value the sources do not give (`?`) cannot be checked.
        let (Some(Some(full)), Some(Some(reduced))) = (fv.get(index), tv.get(index)) else {
            continue;
        };
        let expected = full / red.divisor.value;
        if *reduced != expected {
            cx.push(
                Diagnostic::error(
                    "V0302",
                    format!(
                        "unit `{}`: {} {} is {reduced}, but the rule gives {expected}",
                        u.id.as_str(),
                        red.to_face.as_str(),
                        red.value.as_str()
                    ),
                )
                .at(g.counters.file, to.span.clone(), format!("expected {expected}"))
                .rule_opt(rule_of(&red.rule))
                .help(format!(
                    "the {} face shows the {} {} divided by {}, rounded down: {full} / {} = {expected}",
                    red.to_face.as_str(),
                    red.from_face.as_str(),
                    red.value.as_str(),
                    red.divisor.value,
                    red.divisor.value
                )),
            );
        }
    }
}

/// The counter mix matches the totals the rulebook states.
fn counter_totals(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters.counters;
    for (side, total) in &c.totals {
        let n = g
            .counters
            .units
            .iter()
            .filter(|u| u.side.as_str() == side)
            .count() as u32;
        if n != total.value {
            cx.push(
                Diagnostic::error(
                    "V0308",
                    format!(
                        "the counter mix has {n} {side} units, the rulebook says {}",
                        total.value
                    ),
                )
                .at(g.counters.file, total.span.clone(), format!("found {n}"))
                .rule_opt(rule_of(&c.rule).or(c.source.as_ref().map(|s| s.as_str())))
                .help("add or remove [[units]] entries, or correct [counters] totals")
                .after_references(),
            );
        }
    }
}

/// Unit types: their own faces are declared faces, their back marker exists, their ZOC mode is known.
fn unit_types(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    let f = cx.counters_file();
    let faces = cx.faces.clone();
    let markers = id_strs(&c.markers, |m| &m.id);
    for t in &c.types {
        for face in &t.faces {
            cx.reference(f, face, "face", faces.iter().copied(), "[counters] faces");
        }
        let mut seen = BTreeSet::new();
        for face in &t.faces {
            if !seen.insert(face.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0701",
                        format!(
                            "unit type `{}` lists face `{}` twice",
                            t.id.as_str(),
                            face.as_str()
                        ),
                    )
                    .at(f, face.span.clone(), "listed again")
                    .rule_opt(rule_of(&t.rule))
                    .help("list each face once, in flip order"),
                );
            }
        }
        if let Some(back) = &t.back {
            cx.reference(f, back, "marker", markers.iter().copied(), "[[markers]]");
            if t.faces.is_empty() || t.faces.len() >= faces.len() {
                cx.push(
                    Diagnostic::warning(
                        "V0701",
                        format!(
                            "unit type `{}` has a back marker but no free counter side",
                            t.id.as_str()
                        ),
                    )
                    .at(f, back.span.clone(), "back marker")
                    .rule_opt(rule_of(&t.rule))
                    .help("a back marker is printed where a type lacks a face: give the type fewer faces than [counters] faces"),
                );
            }
        }
        if let Some(z) = &t.zoc {
            one_of(cx, f, z, "ZOC mode", &ZocMode::words());
        }
        for col in [&t.color, &t.text_color].into_iter().flatten() {
            color(cx, f, col);
        }
    }
}

/// Derived values name declared faces and values; the faces they join are faces of some unit.
fn derived_values(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters.counters;
    let f = cx.counters_file();
    let faces = cx.faces.clone();
    let values: Vec<&str> = c.values.iter().map(String::as_str).collect();
    for d in &c.derived {
        cx.reference(
            f,
            &d.on_face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
        cx.reference(
            f,
            &d.from_face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
        cx.reference(
            f,
            &d.value,
            "value",
            values.iter().copied(),
            "[counters] values",
        );
        if let Some(p) = &d.printed {
            one_of(cx, f, p, "print style", &PrintStyle::words());
        }
        if values.contains(&d.name.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V0702",
                    format!(
                        "derived value `{}` is also a printed value",
                        d.name.as_str()
                    ),
                )
                .at(f, d.name.span.clone(), "already in [counters] values")
                .rule_opt(rule_of(&d.rule))
                .help("a derived value is not stored: remove it from values, or rename it"),
            );
        }
    }
}

/// Unit codes: the home area exists and is the unit's side's; the entry turn is a turn of the game.
fn unit_codes(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.counters_file();
    let areas = id_strs(&g.map.areas, |a| &a.id);
    let turns = g.rules.turns.count.value;
    for u in &g.counters.units {
        if let Some(h) = &u.home_area {
            if cx.reference(
                f,
                h,
                "area",
                areas.iter().copied(),
                "[[areas]] of maps/*.toml",
            ) {
                let area = g.map.areas.iter().find(|a| a.id.as_str() == h.as_str());
                let area_side = area.and_then(|a| a.side.as_ref()).map(|s| s.as_str());
                if area_side.is_some_and(|s| s != u.side.as_str()) {
                    cx.push(
                        Diagnostic::error(
                            "V0712",
                            format!(
                                "{} unit `{}` has home area `{}`, an area of `{}`",
                                u.side.as_str(),
                                u.id.as_str(),
                                h.as_str(),
                                area_side.unwrap_or("")
                            ),
                        )
                        .at(f, h.span.clone(), "another side's area")
                        .rule_opt(area.and_then(|a| rule_of(&a.rule)))
                        .help("area codes name an area of the unit's own side"),
                    );
                }
            }
        }
        if let Some(t) = &u.entry_turn {
            turn_in_range(cx, f, t, turns, "entry turn");
        }
        // Faces of the unit's type: values given for a face the type does not have.
        let own = g.counters.faces_of(u);
        for (face, value) in &u.faces {
            if cx.faces.contains(&face.as_str()) && !own.contains(&face.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0701",
                        format!(
                            "unit `{}` has a `{face}` face, which its type `{}` does not have",
                            u.id.as_str(),
                            u.unit_type.as_str()
                        ),
                    )
                    .at(f, value.span.clone(), "not a face of this type")
                    .help(format!(
                        "faces of `{}`: {}",
                        u.unit_type.as_str(),
                        own.join(", ")
                    )),
                );
            }
        }
    }
}

/// Counter values written `?`, per unit, with the derived values that depend on them.
fn unit_value_gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    let f = c.file;
    let names = &c.counters.values;
    for u in &c.units {
        let mut unknown: Vec<String> = Vec::new();
        let mut first_span = None;
        for face in c.faces_of(u) {
            let Some(value) = u.faces.get(face) else {
                continue;
            };
            let Some(slots) = parse_value_slots(value) else {
                continue;
            };
            let missing: Vec<&str> = slots
                .iter()
                .zip(names)
                .filter(|(v, _)| v.is_none())
                .map(|(_, n)| n.as_str())
                .collect();
            if !missing.is_empty() {
                first_span.get_or_insert(value.span.clone());
                unknown.push(format!("{} ({face})", missing.join(", ")));
            }
            for d in &c.counters.derived {
                if d.from_face.as_str() != face {
                    continue;
                }
                let index = names.iter().position(|n| n == d.value.as_str());
                let has_on_face = u.faces.contains_key(d.on_face.as_str());
                if has_on_face
                    && index
                        .and_then(|i| slots.get(i))
                        .is_some_and(|v| v.is_none())
                {
                    unknown.push(format!(
                        "{} on the {} face (= {face} {})",
                        d.name.as_str(),
                        d.on_face.as_str(),
                        d.value.as_str()
                    ));
                }
            }
        }
        if let Some(span) = first_span {
            cx.push(
                Diagnostic::warning(
                    "V0803",
                    format!(
                        "unit `{}` ({}): unknown {}",
                        u.id.as_str(),
                        u.display_name(),
                        unknown.join("; ")
                    ),
                )
                .at(f, span, "`?` = not in the sources")
                .rule_opt(rule_of(&u.rule).or(rule_of(&c.counters.rule)))
                .to_fill(
                    Component::CounterSheet,
                    c.faces_of(u)
                        .into_iter()
                        .filter(|face| u.faces.get(*face).is_some_and(|v| v.contains('?')))
                        .map(|face| format!("[[units]] id = \"{}\" → faces.{face}", u.id.as_str())),
                )
                .help("replace each `?` with the printed value once the counter is known"),
            );
        }
    }
}
