//! Checks of special rules: ids that name their catalog texts, texts that say something, and a
//! citation for each.

use super::reading::{in_reading_order, RuleScope};
use super::SpecialRule;
use crate::concept::context::Context;
use crate::diag::Diagnostic;
use crate::model::FileId;
use std::collections::BTreeMap;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    let rules: Vec<(FileId, &SpecialRule)> = in_reading_order(cx.game)
        .into_iter()
        .map(|(scope, rule)| (file_of(cx, scope), rule))
        .collect();
    ids_are_slugs(cx, &rules);
    ids_are_unique(cx, &rules);
    texts_are_written(cx, &rules);
    rules_are_cited(cx, &rules);
}

/// The file a rule of `scope` is written in.
fn file_of(cx: &Context<'_>, scope: RuleScope<'_>) -> FileId {
    match scope {
        RuleScope::Game => cx.rules_file(),
        RuleScope::Scenario(s) => cx
            .game
            .scenarios
            .iter()
            .find(|l| std::ptr::eq(&l.data, s))
            .map_or(cx.rules_file(), |l| l.file),
    }
}

/// An id is a slug: it is written into catalog keys (`"<id>.title"`), so it keeps to the letters
/// every catalog and file name takes.
fn ids_are_slugs(cx: &mut Context<'_>, rules: &[(FileId, &SpecialRule)]) {
    for (file, rule) in rules {
        let id = rule.id.as_str();
        let slug = crate::slug::slug(id);
        if slug == id {
            continue;
        }
        let suggestion = if slug.is_empty() {
            "name it in lower-case letters, digits and `-`, e.g. `retreat-priorities`".to_string()
        } else {
            format!("write id = \"{slug}\" (lower-case letters, digits and `-`)")
        };
        cx.push(
            Diagnostic::error("V0872", format!("special rule id `{id}` is not a slug"))
                .at(*file, rule.id.span.clone(), "not a slug")
                .help(suggestion),
        );
    }
}

/// Ids are unique within the game, over the rules file and every scenario: the catalogs key a
/// rule's texts by its id alone.
fn ids_are_unique(cx: &mut Context<'_>, rules: &[(FileId, &SpecialRule)]) {
    let mut seen: BTreeMap<&str, FileId> = BTreeMap::new();
    for (file, rule) in rules {
        let id = rule.id.as_str();
        let Some(first) = seen.get(id) else {
            seen.insert(id, *file);
            continue;
        };
        let first = cx.sources.path(*first).display().to_string();
        cx.push(
            Diagnostic::error("V0870", format!("duplicate special rule id `{id}`"))
                .at(*file, rule.id.span.clone(), "defined again here")
                .help(format!(
                    "a special rule's id names its texts in every catalog (`special_rules.\"{id}.title\"`), \
                     so it must be unique in the game, rules file and scenarios together; the first `{id}` \
                     is in {first}: rename one"
                )),
        );
    }
}

/// A rule has a title and a text: the help page and the printed kit show both.
fn texts_are_written(cx: &mut Context<'_>, rules: &[(FileId, &SpecialRule)]) {
    for (file, rule) in rules {
        for (key, value) in [("title", &rule.title), ("text", &rule.text)] {
            if !value.trim().is_empty() {
                continue;
            }
            cx.push(
                Diagnostic::error(
                    "V0871",
                    format!("special rule `{}` has an empty {key}", rule.id.as_str()),
                )
                .at(*file, value.span.clone(), "empty")
                .help(format!(
                    "write the rule's {key} as the players read it in the module's help and the printed kit, \
                     in the rulebook's own words, or remove the rule"
                )),
            );
        }
    }
}

/// A rule cites its rulebook section (or another source): players are shown where to read it in full.
fn rules_are_cited(cx: &mut Context<'_>, rules: &[(FileId, &SpecialRule)]) {
    for (file, rule) in rules {
        if rule.rule.is_some() || rule.source.is_some() {
            continue;
        }
        cx.push(
            Diagnostic::warning(
                "V0873",
                format!("special rule `{}` cites no rule", rule.id.as_str()),
            )
            .at(*file, rule.id.span.clone(), "no `rule` or `source`")
            .help("add rule = \"SECTION\" (the rulebook section it states), or source = \"…\" for another source"),
        );
    }
}
