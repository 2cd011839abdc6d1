//! Provenance: where a fact comes from (a rule section, a source) and what the sources do not say
//! (`[[missing]]` gaps, reported as warnings; `[[inferred]]` facts, reported as notes).

pub(crate) mod check;
pub mod concept;
use crate::model::spanned::Sp;
use serde::Deserialize;

/// A fact the data lacks (`[[missing]]`, reported as a warning) or holds only by inference
/// (`[[inferred]]`, reported as a note). Any of the four data files may list them.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
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
    /// The component a designer picks up to find the fact (`map`, `counter-sheet`, `crt-card`,
    /// `turn-track`, `cards`, `rulebook`): `vmodc check GAME --todo` groups the gaps by it.
    pub found_on: Option<Sp<String>>,
    /// The data keys the fact goes into once found, e.g. `maps/btm2.toml [[hexsides]]`.
    #[serde(default)]
    pub keys: Vec<String>,
}

pub use crate::model::component::Component;

/// The rule section a fact cites, if any: what a diagnostic about the fact quotes as `rule:`.
pub fn rule_of(rule: &Option<Sp<String>>) -> Option<&str> {
    rule.as_ref().map(|r| r.as_str())
}

/// Where a fact comes from: the rulebook section and the other source (reference document, errata)
/// it cites. Every data struct that states a rule fact has both, declared once by [`cited!`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Provenance<'a> {
    pub rule: Option<&'a Sp<String>>,
    pub source: Option<&'a Sp<String>>,
}

impl<'a> Provenance<'a> {
    /// The rule section, as a diagnostic quotes it.
    pub fn rule(&self) -> Option<&'a str> {
        self.rule.map(|r| r.as_str())
    }

    /// The other source, as text.
    pub fn source(&self) -> Option<&'a str> {
        self.source.map(|s| s.as_str())
    }
}

/// A data struct whose fact cites its provenance.
pub trait Cited {
    fn provenance(&self) -> Provenance<'_>;
}

/// Declares a data struct that states a rule fact: the struct as written, plus the `rule` and
/// `source` fields every such struct carries, and its [`Cited`] implementation. (serde's `flatten`
/// cannot do this: it does not combine with `deny_unknown_fields` nor keep the spans of `Sp`.)
macro_rules! cited {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $( $(#[$field_attr:meta])* pub $field:ident : $ty:ty, )*
        }
    ) => {
        $(#[$attr])*
        pub struct $name {
            $( $(#[$field_attr])* pub $field: $ty, )*
            /// Rulebook section the fact comes from.
            pub rule: Option<$crate::model::spanned::Sp<String>>,
            /// Other source (reference document, errata) the fact comes from.
            pub source: Option<$crate::model::spanned::Sp<String>>,
        }

        impl $crate::concept::provenance::Cited for $name {
            fn provenance(&self) -> $crate::concept::provenance::Provenance<'_> {
                $crate::concept::provenance::Provenance {
                    rule: self.rule.as_ref(),
                    source: self.source.as_ref(),
                }
            }
        }
    };
}
pub(crate) use cited;
