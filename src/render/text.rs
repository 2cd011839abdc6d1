//! Text as filled glyph outlines: fonts, measurement, drawing, shrinking to fit and wrapping.
//!
//! Glyphs come from bundled TrueType fonts through `ab_glyph`; each outline (lines, quadratic and cubic
//! curves in font units, y up) becomes part of one tiny-skia path, placed with the font's advances and
//! kerning. Nothing depends on system fonts, so the output is the same everywhere.
//!
//! A [`Typeface`] is a list of fonts tried in order for every character, so a font with other scripts
//! (e.g. Japanese) can be added as a fallback with [`Typeface::with_fallback`] or [`Fonts::with_fallback`].
//! A character that no font has is drawn as the first font's "missing glyph" box; control characters are
//! skipped. Text is a single line; use [`wrap`] to break long text into lines.

use super::canvas::{fill, stroke_with, Color, RenderError};
use ab_glyph::{Font as _, FontArc, GlyphId, Outline, OutlineCurve};
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{Path, PathBuilder, Pixmap};

pub(crate) static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
pub(crate) static DEJAVU_SANS_BOLD: &[u8] =
    include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
/// IPAex Gothic, unmodified, under the IPA Font License v1.0 (`assets/fonts/IPA_Font_License.txt`).
pub(crate) static IPAEX_GOTHIC: &[u8] = include_bytes!("../../assets/fonts/ipaexg.ttf");

/// The smallest em size, in image pixels, of any text a module image carries: 9 px.
///
/// VASSAL shows an image at 100% zoom one image pixel to one screen pixel, so this is the size a
/// player meets. At 9 px DejaVu Sans has a cap height of 6.6 px and an x-height of 4.9 px, and an
/// IPAex Gothic ideograph is 8 px tall: the size of the smallest UI text of desktop toolkits
/// (about 7 pt at 96 dpi) and of the smallest print on a published counter sheet (6 pt, 2 mm
/// capitals, scanned at the 150 dpi our counters are drawn at). Below it digits blur together
/// (6 with 8, 3 with 9) and kana lose their strokes. A text that cannot fit at this size is wrapped,
/// given more room, or refused by the checker (a counter label too long: V0850).
pub const LEGIBLE_SIZE: f32 = 9.0;

/// `size`, or the legible floor if it is smaller.
pub fn legible(size: f32) -> f32 {
    size.max(LEGIBLE_SIZE)
}

/// One or more fonts, tried in order for each character. Cheap to clone.
#[derive(Clone)]
pub struct Typeface {
    faces: Arc<Vec<Face>>,
}

/// A font and the outlines of its glyphs, each parsed from the font data the first time it is
/// drawn. A build draws the same few dozen glyphs tens of thousands of times (every hex number,
/// every counter value); the parsed outline is the same every time, so the paths are too.
#[derive(Clone)]
struct Face {
    font: FontArc,
    outlines: Arc<Vec<OnceLock<Option<Outline>>>>,
}

impl Face {
    fn new(font: FontArc) -> Face {
        let outlines = (0..font.glyph_count()).map(|_| OnceLock::new()).collect();
        Face {
            font,
            outlines: Arc::new(outlines),
        }
    }

    /// The glyph's outline in font units; glyph ids beyond the font's count are parsed each time.
    fn outline(&self, id: GlyphId) -> Option<std::borrow::Cow<'_, Outline>> {
        match self.outlines.get(usize::from(id.0)) {
            Some(slot) => slot
                .get_or_init(|| self.font.outline(id))
                .as_ref()
                .map(std::borrow::Cow::Borrowed),
            None => self.font.outline(id).map(std::borrow::Cow::Owned),
        }
    }
}

impl std::ops::Deref for Face {
    type Target = FontArc;
    fn deref(&self) -> &FontArc {
        &self.font
    }
}

impl fmt::Debug for Typeface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Typeface({} font(s))", self.faces.len())
    }
}

impl Typeface {
    /// A typeface from TrueType/OpenType font data (e.g. read from a file at run time).
    pub fn from_bytes(data: Vec<u8>) -> Result<Typeface, RenderError> {
        let font = FontArc::try_from_vec(data).map_err(|e| RenderError::BadFont(e.to_string()))?;
        Ok(Typeface {
            faces: Arc::new(vec![Face::new(font)]),
        })
    }

    /// A typeface from font data compiled into the program (`include_bytes!`).
    pub fn from_static(data: &'static [u8]) -> Result<Typeface, RenderError> {
        let font =
            FontArc::try_from_slice(data).map_err(|e| RenderError::BadFont(e.to_string()))?;
        Ok(Typeface {
            faces: Arc::new(vec![Face::new(font)]),
        })
    }

    /// Bundled DejaVu Sans.
    pub fn dejavu_sans() -> Typeface {
        static FACE: OnceLock<Typeface> = OnceLock::new();
        FACE.get_or_init(|| {
            Typeface::from_static(DEJAVU_SANS).unwrap_or_else(|_| Typeface::empty())
        })
        .clone()
    }

    /// Bundled DejaVu Sans Bold.
    pub fn dejavu_sans_bold() -> Typeface {
        static FACE: OnceLock<Typeface> = OnceLock::new();
        FACE.get_or_init(|| {
            Typeface::from_static(DEJAVU_SANS_BOLD).unwrap_or_else(|_| Typeface::empty())
        })
        .clone()
    }

    /// Bundled IPAex Gothic (Japanese: kana, JIS X 0213 kanji; no bold weight).
    pub fn ipaex_gothic() -> Typeface {
        static FACE: OnceLock<Typeface> = OnceLock::new();
        FACE.get_or_init(|| {
            Typeface::from_static(IPAEX_GOTHIC).unwrap_or_else(|_| Typeface::empty())
        })
        .clone()
    }

    /// A typeface with no fonts: every text measures zero and draws nothing.
    pub fn empty() -> Typeface {
        Typeface {
            faces: Arc::new(Vec::new()),
        }
    }

    /// This typeface, then `other`'s fonts for characters this one lacks.
    pub fn with_fallback(&self, other: &Typeface) -> Typeface {
        let mut faces: Vec<Face> = self.faces.as_ref().clone();
        faces.extend(other.faces.iter().cloned());
        Typeface {
            faces: Arc::new(faces),
        }
    }

    /// Whether some font of the typeface has a glyph for `c`.
    pub fn has_glyph(&self, c: char) -> bool {
        self.faces.iter().any(|f| f.glyph_id(c).0 != 0)
    }

    /// The font and glyph to draw `c` with: the first font that has it, else the first font's
    /// missing-glyph box.
    fn resolve(&self, c: char) -> Option<(usize, GlyphId)> {
        for (i, face) in self.faces.iter().enumerate() {
            let id = face.glyph_id(c);
            if id.0 != 0 {
                return Some((i, id));
            }
        }
        if self.faces.is_empty() {
            None
        } else {
            Some((0, GlyphId(0)))
        }
    }

    fn scale(&self, face: usize, size: f32) -> f32 {
        let upem = self
            .faces
            .get(face)
            .and_then(|f| f.units_per_em())
            .filter(|u| *u > 0.0)
            .unwrap_or(1000.0);
        size / upem
    }
}

/// The regular and bold typefaces a renderer draws with.
#[derive(Debug, Clone)]
pub struct Fonts {
    pub regular: Typeface,
    pub bold: Typeface,
    /// Where texts go instead of the image (none: they are drawn).
    pub capture: TextCapture,
}

impl Default for Fonts {
    /// Bundled DejaVu Sans and DejaVu Sans Bold.
    fn default() -> Fonts {
        Fonts {
            regular: Typeface::dejavu_sans(),
            bold: Typeface::dejavu_sans_bold(),
            capture: TextCapture::default(),
        }
    }
}

/// One line of text a renderer would have drawn: where it starts (after alignment), its baseline,
/// its size and colour, in the image's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedText {
    pub text: String,
    pub x: f32,
    pub baseline: f32,
    pub size: f32,
    pub color: Color,
    pub bold: bool,
}

/// Texts kept out of an image and handed to the caller, who sets them as text of its own (the
/// print-and-play PDF sets them as PDF text over the image). The default captures nothing.
#[derive(Clone, Default)]
pub struct TextCapture(Option<Arc<Mutex<Vec<PlacedText>>>>);

impl fmt::Debug for TextCapture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Nothing a cached image depends on: images drawn with a capture are never cached.
        f.write_str(if self.0.is_some() { "capture" } else { "-" })
    }
}

impl TextCapture {
    /// A capture that keeps every text drawn with it.
    pub fn new() -> TextCapture {
        TextCapture(Some(Arc::new(Mutex::new(Vec::new()))))
    }

    /// The texts kept so far, in drawing order.
    pub fn texts(&self) -> Vec<PlacedText> {
        self.0
            .as_ref()
            .and_then(|texts| texts.lock().ok().map(|t| t.clone()))
            .unwrap_or_default()
    }

    /// Keep `text` instead of drawing it; false when this capture keeps nothing.
    fn keep(&self, text: PlacedText) -> bool {
        match &self.0 {
            Some(texts) => {
                if let Ok(mut t) = texts.lock() {
                    t.push(text);
                }
                true
            }
            None => false,
        }
    }
}

impl Fonts {
    /// DejaVu Sans (regular and bold) with IPAex Gothic as the fallback of both, for Japanese text:
    /// Latin letters and digits stay DejaVu, kana and kanji come from IPAex (which has no bold, so
    /// bold Japanese is drawn in the regular weight).
    pub fn japanese() -> Fonts {
        let ipaex = Typeface::ipaex_gothic();
        Fonts::default().with_fallback(&ipaex, &ipaex)
    }

    /// These fonts, falling back to `regular` / `bold` for characters they lack (e.g. a Japanese font).
    pub fn with_fallback(&self, regular: &Typeface, bold: &Typeface) -> Fonts {
        Fonts {
            regular: self.regular.with_fallback(regular),
            bold: self.bold.with_fallback(bold),
            capture: self.capture.clone(),
        }
    }

    /// These fonts, keeping every text drawn with them in `capture` instead of the image.
    pub fn capturing(&self, capture: &TextCapture) -> Fonts {
        Fonts {
            capture: capture.clone(),
            ..self.clone()
        }
    }

    pub fn regular(&self, size: f32, color: Color) -> TextStyle {
        TextStyle {
            capture: self.capture.clone(),
            ..TextStyle::new(self.regular.clone(), size, color)
        }
    }

    pub fn bold(&self, size: f32, color: Color) -> TextStyle {
        TextStyle {
            bold: true,
            capture: self.capture.clone(),
            ..TextStyle::new(self.bold.clone(), size, color)
        }
    }
}

/// How to draw a run of text.
#[derive(Debug, Clone)]
pub struct TextStyle {
    pub typeface: Typeface,
    /// Em size in pixels (as CSS `font-size`).
    pub size: f32,
    pub color: Color,
    /// Set in the bold typeface of its [`Fonts`].
    pub bold: bool,
    /// Where the text goes instead of the image, if anywhere.
    pub capture: TextCapture,
}

impl TextStyle {
    pub fn new(typeface: Typeface, size: f32, color: Color) -> TextStyle {
        TextStyle {
            typeface,
            size,
            color,
            bold: false,
            capture: TextCapture::default(),
        }
    }

    /// Keep the text in the style's capture instead of drawing it; false when it has none.
    fn captured(&self, text: &str, (x, baseline, align): (f32, f32, Align)) -> bool {
        if self.capture.0.is_none() || text.trim().is_empty() {
            return self.capture.0.is_some();
        }
        let Some(size) = self.usable_size() else {
            return true;
        };
        self.capture.keep(PlacedText {
            text: text.to_string(),
            x: start_x(x, text_width(text, self), align),
            baseline,
            size,
            color: self.color,
            bold: self.bold,
        })
    }

    pub fn with_size(&self, size: f32) -> TextStyle {
        TextStyle {
            size,
            ..self.clone()
        }
    }

    pub fn with_color(&self, color: Color) -> TextStyle {
        TextStyle {
            color,
            ..self.clone()
        }
    }

    fn usable_size(&self) -> Option<f32> {
        (self.size.is_finite() && self.size > 0.0).then_some(self.size)
    }
}

/// Horizontal alignment relative to the `x` given when drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// Size of a line of text, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextMetrics {
    /// Advance width of the whole line.
    pub width: f32,
    /// Font ascent above the baseline (positive).
    pub ascent: f32,
    /// Font descent below the baseline (positive).
    pub descent: f32,
    /// Height of a capital letter (the first font's `H`), for centring text vertically.
    pub cap_height: f32,
}

impl TextMetrics {
    pub fn line_height(&self) -> f32 {
        self.ascent + self.descent
    }
}

struct Placed {
    face: usize,
    id: GlyphId,
    x: f32,
}

fn layout(text: &str, style: &TextStyle) -> (Vec<Placed>, f32) {
    let Some(size) = style.usable_size() else {
        return (Vec::new(), 0.0);
    };
    let tf = &style.typeface;
    let mut out = Vec::new();
    let mut pen = 0.0f32;
    let mut prev: Option<(usize, GlyphId)> = None;
    for c in text.chars() {
        if c.is_control() {
            continue;
        }
        let Some((face, id)) = tf.resolve(c) else {
            continue;
        };
        let Some(font) = tf.faces.get(face) else {
            continue;
        };
        let scale = tf.scale(face, size);
        if let Some((pf, pid)) = prev {
            if pf == face {
                pen += font.kern_unscaled(pid, id) * scale;
            }
        }
        out.push(Placed { face, id, x: pen });
        pen += font.h_advance_unscaled(id) * scale;
        prev = Some((face, id));
    }
    (out, pen)
}

/// Measure one line of text.
pub fn measure(text: &str, style: &TextStyle) -> TextMetrics {
    let (_, width) = layout(text, style);
    let size = style.usable_size().unwrap_or(0.0);
    let tf = &style.typeface;
    let (ascent, descent, cap_height) = match tf.faces.first() {
        Some(font) => {
            let scale = tf.scale(0, size);
            let cap = font
                .outline(font.glyph_id('H'))
                .map(|o| o.bounds.min.y.max(o.bounds.max.y))
                .unwrap_or(font.ascent_unscaled() * 0.7);
            (
                font.ascent_unscaled() * scale,
                -font.descent_unscaled() * scale,
                cap * scale,
            )
        }
        None => (0.0, 0.0, 0.0),
    };
    TextMetrics {
        width,
        ascent,
        descent,
        cap_height,
    }
}

/// How far the glyphs of `text` reach above and below the baseline: their outlines' bounds, not
/// the font's ascent and descent, so that two texts set close (a unit's id over its size symbol)
/// are kept apart by what is drawn, a descender such as p's included.
pub fn ink_extent(text: &str, style: &TextStyle) -> (f32, f32) {
    let Some(size) = style.usable_size() else {
        return (0.0, 0.0);
    };
    let tf = &style.typeface;
    let (glyphs, _) = layout(text, style);
    glyphs
        .iter()
        .filter_map(|g| {
            // From the curves' points: the outline's own `bounds` are not filled for every font.
            let outline = tf.faces.get(g.face)?.outline(g.id)?;
            let scale = tf.scale(g.face, size);
            let ys = outline.curves.iter().flat_map(curve_points).map(|p| p.y);
            let (low, high) = ys.fold((0.0f32, 0.0f32), |(lo, hi), y| (lo.min(y), hi.max(y)));
            Some((high * scale, -low * scale))
        })
        .fold((0.0f32, 0.0f32), |(up, down), (a, b)| {
            (up.max(a), down.max(b))
        })
}

/// The points that define a curve (its ends and control points): the curve lies within their hull.
fn curve_points(curve: &OutlineCurve) -> Vec<ab_glyph::Point> {
    match curve {
        OutlineCurve::Line(a, b) => vec![*a, *b],
        OutlineCurve::Quad(a, b, c) => vec![*a, *b, *c],
        OutlineCurve::Cubic(a, b, c, d) => vec![*a, *b, *c, *d],
    }
}

/// Advance width of one line of text.
pub fn text_width(text: &str, style: &TextStyle) -> f32 {
    layout(text, style).1
}

fn start_x(x: f32, width: f32, align: Align) -> f32 {
    match align {
        Align::Left => x,
        Align::Centre => x - width / 2.0,
        Align::Right => x - width,
    }
}

/// The outline of one line of text as a path, with its baseline at `baseline`; `None` when nothing
/// would be drawn (empty or blank text, no fonts).
pub fn text_path(
    text: &str,
    style: &TextStyle,
    x: f32,
    baseline: f32,
    align: Align,
) -> Option<Path> {
    glyphs_path(text, style, (x, baseline, align), |_| true)
}

/// The outline of the glyphs of one line that come from a fallback font (a Japanese font behind a
/// Latin one), `None` when there are none.
fn fallback_path(
    text: &str,
    style: &TextStyle,
    x: f32,
    baseline: f32,
    align: Align,
) -> Option<Path> {
    glyphs_path(text, style, (x, baseline, align), |face| face > 0)
}

/// A bold text's glyphs from a fallback font that has no bold (IPAex Gothic) are emboldened by an
/// outline stroke of this share of the size, so a mixed Japanese and Latin run has one weight: about
/// the stem difference between DejaVu Sans and DejaVu Sans Bold.
const SYNTHETIC_BOLD: f32 = 0.045;

/// Embolden the fallback glyphs of a bold text (see [`SYNTHETIC_BOLD`]).
fn embolden_fallback(pixmap: &mut Pixmap, text: &str, style: &TextStyle, at: (f32, f32, Align)) {
    if !style.bold {
        return;
    }
    if let Some(path) = fallback_path(text, style, at.0, at.1, at.2) {
        stroke_with(
            pixmap,
            &path,
            style.color,
            &super::canvas::round_stroke(style.size * SYNTHETIC_BOLD),
        );
    }
}

fn glyphs_path(
    text: &str,
    style: &TextStyle,
    (x, baseline, align): (f32, f32, Align),
    keep: impl Fn(usize) -> bool,
) -> Option<Path> {
    let size = style.usable_size()?;
    let (glyphs, width) = layout(text, style);
    let x0 = start_x(x, width, align);
    let tf = &style.typeface;
    let mut pb = PathBuilder::new();
    for g in glyphs.iter().filter(|g| keep(g.face)) {
        let Some(font) = tf.faces.get(g.face) else {
            continue;
        };
        let Some(outline) = font.outline(g.id) else {
            continue;
        };
        let scale = tf.scale(g.face, size);
        let ox = x0 + g.x;
        let tx = |p: ab_glyph::Point| (ox + p.x * scale, baseline - p.y * scale);
        let mut current: Option<(f32, f32)> = None;
        for curve in &outline.curves {
            let (start, end) = match curve {
                OutlineCurve::Line(a, b) => (*a, *b),
                OutlineCurve::Quad(a, _, b) => (*a, *b),
                OutlineCurve::Cubic(a, _, _, b) => (*a, *b),
            };
            let s = tx(start);
            if current != Some(s) {
                if current.is_some() {
                    pb.close();
                }
                pb.move_to(s.0, s.1);
            }
            match curve {
                OutlineCurve::Line(_, b) => {
                    let b = tx(*b);
                    pb.line_to(b.0, b.1);
                }
                OutlineCurve::Quad(_, c, b) => {
                    let (c, b) = (tx(*c), tx(*b));
                    pb.quad_to(c.0, c.1, b.0, b.1);
                }
                OutlineCurve::Cubic(_, c1, c2, b) => {
                    let (c1, c2, b) = (tx(*c1), tx(*c2), tx(*b));
                    pb.cubic_to(c1.0, c1.1, c2.0, c2.1, b.0, b.1);
                }
            }
            current = Some(tx(end));
        }
        if current.is_some() {
            pb.close();
        }
    }
    pb.finish()
}

/// Draw one line of text with its baseline at `baseline`. Returns the advance width.
pub fn draw_text(
    pixmap: &mut Pixmap,
    text: &str,
    style: &TextStyle,
    x: f32,
    baseline: f32,
    align: Align,
) -> f32 {
    if style.captured(text, (x, baseline, align)) {
        return text_width(text, style);
    }
    if let Some(path) = text_path(text, style, x, baseline, align) {
        fill(pixmap, &path, style.color);
    }
    embolden_fallback(pixmap, text, style, (x, baseline, align));
    text_width(text, style)
}

/// Draw text over a halo (an outline of `halo_width` px in colour `halo`), readable on any ground.
pub fn draw_text_halo(
    pixmap: &mut Pixmap,
    text: &str,
    style: &TextStyle,
    x: f32,
    baseline: f32,
    align: Align,
    (halo, halo_width): (Color, f32),
) -> f32 {
    let path = text_path(text, style, x, baseline, align);
    // The halo stays in the image when the text is captured: it is part of the picture, as the
    // ground under a text is, and a printed kit sets only the text over it. (As PDF glyph
    // outlines, the halos of a large map's hex numbers were nine tenths of its kit's page content.)
    if let Some(path) = &path {
        stroke_with(
            pixmap,
            path,
            halo,
            &super::canvas::round_stroke(halo_width * 2.0),
        );
    }
    if style.captured(text, (x, baseline, align)) {
        return text_width(text, style);
    }
    if let Some(path) = &path {
        fill(pixmap, path, style.color);
    }
    embolden_fallback(pixmap, text, style, (x, baseline, align));
    text_width(text, style)
}

/// The baseline that centres capital letters vertically on `centre_y`.
pub fn centred_baseline(style: &TextStyle, centre_y: f32) -> f32 {
    centre_y + measure("", style).cap_height / 2.0
}

/// Draw text centred (capital letters) on `(cx, cy)`.
pub fn draw_text_centred(pixmap: &mut Pixmap, text: &str, style: &TextStyle, cx: f32, cy: f32) {
    let baseline = centred_baseline(style, cy);
    draw_text(pixmap, text, style, cx, baseline, Align::Centre);
}

/// The largest size not above `style.size` (and not below `min_size`) at which `text` fits in
/// `max_width`.
pub fn fit_size(text: &str, style: &TextStyle, max_width: f32, min_size: f32) -> f32 {
    fit(text, style, max_width, min_size).0
}

/// [`fit_size`], and whether the text fits at that size (false: even `min_size` is too wide), from
/// one measurement.
pub fn fit(text: &str, style: &TextStyle, max_width: f32, min_size: f32) -> (f32, bool) {
    let Some(size) = style.usable_size() else {
        return (style.size, true);
    };
    let width = text_width(text, style);
    if width <= max_width || width <= 0.0 {
        return (size, true);
    }
    // Advances scale linearly with the size (kerning too), so one division is exact.
    let fitted = (size * (max_width / width).max(0.0)).clamp(min_size.min(size), size);
    (fitted, width * fitted / size <= max_width * 1.0001)
}

/// `style` shrunk so that `text` fits in `max_width` (never below `min_size`).
pub fn fitted(text: &str, style: &TextStyle, max_width: f32, min_size: f32) -> TextStyle {
    style.with_size(fit_size(text, style, max_width, min_size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::testutil::*;

    fn style(size: f32) -> TextStyle {
        Fonts::default().regular(size, Color::BLACK)
    }

    #[test]
    fn a_text_shrunk_to_exactly_the_width_fits() {
        let st = style(20.0);
        let width = text_width("Game Turn", &st);
        // Shrunk to exactly the width: it fits, though the product of the sizes is inexact.
        for share in [0.8, 0.61, 0.37] {
            let (size, fits) = fit("Game Turn", &st, width * share, 1.0);
            assert!(fits, "{share}");
            assert!((size - 20.0 * share).abs() < 1e-3, "{size}");
        }
        // Too wide even at the smallest size.
        assert_eq!(fit("Game Turn", &st, width * 0.3, 10.0), (10.0, false));
        assert_eq!(fit("Game Turn", &st, width * 2.0, 10.0), (20.0, true));
    }

    #[test]
    fn bundled_fonts_load() {
        assert!(Typeface::dejavu_sans().has_glyph('A'));
        assert!(Typeface::dejavu_sans_bold().has_glyph('Ж'));
        assert!(Typeface::from_bytes(vec![1, 2, 3]).is_err());
    }

    #[test]
    fn widths_scale_with_size_and_kerning_applies() {
        let w10 = text_width("Moscow", &style(10.0));
        let w20 = text_width("Moscow", &style(20.0));
        assert!(w10 > 20.0 && w10 < 60.0, "{w10}");
        assert!((w20 - 2.0 * w10).abs() < 0.01);
        assert_eq!(text_width("", &style(10.0)), 0.0);
        let m = measure("Hg", &style(20.0));
        assert!(m.cap_height > 12.0 && m.cap_height < 16.0, "{m:?}");
        assert!(m.ascent > m.cap_height && m.descent > 0.0);
    }

    #[test]
    fn fitting_shrinks_to_the_width() {
        let s = style(20.0);
        let size = fit_size("1st Shock Army", &s, 50.0, 4.0);
        assert!(size < 20.0);
        assert!(text_width("1st Shock Army", &s.with_size(size)) <= 50.01);
        assert_eq!(fit_size("X", &s, 50.0, 4.0), 20.0);
        assert_eq!(fit_size("1st Shock Army", &s, 1.0, 6.0), 6.0);
    }

    #[test]
    fn missing_glyphs_and_odd_input_do_not_panic() {
        let mut p = Pixmap::new(100, 30).unwrap();
        for text in ["モスクワ", "\u{10FFFF}\u{0}\t\n", "🙂 Москва", "", "   "] {
            draw_text(&mut p, text, &style(14.0), 2.0, 20.0, Align::Left);
        }
        // Missing glyphs are drawn as boxes, so the line has width.
        assert!(text_width("モスクワ", &style(14.0)) > 10.0);
        for size in [0.0, -3.0, f32::NAN, f32::INFINITY] {
            draw_text(&mut p, "X", &style(size), 2.0, 20.0, Align::Left);
            assert_eq!(
                fit_size("X", &style(size), 1.0, 1.0).is_nan(),
                size.is_nan()
            );
        }
        let empty = TextStyle::new(Typeface::empty(), 12.0, Color::BLACK);
        assert_eq!(text_width("abc", &empty), 0.0);
        assert!(text_path("abc", &empty, 0.0, 0.0, Align::Left).is_none());
    }

    #[test]
    fn fallback_fonts_are_used_for_missing_characters() {
        // DejaVu Bold as a "fallback" of an empty typeface stands in for a Japanese font.
        let tf = Typeface::empty().with_fallback(&Typeface::dejavu_sans_bold());
        assert!(tf.has_glyph('A'));
        let fonts = Fonts::default().with_fallback(&Typeface::empty(), &Typeface::empty());
        assert!(fonts.regular.has_glyph('A'));
    }

    #[test]
    fn ipaex_gothic_parses_and_covers_japanese() {
        let ipaex = Typeface::ipaex_gothic();
        assert_eq!(ipaex.faces.len(), 1, "ab_glyph failed to parse ipaexg.ttf");
        for c in "装甲歩兵泥濘戦闘結果表地形効果補充ゴシックカタカナ".chars()
        {
            assert!(ipaex.has_glyph(c), "{c}");
        }
        let fonts = Fonts::japanese();
        for tf in [&fonts.regular, &fonts.bold] {
            assert_eq!(tf.faces.len(), 2);
            assert!(tf.has_glyph('装') && tf.has_glyph('A'));
            // Latin stays DejaVu, Japanese falls back to IPAex.
            assert_eq!(tf.resolve('A').map(|(face, _)| face), Some(0));
            assert_eq!(tf.resolve('装').map(|(face, _)| face), Some(1));
        }
    }

    #[test]
    fn japanese_text_renders_glyphs_deterministically() {
        let text = "装甲 歩兵 泥濘 戦闘結果表";
        let render = |bold: bool| {
            let fonts = Fonts::japanese();
            let style = if bold {
                fonts.bold(20.0, Color::BLACK)
            } else {
                fonts.regular(20.0, Color::BLACK)
            };
            let mut p = Pixmap::new(260, 40).unwrap();
            p.fill(tiny_skia::Color::WHITE);
            let w = draw_text(&mut p, text, &style, 130.0, 28.0, Align::Centre);
            (p, w)
        };
        for bold in [false, true] {
            let (p, w) = render(bold);
            // 11 full-width characters at 20 px, 3 spaces: about 220 + 3 × 6 px.
            assert!(w > 200.0 && w < 250.0, "{w}");
            assert!(has_dark(&p, 10, 5, 250, 35, 100));
            // Real glyphs, not missing-glyph boxes: each ideograph is drawn from the fallback.
            let fonts = Fonts::japanese();
            assert!(text.chars().all(|c| c == ' ' || fonts.regular.has_glyph(c)));
            let (again, w2) = render(bold);
            assert_eq!(w, w2);
            assert_eq!(p.data(), again.data(), "rendering is not deterministic");
        }
        // Each character occupies its own cell: the first (装) and the last (表) are both inked.
        let (p, _) = render(false);
        assert!(has_dark(&p, 10, 5, 40, 35, 100));
        assert!(has_dark(&p, 220, 5, 250, 35, 100));
        // DejaVu alone draws missing-glyph boxes instead: a different image.
        let mut boxes = Pixmap::new(260, 40).unwrap();
        boxes.fill(tiny_skia::Color::WHITE);
        draw_text(&mut boxes, text, &style(20.0), 130.0, 28.0, Align::Centre);
        assert_ne!(p.data(), boxes.data());
    }

    /// A bold mixed run has one weight: its Japanese glyphs (from IPAex, which has no bold) are
    /// emboldened as its Latin ones are, so they carry more ink than the same glyphs in regular.
    #[test]
    fn a_bold_mixed_run_has_one_weight() {
        let fonts = Fonts::japanese();
        let ink = |style: &TextStyle| {
            let mut p = Pixmap::new(200, 40).unwrap();
            p.fill(tiny_skia::Color::WHITE);
            draw_text(&mut p, "装甲軍団", style, 4.0, 30.0, Align::Left);
            p.pixels().iter().filter(|c| c.red() < 128).count()
        };
        let regular = ink(&fonts.regular(24.0, Color::BLACK));
        let bold = ink(&fonts.bold(24.0, Color::BLACK));
        assert!(bold as f32 > regular as f32 * 1.15, "{regular} {bold}");
    }

    #[test]
    fn text_draws_dark_pixels_where_expected() {
        let mut p = Pixmap::new(120, 40).unwrap();
        p.fill(tiny_skia::Color::WHITE);
        draw_text(&mut p, "Moscow", &style(20.0), 60.0, 28.0, Align::Centre);
        assert!(has_dark(&p, 20, 10, 100, 30, 100));
        assert!(!has_dark(&p, 0, 0, 15, 40, 250));
        assert!(!has_dark(&p, 105, 0, 120, 40, 250));
    }

    #[test]
    fn a_capture_keeps_texts_out_of_the_image_with_their_place() {
        let capture = TextCapture::new();
        let fonts = Fonts::default().capturing(&capture);
        let mut p = Pixmap::new(120, 40).unwrap();
        p.fill(tiny_skia::Color::WHITE);
        let blank = p.clone();
        let style = fonts.bold(20.0, Color::BLACK);
        draw_text(&mut p, "Moscow", &style, 60.0, 28.0, Align::Centre);
        assert_eq!(p.data(), blank.data(), "nothing drawn");
        let texts = capture.texts();
        assert_eq!(texts.len(), 1);
        let t = &texts[0];
        assert_eq!(
            (t.text.as_str(), t.baseline, t.size, t.bold),
            ("Moscow", 28.0, 20.0, true)
        );
        // Centred on 60: it starts half its width to the left.
        assert!((t.x - (60.0 - text_width("Moscow", &style) / 2.0)).abs() < 1e-4);
    }
}
