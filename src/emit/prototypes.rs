//! The module's prototypes: what every unit shares, asked of each concept in turn, and one prototype
//! per side.

use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::concept::{combat, map, movement, stacking, units, weather};
use crate::vassal::traits::{self as pieces, Piece, Trait};

/// Everything the pieces of a game share: prototypes and per-unit piece definitions.
pub struct PieceBook {
    pub prototypes: Vec<(String, Piece)>,
}

pub fn piece_book(game: &Game, plan: &Plan) -> PieceBook {
    // Common to every unit: report flips, send to the eliminated box, the rule automation.
    let mut prototypes = vec![(
        units::module::UNIT_PROTOTYPE.to_string(),
        Piece {
            traits: units::module::report_traits(plan)
                .into_iter()
                .chain(unit_traits(game, plan))
                .chain(std::iter::once(pieces::basic_piece("", "", "")))
                .collect(),
        },
    )];
    prototypes.extend(units::module::side_prototypes(game, plan));
    PieceBook { prototypes }
}

/// Traits of the common unit prototype that implement the rule automation (outermost first), each
/// concept's in turn.
pub fn unit_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
    [
        combat::module::resolution_traits(game, plan),
        crate::concept::barrage::module::unit_traits(game, plan),
        stacking::module::check_traits(game, plan),
        movement::module::weather_limit_traits(game, plan),
        combat::module::position_traits(game),
        weather::module::unit_traits(game),
        map::module::unit_traits(game),
    ]
    .concat()
}
