//! The designer's overlays (`vmodc grid GAME --overlay`, `vmodc sheet GAME --overlay`): the model →
//! the overlay renderer's inputs.

use crate::concept::art::{cut, ArtOwner};
use crate::concept::game::Game;
use crate::concept::map::fit::{self, FitError};
use crate::model::image_error::ImageError;
use crate::render::overlay::{self, CellMark, HexMark};
use crate::render::{Fonts, RenderError};

/// Why an overlay cannot be drawn.
#[derive(Debug)]
pub enum OverlayError {
    /// `[map] image` names no scan (the game's id).
    NoMapImage(String),
    /// The image the data names was not read (its path).
    Unread(String),
    /// `[map.hex_centres]` gives fewer than two centres.
    TooFewCentres,
    /// The centres given fit no grid.
    NotFitted,
    /// No art sheet of this id (the id, the sheets there are).
    NoSheet {
        id: String,
        sheets: Vec<String>,
    },
    /// The game has no `[[art_sheets]]` (its id).
    NoSheets(String),
    Image(ImageError),
    Render(RenderError),
}

impl std::fmt::Display for OverlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OverlayError::NoMapImage(game) => {
                write!(f, "{game} has no map image: [map] image names none")
            }
            OverlayError::Unread(path) => write!(f, "cannot read {path}"),
            OverlayError::TooFewCentres => {
                f.write_str("[map.hex_centres] needs the centres of at least two hexes")
            }
            OverlayError::NotFitted => {
                f.write_str("the grid cannot be fitted to [map.hex_centres]")
            }
            OverlayError::NoSheet { id, sheets } => {
                write!(f, "no art sheet `{id}` (the sheets: {})", sheets.join(", "))
            }
            OverlayError::NoSheets(game) => write!(f, "{game} has no [[art_sheets]]"),
            OverlayError::Image(e) => write!(f, "{e}"),
            OverlayError::Render(e) => write!(f, "{e}"),
        }
    }
}

/// The map scan with the fitted grid and every hex label drawn over it.
pub fn grid_overlay(game: &Game) -> Result<Vec<u8>, OverlayError> {
    let Some(path) = &game.map.map.image else {
        return Err(OverlayError::NoMapImage(game.id.to_string()));
    };
    let scan = game
        .images
        .get(path.as_str())
        .ok_or_else(|| OverlayError::Unread(path.as_str().to_string()))?;
    let fitted = match fit::scan_fit(game) {
        Some(Ok(f)) => f,
        Some(Err(FitError::TooFewCentres)) => return Err(OverlayError::TooFewCentres),
        Some(Err(FitError::Degenerate)) | None => return Err(OverlayError::NotFitted),
    };
    let grid = &game.map.grid;
    let hexes: Vec<HexMark> = grid
        .hexes()
        .into_iter()
        .map(|hex| HexMark {
            hex,
            label: grid.label(hex),
        })
        .collect();
    let given: Vec<(f64, f64)> = game
        .map
        .map
        .hex_centres
        .values()
        .map(|at| (at.value[0], at.value[1]))
        .collect();
    let pixels = scan.pixels().map_err(OverlayError::Image)?;
    overlay::grid_overlay(&pixels, &fitted.layout, &hexes, &given, &Fonts::japanese())
        .map_err(OverlayError::Render)
}

/// A counter sheet (the first, or the one named) with every cell's cut lines and the id of the piece
/// whose front or back is cut from it.
pub fn sheet_overlay(game: &Game, sheet_id: Option<&str>) -> Result<Vec<u8>, OverlayError> {
    let sheets = &game.counters.art_sheets;
    let sheet = match sheet_id {
        Some(id) => cut::sheet(sheets, id).ok_or_else(|| OverlayError::NoSheet {
            id: id.to_string(),
            sheets: sheets.iter().map(|s| s.id.to_string()).collect(),
        })?,
        None => sheets
            .first()
            .ok_or_else(|| OverlayError::NoSheets(game.id.to_string()))?,
    };
    let image = game
        .images
        .get(sheet.image.as_str())
        .ok_or_else(|| OverlayError::Unread(sheet.image.as_str().to_string()))?;
    let mut labels = std::collections::BTreeMap::new();
    for art in &game.counters.art {
        let id = match art.owner() {
            Some(ArtOwner::Unit(id) | ArtOwner::Marker(id) | ArtOwner::Card(id)) => id.as_str(),
            None => continue,
        };
        let faces = [
            (cut::front(sheets, art), id.to_string()),
            (cut::back(sheets, art), format!("{id} (back)")),
        ];
        for (face, label) in faces {
            if let Some(face) = face.filter(|f| f.sheet.id.value == sheet.id.value) {
                labels.insert((face.row, face.col), label);
            }
        }
    }
    let mut cells = Vec::new();
    for row in 0..sheet.rows.value {
        for col in 0..sheet.cols.value {
            if let Some(r) = cut::cell_rect(sheet, row, col) {
                cells.push(CellMark {
                    x: r.x,
                    y: r.y,
                    w: r.w,
                    h: r.h,
                    label: labels.remove(&(row, col)).unwrap_or_default(),
                });
            }
        }
    }
    let pixels = image.pixels().map_err(OverlayError::Image)?;
    overlay::sheet_overlay(&pixels, &cells, &Fonts::japanese()).map_err(OverlayError::Render)
}
