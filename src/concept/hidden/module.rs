//! What hidden units add to the module: the Reveal command (Ctrl+R) that shows the revealed face once
//! and for all, and its report in the chat with the values it reveals.

use super::Untried;
use crate::concept::game::{Game, Unit};
use crate::concept::interface::FaceParts;
use crate::concept::plan::Plan;
use crate::vassal::traits::{self as pieces, Key, LayerReset, Trait, CTRL};

/// Ctrl+R: reveal an untried unit.
pub const REVEAL_KEY: Key<'static> = Key::Stroke(82, CTRL);

/// Ctrl+U: return a unit to its cup, hidden again (rebuilt units come back untried, e.g. The Last
/// Stand at Moscow 6.95, 8.23).
pub const RETURN_KEY: Key<'static> = Key::Stroke(85, CTRL);

/// The cup (its region name) `unit` starts in, in the first scenario.
pub fn cup_of(game: &Game, plan: &Plan, unit: &Unit) -> Option<String> {
    let cups = cup_regions(game, plan);
    let first = game.scenarios.first()?;
    game.effective(first)
        .off_map
        .1
        .iter()
        .find(|o| o.unit.as_str() == unit.id.as_str())
        .map(|o| plan.box_region(&o.box_name))
        .filter(|region| cups.contains(region))
}

/// What a unit that starts in a cup gets: Return to cup (Ctrl+U), reported in the chat. The same
/// key steps its layer back to the hidden face (see [`Untried`]: the hidden face comes right before
/// the revealed one).
pub fn return_traits(plan: &Plan, cup: &str) -> Vec<Trait> {
    vec![
        pieces::report(
            &[RETURN_KEY],
            &plan.tx.fill(
                "ui.report_return",
                &[("piece", "$oldPieceName$"), ("cup", cup)],
            ),
            "Report return to cup",
        ),
        pieces::return_to_deck(
            &plan.tx.get("ui.return_to_cup"),
            RETURN_KEY,
            &plan.track_region_id(cup),
            "Return to cup",
        ),
    ]
}

/// What keeps an untried unit's face honest: Reveal does nothing once the unit shows another face
/// than its hidden one (`hidden_level`, 1-based), and Flip never applies to it.
pub fn restrict_traits(hidden_level: usize) -> Vec<Trait> {
    vec![
        pieces::restrict(
            "Reveal only while hidden",
            &format!("{{Step_Level != {hidden_level}}}"),
            &[REVEAL_KEY],
        ),
        pieces::restrict(
            "No flip for untried units",
            "",
            &[crate::concept::module::FLIP_KEY],
        ),
    ]
}

/// The untried rule, if `unit` is one of its units.
pub fn untried_rule<'g>(game: &'g Game, unit: &Unit) -> Option<&'g Untried> {
    game.counters
        .untried
        .as_ref()
        .filter(|u| u.covers(&unit.unit_type))
}

/// The layer's reveal command (menu text `command`): it sets the revealed face and stays there.
/// `None` when the unit is not untried or its faces lack the revealed face (the checks report it).
pub fn reveal_reset(
    game: &Game,
    unit: &Unit,
    faces: &[&str],
    command: String,
) -> Option<LayerReset<'static>> {
    let untried = untried_rule(game, unit)?;
    let level = faces
        .iter()
        .position(|f| *f == untried.revealed_face.as_str())?
        + 1;
    Some(LayerReset {
        command,
        key: REVEAL_KEY,
        level,
    })
}

/// The parts of `unit`'s piece that make it untried (`faces`: its faces in layer order):
/// restrictions (outermost), the reveal and return-to-cup traits, and its face layer's reveal
/// command and step-back key. Nothing for a unit that is not untried.
pub fn untried_parts(game: &Game, plan: &Plan, unit: &Unit, faces: &[&str], out: &mut FaceParts) {
    let Some(untried) = untried_rule(game, unit) else {
        return;
    };
    out.restrict.extend(
        faces
            .iter()
            .position(|f| *f == untried.hidden_face.as_str())
            .map(|i| restrict_traits(i + 1))
            .unwrap_or_default(),
    );
    let cup = cup_of(game, plan, unit);
    out.above_faces.push(reveal_report(plan, unit, untried));
    out.above_faces.extend(
        cup.as_deref()
            .map(|c| return_traits(plan, c))
            .unwrap_or_default(),
    );
    out.reveal = reveal_reset(game, unit, faces, plan.tx.get("ui.reveal"));
    out.down_key = cup.map(|_| RETURN_KEY);
}

/// The report of a reveal, with the revealed face's printed values filled in at build time.
pub fn reveal_report(plan: &Plan, unit: &Unit, untried: &Untried) -> Trait {
    let values = unit
        .faces
        .get(untried.revealed_face.as_str())
        .map_or("?", |v| v.as_str());
    pieces::report(
        &[REVEAL_KEY],
        &plan.tx.fill(
            "ui.report_reveal",
            &[
                ("piece", "$oldPieceName$"),
                ("values", values),
                ("location", "$location$"),
            ],
        ),
        "Report reveal",
    )
}

/// The turn-track regions that are cups (their translated box names), in data order.
pub fn cup_regions(game: &Game, plan: &Plan) -> Vec<String> {
    game.counters
        .untried
        .iter()
        .flat_map(|u| &u.cups)
        .map(|c| plan.box_region(c))
        .collect()
}
