//! Cards: decks, the cards in them, how they are played and each side's allotment.

pub(crate) mod check;
pub mod board;
pub mod concept;
pub mod module;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::keyword::keyword;
use crate::model::spanned::{yes, Sp};
use serde::Deserialize;

cited! {
    /// How players get and lose cards (`[card_play]`); the cards themselves are in counters/<game>.toml.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct CardPlay {
        /// `choose`: each turn a side picks its allotment from all its cards; `draw`: it draws at random.
        pub selection: Sp<String>,
        /// When unused cards are discarded, in a sentence.
        #[serde(default)]
        pub discard: String,
        /// Further limits on playing cards, one sentence each.
        #[serde(default)]
        pub limits: Vec<String>,
        /// Cards each side receives per turn, as far as known; turns without an entry are unknown.
        #[serde(default)]
        pub allotments: Vec<Allotment>,
    }
}

cited! {
    /// The number of cards `side` receives on `turn`.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Allotment {
        pub side: Sp<String>,
        pub turn: Sp<u32>,
        pub cards: Sp<u32>,
    }
}

cited! {
    /// A use a card may offer, shown on the card as an icon (`[[card_uses]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct CardUse {
        pub id: Sp<String>,
        pub name: String,
        /// Short text drawn as the icon.
        pub icon: Sp<String>,
        /// Units the use acts on at once (`x2` icons).
        pub units: Option<Sp<u32>>,
        /// When it may be used.
        #[serde(default)]
        pub when: String,
        /// What it does.
        #[serde(default)]
        pub effect: String,
        /// Column shift it gives in the user's favour, if it is a combat shift.
        pub shift: Option<Sp<i32>>,
    }
}

cited! {
    /// A side's set of cards (`[[decks]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Deck {
        pub side: Sp<String>,
        pub name: String,
        /// Cards in the deck, as the rulebook states.
        pub size: Sp<u32>,
        /// Card background and text colours, `#rrggbb`.
        pub color: Sp<String>,
        pub text_color: Sp<String>,
        /// How the deck lies and is handled at the table (`[decks.pile]`); without it the deck is
        /// one face-up pile players draw from, with no discard pile.
        pub pile: Option<Pile>,
    }
}

cited! {
    /// How a deck's cards lie and move at the table, as the rules handle them (`[decks.pile]`).
    /// Whether cards are drawn at random or chosen is `[card_play] selection`.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Pile {
        /// The cards not yet taken lie face down: no player sees the top card.
        #[serde(default)]
        pub face_down: bool,
        /// `hidden`: a card taken from the pile is seen by its holder only until the holder shows
        /// it; `open`: it is face up for everyone. `hidden` needs `face_down` (VASSAL masks only
        /// cards taken from a face-down pile).
        pub hand: Sp<String>,
        /// Used cards go to a face-up discard pile of the deck, which returns its cards to the
        /// deck on a command (the rules' moment to take discards back, e.g. a new turn).
        #[serde(default)]
        pub discard: bool,
    }
}

cited! {
    /// A card (`[[cards]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Card {
        pub id: Sp<String>,
        pub side: Sp<String>,
        pub name: String,
        /// The name as printed, when the card is printed in another language.
        pub printed_name: Option<String>,
        /// Copies in the deck.
        pub count: Sp<u32>,
        /// `false` when the sources show only that there is at least `count` copies.
        #[serde(default = "yes")]
        pub count_known: bool,
        /// Its uses (ids of `[[card_uses]]`), in printed order.
        #[serde(default)]
        pub uses: Vec<Sp<String>>,
        /// `false` when the card may print uses the sources do not show.
        #[serde(default = "yes")]
        pub uses_known: bool,
        /// Uses the sources show the card does not have.
        #[serde(default)]
        pub not_uses: Vec<Sp<String>>,
        /// Limits on when or how it may be used, in a sentence.
        #[serde(default)]
        pub restriction: String,
        /// A printing error and how the rules correct it.
        #[serde(default)]
        pub errata: String,
        #[serde(default)]
        pub note: String,
    }
}

keyword! {
    /// Who sees a card taken from a deck (`[decks.pile] hand`).
    pub enum HandView {
        /// Its holder only, until the holder shows it.
        Hidden = "hidden",
        /// Every player.
        Open = "open",
    }
}

keyword! {
    /// How a side gets its cards each turn (`[card_play] selection`).
    pub enum CardSelection {
        /// It picks its allotment from all its cards.
        Choose = "choose",
        /// It draws at random.
        Draw = "draw",
    }
}
