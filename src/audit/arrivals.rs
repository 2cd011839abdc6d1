//! Units that come onto the map: each reinforcement on its turn (`[[reinforcements]]`), and no
//! more replacement steps in a side's replacement phase than the turn gives (`[[replacements]]`).
//! The scenario a log plays is not in the log: a fact is used only where every scenario of the game
//! agrees on it.

use super::checks::Referee;
use super::{Check, Finding, Kind, Spot};
use crate::concept::game::{Phase, Unit};
use crate::concept::sequence::Announcement;
use crate::model::keyword::Keyword;

/// What every scenario says of one fact: the same answer, different answers, or nothing.
enum Agreed<T> {
    Same(T),
    Differ,
    None,
}

fn agreed<T: PartialEq>(answers: impl Iterator<Item = T>) -> Agreed<T> {
    let mut first = None;
    for a in answers {
        match &first {
            None => first = Some(a),
            Some(f) if *f != a => return Agreed::Differ,
            Some(_) => {}
        }
    }
    first.map_or(Agreed::None, Agreed::Same)
}

impl Referee<'_> {
    /// The unit's reinforcement turn and rule, as every scenario that lists it gives it.
    fn arrival_turn(&self, unit: &Unit) -> Agreed<(u32, Option<String>)> {
        agreed(self.game.scenarios.iter().flat_map(|s| {
            s.reinforcements
                .iter()
                .filter(|r| r.unit.as_str() == unit.id.as_str())
                .map(|r| (r.turn.value, r.rule.as_ref().map(|x| x.value.clone())))
        }))
    }

    /// A unit put on the map from another map (`to`: the place's name by the grid).
    pub(super) fn arrived(&mut self, step: usize, id: &str, to: &str, spot: Spot) {
        let Some((unit, name)) = self.unit(id) else {
            return;
        };
        match self.arrival_turn(unit) {
            Agreed::Same((turn, rule)) if self.turn < turn => {
                let finding = Finding {
                    piece: name,
                    unit: Some(unit.id.value.clone()),
                    to: Some(to.to_string()),
                    rule,
                    allows: format!("it arrives as a reinforcement on turn {turn}"),
                    what: format!("entered the map at {to} on turn {}", self.turn),
                    spots: vec![spot],
                    ..self.base(Kind::Violation, Check::Arrivals, step)
                };
                self.findings.push(finding);
            }
            Agreed::Same(_) => {}
            Agreed::Differ => {
                let why = "the turn reinforcements arrive: the scenarios give different turns, and the log does not say which is played".to_string();
                self.not_checked(Check::Arrivals, step, &name, None, why);
            }
            Agreed::None => self.replaced_steps(step, id, None),
        }
    }

    /// The phase under way is `side`'s replacement phase (it announces replacements).
    fn replacement_phase(&self) -> Option<&Phase> {
        let phase = self.game.rules.phases.get(self.phase)?;
        let announces = phase
            .announce
            .iter()
            .any(|a| a.as_str() == Announcement::Replacements.word());
        announces.then_some(phase)
    }

    /// A unit took back steps (`regained`; `None`: it came back onto the map, with as many steps as
    /// its face shows) in its side's replacement phase.
    pub(super) fn replaced_steps(&mut self, _step: usize, id: &str, regained: Option<u32>) {
        let Some(phase) = self.replacement_phase() else {
            return;
        };
        let Some((unit, name)) = self.unit(id) else {
            return;
        };
        if phase.side.as_ref().map(|s| s.as_str()) != Some(unit.side.as_str()) {
            return;
        }
        let steps = regained.unwrap_or_else(|| {
            let face = self.board.pieces.get(id).map_or(0, |p| p.face);
            let faces = self.game.counters.faces_of(unit).len().max(1);
            (faces - face.min(faces - 1)) as u32
        });
        let entry = self.replaced.entry(unit.side.value.clone()).or_default();
        entry.steps += steps;
        entry.units.push(name);
    }

    /// The end of a replacement phase: the steps each side took against the turn's.
    pub(super) fn replacements_used(&mut self, step: usize) {
        let replaced = std::mem::take(&mut self.replaced);
        let turn = self.turn;
        for (side, used) in replaced {
            let given = agreed(self.game.scenarios.iter().flat_map(|s| {
                s.replacements
                    .iter()
                    .filter(|r| r.turn.value == turn)
                    .filter_map(|r| {
                        let n = r.steps.get(&side)?;
                        Some((n.value, r.rule.as_ref().map(|x| x.value.clone())))
                    })
            }));
            let names = used.units.join(", ");
            match given {
                Agreed::Same((n, _)) if used.steps <= n => {}
                Agreed::Same((n, rule)) => {
                    let finding = Finding {
                        piece: names,
                        rule,
                        allows: format!("{n} replacement step(s) on turn {turn}"),
                        what: format!("{} step(s) taken back in the phase", used.steps),
                        ..self.base(Kind::Violation, Check::Arrivals, step)
                    };
                    self.findings.push(finding);
                }
                Agreed::Differ | Agreed::None => {
                    let why = "the replacement steps used: the scenarios do not agree on the turn's steps, or do not give them".to_string();
                    self.not_checked(Check::Arrivals, step, &names, None, why);
                }
            }
        }
    }
}
