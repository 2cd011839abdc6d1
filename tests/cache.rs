//! Builds are byte-identical with and without the rendered-image cache, cold or warm.

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
