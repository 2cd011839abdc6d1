//! Odds-based combat resolution as a pure function of the CRT data.
//!
//! Odds are attack over defence reduced to a ratio with one side 1, fractions dropped in the
//! defender's favour: 16:5 is 3:1, 2:3 is 1:2, and 12.5:4 (halved strengths) is 3:1. The CRT's
//! columns are extended on both sides by the whole ratios beyond them (1:2, 1:3, … below a 1:1
//! column; 7:1, 8:1, … above a 6:1 column), so that column shifts move through odds the table does
//! not print: 1:2 shifted one right is 1:1, 6:1 shifted one right is 7:1. Then, in order:
//!
//! 1. the cap (`[combat] cap`, if `cap_known`) lowers better odds to it;
//! 2. the shifts (negative favours the defender) move the odds by that many columns;
//! 3. an automatic result (`[[combat.automatic]]`) applies if the shifted odds reach its threshold;
//! 4. odds below the first column fall `below_table`; odds above the last column use the last column.
//!
//! A differential CRT (`[combat] kind = "differential"`) reads the same ladder, built of strength
//! differences instead of ratios: attack minus defence, fractions dropped in the defender's favour
//! (`rounding = "nearest"`: rounded once, a half up), read on the column whose range holds it. Its
//! columns are written `-2`, `0`, `+3`, a range `+1..+2`, and at either end `≤-3` / `-3 or less`
//! and `≥+6` / `+6 or more` (an open end: every difference past it reads on it, so nothing falls
//! below the table and no shift runs past it). A plain end column is extended by the whole
//! differences beyond it, as odds are by whole ratios.

use crate::concept::combat::{BeyondFirst, BeyondLast, CombatKind, Rounding};
use crate::concept::game::Combat;
use std::fmt;

/// A ratio as the rulebooks write it: `3:1`, `1:2`, `3:2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Odds {
    pub attack: u32,
    pub defence: u32,
}

impl Odds {
    /// `"3:1"` → 3:1; `None` unless both sides are whole numbers above zero.
    pub fn parse(text: &str) -> Option<Odds> {
        let (a, d) = text.split_once(':')?;
        let attack: u32 = a.trim().parse().ok()?;
        let defence: u32 = d.trim().parse().ok()?;
        (attack > 0 && defence > 0).then_some(Odds { attack, defence })
    }

    pub fn value(self) -> f64 {
        f64::from(self.attack) / f64::from(self.defence)
    }

    /// Whether `attack : defence` is at least these odds (exact for halves and other binary fractions).
    fn reached_by(self, attack: f64, defence: f64) -> bool {
        attack * f64::from(self.defence) >= defence * f64::from(self.attack)
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.attack, self.defence)
    }
}

/// A column of a differential CRT: the strength differences (attack − defence) it covers, `None`
/// for an open end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difference {
    pub low: Option<i32>,
    pub high: Option<i32>,
}

/// `+3` → 3, `-2` and `−2` → −2, `0` → 0.
fn signed(text: &str) -> Option<i32> {
    let t = text.trim().replace('\u{2212}', "-");
    let t = t.strip_prefix('+').unwrap_or(&t);
    if t.starts_with(['+', ' ']) || t.is_empty() {
        return None;
    }
    t.parse().ok()
}

impl Difference {
    /// One difference, as a column the ladder adds beyond a plain end.
    pub fn single(n: i32) -> Difference {
        Difference {
            low: Some(n),
            high: Some(n),
        }
    }

    /// A column as a designer writes it: `0`, `+3`, `-2`; a range `+1..+2` or `+1 to +2`; an open
    /// end `≤-3`, `<=-3`, `-3 or less`, `-3以下`, `≥+6`, `>=+6`, `+6 or more`, `+6以上`. `None` for
    /// anything else, and for a range that runs backwards.
    pub fn parse(text: &str) -> Option<Difference> {
        let t = text.trim();
        let lower = t.to_lowercase();
        if let Some(rest) = ["≥", ">="].iter().find_map(|p| t.strip_prefix(p)) {
            return Some(Difference {
                low: Some(signed(rest)?),
                high: None,
            });
        }
        if let Some(rest) = ["≤", "<="].iter().find_map(|p| t.strip_prefix(p)) {
            return Some(Difference {
                low: None,
                high: Some(signed(rest)?),
            });
        }
        if let Some(rest) = [" or more", "以上"].iter().find_map(|s| lower.strip_suffix(s)) {
            return Some(Difference {
                low: Some(signed(rest)?),
                high: None,
            });
        }
        if let Some(rest) = [" or less", "以下"].iter().find_map(|s| lower.strip_suffix(s)) {
            return Some(Difference {
                low: None,
                high: Some(signed(rest)?),
            });
        }
        if let Some((a, b)) = t.split_once("..").or_else(|| t.split_once(" to ")) {
            let (low, high) = (signed(a)?, signed(b)?);
            return (low <= high).then_some(Difference {
                low: Some(low),
                high: Some(high),
            });
        }
        signed(t).map(Difference::single)
    }

    /// Whether the difference `attack − defence` lies at or past the column's lower end.
    fn reached_by(self, attack: f64, defence: f64) -> bool {
        self.low.is_none_or(|low| attack - defence >= f64::from(low))
    }
}

/// `3` → `+3`, `-2` → `-2`, `0` → `0`: how differential CRTs print a difference.
pub fn signed_text(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |n: i32| signed_text(i64::from(n));
        match (self.low, self.high) {
            (Some(l), Some(h)) if l == h => write!(f, "{}", text(l)),
            (Some(l), Some(h)) => write!(f, "{}..{}", text(l), text(h)),
            (None, Some(h)) => write!(f, "≤{}", text(h)),
            (Some(l), None) => write!(f, "≥{}", text(l)),
            (None, None) => write!(f, "any"),
        }
    }
}

/// A place on the combat ladder: odds, or a difference of strengths (`[combat] kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Ratio(Odds),
    Difference(Difference),
}

impl Step {
    /// A column (or cap, or automatic threshold) as the combat's kind writes it.
    pub fn parse(combat: &Combat, text: &str) -> Option<Step> {
        match combat.kind() {
            Some(CombatKind::Differential) => Difference::parse(text).map(Step::Difference),
            _ => Odds::parse(text).map(Step::Ratio),
        }
    }

    /// Whether strengths `attack : defence` (already rounded as the combat reads them) reach it.
    fn reached_by(self, attack: f64, defence: f64) -> bool {
        match self {
            Step::Ratio(o) => o.reached_by(attack, defence),
            Step::Difference(d) => d.reached_by(attack, defence),
        }
    }

    /// Strengths that reach exactly this step and no better one (for the cap and the automatic
    /// thresholds, which are read on the ladder as a combat at them would be).
    fn sample(self) -> (f64, f64) {
        match self {
            Step::Ratio(o) => (f64::from(o.attack), f64::from(o.defence)),
            Step::Difference(d) => (d.low.map_or(f64::from(i32::MIN), f64::from), 0.0),
        }
    }
}

impl PartialEq<Odds> for Step {
    fn eq(&self, other: &Odds) -> bool {
        *self == Step::Ratio(*other)
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Ratio(o) => o.fmt(f),
            Step::Difference(d) => d.fmt(f),
        }
    }
}

/// The printed columns of the combat's CRT on its ladder (`None` when one does not parse: V0110).
pub fn printed_steps(combat: &Combat) -> Option<Vec<Step>> {
    combat.columns.iter().map(|c| Step::parse(combat, c)).collect()
}

/// How a combat is resolved once the odds are known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// Below the first column: `[combat] below_table` applies (no die roll).
    BelowTable,
    /// A result without a die roll (`[[combat.automatic]]`).
    Automatic { result: String },
    /// Roll on column `index` of `[combat] columns`; `clamped` when better odds were lowered to the
    /// last column.
    Column { index: usize, clamped: bool },
    /// Shifted `beyond` columns past the last one the sources give (`beyond_last = "unknown"`): the
    /// die is rolled, but neither the column nor its cells are known.
    BeyondKnown { beyond: usize },
    /// The odds read on a column the sources do not settle (`beyond_last = "unknown"`): past the
    /// last column they name (OCS 9.14a: a defence of 0 uses the rightmost column, which the text
    /// does not give), or where an unnamed column may lie (7:1 with one between 5:1 and 9:1).
    UnknownColumn,
}

/// What [`resolve_odds`] found, step by step.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsOutcome {
    pub attack: f64,
    pub defence: f64,
    /// Attack over defence, rounded in the defender's favour (a differential CRT: attack minus
    /// defence, on the column that holds it).
    pub raw: Step,
    /// After the cap (equal to `raw` when no cap applies).
    pub capped: Step,
    /// Sum of the shifts applied.
    pub shift: i32,
    /// After the shifts (may lie beyond the printed table).
    pub shifted: Step,
    /// The columns past the last printed one that the odds are read on before shifts
    /// (`beyond_columns`, `beyond_last = "unknown"`): 0 within the printed columns.
    pub read_beyond: usize,
    /// Whether the odds before shifts are on a column the sources do not give (past the columns
    /// they name, a defence of 0, or below the first column when `beyond_first = "unknown"`).
    pub raw_unknown: bool,
    pub resolution: Resolution,
}

/// What the CRT gives for a roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup<'c> {
    /// A result code of `[[combat.results]]`.
    Result(&'c str),
    /// The table is unknown and the sources do not give this cell.
    Unknown,
    /// Below the table: the `below_table` text.
    BelowTable(&'c str),
}

impl OddsOutcome {
    /// The column rolled on, as printed (`None` below the table or for an automatic result).
    pub fn column<'c>(&self, combat: &'c Combat) -> Option<&'c str> {
        match self.resolution {
            Resolution::Column { index, .. } => combat.columns.get(index).map(|c| c.as_str()),
            _ => None,
        }
    }

    /// Whether the die is rolled at all.
    pub fn needs_roll(&self) -> bool {
        matches!(
            self.resolution,
            Resolution::Column { .. } | Resolution::BeyondKnown { .. } | Resolution::UnknownColumn
        )
    }

    /// The result for a die roll in a kind of attack (`Combat::attack_kind`): a kind whose CRT rows
    /// the sources lack (`rows_known = false`) finds every cell unknown.
    pub fn lookup_in<'c>(&self, combat: &'c Combat, kind: Option<&str>, roll: u32) -> Lookup<'c> {
        let rows_missing = kind
            .and_then(|k| combat.attack_kind_named(k))
            .is_some_and(|k| !k.rows_known);
        match self.lookup(combat, roll) {
            Lookup::Result(_) if rows_missing && self.needs_roll() => Lookup::Unknown,
            found => found,
        }
    }

    /// The result for a die roll (ignored for automatic and below-table outcomes).
    pub fn lookup<'c>(&self, combat: &'c Combat, roll: u32) -> Lookup<'c> {
        match &self.resolution {
            Resolution::BelowTable => Lookup::BelowTable(&combat.below_table),
            Resolution::UnknownColumn => Lookup::Unknown,
            // A column past the printed ones: only the cells the sources give of a column they name.
            Resolution::BeyondKnown { beyond } => combat
                .column_beyond(*beyond)
                .and_then(|label| {
                    combat
                        .known_cells
                        .iter()
                        .find(|c| c.column.as_str() == label && c.roll.value == roll)
                })
                .map_or(Lookup::Unknown, |c| Lookup::Result(&c.result)),
            // The automatic entry's own text: a code, or a cell of two (`-/E`).
            Resolution::Automatic { result } => combat
                .automatic
                .iter()
                .find(|a| a.result.as_str() == result)
                .map_or(Lookup::Unknown, |a| Lookup::Result(&a.result)),
            Resolution::Column { index, .. } => {
                let Some(column) = combat.columns.get(*index) else {
                    return Lookup::Unknown;
                };
                if combat.table_known {
                    return combat
                        .table
                        .get(&roll.to_string())
                        .and_then(|row| row.get(*index))
                        .map_or(Lookup::Unknown, |code| Lookup::Result(code));
                }
                combat
                    .known_cells
                    .iter()
                    .find(|c| c.column.as_str() == column.as_str() && c.roll.value == roll)
                    .map_or(Lookup::Unknown, |c| Lookup::Result(&c.result))
            }
        }
    }
}

/// Whole ratios added beyond each end of the table, so shifts can leave and re-enter it.
const VIRTUAL: u32 = 32;

/// The whole differences the ladder adds below a plain first column, as the module counts them.
pub const VIRTUAL_STEPS: i64 = VIRTUAL as i64;

/// The CRT's columns with the whole ratios (or differences) beyond both ends, worst first, and the
/// index of the first printed column.
fn ladder(combat: &Combat) -> (Vec<Step>, usize) {
    match combat.kind() {
        Some(CombatKind::Differential) => difference_ladder(combat),
        _ => {
            let (ladder, offset) = odds_ladder(combat);
            (ladder.into_iter().map(Step::Ratio).collect(), offset)
        }
    }
}

/// A differential CRT's columns, with the whole differences beyond a plain end (none beyond an
/// open one: every difference past it is on it).
fn difference_ladder(combat: &Combat) -> (Vec<Step>, usize) {
    let printed: Vec<Difference> = combat
        .columns
        .iter()
        .filter_map(|c| Difference::parse(c))
        .collect();
    let (Some(first), Some(last)) = (printed.first().copied(), printed.last().copied()) else {
        return (Vec::new(), 0);
    };
    let virtual_count = VIRTUAL as i32;
    let below: Vec<Step> = match first.low {
        Some(low) if combat.beyond_first() == BeyondFirst::BelowTable => (low.saturating_sub(virtual_count)..low)
            .map(|n| Step::Difference(Difference::single(n)))
            .collect(),
        _ => Vec::new(),
    };
    let above: Vec<Step> = match last.high {
        Some(high) if combat.beyond_last() == BeyondLast::Virtual => (high.saturating_add(1)
            ..=high.saturating_add(virtual_count))
            .map(|n| Step::Difference(Difference::single(n)))
            .collect(),
        _ => Vec::new(),
    };
    let offset = below.len();
    let mut all = below;
    all.extend(printed.into_iter().map(Step::Difference));
    all.extend(above);
    (all, offset)
}

/// An odds CRT's columns with the whole ratios beyond both ends.
fn odds_ladder(combat: &Combat) -> (Vec<Odds>, usize) {
    let printed: Vec<Odds> = combat
        .columns
        .iter()
        .filter_map(|c| Odds::parse(c))
        .collect();
    let (Some(first), Some(last)) = (printed.first().copied(), printed.last().copied()) else {
        return (Vec::new(), 0);
    };
    let virtual_below = combat.beyond_first() == BeyondFirst::BelowTable;
    let virtual_above = combat.beyond_last() == BeyondLast::Virtual;
    // Whole ratios strictly below the first column, best first: N:1 then 1:N.
    let mut below = Vec::new();
    let wholes = (1..=VIRTUAL).rev().map(|a| Odds {
        attack: a,
        defence: 1,
    });
    let fractions = (2..=VIRTUAL + 1).map(|d| Odds {
        attack: 1,
        defence: d,
    });
    for o in wholes.chain(fractions) {
        if virtual_below && o.value() < first.value() && below.len() < VIRTUAL as usize {
            below.push(o);
        }
    }
    below.reverse();
    // Whole ratios strictly above the last column, worst first.
    let mut above = Vec::new();
    let fractions = (2..=VIRTUAL + 1).rev().map(|d| Odds {
        attack: 1,
        defence: d,
    });
    let floor = (last.attack / last.defence).max(1);
    let wholes = (floor..=floor.saturating_add(VIRTUAL + 1)).map(|a| Odds {
        attack: a,
        defence: 1,
    });
    for o in fractions.chain(wholes) {
        if virtual_above && o.value() > last.value() && above.len() < VIRTUAL as usize {
            above.push(o);
        }
    }
    let offset = below.len();
    let mut all = below;
    all.extend(printed);
    all.extend(above);
    (all, offset)
}

/// `attack : defence` as OCS reads it (4.1, 4.2, 9.7): the larger over the smaller, rounded once,
/// a half up, as `n : 1` or `1 : n`. Zero strengths are left to the caller.
fn nearest_ratio(attack: f64, defence: f64) -> (f64, f64) {
    if attack == 0.0 || defence == 0.0 {
        return (attack, defence);
    }
    let half_up = |x: f64| (x + 0.5).floor().max(1.0);
    if attack >= defence {
        (half_up(attack / defence), 1.0)
    } else {
        (1.0, half_up(defence / attack))
    }
}

/// The odds as the combat rounds them, written `n:1` or `1:n` (`defence 0` when there is none),
/// whether or not the table has that column.
pub fn ratio_text(combat: &Combat, attack: f64, defence: f64) -> String {
    if combat.kind() == Some(CombatKind::Differential) {
        return signed_text(rounded_difference(combat, attack, defence));
    }
    if defence <= 0.0 {
        return "defence 0".to_string();
    }
    let (a, d) = match combat.rounding() {
        Rounding::Nearest => nearest_ratio(attack, defence),
        Rounding::Defender if attack >= defence => ((attack / defence).floor(), 1.0),
        Rounding::Defender => (1.0, (defence / attack.max(f64::MIN_POSITIVE)).ceil()),
    };
    format!("{a}:{d}")
}

/// Attack minus defence as a differential CRT rounds it: fractions dropped in the defender's
/// favour, or (`rounding = "nearest"`) rounded once, a half up.
pub fn rounded_difference(combat: &Combat, attack: f64, defence: f64) -> i64 {
    let difference = match combat.rounding() {
        Rounding::Defender => (attack - defence).floor(),
        Rounding::Nearest => (attack - defence + 0.5).floor(),
    };
    difference.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i64
}

/// Index of the best ladder entry reached by `attack : defence` (0 when none is).
fn reached(ladder: &[Step], attack: f64, defence: f64) -> usize {
    ladder
        .iter()
        .rposition(|o| o.reached_by(attack, defence))
        .unwrap_or(0)
}

/// Resolve the odds of one combat: attack and defence strengths (fractions allowed), the CRT data, and
/// the column shifts that apply (negative favours the defender; see `shifts.rs` for the shifts
/// the rules data triggers, plus any from cards).
pub fn resolve_odds(attack: f64, defence: f64, combat: &Combat, shifts: &[i32]) -> OddsOutcome {
    let clean = |x: f64| if x.is_finite() && x > 0.0 { x } else { 0.0 };
    let (attack, defence) = (clean(attack), clean(defence));
    let (ladder, offset) = ladder(combat);
    let shift = shifts
        .iter()
        .fold(0i64, |sum, s| sum.saturating_add(i64::from(*s)))
        .clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    let without_odds = |resolution| OddsOutcome {
        attack,
        defence,
        raw: NO_ODDS,
        capped: NO_ODDS,
        shift,
        shifted: NO_ODDS,
        read_beyond: 0,
        raw_unknown: false,
        resolution,
    };
    if ladder.is_empty() {
        return without_odds(Resolution::BelowTable);
    }
    // An attack on a defence of 0 with its own automatic result (The Last Stand at Moscow 6.18).
    let on_zero_defence = combat
        .automatic
        .iter()
        .find(|a| a.on_zero_defence())
        .filter(|_| defence == 0.0 && attack > 0.0);
    if let Some(a) = on_zero_defence {
        return without_odds(Resolution::Automatic {
            result: a.result.value.clone(),
        });
    }
    let at = |i: usize| ladder[i.min(ladder.len() - 1)];
    let reading = read_ladder(combat, &ladder, attack, defence, shift);
    let resolution = resolution(combat, &ladder, offset, &reading);
    // Below the table the raw odds are none of its columns, unless they roll on the first; a
    // difference is shown as it is.
    let differential = combat.kind() == Some(CombatKind::Differential);
    let shown = |i: usize| {
        if reading.worst_raw && combat.beyond_first() == BeyondFirst::BelowTable {
            if differential {
                let n = rounded_difference(combat, attack, defence);
                Step::Difference(Difference::single(
                    n.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
                ))
            } else {
                NO_ODDS
            }
        } else {
            at(i)
        }
    };
    OddsOutcome {
        attack,
        defence,
        raw: shown(reading.raw),
        capped: shown(reading.capped),
        shift,
        shifted: at(reading.shifted),
        read_beyond: reading.read_beyond.unwrap_or(0),
        raw_unknown: reading.read_beyond.is_none()
            || (reading.worst_raw && combat.beyond_first() == BeyondFirst::Unknown),
        resolution,
    }
}

/// Where odds above the last printed column are read (`beyond_last = "unknown"`): `Some(k)` on the
/// k-th of `beyond_columns` (0: the last printed column, as 9.7a reads 6:1 on 5:1), `None` where
/// the sources leave the column open: an unnamed column (`?`) may lie at or below the odds, or
/// they run past the last column the sources name. A `?` lies between its named neighbours, on a
/// whole ratio `not_columns` does not exclude. `ratio` is infinite for a defence of 0.
pub fn read_beyond(combat: &Combat, ratio: f64) -> Option<usize> {
    let Some(mut below) = combat.columns.last().and_then(|c| Odds::parse(c)) else {
        return Some(0);
    };
    if ratio <= below.value() {
        return Some(0);
    }
    let excluded = |n: u32| {
        combat
            .not_columns
            .iter()
            .any(|c| Odds::parse(c) == Some(Odds { attack: n, defence: 1 }))
    };
    // The whole ratios n:1 an unnamed column past `below` and before `above` may be.
    let possible = |below: Odds, above: Option<Odds>| -> Vec<u32> {
        let from = (below.attack / below.defence).saturating_add(1);
        let to = above.map_or(from.saturating_add(VIRTUAL), |a| {
            (a.attack.saturating_sub(1)) / a.defence
        });
        (from..=to)
            .filter(|n| !excluded(*n) && above.is_none_or(|a| f64::from(*n) < a.value()))
            .collect()
    };
    let slots: Vec<Option<Odds>> = combat
        .beyond_columns
        .iter()
        .map(|c| Odds::parse(c))
        .collect();
    let mut at = 0;
    for (k, slot) in slots.iter().enumerate() {
        match slot {
            Some(named) if ratio >= named.value() => {
                at = k + 1;
                below = *named;
            }
            Some(_) => return Some(at),
            None => {
                let above = slots[k + 1..].iter().flatten().next().copied();
                let may_be = possible(below, above);
                match (may_be.first(), may_be.last()) {
                    (Some(lowest), _) if ratio < f64::from(*lowest) => return Some(at),
                    // At or past every value it may have: read on it, whatever it is.
                    (_, Some(highest)) if above.is_some() && ratio >= f64::from(*highest) => {
                        at = k + 1;
                    }
                    _ => return None,
                }
            }
        }
    }
    // Past the last column the sources name: more columns may follow.
    match possible(below, None).first() {
        Some(lowest) if ratio < f64::from(*lowest) => Some(at),
        _ => None,
    }
}

/// The odds written when no column applies.
pub const NO_ODDS: Step = Step::Ratio(Odds {
    attack: 0,
    defence: 1,
});

/// Where a combat falls on the ladder: its raw, capped and shifted positions, whether no column at
/// all was reached, and how far a shift ran past the last column the sources give.
struct Reading {
    raw: usize,
    /// Columns past the last printed one the raw odds read on; `None` when that column is not
    /// known (`read_beyond`).
    read_beyond: Option<usize>,
    worst_raw: bool,
    capped: usize,
    shifted: usize,
    /// Whether the shifts ran left of the first column.
    below_first: bool,
    beyond_known: Option<usize>,
}

fn read_ladder(combat: &Combat, ladder: &[Step], attack: f64, defence: f64, shift: i32) -> Reading {
    let differential = combat.kind() == Some(CombatKind::Differential);
    // The strengths the columns are read with: the strengths themselves, or their ratio (their
    // difference) rounded once.
    let (ratio_a, ratio_d) = match combat.rounding() {
        Rounding::Defender => (attack, defence),
        Rounding::Nearest if differential => {
            (rounded_difference(combat, attack, defence) as f64, 0.0)
        }
        Rounding::Nearest => nearest_ratio(attack, defence),
    };
    // A zero defence is reached by every ratio: the best one. (A difference is read as it is.)
    let raw = if defence == 0.0 && attack > 0.0 && !differential {
        ladder.len() - 1
    } else {
        reached(ladder, ratio_a, ratio_d)
    };
    // Nothing attacks: no odds. (A difference with no attack is still a difference.)
    let no_attack = attack == 0.0 && !differential;
    let worst_raw = no_attack || (raw == 0 && !ladder[0].reached_by(ratio_a, ratio_d));
    let capped = match combat.cap.as_deref().and_then(|c| Step::parse(combat, c)) {
        Some(cap) if combat.cap_known => {
            let (a, d) = cap.sample();
            raw.min(reached(ladder, a, d))
        }
        _ => raw,
    };
    let last = ladder.len() as i64 - 1;
    // Past the last printed column of a table whose end the sources do not give, the odds read on
    // the columns they name beyond it (9.7a), or on no known column.
    let read_beyond = match combat.beyond_last() {
        BeyondLast::Unknown if capped as i64 == last && attack > 0.0 && !differential => {
            let ratio = if defence == 0.0 {
                f64::INFINITY
            } else {
                ratio_a / ratio_d
            };
            read_beyond(combat, ratio)
        }
        _ => Some(0),
    };
    let unclamped = (capped as i64)
        .saturating_add(read_beyond.unwrap_or(0) as i64)
        .saturating_add(i64::from(shift));
    let beyond_known = match combat.beyond_last() {
        BeyondLast::Unknown if unclamped > last => Some((unclamped - last) as usize),
        _ => None,
    };
    Reading {
        raw,
        read_beyond,
        worst_raw,
        capped,
        shifted: unclamped.clamp(0, last) as usize,
        below_first: unclamped < 0,
        beyond_known,
    }
}

/// How the combat is resolved from its reading: below the table, past the known columns, an
/// automatic result the shifted odds reach, or a column (the last for better odds).
fn resolution(combat: &Combat, ladder: &[Step], offset: usize, r: &Reading) -> Resolution {
    let below_is_table = combat.beyond_first() == BeyondFirst::BelowTable;
    let automatic = combat
        .automatic
        .iter()
        .filter_map(|a| {
            let (a_, d_) = Step::parse(combat, a.at_least.as_ref()?)?.sample();
            let index = reached(ladder, a_, d_);
            (r.shifted >= index).then_some((index, a.result.as_str()))
        })
        .max_by_key(|(index, _)| *index);
    let n = combat.columns.len();
    let below_unknown = combat.beyond_first() == BeyondFirst::Unknown;
    if r.worst_raw && r.shifted == 0 && below_is_table {
        Resolution::BelowTable
    } else if r.read_beyond.is_none() || (below_unknown && (r.worst_raw || r.below_first)) {
        Resolution::UnknownColumn
    } else if let Some(beyond) = r.beyond_known {
        Resolution::BeyondKnown { beyond }
    } else if let Some((_, result)) = automatic {
        Resolution::Automatic {
            result: result.to_string(),
        }
    } else if r.shifted < offset {
        Resolution::BelowTable
    } else if r.shifted - offset >= n {
        Resolution::Column {
            index: n.saturating_sub(1),
            clamped: true,
        }
    } else {
        Resolution::Column {
            index: r.shifted - offset,
            clamped: false,
        }
    }
}

/// The automatic results that odds (or differences) give, as the module counts columns: the
/// 1-based position of each threshold on the printed columns (past their count for the whole
/// ratios or differences beyond the last), with its result, best first. None for a table whose
/// end the sources do not give (`beyond_last = "unknown"`: the columns past it are unknown first).
pub fn automatic_positions(combat: &Combat) -> Vec<(i64, String)> {
    if combat.beyond_last() != BeyondLast::Virtual {
        return Vec::new();
    }
    let (ladder, offset) = ladder(combat);
    let mut found: Vec<(i64, String)> = combat
        .automatic
        .iter()
        .filter_map(|a| {
            let (a_, d_) = Step::parse(combat, a.at_least.as_ref()?)?.sample();
            let index = reached(&ladder, a_, d_) as i64;
            Some((index - offset as i64 + 1, a.result.value.clone()))
        })
        .collect();
    found.sort_by_key(|x| std::cmp::Reverse(x.0));
    found
}

/// The ladder's steps past the last printed column, as the module numbers them (the first is at
/// the column count + 1), written as `vmodc odds` writes them.
pub fn labels_beyond_last(combat: &Combat) -> Vec<String> {
    steps_beyond_last(combat)
        .iter()
        .map(Step::to_string)
        .collect()
}

/// The ladder's steps past the last printed column, worst first.
pub fn steps_beyond_last(combat: &Combat) -> Vec<Step> {
    let (ladder, offset) = ladder(combat);
    ladder
        .into_iter()
        .skip(offset + combat.columns.len())
        .collect()
}

/// `"3:1"` → (3, 1): [`Odds::parse`] as a pair.
pub fn parse_odds(s: &str) -> Option<(u32, u32)> {
    Odds::parse(s).map(|o| (o.attack, o.defence))
}

/// The dice a kind of attack rolls, as (count, faces): its `die` (an `[[other_dice]]` id) or the
/// combat dice of `[dice]`.
pub fn dice_of(rules: &crate::concept::game::RulesFile, kind: Option<&str>) -> (u32, u32) {
    kind.and_then(|k| rules.combat.attack_kind_named(k))
        .and_then(|k| k.die.as_ref())
        .and_then(|d| {
            rules
                .other_dice
                .iter()
                .find(|o| o.id.as_str() == d.as_str())
        })
        .map_or((rules.dice.count, rules.dice.faces), |o| (o.count, o.faces))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn combat(columns: &[&str], cap: &str, cap_known: bool) -> Combat {
        let cols: Vec<String> = columns.iter().map(|c| format!("\"{c}\"")).collect();
        toml::from_str(&format!(
            "kind = \"odds\"\ncolumns = [{}]\ncap = \"{cap}\"\ncap_known = {cap_known}\nbelow_table = \"fails\"\n\
             results = [{{ code = \"DE\", name = \"x\", effect = \"x\" }}]\n\
             automatic = [{{ at_least = \"7:1\", result = \"DE\" }}]\n",
            cols.join(", ")
        ))
        .unwrap()
    }

    #[test]
    fn ladder_extends_both_ends() {
        let c = combat(&["1:1", "2:1", "6:1"], "6:1", true);
        let (l, offset) = odds_ladder(&c);
        assert_eq!(
            l[offset - 1],
            Odds {
                attack: 1,
                defence: 2
            }
        );
        assert_eq!(
            l[offset + 3],
            Odds {
                attack: 7,
                defence: 1
            }
        );
        assert!(l.windows(2).all(|w| w[0].value() < w[1].value()));
    }

    #[test]
    fn below_table_odds_can_shift_back_in() {
        let c = combat(&["1:1", "2:1", "3:1"], "3:1", true);
        let o = resolve_odds(2.0, 4.0, &c, &[]);
        assert_eq!(
            o.raw,
            Odds {
                attack: 1,
                defence: 2
            }
        );
        assert_eq!(o.resolution, Resolution::BelowTable);
        let o = resolve_odds(2.0, 4.0, &c, &[1]);
        assert_eq!(o.column(&c), Some("1:1"));
        // 1:5 shifted one right is 1:4: still below.
        let o = resolve_odds(1.0, 5.0, &c, &[1]);
        assert_eq!(
            o.shifted,
            Odds {
                attack: 1,
                defence: 4
            }
        );
        assert_eq!(o.resolution, Resolution::BelowTable);
        // Nothing attacks: below whatever the shifts.
        let o = resolve_odds(0.0, 5.0, &c, &[3]);
        assert_eq!(o.resolution, Resolution::BelowTable);
    }

    #[test]
    fn zero_defence_is_the_best_odds() {
        let c = combat(&["1:1", "6:1"], "6:1", false);
        let o = resolve_odds(3.0, 0.0, &c, &[]);
        assert!(matches!(o.resolution, Resolution::Automatic { .. }));
    }
}
