//! A content-addressed cache of rendered images: the key is a hash of everything that decides an
//! image's bytes (the renderer's input and [`crate::BUILD_ID`], which covers vmodc's code and bundled
//! fonts), the value the PNG bytes. An unchanged image is neither rendered nor encoded again; a cached
//! image is byte-identical to a fresh one, so builds are the same with and without the cache. The
//! print kit's map sheets and charts are kept the same way, as their pixels and texts
//! (`<key>.printed`, in `printed_cache.rs`): a kit rebuilt after a unit changed draws only its
//! counters again.
//!
//! The cache also remembers, per module written, the fingerprint of everything it was built from and
//! a hash of the bytes written: when both still match, the module on disk is what a build would write,
//! and the build skips it (what `make` does, with contents instead of timestamps).

use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// The cache in `dir`; temporary files that a killed build left there are removed.
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        let dir = dir.into();
        crate::package::remove_stale_temporaries(&dir, ".", 1);
        crate::package::remove_stale_temporaries(&dir.join("modules"), "", 0);
        Cache { dir }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A rendered image's PNG, by its key.
    pub fn get(&self, key: &str) -> Option<Vec<u8>> {
        self.get_file(&format!("{key}.png"))
    }

    /// Any other cached entry, by its file name (its key and what it holds: `<key>.printed`).
    pub fn get_file(&self, name: &str) -> Option<Vec<u8>> {
        std::fs::read(self.dir.join(name)).ok()
    }

    /// A temporary file for one write of `key`: one per write, not per process, because the
    /// languages of a game compile in parallel and often draw the same image, so two threads may
    /// store one key at once (with one file per process their writes interleaved into a corrupt PNG).
    fn tmp_path(&self, key: &str) -> PathBuf {
        static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.dir
            .join(format!(".{key}.{}.{n}.tmp", std::process::id()))
    }

    /// Store a rendered image's PNG; a cache that cannot be written is simply not used (the build
    /// does not fail).
    pub fn put(&self, key: &str, bytes: &[u8]) {
        self.put_file(&format!("{key}.png"), bytes);
    }

    /// Store any other entry under its file name, as [`Cache::put`] does.
    pub fn put_file(&self, name: &str, bytes: &[u8]) {
        if std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let path = self.dir.join(name);
        let tmp = self.tmp_path(name);
        // A failed write (a full disk) leaves no partial file behind.
        if std::fs::write(&tmp, bytes).is_err() || std::fs::rename(&tmp, &path).is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}

pub use crate::model::digest::hash;

/// The cache key of a description of an image: its hash together with vmodc's own identity.
pub fn key(description: &str) -> String {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(crate::BUILD_ID.as_bytes());
    h.update(&[0]);
    h.update(description.as_bytes());
    format!("{:032x}", h.digest128())
}

/// What a module was built from: vmodc's identity, the module's language and every source file of
/// its game (path and text): its data, its catalogs, and the interface catalogs of its languages
/// (a module carries the other languages' texts as VASSAL translations, so each language's interface
/// catalog is an input of every module of the game).
pub fn fingerprint<'a>(
    lang: Option<&str>,
    files: impl IntoIterator<Item = (&'a Path, &'a str)>,
) -> String {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    let mut field = |bytes: &[u8]| {
        h.update(&(bytes.len() as u64).to_le_bytes());
        h.update(bytes);
    };
    field(crate::BUILD_ID.as_bytes());
    field(lang.unwrap_or("").as_bytes());
    for (path, text) in files {
        field(path.to_string_lossy().as_bytes());
        field(text.as_bytes());
    }
    format!("{:032x}", h.digest128())
}

impl Cache {
    fn record_path(&self, module: &Path) -> PathBuf {
        let absolute = std::path::absolute(module).unwrap_or_else(|_| module.to_path_buf());
        let name = hash(absolute.to_string_lossy().as_bytes());
        self.dir.join("modules").join(format!("{name}.txt"))
    }

    /// Whether `module` on disk was built from exactly this fingerprint and not touched since.
    pub fn module_is_current(&self, module: &Path, fingerprint: &str) -> bool {
        let Ok(record) = std::fs::read_to_string(self.record_path(module)) else {
            return false;
        };
        let mut fields = record.split_whitespace();
        if fields.next() != Some(fingerprint) {
            return false;
        }
        match (fields.next(), std::fs::read(module)) {
            (Some(written), Ok(bytes)) => written == hash(&bytes),
            _ => false,
        }
    }

    /// Remember that `bytes` were written to `module` from this fingerprint.
    pub fn record_module(&self, module: &Path, fingerprint: &str, bytes: &[u8]) {
        let path = self.record_path(module);
        let Some(dir) = path.parent() else { return };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        let tmp = path.with_extension(format!("{}.tmp", std::process::id()));
        let text = format!("{fingerprint} {}\n", hash(bytes));
        if std::fs::write(&tmp, text).is_err() || std::fs::rename(&tmp, &path).is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
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

    /// Two writes of one key never share a temporary file, even from one process: the English and
    /// Japanese modules often draw the same image in parallel.
    #[test]
    fn each_write_has_its_own_temporary_file() {
        let cache = Cache::new(std::env::temp_dir());
        let k = key("shared image");
        assert_ne!(cache.tmp_path(&k), cache.tmp_path(&k));
    }
}
