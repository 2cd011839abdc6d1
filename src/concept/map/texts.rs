//! The texts of the map: terrain, cities, hexside and line features, the map's name and its off-map
//! areas, and the interface texts of the map window, its chart window and the terrain effects chart.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    ("ui.map", "Map", "main map window and its toolbar button"),
    (
        "ui.map_art_unknown",
        "{map} — map art in no source: the rules name the shaded hexes; the other numbers may lie off the printed map",
        "map title when the data marks the map geometry unknown",
    ),
    ("ui.zoom_in", "Zoom in", "map toolbar"),
    ("ui.zoom_out", "Zoom out", "map toolbar"),
    ("ui.zoom_select", "Select zoom", "map toolbar"),
    ("ui.charts", "Charts", "chart window"),
    ("ui.charts_tooltip", "Combat results, terrain effects and turn record", "chart window button"),
    ("ui.chart_tec", "Terrain Effects Chart", "chart"),
    ("ui.tec_terrain", "Terrain", "terrain effects chart header"),
    ("ui.tec_movement", "Movement", "terrain effects chart header"),
    ("ui.tec_combat", "Combat", "terrain effects chart header"),
    ("ui.tec_notes", "Notes", "terrain effects chart header"),
    ("ui.tec_mp", "{n} MP", "terrain effects chart"),
];

/// Every interface text of the map.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// Terrain, cities, hexside and line features, the map's name, and the interface texts.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    let r = &game.rules;
    for t in &r.terrain {
        let id = t.id.as_str();
        out.add(format!("terrain.{id}"), &t.name, "terrain effects chart");
        out.add(
            format!("terrain_combat.{id}"),
            &t.combat,
            "terrain effects chart",
        );
        out.add(
            format!("terrain_notes.{id}"),
            &t.note,
            "terrain effects chart",
        );
    }
    for c in &r.city_kinds {
        let id = c.id.as_str();
        out.add(format!("city_kinds.{id}"), &c.name, "terrain effects chart");
        out.add(
            format!("city_kind_combat.{id}"),
            &c.combat,
            "terrain effects chart",
        );
        out.add(
            format!("city_kind_notes.{id}"),
            &c.note,
            "terrain effects chart",
        );
    }
    for f in r.hexside_features.iter().chain(&r.line_features) {
        let id = f.id.as_str();
        out.add(format!("features.{id}"), &f.name, "terrain effects chart");
        out.add(
            format!("feature_move.{id}"),
            &f.move_effect,
            "terrain effects chart",
        );
        out.add(
            format!("feature_combat.{id}"),
            &f.combat,
            "terrain effects chart",
        );
    }
    for c in &game.map.cities {
        out.add(
            format!("cities.{}", c.hex.as_str()),
            &c.name,
            "city names on the map, control markers",
        );
    }
    out.add("map.name".into(), &game.map.map.name, "map title");
    out.add_interface(INTERFACE);
}

/// The off-map areas, drawn on the turn track board.
pub(crate) fn area_entries(game: &Game, out: &mut Entries) {
    out.add_each(
        "areas",
        &game.map.areas,
        |a| (a.id.as_str(), &a.name),
        "off-map areas (turn track board)",
    );
}
