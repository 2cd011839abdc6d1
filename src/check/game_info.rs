//! Checks of the game's identity: its module version.

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
