//! PNG encoder settings compared on one game's images, size against encoding time:
//!
//! ```text
//! cargo run --release --example png_settings -- ROOT ID
//! ```
//!
//! Each setting encodes every image of the game's first module on one thread (so the time is CPU
//! time); maps (`map-*`) and the rest are reported apart because they differ in kind: a few large
//! images against thousands of small ones.

use png::{DeflateCompression, Filter};
use std::path::Path;
use std::time::Instant;
use tiny_skia::Pixmap;
use vmodc::diag::Sources;
use vmodc::pipeline;

fn encode(pixmap: &Pixmap, deflate: DeflateCompression, filter: Filter) -> usize {
    let pixels = pixmap.clone().take_demultiplied();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(deflate);
    encoder.set_filter(filter);
    let mut writer = encoder.write_header().expect("header");
    writer.write_image_data(&pixels).expect("encode");
    writer.finish().expect("finish");
    out.len()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root, id] = &args[..] else {
        eprintln!("usage: png_settings ROOT ID");
        std::process::exit(2);
    };
    let mut sources = Sources::default();
    let (loaded, _) = pipeline::load_and_check(Path::new(root), id, &mut sources);
    let loaded = loaded.expect("the game loads");
    let lang = pipeline::languages(&loaded).into_iter().next().flatten();
    let entries = pipeline::compile_language(&loaded, lang.as_deref()).expect("compiles");
    let images: Vec<(bool, Pixmap)> = entries
        .iter()
        .filter(|e| e.name.ends_with(".png"))
        .map(|e| {
            let map = e.name.starts_with("images/map-");
            (map, Pixmap::decode_png(&e.data).expect("decodes"))
        })
        .collect();
    let settings = [
        (
            "fdeflate (png Fast)",
            DeflateCompression::FdeflateUltraFast,
            Filter::Adaptive,
        ),
        (
            "level 6 (png Balanced)",
            DeflateCompression::Level(6),
            Filter::Adaptive,
        ),
        (
            "level 3, Up filter",
            DeflateCompression::Level(3),
            Filter::Up,
        ),
        (
            "level 3, Sub filter",
            DeflateCompression::Level(3),
            Filter::Sub,
        ),
        (
            "fdeflate, no filter",
            DeflateCompression::FdeflateUltraFast,
            Filter::NoFilter,
        ),
        (
            "level 1, no filter",
            DeflateCompression::Level(1),
            Filter::NoFilter,
        ),
        (
            "level 2, no filter",
            DeflateCompression::Level(2),
            Filter::NoFilter,
        ),
        (
            "level 3, no filter",
            DeflateCompression::Level(3),
            Filter::NoFilter,
        ),
        (
            "level 4, no filter",
            DeflateCompression::Level(4),
            Filter::NoFilter,
        ),
        (
            "level 6, no filter",
            DeflateCompression::Level(6),
            Filter::NoFilter,
        ),
        (
            "level 9, no filter",
            DeflateCompression::Level(9),
            Filter::NoFilter,
        ),
    ];
    println!("setting                    maps: bytes      ms | others: bytes      ms");
    for (label, deflate, filter) in settings {
        let mut totals = [(0usize, 0f64); 2];
        for (map, pixmap) in &images {
            let start = Instant::now();
            let size = encode(pixmap, deflate, filter);
            let t = &mut totals[usize::from(!*map)];
            t.0 += size;
            t.1 += start.elapsed().as_secs_f64() * 1e3;
        }
        println!(
            "{label:<24} {:>12} {:>7.0} | {:>12} {:>7.0}",
            totals[0].0, totals[0].1, totals[1].0, totals[1].1
        );
    }
}
