//! What the concept `weather` (weather) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::i18n::{Entries, Texts};
use crate::concept::interface::{Concept, ModuleParts, PrototypeLayer, ToolbarPlace};
use crate::concept::plan::{Plan, TurnBox};

pub struct WeatherConcept;

impl Concept for WeatherConcept {
    fn name(&self) -> &'static str {
        "weather"
    }

    fn turn_box(&self, game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox) {
        super::module::turn_box(game, tx, turn, out);
    }

    fn fill_plan(&self, game: &Game, plan: &mut Plan) {
        super::module::fill_plan(game, plan);
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
        out.unit_prototype
            .push((PrototypeLayer::Weather, super::module::unit_traits(game)));
    }
}
