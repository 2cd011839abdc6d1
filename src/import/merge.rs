//! An at-start piece that is a palette piece set up (the same name, faces, side, type and traits,
//! states included; a side only the palette's list states counts as the same) is that unit, not a
//! second one: the designer who renames the unit or changes
//! its faces changes it everywhere, and the setup says only where it stands and on which face.

use super::account::Became;
use super::module::Reading;
use super::pieces::PieceUnit;

/// Whether the at-start piece `a` is the palette piece `b` set up (only the face showing may
/// differ; a side the at-start piece does not state is the palette list's).
fn same_piece(a: &PieceUnit, b: &PieceUnit) -> bool {
    a.name == b.name
        && a.faces == b.faces
        && a.level_names == b.level_names
        && (a.side.is_none() || a.side == b.side)
        && a.prototype == b.prototype
        && a.raw == b.raw
}

/// Point every at-start piece that is a palette piece at the palette's unit, and drop the units
/// no longer used.
pub fn merge_into_palette(r: &mut Reading) {
    let palette_unit = |r: &Reading, i: usize| -> Option<usize> {
        let u = &r.units[i];
        if u.in_palette {
            return None;
        }
        r.units
            .iter()
            .position(|p| p.in_palette && same_piece(u, p))
    };
    let mut merged = 0;
    for k in 0..r.at_start.len() {
        if let Some(j) = palette_unit(r, r.at_start[k].unit) {
            r.at_start[k].unit = j;
            merged += 1;
        }
    }
    for k in 0..r.track_starts.len() {
        if let Some(j) = palette_unit(r, r.track_starts[k].unit) {
            r.track_starts[k].unit = j;
            merged += 1;
        }
    }
    drop_unused(r);
    if merged > 0 {
        r.account.add(
            Became::Data,
            format!("{merged} at-start pieces"),
            "each is a palette piece set up (the same name, faces, side, type and traits): its `[[setup]]` names the palette's unit",
        );
    }
}

/// Keep the palette's units and those a setup names, renumbering the setups' references.
fn drop_unused(r: &mut Reading) {
    let used: std::collections::BTreeSet<usize> = r
        .at_start
        .iter()
        .map(|a| a.unit)
        .chain(r.track_starts.iter().map(|t| t.unit))
        .collect();
    let mut index = vec![usize::MAX; r.units.len()];
    let mut kept = Vec::new();
    for (i, u) in std::mem::take(&mut r.units).into_iter().enumerate() {
        if u.in_palette || used.contains(&i) {
            index[i] = kept.len();
            kept.push(u);
        }
    }
    r.units = kept;
    for a in &mut r.at_start {
        a.unit = index[a.unit];
    }
    for t in &mut r.track_starts {
        t.unit = index[t.unit];
    }
}
