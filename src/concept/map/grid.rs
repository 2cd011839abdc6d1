//! Grids as the rulebook numbers them: which cells (hexes or squares) exist, their labels, their
//! neighbours and where they sit in pixels.
//!
//! Three kinds ([`GridKind`]): flat-topped hexes in vertical columns (B4M, BtM2, OCS maps; this file),
//! pointy-topped hexes in horizontal rows ([`hex_rows`]) and squares ([`squares`]). Every cell is a
//! column and a row in the rulebook's numbering, so labels, sheets and the hex list work alike for
//! all three. The pixel layout follows VASSAL's `HexGrid` (`sideways` for rows) and `SquareGrid`
//! arithmetic exactly (see `crate::vassal::hexgrid`, `crate::vassal::squaregrid`), so the rendered
//! map and the module's grid agree to the pixel.

pub mod hex_rows;
pub mod squares;
pub mod vassal;

use crate::model::keyword::{keyword, Keyword};
use crate::model::spanned::Sp;
use serde::Deserialize;

/// A hex as (column, row) in the rulebook's own numbering (B4M `0204` = column 2, row 4), on one
/// sheet of the map (OCS `B10.10` = sheet B, column 10, row 10; single-sheet maps use sheet 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexId {
    /// Index into the grid's sheets (see [`Grid::sheets`]).
    pub sheet: u16,
    pub col: i32,
    pub row: i32,
}

impl HexId {
    /// A hex of the first (or only) sheet.
    pub fn new(col: i32, row: i32) -> HexId {
        HexId { sheet: 0, col, row }
    }
}

/// One map sheet of a multi-map game (OCS 4.3: maps A, B, C… with hexes `A10.10`, `B10.10`). Every
/// sheet has the grid's column and row ranges and its own board in the module.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The sheet's letter, written before each of its labels (`A` for `A10.10`).
    pub prefix: Sp<String>,
    /// Column and row of the sheet in the assembled play area (`[0, 0]` top left, `[1, 0]` to its
    /// right).
    pub at: Sp<[i32; 2]>,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// `hex-columns`: flat-topped hexes in vertical columns; `hex-rows`: pointy-topped hexes in
    /// horizontal rows; `squares`; `areas`: named areas (`areas` below).
    pub kind: Sp<String>,
    /// First and last column number (hex grids).
    #[serde(default = "unused_range")]
    pub columns: Sp<[i32; 2]>,
    /// First and last row number of every column, unless overridden per column parity below.
    #[serde(default = "unused_range")]
    pub rows: Sp<[i32; 2]>,
    pub rows_odd_columns: Option<Sp<[i32; 2]>>,
    pub rows_even_columns: Option<Sp<[i32; 2]>>,
    /// `hex-columns`: which columns are drawn half a hex lower than their neighbours: `even` or `odd`.
    pub shifted_columns: Option<Sp<String>>,
    /// `hex-rows`: which rows are drawn half a hex to the right of their neighbours: `even` or `odd`.
    pub shifted_rows: Option<Sp<String>>,
    /// `squares`: squares that touch only at a corner are adjacent too (eight neighbours); default
    /// four, across the sides.
    pub diagonals: Option<Sp<bool>>,
    /// Rows are numbered from the bottom of the map upward (OCS Contents I.A); default: from the
    /// top down. Row 1's hex is then the southernmost of its column, and north is row + 1.
    #[serde(default)]
    pub rows_upward: bool,
    /// Digits of the column and row parts of a label (zero padded).
    #[serde(default = "unused_digits")]
    pub column_digits: usize,
    #[serde(default = "unused_digits")]
    pub row_digits: usize,
    /// Text between the column and row parts (`""` for `0204`, `"."` for `10.10`).
    #[serde(default)]
    pub separator: String,
    /// Text before every label (of a single-sheet map; multi-map games list `sheets` instead).
    #[serde(default)]
    pub prefix: String,
    /// The map sheets of a multi-map game, each numbered alike and told apart by its prefix; none =
    /// one sheet with `prefix`. Hexes of different sheets are never adjacent: how printed sheets
    /// join is left to the sources (and to a later version of the data format).
    #[serde(default)]
    pub sheets: Vec<Sheet>,
    /// The only hexes known to exist, when the sources give hex numbers but not the whole map; none =
    /// every hex of the column and row ranges.
    #[serde(default)]
    pub hexes: Vec<Sp<String>>,
    /// `known` (default): the orientation and offsets above are the printed map's, so neighbours and
    /// pixel positions follow from them. `unknown`: the sources give hex numbers but not the layout;
    /// the ranges and offsets only serve to read labels, and two hexes are adjacent only if
    /// `adjacent` says so.
    pub geometry: Option<Sp<String>>,
    /// Pairs of hexes the sources say are adjacent (checked against the geometry when it is known).
    #[serde(default)]
    pub adjacent: Vec<Sp<[Sp<String>; 2]>>,
    /// The areas of an area map (`kind = "areas"`), each with its name, place and neighbours.
    #[serde(default)]
    pub areas: Vec<super::MapArea>,
    /// The areas' lookups (by point, by name, who lists whom), built on first use: an area map of
    /// thousands of areas is read in time linear in its areas, not in their square.
    #[serde(skip)]
    #[schemars(skip)]
    pub(super) area_index: std::sync::OnceLock<super::area_index::AreaIndex>,
    /// The module's grid exactly as a VASSAL module states it (`[grid.vassal]`, written by `vmodc
    /// import`): the board's grid is written from it, and its geometry places the pieces.
    pub vassal: Option<vassal::VassalGrid>,
    pub rule: Option<Sp<String>>,
    pub source: Option<Sp<String>>,
}

/// A grid's range left out on an area map, which has none (a hex grid without one is reported,
/// V0235: its span is empty).
fn unused_range() -> Sp<[i32; 2]> {
    Sp::synthetic([1, 1])
}
fn unused_digits() -> usize {
    1
}

/// Directions from a flat-topped hex to its six neighbours, clockwise from north.
pub const DIRECTIONS: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

impl Grid {
    /// The grid's kind; an unknown kind (reported by the checks, V0210) reads as `hex-columns`.
    pub fn cells(&self) -> GridKind {
        GridKind::parse(&self.kind).unwrap_or(GridKind::HexColumns)
    }

    /// Whether squares touching at a corner are neighbours.
    pub fn diagonal_neighbours(&self) -> bool {
        self.diagonals.as_ref().is_some_and(|d| d.value)
    }

    /// How many sheets the map has (at least one).
    pub fn sheet_count(&self) -> usize {
        // Sheet indices are u16; positions (at most 100 × 100, V0216) keep real maps far below.
        self.sheets.len().clamp(1, usize::from(u16::MAX))
    }

    /// The label prefix of a sheet.
    pub fn sheet_prefix(&self, sheet: u16) -> &str {
        match self.sheets.get(usize::from(sheet)) {
            Some(s) => s.prefix.as_str(),
            None => &self.prefix,
        }
    }

    /// Where a sheet lies in the assembled play area (column, row).
    pub fn sheet_at(&self, sheet: u16) -> [i32; 2] {
        self.sheets
            .get(usize::from(sheet))
            .map_or([0, 0], |s| s.at.value)
    }

    /// Whether neighbours and positions follow from the hex grid's geometry (see `geometry`); never
    /// on an area map, whose neighbours and positions its areas state.
    pub fn geometry_known(&self) -> bool {
        !self.is_areas()
            && self
                .geometry
                .as_ref()
                .is_none_or(|g| Geometry::parse(g) == Some(Geometry::Known))
    }

    /// The explicit hex list, parsed (labels that do not parse are left out; checks report them).
    fn listed(&self) -> Option<Vec<HexId>> {
        if self.hexes.is_empty() {
            return None;
        }
        Some(self.hexes.iter().filter_map(|l| self.parse(l)).collect())
    }

    /// Whether a column (hex-columns) or row (hex-rows) is drawn half a hex out of line.
    pub fn is_shifted(&self, index: i32) -> bool {
        let even = index.rem_euclid(2) == 0;
        let word = match self.cells() {
            GridKind::HexColumns => self.shifted_columns.as_ref(),
            GridKind::HexRows => self.shifted_rows.as_ref(),
            GridKind::Squares | GridKind::Areas => return false,
        };
        match word.and_then(|w| ShiftedColumns::parse(w)) {
            Some(ShiftedColumns::Odd) => !even,
            Some(ShiftedColumns::Even) | None => even,
        }
    }

    /// Row range of a column.
    pub fn row_range(&self, col: i32) -> [i32; 2] {
        let odd = col.rem_euclid(2) == 1;
        let special = if odd {
            &self.rows_odd_columns
        } else {
            &self.rows_even_columns
        };
        special.as_ref().map(|r| r.value).unwrap_or(self.rows.value)
    }

    pub fn contains(&self, hex: HexId) -> bool {
        if self.is_areas() {
            return self.area_at(hex).is_some();
        }
        if usize::from(hex.sheet) >= self.sheet_count() {
            return false;
        }
        let [c0, c1] = self.columns.value;
        if hex.col < c0 || hex.col > c1 {
            return false;
        }
        let [r0, r1] = self.row_range(hex.col);
        if hex.row < r0 || hex.row > r1 {
            return false;
        }
        self.listed().is_none_or(|l| l.contains(&hex))
    }

    /// Every hex of the grid, sheet by sheet and column by column.
    pub fn hexes(&self) -> Vec<HexId> {
        if self.is_areas() {
            return self.area_ids();
        }
        let [c0, c1] = self.columns.value;
        if let Some(mut listed) = self.listed() {
            // Column by column, like the ranges; only hexes inside them.
            listed.retain(|h| {
                let [r0, r1] = self.row_range(h.col);
                h.col >= c0 && h.col <= c1 && h.row >= r0 && h.row <= r1
            });
            listed.sort();
            listed.dedup();
            return listed;
        }
        self.numbered_hexes()
    }

    /// The hexes the board draws: its hexes, and when its geometry is unknown every hex its ranges
    /// number (the rest only numbered, so that a player finds each hex of the printed map).
    pub fn drawn_hexes(&self) -> Vec<HexId> {
        if self.geometry_known() {
            self.hexes()
        } else {
            self.numbered_hexes()
        }
    }

    /// Every hex the grid's ranges number, sheet by sheet and column by column, whether or not
    /// `hexes` lists it: the hexes VASSAL's grid numbering names on the board.
    pub fn numbered_hexes(&self) -> Vec<HexId> {
        if self.is_areas() {
            return self.area_ids();
        }
        let [c0, c1] = self.columns.value;
        let mut out = Vec::new();
        for sheet in 0..self.sheet_count() as u16 {
            for col in c0..=c1 {
                let [r0, r1] = self.row_range(col);
                for row in r0..=r1 {
                    out.push(HexId { sheet, col, row });
                }
            }
        }
        out
    }

    pub fn label(&self, hex: HexId) -> String {
        if self.is_areas() {
            return self.area_at(hex).map_or_else(
                || format!("({}, {})", hex.col, hex.row),
                |a| a.name.value.clone(),
            );
        }
        format!(
            "{}{:0cw$}{}{:0rw$}",
            self.sheet_prefix(hex.sheet),
            hex.col,
            self.separator,
            hex.row,
            cw = self.column_digits,
            rw = self.row_digits
        )
    }

    /// Parse a label written the way `label` writes it. Does not check that the hex exists.
    pub fn parse(&self, text: &str) -> Option<HexId> {
        if self.is_areas() {
            return self.area_named(text).and_then(Grid::area_id);
        }
        (0..self.sheet_count() as u16).find_map(|sheet| {
            let rest = text.strip_prefix(self.sheet_prefix(sheet))?;
            let (col, row) = self.parse_local(rest)?;
            Some(HexId { sheet, col, row })
        })
    }

    /// Column and row of a label without its sheet prefix.
    fn parse_local(&self, rest: &str) -> Option<(i32, i32)> {
        let (col, row) = if self.separator.is_empty() {
            if rest.len() != self.column_digits + self.row_digits || !rest.is_ascii() {
                return None;
            }
            rest.split_at(self.column_digits)
        } else {
            rest.split_once(self.separator.as_str())?
        };
        if col.is_empty() || row.is_empty() {
            return None;
        }
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(col) || !all_digits(row) {
            return None;
        }
        Some((col.parse().ok()?, row.parse().ok()?))
    }

    /// The change of row number one hex north: −1 when rows count down the map, +1 when upward.
    pub fn north(&self) -> i32 {
        if self.rows_upward {
            1
        } else {
            -1
        }
    }

    /// The cells next to `hex` on the same sheet, whether or not they lie on the map: for hex-columns
    /// one in each of [`DIRECTIONS`], for the other kinds in their modules' order.
    pub fn neighbours(&self, hex: HexId) -> Vec<HexId> {
        match self.cells() {
            GridKind::HexColumns => self.column_neighbours(hex).to_vec(),
            GridKind::HexRows => hex_rows::neighbours(self, hex).to_vec(),
            GridKind::Squares => squares::neighbours(hex, self.diagonal_neighbours()),
            GridKind::Areas => self.area_neighbours(hex),
        }
    }

    /// Whether `a` and `b` share a side (a hexside feature can lie between them): every pair of
    /// neighbours, except squares that touch only at a corner.
    pub fn share_a_side(&self, a: HexId, b: HexId) -> bool {
        match self.cells() {
            GridKind::Squares => squares::neighbours(a, false).contains(&b),
            _ => self.neighbours(a).contains(&b),
        }
    }

    /// The neighbour in each of [`DIRECTIONS`] of a flat-topped hex.
    fn column_neighbours(&self, hex: HexId) -> [HexId; 6] {
        let HexId { sheet, col, row } = hex;
        let north = self.north();
        // In a shifted (lower) column the side neighbours are the same row and the one south of it;
        // otherwise the row north of it and the same row.
        let (upper, lower) = if self.is_shifted(col) {
            (row, row - north)
        } else {
            (row + north, row)
        };
        let at = |col, row| HexId { sheet, col, row };
        [
            at(col, row + north),
            at(col + 1, upper),
            at(col + 1, lower),
            at(col, row - north),
            at(col - 1, lower),
            at(col - 1, upper),
        ]
    }

    /// Adjacency by the grid's geometry, or by the `adjacent` pairs when the geometry is unknown.
    pub fn are_adjacent(&self, a: HexId, b: HexId) -> bool {
        if self.is_areas() {
            return self.areas_adjacent(a, b);
        }
        if self.geometry_known() {
            return self.neighbours(a).contains(&b);
        }
        self.adjacent.iter().any(|pair| {
            let [x, y] = &pair.value;
            match (self.parse(x), self.parse(y)) {
                (Some(x), Some(y)) => (x == a && y == b) || (x == b && y == a),
                _ => false,
            }
        })
    }

    /// Pixel layout for a cell size (a hex flat side to flat side, a square's side) and margin.
    pub fn layout(&self, hex_height: u32, margin: u32) -> HexLayout {
        match self.cells() {
            GridKind::HexColumns => self.column_layout(hex_height, margin),
            GridKind::HexRows => hex_rows::layout(self, hex_height, margin),
            GridKind::Squares => squares::layout(self, hex_height, margin),
            GridKind::Areas => self.area_layout(margin),
        }
    }

    /// The rulebook number of the top row (the lowest, or the highest when rows count upward), of
    /// the hexes that exist.
    pub fn top_row(&self) -> i32 {
        let rows = self.hexes().iter().map(|h| h.row).collect::<Vec<_>>();
        if self.rows_upward {
            rows.iter().copied().max().unwrap_or(self.rows.value[1])
        } else {
            rows.iter().copied().min().unwrap_or(self.rows.value[0])
        }
    }

    /// The pixel layout of flat-topped hexes in columns.
    fn column_layout(&self, hex_height: u32, margin: u32) -> HexLayout {
        let dy = f64::from(hex_height);
        let radius = dy / 3f64.sqrt();
        let dx = 1.5 * radius;
        let [c0, c1] = self.columns.value;
        // VASSAL's raw column 0 is never shifted; when odd columns are the low ones, raw column 0 is an
        // (empty) column before the first printed one so that parities line up.
        let first_raw_col = if self.is_shifted(c0) { c0 - 1 } else { c0 };
        // VASSAL's raw row 0 is the top row: the lowest number, or the highest when rows count upward.
        let top_row = self.top_row();
        let x_first = f64::from(margin) + radius;
        let x0 = (x_first - dx * f64::from(c0 - first_raw_col)).floor() as i32;
        let y0 = (f64::from(margin) + dy / 2.0).round() as i32;
        let mut layout = HexLayout {
            x0,
            y0,
            dx,
            dy,
            first_raw_col,
            first_raw_row: top_row,
            rows_upward: self.rows_upward,
            width: 0,
            height: 0,
            kind: GridKind::HexColumns,
        };
        let _ = c1;
        layout.fit_image(self, margin);
        layout
    }
}

/// Where cells sit on the board image, in the terms of VASSAL's grid of that kind: `HexGrid` for
/// hex-columns, `HexGrid` with `sideways` for hex-rows (see [`hex_rows`]), `SquareGrid` for squares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HexLayout {
    /// Centre of raw column 0, raw row 0 (VASSAL `x0`, `y0`: integers). For hex-rows these are
    /// VASSAL's rotated coordinates: `x0` is the board y of the top row, `y0` the board x.
    pub x0: i32,
    pub y0: i32,
    /// Column spacing and hex height (VASSAL `dx`, `dy`); for hex-rows, the row spacing (down the
    /// board) and the hex width (across it); for squares, the square's width and height.
    pub dx: f64,
    pub dy: f64,
    /// Rulebook column and row numbers of VASSAL's raw column 0 and raw row 0 (the top row).
    pub first_raw_col: i32,
    pub first_raw_row: i32,
    /// Rows are numbered upward: raw rows count down from `first_raw_row`.
    pub rows_upward: bool,
    /// Board image size.
    pub width: u32,
    pub height: u32,
    /// The kind of cell laid out.
    pub kind: GridKind,
}

impl HexLayout {
    /// Hex radius (centre to corner); half the side of a square.
    pub fn radius(&self) -> f64 {
        match self.kind {
            GridKind::Squares => self.dy / 2.0,
            _ => self.dy / 3f64.sqrt(),
        }
    }

    /// How far a cell reaches above (and below) its centre, and to its left (and right): half the
    /// height and the radius of a flat-topped hex, the radius and half the width of a pointy-topped
    /// one, half the side of a square.
    pub fn reach(&self) -> (f64, f64) {
        match self.kind {
            GridKind::HexColumns | GridKind::Areas => (self.dy / 2.0, self.radius()),
            GridKind::HexRows => (self.radius(), self.dy / 2.0),
            GridKind::Squares => (self.dy / 2.0, self.dx / 2.0),
        }
    }

    /// The image size: every cell of the grid and the margin around them.
    fn fit_image(&mut self, grid: &Grid, margin: u32) {
        let mut max_x: f64 = 0.0;
        let mut max_y: f64 = 0.0;
        for hex in grid.drawn_hexes() {
            for (x, y) in self.corners(hex) {
                max_x = max_x.max(x);
                max_y = max_y.max(y);
            }
        }
        self.width = (max_x + f64::from(margin)).ceil() as u32;
        self.height = (max_y + f64::from(margin)).ceil() as u32;
    }

    /// VASSAL's raw column and row of a hex (0, 0 at the top left).
    pub fn raw(&self, hex: HexId) -> (i32, i32) {
        let raw_row = if self.rows_upward {
            self.first_raw_row - hex.row
        } else {
            hex.row - self.first_raw_row
        };
        (hex.col - self.first_raw_col, raw_row)
    }

    /// Exact centre of a cell on the board (VASSAL truncates this to whole pixels when it snaps a
    /// piece).
    pub fn centre(&self, hex: HexId) -> (f64, f64) {
        match self.kind {
            // An area's id is its point and its layout the identity (`areas::layout`).
            GridKind::HexColumns | GridKind::Areas => self.column_centre(hex),
            GridKind::HexRows => hex_rows::centre(self, hex),
            GridKind::Squares => squares::centre(self, hex),
        }
    }

    /// Centre of a flat-topped hex.
    fn column_centre(&self, hex: HexId) -> (f64, f64) {
        let (raw_col, raw_row) = self.raw(hex);
        let shift = if raw_col.rem_euclid(2) == 1 {
            (self.dy / 2.0).floor()
        } else {
            0.0
        };
        (
            f64::from(self.x0) + self.dx * f64::from(raw_col),
            f64::from(self.y0) + self.dy * f64::from(raw_row) + shift,
        )
    }

    /// The corners of a cell, clockwise (a flat-topped hex from its east corner).
    pub fn corners(&self, hex: HexId) -> Vec<(f64, f64)> {
        match self.kind {
            GridKind::HexColumns | GridKind::Areas => self.column_corners(hex).to_vec(),
            GridKind::HexRows => hex_rows::corners(self, hex).to_vec(),
            GridKind::Squares => squares::corners(self, hex).to_vec(),
        }
    }

    /// The sides of a cell as pairs of corners, clockwise (a flat-topped hex in [`DIRECTIONS`]
    /// order, from north).
    pub fn sides(&self, hex: HexId) -> Vec<[(f64, f64); 2]> {
        let c = self.corners(hex);
        let n = c.len();
        // A flat-topped hex's corners start east; its north side runs from corner 4 to corner 5.
        let first = match self.kind {
            GridKind::HexColumns => 4,
            _ => 0,
        };
        (0..n)
            .map(|i| [c[(first + i) % n], c[(first + i + 1) % n]])
            .collect()
    }

    /// The six corners of a flat-topped hex, clockwise from the east corner.
    fn column_corners(&self, hex: HexId) -> [(f64, f64); 6] {
        let (cx, cy) = self.centre(hex);
        let r = self.radius();
        let h = self.dy / 2.0;
        [
            (cx + r, cy),
            (cx + r / 2.0, cy + h),
            (cx - r / 2.0, cy + h),
            (cx - r, cy),
            (cx - r / 2.0, cy - h),
            (cx + r / 2.0, cy - h),
        ]
    }
}

/// The Battle for Moscow grid, for tests of the grid and of what draws or fits it.
#[cfg(test)]
pub(crate) fn b4m_grid() -> Grid {
    toml::from_str(
        r#"
kind = "hex-columns"
columns = [1, 14]
rows = [1, 10]
rows_odd_columns = [1, 11]
shifted_columns = "even"
column_digits = 2
row_digits = 2
"#,
    )
    .expect("the B4M grid parses")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b4m_has_147_hexes() {
        let g = b4m_grid();
        assert_eq!(g.hexes().len(), 147);
        assert!(g.contains(g.parse("0111").unwrap()));
        assert!(!g.contains(g.parse("0211").unwrap()));
    }

    #[test]
    fn labels_round_trip() {
        let g = b4m_grid();
        for h in g.hexes() {
            assert_eq!(g.parse(&g.label(h)), Some(h));
        }
        assert_eq!(g.parse("204"), None);
        assert_eq!(g.parse("02a4"), None);
    }

    #[test]
    fn neighbours_match_the_reference_offsets() {
        // docs/sources.md §2: odd c: NE (c+1, r-1), SE (c+1, r); even c: NE (c+1, r), SE (c+1, r+1).
        let g = b4m_grid();
        let n = g.neighbours(g.parse("0305").unwrap());
        assert_eq!(g.label(n[1]), "0404");
        assert_eq!(g.label(n[2]), "0405");
        let n = g.neighbours(g.parse("0204").unwrap());
        assert_eq!(g.label(n[1]), "0304");
        assert_eq!(g.label(n[2]), "0305");
        assert_eq!(g.label(n[4]), "0105");
        assert_eq!(g.label(n[5]), "0104");
        // Adjacency is symmetric over the whole grid.
        for a in g.hexes() {
            for b in g.neighbours(a) {
                assert!(g.are_adjacent(b, a), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn even_columns_sit_half_a_hex_lower() {
        let g = b4m_grid();
        let l = g.layout(80, 20);
        let (_, y101) = l.centre(g.parse("0101").unwrap());
        let (_, y201) = l.centre(g.parse("0201").unwrap());
        assert_eq!(y201 - y101, 40.0);
        assert_eq!(l.first_raw_col, 1);
    }
}

keyword! {
    /// The shape of a grid (`[grid] kind`).
    pub enum GridKind {
        /// Flat-topped hexes in vertical columns.
        HexColumns = "hex-columns",
        /// Pointy-topped hexes in horizontal rows.
        HexRows = "hex-rows",
        /// Squares in columns and rows.
        Squares = "squares",
        /// Named areas with their neighbours (`[[grid.areas]]`).
        Areas = "areas",
    }
}

keyword! {
    /// Whether the printed map's layout is known (`[grid] geometry`).
    pub enum Geometry {
        Known = "known",
        /// Hex numbers are known but not the layout: adjacency only as `adjacent` states it.
        Unknown = "unknown",
    }
}

keyword! {
    /// Which columns are drawn half a hex lower (`[grid] shifted_columns`), or rows half a hex to
    /// the right (`[grid] shifted_rows`).
    pub enum ShiftedColumns {
        Even = "even",
        Odd = "odd",
    }
}

#[cfg(test)]
mod upward_tests {
    use super::*;

    /// A small grid numbered from the bottom up, as OCS maps are (Contents I.A).
    fn upward() -> Grid {
        toml::from_str(
            r#"
kind = "hex-columns"
columns = [1, 4]
rows = [1, 5]
shifted_columns = "even"
rows_upward = true
column_digits = 2
row_digits = 2
separator = "."
"#,
        )
        .expect("the grid parses")
    }

    #[test]
    fn row_one_is_at_the_bottom_and_north_counts_up() {
        let g = upward();
        let l = g.layout(60, 10);
        let (_, y1) = l.centre(HexId::new(1, 1));
        let (_, y5) = l.centre(HexId::new(1, 5));
        assert!(y1 > y5, "row 1 is drawn below row 5");
        let n = g.neighbours(HexId::new(2, 3));
        // Column 2 is shifted (drawn lower): its side neighbours are rows 3 and 2.
        let labels: Vec<String> = n.iter().map(|h| g.label(*h)).collect();
        assert_eq!(
            labels,
            ["02.04", "03.03", "03.02", "02.02", "01.02", "01.03"]
        );
        // Every neighbour is at the pixel distance of one hex, in its direction.
        let (cx, cy) = l.centre(HexId::new(2, 3));
        for (dir, h) in n.iter().enumerate() {
            let (x, y) = l.centre(*h);
            let d = (x - cx).hypot(y - cy);
            assert!((d - l.dy).abs() < 1.5, "{dir}: {d}");
            assert_eq!(y < cy - 1.0, [0, 1, 5].contains(&dir), "{dir}");
        }
    }

    #[test]
    fn vassal_descending_numbering_names_the_hexes_as_the_data_does() {
        let g = upward();
        let l = g.layout(60, 10);
        let mut grid = crate::vassal::hexgrid::HexGrid::new(l.x0, l.y0, l.dx, l.dy);
        grid.board_width = l.width as i32;
        grid.board_height = l.height as i32;
        grid.numbering.h_off = l.first_raw_col;
        grid.numbering.v_descend = true;
        grid.numbering.stagger = false;
        grid.numbering.v_off = l.first_raw_row - grid.max_rows();
        grid.numbering.sep = ".".into();
        grid.numbering.h_leading = 1;
        grid.numbering.v_leading = 1;
        for hex in g.hexes() {
            let (x, y) = l.centre(hex);
            assert_eq!(grid.location_name(x as i32, y as i32), g.label(hex));
        }
    }
}

#[cfg(test)]
mod lattice_tests {
    use super::*;
    use crate::vassal::hexgrid::{First, HexGrid};
    use crate::vassal::squaregrid::SquareGrid;

    fn grid(kind_keys: &str) -> Grid {
        toml::from_str(&format!(
            "{kind_keys}\ncolumns = [2, 9]\nrows = [3, 8]\ncolumn_digits = 2\nrow_digits = 3\nseparator = \".\"\n"
        ))
        .expect("the grid parses")
    }

    /// Every cell: VASSAL names the point where we draw its centre as its label, and puts a setup
    /// stack for that label on the same (truncated) point.
    fn names_every_cell(g: &Grid, name: impl Fn(i32, i32) -> String, point: impl Fn(&str) -> Option<(i32, i32)>) {
        let l = g.layout(61, 13);
        for hex in g.hexes() {
            let (x, y) = l.centre(hex);
            let at = (x as i32, y as i32);
            let label = g.label(hex);
            assert_eq!(name(at.0, at.1), label, "{hex:?}");
            assert_eq!(point(&label), Some(at), "{label}");
        }
    }

    #[test]
    fn vassal_sideways_hex_grid_names_hex_rows_as_the_data_does() {
        for (shifted, upward) in [("even", false), ("odd", false), ("even", true), ("odd", true)] {
            let g = grid(&format!(
                "kind = \"hex-rows\"\nshifted_rows = \"{shifted}\"\nrows_upward = {upward}"
            ));
            let l = g.layout(61, 13);
            // As the module writes it (emit::module::row_hex_grid).
            let mut v = HexGrid::new(l.x0, l.y0, l.dx, l.dy);
            v.sideways = true;
            v.board_width = l.width as i32;
            v.board_height = l.height as i32;
            v.numbering.first = First::Vertical;
            v.numbering.v_descend = upward;
            v.numbering.h_off = if upward {
                l.first_raw_row - v.max_rows()
            } else {
                l.first_raw_row
            };
            v.numbering.v_off = l.first_raw_col;
            v.numbering.h_leading = 2;
            v.numbering.v_leading = 1;
            v.numbering.stagger = false;
            v.numbering.sep = ".".into();
            names_every_cell(&g, |x, y| v.location_name(x, y), |s| v.location_point(s));
        }
    }

    #[test]
    fn vassal_square_grid_names_squares_as_the_data_does() {
        for upward in [false, true] {
            let g = grid(&format!("kind = \"squares\"\nrows_upward = {upward}"));
            let l = g.layout(61, 13);
            let mut v = SquareGrid::new(l.x0, l.y0, l.dx, l.dy);
            v.board_height = l.height as i32;
            v.numbering.v_descend = upward;
            v.numbering.h_off = l.first_raw_col;
            v.numbering.v_off = if upward {
                l.first_raw_row - v.max_rows()
            } else {
                l.first_raw_row
            };
            v.numbering.h_leading = 1;
            v.numbering.v_leading = 2;
            v.numbering.sep = ".".into();
            names_every_cell(&g, |x, y| v.location_name(x, y), |s| v.location_point(s));
            // Row 3, the first, is the bottom row when rows count upward.
            let (_, y3) = l.centre(HexId::new(2, 3));
            let (_, y8) = l.centre(HexId::new(2, 8));
            assert_eq!(y3 > y8, upward);
        }
        let g = grid("kind = \"squares\"");
        // Four neighbours, or eight with diagonals; a river only between side neighbours.
        let mut d = grid("kind = \"squares\"\ndiagonals = true");
        let a = HexId::new(4, 4);
        assert_eq!(g.neighbours(a).len(), 4);
        assert_eq!(d.neighbours(a).len(), 8);
        assert!(d.are_adjacent(a, HexId::new(5, 5)) && !d.share_a_side(a, HexId::new(5, 5)));
        assert!(d.share_a_side(a, HexId::new(5, 4)));
        d.diagonals = None;
        assert!(!d.are_adjacent(a, HexId::new(5, 5)));
    }
}
