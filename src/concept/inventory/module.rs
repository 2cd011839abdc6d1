//! What the inventory adds to the module: the side's name as a property of every unit, and the
//! `Inventory` window that groups the units by it, then by map and location.

use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::vassal::expression::{bin, cond, eq, prop, s, Op};
use crate::vassal::traits::{self as pieces, Trait};
use crate::vassal::xml::El;

/// The unit property the inventory's first level shows: the side's name in the module's language
/// (the `Side` property holds the side's id, which players do not read).
pub const SIDE_NAME: &str = "SideName";

/// The property only unit pieces carry (units' `mark;` trait), which the inventory lists.
const UNIT_ID: &str = "UnitId";

/// `SideName`, computed from `Side` on every unit.
pub fn side_name_trait(game: &Game, plan: &Plan) -> Trait {
    let e = game.rules.sides.iter().rev().fold(prop("Side"), |rest, side| {
        cond(
            eq(prop("Side"), s(side.id.as_str())),
            s(&plan.tx.get(&format!("sides.{}", side.id.as_str()))),
            rest,
        )
    });
    pieces::calculated(SIDE_NAME, &e.to_beanshell(), "Side name, for the inventory")
}

/// The Inventory window and its toolbar button (attribute names of `Inventory.getAttributeNames`
/// and `AbstractToolbarItem` in 3.7.26, the same in 3.8.0-beta1): units only, grouped by side name,
/// map and location (`groupBy`, a `StringArrayConfigurer` list), each group shown by its value,
/// each unit by its name with its image; selecting one centres its map on it; its menu is the
/// unit's own; open to every player (`sides` empty).
pub fn inventory(plan: &Plan) -> El {
    let name = plan.tx.get("ui.inventory");
    El::new("VASSAL.build.module.Inventory")
        .attr("centerOnPiece", "true")
        .attr("drawPieces", "true")
        .attr("foldersOnly", "false")
        .attr("forwardKeystroke", "true")
        .attr("groupBy", format!("{SIDE_NAME},CurrentMap,LocationName"))
        .attr("hotkey", "")
        .attr("icon", "/images/inventory.gif")
        .attr("include", bin(Op::Ne, prop(UNIT_ID), s("")).to_beanshell())
        .attr("launchFunction", "functionHide")
        .attr("leafFormat", "$PieceName$")
        .attr("name", &name)
        .attr("nonLeafFormat", "$PropertyValue$")
        .attr("pieceZoom", "0.33")
        .attr("pieceZoom2", "0.5")
        .attr("pieceZoom3", "0.6")
        .attr("refreshHotkey", "")
        .attr("showMenu", "true")
        .attr("sides", "")
        .attr("sortFormat", "$PieceName$")
        .attr("sortPieces", "true")
        .attr("sorting", "alpha")
        .attr("text", &name)
        .attr("tooltip", plan.tx.get("ui.inventory_tooltip"))
        .attr("zoomOn", "false")
}
