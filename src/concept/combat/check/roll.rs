//! Checks of the combat roll: kinds of attack and their dice, roll modifiers, surprise, the AR.

use crate::concept::context::{duplicates, id_strs, ids, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::Sp;
use std::collections::BTreeMap;

/// Roll modifiers read declared counts.
pub(super) fn roll_modifiers(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let counts = id_strs(&combat.counts, |c| &c.id);
    for m in &combat.roll_modifiers {
        cx.reference(
            f,
            &m.count,
            "count",
            counts.iter().copied(),
            "[[combat.counts]]",
        );
    }
}

/// Kinds of attack: unique ids; a `die` that is an `[[other_dice]]`; every `attack_kinds` limit
/// names a kind; and a kind that rolls other dice than the combat dice finds CRT rows for them
/// (V0741), unless it says the sources lack them (`rows_known = false`).
pub(super) fn attack_kinds(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let combat = &r.combat;
    let f = cx.rules_file();
    duplicates(
        cx,
        f,
        "kind of attack",
        ids(&combat.attack_kinds, |k| &k.id),
    );
    let kinds = id_strs(&combat.attack_kinds, |k| &k.id);
    let dice = id_strs(&r.other_dice, |d| &d.id);
    let limits = combat
        .shifts
        .iter()
        .flat_map(|s| &s.attack_kinds)
        .chain(combat.attack_modifiers.iter().flat_map(|m| &m.attack_kinds))
        .chain(combat.declarations.iter().flat_map(|d| &d.attack_kinds));
    for k in limits {
        cx.reference(
            f,
            k,
            "kind of attack",
            kinds.iter().copied(),
            "[[combat.attack_kinds]]",
        );
    }
    for k in &combat.attack_kinds {
        let Some(die) = &k.die else { continue };
        if !cx.reference(f, die, "die", dice.iter().copied(), "[[other_dice]]") {
            continue;
        }
        let (count, faces) = crate::concept::combat::odds::dice_of(r, Some(k.id.as_str()));
        if !k.rows_known || (count, faces) == (r.dice.count, r.dice.faces) {
            continue;
        }
        let missing: Vec<u32> = (count..=count * faces)
            .filter(|roll| !combat.table.contains_key(&roll.to_string()))
            .collect();
        if combat.table_known && missing.is_empty() {
            continue;
        }
        let why = if combat.table_known {
            format!("the CRT has no row for its roll(s) {missing:?}")
        } else {
            "the CRT is unknown, and its known cells are rows of the combat dice".to_string()
        };
        cx.push(
            Diagnostic::error(
                "V0741",
                format!(
                    "kind of attack `{}` rolls {count}d{faces}, not the combat dice of [dice]: {why}",
                    k.id.as_str()
                ),
            )
            .at(f, die.span.clone(), "its own dice")
            .rule_opt(rule_of(&k.rule))
            .help("give the CRT rows of these dice, or set `rows_known = false` so every cell of this kind is unknown"),
        );
    }
}

/// The surprise check: its modifiers read counts, each known outcome names a kind of attack and a
/// word vmodc knows, and no kind and roll is given two outcomes (V0740).
pub(super) fn surprise(cx: &mut Context<'_>) {
    use crate::concept::combat::SurpriseOutcome;
    use crate::model::keyword::Keyword;
    let combat = &cx.game.rules.combat;
    let Some(surprise) = &combat.surprise else {
        return;
    };
    let f = cx.rules_file();
    let counts = id_strs(&combat.counts, |c| &c.id);
    for m in &surprise.modifiers {
        cx.reference(
            f,
            &m.count,
            "count",
            counts.iter().copied(),
            "[[combat.counts]]",
        );
    }
    let kinds = id_strs(&combat.attack_kinds, |k| &k.id);
    let words = SurpriseOutcome::words();
    let mut seen: BTreeMap<(&str, i32), &Sp<String>> = BTreeMap::new();
    for p in &surprise.known {
        cx.reference(
            f,
            &p.attack_kind,
            "kind of attack",
            kinds.iter().copied(),
            "[[combat.attack_kinds]]",
        );
        cx.reference(
            f,
            &p.outcome,
            "surprise outcome",
            words.iter().copied(),
            "vmodc's surprise check",
        );
        let key = (p.attack_kind.as_str(), p.roll.value);
        if let Some(first) = seen.insert(key, &p.outcome) {
            cx.push(
                Diagnostic::error(
                    "V0740",
                    format!(
                        "the surprise outcome of roll {} in `{}` is given twice (`{}` and `{}`)",
                        p.roll.value,
                        p.attack_kind.as_str(),
                        first.as_str(),
                        p.outcome.as_str()
                    ),
                )
                .at(f, p.roll.span.clone(), "given again")
                .rule_opt(rule_of(&p.rule))
                .help("keep one `[[combat.surprise.known]]` per kind of attack and roll"),
            );
        }
    }
}

/// `[combat.action_rating]`: its value is a printed value, its counts are counts, two different ones,
/// each read by a roll modifier (V0760: otherwise the marked units would change no roll).
pub(super) fn action_rating(cx: &mut Context<'_>) {
    let g = cx.game;
    let combat = &g.rules.combat;
    let Some(ar) = &combat.action_rating else {
        return;
    };
    let f = cx.rules_file();
    let values = g.counters.counters.value_names();
    cx.reference(
        f,
        &ar.value,
        "value",
        values.iter().copied(),
        "[counters] values",
    );
    let counts = id_strs(&combat.counts, |c| &c.id);
    for count in [&ar.attacker_count, &ar.defender_count] {
        if !cx.reference(
            f,
            count,
            "count",
            counts.iter().copied(),
            "[[combat.counts]]",
        ) {
            continue;
        }
        let read = combat
            .roll_modifiers
            .iter()
            .any(|m| m.count.as_str() == count.as_str());
        if !read {
            cx.push(
                Diagnostic::error(
                    "V0760",
                    format!("no roll modifier reads the AR count `{}`", count.as_str()),
                )
                .at(f, count.span.clone(), "the marked AR units would change no roll")
                .rule_opt(rule_of(&ar.rule))
                .help("add a `[[combat.roll_modifiers]]` entry with this count (per_point = 1 for the attacker's, -1 for the defender's)"),
            );
        }
    }
    if ar.attacker_count.as_str() == ar.defender_count.as_str() {
        cx.push(
            Diagnostic::error("V0760", "the AR counts of both sides are one count")
                .at(f, ar.defender_count.span.clone(), "the same as `attacker_count`")
                .rule_opt(rule_of(&ar.rule))
                .help("the difference in the attacker's favour and in the defender's need a count each"),
        );
    }
}
