//! The PDF writer, in millimetres: pages with rectangles, lines, text and PNG images, over krilla.
//!
//! Every coordinate is in millimetres from the top left corner of the page (y down), as the sheet
//! and tile layouts compute them; one transform per page turns them into PDF points. Text is real
//! PDF text: each run is set in the first bundled font that has its characters (DejaVu Sans for
//! Latin text, IPAex Gothic for Japanese, as the renderers choose), embedded as a subset with its
//! Unicode mapping, so it can be selected and extracted.

use super::PrintError;
use crate::render::text::{
    self, PlacedText, Typeface, DEJAVU_SANS, DEJAVU_SANS_BOLD, IPAEX_GOTHIC,
};
use crate::render::{Color, Pixels, TextStyle};
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::{BitsPerComponent, CustomImage, Image, ImageColorspace};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};
use krilla::Document;

/// PDF points per millimetre (a point is 1/72 inch).
pub const POINTS_PER_MM: f32 = 72.0 / 25.4;

/// Horizontal placement of a text relative to its `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Centre,
    /// The text ends at the point (a number set flush right).
    End,
}

/// The weight a text is set in (Japanese has one weight only: IPAex Gothic has no bold).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// The bundled fonts as PDF fonts, each with its face parsed for shaping.
struct PdfFonts([PdfFont; 3]);

struct PdfFont {
    pdf: Font,
    shaping: rustybuzz::Face<'static>,
}

impl PdfFonts {
    fn load() -> Result<PdfFonts, PrintError> {
        let font = |data: &'static [u8], name: &'static str| {
            let unreadable = || PrintError::Font(name);
            Ok::<_, PrintError>(PdfFont {
                pdf: Font::new(data.to_vec().into(), 0).ok_or_else(unreadable)?,
                shaping: rustybuzz::Face::from_slice(data, 0).ok_or_else(unreadable)?,
            })
        };
        Ok(PdfFonts([
            font(DEJAVU_SANS, "DejaVuSans.ttf")?,
            font(DEJAVU_SANS_BOLD, "DejaVuSans-Bold.ttf")?,
            font(IPAEX_GOTHIC, "ipaexg.ttf")?,
        ]))
    }

    /// The font a run is set in, by its index in [`PdfFonts`].
    fn index(face: RunFont, weight: Weight) -> usize {
        match (face, weight) {
            (RunFont::Latin, Weight::Regular) => 0,
            (RunFont::Latin, Weight::Bold) => 1,
            (RunFont::Japanese, _) => 2,
        }
    }
}

/// Every run of text already shaped, by font and text. A kit sets the same few texts thousands of
/// times (each counter's values, each hex number's digits): krilla's `draw_text` parses the font
/// and builds a shaping plan for every call, which was a quarter of a large kit's time. Shaped
/// once, a run is drawn from its glyphs, the same glyphs `draw_text` would make, so the bytes of
/// the PDF do not change.
#[derive(Default)]
struct ShapedRuns(std::collections::HashMap<(usize, String), std::rc::Rc<[KrillaGlyph]>>);

impl ShapedRuns {
    fn get(&mut self, fonts: &PdfFonts, font: usize, run: &str) -> std::rc::Rc<[KrillaGlyph]> {
        if let Some(glyphs) = self.0.get(&(font, run.to_string())) {
            return glyphs.clone();
        }
        let glyphs: std::rc::Rc<[KrillaGlyph]> = shape(&fonts.0[font].shaping, run).into();
        self.0.insert((font, run.to_string()), glyphs.clone());
        glyphs
    }
}

/// `run` shaped left to right, each glyph's metrics in ems, each glyph covering the text from its
/// cluster to the next glyph's cluster (the last one's to the end of the run), as PDF text wants
/// for its Unicode mapping.
fn shape(face: &rustybuzz::Face<'static>, run: &str) -> Vec<KrillaGlyph> {
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(run);
    buffer.guess_segment_properties();
    buffer.set_direction(rustybuzz::Direction::LeftToRight);
    let shaped = rustybuzz::shape(face, &[], buffer);
    let em = face.units_per_em() as f32;
    let infos = shaped.glyph_infos();
    infos
        .iter()
        .zip(shaped.glyph_positions())
        .enumerate()
        .map(|(i, (info, position))| {
            let start = info.cluster as usize;
            let end = infos[i + 1..]
                .iter()
                .find(|next| next.cluster != info.cluster)
                .map_or(run.len(), |next| next.cluster as usize);
            KrillaGlyph::new(
                GlyphId::new(info.glyph_id),
                position.x_advance as f32 / em,
                position.x_offset as f32 / em,
                position.y_offset as f32 / em,
                position.y_advance as f32 / em,
                start..end,
                None,
            )
        })
        .collect()
}

/// A PDF being written, page by page.
pub struct Writer {
    document: Document,
    fonts: PdfFonts,
    images: ImageCache,
    shaped: ShapedRuns,
    /// Pages written so far.
    pages: usize,
}

/// Every picture already handed to krilla, by the hash of its pixels. krilla compresses an image
/// as soon as it is made (on another thread with its `rayon` feature), however many times the same
/// picture is made: a map sheet shown on a dozen tiles was compressed a dozen times. Made once and
/// cloned (a reference count), each picture is compressed once; the PDF holds each once either way.
#[derive(Default)]
struct ImageCache(std::collections::HashMap<u128, Image>);

impl ImageCache {
    fn get(&mut self, pixels: &Pixels) -> Result<Image, PrintError> {
        use std::collections::hash_map::Entry;
        match self.0.entry(pixels.hash) {
            Entry::Occupied(e) => Ok(e.get().clone()),
            Entry::Vacant(e) => {
                let image = Image::from_custom(PdfPixels(pixels.clone()), true)
                    .map_err(|e| PrintError::Image(e.to_string()))?;
                Ok(e.insert(image).clone())
            }
        }
    }
}

/// [`Pixels`] as krilla takes an image: the channels as they are (krilla deflates them), hashed
/// by the hash they carry instead of all their bytes.
#[derive(Clone)]
struct PdfPixels(Pixels);

impl std::hash::Hash for PdfPixels {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash.hash(state);
    }
}

impl CustomImage for PdfPixels {
    fn color_channel(&self) -> &[u8] {
        &self.0.rgb
    }

    fn alpha_channel(&self) -> Option<&[u8]> {
        self.0.alpha.as_deref().map(Vec::as_slice)
    }

    fn bits_per_component(&self) -> BitsPerComponent {
        BitsPerComponent::Eight
    }

    fn size(&self) -> (u32, u32) {
        (self.0.width, self.0.height)
    }

    fn icc_profile(&self) -> Option<&[u8]> {
        None
    }

    fn color_space(&self) -> ImageColorspace {
        ImageColorspace::Rgb
    }
}

impl Writer {
    /// A PDF titled `title`, its text in the language `lang` (a BCP 47 code, e.g. `ja`).
    pub fn new(title: &str, lang: Option<&str>) -> Result<Writer, PrintError> {
        let mut document = Document::new();
        let mut metadata = Metadata::new().title(title.to_string());
        if let Some(lang) = lang {
            metadata = metadata.language(lang.to_string());
        }
        document.set_metadata(metadata);
        Ok(Writer {
            document,
            fonts: PdfFonts::load()?,
            images: ImageCache::default(),
            shaped: ShapedRuns::default(),
            pages: 0,
        })
    }

    /// Add a page of `width` x `height` mm and draw it with `draw`.
    pub fn page(
        &mut self,
        (width, height): (f32, f32),
        draw: impl FnOnce(&mut Canvas<'_, '_>) -> Result<(), PrintError>,
    ) -> Result<(), PrintError> {
        let settings = PageSettings::from_wh(width * POINTS_PER_MM, height * POINTS_PER_MM).ok_or(
            PrintError::Size {
                what: "page",
                width,
                height,
            },
        )?;
        let mut page = self.document.start_page_with(settings);
        let mut surface = page.surface();
        surface.push_transform(&Transform::from_scale(POINTS_PER_MM, POINTS_PER_MM));
        let result = draw(&mut Canvas {
            surface: &mut surface,
            fonts: &self.fonts,
            images: &mut self.images,
            shaped: &mut self.shaped,
        });
        surface.pop();
        surface.finish();
        page.finish();
        self.pages += 1;
        result
    }

    /// How many pages the PDF has so far.
    pub fn pages(&self) -> usize {
        self.pages
    }

    /// The finished PDF. krilla writes no creation date unless given one, so the bytes depend on
    /// the pages alone.
    pub fn finish(self) -> Result<Vec<u8>, PrintError> {
        self.document
            .finish()
            .map_err(|e| PrintError::Pdf(format!("{e:?}")))
    }
}

/// One page being drawn, in millimetres.
pub struct Canvas<'s, 'p> {
    surface: &'s mut Surface<'p>,
    fonts: &'s PdfFonts,
    images: &'s mut ImageCache,
    shaped: &'s mut ShapedRuns,
}

fn paint(color: Color) -> (krilla::paint::Paint, NormalizedF32) {
    (
        rgb::Color::new(color.r, color.g, color.b).into(),
        NormalizedF32::new(f32::from(color.a) / 255.0).unwrap_or(NormalizedF32::ONE),
    )
}

fn rect_path(x: f32, y: f32, w: f32, h: f32) -> Option<krilla::geom::Path> {
    let mut pb = PathBuilder::new();
    pb.push_rect(Rect::from_xywh(x, y, w, h)?);
    pb.finish()
}

impl Canvas<'_, '_> {
    fn set_fill(&mut self, color: Color) {
        let (paint, opacity) = paint(color);
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill {
            paint,
            opacity,
            rule: FillRule::NonZero,
        }));
    }

    fn set_stroke(&mut self, color: Color, width: f32, dash: Option<f32>) {
        let (paint, opacity) = paint(color);
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            paint,
            width,
            opacity,
            dash: dash.map(|d| StrokeDash {
                array: vec![d, d],
                offset: 0.0,
            }),
            ..Stroke::default()
        }));
    }

    pub fn fill_rect(&mut self, (x, y, w, h): (f32, f32, f32, f32), color: Color) {
        if let Some(path) = rect_path(x, y, w, h) {
            self.set_fill(color);
            self.surface.draw_path(&path);
        }
    }

    pub fn stroke_rect(&mut self, (x, y, w, h): (f32, f32, f32, f32), color: Color, width: f32) {
        if let Some(path) = rect_path(x, y, w, h) {
            self.set_stroke(color, width, None);
            self.surface.draw_path(&path);
        }
    }

    /// Polygons stroked as one path (a hex grid: one drawing operation, not one per hex).
    pub fn stroke_polygons(&mut self, polygons: &[Vec<(f32, f32)>], color: Color, width: f32) {
        let mut pb = PathBuilder::new();
        for polygon in polygons {
            for (i, &(x, y)) in polygon.iter().enumerate() {
                if i == 0 {
                    pb.move_to(x, y);
                } else {
                    pb.line_to(x, y);
                }
            }
            pb.close();
        }
        if let Some(path) = pb.finish() {
            self.set_stroke(color, width, None);
            self.surface.draw_path(&path);
        }
    }

    /// A polyline through `points` (closed into a polygon when `closed`), dashed when `dash` gives
    /// the length of the dashes and gaps.
    pub fn stroke_polyline(
        &mut self,
        points: &[(f32, f32)],
        closed: bool,
        color: Color,
        width: f32,
        dash: Option<f32>,
    ) {
        let mut pb = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        if closed {
            pb.close();
        }
        if let Some(path) = pb.finish() {
            self.set_stroke(color, width, dash);
            self.surface.draw_path(&path);
        }
    }

    /// A picture drawn into the rectangle `(x, y, w, h)`, its pixels embedded as they are.
    pub fn image(
        &mut self,
        pixels: &Pixels,
        (x, y, w, h): (f32, f32, f32, f32),
    ) -> Result<(), PrintError> {
        let image = self.images.get(pixels)?;
        let size = Size::from_wh(w, h).ok_or(PrintError::Size {
            what: "image",
            width: w,
            height: h,
        })?;
        self.surface
            .push_transform(&Transform::from_translate(x, y));
        self.surface.draw_image(image, size);
        self.surface.pop();
        Ok(())
    }

    /// Draw `draw` clipped to the rectangle `(x, y, w, h)`, its origin moved to `(dx, dy)`.
    pub fn clipped(
        &mut self,
        (x, y, w, h): (f32, f32, f32, f32),
        (dx, dy): (f32, f32),
        draw: impl FnOnce(&mut Canvas<'_, '_>) -> Result<(), PrintError>,
    ) -> Result<(), PrintError> {
        let clip = rect_path(x, y, w, h).ok_or(PrintError::Size {
            what: "clip rectangle",
            width: w,
            height: h,
        })?;
        self.surface.push_clip_path(&clip, &FillRule::NonZero);
        self.surface
            .push_transform(&Transform::from_translate(dx, dy));
        let result = draw(self);
        self.surface.pop();
        self.surface.pop();
        result
    }

    /// One line of text, `size` mm high (em), with its baseline at `baseline`.
    pub fn text(
        &mut self,
        line: &str,
        (x, baseline): (f32, f32),
        size: f32,
        color: Color,
        (weight, anchor): (Weight, Anchor),
    ) {
        let start = match anchor {
            Anchor::Start => x,
            Anchor::Centre => x - text_width(line, size, weight) / 2.0,
            Anchor::End => x - text_width(line, size, weight),
        };
        self.set_fill(color);
        self.runs(line, (start, baseline), size, weight);
    }

    /// A text a renderer kept out of its image ([`PlacedText`], in the image's pixels), set over
    /// the image drawn at `origin` with `scale` mm per pixel (its halo, if it has one, is in the
    /// image).
    pub fn captured_text(&mut self, placed: &PlacedText, (origin, scale): ((f32, f32), f32)) {
        let weight = if placed.bold {
            Weight::Bold
        } else {
            Weight::Regular
        };
        let at = (
            origin.0 + placed.x * scale,
            origin.1 + placed.baseline * scale,
        );
        self.set_fill(placed.color);
        self.runs(&placed.text, at, placed.size * scale, weight);
    }

    /// `line` from `start` in the current paint, run by run in the fonts that have its characters.
    fn runs(&mut self, line: &str, (x, baseline): (f32, f32), size: f32, weight: Weight) {
        let mut pen = x;
        for (run, face) in font_runs(line, weight) {
            let font = PdfFonts::index(face, weight);
            let glyphs = self.shaped.get(self.fonts, font, &run);
            self.surface.draw_glyphs(
                Point::from_xy(pen, baseline),
                &glyphs,
                self.fonts.0[font].pdf.clone(),
                &run,
                size,
                false,
            );
            pen += run_width(&run, face, weight, size);
        }
    }
}

/// Which bundled font a run of text is set in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RunFont {
    Latin,
    Japanese,
}

/// `line` cut into runs of one font: DejaVu where it has the character, IPAex Gothic elsewhere (the
/// renderers' [`crate::render::Fonts::japanese`] order). Control characters are dropped.
fn font_runs(line: &str, weight: Weight) -> Vec<(String, RunFont)> {
    let latin = latin_typeface(weight);
    let mut runs: Vec<(String, RunFont)> = Vec::new();
    for c in line.chars().filter(|c| !c.is_control()) {
        let face = if latin.has_glyph(c) || c == ' ' {
            RunFont::Latin
        } else {
            RunFont::Japanese
        };
        match runs.last_mut() {
            Some((run, f)) if *f == face => run.push(c),
            _ => runs.push((c.to_string(), face)),
        }
    }
    runs
}

fn latin_typeface(weight: Weight) -> Typeface {
    match weight {
        Weight::Regular => Typeface::dejavu_sans(),
        Weight::Bold => Typeface::dejavu_sans_bold(),
    }
}

/// The advance of a run at `size` mm, measured from the same font as the renderers measure it.
fn run_width(run: &str, face: RunFont, weight: Weight, size: f32) -> f32 {
    let typeface = match face {
        RunFont::Latin => latin_typeface(weight),
        RunFont::Japanese => Typeface::ipaex_gothic(),
    };
    text::text_width(run, &TextStyle::new(typeface, size, Color::BLACK))
}

/// The advance of `line` at `size` mm, as [`Canvas::text`] sets it.
pub fn text_width(line: &str, size: f32, weight: Weight) -> f32 {
    font_runs(line, weight)
        .iter()
        .map(|(run, face)| run_width(run, *face, weight, size))
        .sum()
}
