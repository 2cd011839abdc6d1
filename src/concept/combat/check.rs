//! Checks of combat: the CRT (columns, cap, rows, result codes, reversals), column shifts, attack
//! modifiers, automatic results and known cells, and what the sources lack of the table. The checks
//! live in `check/` by what they check; this file runs them in order and keeps the few that stand
//! alone (unique ids, the result grammar, fixed fire).

mod automatic;
mod crt;
mod differential;
mod roll;
mod shifts;
mod strength;
mod unknown_crt;

use crate::concept::context::{duplicates, id_strs, ids, Context};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use automatic::automatic_results;
use crt::{combat_kind_and_columns, crt_table};
use roll::{action_rating, attack_kinds, roll_modifiers, surprise};
use shifts::{counts_and_declarations, shift_attacker_conditions, shift_defender_targets};
use strength::{attack_modifiers, defence_bonuses, strength_modifiers};
use unknown_crt::{crt_gaps, known_cells};

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    combat_ids_unique(cx);
    shift_defender_targets(cx);
    attack_modifiers(cx);
    combat_kind_and_columns(cx);
    crt_table(cx);
    shift_attacker_conditions(cx);
    counts_and_declarations(cx);
    automatic_results(cx);
    fixed_fire(cx);
    roll_modifiers(cx);
    result_spelling(cx);
    attack_kinds(cx);
    surprise(cx);
    known_cells(cx);
    crt_gaps(cx);
    action_rating(cx);
    strength_modifiers(cx);
    defence_bonuses(cx);
}

/// Result codes, shift ids and attack modifier ids are unique; the city kinds a result's
/// `applies` names exist.
fn combat_ids_unique(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let f = cx.rules_file();
    let city_kinds: Vec<&str> = r.city_kinds.iter().map(|k| k.id.as_str()).collect();
    for result in &r.combat.results {
        let named = result.applies.iter().flat_map(|a| &a.step_instead_of_retreat_in);
        for kind in named {
            let known = city_kinds.iter().copied();
            cx.reference(f, kind, "city kind", known, "[[city_kinds]] of rules/*.toml");
        }
    }
    duplicates(cx, f, "combat result", ids(&r.combat.results, |s| &s.code));
    duplicates(cx, f, "column shift", ids(&r.combat.shifts, |s| &s.id));
    duplicates(cx, f, "count", ids(&r.combat.counts, |c| &c.id));
    duplicates(cx, f, "declaration", ids(&r.combat.declarations, |d| &d.id));
    duplicates(
        cx,
        f,
        "attack modifier",
        ids(&r.combat.attack_modifiers, |s| &s.id),
    );
    duplicates(
        cx,
        f,
        "strength modifier",
        ids(&r.combat.strength_modifiers, |s| &s.id),
    );
    duplicates(
        cx,
        f,
        "defence bonus",
        ids(&r.combat.defence_bonuses, |s| &s.id),
    );
}

/// With a result grammar, every result code parses with it (each part a letter and a number, or a
/// word; one of the two per part).
fn result_spelling(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let Some(grammar) = &combat.result_grammar else {
        return;
    };
    for part in &grammar.parts {
        if part.letter.is_some() == part.word.is_some() {
            cx.push(
                Diagnostic::error(
                    "V0735",
                    format!("the result part `{}` needs a `letter` or a `word`, one of the two", part.means),
                )
                .in_file(cx.sources.path(f))
                .help("a part is a letter followed by a number (`letter = \"L\"`) or a whole word (`word = \"DG\"`)"),
            );
        }
    }
    for r in &combat.results {
        if let Err(why) = crate::concept::combat::grammar::parse(grammar, &r.code) {
            cx.push(
                Diagnostic::error("V0735", format!("result `{}` does not follow the result grammar: {why}", r.code.as_str()))
                    .at(f, r.code.span.clone(), "not in the grammar")
                    .rule_opt(rule_of(&grammar.rule))
                    .help("spell it with the sides' prefixes and the parts of [combat.result_grammar], or add the part there"),
            );
        }
    }
}

/// Fire on a fixed column names unit types, a column and dice the data declares; ids are unique.
fn fixed_fire(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.rules_file();
    duplicates(cx, f, "fire", ids(&g.rules.combat.fire, |x| &x.id));
    let types = id_strs(&g.counters.types, |t| &t.id);
    let columns = id_strs(&g.rules.combat.columns, |c| c);
    let dice = id_strs(&g.rules.other_dice, |d| &d.id);
    for fire in &g.rules.combat.fire {
        for t in &fire.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                types.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        cx.reference(
            f,
            &fire.column,
            "CRT column",
            columns.iter().copied(),
            "[combat] columns",
        );
        if let Some(d) = &fire.die {
            cx.reference(f, d, "die", dice.iter().copied(), "[[other_dice]]");
        }
    }
}
