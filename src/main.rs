//! `vmodc`: build VASSAL modules from wargame data, and check data and modules.
//!
//! Exit codes, for every command (as cargo's): 0 = success; 1 = the data or module has errors (the
//! checks failed, or warnings were denied); 2 = a usage or I/O problem (bad arguments, an unknown game,
//! a file that cannot be read or written).

use clap::{Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use vmodc::build::{self, Options, Outcome};
use vmodc::concept::combat::grammar::explain;
use vmodc::concept::combat::odds::{dice_of, resolve_odds, Lookup, OddsOutcome, Resolution};
use vmodc::concept::game::{ColumnShift, Game};
use vmodc::diag::{plural, suggest, Diagnostic, Report, Severity, Sources, Tally};
use vmodc::i18n::INTERFACE_FOLDER;

#[derive(Parser)]
#[command(
    name = "vmodc",
    version,
    about = "Compile wargame data (TOML) into VASSAL 3.7 modules"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check and build modules: every game under rules/ when none is named.
    Build {
        /// Game ids (the stem of rules/<id>.toml).
        games: Vec<String>,
        /// Output folder for the .vmod files [default: <root>/dist].
        #[arg(long)]
        out: Option<PathBuf>,
        /// Project folder holding rules/, counters/, maps/ and scenarios/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Refuse to build when the checks give warnings.
        #[arg(long)]
        deny_warnings: bool,
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Render every image again instead of reusing unchanged ones from <root>/.vmodc-cache.
        #[arg(long)]
        no_cache: bool,
        /// Write only the modules, not their print-and-play PDFs.
        #[arg(long)]
        no_print: bool,
    },
    /// Print and play: check a game and write its counters, map and charts as one PDF per language.
    Print {
        /// Game id (the stem of rules/<id>.toml).
        game: String,
        /// Language catalog code (every language of the game when not given).
        #[arg(long)]
        lang: Option<String>,
        /// Paper size: a4, letter (a2, a1 also work).
        #[arg(long, default_value = "a4")]
        paper: vmodc::print::Paper,
        /// Fronts and backs side by side on one side of the paper, to fold (default: backs on their
        /// own pages, mirrored for duplex printing flipped on the long edge).
        #[arg(long)]
        one_sided: bool,
        /// Also print each map sheet whole on one large page: a2 or a1.
        #[arg(long)]
        poster: Option<vmodc::print::Paper>,
        /// Output file (only with one language) [default: <root>/dist/<game>-<lang>.pdf].
        #[arg(long)]
        out: Option<PathBuf>,
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Compute a combat from the rules data, as the module does: odds, cap, shifts, CRT result.
    Odds(Box<OddsArgs>),
    /// Translators' tools: catalog status and skeletons for new languages.
    I18n {
        #[command(subcommand)]
        command: I18nCommand,
    },
    /// Check game data against its rules (every game when none is named), or check .vmod modules.
    Check {
        /// Game ids, or paths of .vmod files to read back the way VASSAL does (an argument with a
        /// path separator or an extension is a file).
        targets: Vec<String>,
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Treat warnings as errors (exit code 1).
        #[arg(long)]
        deny_warnings: bool,
        /// For .vmod files: also check what the VASSAL Module Library refuses on upload and what
        /// breaks for players later (version, file names, gpids, image sizes, translations, setups).
        #[arg(long)]
        library: bool,
        /// For games: list every fact the data lacks, grouped by the component that shows it (the
        /// map, the counter sheet, the CRT card, the turn track…), with the data keys to fill.
        #[arg(long)]
        todo: bool,
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Draw the map grid fitted to the scan ([map] image, [map.hex_centres]) over it, with every hex
    /// label, to see where it does not line up.
    Grid {
        game: String,
        /// The picture to write (PNG).
        #[arg(long)]
        overlay: PathBuf,
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Draw the cut lines of a counter sheet ([[art_sheets]]) over it, with the id of the piece cut
    /// from each cell.
    Sheet {
        game: String,
        /// The picture to write (PNG).
        #[arg(long)]
        overlay: PathBuf,
        /// The sheet's id [default: the first sheet].
        #[arg(long)]
        sheet: Option<String>,
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// What changed for players between two versions of the data: two project folders, or two git
    /// revisions of this project (`vmodc diff HEAD~1 HEAD b4m`).
    Diff {
        /// The old version: a folder holding rules/, or a git revision.
        old: String,
        /// The new version: a folder holding rules/, or a git revision.
        new: String,
        /// Game ids (every game both versions have when none is named).
        games: Vec<String>,
        /// The git repository revisions are read from.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// `html`: one self-contained page, counters before and after and the map with the changed
        /// hexes marked; `toml`: a release entry for `changes/<game>.toml`.
        #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
        format: DiffFormat,
        /// For `--format html`: the language of the names and counters (a catalog's code; default:
        /// each game's first language).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Saved games: list their pieces.
    Save {
        #[command(subcommand)]
        command: SaveCommand,
    },
    /// Give a saved game's pieces a new module's definitions (images, values, traits), matched by
    /// gpid, keeping positions, stacks, sides and property values, as VASSAL's Refresh Counters does.
    Refresh {
        /// The saved game (.vsav).
        save: PathBuf,
        /// The module the pieces should come from.
        #[arg(long)]
        module: PathBuf,
        /// Where to write [default: beside the save, `<name>-<module version>.vsav`].
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum SaveCommand {
    /// Print a saved game's pieces, their locations and their properties.
    Dump {
        /// The saved game (.vsav) or log (.vlog).
        file: PathBuf,
        /// The module, to name each position as VASSAL does (e.g. hex 0205).
        #[arg(long)]
        module: Option<PathBuf>,
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DiffFormat {
    Human,
    Json,
    Html,
    /// A `[[releases]]` entry for `changes/<game>.toml` (the module's "What's new" page).
    Toml,
}

#[derive(clap::Args)]
struct OddsArgs {
    /// Game id.
    game: String,
    /// An attacking unit: strength, optionally with its type (`9:panzer`). Repeat per unit.
    #[arg(long = "attack", required = true)]
    attackers: Vec<String>,
    /// Defence strength.
    #[arg(long)]
    defence: f64,
    /// Terrain id of the defender's hex.
    #[arg(long)]
    terrain: Option<String>,
    /// City kind of the defender's hex.
    #[arg(long)]
    city: Option<String>,
    /// Side id of the defender.
    #[arg(long)]
    side: Option<String>,
    /// A hexside feature every attacker attacks across (e.g. river).
    #[arg(long)]
    across: Vec<String>,
    /// Game turn (for the weather).
    #[arg(long, default_value_t = 1)]
    turn: u32,
    /// Weather id, instead of the turn's (e.g. when the turn's weather is rolled or not known).
    #[arg(long)]
    weather: Option<String>,
    /// A count of `[[combat.counts]]` and its value (`soviet-damage=14`, `air-attacker=1`). Repeat
    /// per count; a count not given is at its lowest value.
    #[arg(long = "count", value_name = "ID=N")]
    counts: Vec<String>,
    /// A declaration of `[[combat.declarations]]` made for this combat (e.g. offensive-supply).
    /// Repeat per declaration.
    #[arg(long = "declare", value_name = "ID")]
    declared: Vec<String>,
    /// A marker on the stack of every attacker (`[[markers]]` id; `ID:back` for its back face), for
    /// `[[combat.strength_modifiers]]`. Repeat per marker.
    #[arg(long = "marker", value_name = "ID[:back]")]
    markers: Vec<String>,
    /// A marker on the defender's stack (`ID:back` for its back face). Repeat per marker.
    #[arg(long = "defender-marker", value_name = "ID[:back]")]
    defender_markers: Vec<String>,
    /// The defender's unit type, for strength modifiers limited to some types.
    #[arg(long)]
    defender_type: Option<String>,
    /// The ARs of the units each side picked (`[combat.action_rating]`), attacker's first: `5:2`.
    /// They stand in for the AR counts.
    #[arg(long, value_name = "ATTACKER:DEFENDER")]
    ar: Option<String>,
    /// Die roll to look up (default: show the whole column).
    #[arg(long)]
    roll: Option<u32>,
    /// Kind of attack of `[[combat.attack_kinds]]` (e.g. overrun; default: the first, regular one).
    #[arg(long)]
    kind: Option<String>,
    /// The surprise check's roll of the dice (`[combat.surprise]`): shows the modified roll and what
    /// the sources give for it.
    #[arg(long)]
    surprise_roll: Option<u32>,
    #[arg(long, default_value = ".")]
    root: PathBuf,
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Subcommand)]
enum I18nCommand {
    /// List missing and unused catalog keys for each language of each game.
    Status {
        games: Vec<String>,
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Write a catalog skeleton for a new language: every key, with the texts of --from (or defaults).
    /// A game's catalog holds the game's own texts; the interface texts every game shares are
    /// translated once, in the interface catalog (`--interface LANG`).
    Extract {
        #[arg(required_unless_present = "interface")]
        game: Option<String>,
        #[arg(required_unless_present = "interface")]
        lang: Option<String>,
        /// Write the interface catalog of this language instead: i18n/interface/<LANG>.toml.
        #[arg(long, value_name = "LANG", conflicts_with_all = ["game", "lang"])]
        interface: Option<String>,
        /// Language whose texts fill the skeleton (default: the data's own texts, English for the
        /// interface).
        #[arg(long)]
        from: Option<String>,
        /// Where to write (default: i18n/<game>/<lang>.toml or i18n/interface/<LANG>.toml; `-` for
        /// standard output).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Overwrite an existing catalog.
        #[arg(long)]
        force: bool,
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Human,
    Json,
}

/// Exit code 1: the data or module has errors.
const FAILED: u8 = 1;
/// Exit code 2: a usage or I/O problem.
const USAGE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Build {
            games,
            out,
            root,
            deny_warnings,
            format,
            no_cache,
            no_print,
        } => {
            let cache = (!no_cache).then(|| root.join(".vmodc-cache"));
            let out = out.unwrap_or_else(|| root.join("dist"));
            run_build(
                games,
                Options {
                    root,
                    out,
                    deny_warnings,
                    cache,
                    print: (!no_print).then_some(vmodc::print::write_kits as build::KitWriter),
                },
                format,
            )
        }
        Command::Print {
            game,
            lang,
            paper,
            one_sided,
            poster,
            out,
            root,
        } => {
            let options = vmodc::print::PrintOptions {
                paper,
                one_sided,
                poster,
            };
            run_print(&game, lang.as_deref(), out, &root, &options)
        }
        Command::Check {
            targets,
            root,
            deny_warnings,
            library,
            todo,
            format,
        } => {
            let options = vmodc::verify::CheckOptions { library };
            if todo {
                run_todo(targets, &root, format)
            } else {
                run_check(targets, &root, deny_warnings, options, format)
            }
        }
        Command::Diff {
            old,
            new,
            games,
            root,
            format,
            lang,
        } => run_diff(&old, &new, games, &root, format, lang.as_deref()),
        Command::I18n { command } => match command {
            I18nCommand::Status { games, root } => run_i18n_status(games, &root),
            I18nCommand::Extract {
                game,
                lang,
                interface,
                from,
                out,
                force,
                root,
            } => {
                let written = match (interface, game, lang) {
                    (Some(lang), _, _) => extract_interface(&root, &lang, from.as_deref()),
                    (None, Some(game), Some(lang)) => {
                        extract_game(&root, &game, &lang, from.as_deref())
                    }
                    // clap requires GAME and LANG without --interface.
                    _ => Err(ExitCode::from(USAGE)),
                };
                match written {
                    Ok((text, path)) => write_catalog(&text, out.unwrap_or(path), force),
                    Err(code) => code,
                }
            }
        },
        Command::Odds(args) => run_odds(&args),
        Command::Save {
            command:
                SaveCommand::Dump {
                    file,
                    module,
                    format,
                },
        } => run_save_dump(&file, module.as_deref(), format),
        Command::Refresh { save, module, out } => run_refresh(&save, &module, out),
        Command::Grid {
            game,
            overlay,
            root,
        } => run_overlay(&root, &game, &overlay, build::overlay::grid_overlay),
        Command::Sheet {
            game,
            overlay,
            sheet,
            root,
        } => run_overlay(&root, &game, &overlay, |g| {
            build::overlay::sheet_overlay(g, sheet.as_deref())
        }),
    }
}

/// Load a game and write one overlay picture of its art.
fn run_overlay(
    root: &Path,
    id: &str,
    out: &Path,
    draw: impl Fn(&Game) -> Result<Vec<u8>, String>,
) -> ExitCode {
    let mut sources = Sources::default();
    if let Err(code) = games_or_all(vec![id.to_string()], root, &sources, Format::Human) {
        return code;
    }
    let game = match vmodc::load::load_game(root, id, &mut sources) {
        Ok(g) => g,
        Err(report) => {
            print_report(&report, &sources, Format::Human);
            return exit_for(&report, false);
        }
    };
    let png = match draw(&game) {
        Ok(png) => png,
        Err(why) => {
            eprintln!("error: {why}");
            return ExitCode::from(FAILED);
        }
    };
    match vmodc::package::write_atomically(out, &png) {
        Ok(()) => {
            println!("wrote {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", out.display());
            ExitCode::from(USAGE)
        }
    }
}

/// Read a file whole, or print why not (with what to do) and give the exit code 2.
fn read_input(path: &Path, what: &str) -> Result<Vec<u8>, ExitCode> {
    std::fs::read(path).map_err(|e| {
        eprintln!("error: cannot read {what} {}: {e}", path.display());
        eprintln!("  help: check the path; {what}s are files VASSAL wrote or vmodc built");
        ExitCode::from(USAGE)
    })
}

/// Read a saved game, or print why it is not one.
fn read_saved_game(path: &Path) -> Result<vmodc::save::SavedGame, ExitCode> {
    let bytes = read_input(path, "saved game")?;
    vmodc::save::SavedGame::read(&bytes).map_err(|e| {
        eprintln!(
            "error: {} is not a saved game VASSAL can read: {e}",
            path.display()
        );
        eprintln!("  help: give a .vsav that VASSAL wrote (File > Save Game) or a .vlog");
        ExitCode::from(USAGE)
    })
}

/// `vmodc save dump`.
fn run_save_dump(file: &Path, module: Option<&Path>, format: Format) -> ExitCode {
    let save = match read_saved_game(file) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let locations = match module {
        Some(path) => {
            let bytes = match read_input(path, "module") {
                Ok(b) => b,
                Err(code) => return code,
            };
            match vmodc::save::dump::Locations::from_module(&bytes) {
                Ok(l) => Some(l),
                Err(e) => {
                    eprintln!(
                        "error: {} is not a module vmodc can read: {e}",
                        path.display()
                    );
                    return ExitCode::from(USAGE);
                }
            }
        }
        None => None,
    };
    let dump = vmodc::save::dump::dump(&save, locations.as_ref());
    let text = match format {
        Format::Human => dump.human(),
        Format::Json => serde_json::to_string_pretty(&dump).unwrap_or_else(|_| "{}".into()) + "\n",
    };
    // A dump is often piped into `head` or `grep -m`: a closed pipe ends the output, not a panic.
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("error: cannot write the dump: {e}");
            ExitCode::from(USAGE)
        }
        _ => ExitCode::SUCCESS,
    }
}

/// `vmodc refresh`: every piece gets the module's definition; unmatched pieces are listed and kept.
fn run_refresh(save_path: &Path, module: &Path, out: Option<PathBuf>) -> ExitCode {
    let mut save = match read_saved_game(save_path) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let bytes = match read_input(module, "module") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let slots = match vmodc::save::refresh::Slots::from_module(&bytes) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "error: {} is not a module vmodc can read: {e}",
                module.display()
            );
            return ExitCode::from(USAGE);
        }
    };
    let outcome = vmodc::save::refresh::refresh(&mut save, &slots);
    let out = out.unwrap_or_else(|| refreshed_name(save_path, slots.version.as_deref()));
    let written = save
        .write()
        .map_err(|e| e.to_string())
        .and_then(|b| vmodc::package::write_atomically(&out, &b).map_err(|e| e.to_string()));
    if let Err(e) = written {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::from(USAGE);
    }
    println!(
        "{}: {} piece(s) refreshed, {} already current, {} not matched",
        out.display(),
        outcome.refreshed,
        outcome.unchanged,
        outcome.unmatched.len()
    );
    for u in &outcome.unmatched {
        println!(
            "  not matched, kept as it was: {} (gpid `{}`, id {}): the module has no slot with this gpid",
            u.name, u.gpid, u.id
        );
    }
    ExitCode::SUCCESS
}

/// `game.vsav` → `game-1.2.0.vsav` beside it (`game-refreshed.vsav` without a version).
fn refreshed_name(save: &Path, version: Option<&str>) -> PathBuf {
    let stem = save.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
    let suffix = version.unwrap_or("refreshed");
    save.with_file_name(format!("{stem}-{suffix}.vsav"))
}

/// The exit code for a report: 2 when a file could not be read or written, 1 when the checks failed.
fn exit_for(report: &Report, deny_warnings: bool) -> ExitCode {
    if report.diagnostics.iter().any(Diagnostic::is_io) {
        ExitCode::from(USAGE)
    } else if build::blocks(report, deny_warnings) {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

/// The games named (each checked to exist under `rules/`), or every game when none is named. On
/// failure the problem is printed and the exit code (2) returned.
fn games_or_all(
    games: Vec<String>,
    root: &Path,
    sources: &Sources,
    format: Format,
) -> Result<Vec<String>, ExitCode> {
    let fail = |d: Diagnostic| {
        print_report(
            &Report {
                diagnostics: vec![d],
            },
            sources,
            format,
        );
        Err(ExitCode::from(USAGE))
    };
    let known = match vmodc::load::discover(root) {
        Ok(ids) => ids,
        Err(d) => return fail(d),
    };
    if games.is_empty() {
        if known.is_empty() {
            return fail(
                Diagnostic::error("V0004", "no games found")
                    .in_file(root.join("rules"))
                    .help("a game is rules/<id>.toml with counters/<id>.toml and maps/<id>.toml beside it"),
            );
        }
        return Ok(known);
    }
    let unknown: Vec<Diagnostic> = games
        .iter()
        .filter(|g| !known.contains(g))
        .map(|g| unknown_game(g, root, &known))
        .collect();
    if unknown.is_empty() {
        return Ok(games);
    }
    print_report(
        &Report {
            diagnostics: unknown,
        },
        sources,
        format,
    );
    Err(ExitCode::from(USAGE))
}

/// A path under the project folder, as shown to the user (`rules/x.toml` when the root is `.`).
fn under_root(root: &Path, rel: &str) -> PathBuf {
    if root == Path::new(".") {
        PathBuf::from(rel)
    } else {
        root.join(rel)
    }
}

/// A game id without `rules/<id>.toml`.
fn unknown_game(id: &str, root: &Path, known: &[String]) -> Diagnostic {
    let games = if known.is_empty() {
        "there are no games under rules/".to_string()
    } else {
        format!("the games are {}", known.join(", "))
    };
    let help = match suggest(id, known.iter().map(String::as_str)) {
        Some(s) => format!("did you mean `{s}`? {games}"),
        None => games,
    };
    Diagnostic::error(
        "V0002",
        format!("no game `{id}`: rules/{id}.toml does not exist"),
    )
    .in_file(under_root(root, &format!("rules/{id}.toml")))
    .help(help)
}

// ---------------------------------------------------------------------------------------------------
// build
// ---------------------------------------------------------------------------------------------------

fn run_build(games: Vec<String>, options: Options, format: Format) -> ExitCode {
    let mut sources = Sources::default();
    let games = match games_or_all(games, &options.root, &sources, format) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut all = Report::default();
    let (mut failed, mut io_failed) = (false, false);
    for id in &games {
        let outcome = build::build_game(&options, id, &mut sources);
        failed |= outcome.modules.is_empty() || outcome.report.has_errors();
        io_failed |= outcome.report.diagnostics.iter().any(Diagnostic::is_io);
        if format == Format::Human {
            print_outcome(&outcome, &sources, &options);
        }
        all.extend(outcome.report);
    }
    if format == Format::Json {
        print_report(&all, &sources, format);
    }
    if io_failed {
        ExitCode::from(USAGE)
    } else if failed {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

/// What `build` says about one game: errors and other warnings in full, the known gaps and notes in
/// one line, and what happened to its modules in one closing line.
fn print_outcome(outcome: &Outcome, sources: &Sources, options: &Options) {
    for d in outcome.report.diagnostics.iter().filter(|d| !d.is_known()) {
        eprintln!("{}", d.render(sources));
    }
    let tally = outcome.report.tally();
    if let Some(line) = known_summary(&outcome.game, &tally, &options.root) {
        eprintln!("{line}");
    }
    eprintln!("{}", closing_line(outcome, &tally, options.deny_warnings));
}

/// `btm2: 70 known gaps, 8 notes (vmodc check btm2 lists them)`, when there are any.
fn known_summary(id: &str, tally: &Tally, root: &Path) -> Option<String> {
    let mut parts = Vec::new();
    if tally.known_gaps > 0 {
        parts.push(plural(tally.known_gaps, "known gap"));
    }
    if tally.notes > 0 {
        parts.push(plural(tally.notes, "note"));
    }
    if parts.is_empty() {
        return None;
    }
    let root_arg = if root == Path::new(".") {
        String::new()
    } else {
        format!(" --root {}", root.display())
    };
    Some(format!(
        "{id}: {} (vmodc check {id}{root_arg} lists them)",
        parts.join(", ")
    ))
}

/// `b4m: built dist/b4m-en.vmod (657764 bytes); unchanged dist/b4m-ja.vmod`, or why it was not built.
fn closing_line(outcome: &Outcome, tally: &Tally, deny_warnings: bool) -> String {
    let id = &outcome.game;
    if tally.errors > 0 || outcome.modules.is_empty() {
        let warnings = tally.warnings + tally.known_gaps;
        let why = if tally.errors > 0 {
            plural(tally.errors, "error")
        } else if deny_warnings && warnings > 0 {
            format!("{} denied by --deny-warnings", plural(warnings, "warning"))
        } else {
            "nothing to build".to_string()
        };
        return format!("error: {id} not built: {why}");
    }
    let list = |written: bool| {
        outcome
            .modules
            .iter()
            .filter(|m| m.written == written)
            .map(|m| format!("{} ({} bytes)", m.path.display(), m.size))
            .collect::<Vec<_>>()
    };
    let prints = |written: bool| {
        outcome
            .prints
            .iter()
            .filter(|m| m.written == written)
            .map(|m| format!("{} ({} bytes)", m.path.display(), m.size))
            .collect::<Vec<_>>()
    };
    let built = [list(true), prints(true)].concat();
    let unchanged = [list(false), prints(false)].concat();
    let mut parts = Vec::new();
    for (verb, modules) in [("built", built), ("unchanged", unchanged)] {
        if !modules.is_empty() {
            parts.push(format!("{verb} {}", modules.join(", ")));
        }
    }
    let mut line = format!("{id}: {}", parts.join("; "));
    if tally.warnings > 0 {
        line.push_str(&format!(" ({} above)", plural(tally.warnings, "warning")));
    }
    line
}

// ---------------------------------------------------------------------------------------------------
// print
// ---------------------------------------------------------------------------------------------------

/// `vmodc print`: check the game (errors stop it, as for `build`), then write the PDF of each
/// language asked for, and say what the data lacks.
fn run_print(
    id: &str,
    lang: Option<&str>,
    out: Option<PathBuf>,
    root: &Path,
    options: &vmodc::print::PrintOptions,
) -> ExitCode {
    let mut sources = Sources::default();
    let (loaded, report) = build::load_and_check(root, id, &mut sources);
    let Some(loaded) = loaded.filter(|_| !build::blocks(&report, false)) else {
        print_report(&report, &sources, Format::Human);
        eprintln!("error: {id} not printed: its data has errors (vmodc check {id})");
        // As for `build`: a file that cannot be read is a usage problem, bad data a failure.
        let io = report.diagnostics.iter().any(Diagnostic::is_io);
        return ExitCode::from(if io { USAGE } else { FAILED });
    };
    let languages: Vec<Option<String>> = build::languages(&loaded)
        .into_iter()
        .filter(|l| lang.is_none() || l.as_deref() == lang)
        .collect();
    if languages.is_empty() {
        let known: Vec<String> = build::languages(&loaded).into_iter().flatten().collect();
        eprintln!(
            "error: {id} has no language {:?}: its catalogs are {}",
            lang.unwrap_or(""),
            known.join(", ")
        );
        return ExitCode::from(USAGE);
    }
    if out.is_some() && languages.len() > 1 {
        eprintln!("error: --out names one file: pass --lang to print one language");
        return ExitCode::from(USAGE);
    }
    for l in &languages {
        let path = out.clone().unwrap_or_else(|| {
            root.join("dist")
                .join(vmodc::print::pdf_file_name(&loaded.game, l.as_deref()))
        });
        let printed = match vmodc::print::print_language(&loaded, l.as_deref(), options) {
            Ok(printed) => printed,
            Err(d) => return print_failure(d, &sources),
        };
        if let Err(d) = vmodc::print::write_kit(&path, &printed.pdf) {
            return print_failure(d, &sources);
        }
        for missing in &printed.missing {
            println!("{}: {missing}", path.display());
        }
        println!(
            "{id}: printed {} ({} bytes)",
            path.display(),
            printed.pdf.len()
        );
    }
    ExitCode::SUCCESS
}

/// Report why a kit was not printed or written (exit 2, as for a module that cannot be built).
fn print_failure(d: Diagnostic, sources: &Sources) -> ExitCode {
    let mut report = Report::default();
    report.push(d);
    print_report(&report, sources, Format::Human);
    ExitCode::from(USAGE)
}

// ---------------------------------------------------------------------------------------------------
// check
// ---------------------------------------------------------------------------------------------------

/// Whether a `check` argument names a file rather than a game: it has a path separator or an
/// extension (`dist/b4m-en.vmod`, `notes/x.txt`, `mod.vmod`).
fn is_file_arg(target: &str) -> bool {
    target.contains('/')
        || target.contains(std::path::MAIN_SEPARATOR)
        || Path::new(target).extension().is_some()
}

/// `vmodc diff`: load each game from both versions and list what changed for players.
fn run_diff(
    old: &str,
    new: &str,
    games: Vec<String>,
    repo: &Path,
    format: DiffFormat,
    lang: Option<&str>,
) -> ExitCode {
    let versions = vmodc::diff::revision::open(old, repo)
        .and_then(|o| vmodc::diff::revision::open(new, repo).map(|n| (o, n)));
    let (old_v, new_v) = match versions {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(USAGE);
        }
    };
    let ids: Vec<String> = if games.is_empty() {
        let both =
            |v: &vmodc::diff::revision::Version| vmodc::load::discover(&v.root).unwrap_or_default();
        let new_ids = both(&new_v);
        both(&old_v)
            .into_iter()
            .filter(|g| new_ids.contains(g))
            .collect()
    } else {
        games
    };
    let mut compared = Vec::new();
    for id in ids {
        let mut sources = Sources::default();
        let (Some(a), _) = vmodc::build::load_and_check(&old_v.root, &id, &mut sources) else {
            eprintln!("error: {id} does not load in {}", old_v.label);
            return ExitCode::from(USAGE);
        };
        let (Some(b), _) = vmodc::build::load_and_check(&new_v.root, &id, &mut sources) else {
            eprintln!("error: {id} does not load in {}", new_v.label);
            return ExitCode::from(USAGE);
        };
        let changes = vmodc::diff::diff(&a, &b);
        compared.push((id, a, b, changes));
    }
    match format {
        DiffFormat::Human => {
            for (id, _, _, changes) in &compared {
                println!(
                    "{id}: {} change(s) from {} to {}",
                    changes.len(),
                    old_v.label,
                    new_v.label
                );
                for c in changes {
                    println!("  {}", c.line());
                }
            }
        }
        DiffFormat::Json => {
            let json: Vec<_> = compared
                .iter()
                .flat_map(|(id, _, _, changes)| changes.iter().map(move |c| {
                    serde_json::json!({ "game": id, "area": c.area, "what": c.what, "old": c.old, "new": c.new })
                }))
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&json).unwrap_or_else(|_| "[]".into())
            );
        }
        DiffFormat::Toml => {
            for (_, a, b, changes) in &compared {
                let compared_labels = [old_v.label.as_str(), new_v.label.as_str()];
                print!(
                    "{}",
                    vmodc::diff::history::release_entry(a, b, compared_labels, changes)
                );
            }
        }
        DiffFormat::Html => {
            if let Some(l) = lang {
                for (id, _, b, _) in &compared {
                    let codes: Vec<&str> = b.catalogs.iter().map(|c| c.code.as_str()).collect();
                    if !codes.contains(&l) {
                        eprintln!(
                            "error: {id} has no `{l}` catalog in {} (its languages: {})",
                            new_v.label,
                            if codes.is_empty() {
                                "none, only the data's own texts".to_string()
                            } else {
                                codes.join(", ")
                            }
                        );
                        return ExitCode::from(USAGE);
                    }
                }
            }
            let games: Vec<vmodc::diff::html::GameDiff> = compared
                .iter()
                .map(|(_, a, b, changes)| vmodc::diff::html::GameDiff {
                    old: a,
                    new: b,
                    changes,
                })
                .collect();
            match vmodc::diff::html::diff_page(&games, &old_v.label, &new_v.label, lang) {
                Ok(page) => print!("{page}"),
                Err(e) => {
                    eprintln!("error: cannot draw the page's images: {e}");
                    return ExitCode::from(FAILED);
                }
            }
        }
    }
    ExitCode::SUCCESS
}

fn run_check(
    targets: Vec<String>,
    root: &Path,
    deny_warnings: bool,
    options: vmodc::verify::CheckOptions,
    format: Format,
) -> ExitCode {
    let mut sources = Sources::default();
    let (files, games): (Vec<String>, Vec<String>) =
        targets.into_iter().partition(|t| is_file_arg(t));
    let mut all = Report::default();
    let games = if games.is_empty() && !files.is_empty() {
        Vec::new()
    } else {
        match games_or_all(games, root, &sources, format) {
            Ok(g) => g,
            Err(code) => return code,
        }
    };
    for id in &games {
        let (loaded, mut report) = build::load_and_check(root, id, &mut sources);
        if let Some(loaded) = &loaded {
            let dist = root.join("dist");
            for d in build::committed::unraised_versions(root, &dist, loaded) {
                report.push(d);
            }
        }
        all.extend(report);
    }
    let mut fine = Vec::new();
    for path in &files {
        let report = vmodc::verify::check_module_file_with(Path::new(path), options);
        if report.diagnostics.is_empty() {
            fine.push(path);
        }
        all.extend(report);
    }
    print_report(&all, &sources, format);
    if format == Format::Human {
        for path in fine {
            eprintln!("{path}: fine, no problems found reading it back as VASSAL does");
        }
    }
    exit_for(&all, deny_warnings)
}

/// `vmodc check GAME --todo`: each game's missing facts by component; errors in the data are
/// printed as `check` prints them.
fn run_todo(games: Vec<String>, root: &Path, format: Format) -> ExitCode {
    use vmodc::check::todo::{render_todo, todo_groups, todo_json};
    let mut sources = Sources::default();
    let games = match games_or_all(games, root, &sources, format) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut errors = Report::default();
    let mut json = Vec::new();
    for id in &games {
        let (_, report) = build::load_and_check(root, id, &mut sources);
        let groups = todo_groups(&report, &sources);
        match format {
            Format::Human => print!("{}", render_todo(id, &groups)),
            Format::Json => json.extend(todo_json(id, &groups)),
        }
        errors.diagnostics.extend(
            report
                .diagnostics
                .into_iter()
                .filter(|d| d.severity == Severity::Error),
        );
    }
    if format == Format::Json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json).unwrap_or_else(|_| "[]".into())
        );
    }
    if !errors.diagnostics.is_empty() && format == Format::Human {
        print_report(&errors, &sources, format);
    }
    exit_for(&errors, false)
}

fn print_report(report: &Report, sources: &Sources, format: Format) {
    match format {
        Format::Human => {
            for d in &report.diagnostics {
                eprintln!("{}", d.render(sources));
            }
            let (e, w) = (
                report.count(Severity::Error),
                report.count(Severity::Warning),
            );
            if e + w > 0 {
                eprintln!("{e} error(s), {w} warning(s)");
            }
        }
        Format::Json => {
            let items: Vec<_> = report
                .diagnostics
                .iter()
                .map(|d| d.to_json(sources))
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".into())
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// i18n
// ---------------------------------------------------------------------------------------------------

/// Load and check one game for the i18n tools; on failure the report is printed and the exit code
/// returned.
fn load_for_i18n(root: &Path, id: &str, sources: &mut Sources) -> Result<build::Loaded, ExitCode> {
    let (loaded, report) = build::load_and_check(root, id, sources);
    match loaded {
        Some(loaded) => Ok(loaded),
        None => {
            print_report(&report, sources, Format::Human);
            Err(exit_for(&report, false))
        }
    }
}

fn run_i18n_status(games: Vec<String>, root: &Path) -> ExitCode {
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
        let entries = vmodc::concept::texts::entries(&loaded.game);
        println!("{id}: {} texts", entries.len());
        if loaded.catalogs.is_empty() {
            println!("  no catalogs in i18n/{id}/ (the module uses the data's own texts)");
        }
        for c in &loaded.catalogs {
            let language = loaded.language(Some(&c.code));
            let missing = language.missing(&entries);
            let unused = vmodc::i18n::unused(c, &entries);
            let repeated = language.repeated(&entries);
            missing_any |= !missing.is_empty();
            let mut line = format!(
                "  {} ({}): {} missing, {} unused",
                c.code,
                c.name,
                missing.len(),
                unused.len()
            );
            if !repeated.is_empty() {
                line.push_str(&format!(", {} repeating the interface", repeated.len()));
            }
            if language.interface.is_some() {
                line.push_str(&format!(
                    " (interface texts: i18n/{INTERFACE_FOLDER}/{}.toml)",
                    c.code
                ));
            }
            println!("{line}");
            for e in missing {
                println!("    missing: {}", e.key);
            }
            for k in unused {
                println!("    unused:  {k}");
            }
            for e in repeated {
                println!("    repeats: {} (delete it)", e.key);
            }
        }
    }
    if missing_any {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

/// A game catalog skeleton (the game's texts, and the interface texts `--from` words its own way)
/// and where it goes by default.
fn extract_game(
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
        eprintln!("error: no catalog i18n/{game}/{f}.toml to start from");
        return Err(ExitCode::from(USAGE));
    }
    if !root
        .join(format!("i18n/{INTERFACE_FOLDER}/{lang}.toml"))
        .is_file()
        && lang != vmodc::i18n::DEFAULT_LANGUAGE
    {
        eprintln!(
            "note: the interface texts every game shares go into i18n/{INTERFACE_FOLDER}/{lang}.toml: `vmodc i18n extract --interface {lang}` writes it"
        );
    }
    Ok((
        vmodc::concept::texts::game_catalog_skeleton(&loaded.game, lang, base),
        root.join("i18n").join(game).join(format!("{lang}.toml")),
    ))
}

/// An interface catalog skeleton (every interface text of every game) and where it goes by default.
fn extract_interface(
    root: &Path,
    lang: &str,
    from: Option<&str>,
) -> Result<(String, PathBuf), ExitCode> {
    let mut sources = Sources::default();
    let mut report = Report::default();
    let base = match from {
        Some(f) => {
            let found = vmodc::load::load_interface_catalogs(root, [f], &mut sources, &mut report);
            if report.has_errors() {
                print_report(&report, &sources, Format::Human);
                return Err(ExitCode::from(FAILED));
            }
            let Some(base) = found.into_iter().next() else {
                eprintln!("error: no catalog i18n/{INTERFACE_FOLDER}/{f}.toml to start from");
                return Err(ExitCode::from(USAGE));
            };
            Some(base)
        }
        None => None,
    };
    Ok((
        vmodc::concept::texts::interface_catalog_skeleton(lang, base.as_ref()),
        root.join("i18n")
            .join(INTERFACE_FOLDER)
            .join(format!("{lang}.toml")),
    ))
}

/// Write a catalog skeleton to `path` (`-`: standard output); an existing file only with --force.
fn write_catalog(text: &str, path: PathBuf, force: bool) -> ExitCode {
    if path.as_os_str() == "-" {
        print!("{text}");
        return ExitCode::SUCCESS;
    }
    if path.exists() && !force {
        eprintln!(
            "error: {} exists; pass --force to overwrite it, or --out to write elsewhere",
            path.display()
        );
        return ExitCode::from(USAGE);
    }
    if let Some(dir) = path.parent() {
        // A new language's interface catalog may be the first file of its folder.
        let _ = std::fs::create_dir_all(dir);
    }
    match vmodc::package::write_atomically(&path, text.as_bytes()) {
        Ok(()) => {
            eprintln!("wrote {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(USAGE)
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// odds
// ---------------------------------------------------------------------------------------------------

/// An attacking unit of `--attack STRENGTH[:TYPE]`.
struct Attacker {
    strength: f64,
    kind: Option<String>,
}

fn run_odds(args: &OddsArgs) -> ExitCode {
    let mut sources = Sources::default();
    if let Err(code) = games_or_all(vec![args.game.clone()], &args.root, &sources, args.format) {
        return code;
    }
    let game = match vmodc::load::load_game(&args.root, &args.game, &mut sources) {
        Ok(g) => g,
        Err(report) => {
            print_report(&report, &sources, args.format);
            return exit_for(&report, false);
        }
    };
    let combat = validate_odds(&game, args).and_then(|attackers| odds_of(&game, args, &attackers));
    match combat {
        Ok(combat) => {
            match args.format {
                Format::Human => println!("{}", combat.line(&game, args)),
                Format::Json => println!(
                    "{}",
                    serde_json::to_string_pretty(&combat.json(&game, args))
                        .unwrap_or_else(|_| "{}".into())
                ),
            }
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in problems {
                eprintln!("error: {p}");
            }
            ExitCode::from(USAGE)
        }
    }
}

/// `unknown terrain `swamp` (--terrain)`, with the valid ids and a "did you mean", unless `given` is
/// one of `valid`.
fn unknown_id(what: &str, flag: &str, given: &str, valid: &[&str]) -> Option<String> {
    if valid.contains(&given) {
        return None;
    }
    let mut text = format!(
        "unknown {what} `{given}` ({flag})\n  = valid: {}",
        valid.join(", ")
    );
    if let Some(s) = suggest(given, valid.iter().copied()) {
        text.push_str(&format!("\n  = help: did you mean `{s}`?"));
    }
    Some(text)
}

/// A strength argument: a finite number above zero.
fn strength(text: &str, flag: &str) -> Result<f64, String> {
    let value = text
        .trim()
        .parse::<f64>()
        .map_err(|_| format!("{flag} {text}: not a strength (write e.g. 9, 4.5 or 9:panzer)"))?;
    positive(value, flag)
}

/// A strength that is a finite number above zero.
fn positive(value: f64, flag: &str) -> Result<f64, String> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(format!(
            "{flag} {value}: a strength must be a finite number above 0"
        ))
    }
}

/// The defence total: a finite number, 0 or more (a hex of units that defend with 0, The Last Stand
/// at Moscow 6.18).
fn defence_total(value: f64) -> Result<f64, String> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(format!(
            "--defence {value}: a defence total must be a finite number, 0 or more"
        ))
    }
}

/// Check every argument of `odds` against the game: ids, strengths, turn and roll. Every problem is
/// reported, not only the first.
fn validate_odds(game: &Game, args: &OddsArgs) -> Result<Vec<Attacker>, Vec<String>> {
    let rules = &game.rules;
    let types: Vec<&str> = game.counters.types.iter().map(|t| t.id.as_str()).collect();
    let mut problems = Vec::new();
    let mut attackers = Vec::new();
    for a in &args.attackers {
        let (s, kind) = match a.split_once(':') {
            Some((s, k)) if !k.trim().is_empty() => (s, Some(k.trim().to_string())),
            Some((s, _)) => (s, None),
            None => (a.as_str(), None),
        };
        match strength(s, "--attack") {
            Ok(strength) => attackers.push(Attacker {
                strength,
                kind: kind.clone(),
            }),
            Err(p) => problems.push(p),
        }
        if let Some(k) = &kind {
            problems.extend(unknown_id("unit type", "--attack", k, &types));
        }
    }
    if let Err(p) = defence_total(args.defence) {
        problems.push(p);
    }
    problems.extend(state_problems(game, args));
    let terrains: Vec<&str> = rules.terrain.iter().map(|t| t.id.as_str()).collect();
    let cities: Vec<&str> = rules.city_kinds.iter().map(|c| c.id.as_str()).collect();
    let sides: Vec<&str> = rules.sides.iter().map(|s| s.id.as_str()).collect();
    let named = [
        ("terrain", "--terrain", &args.terrain, terrains),
        ("city kind", "--city", &args.city, cities),
        ("side", "--side", &args.side, sides),
    ];
    for (what, flag, given, valid) in &named {
        if let Some(g) = given {
            problems.extend(unknown_id(what, flag, g, valid));
        }
    }
    let features: Vec<&str> = rules
        .hexside_features
        .iter()
        .map(|f| f.id.as_str())
        .collect();
    for f in &args.across {
        problems.extend(unknown_id("hexside feature", "--across", f, &features));
    }
    if let Some(w) = &args.weather {
        let weathers: Vec<&str> = rules.weather.iter().map(|w| w.id.as_str()).collect();
        problems.extend(unknown_id("weather", "--weather", w, &weathers));
    }
    problems.extend(count_problems(game, args));
    let declarations: Vec<&str> = rules
        .combat
        .declarations
        .iter()
        .map(|d| d.id.as_str())
        .collect();
    for d in &args.declared {
        if declarations.is_empty() {
            problems.push(format!(
                "--declare {d}: the game declares nothing for a combat (no [[combat.declarations]])"
            ));
        } else {
            problems.extend(unknown_id("declaration", "--declare", d, &declarations));
        }
    }
    let kinds: Vec<&str> = rules
        .combat
        .attack_kinds
        .iter()
        .map(|k| k.id.as_str())
        .collect();
    if let Some(k) = &args.kind {
        if kinds.is_empty() {
            problems.push(format!(
                "--kind {k}: the game has one kind of attack (no [[combat.attack_kinds]])"
            ));
        } else {
            problems.extend(unknown_id("kind of attack", "--kind", k, &kinds));
        }
    }
    if let (Some(_), None) = (args.surprise_roll, &rules.combat.surprise) {
        problems.push("--surprise-roll: the game has no surprise check ([combat.surprise])".into());
    }
    let turns = rules.turns.count.value;
    if !(1..=turns).contains(&args.turn) {
        problems.push(format!(
            "--turn {}: turn out of range 1..{turns} (the game has {})",
            args.turn,
            plural(turns as usize, "turn")
        ));
    }
    let kind = args.kind.as_deref().filter(|k| kinds.contains(k));
    let rolls = [
        (
            "--roll",
            args.roll,
            dice_of(rules, rules.combat.attack_kind(kind)),
        ),
        (
            "--surprise-roll",
            args.surprise_roll,
            (rules.dice.count, rules.dice.faces),
        ),
    ];
    for (flag, roll, (count, faces)) in rolls {
        let Some(r) = roll else { continue };
        let (lo, hi) = (count, count.saturating_mul(faces));
        if !(lo..=hi).contains(&r) {
            problems.push(format!(
                "{flag} {r}: roll out of range {lo}..{hi} (the game rolls {count}d{faces})"
            ));
        }
    }
    if problems.is_empty() {
        Ok(attackers)
    } else {
        Err(problems)
    }
}

/// `--count ID=N` arguments as (id, value); the ones that do not parse are left out (see
/// [`count_problems`]).
fn parsed_counts(args: &OddsArgs) -> Vec<(&str, u32)> {
    args.counts
        .iter()
        .filter_map(|c| {
            let (id, n) = c.split_once('=')?;
            Some((id.trim(), n.trim().parse().ok()?))
        })
        .collect()
}

/// Every problem of the `--count` arguments: form, id, range, repetition.
fn count_problems(game: &Game, args: &OddsArgs) -> Vec<String> {
    let counts = &game.rules.combat.counts;
    let ids: Vec<&str> = counts.iter().map(|c| c.id.as_str()).collect();
    let mut problems = Vec::new();
    let mut seen = Vec::new();
    for c in &args.counts {
        let Some((id, n)) = c.split_once('=') else {
            problems.push(format!(
                "--count {c}: write ID=N (e.g. --count {}=1)",
                ids.first().copied().unwrap_or("damage")
            ));
            continue;
        };
        let id = id.trim();
        if ids.is_empty() {
            problems.push(format!(
                "--count {c}: the game keeps no count for a combat (no [[combat.counts]])"
            ));
            continue;
        }
        if let Some(p) = unknown_id("count", "--count", id, &ids) {
            problems.push(p);
            continue;
        }
        if seen.contains(&id) {
            problems.push(format!("--count {id}: given twice"));
        }
        seen.push(id);
        let Some(count) = counts.iter().find(|x| x.id.as_str() == id) else {
            continue;
        };
        let range = match count.max() {
            Some(max) => format!("{}..{max}", count.min()),
            None => format!("{} or more", count.min()),
        };
        match n.trim().parse::<u32>() {
            Ok(v) if v >= count.min() && count.max().is_none_or(|m| v <= m) => {}
            Ok(v) => problems.push(format!(
                "--count {id}={v}: out of range {range} ({})",
                count.name
            )),
            Err(_) => problems.push(format!(
                "--count {c}: `{}` is not a whole number (the count ranges {range})",
                n.trim()
            )),
        }
    }
    problems
}

/// A marker argument, `ID` or `ID:back`: its id and face.
fn marker_arg(text: &str) -> (&str, vmodc::concept::combat::MarkerFace) {
    use vmodc::concept::combat::MarkerFace;
    match text.rsplit_once(':') {
        Some((id, "back")) => (id, MarkerFace::Back),
        Some((id, "front")) => (id, MarkerFace::Front),
        _ => (text, MarkerFace::Front),
    }
}

/// The ARs of `--ar ATTACKER:DEFENDER`.
fn ar_arg(text: &str) -> Option<(i64, i64)> {
    let (a, d) = text.split_once(':')?;
    Some((a.trim().parse().ok()?, d.trim().parse().ok()?))
}

/// Problems with the state arguments: markers, the defender's type, the ARs.
fn state_problems(game: &Game, args: &OddsArgs) -> Vec<String> {
    let markers: Vec<&str> = game
        .counters
        .markers
        .iter()
        .map(|m| m.id.as_str())
        .collect();
    let types: Vec<&str> = game.counters.types.iter().map(|t| t.id.as_str()).collect();
    let mut problems: Vec<String> = args
        .markers
        .iter()
        .map(|m| ("--marker", m))
        .chain(
            args.defender_markers
                .iter()
                .map(|m| ("--defender-marker", m)),
        )
        .filter_map(|(flag, m)| unknown_id("marker", flag, marker_arg(m).0, &markers))
        .collect();
    if let Some(t) = &args.defender_type {
        problems.extend(unknown_id("unit type", "--defender-type", t, &types));
    }
    match (&args.ar, &game.rules.combat.action_rating) {
        (Some(ar), None) => problems.push(format!(
            "--ar {ar}: {} has no [combat.action_rating] (no AR units): drop --ar",
            game.rules.game.id.as_str()
        )),
        (Some(ar), Some(_)) if ar_arg(ar).is_none() => problems.push(format!(
            "--ar {ar}: write the two ARs, attacker's first, e.g. --ar 5:2"
        )),
        _ => {}
    }
    problems
}

/// A combat computed by `odds`.
struct Computed<'g> {
    attack: f64,
    /// The defence after the strength modifiers and bonuses.
    defence: f64,
    weather: Option<&'g str>,
    applied: Vec<(&'g ColumnShift, i32)>,
    outcome: OddsOutcome,
    /// Added to the die roll before the CRT is read (`[[combat.roll_modifiers]]`).
    roll_modifier: i64,
    /// The kind of attack (`None` in a game without kinds).
    kind: Option<&'g str>,
    /// Added to the surprise roll (`[combat.surprise] modifiers`).
    surprise_modifier: i64,
}

/// The attacker's side: the defender's opponent, when the game has two sides and `--side` is given.
fn attacker_side<'g>(game: &'g Game, defender: Option<&str>) -> Option<&'g str> {
    let sides = &game.rules.sides;
    let defender = defender?;
    (sides.len() == 2)
        .then(|| sides.iter().map(|s| s.id.as_str()).find(|s| *s != defender))
        .flatten()
}

/// Attack strength after the attack modifiers (concept combat, modifiers.rs), or the modifiers that
/// depend on a unit type not given. The situation: hexside features crossed, weather, kind of
/// attack and the declarations made.
fn attack_strength(
    game: &Game,
    attackers: &[Attacker],
    (across, weather, attack_kind, declared): (&[&str], Option<&str>, Option<&str>, &[&str]),
    (side, markers): (Option<&str>, &[(&str, vmodc::concept::combat::MarkerFace)]),
) -> Result<f64, Vec<String>> {
    use vmodc::concept::combat::modifiers::{attack_of, Attacker as Unit};
    use vmodc::concept::combat::strength::{strength_of, UnitState};
    use vmodc::concept::combat::StrengthKind;
    let mut attack = 0.0;
    let mut problems = Vec::new();
    for a in attackers {
        let unit = Unit {
            strength: a.strength,
            unit_type: a.kind.as_deref(),
            across,
            attack_kind,
            declared,
        };
        let state = UnitState {
            unit_type: a.kind.as_deref(),
            side,
            markers,
            declared,
        };
        match attack_of(&game.rules.combat.attack_modifiers, &unit, weather) {
            Ok(s) => attack += strength_of(&game.rules.combat, StrengthKind::Attack, &state, s),
            Err(undecided) => problems.extend(undecided.into_iter().map(|m| {
                let types: Vec<&str> = m.unit_types.iter().map(|t| t.as_str()).collect();
                format!(
                    "the {} modifier applies to {} attackers: give each attacker's type (e.g. --attack {}:{})",
                    m.id.as_str(),
                    types.join(" or "),
                    a.strength,
                    types.first().copied().unwrap_or("")
                )
            })),
        }
    }
    problems.dedup();
    if problems.is_empty() {
        Ok(attack)
    } else {
        Err(problems)
    }
}

/// Why a shift that does not apply might apply if the arguments said more (a defender's side, an
/// attacker's type), if so.
fn undecided(
    shift: &ColumnShift,
    sit: &vmodc::concept::combat::shifts::Situation<'_>,
    untyped: bool,
    two_sides: bool,
) -> Option<String> {
    use vmodc::concept::combat::shifts::applies;
    if applies(shift, sit) {
        return None;
    }
    let mut filled = sit.clone();
    let (mut conditions, mut hints) = (Vec::new(), Vec::new());
    if let (None, Some(w)) = (sit.defender_side, &shift.defender_side) {
        filled.defender_side = Some(w.as_str());
        conditions.push(format!("a {} defender", w.as_str()));
        hints.push("pass --side".to_string());
    }
    if let (None, Some(w)) = (sit.attacker_side, &shift.attacker_side) {
        filled.attacker_side = Some(w.as_str());
        conditions.push(format!("a {} attacker", w.as_str()));
        hints.push(if two_sides {
            "pass --side (the defender's side; the attacker is the other)".to_string()
        } else {
            "vmodc odds cannot tell the attacker's side in a game of more than two sides"
                .to_string()
        });
    }
    if let (true, Some(t)) = (untyped, shift.attacker_types.first()) {
        filled.attacker_types.push(t.as_str());
        let types: Vec<&str> = shift.attacker_types.iter().map(|t| t.as_str()).collect();
        conditions.push(format!("an attacker of type {}", types.join(" or ")));
        hints.push(format!(
            "give each attacker's type (e.g. --attack 9:{})",
            t.as_str()
        ));
    }
    hints.dedup();
    (!conditions.is_empty() && applies(shift, &filled)).then(|| {
        format!(
            "{} shift applies to {}: {}",
            shift.id.as_str(),
            conditions.join(" and "),
            hints.join("; ")
        )
    })
}

/// The combat of the arguments: strengths, the shifts that apply, the odds; or why the arguments do
/// not decide it.
fn odds_of<'g>(
    game: &'g Game,
    args: &OddsArgs,
    attackers: &[Attacker],
) -> Result<Computed<'g>, Vec<String>> {
    let combat = &game.rules.combat;
    let weather = match &args.weather {
        Some(w) => game
            .rules
            .weather
            .iter()
            .find(|x| x.id.as_str() == w)
            .map(|x| x.id.as_str()),
        None => vmodc::concept::weather::turn::weather_of_turn(&game.rules, args.turn)
            .map(|w| w.id.as_str()),
    };
    let across: Vec<&str> = args.across.iter().map(String::as_str).collect();
    let kind = combat.attack_kind(
        args.kind
            .as_deref()
            .and_then(|k| combat.attack_kind_named(k))
            .map(|k| k.id.as_str()),
    );
    let given: Vec<&str> = args.declared.iter().map(String::as_str).collect();
    let declared = vmodc::concept::combat::shifts::declared_in(combat, &given, kind);
    let situation_of_units = (across.as_slice(), weather, kind, declared.as_slice());
    let attacker_markers: Vec<_> = args.markers.iter().map(|m| marker_arg(m)).collect();
    let attacking_side = attacker_side(game, args.side.as_deref());
    let attack = attack_strength(
        game,
        attackers,
        situation_of_units,
        (attacking_side, &attacker_markers),
    )?;
    let defender_markers: Vec<_> = args
        .defender_markers
        .iter()
        .map(|m| marker_arg(m))
        .collect();
    let defender = vmodc::concept::combat::strength::UnitState {
        unit_type: args.defender_type.as_deref(),
        side: args.side.as_deref(),
        markers: &defender_markers,
        declared: &declared,
    };
    let defence = vmodc::concept::combat::strength::defence_total(combat, &defender, args.defence);
    let mut counts: std::collections::BTreeMap<&str, u32> = combat
        .counts
        .iter()
        .map(|c| (c.id.as_str(), c.min()))
        .collect();
    counts.extend(parsed_counts(args));
    // The ARs of the picked units stand in for the AR counts (strength::ar_counts).
    if let (Some(ar), Some((a, d))) = (&combat.action_rating, args.ar.as_deref().and_then(ar_arg)) {
        use vmodc::concept::combat::strength::{ar_counts, ArSource};
        if let Some((for_attacker, for_defender)) = ar_counts(ArSource::Units {
            attacker: a,
            defender: d,
        }) {
            counts.insert(ar.attacker_count.as_str(), for_attacker);
            counts.insert(ar.defender_count.as_str(), for_defender);
        }
    }
    let roll_modifier = combat.roll_modifier(&counts);
    let surprise_modifier = combat
        .surprise
        .as_ref()
        .map_or(0, |s| combat.modifier_sum(&s.modifiers, &counts));
    let situation = vmodc::concept::combat::shifts::Situation {
        defender_terrain: args.terrain.as_deref(),
        defender_city: args.city.as_deref(),
        defender_side: args.side.as_deref(),
        attacker_side: attacker_side(game, args.side.as_deref()),
        attacker_types: attackers.iter().filter_map(|a| a.kind.as_deref()).collect(),
        all_across: args.across.iter().map(String::as_str).collect(),
        weather,
        counts,
        declared,
        attack_kind: kind,
    };
    let untyped = attackers.iter().any(|a| a.kind.is_none());
    let two_sides = game.rules.sides.len() == 2;
    let problems: Vec<String> = combat
        .shifts
        .iter()
        .filter_map(|s| undecided(s, &situation, untyped, two_sides))
        .collect();
    if !problems.is_empty() {
        return Err(problems);
    }
    let applied: Vec<(&ColumnShift, i32)> =
        vmodc::concept::combat::shifts::applicable(combat, &situation)
            .into_iter()
            .map(|s| (s, vmodc::concept::combat::shifts::columns(s, &situation)))
            .collect();
    let shifts: Vec<i32> = applied.iter().map(|(_, n)| *n).collect();
    let outcome = resolve_odds(attack, defence, combat, &shifts);
    Ok(Computed {
        attack,
        defence,
        weather,
        applied,
        outcome,
        roll_modifier,
        kind,
        surprise_modifier,
    })
}

impl Computed<'_> {
    /// The rolls to show: the one of `--roll`, or every roll of the dice.
    fn rolls(&self, game: &Game, args: &OddsArgs) -> Vec<u32> {
        let (count, faces) = dice_of(&game.rules, self.kind);
        match args.roll {
            Some(r) => vec![r],
            None => (count..=count * faces).collect(),
        }
    }

    /// What the CRT gives for a roll: a result code, the below-table text, or `None` when the sources
    /// do not give the cell.
    fn result<'c>(&self, game: &'c Game, roll: u32) -> Option<&'c str> {
        let modified = u32::try_from(i64::from(roll) + self.roll_modifier).ok()?;
        match self
            .outcome
            .lookup_in(&game.rules.combat, self.kind, modified)
        {
            Lookup::Result(c) | Lookup::BelowTable(c) => Some(c),
            Lookup::Unknown => None,
        }
    }

    /// `12 vs 4 → 3:1, defender in forest -1 → 2:1 [1:DR 2:DR …] (turn 3, mud)`.
    fn line(&self, game: &Game, args: &OddsArgs) -> String {
        let o = &self.outcome;
        if let (Resolution::Automatic { result }, true) = (&o.resolution, self.defence == 0.0) {
            return format!("{} vs 0 → {result} automatically, no roll", self.attack);
        }
        let mut line = format!("{} vs {} → {}", self.attack, self.defence, o.capped);
        // The kind of attack leads the line unless it is the regular one.
        let regular = game.rules.combat.attack_kind(None);
        if let Some(kind) = self
            .kind
            .filter(|k| Some(*k) != regular)
            .and_then(|k| game.rules.combat.attack_kind_named(k))
        {
            line = format!("{}: {line}", kind.name);
        }
        if o.capped != o.raw {
            line.push_str(&format!(" (capped from {})", o.raw));
        }
        for (s, n) in &self.applied {
            line.push_str(&format!(", {} {n:+}", s.name.to_lowercase()));
        }
        match o.resolution {
            Resolution::BeyondKnown { beyond } => match game.rules.combat.column_beyond(beyond) {
                Some(named) => line.push_str(&format!(
                    " → {named} ({beyond} column(s) past {})",
                    game.rules.combat.columns.last().map_or("", |c| c.as_str())
                )),
                None => line.push_str(&format!(
                    " → {beyond} column(s) beyond {}, the last column the sources give",
                    o.shifted
                )),
            },
            _ => line.push_str(&format!(" → {}", o.shifted)),
        }
        match args.roll {
            Some(r) => {
                let result = self
                    .result(game, r)
                    .unwrap_or("unknown (the CRT cell is not in the sources)");
                let modified = match self.roll_modifier {
                    0 => String::new(),
                    m => format!(" {m:+} = {}", i64::from(r) + m),
                };
                line.push_str(&format!(", roll {r}{modified} → {result}"));
                let grammar = game.rules.combat.result_grammar.as_ref();
                if let Some(meaning) = grammar.and_then(|g| explain(g, result)) {
                    line.push_str(&format!(" ({meaning})"));
                }
            }
            None => {
                let rolls: Vec<String> = self
                    .rolls(game, args)
                    .into_iter()
                    .map(|r| format!("{r}:{}", self.result(game, r).unwrap_or("?")))
                    .collect();
                line.push_str(&format!(" [{}]", rolls.join(" ")));
            }
        }
        match (self.weather, &args.weather) {
            (Some(w), Some(_)) => line.push_str(&format!(" ({w}, from --weather)")),
            (Some(w), None) => line.push_str(&format!(" (turn {}, {w})", args.turn)),
            _ => {}
        }
        if let Some(r) = args.surprise_roll {
            line.push_str(&format!("\n{}", self.surprise_line(game, r)));
        }
        let rows_missing = self
            .kind
            .and_then(|k| game.rules.combat.attack_kind_named(k))
            .is_some_and(|k| !k.rows_known);
        if rows_missing && o.needs_roll() {
            line.push_str("\nnote: the CRT rows this kind of attack reads are not in the sources: every cell is unknown");
        }
        if !game.rules.combat.table_known && o.needs_roll() {
            line.push_str("\nnote: the CRT is not in the sources: its cells are unknown (?) except those the rules text gives");
        }
        line
    }

    /// `surprise check: roll 6 +3 = 9 → attacker surprise (rule 9.8)`, or that the sources lack
    /// the outcome.
    fn surprise_line(&self, game: &Game, roll: u32) -> String {
        let combat = &game.rules.combat;
        let modified = i64::from(roll) + self.surprise_modifier;
        let outcome = self
            .kind
            .and_then(|k| combat.surprise_outcome(k, modified))
            .map_or(
                "unknown (the Surprise table is not in the sources)",
                |o| match o {
                    vmodc::concept::combat::SurpriseOutcome::Attacker => "attacker surprise",
                    vmodc::concept::combat::SurpriseOutcome::Defender => "defender surprise",
                    vmodc::concept::combat::SurpriseOutcome::None => "no surprise",
                },
            );
        let rule = combat
            .surprise
            .as_ref()
            .and_then(|s| s.rule.as_deref())
            .map_or(String::new(), |r| format!(" (rule {})", r.as_str()));
        format!(
            "surprise check: roll {roll} {:+} = {modified} → {outcome}{rule}",
            self.surprise_modifier
        )
    }

    /// The same as one JSON object (`--format json`).
    fn json(&self, game: &Game, args: &OddsArgs) -> serde_json::Value {
        let o = &self.outcome;
        let shifts: Vec<_> = self
            .applied
            .iter()
            .map(|(s, n)| serde_json::json!({ "id": s.id.as_str(), "name": s.name, "shift": n }))
            .collect();
        let results: Vec<_> = self
            .rolls(game, args)
            .into_iter()
            .map(|r| serde_json::json!({ "roll": r, "result": self.result(game, r) }))
            .collect();
        serde_json::json!({
            "game": game.id,
            "turn": args.turn,
            "weather": self.weather,
            "attack": self.attack,
            "defence": self.defence,
            "odds": o.raw.to_string(),
            "capped": o.capped.to_string(),
            "shifts": shifts,
            "shifted": o.shifted.to_string(),
            "column": o.column(&game.rules.combat),
            "table_known": game.rules.combat.table_known,
            "roll": args.roll,
            "attack_kind": self.kind,
            "results": results,
        })
    }
}
