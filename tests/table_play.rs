//! What players meet at the table (issue #29, items 4 and 5), read back from the built modules the
//! way VASSAL 3.7.26 reads them: the btm2 decks (`DrawPile` attributes as `DrawPile.setAttribute`
//! takes them, the card mask as `Obscurable.mySetType` reads it), the movement trail
//! (`Footprint.mySetType`), the inventory (`Inventory.setAttribute`) and who made each change (the
//! maps' report formats).

use vmodc::vassal::sequence_encoder::{decode, SequenceDecoder};
use vmodc::verify::{self, ModuleView, Node};

/// Every module of a game, opened: (file name, view).
fn views(id: &str) -> Vec<(String, ModuleView)> {
    crate::common::compiled_modules(id)
        .into_iter()
        .map(|(name, _, bytes)| (name, verify::open_module(&bytes).expect("module opens")))
        .collect()
}

fn tokens(body: &str) -> Vec<String> {
    let mut d = SequenceDecoder::new(body, ';');
    std::iter::from_fn(|| d.next_token()).collect()
}

/// The traits of the prototype every unit shares.
fn unit_prototype(view: &ModuleView) -> Vec<(String, String)> {
    view.pieces
        .iter()
        .find(|(tag, name, _)| tag.ends_with("PrototypeDefinition") && name == "Unit")
        .map(|(_, _, p)| p.traits.clone())
        .expect("the Unit prototype")
}

/// The draw piles of the card window (other piles are cups: lsam's morale chits, hidden units).
fn piles(view: &ModuleView) -> Vec<&Node> {
    view.root
        .find_all("VASSAL.build.module.map.DrawPile")
        .into_iter()
        .filter(|p| p.attr("owningBoard") == "Cards")
        .collect()
}

/// btm2's decks lie face down, are chosen from (not shuffled), and hand their holder a masked card
/// (6.1); each has a face-up discard pile whose command returns its cards to the deck (7.0, 7.2).
#[test]
fn btm2_decks_lie_and_move_as_the_rules_handle_them() {
    for (module, view) in views("btm2") {
        let piles = piles(&view);
        assert_eq!(piles.len(), 4, "{module}: two decks, two discard piles");
        let decks: Vec<&&Node> = piles
            .iter()
            .filter(|p| p.attr("reshufflable") == "false")
            .collect();
        let discards: Vec<&&Node> = piles
            .iter()
            .filter(|p| p.attr("reshufflable") == "true")
            .collect();
        assert_eq!((decks.len(), discards.len()), (2, 2), "{module}");
        for deck in &decks {
            // `Deck.faceDownOption` takes "Always" | "Never" | "Via right-click Menu"; "Always"
            // makes `Deck.draw` set OBSCURED_BY on the top card, so the pile shows the card back.
            assert_eq!(deck.attr("faceDown"), "Always", "{module}");
            // `drawFaceUp=false`: `Deck.pieceRemoved` masks a taken card to everyone but its taker.
            assert_eq!(deck.attr("drawFaceUp"), "false", "{module}");
            assert_eq!(
                deck.attr("shuffle"),
                "Never",
                "{module}: cards are chosen (6.1)"
            );
            assert_eq!(
                deck.attr("allowSelect"),
                "true",
                "{module}: Draw specific cards"
            );
            assert_eq!(deck.attr("allowMultiple"), "false", "{module}");
            // Six cards per side (2.3); the sixth Soviet card is in no source.
            let cards = deck.children_named("VASSAL.build.widget.CardSlot").count();
            assert!((5..=6).contains(&cards), "{module}: {cards} cards");
        }
        for discard in &discards {
            assert_eq!(discard.attr("faceDown"), "Never", "{module}");
            assert_eq!(discard.attr("shuffle"), "Never", "{module}");
            // `Deck.sendToDeck` looks the target up by name (`DrawPile.findDrawPile`).
            let target = discard.attr("reshuffleTarget");
            assert!(
                decks.iter().any(|d| d.attr("name") == target),
                "{module}: reshuffleTarget `{target}` names a deck"
            );
            assert!(!discard.attr("reshuffleCommand").is_empty(), "{module}");
            let message = discard.attr("reshuffleMessage");
            assert!(
                message.contains("$PlayerName$") && message.contains("$playerSide$"),
                "{module}: {message}"
            );
            assert_eq!(
                discard
                    .children_named("VASSAL.build.widget.CardSlot")
                    .count(),
                0
            );
        }
        // What a player reads on a pile (its menu items, its chat line) comes from the module's
        // catalog: a menu text left out is printed by VASSAL in VASSAL's own language
        // (`Deck.mySetType`: `Resources.getString("Deck.draw_specific")`), and the deck's id (an
        // English name in every module, for saves) is never shown in the Japanese one.
        let japanese = module.contains("-ja");
        for pile in &piles {
            let mut shown = vec![pile.attr("drawSpecificMessage")];
            if pile.attr("reshufflable") == "true" {
                shown.push(pile.attr("reshuffleCommand"));
                shown.push(pile.attr("reshuffleMessage"));
            }
            for text in shown {
                assert!(
                    !text.is_empty(),
                    "{module}: {}: a menu text is left to VASSAL",
                    pile.attr("name")
                );
                let read: String = text.split('$').step_by(2).collect();
                let latin = read.chars().any(|c| c.is_ascii_alphabetic());
                let kana = read.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c));
                assert!(
                    if japanese { !latin && kana } else { !kana },
                    "{module}: {}: {text:?} is not in the module's language",
                    pile.attr("name")
                );
            }
        }
        // Each card's mask, as `Obscurable.mySetType` reads it: key, image, command, display style,
        // mask name, access; unmasked at first (`mySetState`: "null").
        let cards: Vec<_> = view
            .pieces
            .iter()
            .filter(|(tag, _, _)| tag.ends_with("CardSlot"))
            .collect();
        assert_eq!(
            cards.len(),
            11,
            "{module}: 6 German and 5 Soviet card pieces"
        );
        for (_, name, piece) in cards {
            let (type_, state) = piece
                .traits
                .iter()
                .find(|(t, _)| t.starts_with("obs;"))
                .unwrap_or_else(|| panic!("{module}: card {name} has no mask"));
            let t = tokens(type_.strip_prefix("obs;").unwrap_or(""));
            assert_eq!(t[0], "0,0,ShowOrHideCard", "{module}: {name}");
            assert!(
                t[1].starts_with("card-back-")
                    && view
                        .archive
                        .entries
                        .contains_key(&format!("images/{}", t[1])),
                "{module}: {name}: back image {}",
                t[1]
            );
            assert!(!t[2].is_empty(), "{module}: {name}: a Show / hide command");
            assert_eq!(t[3], "I", "{module}: inset display");
            assert_eq!(
                t[5], "",
                "{module}: PlayerAccess (PieceAccessConfigurer.decode)"
            );
            assert_eq!(state.split(';').next(), Some("null"), "{module}: {name}");
        }
    }
}

/// Every unit has a movement trail, encoded as VASSAL 3.7.26's `Footprint.myGetType` writes it
/// (3.8.0-beta1 reads the same fields and defaults the one it adds); the Clear movement trails
/// button sends the trail's clear key.
#[test]
fn units_leave_movement_trails() {
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        for (module, view) in views(id) {
            let traits = unit_prototype(&view);
            let (type_, _) = traits
                .iter()
                .find(|(t, _)| t.starts_with("footprint;"))
                .unwrap_or_else(|| panic!("{module}: no footprint"));
            let t = tokens(type_.strip_prefix("footprint;").unwrap_or(""));
            // trailKey, menuCommand, initiallyVisible, globallyVisible, circleRadius, fillColor,
            // lineColor, selectedTransparency, unSelectedTransparency, edgePointBuffer,
            // edgeDisplayBuffer, lineWidth, trailKeyOn, trailKeyOff, trailKeyClear, description.
            assert_eq!(t.len(), 16, "{module}: {type_}");
            assert_eq!(t[0], "84,130", "{module}: Ctrl+T");
            assert!(!t[1].is_empty());
            assert_eq!((t[2].as_str(), t[3].as_str()), ("true", "false"));
            for i in [4, 7, 8, 9, 10] {
                assert!(
                    t[i].parse::<i32>().is_ok(),
                    "{module}: field {i} `{}`",
                    t[i]
                );
            }
            for i in [5, 6] {
                let rgb: Vec<_> = t[i].split(',').map(|c| c.parse::<u8>()).collect();
                assert!(
                    rgb.len() == 3 && rgb.iter().all(Result::is_ok),
                    "{module}: colour {i}"
                );
            }
            assert!(t[11].parse::<f64>().is_ok());
            assert_eq!(t[14], "0,0,ClearTrail", "{module}");
            let clear = view
                .root
                .find_all("VASSAL.build.module.GlobalKeyCommand")
                .into_iter()
                .filter(|g| g.attr("hotkey") == "0,0,ClearTrail")
                .count();
            assert_eq!(clear, 1, "{module}: one Clear movement trails button");
        }
    }
    // The English module's trail, word for word.
    let (_, view) = views("b4m").remove(0);
    let traits = unit_prototype(&view);
    assert!(traits.iter().any(|(t, _)| t
        == "footprint;84,130;Movement trail;true;false;10;255,255,255;0,0,0;100;50;20;30;1.0;;;0,0,ClearTrail;Movement trail"));
}

/// One Inventory per module: units only, grouped by side name, map and location; the side name is
/// a calculated property of every unit, in the module's language.
#[test]
fn an_inventory_lists_units_by_side_and_place() {
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        for (module, view) in views(id) {
            let inventories = view.root.find_all("VASSAL.build.module.Inventory");
            assert_eq!(inventories.len(), 1, "{module}");
            let inv = inventories[0];
            // `Inventory.setAttribute(GROUP_BY)`: `StringArrayConfigurer.stringToArray`.
            assert_eq!(
                decode(inv.attr("groupBy"), ','),
                ["SideName", "CurrentMap", "LocationName"],
                "{module}"
            );
            assert_eq!(inv.attr("include"), r#"{UnitId != ""}"#);
            assert!(!inv.attr("text").is_empty() && !inv.attr("name").is_empty());
            let traits = unit_prototype(&view);
            let side_name = traits
                .iter()
                .find(|(t, _)| t.starts_with("calcProp;SideName;"))
                .unwrap_or_else(|| panic!("{module}: no SideName"));
            assert!(side_name.0.contains("Side == "), "{module}");
        }
    }
    let (_, ja) = views("btm2").remove(1);
    let traits = unit_prototype(&ja);
    assert!(traits.iter().any(|(t, _)| t
        == r#"calcProp;SideName;{Side == "german" ? "ドイツ軍" : Side == "soviet" ? "ソ連軍" : Side};Side name, for the inventory"#));
}

/// Every chat line of a change on a map says who made it: the maps' change, move and create formats
/// end with the player's name and side; clearing a unit's combat mark from its menu is reported.
#[test]
fn every_change_is_reported_with_who_made_it() {
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        for (module, view) in views(id) {
            for map in view.root.find_all("VASSAL.build.module.Map") {
                for format in [
                    "changeFormat",
                    "moveToFormat",
                    "moveWithinFormat",
                    "createFormat",
                ] {
                    let f = map.attr(format);
                    assert!(
                        f.contains("$PlayerName$") && f.contains("$playerSide$"),
                        "{module}: {} {format} = {f}",
                        map.attr("mapName")
                    );
                }
                assert!(map.attr("changeFormat").contains("$message$"));
            }
            let traits = unit_prototype(&view);
            // `ReportState.mySetType`: the keys (a `,` list of NamedKeyStrokes), then the format.
            assert!(
                traits.iter().any(|(t, _)| {
                    let t = tokens(t.strip_prefix("report;").unwrap_or(""));
                    t.first().map(String::as_str) == Some("0\\,0\\,ClearCombat")
                        || t.first()
                            .is_some_and(|k| decode(k, ',') == ["0,0,ClearCombat"])
                }),
                "{module}: a report of the cleared combat mark"
            );
        }
    }
    let (_, en) = views("btm2").remove(0);
    let map = en.root.find_all("VASSAL.build.module.Map")[0];
    assert_eq!(
        map.attr("changeFormat"),
        "$message$ — $PlayerName$ ($playerSide$)"
    );
}
