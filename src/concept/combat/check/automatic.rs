//! Checks of automatic results: their codes, and the odds or the zero defence that give them.

use crate::concept::combat::odds::{Difference, Odds, Step};
use crate::concept::combat::CombatKind;
use crate::concept::context::{id_strs, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::{FileId, Sp};

/// Automatic results name declared results (or a cell of two), are given either by odds or by a zero
/// defence (V0734), at odds that are columns or whole ratios beyond the table (V0309), and normally
/// start beyond the last column.
pub(super) fn automatic_results(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let codes = id_strs(&combat.results, |r| &r.code);
    for a in &combat.automatic {
        automatic_result_code(cx, f, &a.result, &codes);
        match (&a.at_least, a.on_zero_defence()) {
            (Some(odds), false) => automatic_odds(cx, odds, rule_of(&a.rule)),
            (None, true) => {}
            (at_least, zero) => {
                let span = at_least
                    .as_ref()
                    .map(|o| o.span.clone())
                    .or(a.zero_defence.as_ref().map(|z| z.span.clone()))
                    .unwrap_or(a.result.span.clone());
                let what = if zero { "both" } else { "neither" };
                cx.push(
                    Diagnostic::error(
                        "V0734",
                        format!(
                            "automatic result `{}` has {what} `at_least` and `zero_defence = true`",
                            a.result.as_str()
                        ),
                    )
                    .at(f, span, "when does it apply?")
                    .rule_opt(rule_of(&a.rule))
                    .help(
                        "give odds (`at_least = \"7:1\"`) or `zero_defence = true`, one of the two",
                    ),
                );
            }
        }
    }
}

/// An automatic result is a declared code, or a cell `attacker/defender` of two declared codes.
fn automatic_result_code(cx: &mut Context<'_>, f: FileId, result: &Sp<String>, codes: &[&str]) {
    let Some((attacker, defender)) = result.split_once('/') else {
        cx.reference(
            f,
            result,
            "combat result",
            codes.iter().copied(),
            "[[combat.results]]",
        );
        return;
    };
    for half in [attacker, defender] {
        if !codes.contains(&half) {
            cx.push(
                Diagnostic::error(
                    "V0102",
                    format!(
                        "unknown combat result `{half}` in the cell `{}`",
                        result.as_str()
                    ),
                )
                .at(f, result.span.clone(), "not declared")
                .help(format!(
                    "each half of an attacker/defender cell is one of [[combat.results]]: {}",
                    codes.join(", ")
                )),
            );
        }
    }
}

/// The odds (or difference) of an automatic result: a column, or a whole ratio (difference) beyond
/// the table (V0309).
fn automatic_odds(cx: &mut Context<'_>, at_least: &Sp<String>, own_rule: Option<&str>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let rule = rule_of(&combat.rule).map(str::to_string);
    let columns = id_strs(&combat.columns, |c| c);
    let differential = combat.kind() == Some(CombatKind::Differential);
    let (what, whole, column, expected, example) = if differential {
        let example = "write differences as \"+7\" or \"-3\"";
        ("a difference", "whole difference", "a difference column", "expected `+n`, `0` or `-n`", example)
    } else {
        ("odds", "whole ratio", "an odds column", "expected `a:d`", "write odds as \"7:1\" or \"1:2\"")
    };
    let Some(step) = Step::parse(combat, at_least) else {
        cx.push(
            Diagnostic::error(
                "V0110",
                format!("`{}` is not {column}", at_least.as_str()),
            )
            .at(f, at_least.span.clone(), expected)
            .help(example),
        );
        return;
    };
    let (on_ladder, within) = match step {
        Step::Difference(d) => difference_on_ladder(combat, d),
        Step::Ratio(o) => {
            let last = combat.columns.last().and_then(|c| Odds::parse(c));
            let printed: Option<Vec<Odds>> =
                combat.columns.iter().map(|c| Odds::parse(c)).collect();
            (
                automatic_odds_on_ladder(o, printed.as_deref()),
                last.is_some_and(|last| o.value() <= last.value()),
            )
        }
    };
    if !on_ladder {
        cx.push(
            Diagnostic::error(
                "V0309",
                format!(
                    "automatic result at {} is not at a CRT column or a {whole} beyond the table",
                    at_least.as_str()
                ),
            )
            .at(f, at_least.span.clone(), "a threshold that no combat reaches exactly")
            .rule_opt(own_rule.or(rule.as_deref()))
            .help(format!(
                "{what} is read on a column ({}) or, beyond the table, on a {whole} (7:1, 1:2…; +7, -4…)",
                columns.join(" ")
            )),
        );
    } else if within && combat.table_known {
        cx.push(
            Diagnostic::warning(
                "V0707",
                format!(
                    "automatic result at {} overrides printed CRT columns",
                    at_least.as_str()
                ),
            )
            .at(f, at_least.span.clone(), "within the table")
            .rule_opt(own_rule.or(rule.as_deref()))
            .help("automatic results normally start beyond the last column"),
        );
    }
}

/// Whether a differential CRT reads a combat exactly at `d` (one of its columns, or a whole
/// difference beyond a plain end; `+2` inside a `+1..+2` column would apply from `+1`), and whether
/// `d` lies within the printed columns. Unparsable columns (V0110) leave nothing to compare with.
fn difference_on_ladder(combat: &crate::concept::game::Combat, d: Difference) -> (bool, bool) {
    let printed: Option<Vec<Difference>> =
        combat.columns.iter().map(|c| Difference::parse(c)).collect();
    let Some(printed) = printed else {
        return (true, false);
    };
    let (Some(first), Some(last)) = (printed.first(), printed.last()) else {
        return (true, false);
    };
    let single = d.low.filter(|_| d.low == d.high);
    let past_last = single.is_some_and(|n| last.high.is_some_and(|h| n > h));
    let before_first = single.is_some_and(|n| first.low.is_some_and(|l| n < l));
    (
        printed.contains(&d) || past_last || before_first,
        printed.contains(&d),
    )
}

/// Whether the resolver lands exactly on `odds`: a printed column, or a whole ratio (`n:1`, `1:n`) beyond
/// either end of the table (see [`crate::concept::combat::odds`]). Unparsable columns (V0110) leave
/// nothing to compare with.
fn automatic_odds_on_ladder(odds: Odds, printed: Option<&[Odds]>) -> bool {
    let Some(printed) = printed else {
        return true;
    };
    let (Some(first), Some(last)) = (printed.first(), printed.last()) else {
        return true;
    };
    let whole = odds.attack == 1 || odds.defence == 1;
    printed.contains(&odds)
        || (whole && (odds.value() > last.value() || odds.value() < first.value()))
}

