//! Replacement counters in the module (concept `steps`): The Last Stand at Moscow's panzer division has
//! a Replace command (Ctrl+K) that reports the swap and then replaces the division with the panzer
//! Kampfgruppe, whose whole piece is inside the Replace With Other trait; the Kampfgruppe itself has
//! no Replace command.

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

fn fields(traits: &[(String, String)], id: &str) -> Option<Vec<String>> {
    traits
        .iter()
        .find(|(t, _)| t.starts_with(id))
        .map(|(t, _)| decode(&t[id.len()..], ';'))
}

#[test]
fn panzer_division_is_replaced_by_its_kampfgruppe() {
    for (module, division, kg, command, report) in [
        (
            "dist/lsam-en.vmod",
            "Panzer division (unnamed)",
            "Panzer Kampfgruppe (unnamed)",
            "Replace with Panzer Kampfgruppe",
            "$oldPieceName$ is replaced by Panzer Kampfgruppe in $location$",
        ),
        (
            "dist/lsam-ja.vmod",
            "装甲師団 (部隊名不明)",
            "装甲戦闘団 (部隊名不明)",
            "装甲戦闘団と交換",
            "$location$の$oldPieceName$を装甲戦闘団と交換",
        ),
    ] {
        let bytes = std::fs::read(module).expect(module);
        let pz = palette_piece(&bytes, division);

        let trigger = fields(&pz, "macro;").expect("a trigger");
        assert_eq!(trigger[1], command, "menu text");
        assert_eq!(trigger[2], "75,130", "Ctrl+K");
        assert_eq!(trigger[5], "0\\,0\\,ReplaceReport,0\\,0\\,ReplaceSwap");
        let rep = fields(&pz, "report;").expect("a report");
        assert_eq!(rep[0], "0\\,0\\,ReplaceReport");
        assert_eq!(rep[1], report);

        let replace = fields(&pz, "replace;").expect("a Replace With Other trait");
        assert_eq!(replace.len(), 15, "{replace:?}");
        assert_eq!(replace[0], "", "no menu item of its own");
        assert_eq!(replace[1], "0,0,ReplaceSwap");
        assert_eq!(replace[3], "null");
        assert_eq!(replace[14], "1", "PlaceMarker version");
        let marker = decode_add_piece(&replace[2]).expect("the marker decodes");
        // The marker is the palette's Kampfgruppe, trait for trait, with its gpid.
        let palette_kg = palette_piece(&bytes, kg);
        assert_eq!(marker.traits, palette_kg);
        let basic = &marker.traits.last().expect("a BasicPiece").0;
        assert!(basic.ends_with(&format!(";{kg}")), "{basic}");
        assert_eq!(
            decode(&marker.traits.last().unwrap().1, ';')[3],
            replace[9],
            "the trait's gpId is the marker piece's"
        );
        assert!(
            fields(&palette_kg, "replace;").is_none(),
            "a KG is not replaced"
        );
    }
}

/// Dark dots in the column right of the type box of a 60-pixel counter image: the step marks.
fn step_marks(png: &[u8]) -> usize {
    let p = tiny_skia::Pixmap::decode_png(png).expect("png");
    let dark: Vec<bool> = (18..44)
        .map(|y| {
            // x = 54: the dots' right edge, clear of the values line, which at the legible size
            // (9 px) reaches x = 53 on a counter without a type box (the supply unit's 0-0-8).
            let c = p.pixel(54, y).expect("pixel").demultiply();
            u32::from(c.red()) + u32::from(c.green()) + u32::from(c.blue()) < 150
        })
        .collect();
    dark.windows(2).filter(|w| w[1] && !w[0]).count() + usize::from(dark[0])
}

#[test]
fn lsam_counters_show_their_remaining_steps() {
    let bytes = std::fs::read("dist/lsam-en.vmod").expect("lsam-en");
    let view: ModuleView = verify::open_module(&bytes).expect("module opens");
    // 6.53: a panzer division has three steps (front, back, then its Kampfgruppe); a regiment one
    // (6.52); a supply unit none (6.51).
    for (image, steps) in [
        ("unit-german-panzer-division-x-front.png", 3),
        ("unit-german-panzer-division-x-back.png", 2),
        ("unit-german-panzer-kg-x-front.png", 1),
        ("unit-german-infantry-regiment-x-front.png", 1),
        ("unit-german-supply-x-front.png", 0),
    ] {
        let png = &view.archive.entries[&format!("images/{image}")];
        assert_eq!(step_marks(png), steps, "{image}");
    }
}
