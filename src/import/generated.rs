//! What vmodc writes itself for an imported project: a raw component of the same class and name as
//! one the build generates (the turn track map, a global property, a prototype of a module vmodc
//! built) would be a second one beside it, which VASSAL refuses or warns about. The project is
//! written without its raw parts, loaded and planned, and its buildFile tree gives the names.

pub use super::module::key_of;
use super::module::{RawPart, Reading};
use crate::vassal::xml::El;
use std::collections::BTreeSet;

/// What the project's build writes itself: (place, class, name) of every component at a place raw
/// parts go, and how it names a turn box of its turn track (`ui.turn_box`, with `{turn}`).
#[derive(Debug, Clone, Default)]
pub struct Generated {
    pub parts: BTreeSet<(String, String, String)>,
    pub turn_box: String,
}

impl Generated {
    /// The turn a region of the build's turn track stands for, when its name is a turn box's.
    pub fn turn_of(&self, region: &str) -> Option<u32> {
        let (before, after) = self.turn_box.split_once("{turn}")?;
        let digits = region.strip_prefix(before)?.strip_suffix(after)?;
        let all_digits = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit());
        all_digits.then(|| digits.parse().ok()).flatten()
    }
}

fn place_of(tag: &str) -> Option<&'static str> {
    match tag.rsplit('.').next()? {
        "PrototypesContainer" => Some("prototypes"),
        "GlobalProperties" => Some("global-properties"),
        "Documentation" => Some("documentation"),
        _ => None,
    }
}

/// The components the project's build writes, by place.
pub fn generated(module: &crate::verify::ReadModule, reading: &Reading, id: &str) -> Generated {
    let mut out = Generated::default();
    let Some((tree, turn_box)) = tree_without_raw(module, reading, id) else {
        return out;
    };
    out.turn_box = turn_box;
    for child in &tree.children {
        out.parts
            .insert(("module".into(), child.tag.clone(), key_of(&child.attrs)));
        if let Some(place) = place_of(&child.tag) {
            for c in &child.children {
                out.parts
                    .insert((place.into(), c.tag.clone(), key_of(&c.attrs)));
            }
        }
    }
    out
}

/// Whether the build writes a component of this raw part's class and name at its place.
pub fn is_generated(part: &RawPart, generated: &Generated, tag: &str, key: &str) -> bool {
    !key.is_empty()
        && generated
            .parts
            .contains(&(part.place.to_string(), tag.to_string(), key.to_string()))
}

/// The buildFile tree of the project written without raw parts, in a scratch folder, and the text
/// of its turn boxes.
fn tree_without_raw(
    module: &crate::verify::ReadModule,
    reading: &Reading,
    id: &str,
) -> Option<(El, String)> {
    let mut bare = reading.clone();
    bare.raw.clear();
    let project = super::project::project(module, bare, id);
    let scratch =
        std::env::temp_dir().join(format!("vmodc-import-plan-{}-{id}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let tree = super::write_files(&project, &scratch).ok().and_then(|()| {
        let mut sources = crate::diag::Sources::default();
        let game = crate::load::load_game(&scratch, id, &mut sources).ok()?;
        let mut report = crate::diag::Report::default();
        let loaded =
            crate::pipeline::Loaded::with_catalogs(&scratch, game, &mut sources, &mut report);
        let plan = crate::pipeline::plan_for(&loaded, None);
        let turn_box = loaded.texts(None).get("ui.turn_box");
        Some((
            crate::emit::module::build_tree(&loaded.game, &plan),
            turn_box,
        ))
    });
    let _ = std::fs::remove_dir_all(&scratch);
    tree
}
