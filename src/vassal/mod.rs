//! VASSAL 3.7's own encodings, ported from its source so that what we write decodes exactly as VASSAL
//! decodes it.

pub mod expression;
pub mod hexgrid;
pub mod properties;
pub mod sequence_encoder;
pub mod traits;
pub mod vsav;
