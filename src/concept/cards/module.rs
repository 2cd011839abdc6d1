//! What cards add to the module: a piece per card, and per deck a draw pile holding the side's cards
//! on the card window's board, lying and handled as the deck's `[decks.pile]` says (face down or up,
//! cards chosen or drawn at random, a taken card seen by its holder only or by all, a discard pile
//! that returns its cards to the deck).

use crate::concept::cards::{CardSelection, HandView};
use crate::concept::game::{Deck, Game};
use crate::concept::gpids::Gpids;
use crate::concept::plan::{self, Plan, TrackLayout};
use crate::model::keyword::Keyword;
use crate::vassal::traits::{self as pieces, Key, Piece};

/// The key of a card's Show/Hide command (its holder shows a hidden card to every player).
pub const SHOW_CARD_KEY: Key<'static> = Key::Named("ShowOrHideCard");
use crate::vassal::xml::El;

/// The piece of one card: its face image, its name, its side; when its deck lies face down, a mask
/// showing the deck's back (what the face-down pile shows, and what players other than the holder
/// see of a card taken with a hidden hand), with the holder's Show/Hide command.
pub fn card_piece(plan: &Plan, card: &crate::concept::game::Card, gpid: &str) -> Piece {
    let image = plan
        .card_images
        .get(card.id.as_str())
        .cloned()
        .unwrap_or_default();
    let mut traits = vec![pieces::marker(&[
        ("Side", card.side.as_str()),
        ("CardId", card.id.as_str()),
    ])];
    if let Some(back) = plan.card_backs.get(card.side.as_str()) {
        let deck = plan.tx.get(&format!("decks.{}", card.side.as_str()));
        traits.push(pieces::holder_mask(
            SHOW_CARD_KEY,
            back,
            &plan.tx.get("ui.show_card"),
            &deck,
            "Card back: a face-down deck, a card in its holder's hand",
        ));
    }
    traits.push(pieces::basic_piece(
        &plan.tx.get(&format!("cards.{}", card.id.as_str())),
        &image,
        gpid,
    ));
    Piece { traits }
}

/// How a deck's draw pile lies and is handled: `DrawPile` attributes (names of
/// `DrawPile.getAttributeNames` in 3.7.26) from `[decks.pile]` and `[card_play] selection`.
pub fn pile_attributes(game: &Game, plan: &Plan, deck: &Deck) -> Vec<(&'static str, String)> {
    let pile = deck.pile.as_ref();
    let chosen = game
        .rules
        .card_play
        .as_ref()
        .and_then(|cp| CardSelection::parse(cp.selection.as_str()))
        != Some(CardSelection::Draw);
    let face_down = pile.is_some_and(|p| p.face_down);
    let hand_open = pile.is_none_or(|p| HandView::parse(p.hand.as_str()) != Some(HandView::Hidden));
    let word = |b: bool, yes: &str, no: &str| if b { yes } else { no }.to_string();
    vec![
        // Cards are chosen (6.1 of btm2): a player takes the ones they pick, not the top ones.
        ("allowMultiple", "false".to_string()),
        ("allowSelect", chosen.to_string()),
        // The menu item's text; without it VASSAL prints its own, in VASSAL's language.
        ("drawSpecificMessage", plan.tx.get("ui.choose_cards")),
        ("faceDown", word(face_down, "Always", "Never")),
        ("drawFaceUp", hand_open.to_string()),
        ("shuffle", word(chosen, "Never", "Always")),
        ("reversible", "false".to_string()),
        ("reshufflable", "false".to_string()),
    ]
}

/// The discard pile of a deck: face up, cards taken from it by choice, and a command that returns
/// every discard to the deck (`reshuffleTarget`: `Deck.sendToDeck` moves them, the deck's own
/// shuffle option then applies), reported in the chat with who did it. `deck_name` is the deck's
/// id (what saves and `reshuffleTarget` name), `deck_title` the name players read.
pub fn discard_attributes(
    plan: &Plan,
    deck_name: &str,
    deck_title: &str,
) -> Vec<(&'static str, String)> {
    vec![
        ("allowMultiple", "false".to_string()),
        ("allowSelect", "true".to_string()),
        ("drawSpecificMessage", plan.tx.get("ui.choose_cards")),
        ("faceDown", "Never".to_string()),
        ("drawFaceUp", "true".to_string()),
        ("shuffle", "Never".to_string()),
        ("reversible", "false".to_string()),
        ("reshufflable", "true".to_string()),
        ("reshuffleCommand", plan.tx.get("ui.return_discards")),
        (
            "reshuffleMessage",
            plan.tx.fill(
                "ui.report_return_discards",
                &[
                    ("deck", deck_title),
                    ("player", "$PlayerName$"),
                    ("side", "$playerSide$"),
                ],
            ),
        ),
        ("reshuffleTarget", deck_name.to_string()),
    ]
}

/// The draw pile of each deck, on the card board laid out in `layout`.
pub fn deck_piles(game: &Game, plan: &Plan, layout: &TrackLayout, gpids: &mut Gpids) -> Vec<El> {
    let (w, h) = plan::CARD_SIZE;
    let mut out = Vec::new();
    for deck in &game.counters.decks {
        let shown = plan.tx.get(&format!("decks.{}", deck.side.as_str()));
        let name = plan.deck_id(deck.side.as_str());
        let Some(b) = layout.boxes.iter().find(|b| b.region == shown) else {
            continue;
        };
        let (x, y) = b.centre();
        let slots = game
            .counters
            .cards
            .iter()
            .filter(|c| c.side.as_str() == deck.side.as_str())
            .flat_map(|c| (0..c.count.value.max(1)).map(move |copy| (c, copy)))
            .map(|(c, copy)| {
                let gpid = gpids.get(&format!("card:{}:{copy}", c.id.as_str()));
                let piece = card_piece(plan, c, &gpid);
                El::new("VASSAL.build.widget.CardSlot")
                    .attr(
                        "entryName",
                        plan.tx.get(&format!("cards.{}", c.id.as_str())),
                    )
                    .attr("gpid", &gpid)
                    .attr("height", h)
                    .attr("width", w)
                    .text(piece.add_command("null"))
            })
            .collect::<Vec<_>>();
        out.push(draw_pile(&name, (x, y), pile_attributes(game, plan, deck)).children(slots));
        // The box is found by the title the player reads; the pile is named by the id that saves
        // (and the deck's Return to Deck) refer to in every language.
        let discards_box = super::board::discard_pile_name(&plan.tx, &shown);
        let discards = super::board::discard_pile_name(&plan.ids, &name);
        if let Some(d) = layout.boxes.iter().find(|b| b.region == discards_box) {
            let at = d.centre();
            out.push(draw_pile(
                &discards,
                at,
                discard_attributes(plan, &name, &shown),
            ));
        }
    }
    out
}

/// A `DrawPile` of card size on the card board at `at`, with `attributes` (in the buildFile, the
/// attributes in name order, as every element of the module).
fn draw_pile(name: &str, at: (u32, u32), attributes: Vec<(&'static str, String)>) -> El {
    let (w, h) = plan::CARD_SIZE;
    let mut attributes = attributes;
    attributes.extend([
        // The outline VASSAL draws round an empty pile: dark, to show on the pale box.
        ("color", "64,64,64".to_string()),
        ("draw", "true".to_string()),
        ("height", h.to_string()),
        ("name", name.to_string()),
        ("owningBoard", plan::CARDS_BOARD.to_string()),
        ("width", w.to_string()),
        ("x", at.0.to_string()),
        ("y", at.1.to_string()),
    ]);
    attributes.sort_by_key(|(k, _)| *k);
    attributes
        .into_iter()
        .fold(El::new("VASSAL.build.module.map.DrawPile"), |el, (k, v)| {
            el.attr(k, v)
        })
}
