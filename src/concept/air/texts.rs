//! The texts of air units: their kinds, and the count and roll buttons of flak and air combat with
//! their chat lines.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

/// Where a count button's label appears.
const COUNT: &str = "toolbar button: a count the air rolls read";

const COUNTS: &[InterfaceText] = &[(
    "ui.report_air_count",
    "{name}: $newValue$",
    "chat: an air count changed",
)];

const FLAK: &[InterfaceText] = &[
    ("ui.air_aa_points", "AA points", COUNT),
    (
        "ui.air_aa_points_tooltip",
        "The AA points affecting the mission (from the Flak/AA chart, which the sources lack)",
        "toolbar button tooltip",
    ),
    ("ui.flak", "Flak", "toolbar button"),
    (
        "ui.flak_tooltip",
        "Roll flak against the mission: the dice plus the AA points",
        "toolbar button tooltip",
    ),
    (
        "ui.report_flak",
        "Flak ({dice}): {roll} + AA points {aa} = {modified} → {outcome} (a hit at {hit_at} or more; the AA points come from the Flak/AA chart, which the sources lack) [rule {rule}]",
        "chat: flak report",
    ),
    ("ui.flak_hit", "hit: the mission loses 1 step", "chat: flak report"),
    ("ui.flak_no_effect", "no effect", "chat: flak report"),
];

const AIR_COMBAT: &[InterfaceText] = &[
    ("ui.air_attacker", "Attacker air strength", COUNT),
    (
        "ui.air_attacker_tooltip",
        "The air strength of the attacking air unit in this round of air combat",
        "toolbar button tooltip",
    ),
    ("ui.air_defender", "Defender air strength", COUNT),
    (
        "ui.air_defender_tooltip",
        "The air strength of the defending air unit in this round of air combat",
        "toolbar button tooltip",
    ),
    ("ui.air_combat", "Air combat", "toolbar button"),
    (
        "ui.air_combat_tooltip",
        "Roll air combat: the dice plus the attacker's air strength minus the defender's",
        "toolbar button tooltip",
    ),
    (
        "ui.report_air_combat",
        "Air combat ({dice}): {roll} + attacker {attacker} − defender {defender} = {modified}; the Air Combat Table is missing from the sources, so which unit aborts is unknown{loss} [rule {rule}]",
        "chat: air combat report",
    ),
    (
        "ui.air_combat_loss",
        "; then roll one die: {loss_at} or more → each aborted unit loses 1 step",
        "chat: air combat report",
    ),
    (
        "ui.air_combat_loss_unknown",
        "; whether an aborted unit loses a step is unknown",
        "chat: air combat report",
    ),
];

/// Every interface text of air units.
pub(crate) fn interface_texts(out: &mut Entries) {
    for texts in [COUNTS, FLAK, AIR_COMBAT] {
        out.add_interface(texts);
    }
}

/// The air kinds, the count and roll buttons and their chat lines, in games with `[air]`.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    let Some(air) = &game.rules.air else {
        return;
    };
    out.add_each(
        "air_kinds",
        &air.kinds,
        |k| (k.id.as_str(), &k.name),
        "rules help: a kind of air unit",
    );
    out.add_interface(COUNTS);
    if air.flak.is_some() {
        out.add_interface(FLAK);
    }
    if air.air_combat.is_some() {
        out.add_interface(AIR_COMBAT);
    }
}
