//! The "Shapes" section of `docs/data-format.md` as a test: every example game it gives is written out
//! from the section's own code blocks, checked with `--deny-warnings`, built, read back the way VASSAL
//! reads it, and its setup found on the hexes, squares or areas the scenario names.
//!
//! The markers, each on the line before a fenced block: `<!-- shape: NAME FILE -->` (the block is the
//! whole of FILE in example NAME), `<!-- shape: NAME like OTHER -->` (NAME starts as a copy of OTHER's
//! files; no block) and `<!-- shape: NAME replace FILE -->` (the first of the next two blocks, found
//! once in FILE, becomes the second).

use crate::common::{code_blocks, repo, vmodc_in, TempDir};
use std::collections::BTreeMap;
use std::path::Path;
use vmodc::verify::{self, ModuleView};

/// One example game: its files, path → text, in the order the section builds them.
pub(crate) type Files = BTreeMap<String, String>;

/// Every example of the section, by name, in the order they first appear.
pub(crate) fn examples(doc: &str) -> Vec<(String, Files)> {
    let section = doc
        .split("\n## Shapes")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/data-format.md has a Shapes section");
    let lines: Vec<&str> = section.lines().collect();
    let blocks = code_blocks(&lines);
    let after = |line: usize, n: usize| -> String {
        blocks
            .iter()
            .filter(|(start, _)| *start > line)
            .nth(n)
            .map(|(_, body)| body.clone())
            .unwrap_or_else(|| panic!("Shapes line {}: no code block {n} after it", line + 1))
    };
    let mut games: Vec<(String, Files)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(marker) = line
            .strip_prefix("<!-- shape: ")
            .and_then(|m| m.strip_suffix(" -->"))
        else {
            continue;
        };
        let words: Vec<&str> = marker.split_whitespace().collect();
        let name = words[0].to_string();
        if !games.iter().any(|(n, _)| *n == name) {
            games.push((name.clone(), Files::new()));
        }
        let copy_of = |other: &str| -> Files {
            games
                .iter()
                .find(|(n, _)| n == other)
                .map(|(_, files)| files.clone())
                .unwrap_or_else(|| panic!("Shapes line {}: no example {other} before it", i + 1))
        };
        let action = match words[1..] {
            ["like", other] => Some(copy_of(other)),
            _ => None,
        };
        let files = &mut games
            .iter_mut()
            .find(|(n, _)| *n == name)
            .expect("added above")
            .1;
        match (words[1..].as_ref(), action) {
            (["like", _], Some(copy)) => *files = copy,
            (["replace", file], _) => {
                let (old, new) = (after(i, 0), after(i, 1));
                let text = files
                    .get_mut(*file)
                    .unwrap_or_else(|| panic!("Shapes line {}: {name} has no {file}", i + 1));
                assert_eq!(text.matches(&old).count(), 1, "{name} {file}: {old}");
                *text = text.replacen(&old, &new, 1);
            }
            ([file], _) => {
                files.insert(file.to_string(), after(i, 0));
            }
            _ => panic!("Shapes line {}: unknown marker {marker:?}", i + 1),
        }
    }
    games
}

/// The example's files written out in a folder of their own; an example with a Japanese catalog
/// gets vmodc's Japanese interface catalog beside it, as `vmodc new` writes it.
pub(crate) fn written(name: &str, files: &Files) -> TempDir {
    let dir = TempDir::new(&format!("shape-{name}"));
    let mut files = files.clone();
    let interface = "i18n/interface/ja.toml";
    if files.keys().any(|f| f.ends_with("/ja.toml")) && !files.contains_key(interface) {
        let ours = std::fs::read_to_string(repo().join(interface)).expect("vmodc's catalog");
        files.insert(interface.to_string(), ours);
    }
    for (path, text) in &files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        std::fs::write(&path, text).expect("write");
    }
    dir
}

fn run_ok(dir: &Path, args: &[&str]) -> String {
    let out = vmodc_in(dir, args);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "vmodc {}: {text}", args.join(" "));
    text
}

/// The scenario setups of an example: (unit name, where it starts), read from its own TOML; the
/// names as the catalog of `lang` words them, when the example has one.
fn setups(files: &Files, lang: Option<&str>) -> Vec<(String, String)> {
    let mut units: BTreeMap<String, String> = files
        .iter()
        .filter(|(path, _)| path.starts_with("counters/"))
        .flat_map(|(_, text)| {
            let table: toml::Table = toml::from_str(text).expect("counters TOML");
            let units = table.get("units").and_then(|u| u.as_array()).cloned();
            units.unwrap_or_default().into_iter().filter_map(|unit| {
                let id = unit.get("id")?.as_str()?.to_string();
                let name = unit.get("name")?.as_str()?.to_string();
                Some((id, name))
            })
        })
        .collect();
    let catalog = lang.and_then(|l| files.get(&format!("i18n/tiny/{l}.toml")));
    if let Some(text) = catalog {
        let table: toml::Table = toml::from_str(text).expect("catalog TOML");
        let names = table.get("units").and_then(|u| u.as_table()).cloned();
        for (id, name) in names.unwrap_or_default() {
            if let Some(name) = name.as_str() {
                units.insert(id, name.to_string());
            }
        }
    }
    files
        .iter()
        .filter(|(path, _)| path.starts_with("scenarios/"))
        .flat_map(|(_, text)| {
            let table: toml::Table = toml::from_str(text).expect("scenario TOML");
            let setup = table.get("setup").and_then(|s| s.as_array()).cloned();
            setup.unwrap_or_default()
        })
        .filter_map(|entry| {
            let unit = entry.get("unit")?.as_str()?;
            let place = entry.get("hex")?.as_str()?.to_string();
            Some((
                units.get(unit).cloned().unwrap_or_else(|| unit.into()),
                place,
            ))
        })
        .collect()
}

/// The setup stacks of a module: location name and the board point the stack was written with.
fn stack_points(view: &ModuleView) -> Vec<(String, (i32, i32))> {
    view.root
        .find_all("VASSAL.build.module.map.SetupStack")
        .into_iter()
        .map(|s| {
            let int = |k: &str| s.attr(k).parse::<i32>().expect("an integer");
            (s.attr("location").to_string(), (int("x"), int("y")))
        })
        .collect()
}

/// The one element of a class in the module, with its attributes.
fn only<'a>(view: &'a ModuleView, class: &str) -> &'a vmodc::verify::xml::Node {
    let found = view.root.find_all(class);
    assert_eq!(found.len(), 1, "{class}");
    found[0]
}

/// Each attribute of `element` as given.
fn assert_attrs(element: &vmodc::verify::xml::Node, wanted: &[(&str, &str)]) {
    for (k, v) in wanted {
        assert_eq!(element.attr(k), *v, "{} {k}", element.tag);
    }
}

const GRID: &str = "VASSAL.build.module.map.boardPicker.board.";

/// For the lattice grids: the grid element's attributes as VASSAL reads them, and each setup stack's
/// point = the centre VASSAL's grid gives its location (`getLocation`, ported in `vmodc::vassal`) =
/// the centre worked out by hand from the example's numbers (cell size 64, margin 20), and VASSAL
/// names that point as the data labels it.
fn lattice_checks(name: &str, view: &ModuleView, build: &str) {
    let stacks = stack_points(view);
    let expected: &[(&str, (i32, i32))] = match name {
        "hex-rows" | "hex-rows-differential" => {
            let grid = only(view, &format!("{GRID}HexGrid"));
            // Rotated: x0 is the board y of row 01 (20 + 64/√3, floored), y0 the board x of column
            // 01 (20 + 32); dx the row spacing 1.5·64/√3, dy the hex width.
            assert_attrs(
                grid,
                &[
                    ("sideways", "true"),
                    ("x0", "56"),
                    ("y0", "52"),
                    ("dx", "55.425626"),
                    ("dy", "64.0"),
                ],
            );
            let numbering = only(view, &format!("{GRID}mapgrid.HexGridNumbering"));
            assert_attrs(
                numbering,
                &[
                    ("first", "V"),
                    ("hOff", "1"),
                    ("vOff", "1"),
                    ("stagger", "false"),
                    ("sep", ""),
                ],
            );
            // Row 03 (raw 2, unshifted) lies at y = 56 + ⌊2·55.43⌋ = 166; column 02 at x = 52 + 64,
            // column 03 at 52 + 128.
            &[("0203", (116, 166)), ("0303", (180, 166))]
        }
        "squares" | "squares-river" => {
            let grid = only(view, &format!("{GRID}SquareGrid"));
            let range = if name == "squares" {
                "Metric"
            } else {
                "Manhattan"
            };
            assert_attrs(
                grid,
                &[
                    ("x0", "52"),
                    ("y0", "52"),
                    ("dx", "64.0"),
                    ("dy", "64.0"),
                    ("range", range),
                ],
            );
            let numbering = only(view, &format!("{GRID}mapgrid.SquareGridNumbering"));
            assert_attrs(numbering, &[("first", "H"), ("hOff", "1"), ("vOff", "1")]);
            if name == "squares-river" {
                // The river runs between columns 02 and 03 of every row, the regiments' row too.
                assert!(build.contains("0203-0303"), "the river's hexside list");
            }
            &[("0203", (116, 180)), ("0303", (180, 180))]
        }
        other => panic!("{other} is no lattice grid example"),
    };
    for (label, point) in expected {
        let (_, at) = stacks
            .iter()
            .find(|(l, _)| l == label)
            .unwrap_or_else(|| panic!("{name}: no stack on {label}"));
        assert_eq!(at, point, "{name} {label}: the stack's point");
        let vassal = match view.root.find_all(&format!("{GRID}SquareGrid")).first() {
            Some(square) => {
                let g = vmodc::verify::square_grid_from_node(square);
                (g.location_point(label), g.location_name(point.0, point.1))
            }
            None => {
                let g = vmodc::verify::hex_grid_from_node(only(view, &format!("{GRID}HexGrid")))
                    .expect("a hex grid");
                (g.location_point(label), g.location_name(point.0, point.1))
            }
        };
        assert_eq!(
            vassal.0,
            Some(*point),
            "{name} {label}: VASSAL's getLocation"
        );
        assert_eq!(vassal.1, *label, "{name} {label}: VASSAL's location name");
    }
}

/// What each example shows beyond loading and setting up; the shapes' own tests add theirs here.
fn shape_checks(name: &str, dir: &Path, view: &ModuleView, build: &str) {
    if name == "hex-odds" {
        assert!(build.contains("VASSAL.build.module.map.boardPicker.board.HexGrid"));
    }
    if matches!(
        name,
        "hex-rows" | "hex-rows-differential" | "squares" | "squares-river"
    ) {
        lattice_checks(name, view, build);
    }
    if name == "areas" {
        area_checks(view, build);
    }
    if matches!(name, "hex-differential" | "hex-rows-differential") {
        differential_combat_agrees_with_vmodc_odds(dir, build);
    }
    if name == "hex-road" {
        // The road's ½ MP is the cheapest rate: 2 quarters a hex against the allowance in quarters,
        // in the two phases that spend it, for a unit whose allowance is known.
        let trigger = build
            .split("Movement allowance check;;;{")
            .nth(1)
            .and_then(|rest| rest.split("};").next())
            .expect("the movement allowance check");
        assert_eq!(
            trigger,
            "CurrentMap == \"Map\" &amp;&amp; OldMap == CurrentMap &amp;&amp; \
             (Phase == \"Blue turn\" || Phase == \"Red turn\") &amp;&amp; \
             Movement != \"?\" &amp;&amp; Range(OldX, OldY) * 2 &gt; Movement * 4"
        );
        assert!(
            build.contains(r#"MP a hex: at most " + Movement * 4 \/ 2 + " hexes"#),
            "the warning names the hexes the allowance buys at ½ MP"
        );
    }
}

/// The differential example's combats, resolved by the module's own steps (evaluated as VASSAL
/// would) and by `vmodc odds`: the same column and the same result, roll by roll.
fn differential_combat_agrees_with_vmodc_odds(dir: &Path, build: &str) {
    use crate::common::module_piece::Piece;
    use vmodc::concept::combat::module::{combat, steps};
    use vmodc::concept::module::props;
    let mut sources = vmodc::diag::Sources::default();
    let game = vmodc::load::load_game(dir, "tiny", &mut sources).expect("the example loads");
    let tx = vmodc::concept::texts::default_texts(&game);
    let exprs = combat(&game, &tx);
    // The module holds these very steps: the differential raw column compares A − D to each column.
    let raw = &exprs
        .steps
        .iter()
        .find(|(n, _)| *n == steps::RAW)
        .expect("raw")
        .1;
    assert!(build.contains(steps::RAW), "the module resolves combat");
    assert!(format!("{raw:?}").contains("Sub"), "{raw:?}");
    for (attack, defence) in [(4, 2), (2, 4), (7, 2), (3, 3), (5, 2)] {
        for roll in 1..=6u32 {
            let props_of = |pairs: &[(&str, String)]| {
                pairs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.clone()))
                    .collect()
            };
            let attacker = Piece {
                props: props_of(&[
                    ("Strength", attack.to_string()),
                    (props::COMBAT_ROLE, "attacker".into()),
                ]),
                game: &game,
                all: Vec::new(),
            };
            let mut defender = Piece {
                props: props_of(&[
                    ("Strength", defence.to_string()),
                    ("BasicName", "Red Regiment".into()),
                    (props::COMBAT_ROLE, "defender".into()),
                    (props::ATTACKER_NAMES, "Blue Regiment".into()),
                    (props::DEFENDER_NAMES, "Red Regiment".into()),
                    (props::TERRAIN, "clear".into()),
                ]),
                game: &game,
                all: vec![&attacker],
            };
            for (name, expr) in &exprs.steps {
                let value = if *name == props::COMBAT_ROLL {
                    roll.to_string()
                } else {
                    expr.eval(&defender).expect("step evaluates").render()
                };
                defender.props.insert(name.to_string(), value);
            }
            let chat = exprs.report.eval(&defender).expect("report").render();
            let said = run_ok(
                dir,
                &[
                    "odds",
                    "tiny",
                    "--attack",
                    &attack.to_string(),
                    "--defence",
                    &defence.to_string(),
                    "--roll",
                    &roll.to_string(),
                ],
            );
            // `4 vs 2 → +1..+2 → +1..+2, roll 3 → DE`, and the chat line holds the same words.
            // Both say when the cap lowered the difference, each in its words: `vmodc odds`
            // "(capped from +5)", the chat "(capped, rule 5)".
            let line = said.lines().next().unwrap_or_default().trim();
            let uncapped = |text: &str| match (text.find(" (capped"), text.find(") →")) {
                (Some(from), Some(to)) => format!("{}{}", &text[..from], &text[to + 1..]),
                _ => text.to_string(),
            };
            assert_eq!(
                line.contains("(capped"),
                chat.contains("(capped"),
                "{line}\n{chat}"
            );
            assert!(
                uncapped(&chat).contains(&uncapped(line)),
                "vmodc odds: {line}\nmodule: {chat}"
            );
        }
    }
}

/// The area map as VASSAL reads it: one zone per outlined area, with the area's outline as its
/// `path` and its name as its location, and every setup stack landing inside the zone it names.
fn area_checks(view: &ModuleView, build: &str) {
    assert!(build.contains(
        r#"<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$gridLocation$" name="Long Ridge, East" path="220,20;420,20;420,180;220,180" useHighlight="false" useParentGrid="false">"#
    ), "{build}");
    assert!(build.contains(
        r#"<VASSAL.build.module.map.boardPicker.board.Region name="Brücke" originx="330" originy="270"/>"#
    ));
    // The module's lists separate area names with `|`: a name's comma is part of it.
    assert!(
        build.contains(r#"initialValue="|Long Ridge, East|""#),
        "not |-separated"
    );
    assert!(build.contains(r#"initialValue="||Ford|Brücke||Brücke|Ford||""#));
    let zoned = view
        .root
        .find_all("VASSAL.build.module.map.boardPicker.board.ZonedGrid");
    assert_eq!(zoned.len(), 1);
    let zones = zoned[0].find_all("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone");
    assert_eq!(zones.len(), 4);
    for stack in view.root.find_all("VASSAL.build.module.map.SetupStack") {
        let location = stack.attr("location");
        let point = verify::zoned_location(zoned[0], location)
            .flatten()
            .unwrap_or_else(|| panic!("{location} does not resolve"));
        let zone = zones
            .iter()
            .find(|z| z.attr("name") == location)
            .unwrap_or_else(|| panic!("no zone {location}"));
        let outline = vmodc::vassal::polygon::parse_path(zone.attr("path")).expect("a path");
        assert!(
            vmodc::vassal::polygon::contains(&outline, point),
            "{location}: {point:?} outside {outline:?}"
        );
    }
}

#[test]
fn every_shape_example_checks_clean_builds_and_sets_up_where_its_scenario_says() {
    let doc = std::fs::read_to_string(repo().join("docs/data-format.md")).expect("the data format");
    let games = examples(&doc);
    assert!(
        [
            "hex-odds",
            "hex-differential",
            "hex-road",
            "hex-rows",
            "hex-rows-differential",
            "squares",
            "squares-river",
            "areas"
        ]
        .iter()
        .all(|shape| games.iter().any(|(name, _)| name == shape)),
        "{:?}",
        games.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    for (name, files) in &games {
        let dir = written(name, files);
        let said = run_ok(dir.path(), &["check", "--deny-warnings"]);
        assert!(said.contains("0 errors, 0 warnings"), "{name}: {said}");
        assert!(
            !said.contains("V0005"),
            "{name}: not in the current format: {said}"
        );
        run_ok(dir.path(), &["build", "--no-print"]);
        let modules: Vec<_> = std::fs::read_dir(dir.path().join("dist"))
            .expect("dist")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "vmod"))
            .collect();
        assert!(!modules.is_empty(), "{name}: no module");
        for path in modules {
            let bytes = std::fs::read(&path).expect("module");
            let report = verify::check_module(&bytes, &path);
            assert!(
                report.diagnostics.is_empty(),
                "{name}: {:?}",
                report.diagnostics
            );
            let view = verify::open_module(&bytes).expect("the module opens");
            let stacks = view
                .root
                .find_all("VASSAL.build.module.map.SetupStack")
                .into_iter()
                .map(|s| (s.attr("name").to_string(), s.attr("location").to_string()))
                .collect::<Vec<_>>();
            // dist/tiny-ja.vmod is in the catalog's language; tiny.vmod and tiny-en.vmod in the data's.
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            let wanted = setups(files, stem.rsplit_once('-').map(|(_, lang)| lang));
            assert!(!wanted.is_empty(), "{name}: no setup");
            for placed in &wanted {
                assert!(
                    stacks.contains(placed),
                    "{name}: {placed:?} not in {stacks:?}"
                );
            }
            let build =
                String::from_utf8(view.archive.entries["buildFile.xml"].clone()).expect("UTF-8");
            shape_checks(name, dir.path(), &view, &build);
        }
    }
}

#[test]
fn a_broken_shape_marker_is_noticed() {
    let doc =
        "\n## Shapes\n<!-- shape: a x.toml -->\n```toml\nk = 1\n```\n<!-- shape: b like a -->\n\
               <!-- shape: b replace x.toml -->\n```\nk = 1\n```\n```\nk = 2\n```\n## Next\n";
    let games = examples(doc);
    assert_eq!(games[0].1["x.toml"], "k = 1\n");
    assert_eq!(games[1].1["x.toml"], "k = 2\n");
    let unknown = std::panic::catch_unwind(|| examples("\n## Shapes\n<!-- shape: a b c d -->\n"));
    assert!(unknown.is_err());
}
