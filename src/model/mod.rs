//! What every data type is built from: values with their byte spans in a file ([`Sp`], [`FileId`]),
//! and the words a data file may choose ([`keyword`]). The concepts compose these into their data
//! types, and `concept::game` composes the concepts into a `Game` (`src/concept/game.rs`).

pub mod component;
pub mod data_format;
pub mod digest;
pub mod image_error;
pub mod keyword;
pub mod spanned;
pub mod toml_text;

pub use spanned::{FileId, Sp};
