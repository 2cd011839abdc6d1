//! Checks of `[air]`: counts that let a mission, an airbase or a refit hold no unit, kind ids named
//! once and combinations of known kinds, dice written as `NdF`, and thresholds the dice can miss
//! and reach.

use super::Air;
use crate::concept::barrage::table::dice;
use crate::concept::context::{duplicates, ids, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::spanned::Sp;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    let Some(air) = &cx.game.rules.air else {
        return;
    };
    let f = cx.rules_file();
    duplicates(cx, f, "air kind", ids(&air.kinds, |k| &k.id));
    let kinds: Vec<&str> = air.kinds.iter().map(|k| k.id.as_str()).collect();
    for k in &air.kinds {
        for a in &k.acts_as {
            cx.reference(f, a, "air kind", kinds.iter().copied(), "[[air.kinds]]");
        }
    }
    counts(cx, air);
    rolls(cx, air);
}

/// A mission, an airbase's active units and a refit each hold at least one unit (V0790).
fn counts(cx: &mut Context<'_>, air: &Air) {
    let f = cx.rules_file();
    let mut named = vec![
        ("mission_units", &air.mission_units, &air.rule),
        ("base_units", &air.base_units, &air.rule),
    ];
    if let Some(r) = &air.refit {
        named.push(("refit.units_per_level", &r.units_per_level, &r.rule));
    }
    for (key, count, rule) in named {
        if count.value == 0 {
            cx.push(
                Diagnostic::error(
                    "V0790",
                    format!("`[air] {key}` is 0: no air unit would fit"),
                )
                .at(f, count.span.clone(), "this count")
                .rule_opt(rule_of(rule))
                .help("give the number the rules state (at least 1), or leave `[air]` out"),
            );
        }
    }
}

/// The flak and air combat dice read as `NdF` (V0791); flak hits at a roll above the dice's
/// lowest (V0792); the air combat loss die's threshold is a face of one die (V0793).
fn rolls(cx: &mut Context<'_>, air: &Air) {
    let f = cx.rules_file();
    if let Some(flak) = &air.flak {
        if let Some((count, _)) = readable(cx, &flak.dice, &flak.rule) {
            if flak.hit_at.value <= count {
                cx.push(
                    Diagnostic::error(
                        "V0792",
                        format!(
                            "flak hits at {}, which every roll of {} reaches",
                            flak.hit_at.value,
                            flak.dice.as_str()
                        ),
                    )
                    .at(f, flak.hit_at.span.clone(), "this threshold")
                    .rule_opt(rule_of(&flak.rule))
                    .help(format!(
                        "the lowest roll of {} is {count}; give the modified roll the rules say hits",
                        flak.dice.as_str()
                    )),
                );
            }
        }
    }
    if let Some(combat) = &air.air_combat {
        let Some((_, faces)) = readable(cx, &combat.dice, &combat.rule) else {
            return;
        };
        if let Some(loss) = combat
            .loss_at
            .as_ref()
            .filter(|l| !(1..=faces).contains(&l.value))
        {
            cx.push(
                Diagnostic::error(
                    "V0793",
                    format!(
                        "air combat loss die at {}, not a face of a d{faces}",
                        loss.value
                    ),
                )
                .at(f, loss.span.clone(), "this threshold")
                .rule_opt(rule_of(&combat.rule))
                .help(format!("give a face from 1 to {faces}")),
            );
        }
    }
}

/// The dice `NdF` with N and F at least 1, or V0791.
fn readable(
    cx: &mut Context<'_>,
    roll: &Sp<String>,
    rule: &Option<Sp<String>>,
) -> Option<(u32, u32)> {
    let read = dice(roll.as_str()).filter(|&(n, faces)| n >= 1 && faces >= 1);
    if read.is_none() {
        let f = cx.rules_file();
        cx.push(
            Diagnostic::error(
                "V0791",
                format!("air roll `{}` is not dice written as NdF", roll.as_str()),
            )
            .at(f, roll.span.clone(), "these dice")
            .rule_opt(rule_of(rule))
            .help("write the dice as count `d` faces, e.g. \"2d6\""),
        );
    }
    read
}
