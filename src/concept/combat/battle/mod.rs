//! One battle as a player describes it: the attacking units, the defending units and their hex, the markers
//! on each side's stacks, the declarations, counts and ARs, the turn or weather, and the die rolls.
//! [`Battle::problems`] checks the description against the game (problems.rs); [`Battle::resolve`]
//! computes it with the rule files of this concept (attack modifiers, strength from state, shifts,
//! odds) into an [`outcome::BattleOutcome`], which reads the CRT and gives the one-line report
//! `vmodc odds` prints (outcome.rs). The module's Resolve button computes the same with expressions
//! (module.rs).

pub mod outcome;
pub mod problems;

use super::MarkerFace;

/// One attacking unit: its strength and, when known, its unit type (`[[types]]` id).
#[derive(Debug, Clone, PartialEq)]
pub struct Attacker {
    pub strength: f64,
    pub unit_type: Option<String>,
}

/// One defending unit: its strength before its strength modifiers and, when known, its unit type.
/// Every defender of the hex counts, each with the modifiers of its own type; the markers lie on
/// the stack they share (`Battle::defender_markers`).
#[derive(Debug, Clone, PartialEq)]
pub struct Defender {
    pub strength: f64,
    pub unit_type: Option<String>,
}

/// One battle, as far as the rules data needs it to be described.
#[derive(Debug, Clone, PartialEq)]
pub struct Battle {
    pub attackers: Vec<Attacker>,
    /// The units that defend the hex; the defence is their total after each one's strength
    /// modifiers, plus the defence bonuses once.
    pub defenders: Vec<Defender>,
    /// The defender's side id. In a game of two sides the attacker is the other one.
    pub defender_side: Option<String>,
    /// Terrain id of the defender's hex.
    pub terrain: Option<String>,
    /// City kind of the defender's hex.
    pub city: Option<String>,
    /// Hexside features every attacker attacks across.
    pub across: Vec<String>,
    /// Markers (`[[markers]]` ids) on the stack of every attacker, each with the face it shows.
    pub attacker_markers: Vec<(String, MarkerFace)>,
    /// Markers on the defenders' stack.
    pub defender_markers: Vec<(String, MarkerFace)>,
    /// `[[combat.declarations]]` made for this combat.
    pub declared: Vec<String>,
    /// Values of `[[combat.counts]]`; a count not given is at its lowest value.
    pub counts: Vec<(String, u32)>,
    /// The ARs of the units each side picked (`[combat.action_rating]`), attacker's first: they
    /// stand in for the AR counts.
    pub action_ratings: Option<(i64, i64)>,
    /// Kind of attack (`[[combat.attack_kinds]]` id); the first, regular one when not given.
    pub kind: Option<String>,
    /// Game turn, for the weather.
    pub turn: u32,
    /// Weather id instead of the turn's (when the turn's weather is rolled or not known).
    pub weather: Option<String>,
    /// The combat roll to look up; `None` reads every roll of the dice.
    pub roll: Option<u32>,
    /// The surprise check's roll (`[combat.surprise]`).
    pub surprise_roll: Option<u32>,
}

impl Battle {
    /// A battle of these attackers against one defender of this strength, on the first turn, with
    /// nothing else said about it.
    pub fn new(attackers: Vec<Attacker>, defence: f64) -> Battle {
        let defender = Defender {
            strength: defence,
            unit_type: None,
        };
        Battle::against(attackers, vec![defender])
    }

    /// A battle of these attackers against these defenders, on the first turn, with nothing else
    /// said about it.
    pub fn against(attackers: Vec<Attacker>, defenders: Vec<Defender>) -> Battle {
        Battle {
            attackers,
            defenders,
            defender_side: None,
            terrain: None,
            city: None,
            across: Vec::new(),
            attacker_markers: Vec::new(),
            defender_markers: Vec::new(),
            declared: Vec::new(),
            counts: Vec::new(),
            action_ratings: None,
            kind: None,
            turn: 1,
            weather: None,
            roll: None,
            surprise_roll: None,
        }
    }
}
