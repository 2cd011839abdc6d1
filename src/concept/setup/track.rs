//! What the scenarios put on the turn-track board: the pools their off-map units wait in, and in
//! each turn box the replacements and reinforcements they schedule for it.

use crate::concept::game::Game;
use crate::concept::plan::{box_region, LineKind, TrackLine, TurnBox};
use crate::i18n::Texts;

/// The pools the scenarios name (units in an off-map area wait in that area's box instead), once
/// each, in scenario order.
pub fn pools(game: &Game, tx: &Texts) -> Vec<String> {
    let mut pools: Vec<String> = Vec::new();
    for s in &game.scenarios {
        for o in s.off_map.iter().filter(|o| o.area.is_none()) {
            let name = box_region(tx, &o.box_name);
            if !pools.contains(&name) {
                pools.push(name);
            }
        }
    }
    pools
}

/// The replacements and reinforcements every scenario schedules for `turn` (a scenario based on
/// another repeats its base's, and each line is kept once), and the most units any scenario brings
/// in on it (they start in its box).
pub fn schedule(game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox) {
    let rules = &game.rules;
    let mut scheduled: Vec<TrackLine> = Vec::new();
    for s in &game.scenarios {
        let e = game.effective(s);
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
            scheduled.push(TrackLine::new(
                LineKind::Replacements,
                tx.fill("ui.track_replacements", &[("list", &parts.join(", "))]),
            ));
        }
        let arriving = e.reinforcements.1.iter().filter(|r| r.turn.value == turn);
        out.pieces = out.pieces.max(arriving.clone().count() as u32);
        for r in arriving {
            scheduled.push(TrackLine::new(
                LineKind::Reinforcement,
                format!("+ {}", tx.get(&format!("units.{}", r.unit.as_str()))),
            ));
        }
    }
    // Replacements first, then reinforcements, each line once.
    scheduled.sort_by_key(|l| l.kind != LineKind::Replacements);
    for line in scheduled {
        if !out.lines.contains(&line) {
            out.lines.push(line);
        }
    }
}
