//! Why a kit could not be printed: each cause its own variant, so the build reports it once, in
//! its own words, and a test can tell one cause from another.

use crate::render::RenderError;
use std::fmt;

#[derive(Debug)]
pub enum PrintError {
    /// A counter, board or card picture could not be drawn.
    Render(RenderError),
    /// `[counters] printed_mm` outside what a counter can be.
    CounterSize { game: String, mm: f64 },
    /// A counter's face is missing from the faces drawn for it (a fault of vmodc's, not the data's).
    FaceNotDrawn,
    /// One of the fonts vmodc embeds does not parse.
    Font(&'static str),
    /// krilla refused an image (its own message).
    Image(String),
    /// krilla could not write the document (its own message).
    Pdf(String),
    /// Counters of this edge leave no room on the paper.
    CountersDoNotFit { counter_mm: f32 },
    /// A page, image or clip of a size the PDF cannot hold (empty, negative or not finite).
    Size {
        what: &'static str,
        width: f32,
        height: f32,
    },
    /// The contents pages number other pages than the kit has (a fault of vmodc's).
    Contents { numbered: usize, pages: usize },
}

impl fmt::Display for PrintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrintError::Render(e) => write!(f, "{e}"),
            PrintError::CounterSize { game, mm } => write!(
                f,
                "[counters] printed_mm = {mm} in counters/{game}.toml is not a counter size: give the edge in millimetres, between 3 and 100 (½ inch = 12.7)"
            ),
            PrintError::FaceNotDrawn => write!(f, "a counter face was not drawn"),
            PrintError::Font(name) => write!(f, "cannot read the font {name}"),
            PrintError::Image(e) => write!(f, "cannot embed an image: {e}"),
            PrintError::Pdf(e) => write!(f, "the PDF cannot be written: {e}"),
            PrintError::CountersDoNotFit { counter_mm } => {
                write!(f, "counters of {counter_mm} mm do not fit on the paper")
            }
            PrintError::Size {
                what,
                width,
                height,
            } => write!(f, "unusable {what} size {width} x {height} mm"),
            PrintError::Contents { numbered, pages } => {
                write!(f, "the contents number {numbered} pages, the kit has {pages}")
            }
        }
    }
}

impl From<RenderError> for PrintError {
    fn from(e: RenderError) -> PrintError {
        PrintError::Render(e)
    }
}
