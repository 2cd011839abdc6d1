//! Reading a zip archive safely: entry names that escape the archive (`..`, absolute paths) are
//! refused, and the number and size of entries are limited before anything is decompressed into
//! memory. Saved games (`.vsav`, and the setups inside a module) are archives too.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Seek, SeekFrom};

/// How many times its own size an archive may inflate to, above [`INFLATION_FLOOR`]: deflate packs
/// at most about 1,032 to 1, and a real module or save packs XML and text 5 to 30 to 1 (images not at
/// all), so a few MB that would fill gigabytes are a bomb, refused before they are inflated.
pub const MAX_INFLATION: u64 = 100;

/// What any archive may inflate to, however small it is.
pub const INFLATION_FLOOR: u64 = 64 << 20;

/// The total an archive of `size` bytes may inflate to: its limits', or [`MAX_INFLATION`] times its
/// size (at least [`INFLATION_FLOOR`]), whichever is less.
pub fn total_budget(limits: Limits, size: u64) -> u64 {
    let by_size = size.saturating_mul(MAX_INFLATION).max(INFLATION_FLOOR);
    limits.max_total_bytes.min(by_size)
}

/// Limits on what an archive may hold.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_entries: usize,
    pub max_entry_bytes: u64,
    pub max_total_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_entries: 20_000,
            max_entry_bytes: 256 << 20,
            max_total_bytes: 2 << 30,
        }
    }
}

impl Limits {
    /// The limits of a saved game (a `.vsav`, a `.vlog`, a setup inside a module). Its text is
    /// split into commands and pieces in memory, several times its size: a real save is a few MB,
    /// a long log tens.
    pub fn save() -> Limits {
        Limits {
            max_entries: 1_000,
            max_entry_bytes: 64 << 20,
            max_total_bytes: 128 << 20,
        }
    }
}

/// The entries of an archive, by name.
#[derive(Debug, Default, Clone)]
pub struct Archive {
    pub entries: BTreeMap<String, Vec<u8>>,
}

/// How much of an entry to read.
#[derive(Debug, Clone, Copy)]
pub enum Keep {
    /// The whole entry.
    All,
    /// What this function reads of the entry and keeps (an image's header: a few bytes instead
    /// of the image).
    Summary(fn(&mut dyn Read) -> std::io::Result<Vec<u8>>),
    /// Only its name: the entry is not inflated at all.
    Name,
}

/// Read every entry of a zip, refusing unsafe names and oversize content.
pub fn read_archive(bytes: &[u8], limits: Limits) -> Result<Archive, ArchiveError> {
    read_archive_from(Cursor::new(bytes), limits, |_| Keep::All)
}

/// Read a zip from any seekable source, keeping of each entry what `keep` says. Names are checked
/// for every entry, sizes for what is read (an entry that is not inflated cannot exhaust memory).
pub fn read_archive_from<R: Read + Seek>(
    source: R,
    limits: Limits,
    keep: impl Fn(&str) -> Keep,
) -> Result<Archive, ArchiveError> {
    read_archive_bounded(source, limits, keep)
}

/// Why an archive was not read: its content, or one of vmodc's own limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArchiveError {
    /// Over one of vmodc's own [`Limits`]: the archive may be sound (VASSAL sets no such limit);
    /// it was not read.
    OverLimit(String),
    /// Not a zip, an unsafe name, an entry that does not inflate, a save that does not decode.
    Damaged(String),
}

impl std::fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArchiveError::OverLimit(m) | ArchiveError::Damaged(m) => f.write_str(m),
        }
    }
}

/// [`read_archive_from`], telling a limit of vmodc's own from damage.
pub fn read_archive_bounded<R: Read + Seek>(
    source: R,
    limits: Limits,
    keep: impl Fn(&str) -> Keep,
) -> Result<Archive, ArchiveError> {
    use ArchiveError::{Damaged, OverLimit};
    let mut source = source;
    let size = source
        .seek(SeekFrom::End(0))
        .and_then(|size| source.seek(SeekFrom::Start(0)).map(|_| size))
        .map_err(|e| Damaged(format!("cannot read the archive: {e}")))?;
    let budget = total_budget(limits, size);
    let mut zip =
        zip::ZipArchive::new(source).map_err(|e| Damaged(format!("not a zip archive: {e}")))?;
    if zip.len() > limits.max_entries {
        return Err(OverLimit(format!(
            "the archive has {} entries (limit {})",
            zip.len(),
            limits.max_entries
        )));
    }
    let mut total = 0u64;
    let mut archive = Archive::default();
    for i in 0..zip.len() {
        let mut file = zip
            .by_index(i)
            .map_err(|e| Damaged(format!("entry {i}: {e}")))?;
        let name = file
            .name()
            .map_err(|e| Damaged(format!("entry {i}: {e}")))?
            .to_string();
        // Not `enclosed_name`, which also refuses names VASSAL reads well (`images/a:b.png`): the
        // archive is never unpacked, only names that climb out of it or are absolute are refused.
        if escapes_archive(&name) {
            return Err(Damaged(format!(
                "entry name `{name}` points outside the archive"
            )));
        }
        if file.is_dir() {
            continue;
        }
        if file.size() > limits.max_entry_bytes {
            return Err(OverLimit(format!(
                "entry `{name}` is {} bytes (limit {})",
                file.size(),
                limits.max_entry_bytes
            )));
        }
        let data = match keep(&name) {
            Keep::Name => Vec::new(),
            Keep::Summary(summarize) => {
                let mut bounded = (&mut file).take(limits.max_entry_bytes);
                summarize(&mut bounded).map_err(|e| Damaged(format!("entry `{name}`: {e}")))?
            }
            Keep::All => {
                // Never more than the budget leaves: a bomb stops at it, not at the entry limit.
                let cap = limits.max_entry_bytes.min(budget.saturating_sub(total));
                let data = read_at_most(&mut file, &name, cap + 1)?;
                if data.len() as u64 > limits.max_entry_bytes {
                    return Err(OverLimit(format!(
                        "entry `{name}` inflates beyond {} bytes",
                        limits.max_entry_bytes
                    )));
                }
                data
            }
        };
        total += data.len() as u64;
        if total > budget {
            let why = if budget < limits.max_total_bytes {
                format!(" ({MAX_INFLATION} times its {size} bytes)")
            } else {
                String::new()
            };
            return Err(OverLimit(format!(
                "the archive inflates beyond {budget} bytes{why}"
            )));
        }
        archive.entries.insert(name, data);
    }
    Ok(archive)
}

/// At most `limit` bytes of an entry: the declared size is never trusted.
fn read_at_most(file: &mut impl Read, name: &str, limit: u64) -> Result<Vec<u8>, ArchiveError> {
    let mut data = Vec::new();
    file.take(limit)
        .read_to_end(&mut data)
        .map_err(|e| ArchiveError::Damaged(format!("entry `{name}`: {e}")))?;
    Ok(data)
}

/// Whether an entry name is absolute (`/…`, `\\…`, `C:…`) or climbs out of the archive (`..`).
fn escapes_archive(name: &str) -> bool {
    let drive = name.as_bytes().get(1) == Some(&b':')
        && name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic);
    name.starts_with(['/', '\\']) || drive || name.split(['/', '\\']).any(|p| p == "..")
}

/// The text of a saved game: unzip `savedGame` and undo the obfuscation.
pub fn read_save(bytes: &[u8]) -> Result<String, ArchiveError> {
    read_save_within(bytes, Limits::save())
}

/// [`read_save`] within `limits`.
pub fn read_save_within(bytes: &[u8], limits: Limits) -> Result<String, ArchiveError> {
    read_save_bounded(bytes, limits)
}

/// [`read_save_within`], telling a limit of vmodc's own from damage.
pub fn read_save_bounded(bytes: &[u8], limits: Limits) -> Result<String, ArchiveError> {
    let archive = read_archive_bounded(Cursor::new(bytes), limits, |_| Keep::All)?;
    let data = archive
        .entries
        .get("savedGame")
        .ok_or_else(|| ArchiveError::Damaged("no savedGame entry".into()))?;
    crate::vassal::vsav::deobfuscate(data).map_err(|e| ArchiveError::Damaged(e.to_string()))
}

/// The commands of a saved game, flattened.
pub fn split_commands(text: &str) -> Vec<String> {
    crate::vassal::vsav::command_split(text)
}
