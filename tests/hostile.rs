//! Hostile data folders (issue #33): a path the data names is read only inside the project root,
//! only as a regular file, and only up to a size; images that are truncated or too large are errors
//! at the line naming them. Every fixture is built in a temporary copy of the tiny game.

use crate::common::*;
use std::path::Path;
use vmodc::diag::{Report, Sources};

const SCAN_LINE: &str = "rule = \"9.0\"\n";

/// The tiny game's map given `image = "<path>"`.
fn with_map_image(root: &Path, image: &str) {
    patch(
        root,
        "maps/tiny.toml",
        SCAN_LINE,
        &format!("rule = \"9.0\"\nimage = \"{image}\"\nhex_centres = {{ \"0101\" = [44, 40], \"0401\" = [200, 70], \"0104\" = [44, 220] }}\n"),
    )
    .expect("patch");
}

/// The one error of `code`, its file and line, and every diagnostic rendered (to look inside).
fn the_error(sources: &Sources, report: &Report, code: &str) -> (String, Option<usize>, String) {
    let rendered = render_all(sources, report);
    let found: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == code)
        .collect();
    assert_eq!(found.len(), 1, "one {code} expected:\n{rendered}");
    let (file, line, _) = place(sources, found[0]);
    (file, line, rendered)
}

#[test]
fn an_image_path_that_leaves_the_root_is_refused_at_its_line() {
    for image in [
        "/dev/zero",
        "/etc/passwd",
        "../outside.png",
        "art/../../outside.png",
    ] {
        let dir = tiny_copy();
        with_map_image(dir.path(), image);
        let (sources, report) = check_dir(dir.path());
        let (file, line, rendered) = the_error(&sources, &report, "V0030");
        assert_eq!(
            (file.as_str(), line),
            ("maps/tiny.toml", Some(5)),
            "{rendered}"
        );
        assert!(rendered.contains(image), "{rendered}");
    }
}

#[test]
fn a_series_outside_the_root_is_refused() {
    // rules/../../outside/evil.toml lies beside the project, not in it: refused before any read,
    // whether or not the file is there.
    let dir = tiny_copy();
    patch(
        dir.path(),
        "rules/tiny.toml",
        "title = \"Tiny War\"\n",
        "title = \"Tiny War\"\nseries = \"../../outside/evil\"\n",
    )
    .expect("patch");
    let (sources, report) = check_dir(dir.path());
    let (file, line, rendered) = the_error(&sources, &report, "V0030");
    assert_eq!(
        (file.as_str(), line),
        ("rules/tiny.toml", Some(5)),
        "{rendered}"
    );
    assert!(rendered.contains("climbs above it"), "{rendered}");
}

#[cfg(unix)]
#[test]
fn symbolic_links_that_leave_the_root_are_refused_and_their_target_is_not_shown() {
    let dir = tiny_copy();
    let root = dir.path();
    let secret = TempDir::new("secret");
    std::fs::write(secret.path().join("passwd"), "root:x:0:0:secret line\n").expect("write");
    // A scenario linked outside: never read, so its first line is never printed.
    let scenario = std::fs::read_dir(root.join("scenarios/tiny"))
        .expect("scenarios")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "toml"))
        .expect("a scenario");
    std::fs::remove_file(&scenario).expect("rm");
    std::os::unix::fs::symlink(secret.path().join("passwd"), &scenario).expect("symlink");
    let (sources, report) = check_dir(root);
    let (file, _, rendered) = the_error(&sources, &report, "V0030");
    assert!(file.starts_with("scenarios/tiny/"), "{rendered}");
    assert!(!rendered.contains("secret line"), "{rendered}");
    // An image linked outside.
    let dir = tiny_copy();
    let root = dir.path();
    std::os::unix::fs::symlink(secret.path().join("passwd"), root.join("art/tiny/link.png"))
        .expect("symlink");
    with_map_image(root, "art/tiny/link.png");
    let (sources, report) = check_dir(root);
    let (file, line, rendered) = the_error(&sources, &report, "V0030");
    assert_eq!(
        (file.as_str(), line),
        ("maps/tiny.toml", Some(5)),
        "{rendered}"
    );
    assert!(!rendered.contains("secret line"), "{rendered}");
    // A link that stays inside is followed.
    let dir = tiny_copy();
    std::os::unix::fs::symlink("map.png", dir.path().join("art/tiny/inside.png")).expect("symlink");
    with_map_image(dir.path(), "art/tiny/inside.png");
    let (sources, report) = check_dir(dir.path());
    assert!(
        !report
            .diagnostics
            .iter()
            .any(|d| d.code.starts_with("V003")),
        "{}",
        render_all(&sources, &report)
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_folder_is_refused_without_being_opened() {
    let dir = tiny_copy();
    let root = dir.path();
    let fifo = root.join("art/tiny/fifo.png");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    with_map_image(root, "art/tiny/fifo.png");
    // Opening the FIFO for reading would block this test for ever: it returns.
    let (sources, report) = check_dir(root);
    let (file, line, rendered) = the_error(&sources, &report, "V0031");
    assert_eq!(
        (file.as_str(), line),
        ("maps/tiny.toml", Some(5)),
        "{rendered}"
    );
    assert!(rendered.contains("FIFO"), "{rendered}");

    let dir = tiny_copy();
    with_map_image(dir.path(), "art/tiny");
    let (sources, report) = check_dir(dir.path());
    let (_, _, rendered) = the_error(&sources, &report, "V0031");
    assert!(rendered.contains("folder"), "{rendered}");
}

#[test]
fn a_data_file_beyond_the_size_cap_is_refused_before_it_is_read() {
    let dir = tiny_copy();
    let root = dir.path();
    // A sparse file: its size says 17 MB, the disk holds nothing.
    let big = root.join("scenarios/tiny/huge.toml");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(17 << 20))
        .expect("sparse file");
    let (sources, report) = check_dir(root);
    let (file, _, rendered) = the_error(&sources, &report, "V0031");
    assert_eq!(file, "scenarios/tiny/huge.toml", "{rendered}");
    assert!(rendered.contains("17825792 bytes"), "{rendered}");
}

#[test]
fn a_byte_order_mark_is_accepted_in_a_series_file_as_in_any_other() {
    // rules/tiny.toml is the series `tinier` is built on: its BOM once made tinier fail with a V0125
    // quoting the invisible character, while the same BOM in a plain file was accepted.
    let dir = tiny_copy();
    let root = dir.path();
    for file in ["rules/tiny.toml", "maps/tiny.toml", "rules/tinier.toml"] {
        let text = std::fs::read_to_string(root.join(file)).expect("read");
        std::fs::write(root.join(file), format!("\u{feff}{text}")).expect("write");
    }
    let (sources, report) = check_dir(root);
    let rendered = render_all(&sources, &report);
    assert!(!report.has_errors(), "{rendered}");
    assert!(!rendered.contains('\u{feff}'), "{rendered}");
}

#[test]
fn a_truncated_scan_is_an_error_at_its_line() {
    for scan in ["map.jpg", "map.png"] {
        let dir = tiny_copy();
        let root = dir.path();
        let path = root.join("art/tiny").join(scan);
        let bytes = std::fs::read(&path).expect("scan");
        std::fs::write(
            root.join("art/tiny/cut")
                .with_extension(scan.rsplit('.').next().unwrap_or("")),
            &bytes[..bytes.len() * 2 / 3],
        )
        .expect("write");
        let cut = format!("art/tiny/cut.{}", scan.rsplit('.').next().unwrap_or(""));
        with_map_image(root, &cut);
        let (sources, report) = check_dir(root);
        let (file, line, rendered) = the_error(&sources, &report, "V1031");
        assert_eq!(
            (file.as_str(), line),
            ("maps/tiny.toml", Some(5)),
            "{rendered}"
        );
    }
}

#[test]
fn a_counter_sheet_with_too_many_pixels_is_refused_from_its_header() {
    let dir = tiny_copy();
    let root = dir.path();
    // A valid 1 × 1 PNG whose header says 30,000 × 30,000: 3.6 GB if decoded.
    let mut png = std::fs::read(root.join("art/tiny/map.png")).expect("png");
    png[16..20].copy_from_slice(&30_000u32.to_be_bytes());
    png[20..24].copy_from_slice(&30_000u32.to_be_bytes());
    std::fs::write(root.join("art/tiny/sheet.png"), png).expect("write");
    let counters = root.join("counters/tiny.toml");
    let text = std::fs::read_to_string(&counters).expect("counters");
    std::fs::write(
        &counters,
        format!("{text}\n[[art_sheets]]\nid = \"s\"\nimage = \"art/tiny/sheet.png\"\nrows = 1\ncols = 2\norigin = [0, 0]\npitch = [65, 65]\n"),
    )
    .expect("write");
    let line = text.lines().count() + 4;
    let (sources, report) = check_dir(root);
    let (file, at, rendered) = the_error(&sources, &report, "V1030");
    assert_eq!(
        (file.as_str(), at),
        ("counters/tiny.toml", Some(line)),
        "{rendered}"
    );
}

#[test]
fn two_games_writing_one_module_file_is_an_error_naming_both() {
    let dir = tiny_copy();
    let root = dir.path();
    // Game `tiny` with a catalog `de` writes tiny-de.vmod; so does a game named `tiny-de`.
    std::fs::create_dir_all(root.join("i18n/tiny")).expect("mkdir");
    std::fs::write(
        root.join("i18n/tiny/de.toml"),
        "[language]\ncode = \"de\"\nname = \"Deutsch\"\n",
    )
    .expect("write");
    for folder in ["rules", "counters", "maps"] {
        std::fs::copy(
            root.join(folder).join("tinier.toml"),
            root.join(folder).join("tiny-de.toml"),
        )
        .expect("copy");
    }
    copy_tree(
        &root.join("scenarios/tinier"),
        &root.join("scenarios/tiny-de"),
    );
    patch(
        root,
        "rules/tiny-de.toml",
        "id = \"tinier\"",
        "id = \"tiny-de\"",
    )
    .expect("patch");
    let (sources, report) = check_dir(root);
    let rendered = render_all(&sources, &report);
    let collisions: Vec<&str> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "V0033")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        collisions,
        [
            "game `tiny` (its catalog `de`) and game `tiny-de` both write `tiny-de.vmod`: one module would replace the other",
            "game `tiny-de` and game `tiny` (its catalog `de`) both write `tiny-de.vmod`: one module would replace the other",
        ],
        "{rendered}"
    );
}

#[test]
fn a_unit_name_a_module_cannot_carry_is_refused_at_its_line() {
    for (name, why) in [
        ("Pz\\\\", "ends with a backslash"),
        ("Pz\\tKG", "U+0009 (TAB)"),
        ("Pz\\u001bKG", "U+001B (ESC)"),
    ] {
        let dir = tiny_copy();
        let root = dir.path();
        let text = std::fs::read_to_string(root.join("counters/tiny.toml")).expect("counters");
        let first = text.find("name = \"").expect("a name");
        let end = first + text[first + 8..].find('"').expect("closing quote") + 9;
        let patched = format!("{}name = \"{name}\"{}", &text[..first], &text[end..]);
        std::fs::write(root.join("counters/tiny.toml"), &patched).expect("write");
        let line = patched[..first].matches('\n').count() + 1;
        let (sources, report) = check_dir(root);
        let (file, at, rendered) = the_error(&sources, &report, "V0032");
        assert_eq!(
            (file.as_str(), at),
            ("counters/tiny.toml", Some(line)),
            "{rendered}"
        );
        assert!(rendered.contains(why), "{rendered}");
    }
}

/// Rounds of the property tests below: `VMODC_FUZZ_ROUNDS` runs more (docs/limits.md).
fn rounds(default: u64) -> u64 {
    std::env::var("VMODC_FUZZ_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A random string over characters that matter to VASSAL's encodings: every delimiter, the escape,
/// quotes, control characters, and non-ASCII.
fn hostile_string(rng: &mut crate::synthetic::Rng, most: u64) -> String {
    const ALPHABET: &[char] = &[
        'a', 'Z', '0', ' ', ';', ',', '/', ':', '\t', '\u{1b}', '\\', '\'', '"', '\n', '\r', '\0',
        '\u{7f}', 'é', '戦', '+', '&', '<',
    ];
    let n = rng.below(most + 1);
    (0..n)
        .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
        .collect()
}

/// Property: every text the loader accepts (`load::encodable`) goes through the trait encoder, the
/// piece nesting, the add-piece command and a saved game's command joining, and comes back the same
/// through vmodc's decoders (which follow VASSAL's); the texts it refuses are the ones that do not.
#[test]
fn every_accepted_text_round_trips_through_the_trait_encoder_and_decoder() {
    use vmodc::load::encodable::unencodable;
    use vmodc::vassal::sequence_encoder::{decode, encode};
    use vmodc::vassal::traits::{Piece, Trait};
    let mut refused = 0;
    let mut broken_when_refused = 0;
    for seed in 0..rounds(3000) {
        let mut rng = crate::synthetic::Rng::new(33_000 + seed);
        let name = hostile_string(&mut rng, 12);
        let value = hostile_string(&mut rng, 8);
        let piece = Piece {
            traits: vec![
                Trait {
                    type_: encode(&["mark", "Label"], ';'),
                    state: value.clone(),
                },
                Trait {
                    type_: encode(&["piece", "", "", "a.png", name.as_str()], ';'),
                    state: "null;0;0;1;0".into(),
                },
            ],
        };
        let command = piece.add_command("1");
        let decoded = vmodc::verify::decode_add_piece(&command);
        let back = decoded.as_ref().ok().map(|p| {
            let name = decode(&p.traits[1].0, ';')
                .get(4)
                .cloned()
                .unwrap_or_default();
            (name, p.traits[0].1.clone())
        });
        let saved = vmodc::vassal::vsav::command_split(&vmodc::vassal::vsav::command_join(&[
            "begin_save",
            command.as_str(),
        ]));
        let round_trips = back.as_ref() == Some(&(name.clone(), value.clone()))
            && saved == ["begin_save", command.as_str()];
        if unencodable(&name).is_none() && unencodable(&value).is_none() {
            assert!(
                round_trips,
                "accepted texts {name:?} / {value:?} came back as {back:?}, save {saved:?}"
            );
        } else {
            refused += 1;
            broken_when_refused += usize::from(!round_trips);
        }
    }
    // The alphabet makes refused texts common, and some of them really break the encoding.
    assert!(
        refused > 100 && broken_when_refused > 10,
        "{refused} refused, {broken_when_refused} broken"
    );
}

/// Property: random saved games (mutated real ones, and random command texts) never panic the save
/// reader or `save dump`, and stay within a small memory (no count is trusted).
#[test]
fn save_reader_and_dump_survive_hostile_saves() {
    use vmodc::save::SavedGame;
    let real = std::fs::read(repo().join("tests/fixtures/saves/b4m-en-1.1.0-moved.vsav"))
        .expect("fixture");
    for seed in 0..rounds(300) {
        let mut rng = crate::synthetic::Rng::new(77_000 + seed);
        // A random saved-game text of piece and stack commands.
        let mut text = String::from("begin_save");
        for _ in 0..rng.below(8) {
            text.push('\u{1b}');
            match rng.below(3) {
                0 => text.push_str(&format!(
                    "+/{}/piece;;;a.png;{}/null;0;0;g;{}",
                    rng.below(9),
                    hostile_string(&mut rng, 10),
                    rng.next_u64()
                )),
                1 => text.push_str(&format!(
                    "+/{}/stack/null;0;0;{}",
                    rng.below(9),
                    hostile_string(&mut rng, 10)
                )),
                _ => text.push_str(&hostile_string(&mut rng, 30)),
            }
        }
        let mut bytes = Vec::new();
        {
            let mut zip = zip::ZipWriter::new(std::io::Cursor::new(&mut bytes));
            let _ = zip.start_file("savedGame", zip::write::SimpleFileOptions::default());
            let _ = std::io::Write::write_all(&mut zip, text.as_bytes());
            let _ = zip.finish();
        }
        // And the real save with a few bytes changed.
        let mut mutated = real.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(mutated.len() as u64) as usize;
            mutated[at] = rng.next_u64() as u8;
        }
        for input in [&bytes, &mutated] {
            let outcome = std::panic::catch_unwind(|| {
                if let Ok(save) = SavedGame::read(input) {
                    let _ = vmodc::save::dump::dump(&save, None).human();
                }
            });
            assert!(outcome.is_ok(), "seed {seed}: {text:?}");
        }
    }
}

#[test]
fn a_series_game_whose_counters_file_is_gone_is_an_error_not_a_series() {
    // `tiny` is a series and a game (tinier is built on it): without its counters file it was taken
    // for a series only, and silently not built.
    let dir = tiny_copy();
    std::fs::remove_file(dir.path().join("counters/tiny.toml")).expect("rm");
    let (sources, report) = check_dir(dir.path());
    let rendered = render_all(&sources, &report);
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code == "V0002" && d.message.contains("counters/tiny.toml")),
        "{rendered}"
    );
}

/// The areas fixture with `extra` [[grid.areas]] entries added after its last area.
fn areas_with(extra: &str) -> TempDir {
    let dir = TempDir::new("areas");
    copy_tree(&repo().join("tests/fixtures/areas"), dir.path());
    let last = "neighbours = [\"Long Ridge, East\", \"Ford\"]\n\n[terrain]";
    let to = format!("neighbours = [\"Long Ridge, East\", \"Ford\"]\n\n{extra}\n[terrain]");
    patch(dir.path(), "maps/tiny.toml", last, &to).expect("patch");
    dir
}

#[test]
fn an_area_map_over_the_limits_is_one_error_before_the_other_checks() {
    // Issue #45, item 7: 30,000 areas, an outline of 100,000 corners and a complete graph of 1,000
    // areas were each checked in quadratic time (20–45 s). Each limit is one error at the line
    // that passes it, and the per-area checks do not run (no V0234 for the extra areas' points).
    use vmodc::concept::map::area_check::{MAX_AREAS, MAX_NEIGHBOURS, MAX_OUTLINE_CORNERS};
    let many: String = (0..MAX_AREAS)
        .map(|i| format!("[[grid.areas]]\nname = \"A{i}\"\nat = [1, 1]\n"))
        .collect();
    let ring: Vec<String> = (0..=MAX_OUTLINE_CORNERS)
        .map(|i| {
            let a = i as f64 / (MAX_OUTLINE_CORNERS + 1) as f64 * std::f64::consts::TAU;
            format!(
                "[{}, {}]",
                200 + (150.0 * a.cos()) as i32,
                200 + (150.0 * a.sin()) as i32
            )
        })
        .collect();
    let ring = format!(
        "[[grid.areas]]\nname = \"Ring\"\noutline = [{}]\n",
        ring.join(", ")
    );
    let crowd: Vec<String> = (0..=MAX_NEIGHBOURS).map(|i| format!("\"N{i}\"")).collect();
    let crowd = format!(
        "[[grid.areas]]\nname = \"Crowd\"\nat = [5, 5]\nneighbours = [\n{}]\n",
        crowd.join(",\n")
    );
    let cases = [
        (
            many,
            format!("has {} areas, more than {MAX_AREAS}", MAX_AREAS + 4),
            "name = \"A4996\"",
        ),
        (
            ring,
            format!("outline of {} corners", MAX_OUTLINE_CORNERS + 1),
            "name = \"Ring\"",
        ),
        (
            crowd,
            format!("lists {} neighbours of area `Crowd`", MAX_NEIGHBOURS + 1),
            "\"N0\",",
        ),
    ];
    for (extra, message, line) in cases {
        let dir = areas_with(&extra);
        let (sources, report) = check_dir(dir.path());
        let (file, at, rendered) = the_error(&sources, &report, "V0238");
        assert_eq!(file, "maps/tiny.toml", "{rendered}");
        assert!(rendered.contains(&message), "{message}: {rendered}");
        let text = std::fs::read_to_string(dir.path().join(&file)).expect("map");
        let expected = text
            .lines()
            .position(|l| l.starts_with(line))
            .map(|i| i + 1);
        if line.starts_with("name") {
            // An outline's span starts on the line after the name; the count's, at the first area over.
            assert!(at >= expected, "{rendered}");
        } else {
            assert_eq!(at, expected, "{rendered}");
        }
        let others = report
            .diagnostics
            .iter()
            .filter(|d| d.code.starts_with("V023") && d.code != "V0238");
        let others: Vec<_> = others.map(|d| (&d.code, &d.message)).collect();
        assert!(others.is_empty(), "no other area check runs: {others:?}");
    }
    // Under the limits, the same map checks clean.
    let dir = areas_with("");
    let (_, report) = check_dir(dir.path());
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
}

#[test]
fn a_map_scan_beyond_what_vmodc_decodes_ships_in_the_module_and_the_kit_says_it_is_left_out() {
    // Issue #45, item 10: such a scan passed `check`, then the build decoded it (2.1 GB for a
    // bomb) and failed with no file or line. The module ships it as it is; the kit, which draws
    // from pixels, leaves the map out and says so; `check` warns at the line (V1032).
    let dir = tiny_copy();
    with_map_image(dir.path(), "art/tiny/bigscan.png");
    let (sources, report) = check_dir(dir.path());
    let warning = report.diagnostics.iter().find(|d| d.code == "V1032");
    let warning = warning.unwrap_or_else(|| panic!("{}", render_all(&sources, &report)));
    assert_eq!(place(&sources, warning).1, Some(5));
    assert!(!report.has_errors(), "{}", render_all(&sources, &report));
    let mut sources = Sources::default();
    let (loaded, _) = vmodc::pipeline::load_and_check(dir.path(), "tiny", &mut sources);
    let loaded = loaded.expect("loads");
    let entries = vmodc::pipeline::compile_language(&loaded, None).expect("the module builds");
    let scan = std::fs::read(dir.path().join("art/tiny/bigscan.png")).expect("scan");
    assert!(
        entries.iter().any(|e| e.data == scan),
        "the scan ships byte for byte"
    );
    let options = vmodc::print::PrintOptions::default();
    let printed = vmodc::print::print_language(&loaded, None, &options).expect("the kit prints");
    let said = printed.missing.iter().any(|m| m.contains("10001 × 10001"));
    assert!(said, "{:?}", printed.missing);
}
