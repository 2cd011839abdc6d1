//! Advance after combat (`[combat] advance`, Battle for Moscow 9.0 step 6): in a phase in which
//! combats were resolved, a unit of the attacking side moves only to advance into the hex its
//! defenders left, no more of them than the rules allow; a unit of the other side moves only as a
//! defender of a combat (its retreat is held to the result by the combat check).

use super::{PhaseMove, Referee};
use crate::audit::resolved::Resolved;
use crate::audit::{hex_at, Kind};
use crate::concept::game::HexId;
use std::collections::{BTreeMap, BTreeSet};

impl Referee<'_> {
    /// Every move of the phase under way against the combats resolved in it.
    pub(super) fn advances(&mut self) {
        let Some(advance) = self.game.rules.combat.advance.clone() else {
            return;
        };
        if self.combats.is_empty() {
            return;
        }
        let rule = advance.rule.as_ref().map(|r| r.value.clone());
        let combats = self.combats.clone();
        let moves: Vec<(String, PhaseMove)> = self
            .moved
            .iter()
            .map(|(id, m)| (id.clone(), m.clone()))
            .collect();
        let mut advanced: BTreeMap<usize, u32> = BTreeMap::new();
        for (id, m) in &moves {
            let (Some(from), Some(to)) = (&m.from, &m.to) else {
                continue;
            };
            if from.1 == to.1
                || combats
                    .iter()
                    .any(|c| c.defenders.iter().any(|d| &d.id == id))
            {
                continue; // a retreat: the combat check holds it to the result
            }
            let Some(what) = self.not_an_advance(id, to.1, &combats, &mut advanced, advance.units)
            else {
                continue;
            };
            let allows = format!(
                "after a combat whose defenders left their hex, up to {} of its attackers may advance into it; no other unit moves",
                advance.units
            );
            // A move into a hex an enemy unit left in the phase may be the advance of a combat
            // resolved outside the module, which the log does not record: a doubt, not a fault.
            let into_vacated = self.vacated_in_phase(id, &moves).contains(&to.1);
            let kind = if self.attacking_side(id, &combats) && !into_vacated {
                Kind::Violation
            } else {
                Kind::Doubt
            };
            self.find_move(kind, id, m, rule.clone(), allows, what);
        }
    }

    /// Why the move of `id` to `to` is no advance after combat, or `None` when it is one.
    fn not_an_advance(
        &self,
        id: &str,
        to: HexId,
        combats: &[Resolved],
        advanced: &mut BTreeMap<usize, u32>,
        units: u32,
    ) -> Option<String> {
        let attacked = combats
            .iter()
            .enumerate()
            .find(|(_, c)| c.attackers.iter().any(|a| a.id == id));
        let Some((i, c)) = attacked else {
            return Some("moved in a phase of combats, though it attacked in none of them".into());
        };
        if to != c.hex.1 {
            return Some(format!(
                "moved, though an attacker may only advance into {}, the hex it attacked",
                c.hex.0
            ));
        }
        if !self.vacated(c) {
            return Some(format!(
                "advanced into {}, though its defenders did not leave it",
                c.hex.0
            ));
        }
        let count = advanced.entry(i).or_insert(0);
        *count += 1;
        (*count > units)
            .then(|| format!("advanced into {}, one unit more than {units} may", c.hex.0))
    }

    /// Every defender of `c` has left its hex (eliminated or retreated).
    fn vacated(&self, c: &Resolved) -> bool {
        c.defenders.iter().all(|d| {
            let p = self.board.pieces.get(&d.id);
            let at = p.and_then(|p| hex_at(self.game, self.locations, &p.map, p.x, p.y));
            at.is_none_or(|(_, hex)| hex != c.hex.1)
        })
    }

    /// The hexes that units of the other side than `id`'s stood in when they first moved in the
    /// phase and have left (retreated, eliminated).
    fn vacated_in_phase(&self, id: &str, moves: &[(String, PhaseMove)]) -> BTreeSet<HexId> {
        let side = |piece: &str| self.unit(piece).map(|(u, _)| u.side.value.clone());
        let mine = side(id);
        let enemy = moves.iter().filter(|(other, _)| side(other) != mine);
        let start_and_end = enemy.map(|(_, m)| (m.from.as_ref(), m.to.as_ref()));
        let left = start_and_end.filter_map(|(from, to)| match (from, to) {
            (Some(f), to) if to.map(|t| t.1) != Some(f.1) => Some(f.1),
            _ => None,
        });
        left.collect()
    }

    /// The piece `id` is of a side that attacked in the phase's combats.
    fn attacking_side(&self, id: &str, combats: &[Resolved]) -> bool {
        let side = |piece: &str| self.unit(piece).map(|(u, _)| u.side.value.clone());
        let mine = side(id);
        combats
            .iter()
            .flat_map(|c| &c.attackers)
            .any(|a| mine.is_some() && side(&a.id) == mine)
    }
}
