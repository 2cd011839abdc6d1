//! `vmodc audit LOG.vlog`: the referee of a game played in VASSAL. Exit 0 when every checked move
//! keeps the rules, 1 with violations, 2 when the log cannot be audited (damaged, of a module vmodc
//! did not build, no rules data).

use super::{read_input, FAILED, USAGE};
use crate::audit::page::{map_images, MapImages};
use crate::audit::{audit, rules};
use crate::concept::game::Game;
use crate::save::dump::Locations;
use crate::save::element_text;
use crate::save::log::GameLog;
use crate::save::SavedGame;
use crate::verify::view::{open_module, ModuleView};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `vmodc audit`'s arguments.
#[derive(clap::Args, Debug)]
pub struct AuditArgs {
    /// The log of the game or turn (.vlog: File > Begin Logfile … End Logfile), or the first of a
    /// sequence of saves.
    pub log: PathBuf,
    /// Later saved games (.vsav), in the order played: with them, LOG is the first save, and each
    /// later save is audited as its difference from the one before (the moves' paths and the phase
    /// of each move are not in a save: they are checked only between saves of one phase).
    pub saves: Vec<PathBuf>,
    /// The module the game was played with; its rules data is read unless --root is given.
    #[arg(long)]
    pub module: Option<PathBuf>,
    /// A project to read the rules from instead of the module (and its dist/ module).
    #[arg(long)]
    pub root: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = AuditFormat::Human)]
    pub format: AuditFormat,
}

/// How the findings are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AuditFormat {
    /// A short list, turn by turn.
    Human,
    /// A JSON array, one object per finding.
    Json,
    /// One self-contained HTML page, each finding beside a cut of the map where it happened.
    Html,
}

/// `vmodc audit`.
pub fn run_audit(args: &AuditArgs) -> ExitCode {
    match audited(args) {
        Ok((result, maps)) => {
            match args.format {
                AuditFormat::Human => out!("{}", result.human()),
                AuditFormat::Json => out!("{}", result.json()),
                AuditFormat::Html => out!("{}", result.html(&maps)),
            }
            if result.violations() > 0 {
                ExitCode::from(FAILED)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err((why, help)) => {
            errln!("error: {} cannot be audited: {why}", args.log.display());
            errln!("  help: {help}");
            ExitCode::from(USAGE)
        }
    }
}

type Refusal = (String, String);

fn audited(args: &AuditArgs) -> Result<(crate::audit::Audit, MapImages), Refusal> {
    let log = if args.saves.is_empty() {
        log_of(&args.log)?
    } else {
        saves_of(args)?
    };
    let (name, _) = log.start.module();
    let name = name.ok_or_else(|| {
        (
            "the log names no module (no `moduledata`)".to_string(),
            "give a log VASSAL wrote (File > Begin Logfile)".to_string(),
        )
    })?;
    let (view, shown) = module_of(args, &name)?;
    let module_name = view
        .archive
        .entries
        .get("moduledata")
        .and_then(|d| element_text(&String::from_utf8_lossy(d), "name"));
    if module_name.as_deref() != Some(name.as_str()) {
        return Err((
            format!(
                "the log was played with the module `{name}`, {shown} is `{}`",
                module_name.as_deref().unwrap_or("unnamed")
            ),
            "pass the module the game was played with (--module)".into(),
        ));
    }
    let game = game_of(args, &view, &shown, &name)?;
    let locations = Locations::from_view(&view);
    let maps = match args.format {
        AuditFormat::Html => map_images(&view),
        _ => MapImages::new(),
    };
    Ok((audit(&game, &locations, &log), maps))
}

/// A log, read as VASSAL replays it.
fn log_of(path: &Path) -> Result<GameLog, Refusal> {
    let bytes = read_game_file(path)?;
    GameLog::read(&bytes).map_err(|e| {
        (
            format!("it is not a VASSAL log that replays: {e}"),
            "ask for the log again; a damaged log is never reported as a legal game".into(),
        )
    })
}

/// Saves in order (the start of a turn, its end …), audited as one step per save after the first.
fn saves_of(args: &AuditArgs) -> Result<GameLog, Refusal> {
    let mut saves = Vec::new();
    for path in std::iter::once(&args.log).chain(&args.saves) {
        let bytes = read_game_file(path)?;
        if GameLog::read(&bytes).is_ok_and(|l| !l.steps.is_empty()) {
            return Err((
                format!(
                    "{} is a log with logged steps, given among saves",
                    path.display()
                ),
                "audit a log on its own, or a sequence of saves (the start and the end of a turn)"
                    .into(),
            ));
        }
        let save = SavedGame::read(&bytes).map_err(|e| {
            (
                format!(
                    "{} is not a saved game VASSAL can read: {e}",
                    path.display()
                ),
                "give the .vsav files VASSAL wrote (File > Save Game), in the order played".into(),
            )
        })?;
        saves.push(save);
    }
    GameLog::from_saves(saves)
        .ok_or_else(|| ("no save given".into(), "give two saves or more".into()))
}

fn read_game_file(path: &Path) -> Result<Vec<u8>, Refusal> {
    read_input(path, "game file").map_err(|_| {
        (
            format!("{} cannot be read", path.display()),
            "check the path".to_string(),
        )
    })
}

/// The module: `--module`, else the module of `--root`'s dist/ that the log names.
fn module_of(args: &AuditArgs, name: &str) -> Result<(ModuleView, String), Refusal> {
    let path = match (args.module.as_deref(), args.root.as_deref()) {
        (Some(m), _) => m.to_path_buf(),
        (None, Some(root)) => dist_module(root, name).ok_or_else(|| {
            (
                format!("no module of {} is `{name}`", root.join("dist").display()),
                "build it (vmodc build) or pass --module".to_string(),
            )
        })?,
        (None, None) => {
            return Err((
                "no module given".into(),
                "pass --module M.vmod (the module the game was played with) or --root PROJECT"
                    .into(),
            ))
        }
    };
    let shown = path.display().to_string();
    let bytes = read_input(&path, "module").map_err(|_| {
        (
            format!("the module {shown} cannot be read"),
            "check the path".to_string(),
        )
    })?;
    let view = open_module(&bytes).map_err(|e| {
        (
            format!("{shown} is not a module vmodc can read: {e}"),
            "pass the .vmod file the game was played with".to_string(),
        )
    })?;
    Ok((view, shown))
}

/// The first module of `root/dist/` whose moduledata names `name`.
fn dist_module(root: &Path, name: &str) -> Option<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join("dist"))
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "vmod"))
        .collect();
    paths.sort();
    paths.into_iter().find(|p| {
        let entry = super::read_within_budget(p)
            .ok()
            .and_then(|b| crate::verify::archive::read_archive(&b, Default::default()).ok())
            .and_then(|a| a.entries.get("moduledata").cloned());
        entry.is_some_and(|d| {
            element_text(&String::from_utf8_lossy(&d), "name").as_deref() == Some(name)
        })
    })
}

/// The rules: `--root`'s project, else the module's own rules data.
fn game_of(args: &AuditArgs, view: &ModuleView, shown: &str, name: &str) -> Result<Game, Refusal> {
    let Some(root) = args.root.as_deref() else {
        return rules::from_module(view, shown).map_err(|e| {
            (
                e.to_string(),
                "audit with the module the game was played with, built by vmodc".into(),
            )
        });
    };
    let ids = crate::load::discover(root).map_err(|d| {
        (
            d.message,
            "pass --root PROJECT, the folder holding rules/".into(),
        )
    })?;
    ids.iter()
        .filter_map(|id| rules::from_root(root, id).ok())
        .find(|g| g.rules.game.title.as_str() == name)
        .ok_or_else(|| {
            (
                format!("no game of {} is titled `{name}`", root.display()),
                "pass the project the module was built from".into(),
            )
        })
}
