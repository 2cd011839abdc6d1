//! The main map's board in the plan: the hex layout (fitted to a scan, laid out from the areas, or
//! drawn to the style's) and one board per map sheet.

use crate::concept::art::image_file::ImageFile;
use crate::concept::game::Game;
use crate::concept::plan::{Board, OffMapBox, OffMapRow, SheetBoard, MAIN_BOARD, MAP_IMAGE};
use crate::slug::slug;

/// The main map's board: a scanned map brings its own geometry; otherwise the map is drawn to the
/// style's.
pub fn board(game: &Game) -> Board {
    let style = &game.map.style;
    let layout = match super::fit::scan_fit(game) {
        _ if game.map.grid.is_areas() => super::areas::board_layout(game),
        // A grid as a module states it brings its own geometry, on its board image.
        _ if game.map.grid.vassal.is_some() => {
            let (width, height) = scan_of(game).map_or((0, 0), |s| (s.width, s.height));
            game.map.grid.vassal.as_ref().map_or_else(
                || game.map.grid.layout(style.hex_height, style.margin),
                |v| v.layout(width, height),
            )
        }
        Some(Ok(fit)) => fit.layout,
        _ => game.map.grid.layout(style.hex_height, style.margin),
    };
    Board {
        layout,
        sheets: sheet_boards(game),
    }
}

/// The scanned map image of a single-sheet map, if the data names one.
pub fn scan_of(game: &Game) -> Option<&ImageFile> {
    let path = game.map.map.image.as_ref()?;
    game.images.get(path.as_str())
}

/// One board per map sheet, in the grid's sheet order.
fn sheet_boards(game: &Game) -> Vec<SheetBoard> {
    let grid = &game.map.grid;
    (0..grid.sheet_count() as u16)
        .map(|i| {
            let prefix = grid.sheet_prefix(i);
            if grid.sheets.is_empty() {
                let image = match scan_of(game) {
                    Some(scan) => format!("map.{}", scan.format.extension()),
                    None => MAP_IMAGE.into(),
                };
                SheetBoard {
                    name: MAIN_BOARD.into(),
                    image,
                    at: [0, 0],
                }
            } else {
                SheetBoard {
                    name: format!("{MAIN_BOARD} {prefix}"),
                    image: format!("map-{}.png", slug(prefix)),
                    at: grid.sheet_at(i),
                }
            }
        })
        .collect()
}

/// The off-map box of each of the map's areas.
pub fn area_boxes(game: &Game, tx: &crate::i18n::Texts) -> Vec<OffMapBox> {
    game.map
        .areas
        .iter()
        .map(|a| {
            let name = tx.get(&format!("areas.{}", a.id.as_str()));
            // The most units any scenario starts in the area.
            let pieces = game.scenarios.iter().map(|s| {
                let in_area = |o: &&crate::concept::setup::OffMap| {
                    o.area.as_ref().is_some_and(|id| id.as_str() == a.id.as_str())
                };
                s.off_map.iter().filter(in_area).count() as u32
            });
            OffMapBox::empty(OffMapRow::Areas, name).holding(pieces.max().unwrap_or(0))
        })
        .collect()
}
