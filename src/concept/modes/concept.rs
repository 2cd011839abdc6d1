//! What the concept `modes` (modes) gives each stage: its hooks of [`Concept`], listed
//! once in the registry (`src/concept/mod.rs`).

use crate::concept::context::Context;
use crate::concept::game::{Game, Unit};
use crate::i18n::Entries;
use crate::concept::interface::{CommandLayer, Concept};
use crate::concept::plan::Plan;
use crate::vassal::traits::{Piece, Trait};

pub struct ModesConcept;

impl Concept for ModesConcept {
    fn name(&self) -> &'static str {
        "modes"
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

    fn unit_commands(
        &self,
        game: &Game,
        plan: &Plan,
        unit: &Unit,
        _piece_of: &dyn Fn(&Unit, &str) -> Option<Piece>,
        out: &mut Vec<(CommandLayer, Vec<Trait>)>,
    ) {
        out.push((
            CommandLayer::Mode,
            super::module::mode_traits(game, plan, unit),
        ));
    }
}
