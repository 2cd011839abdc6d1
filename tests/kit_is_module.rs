//! The printed kit prints what the module shows (issue 44, item 6): a map built on the designer's
//! scan prints the scan's own pixels on its tiles, at the counters' scale; a control marker for
//! every city the module puts one on; and a contents page that names every page with its number.
//! Each is read back from the PDF with hayro (tests/common/pdf.rs).

use crate::common::pdf::{page_count, page_images, page_runs, page_text, Run};
use crate::common::{patch, repo, tiny_copy};
use vmodc::concept::art::image_file::Rgba;
use vmodc::concept::plan::Plan;
use vmodc::diag::Sources;
use vmodc::pipeline::{languages, load_and_check, plan_for, printed_counters, Loaded};
use vmodc::print::{print_language, Paper, PrintOptions};

fn loaded_at(root: &std::path::Path, id: &str) -> Loaded {
    let mut sources = Sources::default();
    let (loaded, report) = load_and_check(root, id, &mut sources);
    assert!(
        !report.has_errors(),
        "{id} has errors:\n{}",
        crate::common::render_all(&sources, &report)
    );
    loaded.expect("the game loads")
}

fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The designer's own "scan" of the tiny map: no publisher's art, a pattern whose every pixel
/// differs from its neighbours (so a scaled or redrawn copy cannot pass for it).
fn designer_scan() -> Rgba {
    let (width, height) = (245u32, 290u32);
    let mut pixels = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height {
        for x in 0..width {
            pixels.extend_from_slice(&[
                (x * 3 % 256) as u8,
                (y * 5 % 256) as u8,
                ((x * 7 + y * 11) % 256) as u8,
                255,
            ]);
        }
    }
    Rgba {
        width,
        height,
        pixels,
    }
}

/// The tiny game with its map given as that scan, its grid fitted from three centres read off it.
fn scanned_tiny() -> (crate::common::TempDir, Rgba) {
    let dir = tiny_copy();
    let scan = designer_scan();
    std::fs::write(
        dir.path().join("art/tiny/map.png"),
        scan.to_png().expect("encodes"),
    )
    .expect("writes the scan");
    patch(
        dir.path(),
        "maps/tiny.toml",
        "rule = \"9.0\"\n",
        "rule = \"9.0\"\nimage = \"art/tiny/map.png\"\nhex_centres = { \"0101\" = [44, 40], \"0401\" = [200, 70], \"0104\" = [44, 220] }\n",
    )
    .expect("patch");
    (dir, scan)
}

/// The scan's pixels as RGB, as a PDF image holds them.
fn rgb(image: &Rgba) -> Vec<u8> {
    image
        .pixels
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect()
}

/// The pages whose title starts with the map's name: the map tiles (and poster).
fn map_pages(pdf: &[u8], plan: &Plan) -> Vec<usize> {
    let name = squeezed(&plan.tx.get("map.name"));
    (1..=page_count(pdf))
        .filter(|&p| squeezed(&page_text(pdf, p)).starts_with(&name))
        .collect()
}

#[test]
fn a_scanned_map_prints_the_scans_pixels_on_its_tile_at_the_counters_scale() {
    let (dir, scan) = scanned_tiny();
    let loaded = loaded_at(dir.path(), "tiny");
    let plan = plan_for(&loaded, None);
    let printed = print_language(&loaded, None, &PrintOptions::default()).expect("prints");
    let pdf = &printed.pdf;
    let tiles = map_pages(pdf, &plan);
    assert_eq!(tiles.len(), 1, "the tiny map fits one page");
    let images = page_images(pdf, tiles[0]);
    let shown = images
        .iter()
        .find(|i| (i.width, i.height) == (scan.width, scan.height))
        .unwrap_or_else(|| {
            panic!(
                "no {}×{} image on the tile; it draws {:?}",
                scan.width,
                scan.height,
                images
                    .iter()
                    .map(|i| (i.width, i.height))
                    .collect::<Vec<_>>()
            )
        });
    assert!(
        shown.rgb == rgb(&scan),
        "the tile's image is not the scan's pixels"
    );
    // At the counters' scale: a counter of the module's `size` pixels prints 12.7 mm (the tiny
    // game gives no printed size), so a pixel of the scan prints 12.7 / size mm.
    let mm_per_px = 12.7 / loaded.game.counters.counters.size as f32;
    let (w, h) = (shown.rect.2, shown.rect.3);
    assert!(
        (w - scan.width as f32 * mm_per_px).abs() < 0.05
            && (h - scan.height as f32 * mm_per_px).abs() < 0.05,
        "the scan prints {w} × {h} mm, not at {mm_per_px} mm a pixel"
    );
    // Nothing of vmodc's own map over it: the module shows the scan alone (its grid is not
    // visible), so the drawn map's hex numbers are not on the tile.
    let text = page_text(pdf, tiles[0]);
    assert!(
        !text.contains("0101") && !text.contains("0404"),
        "hex numbers of the drawn map on the scanned tile:\n{text}"
    );
    // The contents say how the scan is scaled.
    let first = squeezed(&page_text(pdf, 1));
    assert!(
        first.contains(&squeezed(&format!("{mm_per_px:.3} mm"))),
        "the contents do not give the scan's scale:\n{first}"
    );
    // And the module's board is that same scan.
    let module = vmodc::pipeline::compile(&loaded.game).expect("compiles");
    let board = module
        .iter()
        .find(|e| vmodc::pipeline::board_images::plain_name(&e.name) == "images/map.png")
        .expect("the board image");
    let file =
        vmodc::concept::art::image_file::ImageFile::from_bytes("map.png", board.data.clone())
            .expect("png");
    assert_eq!(*file.pixels().expect("decodes"), scan);
}

/// Without a scan, the tile carries vmodc's drawn map (the module's board), its hex numbers as
/// text: the scan test above tells the two apart.
#[test]
fn a_drawn_map_prints_the_drawn_map() {
    let dir = tiny_copy();
    let loaded = loaded_at(dir.path(), "tiny");
    let plan = plan_for(&loaded, None);
    let pdf = print_language(&loaded, None, &PrintOptions::default())
        .expect("prints")
        .pdf;
    let tiles = map_pages(&pdf, &plan);
    assert!(page_text(&pdf, tiles[0]).contains("0101"));
    let scan = rgb(&designer_scan());
    let images = page_images(&pdf, tiles[0]);
    assert!(!images.is_empty(), "no map image on the tile");
    assert!(images.iter().all(|i| i.rgb != scan));
}

/// The control markers a kit prints: one for each city the module puts a control marker on (every
/// `[[cities]]` entry of the map: `src/concept/setup/module.rs` places one on each), each one
/// counter with the first side on its front and the second on its back.
#[test]
fn each_shipped_kit_prints_a_control_marker_for_every_city() {
    // The cities of each shipped map: B4M's eleven (rules 9.2, 10.0), BtM2's Odessa and
    // Sevastopol (15.2), LSaM's Moscow and Tula (6.58, 8.61, 11.0C, 12.0), and none in OCS's.
    let expected = [("b4m", 11), ("btm2", 2), ("lsam", 2), ("ocs", 0)];
    for (id, count) in expected {
        let loaded = loaded_at(&repo(), id);
        assert_eq!(loaded.game.map.cities.len(), count, "{id}'s cities");
        for lang in languages(&loaded) {
            let plan = plan_for(&loaded, lang.as_deref());
            let sides = &loaded.game.rules.sides;
            let control = |side: usize| plan.control_images[sides[side].id.as_str()].clone();
            let counters = printed_counters(&loaded.game, &plan).expect("the counters draw");
            let printed = counters
                .iter()
                .filter(|c| c.images == (control(0), Some(control(1))))
                .count();
            assert_eq!(printed, count, "{id}-{lang:?}: control markers printed");
            // On paper: the fronts page carries the control marker's title once a marker.
            let pdf = print_language(&loaded, lang.as_deref(), &PrintOptions::default())
                .expect("prints")
                .pdf;
            let fronts = page_runs(&pdf, 2);
            let titled = fronts
                .iter()
                .filter(|r| r.text == plan.tx.get("ui.control"))
                .count();
            assert_eq!(
                titled, count,
                "{id}-{lang:?}: control markers on the fronts page"
            );
            // The contents say how many, and why.
            if count > 0 {
                let first = squeezed(&page_text(&pdf, 1));
                let rules = plan
                    .control_markers
                    .rules
                    .join(&plan.tx.get("ui.kit_list_separator"));
                let line = plan.tx.fill(
                    "ui.kit_control_markers",
                    &[("count", &count.to_string()), ("rules", &rules)],
                );
                assert!(
                    first.contains(&squeezed(&line)),
                    "{id}-{lang:?}: the contents lack {line:?}"
                );
            }
        }
    }
}

/// One entry of the contents as read back: its text and its first and last page.
#[derive(Debug)]
struct Entry {
    text: String,
    first: usize,
    last: usize,
}

/// The runs of a page grouped into lines (runs at one height, in the order drawn).
fn lines(runs: &[Run]) -> Vec<Vec<&Run>> {
    let mut lines: Vec<Vec<&Run>> = Vec::new();
    for run in runs {
        match lines.last_mut() {
            Some(line) if (line[0].y - run.y).abs() < 0.2 => line.push(run),
            _ => lines.push(vec![run]),
        }
    }
    lines
}

/// A run that is a page number or range, set flush right ("4", "5–8").
fn numbers(run: &Run, page_width: f32) -> Option<(usize, usize)> {
    if run.x < page_width / 2.0 {
        return None;
    }
    let (first, last) = run.text.split_once('–').unwrap_or((&run.text, &run.text));
    Some((first.trim().parse().ok()?, last.trim().parse().ok()?))
}

/// The entries of the contents pages, read from the PDF: after the heading, each entry's lines up
/// to the one that ends with its pages.
fn contents(pdf: &[u8], heading: &str) -> Vec<Entry> {
    let width = crate::common::pdf::page_sizes_mm(pdf)[0].0;
    let mut entries = Vec::new();
    let mut after_heading = false;
    let mut text = String::new();
    for page in 1..=page_count(pdf) {
        for line in lines(&page_runs(pdf, page)) {
            let last = line[line.len() - 1];
            let numbered = (line.len() > 1 || after_heading)
                .then(|| numbers(last, width))
                .flatten();
            let words: String = match numbered {
                Some(_) => line[..line.len() - 1]
                    .iter()
                    .map(|r| r.text.as_str())
                    .collect(),
                None => line.iter().map(|r| r.text.as_str()).collect(),
            };
            if !after_heading {
                after_heading = squeezed(&words) == squeezed(heading);
                continue;
            }
            text.push_str(&words);
            if let Some((first, last)) = numbered {
                entries.push(Entry {
                    text: std::mem::take(&mut text),
                    first,
                    last,
                });
            }
        }
        if !entries.is_empty() && entries[0].last == page {
            break;
        }
    }
    entries
}

/// Checks the contents of one kit against its pages: the entries run in page order from page 1
/// and cover every page, and each page starts with (is titled by) the entry it is listed under;
/// a scenario's pages are the setup and victory pages that name it.
fn check_contents(what: &str, pdf: &[u8], plan: &Plan, scenarios: &[(String, String)]) {
    let entries = contents(pdf, &plan.tx.get("ui.kit_contents"));
    assert!(!entries.is_empty(), "{what}: no contents");
    assert_eq!(entries[0].first, 1, "{what}: the contents are page 1");
    let pages = page_count(pdf);
    let mut covered = vec![false; pages + 1];
    let mut next = 1;
    for entry in &entries {
        assert!(
            entry.first <= next && entry.first <= entry.last && entry.last <= pages,
            "{what}: {entry:?} out of order (next page {next}, {pages} pages)"
        );
        next = next.max(entry.last + 1);
        for flag in &mut covered[entry.first..=entry.last] {
            *flag = true;
        }
    }
    assert_eq!(
        next,
        pages + 1,
        "{what}: the contents end before the last page"
    );
    assert!(
        covered[1..].iter().all(|&c| c),
        "{what}: a page is not listed"
    );
    let setup_title = squeezed(&plan.tx.get("ui.kit_setup_title"));
    for entry in &entries[1..] {
        let listed = squeezed(&entry.text);
        match scenarios
            .iter()
            .find(|(contents, _)| squeezed(contents) == listed)
        {
            Some((_, heading)) => {
                let first = squeezed(&page_text(pdf, entry.first));
                assert!(
                    first.starts_with(&setup_title) && first.contains(&squeezed(heading)),
                    "{what}: page {} does not set up {heading:?}",
                    entry.first
                );
            }
            None => {
                for page in entry.first..=entry.last {
                    let text = squeezed(&page_text(pdf, page));
                    assert!(
                        text.starts_with(&listed),
                        "{what}: page {page} is listed as {:?} but reads {:?}",
                        entry.text,
                        text.chars().take(60).collect::<String>()
                    );
                }
            }
        }
    }
}

/// For each scenario: its contents entry and its setup heading.
fn scenario_entries(loaded: &Loaded, plan: &Plan) -> Vec<(String, String)> {
    loaded
        .game
        .scenarios
        .iter()
        .map(|s| {
            let name = plan
                .tx
                .get(&format!("scenarios.{}", s.scenario.id.as_str()));
            (
                plan.tx
                    .fill("ui.kit_contents_scenario", &[("scenario", &name)]),
                plan.tx.fill("ui.kit_setup", &[("scenario", &name)]),
            )
        })
        .collect()
}

#[test]
fn every_shipped_kits_contents_list_each_page_with_its_number() {
    for id in ["b4m", "btm2", "lsam", "ocs"] {
        let loaded = loaded_at(&repo(), id);
        for lang in languages(&loaded) {
            let plan = plan_for(&loaded, lang.as_deref());
            let pdf = print_language(&loaded, lang.as_deref(), &PrintOptions::default())
                .expect("prints")
                .pdf;
            let what = format!("{id}-{}", lang.as_deref().unwrap_or(""));
            check_contents(&what, &pdf, &plan, &scenario_entries(&loaded, &plan));
        }
    }
}

/// One-sided sheets, a map in several tiles and a poster are listed too.
#[test]
fn one_sided_tiled_and_poster_kits_list_each_page() {
    let loaded = loaded_at(&repo(), "b4m");
    for lang in ["en", "ja"] {
        let plan = plan_for(&loaded, Some(lang));
        let options = PrintOptions {
            paper: Paper::A4,
            one_sided: true,
            poster: Some(Paper::A2),
        };
        let pdf = print_language(&loaded, Some(lang), &options)
            .expect("prints")
            .pdf;
        check_contents(
            &format!("b4m-{lang} one-sided with a poster"),
            &pdf,
            &plan,
            &scenario_entries(&loaded, &plan),
        );
        let listed = contents(&pdf, &plan.tx.get("ui.kit_contents"));
        let poster = plan.tx.fill(
            "ui.print_poster",
            &[("map", &plan.tx.get("map.name")), ("paper", "A2")],
        );
        assert!(
            listed
                .iter()
                .any(|e| squeezed(&e.text) == squeezed(&poster)),
            "b4m-{lang}: the poster is not listed: {listed:?}"
        );
    }
}
