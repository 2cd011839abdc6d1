//! The texts of special rules: each rule's title and text, and the fixed phrases of the "Rules in
//! play" page (help menu and printed kit).

use super::reading::in_reading_order;
use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

/// Where the rules' texts appear.
const PAGE: &str = "help menu and printed kit: Rules in play";

const PHRASES: &[InterfaceText] = &[
    ("ui.rules_in_play", "Rules in play", PAGE),
    ("ui.rules_whole_game", "Every scenario", PAGE),
    ("ui.rules_scenario", "Scenario: {scenario}", PAGE),
    ("ui.rule_cited", "Rule {rule}", PAGE),
    ("ui.rule_source", "Source: {source}", PAGE),
    ("ui.rule_optional", "Optional rule", PAGE),
];

/// Every interface text of the page.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(PHRASES);
}

/// Each rule's title and text, and the page's phrases, in games with special rules.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    let rules = in_reading_order(game);
    if rules.is_empty() {
        return;
    }
    interface_texts(out);
    for (_, rule) in rules {
        out.add(rule.title_key(), &rule.title, PAGE);
        out.add(rule.text_key(), &rule.text, PAGE);
    }
}
