//! Checks of column shifts and of the counts and declarations they read.

use crate::concept::context::{id_strs, Context};
use crate::concept::game::ColumnShift;
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;
use crate::model::Sp;

/// The defender's terrain, city kind and side, and the feature attackers are across, that a column
/// shift names exist.
pub(super) fn shift_defender_targets(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let f = cx.rules_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let where_sides = "[[sides]] of rules/*.toml";
    let terrain_ids: Vec<&str> = r.terrain.iter().map(|t| t.id.as_str()).collect();
    let city_ids: Vec<&str> = r.city_kinds.iter().map(|t| t.id.as_str()).collect();
    let hexside_ids: Vec<&str> = r.hexside_features.iter().map(|t| t.id.as_str()).collect();
    for s in &r.combat.shifts {
        if let Some(t) = &s.defender_terrain {
            cx.reference(f, t, "terrain", terrain_ids.iter().copied(), "[[terrain]]");
        }
        if let Some(t) = &s.defender_city {
            cx.reference(
                f,
                t,
                "city kind",
                city_ids.iter().copied(),
                "[[city_kinds]]",
            );
        }
        if let Some(t) = &s.defender_side {
            cx.reference(f, t, "side", sides.iter().copied(), where_sides);
        }
        if let Some(t) = &s.all_attackers_across {
            cx.reference(
                f,
                t,
                "hexside feature",
                hexside_ids.iter().copied(),
                "[[hexside_features]]",
            );
        }
    }
}

/// The attacker's types and side and the weathers a column shift names exist; a shift cannot require
/// and exclude one weather, set a side against itself, or shift nothing.
pub(super) fn shift_attacker_conditions(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    let types = id_strs(&g.counters.types, |t| &t.id);
    let weather = id_strs(&r.weather, |w| &w.id);
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    for s in &r.combat.shifts {
        for t in &s.attacker_types {
            cx.reference(
                f,
                t,
                "unit type",
                types.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        if let Some(side) = &s.attacker_side {
            cx.reference(f, side, "side", sides.iter().copied(), "[[sides]]");
            if s.defender_side
                .as_ref()
                .is_some_and(|d| d.as_str() == side.as_str())
            {
                cx.push(
                    Diagnostic::error(
                        "V0706",
                        format!(
                            "shift `{}` has the same side attacking and defending",
                            s.id.as_str()
                        ),
                    )
                    .at(f, side.span.clone(), "attacker side")
                    .rule_opt(rule_of(&s.rule))
                    .help("a side never attacks itself; fix attacker_side or defender_side"),
                );
            }
        }
        for w in s.weather.iter().chain(&s.not_weather) {
            cx.reference(f, w, "weather", weather.iter().copied(), "[[weather]]");
        }
        for w in &s.weather {
            if s.not_weather.iter().any(|x| x.as_str() == w.as_str()) {
                cx.push(
                    Diagnostic::error(
                        "V0706",
                        format!(
                            "shift `{}` both needs and excludes weather `{}`",
                            s.id.as_str(),
                            w.as_str()
                        ),
                    )
                    .at(f, w.span.clone(), "in weather and not_weather")
                    .rule_opt(rule_of(&s.rule))
                    .help("remove it from one of the two lists"),
                );
            }
        }
        if crate::concept::combat::shifts::column_range(s, &r.combat).is_none() {
            cx.push(
                Diagnostic::warning(
                    "V0706",
                    format!("shift `{}` shifts no column", s.id.as_str()),
                )
                .at(f, s.id.span.clone(), "shift = 0")
                .rule_opt(rule_of(&s.rule))
                .help("negative shifts favour the defender, positive the attacker"),
            );
        }
    }
}

/// Counts and declarations, and the shifts that read them: the sides, counts and declarations named
/// exist; a count's range is not empty (V0730); a `by_count` shift's steps ascend within the count's
/// range (V0731); a shift takes its columns from one place only (V0732); and it does not both need and
/// exclude a declaration (V0733).
pub(super) fn counts_and_declarations(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let f = cx.rules_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let counts = id_strs(&r.combat.counts, |c| &c.id);
    let declarations = id_strs(&r.combat.declarations, |d| &d.id);
    for c in &r.combat.counts {
        if let Some(side) = &c.side {
            cx.reference(f, side, "side", sides.iter().copied(), "[[sides]]");
        }
        if let Some(max) = &c.max {
            if max.value < c.min() {
                cx.push(
                    Diagnostic::error(
                        "V0730",
                        format!(
                            "count `{}` ranges from {} down to {}",
                            c.id.as_str(),
                            c.min(),
                            max.value
                        ),
                    )
                    .at(f, max.span.clone(), "below min")
                    .rule_opt(rule_of(&c.rule))
                    .help("max is the highest value the count can take: at least min (0 when left out)"),
                );
            }
        }
    }
    for d in &r.combat.declarations {
        if let Some(side) = &d.side {
            cx.reference(f, side, "side", sides.iter().copied(), "[[sides]]");
        }
    }
    for s in &r.combat.shifts {
        let lists = [&s.declared, &s.not_declared];
        declaration_lists(cx, ("shift", &s.id, &s.rule), lists, &declarations);
        shift_column_sources(cx, s);
        shift_counts(cx, s, &counts);
    }
    for m in &r.combat.attack_modifiers {
        let lists = [&m.declared, &m.not_declared];
        declaration_lists(
            cx,
            ("attack modifier", &m.id, &m.rule),
            lists,
            &declarations,
        );
    }
}

/// A shift's or an attack modifier's declarations exist, and it does not both need and exclude one
/// (V0733). `of` names what lists them: its kind, id and rule.
fn declaration_lists(
    cx: &mut Context<'_>,
    (what, id, rule): (&str, &Sp<String>, &Option<Sp<String>>),
    [declared, not_declared]: [&Vec<Sp<String>>; 2],
    declarations: &[&str],
) {
    let f = cx.rules_file();
    let rule = rule_of(rule);
    for d in declared.iter().chain(not_declared) {
        cx.reference(
            f,
            d,
            "declaration",
            declarations.iter().copied(),
            "[[combat.declarations]]",
        );
    }
    for d in declared {
        if not_declared.iter().any(|x| x.as_str() == d.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V0733",
                    format!(
                        "{what} `{}` both needs and excludes declaration `{}`",
                        id.as_str(),
                        d.as_str()
                    ),
                )
                .at(f, d.span.clone(), "in declared and not_declared")
                .rule_opt(rule)
                .help("remove it from one of the two lists"),
            );
        }
    }
}

/// A shift takes its columns from one place only (V0732).
fn shift_column_sources(cx: &mut Context<'_>, s: &ColumnShift) {
    let f = cx.rules_file();
    let rule = rule_of(&s.rule);
    let sources = [
        (s.shift != 0, "shift"),
        (s.by_count.is_some(), "by_count"),
        (s.per_count.is_some(), "per_count"),
    ];
    let given: Vec<&str> = sources
        .iter()
        .filter(|(g, _)| *g)
        .map(|(_, k)| *k)
        .collect();
    if given.len() > 1 {
        cx.push(
            Diagnostic::error(
                "V0732",
                format!(
                    "shift `{}` gives its columns twice: {}",
                    s.id.as_str(),
                    given.join(" and ")
                ),
            )
            .at(f, s.id.span.clone(), "one shift")
            .rule_opt(rule)
            .help("give `shift` for a fixed number of columns, `by_count` for columns by ranges of a count, or `per_count` for columns per point; split it into two shifts if both apply"),
        );
    }
}

/// A shift's counts exist; a `by_count` shift's steps ascend within the count's range (V0731).
fn shift_counts(cx: &mut Context<'_>, s: &ColumnShift, counts: &[&str]) {
    let r = &cx.game.rules;
    let f = cx.rules_file();
    let rule = rule_of(&s.rule);
    if let Some(per) = &s.per_count {
        cx.reference(
            f,
            &per.count,
            "count",
            counts.iter().copied(),
            "[[combat.counts]]",
        );
    }
    let Some(by) = &s.by_count else {
        return;
    };
    if !cx.reference(
        f,
        &by.count,
        "count",
        counts.iter().copied(),
        "[[combat.counts]]",
    ) {
        return;
    }
    let count = r
        .combat
        .counts
        .iter()
        .find(|c| c.id.as_str() == by.count.as_str());
    let mut previous: Option<u32> = None;
    for step in &by.steps {
        let at = step.at_least.value;
        if previous.is_some_and(|p| at <= p) {
            cx.push(
                Diagnostic::error(
                    "V0731",
                    format!(
                        "shift `{}`: the steps of count `{}` do not ascend ({at} after {})",
                        s.id.as_str(),
                        by.count.as_str(),
                        previous.unwrap_or(0)
                    ),
                )
                .at(f, step.at_least.span.clone(), "not above the step before")
                .rule_opt(rule)
                .help("list the steps from the lowest at_least to the highest, each one higher"),
            );
        }
        if let Some(c) = count {
            if at < c.min() || c.max().is_some_and(|m| at > m) {
                let range = match c.max() {
                    Some(m) => format!("{}..{m}", c.min()),
                    None => format!("{} or more", c.min()),
                };
                cx.push(
                    Diagnostic::error(
                        "V0731",
                        format!(
                            "shift `{}`: step at {at} is outside count `{}` ({range})",
                            s.id.as_str(),
                            by.count.as_str()
                        ),
                    )
                    .at(f, step.at_least.span.clone(), "never reached")
                    .rule_opt(rule)
                    .help("a step starts at a value the count can take"),
                );
            }
        }
        previous = Some(at);
    }
}
