//! The adapter from the game model to the renderers' plain inputs, and the list of images a module
//! ships. Rendering runs in parallel; the result is ordered by image name, so it does not depend on
//! scheduling.

use crate::concept::art::image_file::MAX_DECODED_PIXELS;
use crate::concept::game::{parse_values, Game, Marker};
use crate::concept::markers;
use crate::concept::plan::{self, Plan};
use crate::concept::units::{UnitMark, UnitSymbol};
use crate::model::keyword::Keyword;
use crate::package::Entry;
use crate::render::card::{draw_card, render_card, CardArt};
use crate::render::text::{PlacedText, TextCapture};
use crate::render::track::{draw_board, render_board, BoardArt, BoxArt};
use crate::render::{self, Color, CounterArt, Fonts, NatoSymbol, Pixels, RenderError};
use rayon::prelude::*;

/// One image to produce.
enum Job {
    Counter(CounterArt),
    Card(CardArt),
    Cards,
    /// The board of one map sheet.
    Map(u16),
    Board,
    Chart(usize),
    /// The designer's map scan, shipped as it is.
    Scan,
    /// A face cut from a printed sheet.
    Cut(CutJob),
}

/// A face cut from a printed sheet: the sheet image and the cell's rectangle.
#[derive(Debug, Clone)]
struct CutJob {
    image: crate::concept::art::image_file::ImageFile,
    rect: crate::concept::art::cut::CellRect,
}

/// What decides the bytes of the images that are not counters or cards: the map, the rules, the
/// layout of the boards and every text (one description shared by the map, board and charts).
fn board_description(game: &Game, plan: &Plan) -> String {
    let texts: Vec<_> = plan.tx.all().collect();
    format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        game.map.data, game.rules.data, plan.layout, plan.track, plan.cards, plan.charts, texts
    )
}

/// Every image of the module, as archive entries under `images/`. With a cache, an image whose
/// description is unchanged is read back instead of rendered; `progress` counts finished images.
pub fn images(
    game: &Game,
    plan: &Plan,
    cache: Option<&super::cache::Cache>,
    progress: Option<&indicatif::ProgressBar>,
) -> Result<Vec<Entry>, RenderError> {
    // DejaVu for Latin text, IPAex Gothic for every character DejaVu lacks (Japanese).
    let fonts = Fonts::japanese();
    let jobs = jobs(game, plan, &fonts)?;
    let boards = cache.map(|_| board_description(game, plan));
    let describe = |job: &Job| match job {
        Job::Counter(art) => format!("counter|{art:?}"),
        Job::Card(art) => format!("card|{art:?}"),
        Job::Cards => format!("cards|{}", boards.as_deref().unwrap_or("")),
        Job::Map(i) => format!("map{i}|{}", boards.as_deref().unwrap_or("")),
        Job::Board => format!("board|{}", boards.as_deref().unwrap_or("")),
        Job::Chart(i) => format!("chart{i}|{}", boards.as_deref().unwrap_or("")),
        Job::Scan => String::new(),
        Job::Cut(cut) => format!("cut|{}|{:?}", cut.image.hash, cut.rect),
    };
    if let Some(bar) = progress {
        bar.inc_length(jobs.len() as u64);
    }
    let mut entries = longest_first(&jobs)
        .into_iter()
        .par_bridge()
        .map(|(name, job)| {
            // The scan is copied, not drawn: caching it would only store a second copy.
            let cached = cache.filter(|_| !matches!(job, Job::Scan));
            let key = cached.map(|_| super::cache::key(&describe(job)));
            if let (Some(c), Some(k)) = (cache, &key) {
                if let Some(png) = c.get(k) {
                    if let Some(bar) = progress {
                        bar.inc(1);
                    }
                    return Ok(Entry {
                        name: format!("images/{name}"),
                        data: png,
                    });
                }
            }
            let png = render_job(game, plan, job, &fonts)?;
            if let (Some(c), Some(k)) = (cache, &key) {
                c.put(k, &png);
            }
            if let Some(bar) = progress {
                bar.inc(1);
            }
            Ok(Entry {
                name: format!("images/{name}"),
                data: png,
            })
        })
        .collect::<Result<Vec<Entry>, RenderError>>()?;
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(entries)
}

impl Job {
    /// How long the job takes, roughly, as a rank: a map sheet is tens of megapixels (a third of a
    /// second each on the synthetic game), a chart or board a megapixel, a counter a few thousand
    /// pixels.
    fn weight(&self) -> u8 {
        match self {
            Job::Map(_) | Job::Scan => 2,
            Job::Board | Job::Cards | Job::Chart(_) => 1,
            Job::Counter(_) | Job::Card(_) | Job::Cut(_) => 0,
        }
    }
}

/// The jobs in the order they start: the longest first, each taken by the next free thread
/// (`par_bridge`), so the build does not end with one core drawing a map while the other waits. In
/// plan order rayon split the list into long runs, and one thread drew all the map sheets last. The
/// entries are sorted by name afterwards, so the order changes no byte.
fn longest_first(jobs: &[(String, Job)]) -> Vec<&(String, Job)> {
    let mut order: Vec<&(String, Job)> = jobs.iter().collect();
    order.sort_by_key(|(_, job)| std::cmp::Reverse(job.weight()));
    order
}

/// What to draw: every image of the module by its file name, in the order the plan lists them.
fn jobs(game: &Game, plan: &Plan, fonts: &Fonts) -> Result<Vec<(String, Job)>, RenderError> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    for ((unit_id, face), name) in &plan.unit_images {
        // A face given as a file ships as it is (the build adds the game's files).
        if game.files.contains_key(&format!("images/{name}")) {
            continue;
        }
        let art = counter_art(game, plan, unit_id, face, fonts)?;
        jobs.push((name.clone(), Job::Counter(art)));
    }
    for (name, art) in control_markers(game, plan, fonts)?
        .into_iter()
        .chain(weather_markers(game, plan, fonts))
    {
        jobs.push((name, Job::Counter(art)));
    }
    for marker in &game.counters.markers {
        jobs.extend(marker_jobs(game, plan, marker, fonts)?);
    }
    for card in &game.counters.cards {
        if let Some(name) = plan.card_images.get(card.id.as_str()) {
            jobs.push((name.clone(), Job::Card(card_art(game, plan, card, fonts)?)));
        }
    }
    for (side, name) in &plan.card_backs {
        if let Some(art) = card_back_art(game, plan, side, fonts) {
            jobs.push((name.clone(), Job::Card(art)));
        }
    }
    if plan.cards.is_some() {
        jobs.push((plan::CARDS_IMAGE.to_string(), Job::Cards));
    }
    for (i, board) in plan.sheets.iter().enumerate() {
        let job = match crate::concept::map::board::scan_of(game) {
            Some(_) => Job::Scan,
            None => Job::Map(i as u16),
        };
        jobs.push((board.image.clone(), job));
    }
    cut_faces(game, plan, &mut jobs);
    jobs.push((plan::TRACK_IMAGE.to_string(), Job::Board));
    for (i, chart) in plan.charts.iter().enumerate() {
        jobs.push((chart.image.clone(), Job::Chart(i)));
    }
    Ok(jobs)
}

/// The texts of one image of the module, as its renderer drew them (their size is the size used,
/// after any shrinking to fit).
#[derive(Debug, Clone)]
pub struct ImageTexts {
    /// The image's file name under `images/`.
    pub image: String,
    pub texts: Vec<PlacedText>,
}

/// Every text of every image the module ships, image by image in name order: each image is drawn
/// as the build draws it, with fonts that record its texts (and leave them out of the pixels, which
/// are thrown away). Scans and faces cut from sheets have no texts of ours.
pub fn image_texts(game: &Game, plan: &Plan) -> Result<Vec<ImageTexts>, RenderError> {
    let capture_jobs = jobs(game, plan, &Fonts::japanese())?;
    let mut out = capture_jobs
        .par_iter()
        .map(|(name, job)| {
            let capture = TextCapture::new();
            let fonts = Fonts::japanese().capturing(&capture);
            let job = match job {
                Job::Counter(art) => Job::Counter(CounterArt {
                    fonts: fonts.clone(),
                    ..art.clone()
                }),
                Job::Card(art) => Job::Card(CardArt {
                    fonts: fonts.clone(),
                    ..art.clone()
                }),
                Job::Scan | Job::Cut(_) => {
                    return Ok(ImageTexts {
                        image: name.clone(),
                        texts: Vec::new(),
                    })
                }
                Job::Cards => Job::Cards,
                Job::Map(i) => Job::Map(*i),
                Job::Board => Job::Board,
                Job::Chart(i) => Job::Chart(*i),
            };
            render_job(game, plan, &job, &fonts)?;
            Ok(ImageTexts {
                image: name.clone(),
                texts: capture.texts(),
            })
        })
        .collect::<Result<Vec<_>, RenderError>>()?;
    out.sort_by(|a, b| a.image.cmp(&b.image));
    Ok(out)
}

/// A warning (V0850) for each unit whose printed label is too long for its counter at the legible
/// size: the counter would wrap it over its type box. The label is measured as the counter draws it
/// (bold, in the fonts of the module) against the room the counter gives it.
pub fn illegible_labels(game: &Game) -> Vec<crate::diag::Diagnostic> {
    let fonts = Fonts::japanese();
    let size = game.counters.counters.size;
    let style = fonts.bold(crate::render::text::LEGIBLE_SIZE, Color::BLACK);
    let room = render::counter::label_room(size);
    let mut out = Vec::new();
    for unit in &game.counters.units {
        // A unit whose every face is an image file prints no label of ours.
        let drawn = game
            .counters
            .faces_of(unit)
            .iter()
            .any(|f| !unit.face_images.contains_key(*f));
        if !drawn {
            continue;
        }
        let label = unit.label();
        let widest = label
            .split('\n')
            .map(|line| crate::render::text::text_width(line, &style))
            .fold(0.0f32, f32::max);
        if widest <= room {
            continue;
        }
        let chars = label.chars().count();
        let fitting = ((chars as f32) * room / widest).floor() as usize;
        let span = match &unit.label {
            Some(l) => l.span.clone(),
            None => unit.id.span.clone(),
        };
        out.push(
            crate::diag::Diagnostic::warning(
                "V0850",
                format!(
                    "the label `{label}` is too long to print on its counter at a legible size"
                ),
            )
            .at(
                game.counters.file,
                span,
                format!(
                    "{widest:.0} px wide at {} px; a {size} px counter has room for {room:.0} px",
                    crate::render::text::LEGIBLE_SIZE
                ),
            )
            .help(format!(
                "shorten it to about {fitting} characters (as the printed counter abbreviates), \
                 or give the counters a larger `size` in [counters]"
            )),
        );
    }
    out
}

/// One face of a unit's counter as PNG.
pub fn counter_image(
    game: &Game,
    plan: &Plan,
    unit: &str,
    face: &str,
) -> Result<Vec<u8>, RenderError> {
    render::render_counter(&counter_art(game, plan, unit, face, &Fonts::japanese())?)
}

/// The control marker of each side that has one, by image name.
fn control_markers(
    game: &Game,
    plan: &Plan,
    fonts: &Fonts,
) -> Result<Vec<(String, CounterArt)>, RenderError> {
    let mut markers = Vec::new();
    for side in &game.rules.sides {
        if let Some(name) = plan.control_images.get(side.id.as_str()) {
            let art = marker_art(
                plan::MARKER_SIZE,
                Color::parse(&side.color)?,
                Color::parse(&side.text_color)?,
                plan.tx.get("ui.control"),
                plan.tx.get(&format!("sides.{}", side.id.as_str())),
                fonts,
            );
            markers.push((name.clone(), art));
        }
    }
    Ok(markers)
}

/// The marker of each weather, by image name.
fn weather_markers(game: &Game, plan: &Plan, fonts: &Fonts) -> Vec<(String, CounterArt)> {
    let mut markers = Vec::new();
    for w in &game.rules.weather {
        if let Some(name) = plan.weather_images.get(w.id.as_str()) {
            // Plain for the default weather, dark for any other (mud, snow…).
            let (background, foreground) = if w.default {
                (Color::rgb(250, 248, 240), Color::BLACK)
            } else {
                (Color::rgb(150, 110, 60), Color::WHITE)
            };
            let art = marker_art(
                plan::WEATHER_MARKER_SIZE,
                background,
                foreground,
                plan.tx.get("ui.weather"),
                plan.tx.get(&format!("weather.{}", w.id.as_str())),
                fonts,
            );
            markers.push((name.clone(), art));
        }
    }
    markers
}

/// Draw one image as PNG.
fn render_job(game: &Game, plan: &Plan, job: &Job, fonts: &Fonts) -> Result<Vec<u8>, RenderError> {
    Ok(match job {
        Job::Counter(art) => render::render_counter(art)?,
        Job::Card(art) => render_card(art)?,
        Job::Cards => match &plan.cards {
            Some(layout) => render_board(&boxes_art(layout, fonts))?,
            None => Vec::new(),
        },
        Job::Map(i) => super::map_art::render(game, plan, *i, fonts)?,
        Job::Board => render_board(&boxes_art(&plan.track, fonts))?,
        Job::Chart(i) => super::map_art::chart(game, plan, *i, fonts)?,
        // The scan ships as it is: the loader has read it whole (`ImageFile::verify`, row by row),
        // so a file damaged further in is refused at its line, and no pixel of it is decoded here.
        Job::Scan => match crate::concept::map::board::scan_of(game) {
            Some(scan) => scan.bytes.to_vec(),
            None => Vec::new(),
        },
        Job::Cut(cut) => {
            let r = cut.rect;
            let pixels = cut.image.pixels().map_err(RenderError::Image)?;
            let face = pixels.crop(r.x, r.y, r.w, r.h).ok_or_else(|| {
                RenderError::Input(format!("cell {r:?} lies outside {}", cut.image.path))
            })?;
            face.to_png().map_err(RenderError::Image)?
        }
    })
}

/// Faces printed on the designer's sheets replace the drawn ones of the same image name: a unit's or
/// marker's front and back, a card's face.
fn cut_faces(game: &Game, plan: &Plan, jobs: &mut [(String, Job)]) {
    use crate::concept::art::{cut, ArtOwner};
    let sheets = &game.counters.art_sheets;
    let mut cuts: std::collections::BTreeMap<String, CutJob> = std::collections::BTreeMap::new();
    for art in &game.counters.art {
        let images: Vec<String> = match art.owner() {
            Some(ArtOwner::Unit(id)) => plan::unit_face_images(game, plan, id),
            Some(ArtOwner::Marker(id)) => plan
                .marker_images
                .get(id.as_str())
                .cloned()
                .unwrap_or_default(),
            Some(ArtOwner::Card(id)) => plan
                .card_images
                .get(id.as_str())
                .cloned()
                .into_iter()
                .collect(),
            None => continue,
        };
        let faces = [cut::front(sheets, art), cut::back(sheets, art)];
        for (name, face) in images.into_iter().zip(faces) {
            let Some(face) = face else { continue };
            let (Some(rect), Some(image)) =
                (face.rect(), game.images.get(face.sheet.image.as_str()))
            else {
                continue;
            };
            cuts.insert(
                name,
                CutJob {
                    image: image.clone(),
                    rect,
                },
            );
        }
    }
    for (name, job) in jobs.iter_mut() {
        if let Some(cut) = cuts.remove(name.as_str()) {
            *job = Job::Cut(cut);
        }
    }
}

/// The faces of a `[[markers]]` counter: its side's colours (plain without a side) with the name
/// and text, the back in reversed colours so the two faces tell apart at a glance.
fn marker_jobs(
    game: &Game,
    plan: &Plan,
    marker: &Marker,
    fonts: &Fonts,
) -> Result<Vec<(String, Job)>, RenderError> {
    let side = marker.side.as_ref().and_then(|s| {
        game.rules
            .sides
            .iter()
            .find(|d| d.id.as_str() == s.as_str())
    });
    let (background, foreground) = match side {
        Some(s) => (Color::parse(&s.color)?, Color::parse(&s.text_color)?),
        None => (Color::rgb(250, 248, 240), Color::BLACK),
    };
    let images = plan.marker_images.get(marker.id.as_str());
    let names = markers::module::face_names(plan, marker);
    let texts = markers::module::face_texts(plan, marker);
    Ok(images
        .into_iter()
        .flatten()
        .zip(names.into_iter().zip(texts))
        .enumerate()
        .map(|(i, (image, (name, text)))| {
            let (bg, fg) = if i == 0 {
                (background, foreground)
            } else {
                (foreground, background)
            };
            // The game's own markers are counters of its sheet, as large as its units: room for
            // their names at a legible size.
            let art = marker_art(game.counters.counters.size, bg, fg, name, text, fonts);
            (image.clone(), Job::Counter(art))
        })
        .collect())
}

/// A marker (city control, weather): a title and a text, no unit symbol.
fn marker_art(
    size: u32,
    background: Color,
    foreground: Color,
    title: String,
    text: String,
    fonts: &Fonts,
) -> CounterArt {
    CounterArt {
        size,
        background,
        foreground,
        symbol: NatoSymbol::None,
        unit_size: String::new(),
        id: title,
        values: text,
        reduced_marker: false,
        step_marks: 0,
        staff: false,
        elite: false,
        fonts: fonts.clone(),
    }
}

fn counter_art(
    game: &Game,
    plan: &Plan,
    unit_id: &str,
    face: &str,
    fonts: &Fonts,
) -> Result<CounterArt, RenderError> {
    let unit = plan
        .unit(game, unit_id)
        .ok_or_else(|| RenderError::Input(format!("unknown unit {unit_id}")))?;
    let side = game
        .rules
        .sides
        .iter()
        .find(|s| s.id.as_str() == unit.side.as_str());
    let (background, foreground) = match side {
        Some(s) => (Color::parse(&s.color)?, Color::parse(&s.text_color)?),
        None => (Color::WHITE, Color::BLACK),
    };
    let unit_type = game
        .counters
        .types
        .iter()
        .find(|t| t.id.as_str() == unit.unit_type.as_str());
    let symbol = unit_type
        .and_then(|t| UnitSymbol::parse(&t.symbol))
        .map(nato_symbol)
        .unwrap_or_default();
    let marked = |mark: UnitMark| {
        unit_type.is_some_and(|t| t.marks.iter().any(|m| UnitMark::parse(m) == Some(mark)))
    };
    let first_face = game.counters.faces_of(unit).first().copied();
    let values = unit
        .faces
        .get(face)
        .map(|v| {
            parse_values(v)
                .map(|n| n.iter().map(u32::to_string).collect::<Vec<_>>().join("-"))
                // Values the sources do not give are printed as written ("8-?").
                .unwrap_or_else(|| v.value.clone())
        })
        .unwrap_or_default();
    Ok(CounterArt {
        size: game.counters.counters.size,
        background,
        foreground,
        symbol,
        unit_size: unit.size.clone(),
        // A label of the data's own is a text of the module's language (`labels.<id>`).
        id: match &unit.label {
            Some(_) => plan
                .tx
                .lookup(&format!(
                    "{}.{}",
                    crate::i18n::LABELS_SECTION,
                    unit.id.as_str()
                ))
                .unwrap_or(unit.label())
                .to_string(),
            None => unit.label().to_string(),
        },
        values,
        reduced_marker: Some(face) != first_face,
        step_marks: crate::concept::steps::remaining::steps_on_face(game, unit, face),
        staff: marked(UnitMark::Hq),
        elite: marked(UnitMark::Elite),
        fonts: fonts.clone(),
    })
}

fn card_art(
    game: &Game,
    plan: &Plan,
    card: &crate::concept::game::Card,
    fonts: &Fonts,
) -> Result<CardArt, RenderError> {
    let tx = &plan.tx;
    let deck = game
        .counters
        .decks
        .iter()
        .find(|d| d.side.as_str() == card.side.as_str());
    let (background, foreground) = match deck {
        Some(d) => (Color::parse(&d.color)?, Color::parse(&d.text_color)?),
        None => (Color::WHITE, Color::BLACK),
    };
    let uses = card
        .uses
        .iter()
        .filter_map(|u| {
            game.counters
                .card_uses
                .iter()
                .find(|c| c.id.as_str() == u.as_str())
        })
        .map(|u| {
            (
                u.icon.value.clone(),
                tx.get(&format!("card_uses.{}", u.id.as_str())),
            )
        })
        .collect();
    let mut notes = Vec::new();
    if !card.restriction.is_empty() {
        notes.push(tx.get(&format!("card_restrictions.{}", card.id.as_str())));
    }
    if !card.uses_known {
        notes.push(tx.get("ui.card_uses_unknown"));
    }
    if !card.count_known {
        notes.push(tx.get("ui.card_count_unknown"));
    }
    let (width, height) = plan::CARD_SIZE;
    let title = tx.get(&format!("cards.{}", card.id.as_str()));
    Ok(CardArt {
        width,
        height,
        background,
        foreground,
        title: title.clone(),
        subtitle: card_subtitle(card, &title, &tx.lang),
        uses,
        notes,
        fonts: fonts.clone(),
    })
}

/// The line under a card's title: the name as printed, in a module of another language than the
/// data's (English) defaults, when it says more than the title. An English card does not carry the
/// printed (Japanese) name, and a Japanese card whose title is its printed name does not repeat it.
fn card_subtitle(card: &crate::concept::game::Card, title: &str, lang: &str) -> String {
    match &card.printed_name {
        Some(printed)
            if lang != crate::i18n::DEFAULT_LANGUAGE && printed.trim() != title.trim() =>
        {
            printed.clone()
        }
        _ => String::new(),
    }
}

/// The back of a side's cards: the deck's colours and name, nothing of any card.
fn card_back_art(game: &Game, plan: &Plan, side: &str, fonts: &Fonts) -> Option<CardArt> {
    let deck = game
        .counters
        .decks
        .iter()
        .find(|d| d.side.as_str() == side)?;
    let (width, height) = plan::CARD_SIZE;
    Some(CardArt {
        width,
        height,
        background: Color::parse(&deck.color).ok()?,
        foreground: Color::parse(&deck.text_color).ok()?,
        title: plan.tx.get(&format!("decks.{side}")),
        subtitle: String::new(),
        uses: Vec::new(),
        notes: Vec::new(),
        fonts: fonts.clone(),
    })
}

/// A board of labelled boxes (turn track, cards); shaded boxes (e.g. mud turns) are tinted.
fn boxes_art(layout: &plan::TrackLayout, fonts: &Fonts) -> BoardArt {
    let plain = Color::rgb(250, 248, 240);
    let shaded = Color::rgb(214, 190, 150);
    BoardArt {
        width: layout.width,
        height: layout.height,
        title: layout.title.clone(),
        background: Color::rgb(236, 232, 220),
        boxes: layout
            .boxes
            .iter()
            .map(|b| BoxArt {
                x: b.x,
                y: b.y,
                w: b.w,
                h: b.h,
                lines: b.texts(),
                fill: if b.shaded { shaded } else { plain },
            })
            .collect(),
        fonts: fonts.clone(),
    }
}

/// The renderer's symbol for a unit type's symbol word (the one list of words is
/// [`UnitSymbol`]; the renderer knows only what it draws).
fn nato_symbol(symbol: UnitSymbol) -> NatoSymbol {
    match symbol {
        UnitSymbol::Infantry => NatoSymbol::Infantry,
        UnitSymbol::Armor => NatoSymbol::Armor,
        UnitSymbol::Mechanized => NatoSymbol::Mechanized,
        UnitSymbol::Shock => NatoSymbol::Shock,
        UnitSymbol::Cavalry => NatoSymbol::Cavalry,
        UnitSymbol::Artillery => NatoSymbol::Artillery,
        UnitSymbol::Engineer => NatoSymbol::Engineer,
        UnitSymbol::Headquarters => NatoSymbol::Headquarters,
        UnitSymbol::None | UnitSymbol::Marker => NatoSymbol::None,
    }
}

/// One printed counter: its faces in order (the front, then the back when it has one), as the
/// module draws them, each with the module's image name (the setup chart finds a unit's face by it).
#[derive(Debug, Clone)]
pub struct PrintedCounter {
    pub front: CounterArt,
    pub back: Option<CounterArt>,
    /// The module's image of the front, and of the back.
    pub images: (String, Option<String>),
}

/// Every counter of the module, as a printed counter sheet holds them: the units (their faces paired
/// in the data's order: first and second face on one counter, third and fourth on the next), then
/// the city control markers (one for each city the module puts one on; each one counter whose faces
/// are the sides' controls in the sides' order, as the module's control marker is one piece that
/// changes sides: front the first side, back the second), the weather markers (one face each) and
/// the `[[markers]]` (one or two faces).
pub fn printed_counters(game: &Game, plan: &Plan) -> Result<Vec<PrintedCounter>, RenderError> {
    let fonts = Fonts::japanese();
    let mut counters = Vec::new();
    let mut pair = |faces: Vec<(String, CounterArt)>| {
        let mut faces = faces.into_iter();
        while let Some((front_image, front)) = faces.next() {
            let back = faces.next();
            counters.push(PrintedCounter {
                front,
                images: (front_image, back.as_ref().map(|(image, _)| image.clone())),
                back: back.map(|(_, art)| art),
            });
        }
    };
    for unit in &game.counters.units {
        let faces = game
            .counters
            .faces_of(unit)
            .into_iter()
            .filter_map(|face| {
                plan.unit_images
                    .get(&(unit.id.value.clone(), face.to_string()))
                    .map(|image| (image.clone(), face))
            })
            .map(|(image, face)| Ok((image, counter_art(game, plan, &unit.id, face, &fonts)?)))
            .collect::<Result<Vec<_>, RenderError>>()?;
        pair(faces);
    }
    // One control marker for each city the module places one on (every city of the map, its
    // control a key of the data), not one for the game: a player needs a marker on every city.
    let control = control_markers(game, plan, &fonts)?;
    for _ in 0..plan.control_markers.count {
        pair(control.clone());
    }
    for marker in weather_markers(game, plan, &fonts) {
        pair(vec![marker]);
    }
    for marker in &game.counters.markers {
        let faces = marker_jobs(game, plan, marker, &fonts)?
            .into_iter()
            .filter_map(|(image, job)| match job {
                Job::Counter(art) => Some((image, art)),
                _ => None,
            })
            .collect();
        pair(faces);
    }
    Ok(counters)
}

/// One picture of the printed kit: the module's image drawn without its texts, and the texts, to
/// be set as text over it.
#[derive(Debug, Clone)]
pub struct PrintedImage {
    pub title: String,
    pub pixels: Pixels,
    /// Every text of the image, in its pixels.
    pub texts: Vec<PlacedText>,
}

/// Draw one picture with `draw`, given fonts that keep its texts out of the image.
fn printed_image(
    title: String,
    draw: impl FnOnce(&Fonts) -> Result<tiny_skia::Pixmap, RenderError>,
) -> Result<PrintedImage, RenderError> {
    let capture = TextCapture::new();
    let pixmap = draw(&Fonts::japanese().capturing(&capture))?;
    Ok(PrintedImage {
        title,
        pixels: Pixels::new(pixmap),
        texts: capture.texts(),
    })
}

/// One printed picture, read from `cache` when one was drawn from the same description (the board
/// description of [`board_description`] with what the picture is), drawn and stored otherwise. A
/// rebuild after a change that leaves the boards alone (a unit's values) prints the maps and charts
/// from the cache; a picture that cannot be read back is drawn again.
fn cached_printed_image(
    cache: Option<(&super::cache::Cache, &str)>,
    what: &str,
    title: String,
    draw: impl FnOnce(&Fonts) -> Result<tiny_skia::Pixmap, RenderError>,
) -> Result<PrintedImage, RenderError> {
    let key = cache.map(|(_, boards)| super::cache::key(&format!("print|{what}|{boards}")));
    if let (Some((c, _)), Some(k)) = (cache, &key) {
        if let Some((pixels, texts)) = c
            .get_file(&format!("{k}.printed"))
            .and_then(|bytes| super::printed_cache::read(&bytes))
        {
            return Ok(PrintedImage {
                title,
                pixels,
                texts,
            });
        }
    }
    let image = printed_image(title, draw)?;
    if let (Some((c, _)), Some(k)) = (cache, &key) {
        let entry = super::printed_cache::write(&image.pixels, &image.texts);
        c.put_file(&format!("{k}.printed"), &entry);
    }
    Ok(image)
}

/// What the kit prints of the boards: the map sheets, then the charts. With a cache, both are keyed
/// by one description of the boards (a large map's is megabytes of text, made once).
pub struct PrintedBoards {
    pub sheets: Vec<PrintedImage>,
    pub charts: Vec<PrintedImage>,
    /// The map sheets are the designer's scan (`[map] image`), as the module's board shows it: its
    /// pixels as they are, with no grid or text of vmodc's over them.
    pub scanned: bool,
    /// The scan's size when it has more pixels than vmodc decodes: the kit leaves the map out
    /// (and says so) rather than fail, since the module ships the scan undecoded.
    pub scan_too_large: Option<(u32, u32)>,
}

pub fn printed_boards(
    game: &Game,
    plan: &Plan,
    cache: Option<&super::cache::Cache>,
) -> Result<PrintedBoards, RenderError> {
    let boards = cache.map(|_| board_description(game, plan));
    let cache = cache.zip(boards.as_deref());
    let scan = crate::concept::map::board::scan_of(game);
    let too_large = scan.filter(|s| s.pixel_count() > MAX_DECODED_PIXELS);
    let sheets = match too_large {
        Some(_) => Vec::new(),
        None => printed_map_sheets(game, plan, cache, scan)?,
    };
    Ok(PrintedBoards {
        sheets,
        charts: printed_charts(game, plan, cache)?,
        scanned: scan.is_some(),
        scan_too_large: too_large.map(|s| (s.width, s.height)),
    })
}

/// The board of each map sheet, as the module shows it: the map vmodc draws, or the designer's scan
/// when the data names one (the module's board image is then the scan, shipped as it is).
fn printed_map_sheets(
    game: &Game,
    plan: &Plan,
    cache: Option<(&super::cache::Cache, &str)>,
    scan: Option<&crate::concept::art::image_file::ImageFile>,
) -> Result<Vec<PrintedImage>, RenderError> {
    (0..plan.sheets.len())
        .into_par_iter()
        .map(|i| {
            // The board's name is an id (`Map`, `Map A`); the kit's pages name the map as the
            // players' language does, with the sheet's letter on a map of several sheets.
            let name = plan.tx.get("map.name");
            let title = match game.map.grid.sheets.is_empty() {
                true => name,
                false => format!("{name} {}", game.map.grid.sheet_prefix(i as u16)),
            };
            match scan {
                // Decoded, not cached: the scan is its own cache (the module copies its bytes).
                Some(scan) => Ok(PrintedImage {
                    title,
                    pixels: scan_pixels(scan)?,
                    texts: Vec::new(),
                }),
                None => cached_printed_image(cache, &format!("map{i}"), title, |fonts| {
                    super::map_art::draw(game, plan, i as u16, fonts)
                }),
            }
        })
        .collect()
}

/// The scan's pixels, as the module's board shows them (an opaque scan has no alpha channel).
fn scan_pixels(scan: &crate::concept::art::image_file::ImageFile) -> Result<Pixels, RenderError> {
    let rgba = scan.pixels().map_err(RenderError::Image)?;
    let mut rgb = Vec::with_capacity(rgba.pixels.len() / 4 * 3);
    let mut alpha = Vec::with_capacity(rgba.pixels.len() / 4);
    for pixel in rgba.pixels.chunks_exact(4) {
        rgb.extend_from_slice(&pixel[..3]);
        alpha.push(pixel[3]);
    }
    let opaque = alpha.iter().all(|&a| a == 255);
    Ok(Pixels::from_channels(
        rgba.width,
        rgba.height,
        rgb,
        (!opaque).then_some(alpha),
    ))
}

/// The charts the kit prints (CRT, terrain effects), then the turn track board. The turn record
/// chart is left out: it shows the turn track's turn boxes again, while the board is the track a
/// player plays on (the turn marker's boxes with the turns' events, and the boxes for the
/// replacement pool and eliminated units the chart lacks), so the kit prints the turn record once.
fn printed_charts(
    game: &Game,
    plan: &Plan,
    cache: Option<(&super::cache::Cache, &str)>,
) -> Result<Vec<PrintedImage>, RenderError> {
    let mut images = (0..plan.charts.len())
        .into_par_iter()
        .filter(|&i| plan.charts[i].image != plan::TURN_RECORD_CHART)
        .map(|i| {
            let title = plan.charts[i].title.clone();
            cached_printed_image(cache, &format!("chart{i}"), title, |fonts| {
                super::map_art::draw_chart(game, plan, i, fonts)
            })
        })
        .collect::<Result<Vec<_>, RenderError>>()?;
    images.push(cached_printed_image(
        cache,
        "board",
        plan.track.title.clone(),
        |fonts| draw_board(&boxes_art(&plan.track, fonts)),
    )?);
    Ok(images)
}

/// The face of every card the module holds, in the data's order.
pub fn printed_cards(game: &Game, plan: &Plan) -> Result<Vec<PrintedImage>, RenderError> {
    game.counters
        .cards
        .par_iter()
        .filter(|card| plan.card_images.contains_key(card.id.as_str()))
        .map(|card| {
            printed_image(
                plan.tx.get(&format!("cards.{}", card.id.as_str())),
                |fonts| draw_card(&card_art(game, plan, card, fonts)?),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_sheets_start_first_and_equal_jobs_keep_their_order() {
        let counter = |name: &str| (name.to_string(), Job::Counter(CounterArt::default()));
        let jobs = vec![
            counter("unit-1.png"),
            counter("unit-2.png"),
            ("map-a.png".to_string(), Job::Map(0)),
            ("map-b.png".to_string(), Job::Map(1)),
            ("track.png".to_string(), Job::Board),
            ("chart-crt.png".to_string(), Job::Chart(0)),
            counter("marker.png"),
        ];
        let names: Vec<&str> = longest_first(&jobs)
            .iter()
            .map(|(name, _)| name.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "map-a.png",
                "map-b.png",
                "track.png",
                "chart-crt.png",
                "unit-1.png",
                "unit-2.png",
                "marker.png"
            ]
        );
    }
}
