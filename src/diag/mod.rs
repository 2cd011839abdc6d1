//! Diagnostics in the rustc style: a severity, a stable code, a message, the source line with a caret
//! under the fault, the rulebook section, and a help line.
//!
//! ```text
//! error[V0201]: unit `XXIV` is set up on hex `1512`, which is not on the map
//!   --> scenarios/b4m/standard.toml:14:7
//!    |
//! 14 | hex = "1512"
//!    |       ^^^^^^ no such hex
//!    = rule: 6.0
//!    = help: the grid has columns 01-14 and rows 01-10 (01-11 in odd columns)
//! ```

pub mod codes;

pub use codes::Severity;

use crate::model::FileId;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};
use unicode_width::UnicodeWidthChar;

/// Every file read so far, so that spans can be turned into lines and columns.
#[derive(Debug, Default, Clone)]
pub struct Sources {
    files: Vec<SourceFile>,
}

#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as shown to the user (relative to the project root when possible).
    pub path: PathBuf,
    pub text: String,
    line_starts: Vec<usize>,
    /// For a text composed of other files (a game's rules over its series' rules), where each
    /// part came from: diagnostics point into the file a part was copied from.
    splices: Vec<Splice>,
}

/// A part of a composed text copied from another file: `len` bytes at `at` in the composed text
/// are the bytes at `origin` in `from`.
#[derive(Debug, Clone)]
pub struct Splice {
    pub at: usize,
    pub len: usize,
    pub from: FileId,
    pub origin: usize,
}

impl Sources {
    pub fn add(&mut self, path: PathBuf, text: String) -> FileId {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        self.files.push(SourceFile {
            path,
            text,
            line_starts,
            splices: Vec::new(),
        });
        FileId(self.files.len() - 1)
    }

    /// Add a text composed of parts of other files (`splices`); spans in it resolve to those files.
    pub fn add_composed(&mut self, path: PathBuf, text: String, splices: Vec<Splice>) -> FileId {
        let id = self.add(path, text);
        if let Some(f) = self.files.get_mut(id.0) {
            f.splices = splices;
        }
        id
    }

    /// The file and span a span of `file` stands for: itself, or, in a composed text, the part of
    /// the file it was copied from.
    pub fn resolve(&self, file: FileId, span: Range<usize>) -> (FileId, Range<usize>) {
        let Some(f) = self.get(file) else {
            return (file, span);
        };
        match f
            .splices
            .iter()
            .find(|s| (s.at..s.at + s.len.max(1)).contains(&span.start))
        {
            Some(s) => {
                let shift = |x: usize| x - s.at + s.origin;
                let end = span.end.clamp(span.start, s.at + s.len);
                (s.from, shift(span.start)..shift(end))
            }
            None => (file, span),
        }
    }

    /// How many files have been added.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The files added from the `start`-th on (e.g. those of one game).
    pub fn files_from(&self, start: usize) -> &[SourceFile] {
        self.files.get(start..).unwrap_or(&[])
    }

    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0)
    }

    pub fn path(&self, id: FileId) -> &Path {
        self.get(id)
            .map(|f| f.path.as_path())
            .unwrap_or(Path::new("?"))
    }
}

impl SourceFile {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line];
        let col = self
            .text
            .get(start..offset)
            .map(|s| s.chars().count())
            .unwrap_or(0);
        (line + 1, col + 1)
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        let end = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        self.text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }
}

/// A place in a source file, with a short label shown under the caret.
#[derive(Debug, Clone)]
pub struct Label {
    pub file: FileId,
    pub span: Range<usize>,
    pub text: String,
}

#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable code, e.g. `V0201`: an entry of the registry [`codes::CODES`], which documents it.
    pub code: &'static str,
    pub message: String,
    pub label: Option<Label>,
    /// Rulebook section (or source) the check enforces.
    pub rule: Option<String>,
    pub help: Option<String>,
    /// A file the diagnostic concerns when there is no span (I/O errors, modules).
    pub path: Option<PathBuf>,
    /// For a fact the data lacks: where a designer finds it and which data keys take it
    /// (`vmodc check GAME --todo`).
    pub fill: Option<Fill>,
    /// A check over totals of the data (a count, a sum) that an unresolved reference can cause (a
    /// unit of a mistyped side is counted for no side): [`Report::sort`] puts it after every other
    /// diagnostic, so its cause comes first, and says so when the report has such references.
    pub follows_references: bool,
    /// The edits `vmodc migrate` makes to the data to bring it to the current data format
    /// ([`Edit`]): empty for a diagnostic no migration mends.
    pub migration: Vec<Edit>,
}

/// One textual change of a source file: the bytes of `span` replaced by `text` (an insertion when
/// the span is empty, a deletion when the text is). Spans of a composed text are resolved to the
/// file they were copied from before the edit is applied (`crate::migrate`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub file: FileId,
    pub span: Range<usize>,
    pub text: String,
}

/// Where a missing fact is found and the data keys to write it into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fill {
    /// The component a designer picks up to read it (`crate::model::component::Component`).
    pub component: crate::model::component::Component,
    /// The data keys to fill, each as a path in its file (`[[units]] id = "sov-9" → faces.active`).
    pub keys: Vec<String>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            label: None,
            rule: None,
            help: None,
            path: None,
            fill: None,
            follows_references: false,
            migration: Vec::new(),
        }
    }

    /// Attach an edit `vmodc migrate` makes (see [`Self::migration`]).
    pub fn migrate(mut self, edit: Edit) -> Self {
        self.migration.push(edit);
        self
    }

    /// Mark a check over totals that unknown references can cause (see [`Self::follows_references`]).
    pub fn after_references(mut self) -> Self {
        self.follows_references = true;
        self
    }

    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, message)
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, message)
    }

    pub fn note(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(Severity::Note, code, message)
    }

    pub fn at(mut self, file: FileId, span: Range<usize>, text: impl Into<String>) -> Self {
        self.label = Some(Label {
            file,
            span,
            text: text.into(),
        });
        self
    }

    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        let rule = rule.into();
        if !rule.is_empty() {
            self.rule = Some(rule);
        }
        self
    }

    pub fn rule_opt(self, rule: Option<&str>) -> Self {
        match rule {
            Some(r) => self.rule(r),
            None => self,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The component that shows the missing fact and the data keys that take it.
    pub fn to_fill(
        mut self,
        component: crate::model::component::Component,
        keys: impl IntoIterator<Item = String>,
    ) -> Self {
        self.fill = Some(Fill {
            component,
            keys: keys.into_iter().collect(),
        });
        self
    }

    pub fn in_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Whether the diagnostic reports something the data already acknowledges: a fact the sources do
    /// not give or that is inferred (the completeness report, V0801–V0814), or a note (a disputed fact, an
    /// acknowledged oddity). `vmodc build` sums these up in one line per game; `vmodc check` lists them.
    pub fn is_known(&self) -> bool {
        self.is_completeness_gap() || self.severity == Severity::Note
    }

    /// Whether it is one of the completeness report's warnings (V0801–V0814: a fact the data marks
    /// missing, inferred or unknown), which `vmodc check --todo` lists. The later V08xx codes report
    /// data that goes nowhere: mistakes to fix, shown in full like any other warning.
    pub fn is_completeness_gap(&self) -> bool {
        self.code.starts_with("V08") && self.code <= "V0814"
    }

    /// Whether the diagnostic is about reading or writing files rather than about what they say: no
    /// `rules/` folder, no games, a game file or module that cannot be read, a module that cannot be
    /// built or written. The command line exits with 2 for these, and with 1 for other errors.
    pub fn is_io(&self) -> bool {
        self.severity == Severity::Error
            && (matches!(self.code, "V0001" | "V0002" | "V0004" | "V0401" | "V1001")
                || self.code.starts_with("V06"))
    }

    /// `file:line:col` of the label, if any.
    pub fn location(&self, sources: &Sources) -> Option<(PathBuf, usize, usize)> {
        let label = self.label.as_ref()?;
        let (id, span) = sources.resolve(label.file, label.span.clone());
        let file = sources.get(id)?;
        let (line, col) = file.line_col(span.start);
        Some((file.path.clone(), line, col))
    }

    /// Human-readable rendering, rustc style.
    pub fn render(&self, sources: &Sources) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}[{}]: {}",
            self.severity.as_str(),
            self.code,
            self.message
        );
        let mut gutter = 2;
        if let Some(label) = &self.label {
            let (id, span) = sources.resolve(label.file, label.span.clone());
            if let Some(file) = sources.get(id) {
                let (line, col) = file.line_col(span.start);
                let text = file.line_text(line);
                gutter = line.to_string().len() + 1;
                let pad = " ".repeat(gutter);
                let _ = writeln!(out, "{pad}--> {}:{line}:{col}", file.path.display());
                let _ = writeln!(out, "{pad}|");
                let (end_line, end_col) = file.line_col(span.end.max(span.start));
                let width = if end_line == line && end_col > col {
                    end_col - col
                } else {
                    text.chars().count().saturating_sub(col - 1).max(1)
                };
                let (shown, underline) = excerpt(text, col, width);
                let _ = writeln!(out, "{line:>w$} | {shown}", w = gutter - 1);
                let _ = writeln!(out, "{pad}| {underline} {}", label.text);
            }
        } else if let Some(path) = &self.path {
            let _ = writeln!(out, "  --> {}", path.display());
        }
        let pad = " ".repeat(gutter);
        if let Some(rule) = &self.rule {
            let _ = writeln!(out, "{pad}= rule: {rule}");
        }
        if let Some(help) = &self.help {
            let _ = writeln!(out, "{pad}= help: {help}");
        }
        if !self.migration.is_empty() {
            let _ = writeln!(out, "{pad}= migrate: `vmodc migrate` makes this change");
        }
        out
    }

    /// Machine-readable form (one JSON object).
    pub fn to_json(&self, sources: &Sources) -> serde_json::Value {
        let (file, line, column) = match self.location(sources) {
            Some((p, l, c)) => (Some(p.display().to_string()), Some(l), Some(c)),
            None => (
                self.path.as_ref().map(|p| p.display().to_string()),
                None,
                None,
            ),
        };
        serde_json::json!({
            "severity": self.severity.as_str(),
            "code": self.code,
            "message": self.message,
            "file": file,
            "line": line,
            "column": column,
            "label": self.label.as_ref().map(|l| l.text.clone()),
            "rule": self.rule,
            "help": self.help,
            "migrate": !self.migration.is_empty(),
        })
    }
}

/// Widest source excerpt drawn under a diagnostic, in characters. A longer line is cut around the
/// fault and marked `...` where it was cut, and the underline stops at the cut, as rustc does.
const MAX_EXCERPT: usize = 100;
/// Characters kept before the fault when the start of a long line is cut off.
const LEAD_CONTEXT: usize = 16;

/// The part of a source line to show and its underline (indent and carets) for a fault at 1-based
/// character column `col`, `width` characters wide; the underline is measured in display columns.
/// (The renderer stays this one function rather than annotate-snippets or miette: they would add
/// a dependency for what these 40 lines do, and vmodc's `= rule:` and `= help:` lines and its JSON
/// form are its own.)
fn excerpt(text: &str, col: usize, width: usize) -> (String, String) {
    let chars: Vec<char> = text.chars().collect();
    let start = (col - 1).min(chars.len());
    let (left, right) = if chars.len() <= MAX_EXCERPT {
        (0, chars.len())
    } else {
        let left = if start + LEAD_CONTEXT + 4 <= MAX_EXCERPT {
            0
        } else {
            start - LEAD_CONTEXT
        };
        (left, (left + MAX_EXCERPT).min(chars.len()))
    };
    let mut shown: String = chars[left..right].iter().collect();
    // By display width: a wide character (Japanese, Chinese) takes two columns of a terminal, so the
    // carets under it are two, and so is the indent for it.
    let mut lead: String = chars[left..start]
        .iter()
        .map(|&c| {
            if c == '\t' {
                "\t".to_string()
            } else {
                " ".repeat(c.width().unwrap_or(0))
            }
        })
        .collect();
    if left > 0 {
        shown.insert_str(0, "...");
        lead.insert_str(0, "   ");
    }
    if right < chars.len() {
        shown.push_str("...");
    }
    let carets = if right < chars.len() {
        width.min(right.saturating_sub(start)).max(1)
    } else {
        width
    };
    let carets = chars
        .iter()
        .skip(start)
        .take(carets)
        .map(|c| c.width().unwrap_or(0))
        .sum::<usize>()
        .max(1);
    (shown, format!("{lead}{}", "^".repeat(carets)))
}

/// How many diagnostics of each kind a report holds (see [`Report::tally`]).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub errors: usize,
    /// Warnings other than known gaps.
    pub warnings: usize,
    /// Warnings of the completeness report (V08xx): facts the data marks unknown.
    pub known_gaps: usize,
    pub notes: usize,
}

/// `1 error`, `2 errors`: a count with its noun, singular or plural.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The code of a reference that names nothing (`unknown side `bleu``): the cause that checks over
/// totals ([`Diagnostic::follows_references`]) are reported after.
pub const UNRESOLVED_REFERENCE: &str = "V0102";

/// Diagnostics gathered by a stage.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    pub fn push(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    pub fn extend(&mut self, other: Report) {
        self.diagnostics.extend(other.diagnostics);
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// Counts by kind, for one-line summaries.
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for d in &self.diagnostics {
            match d.severity {
                Severity::Error => t.errors += 1,
                Severity::Note => t.notes += 1,
                Severity::Warning if d.is_known() => t.known_gaps += 1,
                Severity::Warning => t.warnings += 1,
            }
        }
        t
    }

    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }

    /// Sort by file, position, then severity, so output is stable; checks over totals that follow
    /// from references come last, after the unresolved references (V0102) that may cause them.
    pub fn sort(&mut self) {
        let unresolved = self
            .diagnostics
            .iter()
            .any(|d| d.code == UNRESOLVED_REFERENCE);
        if unresolved {
            for d in self.diagnostics.iter_mut().filter(|d| d.follows_references) {
                let help = d.help.take().unwrap_or_default();
                d.help = Some(format!(
                    "{help}{}this may follow from an unknown name reported above: fix that first",
                    if help.is_empty() { "" } else { "; " }
                ));
            }
        }
        self.diagnostics.sort_by(|a, b| {
            let key = |d: &Diagnostic| {
                (
                    d.follows_references,
                    d.label.as_ref().map(|l| (l.file, l.span.start)),
                    std::cmp::Reverse(d.severity),
                    d.code,
                )
            };
            key(a).cmp(&key(b))
        });
    }
}

/// The closest candidate to a misspelt name, for "did you mean" help lines.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let d = edit_distance(name, candidate);
        let limit = (name.chars().count().max(candidate.chars().count()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two adjacent
/// characters (the commonest typo, `bleu` for `blue`) each cost one.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows[i][j]: distance between the first i characters of a and the first j of b
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_line_and_caret() {
        let mut sources = Sources::default();
        let text = "[scenario]\nhex = \"1512\"\n".to_string();
        let start = text.find("\"1512\"").unwrap();
        let id = sources.add("s.toml".into(), text);
        let d = Diagnostic::error("V0201", "no such hex")
            .at(id, start..start + 6, "not on the map")
            .rule("6.0")
            .help("use a hex of the grid");
        let out = d.render(&sources);
        assert!(out.contains("--> s.toml:2:7"), "{out}");
        assert!(out.contains("2 | hex = \"1512\""), "{out}");
        assert!(out.contains("|       ^^^^^^ not on the map"), "{out}");
        assert!(out.contains("= rule: 6.0"));
        let json = d.to_json(&sources);
        assert_eq!(json["line"], 2);
        assert_eq!(json["column"], 7);
    }

    #[test]
    fn long_lines_are_cut_around_the_fault() {
        let mut sources = Sources::default();
        let long = "x".repeat(300);
        let text = format!("disputed = \"{long}\"\n");
        let id = sources.add("c.toml".into(), text.clone());
        let d = Diagnostic::note("V0501", "disputed").at(id, 11..text.len() - 1, "disputed fact");
        let out = d.render(&sources);
        let widest = out.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        assert!(widest < 120, "{out}");
        assert!(
            out.contains(&format!("1 | disputed = \"{}...", "x".repeat(88))),
            "{out}"
        );
        assert!(
            out.contains(&format!("|            {} disputed fact", "^".repeat(89))),
            "{out}"
        );

        // A fault far to the right: the start of the line is cut instead, and the caret follows it.
        let text = format!("{long} = 1\n");
        let id = sources.add("d.toml".into(), text);
        let d = Diagnostic::error("V0011", "unknown key").at(id, 303..304, "here");
        let out = d.render(&sources);
        assert!(
            out.contains(&format!("1 | ...{} = 1", "x".repeat(13))),
            "{out}"
        );
        assert!(
            out.contains(&format!("| {}^ here", " ".repeat(19))),
            "{out}"
        );
    }

    #[test]
    fn carets_are_as_wide_as_the_text_on_screen() {
        let mut sources = Sources::default();
        // Each of the five kanji takes two columns of a terminal: twelve carets under the quoted string.
        let text = "[units]\nXXIV = \"第二十四軍\" # 注\n".to_string();
        let start = text.find('"').unwrap();
        let end = text.rfind('"').unwrap() + 1;
        let id = sources.add("ja.toml".into(), text);
        let d = Diagnostic::warning("V0905", "repeat").at(id, start..end, "here");
        let out = d.render(&sources);
        assert!(out.contains("--> ja.toml:2:8"), "{out}");
        assert!(
            out.contains(&format!("|        {} here", "^".repeat(12))),
            "{out}"
        );
        // After wide characters the indent is wide too.
        let text = "name = \"軍団\", bad = 1\n".to_string();
        let at = text.find("bad").unwrap();
        let id = sources.add("k.toml".into(), text);
        let d = Diagnostic::error("V0011", "unknown key").at(id, at..at + 3, "here");
        let out = d.render(&sources);
        // `name = "` is 8 columns, the two kanji 4, `", ` 3: the key starts at display column 16.
        assert!(
            out.contains(&format!("| {}^^^ here", " ".repeat(15))),
            "{out}"
        );
    }

    #[test]
    fn counts_known_gaps_and_notes_apart() {
        let mut r = Report::default();
        r.push(Diagnostic::warning("V0801", "missing"));
        r.push(Diagnostic::note("V0802", "inferred"));
        r.push(Diagnostic::note("V0501", "disputed"));
        r.push(Diagnostic::warning("V0306", "reversal"));
        r.push(Diagnostic::error("V0002", "cannot read"));
        let t = r.tally();
        assert_eq!((t.errors, t.warnings, t.known_gaps, t.notes), (1, 1, 1, 2));
        assert!(r.diagnostics[4].is_io() && !r.diagnostics[3].is_io());
        assert_eq!(plural(1, "note"), "1 note");
        assert_eq!(plural(70, "known gap"), "70 known gaps");
    }

    #[test]
    fn totals_come_after_the_unknown_names_that_cause_them() {
        let mut sources = Sources::default();
        let id = sources.add("c.toml".into(), "a\nb\nc\n".into());
        let mut r = Report::default();
        r.push(Diagnostic::error("V0102", "unknown side `bleu`").at(id, 4..5, "here"));
        r.push(
            Diagnostic::error(
                "V0308",
                "the counter mix has 7 blue units, the rulebook says 8",
            )
            .at(id, 0..1, "found 7")
            .help("add or remove units")
            .after_references(),
        );
        r.sort();
        assert_eq!(r.diagnostics[0].code, "V0102");
        assert_eq!(r.diagnostics[1].code, "V0308");
        let help = r.diagnostics[1].help.as_deref().unwrap_or("");
        assert!(help.contains("follow from an unknown name"), "{help}");
    }

    #[test]
    fn suggests_close_names() {
        assert_eq!(suggest("colr", ["color", "size"]), Some("color"));
        assert_eq!(suggest("zzzz", ["color", "size"]), None);
        assert_eq!(suggest("bleu", ["red", "blue"]), Some("blue"));
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
