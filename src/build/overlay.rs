//! The designer's overlays (`vmodc grid GAME --overlay`, `vmodc sheet GAME --overlay`): the model →
//! the overlay renderer's inputs.

use crate::concept::art::{cut, ArtOwner};
use crate::concept::game::Game;
use crate::concept::map::fit::{self, FitError};
use crate::render::overlay::{self, CellMark, HexMark};
use crate::render::Fonts;

/// The map scan with the fitted grid and every hex label drawn over it.
pub fn grid_overlay(game: &Game) -> Result<Vec<u8>, String> {
    let Some(path) = &game.map.map.image else {
        return Err(format!(
            "{} has no map image: [map] image names none",
            game.id
        ));
    };
    let scan = game
        .images
        .get(path.as_str())
        .ok_or_else(|| format!("cannot read {}", path.as_str()))?;
    let fitted = match fit::scan_fit(game) {
        Some(Ok(f)) => f,
        Some(Err(FitError::TooFewCentres)) => {
            return Err("[map.hex_centres] needs the centres of at least two hexes".into())
        }
        Some(Err(FitError::Degenerate)) | None => {
            return Err("the grid cannot be fitted to [map.hex_centres]".into())
        }
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
    let pixels = scan.pixels()?;
    overlay::grid_overlay(&pixels, &fitted.layout, &hexes, &given, &Fonts::japanese())
        .map_err(|e| e.to_string())
}

/// A counter sheet (the first, or the one named) with every cell's cut lines and the id of the piece
/// whose front or back is cut from it.
pub fn sheet_overlay(game: &Game, sheet_id: Option<&str>) -> Result<Vec<u8>, String> {
    let sheets = &game.counters.art_sheets;
    let sheet = match sheet_id {
        Some(id) => cut::sheet(sheets, id).ok_or_else(|| {
            let ids: Vec<&str> = sheets.iter().map(|s| s.id.as_str()).collect();
            format!("no art sheet `{id}` (the sheets: {})", ids.join(", "))
        })?,
        None => sheets
            .first()
            .ok_or_else(|| format!("{} has no [[art_sheets]]", game.id))?,
    };
    let image = game
        .images
        .get(sheet.image.as_str())
        .ok_or_else(|| format!("cannot read {}", sheet.image.as_str()))?;
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
    let pixels = image.pixels()?;
    overlay::sheet_overlay(&pixels, &cells, &Fonts::japanese()).map_err(|e| e.to_string())
}
