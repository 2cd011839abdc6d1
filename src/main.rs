//! `vmodc`: build VASSAL modules from wargame data, and check data and modules.
//!
//! Exit codes, for every command (as cargo's): 0 = success; 1 = the data or module has errors (the
//! checks failed, or warnings were denied); 2 = a usage or I/O problem (bad arguments, an unknown game,
//! a file that cannot be read or written).
//!
//! This file is the command line's syntax: the arguments as clap parses them, turned into the
//! library's values and handed to the command's runner in `vmodc::cli`.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use vmodc::cli;
use vmodc::cli::Format;
use vmodc::pipeline::{self, Options};

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
    /// Start a game: write a small complete one into a new folder NAME (its name is the game id).
    New {
        /// The folder to create; it must not exist or be empty.
        name: PathBuf,
    },
    /// The JSON Schemas of the data files (rules, counters, map, scenario, catalog, changes), for
    /// editors that complete TOML keys (taplo, "Even Better TOML").
    Schema {
        /// Write them to <root>/schema/*.json instead of printing them.
        #[arg(long)]
        write: bool,
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
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
        /// Build, then rebuild each time the game's data is saved, until Ctrl-C.
        #[arg(long)]
        watch: bool,
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
    Odds(Box<cli::odds::OddsFlags>),
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
    /// What changed for players between two versions of the data: two project folders, two git
    /// revisions (`vmodc diff HEAD~1 HEAD b4m`), or two module files (`vmodc diff a.vmod b.vmod`).
    Diff {
        /// The old version: a folder holding rules/, a git revision, or a module file.
        old: String,
        /// The new version: a folder holding rules/, a git revision, or a module file.
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
    /// Translate any module (docs/translate.md): its texts into the catalog --catalog (.toml, or
    /// .po), keeping each translation whose source is unchanged; --po also writes it as PO; --out
    /// writes the translated module. --lang: `ja`, `pt_BR`…
    Translate(cli::translate::TranslateArgs),
    /// Audit a game played in VASSAL: replay its log and check every move against the rules
    /// (exit 0 legal, 1 violations, 2 cannot be audited).
    Audit(cli::audit::AuditArgs),
    /// Saved games: list their pieces.
    Save {
        #[command(subcommand)]
        command: SaveCommand,
    },
    /// Give a saved game's pieces a new module's definitions (images, values, traits), matched by
    /// gpid, keeping positions, stacks, sides and property values, as VASSAL's Refresh Counters does.
    Refresh(cli::save::RefreshArgs),
    /// Import any VASSAL module as a vmodc project (docs/import.md): data where vmodc has the concept, the rest kept raw.
    Import(cli::import::ImportArgs),
    /// Bring a game written for an earlier vmodc to the current data format, in place (docs/data-format.md).
    Migrate(cli::migrate::MigrateArgs),
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
        /// Add the keys the existing catalog lacks (default texts marked `# translate`), keeping
        /// everything else in it.
        #[arg(long, conflicts_with_all = ["force", "out", "from"])]
        update: bool,
        /// Record above each translation the text it was made from, once checked (V0911 then warns
        /// when the data changes that text).
        #[arg(long, conflicts_with_all = ["force", "out", "from", "update"])]
        record: bool,
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

impl From<DiffFormat> for cli::diff::DiffFormat {
    fn from(format: DiffFormat) -> cli::diff::DiffFormat {
        match format {
            DiffFormat::Human => cli::diff::DiffFormat::Human,
            DiffFormat::Json => cli::diff::DiffFormat::Json,
            DiffFormat::Html => cli::diff::DiffFormat::Html,
            DiffFormat::Toml => cli::diff::DiffFormat::Toml,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::New { name } => cli::new::run_new(&name),
        Command::Schema { write, root } => cli::schema::run_schema(&root, write),
        Command::Build {
            games,
            out,
            root,
            deny_warnings,
            format,
            no_cache,
            no_print,
            watch,
        } => {
            let options = build_options(root, out, deny_warnings, no_cache, no_print);
            if watch {
                cli::watch::run_watch(games, options, format)
            } else {
                cli::build::run_build(games, options, format)
            }
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
            cli::print::run_print(&game, lang.as_deref(), out, &root, &options)
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
                cli::check::run_todo(targets, &root, format)
            } else {
                cli::check::run_check(targets, &root, deny_warnings, options, format)
            }
        }
        Command::Diff {
            old,
            new,
            games,
            root,
            format,
            lang,
        } => cli::diff::run_diff(&old, &new, games, &root, format.into(), lang.as_deref()),
        Command::I18n { command } => run_i18n(command),
        Command::Odds(args) => cli::odds::run_odds(&args),
        Command::Audit(args) => cli::audit::run_audit(&args),
        Command::Save {
            command:
                SaveCommand::Dump {
                    file,
                    module,
                    format,
                },
        } => cli::save::run_save_dump(&file, module.as_deref(), format),
        Command::Translate(args) => cli::translate::run_translate_args(&args),
        Command::Refresh(args) => cli::save::run_refresh(args),
        Command::Import(args) => cli::import::run_import(args),
        Command::Migrate(args) => cli::migrate::run_migrate(&args),
        Command::Grid {
            game,
            overlay,
            root,
        } => cli::overlay::run_overlay(&root, &game, &overlay, pipeline::overlay::grid_overlay),
        Command::Sheet {
            game,
            overlay,
            sheet,
            root,
        } => cli::overlay::run_overlay(&root, &game, &overlay, |g| {
            pipeline::overlay::sheet_overlay(g, sheet.as_deref())
        }),
    }
}

/// The build's options from its flags: the cache beside the project unless `--no-cache`, the
/// modules in `dist/` unless `--out`, and the print-and-play kits unless `--no-print`.
fn build_options(
    root: PathBuf,
    out: Option<PathBuf>,
    deny_warnings: bool,
    no_cache: bool,
    no_print: bool,
) -> Options {
    let cache = (!no_cache).then(|| root.join(".vmodc-cache"));
    let out = out.unwrap_or_else(|| root.join("dist"));
    Options {
        root,
        out,
        deny_warnings,
        cache,
        print: (!no_print).then_some(vmodc::print::print_kits as pipeline::KitPrinter),
    }
}

/// `vmodc i18n status` and `vmodc i18n extract`.
fn run_i18n(command: I18nCommand) -> ExitCode {
    match command {
        I18nCommand::Status { games, root } => cli::i18n::run_i18n_status(games, &root),
        I18nCommand::Extract {
            game,
            lang,
            interface,
            from,
            out,
            force,
            update,
            record,
            root,
        } => {
            let skeleton = match (interface, game, lang) {
                (Some(lang), _, _) => cli::i18n::SkeletonOf::Interface { lang },
                (None, Some(game), Some(lang)) => cli::i18n::SkeletonOf::Game { game, lang },
                // clap requires GAME and LANG without --interface.
                _ => return ExitCode::from(cli::USAGE),
            };
            let edit = cli::i18n::CatalogEdit::from_flags(update, record);
            cli::i18n::run_i18n_extract(&root, &skeleton, from.as_deref(), out, force, edit)
        }
    }
}
