//! Board images named by their content, so VASSAL never shows stale map tiles.
//!
//! VASSAL cuts every board image larger than one 256 px tile into tiles, in a cache folder per
//! module named by the SHA-1 of the module's name and version (`AbstractLaunchAction`,
//! `GameModule.getImageTileSource`), each tile named by the SHA-1 of the image's path in the
//! archive and the tile's place (`TileUtils.tileName`). It cuts an image again only when the image's
//! date in the archive is not older than its tiles (`TilingHandler.isFresh`: `imtime >=
//! tile mtime`), and a tile's date is the moment it was cut. vmodc dates every entry in 1980 so that
//! a build is reproducible, so a module rebuilt with a changed map at the same version, or the
//! other language's module of the same game (both carry the game's one name and version, so that
//! saves move between them: docs/identity.md), showed the tiles of the first image VASSAL cut.
//!
//! So each board image's file name carries a hash of its bytes (`map.png` → `map-<hash>.png`): a
//! changed image is a new path, whose tiles VASSAL has never cut, and the same path always holds
//! the same pixels. Builds stay reproducible (the name is a function of the image), the version
//! and the dates stay as they are, and nothing a save records changes (a save names boards, not
//! their images). Only boards are renamed: VASSAL reads tiles for a board's image alone
//! (`Board.setAttribute` → `Op.loadLarge`); pieces and charts are read whole from the archive.

use crate::model::digest;
use crate::package::Entry;
use crate::vassal::xml::El;
use std::collections::BTreeMap;

/// The tag of a board in the buildFile.
const BOARD: &str = "VASSAL.build.module.map.boardPicker.Board";

/// How many hex digits of the content hash a board image's name carries: 64 bits, so two
/// different images of one module and name never meet (a chance of about 1 in 10^19).
const HASH_DIGITS: usize = 16;

/// Rename every board image of `tree` in `entries` to its content-addressed name, and point the
/// boards at the new names. An image that a component kept byte for byte from an imported module
/// (a raw element) also names is left as it is, since that element cannot be rewritten.
pub fn name_by_content(tree: &mut El, entries: &mut Vec<Entry>) {
    let mut boards = Vec::new();
    board_images(tree, &mut boards);
    let mut renamed: BTreeMap<String, String> = BTreeMap::new();
    for image in boards {
        if renamed.contains_key(&image) || named_by_raw(tree, &image) {
            continue;
        }
        let path = format!("images/{image}");
        let Some(at) = entries.iter().position(|e| e.name == path) else {
            continue;
        };
        let new = content_name(&image, &entries[at].data);
        let new_path = format!("images/{new}");
        match entries.iter().position(|e| e.name == new_path) {
            // Already in the archive under its content's name (a module imported from one vmodc
            // built ships it so): one copy is enough.
            Some(there) if entries[there].data == entries[at].data => {
                entries.remove(at);
            }
            // A file of that name with other bytes: leave both as they are.
            Some(_) => continue,
            None => entries[at].name = new_path,
        }
        renamed.insert(image, new);
    }
    rename_boards(tree, &renamed);
}

/// `stem-<hash>.ext` of an image file's name and bytes.
pub fn content_name(image: &str, bytes: &[u8]) -> String {
    let hash = digest::hash(bytes);
    let hash = &hash[..HASH_DIGITS];
    match image.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}-{hash}.{ext}"),
        None => format!("{image}-{hash}"),
    }
}

/// An image's name without the content hash [`content_name`] gave it (`map-<hash>.png` →
/// `map.png`), so that `vmodc diff` reads a changed board image as a change of one image.
pub fn plain_name(image: &str) -> String {
    let (path, ext) = match image.rsplit_once('.') {
        Some((p, e)) if !e.contains('/') => (p, Some(e)),
        _ => (image, None),
    };
    let plain = match path.rsplit_once('-') {
        Some((stem, hash))
            if hash.len() == HASH_DIGITS && hash.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            stem
        }
        _ => path,
    };
    match ext {
        Some(e) => format!("{plain}.{e}"),
        None => plain.to_string(),
    }
}

/// The image of every board of the tree (outside raw elements), in tree order.
fn board_images(el: &El, out: &mut Vec<String>) {
    if el.tag == BOARD && el.raw.is_none() {
        if let Some((_, image)) = el.attrs.iter().find(|(k, _)| k == "image") {
            if !image.is_empty() {
                out.push(image.clone());
            }
        }
    }
    for c in &el.children {
        board_images(c, out);
    }
}

/// Whether a raw element of the tree names `image` in an attribute.
fn named_by_raw(el: &El, image: &str) -> bool {
    el.raw
        .as_deref()
        .is_some_and(|raw| raw.contains(&format!("\"{image}\"")))
        || el.children.iter().any(|c| named_by_raw(c, image))
}

fn rename_boards(el: &mut El, renamed: &BTreeMap<String, String>) {
    if el.tag == BOARD && el.raw.is_none() {
        for (key, value) in &mut el.attrs {
            if key == "image" {
                if let Some(new) = renamed.get(value.as_str()) {
                    value.clone_from(new);
                }
            }
        }
    }
    for c in &mut el.children {
        rename_boards(c, renamed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(image: &str) -> El {
        El::new(BOARD).attr("image", image).attr("name", "Map")
    }

    fn entry(name: &str, data: &[u8]) -> Entry {
        Entry {
            name: name.into(),
            data: data.to_vec(),
        }
    }

    #[test]
    fn a_board_image_is_named_by_its_bytes() {
        let mut tree = El::new("Module").child(board("map.png"));
        let mut entries = vec![
            entry("images/map.png", b"first"),
            entry("images/unit.png", b"u"),
        ];
        name_by_content(&mut tree, &mut entries);
        let named = content_name("map.png", b"first");
        assert!(named.starts_with("map-") && named.ends_with(".png"));
        assert_eq!(entries[0].name, format!("images/{named}"));
        assert_eq!(
            entries[1].name, "images/unit.png",
            "pieces keep their names"
        );
        assert!(tree.children[0]
            .attrs
            .contains(&("image".to_string(), named.clone())));
        // Other bytes, another name; the same bytes, the same name.
        assert_ne!(content_name("map.png", b"second"), named);
        assert_eq!(content_name("map.png", b"first"), named);
        assert_eq!(plain_name(&format!("images/{named}")), "images/map.png");
        assert_eq!(plain_name("images/turn-track.png"), "images/turn-track.png");
    }

    #[test]
    fn an_image_a_raw_element_names_keeps_its_name() {
        let mut tree = El::new("Module")
            .child(board("map.png"))
            .child(El::raw("<Board image=\"map.png\" name=\"Old\"/>"));
        let mut entries = vec![entry("images/map.png", b"x")];
        name_by_content(&mut tree, &mut entries);
        assert_eq!(entries[0].name, "images/map.png");
        assert!(tree.children[0]
            .attrs
            .contains(&("image".to_string(), "map.png".to_string())));
    }

    #[test]
    fn an_image_already_shipped_under_its_content_name_is_kept_once() {
        let named = content_name("map.png", b"m");
        let mut tree = El::new("Module").child(board("map.png"));
        let mut entries = vec![
            entry("images/map.png", b"m"),
            entry(&format!("images/{named}"), b"m"),
        ];
        name_by_content(&mut tree, &mut entries);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].name, format!("images/{named}"));
        assert!(tree.children[0]
            .attrs
            .contains(&("image".to_string(), named.clone())));
    }

    #[test]
    fn two_boards_of_one_image_share_its_new_name() {
        let mut tree = El::new("Module")
            .child(board("sheet.png"))
            .child(board("sheet.png"));
        let mut entries = vec![entry("images/sheet.png", b"s")];
        name_by_content(&mut tree, &mut entries);
        let named = content_name("sheet.png", b"s");
        for b in &tree.children {
            assert!(b.attrs.contains(&("image".to_string(), named.clone())));
        }
        assert_eq!(entries.len(), 1);
    }
}
