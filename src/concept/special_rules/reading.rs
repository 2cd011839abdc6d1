//! The special rules as players read them: in order (the game's, then each scenario's) and, for the
//! help page and the printed kit, in one language with their headings and citations.

use super::SpecialRule;
use crate::concept::game::{Game, ScenarioFile};
use crate::i18n::Texts;

/// Where a special rule is written: the rules file, for the whole game, or one scenario.
#[derive(Debug, Clone, Copy)]
pub enum RuleScope<'g> {
    Game,
    Scenario(&'g ScenarioFile),
}

/// Every special rule of a game in the order players read them: the game-wide rules, then each
/// scenario's, scenario by scenario (a scenario's rules are its own, never inherited by `based_on`).
pub fn in_reading_order(game: &Game) -> Vec<(RuleScope<'_>, &SpecialRule)> {
    let game_wide = game.rules.special_rules.iter().map(|r| (RuleScope::Game, r));
    let scenarios = game.scenarios.iter().flat_map(|s| {
        s.special_rules
            .iter()
            .map(move |r| (RuleScope::Scenario(&s.data), r))
    });
    game_wide.chain(scenarios).collect()
}

/// One group of rules as players read it, in one language: the game-wide rules, or a scenario's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadSection {
    pub heading: String,
    pub rules: Vec<ReadRule>,
}

/// One rule as players read it, in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadRule {
    pub title: String,
    pub text: String,
    /// Where to read it in full and whether it is optional ("Optional rule / Rule 15.1"); empty
    /// when the rule names neither.
    pub note: String,
}

/// The "Rules in play" of a game in the language of `tx`: the game-wide rules first, then each
/// scenario's under its name; empty when the game has no special rule. The help page and the
/// printed kit both show this.
pub fn rules_in_play(game: &Game, tx: &Texts) -> Vec<ReadSection> {
    let mut sections: Vec<ReadSection> = Vec::new();
    let mut current: Option<&str> = None;
    for (scope, rule) in in_reading_order(game) {
        let scope_id = match scope {
            RuleScope::Game => "",
            RuleScope::Scenario(s) => s.scenario.id.as_str(),
        };
        if current != Some(scope_id) || sections.is_empty() {
            current = Some(scope_id);
            let heading = match scope {
                RuleScope::Game => tx.get("ui.rules_whole_game"),
                RuleScope::Scenario(s) => {
                    let name = tx.get(&format!("scenarios.{}", s.scenario.id.as_str()));
                    tx.fill("ui.rules_scenario", &[("scenario", &name)])
                }
            };
            sections.push(ReadSection {
                heading,
                rules: Vec::new(),
            });
        }
        let mut note = Vec::new();
        if rule.optional {
            note.push(tx.get("ui.rule_optional"));
        }
        match (&rule.rule, &rule.source) {
            (Some(r), _) => note.push(tx.fill("ui.rule_cited", &[("rule", r.as_str())])),
            (None, Some(s)) => note.push(tx.fill("ui.rule_source", &[("source", s.as_str())])),
            (None, None) => {}
        }
        if let Some(section) = sections.last_mut() {
            section.rules.push(ReadRule {
                title: tx.get(&rule.title_key()),
                text: tx.get(&rule.text_key()),
                note: note.join(" / "),
            });
        }
    }
    sections
}
