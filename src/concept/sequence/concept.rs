//! What the concept `sequence` (the sequence of play) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::i18n::{Entries, Texts};
use crate::concept::interface::{Concept, ModuleParts, ToolbarPlace};
use crate::concept::plan::{Plan, TurnBox};

pub struct SequenceConcept;

impl Concept for SequenceConcept {
    fn name(&self) -> &'static str {
        "sequence"
    }

    fn turn_box(&self, game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox) {
        super::track::turn_lines(game, tx, turn, out);
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
        out.add_buttons(ToolbarPlace::Dice, super::module::dice_buttons(game, plan));
        out.turn_report = Some(super::module::phase_report(game, plan));
    }
}
