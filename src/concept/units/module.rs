//! What units add to the module: a piece per unit (its faces as layer levels, flipped with Ctrl+F, its
//! printed values as properties of the current face), the reports of a step change and an
//! elimination, and one prototype per side that sends its units to their eliminated box.

use crate::concept::game::{Game, Unit};
use crate::concept::gpids::{palette_unit_key, Gpids};
use crate::concept::interface::{CommandLayer, Concept, FaceParts, PaletteList};
use crate::concept::module::{props, value_property};
use crate::concept::plan::{self, Plan};
use crate::vassal::expression::{cond, eq, int, prop, s, Expr};
use crate::vassal::traits::{self as pieces, Key, Piece, Trait};
use super::RawTraitPlace;
use rayon::prelude::*;

pub use crate::concept::module::{ELIMINATE_KEY, FLIP_KEY, UNIT_PROTOTYPE};

/// Prototype name for a side: its id, the same in every language (players never see it).
pub fn side_prototype(side: &str) -> String {
    format!("Side {side}")
}

/// A unit's name in the module's language.
pub fn unit_name(plan: &Plan, id: &str) -> String {
    plan.tx.get(&format!("units.{id}"))
}

/// The value of a printed number on the unit's current face (`Step_Level` picks the face).
pub fn face_value_expr(game: &Game, unit: &Unit, value_index: usize) -> Expr {
    let faces = game.counters.faces_of(unit);
    // A value the sources do not give (`?`) stays the text "?": sums skip it.
    let value_of = |face: &str| match unit
        .faces
        .get(face)
        .and_then(|v| crate::concept::game::parse_value_slots(v))
        .and_then(|v| v.get(value_index).copied())
    {
        Some(Some(n)) => int(i64::from(n)),
        _ => s("?"),
    };
    let mut e = faces.first().map_or(s("?"), |f| value_of(f));
    for (i, face) in faces.iter().enumerate().skip(1).rev() {
        e = cond(eq(prop("Step_Level"), int(i as i64 + 1)), value_of(face), e);
    }
    e
}

/// Calculated properties giving one unit's printed values on its current face.
pub fn value_traits(game: &Game, unit: &Unit) -> Vec<Trait> {
    game.counters
        .counters
        .values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            pieces::calculated(
                &value_property(v),
                &face_value_expr(game, unit, i).to_beanshell(),
                &format!("{v} on the current face"),
            )
        })
        .collect()
}

/// Report a flip (Ctrl+F) in the chat: old name, new name, where; on units and two-faced markers.
pub fn flip_report(plan: &Plan, description: &str) -> Trait {
    pieces::report(
        &[FLIP_KEY],
        &plan.tx.fill(
            "ui.report_flip",
            &[
                ("old", "$oldPieceName$"),
                ("new", "$newPieceName$"),
                ("location", "$location$"),
            ],
        ),
        description,
    )
}

/// Traits of every unit: report a step change and an elimination.
pub fn report_traits(plan: &Plan) -> Vec<Trait> {
    vec![
        flip_report(plan, "Report step change"),
        pieces::report(
            &[ELIMINATE_KEY],
            &plan
                .tx
                .fill("ui.report_eliminated", &[("old", "$oldPieceName$")]),
            "Report elimination",
        ),
    ]
}

/// One prototype per side: the side's name, and the command that sends its units to the side's
/// eliminated box.
pub fn side_prototypes(game: &Game, plan: &Plan) -> Vec<(String, Piece)> {
    let mut prototypes = Vec::new();
    for side in &game.rules.sides {
        let region = plan
            .eliminated_box
            .get(side.id.as_str())
            .cloned()
            .unwrap_or_default();
        prototypes.push((
            plan.prototype_name(&side_prototype(&side.id)),
            Piece {
                traits: vec![
                    pieces::send_to_region(
                        &plan.tx.get("ui.eliminate"),
                        ELIMINATE_KEY,
                        &plan.track_map,
                        plan::TRACK_BOARD,
                        &region,
                    ),
                    pieces::marker(&[("Side", side.id.as_str())]),
                    pieces::basic_piece("", "", ""),
                ],
            },
        ));
    }
    prototypes
}

/// The piece of one unit showing `face`.
pub fn unit_piece(
    game: &Game,
    plan: &Plan,
    concepts: &[&dyn Concept],
    unit_id: &str,
    face: &str,
    gpid: &str,
) -> Option<Piece> {
    let unit = plan.unit(game, unit_id)?;
    // Another unit's piece, at its first face and without commands: a replacement counter.
    let piece_of = |by: &Unit, other_gpid: &str| {
        let first = *game.counters.faces_of(by).first()?;
        unit_piece_of(game, plan, concepts, by, first, other_gpid, Vec::new())
    };
    let mut commands: Vec<(CommandLayer, Vec<Trait>)> = Vec::new();
    for concept in concepts {
        concept.unit_commands(game, plan, unit, &piece_of, &mut commands);
    }
    commands.sort_by_key(|(layer, _)| *layer);
    let commands = commands
        .into_iter()
        .flat_map(|(_, traits)| traits)
        .collect();
    unit_piece_of(game, plan, concepts, unit, face, gpid, commands)
}

/// The piece of `unit` showing `face`, with `extra` traits (its replace command) after its
/// prototypes.
fn unit_piece_of(
    game: &Game,
    plan: &Plan,
    concepts: &[&dyn Concept],
    unit: &Unit,
    face: &str,
    gpid: &str,
    extra: Vec<Trait>,
) -> Option<Piece> {
    // Only the faces this unit's type has (a unit without a worn face has one level).
    let faces = game.counters.faces_of(unit);
    let level = faces.iter().position(|f| *f == face)? + 1;
    let images = faces
        .iter()
        .map(|f| {
            plan.unit_images
                .get(&(unit.id.value.clone(), f.to_string()))
                .cloned()
                .unwrap_or_default()
        })
        .collect();
    let level_names = faces
        .iter()
        .enumerate()
        .map(|(i, f)| match unit.face_names.get(*f) {
            Some(name) => name.clone(),
            None if i == 0 => String::new(),
            None => format!("+ ({})", plan.tx.get(&format!("faces.{f}"))),
        })
        .collect();
    // Stacking and terrain group of the unit's type (its type id when the data gives none).
    let branch = game
        .counters
        .unit_type(&unit.unit_type)
        .and_then(|t| t.branch.as_ref().map(|b| b.value.clone()))
        .unwrap_or_else(|| unit.unit_type.value.clone());
    let values = unit
        .faces
        .get(*faces.first()?)
        .map(|v| v.value.clone())
        .unwrap_or_default();
    // Each concept's part around the faces; a unit with a reveal command (an untried unit) does
    // not flip: Reveal shows its values once and for all.
    let mut parts = FaceParts::default();
    for concept in concepts {
        concept.unit_faces(game, plan, unit, &faces, &mut parts);
    }
    let flip_text = if parts.reveal.is_some() {
        String::new()
    } else {
        plan.tx.get("ui.flip")
    };
    Some(Piece {
        // Restrictions come first: they must stop a key before the prototypes' reports see it.
        traits: parts
            .restrict
            .into_iter()
            .chain([
                pieces::prototype(&plan.prototype_name(UNIT_PROTOTYPE)),
                pieces::prototype(&plan.prototype_name(&side_prototype(&unit.side))),
            ])
            .chain(extra)
            .chain(parts.above_faces)
            .chain(unit.raw_traits_at(RawTraitPlace::AboveFaces))
            .chain([pieces::layer(&pieces::Layer {
                name: "Step",
                description: "Counter faces",
                step_command: &flip_text,
                step_key: if parts.reveal.is_some() {
                    Key::None
                } else {
                    FLIP_KEY
                },
                images,
                level_names,
                level,
                follow: None,
                reset: parts.reveal,
                down_key: parts.down_key.unwrap_or(Key::None),
            })])
            .chain(value_traits(game, unit))
            .chain(parts.after_values)
            .chain(unit.raw_traits_at(RawTraitPlace::BelowFaces))
            .chain([
                pieces::marker(&[
                    ("Type", unit.unit_type.as_str()),
                    ("Branch", &branch),
                    (props::UNIT_ID, unit.id.as_str()),
                    ("Values", &values),
                ]),
                pieces::basic_piece(&unit_name(plan, &unit.id), "", gpid),
            ])
            .collect(),
    })
}

/// The palette's lists of units: one per side, every unit at its first face.
pub fn palette_lists(
    game: &Game,
    plan: &Plan,
    concepts: &[&dyn Concept],
    gpids: &mut Gpids,
) -> Vec<PaletteList> {
    let size = game.counters.counters.size;
    let first_face = game
        .counters
        .counters
        .faces
        .first()
        .map(|f| f.value.clone())
        .unwrap_or_default();
    game.rules
        .sides
        .iter()
        .map(|side| {
            let ids: Vec<(&Unit, String)> = game
                .counters
                .units
                .iter()
                .filter(|u| u.side.as_str() == side.id.as_str() && u.in_palette)
                .map(|u| (u, gpids.get(&palette_unit_key(&u.id))))
                .collect();
            let pieces = ids
                .into_par_iter()
                .filter_map(|(u, gpid)| {
                    let face = game
                        .counters
                        .faces_of(u)
                        .first()
                        .copied()
                        .unwrap_or(&first_face);
                    let piece = unit_piece(game, plan, concepts, &u.id, face, &gpid)?;
                    Some((unit_name(plan, &u.id), gpid, size, piece))
                })
                .collect();
            PaletteList {
                name: plan.tx.get(&format!("sides.{}", side.id.as_str())),
                pieces,
            }
        })
        .collect()
}
