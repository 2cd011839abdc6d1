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

/// One run of glyphs of a page, where it starts: `x` from the page's left edge and `y` from its
/// top, in millimetres.
#[derive(Debug, Clone)]
pub struct Run {
    pub text: String,
    pub x: f32,
    pub y: f32,
}

/// Every run of glyphs of one page (1-based), in the order drawn, with where it starts.
pub fn page_runs(bytes: &[u8], page: usize) -> Vec<Run> {
    let pdf = open(bytes);
    let pages = pdf.pages();
    let page = pages
        .get(page - 1)
        .unwrap_or_else(|| panic!("no page {page} of {}", pages.len()));
    let cache = InterpreterCache::new();
    let (w, h) = page.render_dimensions();
    let mut context = Context::new(
        // PDF space has y up from the bottom; flipped, y runs down from the top as on paper.
        Affine::new([1.0, 0.0, 0.0, -1.0, 0.0, h as f64]),
        Rect::new(0.0, 0.0, w as f64, h as f64),
        &cache,
        page.xref(),
        InterpreterSettings::default(),
    );
    let mut runs = RunCollector::default();
    interpret_page(page, &mut context, &mut runs);
    runs.runs
}

#[derive(Default)]
struct RunCollector {
    runs: Vec<Run>,
}

impl<'a> Device<'a> for RunCollector {
    fn draw_path(&mut self, _: &BezPath, _: DrawProps<'a>, _: &DrawMode) {}
    fn push_clip_path(&mut self, _: &ClipPath) {}
    fn push_transparency_group(&mut self, _: f32, _: Option<SoftMask<'a>>, _: BlendMode) {}
    fn draw_glyph_run(&mut self, run: &GlyphRun<'_, 'a>, props: DrawProps<'a>, _: &DrawMode) {
        let mut text = String::new();
        for glyph in run.glyphs() {
            match glyph.as_unicode() {
                Some(hayro::hayro_interpret::hayro_cmap::BfString::Char(c)) => text.push(c),
                Some(hayro::hayro_interpret::hayro_cmap::BfString::String(s)) => text.push_str(&s),
                None => {}
            }
        }
        let Some(first) = run.glyphs().first() else {
            return;
        };
        let at = props.transform * first.transform() * hayro::hayro_interpret::kurbo::Point::ZERO;
        self.runs.push(Run {
            text,
            x: at.x as f32 / PT_PER_MM,
            y: at.y as f32 / PT_PER_MM,
        });
    }
    fn draw_image(&mut self, _: Image<'a, '_>, _: ImageDrawProps<'a>) {}
    fn pop_clip(&mut self) {}
    fn pop_transparency_group(&mut self) {}
}

/// One raster image a page draws: its pixels as RGB, and where it is drawn, in millimetres from
/// the page's top left corner.
pub struct PageImage {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
    /// `(x, y, width, height)` on the page.
    pub rect: (f32, f32, f32, f32),
}

/// Every raster image one page (1-based) draws, decoded, in the order drawn.
pub fn page_images(bytes: &[u8], page: usize) -> Vec<PageImage> {
    let pdf = open(bytes);
    let pages = pdf.pages();
    let page = pages
        .get(page - 1)
        .unwrap_or_else(|| panic!("no page {page} of {}", pages.len()));
    let cache = InterpreterCache::new();
    let (w, h) = page.render_dimensions();
    let mut context = Context::new(
        Affine::new([1.0, 0.0, 0.0, -1.0, 0.0, h as f64]),
        Rect::new(0.0, 0.0, w as f64, h as f64),
        &cache,
        page.xref(),
        InterpreterSettings::default(),
    );
    let mut images = ImageCollector::default();
    interpret_page(page, &mut context, &mut images);
    images.images
}

#[derive(Default)]
struct ImageCollector {
    images: Vec<PageImage>,
}

impl<'a> Device<'a> for ImageCollector {
    fn draw_path(&mut self, _: &BezPath, _: DrawProps<'a>, _: &DrawMode) {}
    fn push_clip_path(&mut self, _: &ClipPath) {}
    fn push_transparency_group(&mut self, _: f32, _: Option<SoftMask<'a>>, _: BlendMode) {}
    fn draw_glyph_run(&mut self, _: &GlyphRun<'_, 'a>, _: DrawProps<'a>, _: &DrawMode) {}
    fn draw_image(&mut self, image: Image<'a, '_>, props: ImageDrawProps<'a>) {
        let Image::Raster(raster) = image else {
            return;
        };
        // hayro hands the image over in its pixels: the transform maps pixel (x, y) to the page.
        let (w, h) = (f64::from(raster.width()), f64::from(raster.height()));
        let corners = [(0.0, 0.0), (w, h)].map(|(x, y)| {
            let p = props.transform * hayro::hayro_interpret::kurbo::Point::new(x, y);
            (p.x as f32 / PT_PER_MM, p.y as f32 / PT_PER_MM)
        });
        let rect = (
            corners[0].0.min(corners[1].0),
            corners[0].1.min(corners[1].1),
            (corners[1].0 - corners[0].0).abs(),
            (corners[1].1 - corners[0].1).abs(),
        );
        let mut decoded = None;
        raster.with_rgba(
            |data, _| {
                decoded = Some(match data {
                    hayro::hayro_interpret::ImageData::Rgb(d) => (d.width, d.height, d.data),
                    hayro::hayro_interpret::ImageData::Luma(d) => (
                        d.width,
                        d.height,
                        d.data.iter().flat_map(|&v| [v, v, v]).collect(),
                    ),
                });
            },
            None,
        );
        if let Some((width, height, rgb)) = decoded {
            self.images.push(PageImage {
                width,
                height,
                rgb,
                rect,
            });
        }
    }
    fn pop_clip(&mut self) {}
    fn pop_transparency_group(&mut self) {}
}
