//! Player-visible text: keys, their default texts, and the language catalogs that translate them.
//!
//! Every text a player sees is looked up by a stable key (`units.XXIV`, `phases.german-combat`,
//! `ui.flip`). The concepts list the keys a game's module uses ([`Entry`], each concept in its
//! `texts.rs`, gathered in `src/concept/texts.rs`), each with its default: the data's own names for the game's texts,
//! English for the interface texts (the `ui` section: buttons, chat reports, chart headings, the same
//! in every game). A language's text for a key is the first of:
//!
//! 1. the game's catalog `i18n/<game>/<lang>.toml`: the game's texts (unit names, phases, …) and any
//!    interface text the game words its own way (its rulebook's term);
//! 2. the interface catalog `i18n/interface/<lang>.toml`: every interface text, once for all games;
//! 3. the default.
//!
//! `vmodc check` and `vmodc i18n status` report keys a language lacks, keys a catalog does not use,
//! and interface texts a game's catalog repeats word for word.
//!
//! Catalog layout (sections are the part of the key before the first dot):
//! ```toml
//! [language]
//! code = "ja"
//! name = "日本語"
//!
//! [units]
//! XXIV = "第24装甲軍団"
//! ```
//! Texts may hold placeholders such as `{piece}`; the module fills them in.
//!
//! This module sits below the concepts and the stages (it imports only `diag` and `model::spanned`):
//! it knows keys and texts, not games. The load stage reads the catalogs (`src/load/catalogs.rs`),
//! the concepts list the entries.

use crate::model::spanned::{FileId, Sp};
use std::collections::{BTreeMap, BTreeSet};

pub mod check;
pub mod record;
pub mod skeleton;

/// The section of the interface texts: the keys every game shares.
pub const INTERFACE_SECTION: &str = "ui";

/// The folder under `i18n/` of the interface catalogs (a game cannot take this name).
pub const INTERFACE_FOLDER: &str = "interface";

/// The language the defaults are written in: the English interface texts are vmodc's own, so an
/// English module needs no interface catalog.
pub const DEFAULT_LANGUAGE: &str = "en";

/// Whether a key is an interface text (`ui.…`) rather than one of a game's own texts.
pub fn is_interface_key(key: &str) -> bool {
    key.strip_prefix(INTERFACE_SECTION)
        .is_some_and(|rest| rest.starts_with('.'))
}

/// Whether a key is a text only the printed kit shows (`ui.kit_…`, or a game text in a `kit_…`
/// section): no piece of the module carries it, so the module's translation file leaves it out.
pub fn is_kit_only_key(key: &str) -> bool {
    key.starts_with("kit_") || key.starts_with(&format!("{INTERFACE_SECTION}.kit_"))
}

/// The section of a unit's counter label (`labels.<unit id>`): the text printed on its counter when
/// the data gives one (`[[units]] label`).
pub const LABELS_SECTION: &str = "labels";

/// Whether a key is a counter label. A label is optional in every catalog: printed designations
/// ("1 LC", "Pz KG", "81") often read the same in every language, so a catalog without one prints
/// the data's label, and `vmodc i18n status` lists the labels each catalog leaves so. No piece of
/// the module carries it (the label is drawn into the counter's image), so the module's VASSAL
/// translation file leaves it out.
pub fn is_label_key(key: &str) -> bool {
    key.strip_prefix(LABELS_SECTION)
        .is_some_and(|rest| rest.starts_with('.'))
}

/// A language catalog as written.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub code: String,
    pub name: String,
    pub file: FileId,
    /// `section.key` → text, with the span of the text.
    pub texts: BTreeMap<String, Sp<String>>,
    /// Span of each key (for "unused key" diagnostics).
    pub key_spans: BTreeMap<String, std::ops::Range<usize>>,
    /// The default text each translation was made from, as the `# en:` line above it records it
    /// ([`record::source_record`]), with the span of that line: a translation whose record no longer
    /// matches the default was made from a text the data has since changed.
    pub translated_from: BTreeMap<String, Sp<String>>,
}

/// One text the module uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub default: String,
    /// Where the text appears, for translators.
    pub used_in: String,
}

impl Entry {
    pub fn is_interface(&self) -> bool {
        is_interface_key(&self.key)
    }
}

/// An interface text as a concept lists it: `(key, English text, where used)`.
pub type InterfaceText = (&'static str, &'static str, &'static str);

/// The entries of a module, in the order the module first uses them.
#[derive(Debug, Default)]
pub struct Entries(Vec<Entry>);

impl Entries {
    /// One entry per item: key `<prefix>.<id>`, default text the item's name.
    pub fn add_each<'a, T: 'a>(
        &mut self,
        prefix: &str,
        items: impl IntoIterator<Item = &'a T>,
        id_and_text: impl Fn(&'a T) -> (&'a str, &'a str),
        used_in: &str,
    ) {
        for item in items {
            let (id, text) = id_and_text(item);
            self.add(format!("{prefix}.{id}"), text, used_in);
        }
    }

    pub fn add(&mut self, key: String, default: &str, used_in: &str) {
        self.0.push(Entry {
            key,
            default: default.to_string(),
            used_in: used_in.to_string(),
        })
    }

    pub fn add_interface(&mut self, texts: &[InterfaceText]) {
        for (key, english, used_in) in texts {
            debug_assert!(is_interface_key(key), "{key} is not an interface key");
            self.add((*key).to_string(), english, used_in);
        }
    }

    /// The entries, each key once: a key may come twice (an off-map box two scenarios share), and
    /// the first keeps its place.
    pub fn into_entries(self) -> Vec<Entry> {
        let mut seen = BTreeSet::new();
        let mut entries = self.0;
        entries.retain(|e| seen.insert(e.key.clone()));
        entries
    }
}

/// The catalogs a language's texts come from (both absent: the defaults, in English).
#[derive(Debug, Clone, Copy, Default)]
pub struct Language<'a> {
    /// The game's own catalog.
    pub game: Option<&'a Catalog>,
    /// The interface catalog of the same language; it gives interface texts only.
    pub interface: Option<&'a Catalog>,
}

impl<'a> Language<'a> {
    /// The language's code: its catalogs', or the defaults' language without any.
    pub fn code(&self) -> &'a str {
        self.game
            .or(self.interface)
            .map_or(DEFAULT_LANGUAGE, |c| c.code.as_str())
    }

    /// The text the module shows for an entry.
    pub fn text<'e>(&self, entry: &'e Entry) -> &'e str
    where
        'a: 'e,
    {
        self.game
            .and_then(|c| c.texts.get(&entry.key))
            .map(|t| t.value.as_str())
            .or_else(|| self.shared_text(entry))
            .unwrap_or(&entry.default)
    }

    /// The text an entry has below the game's catalog: an interface text's in the interface
    /// catalog, or the default when the default is in this language (for a game's own text, the
    /// data's: the data is written in that language). `None` where only the game's catalog has it.
    pub fn shared_text<'e>(&self, entry: &'e Entry) -> Option<&'e str>
    where
        'a: 'e,
    {
        if !entry.is_interface() {
            // The data is written in the default language: its own texts are that language's.
            return (self.code() == DEFAULT_LANGUAGE).then_some(entry.default.as_str());
        }
        self.interface
            .and_then(|c| c.texts.get(&entry.key))
            .map(|t| t.value.as_str())
            .or_else(|| (self.code() == DEFAULT_LANGUAGE).then_some(entry.default.as_str()))
    }

    /// The entries the language has no text for: the module shows their defaults.
    pub fn missing<'e>(&self, entries: &'e [Entry]) -> Vec<&'e Entry>
    where
        'a: 'e,
    {
        entries
            .iter()
            .filter(|e| {
                !self.game.is_some_and(|c| c.texts.contains_key(&e.key))
                    && self.shared_text(e).is_none()
                    && !is_label_key(&e.key)
            })
            .collect()
    }

    /// In another language than the data's, the counter labels with a letter in them that the
    /// language prints as the data's (its catalog has no text for them, or the same text): the
    /// optional texts [`missing`](Self::missing) does not count.
    pub fn labels_as_data<'e>(&self, entries: &'e [Entry]) -> Vec<&'e Entry>
    where
        'a: 'e,
    {
        if self.code() == DEFAULT_LANGUAGE {
            return Vec::new();
        }
        entries
            .iter()
            .filter(|e| is_label_key(&e.key) && e.default.chars().any(char::is_alphabetic))
            .filter(|e| self.text(e) == e.default)
            .collect()
    }

    /// The texts the game's catalog repeats word for word from below it (the interface catalog, or
    /// in the data's language the default: the data itself): each is defined twice, and the game's
    /// copy should go, or it goes stale when the data changes.
    pub fn repeated<'e>(&self, entries: &'e [Entry]) -> Vec<&'e Entry>
    where
        'a: 'e,
    {
        let Some(game) = self.game else {
            return Vec::new();
        };
        entries
            .iter()
            .filter(|e| {
                game.texts
                    .get(&e.key)
                    .is_some_and(|t| self.shared_text(e) == Some(t.value.as_str()))
            })
            .collect()
    }
}

impl<'a> Language<'a> {
    /// In the data's language, the game's texts its catalog words otherwise than the data: the
    /// module shows the catalog's, and a change of the data does not reach it.
    pub fn overrides<'e>(&self, entries: &'e [Entry]) -> Vec<(&'e Entry, &'a Sp<String>)> {
        let Some(game) = self.game.filter(|_| self.code() == DEFAULT_LANGUAGE) else {
            return Vec::new();
        };
        entries
            .iter()
            .filter(|e| !e.is_interface())
            .filter_map(|e| game.texts.get(&e.key).map(|t| (e, t)))
            .filter(|(e, t)| t.value != e.default)
            .collect()
    }

    /// In another language, the game's texts its catalog leaves as the data's (English) words:
    /// texts with a letter in them, so that numbers and hex ids, which read the same, do not count.
    pub fn untranslated<'e>(&self, entries: &'e [Entry]) -> Vec<&'e Entry> {
        let Some(game) = self.game.filter(|_| self.code() != DEFAULT_LANGUAGE) else {
            return Vec::new();
        };
        entries
            .iter()
            .filter(|e| !e.is_interface() && e.default.chars().any(char::is_alphabetic))
            .filter(|e| game.texts.get(&e.key).is_some_and(|t| t.value == e.default))
            .collect()
    }
}

/// The keys of a catalog no entry has (a typo, or an id removed from the data).
pub fn unused<'c>(catalog: &'c Catalog, entries: &[Entry]) -> Vec<&'c str> {
    let known: BTreeSet<&str> = entries.iter().map(|e| e.key.as_str()).collect();
    catalog
        .texts
        .keys()
        .map(String::as_str)
        .filter(|k| !known.contains(k))
        .collect()
}

/// Resolved texts of one language: every key of the entries, each with its text.
#[derive(Debug, Clone, Default)]
pub struct Texts {
    pub lang: String,
    map: BTreeMap<String, String>,
}

impl Texts {
    /// Texts with just these keys (tests of expressions that read catalog texts).
    #[cfg(test)]
    pub(crate) fn for_test(entries: &[(&str, &str)]) -> Texts {
        Texts {
            lang: "en".into(),
            map: entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    pub fn new(entries: &[Entry], language: Language<'_>) -> Texts {
        Texts {
            lang: language.code().to_string(),
            map: entries
                .iter()
                .map(|e| (e.key.clone(), language.text(e).to_string()))
                .collect(),
        }
    }

    /// The text of a key the module may not use (a unit a release history names that the game no
    /// longer has).
    pub fn lookup(&self, key: &str) -> Option<&str> {
        self.map.get(key).map(String::as_str)
    }

    /// The text of a key (the key itself if no such key exists: a visible, harmless fallback).
    pub fn get(&self, key: &str) -> String {
        debug_assert!(self.map.contains_key(key), "unknown text key {key}");
        self.map
            .get(key)
            .cloned()
            .unwrap_or_else(|| key.to_string())
    }

    /// A text with `{name}` placeholders filled in.
    pub fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        fill(&self.get(key), args)
    }

    /// The text of a key split into literal and placeholder segments.
    pub fn segments(&self, key: &str) -> Vec<Segment> {
        segments(&self.get(key))
    }

    /// Every (key, text) pair.
    pub fn all(&self) -> impl Iterator<Item = (&String, &String)> {
        self.map.iter()
    }
}

/// Part of a text with placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Text(String),
    Var(String),
}

pub fn segments(text: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut rest = text;
    let is_name =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map(|c| open + c);
        match close {
            Some(close) if is_name(&rest[open + 1..close]) => {
                if open > 0 {
                    out.push(Segment::Text(rest[..open].to_string()));
                }
                out.push(Segment::Var(rest[open + 1..close].to_string()));
                rest = &rest[close + 1..];
            }
            _ => {
                out.push(Segment::Text(rest[..=open].to_string()));
                rest = &rest[open + 1..];
            }
        }
    }
    if !rest.is_empty() {
        out.push(Segment::Text(rest.to_string()));
    }
    // Merge adjacent literal pieces.
    let mut merged: Vec<Segment> = Vec::new();
    for s in out {
        match (merged.last_mut(), s) {
            (Some(Segment::Text(prev)), Segment::Text(t)) => prev.push_str(&t),
            (_, s) => merged.push(s),
        }
    }
    merged
}

pub fn fill(text: &str, args: &[(&str, &str)]) -> String {
    segments(text)
        .into_iter()
        .map(|s| match s {
            Segment::Text(t) => t,
            Segment::Var(v) => args
                .iter()
                .find(|(k, _)| *k == v)
                .map_or(format!("{{{v}}}"), |(_, val)| val.to_string()),
        })
        .collect()
}

fn vars(text: &str) -> Vec<String> {
    segments(text)
        .into_iter()
        .filter_map(|s| match s {
            Segment::Var(v) => Some(v),
            Segment::Text(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_split_and_fill() {
        assert_eq!(
            segments("{a} moves {from} → {to}"),
            vec![
                Segment::Var("a".into()),
                Segment::Text(" moves ".into()),
                Segment::Var("from".into()),
                Segment::Text(" → ".into()),
                Segment::Var("to".into())
            ]
        );
        assert_eq!(fill("Turn {turn}", &[("turn", "3")]), "Turn 3");
        assert_eq!(fill("a {b c} {", &[]), "a {b c} {");
    }
}
