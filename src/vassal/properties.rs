//! Java `.properties` files, written and read exactly as `java.util.Properties` does (JDK 17).
//!
//! VASSAL keeps a module's translations in `Module_<lang>.properties` inside the module. It reads them
//! with `Properties.load(InputStream)` (the editor, ISO-8859-1) and with `PropertyResourceBundle(InputStream)`
//! (playing: UTF-8, falling back to ISO-8859-1). [`write_properties`] writes pure ASCII, every other
//! character as `\uXXXX` (UTF-16 code units, so a character beyond the BMP is a surrogate pair), so the
//! file means the same under both decodings.
//!
//! Escaping follows `Properties.store` (`saveConvert`): in keys and values `\` `\t` `\n` `\r` `\f` `=`
//! `:` `#` `!` are escaped; every space of a key is `\ `, but only a value's first space is (so leading
//! spaces survive); other characters outside `0x20..=0x7E` become `\uXXXX` with upper-case hex digits.
//! [`read_properties`] is a port of `Properties.load` (`LineReader.readLine`, `load0`, `loadConvert`).

/// The comment line [`write_properties`] starts with (no timestamp, so output is reproducible).
pub const HEADER: &str = "# Module translation (written by vmodc)";

/// `entries` as the text of a `.properties` file: a header comment, then one `key=value` line per entry
/// in the order given, each line ending in `\n`. The output is ASCII only.
pub fn write_properties(entries: &[(String, String)]) -> String {
    let mut out = String::with_capacity(HEADER.len() + 1 + entries.len() * 32);
    out.push_str(HEADER);
    out.push('\n');
    for (key, value) in entries {
        save_convert(&mut out, key, true);
        out.push('=');
        save_convert(&mut out, value, false);
        out.push('\n');
    }
    out
}

/// `Properties.saveConvert(text, escapeSpace, escapeUnicode = true)`.
fn save_convert(out: &mut String, text: &str, escape_space: bool) {
    for (i, unit) in text.encode_utf16().enumerate() {
        // A UTF-16 code unit is ASCII exactly when it is below 0x80.
        let ascii = u8::try_from(unit).ok().filter(u8::is_ascii).map(char::from);
        match ascii {
            Some('\\') => out.push_str("\\\\"),
            Some(' ') => {
                if i == 0 || escape_space {
                    out.push('\\');
                }
                out.push(' ');
            }
            Some('\t') => out.push_str("\\t"),
            Some('\n') => out.push_str("\\n"),
            Some('\r') => out.push_str("\\r"),
            Some('\u{c}') => out.push_str("\\f"),
            Some(c @ ('=' | ':' | '#' | '!')) => {
                out.push('\\');
                out.push(c);
            }
            Some(c) if (' '..='~').contains(&c) => out.push(c),
            _ => {
                out.push_str("\\u");
                for shift in [12u32, 8, 4, 0] {
                    let digit = u32::from(unit >> shift) & 0xF;
                    out.push(char::from_digit(digit, 16).map_or('0', |d| d.to_ascii_uppercase()));
                }
            }
        }
    }
}

/// The entries of a `.properties` file as `Properties.load` reads them: comments (`#`, `!`) and blank
/// lines skipped, `\` at the end of a line continuing it (leading white space of the next line dropped),
/// the key ended by the first unescaped `=`, `:` or white space, `\uXXXX` and the other escapes decoded
/// (`\t \n \r \f`; any other escaped character stands for itself).
///
/// `text` is the file already decoded to characters ([`decode_bundle`]); the ASCII files
/// [`write_properties`] makes decode the same as ISO-8859-1 and as UTF-8. Entries come in file order; a
/// key given again keeps its first place and takes the later value (a `Properties` object is a map). A
/// malformed `\uXXXX` is an error, as in Java, and so is a key or value whose `\uXXXX` escapes leave a
/// lone surrogate (Java would accept it, but it is not a Rust string).
pub fn read_properties(text: &str) -> Result<Vec<(String, String)>, String> {
    let read = read_properties_lenient(text);
    match read.malformed.into_iter().next() {
        Some(bad) => Err(bad.to_string()),
        None => Ok(read.entries),
    }
}

/// A line [`read_properties_lenient`] left out, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    /// The line of the file (from 1) where the entry starts.
    pub line: usize,
    pub error: String,
}

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

/// What [`read_properties_lenient`] read: every well-formed entry, and each line it left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lenient {
    pub entries: Vec<(String, String)>,
    pub malformed: Vec<Malformed>,
}

/// [`read_properties`], but a malformed entry is left out and named (with the file's line) instead
/// of failing the whole file: Java's `Properties.load` throws on it and VASSAL then loads none of the
/// bundle, so the caller that rewrites a bundle keeps every other translation and says which line
/// it could not keep.
pub fn read_properties_lenient(text: &str) -> Lenient {
    let input: Vec<u16> = text.encode_utf16().collect();
    let mut reader = LineReader {
        input: &input,
        off: 0,
        start: 0,
    };
    let mut read = Lenient::default();
    // Both kept as the file is read, so a bundle of many keys reads in linear time: the line count
    // up to the last entry's start, and where each key stands among the entries.
    let (mut line_no, mut counted) = (1, 0);
    let mut place: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    while let Some(line) = reader.read_line() {
        line_no += line_breaks(&input, counted, reader.start);
        counted = reader.start;
        match entry(&line) {
            Ok((key, value)) => match place.get(&key) {
                Some(&i) => read.entries[i].1 = value,
                None => {
                    place.insert(key.clone(), read.entries.len());
                    read.entries.push((key, value));
                }
            },
            Err(error) => read.malformed.push(Malformed {
                line: line_no,
                error,
            }),
        }
    }
    read
}

/// The key and value of a logical line, decoded.
fn entry(line: &[u16]) -> Result<(String, String), String> {
    let (key, value) = split_line(line);
    let key = String::from_utf16(&load_convert(key)?).map_err(|_| "key has a lone surrogate")?;
    let value = String::from_utf16(&load_convert(value)?)
        .map_err(|_| format!("value of {key:?} has a lone surrogate"))?;
    Ok((key, value))
}

/// The line breaks of the file between UTF-16 offsets `from` and `to`: a line ends with LF, CR LF
/// or CR (a CR just before `to` whose LF is at `to` counts once, with that LF).
fn line_breaks(input: &[u16], from: usize, to: usize) -> usize {
    let to = to.min(input.len());
    let from = from.min(to);
    (from..to)
        .filter(|&i| {
            let c = input[i];
            c == LF || (c == CR && input.get(i + 1) != Some(&LF))
        })
        .count()
}

/// A bundle's bytes as VASSAL reads them while playing (`Translation.getBundle` builds a
/// `VassalResourceBundle`, a `PropertyResourceBundle(InputStream)`): UTF-8 when the bytes are valid
/// UTF-8, else ISO-8859-1, one character per byte (JDK 9 and later, what VASSAL 3.7 runs on). Never
/// U+FFFD: an ISO-8859-1 bundle comes back with its own letters.
pub fn decode_bundle(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().copied().map(char::from).collect(),
    }
}

const SPACE: u16 = b' ' as u16;
const TAB: u16 = b'\t' as u16;
const FORM_FEED: u16 = 0x0C;
const CR: u16 = b'\r' as u16;
const LF: u16 = b'\n' as u16;
const BACKSLASH: u16 = b'\\' as u16;
const HASH: u16 = b'#' as u16;
const BANG: u16 = b'!' as u16;
const EQUALS: u16 = b'=' as u16;
const COLON: u16 = b':' as u16;

fn is_white(c: u16) -> bool {
    c == SPACE || c == TAB || c == FORM_FEED
}

/// `Properties.LineReader`: natural lines joined into logical lines, comments and blank lines dropped.
struct LineReader<'a> {
    input: &'a [u16],
    off: usize,
    /// Where the last logical line read starts (its first character).
    start: usize,
}

impl LineReader<'_> {
    fn next(&mut self) -> Option<u16> {
        let c = self.input.get(self.off).copied();
        if c.is_some() {
            self.off += 1;
        }
        c
    }

    /// The next logical line (escapes still in it), or `None` at the end of the input.
    fn read_line(&mut self) -> Option<Vec<u16>> {
        let mut line: Vec<u16> = Vec::new();
        let mut skip_white_space = true;
        let mut appended_line_begin = false;
        let mut preceding_backslash = false;
        loop {
            let Some(c) = self.next() else {
                if line.is_empty() {
                    return None;
                }
                if preceding_backslash {
                    line.pop();
                }
                return Some(line);
            };
            if skip_white_space {
                if is_white(c) {
                    continue;
                }
                if !appended_line_begin && (c == CR || c == LF) {
                    continue;
                }
                skip_white_space = false;
                appended_line_begin = false;
            }
            if line.is_empty() && (c == HASH || c == BANG) {
                // A comment: skip to the end of the natural line (a trailing `\` does not continue it).
                while let Some(c) = self.next() {
                    if c == CR || c == LF {
                        break;
                    }
                }
                skip_white_space = true;
                continue;
            }
            if c != LF && c != CR {
                if line.is_empty() {
                    self.start = self.off - 1;
                }
                line.push(c);
                preceding_backslash = c == BACKSLASH && !preceding_backslash;
                continue;
            }
            // End of a natural line.
            if line.is_empty() {
                skip_white_space = true;
                continue;
            }
            if self.off >= self.input.len() {
                if preceding_backslash {
                    line.pop();
                }
                return Some(line);
            }
            if !preceding_backslash {
                return Some(line);
            }
            // The backslash at the end of the line is not part of it; the line goes on.
            line.pop();
            skip_white_space = true;
            appended_line_begin = true;
            preceding_backslash = false;
            if c == CR && self.input.get(self.off) == Some(&LF) {
                self.off += 1;
            }
        }
    }
}

/// `Properties.load0`: the key and value parts of a logical line, still escaped.
fn split_line(line: &[u16]) -> (&[u16], &[u16]) {
    let limit = line.len();
    let mut key_len = 0;
    let mut value_start = limit;
    let mut has_sep = false;
    let mut preceding_backslash = false;
    while key_len < limit {
        let c = line[key_len];
        if (c == EQUALS || c == COLON) && !preceding_backslash {
            value_start = key_len + 1;
            has_sep = true;
            break;
        }
        if is_white(c) && !preceding_backslash {
            value_start = key_len + 1;
            break;
        }
        preceding_backslash = c == BACKSLASH && !preceding_backslash;
        key_len += 1;
    }
    while value_start < limit {
        let c = line[value_start];
        if !is_white(c) {
            if !has_sep && (c == EQUALS || c == COLON) {
                has_sep = true;
            } else {
                break;
            }
        }
        value_start += 1;
    }
    (&line[..key_len], &line[value_start..])
}

/// `Properties.loadConvert`: escapes decoded.
fn load_convert(text: &[u16]) -> Result<Vec<u16>, String> {
    let mut out = Vec::with_capacity(text.len());
    let mut units = text.iter().copied();
    while let Some(c) = units.next() {
        if c != BACKSLASH {
            out.push(c);
            continue;
        }
        // A logical line never ends in an unescaped backslash, so something follows; if not, Java
        // would read past the end of the line, which cannot happen. Keep the backslash then.
        let Some(escaped) = units.next() else {
            out.push(BACKSLASH);
            break;
        };
        let decoded = match u8::try_from(escaped).ok().map(char::from) {
            Some('u') => {
                let mut value: u16 = 0;
                for _ in 0..4 {
                    let digit = units
                        .next()
                        .and_then(|d| u8::try_from(d).ok())
                        .and_then(|d| char::from(d).to_digit(16))
                        .ok_or_else(|| "malformed \\uxxxx encoding".to_string())?;
                    value = (value << 4) | digit as u16;
                }
                value
            }
            Some('t') => TAB,
            Some('r') => CR,
            Some('n') => LF,
            Some('f') => FORM_FEED,
            _ => escaped,
        };
        out.push(decoded);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bundle_is_utf_8_unless_it_is_not_then_iso_8859_1() {
        assert_eq!(decode_bundle("M\u{fc}nchen".as_bytes()), "München");
        assert_eq!(decode_bundle(b"M\xfcnchen"), "München");
        assert_eq!(decode_bundle(b"\xe4\xf6\xfc\xdf"), "äöüß");
    }

    #[test]
    fn a_malformed_line_is_named_by_its_line_and_the_others_kept() {
        let text = "# c\r\na=1\r\nlong=x\\\n  y\nbad=\\u00G1\nc=3\n";
        let read = read_properties_lenient(text);
        assert_eq!(
            read.entries,
            [("a", "1"), ("long", "xy"), ("c", "3")].map(|(k, v)| (k.to_string(), v.to_string()))
        );
        let error = "malformed \\uxxxx encoding".to_string();
        assert_eq!(read.malformed, [Malformed { line: 5, error }]);
        assert_eq!(
            read_properties(text),
            Err("line 5: malformed \\uxxxx encoding".to_string())
        );
    }

    fn entries(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn body(text: &str) -> &str {
        text.strip_prefix(HEADER)
            .and_then(|t| t.strip_prefix('\n'))
            .unwrap_or(text)
    }

    #[test]
    fn japanese_round_trips_as_unicode_escapes() {
        let e = entries(&[
            ("Piece.Panzer division", "装甲師団"),
            ("Map.Map.mapName", "地図"),
            ("TurnTracker.Turn.list", "補充,移動,戦闘"),
        ]);
        let text = write_properties(&e);
        assert_eq!(
            body(&text),
            "Piece.Panzer\\ division=\\u88C5\\u7532\\u5E2B\\u56E3\n\
             Map.Map.mapName=\\u5730\\u56F3\n\
             TurnTracker.Turn.list=\\u88DC\\u5145,\\u79FB\\u52D5,\\u6226\\u95D8\n"
        );
        assert_eq!(read_properties(&text).unwrap(), e);
    }

    #[test]
    fn keys_escape_spaces_and_separators_values_only_leading_spaces() {
        let e = entries(&[("Piece.Flip to reduced", "Flip to reduced side")]);
        assert_eq!(
            body(&write_properties(&e)),
            "Piece.Flip\\ to\\ reduced=Flip to reduced side\n"
        );
        let e = entries(&[
            (" a=b:c#d!e f ", "  two leading, trailing  "),
            ("back\\slash", "C:\\dir\\ #1 = !x"),
            ("tab\tnl\ncr\rff\u{c}", "\t\n\r\u{c}"),
            ("#not a comment", "!"),
            ("", "empty key"),
            ("empty value", ""),
        ]);
        let text = write_properties(&e);
        assert_eq!(
            body(&text),
            "\\ a\\=b\\:c\\#d\\!e\\ f\\ =\\  two leading, trailing  \n\
             back\\\\slash=C\\:\\\\dir\\\\ \\#1 \\= \\!x\n\
             tab\\tnl\\ncr\\rff\\f=\\t\\n\\r\\f\n\
             \\#not\\ a\\ comment=\\!\n\
             =empty key\n\
             empty\\ value=\n"
        );
        assert_eq!(read_properties(&text).unwrap(), e);
    }

    #[test]
    fn characters_beyond_the_bmp_are_surrogate_pairs() {
        let e = entries(&[("Chat.emoji", "𠮷野家 🎲"), ("\u{7f}\u{80}é", "\u{1}")]);
        let text = write_properties(&e);
        assert_eq!(
            body(&text),
            "Chat.emoji=\\uD842\\uDFB7\\u91CE\\u5BB6 \\uD83C\\uDFB2\n\\u007F\\u0080\\u00E9=\\u0001\n"
        );
        assert_eq!(read_properties(&text).unwrap(), e);
    }

    #[test]
    fn output_is_pure_ascii_and_deterministic() {
        let e = entries(&[
            ("GlobalKeyCommand.Resolve combat.buttonText", "戦闘解決"),
            ("Piece.Mud", "泥濘 — «boue» ünd 🂡\u{0}\u{ffff}"),
        ]);
        let text = write_properties(&e);
        assert!(text.is_ascii(), "{text}");
        assert!(text
            .bytes()
            .all(|b| b == b'\n' || (0x20..0x7f).contains(&b)));
        assert_eq!(text, write_properties(&e));
        assert!(text.starts_with("# "));
        assert_eq!(read_properties(&text).unwrap(), e);
        assert_eq!(write_properties(&[]), format!("{HEADER}\n"));
    }

    #[test]
    fn reads_the_load_grammar() {
        let text = "# comment\n\
                    ! another comment \\\n\
                    \n   \t\n\
                    key1 = value one\n\
                    key2:value two\n\
                    key3 value three\n\
                    key4\t  =  : value four\n\
                    \x20  key5=continued \\\n      line \\\r\n\tand more\n\
                    key6\n\
                    key7=ends in an escaped backslash\\\\\n\
                    key8=\\u0041\\t\\q\\\\\\=\n\
                    k\\ e\\:y\\=9=v\r\
                    key10 = \\  spaced\r\n\
                    key1=replaced\n\
                    last=eof continuation\\";
        let got = read_properties(text).unwrap();
        let want = entries(&[
            ("key1", "replaced"),
            ("key2", "value two"),
            ("key3", "value three"),
            ("key4", ": value four"),
            ("key5", "continued line and more"),
            ("key6", ""),
            ("key7", "ends in an escaped backslash\\"),
            ("key8", "A\tq\\="),
            ("k e:y=9", "v"),
            ("key10", "  spaced"),
            ("last", "eof continuation"),
        ]);
        assert_eq!(got, want);
    }

    #[test]
    fn comment_lines_do_not_continue_but_continued_lines_are_not_comments() {
        let got = read_properties("a=1\\\n# not a comment\n#c \\\nb=2\n").unwrap();
        assert_eq!(got, entries(&[("a", "1# not a comment"), ("b", "2")]));
    }

    #[test]
    fn malformed_input_is_an_error_not_a_panic() {
        assert!(read_properties("a=\\u12").is_err());
        assert!(read_properties("a=\\u12G4").is_err());
        assert!(read_properties("a=\\uD800").is_err());
        assert!(read_properties("\\uDC00=x").is_err());
        assert_eq!(read_properties("").unwrap(), vec![]);
        // As in Java: a lone trailing backslash leaves an empty logical line, an empty key.
        assert_eq!(read_properties("\\").unwrap(), entries(&[("", "")]));
        assert_eq!(read_properties("\\\\").unwrap(), entries(&[("\\", "")]));
        for text in ["\\\n", "\\\r\n\\", "=", ":", " \\u", "a\\", "\r\r\n\\\n#"] {
            let _ = read_properties(text);
        }
    }
}
