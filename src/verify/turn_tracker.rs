//! A module's turn tracker as VASSAL 3.7 runs it: its levels read from the buildFile, reset by File >
//! New Game, set from a saved game's `TURN` command, stepped by Next and Prev. The rules are VASSAL's
//! `TurnTracker`, `TurnLevel`, `CounterTurnLevel` and `ListTurnLevel`, written again here so that a test
//! can say which turn and phase a player sees, of any module, without VASSAL.
//!
//! What matters for a module's start: New Game calls `reset` (every counter at its `start`, every list
//! at its first item, all items active, the tracker on its first top-level level), and no buildFile
//! attribute names a list's first item (`ListTurnLevel.first` is state only). Loading a save resets
//! first, then `setState`: a list state that names fewer active flags than the list has items (none,
//! without its fourth token) leaves the others active (3.7's `ListTurnLevel.setState` fills them).

use super::xml::Node;
use crate::vassal::sequence_encoder::{string_array_from_string, SequenceDecoder, SequenceEncoder};

/// What a level counts.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    /// `CounterTurnLevel`: `start`, `incr`, `loop`, `loopLimit`.
    Counter {
        start: i32,
        incr: i32,
        looping: bool,
        loop_limit: i32,
    },
    /// `ListTurnLevel`: its items, the first one (state only), which are active.
    List {
        items: Vec<String>,
        first: i32,
        active: Vec<bool>,
    },
}

/// One level (`TurnLevel`) and the levels under it.
#[derive(Debug, Clone, PartialEq)]
struct Level {
    kind: Kind,
    /// The property it sets (`Turn`, `Phase`).
    property: String,
    current: i32,
    current_sub: usize,
    rolled_over: bool,
    sub_rolled_over: bool,
    subs: Vec<Level>,
}

/// `TurnLevel.start`: a list never sets it, so it stays 1 (the default of a list state's first token).
const LEVEL_START: i32 = 1;

impl Level {
    fn read(node: &Node) -> Option<Level> {
        let short = node.tag.rsplit('.').next().unwrap_or("");
        let int = |name: &str, default: i32| node.attr(name).trim().parse().unwrap_or(default);
        let kind = match short {
            "CounterTurnLevel" => Kind::Counter {
                start: int("start", LEVEL_START),
                incr: int("incr", 1),
                looping: node.attr("loop") == "true",
                loop_limit: int("loopLimit", -1),
            },
            "ListTurnLevel" => {
                let items = string_array_from_string(node.attr("list"));
                Kind::List {
                    active: vec![true; items.len()],
                    items,
                    first: 0,
                }
            }
            _ => return None,
        };
        let current = match kind {
            Kind::Counter { start, .. } => start,
            Kind::List { .. } => LEVEL_START,
        };
        Some(Level {
            kind,
            property: node.attr("property").to_string(),
            current,
            current_sub: 0,
            rolled_over: false,
            sub_rolled_over: false,
            subs: levels_of(node),
        })
    }

    fn reset(&mut self) {
        for sub in &mut self.subs {
            sub.reset();
        }
        self.current_sub = 0;
        if let Kind::List { active, .. } = &mut self.kind {
            active.fill(true);
        }
        self.set_low();
    }

    /// `setLow` of a counter or a list: its first value, and no roll-over left from an earlier
    /// step (the tracker's Next and Prev loop while the level they reach has rolled over). A list
    /// whose first item is inactive moves on to the next active one.
    fn set_low(&mut self) {
        self.rolled_over = false;
        self.current = match &self.kind {
            Kind::Counter { start, .. } => *start,
            Kind::List { first, .. } => *first,
        };
        if let Kind::List { active, .. } = &self.kind {
            let inactive = usize::try_from(self.current)
                .ok()
                .and_then(|i| active.get(i))
                .is_some_and(|a| !a);
            if inactive {
                self.advance();
            }
        }
        if !self.subs.is_empty() {
            self.current_sub = 0;
            self.subs[0].set_low();
        }
    }

    /// `setHigh`: the last value (a counter's loop limit), and no roll-over left.
    fn set_high(&mut self) {
        self.rolled_over = false;
        self.current = match &self.kind {
            Kind::Counter { loop_limit, .. } => *loop_limit,
            Kind::List { first, items, .. } => {
                if *first - 1 < 0 {
                    items.len() as i32 - 1
                } else {
                    *first - 1
                }
            }
        };
        if let Some(last) = self.subs.len().checked_sub(1) {
            self.current_sub = last;
            self.subs[last].set_high();
        }
    }

    /// `TurnLevel.advance`, then the level's own step when it has no sub-levels or they rolled over.
    fn advance(&mut self) {
        self.rolled_over = false;
        self.sub_rolled_over = false;
        if !self.subs.is_empty() {
            let sub = &mut self.subs[self.current_sub];
            sub.advance();
            if sub.rolled_over {
                self.current_sub += 1;
                if self.current_sub >= self.subs.len() {
                    self.current_sub = 0;
                    self.sub_rolled_over = true;
                }
                self.subs[self.current_sub].set_low();
            }
        }
        if !self.subs.is_empty() && !self.sub_rolled_over {
            return;
        }
        match &self.kind {
            Kind::Counter {
                start,
                incr,
                looping,
                loop_limit,
            } => {
                self.current = self.current.wrapping_add(*incr);
                if *looping && self.current > *loop_limit {
                    self.current = *start;
                    self.rolled_over = true;
                }
            }
            Kind::List { first, active, .. } => {
                let len = active.len() as i32;
                let mut idx = self.current;
                let mut done = false;
                for _ in 0..len {
                    idx += 1;
                    if idx >= len {
                        idx = 0;
                    }
                    if idx == *first {
                        self.rolled_over = true;
                    }
                    // A stored index out of the list (a hand-edited save) is an inactive item, not a panic.
                    done = usize::try_from(idx)
                        .ok()
                        .and_then(|i| active.get(i))
                        .copied()
                        .unwrap_or(false);
                    if done {
                        break;
                    }
                }
                self.current = idx;
                if !done {
                    self.rolled_over = true;
                }
            }
        }
    }

    /// `TurnLevel.retreat`, then the level's own step back.
    fn retreat(&mut self) {
        self.rolled_over = false;
        self.sub_rolled_over = false;
        if !self.subs.is_empty() {
            let sub = &mut self.subs[self.current_sub];
            sub.retreat();
            if sub.rolled_over {
                if self.current_sub == 0 {
                    self.current_sub = self.subs.len() - 1;
                    self.sub_rolled_over = true;
                } else {
                    self.current_sub -= 1;
                }
                self.subs[self.current_sub].set_high();
            }
        }
        if !self.subs.is_empty() && !self.sub_rolled_over {
            return;
        }
        match &self.kind {
            Kind::Counter {
                start,
                incr,
                looping,
                loop_limit,
            } => {
                let old = self.current;
                self.current = self.current.wrapping_sub(*incr);
                if *looping && old <= *start {
                    self.current = *loop_limit;
                    self.rolled_over = true;
                }
            }
            Kind::List { first, active, .. } => {
                let len = active.len() as i32;
                let mut idx = self.current;
                for _ in 0..len {
                    if idx == *first {
                        self.rolled_over = true;
                    }
                    idx -= 1;
                    if idx < 0 || idx > len - 1 {
                        idx = len - 1;
                    }
                    if usize::try_from(idx)
                        .ok()
                        .and_then(|i| active.get(i))
                        .copied()
                        .unwrap_or(false)
                    {
                        break;
                    }
                }
                self.current = idx;
            }
        }
    }

    /// `getState`: the level's own tokens, then each sub-level's state.
    fn state(&self) -> String {
        let mut se = SequenceEncoder::new(';');
        se.append_int(self.current)
            .append_int(self.current_sub as i64);
        match &self.kind {
            Kind::Counter {
                looping,
                loop_limit,
                ..
            } => {
                se.append_bool(*looping).append_int(*loop_limit);
            }
            Kind::List { first, active, .. } => {
                let flags: Vec<String> = active.iter().map(bool::to_string).collect();
                se.append_int(*first).append_string_array(&flags);
            }
        }
        for sub in &self.subs {
            se.append(&sub.state());
        }
        se.value()
    }

    /// `setState`, token by token with VASSAL's defaults.
    fn set_state(&mut self, code: &str) {
        let mut sd = SequenceDecoder::new(code, ';');
        match &mut self.kind {
            Kind::Counter {
                start,
                looping,
                loop_limit,
                ..
            } => {
                self.current = sd.next_int(*start);
                self.current_sub = stored_sub(sd.next_int(0), self.subs.len());
                *looping = sd.next_bool(false);
                *loop_limit = sd.next_int(-1);
            }
            Kind::List { first, active, .. } => {
                self.current = sd.next_int(LEVEL_START);
                self.current_sub = stored_sub(sd.next_int(0), self.subs.len());
                *first = sd.next_int(0);
                let flags = sd.next_string_array(0);
                let len = active.len();
                *active = vec![true; len];
                for (a, f) in active.iter_mut().zip(flags) {
                    *a = f == "true";
                }
            }
        }
        for sub in &mut self.subs {
            sub.set_state(&sd.next_token_or(""));
        }
    }

    /// `getValueString`: the counter's number, or the list's current item ("" out of range).
    fn value(&self) -> String {
        match &self.kind {
            Kind::Counter { .. } => self.current.to_string(),
            Kind::List { items, .. } => usize::try_from(self.current)
                .ok()
                .and_then(|i| items.get(i))
                .cloned()
                .unwrap_or_default(),
        }
    }

    /// This level and its active sub-levels, outermost first (`getActiveChildLevels`).
    fn shown<'a>(&'a self, out: &mut Vec<&'a Level>) {
        out.push(self);
        if let Some(sub) = self.subs.get(self.current_sub) {
            sub.shown(out);
        }
    }
}

/// The levels directly under a node, in document order.
fn levels_of(node: &Node) -> Vec<Level> {
    node.children.iter().filter_map(Level::read).collect()
}

/// A module's `TurnTracker`.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnTracker {
    current_level: usize,
    levels: Vec<Level>,
}

impl TurnTracker {
    /// The first `TurnTracker` of a buildFile, as the module loads it (before any game).
    pub fn of_module(root: &Node) -> Option<TurnTracker> {
        let node = root
            .walk()
            .into_iter()
            .find(|n| n.tag.rsplit('.').next() == Some("TurnTracker"))?;
        Some(TurnTracker {
            current_level: 0,
            levels: levels_of(node),
        })
    }

    /// File > New Game (and a Scenarios-menu entry without a file): `GameState.setup(false)` resets
    /// the tracker before the game starts.
    pub fn new_game(&mut self) {
        for level in &mut self.levels {
            level.reset();
        }
        self.current_level = 0;
    }

    /// A saved game opened: the game is wiped (a reset), then its `TURN` command sets the state.
    pub fn load(&mut self, state: &str) {
        self.new_game();
        let mut sd = SequenceDecoder::new(state, '|');
        self.current_level = stored_sub(sd.next_int(0), self.levels.len());
        for level in &mut self.levels {
            level.set_state(&sd.next_token_or(""));
        }
    }

    /// `TurnTracker.getState`, as a save or a log carries it.
    pub fn state(&self) -> String {
        let mut se = SequenceEncoder::new('|');
        se.append_int(self.current_level as i64);
        for level in &self.levels {
            se.append(&level.state());
        }
        se.value()
    }

    /// The Next button (`TurnTracker.next`).
    pub fn next(&mut self) {
        if self.levels.is_empty() {
            return;
        }
        let initial = self.current_level;
        self.levels[self.current_level].advance();
        while self.levels[self.current_level].rolled_over {
            self.current_level = (self.current_level + 1) % self.levels.len();
            if self.current_level == initial {
                break;
            }
            self.levels[self.current_level].set_low();
        }
    }

    /// The Prev button (`TurnTracker.prev`).
    pub fn prev(&mut self) {
        if self.levels.is_empty() {
            return;
        }
        let initial = self.current_level;
        self.levels[self.current_level].retreat();
        while self.levels[self.current_level].rolled_over {
            self.current_level = match self.current_level {
                0 => self.levels.len() - 1,
                n => n - 1,
            };
            if self.current_level == initial {
                break;
            }
            self.levels[self.current_level].set_high();
        }
    }

    /// What the tracker shows: the value of each level of its active chain, outermost first
    /// (`$level1$`, `$level2$`, … of its turn format), with the property each sets.
    pub fn shown(&self) -> Vec<(String, String)> {
        let mut chain = Vec::new();
        if let Some(level) = self.levels.get(self.current_level) {
            level.shown(&mut chain);
        }
        chain
            .into_iter()
            .map(|l| (l.property.clone(), l.value()))
            .collect()
    }

    /// The value shown for `property` (`Turn`, `Phase`), if a level of the active chain sets it.
    pub fn value_of(&self, property: &str) -> Option<String> {
        self.shown()
            .into_iter()
            .find(|(p, _)| p == property)
            .map(|(_, v)| v)
    }
}

/// A stored index of a level (or sub-level), kept inside the `count` there are: a save is someone
/// else's file, and an index past them (VASSAL would throw) must not panic the reader.
fn stored_sub(stored: i32, count: usize) -> usize {
    usize::try_from(stored)
        .unwrap_or(0)
        .min(count.saturating_sub(1))
}
