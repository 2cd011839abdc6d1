//! The project's files, written from what was read: the four data files, the scenario, the images
//! as the designer's own art, the raw files, and the report.

use super::account::{Account, Became};
use super::module::{MainMap, Reading};
use crate::model::toml_text::{string, strings, table, text};
use crate::slug::slug;
use crate::verify::xml::Node;
use crate::verify::ReadModule;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The face names of the project, in flip order.
fn face_name(i: usize) -> String {
    format!("face-{}", i + 1)
}

/// A project: each file by its path relative to the project root.
#[derive(Debug, Default)]
pub struct Project {
    pub id: String,
    pub files: BTreeMap<String, Vec<u8>>,
    pub account: Account,
}

/// Ids made unique by a numeric suffix.
#[derive(Default)]
struct Ids(BTreeSet<String>);

impl Ids {
    fn take(&mut self, wanted: &str, fallback: &str) -> String {
        let base = match short_id(&slug(wanted)) {
            s if s.is_empty() => fallback.to_string(),
            s => s,
        };
        let mut id = base.clone();
        let mut n = 2;
        while !self.0.insert(id.clone()) {
            id = format!("{base}-{n}");
            n += 1;
        }
        id
    }
}

/// The ids of the imported phases, in order (the rules file's `[[phases]]` and a scenario's
/// `start_phase` name them alike).
fn phase_ids(phases: &[String]) -> Vec<String> {
    let mut ids = Ids::default();
    phases.iter().map(|p| ids.take(p, "phase")).collect()
}

/// The longest id the import writes: ids become file names, which vmodc keeps within 100 bytes
/// (`V0038`), with room for a numeric suffix that makes one unique.
const ID_MAX: usize = 60;

/// A slug cut to [`ID_MAX`] at a word boundary (a slug is ASCII: letters, digits and dashes).
fn short_id(slug: &str) -> String {
    if slug.len() <= ID_MAX {
        return slug.to_string();
    }
    let cut = &slug[..ID_MAX];
    cut.rfind('-')
        .filter(|&i| i > 0)
        .map_or(cut, |i| &cut[..i])
        .to_string()
}

/// Write the project of game `id` from the module read.
pub fn project(module: &ReadModule, mut r: Reading, id: &str) -> Project {
    let mut p = Project {
        id: id.to_string(),
        ..Project::default()
    };
    let sides = side_ids(&mut r);
    let (counters, face_files) = counters_file(&mut r, id, &sides, module);
    let placed = scenario_file(&mut r, id);
    let map = map_file(&mut r, id, &placed);
    let rules = rules_file(&mut r, id, &sides);
    p.files
        .insert(format!("rules/{id}.toml"), rules.into_bytes());
    p.files
        .insert(format!("counters/{id}.toml"), counters.into_bytes());
    p.files.insert(format!("maps/{id}.toml"), map.into_bytes());
    if let Some(scenario) = placed.text {
        p.files.insert(
            format!("scenarios/{id}/at-start.toml"),
            scenario.into_bytes(),
        );
    }
    let art: BTreeSet<String> = face_files
        .iter()
        .cloned()
        .chain(r.map.as_ref().map(|m| m.image.clone()))
        .collect();
    for image in &art {
        if let Some(bytes) = module.archive.entries.get(&format!("images/{image}")) {
            p.files
                .insert(format!("art/{id}/images/{image}"), bytes.clone());
        }
    }
    raw_files(module, id, &face_files, &mut p, &mut r.account);
    p.files.insert(
        ".gitignore".into(),
        b"# What vmodc builds, and its image cache: both come back with `vmodc build`.\ndist/\n.vmodc-cache/\n".to_vec(),
    );
    p.account = r.account;
    p
}

/// Every archive entry the build does not write from data, kept under `raw/<id>/` at its path.
fn raw_files(
    module: &ReadModule,
    id: &str,
    face_files: &BTreeSet<String>,
    p: &mut Project,
    account: &mut Account,
) {
    let mut kept = 0;
    for (name, bytes) in &module.archive.entries {
        let regenerated = name == &module.build_name
            || name == "moduledata"
            || name.starts_with("Module_") && name.ends_with(".properties");
        let face = name
            .strip_prefix("images/")
            .is_some_and(|n| face_files.contains(n));
        if regenerated || face || name.ends_with('/') {
            continue;
        }
        p.files.insert(format!("raw/{id}/{name}"), bytes.clone());
        kept += 1;
    }
    account.add(
        Became::Raw,
        format!("{kept} archive files"),
        format!("images, sounds, pages and saves the raw components use, under `raw/{id}/` (`[raw] files`)"),
    );
    account.add(
        Became::Regenerated,
        format!("{} and moduledata", module.build_name),
        "the build writes them from the data and the raw components",
    );
}

/// Side ids by the roster's names; a side for pieces the module gives none; at least two sides.
fn side_ids(r: &mut Reading) -> Vec<(String, String)> {
    let mut ids = Ids::default();
    let mut sides: Vec<(String, String)> = r
        .sides
        .iter()
        .map(|s| (ids.take(s, "side"), s.clone()))
        .collect();
    let sideless = r.units.iter().any(|u| u.side.is_none());
    while sideless && !sides.iter().any(|(id, _)| id == "unassigned") || sides.len() < 2 {
        let name = if sideless || sides.iter().all(|(id, _)| id != "unassigned") {
            "Unassigned"
        } else {
            "Unassigned 2"
        };
        sides.push((ids.take(name, "unassigned"), name.to_string()));
    }
    sides
}

fn side_of(unit_side: Option<&String>, sides: &[(String, String)]) -> String {
    unit_side
        .and_then(|s| sides.iter().find(|(_, name)| name == s))
        .or_else(|| sides.iter().find(|(id, _)| id == "unassigned"))
        .map(|(id, _)| id.clone())
        .unwrap_or_default()
}

fn counters_file(
    r: &mut Reading,
    id: &str,
    sides: &[(String, String)],
    module: &ReadModule,
) -> (String, BTreeSet<String>) {
    let most = r
        .units
        .iter()
        .map(|u| u.faces.len().max(1))
        .max()
        .unwrap_or(1);
    let mut out = format!(
        "#:schema ../schema/counters.json\n# The pieces of {}, imported by `vmodc import` (docs/import.md): each piece slot of the\n# palette and of the at-start stacks is a unit, its faces the module's own images, its\n# other traits kept raw at their place.\n\n{}[counters]\nsize = 60\nfaces = {}\nvalues = []\n\n",
        r.name,
        // Both lists are required; written inline only when empty (an array of tables follows otherwise).
        if r.units.is_empty() { "types = []\nunits = []\n\n" } else { "" },
        strings(&(0..most).map(face_name).collect::<Vec<_>>())
    );
    let types = unit_types(r);
    write_types(&mut out, &types, most);
    let mut unit_ids = Ids::default();
    let mut face_files = BTreeSet::new();
    for u in &mut r.units {
        u.id = unit_ids.take(&u.name, "piece");
        let type_id = &types[&(u.prototype.clone(), u.faces.len().max(1))];
        let game = (id, sides, module);
        face_files.extend(write_unit(&mut out, u, type_id, game, &mut r.account));
    }
    let _ = writeln!(
        out,
        "[[missing]]\nwhat = \"the printed values of the counters\"\nwhy = \"the module holds the pieces as images: a value printed only in a bitmap is not read\"\nfound_on = \"counter-sheet\"\nkeys = [\"counters/{id}.toml [counters] values\", \"counters/{id}.toml [[units]] faces\"]"
    );
    (out, face_files)
}

/// The unit types: one per prototype the pieces start from and face count, by that key.
fn unit_types(r: &Reading) -> BTreeMap<(Option<String>, usize), String> {
    let mut type_ids = Ids::default();
    let mut types: BTreeMap<(Option<String>, usize), String> = BTreeMap::new();
    for u in &r.units {
        let key = (u.prototype.clone(), u.faces.len().max(1));
        let wanted = key.0.clone().unwrap_or_else(|| "piece".into());
        types
            .entry(key)
            .or_insert_with(|| type_ids.take(&wanted, "piece"));
    }
    types
}

/// The `[[types]]` tables; a type of fewer faces than the most names its own.
fn write_types(out: &mut String, types: &BTreeMap<(Option<String>, usize), String>, most: usize) {
    for ((proto, faces), type_id) in types {
        let _ = writeln!(out, "[[types]]\nid = {}", string(type_id));
        let _ = writeln!(
            out,
            "name = {}",
            string(proto.as_deref().unwrap_or("Piece"))
        );
        out.push_str("symbol = \"none\"\n");
        if *faces < most {
            let _ = writeln!(
                out,
                "faces = {}",
                strings(&(0..*faces).map(face_name).collect::<Vec<_>>())
            );
        }
        out.push('\n');
    }
}

/// One `[[units]]` table, of game `id` with its sides and module: its faces, face images, names
/// and raw traits; the face images it takes from the module.
fn write_unit(
    out: &mut String,
    u: &super::pieces::PieceUnit,
    type_id: &str,
    (id, sides, module): (&str, &[(String, String)], &ReadModule),
    account: &mut Account,
) -> BTreeSet<String> {
    let mut files = BTreeSet::new();
    let _ = writeln!(
        out,
        "[[units]]\nid = {}\nname = {}",
        string(&u.id),
        string(&u.name)
    );
    let _ = writeln!(
        out,
        "side = {}\ntype = {}\nsize = \"\"",
        string(&side_of(u.side.as_ref(), sides)),
        string(type_id)
    );
    let faces: Vec<(String, String)> = (0..u.faces.len().max(1))
        .map(|i| (face_name(i), String::new()))
        .collect();
    let _ = writeln!(out, "faces = {}", table(faces));
    let shipped = |image: &&String| {
        module
            .archive
            .entries
            .contains_key(&format!("images/{image}"))
    };
    for image in u.faces.iter().filter(|f| !f.is_empty() && !shipped(f)) {
        account.add(
            Became::NotCarried,
            format!("image `{image}` of `{}`", u.name),
            "the module names it but does not hold it: vmodc draws that face",
        );
    }
    let images: Vec<(String, String)> = u
        .faces
        .iter()
        .enumerate()
        .filter(|(_, image)| !image.is_empty() && shipped(image))
        .map(|(i, image)| (face_name(i), format!("art/{id}/images/{image}")))
        .collect();
    files.extend(
        u.faces
            .iter()
            .filter(|f| !f.is_empty() && shipped(f))
            .cloned(),
    );
    if !images.is_empty() {
        let _ = writeln!(out, "face_images = {}", table(images));
    }
    let names = face_names(u);
    if !names.is_empty() {
        let _ = writeln!(out, "face_names = {}", table(names));
    }
    if !u.in_palette {
        out.push_str("in_palette = false\n");
    }
    if u.side.is_none() {
        let _ = writeln!(
            out,
            "note = {}",
            string("the module states no side for this piece")
        );
    }
    out.push('\n');
    for (above, type_, state) in &u.raw {
        let place = if *above { "above-faces" } else { "below-faces" };
        let _ = writeln!(
            out,
            "[[units.raw_traits]]\nplace = \"{place}\"\ntype = {}\nstate = {}\n",
            string(type_),
            string(state)
        );
    }
    files
}

/// The name each face adds to the piece's name where the module's differs from what vmodc writes
/// (nothing for the first face, `+ (face-2)` for the others).
fn face_names(u: &super::pieces::PieceUnit) -> Vec<(String, String)> {
    u.level_names
        .iter()
        .enumerate()
        .take(u.faces.len().max(1))
        .filter(|(i, name)| {
            let vmodc = if *i == 0 {
                String::new()
            } else {
                format!("+ ({})", face_name(*i))
            };
            **name != vmodc
        })
        .map(|(i, name)| (face_name(i), name.clone()))
        .collect()
}

/// The at-start scenario, and the labels of the hexes it uses.
#[derive(Default)]
struct Placed {
    text: Option<String>,
    labels: Vec<(i32, i32, String)>,
    digits: (usize, usize, String),
}

fn scenario_file(r: &mut Reading, id: &str) -> Placed {
    let mut placed = Placed::default();
    let numbering = r
        .map
        .as_ref()
        .and_then(|m| m.grid.as_ref())
        .and_then(|g| g.children.first().cloned())
        .unwrap_or_default();
    placed.digits = digits(&numbering);
    let mut setups = String::new();
    let at_start = std::mem::take(&mut r.at_start);
    for a in &at_start {
        let unit = &mut r.units[a.unit];
        let Some((c, row)) = data_label(&a.location, &numbering) else {
            unit.in_palette = true;
            r.account.add(
                Became::NotCarried,
                format!("the at-start place of `{}`", unit.name),
                format!("location `{}` is not a column and row the data can name yet: the piece is in the palette instead", a.location),
            );
            continue;
        };
        placed.labels.push((c, row, a.location.clone()));
        let face = face_name(a.level.saturating_sub(1));
        let point = a
            .point
            .map(|(x, y)| format!("point = [{x}, {y}]\n"))
            .unwrap_or_default();
        let _ = writeln!(
            setups,
            "[[setup]]\nunit = {}\nhex = {}\nface = {}\n{point}",
            string(&unit.id),
            string(&a.location),
            string(&face)
        );
    }
    r.at_start = at_start;
    track_entries(r, &mut setups);
    if setups.is_empty() {
        return placed;
    }
    let start = match r.start {
        Some((turn, phase)) => format!(
            "start_turn = {turn}\nstart_phase = {}\n",
            string(&phase_ids(&r.phases)[phase])
        ),
        None => "start_turn = 1\n".to_string(),
    };
    placed.text = Some(format!(
        "#:schema ../../schema/scenario.json\n# The at-start stacks of {}, each piece at its location as VASSAL names it, in stack order.\n\n[scenario]\nid = \"at-start\"\nname = {}\ndescription = {}\n{start}\n{setups}",
        r.name,
        string(&format!("{}: at start", r.name)),
        string("The pieces the module places at the start of every game (its at-start stacks).")
    ));
    let _ = id;
    placed
}

/// The at-start pieces of the turn track the build writes: `[[reinforcements]]` in a turn's box,
/// `[[off_map]]` in any other, in stack order. Where a reinforcement enters is in the rulebook, not
/// the module: `arrives` is left for the designer, and listed as missing.
fn track_entries(r: &mut Reading, out: &mut String) {
    for t in &r.track_starts {
        let unit = &r.units[t.unit];
        let face = face_name(t.level.saturating_sub(1));
        let (id, face) = (string(&unit.id), string(&face));
        let _ = match t.turn {
            Some(turn) => writeln!(
                out,
                "[[reinforcements]]\nturn = {turn}\nunit = {id}\nface = {face}\narrives = \"\"\n"
            ),
            None => writeln!(
                out,
                "[[off_map]]\nunit = {id}\nface = {face}\nbox_name = {}\n",
                string(&t.region)
            ),
        };
    }
    if r.track_starts.iter().any(|t| t.turn.is_some()) {
        out.push_str("[[missing]]\nwhat = \"where each reinforcement enters\"\nwhy = \"the module holds reinforcements in their turn's box, not where they enter\"\nfound_on = \"rulebook\"\nkeys = [\"[[reinforcements]] arrives\"]\n\n");
    }
}

/// The digits of each part of a label and the separator, from the grid's numbering.
fn digits(numbering: &Node) -> (usize, usize, String) {
    let lead = |k: &str| numbering.attr(k).parse::<usize>().unwrap_or(0) + 1;
    let (first, second) = if numbering.attr("first") == "V" {
        ("vLeading", "hLeading")
    } else {
        ("hLeading", "vLeading")
    };
    (lead(first), lead(second), numbering.attr("sep").to_string())
}

/// The literal text a numbering's location format puts before the grid location (`A` of
/// `A$gridLocation$`, as OCS names a map sheet): the data's `[grid] prefix`. `None` when the format
/// says more than a prefix, which the data cannot say.
fn location_prefix(numbering: &Node) -> Option<String> {
    let format = match numbering.attr("locationFormat") {
        "" => "$gridLocation$",
        f => f,
    };
    let prefix = format.strip_suffix("$gridLocation$")?;
    (!prefix.contains('$')).then(|| prefix.to_string())
}

/// A VASSAL grid location as the data's column and row, when the numbering is numeric and the
/// data's label of them is the same text. A dot between two bare numbers is a number to VASSAL's
/// expressions (`V0217`): such a label needs a sheet prefix.
fn data_label(location: &str, numbering: &Node) -> Option<(i32, i32)> {
    if numbering.attr("hType") == "A" || numbering.attr("vType") == "A" {
        return None;
    }
    let (cd, rd, sep) = digits(numbering);
    let prefix = location_prefix(numbering)?;
    if sep == "." && prefix.is_empty() {
        return None;
    }
    let location = location.strip_prefix(prefix.as_str())?;
    let (a, b) = if sep.is_empty() {
        (location.get(..cd)?, location.get(cd..)?)
    } else {
        location.split_once(sep.as_str())?
    };
    let all_digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if !all_digits(a) || !all_digits(b) {
        return None;
    }
    let (c, row): (i32, i32) = (a.parse().ok()?, b.parse().ok()?);
    (format!("{c:0cd$}{sep}{row:0rd$}") == location).then_some((c, row))
}

fn map_file(r: &mut Reading, id: &str, placed: &Placed) -> String {
    let mut out = format!(
        "#:schema ../schema/map.json\n# The map of {}, imported by `vmodc import`: the board image as it is, and the grid exactly\n# as the module states it ([grid.vassal]); the data's own grid knows only the hexes the setup uses.\n\n",
        r.name
    );
    let Some(MainMap {
        name, image, grid, ..
    }) = r.map.clone()
    else {
        r.account.add(Became::NotCarried, "the main map", "no map has a board with a hex or square grid on a PNG or JPEG image: vmodc draws a placeholder map, and every map is kept raw");
        // Named apart from every map of the module, which are all kept raw.
        out.push_str("[map]\nname = \"Map\"\nmodule_name = \"vmodc placeholder map\"\n\n[grid]\nkind = \"hex-columns\"\ncolumns = [1, 1]\nrows = [1, 1]\nshifted_columns = \"even\"\ncolumn_digits = 2\nrow_digits = 2\n\n");
        out.push_str(TERRAIN_AND_STYLE);
        return out;
    };
    let _ = writeln!(
        out,
        "[map]\nname = {}\nmodule_name = {}\nimage = {}\n",
        string(&name),
        string(&name),
        string(&format!("art/{id}/images/{image}"))
    );
    let grid = grid.unwrap_or_default();
    let square = grid.tag.ends_with("SquareGrid");
    let (cd, rd, sep) = placed.digits.clone();
    let span = |f: fn(&(i32, i32, String)) -> i32| {
        let values: Vec<i32> = placed.labels.iter().map(f).collect();
        let lo = values.iter().copied().min().unwrap_or(1);
        let hi = values.iter().copied().max().unwrap_or(1);
        format!("[{lo}, {hi}]")
    };
    let hexes: BTreeSet<&str> = placed.labels.iter().map(|l| l.2.as_str()).collect();
    let numbering = grid.children.first().cloned().unwrap_or_default();
    let prefix = location_prefix(&numbering).unwrap_or_default();
    // A dot with no prefix is refused (V0217); no label of the setup uses it then (`data_label`).
    let sep = if sep == "." && prefix.is_empty() {
        String::new()
    } else {
        sep
    };
    let _ = writeln!(
        out,
        "[grid]\nkind = \"{}\"\ncolumns = {}\nrows = {}\n{}column_digits = {cd}\nrow_digits = {rd}\nseparator = {}\n{}geometry = \"unknown\"\nhexes = {}\n",
        if square { "squares" } else { "hex-columns" },
        span(|l| l.0),
        span(|l| l.1),
        if square { "" } else { "shifted_columns = \"even\"\n" },
        string(&sep),
        if prefix.is_empty() { String::new() } else { format!("prefix = {}\n", string(&prefix)) },
        strings(&hexes.into_iter().collect::<Vec<_>>()),
    );
    out.push_str(&vassal_grid(&grid));
    out.push_str(TERRAIN_AND_STYLE);
    out
}

/// `[grid.vassal]`: the grid element and its numbering, attribute for attribute.
fn vassal_grid(grid: &Node) -> String {
    let class = grid.tag.rsplit('.').next().unwrap_or("HexGrid");
    let mut out = format!("[grid.vassal]\nclass = {}\n", string(class));
    let numbering = grid.children.first();
    if let Some(n) = numbering {
        let _ = writeln!(
            out,
            "numbering_class = {}",
            string(n.tag.rsplit('.').next().unwrap_or(""))
        );
    }
    out.push_str("\n[grid.vassal.attributes]\n");
    for (k, v) in &grid.attrs {
        let _ = writeln!(out, "{} = {}", string(k), string(v));
    }
    if let Some(n) = numbering {
        out.push_str("\n[grid.vassal.numbering]\n");
        for (k, v) in &n.attrs {
            let _ = writeln!(out, "{} = {}", string(k), string(v));
        }
    }
    out.push('\n');
    out
}

const TERRAIN_AND_STYLE: &str = "[terrain]\ndefault = \"unknown\"\nhexes = {}\n\n[style]\nhex_height = 64\nmargin = 0\nbackground = \"#ffffff\"\nterrain_colors = { unknown = \"#ffffff\" }\nfeature_colors = {}\n\n[[missing]]\nwhat = \"the terrain of each hex\"\nwhy = \"the module shows the terrain only in its board image\"\nfound_on = \"map\"\nkeys = [\"maps/<game>.toml [terrain] hexes\"]\n";

/// A version as strict semver, as vmodc requires it: `1.2` is `1.2.0`.
fn semver(version: &str) -> Option<String> {
    let parts: Vec<&str> = version.trim().split('.').collect();
    let numeric = |p: &&str| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit());
    if parts.is_empty() || parts.len() > 3 || !parts.iter().all(numeric) {
        return None;
    }
    let mut parts: Vec<String> = parts
        .iter()
        .map(|p| p.trim_start_matches('0').to_string())
        .map(|p| if p.is_empty() { "0".into() } else { p })
        .collect();
    parts.resize(3, "0".into());
    Some(parts.join("."))
}

/// `[raw]`: the files and the components kept as the module made them, and the stock components
/// the module had none of.
fn raw_section(out: &mut String, r: &Reading, id: &str) {
    let _ = writeln!(out, "[raw]\nfiles = {}", string(&format!("raw/{id}")));
    if !r.left_to_vassal.is_empty() {
        let names: Vec<String> = r
            .left_to_vassal
            .iter()
            .map(|c| format!("\"{c:?}\""))
            .collect();
        // VASSAL adds each itself (`GameModule.build`); a module's own subclass is kept raw.
        let _ = writeln!(out, "left_to_vassal = [{}]", names.join(", "));
    }
    let _ = writeln!(out);
    for part in &r.raw {
        let _ = writeln!(
            out,
            "[[raw.components]]\nplace = \"{}\"\nwhy = {}\nxml = {}\n",
            part.place,
            string(&part.why),
            text(&part.xml)
        );
    }
}

fn rules_file(r: &mut Reading, id: &str, sides: &[(String, String)]) -> String {
    let version = semver(&r.version).unwrap_or_else(|| "0.1.0".into());
    if version != r.version {
        r.account.add(
            Became::NotCarried,
            format!("module version `{}`", r.version),
            format!("vmodc builds strict semver versions: the project says `{version}`"),
        );
    }
    let mut out = format!(
        "#:schema ../schema/rules.json\n# {}, imported from its VASSAL module (made with VASSAL {}) by `vmodc import` (docs/import.md).\n# The module holds no rules data: the sections below that the data format requires stand empty or\n# unknown, each listed as [[missing]] (`vmodc check --todo`).\n\n",
        r.name, r.vassal_version
    );
    // A top-level key goes before the first table, or TOML would put it in that table.
    if r.phases.is_empty() {
        out.push_str("phases = []\n\n");
    }
    let _ = writeln!(
        out,
        "[game]\nid = {}\ntitle = {}\nversion = {}\nformat = {}\ndescription = {}\nrulebook = \"\"\n",
        string(id),
        string(&r.name),
        string(&version),
        crate::model::data_format::CURRENT,
        string(&r.description)
    );
    out.push_str(
        "[[terrain]]\nid = \"unknown\"\nname = \"Unknown\"\nmove_cost = 1\nunknown = true\n\n",
    );
    for (side, name) in sides {
        let _ = writeln!(
            out,
            "[[sides]]\nid = {}\nname = {}\ncolor = \"#808080\"\ntext_color = \"#ffffff\"\n",
            string(side),
            string(name)
        );
    }
    let (count, faces) = r.dice.unwrap_or((1, 6));
    let turns = r.turns.unwrap_or(1);
    let _ = writeln!(out, "[dice]\ncount = {count}\nfaces = {faces}\n\n[turns]\ncount = {turns}\n\n[stacking]\nmax_units = 999\nwhen = \"\"\n\n[combat]\nkind = \"odds\"\ncolumns = []\nbelow_table = \"\"\nresults = []\ntable_known = false\n");
    for (id, phase) in phase_ids(&r.phases).iter().zip(&r.phases) {
        let _ = writeln!(
            out,
            "[[phases]]\nid = {}\nname = {}\n",
            string(id),
            string(phase)
        );
    }
    raw_section(&mut out, r, id);
    let missing = [
        (
            r.dice.is_none(),
            "the combat dice",
            "the module has no dice button: `[dice]` says 1d6 until the rules say",
            "rulebook",
            "[dice]",
        ),
        (
            r.turns.is_none() && r.phases.is_empty(),
            "the sequence of play and the number of turns",
            "a module holds no turn record: `[[phases]]` is empty and `[turns]` says one turn",
            "rulebook",
            "[[phases]], [turns]",
        ),
        (
            r.turns.is_some() && r.phases.is_empty(),
            "the sequence of play",
            "the module's turn track gives the number of turns, not the phases: `[[phases]]` is empty",
            "rulebook",
            "[[phases]]",
        ),
        (
            true,
            "the terrain effects chart",
            "a module holds no terrain effects",
            "rulebook",
            "[[terrain]]",
        ),
        (
            true,
            "the stacking limit",
            "a module holds no stacking limit: 999 stands for none checked",
            "rulebook",
            "[stacking]",
        ),
        (
            true,
            "the combat results table",
            "a module holds no CRT",
            "crt-card",
            "[combat]",
        ),
    ];
    for (_, what, why, found_on, key) in missing.iter().filter(|m| m.0) {
        let _ = writeln!(
            out,
            "[[missing]]\nwhat = {}\nwhy = {}\nfound_on = \"{found_on}\"\nkeys = [{}]\n",
            string(what),
            string(why),
            string(&format!("rules/{id}.toml {key}"))
        );
    }
    out
}
