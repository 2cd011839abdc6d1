//! Builds are byte-identical with and without the rendered-image cache, cold or warm.

use crate::common;

use std::path::Path;
use vmodc::build::{self, cache::Cache};
use vmodc::diag::Sources;

#[test]
fn cache_does_not_change_a_single_byte() {
    let mut sources = Sources::default();
    let (loaded, _) = build::load_and_check(Path::new("."), "b4m", &mut sources);
    let loaded = loaded.expect("b4m loads");
    let dir = std::env::temp_dir().join(format!("vmodc-cache-it-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cache = Cache::new(&dir);
    for lang in build::languages(&loaded) {
        let plain = build::compile_language(&loaded, lang.as_deref()).unwrap();
        let cold = build::compile_with(&loaded, lang.as_deref(), Some(&cache), None).unwrap();
        let warm = build::compile_with(&loaded, lang.as_deref(), Some(&cache), None).unwrap();
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

/// A module whose inputs and file are unchanged is not compiled again; any change to its data, to
/// the file on disk, or a build without the cache writes it again.
#[test]
fn unchanged_modules_are_skipped_and_changed_ones_rebuilt() {
    let dir = common::tiny_copy();
    let root = dir.path().to_path_buf();
    let options = build::Options {
        root: root.clone(),
        out: root.join("dist"),
        deny_warnings: false,
        cache: Some(root.join("cache")),
        print: Some(vmodc::print::print_kits),
    };
    let build = |options: &build::Options| {
        let mut sources = Sources::default();
        let outcome = build::build_game(options, "tiny", &mut sources);
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
    let no_cache = build::Options {
        cache: None,
        print: Some(vmodc::print::print_kits),
        ..options.clone()
    };
    let (written, plain) = build(&no_cache);
    assert!(written);
    assert_eq!(plain, edited);
}
