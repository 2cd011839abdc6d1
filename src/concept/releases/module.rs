//! The module's "What's new" page: the release history as an HTML page in the Help menu (a VASSAL
//! `HelpFile` reading an archive entry), in the module's language. Names of units, phases, cities and
//! scenarios come from the language's catalog; the page's fixed phrases are `ui.*` catalog texts.
//!
//! VASSAL shows the page in its own help window (`HTMLWindowHelper`, a Swing `JEditorPane` with
//! `DataArchiveHTMLEditorKit`): an `<img src>` without a `/` is read from the module's `images/`, so
//! a changed unit shows its current counter by the image name the module already has. The page
//! is plain HTML 3.2 with every character outside ASCII written as a character reference, so it reads
//! the same whatever charset the viewer assumes.

use super::{text_key, RecordedChange, Release, UnitLook, AREAS};
use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::html::{escape_ascii as esc, page};
use crate::concept::interface::HelpPage;
use std::fmt::Write as _;

/// The page's entry in the archive.
pub const WHATS_NEW_PAGE: &str = "help/whats-new.html";

/// The Help menu's page, for a game with a release history.
pub fn help_page(game: &Game, plan: &Plan) -> Option<HelpPage> {
    game.releases.as_ref()?;
    let page = whats_new_page(game, plan)?;
    Some(HelpPage::html(WHATS_NEW_PAGE, plan.tx.get("ui.whats_new"), page))
}

/// The page's HTML, for a game with a release history.
fn whats_new_page(game: &Game, plan: &Plan) -> Option<String> {
    let history = game.releases.as_ref()?;
    let title = esc(&plan.tx.get("ui.whats_new"));
    let mut body = format!("<h1>{title}</h1>\n");
    for release in &history.releases {
        body.push_str(&release_section(game, plan, release));
    }
    let style = "body { font-family: sans-serif; }\nth { text-align: left; }\n";
    Some(page(&plan.tx.lang, &title, style, &body))
}

fn release_section(game: &Game, plan: &Plan, release: &Release) -> String {
    let tx = &plan.tx;
    let mut out = format!(
        "<h2>{}</h2>\n",
        esc(&tx.fill("ui.release", &[("version", &release.version)]))
    );
    if let Some(previous) = &release.previous {
        let since = tx.fill("ui.release_since", &[("previous", previous)]);
        let _ = writeln!(out, "<p>{}</p>", esc(&since));
    }
    // Texts are listed in the module's own language only.
    let shown: Vec<&RecordedChange> = release
        .changes
        .iter()
        .filter(|c| c.area != "text" || text_key(&c.what).1.is_none_or(|l| l == tx.lang))
        .collect();
    if !release.notes.is_empty() {
        out.push_str("<ul>\n");
        for n in 0..release.notes.len() {
            let _ = writeln!(out, "<li>{}</li>", esc(&tx.get(&release.note_key(n))));
        }
        out.push_str("</ul>\n");
    }
    if shown.is_empty() && release.notes.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", esc(&tx.get("ui.release_none")));
    }
    let known = AREAS.iter().map(|(a, _)| *a);
    let unknown: Vec<&str> = shown
        .iter()
        .map(|c| c.area.as_str())
        .filter(|a| !AREAS.iter().any(|(k, _)| k == a))
        .collect();
    let mut areas: Vec<&str> = known.chain(unknown).collect();
    areas.dedup();
    for area in areas {
        let rows: Vec<&&RecordedChange> = shown.iter().filter(|c| c.area == area).collect();
        if rows.is_empty() {
            continue;
        }
        let heading = tx
            .lookup(&format!("ui.changes_{area}"))
            .unwrap_or(area)
            .to_string();
        let _ = write!(
            out,
            "<h3>{}</h3>\n<table border=\"1\" cellpadding=\"4\" cellspacing=\"0\">\n\
             <tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\n",
            esc(&heading),
            esc(&tx.get("ui.change_what")),
            esc(&tx.get("ui.change_kind")),
            esc(&tx.get("ui.change_before")),
            esc(&tx.get("ui.change_after")),
        );
        for c in rows {
            out.push_str(&change_row(game, plan, c));
        }
        out.push_str("</table>\n");
    }
    out
}

fn change_row(game: &Game, plan: &Plan, c: &RecordedChange) -> String {
    let tx = &plan.tx;
    let kind = match (&c.old, &c.new) {
        (None, Some(_)) => "ui.change_added",
        (Some(_), None) => "ui.change_removed",
        _ => "ui.change_changed",
    };
    let value = |v: &Option<String>| match v {
        Some(v) if c.area == "unit" => esc(&unit_look(plan, v)),
        Some(v) => esc(v),
        None => String::new(),
    };
    format!(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        what_cell(game, plan, c),
        esc(&tx.get(kind)),
        value(&c.old),
        value(&c.new)
    )
}

/// A unit's recorded side, type and face values with the catalog's names (`Germany Panzer XXX, full
/// 12-6, reduced 6-6`); a text that is not a unit description as it was recorded.
fn unit_look(plan: &Plan, recorded: &str) -> String {
    let Some(look) = UnitLook::parse(recorded) else {
        return recorded.to_string();
    };
    let named = |key: String, id: &str| plan.tx.lookup(&key).unwrap_or(id).to_string();
    let faces: Vec<String> = look
        .faces
        .iter()
        .map(|(f, v)| format!("{} {v}", named(format!("faces.{f}"), f)))
        .collect();
    let head = [
        named(format!("sides.{}", look.side), &look.side),
        named(format!("types.{}", look.unit_type), &look.unit_type),
        look.size.clone(),
    ];
    let head: Vec<&str> = head
        .iter()
        .map(String::as_str)
        .filter(|w| !w.is_empty())
        .collect();
    format!("{}, {}", head.join(" "), faces.join(", "))
}

/// What a change names, in the module's language: a unit's name with its current counter, a
/// phase's or city's name, a scenario and unit; the recorded id when the game no longer has it.
fn what_cell(game: &Game, plan: &Plan, c: &RecordedChange) -> String {
    let tx = &plan.tx;
    let named = |key: String, fallback: &str| tx.lookup(&key).unwrap_or(fallback).to_string();
    match c.area.as_str() {
        "unit" => {
            let name = named(format!("units.{}", c.what), &c.what);
            let face = game
                .counters
                .units
                .iter()
                .find(|u| u.id.as_str() == c.what)
                .and_then(|u| game.counters.faces_of(u).first().map(|f| f.to_string()));
            let image = face
                .and_then(|f| plan.unit_images.get(&(c.what.clone(), f)))
                .map_or(String::new(), |img| {
                    format!("<img src=\"{}\" alt=\"{}\"> ", esc(img), esc(&c.what))
                });
            format!("{image}{}", esc(&name))
        }
        "marker" => esc(&named(format!("markers.{}", c.what), &c.what)),
        "phase" => esc(&named(format!("phases.{}", c.what), &c.what)),
        "city" => esc(&format!(
            "{} ({})",
            named(format!("cities.{}", c.what), &c.what),
            c.what
        )),
        "setup" => match c.what.split_once('/') {
            Some((scenario, unit)) => esc(&format!(
                "{}: {}",
                named(format!("scenarios.{scenario}"), scenario),
                named(format!("units.{unit}"), unit)
            )),
            None => esc(&c.what),
        },
        "text" => esc(text_key(&c.what).0),
        _ => esc(&c.what),
    }
}
