//! Checks of the map: grid geometry and sheets, terrain, cities, hexside and line features, edges,
//! off-grid areas, and what the sources lack of them.

use crate::concept::context::{
    color, duplicates, id_strs, ids, locate, neighbour_list, one_of, Context, Seg,
};
use crate::concept::game::HexId;
use crate::concept::map::grid::{Geometry, GridKind};
use crate::concept::map::{Blocked, CityKey};
use crate::concept::provenance::{rule_of, Component};
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;
use crate::model::{FileId, Sp};
use std::collections::{BTreeMap, BTreeSet};

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    terrain_and_feature_ids_unique(cx);
    grid_layout(cx);
    terrain_on_map(cx);
    city_places(cx);
    hexside_pairs(cx);
    line_paths(cx);
    edges_and_setup_marks(cx);
    map_colours(cx);
    super::line_styles::check(cx);
    grid(cx);
    areas(cx);
    cities(cx);
    terrain_and_features(cx);
    super::bounds::check(cx);
    super::bounds::scan_printable(cx);
    super::area_check::check(cx);
    grid_gaps(cx);
    area_gaps(cx);
    city_gaps(cx);
}

/// Terrain, city kind, hexside and line feature ids are unique.
fn terrain_and_feature_ids_unique(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    duplicates(cx, f, "terrain", ids(&r.terrain, |s| &s.id));
    duplicates(cx, f, "city kind", ids(&r.city_kinds, |s| &s.id));
    duplicates(
        cx,
        f,
        "hexside feature",
        ids(&r.hexside_features, |s| &s.id),
    );
    duplicates(cx, f, "line feature", ids(&r.line_features, |s| &s.id));
}

/// Map sheets: each told apart by its prefix and lying in a place of its own.
fn sheets(cx: &mut Context<'_>, grid: &crate::concept::game::Grid, f: FileId) {
    if !grid.sheets.is_empty() && !grid.prefix.is_empty() {
        let span = locate(cx.sources, f, &[Seg::Key("grid"), Seg::Key("prefix")])
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

/// The grid is of a supported kind, has the keys of its kind (and no other kind's), its shifted
/// columns or rows are named, and its sheets are told apart.
fn grid_layout(cx: &mut Context<'_>) {
    let m = &cx.game.map;
    let f = cx.map_file();
    let grid = &m.grid;
    let kind = GridKind::parse(&grid.kind);
    if kind.is_none() {
        cx.push(
            Diagnostic::error(
                "V0210",
                format!("grid kind `{}` is not supported", grid.kind.as_str()),
            )
            .at(f, grid.kind.span.clone(), "unknown grid kind")
            .help("supported: \"hex-columns\" (flat-topped hexes in vertical columns), \"hex-rows\" (pointy-topped hexes in horizontal rows), \"squares\""),
        );
    }
    for shifted in [&grid.shifted_columns, &grid.shifted_rows].into_iter().flatten() {
        if !matches!(shifted.as_str(), "even" | "odd") {
            cx.push(
                Diagnostic::error("V0211", "shifted columns or rows must be \"even\" or \"odd\"")
                    .at(f, shifted.span.clone(), "here")
                    .help("name the columns drawn half a hex lower (rows half a hex to the right) than their neighbours"),
            );
        }
    }
    if let Some(kind) = kind {
        super::grid_check::kind_keys(cx, kind);
    }
    sheets(cx, grid, f);
    labels_read_as_numbers(cx);
    // Grid ranges and sizes (V0212-V0214) are checked before anything else, in `check_game`.
}

/// Hex labels such as `02.03`: VASSAL's expressions read a property made only of digits and one dot as
/// a number (2.03), so the module's terrain, hexside and location checks would not find the hex.
/// A sheet letter (`A02.03`, as multi-map OCS games print) keeps the label a text.
fn labels_read_as_numbers(cx: &mut Context<'_>) {
    let grid = &cx.game.map.grid;
    let f = cx.map_file();
    let numeric_separator = grid.separator == ".";
    let bare = if grid.sheets.is_empty() {
        grid.prefix.is_empty()
    } else {
        grid.sheets.iter().any(|s| s.prefix.is_empty())
    };
    if numeric_separator && bare {
        let span = cx.span_of(
            f,
            &[Seg::Key("grid"), Seg::Key("separator")],
            grid.kind.span.clone(),
        );
        cx.push(
            Diagnostic::error(
                "V0217",
                "hex labels such as `01.01` are numbers to VASSAL's expressions (1.01)",
            )
            .at(f, span, "a dot between two numbers")
            .help("give the map sheet a letter (`prefix = \"A\"`: `A01.01`), as multi-map games print it"),
        );
    }
}

/// Every terrain on the map, the default included, has terrain effects (V0307), and each hex is given
/// one terrain, once (V0204).
fn terrain_on_map(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let f = cx.map_file();
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
    terrain_hexes_listed_once(cx, tec_rule);
}

/// A hex is listed under one terrain, once: twice under one terrain is a warning, under two an error.
fn terrain_hexes_listed_once(cx: &mut Context<'_>, tec_rule: Option<&str>) {
    let m = &cx.game.map;
    let f = cx.map_file();
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
        let Some(h) = cx.hex(f, label, &format!("{terrain} hex")) else {
            continue;
        };
        let Some((other, first)) = listed.insert(h, (terrain.as_str(), label)) else {
            continue;
        };
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

/// Cities lie on the map, one to a hex, and name a city kind and a controlling side that exist.
fn city_places(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.map_file();
    let city_kinds: Vec<&str> = g.rules.city_kinds.iter().map(|t| t.id.as_str()).collect();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let mut city_hexes = BTreeSet::new();
    for c in &g.map.cities {
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
}

/// Hexside features (rivers…) exist and join adjacent hexes, each pair once.
fn hexside_pairs(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let f = cx.map_file();
    let hexside_ids = id_strs(&g.rules.hexside_features, |t| &t.id);
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
            let (Some(ha), Some(hb)) = (ha, hb) else {
                continue;
            };
            if m.grid.are_adjacent(ha, hb)
                && m.grid.geometry_known()
                && !m.grid.share_a_side(ha, hb)
            {
                cx.push(
                    Diagnostic::error(
                        "V0221",
                        format!(
                            "{} hexside `{}`–`{}` joins squares that touch only at a corner",
                            set.feature.as_str(),
                            a.as_str(),
                            b.as_str()
                        ),
                    )
                    .at(f, pair.span.clone(), "no side between them")
                    .rule_opt(set.rule.as_deref().map(|s| s.as_str()))
                    .help("a hexside feature lies along the side two squares share: pair squares in the same row or column"),
                );
            } else if !m.grid.are_adjacent(ha, hb) {
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

/// Line features (rails, roads) exist, run through contiguous hexes, and leave by compass edges.
fn line_paths(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let f = cx.map_file();
    let line_ids = id_strs(&g.rules.line_features, |t| &t.id);
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
                if !m.grid.are_adjacent(ph, h) {
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
}

/// Map edges and setup marks name sides (and symbols) that exist and hexes on the map.
fn edges_and_setup_marks(cx: &mut Context<'_>) {
    let m = &cx.game.map;
    let f = cx.map_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
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
}

/// Colours are `#rrggbb`, name terrains and features that exist, and cover every terrain and feature
/// the map draws.
fn map_colours(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let f = cx.map_file();
    let terrain_ids = id_strs(&g.rules.terrain, |t| &t.id);
    let hexside_ids = id_strs(&g.rules.hexside_features, |t| &t.id);
    let line_ids = id_strs(&g.rules.line_features, |t| &t.id);
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
    for feature in features {
        let used = m.hexsides.iter().any(|h| h.feature.as_str() == feature)
            || m.lines.iter().any(|l| l.feature.as_str() == feature);
        let own_colour = matches!(m.style.line_style(feature), crate::concept::map::LineStyleOf::Own(s) if s.color.is_some());
        if used && !own_colour && !m.style.feature_colors.contains_key(feature) {
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

/// The explicit hex list and the stated adjacencies.
fn grid(cx: &mut Context<'_>) {
    let g = cx.game;
    let grid = &g.map.grid;
    let f = cx.map_file();
    if let Some(geo) = &grid.geometry {
        one_of(cx, f, geo, "grid geometry", &Geometry::words());
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
    duplicates(cx, f, "area", m.areas.iter().map(|a| &a.id));
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let area_ids = id_strs(&m.areas, |a| &a.id);
    let features = id_strs(&g.rules.hexside_features, |x| &x.id);
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
    let kinds = id_strs(&g.rules.city_kinds, |k| &k.id);
    for c in &m.cities {
        for key in &c.unknown {
            one_of(cx, f, key, "city key", &CityKey::words());
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
            one_of(cx, f, b, "blocked thing", &Blocked::words());
        }
    }
}

/// Unknown grid geometry and unknown terrain.
fn grid_gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let grid = &m.grid;
    let f = m.file;
    if !grid.geometry_known() && !grid.is_areas() {
        let hexes: Vec<String> = grid.hexes().into_iter().map(|h| grid.label(h)).collect();
        let span = grid
            .geometry
            .as_ref()
            .map_or(grid.kind.span.clone(), |x| x.span.clone());
        cx.push(
            Diagnostic::warning(
                "V0809",
                "the hex grid's layout is unknown: orientation, numbering and extent",
            )
            .at(f, span, "geometry = \"unknown\"")
            .rule_opt(rule_of(&grid.rule))
            .to_fill(
                Component::Map,
                [
                    "[grid] geometry = \"known\", columns, rows, shifted_columns, hexes"
                        .to_string(),
                ],
            )
            .help(format!(
                "{} hexes known by number: {}; adjacency known for {} pair{}",
                hexes.len(),
                hexes.join(" "),
                grid.adjacent.len(),
                if grid.adjacent.len() == 1 { "" } else { "s" }
            )),
        );
    }
    let unknown: Vec<&str> = g
        .rules
        .terrain
        .iter()
        .filter(|t| t.unknown)
        .map(|t| t.id.as_str())
        .collect();
    if unknown.is_empty() {
        return;
    }
    let hexes: Vec<String> = cx
        .terrain_of
        .iter()
        .filter(|(_, t)| unknown.contains(t))
        .map(|(h, _)| grid.label(*h))
        .collect();
    if !hexes.is_empty() {
        let span = if unknown.contains(&m.terrain.default.as_str()) {
            m.terrain.default.span.clone()
        } else {
            m.terrain
                .hexes
                .iter()
                .find(|(t, _)| unknown.contains(&t.as_str()))
                .and_then(|(_, l)| l.first())
                .map_or(m.terrain.default.span.clone(), |h| h.span.clone())
        };
        cx.push(
            Diagnostic::warning(
                "V0810",
                format!(
                    "terrain unknown for {} of {} hexes",
                    hexes.len(),
                    cx.terrain_of.len()
                ),
            )
            .at(f, span, "unknown terrain")
            .rule_opt(rule_of(&m.terrain.rule))
            .to_fill(
                Component::Map,
                [format!(
                    "[terrain.hexes]: the real terrain of each hex now `{}`",
                    unknown.join("`, `")
                )],
            )
            .help(format!("hexes: {}", hexes.join(" "))),
        );
    }
}

/// Areas whose adjacent hexes are known only in part.
fn area_gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    for (i, a) in g.map.areas.iter().enumerate() {
        if a.adjacent_known {
            continue;
        }
        let span = cx.span_of(
            g.map.file,
            &[Seg::Key("areas"), Seg::Index(i), Seg::Key("adjacent_known")],
            a.id.span.clone(),
        );
        let known: Vec<&str> = a.adjacent_hexes.iter().map(|h| h.as_str()).collect();
        cx.push(
            Diagnostic::warning(
                "V0811",
                format!(
                    "area `{}` ({}): the hexes it borders are unknown",
                    a.id.as_str(),
                    a.name
                ),
            )
            .at(g.map.file, span, "boundary not in the sources")
            .rule_opt(rule_of(&a.rule))
            .to_fill(
                Component::Map,
                [format!(
                    "[[areas]] id = \"{}\" → adjacent_hexes, adjacent_known = true",
                    a.id.as_str()
                )],
            )
            .help(format!(
                "known: {}",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(" ")
                }
            )),
        );
    }
}

/// Cities without a hex, and city keys the sources do not give.
fn city_gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.map.file;
    for c in &g.map.unlocated_cities {
        let mut known = Vec::new();
        if let Some(k) = &c.kind {
            known.push(format!("kind {}", k.as_str()));
        }
        if !c.adjacent_hexes.is_empty() {
            let hexes: Vec<&str> = c.adjacent_hexes.iter().map(|h| h.as_str()).collect();
            known.push(format!("adjacent to {}", hexes.join(" ")));
        }
        let span = c
            .adjacent_hexes
            .first()
            .map(|h| h.span.clone())
            .or_else(|| c.source.as_ref().map(|s| s.span.clone()))
            .or_else(|| c.rule.as_ref().map(|s| s.span.clone()))
            .unwrap_or(0..0);
        let what = if c.kind.is_none() {
            "hex and kind"
        } else {
            "hex"
        };
        cx.push(
            Diagnostic::warning("V0812", format!("city {}: {what} unknown", c.name))
                .at(f, span, "named in the sources, not placed")
                .rule_opt(rule_of(&c.rule))
                .to_fill(
                    Component::Map,
                    [format!(
                        "[[unlocated_cities]] name = \"{}\" → a [[cities]] entry: hex, kind",
                        c.name
                    )],
                )
                .help(if known.is_empty() {
                    "only its name is known".to_string()
                } else {
                    format!("known: {}", known.join("; "))
                }),
        );
    }
    for c in &g.map.cities {
        for key in &c.unknown {
            let value = match key.as_str() {
                "kind" => c.kind.as_str(),
                "control" => c.control.as_str(),
                _ => continue,
            };
            cx.push(
                Diagnostic::warning(
                    "V0813",
                    format!("city {} ({}): {} unknown", c.name, c.hex.as_str(), key.as_str()),
                )
                .at(f, key.span.clone(), "not in the sources")
                .rule_opt(rule_of(&c.rule))
                .to_fill(
                    Component::Map,
                    [format!(
                        "[[cities]] hex = \"{}\" → {}, then remove it from unknown",
                        c.hex.as_str(),
                        key.as_str()
                    )],
                )
                .help(format!(
                    "the data writes `{value}`, the least the sources support; correct it and remove the key from `unknown`"
                )),
            );
        }
    }
}
