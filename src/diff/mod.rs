//! What changed for players between two versions of a game's data (`vmodc diff`): units, markers,
//! hexes and cities, setups, the CRT, phases, and every text a player reads in each language. Each
//! change names what it touches and its old and new value; nothing here knows a particular game.
//! Two module files, anyone's, are compared by [`module`].

pub mod history;
pub mod html;
pub mod module;
pub mod revision;

use crate::concept::game::Game;
use crate::concept::map::place::terrain_at;
pub use crate::concept::releases::text_key;
use crate::concept::releases::{text_what, UnitLook};
use crate::concept::texts::entries;
use crate::pipeline::Loaded;
use std::collections::{BTreeMap, BTreeSet};

/// One change a player would notice.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Change {
    /// What kind of thing changed: `unit`, `marker`, `hex`, `city`, `setup`, `crt`, `phase`, `text`.
    pub area: &'static str,
    /// Which one: a unit id, a hex label, `scenario/unit`, `column roll`, a text key and language.
    pub what: String,
    /// The old value, `None` when it was added.
    pub old: Option<String>,
    /// The new value, `None` when it was removed.
    pub new: Option<String>,
}

impl Change {
    fn of(area: &'static str, what: String, old: Option<String>, new: Option<String>) -> Change {
        Change {
            area,
            what,
            old,
            new,
        }
    }

    /// `unit XXIV: full 12-6 → 11-6`, `unit 7th added: …`, `… removed`.
    pub fn line(&self) -> String {
        match (&self.old, &self.new) {
            (None, Some(n)) => format!("{} {} added: {n}", self.area, self.what),
            (Some(o), None) => format!("{} {} removed (was {o})", self.area, self.what),
            (Some(o), Some(n)) => format!("{} {}: {o} → {n}", self.area, self.what),
            (None, None) => format!("{} {}", self.area, self.what),
        }
    }
}

/// Every change from `old` to `new`, sorted by area and name.
pub fn diff(old: &Loaded, new: &Loaded) -> Vec<Change> {
    let mut out = Vec::new();
    out.extend(units(&old.game, &new.game));
    out.extend(markers(&old.game, &new.game));
    out.extend(hexes(&old.game, &new.game));
    out.extend(setups(&old.game, &new.game));
    out.extend(crt(&old.game, &new.game));
    out.extend(phases(&old.game, &new.game));
    out.extend(texts(old, new));
    out.sort();
    out.dedup();
    out
}

/// Compare two maps of id → description: added, removed, changed.
fn compare(
    area: &'static str,
    old: BTreeMap<String, String>,
    new: BTreeMap<String, String>,
) -> Vec<Change> {
    let ids: BTreeSet<&String> = old.keys().chain(new.keys()).collect();
    ids.into_iter()
        .filter(|id| old.get(*id) != new.get(*id))
        .map(|id| Change::of(area, id.clone(), old.get(id).cloned(), new.get(id).cloned()))
        .collect()
}

/// A unit as a player sees it: side, type and the values of each face.
fn units(old: &Game, new: &Game) -> Vec<Change> {
    let describe = |g: &Game| -> BTreeMap<String, String> {
        g.counters
            .units
            .iter()
            .map(|u| {
                let look = UnitLook {
                    side: u.side.value.clone(),
                    unit_type: u.unit_type.value.clone(),
                    size: u.size.clone(),
                    faces: u
                        .faces
                        .iter()
                        .map(|(f, v)| (f.clone(), v.value.clone()))
                        .collect(),
                };
                (u.id.value.clone(), look.describe())
            })
            .collect()
    };
    compare("unit", describe(old), describe(new))
}

fn markers(old: &Game, new: &Game) -> Vec<Change> {
    let describe = |g: &Game| -> BTreeMap<String, String> {
        g.counters
            .markers
            .iter()
            .map(|m| {
                let back = m.back.as_ref().map_or(String::new(), |b| {
                    format!(" / {} \"{}\"", b.name.as_str(), b.text)
                });
                (
                    m.id.value.clone(),
                    format!("{} \"{}\"{back}", m.name, m.text),
                )
            })
            .collect()
    };
    compare("marker", describe(old), describe(new))
}

/// The terrain of every hex, and the cities.
fn hexes(old: &Game, new: &Game) -> Vec<Change> {
    let terrain = |g: &Game| -> BTreeMap<String, String> {
        g.map
            .grid
            .hexes()
            .into_iter()
            .map(|h| (g.map.grid.label(h), terrain_at(g, h).to_string()))
            .collect()
    };
    let cities = |g: &Game| -> BTreeMap<String, String> {
        g.map
            .cities
            .iter()
            .map(|c| {
                let what = format!("{} ({}, {})", c.name, c.kind.as_str(), c.control.as_str());
                (c.hex.value.clone(), what)
            })
            .collect()
    };
    let mut out = compare("hex", terrain(old), terrain(new));
    out.extend(compare("city", cities(old), cities(new)));
    out
}

/// Where each scenario sets each unit up, and on which face.
fn setups(old: &Game, new: &Game) -> Vec<Change> {
    let placed = |g: &Game| -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        for s in &g.scenarios {
            let eff = g.effective(s);
            let id = s.scenario.id.as_str();
            for p in eff.setup.1 {
                let what = format!("{} ({})", p.hex.as_str(), p.face.as_str());
                out.insert(format!("{id}/{}", p.unit.as_str()), what);
            }
            for o in eff.off_map.1 {
                let what = format!("box {} ({})", o.box_name, o.face.as_str());
                out.insert(format!("{id}/{}", o.unit.as_str()), what);
            }
            for r in eff.reinforcements.1 {
                let what = format!("turn {} ({})", r.turn.value, r.face.as_str());
                out.insert(format!("{id}/{}", r.unit.as_str()), what);
            }
        }
        out
    };
    compare("setup", placed(old), placed(new))
}

/// The CRT's columns and every cell, known or from the table.
fn crt(old: &Game, new: &Game) -> Vec<Change> {
    let cells = |g: &Game| -> BTreeMap<String, String> {
        let combat = &g.rules.combat;
        let mut out = BTreeMap::new();
        let columns: Vec<&str> = combat.columns.iter().map(|c| c.as_str()).collect();
        out.insert("columns".to_string(), columns.join(" "));
        for (roll, row) in &combat.table {
            for (column, code) in columns.iter().zip(row.iter()) {
                out.insert(format!("{column} roll {roll}"), code.value.clone());
            }
        }
        for c in &combat.known_cells {
            let key = format!("{} roll {}", c.column.as_str(), c.roll.value);
            out.insert(key, c.result.value.clone());
        }
        out
    };
    compare("crt", cells(old), cells(new))
}

fn phases(old: &Game, new: &Game) -> Vec<Change> {
    let list = |g: &Game| -> BTreeMap<String, String> {
        g.rules
            .phases
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.value.clone(), format!("{}. {}", i + 1, p.name)))
            .collect()
    };
    compare("phase", list(old), list(new))
}

/// Every text a player reads, per language (the data's own texts when a game has no catalog).
fn texts(old: &Loaded, new: &Loaded) -> Vec<Change> {
    let languages: BTreeSet<Option<String>> = crate::pipeline::languages(old)
        .into_iter()
        .chain(crate::pipeline::languages(new))
        .collect();
    let mut out = Vec::new();
    for lang in languages {
        let all = |l: &Loaded| -> BTreeMap<String, String> {
            let language = l.language(lang.as_deref());
            if lang.is_some() && language.game.is_none() {
                return BTreeMap::new();
            }
            entries(&l.game)
                .iter()
                // vmodc's own phrases and the release notes are not the game's texts.
                .filter(|e| !e.is_interface() && !e.key.starts_with("releases."))
                .map(|e| {
                    (
                        text_what(&e.key, lang.as_deref()),
                        language.text(e).to_string(),
                    )
                })
                .collect()
        };
        out.extend(compare("text", all(old), all(new)));
    }
    out
}
