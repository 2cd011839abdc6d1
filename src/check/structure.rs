//! Structural checks: ids are unique, references resolve, hexes exist, map geometry is sound.

use super::{duplicates, duplicates_across, Context, Seg};
use crate::diag::Diagnostic;
use crate::model::{parse_value_slots, FileId, HexId, Sp};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn check(cx: &mut Context<'_>) {
    rules(cx);
    counters(cx);
    map(cx);
    scenarios(cx);
}

fn ids<T>(items: &[T], id: impl Fn(&T) -> &Sp<String>) -> Vec<&Sp<String>> {
    items.iter().map(id).collect()
}

fn rules(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    duplicates(cx, f, "side", ids(&r.sides, |s| &s.id));
    duplicates(cx, f, "phase", ids(&r.phases, |s| &s.id));
    duplicates(cx, f, "weather", ids(&r.weather, |s| &s.id));
    duplicates(cx, f, "terrain", ids(&r.terrain, |s| &s.id));
    duplicates(cx, f, "city kind", ids(&r.city_kinds, |s| &s.id));
    duplicates(
        cx,
        f,
        "hexside feature",
        ids(&r.hexside_features, |s| &s.id),
    );
    duplicates(cx, f, "line feature", ids(&r.line_features, |s| &s.id));
    duplicates(cx, f, "combat result", ids(&r.combat.results, |s| &s.code));
    duplicates(cx, f, "column shift", ids(&r.combat.shifts, |s| &s.id));
    duplicates(
        cx,
        f,
        "attack modifier",
        ids(&r.combat.attack_modifiers, |s| &s.id),
    );

    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let where_sides = "[[sides]] of rules/*.toml";
    for s in &r.sides {
        color(cx, f, &s.color);
        color(cx, f, &s.text_color);
    }
    const ANNOUNCEMENTS: [&str; 3] = ["replacements", "reinforcements", "weather"];
    for p in &r.phases {
        if let Some(side) = &p.side {
            cx.reference(f, side, "side", sides.iter().copied(), where_sides);
        }
        for a in &p.announce {
            let known = cx.reference(f, a, "announcement", ANNOUNCEMENTS, "vmodc's turn tracker");
            if known && p.side.is_none() && a.as_str() != "weather" {
                cx.push(
                    Diagnostic::warning(
                        "V0118",
                        format!(
                            "phase `{}` announces {} but belongs to no side",
                            p.id.as_str(),
                            a.as_str()
                        ),
                    )
                    .at(f, a.span.clone(), "announced for nobody")
                    .rule_opt(p.rule.as_deref().map(|s| s.as_str()))
                    .help(format!(
                        "{} are announced for the phase's side; give the phase a `side` or remove the announcement",
                        a.as_str()
                    )),
                );
            }
        }
    }
    if !super::dice_usable(&r.dice) {
        let (key, label) = if r.dice.count == 0 {
            ("count", "no dice")
        } else if r.dice.faces < 2 {
            ("faces", "a die needs two faces or more")
        } else if r.dice.count > 1 {
            ("count", "more than 1000 possible rolls")
        } else {
            ("faces", "more than 1000 possible rolls")
        };
        let span = cx.span_of(f, &[Seg::Key("dice"), Seg::Key(key)], 0..0);
        cx.push(
            Diagnostic::error(
                "V0104",
                "dice need at least one die of at least two faces, and at most 1000 possible rolls",
            )
            .at(f, span, label)
            .rule_opt(r.dice.rule.as_deref().map(|s| s.as_str()))
            .help("write e.g. `[dice] count = 1, faces = 6`"),
        );
    }
    if r.sides.len() < 2 {
        cx.push(
            Diagnostic::error("V0105", "a game needs at least two sides")
                .at(f, r.game.id.span.clone(), "this game")
                .help("add a [[sides]] table per side"),
        );
    }
    if !is_semver(&r.game.version) {
        cx.push(
            Diagnostic::error(
                "V0106",
                format!(
                    "module version `{}` is not MAJOR.MINOR.PATCH",
                    r.game.version.as_str()
                ),
            )
            .at(f, r.game.version.span.clone(), "not semver")
            .help("the VASSAL module library accepts only strict semver versions, e.g. \"1.0.0\""),
        );
    }

    let turns = r.turns.count.value;
    let defaults: Vec<usize> = (0..r.weather.len())
        .filter(|&i| r.weather[i].default)
        .collect();
    if !r.weather.is_empty() && defaults.len() != 1 {
        // Point at the second default, or at the weather list when there is none.
        let span = match defaults.get(1) {
            Some(&i) => cx.span_of(
                f,
                &[Seg::Key("weather"), Seg::Index(i), Seg::Key("default")],
                r.weather[i].id.span.clone(),
            ),
            None => r.weather[0].id.span.clone(),
        };
        cx.push(
            Diagnostic::error(
                "V0107",
                format!(
                    "{} weathers are marked `default = true`; exactly one must be",
                    defaults.len()
                ),
            )
            .at(
                f,
                span,
                if defaults.is_empty() {
                    "no default weather"
                } else {
                    "a second default"
                },
            )
            .rule_opt(r.weather[0].rule.as_deref().map(|s| s.as_str()))
            .help("the default weather covers every turn no other weather lists"),
        );
    }
    let mut weather_of_turn: BTreeMap<u32, &str> = BTreeMap::new();
    for w in &r.weather {
        for t in &w.turns {
            turn_in_range(cx, f, t, turns, "weather turn");
            if let Some(other) = weather_of_turn.insert(t.value, w.id.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0107",
                        format!(
                            "turn {} has two weathers, `{other}` and `{}`",
                            t.value,
                            w.id.as_str()
                        ),
                    )
                    .at(f, t.span.clone(), "listed again here")
                    .rule_opt(w.rule.as_deref().map(|s| s.as_str()))
                    .help("each turn has one weather; remove the turn from one of the lists"),
                );
            }
        }
    }
    if !r.turns.labels.is_empty() && r.turns.labels.len() != turns as usize {
        let span = cx.span_of(
            f,
            &[Seg::Key("turns"), Seg::Key("labels")],
            r.turns.count.span.clone(),
        );
        cx.push(
            Diagnostic::error(
                "V0117",
                format!("{} turn labels for {turns} turns", r.turns.labels.len()),
            )
            .at(f, span, format!("expected {turns} labels"))
            .rule_opt(r.turns.rule.as_deref().map(|s| s.as_str()))
            .help("give one label per turn, in turn order, or none"),
        );
    }
    let weather_ids: Vec<&str> = r.weather.iter().map(|w| w.id.as_str()).collect();
    let phase_ids: Vec<&str> = r.phases.iter().map(|p| p.id.as_str()).collect();
    for limit in &r.movement.weather_limits {
        cx.reference(
            f,
            &limit.weather,
            "weather",
            weather_ids.iter().copied(),
            "[[weather]]",
        );
        for p in &limit.except_phases {
            cx.reference(f, p, "phase", phase_ids.iter().copied(), "[[phases]]");
        }
    }
    let terrain_ids: Vec<&str> = r.terrain.iter().map(|t| t.id.as_str()).collect();
    let city_ids: Vec<&str> = r.city_kinds.iter().map(|t| t.id.as_str()).collect();
    let hexside_ids: Vec<&str> = r.hexside_features.iter().map(|t| t.id.as_str()).collect();
    for s in &r.combat.shifts {
        if let Some(t) = &s.defender_terrain {
            cx.reference(f, t, "terrain", terrain_ids.iter().copied(), "[[terrain]]");
        }
        if let Some(t) = &s.defender_city {
            cx.reference(
                f,
                t,
                "city kind",
                city_ids.iter().copied(),
                "[[city_kinds]]",
            );
        }
        if let Some(t) = &s.defender_side {
            cx.reference(f, t, "side", sides.iter().copied(), where_sides);
        }
        if let Some(t) = &s.all_attackers_across {
            cx.reference(
                f,
                t,
                "hexside feature",
                hexside_ids.iter().copied(),
                "[[hexside_features]]",
            );
        }
    }
    let type_ids: Vec<&str> = g.counters.types.iter().map(|t| t.id.as_str()).collect();
    for (i, m) in r.combat.attack_modifiers.iter().enumerate() {
        if let Some(w) = &m.weather {
            cx.reference(f, w, "weather", weather_ids.iter().copied(), "[[weather]]");
        }
        for t in &m.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                type_ids.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        if m.denominator == 0 {
            let span = cx.span_of(
                f,
                &[
                    Seg::Key("combat"),
                    Seg::Key("attack_modifiers"),
                    Seg::Index(i),
                    Seg::Key("denominator"),
                ],
                m.id.span.clone(),
            );
            cx.push(
                Diagnostic::error("V0108", "attack modifier divides by zero")
                    .at(f, span, "denominator = 0")
                    .rule_opt(m.rule.as_deref().map(|s| s.as_str()))
                    .help("use a denominator of 1 or more"),
            );
        }
    }
    if r.combat.kind.as_str() != "odds" {
        cx.push(
            Diagnostic::error(
                "V0109",
                format!("combat kind `{}` is not supported", r.combat.kind.as_str()),
            )
            .at(f, r.combat.kind.span.clone(), "unknown kind")
            .help("supported: \"odds\" (attack divided by defence, rounded down)"),
        );
    }
    for c in r
        .combat
        .columns
        .iter()
        .chain(std::iter::once(&r.combat.cap))
    {
        if parse_odds(c).is_none() {
            cx.push(
                Diagnostic::error("V0110", format!("`{}` is not an odds column", c.as_str()))
                    .at(f, c.span.clone(), "expected `a:d`")
                    .help("write odds columns as \"3:1\" or \"1:2\""),
            );
        }
    }
}

fn counters(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    let f = cx.counters_file();
    duplicates(cx, f, "unit type", ids(&c.types, |t| &t.id));
    duplicates(cx, f, "unit", ids(&c.units, |u| &u.id));
    duplicates(cx, f, "face", c.counters.faces.iter().collect::<Vec<_>>());
    if c.counters.faces.is_empty() {
        let span = cx.span_of(f, &[Seg::Key("counters"), Seg::Key("faces")], 0..0);
        cx.push(
            Diagnostic::error("V0111", "no counter faces are declared")
                .at(f, span, "empty")
                .help("declare the faces in flip order, e.g. `faces = [\"full\", \"reduced\"]`"),
        );
    }
    // The symbols `render::NatoSymbol::from_name` draws.
    const SYMBOLS: [&str; 8] = [
        "infantry",
        "armor",
        "mechanized",
        "shock",
        "cavalry",
        "artillery",
        "none",
        "marker",
    ];
    for t in &c.types {
        cx.reference(f, &t.symbol, "NATO symbol", SYMBOLS, "vmodc's renderer");
    }
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let types: Vec<&str> = c.types.iter().map(|t| t.id.as_str()).collect();
    let faces = cx.faces.clone();
    let n_values = c.counters.values.len();
    for (i, u) in c.units.iter().enumerate() {
        cx.reference(
            f,
            &u.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        cx.reference(
            f,
            &u.unit_type,
            "unit type",
            types.iter().copied(),
            "[[types]]",
        );
        // A unit type may give its units fewer faces than the counter sheet declares.
        let own_faces = c.faces_of(u);
        for face in &own_faces {
            if !u.faces.contains_key(*face) {
                let span = cx.span_of(
                    f,
                    &[Seg::Key("units"), Seg::Index(i), Seg::Key("faces")],
                    u.id.span.clone(),
                );
                cx.push(
                    Diagnostic::error(
                        "V0112",
                        format!("unit `{}` has no `{face}` face", u.id.as_str()),
                    )
                    .at(f, span, format!("no `{face}` here"))
                    .help(format!(
                        "give every face of the unit's type: faces = {{ {} }}",
                        own_faces
                            .iter()
                            .map(|f| format!("{f} = \"…\""))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                );
            }
        }
        for (face, value) in &u.faces {
            if !faces.contains(&face.as_str()) {
                cx.push(
                    Diagnostic::error("V0113", format!("unknown face `{face}`"))
                        .at(f, value.span.clone(), "not a declared face")
                        .help(format!("declared faces: {}", faces.join(", "))),
                );
            }
            // `?` stands for a printed value the sources do not give (the completeness report lists it).
            match parse_value_slots(value) {
                Some(v) if v.len() == n_values => {}
                _ => cx.push(
                    Diagnostic::error(
                        "V0114",
                        format!(
                            "face value `{}` does not match [counters] values",
                            value.as_str()
                        ),
                    )
                    .at(
                        f,
                        value.span.clone(),
                        format!("expected {n_values} numbers"),
                    )
                    .help(format!(
                        "write the printed values joined by '-' (`?` for one the sources do not give): {}",
                        c.counters.values.join("-")
                    )),
                ),
            }
        }
    }
    for (side, total) in &c.counters.totals {
        if !cx.sides.contains(side.as_str()) {
            cx.push(
                Diagnostic::error("V0102", format!("unknown side `{side}` in totals"))
                    .at(f, total.span.clone(), "no such side")
                    .help(format!("sides: {}", sides.join(", "))),
            );
        }
    }
    if let Some(red) = &c.counters.reduction {
        cx.reference(
            f,
            &red.from_face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
        cx.reference(
            f,
            &red.to_face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
        let values: Vec<&str> = c.counters.values.iter().map(|s| s.as_str()).collect();
        cx.reference(
            f,
            &red.value,
            "value",
            values.iter().copied(),
            "[counters] values",
        );
    }
}

/// Map sheets: each told apart by its prefix and lying in a place of its own.
fn sheets(cx: &mut Context<'_>, grid: &crate::model::Grid, f: FileId) {
    if !grid.sheets.is_empty() && !grid.prefix.is_empty() {
        let span = super::locate(cx.sources, f, &[Seg::Key("grid"), Seg::Key("prefix")])
            .map_or(grid.kind.span.clone(), |(_, v)| v);
        cx.push(
            Diagnostic::error("V0215", "the grid has both a `prefix` and `sheets`")
                .at(f, span, "not used: each sheet has its own prefix")
                .rule_opt(grid.rule.as_deref().map(|s| s.as_str()))
                .help("remove `prefix`; the labels of each sheet begin with that sheet's prefix"),
        );
    }
    for (i, sheet) in grid.sheets.iter().enumerate() {
        let prefix = sheet.prefix.as_str();
        let earlier = grid.sheets[..i]
            .iter()
            .find(|s| s.prefix.as_str() == prefix);
        let problem = if earlier.is_some() {
            Some(format!("two sheets have the prefix `{prefix}`"))
        } else if prefix.starts_with(|c: char| c.is_ascii_digit()) {
            Some(format!("sheet prefix `{prefix}` begins with a digit"))
        } else {
            None
        };
        if let Some(message) = problem {
            cx.push(
                Diagnostic::error("V0215", message)
                    .at(
                        f,
                        sheet.prefix.span.clone(),
                        "labels of this sheet would be ambiguous",
                    )
                    .rule_opt(grid.rule.as_deref().map(|s| s.as_str()))
                    .help(
                        "give each sheet the letter printed in its hex numbers (`A` for `A10.10`)",
                    ),
            );
        }
        let [x, y] = sheet.at.value;
        let taken = grid.sheets[..i]
            .iter()
            .find(|s| s.at.value == sheet.at.value);
        if x < 0 || y < 0 || x > 99 || y > 99 || taken.is_some() {
            let message = match taken {
                Some(t) => format!(
                    "sheets `{}` and `{prefix}` are both at [{x}, {y}]",
                    t.prefix.as_str()
                ),
                None => format!("sheet `{prefix}` is at [{x}, {y}], outside 0 to 99"),
            };
            cx.push(
                Diagnostic::error("V0216", message)
                    .at(f, sheet.at.span.clone(), "sheet position")
                    .rule_opt(grid.rule.as_deref().map(|s| s.as_str()))
                    .help(
                        "give each sheet its own column and row in the play area, [0, 0] top left",
                    ),
            );
        }
    }
}

fn map(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let f = cx.map_file();
    let grid = &m.grid;
    if grid.kind.as_str() != "hex-columns" {
        cx.push(
            Diagnostic::error(
                "V0210",
                format!("grid kind `{}` is not supported", grid.kind.as_str()),
            )
            .at(f, grid.kind.span.clone(), "unknown grid kind")
            .help("supported: \"hex-columns\" (flat-topped hexes in vertical columns)"),
        );
    }
    if !matches!(grid.shifted_columns.as_str(), "even" | "odd") {
        cx.push(
            Diagnostic::error("V0211", "shifted_columns must be \"even\" or \"odd\"")
                .at(f, grid.shifted_columns.span.clone(), "here")
                .help("name the columns drawn half a hex lower than their neighbours"),
        );
    }
    sheets(cx, grid, f);
    // Grid ranges and sizes (V0212-V0214) are checked before anything else, in `check_game`.
    let terrain_ids: Vec<&str> = g.rules.terrain.iter().map(|t| t.id.as_str()).collect();
    // V0307 (terrain effects cover the map) is reported here: an unknown terrain has no effects.
    let tec = "[[terrain]] of rules/*.toml (the terrain effects chart)";
    let tec_rule = m.terrain.rule.as_deref().map(|s| s.as_str());
    let no_effects = |terrain: &str, span: std::ops::Range<usize>, label: String| {
        Diagnostic::error(
            "V0307",
            format!("terrain `{terrain}` is on the map but has no terrain effects"),
        )
        .at(f, span, label)
        .rule_opt(tec_rule)
        .help(
            match crate::diag::suggest(terrain, terrain_ids.iter().copied()) {
                Some(s) => format!("did you mean `{s}`? Otherwise add it to {tec}"),
                None => format!(
                    "add a [[terrain]] entry with id = \"{terrain}\" to rules/{}.toml",
                    g.id
                ),
            },
        )
    };
    if !terrain_ids.contains(&m.terrain.default.as_str()) {
        cx.push(no_effects(
            &m.terrain.default,
            m.terrain.default.span.clone(),
            "the terrain of every unlisted hex".into(),
        ));
    }
    for (terrain, hexes) in &m.terrain.hexes {
        if !terrain_ids.contains(&terrain.as_str()) {
            if let Some(first) = hexes.first() {
                cx.push(no_effects(
                    terrain,
                    first.span.clone(),
                    format!("hexes of `{terrain}` start here"),
                ));
            }
        }
    }
    // In file order, so that the second listing of a hex is the one reported.
    let mut in_order: Vec<(&String, &Sp<String>)> = m
        .terrain
        .hexes
        .iter()
        .flat_map(|(t, hexes)| hexes.iter().map(move |h| (t, h)))
        .collect();
    in_order.sort_by_key(|(_, h)| h.span.start);
    let mut listed: BTreeMap<HexId, (&str, &Sp<String>)> = BTreeMap::new();
    for (terrain, label) in in_order {
        {
            if let Some(h) = cx.hex(f, label, &format!("{terrain} hex")) {
                if let Some((other, first)) = listed.insert(h, (terrain.as_str(), label)) {
                    let line = cx
                        .sources
                        .get(f)
                        .map_or(0, |s| s.line_col(first.span.start).0);
                    let d = if other == terrain.as_str() {
                        Diagnostic::warning(
                            "V0204",
                            format!("hex `{}` is listed twice as {terrain}", label.as_str()),
                        )
                        .at(f, label.span.clone(), "listed again here")
                        .help(format!("it is already listed on line {line}; remove one"))
                    } else {
                        Diagnostic::error(
                            "V0204",
                            format!(
                                "hex `{}` is given two terrains, {other} and {terrain}",
                                label.as_str()
                            ),
                        )
                        .at(f, label.span.clone(), "listed again here")
                        .rule_opt(tec_rule)
                        .help(format!(
                            "a hex has one base terrain; it is also listed as {other} on line {line}"
                        ))
                    };
                    cx.push(d);
                }
            }
        }
    }
    let city_kinds: Vec<&str> = g.rules.city_kinds.iter().map(|t| t.id.as_str()).collect();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let mut city_hexes = BTreeSet::new();
    for c in &m.cities {
        if let Some(h) = cx.hex(f, &c.hex, &format!("city {}", c.name)) {
            if !city_hexes.insert(h) {
                cx.push(
                    Diagnostic::error("V0101", format!("two cities on hex `{}`", c.hex.as_str()))
                        .at(f, c.hex.span.clone(), "second city here")
                        .help("a hex holds at most one city"),
                );
            }
        }
        cx.reference(
            f,
            &c.kind,
            "city kind",
            city_kinds.iter().copied(),
            "[[city_kinds]] of rules/*.toml",
        );
        cx.reference(
            f,
            &c.control,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
    }
    let hexside_ids: Vec<&str> = g
        .rules
        .hexside_features
        .iter()
        .map(|t| t.id.as_str())
        .collect();
    let mut seen_pairs = BTreeSet::new();
    for set in &m.hexsides {
        cx.reference(
            f,
            &set.feature,
            "hexside feature",
            hexside_ids.iter().copied(),
            "[[hexside_features]] of rules/*.toml",
        );
        for pair in &set.pairs {
            let [a, b] = &pair.value;
            let ha = cx.hex(f, a, "hexside");
            let hb = cx.hex(f, b, "hexside");
            if let (Some(ha), Some(hb)) = (ha, hb) {
                if !grid.are_adjacent(ha, hb) {
                    cx.push(
                        Diagnostic::error(
                            "V0203",
                            format!(
                                "{} hexside `{}`–`{}` joins hexes that are not adjacent",
                                set.feature.as_str(),
                                a.as_str(),
                                b.as_str()
                            ),
                        )
                        .at(f, pair.span.clone(), "not neighbours")
                        .rule_opt(set.rule.as_deref().map(|s| s.as_str()))
                        .help(format!(
                            "the neighbours of {} are {}",
                            a.as_str(),
                            neighbour_list(cx, ha)
                        )),
                    );
                } else if !seen_pairs.insert((set.feature.as_str(), ha.min(hb), ha.max(hb))) {
                    cx.push(
                        Diagnostic::warning(
                            "V0207",
                            format!("hexside `{}`–`{}` is listed twice", a.as_str(), b.as_str()),
                        )
                        .at(f, pair.span.clone(), "duplicate")
                        .rule_opt(set.rule.as_deref().map(|s| s.as_str()))
                        .help("remove one of the two entries"),
                    );
                }
            }
        }
    }
    let line_ids: Vec<&str> = g
        .rules
        .line_features
        .iter()
        .map(|t| t.id.as_str())
        .collect();
    for line in &m.lines {
        cx.reference(
            f,
            &line.feature,
            "line feature",
            line_ids.iter().copied(),
            "[[line_features]] of rules/*.toml",
        );
        let mut prev: Option<(HexId, &Sp<String>)> = None;
        for label in &line.path {
            let h = cx.hex(f, label, &format!("{} path", line.name));
            if let (Some((ph, pl)), Some(h)) = (prev, h) {
                if !grid.are_adjacent(ph, h) {
                    cx.push(
                        Diagnostic::error(
                            "V0205",
                            format!(
                                "{} `{}` jumps from `{}` to `{}`, which are not adjacent",
                                line.feature.as_str(),
                                line.name,
                                pl.as_str(),
                                label.as_str()
                            ),
                        )
                        .at(f, label.span.clone(), "not next to the previous hex")
                        .rule_opt(line.rule.as_deref().map(|s| s.as_str()))
                        .help(format!(
                            "a path lists contiguous hexes; the neighbours of {} are {}",
                            pl.as_str(),
                            neighbour_list(cx, ph)
                        )),
                    );
                }
            }
            prev = h.map(|h| (h, label));
        }
        for edge in [&line.from_edge, &line.to_edge].into_iter().flatten() {
            cx.reference(
                f,
                edge,
                "map edge",
                ["N", "S", "E", "W"],
                "the compass (N, S, E, W)",
            );
        }
    }
    for e in &m.edges {
        cx.reference(
            f,
            &e.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        color(cx, f, &e.color);
        for h in &e.hexes {
            cx.hex(f, h, "map edge");
        }
    }
    for s in &m.setup_marks {
        cx.reference(
            f,
            &s.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        cx.reference(
            f,
            &s.symbol,
            "setup symbol",
            ["star", "cross"],
            "vmodc's renderer",
        );
        for h in &s.hexes {
            cx.hex(f, h, "setup mark");
        }
    }
    color(cx, f, &m.style.background);
    let features: Vec<&str> = hexside_ids.iter().chain(line_ids.iter()).copied().collect();
    for (terrain, c) in &m.style.terrain_colors {
        color(cx, f, c);
        if !terrain_ids.contains(&terrain.as_str()) {
            cx.push(
                Diagnostic::warning("V0208", format!("colour for unknown terrain `{terrain}`"))
                    .at(f, c.span.clone(), "unused")
                    .help(format!("terrains: {}", terrain_ids.join(", "))),
            );
        }
    }
    for (feature, c) in &m.style.feature_colors {
        color(cx, f, c);
        if !features.contains(&feature.as_str()) {
            cx.push(
                Diagnostic::warning("V0208", format!("colour for unknown feature `{feature}`"))
                    .at(f, c.span.clone(), "unused")
                    .help(format!("features: {}", features.join(", "))),
            );
        }
    }
    let used: BTreeSet<&str> = cx.terrain_of.values().copied().collect();
    for t in used {
        if !m.style.terrain_colors.contains_key(t) && terrain_ids.contains(&t) {
            // The fix goes into terrain_colors: point there.
            let span = cx.key_span_of(
                f,
                &[Seg::Key("style"), Seg::Key("terrain_colors")],
                m.terrain.default.span.clone(),
            );
            cx.push(
                Diagnostic::error("V0206", format!("terrain `{t}` has no colour"))
                    .at(f, span, format!("no colour for `{t}`"))
                    .help(format!(
                        "the map has {t} hexes; add `{t} = \"#rrggbb\"` to [style] terrain_colors"
                    )),
            );
        }
    }
    for feature in hexside_ids.iter().chain(line_ids.iter()) {
        let used = m.hexsides.iter().any(|h| h.feature.as_str() == *feature)
            || m.lines.iter().any(|l| l.feature.as_str() == *feature);
        if used && !m.style.feature_colors.contains_key(*feature) {
            let span = cx.key_span_of(f, &[Seg::Key("style"), Seg::Key("feature_colors")], 0..0);
            cx.push(
                Diagnostic::warning("V0206", format!("map feature `{feature}` has no colour"))
                    .at(f, span, format!("no colour for `{feature}`"))
                    .help(format!(
                        "the map draws {feature} in black; add `{feature} = \"#rrggbb\"` to [style] feature_colors"
                    )),
            );
        }
    }
}

fn scenarios(cx: &mut Context<'_>) {
    let g = cx.game;
    let scenario_ids: Vec<&Sp<String>> = g.scenarios.iter().map(|s| &s.scenario.id).collect();
    duplicates_across(
        cx,
        "scenario",
        g.scenarios.iter().map(|s| (s.file, &s.scenario.id)),
    );
    let names: Vec<&str> = scenario_ids.iter().map(|s| s.as_str()).collect();
    let unit_ids: Vec<&str> = cx.units.keys().copied().collect();
    let faces = cx.faces.clone();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let phases: Vec<&str> = g.rules.phases.iter().map(|p| p.id.as_str()).collect();
    let turns = g.rules.turns.count.value;
    for s in &g.scenarios {
        let f = s.file;
        if let Some(base) = &s.scenario.based_on {
            if cx.reference(
                f,
                base,
                "scenario",
                names.iter().copied(),
                "scenarios/<game>/*.toml",
            ) && base.as_str() == s.scenario.id.as_str()
            {
                cx.push(
                    Diagnostic::error("V0115", "a scenario cannot be based on itself")
                        .at(f, base.span.clone(), "here")
                        .help("name another scenario, or remove based_on"),
                );
            }
        }
        if let Some(t) = &s.scenario.start_turn {
            turn_in_range(cx, f, t, turns, "start turn");
        }
        if let Some(p) = &s.scenario.start_phase {
            cx.reference(
                f,
                p,
                "phase",
                phases.iter().copied(),
                "[[phases]] of rules/*.toml",
            );
        }
        let mut placed: BTreeMap<&str, &Sp<String>> = BTreeMap::new();
        for p in &s.setup {
            if cx.reference(
                f,
                &p.unit,
                "unit",
                unit_ids.iter().copied(),
                "counters/*.toml",
            ) {
                if let Some(first) = placed.insert(p.unit.as_str(), &p.unit) {
                    let line = cx
                        .sources
                        .get(f)
                        .map_or(0, |s| s.line_col(first.span.start).0);
                    cx.push(
                        Diagnostic::error(
                            "V0103",
                            format!("unit `{}` is set up twice", p.unit.as_str()),
                        )
                        .at(f, p.unit.span.clone(), "placed again here")
                        .help(format!(
                            "it is already placed on line {line}; each counter exists once"
                        )),
                    );
                }
            }
            cx.hex(f, &p.hex, &format!("setup of {}", p.unit.as_str()));
            cx.reference(
                f,
                &p.face,
                "face",
                faces.iter().copied(),
                "[counters] faces",
            );
        }
        for o in &s.off_map {
            cx.reference(
                f,
                &o.unit,
                "unit",
                unit_ids.iter().copied(),
                "counters/*.toml",
            );
            cx.reference(
                f,
                &o.face,
                "face",
                faces.iter().copied(),
                "[counters] faces",
            );
            if let Some(first) = placed.insert(o.unit.as_str(), &o.unit) {
                let line = cx
                    .sources
                    .get(f)
                    .map_or(0, |s| s.line_col(first.span.start).0);
                cx.push(
                    Diagnostic::error(
                        "V0103",
                        format!("unit `{}` is both set up and off the map", o.unit.as_str()),
                    )
                    .at(f, o.unit.span.clone(), "here")
                    .help(format!("it is already placed on line {line}")),
                );
            }
        }
        for r in &s.reinforcements {
            if cx.reference(
                f,
                &r.unit,
                "unit",
                unit_ids.iter().copied(),
                "counters/*.toml",
            ) {
                if let Some(first) = placed.insert(r.unit.as_str(), &r.unit) {
                    let line = cx
                        .sources
                        .get(f)
                        .map_or(0, |s| s.line_col(first.span.start).0);
                    cx.push(
                        Diagnostic::error(
                            "V0103",
                            format!(
                                "unit `{}` arrives as a reinforcement but is already placed",
                                r.unit.as_str()
                            ),
                        )
                        .at(f, r.unit.span.clone(), "arrives here")
                        .rule_opt(r.rule.as_deref().map(|s| s.as_str()))
                        .help(format!(
                            "it is already placed on line {line}; each counter exists once"
                        )),
                    );
                }
            }
            cx.reference(
                f,
                &r.face,
                "face",
                faces.iter().copied(),
                "[counters] faces",
            );
            turn_in_range(cx, f, &r.turn, turns, "reinforcement turn");
        }
        for r in &s.replacements {
            turn_in_range(cx, f, &r.turn, turns, "replacement turn");
            for (side, steps) in &r.steps {
                if !sides.contains(&side.as_str()) {
                    cx.push(
                        Diagnostic::error("V0102", format!("unknown side `{side}`"))
                            .at(f, steps.span.clone(), "no such side")
                            .help(format!("sides: {}", sides.join(", "))),
                    );
                }
            }
        }
        if let Some(v) = &s.victory {
            for c in &v.conditions {
                cx.reference(
                    f,
                    &c.winner,
                    "side",
                    sides.iter().copied(),
                    "[[sides]] of rules/*.toml",
                );
                for h in c.control_all.iter().chain(&c.control_any) {
                    cx.hex(f, h, "victory hex");
                }
            }
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
            .rule_opt(cx.game.rules.turns.rule.as_deref().map(|s| s.as_str()))
            .help("use a turn between 1 and [turns] count of rules/*.toml"),
        );
    }
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

fn neighbour_list(cx: &Context<'_>, h: HexId) -> String {
    let grid = &cx.game.map.grid;
    grid.neighbours(h)
        .iter()
        .filter(|n| cx.hexes.contains(n))
        .map(|n| grid.label(*n))
        .collect::<Vec<_>>()
        .join(", ")
}

fn is_semver(v: &str) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
        })
}

/// `"3:1"` → (3, 1).
pub fn parse_odds(s: &str) -> Option<(u32, u32)> {
    let (a, d) = s.split_once(':')?;
    let a: u32 = a.trim().parse().ok()?;
    let d: u32 = d.trim().parse().ok()?;
    (a > 0 && d > 0).then_some((a, d))
}
