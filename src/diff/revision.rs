//! A version of the data to compare: a folder, or a git revision of the project, written out into a
//! temporary folder (`git archive`) that is removed afterwards.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A project folder to read one side of a diff from.
pub struct Version {
    pub root: PathBuf,
    /// A temporary copy of a git revision, removed on drop.
    temporary: bool,
    pub label: String,
}

impl Drop for Version {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_dir_all(&self.root);
        }
    }
}

/// `spec` as a folder when one exists there, else as a git revision of the repository at `repo`.
pub fn open(spec: &str, repo: &Path) -> Result<Version, String> {
    let folder = Path::new(spec);
    if folder.join("rules").is_dir() {
        return Ok(Version {
            root: folder.to_path_buf(),
            temporary: false,
            label: spec.to_string(),
        });
    }
    let dir = std::env::temp_dir().join(format!(
        "vmodc-diff-{}-{}",
        std::process::id(),
        spec.replace(|c: char| !c.is_ascii_alphanumeric(), "_")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let version = Version {
        root: dir.clone(),
        temporary: true,
        label: spec.to_string(),
    };
    archive(spec, repo, &dir)?;
    Ok(version)
}

/// `git archive REV | tar -x` into `dir`: the revision's files, without touching the work tree.
fn archive(rev: &str, repo: &Path, dir: &Path) -> Result<(), String> {
    let not_found = |e: std::io::Error| format!("cannot run git: {e}");
    let mut git = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["archive", "--format=tar", rev])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(not_found)?;
    let stdout = git.stdout.take().ok_or("git gave no output")?;
    // tar's complaints (e.g. "This does not look like a tar archive" when git wrote nothing) are
    // captured, not passed to the user's terminal: the error below says what went wrong.
    let tar = Command::new("tar")
        .arg("-x")
        .arg("-C")
        .arg(dir)
        .stdin(stdout)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    let git = git.wait_with_output().map_err(not_found)?;
    if !git.status.success() {
        let why = String::from_utf8_lossy(&git.stderr);
        let why = why.lines().next().unwrap_or("").trim();
        let why = why.strip_prefix("fatal: ").unwrap_or(why);
        if why.contains("not a git repository") {
            return Err(format!(
                "`{rev}` is not a project folder (it has no rules/), and {} is in no git repository, so it is no revision either: give two project folders, or run in a git checkout",
                repo.display()
            ));
        }
        return Err(format!(
            "`{rev}` is neither a project folder (with rules/) nor a git revision: git says {why}"
        ));
    }
    if !tar.status.success() {
        let why = String::from_utf8_lossy(&tar.stderr);
        return Err(format!(
            "cannot unpack revision `{rev}`: {}",
            why.lines().next().unwrap_or("").trim()
        ));
    }
    Ok(())
}
