//! A VASSAL log file (`.vlog`, File > Begin Logfile … End Logfile) as VASSAL replays it: the game's
//! state when logging began (the commands of a save), then one step per press of Step forward.
//!
//! The `savedGame` entry is one command tree (`BasicLogger.write`): the starting state's root
//! (`begin_save`) whose children are the state's commands up to `end_save`, then one `LOG` TAB
//! command per logged step (`BasicLogger.LogCommand`), each a leaf command whose sub-commands are
//! `LOG` commands of their own, nested one level deeper. A step is what one Step forward executes:
//! a top-level child of the root, with every command nested under it.

use super::{Command, SaveError, SavedGame, SavedPiece};
use crate::vassal::sequence_encoder::{decode, SequenceDecoder};
use crate::vassal::traits::Trait;
use crate::vassal::vsav::{command_split, COMMAND_SEPARATOR, END_SAVE};
use std::collections::BTreeMap;

/// `BasicLogger.LOG`: the prefix of a logged command.
const LOG: &str = "LOG\t";

/// A log, read.
#[derive(Debug, Clone)]
pub struct GameLog {
    /// The state when logging began, as a save holds it (pieces, stacks, the turn tracker).
    pub start: SavedGame,
    /// The logged steps, in order.
    pub steps: Vec<Vec<Logged>>,
}

/// One logged command, as far as a referee reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Logged {
    /// `M/…`: a piece (or stack) moved (`MovePiece`).
    Move(Move),
    /// `D/id/state[/old state]`: a piece's traits changed state (`ChangePiece`): a flip, a marker.
    Change { id: String, state: String },
    /// `+/id/type/state`: a piece was added (dragged from the palette, a clone).
    Add(Command),
    /// `-/id`: a piece was removed (deleted).
    Remove { id: String },
    /// `CHAT…`: a line in the chat (a report of the module's, a die roll, a player's text).
    Chat(String),
    /// `TURN<tracker>` TAB state: the turn tracker stepped (`TurnTracker.getState`).
    Turn { tracker: String, state: String },
    /// Anything else (global properties, players joining, null commands), as read.
    Other(String),
    /// No log writes this: the pieces' traits as a later save holds them (a save sequence's
    /// difference, [`GameLog::from_saves`]).
    State { id: String, traits: Vec<Trait> },
    /// No log writes this: the step is the difference of two saves made in different phases, so
    /// in which phase each move was made is not known.
    Span,
}

/// A `MovePiece` command (`BasicCommandEncoder.encode`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub id: String,
    pub map: Option<String>,
    pub x: i64,
    pub y: i64,
    /// The piece or stack it was dropped onto, which it joins (`newUnderId`).
    pub under: Option<String>,
    pub old_map: Option<String>,
    pub old_x: i64,
    pub old_y: i64,
}

impl GameLog {
    /// Read a log; a file that VASSAL could not replay as a game is refused with the reason.
    pub fn read(bytes: &[u8]) -> Result<GameLog, SaveError> {
        // The save reader checks the archive and the encoding; its flat command list has lost the
        // tree, so the entry is read again as a tree.
        let save = SavedGame::read(bytes)?;
        let raw = raw_text(bytes)?;
        let mut start = Vec::new();
        let mut steps = Vec::new();
        for token in SequenceDecoder::new(&raw, COMMAND_SEPARATOR) {
            if token.starts_with(LOG) {
                let number = steps.len() + 1;
                steps.push(step(&token).map_err(|cause| SaveError::Step {
                    step: number,
                    cause: Box::new(cause),
                })?);
            } else if steps.is_empty() {
                start.extend(command_split(&token));
            } else {
                return Err(SaveError::AfterSteps {
                    step: steps.len(),
                    command: head(&token),
                });
            }
        }
        if !start.iter().any(|c| c == END_SAVE) {
            return Err(SaveError::StartCutShort);
        }
        let start = SavedGame {
            commands: start.iter().map(|c| Command::parse(c)).collect(),
            ..save
        };
        Ok(GameLog { start, steps })
    }
}

impl GameLog {
    /// A sequence of saves (the start and the end of a turn, say) as a log: the first save's
    /// state, then one step per later save, its difference from the one before. VASSAL records no
    /// path between two saves, only where each piece stands.
    pub fn from_saves(saves: Vec<SavedGame>) -> Option<GameLog> {
        let mut saves = saves.into_iter();
        let start = saves.next()?;
        let mut steps = Vec::new();
        let mut before = start.clone();
        for after in saves {
            steps.push(difference(&before, &after));
            before = after;
        }
        Some(GameLog { start, steps })
    }
}

/// What changed from save `a` to save `b`: pieces moved, added, removed or in a new state, and,
/// last, the turn tracker's step, so that the moves count in the phase `a` was saved in.
fn difference(a: &SavedGame, b: &SavedGame) -> Vec<Logged> {
    let pieces = |s: &SavedGame| -> BTreeMap<String, SavedPiece> {
        s.pieces().map(|p| (p.id.clone(), p.clone())).collect()
    };
    let (old, new) = (pieces(a), pieces(b));
    let turn = |s: &SavedGame| {
        s.commands
            .iter()
            .map(|c| c.encode())
            .find(|c| c.starts_with("TURN"))
            .and_then(|c| classify(&c).ok())
    };
    let (turn_a, turn_b) = (turn(a), turn(b));
    let stepped = turn_a != turn_b;
    let mut out = Vec::new();
    if stepped {
        out.push(Logged::Span);
    }
    for (id, p) in &new {
        let Some(was) = old.get(id) else {
            out.push(Logged::Add(Command::Piece(p.clone())));
            continue;
        };
        let (from, to) = (was.location(), p.location());
        if from != to {
            out.push(Logged::Move(Move {
                id: id.clone(),
                map: to.map,
                x: to.x,
                y: to.y,
                under: None,
                old_map: from.map,
                old_x: from.x,
                old_y: from.y,
            }));
        }
        let states = |q: &SavedPiece| q.traits.iter().map(|t| t.state.clone()).collect::<Vec<_>>();
        if states(was) != states(p) {
            out.push(Logged::State {
                id: id.clone(),
                traits: p.traits.clone(),
            });
        }
    }
    for id in old.keys().filter(|id| !new.contains_key(*id)) {
        out.push(Logged::Remove { id: id.clone() });
    }
    if stepped {
        out.extend(turn_b);
    }
    out
}

/// The decoded text of the `savedGame` entry.
fn raw_text(bytes: &[u8]) -> Result<String, SaveError> {
    Ok(crate::verify::archive::read_save(bytes)?)
}

/// One step: the `LOG` commands of one top-level token, each a leaf command.
fn step(token: &str) -> Result<Vec<Logged>, SaveError> {
    command_split(token)
        .iter()
        .filter(|c| !c.is_empty())
        .map(|c| {
            let inner = c
                .strip_prefix(LOG)
                .ok_or_else(|| SaveError::NotLogged { command: head(c) })?;
            logged(inner)
        })
        .collect::<Result<Vec<Vec<Logged>>, SaveError>>()
        .map(|v| v.into_iter().flatten().collect())
}

/// A logged command's own text, which may itself be a compound command.
fn logged(text: &str) -> Result<Vec<Logged>, SaveError> {
    command_split(text)
        .iter()
        .filter(|c| !c.is_empty() && *c != "null")
        .map(|c| classify(c))
        .collect()
}

fn classify(c: &str) -> Result<Logged, SaveError> {
    if let Some(body) = c.strip_prefix("M/") {
        return parse_move(body).map(Logged::Move);
    }
    if let Some(body) = c.strip_prefix("D/") {
        let tokens: Vec<String> = SequenceDecoder::new(body, '/').collect();
        let [id, state, ..] = tokens.as_slice() else {
            return Err(malformed("a piece change without a state", c));
        };
        return Ok(Logged::Change {
            id: id.clone(),
            state: state.clone(),
        });
    }
    if let Some(id) = c.strip_prefix("-/") {
        return Ok(Logged::Remove { id: id.to_string() });
    }
    if c.starts_with("+/") {
        return match Command::parse(c) {
            Command::Other(_) => Err(malformed("an added piece that does not decode", c)),
            piece => Ok(Logged::Add(piece)),
        };
    }
    if let Some(text) = c.strip_prefix("CHAT") {
        return Ok(Logged::Chat(text.to_string()));
    }
    if let Some(body) = c.strip_prefix("TURN") {
        let (tracker, state) = body.split_once('\t').unwrap_or((body, ""));
        return Ok(Logged::Turn {
            tracker: tracker.to_string(),
            state: decode(state, '\t').first().cloned().unwrap_or_default(),
        });
    }
    Ok(Logged::Other(c.to_string()))
}

/// `id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/player`, as `BasicCommandEncoder.decode`
/// reads it: a position that is not a number makes VASSAL fail on the log, so it is refused.
fn parse_move(body: &str) -> Result<Move, SaveError> {
    let t: Vec<String> = SequenceDecoder::new(body, '/').collect();
    if t.len() < 9 {
        let what = format!("a move with {} of its 9 fields", t.len());
        return Err(malformed(&what, &format!("M/{body}")));
    }
    let number = |i: usize| {
        t[i].parse::<i64>()
            .map_err(|_| malformed("a move whose position is not a number", &t[i]))
    };
    let map = |i: usize| (t[i] != "null").then(|| t[i].clone());
    Ok(Move {
        id: t[0].clone(),
        map: map(1),
        x: number(2)?,
        y: number(3)?,
        under: map(4),
        old_map: map(5),
        old_x: number(6)?,
        old_y: number(7)?,
    })
}

/// A logged command that does not decode: what it is, and its start.
fn malformed(what: &str, command: &str) -> SaveError {
    SaveError::Malformed {
        what: what.to_string(),
        command: head(command),
    }
}

/// The start of a command, for a message.
fn head(c: &str) -> String {
    let cut: String = c.chars().take(60).collect();
    cut.replace('\u{1b}', "⎋").replace('\t', "⇥")
}
