//! A module opened and decoded, for checks and tests.

use super::archive::{read_archive, Archive, ArchiveError, Limits};
use super::decode::{decode_add_piece, DecodedPiece};
use super::xml::{parse_xml, Node};

/// What a module holds, decoded, for checks and tests.
#[derive(Debug, Default)]
pub struct ModuleView {
    pub root: Node,
    pub archive: Archive,
    /// Every PieceSlot and PrototypeDefinition, decoded: (element tag, name, piece).
    pub pieces: Vec<(String, String, DecodedPiece)>,
}

/// Why a module was not opened: the first layer that does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModuleError {
    /// The zip: damaged, or over one of vmodc's own limits.
    Archive(ArchiveError),
    /// No `buildFile.xml` (nor the `buildFile` of modules before 3.5).
    NoBuildFile,
    /// The buildFile's bytes are not UTF-8.
    NotUtf8,
    /// The buildFile is not well-formed XML (the parser's message).
    Xml(String),
}

impl std::fmt::Display for ModuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModuleError::Archive(e) => write!(f, "{e}"),
            ModuleError::NoBuildFile => f.write_str(
                "the archive has no buildFile.xml (nor an old buildFile): it is not a module",
            ),
            ModuleError::NotUtf8 => f.write_str("the buildFile is not UTF-8"),
            ModuleError::Xml(e) => write!(f, "the buildFile cannot be read: {e}"),
        }
    }
}

impl From<ArchiveError> for ModuleError {
    fn from(e: ArchiveError) -> ModuleError {
        ModuleError::Archive(e)
    }
}

/// The buildFile of a module's archive (`buildFile.xml`, or the `buildFile` before 3.5), parsed.
pub fn build_file(archive: &Archive) -> Result<Node, ModuleError> {
    let build = archive
        .entries
        .get("buildFile.xml")
        .or_else(|| archive.entries.get("buildFile"))
        .ok_or(ModuleError::NoBuildFile)?;
    let text = std::str::from_utf8(build).map_err(|_| ModuleError::NotUtf8)?;
    parse_xml(text).map_err(ModuleError::Xml)
}

/// Read and decode a module; errors stop at the first unreadable layer.
pub fn open_module(bytes: &[u8]) -> Result<ModuleView, ModuleError> {
    let archive = read_archive(bytes, Limits::default())?;
    let root = build_file(&archive)?;
    let mut pieces = Vec::new();
    for node in root.walk() {
        let short = node.tag.rsplit('.').next().unwrap_or("");
        if matches!(short, "PieceSlot" | "PrototypeDefinition" | "CardSlot") {
            let name = if short == "PrototypeDefinition" {
                node.attr("name").to_string()
            } else {
                node.attr("entryName").to_string()
            };
            if let Ok(p) = decode_add_piece(&node.text) {
                pieces.push((node.tag.clone(), name, p));
            }
        }
    }
    Ok(ModuleView {
        root,
        archive,
        pieces,
    })
}
