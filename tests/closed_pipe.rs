//! Output piped into a reader that stops early (`vmodc odds lsam … | head -1`) ends the command
//! quietly: no panic, no error, exit 0. And odds past a table's edge never name a column the table
//! does not have (issue #32).

use crate::common;
use std::process::{Command, Stdio};

/// Runs vmodc with its stdout on a pipe whose reading end is already closed, so that the first
/// write fails with EPIPE whatever the timing; returns the exit code and stderr.
fn run_into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_vmodc"))
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .expect("vmodc runs");
    (out.status.code(), common::text(&out.stderr))
}

#[test]
fn every_printing_command_ends_quietly_on_a_closed_pipe() {
    let save = common::repo().join("tests/fixtures/saves/b4m-en-1.1.0-moved.vsav");
    let save = save.to_string_lossy().into_owned();
    let commands: [&[&str]; 6] = [
        &["odds", "lsam", "--attack", "10", "--defence", "2"],
        &[
            "odds",
            "ocs",
            "--attack",
            "21",
            "--defence",
            "3.5",
            "--format",
            "json",
        ],
        &["i18n", "status", "lsam"],
        &["check", "lsam", "--todo"],
        &["save", "dump", &save],
        &["--help"],
    ];
    for args in commands {
        let (code, stderr) = run_into_closed_pipe(args);
        assert!(
            !stderr.contains("panicked"),
            "vmodc {args:?} panicked: {stderr}"
        );
        assert!(!stderr.contains("Broken pipe"), "vmodc {args:?}: {stderr}");
        assert_eq!(code, Some(0), "vmodc {args:?}: {stderr}");
    }
}

/// Runs vmodc with stdout and stderr both on pipes whose reading ends are already closed
/// (`vmodc check X 2>&1 | head -1` after `head` has gone): returns the exit code.
fn run_with_closed_stderr(args: &[&str]) -> Option<i32> {
    let (out_reader, out_writer) = std::io::pipe().expect("a pipe");
    let (err_reader, err_writer) = std::io::pipe().expect("a pipe");
    drop((out_reader, err_reader));
    Command::new(env!("CARGO_BIN_EXE_vmodc"))
        .args(args)
        .stdout(Stdio::from(out_writer))
        .stderr(Stdio::from(err_writer))
        .status()
        .expect("vmodc runs")
        .code()
}

#[test]
fn a_closed_stderr_never_turns_an_error_into_a_panic() {
    let dir = common::TempDir::new("closed-stderr");
    let junk = dir.path().join("junk.vmod");
    std::fs::write(&junk, b"not a zip at all").expect("written");
    let junk = junk.to_string_lossy().into_owned();
    let missing = dir.path().join("missing.vsav");
    let missing = missing.to_string_lossy().into_owned();
    let commands: [&[&str]; 4] = [
        &["check", &junk],
        &["save", "dump", &missing],
        &["diff", &junk, &junk],
        &["odds", "no-such-game", "--attack", "1", "--defence", "1"],
    ];
    for args in commands {
        let expected = common::code(&common::vmodc(args));
        assert_ne!(expected, 0, "vmodc {args:?} reports an error");
        // The exit code is the one the command earned: never 101 (a panic in `eprintln!`).
        assert_eq!(
            run_with_closed_stderr(args),
            Some(expected),
            "vmodc {args:?}"
        );
    }
}

/// The column part of an odds line: what follows the odds' second arrow.
fn column_part(line: &str) -> String {
    line.splitn(3, " → ").nth(2).unwrap_or("").to_string()
}

#[test]
fn odds_past_the_table_name_no_column_it_lacks() {
    // lsam's columns are 1:2 … 4:1 (6.0, 8.14); the text gives neither edge of the table.
    let run = |args: &[&str]| {
        let out = common::vmodc(args);
        assert_eq!(common::code(&out), 0, "{}", common::show(&out));
        common::text(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    };
    let above = run(&["odds", "lsam", "--attack", "10", "--defence", "2"]);
    assert!(
        column_part(&above).starts_with("4:1 or a column past it"),
        "{above}"
    );
    let below = run(&["odds", "lsam", "--attack", "1", "--defence", "5"]);
    assert!(
        column_part(&below).starts_with("below the table"),
        "{below}"
    );
    // Shifted from below the table towards it, still below: not a 1:3 column.
    let shifted = run(&[
        "odds",
        "lsam",
        "--attack",
        "1",
        "--defence",
        "5",
        "--count",
        "air-attacker=1",
    ]);
    assert!(
        column_part(&shifted).starts_with("below the table"),
        "{shifted}"
    );
    for line in [&above, &below, &shifted] {
        for missing in ["5:1", "1:3", "1:4", "1:5"] {
            assert!(!column_part(line).starts_with(missing), "{line}");
        }
    }
}
