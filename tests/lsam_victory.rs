//! The Last Stand at Moscow's victory (12.0 steps 5 and 6) as victory points: the damage markers the
//! players keep, less the German-loss adjustment in bands, then the five levels (7-9 is the draw of
//! `otherwise`).

use std::path::Path;
use vmodc::concept::victory::score::score;
use vmodc::diag::Sources;

fn points() -> vmodc::concept::game::VictoryPoints {
    let mut sources = Sources::default();
    let game = vmodc::load::load_game(Path::new("."), "lsam", &mut sources).expect("lsam loads");
    let scenario = game.scenarios.first().expect("a scenario");
    scenario
        .victory
        .as_ref()
        .and_then(|v| v.points.clone())
        .expect("victory points")
}

/// The result for `damage` markers and `losses` eliminated German units.
fn result(damage: u32, losses: u32) -> (f64, Option<String>) {
    let vp = points();
    let s = score(&vp, |t| match t.name.as_str() {
        "Soviet damage markers" => damage,
        "German losses" => losses,
        other => panic!("unexpected term {other}"),
    });
    (s.total, s.result.map(|r| r.1))
}

#[test]
fn damage_less_the_german_loss_bands_gives_the_level() {
    // 12.0 step 5: 0-9 losses 0, 10-19 -1, 20-25 -2, 26 or more -3.
    assert_eq!(result(11, 9).0, 11.0);
    assert_eq!(result(11, 10).0, 10.0);
    assert_eq!(result(11, 19).0, 10.0);
    assert_eq!(result(11, 20).0, 9.0);
    assert_eq!(result(11, 25).0, 9.0);
    assert_eq!(result(11, 26).0, 8.0);
    assert_eq!(result(11, 40).0, 8.0);
    // 12.0 step 6: the five levels.
    assert_eq!(
        result(3, 0).1.as_deref(),
        Some("Soviet operational victory")
    );
    assert_eq!(result(6, 0).1.as_deref(), Some("Soviet tactical victory"));
    assert_eq!(result(8, 0).1, None, "7-9 is the draw (`otherwise`)");
    assert_eq!(result(11, 12).1.as_deref(), Some("German tactical victory"));
    assert_eq!(
        result(16, 26).1.as_deref(),
        Some("German operational victory")
    );
    assert_eq!(result(15, 26).1.as_deref(), Some("German tactical victory"));
}
