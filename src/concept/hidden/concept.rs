//! What the concept `hidden` (untried units) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::{Game, Unit};
use crate::concept::gpids::Gpids;
use crate::i18n::Entries;
use crate::concept::interface::{AtStartParts, Concept, FaceParts};
use crate::concept::plan::{box_region, Plan};
use crate::i18n::Texts;

pub struct HiddenConcept;

impl Concept for HiddenConcept {
    fn name(&self) -> &'static str {
        "hidden"
    }

    fn texts(&self, game: &Game, out: &mut Entries) {
        super::texts::entries(game, out);
    }

    fn interface_texts(&self, out: &mut Entries) {
        super::texts::interface_texts(out);
    }

    fn check(&self, cx: &mut Context<'_>) {
        super::check::check(cx);
    }

    fn unit_faces(
        &self,
        game: &Game,
        plan: &Plan,
        unit: &Unit,
        faces: &[&str],
        out: &mut FaceParts,
    ) {
        super::module::untried_parts(game, plan, unit, faces, out);
    }

    fn draw_pile_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<String>) {
        let cups = game.counters.untried.iter().flat_map(|u| &u.cups);
        out.extend(cups.map(|c| box_region(tx, c)));
    }

    fn at_start(&self, game: &Game, plan: &Plan, _gpids: &mut Gpids, out: &mut AtStartParts) {
        out.draw_piles
            .extend(super::module::cup_regions(game, plan));
    }
}
