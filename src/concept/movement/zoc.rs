//! Zones of control from the data: a unit type's `zoc` mode (`always`, `none`, `in_city`), terrain
//! that cancels ZOC (`no_zoc_inside`), hexside features that block it (`blocks = ["zoc"]`), and areas
//! that project it into every adjacent hex (`zoc_to_adjacent`) or keep enemy ZOC out (`enemy_zoc`).

use crate::concept::game::{Game, HexId, UnitType};
use crate::concept::map::place::{known_neighbours, terrain_at, Location};
use crate::concept::map::Blocked;
use crate::concept::units::ZocMode;
use crate::model::keyword::Keyword;
use std::collections::BTreeSet;

/// Whether a hex holds a city (a `[[cities]]` entry of the map).
pub fn is_city(game: &Game, hex: HexId) -> bool {
    let grid = &game.map.grid;
    game.map
        .cities
        .iter()
        .any(|c| grid.parse(&c.hex) == Some(hex))
}

/// Whether a unit of this type exerts a ZOC where it stands.
pub fn exerts_zoc(game: &Game, unit_type: &UnitType, at: Location<'_>) -> bool {
    // An unknown word is reported by the checks; until it is fixed the unit keeps the default.
    let mode_allows = match unit_type.zoc_mode().unwrap_or(ZocMode::Always) {
        ZocMode::None => false,
        ZocMode::InCity => matches!(at, Location::Hex(h) if is_city(game, h)),
        ZocMode::Always => true,
    };
    if !mode_allows {
        return false;
    }
    match at {
        Location::Hex(h) => {
            let terrain = terrain_at(game, h);
            !game
                .rules
                .terrain
                .iter()
                .any(|t| t.id.as_str() == terrain && t.no_zoc_inside)
        }
        Location::Area(_) => true,
    }
}

/// Ids of the hexside features (rivers…) that block ZOC.
fn zoc_blocking_features(game: &Game) -> Vec<&str> {
    game.rules
        .hexside_features
        .iter()
        .filter(|f| {
            f.blocks
                .iter()
                .any(|x| Blocked::parse(x) == Some(Blocked::Zoc))
        })
        .map(|f| f.id.as_str())
        .collect()
}

/// Whether the hexside between two hexes carries a feature that blocks ZOC.
fn zoc_blocked(game: &Game, a: HexId, b: HexId) -> bool {
    let grid = &game.map.grid;
    let blocking = zoc_blocking_features(game);
    game.map
        .hexsides
        .iter()
        .filter(|set| blocking.contains(&set.feature.as_str()))
        .flat_map(|set| set.pairs.iter())
        .any(|pair| {
            let [x, y] = &pair.value;
            match (grid.parse(x), grid.parse(y)) {
                (Some(x), Some(y)) => (x == a && y == b) || (x == b && y == a),
                _ => false,
            }
        })
}

/// The hexes a unit of `unit_type` at `at` puts in its ZOC, as far as the map data knows them.
/// ZOC never extends into an area (areas are not hexes; enemy rear areas keep it out by rule).
pub fn zoc_hexes(game: &Game, unit_type: &UnitType, at: Location<'_>) -> BTreeSet<HexId> {
    if !exerts_zoc(game, unit_type, at) {
        return BTreeSet::new();
    }
    match at {
        Location::Hex(h) => known_neighbours(game, h)
            .into_iter()
            .filter(|n| !zoc_blocked(game, h, *n))
            .collect(),
        Location::Area(id) => {
            let grid = &game.map.grid;
            let blocking = zoc_blocking_features(game);
            game.map
                .areas
                .iter()
                .filter(|a| a.id.as_str() == id && a.zoc_to_adjacent)
                .flat_map(|a| {
                    a.adjacent_hexes.iter().filter(|h| {
                        !a.hexsides.iter().any(|s| {
                            blocking.contains(&s.feature.as_str())
                                && s.hexes.iter().any(|x| x.as_str() == h.as_str())
                        })
                    })
                })
                .filter_map(|h| grid.parse(h))
                .filter(|h| grid.contains(*h))
                .collect()
        }
    }
}

/// Whether ZOC of `side`'s units reaches into the area: areas of another side that set
/// `enemy_zoc = false` keep it out.
pub fn zoc_enters_area(game: &Game, side: &str, area: &str) -> bool {
    game.map
        .areas
        .iter()
        .find(|a| a.id.as_str() == area)
        .is_none_or(|a| a.enemy_zoc || a.side.as_ref().is_none_or(|s| s.as_str() == side))
}
