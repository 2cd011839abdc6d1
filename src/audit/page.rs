//! `vmodc audit --format html`: one self-contained page a player can send back to the opponent,
//! each finding beside a cut of the map where it happened (the board image the module carries, with
//! where the piece stood in blue and where it ended in red).

use super::{Audit, Finding, Kind, Spot, NO_FINDING};
use crate::html::{escape, page, png_data_uri};
use crate::verify::view::ModuleView;
use std::collections::BTreeMap;
use tiny_skia::{Color, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// The board image of each map, by the map's name, as the module carries it (PNG bytes).
pub type MapImages = BTreeMap<String, Vec<u8>>;

/// `text` with its first letter upper-case, to open a sentence.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// The board image of every map of a module that has one: the map's first board.
pub fn map_images(view: &ModuleView) -> MapImages {
    let mut out = MapImages::new();
    for map in view.root.walk() {
        let name = map.attr("mapName");
        if name.is_empty() || out.contains_key(name) {
            continue;
        }
        let board = map
            .walk()
            .into_iter()
            .find(|n| n.tag == "VASSAL.build.module.map.boardPicker.Board");
        let image = board.map_or("", |b| b.attr("image"));
        if let Some(bytes) = view.archive.entries.get(&format!("images/{image}")) {
            if !image.is_empty() {
                out.insert(name.to_string(), bytes.clone());
            }
        }
    }
    out
}

/// Most pixels of a board image the page decodes (4 bytes each): a larger image is not cut.
const MAX_BOARD_PIXELS: u64 = 64 * 1024 * 1024;
/// The size of a cut of the map, in pixels.
const CUT: (u32, u32) = (360, 240);

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;max-width:60em}\
table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #ccc;padding:.4em;vertical-align:top;text-align:left}\
.violation{color:#a00;font-weight:bold}.doubt{color:#a60}.rule{color:#555;font-size:.9em}img{border:1px solid #888}\n";

impl Audit {
    /// The whole page.
    pub fn html(&self, maps: &MapImages) -> String {
        let title = format!(
            "Audit of {} {}",
            self.module.as_deref().unwrap_or("a game"),
            self.version.as_deref().unwrap_or("")
        );
        let mut body = format!(
            "<h1>{}</h1>\n<p>Game {}, {}.</p>\n",
            escape(&title),
            escape(&self.game),
            escape(&self.tally())
        );
        if let Some(v) = &self.victory {
            body.push_str(&format!("<p>{}.</p>\n", escape(&v.line())));
        }
        let (findings, unchecked) = self.split();
        if findings.is_empty() {
            body.push_str(&format!("<p>{}.</p>\n", escape(&capitalised(NO_FINDING))));
        } else {
            body.push_str(
                "<table>\n<tr><th>Turn, phase, step</th><th>Finding</th><th>Where</th></tr>\n",
            );
            for f in findings {
                body.push_str(&row(f, maps));
            }
            body.push_str("</table>\n");
        }
        if !unchecked.is_empty() {
            body.push_str("<h2>Not checked</h2>\n<p>The rules data does not hold what these checks need.</p>\n<ul>\n");
            for f in unchecked {
                body.push_str(&format!(
                    "<li>{}<br><span class=\"rule\">{}</span></li>\n",
                    escape(&f.what),
                    escape(&f.piece)
                ));
            }
            body.push_str("</ul>\n");
        }
        page("en", &escape(&title), STYLE, &body)
    }
}

fn row(f: &Finding, maps: &MapImages) -> String {
    let (class, kind) = match f.kind {
        Kind::Violation => ("violation", "Violation"),
        Kind::Doubt => ("doubt", "Doubt"),
        Kind::NotChecked => ("doubt", "Not checked"),
    };
    let path = f.places();
    let rule = f
        .rule
        .as_deref()
        .map_or("no rule cited".to_string(), |r| format!("rule {r}"));
    let cut = cut_of(&f.spots, maps).map_or(String::new(), |png| {
        format!(
            "<img src=\"{}\" width=\"{}\" height=\"{}\" alt=\"the map{}\">",
            png_data_uri(&png),
            CUT.0,
            CUT.1,
            escape(&path)
        )
    });
    format!(
        "<tr><td>Turn {}<br>{}<br>step {}</td><td><span class=\"{class}\">{kind}</span> ({}) <b>{}</b>{}<br>{}<br><span class=\"rule\">{}{}</span></td><td>{cut}</td></tr>\n",
        f.turn,
        escape(&f.phase),
        f.step,
        super::report::check_name(f.check),
        escape(&f.piece),
        escape(&path),
        escape(&f.what),
        escape(&rule),
        if f.allows.is_empty() { String::new() } else { format!(": {}", escape(&f.allows)) },
    )
}

/// A cut of the board around the finding's spots, drawn with them, as PNG; `None` when the map has
/// no board image the page can read.
fn cut_of(spots: &[Spot], maps: &MapImages) -> Option<Vec<u8>> {
    let first = spots.first()?;
    let png = maps.get(first.map.as_deref()?)?;
    let (w, h) = png_size(png)?;
    if u64::from(w) * u64::from(h) > MAX_BOARD_PIXELS {
        return None;
    }
    let board = Pixmap::decode_png(png).ok()?;
    let on_map: Vec<&Spot> = spots.iter().filter(|s| s.map == first.map).collect();
    let (region, scale) = region_around(&on_map, (w, h));
    let size = (
        ((region.2 as f32) * scale).round().max(1.0) as u32,
        ((region.3 as f32) * scale).round().max(1.0) as u32,
    );
    let mut cut = Pixmap::new(size.0, size.1)?;
    cut.fill(Color::WHITE);
    let (left, top) = (region.0, region.1);
    let placed = Transform::from_translate(-(left as f32), -(top as f32)).post_scale(scale, scale);
    cut.draw_pixmap(
        0,
        0,
        board.as_ref(),
        &tiny_skia::PixmapPaint {
            quality: tiny_skia::FilterQuality::Bilinear,
            ..Default::default()
        },
        placed,
        None,
    );
    let at = |s: &Spot| ((s.x - left) as f32 * scale, (s.y - top) as f32 * scale);
    let points: Vec<(f32, f32)> = on_map.iter().map(|s| at(s)).collect();
    if points.len() > 1 {
        let mut line = PathBuilder::new();
        line.move_to(points[0].0, points[0].1);
        for p in &points[1..] {
            line.line_to(p.0, p.1);
        }
        stroke(
            &mut cut,
            line.finish()?,
            Color::from_rgba8(40, 40, 40, 220),
            2.0,
        );
    }
    for (i, p) in points.iter().enumerate() {
        let last = i + 1 == points.len();
        let colour = if last && points.len() > 1 || points.len() == 1 {
            Color::from_rgba8(200, 0, 0, 255)
        } else {
            Color::from_rgba8(0, 70, 200, 255)
        };
        let circle = PathBuilder::from_circle(p.0, p.1, (30.0 * scale).max(6.0))?;
        stroke(&mut cut, circle, colour, 3.0);
    }
    cut.encode_png().ok()
}

/// The part of a board of `size` to show around `spots` (left, top, width, height), at least the
/// size of a cut with a margin round the spots, and the scale that fits it into a cut.
fn region_around(spots: &[&Spot], size: (u32, u32)) -> ((i64, i64, i64, i64), f32) {
    const MARGIN: i64 = 60;
    let xs = spots.iter().map(|s| s.x);
    let ys = spots.iter().map(|s| s.y);
    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
    let width = (x1 - x0 + 2 * MARGIN).max(i64::from(CUT.0));
    let height = (y1 - y0 + 2 * MARGIN).max(i64::from(CUT.1));
    // The cut keeps the page's aspect, widened to hold every spot.
    let scale = (CUT.0 as f32 / width as f32).min(CUT.1 as f32 / height as f32);
    let (width, height) = ((CUT.0 as f32 / scale) as i64, (CUT.1 as f32 / scale) as i64);
    let (w, h) = (i64::from(size.0), i64::from(size.1));
    let left = ((x0 + x1) / 2 - width / 2).clamp(0, (w - width).max(0));
    let top = ((y0 + y1) / 2 - height / 2).clamp(0, (h - height).max(0));
    ((left, top, width, height), scale)
}

fn stroke(pixmap: &mut Pixmap, path: tiny_skia::Path, colour: Color, width: f32) {
    let mut paint = Paint::default();
    paint.set_color(colour);
    paint.anti_alias = true;
    let stroke = Stroke {
        width,
        ..Stroke::default()
    };
    pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
}

/// A PNG's width and height from its header, read before any decoding.
fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if png.len() < 24 || !png.starts_with(SIGNATURE) || &png[12..16] != b"IHDR" {
        return None;
    }
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    Some((be(&png[16..20]), be(&png[20..24])))
}
