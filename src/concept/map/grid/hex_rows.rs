//! Pointy-topped hexes in horizontal rows (`kind = "hex-rows"`): every other row is drawn half a hex
//! to the right (`shifted_rows`), columns run straight down the map.
//!
//! VASSAL lays these out as a `HexGrid` with `sideways="true"`: `HexGrid.rotateIfSideways` swaps a
//! board point's x and y, and the flat-topped arithmetic runs on the swapped point. So VASSAL's raw
//! *column* is our row (spaced `dx` down the board), its raw *row* our column (spaced `dy`, the hex
//! width, across it), odd raw columns (our rows) sit `⌊dy/2⌋` to the right, and `x0` is the board y
//! of raw column 0, `y0` the board x of raw row 0 (3.7.26 `HexGrid.getRawColumn`, `getRawRow`,
//! `hexPointCenterFromRawIndex`, `HexGridNumbering.getCenterPoint`).

use super::{Grid, GridKind, HexId, HexLayout};

/// Directions from a pointy-topped hex to its six neighbours, clockwise from north-east.
pub const DIRECTIONS: [&str; 6] = ["NE", "E", "SE", "SW", "W", "NW"];

/// The neighbour in each of [`DIRECTIONS`], whether or not it lies on the map.
pub fn neighbours(grid: &Grid, hex: HexId) -> [HexId; 6] {
    let HexId { sheet, col, row } = hex;
    let north = grid.north();
    // A row drawn half a hex to the right touches, above and below, its own column and the next;
    // an unshifted row its own column and the one before.
    let (left, right) = if grid.is_shifted(row) {
        (col, col + 1)
    } else {
        (col - 1, col)
    };
    let at = |col, row| HexId { sheet, col, row };
    [
        at(right, row + north),
        at(col + 1, row),
        at(right, row - north),
        at(left, row - north),
        at(col - 1, row),
        at(left, row + north),
    ]
}

/// The layout for a hex width `hex_width` (flat side to flat side) and a margin.
pub fn layout(grid: &Grid, hex_width: u32, margin: u32) -> HexLayout {
    let dy = f64::from(hex_width);
    let radius = dy / 3f64.sqrt();
    let dx = 1.5 * radius;
    let [c0, _] = grid.columns.value;
    let top = grid.top_row();
    // VASSAL's raw column 0 is never shifted: when the top row is, raw column 0 is an (empty) row
    // above it so that parities line up.
    let first_raw_row = if grid.is_shifted(top) {
        top + grid.north()
    } else {
        top
    };
    let above = f64::from((first_raw_row - top).abs());
    let y_first = f64::from(margin) + radius;
    let mut layout = HexLayout {
        x0: (y_first - dx * above).floor() as i32,
        y0: (f64::from(margin) + dy / 2.0).round() as i32,
        dx,
        dy,
        first_raw_col: c0,
        first_raw_row,
        rows_upward: grid.rows_upward,
        width: 0,
        height: 0,
        kind: GridKind::HexRows,
    };
    layout.fit_image(grid, margin);
    layout
}

/// VASSAL's raw column (our row, from the top) and raw row (our column) of a hex.
pub fn vassal_raw(layout: &HexLayout, hex: HexId) -> (i32, i32) {
    let (col, row) = layout.raw(hex);
    (row, col)
}

/// Exact centre of a hex on the board.
pub fn centre(layout: &HexLayout, hex: HexId) -> (f64, f64) {
    let (raw_col, raw_row) = vassal_raw(layout, hex);
    let shift = if raw_col.rem_euclid(2) == 1 {
        (layout.dy / 2.0).floor()
    } else {
        0.0
    };
    // Rotated back: VASSAL's x is the board's y.
    let along = f64::from(layout.x0) + layout.dx * f64::from(raw_col);
    let across = f64::from(layout.y0) + layout.dy * f64::from(raw_row) + shift;
    (across, along)
}

/// The six corners, clockwise from the north corner: side `i` (corners `i`, `i + 1`) faces
/// [`DIRECTIONS`]`[i]`.
pub fn corners(layout: &HexLayout, hex: HexId) -> [(f64, f64); 6] {
    let (cx, cy) = centre(layout, hex);
    let r = layout.radius();
    let w = layout.dy / 2.0;
    [
        (cx, cy - r),
        (cx + w, cy - r / 2.0),
        (cx + w, cy + r / 2.0),
        (cx, cy + r),
        (cx - w, cy + r / 2.0),
        (cx - w, cy - r / 2.0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(shifted: &str, extra: &str) -> Grid {
        toml::from_str(&format!(
            "kind = \"hex-rows\"\ncolumns = [1, 6]\nrows = [1, 5]\nshifted_rows = \"{shifted}\"\n\
             column_digits = 2\nrow_digits = 2\n{extra}"
        ))
        .expect("the grid parses")
    }

    #[test]
    fn neighbours_are_one_hex_away_in_their_direction_and_symmetric() {
        for (shifted, extra) in [("even", ""), ("odd", ""), ("even", "rows_upward = true\n")] {
            let g = grid(shifted, extra);
            let l = g.layout(60, 10);
            for hex in g.hexes() {
                let (cx, cy) = l.centre(hex);
                for (dir, n) in neighbours(&g, hex).iter().enumerate() {
                    assert!(neighbours(&g, *n).contains(&hex), "{shifted}{hex:?} {n:?}");
                    let (x, y) = l.centre(*n);
                    let d = (x - cx).hypot(y - cy);
                    assert!((d - l.dy).abs() < 1.5, "{shifted}{dir}: {d}");
                    let above = y < cy - 1.0;
                    assert_eq!(above, [0, 5].contains(&dir), "{shifted}{hex:?} {dir}");
                    let right = x > cx + 1.0;
                    assert_eq!(right, [0, 1, 2].contains(&dir), "{shifted}{hex:?} {dir}");
                }
            }
        }
    }

    #[test]
    fn even_rows_sit_half_a_hex_to_the_right_and_row_one_on_top() {
        let g = grid("even", "");
        let l = g.layout(64, 20);
        let (x11, y11) = l.centre(HexId::new(1, 1));
        let (x12, y12) = l.centre(HexId::new(1, 2));
        assert_eq!(x12 - x11, 32.0);
        assert!(y12 > y11);
        // Hex 0101 touches the top and left margins.
        assert_eq!(x11, 20.0 + 32.0);
        assert!((y11 - (20.0 + 64.0 / 3f64.sqrt())).abs() < 1.0);
        assert_eq!(l.first_raw_row, 1);
    }

    #[test]
    fn a_shifted_top_row_puts_raw_column_zero_above_it() {
        let g = grid("odd", "");
        let l = g.layout(64, 20);
        assert_eq!(l.first_raw_row, 0);
        let (x11, _) = l.centre(HexId::new(1, 1));
        let (x12, _) = l.centre(HexId::new(1, 2));
        assert_eq!(x11 - x12, 32.0);
    }
}
