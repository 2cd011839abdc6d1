//! The pipeline: load → check → render → emit → package, for one game at a time and one module per
//! language catalog.

use crate::check::check_game;
use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::concept::texts;
use crate::diag::{Diagnostic, Report, Severity, Sources};
use crate::emit;
use crate::i18n::{self, Catalog, Language, Texts};
use crate::package::{self, Entry};
use crate::render::RenderError;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

mod area_art;
mod art;
pub mod board_images;
pub mod cache;
pub mod committed;
mod map_art;
pub mod overlay;
mod printed_cache;

/// One face of a unit's counter, drawn as the module draws it (PNG), for the diff page.
pub use art::counter_image;
/// The module's pictures as the print-and-play PDF takes them (`src/print/`).
pub use art::{
    image_texts, printed_boards, printed_cards, printed_counters, ImageTexts, PrintedBoards,
    PrintedCounter, PrintedImage,
};
pub use map_art::{hex_map_art, turn_chart_art, turn_chart_boxes};

/// Where data is read from and modules are written to.
#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub out: PathBuf,
    pub deny_warnings: bool,
    /// Folder of the rendered-image cache (none: render everything).
    pub cache: Option<PathBuf>,
    /// What to write beside each game's modules: the print-and-play PDFs (`vmodc build --no-print`:
    /// none, modules only).
    pub print: Option<KitPrinter>,
}

/// Prints a checked game's print-and-play kits, one per module, for the build to write beside its
/// modules. The PDF writer (`src/print/`) sits above the build and uses its image adapters, so the
/// build is handed it as a value by the layer above both instead of importing it.
pub type KitPrinter = fn(
    &Loaded,
    &Path,
    Option<&cache::Cache>,
    &[crate::diag::SourceFile],
) -> Result<Vec<Kit>, Diagnostic>;

/// A printed kit to write: where it goes, the fingerprint of what it is printed from, and its
/// bytes (`None`: the file there was printed from the same inputs and is left as it is).
pub struct Kit {
    pub path: PathBuf,
    pub fingerprint: String,
    pub pdf: Option<Vec<u8>>,
}

/// What happened to one game.
#[derive(Debug)]
pub struct Outcome {
    pub game: String,
    pub report: Report,
    /// The game's modules (none when the build stopped).
    pub modules: Vec<Module>,
    /// The game's print-and-play PDFs, one per module (none when the build stopped).
    pub prints: Vec<Module>,
}

/// One module file of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    pub path: PathBuf,
    /// Its size in bytes.
    pub size: u64,
    /// Whether it was written by this build (false: the file already held what the build would
    /// write, as the cache's record of its inputs showed, so nothing was compiled).
    pub written: bool,
}

/// A game with its language catalogs.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub game: Game,
    /// The game's own catalogs, one per language.
    pub catalogs: Vec<Catalog>,
    /// The interface catalogs of the game's languages (`i18n/interface/<lang>.toml`).
    pub interface: Vec<Catalog>,
}

impl Loaded {
    /// The game with its catalogs and the interface catalogs of its languages, read and checked
    /// (problems go into `report`).
    pub fn with_catalogs(
        root: &Path,
        game: Game,
        sources: &mut Sources,
        report: &mut Report,
    ) -> Loaded {
        let catalogs = crate::load::catalogs::load_catalogs(root, &game.id, sources, report);
        let codes = catalogs.iter().map(|c| c.code.as_str());
        let interface =
            crate::load::catalogs::load_interface_catalogs(root, codes, sources, report);
        let entries = texts::entries(&game);
        report.extend(i18n::check::check_catalogs(
            &game.id, &entries, &catalogs, &interface, sources,
        ));
        let every_interface_text = texts::interface_entries();
        for c in &interface {
            report.extend(i18n::check::check_interface_catalog(
                &every_interface_text,
                c,
            ));
        }
        Loaded {
            game,
            catalogs,
            interface,
        }
    }

    /// The catalogs of one language (none: the data's own texts, with the English interface).
    pub fn language(&self, lang: Option<&str>) -> Language<'_> {
        let Some(lang) = lang else {
            return Language::default();
        };
        Language {
            game: self.catalogs.iter().find(|c| c.code == lang),
            interface: self.interface.iter().find(|c| c.code == lang),
        }
    }

    /// The texts of one language's module.
    pub fn texts(&self, lang: Option<&str>) -> Texts {
        Texts::new(&texts::entries(&self.game), self.language(lang))
    }

    /// The plan of one language's module, its boards laid out for every language the game is
    /// built in (so they have one geometry in all of them), without the ids of
    /// [`plan_for`]: the print-and-play kit's plan.
    pub fn plan_in(&self, lang: Option<&str>) -> Plan {
        let every: Vec<Texts> = languages(self)
            .iter()
            .map(|l| self.texts(l.as_deref()))
            .collect();
        Plan::in_languages(
            &self.game,
            self.texts(lang),
            &every,
            crate::concept::CONCEPTS,
        )
    }
}

/// Load and check one game and its catalogs; the report says whether it may be built.
pub fn load_and_check(root: &Path, id: &str, sources: &mut Sources) -> (Option<Loaded>, Report) {
    let unread = crate::load::unread_files(root, id);
    match crate::load::load_game(root, id, sources) {
        Ok(game) => {
            let mut report = check_game(&game, sources);
            for d in art::illegible_labels(&game) {
                report.push(d);
            }
            report.diagnostics.extend(unread);
            let loaded = Loaded::with_catalogs(root, game, sources, &mut report);
            for d in output_collisions(root, &loaded) {
                report.push(d);
            }
            report.sort();
            (Some(loaded), report)
        }
        Err(mut report) => {
            report.diagnostics.extend(unread);
            (None, report)
        }
    }
}

/// Another game of the project whose module file has the name of one of this game's: game `tiny`
/// with a catalog `x` and a game `tiny-x` both write `tiny-x.vmod`, and one would be lost.
fn output_collisions(root: &Path, loaded: &Loaded) -> Vec<Diagnostic> {
    let own: Vec<(String, Option<String>)> = languages(loaded)
        .into_iter()
        .map(|lang| (module_file_name(&loaded.game, lang.as_deref()), lang))
        .collect();
    let mut out = Vec::new();
    for other in crate::load::discover(root).unwrap_or_default() {
        if other == loaded.game.id {
            continue;
        }
        // The other game's languages are its catalogs' file names (`i18n/<game>/<lang>.toml`).
        let mut langs: Vec<Option<String>> =
            crate::load::toml_files(&root.join("i18n").join(&other))
                .iter()
                .filter_map(|p| {
                    p.file_stem()
                        .map(|s| Some(s.to_string_lossy().into_owned()))
                })
                .collect();
        if langs.is_empty() {
            langs.push(None);
        }
        for lang in langs {
            let theirs = match &lang {
                Some(l) => format!("{other}-{l}.vmod"),
                None => format!("{other}.vmod"),
            };
            let Some((name, mine)) = own.iter().find(|(n, _)| *n == theirs) else {
                continue;
            };
            let says = |id: &str, lang: &Option<String>| match lang {
                Some(l) => format!("game `{id}` (its catalog `{l}`)"),
                None => format!("game `{id}`"),
            };
            out.push(
                Diagnostic::error(
                    "V0033",
                    format!(
                        "{} and {} both write `{name}`: one module would replace the other",
                        says(&loaded.game.id, mine),
                        says(&other, &lang)
                    ),
                )
                .in_file(format!("rules/{}.toml", loaded.game.id))
                .help("rename one of the games (its files under rules/, counters/, maps/, scenarios/, i18n/) or the catalog"),
            );
        }
    }
    out
}

/// Whether a report stops the build.
pub fn blocks(report: &Report, deny_warnings: bool) -> bool {
    report.has_errors() || (deny_warnings && report.count(Severity::Warning) > 0)
}

/// Build one game into `<out>/<id>-<lang>.vmod` per catalog (`<out>/<id>.vmod` without catalogs).
///
/// Data is always loaded and checked. With a cache, a module whose file still holds what was built
/// from the same inputs (source files, language, vmodc itself) is left as it is; the others are
/// compiled in parallel and written only when all of them compiled.
pub fn build_game(options: &Options, id: &str, sources: &mut Sources) -> Outcome {
    let first_file = sources.len();
    let (loaded, report) = load_and_check(&options.root, id, sources);
    let mut done = Outcome {
        game: id.into(),
        report,
        modules: Vec::new(),
        prints: Vec::new(),
    };
    if let Some(loaded) = loaded.filter(|_| !blocks(&done.report, options.deny_warnings)) {
        build_loaded(options, &loaded, sources.files_from(first_file), &mut done);
    }
    done
}

/// Compile, write and print a checked game's modules into `done`; a failure is pushed to its report
/// and stops the rest.
fn build_loaded(
    options: &Options,
    loaded: &Loaded,
    files: &[crate::diag::SourceFile],
    done: &mut Outcome,
) {
    let cache = options.cache.as_ref().and_then(|dir| match cache::Cache::open(dir) {
        Ok(cache) => Some(cache),
        Err(why) => {
            done.report.push(
                Diagnostic::warning("V0608", format!("the build cache is not used: {why}"))
                    .help("make the cache folder a plain folder of the project (delete the link; vmodc creates the folder), or build with --no-cache"),
            );
            None
        }
    });
    let targets = targets(options, loaded, cache.as_ref(), files);
    let bar = progress_bar(&done.game);
    // The kits are printed while the modules compile: each side has stretches on one core (a
    // module's archive, the end of a PDF) that the other fills. Both are written once both are
    // done, the modules first, so a module that fails leaves the kits beside it as they were.
    let (built, kits) = rayon::join(
        || compile_targets(loaded, &targets, cache.as_ref(), &bar),
        || {
            options
                .print
                .map(|print| print(loaded, &options.out, cache.as_ref(), files))
        },
    );
    let built = match built {
        Ok(built) => built,
        Err(d) => return done.report.push(d),
    };
    let modules = targets
        .iter()
        .zip(built)
        .map(|(t, bytes)| (t.path.as_path(), t.fingerprint.as_str(), bytes));
    let written = write_outputs(modules, cache.as_ref(), write_module);
    bar.bar.finish_and_clear();
    done.modules = written.modules;
    if let Some(d) = written.failure {
        return done.report.push(d);
    }
    for d in committed::unraised_versions(&options.root, &options.out, loaded) {
        done.report.push(d);
    }
    match kits {
        None => {}
        Some(Err(d)) => done.report.push(d),
        Some(Ok(mut kits)) => {
            let kits = kits
                .iter_mut()
                .map(|k| (k.path.as_path(), k.fingerprint.as_str(), k.pdf.take()));
            let written = write_outputs(kits, cache.as_ref(), write_kit);
            done.prints = written.modules;
            if let Some(d) = written.failure {
                done.report.push(d);
            }
        }
    }
}

/// The modules to build, one per language, each with the fingerprint of its inputs and whether the
/// file already in place was built from them. `files` are the files read for the game: its data and
/// catalogs, and the interface catalogs of its languages ([`Loaded::with_catalogs`]).
fn targets(
    options: &Options,
    loaded: &Loaded,
    cache: Option<&cache::Cache>,
    files: &[crate::diag::SourceFile],
) -> Vec<Target> {
    // The image files the data names are inputs too: a changed scan rebuilds the module.
    let images: Vec<(PathBuf, String)> = loaded
        .game
        .images
        .values()
        .map(|i| (PathBuf::from(&i.path), format!("image {}", i.hash)))
        .collect();
    languages(loaded)
        .into_iter()
        .map(|lang| {
            let path = options
                .out
                .join(module_file_name(&loaded.game, lang.as_deref()));
            let fingerprint = cache::fingerprint(
                lang.as_deref(),
                files
                    .iter()
                    .map(|f| (f.path.as_path(), f.text.as_str()))
                    .chain(images.iter().map(|(p, h)| (p.as_path(), h.as_str()))),
            );
            let current = cache.is_some_and(|c| c.module_is_current(&path, &fingerprint));
            Target {
                path,
                lang,
                fingerprint,
                current,
            }
        })
        .collect()
}

/// Compile and zip every target that is not current, in parallel: the bytes of each (none for a
/// current one), or the first failure, so that nothing is written unless every module compiled.
fn compile_targets(
    loaded: &Loaded,
    targets: &[Target],
    cache: Option<&cache::Cache>,
    bar: &Progress,
) -> Result<Vec<Option<Vec<u8>>>, Diagnostic> {
    targets
        .par_iter()
        .map(|t| {
            if t.current {
                return Ok(None);
            }
            let entries = compile_with(loaded, t.lang.as_deref(), cache, Some(&bar.bar));
            bar.tick();
            let bytes = entries.and_then(|entries| {
                package::zip_bytes(&entries).map_err(|e| Diagnostic::error("V0602", e.to_string()))
            });
            bytes.map(Some).map_err(|d| d.in_file(&t.path))
        })
        .collect()
}

/// What writing the modules (or kits) did: the files in place, and the write that failed, if one did.
struct Written {
    modules: Vec<Module>,
    failure: Option<Diagnostic>,
}

/// Write a module through a temporary file, so a failed write leaves the previous one as it was.
fn write_module(path: &Path, bytes: &[u8]) -> Result<(), Diagnostic> {
    package::write_atomically(path, bytes).map_err(|e| {
        Diagnostic::error("V0603", e.to_string())
            .in_file(path)
            .help("check that the output folder is writable")
    })
}

/// Write a print-and-play PDF through a temporary file, so a failed write leaves the previous one
/// as it was (`vmodc build` and `vmodc print`).
pub fn write_kit(path: &Path, pdf: &[u8]) -> Result<(), Diagnostic> {
    package::write_atomically(path, pdf).map_err(|e| {
        Diagnostic::error("V0607", e.to_string())
            .in_file(path)
            .help("check that the output folder is writable")
    })
}

/// Write each built file (a module or a kit) with `write`, a current one (no bytes) left as it is,
/// and record it in the cache; stop at the first write that fails.
fn write_outputs<'a>(
    outputs: impl Iterator<Item = (&'a Path, &'a str, Option<Vec<u8>>)>,
    cache: Option<&cache::Cache>,
    write: fn(&Path, &[u8]) -> Result<(), Diagnostic>,
) -> Written {
    let mut modules = Vec::new();
    for (path, fingerprint, bytes) in outputs {
        let Some(bytes) = bytes else {
            let size = std::fs::metadata(path).map_or(0, |m| m.len());
            modules.push(Module {
                path: path.to_path_buf(),
                size,
                written: false,
            });
            continue;
        };
        if let Err(failure) = write(path, &bytes) {
            return Written {
                modules,
                failure: Some(failure),
            };
        }
        if let Some(c) = cache {
            c.record_module(path, fingerprint, &bytes);
        }
        modules.push(Module {
            path: path.to_path_buf(),
            size: bytes.len() as u64,
            written: true,
        });
    }
    Written {
        modules,
        failure: None,
    }
}

/// One module to build: where it goes, its language, what it is built from, and whether the file
/// there is already current.
struct Target {
    path: PathBuf,
    lang: Option<String>,
    fingerprint: String,
    current: bool,
}

/// A progress bar that appears only once a build has run for a second, and only on a terminal
/// (indicatif draws nothing when standard error is piped).
struct Progress {
    bar: indicatif::ProgressBar,
    start: std::time::Instant,
}

impl Progress {
    fn tick(&self) {
        if self.bar.is_hidden() && self.start.elapsed() > std::time::Duration::from_secs(1) {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
    }
}

fn progress_bar(id: &str) -> Progress {
    let bar =
        indicatif::ProgressBar::with_draw_target(Some(0), indicatif::ProgressDrawTarget::hidden());
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} images")
    {
        bar.set_style(style);
    }
    bar.set_message(format!("building {id}"));
    let p = Progress {
        bar,
        start: std::time::Instant::now(),
    };
    // Show the bar from a background tick once the build passes one second.
    let handle = p.bar.clone();
    let start = p.start;
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(1));
        if !handle.is_finished() && start.elapsed() >= std::time::Duration::from_secs(1) {
            handle.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
    });
    p
}

/// The languages a game is built in: one per catalog, or the data's own texts when it has none.
pub fn languages(loaded: &Loaded) -> Vec<Option<String>> {
    if loaded.catalogs.is_empty() {
        vec![None]
    } else {
        loaded
            .catalogs
            .iter()
            .map(|c| Some(c.code.clone()))
            .collect()
    }
}

pub fn module_file_name(game: &Game, lang: Option<&str>) -> String {
    match lang {
        Some(l) => format!("{}-{l}.vmod", game.id),
        None => format!("{}.vmod", game.id),
    }
}

/// Everything that goes into the archive of one language, as a pure function of the data.
pub fn compile_language(loaded: &Loaded, lang: Option<&str>) -> Result<Vec<Entry>, Diagnostic> {
    compile_with(loaded, lang, None, None)
}

/// [`compile_language`] with an image cache and a progress bar (same bytes either way).
pub fn compile_with(
    loaded: &Loaded,
    lang: Option<&str>,
    cache: Option<&cache::Cache>,
    progress: Option<&indicatif::ProgressBar>,
) -> Result<Vec<Entry>, Diagnostic> {
    let game = &loaded.game;
    let others: Vec<Texts> = loaded
        .catalogs
        .iter()
        .filter(|c| Some(c.code.as_str()) != lang)
        .map(|c| loaded.texts(Some(&c.code)))
        .collect();
    let mut plan = plan_for(loaded, lang);
    plan.translations = others.iter().map(|t| t.lang.clone()).collect();
    if emit::translation::own_language(game, &plan).is_some() {
        plan.translations.push(plan.tx.lang.clone());
        plan.translations.sort();
    }
    compile_plan(game, &plan, &others, cache, progress)
}

/// The plan of one language's module: its names, layout and image names, its boards laid out
/// for every language of the game ([`Loaded::plan_in`]).
pub fn plan_for(loaded: &Loaded, lang: Option<&str>) -> Plan {
    let game = &loaded.game;
    loaded
        .plan_in(lang)
        .with_ids(game, texts::default_texts(game), crate::concept::CONCEPTS)
}

/// The board image of one map sheet, as the module draws it (PNG).
pub fn map_image(game: &Game, plan: &Plan, sheet: u16) -> Result<Vec<u8>, RenderError> {
    map_art::render(game, plan, sheet, &crate::render::Fonts::japanese())
}

/// A game's module in its data's own texts (no catalog).
pub fn compile(game: &Game) -> Result<Vec<Entry>, Diagnostic> {
    compile_plan(
        game,
        &Plan::new(game, texts::default_texts(game), crate::concept::CONCEPTS),
        &[],
        None,
        None,
    )
}

/// The images and the text files of one module. The texts (buildFile.xml, moduledata, saved
/// setups, translations) are written while the images are drawn: on their own they are a serial
/// stage of a build (about 5% of the synthetic game's CPU time, 130 ms, with one core idle).
fn compile_plan(
    game: &Game,
    plan: &Plan,
    others: &[Texts],
    cache: Option<&cache::Cache>,
    progress: Option<&indicatif::ProgressBar>,
) -> Result<Vec<Entry>, Diagnostic> {
    let (images, texts) = rayon::join(
        || art::images(game, plan, cache, progress),
        || text_entries(game, plan, others),
    );
    let mut entries = images.map_err(|e: RenderError| {
        Diagnostic::error("V0601", format!("cannot render an image: {e}"))
            .help("check the colours and sizes in the data (vmodc check)")
    })?;
    let (mut build_file, texts) = texts?;
    entries.extend(texts);
    // Files shipped as they are (an imported module's images and raw files), unless the build
    // writes an entry of that name itself.
    let mut written: std::collections::BTreeSet<String> =
        entries.iter().map(|e| e.name.clone()).collect();
    written.insert("buildFile.xml".into());
    entries.extend(
        game.files
            .iter()
            .filter(|(name, _)| !written.contains(name.as_str()))
            .map(|(name, data)| Entry {
                name: name.clone(),
                data: data.clone(),
            }),
    );
    // Each board's image is named by its bytes, so VASSAL's tile cache never serves an older
    // image's tiles (board_images.rs); only then is the buildFile written.
    board_images::name_by_content(&mut build_file, &mut entries);
    entries.push(Entry {
        name: "buildFile.xml".into(),
        data: build_file.to_document().into_bytes(),
    });
    Ok(entries)
}

/// The buildFile's tree and every other entry of a module that is not an image.
fn text_entries(
    game: &Game,
    plan: &Plan,
    others: &[Texts],
) -> Result<(crate::vassal::xml::El, Vec<Entry>), Diagnostic> {
    let moduledata = emit::moduledata(game, plan, others);
    let (build_file, pages) = emit::module::build_tree_and_pages(game, plan);
    let mut entries = vec![Entry {
        name: "moduledata".into(),
        data: moduledata.clone().into_bytes(),
    }];
    // The concepts' own files (their help pages), each written by its concept.
    entries.extend(pages);
    for other in others {
        entries.push(Entry {
            name: format!("Module_{}.properties", other.lang),
            data: emit::translation::properties(game, plan, other).into_bytes(),
        });
    }
    if let Some(own) = emit::translation::own_language(game, plan) {
        entries.push(Entry {
            name: format!("Module_{}.properties", plan.tx.lang),
            data: own.into_bytes(),
        });
    }
    entries.extend(
        emit::rules_data(game)
            .into_iter()
            .map(|(name, data)| Entry { name, data }),
    );
    for scenario in game.scenarios.iter().skip(1) {
        let text = emit::scenario_save(game, plan, scenario);
        // A fixed key keeps the archive reproducible; any key decodes the same.
        let saved = crate::vassal::vsav::obfuscate(&text, 0x5a);
        // As `GameState.saveGame` writes a save: the game, the save's metadata, then a copy of the
        // module's (other readers, pywargame's `vsavdump -m` among them, need all three).
        let vsav = package::zip_bytes(&[
            Entry {
                name: "savedGame".into(),
                data: saved,
            },
            Entry {
                name: "savedata".into(),
                data: emit::savedata(game).into_bytes(),
            },
            Entry {
                name: "moduledata".into(),
                data: moduledata.clone().into_bytes(),
            },
        ])
        .map_err(|e| Diagnostic::error("V0602", e.to_string()))?;
        entries.push(Entry {
            name: emit::module::scenario_file(&scenario.scenario.id),
            data: vsav,
        });
    }
    Ok((build_file, entries))
}
