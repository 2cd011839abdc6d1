//! `vmodc`: build VASSAL modules from wargame data, and check data and modules.
//!
//! Exit codes: 0 = built / no errors, 1 = the data (or module) has errors, 2 = usage or I/O problem.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use vmodc::build::{self, Options};
use vmodc::diag::{Diagnostic, Report, Severity, Sources};

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
        /// Output folder for the .vmod files.
        #[arg(long, default_value = "dist")]
        out: PathBuf,
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
    },
    /// Compute a combat from the rules data, as the module does: odds, cap, shifts, CRT result.
    Odds {
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
        /// Die roll to look up (default: show the whole column).
        #[arg(long)]
        roll: Option<u32>,
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Translators' tools: catalog status and skeletons for new languages.
    I18n {
        #[command(subcommand)]
        command: I18nCommand,
    },
    /// Check game data against its rules (every game when none is named), or check .vmod modules.
    Check {
        /// Game ids, or paths of .vmod files to read back the way VASSAL does.
        targets: Vec<String>,
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Treat warnings as errors (exit code 1).
        #[arg(long)]
        deny_warnings: bool,
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
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
    Extract {
        game: String,
        lang: String,
        /// Language whose texts fill the skeleton (default: the data's own texts).
        #[arg(long)]
        from: Option<String>,
        /// Where to write (default: i18n/<game>/<lang>.toml; `-` for standard output).
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
        } => {
            let cache = (!no_cache).then(|| root.join(".vmodc-cache"));
            run_build(
                games,
                Options {
                    root,
                    out,
                    deny_warnings,
                    cache,
                },
                format,
            )
        }
        Command::Check {
            targets,
            root,
            deny_warnings,
            format,
        } => run_check(targets, &root, deny_warnings, format),
        Command::I18n { command } => run_i18n(command),
        Command::Odds {
            game,
            attackers,
            defence,
            terrain,
            city,
            side,
            across,
            turn,
            roll,
            root,
        } => run_odds(
            &root,
            &game,
            &attackers,
            defence,
            Situation {
                terrain,
                city,
                side,
                across,
                turn,
                roll,
            },
        ),
    }
}

fn run_i18n(command: I18nCommand) -> ExitCode {
    let mut sources = Sources::default();
    match command {
        I18nCommand::Status { games, root } => {
            let games = match games_or_all(games, &root, &sources, Format::Human) {
                Ok(g) => g,
                Err(code) => return code,
            };
            let mut missing_any = false;
            for id in games {
                let (loaded, report) = build::load_and_check(&root, &id, &mut sources);
                let Some(loaded) = loaded else {
                    print_report(&report, &sources, Format::Human);
                    return ExitCode::from(1);
                };
                let entries = vmodc::i18n::entries(&loaded.game);
                println!("{id}: {} texts", entries.len());
                if loaded.catalogs.is_empty() {
                    println!("  no catalogs in i18n/{id}/ (the module uses the data's own texts)");
                }
                for c in &loaded.catalogs {
                    let missing: Vec<&str> = entries
                        .iter()
                        .filter(|e| !c.texts.contains_key(&e.key))
                        .map(|e| e.key.as_str())
                        .collect();
                    let unused: Vec<&str> = c
                        .texts
                        .keys()
                        .filter(|k| !entries.iter().any(|e| &e.key == *k))
                        .map(String::as_str)
                        .collect();
                    missing_any |= !missing.is_empty();
                    println!(
                        "  {} ({}): {} missing, {} unused",
                        c.code,
                        c.name,
                        missing.len(),
                        unused.len()
                    );
                    for k in missing {
                        println!("    missing: {k}");
                    }
                    for k in unused {
                        println!("    unused:  {k}");
                    }
                }
            }
            if missing_any {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        I18nCommand::Extract {
            game,
            lang,
            from,
            out,
            force,
            root,
        } => {
            let (loaded, report) = build::load_and_check(&root, &game, &mut sources);
            let Some(loaded) = loaded else {
                print_report(&report, &sources, Format::Human);
                return ExitCode::from(1);
            };
            let base = from
                .as_deref()
                .and_then(|f| loaded.catalogs.iter().find(|c| c.code == f));
            if let (Some(f), None) = (&from, base) {
                eprintln!("error: no catalog i18n/{game}/{f}.toml to start from");
                return ExitCode::from(2);
            }
            let text = vmodc::i18n::extract(&loaded.game, &lang, base);
            let path =
                out.unwrap_or_else(|| root.join("i18n").join(&game).join(format!("{lang}.toml")));
            if path.as_os_str() == "-" {
                print!("{text}");
                return ExitCode::SUCCESS;
            }
            if path.exists() && !force {
                eprintln!(
                    "error: {} exists; pass --force to overwrite it, or --out to write elsewhere",
                    path.display()
                );
                return ExitCode::from(2);
            }
            match vmodc::package::write_atomically(&path, text.as_bytes()) {
                Ok(()) => {
                    eprintln!("wrote {}", path.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

fn games_or_all(
    games: Vec<String>,
    root: &std::path::Path,
    sources: &Sources,
    format: Format,
) -> Result<Vec<String>, ExitCode> {
    if !games.is_empty() {
        return Ok(games);
    }
    match vmodc::load::discover(root) {
        Ok(ids) if !ids.is_empty() => Ok(ids),
        Ok(_) => {
            let d = Diagnostic::error("V0004", "no games found")
                .in_file(root.join("rules"))
                .help("a game is rules/<id>.toml with counters/<id>.toml and maps/<id>.toml beside it");
            print_report(
                &Report {
                    diagnostics: vec![d],
                },
                sources,
                format,
            );
            Err(ExitCode::from(2))
        }
        Err(d) => {
            print_report(
                &Report {
                    diagnostics: vec![d],
                },
                sources,
                format,
            );
            Err(ExitCode::from(2))
        }
    }
}

fn run_build(games: Vec<String>, options: Options, format: Format) -> ExitCode {
    let mut sources = Sources::default();
    let games = match games_or_all(games, &options.root, &sources, format) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let mut all = Report::default();
    let mut failed = false;
    let mut io_failed = false;
    for id in &games {
        let outcome = build::build_game(&options, id, &mut sources);
        if !outcome.modules.is_empty() {
            if format == Format::Human {
                for m in &outcome.modules {
                    let verb = if m.written { "built" } else { "unchanged" };
                    eprintln!("{verb} {} ({} bytes)", m.path.display(), m.size);
                }
            }
        } else {
            {
                failed = true;
                io_failed |= outcome
                    .report
                    .diagnostics
                    .iter()
                    .any(|d| d.code.starts_with("V06") || d.code == "V0002");
                if format == Format::Human {
                    eprintln!("not built: {id}");
                }
            }
        }
        all.extend(outcome.report);
    }
    print_report(&all, &sources, format);
    if io_failed {
        ExitCode::from(2)
    } else if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn run_check(
    targets: Vec<String>,
    root: &std::path::Path,
    deny_warnings: bool,
    format: Format,
) -> ExitCode {
    let mut sources = Sources::default();
    let (modules, games): (Vec<String>, Vec<String>) =
        targets.into_iter().partition(|t| t.ends_with(".vmod"));
    let mut all = Report::default();
    let games = if games.is_empty() && !modules.is_empty() {
        Vec::new()
    } else {
        match games_or_all(games, root, &sources, format) {
            Ok(g) => g,
            Err(code) => return code,
        }
    };
    for id in &games {
        let (_, report) = build::load_and_check(root, id, &mut sources);
        all.extend(report);
    }
    for path in &modules {
        all.extend(vmodc::verify::check_module_file(std::path::Path::new(path)));
    }
    print_report(&all, &sources, format);
    if build::blocks(&all, deny_warnings) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
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

/// The defender's circumstances for `vmodc odds`.
struct Situation {
    terrain: Option<String>,
    city: Option<String>,
    side: Option<String>,
    across: Vec<String>,
    turn: u32,
    roll: Option<u32>,
}

fn run_odds(
    root: &std::path::Path,
    id: &str,
    attackers: &[String],
    defence: f64,
    sit: Situation,
) -> ExitCode {
    use vmodc::concept::combat::odds::{resolve_odds, Lookup};
    let mut sources = Sources::default();
    let game = match vmodc::load::load_game(root, id, &mut sources) {
        Ok(g) => g,
        Err(report) => {
            print_report(&report, &sources, Format::Human);
            return ExitCode::from(1);
        }
    };
    let combat = &game.rules.combat;
    let weather = vmodc::concept::weather::turn::weather_of_turn(&game.rules, sit.turn)
        .map(|w| w.id.value.clone());
    let mut attack = 0.0;
    let mut types = Vec::new();
    for a in attackers {
        let (strength, kind) = a.split_once(':').unwrap_or((a.as_str(), ""));
        let Ok(mut s) = strength.trim().parse::<f64>() else {
            eprintln!("error: `{a}` is not a strength (write e.g. 9 or 9:panzer)");
            return ExitCode::from(2);
        };
        for m in &combat.attack_modifiers {
            let weather_ok = m
                .weather
                .as_ref()
                .is_none_or(|w| Some(w.as_str()) == weather.as_deref());
            let type_ok =
                m.unit_types.is_empty() || m.unit_types.iter().any(|t| t.as_str() == kind);
            if weather_ok && type_ok {
                s = s * f64::from(m.numerator) / f64::from(m.denominator.max(1));
            }
        }
        attack += s;
        types.push(kind.to_string());
    }
    let situation = vmodc::concept::combat::shifts::Situation {
        defender_terrain: sit.terrain.as_deref(),
        defender_city: sit.city.as_deref(),
        defender_side: sit.side.as_deref(),
        attacker_side: None,
        attacker_types: types.iter().map(String::as_str).collect(),
        all_across: sit.across.iter().map(String::as_str).collect(),
        weather: weather.as_deref(),
    };
    let applied = vmodc::concept::combat::shifts::applicable(combat, &situation);
    let shifts: Vec<i32> = applied.iter().map(|s| s.shift).collect();
    let outcome = resolve_odds(attack, defence, combat, &shifts);
    let mut line = format!("{attack} vs {defence} → {}", outcome.capped);
    if outcome.capped != outcome.raw {
        line.push_str(&format!(" (capped from {})", outcome.raw));
    }
    for s in &applied {
        line.push_str(&format!(", {} {:+}", s.name.to_lowercase(), s.shift));
    }
    line.push_str(&format!(" → {}", outcome.shifted));
    match sit.roll {
        Some(r) => {
            let result = match outcome.lookup(combat, r) {
                Lookup::Result(c) => c.to_string(),
                Lookup::BelowTable(t) => t.to_string(),
                Lookup::Unknown => "unknown (the CRT cell is not in the sources)".into(),
            };
            line.push_str(&format!(", roll {r} → {result}"));
        }
        None => {
            let rolls: Vec<String> = (game.rules.dice.count
                ..=game.rules.dice.count * game.rules.dice.faces)
                .map(|r| match outcome.lookup(combat, r) {
                    Lookup::Result(c) => format!("{r}:{c}"),
                    Lookup::BelowTable(t) => format!("{r}:{t}"),
                    Lookup::Unknown => format!("{r}:?"),
                })
                .collect();
            line.push_str(&format!(" [{}]", rolls.join(" ")));
        }
    }
    if let Some(w) = weather {
        line.push_str(&format!(" (turn {}, {w})", sit.turn));
    }
    println!("{line}");
    ExitCode::SUCCESS
}
