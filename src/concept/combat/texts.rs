//! The texts of combat: the CRT's results, shifts and modifiers, the counts and declarations a
//! combat reads, and the interface texts of the combat commands, buttons, reports and the CRT chart.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    ("ui.attack", "Attack", "unit menu: mark as attacker"),
    ("ui.defend", "Defend", "unit menu: mark as defender"),
    ("ui.clear_mark", "Clear combat mark", "unit menu"),
    ("ui.resolve", "Resolve combat", "toolbar button"),
    (
        "ui.resolve_tooltip",
        "Roll for the battle declared with Attack/Defend and report odds, shifts and result",
        "toolbar button",
    ),
    ("ui.clear_combat", "Clear combat", "toolbar button"),
    ("ui.clear_combat_tooltip", "Remove every Attack/Defend mark", "toolbar button"),
    ("ui.report_attacker", "{piece} will attack", "chat: attack mark"),
    ("ui.report_defender", "{piece} in {location} is the defender", "chat: defend mark"),
    (
        "ui.report_combat_cleared",
        "{piece}: combat mark cleared",
        "chat: a unit's combat mark cleared",
    ),
    (
        "ui.report_combat",
        "Combat: {attackers} vs {defender}: {attack} vs {defence} → {odds}{capped}{shifts} → {final}, roll {roll} → {result} [rule {rule}]",
        "chat: combat result",
    ),
    ("ui.fire", "Fire", "unit menu: fire on a fixed column"),
    (
        "ui.unknown_cell",
        "unknown (the CRT cell is not in the sources)",
        "chat: combat result of a CRT cell the sources lack",
    ),
    (
        "ui.beyond_column",
        "beyond {column} (a column the sources do not give)",
        "chat: combat report, a column past the last one the sources give",
    ),
    (
        "ui.report_fire",
        "{unit} fires ({fire}): column {column}, {die} roll {roll} → {result}{removed} [rule {rule}]",
        "chat: a unit's fire on a fixed column",
    ),
    ("ui.fire_removed", "; the unit is removed", "chat: fire report, the firing unit is removed"),
    (
        "ui.fire_unknown_cell",
        "unknown (the CRT is not in the sources)",
        "chat: fire report, a CRT cell the sources lack",
    ),
    (
        "ui.report_combat_automatic",
        "Combat: {attackers} vs {defender}: {attack} vs 0 → {result} automatically, no roll [rule {rule}]",
        "chat: combat result of an attack on a defence of 0",
    ),
    ("ui.report_capped", " (capped, rule {rule})", "chat: combat result"),
    ("ui.report_shift", ", {shift} {value}", "chat: combat result, one column shift"),
    ("ui.below_column", "below {column}", "chat: combat odds below the table"),
    ("ui.chart_crt", "Combat Results Table", "chart"),
    ("ui.crt_result", "{code} — {name}: {effect}", "combat results table note"),
    (
        "ui.crt_odds",
        "Odds above {cap} are lowered to it before shifts; below {first} after shifts: {below}.",
        "combat results table note",
    ),
    (
        "ui.crt_odds_uncapped",
        "Odds between two columns are read on the lower one; below {first} after shifts: {below}.",
        "combat results table note of a table without a cap",
    ),
    ("ui.crt_shift", "{shift} column shift: {name}", "combat results table note"),
    ("ui.crt_modifier", "{name}: attack × {n}/{d}", "combat results table note"),
];

/// In games with kinds of attack (regular combat, overrun).
const ATTACK_KINDS: &[InterfaceText] = &[
    (
        "ui.attack_kind_tooltip",
        "Resolve the next combat as: {name}",
        "toolbar button tooltip: the kind of attack",
    ),
    (
        "ui.report_attack_kind",
        "Next combat: {name}",
        "chat: the kind of attack of the next combat",
    ),
    (
        "ui.report_in_kind",
        "[{kind}] {report}",
        "chat: a combat report led by its kind of attack",
    ),
];

/// In games with a surprise check.
const SURPRISE: &[InterfaceText] = &[
    ("ui.surprise_check", "Surprise check", "toolbar button"),
    (
        "ui.surprise_check_tooltip",
        "Roll the surprise check for the battle declared with Attack/Defend",
        "toolbar button tooltip",
    ),
    (
        "ui.report_surprise",
        "Surprise check [{kind}]: {attackers} vs {defender}: roll {roll} {modifier} = {modified} → {outcome} [rule {rule}]",
        "chat: the surprise check",
    ),
    (
        "ui.report_combat_surprise",
        "; surprise check {modified} → {outcome}",
        "chat: combat report, the surprise check made for it",
    ),
    (
        "ui.surprise_attacker",
        "attacker surprise: roll 1d6 for the columns right",
        "chat: surprise check outcome",
    ),
    (
        "ui.surprise_defender",
        "defender surprise: roll 1d6 for the columns left",
        "chat: surprise check outcome",
    ),
    ("ui.surprise_none", "no surprise", "chat: surprise check outcome"),
    (
        "ui.surprise_unknown",
        "unknown (the Surprise table is not in the sources)",
        "chat: surprise check outcome",
    ),
];

/// In games where a defender's state or a bonus changes its defence.
const DEFENCE_STATE: &[InterfaceText] = &[(
    "ui.report_defence_state",
    "; defence changed by:{modifiers}",
    "chat: combat report, the defender's states that changed its defence",
)];

/// In games where the action ratings of the units in a combat shift its column.
const ACTION_RATING: &[InterfaceText] = &[
    ("ui.use_ar", "Use this unit's AR", "unit menu: pick the unit whose AR its side uses"),
    (
        "ui.report_ar_unit",
        "{piece} gives its side's AR ({ar} in its mode)",
        "chat: a unit picked as its side's AR unit",
    ),
    (
        "ui.report_ar_unit_off",
        "{piece} no longer gives its side's AR",
        "chat: a unit no longer its side's AR unit",
    ),
    (
        "ui.report_ar_units",
        "; AR of the marked units: {attacker} − {defender}; the first step loss of each side goes to its AR unit [rule {rule}]",
        "chat: combat report, the AR difference from the units each side picked",
    ),
    (
        "ui.report_ar_counts",
        "; AR from the toolbar counts (a side marked no AR unit) [rule {rule}]",
        "chat: combat report, the AR difference from the toolbar counts",
    ),
];

/// In games with counts the column shifts read.
const COUNTS: &[InterfaceText] = &[
    ("ui.count_up", "{name} +1", "toolbar button: raise a count"),
    (
        "ui.count_down",
        "{name} −1",
        "toolbar button: lower a count",
    ),
    (
        "ui.count_tooltip",
        "{name}: the column shifts of the next combat read it",
        "toolbar button tooltip",
    ),
    (
        "ui.report_count",
        "{name}: $newValue$",
        "chat: a count changed",
    ),
];

/// In games with declarations the column shifts read.
const DECLARATIONS: &[InterfaceText] = &[
    (
        "ui.declare",
        "Declare: {name}",
        "toolbar button: make a declaration",
    ),
    (
        "ui.cancel_declaration",
        "Cancel: {name}",
        "toolbar button: cancel a declaration",
    ),
    (
        "ui.declaration_tooltip",
        "{name}: the column shifts of the next combat read it; cancel it after the combat",
        "toolbar button tooltip",
    ),
    (
        "ui.report_declared",
        "{name}: declared",
        "chat: a declaration made",
    ),
    (
        "ui.report_cancelled",
        "{name}: cancelled",
        "chat: a declaration cancelled",
    ),
];

/// Every interface text of combat.
pub(crate) fn interface_texts(out: &mut Entries) {
    for texts in [
        ATTACK_KINDS,
        SURPRISE,
        DEFENCE_STATE,
        ACTION_RATING,
        COUNTS,
        DECLARATIONS,
        INTERFACE,
    ] {
        out.add_interface(texts);
    }
}

/// The CRT: below-table result, results, shifts and attack modifiers; what a combat reads; and the
/// interface texts.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    let r = &game.rules;
    out.add(
        "combat.below_table".into(),
        &r.combat.below_table,
        "chat: combat result, CRT chart",
    );
    for res in &r.combat.results {
        out.add(
            format!("results.{}", res.code.as_str()),
            &res.name,
            "combat results table",
        );
        out.add(
            format!("result_effects.{}", res.code.as_str()),
            &res.effect,
            "combat results table",
        );
    }
    out.add_each(
        "shifts",
        &r.combat.shifts,
        |sh| (sh.id.as_str(), &sh.name),
        "chat: combat result, CRT chart",
    );
    for m in &r.combat.attack_modifiers {
        out.add(format!("modifiers.{}", m.id.as_str()), &m.name, "CRT chart");
    }
    out.add_each(
        "strength_modifiers",
        &r.combat.strength_modifiers,
        |m| (m.id.as_str(), &m.name),
        "chat: combat result, a defender's state that changed its strength",
    );
    out.add_each(
        "defence_bonuses",
        &r.combat.defence_bonuses,
        |b| (b.id.as_str(), &b.name),
        "chat: combat result, a bonus added to the defence",
    );
    input_entries(game, out);
    out.add_interface(INTERFACE);
}

/// The counts and declarations a combat reads, and the toolbar buttons that set them, in games that
/// have them.
fn input_entries(game: &Game, out: &mut Entries) {
    let combat = &game.rules.combat;
    out.add_each(
        "counts",
        &combat.counts,
        |c| (c.id.as_str(), &c.name),
        "toolbar buttons and chat: a count column shifts read",
    );
    out.add_each(
        "declarations",
        &combat.declarations,
        |d| (d.id.as_str(), &d.name),
        "toolbar buttons and chat: a declaration column shifts read",
    );
    out.add_each(
        "attack_kinds",
        &combat.attack_kinds,
        |k| (k.id.as_str(), &k.name),
        "toolbar button and chat: a kind of attack (regular combat, overrun)",
    );
    if !combat.attack_kinds.is_empty() {
        out.add_interface(ATTACK_KINDS);
    }
    if combat.surprise.is_some() {
        out.add_interface(SURPRISE);
    }
    if !combat.strength_modifiers.is_empty() || !combat.defence_bonuses.is_empty() {
        out.add_interface(DEFENCE_STATE);
    }
    if combat.action_rating.is_some() {
        out.add_interface(ACTION_RATING);
    }
    if !combat.counts.is_empty() {
        out.add_interface(COUNTS);
    }
    if !combat.declarations.is_empty() {
        out.add_interface(DECLARATIONS);
    }
}
