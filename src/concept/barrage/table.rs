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

/// The result the sources give on `column` for `roll`, when they give it.
pub fn cell(barrage: &Barrage, column: usize, roll: u32) -> Option<&str> {
    let label = label(barrage, column)?;
    barrage
        .cells
        .iter()
        .find(|c| c.column.as_str() == label && c.roll.value == roll)
        .map(|c| c.result.as_str())
}

/// What a barrage costs in supply: nothing for a kind that does not pay; else the column's cost,
/// `None` when the sources do not give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Supply {
    Free,
    Tokens(Option<u32>),
}

/// A barrage read on the table: the rounded strength, its column (`None`: no named column), the
/// supply, the total shift, the column after it and the cell of the roll there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub strength: u32,
    pub column: Option<usize>,
    pub supply: Supply,
    pub shift: i32,
    pub shifted: Option<usize>,
    pub result: Option<String>,
}

/// Read a barrage of `total` strength by units of `kind`, with the shifts named by `shift_ids`, for
/// `roll`.
pub fn read(barrage: &Barrage, total: f64, kind: &str, shift_ids: &[&str], roll: u32) -> Reading {
    let strength = rounded(total);
    let column = column_of(barrage, strength);
    let shift = total_shift(barrage, shift_ids);
    let pays = barrage
        .kinds
        .iter()
        .find(|k| k.id.as_str() == kind)
        .is_none_or(|k| k.pays_supply);
    let supply = if pays {
        Supply::Tokens(column.and_then(|c| cost(barrage, c)))
    } else {
        Supply::Free
    };
    let after = column.and_then(|c| shifted(barrage, c, shift));
    Reading {
        strength,
        column,
        supply,
        shift,
        shifted: after,
        result: after.and_then(|c| cell(barrage, c, roll).map(str::to_string)),
    }
}

/// The dice of a roll written `NdF` ("2d6"): `(N, F)`.
pub fn dice(roll: &str) -> Option<(u32, u32)> {
    let (count, faces) = roll.trim().split_once('d')?;
    Some((count.parse().ok()?, faces.parse().ok()?))
}
