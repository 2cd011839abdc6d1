//! vmodc: compiles declarative wargame data into VASSAL 3.7 modules.
//!
//! One pipeline, one direction — each stage is a module with a small typed interface:
//!
//! 1. [`load`]: TOML files → [`concept::game::Game`] (values keep their spans for diagnostics);
//! 2. [`check`]: every concept's checks → [`diag::Diagnostic`]s;
//! 3. [`render`]: counters, map and charts as pure functions of data → PNG images;
//! 4. [`emit`]: buildFile.xml, moduledata, saved setups, from every concept's contributions;
//! 5. [`package`]: a deterministic zip, written atomically.
//!
//! The rule concepts sit below the stages, in one registry ([`concept::CONCEPTS`]) that the stages
//! loop over. [`model`] holds what every data type is built from; [`vassal`] holds VASSAL's own
//! encodings (SequenceEncoder, grid numbering, saves), shared by the emitter and by [`verify`], which
//! reads modules back the way VASSAL does. [`pipeline`] runs the stages per game and language; [`print`]
//! and [`diff`] build on it, and [`cli`] runs the commands. The imports follow this order
//! (docs/architecture.md; `tests/architecture.rs` enforces it).

// A `Diagnostic` (file, span, help, rule) is the error of whole pipeline stages and is made once per
// failure: boxing it would only add noise.
#![allow(clippy::result_large_err)]

/// Which vmodc this is: its version and a hash of its own code, fonts and dependency versions (see
/// `build.rs`). Cached images and modules are keyed by it.
pub const BUILD_ID: &str = concat!(env!("CARGO_PKG_VERSION"), "+", env!("VMODC_CODE_HASH"));

pub mod audit;
pub mod check;
pub mod cli;
pub mod concept;
pub mod diag;
pub mod diff;
pub mod emit;
pub mod html;
pub mod i18n;
pub mod import;
pub mod load;
pub mod migrate;
pub mod model;
pub mod package;
pub mod pipeline;
pub mod print;
pub mod render;
pub mod save;
pub mod slug;
pub mod translate;
pub mod vassal;
pub mod verify;
