//! A game written for an earlier vmodc keeps working (issue 44, item 7): tests/fixtures/format1 is the
//! game `vmodc new` wrote on 2026-11-27, in data format 1, with a special rule and catalog texts as
//! format 1 wrote them. The current vmodc checks and builds it as it is, with a note per difference;
//! `vmodc migrate` makes exactly the edits those notes name, and the migrated game builds the same
//! module (only the data files the module carries for `vmodc audit` differ, by those edits).

use crate::common::{code, copy_tree, repo, text, vmodc_in, TempDir};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// The format-1 game copied into a fresh folder.
fn format1_copy() -> TempDir {
    let dir = TempDir::new("format1");
    copy_tree(&repo().join("tests/fixtures/format1"), dir.path());
    dir
}

/// Every data file of the project (path → text), to compare before and after.
fn data_files(root: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in walkdir::WalkDir::new(root).sort_by_file_name() {
        let entry = entry.expect("walk");
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "toml") && !path.starts_with(root.join("dist")) {
            let rel = path
                .strip_prefix(root)
                .expect("inside")
                .to_string_lossy()
                .replace('\\', "/");
            out.insert(rel, std::fs::read_to_string(path).expect("text"));
        }
    }
    out
}

/// A module's entries, name → bytes.
fn entries(module: &Path) -> BTreeMap<String, Vec<u8>> {
    let file = std::fs::File::open(module).unwrap_or_else(|e| panic!("{}: {e}", module.display()));
    let mut zip = zip::ZipArchive::new(file).expect("a zip");
    let mut out = BTreeMap::new();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).expect("entry");
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).expect("read");
        out.insert(entry.name().expect("a name").to_string(), bytes);
    }
    out
}

/// The lines `after` holds that `before` does not (`+`), and those it lost (`-`), in order: the
/// edits as a designer reads them in a diff. Good enough for edits that add or remove whole lines.
fn line_changes(before: &str, after: &str) -> Vec<String> {
    let (b, a): (Vec<&str>, Vec<&str>) = (before.lines().collect(), after.lines().collect());
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < b.len() || j < a.len() {
        match (b.get(i), a.get(j)) {
            (Some(x), Some(y)) if x == y => (i, j) = (i + 1, j + 1),
            (Some(x), _) if !a[j..].contains(x) => {
                out.push(format!("-{x}"));
                i += 1;
            }
            (_, Some(y)) => {
                out.push(format!("+{y}"));
                j += 1;
            }
            (Some(x), None) => {
                out.push(format!("-{x}"));
                i += 1;
            }
            (None, None) => break,
        }
    }
    out
}

#[test]
fn a_format_1_game_checks_as_it_is_with_a_note_for_each_edit() {
    let game = format1_copy();
    let out = vmodc_in(game.path(), &["check"]);
    let err = text(&out.stderr);
    assert_eq!(code(&out), 0, "{err}");
    for expected in [
        "note[V0005]: the data is in format 1, written for an earlier vmodc: read as format 2",
        "--> rules/millford.toml:12:11",
        "note[V0875]: this special rule has no `id` (data format 1): read with the id `dawn-assault`, from its title",
        "--> scenarios/millford/standard.toml:90:9",
        "warning[V0905]: the `ja` catalog repeats the interface text `ui.flip`",
        "warning[V0905]: the `ja` catalog repeats the interface text `ui.eliminate`",
    ] {
        assert!(err.contains(expected), "missing {expected:?} in:\n{err}");
    }
    // The English catalog `vmodc new` wrote then copied each of the data's 79 texts (V0907).
    assert_eq!(err.matches("warning[V0907]").count(), 79, "{err}");
    let edits = err.matches("= migrate: `vmodc migrate` makes this change");
    assert_eq!(edits.count(), 4 + 79, "{err}");
    assert!(err.contains("checked millford: 0 errors"), "{err}");
}

#[test]
fn migrate_makes_the_noted_edits_and_nothing_else_and_the_module_stays_the_same() {
    let game = format1_copy();
    let root = game.path();
    let built = vmodc_in(root, &["build"]);
    assert_eq!(code(&built), 0, "{}", text(&built.stderr));
    let modules = ["dist/millford-en.vmod", "dist/millford-ja.vmod"];
    let before_modules: Vec<_> = modules.iter().map(|m| entries(&root.join(m))).collect();
    let before = data_files(root);

    let check_only = vmodc_in(root, &["migrate", "--check"]);
    assert_eq!(code(&check_only), 1, "--check fails while edits remain");
    assert_eq!(data_files(root), before, "--check writes nothing");

    let migrated = vmodc_in(root, &["migrate"]);
    let said = text(&migrated.stdout);
    assert_eq!(code(&migrated), 0, "{said}{}", text(&migrated.stderr));
    assert!(
        said.contains("vmodc migrate: the data is in format 2"),
        "{said}"
    );
    let after = data_files(root);
    let changed: BTreeMap<&String, Vec<String>> = after
        .iter()
        .filter(|(path, now)| before.get(*path) != Some(now))
        .map(|(path, now)| (path, line_changes(&before[path], now)))
        .collect();
    // The English catalog loses every copy of a data text and keeps the rest (comments, headers).
    let english = &changed[&"i18n/millford/en.toml".to_string()];
    assert_eq!(english.len(), 79, "{english:?}");
    assert!(
        english
            .iter()
            .all(|l| l.starts_with('-') && l.contains(" = ")),
        "{english:?}"
    );
    let mut changed = changed;
    changed.retain(|path, _| path.as_str() != "i18n/millford/en.toml");
    let expected: BTreeMap<&String, Vec<String>> = [
        (
            "i18n/millford/ja.toml",
            vec!["-flip = \"裏返す\"", "-eliminate = \"除去\""],
        ),
        ("rules/millford.toml", vec!["+format = 2"]),
        (
            "scenarios/millford/standard.toml",
            vec!["+id = \"dawn-assault\""],
        ),
    ]
    .iter()
    .map(|(path, lines)| {
        let key = after
            .keys()
            .find(|k| k.as_str() == *path)
            .expect("a data file");
        (key, lines.iter().map(|l| l.to_string()).collect())
    })
    .collect();
    assert_eq!(changed, expected);

    // Nothing is left to migrate, and the check no longer notes the format.
    let again = vmodc_in(root, &["migrate", "--check"]);
    assert_eq!(code(&again), 0, "{}", text(&again.stderr));
    assert!(text(&again.stdout).contains("already in data format 2"));
    let check = vmodc_in(root, &["check"]);
    let err = text(&check.stderr);
    assert_eq!(code(&check), 0, "{err}");
    for gone in ["V0005", "V0875", "V0905"] {
        assert!(!err.contains(gone), "{gone} after migrating:\n{err}");
    }

    // The same module: every entry but the data files it carries, which are the migrated files.
    let rebuilt = vmodc_in(root, &["build"]);
    assert_eq!(code(&rebuilt), 0, "{}", text(&rebuilt.stderr));
    for (module, before_module) in modules.iter().zip(&before_modules) {
        let after_module = entries(&root.join(module));
        assert_eq!(
            before_module.keys().collect::<Vec<_>>(),
            after_module.keys().collect::<Vec<_>>(),
            "{module}"
        );
        let differing: Vec<&String> = after_module
            .iter()
            .filter(|(name, bytes)| before_module.get(*name) != Some(*bytes))
            .map(|(name, _)| name)
            .collect();
        assert!(
            differing
                .iter()
                .all(|name| name.starts_with(vmodc::emit::RULES_DATA_DIR)),
            "{module}: entries other than the carried data changed: {differing:?}"
        );
        assert!(
            !differing.is_empty(),
            "{module}: the carried data is the migrated data"
        );
    }
}

#[test]
fn a_file_that_does_not_load_is_not_migrated() {
    let game = format1_copy();
    let rules = game.path().join("rules/millford.toml");
    let broken = std::fs::read_to_string(&rules)
        .expect("rules")
        .replace("[game]", "[game");
    std::fs::write(&rules, &broken).expect("write");
    let out = vmodc_in(game.path(), &["migrate"]);
    assert_eq!(code(&out), 1);
    assert!(
        text(&out.stderr).contains("does not load, nothing written"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&rules).expect("rules"), broken);
}
