//! VASSAL's `HexGrid` and `HexGridNumbering` (3.7.26): which hex a board point is in, what VASSAL calls
//! it, and where VASSAL puts a piece given a hex name.
//!
//! Sources (all under `VASSAL/build/module/map/boardPicker/board/`):
//! * `HexGrid.java`: `getRawColumn`, `getRawRow`, `hexPointCenterFromRawIndex` (the centre `snapTo`
//!   returns);
//! * `mapgrid/HexGridNumbering.java`: `getColumn`, `getRow`, `getCenterPoint`, `getMaxRows`,
//!   `getMaxColumns`;
//! * `mapgrid/RegularGridNumbering.java`: `getName(int,int)`, `getName(int,char,int)`, `parseName`,
//!   `getMatchingPattern`, `getLocation`, `locationName`.
//!
//! Coordinates are **board** coordinates (VASSAL's `Map` subtracts the board's position before asking
//! the grid). Integer arithmetic wraps and double→int casts truncate toward zero and saturate, exactly
//! as in Java, so nothing here can panic.
//!
//! Scope:
//! * flat-topped hexes in vertical columns, and `sideways="true"` (pointy-topped hexes in rows):
//!   `HexGrid.rotateIfSideways` swaps a point's x and y before the same arithmetic (and a centre's
//!   after it), and `HexGridNumbering` then mirrors the raw column (which runs down the board) by
//!   `vDescend` and the raw row by `hDescend`, and staggers by `hDescend`;
//! * the default `locationFormat` (`$gridLocation$`) only: [`HexGrid::location_name`] is the
//!   `gridLocation` property, and [`HexGrid::location_point`] parses that form;
//! * a grid directly on a board (not inside a `ZonedGrid` zone).

/// `RegularGridNumbering.first`: which part of a location name comes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum First {
    /// `H`: column then row (`0204`).
    Horizontal,
    /// `V`: row then column.
    Vertical,
}

impl First {
    /// VASSAL keeps the first character of the attribute and compares it with `H`; anything else is
    /// vertical. `None` for an empty value (Java throws).
    pub fn from_attribute(s: &str) -> Option<First> {
        s.chars().next().map(|c| {
            if c == 'H' {
                First::Horizontal
            } else {
                First::Vertical
            }
        })
    }

    /// The attribute value VASSAL writes.
    pub fn attribute(self) -> &'static str {
        match self {
            First::Horizontal => "H",
            First::Vertical => "V",
        }
    }
}

/// `RegularGridNumbering.hType`/`vType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberType {
    /// `N`: decimal numbers, zero-padded by the `leading` setting.
    Numeric,
    /// `A`: `A`..`Z`, then `AA`, `BB`, .. `ZZ`, `AAA`, ...
    Alphabetic,
}

impl NumberType {
    /// VASSAL keeps the first character and compares it with `A`; anything else is numeric. `None` for
    /// an empty value (Java throws).
    pub fn from_attribute(s: &str) -> Option<NumberType> {
        s.chars().next().map(|c| {
            if c == 'A' {
                NumberType::Alphabetic
            } else {
                NumberType::Numeric
            }
        })
    }

    /// The attribute value VASSAL writes.
    pub fn attribute(self) -> &'static str {
        match self {
            NumberType::Numeric => "N",
            NumberType::Alphabetic => "A",
        }
    }
}

/// The `HexGridNumbering` attributes that affect names (drawing attributes are left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexGridNumbering {
    /// `first`
    pub first: First,
    /// `sep`
    pub sep: String,
    /// `hType`
    pub h_type: NumberType,
    /// `vType`
    pub v_type: NumberType,
    /// `hLeading`: numeric names are padded to at least `h_leading + 1` digits.
    pub h_leading: i32,
    /// `vLeading`
    pub v_leading: i32,
    /// `hOff`: the number of raw column 0.
    pub h_off: i32,
    /// `vOff`: the number of raw row 0.
    pub v_off: i32,
    /// `hDescend`
    pub h_descend: bool,
    /// `vDescend`
    pub v_descend: bool,
    /// `stagger`: odd raw columns are numbered one row higher (see [`HexGrid::row`]).
    pub stagger: bool,
}

impl Default for HexGridNumbering {
    /// VASSAL's field initialisers (`RegularGridNumbering`, `HexGridNumbering.stagger = true`).
    fn default() -> Self {
        HexGridNumbering {
            first: First::Horizontal,
            sep: String::new(),
            h_type: NumberType::Numeric,
            v_type: NumberType::Numeric,
            h_leading: 1,
            v_leading: 1,
            h_off: 1,
            v_off: 1,
            h_descend: false,
            v_descend: false,
            stagger: true,
        }
    }
}

/// A non-sideways `HexGrid` with its numbering.
#[derive(Debug, Clone, PartialEq)]
pub struct HexGrid {
    /// `x0`: x of the centre of raw column 0.
    pub x0: i32,
    /// `y0`: y of the centre of raw row 0 in even columns.
    pub y0: i32,
    /// `dx`: distance between column centres.
    pub dx: f64,
    /// `dy`: distance between centres within a column (hex height).
    pub dy: f64,
    /// Board width (`GridContainer.getSize()`: the board image size, or the board's `width`
    /// attribute). Only used when numbering descends.
    pub board_width: i32,
    /// Board height, likewise.
    pub board_height: i32,
    /// `sideways`: pointy-topped hexes in rows.
    pub sideways: bool,
    pub numbering: HexGridNumbering,
}

impl HexGrid {
    /// A grid with VASSAL's default numbering and no board size (set it before using descending
    /// numbering).
    pub fn new(x0: i32, y0: i32, dx: f64, dy: f64) -> Self {
        HexGrid {
            x0,
            y0,
            dx,
            dy,
            board_width: 0,
            board_height: 0,
            sideways: false,
            numbering: HexGridNumbering::default(),
        }
    }

    /// `HexGrid.rotateIfSideways`: a board point in the grid's own (unrotated) coordinates.
    fn rotated(&self, x: i32, y: i32) -> (i32, i32) {
        if self.sideways {
            (y, x)
        } else {
            (x, y)
        }
    }

    /// `HexGrid.getRawColumn`: `floor((x - x0) / dx + 0.5)` of the (rotated) point.
    pub fn raw_column(&self, x: i32, y: i32) -> i32 {
        let (x, _) = self.rotated(x, y);
        let rel = x.wrapping_sub(self.x0);
        (f64::from(rel) / self.dx + 0.5).floor() as i32
    }

    /// `HexGrid.getRawRow`: the column parity here comes from `Math.round((x - x0) / dx)`, which is
    /// the same as [`HexGrid::raw_column`] up to floating-point rounding.
    pub fn raw_row(&self, x: i32, y: i32) -> i32 {
        let (x, y) = self.rotated(x, y);
        let nx = java_round(f64::from(x.wrapping_sub(self.x0)) / self.dx) as i32;
        let rel_y = f64::from(y.wrapping_sub(self.y0));
        if nx % 2 == 0 {
            java_round(rel_y / self.dy) as i32
        } else {
            java_round((rel_y - self.dy / 2.0) / self.dy) as i32
        }
    }

    /// `HexGridNumbering.getMaxRows`: `floor(boardHeight / dx + 0.5)`. Note that VASSAL divides the
    /// height by the column spacing `dx`, not by the hex height `dy`.
    pub fn max_rows(&self) -> i32 {
        (f64::from(self.board_height) / self.dx + 0.5).floor() as i32
    }

    /// `HexGridNumbering.getMaxColumns`: `floor(boardWidth / dy + 0.5)` — again with the "other"
    /// spacing (`dy`).
    pub fn max_columns(&self) -> i32 {
        (f64::from(self.board_width) / self.dy + 0.5).floor() as i32
    }

    /// `HexGridNumbering.getColumn`: the raw column, mirrored when `hDescend` (`vDescend` with
    /// `getMaxRows` when sideways).
    pub fn column(&self, x: i32, y: i32) -> i32 {
        let c = self.raw_column(x, y);
        if self.sideways {
            return if self.numbering.v_descend {
                self.max_rows().wrapping_sub(c)
            } else {
                c
            };
        }
        if self.numbering.h_descend {
            self.max_columns().wrapping_sub(c)
        } else {
            c
        }
    }

    /// `HexGridNumbering.getRow`: the raw row, mirrored when `vDescend`; with `stagger`, odd raw columns
    /// count one more (one less when descending).
    pub fn row(&self, x: i32, y: i32) -> i32 {
        let n = &self.numbering;
        let mut ny = self.raw_row(x, y);
        // Sideways, the row runs across the board: `hDescend` mirrors and staggers it.
        let descend = if self.sideways {
            n.h_descend
        } else {
            n.v_descend
        };
        if descend {
            ny = if self.sideways {
                self.max_columns().wrapping_sub(ny)
            } else {
                self.max_rows().wrapping_sub(ny)
            };
        }
        if n.stagger && self.raw_column(x, y) % 2 != 0 {
            ny = if descend {
                ny.wrapping_sub(1)
            } else {
                ny.wrapping_add(1)
            };
        }
        ny
    }

    /// `RegularGridNumbering.locationName` with the default format: the name VASSAL gives the hex that
    /// contains board point (`x`, `y`), e.g. `0204`.
    pub fn location_name(&self, x: i32, y: i32) -> String {
        self.name(self.row(x, y), self.column(x, y))
    }

    /// `RegularGridNumbering.getName(int row, int column)`: the name of numbering row/column (before the
    /// `hOff`/`vOff` offsets are added).
    pub fn name(&self, row: i32, column: i32) -> String {
        let n = &self.numbering;
        let row_name = index_name(row.wrapping_add(n.v_off), n.v_type, n.v_leading);
        let col_name = index_name(column.wrapping_add(n.h_off), n.h_type, n.h_leading);
        match n.first {
            First::Horizontal => format!("{col_name}{}{row_name}", n.sep),
            First::Vertical => format!("{row_name}{}{col_name}", n.sep),
        }
    }

    /// `RegularGridNumbering.getLocation(String)` with the default format: the point VASSAL uses for a
    /// location name (what a `SetupStack` with `useGridLocation` is placed at). `None` where VASSAL
    /// throws (`BadCoords`, or `NumberFormatException` for a number that overflows an `int`).
    ///
    /// VASSAL returns `HexGridNumbering.getCenterPoint`, **not** the snapped centre
    /// ([`HexGrid::snap_centre`]): the two truncate differently and can differ by one pixel in odd
    /// columns when `dy` is fractional, and `SetupStack.setup` places the stack there without snapping.
    pub fn location_point(&self, name: &str) -> Option<(i32, i32)> {
        let (row, col) = self.parse_location(name)?;
        let n = &self.numbering;
        Some(self.centre_point(col.wrapping_sub(n.h_off), row.wrapping_sub(n.v_off)))
    }

    /// The numbered (row, column) of a location name, offsets included (`0204` → (4, 2)): the regular
    /// expression `getLocation` builds, then `parseName`.
    pub fn parse_location(&self, name: &str) -> Option<(i32, i32)> {
        let n = &self.numbering;
        let col_pat = Pattern::new(n.h_type, n.h_leading)?;
        let row_pat = Pattern::new(n.v_type, n.v_leading)?;
        let (first_pat, second_pat) = match n.first {
            First::Horizontal => (col_pat, row_pat),
            First::Vertical => (row_pat, col_pat),
        };
        // Java's greedy first group with backtracking: the longest first part that lets the rest match.
        let mut ends: Vec<usize> = name.char_indices().map(|(i, _)| i).collect();
        ends.push(name.len());
        let (first_part, second_part) = ends.iter().rev().find_map(|&e| {
            let (a, rest) = (name.get(..e)?, name.get(e..)?);
            let b = rest.strip_prefix(n.sep.as_str())?;
            (first_pat.matches(a) && second_pat.matches(b)).then_some((a, b))
        })?;
        let (row_name, col_name) = match n.first {
            First::Horizontal => (second_part, first_part),
            First::Vertical => (first_part, second_part),
        };
        Some((
            parse_index(row_name, n.v_type)?,
            parse_index(col_name, n.h_type)?,
        ))
    }

    /// `HexGridNumbering.getCenterPoint(col, row)` for a numbering column/row **without** offsets (the
    /// numbers `getColumn`/`getRow` return).
    pub fn centre_point(&self, col: i32, row: i32) -> (i32, i32) {
        let n = &self.numbering;
        let mut col = col;
        let mut row = row;
        let (col_descend, row_descend) = if self.sideways {
            (n.v_descend, n.h_descend)
        } else {
            (n.h_descend, n.v_descend)
        };
        if n.stagger && col % 2 != 0 {
            row = if row_descend {
                row.wrapping_add(1)
            } else {
                row.wrapping_sub(1)
            };
        }
        if col_descend {
            col = if self.sideways {
                self.max_rows()
            } else {
                self.max_columns()
            }
            .wrapping_sub(col);
        }
        if row_descend {
            row = if self.sideways {
                self.max_columns()
            } else {
                self.max_rows()
            }
            .wrapping_sub(row);
        }
        let x = ((f64::from(col) * self.dx) as i32).wrapping_add(self.x0);
        let y = if col % 2 == 0 {
            (f64::from(row) * self.dy) as i32
        } else {
            (f64::from(row) * self.dy + self.dy / 2.0) as i32
        };
        self.rotated(x, y.wrapping_add(self.y0))
    }

    /// `HexGrid.hexPointCenterFromRawIndex`: the centre `snapTo` moves a piece to, for a raw column and
    /// row: `((int)(dx*col + x0), (int)(dy*row + y0))`, odd columns `(int)(dy*row + (int)(dy/2) + y0)`.
    pub fn snap_centre(&self, col_raw: i32, row_raw: i32) -> (i32, i32) {
        let x0 = f64::from(self.x0);
        let y0 = f64::from(self.y0);
        let x = (self.dx * f64::from(col_raw) + x0) as i32;
        let y = if col_raw % 2 == 0 {
            (self.dy * f64::from(row_raw) + y0) as i32
        } else {
            (self.dy * f64::from(row_raw) + f64::from((self.dy / 2.0) as i32) + y0) as i32
        };
        self.rotated(x, y)
    }
}

/// Java's `Math.round(double)`: the closest integer, ties toward positive infinity (Rust's `round`
/// sends ties away from zero). `x - floor(x)` is exact for doubles, so no `x + 0.5` rounding error.
fn java_round(x: f64) -> i64 {
    let f = x.floor();
    let r = if x - f >= 0.5 { f + 1.0 } else { f };
    r as i64
}

const ALPHABET: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// `RegularGridNumbering.getName(int rowOrColumn, char type, int leading)`: one coordinate's name,
/// offset already added.
///
/// Numeric: a `-` for negatives, then a `0` for each `k = leading, leading-1, .. 1` with
/// `|n| < 10^k`, then `|n|` (leading 1: 5 → `05`, 12 → `12`; leading 2: 5 → `005`, 50 → `050`).
/// Alphabetic: the letter `n mod 26`, repeated `n / 26 + 1` times (0 → `A`, 25 → `Z`, 26 → `AA`,
/// 27 → `BB`, 52 → `AAA`).
pub fn index_name(n: i32, kind: NumberType, leading: i32) -> String {
    let mut val = String::new();
    if n < 0 {
        val.push('-');
    }
    match kind {
        NumberType::Alphabetic => {
            // (Java's Math.abs(MIN_VALUE) stays negative and then throws; i64 avoids that.)
            let mut m = i64::from(n).abs();
            loop {
                let letter = ALPHABET
                    .get(usize::try_from(m % 26).unwrap_or(0))
                    .copied()
                    .unwrap_or(b'A');
                val.push(char::from(letter));
                m -= 26;
                if m < 0 {
                    break;
                }
            }
            val
        }
        NumberType::Numeric => {
            let m = n.wrapping_abs();
            let mut lead = leading;
            while lead > 0 && f64::from(m) < 10f64.powi(lead) {
                val.push('0');
                lead -= 1;
            }
            val.push_str(&m.to_string());
            val
        }
    }
}

/// `RegularGridNumbering.parseName(String, char)` for a name that matched its pattern: numeric via
/// `Integer.parseInt` (`None` on overflow); alphabetic as 26 per letter but the last, plus the last
/// letter's index, negated after a leading `-`.
pub fn parse_index(name: &str, kind: NumberType) -> Option<i32> {
    match kind {
        NumberType::Numeric => super::sequence_encoder::java_parse_int(name),
        NumberType::Alphabetic => {
            let (negative, letters) = match name.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, name),
            };
            let count = letters.chars().count();
            let mut value: i32 = 0;
            for (i, c) in letters.chars().enumerate() {
                if !c.is_uppercase() {
                    break;
                }
                if i + 1 < count {
                    value = value.wrapping_add(26);
                } else {
                    // ALPHABET.indexOf: -1 for an uppercase letter outside A-Z
                    let idx = ALPHABET
                        .iter()
                        .position(|&b| char::from(b) == c)
                        .and_then(|p| i32::try_from(p).ok())
                        .unwrap_or(-1);
                    value = value.wrapping_add(idx);
                }
            }
            Some(if negative {
                value.wrapping_neg()
            } else {
                value
            })
        }
    }
}

/// One group of the expression `getLocation` builds (`getMatchingPattern`):
/// numeric `-?[0-9]{leading+1,}`, alphabetic `-?(?:A+|B+|…|Z+)`.
#[derive(Debug, Clone, Copy)]
enum Pattern {
    Numeric { min_digits: usize },
    Alphabetic,
}

impl Pattern {
    /// `None` where Java's regex would not compile (`{n,}` with negative `n`: leading < -1).
    fn new(kind: NumberType, leading: i32) -> Option<Pattern> {
        match kind {
            NumberType::Alphabetic => Some(Pattern::Alphabetic),
            NumberType::Numeric => {
                let min = i64::from(leading) + 1;
                usize::try_from(min)
                    .ok()
                    .map(|min_digits| Pattern::Numeric { min_digits })
            }
        }
    }

    /// Whether the whole of `s` matches. `-?` can only be taken one way (neither `[0-9]` nor a letter
    /// matches `-`), so the match is deterministic.
    fn matches(self, s: &str) -> bool {
        let body = s.strip_prefix('-').unwrap_or(s);
        match self {
            Pattern::Numeric { min_digits } => {
                body.bytes().all(|b| b.is_ascii_digit()) && body.len() >= min_digits
            }
            Pattern::Alphabetic => match body.as_bytes().first() {
                Some(&first) => first.is_ascii_uppercase() && body.bytes().all(|b| b == first),
                None => false,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test_grid() -> HexGrid {
        let mut g = HexGrid::new(40, 40, 69.28, 80.0);
        g.numbering.stagger = false;
        g.board_width = 40 + 14 * 69;
        g.board_height = 40 + 11 * 80 + 40;
        g
    }

    #[test]
    fn sideways_names_and_centres_agree_for_every_descending_setting() {
        // Pointy-topped: x0 is the board y of raw column 0, y0 the board x of raw row 0.
        let mut g = HexGrid::new(56, 52, 55.425626, 64.0);
        g.sideways = true;
        g.board_width = 460;
        g.board_height = 340;
        for (h, v, stagger) in [
            (false, false, false),
            (true, false, true),
            (false, true, true),
            (true, true, false),
        ] {
            g.numbering.h_descend = h;
            g.numbering.v_descend = v;
            g.numbering.stagger = stagger;
            for (c, r) in [(0, 0), (1, 0), (2, 1), (3, 5), (4, 2)] {
                let (x, y) = g.snap_centre(c, r);
                // The raw column runs down the board, the raw row across it.
                assert_eq!((g.raw_column(x, y), g.raw_row(x, y)), (c, r));
                assert_eq!(
                    g.centre_point(g.column(x, y), g.row(x, y)),
                    (x, y),
                    "{h} {v} {c} {r}"
                );
            }
        }
        g.numbering = HexGridNumbering::default();
        g.numbering.stagger = false;
        // Raw column 2 (a row down the board), raw row 1 (a column across it).
        assert_eq!(g.snap_centre(2, 1), (116, 166));
        assert_eq!(g.location_name(116, 166), "0302");
    }

    #[test]
    fn defaults_are_vassals() {
        let n = HexGridNumbering::default();
        assert_eq!(n.first, First::Horizontal);
        assert_eq!((n.h_leading, n.v_leading, n.h_off, n.v_off), (1, 1, 1, 1));
        assert!(n.stagger);
        assert!(!n.h_descend && !n.v_descend);
        assert_eq!(
            NumberType::from_attribute("Alphabetic"),
            Some(NumberType::Alphabetic)
        );
        assert_eq!(NumberType::from_attribute("N"), Some(NumberType::Numeric));
        assert_eq!(NumberType::from_attribute("x"), Some(NumberType::Numeric));
        assert_eq!(NumberType::from_attribute(""), None);
        assert_eq!(First::from_attribute("V"), Some(First::Vertical));
        assert_eq!(
            First::from_attribute("Horizontal first"),
            Some(First::Horizontal)
        );
    }

    #[test]
    fn raw_indices() {
        let g = test_grid();
        assert_eq!(g.snap_centre(0, 0), (40, 40));
        assert_eq!(g.snap_centre(1, 0), (109, 80));
        assert_eq!(g.snap_centre(2, 3), (178, 280));
        for (c, r) in [(0, 0), (1, 0), (2, 3), (13, 10), (7, 5)] {
            let (x, y) = g.snap_centre(c, r);
            assert_eq!((g.raw_column(x, y), g.raw_row(x, y)), (c, r));
            // a point near the centre is still in the hex
            assert_eq!(
                (g.raw_column(x + 20, y - 30), g.raw_row(x + 20, y - 30)),
                (c, r)
            );
        }
        // half-way between two rows of an even column: Math.round ties go toward +infinity,
        // for negatives too (f64::round would give -1 for -0.5)
        assert_eq!(g.raw_row(40, 80), 1);
        assert_eq!(g.raw_row(40, 0), 0);
        assert_eq!(g.raw_row(40, -40), -1);
        assert_eq!(java_round(-2.5), -2);
        assert_eq!(java_round(2.5), 3);
        assert_eq!(java_round(0.499_999_999_999_999_94), 0);
    }

    #[test]
    fn name_of_raw_1_0_is_0201() {
        let g = test_grid();
        let (x, y) = g.snap_centre(1, 0);
        assert_eq!(g.location_name(x, y), "0201");
        let (x, y) = g.snap_centre(0, 0);
        assert_eq!(g.location_name(x, y), "0101");
        let (x, y) = g.snap_centre(9, 10);
        assert_eq!(g.location_name(x, y), "1011");
        let (x, y) = g.snap_centre(11, 2);
        assert_eq!(g.location_name(x, y), "1203");
        assert_eq!(g.location_point("0201"), Some(g.snap_centre(1, 0)));
        assert_eq!(g.parse_location("1203"), Some((3, 12)));
    }

    fn assert_round_trips(g: &HexGrid, cols: i32, rows: i32) {
        let mut seen = std::collections::HashSet::new();
        for c in 0..cols {
            for r in 0..rows {
                let (x, y) = g.snap_centre(c, r);
                let name = g.location_name(x, y);
                assert!(seen.insert(name.clone()), "duplicate name {name}");
                let Some(p) = g.location_point(&name) else {
                    panic!("{name} does not parse");
                };
                assert_eq!(g.location_name(p.0, p.1), name, "raw ({c},{r})");
                // getCenterPoint and the snapped centre agree within a pixel
                assert!(
                    (p.0 - x).abs() <= 1 && (p.1 - y).abs() <= 1,
                    "{name}: {p:?} vs {x},{y}"
                );
            }
        }
    }

    #[test]
    fn every_name_round_trips_14x11() {
        let g = test_grid();
        assert_round_trips(&g, 14, 11);
        let mut g2 = g.clone();
        g2.numbering.stagger = true;
        assert_round_trips(&g2, 14, 11);
        let mut g3 = g.clone();
        g3.numbering.sep = "-".into();
        g3.numbering.first = First::Vertical;
        g3.numbering.h_off = 0;
        g3.numbering.v_off = 0;
        g3.numbering.h_leading = 0;
        g3.numbering.v_leading = 2;
        assert_round_trips(&g3, 14, 11);
        let (x, y) = g3.snap_centre(3, 7);
        assert_eq!(g3.location_name(x, y), "007-3");
    }

    #[test]
    fn stagger_numbers_odd_columns_one_higher() {
        let mut g = test_grid();
        g.numbering.stagger = true;
        let (x, y) = g.snap_centre(1, 0);
        assert_eq!(g.location_name(x, y), "0202");
        let (x, y) = g.snap_centre(2, 0);
        assert_eq!(g.location_name(x, y), "0301");
        assert_eq!(g.location_point("0202"), Some((109, 80)));
    }

    #[test]
    fn descending_numbering() {
        let mut g = test_grid();
        // maxColumns = floor(width / dy + 0.5): VASSAL divides by dy, not dx
        g.board_width = 1000;
        g.board_height = 900;
        assert_eq!(g.max_columns(), 13); // 1000/80 = 12.5 → 13
        assert_eq!(g.max_rows(), 13); // 900/69.28 = 12.99
        g.numbering.h_descend = true;
        g.numbering.v_descend = true;
        let (x, y) = g.snap_centre(0, 0);
        assert_eq!(g.location_name(x, y), "1414");
        assert_round_trips(&g, 14, 11);
        // stagger + descending round-trips only when maxColumns is even: getRow tests the parity of
        // the raw column, getCenterPoint that of the numbered one.
        g.numbering.stagger = true;
        g.board_width = 1040; // 13.0 → 13: odd
        let (x, y) = g.snap_centre(1, 3);
        let name = g.location_name(x, y);
        let p = g.location_point(&name).unwrap_or_default();
        assert_ne!(g.location_name(p.0, p.1), name);
        g.board_width = 1120; // 14: even
        assert_round_trips(&g, 14, 11);
    }

    #[test]
    fn alphabetic_columns() {
        let mut g = test_grid();
        g.numbering.h_type = NumberType::Alphabetic;
        g.numbering.h_off = 0;
        let (x, y) = g.snap_centre(0, 0);
        assert_eq!(g.location_name(x, y), "A01");
        let (x, y) = g.snap_centre(2, 4);
        assert_eq!(g.location_name(x, y), "C05");
        assert_round_trips(&g, 14, 11);
        assert_round_trips(&g, 30, 3); // through Z, AA, BB, CC, DD
        let (x, y) = g.snap_centre(27, 0);
        assert_eq!(g.location_name(x, y), "BB01");
        assert_eq!(g.parse_location("BB01"), Some((1, 27)));
        assert_eq!(g.parse_location("AB01"), None); // letters must repeat
        assert_eq!(g.parse_location("B1"), None); // leading zero required
                                                  // both alphabetic without separator: still unambiguous with different letters
        g.numbering.v_type = NumberType::Alphabetic;
        g.numbering.v_off = 0;
        let (x, y) = g.snap_centre(26, 1);
        assert_eq!(g.location_name(x, y), "AAB");
        assert_eq!(g.parse_location("AAB"), Some((1, 26)));
        assert_eq!(g.parse_location("AAAA"), Some((0, 52))); // greedy: column takes AAA
    }

    #[test]
    fn index_names() {
        use NumberType::*;
        assert_eq!(index_name(5, Numeric, 1), "05");
        assert_eq!(index_name(12, Numeric, 1), "12");
        assert_eq!(index_name(5, Numeric, 2), "005");
        assert_eq!(index_name(50, Numeric, 2), "050");
        assert_eq!(index_name(5, Numeric, 0), "5");
        assert_eq!(index_name(0, Numeric, 1), "00");
        assert_eq!(index_name(-3, Numeric, 1), "-03");
        assert_eq!(index_name(0, Alphabetic, 1), "A");
        assert_eq!(index_name(25, Alphabetic, 1), "Z");
        assert_eq!(index_name(26, Alphabetic, 1), "AA");
        assert_eq!(index_name(27, Alphabetic, 1), "BB");
        assert_eq!(index_name(52, Alphabetic, 1), "AAA");
        assert_eq!(index_name(-1, Alphabetic, 1), "-B");
        for n in -60..60 {
            assert_eq!(
                parse_index(&index_name(n, Alphabetic, 0), Alphabetic),
                Some(n)
            );
            assert_eq!(parse_index(&index_name(n, Numeric, 3), Numeric), Some(n));
        }
    }

    #[test]
    fn numeric_split_is_greedy_like_javas_regex() {
        let g = test_grid();
        // 10203: col 102 row 3 and col 10 row 203 print the same; the greedy column wins
        assert_eq!(g.parse_location("10203"), Some((3, 102)));
        assert_eq!(g.parse_location("0101"), Some((1, 1)));
        assert_eq!(g.parse_location("-0101"), Some((1, -1)));
        assert_eq!(g.parse_location("01-01"), Some((-1, 1)));
        assert_eq!(g.parse_location("101"), None); // needs 2 + 2 digits
        assert_eq!(g.parse_location("0201 "), None);
        assert_eq!(g.parse_location("０２０１"), None); // [0-9] is ASCII only
        assert_eq!(g.parse_location("99999999999901"), None); // parseInt overflow
        let mut g2 = g.clone();
        g2.numbering.h_leading = -2;
        assert_eq!(g2.parse_location("0101"), None); // Java: invalid regex
    }

    #[test]
    fn centre_point_differs_from_snap_by_truncation() {
        // getCenterPoint: (int)(row*dy + dy/2) + y0;  snap: (int)(dy*row + (int)(dy/2) + y0)
        let mut g = HexGrid::new(0, 0, 70.0, 80.8);
        g.numbering.stagger = false;
        g.numbering.h_off = 0;
        g.numbering.v_off = 0;
        assert_eq!(g.centre_point(1, 1), (70, 121));
        assert_eq!(g.snap_centre(1, 1), (70, 120));
        assert_eq!(g.location_point("0101"), Some((70, 121)));
        // both points still name the same hex
        assert_eq!(g.location_name(70, 121), g.location_name(70, 120));
    }

    #[test]
    fn vle_like_grid() {
        // VLE: hOff=0 vOff=0 stagger=false x0=-2 y0=-14 dx=109.2 dy=125.3
        let mut g = HexGrid::new(-2, -14, 109.2, 125.3);
        g.numbering.h_off = 0;
        g.numbering.v_off = 0;
        g.numbering.stagger = false;
        assert_eq!(g.snap_centre(0, 0), (-2, -14));
        assert_eq!(g.location_name(-2, -14), "0000");
        assert_eq!(g.snap_centre(3, 2), (325, 298));
        assert_eq!(g.location_name(325, 298), "0302");
        assert_round_trips(&g, 12, 9);
    }
}
