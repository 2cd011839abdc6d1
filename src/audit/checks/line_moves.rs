//! Moves in a phase that runs along a line feature (`[[movement.line_moves]]`, Battle for Moscow
//! 8.1's rail movement): the unit must start the phase on the line, and the line's connected hexes
//! must take it where it ended within its printed allowance at the line's cost a hex, a hex in an
//! enemy zone of control ending the move where the rules say so.

use super::{points_text, PhaseMove, Referee};
use crate::audit::Kind;
use crate::concept::game::Phase;
use crate::concept::movement::path::Reach;
use crate::concept::movement::{quarter_points, LineMove};

impl Referee<'_> {
    /// The line move of the phase, if its moves run along a line.
    pub(super) fn line_move(&self, phase: &Phase) -> Option<&LineMove> {
        let moves = &self.game.rules.movement.line_moves;
        moves.iter().find(|m| m.phase.as_str() == phase.id.as_str())
    }

    /// The move `m` of piece `id` against the phase's line move `lm`.
    pub(super) fn line_path(&mut self, id: &str, m: &PhaseMove, phase: &Phase, lm: &LineMove) {
        let (Some(from), Some(to)) = (&m.from, &m.to) else {
            return;
        };
        let rule = lm.rule.as_ref().map(|r| r.value.clone());
        let line = self.line_name(lm);
        if let Some((rule, allows, what)) = self.weather_limit(phase, from.1, to.1) {
            self.find_move(Kind::Violation, id, m, rule, allows, what);
            return;
        }
        let Some((points, value)) = self.allowance_points(id, m, rule.clone()) else {
            return;
        };
        let Some(per_hex) = quarter_points(lm.cost.value) else {
            return;
        };
        let allows = format!(
            "a unit that starts the phase on the {line} moves along it, {} MP a hex whatever the terrain, up to its {value} ({points} MP){}",
            points_text(per_hex),
            if self.zoc_ends_move() { "; entering an enemy ZOC ends its move" } else { "" },
        );
        let budget = i64::from(points) * 4;
        let ends = (from.1, to.1);
        let what = match self.map.along_line(lm.line.as_str(), ends, per_hex, &m.enemy_zoc) {
            None => format!("it started the phase in {}, which is not on the {line}", from.0),
            Some(Reach::Costs(q)) if q <= budget => return,
            Some(Reach::Costs(q)) => format!(
                "along the {line} it costs {} MP, {} more than its {points} MP",
                points_text(q),
                points_text(q - budget)
            ),
            Some(_) if self.map.along_line(lm.line.as_str(), ends, per_hex, &Default::default())
                != Some(Reach::NoPath) => format!(
                "no connected {line} joins the two hexes without entering an enemy ZOC before the last hex"
            ),
            Some(_) => format!("no connected {line} joins the two hexes"),
        };
        self.find_move(Kind::Violation, id, m, rule, allows, what);
    }

    /// The line feature's name, as the rules data gives it.
    fn line_name(&self, lm: &LineMove) -> String {
        let features = &self.game.rules.line_features;
        let feature = features.iter().find(|f| f.id.as_str() == lm.line.as_str());
        feature.map_or(lm.line.value.clone(), |f| f.name.to_lowercase())
    }
}
