//! Rendering as pure functions of data: counters, the map and charts, each to a PNG image.
//!
//! Every renderer takes a small plain input struct (decoupled from the TOML model) and returns PNG bytes
//! or a [`RenderError`]. Drawing uses tiny-skia paths only; text is drawn from the glyph outlines of
//! bundled fonts ([`text`]), so the same input gives the same bytes on every machine, with no system
//! fonts involved.
//!
//! - [`counter::render_counter`]: one counter face ([`counter::CounterArt`]);
//! - [`map::render_map`]: the hex map ([`map::MapArt`]), laid out by the same
//!   [`HexLayout`](crate::concept::game::grid::HexLayout) as the module's VASSAL grid;
//! - [`chart::render_table`] and [`chart::render_turn_track`]: charts and tables;
//! - [`track::render_board`]: the off-map board of labelled boxes.

pub mod card;
pub mod chart;
pub mod counter;
pub mod map;
pub mod overlay;
pub mod text;
pub mod track;

pub use chart::{render_table, render_turn_track, TableChart, TurnBox, TurnTrackArt};
pub use counter::{render_counter, CounterArt, NatoSymbol};
pub use map::{
    render_map, CityArt, Compass, EdgeArt, HexArt, HexsideArt, LineArt, LineStyle, MapArt,
    MarkSymbol, SetupMark,
};
pub use text::{Align, Fonts, TextStyle, Typeface};

use std::fmt;
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

/// Largest image edge we agree to allocate, in pixels.
pub const MAX_IMAGE_EDGE: u32 = 16_384;

/// Why an image could not be rendered.
#[derive(Debug, Clone, PartialEq)]
pub enum RenderError {
    /// A colour that is not `#rgb`, `#rrggbb` or `#rrggbbaa`.
    BadColor(String),
    /// An image with a zero (or absurd) width or height.
    BadSize {
        what: &'static str,
        width: u32,
        height: u32,
    },
    /// Font data that does not parse as a TrueType/OpenType font.
    BadFont(String),
    /// A hexside given as two hexes that do not share a side in the layout.
    NotAdjacent {
        a: crate::concept::game::grid::HexId,
        b: crate::concept::game::grid::HexId,
    },
    /// PNG encoding failed.
    Png(String),
    /// Input the caller could not turn into art (an unknown reference, a missing value), for adapters
    /// to report through the same error type.
    Input(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::BadColor(s) => {
                write!(f, "bad colour {s:?}: expected #rrggbb (or #rgb, #rrggbbaa)")
            }
            RenderError::BadSize {
                what,
                width,
                height,
            } => write!(
                f,
                "{what} has an unusable image size {width}x{height} (each edge must be 1..={MAX_IMAGE_EDGE} px)"
            ),
            RenderError::BadFont(s) => write!(f, "bad font data: {s}"),
            RenderError::NotAdjacent { a, b } => write!(
                f,
                "hexes ({}, {}) and ({}, {}) do not share a side",
                a.col, a.row, b.col, b.row
            ),
            RenderError::Png(s) => write!(f, "PNG encoding failed: {s}"),
            RenderError::Input(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for RenderError {}

/// An sRGB colour with straight (not premultiplied) alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Color {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Color {
    pub const BLACK: Color = Color::rgb(0, 0, 0);
    pub const WHITE: Color = Color::rgb(255, 255, 255);
    pub const TRANSPARENT: Color = Color::rgba(0, 0, 0, 0);

    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b, a: 255 }
    }

    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Color {
        Color { r, g, b, a }
    }

    /// Parse `#rrggbb`, `#rrggbbaa` or `#rgb` (surrounding whitespace allowed, case-insensitive).
    pub fn parse(text: &str) -> Result<Color, RenderError> {
        let bad = || RenderError::BadColor(text.to_string());
        let hex = text.trim().strip_prefix('#').ok_or_else(bad)?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|_| bad());
        let nibble = |i: usize| {
            u8::from_str_radix(&hex[i..i + 1], 16)
                .map(|v| v * 17)
                .map_err(|_| bad())
        };
        match hex.len() {
            3 => Ok(Color::rgb(nibble(0)?, nibble(1)?, nibble(2)?)),
            6 => Ok(Color::rgb(byte(0)?, byte(2)?, byte(4)?)),
            8 => Ok(Color::rgba(byte(0)?, byte(2)?, byte(4)?, byte(6)?)),
            _ => Err(bad()),
        }
    }

    /// `#rrggbb` (or `#rrggbbaa` when not opaque).
    pub fn to_hex(self) -> String {
        if self.a == 255 {
            format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
        } else {
            format!("#{:02x}{:02x}{:02x}{:02x}", self.r, self.g, self.b, self.a)
        }
    }

    /// Linear blend: `t = 0` gives `self`, `t = 1` gives `other`.
    pub fn mix(self, other: Color, t: f32) -> Color {
        let t = t.clamp(0.0, 1.0);
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Color::rgba(
            m(self.r, other.r),
            m(self.g, other.g),
            m(self.b, other.b),
            m(self.a, other.a),
        )
    }

    /// The same colour with another alpha.
    pub fn with_alpha(self, a: u8) -> Color {
        Color { a, ..self }
    }

    /// Relative luminance, 0 (black) to 1 (white), ignoring alpha.
    pub fn luminance(self) -> f32 {
        let lin = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)
    }

    /// Black or white, whichever has the higher WCAG contrast ratio against this colour.
    pub fn contrasting(self) -> Color {
        // (L + 0.05) / 0.05 against black equals 1.05 / (L + 0.05) against white at L = 0.179.
        if self.luminance() > 0.179 {
            Color::BLACK
        } else {
            Color::WHITE
        }
    }

    fn paint(self) -> Paint<'static> {
        let mut paint = Paint::default();
        paint.set_color_rgba8(self.r, self.g, self.b, self.a);
        paint.anti_alias = true;
        paint
    }
}

impl std::str::FromStr for Color {
    type Err = RenderError;
    fn from_str(s: &str) -> Result<Color, RenderError> {
        Color::parse(s)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

// ---------------------------------------------------------------------------------------------------
// Small drawing helpers shared by the renderers.
// ---------------------------------------------------------------------------------------------------

/// A new pixmap filled with `background`, or an error for an unusable size.
pub(crate) fn new_pixmap(
    what: &'static str,
    width: u32,
    height: u32,
    background: Color,
) -> Result<Pixmap, RenderError> {
    let bad = RenderError::BadSize {
        what,
        width,
        height,
    };
    if width == 0 || height == 0 || width > MAX_IMAGE_EDGE || height > MAX_IMAGE_EDGE {
        return Err(bad);
    }
    let mut pixmap = Pixmap::new(width, height).ok_or(bad)?;
    pixmap.fill(tiny_skia::Color::from_rgba8(
        background.r,
        background.g,
        background.b,
        background.a,
    ));
    Ok(pixmap)
}

/// The PNG encoder's deflate level. The settings were chosen by measuring size against time on the
/// shipped games and the 10,000-hex synthetic one (`examples/png_settings.rs`, README, Benchmarks):
/// the images are flat colours with anti-aliased edges, which deflate compresses best without row
/// filters (long runs of equal pixels), and level 3 is the knee of size against time. Against the
/// png crate's default (level 6, adaptive filters) the images are 27% smaller and encode 2× faster.
const PNG_DEFLATE_LEVEL: u8 = 3;

/// The pixmap as an RGBA PNG; it is taken by value so that un-premultiplying needs no copy.
///
/// The image data is deflated here in one call rather than by the png crate, which hands its
/// compressor two writes per row; each write zeroes a 32 KB output buffer first (flate2 with
/// zlib-rs), which cost more than compressing a 60-pixel counter. The stream is the same: deflate's
/// output does not depend on how its input is split, and the crate writes one IDAT chunk as here.
pub fn encode(pixmap: Pixmap) -> Result<Vec<u8>, RenderError> {
    let png_error = |e: png::EncodingError| RenderError::Png(e.to_string());
    let (width, height) = (pixmap.width(), pixmap.height());
    let idat = deflate_rows(pixmap.take_demultiplied(), width as usize * 4)?;
    let mut bytes = Vec::with_capacity(idat.len() + 64);
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(png_error)?;
    writer
        .write_chunk(png::chunk::IDAT, &idat)
        .map_err(png_error)?;
    writer.finish().map_err(png_error)?;
    Ok(bytes)
}

/// The zlib stream of a PNG's image data: each row of `row_len` bytes after filter type 0 (none).
/// The filter bytes are put in place in `pixels` itself, moving the rows up from the last: a map's
/// pixels are tens of megabytes, and two maps are encoded at once.
fn deflate_rows(mut pixels: Vec<u8>, row_len: usize) -> Result<Vec<u8>, RenderError> {
    thread_local! {
        /// One compressor per thread, reset for each image: creating one allocates and clears
        /// about 300 KB of tables, a cost of its own when the image is a counter.
        static COMPRESSOR: std::cell::RefCell<flate2::Compress> = std::cell::RefCell::new(
            flate2::Compress::new(flate2::Compression::new(u32::from(PNG_DEFLATE_LEVEL)), true),
        );
    }
    let rows = pixels.len().checked_div(row_len).unwrap_or(0);
    pixels.resize(rows * (row_len + 1), 0);
    for row in (0..rows).rev() {
        let to = row * (row_len + 1);
        pixels.copy_within(row * row_len..(row + 1) * row_len, to + 1);
        pixels[to] = 0;
    }
    COMPRESSOR.with(|cell| {
        let mut compressor = cell.borrow_mut();
        compressor.reset();
        // The images deflate to 5–10% of their pixels; the buffer grows in the rare case it is
        // short (the stream does not depend on it). A buffer of the worst-case size would be
        // zeroed whole for every image, and kept resident by the allocator.
        let mut out = vec![0u8; pixels.len() / 8 + 1024];
        loop {
            let done = compressor.total_out() as usize;
            let input = &pixels[compressor.total_in() as usize..];
            let status = compressor
                .compress(input, &mut out[done..], flate2::FlushCompress::Finish)
                .map_err(|e| RenderError::Png(e.to_string()))?;
            if status == flate2::Status::StreamEnd {
                out.truncate(compressor.total_out() as usize);
                return Ok(out);
            }
            let grown = out.len() * 2;
            out.resize(grown, 0);
        }
    })
}

pub(crate) fn fill(pixmap: &mut Pixmap, path: &Path, color: Color) {
    pixmap.fill_path(
        path,
        &color.paint(),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

pub(crate) fn stroke_with(pixmap: &mut Pixmap, path: &Path, color: Color, stroke: &Stroke) {
    pixmap.stroke_path(path, &color.paint(), stroke, Transform::identity(), None);
}

pub(crate) fn stroke(pixmap: &mut Pixmap, path: &Path, color: Color, width: f32) {
    let s = Stroke {
        width,
        ..Stroke::default()
    };
    stroke_with(pixmap, path, color, &s);
}

pub(crate) fn round_stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: tiny_skia::LineCap::Round,
        line_join: tiny_skia::LineJoin::Round,
        ..Stroke::default()
    }
}

pub(crate) fn rect_path(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    tiny_skia::Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect)
}

pub(crate) fn fill_rect(pixmap: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, color: Color) {
    if let Some(p) = rect_path(x, y, w, h) {
        fill(pixmap, &p, color);
    }
}

pub(crate) fn stroke_rect(
    pixmap: &mut Pixmap,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    color: Color,
    width: f32,
) {
    if let Some(p) = rect_path(x, y, w, h) {
        stroke(pixmap, &p, color, width);
    }
}

/// A closed polygon through `points`.
pub(crate) fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}

/// An open polyline through `points`.
pub(crate) fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.finish()
}

pub(crate) fn segment(a: (f32, f32), b: (f32, f32)) -> Option<Path> {
    polyline(&[a, b])
}

#[cfg(test)]
pub(crate) mod testutil {
    use tiny_skia::Pixmap;

    pub fn decode(png: &[u8]) -> Pixmap {
        Pixmap::decode_png(png).unwrap()
    }

    /// Straight-alpha RGBA of a pixel.
    pub fn rgba(p: &Pixmap, x: u32, y: u32) -> (u8, u8, u8, u8) {
        let c = p.pixel(x, y).unwrap().demultiply();
        (c.red(), c.green(), c.blue(), c.alpha())
    }

    /// Whether some pixel in the rectangle has luminance below `max` (0..255 scale, rough).
    pub fn has_dark(p: &Pixmap, x0: u32, y0: u32, x1: u32, y1: u32, max: u32) -> bool {
        (y0..y1).any(|y| {
            (x0..x1).any(|x| {
                let (r, g, b, _) = rgba(p, x, y);
                (u32::from(r) * 3 + u32::from(g) * 6 + u32::from(b)) / 10 < max
            })
        })
    }

    /// A rectangle of `p` enlarged `factor` times (nearest neighbour), to inspect pixels.
    pub fn zoom(p: &Pixmap, x: i32, y: i32, w: u32, h: u32, factor: u32) -> Pixmap {
        let mut out = Pixmap::new(w * factor, h * factor).unwrap();
        let paint = tiny_skia::PixmapPaint {
            quality: tiny_skia::FilterQuality::Nearest,
            ..Default::default()
        };
        let f = factor as f32;
        let t = tiny_skia::Transform::from_row(f, 0.0, 0.0, f, -(x as f32) * f, -(y as f32) * f);
        out.draw_pixmap(0, 0, p.as_ref(), &paint, t, None);
        out
    }

    pub fn sample_dir() -> std::path::PathBuf {
        let dir = std::path::PathBuf::from("/tmp/render-samples");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}

#[cfg(test)]
mod tests {
    use super::counter::draw_counter;
    use super::*;

    #[test]
    fn colours_parse() {
        assert_eq!(Color::parse("#ff8000").unwrap(), Color::rgb(255, 128, 0));
        assert_eq!(Color::parse(" #FF8000 ").unwrap(), Color::rgb(255, 128, 0));
        assert_eq!(Color::parse("#f80").unwrap(), Color::rgb(255, 136, 0));
        assert_eq!(
            Color::parse("#11223344").unwrap(),
            Color::rgba(0x11, 0x22, 0x33, 0x44)
        );
        assert_eq!(Color::parse("#a1b2c3").unwrap().to_hex(), "#a1b2c3");
    }

    #[test]
    fn bad_colours_are_errors() {
        for bad in [
            "",
            "#",
            "ff8000",
            "#ff800",
            "#gg0000",
            "red",
            "#ff8000ff00",
            "#+f8000",
            "#é12",
        ] {
            assert!(
                matches!(Color::parse(bad), Err(RenderError::BadColor(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn art_can_be_rendered_in_parallel() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<CounterArt>();
        send_sync::<MapArt>();
        send_sync::<TableChart>();
        send_sync::<TurnTrackArt>();
        send_sync::<Fonts>();
        send_sync::<RenderError>();
    }

    /// The png crate's own encoder at the same settings, row by row.
    fn png_crate_encoding(pixmap: &Pixmap) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_deflate_compression(png::DeflateCompression::Level(PNG_DEFLATE_LEVEL));
        encoder.set_filter(png::Filter::NoFilter);
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_image_data(&pixmap.clone().take_demultiplied())
            .unwrap();
        writer.finish().unwrap();
        bytes
    }

    #[test]
    fn encoding_equals_the_png_crate_and_survives_incompressible_pixels() {
        let counter = draw_counter(&CounterArt {
            id: "XXIV".into(),
            values: "12-6".into(),
            unit_size: "XXX".into(),
            ..CounterArt::default()
        })
        .unwrap();
        // Noise with some transparency: deflate cannot shrink it, so the output buffer must grow.
        let mut noise = Pixmap::new(97, 61).unwrap();
        let mut seed = 0x2545_f491_u32;
        for px in noise.pixels_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let [r, g, b, a] = seed.to_le_bytes();
            *px = tiny_skia::ColorU8::from_rgba(r, g, b, a).premultiply();
        }
        for pixmap in [counter, noise] {
            let ours = encode(pixmap.clone()).unwrap();
            assert_eq!(ours, png_crate_encoding(&pixmap));
            let mut reader = png::Decoder::new(std::io::Cursor::new(&ours))
                .read_info()
                .unwrap();
            let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
            reader.next_frame(&mut rgba).unwrap();
            assert_eq!(rgba, pixmap.take_demultiplied());
        }
    }

    #[test]
    fn empty_images_are_errors() {
        assert!(matches!(
            new_pixmap("test", 0, 10, Color::WHITE),
            Err(RenderError::BadSize { .. })
        ));
        assert!(matches!(
            new_pixmap("test", 10, MAX_IMAGE_EDGE + 1, Color::WHITE),
            Err(RenderError::BadSize { .. })
        ));
    }
}
