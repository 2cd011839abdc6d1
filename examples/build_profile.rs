//! Where a cold build's time goes, stage by stage, for one game:
//!
//! ```text
//! cargo run --release --example build_profile -- ROOT ID
//! RAYON_NUM_THREADS=1 cargo run --release --example build_profile -- ROOT ID   # CPU time per stage
//! ```
//!
//! With one thread the wall time of each stage is its CPU time (the stages after "compile" run
//! apart from it here, so they are timed on their own; in a build the texts are written while the
//! images are drawn). Drawing and PNG encoding run inside
//! one renderer call, so encoding is timed apart by decoding the finished PNGs and encoding them
//! again; drawing is the rest of the image stage.

use std::path::Path;
use std::time::{Duration, Instant};
use vmodc::concept::plan::Plan;
use vmodc::diag::Sources;
use vmodc::package::{self, Entry};
use vmodc::pipeline::{self, Loaded};

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    let elapsed = start.elapsed();
    println!("{what:<40} {:>9.1} ms", elapsed.as_secs_f64() * 1e3);
    (value, elapsed)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root, id] = &args[..] else {
        eprintln!("usage: build_profile ROOT ID");
        std::process::exit(2);
    };
    let mut sources = Sources::default();
    let ((loaded, report), _) = timed("load and check", || {
        pipeline::load_and_check(Path::new(root), id, &mut sources)
    });
    let Some(loaded) = loaded.filter(|_| !report.has_errors()) else {
        eprintln!("{id} does not load or check");
        std::process::exit(1);
    };
    for lang in pipeline::languages(&loaded) {
        println!("-- module {}", lang.as_deref().unwrap_or("(data texts)"));
        profile_module(&loaded, lang.as_deref());
    }
}

fn profile_module(loaded: &Loaded, lang: Option<&str>) {
    let game = &loaded.game;
    let (entries, compile) = timed("compile (draw + encode + XML)", || {
        pipeline::compile_language(loaded, lang).expect("the game compiles")
    });
    let plan = Plan::new(game, loaded.texts(lang), vmodc::concept::CONCEPTS);
    let (_, xml) = timed("  XML (buildFile, moduledata, saves)", || {
        let build_file = vmodc::emit::module::build_file(game, &plan);
        let moduledata = vmodc::emit::moduledata(game, &plan, &[]);
        // The first scenario is the module's own setup, in buildFile.xml; the others are saved games.
        let saves: Vec<String> = game
            .scenarios
            .iter()
            .skip(1)
            .map(|s| vmodc::emit::scenario_save(game, &plan, s))
            .collect();
        (build_file, moduledata, saves)
    });
    let pngs: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.name.ends_with(".png"))
        .collect();
    let pixmaps: Vec<tiny_skia::Pixmap> = pngs
        .iter()
        .map(|e| tiny_skia::Pixmap::decode_png(&e.data).expect("our PNGs decode"))
        .collect();
    // The clone (a copy of the pixels) is counted in: the renderer's encoder takes its pixmap.
    let (_, encode) = timed("  PNG encoding", || {
        pixmaps
            .iter()
            .map(|p| vmodc::render::encode(p.clone()).expect("encode").len())
            .sum::<usize>()
    });
    let draw = compile.saturating_sub(xml).saturating_sub(encode);
    println!(
        "{:<40} {:>9.1} ms (the rest of compile)",
        "  drawing",
        draw.as_secs_f64() * 1e3
    );
    let texts: Vec<Entry> = entries
        .iter()
        .filter(|e| !e.name.ends_with(".png"))
        .cloned()
        .collect();
    timed("  deflate the text entries", || {
        package::zip_bytes(&texts).expect("the archive zips")
    });
    timed("zip (compress + write the archive)", || {
        package::zip_bytes(&entries).expect("the archive zips")
    });
}
