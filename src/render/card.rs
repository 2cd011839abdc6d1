//! A playing card face: deck colour, name, printed name, one badge per use (its icon and name), and
//! notes (restrictions, errata, what the sources do not give).

use super::canvas::{encode, fill, new_pixmap, stroke_rect, Color, RenderError};
use super::text::{self, Align, Fonts};
use tiny_skia::{PathBuilder, Pixmap, Rect};

#[derive(Debug, Clone)]
pub struct CardArt {
    pub width: u32,
    pub height: u32,
    pub background: Color,
    pub foreground: Color,
    pub title: String,
    pub subtitle: String,
    /// (icon text, use name) per use printed on the card.
    pub uses: Vec<(String, String)>,
    pub notes: Vec<String>,
    pub fonts: Fonts,
}

pub fn render_card(art: &CardArt) -> Result<Vec<u8>, RenderError> {
    encode(draw_card(art)?)
}

/// A card face as pixels.
pub fn draw_card(art: &CardArt) -> Result<Pixmap, RenderError> {
    let mut p = new_pixmap("card", art.width, art.height, art.background)?;
    let (w, h) = (art.width as f32, art.height as f32);
    let fg = art.foreground;
    stroke_rect(&mut p, 3.0, 3.0, w - 6.0, h - 6.0, fg, 2.0);
    let title = text::fitted(&art.title, &art.fonts.bold(17.0, fg), w - 16.0, 8.0);
    text::draw_text(&mut p, &art.title, &title, w / 2.0, 26.0, Align::Centre);
    let mut y = 44.0;
    if !art.subtitle.is_empty() {
        let sub = text::fitted(&art.subtitle, &art.fonts.regular(12.0, fg), w - 16.0, 7.0);
        text::draw_text(&mut p, &art.subtitle, &sub, w / 2.0, y, Align::Centre);
        y += 18.0;
    }
    for (icon, name) in &art.uses {
        // A badge: the icon text in a filled rounded box, the use's name beside it.
        let badge_w = 54.0;
        if let Some(rect) = Rect::from_xywh(10.0, y, badge_w, 22.0) {
            let path = PathBuilder::from_rect(rect);
            fill(&mut p, &path, fg);
        }
        let icon_style = text::fitted(
            icon,
            &art.fonts.bold(12.0, art.background),
            badge_w - 6.0,
            6.0,
        );
        text::draw_text_centred(&mut p, icon, &icon_style, 10.0 + badge_w / 2.0, y + 11.0);
        let name_style = text::fitted(name, &art.fonts.regular(11.0, fg), w - badge_w - 28.0, 6.0);
        text::draw_text(
            &mut p,
            name,
            &name_style,
            18.0 + badge_w,
            y + 15.0,
            Align::Left,
        );
        y += 28.0;
    }
    let note_style = art.fonts.regular(10.0, fg);
    for note in &art.notes {
        for line in super::lines::wrap(note, &note_style, w - 20.0) {
            if y + 14.0 > h - 6.0 {
                break;
            }
            y += 13.0;
            text::draw_text(&mut p, &line, &note_style, 10.0, y, Align::Left);
        }
        y += 4.0;
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_deterministically_with_badges() {
        let art = CardArt {
            width: 180,
            height: 250,
            background: Color::rgb(74, 74, 74),
            foreground: Color::WHITE,
            title: "Air Support".into(),
            subtitle: "航空支援".into(),
            uses: vec![("±1".into(), "Combat shift".into())],
            notes: vec!["Uses not printed in the sources.".into()],
            fonts: Fonts::default(),
        };
        let a = render_card(&art).unwrap();
        assert_eq!(a, render_card(&art).unwrap());
        let p = tiny_skia::Pixmap::decode_png(&a).unwrap();
        assert_eq!((p.width(), p.height()), (180, 250));
        // The badge is filled with the foreground colour.
        let c = p.pixel(12, 70).unwrap().demultiply();
        assert_eq!((c.red(), c.green(), c.blue()), (255, 255, 255));
    }
}
