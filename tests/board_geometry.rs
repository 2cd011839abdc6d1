//! One geometry per board in every language (docs/identity.md): a save records where a piece
//! stands in pixels, so every board's image size, every region, zone, grid, draw pile and at-start
//! stack must sit at the same pixels in every language's module. Each shipped game is built in all
//! its languages and read back with vmodc's own module reader, as VASSAL reads it.

use vmodc::concept::plan::Plan;
use vmodc::diag::Sources;
use vmodc::pipeline::{compile_language, languages, load_and_check, Loaded};
use vmodc::verify::{open_module, parse_xml, Node};

const SHIPPED: [&str; 4] = ["b4m", "btm2", "lsam", "ocs"];

fn short(tag: &str) -> &str {
    tag.rsplit('.').next().unwrap_or(tag)
}

/// Attributes of `n` as `key=value`, sorted, leaving out `skip`.
fn attrs(n: &Node, skip: &[&str]) -> String {
    let mut pairs: Vec<String> = n
        .attrs
        .iter()
        .filter(|(k, _)| !skip.contains(&k.as_str()))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    pairs.sort();
    pairs.join(" ")
}

/// Every place a save's pixels can point at, map by map, in buildFile order: the map's edges, each
/// board's image size (not its file name) and attributes, its grids, zones and regions (a region's
/// position, not its name, which is the player's language), the draw piles and the at-start stacks
/// (sorted: the module orders them by their location's name, which is translated).
/// `image_size` gives the size of an image of the archive by its file name.
fn geometry(root: &Node, image_size: &dyn Fn(&str) -> Option<(u64, u64)>) -> Vec<String> {
    let mut out = Vec::new();
    for map in root
        .walk()
        .into_iter()
        .filter(|n| matches!(short(&n.tag), "Map" | "PrivateMap" | "PlayerHand"))
    {
        let name = map.attr("mapName");
        out.push(format!(
            "map {name}: edges {}×{}",
            map.attr("edgeWidth"),
            map.attr("edgeHeight")
        ));
        let mut stacks = Vec::new();
        for n in map.walk().into_iter().skip(1) {
            let line = match short(&n.tag) {
                "Board" => {
                    let size = image_size(n.attr("image"));
                    format!(
                        "board {}: image {size:?}, {}",
                        n.attr("name"),
                        attrs(n, &["image", "name"])
                    )
                }
                "HexGrid"
                | "SquareGrid"
                | "RegionGrid"
                | "ZonedGrid"
                | "HexGridNumbering"
                | "SquareGridNumbering"
                | "Zone" => format!("{}: {}", short(&n.tag), attrs(n, &[])),
                "Region" => format!("region at {},{}", n.attr("originx"), n.attr("originy")),
                "DrawPile" => format!(
                    "draw pile {} on {} at {},{} ({}×{})",
                    n.attr("name"),
                    n.attr("owningBoard"),
                    n.attr("x"),
                    n.attr("y"),
                    n.attr("width"),
                    n.attr("height")
                ),
                "StackMetrics" => format!("stack metrics {}", attrs(n, &[])),
                "SetupStack" => {
                    stacks.push(format!(
                        "at-start stack on {} at {},{} (grid {})",
                        n.attr("owningBoard"),
                        n.attr("x"),
                        n.attr("y"),
                        n.attr("useGridLocation")
                    ));
                    continue;
                }
                _ => continue,
            };
            out.push(format!("map {name}: {line}"));
        }
        stacks.sort();
        out.extend(stacks.into_iter().map(|s| format!("map {name}: {s}")));
    }
    out
}

/// Where two descriptions first part, line by line, for the failure message.
fn differences(a: &[String], b: &[String]) -> Vec<String> {
    let mut out: Vec<String> = a
        .iter()
        .zip(b)
        .filter(|(x, y)| x != y)
        .map(|(x, y)| format!("  {x}\n  {y}"))
        .collect();
    if a.len() != b.len() {
        out.push(format!("  {} lines against {}", a.len(), b.len()));
    }
    out
}

fn loaded(id: &str) -> Loaded {
    let mut sources = Sources::default();
    let (loaded, report) = load_and_check(&crate::common::repo(), id, &mut sources);
    loaded.unwrap_or_else(|| panic!("{id} does not load: {report:?}"))
}

/// The geometry of a built module, its images measured from the archive.
fn built_geometry(loaded: &Loaded, lang: Option<&str>) -> Vec<String> {
    let entries = compile_language(loaded, lang).expect("builds");
    let bytes = vmodc::package::zip_bytes(&entries).expect("zips");
    let view = open_module(&bytes).expect("the module opens");
    let size = |image: &str| {
        let bytes = view.archive.entries.get(&format!("images/{image}"))?;
        vmodc::vassal::image::image_size(bytes)
    };
    geometry(&view.root, &size)
}

#[test]
fn every_board_has_one_geometry_in_every_language() {
    let mut faults = Vec::new();
    let mut boards = 0;
    for id in SHIPPED {
        let loaded = loaded(id);
        let langs = languages(&loaded);
        assert!(langs.len() > 1, "{id}: built in one language only");
        let first = built_geometry(&loaded, langs[0].as_deref());
        assert!(
            first.iter().any(|l| l.contains("region at")),
            "{id}: no region read"
        );
        assert!(
            first.iter().all(|l| !l.contains("image None")),
            "{id}: a board's image is not in the archive"
        );
        boards += first.iter().filter(|l| l.contains(": board ")).count();
        for lang in &langs[1..] {
            let other = built_geometry(&loaded, lang.as_deref());
            if other != first {
                faults.push(format!(
                    "{id}: {:?} and {:?} differ:\n{}",
                    langs[0],
                    lang,
                    differences(&first, &other)[..]
                        .iter()
                        .take(8)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("\n")
                ));
            }
        }
    }
    assert!(boards >= 9, "only {boards} boards read");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The comparison above can fail: a board laid out from one language's texts alone
/// ([`Plan::new`], which a module of several languages must not use) puts LSaM's turn track at a
/// different height in English and Japanese, and every box and cup below its turn row with it.
#[test]
fn a_board_laid_out_for_one_language_fails_the_comparison() {
    let loaded = loaded("lsam");
    let each = |lang: &str| {
        // The ids as the build gives them, so that only the layout tells the two apart.
        let plan = Plan::new(
            &loaded.game,
            loaded.texts(Some(lang)),
            vmodc::concept::CONCEPTS,
        )
        .with_ids(
            &loaded.game,
            vmodc::concept::texts::default_texts(&loaded.game),
            vmodc::concept::CONCEPTS,
        );
        let xml = vmodc::emit::module::build_file(&loaded.game, &plan);
        let root = parse_xml(&xml).expect("the buildFile parses");
        let track = (u64::from(plan.track.width), u64::from(plan.track.height));
        geometry(&root, &move |image: &str| {
            (image == vmodc::concept::plan::TRACK_IMAGE).then_some(track)
        })
    };
    let (en, ja) = (each("en"), each("ja"));
    let differ = differences(&en, &ja);
    assert!(
        differ.iter().any(|d| d.contains("board Turn Track: image")),
        "the turn track's size is not told apart: {differ:?}"
    );
    assert!(
        differ.iter().any(|d| d.contains("draw pile")),
        "the cups are not told apart: {differ:?}"
    );
    // And laid out for both languages, the same plans agree.
    let every = [loaded.texts(Some("en")), loaded.texts(Some("ja"))];
    let both = |lang: &str| {
        let plan = Plan::in_languages(
            &loaded.game,
            loaded.texts(Some(lang)),
            &every,
            vmodc::concept::CONCEPTS,
        );
        (
            plan.track.width,
            plan.track.height,
            plan.track
                .boxes
                .iter()
                .map(|b| (b.x, b.y, b.w, b.h))
                .collect::<Vec<_>>(),
        )
    };
    assert_eq!(both("en"), both("ja"));
}
