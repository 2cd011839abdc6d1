//! Checks of the printed CRT: the kind, columns, cap, rows, result codes, acknowledged reversals.

use super::differential::differential_columns;
use crate::concept::combat::odds::{printed_steps, Step};
use crate::concept::combat::CombatKind;
use crate::concept::context::{Context, Seg};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::Sp;

/// The combat kind is supported and the columns and the cap are written as odds.
pub(super) fn combat_kind_and_columns(cx: &mut Context<'_>) {
    odds_reading(cx);
    let r = &cx.game.rules;
    let f = cx.rules_file();
    if r.combat.kind().is_none() {
        cx.push(
            Diagnostic::error(
                "V0109",
                format!("combat kind `{}` is not supported", r.combat.kind.as_str()),
            )
            .at(f, r.combat.kind.span.clone(), "unknown kind")
            .help("supported: \"odds\" (attack divided by defence, rounded down) and \"differential\" (attack minus defence, rounded down)"),
        );
    }
    let differential = r.combat.kind() == Some(CombatKind::Differential);
    for c in r
        .combat
        .columns
        .iter()
        .chain(r.combat.cap.as_ref())
    {
        if Step::parse(&r.combat, c).is_some() {
            continue;
        }
        let (what, expected, help) = if differential {
            (
                "a difference column",
                "expected `+n`, `0`, `-n`, `+n..+m`, `≤-n` or `≥+n`",
                "write difference columns as \"-1\", \"0\", \"+2\", a range \"+1..+2\", and open ends \"≤-3\" (or \"-3 or less\") and \"≥+6\" (or \"+6 or more\")",
            )
        } else {
            ("an odds column", "expected `a:d`", "write odds columns as \"3:1\" or \"1:2\"")
        };
        cx.push(
            Diagnostic::error("V0110", format!("`{}` is not {what}", c.as_str()))
                .at(f, c.span.clone(), expected)
                .help(help),
        );
    }
    differential_columns(cx);
}

/// The CRT is complete for every column and roll, uses only defined results, and does not get better
/// for the defender as odds rise unless the data says the printed table does so.
pub(super) fn crt_table(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let dice = &g.rules.dice;
    if !crate::concept::sequence::dice_usable(dice) {
        return; // V0104
    }
    let rolls: Vec<u32> = (dice.count..=dice.count * dice.faces).collect();
    let columns = combat.columns.len();
    let table_span = cx.span_of(
        f,
        &[Seg::Key("combat"), Seg::Key("table")],
        combat.kind.span.clone(),
    );
    // `table_known = false`: the sources do not give the table (the completeness report says so).
    for roll in rolls.iter().filter(|_| combat.table_known) {
        if !combat.table.contains_key(&roll.to_string()) {
            cx.push(
                Diagnostic::error("V0306", format!("the CRT has no row for a roll of {roll}"))
                    .at(f, table_span.clone(), format!("no row \"{roll}\""))
                    .rule_opt(rule.as_deref())
                    .help(format!(
                        "add `\"{roll}\" = [...]` with {columns} results to [combat.table]"
                    )),
            );
        }
    }
    for (key, row) in &combat.table {
        crt_row(cx, key, row);
    }
    acknowledged_reversals(cx);
    odds_cap(cx);
}

/// One row of the CRT: a possible roll, one result per column, declared results, and results that do
/// not get better for the defender as odds rise unless acknowledged.
fn crt_row(cx: &mut Context<'_>, key: &str, row: &Sp<Vec<Sp<String>>>) {
    row_shape(cx, key, row);
    declared_results(cx, row);
    results_rise_with_odds(cx, key, row);
}

/// The row is a possible roll of the dice and has one result per column (V0306).
fn row_shape(cx: &mut Context<'_>, key: &str, row: &Sp<Vec<Sp<String>>>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let dice = &g.rules.dice;
    let rolls = dice.count..=dice.count * dice.faces;
    let columns = combat.columns.len();
    let valid_roll = key.parse::<u32>().is_ok_and(|r| rolls.contains(&r));
    if !valid_roll {
        cx.push(
            Diagnostic::error("V0306", format!("CRT row `{key}` is not a possible roll"))
                .at(f, row.span.clone(), "no such roll")
                .rule_opt(rule.as_deref())
                .help(format!(
                    "rolls of {}d{} run from {} to {}",
                    dice.count,
                    dice.faces,
                    dice.count,
                    dice.count * dice.faces
                )),
        );
    }
    if row.len() != columns {
        cx.push(
            Diagnostic::error(
                "V0306",
                format!(
                    "CRT row for roll {key} has {} results for {columns} columns",
                    row.len()
                ),
            )
            .at(f, row.span.clone(), format!("expected {columns}"))
            .rule_opt(rule.as_deref())
            .help(format!(
                "columns: {}",
                combat
                    .columns
                    .iter()
                    .map(|c| c.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
        );
    }
}

/// Every result of the row is a declared result code (V0306).
fn declared_results(cx: &mut Context<'_>, row: &Sp<Vec<Sp<String>>>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let codes: Vec<&str> = combat.results.iter().map(|r| r.code.as_str()).collect();
    for code in row.iter() {
        if !codes.contains(&code.as_str()) {
            let mut d = Diagnostic::error(
                "V0306",
                format!("unknown combat result `{}`", code.as_str()),
            )
            .at(f, code.span.clone(), "not a declared result")
            .rule_opt(rule.as_deref());
            d = match crate::diag::suggest(code, codes.iter().copied()) {
                Some(s) => d.help(format!("did you mean `{s}`? results: {}", codes.join(", "))),
                None => d.help(format!("results: {}", codes.join(", "))),
            };
            cx.push(d);
        }
    }
}

/// Results do not get better for the defender as odds rise unless acknowledged (V0306), and a row
/// that only ever does is one listed backwards (V0021).
fn results_rise_with_odds(cx: &mut Context<'_>, key: &str, row: &Sp<Vec<Sp<String>>>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let codes: Vec<&str> = combat.results.iter().map(|r| r.code.as_str()).collect();
    let columns = combat.columns.len();
    // Monotonic: moving right (better odds) must not help the defender.
    let rank = |c: &str| codes.iter().position(|x| *x == c);
    // A row that only ever gets better for the defender is a list written from the highest column
    // to the lowest: one warning for the row, not one per cell asking to acknowledge each reversal.
    let ranks: Vec<Option<usize>> = row.iter().map(|c| rank(c)).collect();
    let steps: Vec<(usize, usize)> = ranks
        .windows(2)
        .filter_map(|w| Some((w[0]?, w[1]?)))
        .collect();
    let acknowledged_in_row = combat.reversals.iter().any(|r| r.roll.as_str() == key);
    if !acknowledged_in_row
        && steps.iter().any(|(a, b)| b < a)
        && steps.iter().all(|(a, b)| b <= a)
    {
        let first = combat.columns.first().map_or("", |c| c.as_str());
        let last = combat.columns.last().map_or("", |c| c.as_str());
        let listed: Vec<&str> = row.iter().rev().map(|c| c.as_str()).collect();
        cx.push(
            Diagnostic::warning(
                "V0021",
                format!(
                    "the results of row {key} seem listed from the highest column to the lowest; list them lowest column first"
                ),
            )
            .at(f, row.span.clone(), "results fall for the attacker as odds rise")
            .rule_opt(rule.as_deref())
            .help(format!(
                "the columns run {first} … {last}, left to right: write `\"{key}\" = [\"{}\"]`",
                listed.join("\", \"")
            )),
        );
        return;
    }
    for i in 1..row.len().min(columns) {
        let (Some(a), Some(b)) = (rank(&row[i - 1]), rank(&row[i])) else {
            continue;
        };
        if b < a {
            let column = combat.columns[i].as_str();
            let accepted = combat
                .reversals
                .iter()
                .find(|r| r.roll.as_str() == key && r.column.as_str() == column);
            let message = format!(
                "roll {key}: {} at {column} is better for the defender than {} at {}",
                row[i].as_str(),
                row[i - 1].as_str(),
                combat.columns[i - 1].as_str()
            );
            let d = match accepted {
                    Some(r) => Diagnostic::note("V0306", format!("{message} (acknowledged: {})", r.reason))
                        .at(f, row[i].span.clone(), "acknowledged reversal"),
                    None => Diagnostic::warning("V0306", message)
                        .at(f, row[i].span.clone(), "result improves for the defender as odds rise")
                        .help(format!(
                            "if the printed CRT really says so, acknowledge it: [[combat.reversals]] roll = \"{key}\", column = \"{column}\", reason = \"…\""
                        )),
                };
            cx.push(d.rule_opt(rule.as_deref()));
        }
    }
}

/// Acknowledged reversals name a real roll and column, and still occur.
fn acknowledged_reversals(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let codes: Vec<&str> = combat.results.iter().map(|r| r.code.as_str()).collect();
    for r in &combat.reversals {
        let column = combat
            .columns
            .iter()
            .position(|c| c.as_str() == r.column.as_str());
        let row = combat.table.get(r.roll.as_str());
        if row.is_none() {
            let rows: Vec<&str> = combat.table.keys().map(String::as_str).collect();
            cx.reference(
                f,
                &r.roll,
                "CRT row",
                rows.iter().copied(),
                "[combat.table]",
            );
        }
        if column.is_none() {
            let names: Vec<&str> = combat.columns.iter().map(|c| c.as_str()).collect();
            cx.reference(
                f,
                &r.column,
                "CRT column",
                names.iter().copied(),
                "[combat] columns",
            );
        }
        let (Some(row), Some(i)) = (row, column) else {
            continue;
        };
        let rank = |c: &str| codes.iter().position(|x| *x == c);
        let reversed = i > 0
            && matches!(
                (row.get(i - 1).and_then(|a| rank(a)), row.get(i).and_then(|b| rank(b))),
                (Some(a), Some(b)) if b < a
            );
        if !reversed {
            cx.push(
                Diagnostic::warning(
                    "V0306",
                    format!(
                        "the acknowledged reversal at roll {}, column {} no longer occurs",
                        r.roll.as_str(),
                        r.column.as_str()
                    ),
                )
                .at(f, r.column.span.clone(), "nothing to acknowledge here")
                .rule_opt(rule_of(&r.rule).or(rule.as_deref()))
                .help("the table does not get better for the defender here; remove this [[combat.reversals]] entry"),
            );
        }
    }
}

/// The odds cap is one of the CRT columns (the module caps at that column, so a cap the table lacks
/// would cap nothing), and normally the last one. A cap the data marks unknown is not applied, but it
/// must still name a column.
fn odds_cap(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.cap_rule).or(rule_of(&combat.rule));
    let columns = printed_steps(combat);
    let Some(cap_text) = &combat.cap else {
        return;
    };
    let (Some(cap), Some(columns)) = (Step::parse(combat, cap_text), columns) else {
        return; // V0110
    };
    let Some(&last) = columns.last() else {
        return;
    };
    if !columns.contains(&cap) {
        let names: Vec<&str> = combat.columns.iter().map(|c| c.as_str()).collect();
        cx.push(
            Diagnostic::error(
                "V0306",
                format!("odds cap {} is not a CRT column", cap_text.as_str()),
            )
            .at(
                f,
                cap_text.span.clone(),
                "not a column of [combat] columns",
            )
            .rule_opt(rule)
            .help(format!(
                "the cap is one of the columns {} (normally the last, {})",
                names.join(" "),
                names.last().copied().unwrap_or_default()
            )),
        );
        return;
    }
    if combat.cap_known && cap != last {
        cx.push(
            Diagnostic::warning(
                "V0306",
                format!(
                    "odds cap {} is not the last CRT column",
                    cap_text.as_str()
                ),
            )
            .at(f, cap_text.span.clone(), "cap")
            .rule_opt(rule_of(&combat.cap_rule))
            .help("the cap is normally the best column of the table"),
        );
    }
}

/// `rounding`, `beyond_first` and `beyond_last` are words vmodc knows.
fn odds_reading(cx: &mut Context<'_>) {
    let values = cx.game.counters.counters.value_names();
    let f = cx.rules_file();
    let combat = &cx.game.rules.combat;
    for v in [&combat.attack_value, &combat.defence_value]
        .into_iter()
        .flatten()
    {
        cx.reference(f, v, "value", values.iter().copied(), "[counters] values");
    }
    use crate::concept::combat::{BeyondFirst, BeyondLast, Rounding};
    use crate::model::keyword::Keyword;
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    type Field<'a> = (&'a Option<Sp<String>>, &'a str, Vec<&'static str>);
    let fields: [Field<'_>; 3] = [
        (&combat.rounding, "odds rounding", Rounding::words()),
        (
            &combat.beyond_first,
            "reading of odds below the table",
            BeyondFirst::words(),
        ),
        (
            &combat.beyond_last,
            "reading of odds above the table",
            BeyondLast::words(),
        ),
    ];
    for (value, kind, words) in fields {
        if let Some(v) = value {
            cx.reference(f, v, kind, words.iter().copied(), "vmodc's combat");
        }
    }
}
