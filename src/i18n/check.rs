//! The checks of catalogs: keys a language lacks, keys a catalog does not use, placeholders a text
//! does not have, and interface texts a game's catalog repeats from the interface catalog.

use super::{vars, Catalog, Entry, Language, INTERFACE_FOLDER};
use crate::diag::{suggest, Diagnostic, Report};
use std::collections::BTreeMap;

/// Missing and unused keys, unknown placeholders and repeated interface texts of a game's catalogs
/// (`interface`: the interface catalogs of its languages).
pub fn check_catalogs(
    game: &str,
    entries: &[Entry],
    catalogs: &[Catalog],
    interface: &[Catalog],
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
            let below = match language.interface.filter(|i| i.texts.contains_key(&e.key)) {
                Some(_) => format!("i18n/{INTERFACE_FOLDER}/{}.toml", c.code),
                None => "vmodc's English default".to_string(),
            };
            report.push(
                Diagnostic::warning(
                    "V0905",
                    format!("the `{}` catalog repeats the interface text `{}`", c.code, e.key),
                )
                .at(c.file, c.key_spans.get(&e.key).cloned().unwrap_or(0..0), "the same text as every game's")
                .help(format!(
                    "delete this line: the module takes the same text from {below}; a game's catalog keeps only the interface texts it words its own way"
                )),
            );
        }
        check_keys(c, entries, &mut report);
    }
    report
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
