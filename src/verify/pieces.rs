//! Checks 5–7 of vassal-format.md §7: every piece slot and prototype decodes into known traits
//! over a BasicPiece, uses images the archive holds and prototypes that exist, without cycles, and
//! has a gpid of its own.

use super::classes::Classes;
use super::decode::{
    decode_add_piece, marker_piece, piece_images, prototype_name, shape_image, trait_id,
    DecodedPiece, KNOWN_TRAITS,
};
use super::images::Images;
use super::xml::Node;
use crate::diag::Diagnostic;
use crate::vassal::sequence_encoder::SequenceDecoder;
use std::collections::BTreeMap;

/// Every PieceSlot, CardSlot and PrototypeDefinition of the module.
pub(super) fn check(
    root: &Node,
    images: &Images,
    classes: &Classes,
    push: &mut impl FnMut(Diagnostic),
) {
    // Legacy Layers are summed up in one note (uckelman/tld-mod has 990 of them).
    let mut legacy_layers: Vec<String> = Vec::new();
    let slots = check_slots(root, images, classes, &mut |d: Diagnostic| {
        if d.code == "V0422" {
            legacy_layers.push(d.message);
        } else {
            push(d);
        }
    });
    prototype_cycles(&slots.prototypes, push);
    if let Some(first) = legacy_layers.first() {
        push(legacy_layer_note(first, legacy_layers.len()));
    }
    if slots.without_gpid > 0 {
        push(missing_gpids(slots.without_gpid));
    }
    next_piece_slot_id(root, &slots.gpids, push);
}

/// What the slots of a module hold, for the checks across slots.
#[derive(Default)]
struct Slots {
    /// Each prototype by name, decoded.
    prototypes: BTreeMap<String, DecodedPiece>,
    /// Each gpid and the first slot that has it.
    gpids: BTreeMap<String, String>,
    without_gpid: usize,
}

/// Decode and check each slot and prototype on its own.
fn check_slots(
    root: &Node,
    images: &Images,
    classes: &Classes,
    push: &mut impl FnMut(Diagnostic),
) -> Slots {
    let prototypes: BTreeMap<String, &Node> = root
        .find_all("VASSAL.build.module.PrototypeDefinition")
        .into_iter()
        .map(|n| (n.attr("name").to_string(), n))
        .collect();
    let custom_encoder = has_custom_encoder(root, classes);
    let mut slots = Slots::default();
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
        check_piece(&what, &piece, &prototypes, custom_encoder, push);
        for t in &piece.traits {
            super::expressions::check_trait(&what, t, push);
        }
        check_piece_images(&what, &piece, images, push);
        if short == "PrototypeDefinition" {
            slots.prototypes.insert(name.to_string(), piece);
        } else {
            record_gpid(&mut slots, node.attr("gpid"), what, push);
        }
    }
    slots
}

/// Whether the module has its own command encoder (a subclass of BasicCommandEncoder, such as
/// daishi1/IK_module's `cxio.malnorma.MalnormaFactory`), which may define traits.
fn has_custom_encoder(root: &Node, classes: &Classes) -> bool {
    root.children.iter().any(|c| {
        c.tag != "VASSAL.build.module.BasicCommandEncoder"
            && (c.tag.ends_with("CommandEncoder") || classes.is_a(&c.tag, "BasicCommandEncoder"))
    })
}

/// Java's `String.isBlank`: empty, or only white space as `Character.isWhitespace` has it (which
/// leaves out the no-break spaces U+00A0, U+2007 and U+202F).
fn is_blank(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}'))
}

/// The images a piece draws, each once (a Layer and its BasicPiece often name the same file), and
/// those its shapes were traced from.
fn check_piece_images(
    what: &str,
    piece: &DecodedPiece,
    images: &Images,
    push: &mut impl FnMut(Diagnostic),
) {
    let names: std::collections::BTreeSet<String> = piece_images(piece).into_iter().collect();
    // A piece draws through `ScaledImagePainter.setImageName`, which loads nothing for a blank name
    // (`imageName.isBlank()`): a Layer level named " " is an empty level, never looked up.
    for img in names.iter().filter(|n| !is_blank(n)) {
        if let Some(d) = images.problem(what, img) {
            push(d);
        }
    }
    shape_images(what, piece, images, push);
}

/// A slot's gpid: counted when empty, an error when another slot has it.
fn record_gpid(slots: &mut Slots, gpid: &str, what: String, push: &mut impl FnMut(Diagnostic)) {
    if gpid.is_empty() {
        slots.without_gpid += 1;
        return;
    }
    if let Some(other) = slots.gpids.get(gpid) {
        push(
            Diagnostic::error("V0414", format!("{what} and {other} share gpid `{gpid}`"))
                .help("refresh and saved games match pieces by gpid; make them unique"),
        );
    } else {
        slots.gpids.insert(gpid.to_string(), what);
    }
}

/// Layers of version 0: `BasicCommandEncoder` converts each on load (`Embellishment.mySetType`), or
/// keeps the legacy `Embellishment0` when its keys cannot be converted; both play as designed.
fn legacy_layer_note(first: &str, count: usize) -> Diagnostic {
    let message = if count == 1 {
        first.to_string()
    } else {
        format!(
            "{} have version 0 (the first: {first})",
            crate::diag::plural(count, "Layer")
        )
    };
    Diagnostic::note("V0422", message).help(
        "VASSAL converts a version 0 Layer when it loads it (Embellishment.mySetType) or keeps the legacy Embellishment0; saving the module in VASSAL's editor writes version 1",
    )
}

/// The images NonRectangular shapes were traced from: VASSAL lists them among the piece's images
/// (and reports one it cannot load when it gathers them), but draws the stored shape without it,
/// so a missing one is a warning.
fn shape_images(
    what: &str,
    piece: &DecodedPiece,
    images: &Images,
    push: &mut impl FnMut(Diagnostic),
) {
    for name in piece.traits.iter().filter_map(|(t, _)| shape_image(t)) {
        if !images.exists(&name) {
            push(
                Diagnostic::warning(
                    "V0407",
                    format!("{what}: the shape was traced from image `{name}`, which is not in images/"),
                )
                .help("VASSAL draws the stored shape, but reports the image missing when it lists the module's images (Image Purge, NonRectangular.addLocalImageNames) and its editor cannot trace the shape again"),
            );
        } else if let Some(d) = images.svg_problem(what, &name, true) {
            push(d);
        }
    }
}

/// One warning for every piece slot without a gpid: VASSAL loads them (`GpIdChecker.testGpId` counts
/// an empty gpid as "not generated yet" and the editor fills it in), but saved games cannot be
/// refreshed against pieces that have none.
fn missing_gpids(count: usize) -> Diagnostic {
    Diagnostic::warning(
        "V0430",
        format!("{} without a gpid", crate::diag::plural(count, "piece slot")),
    )
    .help("open and save the module in VASSAL's editor, which assigns them (GpIdChecker); until then Refresh Counters cannot match the pieces of saved games")
}

/// No prototype includes itself, directly or through others.
fn prototype_cycles(
    decoded_protos: &BTreeMap<String, DecodedPiece>,
    push: &mut impl FnMut(Diagnostic),
) {
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
}

/// `nextPieceSlotId` is above every gpid in use.
fn next_piece_slot_id(
    root: &Node,
    gpids: &BTreeMap<String, String>,
    push: &mut impl FnMut(Diagnostic),
) {
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
}

/// One decoded piece: a BasicPiece innermost, known traits, Layers that draw, prototypes that exist.
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
                Diagnostic::note("V0421", format!("{what}: trait `{id}` is not VASSAL's")).help(
                    "the module's own command encoder may define it; vmodc cannot check inside it",
                )
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
                push(Diagnostic::note(
                    "V0422",
                    format!("{what}: Layer version is not 1"),
                ));
            }
            // `Embellishment.mySetState` reads the level from the first field only (`nextInt(-1)`):
            // later fields (`1;1;1;false`, written by other tools) are ignored.
            let level = SequenceDecoder::new(s, ';').next_int(-1);
            if fields.get(25).map(String::as_str) == Some("true") && level <= 0 {
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
                // A warning, not an error: VASSAL loads and plays the piece without the traits.
                push(
                    Diagnostic::warning(
                        "V0424",
                        format!("{what}: prototype `{name}` does not exist"),
                    )
                    .help("VASSAL silently leaves the prototype's traits out of the piece (UsePrototype.buildPrototype); define it or fix the name"),
                );
            }
        }
        match marker_piece(t) {
            Some(Ok(marker)) => check_piece(
                &format!("{what}: the marker of `{id}`"),
                &marker,
                prototypes,
                custom_encoder,
                push,
            ),
            Some(Err(e)) => push(
                Diagnostic::error(
                    "V0427",
                    format!("{what}: the marker of `{id}` cannot be decoded: {e}"),
                )
                .help(
                    "VASSAL reports Bad Data when the command runs (PlaceMarker.createBaseMarker)",
                ),
            ),
            None => {}
        }
        if t.ends_with('\\') || s.ends_with('\\') {
            push(
                Diagnostic::error("V0425", format!("{what}: a trait ends with a backslash"))
                    .help("the next delimiter would read as escaped"),
            );
        }
    }
}
