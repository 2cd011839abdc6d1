//! Reading the barrage table: the column of a total strength, its supply cost, and the column after
//! the shifts, as far as the named columns go. Tested on OCS's worked examples (tests/ocs_barrage.rs).

use super::Barrage;

/// A total barrage strength rounded to a whole number: fractions are summed first, then rounded
/// once, a half up (OCS 4.2, 10.0).
pub fn rounded(total: f64) -> u32 {
    if total.is_finite() && total > 0.0 {
        (total + 0.5).floor().min(f64::from(u32::MAX)) as u32
    } else {
        0
    }
}

/// The index of the column whose range holds `strength`; `None` when no named column does.
pub fn column_of(barrage: &Barrage, strength: u32) -> Option<usize> {
    barrage
        .columns
        .iter()
        .position(|c| (c.from.value..=c.to.value).contains(&strength))
}

/// The column `shift` columns from `column` (right positive); `None` past the named columns or
/// across unknown ones.
pub fn shifted(barrage: &Barrage, column: usize, shift: i32) -> Option<usize> {
    let mut at = column;
    for _ in 0..shift.unsigned_abs() {
        if shift > 0 {
            let next = barrage.columns.get(at + 1)?;
            if next.unknown_before {
                return None;
            }
            at += 1;
        } else {
            if barrage.columns.get(at)?.unknown_before || at == 0 {
                return None;
            }
            at -= 1;
        }
    }
    Some(at)
}

/// The supply cost of a column (chosen by the strength before the shifts), when known.
pub fn cost(barrage: &Barrage, column: usize) -> Option<u32> {
    barrage.columns.get(column)?.cost.as_ref().map(|c| c.value)
}

/// The column's label as the table prints it ("12-16", or "2" for a one-strength column).
pub fn label(barrage: &Barrage, column: usize) -> Option<String> {
    let c = barrage.columns.get(column)?;
    Some(if c.from.value == c.to.value {
        c.from.value.to_string()
    } else {
        format!("{}-{}", c.from.value, c.to.value)
    })
}

/// The total of the shifts named by `ids` (unknown ids add nothing).
pub fn total_shift(barrage: &Barrage, ids: &[&str]) -> i32 {
    barrage
        .shifts
        .iter()
        .filter(|s| ids.contains(&s.id.as_str()))
        .map(|s| s.shift.value)
        .sum()
}
