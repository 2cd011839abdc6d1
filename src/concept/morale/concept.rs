//! What the concept `morale` (morale chits) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::i18n::{Entries, Texts};
use crate::concept::interface::{AtStartParts, Concept, ModuleParts, TrackStack};
use crate::concept::plan::{box_region, OffMapRow, Plan, MARKER_SIZE};

pub struct MoraleConcept;

impl Concept for MoraleConcept {
    fn name(&self) -> &'static str {
        "morale"
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

    fn off_map_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<(OffMapRow, String)>) {
        let boxes = game.rules.morale.iter().flat_map(|m| m.boxes());
        out.extend(boxes.map(|b| (OffMapRow::Pieces, box_region(tx, b))));
    }

    fn module(&self, game: &Game, _plan: &Plan, out: &mut ModuleParts) {
        out.globals.extend(super::module::globals(game));
    }

    fn at_start(&self, game: &Game, plan: &Plan, gpids: &mut Gpids, out: &mut AtStartParts) {
        if let Some((region, point, pieces)) = super::module::cup_chits(game, plan, gpids) {
            out.track_stacks.push(TrackStack {
                region,
                point,
                size: MARKER_SIZE,
                pieces,
            });
        }
    }
}
