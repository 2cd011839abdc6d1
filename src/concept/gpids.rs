//! Stable piece-slot ids.

use std::collections::BTreeMap;

/// Stable piece-slot ids: a hash of what the slot holds, so adding a unit does not renumber the
/// others (saved games and "Refresh Counters" match pieces by gpid). See docs/identity.md.
#[derive(Debug, Default, Clone)]
pub struct Gpids {
    used: BTreeMap<u32, String>,
}

impl Gpids {
    /// Ids for `keys` handed out in sorted order, whatever order they come in: when two hashes
    /// collide, the key that sorts first keeps its hash and the other takes the next free id, on
    /// every build and whatever the order of the data.
    pub fn with_reserved(keys: impl IntoIterator<Item = String>) -> Gpids {
        let mut keys: Vec<String> = keys.into_iter().collect();
        keys.sort();
        keys.dedup();
        let mut gpids = Gpids::default();
        for key in &keys {
            gpids.get(key);
        }
        gpids
    }

    pub fn get(&mut self, key: &str) -> String {
        let mut h: u32 = 0x811c_9dc5;
        for b in key.bytes() {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
        let mut id = 1000 + h % 900_000;
        while let Some(existing) = self.used.get(&id) {
            if existing == key {
                return id.to_string();
            }
            id += 1;
        }
        self.used.insert(id, key.to_string());
        id.to_string()
    }

    /// The id of `key` if it was handed out, without handing out a new one.
    pub fn peek(&self, key: &str) -> Option<String> {
        self.used
            .iter()
            .find(|(_, k)| k.as_str() == key)
            .map(|(id, _)| id.to_string())
    }

    pub fn next_free(&self) -> u32 {
        self.used.keys().next_back().map_or(1000, |m| m + 1)
    }
}

/// The keys of the counter palette's slots: one per unit and one per marker. They are reserved
/// before any other id, so their ids depend only on the set of units and markers.
pub fn palette_keys(game: &crate::concept::game::Game) -> Vec<String> {
    let units = game.counters.units.iter().map(|u| palette_unit_key(&u.id));
    let markers = game
        .counters
        .markers
        .iter()
        .map(|m| palette_marker_key(&m.id));
    units.chain(markers).collect()
}

/// The key of a unit's palette slot.
pub fn palette_unit_key(unit_id: &str) -> String {
    format!("palette:{unit_id}")
}

/// The key of a marker's palette slot.
pub fn palette_marker_key(marker_id: &str) -> String {
    format!("palette-marker:{marker_id}")
}
