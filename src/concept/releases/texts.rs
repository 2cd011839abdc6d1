//! The texts of the "What's new" help page: its fixed phrases, and the release notes of the game's
//! history.

use super::AREAS;
use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

/// Where the page's texts appear.
const PAGE: &str = "help menu: What's new page";

const PHRASES: &[InterfaceText] = &[
    ("ui.whats_new", "What's new", PAGE),
    ("ui.release", "Version {version}", PAGE),
    (
        "ui.release_since",
        "Changes since version {previous}.",
        PAGE,
    ),
    ("ui.release_none", "Nothing changed for players.", PAGE),
    ("ui.change_what", "What", PAGE),
    ("ui.change_kind", "Change", PAGE),
    ("ui.change_before", "Before", PAGE),
    ("ui.change_after", "After", PAGE),
    ("ui.change_added", "added", PAGE),
    ("ui.change_removed", "removed", PAGE),
    ("ui.change_changed", "changed", PAGE),
];

/// Every interface text of the page: its phrases and the heading of each area of changes.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(PHRASES);
    for (area, title) in AREAS {
        out.add(format!("ui.changes_{area}"), title, PAGE);
    }
}

/// The page's phrases and the release notes, in games with a release history.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    if game.releases.is_none() {
        return;
    }
    interface_texts(out);
    for release in game.releases.iter().flat_map(|h| &h.releases) {
        for (n, note) in release.notes.iter().enumerate() {
            out.add(release.note_key(n), note, PAGE);
        }
    }
}
