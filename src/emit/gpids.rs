//! Stable piece-slot ids.

use std::collections::BTreeMap;

/// Stable piece-slot ids: a hash of what the slot holds, so adding a unit does not renumber the
/// others (saved games and "Refresh Counters" match pieces by gpid).
#[derive(Debug, Default)]
pub struct Gpids {
    used: BTreeMap<u32, String>,
}

impl Gpids {
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

    pub fn next_free(&self) -> u32 {
        self.used.keys().next_back().map_or(1000, |m| m + 1)
    }
}
