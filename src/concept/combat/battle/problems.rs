//! A battle's description checked against the game: every id, strength, count, turn and roll, each
//! problem typed by the part of the description it is about, so that a caller can name that part
//! its own way (`vmodc odds` by its flags).

use super::Battle;
use crate::concept::combat::odds::dice_of;
use crate::concept::game::{Count, Game};

/// The part of a battle's description a problem is about, in the order [`Battle::problems`] reports
/// them (the surprise check, absent from a game, is reported before the turn; its roll after the
/// combat roll).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    Attacker,
    Defence,
    AttackerMarker,
    DefenderMarker,
    DefenderType,
    ActionRatings,
    Terrain,
    City,
    DefenderSide,
    Across,
    Weather,
    Count,
    Declaration,
    Kind,
    Turn,
    Roll,
    SurpriseRoll,
}

impl Part {
    /// What an id of this part names (`unknown terrain `swamp``).
    pub fn noun(self) -> &'static str {
        match self {
            Part::Attacker | Part::DefenderType => "unit type",
            Part::AttackerMarker | Part::DefenderMarker => "marker",
            Part::Terrain => "terrain",
            Part::City => "city kind",
            Part::DefenderSide => "side",
            Part::Across => "hexside feature",
            Part::Weather => "weather",
            Part::Count => "count",
            Part::Declaration => "declaration",
            Part::Kind => "kind of attack",
            Part::Defence | Part::ActionRatings | Part::Turn | Part::Roll | Part::SurpriseRoll => {
                "value"
            }
        }
    }
}

/// One thing wrong with a battle's description.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub part: Part,
    /// Which of the part's values (the n-th attacker, count, declaration…); 0 for a part of one
    /// value.
    pub index: usize,
    pub fault: Fault,
}

/// What is wrong with one value of a battle.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// An id the game does not have, with the ids it has.
    Unknown { given: String, valid: Vec<String> },
    /// The game has nothing of the kind: no counts, declarations, kinds of attack, AR units or
    /// surprise check.
    NotInGame,
    /// A strength that is not a finite number above 0, or a defence total that is not a finite
    /// number, 0 or more (a hex of units that defend with 0, The Last Stand at Moscow 6.18).
    Strength(f64),
    /// A value that may be given once given again (a count).
    Repeated { id: String },
    /// A count's value outside its range (`0..1`, `0 or more`).
    CountRange {
        id: String,
        value: u32,
        range: String,
        name: String,
    },
    /// A turn the game does not have.
    Turn { turn: u32, turns: u32 },
    /// A roll the dice cannot give: `count`d`faces`.
    Roll { roll: u32, count: u32, faces: u32 },
}

/// A count's values: `0..1`, or `0 or more` when the rules set no limit.
pub fn count_range(count: &Count) -> String {
    match count.max() {
        Some(max) => format!("{}..{max}", count.min()),
        None => format!("{} or more", count.min()),
    }
}

/// Whether the game has anything a part may name: counts, declarations, kinds of attack, AR units,
/// a surprise check (every other part always).
pub fn in_game(game: &Game, part: Part) -> bool {
    let combat = &game.rules.combat;
    match part {
        Part::Count => !combat.counts.is_empty(),
        Part::Declaration => !combat.declarations.is_empty(),
        Part::Kind => !combat.attack_kinds.is_empty(),
        Part::ActionRatings => combat.action_rating.is_some(),
        Part::SurpriseRoll => combat.surprise.is_some(),
        _ => true,
    }
}

/// The ids the game has for a part that names ids (empty for a part of numbers).
fn ids_of(game: &Game, part: Part) -> Vec<&str> {
    let rules = &game.rules;
    let combat = &rules.combat;
    match part {
        Part::Attacker | Part::DefenderType => {
            game.counters.types.iter().map(|t| t.id.as_str()).collect()
        }
        Part::AttackerMarker | Part::DefenderMarker => game
            .counters
            .markers
            .iter()
            .map(|m| m.id.as_str())
            .collect(),
        Part::Terrain => rules.terrain.iter().map(|t| t.id.as_str()).collect(),
        Part::City => rules.city_kinds.iter().map(|c| c.id.as_str()).collect(),
        Part::DefenderSide => rules.sides.iter().map(|s| s.id.as_str()).collect(),
        Part::Across => rules
            .hexside_features
            .iter()
            .map(|f| f.id.as_str())
            .collect(),
        Part::Weather => rules.weather.iter().map(|w| w.id.as_str()).collect(),
        Part::Count => combat.counts.iter().map(|c| c.id.as_str()).collect(),
        Part::Declaration => combat.declarations.iter().map(|d| d.id.as_str()).collect(),
        Part::Kind => combat.attack_kinds.iter().map(|k| k.id.as_str()).collect(),
        Part::Defence | Part::ActionRatings | Part::Turn | Part::Roll | Part::SurpriseRoll => {
            Vec::new()
        }
    }
}

/// The problem with an id given for a part, if any: the game has nothing of the kind, or not this
/// id.
pub fn id_problem(game: &Game, part: Part, index: usize, given: &str) -> Option<Problem> {
    let fault = if !in_game(game, part) {
        Fault::NotInGame
    } else {
        let valid = ids_of(game, part);
        if valid.contains(&given) {
            return None;
        }
        Fault::Unknown {
            given: given.to_string(),
            valid: valid.into_iter().map(str::to_string).collect(),
        }
    };
    Some(Problem { part, index, fault })
}

impl Battle {
    /// Every problem of the description against the game, not only the first: ids the game does not
    /// have, strengths, counts, turn and rolls out of range, values for what the game lacks.
    pub fn problems(&self, game: &Game) -> Vec<Problem> {
        let rules = &game.rules;
        let mut problems = Vec::new();
        let at = |part, index, fault| Problem { part, index, fault };
        for (i, a) in self.attackers.iter().enumerate() {
            if !(a.strength.is_finite() && a.strength > 0.0) {
                problems.push(at(Part::Attacker, i, Fault::Strength(a.strength)));
            }
            if let Some(t) = &a.unit_type {
                problems.extend(id_problem(game, Part::Attacker, i, t));
            }
        }
        for (i, d) in self.defenders.iter().enumerate() {
            if !(d.strength.is_finite() && d.strength >= 0.0) {
                problems.push(at(Part::Defence, i, Fault::Strength(d.strength)));
            }
            if let Some(t) = &d.unit_type {
                problems.extend(id_problem(game, Part::DefenderType, i, t));
            }
        }
        let markers = [
            (Part::AttackerMarker, &self.attacker_markers),
            (Part::DefenderMarker, &self.defender_markers),
        ];
        for (part, on) in markers {
            for (i, (id, _)) in on.iter().enumerate() {
                problems.extend(id_problem(game, part, i, id));
            }
        }
        if self.action_ratings.is_some() && !in_game(game, Part::ActionRatings) {
            problems.push(at(Part::ActionRatings, 0, Fault::NotInGame));
        }
        let named = [
            (Part::Terrain, &self.terrain),
            (Part::City, &self.city),
            (Part::DefenderSide, &self.defender_side),
        ];
        for (part, given) in named {
            if let Some(g) = given {
                problems.extend(id_problem(game, part, 0, g));
            }
        }
        for (i, f) in self.across.iter().enumerate() {
            problems.extend(id_problem(game, Part::Across, i, f));
        }
        if let Some(w) = &self.weather {
            problems.extend(id_problem(game, Part::Weather, 0, w));
        }
        problems.extend(self.count_problems(game));
        for (i, d) in self.declared.iter().enumerate() {
            problems.extend(id_problem(game, Part::Declaration, i, d));
        }
        if let Some(k) = &self.kind {
            problems.extend(id_problem(game, Part::Kind, 0, k));
        }
        if self.surprise_roll.is_some() && !in_game(game, Part::SurpriseRoll) {
            problems.push(at(Part::SurpriseRoll, 0, Fault::NotInGame));
        }
        let turns = rules.turns.count.value;
        if !(1..=turns).contains(&self.turn) {
            let fault = Fault::Turn {
                turn: self.turn,
                turns,
            };
            problems.push(at(Part::Turn, 0, fault));
        }
        // The dice of the kind of attack asked for, when the game has it.
        let kind = self
            .kind
            .as_deref()
            .filter(|k| rules.combat.attack_kind_named(k).is_some());
        let rolls = [
            (
                Part::Roll,
                self.roll,
                dice_of(rules, rules.combat.attack_kind(kind)),
            ),
            (
                Part::SurpriseRoll,
                self.surprise_roll,
                (rules.dice.count, rules.dice.faces),
            ),
        ];
        for (part, roll, (count, faces)) in rolls {
            let Some(roll) = roll else { continue };
            if !(count..=count.saturating_mul(faces)).contains(&roll) {
                problems.push(at(part, 0, Fault::Roll { roll, count, faces }));
            }
        }
        problems
    }

    /// The problems of the counts: ids, repetition, range.
    fn count_problems(&self, game: &Game) -> Vec<Problem> {
        let mut problems = Vec::new();
        let mut seen = Vec::new();
        for (i, (id, value)) in self.counts.iter().enumerate() {
            if let Some(p) = id_problem(game, Part::Count, i, id) {
                problems.push(p);
                continue;
            }
            let Some(count) = game
                .rules
                .combat
                .counts
                .iter()
                .find(|c| c.id.as_str() == id)
            else {
                continue;
            };
            if seen.contains(&id) {
                problems.push(Problem {
                    part: Part::Count,
                    index: i,
                    fault: Fault::Repeated { id: id.clone() },
                });
            }
            seen.push(id);
            let fits = *value >= count.min() && count.max().is_none_or(|m| *value <= m);
            if !fits {
                problems.push(Problem {
                    part: Part::Count,
                    index: i,
                    fault: Fault::CountRange {
                        id: id.clone(),
                        value: *value,
                        range: count_range(count),
                        name: count.name.clone(),
                    },
                });
            }
        }
        problems
    }
}
