//! The pipeline: load → check → render → emit → package, for one game at a time.

use crate::check::check_game;
use crate::diag::{Diagnostic, Report, Severity, Sources};
use crate::emit::{self, plan::Plan};
use crate::model::Game;
use crate::package::{self, Entry};
use crate::render::RenderError;
use std::path::{Path, PathBuf};

mod art;
mod map_art;

/// Where data is read from and modules are written to.
#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub out: PathBuf,
    pub deny_warnings: bool,
}

/// What happened to one game.
#[derive(Debug)]
pub struct Outcome {
    pub game: String,
    pub report: Report,
    /// The module written, with its size in bytes (none when the build stopped).
    pub module: Option<(PathBuf, u64)>,
}

/// Load and check one game; the report says whether it may be built.
pub fn load_and_check(root: &Path, id: &str, sources: &mut Sources) -> (Option<Game>, Report) {
    match crate::load::load_game(root, id, sources) {
        Ok(game) => {
            let report = check_game(&game, sources);
            (Some(game), report)
        }
        Err(report) => (None, report),
    }
}

/// Whether a report stops the build.
pub fn blocks(report: &Report, deny_warnings: bool) -> bool {
    report.has_errors() || (deny_warnings && report.count(Severity::Warning) > 0)
}

/// Build one game into `<out>/<id>.vmod`.
pub fn build_game(options: &Options, id: &str, sources: &mut Sources) -> Outcome {
    let (game, mut report) = load_and_check(&options.root, id, sources);
    let Some(game) = game else {
        return Outcome {
            game: id.into(),
            report,
            module: None,
        };
    };
    if blocks(&report, options.deny_warnings) {
        return Outcome {
            game: id.into(),
            report,
            module: None,
        };
    }
    let path = options.out.join(module_file_name(&game));
    let result = compile(&game).and_then(|entries| {
        let bytes =
            package::zip_bytes(&entries).map_err(|e| Diagnostic::error("V0602", e.to_string()))?;
        package::write_atomically(&path, &bytes).map_err(|e| {
            Diagnostic::error("V0603", e.to_string())
                .help("check that the output folder is writable")
        })?;
        Ok(bytes.len() as u64)
    });
    match result {
        Ok(size) => Outcome {
            game: id.into(),
            report,
            module: Some((path, size)),
        },
        Err(d) => {
            report.push(d.in_file(&path));
            Outcome {
                game: id.into(),
                report,
                module: None,
            }
        }
    }
}

pub fn module_file_name(game: &Game) -> String {
    format!("{}.vmod", game.id)
}

/// Everything that goes into the archive, as a pure function of the game.
pub fn compile(game: &Game) -> Result<Vec<Entry>, Diagnostic> {
    let plan = Plan::new(game);
    let mut entries = art::images(game, &plan).map_err(|e: RenderError| {
        Diagnostic::error("V0601", format!("cannot render an image: {e}"))
            .help("check the colours and sizes in the data (vmodc check)")
    })?;
    entries.push(Entry {
        name: "buildFile.xml".into(),
        data: emit::module::build_file(game, &plan).into_bytes(),
    });
    entries.push(Entry {
        name: "moduledata".into(),
        data: emit::moduledata(game).into_bytes(),
    });
    for scenario in game.scenarios.iter().skip(1) {
        let text = emit::scenario_save(game, &plan, scenario);
        // A fixed key keeps the archive reproducible; any key decodes the same.
        let saved = crate::vassal::vsav::obfuscate(&text, 0x5a);
        let vsav = package::zip_bytes(&[Entry {
            name: "savedGame".into(),
            data: saved,
        }])
        .map_err(|e| Diagnostic::error("V0602", e.to_string()))?;
        entries.push(Entry {
            name: emit::module::scenario_file(&scenario.scenario.id),
            data: vsav,
        });
    }
    Ok(entries)
}
