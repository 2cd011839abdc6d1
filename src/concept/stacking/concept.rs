//! What the concept `stacking` (stacking) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::{Game, Unit};
use crate::i18n::Entries;
use crate::concept::interface::{Concept, FaceParts, ModuleParts, PrototypeLayer};
use crate::concept::plan::Plan;

pub struct StackingConcept;

impl Concept for StackingConcept {
    fn name(&self) -> &'static str {
        "stacking"
    }

    fn fill_plan(&self, game: &Game, plan: &mut Plan) {
        plan.stack_scale = super::limits::scale(game);
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
        out.unit_prototype.push((
            PrototypeLayer::StackCheck,
            super::module::check_traits(game, plan),
        ));
    }

    fn unit_faces(
        &self,
        game: &Game,
        plan: &Plan,
        unit: &Unit,
        _faces: &[&str],
        out: &mut FaceParts,
    ) {
        out.after_values
            .push(super::module::points_trait(game, plan, unit));
    }
}
