//! What every check shares: the game with its lookups (hexes, sides, units, terrain, cities), the
//! report being filled, and helpers for the diagnostics many checks make (unknown references,
//! duplicate ids, hex labels, colours, turns).

use crate::concept::game::{Game, HexId};
use crate::diag::{suggest, Diagnostic, Report, Sources};
use crate::model::{FileId, Sp};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// Shared lookups and the report being filled.
pub struct Context<'g> {
    pub game: &'g Game,
    pub sources: &'g Sources,
    pub report: Report,
    pub hexes: BTreeSet<HexId>,
    pub sides: BTreeSet<&'g str>,
    pub faces: Vec<&'g str>,
    pub units: BTreeMap<&'g str, &'g crate::concept::game::Unit>,
    pub terrain_of: BTreeMap<HexId, &'g str>,
    pub cities: BTreeMap<HexId, &'g crate::concept::game::City>,
}

impl<'g> Context<'g> {
    pub(crate) fn new(game: &'g Game, sources: &'g Sources) -> Self {
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
        if grid.is_areas() && grid.parse(label).is_none() {
            let names = grid.areas.iter().map(|a| a.name.as_str());
            let help = match crate::diag::suggest(label, names) {
                Some(s) => format!("did you mean `{s}`?"),
                None => {
                    "name an area of [[grid.areas]] in maps/*.toml as it is written there".into()
                }
            };
            self.push(
                Diagnostic::error(
                    "V0201",
                    format!("{what}: `{}` is not an area of the map", label.as_str()),
                )
                .at(file, label.span.clone(), "no area of this name")
                .rule_opt(grid.rule.as_deref().map(|s| s.as_str()))
                .help(help),
            );
            return None;
        }
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
                "did you mean `{s}`? ({} are defined in {defined_in})",
                plural(kind)
            )),
            None => {
                let all: Vec<&str> = known.into_iter().collect();
                d.help(format!(
                    "{} are defined in {defined_in}: {}",
                    plural(kind),
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
            // Where each was written (a game's rules may hold sections of its series' file).
            let (first_file, first_span) = cx.sources.resolve(*first_file, first.span.clone());
            let (this_file, _) = cx.sources.resolve(file, id.span.clone());
            let first_line = cx
                .sources
                .get(first_file)
                .map(|f| f.line_col(first_span.start).0)
                .unwrap_or(0);
            let place = if first_file == this_file {
                format!("line {first_line}")
            } else {
                format!("{}:{first_line}", cx.sources.path(first_file).display())
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
pub enum Seg<'a> {
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

pub(crate) fn ids<T>(items: &[T], id: impl Fn(&T) -> &Sp<String>) -> Vec<&Sp<String>> {
    items.iter().map(id).collect()
}

pub(crate) fn turn_in_range(
    cx: &mut Context<'_>,
    file: FileId,
    turn: &Sp<u32>,
    turns: u32,
    what: &str,
) {
    if turn.value == 0 || turn.value > turns {
        cx.push(
            Diagnostic::error(
                "V0304",
                format!("{what} {} is outside the game's turns", turn.value),
            )
            .at(
                file,
                turn.span.clone(),
                format!("the game has turns 1 to {turns}"),
            )
            .rule_opt(cx.game.rules.turns.rule.as_deref().map(|s| s.as_str()))
            .help("use a turn between 1 and [turns] count of rules/*.toml"),
        );
    }
}

pub(crate) fn color(cx: &mut Context<'_>, file: FileId, value: &Sp<String>) {
    let ok = value.len() == 7
        && value.starts_with('#')
        && value[1..].bytes().all(|b| b.is_ascii_hexdigit());
    if !ok {
        cx.push(
            Diagnostic::error("V0116", format!("`{}` is not a colour", value.as_str()))
                .at(file, value.span.clone(), "expected #rrggbb")
                .help("write colours as \"#rrggbb\", e.g. \"#a7a58f\""),
        );
    }
}

pub(crate) fn neighbour_list(cx: &Context<'_>, h: HexId) -> String {
    let grid = &cx.game.map.grid;
    let around = if grid.is_areas() {
        grid.area_neighbours(h)
    } else {
        grid.neighbours(h).to_vec()
    };
    around
        .iter()
        .filter(|n| cx.hexes.contains(n))
        .map(|n| grid.label(*n))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn is_semver(v: &str) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
        })
}

pub(crate) fn one_of(
    cx: &mut Context<'_>,
    file: FileId,
    value: &Sp<String>,
    kind: &str,
    allowed: &[&str],
) {
    cx.reference(
        file,
        value,
        kind,
        allowed.iter().copied(),
        "vmodc's data format",
    );
}

/// The ids of `items`, as text.
/// The plural of a kind of id, as a help text names them (`units`, `cities`).
fn plural(kind: &str) -> String {
    match kind.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{kind}s"),
    }
}

pub(crate) fn id_strs<'a, T>(items: &'a [T], id: impl Fn(&'a T) -> &'a Sp<String>) -> Vec<&'a str> {
    items.iter().map(|t| id(t).as_str()).collect()
}
