//! The module's turn tracker: its levels in the buildFile, and the state a scenario's saved game
//! restores it to (its own start turn and phase).
//!
//! File > New Game resets the tracker (`GameState.setup(false)`): every turn counter to its `start`,
//! every phase list to its first item. No attribute names a list's first item (`ListTurnLevel.first`
//! is state only, and it is also where the turn rolls over), so a module whose first scenario starts
//! after the turn's first phase (B4M: turn 1 begins at the German combat phase, rule 6.0) gets two
//! top-level levels: the first turn from its start phase on (a counter that rolls over once, at the
//! end of that turn), then every later turn with all its phases. VASSAL's `TurnTracker.next` moves to
//! the next top-level level when one rolls over, so Next after the first turn's last phase shows the
//! second turn's first phase. Both levels set the same `Turn` and `Phase` properties (a `TurnLevel`
//! shares a property of the same name), which the module's expressions read. A first scenario that
//! starts in the first phase keeps the one level.
//!
//! `src/verify/turn_tracker.rs` runs these levels and states the way VASSAL does (`tests/scenario_starts.rs`).

use crate::concept::game::{Game, Loaded, ScenarioFile};
use crate::concept::interface::ModuleParts;
use crate::concept::plan::Plan;
use crate::vassal::sequence_encoder::{decode, SequenceEncoder};
use crate::vassal::xml::El;

/// The one TurnTracker of the module: VASSAL numbers trackers from 0 (`UniqueIdManager`).
const TRACKER_ID: &str = "TurnTracker0";

/// A turn and a phase (an index into `[[phases]]`) of the tracker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrackerPosition {
    pub turn: u32,
    pub phase: usize,
}

/// How the module's tracker is laid out: where New Game starts it (the first scenario's start), how
/// many phases a turn has, and the game's last turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrackerLayout {
    pub start: TrackerPosition,
    pub phases: usize,
    pub last_turn: u32,
}

impl TrackerLayout {
    pub fn of(game: &Game) -> TrackerLayout {
        TrackerLayout {
            start: TrackerPosition {
                turn: game.start_turn(),
                phase: game.start_phase_index(),
            },
            phases: game.rules.phases.len(),
            last_turn: game.rules.turns.count.value,
        }
    }

    /// How the counter of every turn (every later turn, when the first has a level of its own)
    /// ends: VASSAL's Prev before the start sets a counter to its loop limit (`setHigh`), which
    /// without a limit is -1, so the counter loops at the last turn. The tracker is then a ring of
    /// the game's turns, as the printed track is: Prev at the start shows the last turn's last
    /// phase, Next after it the start again, never a turn 0, -1 or one after the last.
    fn turn_loop(&self) -> (bool, i64) {
        let first_counted = self.start.turn + u32::from(self.splits_first_turn());
        if first_counted <= self.last_turn {
            (true, i64::from(self.last_turn))
        } else {
            // A game whose counted turns start after its last (one turn, begun mid-turn): no ring.
            (false, -1)
        }
    }

    /// Where a scenario starts: its start turn and phase.
    pub fn start_of(game: &Game, scenario: &Loaded<ScenarioFile>) -> TrackerPosition {
        TrackerPosition {
            turn: game.start_turn_of(scenario),
            phase: game.start_phase_of(scenario),
        }
    }

    /// Whether the tracker has a level of its own for the first turn's phases from the start phase on.
    fn splits_first_turn(&self) -> bool {
        self.start.phase > 0 && self.start.phase < self.phases
    }

    /// The state a saved game restores to start at `at`: `None` when that is where New Game (and so
    /// the reset of every loaded game) starts the tracker anyway.
    pub fn command(&self, at: TrackerPosition) -> Option<String> {
        if at == self.start {
            return None;
        }
        let mut command = SequenceEncoder::new('\t');
        command
            .append(&format!("TURN{TRACKER_ID}"))
            .append(&self.state(at));
        Some(command.value())
    }

    /// `TurnTracker.getState` at `at`: the current top-level level, then every level's state as VASSAL
    /// writes it (`CounterTurnLevel.getState` ';': turn, sub-level 0, loop, loop limit, then the phase
    /// list's `ListTurnLevel.getState` ';': phase, sub-level 0, first item 0, and every item active,
    /// as VASSAL itself writes a list's state).
    pub fn state(&self, at: TrackerPosition) -> String {
        let mut tracker = SequenceEncoder::new('|');
        if self.splits_first_turn() {
            let in_first_turn = at.turn == self.start.turn && at.phase >= self.start.phase;
            let first = self.start.turn;
            let tail = self.phases - self.start.phase;
            let (first_at, later_at) = if in_first_turn {
                ((first, at.phase - self.start.phase), (first + 1, 0))
            } else {
                ((first, 0), (at.turn, at.phase))
            };
            let (looping, limit) = self.turn_loop();
            tracker
                .append_int(i64::from(!in_first_turn))
                .append(&counter_state(first_at, true, first as i64, tail))
                .append(&counter_state(later_at, looping, limit, self.phases));
        } else {
            let (looping, limit) = self.turn_loop();
            tracker.append_int(0).append(&counter_state(
                (at.turn, at.phase),
                looping,
                limit,
                self.phases,
            ));
        }
        tracker.value()
    }

    /// The turn and phase a state of this tracker (a save's or a log's `TURN` command) holds.
    pub fn position(&self, state: &str) -> Option<TrackerPosition> {
        let levels = decode(state, '|');
        let current: usize = levels.first()?.parse().ok()?;
        let (turn, index) = counter_position(levels.get(current + 1)?)?;
        // A state of one level (a module built before the first turn had a level of its own, whose
        // logs an audit still reads) counts the phases from the first.
        let offset = if self.splits_first_turn() && levels.len() > 2 && current == 0 {
            self.start.phase
        } else {
            0
        };
        Some(TrackerPosition {
            turn,
            phase: index + offset,
        })
    }

    /// The buildFile's TurnTracker.
    pub fn element(&self, game: &Game, plan: &Plan, parts: &ModuleParts) -> El {
        let phases: Vec<String> = game
            .rules
            .phases
            .iter()
            .map(|p| plan.tx.get(&format!("phases.{}", p.id.as_str())))
            .collect();
        let turn_level = |name: String, start: u32, looping: bool, limit: i64, items: &[String]| {
            El::new("VASSAL.build.module.turn.CounterTurnLevel")
                .attr("incr", "1")
                .attr("loop", looping.to_string())
                .attr("loopLimit", limit.to_string())
                .attr("name", name)
                .attr("property", "Turn")
                .attr("start", start.to_string())
                .attr("turnFormat", "$value$")
                .child(phase_list(plan, items))
        };
        let (looping, limit) = self.turn_loop();
        let levels = if self.splits_first_turn() {
            let first = self.start.turn;
            vec![
                turn_level(
                    plan.tx
                        .fill("ui.turn_from_start", &[("turn", &first.to_string())]),
                    first,
                    true,
                    i64::from(first),
                    &phases[self.start.phase..],
                ),
                turn_level(plan.tx.get("ui.turn"), first + 1, looping, limit, &phases),
            ]
        } else {
            vec![turn_level(
                plan.tx.get("ui.turn"),
                self.start.turn,
                looping,
                limit,
                &phases,
            )]
        };
        El::new("VASSAL.build.module.turn.TurnTracker")
            .attr("buttonText", plan.tx.get("ui.turn"))
            .attr("hotkey", "")
            .attr("icon", "")
            .attr("length", "-1")
            .attr("lengthStyle", "Maximum")
            .attr("name", "Game Turn")
            .attr("nexthotkey", "")
            .attr("prevhotkey", "")
            .attr(
                "reportFormat",
                parts
                    .turn_report
                    .as_ref()
                    .map(|report| report.to_beanshell())
                    .unwrap_or_default(),
            )
            .attr("tooltip", plan.tx.get("ui.turn_tooltip"))
            .attr(
                "turnFormat",
                plan.tx.fill(
                    "ui.turn_format",
                    &[("turn", "$level1$"), ("phase", "$level2$")],
                ),
            )
            .children(levels)
    }
}

/// A list level of phases, every one of which sets `Phase` to its name.
fn phase_list(plan: &Plan, items: &[String]) -> El {
    let mut list = SequenceEncoder::new(',');
    for p in items {
        list.append(p);
    }
    El::new("VASSAL.build.module.turn.ListTurnLevel")
        .attr("configFirst", "false")
        .attr("configList", "false")
        .attr("list", list.value())
        .attr("name", plan.tx.get("ui.phase"))
        .attr("prompt", "")
        .attr("property", "Phase")
        .attr("turnFormat", "$value$")
}

/// A turn counter's state at `(turn, phase)` over a list of `items` phases.
fn counter_state((turn, phase): (u32, usize), looping: bool, limit: i64, items: usize) -> String {
    let active = vec!["true"; items];
    let mut list = SequenceEncoder::new(';');
    list.append_int(phase as i64)
        .append_int(0)
        .append_int(0)
        .append_string_array(&active);
    let mut counter = SequenceEncoder::new(';');
    counter
        .append_int(turn)
        .append_int(0)
        .append_bool(looping)
        .append_int(limit)
        .append(&list.value());
    counter.value()
}

/// The turn and the list's current index of a counter level's state.
fn counter_position(state: &str) -> Option<(u32, usize)> {
    let counter = decode(state, ';');
    let turn = counter.first()?.parse().ok()?;
    let list = decode(counter.get(4)?, ';');
    let phase = list.first()?.parse().ok()?;
    Some((turn, phase))
}
