//! The turn record (the turn-track board and the Charts window's and PDF's turn chart) prints every
//! reinforcement and replacement of each turn, whatever else the turn has: a game with
//! reinforcements only, with replacements only, without weather, without turn labels.

use crate::synthetic::{game, Params};
use vmodc::concept::game::Game;
use vmodc::concept::plan::{LineKind, Plan};
use vmodc::concept::texts::default_texts;
use vmodc::pipeline::turn_chart_boxes;

/// The synthetic game with more units than its hexes hold, so that some arrive as reinforcements.
fn record_game() -> Game {
    let p = Params::new("record", 1, 10, 8, 96);
    let (game, _) = game(&p).expect("the synthetic game parses");
    assert!(
        !game.scenarios[0].data.reinforcements.is_empty(),
        "the synthetic game has reinforcements"
    );
    game
}

/// What the board's box and the chart's box of `turn` print.
fn turn_texts(game: &Game, turn: u32) -> (Vec<String>, vmodc::render::chart::TurnBox) {
    let plan = Plan::new(game, default_texts(game), vmodc::concept::CONCEPTS);
    let board = plan.track.boxes[turn as usize - 1].texts();
    let chart = turn_chart_boxes(game, &plan).remove(turn as usize - 1);
    (board, chart)
}

/// Units arriving on `turn`, as printed: `+ Blue Infantry B0007`.
fn arrivals(game: &Game, turn: u32) -> Vec<String> {
    let scenario = &game.scenarios[0].data;
    scenario
        .reinforcements
        .iter()
        .filter(|r| r.turn.value == turn)
        .map(|r| {
            let unit = game
                .counters
                .units
                .iter()
                .find(|u| u.id.as_str() == r.unit.as_str())
                .expect("the unit of a reinforcement");
            format!("+ {}", unit.name.as_deref().unwrap_or(unit.id.as_str()))
        })
        .collect()
}

/// Every turn's reinforcements and (when `replacements`) its replacement line are on the board and
/// the chart.
fn assert_schedule_printed(game: &Game, replacements: bool) {
    let mut seen = 0;
    for turn in 1..=game.rules.turns.count.value {
        let (board, chart) = turn_texts(game, turn);
        assert_eq!(board[0], format!("Turn {turn}"));
        let mut expected = Vec::new();
        if replacements {
            let r = game.scenarios[0]
                .data
                .replacements
                .iter()
                .find(|r| r.turn.value == turn)
                .expect("a replacement line per turn");
            expected.push(format!(
                "Replacements: Blue {}, Red {}",
                r.steps["blue"].value, r.steps["red"].value
            ));
        }
        expected.extend(arrivals(game, turn));
        seen += expected.len();
        for line in &expected {
            assert!(
                board.contains(line),
                "turn {turn}: {line:?} not in {board:?}"
            );
        }
        assert_eq!(chart.lines, expected, "turn {turn}: the chart's lines");
    }
    assert!(seen > 0, "the game schedules something");
}

#[test]
fn reinforcements_only() {
    let mut game = record_game();
    game.scenarios[0].data.replacements.clear();
    assert_schedule_printed(&game, false);
}

#[test]
fn replacements_only() {
    let mut game = record_game();
    game.scenarios[0].data.reinforcements.clear();
    assert_schedule_printed(&game, true);
    // The synthetic replacements of turn 1: 1 + 1 % 3 blue steps, 2 + 1 % 2 red.
    let (board, chart) = turn_texts(&game, 1);
    assert_eq!(
        board,
        ["Turn 1", "Week 1", "Clear", "Replacements: Blue 2, Red 3"]
    );
    assert_eq!(chart.label, "Week 1");
    assert_eq!(chart.lines, ["Replacements: Blue 2, Red 3"]);
}

#[test]
fn without_weather() {
    let mut game = record_game();
    game.rules.data.weather.clear();
    assert_schedule_printed(&game, true);
    for turn in 1..=game.rules.turns.count.value {
        let (board, chart) = turn_texts(&game, turn);
        assert_eq!(board[1], format!("Week {turn}"));
        assert_eq!(chart.label, format!("Week {turn}"));
        assert_eq!(chart.tag, "", "turn {turn}: no weather, no tag");
    }
}

#[test]
fn without_turn_labels() {
    let mut game = record_game();
    game.rules.data.turns.labels.clear();
    assert_schedule_printed(&game, true);
    // Turn 5 is a mud turn: its weather is the tag, never the label.
    let (board, chart) = turn_texts(&game, 5);
    assert_eq!(board[1], "Mud");
    assert_eq!(chart.label, "", "no label, not the weather");
    assert_eq!(chart.tag, "Mud");
    let plan = Plan::new(&game, default_texts(&game), vmodc::concept::CONCEPTS);
    assert_eq!(plan.track.boxes[4].texts_of(LineKind::TurnLabel).count(), 0);
}
