//! Checks of the designer's art: the map scan and the grid fitted to it, the printed sheets and the
//! cells the pieces are cut from.

use super::{cut, ArtCell, ArtOwner, ArtSheet};
use crate::concept::context::Context;
use crate::concept::map::fit::{self, FitError, FIT_TOLERANCE_PX};
use crate::diag::Diagnostic;
use crate::model::{FileId, Sp};
use std::collections::BTreeSet;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    map_scan(cx);
    sheets(cx);
    cells(cx);
    units_without_art(cx);
}

/// The map scan: a single sheet, usable by VASSAL, and a grid fitted to it that lies on it.
fn map_scan(cx: &mut Context<'_>) {
    let info = &cx.game.map.map;
    let f = cx.map_file();
    let Some(path) = &info.image else {
        if let Some((label, at)) = info.hex_centres.iter().next() {
            cx.push(
                Diagnostic::error(
                    "V1010",
                    format!("hex centre of `{label}` given without a map image"),
                )
                .at(f, at.span.clone(), "nothing to read it off")
                .help("name the scan in [map] image, or remove [map.hex_centres]"),
            );
        }
        return;
    };
    let Some(image) = cx.game.images.get(path.as_str()) else {
        return; // unreadable: the loader reported it
    };
    if let Some((fatal, why)) =
        crate::vassal::image::tiling_problem(u64::from(image.width), u64::from(image.height))
    {
        let d = if fatal {
            Diagnostic::error("V1003", format!("map image `{}` is {why}", path.as_str()))
        } else {
            Diagnostic::warning("V1003", format!("map image `{}` is {why}", path.as_str()))
        };
        cx.push(
            d.at(f, path.span.clone(), "too large for VASSAL 3.7")
                .help("VASSAL 3.7 tiles a board image in a Java int of pixels with 1.66 × 4 bytes a pixel + 150 MB of memory (TilingHandler.sliceTiles, ScaleOpBitmapImpl.fixSize): scan at a lower resolution"),
        );
    }
    if !cx.game.map.grid.sheets.is_empty() {
        cx.push(
            Diagnostic::error("V1010", "a map image on a map of several sheets")
                .at(f, path.span.clone(), "one image for every sheet")
                .help("a scanned map is one sheet: remove [[grid.sheets]] or the image"),
        );
        return;
    }
    if cx.game.map.grid.is_areas() {
        return; // an area map places its areas on the image itself (V0232); no grid is fitted
    }
    for (label, at) in &info.hex_centres {
        if !cx
            .game
            .map
            .grid
            .parse(label)
            .is_some_and(|h| cx.game.map.grid.contains(h))
        {
            cx.push(
                Diagnostic::error("V1010", format!("hex centre of `{label}`, which is not a hex of the map"))
                    .at(f, at.span.clone(), "no such hex")
                    .help("give the centres of hexes printed on the map, labelled as the grid labels them"),
            );
        }
    }
    fitted_grid(cx, path, f);
}

/// The fit of the grid to the given centres, and the hexes it puts off the image.
fn fitted_grid(cx: &mut Context<'_>, path: &Sp<String>, f: FileId) {
    let game = cx.game;
    // A grid as a module states it is not fitted: its geometry is the module's own.
    if game.map.grid.vassal.is_some() {
        return;
    }
    let Some(result) = fit::scan_fit(game) else {
        return;
    };
    let layout = match result {
        Err(e) => {
            let why = match e {
                FitError::TooFewCentres => "needs the centres of at least two hexes",
                FitError::Degenerate => "cannot be fitted to these centres",
            };
            cx.push(
                Diagnostic::error("V1010", format!("the grid of map image `{}` {why}", path.as_str()))
                    .at(f, path.span.clone(), "grid not fitted")
                    .help("read the centres of two or three hexes far apart off the scan (in different columns and rows) and give them in [map.hex_centres] as \"0101\" = [x, y]"),
            );
            return;
        }
        Ok(fitted) => {
            let quarter_hex = fitted.layout.dy / 4.0;
            for ((label, at, _), miss) in fit::given_centres(game).into_iter().zip(&fitted.misses) {
                if *miss <= FIT_TOLERANCE_PX {
                    continue;
                }
                let message = format!(
                    "hex centre of `{label}` lies {miss:.1} px from where the other centres put it"
                );
                let d = if *miss > quarter_hex {
                    Diagnostic::error("V1011", message)
                } else {
                    Diagnostic::warning("V1011", message)
                };
                cx.push(
                    d.at(f, at.span.clone(), "disagrees with the fitted grid")
                        .help("check the label and the pixel read off the scan (vmodc grid GAME --overlay out.png draws the fitted grid over it); the grid's shifted_columns must match the print"),
                );
            }
            fitted.layout
        }
    };
    let outside = fit::hexes_outside(&game.map.grid, &layout);
    if let Some(first) = outside.first() {
        let grid = &game.map.grid;
        let labels: Vec<String> = outside.iter().take(8).map(|h| grid.label(*h)).collect();
        let more = if outside.len() > 8 { ", …" } else { "" };
        cx.push(
            Diagnostic::error(
                "V1012",
                format!(
                    "{} hex(es) of the grid lie outside map image `{}` ({} × {}): {}{more}",
                    outside.len(),
                    path.as_str(),
                    layout.width,
                    layout.height,
                    labels.join(", ")
                ),
            )
            .at(f, path.span.clone(), "the scan ends before them")
            .help(format!(
                "scan the whole map, or narrow [grid] columns/rows; `{}` is centred at {:?} with the fitted grid",
                grid.label(*first),
                layout.centre(*first)
            )),
        );
    }
}

/// Sheets: unique ids, a back sheet that exists and has the same grid, every cell on the image.
fn sheets(cx: &mut Context<'_>) {
    let f = cx.counters_file();
    let sheets = &cx.game.counters.art_sheets;
    let mut seen = BTreeSet::new();
    for sheet in sheets {
        if !seen.insert(sheet.id.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V1020",
                    format!("two art sheets have the id `{}`", sheet.id.as_str()),
                )
                .at(f, sheet.id.span.clone(), "used before")
                .help("give each sheet its own id"),
            );
        }
        if let Some(back) = &sheet.back {
            match cut::sheet(sheets, back) {
                None => cx.push(
                    Diagnostic::error(
                        "V1020",
                        format!("back sheet `{}` is not an art sheet", back.as_str()),
                    )
                    .at(f, back.span.clone(), "no such sheet")
                    .help(
                        "name the id of the [[art_sheets]] entry scanned from the back of this one",
                    ),
                ),
                Some(b) if (b.rows.value, b.cols.value) != (sheet.rows.value, sheet.cols.value) => {
                    cx.push(
                        Diagnostic::error(
                            "V1020",
                            format!(
                                "back sheet `{}` has {} × {} cells, this sheet {} × {}",
                                back.as_str(),
                                b.rows.value,
                                b.cols.value,
                                sheet.rows.value,
                                sheet.cols.value
                            ),
                        )
                        .at(f, back.span.clone(), "not the back of this sheet")
                        .help("a duplex back has the same rows and columns as its front"),
                    )
                }
                Some(_) => {}
            }
        }
        cells_on_image(cx, sheet, f);
    }
}

/// The last cell of a sheet (and so every cell) lies on its image, and the gap leaves a counter.
fn cells_on_image(cx: &mut Context<'_>, sheet: &ArtSheet, f: FileId) {
    let Some(image) = cx.game.images.get(sheet.image.as_str()) else {
        return;
    };
    let last = (
        sheet.rows.value.checked_sub(1),
        sheet.cols.value.checked_sub(1),
    );
    let (Some(row), Some(col)) = last else {
        cx.push(
            Diagnostic::error(
                "V1020",
                format!("art sheet `{}` has no cells", sheet.id.as_str()),
            )
            .at(
                f,
                sheet.rows.span.clone(),
                "rows and cols must be 1 or more",
            )
            .help("count the rows and columns of counters printed on the sheet"),
        );
        return;
    };
    let Some(rect) = cut::cell_rect(sheet, row, col) else {
        cx.push(
            Diagnostic::error(
                "V1020",
                format!(
                    "the gap of art sheet `{}` leaves no counter",
                    sheet.id.as_str()
                ),
            )
            .at(f, sheet.pitch.span.clone(), "pitch no larger than the gap")
            .help("pitch is the distance from one counter to the next; gap the space between two"),
        );
        return;
    };
    if rect.x + rect.w > image.width || rect.y + rect.h > image.height {
        cx.push(
            Diagnostic::error(
                "V1020",
                format!(
                    "cell [{row}, {col}] of art sheet `{}` ends at ({}, {}), outside its image ({} × {})",
                    sheet.id.as_str(),
                    rect.x + rect.w,
                    rect.y + rect.h,
                    image.width,
                    image.height
                ),
            )
            .at(f, sheet.origin.span.clone(), "the grid runs off the image")
            .help("check origin, pitch, rows and cols against the scan (vmodc sheet GAME --overlay out.png draws the cut lines)"),
        );
    }
}

/// Each `[[art]]` entry: one piece that exists, a sheet that exists, cells on it, no piece twice.
fn cells(cx: &mut Context<'_>) {
    let f = cx.counters_file();
    let game = cx.game;
    let sheets = &game.counters.art_sheets;
    let mut seen = BTreeSet::new();
    for art in &game.counters.art {
        let Some(owner) = art.owner() else {
            cx.push(
                Diagnostic::error(
                    "V1021",
                    "an [[art]] entry must name exactly one of unit, marker or card",
                )
                .at(f, art.sheet.span.clone(), "whose faces are these?")
                .help("write unit = \"…\", marker = \"…\" or card = \"…\""),
            );
            continue;
        };
        let (kind, id, known) = match owner {
            ArtOwner::Unit(id) => (
                "unit",
                id,
                game.counters.units.iter().any(|u| u.id.value == id.value),
            ),
            ArtOwner::Marker(id) => (
                "marker",
                id,
                game.counters.markers.iter().any(|m| m.id.value == id.value),
            ),
            ArtOwner::Card(id) => (
                "card",
                id,
                game.counters.cards.iter().any(|c| c.id.value == id.value),
            ),
        };
        if !known {
            cx.push(
                Diagnostic::error("V1021", format!("art for unknown {kind} `{}`", id.as_str()))
                    .at(f, id.span.clone(), format!("no such {kind}"))
                    .help(format!("name the id of a [[{kind}s]] entry")),
            );
        }
        if !seen.insert((kind, id.as_str())) {
            cx.push(
                Diagnostic::error(
                    "V1021",
                    format!("{kind} `{}` is given art twice", id.as_str()),
                )
                .at(f, id.span.clone(), "second entry")
                .help("keep one [[art]] entry per piece"),
            );
        }
        cell_of(cx, art, f, sheets);
    }
}

/// The sheets and cells one entry names exist.
fn cell_of(cx: &mut Context<'_>, art: &ArtCell, f: FileId, sheets: &[ArtSheet]) {
    let Some(sheet) = cut::sheet(sheets, &art.sheet) else {
        cx.push(
            Diagnostic::error(
                "V1021",
                format!("art sheet `{}` does not exist", art.sheet.as_str()),
            )
            .at(f, art.sheet.span.clone(), "no such sheet")
            .help("name the id of an [[art_sheets]] entry"),
        );
        return;
    };
    let [row, col] = art.cell.value;
    if cut::cell_rect(sheet, row, col).is_none() {
        cx.push(
            Diagnostic::error(
                "V1021",
                format!(
                    "cell [{row}, {col}] is not on art sheet `{}` ({} rows × {} cols, from 0)",
                    sheet.id.as_str(),
                    sheet.rows.value,
                    sheet.cols.value
                ),
            )
            .at(f, art.cell.span.clone(), "outside the sheet")
            .help("cells are [row, col], counted from 0 at the top left"),
        );
    }
    if let Some(back_sheet) = &art.back_sheet {
        if cut::sheet(sheets, back_sheet).is_none() {
            cx.push(
                Diagnostic::error(
                    "V1021",
                    format!("art sheet `{}` does not exist", back_sheet.as_str()),
                )
                .at(f, back_sheet.span.clone(), "no such sheet")
                .help("name the id of an [[art_sheets]] entry"),
            );
            return;
        }
    }
    if let (Some(cell), Some(back)) = (&art.back_cell, cut::back(sheets, art)) {
        if back.rect().is_none() {
            let [r, c] = cell.value;
            cx.push(
                Diagnostic::error(
                    "V1021",
                    format!(
                        "back cell [{r}, {c}] is not on art sheet `{}`",
                        back.sheet.id.as_str()
                    ),
                )
                .at(f, cell.span.clone(), "outside the sheet")
                .help("cells are [row, col], counted from 0 at the top left"),
            );
        }
    }
}

/// Once a game cuts its counters from sheets, a unit without art is drawn instead: each is listed,
/// as is a two-faced unit whose art gives no back.
fn units_without_art(cx: &mut Context<'_>) {
    let game = cx.game;
    if game.counters.art.is_empty() {
        return;
    }
    let f = cx.counters_file();
    let sheets = &game.counters.art_sheets;
    for unit in &game.counters.units {
        let art =
            game.counters.art.iter().find(
                |a| matches!(a.owner(), Some(ArtOwner::Unit(id)) if id.value == unit.id.value),
            );
        let two_faced = game.counters.faces_of(unit).len() > 1;
        let message = match art {
            None => format!(
                "unit `{}` has no art: its counter is drawn",
                unit.id.as_str()
            ),
            Some(a) if two_faced && cut::back(sheets, a).is_none() => format!(
                "unit `{}` has art for its front only: its back is drawn",
                unit.id.as_str()
            ),
            Some(_) => continue,
        };
        cx.push(
            Diagnostic::warning("V1022", message)
                .at(f, unit.id.span.clone(), "no printed face")
                .help("add an [[art]] entry with its sheet and cell (and a back sheet or back_cell for its back)"),
        );
    }
}
