//! Model → render inputs for the map and the charts.

use crate::concept::game::{BuiltinLine, Game, HexId, LineStyleOf};
use crate::concept::plan::{LineKind, Plan, MARKER_SIZE, WEATHER_MARKER_SIZE};
use crate::render::chart::{draw_table, draw_turn_track, TableChart, TurnBox, TurnTrackArt};
use crate::render::map::{
    draw_map, CityArt, Compass, EdgeArt, HexArt, HexsideArt, LineArt, MapArt, MarkSymbol, SetupMark,
};
use crate::render::LineLook;
use crate::render::{encode, Color, Fonts, RenderError};
use tiny_skia::Pixmap;

fn color(s: &str) -> Result<Color, RenderError> {
    Color::parse(s)
}

/// The hexes of `sheet` among `labels`.
fn hexes(game: &Game, sheet: u16, labels: &[crate::model::Sp<String>]) -> Vec<HexId> {
    labels
        .iter()
        .filter_map(|l| game.map.grid.parse(l))
        .filter(|h| h.sheet == sheet)
        .collect()
}

/// The board image of one map sheet: its hexes and whatever lies on them (a line or edge that
/// continues on another sheet is drawn on each sheet only as far as it lies there).
pub fn render(game: &Game, plan: &Plan, sheet: u16, fonts: &Fonts) -> Result<Vec<u8>, RenderError> {
    encode(draw(game, plan, sheet, fonts)?)
}

/// [`render`] as pixels.
pub fn draw(game: &Game, plan: &Plan, sheet: u16, fonts: &Fonts) -> Result<Pixmap, RenderError> {
    match hex_map_art(game, plan, sheet, fonts)? {
        Some(art) => draw_map(&art),
        None => super::area_art::draw(game, plan, fonts),
    }
}

/// Everything the board of `sheet` draws, as the renderer takes it; `None` for a map of areas,
/// which is drawn otherwise.
pub fn hex_map_art(
    game: &Game,
    plan: &Plan,
    sheet: u16,
    fonts: &Fonts,
) -> Result<Option<MapArt>, RenderError> {
    if game.map.grid.is_areas() {
        return Ok(None);
    }
    let m = &game.map;
    let grid = &m.grid;
    let mut art = MapArt::new(plan.layout, color(&m.style.background)?);
    art.fonts = fonts.clone();
    art.start_piece_size = game.counters.counters.size.max(MARKER_SIZE) as f32;
    art.title = plan.tx.get("map.name");
    if !game.rules.weather.is_empty() && sheet == 0 {
        // The weather marker starts at the top right of the first sheet (plan.weather_point).
        art.title_reserve_right = (WEATHER_MARKER_SIZE + 8) as f32;
    }
    if !grid.sheets.is_empty() {
        art.title = format!("{} {}", art.title, grid.sheet_prefix(sheet));
    }
    if !game.map.grid.geometry_known() {
        art.title = plan.tx.fill("ui.map_art_unknown", &[("map", &art.title)]);
    }
    hex_art(game, sheet, &mut art)?;
    feature_art(game, sheet, &mut art)?;
    place_art(game, plan, sheet, &mut art)?;
    Ok(Some(art))
}

/// The sheet's hexes, filled with their terrain's colour.
fn hex_art(game: &Game, sheet: u16, art: &mut MapArt) -> Result<(), RenderError> {
    let m = &game.map;
    let grid = &m.grid;
    let mut terrain: std::collections::BTreeMap<HexId, &str> = std::collections::BTreeMap::new();
    for (t, list) in &m.terrain.hexes {
        for h in hexes(game, sheet, list) {
            terrain.insert(h, t);
        }
    }
    for h in grid.hexes().into_iter().filter(|h| h.sheet == sheet) {
        let t = terrain
            .get(&h)
            .copied()
            .unwrap_or(m.terrain.default.as_str());
        let fill = match m.style.terrain_colors.get(t) {
            Some(c) => color(c)?,
            None => Color::WHITE,
        };
        art.hexes.push(HexArt {
            hex: h,
            label: grid.label(h),
            fill,
        });
    }
    if !grid.geometry_known() {
        // The printed map's art is in no source: number the rest of the sheet as VASSAL's grid
        // does, so that a player who owns the map finds each hex by its number.
        let drawn: std::collections::BTreeSet<HexId> = art.hexes.iter().map(|h| h.hex).collect();
        let aid = grid.drawn_hexes().into_iter();
        art.numbering_aid = aid
            .filter(|h| h.sheet == sheet && !drawn.contains(h))
            .map(|hex| HexArt {
                hex,
                label: grid.label(hex),
                fill: art.background,
            })
            .collect();
    }
    Ok(())
}

/// Hexside features (rivers) and line features (railroads) on the sheet.
fn feature_art(game: &Game, sheet: u16, art: &mut MapArt) -> Result<(), RenderError> {
    let m = &game.map;
    let grid = &m.grid;
    let feature_color = |id: &str| -> Result<Color, RenderError> {
        match m.style.feature_colors.get(id) {
            Some(c) => color(c),
            None => Ok(Color::BLACK),
        }
    };
    for set in &m.hexsides {
        let c = feature_color(&set.feature)?;
        for pair in &set.pairs {
            let [a, b] = &pair.value;
            if let (Some(a), Some(b)) = (grid.parse(a), grid.parse(b)) {
                if a.sheet != sheet || b.sheet != sheet {
                    continue;
                }
                art.hexsides.push(HexsideArt { a, b, color: c });
            }
        }
    }
    for line in &m.lines {
        let edge =
            |e: &Option<crate::model::Sp<String>>| e.as_ref().and_then(|e| Compass::from_name(e));
        art.lines.push(LineArt {
            hexes: hexes(game, sheet, &line.path),
            look: line_look(game, &line.feature, game.map.style.hex_height as f32)?,
            from_edge: edge(&line.from_edge),
            to_edge: edge(&line.to_edge),
        });
    }
    Ok(())
}

/// How the lines of `feature` look on a map of hex height `dy` (in pixels): its style
/// (`[style] feature_styles`, a built-in or the designer's own) in its colour. A designer's sizes are
/// pixels at the map's hex height, scaled with `dy`.
pub fn line_look(game: &Game, feature: &str, dy: f32) -> Result<LineLook, RenderError> {
    let style = &game.map.style;
    let feature_color = match style.feature_colors.get(feature) {
        Some(c) => color(c)?,
        None => Color::BLACK,
    };
    Ok(match style.line_style(feature) {
        LineStyleOf::Builtin(BuiltinLine::Rail) => LineLook::rail(feature_color, dy),
        LineStyleOf::Builtin(BuiltinLine::Road) => LineLook::road(feature_color, dy),
        LineStyleOf::Builtin(BuiltinLine::Track) => LineLook::track(feature_color, dy),
        LineStyleOf::Own(own) => {
            let scale = dy / style.hex_height.max(1) as f32;
            let px = |v: f64| v as f32 * scale;
            let casing = match &own.casing {
                Some(c) => Some((
                    color(c)?,
                    px(own.casing_width.as_ref().map_or(1.0, |w| w.value)),
                )),
                None => None,
            };
            LineLook {
                color: match &own.color {
                    Some(c) => color(c)?,
                    None => feature_color,
                },
                width: px(own.width.value),
                dash: own
                    .dash
                    .as_ref()
                    .map(|d| d.value.iter().map(|v| px(*v)).collect())
                    .unwrap_or_default(),
                casing,
                // A designer's ties are a railway's, at the line's width.
                ties: own
                    .ties
                    .then(|| {
                        let rail = LineLook::rail(Color::BLACK, dy).ties;
                        rail.map(|t| crate::render::line_look::Ties {
                            width: t.width.max(px(own.width.value) * 0.6),
                            ..t
                        })
                    })
                    .flatten(),
            }
        }
    })
}

/// Cities, map edges and setup marks on the sheet.
fn place_art(game: &Game, plan: &Plan, sheet: u16, art: &mut MapArt) -> Result<(), RenderError> {
    let m = &game.map;
    let grid = &m.grid;
    let major_kinds: Vec<&str> = game
        .rules
        .city_kinds
        .iter()
        .filter(|k| k.major)
        .map(|k| k.id.as_str())
        .collect();
    for c in &m.cities {
        if let Some(h) = grid.parse(&c.hex).filter(|h| h.sheet == sheet) {
            art.cities.push(CityArt {
                hex: h,
                name: plan.tx.get(&format!("cities.{}", c.hex.as_str())),
                major: major_kinds.contains(&c.kind.as_str()),
                color: Color::BLACK,
            });
        }
    }
    for e in &m.edges {
        art.edges.push(EdgeArt {
            hexes: hexes(game, sheet, &e.hexes),
            color: color(&e.color)?,
            facing: None,
        });
    }
    for s in &m.setup_marks {
        let c = match m.edges.iter().find(|e| e.side.as_str() == s.side.as_str()) {
            Some(e) => color(&e.color)?,
            None => Color::BLACK,
        };
        let Some(symbol) = MarkSymbol::from_name(&s.symbol) else {
            continue;
        };
        for h in hexes(game, sheet, &s.hexes) {
            art.setup_marks.push(SetupMark {
                hex: h,
                symbol,
                color: c,
            });
        }
    }
    Ok(())
}

/// Chart `i` of the plan: 0 = CRT, 1 = terrain effects, 2 = turn record.
pub fn chart(game: &Game, plan: &Plan, i: usize, fonts: &Fonts) -> Result<Vec<u8>, RenderError> {
    encode(draw_chart(game, plan, i, fonts)?)
}

/// [`chart`] as pixels.
pub fn draw_chart(
    game: &Game,
    plan: &Plan,
    i: usize,
    fonts: &Fonts,
) -> Result<Pixmap, RenderError> {
    let title = plan
        .charts
        .get(i)
        .map(|c| c.title.clone())
        .unwrap_or_default();
    match i {
        0 => crt_chart(game, plan, title, fonts),
        1 => terrain_effects_chart(game, plan, title, fonts),
        _ => turn_track_chart(game, plan, title, fonts),
    }
}

/// The combat results table, its results, odds limits, shifts and modifiers in notes under it.
fn crt_chart(
    game: &Game,
    plan: &Plan,
    title: String,
    fonts: &Fonts,
) -> Result<Pixmap, RenderError> {
    let rules = &game.rules;
    let combat = &rules.combat;
    let mut header = vec![format!("{}d{}", rules.dice.count, rules.dice.faces)];
    header.extend(combat.columns.iter().map(|c| c.value.clone()));
    let rows = combat
        .table
        .iter()
        .map(|(roll, row)| {
            let mut r = vec![roll.clone()];
            r.extend(row.iter().map(|c| c.value.clone()));
            r
        })
        .collect();
    let tx = &plan.tx;
    let mut notes: Vec<String> = combat
        .results
        .iter()
        .map(|r| {
            let code = r.code.as_str();
            tx.fill(
                "ui.crt_result",
                &[
                    ("code", code),
                    ("name", &tx.get(&format!("results.{code}"))),
                    ("effect", &tx.get(&format!("result_effects.{code}"))),
                ],
            )
        })
        .collect();
    let first = combat.columns.first().map_or("", |c| c.as_str());
    // The note ends the sentence itself: a designer's text that ends one would print it twice.
    let below = tx.get("combat.below_table");
    let below = below.trim_end_matches(['.', '。']);
    notes.push(match combat.cap.as_ref().filter(|_| combat.cap_known) {
        Some(cap) => tx.fill(
            "ui.crt_odds",
            &[("cap", cap.as_str()), ("first", first), ("below", below)],
        ),
        // No cap (OCS 9.7a): odds between two columns are read on the lower one.
        None => tx.fill(
            "ui.crt_odds_uncapped",
            &[("first", first), ("below", below)],
        ),
    });
    for s in &combat.shifts {
        let columns = match crate::concept::combat::shifts::column_range(s, combat) {
            Some((lo, hi)) if lo != hi => format!("{lo}…{hi}"),
            Some((n, _)) => n.to_string(),
            None => s.shift.to_string(),
        };
        notes.push(tx.fill(
            "ui.crt_shift",
            &[
                ("shift", &columns),
                ("name", &tx.get(&format!("shifts.{}", s.id.as_str()))),
            ],
        ));
    }
    for m in &combat.attack_modifiers {
        notes.push(tx.fill(
            "ui.crt_modifier",
            &[
                ("name", &tx.get(&format!("modifiers.{}", m.id.as_str()))),
                ("n", &m.numerator.to_string()),
                ("d", &m.denominator.to_string()),
            ],
        ));
    }
    draw_table(&TableChart {
        title,
        header,
        rows,
        notes,
        max_column_width: Some(420.0),
        fonts: fonts.clone(),
        ..TableChart::default()
    })
}

/// The terrain effects chart: terrain, city kinds, hexside and line features.
fn terrain_effects_chart(
    game: &Game,
    plan: &Plan,
    title: String,
    fonts: &Fonts,
) -> Result<Pixmap, RenderError> {
    let rules = &game.rules;
    let tx = &plan.tx;
    let header = vec![
        tx.get("ui.tec_terrain"),
        tx.get("ui.tec_movement"),
        tx.get("ui.tec_combat"),
        tx.get("ui.tec_notes"),
    ];
    let mut rows: Vec<Vec<String>> = rules
        .terrain
        .iter()
        .map(|t| {
            let id = t.id.as_str();
            vec![
                tx.get(&format!("terrain.{id}")),
                tx.fill("ui.tec_mp", &[("n", &t.move_cost_text())]),
                tx.get(&format!("terrain_combat.{id}")),
                tx.get(&format!("terrain_notes.{id}")),
            ]
        })
        .collect();
    rows.extend(rules.city_kinds.iter().map(|c| {
        let id = c.id.as_str();
        vec![
            tx.get(&format!("city_kinds.{id}")),
            String::new(),
            tx.get(&format!("city_kind_combat.{id}")),
            tx.get(&format!("city_kind_notes.{id}")),
        ]
    }));
    rows.extend(
        rules
            .hexside_features
            .iter()
            .chain(&rules.line_features)
            .map(|f| {
                let id = f.id.as_str();
                // A line's own rate leads its movement cell: `½ MP; …` (a road).
                let effect = tx.get(&format!("feature_move.{id}"));
                let movement = match f.move_cost_text() {
                    Some(cost) => {
                        let rate = tx.fill("ui.tec_mp", &[("n", &cost)]);
                        if effect.is_empty() {
                            rate
                        } else {
                            format!("{rate}; {effect}")
                        }
                    }
                    None => effect,
                };
                vec![
                    tx.get(&format!("features.{id}")),
                    movement,
                    tx.get(&format!("feature_combat.{id}")),
                    String::new(),
                ]
            }),
    );
    let cell_colors = rules
        .terrain
        .iter()
        .map(|t| {
            let c = game
                .map
                .style
                .terrain_colors
                .get(t.id.as_str())
                .and_then(|c| Color::parse(c).ok());
            vec![c]
        })
        .collect();
    // Each line feature the map draws shows its line beside its name, in the map's style at the
    // chart's scale (a hex four text heights tall).
    let font_size = TableChart::default().font_size;
    let mut row_lines =
        vec![None; rules.terrain.len() + rules.city_kinds.len() + rules.hexside_features.len()];
    for f in &rules.line_features {
        let id = f.id.as_str();
        row_lines.push(if game.map.style.shows_line(&game.map.lines, id) {
            Some(line_look(game, id, font_size * 4.0)?)
        } else {
            None
        });
    }
    draw_table(&TableChart {
        title,
        header,
        rows,
        cell_colors,
        row_lines,
        max_column_width: Some(300.0),
        fonts: fonts.clone(),
        ..TableChart::default()
    })
}

/// The boxes of the turn record chart (the Charts window's and the PDF's), each line taken from the
/// turn-track board's box by its kind: the label, the weather of a turn that is not the usual one,
/// then the turn values, replacements and reinforcements.
pub fn turn_chart_boxes(game: &Game, plan: &Plan) -> Vec<TurnBox> {
    let rules = &game.rules;
    let track = &plan.track;
    track
        .boxes
        .iter()
        .take(rules.turns.count.value as usize)
        .enumerate()
        .map(|(n, b)| {
            let first = |kind| b.texts_of(kind).next().unwrap_or_default().to_string();
            TurnBox {
                number: (n + 1).to_string(),
                label: first(LineKind::TurnLabel),
                fill: b.shaded.then(|| Color::rgb(214, 190, 150)),
                // Only a turn whose weather is not the usual one names it.
                tag: if b.shaded {
                    first(LineKind::Weather)
                } else {
                    String::new()
                },
                lines: b
                    .lines
                    .iter()
                    .filter(|l| {
                        matches!(
                            l.kind,
                            LineKind::TurnValue | LineKind::Replacements | LineKind::Reinforcement
                        )
                    })
                    .map(|l| l.text.clone())
                    .collect(),
            }
        })
        .collect()
}

/// The turn record track.
fn turn_track_chart(
    game: &Game,
    plan: &Plan,
    title: String,
    fonts: &Fonts,
) -> Result<Pixmap, RenderError> {
    draw_turn_track(&turn_chart_art(game, plan, title, fonts))
}

/// What the turn record chart draws.
pub fn turn_chart_art(game: &Game, plan: &Plan, title: String, fonts: &Fonts) -> TurnTrackArt {
    TurnTrackArt {
        title,
        turns: turn_chart_boxes(game, plan),
        fonts: fonts.clone(),
        ..TurnTrackArt::default()
    }
}
