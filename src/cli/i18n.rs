//! `vmodc i18n`: translators' tools, catalog status and skeletons for new languages.

use super::{exit_for, games_or_all, print_report, Format, FAILED, USAGE};
use crate::concept::texts;
use crate::diag::{Report, Sources};
use crate::i18n::{DEFAULT_LANGUAGE, INTERFACE_FOLDER};
use crate::pipeline;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Load and check one game for the i18n tools; on failure the report is printed and the exit code
/// returned.
fn load_for_i18n(
    root: &Path,
    id: &str,
    sources: &mut Sources,
) -> Result<pipeline::Loaded, ExitCode> {
    let (loaded, report) = pipeline::load_and_check(root, id, sources);
    match loaded {
        Some(loaded) => Ok(loaded),
        None => {
            print_report(&report, sources, Format::Human);
            Err(exit_for(&report, false))
        }
    }
}

pub fn run_i18n_status(games: Vec<String>, root: &Path) -> ExitCode {
    let mut sources = Sources::default();
    let games = match games_or_all(games, root, &sources, Format::Human) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut missing_any = false;
    for id in games {
        let loaded = match load_for_i18n(root, &id, &mut sources) {
            Ok(l) => l,
            Err(code) => return code,
        };
        let entries = texts::entries(&loaded.game);
        outln!("{id}: {} texts", entries.len());
        if loaded.catalogs.is_empty() {
            outln!("  no catalogs in i18n/{id}/ (the module uses the data's own texts)");
        }
        for c in &loaded.catalogs {
            let language = loaded.language(Some(&c.code));
            let missing = language.missing(&entries);
            let unused = crate::i18n::unused(c, &entries);
            let repeated = language.repeated(&entries);
            missing_any |= !missing.is_empty();
            let mut line = format!(
                "  {} ({}): {} missing, {} unused",
                c.code,
                c.name,
                missing.len(),
                unused.len()
            );
            let (interface_copies, data_copies): (Vec<&&crate::i18n::Entry>, Vec<_>) =
                repeated.iter().partition(|e| e.is_interface());
            let untranslated = [
                (interface_copies.len(), "repeating the interface"),
                (data_copies.len(), "copying the data"),
                (
                    language.overrides(&entries).len(),
                    "worded otherwise than the data",
                ),
                (
                    crate::i18n::check::marked_for_translation_keys(c, &sources).len(),
                    "marked `# translate`",
                ),
                (
                    language.untranslated(&entries).len(),
                    "left as the data's English",
                ),
                (
                    language.stale(&entries).len(),
                    "translated from a text since changed",
                ),
                (
                    language.unrecorded(&entries).len(),
                    "not recording the text translated (`--record`)",
                ),
            ];
            for (count, what) in untranslated.iter().filter(|(n, _)| *n > 0) {
                line.push_str(&format!(", {count} {what}"));
            }
            if language.interface.is_some() {
                line.push_str(&format!(
                    " (interface texts: i18n/{INTERFACE_FOLDER}/{}.toml)",
                    c.code
                ));
            }
            outln!("{line}");
            let labels = language.labels_as_data(&entries);
            if !labels.is_empty() {
                outln!(
                    "    {} counter labels print as the data's (optional; translate them under [{}] where the language prints them otherwise):",
                    labels.len(),
                    crate::i18n::LABELS_SECTION
                );
                for e in &labels {
                    outln!("    label:   {} = {:?}", e.key, e.default);
                }
            }
            for e in missing {
                outln!("    missing: {}", e.key);
            }
            for k in unused {
                outln!("    unused:  {k}");
            }
            for e in repeated {
                outln!("    repeats: {} (delete it)", e.key);
            }
            for (e, record) in language.stale(&entries) {
                outln!(
                    "    stale:   {} (translated from {:?}, now {:?})",
                    e.key,
                    record.value,
                    e.default
                );
            }
        }
    }
    if missing_any {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

/// Which catalog `vmodc i18n extract` writes a skeleton of.
pub enum SkeletonOf {
    /// A game's catalog: the game's own texts (`vmodc i18n extract GAME LANG`).
    Game { game: String, lang: String },
    /// The interface catalog every game shares (`vmodc i18n extract --interface LANG`).
    Interface { lang: String },
}

/// Whether `vmodc i18n extract` writes a new catalog or edits an existing one.
pub enum CatalogEdit {
    New,
    /// `--update`: add the keys it lacks.
    Update,
    /// `--record`: write the text each translation was made from.
    Record,
}

impl CatalogEdit {
    /// From the flags `--update` and `--record` (which clap keeps apart).
    pub fn from_flags(update: bool, record: bool) -> Self {
        match (update, record) {
            (true, _) => CatalogEdit::Update,
            (_, true) => CatalogEdit::Record,
            _ => CatalogEdit::New,
        }
    }
}

pub fn run_i18n_extract(
    root: &Path,
    skeleton: &SkeletonOf,
    from: Option<&str>,
    out: Option<PathBuf>,
    force: bool,
    edit: CatalogEdit,
) -> ExitCode {
    match edit {
        CatalogEdit::Update => return update_catalog(root, skeleton),
        CatalogEdit::Record => return record_catalog(root, skeleton),
        CatalogEdit::New => {}
    }
    let written = match skeleton {
        SkeletonOf::Game { game, lang } => game_skeleton(root, game, lang, from),
        SkeletonOf::Interface { lang } => interface_skeleton(root, lang, from),
    };
    match written {
        Ok((text, path)) => match out {
            Some(out) => write_catalog(&text, out, force),
            None => write_catalog(&with_schema_line(root, &text), path, force),
        },
        Err(code) => code,
    }
}

/// A game catalog skeleton (the game's texts, and the interface texts `--from` words its own way)
/// and where it goes by default.
fn game_skeleton(
    root: &Path,
    game: &str,
    lang: &str,
    from: Option<&str>,
) -> Result<(String, PathBuf), ExitCode> {
    let mut sources = Sources::default();
    games_or_all(vec![game.to_string()], root, &sources, Format::Human)?;
    let loaded = load_for_i18n(root, game, &mut sources)?;
    let base = from.and_then(|f| loaded.catalogs.iter().find(|c| c.code == f));
    if let (Some(f), None) = (from, base) {
        errln!("error: no catalog i18n/{game}/{f}.toml to start from");
        return Err(ExitCode::from(USAGE));
    }
    let interface = root.join(format!("i18n/{INTERFACE_FOLDER}/{lang}.toml"));
    if lang != DEFAULT_LANGUAGE && !interface.is_file() {
        errln!(
            "note: the interface texts every game shares go into i18n/{INTERFACE_FOLDER}/{lang}.toml: `vmodc i18n extract --interface {lang}` writes it"
        );
    }
    Ok((
        texts::game_catalog_skeleton(&loaded.game, lang, base),
        root.join("i18n").join(game).join(format!("{lang}.toml")),
    ))
}

/// An interface catalog skeleton (every interface text of every game) and where it goes by default.
fn interface_skeleton(
    root: &Path,
    lang: &str,
    from: Option<&str>,
) -> Result<(String, PathBuf), ExitCode> {
    let mut sources = Sources::default();
    let mut report = Report::default();
    let base = match from {
        Some(f) => {
            let found = crate::load::catalogs::load_interface_catalogs(
                root,
                [f],
                &mut sources,
                &mut report,
            );
            if report.has_errors() {
                print_report(&report, &sources, Format::Human);
                return Err(ExitCode::from(FAILED));
            }
            let Some(base) = found.into_iter().next() else {
                errln!("error: no catalog i18n/{INTERFACE_FOLDER}/{f}.toml to start from");
                return Err(ExitCode::from(USAGE));
            };
            Some(base)
        }
        None => None,
    };
    Ok((
        texts::interface_catalog_skeleton(lang, base.as_ref()),
        root.join("i18n")
            .join(INTERFACE_FOLDER)
            .join(format!("{lang}.toml")),
    ))
}

/// A catalog in its default place names its schema for editors (`#:schema`, as `vmodc new` writes
/// it), unless the project names schemas in a `.taplo.toml` instead (as this repository does).
fn with_schema_line(root: &Path, text: &str) -> String {
    if root.join("schema/catalog.json").is_file() && !root.join(".taplo.toml").is_file() {
        // Game and interface catalogs both sit two folders below the root: i18n/<folder>/<lang>.toml.
        format!("#:schema ../../schema/catalog.json\n{text}")
    } else {
        text.to_string()
    }
}

/// What `--update` and `--record` edit: an existing catalog, the entries it translates, and the
/// check to run afterwards.
struct CatalogToEdit {
    path: PathBuf,
    catalog: crate::i18n::Catalog,
    /// The entries the catalog may translate; `missing` those it lacks.
    entries: Vec<crate::i18n::Entry>,
    missing: Vec<crate::i18n::Entry>,
    again: String,
}

/// Find the catalog `--update` or `--record` edits; on failure the error is printed.
fn catalog_to_edit(
    root: &Path,
    skeleton: &SkeletonOf,
    sources: &mut Sources,
) -> Result<CatalogToEdit, ExitCode> {
    match skeleton {
        SkeletonOf::Game { game, lang } => {
            games_or_all(vec![game.clone()], root, sources, Format::Human)?;
            let loaded = load_for_i18n(root, game, sources)?;
            let Some(catalog) = loaded.catalogs.iter().find(|c| &c.code == lang).cloned() else {
                errln!(
                    "error: there is no catalog i18n/{game}/{lang}.toml to update\n  = help: `vmodc i18n extract {game} {lang}` writes a new one"
                );
                return Err(ExitCode::from(USAGE));
            };
            let entries = texts::entries(&loaded.game);
            let missing: Vec<_> = loaded
                .language(Some(lang))
                .missing(&entries)
                .into_iter()
                .filter(|e| !e.is_interface())
                .cloned()
                .collect();
            Ok(CatalogToEdit {
                path: root.join("i18n").join(game).join(format!("{lang}.toml")),
                catalog,
                entries,
                missing,
                again: format!("vmodc check {game}"),
            })
        }
        SkeletonOf::Interface { lang } => {
            let mut report = Report::default();
            let found = crate::load::catalogs::load_interface_catalogs(
                root,
                [lang.as_str()],
                sources,
                &mut report,
            );
            if report.has_errors() {
                print_report(&report, sources, Format::Human);
                return Err(ExitCode::from(FAILED));
            }
            let Some(catalog) = found.into_iter().next() else {
                errln!(
                    "error: there is no catalog i18n/{INTERFACE_FOLDER}/{lang}.toml to update\n  = help: `vmodc i18n extract --interface {lang}` writes a new one"
                );
                return Err(ExitCode::from(USAGE));
            };
            let entries = texts::interface_entries();
            let missing = entries
                .iter()
                .filter(|e| !catalog.texts.contains_key(&e.key))
                .cloned()
                .collect();
            Ok(CatalogToEdit {
                path: root
                    .join("i18n")
                    .join(INTERFACE_FOLDER)
                    .join(format!("{lang}.toml")),
                catalog,
                entries,
                missing,
                again: "vmodc check".to_string(),
            })
        }
    }
}

/// `vmodc i18n extract … --update`: add the keys a catalog lacks, with their default texts marked
/// `# translate`, and keep everything the translator wrote.
fn update_catalog(root: &Path, skeleton: &SkeletonOf) -> ExitCode {
    let mut sources = Sources::default();
    let target = match catalog_to_edit(root, skeleton, &mut sources) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let (path, missing, again) = (&target.path, &target.missing, &target.again);
    if missing.is_empty() {
        errln!(
            "{} has a text for every key: nothing to add",
            path.display()
        );
        return ExitCode::SUCCESS;
    }
    let Some(text) = sources.get(target.catalog.file).map(|f| f.text.clone()) else {
        errln!("error: cannot read {}", path.display());
        return ExitCode::from(USAGE);
    };
    let refs: Vec<_> = missing.iter().collect();
    let updated = crate::i18n::skeleton::update(&text, &refs);
    if let Err(e) = crate::package::write_atomically(path, updated.as_bytes()) {
        errln!("error: {e}");
        return ExitCode::from(USAGE);
    }
    let keys: Vec<&str> = missing.iter().map(|e| e.key.as_str()).collect();
    errln!(
        "updated {}: added {} key(s) ({}), each marked `# translate`; translate them, delete the marks, then run `{again}`",
        path.display(),
        keys.len(),
        keys.join(", ")
    );
    ExitCode::SUCCESS
}

/// `vmodc i18n extract … --record`: write above every translation the text it was made from (the
/// data's, or vmodc's interface default), once the translator has checked them, so that `check`
/// warns when that text changes (V0911).
fn record_catalog(root: &Path, skeleton: &SkeletonOf) -> ExitCode {
    let mut sources = Sources::default();
    let target = match catalog_to_edit(root, skeleton, &mut sources) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let Some(text) = sources.get(target.catalog.file).map(|f| f.text.as_str()) else {
        errln!("error: cannot read {}", target.path.display());
        return ExitCode::from(USAGE);
    };
    let (recorded, keys) =
        crate::i18n::skeleton::record_sources(text, &target.catalog, &target.entries);
    if keys.is_empty() {
        errln!(
            "{}: every translation records the text it was made from: nothing to write",
            target.path.display()
        );
        return ExitCode::SUCCESS;
    }
    if let Err(e) = crate::package::write_atomically(&target.path, recorded.as_bytes()) {
        errln!("error: {e}");
        return ExitCode::from(USAGE);
    }
    const SHOWN: usize = 6;
    let more = keys.len().saturating_sub(SHOWN);
    errln!(
        "recorded in {} the text {} made from: {}{}",
        target.path.display(),
        if keys.len() == 1 {
            "1 translation was".to_string()
        } else {
            format!("{} translations were", keys.len())
        },
        keys[..keys.len().min(SHOWN)].join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    );
    ExitCode::SUCCESS
}

/// Write a catalog skeleton to `path` (`-`: standard output); an existing file only with --force.
fn write_catalog(text: &str, path: PathBuf, force: bool) -> ExitCode {
    if path.as_os_str() == "-" {
        out!("{text}");
        return ExitCode::SUCCESS;
    }
    if path.exists() && !force {
        errln!(
            "error: {} exists; pass --force to overwrite it, or --out to write elsewhere",
            path.display()
        );
        return ExitCode::from(USAGE);
    }
    if let Some(dir) = path.parent() {
        // A new language's interface catalog may be the first file of its folder.
        let _ = std::fs::create_dir_all(dir);
    }
    match crate::package::write_atomically(&path, text.as_bytes()) {
        Ok(()) => {
            errln!("wrote {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("error: {e}");
            ExitCode::from(USAGE)
        }
    }
}
