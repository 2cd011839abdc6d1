//! Overlays over the designer's scans: the fitted hex grid with its labels over the map, and the cut
//! lines with each piece's id over a counter sheet. They show at a glance where a fit is off.

use super::canvas::{polygon, stroke, stroke_rect, Color, RenderError};
use super::text::{draw_text_halo, Align, Fonts};
use crate::concept::art::image_file::Rgba;
use crate::concept::game::grid::HexLayout;
use tiny_skia::{IntSize, Pixmap};

/// One hex to outline and label.
#[derive(Debug, Clone)]
pub struct HexMark {
    pub hex: crate::concept::game::HexId,
    pub label: String,
}

/// One cell to outline and label.
#[derive(Debug, Clone)]
pub struct CellMark {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    pub label: String,
}

/// The scan as a pixmap (tiny-skia keeps premultiplied pixels).
fn pixmap_of(scan: &Rgba) -> Result<Pixmap, RenderError> {
    let bad = || RenderError::BadSize {
        what: "overlay",
        width: scan.width,
        height: scan.height,
    };
    let size = IntSize::from_wh(scan.width, scan.height).ok_or_else(bad)?;
    let premultiplied = scan
        .pixels
        .chunks_exact(4)
        .flat_map(|p| {
            let a = u16::from(p[3]);
            let m = |c: u8| ((u16::from(c) * a + 127) / 255) as u8;
            [m(p[0]), m(p[1]), m(p[2]), p[3]]
        })
        .collect();
    Pixmap::from_vec(premultiplied, size).ok_or_else(bad)
}

const LINE: Color = Color::rgb(220, 20, 60);
const HALO: (Color, f32) = (Color::WHITE, 2.0);

const GIVEN: Color = Color::rgb(20, 60, 220);

/// The scan with the fitted grid's hex outlines, a dot on each centre and each hex's label, and a
/// ring on each centre the designer gave: a ring away from its dot is a misread centre.
pub fn grid_overlay(
    scan: &Rgba,
    layout: &HexLayout,
    hexes: &[HexMark],
    given: &[(f64, f64)],
    fonts: &Fonts,
) -> Result<Vec<u8>, RenderError> {
    let mut pixmap = pixmap_of(scan)?;
    let width = (layout.dy / 40.0).clamp(1.0, 4.0) as f32;
    let style = fonts.bold((layout.dy / 5.0).clamp(8.0, 28.0) as f32, LINE);
    for mark in hexes {
        let corners: Vec<(f32, f32)> = layout
            .corners(mark.hex)
            .into_iter()
            .map(|(x, y)| (x as f32, y as f32))
            .collect();
        if let Some(path) = polygon(&corners) {
            stroke(&mut pixmap, &path, LINE, width);
        }
        let (cx, cy) = layout.centre(mark.hex);
        let (cx, cy) = (cx as f32, cy as f32);
        stroke_rect(&mut pixmap, cx - 1.5, cy - 1.5, 3.0, 3.0, LINE, width);
        let top = cy - (layout.dy as f32) * 0.22;
        draw_text_halo(
            &mut pixmap,
            &mark.label,
            &style,
            cx,
            top,
            Align::Centre,
            HALO,
        );
    }
    let ring = (layout.dy / 8.0).max(4.0) as f32;
    for &(x, y) in given {
        if let Some(path) = tiny_skia::PathBuilder::from_circle(x as f32, y as f32, ring) {
            stroke(&mut pixmap, &path, GIVEN, width + 1.0);
        }
    }
    super::encode(pixmap)
}

/// The sheet with each cell's cut lines and the id of the piece cut from it.
pub fn sheet_overlay(
    sheet: &Rgba,
    cells: &[CellMark],
    fonts: &Fonts,
) -> Result<Vec<u8>, RenderError> {
    let mut pixmap = pixmap_of(sheet)?;
    for cell in cells {
        let (x, y, w, h) = (cell.x as f32, cell.y as f32, cell.w as f32, cell.h as f32);
        stroke_rect(&mut pixmap, x + 0.5, y + 0.5, w - 1.0, h - 1.0, LINE, 1.0);
        if cell.label.is_empty() {
            continue;
        }
        let style = super::text::fitted(
            &cell.label,
            &fonts.bold((h / 5.0).clamp(7.0, 20.0), LINE),
            w - 4.0,
            6.0,
        );
        draw_text_halo(
            &mut pixmap,
            &cell.label,
            &style,
            x + w / 2.0,
            y + h - 3.0,
            Align::Centre,
            HALO,
        );
    }
    super::encode(pixmap)
}
