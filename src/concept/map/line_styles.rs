//! How the map draws its line features (roads, railroads, tracks): the built-in styles `road`,
//! `rail` and `track`, the designer's own (`[[style.line_styles]]` of the map file), and which one
//! each line feature takes (`[style] feature_styles`). Drawing, not game facts: no citation.
//!
//! A line feature without an entry in `feature_styles` takes the built-in style of its own id when
//! it has one (a feature `road` is drawn as a road), else `rail`, the style every line had before
//! styles existed; `vmodc check` notes such a feature (`V0224`).

use crate::concept::context::{id_strs, Context, Seg};
use crate::diag::Diagnostic;
use crate::model::keyword::{keyword, Keyword};
use crate::model::Sp;
use serde::Deserialize;

keyword! {
    /// The line styles vmodc draws without a definition (`[style] feature_styles` values).
    pub enum BuiltinLine {
        /// A solid line, wider than a railway's.
        Road = "road",
        /// A line with cross-ties.
        Rail = "rail",
        /// A thin dashed line: a minor road or trail.
        Track = "track",
    }
}

/// A line style of the designer's own (`[[style.line_styles]]`). Sizes are board pixels, at the
/// map's `hex_height`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineStyleDef {
    /// The style's id, named in `[style] feature_styles`; not a built-in's (`road`, `rail`, `track`).
    pub id: Sp<String>,
    /// Width of the line in pixels (more than 0, at most the hex height).
    pub width: Sp<f64>,
    /// Its colour, `#rrggbb`; without it, the feature's colour in `[style] feature_colors`.
    pub color: Option<Sp<String>>,
    /// Dash pattern: lengths in pixels, drawn and left out in turn (an even count, each more than
    /// 0). Without it the line is solid.
    pub dash: Option<Sp<Vec<f64>>>,
    /// Colour of a casing: a wider line drawn under it, so the line shows on any terrain.
    pub casing: Option<Sp<String>>,
    /// How far the casing shows on each side of the line, in pixels (default 1).
    pub casing_width: Option<Sp<f64>>,
    /// Cross-ties across the line, as a railway's (their size follows the hex height).
    #[serde(default)]
    pub ties: bool,
}

/// The style a line feature is drawn in.
#[derive(Debug, Clone, Copy)]
pub enum LineStyleOf<'a> {
    Builtin(BuiltinLine),
    Own(&'a LineStyleDef),
}

/// The checks of line styles: each named style exists, each designer's style can be drawn, each
/// `feature_styles` key is a line feature, and a drawn line feature without a style is noted.
pub(crate) fn check(cx: &mut Context<'_>) {
    let own = own_styles(cx);
    feature_styles(cx, own);
    unstyled_features(cx);
}

/// The designer's `[[style.line_styles]]`: each id new (V0222) and each drawable; their ids.
fn own_styles<'g>(cx: &mut Context<'g>) -> Vec<&'g str> {
    let g = cx.game;
    let f = cx.map_file();
    let mut own: Vec<&str> = Vec::new();
    for s in &g.map.style.line_styles {
        let id = s.id.as_str();
        if BuiltinLine::parse(id).is_some() || own.contains(&id) {
            let what = if own.contains(&id) {
                "is defined twice"
            } else {
                "is the name of a built-in style"
            };
            cx.push(
                Diagnostic::error("V0222", format!("line style `{id}` {what}"))
                    .at(f, s.id.span.clone(), "taken")
                    .help(format!(
                        "give the style another id; the built-in styles are {}",
                        BuiltinLine::words().join(", ")
                    )),
            );
        }
        own.push(id);
        drawable(cx, s);
    }
    own
}

/// A designer's line style can be drawn: its width, dash pattern and casing within the hex (V0222),
/// and its colours.
fn drawable(cx: &mut Context<'_>, s: &LineStyleDef) {
    let f = cx.map_file();
    let id = s.id.as_str();
    let max = f64::from(cx.game.map.style.hex_height.max(1));
    let width = s.width.value;
    if !(width > 0.0 && width <= max) {
        cx.push(
            Diagnostic::error(
                "V0222",
                format!("line style `{id}` has a width of {width} pixels"),
            )
            .at(f, s.width.span.clone(), "cannot be drawn")
            .help(format!(
                "a line is more than 0 and at most the hex height ({max} px) wide"
            )),
        );
    }
    if let Some(dash) = &s.dash {
        let ok = !dash.value.is_empty()
            && dash.value.len() % 2 == 0
            && dash.value.iter().all(|d| *d > 0.0 && *d <= 10.0 * max);
        if !ok {
            cx.push(
                Diagnostic::error(
                    "V0222",
                    format!("line style `{id}` has a dash pattern that cannot be drawn"),
                )
                .at(f, dash.span.clone(), "not pairs of lengths above 0")
                .help("write the pattern as lengths drawn and left out in turn, in pixels: `dash = [8, 4]`; leave `dash` out for a solid line"),
            );
        }
    }
    if let Some(w) = &s.casing_width {
        if !(w.value > 0.0 && w.value <= max) {
            cx.push(
                Diagnostic::error(
                    "V0222",
                    format!("line style `{id}` has a casing width of {}", w.value),
                )
                .at(f, w.span.clone(), "cannot be drawn")
                .help(format!(
                    "the casing shows more than 0 and at most {max} px on each side"
                )),
            );
        }
        if s.casing.is_none() {
            cx.push(
                Diagnostic::error(
                    "V0222",
                    format!("line style `{id}` has a casing width but no casing colour"),
                )
                .at(f, w.span.clone(), "no `casing` to draw")
                .help("add `casing = \"#rrggbb\"` or delete `casing_width`"),
            );
        }
    }
    for c in [&s.color, &s.casing].into_iter().flatten() {
        crate::concept::context::color(cx, f, c);
    }
}

/// Each `feature_styles` entry names a style (built-in or `own`) and a line feature (V0223).
fn feature_styles(cx: &mut Context<'_>, own: Vec<&str>) {
    let g = cx.game;
    let f = cx.map_file();
    let line_ids = id_strs(&g.rules.line_features, |t| &t.id);
    let names: Vec<&str> = BuiltinLine::words().into_iter().chain(own).collect();
    for (feature, name) in &g.map.style.feature_styles {
        cx.reference(
            f,
            name,
            "line style",
            names.iter().copied(),
            "vmodc (road, rail, track) and [[style.line_styles]] of the map file",
        );
        if !line_ids.contains(&feature.as_str()) {
            let span = cx.key_span_of(
                f,
                &[
                    Seg::Key("style"),
                    Seg::Key("feature_styles"),
                    Seg::Key(feature),
                ],
                name.span.clone(),
            );
            let hexside = g
                .rules
                .hexside_features
                .iter()
                .any(|h| h.id.as_str() == feature);
            let why = if hexside {
                "a hexside feature, drawn along hexsides, not as a line"
            } else {
                "no line feature of the rules"
            };
            cx.push(
                Diagnostic::warning(
                    "V0223",
                    format!("a line style for `{feature}`, which is {why}"),
                )
                .at(f, span, "not drawn")
                .help(format!(
                    "line features ([[line_features]] of rules/*.toml): {}",
                    line_ids.join(", ")
                )),
            );
        }
    }
}

/// A line feature drawn on the map with no style of its own is noted: it looks like a railway (V0224).
fn unstyled_features(cx: &mut Context<'_>) {
    let g = cx.game;
    let f = cx.map_file();
    let style = &g.map.style;
    for feature in &g.rules.line_features {
        let id = feature.id.as_str();
        let drawn = g.map.lines.iter().any(|l| l.feature.as_str() == id);
        if drawn && !style.feature_styles.contains_key(id) && BuiltinLine::parse(id).is_none() {
            let span = cx.key_span_of(f, &[Seg::Key("style")], 0..0);
            cx.push(
                Diagnostic::note(
                    "V0224",
                    format!("line feature `{id}` is drawn as a railway, the default style"),
                )
                .at(f, span, "no style for it")
                .help(format!(
                    "name its style in [style] feature_styles: `feature_styles = {{ {id} = \"rail\" }}` keeps this look; \"road\", \"track\" or the id of a [[style.line_styles]] of your own change it"
                )),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_styles_are_the_data_words() {
        assert_eq!(BuiltinLine::parse("road"), Some(BuiltinLine::Road));
        assert_eq!(BuiltinLine::parse("track"), Some(BuiltinLine::Track));
        assert_eq!(BuiltinLine::words(), vec!["road", "rail", "track"]);
    }
}
