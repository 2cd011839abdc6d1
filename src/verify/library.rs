//! `vmodc check FILE.vmod --library`: what the VASSAL Module Library refuses on upload, and what
//! breaks for players later. Each rule cites the source that enforces it:
//! [vassalengine/game-library-service](https://github.com/vassalengine/game-library-service)
//! (`src/prod_core.rs`, `src/upload.rs`, `src/version.rs`) and
//! [vassalengine/vassal](https://github.com/vassalengine/vassal) (`vassal-app/src/main/java/VASSAL/…`).

use super::archive::{split_commands, Archive};
use super::decode::{decode_add_piece, DecodedPiece};
use super::moduledata::{major_minor, ModuleData};
use super::setups::SetupTexts;
use super::xml::Node;
use crate::diag::{plural, Diagnostic};
use crate::vassal::image::{image_size, tiling_problem};
use crate::vassal::sequence_encoder::SequenceDecoder;
use std::collections::BTreeSet;
use std::io::Read;
use std::path::Path;

/// Every library check.
pub(super) fn check(
    path: &Path,
    archive: &Archive,
    data: &ModuleData,
    root: Option<&Node>,
    setup_texts: &SetupTexts,
    push: &mut impl FnMut(Diagnostic),
) {
    module_version(&data.version, push);
    vassal_version(&data.vassal_version, push);
    file_names(path, archive, push);
    image_sizes(archive, push);
    if let Some(root) = root {
        gpids(root, push);
        translations(root, archive, push);
        setup_references(root, setup_texts, push);
    }
}

/// `check_moduledata` (game-library-service `src/prod_core.rs`) parses `<version>` as semver and
/// refuses the upload otherwise; `check_versions` then requires it to equal the release's version.
fn module_version(version: &str, push: &mut impl FnMut(Diagnostic)) {
    if !is_semver(version) {
        push(
            Diagnostic::error("V0440", format!("module version `{version}` is not semver: the Module Library refuses the upload"))
                .help("write MAJOR.MINOR.PATCH (no leading zeros; -pre-release and +build allowed) in moduledata <version>, the same as the release you upload it to (game-library-service check_moduledata, check_versions)"),
        );
    }
}

/// Semantic Versioning 2.0.0, as the `semver` crate the library uses parses it.
pub(super) fn is_semver(v: &str) -> bool {
    let (rest, build) = match v.split_once('+') {
        Some((r, b)) => (r, Some(b)),
        None => (v, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };
    let number = |p: &str| {
        !p.is_empty()
            && p.bytes().all(|b| b.is_ascii_digit())
            && (p == "0" || !p.starts_with('0'))
            && p.parse::<u64>().is_ok()
    };
    let ident =
        |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    let numbers: Vec<&str> = core.split('.').collect();
    numbers.len() == 3
        && numbers.iter().all(|p| number(p))
        && pre.is_none_or(|p| {
            p.split('.').all(|i| {
                ident(i)
                    && (!i.bytes().all(|b| b.is_ascii_digit()) || i == "0" || !i.starts_with('0'))
            })
        })
        && build.is_none_or(|b| b.split('.').all(ident))
}

/// The library turns `<VassalVersion>` into the release's minimum VASSAL version
/// (`format_minimum_vassal_version`, game-library-service `src/prod_core.rs`) only when it parses
/// as semver; a module that VASSAL 3 never made cannot have a real one.
fn vassal_version(vv: &str, push: &mut impl FnMut(Diagnostic)) {
    let real = is_semver(vv) && matches!(major_minor(vv), Some((3, _)));
    if !real {
        push(
            Diagnostic::warning("V0441", format!("VassalVersion `{vv}` is not a VASSAL 3 version: the Module Library cannot tell players which VASSAL the module needs"))
                .help("write the version of VASSAL the module was saved with, e.g. 3.7.26 (saving the module in VASSAL's editor writes it)"),
        );
    }
}

/// `safe_filename` (game-library-service `src/upload.rs`): the uploaded file's name. Entry names of
/// the archive are held to the same rule per path component: a module with such names cannot be
/// unpacked on Windows to be edited or kept in version control.
fn file_names(path: &Path, archive: &Archive, push: &mut impl FnMut(Diagnostic)) {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !is_safe_file_name(&name) {
        push(
            Diagnostic::error("V0442", format!("file name `{name}` is refused by the Module Library"))
                .help("no control characters, \" ' * / : < > ? | \\, no leading or trailing space, no trailing period, no `..`, not a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9), at most 255 bytes (game-library-service safe_filename)"),
        );
    }
    let unsafe_entries: Vec<&String> = archive
        .entries
        .keys()
        .filter(|e| !e.split('/').all(is_safe_file_name))
        .collect();
    if let Some(first) = unsafe_entries.first() {
        push(
            Diagnostic::warning(
                "V0442",
                format!(
                    "{} with an unsafe name (the first: `{first}`)",
                    plural(unsafe_entries.len(), "archive file")
                ),
            )
            .help("names the Module Library would refuse for a file cannot be unpacked on every system; rename them (game-library-service safe_filename)"),
        );
    }
}

/// `safe_filename` of game-library-service `src/upload.rs`.
pub(super) fn is_safe_file_name(name: &str) -> bool {
    let bad_char = |c: char| {
        matches!(c, '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}') || "\"'*/:<>?|\\".contains(c)
    };
    let stem = name.split('.').next().unwrap_or("").to_ascii_uppercase();
    let reserved = matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || ((stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.len() == 4
            && matches!(stem.as_bytes()[3], b'1'..=b'9'));
    !(name.is_empty()
        || name.len() > 255
        || name != name.trim()
        || name.ends_with('.')
        || name.contains("..")
        || name.chars().any(bad_char)
        || reserved)
}

/// `GpIdChecker.testGpId` (`build/GpIdChecker.java`): a slot whose gpid is empty, not a Java
/// `int`, or shared makes `GameRefresher` refuse to run ("Unable to run Refresh, module was saved
/// with older vassal version", `GameRefresher.gpid_error_message`). Shared gpids are V0414.
fn gpids(root: &Node, push: &mut impl FnMut(Diagnostic)) {
    let bad: Vec<String> = root
        .walk()
        .into_iter()
        .filter(|n| matches!(n.tag.rsplit('.').next(), Some("PieceSlot" | "CardSlot")))
        .filter(|n| n.attr("gpid").parse::<i32>().is_err())
        .map(|n| format!("{} (gpid `{}`)", n.attr("entryName"), n.attr("gpid")))
        .collect();
    if let Some(first) = bad.first() {
        push(
            Diagnostic::error("V0443", format!("{} with an empty or non-numeric gpid (the first: {first})", plural(bad.len(), "piece slot")))
                .help("players cannot refresh saved games (GameRefresher: \"module was saved with older vassal version\"); open and save the module in VASSAL's editor, which renumbers them (GpIdChecker)"),
        );
    }
}

/// Images too large for VASSAL to tile.
fn image_sizes(archive: &Archive, push: &mut impl FnMut(Diagnostic)) {
    for (name, bytes) in archive
        .entries
        .iter()
        .filter(|(n, _)| n.starts_with("images/"))
    {
        let Some((w, h)) = image_size(bytes) else {
            continue;
        };
        match tiling_problem(w, h) {
            Some((true, why)) => push(
                Diagnostic::error("V0444", format!("image `{name}` is {why}"))
                    .help("VASSAL counts an image's pixels in a Java int (TilingHandler.findImages, ScaleOpBitmapImpl.fixSize): split or shrink it below 2,147,483,647 pixels"),
            ),
            Some((false, why)) => push(
                Diagnostic::warning("V0444", format!("image `{name}` is {why}"))
                    .help("VASSAL's tiler needs 1.66 × 4 bytes per pixel + 150 MB and may use 3/4 of the memory (TilingHandler.sliceTiles): a player with 4 GB cannot open the module; shrink or split the image"),
            ),
            None => {}
        }
    }
}

/// The header of an image, read from its start: the first 32 bytes of a PNG or GIF; for a JPEG,
/// the segments are skipped up to the frame header, kept as `FF D8` + the frame segment. Whatever
/// else the entry holds is not kept, so `--library` costs a few bytes per image.
pub(super) fn image_header(r: &mut dyn Read) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::new();
    r.take(32).read_to_end(&mut head)?;
    if !head.starts_with(&[0xFF, 0xD8]) {
        return Ok(head);
    }
    let mut rest = std::io::Cursor::new(head[2..].to_vec()).chain(r);
    loop {
        let mut marker = [0u8; 4];
        if rest.read_exact(&mut marker).is_err() || marker[0] != 0xFF {
            return Ok(vec![0xFF, 0xD8]);
        }
        let len = u16::from_be_bytes([marker[2], marker[3]]) as u64;
        if matches!(marker[1], 0xC0..=0xCF) && !matches!(marker[1], 0xC4 | 0xC8 | 0xCC) {
            let mut frame = vec![0xFF, 0xD8];
            frame.extend(marker);
            (&mut rest)
                .take(len.saturating_sub(2))
                .read_to_end(&mut frame)?;
            return Ok(frame);
        }
        std::io::copy(
            &mut (&mut rest).take(len.saturating_sub(2)),
            &mut std::io::sink(),
        )?;
    }
}

/// VASSAL's translations (`i18n/Translation.java`): a `Translation` with locale `lang,COUNTRY` reads
/// `Module_lang_COUNTRY.properties`; a file no Translation names is never read, and one a
/// Translation names but the archive lacks translates nothing. `PlayerRoster.setSidesFromString`
/// refuses translated sides whose count differs from the module's and warns every player of that
/// language ("Side names cannot be translated").
fn translations(root: &Node, archive: &Archive, push: &mut impl FnMut(Diagnostic)) {
    let declared: BTreeSet<String> = root
        .find_all("VASSAL.i18n.Translation")
        .into_iter()
        .map(|t| bundle_file(t.attr("locale")))
        .collect();
    let present: BTreeSet<&String> = archive
        .entries
        .keys()
        .filter(|k| k.starts_with("Module_") && k.ends_with(".properties") && !k.contains('/'))
        .collect();
    for file in declared.iter().filter(|f| !present.contains(f)) {
        push(
            Diagnostic::warning("V0445", format!("a Translation reads `{file}`, which is not in the archive"))
                .help("players of that language see the untranslated module; add the file or remove the Translation"),
        );
    }
    let sides = root
        .find_all("VASSAL.build.module.PlayerRoster")
        .first()
        .map_or(0, |r| r.children_named("entry").count());
    for file in present {
        if !declared.contains(file.as_str()) {
            push(
                Diagnostic::warning("V0445", format!("`{file}` is no Translation's file: VASSAL never reads it"))
                    .help("add a Translation for its language under the module's Language component, or remove the file"),
            );
        }
        translated_sides(file, &archive.entries[file.as_str()], sides, push);
    }
}

/// `Module_` + language (+ `_` + country) + `.properties`, as `Translation.getBundleFileName`.
fn bundle_file(locale: &str) -> String {
    let mut parts = locale.split(',').map(str::trim);
    let language = parts.next().unwrap_or("");
    match parts.next().filter(|c| !c.is_empty()) {
        Some(country) => format!("Module_{language}_{country}.properties"),
        None => format!("Module_{language}.properties"),
    }
}

/// A translation's `PlayerRoster.sides` has as many sides as the module.
fn translated_sides(file: &str, bytes: &[u8], sides: usize, push: &mut impl FnMut(Diagnostic)) {
    let text = crate::vassal::properties::decode_bundle(bytes);
    let entries = match crate::vassal::properties::read_properties(&text) {
        Ok(e) => e,
        Err(e) => {
            push(Diagnostic::error(
                "V0445",
                format!("`{file}` cannot be read: {e}"),
            ));
            return;
        }
    };
    for (key, value) in entries
        .iter()
        .filter(|(k, _)| k.ends_with("PlayerRoster.sides"))
    {
        let count = crate::vassal::sequence_encoder::decode(value, ',').len();
        if count != sides {
            push(
                Diagnostic::error("V0445", format!("`{file}`: `{key}` translates {count} sides, the module has {sides}"))
                    .help("VASSAL keeps the untranslated sides and warns every player of that language (PlayerRoster.setSidesFromString)"),
            );
        }
    }
}

/// The saved games of predefined setups name boards and pieces of the module: a board name the
/// module lacks is dropped when the game loads (`BoardPicker.decode`), and a piece whose gpid no
/// slot or marker has cannot be refreshed ("Can't find matching Piece Slot",
/// `GameRefresher.refresh_error_nomatch_pieceslot`).
fn setup_references(root: &Node, setup_texts: &SetupTexts, push: &mut impl FnMut(Diagnostic)) {
    let boards: BTreeSet<&str> = root
        .find_all("VASSAL.build.module.map.boardPicker.Board")
        .into_iter()
        .map(|b| b.attr("name"))
        .collect();
    let gpids = module_gpids(root);
    let mut seen = BTreeSet::new();
    for setup in root.find_all("VASSAL.build.module.PredefinedSetup") {
        // Each file once, however many setups name it.
        let Some(file) = setup.attrs.get("file").filter(|f| seen.insert(*f)) else {
            continue;
        };
        let Some(super::setups::SetupText::Read(text)) = setup_texts.get(file) else {
            continue; // V0417, V0419, V0447
        };
        let commands = split_commands(text);
        for board in commands.iter().flat_map(|c| saved_boards(c)) {
            if !boards.contains(board.as_str()) {
                push(
                    Diagnostic::warning("V0446", format!("setup `{file}` places board `{board}`, which the module lacks"))
                        .help("VASSAL drops the board when the setup loads (BoardPicker.decode); save the setup again from the module"),
                );
            }
        }
        let strays: Vec<String> = commands
            .iter()
            .filter(|c| c.starts_with("+/") && !c.contains("/stack/"))
            .filter_map(|c| decode_add_piece(c).ok())
            .filter_map(|p| saved_gpid(&p))
            .filter(|g| !gpids.contains(g))
            .collect();
        if let Some(first) = strays.first() {
            push(
                Diagnostic::warning("V0446", format!("setup `{file}`: {} whose gpid no piece slot has (the first: `{first}`)", plural(strays.len(), "piece")))
                    .help("Refresh Counters cannot update them (GameRefresher: \"Can't find matching Piece Slot\"); save the setup again from the module"),
            );
        }
    }
}

/// The board names of a `…BoardPicker` command: `MAPBoardPicker\tNAME[/rev]\tX\tY…`.
fn saved_boards(command: &str) -> Vec<String> {
    let mut d = SequenceDecoder::new(command, '\t');
    if !d.next_token().is_some_and(|t| t.ends_with("BoardPicker")) {
        return Vec::new();
    }
    let mut out = Vec::new();
    while let Some(spec) = d.next_token() {
        out.push(
            SequenceDecoder::new(&spec, '/')
                .next_token()
                .unwrap_or_default(),
        );
        d.next_token();
        d.next_token();
    }
    out
}

/// The gpid in a saved piece's BasicPiece state (`mapId;x;y;gpid;…`, `BasicPiece.getState`).
fn saved_gpid(piece: &DecodedPiece) -> Option<String> {
    // Decks (`deck;`) and other non-pieces have no gpid.
    let (type_, state) = piece.traits.last()?;
    if !type_.starts_with("piece;") {
        return None;
    }
    let mut d = SequenceDecoder::new(state, ';');
    (0..3).for_each(|_| {
        d.next_token();
    });
    d.next_token().filter(|g| !g.is_empty())
}

/// The gpids of every slot and of every Place Marker and Replace trait (`GpIdChecker.checkTrait`
/// gives markers gpids of their own: `placemark;NAME;KEY;SPEC;TEXT;X;Y;ROTATE;AFTER;DESC;GPID;…`).
fn module_gpids(root: &Node) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for node in root.walk() {
        if matches!(node.tag.rsplit('.').next(), Some("PieceSlot" | "CardSlot")) {
            out.insert(node.attr("gpid").to_string());
        }
        if node.text.contains("placemark;") || node.text.contains("replace;") {
            if let Ok(piece) = decode_add_piece(&node.text) {
                out.extend(piece.traits.iter().filter_map(|(t, _)| marker_gpid(t)));
            }
        }
    }
    out
}

fn marker_gpid(type_: &str) -> Option<String> {
    let body = type_
        .strip_prefix("placemark;")
        .or_else(|| type_.strip_prefix("replace;"))?;
    let mut d = SequenceDecoder::new(body, ';');
    (0..9).for_each(|_| {
        d.next_token();
    });
    d.next_token()
}
