//! What the concept `markers` (markers) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::i18n::Entries;
use crate::concept::interface::{Concept, PaletteList};
use crate::concept::plan::Plan;

pub struct MarkersConcept;

impl Concept for MarkersConcept {
    fn name(&self) -> &'static str {
        "markers"
    }

    fn fill_plan(&self, game: &Game, plan: &mut Plan) {
        plan.marker_images = super::images::marker_images(game);
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

    fn palette(
        &self,
        game: &Game,
        plan: &Plan,
        _concepts: &[&dyn Concept],
        gpids: &mut Gpids,
        out: &mut Vec<PaletteList>,
    ) {
        out.extend(super::module::palette_list(game, plan, gpids));
    }
}
