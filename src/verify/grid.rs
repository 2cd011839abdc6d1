//! Locations on a board's grid, resolved as VASSAL's `MapGrid.getLocation` does.

use super::xml::Node;

/// Whether a location name resolves on a board's grid the way `MapGrid.getLocation` does: `None` when
/// the board has no grid (VASSAL then uses the stack's x and y) or a grid this reader cannot evaluate
/// (square grids, sideways hex grids).
pub fn location_resolves(board: &Node, location: &str) -> Option<bool> {
    if let Some(zoned) = board
        .children
        .iter()
        .find(|c| c.tag.ends_with(".ZonedGrid"))
    {
        return zoned_location(zoned, location).map(|p| p.is_some());
    }
    let mut any_grid = false;
    let mut unknown_grid = false;
    for n in board.walk() {
        match n.tag.rsplit('.').next().unwrap_or("") {
            "Region" if n.attr("name") == location => return Some(true),
            "Zone" if n.attr("name") == location => return Some(true),
            "RegionGrid" | "ZonedGrid" => any_grid = true,
            "HexGrid" => {
                any_grid = true;
                // A numbering format such as `A$gridLocation$` wraps the grid location in fixed text
                // (RegularGridNumbering.getLocation matches the whole format).
                let format = n
                    .children
                    .iter()
                    .find(|c| c.tag.ends_with(".HexGridNumbering"))
                    .map_or("$gridLocation$", |c| c.attr("locationFormat"));
                let inner = match format.split_once("$gridLocation$") {
                    Some((before, after)) if !format.is_empty() => location
                        .strip_prefix(before)
                        .and_then(|l| l.strip_suffix(after))
                        .unwrap_or(location),
                    _ => location,
                };
                match hex_grid_from_node(n) {
                    Some(grid) if grid.location_point(inner).is_some() => return Some(true),
                    Some(_) => {}
                    None => unknown_grid = true,
                }
            }
            "SquareGrid" => {
                any_grid = true;
                unknown_grid = true;
            }
            _ => {}
        }
    }
    (any_grid && !unknown_grid).then_some(false)
}

/// A board's hex grid with the board's size, which VASSAL takes from the board image
/// (`Board.getSize`); descending numbering counts from it.
pub fn board_hex_grid(
    board: &Node,
    archive: &super::archive::Archive,
) -> Option<crate::vassal::hexgrid::HexGrid> {
    let mut grid = board
        .walk()
        .into_iter()
        .find(|n| n.tag.ends_with(".HexGrid"))
        .and_then(hex_grid_from_node)?;
    let image = archive
        .entries
        .get(&format!("images/{}", board.attr("image")));
    if let Some((w, h)) = image.and_then(|b| crate::vassal::image::image_size(b)) {
        grid.board_width = i32::try_from(w).unwrap_or(i32::MAX);
        grid.board_height = i32::try_from(h).unwrap_or(i32::MAX);
    }
    Some(grid)
}

/// A `HexGrid` element and its `HexGridNumbering` child as VASSAL's `setAttribute` reads them.
pub fn hex_grid_from_node(n: &Node) -> Option<crate::vassal::hexgrid::HexGrid> {
    use crate::vassal::hexgrid::{First, HexGrid, NumberType};
    if n.attr("sideways") == "true" {
        return None; // not supported by our port
    }
    let int = |k: &str, d: i32| {
        n.attrs
            .get(k)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(d)
    };
    let dbl = |k: &str, d: f64| {
        n.attrs
            .get(k)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(d)
    };
    let mut grid = HexGrid::new(
        int("x0", 0),
        int("y0", 32),
        dbl("dx", 59.0),
        dbl("dy", 64.0),
    );
    if let Some(num) = n
        .children
        .iter()
        .find(|c| c.tag.ends_with(".HexGridNumbering"))
    {
        let nb = &mut grid.numbering;
        let int = |k: &str, d: i32| {
            num.attrs
                .get(k)
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(d)
        };
        let flag = |k: &str, d: bool| num.attrs.get(k).map_or(d, |v| v == "true");
        nb.first = First::from_attribute(num.attr("first")).unwrap_or(nb.first);
        nb.sep = num.attr("sep").to_string();
        nb.h_type = NumberType::from_attribute(num.attr("hType")).unwrap_or(nb.h_type);
        nb.v_type = NumberType::from_attribute(num.attr("vType")).unwrap_or(nb.v_type);
        nb.h_leading = int("hLeading", nb.h_leading);
        nb.v_leading = int("vLeading", nb.v_leading);
        nb.h_off = int("hOff", nb.h_off);
        nb.v_off = int("vOff", nb.v_off);
        nb.h_descend = flag("hDescend", nb.h_descend);
        nb.v_descend = flag("vDescend", nb.v_descend);
        nb.stagger = flag("stagger", nb.stagger);
    }
    Some(grid)
}

/// Where a location name lands on a `ZonedGrid` (`ZonedGrid.getLocation`): the first zone whose
/// `locationFormat` matches it and whose point lies inside the zone, else the background grid.
/// `Some(None)`: it resolves nowhere; `None`: a grid this reader cannot evaluate decides.
pub fn zoned_location(zoned: &Node, location: &str) -> Option<Option<(i32, i32)>> {
    let grid_of = |n: &Node| {
        n.children
            .iter()
            .find(|c| !c.tag.ends_with(".Zone") && !c.tag.ends_with("Highlighter"))
            .cloned()
    };
    for zone in zoned.children.iter().filter(|c| c.tag.ends_with(".Zone")) {
        let corners = crate::vassal::polygon::parse_path(zone.attr("path"))?;
        let inner = grid_of(zone);
        let point = match zone_pattern(zone, inner.is_some())? {
            ZonePattern::Whole(text) => {
                (text == location).then(|| crate::vassal::polygon::zone_point(&corners))
            }
            ZonePattern::Around(before, after) => {
                match location
                    .strip_prefix(before.as_str())
                    .and_then(|l| l.strip_suffix(after.as_str()))
                {
                    Some(name) => grid_location(inner.as_ref()?, name)?,
                    None => None,
                }
            }
        };
        if let Some(p) =
            point.filter(|p| corners.is_empty() || crate::vassal::polygon::contains(&corners, *p))
        {
            return Some(Some(p));
        }
    }
    match grid_of(zoned) {
        Some(background) => grid_location(&background, location),
        None => Some(None),
    }
}

/// A zone's `locationFormat` as `Zone.getLocation` matches it: the whole name, or text around the
/// location of the zone's own grid.
enum ZonePattern {
    Whole(String),
    Around(String, String),
}

fn zone_pattern(zone: &Node, has_grid: bool) -> Option<ZonePattern> {
    let format = zone
        .attrs
        .get("locationFormat")
        .map_or("$name$", |f| f.as_str());
    let tokens: Vec<&str> = format.split('$').collect();
    let (mut before, mut after, mut grid) = (String::new(), String::new(), false);
    for (i, token) in tokens.iter().enumerate() {
        // Odd tokens stand between two `$`: property names; the last one is text if unclosed.
        let property = i % 2 == 1 && i + 1 < tokens.len();
        let text = if !property {
            Some(token.to_string())
        } else if *token == "name" {
            Some(zone.attr("name").to_string())
        } else if *token == "gridLocation" && has_grid {
            if grid {
                return None; // two grid locations: not evaluated
            }
            grid = true;
            None
        } else {
            Some(String::new()) // another property adds nothing to the pattern
        };
        if let Some(t) = text {
            if grid {
                after.push_str(&t);
            } else {
                before.push_str(&t);
            }
        }
    }
    Some(if grid {
        ZonePattern::Around(before, after)
    } else {
        ZonePattern::Whole(before)
    })
}

/// Where a name lands on a `RegionGrid` (its region's origin) or a hex grid; `None` for a grid this
/// reader cannot evaluate.
fn grid_location(grid: &Node, name: &str) -> Option<Option<(i32, i32)>> {
    match grid.tag.rsplit('.').next().unwrap_or("") {
        "RegionGrid" => Some(
            grid.children
                .iter()
                .find(|r| r.tag.ends_with(".Region") && r.attr("name") == name)
                .map(|r| {
                    let int = |k: &str| r.attr(k).trim().parse().unwrap_or(0);
                    (int("originx"), int("originy"))
                }),
        ),
        "HexGrid" => hex_grid_from_node(grid).map(|g| g.location_point(name)),
        _ => None,
    }
}
