//! Builds are byte-identical with and without the rendered-image cache, cold or warm.

use crate::common;

use std::path::Path;
use vmodc::diag::Sources;
use vmodc::pipeline::{self, cache::Cache};

#[test]
fn cache_does_not_change_a_single_byte() {
    let mut sources = Sources::default();
    let (loaded, _) = pipeline::load_and_check(Path::new("."), "b4m", &mut sources);
    let loaded = loaded.expect("b4m loads");
    let dir = std::env::temp_dir().join(format!("vmodc-cache-it-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cache = Cache::new(&dir);
    for lang in pipeline::languages(&loaded) {
        let plain = pipeline::compile_language(&loaded, lang.as_deref()).unwrap();
        let cold = pipeline::compile_with(&loaded, lang.as_deref(), Some(&cache), None).unwrap();
        let warm = pipeline::compile_with(&loaded, lang.as_deref(), Some(&cache), None).unwrap();
        assert!(plain == cold, "cold cache changed the output");
        assert!(plain == warm, "warm cache changed the output");
    }
    let cached = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
    assert!(
        cached > 50,
        "the cache holds the rendered images ({cached})"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `vmodc build` of the game in `root` into `root/dist`, with its kits and a cache in `root/cache`.
fn cached_build_into(root: &Path) -> pipeline::Options {
    pipeline::Options {
        root: root.to_path_buf(),
        out: root.join("dist"),
        deny_warnings: false,
        cache: Some(root.join("cache")),
        print: Some(vmodc::print::print_kits),
    }
}

/// A module whose inputs and file are unchanged is not compiled again; any change to its data, to
/// the file on disk, or a build without the cache writes it again.
#[test]
fn unchanged_modules_are_skipped_and_changed_ones_rebuilt() {
    let dir = common::tiny_copy();
    let root = dir.path().to_path_buf();
    let options = cached_build_into(&root);
    let build = |options: &pipeline::Options| {
        let mut sources = Sources::default();
        let outcome = pipeline::build_game(options, "tiny", &mut sources);
        assert_eq!(outcome.modules.len(), 1, "{:?}", outcome.report);
        let module = outcome.modules[0].clone();
        let bytes = std::fs::read(&module.path).unwrap();
        assert_eq!(module.size, bytes.len() as u64);
        (module.written, bytes)
    };
    let (written, first) = build(&options);
    assert!(written, "a first build writes the module");
    let (written, again) = build(&options);
    assert!(!written, "nothing changed: the module is left as it is");
    assert_eq!(again, first);

    // The file was touched by someone else: written again, with the same bytes as before.
    let path = root.join("dist/tiny.vmod");
    std::fs::write(&path, b"not a module").unwrap();
    let (written, repaired) = build(&options);
    assert!(written, "a changed file is rebuilt");
    assert_eq!(repaired, first);

    // One counter value changes: written again, with different bytes.
    common::patch(&root, "counters/tiny.toml", "\"4-3\"", "\"5-3\"").unwrap();
    let (written, edited) = build(&options);
    assert!(written, "a data change rebuilds the module");
    assert_ne!(edited, first);
    let (written, _) = build(&options);
    assert!(!written);

    // Without the cache, every build writes.
    let no_cache = pipeline::Options {
        cache: None,
        print: Some(vmodc::print::print_kits),
        ..options.clone()
    };
    let (written, plain) = build(&no_cache);
    assert!(written);
    assert_eq!(plain, edited);
}

/// After a change to one unit, the kit's map sheets and charts are read from the cache (they do not
/// depend on the units), and the PDF is the one printed afresh without a cache; an entry that does
/// not read back is drawn again.
#[test]
fn a_kit_rebuilt_after_a_unit_change_reads_its_boards_from_the_cache() {
    let dir = common::tiny_copy();
    let root = dir.path().to_path_buf();
    let options = cached_build_into(&root);
    let kit = |options: &pipeline::Options| {
        let outcome = pipeline::build_game(options, "tiny", &mut Sources::default());
        assert_eq!(outcome.prints.len(), 1, "{:?}", outcome.report);
        std::fs::read(&outcome.prints[0].path).unwrap()
    };
    let fresh = |root: &Path| {
        let mut sources = Sources::default();
        let (loaded, _) = pipeline::load_and_check(root, "tiny", &mut sources);
        let printed = vmodc::print::print_language(
            &loaded.expect("tiny loads"),
            None,
            &vmodc::print::PrintOptions::default(),
        );
        printed.expect("tiny prints").pdf
    };
    // Unit R1's full strength (its reduced face stays 2: 4 and 5 halve to it).
    let set_strength = |n: u32| {
        let path = root.join("counters/tiny.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        let unit = text.find("id = \"R1\"").expect("unit R1");
        let line = unit + text[unit..].find("faces = ").expect("its faces");
        let end = line + text[line..].find('\n').unwrap();
        let faces = format!("faces = {{ full = \"{n}-3\", reduced = \"2-3\" }}");
        std::fs::write(&path, format!("{}{faces}{}", &text[..line], &text[end..])).unwrap();
    };
    kit(&options);
    let printed: Vec<_> = std::fs::read_dir(root.join("cache"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "printed"))
        .collect();
    // The map sheet, the two charts and the turn track board.
    assert_eq!(printed.len(), 4, "{printed:?}");

    set_strength(5);
    let edited = kit(&options);
    assert_eq!(
        edited,
        fresh(&root),
        "a kit from the cache is the kit printed afresh"
    );

    // Each entry is checked before use: two entries swapped (each a whole entry, of another key)
    // are drawn again, and stored again under their own keys.
    let (a, b) = (
        std::fs::read(&printed[0]).unwrap(),
        std::fs::read(&printed[1]).unwrap(),
    );
    std::fs::write(&printed[0], &b).unwrap();
    std::fs::write(&printed[1], &a).unwrap();
    set_strength(4);
    assert_eq!(
        kit(&options),
        fresh(&root),
        "the swapped entries are not what the kit shows"
    );
    assert_eq!(
        std::fs::read(&printed[0]).unwrap(),
        a,
        "drawn again, stored again"
    );
    assert_eq!(std::fs::read(&printed[1]).unwrap(), b);

    // Entries cut short are not read back: the kit is drawn again, whole.
    for path in &printed {
        let bytes = std::fs::read(path).unwrap();
        std::fs::write(path, &bytes[..bytes.len() / 2]).unwrap();
    }
    set_strength(5);
    assert_eq!(kit(&options), fresh(&root));
}

/// A cache folder that is a symbolic link (here to a folder outside the project) is not used: the
/// build warns (V0608), writes its module as without a cache, and writes nothing where the link
/// points.
#[cfg(unix)]
#[test]
fn a_cache_folder_linked_outside_the_project_is_not_written_through() {
    let dir = common::tiny_copy();
    let root = dir.path().to_path_buf();
    let outside = common::TempDir::new("cache-outside");
    std::os::unix::fs::symlink(outside.path(), root.join("cache")).unwrap();
    let options = pipeline::Options {
        print: None,
        ..cached_build_into(&root)
    };
    let mut sources = Sources::default();
    let outcome = pipeline::build_game(&options, "tiny", &mut sources);
    assert_eq!(outcome.modules.len(), 1, "{:?}", outcome.report);
    assert!(
        outcome
            .report
            .diagnostics
            .iter()
            .any(|d| d.code == "V0608" && d.message.contains("is a symbolic link")),
        "{:?}",
        outcome.report
    );
    let written: Vec<_> = std::fs::read_dir(outside.path()).unwrap().collect();
    assert!(written.is_empty(), "{written:?}");
}
