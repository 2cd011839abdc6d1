//! `vmodc diff A.vmod B.vmod --format html`: the data diff's page (`crate::diff::html`: its style
//! and its tables of changes by area) with each changed piece drawn before and after, face by face,
//! from each module's own images. Images are embedded as data URIs, so the page is one file.

use super::compare::{id_and_fields, label, ModuleDiff};
use super::read::{read_entries, ModuleFile, Slot};
use crate::diff::html::{tables, STYLE};
use crate::html::{data_uri, escape, page};
use crate::vassal::sequence_encoder::decode;
use crate::verify::decode::DecodedPiece;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// One side of the comparison: the module read, and where its file is (to read the images from).
pub struct Side<'a> {
    pub label: &'a str,
    pub path: &'a Path,
    pub module: &'a ModuleFile,
}

/// The whole page.
pub fn module_diff_page(old: &Side, new: &Side, diff: &ModuleDiff) -> Result<String, String> {
    let title = format!("What changed from {} to {}", old.label, new.label);
    let mut body = format!(
        "<h1>{}</h1>\n<p>{} change(s).</p>\n",
        escape(&title),
        diff.changes.len()
    );
    body.push_str(&pieces(old, new, diff)?);
    body.push_str(&tables(&diff.changes));
    let style = format!("{STYLE}tr.changed td {{ background: #fff3c4; }}\n");
    Ok(page("en", &escape(&title), &style, &body))
}

/// A piece's faces: (which face, image name), outermost trait first, prototypes expanded.
fn faces(piece: &DecodedPiece, module: &ModuleFile, depth: usize) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, (type_, _)) in piece.traits.iter().enumerate() {
        let (id, fields) = id_and_fields(type_);
        let field = |f: usize| fields.get(f).cloned().unwrap_or_default();
        match id {
            "prototype;" if depth < 8 => {
                let name = field(0);
                let used = module
                    .prototypes
                    .iter()
                    .find(|p| p.name == name)
                    .and_then(|p| p.piece.as_ref().ok());
                if let Some(p) = used {
                    // the prototype's own BasicPiece is not part of the piece
                    out.extend(
                        faces(p, module, depth + 1)
                            .into_iter()
                            .filter(|(f, _)| f != BASIC),
                    );
                }
            }
            "emb2;" => {
                let label = label(type_, i);
                let names = decode(&field(16), ',');
                for (level, image) in decode(&field(15), ',').into_iter().enumerate() {
                    let face = names
                        .get(level)
                        .filter(|n| !n.is_empty())
                        .map_or(String::new(), |n| format!(" ({n})"));
                    out.push((format!("{label} level {}{face}", level + 1), image));
                }
            }
            "obs;" => out.push(("Mask".into(), field(1))),
            "piece;" => out.push((BASIC.into(), field(2))),
            _ => {}
        }
    }
    out.retain(|(_, image)| !image.is_empty());
    out
}

const BASIC: &str = "Basic Piece";

fn slot(module: &ModuleFile, prototype: bool, index: Option<usize>) -> Option<&Slot> {
    let list = if prototype {
        &module.prototypes
    } else {
        &module.pieces
    };
    index.and_then(|i| list.get(i))
}

fn faces_of(module: &ModuleFile, s: Option<&Slot>) -> Vec<(String, String)> {
    s.and_then(|s| s.piece.as_ref().ok())
        .map_or_else(Vec::new, |p| faces(p, module, 0))
}

/// The media type of an image, from its name.
fn media_type(name: &str) -> &'static str {
    let extension = name
        .rsplit_once('.')
        .map_or("", |(_, e)| e)
        .to_ascii_lowercase();
    match extension.as_str() {
        "gif" => "image/gif",
        "jpg" | "jpeg" => "image/jpeg",
        "svg" => "image/svg+xml",
        "bmp" => "image/bmp",
        "webp" => "image/webp",
        _ => "image/png",
    }
}

/// One face of a changed piece: which face, its image before and after (`None`: the piece or the
/// face is not there).
type FaceRow = (String, Option<String>, Option<String>);

/// Each changed piece's faces, before and after, side by side; a face whose image changed is
/// marked.
fn pieces(old: &Side, new: &Side, diff: &ModuleDiff) -> Result<String, String> {
    if diff.pieces.is_empty() {
        return Ok(String::new());
    }
    let rows: Vec<(String, Vec<FaceRow>)> = diff
        .pieces
        .iter()
        .map(|c| {
            let a = faces_of(old.module, slot(old.module, c.prototype, c.old));
            let b = faces_of(new.module, slot(new.module, c.prototype, c.new));
            let mut names: Vec<String> = b.iter().map(|(f, _)| f.clone()).collect();
            for (f, _) in &a {
                if !names.contains(f) {
                    names.push(f.clone());
                }
            }
            let find = |list: &[(String, String)], f: &str| {
                list.iter().find(|(g, _)| g == f).map(|(_, i)| i.clone())
            };
            let faces = names
                .into_iter()
                .map(|f| {
                    let (x, y) = (find(&a, &f), find(&b, &f));
                    (f, x, y)
                })
                .collect();
            (c.what.clone(), faces)
        })
        .collect();
    let wanted = |pick: fn(&FaceRow) -> &Option<String>| {
        rows.iter()
            .flat_map(|(_, faces)| faces.iter().filter_map(|f| pick(f).clone()))
            .map(|name| format!("images/{name}"))
            .collect::<BTreeSet<String>>()
    };
    let open =
        |side: &Side, names: &BTreeSet<String>| -> Result<BTreeMap<String, Vec<u8>>, String> {
            let file = std::fs::File::open(side.path)
                .map_err(|e| format!("cannot read {}: {e}", side.path.display()))?;
            read_entries(std::io::BufReader::new(file), names)
                .map_err(|e| format!("cannot read {}: {e}", side.path.display()))
        };
    let before = open(old, &wanted(|f| &f.1))?;
    let after = open(new, &wanted(|f| &f.2))?;
    let cell = |images: &BTreeMap<String, Vec<u8>>, name: &Option<String>| match name {
        None => "<td class=\"none\">none</td>".to_string(),
        Some(n) => match images.get(&format!("images/{n}")) {
            Some(bytes) => format!(
                "<td><img src=\"{}\" alt=\"{}\"><br><small>{}</small></td>",
                data_uri(media_type(n), bytes),
                escape(n),
                escape(n)
            ),
            None => format!("<td class=\"none\">{} (not in the module)</td>", escape(n)),
        },
    };
    let mut out = String::from(
        "<h3>Pieces</h3>\n<table class=\"pieces\">\n\
         <tr><th>Piece</th><th>Face</th><th>Before</th><th>After</th></tr>\n",
    );
    for (what, faces) in &rows {
        if faces.is_empty() {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td class=\"none\" colspan=\"3\">no image</td></tr>",
                escape(what)
            );
        }
        for (face, x, y) in faces {
            // same name, other content: the image file itself changed
            let changed = x != y
                || x.as_ref().is_some_and(|n| {
                    let key = format!("images/{n}");
                    old.module.entries.get(&key) != new.module.entries.get(&key)
                });
            let _ = writeln!(
                out,
                "<tr{}><td>{}</td><td>{}</td>{}{}</tr>",
                if changed { " class=\"changed\"" } else { "" },
                escape(what),
                escape(face),
                cell(&before, x),
                cell(&after, y)
            );
        }
    }
    out.push_str("</table>\n");
    Ok(out)
}
