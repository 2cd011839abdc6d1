//! The turn track of a module vmodc built, imported again: the build writes a turn track of its own
//! (a raw one of the same name gives way to it), laid out from the data, so the module's turn count
//! and the at-start pieces on its track become data and come back at the same location names.

use super::account::Became;
use super::generated::Generated;
use super::module::{add_unit, label, short, Reading, TrackStart};
use crate::vassal::sequence_encoder::decode;
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
    for child in &map.children {
        match short(&child.tag) {
            "SetupStack" => read_track_stack(child, generated, r),
            "DrawPile" => read_track_pile(child, r),
            _ => {}
        }
    }
}

/// A draw pile on the build's turn track (a cup of untried units): its pieces wait off the map in
/// a box of the pile's name, which VASSAL names them by either way. Whether the box is a cup drawn
/// from blind is rules data the module does not hold (the hidden-units concept's), so the rebuilt
/// box is a stack until the designer says so.
fn read_track_pile(pile: &Node, r: &mut Reading) {
    let region = pile.attr("name").to_string();
    r.account.add(
        Became::Data,
        label(pile),
        format!("a draw pile on the turn track the build writes: its pieces wait off the map in the box `{region}` (`[[off_map]]`), in pile order"),
    );
    r.account.add(
        Became::NotCarried,
        label(pile),
        "the pile's drawing (shuffled, drawn blind): the box holds its pieces as a stack until the rules data makes it a cup",
    );
    for slot in pile
        .children
        .iter()
        .filter(|c| matches!(short(&c.tag), "PieceSlot" | "CardSlot"))
    {
        if let Some(unit) = add_unit(slot, &[], false, r) {
            r.track_starts.push(TrackStart {
                unit,
                region: region.clone(),
                turn: None,
                level: r.units[unit].level,
            });
        }
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

/// The turn tracker of a module vmodc built gives way to the build's, which is written from
/// `[[phases]]`: the phases of its list level (`ListTurnLevel`, VASSAL's comma list) become them, in
/// order. Whose phase each is and what it allows are rules data the tracker does not hold. A tracker
/// whose first turn starts after its first phase has a shorter list for that turn before the full
/// one: the longest list is the turn's.
pub fn read_phases(tracker: &Node, r: &mut Reading) {
    let Some(list) = tracker
        .walk()
        .into_iter()
        .filter(|n| short(&n.tag) == "ListTurnLevel")
        .max_by_key(|n| decode(n.attr("list"), ',').len())
    else {
        return;
    };
    let phases: Vec<String> = decode(list.attr("list"), ',')
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect();
    r.account.add(
        Became::Data,
        label(tracker),
        format!(
            "its {} phases became `[[phases]]`, in order (whose phase each is stays for the designer)",
            phases.len()
        ),
    );
    r.start = first_turn_start(tracker, phases.len());
    r.phases = phases;
}

/// Where a tracker vmodc wrote for a first turn that starts after its first phase starts a new
/// game: its first turn level (a counter over the tail of the turn's phases) before the full one.
fn first_turn_start(tracker: &Node, phases: usize) -> Option<(u32, usize)> {
    let mut counters = tracker
        .children
        .iter()
        .filter(|n| short(&n.tag) == "CounterTurnLevel");
    let first = counters.next()?;
    counters.next()?;
    let list = first
        .children
        .iter()
        .find(|n| short(&n.tag) == "ListTurnLevel")?;
    let tail = decode(list.attr("list"), ',').len();
    let turn = first.attr("start").parse().ok()?;
    (tail < phases).then_some((turn, phases - tail))
}
