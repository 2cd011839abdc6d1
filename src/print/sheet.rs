//! Where counters go on a printed sheet, and where their backs go so that a sheet printed on both
//! sides puts each back behind its front.
//!
//! Counters stand in a grid centred on the page, a small gap apart (each is cut out along its own
//! outline, so a printer that shifts the back by a little leaves a white sliver, not a neighbour's
//! colour). A duplex printer flipping on the long edge of a portrait sheet turns the sheet about its
//! vertical centre line: the back of the counter at `x` lies at `width - x - size`. Because the grid
//! is centred, that is the slot of the mirrored column, so fronts and backs share one grid.

/// Gap between two counters on a sheet, in mm.
pub const GAP_MM: f32 = 2.0;

/// A grid of counter slots on one page (all lengths in mm).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SheetLayout {
    pub page: (f32, f32),
    /// Edge of a counter.
    pub counter: f32,
    /// Counters per slot across: 1 (fronts and backs on their own pages) or 2 (a front beside its
    /// back, to fold).
    pub per_slot: usize,
    pub columns: usize,
    pub rows: usize,
    /// Top left corner of the first slot.
    pub origin: (f32, f32),
}

impl SheetLayout {
    /// The grid for counters of edge `counter` in the area of `page` left by `margin` on every side
    /// and `header` more at the top; `None` when not one slot fits.
    pub fn new(
        page: (f32, f32),
        (margin, header): (f32, f32),
        counter: f32,
        per_slot: usize,
    ) -> Option<SheetLayout> {
        let slot = counter * per_slot as f32;
        let fit =
            |room: f32, cell: f32| ((room + GAP_MM) / (cell + GAP_MM)).floor().max(0.0) as usize;
        let columns = fit(page.0 - 2.0 * margin, slot);
        let rows = fit(page.1 - 2.0 * margin - header, counter);
        if columns == 0 || rows == 0 || !counter.is_finite() || counter <= 0.0 {
            return None;
        }
        let grid_width = columns as f32 * (slot + GAP_MM) - GAP_MM;
        Some(SheetLayout {
            page,
            counter,
            per_slot,
            columns,
            rows,
            origin: ((page.0 - grid_width) / 2.0, margin + header),
        })
    }

    /// Slots on one page.
    pub fn per_page(&self) -> usize {
        self.columns * self.rows
    }

    /// Top left corner of slot `i` (row by row) on a front page; on a one-sided sheet, of the
    /// front, with its back to its right.
    pub fn front(&self, i: usize) -> (f32, f32) {
        let (column, row) = (i % self.columns, i / self.columns);
        let slot = self.counter * self.per_slot as f32;
        (
            self.origin.0 + column as f32 * (slot + GAP_MM),
            self.origin.1 + row as f32 * (self.counter + GAP_MM),
        )
    }

    /// Top left corner of the back of slot `i`: on its own page, mirrored across the page's
    /// vertical centre line (duplex, flipped on the long edge); on a one-sided sheet, beside the
    /// front, sharing the fold line.
    pub fn back(&self, i: usize) -> (f32, f32) {
        let (x, y) = self.front(i);
        if self.per_slot == 2 {
            (x + self.counter, y)
        } else {
            (self.page.0 - x - self.counter, y)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A4: (f32, f32) = (210.0, 297.0);

    #[test]
    fn half_inch_counters_fill_an_a4_sheet() {
        let layout = SheetLayout::new(A4, (10.0, 12.0), 12.7, 1).unwrap();
        // 13 x 12.7 + 12 gaps of 2 = 189.1 of 190 mm across; 18 x 12.7 + 17 x 2 = 262.6 of 265 down.
        assert_eq!((layout.columns, layout.rows), (13, 18));
        // Centred: the margins left and right are equal.
        let (x, _) = layout.front(0);
        let (last, _) = layout.front(layout.columns - 1);
        assert!((x - (A4.0 - last - 12.7)).abs() < 1e-3);
    }

    #[test]
    fn each_back_is_the_mirror_of_its_front() {
        let layout = SheetLayout::new(A4, (10.0, 12.0), 15.875, 1).unwrap();
        for i in 0..layout.per_page() {
            let (fx, fy) = layout.front(i);
            let (bx, by) = layout.back(i);
            assert!((fx + 15.875 / 2.0 - (A4.0 - (bx + 15.875 / 2.0))).abs() < 1e-3);
            assert_eq!(fy, by);
        }
    }

    #[test]
    fn a_one_sided_sheet_puts_each_back_beside_its_front() {
        let layout = SheetLayout::new(A4, (10.0, 12.0), 12.7, 2).unwrap();
        // 7 pairs of 25.4 mm and 6 gaps of 2: 189.8 of 190 mm.
        assert_eq!(layout.columns, 7);
        assert_eq!(
            layout.back(3),
            (layout.front(3).0 + 12.7, layout.front(3).1)
        );
    }

    #[test]
    fn a_counter_larger_than_the_page_has_no_layout() {
        assert_eq!(SheetLayout::new(A4, (10.0, 12.0), 500.0, 1), None);
    }
}
