//! Every text of every image of every shipped module is at least the legible floor
//! ([`vmodc::render::text::LEGIBLE_SIZE`]) at the module's own scale, which is what VASSAL shows at
//! 100% zoom: one image pixel is one screen pixel.

use vmodc::build::{image_texts, languages, load_and_check, plan_for};
use vmodc::diag::Sources;
use vmodc::render::text::LEGIBLE_SIZE;

const SHIPPED: [&str; 4] = ["b4m", "btm2", "lsam", "ocs"];

#[test]
fn every_text_of_every_shipped_image_is_at_least_the_floor() {
    let root = crate::common::repo();
    let mut too_small = Vec::new();
    let mut smallest = f32::INFINITY;
    for id in SHIPPED {
        let mut sources = Sources::default();
        let (loaded, report) = load_and_check(&root, id, &mut sources);
        let loaded = loaded.unwrap_or_else(|| panic!("{id} does not load: {report:?}"));
        for lang in languages(&loaded) {
            let plan = plan_for(&loaded, lang.as_deref());
            let images = image_texts(&loaded.game, &plan).expect("images render");
            assert!(images.iter().any(|i| !i.texts.is_empty()), "{id}: no text");
            for image in images {
                for t in image.texts {
                    smallest = smallest.min(t.size);
                    if t.size < LEGIBLE_SIZE - 1e-3 {
                        too_small.push(format!(
                            "{id}-{}: {}: {:?} at {:.1} px",
                            lang.as_deref().unwrap_or("-"),
                            image.image,
                            t.text,
                            t.size
                        ));
                    }
                }
            }
        }
    }
    eprintln!("smallest text: {smallest:.2} px");
    assert!(
        too_small.is_empty(),
        "{} texts below {LEGIBLE_SIZE} px (smallest {smallest:.2} px):\n{}",
        too_small.len(),
        too_small.join("\n")
    );
}
