//! Phases skipped in some turns (concept `sequence`, skip.rs): The Last Stand at Moscow plays no
//! reaction or exploitation phase in Rain and no Katyusha phase before turn 7 (3.0). The module's
//! phase announcement, evaluated as VASSAL would, says "not played" exactly when the Rust rule does.

use crate::common::module_piece::Piece;
use std::collections::BTreeMap;
use std::path::Path;
use vmodc::concept::game::Game;
use vmodc::concept::module::props;
use vmodc::concept::plan::Plan;
use vmodc::concept::sequence::module::phase_report;
use vmodc::concept::sequence::skip::{skipped, Skip};
use vmodc::concept::texts::default_texts;
use vmodc::concept::weather::turn::weather_of_turn;
use vmodc::diag::Sources;
use vmodc::model::Sp;

/// The shipped game, with Rain on turn 3 so that the weather skip is exercised (the printed turn
/// track's weather is not in the rulebook's text).
fn lsam_with_rain_on_turn_3() -> Game {
    let mut sources = Sources::default();
    let mut game = vmodc::load::load_game(Path::new("."), "lsam", &mut sources).expect("lsam");
    let rain = game
        .rules
        .data
        .weather
        .iter_mut()
        .find(|w| w.id.as_str() == "rain")
        .expect("a rain weather");
    rain.turns.push(Sp::synthetic(3));
    game
}

#[test]
fn rust_rule_follows_the_rulebook() {
    let game = lsam_with_rain_on_turn_3();
    let phase = |id: &str| {
        game.rules
            .phases
            .iter()
            .find(|p| p.id.as_str() == id)
            .expect(id)
    };
    assert_eq!(
        skipped(phase("katyusha"), 6, "snow"),
        Some(Skip::BeforeFirstTurn(7))
    );
    assert_eq!(skipped(phase("katyusha"), 7, "snow"), None);
    assert_eq!(
        skipped(phase("soviet-reaction"), 3, "rain"),
        Some(Skip::InWeather("rain".into()))
    );
    assert_eq!(skipped(phase("soviet-reaction"), 3, "frost"), None);
    assert_eq!(skipped(phase("german-combat"), 3, "rain"), None);
}

#[test]
fn module_announcement_agrees_with_the_rust_rule() {
    let game = lsam_with_rain_on_turn_3();
    let plan = Plan::new(&game, default_texts(&game), vmodc::concept::CONCEPTS);
    let report = phase_report(&game, &plan);
    let mut skips = 0;
    for phase in &game.rules.phases {
        for turn in 1..=game.rules.turns.count.value {
            let weather = weather_of_turn(&game.rules, turn).map_or("", |w| w.id.as_str());
            let name = plan.tx.get(&format!("phases.{}", phase.id.as_str()));
            let piece = Piece {
                props: BTreeMap::from([
                    (props::PHASE.to_string(), name),
                    (props::TURN.to_string(), turn.to_string()),
                ]),
                game: &game,
                all: Vec::new(),
            };
            let text = report.eval(&piece).expect("evaluates").render();
            let expected = skipped(phase, turn, weather);
            assert_eq!(
                text.contains("not played this turn"),
                expected.is_some(),
                "{} on turn {turn} ({weather}): {text}",
                phase.id.as_str()
            );
            match expected {
                Some(Skip::BeforeFirstTurn(t)) => {
                    assert!(
                        text.contains(&format!("first played on turn {t}")),
                        "{text}"
                    )
                }
                Some(Skip::InWeather(_)) => assert!(text.contains("none in Rain"), "{text}"),
                None => {}
            }
            skips += usize::from(expected.is_some());
        }
    }
    // Katyusha on turns 1-6, and the four reaction and exploitation phases on turn 3.
    assert_eq!(skips, 6 + 4);
}

/// Turn values (`[[turn_values]]`): the supply phases announce the turn's air points, the value the
/// Rust rule gives, or `?` where the rulebook's text does not give it (9.11: turn 5, German 2 and
/// Soviet 1; Q9: turn 7, 7 rifle rebuilds); the turn boxes print the same.
#[test]
fn turn_values_are_announced_and_printed() {
    let mut sources = Sources::default();
    let game = vmodc::load::load_game(Path::new("."), "lsam", &mut sources).expect("lsam");
    let plan = Plan::new(&game, default_texts(&game), vmodc::concept::CONCEPTS);
    let report = phase_report(&game, &plan);
    let value = |id: &str| {
        game.rules
            .turn_values
            .iter()
            .find(|v| v.id.as_str() == id)
            .expect(id)
    };
    assert_eq!(value("german-air").on_turn(5), Some(2));
    assert_eq!(value("soviet-air").on_turn(5), Some(1));
    assert_eq!(value("rifle-rebuilds").on_turn(7), Some(7));
    assert_eq!(value("german-air").on_turn(4), None);
    for turn in 1..=10 {
        let announce = |phase: &str| {
            let piece = Piece {
                props: BTreeMap::from([
                    (
                        props::PHASE.to_string(),
                        plan.tx.get(&format!("phases.{phase}")),
                    ),
                    (props::TURN.to_string(), turn.to_string()),
                ]),
                game: &game,
                all: Vec::new(),
            };
            report.eval(&piece).expect("evaluates").render()
        };
        let shown = |id: &str| {
            value(id)
                .on_turn(turn)
                .map_or("?".to_string(), |n| n.to_string())
        };
        let german = announce("german-supply");
        assert!(
            german.contains(&format!("German air points: {}.", shown("german-air"))),
            "{german}"
        );
        assert!(german.contains("German supply units: ?."), "{german}");
        assert!(!german.contains("Soviet air points"), "{german}");
        let soviet = announce("soviet-supply");
        assert!(
            soviet.contains(&format!("Soviet air points: {}.", shown("soviet-air"))),
            "{soviet}"
        );
        assert!(
            soviet.contains(&format!(
                "Soviet rifle rebuilds: {}.",
                shown("rifle-rebuilds")
            )),
            "{soviet}"
        );
        let lines = vmodc::concept::sequence::track::turn_value_lines(&game, &plan.tx, turn);
        assert!(
            lines.contains(&format!("German air points: {}", shown("german-air"))),
            "{lines:?}"
        );
    }
}
