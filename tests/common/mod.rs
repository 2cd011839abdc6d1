//! Helpers shared by the integration tests: temporary project folders, copies of games, textual patches
//! and a one-call "load and check everything" that returns the diagnostics with their sources.

pub mod module_piece;
pub mod pdf;
pub mod source;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use vmodc::diag::{Diagnostic, Report, Severity, Sources};

/// The repository root (where Cargo.toml is).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A folder under the system temp dir, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let path = std::env::temp_dir().join(format!(
            "vmodc-test-{tag}-{}-{n}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        TempDir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Copy a folder tree.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    let entries = std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.path().display()));
        }
    }
}

/// Copy the data of one game (`rules/`, `counters/`, `maps/`, `scenarios/<id>/`, and its release
/// history `changes/<id>.toml` when it has one) from `root` to `dst`.
pub fn copy_game(root: &Path, id: &str, dst: &Path) {
    for dir in ["rules", "counters", "maps"] {
        std::fs::create_dir_all(dst.join(dir)).unwrap_or_else(|e| panic!("{dir}: {e}"));
        let rel = format!("{dir}/{id}.toml");
        std::fs::copy(root.join(&rel), dst.join(&rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    }
    let history = format!("changes/{id}.toml");
    if root.join(&history).is_file() {
        std::fs::create_dir_all(dst.join("changes")).unwrap_or_else(|e| panic!("changes: {e}"));
        std::fs::copy(root.join(&history), dst.join(&history))
            .unwrap_or_else(|e| panic!("{history}: {e}"));
    }
    copy_tree(
        &root.join("scenarios").join(id),
        &dst.join("scenarios").join(id),
    );
}

/// Copy the language catalogs of one game (`i18n/<id>/`) and the interface catalogs every game
/// shares (`i18n/interface/`) from `root` to `dst`.
pub fn copy_catalogs(root: &Path, id: &str, dst: &Path) {
    for dir in [id, vmodc::i18n::INTERFACE_FOLDER] {
        let rel = Path::new("i18n").join(dir);
        copy_tree(&root.join(&rel), &dst.join(&rel));
    }
}

/// The tiny test game (tests/fixtures/tiny) copied into a fresh temporary folder.
pub fn tiny_copy() -> TempDir {
    let dir = TempDir::new("tiny");
    copy_tree(&repo().join("tests/fixtures/tiny"), dir.path());
    dir
}

/// Replace the one occurrence of `from` in `root/file` with `to`. Fails when `from` occurs zero or several
/// times, so a patch can never silently miss after the fixture changes. Returns the byte offset of the
/// replacement in the patched file.
pub fn patch(root: &Path, file: &str, from: &str, to: &str) -> Result<usize, String> {
    let path = root.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: {e}"))?;
    let found: Vec<usize> = text.match_indices(from).map(|(i, _)| i).collect();
    let [at] = found[..] else {
        return Err(format!(
            "{file}: the text to replace occurs {} times, expected once: {from:?}",
            found.len()
        ));
    };
    let patched = format!("{}{to}{}", &text[..at], &text[at + from.len()..]);
    std::fs::write(&path, patched).map_err(|e| format!("{file}: {e}"))?;
    Ok(at)
}

/// 1-based line of a byte offset in a file.
pub fn line_of(root: &Path, file: &str, offset: usize) -> usize {
    let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
    text.get(..offset).map_or(0, |t| t.matches('\n').count()) + 1
}

/// Load and check every game under `root`, as `vmodc check --root root` does.
pub fn check_dir(root: &Path) -> (Sources, Report) {
    let mut sources = Sources::default();
    let mut report = Report::default();
    match vmodc::load::discover(root) {
        Ok(ids) => {
            for id in ids {
                // As `vmodc check` and the build do: the checks, the catalogs (a game without
                // i18n/<id>/ has none) and the measured labels.
                let (_, r) = vmodc::pipeline::load_and_check(root, &id, &mut sources);
                report.extend(r);
            }
        }
        Err(d) => report.push(d),
    }
    (sources, report)
}

/// Every diagnostic rendered, for failure messages.
/// Every module of a shipped game, compiled in memory as `vmodc build` writes it: (file name in
/// dist/, game, archive bytes), one per language.
pub fn compiled_modules(id: &str) -> Vec<(String, vmodc::concept::game::Game, Vec<u8>)> {
    let mut sources = Sources::default();
    let (loaded, report) = vmodc::pipeline::load_and_check(Path::new("."), id, &mut sources);
    assert!(!report.has_errors(), "{id}: {:?}", report.diagnostics);
    let loaded = loaded.expect("shipped data loads");
    vmodc::pipeline::languages(&loaded)
        .into_iter()
        .map(|lang| {
            let entries =
                vmodc::pipeline::compile_language(&loaded, lang.as_deref()).expect("compiles");
            let bytes = vmodc::package::zip_bytes(&entries).expect("zip");
            let name = vmodc::pipeline::module_file_name(&loaded.game, lang.as_deref());
            (name, loaded.game.clone(), bytes)
        })
        .collect()
}

/// Every diagnostic rendered, for failure messages.
pub fn render_all(sources: &Sources, report: &Report) -> String {
    report
        .diagnostics
        .iter()
        .map(|d| d.render(sources))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The file (as shown to the user), line and column of a diagnostic.
pub fn place(sources: &Sources, d: &Diagnostic) -> (String, Option<usize>, Option<usize>) {
    match d.location(sources) {
        Some((path, line, col)) => (slash(&path), Some(line), Some(col)),
        None => (d.path.as_deref().map(slash).unwrap_or_default(), None, None),
    }
}

/// A path with `/` separators, for comparisons that work on every OS.
pub fn slash(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

pub fn parse_severity(s: &str) -> Severity {
    match s {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        "note" => Severity::Note,
        other => panic!("unknown severity {other:?}"),
    }
}

/// Run the `vmodc` binary built for these tests.
/// Run the vmodc binary in `dir` (commands that work on the current folder: `new`, `build`).
pub fn vmodc_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vmodc"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run vmodc: {e}"))
}

pub fn vmodc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vmodc"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run vmodc: {e}"))
}

/// A run's exit code (-1 when killed by a signal).
pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A run's exit code and output, for assertion messages.
pub fn show(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
        out.status.code(),
        text(&out.stdout),
        text(&out.stderr)
    )
}

/// A path as a command-line argument.
pub fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// A shipped game's data as the repository holds it (the tests run from its root).
pub fn shipped_game(id: &str) -> vmodc::concept::game::Game {
    let mut sources = Sources::default();
    vmodc::load::load_game(Path::new("."), id, &mut sources)
        .unwrap_or_else(|_| panic!("{id} loads"))
}

/// The fenced code blocks of a Markdown text, in order, each with the line its fence opens on (the
/// guides the tests build from: docs/first-game.md, the Shapes section of docs/data-format.md).
pub fn code_blocks(lines: &[&str]) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in lines.iter().enumerate() {
        match open.take() {
            None if line.starts_with("```") => open = Some((i, String::new())),
            None => {}
            Some((start, body)) if line.starts_with("```") => blocks.push((start, body)),
            Some((start, mut body)) => {
                body.push_str(line);
                body.push('\n');
                open = Some((start, body));
            }
        }
    }
    blocks
}
