//! Stage 2: check a loaded game against itself and against the constraints its rules data declares.
//!
//! Structural checks ([`structure`]) make sure every reference resolves (sides, unit types, faces,
//! terrain, hexes, phases, turns) and that the map geometry is sound. Rule checks ([`constraints`]) apply
//! what `rules/<game>.toml` and `counters/<game>.toml` declare (stacking limit, reduction formula, setup
//! marks, CRT completeness, counter totals), each citing its rule. No check knows a particular game.
//!
//! Codes are stable and listed in docs/diagnostics.md.

mod completeness;
mod constraints;
mod extended;
mod structure;

pub use structure::parse_odds;

use crate::diag::{suggest, Diagnostic, Report, Sources};
use crate::model::{FileId, Game, HexId, Sp};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// Run every check on a game.
pub fn check_game(game: &Game, sources: &Sources) -> Report {
    // Every other check enumerates or labels the grid's hexes: a grid that cannot be laid out stops here.
    let grid_errors = unusable_grid(game, sources);
    if !grid_errors.diagnostics.is_empty() {
        return grid_errors;
    }
    let mut cx = Context::new(game, sources);
    structure::check(&mut cx);
    constraints::check(&mut cx);
    extended::check(&mut cx);
    completeness::check(&mut cx);
    let mut report = cx.report;
    report.sort();
    report
}

/// Whether the dice can be rolled: one die or more, two faces or more, and a highest roll the CRT can
/// list (at most 1000).
pub(crate) fn dice_usable(dice: &crate::model::Dice) -> bool {
    dice.count >= 1
        && dice.faces >= 2
        && dice
            .count
            .checked_mul(dice.faces)
            .is_some_and(|m| m <= 1000)
}

/// Most hexes a grid may have (a 10,000-hex game is large; this leaves a factor of 100).
pub const MAX_HEXES: u64 = 1_000_000;

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

/// Shared lookups and the report being filled.
pub(crate) struct Context<'g> {
    pub game: &'g Game,
    pub sources: &'g Sources,
    pub report: Report,
    pub hexes: BTreeSet<HexId>,
    pub sides: BTreeSet<&'g str>,
    pub faces: Vec<&'g str>,
    pub units: BTreeMap<&'g str, &'g crate::model::Unit>,
    pub terrain_of: BTreeMap<HexId, &'g str>,
    pub cities: BTreeMap<HexId, &'g crate::model::City>,
}

impl<'g> Context<'g> {
    fn new(game: &'g Game, sources: &'g Sources) -> Self {
        let grid = &game.map.grid;
        let hexes: BTreeSet<HexId> = grid.hexes().into_iter().collect();
        let sides = game.rules.sides.iter().map(|s| s.id.as_str()).collect();
        let faces = game
            .counters
            .counters
            .faces
            .iter()
            .map(|f| f.as_str())
            .collect();
        let units = game
            .counters
            .units
            .iter()
            .map(|u| (u.id.as_str(), u))
            .collect();
        let mut terrain_of = BTreeMap::new();
        for h in &hexes {
            terrain_of.insert(*h, game.map.terrain.default.as_str());
        }
        for (terrain, list) in &game.map.terrain.hexes {
            for label in list {
                if let Some(h) = grid.parse(label) {
                    if hexes.contains(&h) {
                        terrain_of.insert(h, terrain.as_str());
                    }
                }
            }
        }
        let cities = game
            .map
            .cities
            .iter()
            .filter_map(|c| grid.parse(&c.hex).map(|h| (h, c)))
            .collect();
        Context {
            game,
            sources,
            report: Report::default(),
            hexes,
            sides,
            faces,
            units,
            terrain_of,
            cities,
        }
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.report.push(d);
    }

    /// Resolve a hex label written in `file`; report it if it is malformed or off the map.
    pub fn hex(&mut self, file: FileId, label: &Sp<String>, what: &str) -> Option<HexId> {
        let grid = &self.game.map.grid;
        let Some(hex) = grid.parse(label) else {
            let example = grid.label(HexId::new(grid.columns.value[0], grid.rows.value[0]));
            self.push(
                Diagnostic::error(
                    "V0201",
                    format!("{what}: `{}` is not a hex label", label.as_str()),
                )
                .at(file, label.span.clone(), "not a hex of this grid")
                .rule_opt(grid.rule.as_deref().map(|s| s.as_str()))
                .help(format!("hex labels look like `{example}`")),
            );
            return None;
        };
        if !self.hexes.contains(&hex) {
            let [c0, c1] = grid.columns.value;
            self.push(
                Diagnostic::error(
                    "V0202",
                    format!("{what}: hex `{}` is not on the map", label.as_str()),
                )
                .at(file, label.span.clone(), "no such hex")
                .rule_opt(grid.rule.as_deref().map(|s| s.as_str()))
                .help(format!(
                    "the grid has columns {:0cw$} to {:0cw$} and rows {:0rw$} to {:0rw$} (see [grid] in maps/{}.toml)",
                    c0,
                    c1,
                    [&grid.rows_odd_columns, &grid.rows_even_columns]
                        .into_iter()
                        .flatten()
                        .map(|r| r.value[0])
                        .fold(grid.rows.value[0], i32::min),
                    [&grid.rows_odd_columns, &grid.rows_even_columns]
                        .into_iter()
                        .flatten()
                        .map(|r| r.value[1])
                        .fold(grid.rows.value[1], i32::max),
                    self.game.id,
                    cw = grid.column_digits,
                    rw = grid.row_digits,
                )),
            );
            return None;
        }
        Some(hex)
    }

    /// Report an id that does not name one of `known`.
    pub fn reference<'a>(
        &mut self,
        file: FileId,
        value: &Sp<String>,
        kind: &str,
        known: impl IntoIterator<Item = &'a str> + Clone,
        defined_in: &str,
    ) -> bool {
        // Units are the one id set that grows to thousands: look them up in the index instead of
        // scanning the list for every reference.
        if kind == "unit" && self.units.contains_key(value.as_str()) {
            return true;
        }
        if known.clone().into_iter().any(|k| k == value.as_str()) {
            return true;
        }
        let mut d = Diagnostic::error("V0102", format!("unknown {kind} `{}`", value.as_str())).at(
            file,
            value.span.clone(),
            format!("no {kind} has this id"),
        );
        d = match suggest(value, known.clone()) {
            Some(s) => d.help(format!(
                "did you mean `{s}`? ({kind}s are defined in {defined_in})"
            )),
            None => {
                let all: Vec<&str> = known.into_iter().collect();
                d.help(format!(
                    "{kind}s are defined in {defined_in}: {}",
                    all.join(", ")
                ))
            }
        };
        self.push(d);
        false
    }

    /// Where a value the model keeps without a span was written (see [`locate`]); `fallback` when the
    /// path is not in the file (e.g. a default value).
    pub fn span_of(&self, file: FileId, path: &[Seg<'_>], fallback: Range<usize>) -> Range<usize> {
        locate(self.sources, file, path).map_or(fallback, |(_, value)| value)
    }

    /// The span of the key at `path` (for "add something to this table" diagnostics).
    pub fn key_span_of(
        &self,
        file: FileId,
        path: &[Seg<'_>],
        fallback: Range<usize>,
    ) -> Range<usize> {
        locate(self.sources, file, path).map_or(fallback, |(key, _)| key)
    }

    pub fn rules_file(&self) -> FileId {
        self.game.rules.file
    }
    pub fn counters_file(&self) -> FileId {
        self.game.counters.file
    }
    pub fn map_file(&self) -> FileId {
        self.game.map.file
    }
}

/// Report duplicates among ids of one file.
pub(crate) fn duplicates<'a>(
    cx: &mut Context<'_>,
    file: FileId,
    kind: &str,
    ids: impl IntoIterator<Item = &'a Sp<String>>,
) {
    duplicates_across(cx, kind, ids.into_iter().map(|id| (file, id)));
}

/// Report duplicates among ids that may come from several files (scenarios).
pub(crate) fn duplicates_across<'a>(
    cx: &mut Context<'_>,
    kind: &str,
    ids: impl IntoIterator<Item = (FileId, &'a Sp<String>)>,
) {
    let mut seen: BTreeMap<&str, (FileId, &Sp<String>)> = BTreeMap::new();
    for (file, id) in ids {
        if let Some((first_file, first)) = seen.get(id.as_str()) {
            let first_line = cx
                .sources
                .get(*first_file)
                .map(|f| f.line_col(first.span.start).0)
                .unwrap_or(0);
            let place = if *first_file == file {
                format!("line {first_line}")
            } else {
                format!("{}:{first_line}", cx.sources.path(*first_file).display())
            };
            let d = Diagnostic::error("V0101", format!("duplicate {kind} id `{}`", id.as_str()))
                .at(file, id.span.clone(), "defined again here")
                .help(format!(
                    "ids must be unique; the first `{}` is on {place} — rename or remove one",
                    id.as_str()
                ));
            cx.push(d);
        } else {
            seen.insert(id.as_str(), (file, id));
        }
    }
}

/// One step of a path into a TOML document: a key of a table or an index into an array.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

/// The spans of the key and of the value at `path` in `file`.
///
/// The model keeps spans only for values a check usually points at; for the others (`[dice] count`, a
/// unit's `faces` table, a table header) the file is parsed again, with spans, when a diagnostic needs
/// one. A table written as `[header]` or `[[header]]` has the header as its span.
pub(crate) fn locate(
    sources: &Sources,
    file: FileId,
    path: &[Seg<'_>],
) -> Option<(Range<usize>, Range<usize>)> {
    let text = &sources.get(file)?.text;
    let root = DeTable::parse(text).ok()?;
    let mut table: Option<&DeTable<'_>> = Some(root.get_ref());
    let mut value: Option<&DeValue<'_>> = None;
    let mut found = None;
    for seg in path {
        let (key_span, next) = match (*seg, table, value) {
            (Seg::Key(k), Some(t), _) => {
                let (key, v) = t.iter().find(|(key, _)| key.get_ref().as_ref() == k)?;
                (key.span(), v)
            }
            (Seg::Index(i), None, Some(DeValue::Array(a))) => {
                let v = a.get(i)?;
                (v.span(), v)
            }
            _ => return None,
        };
        found = Some((key_span, next.span()));
        value = Some(next.get_ref());
        table = match next.get_ref() {
            DeValue::Table(t) => Some(t),
            _ => None,
        };
    }
    found
}
