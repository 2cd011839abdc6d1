//! Sizes the map is drawn at, bounded at `check` time: out of range, they failed only in the build,
//! with no file or line (issue #33).

use crate::concept::context::{Context, Seg};
use crate::diag::Diagnostic;

/// Hex heights vmodc draws, in pixels: 20 holds a counter's stack mark; 400 is five times the
/// shipped games' largest (80).
pub const HEX_PX: std::ops::RangeInclusive<u32> = 20..=400;
/// The widest empty border around the grid, in pixels.
pub const MAX_MARGIN_PX: u32 = 2_000;

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
}
