//! `vmodc migrate`: data written for an earlier vmodc brought to the current data format
//! (`crate::model::data_format`). The check already reads every earlier format, and each of its
//! notes on such data carries the edit that writes what it read (`Diagnostic::migration`): this
//! module gathers those edits per file and applies them, and nothing else changes in the files.

use crate::diag::{Edit, Report, Sources};
use crate::model::FileId;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::PathBuf;

/// One file's new text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rewrite {
    /// As the report shows it (relative to the project root).
    pub path: PathBuf,
    pub before: String,
    pub after: String,
    /// How many edits it takes.
    pub edits: usize,
}

/// A span of a file's text and what replaces it.
type Replacement = (Range<usize>, String);

/// Why the edits cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MigrateError {
    /// Two edits change the same bytes of a file: vmodc would not know which to keep.
    Overlap { path: PathBuf, at: usize },
    /// An edit's span lies outside its file's text (a file changed while it was read).
    OutOfFile { path: PathBuf },
}

impl std::fmt::Display for MigrateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MigrateError::Overlap { path, at } => write!(
                f,
                "{}: two edits change the same text at byte {at}; nothing was written",
                path.display()
            ),
            MigrateError::OutOfFile { path } => write!(
                f,
                "{}: an edit lies outside the file (did it change during the run?); nothing was written",
                path.display()
            ),
        }
    }
}

/// The rewrite of every file the report's migration edits touch, in path order. Spans of a
/// composed text (a game's rules over its series') are resolved to the file they were copied from;
/// the same edit reached twice (a series' file read again for each of its games) is made once.
pub fn rewrites(report: &Report, sources: &Sources) -> Result<Vec<Rewrite>, MigrateError> {
    let mut by_path: BTreeMap<PathBuf, (FileId, Vec<Replacement>)> = BTreeMap::new();
    for edit in report.diagnostics.iter().flat_map(|d| &d.migration) {
        let (file, span) = resolve(edit, sources);
        let path = sources.path(file).to_path_buf();
        let (_, edits) = by_path.entry(path).or_insert_with(|| (file, Vec::new()));
        if !edits.contains(&(span.clone(), edit.text.clone())) {
            edits.push((span, edit.text.clone()));
        }
    }
    let mut out = Vec::new();
    for (path, (file, edits)) in by_path {
        let Some(source) = sources.get(file) else {
            continue;
        };
        let after = apply(&source.text, edits.clone()).map_err(|e| e.at(&path))?;
        out.push(Rewrite {
            path,
            before: source.text.clone(),
            after,
            edits: edits.len(),
        });
    }
    Ok(out)
}

/// The file and span an edit stands for: an insertion at the end of a composed part belongs to
/// the part it ends, not to the next one.
fn resolve(edit: &Edit, sources: &Sources) -> (FileId, Range<usize>) {
    if edit.span.is_empty() && edit.span.start > 0 {
        let before = edit.span.start - 1;
        let (file, span) = sources.resolve(edit.file, before..before);
        return (file, span.start + 1..span.start + 1);
    }
    sources.resolve(edit.file, edit.span.clone())
}

/// Where applying failed, before the file's path is known.
enum Fault {
    Overlap(usize),
    OutOfFile,
}

impl Fault {
    fn at(self, path: &std::path::Path) -> MigrateError {
        let path = path.to_path_buf();
        match self {
            Fault::Overlap(at) => MigrateError::Overlap { path, at },
            Fault::OutOfFile => MigrateError::OutOfFile { path },
        }
    }
}

/// `text` with the edits made, from the last to the first so that earlier spans stay true.
/// Insertions at one place keep the order they were made in.
fn apply(text: &str, mut edits: Vec<Replacement>) -> Result<String, Fault> {
    edits.sort_by_key(|(span, _)| (span.start, span.end));
    for pair in edits.windows(2) {
        let (a, b) = (&pair[0].0, &pair[1].0);
        if b.start < a.end {
            return Err(Fault::Overlap(b.start));
        }
    }
    let mut out = text.to_string();
    for (span, replacement) in edits.iter().rev() {
        if span.end > out.len()
            || !out.is_char_boundary(span.start)
            || !out.is_char_boundary(span.end)
        {
            return Err(Fault::OutOfFile);
        }
        out.replace_range(span.clone(), replacement);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Diagnostic;

    fn edit(file: FileId, span: Range<usize>, text: &str) -> Edit {
        Edit {
            file,
            span,
            text: text.to_string(),
        }
    }

    #[test]
    fn edits_are_made_from_the_end_so_each_lands_where_it_was_aimed() {
        let mut sources = Sources::default();
        let file = sources.add(
            "rules/g.toml".into(),
            "[game]\nversion = \"1.0.0\"\n[a]\nx = 1\n".into(),
        );
        let mut report = Report::default();
        report.push(Diagnostic::note("V0005", "old").migrate(edit(file, 24..24, "\nformat = 2")));
        report.push(Diagnostic::note("V0875", "no id").migrate(edit(file, 29..29, "id = \"x\"\n")));
        let out = rewrites(&report, &sources).expect("no overlap");
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].after,
            "[game]\nversion = \"1.0.0\"\nformat = 2\n[a]\nid = \"x\"\nx = 1\n"
        );
        assert_eq!(out[0].edits, 2);
    }

    #[test]
    fn two_edits_of_the_same_bytes_are_refused() {
        let mut sources = Sources::default();
        let file = sources.add("i18n/g/ja.toml".into(), "a = \"x\"\nb = \"y\"\n".into());
        let mut report = Report::default();
        report.push(Diagnostic::warning("V0905", "repeat").migrate(edit(file, 0..8, "")));
        report.push(Diagnostic::warning("V0905", "repeat").migrate(edit(file, 4..12, "")));
        assert_eq!(
            rewrites(&report, &sources),
            Err(MigrateError::Overlap {
                path: "i18n/g/ja.toml".into(),
                at: 4
            })
        );
    }

    #[test]
    fn the_same_edit_reached_twice_is_made_once() {
        let mut sources = Sources::default();
        let file = sources.add("a.toml".into(), "k = 1\n".into());
        let mut report = Report::default();
        for _ in 0..2 {
            report.push(Diagnostic::warning("V0905", "repeat").migrate(edit(file, 0..6, "")));
        }
        let out = rewrites(&report, &sources).expect("one edit");
        assert_eq!(out[0].after, "");
    }

    #[test]
    fn an_insertion_at_the_end_of_a_composed_part_goes_into_that_part_s_file() {
        use crate::diag::Splice;
        let mut sources = Sources::default();
        let game = sources.add("rules/g.toml".into(), "v = 1\n".into());
        let series = sources.add("rules/s.toml".into(), "w = 2\n".into());
        // The composed text: the game's "v = 1" (5 bytes), then the series' whole text.
        let composed = sources.add_composed(
            "rules/g.toml".into(),
            "v = 1\nw = 2\n".into(),
            vec![
                Splice {
                    at: 0,
                    len: 6,
                    from: game,
                    origin: 0,
                },
                Splice {
                    at: 6,
                    len: 6,
                    from: series,
                    origin: 0,
                },
            ],
        );
        let mut report = Report::default();
        report.push(Diagnostic::note("V0005", "old").migrate(edit(composed, 5..5, "\nformat = 2")));
        let out = rewrites(&report, &sources).expect("resolves");
        assert_eq!(out[0].after, "v = 1\nformat = 2\n");
    }
}
