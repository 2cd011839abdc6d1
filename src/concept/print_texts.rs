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
        "ui.print_missing",
        "What the data lacks:",
        "print-and-play PDF: contents page",
    ),
];

/// Every text of the print-and-play PDF (every game prints one).
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}
