//! Checks 3 and 8 of vassal-format.md §7: each map has a unique name, its helpers and a board, and
//! its at-start stacks resolve on their board's grid.

use super::classes::Classes;
use super::grid::location_resolves;
use super::xml::Node;
use crate::diag::Diagnostic;
use std::collections::BTreeSet;

/// The eight map helpers VASSAL does not add by itself (§2.2).
pub const MAP_HELPERS: [&str; 8] = [
    "ForwardToKeyBuffer",
    "Scroller",
    "ForwardToChatter",
    "MenuDisplayer",
    "MapCenterer",
    "StackExpander",
    "PieceMover",
    "KeyBufferer",
];

/// Every map, private map and player hand of the module.
pub(super) fn check(root: &Node, classes: &Classes, push: &mut impl FnMut(Diagnostic)) {
    let mut map_names = BTreeSet::new();
    for map in root.walk().into_iter().filter(|n| {
        matches!(
            n.tag.as_str(),
            "VASSAL.build.module.Map"
                | "VASSAL.build.module.PrivateMap"
                | "VASSAL.build.module.PlayerHand"
        )
    }) {
        let name = map.attr("mapName");
        if !map_names.insert(name.to_string()) {
            push(
                Diagnostic::error("V0408", format!("two maps are named `{name}`"))
                    .help("map names must be unique"),
            );
        }
        let parts = map.walk();
        // A module's own subclass of a helper (ForThePeople's `FTPMover`) is that helper.
        let has = |short: &str| parts.iter().skip(1).any(|c| classes.is_a(&c.tag, short));
        let is_hand = map.tag == "VASSAL.build.module.PlayerHand";
        for helper in MAP_HELPERS {
            // `PlayerHand.build` removes the StackExpander itself: a hand lays its cards out flat.
            if is_hand && helper == "StackExpander" {
                continue;
            }
            if !has(helper) {
                push(
                    Diagnostic::error("V0409", format!("map `{name}` lacks its {helper}"))
                        .help("VASSAL does not add map helpers when loading a buildFile: without them pieces cannot be dragged, selected or given commands"),
                );
            }
        }
        let boards: Vec<&Node> = map.find_all("VASSAL.build.module.map.boardPicker.Board");
        if boards.is_empty() {
            push(
                Diagnostic::error("V0410", format!("map `{name}` has no board"))
                    .help("add a BoardPicker with a Board"),
            );
        }
        check_setup_stacks(name, &parts, &boards, push);
        check_shared_spots(name, &parts, &boards, push);
    }
}

/// Two at-start stacks on one spot: VASSAL places each as a stack of its own and never merges
/// them (`SetupStack.setup` → `Map.placeAt`), so the pieces of one are drawn exactly over the
/// other's, with none of the stack's offset edges that show a player there is more than one.
fn check_shared_spots(
    name: &str,
    parts: &[&Node],
    boards: &[&Node],
    push: &mut impl FnMut(Diagnostic),
) {
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    for s in parts
        .iter()
        .filter(|n| n.tag == "VASSAL.build.module.map.SetupStack")
    {
        // A grid location places the stack whatever its x and y say.
        let spot = if s.attr("useGridLocation") == "true" {
            format!("location {}", s.attr("location"))
        } else {
            format!("point {},{}", s.attr("x"), s.attr("y"))
        };
        // Without `owningBoard` (or with `<any>`) the stack stands on the map's first board.
        let board = match s.attrs.get("owningBoard").map(String::as_str) {
            None | Some("<any>") => boards.first().map_or("", |b| b.attr("name")),
            Some(owner) => owner,
        }
        .to_string();
        if !seen.insert((board.clone(), spot.clone())) {
            push(
                Diagnostic::warning(
                    "V0840",
                    format!(
                        "map `{name}`: at-start stack `{}` stands at {spot} of board `{board}`, where another at-start stack already stands",
                        s.attr("name"),
                    ),
                )
                .help("put the pieces of one spot into one SetupStack (several PieceSlots): VASSAL draws two stacks on one spot exactly over each other"),
            );
        }
    }
}

/// Check 8: setup stacks (also those in map folders) resolve on their board's grid.
fn check_setup_stacks(
    name: &str,
    parts: &[&Node],
    boards: &[&Node],
    push: &mut impl FnMut(Diagnostic),
) {
    for s in parts
        .iter()
        .filter(|n| n.tag == "VASSAL.build.module.map.SetupStack")
    {
        // `SetupStack.isOwningBoardActive`: a stack naming a board the map lacks is never placed;
        // without `owningBoard` (or with `<any>`) the first board of the map is used.
        let board = match s.attrs.get("owningBoard").map(String::as_str) {
            None | Some("<any>") => boards.first(),
            Some(owner) => {
                let found = boards.iter().find(|b| b.attr("name") == owner);
                if found.is_none() {
                    // A warning: VASSAL loads the module and silently never places the stack.
                    push(
                        Diagnostic::warning(
                            "V0411",
                            format!(
                                "setup `{}` names board `{owner}`, which map `{name}` lacks",
                                s.attr("name"),
                            ),
                        )
                        .help(
                            "VASSAL places nothing for an at-start stack whose board is not in use",
                        ),
                    );
                }
                found
            }
        };
        let Some(board) = board else {
            continue;
        };
        if s.attr("useGridLocation") != "true" {
            continue;
        }
        // Without a grid VASSAL ignores `useGridLocation` and uses x and y.
        if location_resolves(board, s.attr("location")) == Some(false) {
            push(
                Diagnostic::error(
                    "V0412",
                    format!(
                        "setup `{}`: location `{}` is not on board `{}`",
                        s.attr("name"),
                        s.attr("location"),
                        board.attr("name")
                    ),
                )
                .help("VASSAL reports Error.setup_stack_position_error and places nothing"),
            );
        }
    }
}
