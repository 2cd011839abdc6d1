//! VASSAL's own translation of a module (`Module_<lang>.properties`, vassal-format.md §1.6): when a
//! player's VASSAL runs in another language that vmodc has a catalog for, VASSAL swaps the module's
//! texts for these.
//!
//! Piece texts are keyed `Piece.<original text>` (one entry translates every occurrence), so every
//! text this module writes into a piece is paired with the text the other language's module writes
//! in the same place: names, menu commands, layer level names, report formats and report expressions.

use super::automation;
use super::plan::Plan;
use crate::i18n::Texts;
use crate::model::Game;
use std::collections::BTreeMap;

/// Pairs (text in this module, text in the other language) for every translatable piece text.
fn piece_pairs(game: &Game, here: &Plan, there: &Plan) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    // Every catalog text as a whole (names, menu commands).
    for (key, text) in here.tx.all() {
        pairs.push((text.clone(), there.tx.get(key)));
    }
    // Composed texts: layer level names.
    for f in &game.counters.counters.faces {
        let k = format!("faces.{}", f.as_str());
        pairs.push((
            format!("+ ({})", here.tx.get(&k)),
            format!("+ ({})", there.tx.get(&k)),
        ));
    }
    for s in &game.rules.sides {
        let k = format!("sides.{}", s.id.as_str());
        pairs.push((
            format!("+ ({})", here.tx.get(&k)),
            format!("+ ({})", there.tx.get(&k)),
        ));
    }
    for w in &game.rules.weather {
        let k = format!("weather.{}", w.id.as_str());
        pairs.push((
            format!("+ ({})", here.tx.get(&k)),
            format!("+ ({})", there.tx.get(&k)),
        ));
    }
    for c in &game.map.cities {
        pairs.push((
            super::module::control_name(here, c),
            super::module::control_name(there, c),
        ));
    }
    // Report formats and expressions: the same builders in both languages.
    let formats = |p: &Plan| -> Vec<String> {
        let mut out: Vec<String> = automation::unit_traits(game, p)
            .into_iter()
            .map(|t| t.type_)
            .collect();
        out.push(automation::phase_report(game, p).to_beanshell());
        out
    };
    for (a, b) in formats(here).into_iter().zip(formats(there)) {
        if a != b {
            // A trait type is `id;field;field…`: pair the fields that differ.
            let fa = crate::vassal::sequence_encoder::decode(&a, ';');
            let fb = crate::vassal::sequence_encoder::decode(&b, ';');
            if fa.len() == fb.len() {
                for (x, y) in fa.into_iter().zip(fb) {
                    if x != y {
                        pairs.push((x, y));
                    }
                }
            } else {
                pairs.push((a, b));
            }
        }
    }
    for (key, vars) in [
        (
            "ui.report_flip",
            vec![
                ("old", "$oldPieceName$"),
                ("new", "$newPieceName$"),
                ("location", "$location$"),
            ],
        ),
        ("ui.report_eliminated", vec![("old", "$oldPieceName$")]),
        (
            "ui.report_control",
            vec![("old", "$oldPieceName$"), ("new", "$newPieceName$")],
        ),
        ("ui.report_attacker", vec![("piece", "$PieceName$")]),
        (
            "ui.report_defender",
            vec![("piece", "$PieceName$"), ("location", "$LocationName$")],
        ),
    ] {
        pairs.push((here.tx.fill(key, &vars), there.tx.fill(key, &vars)));
    }
    pairs
}

/// The `.properties` text that translates this module (`here`) into `other`'s language.
pub fn properties(game: &Game, here: &Plan, other: &Texts) -> String {
    let mut there = Plan::new(game, other.clone());
    there.translations = here.translations.clone();
    let mut entries: BTreeMap<String, String> = BTreeMap::new();
    for (a, b) in piece_pairs(game, here, &there) {
        if !a.is_empty() && a != b {
            entries.entry(format!("Piece.{a}")).or_insert(b);
        }
    }
    let list: Vec<(String, String)> = entries.into_iter().collect();
    write_properties(&list)
}

/// Java `.properties` text (ASCII with `\uXXXX`), until the shared writer lands.
fn write_properties(entries: &[(String, String)]) -> String {
    fn esc(s: &str, key: bool) -> String {
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\x0c' => out.push_str("\\f"),
                '=' | ':' | '#' | '!' => {
                    out.push('\\');
                    out.push(c);
                }
                ' ' if key || i == 0 => out.push_str("\\ "),
                c if (' '..='~').contains(&c) => out.push(c),
                c => {
                    let mut buf = [0u16; 2];
                    for unit in c.encode_utf16(&mut buf) {
                        out.push_str(&format!("\\u{:04X}", unit));
                    }
                }
            }
        }
        out
    }
    let mut out = String::new();
    for (k, v) in entries {
        out.push_str(&esc(k, true));
        out.push('=');
        out.push_str(&esc(v, false));
        out.push('\n');
    }
    out
}
