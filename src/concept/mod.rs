//! The rule concepts a game's data can express, one home each.
//!
//! A concept's folder holds everything about it side by side: its data types (`mod.rs`, deserialized
//! from the game's TOML files), its checks (`check.rs`), its rule logic as pure functions (used by
//! the checks, `vmodc odds` and the tests), and what it adds to the VASSAL module (`module.rs`:
//! traits, global properties, buttons). The pipeline stages (`load`, `check`, `render`, `emit`) ask each
//! concept for its part; see docs/architecture.md.

pub mod air;
pub mod art;
pub mod barrage;
pub mod cards;
pub mod combat;
pub mod context;
pub mod game;
pub mod gpids;
pub mod hidden;
pub mod interface;
pub mod map;
pub mod markers;
pub mod modes;
pub mod module;
pub mod morale;
pub mod movement;
pub mod plan;
pub mod provenance;
pub mod registry;
pub mod releases;
pub mod sequence;
pub mod series;
pub mod setup;
pub mod stacking;
pub mod steps;
pub mod supply;
pub mod units;
pub mod victory;
pub mod weather;
