//! Checks of control and victory: victory hexes, designated cities, victory points.

use crate::concept::context::{duplicates, id_strs, one_of, Context};
use crate::concept::provenance::rule_of;
use crate::concept::victory::{CityDesignation, VictoryPoints, VpTerm};
use crate::concept::victory::{LossRounding, VpCount};
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;
use crate::model::FileId;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    victory_hexes(cx);
    designations(cx);
    victory_points(cx);
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

/// Designated cities: every reference resolves, result changes use declared results.
fn designations(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    duplicates(
        cx,
        f,
        "city designation",
        r.city_designations.iter().map(|d| &d.id),
    );
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let phases = id_strs(&r.phases, |p| &p.id);
    let cards = id_strs(&g.counters.cards, |c| &c.id);
    let markers = id_strs(&g.counters.markers, |m| &m.id);
    let kinds = id_strs(&r.city_kinds, |k| &k.id);
    for d in &r.city_designations {
        cx.reference(f, &d.side, "side", sides.iter().copied(), "[[sides]]");
        if let Some(p) = &d.phase {
            if cx.reference(f, p, "phase", phases.iter().copied(), "[[phases]]") {
                let phase_side = r
                    .phases
                    .iter()
                    .find(|x| x.id.as_str() == p.as_str())
                    .and_then(|x| x.side.as_ref());
                if phase_side.is_some_and(|s| s.as_str() != d.side.as_str()) {
                    cx.push(
                        Diagnostic::error(
                            "V0710",
                            format!("`{}` is designated in another side's phase", d.name),
                        )
                        .at(f, p.span.clone(), "not a phase of the designating side")
                        .rule_opt(rule_of(&d.rule))
                        .help("name a phase of the side that designates"),
                    );
                }
            }
        }
        if let Some(c) = &d.discard_card {
            if cx.reference(
                f,
                c,
                "card",
                cards.iter().copied(),
                "[[cards]] of counters/*.toml",
            ) {
                let card_side = g
                    .counters
                    .cards
                    .iter()
                    .find(|x| x.id.as_str() == c.as_str())
                    .map(|x| x.side.as_str());
                if card_side != Some(d.side.as_str()) {
                    cx.push(
                        Diagnostic::error(
                            "V0710",
                            format!("`{}` discards a card of another side", d.name),
                        )
                        .at(f, c.span.clone(), "not the designating side's card")
                        .rule_opt(rule_of(&d.rule))
                        .help("a side discards its own cards"),
                    );
                }
            }
        }
        if let Some(m) = &d.marker {
            cx.reference(
                f,
                m,
                "marker",
                markers.iter().copied(),
                "[[markers]] of counters/*.toml",
            );
        }
        if let Some(k) = &d.counts_as {
            cx.reference(f, k, "city kind", kinds.iter().copied(), "[[city_kinds]]");
        }
        if let Some(t) = &d.times {
            if t.value == 0 {
                cx.push(
                    Diagnostic::error("V0710", format!("`{}` may never be designated", d.name))
                        .at(f, t.span.clone(), "times = 0")
                        .rule_opt(rule_of(&d.rule))
                        .help("times is how often a game allows it; leave it out for no limit"),
                );
            }
        }
        designation_result_changes(cx, d);
    }
}

/// The combat results a designated city changes are declared, and the attacks changed are the other
/// side's.
fn designation_result_changes(cx: &mut Context<'_>, d: &CityDesignation) {
    let r = &cx.game.rules;
    let f = cx.rules_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let codes = id_strs(&r.combat.results, |c| &c.code);
    for rc in &d.result_changes {
        cx.reference(
            f,
            &rc.from,
            "combat result",
            codes.iter().copied(),
            "[[combat.results]]",
        );
        cx.reference(
            f,
            &rc.to,
            "combat result",
            codes.iter().copied(),
            "[[combat.results]]",
        );
        if let Some(s) = &rc.attacker_side {
            cx.reference(f, s, "side", sides.iter().copied(), "[[sides]]");
            if s.as_str() == d.side.as_str() {
                cx.push(
                        Diagnostic::warning(
                            "V0710",
                            format!("`{}` changes results of the designating side's own attacks", d.name),
                        )
                        .at(f, s.span.clone(), "attacker side")
                        .rule_opt(rule_of(&d.rule))
                        .help("the city is the designating side's: attacks on it come from the other side"),
                    );
            }
        }
    }
}

/// Victory points: sides, kinds, types and faces resolve; counts and rounding are known words;
/// thresholds are consistent.
fn victory_points(cx: &mut Context<'_>) {
    let g = cx.game;
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    for s in &g.scenarios {
        let f = s.file;
        let Some(v) = &s.victory else { continue };
        let Some(vp) = &v.points else { continue };
        cx.reference(
            f,
            &vp.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        if let Some(r) = &vp.loss_rounding {
            one_of(cx, f, r, "rounding", &LossRounding::words());
        }
        for t in &vp.terms {
            victory_point_term(cx, f, vp, t);
        }
        victory_point_thresholds(cx, f, vp);
    }
}

/// One victory-point term counts a known thing, filtered by ids that exist and fit it, at a valid rate.
fn victory_point_term(cx: &mut Context<'_>, f: FileId, vp: &VictoryPoints, t: &VpTerm) {
    let g = cx.game;
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let kinds = id_strs(&g.rules.city_kinds, |k| &k.id);
    let types = id_strs(&g.counters.types, |t| &t.id);
    let faces = cx.faces.clone();
    let count_ok = cx.reference(
        f,
        &t.count,
        "thing to count",
        VpCount::words(),
        "vmodc's data format",
    );
    for k in &t.city_kinds {
        cx.reference(
            f,
            k,
            "city kind",
            kinds.iter().copied(),
            "[[city_kinds]] of rules/*.toml",
        );
    }
    if let Some(c) = &t.controlled_by {
        cx.reference(
            f,
            c,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
    }
    for x in &t.sides {
        cx.reference(
            f,
            x,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
    }
    for x in &t.unit_types {
        cx.reference(
            f,
            x,
            "unit type",
            types.iter().copied(),
            "[[types]] of counters/*.toml",
        );
    }
    for x in &t.faces {
        cx.reference(f, x, "face", faces.iter().copied(), "[counters] faces");
    }
    let bad = !t.points.is_finite() || t.points < 0.0 || t.per == 0;
    if bad {
        cx.push(
            Diagnostic::error(
                "V0711",
                format!("victory-point term `{}` has no valid rate", t.name),
            )
            .at(f, t.count.span.clone(), "points per `per` things")
            .rule_opt(rule_of(&t.rule).or(rule_of(&vp.rule)))
            .help(
                "points is a non-negative number (mark losses with loss = true); per is 1 or more",
            ),
        );
    }
    if count_ok {
        let city_filters = !t.city_kinds.is_empty() || t.controlled_by.is_some();
        let unit_filters = !t.unit_types.is_empty() || !t.faces.is_empty();
        let misplaced = match t.counts() {
            Some(VpCount::Cities) => unit_filters,
            Some(VpCount::Units | VpCount::Eliminated) | None => city_filters,
            Some(VpCount::Count) => city_filters || unit_filters || !t.sides.is_empty(),
        };
        if misplaced {
            cx.push(
                        Diagnostic::error(
                            "V0711",
                            format!("victory-point term `{}` mixes city and unit filters", t.name),
                        )
                        .at(f, t.count.span.clone(), "what is counted")
                        .rule_opt(rule_of(&t.rule).or(rule_of(&vp.rule)))
                        .help("cities take city_kinds and controlled_by; units and eliminated take sides, unit_types and faces; a count takes none"),
                    );
        }
    }
    term_count_and_bands(cx, f, vp, t);
}

/// A `count` term names one of the rules' counts (`of`); bands ascend.
fn term_count_and_bands(cx: &mut Context<'_>, f: FileId, vp: &VictoryPoints, t: &VpTerm) {
    let rule = rule_of(&t.rule).or(rule_of(&vp.rule));
    if t.counts() == Some(VpCount::Count) {
        let counts = id_strs(&cx.game.rules.combat.counts, |c| &c.id);
        match &t.of {
            Some(of) => {
                cx.reference(f, of, "count", counts.iter().copied(), "[[combat.counts]]");
            }
            None => cx.push(
                Diagnostic::error(
                    "V0711",
                    format!("victory-point term `{}` counts no count", t.name),
                )
                .at(f, t.count.span.clone(), "count = \"count\" without `of`")
                .rule_opt(rule)
                .help(format!("name the count with `of`: {}", counts.join(", "))),
            ),
        }
    }
    for pair in t.bands.windows(2) {
        if pair[1].at_least.value <= pair[0].at_least.value {
            cx.push(
                Diagnostic::error(
                    "V0711",
                    format!("victory-point term `{}`: bands do not ascend", t.name),
                )
                .at(
                    f,
                    pair[1].at_least.span.clone(),
                    "not above the band before",
                )
                .rule_opt(rule)
                .help("list the bands from the lowest at_least to the highest"),
            );
        }
    }
}

/// Victory-point thresholds name winning sides, have bounds that can be reached, and leave no whole
/// score to two results.
fn victory_point_thresholds(cx: &mut Context<'_>, f: FileId, vp: &VictoryPoints) {
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    for th in &vp.thresholds {
        cx.reference(
            f,
            &th.winner,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        if let (Some(lo), Some(hi)) = (&th.at_least, &th.at_most) {
            if lo.value > hi.value {
                cx.push(
                    Diagnostic::error("V0711", format!("`{}` can never be reached", th.result))
                        .at(
                            f,
                            lo.span.clone(),
                            format!("at_least {} > at_most {}", lo.value, hi.value),
                        )
                        .rule_opt(rule_of(&vp.rule))
                        .help("swap the bounds"),
                );
            }
        }
        if th.at_least.is_none() && th.at_most.is_none() {
            cx.push(
                Diagnostic::error("V0711", format!("threshold `{}` has no bound", th.result))
                    .at(f, th.winner.span.clone(), "at what score?")
                    .rule_opt(rule_of(&vp.rule))
                    .help("give at_least, at_most or both"),
            );
        }
    }
    // Thresholds leave no whole score to two results.
    let ranges: Vec<(i64, i64, &str)> = vp
        .thresholds
        .iter()
        .map(|t| {
            (
                t.at_least.as_ref().map_or(i64::MIN, |x| x.value),
                t.at_most.as_ref().map_or(i64::MAX, |x| x.value),
                t.result.as_str(),
            )
        })
        .collect();
    for (i, a) in ranges.iter().enumerate() {
        for b in &ranges[i + 1..] {
            if a.0.max(b.0) <= a.1.min(b.1) {
                let span = vp.thresholds[i].winner.span.clone();
                cx.push(
                    Diagnostic::error(
                        "V0711",
                        format!(
                            "scores from {} give both `{}` and `{}`",
                            a.0.max(b.0),
                            a.2,
                            b.2
                        ),
                    )
                    .at(f, span, "overlapping thresholds")
                    .rule_opt(rule_of(&vp.rule))
                    .help("make the score ranges disjoint"),
                );
            }
        }
    }
}
