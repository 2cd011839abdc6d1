//! A content-addressed cache of rendered images: the key is a hash of everything that decides an
//! image's bytes (the renderer's input, vmodc's version, the bundled fonts), the value the PNG bytes.
//! An unchanged image is neither rendered nor encoded again; a cached image is byte-identical to a
//! fresh one, so builds are the same with and without the cache.

use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.png"))
    }

    pub fn get(&self, key: &str) -> Option<Vec<u8>> {
        std::fs::read(self.path(key)).ok()
    }

    /// Store bytes; a cache that cannot be written is simply not used (the build does not fail).
    pub fn put(&self, key: &str, bytes: &[u8]) {
        if std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let path = self.path(key);
        let tmp = self.dir.join(format!(".{key}.{}.tmp", std::process::id()));
        if std::fs::write(&tmp, bytes).is_ok() && std::fs::rename(&tmp, &path).is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}

/// A 128-bit hash (two FNV-1a 64 lanes with different seeds) of a description, as 32 hex digits.
pub fn key(description: &str) -> String {
    let lane = |seed: u64| {
        let mut h = seed;
        for b in env!("CARGO_PKG_VERSION").bytes().chain(description.bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    };
    format!(
        "{:016x}{:016x}",
        lane(0xcbf2_9ce4_8422_2325),
        lane(0x8422_2325_cbf2_9ce4)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_with_input_and_round_trip_through_the_cache() {
        assert_ne!(key("a"), key("b"));
        assert_eq!(key("a").len(), 32);
        let dir = std::env::temp_dir().join(format!("vmodc-cache-test-{}", std::process::id()));
        let cache = Cache::new(&dir);
        assert_eq!(cache.get(&key("x")), None);
        cache.put(&key("x"), b"png");
        assert_eq!(cache.get(&key("x")).as_deref(), Some(&b"png"[..]));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
