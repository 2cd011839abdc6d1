//! `vmodc check FILE.vmod` on a generated module the size of the largest public ones: 150 MB,
//! 4,000 images (`cargo bench --bench module_check`).
//!
//! - `module-150mb/check`: read the module the way VASSAL does and run every check;
//! - `module-150mb/check-library`: the same with `--library` (each image's header is read).
//!
//! The module is written once to `target/bench-modules/large-150mb.vmod` and left there, so that
//! its peak memory can be measured on the command line too:
//! `/usr/bin/time -v target/release/vmodc check target/bench-modules/large-150mb.vmod`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;
use vmodc::verify::{check_module_file_with, CheckOptions};

const IMAGES: usize = 4_000;
/// Bytes of each image: 4,000 × 37,500 = 150 MB.
const IMAGE_BYTES: usize = 37_500;

/// The eight map helpers and a board, so that the module checks clean.
const MAP: &str = r#"<VASSAL.build.module.Map mapName="Main">
    <VASSAL.build.module.map.ForwardToKeyBuffer/><VASSAL.build.module.map.Scroller/>
    <VASSAL.build.module.map.ForwardToChatter/><VASSAL.build.module.map.MenuDisplayer/>
    <VASSAL.build.module.map.MapCenterer/><VASSAL.build.module.map.StackExpander/>
    <VASSAL.build.module.map.PieceMover/><VASSAL.build.module.map.KeyBufferer/>
    <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board image="img0.png" name="Board"/></VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>"#;

/// A build file with one piece slot per image, each using a prototype.
fn build_file() -> String {
    let mut slots = String::new();
    for i in 0..IMAGES {
        slots.push_str(&format!(
            "    <VASSAL.build.widget.PieceSlot entryName=\"Unit {i}\" gpid=\"{}\" height=\"60\" width=\"60\">+/null/prototype;Unit\tpiece;;;img{i}.png;Unit {i}/\tnull;0;0;{};0</VASSAL.build.widget.PieceSlot>\n",
            i + 1,
            i + 1
        ));
    }
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.26" name="Large" nextPieceSlotId="{}" version="1.0.0">
  <VASSAL.build.module.BasicCommandEncoder/>
  {MAP}
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">
{slots}  </VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition name="Unit">+/null/mark;Kind	piece;;;;/Unit	null;0;0;;0</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.PrototypesContainer>
</VASSAL.build.GameModule>
"#,
        IMAGES + 1
    )
}

/// Incompressible bytes behind a PNG signature (a xorshift stream), as real images are.
fn image(seed: u64) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut out = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0\0\0\x01\0\x08\x06\0\0\0".to_vec();
    while out.len() < IMAGE_BYTES {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend(x.to_le_bytes());
    }
    out.truncate(IMAGE_BYTES);
    out
}

/// Write the module once (images stored, as PNGs gain nothing from deflate).
fn large_module() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-modules");
    let path = dir.join("large-150mb.vmod");
    if path.exists() {
        return path;
    }
    std::fs::create_dir_all(&dir).expect("bench folder");
    let tmp = dir.join("large-150mb.vmod.tmp");
    let file = std::fs::File::create(&tmp).expect("create the module");
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let deflated = zip::write::SimpleFileOptions::default();
    let stored = deflated.compression_method(zip::CompressionMethod::Stored);
    let moduledata = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><data version=\"1\"><version>1.0.0</version><VassalVersion>3.7.26</VassalVersion><name>Large</name></data>";
    zip.start_file("moduledata", deflated).expect("entry");
    zip.write_all(moduledata.as_bytes()).expect("write");
    zip.start_file("buildFile.xml", deflated).expect("entry");
    zip.write_all(build_file().as_bytes()).expect("write");
    for i in 0..IMAGES {
        zip.start_file(format!("images/img{i}.png"), stored)
            .expect("entry");
        zip.write_all(&image(i as u64)).expect("write");
    }
    zip.finish().expect("finish");
    std::fs::rename(&tmp, &path).expect("rename");
    path
}

fn module_check(c: &mut Criterion) {
    let path = large_module();
    let plain = check_module_file_with(&path, CheckOptions::default());
    assert!(
        plain.diagnostics.is_empty(),
        "the generated module checks clean: {:?}",
        plain.diagnostics.first().map(|d| &d.message)
    );
    let mut g = c.benchmark_group("module-150mb");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("check", |b| {
        b.iter(|| black_box(check_module_file_with(&path, CheckOptions::default())))
    });
    g.bench_function("check-library", |b| {
        b.iter(|| {
            black_box(check_module_file_with(
                &path,
                CheckOptions { library: true },
            ))
        })
    });
    g.finish();
}

criterion_group!(benches, module_check);
criterion_main!(benches);
