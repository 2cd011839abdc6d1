//! A content-addressed cache of rendered images: the key is a hash of everything that decides an
//! image's bytes (the renderer's input and [`crate::BUILD_ID`], which covers vmodc's code and bundled
//! fonts), the value the PNG bytes. An unchanged image is neither rendered nor encoded again; a cached
//! image is byte-identical to a fresh one, so builds are the same with and without the cache. The
//! print kit's map sheets and charts are kept the same way, as their pixels and texts
//! (`<key>.printed`, in `printed_cache.rs`): a kit rebuilt after a unit changed draws only its
//! counters again.
//!
//! The cache is other bytes on disk, so it is read as an untrusted input: each entry carries a hash
//! of its name and content and is used only when both check (a truncated, corrupted or swapped
//! entry is rendered again), an entry is read only when it is a regular file of its own (a symbolic
//! link would embed any file of the machine into a module, a FIFO would block the build, a hard
//! link is another file's content) no larger than [`MAX_ENTRY_BYTES`], and a cache folder that is
//! itself a link is refused ([`Cache::open`]).
//!
//! The cache also remembers, per module written, the fingerprint of everything it was built from and
//! a hash of the bytes written: when both still match, the module on disk is what a build would write,
//! and the build skips it (what `make` does, with contents instead of timestamps).

use std::io::Read as _;
use std::path::{Path, PathBuf};

/// The largest cache entry read: more than any image or printed picture vmodc writes there.
pub const MAX_ENTRY_BYTES: u64 = 512 << 20;

/// The first line of every entry, then the hash of its name and content in hex and a line break.
const ENTRY_MAGIC: &[u8] = b"vmodc-cache 1\n";

#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// The cache in `dir`, unless `dir` is not a plain folder: a symbolic link would have the build
    /// read and write wherever it points, outside the project; a file or a FIFO is no cache. The
    /// error says what `dir` is.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Cache, String> {
        let dir = dir.into();
        match std::fs::symlink_metadata(&dir) {
            Ok(meta) if meta.file_type().is_symlink() => Err(format!(
                "{} is a symbolic link: the cache would be read and written where it points",
                dir.display()
            )),
            Ok(meta) if !meta.is_dir() => Err(format!("{} is not a folder", dir.display())),
            _ => Ok(Cache::new(dir)),
        }
    }

    /// The cache in `dir` as it is (see [`Cache::open`]); temporary files that a killed build left
    /// there are removed.
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

    /// Any other cached entry, by its file name (its key and what it holds: `<key>.printed`):
    /// `None` unless it is a regular file of its own within [`MAX_ENTRY_BYTES`] whose hash checks.
    pub fn get_file(&self, name: &str) -> Option<Vec<u8>> {
        let stored = read_regular_file(&self.dir.join(name), MAX_ENTRY_BYTES)?;
        let content = stored.strip_prefix(ENTRY_MAGIC)?;
        let (hex, content) = content.split_at_checked(33)?;
        (hex[32] == b'\n' && hex[..32] == *entry_hash(name, content).as_bytes())
            .then(|| content.to_vec())
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

    /// Store any other entry under its file name, as [`Cache::put`] does, with the hash that
    /// [`Cache::get_file`] checks.
    pub fn put_file(&self, name: &str, bytes: &[u8]) {
        if std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let path = self.dir.join(name);
        let tmp = self.tmp_path(name);
        let mut stored = ENTRY_MAGIC.to_vec();
        stored.extend_from_slice(entry_hash(name, bytes).as_bytes());
        stored.push(b'\n');
        stored.extend_from_slice(bytes);
        // A failed write (a full disk) leaves no partial file behind; the rename replaces a link of
        // that name, never writes through it.
        if std::fs::write(&tmp, &stored).is_err() || std::fs::rename(&tmp, &path).is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}

/// The hash an entry carries: of its name and its content, so that an entry copied over another
/// key's does not check.
fn entry_hash(name: &str, content: &[u8]) -> String {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&(name.len() as u64).to_le_bytes());
    h.update(name.as_bytes());
    h.update(content);
    format!("{:032x}", h.digest128())
}

/// The bytes of `path` when it is a regular file of its own (not a symbolic link, a FIFO, a device,
/// a folder, nor a second name of another file) of at most `limit` bytes; `None` otherwise. Its
/// kind is read before it is opened (opening a FIFO blocks) and again on what was opened.
fn read_regular_file(path: &Path, limit: u64) -> Option<Vec<u8>> {
    let before = std::fs::symlink_metadata(path).ok()?;
    if !is_own_regular_file(&before) || before.len() > limit {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    if !is_own_regular_file(&file.metadata().ok()?) {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= limit).then_some(bytes)
}

fn is_own_regular_file(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    let single_name = std::os::unix::fs::MetadataExt::nlink(meta) == 1;
    #[cfg(not(unix))]
    let single_name = true;
    meta.file_type().is_file() && single_name
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
        let Some(record) = read_regular_file(&self.record_path(module), 4096)
            .and_then(|bytes| String::from_utf8(bytes).ok())
        else {
            return false;
        };
        let mut fields = record.split_whitespace();
        if fields.next() != Some(fingerprint) {
            return false;
        }
        match (fields.next(), read_regular_file(module, 2 << 30)) {
            (Some(written), Some(bytes)) => written == hash(&bytes),
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

    fn fresh(name: &str) -> (PathBuf, Cache) {
        let dir = std::env::temp_dir().join(format!("vmodc-cache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let cache = Cache::open(&dir).unwrap();
        (dir, cache)
    }

    /// A truncated, corrupted or swapped entry is not used: the image is rendered again.
    #[test]
    fn an_entry_whose_hash_does_not_check_is_not_used() {
        let (dir, cache) = fresh("verify");
        let (a, b) = (key("a"), key("b"));
        cache.put(&a, b"\x89PNG image a");
        cache.put(&b, b"\x89PNG image b");
        assert_eq!(cache.get(&a).as_deref(), Some(&b"\x89PNG image a"[..]));
        let path = |k: &str| dir.join(format!("{k}.png"));
        let whole = std::fs::read(path(&a)).unwrap();
        std::fs::write(path(&a), &whole[..whole.len() - 3]).unwrap();
        assert_eq!(cache.get(&a), None, "truncated");
        let mut flipped = whole.clone();
        *flipped.last_mut().unwrap() ^= 1;
        std::fs::write(path(&a), &flipped).unwrap();
        assert_eq!(cache.get(&a), None, "corrupted");
        std::fs::copy(path(&b), path(&a)).unwrap();
        assert_eq!(cache.get(&a), None, "another key's entry");
        std::fs::write(path(&a), b"\x89PNG a raw file of an older cache").unwrap();
        assert_eq!(cache.get(&a), None, "no hash");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// An entry that is a symbolic link, a FIFO or a second name of another file is never read, and
    /// a cache folder that is a link is refused.
    #[cfg(unix)]
    #[test]
    fn only_regular_files_of_the_cache_are_read() {
        let (dir, cache) = fresh("kinds");
        let k = key("x");
        cache.put(&k, b"png");
        let real = dir.join(format!("{k}.png"));
        let outside = dir.join("outside.bin");
        std::fs::rename(&real, &outside).unwrap();
        std::os::unix::fs::symlink(&outside, &real).unwrap();
        assert_eq!(cache.get(&k), None, "a symbolic link");
        std::fs::remove_file(&real).unwrap();
        std::fs::hard_link(&outside, &real).unwrap();
        assert_eq!(cache.get(&k), None, "a hard link");
        std::fs::remove_file(&real).unwrap();
        let made = std::process::Command::new("mkfifo").arg(&real).status();
        if made.is_ok_and(|s| s.success()) {
            assert_eq!(cache.get(&k), None, "a FIFO, read without blocking");
        }
        let link = dir.with_extension("link");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&dir, &link).unwrap();
        let refused = Cache::open(&link).unwrap_err();
        assert!(refused.contains("is a symbolic link"), "{refused}");
        let _ = std::fs::remove_file(&link);
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
