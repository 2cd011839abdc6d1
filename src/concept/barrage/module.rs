//! What barrage adds to the module: a Fire barrage command on each unit that barrages (with its
//! barrage strength in its mode and its kind), a Barrage target mark on every unit, a toggle per
//! column shift, and the Barrage button that resolves the marked barrage on the target in steps:
//! roll, total strength, column, supply cost, shifts, column after them, result. table.rs holds the
//! same rule in Rust; tests/ocs_barrage.rs evaluates both.

use super::{Barrage, BarrageUnit};
use crate::concept::game::{Game, Unit};
use crate::concept::modes::module::{
    changes_strength, mode_expr, strength_denominator, MODE_STRENGTH,
};
use crate::concept::module::{
    decimal_text, module_command, named, template, Changer, Global, NumericRange,
};
use crate::concept::plan::Plan;
use crate::i18n::Texts;
use crate::vassal::expression::{add, and, any, bin, concat, cond, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Trait};
use crate::vassal::xml::El;

/// A unit's part in the marked barrage: `firer`, `target` or empty.
pub const ROLE: &str = "BarrageRole";
/// A firing unit's barrage strength in its mode, in 1/`strength_denominator` units.
pub const SCALED: &str = "BarrageScaled";
/// 1 on a firing unit whose barrage strength on the face up the sources do not give.
pub const UNKNOWN: &str = "BarrageUnknown";
/// A firing unit's kind (`[[barrage.kinds]]` id).
pub const KIND: &str = "BarrageKind";
/// The names of the units marked to fire, a global.
pub const FIRERS: &str = "BarrageFirers";

const MARK_FIRER: &str = "MarkBarrageFirer";
const FIRE: &str = "FireBarrage";
const MARK_TARGET: &str = "MarkBarrageTarget";
const CLEAR: &str = "ClearBarrage";
const CLEAR_ALL: &str = "ClearAllBarrage";
const RESOLVE: &str = "ResolveBarrage";
const REPORT: &str = "ReportBarrage";

/// The properties the Barrage button sets on the target, in order.
pub mod steps {
    pub const ROLL: &str = "BarrageRoll";
    pub const TOTAL: &str = "BarrageTotal";
    pub const UNKNOWNS: &str = "BarrageUnknowns";
    pub const FIRERS: &str = "BarrageFirerCount";
    pub const KIND: &str = "BarrageKindNow";
    /// How many kinds the marked firers have.
    pub const KINDS: &str = "BarrageKinds";
    pub const STRENGTH: &str = "BarrageStrength";
    pub const COLUMN: &str = "BarrageColumn";
    pub const SHIFT: &str = "BarrageShift";
    pub const FINAL: &str = "BarrageFinalColumn";
    pub const RESULT: &str = "BarrageResult";
}

/// The global property that holds whether a barrage shift applies (1) or not (0).
pub fn shift_property(id: &str) -> String {
    let id: String = id
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("BarrageShift_{id}")
}

fn is(role: &str) -> Expr {
    eq(prop(ROLE), s(role))
}

/// A signed column shift as the players read it (`+4`, `-3`).
fn signed(shift: i32) -> String {
    if shift > 0 {
        format!("+{shift}")
    } else {
        shift.to_string()
    }
}

/// The Barrage button's steps, in order, and the chat line made from them.
pub struct BarrageExprs {
    pub steps: Vec<(&'static str, Expr)>,
    pub report: Expr,
}

/// The barrage of the marked firers on the marked target, for a game with `[barrage]`.
pub fn barrage(game: &Game, tx: &Texts) -> Option<BarrageExprs> {
    let b = game.rules.barrage.as_ref()?;
    let denominator = strength_denominator(game);
    let firer = is("firer");
    let steps = vec![
        (steps::ROLL, roll_expr(b)),
        (
            steps::TOTAL,
            Expr::Sum(SCALED.into(), Box::new(firer.clone())),
        ),
        (
            steps::UNKNOWNS,
            Expr::Sum(UNKNOWN.into(), Box::new(firer.clone())),
        ),
        (steps::FIRERS, Expr::Count(Box::new(firer))),
        (steps::KIND, kind_expr(b)),
        (steps::KINDS, kinds_count_expr(b)),
        // Summed, then rounded once, a half up (table::rounded).
        (
            steps::STRENGTH,
            bin(
                Op::Div,
                add(bin(Op::Mul, prop(steps::TOTAL), int(2)), int(denominator)),
                int(2 * denominator),
            ),
        ),
        (steps::COLUMN, column_expr(b)),
        (steps::SHIFT, shift_expr(b)),
        (steps::FINAL, final_column_expr(b)),
        (steps::RESULT, result_expr(b)),
    ];
    Some(BarrageExprs {
        steps,
        report: report(b, tx, denominator),
    })
}

/// The dice `[barrage] roll` names ("2d6"), or the game's dice.
fn roll_expr(b: &Barrage) -> Expr {
    let (count, faces) = super::table::dice(&b.roll).unwrap_or((2, 6));
    (0..count.max(1))
        .map(|_| Expr::Random(i64::from(faces)))
        .reduce(add)
        .unwrap_or(int(0))
}

/// The kind of the marked firers: the first kind (data order) one of them has.
fn kind_expr(b: &Barrage) -> Expr {
    b.kinds.iter().rev().fold(s(""), |rest, k| {
        let of_kind = and(is("firer"), eq(prop(KIND), s(&k.id)));
        cond(
            bin(Op::Gt, Expr::Count(Box::new(of_kind)), int(0)),
            s(&k.id),
            rest,
        )
    })
}

/// How many kinds the marked firers have.
fn kinds_count_expr(b: &Barrage) -> Expr {
    b.kinds.iter().fold(int(0), |total, k| {
        let of_kind = and(is("firer"), eq(prop(KIND), s(&k.id)));
        let present = bin(Op::Gt, Expr::Count(Box::new(of_kind)), int(0));
        add(total, cond(present, int(1), int(0)))
    })
}

/// The column (1-based) whose range holds the rounded strength; 0 for none the sources name.
fn column_expr(b: &Barrage) -> Expr {
    let strength = prop(steps::STRENGTH);
    b.columns
        .iter()
        .enumerate()
        .rev()
        .fold(int(0), |rest, (i, c)| {
            let within = and(
                bin(Op::Ge, strength.clone(), int(i64::from(c.from.value))),
                bin(Op::Le, strength.clone(), int(i64::from(c.to.value))),
            );
            cond(within, int(i as i64 + 1), rest)
        })
}

/// The total of the shifts whose toggle is on.
fn shift_expr(b: &Barrage) -> Expr {
    b.shifts.iter().fold(int(0), |total, sh| {
        let on = eq(prop(&shift_property(&sh.id)), int(1));
        add(total, cond(on, int(i64::from(sh.shift.value)), int(0)))
    })
}

/// The first and last column (0-based) of the run of side-by-side columns that holds `column`: a
/// shift stays known only inside it (table::shifted).
fn run_of(b: &Barrage, column: usize) -> (usize, usize) {
    let first = (0..=column)
        .rev()
        .find(|&i| i == 0 || b.columns.get(i).is_some_and(|c| c.unknown_before))
        .unwrap_or(0);
    let last = (column..b.columns.len())
        .find(|&i| b.columns.get(i + 1).is_none_or(|n| n.unknown_before))
        .unwrap_or(column);
    (first, last)
}

/// The column (1-based) after the shifts; 0 when it is not known (past the named columns or
/// across unknown ones, or no starting column).
fn final_column_expr(b: &Barrage) -> Expr {
    let moved = add(prop(steps::COLUMN), prop(steps::SHIFT));
    (0..b.columns.len()).rev().fold(int(0), |rest, i| {
        let (first, last) = run_of(b, i);
        let inside = and(
            bin(Op::Ge, moved.clone(), int(first as i64 + 1)),
            bin(Op::Le, moved.clone(), int(last as i64 + 1)),
        );
        cond(
            eq(prop(steps::COLUMN), int(i as i64 + 1)),
            cond(inside, moved.clone(), int(0)),
            rest,
        )
    })
}

/// The cell of the roll on the final column, when the sources give it; empty otherwise.
fn result_expr(b: &Barrage) -> Expr {
    b.cells.iter().rev().fold(s(""), |rest, c| {
        let Some(column) = (0..b.columns.len())
            .find(|&i| super::table::label(b, i).as_deref() == Some(c.column.as_str()))
        else {
            return rest;
        };
        let here = and(
            eq(prop(steps::FINAL), int(column as i64 + 1)),
            eq(prop(steps::ROLL), int(i64::from(c.roll.value))),
        );
        cond(here, s(&c.result), rest)
    })
}

/// A column's label, for a 1-based column number in `at`; `none` for 0.
fn label_text(b: &Barrage, at: Expr, none: Expr) -> Expr {
    (0..b.columns.len()).rev().fold(none, |rest, i| {
        let label = super::table::label(b, i).unwrap_or_default();
        cond(eq(at.clone(), int(i as i64 + 1)), s(&label), rest)
    })
}

/// The supply the barrage pays: nothing for a kind that does not pay, else the starting column's
/// cost, or that the sources do not give it.
fn supply_text(b: &Barrage, tx: &Texts) -> Expr {
    let column = prop(steps::COLUMN);
    let cost = b.columns.iter().enumerate().rev().fold(
        template(tx, "ui.barrage_supply_unknown", &[]),
        |rest, (i, c)| match &c.cost {
            Some(t) => cond(
                eq(column.clone(), int(i as i64 + 1)),
                template(
                    tx,
                    "ui.barrage_supply",
                    &[("tokens", int(i64::from(t.value)))],
                ),
                rest,
            ),
            None => rest,
        },
    );
    let free: Vec<Expr> = b
        .kinds
        .iter()
        .filter(|k| !k.pays_supply)
        .map(|k| eq(prop(steps::KIND), s(&k.id)))
        .collect();
    if free.is_empty() {
        cost
    } else {
        cond(any(free), template(tx, "ui.barrage_supply_free", &[]), cost)
    }
}

/// The shifts whose toggle is on, each with its name and columns.
fn shifts_text(b: &Barrage, tx: &Texts) -> Expr {
    concat(
        std::iter::once(s(""))
            .chain(b.shifts.iter().map(|sh| {
                let name = tx.get(&format!("barrage_shifts.{}", sh.id.as_str()));
                cond(
                    eq(prop(&shift_property(&sh.id)), int(1)),
                    s(&format!(" {name} {}", signed(sh.shift.value))),
                    s(""),
                )
            }))
            .collect(),
    )
}

/// The result with what it does (and, bracketed, how the kind reads it); or that the cell is
/// unknown.
fn result_text(b: &Barrage, tx: &Texts) -> Expr {
    let result = prop(steps::RESULT);
    let bracketed = b.kinds.iter().rev().fold(s(""), |rest, k| {
        let reading = tx.get(&format!("barrage_brackets.{}", k.id.as_str()));
        cond(
            eq(prop(steps::KIND), s(&k.id)),
            s(&format!(" ({reading})")),
            rest,
        )
    });
    let known = b.results.iter().rev().fold(result.clone(), |rest, r| {
        let effect = tx.get(&format!("barrage_results.{}", r.id.as_str()));
        let text = s(&format!("{} — {effect}", r.result.as_str()));
        let text = if r.bracketed {
            add(text, bracketed.clone())
        } else {
            text
        };
        cond(eq(result.clone(), s(&r.result)), text, rest)
    });
    cond(
        eq(result, s("")),
        template(tx, "ui.barrage_cell_unknown", &[]),
        known,
    )
}

/// The chat line: no firer; a firer whose strength is unknown; or the barrage read on the table.
fn report(b: &Barrage, tx: &Texts, denominator: i64) -> Expr {
    let kind_name = b.kinds.iter().rev().fold(s(""), |rest, k| {
        let name = tx.get(&format!("barrage_kinds.{}", k.id.as_str()));
        cond(eq(prop(steps::KIND), s(&k.id)), s(&name), rest)
    });
    let scale = u32::try_from(denominator).unwrap_or(1);
    let vars = vec![
        ("kind", kind_name),
        ("firers", prop(FIRERS)),
        ("target", prop("BasicName")),
        ("hex", prop("LocationName")),
        ("total", decimal_text(prop(steps::TOTAL), scale)),
        ("strength", prop(steps::STRENGTH)),
        (
            "column",
            label_text(
                b,
                prop(steps::COLUMN),
                template(tx, "ui.barrage_no_column", &[]),
            ),
        ),
        ("supply", supply_text(b, tx)),
        ("shifts", shifts_text(b, tx)),
        ("shift", add(s(""), prop(steps::SHIFT))),
        (
            "final",
            label_text(
                b,
                prop(steps::FINAL),
                template(tx, "ui.barrage_column_unknown", &[]),
            ),
        ),
        ("dice", s(&b.roll)),
        ("roll", prop(steps::ROLL)),
        ("result", result_text(b, tx)),
        ("rule", s(b.rule.as_deref().map_or("", |r| r.as_str()))),
    ];
    let read = cond(
        bin(Op::Gt, prop(steps::UNKNOWNS), int(0)),
        template(tx, "ui.report_barrage_unknown_strength", &vars),
        template(tx, "ui.report_barrage", &vars),
    );
    let read = if b.one_kind {
        cond(
            bin(Op::Gt, prop(steps::KINDS), int(1)),
            template(tx, "ui.report_barrage_mixed", &vars),
            read,
        )
    } else {
        read
    };
    cond(
        eq(prop(steps::FIRERS), int(0)),
        template(tx, "ui.report_barrage_no_firer", &vars),
        read,
    )
}

/// The barrage entry of `unit`, when it barrages.
fn entry<'a>(game: &'a Game, unit: &Unit) -> Option<&'a BarrageUnit> {
    game.rules
        .barrage
        .as_ref()?
        .units
        .iter()
        .find(|u| u.unit.as_str() == unit.id.as_str())
}

/// The printed barrage strength of the face up (`Step_Level`), as `known` gives it per face.
fn per_face(game: &Game, unit: &Unit, each: &dyn Fn(Option<u32>) -> Expr) -> Expr {
    let Some(e) = entry(game, unit) else {
        return each(None);
    };
    let faces = game.counters.faces_of(unit);
    faces
        .iter()
        .enumerate()
        .rev()
        .fold(each(None), |rest, (i, f)| {
            let printed = e.strengths.get(*f).map(|v| v.value);
            cond(
                eq(prop("Step_Level"), int(i as i64 + 1)),
                each(printed),
                rest,
            )
        })
}

/// Whether the unit's kind of barrage has modes (air units have none, OCS 5.1).
fn has_modes(game: &Game, unit: &Unit) -> bool {
    let Some(e) = entry(game, unit) else {
        return false;
    };
    let kinds = game.rules.barrage.iter().flat_map(|b| &b.kinds);
    !kinds
        .filter(|k| k.id.as_str() == e.kind.as_str())
        .any(|k| k.ignores_modes)
}

/// A firing unit's barrage strength in its mode, in 1/`strength_denominator` units: the printed
/// strength of the face up times the mode's factor; 0 in a mode that may not barrage or when the
/// sources do not give it. A kind without modes fires whole.
pub fn scaled_expr(game: &Game, unit: &Unit) -> Expr {
    let denominator = strength_denominator(game);
    if !has_modes(game, unit) {
        return per_face(game, unit, &|printed| {
            int(i64::from(printed.unwrap_or(0)) * denominator)
        });
    }
    let in_mode = |printed: Option<u32>| {
        let printed = int(i64::from(printed.unwrap_or(0)));
        if changes_strength(game) {
            bin(Op::Mul, printed, prop(MODE_STRENGTH))
        } else {
            bin(Op::Mul, printed, int(denominator))
        }
    };
    let strength = per_face(game, unit, &in_mode);
    let barred: Vec<Expr> = game
        .rules
        .barrage
        .iter()
        .flat_map(|b| &b.barred_modes)
        .map(|m| eq(mode_expr(game, unit), s(m)))
        .collect();
    if barred.is_empty() {
        strength
    } else {
        cond(any(barred), int(0), strength)
    }
}

/// 1 when the sources do not give the unit's barrage strength on the face up.
pub fn unknown_expr(game: &Game, unit: &Unit) -> Expr {
    per_face(game, unit, &|printed| int(i64::from(printed.is_none())))
}

/// The Fire barrage command of a unit that barrages, with its strength, kind and report.
pub fn firer_traits(game: &Game, plan: &Plan, unit: &Unit) -> Vec<Trait> {
    let Some(e) = entry(game, unit) else {
        return Vec::new();
    };
    let tx = &plan.tx;
    vec![
        pieces::command_trigger(
            "Fire barrage",
            &tx.get("ui.barrage_fire"),
            named(FIRE),
            &[named(MARK_FIRER)],
        ),
        pieces::report(
            &[named(MARK_FIRER)],
            &tx.fill("ui.report_barrage_firer", &[("piece", "$PieceName$")]),
            "Report barrage firer",
        ),
        pieces::calculated(
            SCALED,
            &scaled_expr(game, unit).to_beanshell(),
            "Barrage strength in its mode, scaled",
        ),
        pieces::calculated(
            UNKNOWN,
            &unknown_expr(game, unit).to_beanshell(),
            "1 when the barrage strength of the face up is not in the sources",
        ),
        pieces::marker(&[(KIND, e.kind.as_str())]),
    ]
}

/// Traits every unit shares in a game with `[barrage]`: the target mark and, on the target, the
/// resolution the Barrage button fires.
pub fn unit_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
    let tx = &plan.tx;
    let Some(exprs) = barrage(game, tx) else {
        return Vec::new();
    };
    let step_keys: Vec<String> = exprs.steps.iter().map(|(p, _)| format!("Set{p}")).collect();
    let mut actions: Vec<_> = step_keys.iter().map(|k| named(k)).collect();
    actions.extend([named(REPORT), named(CLEAR_ALL)]);
    let mut out = vec![
        pieces::trigger(
            "Resolve barrage",
            &is("target").to_beanshell(),
            &[named(RESOLVE)],
            &actions,
        ),
        pieces::report_with(
            &[named(REPORT)],
            &exprs.report.to_beanshell(),
            "Barrage result",
            true,
        ),
        pieces::global_key(
            named(CLEAR_ALL),
            named(CLEAR),
            &bin(Op::Ne, prop(ROLE), s("")).to_beanshell(),
            "Clear every barrage mark",
        ),
    ];
    for ((name, e), key) in exprs.steps.iter().zip(&step_keys) {
        out.push(pieces::dynamic_property(
            name,
            &[("", named(key), &e.to_beanshell())],
            "Barrage step",
        ));
    }
    out.extend([
        pieces::report(
            &[named(MARK_TARGET)],
            &tx.fill(
                "ui.report_barrage_target",
                &[("piece", "$PieceName$"), ("location", "$LocationName$")],
            ),
            "Report barrage target",
        ),
        pieces::set_global_property(
            FIRERS,
            &[
                (
                    "",
                    named(MARK_FIRER),
                    &cond(
                        eq(prop(FIRERS), s("")),
                        prop("BasicName"),
                        concat(vec![prop(FIRERS), s(" + "), prop("BasicName")]),
                    )
                    .to_beanshell(),
                ),
                ("", named(CLEAR), ""),
            ],
            "Names of the units marked to barrage",
        ),
    ]);
    // A barrage's shifts are its own: clearing the marks (after the Barrage button, or Clear
    // barrage) turns them all off for the next one.
    let shifts = game.rules.barrage.iter().flat_map(|b| &b.shifts);
    let names: Vec<String> = shifts.map(|sh| shift_property(&sh.id)).collect();
    out.extend(names.iter().map(|name| {
        pieces::set_global_property(name, &[("", named(CLEAR), "0")], "Turn the shift off")
    }));
    out.extend([pieces::dynamic_property(
        ROLE,
        &[
            (&tx.get("ui.barrage_target"), named(MARK_TARGET), "target"),
            ("", named(MARK_FIRER), "firer"),
            ("", named(CLEAR), ""),
        ],
        "Part in the marked barrage",
    )]);
    out
}

/// The firers' names, and a toggle per column shift (a toolbar button that flips it and reports).
pub fn globals(game: &Game, plan: &Plan) -> Vec<Global> {
    let tx = &plan.tx;
    let Some(b) = &game.rules.barrage else {
        return Vec::new();
    };
    let mut out = vec![Global {
        name: FIRERS.into(),
        initial: String::new(),
        description: "Units marked to barrage".into(),
        numeric: None,
        changers: Vec::new(),
    }];
    for sh in &b.shifts {
        let name = tx.get(&format!("barrage_shifts.{}", sh.id.as_str()));
        let shift = signed(sh.shift.value);
        let args = [("name", name.as_str()), ("shift", shift.as_str())];
        out.push(Global {
            name: shift_property(&sh.id),
            initial: "0".into(),
            description: sh.condition.clone(),
            // 0 and 1, wrapping: one button turns the shift on and off.
            numeric: Some(NumericRange {
                min: 0,
                max: 1,
                wrap: true,
            }),
            changers: vec![Changer {
                text: tx.fill("ui.barrage_shift_toggle", &args),
                tooltip: tx.fill("ui.barrage_shift_tooltip", &args),
                increment: 1,
                set_to: None,
                report: tx.fill("ui.report_barrage_shift", &args),
            }],
        });
    }
    out
}

/// The Barrage button (resolve the marked barrage) and Clear barrage.
pub fn buttons(game: &Game, plan: &Plan) -> Vec<El> {
    if game.rules.barrage.is_none() {
        return Vec::new();
    }
    let tx = &plan.tx;
    vec![
        module_command(
            &tx.get("ui.barrage"),
            &tx.get("ui.barrage_tooltip"),
            RESOLVE,
            &is("target"),
        ),
        module_command(
            &tx.get("ui.clear_barrage"),
            &tx.get("ui.clear_barrage_tooltip"),
            CLEAR,
            &bin(Op::Ne, prop(ROLE), s("")),
        ),
    ]
}
