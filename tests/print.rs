//! The print-and-play PDF, read back the way a player's printer and tools see it: every page
//! renders, the back of each counter lies behind its front when the sheet is printed
//! two-sided, neighbouring map tiles show the same strip of map as wide as the page says, counter
//! texts are text in English and Japanese, and dist/ holds the current PDFs.
//!
//! Pages are rendered and read with hayro (tests/common/pdf.rs), in pure Rust: the tests need no
//! system program.

use crate::common::pdf::{page_count, page_sizes_mm, page_text, render_page};
use crate::common::{repo, TempDir};
use std::path::Path;
use vmodc::diag::Sources;
use vmodc::pipeline::{languages, load_and_check, Loaded};
use vmodc::print::{pdf_file_name, print_language, PrintOptions};

/// Resolution the pages are rendered at for measuring: 0.5 mm is about 3 pixels.
const DPI: f32 = 150.0;

fn px_per_mm() -> f32 {
    DPI / 25.4
}

fn loaded(id: &str) -> Loaded {
    let mut sources = Sources::default();
    let (loaded, report) = load_and_check(&repo(), id, &mut sources);
    assert!(!report.has_errors(), "{id} has errors");
    loaded.expect("the game loads")
}

/// The kit of `id` in `lang`, written to a temporary folder.
fn printed(id: &str, lang: &str, dir: &TempDir) -> std::path::PathBuf {
    let pdf = print_language(&loaded(id), Some(lang), &PrintOptions::default())
        .expect("the kit prints")
        .pdf;
    let path = dir.path().join(format!("{id}-{lang}.pdf"));
    std::fs::write(&path, pdf).expect("write the kit");
    path
}

/// One page as RGB pixels, rendered at [`DPI`].
struct Page {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Page {
    fn render(pdf: &Path, page: usize) -> Page {
        let bytes = std::fs::read(pdf).expect("read the PDF");
        let pixels = render_page(&bytes, page, DPI);
        Page {
            width: pixels.width,
            height: pixels.height,
            rgb: pixels.rgb,
        }
    }

    fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// Ink: any pixel not (nearly) white paper.
    fn inked(&self, x: usize, y: usize) -> bool {
        self.pixel(x, y).iter().any(|&c| c < 245)
    }

    /// The bounding boxes `(x0, y0, x1, y1)` (x1, y1 exclusive) of the connected areas of ink.
    fn ink_boxes(&self) -> Vec<(usize, usize, usize, usize)> {
        let mut seen = vec![false; self.width * self.height];
        let mut boxes = Vec::new();
        for start in 0..self.width * self.height {
            if seen[start] || !self.inked(start % self.width, start / self.width) {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
            while let Some(i) = stack.pop() {
                let (x, y) = (i % self.width, i / self.width);
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
                let mut visit = |nx: usize, ny: usize| {
                    let j = ny * self.width + nx;
                    if !seen[j] && self.inked(nx, ny) {
                        seen[j] = true;
                        stack.push(j);
                    }
                };
                if x > 0 {
                    visit(x - 1, y);
                }
                if y > 0 {
                    visit(x, y - 1);
                }
                if x + 1 < self.width {
                    visit(x + 1, y);
                }
                if y + 1 < self.height {
                    visit(x, y + 1);
                }
            }
            boxes.push((x0, y0, x1, y1));
        }
        boxes
    }

    /// Centres (in mm) of the counters on the page: areas of ink the size of a counter of `edge` mm.
    fn counter_centres(&self, edge: f32) -> Vec<(f32, f32)> {
        let want = edge * px_per_mm();
        self.ink_boxes()
            .into_iter()
            .filter(|&(x0, y0, x1, y1)| {
                ((x1 - x0) as f32 - want).abs() < 3.0 && ((y1 - y0) as f32 - want).abs() < 3.0
            })
            .map(|(x0, y0, x1, y1)| {
                (
                    (x0 + x1) as f32 / 2.0 / px_per_mm(),
                    (y0 + y1) as f32 / 2.0 / px_per_mm(),
                )
            })
            .collect()
    }
}

/// Pages 2 and 3 of the B4M kit are the first sheet of fronts and its backs. Printed two-sided and
/// flipped on the long edge, the back page turns about the sheet's vertical centre line: each
/// front's centre, mirrored, must fall within 0.5 mm of a back's centre, and every back must have
/// its front.
#[test]
fn each_counter_back_lies_behind_its_front_within_half_a_millimetre() {
    let dir = TempDir::new("print-duplex");
    let pdf = printed("b4m", "en", &dir);
    let fronts = Page::render(&pdf, 2);
    let backs = Page::render(&pdf, 3);
    let page_width = fronts.width as f32 / px_per_mm();
    let front_centres = fronts.counter_centres(12.7);
    let back_centres = backs.counter_centres(12.7);
    // 39 units, a control marker for each of the 11 cities (German on the front, Soviet on the
    // back) and 2 weather markers: all on the first sheet.
    assert_eq!(front_centres.len(), 52, "{front_centres:?}");
    assert_eq!(back_centres.len(), 52, "{back_centres:?}");
    for &(x, y) in &front_centres {
        let mirrored = (page_width - x, y);
        let nearest = back_centres
            .iter()
            .map(|&(bx, by)| ((bx - mirrored.0).powi(2) + (by - mirrored.1).powi(2)).sqrt())
            .fold(f32::MAX, f32::min);
        assert!(
            nearest <= 0.5,
            "the front at ({x:.2}, {y:.2}) mm has no back within 0.5 mm of ({:.2}, {:.2}): nearest {nearest:.2} mm",
            mirrored.0,
            mirrored.1
        );
    }
}

/// The overlap a tile page states in its title (`…: overlap strips 10 mm, …`), in mm.
fn stated_overlap(pdf: &Path, page: usize) -> (String, f32) {
    let text = page_text(&std::fs::read(pdf).expect("read the PDF"), page);
    let title = text.lines().next().unwrap_or("").to_string();
    let mm = title
        .split("overlap strips ")
        .nth(1)
        .and_then(|rest| rest.split(" mm").next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("page {page} states no overlap: {title:?}"));
    (title, mm)
}

/// The box of the map on a tile page: the ink below the title.
fn map_box(page: &Page) -> (usize, usize, usize, usize) {
    page.ink_boxes()
        .into_iter()
        .max_by_key(|&(x0, y0, x1, y1)| (x1 - x0) * (y1 - y0))
        .expect("a map on the page")
}

/// Mean difference (0–255) between a strip of `a` and a strip of `b` of the same size.
fn strip_difference(
    (a, ax): (&Page, usize),
    (b, bx): (&Page, usize),
    (width, y0, y1): (usize, usize, usize),
) -> f32 {
    let mut total = 0u64;
    let mut count = 0u64;
    for y in y0..y1 {
        for dx in 0..width {
            let (p, q) = (a.pixel(ax + dx, y), b.pixel(bx + dx, y));
            total += p
                .iter()
                .zip(q)
                .map(|(&u, v)| u.abs_diff(v) as u64)
                .sum::<u64>();
            count += 3;
        }
    }
    total as f32 / count as f32
}

/// B4M's map is two tiles side by side (pages 5 and 6, after the assembly page). The right edge of
/// the first tile and the left edge of the second show the same strip of map, exactly as wide as
/// the pages state: compared pixel by pixel it matches at the stated width and not at 2 mm more
/// or less.
#[test]
fn neighbouring_map_tiles_overlap_as_stated() {
    let dir = TempDir::new("print-tiles");
    let pdf = printed("b4m", "en", &dir);
    let (first_title, overlap) = stated_overlap(&pdf, 5);
    let (second_title, second_overlap) = stated_overlap(&pdf, 6);
    assert!(first_title.contains("row 1, column 1"), "{first_title}");
    assert!(second_title.contains("row 1, column 2"), "{second_title}");
    assert_eq!(overlap, second_overlap);
    assert!(
        overlap >= 5.0,
        "an overlap of {overlap} mm is too narrow to glue"
    );

    let (a, b) = (Page::render(&pdf, 5), Page::render(&pdf, 6));
    let (_, ay0, ax1, ay1) = map_box(&a);
    let (bx0, by0, _, by1) = map_box(&b);
    assert_eq!(
        (ay0, ay1),
        (by0, by1),
        "tiles of one row show the same rows of map"
    );
    // Inside the tiles' cut lines, away from the alignment marks' dashed lines at the strip's edges.
    let (y0, y1) = (ay0 + 4, ay1 - 4);
    let strip = |mm: f32| (mm * px_per_mm()).round() as usize;
    // The strip of `mm` at the right of the first tile against the left of the second, at the best
    // of three pixel offsets: the ink box's edge is an anti-aliased pixel that one renderer counts as
    // ink and another not (one pixel is 0.17 mm; the wrong widths below are 12 pixels off).
    let compare = |mm: f32| {
        (-1i32..=1)
            .map(|shift| {
                let width = (strip(mm) as i32 + shift) as usize;
                strip_difference((&a, ax1 - width + 2), (&b, bx0 + 2), (width - 4, y0, y1))
            })
            .fold(f32::MAX, f32::min)
    };
    let stated = compare(overlap);
    assert!(
        stated < 6.0,
        "the stated {overlap} mm strips differ by {stated:.1}"
    );
    for wrong in [overlap - 2.0, overlap + 2.0] {
        let off = compare(wrong);
        assert!(
            off > stated * 2.0 + 4.0,
            "strips of {wrong} mm match as well ({off:.1}) as the stated {overlap} mm ({stated:.1})"
        );
    }
}

/// The counter sheet's text, extracted as a player's PDF reader would.
fn fronts_text(id: &str, lang: &str, dir: &TempDir) -> String {
    let pdf = printed(id, lang, dir);
    page_text(&std::fs::read(pdf).expect("read the PDF"), 2)
}

#[test]
fn counter_texts_are_text_in_english_and_japanese() {
    let dir = TempDir::new("print-text");
    let en = fronts_text("b4m", "en", &dir);
    for word in [
        "Counters, fronts",
        "XXIV",
        "12-6",
        "1st Shock",
        "Control",
        "Mud",
    ] {
        assert!(
            en.contains(word),
            "{word:?} not in the English sheet:\n{en}"
        );
    }
    let ja = fronts_text("b4m", "ja", &dir);
    // The Japanese catalog's marker texts (支配: control, 天候: weather) and the units' printed ids.
    for word in ["駒・表面", "支配", "天候", "XXIV", "12-6"] {
        assert!(
            ja.contains(word),
            "{word:?} not in the Japanese sheet:\n{ja}"
        );
    }
}

/// Every page of every shipped kit renders, and dist/ holds what the data prints now (the same
/// bytes: nothing in the PDF depends on the time or the machine).
#[test]
fn shipped_kits_render_and_are_current() {
    for entry in std::fs::read_dir(repo().join("rules")).expect("rules/") {
        let path = entry.expect("rules entry").path();
        let Some(id) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let loaded = loaded(id);
        for lang in languages(&loaded) {
            let name = pdf_file_name(&loaded.game, lang.as_deref());
            let pdf = print_language(&loaded, lang.as_deref(), &PrintOptions::default())
                .unwrap_or_else(|e| panic!("{name}: {e:?}"))
                .pdf;
            let shipped = std::fs::read(repo().join("dist").join(&name)).unwrap_or_else(|e| {
                panic!("dist/{name} (run `cargo run --release -- build`): {e}")
            });
            assert!(
                shipped == pdf,
                "dist/{name} is stale: run `cargo run --release -- build`"
            );
            // Every page, at a low resolution: the test is that each one draws, and draws ink.
            for page in 1..=page_count(&shipped) {
                let pixels = render_page(&shipped, page, 10.0);
                assert!(
                    pixels.rgb.iter().any(|&c| c < 200),
                    "{name}: page {page} draws nothing"
                );
            }
        }
    }
}

/// `vmodc print tiny` with `[counters] printed_mm` set, and the other arguments given: the
/// project (kept alive for the PDF), where the PDF goes, and what the command did.
fn print_tiny_at(
    printed_mm: &str,
    args: &[&str],
) -> (
    crate::common::TempDir,
    std::path::PathBuf,
    std::process::Output,
) {
    let dir = crate::common::tiny_copy();
    crate::common::patch(
        dir.path(),
        "counters/tiny.toml",
        "size = 50\n",
        &format!("size = 50\nprinted_mm = {printed_mm}\n"),
    )
    .expect("patch");
    let pdf = dir.path().join("tiny.pdf");
    let root = dir.path().to_string_lossy().into_owned();
    let out_path = pdf.to_string_lossy().into_owned();
    let mut all = vec!["print", "tiny", "--root", &root];
    all.extend_from_slice(args);
    all.extend(["--out", &out_path]);
    let out = crate::common::vmodc(&all);
    (dir, pdf, out)
}

/// `vmodc print --one-sided` at the size the data gives (`[counters] printed_mm`): each front and
/// its back touch along the fold line, so a counter pair is one area of ink two counters wide.
#[test]
fn one_sided_sheets_put_each_back_beside_its_front_at_the_data_size() {
    let (_dir, pdf, out) = print_tiny_at("15.875", &["--one-sided", "--paper", "letter"]);
    assert_eq!(
        crate::common::code(&out),
        0,
        "{}",
        crate::common::show(&out)
    );
    let sheet = Page::render(&pdf, 2);
    assert!(
        (sheet.width as f32 / px_per_mm() - 215.9).abs() < 1.0,
        "letter paper"
    );
    let (pair_w, pair_h) = (2.0 * 15.875 * px_per_mm(), 15.875 * px_per_mm());
    let pairs = sheet
        .ink_boxes()
        .into_iter()
        .filter(|&(x0, y0, x1, y1)| {
            ((x1 - x0) as f32 - pair_w).abs() < 3.0 && ((y1 - y0) as f32 - pair_h).abs() < 3.0
        })
        .count();
    // The tiny game's four units, each a front and its reduced back.
    assert!(pairs >= 4, "{pairs} pairs of 15.875 mm counters");
}

/// A printed size that is no counter size is refused, naming the key and the file.
#[test]
fn an_unusable_printed_size_is_refused_with_its_file() {
    // Refused by the check, at its line (V0038, issue #33), before any printing.
    let (_dir, pdf, out) = print_tiny_at("0.5", &[]);
    let shown = crate::common::show(&out);
    assert_eq!(crate::common::code(&out), 1, "{shown}");
    assert!(
        shown.contains("V0038")
            && shown.contains("printed_mm")
            && shown.contains("counters/tiny.toml"),
        "{shown}"
    );
    assert!(!pdf.exists(), "no PDF is left behind");
}

/// The map's hex numbers and place names and the charts' cells are text too (the renderers' texts
/// are set as PDF text over images drawn without them).
#[test]
fn map_and_chart_texts_are_text() {
    let dir = TempDir::new("print-map-text");
    let pdf = std::fs::read(printed("b4m", "ja", &dir)).expect("read the PDF");
    let page_text = |page: usize| page_text(&pdf, page);
    let tile = page_text(5);
    for word in ["0101", "0604", "タイル"] {
        assert!(
            tile.contains(word),
            "{word:?} not on the first map tile:\n{tile}"
        );
    }
    let all: String = (7..=10).map(page_text).collect();
    for word in ["1:1", "6:1", "DRL"] {
        assert!(
            all.contains(word),
            "{word:?} not on the chart pages:\n{all}"
        );
    }
}

/// `--poster a2` adds the whole map sheet on one A2 page (420 x 594 mm, either way round).
#[test]
fn a_poster_page_holds_the_whole_map() {
    let dir = TempDir::new("print-poster");
    let pdf = dir.path().join("b4m-en.pdf");
    let out = crate::common::vmodc(&[
        "print",
        "b4m",
        "--root",
        &repo().to_string_lossy(),
        "--lang",
        "en",
        "--poster",
        "a2",
        "--out",
        &pdf.to_string_lossy(),
    ]);
    assert_eq!(
        crate::common::code(&out),
        0,
        "{}",
        crate::common::show(&out)
    );
    let sizes = page_sizes_mm(&std::fs::read(&pdf).expect("read the PDF"));
    let is_a2 = |&&(w, h): &&(f32, f32)| {
        let (short, long) = (w.min(h), w.max(h));
        (short - 420.0).abs() < 1.0 && (long - 594.0).abs() < 1.0
    };
    let a2 = sizes.iter().filter(is_a2).count();
    assert_eq!(a2, 1, "one A2 page: {sizes:?}");
}

/// A game whose data has errors is not printed (as it is not built), and no PDF is left.
#[test]
fn data_with_errors_is_not_printed() {
    let dir = crate::common::tiny_copy();
    crate::common::patch(
        dir.path(),
        "counters/tiny.toml",
        "reduced = \"3-5\"",
        "reduced = \"4-5\"",
    )
    .expect("patch");
    let out = crate::common::vmodc(&["print", "tiny", "--root", &dir.path().to_string_lossy()]);
    let shown = crate::common::show(&out);
    assert_eq!(crate::common::code(&out), 1, "{shown}");
    assert!(
        shown.contains("error[V0302]") && shown.contains("tiny not printed"),
        "{shown}"
    );
    assert!(!dir.path().join("dist").exists(), "no PDF is left");
}
