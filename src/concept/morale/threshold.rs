//! The morale rule as pure functions of the data: the chit's value, surrender, who may look, and the
//! morale check. The module's expressions (`module.rs`) compute the same, and tests/morale.rs holds
//! them to these.

use super::{Morale, MoraleCheck};

/// The value of chit `chit` (1-based, in data order), `None` while the values are unknown.
pub fn chit_value(morale: &Morale, chit: u32) -> Option<u32> {
    let index = usize::try_from(chit.checked_sub(1)?).ok()?;
    morale.values.get(index).map(|v| v.value)
}

/// The side surrenders when the count exceeds the chit's value (strictly: "上回った", LSAM 8.33).
pub fn surrenders(count: u32, value: u32) -> bool {
    count > value
}

/// Whether the viewing side may look at the drawn chit at `count` (from `view_from` on; never when
/// the data names no such count).
pub fn may_look(morale: &Morale, count: u32) -> bool {
    morale.view_from.as_ref().is_some_and(|f| count >= f.value)
}

/// Whether the viewing side may demand a redraw at `count` (from `redraw_from` on; never when the
/// data names no such count). The other conditions are the players' to judge.
pub fn may_redraw(morale: &Morale, count: u32) -> bool {
    morale
        .redraw_from
        .as_ref()
        .is_some_and(|f| count >= f.value)
}

/// What a morale check gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckOutcome {
    Failure,
    NoEffect,
    /// The sources give no row for this count.
    Unknown,
}

/// The morale check at `count` for a roll of `roll`.
pub fn check_outcome(check: &MoraleCheck, count: u32, roll: u32) -> CheckOutcome {
    match check.rows.iter().find(|r| r.count.value == count) {
        None => CheckOutcome::Unknown,
        Some(row) => {
            let [from, to] = row.fails.value;
            if (from..=to).contains(&roll) {
                CheckOutcome::Failure
            } else {
                CheckOutcome::NoEffect
            }
        }
    }
}
