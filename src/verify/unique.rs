//! Children VASSAL requires to be single or uniquely named. `GameModule.build` ends by running the
//! module's validators and logging each warning (`log.warn`), so a module that breaks one of these
//! loads with a warning in VASSAL's error log:
//! - `RecursiveSingleChildInstance` (attached to the module): a component whose class is "unique"
//!   (`Buildable.isUnique`) may appear once per parent, "No more than one [X] allowed in …";
//! - `SingleChildInstance`: a Board or a Zone holds one grid;
//! - `UniquelyNamedChildren`: the Global Properties (and scenario option tabs) of one container, and
//!   the Map Shading of one map, have distinct names, "More than one [X] with the name 'N' has been
//!   created in …". Two Global Properties of one name share one value at play: the second replaces
//!   the first in the container's property map.

use super::classes::Classes;
use super::xml::Node;
use crate::diag::Diagnostic;
use std::collections::{BTreeMap, BTreeSet};

/// The VASSAL 3.7.26 classes whose `isUnique()` is true (every override in
/// `vassal-app/src/main/java`, found with `git grep -l "boolean isUnique"`), by simple name.
const UNIQUE_CLASSES: &[&str] = &[
    "BoardPicker",
    "Chatter",
    "ChessClockControl",
    "ColorManager",
    "Documentation",
    "FontManager",
    "ForwardToChatter",
    "ForwardToKeyBuffer",
    "GamePieceImageDefinitions",
    "GamePieceLayoutsContainer",
    "GlobalOptions",
    "GlobalProperties",
    "GlobalTranslatableMessages",
    "HighlightLastMoved",
    "ImageSaver",
    "KeyBufferer",
    "KeyNamer",
    "Language",
    "LayeredPieceCollection",
    "Localization",
    "MapCenterer",
    "MenuDisplayer",
    "PieceMover",
    "PlayerRoster",
    "PrototypesContainer",
    "Scroller",
    "ScriptContainer",
    "SelectionHighlighters",
    "StackExpander",
    "StackMetrics",
    "ZonedGridHighlighter",
    "Zoomer",
];

/// The grids a Board or Zone may hold one of (`MapGrid` implementations a buildFile names).
const GRIDS: &[&str] = &["HexGrid", "SquareGrid", "RegionGrid", "ZonedGrid"];

/// Containers whose descendants of a class must have distinct names (`UniquelyNamedChildren`):
/// (container, child class).
const UNIQUELY_NAMED: &[(&str, &str)] = &[
    ("GlobalProperties", "GlobalProperty"),
    ("GlobalProperties", "ScenarioPropertiesOptionTab"),
    ("Map", "MapShader"),
];

/// A component's simple class name: VASSAL's own by its tag, a module class by the VASSAL class it
/// extends.
fn simple_name<'a>(tag: &'a str, classes: &Classes) -> &'a str {
    let short = tag.rsplit('.').next().unwrap_or(tag);
    if tag.starts_with("VASSAL.") {
        return short;
    }
    UNIQUE_CLASSES
        .iter()
        .chain(GRIDS)
        .find(|c| classes.is_a(tag, c))
        .copied()
        .unwrap_or(short)
}

/// How the warning names a parent: its class and, if it has one, its name.
fn parent_label(node: &Node) -> String {
    let short = node.tag.rsplit('.').next().unwrap_or(&node.tag);
    let name = ["name", "mapName", "entryName", "title"]
        .iter()
        .map(|a| node.attr(a))
        .find(|n| !n.is_empty());
    match name {
        Some(n) => format!("{short} `{n}`"),
        None => short.to_string(),
    }
}

/// Every child VASSAL's validators require to be single or uniquely named.
pub(super) fn check(root: &Node, classes: &Classes, push: &mut impl FnMut(Diagnostic)) {
    for parent in root.walk() {
        let parent_short = simple_name(&parent.tag, classes);
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for child in &parent.children {
            let short = simple_name(&child.tag, classes);
            let single = UNIQUE_CLASSES.contains(&short)
                || (GRIDS.contains(&short) && matches!(parent_short, "Board" | "Zone"));
            if single {
                // `SingleChildInstance` counts every grid of a Board as one class (`MapGrid`).
                let class = if GRIDS.contains(&short) {
                    "MapGrid"
                } else {
                    short
                };
                *counts.entry(class).or_default() += 1;
            }
        }
        for (class, count) in counts.into_iter().filter(|(_, n)| *n > 1) {
            push(
                Diagnostic::warning(
                    "V0480",
                    format!(
                        "{} holds {count} {class} components where VASSAL allows one",
                        parent_label(parent)
                    ),
                )
                .help(format!("VASSAL warns when it loads the module (\"No more than one [{class}] allowed in …\", RecursiveSingleChildInstance / SingleChildInstance) and uses one of them: remove the others")),
            );
        }
        for (container, child_class) in UNIQUELY_NAMED {
            // A Player Hand and a Private Window are Maps (`PlayerHand extends PrivateMap extends Map`).
            let as_container = match parent_short {
                "PlayerHand" | "PrivateMap" => "Map",
                other => other,
            };
            if as_container != *container {
                continue;
            }
            let mut seen = BTreeSet::new();
            let mut reported = BTreeSet::new();
            for node in parent.walk().into_iter().skip(1) {
                if simple_name(&node.tag, classes) != *child_class {
                    continue;
                }
                let name = node.attr("name");
                if !seen.insert(name) && reported.insert(name) {
                    push(
                        Diagnostic::warning(
                            "V0481",
                            format!(
                                "{} holds more than one {child_class} named `{name}`",
                                parent_label(parent)
                            ),
                        )
                        .help(format!("VASSAL warns when it loads the module (\"More than one [{child_class}] with the name '{name}' has been created in …\", UniquelyNamedChildren); the container keeps one of them: rename or remove the other")),
                    );
                }
            }
        }
    }
}
