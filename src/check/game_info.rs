//! Checks of the game's identity: its id and its module version.

use crate::concept::context::{is_semver, Context};
use crate::diag::Diagnostic;

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
