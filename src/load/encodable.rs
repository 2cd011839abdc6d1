//! Texts a VASSAL module can carry. Every text of the data may end up inside a trait, a piece
//! definition or a saved setup, where VASSAL's `SequenceEncoder` escapes only the delimiter: a text
//! ending in `\` makes the delimiter after it look escaped, and control characters (TAB, ESC, …) are
//! the separators of nested pieces and of a saved game's commands. Such a text built a module VASSAL
//! cannot load; it is refused when the file is read, at its line, whatever key holds it.

use crate::diag::Diagnostic;
use crate::model::FileId;
use toml::de::{DeTable, DeValue};

/// The longest name, title, label or id, in characters: each is drawn on one line (a side's name
/// across the off-map board, a unit's id into its image's file name), so a long one made an image
/// wider than any board or a file name no zip entry holds. The shipped data's longest is 56.
pub const MAX_NAME_CHARS: usize = 200;
/// The longest text of any other key, in characters: the rules' paragraphs are set on pages, the
/// shipped data's longest is 880.
pub const MAX_TEXT_CHARS: usize = 4_000;

/// Keys whose texts are names drawn on one line (also as the items of an array under them).
fn is_name_key(key: &str) -> bool {
    matches!(key, "name" | "title" | "label" | "labels" | "id" | "ids")
        || key.ends_with("_name")
        || key.ends_with("_id")
}

/// Keys whose values are kept as another module wrote them (`[raw]`, `[[units]] raw_traits`): they
/// came out of a module that VASSAL loads, and go back into one unchanged, TABs and all.
fn is_verbatim_key(key: &str) -> bool {
    matches!(key, "raw" | "raw_traits")
}

/// The diagnostics for every string value of `text` that a module cannot carry or that is longer
/// than vmodc draws. A text that does not parse gives none (the parser reports it).
pub fn unencodable_texts(file: FileId, text: &str) -> Vec<Diagnostic> {
    let Ok(table) = DeTable::parse(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    type Pending<'a> = (&'a DeValue<'a>, std::ops::Range<usize>, bool);
    let mut pending: Vec<Pending<'_>> = table
        .get_ref()
        .iter()
        .filter(|(k, _)| !is_verbatim_key(k.get_ref()))
        .map(|(k, v)| (v.get_ref(), v.span(), is_name_key(k.get_ref())))
        .collect();
    while let Some((value, span, name)) = pending.pop() {
        match value {
            DeValue::String(s) => {
                if let Some(d) = too_long(file, s, span.clone(), name) {
                    out.push(d);
                }
                if let Some(why) = unencodable(s) {
                    out.push(
                        Diagnostic::error("V0032", format!("this text {why}"))
                            .at(file, span, "a module cannot carry it")
                            .help("VASSAL's piece and saved-game encodings have no escape for it: remove the character (write spaces for a TAB), or end the text with another character than `\\`"),
                    );
                }
            }
            DeValue::Array(items) => {
                pending.extend(items.iter().map(|v| (v.get_ref(), v.span(), name)));
            }
            DeValue::Table(t) => {
                pending.extend(
                    t.iter()
                        .filter(|(k, _)| !is_verbatim_key(k.get_ref()))
                        .map(|(k, v)| (v.get_ref(), v.span(), is_name_key(k.get_ref()))),
                );
            }
            _ => {}
        }
    }
    out.sort_by_key(|d| d.label.as_ref().map(|l| l.span.start));
    out
}

/// The error for a text longer than its kind may be, counted before anything is drawn.
fn too_long(file: FileId, s: &str, span: std::ops::Range<usize>, name: bool) -> Option<Diagnostic> {
    let (most, what) = if name {
        (MAX_NAME_CHARS, "a name, title, label or id")
    } else {
        (MAX_TEXT_CHARS, "a text")
    };
    // A cheap bound first: a string of at most `most` bytes has at most `most` characters.
    if s.len() <= most {
        return None;
    }
    let chars = s.chars().count();
    (chars > most).then(|| {
        Diagnostic::error(
            "V0040",
            format!("this text is {chars} characters long: vmodc takes {what} of at most {most}"),
        )
        .at(file, span, "too long")
        .help(if name {
            "a name is drawn on one line (and an id names files): put the long text in a note or the rules"
        } else {
            "split a long text into several rules or notes"
        })
    })
}

/// Why `s` cannot go into a module, if it cannot: a control character (line breaks are kept: long
/// texts go into HTML pages and chat lines, not into delimited fields) or a final backslash.
pub fn unencodable(s: &str) -> Option<String> {
    if let Some(c) = s
        .chars()
        .find(|c| c.is_control() && !matches!(c, '\n' | '\r'))
    {
        let name = match c {
            '\t' => " (TAB)".to_string(),
            '\u{1b}' => " (ESC)".to_string(),
            _ => String::new(),
        };
        return Some(format!(
            "holds the control character U+{:04X}{name}",
            c as u32
        ));
    }
    s.ends_with('\\')
        .then(|| "ends with a backslash `\\`".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_a_final_backslash_are_found_at_their_value() {
        let text = "name = \"ok\"\n[[units]]\nname = \"A\\\\\"\nnote = \"x\\ty\"\nlist = [\"a\", \"b\\u001b\"]\nlong = \"\"\"\nline\nbreaks\n\"\"\"\n";
        let found = unencodable_texts(FileId(0), text);
        let messages: Vec<String> = found.iter().map(|d| d.message.clone()).collect();
        assert_eq!(
            messages,
            [
                "this text ends with a backslash `\\`",
                "this text holds the control character U+0009 (TAB)",
                "this text holds the control character U+001B (ESC)",
            ]
        );
        let starts: Vec<usize> = found
            .iter()
            .filter_map(|d| d.label.as_ref().map(|l| l.span.start))
            .collect();
        assert_eq!(
            starts,
            [
                text.find("\"A\\").unwrap_or(0),
                text.find("\"x").unwrap_or(0),
                text.find("\"b").unwrap_or(0)
            ]
        );
    }
}
