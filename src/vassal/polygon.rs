//! A zone's outline as VASSAL keeps it: a `java.awt.Polygon` of whole-pixel corners, written in a
//! `Zone`'s `path` attribute as `x,y;x,y;…` (`PolygonEditor.polygonToString`).

/// The corners of a `path` attribute (`PolygonEditor.stringToPolygon`); `None` when one is not a pair
/// of whole numbers.
pub fn parse_path(path: &str) -> Option<Vec<(i32, i32)>> {
    if path.trim().is_empty() {
        return Some(Vec::new());
    }
    path.split(';')
        .map(|corner| {
            let (x, y) = corner.split_once(',')?;
            Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
        })
        .collect()
}

/// The `path` attribute of a polygon.
pub fn path(corners: &[(i32, i32)]) -> String {
    corners
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(";")
}

/// Whether `p` lies inside the polygon, by the even-odd rule of `java.awt.Polygon.contains` (a point
/// on a left or top edge is inside, on a right or bottom edge outside).
pub fn contains(corners: &[(i32, i32)], p: (i32, i32)) -> bool {
    let (px, py) = (f64::from(p.0), f64::from(p.1));
    let mut inside = false;
    let n = corners.len();
    for i in 0..n {
        let (x1, y1) = (f64::from(corners[i].0), f64::from(corners[i].1));
        let (x2, y2) = (
            f64::from(corners[(i + 1) % n].0),
            f64::from(corners[(i + 1) % n].1),
        );
        if (y1 <= py) != (y2 <= py) {
            let x = x1 + (py - y1) * (x2 - x1) / (y2 - y1);
            if px < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Where `Zone.getLocation` puts a location named by the zone itself (a `locationFormat` without
/// `$gridLocation$`): the average of the corners in whole pixels, or the first corner when the
/// average lies outside.
pub fn zone_point(corners: &[(i32, i32)]) -> (i32, i32) {
    let Some(&first) = corners.first() else {
        return (0, 0);
    };
    let n = i64::try_from(corners.len()).unwrap_or(i64::MAX);
    let sum = corners.iter().fold((0i64, 0i64), |(x, y), c| {
        (x + i64::from(c.0), y + i64::from(c.1))
    });
    // Java's integer division truncates toward zero, as Rust's does.
    let average = (
        i32::try_from(sum.0 / n).unwrap_or(first.0),
        i32::try_from(sum.1 / n).unwrap_or(first.1),
    );
    if contains(corners, average) {
        average
    } else {
        first
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_reads_back_as_written() {
        let square = vec![(20, 20), (220, 20), (220, 180), (20, 180)];
        assert_eq!(path(&square), "20,20;220,20;220,180;20,180");
        assert_eq!(parse_path(&path(&square)), Some(square.clone()));
        assert_eq!(parse_path("1,2;x,3"), None);
        assert!(contains(&square, (20, 20)) && contains(&square, (120, 100)));
        assert!(!contains(&square, (220, 100)) && !contains(&square, (10, 100)));
        assert_eq!(zone_point(&square), (120, 100));
        // An L whose average corner falls in its notch: the first corner.
        let l = [(0, 0), (10, 0), (10, 90), (100, 90), (100, 100), (0, 100)];
        assert_eq!(zone_point(&l), (0, 0));
    }
}
