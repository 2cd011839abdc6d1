//! The first-game guide (`docs/first-game.md`) as a test: `vmodc new mygame`, then every edit the guide
//! marks with a `<!-- guide: … -->` comment, taken from the guide's own code blocks, then `vmodc check`
//! and `vmodc build` run inside the game's folder (no `--root`), as a designer would. The modules are
//! read back to see each change in them, and in the untouched game to see it was not there before.
//!
//! The markers: `replace FILE` (the next code block's text, found once in FILE, becomes the block after
//! it), `append FILE` (the next block is added at the end of FILE), `check warns TEXT` (`vmodc check`
//! warns, naming TEXT) and `check clean` (`vmodc check --deny-warnings` and `vmodc build` pass).

use crate::common::{code_blocks, repo, vmodc_in, TempDir};
use std::path::Path;
use std::process::Output;
use vmodc::verify::{self, ModuleView};

#[derive(Debug)]
enum Step {
    Replace {
        file: String,
        old: String,
        new: String,
    },
    Append {
        file: String,
        text: String,
    },
    CheckWarns(String),
    CheckClean,
}

/// The guide's steps, in the order they appear.
fn steps(guide: &str) -> Vec<Step> {
    let lines: Vec<&str> = guide.lines().collect();
    let blocks = code_blocks(&lines);
    let after = |line: usize, n: usize| -> String {
        blocks
            .iter()
            .filter(|(start, _)| *start > line)
            .nth(n)
            .map(|(_, body)| body.clone())
            .unwrap_or_else(|| panic!("guide line {}: no code block {n} after it", line + 1))
    };
    let mut steps = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(marker) = line
            .strip_prefix("<!-- guide: ")
            .and_then(|m| m.strip_suffix(" -->"))
        else {
            continue;
        };
        let words: Vec<&str> = marker.split_whitespace().collect();
        steps.push(match words[..] {
            ["replace", file] => Step::Replace {
                file: file.into(),
                old: after(i, 0),
                new: after(i, 1),
            },
            ["append", file] => Step::Append {
                file: file.into(),
                text: after(i, 0),
            },
            ["check", "warns", text] => Step::CheckWarns(text.into()),
            ["check", "clean"] => Step::CheckClean,
            _ => panic!("guide line {}: unknown marker {marker:?}", i + 1),
        });
    }
    steps
}

fn text_of(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn run_ok(dir: &Path, args: &[&str]) -> String {
    let out = vmodc_in(dir, args);
    let text = text_of(&out);
    assert!(out.status.success(), "vmodc {}: {text}", args.join(" "));
    text
}

fn module(game: &Path, lang: &str) -> (ModuleView, String) {
    let path = game.join(format!("dist/mygame-{lang}.vmod"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let report = verify::check_module(&bytes, &path);
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let view = verify::open_module(&bytes).expect("the module opens");
    let build = String::from_utf8(view.archive.entries["buildFile.xml"].clone()).expect("UTF-8");
    (view, build)
}

/// What the guide's edits change, as the English and Japanese modules show them.
#[derive(Debug, PartialEq)]
struct Changes {
    woods_in_front_of_millford: bool,
    engineers_en: bool,
    engineers_ja: bool,
    engineers_set_up_in_0405: bool,
    exchange_at_1_1_on_a_3: bool,
}

fn changes(game: &Path) -> Changes {
    let (en, build) = module(game, "en");
    let (ja, _) = module(game, "ja");
    let woods = en
        .root
        .find_all("VASSAL.build.module.properties.GlobalProperty")
        .into_iter()
        .find(|p| p.attr("name") == "Hexes_woods")
        .expect("the woods' hexes")
        .attr("initialValue")
        .to_string();
    let named = |view: &ModuleView, name: &str| view.pieces.iter().any(|(_, n, _)| n == name);
    let set_up = en
        .root
        .find_all("VASSAL.build.module.map.SetupStack")
        .into_iter()
        .any(|s| s.attr("location") == "0405" && s.attr("name") == "Assault Engineer Battalion");
    // The CRT in the combat automation: the results of a roll of 3, by final column (2 is 1:1).
    let roll_3 = build
        .split("CombatRoll == 3 ?")
        .nth(1)
        .and_then(|rest| rest.split("CombatRoll == 4").next())
        .expect("the CRT row of a 3")
        .to_string();
    Changes {
        woods_in_front_of_millford: woods.contains(",0603,0604,"),
        engineers_en: named(&en, "Assault Engineer Battalion"),
        engineers_ja: named(&ja, "突撃工兵大隊"),
        engineers_set_up_in_0405: set_up,
        exchange_at_1_1_on_a_3: roll_3.contains(r#"CombatFinalColumn == 2 ? "EX""#),
    }
}

#[test]
fn the_first_game_guide_builds_and_its_changes_reach_the_module() {
    let guide = std::fs::read_to_string(repo().join("docs/first-game.md")).expect("the guide");
    assert!(guide.contains("cargo install --locked --path ."));
    let steps = steps(&guide);
    assert_eq!(steps.len(), 8, "{steps:#?}");

    let dir = TempDir::new("first-game");
    let said = run_ok(dir.path(), &["new", "mygame"]);
    assert!(said.contains("mygame"), "{said}");
    let game = dir.path().join("mygame");
    // The untouched game checks clean and builds, with none of the guide's changes; check says so
    // in the one line the guide shows, and in the words it quotes after the last edit.
    let clean_line = "checked mygame: 0 errors, 0 warnings";
    assert!(
        guide.contains(&format!("```text\n{clean_line}\n```")),
        "the guide shows what check prints"
    );
    assert!(guide.contains(&format!("its one line, `{clean_line}`")));
    assert_eq!(run_ok(&game, &["check"]), format!("{clean_line}\n"));
    run_ok(&game, &["check", "--deny-warnings"]);
    run_ok(&game, &["build"]);
    let untouched = Changes {
        woods_in_front_of_millford: false,
        engineers_en: false,
        engineers_ja: false,
        engineers_set_up_in_0405: false,
        exchange_at_1_1_on_a_3: false,
    };
    assert_eq!(changes(&game), untouched);

    for step in &steps {
        match step {
            Step::Replace { file, old, new } => {
                let path = game.join(file);
                let text = std::fs::read_to_string(&path).expect(file);
                assert_eq!(text.matches(old.as_str()).count(), 1, "{file}: {old}");
                std::fs::write(&path, text.replacen(old.as_str(), new, 1)).expect(file);
            }
            Step::Append { file, text } => {
                let path = game.join(file);
                let mut all = std::fs::read_to_string(&path).expect(file);
                all.push_str(text);
                std::fs::write(&path, all).expect(file);
            }
            Step::CheckWarns(needle) => {
                let out = vmodc_in(&game, &["check"]);
                let said = text_of(&out);
                assert!(out.status.success(), "{said}");
                assert!(
                    said.contains("warning") && said.contains(needle.as_str()),
                    "{said}"
                );
                let denied = vmodc_in(&game, &["check", "--deny-warnings"]);
                assert!(!denied.status.success());
            }
            Step::CheckClean => {
                assert_eq!(run_ok(&game, &["check"]), format!("{clean_line}\n"));
                run_ok(&game, &["check", "--deny-warnings"]);
                run_ok(&game, &["build"]);
            }
        }
    }
    for file in ["mygame-en.pdf", "mygame-ja.pdf"] {
        let pdf = std::fs::read(game.join("dist").join(file)).expect(file);
        assert!(pdf.starts_with(b"%PDF-"), "{file}");
    }
    let changed = changes(&game);
    assert_eq!(
        changed,
        Changes {
            woods_in_front_of_millford: true,
            engineers_en: true,
            engineers_ja: true,
            engineers_set_up_in_0405: true,
            exchange_at_1_1_on_a_3: true,
        }
    );
}

#[test]
fn vmodc_new_refuses_a_folder_that_is_not_empty_and_a_name_that_is_no_id() {
    let dir = TempDir::new("new-refuses");
    std::fs::create_dir_all(dir.path().join("taken")).expect("folder");
    std::fs::write(dir.path().join("taken/notes.txt"), "mine").expect("file");
    let out = vmodc_in(dir.path(), &["new", "taken"]);
    assert_eq!(out.status.code(), Some(2));
    let said = text_of(&out);
    assert!(said.contains("not an empty folder"), "{said}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("taken/notes.txt")).expect("kept"),
        "mine"
    );
    assert_eq!(
        std::fs::read_dir(dir.path().join("taken"))
            .expect("dir")
            .count(),
        1
    );

    let out = vmodc_in(dir.path(), &["new", "My Game"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text_of(&out).contains("cannot be a game id"));
    assert!(!dir.path().join("My Game").exists());

    // An empty folder is fine.
    std::fs::create_dir_all(dir.path().join("empty")).expect("folder");
    run_ok(dir.path(), &["new", "empty"]);
    assert!(dir.path().join("empty/rules/empty.toml").is_file());
}
