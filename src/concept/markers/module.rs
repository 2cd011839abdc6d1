//! What markers add to the module: one piece per `[[markers]]` entry, with a face the players flip
//! when the marker has two, in a "Markers" list of the counter palette.

use crate::concept::game::{Game, Marker};
use crate::concept::gpids::{palette_marker_key, Gpids};
use crate::concept::interface::PaletteList;
use crate::concept::markers::Tally;
use crate::concept::module::{named, template};
use crate::concept::module::{MARKER_COUNT, MARKER_ID};
use crate::concept::plan::Plan;
use crate::concept::units::module::{flip_report, FLIP_KEY};
use crate::vassal::expression::{bin, concat, eq, int, prop, s, Expr, Op};
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
        traits.push(flip_report(plan, "Report flip"));
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

/// A tally marker's count and its commands: add or spend one unit, and one big unit, each reported
/// with the new count (the report is inside the property, so it sees the count after the change);
/// split one big unit (or one unit) off into a new marker, and merge the markers of its kind in the
/// stack into this one.
fn tally_traits(plan: &Plan, marker: &Marker) -> Vec<Trait> {
    let Some(tally) = &marker.tally else {
        return Vec::new();
    };
    let tx = &plan.tx;
    let menu = |key: &str, unit: &str| tx.fill(key, &[("unit", unit)]);
    let change = |by: i64| format!("{{{TALLY} + {by}}}");
    let split = tally.split_size();
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
    // Split and merge set the count through keys no menu shows; their triggers have the menu items.
    commands.push((String::new(), named(SPLIT_OFF), split.to_string()));
    commands.push((
        String::new(),
        named(SPLIT_REST),
        format!("{{{TALLY_BEFORE} - {split}}}"),
    ));
    commands.push((
        String::new(),
        named(MERGE_SUM),
        same_kind_in_stack(marker, TALLY).to_beanshell(),
    ));
    let as_refs: Vec<(&str, Key, &str)> = commands
        .iter()
        .map(|(m, k, v)| (m.as_str(), *k, v.as_str()))
        .collect();
    let reported = |key: &str| {
        template(
            tx,
            key,
            &[("marker", prop("BasicName")), ("count", tally_text(tally))],
        )
    };
    let mut traits = vec![
        pieces::counter_property(TALLY, 0, (0, 9999), &as_refs, "Tally"),
        // No location: VASSAL's expressions read a location such as `02.03` as the number 2.03.
        pieces::report(
            &keys,
            &reported("ui.report_tally").to_beanshell(),
            "Report the count",
        ),
    ];
    traits.extend(split_traits(plan, tally));
    traits.extend(merge_traits(plan, marker, tally));
    traits
}

/// Split: remember the count, set it to the part split off, clone the marker (the clone keeps
/// that part), then leave the rest here. Only offered while something would be left.
fn split_traits(plan: &Plan, tally: &Tally) -> Vec<Trait> {
    let split = tally.split_size();
    let unit = tally.big_unit.as_deref().unwrap_or(&tally.unit);
    let report = template(
        &plan.tx,
        "ui.report_tally_split",
        &[
            ("marker", prop("BasicName")),
            ("count", tally_text(tally)),
            ("unit", s(unit)),
        ],
    );
    vec![
        pieces::restrict(
            "Split only what leaves something",
            &bin(Op::Le, prop(TALLY), int(i64::from(split))).to_beanshell(),
            &[named(SPLIT)],
        ),
        pieces::command_trigger(
            "Split a part off",
            &plan.tx.fill("ui.tally_split", &[("unit", unit)]),
            named(SPLIT),
            &[
                named(SPLIT_REMEMBER),
                named(SPLIT_OFF),
                named(SPLIT_CLONE),
                named(SPLIT_REST),
            ],
        ),
        pieces::report(
            &[named(SPLIT_REST)],
            &report.to_beanshell(),
            "Report a split",
        ),
        pieces::clone_piece(named(SPLIT_CLONE), "The part split off"),
        pieces::counter_property(
            TALLY_BEFORE,
            0,
            (0, 9999),
            &[("", named(SPLIT_REMEMBER), &format!("{{{TALLY}}}"))],
            "The count before a split",
        ),
    ]
}

/// Merge: this marker takes the count of every marker of its kind in its stack, and the others are
/// removed. Offered only when the stack holds another one.
fn merge_traits(plan: &Plan, marker: &Marker, tally: &Tally) -> Vec<Trait> {
    let others_here = format!(
        "{{{MARKER_ID} == \"{id}\" && CurrentMap == \"$CurrentMap$\" && CurrentX == $CurrentX$ && CurrentY == $CurrentY$ && UniqueID != \"$UniqueID$\"}}",
        id = marker.id.as_str()
    );
    let report = template(
        &plan.tx,
        "ui.report_tally_merge",
        &[("marker", prop("BasicName")), ("count", tally_text(tally))],
    );
    vec![
        pieces::restrict(
            "Merge only with another one here",
            &bin(Op::Le, same_kind_in_stack(marker, MARKER_COUNT), int(1)).to_beanshell(),
            &[named(MERGE)],
        ),
        pieces::command_trigger(
            "Merge the markers of this kind here",
            &plan.tx.get("ui.tally_merge"),
            named(MERGE),
            &[named(MERGE_SUM), named(MERGE_REMOVE_OTHERS)],
        ),
        pieces::report(
            &[named(MERGE_SUM)],
            &report.to_beanshell(),
            "Report a merge",
        ),
        pieces::global_key(
            named(MERGE_REMOVE_OTHERS),
            named(MERGED_AWAY),
            &others_here,
            "Remove the markers merged into this one",
        ),
        pieces::delete_piece(named(MERGED_AWAY), "Removed when merged into another"),
    ]
}

/// A property summed over the markers of this kind in the evaluating piece's stack.
fn same_kind_in_stack(marker: &Marker, property: &str) -> Expr {
    Expr::SumStackWhere(
        property.to_string(),
        Box::new(eq(prop(MARKER_ID), s(marker.id.as_str()))),
    )
}

/// The count before a split.
const TALLY_BEFORE: &str = "TallyBeforeSplit";
const SPLIT: &str = "TallySplit";
const SPLIT_REMEMBER: &str = "TallySplitRemember";
const SPLIT_OFF: &str = "TallySplitOff";
const SPLIT_CLONE: &str = "TallySplitClone";
const SPLIT_REST: &str = "TallySplitRest";
const MERGE: &str = "TallyMerge";
const MERGE_SUM: &str = "TallyMergeSum";
const MERGE_REMOVE_OTHERS: &str = "TallyMergeRemoveOthers";
const MERGED_AWAY: &str = "TallyMergedAway";
const ADD: &str = "TallyAdd";
const SPEND: &str = "TallySpend";
const ADD_BIG: &str = "TallyAddBig";
const SPEND_BIG: &str = "TallySpendBig";

/// The palette's "Markers" list, none when the game has no markers.
pub fn palette_list(game: &Game, plan: &Plan, gpids: &mut Gpids) -> Option<PaletteList> {
    if game.counters.markers.is_empty() {
        return None;
    }
    let pieces = game
        .counters
        .markers
        .iter()
        .map(|m| {
            let gpid = gpids.get(&palette_marker_key(&m.id));
            let piece = marker_piece(plan, m, &gpid);
            let name = plan.tx.get(&format!("markers.{}", m.id.as_str()));
            (name, gpid, game.counters.counters.size, piece)
        })
        .collect();
    Some(PaletteList {
        name: plan.tx.get("ui.markers"),
        pieces,
    })
}
