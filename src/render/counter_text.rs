//! The texts of a counter face, each fitted to its place without going below the legible size: a
//! unit's id in the top band, clear of its size symbol, and its values at the foot; a marker's title
//! and text as one block, a word its title shows printed once.

use super::canvas::Color;
use super::lines;
use super::text::{self, Align, Fonts, TextStyle, LEGIBLE_SIZE};
use tiny_skia::Pixmap;

/// The width a unit's label may take on a counter of edge `size`.
pub fn label_room(size: u32) -> f32 {
    size as f32 * 0.9
}

/// The gap between the ink of a unit's id and of its size symbol, in pixels: closer, they read as
/// one text ("2" over "XXXX").
pub(super) const ID_CLEARANCE: f32 = 1.5;
/// The least gap between a unit's id and the counter's top edge, in pixels.
const ID_TOP: f32 = 0.5;

/// The unit id (or a marker's title) centred in the top band, its ink above the band's foot (a
/// descender raises it); one too long for one line even at the smallest size is wrapped at that
/// size, the lines centred on the band.
pub(super) fn draw_id(p: &mut Pixmap, id: &str, style: &TextStyle, s: f32, band_h: f32) {
    let (max_width, min_size) = (label_room(s as u32), LEGIBLE_SIZE);
    let (size, fits) = text::fit(id, style, max_width, min_size);
    if fits {
        let (up, down) = text::ink_extent(id, &style.with_size(size));
        // Shrunk (within the floor) until its ink fits the band, then raised to clear the
        // band's foot, but never above the counter's top edge.
        let room = band_h - ID_TOP;
        let size = if up + down > room {
            (size * room / (up + down)).max(min_size)
        } else {
            size
        };
        let style = style.with_size(size);
        let (up, down) = text::ink_extent(id, &style);
        let centred = text::centred_baseline(&style, band_h * 0.52);
        let baseline = centred.min(band_h - down).max(up + ID_TOP);
        text::draw_text(p, id, &style, s / 2.0, baseline, Align::Centre);
        return;
    }
    let lines = lines::fit_block(&[(id, &style.with_size(size))], max_width, band_h);
    let Some((_, small)) = lines.first() else {
        return;
    };
    let line_height = text::measure("", small).line_height();
    let first = band_h * 0.52 - (lines.len() - 1) as f32 * line_height / 2.0;
    for (i, (line, style)) in lines.iter().enumerate() {
        let centre = first + i as f32 * line_height;
        text::draw_text_centred(p, line, style, s / 2.0, centre);
    }
}

/// The printed values, large at the bottom. A text too long for one line even at the smallest size
/// (a marker's sentence) is wrapped into lines stacked up from the bottom, shrunk (never below the
/// legible size) before any word is cut, so that no text leaves the counter.
pub(super) fn draw_values(p: &mut Pixmap, values: &str, style: &TextStyle, s: f32) {
    let (max_width, min_size) = (s * 0.92, LEGIBLE_SIZE);
    let (size, fits) = text::fit(values, style, max_width, min_size);
    if fits {
        text::draw_text_centred(p, values, &style.with_size(size), s / 2.0, s * 0.83);
        return;
    }
    let small = style.with_size(text::legible(s * 0.12));
    let lines = lines::fit_block(&[(values, &small)], max_width, s * 0.3);
    let Some((_, small)) = lines.first() else {
        return;
    };
    let line_height = text::measure("", small).line_height();
    let last = s * 0.93;
    for (i, (line, style)) in lines.iter().enumerate() {
        let baseline = last - (lines.len() - 1 - i) as f32 * line_height;
        text::draw_text(p, line, style, s / 2.0, baseline, Align::Centre);
    }
}

/// A marker's title (bold) and text, wrapped and shrunk together to fill the face, centred on it,
/// never below the legible size; a title with no text starts at the text's large size.
pub(super) fn draw_marker_texts(
    p: &mut Pixmap,
    [id, unit_size, values]: [&str; 3],
    fonts: &Fonts,
    fg: Color,
    s: f32,
) {
    let size = fonts.bold(s * 0.2, fg);
    let big = fonts.bold(s * 0.29, fg);
    let printed = [unit_size, values].map(|text| if repeats(id, text) { "" } else { text });
    // A title alone fills the face as its big word did.
    let alone = printed.iter().all(|t| t.trim().is_empty());
    let title = if alone { big.clone() } else { size.clone() };
    let lines = lines::fit_block(
        &[(id, &title), (printed[0], &size), (printed[1], &big)],
        s * 0.9,
        s * 0.9,
    );
    let height: f32 = lines
        .iter()
        .map(|(_, st)| lines::block_line_height(st))
        .sum();
    let mut top = (s - height) / 2.0;
    for (line, style) in &lines {
        let advance = lines::block_line_height(style);
        text::draw_text_centred(p, line, style, s / 2.0, top + advance / 2.0);
        top += advance;
    }
}

/// Whether a marker's printed `text` only repeats a word its `title` already shows ("Soviet
/// Morale" over "MORALE", 「ソ連軍戦意」 over 「戦意」): the face then shows the word once.
pub(crate) fn repeats(title: &str, text: &str) -> bool {
    let (title, text) = (title.to_lowercase(), text.trim().to_lowercase());
    if text.is_empty() {
        return false;
    }
    if text.is_ascii() {
        title
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == text)
    } else {
        title.contains(&text)
    }
}
