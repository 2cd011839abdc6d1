//! Locations on a board's grid, resolved as VASSAL's `MapGrid.getLocation` does.

use super::xml::Node;

/// Whether a location name resolves on a board's grid the way `MapGrid.getLocation` does: `None` when
/// the board has no grid (VASSAL then uses the stack's x and y) or a grid this reader cannot evaluate
/// (square grids, sideways hex grids).
pub fn location_resolves(board: &Node, location: &str) -> Option<bool> {
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
