//! The translator's catalog: TOML (the primary form, as vmodc's own catalogs) and gettext PO (for
//! Poedit and Weblate), both read and written. Each entry is keyed by VASSAL's own key, holds the
//! source text it was translated from, and is stale when the module's text under that key changed.

use super::Source;
use crate::model::toml_text::string as toml_string;
use serde::Deserialize;
use std::collections::BTreeMap;

/// One text of the catalog.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// VASSAL's key (`Module_<lang>.properties`).
    pub key: String,
    /// The module's text the translation is of.
    pub source: String,
    /// The translation; empty while untranslated.
    #[serde(default)]
    pub translation: String,
    /// Set when the module's text changed after the translation was written: the text it was
    /// translated from. A stale translation is not written into the module.
    #[serde(default)]
    pub translated_from: Option<String>,
    /// Where the module uses the text.
    #[serde(default)]
    pub place: String,
}

impl Entry {
    /// Whether the translation goes into the module: translated and not stale.
    pub fn usable(&self) -> bool {
        !self.translation.is_empty() && self.translated_from.is_none()
    }
}

/// A catalog: the language, the module it was extracted from, and its texts in module order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    pub language: String,
    #[serde(default)]
    pub module: String,
    #[serde(default)]
    pub module_version: String,
    #[serde(default, rename = "text")]
    pub entries: Vec<Entry>,
}

/// What a merge found, for the translator.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub texts: usize,
    pub translated: usize,
    pub untranslated: usize,
    /// Keys whose source text changed since they were translated.
    pub stale: Vec<String>,
    /// Keys of the old catalog the module no longer has (dropped).
    pub removed: Vec<String>,
    /// Texts that took their translation from the module's own `Module_<lang>.properties`.
    pub from_module: usize,
}

/// The catalog for the module's texts now: every translation of `old` whose source is unchanged is
/// kept; a translation whose source changed is kept but marked stale; a new text takes the module's
/// own translation (`existing`, from its `.properties`) or starts untranslated.
pub fn merge(
    old: Option<&Catalog>,
    sources: &[Source],
    existing: &BTreeMap<String, String>,
    header: (&str, &str, &str),
) -> (Catalog, Summary) {
    let (language, module, module_version) = header;
    let old_entries: BTreeMap<&str, &Entry> = old
        .map(|c| c.entries.iter().map(|e| (e.key.as_str(), e)).collect())
        .unwrap_or_default();
    let mut summary = Summary::default();
    let mut entries = Vec::new();
    for s in sources {
        let entry = match old_entries.get(s.key.as_str()) {
            Some(o) if o.source == s.text => Entry {
                place: s.place.clone(),
                ..(*o).clone()
            },
            Some(o) => Entry {
                key: s.key.clone(),
                source: s.text.clone(),
                translation: o.translation.clone(),
                translated_from: (!o.translation.is_empty())
                    .then(|| o.translated_from.clone().unwrap_or(o.source.clone())),
                place: s.place.clone(),
            },
            None => {
                let translation = existing.get(&s.key).cloned().unwrap_or_default();
                if !translation.is_empty() {
                    summary.from_module += 1;
                }
                Entry {
                    key: s.key.clone(),
                    source: s.text.clone(),
                    translation,
                    translated_from: None,
                    place: s.place.clone(),
                }
            }
        };
        if entry.translated_from.is_some() {
            summary.stale.push(entry.key.clone());
        } else if entry.translation.is_empty() {
            summary.untranslated += 1;
        } else {
            summary.translated += 1;
        }
        entries.push(entry);
    }
    let now: std::collections::BTreeSet<&str> = sources.iter().map(|s| s.key.as_str()).collect();
    summary.removed = old_entries
        .keys()
        .filter(|k| !now.contains(*k))
        .map(|k| k.to_string())
        .collect();
    summary.texts = entries.len();
    let catalog = Catalog {
        language: language.to_string(),
        module: module.to_string(),
        module_version: module_version.to_string(),
        entries,
    };
    (catalog, summary)
}

/// The catalog as TOML.
pub fn to_toml(catalog: &Catalog) -> String {
    let mut out = format!(
        "# Translation catalog (vmodc translate): fill in `translation`; keep `key` and `source`.\n# An entry with `translated_from` is stale: the module's text changed since it was translated.\nlanguage = {}\nmodule = {}\nmodule_version = {}\n",
        toml_string(&catalog.language),
        toml_string(&catalog.module),
        toml_string(&catalog.module_version)
    );
    for e in &catalog.entries {
        out.push_str(&format!(
            "\n[[text]]\nkey = {}\nsource = {}\ntranslation = {}\n",
            toml_string(&e.key),
            toml_string(&e.source),
            toml_string(&e.translation)
        ));
        if let Some(from) = &e.translated_from {
            out.push_str(&format!("translated_from = {}\n", toml_string(from)));
        }
        out.push_str(&format!("place = {}\n", toml_string(&e.place)));
    }
    out
}

/// A catalog read from TOML.
pub fn from_toml(text: &str) -> Result<Catalog, String> {
    toml::from_str(text).map_err(|e| e.to_string())
}

/// A PO string: C escapes, one line. Every other ASCII control character is an octal escape
/// (`\033`), as msgfmt reads it, so nothing from a module's texts breaks the line or the file.
fn po_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_ascii_control() => out.push_str(&format!("\\{:03o}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text for a place in the PO file that is one line by its form (a `#` comment, a header field's
/// value): every control character, line breaks included, becomes a space, so a module's name can
/// neither end the comment nor add a field or an entry.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A header field (`Name: value\n`) as one PO string: the value on one line, then escaped.
fn header_field(name: &str, value: &str) -> String {
    format!("{}\n", po_string(&format!("{name}: {}\n", one_line(value))))
}

/// The catalog as a gettext PO file: `msgctxt` is VASSAL's key, `msgid` the source, `msgstr` the
/// translation; a stale entry is `fuzzy` with its old source as `#| msgid`.
pub fn to_po(catalog: &Catalog) -> String {
    let mut out = format!(
        "# Translation catalog (vmodc translate) of {} {}\nmsgid \"\"\nmsgstr \"\"\n",
        one_line(&catalog.module),
        one_line(&catalog.module_version)
    );
    out.push_str(&header_field("Content-Type", "text/plain; charset=UTF-8"));
    out.push_str(&header_field("Language", &catalog.language));
    out.push_str(&header_field("X-Module", &catalog.module));
    out.push_str(&header_field("X-Module-Version", &catalog.module_version));
    for e in &catalog.entries {
        out.push_str(&format!("\n#: {}\n", one_line(&e.place)));
        if let Some(from) = &e.translated_from {
            out.push_str(&format!("#, fuzzy\n#| msgid {}\n", po_string(from)));
        }
        out.push_str(&format!(
            "msgctxt {}\nmsgid {}\nmsgstr {}\n",
            po_string(&e.key),
            po_string(&e.source),
            po_string(&e.translation)
        ));
    }
    out
}

/// The text of a PO string (`"..."`), escapes resolved.
fn po_unquote(s: &str, line: usize) -> Result<String, String> {
    let inner = s
        .trim()
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or(format!("line {line}: expected a quoted string"))?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('a') => out.push('\u{7}'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('v') => out.push('\u{b}'),
            Some(d @ '0'..='7') => out.push(octal_escape(d, &mut chars)),
            Some(other) => out.push(other),
            None => return Err(format!("line {line}: a string ends with `\\`")),
        }
    }
    Ok(out)
}

/// An octal escape (`\033`): up to three digits, the first already read; a value above 0x7F (a
/// byte of a multi-byte character, which [`to_po`] never writes) stands for itself as a character.
fn octal_escape(first: char, chars: &mut std::str::Chars) -> char {
    let mut value = first.to_digit(8).unwrap_or(0);
    for _ in 0..2 {
        let mut ahead = chars.clone();
        match ahead.next().and_then(|c| c.to_digit(8)) {
            Some(d) => {
                value = value * 8 + d;
                *chars = ahead;
            }
            None => break,
        }
    }
    char::from_u32(value).unwrap_or('\u{fffd}')
}

/// A catalog read from a PO file (as [`to_po`] writes it, or as Poedit saves it: strings may run
/// over several lines).
pub fn from_po(text: &str) -> Result<Catalog, String> {
    let mut catalog = Catalog::default();
    let mut entry = Entry::default();
    let mut fuzzy = false;
    let mut previous: Option<String> = None;
    let mut field: Option<&str> = None;
    let finish = |entry: &mut Entry,
                  fuzzy: &mut bool,
                  previous: &mut Option<String>,
                  catalog: &mut Catalog| {
        if entry.key.is_empty() && entry.source.is_empty() {
            // The header: the language.
            for line in entry.translation.lines() {
                if let Some(l) = line.strip_prefix("Language: ") {
                    catalog.language = l.trim().to_string();
                }
                if let Some(m) = line.strip_prefix("X-Module: ") {
                    catalog.module = m.trim().to_string();
                }
                if let Some(v) = line.strip_prefix("X-Module-Version: ") {
                    catalog.module_version = v.trim().to_string();
                }
            }
        } else {
            entry.translated_from = if *fuzzy {
                Some(previous.clone().unwrap_or_default())
            } else {
                None
            };
            catalog.entries.push(std::mem::take(entry));
        }
        *entry = Entry::default();
        *fuzzy = false;
        *previous = None;
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let n = i + 1;
        if line.is_empty() {
            continue;
        }
        // A comment, a context or an id after a translation starts the next entry.
        let starts_entry =
            line.starts_with('#') || line.starts_with("msgctxt ") || line.starts_with("msgid ");
        if starts_entry && field == Some("msgstr") {
            finish(&mut entry, &mut fuzzy, &mut previous, &mut catalog);
            field = None;
        }
        if let Some(place) = line.strip_prefix("#:") {
            entry.place = place.trim().to_string();
        } else if line.starts_with("#,") {
            fuzzy |= line.contains("fuzzy");
        } else if let Some(old) = line.strip_prefix("#| msgid ") {
            previous = Some(po_unquote(old, n)?);
        } else if line.starts_with('#') {
            continue;
        } else if let Some(rest) = line.strip_prefix("msgctxt ") {
            entry.key = po_unquote(rest, n)?;
            field = Some("msgctxt");
        } else if let Some(rest) = line.strip_prefix("msgid ") {
            entry.source = po_unquote(rest, n)?;
            field = Some("msgid");
        } else if let Some(rest) = line.strip_prefix("msgstr ") {
            entry.translation = po_unquote(rest, n)?;
            field = Some("msgstr");
        } else if line.starts_with('"') {
            let more = po_unquote(line, n)?;
            match field {
                Some("msgctxt") => entry.key.push_str(&more),
                Some("msgid") => entry.source.push_str(&more),
                Some("msgstr") => entry.translation.push_str(&more),
                _ => return Err(format!("line {n}: a string continues no field")),
            }
        } else {
            return Err(format!("line {n}: not PO: `{line}`"));
        }
    }
    if field == Some("msgstr") {
        finish(&mut entry, &mut fuzzy, &mut previous, &mut catalog);
    }
    Ok(catalog)
}
