//! What goes on each page of the kit, in order: the contents, counter sheets, map pages
//! (`map_pages`), charts, cards, setup and victory, rules in play.

use super::contents::Sections;
use super::map_pages::{contents as map_contents, map_pages, poster_fits, poster_page};
use super::page::{picture, room, title, CUT_COLOUR, CUT_LINE_MM, HEADER_MM, MARGIN_MM};
use super::pdf::{Anchor, Canvas, Writer};
use super::setup_pages::counter_edge;
use super::sheet::SheetLayout;
use super::PrintError;
use super::{PrintOptions, Printed};
use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::pipeline::cache::Cache;
use crate::pipeline::{self, PrintedCounter, PrintedImage};
use crate::render::counter::{draw_counter_picture, lay_out_counter_texts, PictureKey};
use crate::render::text::{PlacedText, TextCapture};
use crate::render::Pixels;
use crate::render::{Color, CounterArt};
use std::collections::HashMap;

/// Counter edge when the data gives none: ½ inch, the most common size.
const DEFAULT_COUNTER_MM: f32 = 12.7;
/// Resolution of a counter face drawn without its texts (the texts are PDF text), in dots per inch.
const COUNTER_DPI: f32 = 600.0;
/// Largest size a chart is printed at, in mm per renderer pixel (about 100 dpi).
const CHART_MAX_MM_PER_PX: f32 = 0.26;

/// The printed kit of one language.
pub(super) fn print(
    game: &Game,
    plan: &Plan,
    options: &PrintOptions,
    cache: Option<&Cache>,
) -> Result<Printed, PrintError> {
    let counter_mm = counter_size(game)?;
    let mm_per_px = counter_mm / game.counters.counters.size.max(1) as f32;
    let counters = pipeline::printed_counters(game, plan)?;
    let boards = pipeline::printed_boards(game, plan, cache)?;
    let pipeline::PrintedBoards {
        sheets,
        charts,
        scanned,
        scan_too_large,
    } = &boards;
    let cards = pipeline::printed_cards(game, plan)?;
    let page = options.paper.size();
    let posters = options
        .poster
        .map(|paper| poster_fits(sheets, mm_per_px, paper))
        .unwrap_or_default();
    let missing = lacking(
        game,
        plan,
        (counter_mm, &cards),
        (sheets, &posters, *scan_too_large),
        options,
    );

    // Every section is laid out before a page is drawn: the contents, first, number them all.
    let sheet_layout = counter_layout(page, counter_mm, options.one_sided)?;
    let area = text_area(page);
    let setup =
        super::setup_pages::pages(game, plan, &counters, area, counter_edge(game, counter_mm));
    let rules = super::rules_pages::pages(game, plan, area);
    let sections = sections(
        plan,
        (page, options),
        (counters.len(), &sheet_layout),
        (&boards, &cards),
        (&setup, rules.len()),
        mm_per_px,
    )?;
    let intro = intro(plan, counter_mm, (&boards, mm_per_px));
    let contents = super::contents::pages(
        &super::contents::Page {
            intro: &intro,
            heading: &plan.tx.get("ui.kit_contents"),
            itself: &plan.tx.get("ui.kit_contents"),
            missing: (&plan.tx.get("ui.print_missing"), &missing),
        },
        &sections,
        area,
    );

    let kit_title = plan
        .tx
        .fill("ui.print_title", &[("game", &plan.tx.get("game.title"))]);
    let mut pdf = Writer::new(
        &kit_title,
        Some(plan.tx.lang.as_str()).filter(|l| !l.is_empty()),
    )?;
    contents_pages(&mut pdf, page, &kit_title, &contents)?;
    // Drawn once: the counter sheets and the setup charts show the same images.
    let faces = FaceImages::new(&counters, counter_mm)?;
    counter_pages(
        &mut pdf,
        (page, &sheet_layout),
        plan,
        (&counters, &faces),
        counter_mm,
        options.one_sided,
    )?;
    for (i, sheet) in sheets.iter().enumerate() {
        let sheet = (i as u16, sheet, *scanned);
        map_pages(&mut pdf, page, game, plan, sheet, mm_per_px)?;
        if let (Some(paper), Some(true)) = (options.poster, posters.get(i)) {
            poster_page(&mut pdf, paper, game, plan, sheet, mm_per_px)?;
        }
    }
    for chart in charts {
        chart_page(&mut pdf, page, chart)?;
    }
    card_pages(&mut pdf, page, plan, &cards)?;
    setup_pages(&mut pdf, page, plan, (&faces, &setup.pages))?;
    rules_pages(&mut pdf, page, plan, &rules)?;
    let numbered = contents.len() + sections.pages();
    if pdf.pages() != numbered {
        return Err(PrintError::Contents {
            numbered,
            pages: pdf.pages(),
        });
    }
    Ok(Printed {
        pdf: pdf.finish()?,
        missing,
    })
}

/// The printable area of a page below its title: width and height in mm.
fn text_area(page: (f32, f32)) -> (f32, f32) {
    let top = MARGIN_MM + HEADER_MM;
    (page.0 - 2.0 * MARGIN_MM, page.1 - top - MARGIN_MM)
}

/// Every section of the kit, in the order [`print`] draws them, with its pages.
fn sections(
    plan: &Plan,
    (page, options): ((f32, f32), &PrintOptions),
    (counters, sheet_layout): (usize, &SheetLayout),
    (boards, cards): (&pipeline::PrintedBoards, &[PrintedImage]),
    (setup, rules): (&super::setup_pages::SetupPages, usize),
    mm_per_px: f32,
) -> Result<Sections, PrintError> {
    let mut sections = Sections::default();
    let sheets = counters.div_ceil(sheet_layout.per_page().max(1));
    for n in 1..=sheets {
        let numbers = [("sheet", n.to_string()), ("sheets", sheets.to_string())];
        let numbers: Vec<(&str, &str)> = numbers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        if options.one_sided {
            sections.add(plan.tx.fill("ui.kit_contents_folded", &numbers), 1);
        } else {
            sections.add(plan.tx.fill("ui.print_fronts", &numbers), 1);
            sections.add(plan.tx.fill("ui.kit_contents_backs", &numbers), 1);
        }
    }
    for sheet in &boards.sheets {
        for text in map_contents(plan, sheet, (page, options.poster), mm_per_px)? {
            sections.add(text, 1);
        }
    }
    for chart in &boards.charts {
        sections.add(chart.title.clone(), 1);
    }
    if let Some(first) = cards.first() {
        let per_page = CardGrid::new(page, first).per_page;
        sections.add(
            plan.tx.get("ui.print_cards"),
            cards.len().div_ceil(per_page),
        );
    }
    let scenarios = setup
        .scenarios
        .iter()
        .map(|(name, first, last)| {
            let text = plan
                .tx
                .fill("ui.kit_contents_scenario", &[("scenario", name)]);
            (text, *first, *last)
        })
        .collect();
    sections.add_parts(scenarios, setup.pages.len());
    // A game without special rules has no such pages (nor the text: it is the Help menu's).
    if rules > 0 {
        sections.add(plan.tx.get("ui.rules_in_play"), rules);
    }
    Ok(sections)
}

/// What the contents say before listing the pages: the counter size, how many control markers the
/// kit prints and why, and how a scanned map is scaled.
fn intro(
    plan: &Plan,
    counter_mm: f32,
    (boards, mm_per_px): (&pipeline::PrintedBoards, f32),
) -> Vec<String> {
    let mut out = vec![plan
        .tx
        .fill("ui.print_counter_size", &[("mm", &format!("{counter_mm}"))])];
    let control = &plan.control_markers;
    if control.count > 0 && !plan.control_images.is_empty() {
        let count = control.count.to_string();
        let rules = control.rules.join(&plan.tx.get("ui.kit_list_separator"));
        out.push(match rules.is_empty() {
            true => plan
                .tx
                .fill("ui.kit_control_markers_uncited", &[("count", &count)]),
            false => plan.tx.fill(
                "ui.kit_control_markers",
                &[("count", &count), ("rules", &rules)],
            ),
        });
    }
    if boards.scanned {
        for sheet in &boards.sheets {
            let (w, h) = (sheet.pixels.width, sheet.pixels.height);
            out.push(plan.tx.fill(
                "ui.kit_scan",
                &[
                    ("map", &sheet.title),
                    ("width", &w.to_string()),
                    ("height", &h.to_string()),
                    ("mm", &format!("{mm_per_px:.3}")),
                    ("map_width", &format!("{:.0}", w as f32 * mm_per_px)),
                    ("map_height", &format!("{:.0}", h as f32 * mm_per_px)),
                ],
            ));
        }
    }
    out
}

/// What the kit lacks because the data does: each a sentence for the contents page.
fn lacking(
    game: &Game,
    plan: &Plan,
    (counter_mm, cards): (f32, &[PrintedImage]),
    (sheets, posters, scan_too_large): (&[PrintedImage], &[bool], Option<(u32, u32)>),
    options: &PrintOptions,
) -> Vec<String> {
    let mut missing = Vec::new();
    if let Some((width, height)) = scan_too_large {
        missing.push(plan.tx.fill(
            "ui.kit_scan_too_large",
            &[
                ("map", &plan.tx.get("map.name")),
                ("width", &width.to_string()),
                ("height", &height.to_string()),
            ],
        ));
    }
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
fn counter_size(game: &Game) -> Result<f32, PrintError> {
    match game.counters.counters.printed_mm {
        None => Ok(DEFAULT_COUNTER_MM),
        Some(mm) if mm.is_finite() && (3.0..=100.0).contains(&mm) => Ok(mm as f32),
        Some(mm) => Err(PrintError::CounterSize {
            game: game.id.to_string(),
            mm,
        }),
    }
}

/// The contents pages ([`super::contents`]), under the kit's title: each line at the left, a
/// section's pages flush right.
fn contents_pages(
    pdf: &mut Writer,
    page: (f32, f32),
    kit_title: &str,
    pages: &[Vec<super::contents::Line>],
) -> Result<(), PrintError> {
    use super::contents::{LINE_MM, SIZE_MM};
    for lines in pages {
        pdf.page(page, |canvas| {
            title(canvas, kit_title);
            let mut y = MARGIN_MM + HEADER_MM + SIZE_MM;
            for line in lines {
                if line.text.is_empty() && line.pages.is_none() {
                    // A blank line between the parts.
                    y += LINE_MM;
                    continue;
                }
                canvas.text(
                    &line.text,
                    (MARGIN_MM, y),
                    SIZE_MM,
                    Color::BLACK,
                    (line.weight, Anchor::Start),
                );
                if let Some(numbers) = &line.pages {
                    canvas.text(
                        numbers,
                        (page.0 - MARGIN_MM, y),
                        SIZE_MM,
                        Color::BLACK,
                        (line.weight, Anchor::End),
                    );
                }
                y += LINE_MM;
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// Where counters go on a counter sheet: one to a slot, or a front and its back side by side.
fn counter_layout(
    page: (f32, f32),
    counter_mm: f32,
    one_sided: bool,
) -> Result<SheetLayout, PrintError> {
    let per_slot = if one_sided { 2 } else { 1 };
    SheetLayout::new(page, (MARGIN_MM, HEADER_MM), counter_mm, per_slot)
        .ok_or(PrintError::CountersDoNotFit { counter_mm })
}

/// The counter sheets: per sheet a page of fronts, then its page of backs (mirrored); one-sided,
/// each front beside its back on one page.
fn counter_pages(
    pdf: &mut Writer,
    (page, layout): ((f32, f32), &SheetLayout),
    plan: &Plan,
    (counters, faces): (&[PrintedCounter], &FaceImages),
    counter_mm: f32,
    one_sided: bool,
) -> Result<(), PrintError> {
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
    fn new(counters: &[PrintedCounter], counter_mm: f32) -> Result<FaceImages, PrintError> {
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
                    .map_err(PrintError::from)
            })
            .collect::<Result<Vec<_>, PrintError>>()?;
        let texts = arts
            .par_iter()
            .map(|art| {
                let capture = TextCapture::new();
                lay_out_counter_texts(&CounterArt {
                    fonts: art.fonts.capturing(&capture),
                    ..art.clone()
                })?;
                Ok(capture.texts())
            })
            .collect::<Result<Vec<_>, PrintError>>()?;
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
                return Err(PrintError::FaceNotDrawn);
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

    fn pixels(&self, face: &Face) -> Result<&Pixels, PrintError> {
        self.pictures
            .get(face.picture)
            .ok_or(PrintError::FaceNotDrawn)
    }
}

/// One face at `at`, its texts set as PDF text where the renderer puts them, and its cut line.
fn draw_face(
    canvas: &mut Canvas<'_, '_>,
    (faces, face): (&FaceImages, &Face),
    at: (f32, f32),
    counter_mm: f32,
) -> Result<(), PrintError> {
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
) -> Result<(), PrintError> {
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

/// A chart or the turn track on its own page, shrunk to fit.
fn chart_page(pdf: &mut Writer, page: (f32, f32), chart: &PrintedImage) -> Result<(), PrintError> {
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

/// Where cards go on a card page: three across, as large as the page allows.
struct CardGrid {
    width: f32,
    height: f32,
    gap: f32,
    left: f32,
    per_page: usize,
}

impl CardGrid {
    /// The grid of cards shaped as `first`.
    fn new(page: (f32, f32), first: &PrintedImage) -> CardGrid {
        let (w, h) = (first.pixels.width, first.pixels.height);
        let area = room(page);
        let gap = super::sheet::GAP_MM;
        let width = (area.0 - gap * (CARDS_ACROSS - 1) as f32) / CARDS_ACROSS as f32;
        let height = width * h as f32 / w.max(1) as f32;
        let rows = (((area.1 + gap) / (height + gap)).floor() as usize).max(1);
        CardGrid {
            width,
            height,
            gap,
            left: (page.0 - (CARDS_ACROSS as f32 * (width + gap) - gap)) / 2.0,
            per_page: rows * CARDS_ACROSS,
        }
    }
}

/// The card faces, three across, as large as the page allows, each with its cut line.
fn card_pages(
    pdf: &mut Writer,
    page: (f32, f32),
    plan: &Plan,
    cards: &[PrintedImage],
) -> Result<(), PrintError> {
    let Some(first) = cards.first() else {
        return Ok(());
    };
    let CardGrid {
        width,
        height,
        gap,
        left,
        per_page,
    } = CardGrid::new(page, first);
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

/// The rules in play (`rules_pages`, laid out), each page under its title; none for a game without
/// special rules.
fn rules_pages(
    pdf: &mut Writer,
    page: (f32, f32),
    plan: &Plan,
    pages: &[Vec<(super::rules_pages::Line, f32)>],
) -> Result<(), PrintError> {
    let top = MARGIN_MM + HEADER_MM;
    if pages.is_empty() {
        return Ok(());
    }
    let heading = plan.tx.get("ui.rules_in_play");
    for lines in pages {
        pdf.page(page, |canvas| {
            title(canvas, &heading);
            for (line, baseline) in lines {
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
    plan: &Plan,
    (faces, pages): (&FaceImages, &[Vec<super::setup_pages::Mark>]),
) -> Result<(), PrintError> {
    use super::setup_pages::{Mark, GROUP_RULE_COLOUR};
    let top = MARGIN_MM + HEADER_MM;
    let heading = plan.tx.get("ui.kit_setup_title");
    for marks in pages {
        pdf.page(page, |canvas| {
            title(canvas, &heading);
            for mark in marks {
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
