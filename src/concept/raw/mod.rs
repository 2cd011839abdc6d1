//! What a module made by hand holds that vmodc has no concept for, kept as that module wrote it
//! (`vmodc import`, docs/import.md): components of its buildFile (a hand-made Global Key Command, a
//! trigger button, a custom class, a second map) and the files they use (icons, sounds, help pages).
//!
//! A raw component is written back byte for byte at its place; the module reader checks it like any
//! other part of the module. A unit's raw traits are the units concept's (`[[units]] raw_traits`).

pub mod concept;

use crate::model::spanned::Sp;
pub use crate::concept::interface::{RawPlace, StockComponent};
use serde::Deserialize;

/// `[raw]` of the rules file: the parts of an imported module kept as they are.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    /// A folder, relative to the project root, whose files go into the module at the same paths
    /// (`raw/<game>/images/icon.png` becomes `images/icon.png`): what the raw components use. A file
    /// the build writes itself under the same name wins.
    pub files: Option<Sp<String>>,
    /// Components kept verbatim, in the order they are written at their place.
    #[serde(default)]
    pub components: Vec<RawComponent>,
    /// Components every module has one of that vmodc does not write here: the imported module had
    /// no stock one (its own subclass, kept raw, stands in, or VASSAL adds it).
    #[serde(default)]
    pub left_to_vassal: Vec<StockComponent>,
}

/// One buildFile component kept verbatim (`[[raw.components]]`).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawComponent {
    /// Where it goes: among the module's own components, or inside the one component of that kind
    /// the module has.
    pub place: RawPlace,
    /// The element as the module wrote it, whole: its bytes go into the buildFile unchanged.
    pub xml: String,
    /// What it is and why vmodc keeps it raw (for the designer; not in the module).
    #[serde(default)]
    pub why: String,
}

impl RawComponent {
    /// The names of the prototypes it defines (a `PrototypeDefinition`, or a folder of them).
    pub fn prototype_names(&self) -> Vec<String> {
        let Ok(root) = crate::verify::xml::parse_xml(&self.xml) else {
            return Vec::new();
        };
        root.walk()
            .into_iter()
            .filter(|n| n.tag.ends_with(".PrototypeDefinition"))
            .map(|n| n.attr("name").to_string())
            .collect()
    }
}
