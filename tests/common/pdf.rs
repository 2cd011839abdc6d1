//! A PDF read back in pure Rust, the way a printer and a PDF reader see it: pages rendered to pixels
//! and the text of a page, with hayro (no poppler or other system program to install).

use hayro::hayro_interpret::font::GlyphRun;
use hayro::hayro_interpret::kurbo::{Affine, BezPath, Rect};
use hayro::hayro_interpret::{
    interpret_page, BlendMode, ClipPath, Context, Device, DrawMode, DrawProps, Image,
    ImageDrawProps, InterpreterCache, InterpreterSettings, SoftMask,
};
use hayro::hayro_syntax::Pdf;
use hayro::vello_cpu::color::palette::css::WHITE;
use hayro::{render, PixmapSettings, RenderCache, RenderSettings};

/// Points per millimetre (a PDF point is 1/72 inch).
const PT_PER_MM: f32 = 72.0 / 25.4;

pub fn open(bytes: &[u8]) -> Pdf {
    Pdf::new(bytes.to_vec()).unwrap_or_else(|e| panic!("not a PDF hayro can read: {e:?}"))
}

/// The number of pages.
pub fn page_count(bytes: &[u8]) -> usize {
    open(bytes).pages().len()
}

/// The size of each page in millimetres, as drawn (rotation applied).
pub fn page_sizes_mm(bytes: &[u8]) -> Vec<(f32, f32)> {
    let pdf = open(bytes);
    pdf.pages()
        .iter()
        .map(|page| {
            let (w, h) = page.render_dimensions();
            (w / PT_PER_MM, h / PT_PER_MM)
        })
        .collect()
}

/// One page (1-based `page`) as RGB pixels on white paper, at `dpi`.
pub struct Pixels {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<u8>,
}

pub fn render_page(bytes: &[u8], page: usize, dpi: f32) -> Pixels {
    let pdf = open(bytes);
    let pages = pdf.pages();
    let page = pages
        .get(page - 1)
        .unwrap_or_else(|| panic!("no page {page} of {}", pages.len()));
    let scale = dpi / 72.0;
    let cache = RenderCache::new();
    let pixmap = render(
        page,
        &cache,
        &InterpreterSettings::default(),
        &RenderSettings::default(),
        &PixmapSettings {
            x_scale: scale,
            y_scale: scale,
            bg_color: WHITE,
        },
    );
    let (width, height) = (pixmap.width() as usize, pixmap.height() as usize);
    // The background is opaque white, so premultiplied and straight colours are the same.
    let rgb = pixmap
        .data_as_u8_slice()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Pixels { width, height, rgb }
}

/// The text of one page (1-based): each run of glyphs the PDF shows, on a line of its own, in the
/// order it is drawn; every glyph as its ToUnicode map gives it.
pub fn page_text(bytes: &[u8], page: usize) -> String {
    let pdf = open(bytes);
    let pages = pdf.pages();
    let page = pages
        .get(page - 1)
        .unwrap_or_else(|| panic!("no page {page} of {}", pages.len()));
    let cache = InterpreterCache::new();
    let (w, h) = page.render_dimensions();
    let mut context = Context::new(
        Affine::IDENTITY,
        Rect::new(0.0, 0.0, w as f64, h as f64),
        &cache,
        page.xref(),
        InterpreterSettings::default(),
    );
    let mut text = TextCollector::default();
    interpret_page(page, &mut context, &mut text);
    text.lines.join("\n")
}

/// A drawing device that keeps only the text.
#[derive(Default)]
struct TextCollector {
    lines: Vec<String>,
}

impl<'a> Device<'a> for TextCollector {
    fn draw_path(&mut self, _: &BezPath, _: DrawProps<'a>, _: &DrawMode) {}
    fn push_clip_path(&mut self, _: &ClipPath) {}
    fn push_transparency_group(&mut self, _: f32, _: Option<SoftMask<'a>>, _: BlendMode) {}
    fn draw_glyph_run(&mut self, run: &GlyphRun<'_, 'a>, _: DrawProps<'a>, _: &DrawMode) {
        let mut line = String::new();
        for glyph in run.glyphs() {
            match glyph.as_unicode() {
                Some(hayro::hayro_interpret::hayro_cmap::BfString::Char(c)) => line.push(c),
                Some(hayro::hayro_interpret::hayro_cmap::BfString::String(s)) => line.push_str(&s),
                None => {}
            }
        }
        self.lines.push(line);
    }
    fn draw_image(&mut self, _: Image<'a, '_>, _: ImageDrawProps<'a>) {}
    fn pop_clip(&mut self) {}
    fn pop_transparency_group(&mut self) {}
}
