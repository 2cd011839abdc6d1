//! What morale chits add to the module: the chits as pieces, shuffled face down in a cup (a draw
//! pile on the turn track) and masked to every player (a VASSAL Mask owned by nobody); the count
//! they are compared with, read from the board (the markers on the track's box); and toolbar buttons
//! on the victory report's host piece: draw a chit at random into its box, the viewer's look
//! (refused below its count or to the other side, else the chit is handed to the viewing side, whose
//! players alone then see its back), and the morale check roll. The surrender check is part of the
//! Victory report (`victory::module`).

use super::Morale;
use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::concept::module::count_property;
use crate::concept::module::MARKER_ID;
use crate::concept::module::{module_command, named, template, Global, NumericRange};
use crate::concept::plan::{self, box_region, Plan};
use crate::i18n::Texts;
use crate::model::spanned::Sp;
use crate::vassal::expression::{
    add, and, any, bin, cond, eq, int, prop, s, Expr, Op, CURRENT_MAP, LOCATION_NAME,
};
use crate::vassal::traits::{self as pieces, Key, Piece, Trait};
use crate::vassal::xml::El;

/// The global property holding the number of the chit the last draw picked, 1 to `chits`; 0 before
/// the first draw. The chit itself is a piece: which one lies in the box is what counts.
pub const CHIT: &str = "MoraleChit";
/// Each chit piece's number, 1 to `chits` (what a draw picks by).
pub const CHIT_NUMBER: &str = "MoraleChitNumber";
/// Each chit piece's value, when the data gives the values.
pub const CHIT_VALUE: &str = "MoraleChitValue";
/// The host piece's last morale check roll.
pub const CHECK_ROLL: &str = "MoraleCheckRoll";

const DRAW: &str = "DrawMoraleChit";
const SET_CHIT: &str = "SetMoraleChit";
const SEND_PICKED: &str = "SendPickedMoraleChit";
const PICK: &str = "PickMoraleChit";
/// What a chit piece does on it: go to the drawn chit's box.
const TO_BOX: &str = "MoraleChitToBox";
const REPORT_DRAWN: &str = "ReportMoraleDrawn";
const REPORT_ALREADY: &str = "ReportMoraleAlready";
const LOOK: &str = "LookMoraleChit";
const SHOW: &str = "ShowMoraleChit";
/// What a chit piece does on it: its Mask hands it to the viewing side (VASSAL's "deal").
const DEAL: &str = "DealMoraleChit";
const REDRAW: &str = "RedrawMoraleChit";
const DO_REDRAW: &str = "DoRedrawMoraleChit";
const SET_ASIDE_OLD: &str = "SetAsideOldMoraleChit";
/// What a chit piece does on it: go to the set-aside box.
const TO_SET_ASIDE: &str = "MoraleChitSetAside";
const CHECK: &str = "MoraleCheck";
const SET_ROLL: &str = "SetMoraleCheckRoll";
const REPORT_CHECK: &str = "ReportMoraleCheck";

/// The picked chit's global property, for a game with morale chits.
pub fn globals(game: &Game) -> Vec<Global> {
    game.rules
        .morale
        .iter()
        .map(|m| Global {
            name: CHIT.into(),
            initial: "0".into(),
            description: format!("{}: number of the chit last drawn (0 = none yet)", m.name),
            numeric: Some(NumericRange {
                min: 0,
                max: i64::from(m.chits.value),
                wrap: false,
            }),
            changers: Vec::new(),
        })
        .collect()
}

/// The pieces of one box of the turn track that match `filter` (`CountLocation`).
fn in_box(tx: &Texts, box_name: &str, filter: Expr) -> Expr {
    Expr::CountLocation {
        location: box_region(tx, box_name),
        map: tx.get("ui.turn_track"),
        filter: Box::new(filter),
    }
}

/// The filter of a box's pieces for `Sum`, which has no location argument.
fn located_in(tx: &Texts, box_name: &str) -> Expr {
    and(
        eq(prop(LOCATION_NAME), s(&box_region(tx, box_name))),
        eq(prop(CURRENT_MAP), s(&tx.get("ui.turn_track"))),
    )
}

fn is_marker(id: &str) -> Expr {
    eq(prop(MARKER_ID), s(id))
}

/// The count `count_id` read from the board: the track markers on the track's box, when the data
/// says the count is kept there (`track`); `None` for a count kept with toolbar buttons.
pub fn board_count(game: &Game, tx: &Texts, count_id: &str) -> Option<Expr> {
    let m = game.rules.morale.as_ref()?;
    let track = m.track.as_ref().filter(|_| m.count.as_str() == count_id)?;
    let markers = m.track_markers.iter().map(|k| is_marker(k)).collect();
    Some(in_box(tx, track, any(markers)))
}

/// How the module reads the `[[combat.counts]]` `count_id`: from the board when the data keeps it
/// on a track, else the global property its toolbar buttons set.
pub fn count_reading(game: &Game, tx: &Texts, count_id: &str) -> Expr {
    board_count(game, tx, count_id).unwrap_or_else(|| prop(&count_property(count_id)))
}

/// The count the chit is compared with.
fn count(game: &Game, m: &Morale, tx: &Texts) -> Expr {
    count_reading(game, tx, &m.count)
}

/// Whether a chit lies in the drawn chit's box; without chit pieces, whether one was drawn.
fn drawn(m: &Morale, tx: &Texts) -> Expr {
    match (&m.chit_marker, &m.drawn_box) {
        (Some(chit), Some(b)) => bin(Op::Gt, in_box(tx, b, is_marker(chit)), int(0)),
        _ => bin(Op::Ne, prop(CHIT), int(0)),
    }
}

/// The drawn chit's value, when the data gives the values: the value of the chit piece in the box,
/// or, without chit pieces, of the chit the draw picked (a branch per chit).
fn value(m: &Morale, tx: &Texts) -> Option<Expr> {
    if m.values.is_empty() {
        return None;
    }
    if let (Some(chit), Some(b)) = (&m.chit_marker, &m.drawn_box) {
        let filter = and(is_marker(chit), located_in(tx, b));
        return Some(Expr::Sum(CHIT_VALUE.into(), Box::new(filter)));
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

/// The viewing side's name in the module (the roster's side, what `PlayerSide` reads): the side's
/// name in the data, the same in every language (`Plan::side_id`, docs/identity.md).
fn viewer_name(game: &Game, m: &Morale) -> Option<String> {
    let viewer = m.viewer.as_ref()?;
    game.rules
        .sides
        .iter()
        .find(|s| s.id.as_str() == viewer.as_str())
        .map(|s| s.name.clone())
}

/// The placeholders every morale text may use.
fn vars(game: &Game, m: &Morale, tx: &Texts) -> Vec<(&'static str, Expr)> {
    let side = |id: &str| s(&tx.get(&format!("sides.{id}")));
    vec![
        ("chit", s(&tx.get("morale.name"))),
        ("side", side(&m.side)),
        ("viewer", m.viewer.as_ref().map_or(s(""), |v| side(v))),
        ("count", count(game, m, tx)),
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
        (
            "box",
            s(&m.drawn_box
                .as_ref()
                .map_or(String::new(), |b| box_region(tx, b))),
        ),
        ("player", prop("PlayerSide")),
    ]
}

fn text(game: &Game, m: &Morale, tx: &Texts, key: &str, extra: &[(&'static str, Expr)]) -> Expr {
    let mut all = vars(game, m, tx);
    all.extend_from_slice(extra);
    template(tx, key, &all)
}

/// The surrender check, for the Victory report: the count against the drawn chit's value, or, while
/// the values are unknown, the count and what the players compare.
pub fn surrender_report(game: &Game, m: &Morale, tx: &Texts) -> Expr {
    let none = text(game, m, tx, "ui.report_morale_none", &[]);
    let body = match value(m, tx) {
        None => text(game, m, tx, "ui.report_surrender_unknown", &[]),
        Some(v) => cond(
            bin(Op::Gt, count(game, m, tx), v.clone()),
            text(game, m, tx, "ui.report_surrender", &[("value", v)]),
            text(game, m, tx, "ui.report_no_surrender", &[]),
        ),
    };
    cond(drawn(m, tx), body, none)
}

/// Whether the side has surrendered: a chit is drawn and the count exceeds its value; `None` while
/// the values are unknown.
pub fn surrendered(game: &Game, m: &Morale, tx: &Texts) -> Option<Expr> {
    let v = value(m, tx)?;
    Some(and(drawn(m, tx), bin(Op::Gt, count(game, m, tx), v)))
}

/// Whether the viewer may look now: a chit is drawn, the count has reached `view_from`, and the
/// player pressing the button plays the viewing side (`PlayerSide`).
pub fn look_allowed(game: &Game, m: &Morale, tx: &Texts) -> Expr {
    viewer_may_act(game, m, tx, from_count(&m.view_from))
}

/// Whether a chit is drawn, the count has reached `from`, and the player pressing the button plays
/// the viewing side (`PlayerSide`): what both the look and the redraw need.
fn viewer_may_act(game: &Game, m: &Morale, tx: &Texts, from: i64) -> Expr {
    let side = viewer_name(game, m).unwrap_or_default();
    and(
        and(drawn(m, tx), bin(Op::Ge, count(game, m, tx), int(from))),
        eq(prop("PlayerSide"), s(&side)),
    )
}

/// The count from which a viewer's action is allowed; never, when the data gives none.
fn from_count(from: &Option<crate::model::Sp<u32>>) -> i64 {
    from.as_ref().map_or(i64::MAX, |f| i64::from(f.value))
}

/// The viewer's look: refused before the draw, below `view_from` and to a player of another side;
/// else the chit is shown to the viewing side alone (its value never goes to the chat, which both
/// sides read).
pub fn look_report(game: &Game, m: &Morale, tx: &Texts) -> Expr {
    let from = from_count(&m.view_from);
    let shown = if m.values.is_empty() {
        text(game, m, tx, "ui.report_morale_value_unknown", &[])
    } else {
        text(game, m, tx, "ui.report_morale_shown", &[])
    };
    let side = viewer_name(game, m).unwrap_or_default();
    cond(
        drawn(m, tx),
        cond(
            bin(Op::Lt, count(game, m, tx), int(from)),
            text(game, m, tx, "ui.report_morale_refused", &[]),
            cond(
                eq(prop("PlayerSide"), s(&side)),
                shown,
                text(game, m, tx, "ui.report_morale_refused_side", &[]),
            ),
        ),
        text(game, m, tx, "ui.report_morale_none", &[]),
    )
}

/// Whether the viewer may have the chit redrawn now: a chit is drawn, the count has reached
/// `redraw_from`, and the player pressing the button plays the viewing side.
pub fn redraw_allowed(game: &Game, m: &Morale, tx: &Texts) -> Expr {
    viewer_may_act(game, m, tx, from_count(&m.redraw_from))
}

/// The redraw's report: refused before the draw, below `redraw_from` and to a player of another
/// side; else what was done and the conditions the players must judge.
pub fn redraw_report(game: &Game, m: &Morale, tx: &Texts) -> Expr {
    let from = from_count(&m.redraw_from);
    let vars = [
        ("redraw_from", int(from)),
        (
            "set_aside",
            s(&m.set_aside
                .as_ref()
                .map_or(String::new(), |b| box_region(tx, b))),
        ),
    ];
    let side = viewer_name(game, m).unwrap_or_default();
    cond(
        drawn(m, tx),
        cond(
            bin(Op::Lt, count(game, m, tx), int(from)),
            text(game, m, tx, "ui.report_morale_redraw_refused", &vars),
            cond(
                eq(prop("PlayerSide"), s(&side)),
                text(game, m, tx, "ui.report_morale_redrawn", &vars),
                text(game, m, tx, "ui.report_morale_refused_side", &vars),
            ),
        ),
        text(game, m, tx, "ui.report_morale_none", &vars),
    )
}

/// The redraw (with chit pieces and `redraw_from`): the chit in the box is set aside, a new one is
/// drawn from the cup and dealt to the viewing side at once.
fn redraw_traits(game: &Game, m: &Morale, tx: &Texts) -> Vec<Trait> {
    let (Some(b), Some(_), Some(_)) = (&m.drawn_box, &m.redraw_from, &m.set_aside) else {
        return Vec::new();
    };
    vec![
        pieces::report_with(
            &[named(REDRAW)],
            &redraw_report(game, m, tx).to_beanshell(),
            "Redraw the morale chit",
            true,
        ),
        pieces::trigger(
            "Redraw when allowed",
            &redraw_allowed(game, m, tx).to_beanshell(),
            &[named(REDRAW)],
            &[named(DO_REDRAW)],
        ),
        pieces::trigger(
            "Set the old chit aside, draw and show the new one",
            "",
            &[named(DO_REDRAW)],
            &[
                named(SET_ASIDE_OLD),
                named(PICK),
                named(SEND_PICKED),
                named(SHOW),
            ],
        ),
        pieces::global_key(
            named(SET_ASIDE_OLD),
            named(TO_SET_ASIDE),
            &chits_in(m, tx, b).to_beanshell(),
            "Set the drawn chit aside",
        ),
    ]
}

/// The morale check's report for the roll in [`CHECK_ROLL`]: the row of the current count, or that
/// the sources give none.
pub fn check_report(game: &Game, m: &Morale, tx: &Texts) -> Expr {
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
    let mut e = text(game, m, tx, "ui.report_morale_row_unknown", &extra(None));
    for row in check.rows.iter().rev() {
        let [from, to] = row.fails.value;
        let fails = and(
            bin(Op::Ge, prop(CHECK_ROLL), int(i64::from(from))),
            bin(Op::Le, prop(CHECK_ROLL), int(i64::from(to))),
        );
        let outcome = cond(
            fails,
            text(
                game,
                m,
                tx,
                "ui.report_morale_failure",
                &extra(Some(("failure", s(&tx.get("morale.check_failure"))))),
            ),
            text(game, m, tx, "ui.report_morale_no_effect", &extra(None)),
        );
        e = cond(
            eq(count(game, m, tx), int(i64::from(row.count.value))),
            outcome,
            e,
        );
    }
    e
}

/// The filter of the chit pieces in `box_name`, for a global key command.
fn chits_in(m: &Morale, tx: &Texts, box_name: &str) -> Expr {
    let chit = m.chit_marker.as_ref().map_or("", |c| c.as_str());
    and(is_marker(chit), located_in(tx, box_name))
}

/// Whether the draw must pick again: the picked chit is not in the cup, and the cup holds one.
pub fn pick_again(m: &Morale, tx: &Texts, cup: &str) -> Expr {
    let chit = m.chit_marker.as_ref().map_or("", |c| c.as_str());
    let picked = and(is_marker(chit), eq(prop(CHIT_NUMBER), prop(CHIT)));
    and(
        eq(in_box(tx, cup, picked), int(0)),
        bin(Op::Gt, in_box(tx, cup, is_marker(chit)), int(0)),
    )
}

/// The draw: refused while a chit is drawn; else a random chit number, and with chit pieces the
/// chit of that number goes from the cup to its box.
fn draw_traits(game: &Game, m: &Morale, tx: &Texts) -> Vec<Trait> {
    let picked = Expr::Random(i64::from(m.chits.value.max(1)));
    let mut perform = vec![named(SET_CHIT)];
    let mut send = Vec::new();
    if let Some(cup) = &m.cup {
        // Pick again while the picked chit is not in the cup (drawn before, set aside) and the cup
        // still holds one: every chit left in the cup is equally likely.
        perform = vec![named(PICK), named(SEND_PICKED)];
        send.push(pieces::trigger_while(
            "Pick a chit that is in the cup",
            &[named(PICK)],
            &[named(SET_CHIT)],
            &pick_again(m, tx, cup).to_beanshell(),
        ));
        let filter = and(chits_in(m, tx, cup), eq(prop(CHIT_NUMBER), prop(CHIT)));
        send.push(pieces::global_key(
            named(SEND_PICKED),
            named(TO_BOX),
            &filter.to_beanshell(),
            "Send the picked chit to its box",
        ));
    }
    perform.push(named(REPORT_DRAWN));
    let already = drawn(m, tx);
    let mut out = vec![
        pieces::trigger(
            "Draw the morale chit",
            &Expr::Not(Box::new(already.clone())).to_beanshell(),
            &[named(DRAW)],
            &perform,
        ),
        pieces::trigger(
            "Morale chit already drawn",
            &already.to_beanshell(),
            &[named(DRAW)],
            &[named(REPORT_ALREADY)],
        ),
        pieces::set_global_property(
            CHIT,
            &[("", named(SET_CHIT), &picked.to_beanshell())],
            "Drawn morale chit",
        ),
    ];
    out.extend(send);
    out.push(pieces::report_with(
        &[named(REPORT_DRAWN)],
        &drawn_report(game, m, tx).to_beanshell(),
        "Morale chit drawn",
        true,
    ));
    out.push(pieces::report_with(
        &[named(REPORT_ALREADY)],
        &text(game, m, tx, "ui.report_morale_already", &[]).to_beanshell(),
        "Morale chit already drawn",
        true,
    ));
    out
}

/// The draw's report, read after the picked chit was sent: with chit pieces, a pick of a chit that
/// is no longer in the cup (set aside by hand for a redraw) moved nothing, and the report says so.
pub fn drawn_report(game: &Game, m: &Morale, tx: &Texts) -> Expr {
    let done = text(game, m, tx, "ui.report_morale_drawn", &[]);
    if m.cup.is_none() {
        return done;
    }
    let missed = text(
        game,
        m,
        tx,
        "ui.report_morale_not_in_cup",
        &[("picked", prop(CHIT))],
    );
    cond(drawn(m, tx), done, missed)
}

/// The look: its report, and when allowed the chit in the box is dealt to the viewing side.
fn look_traits(game: &Game, m: &Morale, tx: &Texts) -> Vec<Trait> {
    let mut out = vec![pieces::report_with(
        &[named(LOOK)],
        &look_report(game, m, tx).to_beanshell(),
        "Look at the morale chit",
        true,
    )];
    if let Some(b) = &m.drawn_box {
        out.push(pieces::trigger(
            "Show the chit to the viewing side",
            &look_allowed(game, m, tx).to_beanshell(),
            &[named(LOOK)],
            &[named(SHOW)],
        ));
        out.push(pieces::global_key(
            named(SHOW),
            named(DEAL),
            &chits_in(m, tx, b).to_beanshell(),
            "Deal the drawn chit to the viewing side",
        ));
    }
    out
}

/// The traits of the piece that hosts the buttons (the victory report's host): the draw, the look
/// and the morale check.
pub fn host_traits(game: &Game, tx: &Texts) -> Vec<Trait> {
    let Some(m) = &game.rules.morale else {
        return Vec::new();
    };
    let mut out = draw_traits(game, m, tx);
    if m.viewer.is_some() {
        out.extend(look_traits(game, m, tx));
        out.extend(redraw_traits(game, m, tx));
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
            &check_report(game, m, tx).to_beanshell(),
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
        if m.redraw_from.is_some() && m.set_aside.is_some() && m.chit_marker.is_some() {
            out.push(button("morale_redraw", REDRAW));
        }
    }
    if m.check.is_some() {
        out.push(button("morale_check", CHECK));
    }
    out
}

/// One chit piece (number `n`, 1-based): what the draw finds it by and its value when known, the
/// send to the drawn chit's box, and a Mask over its back that nobody sees through until the look
/// deals it to the viewing side. Outside the Mask, so that they work while it hides the chit: the
/// Mask passes no key inward to a player who does not see through it (`Obscurable.keyEvent`).
pub fn chit_piece(game: &Game, plan: &Plan, n: u32, gpid: &str) -> Option<Piece> {
    let m = game.rules.morale.as_ref()?;
    let (chit, drawn_box) = (m.chit_marker.as_ref()?, m.drawn_box.as_ref()?);
    let images = plan.marker_images.get(chit.as_str())?;
    let (front, back) = (images.first()?, images.get(1)?);
    let tx = &plan.tx;
    let number = n.to_string();
    let value = crate::concept::morale::threshold::chit_value(m, n).map(|v| v.to_string());
    let mut props = vec![(MARKER_ID, chit.as_str()), (CHIT_NUMBER, number.as_str())];
    if let Some(v) = &value {
        props.push((CHIT_VALUE, v.as_str()));
    }
    let side = viewer_name(game, m);
    let name = tx.get("morale.name");
    let to_box = |key: &'static str, b: &Sp<String>| {
        pieces::send_to_region(
            "",
            named(key),
            &plan.track_map,
            plan::TRACK_BOARD,
            &box_region(tx, b),
        )
    };
    let mut traits = vec![pieces::marker(&props), to_box(TO_BOX, drawn_box)];
    traits.extend(m.set_aside.as_ref().map(|b| to_box(TO_SET_ASIDE, b)));
    traits.push(pieces::mask(&pieces::Mask {
        image: front,
        masked_name: &name,
        access: pieces::sides_access(&side.iter().map(String::as_str).collect::<Vec<_>>()),
        deal_key: if side.is_some() {
            named(DEAL)
        } else {
            Key::None
        },
        deal_to: side.as_deref().unwrap_or(""),
        owner: Some(pieces::MASKED_TO_ALL),
        description: "Morale chit, face down",
    }));
    traits.push(pieces::basic_piece(&format!("{name} {n}"), back, gpid));
    Some(Piece { traits })
}

/// The chits at setup: every chit in the cup's box, masked (not a VASSAL draw pile: a chit leaving
/// a pile that is not face down is unmasked, `Deck.pieceRemoved`; the draw picks at random). The
/// cup's region, its point, and each chit's name, piece id and piece.
pub type CupChits = (String, (i32, i32), Vec<(String, String, Piece)>);

/// The chits in their cup, for the at-start stacks; `None` without chit pieces.
pub fn cup_chits(game: &Game, plan: &Plan, gpids: &mut Gpids) -> Option<CupChits> {
    let m = game.rules.morale.as_ref()?;
    let region = box_region(&plan.tx, m.cup.as_ref()?);
    let (x, y) = plan
        .track
        .boxes
        .iter()
        .find(|b| b.region == region)?
        .centre();
    let name = plan.tx.get("morale.name");
    let chits = (1..=m.chits.value)
        .filter_map(|n| {
            let gpid = gpids.get(&format!("morale-chit-{n}"));
            let piece = chit_piece(game, plan, n, &gpid)?;
            Some((name.clone(), gpid, piece))
        })
        .collect();
    Some((region, (x as i32, y as i32), chits))
}
