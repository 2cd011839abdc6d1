//! The pieces of a game as a log's commands leave them: each piece's traits and place, and the
//! stacks that move their pieces together.

use crate::concept::module::props;
use crate::save::log::Move;
use crate::save::{Command, SavedGame, SavedPiece};
use crate::vassal::traits::Trait;
use crate::verify::decode::unnest;
use std::collections::BTreeMap;

/// A piece where the log has put it.
#[derive(Debug, Clone)]
pub struct Piece {
    pub name: String,
    /// The unit it stands for (`UnitId`), if it is a unit.
    pub unit: Option<String>,
    /// Its face, counted from 0 (the module's `Step` layer counts from 1).
    pub face: usize,
    pub map: Option<String>,
    pub x: i64,
    pub y: i64,
    traits: Vec<Trait>,
}

/// Every piece and stack, by id.
#[derive(Debug, Clone, Default)]
pub struct Board {
    pub pieces: BTreeMap<String, Piece>,
    stacks: BTreeMap<String, Vec<String>>,
}

/// The name of the layer that shows a unit's face (`units::module`: `Step`).
const FACE_LAYER: &str = "layer Step";

impl Board {
    /// The pieces and stacks of a saved game (a log's starting state).
    pub fn from_save(save: &SavedGame) -> Board {
        let mut board = Board::default();
        for command in &save.commands {
            board.add(command);
        }
        board
    }

    /// An add-piece command: a piece or a stack.
    pub fn add(&mut self, command: &Command) {
        match command {
            Command::Piece(p) => {
                self.pieces.insert(p.id.clone(), piece(p));
            }
            Command::Stack(s) => {
                self.stacks.insert(s.id.clone(), s.members.clone());
            }
            Command::Other(_) => {}
        }
    }

    /// A property of the piece `id` as its traits now hold it (a dynamic or a marker property).
    pub fn property(&self, id: &str, name: &str) -> Option<String> {
        let p = self.pieces.get(id)?;
        SavedPiece::new(id, p.traits.clone())
            .properties()
            .into_iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
    }

    pub fn remove(&mut self, id: &str) {
        self.pieces.remove(id);
        self.stacks.remove(id);
    }

    /// A piece's traits as a later save holds them.
    pub fn replace_traits(&mut self, id: &str, traits: Vec<Trait>) {
        let Some(p) = self.pieces.get_mut(id) else {
            return;
        };
        let changed = piece(&SavedPiece::new(id, traits));
        p.traits = changed.traits;
        p.face = changed.face;
        p.name = changed.name;
    }

    /// A piece's traits took new states (`ChangePiece`): its face may have changed.
    pub fn change(&mut self, id: &str, state: &str) {
        let Some(p) = self.pieces.get_mut(id) else {
            return;
        };
        let states = unnest(state);
        if states.len() != p.traits.len() {
            return;
        }
        for (t, s) in p.traits.iter_mut().zip(states) {
            t.state = s;
        }
        let changed = piece(&SavedPiece::new(id, p.traits.clone()));
        p.face = changed.face;
        p.name = changed.name;
    }

    /// A move: the ids of the pieces it moved (a stack's pieces, or the one piece), each put at
    /// the move's end.
    pub fn apply_move(&mut self, m: &Move) -> Vec<String> {
        let moved: Vec<String> = match self.stacks.get(&m.id) {
            Some(members) => members.clone(),
            None => {
                // A piece dragged out of its stack leaves it.
                for members in self.stacks.values_mut() {
                    members.retain(|p| *p != m.id);
                }
                vec![m.id.clone()]
            }
        };
        for id in &moved {
            if let Some(p) = self.pieces.get_mut(id) {
                p.map = m.map.clone();
                p.x = m.x;
                p.y = m.y;
            }
        }
        if let Some(under) = &m.under {
            self.join(under, &moved);
        }
        moved
    }
}

impl Piece {
    /// Where the piece stands, in its map's pixels.
    pub fn spot(&self) -> crate::audit::spot::Spot {
        crate::audit::spot::Spot {
            map: self.map.clone(),
            x: self.x,
            y: self.y,
        }
    }
}

impl Board {
    /// Pieces dropped onto `under` join its stack (or the stack `under` is), so that a later drag
    /// of that stack moves them too.
    fn join(&mut self, under: &str, moved: &[String]) {
        let stack = if self.stacks.contains_key(under) {
            Some(under.to_string())
        } else {
            self.stacks
                .iter()
                .find(|(_, members)| members.iter().any(|p| p == under))
                .map(|(id, _)| id.clone())
        };
        if let Some(members) = stack.and_then(|s| self.stacks.get_mut(&s)) {
            for id in moved {
                if !members.contains(id) {
                    members.push(id.clone());
                }
            }
        }
    }
}

fn piece(p: &SavedPiece) -> Piece {
    let properties = p.properties();
    let value = |name: &str| {
        properties
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    // A layer's state is its level, negative while the layer is switched off.
    let level = value(FACE_LAYER)
        .and_then(|v| {
            v.split(';')
                .next()?
                .trim()
                .trim_start_matches('-')
                .parse::<usize>()
                .ok()
        })
        .unwrap_or(1);
    let at = p.location();
    Piece {
        name: p.name(),
        unit: value(props::UNIT_ID).filter(|u| !u.is_empty()),
        face: level.saturating_sub(1),
        map: at.map,
        x: at.x,
        y: at.y,
        traits: p.traits.clone(),
    }
}
