//! `vmodc translate`: the texts of any module under VASSAL's own keys, a catalog that keeps every
//! translation whose source did not change, and the module written back with only its translation
//! added (docs/translate.md).

use crate::common::{code, vmodc, TempDir};
use crate::reader::{good_build_file, module, zip};
use std::collections::BTreeMap;
use std::io::Read;
use vmodc::translate::catalog::{self, Catalog};
use vmodc::translate::{extract, write_module, Table};
use vmodc::verify::parse_xml;

fn keys_of(build_file: &str) -> BTreeMap<String, String> {
    let root = parse_xml(build_file).expect("the fixture parses");
    extract(&root, &Table::load())
        .into_iter()
        .map(|s| (s.key, s.text))
        .collect()
}

/// Keys VASSAL's own editor wrote (hurufu/zxvt-vassal-module, `Module_ru_RU.properties` and
/// `Module_pl_PL.properties`, saved by VASSAL in 2019) for components of the shapes below: the
/// module's name, a help page under Documentation, a list in the piece window, piece texts, the
/// roster's sides.
#[test]
fn keys_are_the_ones_vassal_writes() {
    let bf = r#"<VASSAL.launch.BasicModule name="Capture of the territory" version="0.3.0">
  <VASSAL.build.module.Documentation>
    <VASSAL.build.module.documentation.HelpFile fileName="help/Quick_Start" fileType="archive" title="Quick Start"/>
    <VASSAL.build.module.documentation.AboutScreen fileName="Splash.png" title="About Module"/>
  </VASSAL.build.module.Documentation>
  <VASSAL.build.module.PlayerRoster buttonText="Retire"><entry>Red</entry><entry>Gray</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow hidden="false" name="" text="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Buildings">
      <VASSAL.build.widget.PieceSlot entryName="Road" gpid="1" height="0" width="0">+/null/delete;Delete;D	piece;;;Road;Road/	null;0;0;;0</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.launch.BasicModule>"#;
    let keys = keys_of(bf);
    for (key, text) in [
        ("name", "Capture of the territory"),
        ("Documentation..HelpFile.Quick Start.title", "Quick Start"),
        (
            "Documentation..AboutScreen.About Module.title",
            "About Module",
        ),
        ("PieceWindow..ListWidget.Buildings.entryName", "Buildings"),
        ("Piece.Road", "Road"),
        ("Piece.Delete", "Delete"),
        ("PlayerRoster.sides", "Red,Gray"),
        ("PlayerRoster.buttonText", "Retire"),
        ("PieceWindow.text", "Pieces"),
    ] {
        assert_eq!(
            keys.get(key).map(String::as_str),
            Some(text),
            "{key} in {keys:#?}"
        );
    }
}

/// The prefixes of nested components (a board's grid under its map, a Layer's commands and level
/// names in a prototype inside a folder), and the texts left out: identifiers other components and
/// expressions refer to (a Global Property's name and value, a board's name), editor notes.
#[test]
fn nested_prefixes_and_what_is_left_out() {
    let bf = good_build_file().replace(
        "<VASSAL.build.module.PrototypesContainer>",
        "<VASSAL.build.module.properties.GlobalProperties>\n    <VASSAL.build.module.properties.GlobalProperty description=\"Turn of the game\" initialValue=\"1\" name=\"Turn\"/>\n  </VASSAL.build.module.properties.GlobalProperties>\n  <VASSAL.build.module.PrototypesContainer>",
    );
    let keys = keys_of(&bf);
    assert_eq!(
        keys.get("Map.Main.mapName").map(String::as_str),
        Some("Main")
    );
    // The Layer of Unit B: its increase command and its level names without their `+`.
    assert_eq!(keys.get("Piece.Flip").map(String::as_str), Some("Flip"));
    assert_eq!(keys.get("Piece.Unit B").map(String::as_str), Some("Unit B"));
    assert_eq!(keys.get("Piece.Unit A").map(String::as_str), Some("Unit A"));
    let names: Vec<&String> = keys.keys().collect();
    for absent in ["Turn", "Board", "Turn of the game"] {
        assert!(
            !keys.values().any(|v| v == absent),
            "`{absent}` must not be offered: {names:?}"
        );
    }
}

fn entry(key: &str, source: &str, translation: &str) -> catalog::Entry {
    catalog::Entry {
        key: key.into(),
        source: source.into(),
        translation: translation.into(),
        ..Default::default()
    }
}

/// A new release keeps every translation whose source is unchanged; a changed source makes the
/// translation stale (kept, not written); a text the module lost is reported as removed.
#[test]
fn merge_keeps_unchanged_translations() {
    let old = Catalog {
        language: "ja".into(),
        entries: vec![
            entry("Piece.Flip", "Flip", "裏返す"),
            entry("Map.Main.mapName", "Main", "主地図"),
            entry("Piece.Gone", "Gone", "消えた"),
        ],
        ..Default::default()
    };
    let sources = vec![
        vmodc::translate::Source {
            key: "Piece.Flip".into(),
            text: "Flip".into(),
            place: String::new(),
        },
        vmodc::translate::Source {
            key: "Map.Main.mapName".into(),
            text: "Main map".into(),
            place: String::new(),
        },
        vmodc::translate::Source {
            key: "Piece.New".into(),
            text: "New".into(),
            place: String::new(),
        },
    ];
    let (merged, summary) =
        catalog::merge(Some(&old), &sources, &BTreeMap::new(), ("ja", "M", "2"));
    assert_eq!(merged.entries[0].translation, "裏返す");
    assert!(merged.entries[0].usable());
    assert_eq!(merged.entries[1].translated_from.as_deref(), Some("Main"));
    assert!(!merged.entries[1].usable());
    assert_eq!(merged.entries[2].translation, "");
    assert_eq!(summary.stale, vec!["Map.Main.mapName".to_string()]);
    assert_eq!(summary.removed, vec!["Piece.Gone".to_string()]);
    assert_eq!((summary.translated, summary.untranslated), (1, 1));
    // Both forms read back what they wrote.
    assert_eq!(
        catalog::from_toml(&catalog::to_toml(&merged)).unwrap(),
        merged
    );
    assert_eq!(catalog::from_po(&catalog::to_po(&merged)).unwrap(), merged);
}

/// Every entry but the buildFile (given the Translation) is copied as stored; a module that has a
/// Translation for the language keeps its buildFile byte for byte.
#[test]
fn written_module_changes_only_its_translation() {
    let original = module(&good_build_file(), &[]);
    let written = write_module(&original, "ja", "Piece.Flip=x\n").unwrap();
    let mut a = zip::ZipArchive::new(std::io::Cursor::new(&original)).unwrap();
    let mut b = zip::ZipArchive::new(std::io::Cursor::new(&written)).unwrap();
    // Compressed bytes, as stored.
    let raw = |z: &mut zip::ZipArchive<std::io::Cursor<&Vec<u8>>>, i: usize| {
        let mut v = Vec::new();
        z.by_index_raw(i).unwrap().read_to_end(&mut v).unwrap();
        v
    };
    for i in 0..a.len() {
        let name = a.by_index(i).unwrap().name().unwrap().to_string();
        if name == "buildFile.xml" {
            continue;
        }
        let j = b.index_for_name(&name).unwrap();
        assert_eq!(raw(&mut a, i), raw(&mut b, j), "{name} changed");
    }
    let mut text = String::new();
    b.by_name("buildFile.xml")
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    assert_eq!(
        text.replace(
            "  <VASSAL.i18n.Language>\n    <VASSAL.i18n.Translation locale=\"ja,\"/>\n  </VASSAL.i18n.Language>\n",
            ""
        ),
        good_build_file()
    );
    let mut bundle = String::new();
    b.by_name("Module_ja.properties")
        .unwrap()
        .read_to_string(&mut bundle)
        .unwrap();
    assert_eq!(bundle, "Piece.Flip=x\n");
    // Written again: the Translation is there, the buildFile is not touched.
    let again = write_module(&written, "ja", "Piece.Flip=y\n").unwrap();
    let mut c = zip::ZipArchive::new(std::io::Cursor::new(&again)).unwrap();
    let mut text2 = String::new();
    c.by_name("buildFile.xml")
        .unwrap()
        .read_to_string(&mut text2)
        .unwrap();
    assert_eq!(text2, text);
}

/// The command: extract, translate two texts by hand, write the module; a second extraction keeps
/// both translations; the input is never overwritten; an extension is refused.
#[test]
fn translate_command_round_trip() {
    let dir = TempDir::new("translate");
    let vmod = dir.path().join("test.vmod");
    std::fs::write(&vmod, module(&good_build_file(), &[])).unwrap();
    let cat = dir.path().join("ja.toml");
    let (vmod_s, cat_s) = (vmod.to_str().unwrap(), cat.to_str().unwrap());
    let out = vmodc(&["translate", vmod_s, "--lang", "ja", "--catalog", cat_s]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&cat).unwrap();
    let text = text
        .replacen(
            "key = \"Piece.Flip\"\nsource = \"Flip\"\ntranslation = \"\"",
            "key = \"Piece.Flip\"\nsource = \"Flip\"\ntranslation = \"裏返す\"",
            1,
        )
        .replacen(
            "key = \"Map.Main.mapName\"\nsource = \"Main\"\ntranslation = \"\"",
            "key = \"Map.Main.mapName\"\nsource = \"Main\"\ntranslation = \"主地図\"",
            1,
        );
    std::fs::write(&cat, &text).unwrap();
    let po = dir.path().join("ja.po");
    let translated = dir.path().join("test-ja.vmod");
    let out = vmodc(&[
        "translate",
        vmod_s,
        "--lang",
        "ja",
        "--catalog",
        cat_s,
        "--po",
        po.to_str().unwrap(),
        "--out",
        translated.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        code(&out),
        0,
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("2 translated"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&cat).unwrap(),
        text,
        "the catalog kept as written"
    );
    let bytes = std::fs::read(&translated).unwrap();
    let mut z = zip::ZipArchive::new(std::io::Cursor::new(&bytes)).unwrap();
    let mut bundle = String::new();
    z.by_name("Module_ja.properties")
        .unwrap()
        .read_to_string(&mut bundle)
        .unwrap();
    let entries = vmodc::vassal::properties::read_properties(&bundle).unwrap();
    assert_eq!(
        entries,
        vec![
            ("Map.Main.mapName".to_string(), "主地図".to_string()),
            ("Piece.Flip".to_string(), "裏返す".to_string()),
        ]
    );
    let report = vmodc::verify::check_module(&bytes, &translated);
    assert!(!report.has_errors(), "{:?}", report.diagnostics);
    // The PO copy holds the same catalog.
    let from_po = catalog::from_po(&std::fs::read_to_string(&po).unwrap()).unwrap();
    assert_eq!(from_po, catalog::from_toml(&text).unwrap());
    // A second extraction from the translated module keeps both translations.
    let out = vmodc(&[
        "translate",
        translated.to_str().unwrap(),
        "--lang",
        "ja",
        "--catalog",
        cat_s,
    ]);
    assert_eq!(code(&out), 0);
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 translated"));
    // Never the input.
    let out = vmodc(&[
        "translate",
        vmod_s,
        "--lang",
        "ja",
        "--catalog",
        cat_s,
        "--out",
        vmod_s,
    ]);
    assert_eq!(code(&out), 2);
    // An extension is not a module.
    let ext = dir.path().join("ext.vmdx");
    std::fs::write(
        &ext,
        zip(&[
            ("extensiondata", b"<extension/>".as_slice()),
            ("buildFile.xml", b"<x/>".as_slice()),
        ]),
    )
    .unwrap();
    let out = vmodc(&[
        "translate",
        ext.to_str().unwrap(),
        "--lang",
        "ja",
        "--catalog",
        cat_s,
    ]);
    assert_eq!(code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("extension"));
}

/// A PO file as Poedit saves it: strings wrapped over several lines, a fuzzy entry with its
/// previous source, comments of its own.
#[test]
fn po_as_poedit_writes_it() {
    let po = r#"# Translators: someone
msgid ""
msgstr ""
"Language: ja\n"
"Content-Type: text/plain; charset=UTF-8\n"

#: PieceSlot `Unit A`, trait `piece;`
msgctxt "Piece.Unit A"
msgid "Unit A"
msgstr ""
"ユニット"
"A"

#. a translator's note
#: Map `Main`
#, fuzzy
#| msgid "Main"
msgctxt "Map.Main.mapName"
msgid "Main map"
msgstr "主地図"
"#;
    let c = catalog::from_po(po).expect("reads");
    assert_eq!(c.language, "ja");
    assert_eq!(c.entries.len(), 2);
    assert_eq!(c.entries[0].translation, "ユニットA");
    assert!(c.entries[0].usable());
    assert_eq!(c.entries[1].translated_from.as_deref(), Some("Main"));
    assert!(!c.entries[1].usable());
    assert!(catalog::from_po("msgid \"x\"\nmsgstr oops\n").is_err());
}

/// The four spellings of issue 45, item 1, and a link: each names the module or the catalog the run
/// reads as one of its outputs, and each is refused before anything is written (exit 2), both inputs
/// left byte for byte as they were, with a message saying which two paths are one file.
#[test]
fn translate_never_writes_over_its_module_or_its_catalog_however_spelled() {
    let dir = TempDir::new("translate-inputs");
    let good = module(&good_build_file(), &[]);
    std::fs::write(dir.path().join("good.vmod"), &good).unwrap();
    let first = crate::common::vmodc_in(
        dir.path(),
        &[
            "translate",
            "good.vmod",
            "--lang",
            "ja",
            "--catalog",
            "c.toml",
        ],
    );
    assert_eq!(code(&first), 0, "{}", crate::common::show(&first));
    let catalog = std::fs::read(dir.path().join("c.toml")).unwrap();
    std::os::unix::fs::symlink("good.vmod", dir.path().join("link.vmod")).unwrap();
    let cases: [&[&str]; 6] = [
        &["--out", "./good.vmod"],
        &["--po", "good.vmod"],
        &["--out", "c.toml"],
        &["--po", "c.toml"],
        &["--out", "link.vmod"],
        &["--po", "sub/../c.toml"],
    ];
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    for extra in cases {
        let mut args = vec![
            "translate",
            "good.vmod",
            "--lang",
            "ja",
            "--catalog",
            "c.toml",
        ];
        args.extend_from_slice(extra);
        let run = crate::common::vmodc_in(dir.path(), &args);
        let shown = crate::common::show(&run);
        assert_eq!(code(&run), 2, "{extra:?}: {shown}");
        assert!(
            crate::common::text(&run.stderr).contains("is the same file as"),
            "{extra:?}: {shown}"
        );
        assert!(run.stdout.is_empty(), "{extra:?}: nothing reported written");
        assert_eq!(
            std::fs::read(dir.path().join("good.vmod")).unwrap(),
            good,
            "{extra:?}"
        );
        assert_eq!(
            std::fs::read(dir.path().join("c.toml")).unwrap(),
            catalog,
            "{extra:?}"
        );
    }
    // The catalog given as the module is refused too, and --out and --po as one file.
    for args in [
        ["--catalog", "./good.vmod", "--po", "x.po"],
        ["--catalog", "c.toml", "--po", "both.vmod"],
    ] {
        let mut all = vec!["translate", "good.vmod", "--lang", "ja"];
        all.extend_from_slice(&args);
        if args[3] == "both.vmod" {
            all.extend_from_slice(&["--out", "./both.vmod"]);
        }
        let run = crate::common::vmodc_in(dir.path(), &all);
        assert_eq!(code(&run), 2, "{all:?}: {}", crate::common::show(&run));
        assert_eq!(std::fs::read(dir.path().join("good.vmod")).unwrap(), good);
    }
}

/// `Module_<lang>.properties` of a translated module, read back.
fn bundle_of(vmod: &std::path::Path, entry: &str) -> Vec<(String, String)> {
    let bytes = std::fs::read(vmod).unwrap();
    let archive = vmodc::verify::read_archive(&bytes, vmodc::verify::Limits::default()).unwrap();
    let text = String::from_utf8(archive.entries[entry].clone()).expect("vmodc writes ASCII");
    vmodc::vassal::properties::read_properties(&text).unwrap()
}

/// Runs `translate` on a module holding `bundle` as its `Module_de.properties`, with `--out`.
fn translate_with_bundle(name: &str, bundle: &[u8]) -> (std::process::Output, TempDir) {
    let dir = TempDir::new(name);
    let vmod = dir.path().join("in.vmod");
    let bytes = module(
        &good_build_file(),
        &[("Module_de.properties", Some(bundle))],
    );
    std::fs::write(&vmod, bytes).unwrap();
    let run = crate::common::vmodc_in(
        dir.path(),
        &[
            "translate",
            "in.vmod",
            "--lang",
            "de",
            "--catalog",
            "de.toml",
            "--out",
            "out.vmod",
        ],
    );
    (run, dir)
}

/// An ISO-8859-1 bundle (not valid UTF-8: VASSAL's `PropertyResourceBundle` reads it as
/// ISO-8859-1) keeps its own letters, in the catalog and in the module written.
#[test]
fn an_iso_8859_1_bundle_comes_out_with_its_letters() {
    let latin1 = b"# von Hand\nMap.Main.mapName=Hauptkarte M\xfcnchen\nPiece.Flip=Umdrehen \xe4\xf6\xfc\xdf\n";
    let (run, dir) = translate_with_bundle("translate-latin1", latin1);
    assert_eq!(code(&run), 0, "{}", crate::common::show(&run));
    let bundle = bundle_of(&dir.path().join("out.vmod"), "Module_de.properties");
    let value = |k: &str| {
        bundle
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(value("Map.Main.mapName"), Some("Hauptkarte München"));
    assert_eq!(value("Piece.Flip"), Some("Umdrehen äöüß"));
    let catalog = std::fs::read_to_string(dir.path().join("de.toml")).unwrap();
    assert!(catalog.contains("Hauptkarte München"), "{catalog}");
    assert!(!catalog.contains('\u{fffd}'), "{catalog}");
    // A UTF-8 bundle is read as UTF-8, not as ISO-8859-1.
    let (run, dir) = translate_with_bundle(
        "translate-utf8",
        "Map.Main.mapName=Hauptkarte München\n".as_bytes(),
    );
    assert_eq!(code(&run), 0, "{}", crate::common::show(&run));
    let bundle = bundle_of(&dir.path().join("out.vmod"), "Module_de.properties");
    assert!(bundle.contains(&("Map.Main.mapName".into(), "Hauptkarte München".into())));
}

/// One malformed `\uXXXX` line costs that line, with a warning naming it, never the bundle.
#[test]
fn a_malformed_unicode_escape_costs_its_line_with_a_warning_never_the_bundle() {
    let bundle =
        b"Map.Main.mapName=Hauptkarte\n\nBroken.key=bad \\u12G4 escape\nPiece.Flip=Umdrehen\n";
    let (run, dir) = translate_with_bundle("translate-bad-escape", bundle);
    assert_eq!(code(&run), 0, "{}", crate::common::show(&run));
    let stderr = crate::common::text(&run.stderr);
    assert!(
        stderr.contains(
            "warning: Module_de.properties in in.vmod, line 3: malformed \\uxxxx encoding"
        ),
        "{stderr}"
    );
    let bundle = bundle_of(&dir.path().join("out.vmod"), "Module_de.properties");
    let keys: Vec<&str> = bundle.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["Map.Main.mapName", "Piece.Flip"], "{bundle:?}");
}

/// A module name or version with quotes, backslashes, line breaks and control characters neither
/// breaks the PO file nor adds an entry: the header is escaped, one field a line, and every entry
/// reads back as written; msgfmt accepts the file.
#[test]
fn the_po_header_is_escaped_and_a_crafted_name_injects_nothing() {
    let crafted = "Say \"hi\" \\ then\n\"\nmsgctxt \"x\"\nmsgid \"injected\"\nmsgstr \"pwned\"\n#";
    let catalog = Catalog {
        language: "ja".into(),
        module: crafted.into(),
        module_version: "1.0\"\r\nLanguage: de".into(),
        entries: vec![entry("Piece.Flip", "Fl\u{1b}[2Jip \"it\"", "裏返す\u{7}")],
    };
    let po = catalog::to_po(&catalog);
    let back = catalog::from_po(&po).expect("the PO reads back");
    assert_eq!(back.language, "ja", "{po}");
    assert_eq!(back.entries, catalog.entries, "{po}");
    assert_eq!(
        back.module,
        crafted.replace('\n', " "),
        "the name on one line, otherwise as it was"
    );
    assert_eq!(back.module_version, "1.0\"  Language: de");
    let dir = TempDir::new("po-header");
    let file = dir.path().join("ja.po");
    std::fs::write(&file, &po).unwrap();
    match std::process::Command::new("msgfmt")
        .args(["--check", "-o", "/dev/null"])
        .arg(&file)
        .output()
    {
        Ok(out) => assert!(
            out.status.success(),
            "msgfmt refuses it: {}\n{po}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => {
            eprintln!("msgfmt not installed ({e}): the read-back above still checks the file")
        }
    }
}

/// `translate` reads its inputs within bounds and only when they are regular files: a FIFO as the
/// catalog or the module, `/dev/zero` as the catalog and a catalog over 64 MiB are each refused at
/// once (exit 2, a message naming the file), never read until memory runs out or blocked on.
#[cfg(unix)]
#[test]
fn translate_refuses_inputs_that_are_not_bounded_regular_files() {
    let dir = TempDir::new("translate-kinds");
    std::fs::write(
        dir.path().join("good.vmod"),
        module(&good_build_file(), &[]),
    )
    .unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let big = std::fs::File::create(dir.path().join("big.toml")).unwrap();
    big.set_len((64 << 20) + 1).unwrap();
    let cases: [(&str, &str, &str); 4] = [
        ("good.vmod", "fifo", "not a regular file"),
        ("good.vmod", "/dev/zero", "not a regular file"),
        ("good.vmod", "big.toml", "larger than the 64 MiB"),
        ("fifo", "c.toml", "not a regular file"),
    ];
    for (vmod, catalog, why) in cases {
        let run = crate::common::vmodc_in(
            dir.path(),
            &["translate", vmod, "--lang", "ja", "--catalog", catalog],
        );
        let shown = crate::common::show(&run);
        assert_eq!(code(&run), 2, "{vmod} {catalog}: {shown}");
        assert!(shown.contains(why), "{vmod} {catalog}: {shown}");
    }
}

/// The table's header and docs/translate.md name no path outside the repository (no absolute path;
/// a path under one of the repository's folders exists), and name the table's generator, which is
/// in the repository (`tools/vassal-i18n-table/I18nTable.java`, issue 47).
#[test]
fn the_table_names_its_generator_and_no_path_outside_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    let table = read("src/translate/vassal_i18n_3.7.26.txt");
    let header: Vec<&str> = table.lines().take_while(|l| l.starts_with('#')).collect();
    let generator = "tools/vassal-i18n-table/I18nTable.java";
    assert!(root.join(generator).is_file(), "{generator}");
    for (name, text) in [
        ("the header", header.join("\n")),
        ("the docs", read("docs/translate.md")),
    ] {
        assert!(text.contains(generator), "{name} names no {generator}");
        let path_char = |c: char| c.is_ascii_alphanumeric() || "_.-/~".contains(c);
        for word in text
            .split(|c| !path_char(c))
            .map(|w| w.trim_end_matches('.'))
        {
            let absolute = word.starts_with('~') || (word.starts_with('/') && word.len() > 1);
            let top = word.split_once('/').map_or("", |(top, _)| top);
            let ours = !top.is_empty() && top != "." && root.join(top).is_dir();
            assert!(
                !absolute && (!ours || root.join(word).exists()),
                "{name} names {word}"
            );
        }
    }
}
