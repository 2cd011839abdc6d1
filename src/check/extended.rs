//! Checks of the optional parts of the data model (model::extended): unit types with their own faces,
//! ZOC modes and branches; derived values; off-grid areas; per-side stacking limits; weather movement
//! modes; conditional column shifts; automatic results and known CRT cells; cards, decks and
//! allotments; designated cities; victory points; unit codes; area setups; the explicit hex list.
//! Each constraint cites the rule the data gives. Codes V07xx; nothing here knows a particular game.

use super::Context;
use crate::concept::combat::odds::Odds;
use crate::concept::map::place::Location;
use crate::concept::stacking::limits as stacking;
use crate::diag::Diagnostic;
use crate::model::{FileId, HexId, Sp};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn check(cx: &mut Context<'_>) {
    unit_types(cx);
    derived_values(cx);
    markers(cx);
    grid(cx);
    areas(cx);
    cities(cx);
    terrain_and_features(cx);
    stacking_limits(cx);
    movement(cx);
    shifts(cx);
    combat(cx);
    cards(cx);
    card_play(cx);
    designations(cx);
    units(cx);
    scenarios(cx);
    victory_points(cx);
}

fn rule_of(rule: &Option<Sp<String>>) -> Option<&str> {
    rule.as_ref().map(|r| r.as_str())
}

fn ids<'a, T>(items: &'a [T], id: impl Fn(&'a T) -> &'a Sp<String>) -> Vec<&'a str> {
    items.iter().map(|t| id(t).as_str()).collect()
}

fn color(cx: &mut Context<'_>, file: FileId, value: &Sp<String>) {
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

fn one_of(cx: &mut Context<'_>, file: FileId, value: &Sp<String>, kind: &str, allowed: &[&str]) {
    cx.reference(
        file,
        value,
        kind,
        allowed.iter().copied(),
        "vmodc's data format",
    );
}

/// Unit types: their own faces are declared faces, their back marker exists, their ZOC mode is known.
fn unit_types(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    let f = cx.counters_file();
    let faces = cx.faces.clone();
    let markers = ids(&c.markers, |m| &m.id);
    for t in &c.types {
        for face in &t.faces {
            cx.reference(f, face, "face", faces.iter().copied(), "[counters] faces");
        }
        let mut seen = BTreeSet::new();
        for face in &t.faces {
            if !seen.insert(face.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0701",
                        format!(
                            "unit type `{}` lists face `{}` twice",
                            t.id.as_str(),
                            face.as_str()
                        ),
                    )
                    .at(f, face.span.clone(), "listed again")
                    .rule_opt(rule_of(&t.rule))
                    .help("list each face once, in flip order"),
                );
            }
        }
        if let Some(back) = &t.back {
            cx.reference(f, back, "marker", markers.iter().copied(), "[[markers]]");
            if t.faces.is_empty() || t.faces.len() >= faces.len() {
                cx.push(
                    Diagnostic::warning(
                        "V0701",
                        format!(
                            "unit type `{}` has a back marker but no free counter side",
                            t.id.as_str()
                        ),
                    )
                    .at(f, back.span.clone(), "back marker")
                    .rule_opt(rule_of(&t.rule))
                    .help("a back marker is printed where a type lacks a face: give the type fewer faces than [counters] faces"),
                );
            }
        }
        if let Some(z) = &t.zoc {
            one_of(cx, f, z, "ZOC mode", &["always", "none", "in_city"]);
        }
        for col in [&t.color, &t.text_color].into_iter().flatten() {
            color(cx, f, col);
        }
    }
}

/// Derived values name declared faces and values; the faces they join are faces of some unit.
fn derived_values(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters.counters;
    let f = cx.counters_file();
    let faces = cx.faces.clone();
    let values: Vec<&str> = c.values.iter().map(String::as_str).collect();
    for d in &c.derived {
        cx.reference(
            f,
            &d.on_face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
        cx.reference(
            f,
            &d.from_face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
        cx.reference(
            f,
            &d.value,
            "value",
            values.iter().copied(),
            "[counters] values",
        );
        if let Some(p) = &d.printed {
            one_of(cx, f, p, "print style", &["parentheses", "none"]);
        }
        if values.contains(&d.name.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V0702",
                    format!(
                        "derived value `{}` is also a printed value",
                        d.name.as_str()
                    ),
                )
                .at(f, d.name.span.clone(), "already in [counters] values")
                .rule_opt(rule_of(&d.rule))
                .help("a derived value is not stored: remove it from values, or rename it"),
            );
        }
    }
}

/// Markers: side and `back_of` type resolve; a `back_of` type names the marker as its back.
fn markers(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    let f = cx.counters_file();
    super::duplicates(cx, f, "marker", c.markers.iter().map(|m| &m.id));
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let types = ids(&c.types, |t| &t.id);
    for m in &c.markers {
        if let Some(s) = &m.side {
            cx.reference(
                f,
                s,
                "side",
                sides.iter().copied(),
                "[[sides]] of rules/*.toml",
            );
        }
        if let Some(t) = &m.back_of {
            if cx.reference(f, t, "unit type", types.iter().copied(), "[[types]]") {
                let names_it = c
                    .unit_type(t)
                    .and_then(|t| t.back.as_ref())
                    .map(|b| b.as_str())
                    == Some(m.id.as_str());
                if !names_it {
                    cx.push(
                        Diagnostic::error(
                            "V0701",
                            format!(
                                "marker `{}` is printed on the back of `{}`, but that type's back is not this marker",
                                m.id.as_str(),
                                t.as_str()
                            ),
                        )
                        .at(f, t.span.clone(), "back_of")
                        .rule_opt(rule_of(&m.rule))
                        .help(format!(
                            "add `back = \"{}\"` to the [[types]] entry `{}`",
                            m.id.as_str(),
                            t.as_str()
                        )),
                    );
                }
            }
        }
    }
}

/// The explicit hex list and the stated adjacencies.
fn grid(cx: &mut Context<'_>) {
    let g = cx.game;
    let grid = &g.map.grid;
    let f = cx.map_file();
    if let Some(geo) = &grid.geometry {
        one_of(cx, f, geo, "grid geometry", &["known", "unknown"]);
    }
    let mut seen = BTreeSet::new();
    for label in &grid.hexes {
        let [c0, c1] = grid.columns.value;
        let Some(h) = grid.parse(label) else {
            cx.push(
                Diagnostic::error(
                    "V0716",
                    format!("`{}` in [grid] hexes is not a hex label", label.as_str()),
                )
                .at(f, label.span.clone(), "not a hex of this grid")
                .rule_opt(rule_of(&grid.rule))
                .help(format!(
                    "labels have {} column digits and {} row digits",
                    grid.column_digits, grid.row_digits
                )),
            );
            continue;
        };
        let [r0, r1] = grid.row_range(h.col);
        if h.col < c0 || h.col > c1 || h.row < r0 || h.row > r1 {
            cx.push(
                Diagnostic::error(
                    "V0716",
                    format!(
                        "hex `{}` lies outside the grid's column and row ranges",
                        label.as_str()
                    ),
                )
                .at(f, label.span.clone(), "outside [grid] columns/rows")
                .rule_opt(rule_of(&grid.rule))
                .help("widen [grid] columns or rows to cover every listed hex"),
            );
        }
        if !seen.insert(h) {
            cx.push(
                Diagnostic::warning("V0716", format!("hex `{}` is listed twice", label.as_str()))
                    .at(f, label.span.clone(), "listed again")
                    .help("remove one of the two entries"),
            );
        }
    }
    for pair in &grid.adjacent {
        let [a, b] = &pair.value;
        let ha = cx.hex(f, a, "adjacent hexes");
        let hb = cx.hex(f, b, "adjacent hexes");
        if let (Some(ha), Some(hb)) = (ha, hb) {
            if grid.geometry_known() && !grid.neighbours(ha).contains(&hb) {
                cx.push(
                    Diagnostic::error(
                        "V0716",
                        format!(
                            "`{}` and `{}` are stated adjacent but the grid's geometry says they are not",
                            a.as_str(),
                            b.as_str()
                        ),
                    )
                    .at(f, pair.span.clone(), "not neighbours on this grid")
                    .rule_opt(rule_of(&grid.rule))
                    .help("fix the pair, or the grid's geometry (shifted_columns, ranges)"),
                );
            }
            if ha == hb {
                cx.push(
                    Diagnostic::error(
                        "V0716",
                        format!("hex `{}` is paired with itself", a.as_str()),
                    )
                    .at(f, pair.span.clone(), "same hex twice")
                    .help("an adjacency joins two different hexes"),
                );
            }
        }
    }
}

/// Off-grid areas: ids unique and unlike hex labels; sides, hexes, areas and features resolve.
fn areas(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let f = cx.map_file();
    super::duplicates(cx, f, "area", m.areas.iter().map(|a| &a.id));
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let area_ids = ids(&m.areas, |a| &a.id);
    let features = ids(&g.rules.hexside_features, |x| &x.id);
    for a in &m.areas {
        if m.grid.parse(&a.id).is_some() {
            cx.push(
                Diagnostic::error(
                    "V0703",
                    format!("area id `{}` reads as a hex label", a.id.as_str()),
                )
                .at(f, a.id.span.clone(), "looks like a hex")
                .rule_opt(rule_of(&a.rule))
                .help("give areas ids that no hex label can take, e.g. letters"),
            );
        }
        if let Some(s) = &a.side {
            cx.reference(
                f,
                s,
                "side",
                sides.iter().copied(),
                "[[sides]] of rules/*.toml",
            );
        }
        let mut adjacent: BTreeSet<HexId> = BTreeSet::new();
        for h in &a.adjacent_hexes {
            if let Some(hex) = cx.hex(f, h, &format!("area {}", a.id.as_str())) {
                adjacent.insert(hex);
            }
        }
        for other in &a.adjacent_areas {
            if cx.reference(f, other, "area", area_ids.iter().copied(), "[[areas]]")
                && other.as_str() == a.id.as_str()
            {
                cx.push(
                    Diagnostic::error("V0703", format!("area `{}` borders itself", a.id.as_str()))
                        .at(f, other.span.clone(), "same area")
                        .help("list the other areas it borders"),
                );
            }
        }
        for set in &a.hexsides {
            cx.reference(
                f,
                &set.feature,
                "hexside feature",
                features.iter().copied(),
                "[[hexside_features]] of rules/*.toml",
            );
            for h in &set.hexes {
                if let Some(hex) = cx.hex(f, h, &format!("area {} hexside", a.id.as_str())) {
                    if !adjacent.contains(&hex) {
                        cx.push(
                            Diagnostic::error(
                                "V0703",
                                format!(
                                    "area `{}` has a {} hexside with `{}`, which it does not border",
                                    a.id.as_str(),
                                    set.feature.as_str(),
                                    h.as_str()
                                ),
                            )
                            .at(f, h.span.clone(), "not in adjacent_hexes")
                            .rule_opt(rule_of(&set.rule).or(rule_of(&a.rule)))
                            .help(format!(
                                "add \"{}\" to the area's adjacent_hexes",
                                h.as_str()
                            )),
                        );
                    }
                }
            }
        }
    }
}

/// Cities: unknown keys are keys of a city; unlocated cities' kinds and neighbours resolve.
fn cities(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let f = cx.map_file();
    let kinds = ids(&g.rules.city_kinds, |k| &k.id);
    for c in &m.cities {
        for key in &c.unknown {
            one_of(cx, f, key, "city key", &["kind", "control"]);
        }
    }
    let mut names: BTreeSet<&str> = m.cities.iter().map(|c| c.name.as_str()).collect();
    for c in &m.unlocated_cities {
        if let Some(k) = &c.kind {
            cx.reference(
                f,
                k,
                "city kind",
                kinds.iter().copied(),
                "[[city_kinds]] of rules/*.toml",
            );
        }
        for h in &c.adjacent_hexes {
            cx.hex(f, h, &format!("city {}", c.name));
        }
        if !names.insert(c.name.as_str()) {
            let span = c
                .adjacent_hexes
                .first()
                .map(|h| h.span.clone())
                .or_else(|| c.source.as_ref().map(|s| s.span.clone()))
                .unwrap_or(0..0);
            cx.push(
                Diagnostic::error("V0717", format!("city `{}` is listed twice", c.name))
                    .at(f, span, "another city has this name")
                    .help("a city is either in [[cities]] (hex known) or in [[unlocated_cities]], once"),
            );
        }
    }
}

/// Terrain stops name branches of unit types; feature blocks are known words.
fn terrain_and_features(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.rules_file();
    let branches: BTreeSet<&str> = g
        .counters
        .types
        .iter()
        .filter_map(|t| t.branch.as_ref().map(|b| b.as_str()))
        .collect();
    for t in &g.rules.terrain {
        for s in &t.stops {
            cx.reference(
                f,
                s,
                "unit branch",
                branches.iter().copied(),
                "`branch` of [[types]] in counters/*.toml",
            );
        }
    }
    for feat in g
        .rules
        .hexside_features
        .iter()
        .chain(&g.rules.line_features)
    {
        for b in &feat.blocks {
            one_of(
                cx,
                f,
                b,
                "blocked thing",
                &["movement", "retreat", "zoc", "supply"],
            );
        }
    }
}

/// Per-side limits resolve and are no looser than `max_units`; every on-map setup keeps them.
fn stacking_limits(cx: &mut Context<'_>) {
    let g = cx.game;
    let st = &g.rules.stacking;
    let f = cx.rules_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for l in &st.limits {
        cx.reference(f, &l.side, "side", sides.iter().copied(), "[[sides]]");
        if !seen.insert(l.side.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V0704",
                    format!("side `{}` has two stacking limits", l.side.as_str()),
                )
                .at(f, l.side.span.clone(), "second limit")
                .rule_opt(rule_of(&l.rule))
                .help("give each side one [[stacking.limits]] entry"),
            );
        }
        if l.max_units.value > st.max_units.value {
            cx.push(
                Diagnostic::error(
                    "V0704",
                    format!(
                        "side `{}` may stack {} units, more than [stacking] max_units = {}",
                        l.side.as_str(),
                        l.max_units.value,
                        st.max_units.value
                    ),
                )
                .at(f, l.max_units.span.clone(), "above max_units")
                .rule_opt(rule_of(&l.rule))
                .help(
                    "max_units is the most any side may stack: raise it to the largest side limit",
                ),
            );
        }
        if let Some(b) = &l.max_per_branch {
            let any_branch = g.counters.types.iter().any(|t| t.branch.is_some());
            if !any_branch {
                cx.push(
                    Diagnostic::error(
                        "V0704",
                        "a per-branch stacking limit, but no unit type has a branch",
                    )
                    .at(f, b.span.clone(), "max_per_branch")
                    .rule_opt(rule_of(&l.rule))
                    .help("give [[types]] in counters/*.toml a `branch`"),
                );
            }
        }
    }
    // Setups: one side's units per hex (the V0301 check covers max_units alone).
    for s in &g.scenarios {
        let eff = g.effective(s);
        if eff.setup.0 != s.file {
            continue;
        }
        let mut stacks: BTreeMap<(HexId, &str), Vec<&Sp<String>>> = BTreeMap::new();
        for p in eff.setup.1 {
            let (Some(hex), Some(unit)) = (g.map.grid.parse(&p.hex), cx.units.get(p.unit.as_str()))
            else {
                continue;
            };
            stacks
                .entry((hex, unit.side.as_str()))
                .or_default()
                .push(&p.unit);
        }
        for ((hex, side), units) in stacks {
            let ids: Vec<&str> = units.iter().map(|u| u.as_str()).collect();
            let limit = stacking::limit_for(st, side);
            let rule = st
                .limits
                .iter()
                .find(|l| l.side.as_str() == side)
                .and_then(|l| rule_of(&l.rule))
                .or(rule_of(&st.rule))
                .map(str::to_string);
            for v in stacking::check_units(g, side, &ids, Location::Hex(hex)) {
                let Some(last) = units.last() else { continue };
                let (message, help) = match v {
                    // Above max_units but within the side's limit-free default: V0301 reports it.
                    stacking::Violation::TooMany { count, max } => {
                        if count > st.max_units.value {
                            continue;
                        }
                        (
                            format!(
                                "hex `{}` holds {count} {side} units at setup; {side} may stack {max}",
                                g.map.grid.label(hex)
                            ),
                            format!("move one of {} to another hex", ids.join(", ")),
                        )
                    }
                    stacking::Violation::TooManyOfBranch { branch, count, max } => (
                        format!(
                            "hex `{}` holds {count} {side} {branch} units at setup; at most {max} of one branch",
                            g.map.grid.label(hex)
                        ),
                        format!(
                            "the limit is {} units, at most {max} of one branch{}",
                            limit.max_units,
                            if st.when.is_empty() { String::new() } else { format!(" ({})", st.when) }
                        ),
                    ),
                };
                cx.push(
                    Diagnostic::error("V0704", message)
                        .at(s.file, last.span.clone(), "over the stacking limit")
                        .rule_opt(rule.as_deref())
                        .help(help),
                );
            }
        }
    }
}

/// Weather movement modes and movement prohibitions.
fn movement(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    for l in &r.movement.weather_limits {
        if let Some(mode) = &l.mode {
            one_of(cx, f, mode, "movement limit mode", &["cap", "set"]);
        }
    }
    let units: Vec<&str> = cx.units.keys().copied().collect();
    let types = ids(&g.counters.types, |t| &t.id);
    let phases = ids(&r.phases, |p| &p.id);
    let turns = r.turns.count.value;
    for p in &r.movement.prohibitions {
        for u in &p.units {
            cx.reference(f, u, "unit", units.iter().copied(), "counters/*.toml");
        }
        for t in &p.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                types.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        for ph in &p.phases {
            cx.reference(f, ph, "phase", phases.iter().copied(), "[[phases]]");
        }
        for t in &p.turns {
            turn_in_range(cx, f, t, turns, "prohibition turn");
        }
        if p.units.is_empty() && p.unit_types.is_empty() {
            let span = p
                .phases
                .first()
                .map(|x| x.span.clone())
                .or_else(|| p.turns.first().map(|t| t.span.clone()))
                .unwrap_or(0..0);
            cx.push(
                Diagnostic::error("V0714", "a movement prohibition names no units")
                    .at(f, span, "for whom?")
                    .rule_opt(rule_of(&p.rule))
                    .help("list `units` or `unit_types`"),
            );
        }
    }
}

fn turn_in_range(cx: &mut Context<'_>, file: FileId, turn: &Sp<u32>, turns: u32, what: &str) {
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
            .rule_opt(rule_of(&cx.game.rules.turns.rule))
            .help("use a turn between 1 and [turns] count of rules/*.toml"),
        );
    }
}

/// The new shift conditions resolve; a shift cannot require and exclude one weather.
fn shifts(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    let types = ids(&g.counters.types, |t| &t.id);
    let weather = ids(&r.weather, |w| &w.id);
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    for s in &r.combat.shifts {
        for t in &s.attacker_types {
            cx.reference(
                f,
                t,
                "unit type",
                types.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        if let Some(side) = &s.attacker_side {
            cx.reference(f, side, "side", sides.iter().copied(), "[[sides]]");
            if s.defender_side
                .as_ref()
                .is_some_and(|d| d.as_str() == side.as_str())
            {
                cx.push(
                    Diagnostic::error(
                        "V0706",
                        format!(
                            "shift `{}` has the same side attacking and defending",
                            s.id.as_str()
                        ),
                    )
                    .at(f, side.span.clone(), "attacker side")
                    .rule_opt(rule_of(&s.rule))
                    .help("a side never attacks itself; fix attacker_side or defender_side"),
                );
            }
        }
        for w in s.weather.iter().chain(&s.not_weather) {
            cx.reference(f, w, "weather", weather.iter().copied(), "[[weather]]");
        }
        for w in &s.weather {
            if s.not_weather.iter().any(|x| x.as_str() == w.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0706",
                        format!(
                            "shift `{}` both needs and excludes weather `{}`",
                            s.id.as_str(),
                            w.as_str()
                        ),
                    )
                    .at(f, w.span.clone(), "in weather and not_weather")
                    .rule_opt(rule_of(&s.rule))
                    .help("remove it from one of the two lists"),
                );
            }
        }
        if s.shift == 0 {
            cx.push(
                Diagnostic::warning(
                    "V0706",
                    format!("shift `{}` shifts no column", s.id.as_str()),
                )
                .at(f, s.id.span.clone(), "shift = 0")
                .rule_opt(rule_of(&s.rule))
                .help("negative shifts favour the defender, positive the attacker"),
            );
        }
    }
}

/// Automatic results and known cells use declared odds, rolls and results, and agree with the table.
fn combat(cx: &mut Context<'_>) {
    let g = cx.game;
    let combat = &g.rules.combat;
    let f = cx.rules_file();
    let rule = rule_of(&combat.rule).map(str::to_string);
    let codes = ids(&combat.results, |r| &r.code);
    let columns = ids(&combat.columns, |c| c);
    let dice = &g.rules.dice;
    let (lo, hi) = (dice.count, dice.count.saturating_mul(dice.faces));
    let last = combat.columns.last().and_then(|c| Odds::parse(c));
    for a in &combat.automatic {
        cx.reference(
            f,
            &a.result,
            "combat result",
            codes.iter().copied(),
            "[[combat.results]]",
        );
        match Odds::parse(&a.at_least) {
            None => cx.push(
                Diagnostic::error(
                    "V0110",
                    format!("`{}` is not an odds column", a.at_least.as_str()),
                )
                .at(f, a.at_least.span.clone(), "expected `a:d`")
                .help("write odds as \"7:1\" or \"1:2\""),
            ),
            Some(o) => {
                if let Some(last) = last {
                    if o.value() <= last.value() && combat.table_known {
                        cx.push(
                            Diagnostic::warning(
                                "V0707",
                                format!(
                                    "automatic result at {} overrides printed CRT columns",
                                    a.at_least.as_str()
                                ),
                            )
                            .at(f, a.at_least.span.clone(), "within the table")
                            .rule_opt(rule_of(&a.rule).or(rule.as_deref()))
                            .help("automatic results normally start beyond the last column"),
                        );
                    }
                }
            }
        }
    }
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
                .rule_opt(rule.as_deref())
                .help("remove `table_known = false`, or move the rows the sources give to [[combat.known_cells]]"),
        );
    }
}

/// Decks and cards: sides, uses, colours, counts against the deck size.
fn cards(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    let f = cx.counters_file();
    super::duplicates(cx, f, "card", c.cards.iter().map(|x| &x.id));
    super::duplicates(cx, f, "card use", c.card_uses.iter().map(|x| &x.id));
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let uses = ids(&c.card_uses, |u| &u.id);
    let mut deck_of: BTreeMap<&str, &crate::model::Deck> = BTreeMap::new();
    for d in &c.decks {
        cx.reference(
            f,
            &d.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        color(cx, f, &d.color);
        color(cx, f, &d.text_color);
        if deck_of.insert(d.side.as_str(), d).is_some() {
            cx.push(
                Diagnostic::error("V0708", format!("side `{}` has two decks", d.side.as_str()))
                    .at(f, d.side.span.clone(), "second deck")
                    .rule_opt(rule_of(&d.rule))
                    .help("give each side one [[decks]] entry"),
            );
        }
    }
    for u in &c.card_uses {
        if u.icon.trim().is_empty() {
            cx.push(
                Diagnostic::error(
                    "V0708",
                    format!("card use `{}` has an empty icon", u.id.as_str()),
                )
                .at(f, u.icon.span.clone(), "nothing to draw")
                .help("give the icon a short text, e.g. \"RAIL\""),
            );
        }
        if let Some(n) = &u.units {
            if n.value == 0 {
                cx.push(
                    Diagnostic::error(
                        "V0708",
                        format!("card use `{}` acts on no unit", u.id.as_str()),
                    )
                    .at(f, n.span.clone(), "units = 0")
                    .help("units is how many units one use acts on"),
                );
            }
        }
    }
    let mut totals: BTreeMap<&str, u32> = BTreeMap::new();
    for card in &c.cards {
        let side_ok = cx.reference(
            f,
            &card.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        if side_ok && !deck_of.contains_key(card.side.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V0708",
                    format!(
                        "card `{}` belongs to side `{}`, which has no deck",
                        card.id.as_str(),
                        card.side.as_str()
                    ),
                )
                .at(
                    f,
                    card.side.span.clone(),
                    "no [[decks]] entry for this side",
                )
                .rule_opt(rule_of(&card.rule))
                .help("add a [[decks]] entry with the side's deck size and card colours"),
            );
        }
        if card.count.value == 0 {
            cx.push(
                Diagnostic::error(
                    "V0708",
                    format!("card `{}` has no copies", card.id.as_str()),
                )
                .at(f, card.count.span.clone(), "count = 0")
                .help("count is the copies in the deck; remove the card if it has none"),
            );
        }
        let total = totals.entry(card.side.as_str()).or_default();
        *total = total.saturating_add(card.count.value);
        for u in card.uses.iter().chain(&card.not_uses) {
            cx.reference(f, u, "card use", uses.iter().copied(), "[[card_uses]]");
        }
        for u in &card.uses {
            if card.not_uses.iter().any(|n| n.as_str() == u.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0708",
                        format!(
                            "card `{}` both has and lacks use `{}`",
                            card.id.as_str(),
                            u.as_str()
                        ),
                    )
                    .at(f, u.span.clone(), "in uses and not_uses")
                    .rule_opt(rule_of(&card.rule))
                    .help("remove it from one of the lists"),
                );
            }
        }
        if card.uses.len() > 3 {
            // Not a rule of every game: a note, so that a designer notices an unusual card.
            cx.push(
                Diagnostic::note(
                    "V0708",
                    format!("card `{}` has {} uses", card.id.as_str(), card.uses.len()),
                )
                .at(f, card.id.span.clone(), "many icons for one card")
                .rule_opt(rule_of(&card.rule)),
            );
        }
    }
    for (side, d) in &deck_of {
        let n = totals.get(side).copied().unwrap_or(0);
        if n > d.size.value {
            cx.push(
                Diagnostic::error(
                    "V0708",
                    format!(
                        "side `{side}` has {n} cards; its deck holds {}",
                        d.size.value
                    ),
                )
                .at(f, d.size.span.clone(), format!("found {n}"))
                .rule_opt(rule_of(&d.rule))
                .help("correct the card counts or the deck size"),
            );
        }
    }
}

/// Card play: a known selection mode; allotments for real sides and turns, within the deck size.
fn card_play(cx: &mut Context<'_>) {
    let g = cx.game;
    let Some(cp) = &g.rules.card_play else { return };
    let f = cx.rules_file();
    one_of(cx, f, &cp.selection, "card selection", &["choose", "draw"]);
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let turns = g.rules.turns.count.value;
    let mut seen: BTreeSet<(&str, u32)> = BTreeSet::new();
    for a in &cp.allotments {
        cx.reference(f, &a.side, "side", sides.iter().copied(), "[[sides]]");
        turn_in_range(cx, f, &a.turn, turns, "allotment turn");
        if !seen.insert((a.side.as_str(), a.turn.value)) {
            cx.push(
                Diagnostic::error(
                    "V0709",
                    format!(
                        "two allotments for `{}` on turn {}",
                        a.side.as_str(),
                        a.turn.value
                    ),
                )
                .at(f, a.turn.span.clone(), "second entry")
                .rule_opt(rule_of(&a.rule).or(rule_of(&cp.rule)))
                .help("one [[card_play.allotments]] entry per side and turn"),
            );
        }
        if let Some(d) = g
            .counters
            .decks
            .iter()
            .find(|d| d.side.as_str() == a.side.as_str())
        {
            if a.cards.value > d.size.value {
                cx.push(
                    Diagnostic::error(
                        "V0709",
                        format!(
                            "`{}` receives {} cards on turn {} but owns {}",
                            a.side.as_str(),
                            a.cards.value,
                            a.turn.value,
                            d.size.value
                        ),
                    )
                    .at(f, a.cards.span.clone(), format!("at most {}", d.size.value))
                    .rule_opt(rule_of(&a.rule).or(rule_of(&cp.rule)))
                    .help("a side chooses its allotment from its own cards"),
                );
            }
        }
    }
    if g.counters.decks.is_empty() {
        cx.push(
            Diagnostic::error(
                "V0709",
                "[card_play] is given but counters/*.toml declares no deck",
            )
            .at(f, cp.selection.span.clone(), "cards of which deck?")
            .rule_opt(rule_of(&cp.rule))
            .help("add [[decks]] and [[cards]] to counters/*.toml"),
        );
    }
}

/// Designated cities: every reference resolves, result changes use declared results.
fn designations(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    super::duplicates(
        cx,
        f,
        "city designation",
        r.city_designations.iter().map(|d| &d.id),
    );
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let phases = ids(&r.phases, |p| &p.id);
    let cards = ids(&g.counters.cards, |c| &c.id);
    let markers = ids(&g.counters.markers, |m| &m.id);
    let kinds = ids(&r.city_kinds, |k| &k.id);
    let codes = ids(&r.combat.results, |c| &c.code);
    for d in &r.city_designations {
        cx.reference(f, &d.side, "side", sides.iter().copied(), "[[sides]]");
        if let Some(p) = &d.phase {
            if cx.reference(f, p, "phase", phases.iter().copied(), "[[phases]]") {
                let phase_side = r
                    .phases
                    .iter()
                    .find(|x| x.id.as_str() == p.as_str())
                    .and_then(|x| x.side.as_ref());
                if phase_side.is_some_and(|s| s.as_str() != d.side.as_str()) {
                    cx.push(
                        Diagnostic::error(
                            "V0710",
                            format!("`{}` is designated in another side's phase", d.name),
                        )
                        .at(f, p.span.clone(), "not a phase of the designating side")
                        .rule_opt(rule_of(&d.rule))
                        .help("name a phase of the side that designates"),
                    );
                }
            }
        }
        if let Some(c) = &d.discard_card {
            if cx.reference(
                f,
                c,
                "card",
                cards.iter().copied(),
                "[[cards]] of counters/*.toml",
            ) {
                let card_side = g
                    .counters
                    .cards
                    .iter()
                    .find(|x| x.id.as_str() == c.as_str())
                    .map(|x| x.side.as_str());
                if card_side != Some(d.side.as_str()) {
                    cx.push(
                        Diagnostic::error(
                            "V0710",
                            format!("`{}` discards a card of another side", d.name),
                        )
                        .at(f, c.span.clone(), "not the designating side's card")
                        .rule_opt(rule_of(&d.rule))
                        .help("a side discards its own cards"),
                    );
                }
            }
        }
        if let Some(m) = &d.marker {
            cx.reference(
                f,
                m,
                "marker",
                markers.iter().copied(),
                "[[markers]] of counters/*.toml",
            );
        }
        if let Some(k) = &d.counts_as {
            cx.reference(f, k, "city kind", kinds.iter().copied(), "[[city_kinds]]");
        }
        if let Some(t) = &d.times {
            if t.value == 0 {
                cx.push(
                    Diagnostic::error("V0710", format!("`{}` may never be designated", d.name))
                        .at(f, t.span.clone(), "times = 0")
                        .rule_opt(rule_of(&d.rule))
                        .help("times is how often a game allows it; leave it out for no limit"),
                );
            }
        }
        for rc in &d.result_changes {
            cx.reference(
                f,
                &rc.from,
                "combat result",
                codes.iter().copied(),
                "[[combat.results]]",
            );
            cx.reference(
                f,
                &rc.to,
                "combat result",
                codes.iter().copied(),
                "[[combat.results]]",
            );
            if let Some(s) = &rc.attacker_side {
                cx.reference(f, s, "side", sides.iter().copied(), "[[sides]]");
                if s.as_str() == d.side.as_str() {
                    cx.push(
                        Diagnostic::warning(
                            "V0710",
                            format!("`{}` changes results of the designating side's own attacks", d.name),
                        )
                        .at(f, s.span.clone(), "attacker side")
                        .rule_opt(rule_of(&d.rule))
                        .help("the city is the designating side's: attacks on it come from the other side"),
                    );
                }
            }
        }
    }
}

/// Unit codes: the home area exists and is the unit's side's; the entry turn is a turn of the game.
fn units(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.counters_file();
    let areas = ids(&g.map.areas, |a| &a.id);
    let turns = g.rules.turns.count.value;
    for u in &g.counters.units {
        if let Some(h) = &u.home_area {
            if cx.reference(
                f,
                h,
                "area",
                areas.iter().copied(),
                "[[areas]] of maps/*.toml",
            ) {
                let area = g.map.areas.iter().find(|a| a.id.as_str() == h.as_str());
                let area_side = area.and_then(|a| a.side.as_ref()).map(|s| s.as_str());
                if area_side.is_some_and(|s| s != u.side.as_str()) {
                    cx.push(
                        Diagnostic::error(
                            "V0712",
                            format!(
                                "{} unit `{}` has home area `{}`, an area of `{}`",
                                u.side.as_str(),
                                u.id.as_str(),
                                h.as_str(),
                                area_side.unwrap_or("")
                            ),
                        )
                        .at(f, h.span.clone(), "another side's area")
                        .rule_opt(area.and_then(|a| rule_of(&a.rule)))
                        .help("area codes name an area of the unit's own side"),
                    );
                }
            }
        }
        if let Some(t) = &u.entry_turn {
            turn_in_range(cx, f, t, turns, "entry turn");
        }
        // Faces of the unit's type: values given for a face the type does not have.
        let own = g.counters.faces_of(u);
        for (face, value) in &u.faces {
            if cx.faces.contains(&face.as_str()) && !own.contains(&face.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0701",
                        format!(
                            "unit `{}` has a `{face}` face, which its type `{}` does not have",
                            u.id.as_str(),
                            u.unit_type.as_str()
                        ),
                    )
                    .at(f, value.span.clone(), "not a face of this type")
                    .help(format!(
                        "faces of `{}`: {}",
                        u.unit_type.as_str(),
                        own.join(", ")
                    )),
                );
            }
        }
    }
}

/// Scenarios: area setups resolve, respect home areas and enemy areas; unplaced units are units;
/// entry codes agree with the schedule.
fn scenarios(cx: &mut Context<'_>) {
    let g = cx.game;
    let unit_ids: Vec<&str> = cx.units.keys().copied().collect();
    let areas = ids(&g.map.areas, |a| &a.id);
    let faces = cx.faces.clone();
    for s in &g.scenarios {
        let f = s.file;
        for o in &s.off_map {
            let Some(area_id) = &o.area else { continue };
            if !cx.reference(
                f,
                area_id,
                "area",
                areas.iter().copied(),
                "[[areas]] of maps/*.toml",
            ) {
                continue;
            }
            let Some(unit) = cx.units.get(o.unit.as_str()).copied() else {
                continue;
            };
            let Some(area) = g
                .map
                .areas
                .iter()
                .find(|a| a.id.as_str() == area_id.as_str())
            else {
                continue;
            };
            if !area.enemy_entry
                && area
                    .side
                    .as_ref()
                    .is_some_and(|s| s.as_str() != unit.side.as_str())
            {
                cx.push(
                    Diagnostic::error(
                        "V0713",
                        format!(
                            "{} unit `{}` starts in `{}`, an area the enemy may not enter",
                            unit.side.as_str(),
                            o.unit.as_str(),
                            area_id.as_str()
                        ),
                    )
                    .at(f, area_id.span.clone(), "enemy area")
                    .rule_opt(rule_of(&area.rule))
                    .help("place the unit in an area of its own side"),
                );
            }
            if area.home_units_only {
                if let Some(home) = &unit.home_area {
                    if home.as_str() != area_id.as_str() {
                        cx.push(
                            Diagnostic::error(
                                "V0713",
                                format!(
                                    "unit `{}` has setup code `{}` but starts in `{}`",
                                    o.unit.as_str(),
                                    home.as_str(),
                                    area_id.as_str()
                                ),
                            )
                            .at(f, area_id.span.clone(), format!("expected `{}`", home.as_str()))
                            .rule_opt(rule_of(&area.rule))
                            .help("units printed with an area code start in, and enter only, that area"),
                        );
                    }
                }
            }
        }
        // Units with a home area that start on a hex.
        for p in &s.setup {
            if let Some(unit) = cx.units.get(p.unit.as_str()).copied() {
                if let Some(home) = &unit.home_area {
                    cx.push(
                        Diagnostic::warning(
                            "V0713",
                            format!(
                                "unit `{}` has setup code `{}` but starts on hex `{}`",
                                p.unit.as_str(),
                                home.as_str(),
                                p.hex.as_str()
                            ),
                        )
                        .at(f, p.hex.span.clone(), "not its setup area")
                        .rule_opt(rule_of(&p.rule))
                        .help(format!(
                            "place it in [[off_map]] with area = \"{}\"",
                            home.as_str()
                        )),
                    );
                }
            }
        }
        // Entry codes and the reinforcement schedule agree.
        for r in &s.reinforcements {
            if let Some(unit) = cx.units.get(r.unit.as_str()).copied() {
                if let Some(t) = &unit.entry_turn {
                    if t.value != r.turn.value {
                        cx.push(
                            Diagnostic::error(
                                "V0713",
                                format!(
                                    "unit `{}` is printed to enter on turn {} but arrives on turn {}",
                                    r.unit.as_str(),
                                    t.value,
                                    r.turn.value
                                ),
                            )
                            .at(f, r.turn.span.clone(), format!("expected {}", t.value))
                            .rule_opt(rule_of(&r.rule))
                            .help("the entry code printed on a counter is its arrival turn"),
                        );
                    }
                }
            }
        }
        let mut placed: BTreeSet<&str> = BTreeSet::new();
        placed.extend(s.setup.iter().map(|p| p.unit.as_str()));
        placed.extend(s.off_map.iter().map(|o| o.unit.as_str()));
        placed.extend(s.reinforcements.iter().map(|r| r.unit.as_str()));
        for u in &s.unplaced {
            if cx.reference(
                f,
                &u.unit,
                "unit",
                unit_ids.iter().copied(),
                "counters/*.toml",
            ) && placed.contains(u.unit.as_str())
            {
                cx.push(
                    Diagnostic::error(
                        "V0713",
                        format!(
                            "unit `{}` is both placed and listed as unplaced",
                            u.unit.as_str()
                        ),
                    )
                    .at(f, u.unit.span.clone(), "already placed")
                    .rule_opt(rule_of(&u.rule))
                    .help("remove the [[unplaced]] entry once the position is known"),
                );
            }
            cx.reference(
                f,
                &u.face,
                "face",
                faces.iter().copied(),
                "[counters] faces",
            );
        }
    }
}

/// Victory points: sides, kinds, types and faces resolve; counts and rounding are known words;
/// thresholds are consistent.
fn victory_points(cx: &mut Context<'_>) {
    let g = cx.game;
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let kinds = ids(&g.rules.city_kinds, |k| &k.id);
    let types = ids(&g.counters.types, |t| &t.id);
    let faces = cx.faces.clone();
    for s in &g.scenarios {
        let f = s.file;
        let Some(v) = &s.victory else { continue };
        let Some(vp) = &v.points else { continue };
        cx.reference(
            f,
            &vp.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        if let Some(r) = &vp.loss_rounding {
            one_of(cx, f, r, "rounding", &["up", "down", "none"]);
        }
        for t in &vp.terms {
            let count_ok = cx.reference(
                f,
                &t.count,
                "thing to count",
                ["cities", "units", "eliminated"],
                "vmodc's data format",
            );
            for k in &t.city_kinds {
                cx.reference(
                    f,
                    k,
                    "city kind",
                    kinds.iter().copied(),
                    "[[city_kinds]] of rules/*.toml",
                );
            }
            if let Some(c) = &t.controlled_by {
                cx.reference(
                    f,
                    c,
                    "side",
                    sides.iter().copied(),
                    "[[sides]] of rules/*.toml",
                );
            }
            for x in &t.sides {
                cx.reference(
                    f,
                    x,
                    "side",
                    sides.iter().copied(),
                    "[[sides]] of rules/*.toml",
                );
            }
            for x in &t.unit_types {
                cx.reference(
                    f,
                    x,
                    "unit type",
                    types.iter().copied(),
                    "[[types]] of counters/*.toml",
                );
            }
            for x in &t.faces {
                cx.reference(f, x, "face", faces.iter().copied(), "[counters] faces");
            }
            let bad = !t.points.is_finite() || t.points < 0.0 || t.per == 0;
            if bad {
                cx.push(
                    Diagnostic::error(
                        "V0711",
                        format!("victory-point term `{}` has no valid rate", t.name),
                    )
                    .at(f, t.count.span.clone(), "points per `per` things")
                    .rule_opt(rule_of(&t.rule).or(rule_of(&vp.rule)))
                    .help("points is a non-negative number (mark losses with loss = true); per is 1 or more"),
                );
            }
            if count_ok {
                let misplaced = match t.count.as_str() {
                    "cities" => !t.unit_types.is_empty() || !t.faces.is_empty(),
                    _ => !t.city_kinds.is_empty() || t.controlled_by.is_some(),
                };
                if misplaced {
                    cx.push(
                        Diagnostic::error(
                            "V0711",
                            format!("victory-point term `{}` mixes city and unit filters", t.name),
                        )
                        .at(f, t.count.span.clone(), "what is counted")
                        .rule_opt(rule_of(&t.rule).or(rule_of(&vp.rule)))
                        .help("cities take city_kinds and controlled_by; units and eliminated take sides, unit_types and faces"),
                    );
                }
            }
        }
        for th in &vp.thresholds {
            cx.reference(
                f,
                &th.winner,
                "side",
                sides.iter().copied(),
                "[[sides]] of rules/*.toml",
            );
            if let (Some(lo), Some(hi)) = (&th.at_least, &th.at_most) {
                if lo.value > hi.value {
                    cx.push(
                        Diagnostic::error("V0711", format!("`{}` can never be reached", th.result))
                            .at(
                                f,
                                lo.span.clone(),
                                format!("at_least {} > at_most {}", lo.value, hi.value),
                            )
                            .rule_opt(rule_of(&vp.rule))
                            .help("swap the bounds"),
                    );
                }
            }
            if th.at_least.is_none() && th.at_most.is_none() {
                cx.push(
                    Diagnostic::error("V0711", format!("threshold `{}` has no bound", th.result))
                        .at(f, th.winner.span.clone(), "at what score?")
                        .rule_opt(rule_of(&vp.rule))
                        .help("give at_least, at_most or both"),
                );
            }
        }
        // Thresholds leave no whole score to two results.
        let ranges: Vec<(i64, i64, &str)> = vp
            .thresholds
            .iter()
            .map(|t| {
                (
                    t.at_least.as_ref().map_or(i64::MIN, |x| x.value),
                    t.at_most.as_ref().map_or(i64::MAX, |x| x.value),
                    t.result.as_str(),
                )
            })
            .collect();
        for (i, a) in ranges.iter().enumerate() {
            for b in &ranges[i + 1..] {
                if a.0.max(b.0) <= a.1.min(b.1) {
                    let span = vp.thresholds[i].winner.span.clone();
                    cx.push(
                        Diagnostic::error(
                            "V0711",
                            format!(
                                "scores from {} give both `{}` and `{}`",
                                a.0.max(b.0),
                                a.2,
                                b.2
                            ),
                        )
                        .at(f, span, "overlapping thresholds")
                        .rule_opt(rule_of(&vp.rule))
                        .help("make the score ranges disjoint"),
                    );
                }
            }
        }
    }
}
