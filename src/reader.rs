//! Reading a `.vmod` back the way VASSAL does, and checking it (vassal-format.md §7).
//!
//! Works on any module, ours or anyone's. Reading is safe against hostile archives: entry names that
//! escape the archive (`..`, absolute paths) are refused, and the number and size of entries are limited
//! before anything is decompressed into memory.

use crate::diag::{Diagnostic, Report};
use crate::vassal::sequence_encoder::SequenceDecoder;
use quick_xml::events::Event;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

/// Limits on what an archive may hold.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_entries: usize,
    pub max_entry_bytes: u64,
    pub max_total_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_entries: 20_000,
            max_entry_bytes: 256 << 20,
            max_total_bytes: 2 << 30,
        }
    }
}

/// The entries of an archive, by name.
#[derive(Debug, Default, Clone)]
pub struct Archive {
    pub entries: BTreeMap<String, Vec<u8>>,
}

/// Read every entry of a zip, refusing unsafe names and oversize content.
pub fn read_archive(bytes: &[u8], limits: Limits) -> Result<Archive, String> {
    let mut zip =
        zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| format!("not a zip archive: {e}"))?;
    if zip.len() > limits.max_entries {
        return Err(format!(
            "the archive has {} entries (limit {})",
            zip.len(),
            limits.max_entries
        ));
    }
    let mut total = 0u64;
    let mut archive = Archive::default();
    for i in 0..zip.len() {
        let mut file = zip.by_index(i).map_err(|e| format!("entry {i}: {e}"))?;
        let name = file
            .name()
            .map_err(|e| format!("entry {i}: {e}"))?
            .to_string();
        if file.enclosed_name().is_none()
            || name.starts_with('/')
            || name.split(['/', '\\']).any(|p| p == "..")
        {
            return Err(format!("entry name `{name}` points outside the archive"));
        }
        if file.is_dir() {
            continue;
        }
        if file.size() > limits.max_entry_bytes {
            return Err(format!(
                "entry `{name}` is {} bytes (limit {})",
                file.size(),
                limits.max_entry_bytes
            ));
        }
        let mut data = Vec::new();
        // Never trust the declared size: read at most the limit plus one byte.
        (&mut file)
            .take(limits.max_entry_bytes + 1)
            .read_to_end(&mut data)
            .map_err(|e| format!("entry `{name}`: {e}"))?;
        if data.len() as u64 > limits.max_entry_bytes {
            return Err(format!(
                "entry `{name}` inflates beyond {} bytes",
                limits.max_entry_bytes
            ));
        }
        total += data.len() as u64;
        if total > limits.max_total_bytes {
            return Err(format!(
                "the archive inflates beyond {} bytes",
                limits.max_total_bytes
            ));
        }
        archive.entries.insert(name, data);
    }
    Ok(archive)
}

/// An XML element as VASSAL's DOM sees it: attributes unescaped, text trimmed (`Builder.getText`).
#[derive(Debug, Clone, Default)]
pub struct Node {
    pub tag: String,
    pub attrs: BTreeMap<String, String>,
    pub text: String,
    pub children: Vec<Node>,
}

impl Node {
    pub fn attr(&self, name: &str) -> &str {
        self.attrs.get(name).map(String::as_str).unwrap_or("")
    }

    /// Every descendant (and self) in document order.
    pub fn walk(&self) -> Vec<&Node> {
        let mut out = vec![self];
        for c in &self.children {
            out.extend(c.walk());
        }
        out
    }

    pub fn find_all(&self, tag: &str) -> Vec<&Node> {
        self.walk().into_iter().filter(|n| n.tag == tag).collect()
    }

    pub fn children_named<'a>(&'a self, tag: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.children.iter().filter(move |c| c.tag == tag)
    }
}

/// Parse an XML document into a tree.
pub fn parse_xml(text: &str) -> Result<Node, String> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Node> = vec![Node::default()];
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => stack.push(element(&e)?),
            Ok(Event::Empty(e)) => {
                let node = element(&e)?;
                stack
                    .last_mut()
                    .ok_or("unbalanced XML")?
                    .children
                    .push(node);
            }
            Ok(Event::End(_)) => {
                let mut node = stack.pop().ok_or("unbalanced XML")?;
                node.text = node.text.trim().to_string();
                stack
                    .last_mut()
                    .ok_or("unbalanced XML")?
                    .children
                    .push(node);
            }
            Ok(Event::Text(t)) => {
                let raw: &str = t.as_ref();
                let s = quick_xml::escape::unescape(raw).map_err(|e| e.to_string())?;
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&s);
                }
            }
            Ok(Event::GeneralRef(r)) => {
                let name: &str = r.as_ref();
                let entity = format!("&{name};");
                let s = quick_xml::escape::unescape(&entity).map_err(|e| e.to_string())?;
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&s);
                }
            }
            Ok(Event::CData(t)) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(t.as_ref());
                }
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => {
                return Err(format!(
                    "XML error at byte {}: {e}",
                    reader.buffer_position()
                ))
            }
        }
    }
    let mut root = stack.pop().ok_or("empty XML")?;
    if !stack.is_empty() {
        return Err("unclosed XML element".into());
    }
    root.children
        .pop()
        .ok_or_else(|| "no root element".to_string())
}

fn element(e: &quick_xml::events::BytesStart<'_>) -> Result<Node, String> {
    let tag = AsRef::<str>::as_ref(&e.name()).to_string();
    let mut attrs = BTreeMap::new();
    for a in e.attributes() {
        let a = a.map_err(|e| e.to_string())?;
        let key = AsRef::<str>::as_ref(&a.key).to_string();
        // Attribute-value normalization (tabs and line breaks become spaces), as the JDK DOM does.
        let value = a
            .normalized_value(quick_xml::XmlVersion::Explicit1_0)
            .map_err(|e| e.to_string())?
            .into_owned();
        attrs.insert(key, value);
    }
    Ok(Node {
        tag,
        attrs,
        ..Node::default()
    })
}

/// A piece string decoded: one (type, state) per trait, outermost first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedPiece {
    pub id: String,
    pub traits: Vec<(String, String)>,
}

/// Decode `+/id/TYPE/STATE` as `BasicCommandEncoder.decode` and `Decorator.setType/setState` do.
pub fn decode_add_piece(text: &str) -> Result<DecodedPiece, String> {
    let body = text.strip_prefix("+/").ok_or("does not start with `+/`")?;
    let mut d = SequenceDecoder::new(body, '/');
    let id = d.next_token().ok_or("no piece id")?;
    let type_ = d.next_token().ok_or("no piece type")?;
    let state = d.next_token().unwrap_or_default();
    let types = unnest(&type_);
    let states = unnest(&state);
    if types.len() != states.len() {
        return Err(format!(
            "the type has {} trait levels but the state has {} (Decorator.no_state_for_trait)",
            types.len(),
            states.len()
        ));
    }
    Ok(DecodedPiece {
        id,
        traits: types.into_iter().zip(states).collect(),
    })
}

/// Split a nested TAB encoding: `SequenceEncoder(outer, '\t').append(inner)` recursively.
///
/// Each level is decoded exactly as [`SequenceDecoder`] does with a TAB delimiter (the first token is
/// the trait, the second the rest of the piece), but with a byte search for the delimiter: a piece of
/// depth d and length n costs O(d·n), as in VASSAL, and real modules have pieces of 50 traits and more.
pub fn unnest(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s.to_string();
    loop {
        let (first, next) = tab_token(&rest, 0);
        out.push(first);
        match next {
            Some(start) => rest = tab_token(&rest, start).0,
            None => break,
        }
    }
    out
}

/// One TAB-delimited token of `s` starting at byte `start`, as `SequenceDecoder::next_token` returns
/// it, and where the next token starts (`None` when this one ran to the end of the input).
fn tab_token(s: &str, start: usize) -> (String, Option<usize>) {
    let bytes = s.as_bytes();
    let mut token = String::new();
    let mut seg = start;
    let mut from = start;
    let next = loop {
        let Some(off) = s.get(from..).and_then(|r| r.find('\t')) else {
            token.push_str(s.get(seg..).unwrap_or(""));
            break None;
        };
        let i = from + off;
        if i > 0 && bytes.get(i - 1) == Some(&b'\\') {
            // an escaped TAB: drop the backslash, keep the TAB
            token.push_str(s.get(seg..i - 1).unwrap_or(""));
            seg = i;
            from = i + 1;
        } else {
            token.push_str(s.get(seg..i).unwrap_or(""));
            break Some(i + 1);
        }
    };
    let token = if token.len() > 1 && token.starts_with('\'') && token.ends_with('\'') {
        token[1..token.len() - 1].to_string()
    } else {
        token
    };
    (token, next)
}

/// Trait ids VASSAL 3.7 decodes (`BasicCommandEncoder.decoratorFactories` and `piece;`).
pub const KNOWN_TRAITS: &[&str] = &[
    "piece;",
    "emb2;",
    "emb;",
    "mark;",
    "prototype;",
    "label;",
    "macro;",
    "report;",
    "immob;",
    "hide;",
    "obs;",
    "delete;",
    "clone;",
    "sendto;",
    "footprint;",
    "PROP;",
    "calcProp;",
    "setprop;",
    "setpieceprop;",
    "globalkey;",
    "globalhotkey;",
    "hideCmd;",
    "restrict;",
    "placemark;",
    "replace;",
    "button;",
    "mat;",
    "matPiece;",
    "rotate;",
    "submenu;",
    "menuSeparator;",
    "translate;",
    "return;",
    "markmoved;",
    "locmsg;",
    "basicName;",
    "cmt;",
    "deselect;",
    "border;",
    "nonRect2;",
    "playSound;",
    "AreaOfEffect;",
    "attach;",
    "locCommand;",
    "table;",
    "propertysheet;",
    "pivot;",
    "pieceName;",
];

fn trait_id(type_: &str) -> &str {
    match type_.find(';') {
        Some(i) => &type_[..=i],
        None => type_,
    }
}

/// Images a decoded piece refers to: the BasicPiece image, Layer images, a Mask's image, the
/// moved-marker icon, and those of the pieces a Place Marker / Replace trait creates.
fn piece_images(piece: &DecodedPiece) -> Vec<String> {
    let types: Vec<&str> = piece.traits.iter().map(|(t, _)| t.as_str()).collect();
    let mut out = Vec::new();
    trait_images(&types, &mut out, 0);
    out
}

fn trait_images(types: &[&str], out: &mut Vec<String>, depth: usize) {
    for t in types {
        let t = *t;
        if let Some(body) = t.strip_prefix("obs;") {
            let mut d = SequenceDecoder::new(body, ';');
            let _key = d.next_token();
            if let Some(img) = d.next_token().filter(|s| !s.is_empty()) {
                out.push(img);
            }
            let _command = d.next_token();
            if let Some(style) = d.next_token() {
                if let Some(img) = style.strip_prefix('G').filter(|s| !s.is_empty()) {
                    out.push(img.to_string());
                }
            }
        } else if let Some(body) = t.strip_prefix("markmoved;") {
            let mut d = SequenceDecoder::new(body, ';');
            if let Some(img) = d.next_token().filter(|s| !s.is_empty()) {
                out.push(img);
            }
        } else if let Some(body) = t
            .strip_prefix("placemark;")
            .or_else(|| t.strip_prefix("replace;"))
        {
            // command; key; markerSpec (a whole piece type) — bounded, markers may hold markers
            let mut d = SequenceDecoder::new(body, ';');
            let _command = d.next_token();
            let _key = d.next_token();
            if let Some(spec) = d.next_token().filter(|s| !s.is_empty()) {
                if depth < 8 {
                    let inner = unnest(&spec);
                    let inner: Vec<&str> = inner.iter().map(String::as_str).collect();
                    if inner.last().is_some_and(|t| t.starts_with("piece;")) {
                        trait_images(&inner, out, depth + 1);
                    }
                }
            }
        }
    }
    for t in types {
        let t = *t;
        if let Some(body) = t.strip_prefix("piece;") {
            let mut d = SequenceDecoder::new(body, ';');
            let _clone = d.next_token();
            let _delete = d.next_token();
            if let Some(img) = d.next_token().filter(|s| !s.is_empty()) {
                out.push(img);
            }
        } else if let Some(body) = t.strip_prefix("emb2;") {
            let mut d = SequenceDecoder::new(body, ';');
            for _ in 0..15 {
                d.next_token();
            }
            if let Some(list) = d.next_token() {
                let mut l = SequenceDecoder::new(&list, ',');
                while l.has_more_tokens() {
                    if let Some(img) = l.next_token().filter(|s| !s.is_empty()) {
                        out.push(img);
                    }
                }
            }
        }
    }
}

/// The eight map helpers VASSAL does not add by itself (§2.2).
pub const MAP_HELPERS: [&str; 8] = [
    "ForwardToKeyBuffer",
    "Scroller",
    "ForwardToChatter",
    "MenuDisplayer",
    "MapCenterer",
    "StackExpander",
    "PieceMover",
    "KeyBufferer",
];

/// Check a module file.
pub fn check_module_file(path: &Path) -> Report {
    match std::fs::read(path) {
        Ok(bytes) => check_module(&bytes, path),
        Err(e) => {
            let mut r = Report::default();
            r.push(
                Diagnostic::error("V0401", format!("cannot read the module: {e}")).in_file(path),
            );
            r
        }
    }
}

/// What a module holds, decoded, for checks and tests.
#[derive(Debug, Default)]
pub struct ModuleView {
    pub root: Node,
    pub archive: Archive,
    /// Every PieceSlot and PrototypeDefinition, decoded: (element tag, name, piece).
    pub pieces: Vec<(String, String, DecodedPiece)>,
}

/// Read and decode a module; errors stop at the first unreadable layer.
pub fn open_module(bytes: &[u8]) -> Result<ModuleView, String> {
    let archive = read_archive(bytes, Limits::default())?;
    let build = archive
        .entries
        .get("buildFile.xml")
        .or_else(|| archive.entries.get("buildFile"))
        .ok_or("the archive has no buildFile.xml")?;
    let text = std::str::from_utf8(build).map_err(|_| "buildFile.xml is not UTF-8".to_string())?;
    let root = parse_xml(text)?;
    let mut pieces = Vec::new();
    for node in root.walk() {
        let short = node.tag.rsplit('.').next().unwrap_or("");
        if matches!(short, "PieceSlot" | "PrototypeDefinition" | "CardSlot") {
            let name = if short == "PrototypeDefinition" {
                node.attr("name").to_string()
            } else {
                node.attr("entryName").to_string()
            };
            if let Ok(p) = decode_add_piece(&node.text) {
                pieces.push((node.tag.clone(), name, p));
            }
        }
    }
    Ok(ModuleView {
        root,
        archive,
        pieces,
    })
}

/// Every check of vassal-format.md §7 on a module's bytes.
pub fn check_module(bytes: &[u8], path: &Path) -> Report {
    let mut report = Report::default();
    let p = PathBuf::from(path);
    let mut push = |d: Diagnostic| report.push(d.in_file(&p));
    let archive = match read_archive(bytes, Limits::default()) {
        Ok(a) => a,
        Err(e) => {
            push(
                Diagnostic::error("V0402", format!("unreadable archive: {e}"))
                    .help("a .vmod is a zip archive"),
            );
            return report;
        }
    };
    // 1. moduledata
    match archive
        .entries
        .get("moduledata")
        .map(|b| String::from_utf8_lossy(b).into_owned())
    {
        None => push(
            Diagnostic::warning("V0403", "the module has no moduledata").help(
                "VASSAL then sniffs the buildFile; write moduledata with VassalVersion and version",
            ),
        ),
        Some(md) => match parse_xml(&md) {
            Ok(node) => {
                let vv = node
                    .children_named("VassalVersion")
                    .next()
                    .map(|n| n.text.clone())
                    .unwrap_or_default();
                let minor: Vec<u32> = vv.split('.').filter_map(|p| p.parse().ok()).collect();
                if minor.len() < 2 || minor[0] != 3 || minor[1] < 5 || minor[1] > 7 {
                    push(
                        Diagnostic::error("V0404", format!("moduledata VassalVersion `{vv}` is not 3.5–3.7"))
                            .help("VASSAL 3.7 needs ≥ 3.5 to read buildFile.xml and refuses ≥ 3.8 as too new"),
                    );
                }
                let version = node
                    .children_named("version")
                    .next()
                    .map(|n| n.text.clone())
                    .unwrap_or_default();
                let parts: Vec<&str> = version.split('.').collect();
                if parts.len() != 3
                    || parts
                        .iter()
                        .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
                {
                    push(
                        Diagnostic::warning(
                            "V0405",
                            format!("module version `{version}` is not semver"),
                        )
                        .help("the VASSAL module library accepts only MAJOR.MINOR.PATCH"),
                    );
                }
            }
            Err(e) => push(Diagnostic::error(
                "V0403",
                format!("moduledata is not XML: {e}"),
            )),
        },
    }
    let Some(build) = archive
        .entries
        .get("buildFile.xml")
        .or_else(|| archive.entries.get("buildFile"))
    else {
        push(
            Diagnostic::error("V0406", "the archive has no buildFile.xml")
                .help("every module needs its component tree"),
        );
        return report;
    };
    let root = match std::str::from_utf8(build)
        .map_err(|e| e.to_string())
        .and_then(parse_xml)
    {
        Ok(r) => r,
        Err(e) => {
            push(Diagnostic::error(
                "V0406",
                format!("buildFile.xml cannot be read: {e}"),
            ));
            return report;
        }
    };
    let images: BTreeSet<&str> = archive
        .entries
        .keys()
        .filter_map(|k| k.strip_prefix("images/"))
        .collect();
    // `DataArchive.getInputStream`: `images/<name>`, then (legacy) `images/<name>.gif`; a name starting
    // with `/` is one of VASSAL's own resources.
    let image_exists = |name: &str| {
        name.starts_with('/')
            || images.contains(name)
            || images.contains(format!("{name}.gif").as_str())
    };
    let missing_image = |what: &str, name: &str| {
        let lower = name.to_lowercase();
        let near = images.iter().find(|i| i.to_lowercase() == lower);
        let d = Diagnostic::error(
            "V0407",
            format!("{what} uses image `{name}`, which is not in images/"),
        );
        match near {
            Some(n) => d.help(format!("names are case-sensitive: the archive has `{n}`")),
            None => d.help("add the image to images/ or fix the name"),
        }
    };
    let image_problem = |what: &str, name: &str| -> Option<Diagnostic> {
        if name.is_empty() {
            None
        } else if !image_exists(name) {
            Some(missing_image(what, name))
        } else if name.to_lowercase().ends_with(".svg") && !name.ends_with(".svg") {
            Some(
                Diagnostic::warning("V0426", format!("{what}: image `{name}` has an upper-case .svg suffix"))
                    .help("VASSAL recognises SVG by the lower-case suffix `.svg` only; it reads this file as a bitmap and fails"),
            )
        } else {
            None
        }
    };
    // Component attributes that name an image (IconConfigurer / ImageConfigurer attributes of 3.7).
    for node in root.walk() {
        let short = node.tag.rsplit('.').next().unwrap_or("");
        for (key, value) in &node.attrs {
            let is_image = key == "icon"
                || key.ends_with("Icon")
                || key.ends_with("IconName")
                || (key == "image" && short == "Board")
                || (key == "fileName" && matches!(short, "Chart" | "AboutScreen"));
            if is_image {
                let label = match node.attr("name") {
                    "" => format!("{short} `{key}`"),
                    n => format!("{short} `{n}`"),
                };
                if let Some(d) = image_problem(&label, value) {
                    push(d);
                }
            }
        }
    }

    // 3. maps and their helpers
    let mut map_names = BTreeSet::new();
    for map in root.walk().into_iter().filter(|n| {
        matches!(
            n.tag.as_str(),
            "VASSAL.build.module.Map"
                | "VASSAL.build.module.PrivateMap"
                | "VASSAL.build.module.PlayerHand"
        )
    }) {
        let name = map.attr("mapName");
        if !map_names.insert(name.to_string()) {
            push(
                Diagnostic::error("V0408", format!("two maps are named `{name}`"))
                    .help("map names must be unique"),
            );
        }
        let parts = map.walk();
        let has = |short: &str| {
            parts
                .iter()
                .skip(1)
                .any(|c| c.tag.rsplit('.').next() == Some(short))
        };
        let is_hand = map.tag == "VASSAL.build.module.PlayerHand";
        for helper in MAP_HELPERS {
            // `PlayerHand.build` removes the StackExpander itself: a hand lays its cards out flat.
            if is_hand && helper == "StackExpander" {
                continue;
            }
            if !has(helper) {
                push(
                    Diagnostic::error("V0409", format!("map `{name}` lacks its {helper}"))
                        .help("VASSAL does not add map helpers when loading a buildFile: without them pieces cannot be dragged, selected or given commands"),
                );
            }
        }
        let boards: Vec<&Node> = map.find_all("VASSAL.build.module.map.boardPicker.Board");
        if boards.is_empty() {
            push(
                Diagnostic::error("V0410", format!("map `{name}` has no board"))
                    .help("add a BoardPicker with a Board"),
            );
        }
        // 8. setup stacks (also those in map folders) resolve on their board's grid
        for s in parts
            .iter()
            .filter(|n| n.tag == "VASSAL.build.module.map.SetupStack")
        {
            // `SetupStack.isOwningBoardActive`: a stack naming a board the map lacks is never placed;
            // without `owningBoard` (or with `<any>`) the first board of the map is used.
            let board = match s.attrs.get("owningBoard").map(String::as_str) {
                None | Some("<any>") => boards.first(),
                Some(owner) => {
                    let found = boards.iter().find(|b| b.attr("name") == owner);
                    if found.is_none() {
                        push(
                            Diagnostic::error(
                                "V0411",
                                format!(
                                    "setup `{}` names board `{owner}`, which map `{name}` lacks",
                                    s.attr("name"),
                                ),
                            )
                            .help("VASSAL places nothing for an at-start stack whose board is not in use"),
                        );
                    }
                    found
                }
            };
            let Some(board) = board else {
                continue;
            };
            if s.attr("useGridLocation") != "true" {
                continue;
            }
            // Without a grid VASSAL ignores `useGridLocation` and uses x and y.
            if location_resolves(board, s.attr("location")) == Some(false) {
                push(
                    Diagnostic::error(
                        "V0412",
                        format!(
                            "setup `{}`: location `{}` is not on board `{}`",
                            s.attr("name"),
                            s.attr("location"),
                            board.attr("name")
                        ),
                    )
                    .help("VASSAL reports Error.setup_stack_position_error and places nothing"),
                );
            }
        }
    }

    // 5–7. pieces
    let prototypes: BTreeMap<String, &Node> = root
        .find_all("VASSAL.build.module.PrototypeDefinition")
        .into_iter()
        .map(|n| (n.attr("name").to_string(), n))
        .collect();
    let mut decoded_protos: BTreeMap<String, DecodedPiece> = BTreeMap::new();
    // A module with its own command encoder (a subclass of BasicCommandEncoder) may define traits.
    let custom_encoder = root.children.iter().any(|c| {
        c.tag.ends_with("CommandEncoder") && c.tag != "VASSAL.build.module.BasicCommandEncoder"
    });
    let mut gpids: BTreeMap<String, String> = BTreeMap::new();
    for node in root.walk() {
        let short = node.tag.rsplit('.').next().unwrap_or("");
        if !matches!(short, "PieceSlot" | "PrototypeDefinition" | "CardSlot") {
            continue;
        }
        let name = if short == "PrototypeDefinition" {
            node.attr("name")
        } else {
            node.attr("entryName")
        };
        let what = format!("{short} `{name}`");
        let piece = match decode_add_piece(&node.text) {
            Ok(p) => p,
            Err(e) => {
                push(
                    Diagnostic::error("V0413", format!("{what} does not decode: {e}"))
                        .help("VASSAL reports 'couldn't build piece'"),
                );
                continue;
            }
        };
        check_piece(&what, &piece, &prototypes, custom_encoder, &mut push);
        for img in piece_images(&piece) {
            if let Some(d) = image_problem(&what, &img) {
                push(d);
            }
        }
        if short == "PrototypeDefinition" {
            decoded_protos.insert(name.to_string(), piece);
        } else {
            let gpid = node.attr("gpid").to_string();
            if let Some(other) = gpids.insert(gpid.clone(), what.clone()) {
                push(
                    Diagnostic::error("V0414", format!("{what} and {other} share gpid `{gpid}`"))
                        .help("refresh and saved games match pieces by gpid; make them unique"),
                );
            }
        }
    }
    // prototype cycles
    for name in decoded_protos.keys() {
        let mut seen = vec![name.clone()];
        let mut frontier = vec![name.clone()];
        while let Some(n) = frontier.pop() {
            let Some(p) = decoded_protos.get(&n) else {
                continue;
            };
            for (t, _) in &p.traits {
                if let Some(target) = prototype_name(t) {
                    if target == *name {
                        push(
                            Diagnostic::error(
                                "V0415",
                                format!("prototype `{name}` includes itself"),
                            )
                            .help("remove the cycle"),
                        );
                        frontier.clear();
                        break;
                    }
                    if !seen.contains(&target) {
                        seen.push(target.clone());
                        frontier.push(target);
                    }
                }
            }
        }
    }
    let max_gpid = gpids
        .keys()
        .filter_map(|g| g.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    let next: u64 = root.attr("nextPieceSlotId").parse().unwrap_or(0);
    if !gpids.is_empty() && next <= max_gpid {
        push(
            Diagnostic::warning(
                "V0416",
                format!("nextPieceSlotId {next} is not above the largest gpid {max_gpid}"),
            )
            .help("the editor would hand out a gpid already in use"),
        );
    }
    // 9. predefined setups
    for s in root.find_all("VASSAL.build.module.PredefinedSetup") {
        if s.attr("useFile") != "true" || s.attr("isMenu") == "true" {
            continue;
        }
        let file = s.attr("file");
        match archive.entries.get(file) {
            None => push(Diagnostic::error(
                "V0417",
                format!(
                    "setup `{}` names file `{file}`, which is not in the archive",
                    s.attr("name")
                ),
            )),
            Some(bytes) => match read_save(bytes) {
                Ok(text) => {
                    if !text.contains("SETUP_STACK\t") {
                        push(Diagnostic::warning("V0418", format!("setup `{file}` lacks SETUP_STACK")).help("without it the at-start stacks are placed again on top of the scenario"));
                    }
                    for cmd in split_commands(&text) {
                        if cmd.starts_with("+/") && !cmd.contains("/stack/") {
                            if let Err(e) = decode_add_piece(&cmd) {
                                push(Diagnostic::error(
                                    "V0419",
                                    format!("setup `{file}`: a piece does not decode: {e}"),
                                ));
                            }
                        }
                    }
                }
                Err(e) => push(Diagnostic::error(
                    "V0419",
                    format!("setup `{file}` cannot be read: {e}"),
                )),
            },
        }
    }
    report
}

/// The prototype a `prototype;Name[;params]` trait uses (`UsePrototype.mySetType`).
fn prototype_name(type_: &str) -> Option<String> {
    let body = type_.strip_prefix("prototype;")?;
    Some(
        SequenceDecoder::new(body, ';')
            .next_token()
            .unwrap_or_default(),
    )
}

fn check_piece(
    what: &str,
    piece: &DecodedPiece,
    prototypes: &BTreeMap<String, &Node>,
    custom_encoder: bool,
    push: &mut impl FnMut(Diagnostic),
) {
    let Some((last, _)) = piece.traits.last() else {
        return;
    };
    if !last.starts_with("piece;") {
        push(Diagnostic::error(
            "V0420",
            format!(
                "{what}: the innermost trait is `{}`, not a BasicPiece",
                trait_id(last)
            ),
        ));
    }
    for (i, (t, s)) in piece.traits.iter().enumerate() {
        let id = trait_id(t);
        if !KNOWN_TRAITS.contains(&id) {
            let d = if custom_encoder {
                Diagnostic::warning("V0421", format!("{what}: unknown trait `{id}`"))
                    .help("not a VASSAL 3.7 trait; the module's own command encoder may define it")
            } else {
                Diagnostic::error("V0421", format!("{what}: unknown trait `{id}`"))
                    .help("VASSAL replaces it with a dummy Marker and reports Bad Data")
            };
            push(d);
        }
        if i + 1 < piece.traits.len() && id == "piece;" {
            push(Diagnostic::error(
                "V0420",
                format!("{what}: a BasicPiece above other traits"),
            ));
        }
        if let Some(body) = t.strip_prefix("emb2;") {
            let mut d = SequenceDecoder::new(body, ';');
            let fields: Vec<String> = std::iter::from_fn(|| {
                d.has_more_tokens()
                    .then(|| d.next_token().unwrap_or_default())
            })
            .collect();
            if fields.get(24).map(String::as_str) != Some("1") {
                push(
                    Diagnostic::warning("V0422", format!("{what}: Layer version is not 1"))
                        .help("version 0 selects the legacy Embellishment0 decoder"),
                );
            }
            if fields.get(25).map(String::as_str) == Some("true")
                && s.trim().parse::<i64>().map_or(true, |v| v <= 0)
            {
                push(
                    Diagnostic::error(
                        "V0423",
                        format!("{what}: always-active Layer has state `{s}`"),
                    )
                    .help("a level ≤ 0 is not drawn"),
                );
            }
        }
        if let Some(name) = prototype_name(t) {
            if !prototypes.contains_key(&name) {
                push(
                    Diagnostic::error(
                        "V0424",
                        format!("{what}: prototype `{name}` does not exist"),
                    )
                    .help("VASSAL silently leaves the prototype's traits out of the piece (UsePrototype.buildPrototype); define it or fix the name"),
                );
            }
        }
        if t.ends_with('\\') || s.ends_with('\\') {
            push(
                Diagnostic::error("V0425", format!("{what}: a trait ends with a backslash"))
                    .help("the next delimiter would read as escaped"),
            );
        }
    }
}

/// Whether a location name resolves on a board's grid the way `MapGrid.getLocation` does: `None` when
/// the board has no grid (VASSAL then uses the stack's x and y) or a grid this reader cannot evaluate
/// (square grids, sideways hex grids).
pub fn location_resolves(board: &Node, location: &str) -> Option<bool> {
    let mut any_grid = false;
    let mut unknown_grid = false;
    for n in board.walk() {
        match n.tag.rsplit('.').next().unwrap_or("") {
            "Region" if n.attr("name") == location => return Some(true),
            "Zone" if n.attr("name") == location => return Some(true),
            "RegionGrid" | "ZonedGrid" => any_grid = true,
            "HexGrid" => {
                any_grid = true;
                // A numbering format such as `A$gridLocation$` wraps the grid location in fixed text
                // (RegularGridNumbering.getLocation matches the whole format).
                let format = n
                    .children
                    .iter()
                    .find(|c| c.tag.ends_with(".HexGridNumbering"))
                    .map_or("$gridLocation$", |c| c.attr("locationFormat"));
                let inner = match format.split_once("$gridLocation$") {
                    Some((before, after)) if !format.is_empty() => location
                        .strip_prefix(before)
                        .and_then(|l| l.strip_suffix(after))
                        .unwrap_or(location),
                    _ => location,
                };
                match hex_grid_from_node(n) {
                    Some(grid) if grid.location_point(inner).is_some() => return Some(true),
                    Some(_) => {}
                    None => unknown_grid = true,
                }
            }
            "SquareGrid" => {
                any_grid = true;
                unknown_grid = true;
            }
            _ => {}
        }
    }
    (any_grid && !unknown_grid).then_some(false)
}

/// The text of a saved game: unzip `savedGame` and undo the obfuscation.
pub fn read_save(bytes: &[u8]) -> Result<String, String> {
    let archive = read_archive(bytes, Limits::default())?;
    let data = archive
        .entries
        .get("savedGame")
        .ok_or("no savedGame entry")?;
    crate::vassal::vsav::deobfuscate(data).map_err(|e| e.to_string())
}

/// The commands of a saved game, flattened.
pub fn split_commands(text: &str) -> Vec<String> {
    crate::vassal::vsav::command_split(text)
}

/// A `HexGrid` element and its `HexGridNumbering` child as VASSAL's `setAttribute` reads them.
pub fn hex_grid_from_node(n: &Node) -> Option<crate::vassal::hexgrid::HexGrid> {
    use crate::vassal::hexgrid::{First, HexGrid, NumberType};
    if n.attr("sideways") == "true" {
        return None; // not supported by our port
    }
    let int = |k: &str, d: i32| {
        n.attrs
            .get(k)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(d)
    };
    let dbl = |k: &str, d: f64| {
        n.attrs
            .get(k)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(d)
    };
    let mut grid = HexGrid::new(
        int("x0", 0),
        int("y0", 32),
        dbl("dx", 59.0),
        dbl("dy", 64.0),
    );
    if let Some(num) = n
        .children
        .iter()
        .find(|c| c.tag.ends_with(".HexGridNumbering"))
    {
        let nb = &mut grid.numbering;
        let int = |k: &str, d: i32| {
            num.attrs
                .get(k)
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(d)
        };
        let flag = |k: &str, d: bool| num.attrs.get(k).map_or(d, |v| v == "true");
        nb.first = First::from_attribute(num.attr("first")).unwrap_or(nb.first);
        nb.sep = num.attr("sep").to_string();
        nb.h_type = NumberType::from_attribute(num.attr("hType")).unwrap_or(nb.h_type);
        nb.v_type = NumberType::from_attribute(num.attr("vType")).unwrap_or(nb.v_type);
        nb.h_leading = int("hLeading", nb.h_leading);
        nb.v_leading = int("vLeading", nb.v_leading);
        nb.h_off = int("hOff", nb.h_off);
        nb.v_off = int("vOff", nb.v_off);
        nb.h_descend = flag("hDescend", nb.h_descend);
        nb.v_descend = flag("vDescend", nb.v_descend);
        nb.stagger = flag("stagger", nb.stagger);
    }
    Some(grid)
}
