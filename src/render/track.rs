//! The off-map board: turn record boxes and holding boxes (pools, eliminated units), each a labelled
//! rectangle that the module declares as a VASSAL region at the same place.

use super::canvas::{encode, fill_rect, new_pixmap, stroke_rect, Color, RenderError};
use super::lines;
use super::text::{self, Align, Fonts};
use crate::concept::plan::{
    BOX_FIRST_BASELINE, BOX_LINE_SIZE, BOX_LINE_STEP, BOX_TITLE_SIZE, BOX_TITLE_STEP,
};

#[derive(Debug, Clone)]
pub struct BoxArt {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    /// First line bold (the box title), the others regular, from the top of the box.
    pub lines: Vec<String>,
    pub fill: Color,
}

#[derive(Debug, Clone)]
pub struct BoardArt {
    pub width: u32,
    pub height: u32,
    pub title: String,
    pub background: Color,
    pub boxes: Vec<BoxArt>,
    pub fonts: Fonts,
}

pub fn render_board(art: &BoardArt) -> Result<Vec<u8>, RenderError> {
    encode(draw_board(art)?)
}

/// An off-map board as pixels.
pub fn draw_board(art: &BoardArt) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut p = new_pixmap("off-map board", art.width, art.height, art.background)?;
    let ink = Color::rgb(40, 40, 40);
    let title = text::fitted(
        &art.title,
        &art.fonts.bold(22.0, ink),
        art.width as f32 - 20.0,
        text::LEGIBLE_SIZE,
    );
    text::draw_text(&mut p, &art.title, &title, 10.0, 32.0, Align::Left);
    for b in &art.boxes {
        let (x, y, w, h) = (b.x as f32, b.y as f32, b.w as f32, b.h as f32);
        fill_rect(&mut p, x, y, w, h, b.fill);
        stroke_rect(&mut p, x, y, w, h, ink, 2.0);
        let mut baseline = y + BOX_FIRST_BASELINE;
        for (i, line) in b.lines.iter().enumerate() {
            let (style, step) = if i == 0 {
                (art.fonts.bold(BOX_TITLE_SIZE, ink), BOX_TITLE_STEP)
            } else {
                (art.fonts.regular(BOX_LINE_SIZE, ink), BOX_LINE_STEP)
            };
            // A line too long for the box at a legible size takes two lines.
            for (part, style) in lines::fit_or_wrap(line, &style, w - 8.0) {
                text::draw_text(&mut p, &part, &style, x + w / 2.0, baseline, Align::Centre);
                baseline += step;
            }
        }
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_drawn_where_declared() {
        let art = BoardArt {
            width: 200,
            height: 120,
            title: "Track".into(),
            background: Color::WHITE,
            boxes: vec![BoxArt {
                x: 10,
                y: 40,
                w: 100,
                h: 70,
                lines: vec!["Turn 1".into(), "2 Oct".into()],
                fill: Color::rgb(200, 150, 100),
            }],
            fonts: Fonts::default(),
        };
        let png = render_board(&art).unwrap();
        let p = tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((p.width(), p.height()), (200, 120));
        let c = p.pixel(60, 100).unwrap().demultiply();
        assert_eq!((c.red(), c.green(), c.blue()), (200, 150, 100));
        assert_eq!(render_board(&art).unwrap(), png);
    }
}
