//! The module verifier: reads a `.vmod` back the way VASSAL does, and checks it
//! (vassal-format.md §7) — for `vmodc check FILE.vmod` and for the tests.
//!
//! Works on any module, ours or anyone's. Reading is safe against hostile archives: entry names that
//! escape the archive (`..`, absolute paths) are refused, and the number and size of entries are limited
//! before anything is decompressed into memory.
//!
//! - [`archive`]: the zip and the saved games inside it;
//! - [`xml`]: the buildFile as VASSAL's DOM sees it;
//! - [`decode`]: piece strings and their traits;
//! - [`grid`]: locations on a board's grid;
//! - `classes`: component classes the module ships as Java class files;
//! - [`view`]: a module opened and decoded, for tests;
//! - [`turn_tracker`]: a module's turn tracker run as VASSAL runs it (New Game, a save's state, Next);
//! - `library`: what the VASSAL Module Library refuses (`--library`);
//! - the checks, one file per part of the module: `moduledata`, `images`, `maps` (with their
//!   at-start stacks), `pieces`, `setups`, `unique` (children VASSAL's validators require to be
//!   single or uniquely named), `expressions` (none that BeanShell parses slowly).

pub mod archive;
mod classes;
pub mod decode;
mod expressions;
pub mod grid;
mod images;
mod library;
mod maps;
mod moduledata;
mod pieces;
mod setups;
pub mod turn_tracker;
mod unique;
pub mod view;
pub mod xml;
mod zip_names;
pub use zip_names::duplicate_names;

pub use archive::{
    read_archive, read_archive_from, read_save, split_commands, Archive, Keep, Limits,
};
pub use decode::{
    basic_piece_fields, decode_add_piece, layer_images, layer_level, layer_level_names,
    prototype_name, trait_id, unnest, DecodedPiece, KNOWN_TRAITS,
};
pub use grid::{hex_grid_from_node, location_resolves, square_grid_from_node, zoned_location};
pub use maps::MAP_HELPERS;
pub use moduledata::module_version;
pub use view::{open_module, ModuleView};
pub use xml::{parse_xml, Node};

use crate::diag::{Diagnostic, Report};
use std::path::{Path, PathBuf};

/// What `vmodc check FILE.vmod` checks beyond reading the module as VASSAL does.
#[derive(Debug, Clone, Copy, Default)]
pub struct CheckOptions {
    /// Also what the VASSAL Module Library refuses and what breaks for players later (`--library`).
    pub library: bool,
}

/// Check a module file.
pub fn check_module_file(path: &Path) -> Report {
    check_module_file_with(path, CheckOptions::default())
}

/// Check a module file with options. The file is read through, not into memory: images and other
/// media are not inflated (only their headers with `--library`), so a 150 MB module costs a few MB.
pub fn check_module_file_with(path: &Path, options: CheckOptions) -> Report {
    match std::fs::File::open(path) {
        Ok(file) => check_module_from(std::io::BufReader::new(file), path, options),
        Err(e) => {
            let mut r = Report::default();
            r.push(
                Diagnostic::error("V0401", format!("cannot read the module: {e}")).in_file(path),
            );
            r
        }
    }
}

/// Every check of vassal-format.md §7 on a module's bytes.
pub fn check_module(bytes: &[u8], path: &Path) -> Report {
    check_module_with(bytes, path, CheckOptions::default())
}

/// Every check of vassal-format.md §7 on a module's bytes, and the library checks if asked.
pub fn check_module_with(bytes: &[u8], path: &Path, options: CheckOptions) -> Report {
    check_module_from(std::io::Cursor::new(bytes), path, options)
}

/// What the checks read of an entry: media only by name (their header for the library's size
/// check), everything else whole (moduledata, the build file, saved setups, HTML pages, classes,
/// translations).
fn keep_for_check(name: &str, options: CheckOptions) -> Keep {
    let extension = name
        .rsplit_once('.')
        .map_or("", |(_, e)| e)
        .to_ascii_lowercase();
    // SVGs are read whole (text, usually small): the checks look inside them.
    let is_image = matches!(
        extension.as_str(),
        "png" | "gif" | "jpg" | "jpeg" | "bmp" | "webp" | "tif" | "tiff" | "ico"
    );
    let is_other_media = matches!(
        extension.as_str(),
        "mp3" | "wav" | "au" | "aiff" | "ogg" | "mid" | "pdf" | "mp4" | "avi"
    );
    match (is_image, is_other_media) {
        (true, _) if options.library && name.starts_with("images/") => {
            Keep::Summary(library::image_header)
        }
        (true, _) | (_, true) => Keep::Name,
        _ => Keep::All,
    }
}

/// Every check on a module read from any seekable source.
fn check_module_from<R: std::io::Read + std::io::Seek>(
    source: R,
    path: &Path,
    options: CheckOptions,
) -> Report {
    let mut report = Report::default();
    let p = PathBuf::from(path);
    let mut push = |d: Diagnostic| report.push(d.in_file(&p));
    let Some((archive, data, root)) =
        open_checked(source, |n| keep_for_check(n, options), &mut push)
    else {
        return report;
    };
    // Each setup's saved game is inflated once, for every check that reads it.
    let setup_texts = root
        .as_ref()
        .map(|r| setups::SetupTexts::read(r, &archive))
        .unwrap_or_default();
    if let Some(root) = &root {
        check_components(root, &archive, &setup_texts, &mut push);
    }
    if options.library {
        library::check(
            path,
            &archive,
            &data,
            root.as_ref(),
            &setup_texts,
            &mut push,
        );
    }
    report
}

/// A module read as VASSAL reads it, for `vmodc import`: the archive (every entry whole, within
/// the same budgets as `vmodc check`), the build file VASSAL would read, its text and its tree.
#[derive(Debug)]
pub struct ReadModule {
    pub archive: Archive,
    /// `buildFile.xml`, or `buildFile` for a module made before VASSAL 3.5.
    pub build_name: String,
    pub build_text: String,
    pub root: Node,
    /// What `vmodc check` warns about on the way (a duplicate entry name).
    pub warnings: Report,
}

/// Read a module for import, refusing what `vmodc check` refuses before it checks anything: an
/// archive over the reader's budgets or with unsafe names, an extension, a missing or unreadable
/// build file. The refusals come back as the check's own diagnostics.
pub fn read_module_from<R: std::io::Read + std::io::Seek>(
    source: R,
    path: &Path,
) -> Result<ReadModule, Report> {
    let mut report = Report::default();
    let p = PathBuf::from(path);
    let opened = open_checked(source, |_| Keep::All, &mut |d: Diagnostic| {
        report.push(d.in_file(&p))
    });
    let Some((archive, data, Some(root))) = opened else {
        return Err(report);
    };
    let build_name = moduledata::build_file_name(&archive, &data).to_string();
    let Some(build_text) = archive
        .entries
        .get(&build_name)
        .and_then(|b| std::str::from_utf8(b).ok())
        .map(str::to_string)
    else {
        return Err(report);
    };
    Ok(ReadModule {
        archive,
        build_name,
        build_text,
        root,
        warnings: report,
    })
}

/// The archive, what moduledata says and the component tree, as every reader of a module opens
/// them: `None` when the archive is refused (unreadable, over the budgets, an extension), the tree
/// `None` when the build file cannot be read.
fn open_checked<R: std::io::Read + std::io::Seek>(
    mut source: R,
    keep: impl Fn(&str) -> Keep,
    push: &mut impl FnMut(Diagnostic),
) -> Option<(Archive, moduledata::ModuleData, Option<Node>)> {
    for (name, count) in zip_names::duplicate_names(&mut source) {
        push(
            Diagnostic::warning(
                "V0460",
                format!("entry `{name}` is in the archive {count} times: VASSAL reads the last copy, and so does this check"),
            )
            .help("write the archive again with one entry per name (a zip tool that appends adds a second copy)"),
        );
    }
    let archive = match archive::read_archive_from(source, Limits::default(), keep) {
        Ok(a) => a,
        Err(e) => {
            push(
                Diagnostic::error("V0402", format!("unreadable archive: {e}"))
                    .help("a .vmod is a zip archive"),
            );
            return None;
        }
    };
    // `MetaDataFactory.buildMetaData`: an archive with `extensiondata` is an extension, which
    // VASSAL does not open as a module.
    if archive.entries.contains_key("extensiondata") {
        push(
            Diagnostic::error(
                "V0406",
                "the archive is a module extension (it has extensiondata), not a module",
            )
            .help(
                "VASSAL loads an extension into the module it extends; vmodc check reads modules",
            ),
        );
        return None;
    }
    let data = moduledata::check(&archive, push);
    let root = build_file(&archive, &data, push);
    Some((archive, data, root))
}

/// The checks of the component tree.
fn check_components(
    root: &Node,
    archive: &Archive,
    setup_texts: &setups::SetupTexts,
    push: &mut impl FnMut(Diagnostic),
) {
    let images = images::Images::of(archive);
    images::check_components(root, &images, push);
    images::check_html_pages(root, archive, &images, push);
    let classes = classes::check(root, archive, push);
    maps::check(root, &classes, push);
    pieces::check(root, &images, &classes, push);
    setups::check(root, archive, setup_texts, push);
    unique::check(root, &classes, push);
    expressions::check_components(root, push);
}

/// The buildFile's component tree, or why it cannot be read. Which file VASSAL reads depends on
/// the VASSAL version the module was made with (`GameModule.build`).
fn build_file(
    archive: &Archive,
    data: &moduledata::ModuleData,
    push: &mut impl FnMut(Diagnostic),
) -> Option<Node> {
    let name = moduledata::build_file_name(archive, data);
    let Some(build) = archive.entries.get(name) else {
        let other = if name == moduledata::BUILD_FILE {
            moduledata::BUILD_FILE_OLD
        } else {
            moduledata::BUILD_FILE
        };
        let help = if archive.entries.contains_key(other) {
            format!("the archive has `{other}`, but VASSAL reads `buildFile` for modules made before 3.5 and `buildFile.xml` from 3.5: fix VassalVersion in moduledata or rename the file")
        } else {
            "every module needs its component tree".to_string()
        };
        push(Diagnostic::error("V0406", format!("the archive has no {name}")).help(help));
        return None;
    };
    match std::str::from_utf8(build)
        .map_err(|e| e.to_string())
        .and_then(parse_xml)
    {
        Ok(r) => Some(r),
        Err(e) => {
            push(Diagnostic::error(
                "V0406",
                format!("{name} cannot be read: {e}"),
            ));
            None
        }
    }
}
