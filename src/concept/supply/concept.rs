//! What the concept `supply` (supply) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::interface::Concept;

pub struct SupplyConcept;

impl Concept for SupplyConcept {
    fn name(&self) -> &'static str {
        "supply"
    }
}
