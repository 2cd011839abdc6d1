//! How a line through hexes looks (a road, a railway, a track, a designer's own): colour, width,
//! dashes, a casing under it and cross-ties. The map draws its lines with it, and the terrain
//! effects chart draws a sample of each beside the feature's name, so the legend shows what the map
//! shows.

use super::canvas::{polyline, round_stroke, stroke, stroke_with, Color};
use tiny_skia::{LineCap, LineJoin, PathBuilder, Pixmap, Stroke, StrokeDash};

/// Cross-ties across a line: each `length` long and `width` thick, one every `spacing` along it,
/// the first half a spacing from its start.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ties {
    pub length: f32,
    pub spacing: f32,
    pub width: f32,
}

/// The look of one line.
#[derive(Debug, Clone, PartialEq)]
pub struct LineLook {
    pub color: Color,
    pub width: f32,
    /// Lengths drawn and left out in turn; empty for a solid line.
    pub dash: Vec<f32>,
    /// A wider line drawn under it: its colour and how far it shows on each side.
    pub casing: Option<(Color, f32)>,
    pub ties: Option<Ties>,
}

impl LineLook {
    /// A railway, as every map line was drawn before line styles: a line `dy × 0.04` wide (at least
    /// 1.5 px) over ties `dy × 0.15` long every `dy × 0.14` (`dy`: the hex height).
    pub fn rail(color: Color, dy: f32) -> LineLook {
        LineLook {
            color,
            width: (dy * 0.04).max(1.5),
            dash: Vec::new(),
            casing: None,
            ties: Some(Ties {
                length: dy * 0.15,
                spacing: dy * 0.14,
                width: (dy * 0.025).max(1.0),
            }),
        }
    }

    /// A road: a solid line `dy × 0.06` wide (at least 2 px) on a light casing, so that it reads
    /// as a road and not as a river or an edge.
    pub fn road(color: Color, dy: f32) -> LineLook {
        LineLook {
            color,
            width: (dy * 0.06).max(2.0),
            dash: Vec::new(),
            casing: Some((Color::rgb(0xfa, 0xf6, 0xea), (dy * 0.015).max(0.75))),
            ties: None,
        }
    }

    /// A track (a minor road or trail): a thin line, `dy × 0.03` wide (at least 1.25 px), in dashes
    /// `dy × 0.1` long with gaps of `dy × 0.06`.
    pub fn track(color: Color, dy: f32) -> LineLook {
        let width = (dy * 0.03).max(1.25);
        LineLook {
            color,
            width,
            dash: vec![(dy * 0.1).max(2.0), (dy * 0.06).max(width * 1.5)],
            casing: None,
            ties: None,
        }
    }

    /// The same look `factor` times the size (a legend's sample of a map's line).
    pub fn scaled(&self, factor: f32) -> LineLook {
        LineLook {
            color: self.color,
            width: self.width * factor,
            dash: self.dash.iter().map(|d| d * factor).collect(),
            casing: self.casing.map(|(c, w)| (c, w * factor)),
            ties: self.ties.map(|t| Ties {
                length: t.length * factor,
                spacing: t.spacing * factor,
                width: t.width * factor,
            }),
        }
    }
}

fn dist(a: (f32, f32), b: (f32, f32)) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Draw a line through `points` (at least two) in `look`: the casing, the ties, then the line.
pub fn draw_line_look(p: &mut Pixmap, points: &[(f32, f32)], look: &LineLook) {
    if points.len() < 2 {
        return;
    }
    let Some(path) = polyline(points) else {
        return;
    };
    if let Some((casing, extra)) = look.casing {
        stroke_with(p, &path, casing, &round_stroke(look.width + 2.0 * extra));
    }
    if let Some(t) = look.ties {
        let spacing = t.spacing.max(0.5);
        let mut ties = PathBuilder::new();
        let mut next = spacing / 2.0;
        let mut travelled = 0.0f32;
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let len = dist(a, b);
            if len <= f32::EPSILON || !len.is_finite() {
                continue;
            }
            let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
            let (nx, ny) = (-uy * t.length / 2.0, ux * t.length / 2.0);
            while next <= travelled + len {
                let d = next - travelled;
                let (x, y) = (a.0 + ux * d, a.1 + uy * d);
                ties.move_to(x - nx, y - ny);
                ties.line_to(x + nx, y + ny);
                next += spacing;
            }
            travelled += len;
        }
        if let Some(ties) = ties.finish() {
            stroke(p, &ties, look.color, t.width);
        }
    }
    let dash = (!look.dash.is_empty())
        .then(|| StrokeDash::new(look.dash.clone(), 0.0))
        .flatten();
    let line = Stroke {
        width: look.width,
        // A dashed line's dashes end square, so a short gap stays a gap.
        line_cap: if dash.is_some() {
            LineCap::Butt
        } else {
            LineCap::Round
        },
        line_join: LineJoin::Round,
        dash,
        ..Stroke::default()
    };
    stroke_with(p, &path, look.color, &line);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::new_pixmap;

    fn drawn(look: &LineLook) -> Vec<u8> {
        let mut p = new_pixmap("test", 120, 40, Color::WHITE).unwrap();
        draw_line_look(&mut p, &[(10.0, 20.0), (110.0, 20.0)], look);
        p.data().to_vec()
    }

    /// Each built-in style draws, and no two alike: a road is not a railway.
    #[test]
    fn the_built_in_styles_draw_and_differ() {
        let black = Color::BLACK;
        let looks = [
            LineLook::rail(black, 80.0),
            LineLook::road(black, 80.0),
            LineLook::track(black, 80.0),
        ];
        let blank = new_pixmap("test", 120, 40, Color::WHITE)
            .unwrap()
            .data()
            .to_vec();
        let images: Vec<Vec<u8>> = looks.iter().map(drawn).collect();
        for (look, image) in looks.iter().zip(&images) {
            assert_ne!(image, &blank, "{look:?} draws nothing");
        }
        for i in 0..images.len() {
            for j in i + 1..images.len() {
                assert_ne!(images[i], images[j], "{:?} = {:?}", looks[i], looks[j]);
            }
        }
        // The track's dashes leave gaps along the line; the road has none.
        let mut p = new_pixmap("test", 120, 40, Color::WHITE).unwrap();
        draw_line_look(&mut p, &[(10.0, 20.0), (110.0, 20.0)], &looks[2]);
        let row: Vec<bool> = (12..108)
            .map(|x| p.pixel(x, 20).unwrap().red() < 128)
            .collect();
        assert!(row.iter().any(|d| *d) && row.iter().any(|d| !*d), "{row:?}");
        let mut p = new_pixmap("test", 120, 40, Color::WHITE).unwrap();
        draw_line_look(&mut p, &[(10.0, 20.0), (110.0, 20.0)], &looks[1]);
        assert!((12..108).all(|x| p.pixel(x, 20).unwrap().red() < 128));
    }

    #[test]
    fn a_casing_shows_on_both_sides() {
        let look = LineLook {
            color: Color::BLACK,
            width: 4.0,
            dash: Vec::new(),
            casing: Some((Color::rgb(255, 0, 0), 3.0)),
            ties: None,
        };
        let mut p = new_pixmap("test", 120, 40, Color::WHITE).unwrap();
        draw_line_look(&mut p, &[(10.0, 20.0), (110.0, 20.0)], &look);
        let at = |y| p.pixel(60, y).unwrap();
        assert!(at(20).red() < 50, "the line");
        for y in [17, 23] {
            assert!(at(y).red() > 200 && at(y).green() < 50, "the casing at {y}");
        }
        assert_eq!(at(10).red(), 255);
        assert_eq!(at(10).green(), 255);
    }
}
