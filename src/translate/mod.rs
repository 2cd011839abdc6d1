//! `vmodc translate`: translate any module, ours or anyone's (docs/translate.md).
//!
//! 1. [`extract`] reads the buildFile the way VASSAL's `Localization` does and lists every text a
//!    player sees that VASSAL translates, each under VASSAL's own key: a component's attribute as
//!    `<full prefix><attribute>` (`ComponentI18nData.getFullPrefix`), a piece's text as
//!    `Piece.<text>` (`TranslatablePiece.PREFIX`). Which attributes and trait fields are
//!    translatable comes from a table generated from VASSAL 3.7.26's classes ([`table`]).
//! 2. [`catalog`] merges that list with the translator's catalog: a translation is kept while its
//!    source text is unchanged, marked stale when the source changed, and new texts start
//!    untranslated (or with the module's own `Module_<lang>.properties` text).
//! 3. [`write_module`] writes the module back with `Module_<lang>.properties` and, if missing, the
//!    `Translation` component: every other archive entry is copied as stored, byte for byte.

pub mod catalog;
mod table;

use crate::vassal::sequence_encoder::{decode, encode};
use crate::verify::{decode_add_piece, trait_id, Node};
use std::collections::BTreeSet;
use std::io::{Cursor, Read, Write};
pub use table::Table;

/// A text of the module a translator may translate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// VASSAL's key in `Module_<lang>.properties`.
    pub key: String,
    /// The text in the module.
    pub text: String,
    /// Where the text is first used, for the translator.
    pub place: String,
}

/// Attributes VASSAL marks translatable (they are `String`s) that no player reads: editor notes,
/// property names and values expressions compare with, numbers, a grid's separator.
const NOT_FOR_PLAYERS: &[&str] = &[
    "description",
    "desc",
    "propertyGate",
    "indexProperty",
    "highlightProperty",
    "initialValue",
    "min",
    "max",
    "sep",
    "version",
    "useBoards",
];

/// The components whose `name` a player reads (a menu item, a window title). Other names are
/// identifiers: expressions, saved games and other components refer to them (a Global Property, a
/// Deck, a Board, a Zone, a turn level), and a translated name would break those.
const NAMES_PLAYERS_READ: &[&str] = &[
    "GameModule",
    "BasicModule",
    "PredefinedSetup",
    "PieceWindow",
    "ChartWindow",
    "Tutorial",
    "Inventory",
];

/// Whether a component's attribute is a text for players.
fn for_players(class: &str, attribute: &str) -> bool {
    match attribute {
        "name" => NAMES_PLAYERS_READ.contains(&class),
        // A Global Translatable Message's value is the message itself.
        "initialValue" => class == "GlobalTranslatableMessage",
        other => !NOT_FOR_PLAYERS.contains(&other),
    }
}

/// Every translatable text of a buildFile, in document order, one per key.
pub fn extract(root: &Node, table: &Table) -> Vec<Source> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    walk(root, "", table, &mut |s: Source| {
        if seen.insert(s.key.clone()) {
            out.push(s);
        }
    });
    out
}

/// `ComponentI18nData.getFullPrefix`: the owner's full prefix and the component's own, with a dot
/// between when both are non-empty.
fn join(owner: &str, own: &str) -> String {
    if owner.is_empty() || own.is_empty() {
        format!("{owner}{own}")
    } else {
        format!("{owner}.{own}")
    }
}

fn walk(node: &Node, owner: &str, table: &Table, push: &mut impl FnMut(Source)) {
    let tag = node.tag.as_str();
    let class = tag.rsplit('.').next().unwrap_or(tag);
    // Folders are not owners: their children take the prefix of the first component above them
    // (`ComponentI18nData.getOwningComponent`), and their own name is the editor's.
    if tag.starts_with("VASSAL.build.module.folder.") {
        for child in &node.children {
            walk(child, owner, table, push);
        }
        return;
    }
    let row = table.component(class);
    let own = match row.map(|r| &r.prefix) {
        Some(table::Prefix::Piece) => {
            piece_texts(&node.text, &describe(node, class), table, push);
            return;
        }
        Some(table::Prefix::Empty) => String::new(),
        Some(table::Prefix::Fixed(text)) => text.clone(),
        // A class the table lacks (one VASSAL cannot build without a module) names itself by
        // `name`, as most components do.
        Some(table::Prefix::Named) | None => {
            let name_attribute = row.map_or(Some("name"), |r| r.name_attribute.as_deref());
            match name_attribute.map(|a| node.attr(a)) {
                Some(name) if !name.is_empty() => format!("{class}.{name}."),
                _ => format!("{class}."),
            }
        }
    };
    let full = join(owner, &own);
    if let Some(row) = row {
        for attribute in &row.attributes {
            if !for_players(class, attribute) {
                continue;
            }
            // The roster's sides are its `<entry>` children (`PlayerRoster.getAttributeValueString`).
            let text = if class == "PlayerRoster" && attribute == "sides" {
                let sides: Vec<String> = node
                    .children_named("entry")
                    .map(|e| e.text.clone())
                    .collect();
                if sides.is_empty() {
                    continue;
                }
                encode(&sides, ',')
            } else {
                node.attr(attribute).to_string()
            };
            if !text.trim().is_empty() {
                push(Source {
                    key: format!("{full}{attribute}"),
                    text,
                    place: describe(node, class),
                });
            }
        }
    }
    for child in &node.children {
        // Lower-case tags without a package are a component's data (`entry`, `option`).
        if child.tag.contains('.') || child.tag.starts_with(|c: char| c.is_ascii_uppercase()) {
            walk(child, &full, table, push);
        }
    }
}

/// A component as the translator finds it in VASSAL's editor: its class and name.
fn describe(node: &Node, class: &str) -> String {
    let name = [
        "name",
        "mapName",
        "entryName",
        "title",
        "chartName",
        "text",
        "buttonText",
    ]
    .iter()
    .map(|a| node.attr(a))
    .find(|n| !n.is_empty());
    match name {
        Some(n) => format!("{class} `{n}`"),
        None => class.to_string(),
    }
}

/// `Embellishment.strip`: a level name's `+` (prefix or suffix name) is not part of the text.
fn strip_level_name(text: &str) -> &str {
    text.strip_prefix('+')
        .or_else(|| text.strip_suffix('+'))
        .unwrap_or(text)
}

/// The texts of a piece definition (`ComponentI18nData(Configurable, GamePiece)`): every trait's
/// translatable fields, keyed `Piece.<text>`.
fn piece_texts(definition: &str, place: &str, table: &Table, push: &mut impl FnMut(Source)) {
    let Ok(piece) = decode_add_piece(definition) else {
        return;
    };
    for (type_, _state) in &piece.traits {
        let id = trait_id(type_);
        let fields = decode(&type_[id.len()..], ';');
        for (index, shape) in table.trait_fields(id, &fields) {
            let Some(field) = fields.get(index) else {
                continue;
            };
            let texts: Vec<String> = match shape {
                table::FieldShape::Whole => vec![field.clone()],
                table::FieldShape::List => decode(field, ',')
                    .iter()
                    .map(|t| {
                        if id == "emb2;" {
                            strip_level_name(t).to_string()
                        } else {
                            t.clone()
                        }
                    })
                    .collect(),
                table::FieldShape::Heads => decode(field, ',')
                    .iter()
                    .filter_map(|t| decode(t, ':').into_iter().next())
                    .collect(),
            };
            for text in texts {
                if !text.trim().is_empty() {
                    push(Source {
                        key: format!("Piece.{text}"),
                        text,
                        place: format!("{place}, trait `{id}`"),
                    });
                }
            }
        }
    }
}

/// The entry VASSAL reads a translation from: `Module_<language>[_<COUNTRY>].properties`
/// (`Translation.getBundleFileName`).
pub fn bundle_name(language: &str) -> String {
    format!("Module_{language}.properties")
}

/// The Translation component's `locale` attribute: `language,COUNTRY` (`LocaleConfigurer`).
fn locale_attribute(language: &str) -> String {
    match language.split_once('_') {
        Some((l, c)) => format!("{l},{c}"),
        None => format!("{language},"),
    }
}

/// The buildFile with a Translation for `language`, or `None` when it already has one. Only the
/// component is inserted: every other byte of the file stays as it was.
pub fn with_translation_component(build_file: &str, language: &str) -> Option<String> {
    let locale = locale_attribute(language);
    if build_file.contains(&format!("locale=\"{locale}\"")) {
        return None;
    }
    let translation = format!("<VASSAL.i18n.Translation locale=\"{locale}\"/>");
    if let Some(at) = build_file.find("<VASSAL.i18n.Language>") {
        let end = at + "<VASSAL.i18n.Language>".len();
        // Indented as the Translation already there, if any.
        let rest = &build_file[end..];
        let indent = rest
            .strip_prefix('\n')
            .map(|r| &r[..r.len() - r.trim_start_matches([' ', '\t']).len()])
            .filter(|i| !i.is_empty())
            .unwrap_or("    ");
        return Some(format!(
            "{}\n{indent}{translation}{rest}",
            &build_file[..end]
        ));
    }
    let full = format!("<VASSAL.i18n.Language>\n    {translation}\n  </VASSAL.i18n.Language>");
    if build_file.contains("<VASSAL.i18n.Language/>") {
        return Some(build_file.replacen("<VASSAL.i18n.Language/>", &full, 1));
    }
    let close = build_file.rfind("</VASSAL.build.GameModule>")?;
    Some(format!(
        "{}  {full}\n{}",
        &build_file[..close],
        &build_file[close..]
    ))
}

/// The module's bytes with `Module_<language>.properties` set to `properties` and the buildFile
/// given a Translation for the language if it lacks one. Every other entry is copied as stored
/// (its compressed bytes, dates and attributes unchanged).
pub fn write_module(module: &[u8], language: &str, properties: &str) -> Result<Vec<u8>, String> {
    let mut archive = zip::ZipArchive::new(Cursor::new(module)).map_err(|e| e.to_string())?;
    let bundle = bundle_name(language);
    let build_name = ["buildFile.xml", "buildFile"]
        .into_iter()
        .find(|n| archive.index_for_name(n).is_some())
        .ok_or("the module has no buildFile.xml")?;
    let mut build_file = String::new();
    archive
        .by_name(build_name)
        .map_err(|e| e.to_string())?
        .read_to_string(&mut build_file)
        .map_err(|e| format!("{build_name}: {e}"))?;
    let new_build_file = with_translation_component(&build_file, language);
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    for i in 0..archive.len() {
        let file = archive.by_index_raw(i).map_err(|e| e.to_string())?;
        let name = file.name().map_err(|e| e.to_string())?.to_string();
        if name == bundle {
            continue;
        }
        match (&new_build_file, name == build_name) {
            (Some(text), true) => {
                drop(file);
                writer
                    .start_file(build_name, options)
                    .map_err(|e| e.to_string())?;
                writer
                    .write_all(text.as_bytes())
                    .map_err(|e| e.to_string())?;
            }
            _ => writer.raw_copy_file(file).map_err(|e| e.to_string())?,
        }
    }
    writer
        .start_file(bundle, options)
        .map_err(|e| e.to_string())?;
    writer
        .write_all(properties.as_bytes())
        .map_err(|e| e.to_string())?;
    Ok(writer.finish().map_err(|e| e.to_string())?.into_inner())
}
