//! Every expression a shipped module holds parses quickly in VASSAL's BeanShell: its parentheses
//! nest at most `MAX_NESTING` deep (`vmodc::vassal::parse_cost` gives the measured cost), and
//! `vmodc check FILE.vmod` warns (V0433) on a module whose expressions nest deeper.

use std::io::{Read, Write};
use std::path::Path;
use vmodc::vassal::parse_cost::{nesting_depth, MAX_NESTING};
use vmodc::verify;

fn games() -> Vec<String> {
    vmodc::load::discover(Path::new(".")).expect("rules folder")
}

/// The deepest nesting in any trait of any piece and any attribute of any component of a module,
/// with where it is.
fn deepest(bytes: &[u8]) -> (usize, String) {
    let view = verify::open_module(bytes).expect("the module opens");
    let traits = view.pieces.iter().flat_map(|(_, name, piece)| {
        piece.traits.iter().map(move |(t, s)| {
            let depth = nesting_depth(t).max(nesting_depth(s));
            (depth, format!("{name}: {}", verify::trait_id(t)))
        })
    });
    let attributes = view.root.walk().into_iter().flat_map(|node| {
        node.attrs
            .iter()
            .map(|(k, v)| (nesting_depth(v), format!("{} {k}", node.tag)))
            .collect::<Vec<_>>()
    });
    traits.chain(attributes).max().unwrap_or_default()
}

#[test]
fn every_shipped_expression_nests_within_the_bound() {
    let mut seen = Vec::new();
    for id in games() {
        for (name, _, bytes) in crate::common::compiled_modules(&id) {
            let (depth, at) = deepest(&bytes);
            assert!(
                depth <= MAX_NESTING,
                "{name}: {at} nests {depth} deep (at most {MAX_NESTING})"
            );
            seen.push(depth);
        }
    }
    // The bound is met by expressions that do nest, not by modules without any.
    assert!(seen.iter().any(|&d| d >= 3), "{seen:?}");
}

/// A module's bytes with `from` replaced by `to` in its buildFile.
fn with_build_file_edit(bytes: &[u8], from: &str, to: &str) -> Vec<u8> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("zip");
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).expect("entry");
        let name = entry.name().expect("entry name").to_string();
        let mut data = Vec::new();
        entry.read_to_end(&mut data).expect("inflate");
        if name == "buildFile.xml" {
            let text = String::from_utf8(data).expect("UTF-8");
            assert!(text.contains(from), "the buildFile holds {from}");
            data = text.replacen(from, to, 1).into_bytes();
        }
        out.start_file(name, zip::write::SimpleFileOptions::default())
            .expect("entry");
        out.write_all(&data).expect("write");
    }
    out.finish().expect("zip").into_inner()
}

fn v0433(bytes: &[u8]) -> Vec<String> {
    verify::check_module(bytes, Path::new("planted.vmod"))
        .diagnostics
        .into_iter()
        .filter(|d| d.code == "V0433")
        .map(|d| d.message)
        .collect()
}

#[test]
fn a_deeply_nested_expression_is_reported() {
    let (_, _, bytes) = crate::common::compiled_modules("b4m").remove(0);
    assert_eq!(v0433(&bytes), Vec::<String>::new());
    // A calculated property as the OCS module had it before: each modifier a branch on a copy.
    let deep = format!("{}Strength{}", "(".repeat(12), " * 2)".repeat(12));
    let planted = with_build_file_edit(
        &bytes,
        "calcProp;AttackScaled;{",
        &format!("calcProp;AttackScaled;{{{deep} + "),
    );
    let found = v0433(&planted);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("`calcProp;` trait") && found[0].contains("nested 12 deep"),
        "{found:?}"
    );
    // The same factors written flat pass.
    let flat = format!("Strength{}", " * 2".repeat(12));
    let planted = with_build_file_edit(
        &bytes,
        "calcProp;AttackScaled;{",
        &format!("calcProp;AttackScaled;{{{flat} + "),
    );
    assert_eq!(v0433(&planted), Vec::<String>::new());
}

#[test]
fn a_deep_filter_in_a_component_attribute_is_reported() {
    let (_, _, bytes) = crate::common::compiled_modules("b4m").remove(0);
    let deep = format!("{}true{}", "(".repeat(10), ")".repeat(10));
    let planted = with_build_file_edit(
        &bytes,
        "<VASSAL.build.module.Map ",
        &format!("<VASSAL.build.module.Map vmodcPlanted=\"{{{deep}}}\" "),
    );
    let found = v0433(&planted);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("`vmodcPlanted`") && found[0].contains("nested 10 deep"),
        "{found:?}"
    );
}
