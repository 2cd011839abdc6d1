//! VASSAL's own translation of a module (`Module_<lang>.properties`, vassal-format.md §1.6): when a
//! player's VASSAL runs in another language that vmodc has a catalog for, VASSAL swaps the module's
//! texts for these.
//!
//! Piece texts are keyed `Piece.<original text>` (one entry translates every occurrence), so every
//! text this module writes into a piece is paired with the text the other language's module writes
//! in the same place: names, menu commands, layer level names, report formats and report expressions.

use crate::concept::game::Game;
use crate::concept::interface::ModuleParts;
use crate::concept::plan::Plan;
use crate::concept::CONCEPTS;
use crate::i18n::Texts;
use crate::vassal::xml::El;
use std::collections::BTreeMap;

/// Pairs (text in this module, text in the other language) for every translatable piece text.
fn piece_pairs(game: &Game, here: &Plan, there: &Plan) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    // Every catalog text as a whole (names, menu commands); not the texts only the printed kit shows.
    for (key, text) in here
        .tx
        .all()
        .filter(|(key, _)| !crate::i18n::is_kit_only_key(key) && !crate::i18n::is_label_key(key))
    {
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
    // Names composed from catalog texts (a city's control marker).
    let composed = |plan: &Plan| {
        let mut names = Vec::new();
        for concept in CONCEPTS {
            concept.composed_names(game, plan, &mut names);
        }
        names
    };
    for (a, b) in composed(here).into_iter().zip(composed(there)) {
        pairs.push((a, b));
    }
    // Report formats and expressions: the same builders in both languages.
    let formats = |p: &Plan| -> Vec<String> {
        let parts = ModuleParts::of(game, p, CONCEPTS);
        let mut out: Vec<String> = parts
            .automation_traits()
            .into_iter()
            .map(|t| t.type_)
            .collect();
        out.extend(parts.turn_report.map(|report| report.to_beanshell()));
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

/// Attributes VASSAL 3.7.26 translates, per component class (short name). Lists are left out where
/// translating changes game logic: a ListTurnLevel's `list` becomes the value of the `Phase`
/// property that the module's expressions compare with.
const TRANSLATABLE: &[(&str, &[&str])] = &[
    ("GameModule", &["name", "description"]),
    ("PlayerRoster", &["buttonText", "buttonToolTip"]),
    (
        "Map",
        &[
            "mapName",
            "buttonName",
            "changeFormat",
            "moveToFormat",
            "moveWithinFormat",
            "createFormat",
        ],
    ),
    ("Board", &["name"]),
    ("Region", &["name"]),
    ("Zoomer", &["inTooltip", "outTooltip", "pickTooltip"]),
    ("PieceWindow", &["name", "text", "tooltip"]),
    ("TabWidget", &["entryName"]),
    ("ListWidget", &["entryName"]),
    ("DiceButton", &["text", "tooltip"]),
    (
        "TurnTracker",
        &["buttonText", "tooltip", "turnFormat", "reportFormat"],
    ),
    ("CounterTurnLevel", &["name"]),
    ("ListTurnLevel", &["name"]),
    ("ChartWindow", &["name", "text", "tooltip"]),
    ("Chart", &["chartName"]),
    ("PredefinedSetup", &["name", "description"]),
    ("GlobalKeyCommand", &["buttonText", "tooltip"]),
    ("HelpFile", &["title"]),
];

/// The attribute that names a component in its translation key prefix.
fn configure_name(short: &str, el: &El) -> Option<String> {
    let attr = match short {
        "GameModule" | "BoardPicker" => return None,
        "Map" => "mapName",
        "TabWidget" | "ListWidget" => "entryName",
        "Chart" => "chartName",
        "HelpFile" => "title",
        _ => "name",
    };
    Some(
        el.attrs
            .iter()
            .find(|(k, _)| k == attr)
            .map(|(_, v)| v.clone())
            .unwrap_or_default(),
    )
}

fn attr<'a>(el: &'a El, name: &str) -> Option<&'a str> {
    el.attrs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Walk both trees (same shape, different languages) and collect component keys.
fn component_keys(here: &El, there: &El, parent: &str, out: &mut BTreeMap<String, String>) {
    let short = here.tag.rsplit('.').next().unwrap_or("");
    // VASSAL's prefix: `Class.name.` (or `Class.`), joined to the parent's with a dot; the module has
    // none, and a BoardPicker shares its map's.
    let prefix = match configure_name(short, here) {
        None if short == "GameModule" => String::new(),
        None => parent.to_string(),
        Some(name) => {
            let own = if name.is_empty() {
                format!("{short}.")
            } else {
                format!("{short}.{name}.")
            };
            if parent.is_empty() {
                own
            } else {
                format!("{parent}.{own}")
            }
        }
    };
    if let Some((_, attrs)) = TRANSLATABLE.iter().find(|(c, _)| *c == short) {
        for a in *attrs {
            if let (Some(x), Some(y)) = (attr(here, a), attr(there, a)) {
                if x != y {
                    out.insert(format!("{prefix}{a}"), y.to_string());
                }
            }
        }
    }
    if short == "PlayerRoster" {
        let sides = |el: &El| {
            el.children
                .iter()
                .filter(|c| c.tag == "entry")
                .filter_map(|c| c.text.clone())
                .collect::<Vec<_>>()
        };
        let (x, y) = (sides(here), sides(there));
        if x != y && x.len() == y.len() {
            out.insert(
                format!("{prefix}sides"),
                crate::vassal::sequence_encoder::encode(&y, ','),
            );
        }
    }
    for (a, b) in here.children.iter().zip(&there.children) {
        if a.tag == b.tag {
            component_keys(a, b, &prefix, out);
        }
    }
}

/// The `.properties` text that translates this module (`here`) into `other`'s language.
pub fn properties(game: &Game, here: &Plan, other: &Texts) -> String {
    // The other language's texts with this module's ids: the names saves refer to (maps, sides,
    // decks) stay what they are, in components and in the expressions that compare with them.
    let mut there = Plan::new(game, other.clone(), crate::concept::CONCEPTS).with_ids(
        game,
        here.ids.clone(),
        crate::concept::CONCEPTS,
    );
    there.translations = here.translations.clone();
    // The turn tracker's phase list is not translated, so the translated announcement must compare
    // the phase with this module's names.
    there.phase_names_from = Some(here.tx.clone());
    let mut entries: BTreeMap<String, String> = BTreeMap::new();
    component_keys(
        &super::module::build_tree(game, here),
        &super::module::build_tree(game, &there),
        "",
        &mut entries,
    );
    // What the player reads of those names: the maps' window titles and the sides in the roster
    // (VASSAL keeps the untranslated name for saves and `PlayerSide`: `Map.getLocalizedMapName`,
    // `PlayerRoster.getMyLocalizedSide`).
    let mut maps = vec![&here.main_map, &here.track_map];
    if here.cards.is_some() {
        maps.push(&here.cards_map);
    }
    for map in maps {
        let title = there.map_title(map);
        if title != map {
            entries.insert(format!("Map.{map}.mapName"), title.to_string());
        }
    }
    // The module's name: VASSAL asks before it opens a save made with a module of another name
    // (`GameState.isSaveMetaDataValid`), and shows the translated one in its title bar.
    let title = other.get("game.title");
    if title != here.ids.get("game.title") {
        entries.insert("name".to_string(), title);
    }
    let sides = |shown: &Texts| -> Vec<String> {
        game.rules
            .sides
            .iter()
            .map(|s| shown.get(&format!("sides.{}", s.id.as_str())))
            .collect()
    };
    let (ids, shown) = (sides(&here.ids), sides(other));
    if ids != shown {
        entries.insert(
            "PlayerRoster.sides".to_string(),
            crate::vassal::sequence_encoder::encode(&shown, ','),
        );
    }
    for (a, b) in piece_pairs(game, here, &there) {
        // Layer level names are looked up without their `+`.
        let (a, b) = match (a.strip_prefix('+'), b.strip_prefix('+')) {
            (Some(x), Some(y)) => (x.to_string(), y.to_string()),
            _ => (a, b),
        };
        if !a.is_empty() && a != b {
            entries.entry(format!("Piece.{a}")).or_insert(b);
        }
    }
    let list: Vec<(String, String)> = entries.into_iter().collect();
    crate::vassal::properties::write_properties(&list)
}

/// The translation of a module into its own language, when it needs one: the names a saved game
/// refers to (maps, sides) are the data's own in every language's module (docs/identity.md), and
/// this shows them in the module's language. `None` when they already are that language's.
pub fn own_language(game: &Game, here: &Plan) -> Option<String> {
    let text = properties(game, here, &here.tx);
    text.lines()
        .any(|l| !l.is_empty() && !l.starts_with('#'))
        .then_some(text)
}
