//! A scenario that starts after the first phase of a turn (`start_phase`): its saved game restores
//! the turn tracker there, decoded here the way VASSAL reads it (`TurnTracker.decode`, then the
//! nested `getState` encoders of the tracker, the turn counter and the phase list).

use vmodc::vassal::sequence_encoder::SequenceDecoder as Decoder;
use vmodc::vassal::vsav::{command_split, deobfuscate};

/// The turn and the phase index a scenario's save (a zip whose `savedGame` entry holds the
/// obfuscated commands) sets the tracker to, if it sets it.
fn tracker_start(save: &[u8]) -> Option<(i32, i32)> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(save.to_vec())).expect("a zip");
    let text = deobfuscate(&entry(&mut zip, "savedGame")).expect("the save deobfuscates");
    let command = command_split(&text)
        .into_iter()
        .find(|c| c.starts_with("TURN"))?;
    let mut command = Decoder::new(&command, '\t');
    assert_eq!(command.next_token().as_deref(), Some("TURNTurnTracker0"));
    let state = command.next_token_or("");
    let mut tracker = Decoder::new(&state, '|');
    assert_eq!(
        tracker.next_int(-1),
        0,
        "the tracker's current level is its turn counter"
    );
    let counter_state = tracker.next_token_or("");
    let mut counter = Decoder::new(&counter_state, ';');
    let turn = counter.next_int(-1);
    assert_eq!(counter.next_int(-1), 0, "the counter's current sub-level");
    assert!(!counter.next_bool(true), "the turn counter does not loop");
    assert_eq!(counter.next_int(0), -1, "no loop limit");
    let list_state = counter.next_token_or("");
    let mut list = Decoder::new(&list_state, ';');
    let phase = list.next_int(-1);
    assert_eq!(list.next_int(-1), 0, "the phase list's current sub-level");
    assert_eq!(
        list.next_int(-1),
        0,
        "the list's first item stays the first phase"
    );
    Some((turn, phase))
}

fn entry(zip: &mut zip::ZipArchive<std::io::Cursor<Vec<u8>>>, name: &str) -> Vec<u8> {
    let mut file = zip.by_name(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut file, &mut bytes).expect("read the entry");
    bytes
}

#[test]
fn a_scenario_starting_mid_turn_sets_the_turn_tracker_to_its_phase() {
    for (name, game, bytes) in crate::common::compiled_modules("b4m") {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
        let save = entry(&mut zip, "scenarios/tournament.vsav");
        let scenario = game
            .scenario("tournament")
            .expect("the tournament scenario");
        let start = scenario
            .scenario
            .start_phase
            .as_ref()
            .expect("it starts mid-turn");
        let index = game
            .rules
            .phases
            .iter()
            .position(|p| p.id.as_str() == start.as_str())
            .expect("a phase of the game");
        assert!(
            index > 0,
            "{name}: the tournament starts after the first phase"
        );
        assert_eq!(
            tracker_start(&save),
            Some((1, index as i32)),
            "{name}: turn 1, phase `{}`",
            start.as_str()
        );
        // The index names that phase in the module's own phase list, in this module's language.
        let build = String::from_utf8(entry(&mut zip, "buildFile.xml")).expect("UTF-8");
        let list = build
            .split("ListTurnLevel")
            .nth(1)
            .and_then(|s| s.split("list=\"").nth(1))
            .and_then(|s| s.split('"').next())
            .expect("the phase list");
        let phases: Vec<String> = {
            let mut d = Decoder::new(list, ',');
            std::iter::from_fn(|| d.next_token()).collect()
        };
        let expected = if name.ends_with("-ja.vmod") {
            "ドイツ軍戦闘フェイズ"
        } else {
            "German Combat Phase"
        };
        assert_eq!(phases[index], expected, "{name}");
    }
}

#[test]
fn a_scenario_starting_in_the_first_phase_leaves_the_tracker_alone() {
    // The tiny test game's scenarios start in its first phase (`red-move`): the tracker starts
    // there without being told.
    let dir = crate::common::TempDir::new("start-phase");
    crate::common::copy_tree(
        &crate::common::repo().join("tests/fixtures/tiny"),
        dir.path(),
    );
    let mut sources = vmodc::diag::Sources::default();
    let (loaded, report) = vmodc::build::load_and_check(dir.path(), "tiny", &mut sources);
    assert!(!report.has_errors(), "{:?}", report.diagnostics);
    let loaded = loaded.expect("tiny loads");
    let entries = vmodc::build::compile_language(&loaded, None).expect("compiles");
    let saves: Vec<_> = entries
        .iter()
        .filter(|e| e.name.ends_with(".vsav"))
        .collect();
    assert!(!saves.is_empty());
    for save in saves {
        assert_eq!(tracker_start(&save.data), None, "{}", save.name);
    }
}
