//! Checks of setups: placements, off-map units, reinforcements, replacements, setup marks, area
//! setups, and the placements the sources lack.

use crate::concept::context::{duplicates_across, id_strs, one_of, turn_in_range, Context};
use crate::concept::game::{HexId, Loaded, ScenarioFile};
use crate::concept::provenance::{rule_of, Component};
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;
use crate::model::{FileId, Sp};
use std::collections::{BTreeMap, BTreeSet};

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    scenario_references(cx);
    setup_marks(cx);
    setup_and_entry_codes(cx);
    placement_gaps(cx);
    scenarios_present(cx);
    units_in_no_scenario(cx);
    start_turns(cx);
}

/// A game has a scenario: without one the module's map starts empty and nothing says why.
fn scenarios_present(cx: &mut Context<'_>) {
    let g = cx.game;
    if !g.scenarios.is_empty() {
        return;
    }
    let f = cx.rules_file();
    cx.push(
        Diagnostic::warning("V0820", format!("game `{}` has no scenario", g.id))
            .at(f, g.rules.game.id.span.clone(), "no scenarios/<id>/*.toml for this game")
            .help(format!(
                "write scenarios/{}/standard.toml with a [scenario] table (id, name, description) and a [[setup]] per unit; \
                 vmodc reads every .toml file of the folder scenarios/{}/",
                g.id, g.id
            )),
    );
}

/// Every unit of the counter sheet enters play somewhere: a scenario sets it up, keeps it off the
/// map, brings it as a reinforcement or lists it as unplaced, or another concept brings it (a cup of
/// untried units, a replacement counter): else it is a counter the module offers no way to use.
fn units_in_no_scenario(cx: &mut Context<'_>) {
    let g = cx.game;
    if g.scenarios.is_empty() {
        return; // V0820 says it once
    }
    let mut used: BTreeSet<&str> = BTreeSet::new();
    for s in &g.scenarios {
        used.extend(s.setup.iter().map(|p| p.unit.as_str()));
        used.extend(s.off_map.iter().map(|o| o.unit.as_str()));
        used.extend(s.reinforcements.iter().map(|r| r.unit.as_str()));
        used.extend(s.unplaced.iter().map(|u| u.unit.as_str()));
    }
    let f = cx.counters_file();
    for u in &g.counters.units {
        if used.contains(u.id.as_str()) {
            continue;
        }
        cx.push(
            Diagnostic::warning("V0815", format!("unit `{}` is in no scenario", u.id.as_str()))
                .at(f, u.id.span.clone(), "never set up, never arrives")
                .help(format!(
                    "place it in a scenario: [[setup]] unit = \"{id}\" with its hex, [[off_map]] (a box), \
                     [[reinforcements]] (the turn it enters), or [[unplaced]] when the sources do not say where it starts",
                    id = u.id.as_str()
                )),
        );
    }
}

/// Scenario ids are unique, and each scenario's references resolve: its start, its placements, its
/// schedules and its victory conditions.
fn scenario_references(cx: &mut Context<'_>) {
    let g = cx.game;
    duplicates_across(
        cx,
        "scenario",
        g.scenarios.iter().map(|s| (s.file, &s.scenario.id)),
    );
    for s in &g.scenarios {
        scenario_start(cx, s);
        let mut placed: Placed<'_> = BTreeMap::new();
        setup_placements(cx, s, &mut placed);
        off_map_units(cx, s, &mut placed);
        reinforcement_arrivals(cx, s, &mut placed);
        replacement_schedule(cx, s);
        victory_condition_references(cx, s);
        control_at_start(cx, s);
    }
}

/// A scenario's `[[control]]` names cities of the map and sides of the game, each city once.
fn control_at_start(cx: &mut Context<'_>, s: &Loaded<ScenarioFile>) {
    let g = cx.game;
    let f = s.file;
    let cities: Vec<&str> = g.map.cities.iter().map(|c| c.hex.as_str()).collect();
    let sides = id_strs(&g.rules.sides, |s| &s.id);
    for c in &s.control {
        cx.reference(
            f,
            &c.city,
            "city",
            cities.iter().copied(),
            "[[cities]] of maps/*.toml, by hex",
        );
        cx.reference(
            f,
            &c.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
    }
    duplicates_across(
        cx,
        "`[[control]]` city",
        s.control.iter().map(|c| (f, &c.city)),
    );
}

/// Units placed so far in one scenario, with where they were first placed.
type Placed<'g> = BTreeMap<&'g str, &'g Sp<String>>;

/// The scenario it is based on exists and is another one; the start turn and phase exist.
fn scenario_start(cx: &mut Context<'_>, s: &Loaded<ScenarioFile>) {
    let g = cx.game;
    let f = s.file;
    let names: Vec<&str> = g.scenarios.iter().map(|s| s.scenario.id.as_str()).collect();
    if let Some(base) = &s.scenario.based_on {
        if cx.reference(
            f,
            base,
            "scenario",
            names.iter().copied(),
            "scenarios/<game>/*.toml",
        ) && base.as_str() == s.scenario.id.as_str()
        {
            cx.push(
                Diagnostic::error("V0115", "a scenario cannot be based on itself")
                    .at(f, base.span.clone(), "here")
                    .help("name another scenario, or remove based_on"),
            );
        } else {
            // A cycle through other scenarios: the chain stops where it would come back.
            let chain = g.scenario_chain(s);
            let back = chain
                .last()
                .and_then(|last| last.scenario.based_on.as_ref())
                .and_then(|b| g.scenario(b));
            if let Some(back) = back.filter(|b| chain.iter().any(|c| c.file == b.file)) {
                let ids: Vec<&str> = chain.iter().map(|c| c.scenario.id.as_str()).collect();
                cx.push(
                    Diagnostic::error(
                        "V0035",
                        format!(
                            "scenarios based on each other: {} → {}",
                            ids.join(" → "),
                            back.scenario.id.as_str()
                        ),
                    )
                    .at(f, base.span.clone(), "leads back to this scenario's chain")
                    .help("one scenario of the chain must be based on none: remove its based_on"),
                );
            }
        }
    }
    if let Some(t) = &s.scenario.start_turn {
        turn_in_range(cx, f, t, g.rules.turns.count.value, "start turn");
    }
    if let Some(p) = &s.scenario.start_phase {
        let phases = id_strs(&g.rules.phases, |p| &p.id);
        cx.reference(
            f,
            p,
            "phase",
            phases.iter().copied(),
            "[[phases]] of rules/*.toml",
        );
    }
}

/// Where a unit was placed first, as a line number for the help text.
fn first_line(cx: &Context<'_>, f: FileId, first: &Sp<String>) -> usize {
    cx.sources
        .get(f)
        .map_or(0, |s| s.line_col(first.span.start).0)
}

/// Setups name units, hexes and faces that exist, and place each unit once.
fn setup_placements<'g>(
    cx: &mut Context<'g>,
    s: &'g Loaded<ScenarioFile>,
    placed: &mut Placed<'g>,
) {
    let f = s.file;
    let unit_ids: Vec<&str> = cx.units.keys().copied().collect();
    let faces = cx.faces.clone();
    for p in &s.setup {
        if cx.reference(
            f,
            &p.unit,
            "unit",
            unit_ids.iter().copied(),
            "counters/*.toml",
        ) {
            if let Some(first) = placed.insert(p.unit.as_str(), &p.unit) {
                let line = first_line(cx, f, first);
                cx.push(
                    Diagnostic::error(
                        "V0103",
                        format!("unit `{}` is set up twice", p.unit.as_str()),
                    )
                    .at(f, p.unit.span.clone(), "placed again here")
                    .help(format!(
                        "it is already placed on line {line}; each counter exists once"
                    )),
                );
            }
        }
        cx.hex(f, &p.hex, &format!("setup of {}", p.unit.as_str()));
        cx.reference(
            f,
            &p.face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
    }
}

/// Units off the map exist, with faces that exist, and are not also set up.
fn off_map_units<'g>(cx: &mut Context<'g>, s: &'g Loaded<ScenarioFile>, placed: &mut Placed<'g>) {
    let f = s.file;
    let unit_ids: Vec<&str> = cx.units.keys().copied().collect();
    let faces = cx.faces.clone();
    for o in &s.off_map {
        cx.reference(
            f,
            &o.unit,
            "unit",
            unit_ids.iter().copied(),
            "counters/*.toml",
        );
        cx.reference(
            f,
            &o.face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
        if let Some(first) = placed.insert(o.unit.as_str(), &o.unit) {
            let line = first_line(cx, f, first);
            cx.push(
                Diagnostic::error(
                    "V0103",
                    format!("unit `{}` is both set up and off the map", o.unit.as_str()),
                )
                .at(f, o.unit.span.clone(), "here")
                .help(format!("it is already placed on line {line}")),
            );
        }
    }
}

/// Reinforcements are units that exist and are not placed already, with faces that exist, arriving
/// on a turn of the game.
fn reinforcement_arrivals<'g>(
    cx: &mut Context<'g>,
    s: &'g Loaded<ScenarioFile>,
    placed: &mut Placed<'g>,
) {
    let f = s.file;
    let unit_ids: Vec<&str> = cx.units.keys().copied().collect();
    let faces = cx.faces.clone();
    let turns = cx.game.rules.turns.count.value;
    for r in &s.reinforcements {
        if cx.reference(
            f,
            &r.unit,
            "unit",
            unit_ids.iter().copied(),
            "counters/*.toml",
        ) {
            if let Some(first) = placed.insert(r.unit.as_str(), &r.unit) {
                let line = first_line(cx, f, first);
                cx.push(
                    Diagnostic::error(
                        "V0103",
                        format!(
                            "unit `{}` arrives as a reinforcement but is already placed",
                            r.unit.as_str()
                        ),
                    )
                    .at(f, r.unit.span.clone(), "arrives here")
                    .rule_opt(r.rule.as_deref().map(|s| s.as_str()))
                    .help(format!(
                        "it is already placed on line {line}; each counter exists once"
                    )),
                );
            }
        }
        cx.reference(
            f,
            &r.face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
        turn_in_range(cx, f, &r.turn, turns, "reinforcement turn");
    }
}

/// Replacements come on turns of the game, to sides that exist.
fn replacement_schedule(cx: &mut Context<'_>, s: &Loaded<ScenarioFile>) {
    let f = s.file;
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let turns = cx.game.rules.turns.count.value;
    for r in &s.replacements {
        turn_in_range(cx, f, &r.turn, turns, "replacement turn");
        for (side, steps) in &r.steps {
            if !sides.contains(&side.as_str()) {
                cx.push(
                    Diagnostic::error("V0102", format!("unknown side `{side}`"))
                        .at(f, steps.span.clone(), "no such side")
                        .help(format!("sides: {}", sides.join(", "))),
                );
            }
        }
    }
}

/// Victory conditions name sides that exist and hexes on the map.
fn victory_condition_references(cx: &mut Context<'_>, s: &Loaded<ScenarioFile>) {
    let f = s.file;
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    if let Some(v) = &s.victory {
        for c in &v.conditions {
            cx.reference(
                f,
                &c.winner,
                "side",
                sides.iter().copied(),
                "[[sides]] of rules/*.toml",
            );
            for h in c.control_all.iter().chain(&c.control_any) {
                cx.hex(f, h, "victory hex");
            }
        }
    }
}

/// Units set up on the map stand on hexes that carry their side's setup mark (B4M 6.0).
fn setup_marks(cx: &mut Context<'_>) {
    let g = cx.game;
    let grid = &g.map.grid;
    let mut marks: BTreeMap<&str, (Vec<HexId>, &crate::concept::game::SetupMarks)> =
        BTreeMap::new();
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

/// Scenarios: area setups resolve, respect home areas and enemy areas; unplaced units are units;
/// entry codes agree with the schedule.
fn setup_and_entry_codes(cx: &mut Context<'_>) {
    let g = cx.game;
    for s in &g.scenarios {
        off_map_areas(cx, s);
        home_area_units_on_hexes(cx, s);
        entry_turns_match(cx, s);
        unplaced_units(cx, s);
    }
}

/// Units off the map start in an area that exists, that their side may enter, and that is their
/// printed setup area when the area admits only its own units.
fn off_map_areas(cx: &mut Context<'_>, s: &Loaded<ScenarioFile>) {
    let g = cx.game;
    let f = s.file;
    let areas = id_strs(&g.map.areas, |a| &a.id);
    for o in &s.off_map {
        let Some(area_id) = &o.area else { continue };
        if !cx.reference(
            f,
            area_id,
            "area",
            areas.iter().copied(),
            "[[areas]] of maps/*.toml",
        ) {
            continue;
        }
        let Some(unit) = cx.units.get(o.unit.as_str()).copied() else {
            continue;
        };
        let Some(area) = g
            .map
            .areas
            .iter()
            .find(|a| a.id.as_str() == area_id.as_str())
        else {
            continue;
        };
        if !area.enemy_entry
            && area
                .side
                .as_ref()
                .is_some_and(|s| s.as_str() != unit.side.as_str())
        {
            cx.push(
                Diagnostic::error(
                    "V0713",
                    format!(
                        "{} unit `{}` starts in `{}`, an area the enemy may not enter",
                        unit.side.as_str(),
                        o.unit.as_str(),
                        area_id.as_str()
                    ),
                )
                .at(f, area_id.span.clone(), "enemy area")
                .rule_opt(rule_of(&area.rule))
                .help("place the unit in an area of its own side"),
            );
        }
        if area.home_units_only {
            if let Some(home) = &unit.home_area {
                if home.as_str() != area_id.as_str() {
                    cx.push(
                        Diagnostic::error(
                            "V0713",
                            format!(
                                "unit `{}` has setup code `{}` but starts in `{}`",
                                o.unit.as_str(),
                                home.as_str(),
                                area_id.as_str()
                            ),
                        )
                        .at(
                            f,
                            area_id.span.clone(),
                            format!("expected `{}`", home.as_str()),
                        )
                        .rule_opt(rule_of(&area.rule))
                        .help(
                            "units printed with an area code start in, and enter only, that area",
                        ),
                    );
                }
            }
        }
    }
}

/// Units with a home area that start on a hex.
fn home_area_units_on_hexes(cx: &mut Context<'_>, s: &Loaded<ScenarioFile>) {
    let f = s.file;
    for p in &s.setup {
        if let Some(unit) = cx.units.get(p.unit.as_str()).copied() {
            if let Some(home) = &unit.home_area {
                cx.push(
                    Diagnostic::warning(
                        "V0713",
                        format!(
                            "unit `{}` has setup code `{}` but starts on hex `{}`",
                            p.unit.as_str(),
                            home.as_str(),
                            p.hex.as_str()
                        ),
                    )
                    .at(f, p.hex.span.clone(), "not its setup area")
                    .rule_opt(rule_of(&p.rule))
                    .help(format!(
                        "place it in [[off_map]] with area = \"{}\"",
                        home.as_str()
                    )),
                );
            }
        }
    }
}

/// Entry codes and the reinforcement schedule agree.
fn entry_turns_match(cx: &mut Context<'_>, s: &Loaded<ScenarioFile>) {
    let f = s.file;
    for r in &s.reinforcements {
        if let Some(unit) = cx.units.get(r.unit.as_str()).copied() {
            if let Some(t) = &unit.entry_turn {
                if t.value != r.turn.value {
                    cx.push(
                        Diagnostic::error(
                            "V0713",
                            format!(
                                "unit `{}` is printed to enter on turn {} but arrives on turn {}",
                                r.unit.as_str(),
                                t.value,
                                r.turn.value
                            ),
                        )
                        .at(f, r.turn.span.clone(), format!("expected {}", t.value))
                        .rule_opt(rule_of(&r.rule))
                        .help("the entry code printed on a counter is its arrival turn"),
                    );
                }
            }
        }
    }
}

/// Units listed as unplaced exist, with faces that exist, and are not placed.
fn unplaced_units(cx: &mut Context<'_>, s: &Loaded<ScenarioFile>) {
    let f = s.file;
    let unit_ids: Vec<&str> = cx.units.keys().copied().collect();
    let faces = cx.faces.clone();
    let mut placed: BTreeSet<&str> = BTreeSet::new();
    placed.extend(s.setup.iter().map(|p| p.unit.as_str()));
    placed.extend(s.off_map.iter().map(|o| o.unit.as_str()));
    placed.extend(s.reinforcements.iter().map(|r| r.unit.as_str()));
    for u in &s.unplaced {
        if cx.reference(
            f,
            &u.unit,
            "unit",
            unit_ids.iter().copied(),
            "counters/*.toml",
        ) && placed.contains(u.unit.as_str())
        {
            cx.push(
                Diagnostic::error(
                    "V0713",
                    format!(
                        "unit `{}` is both placed and listed as unplaced",
                        u.unit.as_str()
                    ),
                )
                .at(f, u.unit.span.clone(), "already placed")
                .rule_opt(rule_of(&u.rule))
                .help("remove the [[unplaced]] entry once the position is known"),
            );
        }
        cx.reference(
            f,
            &u.face,
            "face",
            faces.iter().copied(),
            "[counters] faces",
        );
    }
}

/// Units whose start is known only in part.
fn placement_gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    for s in &g.scenarios {
        for u in &s.unplaced {
            if let Some(c) = &u.found_on {
                one_of(cx, s.file, c, "component", &Component::words());
            }
            cx.push(
                Diagnostic::warning(
                    "V0814",
                    format!("unit `{}`: start position unknown", u.unit.as_str()),
                )
                .at(s.file, u.unit.span.clone(), "not placed")
                .rule_opt(rule_of(&u.rule).or(rule_of(&s.scenario.rule)))
                .to_fill(
                    u.found_on
                        .as_ref()
                        .and_then(|c| Component::parse(c))
                        .unwrap_or(Component::Map),
                    [format!(
                        "[[setup]] unit = \"{}\", hex (or [[off_map]]), in place of its [[unplaced]] entry",
                        u.unit.as_str()
                    )],
                )
                .help(format!("known: {}", u.known)),
            );
        }
    }
}

/// Each scenario starts on its own turn (its saved game sets the turn tracker there): nothing it
/// schedules comes before that turn, which the module never plays.
fn start_turns(cx: &mut Context<'_>) {
    let g = cx.game;
    // A scenario based on another shares its schedule lines: each is reported once.
    let mut reported = BTreeSet::new();
    for s in &g.scenarios {
        let e = g.effective(s);
        let start = e.start_turn.unwrap_or(1);
        if start == 1 {
            continue;
        }
        let early = e
            .reinforcements
            .1
            .iter()
            .map(|r| (e.reinforcements.0, &r.turn, "a reinforcement"))
            .chain(
                e.replacements
                    .1
                    .iter()
                    .map(|r| (e.replacements.0, &r.turn, "replacements")),
            )
            .filter(|(file, t, _)| t.value < start && reported.insert((*file, t.span.start)));
        let early: Vec<_> = early.collect();
        for (file, turn, what) in early {
            cx.push(
                Diagnostic::warning(
                    "V0822",
                    format!(
                        "{what} on turn {} comes before scenario `{}` starts (turn {start})",
                        turn.value,
                        s.scenario.id.as_str()
                    ),
                )
                .at(file, turn.span.clone(), "before the start turn")
                .rule_opt(rule_of(&s.scenario.rule))
                .help("the module starts at start_turn and never plays this turn: set the unit up in [[setup]] or [[off_map]], or remove the line"),
            );
        }
    }
}
