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
    let mut japanese_in_english = Vec::new();
    let mut bad_starts = Vec::new();
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
                    if lang.as_deref() == Some("en") && t.text.chars().any(is_japanese) {
                        japanese_in_english.push(format!("{id}-en: {}: {:?}", image.image, t.text));
                    }
                    if lang.as_deref() == Some("ja") {
                        if let Some(line) = japanese_line_starts(&t.text) {
                            bad_starts.push(format!("{id}-ja: {}: {line:?}", image.image));
                        }
                    }
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
        japanese_in_english.is_empty(),
        "Japanese on English components:\n{}",
        japanese_in_english.join("\n")
    );
    assert!(
        bad_starts.is_empty(),
        "lines that start with a character Japanese forbids there:\n{}",
        bad_starts.join("\n")
    );
    assert!(
        too_small.is_empty(),
        "{} texts below {LEGIBLE_SIZE} px (smallest {smallest:.2} px):\n{}",
        too_small.len(),
        too_small.join("\n")
    );
}

/// Kana, CJK ideographs and the Japanese punctuation and full-width forms.
fn is_japanese(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF)
}

/// A drawn line (each text the renderer records is one line) that starts with a character the
/// Japanese line-start rule forbids: ー, 。, 、, a small kana or a closing bracket.
fn japanese_line_starts(line: &str) -> Option<&str> {
    let first = line.trim_start().chars().next()?;
    (!vmodc::render::lines::may_start_line(first) && is_japanese(first)).then_some(line)
}
