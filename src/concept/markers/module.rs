//! What markers add to the module: one piece per `[[markers]]` entry, with a face the players flip
//! when the marker has two, in a "Markers" list of the counter palette.

use crate::concept::modes::module::{MARKER_COUNT, MARKER_ID};
use crate::concept::units::module::FLIP_KEY;
use crate::emit::plan::Plan;
use crate::model::Marker;
use crate::vassal::traits::{self as pieces, Key, Piece};

/// The translated name of a marker's front and, for a two-faced one, of its back.
pub fn face_names(plan: &Plan, marker: &Marker) -> Vec<String> {
    let id = marker.id.as_str();
    let mut names = vec![plan.tx.get(&format!("markers.{id}"))];
    if marker.back.is_some() {
        names.push(plan.tx.get(&format!("marker_backs.{id}")));
    }
    names
}

/// The translated texts printed on a marker's faces.
pub fn face_texts(plan: &Plan, marker: &Marker) -> Vec<String> {
    let id = marker.id.as_str();
    let mut texts = vec![plan.tx.get(&format!("marker_texts.{id}"))];
    if marker.back.is_some() {
        texts.push(plan.tx.get(&format!("marker_back_texts.{id}")));
    }
    texts
}

/// The piece of a marker: its faces (Ctrl+F flips a two-faced one, reported in the chat) and its
/// name.
pub fn marker_piece(plan: &Plan, marker: &Marker, gpid: &str) -> Piece {
    let images = plan
        .marker_images
        .get(marker.id.as_str())
        .cloned()
        .unwrap_or_default();
    let names = face_names(plan, marker);
    let two_faced = images.len() > 1;
    // A level name without a leading "+" replaces the piece's name: the back reads "Isolated".
    let level_names = names
        .iter()
        .enumerate()
        .map(|(i, n)| if i == 0 { String::new() } else { n.clone() })
        .collect();
    let flip = plan.tx.get("ui.flip");
    let mut traits = Vec::new();
    if two_faced {
        traits.push(pieces::report(
            &[FLIP_KEY],
            &plan.tx.fill(
                "ui.report_flip",
                &[
                    ("old", "$oldPieceName$"),
                    ("new", "$newPieceName$"),
                    ("location", "$location$"),
                ],
            ),
            "Report flip",
        ));
    }
    traits.push(pieces::layer(&pieces::Layer {
        name: "Face",
        description: "Marker faces",
        step_command: if two_faced { &flip } else { "" },
        step_key: if two_faced { FLIP_KEY } else { Key::None },
        images,
        level_names,
        level: 1,
        follow: None,
        reset: None,
        down_key: Key::None,
    }));
    // What a stack sum can find a marker by (a mode marker on a unit's stack, concept `modes`).
    traits.push(pieces::marker(&[
        (MARKER_ID, marker.id.as_str()),
        (MARKER_COUNT, "1"),
    ]));
    traits.push(pieces::basic_piece(&names[0], "", gpid));
    Piece { traits }
}
