//! Setup: scenarios, setup placements, off-map units, reinforcements and replacements.

pub(crate) mod check;
pub mod concept;
pub mod effective;
pub mod module;
pub mod slots;
pub mod track;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::spanned::Sp;
use serde::Deserialize;
use std::collections::BTreeMap;

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct ScenarioInfo {
        pub id: Sp<String>,
        pub name: String,
        pub description: String,
        /// Another scenario of the same game whose setup, schedule and victory this one starts from.
        pub based_on: Option<Sp<String>>,
        /// Turn and phase play starts at.
        pub start_turn: Option<Sp<u32>>,
        pub start_phase: Option<Sp<String>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Placement {
        pub unit: Sp<String>,
        /// The hex it starts in; on an area map, its area's name.
        pub hex: Sp<String>,
        pub face: Sp<String>,
        #[serde(default)]
        pub note: String,
        /// Where on the board it stands, in pixels, when that is not its hex's centre: a module
        /// made by hand may place a stack by a point (a marker in the map's margin), which VASSAL
        /// names by the hex it falls in (`hex`). The at-start stack is placed at the point.
        pub point: Option<[i32; 2]>,
    }
}

cited! {
    /// The side that controls a city when this scenario starts (`[[control]]`), in place of the
    /// city's `control` on the map: a later scenario starts with the control the earlier play left.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Control {
        /// The city, by its hex (a `[[cities]]` hex of the map).
        pub city: Sp<String>,
        /// The side that controls it at the start (a `[[sides]]` id): its control marker shows this side.
        pub side: Sp<String>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct OffMap {
        pub unit: Sp<String>,
        pub face: Sp<String>,
        /// Name of the off-map box the unit waits in.
        pub box_name: String,
        /// The off-grid area (`[[areas]]` id of the map) the unit starts in, if it starts in one.
        pub area: Option<Sp<String>>,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Reinforcement {
        pub turn: Sp<u32>,
        pub unit: Sp<String>,
        pub face: Sp<String>,
        /// Where it enters, in the rulebook's words.
        pub arrives: String,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Replacements {
        pub turn: Sp<u32>,
        /// Replacement steps per side id.
        pub steps: BTreeMap<String, Sp<u32>>,
    }
}

cited! {
    /// A unit whose start position the sources give only in part, or not at all (`[[unplaced]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Unplaced {
        pub unit: Sp<String>,
        pub face: Sp<String>,
        /// What is known of where it starts, e.g. "Minsk (hex unknown)".
        pub known: String,
        /// The component that shows where it starts (`map` unless given: a setup printed on the
        /// map; `counter-sheet` for a setup code printed on the counter): `vmodc check --todo`.
        pub found_on: Option<Sp<String>>,
    }
}
