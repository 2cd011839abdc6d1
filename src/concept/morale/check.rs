//! Checks of morale chits: the sides and the count they name, as many values as chits (or none), a
//! viewer with the count it may look from, and morale check rows within the die, one per count.

use crate::concept::context::{Context, Seg};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::slug::slug;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    let Some(morale) = &cx.game.rules.morale else {
        return;
    };
    let f = cx.rules_file();
    let sides: Vec<&str> = cx.game.rules.sides.iter().map(|s| s.id.as_str()).collect();
    let counts: Vec<&str> = cx
        .game
        .rules
        .combat
        .counts
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    cx.reference(f, &morale.side, "side", sides.iter().copied(), "[[sides]]");
    if let Some(viewer) = &morale.viewer {
        cx.reference(f, viewer, "side", sides.iter().copied(), "[[sides]]");
    }
    cx.reference(
        f,
        &morale.count,
        "count",
        counts.iter().copied(),
        "[[combat.counts]]",
    );
    let markers: Vec<&str> = cx
        .game
        .counters
        .markers
        .iter()
        .map(|m| m.id.as_str())
        .collect();
    for id in morale.chit_marker.iter().chain(&morale.track_markers) {
        cx.reference(f, id, "marker", markers.iter().copied(), "[[markers]]");
    }
    chits_and_values(cx);
    check_rows(cx);
    pieces_go_together(cx);
    chit_marker_faces(cx);
    distinct_boxes(cx);
    redraw_keys(cx);
}

/// V0756: a redraw with chit pieces needs the count it is allowed from and the box the old chit is
/// set aside in, and a viewer who is shown the new chit.
fn redraw_keys(cx: &mut Context<'_>) {
    let Some(m) = &cx.game.rules.morale else {
        return;
    };
    let span = match (&m.redraw_from, &m.set_aside) {
        (None, None) => return,
        (Some(from), Some(_)) if m.viewer.is_some() && m.chit_marker.is_some() => return,
        (Some(from), _) => from.span.clone(),
        (None, Some(b)) => b.span.clone(),
    };
    let f = cx.rules_file();
    cx.push(
        Diagnostic::error(
            "V0756",
            "a redraw needs `redraw_from`, `set_aside`, a `viewer` and the chit pieces (`chit_marker`)",
        )
        .at(f, span, "something the redraw needs is missing")
        .rule_opt(rule_of(&m.rule))
        .help("write `redraw_from` (the count from which the viewer may demand it) and `set_aside` (the box the old chit goes to) with a viewer and chit pieces, or neither"),
    );
}

/// V0753: the chit pieces need their marker, cup and box together; the track needs the markers it
/// counts, and they need the track.
fn pieces_go_together(cx: &mut Context<'_>) {
    let Some(m) = &cx.game.rules.morale else {
        return;
    };
    let f = cx.rules_file();
    let rule = rule_of(&m.rule);
    let chit_keys = [&m.chit_marker, &m.cup, &m.drawn_box];
    let given = chit_keys.iter().filter(|k| k.is_some()).count();
    if given != 0 && given != 3 {
        let span = chit_keys
            .iter()
            .find_map(|k| k.as_ref().map(|v| v.span.clone()))
            .unwrap_or_default();
        cx.push(
            Diagnostic::error(
                "V0753",
                "`chit_marker`, `cup` and `drawn_box` go together: the chits, where they wait and where the drawn one lies",
            )
            .at(f, span, "the others are missing")
            .rule_opt(rule)
            .help("write all three, or none to keep the drawn chit a hidden number"),
        );
    }
    if m.track.is_some() == m.track_markers.is_empty() {
        let span = m
            .track
            .as_ref()
            .map(|t| t.span.clone())
            .or_else(|| m.track_markers.first().map(|t| t.span.clone()))
            .unwrap_or_default();
        cx.push(
            Diagnostic::error(
                "V0753",
                "`track` and `track_markers` go together: the box the count is read from and the markers it counts",
            )
            .at(f, span, "the other one is missing")
            .rule_opt(rule)
            .help("write both, e.g. track = \"Damage Track\" and track_markers = [\"damage\"], or neither to keep the count on toolbar buttons"),
        );
    }
}

/// V0754: the chit marker has a back (the face that prints its value) and, when the counter mix
/// gives how many there are, as many as the cup holds.
fn chit_marker_faces(cx: &mut Context<'_>) {
    let Some(m) = &cx.game.rules.morale else {
        return;
    };
    let Some(id) = &m.chit_marker else {
        return;
    };
    let Some(marker) = cx
        .game
        .counters
        .markers
        .iter()
        .find(|k| k.id.value == id.value)
    else {
        return;
    };
    let f = cx.rules_file();
    let rule = rule_of(&m.rule);
    if marker.back.is_none() {
        cx.push(
            Diagnostic::error(
                "V0754",
                format!("chit marker `{}` has no back: the face that prints a chit's value", id.as_str()),
            )
            .at(f, id.span.clone(), "a chit needs two faces")
            .rule_opt(rule)
            .help("give the marker a back, e.g. back = { name = \"Morale: value\", text = \"?\" } while the values are unknown"),
        );
    }
    if let Some(count) = marker.count.as_ref().filter(|c| c.value != m.chits.value) {
        cx.push(
            Diagnostic::error(
                "V0754",
                format!(
                    "the counter mix has {} `{}` markers but the cup holds {} chits",
                    count.value,
                    id.as_str(),
                    m.chits.value
                ),
            )
            .at(f, m.chits.span.clone(), "chits")
            .rule_opt(rule)
            .help("make `chits` and the marker's `count` the same number"),
        );
    }
}

/// V0755: the cup, the drawn chit's box and the track are three boxes, none of them a box the
/// scenarios put units in (a draw from a cup that holds units, or a count of a box that holds
/// chits, would mix them up).
fn distinct_boxes(cx: &mut Context<'_>) {
    let Some(m) = &cx.game.rules.morale else {
        return;
    };
    let f = cx.rules_file();
    let rule = rule_of(&m.rule);
    let unit_boxes: Vec<String> = cx
        .game
        .scenarios
        .iter()
        .flat_map(|s| s.off_map.iter().map(|o| slug(&o.box_name)))
        .collect();
    let boxes = m.boxes();
    for (i, b) in boxes.iter().enumerate() {
        let again = boxes[..i].iter().any(|o| slug(o) == slug(b));
        let with_units = unit_boxes.contains(&slug(b));
        if !again && !with_units {
            continue;
        }
        let why = if again {
            "named twice among `cup`, `drawn_box` and `track`"
        } else {
            "a box the scenarios put units in"
        };
        cx.push(
            Diagnostic::error("V0755", format!("morale box `{}` is {why}", b.as_str()))
                .at(f, b.span.clone(), "give it a box of its own")
                .rule_opt(rule)
                .help("the cup, the drawn chit's box and the track need three boxes of their own"),
        );
    }
}

/// V0750: at least one chit, as many values as chits or none, and a viewer with its count.
fn chits_and_values(cx: &mut Context<'_>) {
    let Some(m) = &cx.game.rules.morale else {
        return;
    };
    let f = cx.rules_file();
    let rule = rule_of(&m.rule);
    let chits = m.chits.value;
    if chits == 0 {
        cx.push(
            Diagnostic::error("V0750", "a cup of morale chits with no chit")
                .at(f, m.chits.span.clone(), "no chit to draw")
                .rule_opt(rule)
                .help("write how many chits the cup holds, e.g. chits = 12"),
        );
    }
    if !m.values.is_empty() && m.values.len() != chits as usize {
        let span = cx.span_of(
            f,
            &[Seg::Key("morale"), Seg::Key("values")],
            m.chits.span.clone(),
        );
        cx.push(
            Diagnostic::error(
                "V0750",
                format!("{} chit values for {chits} chits", m.values.len()),
            )
            .at(f, span, "one value per chit")
            .rule_opt(rule)
            .help("give every chit's printed value, or none while they are unknown (and a [[missing]] entry)"),
        );
    }
    if m.viewer.is_some() != m.view_from.is_some() {
        let span = m
            .viewer
            .as_ref()
            .map(|v| v.span.clone())
            .or_else(|| m.view_from.as_ref().map(|v| v.span.clone()))
            .unwrap_or_default();
        cx.push(
            Diagnostic::error(
                "V0750",
                "`viewer` and `view_from` go together: who may look at the chit, and from which count",
            )
            .at(f, span, "the other one is missing")
            .rule_opt(rule)
            .help("write both, or neither when nobody may look before the end"),
        );
    }
}

/// V0751: each row's failing rolls are rolls of the die, and no count has two rows.
fn check_rows(cx: &mut Context<'_>) {
    let Some(check) = cx.game.rules.morale.as_ref().and_then(|m| m.check.as_ref()) else {
        return;
    };
    let f = cx.rules_file();
    let dice = &cx.game.rules.dice;
    let (low, high) = (dice.count, dice.count * dice.faces);
    let mut seen: Vec<u32> = Vec::new();
    for row in &check.rows {
        let [from, to] = row.fails.value;
        if from < low || to < from || to > high {
            cx.push(
                Diagnostic::error(
                    "V0751",
                    format!("failing rolls {from} to {to} are not rolls of the die"),
                )
                .at(
                    f,
                    row.fails.span.clone(),
                    format!("the die rolls {low} to {high}"),
                )
                .rule_opt(rule_of(&check.rule))
                .help("write the first and last failing roll, e.g. fails = [5, 6]"),
            );
        }
        if seen.contains(&row.count.value) {
            cx.push(
                Diagnostic::error(
                    "V0751",
                    format!("two morale check rows for count {}", row.count.value),
                )
                .at(f, row.count.span.clone(), "listed again here")
                .rule_opt(rule_of(&check.rule))
                .help("give each count one row"),
            );
        }
        seen.push(row.count.value);
    }
}
