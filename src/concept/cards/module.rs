//! What cards add to the module: a piece per card, and per deck a face-up draw pile holding the side's
//! cards (players draw the cards they choose) on the card window's board.

use crate::concept::game::Game;
use crate::concept::gpids::Gpids;
use crate::concept::plan::{self, Plan, TrackLayout};
use crate::vassal::traits::{self as pieces, Piece};
use crate::vassal::xml::El;

/// The piece of one card: its face image, its name, its side.
pub fn card_piece(plan: &Plan, card: &crate::concept::game::Card, gpid: &str) -> Piece {
    let image = plan
        .card_images
        .get(card.id.as_str())
        .cloned()
        .unwrap_or_default();
    Piece {
        traits: vec![
            pieces::marker(&[("Side", card.side.as_str()), ("CardId", card.id.as_str())]),
            pieces::basic_piece(
                &plan.tx.get(&format!("cards.{}", card.id.as_str())),
                &image,
                gpid,
            ),
        ],
    }
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
        let (x, y) = (b.x + b.w / 2, b.y + b.h / 2 + 10);
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
        out.push(
            El::new("VASSAL.build.module.map.DrawPile")
                .attr("allowMultiple", "false")
                .attr("allowSelect", "true")
                .attr("color", "255,255,255")
                .attr("draw", "true")
                .attr("faceDown", "Never")
                .attr("height", h)
                .attr("name", &name)
                .attr("owningBoard", plan::CARDS_BOARD)
                .attr("reshufflable", "false")
                .attr("reversible", "false")
                .attr("shuffle", "Never")
                .attr("width", w)
                .attr("x", x)
                .attr("y", y)
                .children(slots),
        );
    }
    out
}
