//! What the concept `barrage` (barrage) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::{Game, Unit};
use crate::i18n::Entries;
use crate::concept::interface::{CommandLayer, Concept, ModuleParts, PrototypeLayer, ToolbarPlace};
use crate::concept::plan::Plan;
use crate::vassal::traits::{Piece, Trait};

pub struct BarrageConcept;

impl Concept for BarrageConcept {
    fn name(&self) -> &'static str {
        "barrage"
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
        out.add_buttons(ToolbarPlace::Automation, super::module::buttons(game, plan));
        out.globals.extend(super::module::globals(game, plan));
        out.unit_prototype.push((
            PrototypeLayer::Barrage,
            super::module::unit_traits(game, plan),
        ));
    }

    fn unit_commands(
        &self,
        game: &Game,
        plan: &Plan,
        unit: &Unit,
        _piece_of: &dyn Fn(&Unit, &str) -> Option<Piece>,
        out: &mut Vec<(CommandLayer, Vec<Trait>)>,
    ) {
        out.push((
            CommandLayer::Barrage,
            super::module::firer_traits(game, plan, unit),
        ));
    }
}
