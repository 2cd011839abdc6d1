//! A board grid exactly as a VASSAL module states it (`[grid.vassal]`): the grid element's class and
//! attributes and its numbering's, as `vmodc import` reads them from a module made by hand. VASSAL
//! numbers hexes in ways the column-and-row keys of `[grid]` do not all say (letters, a first
//! coordinate of either kind, offsets, staggered or descending numbering, a location format); these
//! attributes say every one of them, and the module's grid is written from them unchanged.

use super::{GridKind, HexLayout};
use serde::Deserialize;
use std::collections::BTreeMap;

/// `[grid.vassal]`: the board's grid element (`HexGrid`, `SquareGrid`) and its numbering.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VassalGrid {
    /// The grid's class under `VASSAL.build.module.map.boardPicker.board.`: `"HexGrid"` or
    /// `"SquareGrid"`.
    pub class: String,
    /// The grid element's attributes as the module writes them (`dx`, `dy`, `x0`, `y0`,
    /// `sideways`, `snapTo`, …).
    pub attributes: BTreeMap<String, String>,
    /// The numbering's class under `…board.mapgrid.` (`"HexGridNumbering"`,
    /// `"SquareGridNumbering"`), when the grid has one.
    pub numbering_class: Option<String>,
    /// The numbering element's attributes (`first`, `hOff`, `vOff`, `hType`, `vLeading`,
    /// `stagger`, `locationFormat`, …).
    #[serde(default)]
    pub numbering: BTreeMap<String, String>,
}

impl VassalGrid {
    fn number(&self, key: &str) -> f64 {
        self.attributes
            .get(key)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0.0)
    }

    fn whole(&self, key: &str) -> i32 {
        self.numbering
            .get(key)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    }

    /// Whether the grid is a sideways hex grid (pointy-topped hexes in rows).
    pub fn sideways(&self) -> bool {
        self.attributes.get("sideways").is_some_and(|v| v == "true")
    }

    /// The layout the rest of the build reads (where a cell's centre is), from the grid's own
    /// geometry on a board of `width` × `height` pixels.
    pub fn layout(&self, width: u32, height: u32) -> HexLayout {
        let kind = match (self.class.as_str(), self.sideways()) {
            ("SquareGrid", _) => GridKind::Squares,
            (_, true) => GridKind::HexRows,
            _ => GridKind::HexColumns,
        };
        HexLayout {
            x0: self.number("x0").round() as i32,
            y0: self.number("y0").round() as i32,
            dx: self.number("dx"),
            dy: self.number("dy"),
            first_raw_col: self.whole("hOff"),
            first_raw_row: self.whole("vOff"),
            rows_upward: self.numbering.get("vDescend").is_some_and(|v| v == "true"),
            width,
            height,
            kind,
        }
    }

    /// The grid element, as the module it came from wrote it (attributes in name order, as every
    /// element of the buildFile).
    pub fn element(&self) -> crate::vassal::xml::El {
        let mut grid = crate::vassal::xml::El::new(format!(
            "VASSAL.build.module.map.boardPicker.board.{}",
            self.class
        ));
        for (k, v) in &self.attributes {
            grid = grid.attr(k, v);
        }
        if let Some(class) = &self.numbering_class {
            let mut numbering = crate::vassal::xml::El::new(format!(
                "VASSAL.build.module.map.boardPicker.board.mapgrid.{class}"
            ));
            for (k, v) in &self.numbering {
                numbering = numbering.attr(k, v);
            }
            grid = grid.child(numbering);
        }
        grid
    }
}
