//! vmodc's integration tests, in one crate: one test binary to compile and link instead of one per
//! file (the shared helpers and the synthetic game are compiled once too).

mod common;
#[path = "common/synthetic.rs"]
mod synthetic;

mod architecture;
mod art;
mod broken_fixtures;
mod btm2;
mod cache;
mod citations;
mod cli;
mod closed_pipe;
mod combat_automation;
mod data_b4m_parses;
mod diagnostic_codes;
mod diff;
mod diff_page;
mod first_game;
mod fuzz;
mod hidden_units;
mod i18n;
mod identity;
mod languages;
mod legible_text;
mod lsam_combat;
mod lsam_victory;
mod markers;
mod modes;
mod module_library;
mod module_readback;
mod morale;
mod ocs_air;
mod ocs_barrage;
mod ocs_combat;
mod ocs_series;
mod ocs_staged_overrun;
mod parallel_build;
mod phase_skips;
mod print;
mod reader;
mod rulebook_terms;
mod saved_games;
mod schema;
mod series_layering;
mod stacking_points;
mod steps;
mod synthetic_game;
mod table_play;
mod todo_list;
mod turn_record;
mod unit_state_combat;
mod vassal_agreement;
mod version_bump;
mod watch;
mod whats_new;
