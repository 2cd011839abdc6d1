//! Checks of morale chits: the sides and the count they name, as many values as chits (or none), a
//! viewer with the count it may look from, and morale check rows within the die, one per count.

use crate::check::context::{Context, Seg};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

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
    chits_and_values(cx);
    check_rows(cx);
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
