//! Translatable counter labels (issue 44, item 8): a unit's `label` is a text of the language
//! catalogs (`labels.<unit id>`), printed on that language's counters; a catalog without it prints
//! the data's label, and `vmodc i18n status` lists the labels each catalog leaves so.

use crate::common::*;
use std::path::Path;
use vmodc::diag::Sources;
use vmodc::pipeline::board_images::plain_name;

/// B4M copied into `root` with the XXIV Panzer Corps given the label "XXIV Pz", and with
/// `ja_label` (if any) as its Japanese label.
fn b4m_with_label(root: &Path, ja_label: Option<&str>) {
    copy_game(&repo(), "b4m", root);
    copy_catalogs(&repo(), "b4m", root);
    patch(
        root,
        "counters/b4m.toml",
        "id = \"XXIV\"\nname = \"XXIV Panzer Corps\"",
        "id = \"XXIV\"\nname = \"XXIV Panzer Corps\"\nlabel = \"XXIV Pz\"",
    )
    .expect("patch the unit");
    if let Some(text) = ja_label {
        let catalog = root.join("i18n/b4m/ja.toml");
        let mut ja = std::fs::read_to_string(&catalog).expect("ja catalog");
        ja.push_str(&format!("\n[labels]\nXXIV = \"{text}\"\n"));
        std::fs::write(&catalog, ja).expect("writes");
    }
}

/// The full face of XXIV in each language's module: (language, PNG).
fn xxiv_faces(root: &Path) -> Vec<(Option<String>, Vec<u8>)> {
    let mut sources = Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(root, "b4m", &mut sources);
    assert!(
        !report.has_errors() && report.count(vmodc::diag::Severity::Warning) == 0,
        "{}",
        render_all(&sources, &report)
    );
    let loaded = loaded.expect("loads");
    vmodc::pipeline::languages(&loaded)
        .into_iter()
        .map(|lang| {
            let entries =
                vmodc::pipeline::compile_language(&loaded, lang.as_deref()).expect("compiles");
            let face = entries
                .into_iter()
                .find(|e| plain_name(&e.name) == "images/unit-german-xxiv-full.png")
                .expect("XXIV's face")
                .data;
            (lang, face)
        })
        .collect()
}

#[test]
fn a_japanese_label_shows_on_the_japanese_counter_only() {
    let with = TempDir::new("labels-ja");
    b4m_with_label(with.path(), Some("第24装甲"));
    let without = TempDir::new("labels-none");
    b4m_with_label(without.path(), None);
    let (with, without) = (xxiv_faces(with.path()), xxiv_faces(without.path()));
    let face = |faces: &[(Option<String>, Vec<u8>)], lang: &str| {
        faces
            .iter()
            .find(|(l, _)| l.as_deref() == Some(lang))
            .map(|(_, f)| f.clone())
            .expect("the language's module")
    };
    assert_ne!(
        face(&with, "ja"),
        face(&without, "ja"),
        "the catalog's label is printed on the Japanese counter"
    );
    assert_eq!(
        face(&with, "en"),
        face(&without, "en"),
        "the English counter prints the data's label"
    );
}

#[test]
fn i18n_status_lists_the_labels_a_catalog_leaves_to_the_data() {
    let dir = TempDir::new("labels-status");
    b4m_with_label(dir.path(), None);
    let out = vmodc_in(dir.path(), &["i18n", "status", "b4m"]);
    let stdout = text(&out.stdout);
    assert_eq!(code(&out), 0, "a label is optional: {}", show(&out));
    assert!(stdout.contains("labels.XXIV = \"XXIV Pz\""), "{stdout}");
    assert!(
        stdout.contains("1 counter labels print as the data's"),
        "{stdout}"
    );
    // The skeleton a translator starts from has the key, marked for translation.
    let out = vmodc_in(dir.path(), &["i18n", "extract", "b4m", "ja", "--out", "-"]);
    assert!(text(&out.stdout).contains("[labels]"), "{}", show(&out));
    assert!(
        text(&out.stdout).contains("XXIV = \"XXIV Pz\""),
        "{}",
        show(&out)
    );
    // Translated, it is no longer listed.
    let translated = TempDir::new("labels-status-ja");
    b4m_with_label(translated.path(), Some("第24装甲"));
    let out = vmodc_in(translated.path(), &["i18n", "status", "b4m"]);
    assert!(!text(&out.stdout).contains("labels.XXIV"), "{}", show(&out));
}

/// The data's label stays the text in the data's language, and a unit without `label` has no label
/// key (its id is printed: an id, not a text).
#[test]
fn only_a_label_of_the_data_is_a_text() {
    let game = shipped_game("btm2");
    let entries = vmodc::concept::texts::entries(&game);
    let labelled = game
        .counters
        .units
        .iter()
        .filter(|u| u.label.is_some())
        .count();
    let keys: Vec<_> = entries
        .iter()
        .filter(|e| vmodc::i18n::is_label_key(&e.key))
        .collect();
    assert_eq!(keys.len(), labelled);
    let pza = keys
        .iter()
        .find(|e| e.key == "labels.ger-1pza")
        .expect("1 PzA");
    assert_eq!(pza.default, "1 PzA");
}
