//! The drawing primitives every renderer shares: colours, pixmaps, paths, strokes, and the PNG
//! encoder with the settings chosen by measurement.

use std::fmt;
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

/// Largest image edge we agree to allocate, in pixels.
pub const MAX_IMAGE_EDGE: u32 = crate::vassal::image::MAX_DRAWN_EDGE;

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
    /// An image file the data names that cannot be used.
    Image(crate::model::image_error::ImageError),
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
            RenderError::Image(e) => write!(f, "{e}"),
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

/// An image's pixels as a PDF embeds them: colour (RGB) and, when any pixel is not opaque, alpha,
/// 8 bits a channel, straight alpha, row by row; with a hash of both, so that a writer can tell
/// alike pictures apart without comparing them. The print kit hands these to its PDF writer as
/// they are: a PNG would be deflated here and inflated there before the writer deflates it again.
#[derive(Debug, Clone)]
pub struct Pixels {
    pub width: u32,
    pub height: u32,
    pub rgb: std::sync::Arc<Vec<u8>>,
    pub alpha: Option<std::sync::Arc<Vec<u8>>>,
    pub hash: u128,
}

impl Pixels {
    pub fn new(pixmap: Pixmap) -> Pixels {
        let (width, height) = (pixmap.width(), pixmap.height());
        let rgba = pixmap.take_demultiplied();
        let mut rgb = Vec::with_capacity(rgba.len() / 4 * 3);
        let mut alpha = Vec::with_capacity(rgba.len() / 4);
        for pixel in rgba.chunks_exact(4) {
            rgb.extend_from_slice(&pixel[..3]);
            alpha.push(pixel[3]);
        }
        let opaque = alpha.iter().all(|&a| a == 255);
        Pixels::from_channels(width, height, rgb, (!opaque).then_some(alpha))
    }

    /// The pixels of these channels (`rgb` 3 bytes a pixel, `alpha` 1, row by row).
    pub fn from_channels(width: u32, height: u32, rgb: Vec<u8>, alpha: Option<Vec<u8>>) -> Pixels {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        hasher.update(&width.to_le_bytes());
        hasher.update(&height.to_le_bytes());
        hasher.update(&rgb);
        if let Some(alpha) = &alpha {
            hasher.update(alpha);
        }
        Pixels {
            width,
            height,
            rgb: std::sync::Arc::new(rgb),
            alpha: alpha.map(std::sync::Arc::new),
            hash: hasher.digest128(),
        }
    }
}

/// The PNG encoder's deflate level. The settings were chosen by measuring size against time on the
/// shipped games and the 10,000-hex synthetic one (`examples/png_settings.rs`, docs/benchmarks.md):
/// the images are flat colours with anti-aliased edges, which deflate compresses best without row
/// filters (long runs of equal pixels), and level 3 is the knee of size against time. Against the
/// png crate's default (level 6, adaptive filters) the images are 27% smaller and encode 2× faster.
pub(super) const PNG_DEFLATE_LEVEL: u8 = 3;

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
