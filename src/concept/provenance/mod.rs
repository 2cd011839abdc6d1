//! Provenance: where a fact comes from (a rule section, a source) and what the sources do not say
//! (`[[missing]]` gaps, reported as warnings; `[[inferred]]` facts, reported as notes).

pub(crate) mod check;
use crate::model::spanned::Sp;
use serde::Deserialize;

/// A fact the data lacks (`[[missing]]`, reported as a warning) or holds only by inference
/// (`[[inferred]]`, reported as a note). Any of the four data files may list them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gap {
    /// The fact, e.g. "terrain of every hex".
    pub what: Sp<String>,
    /// Why it is missing or how it was inferred.
    #[serde(default)]
    pub why: String,
    /// What in the game or the module depends on it.
    #[serde(default)]
    pub affects: String,
    /// Rulebook section the fact belongs to.
    pub rule: Option<Sp<String>>,
    /// Where the fact would be found (a component, a table), or where the inference comes from.
    pub source: Option<Sp<String>>,
}

/// The rule section a fact cites, if any: what a diagnostic about the fact quotes as `rule:`.
pub fn rule_of(rule: &Option<Sp<String>>) -> Option<&str> {
    rule.as_ref().map(|r| r.as_str())
}
