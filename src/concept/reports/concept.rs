//! What the concept `reports` (who did what, in the chat) gives each stage: its hooks of
//! [`Concept`], listed once in the registry (`src/concept/mod.rs`). The maps' formats that use its
//! text are written by `emit::module` through the shared `concept::module::reported_by`.

use crate::concept::game::Game;
use crate::concept::interface::Concept;
use crate::i18n::Entries;

pub struct ReportsConcept;

impl Concept for ReportsConcept {
    fn name(&self) -> &'static str {
        "reports"
    }

    fn texts(&self, game: &Game, out: &mut Entries) {
        super::texts::entries(game, out);
    }

    fn interface_texts(&self, out: &mut Entries) {
        super::texts::interface_texts(out);
    }
}
