//! What a player sees when a game starts (issue #29), measured on every shipped module in both
//! languages: the at-start pieces as VASSAL 3.7.26 places and draws them (`SetupStack.setup`: pieces
//! that do not stack stand alone, the others form one stack drawn with the map's unexpanded
//! offsets, `StackMetrics.nextPosition`) against the texts the board images print, each text's box
//! from its baseline's start, ascent to descent.

use vmodc::diag::Sources;
use vmodc::pipeline::{image_texts, languages, load_and_check, plan_for, turn_chart_art};
use vmodc::render::chart::turn_box_rects;
use vmodc::render::text::{measure, PlacedText};
use vmodc::render::Fonts;
use vmodc::verify::{self, Node};

const SHIPPED: [&str; 4] = ["b4m", "btm2", "lsam", "ocs"];

/// left, top, right, bottom, in a board image's pixels.
type Rect = (f32, f32, f32, f32);

fn overlap(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// `r` grown by `by` on every side.
fn grown(r: Rect, by: f32) -> Rect {
    (r.0 - by, r.1 - by, r.2 + by, r.3 + by)
}

/// `inner` lies within `outer` (half a pixel of antialiasing allowed).
fn inside(inner: Rect, outer: Rect) -> bool {
    inner.0 >= outer.0 - 0.5
        && inner.1 >= outer.1 - 0.5
        && inner.2 <= outer.2 + 0.5
        && inner.3 <= outer.3 + 0.5
}

/// The box a drawn line covers: its advance from where it starts, its font's ascent to descent.
fn text_box(t: &PlacedText) -> Rect {
    let fonts = Fonts::japanese();
    let style = if t.bold {
        fonts.bold(t.size, t.color)
    } else {
        fonts.regular(t.size, t.color)
    };
    let m = measure(&t.text, &style);
    (
        t.x,
        t.baseline - m.ascent,
        t.x + m.width,
        t.baseline + m.descent,
    )
}

/// One piece as VASSAL draws it when the game starts: its board image, its box, its name, and
/// the spot of the stack it belongs to (a piece that does not stack is a stack of its own).
struct StartPiece {
    image: String,
    rect: Rect,
    name: String,
    stack: (String, i32, i32, usize),
}

/// Every at-start piece of every map of a module.
fn start_pieces(root: &Node) -> Vec<StartPiece> {
    let mut out = Vec::new();
    for map in root.find_all("VASSAL.build.module.Map") {
        let metrics = map.find_all("VASSAL.build.module.map.StackMetrics");
        let step = |attr: &str| -> f32 {
            metrics
                .first()
                .and_then(|m| m.attr(attr).parse().ok())
                .unwrap_or(0.0)
        };
        let (sx, sy) = (step("unexSepX"), step("unexSepY"));
        let boards = map.find_all("VASSAL.build.module.map.boardPicker.Board");
        for (n, setup) in map
            .find_all("VASSAL.build.module.map.SetupStack")
            .into_iter()
            .enumerate()
        {
            let owner = setup.attr("owningBoard");
            let image = boards
                .iter()
                .find(|b| b.attr("name") == owner)
                .or(boards.first())
                // As the plan names it: the module names a board's image by its content.
                .map_or(String::new(), |b| {
                    vmodc::pipeline::board_images::plain_name(b.attr("image"))
                });
            let x: i32 = setup.attr("x").parse().expect("x");
            let y: i32 = setup.attr("y").parse().expect("y");
            let mut stacked = 0usize;
            for slot in setup.children_named("VASSAL.build.widget.PieceSlot") {
                let w: f32 = slot.attr("width").parse().expect("width");
                let h: f32 = slot.attr("height").parse().expect("height");
                let (px, py, stack) = if slot.text.contains("immob;") {
                    // Placed alone (`map.placeAt(piece)`), a stack of its own.
                    (
                        x as f32,
                        y as f32,
                        (image.clone(), x, y, n * 1000 + out.len()),
                    )
                } else {
                    let i = stacked as f32;
                    stacked += 1;
                    (
                        x as f32 + i * sx,
                        y as f32 - i * sy,
                        (image.clone(), x, y, n * 1000),
                    )
                };
                out.push(StartPiece {
                    image: image.clone(),
                    rect: (px - w / 2.0, py - h / 2.0, px + w / 2.0, py + h / 2.0),
                    name: slot.attr("entryName").to_string(),
                    stack,
                });
            }
        }
    }
    out
}

/// Pieces that start exactly over a stack they are not part of.
fn stacks_sharing_a_spot(pieces: &[StartPiece]) -> Vec<String> {
    let mut faults = Vec::new();
    let mut spots: Vec<((String, i32, i32), usize, &str)> = Vec::new();
    for p in pieces {
        let spot = (p.stack.0.clone(), p.stack.1, p.stack.2);
        match spots.iter().find(|(s, _, _)| *s == spot) {
            Some((_, stack, first)) if *stack != p.stack.3 => faults.push(format!(
                "{} starts exactly over {first} at {spot:?}, in another stack",
                p.name
            )),
            Some(_) => {}
            None => spots.push((spot, p.stack.3, &p.name)),
        }
    }
    faults
}

/// What the measure finds in the layout lsam had before: a control marker that does not stack,
/// set up with the city's units (VASSAL places it apart, exactly under their stack), and a name at
/// the foot of a 60 px hex under 60 px counters.
#[test]
fn the_measure_finds_a_marker_apart_from_its_stack_and_a_covered_name() {
    let build = r#"<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="Map">
        <VASSAL.build.module.map.StackMetrics unexSepX="3" unexSepY="6"/>
        <VASSAL.build.module.map.boardPicker.Board image="map.png" name="Map"/>
        <VASSAL.build.module.map.SetupStack location="2510" name="Moscow" owningBoard="Map" useGridLocation="true" x="1311" y="600">
          <VASSAL.build.widget.PieceSlot entryName="Factory" gpid="1" height="60" width="60">+/null/piece;;;f.png;Factory/null;0;0;1;0</VASSAL.build.widget.PieceSlot>
          <VASSAL.build.widget.PieceSlot entryName="Garrison 1" gpid="2" height="60" width="60">+/null/piece;;;g.png;Garrison 1/null;0;0;2;0</VASSAL.build.widget.PieceSlot>
          <VASSAL.build.widget.PieceSlot entryName="Moscow control" gpid="3" height="44" width="44">+/null/immob;;N;	piece;;;c.png;Moscow control/	null;0;0;3;0</VASSAL.build.widget.PieceSlot>
        </VASSAL.build.module.map.SetupStack>
    </VASSAL.build.module.Map></VASSAL.build.GameModule>"#;
    let pieces = start_pieces(&verify::parse_xml(build).expect("parses"));
    assert_eq!(pieces.len(), 3);
    // The second piece of the stack is drawn 3 px right and 6 px up (`StackMetrics.nextPosition`).
    assert_eq!(pieces[1].rect, (1284.0, 564.0, 1344.0, 624.0));
    let faults = stacks_sharing_a_spot(&pieces);
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert!(faults[0].starts_with("Moscow control starts exactly over Factory"));
    // A name whose baseline is at the hex's foot (600 + 30), as the map drew it before.
    let name = PlacedText {
        text: "Moscow".into(),
        x: 1290.0,
        baseline: 628.0,
        size: 10.2,
        color: vmodc::render::Color::BLACK,
        bold: true,
    };
    assert!(pieces.iter().any(|p| overlap(text_box(&name), p.rect)));
    let below = PlacedText {
        baseline: 645.0,
        ..name
    };
    assert!(!pieces.iter().any(|p| overlap(text_box(&below), p.rect)));
}

/// No two at-start stacks of a module stand on one spot (two stacks VASSAL draws exactly over each
/// other), no at-start piece covers a city's name, every line of a turn box (on the turn-track
/// board and on the turn record chart) lies inside its box, clear of the pieces that start there,
/// and every piece that starts in a box stands inside it, clear of its border and heading.
#[test]
fn no_piece_starts_over_another_stack_a_city_name_or_a_box_line() {
    let root = crate::common::repo();
    let mut faults = Vec::new();
    let mut names_checked = 0;
    let mut lines_checked = 0;
    let mut pieces_checked = 0;
    for id in SHIPPED {
        let mut sources = Sources::default();
        let (loaded, report) = load_and_check(&root, id, &mut sources);
        let loaded = loaded.unwrap_or_else(|| panic!("{id} does not load: {report:?}"));
        for lang in languages(&loaded) {
            let module = format!("{id}-{}", lang.as_deref().unwrap_or("-"));
            let plan = plan_for(&loaded, lang.as_deref());
            let entries =
                vmodc::pipeline::compile_language(&loaded, lang.as_deref()).expect("builds");
            let bytes = vmodc::package::zip_bytes(&entries).expect("zip");
            let view = verify::open_module(&bytes).expect("module opens");
            let pieces = start_pieces(&view.root);
            assert!(!pieces.is_empty(), "{module}: no at-start piece");

            faults.extend(
                stacks_sharing_a_spot(&pieces)
                    .into_iter()
                    .map(|f| format!("{module}: {f}")),
            );

            let images = image_texts(&loaded.game, &plan).expect("images render");
            let texts = |image: &str| -> Vec<PlacedText> {
                images
                    .iter()
                    .find(|i| i.image == image)
                    .map(|i| i.texts.clone())
                    .unwrap_or_default()
            };

            // City names.
            let city_names: Vec<String> = loaded
                .game
                .map
                .cities
                .iter()
                .map(|c| plan.tx.get(&format!("cities.{}", c.hex.as_str())))
                .collect();
            let mut boards: Vec<&str> = pieces.iter().map(|p| p.image.as_str()).collect();
            boards.sort_unstable();
            boards.dedup();
            for image in boards {
                for t in texts(image).iter().filter(|t| city_names.contains(&t.text)) {
                    names_checked += 1;
                    let name = text_box(t);
                    for p in pieces.iter().filter(|p| p.image == image) {
                        if overlap(name, p.rect) {
                            faults.push(format!(
                                "{module}: {} covers the city name {:?} ({name:?} against {:?})",
                                p.name, t.text, p.rect
                            ));
                        }
                    }
                }
            }

            // The turn-track board's boxes.
            let board = vmodc::concept::plan::TRACK_IMAGE;
            for t in texts(board) {
                let r = text_box(&t);
                let mid = (r.0 + r.2) / 2.0;
                let Some(b) = plan.track.boxes.iter().find(|b| {
                    let (x, y) = (b.x as f32, b.y as f32);
                    mid >= x
                        && mid <= x + b.w as f32
                        && t.baseline >= y
                        && t.baseline <= y + b.h as f32
                }) else {
                    continue;
                };
                lines_checked += 1;
                let frame = (
                    b.x as f32,
                    b.y as f32,
                    (b.x + b.w) as f32,
                    (b.y + b.h) as f32,
                );
                if !inside(r, frame) {
                    faults.push(format!(
                        "{module}: {board}: {:?} spills out of box {}",
                        t.text, b.region
                    ));
                }
                for p in pieces.iter().filter(|p| p.image == board) {
                    // A stack that touches a line reads as covering it: keep 2 px clear.
                    if overlap(r, grown(p.rect, 2.0)) {
                        faults.push(format!(
                            "{module}: {board}: {} covers {:?} in box {}",
                            p.name, t.text, b.region
                        ));
                    }
                }
            }

            // Every piece that starts on the turn-track board stands inside its box, clear of the
            // box's 2 px border.
            for p in pieces.iter().filter(|p| p.image == board) {
                let centre = ((p.rect.0 + p.rect.2) / 2.0, (p.rect.1 + p.rect.3) / 2.0);
                let Some(b) = plan.track.boxes.iter().find(|b| {
                    let (x, y) = (b.x as f32, b.y as f32);
                    centre.0 >= x
                        && centre.0 <= x + b.w as f32
                        && centre.1 >= y
                        && centre.1 <= y + b.h as f32
                }) else {
                    faults.push(format!("{module}: {board}: {} starts in no box", p.name));
                    continue;
                };
                pieces_checked += 1;
                let border = 2.0;
                let within = (
                    b.x as f32 + border,
                    b.y as f32 + border,
                    (b.x + b.w) as f32 - border,
                    (b.y + b.h) as f32 - border,
                );
                if !inside(p.rect, within) {
                    faults.push(format!(
                        "{module}: {board}: {} ({:?}) reaches the border of box {}",
                        p.name, p.rect, b.region
                    ));
                }
            }

            // The turn record chart's boxes.
            if let Some(chart) = plan.charts.iter().find(|c| c.image == "chart-turns.png") {
                let art =
                    turn_chart_art(&loaded.game, &plan, chart.title.clone(), &Fonts::japanese());
                let rects = turn_box_rects(&art).expect("layout");
                for t in texts("chart-turns.png") {
                    let r = text_box(&t);
                    let mid = (r.0 + r.2) / 2.0;
                    let Some(&(x, y, w, h)) = rects.iter().find(|&&(x, y, w, h)| {
                        mid >= x && mid <= x + w && t.baseline >= y && t.baseline <= y + h
                    }) else {
                        continue;
                    };
                    lines_checked += 1;
                    if !inside(r, (x, y, x + w, y + h)) {
                        faults.push(format!(
                            "{module}: chart-turns.png: {:?} spills out of its box",
                            t.text
                        ));
                    }
                }
            }
        }
    }
    eprintln!(
        "city names checked: {names_checked}, box lines checked: {lines_checked}, pieces in boxes: {pieces_checked}"
    );
    assert!(
        pieces_checked > 20,
        "too few pieces in boxes found: {pieces_checked}"
    );
    // b4m 11 cities, btm2, lsam 2 and ocs theirs, in both languages.
    assert!(
        names_checked >= 20,
        "too few city names found: {names_checked}"
    );
    assert!(
        lines_checked > 100,
        "too few box lines found: {lines_checked}"
    );
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
