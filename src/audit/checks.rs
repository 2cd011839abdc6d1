//! The referee: it follows the turn tracker through the log, and checks each move when it is made
//! (who may move in the phase) and each phase when it ends (the moves' paths, stacking).

use super::board::Board;
use super::{hex_at, logged_position, Check, Finding, Kind, Spot};
use crate::concept::combat::step_terms::steps;
use crate::concept::game::{Game, HexId, Phase, Unit};
use crate::concept::map::place::Location as Place;
use crate::concept::movement::path::{MoveMap, Reach};
use crate::concept::movement::zoc::zoc_hexes;
use crate::concept::sequence::movers::{may_move, moves_rule, MayMove};
use crate::concept::sequence::skip::{skipped, Skip};
use crate::concept::stacking::limits::{check_units, Violation};
use crate::concept::weather::turn::weather_of_turn;
use crate::save::dump::Locations;
use crate::save::log::Logged;
use crate::save::Location;
use std::collections::{BTreeMap, BTreeSet};

mod advances;
mod line_moves;

/// One unit's movement in the phase under way: where it stood when it first moved, where it is.
#[derive(Debug, Clone)]
struct PhaseMove {
    from: Option<(String, HexId)>,
    to: Option<(String, HexId)>,
    step: usize,
    /// Where it stood and where it is, in the map's pixels.
    spots: Vec<Spot>,
    /// The hexes in an enemy zone of control when it began to move, where a move must end (when
    /// the rules say so: `[movement.allowance] zoc_ends_move`).
    enemy_zoc: BTreeSet<HexId>,
}

/// The places a finding concerns: by name, and in the map's pixels.
pub(super) struct Leg {
    from: Option<String>,
    to: Option<String>,
    spots: Vec<Spot>,
}

/// The steps a side took back in the phase under way: how many, and the units that took them.
#[derive(Debug, Clone, Default)]
pub(super) struct Replaced {
    pub steps: u32,
    pub units: Vec<String>,
}

/// A check not made: which, why, and the rule it would have held the moves against.
type Unchecked = (Check, String, Option<String>);

pub(super) struct Referee<'g> {
    pub(super) game: &'g Game,
    pub(super) locations: &'g Locations,
    pub(super) board: Board,
    map: MoveMap,
    pub(super) turn: u32,
    pub(super) phase: usize,
    /// The units moved in the phase under way, by piece id.
    moved: BTreeMap<String, PhaseMove>,
    /// The combats resolved in the phase under way, their results to be applied by its end.
    pub(super) combats: Vec<super::resolved::Resolved>,
    /// The step under way is a save sequence's difference across phases: which phase a move was
    /// made in is not known (until the turn tracker's step that ends it).
    span: bool,
    /// The replacement steps each side took in the phase under way, by side id.
    pub(super) replaced: BTreeMap<String, Replaced>,
    pub(super) findings: Vec<Finding>,
    /// The checks the rules data could not make, by check, reason and rule: the first step and
    /// the pieces concerned.
    unchecked: BTreeMap<Unchecked, (usize, Vec<String>)>,
}

impl<'g> Referee<'g> {
    pub(super) fn new(
        game: &'g Game,
        locations: &'g Locations,
        board: Board,
        turn: u32,
        phase: usize,
    ) -> Referee<'g> {
        Referee {
            game,
            locations,
            board,
            map: MoveMap::new(game),
            turn,
            phase,
            moved: BTreeMap::new(),
            combats: Vec::new(),
            replaced: BTreeMap::new(),
            span: false,
            findings: Vec::new(),
            unchecked: BTreeMap::new(),
        }
    }

    /// A check the rules data cannot make for `piece`: said once for every piece it concerns.
    pub(super) fn not_checked(
        &mut self,
        check: Check,
        step: usize,
        piece: &str,
        rule: Option<String>,
        why: String,
    ) {
        let entry = self
            .unchecked
            .entry((check, why, rule))
            .or_insert((step, Vec::new()));
        if !entry.1.iter().any(|p| p == piece) {
            entry.1.push(piece.to_string());
        }
    }

    /// Every finding, the checks not made last, one each.
    pub(super) fn into_findings(mut self) -> Vec<Finding> {
        // The end of a phase checks its units in id order: the list follows the log.
        self.findings.sort_by_key(|f| f.step);
        let unchecked = std::mem::take(&mut self.unchecked);
        for ((check, what, rule), (step, pieces)) in unchecked {
            let finding = Finding {
                piece: pieces_text(&pieces),
                rule,
                what,
                ..self.base(Kind::NotChecked, check, step)
            };
            self.findings.push(finding);
        }
        self.findings
    }

    pub(super) fn apply(&mut self, step: usize, command: &Logged) {
        if let Some(position) = logged_position(self.game, command) {
            if position != (self.turn, self.phase) {
                self.end_phase(step, false);
                (self.turn, self.phase) = position;
            }
            self.span = false;
            return;
        }
        match command {
            Logged::Move(m) => {
                let old = Location {
                    map: m.old_map.clone(),
                    x: m.old_x,
                    y: m.old_y,
                };
                let new = Location {
                    map: m.map.clone(),
                    x: m.x,
                    y: m.y,
                };
                for id in self.board.apply_move(m) {
                    self.moved_piece(step, &id, (&old, &new));
                }
            }
            Logged::Change { id, state } => self.changed(step, id, |b| b.change(id, state)),
            Logged::State { id, traits } => {
                self.changed(step, id, |b| b.replace_traits(id, traits.clone()))
            }
            Logged::Span => self.span = true,
            Logged::Add(piece) => self.board.add(piece),
            Logged::Remove { id } => {
                self.board.remove(id);
                self.moved.remove(id);
            }
            Logged::Chat(line) => self.hand_rolled(step, line),
            Logged::Turn { .. } | Logged::Other(_) => {}
        }
    }

    /// A piece took new trait states: a combat's result recorded, a step taken back.
    fn changed(&mut self, step: usize, id: &str, change: impl FnOnce(&mut Board)) {
        let result = self.board.property(id, steps::RESULT).unwrap_or_default();
        let face = self.board.pieces.get(id).map(|p| p.face);
        change(&mut self.board);
        self.combat_recorded(step, id, &result);
        let now = self.board.pieces.get(id).map(|p| p.face);
        if let (Some(before), Some(after)) = (face, now) {
            if after < before {
                self.replaced_steps(step, id, Some((before - after) as u32));
            }
        }
    }

    /// The log ends: the phase under way is checked as if it ended there.
    pub(super) fn end_of_log(&mut self, steps: usize) {
        self.end_phase(steps, true);
    }

    fn phase(&self) -> Option<&'g Phase> {
        self.game.rules.phases.get(self.phase)
    }

    /// A place's name by the module's grids (a hex label, a zone), when it has one.
    fn place_name(&self, at: &Location) -> Option<String> {
        self.locations.name(at)
    }

    /// Hexes between two hexes of the map, as the crow flies.
    pub(super) fn hexes_between(&self, from: HexId, to: HexId) -> Option<u32> {
        self.map.hexes_between(from, to)
    }

    pub(super) fn unit(&self, id: &str) -> Option<(&'g Unit, String)> {
        let piece = self.board.pieces.get(id)?;
        let unit_id = piece.unit.as_deref()?;
        let unit = self
            .game
            .counters
            .units
            .iter()
            .find(|u| u.id.as_str() == unit_id)?;
        Some((unit, piece.name.clone()))
    }

    /// A unit was put somewhere: on the map it was on (a move) or from another map (a placement).
    fn moved_piece(&mut self, step: usize, id: &str, (old, new): (&Location, &Location)) {
        let from = hex_at(self.game, self.locations, &old.map, old.x, old.y);
        let same_map = old.map == new.map;
        let Some((unit, _)) = self.unit(id) else {
            return;
        };
        // Who may move needs only the two places, named by the module's grid: a map whose hexes
        // the data does not hold (one printed only as art) is still checked.
        let (from_label, to_label) = (self.place_name(old), self.place_name(new));
        let placed = from_label.is_some() && to_label.is_some() && from_label != to_label;
        if same_map && placed && self.span {
            let why = "who moved and how far, between two saves made in different phases: a save does not say in which phase a unit moved".to_string();
            let name = self.unit(id).map_or(id.to_string(), |(_, n)| n);
            self.not_checked(Check::WhoMoves, step, &name, None, why);
        } else if same_map && placed && !self.moved.contains_key(id) {
            let leg = Leg {
                from: from_label.clone(),
                to: to_label.clone(),
                spots: vec![Spot::of(old), Spot::of(new)],
            };
            self.who_moves(step, id, unit, &leg);
        }
        // A unit comes onto the game's map from another map (a box of the turn track, a pool):
        // the place it comes to is named as a hex of the game's grid.
        let on_grid = |label: &Option<String>| {
            label
                .as_deref()
                .is_some_and(|l| self.game.map.grid.parse(l).is_some())
        };
        let came_on = !on_grid(&from_label) && on_grid(&to_label);
        if let (true, Some(to)) = (came_on && !self.moved.contains_key(id), &to_label) {
            self.arrived(step, id, to, Spot::of(new));
        }
        let to = self
            .board
            .pieces
            .get(id)
            .and_then(|p| hex_at(self.game, self.locations, &p.map, p.x, p.y));
        if same_map && placed && (from.is_none() || to.is_none()) {
            let why = "the length of moves between places the map data does not hold as hexes of its grid ([grid])".to_string();
            let name = self.unit(id).map_or(id.to_string(), |(_, n)| n);
            self.not_checked(Check::Movement, step, &name, None, why);
        }
        let zoc_ends_move = self
            .game
            .rules
            .movement
            .allowance
            .as_ref()
            .is_some_and(|a| a.zoc_ends_move);
        let enemy_zoc = if zoc_ends_move && !self.moved.contains_key(id) {
            self.enemy_zoc(&unit.side)
        } else {
            BTreeSet::new()
        };
        let entry = self.moved.entry(id.to_string()).or_insert(PhaseMove {
            // A unit placed from another map has no path on this one.
            from: if same_map && !self.span { from } else { None },
            to: None,
            step,
            spots: vec![Spot::of(old)],
            enemy_zoc: BTreeSet::new(),
        });
        if entry.spots.len() == 1 && zoc_ends_move {
            entry.enemy_zoc = enemy_zoc;
        }
        entry.to = to;
        entry.step = step;
        entry.spots.truncate(1);
        entry.spots.push(Spot::of(new));
    }

    /// A who-moves violation of the move `leg` of the piece `id` at `step`.
    fn moved_when_forbidden(
        &mut self,
        (step, id, leg): (usize, &str, &Leg),
        rule: Option<String>,
        allows: String,
        what: String,
    ) {
        self.find(
            Kind::Violation,
            Check::WhoMoves,
            step,
            id,
            leg,
            rule,
            allows,
            what,
        );
    }

    /// The hexes in the zone of control of the units of every side but `side`, as they stand.
    /// The hexes of an enemy zone of control when the piece `id` began to move in the phase under
    /// way (held only where entering one ends a move: `zoc_ends_move`).
    pub(super) fn zoc_when_moved(&self, id: &str) -> Option<&BTreeSet<HexId>> {
        self.moved.get(id).map(|m| &m.enemy_zoc)
    }

    fn enemy_zoc(&self, side: &str) -> BTreeSet<HexId> {
        let mut out = BTreeSet::new();
        for (id, p) in &self.board.pieces {
            let Some((unit, _)) = self.unit(id) else {
                continue;
            };
            let Some(unit_type) = self.game.counters.unit_type(&unit.unit_type) else {
                continue;
            };
            let at = hex_at(self.game, self.locations, &p.map, p.x, p.y);
            if let (false, Some((_, hex))) = (unit.side.as_str() == side, at) {
                out.extend(zoc_hexes(self.game, unit_type, Place::Hex(hex)));
            }
        }
        out
    }

    /// Whether the unit's side and type may move in this phase, and whether the phase is played.
    fn who_moves(&mut self, step: usize, id: &str, unit: &Unit, leg: &Leg) {
        let Some(phase) = self.phase() else {
            return;
        };
        let weather = weather_of_turn(&self.game.rules, self.turn).map_or("", |w| w.id.as_str());
        if let Some(skip) = skipped(phase, self.turn, weather) {
            let why = match skip {
                Skip::BeforeFirstTurn(first) => format!("it is played from turn {first}"),
                Skip::InWeather(w) => format!("it is not played in {w} weather"),
            };
            let what = format!(
                "moved in the {}, which is not played this turn: {why}",
                phase.name
            );
            let rule = phase.rule.as_ref().map(|r| r.value.clone());
            self.moved_when_forbidden((step, id, leg), rule, phase.allows.clone(), what);
            return;
        }
        if let Some(prohibition) = self.prohibited(unit, phase) {
            let what = format!(
                "moved in the {} of turn {}, in which it may not move",
                phase.name, self.turn
            );
            let (rule, allows) = prohibition;
            self.moved_when_forbidden((step, id, leg), rule, allows, what);
            return;
        }
        let (kind, what) = match may_move(phase, &unit.side, &unit.unit_type) {
            MayMove::Yes => return,
            MayMove::NotItsSide => (
                Kind::Violation,
                format!(
                    "moved in the {}, in which units of {} may not move",
                    phase.name,
                    self.side_name(&unit.side)
                ),
            ),
            MayMove::NotItsType => (
                Kind::Violation,
                format!(
                    "moved in the {}, in which its type ({}) may not move",
                    phase.name,
                    self.type_name(&unit.unit_type)
                ),
            ),
            MayMove::Unstated => {
                let why = format!(
                    "who may move in the {} ([phases.moves] of the phase)",
                    phase.name
                );
                let name = self.unit(id).map_or(id.to_string(), |(_, n)| n);
                self.not_checked(
                    Check::WhoMoves,
                    step,
                    &name,
                    phase.rule.as_ref().map(|r| r.value.clone()),
                    why,
                );
                return;
            }
        };
        let rule = moves_rule(phase).map(str::to_string);
        self.find(
            kind,
            Check::WhoMoves,
            step,
            id,
            leg,
            rule,
            phase.allows.clone(),
            what,
        );
    }

    fn side_name(&self, side: &str) -> String {
        self.game
            .rules
            .sides
            .iter()
            .find(|s| s.id.as_str() == side)
            .map_or(side.to_string(), |s| s.name.clone())
    }

    fn type_name(&self, unit_type: &str) -> String {
        self.game
            .counters
            .unit_type(unit_type)
            .map_or(unit_type.to_string(), |t| t.name.clone())
    }

    /// The end of a phase (the tracker stepped on, or the log ended): every move of the phase
    /// against the allowance and the weather, then stacking where units ended.
    fn end_phase(&mut self, step: usize, log_ended: bool) {
        self.advances();
        self.combat_results(step, log_ended);
        self.replacements_used(step);
        let moved = std::mem::take(&mut self.moved);
        if moved.is_empty() {
            return;
        }
        if self.game.rules.movement.allowance.is_none() {
            self.unchecked_paths(step, &moved);
        }
        for (id, m) in &moved {
            self.path(id, m);
        }
        self.stacking(step, &moved, log_ended);
    }

    /// The cheapest path from where the unit stood to where it ended, against its allowance.
    fn path(&mut self, id: &str, m: &PhaseMove) {
        let (Some(from), Some(to)) = (&m.from, &m.to) else {
            return;
        };
        if from.1 == to.1 {
            return;
        }
        let Some(phase) = self.phase() else {
            return;
        };
        if let Some(lm) = self.line_move(phase).cloned() {
            let phase = phase.clone();
            self.line_path(id, m, &phase, &lm);
            return;
        }
        let Some((unit, _)) = self.unit(id) else {
            return;
        };
        let rules = &self.game.rules;
        let Some(allowance) = &rules.movement.allowance else {
            return;
        };
        let spends = allowance.phases.is_empty()
            || allowance
                .phases
                .iter()
                .any(|p| p.as_str() == phase.id.as_str());
        if !spends {
            return;
        }
        let rule = allowance.rule.as_ref().map(|r| r.value.clone());
        if let Some(finding) = self.weather_limit(phase, from.1, to.1) {
            let (rule, allows, what) = finding;
            self.find_move(Kind::Violation, id, m, rule, allows, what);
            return;
        }
        let Some((points, _)) = self.allowance_points(id, m, rule.clone()) else {
            return;
        };
        let budget = i64::from(points) * 4;
        let zoc = match (allowance.zoc_ends_move, allowance.no_zoc_to_zoc) {
            (true, true) => "; entering an enemy ZOC ends its move, and a unit that starts in one may not step straight into another",
            (true, false) => "; entering an enemy ZOC ends its move",
            _ => "",
        };
        let allows = format!(
            "a unit moves up to its {} ({points} MP), paying each hex's terrain cost{zoc}",
            allowance.value.as_str()
        );
        let branch = self
            .game
            .counters
            .unit_type(&unit.unit_type)
            .and_then(|t| t.branch.as_ref())
            .map(|b| b.as_str());
        let reach = self.map.cheapest_leaving_zoc(
            from.1,
            to.1,
            branch,
            &m.enemy_zoc,
            allowance.no_zoc_to_zoc,
        );
        let (kind, what) = match reach {
            Reach::Costs(q) if q <= budget => return,
            Reach::Costs(q) => (
                Kind::Violation,
                format!(
                    "the cheapest path costs {} MP, {} more than its {points} MP",
                    points_text(q),
                    points_text(q - budget)
                ),
            ),
            Reach::NoPath if allowance.no_zoc_to_zoc && m.enemy_zoc.contains(&from.1) => (
                Kind::Violation,
                "no path the map data allows joins the two hexes without stepping from the enemy ZOC the unit started in straight into another, or entering one before the last hex".to_string(),
            ),
            Reach::NoPath if !m.enemy_zoc.is_empty() => (
                Kind::Violation,
                "no path the map data allows joins the two hexes without entering an enemy ZOC, where the move ends, before the last hex".to_string(),
            ),
            Reach::NoPath => (
                Kind::Violation,
                "no path the map data allows joins the two hexes".to_string(),
            ),
            Reach::Unknown { bound, .. } if bound > budget => (
                Kind::Violation,
                format!(
                    "every path costs at least {} MP, more than its {points} MP",
                    points_text(bound)
                ),
            ),
            Reach::Unknown { known: Some(k), .. } if k <= budget => return,
            Reach::Unknown { .. } => {
                let why = "moves whose only paths within the allowance cross hexes of a terrain the rules data does not give".to_string();
                let name = self.unit(id).map_or(id.to_string(), |(_, n)| n);
                self.not_checked(Check::Movement, m.step, &name, rule, why);
                return;
            }
        };
        self.find_move(kind, id, m, rule, allows, what);
    }

    /// The piece's printed allowance on its current face, and the value's name; `None`, said once
    /// as a check not made, when the rules data does not give it.
    fn allowance_points(
        &mut self,
        id: &str,
        m: &PhaseMove,
        rule: Option<String>,
    ) -> Option<(u32, String)> {
        let allowance = self.game.rules.movement.allowance.as_ref()?;
        let value = allowance.value.value.clone();
        let (unit, name) = self.unit(id)?;
        let face = self.board.pieces.get(id).map_or(0, |p| p.face);
        let printed = self
            .game
            .counters
            .printed_value(unit, face, &allowance.value);
        if let Some(Some(points)) = printed {
            return Some((points, value));
        }
        let why =
            format!("the length of moves of units whose {value} the rules data does not give");
        self.not_checked(Check::Movement, m.step, &name, rule, why);
        None
    }

    /// Entering an enemy zone of control ends a move (`[movement.allowance] zoc_ends_move`).
    fn zoc_ends_move(&self) -> bool {
        let allowance = self.game.rules.movement.allowance.as_ref();
        allowance.is_some_and(|a| a.zoc_ends_move)
    }

    /// A movement finding on the move `m` of the piece `id`, from where it stood to where it ended.
    fn find_move(
        &mut self,
        kind: Kind,
        id: &str,
        m: &PhaseMove,
        rule: Option<String>,
        allows: String,
        what: String,
    ) {
        self.find(
            kind,
            Check::Movement,
            m.step,
            id,
            &Leg {
                from: m.from.as_ref().map(|f| f.0.clone()),
                to: m.to.as_ref().map(|t| t.0.clone()),
                spots: m.spots.clone(),
            },
            rule,
            allows,
            what,
        );
    }

    /// Without an allowance in the data no path can be held against one.
    fn unchecked_paths(&mut self, step: usize, moved: &BTreeMap<String, PhaseMove>) {
        let movers: Vec<String> = moved
            .iter()
            .filter(|(_, m)| m.from.is_some() && m.to.is_some() && m.from != m.to)
            .filter_map(|(id, _)| self.unit(id).map(|(_, name)| name))
            .collect();
        for name in movers {
            let why = "the length of moves: the rules data gives no movement allowance ([movement.allowance])".to_string();
            self.not_checked(Check::Movement, step, &name, None, why);
        }
    }

    /// The unit's `[[movement.prohibitions]]` entry for this turn and phase: (rule, what it may
    /// still do).
    fn prohibited(&self, unit: &Unit, phase: &Phase) -> Option<(Option<String>, String)> {
        let turn = self.turn;
        self.game
            .rules
            .movement
            .prohibitions
            .iter()
            .find(|p| {
                let names_it = p.units.iter().any(|u| u.as_str() == unit.id.as_str())
                    || p.unit_types
                        .iter()
                        .any(|t| t.as_str() == unit.unit_type.as_str());
                let this_turn = p.turns.is_empty() || p.turns.iter().any(|t| t.value == turn);
                let this_phase =
                    p.phases.is_empty() || p.phases.iter().any(|x| x.as_str() == phase.id.as_str());
                names_it && this_turn && this_phase
            })
            .map(|p| {
                let allows = format!("it may not move then. {}", p.still_allowed)
                    .trim()
                    .to_string();
                (p.rule.as_ref().map(|r| r.value.clone()), allows)
            })
    }

    /// A move longer than the weather of the turn allows in this phase: (rule, allows, what).
    fn weather_limit(
        &self,
        phase: &Phase,
        from: HexId,
        to: HexId,
    ) -> Option<(Option<String>, String, String)> {
        let rules = &self.game.rules;
        let weather = weather_of_turn(rules, self.turn)?;
        let limit = rules.movement.weather_limits.iter().find(|l| {
            l.weather.as_str() == weather.id.as_str()
                && !l
                    .except_phases
                    .iter()
                    .any(|p| p.as_str() == phase.id.as_str())
        })?;
        let hexes = self.map.hexes_between(from, to)?;
        (hexes > limit.max_hexes).then(|| {
            (
                limit.rule.as_ref().map(|r| r.value.clone()),
                format!(
                    "at most {} hex(es) a phase in {}",
                    limit.max_hexes, weather.name
                ),
                format!("moved {hexes} hexes in {} weather", weather.name),
            )
        })
    }

    /// Stacking where the phase's moves ended, side by side.
    fn stacking(&mut self, step: usize, moved: &BTreeMap<String, PhaseMove>, log_ended: bool) {
        let rules = &self.game.rules;
        let mut hexes: Vec<(String, HexId)> = moved.values().filter_map(|m| m.to.clone()).collect();
        hexes.sort_by_key(|(_, h)| *h);
        hexes.dedup_by_key(|(_, h)| *h);
        for (label, hex) in hexes {
            let mut by_side: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
            let mut spots = Vec::new();
            for (id, p) in &self.board.pieces {
                let here = hex_at(self.game, self.locations, &p.map, p.x, p.y)
                    .is_some_and(|(_, h)| h == hex);
                if here && spots.is_empty() {
                    spots.push(p.spot());
                }
                if let (true, Some((unit, name))) = (here, self.unit(id)) {
                    by_side
                        .entry(unit.side.value.clone())
                        .or_default()
                        .push((unit.id.value.clone(), name));
                }
            }
            for (side, units) in by_side {
                let ids: Vec<&str> = units.iter().map(|(u, _)| u.as_str()).collect();
                let Some(violation) = check_units(self.game, &side, &ids, Place::Hex(hex))
                    .into_iter()
                    .next()
                else {
                    continue;
                };
                let (count, max) = match &violation {
                    Violation::TooMany { count, max }
                    | Violation::TooManyOfBranch { count, max, .. } => {
                        (count.to_string(), max.to_string())
                    }
                };
                let names: Vec<&str> = units.iter().map(|(_, n)| n.as_str()).collect();
                let (kind, when) = if log_ended {
                    (Kind::Doubt, "when the log ends (the phase had not ended)")
                } else {
                    (Kind::Violation, "at the end of the phase")
                };
                let what = format!(
                    "{label} holds {count} {} units {when}: {}",
                    self.side_name(&side),
                    names.join(", ")
                );
                let allows = format!(
                    "at most {max} {} unit(s) in a hex ({})",
                    self.side_name(&side),
                    rules.stacking.when
                );
                let rule = rules.stacking.rule.as_ref().map(|r| r.value.clone());
                let finding = Finding {
                    piece: names.join(", "),
                    to: Some(label.clone()),
                    spots: spots.clone(),
                    rule,
                    allows,
                    what,
                    ..self.base(kind, Check::Stacking, step)
                };
                self.findings.push(finding);
            }
        }
    }

    #[allow(clippy::too_many_arguments)] // one finding's fields, named at each call
    fn find(
        &mut self,
        kind: Kind,
        check: Check,
        step: usize,
        id: &str,
        leg: &Leg,
        rule: Option<String>,
        allows: String,
        what: String,
    ) {
        let (unit, piece) = match self.unit(id) {
            Some((u, name)) => (Some(u.id.value.clone()), name),
            None => (None, id.to_string()),
        };
        let finding = Finding {
            piece,
            unit,
            from: leg.from.clone(),
            to: leg.to.clone(),
            spots: leg.spots.clone(),
            rule,
            allows,
            what,
            ..self.base(kind, check, step)
        };
        self.findings.push(finding);
    }

    /// A finding at this point of the log, its piece and what happened still to be said.
    pub(super) fn base(&self, kind: Kind, check: Check, step: usize) -> Finding {
        let phase = self.phase();
        Finding {
            kind,
            check,
            turn: self.turn,
            phase_id: phase.map_or(String::new(), |p| p.id.value.clone()),
            phase: phase.map_or(String::new(), |p| p.name.clone()),
            step,
            piece: String::new(),
            unit: None,
            from: None,
            to: None,
            rule: None,
            allows: String::new(),
            what: String::new(),
            spots: Vec::new(),
        }
    }
}

/// `3 pieces: V Corps, 13th Army, 49th Army`, the list cut after ten names.
fn pieces_text(pieces: &[String]) -> String {
    const SHOWN: usize = 10;
    let mut names = pieces
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if pieces.len() > SHOWN {
        names.push_str(&format!(" and {} more", pieces.len() - SHOWN));
    }
    format!("{} piece(s): {names}", pieces.len())
}

/// Quarters of a movement point as the terrain chart prints them.
fn points_text(quarters: i64) -> String {
    crate::concept::map::move_points_text(quarters as f64 / 4.0)
}
