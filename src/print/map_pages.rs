//! The map pages of the kit: per map sheet, a page showing how its tiles fit, one page per tile
//! (each with the strips it shares with its neighbours and their alignment marks), and, on request,
//! the sheet whole on one large page.

use super::page::{
    picture, room, title, CUT_COLOUR, CUT_LINE_MM, HEADER_MM, MARGIN_MM, MARK_COLOUR,
};
use super::pdf::{Anchor, Canvas, Weight, Writer};
use super::tiles::{tiles, Tile, OVERLAP_MM};
use super::Paper;
use super::PrintError;
use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::pipeline::PrintedImage;
use crate::render::map::HEX_OUTLINE;

/// A map sheet's size in mm at the counters' scale.
pub(super) fn map_size(sheet: &PrintedImage, mm_per_px: f32) -> Result<(f32, f32), PrintError> {
    let (w, h) = (sheet.pixels.width, sheet.pixels.height);
    Ok((w as f32 * mm_per_px, h as f32 * mm_per_px))
}

/// The tiles of a map sheet, on portrait or landscape pages, whichever needs fewer (portrait on a
/// tie); the page size they go on.
pub(super) fn map_tiles(map: (f32, f32), page: (f32, f32)) -> (Vec<Tile>, (f32, f32)) {
    let portrait = tiles(map, room(page), OVERLAP_MM);
    let landscape_page = (page.1, page.0);
    let landscape = tiles(map, room(landscape_page), OVERLAP_MM);
    if landscape.len() < portrait.len() {
        (landscape, landscape_page)
    } else {
        (portrait, page)
    }
}

/// A map sheet: the page showing how its tiles fit, then one page per tile.
pub(super) fn map_pages(
    pdf: &mut Writer,
    page: (f32, f32),
    game: &Game,
    plan: &Plan,
    (index, sheet, scanned): (u16, &PrintedImage, bool),
    mm_per_px: f32,
) -> Result<(), PrintError> {
    let map = map_size(sheet, mm_per_px)?;
    let (tiles, tile_page) = map_tiles(map, page);
    let count = tiles.len().to_string();
    // A map that fits one page needs no guide to put it together, and its page no tile number.
    let single = tiles.len() == 1;
    if !single {
        assembly_page(pdf, page, plan, sheet, map, &tiles)?;
    }
    for (n, tile) in tiles.iter().enumerate() {
        let text = if single {
            sheet.title.clone()
        } else {
            plan.tx.fill(
                "ui.print_tile",
                &[
                    ("map", &sheet.title),
                    ("tile", &(n + 1).to_string()),
                    ("tiles", &count),
                    ("row", &(tile.row + 1).to_string()),
                    ("column", &(tile.column + 1).to_string()),
                    ("overlap", &format!("{OVERLAP_MM}")),
                ],
            )
        };
        pdf.page(tile_page, |canvas| {
            title(canvas, &text);
            let origin = (MARGIN_MM, MARGIN_MM + HEADER_MM);
            let area = (origin.0, origin.1, tile.width, tile.height);
            let shift = (origin.0 - tile.x, origin.1 - tile.y);
            // Only what shows through the tile is drawn (with a hex of margin): on a large map
            // each tile would otherwise carry every hex and text of the sheet, clipped away.
            let visible = Area {
                x: tile.x,
                y: tile.y,
                width: tile.width,
                height: tile.height,
            };
            canvas.clipped(area, shift, |canvas| {
                draw_map(
                    canvas,
                    game,
                    plan,
                    (index, sheet, scanned),
                    (map, Some(visible)),
                    mm_per_px,
                )?;
                alignment_marks(canvas, &tiles, tile);
                Ok(())
            })?;
            canvas.stroke_rect(area, CUT_COLOUR, CUT_LINE_MM);
            Ok(())
        })?;
    }
    Ok(())
}

/// A rectangle of the map in mm, from its top left corner.
#[derive(Debug, Clone, Copy)]
struct Area {
    x: f32,
    y: f32,
    width: f32,
    height: f32,
}

impl Area {
    /// Whether the box from `(x0, y0)` to `(x1, y1)` reaches into the area.
    fn meets(&self, (x0, y0): (f32, f32), (x1, y1): (f32, f32)) -> bool {
        x1 >= self.x && x0 <= self.x + self.width && y1 >= self.y && y0 <= self.y + self.height
    }
}

/// The map sheet at the counters' scale with its top left corner at the origin: the module's board
/// image, with the hex grid drawn again over it as vector lines, and the texts of the image. With
/// `visible`, only the hexes and texts that reach into that part of the map are drawn (the image
/// is one object in the PDF, however many pages show it). A `scanned` sheet is the designer's scan
/// alone, as the module's board shows it: its printed grid is in its pixels, and the module draws
/// no grid over it (the board's `HexGrid` is not visible), so neither does the kit.
fn draw_map(
    canvas: &mut Canvas<'_, '_>,
    game: &Game,
    plan: &Plan,
    (index, sheet, scanned): (u16, &PrintedImage, bool),
    (map, visible): ((f32, f32), Option<Area>),
    mm_per_px: f32,
) -> Result<(), PrintError> {
    canvas.image(&sheet.pixels, (0.0, 0.0, map.0, map.1))?;
    if scanned {
        return Ok(());
    }
    let shows = |from: (f32, f32), to: (f32, f32)| visible.is_none_or(|v| v.meets(from, to));
    let grid = &game.map.grid;
    let outlines: Vec<Vec<(f32, f32)>> = grid
        .hexes()
        .into_iter()
        .filter(|h| h.sheet == index)
        .map(|hex| {
            // An area map's outlines are its areas' own (an area drawn at a point has none).
            let corners: Vec<(f64, f64)> = match grid.area_at(hex) {
                Some(area) => area
                    .corners()
                    .iter()
                    .map(|&(x, y)| (f64::from(x), f64::from(y)))
                    .collect(),
                None => plan.layout.corners(hex).to_vec(),
            };
            corners
                .iter()
                .map(|&(x, y)| (x as f32 * mm_per_px, y as f32 * mm_per_px))
                .collect::<Vec<_>>()
        })
        .filter(|corners| !corners.is_empty())
        .filter(|corners| {
            let (mut from, mut to) = ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN));
            for &(x, y) in corners {
                from = (from.0.min(x), from.1.min(y));
                to = (to.0.max(x), to.1.max(y));
            }
            shows(from, to)
        })
        .collect();
    canvas.stroke_polygons(&outlines, HEX_OUTLINE, 0.12);
    // The hex numbers, place names and title over the grid, where the board image had them. A
    // text's box is bounded generously (every character as wide as the text is high, on either
    // side of its anchor), so no text that shows is left out; their halos are in the image.
    for placed in &sheet.texts {
        let reach = (placed.text.chars().count() as f32 + 1.0) * placed.size;
        let from = (
            (placed.x - reach) * mm_per_px,
            (placed.baseline - 2.0 * placed.size) * mm_per_px,
        );
        let to = (
            (placed.x + reach) * mm_per_px,
            (placed.baseline + placed.size) * mm_per_px,
        );
        if shows(from, to) {
            canvas.captured_text(placed, ((0.0, 0.0), mm_per_px));
        }
    }
    Ok(())
}

/// In every strip `tile` shares with a neighbour: dashed lines where the neighbour's edge falls,
/// and two cross marks in the middle of the strip, at the same place of the map on both tiles.
fn alignment_marks(canvas: &mut Canvas<'_, '_>, tiles: &[Tile], tile: &Tile) {
    for other in tiles {
        let beside = other.row == tile.row && other.column.abs_diff(tile.column) == 1;
        let below = other.column == tile.column && other.row.abs_diff(tile.row) == 1;
        // A point of the strip: `along` across the shared edge, `at` along it (x and y swap for a
        // tile below).
        if beside {
            let strip = overlap((other.x, other.width), (tile.x, tile.width));
            strip_marks(canvas, strip, (tile.y, tile.height), |along, at| {
                (along, at)
            });
        }
        if below {
            let strip = overlap((other.y, other.height), (tile.y, tile.height));
            strip_marks(canvas, strip, (tile.x, tile.width), |along, at| (at, along));
        }
    }
}

/// Where two spans (start, length) overlap.
fn overlap((a, a_len): (f32, f32), (b, b_len): (f32, f32)) -> (f32, f32) {
    (a.max(b), (a + a_len).min(b + b_len))
}

/// The marks of one shared strip (`from`..`to` across the edge), over the tile's extent (`start`, `length`) along it.
fn strip_marks(
    canvas: &mut Canvas<'_, '_>,
    (from, to): (f32, f32),
    (start, length): (f32, f32),
    point: impl Fn(f32, f32) -> (f32, f32),
) {
    for edge in [from, to] {
        canvas.stroke_polyline(
            &[point(edge, start), point(edge, start + length)],
            false,
            MARK_COLOUR,
            0.2,
            Some(2.0),
        );
    }
    let middle = (from + to) / 2.0;
    for k in [1.0, 2.0] {
        cross(canvas, point(middle, start + length * k / 3.0));
    }
}

/// An alignment mark: a cross in a circle.
fn cross(canvas: &mut Canvas<'_, '_>, (x, y): (f32, f32)) {
    let r = 3.0;
    canvas.stroke_polyline(&[(x - r, y), (x + r, y)], false, MARK_COLOUR, 0.25, None);
    canvas.stroke_polyline(&[(x, y - r), (x, y + r)], false, MARK_COLOUR, 0.25, None);
    let circle: Vec<(f32, f32)> = (0..24)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 24.0;
            (x + r * 0.7 * a.cos(), y + r * 0.7 * a.sin())
        })
        .collect();
    canvas.stroke_polyline(&circle, true, MARK_COLOUR, 0.25, None);
}

/// How much the assembly page shrinks the map to fit the page.
fn assembly_shrink(page: (f32, f32), map: (f32, f32)) -> f32 {
    let area = room(page);
    (area.0 / map.0).min(area.1 / map.1).min(1.0)
}

/// The assembly page's title: the map, its tiles and the page's scale.
fn assembly_title(
    plan: &Plan,
    sheet: &PrintedImage,
    page: (f32, f32),
    (map, tiles): ((f32, f32), usize),
) -> String {
    plan.tx.fill(
        "ui.print_assembly",
        &[
            ("map", &sheet.title),
            ("tiles", &tiles.to_string()),
            ("scale", &format!("{:.1}", 1.0 / assembly_shrink(page, map))),
        ],
    )
}

/// What the contents list of a map sheet's pages, one text a page, in the order [`map_pages`]
/// and then [`poster_page`] (on `poster` paper, when given and the sheet fits) print them: the
/// assembly page, each tile (its title up to where the tile's own page goes on to say how to
/// glue it), and the poster.
pub(super) fn contents(
    plan: &Plan,
    sheet: &PrintedImage,
    (page, poster): ((f32, f32), Option<Paper>),
    mm_per_px: f32,
) -> Result<Vec<String>, PrintError> {
    let map = map_size(sheet, mm_per_px)?;
    let (tiles, _) = map_tiles(map, page);
    let mut out = Vec::new();
    if tiles.len() == 1 {
        out.push(sheet.title.clone());
    } else {
        out.push(assembly_title(plan, sheet, page, (map, tiles.len())));
        let count = tiles.len().to_string();
        for n in 1..=tiles.len() {
            out.push(plan.tx.fill(
                "ui.kit_contents_tile",
                &[
                    ("map", &sheet.title),
                    ("tile", &n.to_string()),
                    ("tiles", &count),
                ],
            ));
        }
    }
    if let Some(paper) =
        poster.filter(|&p| poster_fits(std::slice::from_ref(sheet), mm_per_px, p)[0])
    {
        out.push(poster_title(plan, sheet, paper));
    }
    Ok(out)
}

/// The poster page's title.
fn poster_title(plan: &Plan, sheet: &PrintedImage, paper: Paper) -> String {
    plan.tx.fill(
        "ui.print_poster",
        &[("map", &sheet.title), ("paper", paper.name())],
    )
}

/// The whole map sheet, shrunk to the page, with each tile's outline and number.
fn assembly_page(
    pdf: &mut Writer,
    page: (f32, f32),
    plan: &Plan,
    sheet: &PrintedImage,
    map: (f32, f32),
    tiles: &[Tile],
) -> Result<(), PrintError> {
    let shrink = assembly_shrink(page, map);
    let text = assembly_title(plan, sheet, page, (map, tiles.len()));
    pdf.page(page, |canvas| {
        title(canvas, &text);
        let origin = (MARGIN_MM, MARGIN_MM + HEADER_MM);
        picture(
            canvas,
            (&sheet.pixels, &sheet.texts),
            (origin.0, origin.1, map.0 * shrink, map.1 * shrink),
        )?;
        for (n, tile) in tiles.iter().enumerate() {
            let rect = (
                origin.0 + tile.x * shrink,
                origin.1 + tile.y * shrink,
                tile.width * shrink,
                tile.height * shrink,
            );
            canvas.stroke_rect(rect, MARK_COLOUR, 0.4);
            canvas.text(
                &(n + 1).to_string(),
                (rect.0 + rect.2 / 2.0, rect.1 + rect.3 / 2.0 + 3.0),
                8.0,
                MARK_COLOUR,
                (Weight::Bold, Anchor::Centre),
            );
        }
        Ok(())
    })
}

/// Whether each map sheet fits on one `paper` page (either way round) at the counters' scale.
pub(super) fn poster_fits(sheets: &[PrintedImage], mm_per_px: f32, paper: Paper) -> Vec<bool> {
    sheets
        .iter()
        .map(|sheet| {
            map_size(sheet, mm_per_px).is_ok_and(|map| {
                let (w, h) = room(paper.size());
                (map.0 <= w && map.1 <= h) || (map.0 <= h && map.1 <= w)
            })
        })
        .collect()
}

/// A map sheet whole on one large page, at the counters' scale.
pub(super) fn poster_page(
    pdf: &mut Writer,
    paper: Paper,
    game: &Game,
    plan: &Plan,
    (index, sheet, scanned): (u16, &PrintedImage, bool),
    mm_per_px: f32,
) -> Result<(), PrintError> {
    let map = map_size(sheet, mm_per_px)?;
    let (w, h) = room(paper.size());
    let page = if map.0 <= w && map.1 <= h {
        paper.size()
    } else {
        (paper.size().1, paper.size().0)
    };
    let text = poster_title(plan, sheet, paper);
    pdf.page(page, |canvas| {
        title(canvas, &text);
        let origin = (MARGIN_MM, MARGIN_MM + HEADER_MM);
        canvas.clipped((origin.0, origin.1, map.0, map.1), origin, |canvas| {
            draw_map(
                canvas,
                game,
                plan,
                (index, sheet, scanned),
                (map, None),
                mm_per_px,
            )
        })
    })
}
