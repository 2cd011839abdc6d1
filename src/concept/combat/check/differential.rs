//! Checks of a differential CRT (`[combat] kind = "differential"`): its columns follow each other
//! without a gap or an overlap, only its ends are open, and it uses none of the readings of odds
//! tables whose sources stop short (`beyond_last = "unknown"` and the columns beyond).

use crate::concept::combat::odds::{signed_text, Difference};
use crate::concept::combat::{BeyondFirst, BeyondLast, CombatKind};
use crate::concept::context::Context;
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Each column starts one past the end of the one before it (V0745), an open end is only at an
/// end (V0745), and no odds-only reading is given (V0746).
pub(super) fn differential_columns(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    if combat.kind() != Some(CombatKind::Differential) {
        return;
    }
    let f = cx.rules_file();
    let rule = rule_of(&combat.rule).map(str::to_string);
    let parsed: Vec<_> = combat
        .columns
        .iter()
        .filter_map(|c| Difference::parse(c).map(|d| (c, d)))
        .collect();
    let last = parsed.len().saturating_sub(1);
    let mut before: Option<Difference> = None;
    for (i, (text, d)) in parsed.iter().enumerate() {
        let problem = match (before.and_then(|b| b.high), d.low) {
            _ if d.low.is_none() && i != 0 => {
                Some("only the first column may be open to the left (`≤-3`)".to_string())
            }
            _ if d.high.is_none() && i != last => {
                Some("only the last column may be open to the right (`≥+6`)".to_string())
            }
            (Some(end), Some(low)) if low <= end => Some(format!(
                "it overlaps the column before it, which runs to {}",
                signed_text(i64::from(end))
            )),
            (Some(end), Some(low)) if low > end + 1 => Some(format!(
                "no column holds the differences {} to {} between it and the column before it",
                signed_text(i64::from(end) + 1),
                signed_text(i64::from(low) - 1)
            )),
            _ => None,
        };
        before = Some(*d);
        if let Some(problem) = problem {
            cx.push(
                Diagnostic::error(
                    "V0745",
                    format!("differential column `{}`: {problem}", text.as_str()),
                )
                .at(f, text.span.clone(), "out of order")
                .rule_opt(rule.as_deref())
                .help("list the columns from the worst difference to the best, each starting one past the end of the one before: \"≤-2\", \"-1\", \"0\", \"+1..+2\", \"≥+3\""),
            );
        }
    }
    odds_only_readings(cx);
}

/// The readings for odds tables whose sources stop short (OCS) have no differential counterpart.
fn odds_only_readings(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let unknown_first = combat
        .beyond_first
        .as_ref()
        .filter(|_| combat.beyond_first() == BeyondFirst::Unknown);
    let unknown_last = combat
        .beyond_last
        .as_ref()
        .filter(|_| combat.beyond_last() == BeyondLast::Unknown);
    let found = [
        unknown_first.map(|s| ("beyond_first = \"unknown\"", s.span.clone())),
        unknown_last.map(|s| ("beyond_last = \"unknown\"", s.span.clone())),
        combat
            .beyond_columns
            .first()
            .map(|s| ("beyond_columns", s.span.clone())),
        combat
            .not_columns
            .first()
            .map(|s| ("not_columns", s.span.clone())),
    ];
    if let Some((key, span)) = found.into_iter().flatten().next() {
        cx.push(
            Diagnostic::error(
                "V0746",
                format!("`{key}` is for odds tables; this CRT is differential"),
            )
            .at(f, span, "odds only")
            .rule_opt(rule_of(&combat.rule))
            .help("a differential CRT reads every difference: give open end columns (\"≤-3\", \"≥+6\") or let the whole differences beyond a plain end apply"),
        );
    }
}
