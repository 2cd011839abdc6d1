//! Catalog skeletons: what `vmodc i18n extract` writes for a translator to fill in.

use super::{Catalog, Entry, DEFAULT_LANGUAGE};
use crate::model::toml_text::string as toml_string;

/// What a catalog skeleton is for, for its heading: `what` names the texts (`the module "Battle for
/// Moscow"`), `command` the command that wrote it.
pub struct Skeleton<'a> {
    pub what: &'a str,
    pub command: &'a str,
}

/// A catalog skeleton for a new language: every entry, with the text of `base` (or the default),
/// grouped by section in the order of the entries.
pub fn extract(
    skeleton: Skeleton<'_>,
    entries: &[Entry],
    lang: &str,
    base: Option<&Catalog>,
) -> String {
    let mut out = format!(
        "# Texts of {} in language `{lang}`: translate the values, keep the keys and the\n# {{placeholders}}. Written by `{}`.{}\n\n[language]\ncode = {}\nname = {}\n",
        skeleton.what,
        skeleton.command,
        if lang == DEFAULT_LANGUAGE { "" } else { RECORD_NOTE },
        toml_string(lang),
        toml_string(language_name(lang))
    );
    // Group by section (a TOML table may appear only once), keeping the order of first appearance.
    let section_of = |e: &Entry| e.key.split_once('.').map_or("misc", |(s, _)| s).to_string();
    let mut sections: Vec<String> = Vec::new();
    for e in entries {
        let sec = section_of(e);
        if !sections.contains(&sec) {
            sections.push(sec);
        }
    }
    for sec in sections {
        out.push_str(&format!("\n[{sec}]\n"));
        let mut used_in = "";
        for e in entries.iter().filter(|e| section_of(e) == sec) {
            let key = e.key.split_once('.').map_or(e.key.as_str(), |(_, k)| k);
            if e.used_in != used_in {
                used_in = &e.used_in;
                out.push_str(&format!("# {used_in}\n"));
            }
            let text = base
                .and_then(|b| b.texts.get(&e.key))
                .map_or(e.default.clone(), |t| t.value.clone());
            if lang != DEFAULT_LANGUAGE {
                out.push_str(&source_record_line(&e.default));
                out.push('\n');
            }
            out.push_str(&format!("{} = {}\n", quote_key(key), toml_string(&text)));
        }
    }
    out
}

/// The comment that records, on the line above a translation, the default text it was made from:
/// `# en: "XLI Panzer Corps"` (the text as a TOML string, so that any text reads back).
pub fn source_record_line(default: &str) -> String {
    format!("# {DEFAULT_LANGUAGE}: {}", toml_string(default))
}

/// The heading's word on the source records (`# en: "…"` above each text).
const RECORD_NOTE: &str = "\n# Each `# en:` line keeps the English text a translation was made from: `vmodc check` warns\n# when the data's text changes, and `vmodc i18n extract … --record` records the new one.";

/// The name of a language in that language, for the few vmodc knows; the code otherwise.
fn language_name(code: &str) -> &str {
    match code {
        "en" => "English",
        "ja" => "日本語",
        "de" => "Deutsch",
        "fr" => "Français",
        "es" => "Español",
        other => other,
    }
}

fn quote_key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        k.to_string()
    } else {
        toml_string(k)
    }
}

/// A catalog with the `missing` entries added, everything else kept as written (comments, order,
/// the `#:schema` line): each key goes at the end of its section, or into a new section at the end,
/// with the default text and a `# translate` mark for the translator to find
/// (`vmodc i18n extract … --update`).
pub fn update(text: &str, missing: &[&Entry]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut sections: Vec<&str> = Vec::new();
    for e in missing {
        let section = e.key.split_once('.').map_or("misc", |(s, _)| s);
        if !sections.contains(&section) {
            sections.push(section);
        }
    }
    for section in sections {
        let added: Vec<String> = missing
            .iter()
            .filter(|e| e.key.split_once('.').map_or("misc", |(s, _)| s) == section)
            .map(|e| {
                let key = e.key.split_once('.').map_or(e.key.as_str(), |(_, k)| k);
                format!(
                    "{}\n{} = {} # translate ({})",
                    source_record_line(&e.default),
                    quote_key(key),
                    toml_string(&e.default),
                    e.used_in
                )
            })
            .collect();
        let header = format!("[{section}]");
        match lines.iter().position(|l| l.trim() == header) {
            Some(start) => {
                // The section ends before the next table header; keys go after its last non-blank
                // line, so a blank line before the next section stays where it was.
                let next = lines[start + 1..]
                    .iter()
                    .position(|l| l.trim_start().starts_with('['))
                    .map_or(lines.len(), |i| start + 1 + i);
                let mut at = next;
                while at > start + 1 && lines[at - 1].trim().is_empty() {
                    at -= 1;
                }
                lines.splice(at..at, added);
            }
            None => {
                if lines.last().is_some_and(|l| !l.trim().is_empty()) {
                    lines.push(String::new());
                }
                lines.push(header);
                lines.extend(added);
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// A catalog with a source record above every translation of `entries`: a record line inserted
/// where there is none, a stale one replaced by the entry's default (what `vmodc i18n extract …
/// --record` writes once the translator has checked the translations). `text` is the catalog's
/// text as it was read, so that its spans apply; also returns the keys whose record was written.
pub fn record_sources(text: &str, catalog: &Catalog, entries: &[Entry]) -> (String, Vec<String>) {
    let mut edits: Vec<(std::ops::Range<usize>, String, &str)> = Vec::new();
    for e in entries {
        let (Some(key_span), Some(value)) =
            (catalog.key_spans.get(&e.key), catalog.texts.get(&e.key))
        else {
            continue;
        };
        if value.value == e.default {
            // Not translated (yet): its record comes with its translation.
            continue;
        }
        let line = source_record_line(&e.default);
        match catalog.translated_from.get(&e.key) {
            Some(record) if record.value == e.default => {}
            Some(record) => edits.push((record.span.clone(), line, &e.key)),
            None => {
                let Some(before) = text.get(..key_span.start) else {
                    continue;
                };
                let start = before.rfind('\n').map_or(0, |i| i + 1);
                let indent = &before[start..];
                if !indent.trim().is_empty() {
                    // Not the first thing on its line (an inline table): left to the hand.
                    continue;
                }
                edits.push((start..start, format!("{indent}{line}\n"), &e.key));
            }
        }
    }
    edits.sort_by_key(|(span, _, _)| std::cmp::Reverse(span.start));
    let mut out = text.to_string();
    let mut keys = Vec::new();
    for (span, replacement, key) in edits {
        out.replace_range(span, &replacement);
        keys.push(key.to_string());
    }
    keys.reverse();
    (out, keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: &str, default: &str) -> Entry {
        Entry {
            key: key.to_string(),
            default: default.to_string(),
            used_in: "unit names".to_string(),
        }
    }

    #[test]
    fn update_adds_keys_at_the_end_of_their_section_and_keeps_the_rest() {
        let text = "#:schema ../../schema/catalog.json\n[language]\ncode = \"ja\"\n\n[units]\n# unit names\nb1 = \"第1連隊\"\n\n[phases]\nmove = \"移動\"\n";
        let b2 = entry("units.b2", "2nd Regiment");
        let new = entry("weather.rain", "Rain \"heavy\"");
        let updated = update(text, &[&b2, &new]);
        assert_eq!(
            updated,
            "#:schema ../../schema/catalog.json\n[language]\ncode = \"ja\"\n\n[units]\n# unit names\nb1 = \"第1連隊\"\n# en: \"2nd Regiment\"\nb2 = \"2nd Regiment\" # translate (unit names)\n\n[phases]\nmove = \"移動\"\n\n[weather]\n# en: \"Rain \\\"heavy\\\"\"\nrain = \"Rain \\\"heavy\\\"\" # translate (unit names)\n"
        );
        // The result is a catalog TOML reads, with the new texts under their sections.
        let table: toml::Table = toml::from_str(&updated).unwrap();
        assert_eq!(table["units"]["b2"].as_str(), Some("2nd Regiment"));
        assert_eq!(table["weather"]["rain"].as_str(), Some("Rain \"heavy\""));
    }
}

#[cfg(test)]
mod toml_string_tests {
    use super::toml_string;

    #[test]
    fn every_text_reads_back_as_it_was() {
        for text in [
            "plain",
            "quote \" and \\",
            "line\nbreak\r\ttab",
            "bell\u{7}esc\u{1b}del\u{7f}",
            "日本語",
        ] {
            let table: toml::Table = toml::from_str(&format!("t = {}", toml_string(text))).unwrap();
            assert_eq!(table["t"].as_str(), Some(text));
        }
    }
}
