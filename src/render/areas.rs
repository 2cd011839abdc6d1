//! An area map: each area's outline filled with its terrain's colour, or a box at its point when it
//! has no outline, a line between every two bordering areas that have no common outline, the
//! features on area borders (rivers) drawn along the border two outlines share (or across the line
//! joining two points), the area names and the towns.
//!
//! Every position is a board pixel the data gives (the module's zones and regions use the same), so
//! the renderer needs no map rules.

use super::canvas::{
    encode, fill, new_pixmap, polygon, rect_path, round_stroke, segment, stroke, stroke_with,
    Color, RenderError,
};
use super::text::{self, Align, Fonts};
use tiny_skia::Pixmap;

type Pt = (f32, f32);

/// One area: its name, where its pieces stand, its outline (empty: drawn as a box at `point`).
#[derive(Debug, Clone, PartialEq)]
pub struct AreaShape {
    pub name: String,
    pub point: Pt,
    pub outline: Vec<Pt>,
    pub fill: Color,
    /// A town stands in it: a small square is drawn beside its point.
    pub town: Option<Color>,
}

/// A feature on the border of two areas (indices into [`AreaMapArt::areas`]).
#[derive(Debug, Clone, PartialEq)]
pub struct BorderArt {
    pub a: usize,
    pub b: usize,
    pub color: Color,
}

/// Everything drawn on an area map.
#[derive(Debug, Clone)]
pub struct AreaMapArt {
    pub width: u32,
    pub height: u32,
    pub background: Color,
    pub title: String,
    pub areas: Vec<AreaShape>,
    /// Bordering areas (indices into `areas`), each pair once.
    pub links: Vec<(usize, usize)>,
    pub borders: Vec<BorderArt>,
    /// Edge of the largest piece that may start on an area's point: names go below it.
    pub piece_size: f32,
    pub fonts: Fonts,
}

/// Colour of area outlines and links.
const OUTLINE: Color = Color::rgb(0x40, 0x40, 0x40);

/// The stretches two outlines share: every part of an edge of `a` that lies along an edge of `b`.
pub fn shared_border(a: &[Pt], b: &[Pt]) -> Vec<[Pt; 2]> {
    let edges =
        |p: &[Pt]| -> Vec<[Pt; 2]> { (0..p.len()).map(|i| [p[i], p[(i + 1) % p.len()]]).collect() };
    let mut out = Vec::new();
    for [p, q] in edges(a) {
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let len2 = dx * dx + dy * dy;
        if len2 <= 0.0 {
            continue;
        }
        let off_line = |r: Pt| ((r.0 - p.0) * dy - (r.1 - p.1) * dx).abs() / len2.sqrt() > 0.75;
        let along = |r: Pt| ((r.0 - p.0) * dx + (r.1 - p.1) * dy) / len2;
        for [r, s] in edges(b) {
            if off_line(r) || off_line(s) {
                continue;
            }
            let (t0, t1) = (along(r).min(along(s)), along(r).max(along(s)));
            let (lo, hi) = (t0.max(0.0), t1.min(1.0));
            if hi - lo > 1e-3 {
                let at = |t: f32| (p.0 + dx * t, p.1 + dy * t);
                out.push([at(lo), at(hi)]);
            }
        }
    }
    out
}

/// Render the area map to PNG.
pub fn render_area_map(art: &AreaMapArt) -> Result<Vec<u8>, RenderError> {
    encode(draw_area_map(art)?)
}

/// Render the area map to a pixmap.
pub fn draw_area_map(art: &AreaMapArt) -> Result<Pixmap, RenderError> {
    let mut p = new_pixmap("map", art.width, art.height, art.background)?;
    let size = art.piece_size.max(24.0);
    for area in &art.areas {
        if let Some(path) = polygon(&area.outline) {
            fill(&mut p, &path, area.fill);
            stroke(&mut p, &path, OUTLINE, 2.0);
        }
    }
    for &(a, b) in &art.links {
        let (x, y) = (&art.areas[a], &art.areas[b]);
        if !shared_border(&x.outline, &y.outline).is_empty() {
            continue;
        }
        if let Some(path) = segment(x.point, y.point) {
            stroke_with(&mut p, &path, OUTLINE, &round_stroke(3.0));
        }
    }
    for border in &art.borders {
        let (x, y) = (&art.areas[border.a], &art.areas[border.b]);
        let shared = shared_border(&x.outline, &y.outline);
        let river = round_stroke((size * 0.15).max(4.0));
        if shared.is_empty() {
            // Across the middle of the line joining the two points.
            let mid = ((x.point.0 + y.point.0) / 2.0, (x.point.1 + y.point.1) / 2.0);
            let (dx, dy) = (y.point.0 - x.point.0, y.point.1 - x.point.1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let half = size * 0.5;
            let (nx, ny) = (-dy / len * half, dx / len * half);
            if let Some(path) = segment((mid.0 - nx, mid.1 - ny), (mid.0 + nx, mid.1 + ny)) {
                stroke_with(&mut p, &path, border.color, &river);
            }
        }
        for [a, b] in shared {
            if let Some(path) = segment(a, b) {
                stroke_with(&mut p, &path, border.color, &river);
            }
        }
    }
    for area in &art.areas {
        draw_area_point(&mut p, art, area, size);
    }
    draw_title(&mut p, art);
    Ok(p)
}

/// The square where an area's pieces stand (a box of its own when it has no outline), its town and
/// its name below the square.
fn draw_area_point(p: &mut Pixmap, art: &AreaMapArt, area: &AreaShape, size: f32) {
    let (cx, cy) = area.point;
    let half = size * 0.55;
    if let Some(path) = rect_path(cx - half, cy - half, 2.0 * half, 2.0 * half) {
        if area.outline.is_empty() {
            fill(p, &path, area.fill);
        }
        stroke(p, &path, area.fill.mix(Color::BLACK, 0.45), 1.5);
    }
    if let Some(town) = area.town {
        let s = size * 0.22;
        let x = cx - half - s * 1.4;
        if let Some(path) = rect_path(x, cy - s / 2.0, s, s) {
            fill(p, &path, town);
            stroke(p, &path, town.contrasting(), 1.0);
        }
    }
    let style = art.fonts.bold((size * 0.3).clamp(10.0, 18.0), Color::BLACK);
    let style = text::fitted(&area.name, &style, size * 4.0, text::LEGIBLE_SIZE);
    let cap = text::measure("", &style).cap_height;
    text::draw_text_halo(
        p,
        &area.name,
        &style,
        cx,
        cy + half + cap + 4.0,
        Align::Centre,
        (Color::WHITE.with_alpha(230), 2.0),
    );
}

fn draw_title(p: &mut Pixmap, art: &AreaMapArt) {
    if art.title.trim().is_empty() {
        return;
    }
    let style = art.fonts.bold(16.0, Color::BLACK);
    let style = text::fitted(
        &art.title,
        &style,
        art.width as f32 - 16.0,
        text::LEGIBLE_SIZE,
    );
    let cap = text::measure("", &style).cap_height;
    text::draw_text_halo(
        p,
        &art.title,
        &style,
        8.0,
        4.0 + cap,
        Align::Left,
        (art.background, 2.0),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_squares_side_by_side_share_their_middle_edge() {
        let a = [(0.0, 0.0), (100.0, 0.0), (100.0, 80.0), (0.0, 80.0)];
        let b = [(100.0, 40.0), (200.0, 40.0), (200.0, 120.0), (100.0, 120.0)];
        let shared = shared_border(&a, &b);
        assert_eq!(shared, vec![[(100.0, 40.0), (100.0, 80.0)]]);
        let c = [(300.0, 0.0), (400.0, 0.0), (400.0, 80.0)];
        assert!(shared_border(&a, &c).is_empty());
    }

    #[test]
    fn an_area_map_draws_its_fills_and_names() {
        let art = AreaMapArt {
            width: 220,
            height: 120,
            background: Color::WHITE,
            title: "Valley".into(),
            areas: vec![
                AreaShape {
                    name: "Mill".into(),
                    point: (50.0, 50.0),
                    outline: vec![(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)],
                    fill: Color::rgb(0, 160, 0),
                    town: None,
                },
                AreaShape {
                    name: "Ford".into(),
                    point: (170.0, 50.0),
                    outline: Vec::new(),
                    fill: Color::rgb(0, 0, 200),
                    town: Some(Color::BLACK),
                },
            ],
            links: vec![(0, 1)],
            borders: vec![BorderArt {
                a: 0,
                b: 1,
                color: Color::rgb(200, 0, 0),
            }],
            piece_size: 30.0,
            fonts: Fonts::default(),
        };
        let p = draw_area_map(&art).expect("drawn");
        let at = |x: u32, y: u32| p.pixel(x, y).expect("inside");
        // Inside the outline, away from its point: the area's fill.
        let inside = at(10, 90);
        assert_eq!((inside.red(), inside.green(), inside.blue()), (0, 160, 0));
        // The river across the link between the outline's point and the box.
        let river = at(110, 50);
        assert_eq!((river.red(), river.green(), river.blue()), (200, 0, 0));
    }
}
