//! `vmodc check FILE.vmod --library`: what the VASSAL Module Library refuses on upload and what
//! breaks for players later, each rule on an edit of the clean module of `reader.rs`
//! (docs/diagnostics.md, V044x, cites the source of each rule).

use crate::reader::{good_build_file, module, save, summary, Entry, MODULEDATA};
use std::path::Path;
use vmodc::diag::{Report, Severity};
use vmodc::verify::{check_module_with, CheckOptions};

const LIBRARY: CheckOptions = CheckOptions { library: true };

/// The clean module's saved setup, its piece carrying the gpid of a slot.
fn setup_save() -> Vec<u8> {
    save("begin_save\u{1b}SETUP_STACK\t\u{1b}MainBoardPicker\tBoard\t0\t0\u{1b}+/7/piece;;;unit.png;Unit A/null;0;0;1;0\u{1b}end_save")
}

/// The module checked for the library, under `file_name`.
fn library(file_name: &str, build_file: &str, entries: &[Entry]) -> Report {
    let setup = setup_save();
    let mut all: Vec<Entry> = vec![("start.vsav", Some(setup.as_slice()))];
    all.extend_from_slice(entries);
    check_module_with(&module(build_file, &all), Path::new(file_name), LIBRARY)
}

/// The codes of the report's diagnostics of this severity.
fn codes(report: &Report, severity: Severity) -> Vec<&'static str> {
    report
        .diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .map(|d| d.code)
        .collect()
}

fn has(report: &Report, code: &str, severity: Severity, text: &str) -> bool {
    report
        .diagnostics
        .iter()
        .any(|d| d.code == code && d.severity == severity && d.message.contains(text))
}

#[test]
fn the_clean_module_is_ready_for_the_library() {
    let r = library("test.vmod", &good_build_file(), &[]);
    let bad: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.severity >= Severity::Warning)
        .collect();
    assert!(bad.is_empty(), "{}", summary(&r));
}

/// A module with this `moduledata`: whether the library check gives `code` is the opposite of `ok`.
fn assert_moduledata(md: &str, (code, severity): (&str, Severity), ok: bool, what: &str) {
    let r = library(
        "test.vmod",
        &good_build_file(),
        &[("moduledata", Some(md.as_bytes()))],
    );
    assert_eq!(!has(&r, code, severity, ""), ok, "{what}: {}", summary(&r));
}

/// game-library-service `check_moduledata` parses `<version>` as semver.
#[test]
fn module_version_is_strict_semver() {
    for (version, ok) in [
        ("1.0.0", true),
        ("1.0.0-beta.1", true),
        ("2.10.3+build.7", true),
        ("1.0", false),
        ("01.0.0", false),
        ("1.0.0-01", false),
        ("v1.0.0", false),
        ("", false),
    ] {
        let md = MODULEDATA.replace("<version>1.0.0", &format!("<version>{version}"));
        assert_moduledata(&md, ("V0440", Severity::Error), ok, version);
    }
}

/// The library derives the minimum VASSAL version from `<VassalVersion>` only when it is semver.
#[test]
fn vassal_version_is_a_real_version() {
    for (vv, ok) in [
        ("3.7.26", true),
        ("3.2.17", true),
        ("3.7", false),
        ("0.0", false),
        ("", false),
    ] {
        let md = MODULEDATA.replace("<VassalVersion>3.7.0", &format!("<VassalVersion>{vv}"));
        assert_moduledata(&md, ("V0441", Severity::Warning), ok, vv);
    }
}

/// game-library-service `safe_filename`: the upload's name (error), and every entry's (warning).
#[test]
fn file_names_are_safe() {
    for name in [
        "CON.vmod",
        "lpt3.vmod",
        "a?b.vmod",
        " lead.vmod",
        "trail.vmod.",
        "a..b.vmod",
    ] {
        let r = library(name, &good_build_file(), &[]);
        assert!(
            has(&r, "V0442", Severity::Error, "refused"),
            "{name}: {}",
            summary(&r)
        );
    }
    let r = library("Battle for Moscow 1.2.0.vmod", &good_build_file(), &[]);
    assert!(codes(&r, Severity::Error).is_empty(), "{}", summary(&r));
    let r = library(
        "test.vmod",
        &good_build_file(),
        &[("images/a:b.png", Some(b"x".as_slice()))],
    );
    assert!(
        has(&r, "V0442", Severity::Warning, "`images/a:b.png`"),
        "{}",
        summary(&r)
    );
}

/// `GpIdChecker.testGpId`: an empty or non-numeric gpid stops Refresh Counters.
#[test]
fn gpids_are_numeric() {
    let bf = good_build_file().replacen("gpid=\"2\"", "gpid=\"e65:0\"", 1);
    let r = library("test.vmod", &bf, &[]);
    assert!(
        has(
            &r,
            "V0443",
            Severity::Error,
            "1 piece slot with an empty or non-numeric gpid"
        ),
        "{}",
        summary(&r)
    );
    assert!(!has(
        &check_module_with(
            &module(&bf, &[]),
            Path::new("t.vmod"),
            CheckOptions::default()
        ),
        "V0443",
        Severity::Error,
        ""
    ));
}

/// A PNG header of the given size.
fn png(w: u32, h: u32) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    b.extend(w.to_be_bytes());
    b.extend(h.to_be_bytes());
    b.extend([8, 6, 0, 0, 0]);
    b
}

/// `TilingHandler`: pixels counted in a Java int, and the tiler's heap.
#[test]
fn oversized_images() {
    let cases: [(u32, u32, Option<Severity>); 3] = [
        (20_000, 20_000, None),
        (25_000, 25_000, Some(Severity::Warning)),
        (50_000, 50_000, Some(Severity::Error)),
    ];
    for (w, h, expected) in cases {
        let image = png(w, h);
        let r = library(
            "test.vmod",
            &good_build_file(),
            &[("images/map.png", Some(image.as_slice()))],
        );
        let found = r
            .diagnostics
            .iter()
            .find(|d| d.code == "V0444")
            .map(|d| d.severity);
        assert_eq!(found, expected, "{w} × {h}: {}", summary(&r));
    }
}

/// `Translation.getBundleFileName` and `PlayerRoster.setSidesFromString`.
#[test]
fn translations_are_consistent() {
    let bf = good_build_file().replace(
        "<VASSAL.build.module.BasicCommandEncoder/>",
        "<VASSAL.build.module.BasicCommandEncoder/>\n  <VASSAL.build.module.PlayerRoster><entry>North</entry><entry>South</entry></VASSAL.build.module.PlayerRoster>\n  <VASSAL.i18n.Language><VASSAL.i18n.Translation locale=\"ja,\"/><VASSAL.i18n.Translation locale=\"pl,PL\"/></VASSAL.i18n.Language>",
    );
    let two = b"PlayerRoster.sides=Kita,Minami\n".as_slice();
    let r = library(
        "test.vmod",
        &bf,
        &[
            ("Module_ja.properties", Some(two)),
            ("Module_pl_PL.properties", Some(b"".as_slice())),
        ],
    );
    assert!(
        !r.diagnostics.iter().any(|d| d.code == "V0445"),
        "{}",
        summary(&r)
    );
    let three = b"PlayerRoster.sides=Kita,Minami,Higashi\n".as_slice();
    let r = library(
        "test.vmod",
        &bf,
        &[
            ("Module_ja.properties", Some(three)),
            ("Module_de.properties", Some(b"".as_slice())),
        ],
    );
    assert!(
        has(
            &r,
            "V0445",
            Severity::Error,
            "translates 3 sides, the module has 2"
        ),
        "{}",
        summary(&r)
    );
    assert!(
        has(
            &r,
            "V0445",
            Severity::Warning,
            "`Module_pl_PL.properties`, which is not in the archive"
        ),
        "{}",
        summary(&r)
    );
    assert!(
        has(
            &r,
            "V0445",
            Severity::Warning,
            "`Module_de.properties` is no Translation's file"
        ),
        "{}",
        summary(&r)
    );
}

/// `BoardPicker.decode` drops unknown boards; `GameRefresher` cannot match unknown gpids.
#[test]
fn setups_reference_the_module() {
    let stray = save("begin_save\u{1b}SETUP_STACK\t\u{1b}MainBoardPicker\tGone/rev\t0\t0\u{1b}+/7/piece;;;unit.png;Unit A/null;0;0;99;0\u{1b}+/8/deck;x/y\u{1b}end_save");
    let r = library(
        "test.vmod",
        &good_build_file(),
        &[("start.vsav", Some(stray.as_slice()))],
    );
    assert!(
        has(&r, "V0446", Severity::Warning, "board `Gone`"),
        "{}",
        summary(&r)
    );
    assert!(
        has(
            &r,
            "V0446",
            Severity::Warning,
            "1 piece whose gpid no piece slot has (the first: `99`)"
        ),
        "{}",
        summary(&r)
    );
}

/// A baseline JPEG's start: an APP0 segment, then the frame header with the size.
fn jpeg(w: u16, h: u16) -> Vec<u8> {
    let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
    b.extend(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
    b.extend([0xFF, 0xC0, 0x00, 0x11, 0x08]);
    b.extend(h.to_be_bytes());
    b.extend(w.to_be_bytes());
    b.extend([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    b.extend(vec![0u8; 70_000]); // image data beyond the header
    b
}

/// The size of a JPEG is read from its frame header, past the segments before it (a JPEG may be up
/// to 65,535 pixels a side: more pixels than a Java int holds).
#[test]
fn jpeg_sizes_are_read() {
    let image = jpeg(60_000, 60_000);
    let r = library(
        "test.vmod",
        &good_build_file(),
        &[("images/cover.jpg", Some(image.as_slice()))],
    );
    assert!(
        has(&r, "V0444", Severity::Error, "60000 × 60000"),
        "{}",
        summary(&r)
    );
    let image = jpeg(1_000, 700);
    let r = library(
        "test.vmod",
        &good_build_file(),
        &[("images/cover.jpg", Some(image.as_slice()))],
    );
    assert!(
        !r.diagnostics.iter().any(|d| d.code == "V0444"),
        "{}",
        summary(&r)
    );
}
