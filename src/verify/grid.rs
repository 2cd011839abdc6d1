//! Locations on a board's grid, resolved as VASSAL's `MapGrid.getLocation` does.

use super::xml::Node;

/// Whether an at-start stack's location name resolves on a board's grid the way
/// `SetupStack.updatePosition` resolves it: `MapGrid.getLocation`, and on a zoned grid, when that
/// finds nothing, a region of that name in any zone (`ZonedGrid.getRegionLocation`: "Allow
/// SetupStacks to match literal grid location names in Irregular/Region grids even if Zone
/// configured to only use/report Zone's name"). `None` when the board has no grid (VASSAL then uses
/// the stack's x and y) or a grid this reader cannot evaluate.
pub fn location_resolves(board: &Node, location: &str) -> Option<bool> {
    if let Some(zoned) = board
        .children
        .iter()
        .find(|c| c.tag.ends_with(".ZonedGrid"))
    {
        return match zoned_location(zoned, location)? {
            Some(_) => Some(true),
            None => Some(zoned_region_location(zoned, location).is_some()),
        };
    }
    let mut any_grid = false;
    let mut unknown_grid = false;
    for n in board.walk() {
        match n.tag.rsplit('.').next().unwrap_or("") {
            "Region" if n.attr("name") == location => return Some(true),
            "Zone" if n.attr("name") == location => return Some(true),
            "RegionGrid" | "ZonedGrid" => any_grid = true,
            "HexGrid" | "SquareGrid" => {
                any_grid = true;
                let inner = strip_location_format(n, location);
                let resolves = if n.tag.ends_with(".HexGrid") {
                    hex_grid_from_node(n).map(|g| g.location_point(inner).is_some())
                } else {
                    Some(square_grid_from_node(n).location_point(inner).is_some())
                };
                match resolves {
                    Some(true) => return Some(true),
                    Some(false) => {}
                    None => unknown_grid = true,
                }
            }
            _ => {}
        }
    }
    (any_grid && !unknown_grid).then_some(false)
}

/// The grid location inside a location name: a numbering format such as `A$gridLocation$` wraps it in
/// fixed text (`RegularGridNumbering.getLocation` matches the whole format).
fn strip_location_format<'a>(grid: &Node, location: &'a str) -> &'a str {
    let format = grid
        .children
        .iter()
        .find(|c| c.tag.ends_with("GridNumbering"))
        .map_or("$gridLocation$", |c| c.attr("locationFormat"));
    match format.split_once("$gridLocation$") {
        Some((before, after)) if !format.is_empty() => location
            .strip_prefix(before)
            .and_then(|l| l.strip_suffix(after))
            .unwrap_or(location),
        _ => location,
    }
}

/// A grid location named as its numbering's format names it (`A$gridLocation$` names `09.04`
/// `A09.04`, as `RegularGridNumbering.getName` does); a format with other variables is left to
/// VASSAL, and the bare location returned.
pub fn format_location(grid: &Node, location: &str) -> String {
    let format = grid
        .children
        .iter()
        .find(|c| c.tag.ends_with("GridNumbering"))
        .map_or("", |c| c.attr("locationFormat"));
    match format.split_once("$gridLocation$") {
        Some((before, after)) if !before.contains('$') && !after.contains('$') => {
            format!("{before}{location}{after}")
        }
        _ => location.to_string(),
    }
}

/// A board's hex or square grid, which names board points as VASSAL does.
#[derive(Debug, Clone, PartialEq)]
pub enum BoardGrid {
    Hex(crate::vassal::hexgrid::HexGrid),
    Square(crate::vassal::squaregrid::SquareGrid),
}

impl BoardGrid {
    /// `RegularGridNumbering.locationName` of a board point (default location format).
    pub fn location_name(&self, x: i32, y: i32) -> String {
        match self {
            BoardGrid::Hex(g) => g.location_name(x, y),
            BoardGrid::Square(g) => g.location_name(x, y),
        }
    }
}

/// A board's hex or square grid with the board's size, which VASSAL takes from the board image
/// (`Board.getSize`); descending numbering counts from it.
pub fn board_grid(board: &Node, archive: &super::archive::Archive) -> Option<BoardGrid> {
    let size = archive
        .entries
        .get(&format!("images/{}", board.attr("image")))
        .and_then(|b| crate::vassal::image::image_size(b))
        .map(|(w, h)| {
            (
                i32::try_from(w).unwrap_or(i32::MAX),
                i32::try_from(h).unwrap_or(i32::MAX),
            )
        });
    board.walk().into_iter().find_map(|n| {
        if n.tag.ends_with(".HexGrid") {
            let mut grid = hex_grid_from_node(n)?;
            if let Some((w, h)) = size {
                grid.board_width = w;
                grid.board_height = h;
            }
            Some(BoardGrid::Hex(grid))
        } else if n.tag.ends_with(".SquareGrid") {
            let mut grid = square_grid_from_node(n);
            if let Some((w, h)) = size {
                grid.board_width = w;
                grid.board_height = h;
            }
            Some(BoardGrid::Square(grid))
        } else {
            None
        }
    })
}

/// An attribute read as a number, or `default` when it is missing or not a number (as VASSAL's
/// `setAttribute` leaves a field at its initial value).
fn attr_or<T: std::str::FromStr>(n: &Node, key: &str, default: T) -> T {
    n.attrs
        .get(key)
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// A `HexGrid` element and its `HexGridNumbering` child as VASSAL's `setAttribute` reads them.
pub fn hex_grid_from_node(n: &Node) -> Option<crate::vassal::hexgrid::HexGrid> {
    use crate::vassal::hexgrid::HexGrid;
    let int = |k: &str, d: i32| attr_or(n, k, d);
    let dbl = |k: &str, d: f64| attr_or(n, k, d);
    let mut grid = HexGrid::new(
        int("x0", 0),
        int("y0", 32),
        dbl("dx", 59.0),
        dbl("dy", 64.0),
    );
    grid.sideways = n.attr("sideways") == "true";
    if let Some(num) = n
        .children
        .iter()
        .find(|c| c.tag.ends_with(".HexGridNumbering"))
    {
        read_numbering(num, &mut grid.numbering);
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

/// `ZonedGrid.getRegionLocation`: the origin of a region named `location` in the region grid of the
/// first zone that has one there and holds its origin (`Zone.getRegionLocation`, `Zone.contains`).
fn zoned_region_location(zoned: &Node, location: &str) -> Option<(i32, i32)> {
    zoned
        .children
        .iter()
        .filter(|c| c.tag.ends_with(".Zone"))
        .find_map(|zone| {
            let corners = crate::vassal::polygon::parse_path(zone.attr("path"))?;
            let regions = zone
                .children
                .iter()
                .find(|c| c.tag.ends_with(".RegionGrid"))?;
            let origin = grid_location(regions, location)??;
            (corners.is_empty() || crate::vassal::polygon::contains(&corners, origin))
                .then_some(origin)
        })
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
        "SquareGrid" => Some(square_grid_from_node(grid).location_point(name)),
        _ => None,
    }
}

/// A `SquareGrid` element and its `SquareGridNumbering` child as VASSAL's `setAttribute` reads them
/// (field initialisers for what is missing: `x0 = y0 = 24`, `dx = dy = 48`).
pub fn square_grid_from_node(n: &Node) -> crate::vassal::squaregrid::SquareGrid {
    let int = |k: &str, d: i32| attr_or(n, k, d);
    let dbl = |k: &str, d: f64| attr_or(n, k, d);
    let mut grid = crate::vassal::squaregrid::SquareGrid::new(
        int("x0", 24),
        int("y0", 24),
        dbl("dx", 48.0),
        dbl("dy", 48.0),
    );
    if let Some(num) = n
        .children
        .iter()
        .find(|c| c.tag.ends_with(".SquareGridNumbering"))
    {
        read_numbering(num, &mut grid.numbering);
    }
    grid
}

/// A `RegularGridNumbering` element's naming attributes.
fn read_numbering(num: &Node, nb: &mut crate::vassal::hexgrid::HexGridNumbering) {
    use crate::vassal::hexgrid::{First, NumberType};
    let int = |k: &str, d: i32| attr_or(num, k, d);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::xml::parse_xml;

    const B: &str = "VASSAL.build.module.map.boardPicker.";

    fn board(grid: &str) -> Node {
        parse_xml(&format!(
            "<{B}Board image=\"map.png\" name=\"Map\">{grid}</{B}Board>"
        ))
        .expect("the board parses")
    }

    /// A zone that reports only its own name (`$name$`) over a region grid: VASSAL's
    /// `SetupStack.updatePosition` still places a stack at a region's name, in any zone whose
    /// outline holds the region's origin (`ZonedGrid.getRegionLocation`).
    #[test]
    fn a_setup_in_a_zoned_grid_falls_back_to_a_region_of_that_name_in_any_zone() {
        let zone = |name: &str, path: &str, regions: &str| {
            format!(
                "<{B}board.mapgrid.Zone name=\"{name}\" locationFormat=\"$name$\" path=\"{path}\" useParentGrid=\"false\">\
                 <{B}board.RegionGrid snapto=\"true\">{regions}</{B}board.RegionGrid></{B}board.mapgrid.Zone>"
            )
        };
        let region = |name: &str, x: i32, y: i32| {
            format!("<{B}board.Region name=\"{name}\" originx=\"{x}\" originy=\"{y}\"/>")
        };
        let zoned = board(&format!(
            "<{B}board.ZonedGrid>{}{}</{B}board.ZonedGrid>",
            zone("West", "0,0;100,0;100,100;0,100", &region("Paris", 50, 50)),
            zone(
                "East",
                "200,0;300,0;300,100;200,100",
                &format!("{}{}", region("Berlin", 250, 50), region("Outside", 50, 50))
            ),
        ));
        assert_eq!(
            location_resolves(&zoned, "West"),
            Some(true),
            "a zone's own name"
        );
        assert_eq!(location_resolves(&zoned, "Paris"), Some(true));
        assert_eq!(
            location_resolves(&zoned, "Berlin"),
            Some(true),
            "in any zone"
        );
        assert_eq!(
            location_resolves(&zoned, "Outside"),
            Some(false),
            "a region whose origin its zone does not hold"
        );
        assert_eq!(location_resolves(&zoned, "Nowhere"), Some(false));
    }

    #[test]
    fn square_and_sideways_hex_grids_resolve_their_own_names_only() {
        let squares = board(&format!(
            "<{B}board.SquareGrid dx=\"64.0\" dy=\"64.0\" x0=\"52\" y0=\"52\" range=\"Metric\">\
             <{B}board.mapgrid.SquareGridNumbering first=\"H\" hLeading=\"1\" vLeading=\"1\" hOff=\"1\" vOff=\"1\" sep=\"\" hType=\"N\" vType=\"N\"/>\
             </{B}board.SquareGrid>"
        ));
        assert_eq!(location_resolves(&squares, "0203"), Some(true));
        assert_eq!(location_resolves(&squares, "02x03"), Some(false));
        let grid = square_grid_from_node(squares.find_all(&format!("{B}board.SquareGrid"))[0]);
        assert_eq!(grid.location_point("0203"), Some((116, 180)));
        let rows = board(&format!(
            "<{B}board.HexGrid sideways=\"true\" dx=\"55.425626\" dy=\"64.0\" x0=\"56\" y0=\"52\">\
             <{B}board.mapgrid.HexGridNumbering first=\"V\" hLeading=\"1\" vLeading=\"1\" hOff=\"1\" vOff=\"1\" sep=\".\" hType=\"N\" vType=\"N\" stagger=\"false\"/>\
             </{B}board.HexGrid>"
        ));
        assert_eq!(location_resolves(&rows, "02.03"), Some(true));
        assert_eq!(location_resolves(&rows, "0203"), Some(false));
        let grid = hex_grid_from_node(rows.find_all(&format!("{B}board.HexGrid"))[0]).unwrap();
        assert!(grid.sideways);
        // Column 02, row 03: board x 52 + 64, board y 56 + ⌊2 × 55.43⌋.
        assert_eq!(grid.location_point("02.03"), Some((116, 166)));
        assert_eq!(grid.location_name(116, 166), "02.03");
    }
}
