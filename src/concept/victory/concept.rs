//! What the concept `victory` (victory) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::i18n::Entries;
use crate::concept::interface::{Concept, ModuleParts, ToolbarPlace};
use crate::concept::plan::Plan;

pub struct VictoryConcept;

impl Concept for VictoryConcept {
    fn name(&self) -> &'static str {
        "victory"
    }

    fn fill_plan(&self, game: &Game, plan: &mut Plan) {
        plan.control_images = super::module::control_images(game);
        plan.control_markers = crate::concept::plan::ControlMarkers {
            count: super::module::control_marker_count(game),
            rules: super::module::control_rules(game),
        };
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

    fn composed_names(&self, game: &Game, plan: &Plan, out: &mut Vec<String>) {
        out.extend(
            game.map
                .cities
                .iter()
                .map(|c| super::module::control_name(plan, c)),
        );
    }

    fn module(&self, game: &Game, plan: &Plan, out: &mut ModuleParts) {
        out.add_buttons(ToolbarPlace::Automation, super::module::buttons(game, plan));
    }
}
