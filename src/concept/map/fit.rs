//! The hex grid fitted to a scanned map from a few hex centres the designer reads off the scan.
//!
//! The grid's numbering (columns, rows, which columns are shifted) is the data's; what the scan decides
//! is VASSAL's `HexGrid` geometry: the column spacing `dx`, the hex height `dy` and the centre `x0, y0`
//! of raw column 0, raw row 0 (see `HexLayout`). Each given centre is a point of
//! `x = x0 + dx·c`, `y = y0 + dy·r + ⌊dy/2⌋·(c odd)` (raw column c, raw row r), so two hexes in
//! different columns and rows fix all four; a third shows whether they agree. A spacing the centres
//! leave open (all in one column, or all at one height) follows from the other by the shape of a
//! regular hex (`dx = dy·√3/2`).
//!
//! Pointy-topped hexes in rows are fitted the same way in VASSAL's rotated coordinates (board x and y
//! swapped, see `grid::hex_rows`); squares have no shifted columns and `dx = dy` when one spacing is
//! left open.

use crate::concept::map::grid::{hex_rows, Grid, GridKind, HexId, HexLayout};

/// How far (pixels) a given centre may lie from the fitted grid's centre of its hex before the fit
/// is reported: a scan read by eye is good to a pixel or two.
pub const FIT_TOLERANCE_PX: f64 = 3.0;

/// A hex centre read off the scan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GivenCentre {
    pub hex: HexId,
    pub x: f64,
    pub y: f64,
}

/// The fitted grid and how well it meets each given centre.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub layout: HexLayout,
    /// Distance (pixels) from each given centre to the fitted centre of its hex, in the order given.
    pub misses: Vec<f64>,
}

/// Why no grid can be fitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FitError {
    /// Fewer than two distinct hexes.
    TooFewCentres,
    /// The centres leave both spacings open or give one of zero or less.
    Degenerate,
}

/// Fit the grid to the centres on an image of `width` × `height` pixels.
pub fn fit(grid: &Grid, centres: &[GivenCentre], width: u32, height: u32) -> Result<Fit, FitError> {
    let base = grid.layout(60, 0);
    let kind = base.kind;
    let raw = |h: HexId| match kind {
        GridKind::HexRows => hex_rows::vassal_raw(&base, h),
        _ => base.raw(h),
    };
    // In VASSAL's (rotated, for hex-rows) coordinates.
    let given: Vec<GivenCentre> = centres
        .iter()
        .map(|c| match kind {
            GridKind::HexRows => GivenCentre {
                hex: c.hex,
                x: c.y,
                y: c.x,
            },
            _ => *c,
        })
        .collect();
    let given_on_board = centres;
    let centres = given.as_slice();
    let half_shift = if kind == GridKind::Squares { 0.0 } else { 0.5 };
    let mut hexes: Vec<HexId> = centres.iter().map(|c| c.hex).collect();
    hexes.sort();
    hexes.dedup();
    if hexes.len() < 2 {
        return Err(FitError::TooFewCentres);
    }
    // Least squares over columns (x) and over heights in hexes (y: a shifted column sits half a hex
    // lower); None when every centre has the same value.
    let xs: Vec<(f64, f64)> = centres
        .iter()
        .map(|c| (f64::from(raw(c.hex).0), c.x))
        .collect();
    let ys: Vec<(f64, f64)> = centres
        .iter()
        .map(|c| {
            let (col, row) = raw(c.hex);
            let half = if col.rem_euclid(2) == 1 {
                half_shift
            } else {
                0.0
            };
            (f64::from(row) + half, c.y)
        })
        .collect();
    let regular = if kind == GridKind::Squares {
        1.0
    } else {
        3f64.sqrt() / 2.0
    };
    let (dx, dy) = match (slope(&xs), slope(&ys)) {
        (Some(dx), Some(dy)) if kind == GridKind::Squares => (dx, dy),
        (Some(dx), Some(dy)) => (dx, exact_height(centres, &raw, dy)),
        (Some(dx), None) => (dx, dx / regular),
        (None, Some(dy)) => (dy * regular, dy),
        (None, None) => return Err(FitError::Degenerate),
    };
    if !(dx > 1.0 && dy > 1.0) {
        return Err(FitError::Degenerate);
    }
    let shift = if kind == GridKind::Squares {
        0.0
    } else {
        (dy / 2.0).floor()
    };
    let mean = |v: Vec<f64>| v.iter().sum::<f64>() / v.len() as f64;
    let x0 = mean(
        centres
            .iter()
            .map(|c| c.x - dx * f64::from(raw(c.hex).0))
            .collect(),
    );
    let y0 = mean(
        centres
            .iter()
            .map(|c| {
                let (col, row) = raw(c.hex);
                let odd = if col.rem_euclid(2) == 1 { shift } else { 0.0 };
                c.y - dy * f64::from(row) - odd
            })
            .collect(),
    );
    let layout = HexLayout {
        x0: x0.round() as i32,
        y0: y0.round() as i32,
        dx,
        dy,
        first_raw_col: base.first_raw_col,
        first_raw_row: base.first_raw_row,
        rows_upward: base.rows_upward,
        width,
        height,
        kind,
    };
    let misses = given_on_board
        .iter()
        .map(|c| {
            let (x, y) = layout.centre(c.hex);
            (x - c.x).hypot(y - c.y)
        })
        .collect();
    Ok(Fit { layout, misses })
}

/// The hex height again, with the shifted columns lowered by `⌊dy/2⌋` as VASSAL lowers them rather
/// than by exactly half a hex (the first estimate): fitted over rows when the centres span rows.
fn exact_height(centres: &[GivenCentre], raw: &impl Fn(HexId) -> (i32, i32), dy: f64) -> f64 {
    let shift = (dy / 2.0).floor();
    let rows: Vec<(f64, f64)> = centres
        .iter()
        .map(|c| {
            let (col, row) = raw(c.hex);
            let odd = if col.rem_euclid(2) == 1 { shift } else { 0.0 };
            (f64::from(row), c.y - odd)
        })
        .collect();
    slope(&rows).unwrap_or(dy)
}

/// The given centres of a game's map whose labels parse, with their entries in `[map] hex_centres`
/// (in the order of [`Fit::misses`]).
pub fn given_centres(
    game: &crate::concept::game::Game,
) -> Vec<(&String, &crate::model::Sp<[f64; 2]>, GivenCentre)> {
    let grid = &game.map.grid;
    game.map
        .map
        .hex_centres
        .iter()
        .filter_map(|(label, at)| {
            let hex = grid.parse(label)?;
            let [x, y] = at.value;
            Some((label, at, GivenCentre { hex, x, y }))
        })
        .collect()
}

/// The hex grid of a game's map scan, fitted to its given centres (`None` without a scan).
pub fn scan_fit(game: &crate::concept::game::Game) -> Option<Result<Fit, FitError>> {
    let image = game.images.get(game.map.map.image.as_ref()?.as_str())?;
    let centres: Vec<GivenCentre> = given_centres(game).into_iter().map(|(_, _, c)| c).collect();
    Some(fit(&game.map.grid, &centres, image.width, image.height))
}

/// The least-squares slope of y over x, `None` when every x is the same.
fn slope(points: &[(f64, f64)]) -> Option<f64> {
    let n = points.len() as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if sxx < 1e-9 {
        return None;
    }
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    Some(sxy / sxx)
}

/// The hexes whose centre lies outside an image of the layout's size.
pub fn hexes_outside(grid: &Grid, layout: &HexLayout) -> Vec<HexId> {
    grid.hexes()
        .into_iter()
        .filter(|&h| {
            let (x, y) = layout.centre(h);
            x < 0.0 || y < 0.0 || x >= f64::from(layout.width) || y >= f64::from(layout.height)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        crate::concept::map::grid::b4m_grid()
    }

    fn given(g: &Grid, l: &HexLayout, label: &str) -> GivenCentre {
        let hex = g.parse(label).unwrap();
        let (x, y) = l.centre(hex);
        GivenCentre { hex, x, y }
    }

    #[test]
    fn three_centres_give_back_the_layout_they_were_read_from() {
        let g = grid();
        let mut truth = g.layout(83, 17);
        truth.x0 += 40;
        truth.y0 -= 12;
        let centres = ["0101", "1401", "0710"].map(|l| given(&g, &truth, l));
        let f = fit(&g, &centres, 2000, 1500).unwrap();
        assert_eq!((f.layout.x0, f.layout.y0), (truth.x0, truth.y0));
        assert!((f.layout.dx - truth.dx).abs() < 1e-6 && (f.layout.dy - truth.dy).abs() < 1e-6);
        assert!(f.misses.iter().all(|m| *m < 0.01), "{:?}", f.misses);
    }

    #[test]
    fn two_centres_in_one_column_take_the_regular_hex_shape() {
        let g = grid();
        let truth = g.layout(80, 0);
        let centres = ["0301", "0309"].map(|l| given(&g, &truth, l));
        let f = fit(&g, &centres, 2000, 1500).unwrap();
        assert!((f.layout.dx - truth.dx).abs() < 1e-6);
    }

    #[test]
    fn a_misread_centre_shows_as_a_miss() {
        let g = grid();
        let truth = g.layout(80, 10);
        let mut centres = ["0101", "1401", "0710"].map(|l| given(&g, &truth, l));
        centres[2].x += 30.0;
        let f = fit(&g, &centres, 2000, 1500).unwrap();
        assert!(f.misses.iter().any(|m| *m > FIT_TOLERANCE_PX));
        assert_eq!(fit(&g, &centres[..1], 10, 10), Err(FitError::TooFewCentres));
    }

    #[test]
    fn rows_of_hexes_and_squares_are_fitted_too() {
        for kind in ["kind = \"hex-rows\"\nshifted_rows = \"odd\"", "kind = \"squares\""] {
            let g: Grid = toml::from_str(&format!(
                "{kind}\ncolumns = [1, 9]\nrows = [1, 7]\ncolumn_digits = 2\nrow_digits = 2\n"
            ))
            .unwrap();
            let mut truth = g.layout(71, 13);
            truth.x0 += 9;
            truth.y0 -= 4;
            let centres = ["0101", "0901", "0507"].map(|l| given(&g, &truth, l));
            let f = fit(&g, &centres, 2000, 1500).unwrap();
            assert_eq!((f.layout.x0, f.layout.y0), (truth.x0, truth.y0), "{kind}");
            assert!((f.layout.dy - truth.dy).abs() < 1e-6, "{kind}");
            assert!(f.misses.iter().all(|m| *m < 0.01), "{kind}: {:?}", f.misses);
        }
    }
}
