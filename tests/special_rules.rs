//! Issues #28 (item 5) and #32 (item 3): the rules players apply by hand (`[[special_rules]]` of the
//! rules file and the scenarios) are in every module's Help menu, as VASSAL reads a `HelpFile`, and in
//! the print-and-play kit, in the module's language.

use crate::common::pdf::{page_count, page_text};
use crate::common::{text, tiny_copy};
use std::path::Path;
use vmodc::diag::Sources;
use vmodc::html::escape_ascii;
use vmodc::package::Entry;
use vmodc::pipeline::{compile_language, languages, load_and_check, Loaded};
use vmodc::print::{print_language, PrintOptions};
use vmodc::verify::{check_module, parse_xml};

const PAGE: &str = "help/rules-in-play.html";

fn loaded(root: &Path, id: &str) -> Loaded {
    let mut sources = Sources::default();
    let (loaded, report) = load_and_check(root, id, &mut sources);
    assert!(!report.has_errors(), "{id}: {:?}", report.diagnostics);
    loaded.expect("loads")
}

fn entry<'a>(entries: &'a [Entry], name: &str) -> Option<&'a [u8]> {
    entries
        .iter()
        .find(|e| e.name == name)
        .map(|e| e.data.as_slice())
}

/// The `HelpFile`s of the buildFile's `Documentation` (the Help menu), as VASSAL's
/// `HelpFile.setAttribute` reads them: (title, fileName, fileType).
fn help_files(entries: &[Entry]) -> Vec<(String, String, String)> {
    let build_file = text(entry(entries, "buildFile.xml").expect("buildFile.xml"));
    let root = parse_xml(&build_file).expect("the buildFile parses");
    let documentation = root
        .walk()
        .into_iter()
        .find(|n| n.tag == "VASSAL.build.module.Documentation")
        .expect("a Documentation element");
    documentation
        .children
        .iter()
        .filter(|n| n.tag == "VASSAL.build.module.documentation.HelpFile")
        .map(|n| {
            (
                n.attr("title").to_string(),
                n.attr("fileName").to_string(),
                n.attr("fileType").to_string(),
            )
        })
        .collect()
}

#[test]
fn every_module_with_special_rules_lists_the_page_in_its_help_menu() {
    for (id, titles) in [
        ("b4m", ["Rules in play", "プレイ上のルール"]),
        ("btm2", ["Rules in play", "プレイ上のルール"]),
        ("lsam", ["Rules in play", "プレイ上のルール"]),
    ] {
        let loaded = loaded(Path::new("."), id);
        let langs = languages(&loaded);
        assert_eq!(langs.len(), 2, "{id}: en and ja");
        for lang in langs {
            let lang = lang.as_deref();
            let entries = compile_language(&loaded, lang).expect("compiles");
            let title = if lang == Some("ja") {
                titles[1]
            } else {
                titles[0]
            };
            // HelpFile.getContents: fileType `archive` reads fileName from the module's archive.
            let item = (title.to_string(), PAGE.to_string(), "archive".to_string());
            assert!(
                help_files(&entries).contains(&item),
                "{id} {lang:?}: {:?}",
                help_files(&entries)
            );
            let page = text(entry(&entries, PAGE).expect("the page is in the archive"));
            assert!(
                page.is_ascii(),
                "{id} {lang:?}: the page reads the same in any charset"
            );
            assert!(page.contains(&format!("<h1>{}</h1>", escape_ascii(title))));
            // The verifier reads the module as VASSAL does: a HelpFile whose page the archive
            // lacks is V0432; there is none, and no other error.
            let bytes = vmodc::package::zip_bytes(&entries).expect("zip");
            let report = check_module(&bytes, Path::new("module.vmod"));
            assert!(
                !report.has_errors(),
                "{id} {lang:?}: {:?}",
                report.diagnostics
            );
        }
    }
}

#[test]
fn the_help_menu_item_is_the_element_vassal_reads() {
    let entries = compile_language(&loaded(Path::new("."), "b4m"), Some("en")).expect("compiles");
    let build_file = text(entry(&entries, "buildFile.xml").expect("buildFile.xml"));
    // The rules come before the release history in the Help menu.
    let rules = build_file
        .find(
            "<VASSAL.build.module.documentation.HelpFile fileName=\"help/rules-in-play.html\" \
             fileType=\"archive\" title=\"Rules in play\" vassalDoc=\"user\"/>",
        )
        .expect("the rules page's HelpFile");
    let whats_new = build_file
        .find("fileName=\"help/whats-new.html\"")
        .expect("the What's new HelpFile");
    assert!(rules < whats_new);
}

#[test]
fn a_game_without_special_rules_has_no_page() {
    let project = tiny_copy();
    let entries = compile_language(&loaded(project.path(), "tiny"), None).expect("compiles");
    assert!(entry(&entries, PAGE).is_none());
    assert!(help_files(&entries).iter().all(|(_, file, _)| file != PAGE));
}

#[test]
fn the_page_lists_the_game_rules_then_each_scenarios_with_their_citations() {
    let entries = compile_language(&loaded(Path::new("."), "lsam"), Some("en")).expect("compiles");
    let page = text(entry(&entries, PAGE).expect("the page"));
    let at = |needle: &str| {
        page.find(needle)
            .unwrap_or_else(|| panic!("{needle} not in {page}"))
    };
    // Game-wide rules (rules/lsam.toml), then the scenario's own (its victory procedure).
    assert!(at("<h2>Every scenario</h2>") < at("<h3>Disrupted units</h3>"));
    assert!(at("<h3>Disrupted units</h3>") < at("<h2>Scenario: "));
    assert!(at("<h2>Scenario: ") < at("<h3>Victory procedure</h3>"));
    // Each rule with its citation; optional rules marked.
    assert!(page.contains("<h3>Disrupted units</h3>\n<p><i>Rule 4.26, 6.82, 6.85</i></p>\n<p>A unit with a Disrupted marker"));
    assert!(page.contains("<p><i>Optional rule / Rule 13.2</i></p>"));
    // Text is escaped (the apostrophe as HTML 3.2 writes it).
    assert!(page.contains("the turn&#39;s allowance"), "{page}");
}

/// The last `n` pages of a kit, as text.
fn last_pages(pdf: &[u8], n: usize) -> String {
    let count = page_count(pdf);
    (count.saturating_sub(n) + 1..=count)
        .map(|p| page_text(pdf, p))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_rules_japanese_text_is_in_the_ja_help_page_and_the_ja_kit() {
    let loaded = loaded(Path::new("."), "b4m");
    let title = "ロシア軍予備軍の再配置";
    let ja = compile_language(&loaded, Some("ja")).expect("compiles");
    let page = text(entry(&ja, PAGE).expect("the page"));
    assert!(
        page.contains(&format!("<h3>{}</h3>", escape_ascii(title))),
        "{page}"
    );
    assert!(page.contains(&escape_ascii("ヘクス0503、0608、0803（モジャイスク）")));
    assert!(page.contains(&escape_ascii("ルール T6.0")));

    let kit = print_language(&loaded, Some("ja"), &PrintOptions::default()).expect("prints");
    let printed = last_pages(&kit.pdf, 1);
    assert!(printed.contains("プレイ上のルール"), "{printed}");
    assert!(printed.contains(title), "{printed}");
    // Runs of Latin and Japanese letters are set in their own fonts and a paragraph is wrapped into
    // lines without adding a character: joined, the page holds the catalog's text whole.
    let joined = printed.replace('\n', "");
    assert!(joined.contains("ルール T6.0"), "{printed}");
    let text = "ドイツ軍プレーヤーが駒を配置した後、ロシア軍プレーヤーはヘクス0503、0608、0803（モジャイスク）にある3個の予備軍（ドイツ軍ZOCにいない軍）を一部または全部、再配置することができる。";
    assert!(joined.contains(text), "{printed}");
    let english = print_language(&loaded, Some("en"), &PrintOptions::default()).expect("prints");
    let printed = last_pages(&english.pdf, 1);
    assert!(printed.contains("Soviet reserve redeployment"), "{printed}");
    assert!(!printed.contains(title));
}

#[test]
fn lsams_procedures_read_in_the_rulebooks_japanese() {
    let ja = compile_language(&loaded(Path::new("."), "lsam"), Some("ja")).expect("compiles");
    let page = text(entry(&ja, PAGE).expect("the page"));
    for expected in [
        // 6.8.2 (seeds/002 L694), in the rulebook's words.
        "<h3>混乱ユニット</h3>",
        "移動力の数値が2分の1（端数切り上げ）になり、攻撃やオーバーランを行えない。",
        "<p><i>ルール 4.26, 6.82, 6.85</i></p>",
        // 10.1.9 (L1007).
        "登場できなかった増援ユニットは全滅したものと見なす。",
        "<h3>退却の優先順位</h3>",
        "<h3>戦闘後前進</h3>",
        "<p><i>選択ルール / ルール 13.2</i></p>",
    ] {
        // The page's own tags, around text written as ASCII character references.
        let html = escape_ascii(expected)
            .replace("&lt;", "<")
            .replace("&gt;", ">");
        assert!(page.contains(&html), "{expected}");
    }
}
