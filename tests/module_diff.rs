//! `vmodc diff A.vmod B.vmod`: two module files compared, whoever built them. A copy of a shipped
//! module with one piece's image and one trait value edited in its buildFile reports exactly those
//! two changes, in each output format; a module compared with itself reports none.

use crate::common::{code, path, repo, show, text, vmodc, TempDir};
use std::path::{Path, PathBuf};
use vmodc::package::{zip_bytes, Entry};
use vmodc::verify::{read_archive, Limits};

/// The slot edited: XXIV Panzer Corps' first PieceSlot in the buildFile.
const SLOT: &str = "entryName=\"XXIV Panzer Corps\" gpid=\"489458\"";

/// A copy of `module` whose buildFile went through `edit`.
fn edited(module: &Path, dir: &Path, edit: impl Fn(&str) -> String) -> PathBuf {
    let bytes = std::fs::read(module).unwrap_or_else(|e| panic!("{}: {e}", module.display()));
    let archive = read_archive(&bytes, Limits::default()).expect("the module reads");
    let entries: Vec<Entry> = archive
        .entries
        .into_iter()
        .map(|(name, data)| {
            let data = if name == "buildFile.xml" {
                edit(&String::from_utf8(data).expect("UTF-8")).into_bytes()
            } else {
                data
            };
            Entry { name, data }
        })
        .collect();
    let out = dir.join("edited.vmod");
    std::fs::write(&out, zip_bytes(&entries).expect("zips")).expect("written");
    out
}

/// XXIV's full face shows XLI's image, and its printed values read 13-6, in one slot only.
fn errata(build_file: &str) -> String {
    let start = build_file.find(SLOT).expect("XXIV's slot");
    let end = start + build_file[start..].find("</").expect("the slot ends");
    let slot = &build_file[start..end];
    assert!(slot.contains("unit-german-xxiv-full.png"), "{slot}");
    let changed = slot
        .replacen("unit-german-xxiv-full.png", "unit-german-xli-full.png", 1)
        .replacen("panzer,panzer,XXIV,12-6", "panzer,panzer,XXIV,13-6", 1);
    assert_ne!(slot, changed);
    format!("{}{changed}{}", &build_file[..start], &build_file[end..])
}

fn b4m() -> PathBuf {
    repo().join("dist/b4m-en.vmod")
}

const WHAT: &str = "XXIV Panzer Corps (gpid 489458) in at-start Map/XXIV Panzer Corps";

#[test]
fn one_image_and_one_value_changed_are_the_two_changes_reported() {
    let dir = TempDir::new("module-diff");
    let new = edited(&b4m(), dir.path(), errata);
    let run = vmodc(&["diff", path(&b4m()), path(&new)]);
    assert_eq!(code(&run), 0, "{}", show(&run));
    let expected = format!(
        "{} → {}: 2 change(s)\n\
         \x20 piece {WHAT}: Layer \"Step\" level 1 image: unit-german-xxiv-full.png → unit-german-xli-full.png\n\
         \x20 piece {WHAT}: Marker \"Type,Branch,UnitId,Values\" value: panzer,panzer,XXIV,12-6 → panzer,panzer,XXIV,13-6\n",
        path(&b4m()),
        path(&new)
    );
    assert_eq!(text(&run.stdout), expected);

    let json = vmodc(&["diff", path(&b4m()), path(&new), "--format", "json"]);
    assert_eq!(code(&json), 0, "{}", show(&json));
    let parsed: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(
        parsed,
        serde_json::json!([
            {"area": "piece", "what": format!("{WHAT}: Layer \"Step\" level 1 image"),
             "old": "unit-german-xxiv-full.png", "new": "unit-german-xli-full.png"},
            {"area": "piece", "what": format!("{WHAT}: Marker \"Type,Branch,UnitId,Values\" value"),
             "old": "panzer,panzer,XXIV,12-6", "new": "panzer,panzer,XXIV,13-6"},
        ])
    );
}

#[test]
fn the_page_draws_the_changed_piece_before_and_after_from_the_modules_images() {
    let dir = TempDir::new("module-diff-html");
    let new = edited(&b4m(), dir.path(), errata);
    let run = vmodc(&["diff", path(&b4m()), path(&new), "--format", "html"]);
    assert_eq!(code(&run), 0, "{}", show(&run));
    let page = text(&run.stdout);
    let archive = read_archive(&std::fs::read(b4m()).expect("reads"), Limits::default())
        .expect("the module reads");
    let uri = |name: &str| vmodc::html::png_data_uri(&archive.entries[&format!("images/{name}")]);
    // The changed face: XXIV's own image before, XLI's after, on one marked row.
    let row = page
        .lines()
        .find(|l| l.starts_with("<tr class=\"changed\">") && l.contains("level 1"))
        .unwrap_or_else(|| panic!("no changed row:\n{page}"));
    let before = row.find(&uri("unit-german-xxiv-full.png")).expect("before");
    let after = row.find(&uri("unit-german-xli-full.png")).expect("after");
    assert!(before < after, "before, then after");
    // The reduced face did not change: drawn on both sides, not marked.
    let reduced = uri("unit-german-xxiv-reduced.png");
    let same = page
        .lines()
        .find(|l| l.contains("level 2") && l.contains(WHAT))
        .expect("the reduced face");
    assert!(!same.contains("class=\"changed\""), "{same}");
    assert_eq!(same.matches(&reduced).count(), 2);
    assert_eq!(page.matches("data-area=\"piece\"").count(), 1, "one table");
}

#[test]
fn a_module_compared_with_itself_has_no_change() {
    for module in ["dist/b4m-en.vmod", "dist/btm2-ja.vmod"] {
        let m = repo().join(module);
        let run = vmodc(&["diff", path(&m), path(&m), "--format", "json"]);
        assert_eq!(code(&run), 0, "{}", show(&run));
        assert_eq!(text(&run.stdout).trim(), "[]", "{module}");
    }
}

#[test]
fn two_games_differ_in_every_area_and_nothing_fails() {
    let run = vmodc(&[
        "diff",
        path(&repo().join("dist/b4m-en.vmod")),
        path(&repo().join("dist/b4m-ja.vmod")),
        "--format",
        "json",
    ]);
    assert_eq!(code(&run), 0, "{}", show(&run));
    let parsed: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON");
    let areas: std::collections::BTreeSet<&str> = parsed
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|c| c["area"].as_str())
        .collect();
    // The Japanese module names its pieces, maps, charts and help in Japanese and carries its own
    // translation bundle; the game and its version are the same.
    for area in [
        "piece",
        "prototype",
        "map",
        "chart",
        "help",
        "translation",
        "version",
    ] {
        assert!(areas.contains(area), "{area} in {areas:?}");
    }
}

#[test]
fn a_module_and_a_folder_or_a_project_option_are_refused() {
    let m = b4m();
    let mixed = vmodc(&["diff", path(&m), path(&repo())]);
    assert_eq!(code(&mixed), 2, "{}", show(&mixed));
    assert!(
        text(&mixed.stderr).contains("give two module files"),
        "{}",
        show(&mixed)
    );
    let toml = vmodc(&["diff", path(&m), path(&m), "--format", "toml"]);
    assert_eq!(code(&toml), 2, "{}", show(&toml));
    let dir = TempDir::new("module-diff-bad");
    let bogus = dir.path().join("bogus.vmod");
    std::fs::write(&bogus, "not a zip").expect("written");
    let bad = vmodc(&["diff", path(&m), path(&bogus)]);
    assert_eq!(code(&bad), 2, "{}", show(&bad));
    assert!(
        text(&bad.stderr).contains("bogus.vmod cannot be read as a VASSAL module"),
        "{}",
        show(&bad)
    );
}

#[test]
fn names_in_a_module_never_reach_the_terminal_as_control_sequences() {
    // Set the window title, ring, clear the screen (ESC and the one-character CSI); a CR in an
    // attribute is a space to any XML reader.
    let hostile = "\u{1b}]0;pwned\u{7}\u{9b}2J";
    let dir = TempDir::new("module-diff-hostile");
    let new = edited(&b4m(), dir.path(), |b| {
        b.replacen(
            "entryName=\"XXIV Panzer Corps\"",
            &format!("entryName=\"XXIV{hostile} Panzer Corps\""),
            1,
        )
    });
    let run = vmodc(&["diff", path(&b4m()), path(&new)]);
    let shown = format!("{}{}", text(&run.stdout), text(&run.stderr));
    assert_eq!(code(&run), 0, "{shown:?}");
    let raw = ['\u{1b}', '\u{7}', '\u{9b}'];
    assert!(!shown.chars().any(|c| raw.contains(&c)), "{shown:?}");
    assert!(
        shown.contains("XXIV\\u{1b}]0;pwned\\u{7}\\u{9b}2J Panzer Corps"),
        "{shown:?}"
    );
}

/// A copy of b4m with `count` predefined setups all naming `bomb.vsav`: a saved game whose
/// `savedGame` inflates to 200 MB of `x` (a few hundred KB stored), seeded by `seed` so that two
/// copies can differ.
fn with_bomb_setups(dir: &Path, name: &str, count: usize, seed: u8) -> PathBuf {
    let mut bomb = vec![b'x'; 200 << 20];
    bomb[0] = seed;
    let vsav = zip_bytes(&[Entry {
        name: "savedGame".into(),
        data: bomb,
    }])
    .expect("zips");
    let bytes = std::fs::read(b4m()).unwrap();
    let archive = read_archive(&bytes, Limits::default()).expect("the module reads");
    let setups: String = (0..count)
        .map(|i| format!("<VASSAL.build.module.PredefinedSetup file=\"bomb.vsav\" isMenu=\"false\" name=\"Bomb {i}\" useFile=\"true\"/>\n"))
        .collect();
    let mut entries: Vec<Entry> = archive
        .entries
        .into_iter()
        .map(|(name, data)| {
            let data = if name == "buildFile.xml" {
                String::from_utf8(data)
                    .unwrap()
                    .replace(
                        "</VASSAL.build.GameModule>",
                        &format!("{setups}</VASSAL.build.GameModule>"),
                    )
                    .into_bytes()
            } else {
                data
            };
            Entry { name, data }
        })
        .collect();
    entries.push(Entry {
        name: "bomb.vsav".into(),
        data: vsav,
    });
    let out = dir.join(name);
    std::fs::write(&out, zip_bytes(&entries).expect("zips")).expect("written");
    out
}

/// A setup whose saved game is a zip bomb named by many setups costs `diff` one bounded read per
/// side, and nothing at all when both sides store the same bytes (issue 45, item 6).
#[test]
fn many_setups_naming_one_bomb_are_compared_each_read_once_and_bounded() {
    let dir = TempDir::new("module-diff-bomb");
    let a = with_bomb_setups(dir.path(), "a.vmod", 60, b'x');
    let b = with_bomb_setups(dir.path(), "b.vmod", 60, b'y');
    // How long it takes is the benchmarks' to say; here, that each diff finishes and reads it.
    for (old, new) in [(&a, &a), (&a, &b)] {
        let run = vmodc(&["diff", path(old), path(new)]);
        assert_eq!(code(&run), 0, "{}", show(&run));
    }
}
