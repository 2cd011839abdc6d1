//! The "Shapes" section of `docs/data-format.md` as a test: every example game it gives is written out
//! from the section's own code blocks, checked with `--deny-warnings`, built, read back the way VASSAL
//! reads it, and its setup found on the hexes, squares or areas the scenario names.
//!
//! The markers, each on the line before a fenced block: `<!-- shape: NAME FILE -->` (the block is the
//! whole of FILE in example NAME), `<!-- shape: NAME like OTHER -->` (NAME starts as a copy of OTHER's
//! files; no block) and `<!-- shape: NAME replace FILE -->` (the first of the next two blocks, found
//! once in FILE, becomes the second).

use crate::common::{repo, vmodc_in, TempDir};
use std::collections::BTreeMap;
use std::path::Path;
use vmodc::verify::{self, ModuleView};

/// One example game: its files, path → text, in the order the section builds them.
type Files = BTreeMap<String, String>;

/// The fenced code blocks of a text, each with the line its fence opens on.
fn code_blocks(lines: &[&str]) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in lines.iter().enumerate() {
        match open.take() {
            None if line.starts_with("```") => open = Some((i, String::new())),
            None => {}
            Some((start, body)) if line.starts_with("```") => blocks.push((start, body)),
            Some((start, mut body)) => {
                body.push_str(line);
                body.push('\n');
                open = Some((start, body));
            }
        }
    }
    blocks
}

/// Every example of the section, by name, in the order they first appear.
fn examples(doc: &str) -> Vec<(String, Files)> {
    let section = doc
        .split("\n## Shapes")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/data-format.md has a Shapes section");
    let lines: Vec<&str> = section.lines().collect();
    let blocks = code_blocks(&lines);
    let after = |line: usize, n: usize| -> String {
        blocks
            .iter()
            .filter(|(start, _)| *start > line)
            .nth(n)
            .map(|(_, body)| body.clone())
            .unwrap_or_else(|| panic!("Shapes line {}: no code block {n} after it", line + 1))
    };
    let mut games: Vec<(String, Files)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(marker) = line
            .strip_prefix("<!-- shape: ")
            .and_then(|m| m.strip_suffix(" -->"))
        else {
            continue;
        };
        let words: Vec<&str> = marker.split_whitespace().collect();
        let name = words[0].to_string();
        if !games.iter().any(|(n, _)| *n == name) {
            games.push((name.clone(), Files::new()));
        }
        let copy_of = |other: &str| -> Files {
            games
                .iter()
                .find(|(n, _)| n == other)
                .map(|(_, files)| files.clone())
                .unwrap_or_else(|| panic!("Shapes line {}: no example {other} before it", i + 1))
        };
        let action = match words[1..] {
            ["like", other] => Some(copy_of(other)),
            _ => None,
        };
        let files = &mut games
            .iter_mut()
            .find(|(n, _)| *n == name)
            .expect("added above")
            .1;
        match (words[1..].as_ref(), action) {
            (["like", _], Some(copy)) => *files = copy,
            (["replace", file], _) => {
                let (old, new) = (after(i, 0), after(i, 1));
                let text = files
                    .get_mut(*file)
                    .unwrap_or_else(|| panic!("Shapes line {}: {name} has no {file}", i + 1));
                assert_eq!(text.matches(&old).count(), 1, "{name} {file}: {old}");
                *text = text.replacen(&old, &new, 1);
            }
            ([file], _) => {
                files.insert(file.to_string(), after(i, 0));
            }
            _ => panic!("Shapes line {}: unknown marker {marker:?}", i + 1),
        }
    }
    games
}

fn run_ok(dir: &Path, args: &[&str]) -> String {
    let out = vmodc_in(dir, args);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "vmodc {}: {text}", args.join(" "));
    text
}

/// The scenario setups of an example: (unit name, where it starts), read from its own TOML.
fn setups(files: &Files) -> Vec<(String, String)> {
    let units: BTreeMap<String, String> = files
        .iter()
        .filter(|(path, _)| path.starts_with("counters/"))
        .flat_map(|(_, text)| {
            let table: toml::Table = toml::from_str(text).expect("counters TOML");
            let units = table.get("units").and_then(|u| u.as_array()).cloned();
            units.unwrap_or_default().into_iter().filter_map(|unit| {
                let id = unit.get("id")?.as_str()?.to_string();
                let name = unit.get("name")?.as_str()?.to_string();
                Some((id, name))
            })
        })
        .collect();
    files
        .iter()
        .filter(|(path, _)| path.starts_with("scenarios/"))
        .flat_map(|(_, text)| {
            let table: toml::Table = toml::from_str(text).expect("scenario TOML");
            let setup = table.get("setup").and_then(|s| s.as_array()).cloned();
            setup.unwrap_or_default()
        })
        .filter_map(|entry| {
            let unit = entry.get("unit")?.as_str()?;
            let place = entry.get("hex")?.as_str()?.to_string();
            Some((
                units.get(unit).cloned().unwrap_or_else(|| unit.into()),
                place,
            ))
        })
        .collect()
}

/// What each example shows beyond loading and setting up; the shapes' own tests add theirs here.
fn shape_checks(name: &str, _view: &ModuleView, build: &str) {
    if name == "hex-odds" {
        assert!(build.contains("VASSAL.build.module.map.boardPicker.board.HexGrid"));
    }
}

#[test]
fn every_shape_example_checks_clean_builds_and_sets_up_where_its_scenario_says() {
    let doc = std::fs::read_to_string(repo().join("docs/data-format.md")).expect("the data format");
    let games = examples(&doc);
    assert!(
        games.iter().any(|(name, _)| name == "hex-odds"),
        "{:?}",
        games.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    for (name, files) in &games {
        let dir = TempDir::new(&format!("shape-{name}"));
        for (path, text) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
            std::fs::write(&path, text).expect("write");
        }
        let said = run_ok(dir.path(), &["check", "--deny-warnings"]);
        assert!(said.contains("0 errors, 0 warnings"), "{name}: {said}");
        run_ok(dir.path(), &["build", "--no-print"]);
        let modules: Vec<_> = std::fs::read_dir(dir.path().join("dist"))
            .expect("dist")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "vmod"))
            .collect();
        assert!(!modules.is_empty(), "{name}: no module");
        for path in modules {
            let bytes = std::fs::read(&path).expect("module");
            let report = verify::check_module(&bytes, &path);
            assert!(
                report.diagnostics.is_empty(),
                "{name}: {:?}",
                report.diagnostics
            );
            let view = verify::open_module(&bytes).expect("the module opens");
            let stacks = view
                .root
                .find_all("VASSAL.build.module.map.SetupStack")
                .into_iter()
                .map(|s| (s.attr("name").to_string(), s.attr("location").to_string()))
                .collect::<Vec<_>>();
            let wanted = setups(files);
            assert!(!wanted.is_empty(), "{name}: no setup");
            for placed in &wanted {
                assert!(
                    stacks.contains(placed),
                    "{name}: {placed:?} not in {stacks:?}"
                );
            }
            let build =
                String::from_utf8(view.archive.entries["buildFile.xml"].clone()).expect("UTF-8");
            shape_checks(name, &view, &build);
        }
    }
}

#[test]
fn a_broken_shape_marker_is_noticed() {
    let doc =
        "\n## Shapes\n<!-- shape: a x.toml -->\n```toml\nk = 1\n```\n<!-- shape: b like a -->\n\
               <!-- shape: b replace x.toml -->\n```\nk = 1\n```\n```\nk = 2\n```\n## Next\n";
    let games = examples(doc);
    assert_eq!(games[0].1["x.toml"], "k = 1\n");
    assert_eq!(games[1].1["x.toml"], "k = 2\n");
    let unknown = std::panic::catch_unwind(|| examples("\n## Shapes\n<!-- shape: a b c d -->\n"));
    assert!(unknown.is_err());
}
