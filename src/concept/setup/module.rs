//! What a scenario's setup adds to the module: every piece the scenario starts with, where it starts
//! (the module's at-start stacks for the first scenario, a saved game for each other one).

use super::slots::AtStartSlots;
use crate::concept::game::{Game, HexId};
use crate::concept::gpids::Gpids;
use crate::concept::interface::{Concept, Placed};
use crate::concept::map::module::snapped_centre;
use crate::concept::module::{props, Global, ScenarioValue};
use crate::concept::plan::{self, Plan};
use crate::concept::setup::effective::Effective;
use crate::concept::units::module::{unit_name, unit_piece};
use crate::concept::victory::module::{control_marker, control_name};
use crate::concept::weather::module::weather_marker;
use rayon::prelude::*;

/// The `Scenario` property, when the scenarios schedule different arrivals or play by different
/// victory conditions: the first scenario's id at New Game, each other scenario's id set by its
/// saved game. The phase announcements and the victory report read it.
pub fn scenario_property(game: &Game) -> Option<(Global, Vec<ScenarioValue>)> {
    if !game.scenarios_differ() {
        return None;
    }
    let (first, others) = game.scenarios.split_first()?;
    let global = Global {
        name: props::SCENARIO.to_string(),
        initial: first.scenario.id.as_str().to_string(),
        description: "The scenario being played".to_string(),
        numeric: None,
        changers: Vec::new(),
    };
    let values = others
        .iter()
        .map(|s| ScenarioValue {
            property: props::SCENARIO.to_string(),
            scenario: s.scenario.id.as_str().to_string(),
            value: s.scenario.id.as_str().to_string(),
        })
        .collect();
    Some((global, values))
}

/// Every piece a scenario starts with: units on their hexes, units in off-map boxes and on the turn
/// track, city control markers, the weather marker.
pub fn placements(
    game: &Game,
    plan: &Plan,
    concepts: &[&dyn Concept],
    scenario: &crate::concept::game::Loaded<crate::concept::game::ScenarioFile>,
    gpids: &mut Gpids,
) -> Vec<Placed> {
    let eff = game.effective(scenario);
    let slots = AtStartSlots::of(game);
    let key = |what: &str| slots.key(what);
    // A city's control marker is the bottom piece of the city's stack: the units the rules set up
    // there lie on it, so it neither hides them nor lies apart from them.
    let mut out = control_markers(game, plan, scenario, &key, gpids);
    out.extend(on_hexes(game, plan, concepts, &eff, &key, gpids));
    out.extend(in_boxes(game, plan, concepts, &eff, &key, gpids));
    out.extend(weather_marker_placed(game, plan, &key, gpids));
    out
}

/// Units on their hexes of the main map.
fn on_hexes(
    game: &Game,
    plan: &Plan,
    concepts: &[&dyn Concept],
    eff: &Effective<'_>,
    key: &dyn Fn(&str) -> String,
    gpids: &mut Gpids,
) -> Vec<Placed> {
    let size = game.counters.counters.size;
    // Ids are handed out in order; the pieces themselves are built in parallel (thousands of units).
    let setup: Vec<(&crate::concept::game::Placement, HexId, String)> = eff
        .setup
        .1
        .iter()
        .filter_map(|p| {
            let hex = game.map.grid.parse(&p.hex)?;
            Some((p, hex, gpids.get(&key(&p.unit))))
        })
        .collect();
    let placed: Vec<Placed> = setup
        .into_par_iter()
        .filter_map(|(p, hex, gpid)| {
            let piece = unit_piece(game, plan, concepts, &p.unit, &p.face, &gpid)?;
            let board = plan.board_of(hex);
            // A piece placed by a point stands there; VASSAL names the point by its hex.
            let (location, point) = match p.point {
                Some([x, y]) => (String::new(), (x, y)),
                None => (game.map.grid.label(hex), snapped_centre(plan, hex)),
            };
            Some(Placed {
                map: plan.main_map.clone(),
                board: board.name.clone(),
                origin: plan.board_origin(board),
                location,
                point,
                name: unit_name(plan, &p.unit),
                gpid,
                size,
                piece,
            })
        })
        .collect();
    placed
}

/// Units in off-map boxes and on the turn track (reinforcements in their turn's box).
fn in_boxes(
    game: &Game,
    plan: &Plan,
    concepts: &[&dyn Concept],
    eff: &Effective<'_>,
    key: &dyn Fn(&str) -> String,
    gpids: &mut Gpids,
) -> Vec<Placed> {
    let size = game.counters.counters.size;
    let mut out = Vec::new();
    let boxed = eff
        .off_map
        .1
        .iter()
        .map(|o| {
            (
                o.unit.as_str(),
                o.face.as_str(),
                plan.box_region(&o.box_name),
            )
        })
        .chain(eff.reinforcements.1.iter().map(|r| {
            (
                r.unit.as_str(),
                r.face.as_str(),
                plan.turn_region(r.turn.value),
            )
        }));
    for (unit, face, region) in boxed {
        let Some(b) = plan.track.boxes.iter().find(|b| b.region == region) else {
            continue;
        };
        let gpid = gpids.get(&key(unit));
        if let Some(piece) = unit_piece(game, plan, concepts, unit, face, &gpid) {
            let (x, y) = b.centre();
            out.push(Placed {
                map: plan.track_map.clone(),
                board: plan::TRACK_BOARD.into(),
                origin: (0, 0),
                location: region,
                point: (x as i32, y as i32),
                name: unit_name(plan, unit),
                gpid,
                size,
                piece,
            });
        }
    }
    out
}

/// A control marker on every city, showing the side that controls it when the scenario starts.
fn control_markers(
    game: &Game,
    plan: &Plan,
    scenario: &crate::concept::game::Loaded<crate::concept::game::ScenarioFile>,
    key: &dyn Fn(&str) -> String,
    gpids: &mut Gpids,
) -> Vec<Placed> {
    let mut out = Vec::new();
    for city in &game.map.cities {
        let Some(hex) = game.map.grid.parse(&city.hex) else {
            continue;
        };
        let gpid = gpids.get(&key(&format!("control:{}", city.hex.as_str())));
        let level = game
            .rules
            .sides
            .iter()
            .position(|s| s.id.as_str() == game.control_at_start(scenario, city))
            .unwrap_or(0)
            + 1;
        let board = plan.board_of(hex);
        out.push(Placed {
            map: plan.main_map.clone(),
            board: board.name.clone(),
            origin: plan.board_origin(board),
            location: game.map.grid.label(hex),
            point: snapped_centre(plan, hex),
            name: control_name(plan, city),
            gpid: gpid.clone(),
            size: plan::MARKER_SIZE,
            piece: control_marker(game, plan, city, level, &gpid),
        });
    }
    out
}

/// The weather marker, when the game has weather.
fn weather_marker_placed(
    game: &Game,
    plan: &Plan,
    key: &dyn Fn(&str) -> String,
    gpids: &mut Gpids,
) -> Option<Placed> {
    if game.rules.weather.is_empty() {
        return None;
    }
    let gpid = gpids.get(&key("weather"));
    let point = plan.weather_point;
    // On the first sheet's board (the top-left one in single-sheet maps).
    let board = &plan.sheets[0];
    Some(Placed {
        map: plan.main_map.clone(),
        board: board.name.clone(),
        origin: plan.board_origin(board),
        location: String::new(),
        point,
        name: plan.tx.get("ui.weather"),
        gpid: gpid.clone(),
        size: plan::WEATHER_MARKER_SIZE,
        piece: weather_marker(game, plan, &gpid),
    })
}
