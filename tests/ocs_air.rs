//! OCS air (14.0-14.9, concept `air`): `[air]` in rules/ocs.toml read against the text, and the
//! Flak and Air combat buttons' chat lines evaluated against the Rust rule (air::rolls) on the
//! rulebook's worked examples.

use std::collections::BTreeMap;
use vmodc::concept::air::module::{
    air_combat_report, flak_report, AA_POINTS, ATTACKER, DEFENDER, DICE_TOTAL,
};
use vmodc::concept::air::rolls;
use vmodc::concept::air::Air;
use vmodc::concept::texts::default_texts;
use vmodc::vassal::expression::{Env, Value};

fn air() -> Air {
    crate::common::shipped_game("ocs")
        .rules
        .air
        .clone()
        .expect("ocs has [air]")
}

/// The module's properties when a dice button reports: its total and the toolbar counts.
struct Pressed(BTreeMap<&'static str, String>);

impl Pressed {
    fn of(total: u32, counts: &[(&'static str, u32)]) -> Pressed {
        let mut props: BTreeMap<&'static str, String> =
            counts.iter().map(|(k, v)| (*k, v.to_string())).collect();
        props.insert(DICE_TOTAL, total.to_string());
        Pressed(props)
    }
}

impl Env for Pressed {
    fn prop(&self, name: &str) -> Result<Value, vmodc::vassal::expression::EvalError> {
        self.0
            .get(name)
            .map(|v| Value::from_property(v))
            .ok_or_else(|| vmodc::vassal::expression::EvalError::NoProperty(name.to_string()))
    }
    fn random(&self, _: i64) -> i64 {
        panic!("a report rolls no die of its own")
    }
}

#[test]
fn the_text_gives_four_units_a_mission_four_plus_level_at_a_base_and_five_kinds() {
    let a = air();
    assert_eq!(a.mission_units.value, 4);
    assert_eq!(a.base_units.value, 4);
    let codes: Vec<&str> = a.kinds.iter().map(|k| k.code.as_str()).collect();
    assert_eq!(codes, ["F", "T", "S", "Tpt", "T/Tpt"]);
    let combination = a.kinds.last().expect("a combination kind");
    let acts: Vec<&str> = combination.acts_as.iter().map(|k| k.as_str()).collect();
    assert_eq!(acts, ["tactical", "transport"]);
    let refit = a.refit.expect("2.3 gives refit");
    assert_eq!((refit.tokens.value, refit.units_per_level.value), (1, 2));
}

#[test]
fn flak_hits_at_a_modified_eleven() {
    let hit_at = air().flak.expect("14.4e").hit_at.value;
    assert_eq!(hit_at, 11);
    // p.35: an HQ in the target hex gave +1 and the modified roll was 11: a hit.
    assert_eq!(rolls::flak(10, 1, hit_at), (11, true));
    assert_eq!(rolls::flak(9, 1, hit_at), (10, false));
    assert_eq!(rolls::flak(12, 0, hit_at), (12, true));
}

#[test]
fn air_combat_adds_the_attacker_and_subtracts_the_defender() {
    // 14.3e: LaGG-3 (2) against Bf109f (4), roll 9 -> 7.
    assert_eq!(rolls::air_combat(9, 2, 4), 7);
    assert_eq!(rolls::air_combat(2, 0, 5), -3);
}

#[test]
fn the_flak_button_reports_what_the_rust_rule_gives() {
    let g = crate::common::shipped_game("ocs");
    let flak = g
        .rules
        .air
        .as_ref()
        .and_then(|a| a.flak.clone())
        .expect("flak");
    let tx = default_texts(&g);
    let report = flak_report(&flak, &tx);
    for roll in 2..=12 {
        for aa in [0, 1, 3] {
            let line = report
                .eval(&Pressed::of(roll, &[(AA_POINTS, aa)]))
                .expect("report")
                .render();
            let (modified, hit) = rolls::flak(roll, aa, flak.hit_at.value);
            let outcome = if hit {
                "hit: the mission loses 1 step"
            } else {
                "no effect"
            };
            let expected = format!("{roll} + AA points {aa} = {modified} → {outcome}");
            assert!(line.contains(&expected), "{line}");
        }
    }
    let p35 = report
        .eval(&Pressed::of(10, &[(AA_POINTS, 1)]))
        .expect("report")
        .render();
    assert!(
        p35.contains("Flak (2d6): 10 + AA points 1 = 11 → hit"),
        "{p35}"
    );
    assert!(
        p35.contains("Flak/AA chart, which the sources lack"),
        "{p35}"
    );
    assert!(p35.contains("[rule 14.4e]"), "{p35}");
}

#[test]
fn the_air_combat_button_reports_the_modified_roll_and_the_missing_table() {
    let g = crate::common::shipped_game("ocs");
    let combat = g
        .rules
        .air
        .as_ref()
        .and_then(|a| a.air_combat.clone())
        .expect("air combat");
    let tx = default_texts(&g);
    let report = air_combat_report(&combat, &tx);
    for (roll, attacker, defender) in [(9, 2, 4), (2, 0, 6), (12, 5, 1)] {
        let line = report
            .eval(&Pressed::of(
                roll,
                &[(ATTACKER, attacker), (DEFENDER, defender)],
            ))
            .expect("report")
            .render();
        let modified = rolls::air_combat(roll, attacker, defender);
        let expected = format!("{roll} + attacker {attacker} − defender {defender} = {modified};");
        assert!(line.contains(&expected), "{line}");
        assert!(line.contains("Air Combat Table is missing"), "{line}");
        assert!(
            line.contains("5 or more → each aborted unit loses 1 step"),
            "{line}"
        );
    }
}
