//! Checks of the release history: its newest entry is the module's version, so the "What's new"
//! page does not stop at an older release when the version went up.

use crate::concept::context::Context;
use crate::diag::Diagnostic;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    newest_is_current(cx);
}

/// The first (newest) release is `[game] version`.
fn newest_is_current(cx: &mut Context<'_>) {
    let Some(history) = &cx.game.releases else {
        return;
    };
    let id = &cx.game.id;
    let current = cx.game.rules.game.version.as_str();
    let add = format!(
        "add the entry for {current} at the top: `vmodc diff OLD . {id} --format toml` prints it, \
         OLD being the revision (or folder) of the previous release"
    );
    let d = match history.releases.first() {
        Some(newest) if newest.version.as_str() == current => return,
        Some(newest) => Diagnostic::warning(
            "V0126",
            format!(
                "the newest release in changes/{id}.toml is {}, but the module is version {current}",
                newest.version.as_str()
            ),
        )
        .at(history.file, newest.version.span.clone(), "newest release"),
        None => Diagnostic::warning(
            "V0126",
            format!("changes/{id}.toml lists no release; the module is version {current}"),
        )
        .at(history.file, 0..0, "no [[releases]]"),
    };
    cx.push(d.help(add));
}
