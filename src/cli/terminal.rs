//! Text for a terminal: what the commands print comes in part from files other people made (a
//! module's piece names, a save's commands, a catalog's texts), and a control character among them
//! would drive the terminal (ESC `]0;…` sets the window title, ESC `[2J` clears the screen, CR
//! overwrites a line, a bidirectional override reorders what is shown). Each is shown as its code
//! instead, visibly; line breaks and TABs, which vmodc's own output uses, pass.

use std::borrow::Cow;

/// `text` with every control character but line feed and TAB, and every bidirectional embedding,
/// override or isolate, written as `\u{…}` (ESC is `\u{1b}`).
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(drives_the_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if drives_the_terminal(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// C0 and C1 controls (C1 holds CSI, U+009B, an ESC `[` of its own) and DEL, but not the line feed
/// and TAB vmodc's own output uses; and the bidirectional controls (U+202A–U+202E, U+2066–U+2069).
fn drives_the_terminal(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_sequences_are_shown_never_sent() {
        assert_eq!(
            escape_controls("XXIV\u{1b}]0;pwned\u{7}\u{1b}[2J Corps"),
            "XXIV\\u{1b}]0;pwned\\u{7}\\u{1b}[2J Corps"
        );
        assert_eq!(
            escape_controls("a\rb\u{9b}2Jc\u{7f}"),
            "a\\u{d}b\\u{9b}2Jc\\u{7f}"
        );
        assert_eq!(escape_controls("abc\u{202e}fed"), "abc\\u{202e}fed");
    }

    #[test]
    fn ordinary_text_passes_unchanged() {
        for text in [
            "1 error(s)\n  --> a.toml\n",
            "a\tb",
            "第1歩兵師団 → モスクワ",
            "",
        ] {
            assert!(matches!(escape_controls(text), Cow::Borrowed(t) if t == text));
        }
    }
}
