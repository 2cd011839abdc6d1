//! Checks of cards: decks, cards, card uses, play and allotments, and the cards the sources lack.

use crate::concept::cards::{CardSelection, HandView};
use crate::concept::context::{color, duplicates, id_strs, one_of, turn_in_range, Context};
use crate::concept::game::{Card, Deck};
use crate::concept::provenance::{rule_of, Component};
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;
use std::collections::{BTreeMap, BTreeSet};

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    cards(cx);
    card_play(cx);
    card_gaps(cx);
}

/// Decks and cards: sides, uses, colours, counts against the deck size.
fn cards(cx: &mut Context<'_>) {
    let c = &cx.game.counters;
    let f = cx.counters_file();
    duplicates(cx, f, "card", c.cards.iter().map(|x| &x.id));
    duplicates(cx, f, "card use", c.card_uses.iter().map(|x| &x.id));
    let deck_of = decks(cx);
    card_uses(cx);
    let mut totals: BTreeMap<&str, u32> = BTreeMap::new();
    for card in &c.cards {
        card_entry(cx, card, &deck_of);
        let total = totals.entry(card.side.as_str()).or_default();
        *total = total.saturating_add(card.count.value);
    }
    deck_sizes(cx, &deck_of, &totals);
}

/// Each side has at most one deck, with a real side and colours; the decks by side.
fn decks<'g>(cx: &mut Context<'g>) -> BTreeMap<&'g str, &'g Deck> {
    let c = &cx.game.counters;
    let f = cx.counters_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let mut deck_of: BTreeMap<&str, &Deck> = BTreeMap::new();
    for d in &c.decks {
        cx.reference(
            f,
            &d.side,
            "side",
            sides.iter().copied(),
            "[[sides]] of rules/*.toml",
        );
        color(cx, f, &d.color);
        color(cx, f, &d.text_color);
        pile(cx, d);
        if deck_of.insert(d.side.as_str(), d).is_some() {
            cx.push(
                Diagnostic::error("V0708", format!("side `{}` has two decks", d.side.as_str()))
                    .at(f, d.side.span.clone(), "second deck")
                    .rule_opt(rule_of(&d.rule))
                    .help("give each side one [[decks]] entry"),
            );
        }
    }
    deck_of
}

/// A deck's pile: a known hand view, and a hidden hand only from a face-down pile (VASSAL's Deck
/// masks a card taken from it only when the pile lies face down: `Deck.pieceRemoved`).
fn pile(cx: &mut Context<'_>, d: &Deck) {
    let Some(p) = &d.pile else { return };
    let f = cx.counters_file();
    one_of(cx, f, &p.hand, "hand view", &HandView::words());
    if HandView::parse(p.hand.as_str()) == Some(HandView::Hidden) && !p.face_down {
        cx.push(
            Diagnostic::error(
                "V0860",
                format!(
                    "the hand of `{}` is hidden but its pile lies face up",
                    d.side.as_str()
                ),
            )
            .at(f, p.hand.span.clone(), "hidden hand")
            .rule_opt(rule_of(&p.rule).or(rule_of(&d.rule)))
            .help("set `face_down = true` in [decks.pile], or `hand = \"open\"` if the rules show taken cards"),
        );
    }
}

/// Card uses have an icon and act on at least one unit.
fn card_uses(cx: &mut Context<'_>) {
    let c = &cx.game.counters;
    let f = cx.counters_file();
    for u in &c.card_uses {
        if u.icon.trim().is_empty() {
            cx.push(
                Diagnostic::error(
                    "V0708",
                    format!("card use `{}` has an empty icon", u.id.as_str()),
                )
                .at(f, u.icon.span.clone(), "nothing to draw")
                .help("give the icon a short text, e.g. \"RAIL\""),
            );
        }
        if let Some(n) = &u.units {
            if n.value == 0 {
                cx.push(
                    Diagnostic::error(
                        "V0708",
                        format!("card use `{}` acts on no unit", u.id.as_str()),
                    )
                    .at(f, n.span.clone(), "units = 0")
                    .help("units is how many units one use acts on"),
                );
            }
        }
    }
}

/// One card: its side has a deck, it has copies, its uses exist and do not contradict each other.
fn card_entry(cx: &mut Context<'_>, card: &Card, deck_of: &BTreeMap<&str, &Deck>) {
    let c = &cx.game.counters;
    let f = cx.counters_file();
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let uses = id_strs(&c.card_uses, |u| &u.id);
    let side_ok = cx.reference(
        f,
        &card.side,
        "side",
        sides.iter().copied(),
        "[[sides]] of rules/*.toml",
    );
    if side_ok && !deck_of.contains_key(card.side.as_str()) {
        cx.push(
            Diagnostic::error(
                "V0708",
                format!(
                    "card `{}` belongs to side `{}`, which has no deck",
                    card.id.as_str(),
                    card.side.as_str()
                ),
            )
            .at(
                f,
                card.side.span.clone(),
                "no [[decks]] entry for this side",
            )
            .rule_opt(rule_of(&card.rule))
            .help("add a [[decks]] entry with the side's deck size and card colours"),
        );
    }
    if card.count.value == 0 {
        cx.push(
            Diagnostic::error(
                "V0708",
                format!("card `{}` has no copies", card.id.as_str()),
            )
            .at(f, card.count.span.clone(), "count = 0")
            .help("count is the copies in the deck; remove the card if it has none"),
        );
    }
    for u in card.uses.iter().chain(&card.not_uses) {
        cx.reference(f, u, "card use", uses.iter().copied(), "[[card_uses]]");
    }
    for u in &card.uses {
        if card.not_uses.iter().any(|n| n.as_str() == u.as_str()) {
            cx.push(
                Diagnostic::error(
                    "V0708",
                    format!(
                        "card `{}` both has and lacks use `{}`",
                        card.id.as_str(),
                        u.as_str()
                    ),
                )
                .at(f, u.span.clone(), "in uses and not_uses")
                .rule_opt(rule_of(&card.rule))
                .help("remove it from one of the lists"),
            );
        }
    }
    if card.uses.len() > 3 {
        // Not a rule of every game: a note, so that a designer notices an unusual card.
        cx.push(
            Diagnostic::note(
                "V0708",
                format!("card `{}` has {} uses", card.id.as_str(), card.uses.len()),
            )
            .at(f, card.id.span.clone(), "many icons for one card")
            .rule_opt(rule_of(&card.rule)),
        );
    }
}

/// The cards of each side fit in its deck.
fn deck_sizes(cx: &mut Context<'_>, deck_of: &BTreeMap<&str, &Deck>, totals: &BTreeMap<&str, u32>) {
    let f = cx.counters_file();
    for (side, d) in deck_of {
        let n = totals.get(side).copied().unwrap_or(0);
        if n > d.size.value {
            cx.push(
                Diagnostic::error(
                    "V0708",
                    format!(
                        "side `{side}` has {n} cards; its deck holds {}",
                        d.size.value
                    ),
                )
                .at(f, d.size.span.clone(), format!("found {n}"))
                .rule_opt(rule_of(&d.rule))
                .help("correct the card counts or the deck size"),
            );
        }
    }
}

/// Card play: a known selection mode; allotments for real sides and turns, within the deck size.
fn card_play(cx: &mut Context<'_>) {
    let g = cx.game;
    let Some(cp) = &g.rules.card_play else { return };
    let f = cx.rules_file();
    one_of(
        cx,
        f,
        &cp.selection,
        "card selection",
        &CardSelection::words(),
    );
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let turns = g.rules.turns.count.value;
    let mut seen: BTreeSet<(&str, u32)> = BTreeSet::new();
    for a in &cp.allotments {
        cx.reference(f, &a.side, "side", sides.iter().copied(), "[[sides]]");
        turn_in_range(cx, f, &a.turn, turns, "allotment turn");
        if !seen.insert((a.side.as_str(), a.turn.value)) {
            cx.push(
                Diagnostic::error(
                    "V0709",
                    format!(
                        "two allotments for `{}` on turn {}",
                        a.side.as_str(),
                        a.turn.value
                    ),
                )
                .at(f, a.turn.span.clone(), "second entry")
                .rule_opt(rule_of(&a.rule).or(rule_of(&cp.rule)))
                .help("one [[card_play.allotments]] entry per side and turn"),
            );
        }
        if let Some(d) = g
            .counters
            .decks
            .iter()
            .find(|d| d.side.as_str() == a.side.as_str())
        {
            if a.cards.value > d.size.value {
                cx.push(
                    Diagnostic::error(
                        "V0709",
                        format!(
                            "`{}` receives {} cards on turn {} but owns {}",
                            a.side.as_str(),
                            a.cards.value,
                            a.turn.value,
                            d.size.value
                        ),
                    )
                    .at(f, a.cards.span.clone(), format!("at most {}", d.size.value))
                    .rule_opt(rule_of(&a.rule).or(rule_of(&cp.rule)))
                    .help("a side chooses its allotment from its own cards"),
                );
            }
        }
    }
    if g.counters.decks.is_empty() {
        cx.push(
            Diagnostic::error(
                "V0709",
                "[card_play] is given but counters/*.toml declares no deck",
            )
            .at(f, cp.selection.span.clone(), "cards of which deck?")
            .rule_opt(rule_of(&cp.rule))
            .help("add [[decks]] and [[cards]] to counters/*.toml"),
        );
    }
}

/// Card allotments per side and turn, deck contents, card counts and printed uses.
fn card_gaps(cx: &mut Context<'_>) {
    allotment_gaps(cx);
    let c = &cx.game.counters;
    let mut totals: BTreeMap<&str, (u32, bool)> = BTreeMap::new();
    for card in &c.cards {
        let e = totals.entry(card.side.as_str()).or_insert((0, true));
        e.0 = e.0.saturating_add(card.count.value);
        e.1 &= card.count_known;
        card_face_gaps(cx, card);
    }
    for d in &c.decks {
        let (n, exact) = totals.get(d.side.as_str()).copied().unwrap_or((0, true));
        if n < d.size.value {
            let gap = d.size.value - n;
            cx.push(
                Diagnostic::warning(
                    "V0808",
                    format!(
                        "{gap} of the {} cards of `{}` {} unknown",
                        d.size.value,
                        d.side.as_str(),
                        if gap == 1 { "is" } else { "are" }
                    ),
                )
                .at(c.file, d.size.span.clone(), format!("{n} known"))
                .rule_opt(rule_of(&d.rule))
                .to_fill(
                    Component::Cards,
                    [format!("[[cards]] side = \"{}\" (the cards not yet named)", d.side.as_str())],
                )
                .help(if exact {
                    "add the missing [[cards]]".to_string()
                } else {
                    "each missing card is a card not yet named, or another copy of a named card whose count is not known".to_string()
                }),
            );
        }
    }
}

/// Turns for which a side's card allotment is unknown.
fn allotment_gaps(cx: &mut Context<'_>) {
    let g = cx.game;
    let c = &g.counters;
    if let Some(cp) = &g.rules.card_play {
        let turns = g.rules.turns.count.value;
        for d in &c.decks {
            let side = d.side.as_str();
            let given: BTreeSet<u32> = cp
                .allotments
                .iter()
                .filter(|a| a.side.as_str() == side)
                .map(|a| a.turn.value)
                .collect();
            let missing: Vec<String> = (1..=turns)
                .filter(|t| !given.contains(t))
                .map(|t| t.to_string())
                .collect();
            if !missing.is_empty() {
                cx.push(
                    Diagnostic::warning(
                        "V0806",
                        format!(
                            "card allotment of `{side}` unknown for turn{} {}",
                            if missing.len() == 1 { "" } else { "s" },
                            missing.join(", ")
                        ),
                    )
                    .at(g.rules.file, cp.selection.span.clone(), "allotments per turn")
                    .rule_opt(rule_of(&cp.rule))
                    .to_fill(
                        Component::TurnTrack,
                        [format!(
                            "[[card_play.allotments]] side = \"{side}\", turn = {}, cards",
                            missing.join(" / ")
                        )],
                    )
                    .help(format!(
                        "add [[card_play.allotments]] side = \"{side}\", turn = …, cards = … (0 to {})",
                        d.size.value
                    )),
                );
            }
        }
    }
}

/// What the sources do not give of one card: its number of copies, its printed uses.
fn card_face_gaps(cx: &mut Context<'_>, card: &Card) {
    let c = &cx.game.counters;
    let mut unknown = Vec::new();
    if !card.count_known {
        unknown.push(format!("number of copies (at least {})", card.count.value));
    }
    if !card.uses_known {
        let known: Vec<&str> = card.uses.iter().map(|u| u.as_str()).collect();
        let not: Vec<&str> = card.not_uses.iter().map(|u| u.as_str()).collect();
        let mut s = format!(
            "printed uses (known: {}",
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        );
        if !not.is_empty() {
            s.push_str(&format!("; not: {}", not.join(", ")));
        }
        s.push(')');
        unknown.push(s);
    }
    if !unknown.is_empty() {
        cx.push(
            Diagnostic::warning(
                "V0807",
                format!(
                    "card `{}` ({}): unknown {}",
                    card.id.as_str(),
                    card.name,
                    unknown.join("; ")
                ),
            )
            .at(c.file, card.id.span.clone(), "card face not in the sources")
            .rule_opt(rule_of(&card.rule))
            .to_fill(Component::Cards, {
                let id = card.id.as_str();
                let mut keys = Vec::new();
                if !card.count_known {
                    keys.push(format!(
                        "[[cards]] id = \"{id}\" → count, count_known = true"
                    ));
                }
                if !card.uses_known {
                    keys.push(format!("[[cards]] id = \"{id}\" → uses, uses_known = true"));
                }
                keys
            })
            .help("set count_known / uses_known to true once the printed card is known"),
        );
    }
}
