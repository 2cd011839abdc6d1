//! Checks of stacking: the limit the rules state, per-side and per-branch limits, and every setup
//! stack against them.

use crate::concept::context::Context;
use crate::concept::game::{HexId, Unit};
use crate::concept::map::place::Location;
use crate::concept::provenance::rule_of;
use crate::concept::stacking::limits as stacking;
use crate::diag::Diagnostic;
use crate::model::{FileId, Sp};
use std::collections::{BTreeMap, BTreeSet};

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    stacking(cx);
    point_values(cx);
    side_limits(cx);
    setup_stacks(cx);
}

/// Stacking limit (e.g. B4M 8.2.2) applied to every scenario's setup, in stacking points.
fn stacking(cx: &mut Context<'_>) {
    let g = cx.game;
    let limit = g.rules.stacking.max_units.value;
    let scale = stacking::scale(g);
    let max = stacking::Points::whole(limit, scale);
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
            let before = *n;
            *n += stacking::unit_points(g, unit, scale).parts;
            if before <= max.parts && *n > max.parts {
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

/// Stacking values (`stack_points` of a type or a unit): not negative, and a fraction the module can
/// count exactly (at most hundredths).
fn point_values(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.counters_file();
    let types = g
        .counters
        .types
        .iter()
        .map(|t| (&t.stack_points, t.id.as_str()));
    let units = g
        .counters
        .units
        .iter()
        .map(|u| (&u.stack_points, u.id.as_str()));
    let bad: Vec<(Sp<f64>, String)> = types
        .chain(units)
        .filter_map(|(v, id)| Some((v.as_ref()?, id)))
        .filter(|(v, _)| stacking::denominator(v.value).is_none())
        .map(|(v, id)| (v.clone(), id.to_string()))
        .collect();
    for (v, id) in bad {
        cx.push(
            Diagnostic::error(
                "V0310",
                format!("`{id}` counts {} stacking points", v.value),
            )
            .at(f, v.span.clone(), "not a count the module can sum")
            .rule_opt(rule_of(&g.rules.stacking.rule))
            .help("give a whole number or a fraction of at most two decimals, not negative (0, 1, 2, 0.25, 0.5)"),
        );
    }
}

/// Per-side limits: one per side, none above `max_units`, a per-branch limit only where types have
/// branches.
fn side_limits(cx: &mut Context<'_>) {
    let g = cx.game;
    let st = &g.rules.stacking;
    let f = cx.rules_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for l in &st.limits {
        cx.reference(f, &l.side, "side", sides.iter().copied(), "[[sides]]");
        if !seen.insert(l.side.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V0704",
                    format!("side `{}` has two stacking limits", l.side.as_str()),
                )
                .at(f, l.side.span.clone(), "second limit")
                .rule_opt(rule_of(&l.rule))
                .help("give each side one [[stacking.limits]] entry"),
            );
        }
        if l.max_units.value > st.max_units.value {
            cx.push(
                Diagnostic::error(
                    "V0704",
                    format!(
                        "side `{}` may stack {} units, more than [stacking] max_units = {}",
                        l.side.as_str(),
                        l.max_units.value,
                        st.max_units.value
                    ),
                )
                .at(f, l.max_units.span.clone(), "above max_units")
                .rule_opt(rule_of(&l.rule))
                .help(
                    "max_units is the most any side may stack: raise it to the largest side limit",
                ),
            );
        }
        if let Some(b) = &l.max_per_branch {
            let any_branch = g.counters.types.iter().any(|t| t.branch.is_some());
            if !any_branch {
                cx.push(
                    Diagnostic::error(
                        "V0704",
                        "a per-branch stacking limit, but no unit type has a branch",
                    )
                    .at(f, b.span.clone(), "max_per_branch")
                    .rule_opt(rule_of(&l.rule))
                    .help("give [[types]] in counters/*.toml a `branch`"),
                );
            }
        }
    }
}

/// Setups: one side's units per hex within the side's limits (the V0301 check covers max_units alone).
fn setup_stacks(cx: &mut Context<'_>) {
    let g = cx.game;
    for s in &g.scenarios {
        let eff = g.effective(s);
        if eff.setup.0 != s.file {
            continue;
        }
        let mut stacks: BTreeMap<(HexId, &str), Vec<&Sp<String>>> = BTreeMap::new();
        for p in eff.setup.1 {
            let (Some(hex), Some(unit)) = (g.map.grid.parse(&p.hex), cx.units.get(p.unit.as_str()))
            else {
                continue;
            };
            stacks
                .entry((hex, unit.side.as_str()))
                .or_default()
                .push(&p.unit);
        }
        for ((hex, side), units) in stacks {
            setup_stack(cx, s.file, hex, side, &units);
        }
    }
}

/// One side's setup stack in one hex against the side's limits.
fn setup_stack(cx: &mut Context<'_>, file: FileId, hex: HexId, side: &str, units: &[&Sp<String>]) {
    let g = cx.game;
    let st = &g.rules.stacking;
    let ids: Vec<&str> = units.iter().map(|u| u.as_str()).collect();
    let limit = stacking::limit_for(st, side);
    let rule = st
        .limits
        .iter()
        .find(|l| l.side.as_str() == side)
        .and_then(|l| rule_of(&l.rule))
        .or(rule_of(&st.rule))
        .map(str::to_string);
    let stack: Vec<&Unit> = ids
        .iter()
        .filter_map(|id| cx.units.get(id).copied())
        .collect();
    for v in stacking::check_stack_of(g, side, &stack, Location::Hex(hex)) {
        let Some(last) = units.last() else { continue };
        let (message, help) = match v {
            // Above max_units but within the side's limit-free default: V0301 reports it.
            stacking::Violation::TooMany { count, max } => {
                if count > stacking::Points::whole(st.max_units.value, count.scale) {
                    continue;
                }
                (
                    format!(
                        "hex `{}` holds {count} {side} units at setup; {side} may stack {max}",
                        g.map.grid.label(hex)
                    ),
                    format!("move one of {} to another hex", ids.join(", ")),
                )
            }
            stacking::Violation::TooManyOfBranch { branch, count, max } => (
                format!(
                    "hex `{}` holds {count} {side} {branch} units at setup; at most {max} of one branch",
                    g.map.grid.label(hex)
                ),
                format!(
                    "the limit is {} units, at most {max} of one branch{}",
                    limit.max_units,
                    if st.when.is_empty() { String::new() } else { format!(" ({})", st.when) }
                ),
            ),
        };
        cx.push(
            Diagnostic::error("V0704", message)
                .at(file, last.span.clone(), "over the stacking limit")
                .rule_opt(rule.as_deref())
                .help(help),
        );
    }
}
