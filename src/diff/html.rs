//! `vmodc diff --format html`: one self-contained page a designer can post with a release. Each
//! changed counter is drawn before and after, side by side, by the module's own renderer; the new map
//! is drawn with the changed hexes outlined; every change is listed in a table by area. Images are
//! embedded as data URIs, so the page is one file; the same data gives the same bytes.

use super::{text_key, Change};
use crate::concept::plan::Plan;
use crate::concept::releases::AREAS;
use crate::html::{escape, page, png_data_uri};
use crate::pipeline::{counter_image, languages, map_image, plan_for, Loaded};
use crate::render::RenderError;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One game's two versions and what changed between them.
pub struct GameDiff<'a> {
    pub old: &'a Loaded,
    pub new: &'a Loaded,
    pub changes: &'a [Change],
}

/// One side of a game's diff, drawn in one language.
struct Drawn<'a> {
    loaded: &'a Loaded,
    plan: Plan,
}

impl<'a> Drawn<'a> {
    fn new(loaded: &'a Loaded, lang: Option<&str>) -> Drawn<'a> {
        // A version without the language (catalogs added or removed) is drawn in its data's texts.
        let lang = lang.filter(|l| loaded.catalogs.iter().any(|c| c.code == *l));
        Drawn {
            loaded,
            plan: plan_for(loaded, lang),
        }
    }

    fn counter(&self, unit: &str, face: &str) -> Result<Option<Vec<u8>>, RenderError> {
        let has_face = self
            .loaded
            .game
            .counters
            .units
            .iter()
            .any(|u| u.id.as_str() == unit && u.faces.contains_key(face));
        if !has_face {
            return Ok(None);
        }
        counter_image(&self.loaded.game, &self.plan, unit, face).map(Some)
    }
}

/// The page's style sheet (the module diff's page shares it).
pub const STYLE: &str = "body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; vertical-align: middle; }
th { background: #eee; }
td.none { color: #888; font-style: italic; }
.map { position: relative; display: inline-block; max-width: 100%; }
.map img { display: block; max-width: 100%; height: auto; }
.map svg { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
.map polygon { fill: rgba(230, 0, 0, 0.18); stroke: #e00000; stroke-width: 5; }
";

/// The whole page for every game compared, from `old_label` to `new_label`, its names and counters
/// in `lang` (by default each game's first language; a game without that catalog is drawn in its
/// data's own texts).
pub fn diff_page(
    games: &[GameDiff<'_>],
    old_label: &str,
    new_label: &str,
    lang: Option<&str>,
) -> Result<String, RenderError> {
    let title = format!("What changed from {old_label} to {new_label}");
    let mut body = format!("<h1>{}</h1>\n", escape(&title));
    let mut page_lang = lang.map(str::to_string);
    for g in games {
        let game_lang = match lang {
            Some(l) => Some(l.to_string()),
            None => languages(g.new).into_iter().next().flatten(),
        };
        if page_lang.is_none() {
            page_lang = game_lang.clone();
        }
        body.push_str(&game_section(g, game_lang.as_deref())?);
    }
    let page_lang = page_lang.unwrap_or_else(|| "en".into());
    Ok(page(&page_lang, &escape(&title), STYLE, &body))
}

fn game_section(g: &GameDiff<'_>, lang: Option<&str>) -> Result<String, RenderError> {
    let old = Drawn::new(g.old, lang);
    let new = Drawn::new(g.new, lang);
    let version = |d: &Drawn| d.loaded.game.rules.game.version.value.clone();
    let mut out = format!(
        "<section id=\"{}\">\n<h2>{} {} → {}</h2>\n<p>{} change(s).</p>\n",
        escape(&g.new.game.id),
        escape(&new.plan.tx.get("game.title")),
        escape(&version(&old)),
        escape(&version(&new)),
        g.changes.len()
    );
    out.push_str(&counters(g.changes, &old, &new)?);
    out.push_str(&map(g.changes, &new)?);
    out.push_str(&tables(g.changes));
    out.push_str("</section>\n");
    Ok(out)
}

/// The units a player would see differently: their values, side or type changed, or their name in
/// a language.
fn changed_units(changes: &[Change]) -> Vec<String> {
    let mut units: Vec<String> = changes
        .iter()
        .filter_map(|c| match c.area {
            "unit" => Some(c.what.clone()),
            "text" => text_key(&c.what)
                .0
                .strip_prefix("units.")
                .map(str::to_string),
            _ => None,
        })
        .collect();
    units.sort();
    units.dedup();
    units
}

/// Each changed unit's faces, before and after. Only faces whose image changed are shown, or every
/// face when none did (a renamed unit whose counter prints its id).
fn counters(changes: &[Change], old: &Drawn, new: &Drawn) -> Result<String, RenderError> {
    let units = changed_units(changes);
    if units.is_empty() {
        return Ok(String::new());
    }
    let mut out = String::from(
        "<h3>Counters</h3>\n<table class=\"counters\">\n\
         <tr><th>Unit</th><th>Face</th><th>Before</th><th>After</th></tr>\n",
    );
    for unit in &units {
        let faces = faces_of(unit, old, new);
        let mut drawn = Vec::new();
        for face in &faces {
            drawn.push((face, old.counter(unit, face)?, new.counter(unit, face)?));
        }
        let any_changed = drawn.iter().any(|(_, a, b)| a != b);
        let name = |d: &Drawn| {
            d.loaded
                .game
                .counters
                .units
                .iter()
                .any(|u| u.id.as_str() == unit)
                .then(|| d.plan.tx.get(&format!("units.{unit}")))
        };
        let names = match (name(old), name(new)) {
            (Some(a), Some(b)) if a != b => format!("{} → {}", escape(&a), escape(&b)),
            (_, Some(n)) | (Some(n), None) => escape(&n),
            (None, None) => escape(unit),
        };
        for (face, before, after) in drawn.iter().filter(|d| !any_changed || d.1 != d.2) {
            let cell = |png: &Option<Vec<u8>>, when: &str| match png {
                Some(png) => format!(
                    "<td><img src=\"{}\" alt=\"{} {} {when}\"></td>",
                    png_data_uri(png),
                    escape(unit),
                    escape(face)
                ),
                None => "<td class=\"none\">none</td>".to_string(),
            };
            let _ = writeln!(
                out,
                "<tr><td>{names} <small>({})</small></td><td>{}</td>{}{}</tr>",
                escape(unit),
                escape(face),
                cell(before, "before"),
                cell(after, "after")
            );
        }
    }
    out.push_str("</table>\n");
    Ok(out)
}

/// A unit's faces in either version, the new version's order first.
fn faces_of(unit: &str, old: &Drawn, new: &Drawn) -> Vec<String> {
    let mut faces: Vec<String> = Vec::new();
    for d in [new, old] {
        let game = &d.loaded.game;
        if let Some(u) = game.counters.units.iter().find(|u| u.id.as_str() == unit) {
            for f in game.counters.faces_of(u) {
                if !faces.iter().any(|x| x == f) {
                    faces.push(f.to_string());
                }
            }
        }
    }
    faces
}

/// The new map, one sheet at a time, with every hex whose terrain or city changed outlined.
fn map(changes: &[Change], new: &Drawn) -> Result<String, RenderError> {
    let grid = &new.loaded.game.map.grid;
    let mut by_sheet: BTreeMap<u16, Vec<_>> = BTreeMap::new();
    for c in changes.iter().filter(|c| matches!(c.area, "hex" | "city")) {
        if let Some(hex) = grid.parse(&c.what) {
            let hexes = by_sheet.entry(hex.sheet).or_default();
            if !hexes.contains(&hex) {
                hexes.push(hex);
            }
        }
    }
    if by_sheet.is_empty() {
        return Ok(String::new());
    }
    let layout = &new.plan.layout;
    let mut out = String::from("<h3>Map</h3>\n");
    for (sheet, hexes) in by_sheet {
        let png = map_image(&new.loaded.game, &new.plan, sheet)?;
        let _ = write!(
            out,
            "<div class=\"map\"><img src=\"{}\" alt=\"map{}\">\
             <svg viewBox=\"0 0 {} {}\" preserveAspectRatio=\"none\">",
            png_data_uri(&png),
            escape(grid.sheet_prefix(sheet)),
            layout.width,
            layout.height
        );
        for hex in hexes {
            let points: Vec<String> = layout
                .corners(hex)
                .iter()
                .map(|(x, y)| format!("{x:.1},{y:.1}"))
                .collect();
            let _ = write!(
                out,
                "<polygon points=\"{}\"><title>{}</title></polygon>",
                points.join(" "),
                escape(&grid.label(hex))
            );
        }
        out.push_str("</svg></div>\n");
    }
    Ok(out)
}

/// What a table heading calls each area of changes.
fn area_title(area: &str) -> &str {
    AREAS
        .iter()
        .find(|(id, _)| *id == area)
        .map_or(area, |(_, title)| title)
}

/// Every change, one table per area, in the order `diff` sorted them (the module diff's page too).
pub fn tables(changes: &[Change]) -> String {
    let mut out = String::new();
    let mut area = "";
    for c in changes {
        if c.area != area {
            if !area.is_empty() {
                out.push_str("</table>\n");
            }
            area = c.area;
            let _ = writeln!(
                out,
                "<h3>{}</h3>\n<table class=\"changes\" data-area=\"{}\">\n\
                 <tr><th>What</th><th>Before</th><th>After</th></tr>",
                escape(area_title(area)),
                escape(area)
            );
        }
        let value = |v: &Option<String>, none: &str| match v {
            Some(v) => format!("<td>{}</td>", escape(v)),
            None => format!("<td class=\"none\">{none}</td>"),
        };
        let _ = writeln!(
            out,
            "<tr><td>{}</td>{}{}</tr>",
            escape(&c.what),
            value(&c.old, "added"),
            value(&c.new, "removed")
        );
    }
    if !area.is_empty() {
        out.push_str("</table>\n");
    }
    out
}
