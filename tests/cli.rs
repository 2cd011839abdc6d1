//! The `vmodc` binary: exit codes (0 clean, 1 errors, 2 usage), human and JSON output, and `build`
//! refusing to overwrite a module when the data has errors.

use crate::common::*;
use std::path::Path;
use std::process::Output;

/// The tiny game with one edit.
fn broken_tiny(file: &str, from: &str, to: &str) -> TempDir {
    let dir = tiny_copy();
    patch(dir.path(), file, from, to).unwrap_or_else(|e| panic!("{e}"));
    dir
}

#[test]
fn check_passes_on_the_shipped_data() {
    let out = vmodc(&["check", "--root", path(&repo())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
}

#[test]
fn check_passes_on_the_tiny_fixture_even_with_deny_warnings() {
    let dir = tiny_copy();
    let out = vmodc(&["check", "--deny-warnings", "--root", path(dir.path())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    // Nothing but the closing line of each game, which says it was checked.
    assert_eq!(
        text(&out.stderr),
        "checked tinier: 0 errors, 0 warnings\nchecked tiny: 0 errors, 0 warnings\n",
        "{}",
        show(&out)
    );
}

#[test]
fn check_fails_on_a_broken_fixture_and_points_at_the_line() {
    let dir = broken_tiny(
        "scenarios/tiny/basic.toml",
        "hex = \"0102\"",
        "hex = \"0101\"",
    );
    let out = vmodc(&["check", "--root", path(dir.path())]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    let err = text(&out.stderr);
    for expected in [
        "error[V0301]: hex `0101` holds more than 1 red unit at setup",
        "--> scenarios/tiny/basic.toml:17:7",
        "17 | hex = \"0101\"",
        "|       ^^^^^^ over the stacking limit",
        "= rule: 6.0",
        "= help: ",
        "checked tiny: 1 error, 0 warnings",
    ] {
        assert!(
            err.contains(expected),
            "missing {expected:?}\n{}",
            show(&out)
        );
    }
    // One summary per game, not a total repeating it.
    assert!(!err.contains("error(s)"), "{}", show(&out));
}

#[test]
fn deny_warnings_makes_a_warning_fatal() {
    let dir = broken_tiny("rules/tiny.toml", "cap = \"3:1\"", "cap = \"2:1\"");
    let out = vmodc(&["check", "--root", path(dir.path())]);
    assert_eq!(code(&out), 0, "a warning alone passes\n{}", show(&out));
    assert!(
        text(&out.stderr).contains("warning[V0306]"),
        "{}",
        show(&out)
    );
    let out = vmodc(&["check", "--deny-warnings", "--root", path(dir.path())]);
    assert_eq!(code(&out), 1, "{}", show(&out));
}

#[test]
fn usage_errors_exit_with_2() {
    for args in [
        &[][..],
        &["check", "--no-such-flag"],
        &["check", "--format", "xml"],
        &["frobnicate"],
        &["build", "--out"],
    ] {
        let out = vmodc(args);
        assert_eq!(code(&out), 2, "{args:?}\n{}", show(&out));
    }
    // No rules/ folder, or no games in it: nothing to check.
    let empty = TempDir::new("empty");
    let out = vmodc(&["check", "--root", path(empty.path())]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(text(&out.stderr).contains("V0001"), "{}", show(&out));
    std::fs::create_dir_all(empty.path().join("rules")).expect("mkdir");
    let out = vmodc(&["check", "--root", path(empty.path())]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(text(&out.stderr).contains("V0004"), "{}", show(&out));
}

#[test]
fn json_output_parses_and_locates_each_diagnostic() {
    let dir = broken_tiny(
        "maps/tiny.toml",
        "pairs = [[\"0201\", \"0301\"], [\"0202\", \"0302\"]]",
        "pairs = [[\"0201\", \"0401\"], [\"0202\", \"0302\"]]",
    );
    let out = vmodc(&["check", "--format", "json", "--root", path(dir.path())]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON: {e}\n{}", show(&out)));
    let items = json.as_array().expect("a JSON array");
    assert_eq!(items.len(), 1, "{json:#}");
    let d = &items[0];
    assert_eq!(d["code"], "V0203");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["file"], "maps/tiny.toml");
    assert_eq!(d["line"], 34);
    assert_eq!(d["column"], 10);
    assert_eq!(d["rule"], "5.2");
    assert!(d["message"]
        .as_str()
        .is_some_and(|m| m.contains("not adjacent")));
    assert!(d["help"]
        .as_str()
        .is_some_and(|m| m.contains("neighbours of 0201")));

    // A clean check prints an empty array.
    let clean = tiny_copy();
    let out = vmodc(&["check", "--format", "json", "--root", path(clean.path())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json, serde_json::json!([]));
}

#[test]
fn malformed_toml_names_the_file_and_line() {
    let dir = broken_tiny("counters/tiny.toml", "size = 50", "size = 50 50");
    let out = vmodc(&["check", "--root", path(dir.path())]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    let err = text(&out.stderr);
    assert!(err.contains("error[V0010]: invalid TOML"), "{}", show(&out));
    assert!(err.contains("--> counters/tiny.toml:3:"), "{}", show(&out));
    assert!(err.contains("3 | size = 50 50"), "{}", show(&out));

    let out = vmodc(&["check", "--format", "json", "--root", path(dir.path())]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json[0]["file"], "counters/tiny.toml");
    assert_eq!(json[0]["line"], 3);
}

/// Files in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn build_refuses_broken_data_and_keeps_the_old_module() {
    let out_dir = TempDir::new("out");
    let module = out_dir.path().join("tiny.vmod");
    let old = b"an earlier module, which must survive a failed build".to_vec();
    std::fs::write(&module, &old).expect("write");

    let dir = broken_tiny(
        "counters/tiny.toml",
        "reduced = \"3-5\"",
        "reduced = \"4-5\"",
    );
    let out = vmodc(&[
        "build",
        "--root",
        path(dir.path()),
        "--out",
        path(out_dir.path()),
    ]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    assert!(text(&out.stderr).contains("error[V0302]"), "{}", show(&out));
    assert_eq!(
        std::fs::read(&module).expect("read"),
        old,
        "the module was touched"
    );
    // Tinier War still builds, with its print-and-play PDF; the refused tiny gets neither.
    assert_eq!(
        listing(out_dir.path()),
        ["tinier.pdf", "tinier.vmod", "tiny.vmod"],
        "a temporary file was left behind (Tinier War, with counters of its own, still builds)"
    );

    // --deny-warnings refuses a build with warnings only, too.
    let warned = broken_tiny("rules/tiny.toml", "cap = \"3:1\"", "cap = \"2:1\"");
    let out = vmodc(&[
        "build",
        "--deny-warnings",
        "--root",
        path(warned.path()),
        "--out",
        path(out_dir.path()),
    ]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    assert_eq!(std::fs::read(&module).expect("read"), old);
    assert_eq!(
        listing(out_dir.path()),
        ["tinier.pdf", "tinier.vmod", "tiny.vmod"]
    );
}

#[test]
fn build_then_check_the_module() {
    let out_dir = TempDir::new("out");
    let dir = tiny_copy();
    let args = [
        "build",
        "--root",
        path(dir.path()),
        "--out",
        path(out_dir.path()),
    ];
    let out = vmodc(&args);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert_eq!(
        listing(out_dir.path()),
        ["tinier.pdf", "tinier.vmod", "tiny.pdf", "tiny.vmod"],
        "only the modules and their PDFs are left"
    );
    let module = out_dir.path().join("tiny.vmod");
    let first = std::fs::read(&module).expect("module");
    let out = vmodc(&args);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert_eq!(
        std::fs::read(&module).expect("module"),
        first,
        "builds are reproducible"
    );

    let out = vmodc(&["check", "--deny-warnings", path(&module)]);
    assert_eq!(code(&out), 0, "{}", show(&out));

    // A module that is not a zip: an error, exit 1, in JSON with the file named.
    let junk = out_dir.path().join("junk.vmod");
    std::fs::write(&junk, b"not a zip").expect("write");
    let out = vmodc(&["check", "--format", "json", path(&junk)]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json[0]["code"], "V0402");
    assert_eq!(json[0]["file"], path(&junk));
}

// ---------------------------------------------------------------------------------------------------
// Quiet builds
// ---------------------------------------------------------------------------------------------------

#[test]
fn build_of_the_shipped_data_is_quiet() {
    let out_dir = TempDir::new("quiet");
    let out = vmodc(&[
        "build",
        "--no-cache",
        "--root",
        path(&repo()),
        "--out",
        path(out_dir.path()),
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let err = text(&out.stderr);
    assert!(err.lines().count() <= 20, "{}", show(&out));
    // Known gaps and notes are summed up per game, and each game says what happened to it.
    let root = repo();
    for expected in [
        format!(
            "b4m: 3 notes (vmodc check b4m --root {} lists them)",
            root.display()
        ),
        "known gaps, 9 notes (vmodc check btm2 --root".to_string(),
        format!(
            "b4m: built {}",
            out_dir.path().join("b4m-en.vmod").display()
        ),
        format!(
            "btm2: built {}",
            out_dir.path().join("btm2-en.vmod").display()
        ),
    ] {
        assert!(
            err.contains(&expected),
            "missing {expected:?}\n{}",
            show(&out)
        );
    }
    assert!(!err.contains("warning["), "{}", show(&out));
    assert!(!err.contains("error"), "{}", show(&out));

    // `check` still lists everything, with long lines cut.
    let out = vmodc(&["check", "btm2", "--root", path(&repo())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let err = text(&out.stderr);
    assert!(err.matches("warning[V08").count() >= 50, "{}", show(&out));
    let out = vmodc(&["check", "b4m", "--root", path(&repo())]);
    let err = text(&out.stderr);
    assert!(err.contains("note[V0501]"), "{}", show(&out));
    let widest = err
        .lines()
        .filter(|l| !l.starts_with("note[") && !l.contains("= "))
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    assert!(
        widest <= 120,
        "a source line or underline of {widest} characters\n{err}"
    );
}

#[test]
fn build_names_the_game_and_why_it_was_not_built() {
    let out_dir = TempDir::new("out");
    let out = vmodc(&[
        "build",
        "btm2",
        "--deny-warnings",
        "--root",
        path(&repo()),
        "--out",
        path(out_dir.path()),
    ]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    let err = text(&out.stderr);
    assert!(
        err.contains("error: btm2 not built: ")
            && err.contains(" warnings denied by --deny-warnings"),
        "{}",
        show(&out)
    );
    assert!(!err.contains("0 error(s)"), "{}", show(&out));
    assert!(err.lines().count() <= 5, "{}", show(&out));
    assert!(listing(out_dir.path()).is_empty());

    let dir = broken_tiny(
        "counters/tiny.toml",
        "reduced = \"3-5\"",
        "reduced = \"4-5\"",
    );
    let out = vmodc(&[
        "build",
        "--root",
        path(dir.path()),
        "--out",
        path(out_dir.path()),
    ]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    let err = text(&out.stderr);
    assert!(err.contains("error[V0302]"), "{}", show(&out));
    assert!(
        err.trim_end().ends_with("error: tiny not built: 1 error"),
        "{}",
        show(&out)
    );
}

#[test]
fn build_output_goes_under_the_root_by_default() {
    let dir = tiny_copy();
    let out = vmodc(&["build", "--root", path(dir.path())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert_eq!(
        listing(&dir.path().join("dist")),
        ["tinier.pdf", "tinier.vmod", "tiny.pdf", "tiny.vmod"]
    );
    assert!(!repo().join("dist").join("tiny.vmod").exists());
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!(
            "tiny: built {}",
            dir.path().join("dist").join("tiny.vmod").display()
        )),
        "{}",
        show(&out)
    );
    // Built again: unchanged.
    let out = vmodc(&["build", "--root", path(dir.path())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("tiny: unchanged "),
        "{}",
        show(&out)
    );
}

#[test]
fn build_with_no_print_writes_the_modules_only() {
    let dir = tiny_copy();
    let out = vmodc(&["build", "--no-print", "--root", path(dir.path())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert_eq!(
        listing(&dir.path().join("dist")),
        ["tinier.vmod", "tiny.vmod"]
    );
}

#[test]
fn check_reads_paths_as_files_and_says_when_a_module_is_fine() {
    let out_dir = TempDir::new("out");
    let dir = tiny_copy();
    let out = vmodc(&[
        "build",
        "--root",
        path(dir.path()),
        "--out",
        path(out_dir.path()),
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let module = out_dir.path().join("tiny.vmod");
    let out = vmodc(&["check", path(&module)]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{}", show(&out));
    assert!(err.contains("fine"), "{}", show(&out));
    // JSON stays an empty array.
    let out = vmodc(&["check", "--format", "json", path(&module)]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json, serde_json::json!([]));

    // A path is a file, not a game id: it is not looked up under rules/.
    for arg in ["notes/x.txt", "x.txt"] {
        let out = vmodc(&["check", "--root", path(dir.path()), arg]);
        assert_eq!(code(&out), 2, "{}", show(&out));
        let err = text(&out.stderr);
        assert!(err.contains("V0401") && err.contains(arg), "{}", show(&out));
        assert!(!err.contains("rules/"), "{}", show(&out));
    }
}

// ---------------------------------------------------------------------------------------------------
// vmodc odds: strict input
// ---------------------------------------------------------------------------------------------------

/// `vmodc odds b4m` on the shipped data with these arguments.
fn odds_b4m(extra: &[&str]) -> Output {
    let root = repo();
    let mut args = vec!["odds", "b4m", "--root", path(&root)];
    args.extend_from_slice(extra);
    vmodc(&args)
}

/// Exit 2, nothing on standard output, and every one of `expected` on standard error.
fn assert_usage_error(out: &Output, expected: &[&str]) {
    assert_eq!(code(out), 2, "{}", show(out));
    assert!(out.stdout.is_empty(), "{}", show(out));
    let err = text(&out.stderr);
    for e in expected {
        assert!(err.contains(e), "missing {e:?}\n{}", show(out));
    }
}

#[test]
fn odds_rejects_unknown_ids_with_the_valid_ones() {
    let base = ["--attack", "12:panzer", "--defence", "4"];
    let cases: [(&[&str], &[&str]); 6] = [
        (
            &["--terrain", "swamp"],
            &[
                "unknown terrain `swamp` (--terrain)",
                "valid: clear, forest, fortification",
            ],
        ),
        (
            &["--terrain", "forrest"],
            &["unknown terrain `forrest`", "did you mean `forest`?"],
        ),
        (
            &["--city", "nowhere"],
            &[
                "unknown city kind `nowhere` (--city)",
                "valid: city, major_city",
            ],
        ),
        (
            &["--city", "major-city"],
            &[
                "unknown city kind `major-city`",
                "did you mean `major_city`?",
            ],
        ),
        (
            &["--side", "martians"],
            &["unknown side `martians` (--side)", "valid: german, soviet"],
        ),
        (
            &["--across", "lake"],
            &["unknown hexside feature `lake` (--across)", "valid: river"],
        ),
    ];
    for (extra, expected) in cases {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        assert_usage_error(&odds_b4m(&args), expected);
    }
    let out = odds_b4m(&["--attack", "9:tiger", "--defence", "3"]);
    assert_usage_error(
        &out,
        &[
            "unknown unit type `tiger` (--attack)",
            "valid: panzer, infantry, shock",
        ],
    );
    let out = odds_b4m(&["--attack", "9:panzr", "--defence", "3"]);
    assert_usage_error(&out, &["did you mean `panzer`?"]);
    // The valid ids pass.
    let out = odds_b4m(&[
        "--attack",
        "12:panzer",
        "--defence",
        "4",
        "--terrain",
        "forest",
        "--city",
        "major_city",
        "--side",
        "soviet",
        "--across",
        "river",
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(
        // 3:1 three columns left is 1:2, a column B4M's table does not have: below the table.
        text(&out.stdout).contains("→ below the table (its first column is 1:1) [1:no effect"),
        "three shifts left\n{}",
        show(&out)
    );
}

#[test]
fn odds_rejects_strengths_turns_and_rolls_out_of_range() {
    for (extra, expected) in [
        (
            ["--attack", "9", "--defence=nan"],
            "a defence total must be a finite number, 0 or more",
        ),
        (
            ["--attack", "9", "--defence=-2"],
            "--defence -2: a defence total must be a finite number, 0 or more",
        ),
        (
            ["--attack", "inf", "--defence=3"],
            "--attack inf: a strength must be a finite number above 0",
        ),
        (
            ["--attack", "0", "--defence=3"],
            "--attack 0: a strength must be a finite number above 0",
        ),
        (
            ["--attack", "0:panzer", "--defence=3"],
            "--attack 0: a strength must be",
        ),
        (
            ["--attack", "many", "--defence=3"],
            "--attack many: not a strength",
        ),
    ] {
        assert_usage_error(&odds_b4m(&extra), &[expected]);
    }
    let out = odds_b4m(&["--attack", "9", "--defence", "3", "--turn", "99"]);
    assert_usage_error(&out, &["--turn 99: turn out of range 1..7"]);
    let out = odds_b4m(&["--attack", "9", "--defence", "3", "--turn", "0"]);
    assert_usage_error(&out, &["turn out of range 1..7"]);
    let out = odds_b4m(&["--attack", "9", "--defence", "3", "--roll", "7"]);
    assert_usage_error(&out, &["--roll 7: roll out of range 1..6"]);
    assert!(!text(&out.stderr).contains("not in the sources"));
    let out = odds_b4m(&["--attack", "9", "--defence", "3", "--roll", "0"]);
    assert_usage_error(&out, &["roll out of range 1..6"]);
    // The edges pass.
    for extra in [["--turn", "7"], ["--roll", "6"], ["--roll", "1"]] {
        let mut args = vec!["--attack", "9", "--defence", "3"];
        args.extend_from_slice(&extra);
        let out = odds_b4m(&args);
        assert_eq!(code(&out), 0, "{extra:?}\n{}", show(&out));
    }
    let out = odds_b4m(&["--attack", "9", "--defence", "3", "--roll", "6"]);
    assert_eq!(
        text(&out.stdout).trim(),
        "9 vs 3 → 3:1 → 3:1, roll 6 → DRL (turn 1, clear)"
    );
}

#[test]
fn odds_says_when_the_arguments_cannot_decide_a_shift() {
    let out = odds_b4m(&[
        "--attack",
        "12",
        "--defence",
        "4",
        "--terrain",
        "fortification",
    ]);
    assert_usage_error(
        &out,
        &["fortification shift applies to a soviet defender: pass --side"],
    );
    let out = odds_b4m(&[
        "--attack",
        "12",
        "--defence",
        "4",
        "--terrain",
        "fortification",
        "--side",
        "soviet",
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(text(&out.stdout).contains("Soviet defender in a fortification -1 → 2:1"));
    let out = odds_b4m(&[
        "--attack",
        "12",
        "--defence",
        "4",
        "--terrain",
        "fortification",
        "--side",
        "german",
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(text(&out.stdout).contains("→ 3:1 → 3:1"), "{}", show(&out));

    // In mud, panzers attack at half strength: an attacker without a type cannot be decided.
    let out = odds_b4m(&["--attack", "12", "--defence", "4", "--turn", "3"]);
    assert_usage_error(
        &out,
        &[
            "mud-panzers modifier applies to panzer attackers",
            "--attack 12:panzer",
        ],
    );
    let out = odds_b4m(&["--attack", "12:panzer", "--defence", "4", "--turn", "3"]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(
        text(&out.stdout).starts_with("6 vs 4 → 1:1"),
        "{}",
        show(&out)
    );

    // btm2: the Soviet winter counter-offensive depends on the attacker's side.
    let root = repo();
    let btm2 = |extra: &[&str]| {
        let mut args = vec![
            "odds",
            "btm2",
            "--root",
            path(&root),
            "--attack",
            "6:soviet-infantry",
        ];
        args.extend_from_slice(&["--defence", "2", "--turn", "4"]);
        args.extend_from_slice(extra);
        vmodc(&args)
    };
    assert_usage_error(
        &btm2(&[]),
        &["winter-counteroffensive shift applies to a soviet attacker: pass --side"],
    );
    let out = btm2(&["--side", "german"]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(
        text(&out.stdout).contains("Soviet winter counter-offensive +1"),
        "{}",
        show(&out)
    );
}

/// The first line `vmodc odds` printed, which must have succeeded.
fn first_line(out: &Output) -> String {
    assert_eq!(code(out), 0, "{}", show(out));
    text(&out.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn odds_takes_the_attackers_type_once_or_from_their_units() {
    // Turn 3 is mud: the mud-panzers modifier halves panzers, so an untyped attacker is undecided.
    let mud = ["--defence", "4", "--turn", "3", "--roll", "1"];
    let untyped = odds_b4m(&[&["--attack", "12", "--attack", "6"][..], &mud].concat());
    assert_usage_error(
        &untyped,
        &[
            "--attack 12:panzer",
            "--attacker-type panzer when every attacker",
        ],
    );
    // All attackers of one type: the type said once.
    let once = odds_b4m(
        &[
            &[
                "--attack",
                "12",
                "--attack",
                "6",
                "--attacker-type",
                "panzer",
            ][..],
            &mud,
        ]
        .concat(),
    );
    assert_eq!(
        first_line(&once),
        "9 vs 4 → 2:1 → 2:1, roll 1 → DR (turn 3, mud)"
    );
    // A unit's own type written on the --attack flag wins over --attacker-type.
    let mixed = odds_b4m(
        &[
            &["--attack", "12", "--attack", "6:infantry"][..],
            &["--attacker-type", "panzer"],
            &mud,
        ]
        .concat(),
    );
    assert!(
        first_line(&mixed).starts_with("12 vs 4 → 3:1"),
        "{}",
        show(&mixed)
    );
    // A unit's id implies its type: XXIV is a panzer corps, XXIII an infantry one.
    let units = odds_b4m(&[&["--attack", "12:XXIV", "--attack", "6:XXIII"][..], &mud].concat());
    assert!(
        first_line(&units).starts_with("12 vs 4 → 3:1"),
        "{}",
        show(&units)
    );
    // A wrong shared type is said once, naming its flag.
    let wrong = odds_b4m(
        &[
            &[
                "--attack",
                "12",
                "--attack",
                "6",
                "--attacker-type",
                "panzers",
            ][..],
            &mud,
        ]
        .concat(),
    );
    assert_usage_error(&wrong, &["unknown unit type `panzers` (--attacker-type)"]);
    assert_eq!(
        text(&wrong.stderr).matches("`panzers`").count(),
        1,
        "{}",
        show(&wrong)
    );
}

#[test]
fn odds_prints_each_shift_by_its_data_name_signed() {
    // b4m's forest shift is named "Defender in forest" in rules/b4m.toml, and moves one column left.
    let forest = odds_b4m(&[
        "--attack",
        "12:panzer",
        "--attack",
        "6",
        "--defence",
        "4",
        "--terrain",
        "forest",
        "--roll",
        "4",
    ]);
    assert_eq!(
        first_line(&forest),
        "18 vs 4 → 4:1, Defender in forest -1 → 3:1, roll 4 → EX (turn 1, clear)"
    );
    // btm2's counter-offensive shift moves one column right: "+1", not "1".
    let root = repo();
    let winter = vmodc(&[
        "odds",
        "btm2",
        "--root",
        path(&root),
        "--attack",
        "6:soviet-infantry",
        "--defence",
        "2",
        "--turn",
        "4",
        "--side",
        "german",
        "--roll",
        "3",
    ]);
    assert_eq!(
        first_line(&winter),
        "6 vs 2 → 3:1, Soviet winter counter-offensive +1 → 4:1, roll 3 → unknown (the CRT cell is not in the sources) (turn 4, snow)"
    );
}

#[test]
fn odds_reads_the_one_type_of_a_game_of_one_type() {
    // The areas fixture has one unit type, infantry; a modifier limited to it is never in doubt.
    let dir = TempDir::new("one-type");
    copy_tree(&repo().join("tests/fixtures/areas"), dir.path());
    let rules = dir.path().join("rules/tiny.toml");
    let mut text_of = std::fs::read_to_string(&rules).expect("rules");
    text_of.push_str(
        "\n[[combat.attack_modifiers]]\nid = \"tired\"\nname = \"Tired infantry\"\nunit_types = [\"infantry\"]\nnumerator = 1\ndenominator = 2\nkeep_fractions = false\nrule = \"5\"\n",
    );
    std::fs::write(&rules, text_of).expect("rules");
    let args = [
        "odds",
        "tiny",
        "--root",
        path(dir.path()),
        "--attack",
        "4",
        "--attack",
        "2",
    ];
    let out = vmodc(&[&args[..], &["--defence", "3", "--roll", "1"]].concat());
    assert!(
        first_line(&out).starts_with("3 vs 3 → 1:1"),
        "{}",
        show(&out)
    );
}

#[test]
fn odds_prints_json() {
    let out = odds_b4m(&[
        "--attack",
        "12:panzer",
        "--attack",
        "6",
        "--defence",
        "4",
        "--terrain",
        "forest",
        "--format",
        "json",
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON: {e}\n{}", show(&out)));
    assert_eq!(json["game"], "b4m");
    assert_eq!(json["attack"], 18.0);
    assert_eq!(json["defence"], 4.0);
    assert_eq!(json["odds"], "4:1");
    assert_eq!(json["shifted"], "3:1");
    assert_eq!(json["column"], "3:1");
    assert_eq!(json["shifts"][0]["id"], "forest");
    assert_eq!(json["shifts"][0]["shift"], -1);
    assert_eq!(json["results"].as_array().map(Vec::len), Some(6));
    assert_eq!(
        json["results"][5],
        serde_json::json!({"roll": 6, "result": "DRL"})
    );

    let out = odds_b4m(&[
        "--attack",
        "9",
        "--defence",
        "3",
        "--roll",
        "2",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["roll"], 2);
    assert_eq!(
        json["results"],
        serde_json::json!([{"roll": 2, "result": "DR"}])
    );
    // Errors stay on standard error.
    let out = odds_b4m(&[
        "--attack",
        "9",
        "--defence",
        "3",
        "--roll",
        "9",
        "--format",
        "json",
    ]);
    assert_usage_error(&out, &["roll out of range"]);
}

/// The battle `vmodc odds` computes is the combat concept's: checked, resolved and reported the
/// same from the library, its problems typed by the part of the battle rather than by flag.
#[test]
fn a_battle_from_the_library_reports_what_odds_prints() {
    use vmodc::concept::combat::battle::outcome::Undecided;
    use vmodc::concept::combat::battle::problems::{Fault, Part};
    use vmodc::concept::combat::battle::{Attacker, Battle};
    let game = shipped_game("b4m");
    let attacker = |strength, unit_type: Option<&str>| Attacker {
        strength,
        unit_type: unit_type.map(str::to_string),
    };
    let mut battle = Battle::new(vec![attacker(9.0, None)], 3.0);
    battle.roll = Some(6);
    assert!(battle.problems(&game).is_empty());
    let outcome = battle.resolve(&game).expect("decided");
    let printed = odds_b4m(&["--attack", "9", "--defence", "3", "--roll", "6"]);
    assert_eq!(outcome.line(), text(&printed.stdout).trim());

    battle.terrain = Some("swamp".into());
    let problems = battle.problems(&game);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].part, Part::Terrain);
    assert!(
        matches!(&problems[0].fault, Fault::Unknown { given, valid }
            if given == "swamp" && valid.iter().any(|v| v == "forest")),
        "{problems:?}"
    );

    // In mud, panzers attack at half strength: an attacker without a type leaves it open.
    let mut mud = Battle::new(vec![attacker(12.0, None)], 4.0);
    mud.turn = 3;
    let open = mud
        .resolve(&game)
        .expect_err("the attacker's type decides it");
    assert!(
        matches!(&open[..], [Undecided::AttackerType { modifier, .. }]
            if modifier.id.as_str() == "mud-panzers"),
        "{open:?}"
    );
    mud.attackers = vec![attacker(12.0, Some("panzer"))];
    let outcome = mud.resolve(&game).expect("decided");
    assert_eq!((outcome.attack, outcome.defence), (6.0, 4.0));
}

// ---------------------------------------------------------------------------------------------------
// One exit-code contract: 0 success, 1 the checks failed, 2 usage or I/O
// ---------------------------------------------------------------------------------------------------

/// Run `vmodc` with `{root}`, `{out}` and `{module}` replaced, and check the exit code.
fn expect_exit(expected: i32, args: &[&str], vars: &[(&str, &Path)]) {
    let args: Vec<String> = args
        .iter()
        .map(|a| {
            vars.iter().fold(a.to_string(), |a, (name, value)| {
                a.replace(name, path(value))
            })
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = vmodc(&args);
    assert_eq!(code(&out), expected, "{args:?}\n{}", show(&out));
}

#[test]
fn every_command_follows_one_exit_code_contract() {
    let good = tiny_copy();
    let bad = broken_tiny("rules/tiny.toml", "cap = \"3:1\"", "cap = \"3-1\"");
    // The i18n tools and odds need the data loaded: a syntax error stops them.
    let unparsable = broken_tiny("rules/tiny.toml", "cap = \"3:1\"", "cap = 3:1");
    let out_dir = TempDir::new("out");
    let module = out_dir.path().join("tiny.vmod");
    let junk = out_dir.path().join("junk.vmod");
    let taken = out_dir.path().join("taken.toml");
    std::fs::write(&junk, b"not a zip").expect("write");
    std::fs::write(&taken, b"").expect("write");
    let empty = TempDir::new("empty");
    let v = [
        ("{good}", good.path()),
        ("{bad}", bad.path()),
        ("{unparsable}", unparsable.path()),
        ("{out}", out_dir.path()),
        ("{module}", module.as_path()),
        ("{junk}", junk.as_path()),
        ("{taken}", taken.as_path()),
        ("{empty}", empty.path()),
    ];
    let odds = ["--attack", "3", "--defence", "1"];
    // 0: success.
    expect_exit(0, &["build", "--root", "{good}", "--out", "{out}"], &v);
    expect_exit(
        0,
        &["build", "tiny", "--root", "{good}", "--out", "{out}"],
        &v,
    );
    expect_exit(0, &["check", "--root", "{good}"], &v);
    expect_exit(0, &["check", "tiny", "--root", "{good}"], &v);
    expect_exit(0, &["check", "{module}"], &v);
    expect_exit(
        0,
        &[&["odds", "tiny", "--root", "{good}"][..], &odds].concat(),
        &v,
    );
    expect_exit(0, &["i18n", "status", "--root", "{good}"], &v);
    expect_exit(
        0,
        &[
            "i18n", "extract", "tiny", "fr", "--root", "{good}", "--out", "-",
        ],
        &v,
    );
    expect_exit(
        0,
        &[
            "i18n",
            "extract",
            "--interface",
            "fr",
            "--root",
            "{good}",
            "--out",
            "-",
        ],
        &v,
    );
    // 1: the data or module has errors.
    expect_exit(1, &["build", "--root", "{bad}", "--out", "{out}"], &v);
    expect_exit(1, &["check", "--root", "{bad}"], &v);
    expect_exit(1, &["check", "tiny", "--root", "{bad}"], &v);
    expect_exit(1, &["check", "{junk}"], &v);
    expect_exit(1, &["check", "--root", "{unparsable}"], &v);
    expect_exit(
        1,
        &[&["odds", "tiny", "--root", "{unparsable}"][..], &odds].concat(),
        &v,
    );
    expect_exit(1, &["i18n", "status", "--root", "{unparsable}"], &v);
    expect_exit(
        1,
        &[
            "i18n",
            "extract",
            "tiny",
            "fr",
            "--root",
            "{unparsable}",
            "--out",
            "-",
        ],
        &v,
    );
    // 2: usage or I/O: unknown game, missing file, no games, bad arguments, a file in the way.
    for cmd in [&["build"][..], &["check"], &["i18n", "status"]] {
        expect_exit(2, &[cmd, &["nogame", "--root", "{good}"]].concat(), &v);
        expect_exit(2, &[cmd, &["--root", "{empty}"]].concat(), &v);
        expect_exit(2, &[cmd, &["--no-such-flag"]].concat(), &v);
    }
    expect_exit(
        2,
        &[&["odds", "nogame", "--root", "{good}"][..], &odds].concat(),
        &v,
    );
    expect_exit(
        2,
        &[&["odds", "tiny", "--root", "{empty}"][..], &odds].concat(),
        &v,
    );
    expect_exit(
        2,
        &["odds", "tiny", "--root", "{good}", "--defence", "1"],
        &v,
    );
    expect_exit(
        2,
        &["i18n", "extract", "nogame", "fr", "--root", "{good}"],
        &v,
    );
    expect_exit(
        2,
        &[
            "i18n", "extract", "tiny", "fr", "--root", "{good}", "--out", "{taken}",
        ],
        &v,
    );
    expect_exit(
        2,
        &[
            "i18n", "extract", "tiny", "fr", "--from", "xx", "--root", "{good}",
        ],
        &v,
    );
    expect_exit(
        2,
        &[
            "i18n",
            "extract",
            "--interface",
            "fr",
            "--from",
            "xx",
            "--root",
            "{good}",
        ],
        &v,
    );
    expect_exit(2, &["i18n", "extract", "--interface", "fr", "tiny"], &v);
    expect_exit(2, &["check", "{out}/missing.vmod"], &v);
    expect_exit(2, &["check", "missing.vmod"], &v);
    expect_exit(2, &["i18n"], &v);
    expect_exit(2, &["odds"], &v);

    // A game file that cannot be read is an I/O problem too.
    std::fs::remove_file(good.path().join("maps/tiny.toml")).expect("remove");
    expect_exit(2, &["check", "tiny", "--root", "{good}"], &v);
    expect_exit(
        2,
        &["build", "tiny", "--root", "{good}", "--out", "{out}"],
        &v,
    );
    expect_exit(
        2,
        &[&["odds", "tiny", "--root", "{good}"][..], &odds].concat(),
        &v,
    );
    // An output folder that is a file: the module cannot be written.
    let dir = tiny_copy();
    let out = vmodc(&["build", "--root", path(dir.path()), "--out", path(&junk)]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("tiny not built"),
        "{}",
        show(&out)
    );

    // An unknown game is one error that lists the games.
    let out = vmodc(&["check", "tinny", "--root", path(dir.path())]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    let err = text(&out.stderr);
    assert_eq!(err.matches("error[V0002]").count(), 1, "{}", show(&out));
    assert!(err.contains("did you mean `tiny`?"), "{}", show(&out));
}

/// `vmodc build --no-print` of the games under `root` into `out`.
fn build_modules(root: &Path, out: &Path) -> Output {
    vmodc(&[
        "build",
        "--no-print",
        "--root",
        path(root),
        "--out",
        path(out),
    ])
}

/// The tiny game with its map drawn from a scan (two hex centres fit the grid exactly).
fn tiny_with_map_scan() -> TempDir {
    broken_tiny(
        "maps/tiny.toml",
        "rule = \"9.0\"\n",
        "rule = \"9.0\"\nimage = \"art/tiny/map.png\"\n\n[map.hex_centres]\n\"0101\" = [44, 40]\n\"0401\" = [200, 70]\n",
    )
}

/// A scan damaged after its header was found only by the build (V0601, no line); the check now
/// decodes it whole and names the line (V1031, issue #33), and the build writes nothing.
#[test]
fn a_scan_damaged_after_its_header_fails_the_check_at_its_line() {
    let dir = tiny_with_map_scan();
    let scan = dir.path().join("art/tiny/map.png");
    let bytes = std::fs::read(&scan).expect("scan");
    // The signature and the IHDR chunk stay, so the size is read; the pixels are cut off.
    std::fs::write(&scan, &bytes[..40]).expect("truncate");
    let out_dir = TempDir::new("out");
    let check = vmodc(&["check", "--root", path(dir.path())]);
    assert_eq!(code(&check), 1, "{}", show(&check));
    let said = show(&check);
    assert!(
        said.contains("error[V1031]: image `art/tiny/map.png` does not decode")
            && said.contains("maps/tiny.toml:5:9"),
        "{}",
        show(&check)
    );
    let out = build_modules(dir.path(), out_dir.path());
    assert_ne!(code(&out), 0, "{}", show(&out));
    assert!(
        !listing(out_dir.path()).contains(&"tiny.vmod".to_string()),
        "a module was written: {:?}",
        listing(out_dir.path())
    );
}

#[test]
fn an_output_path_that_cannot_be_written_is_named_and_leaves_nothing_behind() {
    let dir = tiny_copy();
    let out_dir = TempDir::new("out");
    // A folder where the module should go: the rename onto it fails.
    std::fs::create_dir_all(out_dir.path().join("tiny.vmod/kept")).expect("mkdir");
    let out = build_modules(dir.path(), out_dir.path());
    assert_eq!(code(&out), 2, "{}", show(&out));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error[V0603]"), "{}", show(&out));
    assert!(stderr.contains("tiny.vmod"), "{}", show(&out));
    assert!(
        stderr.contains("check that the output folder is writable"),
        "{}",
        show(&out)
    );
    assert!(out_dir.path().join("tiny.vmod/kept").is_dir());
    assert!(
        listing(out_dir.path())
            .iter()
            .all(|name| !name.contains("tmp")),
        "a temporary file was left: {:?}",
        listing(out_dir.path())
    );
}

/// A translator adding a language translates the interface once (`--interface`, written under
/// i18n/interface/) and each game's own texts (its catalog holds no interface text).
#[test]
fn extract_writes_the_interface_catalog_once_and_the_game_catalog_without_it() {
    let dir = tiny_copy();
    let root = path(dir.path());
    let out = vmodc(&["i18n", "extract", "--interface", "fr", "--root", root]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let interface = std::fs::read_to_string(dir.path().join("i18n/interface/fr.toml")).unwrap();
    assert!(interface.contains("code = \"fr\"") && interface.contains("flip = \"Flip\""));
    let out = vmodc(&["i18n", "extract", "tiny", "fr", "--root", root]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let game = std::fs::read_to_string(dir.path().join("i18n/tiny/fr.toml")).unwrap();
    assert!(game.contains("[units]") && !game.contains("[ui]"), "{game}");
    let out = vmodc(&["i18n", "status", "--root", root]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(
        text(&out.stdout).contains(
            "fr (Français): 0 missing, 0 unused, 54 left as the data's English (interface texts: i18n/interface/fr.toml)"
        ),
        "{}",
        show(&out)
    );
}
