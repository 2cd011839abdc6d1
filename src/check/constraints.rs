//! Rulebook constraints declared in the game's own data, each citing its rule.

use super::structure::parse_odds;
use super::{Context, Seg};
use crate::diag::Diagnostic;
use crate::model::{parse_value_slots, HexId, Sp};
use std::collections::BTreeMap;

pub(super) fn check(cx: &mut Context<'_>) {
    stacking(cx);
    reduction(cx);
    setup_marks(cx);
    victory_hexes(cx);
    crt(cx);
    counter_totals(cx);
    disputed(cx);
}

fn rule_of(rule: &Option<Sp<String>>) -> Option<&str> {
    rule.as_ref().map(|r| r.as_str())
}

/// Stacking limit (e.g. B4M 8.2.2) applied to every scenario's setup.
fn stacking(cx: &mut Context<'_>) {
    let g = cx.game;
    let limit = g.rules.stacking.max_units.value;
    let rule = rule_of(&g.rules.stacking.rule).map(str::to_string);
    for s in &g.scenarios {
        let eff = g.effective(s);
        if eff.setup.0 != s.file {
            continue; // inherited: checked with the scenario that defines it
        }
        let mut count: BTreeMap<(HexId, &str), u32> = BTreeMap::new();
        for p in eff.setup.1 {
            let (Some(hex), Some(unit)) = (g.map.grid.parse(&p.hex), cx.units.get(p.unit.as_str()))
            else {
                continue;
            };
            let n = count.entry((hex, unit.side.as_str())).or_default();
            *n += 1;
            if *n == limit.saturating_add(1) {
                cx.push(
                    Diagnostic::error(
                        "V0301",
                        format!(
                            "hex `{}` holds more than {limit} {} unit{} at setup",
                            p.hex.as_str(),
                            unit.side.as_str(),
                            if limit == 1 { "" } else { "s" }
                        ),
                    )
                    .at(s.file, p.hex.span.clone(), "over the stacking limit")
                    .rule_opt(rule.as_deref())
                    .help(format!(
                        "the stacking limit is {limit} per hex ({}); move `{}` to another hex",
                        g.rules.stacking.when,
                        p.unit.as_str()
                    )),
                );
            }
        }
    }
}

/// The reduced face obeys the rulebook's formula (B4M 3.3: half strength, rounded down).
fn reduction(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters.counters;
    let Some(red) = &c.reduction else { return };
    let Some(index) = c.values.iter().position(|v| v == red.value.as_str()) else {
        return;
    };
    if red.divisor == 0 {
        return;
    }
    for u in &g.counters.units {
        let (Some(from), Some(to)) = (
            u.faces.get(red.from_face.as_str()),
            u.faces.get(red.to_face.as_str()),
        ) else {
            continue;
        };
        let (Some(fv), Some(tv)) = (parse_value_slots(from), parse_value_slots(to)) else {
            continue;
        };
        // A value the sources do not give (`?`) cannot be checked.
        let (Some(Some(full)), Some(Some(reduced))) = (fv.get(index), tv.get(index)) else {
            continue;
        };
        let expected = full / red.divisor;
        if *reduced != expected {
            cx.push(
                Diagnostic::error(
                    "V0302",
                    format!(
                        "unit `{}`: {} {} is {reduced}, but the rule gives {expected}",
                        u.id.as_str(),
                        red.to_face.as_str(),
                        red.value.as_str()
                    ),
                )
                .at(g.counters.file, to.span.clone(), format!("expected {expected}"))
                .rule_opt(rule_of(&red.rule))
                .help(format!(
                    "the {} face shows the {} {} divided by {}, rounded down: {full} / {} = {expected}",
                    red.to_face.as_str(),
                    red.from_face.as_str(),
                    red.value.as_str(),
                    red.divisor,
                    red.divisor
                )),
            );
        }
    }
}

/// Units set up on the map stand on hexes that carry their side's setup mark (B4M 6.0).
fn setup_marks(cx: &mut Context<'_>) {
    let g = cx.game;
    let grid = &g.map.grid;
    let mut marks: BTreeMap<&str, (Vec<HexId>, &crate::model::SetupMarks)> = BTreeMap::new();
    for m in &g.map.setup_marks {
        let entry = marks.entry(m.side.as_str()).or_insert((Vec::new(), m));
        entry.0.extend(m.hexes.iter().filter_map(|h| grid.parse(h)));
    }
    for s in &g.scenarios {
        let eff = g.effective(s);
        if eff.setup.0 != s.file {
            continue;
        }
        for p in eff.setup.1 {
            let (Some(hex), Some(unit)) = (grid.parse(&p.hex), cx.units.get(p.unit.as_str()))
            else {
                continue;
            };
            if !cx.hexes.contains(&hex) {
                continue;
            }
            if let Some((hexes, m)) = marks.get(unit.side.as_str()) {
                if !hexes.contains(&hex) {
                    cx.push(
                        Diagnostic::error(
                            "V0303",
                            format!(
                                "{} unit `{}` is set up on `{}`, which has no {} setup mark",
                                unit.side.as_str(),
                                p.unit.as_str(),
                                p.hex.as_str(),
                                m.symbol.as_str()
                            ),
                        )
                        .at(
                            s.file,
                            p.hex.span.clone(),
                            format!("no {} here", m.symbol.as_str()),
                        )
                        .rule_opt(rule_of(&m.rule).or(rule_of(&s.scenario.rule)))
                        .help(format!(
                            "{} setup hexes: {}",
                            unit.side.as_str(),
                            hexes
                                .iter()
                                .map(|h| grid.label(*h))
                                .collect::<Vec<_>>()
                                .join(" ")
                        )),
                    );
                }
            }
        }
    }
}

/// Victory hexes exist and are cities (B4M 5.0).
fn victory_hexes(cx: &mut Context<'_>) {
    let g = cx.game;
    for s in &g.scenarios {
        let Some(v) = &s.victory else { continue };
        for c in &v.conditions {
            for h in c.control_all.iter().chain(&c.control_any) {
                let Some(hex) = g.map.grid.parse(h) else {
                    continue;
                };
                if cx.hexes.contains(&hex) && !cx.cities.contains_key(&hex) {
                    cx.push(
                        Diagnostic::error("V0305", format!("victory hex `{}` is not a city", h.as_str()))
                            .at(s.file, h.span.clone(), "no city here")
                            .rule_opt(rule_of(&v.rule))
                            .help("victory conditions name cities; add the city to [[cities]] of maps/*.toml or fix the hex"),
                    );
                }
            }
            if c.at_least as usize > c.control_any.len() {
                cx.push(
                    Diagnostic::error(
                        "V0305",
                        format!(
                            "victory needs {} of {} hexes",
                            c.at_least,
                            c.control_any.len()
                        ),
                    )
                    .at(s.file, c.winner.span.clone(), "cannot be met")
                    .rule_opt(rule_of(&v.rule))
                    .help("lower at_least or list more hexes in control_any"),
                );
            }
        }
    }
}

/// The CRT is complete for every column and roll, uses only defined results, and does not get better
/// for the defender as odds rise unless the data says the printed table does so.
fn crt(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let dice = &g.rules.dice;
    if !super::dice_usable(dice) {
        return; // V0104
    }
    let rolls: Vec<u32> = (dice.count..=dice.count * dice.faces).collect();
    let codes: Vec<&str> = combat.results.iter().map(|r| r.code.as_str()).collect();
    let columns = combat.columns.len();
    let table_span = cx.span_of(
        f,
        &[Seg::Key("combat"), Seg::Key("table")],
        combat.kind.span.clone(),
    );
    // `table_known = false`: the sources do not give the table (the completeness report says so).
    for roll in rolls.iter().filter(|_| combat.table_known) {
        if !combat.table.contains_key(&roll.to_string()) {
            cx.push(
                Diagnostic::error("V0306", format!("the CRT has no row for a roll of {roll}"))
                    .at(f, table_span.clone(), format!("no row \"{roll}\""))
                    .rule_opt(rule.as_deref())
                    .help(format!(
                        "add `\"{roll}\" = [...]` with {columns} results to [combat.table]"
                    )),
            );
        }
    }
    for (key, row) in &combat.table {
        let valid_roll = key.parse::<u32>().is_ok_and(|r| rolls.contains(&r));
        if !valid_roll {
            cx.push(
                Diagnostic::error("V0306", format!("CRT row `{key}` is not a possible roll"))
                    .at(f, row.span.clone(), "no such roll")
                    .rule_opt(rule.as_deref())
                    .help(format!(
                        "rolls of {}d{} run from {} to {}",
                        dice.count,
                        dice.faces,
                        dice.count,
                        dice.count * dice.faces
                    )),
            );
        }
        if row.len() != columns {
            cx.push(
                Diagnostic::error(
                    "V0306",
                    format!(
                        "CRT row for roll {key} has {} results for {columns} columns",
                        row.len()
                    ),
                )
                .at(f, row.span.clone(), format!("expected {columns}"))
                .rule_opt(rule.as_deref())
                .help(format!(
                    "columns: {}",
                    combat
                        .columns
                        .iter()
                        .map(|c| c.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                )),
            );
        }
        for code in row.iter() {
            if !codes.contains(&code.as_str()) {
                let mut d = Diagnostic::error(
                    "V0306",
                    format!("unknown combat result `{}`", code.as_str()),
                )
                .at(f, code.span.clone(), "not a declared result")
                .rule_opt(rule.as_deref());
                d = match crate::diag::suggest(code, codes.iter().copied()) {
                    Some(s) => d.help(format!("did you mean `{s}`? results: {}", codes.join(", "))),
                    None => d.help(format!("results: {}", codes.join(", "))),
                };
                cx.push(d);
            }
        }
        // Monotonic: moving right (better odds) must not help the defender.
        let rank = |c: &str| codes.iter().position(|x| *x == c);
        for i in 1..row.len().min(columns) {
            let (Some(a), Some(b)) = (rank(&row[i - 1]), rank(&row[i])) else {
                continue;
            };
            if b < a {
                let column = combat.columns[i].as_str();
                let accepted = combat
                    .reversals
                    .iter()
                    .find(|r| r.roll.as_str() == key && r.column.as_str() == column);
                let message = format!(
                    "roll {key}: {} at {column} is better for the defender than {} at {}",
                    row[i].as_str(),
                    row[i - 1].as_str(),
                    combat.columns[i - 1].as_str()
                );
                let d = match accepted {
                    Some(r) => Diagnostic::note("V0306", format!("{message} (acknowledged: {})", r.reason))
                        .at(f, row[i].span.clone(), "acknowledged reversal"),
                    None => Diagnostic::warning("V0306", message)
                        .at(f, row[i].span.clone(), "result improves for the defender as odds rise")
                        .help(format!(
                            "if the printed CRT really says so, acknowledge it: [[combat.reversals]] roll = \"{key}\", column = \"{column}\", reason = \"…\""
                        )),
                };
                cx.push(d.rule_opt(rule.as_deref()));
            }
        }
    }
    // Acknowledged reversals name a real roll and column, and still occur.
    for r in &combat.reversals {
        let column = combat
            .columns
            .iter()
            .position(|c| c.as_str() == r.column.as_str());
        let row = combat.table.get(r.roll.as_str());
        if row.is_none() {
            let rows: Vec<&str> = combat.table.keys().map(String::as_str).collect();
            cx.reference(
                f,
                &r.roll,
                "CRT row",
                rows.iter().copied(),
                "[combat.table]",
            );
        }
        if column.is_none() {
            let names: Vec<&str> = combat.columns.iter().map(|c| c.as_str()).collect();
            cx.reference(
                f,
                &r.column,
                "CRT column",
                names.iter().copied(),
                "[combat] columns",
            );
        }
        let (Some(row), Some(i)) = (row, column) else {
            continue;
        };
        let rank = |c: &str| codes.iter().position(|x| *x == c);
        let reversed = i > 0
            && matches!(
                (row.get(i - 1).and_then(|a| rank(a)), row.get(i).and_then(|b| rank(b))),
                (Some(a), Some(b)) if b < a
            );
        if !reversed {
            cx.push(
                Diagnostic::warning(
                    "V0306",
                    format!(
                        "the acknowledged reversal at roll {}, column {} no longer occurs",
                        r.roll.as_str(),
                        r.column.as_str()
                    ),
                )
                .at(f, r.column.span.clone(), "nothing to acknowledge here")
                .rule_opt(rule_of(&r.rule).or(rule.as_deref()))
                .help("the table does not get better for the defender here; remove this [[combat.reversals]] entry"),
            );
        }
    }
    if !combat.cap_known {
        return;
    }
    if let (Some(cap), Some(last)) = (
        parse_odds(&combat.cap),
        combat.columns.last().and_then(|c| parse_odds(c)),
    ) {
        if cap != last {
            cx.push(
                Diagnostic::warning(
                    "V0306",
                    format!(
                        "odds cap {} is not the last CRT column",
                        combat.cap.as_str()
                    ),
                )
                .at(f, combat.cap.span.clone(), "cap")
                .rule_opt(rule_of(&combat.cap_rule))
                .help("the cap is normally the best column of the table"),
            );
        }
    }
}

/// The counter mix matches the totals the rulebook states.
fn counter_totals(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters.counters;
    for (side, total) in &c.totals {
        let n = g
            .counters
            .units
            .iter()
            .filter(|u| u.side.as_str() == side)
            .count() as u32;
        if n != total.value {
            cx.push(
                Diagnostic::error(
                    "V0308",
                    format!(
                        "the counter mix has {n} {side} units, the rulebook says {}",
                        total.value
                    ),
                )
                .at(g.counters.file, total.span.clone(), format!("found {n}"))
                .rule_opt(rule_of(&c.rule).or(c.source.as_ref().map(|s| s.as_str())))
                .help("add or remove [[units]] entries, or correct [counters] totals"),
            );
        }
    }
}

/// Facts where sources disagree: the data picked one; the build says so.
fn disputed(cx: &mut Context<'_>) {
    let g = cx.game;
    for u in &g.counters.units {
        if let Some(d) = &u.disputed {
            cx.push(
                Diagnostic::note(
                    "V0501",
                    format!(
                        "unit `{}`: sources disagree — {}",
                        u.id.as_str(),
                        d.as_str()
                    ),
                )
                .at(g.counters.file, d.span.clone(), "disputed fact")
                .rule_opt(rule_of(&u.source).or(rule_of(&u.rule))),
            );
        }
    }
}
