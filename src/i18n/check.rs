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
        for e in language.missing(entries) {
            let fix = if e.is_interface() {
                format!(
                    "add it to i18n/{INTERFACE_FOLDER}/{0}.toml, the interface texts of every game (`vmodc i18n extract --interface {0}` lists them)",
                    c.code
                )
            } else {
                format!("`vmodc i18n extract {game} {}` lists every key", c.code)
            };
            report.push(
                Diagnostic::warning(
                    "V0902",
                    format!("the `{}` catalog has no text for `{}`", c.code, e.key),
                )
                .at(c.file, 0..0, "in this catalog")
                .help(format!(
                    "used in: {}; the module shows the default {:?}. {fix}",
                    e.used_in, e.default
                )),
            );
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
