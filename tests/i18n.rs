//! Translators' workflow: catalogs are checked key by key, every language gets its own module whose
//! texts are in that language, and each module carries VASSAL's own translation of itself.

use std::path::{Path, PathBuf};
use vmodc::build;
use vmodc::diag::Sources;
use vmodc::verify;

/// A copy of the project's B4M data in a fresh folder.
fn copy_b4m(tag: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("vmodc-i18n-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for dir in [
        "rules",
        "counters",
        "maps",
        "scenarios/b4m",
        "i18n/b4m",
        "changes",
    ] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_file() && (name.starts_with("b4m") || dir.contains("b4m")) {
                std::fs::copy(&path, root.join(dir).join(name)).unwrap();
            }
        }
    }
    root
}

fn check(root: &Path) -> (Sources, vmodc::diag::Report) {
    let mut sources = Sources::default();
    let (_, report) = build::load_and_check(root, "b4m", &mut sources);
    (sources, report)
}

#[test]
fn shipped_catalogs_are_complete() {
    let (_, report) = check(Path::new("."));
    let i18n: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("V09"))
        .collect();
    assert!(i18n.is_empty(), "{i18n:?}");
}

#[test]
fn a_missing_key_is_reported_with_its_name_and_use() {
    let root = copy_b4m("missing");
    let path = root.join("i18n/b4m/ja.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("XXIV = "))
        .unwrap()
        .to_string();
    std::fs::write(&path, text.replace(&format!("{line}\n"), "")).unwrap();
    let (sources, report) = check(&root);
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "V0902")
        .expect("missing key reported");
    assert!(
        d.message.contains("`ja`") && d.message.contains("units.XXIV"),
        "{}",
        d.message
    );
    assert!(d.help.as_deref().unwrap_or("").contains("unit names"));
    assert!(d.render(&sources).contains("i18n/b4m/ja.toml"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn unused_keys_and_unknown_placeholders_point_at_their_line() {
    let root = copy_b4m("unused");
    let path = root.join("i18n/b4m/ja.toml");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\nXXIV = ", "\nXXV = ")
        .replace("report_flip = \"{old}", "report_flip = \"{unit}{old}");
    std::fs::write(&path, &text).unwrap();
    let (sources, report) = check(&root);
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code).collect();
    let unused = report
        .diagnostics
        .iter()
        .find(|d| d.code == "V0903")
        .unwrap_or_else(|| panic!("unused key: {codes:?}"));
    assert_eq!(
        unused.location(&sources).unwrap().1,
        text.lines().position(|l| l.starts_with("XXV = ")).unwrap() + 1
    );
    assert_eq!(unused.help.as_deref(), Some("did you mean `units.XXIV`?"));
    let placeholder = report
        .diagnostics
        .iter()
        .find(|d| d.code == "V0904")
        .expect("placeholder");
    assert!(placeholder.message.contains("{unit}"));
    assert!(report.has_errors());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn each_language_module_speaks_its_language_and_carries_the_other() {
    let mut sources = Sources::default();
    let (loaded, _) = build::load_and_check(Path::new("."), "b4m", &mut sources);
    let loaded = loaded.unwrap();
    let ja = build::compile_language(&loaded, Some("ja")).unwrap();
    let zip = vmodc::package::zip_bytes(&ja).unwrap();
    let view = verify::open_module(&zip).unwrap();
    let xml = String::from_utf8(view.archive.entries["buildFile.xml"].clone()).unwrap();
    // Module name, toolbar, phases, pieces and chat reports in Japanese.
    for text in [
        "モスクワの戦い",
        "戦闘解決",
        "ドイツ軍補充フェイズ",
        "第24装甲軍団",
        "スタック制限",
        "を除去",
        "裏返す",
    ] {
        assert!(xml.contains(text), "the Japanese buildFile lacks {text}");
    }
    assert!(!xml.contains("buttonText=\"Resolve combat\""));
    // It carries an English translation for VASSAL running in English.
    let props = String::from_utf8(view.archive.entries["Module_en.properties"].clone()).unwrap();
    assert!(props.is_ascii());
    let entries = vmodc::vassal::properties::read_properties(&props).unwrap();
    assert!(entries
        .iter()
        .any(|(k, v)| k.contains("GlobalKeyCommand.") && v == "Resolve combat"));
    assert!(xml.contains("<VASSAL.i18n.Translation locale=\"en,\"/>"));

    // And the English module carries Japanese, escaped as Java reads it.
    let en = build::compile_language(&loaded, Some("en")).unwrap();
    let props = en
        .iter()
        .find(|e| e.name == "Module_ja.properties")
        .unwrap();
    let text = String::from_utf8(props.data.clone()).unwrap();
    let entries = vmodc::vassal::properties::read_properties(&text).unwrap();
    let piece = entries
        .iter()
        .find(|(k, _)| k == "Piece.XXIV Panzer Corps")
        .unwrap();
    assert_eq!(piece.1, "第24装甲軍団");
}

#[test]
fn a_third_language_from_extract_builds() {
    let root = copy_b4m("third");
    let mut sources = Sources::default();
    let (loaded, _) = build::load_and_check(&root, "b4m", &mut sources);
    let skeleton = vmodc::i18n::extract(&loaded.unwrap().game, "de", None);
    let skeleton = skeleton.replace("\"Flip\"", "\"Umdrehen\"");
    std::fs::write(root.join("i18n/b4m/de.toml"), skeleton).unwrap();
    let out = root.join("dist");
    let mut sources = Sources::default();
    let outcome = build::build_game(
        &build::Options {
            root: root.clone(),
            out: out.clone(),
            deny_warnings: true,
            cache: None,
            print: Some(vmodc::print::write_kits),
        },
        "b4m",
        &mut sources,
    );
    let names: Vec<String> = outcome
        .modules
        .iter()
        .map(|m| m.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        ["b4m-de.vmod", "b4m-en.vmod", "b4m-ja.vmod"],
        "{:?}",
        outcome.report
    );
    let de = std::fs::read(out.join("b4m-de.vmod")).unwrap();
    let view = verify::open_module(&de).unwrap();
    let xml = String::from_utf8(view.archive.entries["buildFile.xml"].clone()).unwrap();
    assert!(xml.contains("Umdrehen"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_catalog_declaring_another_language_points_at_its_code() {
    let root = copy_b4m("language");
    let path = root.join("i18n/b4m/ja.toml");
    let text =
        std::fs::read_to_string(&path)
            .unwrap()
            .replacen("code = \"ja\"", "code = \"fr\"", 1);
    std::fs::write(&path, &text).unwrap();
    let (sources, report) = check(&root);
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "V0901")
        .unwrap_or_else(|| panic!("V0901 not reported: {:?}", report.diagnostics));
    assert!(
        d.message.contains("declares language `fr`"),
        "{}",
        d.message
    );
    let (file, line, _) = d.location(&sources).unwrap();
    assert!(file.ends_with("i18n/b4m/ja.toml"), "{}", file.display());
    assert_eq!(
        line,
        text.lines().position(|l| l == "code = \"fr\"").unwrap() + 1
    );
    assert!(d.help.as_deref().unwrap_or("").contains("code = \"ja\""));
    assert!(report.has_errors());
    let _ = std::fs::remove_dir_all(&root);
}
