//! `vmodc save dump`: a saved game's pieces, where they are and their properties, for designers
//! and tests. With the module, positions are also named as VASSAL names them (a hex `0205`).

use super::{Command, Location, SavedGame, SavedPiece};
use crate::verify::grid::{board_grid, BoardGrid};
use crate::verify::view::open_module;
use crate::verify::xml::Node;
use serde::Serialize;
use std::collections::BTreeMap;

/// One piece as the dump shows it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PieceRow {
    pub id: String,
    pub name: String,
    pub gpid: String,
    pub map: Option<String>,
    pub x: i64,
    pub y: i64,
    /// The position's name on the map's grid, when the module was given and names it.
    pub location: Option<String>,
    /// The stack that holds the piece, and its place in it (0 = bottom).
    pub stack: Option<(String, usize)>,
    pub properties: BTreeMap<String, String>,
}

/// A saved game, summarised for people and programs.
#[derive(Debug, Clone, Serialize)]
pub struct Dump {
    pub module: Option<String>,
    pub version: Option<String>,
    pub pieces: Vec<PieceRow>,
    /// Stacks that hold pieces.
    pub stacks: usize,
    /// Commands that are neither pieces nor stacks (decks, properties, the turn, …).
    pub other_commands: usize,
}

/// Names of positions on each map, read from a module's grids.
#[derive(Debug, Default)]
pub struct Locations {
    /// Map name → its single board's hex or square grid and the board's offset on the map.
    grids: BTreeMap<String, (BoardGrid, i64, i64)>,
}

impl Locations {
    /// Each map with one board on a hex or square grid (other layouts are not named).
    pub fn from_module(bytes: &[u8]) -> Result<Locations, crate::verify::view::ModuleError> {
        Ok(Locations::from_view(&open_module(bytes)?))
    }

    /// [`Locations::from_module`] of a module already opened.
    pub fn from_view(view: &crate::verify::view::ModuleView) -> Locations {
        let mut grids = BTreeMap::new();
        for map in view.root.walk() {
            if let Some(entry) = map_grid(map, &view.archive) {
                grids.insert(map.attr("mapName").to_string(), entry);
            }
        }
        Locations { grids }
    }

    /// The name the map's grid gives a position, when the module names positions on that map.
    pub fn name(&self, at: &Location) -> Option<String> {
        let (grid, dx, dy) = self.grids.get(at.map.as_ref()?)?;
        let x = i32::try_from(at.x - dx).ok()?;
        let y = i32::try_from(at.y - dy).ok()?;
        Some(grid.location_name(x, y))
    }
}

/// A map element's grid when it has exactly one board with a hex or square grid; the board sits inside the
/// map's edge.
fn map_grid(
    map: &Node,
    archive: &crate::verify::archive::Archive,
) -> Option<(BoardGrid, i64, i64)> {
    let short = map.tag.rsplit('.').next()?;
    if !matches!(short, "Map" | "PrivateMap" | "PlayerHand") {
        return None;
    }
    let boards: Vec<&Node> = map
        .walk()
        .into_iter()
        .filter(|n| n.tag.ends_with(".Board"))
        .collect();
    let [board] = boards.as_slice() else {
        return None;
    };
    let grid = board_grid(board, archive)?;
    let edge = |k: &str| map.attr(k).parse::<i64>().unwrap_or(0);
    Some((grid, edge("edgeWidth"), edge("edgeHeight")))
}

/// Summarise a saved game; `locations` names positions when given.
pub fn dump(save: &SavedGame, locations: Option<&Locations>) -> Dump {
    let mut holder = BTreeMap::new();
    for stack in save.stacks() {
        for (i, member) in stack.members.iter().enumerate() {
            holder.insert(member.clone(), (stack.id.clone(), i));
        }
    }
    let pieces = save
        .pieces()
        .map(|p| row(p, holder.get(&p.id).cloned(), locations))
        .collect();
    let (module, version) = save.module();
    Dump {
        module,
        version,
        pieces,
        // VASSAL also saves stacks that were emptied in play (off any map): they hold nothing.
        stacks: save.stacks().filter(|s| !s.members.is_empty()).count(),
        other_commands: save
            .commands
            .iter()
            .filter(|c| matches!(c, Command::Other(_)))
            .count(),
    }
}

fn row(p: &SavedPiece, stack: Option<(String, usize)>, locations: Option<&Locations>) -> PieceRow {
    let at = p.location();
    PieceRow {
        id: p.id.clone(),
        name: p.name(),
        gpid: p.gpid(),
        location: locations.and_then(|l| l.name(&at)),
        map: at.map,
        x: at.x,
        y: at.y,
        stack,
        properties: p.properties().into_iter().collect(),
    }
}

impl Dump {
    /// One line per piece, grouped by map, in the order of the save.
    pub fn human(&self) -> String {
        let mut out = format!(
            "module {} {}: {} pieces in {} stacks, {} other commands\n",
            self.module.as_deref().unwrap_or("(unnamed)"),
            self.version.as_deref().unwrap_or("(no version)"),
            self.pieces.len(),
            self.stacks,
            self.other_commands
        );
        for p in &self.pieces {
            let map = p.map.as_deref().unwrap_or("(off map)");
            let place = match &p.location {
                Some(l) => format!("{map} {l} ({}, {})", p.x, p.y),
                None => format!("{map} ({}, {})", p.x, p.y),
            };
            // Empty values are properties nobody has set yet: left out here, kept in JSON.
            let props: Vec<String> = p
                .properties
                .iter()
                .filter(|(_, v)| !v.is_empty())
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            out.push_str(&format!(
                "{place}: {} [gpid {}, id {}]{}{}\n",
                p.name,
                p.gpid,
                p.id,
                if props.is_empty() { "" } else { " " },
                props.join(" ")
            ));
        }
        out
    }
}
