//! What the concept `art` (the designer's art) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::interface::Concept;

pub struct ArtConcept;

impl Concept for ArtConcept {
    fn name(&self) -> &'static str {
        "art"
    }

    fn check(&self, cx: &mut Context<'_>) {
        super::check::check(cx);
    }
}
