//! Give a saved game's pieces a new module's definitions, as VASSAL's Refresh Counters does
//! (`GpIdChecker.createUpdatedPiece` and `copyState`, VASSAL 3.7), without Java.
//!
//! A piece is matched to the module's slot with its gpid. The new piece is the slot's piece with its
//! prototypes expanded (`PieceCloner.clonePiece`). Its BasicPiece takes the old piece's whole state
//! (map, position, gpid, persistent properties); each other trait takes the state of the old
//! piece's first trait of the same kind whose definition is the same, or, for layers and text
//! labels, whose name is the same (the refresher's "use layer names" and "use label descriptions"
//! options: a reprinted counter changes a layer's images but the player's flip must stay). Marker
//! traits keep the new definition's values, and a label that players cannot edit keeps its new text.
//! The piece keeps its id in the game, so the stacks that hold it hold the new piece.

use super::{Command, SavedGame, SavedPiece};
use crate::vassal::sequence_encoder::decode;
use crate::vassal::traits::{Piece, Trait};
use crate::verify::decode::decode_add_piece;
use crate::verify::view::open_module;
use std::collections::BTreeMap;

/// A module's piece definitions by gpid, with prototypes expanded.
#[derive(Debug, Clone)]
pub struct Slots {
    pub by_gpid: BTreeMap<String, Piece>,
    /// The module's version (`moduledata`), recorded in the refreshed save.
    pub version: Option<String>,
    pub renames: Renames,
}

/// Names a save may give what the module now names by a stable id: the translated map names and
/// sides of the module's `Module_<lang>.properties` (vassal-format.md §1.6). A module of that
/// language made before stable ids (docs/identity.md) named its maps and sides so, and VASSAL finds
/// a map in a save by its name (`Map.getMapById`), a side by its name (`PlayerRoster`): a piece on a
/// map it cannot find is lost ("Could not find map").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Renames {
    /// Old map name → the map's id.
    pub maps: BTreeMap<String, String>,
    /// Old side name → the side's id.
    pub sides: BTreeMap<String, String>,
}

impl Renames {
    fn of(view: &crate::verify::view::ModuleView) -> Renames {
        let mut renames = Renames::default();
        let ids: Vec<String> = view
            .root
            .find_all("VASSAL.build.module.Map")
            .iter()
            .map(|m| m.attr("mapName").to_string())
            .collect();
        let sides: Vec<String> = view
            .root
            .find_all("VASSAL.build.module.PlayerRoster")
            .iter()
            .flat_map(|r| r.children_named("entry").map(|e| e.text.clone()))
            .collect();
        for (name, data) in &view.archive.entries {
            if !(name.starts_with("Module_") && name.ends_with(".properties")) {
                continue;
            }
            let Ok(entries) = crate::vassal::properties::read_properties(
                &crate::vassal::properties::decode_bundle(data),
            ) else {
                continue;
            };
            for (key, value) in entries {
                if let Some(id) = key
                    .strip_prefix("Map.")
                    .and_then(|k| k.strip_suffix(".mapName"))
                {
                    if ids.iter().any(|i| i == id) && !ids.contains(&value) {
                        renames.maps.insert(value, id.to_string());
                    }
                } else if key == "PlayerRoster.sides" {
                    for (old, id) in decode(&value, ',').into_iter().zip(&sides) {
                        if !sides.contains(&old) {
                            renames.sides.insert(old, id.clone());
                        }
                    }
                }
            }
        }
        renames
    }

    /// `command` with every old map or side name it holds as a name (a piece's or stack's map, a
    /// piece's `OldMap`, a board picker's map, a player's side) given the module's id.
    fn apply(&self, command: &mut Command) -> bool {
        match command {
            Command::Piece(p) => {
                let tokens = decode(&p.basic().state, ';');
                let count: usize = tokens.get(4).and_then(|t| t.parse().ok()).unwrap_or(0);
                let renamed: Vec<String> = tokens
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        // The map (first) and the value of a persistent `OldMap` property.
                        let is_map = i == 0
                            || (i > 5
                                && i < 5 + 2 * count
                                && (i - 5) % 2 == 1
                                && tokens[i - 1] == "OldMap");
                        match self.maps.get(t) {
                            Some(id) if is_map => id.clone(),
                            _ => t.clone(),
                        }
                    })
                    .collect();
                if renamed == tokens {
                    return false;
                }
                let mut traits = p.traits.clone();
                if let Some(basic) = traits.last_mut() {
                    basic.state = crate::vassal::sequence_encoder::encode(&renamed, ';');
                }
                *p = SavedPiece::new(&p.id, traits);
                true
            }
            Command::Stack(s) => match s.location.map.as_ref().and_then(|m| self.maps.get(m)) {
                Some(id) => {
                    *s = s.on_map(id);
                    true
                }
                None => false,
            },
            Command::Other(text) => {
                if let Some((name, rest)) = text.split_once("BoardPicker\t") {
                    if let Some(id) = self.maps.get(name) {
                        *text = format!("{id}BoardPicker\t{rest}");
                        return true;
                    }
                }
                let fields: Vec<&str> = text.split('\t').collect();
                if let ["PLAYER", who, password, side] = fields.as_slice() {
                    if let Some(id) = self.sides.get(*side) {
                        *text = format!("PLAYER\t{who}\t{password}\t{id}");
                        return true;
                    }
                }
                false
            }
        }
    }
}

impl Slots {
    /// Read every PieceSlot and CardSlot of a module (palettes and at-start stacks alike).
    pub fn from_module(bytes: &[u8]) -> Result<Slots, crate::verify::view::ModuleError> {
        let view = open_module(bytes)?;
        let mut prototypes = BTreeMap::new();
        for node in view.root.walk() {
            if node.tag.ends_with(".PrototypeDefinition") {
                if let Ok(p) = decode_add_piece(&node.text) {
                    prototypes.insert(node.attr("name").to_string(), piece_of(p.traits));
                }
            }
        }
        let lookup = |name: &str| prototypes.get(name).cloned();
        let mut by_gpid = BTreeMap::new();
        for node in view.root.walk() {
            let slot = node.tag.ends_with(".PieceSlot") || node.tag.ends_with(".CardSlot");
            let gpid = node.attr("gpid");
            if !slot || gpid.is_empty() {
                continue;
            }
            if let Ok(p) = decode_add_piece(&node.text) {
                by_gpid
                    .entry(gpid.to_string())
                    .or_insert_with(|| piece_of(p.traits).expanded(&lookup));
            }
        }
        let version = view
            .archive
            .entries
            .get("moduledata")
            .and_then(|d| String::from_utf8(d.clone()).ok())
            .and_then(|t| super::element_text(&t, "version"));
        let renames = Renames::of(&view);
        Ok(Slots {
            by_gpid,
            version,
            renames,
        })
    }
}

fn piece_of(traits: Vec<(String, String)>) -> Piece {
    Piece {
        traits: traits
            .into_iter()
            .map(|(type_, state)| Trait { type_, state })
            .collect(),
    }
}

/// A piece the refresh could not give a definition to: it stays in the game as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmatched {
    pub id: String,
    pub name: String,
    pub gpid: String,
}

/// What a refresh did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Commands that named a map or side by an old name and now name it by the module's id.
    pub renamed: usize,
    /// Pieces whose definition changed.
    pub refreshed: usize,
    /// Pieces matched whose definition was already the module's.
    pub unchanged: usize,
    pub unmatched: Vec<Unmatched>,
}

/// Refresh every piece of `save` from `slots`, and record the module's version in the save.
pub fn refresh(save: &mut SavedGame, slots: &Slots) -> Outcome {
    let mut outcome = Outcome::default();
    for command in &mut save.commands {
        if slots.renames.apply(command) {
            outcome.renamed += 1;
        }
        let Command::Piece(old) = command else {
            continue;
        };
        let Some(slot) = slots.by_gpid.get(&old.gpid()) else {
            outcome.unmatched.push(Unmatched {
                id: old.id.clone(),
                name: old.name(),
                gpid: old.gpid(),
            });
            continue;
        };
        let new = refreshed_piece(old, slot);
        if new.traits == old.traits {
            outcome.unchanged += 1;
        } else {
            outcome.refreshed += 1;
            *old = new;
        }
    }
    if let Some(version) = &slots.version {
        save.set_module_version(version);
    }
    outcome
}

/// The slot's piece carrying the old piece's states.
pub fn refreshed_piece(old: &SavedPiece, slot: &Piece) -> SavedPiece {
    let (old_decorators, _) = split_basic(&old.traits);
    let (new_decorators, new_basic) = split_basic(&slot.traits);
    let mut traits: Vec<Trait> = new_decorators
        .iter()
        .map(|t| Trait {
            type_: t.type_.clone(),
            state: carried_state(t, old_decorators).unwrap_or_else(|| t.state.clone()),
        })
        .collect();
    traits.push(Trait {
        type_: new_basic.map_or_else(|| old.basic().type_.clone(), |b| b.type_.clone()),
        state: old.basic().state.clone(),
    });
    SavedPiece::new(&old.id, traits)
}

fn split_basic(traits: &[Trait]) -> (&[Trait], Option<&Trait>) {
    match traits.split_last() {
        Some((last, rest)) if last.type_.starts_with("piece;") => (rest, Some(last)),
        _ => (traits, None),
    }
}

/// The state the new trait takes from the old piece (`GpIdChecker.findState`), if any.
fn carried_state(new: &Trait, old: &[Trait]) -> Option<String> {
    let kind = kind(&new.type_);
    if kind == "mark" || (kind == "label" && !label_can_change(&new.type_)) {
        return None;
    }
    old.iter()
        .filter(|o| self::kind(&o.type_) == kind)
        .find(|o| o.type_ == new.type_ || same_name(kind, &o.type_, &new.type_))
        .map(|o| o.state.clone())
}

/// A trait's kind: its id before the first `;` (`emb2`, `PROP`, `label`, …).
fn kind(type_: &str) -> &str {
    type_.split(';').next().unwrap_or(type_)
}

/// Whether two traits of a kind that players know by name have the same name: a layer's name
/// (`Embellishment` field 18) or a label's description (`Labeler` field 16).
fn same_name(kind: &str, a: &str, b: &str) -> bool {
    let index = match kind {
        "emb2" => 18,
        "label" => 16,
        _ => return false,
    };
    let name = |t: &str| {
        decode(t.split_once(';').map_or("", |(_, f)| f), ';')
            .get(index)
            .cloned()
            .unwrap_or_default()
    };
    let (a, b) = (name(a), name(b));
    !a.is_empty() && a == b
}

/// `Labeler.canChange`: the label has a key that changes it.
fn label_can_change(type_: &str) -> bool {
    let key = decode(type_.split_once(';').map_or("", |(_, f)| f), ';')
        .first()
        .cloned()
        .unwrap_or_default();
    !key.is_empty() && key != "0,0"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::traits::{basic_piece, marker};

    fn layer(images: &str, level: &str) -> Trait {
        let mut fields = vec![""; 33];
        fields[15] = images;
        fields[18] = "Step";
        Trait {
            type_: format!("emb2;{}", fields.join(";")),
            state: level.into(),
        }
    }

    fn moved(mut basic: Trait) -> Trait {
        basic.state = "Main Map;400;500;1234;1;Moved;true".into();
        basic
    }

    #[test]
    fn the_new_definition_keeps_position_flip_and_properties() {
        let old = SavedPiece::new(
            "17001",
            vec![
                layer("a-f.png,a-r.png", "2"),
                marker(&[("Attack", "4")]),
                moved(basic_piece("4th Army", "a-f.png", "1234")),
            ],
        );
        let slot = Piece {
            traits: vec![
                layer("b-f.png,b-r.png", "1"),
                marker(&[("Attack", "5")]),
                basic_piece("4th Army (errata)", "b-f.png", "1234"),
            ],
        };
        let new = refreshed_piece(&old, &slot);
        assert_eq!(new.id, "17001");
        assert_eq!(new.traits[0].type_, slot.traits[0].type_, "new images");
        assert_eq!(new.traits[0].state, "2", "the reduced side stays");
        assert_eq!(
            new.traits[1], slot.traits[1],
            "the marker takes the new value"
        );
        assert_eq!(new.name(), "4th Army (errata)");
        assert_eq!(new.location().x, 400);
        assert_eq!(new.properties()[0], ("Moved".into(), "true".into()));
    }

    #[test]
    fn a_trait_the_old_piece_lacks_starts_as_defined() {
        let old = SavedPiece::new("1", vec![basic_piece("A", "", "9")]);
        let slot = Piece {
            traits: vec![layer("x.png", "1"), basic_piece("A", "", "9")],
        };
        assert_eq!(refreshed_piece(&old, &slot).traits[0].state, "1");
    }
}
