//! A point of a map where a finding happened, in the map's own pixels as VASSAL records them.

use crate::save::Location;
use serde::Serialize;

/// A point of a map, in its pixels.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Spot {
    pub map: Option<String>,
    pub x: i64,
    pub y: i64,
}

impl Spot {
    pub fn of(at: &Location) -> Spot {
        Spot {
            map: at.map.clone(),
            x: at.x,
            y: at.y,
        }
    }
}
