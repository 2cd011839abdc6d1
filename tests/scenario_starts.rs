//! Each scenario starts on its own turn and phase, with its own control of the map and its own
//! record of arrivals (issue 44, items 2–4). The modules are read back the way VASSAL reads them: the
//! turn tracker is run by `vmodc::verify::turn_tracker` (VASSAL's reset at File > New Game, a save's
//! `TURN` state, Next and Prev), the pieces by the verifier's decoder.
//!
//! The test game `tests/fixtures/twodays` has two scenarios: the first day starts at turn 1 in Red's
//! combat phase (the second of four), the second day at turn 6 in Blue's movement phase, with Red
//! holding Bluetown (`[[control]]`) and Blue's second division arriving on turn 10 instead of 9.

use vmodc::concept::game::Game;
use vmodc::concept::plan::{LineKind, Plan};
use vmodc::verify::archive::{read_save, split_commands};
use vmodc::verify::decode::{decode_add_piece, layer_level, layer_level_names, DecodedPiece};
use vmodc::verify::turn_tracker::TurnTracker;
use vmodc::verify::view::{open_module, ModuleView};

/// The fixture game's module (English) and the game it was built from.
fn two_days() -> (Game, ModuleView) {
    module_of("twodays", "twodays")
}

/// The English module of a fixture game (`tests/fixtures/<fixture>`) and the game it was built from.
fn module_of(fixture: &str, game: &str) -> (Game, ModuleView) {
    let dir = crate::common::TempDir::new(fixture);
    crate::common::copy_tree(
        &crate::common::repo().join("tests/fixtures").join(fixture),
        dir.path(),
    );
    let mut sources = vmodc::diag::Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(dir.path(), game, &mut sources);
    assert!(
        report.diagnostics.is_empty(),
        "{}",
        crate::common::render_all(&sources, &report)
    );
    let loaded = loaded.expect("the fixture loads");
    let entries = vmodc::pipeline::compile_language(&loaded, None).expect("compiles");
    let bytes = vmodc::package::zip_bytes(&entries).expect("zip");
    (
        loaded.game,
        open_module(&bytes).expect("the module reads back"),
    )
}

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
fn new_game_starts_the_tracker_at_the_first_scenarios_turn_and_phase() {
    let (_, view) = two_days();
    let mut tracker = TurnTracker::of_module(&view.root).expect("a turn tracker");
    tracker.new_game();
    assert_eq!(shown(&tracker), at("1", "Red Combat"));
    // Next runs through the rest of turn 1, then every phase of turn 2, from its first.
    let mut seen = Vec::new();
    for _ in 0..6 {
        tracker.next();
        seen.push(shown(&tracker));
    }
    assert_eq!(
        seen,
        [
            at("1", "Blue Movement"),
            at("1", "Blue Combat"),
            at("2", "Red Movement"),
            at("2", "Red Combat"),
            at("2", "Blue Movement"),
            at("2", "Blue Combat"),
        ]
    );
    tracker.next();
    assert_eq!(shown(&tracker), at("3", "Red Movement"));
    tracker.prev();
    assert_eq!(shown(&tracker), at("2", "Blue Combat"));
    // The tracker is a ring of the game's ten turns, as the printed track: Prev at the start shows
    // the last turn's last phase (VASSAL showed "Turn -1" when the counter had no limit), and Next
    // from there the start again, never a turn 0 or 11.
    tracker.new_game();
    tracker.prev();
    assert_eq!(shown(&tracker), at("10", "Blue Combat"));
    tracker.prev();
    assert_eq!(shown(&tracker), at("10", "Blue Movement"));
    tracker.next();
    tracker.next();
    assert_eq!(shown(&tracker), at("1", "Red Combat"));
    // The same through the whole game: forty steps on from the start come back to it.
    let mut turns = std::collections::BTreeSet::new();
    for _ in 0..(3 + 9 * 4) {
        tracker.next();
        turns.insert(shown(&tracker).0.parse::<u32>().unwrap());
    }
    assert_eq!(turns, (1..=10).collect());
    assert_eq!(shown(&tracker), at("1", "Red Combat"));
    // The first scenario, the module's own setup, needs no state in a save.
    assert!(!view.archive.entries.contains_key("scenarios/day-one.vsav"));
}

#[test]
fn a_tracker_of_one_level_is_a_ring_of_the_games_turns_too() {
    // The tiny game: three turns, its first scenario starting in the first phase (one level).
    let (game, view) = module_of("tiny", "tiny");
    let phases: Vec<String> = game.rules.phases.iter().map(|p| p.name.clone()).collect();
    let mut tracker = TurnTracker::of_module(&view.root).expect("a turn tracker");
    tracker.new_game();
    let start = shown(&tracker);
    assert_eq!(start, at("1", &phases[0]));
    tracker.prev();
    assert_eq!(
        shown(&tracker),
        at("3", phases.last().unwrap()),
        "not turn 0"
    );
    tracker.next();
    assert_eq!(shown(&tracker), start, "not turn 4");
}

#[test]
fn a_later_scenarios_save_starts_the_tracker_on_its_own_turn_and_phase() {
    let (_, view) = two_days();
    let commands = save_commands(&view, "day-two");
    let state = turn_state(&commands).expect("the second day sets the tracker");
    // The tracker's second level (every turn after the first), turn 6, phase 3 of 4; the first
    // level as New Game leaves it. Every list state names its items active, as VASSAL's own
    // getState writes it.
    assert_eq!(
        state,
        "1|1;0;true;1;0\\;0\\;0\\;true,true,true|6;0;true;10;2\\;0\\;0\\;true,true,true,true"
    );
    let mut tracker = TurnTracker::of_module(&view.root).expect("a turn tracker");
    tracker.load(&state);
    assert_eq!(shown(&tracker), at("6", "Blue Movement"));
    // VASSAL writes back the state it read: nothing in it was defaulted.
    assert_eq!(tracker.state(), state);
    tracker.next();
    assert_eq!(shown(&tracker), at("6", "Blue Combat"));
    tracker.next();
    assert_eq!(shown(&tracker), at("7", "Red Movement"));
    // It tells the module which scenario is played: the phase announcements read it.
    assert!(
        commands.contains(&"GlobalProperty\t;Scenario;day-two;Module".to_string()),
        "{commands:?}"
    );
}

/// The level (from 1) and the level names of the control marker of the city on `hex`.
fn control_face(piece: &DecodedPiece, hex: &str) -> Option<String> {
    let marks = piece
        .traits
        .iter()
        .any(|(t, s)| t.starts_with("mark;ControlHex") && s == hex);
    if !marks {
        return None;
    }
    piece.traits.iter().find_map(|(t, s)| {
        let names = layer_level_names(t)?;
        let level = layer_level(s);
        names.get(usize::try_from(level - 1).ok()?).cloned()
    })
}

#[test]
fn each_scenario_shows_its_own_control_of_the_town() {
    let (_, view) = two_days();
    // The first day: the module's at-start stacks.
    let at_start: Vec<DecodedPiece> = view
        .root
        .walk()
        .into_iter()
        .filter(|n| n.tag.ends_with(".SetupStack"))
        .flat_map(|stack| stack.children.iter())
        .filter_map(|slot| decode_add_piece(&slot.text).ok())
        .collect();
    let faces: Vec<String> = at_start
        .iter()
        .filter_map(|p| control_face(p, "0404"))
        .collect();
    assert_eq!(faces, ["+ (Blue)"], "the first day: Blue holds Bluetown");
    // The second day: its saved game.
    let faces: Vec<String> = save_commands(&view, "day-two")
        .iter()
        .filter(|c| c.starts_with("+/"))
        .filter_map(|c| decode_add_piece(c).ok())
        .filter_map(|p| control_face(&p, "0404"))
        .collect();
    assert_eq!(faces, ["+ (Red)"], "the second day: Red holds Bluetown");
    // Redtown is Red's in both.
    let redtown: Vec<String> = save_commands(&view, "day-two")
        .iter()
        .filter_map(|c| decode_add_piece(c).ok())
        .filter_map(|p| control_face(&p, "0101"))
        .collect();
    assert_eq!(redtown, ["+ (Red)"]);
}

#[test]
fn the_turn_record_names_the_scenario_of_each_arrival() {
    let (game, view) = two_days();
    let plan = Plan::new(
        &game,
        vmodc::concept::texts::default_texts(&game),
        vmodc::concept::CONCEPTS,
    );
    let arrivals = |turn: usize| -> Vec<String> {
        plan.track.boxes[turn - 1]
            .texts_of(LineKind::Reinforcement)
            .map(str::to_string)
            .collect()
    };
    assert_eq!(arrivals(9), ["First day: + B2"]);
    assert_eq!(arrivals(10), ["Second day: + B2"]);
    // The turn chart (the Charts window's and the PDF's) says the same.
    let chart = vmodc::pipeline::turn_chart_boxes(&game, &plan);
    assert_eq!(chart[8].lines, ["First day: + B2"]);
    assert_eq!(chart[9].lines, ["Second day: + B2"]);
    // Each scenario's arrival piece waits in its own turn's box: the first day's at-start stack,
    // the second day's save.
    let turn_box_of_b2 = |commands: &[String]| -> Vec<i32> {
        let boxes = &plan.track.boxes;
        commands
            .iter()
            .filter_map(|c| decode_add_piece(c).ok())
            .filter(|p| p.traits.iter().any(|(t, _)| t.contains(";B2")))
            .filter_map(|p| {
                let (_, state) = p.traits.last()?;
                let mut fields = state.split(';').skip(1);
                let x: i32 = fields.next()?.parse().ok()?;
                boxes
                    .iter()
                    .position(|b| (b.x as i32..(b.x + b.w) as i32).contains(&x))
                    .map(|i| i as i32 + 1)
            })
            .collect()
    };
    assert_eq!(turn_box_of_b2(&save_commands(&view, "day-two")), [10]);
    // The phase announcements name each scenario's arrival on its turn, under its name.
    let tracker = view
        .root
        .walk()
        .into_iter()
        .find(|n| n.tag.ends_with(".TurnTracker"))
        .expect("a tracker");
    let report = tracker.attr("reportFormat");
    assert!(
        report.contains("Scenario==\"day-one\"&&Turn==9")
            || report.contains("Scenario == \"day-one\" && Turn == 9"),
        "{report}"
    );
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

#[test]
fn a_hand_edited_tracker_state_steps_without_a_panic() {
    // A save is someone else's file: indexes past the levels and the lists, and a counter at the
    // edge of i32, are read and stepped as VASSAL's reader would get them, never a panic.
    let (_, view) = two_days();
    for state in [
        "1|99;0;true;1;0\\;0\\;0\\;true|6;0;false;-1;-7\\;0\\;0\\;true",
        "2147483647|5;0;false;-1;99\\;9\\;0\\;true,true",
        "|;;;;-2147483648",
    ] {
        let mut tracker = TurnTracker::of_module(&view.root).expect("a turn tracker");
        tracker.load(state);
        for _ in 0..12 {
            tracker.next();
        }
        for _ in 0..12 {
            tracker.prev();
        }
        let _ = tracker.shown();
    }
}

#[test]
fn the_victory_check_judges_by_the_conditions_of_the_scenario_played() {
    use crate::common::module_piece::Piece;
    use vmodc::concept::module::props;
    let (game, _) = two_days();
    let plan = Plan::new(
        &game,
        vmodc::concept::texts::default_texts(&game),
        vmodc::concept::CONCEPTS,
    );
    let report = vmodc::concept::victory::module::victory_report(&game, &plan).expect("a report");
    // Bluetown (0404) held by Red (level 1, the first side) or by Blue (level 2).
    let judge = |scenario: &str, level: &str| {
        let marker = Piece {
            props: [
                (props::CONTROL_HEX.to_string(), "0404".to_string()),
                (props::CONTROL_LEVEL.to_string(), level.to_string()),
            ]
            .into(),
            game: &game,
            all: Vec::new(),
        };
        let host = Piece {
            props: [(props::SCENARIO.to_string(), scenario.to_string())].into(),
            game: &game,
            all: vec![&marker],
        };
        report.eval(&host).expect("evaluates").render()
    };
    // The first day (rule 11.0): Red wins by holding Bluetown. The second (12.2): Blue wins by
    // holding it, where the module used to judge every scenario by the first day's conditions.
    assert_eq!(judge("day-one", "1"), "Victory (rule 11.0): Red wins.");
    assert_eq!(judge("day-one", "2"), "Victory (rule 11.0): Blue wins.");
    assert_eq!(judge("day-two", "2"), "Victory (rule 12.2): Blue wins.");
    assert_eq!(judge("day-two", "1"), "Victory (rule 12.2): Red wins.");
    // The audit's rule (`Victory::first_holding`) gives the same result as the module's report.
    for scenario in &game.scenarios {
        let (_, victory) = game.victory_of(scenario).expect("conditions");
        for (level, side) in game.rules.sides.iter().enumerate() {
            let holder = |hex: &str| (hex == "0404").then(|| side.id.value.clone());
            let result = victory
                .first_holding(holder)
                .map_or(victory.otherwise.as_str(), |(_, c)| c.result.as_str());
            let shown = judge(scenario.scenario.id.as_str(), &(level + 1).to_string());
            assert!(shown.ends_with(result), "{shown} / {result}");
        }
    }
}
