//! A game's release history (`changes/<game>.toml`): one entry per module version, with what changed
//! for players, as `vmodc diff OLD NEW GAME --format toml` writes it. The build turns it into the
//! module's "What's new" help page (`module.rs`); the history is read from the working tree like every
//! other data file, so builds need no git.
//!
//! ```toml
//! [[releases]]
//! version = "1.1.0"
//! previous = "1.0.0"
//! compared = ["de7279a", "765b782"]
//! notes = ["What `vmodc diff` does not compare, such as new automation."]
//!
//! [[releases.changes]]
//! area = "unit"
//! what = "XXIV"
//! old = "german panzer XXX, full 12-6, reduced 6-6"
//! new = "german panzer XXX, full 11-6, reduced 6-6"
//! ```

pub(crate) mod check;
pub mod concept;
pub mod module;
pub(crate) mod texts;

use crate::model::Sp;
use serde::Deserialize;

/// The areas a change can touch, in the order pages list them, with their English titles (the
/// defaults of the `ui.changes_<area>` catalog texts).
pub const AREAS: &[(&str, &str)] = &[
    ("unit", "Units"),
    ("marker", "Markers"),
    ("hex", "Hexes"),
    ("city", "Cities"),
    ("setup", "Setup"),
    ("crt", "Combat results table"),
    ("phase", "Phases"),
    ("text", "Texts"),
];

/// `changes/<game>.toml`.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseHistory {
    /// Newest first.
    #[serde(default)]
    pub releases: Vec<Release>,
}

/// One module version and what changed since the one before.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Release {
    /// The module version (`[game] version`) this release has.
    pub version: Sp<String>,
    /// The version it follows, if any.
    pub previous: Option<String>,
    /// The two versions of the data `vmodc diff` compared (folders or git revisions), for the record.
    #[serde(default)]
    pub compared: Vec<String>,
    /// What changed that `vmodc diff` does not compare (the module's automation, its pages), in
    /// the data's own language; catalogs translate them (`releases.<version>.notes.<n>`).
    #[serde(default)]
    pub notes: Vec<String>,
    #[serde(default)]
    pub changes: Vec<RecordedChange>,
}

impl Release {
    /// The catalog key of the release's `n`th note (0-based).
    pub fn note_key(&self, n: usize) -> String {
        format!("releases.{}.notes.{}", self.version.as_str(), n + 1)
    }
}

/// One change, as `vmodc diff` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordedChange {
    /// One of [`AREAS`].
    pub area: String,
    /// Which one: a unit id, a hex label, `scenario/unit`, `column roll N`, a text key and language.
    pub what: String,
    /// The old value; absent when it was added.
    pub old: Option<String>,
    /// The new value; absent when it was removed.
    pub new: Option<String>,
}

/// A unit as a change records it: side, type, size and the values of each face, written
/// `german panzer XXX, full 12-6, reduced 6-6` (ids, so a page can name each part in its language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitLook {
    pub side: String,
    pub unit_type: String,
    /// May be empty (a unit without a size symbol).
    pub size: String,
    /// Face id and printed values, in the counter sheet's order.
    pub faces: Vec<(String, String)>,
}

impl UnitLook {
    pub fn describe(&self) -> String {
        let faces: Vec<String> = self.faces.iter().map(|(f, v)| format!("{f} {v}")).collect();
        format!(
            "{} {} {}, {}",
            self.side,
            self.unit_type,
            self.size,
            faces.join(", ")
        )
    }

    /// Read back what [`UnitLook::describe`] wrote; `None` for any other text.
    pub fn parse(text: &str) -> Option<UnitLook> {
        let (head, faces) = text.split_once(", ")?;
        let mut words = head.split(' ');
        let (side, unit_type, size) = (words.next()?, words.next()?, words.next()?);
        if side.is_empty() || unit_type.is_empty() || words.next().is_some() {
            return None;
        }
        let faces = faces
            .split(", ")
            .map(|f| {
                f.split_once(' ')
                    .map(|(a, b)| (a.to_string(), b.to_string()))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(UnitLook {
            side: side.into(),
            unit_type: unit_type.into(),
            size: size.into(),
            faces,
        })
    }
}

/// What a text change names: the catalog key, with the language when the game has catalogs
/// (`units.XXIV (ja)`).
pub fn text_what(key: &str, lang: Option<&str>) -> String {
    match lang {
        Some(l) => format!("{key} ({l})"),
        None => key.to_string(),
    }
}

/// A text change's key and language, read back from what [`text_what`] wrote.
pub fn text_key(what: &str) -> (&str, Option<&str>) {
    match what.rsplit_once(" (") {
        Some((key, lang)) if lang.ends_with(')') => (key, Some(&lang[..lang.len() - 1])),
        _ => (what, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_description_reads_back() {
        for text in [
            "german panzer XXX, full 12-6, reduced 6-6",
            "german infantry-regiment , front 2-2-7",
            "german supply , back 0-0-?, front 0-0-8",
        ] {
            let look = UnitLook::parse(text).expect(text);
            assert_eq!(look.describe(), text);
        }
        assert_eq!(UnitLook::parse("German Occupied \"OCC\""), None);
    }

    #[test]
    fn a_text_change_names_its_language() {
        assert_eq!(
            text_key(&text_what("units.XLI", Some("en"))),
            ("units.XLI", Some("en"))
        );
        assert_eq!(text_key(&text_what("units.XLI", None)), ("units.XLI", None));
    }
}
