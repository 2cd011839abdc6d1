//! Where the cells of a printed sheet lie, and which cell holds each face of a piece.

use super::{ArtCell, ArtSheet};

/// A rectangle of a sheet image, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellRect {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

/// One face to cut: the sheet it is printed on and the cell.
#[derive(Debug, Clone)]
pub struct FaceCut<'a> {
    pub sheet: &'a ArtSheet,
    pub row: u32,
    pub col: u32,
}

impl FaceCut<'_> {
    pub fn rect(&self) -> Option<CellRect> {
        cell_rect(self.sheet, self.row, self.col)
    }
}

/// The rectangle of cell `[row, col]`: `pitch − gap` wide and high, `None` outside the sheet's grid
/// or when the gap leaves no counter.
pub fn cell_rect(sheet: &ArtSheet, row: u32, col: u32) -> Option<CellRect> {
    if row >= sheet.rows.value || col >= sheet.cols.value {
        return None;
    }
    let [ox, oy] = sheet.origin.value;
    let [px, py] = sheet.pitch.value;
    let [gx, gy] = sheet.gap();
    Some(CellRect {
        x: ox.checked_add(col.checked_mul(px)?)?,
        y: oy.checked_add(row.checked_mul(py)?)?,
        w: px.checked_sub(gx).filter(|w| *w > 0)?,
        h: py.checked_sub(gy).filter(|h| *h > 0)?,
    })
}

/// The column of a cell's back on a duplex-printed back sheet: the row is printed mirrored.
pub fn mirrored_col(sheet: &ArtSheet, col: u32) -> Option<u32> {
    sheet.cols.value.checked_sub(1)?.checked_sub(col)
}

/// The sheet with this id.
pub fn sheet<'a>(sheets: &'a [ArtSheet], id: &str) -> Option<&'a ArtSheet> {
    sheets.iter().find(|s| s.id.as_str() == id)
}

/// The front face of an entry.
pub fn front<'a>(sheets: &'a [ArtSheet], art: &ArtCell) -> Option<FaceCut<'a>> {
    let [row, col] = art.cell.value;
    Some(FaceCut {
        sheet: sheet(sheets, &art.sheet)?,
        row,
        col,
    })
}

/// The back face of an entry: its `back_cell` (on `back_sheet`, else the front sheet's back sheet,
/// else the front sheet), or the mirrored cell of the front sheet's back sheet; `None` when the
/// entry has no back.
pub fn back<'a>(sheets: &'a [ArtSheet], art: &ArtCell) -> Option<FaceCut<'a>> {
    let front_sheet = sheet(sheets, &art.sheet)?;
    let back_of_front = front_sheet.back.as_ref().and_then(|b| sheet(sheets, b));
    if let Some(cell) = &art.back_cell {
        let on = match &art.back_sheet {
            Some(id) => sheet(sheets, id)?,
            None => back_of_front.unwrap_or(front_sheet),
        };
        let [row, col] = cell.value;
        return Some(FaceCut {
            sheet: on,
            row,
            col,
        });
    }
    let on = back_of_front?;
    let [row, col] = art.cell.value;
    Some(FaceCut {
        sheet: on,
        row,
        col: mirrored_col(front_sheet, col)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheets() -> Vec<ArtSheet> {
        #[derive(serde::Deserialize, schemars::JsonSchema)]
        struct F {
            art_sheets: Vec<ArtSheet>,
        }
        toml::from_str::<F>(
            r#"
[[art_sheets]]
id = "front"
image = "f.png"
rows = 2
cols = 5
origin = [10, 20]
pitch = [50, 60]
gap = [4, 6]
back = "back"

[[art_sheets]]
id = "back"
image = "b.png"
rows = 2
cols = 5
origin = [10, 20]
pitch = [50, 60]
"#,
        )
        .unwrap()
        .art_sheets
    }

    #[test]
    fn cells_step_by_the_pitch_and_leave_the_gap() {
        let s = sheets();
        let r = cell_rect(&s[0], 1, 2).unwrap();
        assert_eq!(
            r,
            CellRect {
                x: 110,
                y: 80,
                w: 46,
                h: 54
            }
        );
        assert!(cell_rect(&s[0], 2, 0).is_none());
        assert!(cell_rect(&s[0], 0, 5).is_none());
    }

    #[test]
    fn duplex_backs_are_mirrored_across_the_row() {
        let s = sheets();
        let art: ArtCell =
            toml::from_str("unit = \"u\"\nsheet = \"front\"\ncell = [1, 1]").unwrap();
        let b = back(&s, &art).unwrap();
        assert_eq!((b.sheet.id.as_str(), b.row, b.col), ("back", 1, 3));
        let named: ArtCell =
            toml::from_str("unit = \"u\"\nsheet = \"front\"\ncell = [1, 1]\nback_cell = [0, 0]")
                .unwrap();
        let b = back(&s, &named).unwrap();
        assert_eq!((b.sheet.id.as_str(), b.row, b.col), ("back", 0, 0));
    }
}
