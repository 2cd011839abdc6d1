//! Which piece slot each scenario piece matches (docs/identity.md): the first scenario's pieces are
//! the module's at-start slots; the same keys name the pieces of every saved scenario.

use crate::concept::game::Game;
use crate::concept::gpids::palette_unit_key;

/// The module's at-start slots: the first scenario's pieces. Every scenario's pieces carry the id of
/// the slot they match (a unit the first scenario does not set up, its palette slot's), so that a
/// saved scenario's pieces match a slot of the module (Refresh Counters, docs/identity.md).
pub struct AtStartSlots {
    scenario: String,
    units: std::collections::BTreeSet<String>,
}

impl AtStartSlots {
    pub fn of(game: &Game) -> AtStartSlots {
        let Some(first) = game.scenarios.first() else {
            return AtStartSlots {
                scenario: String::new(),
                units: Default::default(),
            };
        };
        let eff = game.effective(first);
        let placed = eff.setup.1.iter().map(|p| p.unit.value.clone());
        let boxed = eff.off_map.1.iter().map(|o| o.unit.value.clone());
        let arriving = eff.reinforcements.1.iter().map(|r| r.unit.value.clone());
        AtStartSlots {
            scenario: first.scenario.id.value.clone(),
            units: placed.chain(boxed).chain(arriving).collect(),
        }
    }

    /// The key of the slot a piece matches: `what` is a unit id, `control:<hex>` or `weather`.
    pub fn key(&self, what: &str) -> String {
        let is_marker = what == "weather" || what.starts_with("control:");
        if is_marker || self.units.contains(what) {
            format!("setup:{}:{what}", self.scenario)
        } else {
            palette_unit_key(what)
        }
    }

    /// Every at-start slot's key, for reserving their ids before any other (sorted there).
    pub fn keys(&self, game: &Game) -> Vec<String> {
        let markers = game
            .map
            .cities
            .iter()
            .map(|c| format!("control:{}", c.hex.as_str()))
            .chain(std::iter::once("weather".to_string()));
        self.units
            .iter()
            .cloned()
            .chain(markers)
            .map(|what| self.key(&what))
            .collect()
    }
}
