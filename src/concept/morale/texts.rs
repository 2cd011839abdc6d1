//! The texts of morale chits: their data texts, the buttons and their reports, and the surrender
//! check of the Victory report.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const CHITS: &[InterfaceText] = &[
    ("ui.morale_draw", "Draw morale chit", "toolbar button"),
    (
        "ui.morale_draw_tooltip",
        "At setup: draw one chit at random from the cup into its box, face down",
        "toolbar button",
    ),
    (
        "ui.report_morale_drawn",
        "{chit}: one of {chits} drawn at random into {box}, face down (rule {rule}); nobody sees its value",
        "chat: morale chit drawn",
    ),
    (
        "ui.report_morale_already",
        "{chit}: already drawn; the module draws only once. Redraw: {redraw}",
        "chat: morale chit already drawn",
    ),
    ("ui.morale_look", "Look at morale chit", "toolbar button"),
    (
        "ui.morale_look_tooltip",
        "The viewing side's player looks at the drawn chit, if the count allows it: it is shown to that side only",
        "toolbar button",
    ),
    (
        "ui.report_morale_none",
        "{chit}: none drawn yet (Draw morale chit). ",
        "chat: morale chit reports",
    ),
    (
        "ui.report_morale_refused",
        "{chit}: refused: {count} {count_name}; {viewer} may look from {from} on (rule {rule})",
        "chat: morale chit look refused",
    ),
    (
        "ui.report_morale_refused_side",
        "{chit}: refused: only {viewer} may look (rule {rule}); you play {player}",
        "chat: morale chit look refused",
    ),
    (
        "ui.report_morale_shown",
        "{chit}: shown to {viewer} only ({count} {count_name}, rule {rule}): the chit in {box} shows its value to that side",
        "chat: morale chit shown",
    ),
    (
        "ui.report_morale_value_unknown",
        "{chit}: shown to {viewer} only ({count} {count_name}, rule {rule}); the chit values are not in the rules data, so its back shows ?: read the printed counter",
        "chat: morale chit shown",
    ),
    (
        "ui.report_surrender",
        "Surrender (rule {rule}): {count} {count_name} exceed the {chit} value {value}: {side} surrenders: {result}",
        "chat: victory report",
    ),
    (
        "ui.report_no_surrender",
        "No surrender (rule {rule}): {count} {count_name} do not exceed the {chit}. ",
        "chat: victory report",
    ),
    (
        "ui.report_surrender_unknown",
        "Surrender (rule {rule}): {count} {count_name}; the {chit} values are unknown to the module: {side} surrenders if this count exceeds the value on the chit ({result}). ",
        "chat: victory report",
    ),
    ("ui.morale_check", "Morale check", "toolbar button"),
    (
        "ui.morale_check_tooltip",
        "Roll the morale check for the current count",
        "toolbar button",
    ),
    (
        "ui.report_morale_failure",
        "Morale check (rule {check_rule}), {count} {count_name}: roll {roll}: failure: {failure} (at most {max} per game)",
        "chat: morale check",
    ),
    (
        "ui.report_morale_no_effect",
        "Morale check (rule {check_rule}), {count} {count_name}: roll {roll}: no effect",
        "chat: morale check",
    ),
];

/// In games where a side may demand a new chit.
const REDRAW: &[InterfaceText] = &[
    ("ui.morale_redraw", "Redraw morale chit", "toolbar button"),
    (
        "ui.morale_redraw_tooltip",
        "The viewing side demands a new chit: the old one is set aside unseen, a new one is drawn and shown to that side only",
        "toolbar button",
    ),
    (
        "ui.report_morale_redraw_refused",
        "{chit}: redraw refused: {count} {count_name}; {viewer} may demand it from {redraw_from} on",
        "chat: morale chit redraw",
    ),
    (
        "ui.report_morale_redrawn",
        "{chit}: redrawn ({count} {count_name}): the old chit lies in {set_aside}, unseen; a new one in {box} is shown to {viewer} only. The players judge the rest: {redraw}",
        "chat: morale chit redraw",
    ),
];

/// In games whose chits are drawn from a cup.
const CUP: &[InterfaceText] = &[(
    "ui.report_morale_not_in_cup",
    "{chit}: chit {picked} is not in the cup (drawn before, or set aside): press Draw morale chit again",
    "chat: morale chit drawn",
)];

/// In games with a morale check table.
const CHECK: &[InterfaceText] = &[(
    "ui.report_morale_row_unknown",
    "Morale check (rule {check_rule}), {count} {count_name}: roll {roll}: the table's row for this count is not in the rules data: read the printed table",
    "chat: morale check",
)];

/// Every interface text of morale chits.
pub(crate) fn interface_texts(out: &mut Entries) {
    for texts in [CHITS, REDRAW, CUP, CHECK] {
        out.add_interface(texts);
    }
}

/// Morale chits: their data texts, the buttons and their reports, and the surrender check of the
/// Victory report.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    let Some(m) = &game.rules.morale else {
        return;
    };
    out.add("morale.name".into(), &m.name, "chat: morale chit reports");
    out.add(
        "morale.redraw".into(),
        &m.redraw,
        "chat: morale chit already drawn",
    );
    out.add(
        "morale.result".into(),
        &m.result,
        "chat: victory report, surrender",
    );
    for b in m.boxes() {
        out.add(format!("boxes.{}", crate::slug::slug(b)), b, "off-map box");
    }
    out.add_interface(CHITS);
    if m.redraw_from.is_some() && m.set_aside.is_some() {
        out.add_interface(REDRAW);
    }
    if m.cup.is_some() {
        out.add_interface(CUP);
    }
    if let Some(check) = &m.check {
        out.add(
            "morale.check_when".into(),
            &check.when,
            "chat: morale check",
        );
        out.add(
            "morale.check_failure".into(),
            &check.failure,
            "chat: morale check",
        );
        out.add_interface(CHECK);
    }
}
