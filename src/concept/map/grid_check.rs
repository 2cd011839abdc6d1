//! Checks of a grid's kind: the keys each kind needs, and no key of another kind (V0220).

use crate::concept::context::{locate, Context, Seg};
use crate::concept::map::grid::GridKind;
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;

/// The keys a grid kind needs are there and the keys of other kinds are not (V0220).
pub(super) fn kind_keys(cx: &mut Context<'_>, kind: GridKind) {
    // An area map's keys are the area checks' (V0235).
    if kind == GridKind::Areas {
        return;
    }
    let grid = &cx.game.map.grid;
    let f = cx.map_file();
    let key_span = |key: &str| {
        locate(cx.sources, f, &[Seg::Key("grid"), Seg::Key(key)])
            .map(|(k, _)| k)
            .unwrap_or(grid.kind.span.clone())
    };
    let needed = match kind {
        GridKind::HexColumns => Some(("shifted_columns", grid.shifted_columns.is_some(), "the columns drawn half a hex lower: shifted_columns = \"even\" or \"odd\"")),
        GridKind::HexRows => Some(("shifted_rows", grid.shifted_rows.is_some(), "the rows drawn half a hex to the right: shifted_rows = \"even\" or \"odd\"")),
        GridKind::Squares | GridKind::Areas => None,
    };
    let mut problems = Vec::new();
    if let Some((key, false, help)) = needed {
        problems.push((
            format!("a `{}` grid needs `{key}`", kind.word()),
            grid.kind.span.clone(),
            format!("add {help}"),
        ));
    }
    let given = [
        ("shifted_columns", grid.shifted_columns.is_some(), kind == GridKind::HexColumns),
        ("shifted_rows", grid.shifted_rows.is_some(), kind == GridKind::HexRows),
        ("diagonals", grid.diagonals.is_some(), kind == GridKind::Squares),
        ("rows_odd_columns", grid.rows_odd_columns.is_some(), kind == GridKind::HexColumns),
        ("rows_even_columns", grid.rows_even_columns.is_some(), kind == GridKind::HexColumns),
    ];
    for (key, present, applies) in given {
        if present && !applies {
            problems.push((
                format!("`{key}` does not apply to a `{}` grid", kind.word()),
                key_span(key),
                "remove it: the grid kinds and their keys are listed under [grid] in docs/data-format.md".to_string(),
            ));
        }
    }
    for (message, span, help) in problems {
        cx.push(
            Diagnostic::error("V0220", message)
                .at(f, span, "grid kind and key disagree")
                .rule_opt(rule_of(&grid.rule))
                .help(help),
        );
    }
}
