//! The registry: every rule concept, listed once. The stages loop over this list and name no
//! concept; a new concept is one folder, one line here and one field of the game
//! (`concept::game`).
//!
//! The order is the order of contributions within a place: the module's global properties and its
//! automation buttons appear in it, and the at-start pieces take their ids in it (a scenario's
//! placements before the morale chits).

use crate::concept::interface::Concept;
use crate::concept::{
    air, art, barrage, cards, combat, hidden, map, markers, modes, morale, movement, provenance,
    releases, sequence, series, setup, stacking, steps, supply, units, victory, weather,
};

/// Every concept, in contribution order.
pub static CONCEPTS: &[&dyn Concept] = &[
    &series::concept::SeriesConcept,
    &units::concept::UnitsConcept,
    &markers::concept::MarkersConcept,
    &modes::concept::ModesConcept,
    &hidden::concept::HiddenConcept,
    &steps::concept::StepsConcept,
    &sequence::concept::SequenceConcept,
    &map::concept::MapConcept,
    &art::concept::ArtConcept,
    &movement::concept::MovementConcept,
    &stacking::concept::StackingConcept,
    &combat::concept::CombatConcept,
    &cards::concept::CardsConcept,
    &setup::concept::SetupConcept,
    &morale::concept::MoraleConcept,
    &barrage::concept::BarrageConcept,
    &air::concept::AirConcept,
    &victory::concept::VictoryConcept,
    &weather::concept::WeatherConcept,
    &provenance::concept::ProvenanceConcept,
    &releases::concept::ReleasesConcept,
    &supply::concept::SupplyConcept,
];
