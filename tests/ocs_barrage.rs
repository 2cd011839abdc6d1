//! OCS barrage (10.0-10.2, concept `barrage`): the rulebook's worked examples read on the named
//! columns of `[barrage]` in rules/ocs.toml.

use std::path::Path;
use vmodc::concept::barrage::table::{column_of, cost, label, rounded, shifted, total_shift};
use vmodc::concept::barrage::Barrage;
use vmodc::diag::Sources;

fn barrage() -> Barrage {
    let mut sources = Sources::default();
    let game = vmodc::load::load_game(Path::new("."), "ocs", &mut sources).expect("ocs loads");
    game.rules.barrage.clone().expect("ocs has [barrage]")
}

/// The column label after `shifts` for a total strength, and the supply cost chosen before them.
fn read(b: &Barrage, strength: f64, shifts: &[&str]) -> (Option<String>, Option<u32>) {
    let column = column_of(b, rounded(strength)).expect("a named column");
    let after = shifted(b, column, total_shift(b, shifts));
    (after.and_then(|c| label(b, c)), cost(b, column))
}

#[test]
fn p14_twenty_points_fire_on_17_24_for_3t() {
    let b = barrage();
    assert_eq!(read(&b, 20.0, &[]), (Some("17-24".into()), Some(3)));
}

#[test]
fn example_10_1b_sixteen_points_shift_two_right_to_25_40_paying_for_12_16() {
    // 8 RE R4, Close terrain L1, hedgehog level 1 L1, spotter present: net R2.
    let b = barrage();
    let shifts = ["density-8re", "close-terrain", "hedgehog-1"];
    assert_eq!(total_shift(&b, &shifts), 2);
    assert_eq!(read(&b, 16.0, &shifts), (Some("25-40".into()), Some(3)));
}

#[test]
fn p35_stukas_at_nine_points_shift_one_right_to_12_16() {
    // Target 2: the Stuka lost a step to AA, 9 points: 8-11, 4 RE R1 -> 12-16.
    let b = barrage();
    assert_eq!(
        read(&b, 9.0, &["density-4re"]),
        (Some("12-16".into()), None)
    );
    // Fractions are summed, then rounded once, a half up (4.2).
    assert_eq!(rounded(11.5), 12);
    assert_eq!(read(&b, 11.5, &[]).0.as_deref(), Some("12-16"));
}

#[test]
fn p35_first_target_shifts_five_left_and_unknown_columns_stay_unknown() {
    // Target 1: Very Close L1, no spotter L3, 1 RE or less L1 = L5 (the start column is lost in the
    // text; the result is on column 2).
    let b = barrage();
    assert_eq!(
        total_shift(&b, &["very-close-terrain", "no-spotter", "density-1re"]),
        -5
    );
    // Left of 8-11 lie columns the text does not name: no known column there.
    let c = column_of(&b, 10).expect("8-11");
    assert_eq!(shifted(&b, c, -1), None);
    // Past 25-40, likewise.
    let last = column_of(&b, 30).expect("25-40");
    assert_eq!(shifted(&b, last, 1), None);
    // Strengths between the named columns have none.
    assert_eq!(column_of(&b, 5), None);
    assert_eq!(
        label(&b, column_of(&b, 2).expect("2")).as_deref(),
        Some("2")
    );
}
