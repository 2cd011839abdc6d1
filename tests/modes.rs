//! Modes (concept `modes`, OCS 5.0): a unit's mode is the mode marker on its stack, else its face;
//! the mode derives its strength, movement and action rating. The module's mode expression, read
//! over a stack as VASSAL reads it, agrees with the Rust rule.

use crate::common::module_piece::Props;
use std::collections::BTreeMap;
use vmodc::concept::game::Game;
use vmodc::concept::modes::derive::{action_rating, mode_of, ratio, scaled};
use vmodc::concept::modes::module::{mode_expr, MARKER_COUNT, MARKER_ID};
use vmodc::vassal::expression::{Env, Value};

fn ocs() -> Game {
    crate::common::shipped_game("ocs")
}

/// A piece and the stack it stands in (itself included).
struct InStack {
    me: Props,
    stack: Vec<Props>,
}

impl Env for InStack {
    fn prop(&self, name: &str) -> Result<Value, vmodc::vassal::expression::EvalError> {
        self.me.prop(name)
    }
    fn stack(&self) -> Vec<&dyn Env> {
        self.stack.iter().map(|p| p as &dyn Env).collect()
    }
    fn random(&self, _: i64) -> i64 {
        0
    }
}

fn marker(id: &str) -> BTreeMap<String, String> {
    BTreeMap::from([
        (MARKER_ID.to_string(), id.to_string()),
        (MARKER_COUNT.to_string(), "1".to_string()),
    ])
}

#[test]
fn the_mode_marker_on_the_stack_wins_over_the_face() {
    let game = ocs();
    let unit = game
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == "tank-bde")
        .expect("tank brigade");
    let expr = mode_expr(&game, unit);
    for (level, face) in [(1, "combat"), (2, "move")] {
        for markers in [
            vec![],
            vec!["dg"],
            vec!["reserve"],
            vec!["strat", "dg"],
            vec!["exploit"],
        ] {
            let me = BTreeMap::from([("Step_Level".to_string(), level.to_string())]);
            let mut stack = vec![Props(me.clone())];
            stack.extend(markers.iter().map(|m| Props(marker(m))));
            let piece = InStack {
                me: Props(me),
                stack,
            };
            let module = expr.eval(&piece).expect("evaluates").render();
            let rust = mode_of(&game, face, &markers).map_or("", |m| m.id.as_str());
            assert_eq!(module, rust, "{face} under {markers:?}");
        }
    }
    assert_eq!(
        mode_of(&game, "combat", &["strat", "dg"]).map(|m| m.id.as_str()),
        Some("dg"),
        "data order: DG first"
    );
}

#[test]
fn modes_derive_the_values_of_5_x() {
    let game = ocs();
    let mode = |id: &str| {
        game.rules
            .modes
            .iter()
            .find(|m| m.id.as_str() == id)
            .expect(id)
    };
    let by = |m: &vmodc::concept::game::Mode, which: &str| match which {
        "strength" => m.strength.as_deref().map(|s| s.to_string()),
        _ => m.movement.as_deref().map(|s| s.to_string()),
    };
    // DG (5.10b): strength and movement halved, AR − 1 (the p.14 tank brigade: AR 3 → 2; a
    // defence of 20 → 10).
    let dg = mode("dg");
    assert_eq!(scaled(20.0, by(dg, "strength").as_deref()), 10.0);
    assert_eq!(
        scaled(7.0, by(dg, "movement").as_deref()),
        3.5,
        "fractions kept (6.1h)"
    );
    assert_eq!(action_rating(dg, 3), 2);
    // Strat (5.8, 9.6a): movement ×2, strength 0, AR 0.
    let strat = mode("strat");
    assert_eq!(scaled(6.0, by(strat, "movement").as_deref()), 12.0);
    assert_eq!(scaled(6.0, by(strat, "strength").as_deref()), 0.0);
    assert_eq!(action_rating(strat, 4), 0);
    // Reserve (5.7): movement 1/4. Combat: as printed.
    assert_eq!(
        scaled(12.0, by(mode("reserve"), "movement").as_deref()),
        3.0
    );
    assert_eq!(scaled(8.0, by(mode("combat"), "strength").as_deref()), 8.0);
    assert_eq!(action_rating(mode("combat"), 5), 5);
    assert_eq!(ratio("1/4"), Some((1, 4)));
    assert_eq!(ratio("x"), None);
}
