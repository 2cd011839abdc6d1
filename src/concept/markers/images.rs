//! The image file of each marker face, named from the data alone (the plan and the renderer both
//! read it).

use crate::concept::game::Game;
use crate::slug::slug;
use std::collections::{BTreeMap, BTreeSet};

/// Image names of each marker's faces, front first (`marker-oos.png`, `marker-oos-back.png`).
pub fn marker_images(game: &Game) -> BTreeMap<String, Vec<String>> {
    let mut used = BTreeSet::new();
    let mut unique = |base: String| {
        let mut name = format!("{base}.png");
        let mut n = 2;
        while !used.insert(name.clone()) {
            name = format!("{base}-{n}.png");
            n += 1;
        }
        name
    };
    game.counters
        .markers
        .iter()
        .map(|m| {
            let base = format!("marker-{}", slug(&m.id));
            let mut faces = vec![unique(base.clone())];
            if m.back.is_some() {
                faces.push(unique(format!("{base}-back")));
            }
            (m.id.value.clone(), faces)
        })
        .collect()
}
