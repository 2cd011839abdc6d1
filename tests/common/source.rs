//! Reading vmodc's own source as the compiler sees it, for the tests that hold it to the docs
//! (diagnostic codes) and to the stage order (imports): every `.rs` file, with test code and comment
//! lines blanked.

use std::path::{Path, PathBuf};

pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's lines with test code and comment lines blanked (line numbers kept): a code written in a
/// unit test or a comment is not raised. A `#[cfg(test)]` item ends at its `;` or at the closing
/// brace rustfmt puts at the item's own indentation.
pub fn code_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim() == "#[cfg(test)]" {
            let indent = &line[..line.len() - line.trim_start().len()];
            let end = format!("{indent}}}");
            let item = lines.get(i + 1).copied().unwrap_or_default();
            let mut j = i + 1;
            if !item.trim_end().ends_with(';') {
                while j < lines.len() && lines[j] != end {
                    j += 1;
                }
            }
            out.extend(std::iter::repeat_n("", (j + 1).min(lines.len()) - i));
            i = j + 1;
            continue;
        }
        out.push(if line.trim_start().starts_with("//") {
            ""
        } else {
            line
        });
        i += 1;
    }
    out
}
