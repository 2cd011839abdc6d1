//! Inventory: a window listing every unit on the maps by side, then by map, then by where it stands
//! (VASSAL's `Inventory`), for players to find a unit or count a side's forces.

pub mod concept;
pub mod module;
pub(crate) mod texts;
