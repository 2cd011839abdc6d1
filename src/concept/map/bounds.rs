//! Sizes the map is drawn at, bounded at `check` time: out of range, they failed only in the build,
//! with no file or line (issue #33).

use crate::concept::art::image_file::MAX_DECODED_PIXELS;
use crate::concept::context::{Context, Seg};
use crate::diag::Diagnostic;
use crate::vassal::image::MAX_DRAWN_EDGE;

/// Hex heights vmodc draws, in pixels: 20 holds a counter's stack mark; 400 is five times the
/// shipped games' largest (80).
pub const HEX_PX: std::ops::RangeInclusive<u32> = 20..=400;
/// The widest empty border around the grid, in pixels.
pub const MAX_MARGIN_PX: u32 = 2_000;
/// The most pixels of a board vmodc draws, one sheet: the pixels it decodes of a scan
/// ([`MAX_DECODED_PIXELS`], 400 MB), so two sheets drawn at once stay under a gigabyte. VASSAL
/// 3.7 tiles such a board with about 800 MB of heap (1.66 × 4 bytes a pixel + 150 MB,
/// `TilingHandler.sliceTiles`), within a 4 GB player's machine.
pub const MAX_BOARD_PIXELS: u64 = MAX_DECODED_PIXELS;

pub(crate) fn check(cx: &mut Context<'_>) {
    let f = cx.map_file();
    let style = &cx.game.map.style;
    if !HEX_PX.contains(&style.hex_height) {
        let span = cx.span_of(f, &[Seg::Key("style"), Seg::Key("hex_height")], 0..0);
        cx.push(
            Diagnostic::error(
                "V0038",
                format!(
                    "hex height {} px is outside what vmodc draws ({} to {} px)",
                    style.hex_height,
                    HEX_PX.start(),
                    HEX_PX.end()
                ),
            )
            .at(f, span, "here")
            .help("the height of a hex, flat side to flat side, in pixels: the shipped games use 60 to 90"),
        );
    }
    if style.margin > MAX_MARGIN_PX {
        let span = cx.span_of(f, &[Seg::Key("style"), Seg::Key("margin")], 0..0);
        cx.push(
            Diagnostic::error(
                "V0038",
                format!(
                    "map margin {} px is more than vmodc draws ({MAX_MARGIN_PX} px)",
                    style.margin
                ),
            )
            .at(f, span, "here")
            .help("the empty border around the grid, in pixels: the shipped games use 30"),
        );
    }
    if cx.game.map.map.image.is_none() && HEX_PX.contains(&style.hex_height) && style.margin <= MAX_MARGIN_PX {
        board_size(cx);
    }
}

/// The drawn board of a sheet, measured from the grid before anything is drawn: each edge within
/// what vmodc draws and a printer tiles ([`MAX_DRAWN_EDGE`]), its pixels within
/// [`MAX_BOARD_PIXELS`]. (A scan's size is its own, checked against VASSAL's limits as V1003.)
fn board_size(cx: &mut Context<'_>) {
    let f = cx.map_file();
    let grid = &cx.game.map.grid;
    let layout = grid.layout(cx.game.map.style.hex_height, cx.game.map.style.margin);
    let (w, h) = (u64::from(layout.width), u64::from(layout.height));
    let edge = u64::from(MAX_DRAWN_EDGE);
    if w > edge || h > edge || w * h > MAX_BOARD_PIXELS {
        cx.push(
            Diagnostic::error(
                "V0218",
                format!(
                    "each map sheet would be drawn {w} × {h} px: vmodc draws a board of at most {MAX_DRAWN_EDGE} px a side and {MAX_BOARD_PIXELS} pixels"
                ),
            )
            .at(f, grid.columns.span.clone(), "too many columns or rows for one sheet")
            .help("split the map into sheets ([[grid.sheets]]), or lower [style] hex_height"),
        );
    }
}

/// A map scan the kit can decode: the module ships a scan as it is (within VASSAL's own limits,
/// V1003), but the print-and-play kit draws it from its pixels, which vmodc decodes only up to
/// `MAX_DECODED_PIXELS`; beyond, the kit leaves the map out, and says so here first.
pub(super) fn scan_printable(cx: &mut Context<'_>) {
    use crate::concept::art::image_file::MAX_DECODED_PIXELS;
    let Some(path) = &cx.game.map.map.image else {
        return;
    };
    let Some(scan) = cx.game.images.get(path.as_str()) else {
        return;
    };
    let untileable = crate::vassal::image::tiling_problem(scan.width.into(), scan.height.into())
        .is_some_and(|(fatal, _)| fatal);
    if scan.pixel_count() <= MAX_DECODED_PIXELS || untileable {
        return; // printable, or refused already (V1003)
    }
    let f = cx.map_file();
    cx.push(
        Diagnostic::warning(
            "V1032",
            format!(
                "map scan `{}` is {} × {} pixels: the module ships it as it is, but the print-and-play kit decodes at most {MAX_DECODED_PIXELS} pixels and leaves the map out",
                path.as_str(), scan.width, scan.height
            ),
        )
        .at(f, path.span.clone(), "too large to print")
        .help("scan the map at a lower resolution (150–300 dpi prints well) to have it in the kit"),
    );
}
