//! The designer's own art: a map scan with its grid fitted from three hex centres, and counters cut
//! from printed sheets. No publisher's art: the "scans" are vmodc's own renders, scaled, offset and
//! cropped here, so the hex under every pixel and the face in every cell are known.

use crate::common::*;
use std::path::Path;
use vmodc::concept::art::image_file::{ImageFile, Rgba};
use vmodc::concept::game::Game;
use vmodc::concept::texts::default_texts;
use vmodc::diag::{Severity, Sources};
use vmodc::pipeline::board_images::plain_name;
use vmodc::verify::{self, hex_grid_from_node};

fn load(root: &Path, id: &str) -> (Game, Sources, vmodc::diag::Report) {
    let mut sources = Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(root, id, &mut sources);
    let loaded = loaded.unwrap_or_else(|| panic!("{id} loads:\n{}", render_all(&sources, &report)));
    (loaded.game, sources, report)
}

/// The module's entries by name, a board's image by the name the plan gives it (the module names
/// it by its content: `images/map-<hash>.png` is found as `images/map.png`).
fn entries(game: &Game) -> std::collections::BTreeMap<String, Vec<u8>> {
    vmodc::pipeline::compile(game)
        .expect("module compiles")
        .into_iter()
        .map(|e| (plain_name(&e.name), e.data))
        .collect()
}

fn pixels(png: &[u8]) -> Rgba {
    let file = ImageFile::from_bytes("x.png", png.to_vec()).expect("png");
    (*file.pixels().expect("decodes")).clone()
}

fn write_png(path: &Path, image: &Rgba) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("art folder");
    std::fs::write(path, image.to_png().expect("encodes")).expect("writes");
}

/// How the test "scans" the printed map: scaled by `scale`, moved by `offset` (negative crops the
/// left or top), cut to `size`; outside the print the scan is white.
struct Scan {
    scale: f64,
    offset: (f64, f64),
    size: (u32, u32),
}

impl Scan {
    fn of(&self, print: &Rgba) -> Rgba {
        let (w, h) = self.size;
        let mut out = Vec::with_capacity((w * h * 4) as usize);
        for y in 0..h {
            for x in 0..w {
                let sx = ((f64::from(x) + 0.5 - self.offset.0) / self.scale).floor();
                let sy = ((f64::from(y) + 0.5 - self.offset.1) / self.scale).floor();
                let inside = sx >= 0.0
                    && sy >= 0.0
                    && sx < f64::from(print.width)
                    && sy < f64::from(print.height);
                if inside {
                    let i = ((sy as u32 * print.width + sx as u32) * 4) as usize;
                    out.extend_from_slice(&print.pixels[i..i + 4]);
                } else {
                    out.extend_from_slice(&[255, 255, 255, 255]);
                }
            }
        }
        Rgba {
            width: w,
            height: h,
            pixels: out,
        }
    }

    /// Where a point of the print lands on the scan.
    fn point(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            self.offset.0 + self.scale * (x + 0.5) - 0.5,
            self.offset.1 + self.scale * (y + 0.5) - 0.5,
        )
    }
}

/// The b4m map as vmodc draws it, "scanned" at 137%, shifted and cropped on every side, and given to the
/// copy of the game at `root` as `[map] image` with three hex centres read off it (rounded to whole
/// pixels, as a designer reads them). Returns the scan's geometry and the printed map's layout.
fn scanned_b4m(root: &Path) -> (Scan, vmodc::concept::game::grid::HexLayout) {
    copy_game(&repo(), "b4m", root);
    let (drawn, _, _) = load(root, "b4m");
    let print = pixels(&entries(&drawn)["images/map.png"]);
    let plan =
        vmodc::concept::plan::Plan::new(&drawn, default_texts(&drawn), vmodc::concept::CONCEPTS);
    let printed = plan.layout;
    let scan = Scan {
        scale: 1.37,
        offset: (-21.0, 17.0),
        size: (
            (f64::from(print.width) * 1.37) as u32 - 21 - 12,
            (f64::from(print.height) * 1.37) as u32 + 17 - 25,
        ),
    };
    write_png(&root.join("art/b4m/map.png"), &scan.of(&print));
    let grid = &drawn.map.grid;
    let read_off = |label: &str| {
        let (x, y) = scan.point(printed.centre(grid.parse(label).expect("hex")));
        format!("\"{label}\" = [{}, {}]", x.round(), y.round())
    };
    patch(
        root,
        "maps/b4m.toml",
        "name = \"Battle for Moscow\"\n",
        &format!(
            "name = \"Battle for Moscow\"\nimage = \"art/b4m/map.png\"\nhex_centres = {{ {}, {}, {} }}\n",
            read_off("0101"),
            read_off("1401"),
            read_off("0711")
        ),
    )
    .expect("patch");
    (scan, printed)
}

/// The scanned b4m game: VASSAL's grid numbering, computed from the module's HexGrid, names every
/// printed hex of the scan as the data does, and every at-start stack lands on its printed hex.
#[test]
fn a_scaled_offset_cropped_scan_puts_every_setup_piece_on_its_hex() {
    let dir = TempDir::new("scan");
    let root = dir.path();
    let (scan, printed) = scanned_b4m(root);
    let (game, sources, report) = load(root, "b4m");
    assert!(!report.has_errors(), "{}", render_all(&sources, &report));
    assert!(
        !report.diagnostics.iter().any(|d| d.code.starts_with("V10")),
        "{}",
        render_all(&sources, &report)
    );
    let files = entries(&game);
    assert_eq!(
        files["images/map.png"],
        std::fs::read(root.join("art/b4m/map.png")).expect("scan"),
        "the scan is shipped as it is"
    );
    let view = verify::open_module(
        &vmodc::package::zip_bytes(&vmodc::pipeline::compile(&game).expect("compiles"))
            .expect("zips"),
    )
    .expect("opens");
    let grid_node = view
        .root
        .find_all("VASSAL.build.module.map.boardPicker.board.HexGrid")[0];
    let vassal = hex_grid_from_node(grid_node).expect("hex grid");
    let near = 0.25 * printed.dy * scan.scale;
    let grid = &game.map.grid;
    // Every printed hex, at its centre on the scan, is named as the data names it.
    for hex in grid.hexes() {
        let (x, y) = scan.point(printed.centre(hex));
        assert_eq!(
            vassal.location_name(x.round() as i32, y.round() as i32),
            grid.label(hex)
        );
    }
    // Every at-start stack: VASSAL puts it at the centre of the hex it names, on that printed hex.
    let map = view
        .root
        .find_all("VASSAL.build.module.Map")
        .into_iter()
        .find(|m| {
            m.children_named("VASSAL.build.module.map.SetupStack")
                .next()
                .is_some()
        })
        .expect("main map");
    let mut placed = 0;
    for stack in map.children_named("VASSAL.build.module.map.SetupStack") {
        if stack.attr("useGridLocation") != "true" {
            continue;
        }
        let location = stack.attr("location");
        let (x, y) = vassal.location_point(location).expect("location resolves");
        assert_eq!(vassal.location_name(x, y), location);
        let (px, py) = scan.point(printed.centre(grid.parse(location).expect("hex")));
        let miss = (f64::from(x) - px).hypot(f64::from(y) - py);
        assert!(
            miss < near,
            "{location}: placed {miss:.1} px from its printed centre"
        );
        // Every piece of the spot is in its one stack.
        placed += stack.children.len();
    }
    assert_eq!(
        placed,
        game.effective(&game.scenarios[0]).setup.1.len() + game.map.cities.len()
    );
}

/// A misread centre and a scan that misses part of the map are reported at the data line.
#[test]
fn a_misfit_and_a_short_scan_are_reported() {
    let dir = TempDir::new("misfit");
    let root = dir.path();
    copy_game(&repo(), "b4m", root);
    let (drawn, _, _) = load(root, "b4m");
    let print = pixels(&entries(&drawn)["images/map.png"]);
    let plan =
        vmodc::concept::plan::Plan::new(&drawn, default_texts(&drawn), vmodc::concept::CONCEPTS);
    let grid = &drawn.map.grid;
    let centre = |label: &str| plan.layout.centre(grid.parse(label).expect("hex"));
    // The right half of the map only.
    let scan = Scan {
        scale: 1.0,
        offset: (0.0, 0.0),
        size: (print.width / 2, print.height),
    };
    write_png(&root.join("art/b4m/map.png"), &scan.of(&print));
    let (a, b, c) = (centre("0101"), centre("1401"), centre("0711"));
    patch(
        root,
        "maps/b4m.toml",
        "name = \"Battle for Moscow\"\n",
        &format!(
            "name = \"Battle for Moscow\"\nimage = \"art/b4m/map.png\"\nhex_centres = {{ \"0101\" = [{}, {}], \"1401\" = [{}, {}], \"0711\" = [{}, {}] }}\n",
            a.0, a.1, b.0, b.1, c.0 + 25.0, c.1
        ),
    )
    .expect("patch");
    let (_, sources, report) = load(root, "b4m");
    let codes: Vec<(&str, Severity)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code, d.severity))
        .collect();
    assert!(
        codes.contains(&("V1011", Severity::Warning))
            || codes.contains(&("V1011", Severity::Error)),
        "{}",
        render_all(&sources, &report)
    );
    assert!(
        codes.contains(&("V1012", Severity::Error)),
        "{}",
        render_all(&sources, &report)
    );
}

/// Counter sheets made from vmodc's own counters (fronts on one sheet, backs on a duplex back sheet,
/// mirrored as printed) give back every face pixel for pixel, and the overlay marks every cell.
#[test]
fn counters_cut_from_sheets_equal_the_originals() {
    let dir = TempDir::new("sheets");
    let root = dir.path();
    copy_game(&repo(), "b4m", root);
    let (drawn, _, _) = load(root, "b4m");
    let plan =
        vmodc::concept::plan::Plan::new(&drawn, default_texts(&drawn), vmodc::concept::CONCEPTS);
    let originals = entries(&drawn);
    let units = &drawn.counters.units;
    let faces: Vec<Vec<String>> = units
        .iter()
        .map(|u| vmodc::concept::plan::unit_face_images(&drawn, &plan, &u.id))
        .collect();
    let size = pixels(&originals[&format!("images/{}", faces[0][0])]).width;
    let (cols, gap, origin) = (7u32, 3u32, (11u32, 8u32));
    let rows = (units.len() as u32).div_ceil(cols);
    let pitch = size + gap;
    let sheet_size = (origin.0 * 2 + cols * pitch, origin.1 * 2 + rows * pitch);
    let blank = |_| Rgba {
        width: sheet_size.0,
        height: sheet_size.1,
        pixels: [200u8, 190, 170, 255].repeat((sheet_size.0 * sheet_size.1) as usize),
    };
    let (mut front, mut back) = (blank(0), blank(1));
    let paste = |sheet: &mut Rgba, face: &Rgba, row: u32, col: u32| {
        let (x0, y0) = (origin.0 + col * pitch, origin.1 + row * pitch);
        for y in 0..face.height {
            let from = (y * face.width * 4) as usize;
            let to = (((y0 + y) * sheet.width + x0) * 4) as usize;
            sheet.pixels[to..to + (face.width * 4) as usize]
                .copy_from_slice(&face.pixels[from..from + (face.width * 4) as usize]);
        }
    };
    let mut art = String::from(&format!(
        "\n[[art_sheets]]\nid = \"front\"\nimage = \"art/b4m/front.png\"\nrows = {rows}\ncols = {cols}\norigin = [{}, {}]\npitch = [{pitch}, {pitch}]\ngap = [{gap}, {gap}]\nback = \"back\"\n\n[[art_sheets]]\nid = \"back\"\nimage = \"art/b4m/back.png\"\nrows = {rows}\ncols = {cols}\norigin = [{}, {}]\npitch = [{pitch}, {pitch}]\ngap = [{gap}, {gap}]\n",
        origin.0, origin.1, origin.0, origin.1
    ));
    for (i, (unit, names)) in units.iter().zip(&faces).enumerate() {
        let (row, col) = (i as u32 / cols, i as u32 % cols);
        paste(
            &mut front,
            &pixels(&originals[&format!("images/{}", names[0])]),
            row,
            col,
        );
        if let Some(reduced) = names.get(1) {
            paste(
                &mut back,
                &pixels(&originals[&format!("images/{reduced}")]),
                row,
                cols - 1 - col,
            );
        }
        art.push_str(&format!(
            "\n[[art]]\nunit = \"{}\"\nsheet = \"front\"\ncell = [{row}, {col}]\n",
            unit.id.as_str()
        ));
    }
    write_png(&root.join("art/b4m/front.png"), &front);
    write_png(&root.join("art/b4m/back.png"), &back);
    let counters = root.join("counters/b4m.toml");
    let text = std::fs::read_to_string(&counters).expect("counters") + &art;
    std::fs::write(&counters, text).expect("counters");

    let (game, sources, report) = load(root, "b4m");
    assert!(
        !report
            .diagnostics
            .iter()
            .any(|d| d.severity >= Severity::Warning && d.code.starts_with("V10")),
        "{}",
        render_all(&sources, &report)
    );
    let cut = entries(&game);
    let mut compared = 0;
    for names in &faces {
        for name in names {
            let key = format!("images/{name}");
            assert_eq!(pixels(&cut[&key]), pixels(&originals[&key]), "{name}");
            compared += 1;
        }
    }
    assert!(compared > units.len(), "fronts and backs: {compared}");
    let overlay = vmodc::pipeline::overlay::sheet_overlay(&game, Some("back")).expect("overlay");
    let overlay = pixels(&overlay);
    assert_eq!((overlay.width, overlay.height), sheet_size);
    assert_ne!(overlay, back, "cut lines drawn");
}

/// A unit without art is listed once the game cuts its counters from sheets.
#[test]
fn a_unit_without_art_is_listed() {
    let dir = tiny_copy();
    let root = dir.path();
    let (game, _, _) = load(root, "tiny");
    let unit = game.counters.units[0].id.value.clone();
    let sheet = Rgba {
        width: 130,
        height: 70,
        pixels: vec![255; 130 * 70 * 4],
    };
    write_png(&root.join("art/tiny/sheet.png"), &sheet);
    let counters = root.join("counters/tiny.toml");
    let text = std::fs::read_to_string(&counters).expect("counters")
        + &format!("\n[[art_sheets]]\nid = \"s\"\nimage = \"art/tiny/sheet.png\"\nrows = 1\ncols = 2\norigin = [0, 0]\npitch = [65, 65]\n\n[[art]]\nunit = \"{unit}\"\nsheet = \"s\"\ncell = [0, 0]\nback_cell = [0, 1]\n");
    std::fs::write(&counters, text).expect("counters");
    let (game, sources, report) = load(root, "tiny");
    let listed: Vec<&str> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "V1022")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        listed.len(),
        game.counters.units.len() - 1,
        "{}",
        render_all(&sources, &report)
    );
    assert!(!listed.iter().any(|m| m.contains(&format!("`{unit}`"))));
}

/// The scan is an input of the module: an unchanged one leaves the module as it is, a changed one
/// rebuilds it (with the new picture inside).
#[test]
fn a_changed_scan_rebuilds_the_module() {
    let dir = tiny_copy();
    let root = dir.path().to_path_buf();
    patch(
        &root,
        "maps/tiny.toml",
        "rule = \"9.0\"\n",
        "rule = \"9.0\"\nimage = \"art/tiny/map.png\"\nhex_centres = { \"0101\" = [44, 40], \"0401\" = [200, 70], \"0104\" = [44, 220] }\n",
    )
    .expect("patch");
    let options = vmodc::pipeline::Options {
        root: root.clone(),
        out: root.join("dist"),
        deny_warnings: false,
        cache: Some(root.join("cache")),
        print: Some(vmodc::print::print_kits),
    };
    let build = || {
        let mut sources = Sources::default();
        let outcome = vmodc::pipeline::build_game(&options, "tiny", &mut sources);
        assert_eq!(
            outcome.modules.len(),
            1,
            "{}",
            render_all(&sources, &outcome.report)
        );
        outcome.modules[0].written
    };
    assert!(build(), "first build");
    assert!(!build(), "nothing changed");
    let scan = Rgba {
        width: 245,
        height: 290,
        pixels: [90u8, 120, 60, 255].repeat(245 * 290),
    };
    write_png(&root.join("art/tiny/map.png"), &scan);
    assert!(build(), "a changed scan rebuilds the module");
    let module = std::fs::read(root.join("dist/tiny.vmod")).expect("module");
    let view = verify::open_module(&module).expect("opens");
    let shipped = view
        .archive
        .entries
        .iter()
        .find(|(name, _)| plain_name(name) == "images/map.png")
        .map(|(_, png)| png)
        .expect("the scan is in the module");
    assert_eq!(pixels(shipped), scan);
    // The kit beside it was printed again, its map tile the new scan (the image files are inputs
    // of the kit as of the module).
    let kit = std::fs::read(root.join("dist/tiny.pdf")).expect("kit");
    let rgb: Vec<u8> = [90u8, 120, 60].repeat(245 * 290);
    let on_a_page = (1..=crate::common::pdf::page_count(&kit)).any(|page| {
        crate::common::pdf::page_images(&kit, page)
            .iter()
            .any(|i| i.rgb == rgb)
    });
    assert!(on_a_page, "the kit does not print the changed scan");
}

/// The overlay pictures of docs/art.md: the tiny map as vmodc draws it, "scanned" at 150% and shifted,
/// with the grid fitted from three well-read centres, and from a centre misread by 20 px (run with
/// `cargo test --test integration art::write_overlay_pictures -- --ignored`).
#[test]
#[ignore = "writes docs/images/art-grid-*.png"]
fn write_overlay_pictures() {
    for (name, error) in [("fit", 0.0), ("misfit", 20.0)] {
        let dir = tiny_copy();
        let root = dir.path();
        let (drawn, _, _) = load(root, "tiny");
        let print = pixels(&entries(&drawn)["images/map.png"]);
        let plan = vmodc::concept::plan::Plan::new(
            &drawn,
            default_texts(&drawn),
            vmodc::concept::CONCEPTS,
        );
        let scan = Scan {
            scale: 1.5,
            offset: (14.0, -9.0),
            size: (
                (f64::from(print.width) * 1.5) as u32 + 14,
                (f64::from(print.height) * 1.5) as u32 - 9,
            ),
        };
        write_png(&root.join("art/tiny/scan.png"), &scan.of(&print));
        let grid = &drawn.map.grid;
        let read_off = |label: &str, error: f64| {
            let (x, y) = scan.point(plan.layout.centre(grid.parse(label).expect("hex")));
            format!("\"{label}\" = [{}, {}]", (x + error).round(), y.round())
        };
        patch(
            root,
            "maps/tiny.toml",
            "rule = \"9.0\"\n",
            &format!(
                "rule = \"9.0\"\nimage = \"art/tiny/scan.png\"\nhex_centres = {{ {}, {}, {} }}\n",
                read_off("0101", 0.0),
                read_off("0401", 0.0),
                read_off("0304", error)
            ),
        )
        .expect("patch");
        let (game, _, _) = load(root, "tiny");
        let png = vmodc::pipeline::overlay::grid_overlay(&game).expect("overlay");
        std::fs::write(repo().join(format!("docs/images/art-grid-{name}.png")), png)
            .expect("docs image");
    }
}

/// The sheet overlay picture of docs/art.md: the tiny game's counters printed on a sheet with a gap,
/// three of them given art (run with `cargo test --test integration art::write_sheet_overlay_picture
/// -- --ignored`).
#[test]
#[ignore = "writes docs/images/art-sheet-overlay.png"]
fn write_sheet_overlay_picture() {
    let dir = tiny_copy();
    let root = dir.path();
    let (drawn, _, _) = load(root, "tiny");
    let plan =
        vmodc::concept::plan::Plan::new(&drawn, default_texts(&drawn), vmodc::concept::CONCEPTS);
    let images = entries(&drawn);
    let faces: Vec<Rgba> = drawn
        .counters
        .units
        .iter()
        .flat_map(|u| vmodc::concept::plan::unit_face_images(&drawn, &plan, &u.id))
        .map(|name| pixels(&images[&format!("images/{name}")]))
        .collect();
    let (size, gap, origin, cols) = (faces[0].width, 6u32, 9u32, 4u32);
    let pitch = size + gap;
    let rows = (faces.len() as u32).div_ceil(cols);
    let (w, h) = (origin * 2 + cols * pitch, origin * 2 + rows * pitch);
    let mut sheet = Rgba {
        width: w,
        height: h,
        pixels: [235u8, 228, 210, 255].repeat((w * h) as usize),
    };
    for (i, face) in faces.iter().enumerate() {
        let (x0, y0) = (
            origin + (i as u32 % cols) * pitch,
            origin + (i as u32 / cols) * pitch,
        );
        for y in 0..face.height {
            let from = (y * face.width * 4) as usize;
            let to = (((y0 + y) * w + x0) * 4) as usize;
            sheet.pixels[to..to + (face.width * 4) as usize]
                .copy_from_slice(&face.pixels[from..from + (face.width * 4) as usize]);
        }
    }
    write_png(&root.join("art/tiny/sheet.png"), &sheet);
    let counters = root.join("counters/tiny.toml");
    let text = std::fs::read_to_string(&counters).expect("counters")
        + &format!("\n[[art_sheets]]\nid = \"s\"\nimage = \"art/tiny/sheet.png\"\nrows = {rows}\ncols = {cols}\norigin = [{origin}, {origin}]\npitch = [{pitch}, {pitch}]\ngap = [{gap}, {gap}]\n\n[[art]]\nunit = \"R1\"\nsheet = \"s\"\ncell = [0, 0]\nback_cell = [0, 1]\n\n[[art]]\nunit = \"R2\"\nsheet = \"s\"\ncell = [0, 2]\nback_cell = [0, 3]\n\n[[art]]\nunit = \"B1\"\nsheet = \"s\"\ncell = [1, 0]\nback_cell = [1, 1]\n");
    std::fs::write(&counters, text).expect("counters");
    let (game, _, _) = load(root, "tiny");
    let png = vmodc::pipeline::overlay::sheet_overlay(&game, None).expect("overlay");
    std::fs::write(repo().join("docs/images/art-sheet-overlay.png"), png).expect("docs image");
}

/// A JPEG scan (the tiny game's `art/tiny/map.jpg`: a plain grey baseline JPEG written by hand, 430
/// bytes) is read, decoded and shipped as it is, under a `.jpg` name the board names.
#[test]
fn a_jpeg_scan_is_shipped_as_it_is() {
    let dir = tiny_copy();
    let root = dir.path();
    patch(
        root,
        "maps/tiny.toml",
        "rule = \"9.0\"\n",
        "rule = \"9.0\"\nimage = \"art/tiny/map.jpg\"\nhex_centres = { \"0101\" = [44, 40], \"0401\" = [200, 70], \"0104\" = [44, 220] }\n",
    )
    .expect("patch");
    let (game, sources, report) = load(root, "tiny");
    assert!(
        report.diagnostics.is_empty(),
        "{}",
        render_all(&sources, &report)
    );
    let scan = &game.images["art/tiny/map.jpg"];
    let decoded = scan.pixels().expect("decodes");
    assert_eq!((decoded.width, decoded.height), (245, 290));
    assert_eq!(&decoded.pixels[..4], &[200, 200, 200, 255]);
    let files = entries(&game);
    assert_eq!(files["images/map.jpg"], *scan.bytes);
    assert!(!files.contains_key("images/map.png"));
    let build_file = String::from_utf8_lossy(&files["buildFile.xml"]).into_owned();
    let named = vmodc::pipeline::board_images::content_name("map.jpg", &scan.bytes);
    assert!(
        build_file.contains(&format!("image=\"{named}\"")),
        "the board shows the scan, named by its content"
    );
    let overlay = pixels(&vmodc::pipeline::overlay::grid_overlay(&game).expect("overlay"));
    assert_eq!((overlay.width, overlay.height), (245, 290));
}

/// The scanned b4m game as a module file, for VASSAL itself (open `target/b4m-scan.vmod` in VASSAL,
/// or in a harness that loads it with VASSAL's classes): run with `cargo test --test integration
/// art::write_scanned_module -- --ignored`.
#[test]
#[ignore = "writes target/b4m-scan.vmod"]
fn write_scanned_module() {
    let dir = TempDir::new("scan-module");
    let root = dir.path();
    scanned_b4m(root);
    let (game, _, _) = load(root, "b4m");
    let bytes = vmodc::package::zip_bytes(&vmodc::pipeline::compile(&game).expect("compiles"))
        .expect("zips");
    std::fs::write(repo().join("target/b4m-scan.vmod"), bytes).expect("module");
}

/// Paste faces of one size into a sheet of `cols` cells across, `gap` pixels apart, from `origin`.
fn sheet_of(faces: &[(u32, u32, &Rgba)], cols: u32, rows: u32, gap: u32, origin: u32) -> Rgba {
    let (fw, fh) = (faces[0].2.width, faces[0].2.height);
    let (w, h) = (
        origin * 2 + cols * (fw + gap),
        origin * 2 + rows * (fh + gap),
    );
    let mut sheet = Rgba {
        width: w,
        height: h,
        pixels: [90u8, 90, 90, 255].repeat((w * h) as usize),
    };
    for &(row, col, face) in faces {
        let (x0, y0) = (origin + col * (fw + gap), origin + row * (fh + gap));
        for y in 0..face.height {
            let from = (y * face.width * 4) as usize;
            let to = (((y0 + y) * w + x0) * 4) as usize;
            sheet.pixels[to..to + (face.width * 4) as usize]
                .copy_from_slice(&face.pixels[from..from + (face.width * 4) as usize]);
        }
    }
    sheet
}

/// Markers (front and a named back cell) and cards are cut the same way as units.
#[test]
fn markers_and_cards_cut_from_sheets_equal_the_originals() {
    let dir = TempDir::new("marker-sheets");
    let root = dir.path();
    copy_game(&repo(), "btm2", root);
    let (drawn, _, _) = load(root, "btm2");
    let plan =
        vmodc::concept::plan::Plan::new(&drawn, default_texts(&drawn), vmodc::concept::CONCEPTS);
    let originals = entries(&drawn);
    let image = |name: &str| pixels(&originals[&format!("images/{name}")]);
    let mut art = String::new();
    let markers: Vec<(&String, &Vec<String>)> = plan.marker_images.iter().collect();
    let marker_faces: Vec<Rgba> = markers
        .iter()
        .flat_map(|(_, n)| n.iter().map(|n| image(n)))
        .collect();
    let mut cells = Vec::new();
    let mut k = 0;
    for (i, (id, names)) in markers.iter().enumerate() {
        cells.push((0, i as u32, &marker_faces[k]));
        k += 1;
        art.push_str(&format!(
            "\n[[art]]\nmarker = \"{id}\"\nsheet = \"markers\"\ncell = [0, {i}]\n"
        ));
        if names.len() > 1 {
            cells.push((1, i as u32, &marker_faces[k]));
            k += 1;
            art.push_str(&format!("back_cell = [1, {i}]\n"));
        }
    }
    let cols = markers.len() as u32;
    write_png(
        &root.join("art/btm2/markers.png"),
        &sheet_of(&cells, cols, 2, 5, 7),
    );
    let card_faces: Vec<(String, Rgba)> = plan
        .card_images
        .iter()
        .map(|(id, n)| (id.clone(), image(n)))
        .collect();
    let card_cells: Vec<(u32, u32, &Rgba)> = card_faces
        .iter()
        .enumerate()
        .map(|(i, (_, f))| (0, i as u32, f))
        .collect();
    write_png(
        &root.join("art/btm2/cards.png"),
        &sheet_of(&card_cells, card_faces.len() as u32, 1, 3, 4),
    );
    for (i, (id, _)) in card_faces.iter().enumerate() {
        art.push_str(&format!(
            "\n[[art]]\ncard = \"{id}\"\nsheet = \"cards\"\ncell = [0, {i}]\n"
        ));
    }
    let (mw, mh) = (marker_faces[0].width, marker_faces[0].height);
    let (cw, ch) = (card_faces[0].1.width, card_faces[0].1.height);
    let sheets = format!(
        "\n[[art_sheets]]\nid = \"markers\"\nimage = \"art/btm2/markers.png\"\nrows = 2\ncols = {cols}\norigin = [7, 7]\npitch = [{}, {}]\ngap = [5, 5]\n\n[[art_sheets]]\nid = \"cards\"\nimage = \"art/btm2/cards.png\"\nrows = 1\ncols = {}\norigin = [4, 4]\npitch = [{}, {}]\ngap = [3, 3]\n",
        mw + 5, mh + 5, card_faces.len(), cw + 3, ch + 3
    );
    let counters = root.join("counters/btm2.toml");
    let text = std::fs::read_to_string(&counters).expect("counters") + &sheets + &art;
    std::fs::write(&counters, text).expect("counters");
    let (game, sources, report) = load(root, "btm2");
    assert!(
        !report
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error || d.code == "V1020" || d.code == "V1021"),
        "{}",
        render_all(&sources, &report)
    );
    let cut = entries(&game);
    let mut compared = 0;
    for name in plan
        .marker_images
        .values()
        .flatten()
        .chain(plan.card_images.values())
    {
        let key = format!("images/{name}");
        assert_eq!(pixels(&cut[&key]), pixels(&originals[&key]), "{name}");
        compared += 1;
    }
    assert!(compared >= card_faces.len() + markers.len(), "{compared}");
}

/// `vmodc grid` and `vmodc sheet` write their overlay pictures, and say why when a game has no art.
#[test]
fn the_overlay_commands_write_pictures() {
    let dir = tiny_copy();
    let root = dir.path();
    patch(
        root,
        "maps/tiny.toml",
        "rule = \"9.0\"\n",
        "rule = \"9.0\"\nimage = \"art/tiny/map.png\"\nhex_centres = { \"0101\" = [44, 40], \"0401\" = [200, 70] }\n",
    )
    .expect("patch");
    let out_png = root.join("grid.png");
    let out = vmodc(&[
        "grid",
        "tiny",
        "--overlay",
        path(&out_png),
        "--root",
        path(root),
    ]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert_eq!(
        pixels(&std::fs::read(&out_png).expect("overlay")).width,
        245
    );
    let out = vmodc(&[
        "sheet",
        "tiny",
        "--overlay",
        path(&root.join("sheet.png")),
        "--root",
        path(root),
    ]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("has no [[art_sheets]]"),
        "{}",
        show(&out)
    );
    let out = vmodc(&[
        "grid",
        "tinier",
        "--overlay",
        path(&out_png),
        "--root",
        path(root),
    ]);
    assert!(text(&out.stderr).contains("no map image"), "{}", show(&out));
}

/// LSaM's map art is in no source (issue 48, item 4): its board numbers every hex VASSAL's grid
/// names, each number inside the hex VASSAL names by it, so that a player who owns the printed map
/// plays by hex number; the hexes the rules name keep their shading, the others are only numbered.
#[test]
fn a_map_whose_art_is_in_no_source_numbers_every_hex_the_grid_names() {
    let mut sources = Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(&repo(), "lsam", &mut sources);
    let loaded = loaded.unwrap_or_else(|| panic!("lsam does not load: {report:?}"));
    let game = &loaded.game;
    assert!(!game.map.grid.geometry_known());
    let plan = vmodc::pipeline::plan_for(&loaded, Some("en"));
    let entries = vmodc::pipeline::compile_language(&loaded, Some("en")).expect("builds");
    let view =
        verify::open_module(&vmodc::package::zip_bytes(&entries).expect("zips")).expect("opens");
    let grid_node = view
        .root
        .find_all("VASSAL.build.module.map.boardPicker.board.HexGrid")[0];
    let dy: f32 = grid_node.attr("dy").parse().expect("dy");
    let vassal = hex_grid_from_node(grid_node).expect("hex grid");
    let board = &plan.sheets[0].image;
    let texts = vmodc::pipeline::image_texts(game, &plan)
        .expect("renders")
        .into_iter()
        .find(|i| &i.image == board)
        .expect("the map's texts")
        .texts;
    let fonts = vmodc::render::Fonts::japanese();
    let mut numbered = std::collections::BTreeMap::new();
    for t in texts
        .iter()
        .filter(|t| t.text.bytes().all(|b| b.is_ascii_digit()))
    {
        let width = vmodc::render::text::measure(&t.text, &fonts.regular(t.size, t.color)).width;
        // The number sits at the top of its hex: a third of a hex below its baseline is inside.
        let (x, y) = (t.x + width / 2.0, t.baseline + dy / 3.0);
        let named = vassal.location_name(x.round() as i32, y.round() as i32);
        assert_eq!(named, t.text, "{} printed in VASSAL's hex {named}", t.text);
        *numbered.entry(t.text.clone()).or_insert(0) += 1;
    }
    let grid = &game.map.grid;
    let every: Vec<String> = grid
        .numbered_hexes()
        .into_iter()
        .map(|h| grid.label(h))
        .collect();
    assert_eq!(every.len(), 31 * 35);
    for label in &every {
        assert_eq!(numbered.get(label), Some(&1), "{label}");
    }
    assert_eq!(numbered.len(), every.len());
    // The nine hexes the rules name stay the map's own hexes; the rest only number the sheet.
    assert_eq!(grid.hexes().len(), 9);
}
