//! VASSAL's `SquareGrid` and `SquareGridNumbering` (3.7.26): what VASSAL calls the square that
//! contains a board point, and where it puts a piece given a square's name.
//!
//! Sources (under `VASSAL/build/module/map/boardPicker/board/`): `SquareGrid.java` (attributes `x0`,
//! `y0`, `dx`, `dy`, `range`), `mapgrid/SquareGridNumbering.java` (`getColumn`, `getRow`,
//! `getCenterPoint`, `getMaxRows`, `getMaxColumns`); names and their parsing are
//! `RegularGridNumbering`'s, shared with the hex grid (`super::hexgrid`: its numbering's `stagger`
//! plays no part here). Default `locationFormat` only; a grid directly on a board.

use super::hexgrid::{HexGrid, HexGridNumbering};

/// A `SquareGrid` with its numbering.
#[derive(Debug, Clone, PartialEq)]
pub struct SquareGrid {
    /// `x0`, `y0`: the centre of raw column 0, raw row 0.
    pub x0: i32,
    pub y0: i32,
    /// `dx`, `dy`: width and height of a square.
    pub dx: f64,
    pub dy: f64,
    /// Board size (`GridContainer.getSize()`), used only when numbering descends.
    pub board_width: i32,
    pub board_height: i32,
    pub numbering: HexGridNumbering,
}

impl SquareGrid {
    /// A grid with VASSAL's default numbering (`SquareGrid` field initialisers otherwise given).
    pub fn new(x0: i32, y0: i32, dx: f64, dy: f64) -> Self {
        SquareGrid {
            x0,
            y0,
            dx,
            dy,
            board_width: 0,
            board_height: 0,
            numbering: HexGridNumbering::default(),
        }
    }

    /// `SquareGridNumbering.getMaxRows`: `(int)(height / dy + 0.5)`.
    pub fn max_rows(&self) -> i32 {
        (f64::from(self.board_height) / self.dy + 0.5) as i32
    }

    /// `SquareGridNumbering.getMaxColumns`: `(int)(width / dx + 0.5)`.
    pub fn max_columns(&self) -> i32 {
        (f64::from(self.board_width) / self.dx + 0.5) as i32
    }

    /// `SquareGridNumbering.getColumn`: `floor((x - x0) / dx + 0.5)`, mirrored when `hDescend`.
    pub fn column(&self, x: i32, _y: i32) -> i32 {
        let c = (f64::from(x.wrapping_sub(self.x0)) / self.dx + 0.5).floor() as i32;
        if self.numbering.h_descend {
            self.max_columns().wrapping_sub(c)
        } else {
            c
        }
    }

    /// `SquareGridNumbering.getRow`: `(int)((y - y0) / dy + 0.5)` (truncated, not floored),
    /// mirrored when `vDescend`.
    pub fn row(&self, _x: i32, y: i32) -> i32 {
        let r = (f64::from(y.wrapping_sub(self.y0)) / self.dy + 0.5) as i32;
        if self.numbering.v_descend {
            self.max_rows().wrapping_sub(r)
        } else {
            r
        }
    }

    /// `RegularGridNumbering.locationName` with the default format: the name of the square that
    /// contains board point (`x`, `y`).
    pub fn location_name(&self, x: i32, y: i32) -> String {
        self.naming().name(self.row(x, y), self.column(x, y))
    }

    /// `RegularGridNumbering.getLocation(String)`: the point a location name stands for (where a
    /// `SetupStack` with `useGridLocation` is placed); `None` where VASSAL throws.
    pub fn location_point(&self, name: &str) -> Option<(i32, i32)> {
        let (row, col) = self.naming().parse_location(name)?;
        let n = &self.numbering;
        Some(self.centre_point(col.wrapping_sub(n.h_off), row.wrapping_sub(n.v_off)))
    }

    /// `SquareGridNumbering.getCenterPoint(col, row)` for numbers without offsets.
    pub fn centre_point(&self, col: i32, row: i32) -> (i32, i32) {
        let n = &self.numbering;
        let row = if n.v_descend {
            self.max_rows().wrapping_sub(row)
        } else {
            row
        };
        let col = if n.h_descend {
            self.max_columns().wrapping_sub(col)
        } else {
            col
        };
        (
            (f64::from(col) * self.dx + f64::from(self.x0)) as i32,
            (f64::from(row) * self.dy + f64::from(self.y0)) as i32,
        )
    }

    /// The naming half of the numbering (`RegularGridNumbering.getName`, `getLocation`'s pattern),
    /// which the hex grid port implements.
    fn naming(&self) -> HexGrid {
        let mut grid = HexGrid::new(self.x0, self.y0, self.dx, self.dy);
        grid.numbering = self.numbering.clone();
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::hexgrid::First;

    fn grid() -> SquareGrid {
        let mut g = SquareGrid::new(52, 52, 64.0, 64.0);
        g.numbering.h_off = 1;
        g.numbering.v_off = 1;
        g.numbering.first = First::Horizontal;
        g
    }

    #[test]
    fn names_and_points_agree() {
        let g = grid();
        assert_eq!(g.location_name(52, 52), "0101");
        assert_eq!(g.location_name(52 + 64 * 2 + 31, 52 + 64 * 3 - 31), "0304");
        assert_eq!(g.location_point("0304"), Some((52 + 128, 52 + 192)));
        for (c, r) in [(0, 0), (4, 2), (7, 9)] {
            let (x, y) = g.centre_point(c, r);
            assert_eq!((g.column(x, y), g.row(x, y)), (c, r));
        }
        assert_eq!(g.location_point("03x04"), None);
    }

    #[test]
    fn descending_rows_count_from_the_board_height() {
        let mut g = grid();
        g.board_height = 64 * 5 + 40;
        g.numbering.v_descend = true;
        // (int)(360 / 64 + 0.5) = 6: the top row is 6 - 0 (+ vOff 1) = 7.
        assert_eq!(g.max_rows(), 6);
        assert_eq!(g.location_name(52, 52), "0107");
        assert_eq!(g.location_point("0107"), Some((52, 52)));
    }
}
