//! The cards' part of the plan: each card's face image, the backs of face-down decks, and the card
//! board (a deck box, an in-play box and, with `[decks.pile] discard`, a discard box per deck).

use crate::concept::game::Game;
use crate::concept::plan::{draw_pile_as_stack, off_map_box_height, stack_foot, LineKind, MAX_STACK, Plan, TrackBox, TrackLayout, TrackLine, CARD_SIZE};
use crate::i18n::Texts;
use crate::slug::slug;

/// Fill in the cards' fields of the plan.
pub fn fill_plan(game: &Game, plan: &mut Plan) {
    plan.card_images = game
        .counters
        .cards
        .iter()
        .map(|c| (c.id.value.clone(), format!("card-{}.png", slug(&c.id))))
        .collect();
    plan.card_backs = game
        .counters
        .decks
        .iter()
        .filter(|d| d.pile.as_ref().is_some_and(|p| p.face_down))
        .map(|d| {
            (
                d.side.value.clone(),
                format!("card-back-{}.png", slug(&d.side)),
            )
        })
        .collect();
    plan.cards = cards_layout(game, &plan.tx);
}

/// The name of a deck's discard pile (its box and its VASSAL draw pile), from the deck's name.
pub fn discard_pile_name(tx: &Texts, deck: &str) -> String {
    tx.fill("ui.discards", &[("deck", deck)])
}

/// The deck box, the in-play box and the discard box of each deck, side by side.
fn cards_layout(game: &Game, tx: &Texts) -> Option<TrackLayout> {
    if game.counters.decks.is_empty() {
        return None;
    }
    const GAP: u32 = 10;
    const TOP: u32 = 50;
    let (w, h) = CARD_SIZE;
    // A full pile, clear of the box's title and border.
    let box_h = off_map_box_height(h, draw_pile_as_stack(MAX_STACK));
    let mut boxes = Vec::new();
    for (row, deck) in game.counters.decks.iter().enumerate() {
        let name = tx.get(&format!("decks.{}", deck.side.as_str()));
        let y = TOP + row as u32 * (box_h + 3 * GAP);
        let titled = |region: String, x: u32, w: u32| TrackBox {
            lines: vec![TrackLine::new(LineKind::Title, region.clone())],
            region,
            x,
            y,
            w,
            h: box_h,
            shaded: false,
            foot: stack_foot(h),
        };
        boxes.push(titled(name.clone(), GAP, w + 40));
        let in_play = tx.fill("ui.in_play", &[("deck", &name)]);
        boxes.push(titled(in_play, 2 * GAP + w + 40, 3 * w));
        if deck.pile.as_ref().is_some_and(|p| p.discard) {
            boxes.push(titled(
                discard_pile_name(tx, &name),
                3 * GAP + 4 * w + 40,
                w + 40,
            ));
        }
    }
    let width = boxes.iter().map(|b| b.x + b.w).max().unwrap_or(0) + GAP;
    let height = boxes.iter().map(|b| b.y + b.h).max().unwrap_or(0) + GAP;
    Some(TrackLayout {
        // One name per thing: the board is headed by its window's name.
        title: tx.get("ui.cards"),
        width,
        height,
        boxes,
    })
}
