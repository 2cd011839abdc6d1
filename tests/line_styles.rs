//! Line styles (issue 44, item 8): a map's lines are drawn as the designer names them — a road, a
//! railway, a track or a style of the designer's own — on the board and in the terrain effects
//! chart's legend, and the shipped railways stay railways.

use crate::common::*;
use std::collections::BTreeMap;
use vmodc::concept::game::{BuiltinLine, LineStyleOf};
use vmodc::diag::{Severity, Sources};
use vmodc::pipeline::board_images::plain_name;

/// The tiny game's map with `[style]` given `extra` lines: its map and terrain effects chart images.
fn drawn_with(extra: &str) -> (Vec<u8>, Vec<u8>, String) {
    let dir = tiny_copy();
    let root = dir.path();
    patch(
        root,
        "maps/tiny.toml",
        "feature_colors = { river = \"#2f6fc0\", road = \"#2b2b2b\" }",
        &format!("feature_colors = {{ river = \"#2f6fc0\", road = \"#2b2b2b\" }}\n{extra}"),
    )
    .expect("patch");
    let (sources, report) = check_dir(root);
    assert!(
        !report.has_errors(),
        "{extra}: {}",
        render_all(&sources, &report)
    );
    let rendered = render_all(&sources, &report);
    let mut s = Sources::default();
    let game = vmodc::load::load_game(root, "tiny", &mut s).expect("loads");
    let entries: BTreeMap<String, Vec<u8>> = vmodc::pipeline::compile(&game)
        .expect("compiles")
        .into_iter()
        .map(|e| (plain_name(&e.name), e.data))
        .collect();
    (
        entries["images/map.png"].clone(),
        entries["images/chart-tec.png"].clone(),
        rendered,
    )
}

#[test]
fn each_line_style_draws_its_own_line_on_the_map_and_in_the_legend() {
    let own = "feature_styles = { road = \"lane\" }\n\n[[style.line_styles]]\nid = \"lane\"\nwidth = 4\ncolor = \"#a0522d\"\ndash = [9, 5]\ncasing = \"#ffffff\"\ncasing_width = 1.5";
    let styles = [
        ("rail", "feature_styles = { road = \"rail\" }".to_string()),
        ("road", "feature_styles = { road = \"road\" }".to_string()),
        ("track", "feature_styles = { road = \"track\" }".to_string()),
        ("own", own.to_string()),
        (
            "own with ties",
            "feature_styles = { road = \"tram\" }\n\n[[style.line_styles]]\nid = \"tram\"\nwidth = 2\nties = true".to_string(),
        ),
    ];
    let drawn: Vec<(&str, Vec<u8>, Vec<u8>)> = styles
        .iter()
        .map(|(name, extra)| {
            let (map, tec, _) = drawn_with(extra);
            (*name, map, tec)
        })
        .collect();
    for i in 0..drawn.len() {
        for j in i + 1..drawn.len() {
            let (a, b) = (&drawn[i], &drawn[j]);
            assert_ne!(a.1, b.1, "the map draws {} as {}", a.0, b.0);
            assert_ne!(a.2, b.2, "the legend shows {} as {}", a.0, b.0);
        }
    }
    // A feature whose id is a built-in style's name takes that style: the tiny game's `road`, with
    // no style named, is a road, not the railway every line was before.
    let (map, tec, notes) = drawn_with("");
    assert_eq!(map, drawn[1].1, "an unstyled `road` is drawn as a road");
    assert_eq!(tec, drawn[1].2);
    assert!(!notes.contains("V0224"), "{notes}");
}

#[test]
fn a_line_feature_without_a_style_is_a_railway_with_a_note() {
    let dir = tiny_copy();
    let root = dir.path();
    // Tinier War takes its line features from the Tiny War series, so its map follows the rename.
    for file in ["maps/tiny.toml", "rules/tiny.toml", "maps/tinier.toml"] {
        let text = std::fs::read_to_string(root.join(file)).expect("reads");
        let text = text
            .replace("feature = \"road\"", "feature = \"chaussee\"")
            .replace("id = \"road\"", "id = \"chaussee\"")
            .replace("road = \"#2b2b2b\"", "chaussee = \"#2b2b2b\"");
        std::fs::write(root.join(file), text).expect("writes");
    }
    let (sources, report) = check_dir(root);
    let notes: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "V0224")
        .collect();
    assert_eq!(notes.len(), 2, "{}", render_all(&sources, &report));
    assert_eq!(notes[0].severity, Severity::Note);
    assert!(!report.has_errors(), "{}", render_all(&sources, &report));
    let mut s = Sources::default();
    let game = vmodc::load::load_game(root, "tiny", &mut s).expect("loads");
    assert!(matches!(
        game.map.style.line_style("chaussee"),
        LineStyleOf::Builtin(BuiltinLine::Rail)
    ));
}

/// B4M's lines are its railroads (rule 8.1, "Soviet rail movement"): its data names no style, and
/// its `rail` feature is drawn as the railway it always was.
#[test]
fn the_shipped_railways_stay_railways() {
    let game = shipped_game("b4m");
    assert!(game.map.style.feature_styles.is_empty());
    for line in &game.map.lines {
        assert!(matches!(
            game.map.style.line_style(&line.feature),
            LineStyleOf::Builtin(BuiltinLine::Rail)
        ));
    }
    // LSaM's roads are line features of its rules but its map draws no line: its chart shows none.
    let lsam = shipped_game("lsam");
    assert!(lsam.map.lines.is_empty());
    assert!(!lsam.map.style.shows_line(&lsam.map.lines, "road-primary"));
}
