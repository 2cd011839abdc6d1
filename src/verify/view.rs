//! A module opened and decoded, for checks and tests.

use super::archive::{read_archive, Archive, Limits};
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

/// Read and decode a module; errors stop at the first unreadable layer.
pub fn open_module(bytes: &[u8]) -> Result<ModuleView, String> {
    let archive = read_archive(bytes, Limits::default())?;
    let build = archive
        .entries
        .get("buildFile.xml")
        .or_else(|| archive.entries.get("buildFile"))
        .ok_or("the archive has no buildFile.xml")?;
    let text = std::str::from_utf8(build).map_err(|_| "buildFile.xml is not UTF-8".to_string())?;
    let root = parse_xml(text)?;
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
