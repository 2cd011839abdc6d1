//! What the map adds to the module: global properties listing the hexes of each terrain, city kind and
//! hexside feature, and the calculated properties through which a unit reads the terrain under it.

use crate::concept::game::{Game, HexId};
use crate::concept::module::{props, Global, LocationLists, AREA_LISTS, HEX_LISTS};
use crate::concept::plan::Plan;
use crate::vassal::expression::{cond, contains, prop, s, Expr};
use crate::vassal::traits::{self as pieces, Trait};

/// The global property listing the hexes of `terrain`: a BeanShell identifier, so a terrain id's
/// `-` (OCS `very-close`) becomes `_`.
pub fn hexes_property(terrain: &str) -> String {
    let id: String = terrain
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("Hexes_{id}")
}
pub fn city_property(kind: &str) -> String {
    format!("Cities_{kind}")
}
pub use crate::concept::module::{across_property, hexsides_property};

/// How this game's module writes its lists of locations.
pub fn location_lists(game: &Game) -> LocationLists {
    if game.map.grid.is_areas() {
        AREA_LISTS
    } else {
        HEX_LISTS
    }
}

/// Global properties describing the map, so a piece can read the terrain under it.
pub fn globals(game: &Game) -> Vec<Global> {
    let grid = &game.map.grid;
    let lists = location_lists(game);
    let mut out = Vec::new();
    for (terrain, hexes) in &game.map.terrain.hexes {
        out.push(Global {
            name: hexes_property(terrain),
            initial: lists.list(hexes.iter().map(|h| h.value.clone())),
            description: format!("Hexes of terrain {terrain}"),
            numeric: None,
            changers: Vec::new(),
        });
    }
    for kind in &game.rules.city_kinds {
        out.push(Global {
            name: city_property(&kind.id),
            initial: lists.list(
                game.map
                    .cities
                    .iter()
                    .filter(|c| c.kind.as_str() == kind.id.as_str())
                    .map(|c| c.hex.value.clone()),
            ),
            description: format!("Cities of kind {}", kind.id.as_str()),
            numeric: None,
            changers: Vec::new(),
        });
    }
    for feature in &game.rules.hexside_features {
        let mut pairs = Vec::new();
        for set in game
            .map
            .hexsides
            .iter()
            .filter(|s| s.feature.as_str() == feature.id.as_str())
        {
            for p in &set.pairs {
                let [a, b] = &p.value;
                if let (Some(a), Some(b)) = (grid.parse(a), grid.parse(b)) {
                    pairs.push((grid.label(a), grid.label(b)));
                }
            }
        }
        out.push(Global {
            name: hexsides_property(&feature.id),
            initial: lists.pair_list(pairs),
            description: format!("Hexsides with {} (both directions)", feature.name),
            numeric: None,
            changers: Vec::new(),
        });
    }
    out
}

/// The terrain id under the piece.
pub fn terrain_expr(game: &Game) -> Expr {
    let here = location_lists(game).item_key(prop("LocationName"));
    let mut e = s(&game.map.terrain.default);
    for terrain in game.map.terrain.hexes.keys().rev() {
        e = cond(
            contains(prop(&hexes_property(terrain)), here.clone()),
            s(terrain),
            e,
        );
    }
    e
}

/// The city kind under the piece, or `""`.
pub fn city_expr(game: &Game) -> Expr {
    let here = location_lists(game).item_key(prop("LocationName"));
    let mut e = s("");
    for kind in game.rules.city_kinds.iter().rev() {
        e = cond(
            contains(prop(&city_property(&kind.id)), here.clone()),
            s(&kind.id),
            e,
        );
    }
    e
}

/// Calculated properties of every unit: the city kind and the terrain of its hex.
pub fn unit_traits(game: &Game) -> Vec<Trait> {
    vec![
        pieces::calculated(
            props::CITY,
            &city_expr(game).to_beanshell(),
            "City kind of this hex",
        ),
        pieces::calculated(
            props::TERRAIN,
            &terrain_expr(game).to_beanshell(),
            "Terrain of this hex",
        ),
    ]
}

/// Centre of a hex in board pixels, as VASSAL snaps it (truncated).
pub fn snapped_centre(plan: &Plan, hex: HexId) -> (i32, i32) {
    let (x, y) = plan.layout.centre(hex);
    (x as i32, y as i32)
}
