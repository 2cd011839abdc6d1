//! The completeness report: every fact the data marks unknown, listed precisely, so that a designer
//! sees what a module still lacks. Missing facts are warnings, facts held by inference are notes.
//! Codes V08xx. Data that marks nothing unknown (a complete game) gets no diagnostic from here.

use super::{Context, Seg};
use crate::diag::Diagnostic;
use crate::model::{parse_value_slots, FileId, Gap, Sp};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn check(cx: &mut Context<'_>) {
    gaps(cx);
    unit_values(cx);
    crt(cx);
    cards(cx);
    grid_and_terrain(cx);
    areas(cx);
    cities(cx);
    placements(cx);
}

fn rule_of(rule: &Option<Sp<String>>) -> Option<&str> {
    rule.as_ref().map(|r| r.as_str())
}

/// `[[missing]]` (warnings) and `[[inferred]]` (notes) of every file.
fn gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    let mut lists: Vec<(FileId, &[Gap], &[Gap])> = vec![
        (g.rules.file, &g.rules.missing, &g.rules.inferred),
        (g.counters.file, &g.counters.missing, &g.counters.inferred),
        (g.map.file, &g.map.missing, &g.map.inferred),
    ];
    for s in &g.scenarios {
        lists.push((s.file, &s.missing, &s.inferred));
    }
    for (file, missing, inferred) in lists {
        for m in missing {
            let mut d = Diagnostic::warning("V0801", format!("missing: {}", m.what.as_str()))
                .at(file, m.what.span.clone(), "not in the sources")
                .rule_opt(rule_of(&m.rule));
            d = d.help(describe(m));
            cx.push(d);
        }
        for m in inferred {
            let d = Diagnostic::note("V0802", format!("inferred: {}", m.what.as_str()))
                .at(file, m.what.span.clone(), "not stated; inferred")
                .rule_opt(rule_of(&m.rule))
                .help(describe(m));
            cx.push(d);
        }
    }
}

fn describe(m: &Gap) -> String {
    let mut parts = Vec::new();
    if !m.why.is_empty() {
        parts.push(m.why.clone());
    }
    if !m.affects.is_empty() {
        parts.push(format!("affects: {}", m.affects));
    }
    if let Some(s) = &m.source {
        parts.push(format!("source: {}", s.as_str()));
    }
    parts.join("; ")
}

/// Counter values written `?`, per unit, with the derived values that depend on them.
fn unit_values(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    let f = c.file;
    let names = &c.counters.values;
    for u in &c.units {
        let mut unknown: Vec<String> = Vec::new();
        let mut first_span = None;
        for face in c.faces_of(u) {
            let Some(value) = u.faces.get(face) else {
                continue;
            };
            let Some(slots) = parse_value_slots(value) else {
                continue;
            };
            let missing: Vec<&str> = slots
                .iter()
                .zip(names)
                .filter(|(v, _)| v.is_none())
                .map(|(_, n)| n.as_str())
                .collect();
            if !missing.is_empty() {
                first_span.get_or_insert(value.span.clone());
                unknown.push(format!("{} ({face})", missing.join(", ")));
            }
            for d in &c.counters.derived {
                if d.from_face.as_str() != face {
                    continue;
                }
                let index = names.iter().position(|n| n == d.value.as_str());
                let has_on_face = u.faces.contains_key(d.on_face.as_str());
                if has_on_face
                    && index
                        .and_then(|i| slots.get(i))
                        .is_some_and(|v| v.is_none())
                {
                    unknown.push(format!(
                        "{} on the {} face (= {face} {})",
                        d.name.as_str(),
                        d.on_face.as_str(),
                        d.value.as_str()
                    ));
                }
            }
        }
        if let Some(span) = first_span {
            cx.push(
                Diagnostic::warning(
                    "V0803",
                    format!(
                        "unit `{}` ({}): unknown {}",
                        u.id.as_str(),
                        u.display_name(),
                        unknown.join("; ")
                    ),
                )
                .at(f, span, "`?` = not in the sources")
                .rule_opt(rule_of(&u.rule).or(rule_of(&c.counters.rule)))
                .help("replace each `?` with the printed value once the counter is known"),
            );
        }
    }
}

/// An unknown CRT (with the cells that are known) and an unknown odds cap.
fn crt(cx: &mut Context<'_>) {
    let g = cx.game;
    let combat = &g.rules.combat;
    let f = g.rules.file;
    let rule = rule_of(&combat.rule);
    if !combat.table_known {
        let dice = &g.rules.dice;
        let rolls = (u64::from(dice.count) * u64::from(dice.faces))
            .saturating_sub(u64::from(dice.count))
            .saturating_add(1);
        let total = rolls.saturating_mul(combat.columns.len() as u64);
        let known: BTreeSet<(&str, u32)> = combat
            .known_cells
            .iter()
            .map(|k| (k.column.as_str(), k.roll.value))
            .collect();
        let listed: Vec<String> = combat
            .known_cells
            .iter()
            .map(|k| {
                format!(
                    "{} roll {} = {}",
                    k.column.as_str(),
                    k.roll.value,
                    k.result.as_str()
                )
            })
            .collect();
        let unknown_columns: Vec<&str> = combat
            .columns
            .iter()
            .map(|c| c.as_str())
            .filter(|c| !known.iter().any(|(k, _)| k == c))
            .collect();
        cx.push(
            Diagnostic::warning(
                "V0804",
                format!(
                    "the combat results table is unknown: {} of {total} cells known",
                    known.len()
                ),
            )
            .at(
                f,
                cx.span_of(
                    f,
                    &[Seg::Key("combat"), Seg::Key("table_known")],
                    combat.kind.span.clone(),
                ),
                "the table is not in the sources",
            )
            .rule_opt(rule)
            .help(format!(
                "known: {}; columns with no known cell: {}",
                if listed.is_empty() {
                    "none".to_string()
                } else {
                    listed.join(", ")
                },
                if unknown_columns.is_empty() {
                    "none".to_string()
                } else {
                    unknown_columns.join(" ")
                }
            )),
        );
    }
    if !combat.cap_known {
        cx.push(
            Diagnostic::warning("V0805", "the odds cap before column shifts is unknown")
                .at(
                    f,
                    cx.span_of(
                        f,
                        &[Seg::Key("combat"), Seg::Key("cap_known")],
                        combat.cap.span.clone(),
                    ),
                    "no cap is applied",
                )
                .rule_opt(rule_of(&combat.cap_rule).or(rule))
                .help("the rules state no cap: odds better than the last column keep their shifts"),
        );
    }
}

/// Card allotments per side and turn, deck contents, card counts and printed uses.
fn cards(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    if let Some(cp) = &g.rules.card_play {
        let turns = g.rules.turns.count.value;
        for d in &c.decks {
            let side = d.side.as_str();
            let given: BTreeSet<u32> = cp
                .allotments
                .iter()
                .filter(|a| a.side.as_str() == side)
                .map(|a| a.turn.value)
                .collect();
            let missing: Vec<String> = (1..=turns)
                .filter(|t| !given.contains(t))
                .map(|t| t.to_string())
                .collect();
            if !missing.is_empty() {
                cx.push(
                    Diagnostic::warning(
                        "V0806",
                        format!(
                            "card allotment of `{side}` unknown for turn{} {}",
                            if missing.len() == 1 { "" } else { "s" },
                            missing.join(", ")
                        ),
                    )
                    .at(g.rules.file, cp.selection.span.clone(), "allotments per turn")
                    .rule_opt(rule_of(&cp.rule))
                    .help(format!(
                        "add [[card_play.allotments]] side = \"{side}\", turn = …, cards = … (0 to {})",
                        d.size.value
                    )),
                );
            }
        }
    }
    let mut totals: BTreeMap<&str, (u32, bool)> = BTreeMap::new();
    for card in &c.cards {
        let e = totals.entry(card.side.as_str()).or_insert((0, true));
        e.0 = e.0.saturating_add(card.count.value);
        e.1 &= card.count_known;
        let mut unknown = Vec::new();
        if !card.count_known {
            unknown.push(format!("number of copies (at least {})", card.count.value));
        }
        if !card.uses_known {
            let known: Vec<&str> = card.uses.iter().map(|u| u.as_str()).collect();
            let not: Vec<&str> = card.not_uses.iter().map(|u| u.as_str()).collect();
            let mut s = format!(
                "printed uses (known: {}",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            );
            if !not.is_empty() {
                s.push_str(&format!("; not: {}", not.join(", ")));
            }
            s.push(')');
            unknown.push(s);
        }
        if !unknown.is_empty() {
            cx.push(
                Diagnostic::warning(
                    "V0807",
                    format!(
                        "card `{}` ({}): unknown {}",
                        card.id.as_str(),
                        card.name,
                        unknown.join("; ")
                    ),
                )
                .at(c.file, card.id.span.clone(), "card face not in the sources")
                .rule_opt(rule_of(&card.rule))
                .help("set count_known / uses_known to true once the printed card is known"),
            );
        }
    }
    for d in &c.decks {
        let (n, exact) = totals.get(d.side.as_str()).copied().unwrap_or((0, true));
        if n < d.size.value {
            let gap = d.size.value - n;
            cx.push(
                Diagnostic::warning(
                    "V0808",
                    format!(
                        "{gap} of the {} cards of `{}` {} unknown",
                        d.size.value,
                        d.side.as_str(),
                        if gap == 1 { "is" } else { "are" }
                    ),
                )
                .at(c.file, d.size.span.clone(), format!("{n} known"))
                .rule_opt(rule_of(&d.rule))
                .help(if exact {
                    "add the missing [[cards]]".to_string()
                } else {
                    "each missing card is a card not yet named, or another copy of a named card whose count is not known".to_string()
                }),
            );
        }
    }
}

/// Unknown grid geometry and unknown terrain.
fn grid_and_terrain(cx: &mut Context<'_>) {
    let g = cx.game;
    let m = &g.map;
    let grid = &m.grid;
    let f = m.file;
    if !grid.geometry_known() {
        let hexes: Vec<String> = grid.hexes().into_iter().map(|h| grid.label(h)).collect();
        let span = grid
            .geometry
            .as_ref()
            .map_or(grid.kind.span.clone(), |x| x.span.clone());
        cx.push(
            Diagnostic::warning(
                "V0809",
                "the hex grid's layout is unknown: orientation, numbering and extent",
            )
            .at(f, span, "geometry = \"unknown\"")
            .rule_opt(rule_of(&grid.rule))
            .help(format!(
                "{} hexes known by number: {}; adjacency known for {} pair{}",
                hexes.len(),
                hexes.join(" "),
                grid.adjacent.len(),
                if grid.adjacent.len() == 1 { "" } else { "s" }
            )),
        );
    }
    let unknown: Vec<&str> = g
        .rules
        .terrain
        .iter()
        .filter(|t| t.unknown)
        .map(|t| t.id.as_str())
        .collect();
    if unknown.is_empty() {
        return;
    }
    let hexes: Vec<String> = cx
        .terrain_of
        .iter()
        .filter(|(_, t)| unknown.contains(t))
        .map(|(h, _)| grid.label(*h))
        .collect();
    if !hexes.is_empty() {
        let span = if unknown.contains(&m.terrain.default.as_str()) {
            m.terrain.default.span.clone()
        } else {
            m.terrain
                .hexes
                .iter()
                .find(|(t, _)| unknown.contains(&t.as_str()))
                .and_then(|(_, l)| l.first())
                .map_or(m.terrain.default.span.clone(), |h| h.span.clone())
        };
        cx.push(
            Diagnostic::warning(
                "V0810",
                format!(
                    "terrain unknown for {} of {} hexes",
                    hexes.len(),
                    cx.terrain_of.len()
                ),
            )
            .at(f, span, "unknown terrain")
            .rule_opt(rule_of(&m.terrain.rule))
            .help(format!("hexes: {}", hexes.join(" "))),
        );
    }
}

/// Areas whose adjacent hexes are known only in part.
fn areas(cx: &mut Context<'_>) {
    let g = cx.game;
    for (i, a) in g.map.areas.iter().enumerate() {
        if a.adjacent_known {
            continue;
        }
        let span = cx.span_of(
            g.map.file,
            &[Seg::Key("areas"), Seg::Index(i), Seg::Key("adjacent_known")],
            a.id.span.clone(),
        );
        let known: Vec<&str> = a.adjacent_hexes.iter().map(|h| h.as_str()).collect();
        cx.push(
            Diagnostic::warning(
                "V0811",
                format!(
                    "area `{}` ({}): the hexes it borders are unknown",
                    a.id.as_str(),
                    a.name
                ),
            )
            .at(g.map.file, span, "boundary not in the sources")
            .rule_opt(rule_of(&a.rule))
            .help(format!(
                "known: {}",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(" ")
                }
            )),
        );
    }
}

/// Cities without a hex, and city keys the sources do not give.
fn cities(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.map.file;
    for c in &g.map.unlocated_cities {
        let mut known = Vec::new();
        if let Some(k) = &c.kind {
            known.push(format!("kind {}", k.as_str()));
        }
        if !c.adjacent_hexes.is_empty() {
            let hexes: Vec<&str> = c.adjacent_hexes.iter().map(|h| h.as_str()).collect();
            known.push(format!("adjacent to {}", hexes.join(" ")));
        }
        let span = c
            .adjacent_hexes
            .first()
            .map(|h| h.span.clone())
            .or_else(|| c.source.as_ref().map(|s| s.span.clone()))
            .or_else(|| c.rule.as_ref().map(|s| s.span.clone()))
            .unwrap_or(0..0);
        let what = if c.kind.is_none() {
            "hex and kind"
        } else {
            "hex"
        };
        cx.push(
            Diagnostic::warning("V0812", format!("city {}: {what} unknown", c.name))
                .at(f, span, "named in the sources, not placed")
                .rule_opt(rule_of(&c.rule))
                .help(if known.is_empty() {
                    "only its name is known".to_string()
                } else {
                    format!("known: {}", known.join("; "))
                }),
        );
    }
    for c in &g.map.cities {
        for key in &c.unknown {
            let value = match key.as_str() {
                "kind" => c.kind.as_str(),
                "control" => c.control.as_str(),
                _ => continue,
            };
            cx.push(
                Diagnostic::warning(
                    "V0813",
                    format!("city {} ({}): {} unknown", c.name, c.hex.as_str(), key.as_str()),
                )
                .at(f, key.span.clone(), "not in the sources")
                .rule_opt(rule_of(&c.rule))
                .help(format!(
                    "the data writes `{value}`, the least the sources support; correct it and remove the key from `unknown`"
                )),
            );
        }
    }
}

/// Units whose start is known only in part.
fn placements(cx: &mut Context<'_>) {
    let g = cx.game;
    for s in &g.scenarios {
        for u in &s.unplaced {
            cx.push(
                Diagnostic::warning(
                    "V0814",
                    format!("unit `{}`: start position unknown", u.unit.as_str()),
                )
                .at(s.file, u.unit.span.clone(), "not placed")
                .rule_opt(rule_of(&u.rule).or(rule_of(&s.scenario.rule)))
                .help(format!("known: {}", u.known)),
            );
        }
    }
}
