//! Hostile-input readers at the sizes their limits allow (`cargo bench --bench readers`), each
//! linear where it once was quadratic (issue 45):
//!
//! - `readers/area-map-5000`: load and check an area map of 5,000 areas (the limit), 4 corners and
//!   up to 2 neighbours each, the copy of `tests/fixtures/areas` it is built in written once;
//! - `readers/bundle-20000`: read a `Module_xx.properties` of 20,000 keys (about 1 MB);
//! - `readers/escaped-save-100000`: split a save text of 100,000 escaped separators, which stops at
//!   the nesting bound.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use vmodc::diag::Sources;

/// A copy of the areas fixture with `n` areas in a grid of squares, written under `target/`.
fn area_project(n: usize) -> PathBuf {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = repo.join("target/bench-areas");
    let _ = std::fs::remove_dir_all(&out);
    for entry in walkdir::WalkDir::new(repo.join("tests/fixtures/areas")) {
        let entry = entry.expect("fixture");
        let rel = entry
            .path()
            .strip_prefix(repo.join("tests/fixtures/areas"))
            .expect("inside");
        let to = out.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("folder");
        } else {
            std::fs::copy(entry.path(), &to).expect("copy");
        }
    }
    let map = std::fs::read_to_string(out.join("maps/tiny.toml")).expect("map");
    let (head, tail) = map.split_at(map.find("[terrain]").expect("terrain"));
    let cols = (n as f64).sqrt() as usize + 1;
    let extra: String = (0..n - 4)
        .map(|i| {
            let (x, y) = ((i % cols) as i32 * 20 + 500, (i / cols) as i32 * 20 + 500);
            let next = if i + 1 < n - 4 { format!("\"A{}\"", i + 1) } else { String::new() };
            let back = if i > 0 { format!("\"A{}\"", i - 1) } else { String::new() };
            let neighbours: Vec<String> = [back, next].into_iter().filter(|s| !s.is_empty()).collect();
            format!(
                "[[grid.areas]]\nname = \"A{i}\"\noutline = [[{x}, {y}], [{}, {y}], [{}, {}], [{x}, {}]]\nneighbours = [{}]\n\n",
                x + 15, x + 15, y + 15, y + 15, neighbours.join(", ")
            )
        })
        .collect();
    std::fs::write(out.join("maps/tiny.toml"), format!("{head}{extra}{tail}")).expect("write");
    out
}

fn readers(c: &mut Criterion) {
    let mut g = c.benchmark_group("readers");
    g.sample_size(10);
    let root = area_project(vmodc::concept::map::area_check::MAX_AREAS);
    g.bench_function("area-map-5000", |b| {
        b.iter(|| {
            let mut sources = Sources::default();
            let (loaded, report) = vmodc::pipeline::load_and_check(&root, "tiny", &mut sources);
            assert!(!report.has_errors(), "{:?}", report.diagnostics.first());
            black_box(loaded.is_some())
        })
    });
    let bundle: String = (0..20_000)
        .map(|i| format!("Map.Main\\ Map.Region{i}.name=R\\u00e9gion {i}\n"))
        .collect();
    g.bench_function("bundle-20000", |b| {
        b.iter(|| black_box(vmodc::vassal::properties::read_properties(&bundle).map(|e| e.len())))
    });
    let escaped = format!(
        "begin_save\u{1b}{}\u{1b}x\u{1b}end_save",
        "\\".repeat(100_000)
    );
    g.bench_function("escaped-save-100000", |b| {
        b.iter(|| black_box(vmodc::vassal::vsav::command_split(&escaped).len()))
    });
    g.finish();
}

criterion_group!(benches, readers);
criterion_main!(benches);
