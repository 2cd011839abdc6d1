//! Issue 17, part 3: the module's version must go up when its content changes. `vmodc check` and
//! `vmodc build` warn (V0604) when a built module differs from the committed one at the same version.

use crate::common::{code, patch, path, show, text, tiny_copy, vmodc, TempDir};
use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=vmodc test",
            "-c",
            "user.email=test@vmodc.invalid",
        ])
        .args(args)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", show(&out));
}

/// The tiny game in a fresh git repository, built and committed with its module.
fn committed_project() -> TempDir {
    let dir = tiny_copy();
    git(dir.path(), &["init", "-q"]);
    let out = vmodc(&["build", "--root", path(dir.path())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "tiny 0.1.0"]);
    dir
}

#[test]
fn a_changed_module_at_the_committed_version_is_reported() {
    let project = committed_project();
    let root = path(project.path());
    let check = || vmodc(&["check", "tiny", "--root", root, "--format", "json"]);
    let warned = |out: &std::process::Output| text(&out.stdout).contains("\"V0604\"");
    // A clean checkout: dist/ is what HEAD holds.
    let out = check();
    assert!(!warned(&out), "{}", show(&out));

    // Errata without a new version: the rebuilt module differs at 0.1.0.
    patch(
        project.path(),
        "counters/tiny.toml",
        "full = \"7-5\", reduced = \"3-5\"",
        "full = \"6-5\", reduced = \"3-5\"",
    )
    .expect("edit");
    let out = vmodc(&["build", "--root", root]);
    assert_eq!(
        code(&out),
        0,
        "a warning does not stop the build: {}",
        show(&out)
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("V0604") && stderr.contains("raise the version"),
        "{stderr}"
    );
    let out = check();
    assert!(warned(&out), "{}", show(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let d = json
        .as_array()
        .and_then(|all| all.iter().find(|d| d["code"] == "V0604"))
        .expect("the warning");
    assert_eq!(d["severity"], "warning");
    let human = vmodc(&["check", "tiny", "--root", root]);
    let human_text = text(&human.stderr) + &text(&human.stdout);
    assert!(
        human_text.contains("rules/tiny.toml:5") && human_text.contains("both are version 0.1.0"),
        "names the version line: {human_text}"
    );
    let out = vmodc(&["check", "tiny", "--root", root, "--deny-warnings"]);
    assert_eq!(code(&out), 1, "{}", show(&out));

    // The version raised: a new module, nothing to say.
    patch(
        project.path(),
        "rules/tiny.toml",
        "version = \"0.1.0\"",
        "version = \"0.1.1\"",
    )
    .expect("raise");
    let out = vmodc(&["build", "--root", root]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    assert!(!text(&out.stderr).contains("V0604"), "{}", show(&out));
    assert!(!warned(&check()));
}

#[test]
fn outside_git_there_is_nothing_to_compare() {
    let dir = tiny_copy();
    let out = vmodc(&["build", "--root", path(dir.path())]);
    assert_eq!(code(&out), 0, "{}", show(&out));
    let out = vmodc(&[
        "check",
        "tiny",
        "--root",
        path(dir.path()),
        "--format",
        "json",
    ]);
    assert!(!text(&out.stdout).contains("V0604"), "{}", show(&out));
}
