//! `vmodc audit` of Battle for Moscow logs (`cargo bench --bench audit`): reading the log, opening the
//! module with its rules data, and refereeing every step.
//!
//! - `audit/legal-full`: both players' turn 1 recorded in real VASSAL (19 steps, a combat);
//! - `audit/long-game`: three whole games of logged steps (399 steps), the log the integration test
//!   `a_whole_games_log_finds_the_mud_moves_of_every_game` leaves in `target/audit-long-game.vlog`
//!   (run `cargo test --test integration whole_games_log` first; skipped when it is not there).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use vmodc::audit::{audit, rules};
use vmodc::save::dump::Locations;
use vmodc::save::log::GameLog;
use vmodc::verify::view::open_module;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The whole audit of `log` with the shipped English module, as the command runs it.
fn audited(log: &[u8], module: &[u8]) -> usize {
    let log = GameLog::read(log).expect("the log reads");
    let view = open_module(module).expect("the module opens");
    let game = rules::from_module(&view, "b4m-en.vmod").expect("rules data");
    audit(&game, &Locations::from_view(&view), &log)
        .findings
        .len()
}

fn bench_log(c: &mut Criterion, name: &str, log: &Path) {
    let Ok(bytes) = std::fs::read(log) else {
        eprintln!("{}: not there, skipped", log.display());
        return;
    };
    let module = std::fs::read(repo().join("dist/b4m-en.vmod")).expect("dist/b4m-en.vmod");
    c.bench_function(&format!("audit/{name}"), |b| {
        b.iter(|| black_box(audited(&bytes, &module)))
    });
}

fn logs(c: &mut Criterion) {
    let root = repo();
    bench_log(
        c,
        "legal-full",
        &root.join("tests/fixtures/audit/legal-full.vlog"),
    );
    bench_log(c, "long-game", &root.join("target/audit-long-game.vlog"));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = logs
}
criterion_main!(benches);
