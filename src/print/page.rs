//! What every page of the kit shares: its margins and title, the colours of its cut lines and
//! marks, text broken into lines, and a picture drawn with its texts set over it.

use super::pdf::{text_width, Anchor, Canvas, Weight};
use super::PrintError;
use crate::render::text::PlacedText;
use crate::render::{Color, Pixels};

/// Blank paper around every page's content, in mm (most printers cannot print closer to the edge).
pub(super) const MARGIN_MM: f32 = 10.0;

/// Room for a page's title above its content, in mm.
pub(super) const HEADER_MM: f32 = 10.0;

/// Height of a page title's letters, in mm.
pub(super) const TITLE_MM: f32 = 3.5;

/// Cut lines: thin enough to cut along, dark enough to see on any counter colour.
pub(super) const CUT_LINE_MM: f32 = 0.1;
pub(super) const CUT_COLOUR: Color = Color::rgb(0x30, 0x30, 0x30);

/// Alignment marks on the map tiles.
pub(super) const MARK_COLOUR: Color = Color::rgb(0xd0, 0x10, 0x40);

/// A page's title, at the top of its printable area.
pub(super) fn title(canvas: &mut Canvas<'_, '_>, text: &str) {
    canvas.text(
        text,
        (MARGIN_MM, MARGIN_MM + TITLE_MM),
        TITLE_MM,
        Color::BLACK,
        (Weight::Bold, Anchor::Start),
    );
}

/// `text` broken into lines no wider than `width` mm: at spaces, or anywhere in text without them
/// (Japanese).
pub(super) fn wrap(text: &str, width: f32, size: f32, weight: Weight) -> Vec<String> {
    let mut lines = vec![String::new()];
    let words: Vec<String> = if text.contains(' ') {
        text.split(' ').map(|w| format!("{w} ")).collect()
    } else {
        text.chars().map(String::from).collect()
    };
    for word in words {
        let Some(current) = lines.last_mut() else {
            break;
        };
        let longer = format!("{current}{word}");
        if !current.is_empty() && text_width(longer.trim_end(), size, weight) > width {
            lines.push(word);
        } else {
            *current = longer;
        }
    }
    lines
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// A picture (its pixels and its texts) drawn into `rect` with its texts set over it as PDF text.
pub(super) fn picture(
    canvas: &mut Canvas<'_, '_>,
    (pixels, texts): (&Pixels, &[PlacedText]),
    rect: (f32, f32, f32, f32),
) -> Result<(), PrintError> {
    canvas.image(pixels, rect)?;
    let scale = rect.2 / pixels.width.max(1) as f32;
    for placed in texts {
        canvas.captured_text(placed, ((rect.0, rect.1), scale));
    }
    Ok(())
}

/// The printable area of a page: width and height in mm below the title.
pub(super) fn room(page: (f32, f32)) -> (f32, f32) {
    (
        page.0 - 2.0 * MARGIN_MM,
        page.1 - 2.0 * MARGIN_MM - HEADER_MM,
    )
}
