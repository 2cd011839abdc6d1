//! Player-visible text: one catalog per language, `i18n/<game>/<lang>.toml`.
//!
//! Every text a player sees is looked up by a stable key (`units.XXIV`, `phases.german-combat`,
//! `ui.flip`). [`entries`] lists every key a game's module uses, with its default: the data's own
//! names for game texts, English for interface texts. A catalog overrides defaults; `vmodc check` and
//! `vmodc i18n status` report keys a catalog lacks or does not use.
//!
//! Catalog layout (sections are the part of the key before the first dot):
//! ```toml
//! [language]
//! code = "ja"
//! name = "日本語"
//!
//! [units]
//! XXIV = "第24装甲軍団"
//! ```
//! Texts may hold placeholders such as `{piece}`; the module fills them in.

use crate::concept::game::{Game, ScenarioFile, Victory};
use crate::diag::{suggest, Diagnostic, Report, Sources};
use crate::model::{FileId, Sp};
use std::collections::BTreeMap;
use std::path::Path;

/// A language catalog as written.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub code: String,
    pub name: String,
    pub file: FileId,
    /// `section.key` → text, with the span of the text.
    pub texts: BTreeMap<String, Sp<String>>,
    /// Span of each key (for "unused key" diagnostics).
    pub key_spans: BTreeMap<String, std::ops::Range<usize>>,
}

/// One text the module uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub default: String,
    /// Where the text appears, for translators.
    pub used_in: String,
}

type RawCatalog = BTreeMap<String, BTreeMap<Sp<String>, Sp<String>>>;

/// Read every catalog of a game (`i18n/<game>/*.toml`), sorted by language code.
pub fn load_catalogs(
    root: &Path,
    game: &str,
    sources: &mut Sources,
    report: &mut Report,
) -> Vec<Catalog> {
    let dir = root.join("i18n").join(game);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .into_owned();
        let Some(loaded) = crate::load::load_file::<RawCatalog>(root, &rel, sources, report) else {
            continue;
        };
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut texts = BTreeMap::new();
        let mut key_spans = BTreeMap::new();
        let mut code = stem.clone();
        let mut code_span = None;
        let mut name = stem.clone();
        for (section, table) in &loaded.data {
            for (key, text) in table {
                if section == "language" {
                    match key.as_str() {
                        "code" => {
                            code = text.value.clone();
                            code_span = Some(text.span.clone());
                        }
                        "name" => name = text.value.clone(),
                        _ => {}
                    }
                    continue;
                }
                let full = format!("{section}.{}", key.as_str());
                key_spans.insert(full.clone(), key.span.clone());
                texts.insert(full, text.clone());
            }
        }
        if code != stem {
            let d = Diagnostic::error("V0901", format!("catalog {rel} declares language `{code}`"));
            let d = match code_span {
                Some(span) => d.at(loaded.file, span, format!("the file's name says `{stem}`")),
                None => d.in_file(&rel),
            };
            report.push(d.help(format!(
                "declare `code = \"{stem}\"`, or name the file after its language code: i18n/{game}/{code}.toml"
            )));
        }
        out.push(Catalog {
            code,
            name,
            file: loaded.file,
            texts,
            key_spans,
        });
    }
    out
}

/// Resolved texts of one language: every key of [`entries`], from the catalog where it has the key.
#[derive(Debug, Clone, Default)]
pub struct Texts {
    pub lang: String,
    map: BTreeMap<String, String>,
}

impl Texts {
    /// Texts with just these keys (tests of expressions that read catalog texts).
    #[cfg(test)]
    pub(crate) fn for_test(entries: &[(&str, &str)]) -> Texts {
        Texts {
            lang: "en".into(),
            map: entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    pub fn new(game: &Game, catalog: Option<&Catalog>) -> Texts {
        let mut map: BTreeMap<String, String> = entries(game)
            .into_iter()
            .map(|e| (e.key, e.default))
            .collect();
        if let Some(c) = catalog {
            for (k, v) in &c.texts {
                if map.contains_key(k) {
                    map.insert(k.clone(), v.value.clone());
                }
            }
        }
        Texts {
            lang: catalog.map_or_else(|| "en".to_string(), |c| c.code.clone()),
            map,
        }
    }

    /// The text of a key the module may not use (a unit a release history names that the game no
    /// longer has).
    pub fn lookup(&self, key: &str) -> Option<&str> {
        self.map.get(key).map(String::as_str)
    }

    /// The text of a key (the key itself if no such key exists: a visible, harmless fallback).
    pub fn get(&self, key: &str) -> String {
        debug_assert!(self.map.contains_key(key), "unknown text key {key}");
        self.map
            .get(key)
            .cloned()
            .unwrap_or_else(|| key.to_string())
    }

    /// A text with `{name}` placeholders filled in.
    pub fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        fill(&self.get(key), args)
    }

    /// The text of a key split into literal and placeholder segments.
    pub fn segments(&self, key: &str) -> Vec<Segment> {
        segments(&self.get(key))
    }

    /// Every (key, text) pair.
    pub fn all(&self) -> impl Iterator<Item = (&String, &String)> {
        self.map.iter()
    }
}

/// Part of a text with placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Text(String),
    Var(String),
}

pub fn segments(text: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut rest = text;
    let is_name =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map(|c| open + c);
        match close {
            Some(close) if is_name(&rest[open + 1..close]) => {
                if open > 0 {
                    out.push(Segment::Text(rest[..open].to_string()));
                }
                out.push(Segment::Var(rest[open + 1..close].to_string()));
                rest = &rest[close + 1..];
            }
            _ => {
                out.push(Segment::Text(rest[..=open].to_string()));
                rest = &rest[open + 1..];
            }
        }
    }
    if !rest.is_empty() {
        out.push(Segment::Text(rest.to_string()));
    }
    // Merge adjacent literal pieces.
    let mut merged: Vec<Segment> = Vec::new();
    for s in out {
        match (merged.last_mut(), s) {
            (Some(Segment::Text(prev)), Segment::Text(t)) => prev.push_str(&t),
            (_, s) => merged.push(s),
        }
    }
    merged
}

pub fn fill(text: &str, args: &[(&str, &str)]) -> String {
    segments(text)
        .into_iter()
        .map(|s| match s {
            Segment::Text(t) => t,
            Segment::Var(v) => args
                .iter()
                .find(|(k, _)| *k == v)
                .map_or(format!("{{{v}}}"), |(_, val)| val.to_string()),
        })
        .collect()
}

fn vars(text: &str) -> Vec<String> {
    segments(text)
        .into_iter()
        .filter_map(|s| match s {
            Segment::Var(v) => Some(v),
            Segment::Text(_) => None,
        })
        .collect()
}

/// Interface texts with their English defaults: `(key, default, where used)`.
pub const UI: &[(&str, &str, &str)] = &[
    ("ui.map", "Map", "main map window and its toolbar button"),
    ("ui.turn_track", "Turn Track", "turn track window and its toolbar button"),
    ("ui.flip", "Flip", "unit menu: step loss / recovery"),
    ("ui.eliminate", "Eliminate", "unit menu: send to the eliminated box"),
    ("ui.attack", "Attack", "unit menu: mark as attacker"),
    ("ui.defend", "Defend", "unit menu: mark as defender"),
    ("ui.clear_mark", "Clear combat mark", "unit menu"),
    ("ui.change_control", "Change control", "city control marker menu"),
    ("ui.control_marker", "{city} control", "name of a city control marker"),
    ("ui.control", "Control", "control marker image"),
    ("ui.cards", "Cards", "card window and its toolbar button"),
    (
        "ui.map_art_unknown",
        "{map} — the map art is in no source: only the hexes the rules name are drawn, placed by their numbers",
        "map title when the data marks the map geometry unknown",
    ),
    ("ui.cards_title", "{game} — Cards", "card board"),
    ("ui.in_play", "{deck}: in play", "card board box"),
    ("ui.card_uses_unknown", "Uses as far as the sources give them.", "card faces"),
    ("ui.card_count_unknown", "Number of copies not in the sources.", "card faces"),
    ("ui.weather", "Weather", "weather marker"),
    (
        "ui.print_title",
        "{game} — print and play",
        "print-and-play PDF: first page title",
    ),
    (
        "ui.print_counter_size",
        "Counters {mm} mm square.",
        "print-and-play PDF: counter size from the data",
    ),
    (
        "ui.print_counter_size_default",
        "The data gives no printed counter size: counters are printed {mm} mm square (½ inch).",
        "print-and-play PDF: counter size when the data has none",
    ),
    (
        "ui.print_fronts",
        "Counters, fronts — sheet {sheet} of {sheets}",
        "print-and-play PDF: counter front page",
    ),
    (
        "ui.print_backs",
        "Counters, backs — sheet {sheet} of {sheets}: print on the back of the fronts, flipping on the long edge",
        "print-and-play PDF: counter back page",
    ),
    (
        "ui.print_folded",
        "Counters — sheet {sheet} of {sheets}: each front beside its back; cut around the pair, fold on the middle line, glue",
        "print-and-play PDF: one-sided counter page",
    ),
    (
        "ui.print_tile",
        "{map} — tile {tile} of {tiles} (row {row}, column {column}): overlap strips {overlap} mm, match the marks",
        "print-and-play PDF: map tile page",
    ),
    (
        "ui.print_assembly",
        "{map} — how the {tiles} tiles fit (scale 1:{scale})",
        "print-and-play PDF: map assembly page",
    ),
    (
        "ui.print_poster",
        "{map} — on one {paper} sheet",
        "print-and-play PDF: map on one large page",
    ),
    (
        "ui.print_poster_too_small",
        "{map} does not fit on one {paper} sheet at the counters' scale: not printed",
        "print-and-play PDF: contents page",
    ),
    (
        "ui.print_cards",
        "Cards, fronts",
        "print-and-play PDF: card page",
    ),
    (
        "ui.print_card_backs",
        "The data has no card backs: only the fronts are printed.",
        "print-and-play PDF: contents page",
    ),
    (
        "ui.print_missing",
        "What the data lacks:",
        "print-and-play PDF: contents page",
    ),
    ("ui.counters", "Counters", "counter palette window"),
    ("ui.counters_tooltip", "Show the counter palette", "counter palette button"),
    ("ui.markers", "Markers", "counter palette: the list of markers"),
    ("ui.charts", "Charts", "chart window"),
    ("ui.charts_tooltip", "Combat results, terrain effects and turn record", "chart window button"),
    ("ui.scenarios", "Scenarios", "File > New Game menu of predefined setups"),
    ("ui.dice_tooltip", "Roll {dice}", "dice button"),
    ("ui.turn", "Turn", "turn tracker button and level"),
    ("ui.phase", "Phase", "turn tracker level"),
    ("ui.turn_tooltip", "Turn and phase", "turn tracker button"),
    ("ui.turn_format", "Turn {turn} – {phase}", "turn tracker display"),
    ("ui.retire", "Retire", "player roster button"),
    ("ui.switch_sides", "Switch sides", "player roster button"),
    ("ui.zoom_in", "Zoom in", "map toolbar"),
    ("ui.zoom_out", "Zoom out", "map toolbar"),
    ("ui.zoom_select", "Select zoom", "map toolbar"),
    ("ui.resolve", "Resolve combat", "toolbar button"),
    (
        "ui.resolve_tooltip",
        "Roll for the battle declared with Attack/Defend and report odds, shifts and result",
        "toolbar button",
    ),
    ("ui.clear_combat", "Clear combat", "toolbar button"),
    ("ui.clear_combat_tooltip", "Remove every Attack/Defend mark", "toolbar button"),
    ("ui.victory", "Victory", "toolbar button"),
    (
        "ui.victory_tooltip",
        "Evaluate the victory conditions from the control markers",
        "toolbar button",
    ),
    ("ui.report_move", "{piece} moves {from} → {to}", "chat: a move"),
    ("ui.report_create", "{piece} created in {location}", "chat: a piece placed from the palette"),
    ("ui.report_flip", "{old} flips to {new} in {location}", "chat: a flip"),
    ("ui.report_eliminated", "{old} is eliminated", "chat: an elimination"),
    ("ui.report_control", "{old} → {new}", "chat: a city changes hands"),
    ("ui.report_attacker", "{piece} will attack", "chat: attack mark"),
    ("ui.report_defender", "{piece} in {location} is the defender", "chat: defend mark"),
    (
        "ui.report_combat",
        "Combat: {attackers} vs {defender}: {attack} vs {defence} → {odds}{capped}{shifts} → {final}, roll {roll} → {result} [rule {rule}]",
        "chat: combat result",
    ),
    ("ui.fire", "Fire", "unit menu: fire on a fixed column"),
    ("ui.mode", "Mode", "unit menu: report the unit's mode and its values"),
    ("ui.tally_add", "Add 1 {unit}", "marker menu: add to the count a marker carries"),
    ("ui.tally_spend", "Spend 1 {unit}", "marker menu: take from the count a marker carries"),
    ("ui.report_tally", "{marker}: {count}", "chat: a marker's count after a change"),
    ("ui.tally_split", "Split off 1 {unit}", "marker menu: split part of the count off into a new marker"),
    ("ui.tally_merge", "Merge with the others here", "marker menu: merge the markers of this kind in the stack into this one"),
    ("ui.report_tally_split", "{marker}: 1 {unit} split off, {count} left", "chat: a marker's count after a split"),
    ("ui.report_tally_merge", "{marker}: merged, {count}", "chat: a marker's count after a merge"),
    (
        "ui.report_mode",
        "{unit}: {mode} — strength {strength}, movement {movement}, action rating {action_rating}",
        "chat: a unit's mode and the values it derives",
    ),
    (
        "ui.unknown_cell",
        "unknown (the CRT cell is not in the sources)",
        "chat: combat result of a CRT cell the sources lack",
    ),
    (
        "ui.beyond_column",
        "beyond {column} (a column the sources do not give)",
        "chat: combat report, a column past the last one the sources give",
    ),
    (
        "ui.report_fire",
        "{unit} fires ({fire}): column {column}, {die} roll {roll} → {result}{removed} [rule {rule}]",
        "chat: a unit's fire on a fixed column",
    ),
    ("ui.fire_removed", "; the unit is removed", "chat: fire report, the firing unit is removed"),
    (
        "ui.fire_unknown_cell",
        "unknown (the CRT is not in the sources)",
        "chat: fire report, a CRT cell the sources lack",
    ),
    (
        "ui.report_combat_automatic",
        "Combat: {attackers} vs {defender}: {attack} vs 0 → {result} automatically, no roll [rule {rule}]",
        "chat: combat result of an attack on a defence of 0",
    ),
    ("ui.report_capped", " (capped, rule {rule})", "chat: combat result"),
    ("ui.report_shift", ", {shift} {value}", "chat: combat result, one column shift"),
    ("ui.below_column", "below {column}", "chat: combat odds below the table"),
    (
        "ui.report_overstack",
        "Stacking (rule {rule}): {location} holds {count} units; at most {max} may remain there ({when})",
        "chat: stacking warning",
    ),
    (
        "ui.report_weather_move",
        "{weather} (rule {rule}): {piece} moved more than {max} hex in one move; at most {max} per phase in {weather}",
        "chat: weather movement warning",
    ),
    ("ui.report_victory", "Victory (rule {rule}): {result}", "chat: victory check"),
    (
        "ui.report_points",
        "Victory points for {side} (rule {rule}): {terms} = {total} → {result}.",
        "chat: victory points",
    ),
    ("ui.points_term", "{name} {points}", "chat: victory points, one term"),
    ("ui.points_losses", "losses −{points} (rounded up)", "chat: victory points"),
    (
        "ui.points_condition",
        " The players must still judge: {conditions}.",
        "chat: victory points, what the module cannot compute",
    ),
    ("ui.report_phase", "Turn {turn}: {phase} — {allows}", "chat: phase announcement"),
    (
        "ui.report_phase_skipped",
        "Turn {turn}: {phase} — not played this turn ({why}); go on to the next phase.",
        "chat: announcement of a phase skipped this turn",
    ),
    ("ui.track_turn_value", "{name}: {value}", "turn track box: a value printed for the turn"),
    ("ui.report_turn_value", " {name}: {value}.", "chat: phase announcement of a turn value"),
    ("ui.skip_in_weather", "none in {weather}", "chat: why a phase is skipped"),
    ("ui.skip_before_turn", "first played on turn {turn}", "chat: why a phase is skipped"),
    ("ui.report_replacements", " Replacement steps this turn: {steps}.", "chat: phase announcement"),
    ("ui.report_reinforcement", " Reinforcement: {unit} arrives ({where}).", "chat: phase announcement"),
    ("ui.report_weather", " Weather: {weather}.", "chat: phase announcement"),
    ("ui.turn_box", "Turn {turn}", "turn track box and its location name"),
    ("ui.eliminated_box", "{side} eliminated", "off-map box and its location name"),
    ("ui.track_title", "{game} — Turn Record Track", "turn track board"),
    ("ui.track_replacements", "Replacements: {list}", "turn track box"),
    ("ui.chart_crt", "Combat Results Table", "chart"),
    ("ui.chart_tec", "Terrain Effects Chart", "chart"),
    ("ui.chart_turns", "Turn Record Track", "chart"),
    ("ui.tec_terrain", "Terrain", "terrain effects chart header"),
    ("ui.tec_movement", "Movement", "terrain effects chart header"),
    ("ui.tec_combat", "Combat", "terrain effects chart header"),
    ("ui.tec_notes", "Notes", "terrain effects chart header"),
    ("ui.tec_mp", "{n} MP", "terrain effects chart"),
    ("ui.crt_result", "{code} — {name}: {effect}", "combat results table note"),
    (
        "ui.crt_odds",
        "Odds above {cap} are lowered to it before shifts; below {first} after shifts: {below}.",
        "combat results table note",
    ),
    ("ui.crt_shift", "{shift} column shift: {name}", "combat results table note"),
    ("ui.crt_modifier", "{name}: attack × {n}/{d}", "combat results table note"),
];

/// The entries of a catalog, in the order the module first uses them.
#[derive(Default)]
struct Entries(Vec<Entry>);

impl Entries {
    /// One entry per item: key `<prefix>.<id>`, default text the item's name.
    fn add_each<'a, T: 'a>(
        &mut self,
        prefix: &str,
        items: impl IntoIterator<Item = &'a T>,
        id_and_text: impl Fn(&'a T) -> (&'a str, &'a str),
        used_in: &str,
    ) {
        for item in items {
            let (id, text) = id_and_text(item);
            self.add(format!("{prefix}.{id}"), text, used_in);
        }
    }

    fn add(&mut self, key: String, default: &str, used_in: &str) {
        self.0.push(Entry {
            key,
            default: default.to_string(),
            used_in: used_in.to_string(),
        })
    }
}

/// Every key a game's module uses, with its default text.
pub fn entries(game: &Game) -> Vec<Entry> {
    let mut out = Entries::default();
    let r = &game.rules;
    out.add("game.title".into(), &r.game.title, "module name, map title");
    out.add(
        "game.description".into(),
        &r.game.description,
        "module description",
    );
    unit_entries(&mut out, game);
    hidden_entries(&mut out, game);
    variable_weather_entries(&mut out, game);
    morale_entries(&mut out, game);
    barrage_entries(&mut out, game);
    air_entries(&mut out, game);
    steps_entries(&mut out, game);
    map_entries(&mut out, game);
    sequence_entries(&mut out, game);
    out.add(
        "stacking.when".into(),
        &r.stacking.when,
        "chat: stacking warning",
    );
    combat_entries(&mut out, game);
    for s in &game.scenarios {
        scenario_entries(&mut out, s);
    }
    card_entries(&mut out, game);
    out.add_each(
        "areas",
        &game.map.areas,
        |a| (a.id.as_str(), &a.name),
        "off-map areas (turn track board)",
    );
    for (k, v, w) in UI {
        out.add((*k).to_string(), v, w);
    }
    release_entries(&mut out, game);
    // A key may come twice (a box shared by scenarios): keep the first.
    let mut seen = std::collections::BTreeSet::new();
    let mut out = out.0;
    out.retain(|e| seen.insert(e.key.clone()));
    out
}

/// The fixed phrases of the "What's new" help page, in games with a release history.
fn release_entries(out: &mut Entries, game: &Game) {
    if game.releases.is_none() {
        return;
    }
    let page = "help menu: What's new page";
    for (k, v) in [
        ("ui.whats_new", "What's new"),
        ("ui.release", "Version {version}"),
        ("ui.release_since", "Changes since version {previous}."),
        ("ui.release_none", "Nothing changed for players."),
        ("ui.change_what", "What"),
        ("ui.change_kind", "Change"),
        ("ui.change_before", "Before"),
        ("ui.change_after", "After"),
        ("ui.change_added", "added"),
        ("ui.change_removed", "removed"),
        ("ui.change_changed", "changed"),
    ] {
        out.add(k.into(), v, page);
    }
    for (area, title) in crate::concept::releases::AREAS {
        out.add(format!("ui.changes_{area}"), title, page);
    }
    for release in game.releases.iter().flat_map(|h| &h.releases) {
        for (n, note) in release.notes.iter().enumerate() {
            out.add(release.note_key(n), note, page);
        }
    }
}

/// The counts and declarations a combat reads, and the toolbar buttons that set them, in games that
/// have them.
fn combat_input_entries(out: &mut Entries, game: &Game) {
    let combat = &game.rules.combat;
    out.add_each(
        "counts",
        &combat.counts,
        |c| (c.id.as_str(), &c.name),
        "toolbar buttons and chat: a count column shifts read",
    );
    out.add_each(
        "declarations",
        &combat.declarations,
        |d| (d.id.as_str(), &d.name),
        "toolbar buttons and chat: a declaration column shifts read",
    );
    out.add_each(
        "attack_kinds",
        &combat.attack_kinds,
        |k| (k.id.as_str(), &k.name),
        "toolbar button and chat: a kind of attack (regular combat, overrun)",
    );
    let mut keys = Vec::new();
    if !combat.attack_kinds.is_empty() {
        keys.extend([
            (
                "ui.attack_kind_tooltip",
                "Resolve the next combat as: {name}",
                "toolbar button tooltip: the kind of attack",
            ),
            (
                "ui.report_attack_kind",
                "Next combat: {name}",
                "chat: the kind of attack of the next combat",
            ),
            (
                "ui.report_in_kind",
                "[{kind}] {report}",
                "chat: a combat report led by its kind of attack",
            ),
        ]);
    }
    if combat.surprise.is_some() {
        keys.extend([
            ("ui.surprise_check", "Surprise check", "toolbar button"),
            (
                "ui.surprise_check_tooltip",
                "Roll the surprise check for the battle declared with Attack/Defend",
                "toolbar button tooltip",
            ),
            (
                "ui.report_surprise",
                "Surprise check [{kind}]: {attackers} vs {defender}: roll {roll} {modifier} = {modified} → {outcome} [rule {rule}]",
                "chat: the surprise check",
            ),
            (
                "ui.report_combat_surprise",
                "; surprise check {modified} → {outcome}",
                "chat: combat report, the surprise check made for it",
            ),
            (
                "ui.surprise_attacker",
                "attacker surprise: roll 1d6 for the columns right",
                "chat: surprise check outcome",
            ),
            (
                "ui.surprise_defender",
                "defender surprise: roll 1d6 for the columns left",
                "chat: surprise check outcome",
            ),
            ("ui.surprise_none", "no surprise", "chat: surprise check outcome"),
            (
                "ui.surprise_unknown",
                "unknown (the Surprise table is not in the sources)",
                "chat: surprise check outcome",
            ),
        ]);
    }
    if !combat.strength_modifiers.is_empty() || !combat.defence_bonuses.is_empty() {
        keys.push((
            "ui.report_defence_state",
            "; defence changed by:{modifiers}",
            "chat: combat report, the defender's states that changed its defence",
        ));
    }
    if combat.action_rating.is_some() {
        keys.extend([
            ("ui.use_ar", "Use this unit's AR", "unit menu: pick the unit whose AR its side uses"),
            (
                "ui.report_ar_unit",
                "{piece} gives its side's AR ({ar} in its mode)",
                "chat: a unit picked as its side's AR unit",
            ),
            (
                "ui.report_ar_unit_off",
                "{piece} no longer gives its side's AR",
                "chat: a unit no longer its side's AR unit",
            ),
            (
                "ui.report_ar_units",
                "; AR of the marked units: {attacker} − {defender}; the first step loss of each side goes to its AR unit [rule {rule}]",
                "chat: combat report, the AR difference from the units each side picked",
            ),
            (
                "ui.report_ar_counts",
                "; AR from the toolbar counts (a side marked no AR unit) [rule {rule}]",
                "chat: combat report, the AR difference from the toolbar counts",
            ),
        ]);
    }
    if !combat.counts.is_empty() {
        keys.extend([
            ("ui.count_up", "{name} +1", "toolbar button: raise a count"),
            (
                "ui.count_down",
                "{name} −1",
                "toolbar button: lower a count",
            ),
            (
                "ui.count_tooltip",
                "{name}: the column shifts of the next combat read it",
                "toolbar button tooltip",
            ),
            (
                "ui.report_count",
                "{name}: $newValue$",
                "chat: a count changed",
            ),
        ]);
    }
    if !combat.declarations.is_empty() {
        keys.extend([
            (
                "ui.declare",
                "Declare: {name}",
                "toolbar button: make a declaration",
            ),
            (
                "ui.cancel_declaration",
                "Cancel: {name}",
                "toolbar button: cancel a declaration",
            ),
            (
                "ui.declaration_tooltip",
                "{name}: the column shifts of the next combat read it; cancel it after the combat",
                "toolbar button tooltip",
            ),
            (
                "ui.report_declared",
                "{name}: declared",
                "chat: a declaration made",
            ),
            (
                "ui.report_cancelled",
                "{name}: cancelled",
                "chat: a declaration cancelled",
            ),
        ]);
    }
    for (k, v, w) in keys {
        out.add(k.to_string(), v, w);
    }
}

/// Sides, unit types, faces and units.
/// The Variable weather button and its report, in games with a variable weather table.
fn variable_weather_entries(out: &mut Entries, game: &Game) {
    if game.rules.variable_weather.is_none() {
        return;
    }
    out.add(
        "ui.variable_weather".into(),
        "Variable weather",
        "toolbar button",
    );
    out.add(
        "ui.variable_weather_tooltip".into(),
        "Roll this turn's weather on the variable weather table",
        "toolbar button",
    );
    out.add(
        "ui.report_weather_roll".into(),
        "Variable weather (rule {rule}), turn {turn}: roll {roll} → {weather}",
        "chat: variable weather roll",
    );
}

/// Morale chits: their data texts, the three buttons and their reports, and the surrender check of
/// the Victory report.
fn morale_entries(out: &mut Entries, game: &Game) {
    let Some(m) = &game.rules.morale else {
        return;
    };
    out.add("morale.name".into(), &m.name, "chat: morale chit reports");
    out.add(
        "morale.redraw".into(),
        &m.redraw,
        "chat: morale chit already drawn",
    );
    out.add(
        "morale.result".into(),
        &m.result,
        "chat: victory report, surrender",
    );
    for b in m.boxes() {
        out.add(format!("boxes.{}", crate::slug::slug(b)), b, "off-map box");
    }
    let keys: [(&str, &str, &str); 18] = [
        ("ui.morale_draw", "Draw morale chit", "toolbar button"),
        (
            "ui.morale_draw_tooltip",
            "At setup: draw one chit at random from the cup into its box, face down",
            "toolbar button",
        ),
        (
            "ui.report_morale_drawn",
            "{chit}: one of {chits} drawn at random into {box}, face down (rule {rule}); nobody sees its value",
            "chat: morale chit drawn",
        ),
        (
            "ui.report_morale_already",
            "{chit}: already drawn; the module draws only once. Redraw: {redraw}",
            "chat: morale chit already drawn",
        ),
        ("ui.morale_look", "Look at morale chit", "toolbar button"),
        (
            "ui.morale_look_tooltip",
            "The viewing side's player looks at the drawn chit, if the count allows it: it is shown to that side only",
            "toolbar button",
        ),
        (
            "ui.report_morale_none",
            "{chit}: none drawn yet (Draw morale chit). ",
            "chat: morale chit reports",
        ),
        (
            "ui.report_morale_refused",
            "{chit}: refused: {count} {count_name}; {viewer} may look from {from} on (rule {rule})",
            "chat: morale chit look refused",
        ),
        (
            "ui.report_morale_refused_side",
            "{chit}: refused: only {viewer} may look (rule {rule}); you play {player}",
            "chat: morale chit look refused",
        ),
        (
            "ui.report_morale_shown",
            "{chit}: shown to {viewer} only ({count} {count_name}, rule {rule}): the chit in {box} shows its value to that side",
            "chat: morale chit shown",
        ),
        (
            "ui.report_morale_value_unknown",
            "{chit}: shown to {viewer} only ({count} {count_name}, rule {rule}); the chit values are not in the rules data, so its back shows ?: read the printed counter",
            "chat: morale chit shown",
        ),
        (
            "ui.report_surrender",
            "Surrender (rule {rule}): {count} {count_name} exceed the {chit} value {value}: {side} surrenders: {result}",
            "chat: victory report",
        ),
        (
            "ui.report_no_surrender",
            "No surrender (rule {rule}): {count} {count_name} do not exceed the {chit}. ",
            "chat: victory report",
        ),
        (
            "ui.report_surrender_unknown",
            "Surrender (rule {rule}): {count} {count_name}; the {chit} values are unknown to the module: {side} surrenders if this count exceeds the value on the chit ({result}). ",
            "chat: victory report",
        ),
        ("ui.morale_check", "Morale check", "toolbar button"),
        (
            "ui.morale_check_tooltip",
            "Roll the morale check for the current count",
            "toolbar button",
        ),
        (
            "ui.report_morale_failure",
            "Morale check (rule {check_rule}), {count} {count_name}: roll {roll}: failure: {failure} (at most {max} per game)",
            "chat: morale check",
        ),
        (
            "ui.report_morale_no_effect",
            "Morale check (rule {check_rule}), {count} {count_name}: roll {roll}: no effect",
            "chat: morale check",
        ),
    ];
    for (k, v, w) in keys {
        out.add(k.to_string(), v, w);
    }
    if m.redraw_from.is_some() && m.set_aside.is_some() {
        let redraw = [
            ("ui.morale_redraw", "Redraw morale chit", "toolbar button"),
            (
                "ui.morale_redraw_tooltip",
                "The viewing side demands a new chit: the old one is set aside unseen, a new one is drawn and shown to that side only",
                "toolbar button",
            ),
            (
                "ui.report_morale_redraw_refused",
                "{chit}: redraw refused: {count} {count_name}; {viewer} may demand it from {redraw_from} on",
                "chat: morale chit redraw",
            ),
            (
                "ui.report_morale_redrawn",
                "{chit}: redrawn ({count} {count_name}): the old chit lies in {set_aside}, unseen; a new one in {box} is shown to {viewer} only. The players judge the rest: {redraw}",
                "chat: morale chit redraw",
            ),
        ];
        for (k, v, w) in redraw {
            out.add(k.to_string(), v, w);
        }
    }
    if m.cup.is_some() {
        out.add(
            "ui.report_morale_not_in_cup".into(),
            "{chit}: chit {picked} is not in the cup (drawn before, or set aside): press Draw morale chit again",
            "chat: morale chit drawn",
        );
    }
    if let Some(check) = &m.check {
        out.add(
            "morale.check_when".into(),
            &check.when,
            "chat: morale check",
        );
        out.add(
            "morale.check_failure".into(),
            &check.failure,
            "chat: morale check",
        );
        out.add(
            "ui.report_morale_row_unknown".into(),
            "Morale check (rule {check_rule}), {count} {count_name}: roll {roll}: the table's row for this count is not in the rules data: read the printed table",
            "chat: morale check",
        );
    }
}

/// The Reveal command and its report, in games with untried units.
/// The barrage's kinds, shifts and results, its commands, buttons and chat lines, in games with
/// `[barrage]`.
fn barrage_entries(out: &mut Entries, game: &Game) {
    let Some(b) = &game.rules.barrage else {
        return;
    };
    for k in &b.kinds {
        let id = k.id.as_str();
        out.add(
            format!("barrage_kinds.{id}"),
            &k.name,
            "chat: barrage report",
        );
        out.add(
            format!("barrage_brackets.{id}"),
            &k.bracketed,
            "chat: barrage report, a bracketed result",
        );
    }
    out.add_each(
        "barrage_shifts",
        &b.shifts,
        |s| (s.id.as_str(), s.display_name()),
        "toolbar button and chat: a barrage column shift",
    );
    out.add_each(
        "barrage_results",
        &b.results,
        |r| (r.id.as_str(), &r.effect),
        "chat: barrage report, what a result does",
    );
    let keys = [
        ("ui.barrage", "Barrage", "toolbar button"),
        (
            "ui.barrage_tooltip",
            "Resolve the barrage of the units marked Fire barrage on the unit marked Barrage target",
            "toolbar button tooltip",
        ),
        ("ui.clear_barrage", "Clear barrage", "toolbar button"),
        (
            "ui.clear_barrage_tooltip",
            "Clear the Fire barrage and Barrage target marks",
            "toolbar button tooltip",
        ),
        ("ui.barrage_fire", "Fire barrage", "unit command"),
        ("ui.barrage_target", "Barrage target", "unit command"),
        (
            "ui.report_barrage_firer",
            "{piece} fires a barrage",
            "chat: a unit marked to fire a barrage",
        ),
        (
            "ui.report_barrage_target",
            "{piece} in {location} is the barrage target",
            "chat: the barrage target marked",
        ),
        (
            "ui.barrage_shift_toggle",
            "{name} {shift}",
            "toolbar button: turn a barrage shift on or off",
        ),
        (
            "ui.barrage_shift_tooltip",
            "Barrage column shift {shift}: turn it on or off for the next barrage",
            "toolbar button tooltip",
        ),
        (
            "ui.report_barrage_shift",
            "Barrage shift {name} ({shift}): $newValue$ (1 = applies, 0 = not)",
            "chat: a barrage shift turned on or off",
        ),
        (
            "ui.report_barrage",
            "Barrage [{kind}]: {firers} → {target} in {hex}: strength {total} → {strength}, column {column}{supply}; shifts{shifts} = {shift} → column {final}; {dice} {roll} → {result} [rule {rule}]",
            "chat: barrage report",
        ),
        (
            "ui.report_barrage_mixed",
            "Barrage: {firers} are of more than one kind; one barrage uses one kind [rule {rule}]",
            "chat: barrage report",
        ),
        (
            "ui.report_barrage_no_firer",
            "Barrage: no unit is marked Fire barrage",
            "chat: barrage report",
        ),
        (
            "ui.report_barrage_unknown_strength",
            "Barrage [{kind}]: {firers} → {target} in {hex}: the barrage strength of a firing unit is not in the sources, so its column is unknown; shifts{shifts} = {shift} [rule {rule}]",
            "chat: barrage report",
        ),
        ("ui.barrage_supply", ", supply {tokens}T", "chat: barrage report"),
        (
            "ui.barrage_supply_unknown",
            ", supply unknown (not in the sources)",
            "chat: barrage report",
        ),
        (
            "ui.barrage_supply_free",
            ", no supply",
            "chat: barrage report",
        ),
        (
            "ui.barrage_no_column",
            "none the sources name",
            "chat: barrage report",
        ),
        (
            "ui.barrage_column_unknown",
            "unknown (Barrage Table missing)",
            "chat: barrage report",
        ),
        (
            "ui.barrage_cell_unknown",
            "unknown cell (Barrage Table missing)",
            "chat: barrage report",
        ),
    ];
    for (k, v, w) in keys {
        out.add(k.to_string(), v, w);
    }
}

/// The air kinds, the count and roll buttons and their chat lines, in games with `[air]`.
fn air_entries(out: &mut Entries, game: &Game) {
    let Some(air) = &game.rules.air else {
        return;
    };
    out.add_each(
        "air_kinds",
        &air.kinds,
        |k| (k.id.as_str(), &k.name),
        "rules help: a kind of air unit",
    );
    let count = "toolbar button: a count the air rolls read";
    let mut keys = vec![(
        "ui.report_air_count",
        "{name}: $newValue$",
        "chat: an air count changed",
    )];
    if air.flak.is_some() {
        keys.extend([
            ("ui.air_aa_points", "AA points", count),
            (
                "ui.air_aa_points_tooltip",
                "The AA points affecting the mission (from the Flak/AA chart, which the sources lack)",
                "toolbar button tooltip",
            ),
            ("ui.flak", "Flak", "toolbar button"),
            (
                "ui.flak_tooltip",
                "Roll flak against the mission: the dice plus the AA points",
                "toolbar button tooltip",
            ),
            (
                "ui.report_flak",
                "Flak ({dice}): {roll} + AA points {aa} = {modified} → {outcome} (a hit at {hit_at} or more; the AA points come from the Flak/AA chart, which the sources lack) [rule {rule}]",
                "chat: flak report",
            ),
            ("ui.flak_hit", "hit: the mission loses 1 step", "chat: flak report"),
            ("ui.flak_no_effect", "no effect", "chat: flak report"),
        ]);
    }
    if air.air_combat.is_some() {
        keys.extend([
            ("ui.air_attacker", "Attacker air strength", count),
            (
                "ui.air_attacker_tooltip",
                "The air strength of the attacking air unit in this round of air combat",
                "toolbar button tooltip",
            ),
            ("ui.air_defender", "Defender air strength", count),
            (
                "ui.air_defender_tooltip",
                "The air strength of the defending air unit in this round of air combat",
                "toolbar button tooltip",
            ),
            ("ui.air_combat", "Air combat", "toolbar button"),
            (
                "ui.air_combat_tooltip",
                "Roll air combat: the dice plus the attacker's air strength minus the defender's",
                "toolbar button tooltip",
            ),
            (
                "ui.report_air_combat",
                "Air combat ({dice}): {roll} + attacker {attacker} − defender {defender} = {modified}; the Air Combat Table is missing from the sources, so which unit aborts is unknown{loss} [rule {rule}]",
                "chat: air combat report",
            ),
            (
                "ui.air_combat_loss",
                "; then roll one die: {loss_at} or more → each aborted unit loses 1 step",
                "chat: air combat report",
            ),
            (
                "ui.air_combat_loss_unknown",
                "; whether an aborted unit loses a step is unknown",
                "chat: air combat report",
            ),
        ]);
    }
    for (k, v, w) in keys {
        out.add(k.to_string(), v, w);
    }
}

fn hidden_entries(out: &mut Entries, game: &Game) {
    if game.counters.untried.is_none() {
        return;
    }
    out.add(
        "ui.reveal".into(),
        "Reveal",
        "unit menu: reveal an untried unit",
    );
    out.add(
        "ui.report_reveal".into(),
        "{piece} is revealed in {location}: {values}",
        "chat: an untried unit is revealed",
    );
    if game.counters.untried.iter().any(|u| !u.cups.is_empty()) {
        out.add(
            "ui.return_to_cup".into(),
            "Return to cup",
            "unit menu: a rebuilt untried unit goes back into its cup",
        );
        out.add(
            "ui.report_return".into(),
            "{piece} goes back into {cup}",
            "chat: a unit returns to its cup",
        );
    }
}

/// The replace command and its report, in games with replacement counters.
fn steps_entries(out: &mut Entries, game: &Game) {
    if game.counters.replacements.is_empty() {
        return;
    }
    out.add(
        "ui.replace".into(),
        "Replace with {replacement}",
        "unit menu: swap a unit for its replacement counter",
    );
    out.add(
        "ui.report_replace".into(),
        "{piece} is replaced by {replacement} in {location}",
        "chat: a unit is swapped for its replacement counter",
    );
}

fn unit_entries(out: &mut Entries, game: &Game) {
    let r = &game.rules;
    out.add_each(
        "sides",
        &r.sides,
        |s| (s.id.as_str(), &s.name),
        "side names: roster, palette, boxes",
    );
    out.add_each(
        "types",
        &game.counters.types,
        |t| (t.id.as_str(), &t.name),
        "unit type names",
    );
    for f in &game.counters.counters.faces {
        out.add(
            format!("faces.{}", f.as_str()),
            f.as_str(),
            "counter face names (flipped unit names)",
        );
    }
    for u in &game.counters.units {
        out.add(
            format!("units.{}", u.id.as_str()),
            u.display_name(),
            "unit names",
        );
    }
    for m in &game.counters.markers {
        let id = m.id.as_str();
        out.add(format!("markers.{id}"), &m.name, "marker names (palette)");
        out.add(
            format!("marker_texts.{id}"),
            &m.text,
            "texts printed on markers",
        );
        if let Some(b) = &m.back {
            out.add(
                format!("marker_backs.{id}"),
                &b.name,
                "names of markers' back faces",
            );
            out.add(
                format!("marker_back_texts.{id}"),
                &b.text,
                "texts printed on markers' back faces",
            );
        }
    }
}

/// Terrain, cities, hexside and line features, and the map's name.
fn map_entries(out: &mut Entries, game: &Game) {
    let r = &game.rules;
    for t in &r.terrain {
        let id = t.id.as_str();
        out.add(format!("terrain.{id}"), &t.name, "terrain effects chart");
        out.add(
            format!("terrain_combat.{id}"),
            &t.combat,
            "terrain effects chart",
        );
        out.add(
            format!("terrain_notes.{id}"),
            &t.note,
            "terrain effects chart",
        );
    }
    for c in &r.city_kinds {
        let id = c.id.as_str();
        out.add(format!("city_kinds.{id}"), &c.name, "terrain effects chart");
        out.add(
            format!("city_kind_combat.{id}"),
            &c.combat,
            "terrain effects chart",
        );
        out.add(
            format!("city_kind_notes.{id}"),
            &c.note,
            "terrain effects chart",
        );
    }
    for f in r.hexside_features.iter().chain(&r.line_features) {
        let id = f.id.as_str();
        out.add(format!("features.{id}"), &f.name, "terrain effects chart");
        out.add(
            format!("feature_move.{id}"),
            &f.move_effect,
            "terrain effects chart",
        );
        out.add(
            format!("feature_combat.{id}"),
            &f.combat,
            "terrain effects chart",
        );
    }
    for c in &game.map.cities {
        out.add(
            format!("cities.{}", c.hex.as_str()),
            &c.name,
            "city names on the map, control markers",
        );
    }
    out.add("map.name".into(), &game.map.map.name, "map title");
}

/// Further dice, phases, weather and turn labels.
fn sequence_entries(out: &mut Entries, game: &Game) {
    let r = &game.rules;
    for d in &r.other_dice {
        out.add(
            format!("other_dice.{}", d.id.as_str()),
            &d.name,
            "dice button and its chat report",
        );
        out.add(
            format!("other_dice_used_for.{}", d.id.as_str()),
            &d.used_for,
            "dice button tooltip",
        );
    }
    out.add_each(
        "modes",
        &r.modes,
        |m| (m.id.as_str(), &m.name),
        "mode names: the Mode report",
    );
    out.add_each(
        "turn_values",
        &r.turn_values,
        |v| (v.id.as_str(), &v.name),
        "turn track boxes and phase announcements",
    );
    out.add_each(
        "fire",
        &r.combat.fire,
        |f| (f.id.as_str(), &f.name),
        "fire on a fixed column: its chat report",
    );
    for p in &r.phases {
        out.add(
            format!("phases.{}", p.id.as_str()),
            &p.name,
            "turn tracker, phase announcements",
        );
        out.add(
            format!("phase_allows.{}", p.id.as_str()),
            &p.allows,
            "phase announcements",
        );
    }
    out.add_each(
        "weather",
        &r.weather,
        |w| (w.id.as_str(), &w.name),
        "weather marker, turn track, announcements",
    );
    for (i, label) in r.turns.labels.iter().enumerate() {
        out.add(format!("turn_labels.{}", i + 1), label, "turn track dates");
    }
}

/// The CRT: below-table result, results, shifts and attack modifiers.
fn combat_entries(out: &mut Entries, game: &Game) {
    let r = &game.rules;
    out.add(
        "combat.below_table".into(),
        &r.combat.below_table,
        "chat: combat result, CRT chart",
    );
    for res in &r.combat.results {
        out.add(
            format!("results.{}", res.code.as_str()),
            &res.name,
            "combat results table",
        );
        out.add(
            format!("result_effects.{}", res.code.as_str()),
            &res.effect,
            "combat results table",
        );
    }
    out.add_each(
        "shifts",
        &r.combat.shifts,
        |sh| (sh.id.as_str(), &sh.name),
        "chat: combat result, CRT chart",
    );
    for m in &r.combat.attack_modifiers {
        out.add(format!("modifiers.{}", m.id.as_str()), &m.name, "CRT chart");
    }
    out.add_each(
        "strength_modifiers",
        &r.combat.strength_modifiers,
        |m| (m.id.as_str(), &m.name),
        "chat: combat result, a defender's state that changed its strength",
    );
    out.add_each(
        "defence_bonuses",
        &r.combat.defence_bonuses,
        |b| (b.id.as_str(), &b.name),
        "chat: combat result, a bonus added to the defence",
    );
    combat_input_entries(out, game);
}

/// A scenario: its name, description, off-map boxes, arrivals and victory texts.
fn scenario_entries(out: &mut Entries, s: &ScenarioFile) {
    let id = s.scenario.id.as_str();
    out.add(
        format!("scenarios.{id}"),
        &s.scenario.name,
        "File > New Game > Scenarios",
    );
    out.add(
        format!("scenario_descriptions.{id}"),
        &s.scenario.description,
        "File > New Game > Scenarios",
    );
    for o in &s.off_map {
        out.add(
            format!("boxes.{}", crate::slug::slug(&o.box_name)),
            &o.box_name,
            "off-map box",
        );
    }
    for re in &s.reinforcements {
        out.add(
            format!("arrivals.{}", re.unit.as_str()),
            &re.arrives,
            "chat: phase announcement",
        );
    }
    if let Some(v) = &s.victory {
        victory_entries(out, id, v);
    }
}

/// A scenario's victory conditions and victory point terms.
fn victory_entries(out: &mut Entries, id: &str, v: &Victory) {
    for (i, c) in v.conditions.iter().enumerate() {
        out.add(
            format!("victory.{id}-{}", i + 1),
            &c.result,
            "chat: victory check",
        );
    }
    out.add(
        format!("victory.{id}-otherwise"),
        &v.otherwise,
        "chat: victory check",
    );
    if let Some(vp) = &v.points {
        for (i, t) in vp.terms.iter().enumerate() {
            out.add(
                format!("vp_terms.{id}-{}", i + 1),
                &t.name,
                "chat: victory points",
            );
            if !t.condition.is_empty() {
                let key = format!("vp_conditions.{id}-{}", i + 1);
                out.add(key, &t.condition, "chat: victory points");
            }
        }
        for (i, th) in vp.thresholds.iter().enumerate() {
            out.add(
                format!("vp_results.{id}-{}", i + 1),
                &th.result,
                "chat: victory points",
            );
        }
    }
}

/// Decks, card uses and cards.
fn card_entries(out: &mut Entries, game: &Game) {
    for d in &game.counters.decks {
        out.add(format!("decks.{}", d.side.as_str()), &d.name, "card decks");
    }
    out.add_each(
        "card_uses",
        &game.counters.card_uses,
        |u| (u.id.as_str(), &u.name),
        "card faces",
    );
    for c in &game.counters.cards {
        out.add(
            format!("cards.{}", c.id.as_str()),
            &c.name,
            "card names and faces",
        );
        if !c.restriction.is_empty() {
            out.add(
                format!("card_restrictions.{}", c.id.as_str()),
                &c.restriction,
                "card faces",
            );
        }
    }
}

/// Missing and unused keys, and unknown placeholders, of each catalog.
pub fn check_catalogs(game: &Game, catalogs: &[Catalog]) -> Report {
    let mut report = Report::default();
    let entries = entries(game);
    for c in catalogs {
        for e in &entries {
            if !c.texts.contains_key(&e.key) {
                report.push(
                    Diagnostic::warning(
                        "V0902",
                        format!("the `{}` catalog has no text for `{}`", c.code, e.key),
                    )
                    .at(c.file, 0..0, "in this catalog")
                    .help(format!(
                        "used in: {}; the module shows the default {:?}. `vmodc i18n extract {} {}` lists every key",
                        e.used_in, e.default, game.id, c.code
                    )),
                );
            }
        }
        for (key, span) in &c.key_spans {
            let Some(entry) = entries.iter().find(|e| &e.key == key) else {
                let d = Diagnostic::warning(
                    "V0903",
                    format!("the `{}` catalog has an unused key `{key}`", c.code),
                )
                .at(c.file, span.clone(), "not used by the module");
                report.push(match suggest(key, entries.iter().map(|e| e.key.as_str())) {
                    Some(n) => d.help(format!("did you mean `{n}`?")),
                    None => {
                        d.help("remove it, or check that the id it names still exists in the data")
                    }
                });
                continue;
            };
            let Some(text) = c.texts.get(key) else {
                continue;
            };
            let known = vars(&entry.default);
            for v in vars(text).iter().filter(|v| !known.contains(v)) {
                report.push(
                    Diagnostic::error(
                        "V0904",
                        format!(
                            "`{key}` uses the placeholder {{{v}}}, which this text does not have"
                        ),
                    )
                    .at(c.file, text.span.clone(), "unknown placeholder")
                    .help(format!(
                        "placeholders of this text: {}",
                        known
                            .iter()
                            .map(|k| format!("{{{k}}}"))
                            .collect::<Vec<_>>()
                            .join(" ")
                    )),
                );
            }
        }
    }
    report
}

/// A catalog skeleton for a new language: every key, with the text of `base` (or the default).
pub fn extract(game: &Game, lang: &str, base: Option<&Catalog>) -> String {
    let mut out = format!(
        "# Texts of the {} module in language `{lang}`: translate the values, keep the keys and the\n# {{placeholders}}. Written by `vmodc i18n extract {} {lang}`.\n\n[language]\ncode = {}\nname = {}\n",
        game.rules.game.title.as_str(),
        game.id,
        quote(lang),
        quote(language_name(lang))
    );
    // Group by section (a TOML table may appear only once), keeping the order of first appearance.
    let all = entries(game);
    let section_of = |e: &Entry| e.key.split_once('.').map_or("misc", |(s, _)| s).to_string();
    let mut sections: Vec<String> = Vec::new();
    for e in &all {
        let sec = section_of(e);
        if !sections.contains(&sec) {
            sections.push(sec);
        }
    }
    for sec in sections {
        out.push_str(&format!("\n[{sec}]\n"));
        let mut used_in = "";
        for e in all.iter().filter(|e| section_of(e) == sec) {
            let key = e.key.split_once('.').map_or(e.key.as_str(), |(_, k)| k);
            if e.used_in != used_in {
                used_in = &e.used_in;
                out.push_str(&format!("# {used_in}\n"));
            }
            let text = base
                .and_then(|b| b.texts.get(&e.key))
                .map_or(e.default.clone(), |t| t.value.clone());
            out.push_str(&format!("{} = {}\n", quote_key(key), quote(&text)));
        }
    }
    out
}

/// The name of a language in that language, for the few vmodc knows; the code otherwise.
fn language_name(code: &str) -> &str {
    match code {
        "en" => "English",
        "ja" => "日本語",
        "de" => "Deutsch",
        "fr" => "Français",
        "es" => "Español",
        other => other,
    }
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn quote_key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        k.to_string()
    } else {
        quote(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_split_and_fill() {
        assert_eq!(
            segments("{a} moves {from} → {to}"),
            vec![
                Segment::Var("a".into()),
                Segment::Text(" moves ".into()),
                Segment::Var("from".into()),
                Segment::Text(" → ".into()),
                Segment::Var("to".into())
            ]
        );
        assert_eq!(fill("Turn {turn}", &[("turn", "3")]), "Turn 3");
        assert_eq!(fill("a {b c} {", &[]), "a {b c} {");
    }
}
