//! Sizes the counters are drawn and printed at, and unit ids that become file names, bounded at
//! `check` time: out of range, they failed only in the build, with no file or line (issue #33).

use crate::concept::context::{Context, Seg};
use crate::diag::Diagnostic;
use crate::slug::slug;

/// Counter edge lengths vmodc draws, in pixels: a legible counter needs 16; 512 is eight times the
/// shipped games' 60.
pub const COUNTER_PX: std::ops::RangeInclusive<u32> = 16..=512;
/// Printed counter edges, in millimetres: 5 mm is smaller than any printed counter, 100 mm larger.
pub const PRINTED_MM: std::ops::RangeInclusive<f64> = 5.0..=100.0;
/// The longest file-name form of a unit id (its images are named after it; file systems take 255
/// bytes a name).
pub const MAX_ID_SLUG: usize = 100;

pub(crate) fn check(cx: &mut Context<'_>) {
    let f = cx.counters_file();
    let sheet = &cx.game.counters.counters;
    if !COUNTER_PX.contains(&sheet.size) {
        let span = cx.span_of(f, &[Seg::Key("counters"), Seg::Key("size")], 0..0);
        cx.push(
            Diagnostic::error(
                "V0038",
                format!(
                    "counter size {} px is outside what vmodc draws ({} to {} px)",
                    sheet.size,
                    COUNTER_PX.start(),
                    COUNTER_PX.end()
                ),
            )
            .at(f, span, "here")
            .help("the edge of a counter in pixels: the shipped games use 60"),
        );
    }
    if let Some(mm) = sheet.printed_mm.filter(|mm| !PRINTED_MM.contains(mm)) {
        let span = cx.span_of(f, &[Seg::Key("counters"), Seg::Key("printed_mm")], 0..0);
        cx.push(
            Diagnostic::error(
                "V0038",
                format!(
                    "printed counter size {mm} mm is outside what vmodc prints ({} to {} mm)",
                    PRINTED_MM.start(),
                    PRINTED_MM.end()
                ),
            )
            .at(f, span, "here")
            .help("the printed edge of a counter in millimetres: ½ inch is 12.7"),
        );
    }
    for u in &cx.game.counters.units {
        let length = slug(u.id.as_str()).len();
        if length > MAX_ID_SLUG {
            cx.push(
                Diagnostic::error(
                    "V0038",
                    format!(
                        "unit id of {} characters: its file-name form is {length} bytes, more than {MAX_ID_SLUG}",
                        u.id.as_str().chars().count()
                    ),
                )
                .at(f, u.id.span.clone(), "too long")
                .help("a unit id is a short code (`R1`, `XXIV`); put the long text in its name"),
            );
        }
    }
}
