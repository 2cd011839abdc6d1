//! Gives the program an identity of its own code: a hash of `src/`, `assets/` (the bundled fonts)
//! and `Cargo.lock` (the renderer's and compressor's versions). The caches key everything by it, so
//! a vmodc changed in any way never reuses an image or a module built by another.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    let mut paths = Vec::new();
    for dir in ["src", "assets"] {
        println!("cargo:rerun-if-changed={dir}");
        files(Path::new(dir), &mut paths);
    }
    println!("cargo:rerun-if-changed=Cargo.lock");
    paths.push(PathBuf::from("Cargo.lock"));
    paths.sort();
    // FNV-1a over each path and its bytes: the build script has no dependencies to hash with.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u64::from(*b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for path in &paths {
        feed(path.to_string_lossy().replace('\\', "/").as_bytes());
        feed(&std::fs::read(path).unwrap_or_default());
    }
    println!("cargo:rustc-env=VMODC_CODE_HASH={hash:016x}");
}
