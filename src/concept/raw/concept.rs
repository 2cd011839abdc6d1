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

    fn fill_plan(&self, game: &Game, plan: &mut Plan) {
        let Some(raw) = &game.rules.raw else { return };
        plan.raw_prototypes.extend(raw.components.iter().flat_map(|c| c.prototype_names()));
    }

    fn module(&self, game: &Game, _plan: &Plan, parts: &mut ModuleParts) {
        let Some(raw) = &game.rules.raw else { return };
        parts.raw.extend(
            raw.components
                .iter()
                .map(|c| (c.place, crate::vassal::xml::El::raw(c.xml.clone()))),
        );
        parts.left_to_vassal.extend(raw.left_to_vassal.iter().copied());
    }
}
