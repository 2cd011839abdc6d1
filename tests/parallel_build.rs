//! A build on many threads writes the same bytes as a build on one: images, texts and zip entries
//! are produced in parallel, but each depends only on its input and they are put in name order.

use std::path::{Path, PathBuf};
use vmodc::diag::Sources;
use vmodc::pipeline;

/// Every module of `id` built (`vmodc build --no-cache`) on a pool of `threads` threads, as
/// (file name, bytes).
fn build_on(threads: usize, id: &str, out: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let options = pipeline::Options {
        root: PathBuf::from("."),
        out: out.to_path_buf(),
        deny_warnings: false,
        cache: None,
        print: Some(vmodc::print::print_kits),
    };
    let outcome = pool.install(|| pipeline::build_game(&options, id, &mut Sources::default()));
    assert!(!outcome.modules.is_empty(), "{id} builds");
    outcome
        .modules
        .iter()
        .map(|m| {
            let name = PathBuf::from(m.path.file_name().expect("a file name"));
            (
                name,
                std::fs::read(&m.path).expect("the module was written"),
            )
        })
        .collect()
}

#[test]
fn a_parallel_build_equals_a_serial_build() {
    let tmp = std::env::temp_dir().join(format!("vmodc-parallel-{}", std::process::id()));
    for id in ["b4m", "lsam"] {
        let serial = build_on(1, id, &tmp.join("serial"));
        let parallel = build_on(4, id, &tmp.join("parallel"));
        assert_eq!(serial.len(), parallel.len());
        for ((name, a), (_, b)) in serial.iter().zip(&parallel) {
            assert!(a == b, "{}: 1 and 4 threads differ", name.display());
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
