//! What the concept `units` (units) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::i18n::{Entries, Texts};
use crate::concept::interface::{Concept, ModuleParts, PaletteList, PrototypeLayer};
use crate::concept::plan::{OffMapBox, OffMapRow, Plan};

pub struct UnitsConcept;

impl Concept for UnitsConcept {
    fn name(&self) -> &'static str {
        "units"
    }

    fn off_map_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<OffMapBox>) {
        out.extend(
            super::names::eliminated_boxes(game, tx)
                .into_values()
                .map(|b| OffMapBox::empty(OffMapRow::Eliminated, b)),
        );
    }

    fn fill_plan(&self, game: &Game, plan: &mut Plan) {
        super::names::fill_plan(game, plan);
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
        out.unit_prototype
            .push((PrototypeLayer::Reports, super::module::report_traits(plan)));
        out.prototypes
            .extend(super::module::side_prototypes(game, plan));
    }

    fn palette(
        &self,
        game: &Game,
        plan: &Plan,
        concepts: &[&dyn Concept],
        gpids: &mut Gpids,
        out: &mut Vec<PaletteList>,
    ) {
        out.extend(super::module::palette_lists(game, plan, concepts, gpids));
    }
}
