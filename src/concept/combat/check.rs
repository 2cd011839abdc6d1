//! Checks of combat: the CRT (columns, cap, rows, result codes, reversals), column shifts, attack
//! modifiers, automatic results and known cells, and what the sources lack of the table.

use crate::concept::combat::odds::{parse_odds, Odds};
use crate::concept::context::{duplicates, id_strs, ids, Context, Seg};
use crate::concept::game::ColumnShift;
use crate::concept::provenance::{rule_of, Component};
use crate::diag::Diagnostic;
use crate::model::{FileId, Sp};
use std::collections::{BTreeMap, BTreeSet};

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    combat_ids_unique(cx);
    shift_defender_targets(cx);
    attack_modifiers(cx);
    combat_kind_and_columns(cx);
    crt_table(cx);
    shift_attacker_conditions(cx);
    counts_and_declarations(cx);
    automatic_results(cx);
    fixed_fire(cx);
    roll_modifiers(cx);
    result_spelling(cx);
    attack_kinds(cx);
    surprise(cx);
    known_cells(cx);
    crt_gaps(cx);
    action_rating(cx);
    strength_modifiers(cx);
    defence_bonuses(cx);
}

/// Result codes, shift ids and attack modifier ids are unique.
fn combat_ids_unique(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let f = cx.rules_file();
    duplicates(cx, f, "combat result", ids(&r.combat.results, |s| &s.code));
    duplicates(cx, f, "column shift", ids(&r.combat.shifts, |s| &s.id));
    duplicates(cx, f, "count", ids(&r.combat.counts, |c| &c.id));
    duplicates(cx, f, "declaration", ids(&r.combat.declarations, |d| &d.id));
    duplicates(
        cx,
        f,
        "attack modifier",
        ids(&r.combat.attack_modifiers, |s| &s.id),
    );
    duplicates(
        cx,
        f,
        "strength modifier",
        ids(&r.combat.strength_modifiers, |s| &s.id),
    );
    duplicates(
        cx,
        f,
        "defence bonus",
        ids(&r.combat.defence_bonuses, |s| &s.id),
    );
}

/// The defender's terrain, city kind and side, and the feature attackers are across, that a column
/// shift names exist.
fn shift_defender_targets(cx: &mut Context<'_>) {
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

/// Attack modifiers name weathers and unit types that exist, and do not divide by zero.
fn attack_modifiers(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    let weather_ids: Vec<&str> = r.weather.iter().map(|w| w.id.as_str()).collect();
    let type_ids: Vec<&str> = g.counters.types.iter().map(|t| t.id.as_str()).collect();
    let features = id_strs(&r.hexside_features, |h| &h.id);
    for (i, m) in r.combat.attack_modifiers.iter().enumerate() {
        if let Some(w) = &m.weather {
            cx.reference(f, w, "weather", weather_ids.iter().copied(), "[[weather]]");
        }
        if let Some(a) = &m.across {
            cx.reference(
                f,
                a,
                "hexside feature",
                features.iter().copied(),
                "[[hexside_features]]",
            );
        }
        for w in &m.not_weather {
            cx.reference(f, w, "weather", weather_ids.iter().copied(), "[[weather]]");
        }
        if let Some(rounding) = &m.rounding {
            use crate::concept::combat::ModifierRounding;
            use crate::model::keyword::Keyword;
            let words = ModifierRounding::words();
            cx.reference(
                f,
                rounding,
                "rounding",
                words.iter().copied(),
                "vmodc's attack modifiers",
            );
        }
        for t in &m.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                type_ids.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        if m.denominator == 0 {
            let span = cx.span_of(
                f,
                &[
                    Seg::Key("combat"),
                    Seg::Key("attack_modifiers"),
                    Seg::Index(i),
                    Seg::Key("denominator"),
                ],
                m.id.span.clone(),
            );
            cx.push(
                Diagnostic::error("V0108", "attack modifier divides by zero")
                    .at(f, span, "denominator = 0")
                    .rule_opt(m.rule.as_deref().map(|s| s.as_str()))
                    .help("use a denominator of 1 or more"),
            );
        }
    }
}

/// The combat kind is supported and the columns and the cap are written as odds.
fn combat_kind_and_columns(cx: &mut Context<'_>) {
    odds_reading(cx);
    let r = &cx.game.rules;
    let f = cx.rules_file();
    if r.combat.kind().is_none() {
        cx.push(
            Diagnostic::error(
                "V0109",
                format!("combat kind `{}` is not supported", r.combat.kind.as_str()),
            )
            .at(f, r.combat.kind.span.clone(), "unknown kind")
            .help("supported: \"odds\" (attack divided by defence, rounded down)"),
        );
    }
    for c in r
        .combat
        .columns
        .iter()
        .chain(std::iter::once(&r.combat.cap))
    {
        if parse_odds(c).is_none() {
            cx.push(
                Diagnostic::error("V0110", format!("`{}` is not an odds column", c.as_str()))
                    .at(f, c.span.clone(), "expected `a:d`")
                    .help("write odds columns as \"3:1\" or \"1:2\""),
            );
        }
    }
}

/// The CRT is complete for every column and roll, uses only defined results, and does not get better
/// for the defender as odds rise unless the data says the printed table does so.
fn crt_table(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let dice = &g.rules.dice;
    if !crate::concept::sequence::dice_usable(dice) {
        return; // V0104
    }
    let rolls: Vec<u32> = (dice.count..=dice.count * dice.faces).collect();
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
        crt_row(cx, key, row);
    }
    acknowledged_reversals(cx);
    odds_cap(cx);
}

/// One row of the CRT: a possible roll, one result per column, declared results, and results that do
/// not get better for the defender as odds rise unless acknowledged.
fn crt_row(cx: &mut Context<'_>, key: &str, row: &Sp<Vec<Sp<String>>>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let dice = &g.rules.dice;
    let rolls = dice.count..=dice.count * dice.faces;
    let codes: Vec<&str> = combat.results.iter().map(|r| r.code.as_str()).collect();
    let columns = combat.columns.len();
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

/// Acknowledged reversals name a real roll and column, and still occur.
fn acknowledged_reversals(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.rule).map(str::to_string);
    let codes: Vec<&str> = combat.results.iter().map(|r| r.code.as_str()).collect();
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
}

/// The odds cap is one of the CRT columns (the module caps at that column, so a cap the table lacks
/// would cap nothing), and normally the last one. A cap the data marks unknown is not applied, but it
/// must still name a column.
fn odds_cap(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = g.rules.file;
    let combat = &g.rules.combat;
    let rule = rule_of(&combat.cap_rule).or(rule_of(&combat.rule));
    let columns: Option<Vec<(u32, u32)>> = combat.columns.iter().map(|c| parse_odds(c)).collect();
    let (Some(cap), Some(columns)) = (parse_odds(&combat.cap), columns) else {
        return; // V0110
    };
    let Some(&last) = columns.last() else {
        return;
    };
    if !columns.contains(&cap) {
        let names: Vec<&str> = combat.columns.iter().map(|c| c.as_str()).collect();
        cx.push(
            Diagnostic::error(
                "V0306",
                format!("odds cap {} is not a CRT column", combat.cap.as_str()),
            )
            .at(
                f,
                combat.cap.span.clone(),
                "not a column of [combat] columns",
            )
            .rule_opt(rule)
            .help(format!(
                "the cap is one of the columns {} (normally the last, {})",
                names.join(" "),
                names.last().copied().unwrap_or_default()
            )),
        );
        return;
    }
    if combat.cap_known && cap != last {
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

/// The attacker's types and side and the weathers a column shift names exist; a shift cannot require
/// and exclude one weather, set a side against itself, or shift nothing.
fn shift_attacker_conditions(cx: &mut Context<'_>) {
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
fn counts_and_declarations(cx: &mut Context<'_>) {
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

/// `rounding`, `beyond_first` and `beyond_last` are words vmodc knows.
fn odds_reading(cx: &mut Context<'_>) {
    let values = cx.game.counters.counters.value_names();
    let f = cx.rules_file();
    let combat = &cx.game.rules.combat;
    for v in [&combat.attack_value, &combat.defence_value]
        .into_iter()
        .flatten()
    {
        cx.reference(f, v, "value", values.iter().copied(), "[counters] values");
    }
    use crate::concept::combat::{BeyondFirst, BeyondLast, Rounding};
    use crate::model::keyword::Keyword;
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    type Field<'a> = (&'a Option<Sp<String>>, &'a str, Vec<&'static str>);
    let fields: [Field<'_>; 3] = [
        (&combat.rounding, "odds rounding", Rounding::words()),
        (
            &combat.beyond_first,
            "reading of odds below the table",
            BeyondFirst::words(),
        ),
        (
            &combat.beyond_last,
            "reading of odds above the table",
            BeyondLast::words(),
        ),
    ];
    for (value, kind, words) in fields {
        if let Some(v) = value {
            cx.reference(f, v, kind, words.iter().copied(), "vmodc's combat");
        }
    }
}

/// Automatic results name declared results (or a cell of two), are given either by odds or by a zero
/// defence (V0734), at odds that are columns or whole ratios beyond the table (V0309), and normally
/// start beyond the last column.
fn automatic_results(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let codes = id_strs(&combat.results, |r| &r.code);
    for a in &combat.automatic {
        automatic_result_code(cx, f, &a.result, &codes);
        match (&a.at_least, a.on_zero_defence()) {
            (Some(odds), false) => automatic_odds(cx, odds, rule_of(&a.rule)),
            (None, true) => {}
            (at_least, zero) => {
                let span = at_least
                    .as_ref()
                    .map(|o| o.span.clone())
                    .or(a.zero_defence.as_ref().map(|z| z.span.clone()))
                    .unwrap_or(a.result.span.clone());
                let what = if zero { "both" } else { "neither" };
                cx.push(
                    Diagnostic::error(
                        "V0734",
                        format!(
                            "automatic result `{}` has {what} `at_least` and `zero_defence = true`",
                            a.result.as_str()
                        ),
                    )
                    .at(f, span, "when does it apply?")
                    .rule_opt(rule_of(&a.rule))
                    .help(
                        "give odds (`at_least = \"7:1\"`) or `zero_defence = true`, one of the two",
                    ),
                );
            }
        }
    }
}

/// Roll modifiers read declared counts.
fn roll_modifiers(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let counts = id_strs(&combat.counts, |c| &c.id);
    for m in &combat.roll_modifiers {
        cx.reference(
            f,
            &m.count,
            "count",
            counts.iter().copied(),
            "[[combat.counts]]",
        );
    }
}

/// Kinds of attack: unique ids; a `die` that is an `[[other_dice]]`; every `attack_kinds` limit
/// names a kind; and a kind that rolls other dice than the combat dice finds CRT rows for them
/// (V0741), unless it says the sources lack them (`rows_known = false`).
fn attack_kinds(cx: &mut Context<'_>) {
    let r = &cx.game.rules;
    let combat = &r.combat;
    let f = cx.rules_file();
    duplicates(
        cx,
        f,
        "kind of attack",
        ids(&combat.attack_kinds, |k| &k.id),
    );
    let kinds = id_strs(&combat.attack_kinds, |k| &k.id);
    let dice = id_strs(&r.other_dice, |d| &d.id);
    let limits = combat
        .shifts
        .iter()
        .flat_map(|s| &s.attack_kinds)
        .chain(combat.attack_modifiers.iter().flat_map(|m| &m.attack_kinds))
        .chain(combat.declarations.iter().flat_map(|d| &d.attack_kinds));
    for k in limits {
        cx.reference(
            f,
            k,
            "kind of attack",
            kinds.iter().copied(),
            "[[combat.attack_kinds]]",
        );
    }
    for k in &combat.attack_kinds {
        let Some(die) = &k.die else { continue };
        if !cx.reference(f, die, "die", dice.iter().copied(), "[[other_dice]]") {
            continue;
        }
        let (count, faces) = crate::concept::combat::odds::dice_of(r, Some(k.id.as_str()));
        if !k.rows_known || (count, faces) == (r.dice.count, r.dice.faces) {
            continue;
        }
        let missing: Vec<u32> = (count..=count * faces)
            .filter(|roll| !combat.table.contains_key(&roll.to_string()))
            .collect();
        if combat.table_known && missing.is_empty() {
            continue;
        }
        let why = if combat.table_known {
            format!("the CRT has no row for its roll(s) {missing:?}")
        } else {
            "the CRT is unknown, and its known cells are rows of the combat dice".to_string()
        };
        cx.push(
            Diagnostic::error(
                "V0741",
                format!(
                    "kind of attack `{}` rolls {count}d{faces}, not the combat dice of [dice]: {why}",
                    k.id.as_str()
                ),
            )
            .at(f, die.span.clone(), "its own dice")
            .rule_opt(rule_of(&k.rule))
            .help("give the CRT rows of these dice, or set `rows_known = false` so every cell of this kind is unknown"),
        );
    }
}

/// The surprise check: its modifiers read counts, each known outcome names a kind of attack and a
/// word vmodc knows, and no kind and roll is given two outcomes (V0740).
fn surprise(cx: &mut Context<'_>) {
    use crate::concept::combat::SurpriseOutcome;
    use crate::model::keyword::Keyword;
    let combat = &cx.game.rules.combat;
    let Some(surprise) = &combat.surprise else {
        return;
    };
    let f = cx.rules_file();
    let counts = id_strs(&combat.counts, |c| &c.id);
    for m in &surprise.modifiers {
        cx.reference(
            f,
            &m.count,
            "count",
            counts.iter().copied(),
            "[[combat.counts]]",
        );
    }
    let kinds = id_strs(&combat.attack_kinds, |k| &k.id);
    let words = SurpriseOutcome::words();
    let mut seen: BTreeMap<(&str, i32), &Sp<String>> = BTreeMap::new();
    for p in &surprise.known {
        cx.reference(
            f,
            &p.attack_kind,
            "kind of attack",
            kinds.iter().copied(),
            "[[combat.attack_kinds]]",
        );
        cx.reference(
            f,
            &p.outcome,
            "surprise outcome",
            words.iter().copied(),
            "vmodc's surprise check",
        );
        let key = (p.attack_kind.as_str(), p.roll.value);
        if let Some(first) = seen.insert(key, &p.outcome) {
            cx.push(
                Diagnostic::error(
                    "V0740",
                    format!(
                        "the surprise outcome of roll {} in `{}` is given twice (`{}` and `{}`)",
                        p.roll.value,
                        p.attack_kind.as_str(),
                        first.as_str(),
                        p.outcome.as_str()
                    ),
                )
                .at(f, p.roll.span.clone(), "given again")
                .rule_opt(rule_of(&p.rule))
                .help("keep one `[[combat.surprise.known]]` per kind of attack and roll"),
            );
        }
    }
}

/// With a result grammar, every result code parses with it (each part a letter and a number, or a
/// word; one of the two per part).
fn result_spelling(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let Some(grammar) = &combat.result_grammar else {
        return;
    };
    for part in &grammar.parts {
        if part.letter.is_some() == part.word.is_some() {
            cx.push(
                Diagnostic::error(
                    "V0735",
                    format!("the result part `{}` needs a `letter` or a `word`, one of the two", part.means),
                )
                .in_file(cx.sources.path(f))
                .help("a part is a letter followed by a number (`letter = \"L\"`) or a whole word (`word = \"DG\"`)"),
            );
        }
    }
    for r in &combat.results {
        if let Err(why) = crate::concept::combat::grammar::parse(grammar, &r.code) {
            cx.push(
                Diagnostic::error("V0735", format!("result `{}` does not follow the result grammar: {why}", r.code.as_str()))
                    .at(f, r.code.span.clone(), "not in the grammar")
                    .rule_opt(rule_of(&grammar.rule))
                    .help("spell it with the sides' prefixes and the parts of [combat.result_grammar], or add the part there"),
            );
        }
    }
}

/// Fire on a fixed column names unit types, a column and dice the data declares; ids are unique.
fn fixed_fire(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.rules_file();
    duplicates(cx, f, "fire", ids(&g.rules.combat.fire, |x| &x.id));
    let types = id_strs(&g.counters.types, |t| &t.id);
    let columns = id_strs(&g.rules.combat.columns, |c| c);
    let dice = id_strs(&g.rules.other_dice, |d| &d.id);
    for fire in &g.rules.combat.fire {
        for t in &fire.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                types.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        cx.reference(
            f,
            &fire.column,
            "CRT column",
            columns.iter().copied(),
            "[combat] columns",
        );
        if let Some(d) = &fire.die {
            cx.reference(f, d, "die", dice.iter().copied(), "[[other_dice]]");
        }
    }
}

/// An automatic result is a declared code, or a cell `attacker/defender` of two declared codes.
fn automatic_result_code(cx: &mut Context<'_>, f: FileId, result: &Sp<String>, codes: &[&str]) {
    let Some((attacker, defender)) = result.split_once('/') else {
        cx.reference(
            f,
            result,
            "combat result",
            codes.iter().copied(),
            "[[combat.results]]",
        );
        return;
    };
    for half in [attacker, defender] {
        if !codes.contains(&half) {
            cx.push(
                Diagnostic::error(
                    "V0102",
                    format!(
                        "unknown combat result `{half}` in the cell `{}`",
                        result.as_str()
                    ),
                )
                .at(f, result.span.clone(), "not declared")
                .help(format!(
                    "each half of an attacker/defender cell is one of [[combat.results]]: {}",
                    codes.join(", ")
                )),
            );
        }
    }
}

/// The odds of an automatic result: a column, or a whole ratio beyond the table (V0309).
fn automatic_odds(cx: &mut Context<'_>, at_least: &Sp<String>, own_rule: Option<&str>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let rule = rule_of(&combat.rule).map(str::to_string);
    let columns = id_strs(&combat.columns, |c| c);
    let last = combat.columns.last().and_then(|c| Odds::parse(c));
    let printed: Option<Vec<Odds>> = combat.columns.iter().map(|c| Odds::parse(c)).collect();
    let Some(o) = Odds::parse(at_least) else {
        cx.push(
            Diagnostic::error(
                "V0110",
                format!("`{}` is not an odds column", at_least.as_str()),
            )
            .at(f, at_least.span.clone(), "expected `a:d`")
            .help("write odds as \"7:1\" or \"1:2\""),
        );
        return;
    };
    if !automatic_odds_on_ladder(o, printed.as_deref()) {
        cx.push(
            Diagnostic::error(
                "V0309",
                format!(
                    "automatic result at {} is not at a CRT column or a whole ratio beyond the table",
                    at_least.as_str()
                ),
            )
            .at(f, at_least.span.clone(), "odds that no combat reaches exactly")
            .rule_opt(own_rule.or(rule.as_deref()))
            .help(format!(
                "odds are rounded to a column ({}) or, beyond the table, to a whole ratio (7:1, 1:2…)",
                columns.join(" ")
            )),
        );
    } else if let Some(last) = last {
        if o.value() <= last.value() && combat.table_known {
            cx.push(
                Diagnostic::warning(
                    "V0707",
                    format!(
                        "automatic result at {} overrides printed CRT columns",
                        at_least.as_str()
                    ),
                )
                .at(f, at_least.span.clone(), "within the table")
                .rule_opt(own_rule.or(rule.as_deref()))
                .help("automatic results normally start beyond the last column"),
            );
        }
    }
}

/// Known cells use declared columns, rolls and results, do not contradict each other, and agree with
/// a known table; a table marked unknown has no rows.
fn known_cells(cx: &mut Context<'_>) {
    let g = cx.game;
    let combat = &g.rules.combat;
    let f = cx.rules_file();
    let rule = rule_of(&combat.rule).map(str::to_string);
    let codes = id_strs(&combat.results, |r| &r.code);
    let mut columns = id_strs(&combat.columns, |c| c);
    columns.extend(
        combat
            .beyond_columns
            .iter()
            .map(|c| c.as_str())
            .filter(|c| *c != "?"),
    );
    let dice = &g.rules.dice;
    let (lo, hi) = (dice.count, dice.count.saturating_mul(dice.faces));
    let mut seen: BTreeMap<(&str, u32), &Sp<String>> = BTreeMap::new();
    for k in &combat.known_cells {
        let col_ok = cx.reference(
            f,
            &k.column,
            "CRT column",
            columns.iter().copied(),
            "[combat] columns",
        );
        cx.reference(
            f,
            &k.result,
            "combat result",
            codes.iter().copied(),
            "[[combat.results]]",
        );
        if k.roll.value < lo || k.roll.value > hi {
            cx.push(
                Diagnostic::error(
                    "V0707",
                    format!("a roll of {} is not possible", k.roll.value),
                )
                .at(
                    f,
                    k.roll.span.clone(),
                    format!("rolls run from {lo} to {hi}"),
                )
                .rule_opt(rule_of(&k.rule).or(rule.as_deref()))
                .help(format!("[dice] rolls {}d{}", dice.count, dice.faces)),
            );
        }
        if let Some(first) = seen.insert((k.column.as_str(), k.roll.value), &k.result) {
            if first.as_str() != k.result.as_str() {
                cx.push(
                    Diagnostic::error(
                        "V0707",
                        format!(
                            "CRT cell {} / {} is given as both {} and {}",
                            k.column.as_str(),
                            k.roll.value,
                            first.as_str(),
                            k.result.as_str()
                        ),
                    )
                    .at(f, k.result.span.clone(), "contradicts an earlier cell")
                    .rule_opt(rule_of(&k.rule).or(rule.as_deref()))
                    .help("the sources disagree: keep one and say why"),
                );
            }
        }
        // A known table must agree with the cells the text reveals.
        if combat.table_known && col_ok {
            let index = combat
                .columns
                .iter()
                .position(|c| c.as_str() == k.column.as_str());
            let printed = index.and_then(|i| {
                combat
                    .table
                    .get(&k.roll.value.to_string())
                    .and_then(|row| row.get(i))
            });
            if let Some(p) = printed {
                if p.as_str() != k.result.as_str() {
                    cx.push(
                        Diagnostic::error(
                            "V0707",
                            format!(
                                "the CRT gives {} at {} / {}, the text {}",
                                p.as_str(),
                                k.column.as_str(),
                                k.roll.value,
                                k.result.as_str()
                            ),
                        )
                        .at(f, k.result.span.clone(), "disagrees with [combat.table]")
                        .rule_opt(rule_of(&k.rule).or(rule.as_deref()))
                        .help("fix the table or the cell"),
                    );
                }
            }
        }
    }
    unknown_table_has_no_rows(cx);
}

/// A table the data marks unknown has no rows: the rows the sources give are known cells.
fn unknown_table_has_no_rows(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let rule = rule_of(&combat.rule);
    if !combat.table_known && !combat.table.is_empty() {
        let span = combat
            .table
            .values()
            .next()
            .map(|r| r.span.clone())
            .unwrap_or(0..0);
        cx.push(
            Diagnostic::error("V0707", "the CRT is marked unknown but has rows")
                .at(f, span, "table rows")
                .rule_opt(rule)
                .help("remove `table_known = false`, or move the rows the sources give to [[combat.known_cells]]"),
        );
    }
}

/// Whether the resolver lands exactly on `odds`: a printed column, or a whole ratio (`n:1`, `1:n`) beyond
/// either end of the table (see [`crate::concept::combat::odds`]). Unparsable columns (V0110) leave
/// nothing to compare with.
fn automatic_odds_on_ladder(odds: Odds, printed: Option<&[Odds]>) -> bool {
    let Some(printed) = printed else {
        return true;
    };
    let (Some(first), Some(last)) = (printed.first(), printed.last()) else {
        return true;
    };
    let whole = odds.attack == 1 || odds.defence == 1;
    printed.contains(&odds)
        || (whole && (odds.value() > last.value() || odds.value() < first.value()))
}

/// An unknown CRT (with the cells that are known) and an unknown odds cap.
fn crt_gaps(cx: &mut Context<'_>) {
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
            .to_fill(
                Component::CrtCard,
                [
                    "[combat] table (one row per die roll)".to_string(),
                    "[combat] table_known = true".to_string(),
                ],
            )
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
                .to_fill(
                    Component::CrtCard,
                    ["[combat] cap, cap_known = true".to_string()],
                )
                .help("the rules state no cap: odds better than the last column keep their shifts"),
        );
    }
}

/// `[combat.action_rating]`: its value is a printed value, its counts are counts, two different ones,
/// each read by a roll modifier (V0760: otherwise the marked units would change no roll).
fn action_rating(cx: &mut Context<'_>) {
    let g = cx.game;
    let combat = &g.rules.combat;
    let Some(ar) = &combat.action_rating else {
        return;
    };
    let f = cx.rules_file();
    let values = g.counters.counters.value_names();
    cx.reference(
        f,
        &ar.value,
        "value",
        values.iter().copied(),
        "[counters] values",
    );
    let counts = id_strs(&combat.counts, |c| &c.id);
    for count in [&ar.attacker_count, &ar.defender_count] {
        if !cx.reference(
            f,
            count,
            "count",
            counts.iter().copied(),
            "[[combat.counts]]",
        ) {
            continue;
        }
        let read = combat
            .roll_modifiers
            .iter()
            .any(|m| m.count.as_str() == count.as_str());
        if !read {
            cx.push(
                Diagnostic::error(
                    "V0760",
                    format!("no roll modifier reads the AR count `{}`", count.as_str()),
                )
                .at(f, count.span.clone(), "the marked AR units would change no roll")
                .rule_opt(rule_of(&ar.rule))
                .help("add a `[[combat.roll_modifiers]]` entry with this count (per_point = 1 for the attacker's, -1 for the defender's)"),
            );
        }
    }
    if ar.attacker_count.as_str() == ar.defender_count.as_str() {
        cx.push(
            Diagnostic::error("V0760", "the AR counts of both sides are one count")
                .at(f, ar.defender_count.span.clone(), "the same as `attacker_count`")
                .rule_opt(rule_of(&ar.rule))
                .help("the difference in the attacker's favour and in the defender's need a count each"),
        );
    }
}

/// `[[combat.strength_modifiers]]`: the strengths they change (V0761), the marker and its face
/// (V0762), the ratio (V0763), and the unit types and declarations they name.
fn strength_modifiers(cx: &mut Context<'_>) {
    use crate::concept::combat::{MarkerFace, ModifierRounding, StrengthKind};
    use crate::model::keyword::Keyword;
    let g = cx.game;
    let combat = &g.rules.combat;
    let f = cx.rules_file();
    let types: Vec<&str> = g.counters.types.iter().map(|t| t.id.as_str()).collect();
    let markers = id_strs(&g.counters.markers, |m| &m.id);
    let declarations = id_strs(&combat.declarations, |d| &d.id);
    for m in &combat.strength_modifiers {
        let rule = rule_of(&m.rule);
        if m.strengths.is_empty() {
            cx.push(
                Diagnostic::error(
                    "V0761",
                    format!("strength modifier `{}` changes no strength", m.id.as_str()),
                )
                .at(f, m.id.span.clone(), "no `strengths`")
                .rule_opt(rule)
                .help("write `strengths = [\"attack\"]`, `[\"defence\"]` or both"),
            );
        }
        for w in &m.strengths {
            if StrengthKind::parse(w).is_none() {
                cx.push(
                    Diagnostic::error("V0761", format!("`{}` is not a strength", w.as_str()))
                        .at(f, w.span.clone(), "not a strength a modifier changes")
                        .rule_opt(rule)
                        .help(format!(
                            "write one of: {}",
                            StrengthKind::words().join(", ")
                        )),
                );
            }
        }
        if let Some(marker) = &m.marker {
            cx.reference(f, marker, "marker", markers.iter().copied(), "[[markers]]");
        }
        if let Some(face) = &m.marker_face {
            let two_faced = m.marker.as_ref().and_then(|id| {
                g.counters
                    .markers
                    .iter()
                    .find(|k| k.id.as_str() == id.as_str())
                    .map(|k| k.back.is_some())
            });
            let problem = match (MarkerFace::parse(face), &m.marker, two_faced) {
                (None, _, _) => Some(format!(
                    "`{}` is not a marker face: write one of {}",
                    face.as_str(),
                    MarkerFace::words().join(", ")
                )),
                (_, None, _) => Some("`marker_face` needs the `marker` it is a face of".into()),
                (Some(MarkerFace::Back), Some(_), Some(false)) => {
                    Some("the marker has one face: it has no back".into())
                }
                _ => None,
            };
            if let Some(problem) = problem {
                cx.push(
                    Diagnostic::error("V0762", format!("strength modifier `{}`: {problem}", m.id.as_str()))
                        .at(f, face.span.clone(), "this face")
                        .rule_opt(rule)
                        .help("a face is `front` or `back` of a two-faced `[[markers]]` entry named by `marker`"),
                );
            }
        }
        let bad_rounding = m
            .rounding
            .as_ref()
            .filter(|r| ModifierRounding::parse(r).is_none());
        if m.denominator == 0 || bad_rounding.is_some() {
            let span = bad_rounding.map_or(m.id.span.clone(), |r| r.span.clone());
            cx.push(
                Diagnostic::error(
                    "V0763",
                    format!(
                        "strength modifier `{}` has no ratio vmodc can apply",
                        m.id.as_str()
                    ),
                )
                .at(f, span, "a denominator of 0, or an unknown rounding")
                .rule_opt(rule)
                .help(format!(
                    "use a denominator of 1 or more, and a rounding of: {}",
                    ModifierRounding::words().join(", ")
                )),
            );
        }
        for t in &m.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                types.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        for d in m.declared.iter().chain(&m.not_declared) {
            cx.reference(
                f,
                d,
                "declaration",
                declarations.iter().copied(),
                "[[combat.declarations]]",
            );
        }
    }
}

/// `[[combat.defence_bonuses]]`: the declarations and the side they name.
fn defence_bonuses(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let declarations = id_strs(&combat.declarations, |d| &d.id);
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    for b in &combat.defence_bonuses {
        for d in &b.declared {
            cx.reference(
                f,
                d,
                "declaration",
                declarations.iter().copied(),
                "[[combat.declarations]]",
            );
        }
        if let Some(side) = &b.defender_side {
            cx.reference(
                f,
                side,
                "side",
                sides.iter().copied(),
                "[[sides]] of rules/*.toml",
            );
        }
    }
}
