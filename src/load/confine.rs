//! The one rule every data path follows: a file the data names (a game file, a series' rules, a map
//! scan, a counter sheet) lies inside the project root, is a regular file, and is no larger than a
//! cap, all checked before a byte is read. Data folders are shared between designers: a path written
//! in one must not read `/etc/passwd`, block on a FIFO or read `/dev/zero` for ever.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The largest TOML file vmodc reads: the largest shipped data file is under 200 KB.
pub const MAX_TEXT_BYTES: u64 = 16 << 20;
/// The largest image file vmodc reads: a map scan of VASSAL's largest tileable size, compressed.
pub const MAX_IMAGE_BYTES: u64 = 256 << 20;

/// Why a path was not read.
#[derive(Debug)]
pub enum Refusal {
    /// The path leads out of the project root (absolute, `..` past the root, or a symbolic link).
    Outside(String),
    /// Not a regular file: a folder, FIFO, device or socket.
    NotRegular(&'static str),
    /// Larger than the cap.
    TooLarge { size: u64, cap: u64 },
    /// The file cannot be read (missing, no permission).
    Io(std::io::Error),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Outside(why) => write!(f, "the path leads out of the project root: {why}"),
            Refusal::NotRegular(kind) => write!(f, "it is a {kind}, not a regular file"),
            Refusal::TooLarge { size, cap } => {
                write!(
                    f,
                    "it is {size} bytes, more than the {cap} bytes vmodc reads"
                )
            }
            Refusal::Io(e) => write!(f, "{e}"),
        }
    }
}

impl Refusal {
    /// What to do about it.
    pub fn help(&self) -> &'static str {
        match self {
            Refusal::Outside(_) => "write the path relative to the project root (the folder holding rules/), without `..` leading out of it; copy the file into the project instead of linking to it",
            Refusal::NotRegular(_) => "name a regular file: vmodc reads no folders, FIFOs or devices",
            Refusal::TooLarge { .. } => "a data file this large is not one a designer wrote: check the path",
            Refusal::Io(_) => "the path is relative to the project root (the folder holding rules/); put the file there or correct the path",
        }
    }
}

/// `rel` as a path below the root, refused when it is absolute or its `..` climb above the root.
pub fn relative_inside(rel: &str) -> Result<PathBuf, Refusal> {
    let mut depth = 0usize;
    let mut out = PathBuf::new();
    for part in Path::new(rel).components() {
        match part {
            Component::Normal(p) => {
                depth += 1;
                out.push(p);
            }
            Component::CurDir => {}
            Component::ParentDir => {
                if depth == 0 {
                    return Err(Refusal::Outside(format!(
                        "`{rel}` climbs above it with `..`"
                    )));
                }
                depth -= 1;
                out.pop();
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(Refusal::Outside(format!("`{rel}` is an absolute path")));
            }
        }
    }
    Ok(out)
}

/// Read `rel` under `root` whole, if it lies inside the root (symbolic links followed only while
/// they stay inside), is a regular file and holds at most `cap` bytes.
pub fn read_inside(root: &Path, rel: &str, cap: u64) -> Result<Vec<u8>, Refusal> {
    let inside = relative_inside(rel)?;
    let real_root = std::fs::canonicalize(root).map_err(Refusal::Io)?;
    let real = std::fs::canonicalize(root.join(&inside)).map_err(Refusal::Io)?;
    if !real.starts_with(&real_root) {
        return Err(Refusal::Outside(format!(
            "`{rel}` is a symbolic link, or lies in a linked folder, that leads outside"
        )));
    }
    let meta = std::fs::metadata(&real).map_err(Refusal::Io)?;
    if !meta.is_file() {
        return Err(Refusal::NotRegular(kind_of(&meta)));
    }
    if meta.len() > cap {
        return Err(Refusal::TooLarge {
            size: meta.len(),
            cap,
        });
    }
    let file = std::fs::File::open(&real).map_err(Refusal::Io)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may grow between the size check and the read: never read past the cap.
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(Refusal::Io)?;
    if bytes.len() as u64 > cap {
        return Err(Refusal::TooLarge {
            size: bytes.len() as u64,
            cap,
        });
    }
    Ok(bytes)
}

/// Whether `rel` under `root` is a regular file inside the root (what `is_file` says, confined).
pub fn is_file_inside(root: &Path, rel: &str) -> bool {
    let Ok(inside) = relative_inside(rel) else {
        return false;
    };
    match (
        std::fs::canonicalize(root),
        std::fs::canonicalize(root.join(inside)),
    ) {
        (Ok(r), Ok(p)) => p.starts_with(r) && p.is_file(),
        _ => false,
    }
}

fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "FIFO (named pipe)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "device";
        }
        if t.is_socket() {
            return "socket";
        }
    }
    "special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_climb_out_or_start_at_the_root_are_refused() {
        assert!(relative_inside("art/map.png").is_ok());
        assert_eq!(
            relative_inside("art/../art/map.png").ok(),
            Some(PathBuf::from("art/map.png"))
        );
        for bad in ["../x.png", "art/../../x.png", "/dev/zero", "/etc/passwd"] {
            assert!(
                matches!(relative_inside(bad), Err(Refusal::Outside(_))),
                "{bad}"
            );
        }
    }
}
