//! The Battle for Moscow data files deserialize into the model structs (unknown keys are rejected).

use vmodc::concept::game::{CountersFile, MapFile, RulesFile, ScenarioFile};

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn rules_parse() {
    let rules: RulesFile = toml::from_str(&read("rules/b4m.toml")).unwrap();
    assert_eq!(rules.phases.len(), 9);
    assert_eq!(rules.combat.table.len(), 6);
}

#[test]
fn counters_parse() {
    let counters: CountersFile = toml::from_str(&read("counters/b4m.toml")).unwrap();
    assert_eq!(counters.units.len(), 39);
}

#[test]
fn map_parses() {
    let map: MapFile = toml::from_str(&read("maps/b4m.toml")).unwrap();
    assert_eq!(map.grid.hexes().len(), 147);
    assert_eq!(map.cities.len(), 11);
}

#[test]
fn standard_scenario_parses() {
    let scenario: ScenarioFile = toml::from_str(&read("scenarios/b4m/standard.toml")).unwrap();
    assert_eq!(scenario.setup.len(), 36);
}

#[test]
fn tournament_scenario_parses() {
    let scenario: ScenarioFile = toml::from_str(&read("scenarios/b4m/tournament.toml")).unwrap();
    assert_eq!(
        scenario.scenario.based_on.as_deref().map(String::as_str),
        Some("standard")
    );
}
