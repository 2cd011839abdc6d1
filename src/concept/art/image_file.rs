//! An image file the data names: its bytes, its size read from its header, and its pixels, decoded
//! once when first needed (cutting counters, drawing an overlay).

pub use crate::model::image_error::{ImageError, MAX_DECODED_PIXELS};
use crate::model::image_error::corrupt;
use std::sync::{Arc, OnceLock};

/// The formats VASSAL shows and vmodc reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
}

impl ImageFormat {
    /// The file extension of an image of this format in the module.
    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Png => "png",
            ImageFormat::Jpeg => "jpg",
        }
    }
}

/// Decoded pixels: rows of straight (not premultiplied) RGBA, 4 bytes a pixel.
#[derive(Clone, PartialEq, Eq)]
pub struct Rgba {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl std::fmt::Debug for Rgba {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rgba({}×{})", self.width, self.height)
    }
}

impl Rgba {
    /// The pixels of a rectangle that lies inside the image (`None` otherwise).
    pub fn crop(&self, x: u32, y: u32, w: u32, h: u32) -> Option<Rgba> {
        if w == 0 || h == 0 || x.checked_add(w)? > self.width || y.checked_add(h)? > self.height {
            return None;
        }
        let stride = self.width as usize * 4;
        let mut pixels = Vec::with_capacity(w as usize * h as usize * 4);
        for row in y..y + h {
            let start = row as usize * stride + x as usize * 4;
            pixels.extend_from_slice(&self.pixels[start..start + w as usize * 4]);
        }
        Some(Rgba {
            width: w,
            height: h,
            pixels,
        })
    }

    /// The pixels as an RGBA PNG.
    pub fn to_png(&self) -> Result<Vec<u8>, ImageError> {
        let encode = |e: png::EncodingError| ImageError::Encode(e.to_string());
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, self.width, self.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_deflate_compression(png::DeflateCompression::Level(3));
        let mut writer = encoder.write_header().map_err(encode)?;
        writer.write_image_data(&self.pixels).map_err(encode)?;
        writer.finish().map_err(encode)?;
        Ok(bytes)
    }
}

/// One image file, as read from the project.
#[derive(Clone)]
pub struct ImageFile {
    /// The path as the data writes it (relative to the project root).
    pub path: String,
    pub bytes: Arc<Vec<u8>>,
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    /// A hash of the bytes: what a cached image cut from this file depends on.
    pub hash: String,
    decoded: Arc<OnceLock<Result<Arc<Rgba>, ImageError>>>,
}

impl std::fmt::Debug for ImageFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "ImageFile({} {}×{} {})",
            self.path, self.width, self.height, self.hash
        )
    }
}

impl ImageFile {
    /// An image from its bytes; the error says why they are not a PNG or JPEG vmodc can read.
    pub fn from_bytes(path: &str, bytes: Vec<u8>) -> Result<ImageFile, ImageError> {
        let format = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            ImageFormat::Png
        } else if bytes.starts_with(&[0xFF, 0xD8]) {
            ImageFormat::Jpeg
        } else {
            return Err(ImageError::NotPngOrJpeg);
        };
        let (width, height) = crate::vassal::image::image_size(&bytes)
            .ok_or(ImageError::NoSize)?;
        let (width, height) = match (u32::try_from(width), u32::try_from(height)) {
            (Ok(w), Ok(h)) if w > 0 && h > 0 => (w, h),
            _ => return Err(ImageError::BadSize { width, height }),
        };
        Ok(ImageFile {
            path: path.to_string(),
            hash: crate::model::digest::hash(&bytes),
            bytes: Arc::new(bytes),
            format,
            width,
            height,
            decoded: Arc::new(OnceLock::new()),
        })
    }

    /// The pixel count its header gives.
    pub fn pixel_count(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// Whether the whole file decodes: a truncated or corrupt scan is found before it goes into a
    /// module. A PNG is read row by row (a row's memory, whatever its size); a JPEG up to
    /// [`MAX_DECODED_PIXELS`] is decoded in full, a larger one is checked for its end marker.
    pub fn verify(&self) -> Result<(), ImageError> {
        match self.format {
            ImageFormat::Png => verify_png(&self.bytes),
            // The JPEG decoder fills a truncated scan's missing rows without an error: the end
            // marker (after any zero padding) is what tells a whole file.
            ImageFormat::Jpeg => {
                let end = self.bytes.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
                if !self.bytes[..end].ends_with(&[0xFF, 0xD9]) {
                    return Err(ImageError::JpegCutShort);
                }
                if self.pixel_count() <= MAX_DECODED_PIXELS {
                    decode_jpeg(&self.bytes)?;
                }
                Ok(())
            }
        }
    }

    /// The pixels, decoded on first use and kept; refused beyond [`MAX_DECODED_PIXELS`], checked
    /// from the header before any decoding.
    pub fn pixels(&self) -> Result<Arc<Rgba>, ImageError> {
        self.decoded
            .get_or_init(|| {
                if self.pixel_count() > MAX_DECODED_PIXELS {
                    return Err(ImageError::TooManyPixels {
                        path: self.path.clone(),
                        width: self.width,
                        height: self.height,
                    });
                }
                let rgba = match self.format {
                    ImageFormat::Png => decode_png(&self.bytes),
                    ImageFormat::Jpeg => decode_jpeg(&self.bytes),
                };
                rgba.map(Arc::new).map_err(|cause| ImageError::Undecodable {
                    path: self.path.clone(),
                    cause: Box::new(cause),
                })
            })
            .clone()
    }
}

fn verify_png(bytes: &[u8]) -> Result<(), ImageError> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().map_err(corrupt)?;
    while reader.next_row().map_err(corrupt)?.is_some() {}
    reader.finish().map_err(corrupt)
}

fn decode_png(bytes: &[u8]) -> Result<Rgba, ImageError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(corrupt)?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| corrupt("image too large"))?;
    let mut buffer = vec![0; size];
    let info = reader.next_frame(&mut buffer).map_err(corrupt)?;
    buffer.truncate(info.buffer_size());
    let pixels = match info.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buffer
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => buffer.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return Err(corrupt("palette not expanded")),
    };
    Ok(Rgba {
        width: info.width,
        height: info.height,
        pixels,
    })
}

fn decode_jpeg(bytes: &[u8]) -> Result<Rgba, ImageError> {
    use zune_jpeg::zune_core::bytestream::ZCursor;
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let options = DecoderOptions::default().jpeg_set_out_colorspace(ColorSpace::RGBA);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    let pixels = decoder.decode().map_err(|e| corrupt(format!("{e:?}")))?;
    let info = decoder.info().ok_or_else(|| corrupt("no frame header"))?;
    Ok(Rgba {
        width: u32::from(info.width),
        height: u32::from(info.height),
        pixels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_round_trips_through_decode_and_crop() {
        let pixels: Vec<u8> = (0..4 * 3 * 4).map(|i| i as u8).collect();
        let rgba = Rgba {
            width: 4,
            height: 3,
            pixels,
        };
        let file = ImageFile::from_bytes("x.png", rgba.to_png().unwrap()).unwrap();
        assert_eq!((file.width, file.height), (4, 3));
        assert_eq!(*file.pixels().unwrap(), rgba);
        let cut = rgba.crop(1, 1, 2, 2).unwrap();
        assert_eq!(&cut.pixels[..4], &rgba.pixels[20..24]);
        assert!(rgba.crop(3, 0, 2, 1).is_none());
    }

    #[test]
    fn truncated_images_fail_verification_and_whole_ones_pass() {
        let rgba = Rgba {
            width: 64,
            height: 64,
            pixels: (0..64 * 64 * 4).map(|i| (i * 7 % 251) as u8).collect(),
        };
        let png = rgba.to_png().unwrap();
        let whole = ImageFile::from_bytes("x.png", png.clone()).unwrap();
        assert_eq!(whole.verify(), Ok(()));
        let cut = ImageFile::from_bytes("x.png", png[..png.len() / 2].to_vec()).unwrap();
        assert!(cut.verify().is_err());
    }

    #[test]
    fn huge_images_are_refused_from_the_header_before_decoding() {
        // A 30,000 × 30,000 header over a few bytes: 3.6 GB if decoded.
        let mut png = Rgba {
            width: 1,
            height: 1,
            pixels: vec![0; 4],
        }
        .to_png()
        .unwrap();
        png[16..20].copy_from_slice(&30_000u32.to_be_bytes());
        png[20..24].copy_from_slice(&30_000u32.to_be_bytes());
        let file = ImageFile::from_bytes("huge.png", png).unwrap();
        let error = file.pixels().err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("decodes at most 100000000 pixels"), "{error}");
    }

    #[test]
    fn other_files_are_refused() {
        assert!(ImageFile::from_bytes("x.gif", b"GIF89a....".to_vec()).is_err());
        assert!(ImageFile::from_bytes("x.png", b"\x89PNG\r\n\x1a\n".to_vec()).is_err());
    }
}
