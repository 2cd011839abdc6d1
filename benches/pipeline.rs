//! Benchmarks of the whole pipeline: `cargo bench --bench pipeline` (add `-- b4m` to run only the
//! benchmarks whose name contains `b4m`).
//!
//! - `b4m/check`: load the four TOML files of Battle for Moscow and its language catalogs, and run
//!   every check;
//! - `b4m/build`: `vmodc build b4m --no-cache`, as a user runs it: load, check, render, emit, zip
//!   and write every module of the game (one per language, compiled in parallel), then its
//!   print-and-play PDFs; `build-modules` is the same with `--no-print`, `print` the PDFs alone (in
//!   memory), and each has a `-serial` twin run on one thread, its floor;
//! - `b4m/floor`: only PNG-encode the modules' images (already drawn) and zip the archives, on every
//!   core as a build does: the least any build of the same modules can cost on this machine;
//!   `floor-serial` is the same work on one thread (`…/build` against it shows how well a build
//!   uses the cores);
//! - `…/rebuild-unchanged`: `vmodc build` again after a build, nothing changed: data loaded and
//!   checked, every module found current by its fingerprint, nothing compiled or written;
//! - `…/recompile-cached-images`: every module compiled, zipped (not written) again with every image
//!   read from a warm cache: what a rebuild costs when a change touches no image;
//! - `synthetic-10k/…`: the same (builds, PDFs and their serial twins included) for a generated game of 4 map sheets (A to D) of 50 × 50 hexes (10,000
//!   hexes, lettered `A01.01` … `D50.50`) and 4,000 two-sided counters (see `tests/common/synthetic.rs`),
//!   loaded from TOML files written to a temporary folder;
//!   `check-only` runs the checks on the game already in memory;
//! - `synthetic-10k/rebuild-one-counter`: `vmodc build --no-print` after one counter's strength
//!   changed (two images to render; the module is compiled and written again);
//!   `rebuild-one-counter-with-pdf` the same with the kit, its map sheets and charts read from the
//!   cache (the PDF is written again whole: krilla writes a document at once);
//! - `synthetic-2.5k/build`: a generated 2,500-hex, 1,000-counter game, built in full, with its two
//!   floors.
//!
//! Sample sizes are small (a full synthetic build takes seconds), so the whole suite takes about six
//! minutes on two cores.

#[path = "../tests/common/synthetic.rs"]
mod synthetic;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use rayon::prelude::*;
use std::cell::{Cell, OnceCell};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use synthetic::Params;
use tiny_skia::Pixmap;
use vmodc::diag::Sources;
use vmodc::package::{self, Entry};
use vmodc::pipeline::cache::Cache;
use vmodc::pipeline::{self, Loaded};

fn project_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Load and check a game with its language catalogs; a benchmark of broken data would measure
/// nothing useful.
fn load_and_check(root: &Path, id: &str) -> Loaded {
    let mut sources = Sources::default();
    let (loaded, report) = pipeline::load_and_check(root, id, &mut sources);
    assert!(
        !report.has_errors(),
        "{id} does not check: {} diagnostics",
        report.diagnostics.len()
    );
    loaded.expect("the game loads")
}

/// Every module's entries (one module per language catalog, one without catalogs).
fn compile_all(loaded: &Loaded) -> Vec<Vec<Entry>> {
    pipeline::languages(loaded)
        .iter()
        .map(|lang| pipeline::compile_language(loaded, lang.as_deref()).expect("the game compiles"))
        .collect()
}

/// `vmodc build <id> --out <out> --no-print` with the given image and module cache (`--no-cache`:
/// none): the modules only.
fn build_to(root: &Path, id: &str, out: &Path, cache: Option<&Path>) -> Vec<pipeline::Module> {
    build_with(root, id, out, cache, false)
}

/// `vmodc build <id> --out <out>`, with the print-and-play PDFs when `print` (as a user runs it).
fn build_with(
    root: &Path,
    id: &str,
    out: &Path,
    cache: Option<&Path>,
    print: bool,
) -> Vec<pipeline::Module> {
    let options = pipeline::Options {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        deny_warnings: false,
        cache: cache.map(Path::to_path_buf),
        print: print.then_some(vmodc::print::print_kits as pipeline::KitPrinter),
    };
    let outcome = pipeline::build_game(&options, id, &mut Sources::default());
    assert!(!outcome.modules.is_empty(), "{id} builds");
    outcome.modules
}

/// A build of its own for one benchmark: output and cache folders, cache filled by one build.
struct Warm {
    out: PathBuf,
    cache: PathBuf,
}

impl Warm {
    fn new(root: &Path, id: &str, name: &str) -> Warm {
        Warm::with(root, id, name, false)
    }

    /// A warm build with its kits when `print` (the cache then holds the printed maps and charts).
    fn with(root: &Path, id: &str, name: &str, print: bool) -> Warm {
        let tmp = std::env::temp_dir();
        let warm = Warm {
            out: tmp.join(format!("vmodc-bench-out-{name}")),
            cache: tmp.join(format!("vmodc-bench-cache-{name}")),
        };
        let _ = std::fs::remove_dir_all(&warm.cache);
        black_box(build_with(root, id, &warm.out, Some(&warm.cache), print));
        warm
    }

    fn remove(&self) {
        let _ = std::fs::remove_dir_all(&self.out);
        let _ = std::fs::remove_dir_all(&self.cache);
    }
}

/// Every module compiled and zipped again, its images read from a warm cache (what a rebuild costs
/// when the data changed in a way that touches no image).
fn recompile_bytes(loaded: &Loaded, cache: &Cache) -> Vec<Vec<u8>> {
    pipeline::languages(loaded)
        .par_iter()
        .map(|lang| {
            let entries = pipeline::compile_with(loaded, lang.as_deref(), Some(cache), None)
                .expect("the game compiles");
            package::zip_bytes(&entries).expect("the archive zips")
        })
        .collect()
}

/// Rebuilds after a one-counter edit: before each timed build (the edit itself is not timed), the
/// first unit's strength changes to a value never used before, so its two images are not cached.
fn edit_and_rebuild(
    (root, id): (&Path, &str),
    warm: &Warm,
    (iters, print): (u64, bool),
    next: &Cell<u32>,
) -> Duration {
    let path = root.join(format!("counters/{id}.toml"));
    let text = std::fs::read_to_string(&path).expect("read the counters");
    // The first `faces = { full = "S-M", reduced = "R-M" }` line is the first unit's.
    let line = text
        .lines()
        .find(|l| l.starts_with("faces = { full = "))
        .expect("a unit with faces")
        .to_string();
    let movement = line
        .rsplit('-')
        .next()
        .and_then(|m| m.split('"').next())
        .expect("a movement value")
        .to_string();
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let strength = next.get();
        next.set(strength + 1);
        let edited = format!(
            "faces = {{ full = \"{strength}-{movement}\", reduced = \"{}-{movement}\" }}",
            strength / 2
        );
        std::fs::write(&path, text.replacen(&line, &edited, 1)).expect("write the counters");
        let start = Instant::now();
        let modules = build_with(root, id, &warm.out, Some(&warm.cache), print);
        total += start.elapsed();
        assert!(modules.iter().all(|m| m.written), "the edit rebuilds");
    }
    std::fs::write(&path, text).expect("restore the counters");
    total
}

/// Write a synthetic game's files to a folder of their own under the temporary directory.
fn synthetic_root(p: &Params) -> PathBuf {
    let root = std::env::temp_dir().join(format!("vmodc-bench-{}", p.id));
    synthetic::write(p, &root).expect("write the synthetic game");
    root
}

fn remove(p: &Params) {
    let tmp = std::env::temp_dir();
    let _ = std::fs::remove_dir_all(tmp.join(format!("vmodc-bench-{}", p.id)));
}

/// Modules' entries with their PNG images decoded back to pixels, for the encode-and-zip floor.
struct Decoded {
    images: Vec<(String, Pixmap)>,
    others: Vec<Entry>,
}

fn decode(loaded: &Loaded) -> Vec<Decoded> {
    compile_all(loaded)
        .into_iter()
        .map(|entries| {
            let (pngs, others): (Vec<Entry>, Vec<Entry>) =
                entries.into_iter().partition(|e| e.name.ends_with(".png"));
            let images = pngs
                .into_par_iter()
                .map(|e| {
                    let pixmap = Pixmap::decode_png(&e.data).expect("our PNGs decode");
                    (e.name, pixmap)
                })
                .collect();
            Decoded { images, others }
        })
        .collect()
}

/// The floor: encode every image as the renderer does and zip each archive, everything in parallel
/// (images, zip entries and the modules of a game). The pixmap is copied before it is encoded (the
/// encoder takes its pixmap), a cost the build does not have.
fn encode_and_zip(modules: &[Decoded]) -> Vec<Vec<u8>> {
    modules
        .par_iter()
        .map(|d| {
            let mut entries: Vec<Entry> = d
                .images
                .par_iter()
                .map(|(name, pixmap)| Entry {
                    name: name.clone(),
                    data: vmodc::render::encode(pixmap.clone()).expect("encode"),
                })
                .collect();
            entries.extend(d.others.iter().cloned());
            package::zip_bytes(&entries).expect("the archive zips")
        })
        .collect()
}

/// A pool of one thread: whatever runs in it runs serially, rayon or not.
fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread pool")
}

/// The parallel floor (`floor`) and the same work on one thread (`floor-serial`).
fn floors(g: &mut BenchmarkGroup<'_, WallTime>, decoded: impl Fn() -> &'static [Decoded]) {
    g.bench_function("floor", |b| {
        let d = decoded();
        b.iter(|| black_box(encode_and_zip(d)))
    });
    g.bench_function("floor-serial", |b| {
        let d = decoded();
        let pool = one_thread();
        b.iter(|| black_box(pool.install(|| encode_and_zip(d))))
    });
}

/// Every language's print-and-play PDF, in memory (`vmodc print`).
fn print_all(loaded: &Loaded) -> usize {
    pipeline::languages(loaded)
        .iter()
        .map(|lang| {
            let options = vmodc::print::PrintOptions::default();
            vmodc::print::print_language(loaded, lang.as_deref(), &options)
                .expect("the game prints")
                .pdf
                .len()
        })
        .sum()
}

/// The build as a user runs it (`build`: modules and PDFs), the modules alone (`build-modules`),
/// the PDFs alone (`print`), each on every core and, as its floor, on one thread (`…-serial`): the
/// parallel build against its serial twin shows how well it uses the cores.
fn builds_and_prints(
    g: &mut BenchmarkGroup<'_, WallTime>,
    (root, id, out): (&dyn Fn() -> &'static Path, &str, &Path),
    loaded: &dyn Fn() -> &'static Loaded,
) {
    for (name, print) in [("build", true), ("build-modules", false)] {
        g.bench_function(name, |b| {
            let root = root();
            b.iter(|| black_box(build_with(root, id, out, None, print)))
        });
        g.bench_function(format!("{name}-serial"), |b| {
            let root = root();
            let pool = one_thread();
            b.iter(|| black_box(pool.install(|| build_with(root, id, out, None, print))))
        });
    }
    g.bench_function("print", |b| {
        let loaded = loaded();
        b.iter(|| black_box(print_all(loaded)))
    });
    g.bench_function("print-serial", |b| {
        let loaded = loaded();
        let pool = one_thread();
        b.iter(|| black_box(pool.install(|| print_all(loaded))))
    });
}

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
    samples: usize,
    seconds: u64,
) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(samples)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(seconds));
    g
}

fn b4m(c: &mut Criterion) {
    let root = project_root();
    static DECODED: OnceLock<Vec<Decoded>> = OnceLock::new();
    let mut g = group(c, "b4m", 20, 10);
    g.bench_function("check", |b| {
        b.iter(|| black_box(load_and_check(root, "b4m")))
    });
    let out = std::env::temp_dir().join("vmodc-bench-out-b4m");
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    builds_and_prints(&mut g, (&|| project_root(), "b4m", &out), &|| {
        LOADED.get_or_init(|| load_and_check(project_root(), "b4m"))
    });
    floors(&mut g, || {
        DECODED.get_or_init(|| decode(&load_and_check(root, "b4m")))
    });
    let warm = OnceCell::new();
    g.bench_function("rebuild-unchanged", |b| {
        let warm = warm.get_or_init(|| Warm::new(root, "b4m", "b4m-unchanged"));
        b.iter(|| {
            let modules = build_to(root, "b4m", &warm.out, Some(&warm.cache));
            assert!(modules.iter().all(|m| !m.written), "nothing to rebuild");
        })
    });
    g.bench_function("recompile-cached-images", |b| {
        let warm = warm.get_or_init(|| Warm::new(root, "b4m", "b4m-unchanged"));
        let cache = Cache::new(&warm.cache);
        b.iter(|| {
            let loaded = load_and_check(root, "b4m");
            black_box(recompile_bytes(&loaded, &cache))
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&out);
    if let Some(warm) = warm.get() {
        warm.remove();
    }
}

fn synthetic_10k(c: &mut Criterion) {
    let p = Params::new("synth10k", 4, 50, 50, 4000);
    // Set up only what the benchmarks selected on the command line need.
    let root = OnceCell::new();
    let game = OnceCell::new();
    static DECODED: OnceLock<Vec<Decoded>> = OnceLock::new();
    let root = || root.get_or_init(|| synthetic_root(&p));
    let game = || game.get_or_init(|| synthetic::game(&p).expect("the synthetic game parses"));
    let mut g = group(c, "synthetic-10k", 10, 20);
    g.bench_function("check", |b| {
        let root = root();
        b.iter(|| black_box(load_and_check(root, &p.id)))
    });
    g.bench_function("check-only", |b| {
        let (game, sources) = game();
        b.iter(|| black_box(vmodc::check::check_game(game, sources)))
    });
    let out = std::env::temp_dir().join("vmodc-bench-out-synth10k");
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    let static_root = || ROOT.get_or_init(|| root().clone()).as_path();
    builds_and_prints(&mut g, (&static_root, &p.id, &out), &|| {
        LOADED.get_or_init(|| load_and_check(static_root(), &p.id))
    });
    floors(&mut g, || {
        DECODED.get_or_init(|| decode(&load_and_check(root(), &p.id)))
    });
    let unchanged = OnceCell::new();
    g.bench_function("rebuild-unchanged", |b| {
        let root = root();
        let warm = unchanged.get_or_init(|| Warm::new(root, &p.id, "synth10k-unchanged"));
        b.iter(|| {
            let modules = build_to(root, &p.id, &warm.out, Some(&warm.cache));
            assert!(modules.iter().all(|m| !m.written), "nothing to rebuild");
        })
    });
    g.bench_function("recompile-cached-images", |b| {
        let root = root();
        let warm = unchanged.get_or_init(|| Warm::new(root, &p.id, "synth10k-unchanged"));
        let cache = Cache::new(&warm.cache);
        b.iter(|| {
            let loaded = load_and_check(root, &p.id);
            black_box(recompile_bytes(&loaded, &cache))
        })
    });
    let edited = OnceCell::new();
    let next = Cell::new(100);
    g.bench_function("rebuild-one-counter", |b| {
        let root = root();
        let warm = edited.get_or_init(|| Warm::new(root, &p.id, "synth10k-one-counter"));
        b.iter_custom(|iters| edit_and_rebuild((root, &p.id), warm, (iters, false), &next))
    });
    let edited_kit = OnceCell::new();
    g.bench_function("rebuild-one-counter-with-pdf", |b| {
        let root = root();
        let warm =
            edited_kit.get_or_init(|| Warm::with(root, &p.id, "synth10k-one-counter-pdf", true));
        b.iter_custom(|iters| edit_and_rebuild((root, &p.id), warm, (iters, true), &next))
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&out);
    for warm in [unchanged.get(), edited.get(), edited_kit.get()]
        .into_iter()
        .flatten()
    {
        warm.remove();
    }
    remove(&p);
}

fn synthetic_2500(c: &mut Criterion) {
    let p = Params::new("synth2500", 1, 50, 50, 1000);
    static DECODED: OnceLock<Vec<Decoded>> = OnceLock::new();
    let root = OnceCell::new();
    let root = || root.get_or_init(|| synthetic_root(&p));
    let mut g = group(c, "synthetic-2.5k", 10, 15);
    g.bench_function("build", |b| {
        let out = std::env::temp_dir().join("vmodc-bench-out-synth2500");
        b.iter(|| black_box(build_to(root(), &p.id, &out, None)))
    });
    floors(&mut g, || {
        DECODED.get_or_init(|| decode(&load_and_check(root(), &p.id)))
    });
    g.finish();
    remove(&p);
}

criterion_group!(benches, b4m, synthetic_10k, synthetic_2500);
criterion_main!(benches);
