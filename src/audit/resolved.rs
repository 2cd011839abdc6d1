//! A combat the module resolved (or the players by hand), as the referee keeps it until the end of its phase: the units that
//! fought, as they stood, and the result the module recorded.

use crate::concept::game::HexId;

/// A unit in a resolved combat, as it stood when the result was recorded.
#[derive(Debug, Clone)]
pub struct Fighter {
    pub id: String,
    pub name: String,
    /// The unit's data id.
    pub unit: Option<String>,
    pub face: usize,
    /// How many faces (steps) the unit has.
    pub faces: usize,
    pub hex: Option<(String, HexId)>,
}

/// A result not applied: the piece (or pieces), its unit id when one, and what happened.
pub type Fault = (String, Option<String>, String);

/// A combat the module resolved, its result still to be applied by the end of the phase.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub step: usize,
    pub result: String,
    pub attackers: Vec<Fighter>,
    pub defenders: Vec<Fighter>,
    /// The defenders' hex and its city kind.
    pub hex: (String, HexId),
    pub city: Option<String>,
    /// Where the defender stood, in the map's pixels.
    pub spot: crate::audit::spot::Spot,
    /// The roll, when the players rolled the combat dice by hand (the module's dice button, not
    /// its Resolve button): the result is then the table's for that roll.
    pub by_hand: Option<u32>,
}
