//! What the scenarios put on the turn-track board: the pools their off-map units wait in, and in
//! each turn box the replacements and reinforcements they schedule for it.

use crate::concept::game::{Game, Loaded, ScenarioFile};
use crate::concept::plan::{box_region, LineKind, OffMapBox, OffMapRow, TrackLine, TurnBox};
use crate::i18n::Texts;

/// The pools the scenarios name (units in an off-map area wait in that area's box instead), once
/// each, in scenario order.
pub fn pools(game: &Game, tx: &Texts) -> Vec<OffMapBox> {
    let mut pools: Vec<OffMapBox> = Vec::new();
    for s in &game.scenarios {
        let mut counts: Vec<(String, u32)> = Vec::new();
        for o in s.off_map.iter().filter(|o| o.area.is_none()) {
            let name = box_region(tx, &o.box_name);
            match counts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => counts.push((name, 1)),
            }
        }
        // Each pool holds the most units any scenario starts in it.
        for (name, count) in counts {
            match pools.iter_mut().find(|p| p.name == name) {
                Some(pool) => pool.pieces = pool.pieces.max(count),
                None => pools.push(OffMapBox::empty(OffMapRow::Pools, name).holding(count)),
            }
        }
    }
    pools
}

/// The replacements and reinforcements the scenarios schedule for `turn`, and the most units any
/// scenario brings in on it (they start in its box). The board and the turn chart are the same for
/// every scenario, so a line that not every scenario schedules names the scenarios that do: a
/// player of one scenario never reads another's arrival as his own (a scenario based on another
/// repeats its base's lines, and so shares them).
pub fn schedule(game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox) {
    let mut scheduled: Vec<(TrackLine, Vec<&str>)> = Vec::new();
    for s in &game.scenarios {
        let lines = scenario_lines(game, tx, s, turn);
        out.pieces = out.pieces.max(
            lines
                .iter()
                .filter(|l| l.kind == LineKind::Reinforcement)
                .count() as u32,
        );
        let id = s.scenario.id.as_str();
        for line in lines {
            match scheduled.iter_mut().find(|(l, _)| *l == line) {
                Some((_, whose)) => whose.push(id),
                None => scheduled.push((line, vec![id])),
            }
        }
    }
    // Replacements first, then reinforcements.
    scheduled.sort_by_key(|(l, _)| l.kind != LineKind::Replacements);
    let all = game.scenarios.len();
    for (mut line, whose) in scheduled {
        if whose.len() < all {
            let names: Vec<String> = whose
                .iter()
                .map(|id| tx.get(&format!("scenarios.{id}")))
                .collect();
            line.text = tx.fill(
                "ui.track_scenario_line",
                &[("scenarios", &names.join(", ")), ("line", &line.text)],
            );
        }
        out.lines.push(line);
    }
}

/// One scenario's lines of a turn box, each once.
fn scenario_lines(
    game: &Game,
    tx: &Texts,
    s: &Loaded<ScenarioFile>,
    turn: u32,
) -> Vec<TrackLine> {
    let rules = &game.rules;
    let e = game.effective(s);
    let mut lines: Vec<TrackLine> = Vec::new();
    for r in e.replacements.1.iter().filter(|r| r.turn.value == turn) {
        let parts: Vec<String> = rules
            .sides
            .iter()
            .filter_map(|s| {
                r.steps.get(s.id.as_str()).map(|n| {
                    format!(
                        "{} {}",
                        tx.get(&format!("sides.{}", s.id.as_str())),
                        n.value
                    )
                })
            })
            .collect();
        lines.push(TrackLine::new(
            LineKind::Replacements,
            tx.fill("ui.track_replacements", &[("list", &parts.join(", "))]),
        ));
    }
    for r in e.reinforcements.1.iter().filter(|r| r.turn.value == turn) {
        lines.push(TrackLine::new(
            LineKind::Reinforcement,
            format!("+ {}", tx.get(&format!("units.{}", r.unit.as_str()))),
        ));
    }
    let mut once: Vec<TrackLine> = Vec::new();
    for line in lines {
        if !once.contains(&line) {
            once.push(line);
        }
    }
    once
}
