//! One name per thing, in the module's language: every map, window, chart and palette list of each
//! shipped module is named by a text of its language's catalog (no English in a Japanese module
//! where a Japanese text exists), a map's toolbar button says what its window's title says, a
//! board is headed by its window's name, and no two things share a name. Read from the built
//! modules with vmodc's own reader, the window titles as VASSAL gives them (`Map.getLocalizedMapName`:
//! the module's translation into its own language, else the map's name).

use std::collections::BTreeMap;
use vmodc::concept::plan::Plan;
use vmodc::diag::Sources;
use vmodc::i18n::Texts;
use vmodc::pipeline::{compile_language, image_texts, languages, load_and_check, plan_for, Loaded};
use vmodc::verify::{open_module, parse_xml, Node};

const SHIPPED: [&str; 4] = ["b4m", "btm2", "lsam", "ocs"];

fn short(tag: &str) -> &str {
    tag.rsplit('.').next().unwrap_or(tag)
}

/// A thing the player reads a name of: what it is, and the name.
#[derive(Debug)]
struct Named {
    what: String,
    name: String,
}

/// The maps' titles the module's translation into its own language gives (`Map.<id>.mapName`).
fn own_titles(properties: Option<&str>) -> BTreeMap<String, String> {
    let Some(text) = properties else {
        return BTreeMap::new();
    };
    vmodc::vassal::properties::read_properties(text)
        .expect("the translation reads")
        .into_iter()
        .filter_map(|(k, v)| {
            let map = k.strip_prefix("Map.")?.strip_suffix(".mapName")?;
            Some((map.to_string(), v))
        })
        .collect()
}

/// Every named thing of a buildFile (maps as their windows are titled, the counter palette and
/// its lists, the chart window and its charts), and the faults of one name per thing: a map whose
/// button and title differ, a palette whose tab is named otherwise than its window.
fn named_things(root: &Node, titles: &BTreeMap<String, String>) -> (Vec<Named>, Vec<String>) {
    let mut named = Vec::new();
    let mut faults = Vec::new();
    let mut push = |what: String, name: &str| {
        named.push(Named {
            what,
            name: name.to_string(),
        })
    };
    for n in root.walk() {
        match short(&n.tag) {
            "Map" | "PrivateMap" | "PlayerHand" => {
                let id = n.attr("mapName");
                let title = titles.get(id).map_or(id, String::as_str);
                if n.attr("buttonName") != title {
                    faults.push(format!(
                        "map {id}: its button says {:?}, its window {title:?}",
                        n.attr("buttonName")
                    ));
                }
                push(format!("map {id}"), title);
            }
            "PieceWindow" | "ChartWindow" => {
                if n.attr("text") != n.attr("name") {
                    faults.push(format!(
                        "{}: button {:?}, window {:?}",
                        short(&n.tag),
                        n.attr("text"),
                        n.attr("name")
                    ));
                }
                push(short(&n.tag).to_string(), n.attr("name"));
            }
            "TabWidget" => {
                // The palette window's own content: named as the window, not a thing of its own.
                let window = root
                    .walk()
                    .into_iter()
                    .find(|w| short(&w.tag) == "PieceWindow")
                    .map(|w| w.attr("name").to_string());
                if window.as_deref() != Some(n.attr("entryName")) {
                    faults.push(format!(
                        "the palette's tab {:?} is not named as its window {window:?}",
                        n.attr("entryName")
                    ));
                }
            }
            "ListWidget" => push("palette list".into(), n.attr("entryName")),
            "Chart" => push("chart".into(), n.attr("chartName")),
            _ => {}
        }
    }
    (named, faults)
}

/// The faults of `named` in a module of the language of `tx`, whose English texts are `en`: a
/// name that is no text of the language's catalog (English where a Japanese text exists says so),
/// and two things of one name.
fn name_faults(named: &[Named], tx: &Texts, en: &Texts) -> Vec<String> {
    let mut faults = Vec::new();
    for n in named {
        if tx.all().any(|(_, text)| *text == n.name) {
            continue;
        }
        let english = en
            .all()
            .find(|(_, text)| **text == n.name)
            .map(|(key, _)| key.clone());
        faults.push(match english {
            Some(key) => format!(
                "{}: {:?} is the English of {key}, whose {} text is {:?}",
                n.what,
                n.name,
                tx.lang,
                tx.get(&key)
            ),
            None => format!(
                "{}: {:?} is no text of the {} catalog",
                n.what, n.name, tx.lang
            ),
        });
    }
    let mut by_name: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for n in named {
        by_name.entry(&n.name).or_default().push(&n.what);
    }
    for (name, things) in by_name {
        if things.len() > 1 {
            faults.push(format!("{} are all named {name:?}", things.join(", ")));
        }
    }
    faults
}

/// Boards not headed by their windows' names (the turn track's, the card board's).
fn heading_faults(plan: &Plan) -> Vec<String> {
    let mut faults = Vec::new();
    let mut board = |what: &str, heading: &str, map: &str| {
        let title = plan.map_title(map);
        if heading != title {
            faults.push(format!(
                "the {what} is headed {heading:?}, its window {title:?}"
            ));
        }
    };
    board("turn track board", &plan.track.title, &plan.track_map);
    if let Some(cards) = &plan.cards {
        board("card board", &cards.title, &plan.cards_map);
    }
    faults
}

fn loaded(id: &str) -> Loaded {
    let mut sources = Sources::default();
    let (loaded, report) = load_and_check(&crate::common::repo(), id, &mut sources);
    loaded.unwrap_or_else(|| panic!("{id} does not load: {report:?}"))
}

#[test]
fn every_window_map_and_palette_has_one_name_in_its_modules_language() {
    let mut faults = Vec::new();
    let mut checked = 0;
    for id in SHIPPED {
        let loaded = loaded(id);
        let en = loaded.texts(Some("en"));
        for lang in languages(&loaded) {
            let lang = lang.expect("the shipped games have catalogs");
            let module = format!("{id}-{lang}");
            let entries = compile_language(&loaded, Some(&lang)).expect("builds");
            let bytes = vmodc::package::zip_bytes(&entries).expect("zips");
            let view = open_module(&bytes).expect("the module opens");
            let own = view
                .archive
                .entries
                .get(&format!("Module_{lang}.properties"))
                .map(|b| vmodc::vassal::properties::decode_bundle(b));
            let (named, mut found) = named_things(&view.root, &own_titles(own.as_deref()));
            assert!(
                named.iter().filter(|n| n.what.starts_with("map ")).count() >= 2,
                "{module}: maps are read"
            );
            checked += named.len();
            found.extend(name_faults(&named, &loaded.texts(Some(&lang)), &en));
            found.extend(heading_faults(&plan_for(&loaded, Some(&lang))));
            faults.extend(found.into_iter().map(|f| format!("{module}: {f}")));
        }
    }
    assert!(checked > 50, "only {checked} names read");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The heading is drawn as planned: the first text of BtM2's turn track and card board, in
/// Japanese, is the window's Japanese name (before: the game's title, with its English in
/// brackets, and "— ターン記録トラック").
#[test]
fn the_boards_are_headed_by_their_windows_names() {
    let loaded = loaded("btm2");
    let plan = plan_for(&loaded, Some("ja"));
    let images = image_texts(&loaded.game, &plan).expect("images render");
    let heading = |image: &str| {
        images
            .iter()
            .find(|i| i.image == image)
            .and_then(|i| i.texts.first())
            .map(|t| t.text.clone())
    };
    assert_eq!(
        heading(vmodc::concept::plan::TRACK_IMAGE).as_deref(),
        Some("ターン記録トラック")
    );
    assert_eq!(
        heading(vmodc::concept::plan::CARDS_IMAGE).as_deref(),
        Some("カード")
    );
}

/// The checks can fail: a Japanese module whose windows keep their English ids as their titles
/// (without its translation into Japanese), a chart named as the turn track window, and a turn
/// track headed by the game's title are each found.
#[test]
fn an_english_title_a_shared_name_and_a_foreign_heading_are_found() {
    let loaded = loaded("btm2");
    let mut plan = plan_for(&loaded, Some("ja"));
    plan.translations = vec!["en".into(), "ja".into()];
    let track_title = plan.map_title(&plan.track_map).to_string();
    plan.charts[2].title = track_title;
    plan.track.title = plan.tx.get("game.title");
    assert!(
        heading_faults(&plan)
            .iter()
            .any(|f| f.contains("the turn track board is headed \"モスクワ電撃戦 2")),
        "{:?}",
        heading_faults(&plan)
    );
    let xml = vmodc::emit::module::build_file(&loaded.game, &plan);
    let root = parse_xml(&xml).expect("the buildFile parses");
    // Read without the module's translation into Japanese: VASSAL then titles each map's window
    // by its id.
    let (named, mut faults) = named_things(&root, &own_titles(None));
    assert!(
        faults
            .iter()
            .any(|f| f.contains("map Cards: its button says \"カード\", its window \"Cards\"")),
        "{faults:?}"
    );
    faults = name_faults(&named, &loaded.texts(Some("ja")), &loaded.texts(Some("en")));
    assert!(
        faults
            .iter()
            .any(|f| f.contains("map Cards: \"Cards\" is the English of ui.cards")),
        "{faults:?}"
    );
    // With it, the chart and the turn track window share a name.
    let own = vmodc::emit::translation::own_language(&loaded.game, &plan);
    let (named, _) = named_things(&root, &own_titles(own.as_deref()));
    let faults = name_faults(&named, &loaded.texts(Some("ja")), &loaded.texts(Some("en")));
    assert!(
        faults
            .iter()
            .any(|f| f.contains("map Turn Track, chart are all named \"ターン記録トラック\"")),
        "{faults:?}"
    );
}
