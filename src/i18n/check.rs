//! The checks of catalogs: keys a language lacks, keys a catalog does not use, placeholders a text
//! does not have, and interface texts a game's catalog repeats from the interface catalog.

use super::{vars, Catalog, Entry, Language, INTERFACE_FOLDER};
use crate::diag::{suggest, Diagnostic, Edit, Report, Sources};
use crate::model::spanned::Sp;
use std::collections::BTreeMap;

/// Missing and unused keys, unknown placeholders and repeated interface texts of a game's catalogs
/// (`interface`: the interface catalogs of its languages).
pub fn check_catalogs(
    game: &str,
    entries: &[Entry],
    catalogs: &[Catalog],
    interface: &[Catalog],
    sources: &Sources,
) -> Report {
    let mut report = Report::default();
    for c in catalogs {
        let language = Language {
            game: Some(c),
            interface: interface.iter().find(|i| i.code == c.code),
        };
        let missing = language.missing(entries);
        let (interface_keys, game_keys): (Vec<&Entry>, Vec<&Entry>) =
            missing.into_iter().partition(|e| e.is_interface());
        if !game_keys.is_empty() {
            report.push(missing_keys(
                c,
                &game_keys,
                format!(
                    "`vmodc i18n extract {game} {0} --update` adds them to i18n/{game}/{0}.toml under their sections, with the default text marked `# translate`",
                    c.code
                ),
            ));
        }
        if !interface_keys.is_empty() {
            report.push(missing_keys(
                c,
                &interface_keys,
                format!(
                    "they are interface texts every game shares: `vmodc i18n extract --interface {0} --update` adds them to i18n/{INTERFACE_FOLDER}/{0}.toml (or word them the game's own way in this catalog)",
                    c.code
                ),
            ));
        }
        for e in language.repeated(entries) {
            let below = match (
                e.is_interface(),
                language.interface.filter(|i| i.texts.contains_key(&e.key)),
            ) {
                (false, _) => None,
                (true, Some(_)) => Some(format!("i18n/{INTERFACE_FOLDER}/{}.toml", c.code)),
                (true, None) => Some("vmodc's English default".to_string()),
            };
            let repeat = match below {
                Some(below) => repeated_interface_text(c, e, &below),
                None => repeated_data_text(c, e),
            };
            // The copy goes without changing what the module shows: `vmodc migrate` deletes a
            // repeat written on one line (a text over several lines is left to the hand).
            report.push(match entry_line(c, &e.key, sources) {
                Some(span) => repeat.migrate(Edit {
                    file: c.file,
                    span,
                    text: String::new(),
                }),
                None => repeat,
            });
        }
        for (e, text) in language.overrides(entries) {
            report.push(overridden_data_text(c, e, text));
        }
        for (e, record) in language.stale(entries) {
            let command = format!("vmodc i18n extract {game} {} --record", c.code);
            report.push(stale_translation(c, e, record, &command));
        }
        if let Some(d) = marked_for_translation(c, sources) {
            report.push(d);
        }
        if let Some(d) = left_in_english(c, &language.untranslated(entries)) {
            report.push(d);
        }
        check_keys(c, entries, &mut report);
    }
    report
}

/// V0905: a game's catalog repeats an interface text.
fn repeated_interface_text(c: &Catalog, e: &Entry, below: &str) -> Diagnostic {
    Diagnostic::warning(
        "V0905",
        format!("the `{}` catalog repeats the interface text `{}`", c.code, e.key),
    )
    .at(c.file, c.key_spans.get(&e.key).cloned().unwrap_or(0..0), "the same text as every game's")
    .help(format!(
        "delete this line: the module takes the same text from {below}; a game's catalog keeps only the interface texts it words its own way"
    ))
}

/// V0907: the catalog of the data's language repeats the data's own text, a copy that goes stale.
fn repeated_data_text(c: &Catalog, e: &Entry) -> Diagnostic {
    Diagnostic::warning(
        "V0907",
        format!("the `{}` catalog repeats the data's text `{}`", c.code, e.key),
    )
    .at(c.file, c.key_spans.get(&e.key).cloned().unwrap_or(0..0), "a copy of the data's text")
    .help("delete this line: the data is written in this language, so the module takes the text from the data, and follows it when the data changes")
}

/// V0908: the catalog of the data's language words a game text otherwise than the data.
fn overridden_data_text(c: &Catalog, e: &Entry, text: &Sp<String>) -> Diagnostic {
    Diagnostic::warning(
        "V0908",
        format!("the `{}` catalog words `{}` otherwise than the data: the module shows the catalog's text", c.code, e.key),
    )
    .at(c.file, text.span.clone(), format!("the data says {:?}", e.default))
    .help(format!(
        "the data is written in this language and the module should follow it: write the text in the data ({}) and delete this line",
        e.used_in
    ))
}

/// V0911: a translation made from a text the data (or vmodc's interface default) has changed since.
/// `command`: the command that records the new texts (`vmodc i18n extract b4m ja --record`).
fn stale_translation(c: &Catalog, e: &Entry, record: &Sp<String>, command: &str) -> Diagnostic {
    Diagnostic::warning(
        "V0911",
        format!(
            "the `{}` translation of `{}` was made from {:?}, but the text is now {:?}: the module shows a translation of the old text",
            c.code, e.key, record.value, e.default
        ),
    )
    .at(c.file, record.span.clone(), "recorded above the translation")
    .help(format!(
        "check the translation against the new text ({}) and correct it, then record the new text: `{}` on the line above it (`{command}` records every checked one)",
        e.used_in,
        super::skeleton::source_record_line(&e.default)
    ))
}

/// The keys of a catalog whose text is still marked `# translate` (as `vmodc i18n extract
/// --update` writes a text it copied from the data), with their spans, in file order.
pub fn marked_for_translation_keys<'c>(
    c: &'c Catalog,
    sources: &Sources,
) -> Vec<(&'c str, std::ops::Range<usize>)> {
    let Some(text) = sources.get(c.file).map(|f| f.text.as_str()) else {
        return Vec::new();
    };
    let marked = |t: &Sp<String>| {
        let end = text
            .get(t.span.end..)
            .and_then(|r| r.find('\n'))
            .map_or(text.len(), |i| t.span.end + i);
        text.get(t.span.end..end)
            .is_some_and(|rest| rest.trim_start().starts_with("# translate"))
    };
    let mut keys: Vec<(&str, std::ops::Range<usize>)> = c
        .key_spans
        .iter()
        .filter(|(key, _)| c.texts.get(*key).is_some_and(marked))
        .map(|(key, span)| (key.as_str(), span.clone()))
        .collect();
    keys.sort_by_key(|(_, span)| span.start);
    keys
}

/// V0909: texts still marked `# translate`, one warning per catalog at the first.
fn marked_for_translation(c: &Catalog, sources: &Sources) -> Option<Diagnostic> {
    let marked = marked_for_translation_keys(c, sources);
    let (_, first) = marked.first()?;
    Some(
        Diagnostic::warning(
            "V0909",
            format!("the `{}` catalog has {} still marked `# translate`: {}", c.code, crate::diag::plural(marked.len(), "text"), listed(marked.iter().map(|(k, _)| *k))),
        )
        .at(c.file, first.clone(), "the first one")
        .help("translate each and delete its `# translate` mark; until then the module shows the data's text"),
    )
}

/// V0910: texts of another language's catalog that are the data's English words, in one note.
fn left_in_english(c: &Catalog, same: &[&Entry]) -> Option<Diagnostic> {
    let first = same
        .iter()
        .filter_map(|e| c.key_spans.get(&e.key))
        .min_by_key(|s| s.start)?;
    Some(
        Diagnostic::note(
            "V0910",
            format!("{} of the `{}` catalog read as the data's English: {}", crate::diag::plural(same.len(), "text"), c.code, listed(same.iter().map(|e| e.key.as_str()))),
        )
        .at(c.file, first.clone(), "the first one")
        .help("translate them, unless the word is the same in this language (a name, an abbreviation)"),
    )
}

/// The first keys of a list, and how many more.
fn listed<'a>(keys: impl Iterator<Item = &'a str>) -> String {
    const SHOWN: usize = 6;
    let keys: Vec<&str> = keys.collect();
    let mut out: Vec<String> = keys.iter().take(SHOWN).map(|k| format!("`{k}`")).collect();
    if keys.len() > SHOWN {
        out.push(format!("and {} more", keys.len() - SHOWN));
    }
    out.join(", ")
}

/// The whole line of a catalog entry written on one line (key, text and any comment after it),
/// with its line break: what deleting the entry removes.
fn entry_line(c: &Catalog, key: &str, sources: &Sources) -> Option<std::ops::Range<usize>> {
    let text = &sources.get(c.file)?.text;
    let key_span = c.key_spans.get(key)?;
    let value_end = c.texts.get(key)?.span.end;
    let start = text.get(..key_span.start)?.rfind('\n').map_or(0, |i| i + 1);
    let end = text
        .get(value_end..)?
        .find('\n')
        .map_or(text.len(), |i| value_end + i + 1);
    let line = text.get(start..end)?;
    // One entry alone on its line: the line starts with its key and holds no other line break.
    let alone =
        text.get(start..key_span.start)?.trim().is_empty() && line.trim_end().lines().count() == 1;
    alone.then_some(start..end)
}

/// One warning for the keys a catalog lacks (a translator fixes them together, with one command):
/// it points at the section where the first of them goes, and lists them with where they are used.
fn missing_keys(c: &Catalog, missing: &[&Entry], fix: String) -> Diagnostic {
    const LISTED: usize = 8;
    let names: Vec<String> = missing
        .iter()
        .take(LISTED)
        .map(|e| format!("`{}`", e.key))
        .collect();
    let more = match missing.len().saturating_sub(LISTED) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let count = match missing.len() {
        1 => "a key".to_string(),
        n => format!("{n} keys"),
    };
    let section = section_of(&missing[0].key);
    // The last key of that section: the missing ones go below it.
    let end_of_section = c
        .key_spans
        .iter()
        .filter(|(key, _)| section_of(key) == section)
        .map(|(_, span)| span.clone())
        .max_by_key(|span| span.start);
    let d = Diagnostic::warning(
        "V0902",
        format!(
            "the `{}` catalog has no text for {count}: {}{more}",
            c.code,
            names.join(", ")
        ),
    );
    let d = match end_of_section {
        Some(span) => d.at(
            c.file,
            span,
            format!("the `[{section}]` texts go on below this one"),
        ),
        None => d.at(
            c.file,
            0..0,
            format!("this catalog has no `[{section}]` section yet"),
        ),
    };
    let mut used_in: Vec<&str> = Vec::new();
    for e in missing {
        if !used_in.contains(&e.used_in.as_str()) {
            used_in.push(&e.used_in);
        }
    }
    let shows = match missing {
        [one] => format!("the module shows the default {:?}", one.default),
        _ => "the module shows their default texts".to_string(),
    };
    d.help(format!("used in: {}; {shows}. {fix}", used_in.join(", ")))
}

fn section_of(key: &str) -> &str {
    key.split_once('.').map_or(key, |(section, _)| section)
}

/// Unused keys and unknown placeholders of an interface catalog (`entries`: every interface text).
pub fn check_interface_catalog(entries: &[Entry], catalog: &Catalog) -> Report {
    let mut report = Report::default();
    for (e, record) in super::record::stale_in(catalog, entries) {
        let command = format!("vmodc i18n extract --interface {} --record", catalog.code);
        report.push(stale_translation(catalog, e, record, &command));
    }
    check_keys(catalog, entries, &mut report);
    report
}

/// The keys of a catalog no entry has, and placeholders its texts use that the defaults do not.
fn check_keys(c: &Catalog, entries: &[Entry], report: &mut Report) {
    let by_key: BTreeMap<&str, &Entry> = entries.iter().map(|e| (e.key.as_str(), e)).collect();
    for (key, span) in &c.key_spans {
        let Some(entry) = by_key.get(key.as_str()) else {
            let d = Diagnostic::warning(
                "V0903",
                format!("the `{}` catalog has an unused key `{key}`", c.code),
            )
            .at(c.file, span.clone(), "not used by the module");
            report.push(match suggest(key, entries.iter().map(|e| e.key.as_str())) {
                Some(n) => d.help(format!("did you mean `{n}`?")),
                None => d.help("remove it, or check that the id it names still exists in the data"),
            });
            continue;
        };
        let Some(text) = c.texts.get(key) else {
            continue;
        };
        let known = vars(&entry.default);
        for v in vars(text).iter().filter(|v| !known.contains(v)) {
            report.push(
                Diagnostic::error(
                    "V0904",
                    format!("`{key}` uses the placeholder {{{v}}}, which this text does not have"),
                )
                .at(c.file, text.span.clone(), "unknown placeholder")
                .help(format!(
                    "placeholders of this text: {}",
                    known
                        .iter()
                        .map(|k| format!("{{{k}}}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                )),
            );
        }
    }
}
