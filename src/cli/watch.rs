//! `vmodc build --watch`: build, then build again each time the game's data is saved, printing the
//! diagnostics of every build, until Ctrl-C.
//!
//! The data folders are polled (a scan of file sizes and modification times every
//! [`POLL`]) rather than watched through the operating system's notifications: a game's data is a few
//! dozen files, so a scan costs well under a millisecond; polling needs no dependency and no
//! platform backend, and it sees every way an editor saves (in place, or a new file renamed over the
//! old one) the same way. A burst of saves (an editor writing a backup, then the file; "save all") is
//! one rebuild: the build starts once a scan finds nothing new for [`QUIET`].
//!
//! Ctrl-C sets a flag the loop reads between builds, so a build under way finishes: modules are
//! written to a temporary file and renamed (`package::write_atomic`), and never left half-written in
//! the output folder.

use super::Format;
use crate::pipeline::Options;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

/// How often the data folders are scanned.
pub const POLL: Duration = Duration::from_millis(100);
/// How long the data must stay unchanged after a save before the rebuild starts.
pub const QUIET: Duration = Duration::from_millis(150);

/// The folders of a project that hold a game's data (the art folder by convention: the data names
/// its images by paths under the root, usually `art/<game>/`).
pub const DATA_FOLDERS: [&str; 7] = [
    "rules",
    "counters",
    "maps",
    "scenarios",
    "i18n",
    "changes",
    "art",
];

/// Every data file under `root`'s data folders, with its size and modification time.
pub type Snapshot = BTreeMap<PathBuf, (u64, Option<SystemTime>)>;

/// Scan the data folders of `root` (paths relative to it).
pub fn snapshot(root: &Path) -> Snapshot {
    let mut files = Snapshot::new();
    for folder in DATA_FOLDERS {
        for entry in walkdir::WalkDir::new(root.join(folder))
            .into_iter()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file())
        {
            // An editor's backup or swap file (`.x.toml.swp`, `x.toml~`) is not data.
            let name = entry.file_name().to_string_lossy();
            if name.starts_with('.') || name.ends_with('~') {
                continue;
            }
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            let rel = entry
                .path()
                .strip_prefix(root)
                .unwrap_or(entry.path())
                .to_path_buf();
            files.insert(rel, (meta.len(), meta.modified().ok()));
        }
    }
    files
}

/// The files added, removed or changed between two scans.
pub fn changed_paths(before: &Snapshot, after: &Snapshot) -> BTreeSet<PathBuf> {
    let mut changed: BTreeSet<PathBuf> = after
        .iter()
        .filter(|(path, stamp)| before.get(*path) != Some(stamp))
        .map(|(path, _)| path.clone())
        .collect();
    changed.extend(
        before
            .keys()
            .filter(|path| !after.contains_key(*path))
            .cloned(),
    );
    changed
}

/// The watched games a change of `paths` (relative to the root) may affect, in the order of
/// `watched`. A file named after a game (`rules/<id>.toml`, `counters/<id>.toml`, `maps/<id>.toml`,
/// `changes/<id>.toml`, anything under `scenarios/<id>/`, `i18n/<id>/` or `art/<id>/`) affects that
/// game only; a file named after no game (a series' rules, the interface catalogs, a shared image)
/// may affect any, so every watched game is rebuilt.
pub fn games_to_rebuild<P: AsRef<Path>>(
    paths: &[P],
    watched: &[String],
    all_games: &[String],
) -> Vec<String> {
    let mut hit: BTreeSet<&str> = BTreeSet::new();
    for path in paths {
        let path = path.as_ref();
        let parts: Vec<String> = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let named = match parts.as_slice() {
            [folder, file]
                if ["rules", "counters", "maps", "changes"].contains(&folder.as_str()) =>
            {
                Path::new(file)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
            }
            [folder, game, _, ..] if ["scenarios", "i18n", "art"].contains(&folder.as_str()) => {
                Some(game.clone())
            }
            [folder, file] if ["scenarios", "i18n", "art"].contains(&folder.as_str()) => {
                Path::new(file)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
            }
            _ => None,
        };
        match named {
            Some(game) if all_games.contains(&game) => {
                if let Some(w) = watched.iter().find(|w| **w == game) {
                    hit.insert(w);
                }
            }
            _ => return watched.to_vec(),
        }
    }
    watched
        .iter()
        .filter(|w| hit.contains(w.as_str()))
        .cloned()
        .collect()
}

/// Build `games`, then rebuild the ones a save affects, until Ctrl-C. The exit code is the last
/// build's.
pub fn run_watch(games: Vec<String>, options: Options, format: Format) -> ExitCode {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        errln!("error: cannot catch Ctrl-C: {e}");
        return ExitCode::from(super::USAGE);
    }
    let root = options.root.clone();
    let all_games = crate::load::discover(&root).unwrap_or_default();
    let watched = if games.is_empty() {
        all_games.clone()
    } else {
        games
    };
    // The files as the first build reads them: a save made during that build (or just after its
    // closing line, before the first poll) is a change, not the starting point.
    let mut seen = snapshot(&root);
    let started = Instant::now();
    let mut code = super::build::run_build(watched.clone(), options.clone(), format);
    let folders = DATA_FOLDERS.map(|f| format!("{f}/")).join(", ");
    errln!(
        "watch: built in {:.2} s; watching {folders} under {} (Ctrl-C stops)",
        started.elapsed().as_secs_f64(),
        root.display()
    );
    while !stop.load(Ordering::SeqCst) {
        std::thread::sleep(POLL);
        let now = snapshot(&root);
        if now == seen {
            continue;
        }
        // Wait for the burst of saves to end.
        let mut settled = now;
        loop {
            std::thread::sleep(QUIET);
            let again = snapshot(&root);
            if again == settled || stop.load(Ordering::SeqCst) {
                break;
            }
            settled = again;
        }
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let changed: Vec<PathBuf> = changed_paths(&seen, &settled).into_iter().collect();
        seen = settled;
        // A new game (rules/<id>.toml added) is one more game to know.
        let all_games = crate::load::discover(&root).unwrap_or_else(|_| all_games.clone());
        let rebuild = games_to_rebuild(&changed, &watched, &all_games);
        if rebuild.is_empty() {
            continue;
        }
        let shown: Vec<String> = changed.iter().map(|p| p.display().to_string()).collect();
        errln!("watch: changed {}", shown.join(", "));
        let started = Instant::now();
        code = super::build::run_build(rebuild.clone(), options.clone(), format);
        errln!(
            "watch: rebuilt {} in {:.2} s; watching (Ctrl-C stops)",
            rebuild.join(", "),
            started.elapsed().as_secs_f64()
        );
    }
    errln!("watch: stopped");
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_file_named_after_a_game_rebuilds_that_game() {
        let all = games(&["b4m", "lsam", "ocs"]);
        let watched = games(&["b4m", "lsam"]);
        for path in [
            "rules/lsam.toml",
            "counters/lsam.toml",
            "maps/lsam.toml",
            "changes/lsam.toml",
            "scenarios/lsam/standard.toml",
            "scenarios/lsam.toml",
            "i18n/lsam/ja.toml",
            "art/lsam/map.jpg",
        ] {
            assert_eq!(
                games_to_rebuild(&[path], &watched, &all),
                ["lsam"],
                "{path}"
            );
        }
        assert_eq!(
            games_to_rebuild(&["maps/b4m.toml", "rules/lsam.toml"], &watched, &all),
            ["b4m", "lsam"]
        );
    }

    #[test]
    fn a_game_not_watched_rebuilds_nothing() {
        let all = games(&["b4m", "lsam", "ocs"]);
        let watched = games(&["b4m"]);
        assert!(games_to_rebuild(&["rules/ocs.toml"], &watched, &all).is_empty());
    }

    #[test]
    fn a_shared_file_rebuilds_every_watched_game() {
        let all = games(&["b4m", "lsam", "ocs"]);
        let watched = games(&["b4m", "ocs"]);
        // A series' rules, the interface catalogs, an image outside a game's folder.
        for path in [
            "rules/ocs-series.toml",
            "i18n/interface/ja.toml",
            "art/shared.png",
        ] {
            assert_eq!(
                games_to_rebuild(&[path], &watched, &all),
                ["b4m", "ocs"],
                "{path}"
            );
        }
    }

    #[test]
    fn changes_are_files_added_removed_or_rewritten() {
        let t = Some(SystemTime::UNIX_EPOCH);
        let before: Snapshot = [
            (PathBuf::from("rules/a.toml"), (10, t)),
            (PathBuf::from("maps/a.toml"), (20, t)),
            (PathBuf::from("counters/a.toml"), (30, t)),
        ]
        .into();
        let after: Snapshot = [
            (PathBuf::from("rules/a.toml"), (10, t)),
            (PathBuf::from("maps/a.toml"), (21, t)),
            (PathBuf::from("scenarios/a/s.toml"), (5, t)),
        ]
        .into();
        let changed: Vec<PathBuf> = changed_paths(&before, &after).into_iter().collect();
        assert_eq!(
            changed,
            [
                PathBuf::from("counters/a.toml"),
                PathBuf::from("maps/a.toml"),
                PathBuf::from("scenarios/a/s.toml")
            ]
        );
        assert!(changed_paths(&after, &after).is_empty());
    }
}
