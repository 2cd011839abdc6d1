//! The victory conditions as a log leaves the board: the conditions of the scenario played, judged
//! from the city control markers by the rule the module's Victory report computes
//! (`Victory::first_holding`), so that players who exchange a game's last turn read its result.

use super::board::Board;
use crate::concept::game::Game;
use crate::concept::module::props;
use crate::save::{Command, SavedGame};
use crate::vassal::sequence_encoder::decode;
use serde::Serialize;

/// The result the victory conditions give as the log ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The scenario whose conditions were judged.
    pub scenario: String,
    /// When the rules judge them (`[victory] when`): the result counts then.
    pub when: String,
    pub rule: Option<String>,
    /// The result: the first condition that holds, or the victory's `otherwise`.
    pub result: String,
    /// Who controls each hex a condition names, as the markers show it: (hex, side name).
    pub control: Vec<(String, String)>,
}

/// The layer of a control marker (`victory::module::control_marker`): its level is the side,
/// counted from 1 in `[[sides]]` order.
const CONTROL_LAYER: &str = "layer Control";

/// The outcome of the scenario played as `board` stands; `None` when its victory is a score of
/// points (which the audit does not count) or it has none.
pub fn outcome(game: &Game, start: &SavedGame, board: &Board) -> Option<Outcome> {
    let scenario = scenario_played(game, start)?;
    let (owner, victory) = game.victory_of(scenario)?;
    if victory.points.is_some() {
        return None;
    }
    let holders = control_of(game, board);
    let holder = |hex: &str| {
        holders
            .iter()
            .find(|(h, _)| h == hex)
            .map(|(_, s)| s.clone())
    };
    let result = match victory.first_holding(holder) {
        Some((_, c)) => c.result.clone(),
        None => victory.otherwise.clone(),
    };
    let mut named: Vec<&str> = victory
        .conditions
        .iter()
        .flat_map(|c| c.control_all.iter().chain(&c.control_any))
        .map(|h| h.as_str())
        .collect();
    named.sort_unstable();
    named.dedup();
    Some(Outcome {
        scenario: owner.to_string(),
        when: victory.when.clone(),
        rule: victory.rule.as_ref().map(|r| r.value.clone()),
        result,
        control: named
            .into_iter()
            .filter_map(|h| {
                let side = holder(h)?;
                let name = game.rules.sides.iter().find(|s| s.id.as_str() == side)?;
                Some((h.to_string(), name.name.clone()))
            })
            .collect(),
    })
}

/// The scenario the log plays: the `Scenario` property its starting state sets, else the first
/// (File > New Game's).
fn scenario_played<'g>(
    game: &'g Game,
    start: &SavedGame,
) -> Option<&'g crate::concept::game::Loaded<crate::concept::game::ScenarioFile>> {
    let set = start.commands.iter().find_map(|c| match c {
        Command::Other(text) => scenario_property(text),
        _ => None,
    });
    set.and_then(|id| game.scenario(&id))
        .or_else(|| game.scenarios.first())
}

/// The value of a `GlobalProperty\t;Scenario;<id>;Module` command.
fn scenario_property(command: &str) -> Option<String> {
    let body = command.strip_prefix("GlobalProperty\t")?;
    let parts = decode(body, ';');
    (parts.get(1).map(String::as_str) == Some(props::SCENARIO)).then(|| parts.get(2).cloned())?
}

/// Who controls each hex that has a control marker: the side of the marker's level.
fn control_of(game: &Game, board: &Board) -> Vec<(String, String)> {
    board
        .pieces
        .keys()
        .filter_map(|id| {
            let hex = board.property(id, props::CONTROL_HEX)?;
            let level: usize = board
                .property(id, CONTROL_LAYER)?
                .split(';')
                .next()?
                .trim()
                .trim_start_matches('-')
                .parse()
                .ok()?;
            let side = game.rules.sides.get(level.checked_sub(1)?)?;
            Some((hex, side.id.value.clone()))
        })
        .collect()
}
