//! The turn track of a module vmodc built, imported again: the build writes a turn track of its own
//! (a raw one of the same name gives way to it), laid out from the data, so the module's turn count
//! and the at-start pieces on its track become data and come back at the same location names.

use super::account::Became;
use super::generated::Generated;
use super::module::{add_unit, label, short, Reading, TrackStart};
use crate::verify::xml::Node;

/// A map of the module that the build writes itself (the turn track of a module vmodc built): the
/// build's own replaces it, laid out from the data, so its turns and its at-start stacks become data.
/// A region named as the build names a turn box (`Turn 4`) holds that turn's reinforcements, any
/// other region is an off-map box of that name; both come back at the same location name.
pub fn read_track_map(map: &Node, generated: &Generated, r: &mut Reading) {
    let regions = map
        .walk()
        .into_iter()
        .filter(|n| short(&n.tag) == "Region")
        .filter_map(|n| generated.turn_of(n.attr("name")))
        .max();
    if regions.is_some() {
        r.turns = r.turns.max(regions);
    }
    for stack in map
        .children
        .iter()
        .filter(|c| short(&c.tag) == "SetupStack")
    {
        read_track_stack(stack, generated, r);
    }
}

fn read_track_stack(stack: &Node, generated: &Generated, r: &mut Reading) {
    let region = stack.attr("location").to_string();
    if stack.attr("useGridLocation") != "true" || region.is_empty() {
        r.account.add(
            Became::NotCarried,
            label(stack),
            "an at-start stack placed by a point on the turn track: the build lays out that map from the data",
        );
        return;
    }
    let turn = generated.turn_of(&region);
    let became = match turn {
        Some(t) => format!("reinforcements of turn {t} (`[[reinforcements]]`)"),
        None => format!("units waiting off the map in the box `{region}` (`[[off_map]]`)"),
    };
    r.account.add(
        Became::Data,
        label(stack),
        format!("an at-start stack on the turn track the build writes: {became}, in stack order"),
    );
    if let Some(t) = turn {
        r.turns = r.turns.max(Some(t));
    }
    for slot in stack
        .children
        .iter()
        .filter(|c| short(&c.tag) == "PieceSlot")
    {
        if let Some(unit) = add_unit(slot, &[], false, r) {
            r.track_starts.push(TrackStart {
                unit,
                region: region.clone(),
                turn,
                level: r.units[unit].level,
            });
        }
    }
}
