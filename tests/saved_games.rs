//! Saved games: `vmodc save dump` reads a save real VASSAL 3.7.26 wrote, and `vmodc refresh` carries
//! it over to a module rebuilt after errata, keeping every piece where the player left it.
//!
//! The fixture `tests/fixtures/saves/b4m-en-1.1.0-moved.vsav` was saved by VASSAL 3.7.26 (through
//! the vassal-check harness) from `dist/b4m-en.vmod` 1.1.0 after these moves: XXIV Panzer Corps
//! 0103 → 0305, XLI Panzer Corps flipped to its reduced side and moved 0104 → 0305, the turn
//! tracker one phase on.

use crate::common::{
    code, copy_catalogs, copy_game, patch, path, repo, show, text, vmodc, TempDir,
};
use std::path::{Path, PathBuf};
use vmodc::save::dump::{dump, Dump, Locations, PieceRow};
use vmodc::save::{Command, SavedGame, SavedPiece};

fn fixture() -> PathBuf {
    repo().join("tests/fixtures/saves/b4m-en-1.1.0-moved.vsav")
}

fn read(path: &Path) -> SavedGame {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    SavedGame::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn dumped(save: &Path, module: &Path) -> Dump {
    let bytes = std::fs::read(module).unwrap_or_else(|e| panic!("{}: {e}", module.display()));
    let locations = Locations::from_module(&bytes).expect("module reads");
    dump(&read(save), Some(&locations))
}

fn piece<'d>(dump: &'d Dump, unit: &str) -> &'d PieceRow {
    dump.pieces
        .iter()
        .find(|p| p.properties.get("UnitId").map(String::as_str) == Some(unit))
        .unwrap_or_else(|| panic!("no piece of unit {unit}"))
}

#[test]
fn dump_reads_the_save_vassal_wrote() {
    let d = dumped(&fixture(), &repo().join("dist/b4m-en.vmod"));
    assert_eq!(d.module.as_deref(), Some("Battle for Moscow"));
    assert_eq!(d.version.as_deref(), Some("1.1.0"));
    assert_eq!(d.pieces.len(), 51, "48 on the map, 3 on the turn track");
    let xxiv = piece(&d, "XXIV");
    assert_eq!(xxiv.location.as_deref(), Some("0305"));
    assert_eq!(xxiv.properties["layer Step"], "1");
    assert_eq!(xxiv.properties["Values"], "12-6");
    let xli = piece(&d, "XLI");
    assert_eq!(xli.location.as_deref(), Some("0305"));
    assert_eq!(xli.properties["layer Step"], "2", "flipped in play");
    assert_eq!(xli.properties["OldLocationName"], "0104");
    assert!(xli.stack.is_some(), "pieces on the map are in stacks");
}

#[test]
fn an_unchanged_save_writes_back_the_same_commands() {
    let save = read(&fixture());
    let again = SavedGame::read(&save.write().expect("writes")).expect("reads back");
    assert_eq!(again.commands, save.commands);
    assert_eq!(again.key, save.key, "obfuscated as VASSAL wrote it");
    assert_eq!(again.others, save.others);
}

/// The shipped B4M version and the one its errata module raises it to (raise both with B4M's).
const ERRATA_VERSIONS: (&str, &str) = ("1.4.8", "1.4.9");

/// Battle for Moscow with errata: a value, a CRT cell, a unit renamed, and the version raised.
fn errata_module(dir: &Path) -> PathBuf {
    copy_game(&repo(), "b4m", dir);
    copy_catalogs(&repo(), "b4m", dir);
    let edits = [
        ("counters/b4m.toml", "name = \"XXIV Panzer Corps\"\nside = \"german\"\ntype = \"panzer\"\nsize = \"XXX\"\nfaces = { full = \"12-6\"", "name = \"XXIV Panzer Corps\"\nside = \"german\"\ntype = \"panzer\"\nsize = \"XXX\"\nfaces = { full = \"13-6\""),
        ("counters/b4m.toml", "name = \"XLI Panzer Corps\"", "name = \"XLI Motorized Corps\""),
        ("rules/b4m.toml", "\"4\" = [\"NE\", \"EX\"", "\"4\" = [\"AL\", \"EX\""),
        ("rules/b4m.toml", &format!("version = \"{}\"", ERRATA_VERSIONS.0), &format!("version = \"{}\"", ERRATA_VERSIONS.1)),
    ];
    for (file, from, to) in edits {
        patch(dir, file, from, to).unwrap_or_else(|e| panic!("{e}"));
    }
    let out = dir.join("dist");
    let built = vmodc(&["build", "b4m", "--root", path(dir), "--out", path(&out)]);
    assert_eq!(code(&built), 0, "{}", show(&built));
    out.join("b4m-en.vmod")
}

#[test]
fn refresh_carries_a_vassal_save_over_to_the_errata_module() {
    let dir = TempDir::new("refresh");
    let module = errata_module(dir.path());
    let out = dir.path().join("refreshed.vsav");
    let run = vmodc(&[
        "refresh",
        path(&fixture()),
        "--module",
        path(&module),
        "--out",
        path(&out),
    ]);
    assert_eq!(code(&run), 0, "{}", show(&run));
    assert!(
        text(&run.stdout).contains("0 not matched"),
        "{}",
        show(&run)
    );

    let before = dumped(&fixture(), &repo().join("dist/b4m-en.vmod"));
    let after = dumped(&out, &module);
    assert_eq!(
        after.version.as_deref(),
        Some(ERRATA_VERSIONS.1),
        "the save now names the new version"
    );
    let xxiv = piece(&after, "XXIV");
    assert_eq!(xxiv.properties["Values"], "13-6", "the new printed value");
    assert_eq!(
        xxiv.location.as_deref(),
        Some("0305"),
        "where the player moved it"
    );
    let xli = piece(&after, "XLI");
    assert_eq!(xli.name, "XLI Motorized Corps");
    assert_eq!(
        xli.properties["layer Step"], "2",
        "still on its reduced side"
    );
    // Every piece keeps its id, place, stack and layer levels.
    assert_eq!(after.pieces.len(), before.pieces.len());
    for (a, b) in after.pieces.iter().zip(&before.pieces) {
        assert_eq!(
            (&a.id, &a.map, a.x, a.y, &a.stack),
            (&b.id, &b.map, b.x, b.y, &b.stack)
        );
        let levels = |p: &PieceRow| {
            p.properties
                .iter()
                .filter(|(k, _)| k.starts_with("layer "))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(levels(a), levels(b), "{}", a.name);
    }
    // Other commands (the turn tracker, global properties) are the player's, untouched.
    let others = |s: &SavedGame| {
        s.commands
            .iter()
            .filter(|c| matches!(c, Command::Other(_)))
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(others(&read(&out)), others(&read(&fixture())));
}

#[test]
fn a_piece_the_module_lacks_is_listed_and_kept() {
    let dir = TempDir::new("refresh-unmatched");
    let mut save = read(&fixture());
    let orphan = save
        .commands
        .iter_mut()
        .find_map(|c| match c {
            Command::Piece(p) if p.name() == "XXIV Panzer Corps" => Some(p),
            _ => None,
        })
        .expect("XXIV is in the save");
    let mut traits = orphan.traits.clone();
    let basic = traits.last_mut().expect("a BasicPiece");
    basic.state = basic.state.replacen(";489458;", ";999999;", 1);
    *orphan = SavedPiece::new(&orphan.id, traits);
    let input = dir.path().join("orphan.vsav");
    std::fs::write(&input, save.write().expect("writes")).expect("fixture written");

    let out = dir.path().join("out.vsav");
    let module = repo().join("dist/b4m-en.vmod");
    let run = vmodc(&[
        "refresh",
        path(&input),
        "--module",
        path(&module),
        "--out",
        path(&out),
    ]);
    assert_eq!(code(&run), 0, "{}", show(&run));
    let said = text(&run.stdout);
    assert!(said.contains("1 not matched"), "{said}");
    assert!(
        said.contains("XXIV Panzer Corps (gpid `999999`"),
        "names the piece: {said}"
    );
    let after = read(&out);
    assert_eq!(after.pieces().count(), 51, "nothing dropped");
    assert!(after.pieces().any(|p| p.gpid() == "999999"));
}

#[test]
fn what_is_not_a_saved_game_is_refused_with_help() {
    let dir = TempDir::new("refresh-bad");
    let bogus = dir.path().join("notes.vsav");
    std::fs::write(&bogus, "not a zip").expect("written");
    let run = vmodc(&["save", "dump", path(&bogus)]);
    assert_eq!(code(&run), 1, "{}", show(&run));
    let said = text(&run.stderr);
    assert!(said.contains("notes.vsav is not a saved game"), "{said}");
    assert!(said.contains("help:"), "{said}");
    let missing = vmodc(&[
        "refresh",
        path(&dir.path().join("gone.vsav")),
        "--module",
        "x.vmod",
    ]);
    assert_eq!(code(&missing), 2, "{}", show(&missing));
}

/// `tests/fixtures/saves/b4m-ja-1.2.2-moved.vsav` was saved by VASSAL 3.7.26 (through the
/// vassal-check harness) from the Japanese module of 7212b48 (`git show 7212b48:dist/b4m-ja.vmod`,
/// b4m 1.2.2), made before stable ids: its maps are named マップ and ターン記録トラック. Moves: 第3軍
/// 0301 → 0401, the turn tracker one phase on. Refreshed onto today's Japanese module, whose maps
/// are named by id (Map, Turn Track) and translated by its `Module_ja.properties`, every piece,
/// stack and board picker names the map by its id, so VASSAL finds the map of each piece.
#[test]
fn refresh_moves_an_old_japanese_save_onto_the_maps_stable_ids() {
    let old = repo().join("tests/fixtures/saves/b4m-ja-1.2.2-moved.vsav");
    let module = repo().join("dist/b4m-ja.vmod");
    let dir = TempDir::new("refresh-ja");
    let out = dir.path().join("refreshed.vsav");
    let run = vmodc(&[
        "refresh",
        path(&old),
        "--module",
        path(&module),
        "--out",
        path(&out),
    ]);
    assert_eq!(code(&run), 0, "{}", show(&run));
    assert!(
        text(&run.stdout).contains("0 not matched"),
        "{}",
        show(&run)
    );
    assert!(
        text(&run.stdout).contains("now use the module's ids"),
        "{}",
        show(&run)
    );

    let before = read(&old);
    let after = read(&out);
    let maps = ["Map", "Turn Track"];
    assert!(
        before.pieces().all(|p| p
            .location()
            .map
            .is_some_and(|m| !maps.contains(&m.as_str()))),
        "the fixture names its maps in Japanese"
    );
    assert_eq!(after.pieces().count(), before.pieces().count());
    for (a, b) in after.pieces().zip(before.pieces()) {
        let (la, lb) = (a.location(), b.location());
        assert!(
            la.map.as_deref().is_some_and(|m| maps.contains(&m)),
            "{}: on {:?}",
            a.name(),
            la.map
        );
        assert_eq!((a.id.as_str(), la.x, la.y), (b.id.as_str(), lb.x, lb.y));
        assert!(
            !a.properties()
                .iter()
                .any(|(k, v)| k == "OldMap" && !maps.contains(&v.as_str())),
            "{}: OldMap",
            a.name()
        );
    }
    assert_eq!(after.stacks().count(), before.stacks().count());
    for (a, b) in after.stacks().zip(before.stacks()) {
        assert!(a.location.map.as_deref().is_some_and(|m| maps.contains(&m)));
        assert_eq!((&a.members, a.location.x), (&b.members, b.location.x));
    }
    let pickers: Vec<String> = after
        .commands
        .iter()
        .filter_map(|c| match c {
            Command::Other(t) if t.contains("BoardPicker\t") => Some(t.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        pickers,
        [
            "MapBoardPicker\tMap\t0\t0",
            "Turn TrackBoardPicker\tTurn Track\t0\t0"
        ]
    );
    // The moved army is where the player left it, read with the module's own grid.
    let d = dumped(&out, &module);
    assert_eq!(piece(&d, "3").location.as_deref(), Some("0401"));
    // Every piece of the main map stands on a hex of the module's grid (the turn-track boxes of
    // this version stand a little lower than 1.2.2's, which VASSAL's regions still hold; the dump
    // names only a region's own point).
    let on_map: Vec<_> = d
        .pieces
        .iter()
        .filter(|p| p.map.as_deref() == Some("Map"))
        .collect();
    assert_eq!(on_map.len(), 48);
    assert!(on_map.iter().all(|p| p.location.is_some()));
}

/// The fixture with its `savedGame` entry re-encoded as VASSAL's development line first wrote it:
/// `VOBS`, the key byte, the XOR-ed bytes (VASSAL PR #15060).
fn vobs_copy(dir: &Path) -> PathBuf {
    binary_copy(dir, b"VOBS")
}

/// The fixture re-encoded with the binary encoding under `header` (`!VOBS`: VASSAL 3.8).
fn binary_copy(dir: &Path, header: &[u8]) -> PathBuf {
    let bytes = std::fs::read(fixture()).expect("fixture");
    let archive =
        vmodc::verify::read_archive(&bytes, vmodc::verify::Limits::default()).expect("zip");
    let text = vmodc::verify::read_save(&bytes).expect("the fixture decodes");
    let entries: Vec<vmodc::package::Entry> = archive
        .entries
        .into_iter()
        .map(|(name, data)| {
            let data = if name == "savedGame" {
                let mut vobs = [header, b"\xc3"].concat();
                vobs.extend(text.bytes().map(|b| b ^ 0xc3));
                vobs
            } else {
                data
            };
            vmodc::package::Entry { name, data }
        })
        .collect();
    let out = dir.join(format!("{}.vsav", String::from_utf8_lossy(header)));
    std::fs::write(&out, vmodc::package::zip_bytes(&entries).expect("zips")).expect("written");
    out
}

#[test]
fn a_vobs_save_is_read_whole_and_refreshed_into_the_encoding_vassal_3_7_reads() {
    let dir = TempDir::new("vobs");
    let vobs = vobs_copy(dir.path());
    let dump = vmodc(&["save", "dump", path(&vobs), "--format", "json"]);
    assert_eq!(code(&dump), 0, "{}", show(&dump));
    let parsed: serde_json::Value = serde_json::from_slice(&dump.stdout).expect("JSON");
    assert_eq!(parsed["pieces"].as_array().map(Vec::len), Some(51));
    assert_eq!(read(&vobs).commands, read(&fixture()).commands);

    let out = dir.path().join("refreshed.vsav");
    let run = vmodc(&[
        "refresh",
        path(&vobs),
        "--module",
        path(&repo().join("dist/b4m-en.vmod")),
        "--out",
        path(&out),
    ]);
    assert_eq!(code(&run), 0, "{}", show(&run));
    assert!(
        text(&run.stdout).contains("written as `!VCSK`"),
        "{}",
        show(&run)
    );
    let written = std::fs::read(&out).expect("written");
    let entries =
        vmodc::verify::read_archive(&written, vmodc::verify::Limits::default()).expect("zip");
    assert!(entries.entries["savedGame"].starts_with(b"!VCSK"));
    assert_eq!(read(&out).pieces().count(), 51);
}

#[test]
fn a_save_of_vassal_3_8_is_read_whole_and_refreshed_into_the_encoding_vassal_3_7_reads() {
    let dir = TempDir::new("bang-vobs");
    let save = binary_copy(dir.path(), b"!VOBS");
    let dump = vmodc(&["save", "dump", path(&save), "--format", "json"]);
    assert_eq!(code(&dump), 0, "{}", show(&dump));
    assert_eq!(read(&save).commands, read(&fixture()).commands);
    let out = dir.path().join("refreshed.vsav");
    let module = repo().join("dist/b4m-en.vmod");
    let run = vmodc(&[
        "refresh",
        path(&save),
        "--module",
        path(&module),
        "--out",
        path(&out),
    ]);
    assert_eq!(code(&run), 0, "{}", show(&run));
    assert!(
        text(&run.stdout).contains("`!VOBS` encoding, written as `!VCSK`"),
        "{}",
        show(&run)
    );
    let written = std::fs::read(&out).expect("written");
    let entries =
        vmodc::verify::read_archive(&written, vmodc::verify::Limits::default()).expect("zip");
    assert!(entries.entries["savedGame"].starts_with(b"!VCSK"));
    assert_eq!(read(&out).pieces().count(), 51);
}

/// Bytes that would drive a terminal: set the window title, ring, clear the screen (ESC and the
/// one-character CSI), return to the line's start.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{9b}2J\r";

/// Whether `bytes` hold none of [`HOSTILE`]'s control characters raw, and show each escaped.
fn shown_not_sent(bytes: &[u8]) -> bool {
    let raw = ['\u{1b}', '\u{7}', '\u{9b}', '\r'];
    let shown = text(bytes);
    !shown.chars().any(|c| raw.contains(&c))
        && shown.contains("\\u{1b}]0;pwned\\u{7}\\u{9b}2J\\u{d}")
}

#[test]
fn names_in_a_save_never_reach_the_terminal_as_control_sequences() {
    let dir = TempDir::new("hostile-names");
    let bytes = std::fs::read(fixture()).expect("fixture");
    let archive =
        vmodc::verify::read_archive(&bytes, vmodc::verify::Limits::default()).expect("zip");
    let saved = vmodc::verify::read_save(&bytes).expect("the fixture decodes");
    let entries: Vec<vmodc::package::Entry> = archive
        .entries
        .into_iter()
        .map(|(name, data)| {
            let data = match name.as_str() {
                // An ESC in a command would split it (`GameModule.decode`): a piece name holds
                // the other controls.
                "savedGame" => saved
                    .replace("XLI Panzer Corps", "XLI\u{9b}2J\u{7}\r Panzer Corps")
                    .into_bytes(),
                "moduledata" => String::from_utf8_lossy(&data)
                    .replace("Battle for Moscow", &format!("Battle{HOSTILE} for Moscow"))
                    .into_bytes(),
                _ => data,
            };
            vmodc::package::Entry { name, data }
        })
        .collect();
    let save = dir.path().join("hostile.vsav");
    std::fs::write(&save, vmodc::package::zip_bytes(&entries).expect("zips")).expect("written");
    let dump = vmodc(&["save", "dump", path(&save)]);
    assert_eq!(code(&dump), 0, "{}", show(&dump));
    let shown = text(&dump.stdout);
    let first = shown.lines().next().unwrap_or_default();
    assert!(shown_not_sent(first.as_bytes()), "{first:?}");
    assert!(
        shown.contains("XLI\\u{9b}2J\\u{7}\\u{d} Panzer Corps"),
        "{shown:?}"
    );
    assert!(
        !shown.contains(['\u{1b}', '\u{7}', '\u{9b}', '\r']),
        "{shown:?}"
    );
}

#[test]
fn a_save_that_does_not_decode_is_refused_never_read_as_empty() {
    let dir = TempDir::new("undecodable");
    let bad = dir.path().join("future.vsav");
    let zip = vmodc::package::zip_bytes(&[vmodc::package::Entry {
        name: "savedGame".into(),
        data: b"VOB2\x11\x22\x33 a later encoding".to_vec(),
    }])
    .expect("zips");
    std::fs::write(&bad, zip).expect("written");
    let dump = vmodc(&["save", "dump", path(&bad)]);
    assert_eq!(code(&dump), 1, "{}", show(&dump));
    assert!(
        text(&dump.stderr).contains("does not decode to a game"),
        "{}",
        show(&dump)
    );
    let out = dir.path().join("out.vsav");
    let run = vmodc(&[
        "refresh",
        path(&bad),
        "--module",
        path(&repo().join("dist/b4m-en.vmod")),
        "--out",
        path(&out),
    ]);
    assert_eq!(code(&run), 1, "{}", show(&run));
    assert!(!out.exists(), "nothing written");
}

#[test]
fn refresh_never_writes_over_its_input() {
    let dir = TempDir::new("refresh-in-place");
    let input = dir.path().join("game.vsav");
    std::fs::copy(fixture(), &input).expect("copied");
    let before = std::fs::read(&input).expect("reads");
    let run = vmodc(&[
        "refresh",
        path(&input),
        "--module",
        path(&repo().join("dist/b4m-en.vmod")),
        "--out",
        path(&dir.path().join(".").join("game.vsav")),
    ]);
    assert_eq!(code(&run), 2, "{}", show(&run));
    assert!(
        text(&run.stderr).contains("never writes over its input"),
        "{}",
        show(&run)
    );
    assert_eq!(
        std::fs::read(&input).expect("reads"),
        before,
        "the save is untouched"
    );
}

#[test]
fn refresh_with_an_unrelated_module_writes_nothing_unless_told() {
    let dir = TempDir::new("refresh-unrelated");
    let out = dir.path().join("out.vsav");
    let unrelated = repo().join("dist/btm2-en.vmod");
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "refresh".to_string(),
            path(&fixture()).to_string(),
            "--module".into(),
            path(&unrelated).to_string(),
            "--out".into(),
            path(&out).to_string(),
        ];
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let refused = vmodc(&args(&[]).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code(&refused), 1, "{}", show(&refused));
    let said = text(&refused.stderr);
    assert!(
        said.contains("only 0 of the save's 51 piece(s) match"),
        "{said}"
    );
    assert!(said.contains("--allow-unmatched"), "{said}");
    assert!(!out.exists(), "nothing written");

    let forced = vmodc(
        &args(&["--allow-unmatched"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert_eq!(code(&forced), 0, "{}", show(&forced));
    assert!(
        text(&forced.stdout).contains("51 not matched"),
        "{}",
        show(&forced)
    );
    assert_eq!(
        read(&out).pieces().count(),
        51,
        "every piece kept as it was"
    );
}

#[test]
fn scenario_saves_carry_savedata_and_moduledata_as_vassals_own_do() {
    let module = std::fs::read(repo().join("dist/b4m-en.vmod")).expect("module");
    let archive =
        vmodc::verify::read_archive(&module, vmodc::verify::Limits::default()).expect("zip");
    let version = vmodc::verify::module_version(&module);
    let mut saves = 0;
    for (name, data) in archive.entries.iter().filter(|(n, _)| n.ends_with(".vsav")) {
        saves += 1;
        let save =
            vmodc::verify::read_archive(data, vmodc::verify::Limits::default()).expect("a zip");
        let names: Vec<&str> = save.entries.keys().map(String::as_str).collect();
        assert_eq!(names, ["moduledata", "savedGame", "savedata"], "{name}");
        assert_eq!(
            save.entries["moduledata"], archive.entries["moduledata"],
            "a copy"
        );
        let savedata = String::from_utf8(save.entries["savedata"].clone()).expect("UTF-8");
        let root = vmodc::verify::parse_xml(&savedata).expect("XML");
        assert_eq!(root.tag, "data");
        assert_eq!(root.attr("version"), "1", "SaveMetaData.DATA_VERSION");
        let child = |tag: &str| {
            root.children
                .iter()
                .find(|c| c.tag == tag)
                .map(|c| c.text.clone())
        };
        assert_eq!(child("version"), version.clone(), "the module's version");
        assert_eq!(child("VassalVersion").as_deref(), Some("3.7.0"));
        assert!(child("dateSaved").is_some());
    }
    assert!(saves > 0, "b4m has scenario saves");
}

/// A save whose zip lists `savedGame` twice: `save dump` and `refresh` read the last copy, as
/// VASSAL does, and say so (issue 45, item 13), never silently.
#[test]
fn a_name_twice_in_a_saves_zip_is_said() {
    use std::io::Write;
    let bytes = std::fs::read(fixture()).expect("fixture");
    let saved = vmodc::verify::read_archive(&bytes, vmodc::verify::Limits::default())
        .expect("zip")
        .entries["savedGame"]
        .clone();
    // Two entries of one name, which the zip writer refuses: the first is written as
    // `savedGamX` and renamed in place (a name is outside every CRC).
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    w.start_file("savedGamX", stored).unwrap();
    w.write_all(b"!VCSK5a00 a first copy VASSAL does not read")
        .unwrap();
    w.start_file("savedGame", stored).unwrap();
    w.write_all(&saved).unwrap();
    let mut zipped = w.finish().unwrap().into_inner();
    let mut at = 0;
    while let Some(i) = zipped[at..].windows(9).position(|w| w == b"savedGamX") {
        zipped[at + i + 8] = b'e';
        at += i + 9;
    }
    let dir = TempDir::new("duplicate-entry");
    let save = dir.path().join("twice.vsav");
    std::fs::write(&save, &zipped).unwrap();
    let dump = vmodc(&["save", "dump", path(&save)]);
    assert_eq!(code(&dump), 0, "{}", show(&dump));
    assert!(
        text(&dump.stderr).contains("entry `savedGame` is in")
            && text(&dump.stderr).contains(" 2 times: VASSAL reads the last copy"),
        "{}",
        show(&dump)
    );
    assert!(text(&dump.stdout).contains("51 pieces"), "{}", show(&dump));
}
