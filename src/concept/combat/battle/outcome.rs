//! A battle resolved: the attack total after modifiers, the defence after its modifiers and
//! bonuses, the counts, the shifts that apply and the odds; what the CRT gives for each roll, and
//! the report of it all in one line or as JSON. A battle that leaves a rule open (an attacker's
//! type, a defender's side) is not guessed at: [`Undecided`] says what it would need.

use super::Battle;
use crate::concept::combat::grammar::explain;
use crate::concept::combat::modifiers::{self, attack_in};
use crate::concept::combat::odds::{dice_of, resolve_odds, Lookup, OddsOutcome, Resolution};
use crate::concept::combat::shifts::{self, Situation};
use crate::concept::combat::strength::{self, ar_counts, strength_of, ArSource, UnitState};
use crate::concept::combat::{BeyondLast, MarkerFace, StrengthKind, SurpriseOutcome};
use crate::concept::game::{AttackModifier, ColumnShift, Game};
use std::collections::BTreeMap;

/// Why a battle cannot be resolved as described: a rule would depend on something it does not say.
#[derive(Debug, Clone)]
pub enum Undecided<'a> {
    /// An attack modifier limited to some unit types, and an attacker of this strength given
    /// without its type.
    AttackerType {
        modifier: &'a AttackModifier,
        strength: f64,
    },
    /// A shift that would apply if the battle said more: what it would need.
    Shift {
        shift: &'a ColumnShift,
        needs: Vec<Need<'a>>,
    },
}

/// Something a shift's condition asks for that the battle does not say.
#[derive(Debug, Clone, PartialEq)]
pub enum Need<'a> {
    /// A defender of this side.
    DefenderSide(&'a str),
    /// An attacker of this side; `from_defender` when the game has two sides, so the defender's
    /// side would tell it.
    AttackerSide { side: &'a str, from_defender: bool },
    /// An attacker of one of these types.
    AttackerType(Vec<&'a str>),
}

impl Need<'_> {
    /// `a soviet defender`, `an attacker of type panzer or infantry`.
    pub fn condition(&self) -> String {
        match self {
            Need::DefenderSide(side) => format!("a {side} defender"),
            Need::AttackerSide { side, .. } => format!("a {side} attacker"),
            Need::AttackerType(types) => format!("an attacker of type {}", types.join(" or ")),
        }
    }
}

/// A battle computed: strengths, the shifts that apply, the odds, and what the CRT gives.
#[derive(Debug, Clone)]
pub struct BattleOutcome<'a> {
    pub battle: &'a Battle,
    pub game: &'a Game,
    /// The attack total after the attack and strength modifiers.
    pub attack: f64,
    /// The defence after the strength modifiers and bonuses: every defender's, summed.
    pub defence: f64,
    /// Each defender's strength after its own strength modifiers, in the battle's order.
    pub each_defence: Vec<f64>,
    /// The weather id: the battle's, or the turn's.
    pub weather: Option<&'a str>,
    /// The shifts that apply, in data order, with the columns each moves.
    pub applied: Vec<(&'a ColumnShift, i32)>,
    pub odds: OddsOutcome,
    /// Added to the die roll before the CRT is read (`[[combat.roll_modifiers]]`).
    pub roll_modifier: i64,
    /// The kind of attack (`None` in a game without kinds).
    pub kind: Option<&'a str>,
    /// Added to the surprise roll (`[combat.surprise] modifiers`).
    pub surprise_modifier: i64,
}

/// The attacker's side: the defender's opponent, when the game has two sides and the defender's
/// side is known.
fn attacker_side<'g>(game: &'g Game, defender: Option<&str>) -> Option<&'g str> {
    let sides = &game.rules.sides;
    let defender = defender?;
    (sides.len() == 2)
        .then(|| sides.iter().map(|s| s.id.as_str()).find(|s| *s != defender))
        .flatten()
}

/// What a shift that does not apply would need to apply, when the battle leaves it open (a
/// defender's side, an attacker's type); `None` when it does not apply either way.
fn undecided_shift<'a>(
    shift: &'a ColumnShift,
    situation: &Situation<'_>,
    untyped: bool,
    two_sides: bool,
) -> Option<Undecided<'a>> {
    if shifts::applies(shift, situation) {
        return None;
    }
    let mut filled = situation.clone();
    let mut needs = Vec::new();
    if let (None, Some(w)) = (situation.defender_side, &shift.defender_side) {
        filled.defender_side = Some(w.as_str());
        needs.push(Need::DefenderSide(w.as_str()));
    }
    if let (None, Some(w)) = (situation.attacker_side, &shift.attacker_side) {
        filled.attacker_side = Some(w.as_str());
        needs.push(Need::AttackerSide {
            side: w.as_str(),
            from_defender: two_sides,
        });
    }
    if let (true, Some(t)) = (untyped, shift.attacker_types.first()) {
        filled.attacker_types.push(t.as_str());
        let types = shift.attacker_types.iter().map(|t| t.as_str()).collect();
        needs.push(Need::AttackerType(types));
    }
    (!needs.is_empty() && shifts::applies(shift, &filled))
        .then_some(Undecided::Shift { shift, needs })
}

impl Battle {
    /// The attack total after the attack modifiers (modifiers.rs) and the strength modifiers of
    /// each attacker's state (strength.rs), or the modifiers that depend on a unit type not given.
    fn attack_total<'a>(
        &self,
        game: &'a Game,
        (across, weather, kind, declared): (&[&str], Option<&str>, Option<&str>, &[&str]),
        side: Option<&str>,
    ) -> Result<f64, Vec<Undecided<'a>>> {
        let combat = &game.rules.combat;
        let markers: Vec<(&str, MarkerFace)> = self
            .attacker_markers
            .iter()
            .map(|(id, face)| (id.as_str(), *face))
            .collect();
        let mut attack = 0.0;
        let mut undecided = Vec::new();
        for a in &self.attackers {
            let unit = modifiers::Attacker {
                strength: a.strength,
                unit_type: a.unit_type.as_deref(),
                across,
                attack_kind: kind,
                declared,
            };
            let state = UnitState {
                unit_type: a.unit_type.as_deref(),
                side,
                markers: &markers,
                declared,
            };
            match attack_in(combat, &unit, weather) {
                Ok(s) => attack += strength_of(combat, StrengthKind::Attack, &state, s),
                Err(open) => {
                    undecided.extend(open.into_iter().map(|modifier| Undecided::AttackerType {
                        modifier,
                        strength: a.strength,
                    }))
                }
            }
        }
        if undecided.is_empty() {
            Ok(attack)
        } else {
            Err(undecided)
        }
    }

    /// The battle computed: strengths, the shifts that apply, the odds; or what the description
    /// leaves open. Ids the game does not have count as not given ([`Battle::problems`] reports
    /// them).
    pub fn resolve<'a>(&'a self, game: &'a Game) -> Result<BattleOutcome<'a>, Vec<Undecided<'a>>> {
        let rules = &game.rules;
        let combat = &rules.combat;
        let weather = match &self.weather {
            Some(w) => rules
                .weather
                .iter()
                .find(|x| x.id.as_str() == w)
                .map(|x| x.id.as_str()),
            None => crate::concept::weather::turn::weather_of_turn(rules, self.turn)
                .map(|w| w.id.as_str()),
        };
        let across: Vec<&str> = self.across.iter().map(String::as_str).collect();
        let kind = combat.attack_kind(
            self.kind
                .as_deref()
                .and_then(|k| combat.attack_kind_named(k))
                .map(|k| k.id.as_str()),
        );
        let given: Vec<&str> = self.declared.iter().map(String::as_str).collect();
        let declared = shifts::declared_in(combat, &given, kind);
        let side = attacker_side(game, self.defender_side.as_deref());
        let attack = self.attack_total(game, (&across, weather, kind, &declared), side)?;
        let defender_markers: Vec<(&str, MarkerFace)> = self
            .defender_markers
            .iter()
            .map(|(id, face)| (id.as_str(), *face))
            .collect();
        let defenders: Vec<(UnitState, f64)> = self
            .defenders
            .iter()
            .map(|d| {
                let state = UnitState {
                    unit_type: d.unit_type.as_deref(),
                    side: self.defender_side.as_deref(),
                    markers: &defender_markers,
                    declared: &declared,
                };
                (state, d.strength)
            })
            .collect();
        let defence = strength::hex_defence(combat, &defenders);
        let each_defence = defenders
            .iter()
            .map(|(unit, d)| strength_of(combat, StrengthKind::Defence, unit, *d))
            .collect();
        let mut counts: BTreeMap<&str, u32> = combat
            .counts
            .iter()
            .map(|c| (c.id.as_str(), c.min()))
            .collect();
        counts.extend(self.counts.iter().map(|(id, n)| (id.as_str(), *n)));
        // The ARs of the picked units stand in for the AR counts (strength::ar_counts).
        if let (Some(ar), Some((a, d))) = (&combat.action_rating, self.action_ratings) {
            let picked = ArSource::Units {
                attacker: a,
                defender: d,
            };
            if let Some((for_attacker, for_defender)) = ar_counts(picked) {
                counts.insert(ar.attacker_count.as_str(), for_attacker);
                counts.insert(ar.defender_count.as_str(), for_defender);
            }
        }
        let roll_modifier = combat.roll_modifier(&counts);
        let surprise_modifier = combat
            .surprise
            .as_ref()
            .map_or(0, |s| combat.modifier_sum(&s.modifiers, &counts));
        let untyped = self.attackers.iter().any(|a| a.unit_type.is_none());
        let situation = Situation {
            defender_terrain: self.terrain.as_deref(),
            defender_city: self.city.as_deref(),
            defender_side: self.defender_side.as_deref(),
            attacker_side: side,
            attacker_types: self
                .attackers
                .iter()
                .filter_map(|a| a.unit_type.as_deref())
                .collect(),
            all_across: across,
            weather,
            counts,
            declared,
            attack_kind: kind,
        };
        let two_sides = rules.sides.len() == 2;
        let open: Vec<Undecided> = combat
            .shifts
            .iter()
            .filter_map(|s| undecided_shift(s, &situation, untyped, two_sides))
            .collect();
        if !open.is_empty() {
            return Err(open);
        }
        let applied: Vec<(&ColumnShift, i32)> = shifts::applicable(combat, &situation)
            .into_iter()
            .map(|s| (s, shifts::columns(s, &situation)))
            .collect();
        let columns: Vec<i32> = applied.iter().map(|(_, n)| *n).collect();
        Ok(BattleOutcome {
            battle: self,
            game,
            attack,
            defence,
            each_defence,
            weather,
            applied,
            odds: resolve_odds(attack, defence, combat, &columns),
            roll_modifier,
            kind,
            surprise_modifier,
        })
    }
}

impl BattleOutcome<'_> {
    /// The rolls to show: the battle's roll, or every roll of the dice.
    pub fn rolls(&self) -> Vec<u32> {
        let (count, faces) = dice_of(&self.game.rules, self.kind);
        match self.battle.roll {
            Some(r) => vec![r],
            None => (count..=count * faces).collect(),
        }
    }

    /// What the CRT gives for a roll: a result code, the below-table text, or `None` when the
    /// sources do not give the cell.
    pub fn result(&self, roll: u32) -> Option<&str> {
        let modified = u32::try_from(i64::from(roll) + self.roll_modifier).ok()?;
        match self
            .odds
            .lookup_in(&self.game.rules.combat, self.kind, modified)
        {
            Lookup::Result(c) | Lookup::BelowTable(c) => Some(c),
            Lookup::Unknown => None,
        }
    }

    /// `12 vs 4 → 3:1, defender in forest -1 → 2:1 [1:DR 2:DR …] (turn 3, mud)`, with the surprise
    /// check and notes on what the sources lack on lines of their own.
    pub fn line(&self) -> String {
        let o = &self.odds;
        if let (Resolution::Automatic { result }, true) = (&o.resolution, self.defence == 0.0) {
            return format!("{} vs 0 → {result} automatically, no roll", self.attack);
        }
        let mut line = self.odds_text();
        line.push_str(&self.column_text());
        line.push_str(&self.roll_text());
        line.push_str(&self.notes_text());
        line
    }

    /// `12 vs 4 → 3:1 (capped from 4:1), defender in forest -1`: the odds read and the shifts.
    fn odds_text(&self) -> String {
        let (game, o) = (self.game, &self.odds);
        let combat = &game.rules.combat;
        let last_printed = combat.columns.last().map_or("", |c| c.as_str());
        // Odds read past the last printed column (9.7a with `beyond_columns`): the column they
        // reach as the sources name it.
        let read_on = match (&o.resolution, o.read_beyond) {
            _ if o.raw_unknown => format!(
                "{}, on a column the sources do not give",
                crate::concept::combat::odds::ratio_text(combat, self.attack, self.defence)
            ),
            (_, 0) => o.capped.to_string(),
            (_, k) => combat.column_beyond(k).map_or_else(
                || format!("the unnamed column past {last_printed}"),
                str::to_string,
            ),
        };
        let mut line = format!("{} vs {} → {read_on}", self.attack, self.defence);
        // The kind of attack leads the line unless it is the regular one.
        let regular = combat.attack_kind(None);
        if let Some(kind) = self
            .kind
            .filter(|k| Some(*k) != regular)
            .and_then(|k| combat.attack_kind_named(k))
        {
            line = format!("{}: {line}", kind.name);
        }
        if o.capped != o.raw {
            line.push_str(&format!(" (capped from {})", o.raw));
        }
        for (s, n) in &self.applied {
            line.push_str(&format!(", {} {n:+}", s.name));
        }
        line
    }

    /// ` → 2:1`: the column the shifted odds are read on, or why there is none.
    fn column_text(&self) -> String {
        let o = &self.odds;
        let combat = &self.game.rules.combat;
        let mut line = String::new();
        match o.resolution {
            Resolution::UnknownColumn if o.raw_unknown => {}
            Resolution::UnknownColumn => line.push_str(" → a column the sources do not give"),
            Resolution::BeyondKnown { beyond } if beyond == o.read_beyond && o.shift == 0 => {}
            Resolution::BeyondKnown { beyond } => match combat.column_beyond(beyond) {
                Some(named) => line.push_str(&format!(
                    " → {named} ({beyond} column(s) past {})",
                    combat.columns.last().map_or("", |c| c.as_str())
                )),
                None => line.push_str(&format!(
                    " → {beyond} column(s) beyond {}, the last column the sources give",
                    o.shifted
                )),
            },
            // The column rolled on is always one the table has: odds past either edge are not
            // written as a column of their own (lsam: 10 vs 2 is not a 5:1 column).
            Resolution::Column { index, clamped } => {
                let name = combat.columns.get(index).map_or("", |c| c.as_str());
                if !clamped {
                    line.push_str(&format!(" → {name}"));
                } else if combat.cap_known || combat.beyond_last() != BeyondLast::Virtual {
                    line.push_str(&format!(" → {name} (the last column)"));
                } else {
                    line.push_str(&format!(
                        " → {name} or a column past it (the sources do not give the last column)"
                    ));
                }
            }
            Resolution::BelowTable => line.push_str(&format!(
                " → below the table (its first column is {})",
                combat.columns.first().map_or("", |c| c.as_str())
            )),
            Resolution::Automatic { .. } => line.push_str(&format!(" → {}", o.shifted)),
        }
        line
    }

    /// `, roll 4 → DR` or `[1:DR 2:DR …]`: the result of the roll, or of every roll.
    fn roll_text(&self) -> String {
        let (combat, battle) = (&self.game.rules.combat, self.battle);
        let mut line = String::new();
        match battle.roll {
            Some(r) => {
                let result = self
                    .result(r)
                    .unwrap_or("unknown (the CRT cell is not in the sources)");
                let modified = match self.roll_modifier {
                    0 => String::new(),
                    m => format!(" {m:+} = {}", i64::from(r) + m),
                };
                line.push_str(&format!(", roll {r}{modified} → {result}"));
                let grammar = combat.result_grammar.as_ref();
                if let Some(meaning) = grammar.and_then(|g| explain(g, result)) {
                    line.push_str(&format!(" ({meaning})"));
                }
            }
            None => {
                let results: Vec<(u32, &str)> = self
                    .rolls()
                    .into_iter()
                    .map(|r| (r, self.result(r).unwrap_or("?")))
                    .collect();
                // A sentence that every roll shares (odds off the table) is said once.
                match results.first() {
                    Some((_, first))
                        if first.len() > 12 && results.iter().all(|(_, x)| x == first) =>
                    {
                        line.push_str(&format!(" [every roll: {first}]"));
                    }
                    _ => {
                        let rolls: Vec<String> =
                            results.iter().map(|(r, x)| format!("{r}:{x}")).collect();
                        line.push_str(&format!(" [{}]", rolls.join(" ")));
                    }
                }
            }
        }
        line
    }

    /// The weather, the defenders and the surprise check, and what the sources lack.
    fn notes_text(&self) -> String {
        let (game, battle, o) = (self.game, self.battle, &self.odds);
        let combat = &game.rules.combat;
        let mut line = String::new();
        // A weather named for the battle is the one `vmodc odds --weather` was given.
        match (self.weather, &battle.weather) {
            (Some(w), Some(_)) => line.push_str(&format!(" ({w}, from --weather)")),
            (Some(w), None) => line.push_str(&format!(" (turn {}, {w})", battle.turn)),
            _ => {}
        }
        if battle.defenders.len() > 1 {
            line.push_str(&format!("\n{}", self.defenders_line()));
        }
        if let Some(r) = battle.surprise_roll {
            line.push_str(&format!("\n{}", self.surprise_line(r)));
        }
        let rows_missing = self
            .kind
            .and_then(|k| combat.attack_kind_named(k))
            .is_some_and(|k| !k.rows_known);
        if rows_missing && o.needs_roll() {
            line.push_str("\nnote: the CRT rows this kind of attack reads are not in the sources: every cell is unknown");
        }
        if !combat.table_known && o.needs_roll() {
            line.push_str("\nnote: the CRT is not in the sources: its cells are unknown (?) except those the rules text gives");
        }
        line
    }

    /// `defenders: 6 (infantry) + 3 → 2 (tank) + bonus 2 = 10`: each defender as given, and after
    /// its own modifiers where they change it, then the bonus and the total the odds read.
    pub fn defenders_line(&self) -> String {
        let parts: Vec<String> = self
            .battle
            .defenders
            .iter()
            .zip(&self.each_defence)
            .map(|(d, modified)| {
                let mut part = d.strength.to_string();
                if *modified != d.strength {
                    part.push_str(&format!(" → {modified}"));
                }
                if let Some(t) = &d.unit_type {
                    part.push_str(&format!(" ({t})"));
                }
                part
            })
            .collect();
        let bonus = self.defence - self.each_defence.iter().sum::<f64>();
        let bonus = if bonus > 0.0 {
            format!(" + bonus {bonus}")
        } else {
            String::new()
        };
        format!("defenders: {}{bonus} = {}", parts.join(" + "), self.defence)
    }

    /// `surprise check: roll 6 +3 = 9 → attacker surprise (rule 9.8)`, or that the sources lack
    /// the outcome.
    pub fn surprise_line(&self, roll: u32) -> String {
        let combat = &self.game.rules.combat;
        let modified = i64::from(roll) + self.surprise_modifier;
        let outcome = self
            .kind
            .and_then(|k| combat.surprise_outcome(k, modified))
            .map_or(
                "unknown (the Surprise table is not in the sources)",
                |o| match o {
                    SurpriseOutcome::Attacker => "attacker surprise",
                    SurpriseOutcome::Defender => "defender surprise",
                    SurpriseOutcome::None => "no surprise",
                },
            );
        let rule = combat
            .surprise
            .as_ref()
            .and_then(|s| s.rule.as_deref())
            .map_or(String::new(), |r| format!(" (rule {})", r.as_str()));
        format!(
            "surprise check: roll {roll} {:+} = {modified} → {outcome}{rule}",
            self.surprise_modifier
        )
    }

    /// The same as one JSON object.
    pub fn json(&self) -> serde_json::Value {
        let (game, battle, o) = (self.game, self.battle, &self.odds);
        let shifts: Vec<_> = self
            .applied
            .iter()
            .map(|(s, n)| serde_json::json!({ "id": s.id.as_str(), "name": s.name, "shift": n }))
            .collect();
        let results: Vec<_> = self
            .rolls()
            .into_iter()
            .map(|r| serde_json::json!({ "roll": r, "result": self.result(r) }))
            .collect();
        serde_json::json!({
            "game": game.id,
            "turn": battle.turn,
            "weather": self.weather,
            "attack": self.attack,
            "defence": self.defence,
            "defenders": battle
                .defenders
                .iter()
                .zip(&self.each_defence)
                .map(|(d, modified)| serde_json::json!({
                    "strength": d.strength,
                    "type": d.unit_type,
                    "defence": modified,
                }))
                .collect::<Vec<_>>(),
            "odds": o.raw.to_string(),
            "capped": o.capped.to_string(),
            "shifts": shifts,
            "shifted": o.shifted.to_string(),
            "column": o.column(&game.rules.combat),
            "table_known": game.rules.combat.table_known,
            "roll": battle.roll,
            "attack_kind": self.kind,
            "results": results,
        })
    }
}
