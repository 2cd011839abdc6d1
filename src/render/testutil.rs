//! What the renderers' tests share: decoding and looking at pixels.

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

/// Where the ignored sample tests write their images: `render-samples` in the system's temporary
/// folder, whatever the machine.
pub fn sample_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join("render-samples");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
