//! The map cut into page-sized tiles that overlap, so a player can glue them into one map.
//!
//! Tiles step across the map by the printable width less the overlap, so each pair of neighbours
//! shows the same strip of map, `overlap` mm wide: glued one over the other along that strip (with
//! the alignment marks printed in it on both tiles), the map is whole. The last tile of a row or
//! column is as wide as what is left of the map.

/// Width of the strip two neighbouring tiles share, in mm.
pub const OVERLAP_MM: f32 = 10.0;

/// One tile: the part of the map it shows, in mm from the map's top left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tile {
    pub row: usize,
    pub column: usize,
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

/// Where tiles start along one edge of `length` mm, each at most `room` long, neighbours sharing
/// `overlap`: `(start, length)` of each.
fn spans(length: f32, room: f32, overlap: f32) -> Vec<(f32, f32)> {
    let step = room - overlap;
    if length <= room || step <= 0.0 {
        return vec![(0.0, length.min(room.max(0.0)))];
    }
    let count = ((length - overlap) / step).ceil() as usize;
    (0..count)
        .map(|i| {
            let start = i as f32 * step;
            (start, room.min(length - start))
        })
        .collect()
}

/// The tiles of a map of `size` mm on pages whose printable area is `room` mm, row by row.
pub fn tiles(size: (f32, f32), room: (f32, f32), overlap: f32) -> Vec<Tile> {
    let columns = spans(size.0, room.0, overlap);
    let rows = spans(size.1, room.1, overlap);
    let mut tiles = Vec::new();
    for (row, &(y, height)) in rows.iter().enumerate() {
        for (column, &(x, width)) in columns.iter().enumerate() {
            tiles.push(Tile {
                row,
                column,
                x,
                y,
                width,
                height,
            });
        }
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_share_the_overlap_and_the_tiles_cover_the_map() {
        let tiles = tiles((500.0, 300.0), (190.0, 260.0), OVERLAP_MM);
        let columns = tiles.iter().map(|t| t.column).max().unwrap() + 1;
        let rows = tiles.iter().map(|t| t.row).max().unwrap() + 1;
        assert_eq!((columns, rows), (3, 2));
        for pair in tiles.windows(2).filter(|p| p[0].row == p[1].row) {
            let shared = pair[0].x + pair[0].width - pair[1].x;
            assert!((shared - OVERLAP_MM).abs() < 1e-3, "{shared}");
        }
        let last = tiles.last().unwrap();
        assert!((last.x + last.width - 500.0).abs() < 1e-3);
        assert!((last.y + last.height - 300.0).abs() < 1e-3);
    }

    #[test]
    fn a_small_map_is_one_tile() {
        assert_eq!(
            tiles((100.0, 80.0), (190.0, 260.0), OVERLAP_MM),
            vec![Tile {
                row: 0,
                column: 0,
                x: 0.0,
                y: 0.0,
                width: 100.0,
                height: 80.0
            }]
        );
    }
}
