//! A printed picture (its pixels and texts) as the build cache stores it: its texts, then its pixels,
//! deflated at the fastest level (the entry is written on every cold build that prints, so it must
//! cost little next to the drawing it saves).
//!
//! Layout, little-endian: `vmodc-printed 1\n`, width and height (`u32`), 1 when an alpha channel
//! follows the colour, the number of texts (`u32`); per text its x, baseline and size (`f32`), its
//! colour (RGBA, 4 bytes), 1 when bold, its length in bytes (`u32`) and its UTF-8; then the zlib
//! stream of the colour channel followed by the alpha channel.

use crate::render::text::PlacedText;
use crate::render::{Color, Pixels};
use std::io::{Read, Write};

const MAGIC: &[u8] = b"vmodc-printed 1\n";

/// The entry of a picture.
pub fn write(p: &Pixels, texts: &[PlacedText]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&p.width.to_le_bytes());
    out.extend_from_slice(&p.height.to_le_bytes());
    out.push(u8::from(p.alpha.is_some()));
    out.extend_from_slice(&(texts.len() as u32).to_le_bytes());
    for t in texts {
        for v in [t.x, t.baseline, t.size] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&[t.color.r, t.color.g, t.color.b, t.color.a, u8::from(t.bold)]);
        out.extend_from_slice(&(t.text.len() as u32).to_le_bytes());
        out.extend_from_slice(t.text.as_bytes());
    }
    let mut z = flate2::write::ZlibEncoder::new(out, flate2::Compression::fast());
    // Writing into a Vec cannot fail.
    let _ = z.write_all(&p.rgb);
    if let Some(alpha) = &p.alpha {
        let _ = z.write_all(alpha);
    }
    z.finish().unwrap_or_default()
}

/// The picture of an entry; `None` for bytes that are not a whole entry (a cache written by another
/// version, a truncated file), which the caller draws again.
pub fn read(bytes: &[u8]) -> Option<(Pixels, Vec<PlacedText>)> {
    let mut r = Reader(bytes.strip_prefix(MAGIC)?);
    let (width, height) = (r.u32()?, r.u32()?);
    let has_alpha = r.u8()? == 1;
    let count = r.u32()? as usize;
    let mut texts = Vec::with_capacity(count.min(r.0.len() / 21));
    for _ in 0..count {
        let (x, baseline, size) = (r.f32()?, r.f32()?, r.f32()?);
        let color = Color {
            r: r.u8()?,
            g: r.u8()?,
            b: r.u8()?,
            a: r.u8()?,
        };
        let bold = r.u8()? == 1;
        let len = r.u32()? as usize;
        let text = String::from_utf8(r.take(len)?.to_vec()).ok()?;
        texts.push(PlacedText {
            text,
            x,
            baseline,
            size,
            color,
            bold,
        });
    }
    let pixels = (width as usize).checked_mul(height as usize)?;
    let expected = pixels.checked_mul(if has_alpha { 4 } else { 3 })?;
    // Deflate inflates at most about 1,032 times: a header that promises more pixels than the
    // stream can hold is damaged, and is refused before anything is allocated for it.
    if expected > r.0.len().saturating_mul(1032) {
        return None;
    }
    let mut channels = Vec::new();
    flate2::read::ZlibDecoder::new(r.0)
        .take(expected as u64 + 1)
        .read_to_end(&mut channels)
        .ok()?;
    if channels.len() != expected {
        return None;
    }
    let alpha = has_alpha.then(|| channels.split_off(pixels * 3));
    Some((Pixels::from_channels(width, height, channels, alpha), texts))
}

/// The bytes of an entry, read from the front.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn f32(&mut self) -> Option<f32> {
        Some(f32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(alpha: bool) -> (Pixels, Vec<PlacedText>) {
        let mut pixmap = tiny_skia::Pixmap::new(3, 2).unwrap();
        pixmap.fill(tiny_skia::Color::from_rgba8(
            10,
            20,
            30,
            if alpha { 128 } else { 255 },
        ));
        (
            Pixels::new(pixmap),
            vec![PlacedText {
                text: "モスクワ Moscow".into(),
                x: 1.5,
                baseline: -2.25,
                size: 11.0,
                color: Color::rgb(1, 2, 3),
                bold: true,
            }],
        )
    }

    #[test]
    fn a_header_promising_more_pixels_than_its_stream_holds_is_refused_before_allocating() {
        let (pixels, texts) = image(false);
        let mut entry = write(&pixels, &texts);
        // Width and height follow the magic: 1,048,576 × 1,048,576 pixels, 3 TB of channels.
        let at = MAGIC.len();
        entry[at..at + 8].copy_from_slice(&[0, 0, 16, 0, 0, 0, 16, 0]);
        assert!(read(&entry).is_none());
        entry[at..at + 8].copy_from_slice(&[255; 8]);
        assert!(read(&entry).is_none());
    }

    #[test]
    fn an_entry_reads_back_as_the_picture_it_was_written_from() {
        for alpha in [false, true] {
            let (pixels, texts) = image(alpha);
            let (read_pixels, read_texts) = read(&write(&pixels, &texts)).unwrap();
            assert_eq!(read_pixels.hash, pixels.hash);
            assert_eq!(read_pixels.rgb, pixels.rgb);
            assert_eq!(read_pixels.alpha, pixels.alpha);
            assert_eq!(format!("{read_texts:?}"), format!("{texts:?}"));
        }
    }

    #[test]
    fn a_truncated_or_foreign_entry_is_not_read() {
        let (pixels, texts) = image(true);
        let bytes = write(&pixels, &texts);
        for cut in [0, 10, MAGIC.len() + 5, bytes.len() - 1] {
            assert!(read(&bytes[..cut]).is_none(), "{cut}");
        }
        assert!(read(b"\x89PNG\r\n").is_none());
    }
}
