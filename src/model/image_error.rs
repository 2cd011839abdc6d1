//! Why an image file the data names (a scan, a counter sheet) cannot be used.

/// The most pixels vmodc decodes from one image (4 bytes a pixel: 400 MB): ten times a counter sheet
/// of A3 at 600 dpi (7,016 × 9,921 is 70 million). A map scan is not decoded to build a module (it
/// goes in as it is, within VASSAL's own limits, V1003), only checked whole (`ImageFile::verify`).
pub const MAX_DECODED_PIXELS: u64 = 100_000_000;

/// Why an image file cannot be used: each cause its own variant; the decoders' own words travel
/// only as the detail of a corrupt or unencodable file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageError {
    /// The bytes start as neither a PNG nor a JPEG.
    NotPngOrJpeg,
    /// The header gives no width and height.
    NoSize,
    /// The header gives a width or height of zero, or one past `u32`.
    BadSize { width: u64, height: u64 },
    /// A JPEG without its end marker: a file cut short.
    JpegCutShort,
    /// More pixels than vmodc decodes ([`MAX_DECODED_PIXELS`]).
    TooManyPixels {
        path: String,
        width: u32,
        height: u32,
    },
    /// The decoder stopped: the file is truncated or corrupt (the decoder's message).
    Corrupt(String),
    /// A file (its path) that does not decode, and why.
    Undecodable {
        path: String,
        cause: Box<ImageError>,
    },
    /// The PNG encoder failed (its message).
    Encode(String),
}

impl std::fmt::Display for ImageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImageError::NotPngOrJpeg => f.write_str("not a PNG or JPEG file"),
            ImageError::NoSize => f.write_str("its header gives no image size"),
            ImageError::BadSize { width, height } => {
                write!(f, "its header gives a size of {width} × {height}")
            }
            ImageError::JpegCutShort => {
                f.write_str("the file ends before the JPEG's end marker: it is cut short")
            }
            ImageError::TooManyPixels {
                path,
                width,
                height,
            } => write!(
                f,
                "{path} is {width} × {height} pixels: vmodc decodes at most {MAX_DECODED_PIXELS} pixels"
            ),
            ImageError::Corrupt(why) => f.write_str(why),
            ImageError::Undecodable { path, cause } => write!(f, "cannot decode {path}: {cause}"),
            ImageError::Encode(why) => write!(f, "PNG encoding failed: {why}"),
        }
    }
}

/// A decoder's error as the reason a file is corrupt.
pub(crate) fn corrupt(e: impl std::fmt::Display) -> ImageError {
    ImageError::Corrupt(e.to_string())
}
