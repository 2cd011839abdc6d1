//! Who may move units in a phase (`[phases.moves]`): the rule `vmodc audit` holds each logged move
//! against.

use crate::concept::game::Phase;

/// Whether a unit may move in a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MayMove {
    Yes,
    /// No unit of its side may move in this phase.
    NotItsSide,
    /// Its side may move, but not units of its type.
    NotItsType,
    /// The data does not say who may move in this phase.
    Unstated,
}

/// Whether a unit of `side` and `unit_type` may move in `phase`.
pub fn may_move(phase: &Phase, side: &str, unit_type: &str) -> MayMove {
    let Some(moves) = &phase.moves else {
        return MayMove::Unstated;
    };
    if moves.retreats.iter().any(|s| s.as_str() == side) {
        return MayMove::Yes;
    }
    if !moves.sides.iter().any(|s| s.as_str() == side) {
        return MayMove::NotItsSide;
    }
    let any_type = moves.unit_types.is_empty();
    if any_type || moves.unit_types.iter().any(|t| t.as_str() == unit_type) {
        MayMove::Yes
    } else {
        MayMove::NotItsType
    }
}

/// The rule that says who moves in `phase`: its `[phases.moves]` citation, else the phase's own.
pub fn moves_rule(phase: &Phase) -> Option<&str> {
    phase
        .moves
        .as_ref()
        .and_then(|m| m.rule.as_ref())
        .or(phase.rule.as_ref())
        .map(|r| r.as_str())
}
