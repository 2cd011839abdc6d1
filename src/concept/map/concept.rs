//! What the concept `map` (the map) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::i18n::{Entries, Texts};
use crate::concept::interface::{Concept, ModuleParts, PrototypeLayer};
use crate::concept::plan::{Board, OffMapBox, Plan};

pub struct MapConcept;

impl Concept for MapConcept {
    fn name(&self) -> &'static str {
        "map"
    }

    fn board(&self, game: &Game) -> Option<Board> {
        Some(super::board::board(game))
    }

    fn off_map_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<OffMapBox>) {
        out.extend(super::board::area_boxes(game, tx));
    }

    fn texts(&self, game: &Game, out: &mut Entries) {
        super::texts::entries(game, out);
        super::texts::area_entries(game, out);
    }

    fn interface_texts(&self, out: &mut Entries) {
        super::texts::interface_texts(out);
    }

    fn check(&self, cx: &mut Context<'_>) {
        super::check::check(cx);
    }

    fn module(&self, game: &Game, _plan: &Plan, out: &mut ModuleParts) {
        out.globals.extend(super::module::globals(game));
        out.unit_prototype
            .push((PrototypeLayer::Terrain, super::module::unit_traits(game)));
    }
}
