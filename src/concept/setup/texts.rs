//! The texts of scenarios: their names and descriptions, off-map boxes, arrivals and victory texts,
//! and the File > New Game menu that lists them.

use crate::concept::game::{Game, ScenarioFile};
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[(
    "ui.scenarios",
    "Scenarios",
    "File > New Game menu of predefined setups",
)];

/// Every interface text of scenarios.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// Each scenario's texts, and the menu of scenarios.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    for s in &game.scenarios {
        scenario_entries(s, out);
    }
    out.add_interface(INTERFACE);
}

/// A scenario: its name, description, off-map boxes, arrivals and victory texts.
fn scenario_entries(s: &ScenarioFile, out: &mut Entries) {
    let id = s.scenario.id.as_str();
    out.add(
        format!("scenarios.{id}"),
        &s.scenario.name,
        "File > New Game > Scenarios",
    );
    out.add(
        format!("scenario_descriptions.{id}"),
        &s.scenario.description,
        "File > New Game > Scenarios",
    );
    for o in &s.off_map {
        out.add(
            format!("boxes.{}", crate::slug::slug(&o.box_name)),
            &o.box_name,
            "off-map box",
        );
    }
    for re in &s.reinforcements {
        out.add(
            format!("arrivals.{}", re.unit.as_str()),
            &re.arrives,
            "chat: phase announcement",
        );
    }
    if let Some(v) = &s.victory {
        crate::concept::victory::texts::scenario_entries(id, v, out);
    }
}
