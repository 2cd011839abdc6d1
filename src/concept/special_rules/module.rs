//! The module's "Rules in play" page: every special rule, game-wide then by scenario, as an HTML
//! page of the Help menu (a VASSAL `HelpFile` reading an archive entry), in the module's language.
//!
//! VASSAL's `HelpFile` with `fileType="archive"` unpacks the entry from the module into a temporary
//! folder and opens it in the help window (`HelpFile.getContents`, `HTMLWindowHelper`); like the
//! "What's new" page, every character outside ASCII is written as a character reference, so the page
//! reads the same whatever charset the viewer assumes.

use super::reading::{in_reading_order, rules_in_play};
use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::html::{escape_ascii as esc, page};
use crate::concept::interface::HelpPage;
use std::fmt::Write as _;

/// The page's entry in the archive.
pub const RULES_IN_PLAY_PAGE: &str = "help/rules-in-play.html";

/// The Help menu's page, for a game with special rules.
pub fn help_page(game: &Game, plan: &Plan) -> Option<HelpPage> {
    if in_reading_order(game).is_empty() {
        return None;
    }
    let page = rules_in_play_page(game, plan)?;
    Some(HelpPage::html(RULES_IN_PLAY_PAGE, plan.tx.get("ui.rules_in_play"), page))
}

/// The page's HTML, for a game with special rules.
fn rules_in_play_page(game: &Game, plan: &Plan) -> Option<String> {
    let sections = rules_in_play(game, &plan.tx);
    if sections.is_empty() {
        return None;
    }
    let title = esc(&plan.tx.get("ui.rules_in_play"));
    let mut body = format!("<h1>{title}</h1>\n");
    for section in &sections {
        let _ = writeln!(body, "<h2>{}</h2>", esc(&section.heading));
        for rule in &section.rules {
            let _ = writeln!(body, "<h3>{}</h3>", esc(&rule.title));
            if !rule.note.is_empty() {
                let _ = writeln!(body, "<p><i>{}</i></p>", esc(&rule.note));
            }
            let _ = writeln!(body, "<p>{}</p>", esc(&rule.text));
        }
    }
    let style = "body { font-family: sans-serif; }\n";
    Some(page(&plan.tx.lang, &title, style, &body))
}
