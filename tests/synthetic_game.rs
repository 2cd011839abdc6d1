//! The generated game of the benchmarks and scale tests (`tests/common/synthetic.rs`): it loads, checks
//! clean, and is the same for the same parameters.

use crate::synthetic;

use synthetic::{files, game, grid, write, Params, Rng};
use vmodc::concept::game::HexId;
use vmodc::diag::{Report, Severity, Sources};

fn small() -> Params {
    Params::new("synth-test", 2, 8, 7, 60)
}

fn assert_clean(report: &Report, sources: &Sources) {
    let bad: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity >= Severity::Warning)
        .map(|d| d.render(sources))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_small_game_loads_and_checks_clean() {
    let p = small();
    let (game, sources) = game(&p).unwrap_or_else(|r| panic!("{:?}", r.diagnostics));
    assert_eq!(game.map.grid.hexes().len() as u64, p.hexes());
    assert_eq!(game.counters.units.len(), 60);
    let report = vmodc::check::check_game(&game, &sources);
    assert_clean(&report, &sources);
    // Every unit is either set up or a reinforcement; 60 units fit on 112 hexes.
    assert_eq!(game.scenarios[0].setup.len(), 60);
}

#[test]
fn written_files_load_through_the_loader() {
    let p = Params::new("synth-disk", 1, 6, 5, 40);
    let root = std::env::temp_dir().join(format!("vmodc-synthetic-{}", std::process::id()));
    write(&p, &root).unwrap();
    let mut sources = Sources::default();
    let (game, report) = vmodc::pipeline::load_and_check(&root, &p.id, &mut sources);
    let _ = std::fs::remove_dir_all(&root);
    assert_clean(&report, &sources);
    let game = game.unwrap().game;
    // 30 hexes: 15 per side, so 5 units per side wait for later turns.
    assert_eq!(game.scenarios[0].setup.len(), 30);
    assert_eq!(game.scenarios[0].reinforcements.len(), 10);
}

#[test]
fn generation_is_deterministic_and_seeded() {
    let p = small();
    assert_eq!(files(&p), files(&p));
    let other = Params { seed: 7, ..small() };
    assert_ne!(files(&p).map, files(&other).map);
}

#[test]
fn labels_are_lettered_and_round_trip() {
    let p = Params::new("synth-labels", 4, 30, 12, 0);
    let (game, sources) = game(&p).unwrap_or_else(|r| panic!("{:?}", r.diagnostics));
    assert_clean(&vmodc::check::check_game(&game, &sources), &sources);
    let g = grid(&p);
    let h = HexId {
        sheet: 3,
        col: 21,
        row: 9,
    };
    assert_eq!(g.label(h), "D21.09");
    assert_eq!(g.parse("D21.09"), Some(h));
    assert_eq!(g.parse("E21.09"), None);
    assert_eq!(g.hexes().len(), 4 * 30 * 12);
    // A B over C D.
    assert_eq!(g.sheet_at(1), [1, 0]);
    assert_eq!(g.sheet_at(2), [0, 1]);
    // Hexes of different sheets are never neighbours.
    for h in g.hexes() {
        assert!(g.neighbours(h).iter().all(|n| n.sheet == h.sheet));
    }
}

#[test]
fn rng_is_uniform_enough() {
    let mut rng = Rng::new(1);
    let mut counts = [0u32; 6];
    for _ in 0..6000 {
        counts[rng.below(6) as usize] += 1;
    }
    assert!(
        counts.iter().all(|&c| (850..1150).contains(&c)),
        "{counts:?}"
    );
}
