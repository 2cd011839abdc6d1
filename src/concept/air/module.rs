//! What air adds to the module: toolbar counts for the AA points affecting a mission and for the
//! attacker's and defender's air strength, and the Flak and Air combat dice buttons, whose chat
//! line adds the counts to the roll (rolls.rs holds the same rule in Rust; tests/ocs_air.rs
//! evaluates both). The tables behind both rolls are absent from the sources, and the lines say so.

use super::{AirCombat, Flak};
use crate::concept::barrage::table::dice;
use crate::concept::game::Game;
use crate::concept::module::{template, Changer, Global, NumericRange};
use crate::concept::plan::Plan;
use crate::concept::sequence;
use crate::i18n::Texts;
use crate::vassal::expression::{add, bin, cond, int, prop, s, Expr, Op};
use crate::vassal::xml::El;

/// The AA points affecting the mission, a global the players count.
pub const AA_POINTS: &str = "AirAAPoints";
/// The attacking air unit's air strength, a global.
pub const ATTACKER: &str = "AirAttackerStrength";
/// The defending air unit's air strength, a global.
pub const DEFENDER: &str = "AirDefenderStrength";
/// The dice total a VASSAL dice button hands its report.
pub const DICE_TOTAL: &str = "numericalTotal";
/// The counts go up to this: a bound for the toolbar, not a rule.
const COUNT_MAX: i64 = 99;

fn rule_text(rule: &Option<crate::model::spanned::Sp<String>>) -> Expr {
    s(rule.as_deref().map_or("", |r| r.as_str()))
}

/// The flak report: the roll, the AA points, the modified roll and whether it hits.
pub fn flak_report(flak: &Flak, tx: &Texts) -> Expr {
    let modified = add(prop(DICE_TOTAL), prop(AA_POINTS));
    let hit = bin(Op::Ge, modified.clone(), int(i64::from(flak.hit_at.value)));
    template(
        tx,
        "ui.report_flak",
        &[
            ("dice", s(flak.dice.as_str())),
            ("roll", prop(DICE_TOTAL)),
            ("aa", prop(AA_POINTS)),
            ("modified", modified),
            (
                "outcome",
                cond(
                    hit,
                    s(&tx.get("ui.flak_hit")),
                    s(&tx.get("ui.flak_no_effect")),
                ),
            ),
            ("hit_at", int(i64::from(flak.hit_at.value))),
            ("rule", rule_text(&flak.rule)),
        ],
    )
}

/// The air combat report: the roll, both air strengths and the modified roll; the table is absent.
pub fn air_combat_report(combat: &AirCombat, tx: &Texts) -> Expr {
    let modified = bin(
        Op::Sub,
        add(prop(DICE_TOTAL), prop(ATTACKER)),
        prop(DEFENDER),
    );
    let loss = combat.loss_at.as_ref().map_or_else(
        || s(&tx.get("ui.air_combat_loss_unknown")),
        |l| s(&tx.fill("ui.air_combat_loss", &[("loss_at", &l.value.to_string())])),
    );
    template(
        tx,
        "ui.report_air_combat",
        &[
            ("dice", s(combat.dice.as_str())),
            ("roll", prop(DICE_TOTAL)),
            ("attacker", prop(ATTACKER)),
            ("defender", prop(DEFENDER)),
            ("modified", modified),
            ("loss", loss),
            ("rule", rule_text(&combat.rule)),
        ],
    )
}

/// A count the players set with a +1 and a −1 button, reporting its new value.
fn count(name: &str, description: &str, tx: &Texts, key: &str) -> Global {
    let label = tx.get(&format!("ui.{key}"));
    let changer = |increment: i64, sign: &str| Changer {
        text: format!("{label} {sign}1"),
        tooltip: tx.get(&format!("ui.{key}_tooltip")),
        increment,
        set_to: None,
        report: tx.fill("ui.report_air_count", &[("name", &label)]),
    };
    Global {
        name: name.into(),
        initial: "0".into(),
        description: description.into(),
        numeric: Some(NumericRange {
            min: 0,
            max: COUNT_MAX,
            wrap: false,
        }),
        changers: vec![changer(1, "+"), changer(-1, "−")],
    }
}

/// The counts the Flak and Air combat buttons read, in a game with `[air]`.
pub fn globals(game: &Game, plan: &Plan) -> Vec<Global> {
    let Some(air) = &game.rules.air else {
        return Vec::new();
    };
    let tx = &plan.tx;
    let mut out = Vec::new();
    if air.flak.is_some() {
        out.push(count(
            AA_POINTS,
            "AA points affecting the mission",
            tx,
            "air_aa_points",
        ));
    }
    if air.air_combat.is_some() {
        out.push(count(
            ATTACKER,
            "Attacker's air strength",
            tx,
            "air_attacker",
        ));
        out.push(count(
            DEFENDER,
            "Defender's air strength",
            tx,
            "air_defender",
        ));
    }
    out
}

/// The Flak and Air combat buttons, in a game with `[air]` that gives the rolls.
pub fn buttons(game: &Game, plan: &Plan) -> Vec<El> {
    let Some(air) = &game.rules.air else {
        return Vec::new();
    };
    let tx = &plan.tx;
    let flak = air.flak.as_ref().map(|f| {
        let report = flak_report(f, tx);
        dice_button(
            &tx.get("ui.flak"),
            &tx.get("ui.flak_tooltip"),
            &f.dice,
            &report,
        )
    });
    let combat = air.air_combat.as_ref().map(|c| {
        let report = air_combat_report(c, tx);
        dice_button(
            &tx.get("ui.air_combat"),
            &tx.get("ui.air_combat_tooltip"),
            &c.dice,
            &report,
        )
    });
    flak.into_iter().chain(combat).collect()
}

/// A VASSAL dice button rolling `roll` (checked as NdF; 2d6 otherwise) whose chat line is `report`.
fn dice_button(name: &str, tooltip: &str, roll: &str, report: &Expr) -> El {
    let (count, faces) = dice(roll).unwrap_or((2, 6));
    sequence::module::dice_button(name, count, faces, tooltip, &report.to_beanshell())
}
