//! What markers add to the module: one piece per `[[markers]]` entry, with a face the players flip
//! when the marker has two, in a "Markers" list of the counter palette.

use crate::concept::markers::Tally;
use crate::concept::modes::module::{MARKER_COUNT, MARKER_ID};
use crate::concept::module::{named, template};
use crate::concept::units::module::FLIP_KEY;
use crate::emit::plan::Plan;
use crate::model::Marker;
use crate::vassal::expression::{bin, concat, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Key, Piece, Trait};

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
    traits.extend(tally_traits(plan, marker));
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

/// The property that holds a tally marker's count.
pub const TALLY: &str = "Tally";

/// A tally's count as its text (`5SP 1T`), the same digits as `Tally::text`.
pub fn tally_text(tally: &Tally) -> Expr {
    let count = prop(TALLY);
    match &tally.big_unit {
        Some(big) => {
            let per = int(i64::from(tally.per_big()));
            concat(vec![
                s(""),
                bin(Op::Div, count.clone(), per.clone()),
                s(&format!("{big} ")),
                bin(Op::Rem, count, per),
                s(&tally.unit),
            ])
        }
        None => concat(vec![s(""), count, s(&tally.unit)]),
    }
}

/// A tally marker's count and its commands: add or spend one unit, and one big unit; each reports
/// the new count (the report is inside the property, so it sees the count after the change).
fn tally_traits(plan: &Plan, marker: &Marker) -> Vec<Trait> {
    let Some(tally) = &marker.tally else {
        return Vec::new();
    };
    let tx = &plan.tx;
    let menu = |key: &str, unit: &str| tx.fill(key, &[("unit", unit)]);
    let change = |by: i64| format!("{{{TALLY} + {by}}}");
    let mut commands = vec![
        (menu("ui.tally_add", &tally.unit), named(ADD), change(1)),
        (
            menu("ui.tally_spend", &tally.unit),
            named(SPEND),
            change(-1),
        ),
    ];
    if let Some(big) = &tally.big_unit {
        let per = i64::from(tally.per_big());
        commands.push((menu("ui.tally_add", big), named(ADD_BIG), change(per)));
        commands.push((menu("ui.tally_spend", big), named(SPEND_BIG), change(-per)));
    }
    let keys: Vec<Key> = commands.iter().map(|(_, k, _)| *k).collect();
    let as_refs: Vec<(&str, Key, &str)> = commands
        .iter()
        .map(|(m, k, v)| (m.as_str(), *k, v.as_str()))
        .collect();
    let report = template(
        tx,
        "ui.report_tally",
        // No location: VASSAL's expressions read a location such as `02.03` as the number 2.03.
        &[("marker", prop("BasicName")), ("count", tally_text(tally))],
    );
    vec![
        pieces::counter_property(TALLY, 0, (0, 9999), &as_refs, "Tally"),
        pieces::report(&keys, &report.to_beanshell(), "Report the count"),
    ]
}

const ADD: &str = "TallyAdd";
const SPEND: &str = "TallySpend";
const ADD_BIG: &str = "TallyAddBig";
const SPEND_BIG: &str = "TallySpendBig";
