//! `vmodc audit`: the referee, on logs real VASSAL 3.7.26 wrote.
//!
//! The logs of `tests/fixtures/audit/` were recorded by the vassal-check harness
//! (`run.sh dist/b4m-en.vmod --exercise F.txt --log-to F.vlog`, the scripts beside them) from the
//! Battle for Moscow module: a legal German turn 1, a legal turn 1 of both players (with a combat, a
//! replacement and rail movement), and turns with planted faults.

use crate::common::{code, path, repo, show, text, vmodc, TempDir};
use std::path::{Path, PathBuf};
use vmodc::audit::{audit, rules, Audit, Check, Kind};
use vmodc::package::{zip_bytes, Entry};
use vmodc::save::dump::Locations;
use vmodc::save::log::{GameLog, Logged, Move};
use vmodc::vassal::sequence_encoder::{encode, SequenceEncoder};
use vmodc::vassal::vsav::{obfuscate, COMMAND_SEPARATOR};
use vmodc::verify::archive::{read_archive, read_save, Limits};
use vmodc::verify::view::open_module;

fn fixture(name: &str) -> PathBuf {
    repo().join("tests/fixtures/audit").join(name)
}

fn module() -> PathBuf {
    repo().join("dist/b4m-en.vmod")
}

/// The audit of a fixture as `vmodc audit --format json` prints it, and the exit code.
fn audited(log: &Path, extra: &[&str]) -> (i32, serde_json::Value, String) {
    let mut args = vec!["audit", path(log), "--format", "json"];
    args.extend_from_slice(extra);
    let out = vmodc(&args);
    let json = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (code(&out), json, show(&out))
}

fn with_module(log: &Path) -> (i32, serde_json::Value, String) {
    let m = module();
    audited(log, &["--module", path(&m)])
}

/// The findings of a JSON audit as (kind, check, unit, from, to, rule).
fn findings(json: &serde_json::Value) -> Vec<[String; 6]> {
    let field = |f: &serde_json::Value, k: &str| f[k].as_str().unwrap_or("").to_string();
    json.as_array()
        .expect("an array of findings")
        .iter()
        .map(|f| ["kind", "check", "unit", "from", "to", "rule"].map(|k| field(f, k)))
        .collect()
}

/// The audit's exit is 1 and its findings are exactly `rows`; the JSON, for further asserts.
fn violations_are(
    (rc, json, shown): (i32, serde_json::Value, String),
    rows: Vec<[String; 6]>,
) -> serde_json::Value {
    assert_eq!(rc, 1, "{shown}");
    assert_eq!(findings(&json), rows, "{shown}");
    json
}

/// What finding `i` of a JSON audit says happened.
fn what_of(json: &serde_json::Value, i: usize) -> String {
    json[i]["what"].as_str().unwrap_or("").to_string()
}

fn row(kind: &str, check: &str, unit: &str, from: &str, to: &str, rule: &str) -> [String; 6] {
    [kind, check, unit, from, to, rule].map(str::to_string)
}

#[test]
fn the_legal_turns_give_no_finding() {
    // legal-full: both players' turn 1, with a combat resolved by the module, a replacement army
    // placed in Moscow, a step recovered, rail and normal moves; hand-rolled-legal: a combat
    // rolled with the module's 1d6 button by hand (2: DR) and the defender retreated two hexes.
    for name in ["legal.vlog", "legal-full.vlog", "hand-rolled-legal.vlog"] {
        let (rc, json, shown) = with_module(&fixture(name));
        assert_eq!(rc, 0, "{name}: {shown}");
        assert_eq!(
            findings(&json),
            Vec::<[String; 6]>::new(),
            "{name}: {shown}"
        );
    }
    let m = module();
    let human = vmodc(&["audit", path(&fixture("legal.vlog")), "--module", path(&m)]);
    assert_eq!(code(&human), 0, "{}", show(&human));
    assert!(
        text(&human.stdout).contains("9 logged steps: 0 violation(s), 0 doubt(s)"),
        "{}",
        show(&human)
    );
}

#[test]
fn a_unit_moved_too_far_is_found_with_the_movement_rule() {
    let (rc, json, shown) = with_module(&fixture("too-far.vlog"));
    assert_eq!(rc, 1, "{shown}");
    assert_eq!(
        findings(&json),
        [row(
            "violation",
            "movement",
            "XLVIII",
            "0205",
            "0111",
            "8.0, 7.1"
        )],
        "{shown}"
    );
    let what = json[0]["what"].as_str().unwrap_or("");
    assert!(what.contains("costs 7 MP, 1 more than its 6 MP"), "{what}");
    assert_eq!(json[0]["turn"], 1);
    assert_eq!(json[0]["phase_id"], "german-panzer-movement");
    assert_eq!(
        json[0]["step"], 2,
        "the move is the log's second step (the first: the turn tracker)"
    );
}

#[test]
fn an_overstacked_hex_is_found_at_the_end_of_the_phase() {
    let (rc, json, shown) = with_module(&fixture("overstack.vlog"));
    assert_eq!(rc, 1, "{shown}");
    assert_eq!(
        findings(&json),
        [row("violation", "stacking", "", "", "0102", "8.2.2")],
        "{shown}"
    );
    let piece = json[0]["piece"].as_str().unwrap_or("");
    assert!(
        piece.contains("XXIV Panzer Corps") && piece.contains("XLI Panzer Corps"),
        "{piece}"
    );
}

#[test]
fn moves_in_the_wrong_phase_are_found_with_the_sequence_rule() {
    let (rc, json, shown) = with_module(&fixture("wrong-phase.vlog"));
    assert_eq!(rc, 1, "{shown}");
    assert_eq!(
        findings(&json),
        [
            row("violation", "who-moves", "XXIII", "0206", "0207", "4.0"),
            row("violation", "who-moves", "3", "0301", "0401", "4.0"),
        ],
        "{shown}"
    );
    assert!(
        json[0]["what"]
            .as_str()
            .unwrap_or("")
            .contains("its type (Infantry) may not move"),
        "{shown}"
    );
    assert!(
        json[1]["what"]
            .as_str()
            .unwrap_or("")
            .contains("units of Soviet Union may not move"),
        "{shown}"
    );
}

#[test]
fn the_rules_of_a_project_give_the_same_findings_as_the_module() {
    for name in [
        "legal.vlog",
        "too-far.vlog",
        "overstack.vlog",
        "wrong-phase.vlog",
    ] {
        let from_module = with_module(&fixture(name));
        let root = repo();
        let from_root = audited(&fixture(name), &["--root", path(&root)]);
        assert_eq!(from_module.0, from_root.0, "{name}: {}", from_root.2);
        assert_eq!(from_module.1, from_root.1, "{name}");
    }
}

/// A fixture log with its `savedGame` entry re-encoded as VASSAL 3.8 writes it: `!VOBS`, the key
/// byte, the XOR-ed bytes (upstream commit b70f881e6; PR #15060 without the `!`).
fn bang_vobs_copy(log: &Path, dir: &Path) -> PathBuf {
    let bytes = std::fs::read(log).expect("fixture");
    let text = read_save(&bytes).expect("the fixture decodes");
    let archive = read_archive(&bytes, Limits::default()).expect("zip");
    let entries: Vec<Entry> = archive
        .entries
        .into_iter()
        .map(|(name, data)| {
            let data = match name.as_str() {
                "savedGame" => [
                    b"!VOBS\x9d".as_slice(),
                    &text.bytes().map(|b| b ^ 0x9d).collect::<Vec<u8>>(),
                ]
                .concat(),
                _ => data,
            };
            Entry { name, data }
        })
        .collect();
    let out = dir.join(log.file_name().expect("a file name"));
    std::fs::write(&out, zip_bytes(&entries).expect("zips")).expect("written");
    out
}

#[test]
fn a_log_of_vassal_3_8_is_audited_as_the_same_log_of_3_7() {
    let dir = TempDir::new("audit-bang-vobs");
    for name in ["legal.vlog", "too-far.vlog"] {
        let vobs = bang_vobs_copy(&fixture(name), dir.path());
        let (rc, json, shown) = with_module(&vobs);
        let (rc_hex, json_hex, _) = with_module(&fixture(name));
        assert_eq!(rc, rc_hex, "{name}: {shown}");
        assert_eq!(findings(&json), findings(&json_hex), "{name}: {shown}");
    }
}

#[test]
fn a_damaged_log_is_refused_never_reported_legal() {
    let bytes = std::fs::read(fixture("legal.vlog")).expect("fixture");
    let dir = TempDir::new("audit-damaged");
    let raw = read_save(&bytes).expect("the fixture reads");
    let rezip = |saved: Vec<u8>| {
        zip_bytes(&[Entry {
            name: "savedGame".into(),
            data: saved,
        }])
        .expect("zip")
    };
    let cut_text = raw[..raw.find("end_save").expect("end_save")].to_string();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("cut.vlog", bytes[..bytes.len() / 2].to_vec()),
        ("bad-hex.vlog", rezip(b"!VCSK5a1g2h".to_vec())),
        ("no-end.vlog", rezip(obfuscate(&cut_text, 0x21))),
        (
            "bad-move.vlog",
            rezip(obfuscate(
                &format!("{raw}\u{1b}LOG\tM/1/Map/x/y/null/Map/0/0/null/p"),
                0x21,
            )),
        ),
    ];
    for (name, data) in cases {
        let file = dir.path().join(name);
        std::fs::write(&file, data).expect("write");
        let m = module();
        let out = vmodc(&["audit", path(&file), "--module", path(&m)]);
        assert_eq!(code(&out), 2, "{name}: {}", show(&out));
        assert!(
            text(&out.stderr).contains("cannot be audited"),
            "{name}: {}",
            show(&out)
        );
        assert!(
            out.stdout.is_empty(),
            "{name}: nothing is reported as audited"
        );
    }
}

#[test]
fn a_module_vmodc_did_not_build_is_refused() {
    // The shipped module without its rules data: what a module built by another tool holds.
    let archive =
        read_archive(&std::fs::read(module()).expect("module"), Limits::default()).expect("zip");
    let entries: Vec<Entry> = archive
        .entries
        .into_iter()
        .filter(|(name, _)| !name.starts_with("vmodc/"))
        .map(|(name, data)| Entry { name, data })
        .collect();
    let dir = TempDir::new("audit-foreign");
    let foreign = dir.path().join("other.vmod");
    std::fs::write(&foreign, zip_bytes(&entries).expect("zip")).expect("write");
    let out = vmodc(&[
        "audit",
        path(&fixture("legal.vlog")),
        "--module",
        path(&foreign),
    ]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("carries no rules data"),
        "{}",
        show(&out)
    );
    // A log of another module than the one given is refused too.
    let ja = repo().join("dist/b4m-ja.vmod");
    let other = repo().join("dist/btm2-en.vmod");
    let same_game = vmodc(&["audit", path(&fixture("legal.vlog")), "--module", path(&ja)]);
    assert_eq!(
        code(&same_game),
        0,
        "the Japanese module is the same game: {}",
        show(&same_game)
    );
    let out = vmodc(&[
        "audit",
        path(&fixture("legal.vlog")),
        "--module",
        path(&other),
    ]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("was played with the module `Battle for Moscow`"),
        "{}",
        show(&out)
    );
}

#[test]
fn every_module_carries_the_data_it_was_built_from() {
    for entry in std::fs::read_dir(repo().join("dist")).expect("dist") {
        let p = entry.expect("entry").path();
        if p.extension().is_none_or(|x| x != "vmod") {
            continue;
        }
        let view = open_module(&std::fs::read(&p).expect("module")).expect("opens");
        let game = rules::from_module(&view, &p.display().to_string())
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let rules_file = format!("vmodc/rules/{}.toml", game.id);
        let carried = &view.archive.entries[&rules_file];
        let own = std::fs::read(repo().join(&rules_file["vmodc/".len()..])).expect("rules file");
        assert_eq!(
            carried,
            &own,
            "{}: {rules_file} is the project's file",
            p.display()
        );
    }
}

/// A whole game's log: the legal fixture's start, then for each of the 7 turns every phase of the
/// tracker, three games over, and in each German movement phase the five corps of the legal turn moving out (odd
/// turns) or back (even turns), each move with its chat report, as VASSAL logs them.
fn long_game_log() -> Vec<u8> {
    let bytes = std::fs::read(fixture("legal.vlog")).expect("fixture");
    let raw = read_save(&bytes).expect("reads");
    let start = &raw[..raw.find("\u{1b}LOG\t").expect("a logged step")];
    let moves: Vec<Move> = GameLog::read(&bytes)
        .expect("reads")
        .steps
        .into_iter()
        .flatten()
        .filter_map(|c| match c {
            Logged::Move(m) => Some(m),
            _ => None,
        })
        .collect();
    assert_eq!(moves.len(), 5, "the legal log's moves: {moves:?}");
    let mut text = start.to_string();
    let mut push = |command: &str| {
        let mut se = SequenceEncoder::new(COMMAND_SEPARATOR);
        se.append(&format!("LOG\t{command}"));
        text.push(COMMAND_SEPARATOR);
        text.push_str(&se.value());
    };
    // Three games in a row: hundreds of commands.
    for turn in (0..3).flat_map(|_| 1..=7) {
        for phase in 0..9 {
            let active = ["true"; 9].join(",");
            let list = encode(&[phase.to_string(), "0".into(), "0".into(), active], ';');
            let counter = encode(
                &[
                    turn.to_string(),
                    "0".into(),
                    "false".into(),
                    "-1".into(),
                    list,
                ],
                ';',
            );
            let state = encode(&["0".to_string(), counter], '|');
            push(&format!("TURNTurnTracker0\t{state}"));
            if phase != 3 {
                continue;
            }
            for m in &moves {
                let (to, from) = ((m.x, m.y), (m.old_x, m.old_y));
                let (a, b) = if turn % 2 == 1 {
                    (to, from)
                } else {
                    (from, to)
                };
                push(&format!(
                    "M/{}/Map/{}/{}/null/Map/{}/{}/null/player",
                    m.id, a.0, a.1, b.0, b.1
                ));
                push("CHAT* a corps moves");
            }
        }
    }
    with_game_text(&bytes, &text)
}

/// A log's archive (`bytes`) with its game text replaced by `text`, obfuscated as VASSAL writes it;
/// every other entry kept.
fn with_game_text(bytes: &[u8], text: &str) -> Vec<u8> {
    let others = read_archive(bytes, Limits::save()).expect("zip").entries;
    let mut entries = vec![Entry {
        name: "savedGame".into(),
        data: obfuscate(text, 0x3c),
    }];
    entries.extend(
        others
            .into_iter()
            .filter(|(n, _)| n != "savedGame")
            .map(|(name, data)| Entry { name, data }),
    );
    zip_bytes(&entries).expect("zip")
}

#[test]
fn a_whole_games_log_finds_the_mud_moves_of_every_game() {
    let bytes = long_game_log();
    // Left in target/ for a measured run of the command: `time target/release/vmodc audit
    // target/audit-long-game.vlog --module dist/b4m-en.vmod`.
    let _ = std::fs::write(repo().join("target/audit-long-game.vlog"), &bytes);
    let module_bytes = std::fs::read(module()).expect("module");
    // Its speed is measured by `cargo bench --bench audit` (audit/long-game), not here.
    let log = GameLog::read(&bytes).expect("the generated log reads");
    let view = open_module(&module_bytes).expect("module");
    let game = rules::from_module(&view, "b4m-en.vmod").expect("rules data");
    let result: Audit = audit(&game, &Locations::from_view(&view), &log);
    let commands: usize = log.steps.iter().map(Vec::len).sum();
    assert!(commands >= 300, "{commands} commands");
    // The legal turn's moves are legal in every clear turn; in the mud of turns 3 and 4 (rule
    // 12.1: one hex a phase) the three corps that move more than one hex break the limit.
    let found: Vec<(u32, String, Option<String>)> = result
        .findings
        .iter()
        .map(|f| (f.turn, f.rule.clone().unwrap_or_default(), f.unit.clone()))
        .collect();
    let mud = |turn: u32| {
        ["LVII", "XLI", "XXIV"].map(|u| (turn, "12.1".to_string(), Some(u.to_string())))
    };
    let mut expected: Vec<_> = (0..3)
        .flat_map(|_| mud(3).into_iter().chain(mud(4)))
        .collect();
    let mut sorted = found.clone();
    sorted.sort();
    expected.sort();
    assert_eq!(sorted, expected, "{:#?}", result.findings);
    assert!(result
        .findings
        .iter()
        .all(|f| f.kind == Kind::Violation && f.check == Check::Movement));
}

#[test]
fn the_cheapest_path_pays_each_hexs_terrain() {
    use vmodc::concept::movement::path::{MoveMap, Reach};
    let game = crate::common::shipped_game("b4m");
    let map = MoveMap::new(&game);
    let hex = |l: &str| game.map.grid.parse(l).expect("a hex");
    // 0106 → 0111 down column 01: four clear hexes and the forest 0109 (2 MP, TEC): 6 MP.
    assert_eq!(
        map.cheapest(hex("0106"), hex("0111"), None, &Default::default()),
        Reach::Costs(24)
    );
    assert_eq!(map.hexes_between(hex("0106"), hex("0111")), Some(5));
    // From 0205 one hex more: 7 MP, whichever way round the forest.
    assert_eq!(
        map.cheapest(hex("0205"), hex("0111"), None, &Default::default()),
        Reach::Costs(28)
    );
    // Into a forest next door: its cost, not one hex's.
    assert_eq!(
        map.cheapest(hex("0206"), hex("0207"), None, &Default::default()),
        Reach::Costs(8)
    );
    assert_eq!(
        map.cheapest(hex("0206"), hex("0206"), None, &Default::default()),
        Reach::Costs(0)
    );
}

#[test]
fn a_unit_leaving_an_enemy_zoc_may_not_step_straight_into_another_where_the_rules_say_so() {
    use std::collections::BTreeSet;
    use vmodc::concept::movement::path::{MoveMap, Reach};
    let btm2 = crate::common::shipped_game("btm2");
    let allowance = btm2.rules.movement.allowance.as_ref().expect("allowance");
    assert!(
        allowance.zoc_ends_move && allowance.no_zoc_to_zoc,
        "BtM2 9.4"
    );
    // The path rule on a map whose terrain is known hex by hex (BtM2's is printed only as art).
    let game = crate::common::shipped_game("b4m");
    let map = MoveMap::new(&game);
    let grid = &game.map.grid;
    let hex = |l: &str| grid.parse(l).expect("a hex");
    // Two hexes next to each other, with others round them.
    let (from, to) = (hex("0206"), hex("0306"));
    assert!(grid.neighbours(from).contains(&to));
    let direct = map.cheapest(from, to, None, &BTreeSet::new());
    let zoc: BTreeSet<_> = [from, to].into();
    // Out of the enemy ZOC it started in, straight into the next: allowed only by the rules that
    // merely end a move in an enemy ZOC (B4M 7.1), refused by 9.4's.
    assert_eq!(map.cheapest(from, to, None, &zoc), direct);
    let Reach::Costs(around) = map.cheapest_leaving_zoc(from, to, None, &zoc, true) else {
        panic!(
            "a way round through a hex out of the zone: {:?}",
            map.cheapest_leaving_zoc(from, to, None, &zoc, true)
        )
    };
    let Reach::Costs(straight) = direct else {
        panic!("{direct:?}")
    };
    assert!(around > straight, "{around} > {straight}");
    // Every neighbour in an enemy ZOC: no way out but straight into another.
    let ringed: BTreeSet<_> = std::iter::once(from).chain(grid.neighbours(from)).collect();
    assert_eq!(
        map.cheapest_leaving_zoc(from, to, None, &ringed, true),
        Reach::NoPath
    );
    // A unit that did not start in an enemy ZOC steps into one as before.
    let only_to: BTreeSet<_> = [to].into();
    assert_eq!(
        map.cheapest_leaving_zoc(from, to, None, &only_to, true),
        direct
    );
}

/// A log larger than any save the reader would inflate is refused from its size, before it is read:
/// a sparse file of 2 GiB and one byte costs nothing to make and would cost 2 GiB to read.
#[test]
fn a_log_over_the_budget_is_refused_before_it_is_read() {
    let tmp = TempDir::new("audit-budget");
    let log = tmp.path().join("huge.vlog");
    let file = std::fs::File::create(&log).expect("create");
    file.set_len((2u64 << 30) + 1).expect("a sparse file");
    let out = vmodc(&[
        "audit",
        &log.to_string_lossy(),
        "--module",
        "dist/b4m-en.vmod",
    ]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        show(&out).contains("larger than the 2048 MiB"),
        "{}",
        show(&out)
    );
}

#[test]
fn a_combat_result_the_players_did_not_apply_is_found_with_its_rule() {
    // The module resolved XL Panzer Corps against 13th Army (roll 1 → DR) and the players left the
    // defender in 0304; legal-full.vlog, the same combat with the retreat to 0402, has no finding.
    let json = violations_are(
        with_module(&fixture("result-ignored.vlog")),
        vec![row("violation", "combat", "13", "0304", "", "9.3")],
    );
    let what = json[0]["what"].as_str().unwrap_or("");
    assert!(
        what.contains("did not retreat from 0304") && what.contains("DR retreats it 2 hex(es)"),
        "{what}"
    );
}

/// A copy of the project whose rules/b4m.toml has `edit` applied, for an audit with `--root`.
fn project_with(edit: impl Fn(String) -> String) -> TempDir {
    let dir = TempDir::new("audit-project");
    for sub in [
        "rules",
        "counters",
        "maps",
        "scenarios/b4m",
        "i18n/b4m",
        "dist",
    ] {
        std::fs::create_dir_all(dir.path().join(sub)).unwrap();
    }
    for rel in [
        "rules/b4m.toml",
        "counters/b4m.toml",
        "maps/b4m.toml",
        "scenarios/b4m/standard.toml",
        "scenarios/b4m/tournament.toml",
    ] {
        let text = std::fs::read_to_string(repo().join(rel)).unwrap();
        let text = if rel == "rules/b4m.toml" {
            edit(text)
        } else {
            text
        };
        std::fs::write(dir.path().join(rel), text).unwrap();
    }
    // The module names the log's places by its grid.
    std::fs::copy(module(), dir.path().join("dist/b4m-en.vmod")).unwrap();
    for entry in std::fs::read_dir(repo().join("i18n/b4m")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(
            entry.path(),
            dir.path().join("i18n/b4m").join(entry.file_name()),
        )
        .unwrap();
    }
    dir
}

#[test]
fn a_combat_the_module_resolved_against_the_table_is_found_by_recomputing_it() {
    // legal-full.vlog: 8 vs 4 → 2:1, roll 1 → DR, as the module's table reads it. A table whose
    // 2:1 column reads DE on a 1 makes the recorded DR a violation of the combat rule.
    let project = project_with(|t| {
        t.replace(
            "\"1\" = [\"DR\", \"DR\", \"DR\", \"DR\", \"DR\", \"DRL\"]",
            "\"1\" = [\"DR\", \"DE\", \"DR\", \"DR\", \"DR\", \"DRL\"]",
        )
    });
    let (rc, json, shown) = audited(
        &fixture("legal-full.vlog"),
        &["--root", path(project.path())],
    );
    assert_eq!(rc, 1, "{shown}");
    let combat: Vec<&serde_json::Value> = json
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["check"] == "combat" && f["kind"] == "violation")
        .collect();
    assert!(!combat.is_empty(), "{shown}");
    let what = combat[0]["what"].as_str().unwrap_or("");
    assert!(
        what.contains("was given DR") && what.contains("2:1"),
        "{what}"
    );
    assert_eq!(combat[0]["rule"], "9.0", "{shown}");
    // The same log with the shipped table: no finding.
    let (rc, json, shown) = audited(&fixture("legal-full.vlog"), &["--root", path(&repo())]);
    assert_eq!((rc, findings(&json).len()), (0, 0), "{shown}");
}

#[test]
fn a_check_the_data_cannot_make_is_said_once_and_is_no_violation() {
    // Battle for Moscow without its movement allowance: every move of the log is unmeasured, said
    // in one not-checked entry that names the pieces, and the exit is still 0.
    let project = project_with(|t| {
        let start = t.find("[movement.allowance]").expect("the allowance");
        let end = start + t[start..].find("rule = \"8.0, 7.1\"\n").expect("its rule") + 17;
        format!("{}{}", &t[..start], &t[end..])
    });
    let (rc, json, shown) = audited(&fixture("legal.vlog"), &["--root", path(project.path())]);
    assert_eq!(rc, 0, "{shown}");
    let rows = findings(&json);
    assert_eq!(rows.len(), 1, "{shown}");
    assert_eq!(rows[0][0], "not-checked", "{shown}");
    assert_eq!(rows[0][1], "movement", "{shown}");
    let piece = json[0]["piece"].as_str().unwrap_or("");
    assert!(
        piece.contains("LVII Panzer Corps") && piece.contains("piece(s)"),
        "{piece}"
    );
}

/// The audit of a fixture against a shipped module of `game`, English.
fn with_game_module(log: &str, game: &str) -> (i32, serde_json::Value, String) {
    let m = repo().join(format!("dist/{game}-en.vmod"));
    audited(&fixture(log), &["--module", path(&m)])
}

/// The findings that accuse or doubt: what a legal turn must not have.
fn accusations(json: &serde_json::Value) -> Vec<[String; 6]> {
    findings(json)
        .into_iter()
        .filter(|f| f[0] != "not-checked")
        .collect()
}

#[test]
fn legal_turns_of_the_other_shipped_games_give_no_accusation() {
    // Recorded from dist/btm2-en.vmod and dist/lsam-en.vmod: a reinforcement placed in the
    // logistics or supply phase, then moved in the movement phase.
    for (log, game) in [("btm2-legal.vlog", "btm2"), ("lsam-legal.vlog", "lsam")] {
        let (rc, json, shown) = with_game_module(log, game);
        assert_eq!(rc, 0, "{log}: {shown}");
        assert_eq!(
            accusations(&json),
            Vec::<[String; 6]>::new(),
            "{log}: {shown}"
        );
    }
}

#[test]
fn moves_in_the_wrong_phase_of_the_other_shipped_games_are_found_with_their_rules() {
    // Blitzkrieg to Moscow 2: a Soviet army moves in the German movement phase (10.0).
    let (rc, json, shown) = with_game_module("btm2-wrong-side.vlog", "btm2");
    assert_eq!(rc, 1, "{shown}");
    assert_eq!(
        accusations(&json),
        vec![row(
            "violation",
            "who-moves",
            "sov-8",
            "1601",
            "1701",
            "10.0"
        )],
        "{shown}"
    );
    // The Last Stand at Moscow: an infantry division moves in the German reaction phase, in which
    // only panzer and motorized infantry units move (5.42). Its map's hexes are not in the data,
    // so the move's length is not measured, and the audit says so.
    let (rc, json, shown) = with_game_module("lsam-reaction.vlog", "lsam");
    assert_eq!(rc, 1, "{shown}");
    assert_eq!(
        accusations(&json),
        vec![row(
            "violation",
            "who-moves",
            "81-id",
            "2410",
            "2310",
            "5.42, 5.37"
        )],
        "{shown}"
    );
    assert!(
        findings(&json)
            .iter()
            .any(|f| f[0] == "not-checked" && f[1] == "movement"),
        "{shown}"
    );
}

#[test]
fn a_reinforcement_before_its_turn_is_found_with_its_rule() {
    // The 1st Shock Army enters in the Soviet replacement phase of turn 1; it arrives on turn 4.
    violations_are(
        with_module(&fixture("early-reinforcement.vlog")),
        vec![row(
            "violation",
            "arrivals",
            "1st Shock",
            "",
            "1103",
            "11.0",
        )],
    );
}

#[test]
fn more_replacement_steps_than_the_turn_gives_are_found() {
    // legal-full.vlog: in the Soviet replacement phase of turn 1 the 49th Army comes back reduced
    // (1 step) and the 16th Army flips to full (1 step): 2 of the 5 steps. With 1 step, too many.
    let project = project_with(|t| t);
    let scenario = project.path().join("scenarios/b4m/standard.toml");
    let text = std::fs::read_to_string(&scenario).unwrap();
    let fewer = text.replacen(
        "turn = 1\nsteps = { german = 0, soviet = 5 }",
        "turn = 1\nsteps = { german = 0, soviet = 1 }",
        1,
    );
    assert_ne!(fewer, text, "the scenario's turn 1 replacements");
    std::fs::write(&scenario, fewer).unwrap();
    let (rc, json, shown) = audited(
        &fixture("legal-full.vlog"),
        &["--root", path(project.path())],
    );
    assert_eq!(rc, 1, "{shown}");
    let found: Vec<&serde_json::Value> = json
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["check"] == "arrivals")
        .collect();
    assert_eq!(found.len(), 1, "{shown}");
    assert_eq!(
        found[0]["what"], "2 step(s) taken back in the phase",
        "{shown}"
    );
    assert_eq!(found[0]["rule"], "10.0", "{shown}");
    let piece = found[0]["piece"].as_str().unwrap_or("");
    assert!(
        piece.contains("49th Army") && piece.contains("16th Army"),
        "{piece}"
    );
}

#[test]
fn the_html_page_is_one_file_with_each_finding_beside_the_map_where_it_happened() {
    let m = module();
    let out = vmodc(&[
        "audit",
        path(&fixture("too-far.vlog")),
        "--module",
        path(&m),
        "--format",
        "html",
    ]);
    assert_eq!(code(&out), 1, "{}", show(&out));
    let page = text(&out.stdout);
    assert!(
        page.starts_with("<!DOCTYPE html>"),
        "{}",
        &page[..page.len().min(200)]
    );
    assert!(
        page.contains("the cheapest path costs 7 MP, 1 more than its 6 MP"),
        "{page}"
    );
    assert!(
        page.contains("XLVIII Panzer Corps") && page.contains("0205 → 0111"),
        "{page}"
    );
    // Self-contained: the cut of the map is inside the page, nothing is fetched.
    assert_eq!(
        page.matches("<img src=\"data:image/png;base64,").count(),
        1,
        "{page}"
    );
    for outside in ["src=\"http", "href=\"http", "<script", "<link"] {
        assert!(!page.contains(outside), "{outside} in the page");
    }
    // The JSON carries the same places in the map's pixels: where the unit stood, where it ended.
    let (_, json, shown) = with_module(&fixture("too-far.vlog"));
    let spots = json[0]["spots"].as_array().cloned().unwrap_or_default();
    assert_eq!(spots.len(), 2, "{shown}");
    assert_eq!(spots[0]["map"], "Map", "{shown}");
}

#[test]
fn two_saves_are_audited_as_their_difference() {
    // Both saves in the German panzer movement phase of turn 1: XLVIII Panzer Corps went
    // 0205 → 0111 between them, 7 MP for its 6.
    let m = module();
    let start = fixture("turn1-start.vsav");
    let end = fixture("turn1-too-far.vsav");
    violations_are(
        audited(&start, &[path(&end), "--module", path(&m)]),
        vec![row(
            "violation",
            "movement",
            "XLVIII",
            "0205",
            "0111",
            "8.0, 7.1",
        )],
    );
    // Saves made in different phases do not say in which phase the unit moved: not checked, and
    // no accusation.
    let later = fixture("turn1-next-phase.vsav");
    let (rc, json, shown) = audited(&start, &[path(&later), "--module", path(&m)]);
    assert_eq!(rc, 0, "{shown}");
    assert_eq!(accusations(&json), Vec::<[String; 6]>::new(), "{shown}");
    assert_eq!(
        findings(&json)[0][..2],
        ["not-checked", "who-moves"],
        "{shown}"
    );
    // A log among saves is refused.
    let log = fixture("legal.vlog");
    let out = vmodc(&["audit", path(&start), path(&log), "--module", path(&m)]);
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        show(&out).contains("is a log with logged steps"),
        "{}",
        show(&out)
    );
}

#[test]
fn a_move_through_an_enemy_zone_of_control_is_found_with_its_rule() {
    // XLVIII Panzer Corps 0205 → 0403: every way there enters a Soviet ZOC first, where rule 7.1
    // ends the move. The same move's length alone would fit its 6 MP.
    let json = violations_are(
        with_module(&fixture("through-zoc.vlog")),
        vec![row(
            "violation",
            "movement",
            "XLVIII",
            "0205",
            "0403",
            "8.0, 7.1",
        )],
    );
    assert!(
        json[0]["what"].as_str().unwrap_or("").contains("enemy ZOC"),
        "{json}"
    );
}

/// A copy of a fixture log whose turn tracker states are written the way the module's tracker
/// writes them now: two top-level levels where the first turn starts after its first phase (B4M:
/// turn 1 begins at the German combat phase, rule 6.0), where the fixtures, recorded before, hold
/// one level.
fn with_two_level_tracker(log: &Path, dir: &Path) -> PathBuf {
    use vmodc::emit::tracker::TrackerLayout;
    let module_bytes = std::fs::read(module()).expect("module");
    let view = open_module(&module_bytes).expect("module");
    let game = rules::from_module(&view, "b4m-en.vmod").expect("rules data");
    let layout = TrackerLayout::of(&game);
    log_with(log, dir, |raw| {
        const TURN: &str = "TURNTurnTracker0\t";
        let mut text = String::new();
        let mut rest = raw;
        let mut rewritten = 0;
        while let Some(at) = rest.find(TURN) {
            let (before, from) = rest.split_at(at + TURN.len());
            let end = from.find(COMMAND_SEPARATOR).unwrap_or(from.len());
            let old = &from[..end];
            let at = layout.position(old).expect("a tracker state of the module");
            let new = layout.state(at);
            assert_eq!(layout.position(&new), Some(at), "{new}");
            assert_eq!(new.split('|').count(), 3, "two levels: {new}");
            text.push_str(before);
            text.push_str(&new);
            rest = &from[end..];
            rewritten += 1;
        }
        text.push_str(rest);
        assert!(rewritten >= 2, "{rewritten} tracker steps");
        text
    })
}

/// A copy of a fixture log (in `dir`, under the same name) whose game text `edit` rewrote.
fn log_with(log: &Path, dir: &Path, edit: impl FnOnce(&str) -> String) -> PathBuf {
    let bytes = std::fs::read(log).expect("fixture");
    let raw = read_save(&bytes).expect("reads");
    let text = edit(&raw);
    let out = dir.join(log.file_name().expect("a file name"));
    std::fs::write(&out, with_game_text(&bytes, &text)).expect("write");
    out
}

#[test]
fn a_log_of_a_two_level_tracker_is_audited_phase_by_phase() {
    let dir = TempDir::new("audit-two-level");
    for name in ["legal.vlog", "wrong-phase.vlog", "legal-full.vlog"] {
        let one_level = with_module(&fixture(name));
        let two_level = with_module(&with_two_level_tracker(&fixture(name), dir.path()));
        assert_eq!(two_level.0, one_level.0, "{name}: {}", two_level.2);
        assert_eq!(
            findings(&two_level.1),
            findings(&one_level.1),
            "{name}: {}",
            two_level.2
        );
    }
    // The wrong phase is still found as such: moves in the German combat phase of turn 1, the
    // first turn's own level.
    let (rc, json, shown) = with_module(&with_two_level_tracker(
        &fixture("wrong-phase.vlog"),
        dir.path(),
    ));
    assert_eq!(rc, 1, "{shown}");
    assert!(findings(&json).iter().all(|f| f[5] == "4.0"), "{shown}");
}

#[test]
fn the_end_of_a_log_gives_the_victory_conditions_result_from_the_control_markers() {
    // The legal turn leaves Moscow (1103) Soviet: rule 5.0 then gives the Soviet victory line
    // (Soviet control of Moscow and at least one other city), as the module's Victory button does.
    let human = |log: &Path| {
        let m = module();
        let out = vmodc(&["audit", path(log), "--module", path(&m)]);
        (code(&out), show(&out))
    };
    let (rc, shown) = human(&fixture("legal.vlog"));
    assert_eq!(rc, 0, "{shown}");
    assert!(
        shown.contains("As the log ends, the victory conditions (rule 5.0, scenario standard, judged at: end of turn 7) give: Soviet victory.")
            && shown.contains("1103 Soviet Union"),
        "{shown}"
    );
    // The same log with Moscow's control marker on its German face: German victory (5.0).
    let dir = TempDir::new("audit-victory");
    let german_moscow = log_with(&fixture("legal.vlog"), dir.path(), |raw| {
        let soviet = "\\\t2\\\\\t1103\\\\\\\t";
        assert_eq!(
            raw.matches(soviet).count(),
            1,
            "Moscow's marker, on its Soviet level"
        );
        raw.replace(soviet, "\\\t1\\\\\t1103\\\\\\\t")
    });
    let (rc, shown) = human(&german_moscow);
    assert_eq!(rc, 0, "{shown}");
    assert!(
        shown.contains("give: German victory.") && shown.contains("1103 Germany"),
        "{shown}"
    );
    // The JSON list holds findings only: no finding here.
    let (_, json, shown) = with_module(&german_moscow);
    assert_eq!(json, serde_json::json!([]), "{shown}");
}

#[test]
fn a_rail_move_runs_along_connected_track_from_a_railroad() {
    // rail.vlog, the Soviet Rail Movement Phase of turn 1 (rule 8.1): 43rd Army goes 0803 → 1003
    // along the Smolensk-Moscow line (legal); 10th Army starts in 0303, on no railroad; 30th Army
    // leaves the track at 0608 for 0607.
    let json = violations_are(
        with_module(&fixture("rail.vlog")),
        vec![
            row("violation", "movement", "10", "0303", "0403", "8.1"),
            row("violation", "movement", "30", "0608", "0607", "8.1"),
        ],
    );
    let what = |i: usize| what_of(&json, i);
    assert!(what(0).contains("not on the railroad"), "{}", what(0));
    assert_eq!(what(1), "no connected railroad joins the two hexes");
    assert_eq!(json[0]["phase_id"], "soviet-rail-movement");
    // The same log audited with a project whose rules have no line move: rail moves are priced
    // by nothing, and none is found.
    let project = project_with(|rules| {
        let start = rules
            .find("[[movement.line_moves]]")
            .expect("the line move");
        let end = start + rules[start..].find("rule = \"8.1\"\n").expect("its rule") + 13;
        format!("{}{}", &rules[..start], &rules[end..])
    });
    let (rc, json, shown) = audited(&fixture("rail.vlog"), &["--root", path(project.path())]);
    assert_eq!(rc, 0, "{shown}");
    assert!(findings(&json).is_empty(), "{shown}");
}

#[test]
fn a_combat_rolled_by_hand_is_read_as_the_table_reads_its_roll() {
    // hand-rolled.vlog: XL Panzer Corps against 13th Army at 2:1, the 1d6 button pressed by hand
    // (1: DR), then again (5); nobody retreats. The first roll holds (9.3); the second is a doubt.
    let json = violations_are(
        with_module(&fixture("hand-rolled.vlog")),
        vec![
            row("doubt", "combat", "", "", "0304", "9.0"),
            row("violation", "combat", "13", "0304", "", "9.3"),
        ],
    );
    let what = |i: usize| what_of(&json, i);
    assert!(what(0).contains("rolled again (5)"), "{}", what(0));
    assert!(
        what(0).contains("first rolled 1, which reads DR"),
        "{}",
        what(0)
    );
    assert!(what(1).contains("rolled by hand: 1"), "{}", what(1));
    assert!(what(1).contains("did not retreat from 0304"), "{}", what(1));
}

#[test]
fn a_retreat_that_ends_in_an_enemy_zoc_is_found() {
    // retreat-into-zoc.vlog: DR against 13th Army in 0304, which retreats two hexes to 0504, next
    // to XXVII Corps in 0404: a retreat may not end in an enemy ZOC (7.2); legal-full.vlog's
    // retreat to 0402 ends outside every German ZOC and has no finding.
    let json = violations_are(
        with_module(&fixture("retreat-into-zoc.vlog")),
        vec![row("violation", "combat", "13", "0304", "", "9.3")],
    );
    let what = what_of(&json, 0);
    assert!(
        what.contains("ended its retreat in 0504, in an enemy zone of control"),
        "{what}"
    );
}

#[test]
fn in_a_phase_of_combats_only_an_attacker_advancing_into_the_vacated_hex_moves() {
    // advance.vlog: DR against 13th Army in 0304, which retreats to 0402; XL Panzer Corps, its
    // attacker, advances into 0304 (9.0 step 6: legal); XXVII Corps, which attacked nobody, moves
    // from 0404 to 0403.
    let json = violations_are(
        with_module(&fixture("advance.vlog")),
        vec![row("violation", "movement", "XXVII", "0404", "0403", "9.0")],
    );
    let what = what_of(&json, 0);
    assert!(what.contains("attacked in none of them"), "{what}");
}
