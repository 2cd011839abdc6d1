//! The data format: the version of the TOML files vmodc reads, so that a game written for an earlier
//! vmodc keeps working. A game states it in `[game] format`; data written before vmodc numbered its
//! formats has no such key and is format 1.
//!
//! Each format after the first lists what changed ([`CHANGES`]). A vmodc still reads every earlier
//! format: where the data differs, the check that meets it says what it read it as, in a note that
//! carries the edit (`Diagnostic::migrate`), and `vmodc migrate` makes those edits in the files.

/// A data format version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DataFormat(pub u32);

/// The format this vmodc writes (`vmodc new`, `vmodc import`, `vmodc migrate`).
pub const CURRENT: DataFormat = DataFormat(2);

/// The format of data that states none.
pub const UNNUMBERED: DataFormat = DataFormat(1);

/// What each format changed from the one before it, as a designer reads it in `vmodc check`'s note.
pub const CHANGES: &[(DataFormat, &str)] = &[(
    DataFormat(2),
    "every `[[special_rules]]` entry has an `id` (vmodc 2026-11-27), a game's catalogs hold only the interface texts they word their own way (`i18n/interface/<lang>.toml` holds the rest, 2026-11-26), and the English catalog no copy of the data's texts (the data is English, 2026-12-02)",
)];

impl DataFormat {
    /// Whether data of this format has a key that format `since` introduced.
    pub fn has(self, since: DataFormat) -> bool {
        self >= since
    }

    /// What changed from this format to the current one, one clause per format.
    pub fn changes_since(self) -> Vec<&'static str> {
        CHANGES
            .iter()
            .filter(|(format, _)| *format > self)
            .map(|(_, what)| *what)
            .collect()
    }
}

impl std::fmt::Display for DataFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_after_the_first_says_what_it_changed() {
        let listed: Vec<u32> = CHANGES.iter().map(|(f, _)| f.0).collect();
        let expected: Vec<u32> = (UNNUMBERED.0 + 1..=CURRENT.0).collect();
        assert_eq!(listed, expected);
        assert_eq!(UNNUMBERED.changes_since().len(), expected.len());
        assert!(CURRENT.changes_since().is_empty());
    }
}
