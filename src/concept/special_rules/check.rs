//! Checks of special rules: ids that name their catalog texts, texts that say something, and a
//! citation for each.

use super::reading::{in_reading_order, RuleScope};
use super::SpecialRule;
use crate::concept::context::Context;
use crate::diag::{Diagnostic, Edit};
use crate::model::data_format::DataFormat;
use crate::model::FileId;
use std::collections::BTreeMap;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    let rules: Vec<(FileId, &SpecialRule)> = in_reading_order(cx.game)
        .into_iter()
        .map(|(scope, rule)| (file_of(cx, scope), rule))
        .collect();
    ids_are_written(cx, &rules);
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

/// Every rule names its id (data format 2): data of format 1, which had no ids, is read with the
/// title's slug as the id, and `vmodc migrate` writes it above the title, with its indentation.
fn ids_are_written(cx: &mut Context<'_>, rules: &[(FileId, &SpecialRule)]) {
    /// The format that gave every special rule an id.
    const IDS: DataFormat = DataFormat(2);
    let format = cx.game.rules.game.data_format();
    for (file, rule) in rules.iter().filter(|(_, r)| r.written_id.is_none()) {
        let id = rule.id();
        let line = line_start(cx, *file, rule.title.span.start);
        if format.has(IDS) {
            cx.push(
                Diagnostic::error("V0874", "this special rule has no `id`")
                    .at(*file, rule.title.span.clone(), "the rule's title")
                    .help(format!("add id = \"{}\" above the title: the id names the rule's texts in the catalogs", id.as_str())),
            );
            continue;
        }
        let text = cx.sources.get(*file).map_or("", |s| s.text.as_str());
        let indent: String = text[line..].chars().take_while(|c| *c == ' ' || *c == '\t').collect();
        cx.push(
            Diagnostic::note(
                "V0875",
                format!("this special rule has no `id` (data format {format}): read with the id `{}`, from its title", id.as_str()),
            )
            .at(*file, rule.title.span.clone(), "the id is made of this title")
            .help(format!("`vmodc migrate` writes id = \"{}\" above the title; the catalogs name its texts `{}` and `{}`", id.as_str(), rule.title_key(), rule.text_key()))
            .migrate(Edit { file: *file, span: line..line, text: format!("{indent}id = \"{}\"\n", id.as_str()) }),
        );
    }
}

/// The byte offset of the start of the line holding `at` in `file`.
fn line_start(cx: &Context<'_>, file: FileId, at: usize) -> usize {
    let text = cx.sources.get(file).map_or("", |s| s.text.as_str());
    text.get(..at).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1)
}

/// An id is a slug: it is written into catalog keys (`"<id>.title"`), so it keeps to the letters
/// every catalog and file name takes.
fn ids_are_slugs(cx: &mut Context<'_>, rules: &[(FileId, &SpecialRule)]) {
    for (file, rule) in rules {
        let written = rule.id();
        let id = written.as_str();
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
                .at(*file, written.span.clone(), "not a slug")
                .help(suggestion),
        );
    }
}

/// Ids are unique within the game, over the rules file and every scenario: the catalogs key a
/// rule's texts by its id alone.
fn ids_are_unique(cx: &mut Context<'_>, rules: &[(FileId, &SpecialRule)]) {
    let mut seen: BTreeMap<String, FileId> = BTreeMap::new();
    for (file, rule) in rules {
        let written = rule.id();
        let id = written.as_str();
        let Some(first) = seen.get(id) else {
            seen.insert(id.to_string(), *file);
            continue;
        };
        let first = cx.sources.path(*first).display().to_string();
        cx.push(
            Diagnostic::error("V0870", format!("duplicate special rule id `{id}`"))
                .at(*file, written.span.clone(), "defined again here")
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
                    format!("special rule `{}` has an empty {key}", rule.id().as_str()),
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
                format!("special rule `{}` cites no rule", rule.id().as_str()),
            )
            .at(*file, rule.id().span, "no `rule` or `source`")
            .help("add rule = \"SECTION\" (the rulebook section it states), or source = \"…\" for another source"),
        );
    }
}
