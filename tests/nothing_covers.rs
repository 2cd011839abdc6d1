//! Nothing covers anything (issue #48, items 2 and 6): no text of an image vmodc draws lies over
//! another, on every face, box, chart and map of every shipped module in every language and of
//! every shape example of `docs/data-format.md`. Each text is measured as it is drawn: from where
//! its line starts to its advance, and as far above and below the baseline as its glyphs' ink
//! reaches ([`ink_extent`]), so that a hex number set just under a city's name, or a unit's id just
//! over its size symbol, counts only when the strokes themselves meet.

use vmodc::diag::Sources;
use vmodc::pipeline::{image_texts, languages, load_and_check, plan_for, ImageTexts};
use vmodc::render::text::{ink_extent, measure, PlacedText, LEGIBLE_SIZE};
use vmodc::render::Fonts;

/// left, top, right, bottom, in the image's pixels.
type Rect = (f32, f32, f32, f32);

/// Antialiasing: strokes that share less than half a pixel read as apart.
const SLACK: f32 = 0.5;

fn ink_box(t: &PlacedText, fonts: &Fonts) -> Rect {
    let style = if t.bold {
        fonts.bold(t.size, t.color)
    } else {
        fonts.regular(t.size, t.color)
    };
    let width = measure(&t.text, &style).width;
    let (up, down) = ink_extent(&t.text, &style);
    (t.x, t.baseline - up, t.x + width, t.baseline + down)
}

fn meet(a: Rect, b: Rect) -> bool {
    a.0 < b.2 - SLACK && b.0 < a.2 - SLACK && a.1 < b.3 - SLACK && b.1 < a.3 - SLACK
}

/// Every pair of texts of `image` whose ink meets, said as a player would report it.
fn covering(label: &str, image: &ImageTexts) -> Vec<String> {
    let fonts = Fonts::japanese();
    let boxes: Vec<Rect> = image.texts.iter().map(|t| ink_box(t, &fonts)).collect();
    let mut found = Vec::new();
    for (i, a) in boxes.iter().enumerate() {
        for (j, b) in boxes.iter().enumerate().skip(i + 1) {
            if meet(*a, *b) {
                let (ta, tb) = (&image.texts[i].text, &image.texts[j].text);
                found.push(format!(
                    "{label}: {}: {ta:?} {a:?} meets {tb:?} {b:?}",
                    image.image
                ));
            }
        }
    }
    found
}

/// The texts below the legible floor at zoom 1.
fn below_floor(label: &str, image: &ImageTexts) -> Vec<String> {
    let small = image.texts.iter().filter(|t| t.size < LEGIBLE_SIZE - 1e-3);
    small
        .map(|t| format!("{label}: {}: {:?} at {:.1} px", image.image, t.text, t.size))
        .collect()
}

/// Every image of game `id` under `root`, in every language it ships, with the language's label.
fn every_image(root: &std::path::Path, id: &str) -> Vec<(String, ImageTexts)> {
    let mut sources = Sources::default();
    let (loaded, report) = load_and_check(root, id, &mut sources);
    let loaded = loaded.unwrap_or_else(|| panic!("{id} does not load: {report:?}"));
    let mut out = Vec::new();
    for lang in languages(&loaded) {
        let plan = plan_for(&loaded, lang.as_deref());
        let label = format!("{id}-{}", lang.as_deref().unwrap_or("-"));
        for image in image_texts(&loaded.game, &plan).expect("images render") {
            out.push((label.clone(), image));
        }
    }
    out
}

#[test]
fn no_text_of_a_shipped_image_covers_another() {
    let root = crate::common::repo();
    let mut found = Vec::new();
    let mut pairs_measured = 0usize;
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        for (label, image) in every_image(&root, id) {
            let n = image.texts.len();
            pairs_measured += n * n.saturating_sub(1) / 2;
            found.extend(covering(&label, &image));
        }
    }
    // B4M's map alone has 159 texts (12,561 pairs): a capture that lost the maps' hex numbers
    // would pass here with nothing measured.
    assert!(pairs_measured > 50_000, "only {pairs_measured} pairs");
    assert!(found.is_empty(), "texts over texts:\n{}", found.join("\n"));
}

#[test]
fn no_text_of_a_shape_example_covers_another_or_falls_below_the_floor() {
    let doc = std::fs::read_to_string(crate::common::repo().join("docs/data-format.md"))
        .expect("the data format");
    let mut found = Vec::new();
    let mut measured = 0;
    for (name, files) in crate::shapes::examples(&doc) {
        let dir = crate::shapes::written(&name, &files);
        for (label, image) in every_image(dir.path(), "tiny") {
            measured += image.texts.len();
            let label = format!("{name} ({label})");
            found.extend(covering(&label, &image));
            found.extend(below_floor(&label, &image));
        }
    }
    assert!(measured > 100, "only {measured} texts");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The measure itself: B4M's map as shipped has no text over another, but its first city's name
/// moved down onto the hex number beneath it, or a hex number set below the floor, is found.
#[test]
fn the_measure_finds_a_name_over_a_hex_number_and_a_text_below_the_floor() {
    let root = crate::common::repo();
    let (label, mut map) = every_image(&root, "b4m")
        .into_iter()
        .find(|(label, image)| label == "b4m-en" && image.image == "map.png")
        .expect("B4M's English map and its hex numbers");
    assert!(covering(&label, &map).is_empty());
    assert!(below_floor(&label, &map).is_empty());
    let is_number =
        |t: &PlacedText| t.text.len() == 4 && t.text.bytes().all(|b| b.is_ascii_digit());
    let name = map
        .texts
        .iter()
        .position(|t| !is_number(t))
        .expect("a city name");
    let fonts = Fonts::japanese();
    let name_box = ink_box(&map.texts[name], &fonts);
    let number = map
        .texts
        .iter()
        .filter(|t| is_number(t))
        .map(|t| (t, ink_box(t, &fonts)))
        .filter(|(_, b)| b.1 > name_box.3 && b.0 < name_box.2 && name_box.0 < b.2)
        .min_by(|(_, a), (_, b)| a.1.total_cmp(&b.1))
        .map(|(t, b)| (t.text.clone(), b))
        .expect("a hex number under the name");
    let mut moved = map.clone();
    moved.texts[name].baseline += number.1 .1 - name_box.3 + 2.0;
    let said = covering(&label, &moved);
    assert!(said.iter().any(|s| s.contains(&number.0)), "{said:?}");
    let small = map.texts.iter().position(is_number).expect("a number");
    map.texts[small].size = LEGIBLE_SIZE - 1.0;
    assert_eq!(below_floor(&label, &map).len(), 1);
}

/// What a symbol marks, and the box it covers.
type Symbol = (String, Rect);

/// Every text of each map sheet of game `id` in every language, and the boxes of the symbols the
/// sheet draws (cities, setup marks), with the language's label.
fn sheets_with_symbols(id: &str) -> Vec<(String, ImageTexts, Vec<Symbol>)> {
    let mut sources = Sources::default();
    let (loaded, report) = load_and_check(&crate::common::repo(), id, &mut sources);
    let loaded = loaded.unwrap_or_else(|| panic!("{id} does not load: {report:?}"));
    let fonts = Fonts::japanese();
    let mut out = Vec::new();
    for lang in languages(&loaded) {
        let plan = plan_for(&loaded, lang.as_deref());
        let images = image_texts(&loaded.game, &plan).expect("images render");
        for (i, sheet) in plan.sheets.iter().enumerate() {
            let art = vmodc::pipeline::hex_map_art(&loaded.game, &plan, i as u16, &fonts);
            let Some(art) = art.expect("the map art") else {
                continue;
            };
            let texts = images.iter().find(|t| t.image == sheet.image).cloned();
            let texts = texts.expect("the sheet's texts");
            let label = format!("{id}-{}", lang.as_deref().unwrap_or("-"));
            out.push((label, texts, vmodc::render::map::symbol_boxes(&art)));
        }
    }
    out
}

/// Every text whose ink meets a symbol's box.
fn texts_over_symbols(label: &str, image: &ImageTexts, symbols: &[Symbol]) -> Vec<String> {
    let fonts = Fonts::japanese();
    let mut found = Vec::new();
    for t in &image.texts {
        let ink = ink_box(t, &fonts);
        for (what, b) in symbols.iter().filter(|(_, b)| meet(ink, *b)) {
            found.push(format!(
                "{label}: {}: {:?} {ink:?} over {what} {b:?}",
                image.image, t.text
            ));
        }
    }
    found
}

#[test]
fn no_text_of_a_shipped_map_covers_a_city_or_a_setup_mark() {
    let mut found = Vec::new();
    let mut symbols = 0;
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        for (label, image, boxes) in sheets_with_symbols(id) {
            symbols += boxes.len();
            found.extend(texts_over_symbols(&label, &image, &boxes));
        }
    }
    // B4M alone has 11 cities and 40 setup marks a language.
    assert!(symbols > 100, "only {symbols} symbols");
    assert!(
        found.is_empty(),
        "texts over symbols:\n{}",
        found.join("\n")
    );
}

/// The measure finds a text set over a city's symbol: B4M's first city name moved up onto it.
#[test]
fn the_measure_finds_a_name_over_its_citys_symbol() {
    let (label, mut image, boxes) = sheets_with_symbols("b4m").remove(0);
    assert!(texts_over_symbols(&label, &image, &boxes).is_empty());
    let (what, symbol) = boxes
        .iter()
        .find(|(w, _)| w.ends_with("'s symbol"))
        .cloned()
        .expect("a city");
    let city = what.trim_end_matches("'s symbol");
    let name = image
        .texts
        .iter_mut()
        .find(|t| t.text == city)
        .expect("the city's name");
    name.baseline = (symbol.1 + symbol.3) / 2.0;
    let said = texts_over_symbols(&label, &image, &boxes);
    assert!(said.iter().any(|s| s.contains(&what)), "{said:?}");
}
