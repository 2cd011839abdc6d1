//! Two module files compared: every piece (matched by gpid, then by name) trait by trait, naming the
//! trait, the value and the image on the face that changed; prototypes the same way; maps, boards,
//! grids, setups (and the pieces in their saved games), charts, help pages and global properties by
//! their attributes and the files they show; translations by key; images by content; the version.

use super::read::{Content, ModuleFile, Slot};
use crate::diff::Change;
use crate::vassal::sequence_encoder::decode;
use crate::verify::decode::DecodedPiece;
use std::collections::{BTreeMap, BTreeSet};

/// What changed between two modules, and which pieces (for the HTML page's images).
#[derive(Debug, Default)]
pub struct ModuleDiff {
    /// Sorted by area and name.
    pub changes: Vec<Change>,
    /// Each piece or prototype that changed, was added or removed: how the changes name it, and its
    /// index in the old and new module's `pieces` (or `prototypes`).
    pub pieces: Vec<ChangedPiece>,
}

/// A piece definition that changed, was added or removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangedPiece {
    pub what: String,
    pub prototype: bool,
    pub old: Option<usize>,
    pub new: Option<usize>,
}

/// The pieces of each setup that changed: a saved game whose stored bytes are the same on both
/// sides is not decoded (a module of 189 setups of 16 MB compared with itself decodes none), and
/// each file is decoded once however many setups name it.
fn setups(old: &ModuleFile, new: &ModuleFile, changes: &mut Vec<Change>) {
    let mut decoded: [BTreeMap<u64, BTreeMap<String, String>>; 2] = Default::default();
    let mut pieces = |side: usize, save: Option<&super::read::SetupSave>| match save {
        Some(save) => decoded[side]
            .entry(save.content.hash)
            .or_insert_with(|| save.pieces())
            .clone(),
        None => BTreeMap::new(),
    };
    for setup in keys(&old.setup_pieces, &new.setup_pieces) {
        let (a, b) = (old.setup_pieces.get(setup), new.setup_pieces.get(setup));
        if let (Some(a), Some(b)) = (a, b) {
            if a.content == b.content {
                continue;
            }
        }
        let (a, b) = (pieces(0, a), pieces(1, b));
        for piece in keys(&a, &b) {
            push_if_changed(
                changes,
                "setup",
                format!("{setup}: piece {piece}"),
                a.get(piece),
                b.get(piece),
            );
        }
    }
}

/// Every change from `old` to `new`.
pub fn diff_modules(old: &ModuleFile, new: &ModuleFile) -> ModuleDiff {
    let mut out = ModuleDiff::default();
    compare_map("version", &old.version, &new.version, &mut out.changes);
    slots("piece", &old.pieces, &new.pieces, &mut out);
    slots("prototype", &old.prototypes, &new.prototypes, &mut out);
    components(old, new, &mut out.changes);
    setups(old, new, &mut out.changes);
    let translation = |m: &ModuleFile| -> BTreeMap<String, String> {
        m.translations
            .iter()
            .map(|((lang, key), v)| (format!("{lang} {key}"), v.clone()))
            .collect()
    };
    compare_map(
        "translation",
        &translation(old),
        &translation(new),
        &mut out.changes,
    );
    // A board image is named by its content (`map-<hash>.png`): its change is read as one image's.
    let images = |m: &ModuleFile| -> BTreeMap<String, Content> {
        m.entries
            .iter()
            .filter(|(name, _)| name.starts_with("images/"))
            .map(|(n, c)| (crate::pipeline::board_images::plain_name(n), *c))
            .collect()
    };
    let (a, b) = (images(old), images(new));
    for name in keys(&a, &b) {
        let (x, y) = (a.get(name), b.get(name));
        if x != y {
            out.changes.push(Change {
                area: "image",
                what: name.clone(),
                old: x.map(|c| c.describe(y)),
                new: y.map(|c| c.describe(x)),
            });
        }
    }
    out.changes.sort();
    out.changes.dedup();
    out.pieces.sort_by(|a, b| a.what.cmp(&b.what));
    out
}

fn keys<'a, V>(a: &'a BTreeMap<String, V>, b: &'a BTreeMap<String, V>) -> BTreeSet<&'a String> {
    a.keys().chain(b.keys()).collect()
}

fn push_if_changed(
    out: &mut Vec<Change>,
    area: &'static str,
    what: String,
    old: Option<&String>,
    new: Option<&String>,
) {
    if old != new {
        out.push(Change {
            area,
            what,
            old: old.cloned(),
            new: new.cloned(),
        });
    }
}

fn compare_map(
    area: &'static str,
    old: &BTreeMap<String, String>,
    new: &BTreeMap<String, String>,
    out: &mut Vec<Change>,
) {
    for key in keys(old, new) {
        push_if_changed(out, area, key.clone(), old.get(key), new.get(key));
    }
}

/// Components by area and key: added, removed, or each attribute and shown file that changed.
fn components(old: &ModuleFile, new: &ModuleFile, out: &mut Vec<Change>) {
    let index = |m: &ModuleFile| -> BTreeMap<(&'static str, String), usize> {
        m.components
            .iter()
            .enumerate()
            .map(|(i, c)| ((c.area, c.key.clone()), i))
            .collect()
    };
    let (a, b) = (index(old), index(new));
    let all: BTreeSet<&(&'static str, String)> = a.keys().chain(b.keys()).collect();
    for id in all {
        let (area, key) = (id.0, id.1.clone());
        let x = a.get(id).and_then(|&i| old.components.get(i));
        let y = b.get(id).and_then(|&i| new.components.get(i));
        match (x, y) {
            (Some(x), None) => out.push(Change {
                area,
                what: key,
                old: Some(attributes(x)),
                new: None,
            }),
            (None, Some(y)) => out.push(Change {
                area,
                what: key,
                old: None,
                new: Some(attributes(y)),
            }),
            (Some(x), Some(y)) => {
                let attrs: BTreeSet<&String> = x.attrs.keys().chain(y.attrs.keys()).collect();
                for attr in attrs {
                    push_if_changed(
                        out,
                        area,
                        format!("{key}: {attr}"),
                        x.attrs.get(attr),
                        y.attrs.get(attr),
                    );
                }
                // A shown file that is the same by name but not by content (a board redrawn).
                for file in x.files.iter().filter(|f| y.files.contains(f)) {
                    let (p, q) = (old.entries.get(file), new.entries.get(file));
                    if p != q {
                        out.push(Change {
                            area,
                            what: format!("{key}: content of {file}"),
                            old: p.map(|c| c.describe(q)),
                            new: q.map(|c| c.describe(p)),
                        });
                    }
                }
            }
            (None, None) => {}
        }
    }
}

/// A component added or removed, in short: its attributes (`fileName=crt.png, …`), cut at 200
/// characters.
fn attributes(c: &super::read::Component) -> String {
    let all: Vec<String> = c
        .attrs
        .iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let text = all.join(", ");
    match text.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Match slots by key (place and gpid), then the rest by place and name when that is unique on
/// both sides; compare each pair trait by trait.
fn slots(area: &'static str, old: &[Slot], new: &[Slot], out: &mut ModuleDiff) {
    let mut pairs: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    let mut taken_new = vec![false; new.len()];
    let mut by_key: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (j, s) in new.iter().enumerate() {
        by_key.entry(s.key.as_str()).or_default().push(j);
    }
    let mut unmatched_old = Vec::new();
    for (i, s) in old.iter().enumerate() {
        // the n-th slot of a key matches the n-th of the same key (two slots may share a gpid)
        let next = by_key
            .get_mut(s.key.as_str())
            .filter(|v| !v.is_empty())
            .map(|v| v.remove(0));
        match next {
            Some(j) => {
                taken_new[j] = true;
                pairs.push((Some(i), Some(j)));
            }
            None => unmatched_old.push(i),
        }
    }
    let name_count = |slots: &[Slot], idx: &[usize], s: &Slot| {
        idx.iter()
            .filter(|&&k| {
                slots
                    .get(k)
                    .is_some_and(|o| o.place == s.place && o.name == s.name)
            })
            .count()
    };
    let unmatched_new: Vec<usize> = (0..new.len()).filter(|&j| !taken_new[j]).collect();
    let mut still_new = unmatched_new.clone();
    for i in unmatched_old {
        let s = &old[i];
        let unique = name_count(new, &unmatched_new, s) == 1;
        let found = still_new.iter().position(|&j| {
            new.get(j)
                .is_some_and(|n| n.place == s.place && n.name == s.name)
        });
        match found.filter(|_| unique) {
            Some(pos) => {
                let j = still_new.remove(pos);
                pairs.push((Some(i), Some(j)));
            }
            None => pairs.push((Some(i), None)),
        }
    }
    pairs.extend(still_new.into_iter().map(|j| (None, Some(j))));
    for (i, j) in pairs {
        let x = i.and_then(|i| old.get(i));
        let y = j.and_then(|j| new.get(j));
        let what = y.or(x).map(Slot::what).unwrap_or_default();
        let before = out.changes.len();
        match (x, y) {
            (Some(x), None) => out.changes.push(Change {
                area,
                what: what.clone(),
                old: Some(summary(x)),
                new: None,
            }),
            (None, Some(y)) => out.changes.push(Change {
                area,
                what: what.clone(),
                old: None,
                new: Some(summary(y)),
            }),
            (Some(x), Some(y)) => compare_slot(area, &what, x, y, &mut out.changes),
            (None, None) => {}
        }
        if out.changes.len() > before {
            out.pieces.push(ChangedPiece {
                what,
                prototype: area == "prototype",
                old: i,
                new: j,
            });
        }
    }
}

/// `5 traits: Layer "Step", Marker "Values", …` or why the piece does not decode.
fn summary(slot: &Slot) -> String {
    match &slot.piece {
        Ok(p) => {
            let labels: Vec<String> = p
                .traits
                .iter()
                .enumerate()
                .map(|(i, (t, _))| label(t, i))
                .collect();
            format!("{} trait(s): {}", labels.len(), labels.join(", "))
        }
        Err(e) => format!("does not decode: {e}"),
    }
}

fn compare_slot(area: &'static str, what: &str, x: &Slot, y: &Slot, out: &mut Vec<Change>) {
    let mut push = |detail: String, old: Option<String>, new: Option<String>| {
        out.push(Change {
            area,
            what: format!("{what}: {detail}"),
            old,
            new,
        });
    };
    if x.name != y.name {
        push("name".into(), Some(x.name.clone()), Some(y.name.clone()));
    }
    if x.gpid != y.gpid {
        push("gpid".into(), Some(x.gpid.clone()), Some(y.gpid.clone()));
    }
    match (&x.piece, &y.piece) {
        (Ok(a), Ok(b)) => compare_pieces(a, b, &mut push),
        (a, b) => {
            let state = |p: &Result<DecodedPiece, String>| match p {
                Ok(_) => "decodes".to_string(),
                Err(e) => format!("does not decode: {e}"),
            };
            if state(a) != state(b) {
                push("definition".into(), Some(state(a)), Some(state(b)));
            }
        }
    }
}

/// The trait kinds as VASSAL's editor names them (`BasicCommandEncoder` ids).
const TRAIT_NAMES: &[(&str, &str)] = &[
    ("piece;", "Basic Piece"),
    ("emb2;", "Layer"),
    ("emb;", "Layer"),
    ("mark;", "Marker"),
    ("prototype;", "Prototype"),
    ("label;", "Text Label"),
    ("macro;", "Trigger Action"),
    ("report;", "Report Action"),
    ("immob;", "Does Not Stack"),
    ("hide;", "Invisible"),
    ("obs;", "Mask"),
    ("delete;", "Delete"),
    ("clone;", "Clone"),
    ("sendto;", "Send To Location"),
    ("footprint;", "Movement Trail"),
    ("PROP;", "Dynamic Property"),
    ("calcProp;", "Calculated Property"),
    ("setprop;", "Set Global Property"),
    ("setpieceprop;", "Set Piece Property"),
    ("globalkey;", "Global Key Command"),
    ("globalhotkey;", "Global Hotkey"),
    ("hideCmd;", "Restrict Commands"),
    ("restrict;", "Restricted Access"),
    ("placemark;", "Place Marker"),
    ("replace;", "Replace With Other"),
    ("button;", "Action Button"),
    ("mat;", "Mat"),
    ("matPiece;", "Mat Cargo"),
    ("rotate;", "Can Rotate"),
    ("submenu;", "Sub-Menu"),
    ("menuSeparator;", "Menu Separator"),
    ("translate;", "Move Fixed Distance"),
    ("return;", "Return to Deck"),
    ("markmoved;", "Mark When Moved"),
    ("locmsg;", "Report Location"),
    ("cmt;", "Comment"),
    ("deselect;", "Deselect"),
    ("border;", "Border Outline"),
    ("nonRect2;", "Non-Rectangular"),
    ("nonRect;", "Non-Rectangular"),
    ("playSound;", "Play Sound"),
    ("AreaOfEffect;", "Area of Effect"),
    ("attach;", "Attachment"),
    ("locCommand;", "Multi-Location Command"),
    ("table;", "Spreadsheet"),
    ("propertysheet;", "Property Sheet"),
    ("pivot;", "Can Pivot"),
];

/// A trait's id (`emb2;`) and its fields after the id.
pub(super) fn id_and_fields(type_: &str) -> (&str, Vec<String>) {
    match type_.find(';') {
        Some(i) => (&type_[..=i], decode(&type_[i + 1..], ';')),
        None => (type_, Vec::new()),
    }
}

/// The field that names a trait of a kind players know by name (`GpIdChecker`'s names for layers
/// and labels; the property of a marker or a dynamic property; the prototype used).
fn name_field(id: &str) -> Option<usize> {
    match id {
        "emb2;" => Some(18),
        "label;" => Some(16),
        "mark;" | "PROP;" | "calcProp;" | "prototype;" => Some(0),
        _ => None,
    }
}

/// `Layer "Step"`, `Marker "Values"`, or `Trigger Action (trait 4)`.
pub(super) fn label(type_: &str, index: usize) -> String {
    let (id, fields) = id_and_fields(type_);
    let kind = TRAIT_NAMES.iter().find(|(i, _)| *i == id).map_or_else(
        || id.trim_end_matches(';').to_string(),
        |(_, n)| n.to_string(),
    );
    match name_field(id)
        .and_then(|f| fields.get(f))
        .filter(|n| !n.is_empty())
    {
        Some(name) => format!("{kind} \"{name}\""),
        None => format!("{kind} (trait {})", index + 1),
    }
}

/// What a field of a trait holds, where a player would know it by that name.
fn field_name(id: &str, field: usize) -> Option<&'static str> {
    match (id, field) {
        ("piece;", 0) => Some("clone key"),
        ("piece;", 1) => Some("delete key"),
        ("piece;", 2) => Some("image"),
        ("piece;", 3) => Some("name"),
        ("emb2;", 15) => Some("images"),
        ("emb2;", 16) => Some("level names"),
        ("emb2;", 18) => Some("name"),
        ("obs;", 1) => Some("image"),
        ("markmoved;", 0) => Some("image"),
        ("label;", 16) => Some("description"),
        ("mark;", 0) => Some("properties"),
        _ => None,
    }
}

/// Align the traits by kind (longest common subsequence of their ids), then compare each pair:
/// fields of the definition, the state, added and removed traits.
fn compare_pieces(
    a: &DecodedPiece,
    b: &DecodedPiece,
    push: &mut impl FnMut(String, Option<String>, Option<String>),
) {
    let ids = |p: &DecodedPiece| -> Vec<String> {
        p.traits
            .iter()
            .map(|(t, _)| id_and_fields(t).0.to_string())
            .collect()
    };
    let (x, y) = (ids(a), ids(b));
    for step in align(&x, &y) {
        match step {
            (Some(i), Some(j)) => {
                let (Some(old), Some(new)) = (a.traits.get(i), b.traits.get(j)) else {
                    continue;
                };
                compare_trait(old, new, j, push);
            }
            (Some(i), None) => {
                if let Some((t, _)) = a.traits.get(i) {
                    push(label(t, i), Some(t.clone()), None);
                }
            }
            (None, Some(j)) => {
                if let Some((t, _)) = b.traits.get(j) {
                    push(label(t, j), None, Some(t.clone()));
                }
            }
            (None, None) => {}
        }
    }
}

/// The longest common subsequence of two lists of trait ids, as pairs of positions in order
/// (`None` on one side for a trait only the other has). Pieces have tens of traits: O(n·m) is cheap.
fn align(x: &[String], y: &[String]) -> Vec<(Option<usize>, Option<usize>)> {
    let (n, m) = (x.len(), y.len());
    let mut table = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            table[i][j] = if x[i] == y[j] {
                table[i + 1][j + 1] + 1
            } else {
                table[i + 1][j].max(table[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < n || j < m {
        if i < n && j < m && x[i] == y[j] {
            out.push((Some(i), Some(j)));
            i += 1;
            j += 1;
        } else if j >= m || (i < n && table[i + 1][j] >= table[i][j + 1]) {
            out.push((Some(i), None));
            i += 1;
        } else {
            out.push((None, Some(j)));
            j += 1;
        }
    }
    out
}

fn compare_trait(
    old: &(String, String),
    new: &(String, String),
    index: usize,
    push: &mut impl FnMut(String, Option<String>, Option<String>),
) {
    let label = label(&new.0, index);
    if old.0 != new.0 {
        let (id, a) = id_and_fields(&old.0);
        let (_, b) = id_and_fields(&new.0);
        for f in 0..a.len().max(b.len()) {
            let (x, y) = (a.get(f), b.get(f));
            if x == y {
                continue;
            }
            if id == "emb2;" && f == 15 {
                // one image per level: say which level (face) changed
                let split = |s: Option<&String>| s.map_or_else(Vec::new, |s| decode(s, ','));
                let (p, q) = (split(x), split(y));
                let level_names = b.get(16).or(a.get(16)).map(|s| decode(s, ','));
                for level in 0..p.len().max(q.len()) {
                    if p.get(level) != q.get(level) {
                        let face = level_names
                            .as_ref()
                            .and_then(|n| n.get(level))
                            .filter(|n| !n.is_empty())
                            .map_or(String::new(), |n| format!(" ({n})"));
                        push(
                            format!("{label} level {}{face} image", level + 1),
                            p.get(level).cloned(),
                            q.get(level).cloned(),
                        );
                    }
                }
                continue;
            }
            let field =
                field_name(id, f).map_or_else(|| format!("field {}", f + 1), str::to_string);
            push(format!("{label} {field}"), x.cloned(), y.cloned());
        }
    }
    if old.1 != new.1 {
        let what = match id_and_fields(&new.0).0 {
            "mark;" => "value",
            "emb2;" | "emb;" => "level",
            _ => "state",
        };
        push(
            format!("{label} {what}"),
            Some(old.1.clone()),
            Some(new.1.clone()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn traits_align_by_kind_around_an_insertion() {
        let steps = align(&ids("emb2; mark; piece;"), &ids("emb2; PROP; mark; piece;"));
        assert_eq!(
            steps,
            vec![
                (Some(0), Some(0)),
                (None, Some(1)),
                (Some(1), Some(2)),
                (Some(2), Some(3))
            ]
        );
    }

    #[test]
    fn a_layer_image_is_named_by_its_level() {
        let layer = |images: &str| {
            let mut f = vec![""; 19];
            f[15] = images;
            f[16] = "full,reduced";
            f[18] = "Step";
            (format!("emb2;{}", f.join(";")), "1".to_string())
        };
        let mut seen = Vec::new();
        compare_trait(
            &layer("a.png,b.png"),
            &layer("a.png,c.png"),
            0,
            &mut |w, o, n| seen.push((w, o, n)),
        );
        assert_eq!(
            seen,
            vec![(
                "Layer \"Step\" level 2 (reduced) image".to_string(),
                Some("b.png".to_string()),
                Some("c.png".to_string())
            )]
        );
    }
}
