//! What fixed-column fire adds to the module: a Fire command (Ctrl+B) on each unit that may fire. It
//! rolls the fire's dice, reports the CRT cell of its column for that roll (the cells `fire.rs`
//! reads), and removes the unit when the rule says so.

use crate::concept::combat::fire::{fire_dice, fire_of};
use crate::concept::game::{Combat, FixedFire, Game, Unit};
use crate::concept::module::ELIMINATE_KEY;
use crate::concept::module::{named, template};
use crate::concept::plan::Plan;
use crate::vassal::expression::{add, cond, eq, int, prop, s, Expr};
use crate::vassal::traits::{self as pieces, Key, Trait, CTRL};

/// The Fire command's key (Ctrl+B).
pub const FIRE_KEY: Key<'static> = Key::Stroke(66, CTRL);
/// The piece property that holds the last fire roll.
pub const FIRE_ROLL: &str = "FireRoll";
const SET_ROLL: &str = "SetFireRoll";
const REPORT: &str = "ReportFire";

/// The Fire command of `unit`, none when no `[[combat.fire]]` lists its type.
pub fn fire_traits(game: &Game, plan: &Plan, unit: &Unit) -> Vec<Trait> {
    let Some(fire) = fire_of(game, unit) else {
        return Vec::new();
    };
    let tx = &plan.tx;
    let (count, faces) = fire_dice(game, fire);
    let roll = (0..count.max(1))
        .map(|_| Expr::Random(i64::from(faces)))
        .reduce(add)
        .unwrap_or(int(0));
    let die = fire.die.as_ref().map_or_else(
        || format!("{}d{}", count, faces),
        |d| tx.get(&format!("other_dice.{}", d.as_str())),
    );
    let removed = if fire.removed {
        tx.get("ui.fire_removed")
    } else {
        String::new()
    };
    let report = template(
        tx,
        "ui.report_fire",
        &[
            ("unit", prop("BasicName")),
            ("fire", s(&tx.get(&format!("fire.{}", fire.id.as_str())))),
            ("column", s(&fire.column)),
            ("die", s(&die)),
            ("roll", prop(FIRE_ROLL)),
            (
                "result",
                fire_cell(&game.rules.combat, fire, &tx.get("ui.fire_unknown_cell")),
            ),
            ("removed", s(&removed)),
            ("rule", s(fire.rule.as_deref().map_or("", |r| r.as_str()))),
        ],
    );
    let mut actions = vec![named(SET_ROLL), named(REPORT)];
    if fire.removed {
        actions.push(ELIMINATE_KEY);
    }
    vec![
        pieces::command_trigger("Fire", &tx.get("ui.fire"), FIRE_KEY, &actions),
        pieces::report(&[named(REPORT)], &report.to_beanshell(), "Report fire"),
        pieces::dynamic_property(
            FIRE_ROLL,
            &[("", named(SET_ROLL), &roll.to_beanshell())],
            "Fire roll",
        ),
    ]
}

/// The CRT cell of the fire's column for the roll in [`FIRE_ROLL`]: the table's row, else a known
/// cell, else `unknown`.
pub fn fire_cell(combat: &Combat, fire: &FixedFire, unknown: &str) -> Expr {
    let Some(index) = combat
        .columns
        .iter()
        .position(|c| c.as_str() == fire.column.as_str())
    else {
        return s(unknown);
    };
    let cells: Vec<(i64, String)> = if combat.table_known {
        combat
            .table
            .iter()
            .filter_map(|(roll, row)| Some((roll.parse().ok()?, row.get(index)?.value.clone())))
            .collect()
    } else {
        combat
            .known_cells
            .iter()
            .filter(|c| c.column.as_str() == fire.column.as_str())
            .map(|c| (i64::from(c.roll.value), c.result.value.clone()))
            .collect()
    };
    cells
        .into_iter()
        .rev()
        .fold(s(unknown), |rest, (roll, code)| {
            cond(eq(prop(FIRE_ROLL), int(roll)), s(&code), rest)
        })
}
