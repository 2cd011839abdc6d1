//! Issue 17, part 3: the release history (`changes/<game>.toml`) becomes a "What's new" page in each
//! module's Help menu, in each language; `vmodc diff --format toml` writes its entries.

use crate::common::{code, path, repo, show, text, vmodc};
use crate::diff::{b4m_copy, b4m_errata, diff_b4m};
use std::path::Path;
use vmodc::diag::Sources;
use vmodc::package::Entry;

fn entry<'a>(entries: &'a [Entry], name: &str) -> &'a [u8] {
    &entries
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .data
}

/// The errata project with its history written by `vmodc diff --format toml`.
fn errata_with_history() -> crate::common::TempDir {
    let old = b4m_copy();
    let new = b4m_errata();
    let entry = diff_b4m(old.path(), new.path(), "toml");
    std::fs::create_dir_all(new.path().join("changes")).expect("changes/");
    std::fs::write(new.path().join("changes/b4m.toml"), entry).expect("write");
    new
}

fn module(root: &Path, lang: &str) -> Vec<Entry> {
    let mut sources = Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(root, "b4m", &mut sources);
    assert!(!report.has_errors(), "{}", report.diagnostics.len());
    vmodc::pipeline::compile_language(&loaded.expect("loads"), Some(lang)).expect("compiles")
}

#[test]
fn the_diff_entry_reads_back_as_the_same_changes() {
    let project = errata_with_history();
    let mut sources = Sources::default();
    let (loaded, _) = vmodc::pipeline::load_and_check(project.path(), "b4m", &mut sources);
    let game = loaded.expect("loads").game;
    let history = game.releases.expect("the history is loaded");
    let [release] = &history.releases[..] else {
        panic!("one release: {:?}", history.releases.len())
    };
    assert_eq!(release.version.as_str(), shipped_b4m_version());
    let recorded: Vec<(String, String, Option<String>, Option<String>)> = release
        .changes
        .iter()
        .map(|c| (c.area.clone(), c.what.clone(), c.old.clone(), c.new.clone()))
        .collect();
    assert_eq!(
        recorded,
        [
            (
                "crt".into(),
                "3:1 roll 6".into(),
                Some("DRL".into()),
                Some("DR".into())
            ),
            (
                "text".into(),
                "units.XLI (en)".into(),
                Some("XLI Panzer Corps".into()),
                Some("XLI Motorized Corps".into())
            ),
            (
                "unit".into(),
                "XXIV".into(),
                Some("german panzer XXX, full 12-6, reduced 6-6".into()),
                Some("german panzer XXX, full 11-6, reduced 5-6".into())
            ),
        ]
    );
}

#[test]
fn each_language_gets_its_page_in_the_help_menu() {
    let project = errata_with_history();
    let en = module(project.path(), "en");
    let ja = module(project.path(), "ja");
    let build_file = |m: &[Entry]| text(entry(m, "buildFile.xml"));
    assert!(build_file(&en).contains(
        "<VASSAL.build.module.documentation.HelpFile fileName=\"help/whats-new.html\" fileType=\"archive\" title=\"What&apos;s new\" vassalDoc=\"user\"/>"
    ));
    assert!(build_file(&ja).contains("title=\"更新情報\""));
    // VASSAL running in Japanese shows the English module's menu item in Japanese.
    let translation = text(entry(&en, "Module_ja.properties"));
    assert!(
        translation
            .contains("Documentation..HelpFile.What's\\ new.title=\\u66F4\\u65B0\\u60C5\\u5831"),
        "{translation}"
    );
    let en_page = text(entry(&en, "help/whats-new.html"));
    for expected in [
        "<h1>What&#39;s new</h1>",
        &format!("<h2>Version {}</h2>", shipped_b4m_version()),
        "<h3>Units</h3>",
        // The changed unit with its current counter, by the module's own image name.
        "<td><img src=\"unit-german-xxiv-full.png\" alt=\"XXIV\"> XXIV Panzer Corps</td><td>changed</td>",
        "<td>3:1 roll 6</td><td>changed</td><td>DRL</td><td>DR</td>",
        "<td>units.XLI</td><td>changed</td><td>XLI Panzer Corps</td><td>XLI Motorized Corps</td>",
    ] {
        assert!(en_page.contains(expected), "{expected} not in {en_page}");
    }
    let ja_page = text(entry(&ja, "help/whats-new.html"));
    let ascii = vmodc::html::escape_ascii;
    for expected in [
        format!("<h1>{}</h1>", ascii("更新情報")),
        format!("<h3>{}</h3>", ascii("ユニット")),
        format!("{}</td><td>{}</td>", ascii("第24装甲軍団"), ascii("変更")),
        // The unit's side, type and faces as the catalog names them.
        ascii("ドイツ軍 装甲 XXX, 完全戦力 11-6, 減少戦力 5-6"),
    ] {
        assert!(ja_page.contains(&expected), "{expected} not in {ja_page}");
    }
    assert!(ja_page.is_ascii(), "the page reads the same in any charset");
    // `&apos;` is not HTML 3.2: Swing's help window would show it as written.
    assert!(!en_page.contains("&apos;") && !ja_page.contains("&apos;"));
    // The English rename is a change of the English texts only.
    assert!(!ja_page.contains("XLI Motorized Corps"), "{ja_page}");
    // Read back as VASSAL does: the page and its image are found.
    for m in [&en, &ja] {
        let bytes = vmodc::package::zip_bytes(m).expect("zip");
        let report = vmodc::verify::check_module(&bytes, Path::new("b4m.vmod"));
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    }
}

#[test]
fn a_missing_help_page_or_image_is_reported() {
    let project = errata_with_history();
    let en = module(project.path(), "en");
    let codes = |entries: Vec<Entry>| -> Vec<String> {
        let bytes = vmodc::package::zip_bytes(&entries).expect("zip");
        vmodc::verify::check_module(&bytes, Path::new("b4m.vmod"))
            .diagnostics
            .iter()
            .map(|d| d.code.to_string())
            .collect()
    };
    let without_page: Vec<Entry> = en
        .iter()
        .filter(|e| e.name != "help/whats-new.html")
        .cloned()
        .collect();
    assert_eq!(codes(without_page), ["V0432"]);
    let without_image: Vec<Entry> = en
        .iter()
        .filter(|e| e.name != "images/unit-german-xxiv-full.png")
        .cloned()
        .collect();
    let found = codes(without_image);
    assert!(found.iter().any(|c| c == "V0407"), "{found:?}");
}

#[test]
fn shipped_b4m_modules_carry_their_history() {
    for (file, heading) in [
        ("dist/b4m-en.vmod", "Version 1.1.0"),
        ("dist/b4m-ja.vmod", "バージョン 1.1.0"),
    ] {
        let bytes = std::fs::read(repo().join(file)).expect(file);
        let archive = vmodc::verify::read_archive(&bytes, Default::default()).expect("zip");
        let page = text(&archive.entries["help/whats-new.html"]);
        assert!(page.contains(&vmodc::html::escape_ascii(heading)), "{file}");
        let out = vmodc(&["check", path(&repo().join(file))]);
        assert_eq!(code(&out), 0, "{}", show(&out));
        let said = text(&out.stdout) + &text(&out.stderr);
        assert!(said.contains("no problems found"), "{}", show(&out));
    }
}

/// A release's `notes` (what `vmodc diff` does not compare, such as new automation) are listed on
/// the page in each language, from the catalogs: the shipped OCS module's split and merge.
#[test]
fn release_notes_are_listed_in_each_language() {
    let open = |name: &str| {
        let bytes = std::fs::read(repo().join("dist").join(name)).expect("shipped module");
        let view = vmodc::verify::open_module(&bytes).expect("reads");
        text(&view.archive.entries["help/whats-new.html"])
    };
    let en = open("ocs-en.vmod");
    assert!(en.contains("<h2>Version 0.2.0</h2>"), "{en}");
    assert!(
        en.contains("<li>A supply dump splits 1 SP off into a new dump"),
        "{en}"
    );
    assert!(
        !en.contains("Nothing changed for players"),
        "notes are changes: {en}"
    );
    let ja = open("ocs-ja.vmod");
    let ascii = vmodc::html::escape_ascii;
    assert!(
        ja.contains(&format!(
            "<li>{}",
            ascii("補給集積所は1SPを新しい集積所に分けられ")
        )),
        "{ja}"
    );
}

/// The version of the shipped Battle for Moscow, which the errata copies keep.
fn shipped_b4m_version() -> String {
    crate::common::shipped_game("b4m")
        .rules
        .game
        .version
        .to_string()
}
