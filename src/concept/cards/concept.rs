//! What the concept `cards` (cards) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::i18n::Entries;
use crate::concept::interface::Concept;
use crate::concept::plan::{Plan, TrackLayout};
use crate::vassal::xml::El;

pub struct CardsConcept;

impl Concept for CardsConcept {
    fn name(&self) -> &'static str {
        "cards"
    }

    fn fill_plan(&self, game: &Game, plan: &mut Plan) {
        super::board::fill_plan(game, plan);
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

    fn card_piles(
        &self,
        game: &Game,
        plan: &Plan,
        layout: &TrackLayout,
        gpids: &mut Gpids,
        out: &mut Vec<El>,
    ) {
        out.extend(super::module::deck_piles(game, plan, layout, gpids));
    }
}
