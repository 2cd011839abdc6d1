//! What VASSAL makes of an image file: its size as read from the header, and whether VASSAL's tiler
//! can cut it. The designer's art is checked against these when the data names it, and a built or
//! downloaded module when it is read back.

/// Width and height from a PNG, GIF or JPEG header.
pub fn image_size(b: &[u8]) -> Option<(u64, u64)> {
    let be32 = |i: usize| Some(u32::from_be_bytes(b.get(i..i + 4)?.try_into().ok()?) as u64);
    let be16 = |i: usize| Some(u16::from_be_bytes(b.get(i..i + 2)?.try_into().ok()?) as u64);
    let le16 = |i: usize| Some(u16::from_le_bytes(b.get(i..i + 2)?.try_into().ok()?) as u64);
    if b.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some((be32(16)?, be32(20)?));
    }
    if b.starts_with(b"GIF8") {
        return Some((le16(6)?, le16(8)?));
    }
    if !b.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    // JPEG: walk the segments to the first start-of-frame marker.
    let mut i = 2;
    while i + 4 <= b.len() {
        if b[i] != 0xFF {
            return None;
        }
        let marker = b[i + 1];
        let len = be16(i + 2)? as usize;
        if matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
            return Some((be16(i + 7)?, be16(i + 5)?));
        }
        i += 2 + len;
    }
    None
}

/// The longest edge of an image vmodc draws, in pixels. VASSAL counts an image's pixels in a Java
/// `int` ([`MAX_PIXELS`]), and tiles a board of 16,384 × 16,384 (268 million pixels) with about
/// 1.9 GB of heap (see [`tiling_problem`]), within a 4 GB player's machine; printed at the counters'
/// scale (60 px for ½ inch), 16,384 px is 3.5 m, tiled on as many pages as it takes.
pub const MAX_DRAWN_EDGE: u32 = 16_384;

/// The pixels of the largest image `TilingHandler` can count: it multiplies width and height as a
/// Java `int` (`launch/TilingHandler.java`, `findImages`; `tools/imageop/ScaleOpBitmapImpl.java`,
/// `fixSize`, throws "Dimensions (…) are too large" beyond it).
const MAX_PIXELS: u64 = i32::MAX as u64;
/// The tiler's heap for an image is 1.66 × its ARGB bytes + 150 MB (`TilingHandler.sliceTiles`),
/// capped at 3/4 of the machine's memory: 3 GiB on a 4 GiB machine.
const TILER_HEAP_MB_ON_4_GIB: f64 = 3072.0;

/// What VASSAL 3.7 makes of an image this large: `Some((true, why))` when it cannot tile it at all,
/// `Some((false, why))` when a player with 4 GB cannot open the module, `None` when it is fine.
pub fn tiling_problem(w: u64, h: u64) -> Option<(bool, String)> {
    let pixels = w.saturating_mul(h);
    let heap_mb = 1.66 * ((4 * pixels) >> 20) as f64 + 150.0;
    if pixels > MAX_PIXELS {
        Some((true, format!("{w} × {h}: more pixels than VASSAL can tile")))
    } else if heap_mb > TILER_HEAP_MB_ON_4_GIB {
        Some((false, format!("{w} × {h}: tiling it needs {heap_mb:.0} MB")))
    } else {
        None
    }
}
