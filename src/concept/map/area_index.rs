//! An area map's lookups (by point, by name, who lists whom), built once per grid so that reading
//! a map of thousands of areas costs time linear in its areas.

use super::MapArea;

/// An area map's lookups, built once from its areas.
#[derive(Debug, Clone, Default)]
pub struct AreaIndex {
    /// Each area's point (`MapArea::point`, which an outline alone makes costly), in order.
    pub(super) points: Vec<Option<(i32, i32)>>,
    /// The first area standing on each point.
    pub(super) by_point: std::collections::HashMap<(i32, i32), usize>,
    /// The first area of each name.
    pub(super) by_name: std::collections::HashMap<String, usize>,
    /// The areas listing each name among their neighbours, in order.
    pub(super) listing: std::collections::HashMap<String, Vec<usize>>,
}

impl AreaIndex {
    pub(super) fn of(areas: &[MapArea]) -> AreaIndex {
        let mut index = AreaIndex {
            points: areas.iter().map(MapArea::point).collect(),
            ..AreaIndex::default()
        };
        for (i, area) in areas.iter().enumerate() {
            if let Some(p) = index.points[i] {
                index.by_point.entry(p).or_insert(i);
            }
            index.by_name.entry(area.name.value.clone()).or_insert(i);
            for n in &area.neighbours {
                index.listing.entry(n.value.clone()).or_default().push(i);
            }
        }
        index
    }
}
