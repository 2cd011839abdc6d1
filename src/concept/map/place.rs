//! Where things stand on the map: hexes or off-grid areas, the terrain of a hex, and its neighbours.

use crate::concept::game::{Game, HexId};
/// Where a unit stands: a hex of the grid, or an off-grid area (`[[areas]]` id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Location<'a> {
    Hex(HexId),
    Area(&'a str),
}

/// The terrain id of a hex: the terrain that lists it, else the map's default terrain.
pub fn terrain_at(game: &Game, hex: HexId) -> &str {
    let map = &game.map;
    map.terrain
        .hexes
        .iter()
        .find(|(_, hexes)| hexes.iter().any(|l| map.grid.parse(l) == Some(hex)))
        .map_or(map.terrain.default.as_str(), |(t, _)| t.as_str())
}

/// The hexes known to be adjacent to `hex`: by the grid's geometry when it is known, else by the
/// grid's `adjacent` pairs; on an area map, the areas bordering it.
pub fn known_neighbours(game: &Game, hex: HexId) -> Vec<HexId> {
    let grid = &game.map.grid;
    if grid.is_areas() {
        return grid.area_neighbours(hex);
    }
    if grid.geometry_known() {
        return grid
            .neighbours(hex)
            .into_iter()
            .filter(|n| grid.contains(*n))
            .collect();
    }
    let mut out: Vec<HexId> = grid
        .adjacent
        .iter()
        .filter_map(|pair| {
            let [a, b] = &pair.value;
            match (grid.parse(a), grid.parse(b)) {
                (Some(a), Some(b)) if a == hex => Some(b),
                (Some(a), Some(b)) if b == hex => Some(a),
                _ => None,
            }
        })
        .collect();
    out.sort();
    out.dedup();
    out
}
