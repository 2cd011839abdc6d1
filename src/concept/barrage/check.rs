//! Checks of the barrage table: columns whose ranges ascend without overlapping, and shift ids
//! named once.

use crate::check::context::{duplicates, ids, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    let Some(b) = &cx.game.rules.barrage else {
        return;
    };
    let f = cx.rules_file();
    duplicates(cx, f, "barrage shift", ids(&b.shifts, |s| &s.id));
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
