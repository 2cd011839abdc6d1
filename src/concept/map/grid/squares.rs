//! Square grids (`kind = "squares"`): columns across, rows down (or up, `rows_upward`), each square
//! touching four others across its sides and, with `diagonals = true`, four more at its corners.
//!
//! VASSAL's `SquareGrid` (3.7.26): the centre of raw column `c`, raw row `r` is
//! `(x0 + c·dx, y0 + r·dy)` (`SquareGridNumbering.getCenterPoint`, truncated to whole pixels), and
//! its `range` attribute is `Metric` (a diagonal step counts one) or `Manhattan` (two).

use super::{Grid, GridKind, HexId, HexLayout};

/// Directions to the neighbours: across the four sides, clockwise from north, then the corners.
pub const DIRECTIONS: [&str; 8] = ["N", "E", "S", "W", "NE", "SE", "SW", "NW"];

/// The neighbours across the sides, then (with `diagonals`) at the corners, in [`DIRECTIONS`]
/// order (row − 1 first); whether or not they lie on the map.
pub fn neighbours(hex: HexId, diagonals: bool) -> Vec<HexId> {
    let HexId { sheet, col, row } = hex;
    let at = |col, row| HexId { sheet, col, row };
    let mut out = vec![
        at(col, row - 1),
        at(col + 1, row),
        at(col, row + 1),
        at(col - 1, row),
    ];
    if diagonals {
        out.extend([
            at(col + 1, row - 1),
            at(col + 1, row + 1),
            at(col - 1, row + 1),
            at(col - 1, row - 1),
        ]);
    }
    out
}

/// The layout for a square side `size` and a margin.
pub fn layout(grid: &Grid, size: u32, margin: u32) -> HexLayout {
    let d = f64::from(size);
    let first = (f64::from(margin) + d / 2.0).round() as i32;
    let mut layout = HexLayout {
        x0: first,
        y0: first,
        dx: d,
        dy: d,
        first_raw_col: grid.columns.value[0],
        first_raw_row: grid.top_row(),
        rows_upward: grid.rows_upward,
        width: 0,
        height: 0,
        kind: GridKind::Squares,
    };
    layout.fit_image(grid, margin);
    layout
}

/// Exact centre of a square on the board.
pub fn centre(layout: &HexLayout, hex: HexId) -> (f64, f64) {
    let (c, r) = layout.raw(hex);
    (
        f64::from(layout.x0) + layout.dx * f64::from(c),
        f64::from(layout.y0) + layout.dy * f64::from(r),
    )
}

/// The four corners, clockwise from the top left: side `i` (corners `i`, `i + 1`) faces
/// [`DIRECTIONS`]`[i]`.
pub fn corners(layout: &HexLayout, hex: HexId) -> [(f64, f64); 4] {
    let (cx, cy) = centre(layout, hex);
    let (w, h) = (layout.dx / 2.0, layout.dy / 2.0);
    [
        (cx - w, cy - h),
        (cx + w, cy - h),
        (cx + w, cy + h),
        (cx - w, cy + h),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_or_eight_neighbours_one_step_away() {
        let h = HexId::new(3, 3);
        assert_eq!(neighbours(h, false).len(), 4);
        let all = neighbours(h, true);
        assert_eq!(all.len(), 8);
        for n in all {
            let (dc, dr) = (n.col - h.col, n.row - h.row);
            assert!(dc.abs() <= 1 && dr.abs() <= 1 && (dc, dr) != (0, 0));
        }
    }
}
