//! What the concept `raw` (parts of an imported module kept verbatim) gives each stage: its hooks of
//! [`Concept`], listed once in the registry (`src/concept/mod.rs`).

use crate::concept::game::Game;
use crate::concept::interface::{Concept, ModuleParts};
use crate::concept::plan::Plan;

pub struct RawConcept;

impl Concept for RawConcept {
    fn name(&self) -> &'static str {
        "raw"
    }

    fn module(&self, game: &Game, _plan: &Plan, parts: &mut ModuleParts) {
        let Some(raw) = &game.rules.raw else { return };
        parts.raw.extend(
            raw.components
                .iter()
                .map(|c| (c.place, crate::vassal::xml::El::raw(c.xml.clone()))),
        );
    }
}
