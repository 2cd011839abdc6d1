//! `vmodc audit`: the referee of a game played in VASSAL. A log is replayed as VASSAL replays it
//! (its starting state, then each step) and every move is held against the game's rules data with
//! the rule logic `vmodc check` and the module use: who may move in the phase
//! (`sequence::movers`), the cheapest path against the allowance (`movement::path`), the weather's
//! movement limit, and stacking at the end of each phase that moved units (`stacking::limits`).

pub mod arrivals;
pub mod board;
pub mod checks;
pub mod combat;
pub mod page;
pub mod report;
pub mod spot;
pub use spot::Spot;
pub mod resolved;
pub mod rules;
pub mod victory;

use crate::concept::game::{Game, HexId};
use crate::emit::tracker::TrackerLayout;
use crate::save::dump::Locations;
use crate::save::log::{GameLog, Logged};
use crate::save::Location;
use board::Board;
use serde::Serialize;

/// What a finding is: a move the rules forbid, one the log leaves open, or a check the rules data
/// cannot make (a value or a rule it does not hold), said once for all the moves it concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Violation,
    Doubt,
    NotChecked,
}

/// Which check found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// A unit moved in a phase in which its side or type may not move.
    WhoMoves,
    /// A move no legal path within the unit's allowance (or the weather's limit) allows.
    Movement,
    /// A hex over the stacking limit at the end of a phase.
    Stacking,
    /// A combat resolved against the rules' odds and table, or its result not applied.
    Combat,
    /// A reinforcement before its turn, or more replacement steps than the turn gives.
    Arrivals,
}

/// One finding, with everything a player needs to find it in the log and in the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub kind: Kind,
    pub check: Check,
    pub turn: u32,
    /// The phase's id (`[[phases]] id`) and name.
    pub phase_id: String,
    pub phase: String,
    /// The Step forward of the log (1 = the first logged command) where it happened; for a check
    /// at the end of a phase, the step that ended the phase.
    pub step: usize,
    /// The piece's name and its unit's id.
    pub piece: String,
    pub unit: Option<String>,
    /// Where the piece stood and where it ended, by the map's grid.
    pub from: Option<String>,
    pub to: Option<String>,
    /// The rule section the data cites, and what the rule allows.
    pub rule: Option<String>,
    pub allows: String,
    /// What happened, in a sentence.
    pub what: String,
    /// Where it happened on the map, in the map's pixels as VASSAL records them: where the piece
    /// stood, then where it ended (for a page that shows the map there).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spots: Vec<Spot>,
}

impl Audit {
    pub fn violations(&self) -> usize {
        self.count(Kind::Violation)
    }

    pub fn count(&self, kind: Kind) -> usize {
        self.findings.iter().filter(|f| f.kind == kind).count()
    }

    /// `399 logged steps: 2 violation(s), 0 doubt(s)`.
    pub fn tally(&self) -> String {
        format!(
            "{} logged steps: {} violation(s), {} doubt(s)",
            self.steps,
            self.violations(),
            self.count(Kind::Doubt)
        )
    }

    /// The findings, then the checks not made.
    pub fn split(&self) -> (Vec<&Finding>, Vec<&Finding>) {
        self.findings
            .iter()
            .partition(|f| f.kind != Kind::NotChecked)
    }
}

/// What an audit without a finding says.
pub const NO_FINDING: &str =
    "no finding: every move the rules data lets vmodc check keeps the rules";

impl Finding {
    /// ` 0205 → 0111`, ` at 0304`, or nothing: the places it concerns by the map's grid.
    pub fn places(&self) -> String {
        match (&self.from, &self.to) {
            (Some(a), Some(b)) => format!(" {a} → {b}"),
            (Some(a), None) => format!(" at {a}"),
            (None, Some(b)) => format!(" at {b}"),
            _ => String::new(),
        }
    }
}

/// The outcome of an audit.
#[derive(Debug, Clone, Serialize)]
pub struct Audit {
    pub game: String,
    pub module: Option<String>,
    pub version: Option<String>,
    pub steps: usize,
    pub findings: Vec<Finding>,
    /// The victory conditions as the log leaves the board (not in the JSON list of findings).
    #[serde(skip)]
    pub victory: Option<victory::Outcome>,
}

/// Replay `log` over `game`, naming places by the module's grids, and check every phase.
pub fn audit(game: &Game, locations: &Locations, log: &GameLog) -> Audit {
    let board = Board::from_save(&log.start);
    let (turn, phase) = log
        .start
        .commands
        .iter()
        .find_map(|c| tracker_state(game, &c.encode()))
        .unwrap_or((game.start_turn(), game.start_phase_index()));
    let mut referee = checks::Referee::new(game, locations, board, turn, phase);
    for (i, step) in log.steps.iter().enumerate() {
        for command in step {
            referee.apply(i + 1, command);
        }
    }
    referee.end_of_log(log.steps.len());
    let victory = victory::outcome(game, &log.start, &referee.board);
    let findings = referee.into_findings();
    let (module, version) = log.start.module();
    Audit {
        game: game.id.clone(),
        module,
        version,
        steps: log.steps.len(),
        findings,
        victory,
    }
}

/// The turn and phase of a `TURN…` command of the starting state.
fn tracker_state(game: &Game, command: &str) -> Option<(u32, usize)> {
    let body = command.strip_prefix("TURN")?;
    let (_, state) = body.split_once('\t')?;
    tracker_position(game, state)
}

/// The turn and phase of a state of the game's turn tracker, read by the module's layout of it.
fn tracker_position(game: &Game, state: &str) -> Option<(u32, usize)> {
    let at = TrackerLayout::of(game).position(state)?;
    Some((at.turn, at.phase))
}

/// The position of a logged turn-tracker step.
fn logged_position(game: &Game, command: &Logged) -> Option<(u32, usize)> {
    match command {
        Logged::Turn { state, .. } => tracker_position(game, state),
        _ => None,
    }
}

/// Where a piece stands, by the grid: the hex's label and the hex, when the map has a grid and the
/// game's grid holds the hex.
fn hex_at(
    game: &Game,
    locations: &Locations,
    map: &Option<String>,
    x: i64,
    y: i64,
) -> Option<(String, HexId)> {
    let at = Location {
        map: map.clone(),
        x,
        y,
    };
    let label = locations.name(&at)?;
    let grid = &game.map.grid;
    let hex = grid.parse(&label).filter(|h| grid.contains(*h))?;
    Some((label, hex))
}
