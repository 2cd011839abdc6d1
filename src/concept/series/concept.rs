//! What the concept `series` (the series' rule index and a game's overrides) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::interface::Concept;

pub struct SeriesConcept;

impl Concept for SeriesConcept {
    fn name(&self) -> &'static str {
        "series"
    }

    fn check(&self, cx: &mut Context<'_>) {
        super::check::check(cx);
    }
}
