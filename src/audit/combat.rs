//! Each combat the log resolves, held against the rules twice: when the module's Resolve button
//! records its result, the combat is recomputed with the rule `vmodc odds` uses
//! (`Battle::resolve`) from the units the players marked, the defender's hex and the roll the
//! module made; when the phase ends, the result (`[combat.results.applies]`) is held against what
//! the players did to the units: steps lost, a retreat, an elimination.

use super::checks::Referee;
use super::resolved::{Fault, Fighter, Resolved};
use super::{hex_at, Check, Finding, Kind};
use crate::concept::combat::battle::{Attacker, Battle, Defender};
use crate::concept::combat::step_terms::steps;
use crate::concept::combat::{Combat, ResultEffect};
use crate::concept::game::{HexId, Unit};
use crate::concept::map::place::terrain_at;
use crate::concept::module::props;
use crate::concept::sequence::module::{combat_dice_name, dice_roll_reported};

/// Whether every input of the game's combat is on the board: with counts, declarations, attack
/// kinds, action ratings, surprise, defence modes or marker modifiers, the players' choices that
/// the log does not hold as unit values change the odds, and a disagreement is a doubt.
fn board_holds_every_input(combat: &Combat) -> bool {
    combat.counts.is_empty()
        && combat.declarations.is_empty()
        && combat.attack_kinds.len() <= 1
        && combat.surprise.is_none()
        && combat.action_rating.is_none()
        && combat.strength_modifiers.is_empty()
        && combat.defence_bonuses.is_empty()
        && combat.roll_modifiers.is_empty()
}

impl Referee<'_> {
    /// The piece `id` took a new state: when it is a marked defender whose combat result was
    /// empty and now holds one, the module resolved a combat at this step.
    pub(super) fn combat_recorded(&mut self, step: usize, id: &str, result_before: &str) {
        let result = self.board.property(id, steps::RESULT).unwrap_or_default();
        let defends = self.board.property(id, props::COMBAT_ROLE).as_deref() == Some("defender");
        if !defends || result.is_empty() || result == result_before {
            return;
        }
        let Some(resolved) = self.combat_of_marks(step, id, result) else {
            return;
        };
        self.recompute(id, &resolved);
        self.combats.push(resolved);
    }

    /// The combat the marked units make against the defender `id`, with `result`.
    fn combat_of_marks(&self, step: usize, id: &str, result: String) -> Option<Resolved> {
        let hex = self.hex_of(id)?;
        let grid = &self.game.map.grid;
        let cities = self.game.map.cities.iter();
        let city = cities
            .into_iter()
            .find(|c| grid.parse(&c.hex) == Some(hex.1))
            .map(|c| c.kind.value.clone());
        Some(Resolved {
            spot: self.board.pieces.get(id)?.spot(),
            step,
            result,
            attackers: self.marked("attacker"),
            defenders: self.marked("defender"),
            hex,
            city,
            by_hand: None,
        })
    }

    /// A chat line: a roll of the combat dice with the module's dice button while units are marked
    /// to attack and defend, and no result recorded for them, is a combat resolved by hand. It is
    /// read as the table reads that roll and kept like one the module resolved, so that the end of
    /// the phase holds the players to its result; rolling again for the same combat is a doubt.
    pub(super) fn hand_rolled(&mut self, step: usize, line: &str) {
        let name = combat_dice_name(self.game);
        let Some(roll) = dice_roll_reported(line, &name) else {
            return;
        };
        let defenders = self.marked("defender");
        let recorded = |d: &Fighter| {
            let result = self.board.property(&d.id, steps::RESULT);
            result.is_some_and(|r| !r.is_empty())
        };
        let (Some(first), false) = (defenders.first(), defenders.iter().any(recorded)) else {
            return;
        };
        if self.marked("attacker").is_empty() {
            return;
        }
        let id = first.id.clone();
        let Some(mut c) = self.combat_of_marks(step, &id, String::new()) else {
            return;
        };
        let same = |k: &Resolved| k.by_hand.is_some() && ids(&k.defenders) == ids(&c.defenders);
        if let Some(earlier) = self.combats.iter().find(|k| same(k)).cloned() {
            return self.rolled_again(step, &earlier, roll);
        }
        let rule = self.combat_rule();
        let Some(expected) = self.table_result(&id, &c, roll) else {
            let why =
                "combats resolved by hand on odds or table cells the rules data does not give"
                    .to_string();
            return self.not_checked(Check::Combat, step, &names(&c.defenders), rule, why);
        };
        c.result = expected;
        c.by_hand = Some(roll);
        self.combats.push(c);
    }

    /// The combat rule's section (`[combat] rule`), which the combat findings cite.
    fn combat_rule(&self) -> Option<String> {
        self.game
            .rules
            .combat
            .rule
            .as_ref()
            .map(|r| r.value.clone())
    }

    /// The result the table gives the marked combat `c` for `roll`.
    fn table_result(&self, defender_id: &str, c: &Resolved, roll: u32) -> Option<String> {
        let mut battle = self.battle_of(defender_id, c)?;
        battle.roll = Some(roll);
        battle
            .resolve(self.game)
            .ok()?
            .result(roll)
            .map(str::to_string)
    }

    /// The combat dice rolled again by hand for a combat already rolled in the phase.
    fn rolled_again(&mut self, step: usize, earlier: &Resolved, roll: u32) {
        let first = earlier.by_hand.unwrap_or_default();
        let finding = Finding {
            piece: names(&earlier.defenders),
            to: Some(earlier.hex.0.clone()),
            spots: vec![earlier.spot.clone()],
            rule: self.combat_rule(),
            allows: "one roll of the combat dice for each combat".to_string(),
            what: format!(
                "the combat dice were rolled again ({roll}) for the combat against {} in {}, first rolled {first}, which reads {}",
                names(&earlier.defenders),
                earlier.hex.0,
                earlier.result
            ),
            ..self.base(Kind::Doubt, Check::Combat, step)
        };
        self.findings.push(finding);
    }

    fn hex_of(&self, id: &str) -> Option<(String, HexId)> {
        let p = self.board.pieces.get(id)?;
        hex_at(self.game, self.locations, &p.map, p.x, p.y)
    }

    /// The units marked with `role` (`attacker`, `defender`), as they stand.
    fn marked(&self, role: &str) -> Vec<Fighter> {
        let ids: Vec<String> = self
            .board
            .pieces
            .keys()
            .filter(|id| self.board.property(id, props::COMBAT_ROLE).as_deref() == Some(role))
            .cloned()
            .collect();
        ids.iter()
            .filter_map(|id| {
                let (unit, name) = self.unit(id)?;
                let face = self.board.pieces.get(id)?.face;
                Some(Fighter {
                    id: id.clone(),
                    name,
                    unit: Some(unit.id.value.clone()),
                    face,
                    faces: self.game.counters.faces_of(unit).len().max(1),
                    hex: self.hex_of(id),
                })
            })
            .collect()
    }

    /// The combat recomputed by the rules: the module's recorded result against the table's.
    fn recompute(&mut self, defender_id: &str, c: &Resolved) {
        let game = self.game;
        let combat = &game.rules.combat;
        let rule = self.combat_rule();
        let names = names(&c.defenders);
        let Some(battle) = self.battle_of(defender_id, c) else {
            let why =
                "the odds of combats whose units' printed strengths the rules data does not give"
                    .to_string();
            self.not_checked(Check::Combat, c.step, &names, rule, why);
            return;
        };
        let Ok(outcome) = battle.resolve(game) else {
            let why = "the odds of combats the rules data cannot decide (a shift or modifier it does not hold)".to_string();
            self.not_checked(Check::Combat, c.step, &names, rule, why);
            return;
        };
        let Some(roll) = battle.roll else {
            return;
        };
        let Some(expected) = outcome.result(roll) else {
            let why = "combat results on table cells the sources do not give".to_string();
            self.not_checked(Check::Combat, c.step, &names, rule, why);
            return;
        };
        if expected == c.result {
            return;
        }
        let kind = if board_holds_every_input(combat) {
            Kind::Violation
        } else {
            Kind::Doubt
        };
        let what = format!(
            "the combat against {} in {} was given {}; by the rules it is {}",
            names,
            c.hex.0,
            c.result,
            outcome.line()
        );
        let allows = format!("roll {roll} on the odds the rules give reads {expected}");
        let finding = Finding {
            piece: names,
            to: Some(c.hex.0.clone()),
            spots: vec![c.spot.clone()],
            rule,
            allows,
            what,
            ..self.base(kind, Check::Combat, c.step)
        };
        self.findings.push(finding);
    }

    /// The battle the marked units make, or `None` when a printed strength is not in the data.
    fn battle_of(&self, defender_id: &str, c: &Resolved) -> Option<Battle> {
        let game = self.game;
        let combat = &game.rules.combat;
        let printed = |f: &Fighter, value: &str| -> Option<(f64, &Unit)> {
            let (unit, _) = self.unit(&f.id)?;
            let strength = game.counters.printed_value(unit, f.face, value)??;
            Some((f64::from(strength), unit))
        };
        let attackers = c
            .attackers
            .iter()
            .map(|f| {
                let (strength, unit) = printed(f, combat.attack_value())?;
                Some(Attacker {
                    strength,
                    unit_type: Some(unit.unit_type.value.clone()),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let defenders = c
            .defenders
            .iter()
            .map(|f| {
                let (strength, unit) = printed(f, combat.defence_value())?;
                Some(Defender {
                    strength,
                    unit_type: Some(unit.unit_type.value.clone()),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        if attackers.is_empty() || defenders.is_empty() {
            return None;
        }
        let mut battle = Battle::against(attackers, defenders);
        battle.defender_side = self.unit(defender_id).map(|(u, _)| u.side.value.clone());
        battle.terrain = Some(terrain_at(game, c.hex.1).to_string());
        battle.city = c.city.clone();
        battle.across = self.crossed_by_all(c);
        battle.turn = self.turn;
        battle.roll = self
            .board
            .property(defender_id, props::COMBAT_ROLL)
            .and_then(|r| r.trim().parse().ok());
        Some(battle)
    }

    /// The hexside features every attacker attacks across.
    fn crossed_by_all(&self, c: &Resolved) -> Vec<String> {
        let game = self.game;
        let grid = &game.map.grid;
        let crosses = |feature: &str, from: HexId| {
            game.map
                .hexsides
                .iter()
                .filter(|set| set.feature.as_str() == feature)
                .flat_map(|set| &set.pairs)
                .any(|pair| {
                    let [a, b] = &pair.value;
                    let (a, b) = (grid.parse(a), grid.parse(b));
                    (a == Some(from) && b == Some(c.hex.1))
                        || (b == Some(from) && a == Some(c.hex.1))
                })
        };
        let mut features: Vec<String> = game
            .map
            .hexsides
            .iter()
            .map(|s| s.feature.value.clone())
            .collect();
        features.sort();
        features.dedup();
        features
            .into_iter()
            .filter(|f| {
                c.attackers
                    .iter()
                    .all(|a| a.hex.as_ref().is_some_and(|(_, h)| crosses(f, *h)))
            })
            .collect()
    }

    /// The end of a phase: each combat's result against what became of its units.
    pub(super) fn combat_results(&mut self, step: usize, log_ended: bool) {
        let combats = std::mem::take(&mut self.combats);
        for c in &combats {
            let Some(effect) = self.effect_of(&c.result) else {
                let why = format!("whether the players applied the result {}: the rules data does not say what it does ([combat.results.applies])", c.result);
                let rule = self.combat_rule();
                self.not_checked(Check::Combat, c.step, &names(&c.defenders), rule, why);
                continue;
            };
            let mut faults = self.defender_faults(c, &effect);
            faults.extend(self.attacker_fault(c, &effect));
            for (piece, unit, what) in faults {
                self.result_not_applied(step, c, (&piece, unit), what, log_ended);
            }
        }
    }

    fn effect_of(&self, code: &str) -> Option<ResultEffect> {
        let combat = &self.game.rules.combat;
        combat
            .results
            .iter()
            .find(|r| r.code.as_str() == code)
            .and_then(|r| r.applies.clone())
    }

    /// What the defenders should have suffered and did not: (piece, unit, what happened).
    fn defender_faults(&self, c: &Resolved, effect: &ResultEffect) -> Vec<Fault> {
        let mut faults = Vec::new();
        for d in &c.defenders {
            let now = self.hex_of(&d.id);
            let face = self.board.pieces.get(&d.id).map(|p| p.face);
            let (Some((label, hex)), Some(face)) = (now, face) else {
                continue; // eliminated: every result is satisfied
            };
            let steps_lost = face.saturating_sub(d.face) as u32;
            let must_die =
                effect.defender_eliminated || d.face + effect.defender_steps as usize >= d.faces;
            if must_die {
                faults.push((
                    d.name.clone(),
                    d.unit.clone(),
                    format!("still stands in {label}, though {} eliminates it", c.result),
                ));
                continue;
            }
            let city_option = c.city.as_ref().is_some_and(|k| {
                effect
                    .step_instead_of_retreat_in
                    .iter()
                    .any(|x| x.as_str() == k)
            });
            let moved = self.map_hexes(c.hex.1, hex);
            let stayed_with_loss =
                moved == Some(0) && city_option && steps_lost > effect.defender_steps;
            if steps_lost < effect.defender_steps && !stayed_with_loss {
                faults.push((
                    d.name.clone(),
                    d.unit.clone(),
                    format!(
                        "lost {steps_lost} step(s) of the {} {} takes",
                        effect.defender_steps, c.result
                    ),
                ));
            }
            let retreat = effect.defender_retreat;
            match moved {
                _ if retreat == 0 || stayed_with_loss => {}
                Some(0) => faults.push((
                    d.name.clone(),
                    d.unit.clone(),
                    format!(
                        "did not retreat from {label}, though {} retreats it {retreat} hex(es)",
                        c.result
                    ),
                )),
                Some(n) if n < retreat => faults.push((
                    d.name.clone(),
                    d.unit.clone(),
                    format!(
                        "retreated {n} hex(es) to {label}, though {} retreats it {retreat}",
                        c.result
                    ),
                )),
                Some(_) if effect.retreat_ends_outside_zoc && self.retreated_into_zoc(&d.id, hex) => {
                    faults.push((
                        d.name.clone(),
                        d.unit.clone(),
                        format!("ended its retreat in {label}, in an enemy zone of control, where a retreating unit is eliminated"),
                    ))
                }
                _ => {}
            }
        }
        faults
    }

    /// The piece `id` ended its retreat in `hex`, a hex of an enemy zone of control as the units
    /// stood when it moved.
    fn retreated_into_zoc(&self, id: &str, hex: HexId) -> bool {
        self.zoc_when_moved(id)
            .is_some_and(|zoc| zoc.contains(&hex))
    }

    /// Steps the attackers should have lost and did not, all together.
    fn attacker_fault(&self, c: &Resolved, effect: &ResultEffect) -> Option<Fault> {
        if effect.attacker_steps == 0 {
            return None;
        }
        let lost: u32 = c
            .attackers
            .iter()
            .map(|a| match self.board.pieces.get(&a.id).map(|p| p.face) {
                Some(face) if self.hex_of(&a.id).is_some() => face.saturating_sub(a.face) as u32,
                _ => (a.faces - a.face) as u32,
            })
            .sum();
        (lost < effect.attacker_steps).then(|| {
            let what = format!(
                "the attackers lost {lost} step(s) of the {} {} takes",
                effect.attacker_steps, c.result
            );
            (names(&c.attackers), None, what)
        })
    }

    fn map_hexes(&self, from: HexId, to: HexId) -> Option<u32> {
        if from == to {
            return Some(0);
        }
        self.hexes_between(from, to)
    }

    fn result_not_applied(
        &mut self,
        step: usize,
        c: &Resolved,
        (piece, unit): (&str, Option<String>),
        what: String,
        log_ended: bool,
    ) {
        let combat = &self.game.rules.combat;
        let result = combat.results.iter().find(|r| r.code.as_str() == c.result);
        let rule = result
            .and_then(|r| r.rule.as_ref())
            .or(combat.rule.as_ref())
            .map(|r| r.value.clone());
        let allows = result.map_or(String::new(), |r| {
            format!("{} ({}): {}", r.name, r.code.as_str(), r.effect)
        });
        let (kind, when) = if log_ended {
            (Kind::Doubt, "when the log ends (the phase had not ended)")
        } else {
            (Kind::Violation, "at the end of the phase")
        };
        let finding = Finding {
            piece: piece.to_string(),
            unit,
            from: Some(c.hex.0.clone()),
            spots: vec![c.spot.clone()],
            rule,
            allows,
            what: match c.by_hand {
                Some(roll) => format!(
                    "{what} {when} (the combat of step {}, rolled by hand: {roll})",
                    c.step
                ),
                None => format!("{what} {when} (the combat of step {})", c.step),
            },
            ..self.base(kind, Check::Combat, step)
        };
        self.findings.push(finding);
    }
}

fn names(fighters: &[Fighter]) -> String {
    fighters
        .iter()
        .map(|f| f.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The pieces of a combat's side, in order.
fn ids(fighters: &[Fighter]) -> Vec<&str> {
    fighters.iter().map(|f| f.id.as_str()).collect()
}
