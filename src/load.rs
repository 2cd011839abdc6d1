//! Stage 1: find games in the data folders and read their TOML files into the [`model`](crate::model).
//!
//! A game `<id>` is `rules/<id>.toml` + `counters/<id>.toml` + `maps/<id>.toml` + every
//! `scenarios/<id>/*.toml`. Syntax errors and schema errors (unknown keys, wrong types) become
//! diagnostics pointing at the offending line; nothing here panics on bad input.

use crate::concept::game::{
    CountersFile, Game, ImageFile, Layering, Loaded, MapFile, ReleaseHistory, RulesFile,
    ScenarioFile, MAX_DECODED_PIXELS,
};
use crate::concept::series::compose::compose;
use crate::diag::{suggest, Diagnostic, Report, Sources};
use crate::model::{FileId, Sp};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub mod catalogs;
pub mod confine;
pub mod encodable;
pub mod schema;

/// The most turns a game has: a turn record track of 1,000 boxes is several times the longest
/// campaign game's; a count of 4,294,967,295 allocated per turn until the process aborted (#34).
pub const MAX_TURNS: u32 = 1_000;

/// Game ids found under `root/rules/*.toml`, sorted.
#[allow(clippy::result_large_err)] // one diagnostic, at most once per run
pub fn discover(root: &Path) -> Result<Vec<String>, Diagnostic> {
    let dir = root.join("rules");
    let entries = std::fs::read_dir(&dir).map_err(|e| {
        Diagnostic::error("V0001", format!("cannot read the rules folder: {e}"))
            .in_file(&dir)
            .help("run vmodc from the project root, or pass --root DIR")
    })?;
    let mut ids: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter(|p| !is_series_only(root, p))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    ids.sort();
    Ok(ids)
}

/// The `.toml` files of a folder, sorted (none when it cannot be read: a game without scenarios or
/// catalogs has no folder for them).
pub fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
}

/// Whether a rules file holds only a series' rules, for games to build on (a `[series]` table and
/// no counters of its own), rather than a game.
fn is_series_only(root: &Path, rules: &Path) -> bool {
    let Some(stem) = rules.file_stem() else {
        return false;
    };
    let stem = stem.to_string_lossy();
    let counters = format!("counters/{stem}.toml");
    // Confined like every read: a FIFO or device under rules/ must not block the discovery.
    let text = confine::read_inside(root, &format!("rules/{stem}.toml"), confine::MAX_TEXT_BYTES)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    // A series file with counters or a map of its own is also a game: one whose counters file was
    // deleted is a game with a missing file (an error), not a series that silently builds nothing.
    let own = |rel: &str| confine::is_file_inside(root, rel);
    !own(&counters)
        && !own(&format!("maps/{stem}.toml"))
        && !root.join("scenarios").join(&*stem).is_dir()
        && text.lines().any(|l| l.trim() == "[series]")
}

/// TOML files in the data folders that vmodc reads for no game, reported with game `id`: those
/// named after it (`scenarios/<id>.toml`, a scenario in a subfolder of `scenarios/<id>/`, a file whose
/// extension is not written `.toml`, `i18n/<id>.toml`) and, with the first game of the project only
/// (so that a build of every game says it once), files named after no game.
pub fn unread_files(root: &Path, id: &str) -> Vec<Diagnostic> {
    let games = discover(root).unwrap_or_default();
    let first = games.first().is_some_and(|g| g == id);
    let is_game = |stem: &str| games.iter().any(|g| g == stem) || stem == "interface";
    let mut found: Vec<(PathBuf, String)> = Vec::new();
    let entries = |dir: &Path| -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        paths.sort();
        paths
    };
    let is_toml = |p: &Path| p.extension().is_some_and(|x| x == "toml");
    let looks_toml = |p: &Path| {
        p.is_file()
            && p.extension()
                .is_some_and(|x| x != "toml" && x.to_string_lossy().eq_ignore_ascii_case("toml"))
    };
    let stem = |p: &Path| {
        p.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let name = |p: &Path| {
        p.file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    // scenarios/: a game's scenarios are the .toml files of scenarios/<id>/.
    for path in entries(&root.join("scenarios")) {
        let own = stem(&path) == id;
        if path.is_file() && (is_toml(&path) || looks_toml(&path)) {
            if own || (first && !is_game(&stem(&path))) {
                let game = if own { id.to_string() } else { "<game>".into() };
                found.push((path.clone(), format!(
                    "vmodc reads a game's scenarios from the folder scenarios/<game>/: move it to scenarios/{game}/{}.toml",
                    if own { "standard".to_string() } else { stem(&path) }
                )));
            }
        } else if path.is_dir() && own {
            for inner in entries(&path) {
                if looks_toml(&inner) {
                    found.push((inner.clone(), format!(
                        "only files ending in `.toml` (lower case) are read: rename it to scenarios/{id}/{}.toml",
                        stem(&inner)
                    )));
                } else if inner.is_dir() && entries(&inner).iter().any(|p| is_toml(p)) {
                    found.push((inner.clone(), format!(
                        "vmodc does not read subfolders of scenarios/{id}/: move its .toml files up into scenarios/{id}/"
                    )));
                }
            }
        } else if path.is_dir() && first && !is_game(&name(&path)) {
            found.push((path.clone(), format!(
                "no game is named `{}` (no rules/{}.toml): rename the folder to scenarios/<game>/ after a rules file, or add that game",
                name(&path), name(&path)
            )));
        }
    }
    // counters/, maps/: a game's files are named after its rules file.
    if first {
        for folder in ["counters", "maps"] {
            for path in entries(&root.join(folder)) {
                if is_toml(&path)
                    && !is_game(&stem(&path))
                    && !root.join("rules").join(name(&path)).is_file()
                {
                    found.push((path.clone(), format!(
                        "no game is named `{}` (no rules/{}.toml): name it after its game's rules file, or add rules/{}.toml",
                        stem(&path), stem(&path), stem(&path)
                    )));
                }
            }
        }
    }
    // i18n/: a game's catalogs are i18n/<id>/<lang>.toml.
    for path in entries(&root.join("i18n")) {
        if path.is_file()
            && is_toml(&path)
            && (stem(&path) == id || (first && !is_game(&stem(&path))))
        {
            found.push((path.clone(), format!(
                "catalogs are read from i18n/<game>/<language>.toml: move it to i18n/{}/<language>.toml (e.g. en.toml)",
                stem(&path)
            )));
        } else if path.is_dir() && first && !is_game(&name(&path)) {
            found.push((path.clone(), format!(
                "no game is named `{}` (no rules/{}.toml): rename the folder after its game's rules file",
                name(&path), name(&path)
            )));
        }
    }
    found
        .into_iter()
        .map(|(path, help)| {
            let shown = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            Diagnostic::warning(
                "V0824",
                format!("vmodc reads no game's data from `{}`", shown.display()),
            )
            .in_file(shown)
            .help(help)
        })
        .collect()
}

/// Load one game. On failure the report holds every problem found (all files are tried).
pub fn load_game(root: &Path, id: &str, sources: &mut Sources) -> Result<Game, Report> {
    load_game_with(root, id, sources, Images::Read)
}

/// Whether a load reads the image files the data names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Images {
    Read,
    /// Not read: the rules alone are wanted (`vmodc audit` reads a module's data files, which
    /// carry no scans).
    Skip,
}

/// [`load_game`], reading the images or not.
pub fn load_game_with(
    root: &Path,
    id: &str,
    sources: &mut Sources,
    images: Images,
) -> Result<Game, Report> {
    let first_file = sources.len();
    let mut report = Report::default();
    let (rules, layering) = load_rules(root, id, sources, &mut report);
    let counters =
        load_file::<CountersFile>(root, &format!("counters/{id}.toml"), sources, &mut report);
    let map = load_file::<MapFile>(root, &format!("maps/{id}.toml"), sources, &mut report);

    let mut scenarios = Vec::new();
    let scenario_dir = root.join("scenarios").join(id);
    for path in toml_files(&scenario_dir) {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .into_owned();
        if let Some(s) = load_file::<ScenarioFile>(root, &rel, sources, &mut report) {
            scenarios.push(s);
        }
    }

    // The release history is optional: a game without one has no "What's new" page.
    let history = format!("changes/{id}.toml");
    let releases = root
        .join(&history)
        .is_file()
        .then(|| load_file::<ReleaseHistory>(root, &history, sources, &mut report))
        .flatten();

    match (rules, counters, map) {
        (Some(rules), Some(_), Some(_)) if rules.turns.count.value > MAX_TURNS => {
            // Checked here, before any check or drawing walks the turns one by one.
            report.push(
                Diagnostic::error(
                    "V0037",
                    format!(
                        "{} turns: vmodc builds games of at most {MAX_TURNS} turns",
                        rules.turns.count.value
                    ),
                )
                .at(rules.file, rules.turns.count.span.clone(), "too many turns")
                .help("give the number of turns the game's turn record track has"),
            );
            Err(report)
        }
        (Some(rules), Some(counters), Some(map)) if !report.has_errors() => {
            let images = match images {
                Images::Read => load_images(root, &counters, &map, &mut report),
                Images::Skip => BTreeMap::new(),
            };
            let files = load_shipped_files(root, &rules, &counters, &mut report);
            if report.has_errors() {
                return Err(report);
            }
            Ok(Game {
                id: id.to_string(),
                rules,
                counters,
                map,
                scenarios,
                layering,
                images,
                files,
                releases,
                data_files: data_files(sources.files_from(first_file), id),
            })
        }
        _ => Err(report),
    }
}

/// The files the data ships into the module as they are, by their module entry name: each unit's
/// `face_images` (under `images/`) and every file of the `[raw] files` folder (at its path there).
/// Each is read confined to the project root, as every data path is.
fn load_shipped_files(
    root: &Path,
    rules: &Loaded<RulesFile>,
    counters: &Loaded<CountersFile>,
    report: &mut Report,
) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut read = |file: FileId, path: &Sp<String>, entry: String| match confine::read_inside(
        root,
        path.as_str(),
        confine::MAX_IMAGE_BYTES,
    ) {
        Ok(bytes) => {
            files.insert(entry, bytes);
        }
        Err(refusal) => report.push(
            Diagnostic::error(
                "V1004",
                format!("cannot ship `{}`: {refusal}", path.as_str()),
            )
            .at(file, path.span.clone(), "this file")
            .help(refusal.help()),
        ),
    };
    for unit in &counters.units {
        for path in unit.face_images.values() {
            let entry = format!(
                "images/{}",
                crate::concept::plan::shipped_file_name(path.as_str())
            );
            read(counters.file, path, entry);
        }
    }
    let folder = rules.raw.as_ref().and_then(|r| r.files.as_ref());
    if let Some(folder) = folder {
        for rel in files_under(root, folder.as_str()) {
            let entry = rel
                .strip_prefix(folder.as_str())
                .unwrap_or(&rel)
                .trim_start_matches('/')
                .to_string();
            let path = Sp {
                value: rel.clone(),
                span: folder.span.clone(),
            };
            read(rules.file, &path, entry);
        }
    }
    files
}

/// Every regular file under `folder` (relative to `root`), as paths relative to `root` with `/`,
/// in name order; symbolic links are not followed (the read refuses one that leads out).
fn files_under(root: &Path, folder: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = vec![folder.trim_end_matches('/').to_string()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(root.join(&dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = format!("{dir}/{name}");
            match entry.file_type() {
                Ok(t) if t.is_dir() => pending.push(rel),
                Ok(_) => out.push(rel),
                Err(_) => {}
            }
        }
    }
    out.sort();
    out
}

/// The game's data files among the files one load read, each once and as read (a game's rules
/// composed over its series' are added again under the game's path: the first text is the file's).
/// A series' rules file is kept as its games read it (`compose::as_series`).
fn data_files(read: &[crate::diag::SourceFile], id: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let own_rules = format!("rules/{id}.toml");
    for file in read {
        let path = file.path.to_string_lossy().replace('\\', "/");
        let data = ["rules/", "counters/", "maps/", "scenarios/"];
        if !data.iter().any(|d| path.starts_with(d)) || out.iter().any(|(p, _)| *p == path) {
            continue;
        }
        let text = if path.starts_with("rules/") && path != own_rules {
            crate::concept::series::compose::as_series(&file.text)
        } else {
            file.text.clone()
        };
        out.push((path, text));
    }
    out
}

/// Read every image file the data names (the map scan, the counter sheets); a file that cannot be
/// read or is not a PNG or JPEG is an error at the line that names it.
fn load_images(
    root: &Path,
    counters: &Loaded<CountersFile>,
    map: &Loaded<MapFile>,
    report: &mut Report,
) -> BTreeMap<String, ImageFile> {
    let named = map.map.image.iter().map(|i| (map.file, i)).chain(
        counters
            .art_sheets
            .iter()
            .map(|s| (counters.file, &s.image)),
    );
    let mut images = BTreeMap::new();
    for (file, path) in named {
        if images.contains_key(path.as_str()) {
            continue;
        }
        let bytes = match confine::read_inside(root, path.as_str(), confine::MAX_IMAGE_BYTES) {
            Ok(bytes) => bytes,
            Err(confine::Refusal::Io(e)) => {
                report.push(
                    Diagnostic::error("V1001", format!("cannot read image `{}`: {e}", path.as_str()))
                        .at(file, path.span.clone(), "this file")
                        .help("the path is relative to the project root (the folder holding rules/); put the scan there or correct the path"),
                );
                continue;
            }
            Err(refusal) => {
                report.push(refused(&refusal, path.as_str()).at(
                    file,
                    path.span.clone(),
                    "this path",
                ));
                continue;
            }
        };
        match ImageFile::from_bytes(path.as_str(), bytes) {
            Ok(image) => {
                let sheet = counters
                    .art_sheets
                    .iter()
                    .any(|s| s.image.value == path.value);
                if sheet && image.pixel_count() > MAX_DECODED_PIXELS {
                    report.push(
                        Diagnostic::error(
                            "V1030",
                            format!(
                                "counter sheet `{}` is {} × {} pixels: vmodc cuts sheets of at most {MAX_DECODED_PIXELS} pixels (400 MB decoded)",
                                path.as_str(), image.width, image.height
                            ),
                        )
                        .at(file, path.span.clone(), "too large to cut")
                        .help("scan the sheet at a lower resolution (300 dpi is plenty for a counter), or split it into several [[art_sheets]]"),
                    );
                    continue;
                }
                // An image VASSAL cannot tile at all is refused by its size (V1003): not decoded.
                let untileable = crate::vassal::image::tiling_problem(
                    u64::from(image.width),
                    u64::from(image.height),
                )
                .is_some_and(|(fatal, _)| fatal);
                let verified = if untileable { Ok(()) } else { image.verify() };
                if let Err(why) = verified {
                    report.push(
                        Diagnostic::error(
                            "V1031",
                            format!("image `{}` does not decode: {why}", path.as_str()),
                        )
                        .at(file, path.span.clone(), "truncated or corrupt")
                        .help("save the image again from the program that made it; a file cut short by a copy or download cannot go into a module"),
                    );
                    continue;
                }
                images.insert(path.value.clone(), image);
            }
            Err(why) => report.push(
                Diagnostic::error(
                    "V1002",
                    format!("image `{}` is unusable: {why}", path.as_str()),
                )
                .at(file, path.span.clone(), "not a PNG or JPEG image")
                .help("save the scan as PNG or JPEG (VASSAL shows both)"),
            ),
        }
    }
    images
}

/// Read a game's rules, layered over its series' rules when `[game] series` names one.
fn load_rules(
    root: &Path,
    id: &str,
    sources: &mut Sources,
    report: &mut Report,
) -> (Option<Loaded<RulesFile>>, Option<Layering>) {
    let rel = format!("rules/{id}.toml");
    let Some(file) = read_file(root, &rel, sources, report) else {
        return (None, None);
    };
    let text = sources
        .get(file)
        .map(|f| f.text.clone())
        .unwrap_or_default();
    let Some(series) = series_of(&text) else {
        return (parse_file(file, &text, report), None);
    };
    let series_rel = format!("rules/{}.toml", series.value);
    if let Err(refusal) = confine::relative_inside(&series_rel) {
        report.push(refused(&refusal, &series_rel).at(file, series.span.clone(), "this series"));
        return (None, None);
    }
    if series.value == id || !confine::is_file_inside(root, &series_rel) {
        report.push(
            Diagnostic::error("V0125", format!("no series rules `{series_rel}`"))
                .at(file, series.span.clone(), "not a series of this project")
                .help("name a rules file of rules/ that holds a [series] table"),
        );
        return (None, None);
    }
    let Some(series_file) = read_file(root, &series_rel, sources, report) else {
        return (None, None);
    };
    let series_text = sources
        .get(series_file)
        .map(|f| f.text.clone())
        .unwrap_or_default();
    if let Some(deeper) = series_of(&series_text) {
        report.push(
            Diagnostic::error(
                "V0036",
                format!(
                    "the series `{}` names a series of its own, `{}`: series do not layer",
                    series.value, deeper.value
                ),
            )
            .at(series_file, deeper.span.clone(), "a series over a series")
            .help("a game names one series; remove `series` from the series' [game] table"),
        );
        return (None, None);
    }
    match compose(&series.value, (&text, file), (&series_text, series_file)) {
        Ok(c) => {
            let composed = sources.add_composed(PathBuf::from(&rel), c.text.clone(), c.splices);
            (parse_file(composed, &c.text, report), Some(c.layering))
        }
        Err((line, stray)) => {
            report.push(
                Diagnostic::error(
                    "V0125",
                    format!("`{stray}` (line {line}) stands outside any table of the series rules"),
                )
                .in_file(&series_rel)
                .help("move it into a table: a series' sections are copied after its games' own"),
            );
            (None, None)
        }
    }
}

/// `[game] series` of a rules text, with its span (`None` when absent or the text does not parse:
/// the full parse reports that).
fn series_of(text: &str) -> Option<Sp<String>> {
    #[derive(Deserialize)]
    struct Head {
        game: Option<HeadGame>,
    }
    #[derive(Deserialize)]
    struct HeadGame {
        series: Option<Sp<String>>,
    }
    toml::from_str::<Head>(text).ok()?.game?.series
}

/// Read and parse one file; problems go into `report`.
pub fn load_file<T: DeserializeOwned>(
    root: &Path,
    rel: &str,
    sources: &mut Sources,
    report: &mut Report,
) -> Option<Loaded<T>> {
    let file = read_file(root, rel, sources, report)?;
    let text = sources
        .get(file)
        .map(|f| f.text.clone())
        .unwrap_or_default();
    parse_file(file, &text, report)
}

/// Read one file as UTF-8 into `sources`; problems go into `report`.
fn read_file(root: &Path, rel: &str, sources: &mut Sources, report: &mut Report) -> Option<FileId> {
    let text = match confine::read_inside(root, rel, confine::MAX_TEXT_BYTES) {
        Ok(bytes) => match String::from_utf8(bytes) {
            // A byte order mark is accepted the same in every file (a series' rules are spliced
            // into its games' text, where a BOM would stand in the middle): dropped on reading.
            Ok(t) => match t.strip_prefix('\u{feff}') {
                Some(rest) => rest.to_string(),
                None => t,
            },
            Err(e) => {
                // The text up to the first bad byte is the same in the lossy copy: point there.
                let at = e.utf8_error().valid_up_to();
                let shown = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let file = sources.add(PathBuf::from(rel), shown);
                let byte = e.as_bytes().get(at).copied().unwrap_or(0);
                report.push(
                    Diagnostic::error(
                        "V0003",
                        format!("file is not valid UTF-8: byte 0x{byte:02X} at byte offset {at}"),
                    )
                    .at(file, at..at + char::REPLACEMENT_CHARACTER.len_utf8(), "the first byte that is not UTF-8")
                    .help("save the file as UTF-8 (an editor's \"Save with encoding\"; Shift_JIS and Latin-1 are not read)"),
                );
                return None;
            }
        },
        Err(confine::Refusal::Io(e)) => {
            report.push(
                Diagnostic::error("V0002", format!("cannot read {rel}: {e}"))
                    .in_file(rel)
                    .help(
                        "every game needs rules/<id>.toml, counters/<id>.toml and maps/<id>.toml",
                    ),
            );
            return None;
        }
        Err(refusal) => {
            report.push(refused(&refusal, rel).in_file(rel));
            return None;
        }
    };
    Some(sources.add(PathBuf::from(rel), text))
}

/// The diagnostic for a data path the confinement rule refused (`load::confine`).
fn refused(refusal: &confine::Refusal, rel: &str) -> Diagnostic {
    let message = format!("vmodc does not read `{rel}`: {refusal}");
    match refusal {
        confine::Refusal::Outside(_) => Diagnostic::error("V0030", message),
        _ => Diagnostic::error("V0031", message),
    }
    .help(refusal.help())
}

/// Parse the text of `file`; a syntax or schema error goes into `report`.
fn parse_file<T: DeserializeOwned>(
    file: FileId,
    text: &str,
    report: &mut Report,
) -> Option<Loaded<T>> {
    match toml::from_str::<T>(text) {
        Ok(data) => {
            let unencodable = encodable::unencodable_texts(file, text);
            let clean = unencodable.is_empty();
            unencodable.into_iter().for_each(|d| report.push(d));
            clean.then_some(Loaded { file, data })
        }
        Err(e) => {
            report.push(toml_error(file, text, &e));
            report.extend(every_unknown_key::<T>(file, text, &e));
            None
        }
    }
}

/// serde stops at the first unknown key: the others a file holds, each found by parsing again with
/// the keys already found commented out (same length, so the spans stay true). Stops at the first
/// error of another kind, or when commenting a key out breaks the syntax (a value over several
/// lines, a key inside an inline table); those are left to the error `parse_file` reports.
fn every_unknown_key<T: DeserializeOwned>(
    file: FileId,
    text: &str,
    first: &toml::de::Error,
) -> Report {
    /// Enough for any real file; a bound keeps a pathological one from parsing forever.
    const MOST: usize = 50;
    let mut report = Report::default();
    let mut error = first.clone();
    let mut edited = text.to_string();
    for _ in 0..MOST {
        let Some(span) = error.span() else { break };
        if !error.message().starts_with("unknown field `") || span.is_empty() {
            break;
        }
        // The key's first character becomes `#`: the rest of the line is a comment.
        if !edited.is_char_boundary(span.start) || !edited.is_char_boundary(span.start + 1) {
            break;
        }
        let line_start = edited[..span.start].rfind('\n').map_or(0, |i| i + 1);
        if !edited[line_start..span.start].trim().is_empty() {
            break; // not a key at the start of its line (an inline table, a dotted key's tail)
        }
        edited.replace_range(span.start..span.start + 1, "#");
        error = match toml::from_str::<T>(&edited) {
            Ok(_) => break,
            Err(next) => next,
        };
        if !error.message().starts_with("unknown field `") {
            break; // a syntax error the edit made, or a fault of another kind
        }
        report.push(toml_error(file, text, &error));
    }
    report
}

/// A serde type mismatch (`invalid type: string "2", expected u32`, `unknown variant …`) in the
/// designer's words: what the key takes, with an example, and what was found with how to mend it.
fn plain_type_error(message: &str) -> Option<(String, String)> {
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        let (found, expected) = rest.split_once('`')?;
        let choices: Vec<&str> = expected
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, s)| s)
            .collect();
        let quoted: Vec<String> = choices.iter().map(|c| format!("\"{c}\"")).collect();
        let help = match suggest(found, choices.iter().copied()) {
            Some(s) => format!("did you mean \"{s}\"? accepted: {}", quoted.join(", ")),
            None => format!("accepted: {}", quoted.join(", ")),
        };
        return Some((
            format!("\"{found}\" is not one of the accepted values"),
            help,
        ));
    }
    let rest = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))?;
    let (found, expected) = rest.split_once(", expected ")?;
    let wanted = wanted_kind(expected.trim());
    let (found_words, found_value) = found_kind(found.trim());
    let mend = match (wanted.0, found_value.as_deref()) {
        (Kind::Whole, Some(v))
            if found_words.starts_with("the text") && v.parse::<i64>().is_ok() =>
        {
            "remove the quotes".to_string()
        }
        (Kind::Number, Some(v))
            if found_words.starts_with("the text") && v.parse::<f64>().is_ok() =>
        {
            "remove the quotes".to_string()
        }
        (Kind::Bool, Some("true" | "false")) => "remove the quotes".to_string(),
        (Kind::Whole, Some(v)) if v.parse::<f64>().is_ok() => {
            "write it without a fraction (and not negative where a count is meant)".to_string()
        }
        (Kind::Text, Some(v)) => format!("put it in quotes: \"{v}\""),
        _ => format!("write {}", wanted.1),
    };
    Some((
        format!("{}; found {found_words}", wanted.1),
        format!("{mend} (see docs/data-format.md for this key)"),
    ))
}

#[derive(Clone, Copy)]
enum Kind {
    Whole,
    Number,
    Bool,
    Text,
    Other,
}

/// What serde's `expected …` asks for, in plain words with an example.
fn wanted_kind(expected: &str) -> (Kind, String) {
    let words = |s: &str| s.to_string();
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" | "u128" => {
            (Kind::Whole, words("a whole number such as 4"))
        }
        "i8" | "i16" | "i32" | "i64" | "isize" | "i128" => {
            (Kind::Whole, words("a whole number such as 4 or -1"))
        }
        "f32" | "f64" => (Kind::Number, words("a number such as 2 or 2.5")),
        "a boolean" => (Kind::Bool, words("true or false (without quotes)")),
        "a string" | "a borrowed string" | "a character" => {
            (Kind::Text, words("a text in quotes, such as \"blue\""))
        }
        e if e.starts_with("a sequence")
            || e.starts_with("an array")
            || e.starts_with("a tuple") =>
        {
            (Kind::Other, words("a list in brackets, such as [1, 2]"))
        }
        e if e.starts_with("struct ") || e.starts_with("a map") || e.starts_with("a table") => (
            Kind::Other,
            words("a table: a [section] or { key = value, … }"),
        ),
        e if e.starts_with("enum ") || e.starts_with("variant") => {
            (Kind::Text, words("one of the accepted names, in quotes"))
        }
        other => (Kind::Other, other.to_string()),
    }
}

/// What serde says was found, in plain words, and the value itself when it has one.
fn found_kind(found: &str) -> (String, Option<String>) {
    let value = |prefix: &str, quote: char| {
        found
            .strip_prefix(prefix)
            .map(|v| v.trim().trim_matches(quote).to_string())
    };
    if let Some(v) = value("string ", '"') {
        return (format!("the text \"{v}\""), Some(v));
    }
    if let Some(v) = value("integer ", '`') {
        return (format!("the number {v}"), Some(v));
    }
    if let Some(v) = value("floating point ", '`') {
        return (format!("the number {v}"), Some(v));
    }
    if let Some(v) = value("boolean ", '`') {
        return (v.clone(), Some(v));
    }
    let words = match found {
        "sequence" => "a list",
        "map" => "a table",
        "unit value" | "unit" => "nothing",
        other => other,
    };
    (words.to_string(), None)
}

/// Turn a TOML/serde error into a diagnostic with a span and, for unknown keys, a suggestion.
fn toml_error(file: FileId, text: &str, e: &toml::de::Error) -> Diagnostic {
    let message = e.message().trim().to_string();
    let span = e.span().unwrap_or(0..0);
    let span = if span.is_empty() && span.start < text.len() {
        span.start..span.start + 1
    } else {
        span
    };
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let (name, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let choices: Vec<&str> = expected
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, s)| s)
            .collect();
        let mut d = Diagnostic::error("V0011", format!("unknown key `{name}`")).at(
            file,
            span,
            "not a key of this table",
        );
        d = match suggest(name, choices.iter().copied()) {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None if !choices.is_empty() => {
                d.help(format!("expected one of: {}", choices.join(", ")))
            }
            None => d,
        };
        return d;
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        let name = rest.split('`').next().unwrap_or(rest);
        return Diagnostic::error("V0012", format!("missing key `{name}`"))
            .at(file, span, "this table needs it")
            .help(format!("add `{name} = …` here (see docs/data-format.md)"));
    }
    let first_line = message.lines().next().unwrap_or("").to_string();
    if let Some((expected, help)) = plain_type_error(&first_line) {
        return Diagnostic::error("V0020", format!("expected {expected}"))
            .at(file, span, "this value")
            .help(help);
    }
    Diagnostic::error("V0010", format!("invalid TOML: {first_line}"))
        .at(file, span, "here")
        .help("see docs/data-format.md for the format of this file")
}
