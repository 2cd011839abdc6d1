//! The units' part of the plan: the image of each unit face, each unit's place in the counter list,
//! and each side's eliminated-units box.

use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::i18n::Texts;
use crate::slug::slug;
use std::collections::{BTreeMap, BTreeSet};

/// Fill in the units' fields of the plan.
pub fn fill_plan(game: &Game, plan: &mut Plan) {
    plan.unit_images = unit_images(game);
    plan.eliminated_box = eliminated_boxes(game, &plan.tx);
    plan.unit_index = game
        .counters
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| (u.id.value.clone(), i))
        .collect();
}

/// The box of each side's eliminated units, by side id.
pub fn eliminated_boxes(game: &Game, tx: &Texts) -> BTreeMap<String, String> {
    game.rules
        .sides
        .iter()
        .map(|s| {
            let side = tx.get(&format!("sides.{}", s.id.as_str()));
            (
                s.id.value.clone(),
                tx.fill("ui.eliminated_box", &[("side", &side)]),
            )
        })
        .collect()
}

/// The image of each unit face, named from the side, unit and face (numbered when two names meet).
fn unit_images(game: &Game) -> BTreeMap<(String, String), String> {
    let mut unit_images = BTreeMap::new();
    let mut used = BTreeSet::new();
    for u in &game.counters.units {
        for face in game.counters.faces_of(u) {
            // A face given as a file keeps the file's name: an imported module's pieces name the
            // same images as before.
            if let Some(file) = u.face_images.get(face) {
                let name = crate::concept::plan::shipped_file_name(file.as_str());
                unit_images.insert((u.id.value.clone(), face.to_string()), name);
                continue;
            }
            let mut name = format!("unit-{}-{}-{}.png", slug(&u.side), slug(&u.id), slug(face));
            let mut n = 2;
            while !used.insert(name.clone()) {
                name = format!(
                    "unit-{}-{}-{}-{n}.png",
                    slug(&u.side),
                    slug(&u.id),
                    slug(face)
                );
                n += 1;
            }
            unit_images.insert((u.id.value.clone(), face.to_string()), name);
        }
    }
    unit_images
}
