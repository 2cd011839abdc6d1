//! Checks of what changes a unit's strength: attack and strength modifiers, defence bonuses.

use crate::concept::context::{id_strs, Context, Seg};
use crate::concept::provenance::rule_of;
use crate::diag::Diagnostic;

/// Attack modifiers name weathers and unit types that exist, and do not divide by zero.
pub(super) fn attack_modifiers(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    let weather_ids: Vec<&str> = r.weather.iter().map(|w| w.id.as_str()).collect();
    let type_ids: Vec<&str> = g.counters.types.iter().map(|t| t.id.as_str()).collect();
    let features = id_strs(&r.hexside_features, |h| &h.id);
    if let Some(effects) = &r.combat.terrain_effects {
        use crate::concept::combat::TerrainEffects;
        use crate::model::keyword::Keyword;
        let words = TerrainEffects::words();
        cx.reference(
            f,
            effects,
            "way terrain effects combine",
            words.iter().copied(),
            "vmodc's `[combat] terrain_effects` (`both`, `one`)",
        );
    }
    for (i, m) in r.combat.attack_modifiers.iter().enumerate() {
        if let Some(w) = &m.weather {
            cx.reference(f, w, "weather", weather_ids.iter().copied(), "[[weather]]");
        }
        if let Some(a) = &m.across {
            cx.reference(
                f,
                a,
                "hexside feature",
                features.iter().copied(),
                "[[hexside_features]]",
            );
        }
        for w in &m.not_weather {
            cx.reference(f, w, "weather", weather_ids.iter().copied(), "[[weather]]");
        }
        if let Some(terrain) = &m.terrain {
            use crate::concept::combat::TerrainOf;
            use crate::model::keyword::Keyword;
            let words = TerrainOf::words();
            cx.reference(
                f,
                terrain,
                "terrain effect",
                words.iter().copied(),
                "vmodc's attack modifiers (`hex`, `hexside`)",
            );
        }
        if let Some(rounding) = &m.rounding {
            use crate::concept::combat::ModifierRounding;
            use crate::model::keyword::Keyword;
            let words = ModifierRounding::words();
            cx.reference(
                f,
                rounding,
                "rounding",
                words.iter().copied(),
                "vmodc's attack modifiers",
            );
        }
        for t in &m.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                type_ids.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        if m.denominator == 0 {
            let span = cx.span_of(
                f,
                &[
                    Seg::Key("combat"),
                    Seg::Key("attack_modifiers"),
                    Seg::Index(i),
                    Seg::Key("denominator"),
                ],
                m.id.span.clone(),
            );
            cx.push(
                Diagnostic::error("V0108", "attack modifier divides by zero")
                    .at(f, span, "denominator = 0")
                    .rule_opt(m.rule.as_deref().map(|s| s.as_str()))
                    .help("use a denominator of 1 or more"),
            );
        }
    }
}

/// `[[combat.strength_modifiers]]`: the strengths they change (V0761), the marker and its face
/// (V0762), the ratio (V0763), and the unit types and declarations they name.
pub(super) fn strength_modifiers(cx: &mut Context<'_>) {
    use crate::concept::combat::{MarkerFace, ModifierRounding, StrengthKind};
    use crate::model::keyword::Keyword;
    let g = cx.game;
    let combat = &g.rules.combat;
    let f = cx.rules_file();
    let types: Vec<&str> = g.counters.types.iter().map(|t| t.id.as_str()).collect();
    let markers = id_strs(&g.counters.markers, |m| &m.id);
    let declarations = id_strs(&combat.declarations, |d| &d.id);
    for m in &combat.strength_modifiers {
        let rule = rule_of(&m.rule);
        if m.strengths.is_empty() {
            cx.push(
                Diagnostic::error(
                    "V0761",
                    format!("strength modifier `{}` changes no strength", m.id.as_str()),
                )
                .at(f, m.id.span.clone(), "no `strengths`")
                .rule_opt(rule)
                .help("write `strengths = [\"attack\"]`, `[\"defence\"]` or both"),
            );
        }
        for w in &m.strengths {
            if StrengthKind::parse(w).is_none() {
                cx.push(
                    Diagnostic::error("V0761", format!("`{}` is not a strength", w.as_str()))
                        .at(f, w.span.clone(), "not a strength a modifier changes")
                        .rule_opt(rule)
                        .help(format!(
                            "write one of: {}",
                            StrengthKind::words().join(", ")
                        )),
                );
            }
        }
        if let Some(marker) = &m.marker {
            cx.reference(f, marker, "marker", markers.iter().copied(), "[[markers]]");
        }
        if let Some(face) = &m.marker_face {
            let two_faced = m.marker.as_ref().and_then(|id| {
                g.counters
                    .markers
                    .iter()
                    .find(|k| k.id.as_str() == id.as_str())
                    .map(|k| k.back.is_some())
            });
            let problem = match (MarkerFace::parse(face), &m.marker, two_faced) {
                (None, _, _) => Some(format!(
                    "`{}` is not a marker face: write one of {}",
                    face.as_str(),
                    MarkerFace::words().join(", ")
                )),
                (_, None, _) => Some("`marker_face` needs the `marker` it is a face of".into()),
                (Some(MarkerFace::Back), Some(_), Some(false)) => {
                    Some("the marker has one face: it has no back".into())
                }
                _ => None,
            };
            if let Some(problem) = problem {
                cx.push(
                    Diagnostic::error("V0762", format!("strength modifier `{}`: {problem}", m.id.as_str()))
                        .at(f, face.span.clone(), "this face")
                        .rule_opt(rule)
                        .help("a face is `front` or `back` of a two-faced `[[markers]]` entry named by `marker`"),
                );
            }
        }
        let bad_rounding = m
            .rounding
            .as_ref()
            .filter(|r| ModifierRounding::parse(r).is_none());
        if m.denominator == 0 || bad_rounding.is_some() {
            let span = bad_rounding.map_or(m.id.span.clone(), |r| r.span.clone());
            cx.push(
                Diagnostic::error(
                    "V0763",
                    format!(
                        "strength modifier `{}` has no ratio vmodc can apply",
                        m.id.as_str()
                    ),
                )
                .at(f, span, "a denominator of 0, or an unknown rounding")
                .rule_opt(rule)
                .help(format!(
                    "use a denominator of 1 or more, and a rounding of: {}",
                    ModifierRounding::words().join(", ")
                )),
            );
        }
        for t in &m.unit_types {
            cx.reference(
                f,
                t,
                "unit type",
                types.iter().copied(),
                "[[types]] of counters/*.toml",
            );
        }
        for d in m.declared.iter().chain(&m.not_declared) {
            cx.reference(
                f,
                d,
                "declaration",
                declarations.iter().copied(),
                "[[combat.declarations]]",
            );
        }
    }
}

/// `[[combat.defence_bonuses]]`: the declarations and the side they name.
pub(super) fn defence_bonuses(cx: &mut Context<'_>) {
    let combat = &cx.game.rules.combat;
    let f = cx.rules_file();
    let declarations = id_strs(&combat.declarations, |d| &d.id);
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    for b in &combat.defence_bonuses {
        for d in &b.declared {
            cx.reference(
                f,
                d,
                "declaration",
                declarations.iter().copied(),
                "[[combat.declarations]]",
            );
        }
        if let Some(side) = &b.defender_side {
            cx.reference(
                f,
                side,
                "side",
                sides.iter().copied(),
                "[[sides]] of rules/*.toml",
            );
        }
    }
}
