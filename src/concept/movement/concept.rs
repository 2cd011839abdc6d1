//! What the concept `movement` (movement) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::i18n::Entries;
use crate::concept::interface::{Concept, ModuleParts, PrototypeLayer, ToolbarPlace};
use crate::concept::plan::Plan;

pub struct MovementConcept;

impl Concept for MovementConcept {
    fn name(&self) -> &'static str {
        "movement"
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
        let mut traits = super::module::weather_limit_traits(game, plan);
        traits.extend(super::module::allowance_traits(game, plan));
        traits.push(super::module::trail_trait(plan));
        out.unit_prototype.push((PrototypeLayer::MoveCheck, traits));
        out.add_buttons(
            ToolbarPlace::Automation,
            [super::module::clear_trails_button(plan)],
        );
    }
}
