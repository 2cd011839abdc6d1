//! Area maps (`[grid] kind = "areas"`): named areas with their neighbours instead of hexes, each drawn
//! from its outline (a polygon in board pixels) or placed on a designer's map image at a point.
//!
//! An area is a location like a hex: setups, terrain lists, cities, `[[hexsides]]` pairs (a river
//! between two areas) and the module name it by its name. Inside the program an area's [`HexId`] is
//! its point on the board (`col` = x, `row` = y, in pixels, sheet 0): VASSAL itself keys a
//! `RegionGrid`'s regions by their point (`RegionGrid.regionList`), so two areas never share one, and
//! every stage that asks where a location's pieces stand gets the area's point from the same
//! arithmetic as a hex's centre (see [`layout`]).

use super::MapArea;
use crate::concept::map::grid::{Grid, HexId, HexLayout};
use crate::vassal::xml::El;

/// The separator of the module's lists of locations (`|A|B|`, searched for `|name|`) on an area map:
/// area names may hold spaces, commas and hyphens, so the hex lists' `,` would mismatch them.
pub const LIST_SEPARATOR: &str = "|";

impl MapArea {
    /// The outline's corners as points.
    pub fn corners(&self) -> Vec<(i32, i32)> {
        self.outline.iter().map(|c| (c.value[0], c.value[1])).collect()
    }

    /// Where its pieces stand: `at`, else a point inside its outline.
    pub fn point(&self) -> Option<(i32, i32)> {
        match &self.at {
            Some(at) => Some((at.value[0], at.value[1])),
            None => inside_point(&self.corners()),
        }
    }
}

pub use crate::vassal::polygon::contains as polygon_contains;

/// Twice the polygon's signed area (shoelace): zero for a polygon that encloses nothing.
pub fn doubled_area(corners: &[(i32, i32)]) -> i64 {
    let n = corners.len();
    (0..n)
        .map(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % n]);
            i64::from(a.0) * i64::from(b.1) - i64::from(b.0) * i64::from(a.1)
        })
        .sum()
}

/// A point well inside a polygon: the middle of the widest span of the horizontal line through the
/// middle of its height (a concave outline's average corner may lie outside it).
pub fn inside_point(corners: &[(i32, i32)]) -> Option<(i32, i32)> {
    if corners.len() < 3 || doubled_area(corners) == 0 {
        return None;
    }
    let top = corners.iter().map(|c| c.1).min()?;
    let bottom = corners.iter().map(|c| c.1).max()?;
    // Half a pixel off the integer rows, so the line never passes through a corner.
    let y = f64::from(top) + f64::from(bottom - top) / 2.0 + 0.5;
    let n = corners.len();
    let mut xs: Vec<f64> = (0..n)
        .filter_map(|i| {
            let (x1, y1) = (f64::from(corners[i].0), f64::from(corners[i].1));
            let (x2, y2) = (
                f64::from(corners[(i + 1) % n].0),
                f64::from(corners[(i + 1) % n].1),
            );
            ((y1 <= y) != (y2 <= y)).then(|| x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        })
        .collect();
    xs.sort_by(f64::total_cmp);
    let widest = xs
        .chunks_exact(2)
        .max_by(|a, b| (a[1] - a[0]).total_cmp(&(b[1] - b[0])))?;
    let point = (((widest[0] + widest[1]) / 2.0) as i32, y.floor() as i32);
    polygon_contains(corners, point).then_some(point)
}

impl Grid {
    /// The board of an area map: see [`layout`].
    pub fn area_layout(&self, margin: u32) -> HexLayout {
        layout(self, margin, None)
    }

    /// Whether this is an area map (`kind = "areas"`).
    pub fn is_areas(&self) -> bool {
        self.kind.as_str() == "areas"
    }

    /// The areas' lookups, built once.
    fn index(&self) -> &super::area_index::AreaIndex {
        self.area_index
            .get_or_init(|| super::area_index::AreaIndex::of(&self.areas))
    }

    /// The area standing at a location id, if any (the first, if two share a point).
    pub fn area_at(&self, hex: HexId) -> Option<&MapArea> {
        if hex.sheet != 0 {
            return None;
        }
        let i = *self.index().by_point.get(&(hex.col, hex.row))?;
        self.areas.get(i)
    }

    /// The area of a name (the first, if two share it).
    pub fn area_named(&self, name: &str) -> Option<&MapArea> {
        let i = *self.index().by_name.get(name)?;
        self.areas.get(i)
    }

    /// The location id of an area.
    pub fn area_id(area: &MapArea) -> Option<HexId> {
        area.point().map(|(x, y)| HexId::new(x, y))
    }

    /// The areas of the map that have a point, as location ids, in the data's order.
    pub(crate) fn area_ids(&self) -> Vec<HexId> {
        let points = &self.index().points;
        points.iter().flatten().map(|&(x, y)| HexId::new(x, y)).collect()
    }

    /// Whether two areas border each other (either lists the other).
    pub(crate) fn areas_adjacent(&self, a: HexId, b: HexId) -> bool {
        let (Some(x), Some(y)) = (self.area_at(a), self.area_at(b)) else {
            return false;
        };
        let lists = |from: &MapArea, to: &MapArea| from.neighbours.iter().any(|n| n.as_str() == to.name.as_str());
        a != b && (lists(x, y) || lists(y, x))
    }

    /// The areas bordering an area, in the order its `neighbours` lists them, then those listing it.
    pub fn area_neighbours(&self, hex: HexId) -> Vec<HexId> {
        let mut out: Vec<HexId> = Vec::new();
        let Some(area) = self.area_at(hex) else {
            return out;
        };
        let index = self.index();
        let point_of = |i: usize| index.points.get(i).copied().flatten();
        let listed = area
            .neighbours
            .iter()
            .filter_map(|n| index.by_name.get(n.as_str()).copied().and_then(point_of));
        let listing = (index.listing.get(area.name.as_str()).into_iter().flatten())
            .filter_map(|&i| point_of(i));
        let listed = listed.chain(listing).map(|(x, y)| HexId::new(x, y));
        for id in listed {
            if id != hex && !out.contains(&id) {
                out.push(id);
            }
        }
        out
    }
}

/// The board of an area map, `margin` beyond its farthest outline corner or point: pieces stand on
/// the board where the data puts them, so the layout's arithmetic gives an area's id as its centre
/// (`x0 = y0 = 0`, `dx = dy = 1`, no shifted column: `centre(h) = (h.col, h.row)`).
pub fn layout(grid: &Grid, margin: u32, image: Option<(u32, u32)>) -> HexLayout {
    let mut far = (0i32, 0i32);
    for area in &grid.areas {
        for (x, y) in area.corners().into_iter().chain(area.point()) {
            far = (far.0.max(x), far.1.max(y));
        }
    }
    let edge = |v: i32| u32::try_from(v).unwrap_or(0).saturating_add(margin);
    let (width, height) = image.unwrap_or((edge(far.0), edge(far.1)));
    HexLayout {
        kind: super::grid::GridKind::Areas,
        x0: 0,
        y0: 0,
        dx: 1.0,
        dy: 1.0,
        first_raw_col: 0,
        first_raw_row: 0,
        rows_upward: false,
        width,
        height,
    }
}

/// The board of a game's area map: the map image's size when the designer gives one, else the
/// style's margin beyond the farthest area.
pub fn board_layout(game: &crate::concept::game::Game) -> HexLayout {
    let image = game
        .map
        .map
        .image
        .as_ref()
        .and_then(|i| game.images.get(i.as_str()))
        .map(|i| (i.width, i.height));
    layout(&game.map.grid, game.map.style.margin, image)
}

/// The board's grid in the module: a `ZonedGrid` with a `Zone` per outlined area (its polygon as
/// `path`), whose `RegionGrid` holds one `Region`, the area's point, named after the area; areas
/// without an outline are `Region`s of the zoned grid's background `RegionGrid`. A zone's location
/// is `$gridLocation$`, its region's name, so every piece in an area reports the area's name as
/// `LocationName`, and an at-start stack named by it lands on the area's point
/// (`ZonedGrid.getLocation` → `Zone.getLocation` → `RegionGrid.getLocation`). Every region snaps:
/// pieces dropped in an area stand on its point, one stack per area.
impl Grid {
    /// See above.
    pub fn module_grid(&self) -> El {
        let grid = self;
    let region = |area: &MapArea| {
        let (x, y) = area.point().unwrap_or((0, 0));
        El::new("VASSAL.build.module.map.boardPicker.board.Region")
            .attr("name", area.name.as_str())
            .attr("originx", x)
            .attr("originy", y)
    };
    let region_grid = |regions: Vec<El>| {
        El::new("VASSAL.build.module.map.boardPicker.board.RegionGrid")
            .attr("fontsize", "9")
            .attr("snapto", "true")
            .attr("visible", "false")
            .children(regions)
    };
    let mut zoned = El::new("VASSAL.build.module.map.boardPicker.board.ZonedGrid");
    for area in grid.areas.iter().filter(|a| !a.outline.is_empty()) {
        let path = crate::vassal::polygon::path(&area.corners());
        zoned = zoned.child(
            El::new("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone")
                .attr("highlightProperty", "")
                .attr("locationFormat", "$gridLocation$")
                .attr("name", area.name.as_str())
                .attr("path", path)
                .attr("useHighlight", "false")
                .attr("useParentGrid", "false")
                .child(region_grid(vec![region(area)])),
        );
    }
    let points: Vec<El> = grid
        .areas
        .iter()
        .filter(|a| a.outline.is_empty())
        .map(region)
        .collect();
    if !points.is_empty() {
        zoned = zoned.child(region_grid(points));
    }
    zoned
}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        toml::from_str(
            r#"
kind = "areas"

[[areas]]
name = "Old Mill"
outline = [[10, 10], [110, 10], [110, 90], [10, 90]]
neighbours = ["Ford, North"]

[[areas]]
name = "Ford, North"
outline = [[110, 10], [210, 10], [210, 90], [110, 90]]
at = [150, 40]

[[areas]]
name = "Brücke"
at = [300, 50]
neighbours = ["Ford, North"]
"#,
        )
        .expect("the area grid parses")
    }

    #[test]
    fn areas_are_named_placed_and_bordered_by_their_data() {
        let g = grid();
        assert!(g.is_areas());
        let mill = g.parse("Old Mill").expect("Old Mill");
        let ford = g.parse("Ford, North").expect("Ford");
        let bridge = g.parse("Brücke").expect("Brücke");
        assert_eq!((mill.col, mill.row), (60, 50));
        assert_eq!((ford.col, ford.row), (150, 40));
        assert_eq!(g.label(bridge), "Brücke");
        assert_eq!(g.hexes(), vec![mill, ford, bridge]);
        assert!(g.contains(ford) && !g.contains(HexId::new(1, 1)));
        assert!(g.are_adjacent(mill, ford) && g.are_adjacent(ford, mill));
        assert!(!g.are_adjacent(mill, bridge));
        assert_eq!(g.area_neighbours(ford), vec![mill, bridge]);
        let l = g.layout(64, 20);
        assert_eq!(l.centre(ford), (150.0, 40.0));
        assert_eq!((l.width, l.height), (320, 110));
    }

    #[test]
    fn a_concave_outline_gets_a_point_inside_it() {
        // A U shape: the average of its corners lies in the gap between its arms.
        let u = [(0, 0), (30, 0), (30, 100), (70, 100), (70, 0), (100, 0), (100, 120), (0, 120)];
        let p = inside_point(&u).expect("a point");
        assert!(polygon_contains(&u, p), "{p:?}");
        assert!(!polygon_contains(&u, (50, 50)));
        assert_eq!(inside_point(&[(0, 0), (10, 10), (20, 20)]), None);
    }
}

