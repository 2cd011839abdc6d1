//! What the concept `releases` (the release history) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::i18n::Entries;
use crate::concept::interface::{Concept, ModuleParts};
use crate::concept::plan::Plan;

pub struct ReleasesConcept;

impl Concept for ReleasesConcept {
    fn name(&self) -> &'static str {
        "releases"
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

    fn module(&self, game: &Game, plan: &Plan, out: &mut ModuleParts) {
        out.help.extend(super::module::help_page(game, plan));
    }
}
