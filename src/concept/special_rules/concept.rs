//! What the concept `special_rules` (rules stated for the players) gives each stage: its hooks of
//! [`Concept`], listed once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::concept::interface::{Concept, ModuleParts};
use crate::concept::plan::Plan;
use crate::i18n::Entries;

pub struct SpecialRulesConcept;

impl Concept for SpecialRulesConcept {
    fn name(&self) -> &'static str {
        "special_rules"
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
