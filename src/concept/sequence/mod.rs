//! The turn and phase sequence: dice, phases, the turn count and the turn record.

pub(crate) mod check;
pub mod concept;
pub mod module;
pub mod movers;
pub mod skip;
pub(crate) mod texts;
pub mod track;

use crate::concept::provenance::cited;
use crate::model::keyword::keyword;
use crate::model::spanned::Sp;
use serde::Deserialize;
use std::collections::BTreeMap;

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Dice {
        pub count: u32,
        pub faces: u32,
    }
}

cited! {
    /// A further kind of die (`[[other_dice]]`), for the rolls `[dice]` (the combat die) does not make.
    /// Each gets its own dice button.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct OtherDice {
        pub id: Sp<String>,
        /// The button's name, e.g. `d10`.
        pub name: String,
        pub count: u32,
        pub faces: u32,
        /// Which tables and rolls use these dice, in a sentence for the players (the button's tooltip).
        #[serde(default)]
        pub used_for: String,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Phase {
        pub id: Sp<String>,
        pub name: String,
        /// The side whose phase it is; none for a phase that belongs to both.
        pub side: Option<Sp<String>>,
        /// What the phase allows, in a sentence for the players.
        #[serde(default)]
        pub allows: String,
        /// Scheduled events the module announces when this phase begins: `replacements` (the steps the
        /// phase's side receives this turn), `reinforcements` (the side's units arriving this turn),
        /// `weather` (the current turn's weather).
        #[serde(default)]
        pub announce: Vec<Sp<String>>,
        /// Weather (`[[weather]]` ids) in which the phase is not played (The Last Stand at Moscow 3.0:
        /// no reaction or exploitation in Rain).
        #[serde(default)]
        pub skipped_in: Vec<Sp<String>>,
        /// The first turn the phase is played (3.0 B2: the Katyusha phase from turn 7).
        pub first_turn: Option<Sp<u32>>,
        /// Whose units may move on the map in this phase (`[phases.moves]`), as `vmodc audit`
        /// checks it; without it the audit reports each move in the phase as a doubt.
        pub moves: Option<PhaseMoves>,
    }
}

cited! {
    /// Who may move units on the map in a phase (`[phases.moves]`): moves, retreats and advances
    /// alike (VASSAL records them all as moves).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct PhaseMoves {
        /// Sides (`[[sides]]` ids) whose units may move; none: no unit moves in this phase.
        #[serde(default)]
        pub sides: Vec<Sp<String>>,
        /// Only units of these types (`[[types]]` ids) may move; none: every type.
        #[serde(default)]
        pub unit_types: Vec<Sp<String>>,
        /// Sides whose units of any type may also move in this phase, as retreats after the other
        /// side's attacks or overruns (Blitzkrieg to Moscow 2 12.1 and 11.4: only tanks act in
        /// the breakthrough phase, but the units they attack retreat).
        #[serde(default)]
        pub retreats: Vec<Sp<String>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Turns {
        pub count: Sp<u32>,
        /// Calendar date or label printed on each turn box, in turn order.
        #[serde(default)]
        pub labels: Vec<String>,
    }
}

cited! {
    /// A number printed on the turn record track for some turns (`[[turn_values]]`): a side's air
    /// points, supply units arriving, rebuilds allowed. The turn boxes show it, and the phases in
    /// `announced_in` announce it.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct TurnValue {
        pub id: Sp<String>,
        pub name: String,
        /// The side it belongs to, if any.
        pub side: Option<Sp<String>>,
        /// The value per turn, keyed by the turn number: `{ 5 = 2 }`.
        #[serde(default)]
        pub turns: BTreeMap<Sp<String>, Sp<u32>>,
        /// `false` when the sources give only some turns: the others show `?`, not nothing.
        #[serde(default = "crate::model::spanned::yes")]
        pub complete: bool,
        /// Phases (`[[phases]]` ids) whose announcement states this turn's value.
        #[serde(default)]
        pub announced_in: Vec<Sp<String>>,
    }
}

impl TurnValue {
    /// The value on `turn`: `Some(n)` when given, `None` when not (unknown if the entry is not
    /// `complete`, nothing printed if it is).
    pub fn on_turn(&self, turn: u32) -> Option<u32> {
        self.turns
            .iter()
            .find(|(t, _)| t.parse::<u32>() == Ok(turn))
            .map(|(_, n)| n.value)
    }
}

/// Whether the dice can be rolled: one die or more, two faces or more, and a highest roll the CRT can
/// list (at most 1000).
pub(crate) fn dice_usable(dice: &Dice) -> bool {
    rolls_usable(dice.count, dice.faces)
}

/// Whether `count` dice of `faces` faces can be rolled (the rule of [`dice_usable`]).
pub(crate) fn rolls_usable(count: u32, faces: u32) -> bool {
    count >= 1 && faces >= 2 && count.checked_mul(faces).is_some_and(|m| m <= 1000)
}

keyword! {
    /// A scheduled event the turn tracker announces when a phase begins (`[[phases]] announce`).
    pub enum Announcement {
        /// The replacement steps the phase's side receives this turn.
        Replacements = "replacements",
        /// The phase's side's units arriving this turn.
        Reinforcements = "reinforcements",
        /// The current turn's weather.
        Weather = "weather",
    }
}
