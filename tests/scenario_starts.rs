//! Each scenario starts on its own turn and phase (issue 44, item 2). The modules are read back the
//! way VASSAL reads them: the turn tracker is run by `vmodc::verify::turn_tracker` (VASSAL's reset at
//! File > New Game, a save's `TURN` state, Next and Prev).

use vmodc::verify::archive::{read_save, split_commands};
use vmodc::verify::turn_tracker::TurnTracker;
use vmodc::verify::view::{open_module, ModuleView};

/// The commands of a scenario's saved game in the module.
fn save_commands(view: &ModuleView, scenario: &str) -> Vec<String> {
    let save = view
        .archive
        .entries
        .get(&format!("scenarios/{scenario}.vsav"))
        .unwrap_or_else(|| panic!("no save of {scenario}"));
    split_commands(&read_save(save).expect("the save reads"))
}

/// The state a save's `TURN` command gives the module's one tracker, if it gives one.
fn turn_state(commands: &[String]) -> Option<String> {
    let command = commands.iter().find(|c| c.starts_with("TURN"))?;
    let (id, state) = command.split_once('\t').expect("TURN<id> TAB state");
    assert_eq!(id, "TURNTurnTracker0", "the module's one tracker");
    Some(state.to_string())
}

/// What the tracker shows: (turn, phase).
fn shown(tracker: &TurnTracker) -> (String, String) {
    (
        tracker.value_of("Turn").expect("a Turn level"),
        tracker.value_of("Phase").expect("a Phase level"),
    )
}

fn at(turn: &str, phase: &str) -> (String, String) {
    (turn.to_string(), phase.to_string())
}

#[test]
fn b4m_new_game_starts_in_the_german_combat_phase_of_turn_1() {
    for (name, _game, bytes) in crate::common::compiled_modules("b4m") {
        let view = open_module(&bytes).expect("reads back");
        let mut tracker = TurnTracker::of_module(&view.root).expect("a tracker");
        tracker.new_game();
        let (combat, replacement) = if name.ends_with("-ja.vmod") {
            ("ドイツ軍戦闘フェイズ", "ドイツ軍補充フェイズ")
        } else {
            ("German Combat Phase", "German Replacement Phase")
        };
        assert_eq!(shown(&tracker), at("1", combat), "{name}: rule 6.0");
        // Seven phases on, the second turn begins with its replacement phase.
        for _ in 0..7 {
            tracker.next();
        }
        assert_eq!(shown(&tracker), at("2", replacement), "{name}");
        // The tournament game starts where New Game does: its save leaves the tracker alone.
        assert_eq!(
            turn_state(&save_commands(&view, "tournament")),
            None,
            "{name}"
        );
    }
}
