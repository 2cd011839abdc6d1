//! Write a generated game's data files into a project folder, to build or check it with `vmodc`:
//!
//! ```text
//! cargo run --release --example synthetic -- ID MAPS COLUMNS ROWS UNITS ROOT
//! cargo run --release -- build ID --root ROOT --out ROOT/dist
//! ```
//!
//! For example `synth 4 50 50 4000 /tmp/synth` writes the OCS-scale game of the benchmarks: four map
//! sheets (A to D) of 50 × 50 hexes and 4,000 two-sided counters.

#[path = "../tests/common/synthetic.rs"]
mod synthetic;

use std::process::ExitCode;
use synthetic::Params;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [id, maps, columns, rows, units, root] = &args[..] else {
        eprintln!("usage: synthetic ID MAPS COLUMNS ROWS UNITS ROOT");
        return ExitCode::from(2);
    };
    let number = |s: &str, what: &str| {
        s.parse::<u32>()
            .map_err(|_| eprintln!("{what} must be a whole number, not `{s}`"))
    };
    let (Ok(maps), Ok(columns), Ok(rows), Ok(units)) = (
        number(maps, "MAPS"),
        number(columns, "COLUMNS"),
        number(rows, "ROWS"),
        number(units, "UNITS"),
    ) else {
        return ExitCode::from(2);
    };
    let p = Params::new(id, maps, columns, rows, units);
    match synthetic::write(&p, std::path::Path::new(root)) {
        Ok(()) => {
            eprintln!(
                "wrote {} ({} hexes, {units} units) under {root}",
                p.id,
                p.hexes()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot write under {root}: {e}");
            ExitCode::FAILURE
        }
    }
}
