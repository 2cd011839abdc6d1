//! Checks of what the sources lack of the CRT: the known cells of an unknown table, an unknown cap.

use crate::concept::context::{id_strs, Context, Seg};
use crate::concept::provenance::{rule_of, Component};
use crate::diag::Diagnostic;
use crate::model::Sp;
use std::collections::{BTreeMap, BTreeSet};

/// Known cells use declared columns, rolls and results, do not contradict each other, and agree with
/// a known table; a table marked unknown has no rows.
pub(super) fn known_cells(cx: &mut Context<'_>) {
    let g = cx.game;
    let combat = &g.rules.combat;
    let f = cx.rules_file();
    let rule = rule_of(&combat.rule).map(str::to_string);
    let codes = id_strs(&combat.results, |r| &r.code);
    let mut columns = id_strs(&combat.columns, |c| c);
    columns.extend(
        combat
            .beyond_columns
            .iter()
            .map(|c| c.as_str())
            .filter(|c| *c != "?"),
    );
    let dice = &g.rules.dice;
    let (lo, hi) = (dice.count, dice.count.saturating_mul(dice.faces));
    let mut seen: BTreeMap<(&str, u32), &Sp<String>> = BTreeMap::new();
    for k in &combat.known_cells {
        let col_ok = cx.reference(
            f,
            &k.column,
            "CRT column",
            columns.iter().copied(),
            "[combat] columns",
        );
        cx.reference(
            f,
            &k.result,
            "combat result",
            codes.iter().copied(),
            "[[combat.results]]",
        );
        if k.roll.value < lo || k.roll.value > hi {
            cx.push(
                Diagnostic::error(
                    "V0707",
                    format!("a roll of {} is not possible", k.roll.value),
                )
                .at(
                    f,
                    k.roll.span.clone(),
                    format!("rolls run from {lo} to {hi}"),
                )
                .rule_opt(rule_of(&k.rule).or(rule.as_deref()))
                .help(format!("[dice] rolls {}d{}", dice.count, dice.faces)),
            );
        }
        if let Some(first) = seen.insert((k.column.as_str(), k.roll.value), &k.result) {
            if first.as_str() != k.result.as_str() {
                cx.push(
                    Diagnostic::error(
                        "V0707",
                        format!(
                            "CRT cell {} / {} is given as both {} and {}",
                            k.column.as_str(),
                            k.roll.value,
                            first.as_str(),
                            k.result.as_str()
                        ),
                    )
                    .at(f, k.result.span.clone(), "contradicts an earlier cell")
                    .rule_opt(rule_of(&k.rule).or(rule.as_deref()))
                    .help("the sources disagree: keep one and say why"),
                );
            }
        }
        // A known table must agree with the cells the text reveals.
        if combat.table_known && col_ok {
            let index = combat
                .columns
                .iter()
                .position(|c| c.as_str() == k.column.as_str());
            let printed = index.and_then(|i| {
                combat
                    .table
                    .get(&k.roll.value.to_string())
                    .and_then(|row| row.get(i))
            });
            if let Some(p) = printed {
                if p.as_str() != k.result.as_str() {
                    cx.push(
                        Diagnostic::error(
                            "V0707",
                            format!(
                                "the CRT gives {} at {} / {}, the text {}",
                                p.as_str(),
                                k.column.as_str(),
                                k.roll.value,
                                k.result.as_str()
                            ),
                        )
                        .at(f, k.result.span.clone(), "disagrees with [combat.table]")
                        .rule_opt(rule_of(&k.rule).or(rule.as_deref()))
                        .help("fix the table or the cell"),
                    );
                }
            }
        }
    }
    unknown_table_has_no_rows(cx);
}

/// A table the data marks unknown has no rows: the rows the sources give are known cells.
fn unknown_table_has_no_rows(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let rule = rule_of(&combat.rule);
    if !combat.table_known && !combat.table.is_empty() {
        let span = combat
            .table
            .values()
            .next()
            .map(|r| r.span.clone())
            .unwrap_or(0..0);
        cx.push(
            Diagnostic::error("V0707", "the CRT is marked unknown but has rows")
                .at(f, span, "table rows")
                .rule_opt(rule)
                .help("remove `table_known = false`, or move the rows the sources give to [[combat.known_cells]]"),
        );
    }
}

/// An unknown CRT (with the cells that are known) and an unknown odds cap.
pub(super) fn crt_gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    let combat = &g.rules.combat;
    let f = g.rules.file;
    let rule = rule_of(&combat.rule);
    if !combat.table_known {
        let dice = &g.rules.dice;
        let rolls = (u64::from(dice.count) * u64::from(dice.faces))
            .saturating_sub(u64::from(dice.count))
            .saturating_add(1);
        let total = rolls.saturating_mul(combat.columns.len() as u64);
        let known: BTreeSet<(&str, u32)> = combat
            .known_cells
            .iter()
            .map(|k| (k.column.as_str(), k.roll.value))
            .collect();
        let listed: Vec<String> = combat
            .known_cells
            .iter()
            .map(|k| {
                format!(
                    "{} roll {} = {}",
                    k.column.as_str(),
                    k.roll.value,
                    k.result.as_str()
                )
            })
            .collect();
        let unknown_columns: Vec<&str> = combat
            .columns
            .iter()
            .map(|c| c.as_str())
            .filter(|c| !known.iter().any(|(k, _)| k == c))
            .collect();
        cx.push(
            Diagnostic::warning(
                "V0804",
                format!(
                    "the combat results table is unknown: {} of {total} cells known",
                    known.len()
                ),
            )
            .at(
                f,
                cx.span_of(
                    f,
                    &[Seg::Key("combat"), Seg::Key("table_known")],
                    combat.kind.span.clone(),
                ),
                "the table is not in the sources",
            )
            .rule_opt(rule)
            .to_fill(
                Component::CrtCard,
                [
                    "[combat] table (one row per die roll)".to_string(),
                    "[combat] table_known = true".to_string(),
                ],
            )
            .help(format!(
                "known: {}; columns with no known cell: {}",
                if listed.is_empty() {
                    "none".to_string()
                } else {
                    listed.join(", ")
                },
                if unknown_columns.is_empty() {
                    "none".to_string()
                } else {
                    unknown_columns.join(" ")
                }
            )),
        );
    }
    if let (false, Some(cap)) = (combat.cap_known, &combat.cap) {
        cx.push(
            Diagnostic::warning("V0805", "the odds cap before column shifts is unknown")
                .at(
                    f,
                    cx.span_of(
                        f,
                        &[Seg::Key("combat"), Seg::Key("cap_known")],
                        cap.span.clone(),
                    ),
                    "no cap is applied",
                )
                .rule_opt(rule_of(&combat.cap_rule).or(rule))
                .to_fill(
                    Component::CrtCard,
                    ["[combat] cap, cap_known = true".to_string()],
                )
                .help("the rules state no cap: odds better than the last column keep their shifts"),
        );
    }
}
