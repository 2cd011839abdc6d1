//! `vmodc import`: any VASSAL module becomes a vmodc project (docs/import.md), so that `vmodc build`
//! in that folder gives the game back and every later change is a change of data.
//!
//! Built on the module reader (`crate::verify`): the module is read within its budgets and with the
//! refusals of `vmodc check`, its component tree as VASSAL's DOM sees it, its pieces decoded as
//! VASSAL decodes them and its grid located as VASSAL locates. What becomes data, what is kept raw
//! and what is not carried is said part by part in the report ([`account`]).
//!
//! - [`module`]: the component tree, part by part;
//! - [`pieces`]: a piece slot as a unit;
//! - [`merge`]: an at-start piece that is a palette piece is that unit;
//! - [`project`]: the project's files;
//! - [`track`]: the turn track of a module vmodc built, as data.

pub mod account;
pub mod generated;
pub mod merge;
pub mod module;
pub mod pieces;
pub mod project;
pub mod track;

use crate::diag::Report;
use std::path::{Path, PathBuf};

/// The name of the report written into the project.
pub const REPORT_FILE: &str = "import-report.md";

/// Why an import wrote nothing.
#[derive(Debug)]
pub enum ImportError {
    /// The module was refused as `vmodc check` refuses it.
    Refused(Report),
    /// `--out` exists and is not empty, and `--force` was not given.
    OutExists(PathBuf),
    /// `--out` holds the module being imported: replacing it would delete the import's own input.
    OutHoldsInput(PathBuf),
    /// The project could not be written.
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportError::Refused(_) => write!(f, "the module was refused"),
            ImportError::OutExists(p) => write!(
                f,
                "{} exists and is not empty: give --force to replace it",
                p.display()
            ),
            ImportError::OutHoldsInput(p) => write!(
                f,
                "{} holds the module being imported, which --force would delete: give another --out",
                p.display()
            ),
            ImportError::Io(p, e) => write!(f, "cannot write {}: {e}", p.display()),
        }
    }
}

/// What an import made.
#[derive(Debug)]
pub struct Imported {
    pub project: project::Project,
    /// What the reader warned about on the way.
    pub warnings: Report,
}

/// Read `module` (a file) and make its project for game `id`, in memory.
pub fn import_module(module: &Path, id: &str) -> Result<Imported, ImportError> {
    let file = std::fs::File::open(module).map_err(|e| ImportError::Io(module.into(), e))?;
    let read = crate::verify::read_module_from(std::io::BufReader::new(file), module)
        .map_err(ImportError::Refused)?;
    let mut reading = module::read(&read);
    keep_raw_unless_generated(&read, &mut reading, id);
    merge::merge_into_palette(&mut reading);
    let mut project = project::project(&read, reading, id);
    let report = project.account.markdown();
    project
        .files
        .insert(REPORT_FILE.to_string(), report.into_bytes());
    Ok(Imported {
        project,
        warnings: read.warnings,
    })
}

/// Keep each raw part, unless the build writes one of the same class and name at its place (a
/// module vmodc built, imported again): that one is the build's.
fn keep_raw_unless_generated(
    read: &crate::verify::ReadModule,
    reading: &mut module::Reading,
    id: &str,
) {
    let generated = generated::generated(read, reading, id);
    // A prototype of a module vmodc did not build is the module's own, whatever its name: it is
    // kept, and vmodc's own prototype of that name takes another (`Plan::prototype_name`).
    let built_by_vmodc = read
        .archive
        .entries
        .contains_key(crate::emit::RULES_DATA_MANIFEST);
    let parts = std::mem::take(&mut reading.raw);
    for part in parts {
        let own_prototype = part.place == "prototypes" && !built_by_vmodc;
        if !own_prototype && generated::is_generated(&part, &generated, &part.tag, &part.key) {
            reading.account.add(
                account::Became::Regenerated,
                part.label.clone(),
                "the build writes one of the same class and name: that one is kept",
            );
            match &part.node {
                Some(n) if n.tag.ends_with(".TurnTracker") => track::read_phases(n, reading),
                Some(map) => track::read_track_map(map, &generated, reading),
                None => {}
            }
        } else {
            reading
                .account
                .add(account::Became::Raw, part.label.clone(), part.why.clone());
            reading.raw.push(part);
        }
    }
}

/// The game id a module's name gives.
pub fn default_id(module: &Path) -> String {
    let stem = module
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match crate::slug::slug(&stem) {
        s if s.is_empty() => "imported".into(),
        s => s,
    }
}

/// Write the project's files into `out`: first into a fresh folder beside it, renamed into place
/// once every file is written, so that no half-written project is ever left. An existing `out`
/// that is not empty is replaced only with `force`.
pub fn write_project(
    project: &project::Project,
    out: &Path,
    force: bool,
) -> Result<(), ImportError> {
    let occupied = std::fs::read_dir(out).is_ok_and(|mut d| d.next().is_some());
    if occupied && !force {
        return Err(ImportError::OutExists(out.into()));
    }
    if out.exists() && !out.is_dir() {
        return Err(ImportError::OutExists(out.into()));
    }
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "project".into());
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(|e| ImportError::Io(parent.clone(), e))?;
    let staging = parent.join(format!(".{name}.vmodc-import-{}", std::process::id()));
    let written = write_files(project, &staging);
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e);
    }
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(|e| ImportError::Io(out.into(), e))?;
    }
    std::fs::rename(&staging, out).map_err(|e| {
        let _ = std::fs::remove_dir_all(&staging);
        ImportError::Io(out.into(), e)
    })
}

/// Every file under `root`; each path was made from entry names the reader accepted (no `..`, no
/// absolute path) and is checked again here, so nothing is written outside `root`.
fn write_files(project: &project::Project, root: &Path) -> Result<(), ImportError> {
    std::fs::create_dir_all(root).map_err(|e| ImportError::Io(root.into(), e))?;
    for (rel, bytes) in &project.files {
        let inside = crate::load::confine::relative_inside(rel)
            .map_err(|e| ImportError::Io(root.join(rel), std::io::Error::other(e.to_string())))?;
        let path = root.join(inside);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| ImportError::Io(dir.into(), e))?;
        }
        std::fs::write(&path, bytes).map_err(|e| ImportError::Io(path.clone(), e))?;
    }
    Ok(())
}
