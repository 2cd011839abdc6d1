//! The hex map, laid out by the same [`HexLayout`] as the module's VASSAL grid.
//!
//! Drawing order: background, title, hex fills, thin grey hex outlines, hex numbers, map edges,
//! hexsides (rivers), lines (railroads, roads), cities, setup marks. Every size (stroke widths, text,
//! symbols) is a fraction of the hex height, so the map scales with `layout.dy`.
//!
//! Geometry comes only from the layout: the side two hexes share is found from their corners, and a
//! side is "outer" when no hex of [`MapArt::hexes`] lies across it. So the renderer needs no grid rules.

use super::canvas::{
    encode, fill, new_pixmap, polygon, round_stroke, segment, stroke, stroke_with, Color,
    RenderError,
};
use super::line_look::{draw_line_look, LineLook};
use super::text::{self, Align, Fonts};
use crate::concept::game::grid::{HexId, HexLayout};
use tiny_skia::{PathBuilder, Pixmap};

/// One hex: its printed number (drawn small at the top; may be empty) and terrain colour.
#[derive(Debug, Clone, PartialEq)]
pub struct HexArt {
    pub hex: HexId,
    pub label: String,
    pub fill: Color,
}

/// A hexside feature (river): a thick line along the side hexes `a` and `b` share.
#[derive(Debug, Clone, PartialEq)]
pub struct HexsideArt {
    pub a: HexId,
    pub b: HexId,
    pub color: Color,
}

/// A map edge or compass direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compass {
    N,
    S,
    E,
    W,
}

impl Compass {
    /// `N`, `S`, `E`, `W` (also `north`, ... ; case-insensitive).
    pub fn from_name(name: &str) -> Option<Compass> {
        Some(match name.trim().to_ascii_lowercase().as_str() {
            "n" | "north" => Compass::N,
            "s" | "south" => Compass::S,
            "e" | "east" => Compass::E,
            "w" | "west" => Compass::W,
            _ => return None,
        })
    }

    /// Whether a cell's side, whose middle lies `(dx, dy)` from the cell's centre, faces this way:
    /// a flat-topped hex's N, NE and NW sides face north, its NE and SE sides east; a pointy-topped
    /// hex's E side only east; a square's sides one way each.
    fn faces(self, (dx, dy): Pt, size: f32) -> bool {
        let e = size * 0.1;
        match self {
            Compass::N => dy < -e,
            Compass::S => dy > e,
            Compass::E => dx > e,
            Compass::W => dx < -e,
        }
    }
}

/// A line feature through hex centres, optionally running off the map at either end.
#[derive(Debug, Clone, PartialEq)]
pub struct LineArt {
    pub hexes: Vec<HexId>,
    /// Its colour, width, dashes, casing and ties.
    pub look: LineLook,
    /// Draw a stub from the first hex to this edge of the image.
    pub from_edge: Option<Compass>,
    /// Draw a stub from the last hex to this edge of the image.
    pub to_edge: Option<Compass>,
}

/// A city: a symbol in the centre of the hex (square for a major city, dot for a minor one) and its
/// name below.
#[derive(Debug, Clone, PartialEq)]
pub struct CityArt {
    pub hex: HexId,
    pub name: String,
    pub major: bool,
    /// Fill of the symbol (black in most games).
    pub color: Color,
}

/// A printed map edge: a thick coloured border along the outer sides of `hexes` (sides with no map hex
/// across them), restricted to sides facing `facing` if given.
#[derive(Debug, Clone, PartialEq)]
pub struct EdgeArt {
    pub hexes: Vec<HexId>,
    pub color: Color,
    pub facing: Option<Compass>,
}

/// Symbol of a setup mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkSymbol {
    /// A five-pointed star.
    Star,
    /// A broad cross (Greek cross with flared outline).
    Cross,
}

impl MarkSymbol {
    /// `star` or `cross` (case-insensitive).
    pub fn from_name(name: &str) -> Option<MarkSymbol> {
        match name.trim().to_ascii_lowercase().as_str() {
            "star" => Some(MarkSymbol::Star),
            "cross" => Some(MarkSymbol::Cross),
            _ => None,
        }
    }
}

/// A setup mark printed in a hex: in the centre, or beside the city symbol when the hex has a city.
#[derive(Debug, Clone, PartialEq)]
pub struct SetupMark {
    pub hex: HexId,
    pub symbol: MarkSymbol,
    pub color: Color,
}

/// Everything drawn on the map.
#[derive(Debug, Clone)]
pub struct MapArt {
    /// Hex positions; the image is `layout.width` x `layout.height`.
    pub layout: HexLayout,
    pub background: Color,
    /// Printed in the top margin (left aligned) when there is room.
    pub title: String,
    /// Pixels at the right end of the top margin the title leaves free (where the weather marker
    /// starts), so no piece covers the end of the title.
    pub title_reserve_right: f32,
    /// The hexes of the map. Hexes not listed are not drawn and count as off the map.
    pub hexes: Vec<HexArt>,
    /// Hexes drawn only to number the sheet, in outline, behind the map's own: the numbers of a
    /// printed map whose art is in no source, so that a player who owns it finds each hex by number.
    /// They are not map hexes: a map edge still runs along the sides of [`MapArt::hexes`].
    pub numbering_aid: Vec<HexArt>,
    pub hexsides: Vec<HexsideArt>,
    pub lines: Vec<LineArt>,
    pub cities: Vec<CityArt>,
    pub edges: Vec<EdgeArt>,
    pub setup_marks: Vec<SetupMark>,
    /// Edge of the largest piece that may start centred on a city's hex (a unit or its control
    /// marker): the city's name goes below that square, so no piece covers it when the game starts.
    pub start_piece_size: f32,
    pub fonts: Fonts,
}

impl MapArt {
    /// A map with no hexes or features yet.
    pub fn new(layout: HexLayout, background: Color) -> MapArt {
        MapArt {
            layout,
            background,
            title: String::new(),
            title_reserve_right: 0.0,
            hexes: Vec::new(),
            numbering_aid: Vec::new(),
            hexsides: Vec::new(),
            lines: Vec::new(),
            cities: Vec::new(),
            edges: Vec::new(),
            setup_marks: Vec::new(),
            start_piece_size: 0.0,
            fonts: Fonts::default(),
        }
    }
}

/// Colour of the thin hex outlines.
pub const HEX_OUTLINE: Color = Color::rgb(0x80, 0x80, 0x80);

type Pt = (f32, f32);

fn pt((x, y): (f64, f64)) -> Pt {
    (x as f32, y as f32)
}

fn dist(a: Pt, b: Pt) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// The two end points of the side `a` and `b` share, if they are adjacent in the layout.
///
/// VASSAL shifts alternate columns by `floor(dy / 2)`, so with an odd hex height the corners of two
/// neighbours can be half a pixel apart; they are matched with a tolerance and averaged.
pub fn shared_side(layout: &HexLayout, a: HexId, b: HexId) -> Option<[Pt; 2]> {
    if a == b {
        return None;
    }
    let tol = (layout.dy as f32 * 0.08).max(0.6);
    let ca: Vec<Pt> = layout.corners(a).into_iter().map(pt).collect();
    let cb: Vec<Pt> = layout.corners(b).into_iter().map(pt).collect();
    let mut shared = Vec::new();
    for p in ca {
        if let Some(q) = cb.iter().find(|q| dist(p, **q) <= tol) {
            shared.push(((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0));
        }
    }
    match shared.as_slice() {
        [p, q] => Some([*p, *q]),
        _ => None,
    }
}

/// Render the map to PNG.
pub fn render_map(art: &MapArt) -> Result<Vec<u8>, RenderError> {
    let pixmap = draw_map(art)?;
    encode(pixmap)
}

/// Render the map to a pixmap.
pub fn draw_map(art: &MapArt) -> Result<Pixmap, RenderError> {
    let layout = &art.layout;
    let mut p = new_pixmap("map", layout.width, layout.height, art.background)?;
    let dy = layout.dy as f32;
    if !(dy.is_finite() && dy > 0.0) {
        return Err(RenderError::BadSize {
            what: "map hex",
            width: layout.dx.max(0.0) as u32,
            height: layout.dy.max(0.0) as u32,
        });
    }

    draw_title(&mut p, art);

    draw_outlines(
        &mut p,
        layout,
        &art.numbering_aid,
        HEX_OUTLINE.mix(art.background, 0.5),
    );
    // Hex fills; a stroke in the fill colour closes sub-pixel seams between columns.
    for h in &art.hexes {
        let corners: Vec<Pt> = layout.corners(h.hex).into_iter().map(pt).collect();
        if let Some(path) = polygon(&corners) {
            fill(&mut p, &path, h.fill);
            stroke(&mut p, &path, h.fill, 1.0);
        }
    }
    draw_outlines(&mut p, layout, &art.hexes, HEX_OUTLINE);

    draw_edges(&mut p, art);

    // Hexsides.
    let river = round_stroke((dy * 0.075).max(2.0));
    for side in &art.hexsides {
        let [a, b] = shared_side(layout, side.a, side.b).ok_or(RenderError::NotAdjacent {
            a: side.a,
            b: side.b,
        })?;
        if let Some(path) = segment(a, b) {
            stroke_with(&mut p, &path, side.color, &river);
        }
    }

    for line in &art.lines {
        draw_line(&mut p, layout, line);
    }

    // Hex numbers, over every line feature (rails, roads, rivers) on a small patch of the hex's own
    // colour, as printed maps set them: a line never runs through a number (0603 read as 0693).
    let names: Vec<Rect> = art.cities.iter().map(|c| city_name_rect(art, c)).collect();
    for h in art.numbering_aid.iter().chain(&art.hexes) {
        draw_hex_number(&mut p, layout, &art.fonts, h, &names);
    }

    for city in &art.cities {
        draw_city(&mut p, art, city);
    }

    for mark in &art.setup_marks {
        let (x, y, size) = setup_mark_spot(art, mark);
        draw_mark(&mut p, mark.symbol, x, y, size, mark.color);
    }

    Ok(p)
}

/// Where a setup mark is drawn and how large: beside the city's symbol when its hex has a city,
/// else at the hex's centre.
fn setup_mark_spot(art: &MapArt, mark: &SetupMark) -> (f32, f32, f32) {
    let layout = &art.layout;
    let (cx, cy) = pt(layout.centre(mark.hex));
    let has_city = art.cities.iter().any(|c| c.hex == mark.hex);
    let x = if has_city {
        cx - layout.radius() as f32 * 0.55
    } else {
        cx
    };
    (x, cy, layout.dy as f32 * 0.12)
}

/// The box each symbol of the map covers, its outline included, with what it marks (a city's
/// square or dot, a setup mark): what no text of the map may cover.
pub fn symbol_boxes(art: &MapArt) -> Vec<(String, Rect)> {
    let dy = art.layout.dy as f32;
    let around = |(x, y): Pt, reach: f32| (x - reach, y - reach, x + reach, y + reach);
    let cities = art.cities.iter().map(|c| {
        let reach = if c.major { dy * 0.12 } else { dy * 0.085 } + (dy * 0.025).max(1.0) / 2.0;
        (
            format!("{}'s symbol", c.name),
            around(pt(art.layout.centre(c.hex)), reach),
        )
    });
    let marks = art.setup_marks.iter().map(|m| {
        let (x, y, size) = setup_mark_spot(art, m);
        let reach = size + (size * 0.22).max(1.5) / 2.0;
        ("a setup mark".to_string(), around((x, y), reach))
    });
    cities.chain(marks).collect()
}

/// Thin outlines of `hexes`, as one path so shared sides are not drawn darker.
fn draw_outlines(p: &mut Pixmap, layout: &HexLayout, hexes: &[HexArt], colour: Color) {
    let mut pb = PathBuilder::new();
    for h in hexes {
        let c: Vec<Pt> = layout.corners(h.hex).into_iter().map(pt).collect();
        let Some(((x, y), rest)) = c.split_first() else {
            continue;
        };
        pb.move_to(*x, *y);
        for q in rest {
            pb.line_to(q.0, q.1);
        }
        pb.close();
    }
    if let Some(path) = pb.finish() {
        let dy = layout.dy as f32;
        stroke(p, &path, colour, (dy / 64.0).clamp(0.75, 1.5));
    }
}

/// A hex's number at the top of the hex, dark on its own colour with a halo of it; below any
/// city name that reaches into the hex from the one above (a name set under a counter as tall as
/// the hex), so that the name never covers it.
fn draw_hex_number(p: &mut Pixmap, layout: &HexLayout, fonts: &Fonts, h: &HexArt, names: &[Rect]) {
    let (dy, r) = (layout.dy as f32, layout.radius() as f32);
    let number_size = text::legible((dy * 0.14).clamp(7.0, 16.0));
    let (cx, cy) = pt(layout.centre(h.hex));
    let colour = h.fill.mix(Color::BLACK, 0.72);
    let style = fonts.regular(number_size, colour);
    let style = text::fitted(&h.label, &style, r * 1.0, text::LEGIBLE_SIZE);
    let m = text::measure(&h.label, &style);
    let halo = (style.size * 0.3).max(1.5);
    let mut baseline = cy - dy / 2.0 + dy * 0.07 + m.cap_height;
    let half = m.width / 2.0 + halo;
    for name in names {
        let number = (
            cx - half,
            baseline - m.ascent,
            cx + half,
            baseline + m.descent,
        );
        if meet(number, *name) {
            baseline = name.3 + halo + m.ascent;
        }
    }
    let halo = (h.fill, halo);
    text::draw_text_halo(p, &h.label, &style, cx, baseline, Align::Centre, halo);
}

/// left, top, right, bottom, in the board's pixels.
pub type Rect = (f32, f32, f32, f32);

fn meet(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The style a city's name is set in: bold, fitted to the hex's width.
fn city_name_style(art: &MapArt, city: &CityArt) -> text::TextStyle {
    let dy = art.layout.dy as f32;
    let size = if city.major { dy * 0.17 } else { dy * 0.15 };
    let style = art.fonts.bold(size, Color::BLACK);
    let r = art.layout.radius() as f32;
    text::fitted(&city.name, &style, r * 1.9, text::LEGIBLE_SIZE)
}

/// The box a city's name covers, its halo included.
fn city_name_rect(art: &MapArt, city: &CityArt) -> Rect {
    let (cx, cy) = pt(art.layout.centre(city.hex));
    let style = city_name_style(art, city);
    let m = text::measure(&city.name, &style);
    let baseline = city_name_baseline(art, cy, &style);
    let halo = city_name_halo(art);
    let half = m.width / 2.0 + halo;
    (
        cx - half,
        baseline - m.ascent - halo,
        cx + half,
        baseline + m.descent + halo,
    )
}

fn city_name_halo(art: &MapArt) -> f32 {
    (art.layout.dy as f32 * 0.03).max(1.5)
}

fn draw_title(p: &mut Pixmap, art: &MapArt) {
    if art.title.trim().is_empty() {
        return;
    }
    let layout = &art.layout;
    let (above, beside) = layout.reach();
    let (above, beside) = (above as f32, beside as f32);
    let top = art
        .hexes
        .iter()
        .map(|h| pt(layout.centre(h.hex)).1 - above)
        .fold(f32::INFINITY, f32::min);
    let left = art
        .hexes
        .iter()
        .map(|h| pt(layout.centre(h.hex)).0 - beside)
        .fold(f32::INFINITY, f32::min);
    if !top.is_finite() || top < 12.0 {
        return;
    }
    let colour = art.background.contrasting();
    let style = art.fonts.bold((top * 0.62).min(28.0), colour);
    let style = text::fitted(
        &art.title,
        &style,
        layout.width as f32 - 2.0 * left - art.title_reserve_right,
        text::LEGIBLE_SIZE,
    );
    let baseline = top / 2.0 + text::measure("", &style).cap_height / 2.0;
    text::draw_text(p, &art.title, &style, left.max(2.0), baseline, Align::Left);
}

fn draw_edges(p: &mut Pixmap, art: &MapArt) {
    let layout = &art.layout;
    let dy = layout.dy as f32;
    let centres: Vec<Pt> = art.hexes.iter().map(|h| pt(layout.centre(h.hex))).collect();
    let on_map = |c: Pt| centres.iter().any(|q| dist(*q, c) < dy * 0.3);
    let width = (dy * 0.09).max(2.0);
    for edge in &art.edges {
        let mut pb = PathBuilder::new();
        for &hex in &edge.hexes {
            let c = pt(layout.centre(hex));
            for side in layout.sides(hex) {
                let [a, b] = side.map(pt);
                let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                if edge
                    .facing
                    .is_some_and(|f| !f.faces((mid.0 - c.0, mid.1 - c.1), dy))
                {
                    continue;
                }
                let across = (2.0 * mid.0 - c.0, 2.0 * mid.1 - c.1);
                if on_map(across) {
                    continue;
                }
                pb.move_to(a.0, a.1);
                pb.line_to(b.0, b.1);
            }
        }
        if let Some(path) = pb.finish() {
            stroke_with(p, &path, edge.color, &round_stroke(width));
        }
    }
}

fn draw_line(p: &mut Pixmap, layout: &HexLayout, line: &LineArt) {
    let mut points: Vec<Pt> = line.hexes.iter().map(|h| pt(layout.centre(*h))).collect();
    let (w, h) = (layout.width as f32, layout.height as f32);
    let to_edge = |(x, y): Pt, c: Compass| match c {
        Compass::N => (x, 0.0),
        Compass::S => (x, h),
        Compass::E => (w, y),
        Compass::W => (0.0, y),
    };
    if let (Some(c), Some(first)) = (line.from_edge, points.first().copied()) {
        points.insert(0, to_edge(first, c));
    }
    if let (Some(c), Some(last)) = (line.to_edge, points.last().copied()) {
        points.push(to_edge(last, c));
    }
    if points.len() < 2 {
        return;
    }
    draw_line_look(p, &points, &line.look);
}

fn draw_city(p: &mut Pixmap, art: &MapArt, city: &CityArt) {
    let layout = &art.layout;
    let dy = layout.dy as f32;
    let (cx, cy) = pt(layout.centre(city.hex));
    let outline = city.color.contrasting();
    if city.major {
        let half = dy * 0.12;
        if let Some(path) = super::canvas::rect_path(cx - half, cy - half, 2.0 * half, 2.0 * half) {
            fill(p, &path, city.color);
            stroke(p, &path, outline, (dy * 0.025).max(1.0));
        }
        let inner = half * 0.4;
        if let Some(path) =
            super::canvas::rect_path(cx - inner, cy - inner, 2.0 * inner, 2.0 * inner)
        {
            fill(p, &path, outline);
        }
    } else if let Some(path) = PathBuilder::from_circle(cx, cy, dy * 0.085) {
        fill(p, &path, city.color);
        stroke(p, &path, outline, (dy * 0.025).max(1.0));
    }
    let style = city_name_style(art, city);
    let baseline = city_name_baseline(art, cy, &style);
    let halo = (Color::WHITE.with_alpha(230), city_name_halo(art));
    text::draw_text_halo(p, &city.name, &style, cx, baseline, Align::Centre, halo);
}

/// Where a city's name stands: at the foot of its hex, or lower, just below the square of the
/// largest piece that may start on the hex, when that square reaches the hex's foot (a counter as
/// tall as the hex): the name's whole line box (ascent to descent) clears every piece the game
/// starts with there. Below the hex the halo keeps it readable over whatever lies there.
pub fn city_name_baseline(art: &MapArt, cy: f32, style: &text::TextStyle) -> f32 {
    let m = text::measure("", style);
    let at_foot = cy + art.layout.dy as f32 / 2.0 - m.descent * 0.6;
    let below_pieces = cy + art.start_piece_size / 2.0 + 1.0 + m.ascent;
    at_foot.max(below_pieces)
}

fn draw_mark(p: &mut Pixmap, symbol: MarkSymbol, x: f32, y: f32, size: f32, color: Color) {
    let outline = color.contrasting();
    let points: Vec<Pt> = match symbol {
        MarkSymbol::Star => (0..10)
            .map(|i| {
                let rad = if i % 2 == 0 { size } else { size * 0.42 };
                let a = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
                (x + rad * a.cos(), y + rad * a.sin())
            })
            .collect(),
        MarkSymbol::Cross => {
            // A cross with arms flaring outwards (a cross pattée, drawn with straight edges).
            let (arm, inner, outer) = (size, size * 0.16, size * 0.42);
            let mut pts = Vec::new();
            for q in 0..4 {
                let rot = |(u, v): Pt| match q {
                    0 => (x + u, y + v),
                    1 => (x - v, y + u),
                    2 => (x - u, y - v),
                    _ => (x + v, y - u),
                };
                // One arm pointing right: from its upper root to its lower root.
                pts.push(rot((inner, -inner)));
                pts.push(rot((arm, -outer)));
                pts.push(rot((arm, outer)));
                pts.push(rot((inner, inner)));
            }
            pts
        }
    };
    if let Some(path) = polygon(&points) {
        stroke_with(p, &path, outline, &round_stroke((size * 0.22).max(1.5)));
        fill(p, &path, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::concept::game::grid::Grid;
    use crate::render::testutil::*;

    use crate::concept::map::grid::b4m_grid;

    const CLEAR: Color = Color::rgb(0xe8, 0xe4, 0xc8);
    const FOREST: Color = Color::rgb(0x6f, 0xa0, 0x5a);

    fn hex(g: &Grid, label: &str) -> HexId {
        g.parse(label).unwrap()
    }

    fn sample_map(hex_height: u32) -> (Grid, MapArt) {
        let g = b4m_grid();
        let layout = g.layout(hex_height, 24);
        let forest = [
            "0305", "0306", "0406", "0707", "0708", "0808", "1003", "1104",
        ];
        let mut art = MapArt::new(layout, Color::parse("#f4f1e6").unwrap());
        art.title = "Battle for Moscow".into();
        art.hexes = g
            .hexes()
            .into_iter()
            .map(|h| HexArt {
                hex: h,
                label: g.label(h),
                fill: if forest.contains(&g.label(h).as_str()) {
                    FOREST
                } else {
                    CLEAR
                },
            })
            .collect();
        let blue = Color::parse("#3a6fd8").unwrap();
        art.hexsides = [
            ("0603", "0703"),
            ("0603", "0704"),
            ("0604", "0704"),
            ("0604", "0705"),
        ]
        .iter()
        .map(|(a, b)| HexsideArt {
            a: hex(&g, a),
            b: hex(&g, b),
            color: blue,
        })
        .collect();
        art.lines = vec![LineArt {
            hexes: [
                "0105", "0205", "0305", "0405", "0504", "0604", "0704", "0804",
            ]
            .iter()
            .map(|l| hex(&g, l))
            .collect(),
            look: LineLook::rail(Color::parse("#222222").unwrap(), layout.dy as f32),
            from_edge: Some(Compass::W),
            to_edge: None,
        }];
        art.cities = vec![
            CityArt {
                hex: hex(&g, "0804"),
                name: "Moscow".into(),
                major: true,
                color: Color::BLACK,
            },
            CityArt {
                hex: hex(&g, "0405"),
                name: "Vyazma".into(),
                major: false,
                color: Color::BLACK,
            },
            CityArt {
                hex: hex(&g, "1108"),
                name: "Тула".into(),
                major: false,
                color: Color::BLACK,
            },
        ];
        art.edges = vec![
            EdgeArt {
                hexes: g.hexes().into_iter().filter(|h| h.col == 1).collect(),
                color: Color::parse("#303030").unwrap(),
                facing: Some(Compass::W),
            },
            EdgeArt {
                hexes: g.hexes().into_iter().filter(|h| h.col == 14).collect(),
                color: Color::parse("#c8322d").unwrap(),
                facing: Some(Compass::E),
            },
        ];
        art.setup_marks = vec![
            SetupMark {
                hex: hex(&g, "0804"),
                symbol: MarkSymbol::Star,
                color: Color::parse("#c8322d").unwrap(),
            },
            SetupMark {
                hex: hex(&g, "0507"),
                symbol: MarkSymbol::Star,
                color: Color::parse("#c8322d").unwrap(),
            },
            SetupMark {
                hex: hex(&g, "0108"),
                symbol: MarkSymbol::Cross,
                color: Color::BLACK,
            },
        ];
        (g, art)
    }

    #[test]
    fn map_has_the_layout_size_and_is_deterministic() {
        let (_, art) = sample_map(64);
        let png = render_map(&art).unwrap();
        let p = decode(&png);
        assert_eq!(
            (p.width(), p.height()),
            (art.layout.width, art.layout.height)
        );
        assert_eq!(png, render_map(&art).unwrap());
    }

    #[test]
    fn forest_centre_has_the_forest_colour_and_numbers_are_dark() {
        let (g, art) = sample_map(64);
        let p = decode(&render_map(&art).unwrap());
        let (x, y) = art.layout.centre(hex(&g, "0306"));
        let (r, gr, b, _) = rgba(&p, x as u32, y as u32);
        assert_eq!((r, gr, b), (FOREST.r, FOREST.g, FOREST.b));
        let (x, y) = art.layout.centre(hex(&g, "0901"));
        assert_eq!(
            rgba(&p, x as u32, y as u32 + 5),
            (CLEAR.r, CLEAR.g, CLEAR.b, 255)
        );
        // The number sits in the top fifth of the hex.
        let top = (y - 32.0) as u32;
        assert!(has_dark(
            &p,
            x as u32 - 15,
            top + 2,
            x as u32 + 15,
            top + 16,
            110
        ));
        // Nothing dark in the middle band of an empty clear hex.
        assert!(!has_dark(
            &p,
            x as u32 - 10,
            y as u32 - 4,
            x as u32 + 10,
            y as u32 + 8,
            150
        ));
    }

    #[test]
    fn hexsides_need_adjacent_hexes_and_land_on_the_shared_side() {
        let (g, mut art) = sample_map(64);
        let layout = art.layout;
        let [a, b] = shared_side(&layout, hex(&g, "0204"), hex(&g, "0305")).unwrap();
        // 0305 is the SE neighbour of 0204: the side is 0204's SE side.
        let [c, d] = layout.sides(hex(&g, "0204"))[2].map(pt);
        assert!(dist(a, c) < 0.01 && dist(b, d) < 0.01);
        assert!(shared_side(&layout, hex(&g, "0204"), hex(&g, "0206")).is_none());
        art.hexsides.push(HexsideArt {
            a: hex(&g, "0101"),
            b: hex(&g, "0505"),
            color: Color::BLACK,
        });
        assert!(matches!(
            render_map(&art),
            Err(RenderError::NotAdjacent { .. })
        ));
    }

    #[test]
    fn odd_hex_heights_still_find_shared_sides() {
        let g = b4m_grid();
        let layout = g.layout(75, 10);
        for a in g.hexes() {
            for b in g.neighbours(a) {
                assert!(shared_side(&layout, a, b).is_some(), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn rows_of_hexes_and_squares_find_the_sides_their_cells_share() {
        for keys in [
            "kind = \"hex-rows\"\nshifted_rows = \"odd\"",
            "kind = \"squares\"\ndiagonals = true",
        ] {
            let g: crate::concept::game::Grid = toml::from_str(&format!(
                "{keys}\ncolumns = [1, 7]\nrows = [1, 6]\ncolumn_digits = 2\nrow_digits = 2\n"
            ))
            .unwrap();
            let layout = g.layout(75, 10);
            for a in g.hexes() {
                for b in g.neighbours(a) {
                    // A side between cells that share one; none between corner-touching squares.
                    assert_eq!(
                        shared_side(&layout, a, b).is_some(),
                        g.share_a_side(a, b),
                        "{keys}: {a:?} {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_map_edge_facing_east_on_pointy_hexes_is_the_east_side() {
        let g: crate::concept::game::Grid = toml::from_str(
            "kind = \"hex-rows\"\nshifted_rows = \"even\"\ncolumns = [1, 3]\nrows = [1, 3]\n\
             column_digits = 2\nrow_digits = 2\n",
        )
        .unwrap();
        let layout = g.layout(64, 10);
        let hex = g.parse("0301").unwrap();
        let c = pt(layout.centre(hex));
        let facing_east: Vec<usize> = layout
            .sides(hex)
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                let [a, b] = s.map(pt);
                Compass::E.faces(((a.0 + b.0) / 2.0 - c.0, (a.1 + b.1) / 2.0 - c.1), 64.0)
            })
            .map(|(i, _)| i)
            .collect();
        // NE, E, SE (crate::concept::map::grid::hex_rows::DIRECTIONS 0 to 2).
        assert_eq!(facing_east, [0, 1, 2]);
    }

    #[test]
    fn edges_are_drawn_only_on_outer_sides() {
        let (g, art) = sample_map(64);
        let p = decode(&render_map(&art).unwrap());
        // East edge of column 14 is red; the shared side between columns 13 and 14 is not.
        let [a, b] = art.layout.sides(hex(&g, "1405"))[1].map(pt);
        let (r, gr, bl, _) = rgba(&p, ((a.0 + b.0) / 2.0) as u32, ((a.1 + b.1) / 2.0) as u32);
        assert!(r > 150 && gr < 90 && bl < 90, "{r} {gr} {bl}");
        let [a, b] = art.layout.sides(hex(&g, "1405"))[5].map(pt);
        let (r, gr, bl, _) = rgba(&p, ((a.0 + b.0) / 2.0) as u32, ((a.1 + b.1) / 2.0) as u32);
        assert!(!(r > 150 && gr < 90 && bl < 90), "{r} {gr} {bl}");
    }

    #[test]
    fn bad_sizes_are_errors() {
        let (_, mut art) = sample_map(64);
        art.layout.width = 0;
        assert!(matches!(render_map(&art), Err(RenderError::BadSize { .. })));
        let (_, mut art) = sample_map(64);
        art.layout.dy = f64::NAN;
        assert!(render_map(&art).is_err());
    }

    #[test]
    #[ignore = "timing; run with --release"]
    fn time_map_and_counters() {
        use crate::render::counter::{render_counter, CounterArt, NatoSymbol};
        for hex_height in [64, 100] {
            let (_, art) = sample_map(hex_height);
            let t = std::time::Instant::now();
            let png = render_map(&art).unwrap();
            eprintln!(
                "map {}x{} ({} hexes, hex height {hex_height}): {:?}, {} bytes",
                art.layout.width,
                art.layout.height,
                art.hexes.len(),
                t.elapsed(),
                png.len()
            );
        }
        let t = std::time::Instant::now();
        let mut bytes = 0;
        for i in 0..78 {
            let art = CounterArt {
                size: 60,
                background: Color::rgb(0xc8, 0x32, 0x2d),
                foreground: Color::rgb(0xff, 0xe9, 0xa0),
                symbol: if i % 2 == 0 {
                    NatoSymbol::Infantry
                } else {
                    NatoSymbol::Armor
                },
                unit_size: "XXXX".into(),
                id: format!("{}", i + 1),
                values: format!("{}-{}", i % 12, 4 + i % 3),
                reduced_marker: i % 2 == 1,
                step_marks: 0,
                ..CounterArt::default()
            };
            bytes += render_counter(&art).unwrap().len();
        }
        eprintln!("78 counter faces (60 px): {:?}, {bytes} bytes", t.elapsed());
    }

    #[test]
    #[ignore = "writes sample images to render-samples in the temporary folder"]
    fn write_map_sample() {
        let dir = sample_dir();
        let (_, art) = sample_map(64);
        let png = render_map(&art).unwrap();
        std::fs::write(dir.join("map.png"), &png).unwrap();
        let p = decode(&png);
        zoom(&p, 0, 200, 480, 200, 3)
            .save_png(dir.join("map-zoom.png"))
            .unwrap();
        let (_, art) = sample_map(100);
        std::fs::write(dir.join("map-100.png"), render_map(&art).unwrap()).unwrap();
    }
}
