//! The texts of the print-and-play PDF (`src/print/`): page titles, the counter size, the contents
//! page. They belong to no rule concept; like the module's interface texts, every game shares them.

use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    (
        "ui.print_title",
        "{game} — print and play",
        "print-and-play PDF: first page title",
    ),
    (
        "ui.print_counter_size",
        "Counters {mm} mm square.",
        "print-and-play PDF: counter size from the data",
    ),
    (
        "ui.print_counter_size_default",
        "The data gives no printed counter size: counters are printed {mm} mm square (½ inch).",
        "print-and-play PDF: counter size when the data has none",
    ),
    (
        "ui.print_fronts",
        "Counters, fronts — sheet {sheet} of {sheets}",
        "print-and-play PDF: counter front page",
    ),
    (
        "ui.print_backs",
        "Counters, backs — sheet {sheet} of {sheets}: print on the back of the fronts, flipping on the long edge",
        "print-and-play PDF: counter back page",
    ),
    (
        "ui.print_folded",
        "Counters — sheet {sheet} of {sheets}: each front beside its back; cut around the pair, fold on the middle line, glue",
        "print-and-play PDF: one-sided counter page",
    ),
    (
        "ui.print_tile",
        "{map} — tile {tile} of {tiles} (row {row}, column {column}): overlap strips {overlap} mm, match the marks",
        "print-and-play PDF: map tile page",
    ),
    (
        "ui.print_assembly",
        "{map} — how the {tiles} tiles fit (scale 1:{scale})",
        "print-and-play PDF: map assembly page",
    ),
    (
        "ui.print_poster",
        "{map} — on one {paper} sheet",
        "print-and-play PDF: map on one large page",
    ),
    (
        "ui.print_poster_too_small",
        "{map} does not fit on one {paper} sheet at the counters' scale: not printed",
        "print-and-play PDF: contents page",
    ),
    ("ui.print_cards", "Cards, fronts", "print-and-play PDF: card page"),
    (
        "ui.print_card_backs",
        "The data has no card backs: only the fronts are printed.",
        "print-and-play PDF: contents page",
    ),
    (
        "ui.kit_scan_too_large",
        "{map}: the map scan is {width} × {height} pixels, more than the kit decodes (100,000,000): the kit leaves the map out; print the scan itself.",
        "print-and-play PDF: contents page",
    ),
    (
        "ui.print_missing",
        "What the data lacks:",
        "print-and-play PDF: contents page",
    ),
];

/// The texts of the setup and victory pages. Only the kit shows them: unlike the texts above, which
/// every module's translation file has carried since the kit began, they are no piece's text and
/// stay out of the module (`ui.kit_…`: [`crate::i18n::is_kit_only_key`]).
const SETUP_AND_VICTORY: &[InterfaceText] = &[
    (
        "ui.kit_setup_title",
        "Setup and victory",
        "print-and-play PDF: setup and victory page title",
    ),
    (
        "ui.kit_setup",
        "Setup — {scenario}",
        "print-and-play PDF: a scenario's setup chart",
    ),
    (
        "ui.kit_setup_same",
        "Set up as in {scenario}.",
        "print-and-play PDF: a scenario's setup chart",
    ),
    (
        "ui.kit_setup_none",
        "The data sets up no units in this scenario.",
        "print-and-play PDF: a scenario's setup chart",
    ),
    (
        "ui.kit_setup_arrives",
        "{units}: {where}",
        "print-and-play PDF: where a turn's reinforcements enter",
    ),
    (
        "ui.kit_list_separator",
        ", ",
        "print-and-play PDF: between the items of a list",
    ),
    (
        "ui.kit_victory",
        "Victory conditions — {scenario}",
        "print-and-play PDF: a scenario's victory conditions",
    ),
    (
        "ui.kit_victory_same",
        "As in {scenario}.",
        "print-and-play PDF: a scenario's victory conditions",
    ),
    (
        "ui.kit_victory_none",
        "The data gives no victory conditions for this scenario.",
        "print-and-play PDF: a scenario's victory conditions",
    ),
    (
        "ui.kit_victory_when",
        "Judged: {when} (rule {rule}).",
        "print-and-play PDF: a scenario's victory conditions",
    ),
    (
        "ui.kit_victory_control_all",
        "{result}: {side} controls {hexes}.",
        "print-and-play PDF: a victory condition",
    ),
    (
        "ui.kit_victory_control_all_any",
        "{result}: {side} controls {hexes} and at least {count} of {any}.",
        "print-and-play PDF: a victory condition",
    ),
    (
        "ui.kit_victory_control_any",
        "{result}: {side} controls at least {count} of {any}.",
        "print-and-play PDF: a victory condition",
    ),
    (
        "ui.kit_victory_otherwise",
        "Otherwise: {result}.",
        "print-and-play PDF: a scenario's victory conditions",
    ),
    (
        "ui.kit_victory_points",
        "Victory points of {side} (rule {rule}):",
        "print-and-play PDF: victory points",
    ),
    (
        "ui.kit_vp_each",
        "{name}: {points} each.",
        "print-and-play PDF: a victory point term",
    ),
    (
        "ui.kit_vp_per",
        "{name}: {points} per {per}.",
        "print-and-play PDF: a victory point term",
    ),
    (
        "ui.kit_vp_bands",
        "{name}: {bands}.",
        "print-and-play PDF: a victory point term in bands",
    ),
    (
        "ui.kit_vp_band",
        "{at_least} or more {points}",
        "print-and-play PDF: one band of a victory point term",
    ),
    (
        "ui.kit_vp_losses_up",
        "Points lost are added up, then rounded up.",
        "print-and-play PDF: victory points",
    ),
    (
        "ui.kit_vp_losses_down",
        "Points lost are added up, then rounded down.",
        "print-and-play PDF: victory points",
    ),
    (
        "ui.kit_vp_between",
        "{at_least} to {at_most} points: {result}",
        "print-and-play PDF: a victory point threshold",
    ),
    (
        "ui.kit_vp_at_least",
        "{at_least} points or more: {result}",
        "print-and-play PDF: a victory point threshold",
    ),
    (
        "ui.kit_vp_at_most",
        "{at_most} points or fewer: {result}",
        "print-and-play PDF: a victory point threshold",
    ),
    (
        "ui.kit_vp_any",
        "Any score: {result}",
        "print-and-play PDF: a victory point threshold",
    ),
];

/// The texts of the contents page, the kit's alone as the setup and victory texts are.
const CONTENTS: &[InterfaceText] = &[
    (
        "ui.kit_contents",
        "Contents",
        "print-and-play PDF: the contents, listing every page",
    ),
    (
        "ui.kit_contents_backs",
        "Counters, backs — sheet {sheet} of {sheets}",
        "print-and-play PDF: the contents: a counter back page (the page's title up to its printing advice)",
    ),
    (
        "ui.kit_contents_folded",
        "Counters — sheet {sheet} of {sheets}",
        "print-and-play PDF: the contents: a one-sided counter page (the page's title up to its folding advice)",
    ),
    (
        "ui.kit_contents_tile",
        "{map} — tile {tile} of {tiles}",
        "print-and-play PDF: the contents: a map tile page (the page's title up to its gluing advice)",
    ),
    (
        "ui.kit_contents_scenario",
        "Setup and victory — {scenario}",
        "print-and-play PDF: the contents: a scenario's setup and victory pages",
    ),
    (
        "ui.kit_control_markers",
        "Control markers: {count}, one for each city of the map, whose control the game tracks (rule {rules}); the module puts one on each.",
        "print-and-play PDF: the contents: how many control markers the kit prints",
    ),
    (
        "ui.kit_control_markers_uncited",
        "Control markers: {count}, one for each city of the map, whose control the game tracks; the module puts one on each.",
        "print-and-play PDF: the contents: how many control markers the kit prints (the data cites no rule)",
    ),
    (
        "ui.kit_scan",
        "{map}: the designer's scan ({width} × {height} px), the module's board, printed at the counters' scale: {mm} mm a pixel, {map_width} × {map_height} mm.",
        "print-and-play PDF: the contents: how a map scan is printed",
    ),
];

/// Every text of the print-and-play PDF (every game prints one).
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
    out.add_interface(SETUP_AND_VICTORY);
    out.add_interface(CONTENTS);
}
