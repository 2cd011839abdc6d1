//! Print and play: the game as one PDF a player can print, cut and play (`vmodc print`, and
//! `vmodc build` beside each module).
//!
//! The kit holds a contents page (with what the data lacks), the counter
//! sheets (fronts, then their backs mirrored for duplex printing, or both side by side to fold),
//! the map in overlapping tiles with a page showing how they fit (and, on request, on one large
//! sheet), then the charts, the turn track, any cards, each scenario's setup and victory and the rules in play. It draws what the module draws, from the
//! same renderers: every picture is the module's image, drawn at print resolution without its
//! texts (a [`TextCapture`](crate::render::text::TextCapture) keeps them), with the texts set over
//! it as PDF text and the hex grid drawn again as vector lines.
//!
//! - [`sheet`]: where counters and their backs go on a sheet;
//! - [`tiles`]: how the map is cut into overlapping tiles;
//! - [`pdf`]: the PDF writer (pages in millimetres, text with embedded font subsets);
//! - `contents`: the contents page, every section with its page numbers;
//! - `kit`: what goes on each page;
//! - `map_pages`: the map's assembly page, tiles and poster;
//! - `page`: margins, titles and pictures, shared by every page;
//! - `setup_pages`: each scenario's setup chart and victory conditions ("Setup and victory");
//! - `rules_pages`: the special rules, as the players read them ("Rules in play").

mod contents;
mod error;
mod kit;
mod map_pages;
mod page;
pub mod pdf;
mod rules_pages;
mod setup_pages;
pub mod sheet;
pub mod tiles;

pub use error::PrintError;

use crate::concept::game::Game;
use crate::diag::{Diagnostic, SourceFile};
use crate::pipeline::cache::{fingerprint, Cache};
use crate::pipeline::{Kit, Loaded};
use std::path::Path;

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
    A2,
    A1,
}

impl Paper {
    /// Width and height in mm, portrait.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A2 => (420.0, 594.0),
            Paper::A1 => (594.0, 841.0),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
            Paper::A2 => "A2",
            Paper::A1 => "A1",
        }
    }
}

impl std::str::FromStr for Paper {
    type Err = String;

    fn from_str(s: &str) -> Result<Paper, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            "a2" => Ok(Paper::A2),
            "a1" => Ok(Paper::A1),
            _ => Err(format!(
                "unknown paper {s:?}: expected a4, letter, a2 or a1"
            )),
        }
    }
}

/// How to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrintOptions {
    pub paper: Paper,
    /// Fronts and backs side by side on one side of the paper, to fold, instead of backs on their
    /// own pages for duplex printing.
    pub one_sided: bool,
    /// Also print each map sheet whole on one page of this size (for a print shop).
    pub poster: Option<Paper>,
}

impl Default for PrintOptions {
    /// What `vmodc build` writes: A4, duplex, tiles only.
    fn default() -> PrintOptions {
        PrintOptions {
            paper: Paper::A4,
            one_sided: false,
            poster: None,
        }
    }
}

/// A printed kit.
#[derive(Debug, Clone)]
pub struct Printed {
    pub pdf: Vec<u8>,
    /// What the kit could not print because the data lacks it (also on its contents page).
    pub missing: Vec<String>,
}

/// The kit's file name: `<game>-<lang>.pdf`, or `<game>.pdf` for a game without catalogs.
pub fn pdf_file_name(game: &Game, lang: Option<&str>) -> String {
    match lang {
        Some(l) => format!("{}-{l}.pdf", game.id),
        None => format!("{}.pdf", game.id),
    }
}

/// The kit of one language, as a pure function of the data.
pub fn print_language(
    loaded: &Loaded,
    lang: Option<&str>,
    options: &PrintOptions,
) -> Result<Printed, Diagnostic> {
    print_language_cached(loaded, lang, options, None)
}

/// [`print_language`], its map sheets and charts read from `cache` when they were drawn from the
/// same boards before (the same bytes as drawn afresh).
pub fn print_language_cached(
    loaded: &Loaded,
    lang: Option<&str>,
    options: &PrintOptions,
    cache: Option<&Cache>,
) -> Result<Printed, Diagnostic> {
    let game = &loaded.game;
    // Laid out as the modules are: the kit's turn track is the module's, box for box.
    let plan = loaded.plan_in(lang);
    kit::print(game, &plan, options, cache).map_err(|e| {
        Diagnostic::error("V0606", format!("cannot print {}: {e}", game.id))
            .help("check the colours and sizes in the data (vmodc check)")
    })
}

/// The kit of every language of a game, for the build to write beside its modules in `out` (what
/// `vmodc build` prints: [`PrintOptions::default`]). With a cache, a kit whose inputs and file are
/// unchanged is not printed again. An error in any language stops them all.
pub fn print_kits(
    loaded: &Loaded,
    out: &Path,
    cache: Option<&Cache>,
    files: &[SourceFile],
) -> Result<Vec<Kit>, Diagnostic> {
    use rayon::prelude::*;
    let options = PrintOptions::default();
    // The image files the data names are inputs too: a changed scan prints the kit again.
    let images: Vec<(std::path::PathBuf, String)> = loaded
        .game
        .images
        .values()
        .map(|i| {
            (
                std::path::PathBuf::from(&i.path),
                format!("image {}", i.hash),
            )
        })
        .collect();
    crate::pipeline::languages(loaded)
        .into_par_iter()
        .map(|lang| {
            let path = out.join(pdf_file_name(&loaded.game, lang.as_deref()));
            // The kit's own fingerprint: the same sources as the module, marked as a print.
            let fingerprint = fingerprint(
                Some(&format!("print:{}", lang.as_deref().unwrap_or(""))),
                files
                    .iter()
                    .map(|f| (f.path.as_path(), f.text.as_str()))
                    .chain(images.iter().map(|(p, h)| (p.as_path(), h.as_str()))),
            );
            let pdf = match cache.is_some_and(|c| c.module_is_current(&path, &fingerprint)) {
                true => None,
                false => Some(
                    print_language_cached(loaded, lang.as_deref(), &options, cache)
                        .map_err(|d| d.in_file(&path))?
                        .pdf,
                ),
            };
            Ok(Kit {
                path,
                fingerprint,
                pdf,
            })
        })
        .collect()
}
