//! Stage 5: the `.vmod` archive, deterministic and written atomically.
//!
//! Entries are sorted by name, carry a fixed timestamp (1980-01-01, the zip epoch) and fixed
//! permissions, PNG images are stored (they are compressed already) and text is deflated, so two builds
//! from the same data are byte-identical. Entries are compressed in parallel and copied, compressed,
//! into the archive in name order. The archive is written to a temporary file beside the target
//! and renamed over it only when complete: a failed build leaves the previous module untouched.

use rayon::prelude::*;
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

/// One file of the archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub data: Vec<u8>,
}

#[derive(Debug)]
pub enum PackageError {
    DuplicateEntry(String),
    Zip(String),
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl std::fmt::Display for PackageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PackageError::DuplicateEntry(n) => write!(f, "two archive entries are named {n}"),
            PackageError::Zip(e) => write!(f, "cannot write the zip archive: {e}"),
            PackageError::Io { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for PackageError {}

/// The archive bytes for these entries (order of the input does not matter).
///
/// Every entry is compressed on its own thread (rayon), as an archive of one entry; those archives
/// are then copied, already compressed, into the module in name order. The bytes do not depend on
/// the number of threads: each entry's compressed form depends only on the entry.
pub fn zip_bytes(entries: &[Entry]) -> Result<Vec<u8>, PackageError> {
    let sorted = sorted_by_name(entries)?;
    let compressed = sorted
        .par_iter()
        .map(|entry| compress(entry))
        .collect::<Result<Vec<Vec<u8>>, PackageError>>()?;
    assemble(&compressed)
}

/// The entries in name order; two entries of one name are an error.
fn sorted_by_name(entries: &[Entry]) -> Result<Vec<&Entry>, PackageError> {
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    for pair in sorted.windows(2) {
        if pair[0].name == pair[1].name {
            return Err(PackageError::DuplicateEntry(pair[0].name.clone()));
        }
    }
    Ok(sorted)
}

fn zip_error(e: zip::result::ZipError) -> PackageError {
    PackageError::Zip(e.to_string())
}

/// How an entry is stored: PNG images as they are (they are compressed already), everything else
/// deflated; a fixed timestamp (1980-01-01, the zip epoch) and fixed permissions.
fn entry_options(name: &str) -> SimpleFileOptions {
    let stored = name.ends_with(".png");
    SimpleFileOptions::default()
        .compression_method(if stored {
            CompressionMethod::Stored
        } else {
            CompressionMethod::Deflated
        })
        .compression_level(if stored { None } else { Some(6) })
        .last_modified_time(DateTime::default())
        .unix_permissions(0o644)
}

/// An archive holding only `entry`, compressed as the module stores it.
fn compress(entry: &Entry) -> Result<Vec<u8>, PackageError> {
    let capacity = entry.data.len() + entry.name.len() * 2 + 128;
    let mut writer = ZipWriter::new(Cursor::new(Vec::with_capacity(capacity)));
    write_entry(&mut writer, entry)?;
    Ok(writer.finish().map_err(zip_error)?.into_inner())
}

fn write_entry(writer: &mut ZipWriter<Cursor<Vec<u8>>>, entry: &Entry) -> Result<(), PackageError> {
    writer
        .start_file(entry.name.as_str(), entry_options(&entry.name))
        .map_err(zip_error)?;
    writer
        .write_all(&entry.data)
        .map_err(|e| PackageError::Zip(e.to_string()))
}

/// The module from archives of one entry each, in the given order, their data copied as it is.
fn assemble(parts: &[Vec<u8>]) -> Result<Vec<u8>, PackageError> {
    let size = parts.iter().map(Vec::len).sum();
    let mut writer = ZipWriter::new(Cursor::new(Vec::with_capacity(size)));
    for part in parts {
        let archive = ZipArchive::new(Cursor::new(part.as_slice())).map_err(zip_error)?;
        writer.merge_archive(archive).map_err(zip_error)?;
    }
    Ok(writer.finish().map_err(zip_error)?.into_inner())
}

/// Whether two paths name one file however they are spelled (`./good.vmod`, `dir/../good.vmod`, a
/// symbolic or hard link): the same device and inode when both exist, else the same path once every
/// link of its folder is resolved (an output that does not exist yet is the same as another path
/// that names it). An output checked against every input with this is never written over one.
pub fn is_same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        use std::os::unix::fs::MetadataExt;
        return a.dev() == b.dev() && a.ino() == b.ino();
    }
    match (resolved(a), resolved(b)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// `path` with its links resolved; for a file that does not exist yet, its folder's.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(real) = path.canonicalize() {
        return Some(real);
    }
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    Some(folder.canonicalize().ok()?.join(path.file_name()?))
}

/// Write `bytes` to `path` through a temporary file in the same folder, then rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), PackageError> {
    let io = |error| PackageError::Io {
        path: path.to_path_buf(),
        error,
    };
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io)?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "module".into());
    // A build killed between writing and renaming left its temporary file: remove it now.
    remove_stale_temporaries(dir, &format!(".{file_name}."), 0);
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    Ok(())
}

/// Remove the temporary files in `dir` named `<prefix><pid>[.<field>…].tmp` (with `fields_after`
/// fields after the process id) whose process no longer runs: what a killed build left behind. A
/// file of a running process (another build at work) is kept; where the running processes cannot be
/// known (no `/proc`), every file is kept.
pub fn remove_stale_temporaries(dir: &Path, prefix: &str, fields_after: usize) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(prefix))
            .and_then(|n| n.strip_suffix(".tmp"))
            .and_then(|n| n.split('.').rev().nth(fields_after))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !process_runs(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` runs; `true` when this cannot be known.
fn process_runs(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_killed_builds_temporary_file_is_removed_by_the_next_write() {
        let dir = std::env::temp_dir().join(format!("vmodc-stale-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // No process has id 4294967 (above Linux's pid_max of 4194304); this process runs.
        let dead = dir.join(".game.vmod.4294967.tmp");
        let alive = dir.join(format!(".game.vmod.{}.tmp", std::process::id()));
        let other = dir.join(".other.vmod.4294967.tmp");
        for f in [&dead, &alive, &other] {
            std::fs::write(f, b"partial").unwrap();
        }
        write_atomically(&dir.join("game.vmod"), b"module").unwrap();
        assert!(!dead.exists(), "the dead build's file is removed");
        assert!(
            other.exists(),
            "another module's file is not this write's business"
        );
        assert_eq!(std::fs::read(dir.join("game.vmod")).unwrap(), b"module");
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn entries() -> Vec<Entry> {
        vec![
            Entry {
                name: "images/b.png".into(),
                data: vec![1, 2, 3],
            },
            Entry {
                name: "buildFile.xml".into(),
                data: b"<x/>".to_vec(),
            },
            Entry {
                name: "moduledata".into(),
                data: b"<data/>".to_vec(),
            },
        ]
    }

    #[test]
    fn identical_input_gives_identical_bytes_in_any_order() {
        let a = zip_bytes(&entries()).unwrap();
        let mut reversed = entries();
        reversed.reverse();
        let b = zip_bytes(&reversed).unwrap();
        assert_eq!(a, b);
        let mut archive = zip::ZipArchive::new(Cursor::new(a)).unwrap();
        let names: Vec<String> = (0..archive.len())
            .map(|i| archive.by_index(i).unwrap().name().unwrap().to_string())
            .collect();
        assert_eq!(names, ["buildFile.xml", "images/b.png", "moduledata"]);
    }

    /// The archive written entry by entry on one thread, as the package writer did before it
    /// compressed entries in parallel: the reference the parallel writer must equal byte for byte.
    fn serial_zip_bytes(entries: &[Entry]) -> Vec<u8> {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        for entry in sorted_by_name(entries).unwrap() {
            write_entry(&mut writer, entry).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    fn many_entries() -> Vec<Entry> {
        let mut all = entries();
        for i in 0..200 {
            all.push(Entry {
                name: format!("images/c{i:03}.png"),
                data: (0..i * 7).map(|b| (b % 251) as u8).collect(),
            });
            all.push(Entry {
                name: format!("text/t{i:03}.txt"),
                data: format!("line {i}\n").repeat(i + 1).into_bytes(),
            });
        }
        all
    }

    #[test]
    fn parallel_archive_equals_the_serial_one_on_any_number_of_threads() {
        let all = many_entries();
        let serial = serial_zip_bytes(&all);
        for threads in [1, 2, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let parallel = pool.install(|| zip_bytes(&all)).unwrap();
            assert!(parallel == serial, "{threads} threads: archives differ");
        }
    }

    #[test]
    fn duplicate_names_are_refused() {
        let mut e = entries();
        e.push(e[0].clone());
        assert!(matches!(
            zip_bytes(&e),
            Err(PackageError::DuplicateEntry(_))
        ));
    }

    #[test]
    fn failed_write_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("vmodc-pkg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // The target is a directory: the rename fails, the temporary file must be removed.
        let target = dir.join("occupied");
        std::fs::create_dir_all(target.join("x")).unwrap();
        assert!(write_atomically(&target, b"data").is_err());
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
