//! Translators' workflow: catalogs are checked key by key, every language gets its own module whose
//! texts are in that language, and each module carries VASSAL's own translation of itself.

use crate::common;
use std::path::{Path, PathBuf};
use vmodc::diag::Sources;
use vmodc::pipeline;
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
        "i18n/interface",
        "changes",
    ] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let whole_folder = dir.contains("b4m") || dir == "i18n/interface";
            if path.is_file() && (name.starts_with("b4m") || whole_folder) {
                std::fs::copy(&path, root.join(dir).join(name)).unwrap();
            }
        }
    }
    root
}

fn check(root: &Path) -> (Sources, vmodc::diag::Report) {
    let mut sources = Sources::default();
    let (_, report) = pipeline::load_and_check(root, "b4m", &mut sources);
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
fn missing_keys_are_one_warning_per_catalog_and_update_adds_them() {
    let root = copy_b4m("missing");
    let path = root.join("i18n/b4m/ja.toml");
    let original = std::fs::read_to_string(&path).unwrap();
    let without = |text: &str, prefix: &str| {
        let line = text
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap()
            .to_string();
        text.replace(&format!("{line}\n"), "")
    };
    let text = without(&without(&original, "XXIV = "), "XLVII = ");
    std::fs::write(&path, &text).unwrap();
    let (sources, report) = check(&root);
    let missing: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "V0902")
        .collect();
    assert_eq!(missing.len(), 1, "one warning for the catalog: {missing:?}");
    let d = missing[0];
    assert!(
        d.message.contains("`ja`")
            && d.message.contains("2 keys")
            && d.message.contains("`units.XXIV`")
            && d.message.contains("`units.XLVII`"),
        "{}",
        d.message
    );
    let help = d.help.as_deref().unwrap_or("");
    assert!(help.contains("unit names"), "{help}");
    assert!(
        help.contains("vmodc i18n extract b4m ja --update"),
        "{help}"
    );
    // It points at the last key of the `[units]` section, where the missing ones go.
    let rendered = d.render(&sources);
    let last_unit = text
        .lines()
        .skip_while(|l| *l != "[units]")
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .filter(|l| l.contains(" = "))
        .last()
        .unwrap();
    assert!(
        rendered.contains("i18n/b4m/ja.toml") && rendered.contains(last_unit),
        "{rendered}"
    );

    // The command the help names adds both keys, marked, and keeps the rest of the file.
    let out = common::vmodc(&[
        "i18n",
        "extract",
        "b4m",
        "ja",
        "--update",
        "--root",
        common::path(&root),
    ]);
    assert_eq!(common::code(&out), 0, "{}", common::show(&out));
    let updated = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = updated.lines().collect();
    for (key, english) in [
        ("XXIV", "XXIV Panzer Corps"),
        ("XLVII", "XLVII Panzer Corps"),
    ] {
        let at = lines
            .iter()
            .position(|l| {
                l.starts_with(&format!("{key} = ")) && l.ends_with("# translate (unit names)")
            })
            .unwrap_or_else(|| panic!("{key} added and marked:\n{updated}"));
        // With the English text it is translated from on the line above it.
        assert_eq!(lines[at - 1], format!("# en: \"{english}\""), "{key}");
    }
    assert_eq!(
        updated.lines().count(),
        text.lines().count() + 4,
        "only the two keys are added, each with its record"
    );
    for line in text.lines() {
        assert!(updated.lines().any(|l| l == line), "kept: {line}");
    }
    let (_, report) = check(&root);
    assert!(
        !report.diagnostics.iter().any(|d| d.code == "V0902"),
        "{:?}",
        report.diagnostics
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn unused_keys_and_unknown_placeholders_point_at_their_line() {
    let root = copy_b4m("unused");
    let path = root.join("i18n/b4m/ja.toml");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\nXXIV = ", "\nXXV = ")
        // The game's own wording of an interface text, with a placeholder the text lacks.
        .replace(
            "\n[scenarios]\n",
            "\n[ui]\nreport_flip = \"{unit}{old}を裏返して{new}に（{location}）\"\n\n[scenarios]\n",
        );
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
    let (loaded, _) = pipeline::load_and_check(Path::new("."), "b4m", &mut sources);
    let loaded = loaded.unwrap();
    let ja = pipeline::compile_language(&loaded, Some("ja")).unwrap();
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
    let en = pipeline::compile_language(&loaded, Some("en")).unwrap();
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
    let (loaded, _) = pipeline::load_and_check(&root, "b4m", &mut sources);
    let skeleton = vmodc::concept::texts::game_catalog_skeleton(&loaded.unwrap().game, "de", None);
    std::fs::write(root.join("i18n/b4m/de.toml"), skeleton).unwrap();
    // The interface texts are translated once, for every game.
    let interface = vmodc::concept::texts::interface_catalog_skeleton("de", None);
    let interface = interface.replace("\nflip = \"Flip\"", "\nflip = \"Umdrehen\"");
    assert!(
        interface.contains("# en: \"Flip\"\nflip = \"Umdrehen\""),
        "{interface}"
    );
    std::fs::write(root.join("i18n/interface/de.toml"), interface).unwrap();
    let out = root.join("dist");
    let mut sources = Sources::default();
    let outcome = pipeline::build_game(
        &pipeline::Options {
            root: root.clone(),
            out: out.clone(),
            deny_warnings: true,
            cache: None,
            print: Some(vmodc::print::print_kits),
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

/// The shipped games, with their catalogs and the interface catalogs of their languages.
fn shipped() -> Vec<pipeline::Loaded> {
    let mut sources = Sources::default();
    let ids = vmodc::load::discover(Path::new(".")).unwrap();
    ids.iter()
        .map(|id| {
            let (loaded, report) = pipeline::load_and_check(Path::new("."), id, &mut sources);
            loaded.unwrap_or_else(|| panic!("{id} loads: {:?}", report.diagnostics))
        })
        .collect()
}

/// Each interface text has one definition per language: the interface catalog's (the code's
/// English default for English), or a game's own wording that differs from it. A game catalog
/// repeating the shared text is a second copy to keep in step.
#[test]
fn interface_texts_are_defined_once_per_language() {
    let english: std::collections::BTreeMap<String, String> =
        vmodc::concept::texts::interface_entries()
            .into_iter()
            .map(|e| (e.key, e.default))
            .collect();
    let mut repeated = Vec::new();
    for loaded in shipped() {
        for catalog in &loaded.catalogs {
            let interface = loaded.interface.iter().find(|c| c.code == catalog.code);
            for (key, text) in catalog.texts.iter().filter(|(k, _)| k.starts_with("ui.")) {
                let shared = match interface.and_then(|i| i.texts.get(key)) {
                    Some(t) => Some(&t.value),
                    None if catalog.code == "en" => english.get(key),
                    None => None,
                };
                if shared == Some(&text.value) {
                    repeated.push(format!(
                        "i18n/{}/{}.toml: {key}",
                        loaded.game.id, catalog.code
                    ));
                }
            }
        }
    }
    assert!(
        repeated.is_empty(),
        "repeated interface texts: {repeated:#?}"
    );
}

/// Every interface text a game uses is in the list the interface catalogs are checked and written
/// from, with the same English text and use.
#[test]
fn every_interface_text_a_game_uses_is_listed_for_the_interface_catalogs() {
    let all = vmodc::concept::texts::interface_entries();
    for loaded in shipped() {
        for e in vmodc::concept::texts::entries(&loaded.game) {
            if e.is_interface() {
                assert!(all.contains(&e), "{} is not in interface_entries()", e.key);
            }
        }
    }
    assert!(all.iter().all(|e| e.is_interface()));
}

/// A key's text comes from the game's catalog, else from the interface catalog of the language,
/// else from the default.
#[test]
fn a_game_catalog_overrides_the_interface_catalog_which_overrides_the_default() {
    let games = shipped();
    let game = |id: &str| games.iter().find(|l| l.game.id == id).unwrap();
    let ocs = game("ocs");
    let lsam = game("lsam");
    let own =
        &ocs.catalogs.iter().find(|c| c.code == "ja").unwrap().texts["ui.declaration_tooltip"];
    assert_eq!(
        ocs.texts(Some("ja")).get("ui.declaration_tooltip"),
        own.value
    );
    let shared = &lsam.interface[0].texts["ui.declaration_tooltip"];
    assert_eq!(
        lsam.texts(Some("ja")).get("ui.declaration_tooltip"),
        shared.value
    );
    assert_ne!(own.value, shared.value);
    assert_eq!(lsam.texts(Some("ja")).get("ui.flip"), "裏返す");
    assert_eq!(lsam.texts(Some("en")).get("ui.flip"), "Flip");
    assert_eq!(lsam.texts(None).get("ui.flip"), "Flip");
    // The game's texts never come from the interface catalog.
    assert_eq!(lsam.texts(Some("ja")).lang, "ja");
}

/// A game named like the interface catalogs' folder would take them for its own: it is refused.
#[test]
fn a_game_named_like_the_interface_folder_is_refused() {
    let dir = common::tiny_copy();
    let root = dir.path();
    for file in ["rules", "counters", "maps"] {
        let from = root.join(file).join("tiny.toml");
        std::fs::rename(&from, root.join(file).join("interface.toml")).unwrap();
    }
    std::fs::rename(
        root.join("scenarios/tiny"),
        root.join("scenarios/interface"),
    )
    .unwrap();
    let mut sources = Sources::default();
    let (_, report) = pipeline::load_and_check(root, "interface", &mut sources);
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "V0906")
        .unwrap_or_else(|| panic!("V0906 not reported: {:?}", report.diagnostics));
    assert!(d.message.contains("`interface`"), "{}", d.message);
    assert!(report.has_errors());
}

/// The interface catalog of a module's language is an input of the module: editing it rebuilds the
/// module, editing another language's does not.
#[test]
fn editing_the_interface_catalog_rebuilds_the_modules_of_its_language() {
    let dir = common::tiny_copy();
    let root = dir.path().to_path_buf();
    std::fs::create_dir_all(root.join("i18n/tiny")).unwrap();
    std::fs::create_dir_all(root.join("i18n/interface")).unwrap();
    let catalog = |code: &str| format!("[language]\ncode = \"{code}\"\nname = \"{code}\"\n");
    std::fs::write(root.join("i18n/tiny/de.toml"), catalog("de")).unwrap();
    let interface = root.join("i18n/interface/de.toml");
    std::fs::write(&interface, catalog("de") + "\n[ui]\nflip = \"Umdrehen\"\n").unwrap();
    std::fs::write(root.join("i18n/interface/fr.toml"), catalog("fr")).unwrap();
    let options = pipeline::Options {
        root: root.clone(),
        out: root.join("dist"),
        deny_warnings: false,
        cache: Some(root.join("cache")),
        print: None,
    };
    let build = || {
        let mut sources = Sources::default();
        let outcome = pipeline::build_game(&options, "tiny", &mut sources);
        assert_eq!(outcome.modules.len(), 1, "{:?}", outcome.report);
        let module = &outcome.modules[0];
        let xml = verify::open_module(&std::fs::read(&module.path).unwrap())
            .map(|view| String::from_utf8(view.archive.entries["buildFile.xml"].clone()).unwrap())
            .unwrap();
        (module.written, xml)
    };
    let (written, xml) = build();
    assert!(written && xml.contains("Umdrehen"));
    assert!(!build().0, "nothing changed: the module is left as it is");
    std::fs::write(
        root.join("i18n/interface/fr.toml"),
        catalog("fr") + "\n[ui]\nflip = \"Retourner\"\n",
    )
    .unwrap();
    assert!(
        !build().0,
        "another language's interface catalog is no input"
    );
    std::fs::write(&interface, catalog("de") + "\n[ui]\nflip = \"Wenden\"\n").unwrap();
    let (written, xml) = build();
    assert!(
        written && xml.contains("Wenden"),
        "the edited interface text is built"
    );
}

/// A catalog skeleton's heading names the module by its title in quotes, so a title that starts
/// with an article reads right ("Texts of the The Last Stand…" before).
#[test]
fn a_skeletons_heading_quotes_the_title() {
    let game = crate::common::shipped_game("lsam");
    let skeleton = vmodc::concept::texts::game_catalog_skeleton(&game, "de", None);
    let first = skeleton.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("# Texts of the module \"The Last Stand at Moscow\" in language `de`"),
        "{first}"
    );
}

#[test]
fn a_unit_renamed_in_the_data_is_a_stale_translation_until_recorded() {
    let root = copy_b4m("stale");
    let counters = root.join("counters/b4m.toml");
    let text = std::fs::read_to_string(&counters).unwrap();
    assert!(text.contains("name = \"XLI Panzer Corps\""));
    std::fs::write(
        &counters,
        text.replace(
            "name = \"XLI Panzer Corps\"",
            "name = \"XLI Motorised Corps\"",
        ),
    )
    .unwrap();
    let (sources, report) = check(&root);
    let stale: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "V0911")
        .collect();
    assert_eq!(stale.len(), 1, "{:?}", report.diagnostics);
    let d = stale[0];
    assert!(
        d.message.contains("`units.XLI`")
            && d.message.contains("\"XLI Panzer Corps\"")
            && d.message.contains("\"XLI Motorised Corps\""),
        "{}",
        d.message
    );
    let rendered = d.render(&sources);
    assert!(
        rendered.contains("i18n/b4m/ja.toml:") && rendered.contains("# en: \"XLI Panzer Corps\""),
        "{rendered}"
    );
    assert!(
        d.help
            .as_deref()
            .unwrap_or("")
            .contains("vmodc i18n extract b4m ja --record"),
        "{:?}",
        d.help
    );
    let status = common::vmodc(&["i18n", "status", "b4m", "--root", common::path(&root)]);
    assert!(
        common::show(&status).contains("stale:   units.XLI"),
        "{}",
        common::show(&status)
    );

    // Once the translator has checked it, --record writes the new text over the old record and
    // changes nothing else.
    let catalog = root.join("i18n/b4m/ja.toml");
    let before = std::fs::read_to_string(&catalog).unwrap();
    let out = record(&root);
    assert_eq!(common::code(&out), 0, "{}", common::show(&out));
    let after = std::fs::read_to_string(&catalog).unwrap();
    assert_eq!(
        after,
        before.replace(
            "# en: \"XLI Panzer Corps\"",
            "# en: \"XLI Motorised Corps\""
        )
    );
    let (_, report) = check(&root);
    assert!(
        !report.diagnostics.iter().any(|d| d.code == "V0911"),
        "{:?}",
        report.diagnostics
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn record_writes_the_records_a_catalog_lacks_and_a_new_skeleton_has_them_all() {
    let root = copy_b4m("record");
    let catalog = root.join("i18n/b4m/ja.toml");
    // A catalog written before records: its translations carry none, so check cannot see a
    // rename under them; status says so, and --record writes one above each translation.
    let recorded = std::fs::read_to_string(&catalog).unwrap();
    let bare: String = recorded
        .lines()
        .filter(|l| !l.starts_with("# en: "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&catalog, &bare).unwrap();
    let status = common::vmodc(&["i18n", "status", "b4m", "--root", common::path(&root)]);
    let shown = common::show(&status);
    let unrecorded = recorded.lines().filter(|l| l.starts_with("# en: ")).count();
    assert!(
        shown.contains(&format!("{unrecorded} not recording the text translated")),
        "{shown}"
    );
    let out = record(&root);
    assert_eq!(common::code(&out), 0, "{}", common::show(&out));
    assert_eq!(std::fs::read_to_string(&catalog).unwrap(), recorded);
    // A second run has nothing to write.
    let again = record(&root);
    assert!(
        common::show(&again).contains("nothing to write"),
        "{}",
        common::show(&again)
    );

    // A new language's skeleton records the English text of every entry.
    let mut sources = Sources::default();
    let (loaded, _) = pipeline::load_and_check(&root, "b4m", &mut sources);
    let skeleton = vmodc::concept::texts::game_catalog_skeleton(&loaded.unwrap().game, "de", None);
    let lines: Vec<&str> = skeleton.lines().collect();
    let entries = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains(" = ") && !l.starts_with('#'))
        .skip(2); // [language] code and name
    for (i, line) in entries {
        assert!(lines[i - 1].starts_with("# en: "), "no record above {line}");
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// `vmodc i18n extract b4m ja --record` in the project `root`.
fn record(root: &Path) -> std::process::Output {
    common::vmodc(&[
        "i18n",
        "extract",
        "b4m",
        "ja",
        "--record",
        "--root",
        common::path(root),
    ])
}
