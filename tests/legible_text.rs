//! Every text of every image of every shipped module is at least the legible floor
//! ([`vmodc::render::text::LEGIBLE_SIZE`]) at the module's own scale, which is what VASSAL shows at
//! 100% zoom: one image pixel is one screen pixel. No English component prints Japanese, no
//! Japanese line starts with a character Japanese forbids there, and no word of the Japanese
//! dictionary (`src/render/ja_words.txt`) is split between two lines.

use vmodc::diag::Sources;
use vmodc::pipeline::{image_texts, languages, load_and_check, plan_for};
use vmodc::render::text::LEGIBLE_SIZE;

const SHIPPED: [&str; 4] = ["b4m", "btm2", "lsam", "ocs"];

#[test]
fn every_text_of_every_shipped_image_is_at_least_the_floor() {
    let root = crate::common::repo();
    let mut too_small = Vec::new();
    let mut smallest = f32::INFINITY;
    let mut japanese_in_english = Vec::new();
    let mut bad_starts = Vec::new();
    let mut broken_lines = Vec::new();
    for id in SHIPPED {
        let mut sources = Sources::default();
        let (loaded, report) = load_and_check(&root, id, &mut sources);
        let loaded = loaded.unwrap_or_else(|| panic!("{id} does not load: {report:?}"));
        for lang in languages(&loaded) {
            let plan = plan_for(&loaded, lang.as_deref());
            let images = image_texts(&loaded.game, &plan).expect("images render");
            assert!(images.iter().any(|i| !i.texts.is_empty()), "{id}: no text");
            for image in &images {
                let mut previous = None;
                for t in &image.texts {
                    if lang.as_deref() == Some("en") && t.text.chars().any(is_japanese) {
                        japanese_in_english.push(format!("{id}-en: {}: {:?}", image.image, t.text));
                    }
                    if lang.as_deref() == Some("ja") {
                        if let Some(line) = japanese_line_starts(&t.text) {
                            bad_starts.push(format!("{id}-ja: {}: {line:?}", image.image));
                        }
                    }
                    if let Some(word) = previous.and_then(|p: &str| split_word(p, &t.text)) {
                        broken_lines.push(format!("{id}: {}: {word}", image.image));
                    }
                    previous = Some(t.text.as_str());
                    if t.text.contains("。。") || t.text.contains("..") {
                        broken_lines
                            .push(format!("{id}: {}: {:?} ends twice", image.image, t.text));
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
        broken_lines.is_empty(),
        "Japanese words split between two lines, sentences ended twice:\n{}",
        broken_lines.join("\n")
    );
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

/// A word of the Japanese dictionary that line `a` ends with the start of and the next line `b`
/// starts with the rest of, as the two lines are drawn one after the other (ソ連軍航空戦 / 力);
/// none where a whole word ends `a` or starts `b` (マーカー, then ドイツ軍 in the next box).
fn split_word(a: &str, b: &str) -> Option<String> {
    let words = vmodc::render::lines::japanese_words();
    if words.iter().any(|w| a.ends_with(w) || b.starts_with(w)) {
        return None;
    }
    words.iter().find_map(|w| {
        let cut = w.char_indices().skip(1).map(|(i, _)| i);
        cut.clone()
            .find(|&i| a.ends_with(&w[..i]) && b.starts_with(&w[i..]))
            .map(|i| format!("{} / {}", &w[..i], &w[i..]))
    })
}

#[test]
fn a_word_split_between_two_lines_is_found() {
    assert_eq!(
        split_word("ソ連軍航空戦", "力").as_deref(),
        Some("航空戦 / 力")
    );
    assert_eq!(
        split_word("モラルダメー", "ジ").as_deref(),
        Some("ダメー / ジ")
    );
    assert_eq!(split_word("ソ連軍", "航空戦力"), None);
    assert_eq!(split_word("ゲーム・", "ターン"), None);
    assert_eq!(split_word("マーカー", "ドイツ軍"), None);
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
