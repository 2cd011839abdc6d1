//! `vmodc build --watch` on a copy of the tiny game: it builds, rebuilds after a save with the save's
//! diagnostics, and stops on Ctrl-C leaving no temporary file in the output folder. The timeouts only
//! catch a hang; nothing here depends on how fast a build is.

use crate::common::*;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Generous: a build of the tiny game takes well under a second; this only fails on a hang.
const HANG: Duration = Duration::from_secs(180);

#[cfg(unix)]
#[test]
fn watch_rebuilds_after_a_save_and_stops_on_ctrl_c() {
    let dir = tiny_copy();
    let root = dir.path().to_path_buf();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vmodc"))
        .args([
            "build",
            "tiny",
            "--watch",
            "--no-print",
            "--no-cache",
            "--root",
        ])
        .arg(&root)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vmodc starts");
    let stderr = child.stderr.take().expect("stderr");
    let (lines, received) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    // Every line up to the first one containing `wanted`.
    let wait_for = |wanted: &str| -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match received.recv_timeout(HANG) {
                Ok(line) => {
                    let done = line.contains(wanted);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no line with {wanted:?} ({e}); got:\n{}", seen.join("\n")),
            }
        }
    };
    let first = wait_for("watch: built");
    assert!(
        first.iter().any(|l| l.starts_with("tiny: built")),
        "the first build's closing line: {first:#?}"
    );
    // A save that breaks the data: the rebuild reports it at its line.
    let rules = root.join("rules/tiny.toml");
    let text = std::fs::read_to_string(&rules).expect("rules");
    let broken = text.replacen("[game]\nid = \"tiny\"", "[game]\nid = \"tiny2\"", 1);
    assert_ne!(broken, text, "the edit applies");
    std::fs::write(&rules, broken).expect("save");
    let second = wait_for("watch: rebuilt tiny");
    let second = second.join("\n");
    assert!(
        second.contains("watch: changed rules/tiny.toml"),
        "{second}"
    );
    assert!(second.contains("error[V0823]"), "{second}");
    assert!(second.contains("rules/tiny.toml:3:6"), "{second}");
    // Fixed again: the next rebuild builds.
    std::fs::write(&rules, text).expect("save");
    let third = wait_for("watch: rebuilt tiny").join("\n");
    assert!(third.contains("tiny: "), "{third}");
    assert!(!third.contains("V0823"), "{third}");

    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupted.success());
    let last = wait_for("watch: stopped");
    let status = child.wait().expect("vmodc exits");
    assert!(
        status.code().is_some(),
        "exits, not killed: {status:?} {last:?}"
    );
    let leftovers: Vec<String> = std::fs::read_dir(root.join("dist"))
        .expect("dist")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}
