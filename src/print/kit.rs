//! What goes on each page of the kit: contents, counter sheets, map tiles, charts.

use super::pdf::{text_width, Anchor, Canvas, Weight, Writer};
use super::sheet::SheetLayout;
use super::tiles::{tiles, Tile, OVERLAP_MM};
use super::{Paper, PrintOptions, Printed};
use crate::build::cache::Cache;
use crate::build::{self, PrintedCounter, PrintedImage};
use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::render::counter::{draw_counter_picture, lay_out_counter_texts, PictureKey};
use crate::render::map::HEX_OUTLINE;
use crate::render::text::{PlacedText, TextCapture};
use crate::render::Pixels;
use crate::render::{Color, CounterArt};
use std::collections::HashMap;

/// Blank paper around every page's content, in mm (most printers cannot print closer to the edge).
const MARGIN_MM: f32 = 10.0;
/// Room for a page's title above its content, in mm.
const HEADER_MM: f32 = 10.0;
/// Height of a page title's letters, in mm.
const TITLE_MM: f32 = 3.5;
/// Counter edge when the data gives none: ½ inch, the most common size.
const DEFAULT_COUNTER_MM: f32 = 12.7;
/// Resolution of a counter face drawn without its texts (the texts are PDF text), in dots per inch.
const COUNTER_DPI: f32 = 600.0;
/// Cut lines: thin enough to cut along, dark enough to see on any counter colour.
const CUT_LINE_MM: f32 = 0.1;
const CUT_COLOUR: Color = Color::rgb(0x30, 0x30, 0x30);
/// Alignment marks on the map tiles.
const MARK_COLOUR: Color = Color::rgb(0xd0, 0x10, 0x40);
/// Largest size a chart is printed at, in mm per renderer pixel (about 100 dpi).
const CHART_MAX_MM_PER_PX: f32 = 0.26;

/// The printed kit of one language.
pub(super) fn print(
    game: &Game,
    plan: &Plan,
    options: &PrintOptions,
    cache: Option<&Cache>,
) -> Result<Printed, String> {
    let counter_mm = counter_size(game)?;
    let mm_per_px = counter_mm / game.counters.counters.size.max(1) as f32;
    let counters = build::printed_counters(game, plan).map_err(|e| e.to_string())?;
    let build::PrintedBoards { sheets, charts } =
        build::printed_boards(game, plan, cache).map_err(|e| e.to_string())?;
    let cards = build::printed_cards(game, plan).map_err(|e| e.to_string())?;
    let page = options.paper.size();
    let posters = options
        .poster
        .map(|paper| poster_fits(&sheets, mm_per_px, paper))
        .unwrap_or_default();
    let missing = lacking(
        game,
        plan,
        (counter_mm, &cards),
        (&sheets, &posters),
        options,
    );

    let kit_title = plan
        .tx
        .fill("ui.print_title", &[("game", &plan.tx.get("game.title"))]);
    let mut pdf = Writer::new(
        &kit_title,
        Some(plan.tx.lang.as_str()).filter(|l| !l.is_empty()),
    )?;
    contents_page(&mut pdf, page, plan, counter_mm, &missing)?;
    // Drawn once: the counter sheets and the setup charts show the same images.
    let faces = FaceImages::new(&counters, counter_mm)?;
    counter_pages(
        &mut pdf,
        page,
        plan,
        (&counters, &faces),
        counter_mm,
        options.one_sided,
    )?;
    for (i, sheet) in sheets.iter().enumerate() {
        map_pages(&mut pdf, page, game, plan, (i as u16, sheet), mm_per_px)?;
        if let (Some(paper), Some(true)) = (options.poster, posters.get(i)) {
            poster_page(&mut pdf, paper, game, plan, (i as u16, sheet), mm_per_px)?;
        }
    }
    for chart in &charts {
        chart_page(&mut pdf, page, chart)?;
    }
    card_pages(&mut pdf, page, plan, &cards)?;
    setup_pages(
        &mut pdf,
        page,
        (game, plan),
        (&counters, &faces),
        counter_mm,
    )?;
    rules_pages(&mut pdf, page, game, plan)?;
    Ok(Printed {
        pdf: pdf.finish()?,
        missing,
    })
}

/// What the kit lacks because the data does: each a sentence for the contents page.
fn lacking(
    game: &Game,
    plan: &Plan,
    (counter_mm, cards): (f32, &[PrintedImage]),
    (sheets, posters): (&[PrintedImage], &[bool]),
    options: &PrintOptions,
) -> Vec<String> {
    let mut missing = Vec::new();
    if game.counters.counters.printed_mm.is_none() {
        missing.push(plan.tx.fill(
            "ui.print_counter_size_default",
            &[("mm", &format!("{counter_mm}"))],
        ));
    }
    if !game.map.grid.geometry_known() && !game.map.grid.is_areas() {
        missing.push(
            plan.tx
                .fill("ui.map_art_unknown", &[("map", &plan.tx.get("map.name"))]),
        );
    }
    if !cards.is_empty() {
        missing.push(plan.tx.get("ui.print_card_backs"));
    }
    if let Some(paper) = options.poster {
        for (sheet, _) in sheets.iter().zip(posters).filter(|(_, fits)| !**fits) {
            missing.push(plan.tx.fill(
                "ui.print_poster_too_small",
                &[("map", &sheet.title), ("paper", paper.name())],
            ));
        }
    }
    missing
}

/// The counter edge in mm: the data's `printed_mm`, or ½ inch.
fn counter_size(game: &Game) -> Result<f32, String> {
    match game.counters.counters.printed_mm {
        None => Ok(DEFAULT_COUNTER_MM),
        Some(mm) if mm.is_finite() && (3.0..=100.0).contains(&mm) => Ok(mm as f32),
        Some(mm) => Err(format!(
            "[counters] printed_mm = {mm} in counters/{}.toml is not a counter size: give the edge in millimetres, between 3 and 100 (½ inch = 12.7)",
            game.id
        )),
    }
}

/// A page's title, at the top of its printable area.
fn title(canvas: &mut Canvas<'_, '_>, text: &str) {
    canvas.text(
        text,
        (MARGIN_MM, MARGIN_MM + TITLE_MM),
        TITLE_MM,
        Color::BLACK,
        (Weight::Bold, Anchor::Start),
    );
}

/// The first page: the game, the counter size and what the data lacks.
fn contents_page(
    pdf: &mut Writer,
    page: (f32, f32),
    plan: &Plan,
    counter_mm: f32,
    missing: &[String],
) -> Result<(), String> {
    pdf.page(page, |canvas| {
        let game_title = plan.tx.get("game.title");
        title(
            canvas,
            &plan.tx.fill("ui.print_title", &[("game", &game_title)]),
        );
        let mut y = MARGIN_MM + HEADER_MM + 6.0;
        let mut line = |canvas: &mut Canvas<'_, '_>, text: &str, weight: Weight| {
            for part in wrap(text, page.0 - 2.0 * MARGIN_MM, 3.0, weight) {
                canvas.text(
                    &part,
                    (MARGIN_MM, y),
                    3.0,
                    Color::BLACK,
                    (weight, Anchor::Start),
                );
                y += 5.0;
            }
        };
        line(
            canvas,
            &plan
                .tx
                .fill("ui.print_counter_size", &[("mm", &format!("{counter_mm}"))]),
            Weight::Regular,
        );
        if !missing.is_empty() {
            line(canvas, &plan.tx.get("ui.print_missing"), Weight::Bold);
            for m in missing {
                line(canvas, &format!("• {m}"), Weight::Regular);
            }
        }
        Ok(())
    })
}

/// `text` broken into lines no wider than `width` mm: at spaces, or anywhere in text without them
/// (Japanese).
fn wrap(text: &str, width: f32, size: f32, weight: Weight) -> Vec<String> {
    let mut lines = vec![String::new()];
    let words: Vec<String> = if text.contains(' ') {
        text.split(' ').map(|w| format!("{w} ")).collect()
    } else {
        text.chars().map(String::from).collect()
    };
    for word in words {
        let Some(current) = lines.last_mut() else {
            break;
        };
        let longer = format!("{current}{word}");
        if !current.is_empty() && text_width(longer.trim_end(), size, weight) > width {
            lines.push(word);
        } else {
            *current = longer;
        }
    }
    lines
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// The counter sheets: per sheet a page of fronts, then its page of backs (mirrored); one-sided,
/// each front beside its back on one page.
fn counter_pages(
    pdf: &mut Writer,
    page: (f32, f32),
    plan: &Plan,
    (counters, faces): (&[PrintedCounter], &FaceImages),
    counter_mm: f32,
    one_sided: bool,
) -> Result<(), String> {
    let per_slot = if one_sided { 2 } else { 1 };
    let layout = SheetLayout::new(page, (MARGIN_MM, HEADER_MM), counter_mm, per_slot)
        .ok_or_else(|| format!("counters of {counter_mm} mm do not fit on the paper"))?;
    let chunks: Vec<&[PrintedCounter]> = counters.chunks(layout.per_page()).collect();
    let sheets = chunks.len().to_string();
    for (n, chunk) in chunks.iter().enumerate() {
        let sheet = (n + 1).to_string();
        let first = n * layout.per_page();
        let back = |canvas: &mut Canvas<'_, '_>, i: usize| {
            draw_back(
                canvas,
                (faces, &faces.backs[first + i]),
                layout.back(i),
                counter_mm,
            )
        };
        let numbers = [("sheet", sheet.as_str()), ("sheets", sheets.as_str())];
        let fronts_title = if one_sided {
            plan.tx.fill("ui.print_folded", &numbers)
        } else {
            plan.tx.fill("ui.print_fronts", &numbers)
        };
        pdf.page(page, |canvas| {
            title(canvas, &fronts_title);
            for i in 0..chunk.len() {
                draw_face(
                    canvas,
                    (faces, &faces.fronts[first + i]),
                    layout.front(i),
                    counter_mm,
                )?;
                if one_sided {
                    back(canvas, i)?;
                    fold_line(canvas, layout.back(i), counter_mm);
                }
            }
            Ok(())
        })?;
        if one_sided {
            continue;
        }
        pdf.page(page, |canvas| {
            title(canvas, &plan.tx.fill("ui.print_backs", &numbers));
            for i in 0..chunk.len() {
                back(canvas, i)?;
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// Each face's picture at print resolution with its texts kept apart, in the order of the
/// counters. Faces alike but for their texts (most of a game's counters: the same colours and unit
/// symbol) share one picture, drawn and encoded once: a large game's faces neither cost a drawing
/// and a PNG each nor sit in memory at 600 dpi. Each face's texts are laid out without drawing it.
struct FaceImages {
    /// The distinct pictures.
    pictures: Vec<Pixels>,
    fronts: Vec<Face>,
    backs: Vec<Option<Face>>,
}

/// One counter face: its picture (an index into [`FaceImages::pictures`]) and its texts.
struct Face {
    picture: usize,
    texts: Vec<PlacedText>,
}

impl FaceImages {
    fn new(counters: &[PrintedCounter], counter_mm: f32) -> Result<FaceImages, String> {
        use rayon::prelude::*;
        let px = (counter_mm / 25.4 * COUNTER_DPI).round() as u32;
        let arts: Vec<CounterArt> = counters
            .iter()
            .flat_map(|c| std::iter::once(&c.front).chain(c.back.as_ref()))
            .map(|art| CounterArt {
                size: px,
                ..art.clone()
            })
            .collect();
        let mut seen: HashMap<PictureKey, usize> = HashMap::new();
        let mut distinct: Vec<&CounterArt> = Vec::new();
        let picture_of: Vec<usize> = arts
            .iter()
            .map(|art| {
                *seen.entry(art.picture_key()).or_insert_with(|| {
                    distinct.push(art);
                    distinct.len() - 1
                })
            })
            .collect();
        let pictures = distinct
            .par_iter()
            .map(|art| {
                draw_counter_picture(art)
                    .map(Pixels::new)
                    .map_err(|e| e.to_string())
            })
            .collect::<Result<Vec<_>, String>>()?;
        let texts = arts
            .par_iter()
            .map(|art| {
                let capture = TextCapture::new();
                lay_out_counter_texts(&CounterArt {
                    fonts: art.fonts.capturing(&capture),
                    ..art.clone()
                })
                .map_err(|e| e.to_string())?;
                Ok(capture.texts())
            })
            .collect::<Result<Vec<_>, String>>()?;
        let mut faces = picture_of
            .into_iter()
            .zip(texts)
            .map(|(picture, texts)| Face { picture, texts });
        let mut fronts = Vec::with_capacity(counters.len());
        let mut backs = Vec::with_capacity(counters.len());
        for counter in counters {
            let (Some(front), back) = (
                faces.next(),
                counter.back.as_ref().and_then(|_| faces.next()),
            ) else {
                return Err("a counter face was not drawn".to_string());
            };
            fronts.push(front);
            backs.push(back);
        }
        Ok(FaceImages {
            pictures,
            fronts,
            backs,
        })
    }

    fn pixels(&self, face: &Face) -> Result<&Pixels, String> {
        self.pictures
            .get(face.picture)
            .ok_or_else(|| "a counter face was not drawn".to_string())
    }
}

/// One face at `at`, its texts set as PDF text where the renderer puts them, and its cut line.
fn draw_face(
    canvas: &mut Canvas<'_, '_>,
    (faces, face): (&FaceImages, &Face),
    at: (f32, f32),
    counter_mm: f32,
) -> Result<(), String> {
    let rect = (at.0, at.1, counter_mm, counter_mm);
    picture(canvas, (faces.pixels(face)?, &face.texts), rect)?;
    canvas.stroke_rect(rect, CUT_COLOUR, CUT_LINE_MM);
    Ok(())
}

/// The back of a counter, or, for a one-faced counter, its cut line alone (the back stays blank).
fn draw_back(
    canvas: &mut Canvas<'_, '_>,
    (faces, back): (&FaceImages, &Option<Face>),
    at: (f32, f32),
    counter_mm: f32,
) -> Result<(), String> {
    match back {
        Some(face) => draw_face(canvas, (faces, face), at, counter_mm),
        None => {
            canvas.stroke_rect(
                (at.0, at.1, counter_mm, counter_mm),
                CUT_COLOUR,
                CUT_LINE_MM,
            );
            Ok(())
        }
    }
}

/// The fold line between a front and its back on a one-sided sheet, dashed.
fn fold_line(canvas: &mut Canvas<'_, '_>, back: (f32, f32), counter_mm: f32) {
    canvas.stroke_polyline(
        &[(back.0, back.1), (back.0, back.1 + counter_mm)],
        false,
        CUT_COLOUR,
        CUT_LINE_MM,
        Some(0.6),
    );
}

/// A picture (its pixels and its texts) drawn into `rect` with its texts set over it as PDF text.
fn picture(
    canvas: &mut Canvas<'_, '_>,
    (pixels, texts): (&Pixels, &[PlacedText]),
    rect: (f32, f32, f32, f32),
) -> Result<(), String> {
    canvas.image(pixels, rect)?;
    let scale = rect.2 / pixels.width.max(1) as f32;
    for placed in texts {
        canvas.captured_text(placed, ((rect.0, rect.1), scale));
    }
    Ok(())
}

/// The printable area of a page: width and height in mm below the title.
fn room(page: (f32, f32)) -> (f32, f32) {
    (
        page.0 - 2.0 * MARGIN_MM,
        page.1 - 2.0 * MARGIN_MM - HEADER_MM,
    )
}

/// A map sheet's size in mm at the counters' scale.
fn map_size(sheet: &PrintedImage, mm_per_px: f32) -> Result<(f32, f32), String> {
    let (w, h) = (sheet.pixels.width, sheet.pixels.height);
    Ok((w as f32 * mm_per_px, h as f32 * mm_per_px))
}

/// The tiles of a map sheet, on portrait or landscape pages, whichever needs fewer (portrait on a
/// tie); the page size they go on.
fn map_tiles(map: (f32, f32), page: (f32, f32)) -> (Vec<Tile>, (f32, f32)) {
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
fn map_pages(
    pdf: &mut Writer,
    page: (f32, f32),
    game: &Game,
    plan: &Plan,
    (index, sheet): (u16, &PrintedImage),
    mm_per_px: f32,
) -> Result<(), String> {
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
                    (index, sheet),
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
/// is one object in the PDF, however many pages show it).
fn draw_map(
    canvas: &mut Canvas<'_, '_>,
    game: &Game,
    plan: &Plan,
    (index, sheet): (u16, &PrintedImage),
    (map, visible): ((f32, f32), Option<Area>),
    mm_per_px: f32,
) -> Result<(), String> {
    canvas.image(&sheet.pixels, (0.0, 0.0, map.0, map.1))?;
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

/// The whole map sheet, shrunk to the page, with each tile's outline and number.
fn assembly_page(
    pdf: &mut Writer,
    page: (f32, f32),
    plan: &Plan,
    sheet: &PrintedImage,
    map: (f32, f32),
    tiles: &[Tile],
) -> Result<(), String> {
    let area = room(page);
    let shrink = (area.0 / map.0).min(area.1 / map.1).min(1.0);
    let text = plan.tx.fill(
        "ui.print_assembly",
        &[
            ("map", &sheet.title),
            ("tiles", &tiles.len().to_string()),
            ("scale", &format!("{:.1}", 1.0 / shrink)),
        ],
    );
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
fn poster_fits(sheets: &[PrintedImage], mm_per_px: f32, paper: Paper) -> Vec<bool> {
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
fn poster_page(
    pdf: &mut Writer,
    paper: Paper,
    game: &Game,
    plan: &Plan,
    (index, sheet): (u16, &PrintedImage),
    mm_per_px: f32,
) -> Result<(), String> {
    let map = map_size(sheet, mm_per_px)?;
    let (w, h) = room(paper.size());
    let page = if map.0 <= w && map.1 <= h {
        paper.size()
    } else {
        (paper.size().1, paper.size().0)
    };
    let text = plan.tx.fill(
        "ui.print_poster",
        &[("map", &sheet.title), ("paper", paper.name())],
    );
    pdf.page(page, |canvas| {
        title(canvas, &text);
        let origin = (MARGIN_MM, MARGIN_MM + HEADER_MM);
        canvas.clipped((origin.0, origin.1, map.0, map.1), origin, |canvas| {
            draw_map(canvas, game, plan, (index, sheet), (map, None), mm_per_px)
        })
    })
}

/// A chart or the turn track on its own page, shrunk to fit.
fn chart_page(pdf: &mut Writer, page: (f32, f32), chart: &PrintedImage) -> Result<(), String> {
    let (w, h) = (chart.pixels.width, chart.pixels.height);
    let (w, h) = (w as f32, h as f32);
    // A wide chart goes on a landscape page.
    let page = if w > h { (page.1, page.0) } else { page };
    let area = room(page);
    let scale = (area.0 / w).min(area.1 / h).min(CHART_MAX_MM_PER_PX);
    pdf.page(page, |canvas| {
        title(canvas, &chart.title);
        picture(
            canvas,
            (&chart.pixels, &chart.texts),
            (MARGIN_MM, MARGIN_MM + HEADER_MM, w * scale, h * scale),
        )
    })
}

/// Cards per row on a card page: three cards of about 62 mm across fill A4 or Letter (poker cards
/// are 63 mm wide).
const CARDS_ACROSS: usize = 3;

/// The card faces, three across, as large as the page allows, each with its cut line.
fn card_pages(
    pdf: &mut Writer,
    page: (f32, f32),
    plan: &Plan,
    cards: &[PrintedImage],
) -> Result<(), String> {
    let Some(first) = cards.first() else {
        return Ok(());
    };
    let (w, h) = (first.pixels.width, first.pixels.height);
    let area = room(page);
    let gap = super::sheet::GAP_MM;
    let width = (area.0 - gap * (CARDS_ACROSS - 1) as f32) / CARDS_ACROSS as f32;
    let height = width * h as f32 / w.max(1) as f32;
    let rows = (((area.1 + gap) / (height + gap)).floor() as usize).max(1);
    let per_page = rows * CARDS_ACROSS;
    let left = (page.0 - (CARDS_ACROSS as f32 * (width + gap) - gap)) / 2.0;
    for chunk in cards.chunks(per_page) {
        pdf.page(page, |canvas| {
            title(canvas, &plan.tx.get("ui.print_cards"));
            for (i, card) in chunk.iter().enumerate() {
                let (column, row) = (i % CARDS_ACROSS, i / CARDS_ACROSS);
                let rect = (
                    left + column as f32 * (width + gap),
                    MARGIN_MM + HEADER_MM + row as f32 * (height + gap),
                    width,
                    height,
                );
                picture(canvas, (&card.pixels, &card.texts), rect)?;
                canvas.stroke_rect(rect, CUT_COLOUR, CUT_LINE_MM);
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// The rules in play (`rules_pages`), each page under its title; none for a game without special
/// rules.
fn rules_pages(pdf: &mut Writer, page: (f32, f32), game: &Game, plan: &Plan) -> Result<(), String> {
    let top = MARGIN_MM + HEADER_MM;
    let area = (page.0 - 2.0 * MARGIN_MM, page.1 - top - MARGIN_MM);
    let pages = super::rules_pages::pages(game, plan, area);
    if pages.is_empty() {
        return Ok(());
    }
    let heading = plan.tx.get("ui.rules_in_play");
    for lines in pages {
        pdf.page(page, |canvas| {
            title(canvas, &heading);
            for (line, baseline) in &lines {
                canvas.text(
                    &line.text,
                    (MARGIN_MM, top + baseline),
                    line.size,
                    line.color,
                    (line.weight, Anchor::Start),
                );
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// The setup and victory of each scenario (`setup_pages`), each page under its title, the counters
/// drawn from the counter sheets' images; none for a game without scenarios.
fn setup_pages(
    pdf: &mut Writer,
    page: (f32, f32),
    (game, plan): (&Game, &Plan),
    (counters, faces): (&[PrintedCounter], &FaceImages),
    counter_mm: f32,
) -> Result<(), String> {
    use super::setup_pages::{counter_edge, Mark, GROUP_RULE_COLOUR};
    let top = MARGIN_MM + HEADER_MM;
    let area = (page.0 - 2.0 * MARGIN_MM, page.1 - top - MARGIN_MM);
    let pages =
        super::setup_pages::pages(game, plan, counters, area, counter_edge(game, counter_mm));
    let heading = plan.tx.get("ui.kit_setup_title");
    for marks in pages {
        pdf.page(page, |canvas| {
            title(canvas, &heading);
            for mark in &marks {
                match mark {
                    Mark::Text {
                        text,
                        at,
                        size,
                        weight,
                        color,
                    } => canvas.text(
                        text,
                        (MARGIN_MM + at.0, top + at.1),
                        *size,
                        *color,
                        (*weight, Anchor::Start),
                    ),
                    Mark::Counter { face, rect } => {
                        let image = if face.back {
                            faces.backs.get(face.counter).and_then(Option::as_ref)
                        } else {
                            faces.fronts.get(face.counter)
                        };
                        let rect = (MARGIN_MM + rect.0, top + rect.1, rect.2, rect.3);
                        if let Some(image) = image {
                            picture(canvas, (faces.pixels(image)?, &image.texts), rect)?;
                        }
                        canvas.stroke_rect(rect, CUT_COLOUR, CUT_LINE_MM);
                    }
                    Mark::Rule { from, to } => canvas.stroke_polyline(
                        &[
                            (MARGIN_MM + from.0, top + from.1),
                            (MARGIN_MM + to.0, top + to.1),
                        ],
                        false,
                        GROUP_RULE_COLOUR,
                        0.2,
                        None,
                    ),
                }
            }
            Ok(())
        })?;
    }
    Ok(())
}
