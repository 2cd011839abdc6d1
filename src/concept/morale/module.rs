//! What morale chits add to the module: a hidden global property holding the drawn chit (nobody
//! sees it: no piece shows it), and three toolbar buttons on the victory report's host piece: draw
//! the chit at setup, the viewer's look (refused below its count), and the morale check roll. The
//! surrender check is part of the Victory report (`victory::module`).

use super::Morale;
use crate::concept::combat::module::count_property;
use crate::concept::module::{module_command, named, template, Global, NumericRange};
use crate::emit::xml::El;
use crate::i18n::Texts;
use crate::model::Game;
use crate::vassal::expression::{add, bin, cond, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Trait};

/// The global property holding the drawn chit, 1 to `chits` in data order; 0 before the draw.
pub const CHIT: &str = "MoraleChit";
/// The host piece's last morale check roll.
pub const CHECK_ROLL: &str = "MoraleCheckRoll";

const DRAW: &str = "DrawMoraleChit";
const SET_CHIT: &str = "SetMoraleChit";
const REPORT_DRAWN: &str = "ReportMoraleDrawn";
const REPORT_ALREADY: &str = "ReportMoraleAlready";
const LOOK: &str = "LookMoraleChit";
const CHECK: &str = "MoraleCheck";
const SET_ROLL: &str = "SetMoraleCheckRoll";
const REPORT_CHECK: &str = "ReportMoraleCheck";

/// The drawn chit's global property, for a game with morale chits.
pub fn globals(game: &Game) -> Vec<Global> {
    game.rules
        .morale
        .iter()
        .map(|m| Global {
            name: CHIT.into(),
            initial: "0".into(),
            description: format!("{} drawn (hidden; 0 = none yet)", m.name),
            numeric: Some(NumericRange {
                min: 0,
                max: i64::from(m.chits.value),
                wrap: false,
            }),
            changers: Vec::new(),
        })
        .collect()
}

/// The count the chit is compared with (a `[[combat.counts]]` global).
fn count(m: &Morale) -> Expr {
    prop(&count_property(&m.count))
}

/// The drawn chit's value, when the data gives the values (a branch per chit).
fn value(m: &Morale) -> Option<Expr> {
    if m.values.is_empty() {
        return None;
    }
    let mut e = int(0);
    for (i, v) in m.values.iter().enumerate().rev() {
        e = cond(
            eq(prop(CHIT), int(i as i64 + 1)),
            int(i64::from(v.value)),
            e,
        );
    }
    Some(e)
}

/// The placeholders every morale text may use.
fn vars(m: &Morale, tx: &Texts) -> Vec<(&'static str, Expr)> {
    let side = |id: &str| s(&tx.get(&format!("sides.{id}")));
    vec![
        ("chit", s(&tx.get("morale.name"))),
        ("side", side(&m.side)),
        ("viewer", m.viewer.as_ref().map_or(s(""), |v| side(v))),
        ("count", count(m)),
        (
            "count_name",
            s(&tx.get(&format!("counts.{}", m.count.as_str()))),
        ),
        (
            "from",
            m.view_from
                .as_ref()
                .map_or(s(""), |f| int(i64::from(f.value))),
        ),
        ("rule", s(m.rule.as_deref().map_or("", |r| r.as_str()))),
        ("redraw", s(&tx.get("morale.redraw"))),
        ("chits", int(i64::from(m.chits.value))),
        ("result", s(&tx.get("morale.result"))),
    ]
}

fn text(m: &Morale, tx: &Texts, key: &str, extra: &[(&'static str, Expr)]) -> Expr {
    let mut all = vars(m, tx);
    all.extend_from_slice(extra);
    template(tx, key, &all)
}

/// The surrender check, for the Victory report: the count against the drawn chit's value, or, while
/// the values are unknown, the count and what the players compare.
pub fn surrender_report(m: &Morale, tx: &Texts) -> Expr {
    let none = text(m, tx, "ui.report_morale_none", &[]);
    let body = match value(m) {
        None => text(m, tx, "ui.report_surrender_unknown", &[]),
        Some(v) => cond(
            bin(Op::Gt, count(m), v.clone()),
            text(m, tx, "ui.report_surrender", &[("value", v)]),
            text(m, tx, "ui.report_no_surrender", &[]),
        ),
    };
    cond(eq(prop(CHIT), int(0)), none, body)
}

/// Whether the side has surrendered: a chit is drawn and the count exceeds its value; `None` while
/// the values are unknown.
pub fn surrendered(m: &Morale) -> Option<Expr> {
    let v = value(m)?;
    Some(crate::vassal::expression::and(
        bin(Op::Ne, prop(CHIT), int(0)),
        bin(Op::Gt, count(m), v),
    ))
}

/// The viewer's look: refused below `view_from`; from it on, the value (or that the module does not
/// know it).
pub fn look_report(m: &Morale, tx: &Texts) -> Expr {
    let from = m
        .view_from
        .as_ref()
        .map_or(i64::MAX, |f| i64::from(f.value));
    let shown = match value(m) {
        None => text(m, tx, "ui.report_morale_value_unknown", &[]),
        Some(v) => text(m, tx, "ui.report_morale_shown", &[("value", v)]),
    };
    cond(
        eq(prop(CHIT), int(0)),
        text(m, tx, "ui.report_morale_none", &[]),
        cond(
            bin(Op::Ge, count(m), int(from)),
            shown,
            text(m, tx, "ui.report_morale_refused", &[]),
        ),
    )
}

/// The morale check's report for the roll in [`CHECK_ROLL`]: the row of the current count, or that
/// the sources give none.
pub fn check_report(m: &Morale, tx: &Texts) -> Expr {
    let Some(check) = &m.check else {
        return s("");
    };
    let roll = ("roll", prop(CHECK_ROLL));
    let extra = |more: Option<(&'static str, Expr)>| {
        let mut v = vec![
            roll.clone(),
            ("when", s(&tx.get("morale.check_when"))),
            (
                "max",
                check
                    .max_failures
                    .as_ref()
                    .map_or(s("?"), |x| int(i64::from(x.value))),
            ),
            (
                "check_rule",
                s(check.rule.as_deref().map_or("", |r| r.as_str())),
            ),
        ];
        v.extend(more);
        v
    };
    let mut e = text(m, tx, "ui.report_morale_row_unknown", &extra(None));
    for row in check.rows.iter().rev() {
        let [from, to] = row.fails.value;
        let fails = crate::vassal::expression::and(
            bin(Op::Ge, prop(CHECK_ROLL), int(i64::from(from))),
            bin(Op::Le, prop(CHECK_ROLL), int(i64::from(to))),
        );
        let outcome = cond(
            fails,
            text(
                m,
                tx,
                "ui.report_morale_failure",
                &extra(Some(("failure", s(&tx.get("morale.check_failure"))))),
            ),
            text(m, tx, "ui.report_morale_no_effect", &extra(None)),
        );
        e = cond(eq(count(m), int(i64::from(row.count.value))), outcome, e);
    }
    e
}

/// The traits of the piece that hosts the buttons (the victory report's host): the draw, the look
/// and the morale check.
pub fn host_traits(game: &Game, tx: &Texts) -> Vec<Trait> {
    let Some(m) = &game.rules.morale else {
        return Vec::new();
    };
    let drawn = Expr::Random(i64::from(m.chits.value.max(1)));
    let mut out = vec![
        pieces::trigger(
            "Draw the morale chit",
            &eq(prop(CHIT), int(0)).to_beanshell(),
            &[named(DRAW)],
            &[named(SET_CHIT), named(REPORT_DRAWN)],
        ),
        pieces::trigger(
            "Morale chit already drawn",
            &bin(Op::Ne, prop(CHIT), int(0)).to_beanshell(),
            &[named(DRAW)],
            &[named(REPORT_ALREADY)],
        ),
        pieces::set_global_property(
            CHIT,
            &[("", named(SET_CHIT), &drawn.to_beanshell())],
            "Drawn morale chit",
        ),
        pieces::report_with(
            &[named(REPORT_DRAWN)],
            &text(m, tx, "ui.report_morale_drawn", &[]).to_beanshell(),
            "Morale chit drawn",
            true,
        ),
        pieces::report_with(
            &[named(REPORT_ALREADY)],
            &text(m, tx, "ui.report_morale_already", &[]).to_beanshell(),
            "Morale chit already drawn",
            true,
        ),
    ];
    if m.viewer.is_some() {
        out.push(pieces::report_with(
            &[named(LOOK)],
            &look_report(m, tx).to_beanshell(),
            "Look at the morale chit",
            true,
        ));
    }
    if m.check.is_some() {
        let dice = &game.rules.dice;
        let roll = (0..dice.count.max(1))
            .map(|_| Expr::Random(i64::from(dice.faces)))
            .reduce(add)
            .unwrap_or(int(0));
        out.push(pieces::trigger(
            "Morale check",
            "",
            &[named(CHECK)],
            &[named(SET_ROLL), named(REPORT_CHECK)],
        ));
        out.push(pieces::report_with(
            &[named(REPORT_CHECK)],
            &check_report(m, tx).to_beanshell(),
            "Morale check",
            true,
        ));
        out.push(pieces::dynamic_property(
            CHECK_ROLL,
            &[("", named(SET_ROLL), &roll.to_beanshell())],
            "Morale check roll",
        ));
    }
    out
}

/// The toolbar buttons, sent to the host piece (`host` selects it).
pub fn buttons(game: &Game, tx: &Texts, host: &Expr) -> Vec<El> {
    let Some(m) = &game.rules.morale else {
        return Vec::new();
    };
    // Each button's label and tooltip are the catalog keys `ui.<name>` and `ui.<name>_tooltip`.
    let button = |name: &str, key| {
        let tooltip = tx.get(&format!("ui.{name}_tooltip"));
        module_command(&tx.get(&format!("ui.{name}")), &tooltip, key, host)
    };
    let mut out = vec![button("morale_draw", DRAW)];
    if m.viewer.is_some() {
        out.push(button("morale_look", LOOK));
    }
    if m.check.is_some() {
        out.push(button("morale_check", CHECK));
    }
    out
}
