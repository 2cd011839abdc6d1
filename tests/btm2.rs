//! Blitzkrieg to Moscow 2 through the same code as Battle for Moscow: the turn-1 example of play as a
//! test of the odds and shift logic (rulebook example; reference §7), the B4M odds examples through the
//! same function, and stacking and ZOC fixtures for both sides on small inline TOML games.

use std::path::Path;
use vmodc::concept::combat::odds::{resolve_odds, Lookup, Odds, Resolution};
use vmodc::concept::combat::shifts::{shift_values, Situation};
use vmodc::concept::map::place::{terrain_at, Location};
use vmodc::concept::movement::zoc::{exerts_zoc, zoc_enters_area, zoc_hexes};
use vmodc::concept::stacking::limits::{check_units, Points, Violation};

/// A whole number of stacking points (BtM2 counts every unit 1).
fn whole(n: u32) -> Points {
    Points::whole(n, 1)
}
use vmodc::concept::game::{
    parse_value_slots, CountersFile, Game, HexId, Loaded, MapFile, RulesFile, ScenarioFile,
};
use vmodc::concept::weather::turn::weather_of_turn;
use vmodc::diag::{Severity, Sources};
use vmodc::model::FileId;

fn load(id: &str) -> (Game, Sources) {
    let mut sources = Sources::default();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    match vmodc::load::load_game(root, id, &mut sources) {
        Ok(g) => (g, sources),
        Err(report) => panic!("{id} does not load: {report:?}"),
    }
}

fn odds(text: &str) -> Odds {
    Odds::parse(text).expect("odds")
}

fn hex(game: &Game, label: &str) -> HexId {
    game.map.grid.parse(label).expect("hex label")
}

/// Active strength printed on a unit (the first value of its first face).
fn strength(game: &Game, unit: &str) -> f64 {
    let u = game
        .counters
        .units
        .iter()
        .find(|u| u.id.as_str() == unit)
        .expect("unit");
    let face = game.counters.faces_of(u)[0];
    let slots = parse_value_slots(&u.faces[face]).expect("values");
    f64::from(slots[0].expect("strength known"))
}

fn unit_type<'g>(game: &'g Game, unit: &str) -> &'g str {
    game.counters
        .units
        .iter()
        .find(|u| u.id.as_str() == unit)
        .map(|u| u.unit_type.as_str())
        .expect("unit")
}

/// The combat-shift card use (Air Support): +1 column for its user, from the counters data.
fn card_shift(game: &Game) -> i32 {
    game.counters
        .card_uses
        .iter()
        .find(|u| u.id.as_str() == "combat-shift")
        .and_then(|u| u.shift.as_ref())
        .map(|s| s.value)
        .expect("combat-shift use with a shift")
}

// ---------------------------------------------------------------------------------------------------
// Battle for Moscow: the same odds function on the B4M table.
// ---------------------------------------------------------------------------------------------------

#[test]
fn b4m_odds_examples() {
    let (g, _) = load("b4m");
    let c = &g.rules.combat;
    let col = |a: f64, d: f64, shifts: &[i32]| {
        resolve_odds(a, d, c, shifts).column(c).map(str::to_string)
    };
    assert_eq!(col(16.0, 4.0, &[]).as_deref(), Some("4:1"));
    assert_eq!(col(15.0, 4.0, &[]).as_deref(), Some("3:1"));
    // 16:5 = 3.2 -> 3:1, two left shifts -> 1:1.
    assert_eq!(col(16.0, 5.0, &[-1, -1]).as_deref(), Some("1:1"));
    // Panzers halved in mud keep fractions (12.2): 12.5:4 -> 3:1.
    assert_eq!(col(12.5, 4.0, &[]).as_deref(), Some("3:1"));
    // The cap (6:1, rule 9.1) applies before shifts: 30:4 = 7.5 -> 6:1 -> one left -> 5:1.
    let o = resolve_odds(30.0, 4.0, c, &[-1]);
    assert_eq!(o.raw, odds("7:1"));
    assert_eq!(o.capped, odds("6:1"));
    assert_eq!(o.column(c), Some("5:1"));
    // Below 1:1 there is no effect (9.1); a B4M roll is looked up in the full table.
    let o = resolve_odds(3.0, 4.0, c, &[]);
    assert_eq!(o.resolution, Resolution::BelowTable);
    assert_eq!(o.lookup(c, 1), Lookup::BelowTable("no effect"));
    let o = resolve_odds(24.0, 4.0, c, &[]);
    assert_eq!(o.lookup(c, 6), Lookup::Result("DE"));
    assert_eq!(o.lookup(c, 1), Lookup::Result("DRL"));
}

#[test]
fn b4m_shifts_from_data() {
    let (g, _) = load("b4m");
    let c = &g.rules.combat;
    // Tula: a major city on a fortification hex, Soviet defender, every attacker across a river.
    let s = Situation {
        defender_terrain: Some("fortification"),
        defender_city: Some("major_city"),
        defender_side: Some("soviet"),
        attacker_side: Some("german"),
        attacker_types: vec!["panzer"],
        all_across: vec!["river"],
        weather: Some("clear"),
        ..Default::default()
    };
    let shifts = shift_values(c, &s);
    assert_eq!(shifts.iter().sum::<i32>(), -3);
    // The same hex defended by a German unit loses the fortification shift.
    let s = Situation {
        defender_side: Some("german"),
        ..s
    };
    assert_eq!(shift_values(c, &s).iter().sum::<i32>(), -2);
}

// ---------------------------------------------------------------------------------------------------
// Blitzkrieg to Moscow 2: the German player turn of turn 1 (example of play).
// ---------------------------------------------------------------------------------------------------

fn btm2_situation<'g>(
    game: &'g Game,
    target: &str,
    attackers: &[&str],
    turn: u32,
) -> Situation<'g> {
    let h = hex(game, target);
    let terrain = terrain_at(game, h);
    Situation {
        defender_terrain: Some(terrain),
        defender_city: game
            .map
            .cities
            .iter()
            .find(|c| game.map.grid.parse(&c.hex) == Some(h))
            .map(|c| c.kind.as_str()),
        defender_side: Some("soviet"),
        attacker_side: Some("german"),
        attacker_types: attackers.iter().map(|u| unit_type(game, u)).collect(),
        all_across: Vec::new(),
        weather: weather_of_turn(&game.rules, turn).map(|w| w.id.as_str()),
        ..Default::default()
    }
}

#[test]
fn btm2_example_combat_1_on_1502() {
    // 16th and 18th Armies (N rear area) and the 2nd Panzer Army (1401) attack 1502, clear terrain.
    let (g, _) = load("btm2");
    let c = &g.rules.combat;
    let attackers = ["ger-2pza", "ger-16", "ger-18"];
    let attack: f64 = attackers.iter().map(|u| strength(&g, u)).sum();
    assert_eq!(attack, 15.0); // 7 + 4 + 4
    let defence = 1.0 + 2.0; // mechanized corps and infantry army, both active
    let s = btm2_situation(&g, "1502", &attackers, 1);
    assert_eq!(s.defender_terrain, Some("clear"));
    let shifts = shift_values(c, &s);
    assert_eq!(shifts, vec![1], "tank shift only");
    let o = resolve_odds(attack, defence, c, &[]);
    assert_eq!(o.raw, odds("5:1"));
    let o = resolve_odds(attack, defence, c, &shifts);
    assert_eq!(o.shifted, odds("6:1"));
    assert_eq!(o.column(c), Some("6:1"));
    assert!(o.needs_roll());
    // Air Support: one more column, 7:1, an automatic DE without a roll.
    let mut with_card = shifts.clone();
    with_card.push(card_shift(&g));
    let o = resolve_odds(attack, defence, c, &with_card);
    assert_eq!(o.shifted, odds("7:1"));
    assert_eq!(
        o.resolution,
        Resolution::Automatic {
            result: "DE".into()
        }
    );
    assert!(!o.needs_roll());
    assert_eq!(o.lookup(c, 1), Lookup::Result("DE"));
    // Had only the infantry army defended actively: 15:2 = 7:1, tank shift 8:1, still DE.
    let o = resolve_odds(attack, 2.0, c, &shifts);
    assert_eq!(o.raw, odds("7:1"));
    assert_eq!(o.shifted, odds("8:1"));
    assert_eq!(
        o.resolution,
        Resolution::Automatic {
            result: "DE".into()
        }
    );
}

#[test]
fn btm2_example_combat_2_on_1201() {
    let (g, _) = load("btm2");
    let c = &g.rules.combat;
    let attackers = ["ger-3pza", "ger-4", "ger-9"];
    let attack: f64 = attackers.iter().map(|u| strength(&g, u)).sum();
    assert_eq!(attack, 17.0);
    let mut shifts = shift_values(c, &btm2_situation(&g, "1201", &attackers, 1));
    assert_eq!(resolve_odds(attack, 3.0, c, &[]).raw, odds("5:1")); // 17:3 = 5.67
    assert_eq!(resolve_odds(attack, 3.0, c, &shifts).shifted, odds("6:1"));
    shifts.push(card_shift(&g));
    let o = resolve_odds(attack, 3.0, c, &shifts);
    assert_eq!(
        o.resolution,
        Resolution::Automatic {
            result: "DE".into()
        }
    );
}

#[test]
fn btm2_example_combat_3_on_0901_with_reroll() {
    let (g, _) = load("btm2");
    let c = &g.rules.combat;
    let attackers = ["ger-1pza", "ger-6", "ger-17"];
    let attack: f64 = attackers.iter().map(|u| strength(&g, u)).sum();
    assert_eq!(attack, 18.0);
    let shifts = shift_values(c, &btm2_situation(&g, "0901", &attackers, 1));
    let o = resolve_odds(attack, 4.0, c, &shifts); // 18:4 = 4.5 -> 4:1 -> tank -> 5:1
    assert_eq!(o.raw, odds("4:1"));
    assert_eq!(o.column(c), Some("5:1"));
    assert_eq!(o.lookup(c, 6), Lookup::Result("DR"));
    // Tactical Superiority: the re-roll gives 3, DE.
    assert_eq!(o.lookup(c, 3), Lookup::Result("DE"));
    // Cells the sources do not give stay unknown.
    assert_eq!(o.lookup(c, 1), Lookup::Unknown);
}

#[test]
fn btm2_example_combat_4_on_0702_across_a_river() {
    let (g, _) = load("btm2");
    let c = &g.rules.combat;
    let attackers = ["ger-11", "rom-3", "rom-4"];
    let attack: f64 = attackers.iter().map(|u| strength(&g, u)).sum();
    assert_eq!(attack, 9.0); // 5 + 2 + 2
    let mut s = btm2_situation(&g, "0702", &attackers, 1);
    // Every attacker is in Romania, which touches 0702 across a river (maps data).
    let romania = g
        .map
        .areas
        .iter()
        .find(|a| a.id.as_str() == "R")
        .expect("area R");
    for set in &romania.hexsides {
        if set.hexes.iter().any(|h| h.as_str() == "0702") {
            s.all_across.push(set.feature.as_str());
        }
    }
    let shifts = shift_values(c, &s);
    assert_eq!(shifts, vec![-1], "river shift; no tank, so no tank shift");
    let o = resolve_odds(attack, 3.0, c, &shifts);
    assert_eq!(o.raw, odds("3:1"));
    assert_eq!(o.column(c), Some("2:1"));
    assert_eq!(o.lookup(c, 5), Lookup::Result("NE"));
}

#[test]
fn btm2_example_breakthrough_on_minsk() {
    // 4th Panzer Army (6) alone against the 13th Army (active 2) in Minsk: 3:1, city shift, 2:1, DR.
    let (g, _) = load("btm2");
    let c = &g.rules.combat;
    let attack = strength(&g, "ger-4pza");
    let defence = strength(&g, "sov-13");
    // Minsk's hex is unknown: its terrain is city (a city hex; 11.3.4).
    let s = Situation {
        defender_terrain: Some("city"),
        attacker_types: vec![unit_type(&g, "ger-4pza")],
        weather: weather_of_turn(&g.rules, 1).map(|w| w.id.as_str()),
        ..Situation::default()
    };
    let shifts = shift_values(c, &s);
    assert_eq!(
        shifts,
        vec![-1],
        "city shift, and no tank shift out of clear terrain"
    );
    let o = resolve_odds(attack, defence, c, &shifts);
    assert_eq!(o.raw, odds("3:1"));
    assert_eq!(o.column(c), Some("2:1"));
    assert_eq!(o.lookup(c, 3), Lookup::Result("DR"));
}

#[test]
fn btm2_rule_11_3_3_examples_and_failure() {
    let (g, _) = load("btm2");
    let c = &g.rules.combat;
    // 7:2 = 3.5 -> 3:1; against passive defence (1): 7:1.
    assert_eq!(resolve_odds(7.0, 2.0, c, &[]).raw, odds("3:1"));
    assert_eq!(resolve_odds(7.0, 1.0, c, &[]).raw, odds("7:1"));
    // 1:2 or worse after shifts: the attack fails (11.3.5) ...
    let o = resolve_odds(2.0, 4.0, c, &[]);
    assert_eq!(o.raw, odds("1:2"));
    assert_eq!(o.resolution, Resolution::BelowTable);
    assert!(matches!(o.lookup(c, 3), Lookup::BelowTable(t) if t.contains("fails")));
    // ... but a tank shift lifts 1:2 to 1:1; 2:5 rounds to 1:3 and one shift leaves it at 1:2.
    assert_eq!(resolve_odds(2.0, 4.0, c, &[1]).column(c), Some("1:1"));
    let o = resolve_odds(2.0, 5.0, c, &[1]);
    assert_eq!(o.raw, odds("1:3"));
    assert_eq!(o.shifted, odds("1:2"));
    assert_eq!(o.resolution, Resolution::BelowTable);
    // No cap before shifts is stated: 9:1 with two left shifts is 7:1, still automatic.
    let o = resolve_odds(9.0, 1.0, c, &[-1, -1]);
    assert_eq!(o.capped, odds("9:1"));
    assert!(matches!(o.resolution, Resolution::Automatic { .. }));
}

#[test]
fn btm2_weather_turns_change_the_shifts() {
    let (g, _) = load("btm2");
    let c = &g.rules.combat;
    let weather = |t: u32| weather_of_turn(&g.rules, t).map(|w| w.id.as_str());
    assert_eq!(weather(1), Some("none"));
    assert_eq!(weather(3), Some("mud"));
    assert_eq!(weather(4), Some("snow"));
    assert_eq!(weather(6), Some("thaw"));
    let tank = |side: &'static str, turn: u32| Situation {
        defender_terrain: Some("clear"),
        attacker_side: Some(side),
        attacker_types: vec![if side == "german" {
            "german-panzer"
        } else {
            "soviet-mech"
        }],
        all_across: vec!["river"],
        weather: weather(turn),
        ..Situation::default()
    };
    // Turn 1: tank +1, river -1.
    assert_eq!(shift_values(c, &tank("german", 1)).iter().sum::<i32>(), 0);
    // Mud (3) and thaw (6): no tank shift.
    assert_eq!(shift_values(c, &tank("german", 3)), vec![-1]);
    assert_eq!(shift_values(c, &tank("german", 6)), vec![-1]);
    // Snow (4-5): no river shift; a Soviet attack also gets the winter counter-offensive.
    assert_eq!(shift_values(c, &tank("german", 4)), vec![1]);
    assert_eq!(shift_values(c, &tank("soviet", 5)), vec![1, 1]);
    // Movement caps per weather (10.3): mud sets 2, snow and thaw cap at 3.
    let limit = |w: &str| {
        g.rules
            .movement
            .weather_limits
            .iter()
            .find(|l| l.weather.as_str() == w)
            .map(|l| (l.max_hexes, l.mode.as_ref().map_or("cap", |m| m.as_str())))
    };
    assert_eq!(limit("mud"), Some((2, "set")));
    assert_eq!(limit("snow"), Some((3, "cap")));
    assert_eq!(limit("thaw"), Some((3, "cap")));
    assert_eq!(limit("none"), None);
}

#[test]
fn btm2_hero_city_turns_german_dr_into_no_effect() {
    let (g, _) = load("btm2");
    let d = &g.rules.city_designations[0];
    assert_eq!(d.times.as_ref().map(|t| t.value), Some(1));
    let change = &d.result_changes[0];
    assert_eq!(
        change.attacker_side.as_deref().map(|s| s.as_str()),
        Some("german")
    );
    assert_eq!((change.from.as_str(), change.to.as_str()), ("DR", "NE"));
    assert_eq!(
        d.counts_as.as_deref().map(|s| s.as_str()),
        Some("supply_city")
    );
}

#[test]
fn btm2_cards_and_allotment() {
    let (g, _) = load("btm2");
    let c = &g.counters;
    let count = |side: &str| -> u32 {
        c.cards
            .iter()
            .filter(|x| x.side.as_str() == side)
            .map(|x| x.count.value)
            .sum()
    };
    assert_eq!(count("german"), 6);
    assert_eq!(
        count("soviet"),
        5,
        "five Soviet cards are named; the sixth is unknown"
    );
    assert!(c.decks.iter().all(|d| d.size.value == 6));
    let cp = g.rules.card_play.as_ref().expect("card play");
    assert_eq!(cp.selection.as_str(), "choose");
    assert_eq!(cp.allotments.len(), 1);
    assert_eq!(
        (
            cp.allotments[0].side.as_str(),
            cp.allotments[0].turn.value,
            cp.allotments[0].cards.value
        ),
        ("german", 1, 6)
    );
}

#[test]
fn btm2_victory_points_round_losses_up() {
    let (g, _) = load("btm2");
    let s = g.scenario("campaign").expect("campaign");
    let vp = s
        .victory
        .as_ref()
        .and_then(|v| v.points.as_ref())
        .expect("victory points");
    // 9 cities (4 of them supply cities), 3 active tanks, 3 infantry and 1 tank eliminated.
    let score = vmodc::concept::victory::score::score(vp, |t| match t.name.as_str() {
        "German-controlled city" => 5,
        "German-controlled supply city" => 4,
        "Active German tanks on the map" => 3,
        "Eliminated German and Romanian infantry" => 3,
        "Eliminated German tanks" => 1,
        other => panic!("unexpected term {other}"),
    });
    assert_eq!(score.gains, 5.0 + 8.0 + 1.0); // three active tanks score 1
    assert_eq!(score.losses, 3.0); // 1.5 + 1 = 2.5, rounded up
    assert_eq!(score.total, 11.0);
    assert_eq!(
        score.result,
        Some(("german".into(), "German victory".into()))
    );
    let score = vmodc::concept::victory::score::score(vp, |t| {
        u32::from(t.name == "German-controlled city") * 9
    });
    assert_eq!(score.result.map(|r| r.0), Some("soviet".into()));
    // The report states the supply condition the module cannot compute.
    let lines = vmodc::concept::victory::score::describe(vp);
    assert!(lines[0].contains("supply line"), "{lines:?}");
}

#[test]
fn btm2_checks_with_warnings_only() {
    let (g, sources) = load("btm2");
    let report = vmodc::check::check_game(&g, &sources);
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.render(&sources))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code).collect();
    for code in [
        "V0801", "V0803", "V0804", "V0806", "V0809", "V0810", "V0811", "V0812",
    ] {
        assert!(
            codes.contains(&code),
            "no {code} in the completeness report"
        );
    }
    // Battle for Moscow stays as it was: three notes.
    let (b, sources) = load("b4m");
    let report = vmodc::check::check_game(&b, &sources);
    let sev: Vec<Severity> = report.diagnostics.iter().map(|d| d.severity).collect();
    assert_eq!(sev, vec![Severity::Note; 3], "{report:?}");
}

// ---------------------------------------------------------------------------------------------------
// Stacking and ZOC on the BtM2 data, both sides.
// ---------------------------------------------------------------------------------------------------

#[test]
fn btm2_stacking_both_sides() {
    let (g, _) = load("btm2");
    let h = Location::Hex(hex(&g, "1502"));
    // German: one unit per hex (8.1); rear areas have no limit (8.0).
    assert_eq!(check_units(&g, "german", &["ger-16"], h), vec![]);
    assert_eq!(
        check_units(&g, "german", &["ger-16", "ger-18"], h),
        vec![Violation::TooMany {
            count: whole(2),
            max: whole(1),
        }]
    );
    let all_n = ["ger-16", "ger-18", "ger-2pza", "ger-4", "ger-9"];
    assert_eq!(
        check_units(&g, "german", &all_n, Location::Area("N")),
        vec![]
    );
    // Soviet: three units, at most two of one branch (8.2).
    assert_eq!(
        check_units(&g, "soviet", &["sov-8", "sov-13", "sov-12mc"], h),
        vec![]
    );
    assert_eq!(
        check_units(&g, "soviet", &["sov-8", "sov-13", "sov-3"], h),
        vec![Violation::TooManyOfBranch {
            branch: "infantry".into(),
            count: whole(3),
            max: whole(2),
        }]
    );
    assert_eq!(
        check_units(&g, "soviet", &["sov-8", "sov-13", "sov-12mc", "sov-26"], h),
        vec![
            Violation::TooMany {
                count: whole(4),
                max: whole(3),
            },
            Violation::TooManyOfBranch {
                branch: "infantry".into(),
                count: whole(3),
                max: whole(2),
            }
        ]
    );
    assert_eq!(
        check_units(
            &g,
            "soviet",
            &["sov-8", "sov-13", "sov-3", "sov-9"],
            Location::Area("SOV")
        ),
        vec![]
    );
}

#[test]
fn btm2_zoc_both_sides() {
    let (g, _) = load("btm2");
    let t = |u: &str| g.counters.unit_type(unit_type(&g, u)).expect("type");
    let at = |l: &str| Location::Hex(hex(&g, l));
    // Romanian units and Soviet infantry have no ZOC, except in a city (9.1).
    assert!(!exerts_zoc(&g, t("rom-3"), at("0702")));
    assert!(exerts_zoc(&g, t("rom-3"), at("0304"))); // Odessa
    assert!(!exerts_zoc(&g, t("sov-8"), at("1601")));
    assert!(exerts_zoc(&g, t("sov-8"), at("0106"))); // Sevastopol
                                                     // German army units and Soviet tanks always have one.
    assert!(exerts_zoc(&g, t("ger-16"), at("1701")));
    assert!(exerts_zoc(&g, t("sov-12mc"), at("1601")));
    // A unit in a rear area projects ZOC into every hex the area borders (9.3, 10.5) ...
    let n: Vec<String> = zoc_hexes(&g, t("ger-16"), Location::Area("N"))
        .into_iter()
        .map(|h| g.map.grid.label(h))
        .collect();
    assert_eq!(n, vec!["1502"]);
    // ... a Romanian unit in Romania has none ...
    assert!(zoc_hexes(&g, t("rom-3"), Location::Area("R")).is_empty());
    // ... and no ZOC reaches into the enemy rear area.
    assert!(!zoc_enters_area(&g, "soviet", "N"));
    assert!(zoc_enters_area(&g, "german", "N"));
    assert!(!zoc_enters_area(&g, "german", "SOV"));
    // With the map's geometry unknown, a hex's ZOC covers only the adjacencies the text states.
    let z: Vec<String> = zoc_hexes(&g, t("ger-2pza"), at("1401"))
        .into_iter()
        .map(|h| g.map.grid.label(h))
        .collect();
    assert_eq!(z, vec!["1502"]);
}

// ---------------------------------------------------------------------------------------------------
// Stacking and ZOC fixtures on a small inline game: two sides that are not German and Soviet.
// ---------------------------------------------------------------------------------------------------

const RULES: &str = r##"
[game]
id = "mini"
title = "Mini"
version = "0.1.0"
description = "Inline test game."
rulebook = "none"

[[sides]]
id = "west"
name = "West"
color = "#8e9aa6"
text_color = "#000000"

[[sides]]
id = "east"
name = "East"
color = "#8a5a3b"
text_color = "#ffffff"

[dice]
count = 2
faces = 6

[[phases]]
id = "west-move"
name = "West movement"
side = "west"

[[phases]]
id = "east-move"
name = "East movement"
side = "east"

[turns]
count = 2

[[terrain]]
id = "clear"
name = "Clear"
move_cost = 1

[[terrain]]
id = "swamp"
name = "Swamp"
move_cost = 1
stops = ["tank", "infantry"]
no_zoc_inside = true

[[city_kinds]]
id = "town"
name = "Town"

[[hexside_features]]
id = "sea"
name = "Sea"
blocks = ["movement", "zoc", "supply"]

[stacking]
max_units = 3
when = "end of movement"
limits = [
    { side = "west", max_units = 1, rule = "W1" },
    { side = "east", max_units = 3, max_per_branch = 2, rule = "E1" },
]

[combat]
kind = "odds"
columns = ["1:1", "2:1", "3:1"]
cap = "3:1"
below_table = "no effect"
table_known = false
results = [{ code = "NE", name = "No effect", effect = "Nothing." }]
"##;

const COUNTERS: &str = r##"
[counters]
size = 60
faces = ["active", "worn"]
values = ["strength", "movement"]

[[types]]
id = "w-tank"
name = "West tank"
symbol = "armor"
branch = "tank"

[[types]]
id = "w-ally"
name = "West ally"
symbol = "infantry"
branch = "infantry"
zoc = "in_city"

[[types]]
id = "e-inf"
name = "East infantry"
symbol = "infantry"
branch = "infantry"
zoc = "in_city"

[[types]]
id = "e-guard"
name = "East guards"
symbol = "infantry"
branch = "infantry"
zoc = "always"

[[types]]
id = "e-tank"
name = "East tank corps"
symbol = "armor"
branch = "tank"
faces = ["active"]
back = "medal"

[[markers]]
id = "medal"
name = "Medal"
back_of = "e-tank"

[[units]]
id = "w1"
side = "west"
type = "w-tank"
size = ""
faces = { active = "6-5", worn = "3-5" }

[[units]]
id = "w2"
side = "west"
type = "w-tank"
size = ""
faces = { active = "6-5", worn = "3-5" }

[[units]]
id = "a1"
side = "west"
type = "w-ally"
size = ""
faces = { active = "2-3", worn = "1-3" }

[[units]]
id = "e1"
side = "east"
type = "e-inf"
size = ""
faces = { active = "2-3", worn = "1-3" }

[[units]]
id = "e2"
side = "east"
type = "e-inf"
size = ""
faces = { active = "2-3", worn = "1-3" }

[[units]]
id = "e3"
side = "east"
type = "e-inf"
size = ""
faces = { active = "2-3", worn = "1-3" }

[[units]]
id = "g1"
side = "east"
type = "e-guard"
size = ""
faces = { active = "3-3", worn = "2-3" }

[[units]]
id = "t1"
side = "east"
type = "e-tank"
size = ""
faces = { active = "1-4" }

[[units]]
id = "t2"
side = "east"
type = "e-tank"
size = ""
faces = { active = "1-4" }

[[units]]
id = "t3"
side = "east"
type = "e-tank"
size = ""
faces = { active = "1-4" }
"##;

const MAP: &str = r##"
[map]
name = "Mini"

[grid]
kind = "hex-columns"
columns = [1, 3]
rows = [1, 3]
shifted_columns = "even"
column_digits = 2
row_digits = 2

[terrain]
default = "clear"
hexes = { swamp = ["0101"] }

[[cities]]
hex = "0202"
name = "Town"
kind = "town"
control = "east"

[[hexsides]]
feature = "sea"
pairs = [["0202", "0302"]]

[[areas]]
id = "W"
name = "West rear"
side = "west"
adjacent_hexes = ["0101", "0102", "0103"]
one_hex = true
no_stacking_limit = true
zoc_to_adjacent = true
enemy_entry = false
enemy_zoc = false

[style]
hex_height = 60
margin = 10
background = "#ffffff"
terrain_colors = { clear = "#eeeeee", swamp = "#99aa99" }
feature_colors = { sea = "#3366cc" }
"##;

/// A scenario with the given setup lines (TOML `[[setup]]` / `[[off_map]]` tables).
fn scenario(body: &str) -> String {
    format!("[scenario]\nid = \"s\"\nname = \"S\"\ndescription = \"test\"\nrule = \"S1\"\n\n{body}")
}

fn setup(unit: &str, hex: &str) -> String {
    format!("[[setup]]\nunit = \"{unit}\"\nhex = \"{hex}\"\nface = \"active\"\n\n")
}

fn in_area(unit: &str, area: &str) -> String {
    format!(
        "[[off_map]]\nunit = \"{unit}\"\nface = \"active\"\nbox_name = \"rear\"\narea = \"{area}\"\n\n"
    )
}

fn mini(scenario_text: &str) -> (Game, Sources) {
    let mut sources = Sources::default();
    let mut add = |path: &str, text: &str| -> FileId { sources.add(path.into(), text.to_string()) };
    let files = [
        add("rules/mini.toml", RULES),
        add("counters/mini.toml", COUNTERS),
        add("maps/mini.toml", MAP),
        add("scenarios/mini/s.toml", scenario_text),
    ];
    let parse_err = |what: &str, e: toml::de::Error| -> ! { panic!("{what}: {e}") };
    let rules: RulesFile = toml::from_str(RULES).unwrap_or_else(|e| parse_err("rules", e));
    let counters: CountersFile =
        toml::from_str(COUNTERS).unwrap_or_else(|e| parse_err("counters", e));
    let map: MapFile = toml::from_str(MAP).unwrap_or_else(|e| parse_err("map", e));
    let s: ScenarioFile =
        toml::from_str(scenario_text).unwrap_or_else(|e| parse_err("scenario", e));
    let game = Game {
        id: "mini".into(),
        rules: Loaded {
            file: files[0],
            data: rules,
        },
        counters: Loaded {
            file: files[1],
            data: counters,
        },
        map: Loaded {
            file: files[2],
            data: map,
        },
        scenarios: vec![Loaded {
            file: files[3],
            data: s,
        }],
        layering: None,
        images: Default::default(),
        files: Default::default(),
        releases: None,
        data_files: Vec::new(),
    };
    (game, sources)
}

/// Codes and severities of a check run on the inline game.
fn check(scenario_body: &str) -> Vec<(Severity, &'static str, String)> {
    let (g, sources) = mini(&scenario(scenario_body));
    let report = vmodc::check::check_game(&g, &sources);
    report
        .diagnostics
        .iter()
        .map(|d| (d.severity, d.code, d.render(&sources)))
        .collect()
}

fn errors(found: &[(Severity, &'static str, String)]) -> Vec<&'static str> {
    found
        .iter()
        .filter(|(s, ..)| *s == Severity::Error)
        .map(|(_, c, _)| *c)
        .collect()
}

#[test]
fn mini_legal_stacks_pass() {
    let body = [
        setup("w1", "0201"),
        setup("e1", "0303"),
        setup("e2", "0303"),
        setup("t1", "0303"), // two infantry and a tank
        setup("e3", "0301"),
        setup("t2", "0301"),
        setup("t3", "0301"), // an infantry and two tanks
        in_area("w2", "W"),
        in_area("a1", "W"), // areas have no stacking limit
    ]
    .concat();
    let found = check(&body);
    assert!(errors(&found).is_empty(), "{found:#?}");
}

#[test]
fn mini_west_stacks_one_unit() {
    let found = check(&[setup("w1", "0201"), setup("w2", "0201")].concat());
    assert_eq!(errors(&found), vec!["V0704"], "{found:#?}");
    let text = &found.iter().find(|f| f.1 == "V0704").expect("V0704").2;
    assert!(text.contains("rule: W1"), "{text}");
}

#[test]
fn mini_east_stacks_three_at_most_two_of_a_branch() {
    // Three infantry: over the branch limit.
    let found = check(
        &[
            setup("e1", "0303"),
            setup("e2", "0303"),
            setup("e3", "0303"),
        ]
        .concat(),
    );
    assert_eq!(errors(&found), vec!["V0704"], "{found:#?}");
    // Three tanks likewise.
    let found = check(
        &[
            setup("t1", "0303"),
            setup("t2", "0303"),
            setup("t3", "0303"),
        ]
        .concat(),
    );
    assert_eq!(errors(&found), vec!["V0704"], "{found:#?}");
    // Four units: over max_units, which the base stacking check (V0301) reports.
    let found = check(
        &[
            setup("e1", "0303"),
            setup("e2", "0303"),
            setup("t1", "0303"),
            setup("t2", "0303"),
        ]
        .concat(),
    );
    assert!(errors(&found).contains(&"V0301"), "{found:#?}");
}

#[test]
fn mini_enemy_area_and_bad_area() {
    let found = check(&in_area("e1", "W"));
    assert_eq!(errors(&found), vec!["V0713"], "{found:#?}");
    let found = check(&in_area("w1", "X"));
    assert_eq!(errors(&found), vec!["V0102"], "{found:#?}");
}

#[test]
fn mini_zoc_both_sides() {
    let (g, _) = mini(&scenario(""));
    let t = |id: &str| g.counters.unit_type(id).expect("type");
    let h = |l: &str| Location::Hex(g.map.grid.parse(l).expect("hex"));
    let labels = |set: std::collections::BTreeSet<HexId>| -> Vec<String> {
        set.into_iter().map(|x| g.map.grid.label(x)).collect()
    };
    // West tank in the town: every neighbour but the one across the sea.
    assert_eq!(
        labels(zoc_hexes(&g, t("w-tank"), h("0202"))),
        vec!["0102", "0103", "0201", "0203", "0303"]
    );
    // West ally and east infantry: a ZOC only in the town.
    assert!(zoc_hexes(&g, t("w-ally"), h("0201")).is_empty());
    assert!(!zoc_hexes(&g, t("w-ally"), h("0202")).is_empty());
    assert!(zoc_hexes(&g, t("e-inf"), h("0303")).is_empty());
    assert!(!zoc_hexes(&g, t("e-inf"), h("0202")).is_empty());
    // East guards and tank corps: always (but not in a swamp).
    assert_eq!(
        labels(zoc_hexes(&g, t("e-guard"), h("0303"))),
        vec!["0202", "0203", "0302"]
    );
    assert!(!zoc_hexes(&g, t("e-tank"), h("0102")).is_empty());
    assert!(zoc_hexes(&g, t("e-tank"), h("0101")).is_empty());
    // West units in their rear area reach every hex it borders; the enemy's ZOC stays out of it.
    assert_eq!(
        labels(zoc_hexes(&g, t("w-tank"), Location::Area("W"))),
        vec!["0101", "0102", "0103"]
    );
    assert!(zoc_hexes(&g, t("w-ally"), Location::Area("W")).is_empty());
    assert!(!zoc_enters_area(&g, "east", "W"));
    assert!(zoc_enters_area(&g, "west", "W"));
}
