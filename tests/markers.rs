//! Markers in the module (concept `markers`): every `[[markers]]` entry is a palette piece in the
//! "Markers" list; a two-faced one flips (Ctrl+F) to its back, whose name replaces the front's and
//! whose flip is reported in the chat. Read back from the committed modules as VASSAL decodes them.

use vmodc::vassal::sequence_encoder::decode;
use vmodc::verify::{self, decode_add_piece, ModuleView};

/// (entry name, decoded traits) of each piece in the palette list named `list`.
fn list_pieces(bytes: &[u8], list: &str) -> Vec<(String, Vec<(String, String)>)> {
    let view: ModuleView = verify::open_module(bytes).expect("module opens");
    let node = view
        .root
        .walk()
        .into_iter()
        .find(|n| n.tag.ends_with("ListWidget") && n.attr("entryName") == list)
        .unwrap_or_else(|| panic!("no palette list {list}"));
    node.walk()
        .into_iter()
        .filter(|n| n.tag.ends_with("PieceSlot"))
        .map(|n| {
            let piece = decode_add_piece(&n.text).expect("piece decodes");
            (n.attr("entryName").to_string(), piece.traits)
        })
        .collect()
}

/// The Layer's images and level names of a piece.
fn faces(traits: &[(String, String)]) -> (Vec<String>, Vec<String>, String) {
    let (t, _) = traits
        .iter()
        .find(|(t, _)| t.starts_with("emb2;"))
        .expect("a Layer");
    let fields = decode(&t["emb2;".len()..], ';');
    (
        decode(&fields[15], ','),
        decode(&fields[16], ','),
        fields[3].clone(),
    )
}

#[test]
fn lsam_markers_are_in_the_palette_with_their_faces() {
    for (file, list, oos, isolated, flip) in [
        (
            "dist/lsam-en.vmod",
            "Markers",
            "Out of Supply",
            "Isolated",
            "Flip",
        ),
        (
            "dist/lsam-ja.vmod",
            "マーカー",
            "補給切れ",
            "孤立",
            "裏返す",
        ),
    ] {
        let bytes = std::fs::read(file).expect(file);
        let pieces = list_pieces(&bytes, list);
        assert_eq!(pieces.len(), 13, "{file}: every [[markers]] entry");
        let (_, traits) = pieces
            .iter()
            .find(|(name, _)| name == oos)
            .unwrap_or_else(|| panic!("{file}: no {oos}"));
        let (images, names, command) = faces(traits);
        assert_eq!(
            images,
            ["marker-oos-isolated.png", "marker-oos-isolated-back.png"]
        );
        assert_eq!(names, ["", isolated], "{file}: the back's name replaces");
        assert_eq!(command, flip, "{file}");
        assert!(
            traits[0].0.starts_with("report;"),
            "{file}: the flip is reported: {:?}",
            traits[0]
        );
        // A one-faced marker has nothing to flip.
        let (_, ski) = pieces
            .iter()
            .find(|(n, _)| n.contains("Ski") || n.contains("スキー"))
            .expect("ski");
        let (images, _, command) = faces(ski);
        assert_eq!((images.len(), command.as_str()), (1, ""), "{file}");
    }
}

fn ocs() -> vmodc::concept::game::Game {
    let mut sources = vmodc::diag::Sources::default();
    vmodc::load::load_game(std::path::Path::new("."), "ocs", &mut sources).expect("ocs")
}

/// The count the OCS supply dump carries.
fn supply_dump_tally(game: &vmodc::concept::game::Game) -> &vmodc::concept::markers::Tally {
    game.counters
        .markers
        .iter()
        .find(|m| m.id.as_str() == "supply-dump")
        .and_then(|m| m.tally.as_ref())
        .expect("a dump with a tally")
}

/// A tally marker (OCS supply dump: 1 SP = 4 T): the module's count text has the digits of the Rust
/// rule for every count, and the commands change the count by 1 and by 4.
#[test]
fn a_supply_dump_counts_tokens_and_points() {
    use vmodc::concept::markers::module::{tally_text, TALLY};
    let game = ocs();
    let tally = supply_dump_tally(&game);
    assert_eq!(tally.text(21), "5SP 1T");
    assert_eq!(tally.text(0), "0SP 0T");
    for count in 0..=40u32 {
        let piece = crate::common::module_piece::Piece {
            props: std::collections::BTreeMap::from([(TALLY.to_string(), count.to_string())]),
            game: &game,
            all: Vec::new(),
        };
        let module = tally_text(tally).eval(&piece).expect("evaluates").render();
        assert_eq!(module, tally.text(count), "{count} tokens");
    }
    let bytes = std::fs::read("dist/ocs-en.vmod").expect("ocs-en");
    let pieces = list_pieces(&bytes, "Markers");
    let (_, traits) = pieces
        .iter()
        .find(|(name, _)| name == "Supply dump")
        .expect("the dump in the palette");
    let (property, state) = traits
        .iter()
        .find(|(t, _)| t.starts_with("PROP;Tally;"))
        .expect("a Tally property");
    assert_eq!(state, "0", "a dump starts empty");
    assert!(property.contains("true,0,9999,false"), "{property}");
    for change in ["{Tally + 1}", "{Tally + -1}", "{Tally + 4}", "{Tally + -4}"] {
        assert!(property.contains(change), "{change} in {property}");
    }
}

/// Split and merge (OCS 12.1a): the module's split leaves what the Rust rule leaves and is hidden
/// when nothing would be left; the clone carries the part split off; merge sums the stack's dumps
/// and removes the others. (Played in real VASSAL 3.7.26: 9T split into 5T and 4T, merged to 9T.)
#[test]
fn a_supply_dump_splits_and_merges() {
    let bytes = std::fs::read("dist/ocs-en.vmod").expect("ocs-en");
    let pieces = list_pieces(&bytes, "Markers");
    let (_, traits) = pieces
        .iter()
        .find(|(name, _)| name == "Supply dump")
        .expect("the dump in the palette");
    let types: Vec<&str> = traits.iter().map(|(t, _)| t.as_str()).collect();
    let position = |prefix: &str| {
        types
            .iter()
            .position(|t| t.starts_with(prefix))
            .unwrap_or_else(|| panic!("no trait {prefix} in {types:?}"))
    };
    let tally = types[position("PROP;Tally;")];
    assert!(
        tally.contains("TallySplitOff:P\\,4"),
        "the part split off: {tally}"
    );
    assert!(
        tally.contains("{TallyBeforeSplit - 4}"),
        "what stays: {tally}"
    );
    assert!(
        tally.contains("SumStack(\"Tally\""),
        "merge sums the stack: {tally}"
    );
    let hide_split = types[position("hideCmd;Split only")];
    assert!(hide_split.contains("{Tally <= 4}"), "{hide_split}");
    let split = position("macro;Split a part off");
    assert!(
        position("hideCmd;Split only") < split,
        "the restriction wraps the command"
    );
    assert!(types[split].contains("TallySplitRemember\\,0\\,0\\,TallySplitOff\\,0\\,0\\,TallySplitClone\\,0\\,0\\,TallySplitRest")
        || types[split].contains("TallySplitRemember,0\\,0\\,TallySplitOff,0\\,0\\,TallySplitClone,0\\,0\\,TallySplitRest"),
        "remember, set, clone, leave the rest, in that order: {}", types[split]);
    assert!(types[position("clone;")].contains("TallySplitClone"));
    let remove = types[position("globalkey;")];
    assert!(
        remove.contains("UniqueID != \"$UniqueID$\""),
        "never removes itself: {remove}"
    );
    assert!(types[position("delete;")].contains("TallyMergedAway"));

    let game = ocs();
    let rule = supply_dump_tally(&game);
    assert_eq!(rule.split(9), Some((5, 4)));
    assert_eq!(rule.split(4), None, "hidden at {{Tally <= 4}}");
    assert_eq!(rule.merge(&[5, 4]), 9);
}
