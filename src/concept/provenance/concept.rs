//! What the concept `provenance` (provenance) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::interface::Concept;

pub struct ProvenanceConcept;

impl Concept for ProvenanceConcept {
    fn name(&self) -> &'static str {
        "provenance"
    }

    fn check(&self, cx: &mut Context<'_>) {
        super::check::check(cx);
    }
}
