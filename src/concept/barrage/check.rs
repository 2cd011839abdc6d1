//! Checks of the barrage table: columns whose ranges ascend without overlapping, shift ids named
//! once, the units that barrage (known units, kinds and faces), the modes that may not, and the
//! cells the sources give (on a named column, a roll of the dice, a result the data names).

use super::table::{dice, label};
use super::Barrage;
use crate::concept::context::{duplicates, ids, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    let Some(b) = &cx.game.rules.barrage else {
        return;
    };
    let f = cx.rules_file();
    duplicates(cx, f, "barrage shift", ids(&b.shifts, |s| &s.id));
    duplicates(cx, f, "barrage kind", ids(&b.kinds, |k| &k.id));
    duplicates(cx, f, "barrage result", ids(&b.results, |r| &r.id));
    duplicates(cx, f, "barrage unit", ids(&b.units, |u| &u.unit));
    columns(cx, b);
    units(cx, b);
    cells(cx, b);
}

/// Columns left to right, each above the last (V0752).
fn columns(cx: &mut Context<'_>, b: &Barrage) {
    let f = cx.rules_file();
    let mut last: Option<u32> = None;
    for c in &b.columns {
        let (from, to) = (c.from.value, c.to.value);
        let after = last.is_none_or(|l| from > l);
        if to < from || !after {
            cx.push(
                Diagnostic::error(
                    "V0752",
                    format!("barrage column {from} to {to} does not follow the column before it"),
                )
                .at(f, c.from.span.clone(), "this column")
                .rule_opt(rule_of(&b.rule))
                .help("list the columns left to right, each from a strength above the last column's `to`, with `from` ≤ `to`"),
            );
        }
        last = Some(to.max(last.unwrap_or(0)));
    }
}

/// Each unit that barrages is a unit, of a declared kind, with strengths on faces it has (V0770);
/// the barred modes are modes.
fn units(cx: &mut Context<'_>, b: &Barrage) {
    let f = cx.rules_file();
    let kinds: Vec<&str> = b.kinds.iter().map(|k| k.id.as_str()).collect();
    let modes: Vec<&str> = cx.game.rules.modes.iter().map(|m| m.id.as_str()).collect();
    for m in &b.barred_modes {
        cx.reference(f, m, "mode", modes.iter().copied(), "[[modes]]");
    }
    for u in &b.units {
        cx.reference(
            f,
            &u.kind,
            "barrage kind",
            kinds.iter().copied(),
            "[[barrage.kinds]]",
        );
        let game = cx.game;
        let all = game.counters.units.iter().map(|x| x.id.as_str());
        if !cx.reference(f, &u.unit, "unit", all, "counters/<game>.toml") {
            continue;
        }
        let Some(unit) = game
            .counters
            .units
            .iter()
            .find(|x| x.id.as_str() == u.unit.as_str())
        else {
            continue;
        };
        let faces = game.counters.faces_of(unit);
        for (face, strength) in &u.strengths {
            if !faces.contains(&face.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0770",
                        format!(
                            "barrage strength on face `{face}`, which unit `{}` does not have",
                            u.unit.as_str()
                        ),
                    )
                    .at(f, strength.span.clone(), "this strength")
                    .rule_opt(rule_of(&u.rule))
                    .help(format!("the unit's faces: {}", faces.join(", "))),
                );
            }
        }
    }
}

/// Each known cell is on a named column and a roll of the dice (V0771), with a result the data
/// names (V0772).
fn cells(cx: &mut Context<'_>, b: &Barrage) {
    let f = cx.rules_file();
    let labels: Vec<String> = (0..b.columns.len()).filter_map(|i| label(b, i)).collect();
    let rolls = dice(&b.roll).map(|(n, faces)| n..=n * faces);
    for c in &b.cells {
        let on_column = labels.iter().any(|l| l == c.column.as_str());
        let on_roll = rolls.as_ref().is_none_or(|r| r.contains(&c.roll.value));
        if !on_column || !on_roll {
            let (span, what) = if on_column {
                (
                    c.roll.span.clone(),
                    format!("roll {} is not a roll of {}", c.roll.value, b.roll),
                )
            } else {
                (
                    c.column.span.clone(),
                    format!("no column is labelled `{}`", c.column.as_str()),
                )
            };
            cx.push(
                Diagnostic::error("V0771", format!("barrage cell off the table: {what}"))
                    .at(f, span, "this cell")
                    .rule_opt(rule_of(&c.rule))
                    .help(format!(
                        "name a column by its label ({}) and a roll the table's dice give",
                        labels.join(", ")
                    )),
            );
        }
        if !b.results.is_empty()
            && !b
                .results
                .iter()
                .any(|r| r.result.as_str() == c.result.as_str())
        {
            let known: Vec<&str> = b.results.iter().map(|r| r.result.as_str()).collect();
            cx.push(
                Diagnostic::error(
                    "V0772",
                    format!(
                        "barrage cell result `{}` is not a `[[barrage.results]]` result",
                        c.result.as_str()
                    ),
                )
                .at(f, c.result.span.clone(), "this result")
                .rule_opt(rule_of(&c.rule))
                .help(format!(
                    "results: {}; add it there with what it does",
                    known.join(", ")
                )),
            );
        }
    }
}
