//! Piece strings decoded as VASSAL decodes them: the `+/id/TYPE/STATE` command, its nested TAB
//! encoding of traits, and what a trait's fields name (images, prototypes).

use crate::vassal::sequence_encoder::SequenceDecoder;

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
    // NonRectangular.OLD_ID: still registered in BasicCommandEncoder, read as a NonRectangular.
    "nonRect;",
    "playSound;",
    "AreaOfEffect;",
    "attach;",
    "locCommand;",
    "table;",
    "propertysheet;",
    "pivot;",
    "pieceName;",
];

/// A trait's ID: its type up to and including the first `;`.
pub fn trait_id(type_: &str) -> &str {
    match type_.find(';') {
        Some(i) => &type_[..=i],
        None => type_,
    }
}

/// Images a decoded piece refers to: the BasicPiece image, Layer images, a Mask's image, the
/// moved-marker icon, and those of the pieces a Place Marker / Replace trait creates.
pub(super) fn piece_images(piece: &DecodedPiece) -> Vec<String> {
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
        } else if let Some(Ok(marker)) = marker_piece(t) {
            // bounded: markers may hold markers
            if depth < 8 {
                let inner: Vec<&str> = marker.traits.iter().map(|(t, _)| t.as_str()).collect();
                trait_images(&inner, out, depth + 1);
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

/// The piece a Place Marker (`placemark;`) or Replace With Other (`replace;`) trait defines from
/// scratch: its markerSpec, an add-piece command `+/null/TYPE/STATE` (`PlaceMarker.mySetType`,
/// `isMarkerStandalone`). `None` for other traits, and for a marker named by a palette path or none.
pub(super) fn marker_piece(type_: &str) -> Option<Result<DecodedPiece, String>> {
    let body = type_
        .strip_prefix("placemark;")
        .or_else(|| type_.strip_prefix("replace;"))?;
    // command; key; markerSpec; …
    let mut d = SequenceDecoder::new(body, ';');
    let _command = d.next_token();
    let _key = d.next_token();
    let spec = d.next_token()?;
    spec.starts_with("+/").then(|| decode_add_piece(&spec))
}

/// A Layer's (`emb2;`) image of each level, in order, `""` for a level without one
/// (`Embellishment.mySetType`: the images are the 16th field).
pub fn layer_images(type_: &str) -> Option<Vec<String>> {
    layer_list(type_, 15)
}

/// A Layer's level names, one per image (`Embellishment`'s field after the images): what each level
/// adds to the piece's name (`+ reduced`, `reduced +`).
pub fn layer_level_names(type_: &str) -> Option<Vec<String>> {
    layer_list(type_, 16)
}

/// The comma list that is field `index` (from 0) of a Layer's type.
fn layer_list(type_: &str, index: usize) -> Option<Vec<String>> {
    let body = type_.strip_prefix("emb2;")?;
    let mut d = SequenceDecoder::new(body, ';');
    for _ in 0..index {
        d.next_token();
    }
    let list = d.next_token().unwrap_or_default();
    let mut levels = SequenceDecoder::new(&list, ',');
    let mut out = Vec::new();
    while levels.has_more_tokens() {
        out.push(levels.next_token().unwrap_or_default());
    }
    Some(out)
}

/// The level a Layer's state shows, from 1 (`Embellishment.setState`: its first field, negative
/// while the layer is not active).
pub fn layer_level(state: &str) -> i32 {
    SequenceDecoder::new(state, ';')
        .next_token()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(1)
}

/// A BasicPiece's image and name (`piece;cloneKey;deleteKey;image;name`).
pub fn basic_piece_fields(type_: &str) -> Option<(String, String)> {
    let body = type_.strip_prefix("piece;")?;
    let mut d = SequenceDecoder::new(body, ';');
    let _clone = d.next_token();
    let _delete = d.next_token();
    let image = d.next_token().unwrap_or_default();
    let name = d.next_token().unwrap_or_default();
    Some((image, name))
}

/// The prototype a `prototype;Name[;params]` trait uses (`UsePrototype.mySetType`).
pub fn prototype_name(type_: &str) -> Option<String> {
    let body = type_.strip_prefix("prototype;")?;
    Some(
        SequenceDecoder::new(body, ';')
            .next_token()
            .unwrap_or_default(),
    )
}

/// The image a NonRectangular trait's shape was traced from (`NonRectangular.buildPath`): in the
/// legacy shape (`nonRect;…` and `nonRect2;SCALE;…` with comma tokens) the token starting with `n`,
/// in the newer one (`d…`, space-separated) the rest of the line after `N`. VASSAL lists it among
/// the piece's images, but draws the stored shape without it.
pub(super) fn shape_image(type_: &str) -> Option<String> {
    let spec = if let Some(legacy) = type_.strip_prefix("nonRect;") {
        legacy.to_string()
    } else {
        let body = type_.strip_prefix("nonRect2;")?;
        let mut d = SequenceDecoder::new(body, ';');
        let _scale = d.next_token();
        d.remaining().to_string()
    };
    let name = match spec.strip_prefix('d') {
        Some(path) => path
            .split_once(" N ")
            .map(|(_, rest)| rest.lines().next().unwrap_or("").to_string()),
        None => spec
            .split(',')
            .find_map(|t| t.strip_prefix('n'))
            .map(str::to_string),
    };
    name.filter(|n| !n.is_empty())
}
