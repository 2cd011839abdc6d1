//! Checks of an area map (`[grid] kind = "areas"`): the grid's keys fit its kind, every area has a
//! name the module can list, a place on the board and an outline that is a polygon, no two areas
//! share a name or a point, and neighbours are areas that list each other back.

use super::areas::{doubled_area, polygon_contains};
use super::MapArea;
use crate::concept::context::{Context, Seg};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::{FileId, Sp};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// The most areas an area map may have: the largest area games name a few hundred; a limit of
/// vmodc's own, so that the checks and the build of a hostile file stay within seconds.
pub const MAX_AREAS: usize = 5_000;
/// The most corners of one area's outline (a traced coast stays well under it).
pub const MAX_OUTLINE_CORNERS: usize = 2_000;
/// The most corners of all outlines together.
pub const MAX_CORNERS: usize = 50_000;
/// The most neighbours one area lists (an area of a real map borders a dozen or two).
pub const MAX_NEIGHBOURS: usize = 64;

/// Run every check of an area map, and of a hex grid's keys that an area map leaves out.
pub(crate) fn check(cx: &mut Context<'_>) {
    if !cx.game.map.grid.is_areas() {
        if cx.game.map.grid.kind.as_str() == "hex-columns" {
            hex_grid_keys(cx);
        }
        return;
    }
    area_grid_keys(cx);
    let f = cx.map_file();
    let grid = &cx.game.map.grid;
    let rule = rule_of(&grid.rule).map(str::to_string);
    if grid.areas.is_empty() {
        cx.push(
            Diagnostic::error("V0236", "the area map has no areas")
                .at(f, grid.kind.span.clone(), "kind = \"areas\"")
                .rule_opt(rule.as_deref())
                .help("add a [[grid.areas]] entry per area: name, outline or at, neighbours"),
        );
    }
    if let Some((what, span)) = over_limits(&grid.areas, grid.kind.span.clone()) {
        cx.push(
            Diagnostic::error("V0238", format!("the area map {what}"))
                .at(f, span, "over the limit")
                .rule_opt(rule.as_deref())
                .help("check the [[grid.areas]] entries: an area map this large is not one vmodc builds in seconds (docs/limits.md)"),
        );
        return;
    }
    let mut seen = BTreeSet::new();
    for area in &grid.areas {
        let again = !seen.insert(area.name.as_str());
        names(cx, f, again, area, rule.as_deref());
        outline(cx, f, area, rule.as_deref());
        on_the_board(cx, f, area, rule.as_deref());
    }
    neighbours(cx, f, rule.as_deref());
    points_apart(cx, f, rule.as_deref());
}

/// What of an area map is over vmodc's limits, and where; checked before the other checks, whose
/// cost grows with the areas, corners and neighbours.
fn over_limits(areas: &[MapArea], kind: Range<usize>) -> Option<(String, Range<usize>)> {
    if areas.len() > MAX_AREAS {
        let span = areas.get(MAX_AREAS).map_or(kind, |a| a.name.span.clone());
        return Some((format!("has {} areas, more than {MAX_AREAS}", areas.len()), span));
    }
    if let Some(a) = areas.iter().find(|a| a.outline.len() > MAX_OUTLINE_CORNERS) {
        let what = format!(
            "has an outline of {} corners (area `{}`), more than {MAX_OUTLINE_CORNERS}",
            a.outline.len(),
            a.name.as_str()
        );
        return Some((what, span_of_all(&a.outline)));
    }
    let corners: usize = areas.iter().map(|a| a.outline.len()).sum();
    if corners > MAX_CORNERS {
        let what = format!("has {corners} outline corners in all, more than {MAX_CORNERS}");
        return Some((what, kind));
    }
    let crowded = areas.iter().find(|a| a.neighbours.len() > MAX_NEIGHBOURS)?;
    let what = format!(
        "lists {} neighbours of area `{}`, more than {MAX_NEIGHBOURS}",
        crowded.neighbours.len(),
        crowded.name.as_str()
    );
    let span = crowded.neighbours.first().map_or(kind, |n| n.span.clone());
    Some((what, span))
}

/// A hex grid's keys are its own: an area map's are left out and a hex grid's given.
fn hex_grid_keys(cx: &mut Context<'_>) {
    let f = cx.map_file();
    let grid = &cx.game.map.grid;
    let kind_span = grid.kind.span.clone();
    let missing = [
        ("columns", grid.columns.span.is_empty()),
        ("rows", grid.rows.span.is_empty()),
        ("column_digits", !written(cx, f, "column_digits")),
        ("row_digits", !written(cx, f, "row_digits")),
    ];
    for (key, absent) in missing {
        if absent {
            cx.push(
                Diagnostic::error("V0235", format!("the hex grid has no `{key}`"))
                    .at(f, kind_span.clone(), "a hex grid")
                    .help(format!(
                        "add `{key} = …` to [grid] (see docs/data-format.md), or use `kind = \"areas\"` for a map of named areas"
                    )),
            );
        }
    }
    if let Some(first) = grid.areas.first() {
        cx.push(
            Diagnostic::error("V0235", "a hex grid has [[grid.areas]]")
                .at(f, first.name.span.clone(), "an area of an area map")
                .help("write `kind = \"areas\"` for a map of named areas, or remove the areas"),
        );
    }
}

/// Whether `[grid] KEY` is written in the map file.
fn written(cx: &Context<'_>, f: FileId, key: &str) -> bool {
    !cx.span_of(f, &[Seg::Key("grid"), Seg::Key(key)], 0..0)
        .is_empty()
}

/// An area map leaves out the keys of a hex grid and of a fitted scan.
fn area_grid_keys(cx: &mut Context<'_>) {
    let f = cx.map_file();
    let grid = &cx.game.map.grid;
    let hex_keys = [
        "columns",
        "rows",
        "rows_odd_columns",
        "rows_even_columns",
        "shifted_columns",
        "rows_upward",
        "column_digits",
        "row_digits",
        "separator",
        "prefix",
        "sheets",
        "hexes",
        "geometry",
        "adjacent",
    ];
    for key in hex_keys {
        let span = cx.span_of(f, &[Seg::Key("grid"), Seg::Key(key)], 0..0);
        if !span.is_empty() {
            cx.push(
                Diagnostic::error("V0235", format!("`{key}` is a hex grid's key, not an area map's"))
                    .at(f, span, "not used on an area map")
                    .rule_opt(rule_of(&grid.rule))
                    .help("remove it: an area map has [[grid.areas]], each with its name, place and neighbours"),
            );
        }
    }
    if let Some((label, _)) = cx.game.map.map.hex_centres.iter().next() {
        let span = cx.span_of(
            f,
            &[Seg::Key("map"), Seg::Key("hex_centres"), Seg::Key(label)],
            grid.kind.span.clone(),
        );
        cx.push(
            Diagnostic::error("V0235", "an area map has [map] hex_centres")
                .at(f, span, "hex centres fit a hex grid")
                .help("remove hex_centres; give each area's `at` on the map image instead"),
        );
    }
}

/// The name is not blank, holds no `|` (the module's list separator) and is no earlier area's
/// (`again`).
fn names(cx: &mut Context<'_>, f: FileId, again: bool, area: &MapArea, rule: Option<&str>) {
    let name = area.name.as_str();
    if name.trim().is_empty() || name.contains(super::areas::LIST_SEPARATOR) {
        cx.push(
            Diagnostic::error("V0237", format!("area name `{name}` is blank or holds a `|`"))
                .at(f, area.name.span.clone(), "this name")
                .rule_opt(rule)
                .help("write the area's printed name: any text but `|`, which the module's location lists use"),
        );
    } else if again {
        cx.push(
            Diagnostic::error("V0234", format!("two areas are named `{name}`"))
                .at(f, area.name.span.clone(), "named again")
                .rule_opt(rule)
                .help("give each area its own name: setups, terrain and the module find an area by it"),
        );
    }
}

/// The outline has three corners or more, encloses something and does not cross itself.
fn outline(cx: &mut Context<'_>, f: FileId, area: &MapArea, rule: Option<&str>) {
    if area.outline.is_empty() {
        return;
    }
    let corners = area.corners();
    let problem = if corners.len() < 3 {
        Some(format!("has {} corners", corners.len()))
    } else if doubled_area(&corners) == 0 {
        Some("encloses nothing".to_string())
    } else {
        crossing_edges(&corners).map(|(a, b)| format!("crosses itself (edges {} and {})", a + 1, b + 1))
    };
    if let Some(what) = problem {
        cx.push(
            Diagnostic::error(
                "V0231",
                format!("the outline of area `{}` is not a polygon: it {what}", area.name.as_str()),
            )
            .at(f, span_of_all(&area.outline), "this outline")
            .rule_opt(rule)
            .help("list the corners [x, y] of the area in order around it, at least three, without crossing"),
        );
        return;
    }
    if let Some(at) = &area.at {
        if !polygon_contains(&corners, (at.value[0], at.value[1])) {
            cx.push(
                Diagnostic::error(
                    "V0234",
                    format!("the point of area `{}` lies outside its outline", area.name.as_str()),
                )
                .at(f, at.span.clone(), "at")
                .rule_opt(rule)
                .help("put `at` inside the outline (or leave it out: a point inside the outline is taken)"),
            );
        }
    }
}

/// The first two edges that cross (neither shared nor next to each other), by index.
fn crossing_edges(c: &[(i32, i32)]) -> Option<(usize, usize)> {
    let n = c.len();
    let orient = |a: (i32, i32), b: (i32, i32), p: (i32, i32)| {
        let v = i64::from(b.0 - a.0) * i64::from(p.1 - a.1) - i64::from(b.1 - a.1) * i64::from(p.0 - a.0);
        v.signum()
    };
    for i in 0..n {
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue; // the closing edge meets the first at a corner
            }
            let (a, b, p, q) = (c[i], c[(i + 1) % n], c[j], c[(j + 1) % n]);
            let (d1, d2) = (orient(a, b, p), orient(a, b, q));
            let (d3, d4) = (orient(p, q, a), orient(p, q, b));
            if d1 * d2 < 0 && d3 * d4 < 0 {
                return Some((i, j));
            }
        }
    }
    None
}

/// An area's index, its outline's corners and their bounding box.
type Outline = (usize, Vec<(i32, i32)>, [i32; 4]);

/// `[x0, y0, x1, y1]` of some corners.
fn bounding_box(corners: &[(i32, i32)]) -> [i32; 4] {
    corners.iter().fold(
        [i32::MAX, i32::MAX, i32::MIN, i32::MIN],
        |[x0, y0, x1, y1], &(x, y)| [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
    )
}

/// The span from the first to the last entry of a list.
fn span_of_all(items: &[Sp<[i32; 2]>]) -> Range<usize> {
    match (items.first(), items.last()) {
        (Some(a), Some(b)) => a.span.start..b.span.end,
        _ => 0..0,
    }
}

/// The area has a point, and its point and outline lie on the board (within the map image).
fn on_the_board(cx: &mut Context<'_>, f: FileId, area: &MapArea, rule: Option<&str>) {
    let name = area.name.as_str();
    if area.at.is_none() && area.outline.is_empty() {
        cx.push(
            Diagnostic::error("V0232", format!("area `{name}` has no place on the map"))
                .at(f, area.name.span.clone(), "neither `at` nor `outline`")
                .rule_opt(rule)
                .help("give its point `at = [x, y]` (on the map image) or its `outline`"),
        );
        return;
    }
    let image = cx
        .game
        .map
        .map
        .image
        .as_ref()
        .and_then(|i| cx.game.images.get(i.as_str()))
        .map(|i| (i.width, i.height));
    let off = |p: &Sp<[i32; 2]>| {
        let [x, y] = p.value;
        x < 0
            || y < 0
            || image.is_some_and(|(w, h)| {
                u32::try_from(x).is_ok_and(|x| x >= w) || u32::try_from(y).is_ok_and(|y| y >= h)
            })
    };
    if let Some(p) = area.at.iter().chain(&area.outline).find(|p| off(p)) {
        let board = match image {
            Some((w, h)) => format!("the map image is {w} × {h} pixels"),
            None => "board pixels start at [0, 0], top left".to_string(),
        };
        cx.push(
            Diagnostic::error("V0232", format!("area `{name}` lies off the map"))
                .at(f, p.span.clone(), "off the board")
                .rule_opt(rule)
                .help(format!("give points on the board: {board}")),
        );
    }
}

/// Each neighbour is another area of the map, which lists this one back: every pair looked up once
/// in a set of the listed pairs, so a map of many areas is checked in time linear in its lists.
fn neighbours(cx: &mut Context<'_>, f: FileId, rule: Option<&str>) {
    let grid = &cx.game.map.grid;
    let by_name: BTreeMap<&str, &MapArea> =
        grid.areas.iter().rev().map(|a| (a.name.as_str(), a)).collect();
    let listed: BTreeSet<(&str, &str)> = grid
        .areas
        .iter()
        .flat_map(|a| a.neighbours.iter().map(|n| (a.name.as_str(), n.as_str())))
        .collect();
    let mut out = Vec::new();
    for area in &grid.areas {
        let name = area.name.as_str();
        for n in &area.neighbours {
            let problem = match by_name.get(n.as_str()) {
                None => not_an_area(grid, name, n).at(f, n.span.clone(), "no area of this name"),
                Some(other) if other.name.as_str() == name => {
                    Diagnostic::error("V0233", format!("area `{name}` is its own neighbour"))
                        .at(f, n.span.clone(), "itself")
                        .help("list only the other areas it borders")
                }
                Some(other) if !listed.contains(&(other.name.as_str(), name)) => {
                    one_way(name, other.name.as_str()).at(f, n.span.clone(), "one way only")
                }
                Some(_) => continue,
            };
            out.push(problem.rule_opt(rule));
        }
    }
    for d in out {
        cx.push(d);
    }
}

/// A neighbour that names no area, with the closest name.
fn not_an_area(grid: &super::grid::Grid, name: &str, n: &Sp<String>) -> Diagnostic {
    let names = grid.areas.iter().map(|a| a.name.as_str());
    let help = match crate::diag::suggest(n, names) {
        Some(s) => format!("did you mean `{s}`?"),
        None => "name an area of [[grid.areas]] as it is written there".to_string(),
    };
    Diagnostic::error(
        "V0230",
        format!("neighbour `{}` of area `{name}` is not an area", n.as_str()),
    )
    .help(help)
}

/// A neighbour the other area does not list back.
fn one_way(name: &str, other: &str) -> Diagnostic {
    Diagnostic::error(
        "V0233",
        format!("area `{name}` borders `{other}`, but `{other}` does not list `{name}`"),
    )
    .help(format!(
        "add \"{name}\" to the neighbours of `{other}`, or remove it here"
    ))
}

/// No two areas stand on one point (VASSAL keys regions by their point), and no area's point lies in
/// another area's outline (the module would name it after that area). Each point is found once, and
/// an outline is tested only for the points inside its bounding box.
fn points_apart(cx: &mut Context<'_>, f: FileId, rule: Option<&str>) {
    let grid = &cx.game.map.grid;
    let points: Vec<Option<(i32, i32)>> = grid.areas.iter().map(MapArea::point).collect();
    let outlines: Vec<Outline> = grid
        .areas
        .iter()
        .enumerate()
        .filter(|(_, a)| !a.outline.is_empty())
        .map(|(j, a)| {
            let corners = a.corners();
            let bounds = bounding_box(&corners);
            (j, corners, bounds)
        })
        .collect();
    let mut first_on: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, area) in grid.areas.iter().enumerate() {
        let Some(p) = points[i] else { continue };
        let span = area.at.as_ref().map_or(area.name.span.clone(), |a| a.span.clone());
        let shared = *first_on.entry(p).or_insert(i);
        let inside = outlines.iter().find(|(j, corners, [x0, y0, x1, y1])| {
            *j != i
                && (*x0..=*x1).contains(&p.0)
                && (*y0..=*y1).contains(&p.1)
                && polygon_contains(corners, p)
        });
        let message = match (shared != i, inside) {
            (true, _) => format!(
                "areas `{}` and `{}` stand on one point [{}, {}]",
                grid.areas[shared].name.as_str(),
                area.name.as_str(),
                p.0,
                p.1
            ),
            (false, Some((j, _, _))) => format!(
                "the point of area `{}` [{}, {}] lies inside the outline of `{}`",
                area.name.as_str(),
                p.0,
                p.1,
                grid.areas[*j].name.as_str()
            ),
            (false, None) => continue,
        };
        out.push(
            Diagnostic::error("V0234", message)
                .at(f, span, "here")
                .rule_opt(rule)
                .help("give each area a point of its own, inside its own outline and no other"),
        );
    }
    for d in out {
        cx.push(d);
    }
}
