//! A module's pieces as units: a piece slot's name, its faces (the first Layer's images, or the
//! BasicPiece's image), its side and type where the module states them, and every other trait kept
//! raw at its place around the faces.

use crate::vassal::sequence_encoder::decode;
use crate::verify::xml::Node;
use crate::verify::{
    basic_piece_fields, decode_add_piece, layer_images, layer_level, layer_level_names,
    prototype_name,
};

/// Marker property names a module commonly states a piece's side in.
const SIDE_PROPERTIES: &[&str] = &[
    "Side",
    "side",
    "SideName",
    "Nationality",
    "Faction",
    "Army",
    "Player",
];

/// One piece of the module, as a unit of the project.
#[derive(Debug, Clone)]
pub struct PieceUnit {
    pub id: String,
    pub name: String,
    /// The side's name as the module's roster gives it; `None` when the module states none.
    pub side: Option<String>,
    /// Where the side was read (a property, the palette list).
    pub side_from: String,
    /// The first prototype the piece uses, which names its type; `None` without one.
    pub prototype: Option<String>,
    /// The image of each face (`""` for a face the module gives no image).
    pub faces: Vec<String>,
    /// What each face adds to the piece's name (the Layer's level names; none without a Layer).
    pub level_names: Vec<String>,
    /// The face showing, from 1.
    pub level: usize,
    /// Traits kept verbatim: (above the faces, type, state), outermost first.
    pub raw: Vec<(bool, String, String)>,
    pub in_palette: bool,
    /// What the piece had that the unit does not carry, and why.
    pub not_carried: Vec<String>,
}

/// Read a slot's piece. `lists` are the names of the palette lists (and panels) holding it,
/// outermost first; `sides` the roster's side names.
pub fn piece_unit(slot: &Node, lists: &[String], sides: &[String]) -> Result<PieceUnit, String> {
    let piece = decode_add_piece(&slot.text)?;
    let Some((basic_type, _)) = piece.traits.last() else {
        return Err("the piece has no traits".into());
    };
    let (basic_image, basic_name) =
        basic_piece_fields(basic_type).ok_or("the innermost trait is not a BasicPiece")?;
    let name = match slot.attr("entryName") {
        "" => basic_name.clone(),
        n => n.to_string(),
    };
    let decorators = &piece.traits[..piece.traits.len() - 1];
    let layer_at = decorators
        .iter()
        .position(|(t, _)| layer_images(t).is_some());
    let mut not_carried = Vec::new();
    let level_names = layer_at
        .and_then(|i| layer_level_names(&decorators[i].0))
        .unwrap_or_default();
    let (faces, level) = match layer_at {
        Some(i) => {
            let (t, state) = &decorators[i];
            let images = layer_images(t).unwrap_or_default();
            let level = usize::try_from(layer_level(state).unsigned_abs()).unwrap_or(1);
            if !basic_image.is_empty() {
                not_carried.push(format!(
                    "the BasicPiece image `{basic_image}` under the layer: a unit's faces are its layer's"
                ));
            }
            (images, level.clamp(1, usize::MAX))
        }
        None => (vec![basic_image], 1),
    };
    if basic_name != name && !basic_name.is_empty() {
        not_carried.push(format!(
            "the BasicPiece name `{basic_name}`: the unit takes the slot's name `{name}`"
        ));
    }
    let raw = decorators
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != layer_at)
        .map(|(i, (t, s))| (layer_at.is_none_or(|l| i < l), t.clone(), s.clone()))
        .collect();
    let prototype = decorators.iter().find_map(|(t, _)| prototype_name(t));
    let (side, side_from) = stated_side(decorators, lists, sides);
    Ok(PieceUnit {
        id: String::new(),
        name,
        side,
        side_from,
        prototype,
        level: level.min(faces.len().max(1)),
        faces,
        level_names,
        raw,
        in_palette: true,
        not_carried,
    })
}

/// The side a piece states: a marker property whose value is a roster side, else the palette list
/// it is in, when that list is named after a side.
fn stated_side(
    decorators: &[(String, String)],
    lists: &[String],
    sides: &[String],
) -> (Option<String>, String) {
    for (t, state) in decorators {
        let Some(keys) = t.strip_prefix("mark;") else {
            continue;
        };
        let keys = decode(keys, ',');
        let values = decode(state, ',');
        for (k, v) in keys.iter().zip(values) {
            if SIDE_PROPERTIES.contains(&k.as_str()) && sides.contains(&v) {
                return (Some(v), format!("its property `{k}`"));
            }
        }
    }
    for list in lists.iter().rev() {
        if sides.contains(list) {
            return (Some(list.clone()), format!("its palette list `{list}`"));
        }
    }
    (None, String::new())
}
