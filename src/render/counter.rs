//! Counter faces in the classic layout.
//!
//! ```text
//! +-----------------+
//! |      XXIV       |   unit id (shrunk to fit; on a band when the face is reduced)
//! |       XXX       |   unit size symbol
//! |   +---------+   |
//! |   |  \   /  |   |   NATO type box
//! |   |  /   \  |   |
//! |   +---------+   |
//! |      12-6       |   printed values, large
//! +-----------------+
//! ```
//!
//! A face may also show its remaining steps as a column of dots right of the box (a game whose
//! counters print step symbols; the dot stands in for the printed glyph).
//!
//! NATO symbols drawn in the box (see [`NatoSymbol`]):
//! - infantry: the box's two diagonals (a cross);
//! - armor: an oval (a "track": a rectangle with round ends);
//! - mechanized: the infantry cross and the armor oval;
//! - shock: the infantry cross plus a solid bar filling the bottom of the box (not a NATO symbol; our
//!   own mark for shock armies, so they stand apart from plain infantry);
//! - cavalry: one diagonal, bottom left to top right;
//! - artillery: a solid dot;
//! - engineer: APP-6's bridge, an `E` on its back: a bar across the box's middle with three legs
//!   down (at its ends and its middle);
//! - headquarters: the empty box on APP-6's staff, a line down from its lower left corner;
//!
//! and two marks any symbol may carry: the HQ staff (`staff`), and the elite mark (`elite`), a
//! star in the foreground colour, rimmed in the background's, centred on the box's upper right
//! corner (APP-6 has no guard modifier; the star is our own, as wargames mark guard units);
//! - none: no box at all (markers).
//!
//! The texts' layout is in `counter_text`.
//!
//! A reduced face carries a band in the foreground colour across the top of the counter, with the unit
//! id printed on it in the background colour, so reduced units can be told apart at a glance.

use super::canvas::{encode, fill, fill_rect, new_pixmap, stroke, stroke_rect, Color, RenderError};
use super::counter_text::{draw_id, draw_marker_texts, draw_values, ID_CLEARANCE};
use super::text::{self, Align, Fonts, LEGIBLE_SIZE};
use tiny_skia::{Path, PathBuilder, Pixmap};

pub use super::counter_text::label_room;

/// The symbol inside the NATO box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum NatoSymbol {
    #[default]
    Infantry,
    Armor,
    Mechanized,
    /// Infantry cross plus a solid bar along the bottom of the box.
    Shock,
    Cavalry,
    Artillery,
    /// The APP-6 engineer: a bridge (an `E` on its back, its three legs down) in the box.
    Engineer,
    /// A headquarters: the empty box on its staff.
    Headquarters,
    /// No box: the face shows only its texts.
    None,
}

/// One counter face.
#[derive(Debug, Clone)]
pub struct CounterArt {
    /// Edge length of the square counter in pixels.
    pub size: u32,
    pub background: Color,
    /// Colour of texts, box and symbol.
    pub foreground: Color,
    pub symbol: NatoSymbol,
    /// Size symbol above the box: `XXX` (corps), `XXXX` (army), ... May be empty.
    pub unit_size: String,
    /// Unit designation printed at the top: `XXIV`, `1st Shock`. May be empty.
    pub id: String,
    /// Printed values at the bottom: `12-6`.
    pub values: String,
    /// Mark the face as reduced (a band across the top).
    pub reduced_marker: bool,
    /// Remaining steps shown as marks beside the type box (0: none shown).
    pub step_marks: u32,
    /// The headquarters staff down from the box's lower left corner (drawn for `Headquarters` too).
    pub staff: bool,
    /// The elite (guard) star on the box's upper right corner.
    pub elite: bool,
    pub fonts: Fonts,
}

impl Default for CounterArt {
    fn default() -> CounterArt {
        CounterArt {
            size: 60,
            background: Color::WHITE,
            foreground: Color::BLACK,
            symbol: NatoSymbol::Infantry,
            unit_size: String::new(),
            id: String::new(),
            values: String::new(),
            reduced_marker: false,
            step_marks: 0,
            staff: false,
            elite: false,
            fonts: Fonts::default(),
        }
    }
}

/// Render a counter face to PNG.
pub fn render_counter(art: &CounterArt) -> Result<Vec<u8>, RenderError> {
    let pixmap = draw_counter(art)?;
    encode(pixmap)
}

/// Render a counter face to a pixmap (for composing sheets or previews).
pub fn draw_counter(art: &CounterArt) -> Result<Pixmap, RenderError> {
    let mut p = new_pixmap("counter", art.size, art.size, art.background)?;
    draw_counter_on(&mut p, art);
    Ok(p)
}

/// The texts of a face as its fonts' [`TextCapture`](super::text::TextCapture) keeps them, laid out
/// as [`draw_counter`] lays them out, without drawing the face: the shapes are drawn onto a single
/// pixel, outside of which tiny-skia draws nothing. The print kit sets these texts over a
/// [`draw_counter_picture`] shared by every face alike but for its texts.
pub fn lay_out_counter_texts(art: &CounterArt) -> Result<(), RenderError> {
    let mut p = new_pixmap("counter", 1, 1, art.background)?;
    draw_counter_on(&mut p, art);
    Ok(())
}

/// What a face's picture depends on once its texts are set apart: two faces with equal keys have
/// the same [`draw_counter_picture`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PictureKey {
    size: u32,
    background: Color,
    foreground: Color,
    symbol: NatoSymbol,
    reduced_marker: bool,
    step_marks: u32,
    staff: bool,
    elite: bool,
}

impl CounterArt {
    pub fn picture_key(&self) -> PictureKey {
        PictureKey {
            size: self.size,
            background: self.background,
            foreground: self.foreground,
            symbol: self.symbol,
            reduced_marker: self.reduced_marker,
            step_marks: self.step_marks,
            staff: self.staff,
            elite: self.elite,
        }
    }
}

/// The face without its texts: what [`draw_counter`] draws when its fonts capture every text.
pub fn draw_counter_picture(art: &CounterArt) -> Result<Pixmap, RenderError> {
    draw_counter(&CounterArt {
        unit_size: String::new(),
        id: String::new(),
        values: String::new(),
        ..art.clone()
    })
}

/// Draw a face of `art.size` pixels onto `p` (its own size or smaller: what falls outside is lost).
fn draw_counter_on(p: &mut Pixmap, art: &CounterArt) {
    let s = art.size as f32;
    let fg = art.foreground;
    let line = (s * 0.035).max(1.2);

    if art.symbol == NatoSymbol::None {
        // A marker: its title and text as one block over the whole face; a reduced face has a
        // thin band along the top, clear of the text.
        if art.reduced_marker {
            fill_rect(p, 0.0, 0.0, s, s * 0.05, fg);
        }
        let texts = [art.id.as_str(), art.unit_size.as_str(), art.values.as_str()];
        draw_marker_texts(p, texts, &art.fonts, art.foreground, s);
    } else {
        // Reduced band behind the id.
        let id_colour = if art.reduced_marker {
            fill_rect(p, 0.0, 0.0, s, s * 0.215, fg);
            art.background
        } else {
            fg
        };
        draw_unit_texts(p, art, id_colour, s, line);
    }

    // A thin edge so counters stand out from each other and from the map.
    stroke_rect(
        p,
        0.5,
        0.5,
        s - 1.0,
        s - 1.0,
        art.background.mix(Color::BLACK, 0.45),
        1.0,
    );
}

/// A unit's id in the top band, the NATO box with its size symbol above it, the values below.
fn draw_unit_texts(p: &mut Pixmap, art: &CounterArt, id_colour: Color, s: f32, line: f32) {
    let fg = art.foreground;
    let (bw, bh) = (s * 0.56, s * 0.31);
    let (bx, by) = ((s - bw) / 2.0, s * 0.36);
    // Size symbol, just above the box; the id keeps clear of what it draws.
    let size_style = text::fitted(
        &art.unit_size,
        &art.fonts.bold(text::legible(s * 0.125), fg),
        s * 0.9,
        LEGIBLE_SIZE,
    );
    let size_baseline = by - line - s * 0.025;
    let size_top = if art.unit_size.trim().is_empty() {
        by - line
    } else {
        size_baseline - text::ink_extent(&art.unit_size, &size_style).0
    };
    let band_h = (s * 0.215).min(size_top - ID_CLEARANCE);
    draw_id(
        p,
        &art.id,
        &art.fonts.bold(text::legible(s * 0.17), id_colour),
        s,
        band_h,
    );
    draw_symbol(p, art.symbol, (bx, by, bw, bh), fg, line);
    stroke_rect(p, bx, by, bw, bh, fg, line);
    if art.staff || art.symbol == NatoSymbol::Headquarters {
        // APP-6's staff: down from the lower left corner, as long as a third of the box's height.
        if let Some(path) = super::canvas::segment((bx, by + bh), (bx, by + bh + bh * 0.36)) {
            stroke(p, &path, fg, line);
        }
    }
    if art.elite {
        draw_elite_star(p, (bx + bw, by), s * 0.085, fg, art.background);
    }
    draw_step_marks(p, art.step_marks, (bx + bw, by, bh), s, fg);
    text::draw_text(
        p,
        &art.unit_size,
        &size_style,
        s / 2.0,
        size_baseline,
        Align::Centre,
    );
    draw_values(p, &art.values, &art.fonts.bold(s * 0.29, fg), s);
}

fn draw_symbol(
    p: &mut Pixmap,
    symbol: NatoSymbol,
    (x, y, w, h): (f32, f32, f32, f32),
    fg: Color,
    line: f32,
) {
    let cross = |p: &mut Pixmap| {
        if let Some(path) = diagonals(x, y, w, h) {
            stroke(p, &path, fg, line * 0.85);
        }
    };
    let oval = |p: &mut Pixmap| {
        let (ow, oh) = (w * 0.66, h * 0.5);
        if let Some(path) = stadium(x + (w - ow) / 2.0, y + (h - oh) / 2.0, ow, oh) {
            stroke(p, &path, fg, line * 0.85);
        }
    };
    match symbol {
        NatoSymbol::Infantry => cross(p),
        NatoSymbol::Armor => oval(p),
        NatoSymbol::Mechanized => {
            cross(p);
            oval(p);
        }
        NatoSymbol::Shock => {
            cross(p);
            let bar = h * 0.26;
            fill_rect(p, x, y + h - bar, w, bar, fg);
        }
        NatoSymbol::Cavalry => {
            if let Some(path) = super::canvas::segment((x, y + h), (x + w, y)) {
                stroke(p, &path, fg, line * 0.85);
            }
        }
        NatoSymbol::Artillery => {
            if let Some(path) = PathBuilder::from_circle(x + w / 2.0, y + h / 2.0, h * 0.17) {
                fill(p, &path, fg);
            }
        }
        NatoSymbol::Engineer => {
            // The bridge: a bar across the box with a leg down at each end and in the middle.
            let (ew, eh) = (w * 0.5, h * 0.34);
            let (l, t) = (x + (w - ew) / 2.0, y + (h - eh) / 2.0);
            let mut pb = PathBuilder::new();
            pb.move_to(l, t + eh);
            pb.line_to(l, t);
            pb.line_to(l + ew, t);
            pb.line_to(l + ew, t + eh);
            pb.move_to(l + ew / 2.0, t);
            pb.line_to(l + ew / 2.0, t + eh);
            if let Some(path) = pb.finish() {
                stroke(p, &path, fg, line * 0.85);
            }
        }
        NatoSymbol::Headquarters | NatoSymbol::None => {}
    }
}

/// A five-pointed star of outer radius `r` centred on `(cx, cy)`, filled with `fg` and rimmed with
/// `rim`, so it shows on the box's edge and on the counter alike.
fn draw_elite_star(p: &mut Pixmap, (cx, cy): (f32, f32), r: f32, fg: Color, rim: Color) {
    let mut pb = PathBuilder::new();
    for i in 0..10 {
        let radius = if i % 2 == 0 { r } else { r * 0.45 };
        let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
        let (px, py) = (cx + radius * a.cos(), cy + radius * a.sin());
        if i == 0 {
            pb.move_to(px, py);
        } else {
            pb.line_to(px, py);
        }
    }
    pb.close();
    if let Some(path) = pb.finish() {
        stroke(p, &path, rim, (r * 0.3).max(1.0));
        fill(p, &path, fg);
    }
}

/// `steps` dots in a column centred on the box's height, in the margin right of the box (whose right
/// edge is `right`); they shrink to fit when there are many.
fn draw_step_marks(
    p: &mut Pixmap,
    steps: u32,
    (right, top, height): (f32, f32, f32),
    s: f32,
    fg: Color,
) {
    if steps == 0 {
        return;
    }
    let n = steps as f32;
    let gap = s * 0.025;
    let diameter = (s * 0.075).min((height - gap * (n - 1.0)) / n);
    let x = (right + s) / 2.0;
    let column = diameter * n + gap * (n - 1.0);
    let first = top + (height - column) / 2.0 + diameter / 2.0;
    for i in 0..steps {
        let y = first + i as f32 * (diameter + gap);
        if let Some(dot) = PathBuilder::from_circle(x, y, diameter / 2.0) {
            fill(p, &dot, fg);
        }
    }
}

fn diagonals(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(x, y);
    pb.line_to(x + w, y + h);
    pb.move_to(x + w, y);
    pb.line_to(x, y + h);
    pb.finish()
}

/// A rectangle with semicircular ends (the NATO armour "track").
pub(crate) fn stadium(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    let r = (h / 2.0).min(w / 2.0);
    // Cubic approximation of a quarter circle.
    let k = 0.552_284_8 * r;
    let (l, t, rt, b) = (x, y, x + w, y + h);
    let mut pb = PathBuilder::new();
    pb.move_to(l + r, t);
    pb.line_to(rt - r, t);
    pb.cubic_to(rt - r + k, t, rt, t + r - k, rt, t + r);
    pb.line_to(rt, b - r);
    pb.cubic_to(rt, b - r + k, rt - r + k, b, rt - r, b);
    pb.line_to(l + r, b);
    pb.cubic_to(l + r - k, b, l, b - r + k, l, b - r);
    pb.line_to(l, t + r);
    pb.cubic_to(l, t + r - k, l + r - k, t, l + r, t);
    pb.close();
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::testutil::*;

    fn german() -> CounterArt {
        CounterArt {
            size: 60,
            background: Color::parse("#9a9a9a").unwrap(),
            foreground: Color::BLACK,
            symbol: NatoSymbol::Armor,
            unit_size: "XXX".into(),
            id: "XXIV".into(),
            values: "12-6".into(),
            reduced_marker: false,
            step_marks: 0,
            staff: false,
            elite: false,
            fonts: Fonts::default(),
        }
    }

    /// The print kit draws one picture per [`PictureKey`] and lays out each face's texts apart:
    /// that must give the pixels and texts of drawing each face whole with its texts captured.
    #[test]
    fn a_picture_and_texts_laid_out_apart_are_the_face_drawn_with_its_texts_captured() {
        use crate::render::text::TextCapture;
        let marker = CounterArt {
            symbol: NatoSymbol::None,
            id: "Out of Supply".into(),
            values: "a sentence long enough to be wrapped onto several lines of the face".into(),
            reduced_marker: true,
            ..german()
        };
        let reduced = CounterArt {
            reduced_marker: true,
            step_marks: 3,
            symbol: NatoSymbol::Shock,
            id: "1st Shock Army of the Moscow Front".into(),
            ..german()
        };
        for art in [german(), marker, reduced] {
            let art = CounterArt { size: 236, ..art };
            let whole = TextCapture::new();
            let drawn = draw_counter(&CounterArt {
                fonts: art.fonts.capturing(&whole),
                ..art.clone()
            })
            .unwrap();
            let apart = TextCapture::new();
            lay_out_counter_texts(&CounterArt {
                fonts: art.fonts.capturing(&apart),
                ..art.clone()
            })
            .unwrap();
            assert!(!whole.texts().is_empty());
            assert_eq!(
                format!("{:?}", whole.texts()),
                format!("{:?}", apart.texts())
            );
            assert!(drawn.data() == draw_counter_picture(&art).unwrap().data());
            let other = CounterArt {
                id: "changed".into(),
                values: "9-9".into(),
                ..art.clone()
            };
            assert_eq!(art.picture_key(), other.picture_key());
        }
        let not_reduced = CounterArt {
            size: 236,
            ..german()
        };
        let reduced = CounterArt {
            reduced_marker: true,
            ..not_reduced.clone()
        };
        assert_ne!(not_reduced.picture_key(), reduced.picture_key());
        assert!(
            draw_counter_picture(&not_reduced).unwrap().data()
                != draw_counter_picture(&reduced).unwrap().data()
        );
    }

    #[test]
    fn counter_is_a_png_of_the_right_size() {
        let png = render_counter(&german()).unwrap();
        let p = decode(&png);
        assert_eq!((p.width(), p.height()), (60, 60));
        // Background in a corner away from texts; dark values at the bottom.
        assert_eq!(rgba(&p, 4, 30), (0x9a, 0x9a, 0x9a, 255));
        assert!(has_dark(&p, 15, 44, 45, 56, 60));
    }

    #[test]
    fn rendering_is_deterministic() {
        let art = german();
        assert_eq!(render_counter(&art).unwrap(), render_counter(&art).unwrap());
    }

    #[test]
    fn reduced_faces_differ_visibly_at_the_top() {
        let mut art = german();
        art.reduced_marker = true;
        let p = decode(&render_counter(&art).unwrap());
        // The band is foreground (black) at the top corners.
        assert_eq!(rgba(&p, 3, 4), (0, 0, 0, 255));
        assert_eq!(rgba(&p, 56, 4), (0, 0, 0, 255));
    }

    #[test]
    fn step_marks_are_dots_right_of_the_box_one_per_step() {
        // The margin right of the box (x 47..60) is background without marks.
        let bare = decode(&render_counter(&german()).unwrap());
        assert!(!has_dark(&bare, 48, 20, 58, 42, 60));
        // Three steps: three dark dots stacked in that margin, separated by background.
        let three = decode(
            &render_counter(&CounterArt {
                step_marks: 3,
                ..german()
            })
            .unwrap(),
        );
        let column: Vec<bool> = (18..44).map(|y| rgba(&three, 53, y).0 < 0x40).collect();
        let dots = column.windows(2).filter(|w| w[1] && !w[0]).count() + usize::from(column[0]);
        assert_eq!(dots, 3, "{column:?}");
    }

    #[test]
    fn a_sentence_too_long_for_one_line_wraps_inside_the_counter() {
        let marker = CounterArt {
            background: Color::WHITE,
            symbol: NatoSymbol::None,
            values: "Not known (printed on the turn track)".into(),
            ..german()
        };
        let p = decode(&render_counter(&marker).unwrap());
        // Nothing dark just inside the left and right edges, where one long line would run.
        assert!(!has_dark(&p, 2, 25, 3, 58, 128));
        assert!(!has_dark(&p, 57, 25, 58, 58, 128));
        // The words are there, on more than one line: dark pixels in two bands.
        assert!(has_dark(&p, 5, 44, 55, 49, 128));
        assert!(has_dark(&p, 5, 51, 55, 56, 128));
    }

    /// A marker whose printed word repeats its title's shows it once: "Soviet Morale" over
    /// "MORALE" is the face of "Soviet Morale" alone; a text that adds a word is still drawn.
    #[test]
    fn a_marker_shows_a_word_of_its_title_once() {
        let chit = |id: &str, values: &str| CounterArt {
            background: Color::WHITE,
            symbol: NatoSymbol::None,
            id: id.into(),
            values: values.into(),
            ..german()
        };
        let face = |art: CounterArt| render_counter(&art).unwrap();
        assert_eq!(
            face(chit("Soviet Morale", "MORALE")),
            face(chit("Soviet Morale", ""))
        );
        assert_ne!(
            face(chit("Soviet Damage", "DMG")),
            face(chit("Soviet Damage", ""))
        );
        use crate::render::counter_text::repeats;
        assert!(repeats("ソ連軍戦意", "戦意") && !repeats("ソ連軍戦意", "モラル"));
        assert!(!repeats("Moralebox", "MORALE"));
    }

    /// A unit's id stands clear of its size symbol, a descender too: the rows the id inks and the
    /// rows the size symbol inks have a blank row between them (issue 48: "p.14" over "III",
    /// "2" over "XXXX").
    #[test]
    fn a_units_id_keeps_clear_of_its_size_symbol() {
        for (id, size) in [
            ("p.14", "III"),
            ("2", "XXXX"),
            ("4 R", "XXXX"),
            ("Gy", "XX"),
        ] {
            let unit = CounterArt {
                id: id.into(),
                unit_size: size.into(),
                ..german()
            };
            let full = decode(&render_counter(&unit).unwrap());
            let no_id = decode(
                &render_counter(&CounterArt {
                    id: String::new(),
                    ..unit.clone()
                })
                .unwrap(),
            );
            let inked =
                |p: &Pixmap, y: u32| (3..57).any(|x| p.pixel(x, y).is_some_and(|c| c.red() < 128));
            let differs = |y: u32| (3..57).any(|x| full.pixel(x, y) != no_id.pixel(x, y));
            let id_bottom = (1..21)
                .filter(|&y| differs(y))
                .max()
                .expect("the id is drawn");
            let size_top = (1..21)
                .find(|&y| inked(&no_id, y))
                .expect("the size is drawn");
            assert!(
                id_bottom + 1 < size_top,
                "{id} over {size}: id ends at row {id_bottom}, size starts at {size_top}"
            );
        }
    }

    #[test]
    fn a_title_too_long_for_one_line_wraps_inside_the_counter() {
        let marker = CounterArt {
            background: Color::WHITE,
            symbol: NatoSymbol::None,
            id: "Soviet Morale Damage and a little more".into(),
            ..german()
        };
        let p = decode(&render_counter(&marker).unwrap());
        assert!(!has_dark(&p, 2, 1, 3, 16, 128));
        assert!(!has_dark(&p, 57, 1, 58, 16, 128));
        assert!(has_dark(&p, 5, 1, 55, 16, 128));
    }

    #[test]
    fn all_symbols_render_and_differ() {
        let symbols = [
            NatoSymbol::Infantry,
            NatoSymbol::Armor,
            NatoSymbol::Mechanized,
            NatoSymbol::Shock,
            NatoSymbol::Cavalry,
            NatoSymbol::Artillery,
            NatoSymbol::Engineer,
            NatoSymbol::Headquarters,
            NatoSymbol::None,
        ];
        let mut seen = Vec::new();
        for symbol in symbols {
            let png = render_counter(&CounterArt { symbol, ..german() }).unwrap();
            assert!(!seen.contains(&png), "{symbol:?}");
            seen.push(png);
        }
        // The marks change every symbol they are put on, each its own way.
        for symbol in symbols.into_iter().filter(|s| *s != NatoSymbol::None) {
            let plain = render_counter(&CounterArt { symbol, ..german() }).unwrap();
            let staff = CounterArt {
                symbol,
                staff: true,
                ..german()
            };
            let elite = CounterArt {
                symbol,
                elite: true,
                ..german()
            };
            let (staff, elite) = (
                render_counter(&staff).unwrap(),
                render_counter(&elite).unwrap(),
            );
            if symbol != NatoSymbol::Headquarters {
                assert_ne!(plain, staff, "{symbol:?} with the HQ staff");
            }
            assert_ne!(plain, elite, "{symbol:?} with the elite mark");
            assert_ne!(staff, elite, "{symbol:?}");
        }
    }

    /// Each new symbol draws where APP-6 puts it: the engineer's bridge inside the box (its bar
    /// above the centre, its legs below, the centre line clear between the legs), the HQ staff
    /// below the box's lower left corner, the elite star on its upper right corner.
    #[test]
    fn engineer_hq_and_elite_draw_where_app6_puts_them() {
        let bare = CounterArt {
            size: 120,
            background: Color::WHITE,
            values: String::new(),
            ..german()
        };
        let s = 120.0f32;
        let (bw, bh) = (s * 0.56, s * 0.31);
        let (bx, by) = ((s - bw) / 2.0, s * 0.36);
        let dark =
            |p: &Pixmap, x: f32, y: f32| rgba(p, x.round() as u32, y.round() as u32).0 < 0x60;
        let engineer = decode(
            &render_counter(&CounterArt {
                symbol: NatoSymbol::Engineer,
                ..bare.clone()
            })
            .unwrap(),
        );
        let (ew, eh) = (bw * 0.5, bh * 0.34);
        let (l, t) = (bx + (bw - ew) / 2.0, by + (bh - eh) / 2.0);
        assert!(dark(&engineer, l + ew * 0.25, t), "the bridge's bar");
        for leg in [l, l + ew / 2.0, l + ew] {
            assert!(dark(&engineer, leg, t + eh * 0.7), "a leg at {leg}");
        }
        assert!(
            !dark(&engineer, l + ew * 0.25, t + eh * 0.7),
            "open between the legs"
        );
        assert!(!dark(&engineer, bx + 3.0, by + 3.0), "no infantry cross");
        let hq = decode(
            &render_counter(&CounterArt {
                symbol: NatoSymbol::Headquarters,
                ..bare.clone()
            })
            .unwrap(),
        );
        let plain = decode(
            &render_counter(&CounterArt {
                symbol: NatoSymbol::Infantry,
                ..bare.clone()
            })
            .unwrap(),
        );
        let below = by + bh + bh * 0.25;
        assert!(
            dark(&hq, bx, below),
            "the staff below the lower left corner"
        );
        assert!(!dark(&plain, bx, below));
        assert!(!dark(&hq, bx + bw, below), "no staff on the right");
        assert!(!dark(&hq, bx + bw / 2.0, by + bh / 2.0), "an empty box");
        let elite = decode(
            &render_counter(&CounterArt {
                elite: true,
                ..bare.clone()
            })
            .unwrap(),
        );
        let armour = decode(&render_counter(&bare).unwrap());
        // Above the box's upper right corner, in the star's top point: only the star is there.
        let (cx, cy) = (bx + bw, by - s * 0.085 * 0.6);
        assert!(dark(&elite, cx, cy) && !dark(&armour, cx, cy));
    }

    #[test]
    fn odd_inputs_are_errors_or_harmless() {
        assert!(matches!(
            render_counter(&CounterArt {
                size: 0,
                ..german()
            }),
            Err(RenderError::BadSize { .. })
        ));
        let odd = CounterArt {
            id: "第1打撃軍 \u{0} 🙂".into(),
            values: "".into(),
            unit_size: "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX".into(),
            size: 3,
            ..german()
        };
        render_counter(&odd).unwrap();
    }

    /// The sample faces: a German and a Soviet counter of each symbol, full and reduced.
    fn sample_arts() -> Vec<(&'static str, CounterArt)> {
        let red = Color::parse("#c8322d").unwrap();
        let yellow = Color::parse("#ffe9a0").unwrap();
        let grey = Color::parse("#a9aeb4").unwrap();
        let faces = [
            (
                "ger-armor",
                grey,
                Color::BLACK,
                NatoSymbol::Armor,
                "XXX",
                "XXIV",
                "12-6",
                false,
            ),
            (
                "ger-armor-r",
                grey,
                Color::BLACK,
                NatoSymbol::Armor,
                "XXX",
                "XXIV",
                "6-6",
                true,
            ),
            (
                "ger-inf",
                grey,
                Color::BLACK,
                NatoSymbol::Infantry,
                "XXX",
                "VII",
                "8-4",
                false,
            ),
            (
                "sov-inf",
                red,
                yellow,
                NatoSymbol::Infantry,
                "XXXX",
                "16",
                "5-4",
                false,
            ),
            (
                "sov-inf-r",
                red,
                yellow,
                NatoSymbol::Infantry,
                "XXXX",
                "16",
                "2-4",
                true,
            ),
            (
                "sov-shock",
                red,
                yellow,
                NatoSymbol::Shock,
                "XXXX",
                "1st Shock",
                "8-4",
                false,
            ),
            (
                "sov-mech",
                red,
                yellow,
                NatoSymbol::Mechanized,
                "XXX",
                "1 Gd",
                "6-6",
                false,
            ),
            (
                "sov-cav",
                red,
                yellow,
                NatoSymbol::Cavalry,
                "XX",
                "2 Cav",
                "3-8",
                false,
            ),
        ];
        faces
            .iter()
            .map(|(name, bg, fg, symbol, size, id, values, reduced)| {
                let art = CounterArt {
                    size: 60,
                    background: *bg,
                    foreground: *fg,
                    symbol: *symbol,
                    unit_size: size.to_string(),
                    id: id.to_string(),
                    values: values.to_string(),
                    reduced_marker: *reduced,
                    step_marks: 0,
                    staff: false,
                    elite: false,
                    fonts: Fonts::default(),
                };
                (*name, art)
            })
            .collect()
    }

    #[test]
    #[ignore = "writes sample images to render-samples in the temporary folder"]
    fn write_counter_samples() {
        let dir = sample_dir();
        let samples = sample_arts();
        for (name, art) in &samples {
            let png = render_counter(art).unwrap();
            std::fs::write(dir.join(format!("counter-{name}.png")), png).unwrap();
        }
        let arts: Vec<CounterArt> = samples.into_iter().map(|(_, art)| art).collect();
        write_sample_sheets(&dir, &arts);
    }

    /// The faces at 60 px, the same enlarged 4x (nearest neighbour, to judge pixels), and drawn
    /// at 120 px, each a sheet.
    fn write_sample_sheets(dir: &std::path::Path, arts: &[CounterArt]) {
        let n = arts.len() as u32;
        let mut sheet = Pixmap::new(n * 70 + 10, 70).unwrap();
        let mut zoom = Pixmap::new((n * 70 + 10) * 4, 280).unwrap();
        let mut big = Pixmap::new(n * 130 + 10, 130).unwrap();
        for p in [&mut sheet, &mut zoom, &mut big] {
            p.fill(tiny_skia::Color::WHITE);
        }
        let nearest = tiny_skia::PixmapPaint {
            quality: tiny_skia::FilterQuality::Nearest,
            ..Default::default()
        };
        let id = tiny_skia::Transform::identity();
        for (i, art) in arts.iter().enumerate() {
            let x = i as i32 * 70 + 5;
            let face = draw_counter(art).unwrap();
            sheet.draw_pixmap(x, 5, face.as_ref(), &nearest, id, None);
            zoom.draw_pixmap(
                x,
                5,
                face.as_ref(),
                &nearest,
                tiny_skia::Transform::from_scale(4.0, 4.0),
                None,
            );
            let large = draw_counter(&CounterArt {
                size: 120,
                ..art.clone()
            })
            .unwrap();
            big.draw_pixmap(i as i32 * 130 + 5, 5, large.as_ref(), &nearest, id, None);
        }
        sheet.save_png(dir.join("counters-60.png")).unwrap();
        zoom.save_png(dir.join("counters-60-zoom.png")).unwrap();
        big.save_png(dir.join("counters-120.png")).unwrap();
    }
}
