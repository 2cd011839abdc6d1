//! Untried units in the module (concept `hidden`): The Last Stand at Moscow's rifle, tank and cavalry
//! units show their hidden face, have no Flip, and a Reveal command (Ctrl+R) that sets the revealed
//! face without looping back, reported in the chat; other units keep their Flip.

use std::path::Path;
use vmodc::diag::Sources;
use vmodc::vassal::sequence_encoder::decode;
use vmodc::verify::{self, decode_add_piece, ModuleView};

/// The decoded traits (type, state) of the palette piece named `name` in `bytes`.
fn palette_piece(bytes: &[u8], name: &str) -> Vec<(String, String)> {
    let view: ModuleView = verify::open_module(bytes).expect("module opens");
    let node = view
        .root
        .walk()
        .into_iter()
        .find(|n| n.tag.ends_with("PieceSlot") && n.attr("entryName") == name)
        .unwrap_or_else(|| panic!("no palette entry {name}"));
    decode_add_piece(&node.text).expect("piece decodes").traits
}

/// The `emb2;` Layer fields and state of a piece.
fn layer(traits: &[(String, String)]) -> (Vec<String>, String) {
    let (t, s) = traits
        .iter()
        .find(|(t, _)| t.starts_with("emb2;"))
        .expect("a Layer");
    (decode(&t["emb2;".len()..], ';'), s.clone())
}

#[test]
fn untried_units_reveal_once_and_report() {
    let mut sources = Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(Path::new("."), "lsam", &mut sources);
    assert!(!report.has_errors(), "{:?}", report.diagnostics);
    let loaded = loaded.expect("lsam loads");
    let bytes = std::fs::read("dist/lsam-en.vmod").expect("dist/lsam-en.vmod");
    let untried = loaded.game.counters.untried.as_ref().expect("[untried]");
    assert!(untried.covers("rifle"));

    let rifle = palette_piece(&bytes, "Untried rifle 1");
    let (fields, state) = layer(&rifle);
    assert_eq!(state, "1", "an untried unit starts on its hidden face");
    assert_eq!(fields[3], "", "no Flip menu item");
    assert_eq!(fields[27], "", "no flip key");
    assert_eq!(fields[9], "Reveal", "reset command");
    assert_eq!(fields[10], "82,130", "Ctrl+R");
    assert_eq!(fields[11], "2", "reveals the back");
    assert_eq!(fields[17], "false", "never steps back to the hidden face");
    let report = rifle
        .iter()
        .find(|(t, _)| t.starts_with("report;82\\,130;"))
        .expect("a report on Ctrl+R");
    assert!(
        report.0.contains("is revealed in $location$: ?-?-5"),
        "{}",
        report.0
    );

    // Reveal only while hidden, and never Flip (ahead of the prototypes, whose reports would fire).
    assert_eq!(
        rifle[0].0,
        "hideCmd;Reveal only while hidden;Hide;{Step_Level != 1};82\\,130"
    );
    assert_eq!(
        rifle[1].0,
        "hideCmd;No flip for untried units;Hide;;70\\,130"
    );
    assert!(rifle[2].0.starts_with("prototype;"));

    // Return to cup (Ctrl+U): back into the rifle cup, and the same key steps the layer back.
    assert_eq!(fields[28], "85,130", "the layer steps back on Ctrl+U");
    let back = rifle
        .iter()
        .find(|(t, _)| t.starts_with("return;"))
        .expect("Return To Deck");
    assert_eq!(
        decode(&back.0["return;".len()..], ';'),
        [
            "Return to cup",
            "85,130",
            "",
            "",
            "Return to cup",
            "2",
            "false",
            "Soviet rifle cup (untried)"
        ]
    );

    // A German infantry division is not untried: it flips, and its layer loops as before.
    let view: ModuleView = verify::open_module(&bytes).expect("module opens");
    let division = view
        .root
        .walk()
        .into_iter()
        .filter(|n| n.tag.ends_with("PieceSlot"))
        .map(|n| decode_add_piece(&n.text).expect("piece decodes").traits)
        .find(|traits| {
            traits
                .iter()
                .any(|(t, s)| t.starts_with("mark;") && s.contains("infantry-division"))
        })
        .expect("an infantry division in the palette");
    let (fields, _) = layer(&division);
    assert_eq!(fields[3], "Flip");
    assert_eq!(fields[9], "", "no reset command");
    assert_eq!(fields[17], "true");
}

#[test]
fn cups_are_shuffled_draw_piles_holding_their_units() {
    let bytes = std::fs::read("dist/lsam-en.vmod").expect("dist/lsam-en.vmod");
    let view: ModuleView = verify::open_module(&bytes).expect("module opens");
    let piles: Vec<_> = view
        .root
        .walk()
        .into_iter()
        .filter(|n| n.tag.ends_with("DrawPile"))
        .collect();
    let names: Vec<&str> = piles.iter().map(|p| p.attr("name")).collect();
    assert_eq!(
        names,
        [
            "Soviet rifle cup (untried)",
            "Soviet cavalry cup (untried)",
            "Soviet tank cup (untried)"
        ]
    );
    let counts: Vec<usize> = piles
        .iter()
        .map(|p| {
            assert_eq!(p.attr("shuffle"), "Always");
            assert_eq!(p.attr("allowSelect"), "false");
            p.walk()
                .into_iter()
                .filter(|n| n.tag.ends_with("CardSlot"))
                .count()
        })
        .collect();
    // 11.0C: 37 rifle, 2 cavalry and 7 tank units are drawn from the cups.
    assert_eq!(counts, [37, 2, 7]);
    // No unit of a cup also stands in a setup stack.
    let stacked = view
        .root
        .walk()
        .into_iter()
        .filter(|n| n.tag.ends_with("SetupStack"))
        .any(|n| n.attr("name").starts_with("Untried"));
    assert!(!stacked);
}
