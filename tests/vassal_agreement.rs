//! `vmodc check MODULE.vmod` agrees with VASSAL 3.7 on what real modules do: each behaviour of
//! VASSAL that the checks mirror (docs/diagnostics.md, "Agreement with VASSAL") has a fixture here,
//! an edit of the clean module of `reader.rs`, with excerpts of the public modules that showed it.

use crate::reader::{check, good_build_file, module, summary, Entry, MODULEDATA};
use vmodc::diag::{Report, Severity};

/// The report has no warning or error.
fn assert_clean(what: &str, report: &Report) {
    let bad: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity >= Severity::Warning)
        .collect();
    assert!(bad.is_empty(), "{what}: {}", summary(report));
}

/// The report has `code` at `severity` with `text` in its message, and no other warning or error.
fn assert_only(what: &str, report: &Report, code: &str, severity: Severity, text: &str) {
    let hit = report
        .diagnostics
        .iter()
        .any(|d| d.code == code && d.severity == severity && d.message.contains(text));
    let others = report
        .diagnostics
        .iter()
        .any(|d| d.code != code && d.severity >= Severity::Warning);
    assert!(
        hit && !others,
        "{what}: expected {code} `{text}`, got:\n{}",
        summary(report)
    );
}

/// The clean module's buildFile with one unique piece of text replaced.
fn edited(from: &str, to: &str) -> String {
    let good = good_build_file();
    assert_eq!(good.matches(from).count(), 1, "not unique: {from}");
    good.replacen(from, to, 1)
}

fn check_with(build_file: &str, entries: &[Entry]) -> Report {
    check(&module(build_file, entries))
}

/// `nonRect;` is `NonRectangular.OLD_ID`, registered in `BasicCommandEncoder`: VASSAL loads it
/// silently. Trait from hurufu/zxvt-vassal-module (buildFile, PieceSlot `Town`), shape shortened.
#[test]
fn old_non_rectangular_id_loads_silently() {
    let bf = edited(
        "+/null/prototype;Base;Side=North\tpiece;;;unit.png;Unit A/\tnull;0;0;1;0",
        "+/null/nonRect;m,-8,-8,l,-8,-7,l,8,7,l,8,-8,c\tprototype;Base;Side=North\\\tpiece;;;unit.png;Unit A/\t\\\tnull;0;0;1;0",
    );
    assert_clean("nonRect;", &check_with(&bf, &[]));
    // A trait id VASSAL does not know is still an error.
    let bf = edited(
        "+/null/prototype;Base;Side=North",
        "+/null/nonRect3;x\tprototype;Base;Side=North",
    );
    assert!(check_with(&bf, &[])
        .diagnostics
        .iter()
        .any(|d| d.code == "V0421" && d.severity == Severity::Error));
}

/// `UsePrototype` skips a prototype that does not exist and the piece plays without its traits:
/// a warning. (Cattlesquat/Almoravid: a Place Marker's piece uses `Ravage on 3 Marker`, which the
/// module lacks.)
#[test]
fn missing_prototype_is_a_warning() {
    let bf = edited(
        "prototype;Base;Side=North",
        "prototype;Ravage on 3 Marker;Side=North",
    );
    assert_only(
        "missing prototype",
        &check_with(&bf, &[]),
        "V0424",
        Severity::Warning,
        "Ravage on 3 Marker",
    );
}

/// `SetupStack.isOwningBoardActive`: a stack naming a board its map lacks is silently never placed.
#[test]
fn at_start_stack_on_a_missing_board_is_a_warning() {
    let bf = edited("owningBoard=\"Board\"", "owningBoard=\"Other\"");
    assert_only(
        "owningBoard",
        &check_with(&bf, &[]),
        "V0411",
        Severity::Warning,
        "Other",
    );
}

/// `GameModule.build` reads `buildFile` for a module made before 3.5 (hurufu/zxvt-vassal-module,
/// Fleafa/Bushido-Risen-Sun-VASSAL: `<VassalVersion>3.2.17</VassalVersion>`), `buildFile.xml` from 3.5.
#[test]
fn old_modules_read_build_file_without_extension() {
    let old = MODULEDATA.replace("3.7.0", "3.2.17");
    let good = good_build_file();
    let entries: Vec<Entry> = vec![
        ("moduledata", Some(old.as_bytes())),
        ("buildFile.xml", None),
        ("buildFile", Some(good.as_bytes())),
    ];
    assert_clean("3.2.17 with buildFile", &check_with(&good, &entries));
    // A 3.2 module that has only buildFile.xml: VASSAL finds no build file.
    let entries: Vec<Entry> = vec![("moduledata", Some(old.as_bytes()))];
    assert_only(
        "3.2.17 with buildFile.xml",
        &check_with(&good, &entries),
        "V0406",
        Severity::Error,
        "no buildFile",
    );
    // And a 3.7 module that has only buildFile.
    let entries: Vec<Entry> = vec![
        ("buildFile.xml", None),
        ("buildFile", Some(good.as_bytes())),
    ];
    assert_only(
        "3.7 with buildFile",
        &check_with(&good, &entries),
        "V0406",
        Severity::Error,
        "no buildFile.xml",
    );
}

/// Without moduledata, `ModuleMetaData.read` takes the version from an old `buildFile`'s root
/// attribute `vassalVersion` (usually absent: 0.0, so `buildFile` is read; uckelman/tld-mod), and
/// VASSAL's own version when there is no `buildFile` (tomo9878/FOF2: `buildFile.xml` is read).
/// moduledata without `VassalVersion` means VASSAL's own version too.
#[test]
fn build_file_without_moduledata() {
    let good = good_build_file();
    let broken = b"<VASSAL.build.GameModule>".as_slice();
    let entries: Vec<Entry> = vec![
        ("moduledata", None),
        ("buildFile", Some(good.as_bytes())),
        ("buildFile.xml", Some(broken)),
    ];
    assert_only(
        "old buildFile read",
        &check_with(&good, &entries),
        "V0403",
        Severity::Warning,
        "no moduledata",
    );
    let new_root = good.replacen("VassalVersion=\"3.7.0\"", "vassalVersion=\"3.6.0\"", 1);
    let entries: Vec<Entry> = vec![
        ("moduledata", None),
        ("buildFile", Some(new_root.as_bytes())),
        ("buildFile.xml", None),
    ];
    assert!(
        has_error(&check_with(&good, &entries), "V0406", "no buildFile.xml"),
        "a root vassalVersion of 3.6 selects buildFile.xml"
    );
    let no_version = MODULEDATA.replace("<VassalVersion>3.7.0</VassalVersion>", "");
    let entries: Vec<Entry> = vec![
        ("moduledata", Some(no_version.as_bytes())),
        ("buildFile", Some(good.as_bytes())),
        ("buildFile.xml", None),
    ];
    assert!(has_error(
        &check_with(&good, &entries),
        "V0406",
        "no buildFile.xml"
    ));
}

fn has_error(report: &Report, code: &str, text: &str) -> bool {
    report
        .diagnostics
        .iter()
        .any(|d| d.code == code && d.severity == Severity::Error && d.message.contains(text))
}

/// A minimal Java class file: `this` extends `superclass` (slash-separated names). A Long in the
/// constant pool takes two slots, as in real class files.
fn class_file(this: &str, superclass: &str) -> Vec<u8> {
    let utf8 = |s: &str| {
        let mut v = vec![1u8];
        v.extend((s.len() as u16).to_be_bytes());
        v.extend(s.as_bytes());
        v
    };
    let mut b = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61];
    b.extend(7u16.to_be_bytes()); // entries 1..6
    b.extend(utf8(this)); // 1
    b.extend([7, 0, 1]); // 2: class #1
    b.extend([5, 0, 0, 0, 0, 0, 0, 0, 42]); // 3 and 4: a Long
    b.extend(utf8(superclass)); // 5
    b.extend([7, 0, 5]); // 6: class #5
    b.extend([0, 0x21, 0, 2, 0, 6]); // access flags, this_class, super_class
    b.extend([0; 8]); // no interfaces, fields, methods, attributes
    b
}

/// A component class the module ships (`Builder` loads it from the archive) is a note: vmodc
/// cannot check inside it, but a subclass of a map helper is that helper (Cattlesquat/ForThePeople:
/// `<ForThePeople.FTPMover/>` extends PieceMover). A class neither VASSAL's nor in the archive is an
/// error (uckelman/tld-mod: `<wga.Refresher/>`; VASSAL: IllegalBuildException, class not found).
#[test]
fn module_classes_are_recognised() {
    let bf = edited(
        "<VASSAL.build.module.map.PieceMover/>\n    <VASSAL.build.module.map.KeyBufferer/>\n    <VASSAL.build.module.map.BoardPicker>\n      <VASSAL.build.module.map.boardPicker.Board image=\"map.png\"",
        "<ForThePeople.FTPMover/>\n    <VASSAL.build.module.map.KeyBufferer/>\n    <VASSAL.build.module.map.BoardPicker>\n      <VASSAL.build.module.map.boardPicker.Board image=\"map.png\"",
    );
    let mover = class_file(
        "ForThePeople/FTPMover",
        "VASSAL/build/module/map/PieceMover",
    );
    let entries: Vec<Entry> = vec![("ForThePeople/FTPMover.class", Some(mover.as_slice()))];
    let report = check_with(&bf, &entries);
    assert_clean("FTPMover", &report);
    assert!(
        report.diagnostics.iter().any(|d| d.code == "V0428"
            && d.severity == Severity::Note
            && d.message
                .contains("extends `VASSAL.build.module.map.PieceMover`")),
        "{}",
        summary(&report)
    );
    // The same class extending something else does not stand in for the PieceMover.
    let other = class_file("ForThePeople/FTPMover", "java/lang/Object");
    let entries: Vec<Entry> = vec![("ForThePeople/FTPMover.class", Some(other.as_slice()))];
    assert_only(
        "not a mover",
        &check_with(&bf, &entries),
        "V0409",
        Severity::Error,
        "PieceMover",
    );
    // Not shipped at all.
    let bf = edited(
        "<VASSAL.build.module.BasicCommandEncoder/>",
        "<VASSAL.build.module.BasicCommandEncoder/>\n  <wga.Refresher/>",
    );
    assert_only(
        "missing class",
        &check_with(&bf, &[]),
        "V0429",
        Severity::Error,
        "wga.Refresher",
    );
}

/// `DataArchive.getInputStream` falls back to the images in VASSAL's own jar
/// (hurufu/zxvt-vassal-module: `<AboutScreen fileName="Splash.png" .../>` without the image).
#[test]
fn images_vassal_ships_are_found() {
    for name in ["Splash.png", "moved.gif", "moved", "die.gif"] {
        let bf = edited("fileName=\"cover.jpg\"", &format!("fileName=\"{name}\""));
        assert_clean(name, &check_with(&bf, &[]));
    }
    // A name starting with `/` is a resource of VASSAL's jar: its images are known.
    let bf = edited("icon=\"/images/map.gif\"", "icon=\"/images/nomap.gif\"");
    assert_only(
        "jar resource",
        &check_with(&bf, &[]),
        "V0407",
        Severity::Error,
        "/images/nomap.gif",
    );
    let bf = edited("fileName=\"cover.jpg\"", "fileName=\"Splash2.png\"");
    assert_only(
        "not VASSAL's",
        &check_with(&bf, &[]),
        "V0407",
        Severity::Error,
        "Splash2.png",
    );
}

/// `DataArchive.getInputStream` tries the name in NFD when the NFC name is not in the archive (an
/// archive re-zipped on macOS); it never tries NFC, so an NFD name is not found under NFC.
#[test]
fn image_names_match_across_unicode_normalisation() {
    let nfc = "caf\u{e9}.png";
    let nfd = "cafe\u{301}.png";
    let bf = edited("fileName=\"cover.jpg\"", &format!("fileName=\"{nfc}\""));
    let entry = format!("images/{nfd}");
    let entries: Vec<Entry> = vec![(entry.as_str(), Some(b"png".as_slice()))];
    assert_clean("NFC name, NFD entry", &check_with(&bf, &entries));
    let bf = edited("fileName=\"cover.jpg\"", &format!("fileName=\"{nfd}\""));
    let entry = format!("images/{nfc}");
    let entries: Vec<Entry> = vec![(entry.as_str(), Some(b"png".as_slice()))];
    let report = check_with(&bf, &entries);
    assert_only(
        "NFD name, NFC entry",
        &report,
        "V0407",
        Severity::Error,
        nfd,
    );
    let help = report.diagnostics[0].help.as_deref().unwrap_or("");
    assert!(help.contains("Unicode normalisation"), "{help}");
}

/// `PredefinedSetup.launch` loads a file only when `fileName != null`: without a `file` attribute
/// the setup starts a fresh game (uckelman/tld-mod:
/// `<PredefinedSetup isMenu="false" name="Scenario #1: Mortain" useFile="true"/>`). An empty
/// `file` is looked up and fails.
#[test]
fn predefined_setup_without_file_starts_a_fresh_game() {
    let bf = edited("file=\"start.vsav\" ", "");
    assert_clean("no file", &check_with(&bf, &[]));
    let bf = edited("file=\"start.vsav\"", "file=\"\"");
    assert_only(
        "empty file",
        &check_with(&bf, &[]),
        "V0417",
        Severity::Error,
        "names file ``",
    );
}

/// Pieces without a gpid (uckelman/tld-mod, 2,070 piece slots): VASSAL loads them
/// (`GpIdChecker.testGpId`: "gpid not generated yet"); one warning with the count, not one error
/// per piece. A duplicate gpid is still an error of its own.
#[test]
fn missing_gpids_are_one_warning() {
    let bf = edited("gpid=\"1\" ", "").replacen("gpid=\"2\" ", "", 1);
    assert_only(
        "no gpids",
        &check_with(&bf, &[]),
        "V0430",
        Severity::Warning,
        "2 piece slots without a gpid",
    );
    let count = check_with(&bf, &[])
        .diagnostics
        .iter()
        .filter(|d| d.code == "V0430")
        .count();
    assert_eq!(count, 1);
}

/// `DataArchiveHTMLEditorKit` loads `<img src>` of an HtmlChart's page from `images/` while the
/// module is built, and logs "Failed to load" for a missing one (Cattlesquat/Almoravid,
/// howtoplay.html). Names with `/` are not looked up in the archive; `$…$` is filled in at run time.
#[test]
fn images_of_html_charts_are_checked() {
    let chart = "<VASSAL.build.widget.HtmlChart chartName=\"How to Play\" fileName=\"howtoplay.html\"/>\n  <VASSAL.build.module.documentation.AboutScreen";
    let bf = edited("<VASSAL.build.module.documentation.AboutScreen", chart);
    let page = b"<html><body><IMG SRC=\"unit.png\"><img width=3 src='how_mats.png'><img src=http://x.org/a.png><img src=\"d6-$result1$.png\"></body></html>";
    let entries: Vec<Entry> = vec![("howtoplay.html", Some(page.as_slice()))];
    assert_only(
        "html chart",
        &check_with(&bf, &entries),
        "V0407",
        Severity::Error,
        "how_mats.png",
    );
    let page = b"<html><img src=\"unit.png\"> <img src=\"moved.gif\"></html>";
    let entries: Vec<Entry> = vec![("howtoplay.html", Some(page.as_slice()))];
    assert_clean("html chart with its images", &check_with(&bf, &entries));
}

/// `NonRectangular` lists the image a shape was traced from among the piece's images
/// (Cattlesquat/FlashpointSouthChinaSea: `nonRect2;0.75;nBlockMask.png,m,-49,-38,…`): VASSAL reports
/// it missing when it gathers the module's images, but draws the stored shape. A warning.
#[test]
fn shape_images_are_a_warning() {
    let bf = edited(
        "+/null/prototype;Base;Side=North\tpiece;;;unit.png;Unit A/\tnull;0;0;1;0",
        "+/null/nonRect2;0.75;nBlockMask.png,m,-8,-8,l,8,-8,l,8,8,c\tprototype;Base;Side=North\\\tpiece;;;unit.png;Unit A/\t\\\tnull;0;0;1;0",
    );
    assert_only(
        "nonRect2",
        &check_with(&bf, &[]),
        "V0407",
        Severity::Warning,
        "BlockMask.png",
    );
    let entries: Vec<Entry> = vec![("images/BlockMask.png", Some(b"png".as_slice()))];
    assert_clean("nonRect2 with its image", &check_with(&bf, &entries));
    // The newer path syntax names the image after `N`.
    let bf = edited(
        "+/null/prototype;Base;Side=North",
        "+/null/nonRect;dM 0 0 L 4 0 Z N Trace.png\tprototype;Base;Side=North",
    );
    let bf = bf.replace(
        "piece;;;unit.png;Unit A/\tnull;0;0;1;0",
        "piece;;;unit.png;Unit A/\t\tnull;0;0;1;0",
    );
    assert!(check_with(&bf, &[])
        .diagnostics
        .iter()
        .any(|d| d.code == "V0407" && d.message.contains("`Trace.png`")));
}

/// A class in the default package is a class too (danj3000/BBVassal: `<BBCounterFactory/>`, which
/// VASSAL fails to load); lower-case tags without a package are a component's data.
#[test]
fn classes_in_the_default_package_are_classes() {
    let bf = edited(
        "<VASSAL.build.module.BasicCommandEncoder/>",
        "<VASSAL.build.module.BasicCommandEncoder/>\n  <BBCounterFactory/>\n  <option name=\"x\">y</option>",
    );
    assert_only(
        "BBCounterFactory",
        &check_with(&bf, &[]),
        "V0429",
        Severity::Error,
        "`BBCounterFactory`",
    );
}

/// Layers of version 0 are converted on load (`Embellishment.mySetType`): one note for all of them
/// (uckelman/tld-mod has 990), not a warning each.
#[test]
fn legacy_layers_are_one_note() {
    let bf = edited(";1;1;true;;70,130;", ";1;0;true;;70,130;");
    let bf = bf.replace(
        "+/null/mark;Side\tpiece;;;;/North\tnull;0;0;;0",
        "+/null/emb2;;130;;Flip;130;;;130;;;;1;false;0;0;unit.png;;true;Step;;;false;;1;0;true;;70,130;;Faces;1.0;;true\tpiece;;;;/1\tnull;0;0;;0",
    );
    let report = check_with(&bf, &[]);
    assert_clean("legacy layers", &report);
    let notes: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "V0422")
        .collect();
    assert_eq!(notes.len(), 1, "{}", summary(&report));
    assert!(
        notes[0].message.contains("2 Layers have version 0"),
        "{}",
        notes[0].message
    );
}

/// A trait VASSAL does not know is the business of the module's own command encoder when it has
/// one (daishi1/IK_module: `<cxio.malnorma.MalnormaFactory/>` extends BasicCommandEncoder and
/// decodes `cxio.malnorma.AreaOfEffectMal;`): a note, as vmodc cannot check inside it.
#[test]
fn the_module_command_encoder_may_define_traits() {
    let bf = edited(
        "<VASSAL.build.module.BasicCommandEncoder/>",
        "<cxio.malnorma.MalnormaFactory/>",
    )
    .replace(
        "+/null/mark;Side",
        "+/null/cxio.malnorma.AreaOfEffectMal;Side",
    );
    let factory = class_file(
        "cxio/malnorma/MalnormaFactory",
        "VASSAL/build/module/BasicCommandEncoder",
    );
    let entries: Vec<Entry> = vec![(
        "cxio/malnorma/MalnormaFactory.class",
        Some(factory.as_slice()),
    )];
    let report = check_with(&bf, &entries);
    assert_clean("custom encoder", &report);
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code == "V0421" && d.severity == Severity::Note),
        "{}",
        summary(&report)
    );
}

/// `MetaDataFactory.buildMetaData`: an archive with `extensiondata` is an extension, not a module
/// (marangonico/asl_pbs).
#[test]
fn an_extension_is_not_a_module() {
    let entries: Vec<Entry> = vec![("extensiondata", Some(b"<data/>".as_slice()))];
    assert_only(
        "extension",
        &check_with(&good_build_file(), &entries),
        "V0406",
        Severity::Error,
        "module extension",
    );
}

/// VASSAL's SVG renderer (Batik, SVG 1.1) requires `xlink:href` on `<image>`
/// (Cattlesquat/imperialstruggle's `DiplomacyMask.svg` has `href`; `SVGRenderer` logs the
/// TranscoderException): an error for an image a component or piece draws, a warning for a shape's
/// image, which VASSAL renders only when it gathers the module's images.
#[test]
fn svg_images_without_xlink_href() {
    let bad = br#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image width="9" height="9" href="data:image/png;base64,AAAA"/></svg>"#;
    let good = br#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image width="9" height="9" xlink:href="data:image/png;base64,AAAA"/></svg>"#;
    let bf = edited("fileName=\"cover.jpg\"", "fileName=\"mask.svg\"");
    let entries: Vec<Entry> = vec![("images/mask.svg", Some(bad.as_slice()))];
    assert_only(
        "href",
        &check_with(&bf, &entries),
        "V0431",
        Severity::Error,
        "mask.svg",
    );
    let entries: Vec<Entry> = vec![("images/mask.svg", Some(good.as_slice()))];
    assert_clean("xlink:href", &check_with(&bf, &entries));
    let bf = edited(
        "+/null/prototype;Base;Side=North\tpiece;;;unit.png;Unit A/\tnull;0;0;1;0",
        "+/null/nonRect2;1.0;nmask.svg,m,-8,-8,l,8,-8,l,8,8,c\tprototype;Base;Side=North\\\tpiece;;;unit.png;Unit A/\t\\\tnull;0;0;1;0",
    );
    let entries: Vec<Entry> = vec![("images/mask.svg", Some(bad.as_slice()))];
    assert_only(
        "shape",
        &check_with(&bf, &entries),
        "V0431",
        Severity::Warning,
        "mask.svg",
    );
}

/// Write a fixture module where `VMODC_AGREEMENT_OUT` names a folder, to load it in real VASSAL
/// (docs/diagnostics.md, "Agreement with VASSAL": what VASSAL 3.7.26 printed for each).
fn keep_for_vassal(name: &str, bytes: &[u8]) {
    if let Some(dir) = std::env::var_os("VMODC_AGREEMENT_OUT") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("create the fixture folder");
        std::fs::write(dir.join(format!("{name}.vmod")), bytes).expect("write the fixture");
    }
}

/// `Embellishment.mySetState` reads the level from the state's first field only (`nextInt(-1)`):
/// `1;1;1;false` is level 1, drawn. A first field of 0 is still a Layer that is never drawn.
#[test]
fn layer_state_is_read_from_its_first_field() {
    let bf = edited("Unit B/1\t", "Unit B/1;1;1;false\t");
    let bytes = module(&bf, &[]);
    keep_for_vassal("layer-state-fields", &bytes);
    assert_clean("level 1 with more fields", &check(&bytes));
    let bf = edited("Unit B/1\t", "Unit B/0;1;1;false\t");
    assert_only(
        "level 0 with more fields",
        &check_with(&bf, &[]),
        "V0423",
        Severity::Error,
        "always-active",
    );
}

/// A LOS Thread's persistent icon is read only by `LOS_Thread.setPersisting`, which runs only for
/// a thread that can persist: with persistence "Never" the image is never loaded.
#[test]
fn persistent_icon_of_a_thread_that_never_persists() {
    let thread = |persistence: &str| {
        edited(
            "<VASSAL.build.module.map.BoardPicker>\n      <VASSAL.build.module.map.boardPicker.Board image=\"map.png\"",
            &format!("<VASSAL.build.module.map.LOS_Thread hotkey=\"\" iconName=\"\" label=\"LOS\" persistence=\"{persistence}\" persistentIconName=\"los-on.png\" tooltip=\"LOS\"/>\n    <VASSAL.build.module.map.BoardPicker>\n      <VASSAL.build.module.map.boardPicker.Board image=\"map.png\""),
        )
    };
    let bytes = module(&thread("Never"), &[]);
    keep_for_vassal("los-never-persists", &bytes);
    assert_clean("persistence Never", &check(&bytes));
    let bytes = module(&thread("Always"), &[]);
    keep_for_vassal("los-always-persists", &bytes);
    assert_only(
        "persistence Always",
        &check(&bytes),
        "V0407",
        Severity::Error,
        "los-on.png",
    );
}

/// `GameModule.build` runs the module's validators and logs their warnings: two Global Properties
/// of one name in one container (`UniquelyNamedChildren`), and two Game Piece Layers settings in one
/// map (`RecursiveSingleChildInstance`: `LayeredPieceCollection.isUnique`).
#[test]
fn children_vassal_requires_unique() {
    let properties = |second: &str| {
        edited(
            "<VASSAL.build.module.PrototypesContainer>",
            &format!("<VASSAL.build.module.properties.GlobalProperties>\n    <VASSAL.build.module.properties.GlobalProperty description=\"\" initialValue=\"1\" isNumeric=\"false\" max=\"\" min=\"\" name=\"Turn\" wrap=\"false\"/>\n    <VASSAL.build.module.folder.GlobalPropertyFolder name=\"More\">\n      <VASSAL.build.module.properties.GlobalProperty description=\"\" initialValue=\"2\" isNumeric=\"false\" max=\"\" min=\"\" name=\"{second}\" wrap=\"false\"/>\n    </VASSAL.build.module.folder.GlobalPropertyFolder>\n  </VASSAL.build.module.properties.GlobalProperties>\n  <VASSAL.build.module.PrototypesContainer>"),
        )
    };
    assert_clean("distinct names", &check_with(&properties("Phase"), &[]));
    let bytes = module(&properties("Turn"), &[]);
    keep_for_vassal("duplicate-global-property", &bytes);
    assert_only(
        "two properties named Turn",
        &check(&bytes),
        "V0481",
        Severity::Warning,
        "more than one GlobalProperty named `Turn`",
    );
    let layers =
        "<VASSAL.build.module.map.LayeredPieceCollection layerOrder=\"Units\" property=\"Layer\"/>";
    let one = edited(
        "<VASSAL.build.module.map.BoardPicker>\n      <VASSAL.build.module.map.boardPicker.Board image=\"map.png\"",
        &format!("{layers}\n    <VASSAL.build.module.map.BoardPicker>\n      <VASSAL.build.module.map.boardPicker.Board image=\"map.png\""),
    );
    assert_clean("one layers setting", &check_with(&one, &[]));
    let two = one.replacen(layers, &format!("{layers}\n    {layers}"), 1);
    let bytes = module(&two, &[]);
    keep_for_vassal("two-piece-layers", &bytes);
    assert_only(
        "two layers settings",
        &check(&bytes),
        "V0480",
        Severity::Warning,
        "Map `Main` holds 2 LayeredPieceCollection",
    );
}

/// A class file whose constant pool also names `used` (slash-separated), as code that uses a
/// class does.
fn class_file_using(this: &str, superclass: &str, used: &str) -> Vec<u8> {
    let utf8 = |s: &str| {
        let mut v = vec![1u8];
        v.extend((s.len() as u16).to_be_bytes());
        v.extend(s.as_bytes());
        v
    };
    let mut b = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61];
    b.extend(7u16.to_be_bytes()); // entries 1..6
    b.extend(utf8(this)); // 1
    b.extend([7, 0, 1]); // 2: class #1
    b.extend(utf8(superclass)); // 3
    b.extend([7, 0, 3]); // 4: class #3
    b.extend(utf8(used)); // 5
    b.extend([7, 0, 5]); // 6: class #5
    b.extend([0, 0x21, 0, 2, 0, 4]); // access flags, this_class, super_class
    b.extend([0; 8]); // no interfaces, fields, methods, attributes
    b
}

/// A module class that extends a VASSAL class 3.7.26 lacks cannot be defined, so VASSAL cannot
/// build its component (the issue's module: `VASSAL.chat.node.NodeServerInfo`); one that only
/// names such a class fails when that code runs. Read from the class files' constant pools,
/// following the module's own classes a component class names.
#[test]
fn module_classes_using_vassal_classes_3_7_lacks() {
    let bf = edited(
        "<VASSAL.build.module.BasicCommandEncoder/>",
        "<VASSAL.build.module.BasicCommandEncoder/>\n  <mod.Server/>",
    );
    let server = class_file("mod/Server", "VASSAL/chat/node/NodeServerInfo");
    let entries: Vec<Entry> = vec![("mod/Server.class", Some(server.as_slice()))];
    let bytes = module(&bf, &entries);
    keep_for_vassal("class-extends-missing", &bytes);
    assert!(
        has_error(
            &check(&bytes),
            "V0482",
            "`mod.Server` extends `VASSAL.chat.node.NodeServerInfo`"
        ),
        "{}",
        summary(&check(&bytes))
    );
    // Extends a class of the archive that uses the missing class: a warning on that class.
    let server = class_file_using(
        "mod/Server",
        "mod/Base",
        "[[LVASSAL/chat/node/NodeServerInfo;",
    );
    let base = class_file("mod/Base", "VASSAL/build/module/documentation/AboutScreen");
    let entries: Vec<Entry> = vec![
        ("mod/Server.class", Some(server.as_slice())),
        ("mod/Base.class", Some(base.as_slice())),
    ];
    assert_only(
        "uses a missing class",
        &check_with(&bf, &entries),
        "V0482",
        Severity::Warning,
        "`mod.Server` uses `VASSAL.chat.node.NodeServerInfo`",
    );
    // A nested class of a class 3.7.26 has, and a class it has, are fine.
    let server = class_file_using(
        "mod/Server",
        "VASSAL/build/module/documentation/AboutScreen",
        "VASSAL/build/module/Map$Merger",
    );
    let entries: Vec<Entry> = vec![("mod/Server.class", Some(server.as_slice()))];
    let report = check_with(&bf, &entries);
    assert!(
        !report.diagnostics.iter().any(|d| d.code == "V0482"),
        "{}",
        summary(&report)
    );
}

/// `ScaledImagePainter.setImageName` loads nothing for a blank name (`imageName.isBlank()`): a
/// Layer whose first level's image is a space draws nothing there and never looks it up. A name
/// that is not blank is still looked up.
#[test]
fn a_blank_image_name_is_no_image() {
    for blank in [" ", "  ", "\u{3000}"] {
        let bf = edited("unit.png,marker;", &format!("{blank},marker;"));
        assert_clean(&format!("{blank:?}"), &check_with(&bf, &[]));
    }
    let bf = edited("unit.png,marker;", "nothere.png,marker;");
    assert_only(
        "a name",
        &check_with(&bf, &[]),
        "V0407",
        Severity::Error,
        "nothere.png",
    );
}

/// `PlayerRoster.build` skips `buttonIcon="Retire"` when the archive has no image of that name:
/// old versions of VASSAL wrote it with no image behind it. Another missing icon is still one.
#[test]
fn a_player_rosters_retire_icon_of_old_is_skipped() {
    let roster = |icon: &str| {
        edited(
            "  <VASSAL.build.module.documentation.AboutScreen",
            &format!("  <VASSAL.build.module.PlayerRoster buttonIcon=\"{icon}\" buttonText=\"Retire\"><entry>North</entry></VASSAL.build.module.PlayerRoster>\n  <VASSAL.build.module.documentation.AboutScreen"),
        )
    };
    assert_clean("Retire", &check_with(&roster("Retire"), &[]));
    assert_only(
        "another icon",
        &check_with(&roster("Retired.png"), &[]),
        "V0407",
        Severity::Error,
        "Retired.png",
    );
}
