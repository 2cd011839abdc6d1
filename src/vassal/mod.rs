//! VASSAL 3.7's own encodings, ported from its source so that what we write decodes exactly as VASSAL
//! decodes it: piece traits (`traits`), BeanShell expressions (`expression`, which also evaluates
//! them in Rust for the tests), `SequenceEncoder`, hex and square grid numbering, property names and
//! saves.

pub mod expression;
pub mod hexgrid;
pub mod image;
pub mod parse_cost;
pub mod polygon;
pub mod properties;
pub mod sequence_encoder;
pub mod squaregrid;
pub mod traits;
pub mod vsav;
pub mod xml;
