//! Stage 2: check a loaded game against itself and against the constraints its rules data declares.
//!
//! Each concept's checks (its `check.rs`, run through the registry) make sure every reference
//! resolves (sides, unit types, faces, terrain, hexes, phases, turns), that the map geometry is sound,
//! and apply what `rules/<game>.toml` and `counters/<game>.toml` declare (stacking limit, reduction
//! formula, setup marks, CRT completeness, counter totals), each citing its rule. No check knows a
//! particular game, and this stage names no concept.
//!
//! Codes are stable and listed in docs/diagnostics.md.

mod game_info;
pub mod todo;

use crate::concept::context::{locate, Context, Seg};
use crate::concept::CONCEPTS;

use crate::concept::game::Game;
use crate::diag::{Diagnostic, Report, Sources};

/// Run every check on a game.
pub fn check_game(game: &Game, sources: &Sources) -> Report {
    // Every other check enumerates or labels the grid's hexes: a grid that cannot be laid out stops here.
    let grid_errors = unusable_grid(game, sources);
    if !grid_errors.diagnostics.is_empty() {
        return grid_errors;
    }
    let mut cx = Context::new(game, sources);
    game_info::game_id(&mut cx);
    game_info::game_version(&mut cx);
    game_info::data_format(&mut cx);
    for concept in CONCEPTS {
        concept.check(&mut cx);
    }
    let mut report = cx.report;
    report.sort();
    report
}

/// Most hexes a grid may have: twice the benchmark's 10,000-hex game (a dozen OCS map sheets of 34 ×
/// 50 hexes; the largest shipped game, LSaM, has 1,085). Measured on two cores (docs/benchmarks.md), a 20,000-hex game
/// builds its module and PDF within the limits vmodc promises; a 100,000-hex game took minutes and
/// 1.5 GB, so the limit is what a build can stand behind, not what the checks could walk.
pub const MAX_HEXES: u64 = 20_000;

/// Problems that make the grid unusable: ranges that are empty or out of bounds, label digits that
/// are not 1 to 9, or more hexes than [`MAX_HEXES`].
fn unusable_grid(game: &Game, sources: &Sources) -> Report {
    let mut report = Report::default();
    let f = game.map.file;
    let grid = &game.map.grid;
    let ranges = [
        Some(&grid.columns),
        Some(&grid.rows),
        grid.rows_odd_columns.as_ref(),
        grid.rows_even_columns.as_ref(),
    ];
    for range in ranges.iter().flatten() {
        let [first, last] = range.value;
        if first > last || first < 0 || last > 9999 {
            report.push(
                Diagnostic::error("V0212", "grid range is empty or out of bounds")
                    .at(
                        f,
                        range.span.clone(),
                        "expected [first, last] with 0 ≤ first ≤ last ≤ 9999",
                    )
                    .rule_opt(grid.rule.as_deref().map(|s| s.as_str()))
                    .help("give the first and last column or row number printed on the map"),
            );
        }
    }
    for (key, digits) in [
        ("column_digits", grid.column_digits),
        ("row_digits", grid.row_digits),
    ] {
        if !(1..=9).contains(&digits) {
            let span = locate(sources, f, &[Seg::Key("grid"), Seg::Key(key)])
                .map_or(grid.kind.span.clone(), |(_, v)| v);
            report.push(
                Diagnostic::error("V0213", format!("`{key} = {digits}` is not 1 to 9"))
                    .at(f, span, "expected 1 to 9")
                    .help("give the digits of the column or row part of a hex label (`0204`: 2 and 2)"),
            );
        }
    }
    if report.diagnostics.is_empty() {
        let span = |r: i32| -> u64 { u64::try_from(r).unwrap_or(0) };
        let [c0, c1] = grid.columns.value;
        let hexes: u64 = if grid.hexes.is_empty() {
            (c0..=c1)
                .map(|c| {
                    let [r0, r1] = grid.row_range(c);
                    span(r1) + 1 - span(r0).min(span(r1) + 1)
                })
                .sum()
        } else {
            grid.hexes.len() as u64 // the explicit hex list
        };
        let hexes = hexes
            * if grid.hexes.is_empty() {
                grid.sheet_count() as u64
            } else {
                1
            };
        if hexes > MAX_HEXES {
            report.push(
                Diagnostic::error(
                    "V0214",
                    format!("the grid has {hexes} hexes, more than {MAX_HEXES}"),
                )
                .at(f, grid.columns.span.clone(), "columns")
                .help("check the [grid] ranges: columns and rows give the first and last number printed on the map"),
            );
        }
    }
    report
}
