//! The odds columns (raw, capped, shifted) and the CRT cell they reach, apart from their inputs.

use crate::concept::combat::roll_expr::table_roll;
use crate::concept::combat::step_terms::{kind_is, known_zero_defence, steps};
use crate::concept::combat::odds::{automatic_positions, steps_beyond_last, Difference, Step};
use crate::concept::combat::{BeyondFirst, BeyondLast, Rounding};
use crate::i18n::Texts;
use crate::vassal::expression::{add, and, bin, cond, eq, int, prop, s, Expr, Op};

/// The column the odds reach before shifts, as `rounding` and `beyond_first` read them (odds.rs).
pub(super) fn raw_column_expr(
    combat: &crate::concept::game::Combat,
    steps: &[Step],
    scale: i64,
) -> Expr {
    let differences: Vec<Difference> = steps
        .iter()
        .filter_map(|c| match c {
            Step::Difference(d) => Some(*d),
            Step::Ratio(_) => None,
        })
        .collect();
    if !differences.is_empty() {
        return raw_difference_column(combat, &differences, scale);
    }
    let columns: Vec<(u32, u32)> = steps
        .iter()
        .filter_map(|c| match c {
            Step::Ratio(o) => Some((o.attack, o.defence)),
            Step::Difference(_) => None,
        })
        .collect();
    let columns = columns.as_slice();
    let mut reached = match combat.rounding() {
        Rounding::Defender => raw_column(columns),
        Rounding::Nearest => raw_column_nearest(columns),
    };
    // Without a cap, odds past the last column count on by the whole ratios beyond it (odds.rs
    // `odds_ladder`), so that an automatic result there is reached (btm2: 7:1 is DE) and a shift
    // to the left starts from the odds themselves.
    let uncapped = combat.cap.is_none() || !combat.cap_known;
    if uncapped && combat.rounding() == Rounding::Defender && combat.beyond_last() == BeyondLast::Virtual {
        let beyond: Vec<(u32, u32)> = steps_beyond_last(combat)
            .into_iter()
            .filter_map(|c| match c {
                Step::Ratio(o) => Some((o.attack, o.defence)),
                Step::Difference(_) => None,
            })
            .collect();
        if !beyond.is_empty() {
            reached = add(reached, raw_column(&beyond));
        }
    }
    if combat.beyond_last() == BeyondLast::Unknown {
        reached = add(reached, read_beyond_expr(combat, columns));
    }
    match combat.beyond_first() {
        // Below the first column, roll on it: shifts start there (OCS 9.1g).
        BeyondFirst::FirstColumn => Expr::Max(Box::new(reached), Box::new(int(1))),
        BeyondFirst::BelowTable => reached,
        // Below the first column, or no attack (OCS 9.14a: the leftmost column): far left of
        // every column, so that no shift brings it back.
        BeyondFirst::Unknown => cond(
            bin(Op::Lt, reached.clone(), int(1)),
            int(-UNKNOWN_RAW),
            reached,
        ),
    }
}

/// The column after the cap and the shifts: no further right than the last column unless the
/// sources stop there (then further right is a column nobody knows), and, when odds below the
/// table roll on the first column, no further left than it.
pub(super) fn final_column_expr(
    combat: &crate::concept::game::Combat,
    cap_index: i64,
    n: i64,
) -> Expr {
    let shifted = add(capped(cap_index), prop(steps::SHIFT));
    let right = match combat.beyond_last() {
        BeyondLast::Virtual => Expr::Min(Box::new(shifted), Box::new(int(n))),
        BeyondLast::Unknown => shifted,
    };
    // An open first column (`≤-3`) holds every difference left of it, shifted ones too.
    let first_open = combat
        .columns
        .first()
        .and_then(|c| Step::parse(combat, c))
        .is_some_and(|c| matches!(c, Step::Difference(Difference { low: None, .. })));
    match combat.beyond_first() {
        _ if first_open => Expr::Max(Box::new(right), Box::new(int(1))),
        BeyondFirst::FirstColumn => Expr::Max(Box::new(right), Box::new(int(1))),
        BeyondFirst::BelowTable | BeyondFirst::Unknown => right,
    }
}

/// A raw column the sources do not settle (odds.rs `Resolution::UnknownColumn`): far past every
/// column, so that the shifted column is past them too and its cells are unknown.
pub(super) const UNKNOWN_RAW: i64 = 1000;

/// The columns past the last printed one that the odds read on (odds.rs `read_beyond`), or
/// `UNKNOWN_RAW` where the sources leave that column open; 0 within the printed columns. The
/// odds past the last column are whole ratios `q:1`: `read_beyond` is evaluated for each `q` up to
/// the first from which every column is unknown.
fn read_beyond_expr(combat: &crate::concept::game::Combat, columns: &[(u32, u32)]) -> Expr {
    let Some(&(a, d)) = columns.last() else {
        return int(0);
    };
    let attack = prop(steps::ATTACK);
    let defence = prop(steps::DEFENCE);
    let positive = Expr::Max(Box::new(defence.clone()), Box::new(int(1)));
    let q = match combat.rounding() {
        // round(A/D) with a half up: (2A + D) / 2D in integers (raw_column_nearest).
        Rounding::Nearest => bin(
            Op::Div,
            add(bin(Op::Mul, attack.clone(), int(2)), positive.clone()),
            bin(Op::Mul, positive, int(2)),
        ),
        Rounding::Defender => bin(Op::Div, attack.clone(), positive),
    };
    let first = i64::from(a / d.max(1)) + 1;
    let value = |n: i64| {
        crate::concept::combat::odds::read_beyond(combat, n as f64)
            .map_or(UNKNOWN_RAW, |k| k as i64)
    };
    // From `open` on, every ratio reads on an unknown column.
    let limit = first + 64;
    let open = (first..=limit)
        .rev()
        .take_while(|n| value(*n) == UNKNOWN_RAW)
        .last()
        .unwrap_or(limit + 1);
    let mut by_ratio = cond(bin(Op::Ge, q.clone(), int(open)), int(UNKNOWN_RAW), int(0));
    for n in (first..open).rev() {
        by_ratio = cond(eq(q.clone(), int(n)), int(value(n)), by_ratio);
    }
    // OCS 9.14a: a defence of 0 is attacked on the rightmost column, which these sources lack.
    cond(
        bin(Op::Gt, attack, int(0)),
        cond(eq(defence, int(0)), int(UNKNOWN_RAW), by_ratio),
        int(0),
    )
}

/// The columns reached when the larger strength over the smaller is rounded once, a half up (OCS
/// 4.1, 4.2, 9.7; `nearest_ratio` in odds.rs). With attack `A` (in 1/scale) and defence `D`:
/// `n:1` is reached when `A ≥ D` and round(A/D) ≥ n; `1:d` when `A ≥ D`, or round(D/A) ≤ d.
fn raw_column_nearest(columns: &[(u32, u32)]) -> Expr {
    let attack = prop(steps::ATTACK);
    let defence = prop(steps::DEFENCE);
    let attacker_larger = bin(Op::Ge, attack.clone(), defence.clone());
    // round(x/y) with a half up: (2x + y) / 2y in integers.
    let round = |x: Expr, y: Expr| {
        bin(
            Op::Div,
            add(bin(Op::Mul, x, int(2)), y.clone()),
            bin(Op::Mul, y, int(2)),
        )
    };
    // A defence of 0 reaches every column (odds.rs): divide by at least 1.
    let up = round(
        attack.clone(),
        Expr::Max(Box::new(defence.clone()), Box::new(int(1))),
    );
    let down = round(
        defence.clone(),
        Expr::Max(Box::new(attack.clone()), Box::new(int(1))),
    );
    let reached: Vec<Expr> = columns
        .iter()
        .map(|(a, d)| {
            let (a, d) = (i64::from(*a), i64::from(*d));
            let when_larger = bin(Op::Ge, bin(Op::Mul, up.clone(), int(d)), int(a));
            let when_smaller = and(bin(Op::Le, down.clone(), int(d)), eq(int(a), int(1)));
            let hit = cond(attacker_larger.clone(), when_larger, when_smaller);
            cond(
                and(bin(Op::Gt, attack.clone(), int(0)), hit),
                int(1),
                int(0),
            )
        })
        .collect();
    reached.into_iter().reduce(add).unwrap_or(int(0))
}

/// The odds column the attack reaches: how many of the columns' odds it meets.
fn raw_column(columns: &[(u32, u32)]) -> Expr {
    let attack = prop(steps::ATTACK);
    let defence = prop(steps::DEFENCE);
    // attack / defence >= a / d  <=>  attack * d >= defence * a (both in 1/scale units)
    let reached: Vec<Expr> = columns
        .iter()
        .map(|(a, d)| {
            cond(
                bin(
                    Op::Ge,
                    bin(Op::Mul, attack.clone(), int(i64::from(*d))),
                    bin(Op::Mul, defence.clone(), int(i64::from(*a))),
                ),
                int(1),
                int(0),
            )
        })
        .collect();
    reached.into_iter().reduce(add).unwrap_or(int(0))
}

/// The column a strength difference reaches on a differential CRT (odds.rs `difference_ladder`):
/// how many columns' lower ends the rounded difference meets. Below a plain first column it is
/// counted on the whole differences beyond it (0 for one below, −1 for two, …, no further than the
/// ladder's `VIRTUAL` steps), so that a shift brings it back onto the table only where the rule
/// does; with `beyond_first = "first_column"` it rolls on the first column.
fn raw_difference_column(
    combat: &crate::concept::game::Combat,
    columns: &[Difference],
    scale: i64,
) -> Expr {
    let attack = prop(steps::ATTACK);
    let defence = prop(steps::DEFENCE);
    let scale = int(scale);
    // `attack − defence ≥ low` in scaled units: (A − D) ≥ low·scale; rounded a half up:
    // 2(A − D) + scale ≥ 2·low·scale.
    let difference = bin(Op::Sub, attack, defence);
    let meets = |low: i64| match combat.rounding() {
        Rounding::Defender => bin(
            Op::Ge,
            difference.clone(),
            bin(Op::Mul, int(low), scale.clone()),
        ),
        Rounding::Nearest => bin(
            Op::Ge,
            add(bin(Op::Mul, difference.clone(), int(2)), scale.clone()),
            bin(Op::Mul, int(2 * low), scale.clone()),
        ),
    };
    let mut reached = columns
        .iter()
        .map(|c| match c.low {
            Some(low) => cond(meets(i64::from(low)), int(1), int(0)),
            None => int(1),
        })
        .reduce(add)
        .unwrap_or(int(0));
    // Past a plain last column, the whole differences beyond it count on (as many as the ladder
    // has), so that a cap or a shift to the left starts from the difference itself.
    let last_high = columns.last().and_then(|c| c.high);
    if let (Some(high), BeyondLast::Virtual) = (last_high, combat.beyond_last()) {
        let above = (1..=crate::concept::combat::odds::VIRTUAL_STEPS)
            .map(|k| cond(meets(i64::from(high) + k), int(1), int(0)))
            .reduce(add)
            .unwrap_or(int(0));
        reached = add(reached, above);
    }
    let Some(first) = columns.first().and_then(|c| c.low) else {
        return reached; // an open first column: every difference is on the table
    };
    match combat.beyond_first() {
        BeyondFirst::BelowTable => {
            // Below the first column: 1 − (the whole differences between it and the rounded
            // difference), found by testing each of the ladder's steps below it.
            let below = (1..crate::concept::combat::odds::VIRTUAL_STEPS)
                .map(|k| cond(meets(i64::from(first) - k), int(0), int(-1)))
                .reduce(add)
                .unwrap_or(int(0));
            cond(bin(Op::Ge, reached.clone(), int(1)), reached, below)
        }
        BeyondFirst::FirstColumn => Expr::Max(Box::new(reached), Box::new(int(1))),
        // Not for differential tables (V0745); read as odds are.
        BeyondFirst::Unknown => cond(
            bin(Op::Lt, reached.clone(), int(1)),
            int(-UNKNOWN_RAW),
            reached,
        ),
    }
}

/// Whether the odds after the cap and the shifts reach the automatic result at `position` (the
/// module's column count, past the last column for the whole ratios beyond it): the shifted column
/// before it is lowered to the last. (A defence of 0 reaches every ratio of the ladder, as in
/// odds.rs, when no cap lowers it.)
pub(super) fn automatic_reached(
    combat: &crate::concept::game::Combat,
    cap_index: i64,
    position: i64,
) -> Expr {
    let _ = combat; // every kind reads its automatic results on the same ladder
    bin(
        Op::Ge,
        add(capped(cap_index), prop(steps::SHIFT)),
        int(position),
    )
}

/// The raw column, no further than the cap.
pub(super) fn capped(cap_index: i64) -> Expr {
    Expr::Min(Box::new(prop(steps::RAW)), Box::new(int(cap_index)))
}

/// The CRT lookup: one branch per roll, one per column (or, when the table is unknown, per cell the
/// sources give); below the first column, the table's note.
pub(super) fn crt_result(
    combat: &crate::concept::game::Combat,
    tx: &Texts,
    cap_index: i64,
) -> Expr {
    let fin = prop(steps::FINAL);
    let mut lookup = s("?");
    if !combat.table_known {
        lookup = known_cells(combat, &tx.get("ui.unknown_cell"));
    }
    for (roll, row) in combat.table.iter().rev() {
        let Ok(r) = roll.parse::<i64>() else { continue };
        let mut by_column = s("?");
        for (i, code) in row.iter().enumerate().rev() {
            by_column = cond(eq(fin.clone(), int(i as i64 + 1)), s(code), by_column);
        }
        lookup = cond(eq(table_roll(combat), int(r)), by_column, lookup);
    }
    // A kind of attack whose CRT rows the sources lack: every cell is unknown (odds.rs, `lookup_in`).
    let rows_missing: Vec<_> = combat
        .attack_kinds
        .iter()
        .filter(|k| !k.rows_known)
        .map(|k| k.id.clone())
        .collect();
    if !rows_missing.is_empty() {
        lookup = cond(
            kind_is(&rows_missing),
            s(&tx.get("ui.unknown_cell")),
            lookup,
        );
    }
    // Shifted past the last column the sources give: the cell is unknown.
    // (A column of `beyond_columns` keeps the cells the sources give of it.)
    let named_beyond = if combat.table_known {
        0
    } else {
        combat.beyond_columns.len()
    };
    let known = cond(
        bin(
            Op::Gt,
            fin.clone(),
            int((combat.columns.len() + named_beyond) as i64),
        ),
        s(&tx.get("ui.unknown_cell")),
        lookup,
    );
    let below = match combat.beyond_first() {
        BeyondFirst::Unknown => tx.get("ui.unknown_cell"),
        _ => tx.get("combat.below_table"),
    };
    let mut by_odds = cond(bin(Op::Lt, fin, int(1)), s(&below), known);
    // Odds that reach an automatic result give it without a roll (odds.rs `resolution`).
    for (position, result) in automatic_positions(combat).into_iter().rev() {
        by_odds = cond(automatic_reached(combat, cap_index, position), s(&result), by_odds);
    }
    // An attack on a defence of 0 with its own automatic result (odds.rs: the same rule).
    match combat.automatic.iter().find(|a| a.on_zero_defence()) {
        Some(a) => cond(
            and(
                known_zero_defence(combat),
                bin(Op::Gt, prop(steps::ATTACK), int(0)),
            ),
            s(&a.result),
            by_odds,
        ),
        None => by_odds,
    }
}

/// The 0-based index of a column on the module's ladder: a printed column, or one of
/// `beyond_columns` past the last.
fn column_index(combat: &crate::concept::game::Combat, column: &str) -> Option<usize> {
    combat
        .columns
        .iter()
        .chain(&combat.beyond_columns)
        .position(|c| c.as_str() == column && column != "?")
}

/// The cells the sources give of an unknown table, by final column and roll; `unknown` elsewhere.
fn known_cells(combat: &crate::concept::game::Combat, unknown: &str) -> Expr {
    combat
        .known_cells
        .iter()
        .rev()
        .fold(s(unknown), |rest, cell| {
            let Some(index) = column_index(combat, &cell.column) else {
                return rest;
            };
            cond(
                and(
                    eq(prop(steps::FINAL), int(index as i64 + 1)),
                    eq(table_roll(combat), int(i64::from(cell.roll.value))),
                ),
                s(&cell.result),
                rest,
            )
        })
}
