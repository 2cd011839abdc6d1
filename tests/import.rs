//! `vmodc import` (docs/import.md): a module becomes a project, and the project builds the game
//! back. Each round trip is checked through the module reader: the same palette piece names and
//! images, the same at-start pieces at the same locations in the same stacks, the raw parts byte
//! for byte. A hostile archive gets `vmodc check`'s refusal and nothing is written.

use crate::common::{code, show, text, vmodc, TempDir};
use crate::reader::zip;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use vmodc::diag::Sources;
use vmodc::verify::xml::Node;
use vmodc::verify::{basic_piece_fields, decode_add_piece, layer_images, open_module, ModuleView};

const FIXTURE: &str = "tests/fixtures/import/hand-made";

/// The hand-made module zipped from its folder (buildFile.xml, moduledata, images/).
fn hand_made_module() -> Vec<u8> {
    hand_made_module_with(|build| build.to_string())
}

/// [`hand_made_module`] with its buildFile changed by `edit`.
fn hand_made_module_with(edit: impl Fn(&str) -> String) -> Vec<u8> {
    let root = Path::new(FIXTURE);
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for entry in walkdir::WalkDir::new(root).sort_by_file_name() {
        let entry = entry.expect("fixture readable");
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(root).expect("under root");
            let name = rel.to_string_lossy().replace('\\', "/");
            let mut bytes = std::fs::read(entry.path()).expect("fixture file");
            if name == "buildFile.xml" {
                bytes = edit(&text(&bytes)).into_bytes();
            }
            files.push((name, bytes));
        }
    }
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    zip(&refs)
}

/// Import `module` (bytes) as game `id` into a fresh folder and build it: the project folder and
/// the rebuilt module's bytes.
fn import_and_build(tmp: &TempDir, module: &[u8], id: &str) -> (PathBuf, Vec<u8>) {
    let file = tmp.path().join(format!("{id}.vmod"));
    std::fs::write(&file, module).expect("write module");
    let out = tmp.path().join("project");
    let imported = vmodc::import::import_module(&file, id).expect("imports");
    vmodc::import::write_project(&imported.project, &out, false).expect("writes");
    let mut sources = Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(&out, id, &mut sources);
    assert!(
        !report.has_errors(),
        "the imported project has errors: {}",
        crate::common::render_all(&sources, &report)
    );
    let loaded = loaded.expect("loads");
    let entries = vmodc::pipeline::compile_language(&loaded, None).expect("compiles");
    (out, vmodc::package::zip_bytes(&entries).expect("zip"))
}

fn short(tag: &str) -> &str {
    tag.rsplit('.').next().unwrap_or(tag)
}

/// The images a piece shows: its first layer's, else its BasicPiece's.
fn face_images(slot: &Node) -> Vec<String> {
    let Ok(piece) = decode_add_piece(&slot.text) else {
        return Vec::new();
    };
    piece
        .traits
        .iter()
        .find_map(|(t, _)| layer_images(t))
        .unwrap_or_else(|| {
            let basic = piece.traits.last().map(|(t, _)| t.as_str()).unwrap_or("");
            basic_piece_fields(basic)
                .map(|(i, _)| vec![i])
                .unwrap_or_default()
        })
}

/// What each face adds to the piece's name in VASSAL (its first layer's level names): a piece
/// without a layer shows one face that adds nothing.
fn level_names(slot: &Node) -> Vec<String> {
    decode_add_piece(&slot.text)
        .ok()
        .and_then(|p| {
            p.traits
                .iter()
                .find_map(|(t, _)| vmodc::verify::layer_level_names(t))
        })
        .unwrap_or_else(|| vec![String::new()])
}

/// A palette piece as a player sees it: the bytes of each face image, and what each face adds to
/// its name.
type Look = (Vec<Vec<u8>>, Vec<String>);

/// Every palette piece by its name.
fn palette(view: &ModuleView) -> BTreeMap<String, Look> {
    let mut out = BTreeMap::new();
    for window in view
        .root
        .walk()
        .into_iter()
        .filter(|n| short(&n.tag) == "PieceWindow")
    {
        for slot in window
            .walk()
            .into_iter()
            .filter(|n| short(&n.tag) == "PieceSlot")
        {
            let images = face_images(slot)
                .iter()
                .map(|i| {
                    view.archive
                        .entries
                        .get(&format!("images/{i}"))
                        .cloned()
                        .unwrap_or_default()
                })
                .collect();
            out.insert(
                slot.attr("entryName").to_string(),
                (images, level_names(slot)),
            );
        }
    }
    out
}

/// Every at-start piece of every map: (map, location as VASSAL names it, piece name), in stack order.
/// A stack placed by a point is at its location and its point (`0402 @196,130`).
fn at_start(view: &ModuleView) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for map in view
        .root
        .walk()
        .into_iter()
        .filter(|n| short(&n.tag) == "Map")
    {
        let board = map.walk().into_iter().find(|n| short(&n.tag) == "Board");
        let grid = board.and_then(|b| vmodc::verify::grid::board_grid(b, &view.archive));
        let grid_node = board.and_then(|b| {
            b.children
                .iter()
                .find(|g| matches!(short(&g.tag), "HexGrid" | "SquareGrid"))
        });
        // A draw pile's pieces are where VASSAL names them: at the pile's name.
        for pile in map.children.iter().filter(|c| short(&c.tag) == "DrawPile") {
            for slot in &pile.children {
                out.push((
                    map.attr("mapName").to_string(),
                    pile.attr("name").to_string(),
                    slot.attr("entryName").to_string(),
                ));
            }
        }
        for stack in map
            .children
            .iter()
            .filter(|c| short(&c.tag) == "SetupStack")
        {
            let location = if stack.attr("useGridLocation") == "true" {
                stack.attr("location").to_string()
            } else {
                let (x, y) = (
                    stack.attr("x").parse().unwrap_or(0),
                    stack.attr("y").parse().unwrap_or(0),
                );
                let bare = grid
                    .as_ref()
                    .map(|g| g.location_name(x, y))
                    .unwrap_or_default();
                let named = grid_node.map_or(bare.clone(), |g| {
                    vmodc::verify::grid::format_location(g, &bare)
                });
                // Placed by a point, the stack stands there: the point is part of where it is.
                format!("{named} @{x},{y}")
            };
            for slot in &stack.children {
                out.push((
                    map.attr("mapName").to_string(),
                    location.clone(),
                    slot.attr("entryName").to_string(),
                ));
            }
        }
    }
    out
}

fn build_text(view: &ModuleView) -> String {
    text(
        view.archive
            .entries
            .get("buildFile.xml")
            .map_or(&[][..], |b| b.as_slice()),
    )
}

#[test]
fn a_hand_made_module_comes_back_from_its_project() {
    let tmp = TempDir::new("import-hand-made");
    let original = hand_made_module();
    let (project, rebuilt) = import_and_build(&tmp, &original, "hand-made");
    let (before, after) = (
        open_module(&original).expect("original opens"),
        open_module(&rebuilt).expect("rebuilt opens"),
    );
    // The rebuilt module reads back clean, as VASSAL reads it.
    let report = vmodc::verify::check_module(&rebuilt, Path::new("rebuilt.vmod"));
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    // The same palette pieces, with the same images, byte for byte.
    let palette_before = palette(&before);
    assert_eq!(
        palette_before.keys().collect::<Vec<_>>(),
        ["1st Blue", "1st Red", "Headquarters"]
    );
    assert_eq!(palette(&after), palette_before);
    // The same at-start pieces at the same places, in stack order (the second stack is placed by its
    // point in the original: VASSAL names it 0402).
    let setup = at_start(&before);
    assert_eq!(
        setup,
        [
            ("0203", "1st Red"),
            ("0203", "Headquarters"),
            ("0402 @196,130", "1st Blue")
        ]
        .map(|(l, n)| ("Main Map".to_string(), l.to_string(), n.to_string()))
    );
    assert_eq!(at_start(&after), setup);
    // Every raw component is in the rebuilt buildFile byte for byte.
    let (text_before, text_after) = (build_text(&before), build_text(&after));
    for class in [
        "map.MassKeyCommand",
        "module.GlobalKeyCommand",
        "PrototypeDefinition",
        "GlobalProperty ",
    ] {
        let start = text_before
            .find(&format!("<VASSAL.build.{class}"))
            .or_else(|| text_before.find(&format!(".{class}")))
            .expect(class);
        let start = text_before[..=start].rfind('<').unwrap_or(start);
        let line = text_before[start..].lines().next().unwrap_or("");
        assert!(
            text_after.contains(line),
            "raw `{class}` not kept byte for byte: {line}"
        );
    }
    // Every raw trait (the Trigger, the Global Key Command) is in the rebuilt piece as it was.
    let traits = |view: &ModuleView, name: &str| -> Vec<String> {
        view.root
            .walk()
            .into_iter()
            .filter(|n| short(&n.tag) == "PieceSlot" && n.attr("entryName") == name)
            .filter_map(|n| decode_add_piece(&n.text).ok())
            .flat_map(|p| p.traits.into_iter().map(|(t, s)| format!("{t}|{s}")))
            .collect()
    };
    let (red_before, red_after) = (traits(&before, "1st Red"), traits(&after, "1st Red"));
    for raw in red_before
        .iter()
        .filter(|t| t.starts_with("macro;") || t.starts_with("globalkey;"))
    {
        assert!(red_after.contains(raw), "raw trait lost: {raw}");
    }
    // The at-start pieces are the palette's units set up, the headquarters too (it states no side;
    // its palette list does): three units, not six.
    let counters =
        std::fs::read_to_string(project.join("counters/hand-made.toml")).expect("counters");
    assert_eq!(counters.matches("\n[[units]]\n").count(), 3, "{counters}");
    assert!(!counters.contains("in_palette = false"), "{counters}");
    // The report accounts for them and is written beside the data.
    let report = std::fs::read_to_string(project.join("import-report.md")).expect("report");
    for line in [
        "MassKeyCommand `Alert Red`",
        "trait `macro;`",
        "trait `globalkey;`",
        "module version `1.2`",
    ] {
        assert!(
            report.contains(line),
            "the report does not name {line}:\n{report}"
        );
    }
}

/// A module of `dist/`, imported and rebuilt, gives the same palette (names and face images byte
/// for byte) and every at-start piece at the same map and location name in the same stack order:
/// the turn track's reinforcements and off-map boxes too, which come back as data.
/// The names of the module's prototype definitions, in order.
fn prototype_names(view: &ModuleView) -> Vec<String> {
    view.root
        .walk()
        .into_iter()
        .filter(|n| short(&n.tag) == "PrototypeDefinition")
        .map(|n| n.attr("name").to_string())
        .collect()
}

#[test]
fn a_module_s_own_chatter_and_prototype_names_stand_beside_vmodc_s_without_a_warning() {
    // VASSAL warns "No more than one [Chatter]" when a module's own Chatter subclass (Paths of
    // Glory's POGChatter) meets the stock one, and "More than one Definition named Unit" when a
    // prototype of the module has the name of vmodc's own.
    let tmp = TempDir::new("import-own-chatter");
    let original = hand_made_module_with(|build| {
        build
            .replace("<VASSAL.build.module.Chatter/>", "<handmade.OwnChatter/>")
            .replace("prototype;Infantry", "prototype;Unit")
            .replace("name=\"Infantry\"", "name=\"Unit\"")
    });
    let (project, rebuilt) = import_and_build(&tmp, &original, "hand-made");
    let rules = std::fs::read_to_string(project.join("rules/hand-made.toml")).expect("rules");
    // The fixture has no GlobalTranslatableMessages either: VASSAL adds one, as to the original.
    let left = "left_to_vassal = [\"Chatter\", \"GlobalTranslatableMessages\"]";
    assert!(rules.contains(left), "{rules}");
    let view = open_module(&rebuilt).expect("the rebuilt module opens");
    let tags: Vec<&str> = view.root.children.iter().map(|c| c.tag.as_str()).collect();
    assert!(tags.contains(&"handmade.OwnChatter"), "{tags:?}");
    assert!(!tags.contains(&"VASSAL.build.module.Chatter"), "{tags:?}");
    let names = prototype_names(&view);
    assert_eq!(
        names.iter().filter(|n| *n == "Unit").count(),
        1,
        "{names:?}"
    );
    assert!(names.contains(&"Unit (vmodc)".to_string()), "{names:?}");
    // The module's pieces keep their own prototype; vmodc's units take the renamed one.
    let build = build_text(&view);
    assert!(build.contains("prototype;Unit (vmodc)"));
    assert!(
        build.contains("prototype;Unit\\\\\t"),
        "the raw trait, nested in the piece"
    );

    // The fixture as it is keeps the stock Chatter and vmodc's own prototype name.
    let tmp = TempDir::new("import-stock-chatter");
    let (project, rebuilt) = import_and_build(&tmp, &hand_made_module(), "plain");
    let rules = std::fs::read_to_string(project.join("rules/plain.toml")).expect("rules");
    let left = "left_to_vassal = [\"GlobalTranslatableMessages\"]";
    assert!(rules.contains(left), "{rules}");
    let view = open_module(&rebuilt).expect("opens");
    let chatters = view.root.children.iter();
    let stock = chatters
        .filter(|c| c.tag == "VASSAL.build.module.Chatter")
        .count();
    assert_eq!(stock, 1);
    assert!(prototype_names(&view).contains(&"Unit".to_string()));
}

fn shipped_module_comes_back(module: &str, palette_size: usize, at_start_size: usize) {
    let tmp = TempDir::new(&format!("import-{module}"));
    let original = std::fs::read(format!("dist/{module}.vmod")).expect("dist module");
    let (project, rebuilt) = import_and_build(&tmp, &original, module);
    let (before, after) = (
        open_module(&original).expect("opens"),
        open_module(&rebuilt).expect("opens"),
    );
    let report = vmodc::verify::check_module(&rebuilt, Path::new("rebuilt.vmod"));
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let (palette_before, palette_after) = (palette(&before), palette(&after));
    assert_eq!(
        palette_before.len(),
        palette_size,
        "{:?}",
        palette_before.keys()
    );
    assert_eq!(palette_after, palette_before);
    // Stack by stack: the order of the stacks in the buildFile is no order a player sees, the
    // order within a location is (a stable sort keeps it).
    let by_location = |view: &ModuleView| {
        let mut pieces = at_start(view);
        pieces.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        pieces
    };
    let setup = by_location(&before);
    assert_eq!(setup.len(), at_start_size, "{setup:?}");
    assert_eq!(by_location(&after), setup);
    // The turn tracker's phases come back, in order (they are `[[phases]]` of the project).
    let phases = |view: &ModuleView| -> Vec<String> {
        view.root
            .walk()
            .into_iter()
            .filter(|n| short(&n.tag) == "ListTurnLevel")
            .map(|n| n.attr("list").to_string())
            .collect()
    };
    assert!(!phases(&before).is_empty());
    assert_eq!(phases(&after), phases(&before));
    // The turn track's pieces are data, not a raw map.
    let track: Vec<_> = setup.iter().filter(|(m, _, _)| m != "Map").collect();
    if !track.is_empty() {
        let scenario =
            std::fs::read_to_string(project.join(format!("scenarios/{module}/at-start.toml")))
                .expect("scenario");
        assert!(
            scenario.contains("[[off_map]]") || scenario.contains("[[reinforcements]]"),
            "{scenario}"
        );
    }
}

#[test]
fn the_shipped_b4m_en_module_comes_back_from_its_project() {
    shipped_module_comes_back("b4m-en", 39, 51);
}

#[test]
fn the_shipped_b4m_ja_module_comes_back_from_its_project() {
    shipped_module_comes_back("b4m-ja", 39, 51);
}

#[test]
fn the_shipped_btm2_en_module_comes_back_from_its_project() {
    shipped_module_comes_back("btm2-en", 22, 23);
}

#[test]
fn the_shipped_btm2_ja_module_comes_back_from_its_project() {
    shipped_module_comes_back("btm2-ja", 22, 23);
}

#[test]
fn the_shipped_lsam_en_module_comes_back_from_its_project() {
    shipped_module_comes_back("lsam-en", 99, 75);
}

#[test]
fn the_shipped_lsam_ja_module_comes_back_from_its_project() {
    shipped_module_comes_back("lsam-ja", 99, 75);
}

#[test]
fn the_shipped_ocs_en_module_comes_back_from_its_project() {
    shipped_module_comes_back("ocs-en", 21, 7);
}

#[test]
fn the_shipped_ocs_ja_module_comes_back_from_its_project() {
    shipped_module_comes_back("ocs-ja", 21, 7);
}

#[test]
fn a_hostile_archive_is_refused_as_check_refuses_it_and_nothing_is_written() {
    let tmp = TempDir::new("import-hostile");
    let module = tmp.path().join("evil.vmod");
    std::fs::write(
        &module,
        zip(&[("../escape.txt", b"x"), ("buildFile.xml", b"<a/>")]),
    )
    .expect("write");
    let out = tmp.path().join("project");
    let run = vmodc(&[
        "import",
        &module.to_string_lossy(),
        "--out",
        &out.to_string_lossy(),
    ]);
    assert_eq!(code(&run), 1, "{}", show(&run));
    let check = vmodc(&["check", &module.to_string_lossy()]);
    let refusal = |s: &str| s.lines().find(|l| l.contains("V0402")).map(str::to_string);
    assert!(refusal(&show(&run)).is_some(), "{}", show(&run));
    assert_eq!(refusal(&show(&run)), refusal(&show(&check)));
    assert!(!out.exists(), "a refused import wrote {}", out.display());
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .expect("list")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "{leftovers:?}");
}

#[test]
fn an_existing_project_is_replaced_only_with_force() {
    let tmp = TempDir::new("import-force");
    let module = tmp.path().join("hand-made.vmod");
    std::fs::write(&module, hand_made_module()).expect("write");
    let out = tmp.path().join("project");
    std::fs::create_dir_all(&out).expect("mkdir");
    std::fs::write(out.join("mine.txt"), "keep me").expect("write");
    let args = [
        "import",
        &module.to_string_lossy(),
        "--out",
        &out.to_string_lossy(),
    ]
    .map(String::from);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let refused = vmodc(&args);
    assert_eq!(code(&refused), 2, "{}", show(&refused));
    assert!(show(&refused).contains("--force"), "{}", show(&refused));
    assert_eq!(
        std::fs::read_to_string(out.join("mine.txt"))
            .ok()
            .as_deref(),
        Some("keep me")
    );
    let forced = vmodc(&[args.as_slice(), &["--force"]].concat());
    assert_eq!(code(&forced), 0, "{}", show(&forced));
    assert!(!out.join("mine.txt").exists());
    assert!(out.join("rules/hand-made.toml").is_file());
    assert!(show(&forced).contains("Kept raw"), "{}", show(&forced));
}

/// `--force` never replaces the folder that holds the module being imported: the import's own input
/// would go with it.
#[test]
fn force_does_not_delete_the_module_being_imported() {
    let tmp = TempDir::new("import-own-input");
    let module = tmp.path().join("hand-made.vmod");
    std::fs::write(&module, hand_made_module()).expect("write");
    let out = tmp.path().to_string_lossy().into_owned();
    let refused = vmodc(&[
        "import",
        &module.to_string_lossy(),
        "--out",
        &out,
        "--force",
    ]);
    assert_eq!(code(&refused), 2, "{}", show(&refused));
    assert!(
        show(&refused).contains("holds the module being imported"),
        "{}",
        show(&refused)
    );
    assert_eq!(std::fs::read(&module).ok(), Some(hand_made_module()));
}

/// Replace the first `old` of a project file with `new`, as a designer edits it.
fn edit(project: &Path, file: &str, old: &str, new: &str) {
    let path = project.join(file);
    let text = std::fs::read_to_string(&path).expect("project file");
    assert!(text.contains(old), "{file} has no `{old}`:\n{text}");
    std::fs::write(&path, text.replacen(old, new, 1)).expect("write");
}

/// The traits of the prototype `name`, as VASSAL encodes them (`type|state`).
fn prototype_traits(view: &ModuleView, name: &str) -> Vec<String> {
    view.root
        .walk()
        .into_iter()
        .filter(|n| short(&n.tag) == "PrototypeDefinition" && n.attr("name") == name)
        .filter_map(|n| decode_add_piece(&n.text).ok())
        .flat_map(|p| p.traits.into_iter().map(|(t, s)| format!("{t}|{s}")))
        .collect()
}

/// The CRT of the designer's worked example (docs/import.md): a fictional game's, for the test.
const CRT: &str = r#"[combat]
kind = "odds"
columns = ["1:1", "2:1", "3:1"]
below_table = "no effect"

[[combat.results]]
code = "AE"
name = "Attacker Eliminated"
effect = "Every attacking unit is removed."

[[combat.results]]
code = "NE"
name = "No Effect"
effect = "Nothing happens."

[[combat.results]]
code = "DR"
name = "Defender Retreats"
effect = "The defender retreats one hex."

[[combat.results]]
code = "DE"
name = "Defender Eliminated"
effect = "The defender is removed."

[[combat.shifts]]
id = "hills"
name = "Defender in hills"
shift = -1
defender_terrain = "hills"

[combat.table]
"2" = ["AE", "NE", "DR"]
"3" = ["AE", "NE", "DR"]
"4" = ["AE", "NE", "DR"]
"5" = ["AE", "NE", "DR"]
"6" = ["NE", "DR", "DE"]
"7" = ["NE", "DR", "DE"]
"8" = ["NE", "DR", "DE"]
"9" = ["NE", "DR", "DE"]
"10" = ["DR", "DE", "DE"]
"11" = ["DR", "DE", "DE"]
"12" = ["DR", "DE", "DE"]
"#;

/// The designer's five changes after an import (issue 41, item 4; docs/import.md's worked example):
/// a unit renamed, a unit moved to another setup hex, a new unit, a typo fixed in a catalog, and rules
/// data added (a CRT, terrain effects, a stacking limit). Each rebuilds into a module that shows it,
/// read back through the module reader; the rules data brings vmodc's stacking check, terrain lookup
/// and CRT into the imported game's pieces.
#[test]
fn a_designers_five_changes_after_an_import_show_in_the_rebuilt_module() {
    let tmp = TempDir::new("import-five-changes");
    let module = tmp.path().join("hand-made.vmod");
    std::fs::write(&module, hand_made_module()).expect("write");
    let p = tmp.path().join("project");
    let imported = vmodc::import::import_module(&module, "hand-made").expect("imports");
    vmodc::import::write_project(&imported.project, &p, false).expect("writes");
    let (_, as_imported) = build_project(&p, None);
    let as_imported = open_module(&as_imported).expect("opens");

    // 1. A unit renamed: the palette piece and the at-start piece are one unit.
    edit(
        &p,
        "counters/hand-made.toml",
        "name = \"1st Red\"",
        "name = \"1st Red Guards\"",
    );
    // 2. A unit moved to another setup hex (the data's grid lists the hexes the setup uses). The
    // module placed it by a point, which the import keeps: the moved piece stands at its hex.
    edit(
        &p,
        "scenarios/hand-made/at-start.toml",
        "unit = \"1st-blue\"\nhex = \"0402\"\nface = \"face-1\"\npoint = [196, 130]\n",
        "unit = \"1st-blue\"\nhex = \"0403\"\nface = \"face-1\"\n",
    );
    edit(
        &p,
        "maps/hand-made.toml",
        "hexes = [\"0203\", \"0402\"]",
        "hexes = [\"0203\", \"0402\", \"0403\"]",
    );
    // 3. A new unit, with the module's own art.
    edit(&p, "counters/hand-made.toml", "[[missing]]", "[[units]]\nid = \"2nd-blue\"\nname = \"2nd Blue\"\nside = \"blue\"\ntype = \"infantry\"\nsize = \"\"\nfaces = { \"face-1\" = \"\", \"face-2\" = \"\" }\nface_images = { \"face-1\" = \"art/hand-made/images/blue-1.png\", \"face-2\" = \"art/hand-made/images/blue-1b.png\" }\nface_names = { \"face-2\" = \"+ reduced\" }\n\n[[missing]]");
    // 4. A typo fixed in a catalog: the English catalog `vmodc i18n extract` writes.
    let extract = vmodc(&[
        "i18n",
        "extract",
        "hand-made",
        "en",
        "--root",
        &p.to_string_lossy(),
    ]);
    assert_eq!(code(&extract), 0, "{}", show(&extract));
    edit(
        &p,
        "i18n/hand-made/en.toml",
        "writen by hand",
        "written by hand",
    );
    // 5. Rules data: a stacking limit, terrain effects on a hex, a CRT.
    edit(
        &p,
        "rules/hand-made.toml",
        "[stacking]\nmax_units = 999\nwhen = \"\"",
        "[stacking]\nmax_units = 2\nwhen = \"end of each phase\"",
    );
    edit(&p, "rules/hand-made.toml", "[[terrain]]\nid = \"unknown\"", "[[terrain]]\nid = \"hills\"\nname = \"Hills\"\nmove_cost = 2\ncombat = \"Shift one column left.\"\n\n[[terrain]]\nid = \"unknown\"");
    edit(
        &p,
        "maps/hand-made.toml",
        "hexes = {}\n",
        "hexes = { hills = [\"0203\"] }\n",
    );
    edit(
        &p,
        "maps/hand-made.toml",
        "terrain_colors = { unknown = \"#ffffff\" }",
        "terrain_colors = { unknown = \"#ffffff\", hills = \"#c8b070\" }",
    );
    edit(&p, "rules/hand-made.toml", "[combat]\nkind = \"odds\"\ncolumns = []\nbelow_table = \"\"\nresults = []\ntable_known = false\n", CRT);

    let (files, rebuilt) = build_project(&p, Some("en"));
    assert_eq!(files, ["hand-made-en.vmod"]);
    let report = vmodc::verify::check_module(&rebuilt, Path::new("rebuilt.vmod"));
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let after = open_module(&rebuilt).expect("opens");
    let palette = palette(&after);
    assert!(
        palette.contains_key("1st Red Guards"),
        "{:?}",
        palette.keys()
    );
    assert!(!palette.contains_key("1st Red"), "{:?}", palette.keys());
    assert_eq!(palette.get("2nd Blue"), palette.get("1st Blue"));
    let setup = at_start(&after);
    let at = |name: &str| -> Vec<String> {
        setup
            .iter()
            .filter(|(_, _, n)| n == name)
            .map(|(_, l, _)| l.clone())
            .collect()
    };
    assert_eq!(at("1st Red Guards"), ["0203"], "{setup:?}");
    assert_eq!(at("1st Blue"), ["0403"], "{setup:?}");
    assert_eq!(
        after.root.attr("description"),
        "A module written by hand for vmodc's import tests"
    );
    assert_eq!(
        as_imported.root.attr("description"),
        "A module writen by hand for vmodc's import tests"
    );
    // The rules data as vmodc's automation in the pieces: the stacking check after each move, the
    // terrain of the hex, the CRT's results in the combat lookup.
    let (unit_before, unit_after) = (
        prototype_traits(&as_imported, "Unit"),
        prototype_traits(&after, "Unit"),
    );
    let trait_with = |traits: &[String], start: &str| -> String {
        traits
            .iter()
            .find(|t| t.starts_with(start))
            .cloned()
            .unwrap_or_default()
    };
    assert!(trait_with(&unit_before, "macro;Stacking check")
        .contains("SumStack(\"StackPoints\") > 999"));
    assert!(
        trait_with(&unit_after, "macro;Stacking check").contains("SumStack(\"StackPoints\") > 2"),
        "{unit_after:?}"
    );
    assert!(trait_with(&unit_after, "calcProp;Terrain;").contains("Hexes_hills"));
    let hills = after
        .root
        .walk()
        .into_iter()
        .find(|n| short(&n.tag) == "GlobalProperty" && n.attr("name") == "Hexes_hills")
        .map(|n| n.attr("initialValue").to_string());
    assert_eq!(hills.as_deref(), Some(",0203,"));
    let crt = |traits: &[String]| {
        traits
            .iter()
            .any(|t| ["\"AE\"", "\"DR\"", "\"DE\""].iter().all(|c| t.contains(c)))
    };
    assert!(!crt(&unit_before) && crt(&unit_after), "{unit_after:?}");
}

/// Check and build a project in one language (`None`: the data's own texts): the module files the
/// build names and the first one's bytes.
fn build_project(root: &Path, lang: Option<&str>) -> (Vec<String>, Vec<u8>) {
    let mut sources = Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(root, "hand-made", &mut sources);
    assert!(
        !report.has_errors(),
        "{}",
        crate::common::render_all(&sources, &report)
    );
    let loaded = loaded.expect("loads");
    let files = vmodc::pipeline::languages(&loaded)
        .iter()
        .map(|l| vmodc::pipeline::module_file_name(&loaded.game, l.as_deref()))
        .collect();
    let entries = vmodc::pipeline::compile_language(&loaded, lang).expect("compiles");
    (files, vmodc::package::zip_bytes(&entries).expect("zip"))
}
