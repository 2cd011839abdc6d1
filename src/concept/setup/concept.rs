//! What the concept `setup` (scenarios and their setup) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::{Game, Loaded, ScenarioFile};
use crate::concept::gpids::Gpids;
use crate::i18n::{Entries, Texts};
use crate::concept::interface::{Concept, ModuleParts, Placed};
use crate::concept::plan::{OffMapBox, Plan, TurnBox};

pub struct SetupConcept;

impl Concept for SetupConcept {
    fn name(&self) -> &'static str {
        "setup"
    }

    fn turn_box(&self, game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox) {
        super::track::schedule(game, tx, turn, out);
    }

    fn off_map_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<OffMapBox>) {
        out.extend(super::track::pools(game, tx));
    }

    fn reserved_gpids(&self, game: &Game, out: &mut Vec<String>) {
        out.extend(super::slots::AtStartSlots::of(game).keys(game));
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

    fn module(&self, game: &Game, _plan: &Plan, out: &mut ModuleParts) {
        if let Some((global, values)) = super::module::scenario_property(game) {
            out.globals.push(global);
            out.scenario_values.extend(values);
        }
    }

    fn placements(
        &self,
        game: &Game,
        plan: &Plan,
        concepts: &[&dyn Concept],
        scenario: &Loaded<ScenarioFile>,
        gpids: &mut Gpids,
        out: &mut Vec<Placed>,
    ) {
        out.extend(super::module::placements(
            game, plan, concepts, scenario, gpids,
        ));
    }
}
