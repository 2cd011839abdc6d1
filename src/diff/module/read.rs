//! A module file read for `vmodc diff A.vmod B.vmod`, any module, ours or not: the archive through
//! the verifier's safe reader (images and other media are hashed as they stream past, never held),
//! the buildFile through its DOM reader, pieces through its decoder. What is kept is what a player
//! or a module's maintainer would compare between two releases.

use crate::vassal::sequence_encoder::decode;
use crate::vassal::vsav::{command_split, deobfuscate};
use crate::verify::archive::{read_archive_from, ArchiveError, Keep, Limits};
use crate::verify::decode::{decode_add_piece, DecodedPiece};
use crate::verify::view::{build_file, ModuleError};
use crate::verify::xml::{parse_xml, Node};
use std::collections::BTreeMap;
use std::io::{Read, Seek};

/// One module, as `vmodc diff` compares it.
#[derive(Debug, Default)]
pub struct ModuleFile {
    /// `moduledata`'s name, version, VASSAL version and description (an extension's `extensiondata`'s,
    /// with `kind` = `extension`; the buildFile root's when the archive has neither).
    pub version: BTreeMap<String, String>,
    /// Every PieceSlot and CardSlot (palettes and at-start stacks), in document order.
    pub pieces: Vec<Slot>,
    /// Every PrototypeDefinition.
    pub prototypes: Vec<Slot>,
    /// Maps, boards, grids, setups, charts, help pages and global properties, with their attributes.
    pub components: Vec<Component>,
    /// The saved game of each predefined setup (setup → its file), kept as stored: decoded only
    /// when the other module's differs ([`SetupSave::pieces`]).
    pub setup_pieces: BTreeMap<String, SetupSave>,
    /// Every `Module_xx.properties` entry: (language, key) → text.
    pub translations: BTreeMap<(String, String), String>,
    /// Every entry of the archive: name → its size and content hash.
    pub entries: BTreeMap<String, Content>,
}

/// A predefined setup's saved game as the archive stores it, shared by every setup naming it.
#[derive(Debug, Clone)]
pub struct SetupSave {
    /// The stored file's size and hash: two setups of equal content have equal pieces.
    pub content: Content,
    bytes: std::sync::Arc<Vec<u8>>,
}

impl SetupSave {
    /// The pieces of the saved game: `name #n` → where it is (decoded now, within a saved game's
    /// limits).
    pub fn pieces(&self) -> BTreeMap<String, String> {
        setup_pieces(&self.bytes)
    }
}

/// An archive entry's size and content hash (xxh3), enough to tell whether it changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Content {
    pub bytes: u64,
    pub hash: u64,
}

impl Content {
    fn of(data: &[u8]) -> Content {
        Content {
            bytes: data.len() as u64,
            hash: xxhash_rust::xxh3::xxh3_64(data),
        }
    }

    /// `12,345 bytes` (and the hash when the size alone does not tell two versions apart).
    pub fn describe(&self, other: Option<&Content>) -> String {
        match other {
            Some(o) if o.bytes == self.bytes => {
                format!("{} bytes, content {:016x}", self.bytes, self.hash)
            }
            _ => format!("{} bytes", self.bytes),
        }
    }
}

/// A piece definition of the module: a slot of a palette or an at-start stack, or a prototype.
#[derive(Debug, Clone)]
pub struct Slot {
    /// What identifies it across releases: its place and gpid (a prototype: its name).
    pub key: String,
    /// `""` in a palette, `at-start MAP/STACK` in an at-start stack, `prototype` for a prototype.
    pub place: String,
    pub gpid: String,
    /// The slot's entry name (a prototype's name).
    pub name: String,
    pub piece: Result<DecodedPiece, String>,
}

impl Slot {
    /// How a change names it: `XXIV Panzer Corps (gpid 12)`, `… in at-start Main Map/0604`.
    pub fn what(&self) -> String {
        let mut out = self.name.clone();
        if !self.gpid.is_empty() {
            out.push_str(&format!(" (gpid {})", self.gpid));
        }
        if !self.place.is_empty() && self.place != PROTOTYPE_PLACE {
            out.push_str(&format!(" in {}", self.place));
        }
        out
    }
}

/// The place of a prototype definition.
pub const PROTOTYPE_PLACE: &str = "prototype";

/// A component compared by its attributes: a map, board, grid, setup, chart, help page or global
/// property.
#[derive(Debug, Clone)]
pub struct Component {
    pub area: &'static str,
    /// `Main Map`, `Main Map/Board 1/HexGrid`, `Main Map/Turn`: unique within its area.
    pub key: String,
    pub attrs: BTreeMap<String, String>,
    /// Archive entries it shows (a board's image, a chart's, a help page), compared by content.
    pub files: Vec<String>,
}

/// Extensions of entries that are hashed as they stream past instead of being read whole.
fn is_media(name: &str) -> bool {
    let extension = name
        .rsplit_once('.')
        .map_or("", |(_, e)| e)
        .to_ascii_lowercase();
    matches!(
        extension.as_str(),
        "png"
            | "gif"
            | "jpg"
            | "jpeg"
            | "bmp"
            | "webp"
            | "tif"
            | "tiff"
            | "ico"
            | "svg"
            | "mp3"
            | "wav"
            | "au"
            | "aiff"
            | "ogg"
            | "mid"
            | "pdf"
            | "mp4"
            | "avi"
            | "ttf"
            | "otf"
    )
}

/// A media entry's size and hash, read in pieces (`Keep::Summary`): 16 bytes kept instead of the
/// image.
fn summarize(input: &mut dyn Read) -> std::io::Result<Vec<u8>> {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut bytes = 0u64;
    loop {
        let n = input.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(buf.get(..n).unwrap_or_default());
        bytes += n as u64;
    }
    let mut out = bytes.to_le_bytes().to_vec();
    out.extend_from_slice(&hasher.digest().to_le_bytes());
    Ok(out)
}

fn unsummarize(summary: &[u8]) -> Option<Content> {
    let bytes = u64::from_le_bytes(summary.get(..8)?.try_into().ok()?);
    let hash = u64::from_le_bytes(summary.get(8..16)?.try_into().ok()?);
    Some(Content { bytes, hash })
}

/// Read a module from any seekable source.
pub fn read_module<R: Read + Seek>(source: R) -> Result<ModuleFile, ModuleError> {
    let archive = read_archive_from(source, Limits::default(), |name| {
        if is_media(name) {
            Keep::Summary(summarize)
        } else {
            Keep::All
        }
    })?;
    let mut module = ModuleFile::default();
    for (name, data) in &archive.entries {
        let content = if is_media(name) {
            unsummarize(data).unwrap_or(Content { bytes: 0, hash: 0 })
        } else {
            Content::of(data)
        };
        module.entries.insert(name.clone(), content);
        if let Some(lang) = name
            .strip_prefix("Module_")
            .and_then(|n| n.strip_suffix(".properties"))
        {
            let text = crate::vassal::properties::decode_bundle(data);
            for (key, value) in properties(&text) {
                module.translations.insert((lang.to_string(), key), value);
            }
        }
    }
    let root = build_file(&archive)?;
    // An extension (`extensiondata` instead of `moduledata`, a ModuleExtension root) is compared
    // the same way: two releases of an extension are as worth comparing as two of a module.
    let metadata = archive
        .entries
        .get("moduledata")
        .or_else(|| archive.entries.get("extensiondata"));
    module.version = version(metadata, &root);
    if archive.entries.contains_key("extensiondata") {
        module.version.insert("kind".into(), "extension".into());
    }
    let mut walker = Walker {
        module: &mut module,
        entries: &archive.entries,
        saves: BTreeMap::new(),
    };
    walker.visit(&root, &Context::default());
    dedup_keys(&mut module.components);
    Ok(module)
}

/// The entries named, read whole from the module file (for the HTML page's images).
pub fn read_entries<R: Read + Seek>(
    source: R,
    wanted: &std::collections::BTreeSet<String>,
) -> Result<BTreeMap<String, Vec<u8>>, ArchiveError> {
    let archive = read_archive_from(source, Limits::default(), |name| {
        if wanted.contains(name) {
            Keep::All
        } else {
            Keep::Name
        }
    })?;
    Ok(archive
        .entries
        .into_iter()
        .filter(|(name, _)| wanted.contains(name))
        .collect())
}

/// What `moduledata` (an extension's `extensiondata`) says, or the buildFile root without either.
fn version(moduledata: Option<&Vec<u8>>, root: &Node) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let data = moduledata
        .and_then(|d| std::str::from_utf8(d).ok())
        .and_then(|t| parse_xml(t).ok());
    match data {
        Some(data) => {
            for (tag, what) in [
                ("name", "name"),
                ("version", "version"),
                ("VassalVersion", "VASSAL version"),
                ("description", "description"),
            ] {
                // the element without a `lang` attribute: the module's own language
                if let Some(e) = data
                    .children
                    .iter()
                    .find(|c| c.tag == tag && !c.attrs.contains_key("lang"))
                {
                    out.insert(what.to_string(), e.text.clone());
                }
            }
        }
        None => {
            for (attr, what) in [
                ("name", "name"),
                ("version", "version"),
                ("VassalVersion", "VASSAL version"),
                ("description", "description"),
            ] {
                if let Some(v) = root.attrs.get(attr) {
                    out.insert(what.to_string(), v.clone());
                }
            }
        }
    }
    out
}

/// Where in the component tree a node is.
#[derive(Debug, Clone, Default)]
struct Context {
    map: String,
    board: String,
    /// The innermost named container of a global property: a map, a zone, or the module.
    container: String,
    /// `at-start MAP/STACK` inside an at-start stack.
    place: String,
    /// Names of the setup menus around a predefined setup.
    menus: Vec<String>,
}

struct Walker<'a> {
    module: &'a mut ModuleFile,
    entries: &'a BTreeMap<String, Vec<u8>>,
    /// Each setup file, once however many setups name it.
    saves: BTreeMap<String, SetupSave>,
}

fn short(tag: &str) -> &str {
    tag.rsplit('.').next().unwrap_or(tag)
}

impl Walker<'_> {
    fn component(&mut self, area: &'static str, key: String, node: &Node, files: &[&str]) {
        let files = files
            .iter()
            .map(|a| node.attr(a))
            .filter(|f| !f.is_empty())
            .flat_map(|f| [f.to_string(), format!("images/{f}")])
            .filter(|f| self.entries.contains_key(f))
            .collect();
        let mut attrs = node.attrs.clone();
        if !node.text.is_empty() {
            attrs.insert("(text)".into(), node.text.clone());
        }
        self.module.components.push(Component {
            area,
            key,
            attrs,
            files,
        });
    }

    fn visit(&mut self, node: &Node, cx: &Context) {
        let mut inner = cx.clone();
        match short(&node.tag) {
            "Map" | "PrivateMap" | "PlayerHand" => {
                inner.map = node.attr("mapName").to_string();
                inner.container = inner.map.clone();
                self.component("map", inner.map.clone(), node, &[]);
            }
            "Board" => {
                inner.board = node.attr("name").to_string();
                let key = format!("{}/{}", cx.map, inner.board);
                self.component("board", key, node, &["image"]);
            }
            grid @ ("HexGrid"
            | "SquareGrid"
            | "RegionGrid"
            | "ZonedGrid"
            | "HexGridNumbering"
            | "SquareGridNumbering"
            | "Region"
            | "Zone") => {
                let mut key = format!("{}/{}/{grid}", cx.map, cx.board);
                if matches!(grid, "Region" | "Zone") {
                    key.push_str(&format!(" {}", node.attr("name")));
                }
                if grid == "Zone" {
                    inner.container = format!("{}/{}", cx.map, node.attr("name"));
                }
                self.component("grid", key, node, &[]);
            }
            "Chart" | "HtmlChart" => {
                self.component(
                    "chart",
                    node.attr("chartName").to_string(),
                    node,
                    &["fileName"],
                );
            }
            "HelpFile" | "BrowserHelpFile" | "BrowserPDFFile" | "AboutScreen" | "Tutorial" => {
                let title = match node.attr("title") {
                    "" => node.attr("name"),
                    t => t,
                };
                self.component(
                    "help",
                    title.to_string(),
                    node,
                    &["fileName", "pdfFile", "logfile", "startingPage"],
                );
            }
            "GlobalProperty" | "ZoneProperty" => {
                let container = match cx.container.as_str() {
                    "" => "module",
                    c => c,
                };
                let key = format!("{container}/{}", node.attr("name"));
                self.component("property", key, node, &[]);
            }
            "PredefinedSetup" => {
                inner.menus.push(node.attr("name").to_string());
                let key = inner.menus.join("/");
                self.component("setup", key.clone(), node, &["file"]);
                let is_file = node.attr("useFile") == "true" && node.attr("isMenu") != "true";
                let file = node.attr("file");
                if let Some(data) = self.entries.get(file).filter(|_| is_file) {
                    let save = self
                        .saves
                        .entry(file.to_string())
                        .or_insert_with(|| SetupSave {
                            content: Content::of(data),
                            bytes: std::sync::Arc::new(data.clone()),
                        });
                    self.module.setup_pieces.insert(key, save.clone());
                }
            }
            "SetupStack" => {
                let key = format!("{}/{}", cx.map, node.attr("name"));
                inner.place = format!("at-start {key}");
                self.component("setup", format!("at-start {key}"), node, &[]);
            }
            "PieceSlot" | "CardSlot" => {
                let gpid = node.attr("gpid").to_string();
                self.module.pieces.push(Slot {
                    key: format!("{}|{gpid}", cx.place),
                    place: cx.place.clone(),
                    gpid,
                    name: node.attr("entryName").to_string(),
                    piece: decode_add_piece(&node.text),
                });
            }
            "PrototypeDefinition" => {
                let name = node.attr("name").to_string();
                self.module.prototypes.push(Slot {
                    key: name.clone(),
                    place: PROTOTYPE_PLACE.into(),
                    gpid: String::new(),
                    name,
                    piece: decode_add_piece(&node.text),
                });
            }
            _ => {}
        }
        for child in &node.children {
            self.visit(child, &inner);
        }
    }
}

/// Two components of an area with one key (two boards of one name) get `#2`, `#3`, … in order.
fn dedup_keys(components: &mut [Component]) {
    let mut seen: BTreeMap<(&'static str, String), usize> = BTreeMap::new();
    for c in components.iter_mut() {
        let n = seen.entry((c.area, c.key.clone())).or_insert(0);
        *n += 1;
        if *n > 1 {
            c.key = format!("{} #{n}", c.key);
        }
    }
}

/// The pieces of a saved game, by name (`name #2` for the second of a name), each with where it is
/// (`map x,y`), as its BasicPiece says. A save that does not decode gives one entry saying why.
fn setup_pieces(vsav: &[u8]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let text = crate::verify::archive::read_archive(vsav, Limits::save())
        .ok()
        .and_then(|a| a.entries.get("savedGame").cloned())
        .and_then(|d| deobfuscate(&d).ok());
    let Some(text) = text.filter(|t| t.starts_with("begin_save")) else {
        out.insert("(saved game)".into(), "does not decode".into());
        return out;
    };
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for command in command_split(&text) {
        if !command.starts_with("+/") || command.contains("/stack/") {
            continue;
        }
        let Ok(piece) = decode_add_piece(&command) else {
            continue;
        };
        let Some((type_, state)) = piece.traits.last() else {
            continue;
        };
        let name = decode(type_.strip_prefix("piece;").unwrap_or(""), ';')
            .get(3)
            .cloned()
            .unwrap_or_default();
        let state = decode(state, ';');
        let at = |i: usize| state.get(i).map_or("", String::as_str);
        let n = count.entry(name.clone()).or_insert(0);
        *n += 1;
        let key = if *n == 1 {
            name
        } else {
            format!("{name} #{n}")
        };
        out.insert(key, format!("{} {},{}", at(0), at(1), at(2)));
    }
    out
}

/// The entries of a `.properties` file as `java.util.Properties.load` reads them, through the one
/// reader of them (`vassal::properties`); a malformed line is left out, the others kept.
pub fn properties(text: &str) -> Vec<(String, String)> {
    crate::vassal::properties::read_properties_lenient(text).entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_read_as_java_reads_them() {
        let text = "# comment\n! also\nMap.Main\\ Map.mapName=\\u4e3b\\u5730\\u56f3\nkey : value \\\n    continued\nbare\nsp ace\n";
        assert_eq!(
            properties(text),
            vec![
                ("Map.Main Map.mapName".to_string(), "主地図".to_string()),
                ("key".to_string(), "value continued".to_string()),
                ("bare".to_string(), String::new()),
                ("sp".to_string(), "ace".to_string()),
            ]
        );
    }

    #[test]
    fn media_summaries_round_trip() {
        let summary = summarize(&mut &b"abc"[..]).unwrap();
        assert_eq!(unsummarize(&summary), Some(Content::of(b"abc")));
    }
}
