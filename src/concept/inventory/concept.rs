//! What the concept `inventory` (the window of units by side and place) gives each stage: its hooks
//! of [`Concept`], listed once in the registry (`src/concept/mod.rs`).

use crate::concept::game::Game;
use crate::concept::interface::{Concept, ModuleParts, PrototypeLayer, ToolbarPlace};
use crate::concept::plan::Plan;
use crate::i18n::Entries;

pub struct InventoryConcept;

impl Concept for InventoryConcept {
    fn name(&self) -> &'static str {
        "inventory"
    }

    fn texts(&self, game: &Game, out: &mut Entries) {
        super::texts::entries(game, out);
    }

    fn interface_texts(&self, out: &mut Entries) {
        super::texts::interface_texts(out);
    }

    fn module(&self, game: &Game, plan: &Plan, out: &mut ModuleParts) {
        out.unit_prototype.push((
            PrototypeLayer::Inventory,
            vec![super::module::side_name_trait(game, plan)],
        ));
        out.add_buttons(ToolbarPlace::Automation, [super::module::inventory(plan)]);
    }
}
