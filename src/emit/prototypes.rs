//! The module's prototypes: what every unit shares, gathered from each concept layer by layer, and
//! the concepts' further prototypes (one per side).

use crate::concept::interface::ModuleParts;
use crate::concept::module::UNIT_PROTOTYPE;
use crate::concept::plan::Plan;
use crate::vassal::traits::{self as pieces, Piece};

/// Everything the pieces of a game share: prototypes and per-unit piece definitions.
pub struct PieceBook {
    pub prototypes: Vec<(String, Piece)>,
}

pub fn piece_book(parts: &ModuleParts, plan: &Plan) -> PieceBook {
    // Common to every unit: report flips, send to the eliminated box, the rule automation.
    let mut prototypes = vec![(
        plan.prototype_name(UNIT_PROTOTYPE),
        Piece {
            traits: parts
                .unit_prototype_traits()
                .into_iter()
                .chain(std::iter::once(pieces::basic_piece("", "", "")))
                .collect(),
        },
    )];
    prototypes.extend(parts.prototypes.iter().cloned());
    PieceBook { prototypes }
}
