//! What the concept `morale` (morale chits) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::i18n::{Entries, Texts};
use crate::concept::interface::{AtStartParts, Concept, ModuleParts, TrackStack};
use crate::concept::plan::{box_region, OffMapBox, OffMapRow, Plan};

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

    fn off_map_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<OffMapBox>) {
        let Some(m) = &game.rules.morale else {
            return;
        };
        // Every chit starts in the cup (`module::cup_chits`).
        out.extend(m.boxes().into_iter().map(|b| {
            let in_cup = m.cup.as_ref().is_some_and(|c| c.as_str() == b.as_str());
            let chits = if in_cup { m.chits.value } else { 0 };
            OffMapBox::empty(OffMapRow::Pieces, box_region(tx, b)).holding(chits)
        }));
    }

    fn module(&self, game: &Game, _plan: &Plan, out: &mut ModuleParts) {
        out.globals.extend(super::module::globals(game));
    }

    fn at_start(&self, game: &Game, plan: &Plan, gpids: &mut Gpids, out: &mut AtStartParts) {
        if let Some((region, point, pieces)) = super::module::cup_chits(game, plan, gpids) {
            out.track_stacks.push(TrackStack {
                region,
                point,
                // A chit is drawn at the counters' size, as every marker face is.
                size: game.counters.counters.size,
                pieces,
            });
        }
    }
}
