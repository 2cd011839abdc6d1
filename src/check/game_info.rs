//! Checks of the game's identity: its id and its module version.

use crate::concept::context::{is_semver, Context};
use crate::diag::{Diagnostic, Edit};
use crate::model::data_format::CURRENT;

pub(crate) fn game_version(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    if !is_semver(&r.game.version) {
        cx.push(
            Diagnostic::error(
                "V0106",
                format!(
                    "module version `{}` is not MAJOR.MINOR.PATCH",
                    r.game.version.as_str()
                ),
            )
            .at(f, r.game.version.span.clone(), "not semver")
            .help("the VASSAL module library accepts only strict semver versions, e.g. \"1.0.0\""),
        );
    }
}

/// `[game] id` is the file's name: vmodc finds a game's files by the rules file's name
/// (`rules/<id>.toml`, `counters/<id>.toml`, …), so an id that says otherwise misleads.
pub(crate) fn game_id(cx: &mut Context<'_>) {
    let g = cx.game;
    let declared = &g.rules.game.id;
    if declared.as_str() == g.id {
        return;
    }
    let f = cx.rules_file();
    cx.push(
        Diagnostic::error(
            "V0823",
            format!(
                "`[game] id = \"{}\"` in rules/{}.toml: the id is not the file's name",
                declared.as_str(),
                g.id
            ),
        )
        .at(f, declared.span.clone(), format!("the file is rules/{}.toml", g.id))
        .help(format!(
            "write id = \"{id}\", or rename the game's files to rules/{new}.toml, counters/{new}.toml, maps/{new}.toml and scenarios/{new}/ (vmodc finds a game's files by that name)",
            id = g.id,
            new = declared.as_str()
        )),
    );
}

/// `[game] format`: data of a newer format than this vmodc's is refused (it may mean what this
/// vmodc cannot read); data of an earlier one is read, with a note that `vmodc migrate` states the
/// current format in the file (the other notes of the check say what else it changes).
pub(crate) fn data_format(cx: &mut Context<'_>) {
    let game = &cx.game.rules.game;
    let format = game.data_format();
    let f = cx.rules_file();
    if format > CURRENT {
        let span = game.format.as_ref().map_or(0..0, |v| v.span.clone());
        cx.push(
            Diagnostic::error(
                "V0006",
                format!("the data is in format {format}: this vmodc reads formats up to {CURRENT}"),
            )
            .at(f, span, "written for a newer vmodc")
            .help("install the newer vmodc the data was written for (`cargo install --locked --path .` in an updated clone)"),
        );
        return;
    }
    if format == CURRENT {
        return;
    }
    let (span, label, edit) = match &game.format {
        Some(v) => (
            v.span.clone(),
            "an earlier format",
            Edit {
                file: f,
                span: v.span.clone(),
                text: CURRENT.to_string(),
            },
        ),
        None => {
            // The new key goes on its own line below `version`, which every [game] table has.
            let text = cx.sources.get(f).map_or("", |s| s.text.as_str());
            let end = line_end(text, game.version.span.end);
            (
                game.version.span.clone(),
                "no `format` here: format 1",
                Edit {
                    file: f,
                    span: end..end,
                    text: format!("\nformat = {CURRENT}"),
                },
            )
        }
    };
    cx.push(
        Diagnostic::note(
            "V0005",
            format!(
                "the data is in format {format}, written for an earlier vmodc: read as format {CURRENT}, where {}",
                format.changes_since().join("; ")
            ),
        )
        .at(f, span, label)
        .help(format!("`vmodc migrate` brings the files to format {CURRENT}, changing nothing the module shows; the other notes of this check list its edits"))
        .migrate(edit),
    );
}

/// The byte offset of the end of the line holding `at` (before its line break).
fn line_end(text: &str, at: usize) -> usize {
    text.get(at..)
        .and_then(|rest| rest.find('\n'))
        .map_or(text.len(), |i| at + i)
}
