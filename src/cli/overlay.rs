//! `vmodc grid` and `vmodc sheet`: a picture of the data's fit over its art, to see where it does
//! not line up.

use super::{exit_for, games_or_all, print_report, Format, FAILED, USAGE};
use crate::concept::game::Game;
use crate::diag::Sources;
use std::path::Path;
use std::process::ExitCode;

/// Load a game and write one overlay picture of its art.
pub fn run_overlay(
    root: &Path,
    id: &str,
    out: &Path,
    draw: impl Fn(&Game) -> Result<Vec<u8>, crate::pipeline::overlay::OverlayError>,
) -> ExitCode {
    let mut sources = Sources::default();
    if let Err(code) = games_or_all(vec![id.to_string()], root, &sources, Format::Human) {
        return code;
    }
    let game = match crate::load::load_game(root, id, &mut sources) {
        Ok(g) => g,
        Err(report) => {
            print_report(&report, &sources, Format::Human);
            return exit_for(&report, false);
        }
    };
    let png = match draw(&game) {
        Ok(png) => png,
        Err(why) => {
            errln!("error: {why}");
            return ExitCode::from(FAILED);
        }
    };
    match crate::package::write_atomically(out, &png) {
        Ok(()) => {
            outln!("wrote {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("error: cannot write {}: {e}", out.display());
            ExitCode::from(USAGE)
        }
    }
}
