//! The texts of cards: decks, card uses and cards, and the interface texts of the card window and
//! the card faces.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    (
        "ui.cards",
        "Cards",
        "card window, its toolbar button and the heading of its board",
    ),
    ("ui.in_play", "{deck}: in play", "card board box"),
    ("ui.discards", "{deck}: discards", "card board box and discard pile"),
    ("ui.show_card", "Show / hide", "card menu: its holder shows or hides it"),
    (
        "ui.return_discards",
        "Return the discards to the deck",
        "discard pile menu",
    ),
    (
        "ui.choose_cards",
        "Choose cards",
        "deck and discard pile menu: take the cards one picks",
    ),
    (
        "ui.report_return_discards",
        "{player} ({side}) returns the discards to {deck}",
        "chat: discards returned to their deck",
    ),
    (
        "ui.card_uses_unknown",
        "Uses as far as the sources give them.",
        "card faces",
    ),
    (
        "ui.card_count_unknown",
        "Number of copies not in the sources.",
        "card faces",
    ),
];

/// Every interface text of cards.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// Decks, card uses and cards, and the interface texts.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    for d in &game.counters.decks {
        out.add(format!("decks.{}", d.side.as_str()), &d.name, "card decks");
    }
    out.add_each(
        "card_uses",
        &game.counters.card_uses,
        |u| (u.id.as_str(), &u.name),
        "card faces",
    );
    for c in &game.counters.cards {
        out.add(
            format!("cards.{}", c.id.as_str()),
            &c.name,
            "card names and faces",
        );
        if !c.restriction.is_empty() {
            out.add(
                format!("card_restrictions.{}", c.id.as_str()),
                &c.restriction,
                "card faces",
            );
        }
    }
    out.add_interface(INTERFACE);
}
