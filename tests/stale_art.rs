//! Never stale art (src/pipeline/board_images.rs): VASSAL keeps the tiles it cut of a board's image
//! under the module's name and version and the image's path, and cuts them again only when the
//! image's date in the archive is newer than its tiles, which a reproducible build (every entry
//! dated 1980) never is. So a board's image is named by its bytes: a changed image is a new path.

use std::collections::BTreeMap;
use vmodc::pipeline::board_images::{content_name, plain_name};
use vmodc::verify::archive::{read_archive, Limits};
use vmodc::verify::{open_module, parse_xml};

const SHIPPED: [&str; 4] = ["b4m", "btm2", "lsam", "ocs"];

/// What VASSAL keys a board's tiles by: the module's name and version (the tile cache's folder)
/// and the image's path in the archive (each tile's name).
type TileKey = (String, String, String);

/// Every board image of a module's archive, by its tile key, with its bytes.
fn board_tiles(bytes: &[u8]) -> Vec<(TileKey, Vec<u8>)> {
    let view = open_module(bytes).expect("the module opens");
    let module = (
        view.root.attr("name").to_string(),
        view.root.attr("version").to_string(),
    );
    view.root
        .find_all("VASSAL.build.module.map.boardPicker.Board")
        .into_iter()
        .map(|b| {
            let path = format!("images/{}", b.attr("image"));
            let image = view
                .archive
                .entries
                .get(&path)
                .unwrap_or_else(|| panic!("{path} is not in the module"))
                .clone();
            ((module.0.clone(), module.1.clone(), path), image)
        })
        .collect()
}

/// In every committed module, each board's image is named by its bytes; and across the languages
/// of a game, which share one tile cache (one name, one version: docs/identity.md), one path never
/// holds two images. Before, b4m-en's and b4m-ja's `images/map.png` differed (the city names) and
/// shared their tiles: the module opened second showed the first one's map.
#[test]
fn no_two_board_images_share_a_tile_key() {
    let mut boards = 0;
    for id in SHIPPED {
        let mut seen: BTreeMap<TileKey, (Vec<u8>, String)> = BTreeMap::new();
        for lang in ["en", "ja"] {
            let file = format!("dist/{id}-{lang}.vmod");
            let bytes = std::fs::read(crate::common::repo().join(&file)).expect("module");
            for (key, image) in board_tiles(&bytes) {
                boards += 1;
                let name = key.2.trim_start_matches("images/");
                assert_eq!(
                    name,
                    content_name(&plain_name(name), &image),
                    "{file}: {name} is not named by its bytes"
                );
                if let Some((other, from)) = seen.get(&key) {
                    assert!(other == &image, "{file} and {from} tile {key:?} apart");
                }
                seen.insert(key, (image, file.clone()));
            }
        }
    }
    assert!(boards >= 18, "only {boards} boards read");
}

/// A module rebuilt with a changed map at the same version names the map anew (VASSAL finds no
/// tiles for it and cuts them), the same sources build the same bytes again, and nothing else a
/// save or the tile cache's folder depends on changes.
#[test]
fn a_changed_map_gets_a_new_path_at_the_same_version() {
    let dir = crate::common::TempDir::new("stale-art");
    crate::common::copy_game(&crate::common::repo(), "b4m", dir.path());
    let zip = || {
        let mut sources = vmodc::diag::Sources::default();
        let (loaded, report) = vmodc::pipeline::load_and_check(dir.path(), "b4m", &mut sources);
        let game = loaded
            .unwrap_or_else(|| panic!("b4m loads: {report:?}"))
            .game;
        vmodc::package::zip_bytes(&vmodc::pipeline::compile(&game).expect("compiles"))
            .expect("zips")
    };
    let before = zip();
    assert_eq!(zip(), before, "the same sources, the same bytes");
    // The map's printed name, in its heading: the map image changes, nothing else.
    crate::common::patch(
        dir.path(),
        "maps/b4m.toml",
        "name = \"Battle for Moscow\"",
        "name = \"Battle for Moscow (second printing)\"",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let after = zip();
    let main = |bytes: &[u8]| {
        board_tiles(bytes)
            .into_iter()
            .find(|(key, _)| plain_name(&key.2) == "images/map.png")
            .expect("the main map")
    };
    let ((name, version, old_path), old_image) = main(&before);
    let ((name_after, version_after, new_path), new_image) = main(&after);
    assert_ne!(old_image, new_image, "the map changed");
    assert_eq!((name, version), (name_after, version_after));
    assert_ne!(old_path, new_path, "VASSAL would show the old map's tiles");
    // The turn track did not change: it keeps its path, and VASSAL its tiles.
    let track = |bytes: &[u8]| {
        board_tiles(bytes)
            .into_iter()
            .find(|(key, _)| plain_name(&key.2) == "images/turn-track.png")
            .map(|(key, _)| key.2)
    };
    assert_eq!(track(&before), track(&after));
    // The boards' names, which a save records, are as they were.
    let boards = |bytes: &[u8]| -> Vec<String> {
        let archive = read_archive(bytes, Limits::default()).expect("archive");
        let text = String::from_utf8(archive.entries["buildFile.xml"].clone()).expect("UTF-8");
        parse_xml(&text)
            .expect("parses")
            .find_all("VASSAL.build.module.map.boardPicker.Board")
            .iter()
            .map(|b| b.attr("name").to_string())
            .collect()
    };
    assert_eq!(boards(&before), boards(&after));
}
