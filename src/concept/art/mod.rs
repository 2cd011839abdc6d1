//! The designer's own art: printed counter sheets (front and back) from which unit, marker and card
//! faces are cut, and the image files the data names (the map scan, the sheets).
//!
//! The map scan itself is named in `[map] image` (see `crate::concept::map`) and its grid is fitted by
//! `crate::concept::map::fit`; this concept holds what both share: reading an image file
//! ([`image_file`]) and where a cell of a sheet lies ([`cut`]).

pub(crate) mod check;
pub mod concept;
pub mod cut;
pub mod image_file;

use crate::model::spanned::Sp;
use serde::Deserialize;

/// A printed sheet of counters or cards (`[[art_sheets]]`): an image and the grid of its cells.
///
/// Cell `[row, col]` (both from 0) has its top-left corner at `origin + [col, row] × pitch` and is
/// `pitch − gap` pixels wide and high: `pitch` is the distance from one counter to the next, `gap`
/// the space printed between neighbouring counters.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtSheet {
    pub id: Sp<String>,
    /// The image, relative to the project root (PNG or JPEG).
    pub image: Sp<String>,
    pub rows: Sp<u32>,
    pub cols: Sp<u32>,
    /// Top-left corner of cell `[0, 0]`, in pixels of the image.
    pub origin: Sp<[u32; 2]>,
    /// Distance from one cell to the next, across and down.
    pub pitch: Sp<[u32; 2]>,
    /// Space between neighbouring counters, across and down (none by default).
    #[serde(default)]
    pub gap: Option<Sp<[u32; 2]>>,
    /// The sheet printed on the back of this one, read as scanned: duplex printing mirrors it, so the
    /// back of the cell in column c of a row is in column (cols − 1 − c) of the same row there.
    pub back: Option<Sp<String>>,
}

impl ArtSheet {
    pub fn gap(&self) -> [u32; 2] {
        self.gap.as_ref().map_or([0, 0], |g| g.value)
    }
}

/// Where a unit's, marker's or card's faces are printed (`[[art]]`): exactly one of `unit`, `marker`
/// or `card`, a sheet and the cell of its front face. The back (the second face of a two-faced unit
/// or marker) is the mirrored cell of the sheet's `back` sheet, unless `back_cell` names one.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtCell {
    pub unit: Option<Sp<String>>,
    pub marker: Option<Sp<String>>,
    pub card: Option<Sp<String>>,
    pub sheet: Sp<String>,
    /// `[row, col]` of the front face, from 0.
    pub cell: Sp<[u32; 2]>,
    /// A sheet for the back other than the front sheet's `back` (with `back_cell`).
    pub back_sheet: Option<Sp<String>>,
    /// `[row, col]` of the back face on `back_sheet` (or, without it, on the front sheet's back sheet,
    /// or on the front sheet itself when it has none), instead of the mirrored cell.
    pub back_cell: Option<Sp<[u32; 2]>>,
}

/// What an `[[art]]` entry gives faces to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArtOwner<'a> {
    Unit(&'a Sp<String>),
    Marker(&'a Sp<String>),
    Card(&'a Sp<String>),
}

impl ArtCell {
    /// The one piece this entry is for (`None` when it names none or more than one: a check says so).
    pub fn owner(&self) -> Option<ArtOwner<'_>> {
        match (&self.unit, &self.marker, &self.card) {
            (Some(u), None, None) => Some(ArtOwner::Unit(u)),
            (None, Some(m), None) => Some(ArtOwner::Marker(m)),
            (None, None, Some(c)) => Some(ArtOwner::Card(c)),
            _ => None,
        }
    }
}
