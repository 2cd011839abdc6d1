//! Source records: the line `# en: "…"` above a translation keeps the default text it was made
//! from, so that a change of the data's text shows as a stale translation (V0911) instead of
//! passing silently into the module of that language.

#[cfg(test)]
use super::skeleton::source_record_line;
use super::{Catalog, Entry, Language, DEFAULT_LANGUAGE};
use crate::model::spanned::Sp;

/// The text recorded by a source record line ([`super::skeleton::source_record_line`]); `None` for any other line.
pub fn source_record(line: &str) -> Option<String> {
    let rest = line
        .trim()
        .strip_prefix('#')?
        .trim_start()
        .strip_prefix(DEFAULT_LANGUAGE)?
        .strip_prefix(':')?
        .trim();
    let table: toml::Table = toml::from_str(&format!("t = {rest}")).ok()?;
    table.get("t")?.as_str().map(str::to_string)
}

/// The source record on the line just above byte `at` of a catalog's text, with the span of its
/// line (without the line break).
pub fn source_record_above(text: &str, at: usize) -> Option<Sp<String>> {
    let line_start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let above_end = line_start.checked_sub(1)?;
    let above_start = text[..above_end].rfind('\n').map_or(0, |i| i + 1);
    let recorded = source_record(&text[above_start..above_end])?;
    Some(Sp {
        value: recorded,
        span: above_start..above_end,
    })
}

/// The translations of a catalog whose source record differs from the entry's default, with the
/// record.
pub fn stale_in<'e, 'c>(
    catalog: &'c Catalog,
    entries: &'e [Entry],
) -> Vec<(&'e Entry, &'c Sp<String>)> {
    entries
        .iter()
        .filter(|e| catalog.texts.contains_key(&e.key))
        .filter_map(|e| catalog.translated_from.get(&e.key).map(|r| (e, r)))
        .filter(|(e, r)| r.value != e.default)
        .collect()
}

/// The translations of a catalog with no source record (a text left as the default is no
/// translation, and needs none).
pub fn unrecorded_in<'e>(catalog: &Catalog, entries: &'e [Entry]) -> Vec<&'e Entry> {
    entries
        .iter()
        .filter(|e| {
            catalog
                .texts
                .get(&e.key)
                .is_some_and(|t| t.value != e.default)
        })
        .filter(|e| !catalog.translated_from.contains_key(&e.key))
        .collect()
}

impl<'a> Language<'a> {
    /// The translations (the game's own, and the interface texts the game's catalog words its own
    /// way) whose source record no longer matches the default: made from a text since changed.
    pub fn stale<'e>(&self, entries: &'e [Entry]) -> Vec<(&'e Entry, &'a Sp<String>)> {
        let Some(game) = self.game.filter(|_| self.code() != DEFAULT_LANGUAGE) else {
            return Vec::new();
        };
        stale_in(game, entries)
    }

    /// The translations of the game's catalog with no source record: `check` cannot tell when the
    /// data changes under them (`vmodc i18n extract … --record` writes the records).
    pub fn unrecorded<'e>(&self, entries: &'e [Entry]) -> Vec<&'e Entry> {
        let Some(game) = self.game.filter(|_| self.code() != DEFAULT_LANGUAGE) else {
            return Vec::new();
        };
        unrecorded_in(game, entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_record_reads_back_any_text_and_only_from_its_own_line() {
        for text in [
            "XLI Panzer Corps",
            "quote \" and \\",
            "日本語 # not a comment",
            "",
        ] {
            let line = source_record_line(text);
            assert_eq!(source_record(&line).as_deref(), Some(text), "{line}");
        }
        assert_eq!(source_record("# unit names"), None);
        assert_eq!(source_record("# en: not quoted"), None);
        assert_eq!(source_record("# english: \"x\""), None);
        let catalog = "[units]\n# unit names\n# en: \"XLI\"\nXLI = \"第41\"\nXL = \"第40\"\n";
        let at = |key: &str| catalog.find(&format!("\n{key} =")).unwrap() + 1;
        let record = source_record_above(catalog, at("XLI")).unwrap();
        assert_eq!(record.value, "XLI");
        assert_eq!(&catalog[record.span], "# en: \"XLI\"");
        // The record belongs to the line right below it only.
        assert!(source_record_above(catalog, at("XL")).is_none());
        assert!(source_record_above(catalog, 0).is_none());
    }
}
