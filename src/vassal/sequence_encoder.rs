//! VASSAL's `SequenceEncoder` and `SequenceEncoder.Decoder` (`VASSAL/tools/SequenceEncoder.java`, 3.7.26):
//! the escaping scheme behind every piece type and state, every command in a saved game and every
//! list inside a trait field.
//!
//! # Encoding (`SequenceEncoder.append(String)`)
//!
//! * every token but the first is preceded by the delimiter;
//! * an empty token emits nothing (Java's `null` does the same);
//! * every delimiter inside a token is preceded by one backslash; backslashes themselves are **never**
//!   escaped;
//! * a token that starts with `\`, or starts **and** ends with `'`, is wrapped in single quotes (after
//!   escaping).
//!
//! # Decoding (`SequenceEncoder.Decoder.nextToken()`)
//!
//! * the token runs to the next delimiter that is not immediately preceded by `\`; for each escaped
//!   delimiter the one backslash before it is dropped;
//! * one pair of enclosing `'…'` is stripped from every token longer than one character, whether or not
//!   the encoder put it there;
//! * when the input is exhausted right after a delimiter (or the input is empty), one final empty token
//!   is returned: `"a;"` decodes as `["a", ""]` and `""` as `[""]`, while `"a"` decodes as `["a"]`.
//!
//! # The trailing-backslash trap
//!
//! Because backslashes are not escaped, a token that **ends** with `\` (and is not quote-wrapped, i.e.
//! does not start with `\`) makes the following delimiter look escaped: `append("ends\\")` then
//! `append("next")` with `;` produces `ends\;next`, which decodes as the single token `ends;next`. The
//! same happens one level up when such a token is the *last* of a nested encoder's value. VASSAL has no
//! way to represent such a token; [`SequenceEncoder::try_append`] rejects it (see
//! [`ends_with_unsafe_backslash`]) so callers can reject user strings instead of corrupting the output.
//! If every token of an encoder passes that check, the encoder's value passes it too, so checking at
//! every nesting level is sufficient.
//!
//! # Differences from the Java class (all deliberate)
//!
//! * [`SequenceEncoder::value`] returns `""` where Java's `getValue()` returns `null` (nothing was
//!   appended). The two are interchangeable whenever the value is appended to an outer encoder (both emit
//!   nothing); they differ only when handed straight to a decoder: Java's `new Decoder(null, d)` has no
//!   tokens, while a decoder over `""` yields one empty token.
//! * [`SequenceDecoder::next_token`] returns `None` where Java throws `NoSuchElementException`.
//! * Delimiters `\` and `'` are not meaningful (VASSAL never uses them); the encoder does not reject
//!   them but round trips are not guaranteed for them.

use std::fmt;

/// A token that cannot be encoded without merging with the next one (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrailingBackslash {
    /// The offending token.
    pub token: String,
}

impl fmt::Display for TrailingBackslash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} ends with a backslash, which VASSAL would read as escaping the next delimiter",
            self.token
        )
    }
}

impl std::error::Error for TrailingBackslash {}

/// True when `s`, appended to a [`SequenceEncoder`], would make the delimiter after it look escaped.
///
/// That is the case when `s` ends with `\` and is not quote-wrapped by the encoder. A token ending in
/// `\` cannot also end in `'`, so it is wrapped exactly when it starts with `\`.
pub fn ends_with_unsafe_backslash(s: &str) -> bool {
    s.ends_with('\\') && !s.starts_with('\\')
}

/// `SequenceEncoder`: builds one delimited string from tokens, escaping as VASSAL does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequenceEncoder {
    delim: char,
    /// `None` until the first token is appended (Java's `buffer == null`).
    buffer: Option<String>,
}

impl SequenceEncoder {
    /// `new SequenceEncoder(char delimiter)`.
    pub fn new(delim: char) -> Self {
        SequenceEncoder {
            delim,
            buffer: None,
        }
    }

    /// `new SequenceEncoder(String val, char delimiter)`: an encoder whose first token is `first`.
    pub fn starting_with(first: &str, delim: char) -> Self {
        let mut se = SequenceEncoder::new(delim);
        se.append(first);
        se
    }

    /// The delimiter this encoder writes.
    pub fn delimiter(&self) -> char {
        self.delim
    }

    /// True once at least one token (even an empty one) has been appended.
    pub fn has_tokens(&self) -> bool {
        self.buffer.is_some()
    }

    /// `append(String)`: appends one token with VASSAL's escaping, unchecked. A token ending in `\` is
    /// written exactly as VASSAL would write it, trap included; use [`SequenceEncoder::try_append`] for
    /// strings that come from users.
    pub fn append(&mut self, s: &str) -> &mut Self {
        let delim = self.delim;
        let buf = self.start_token();
        if s.is_empty() {
            return self;
        }
        let wrap = s.starts_with('\\') || (s.starts_with('\'') && s.ends_with('\''));
        if wrap {
            buf.push('\'');
        }
        // Copy the runs between delimiters whole: nested pieces pass long strings through here once
        // per nesting level.
        buf.reserve(s.len() + 2);
        let mut rest = s;
        while let Some(i) = rest.find(delim) {
            buf.push_str(&rest[..i]);
            buf.push('\\');
            buf.push(delim);
            rest = &rest[i + delim.len_utf8()..];
        }
        buf.push_str(rest);
        if wrap {
            buf.push('\'');
        }
        self
    }

    /// Like [`SequenceEncoder::append`], but refuses (and appends nothing) when the token ends with an
    /// unescapable backslash ([`ends_with_unsafe_backslash`]).
    pub fn try_append(&mut self, s: &str) -> Result<&mut Self, TrailingBackslash> {
        if ends_with_unsafe_backslash(s) {
            return Err(TrailingBackslash {
                token: s.to_string(),
            });
        }
        Ok(self.append(s))
    }

    /// `append(int)` / `append(long)`: the decimal form (`String.valueOf`). Java skips escaping unless the
    /// delimiter is one of the characters a number can contain; escaping a string that contains no
    /// delimiter changes nothing, so appending the decimal string is equivalent in every case.
    pub fn append_int(&mut self, i: impl Into<i64>) -> &mut Self {
        self.append(&i.into().to_string())
    }

    /// `append(boolean)`: `true` or `false`.
    pub fn append_bool(&mut self, b: bool) -> &mut Self {
        self.append(if b { "true" } else { "false" })
    }

    /// `append(String[])`: the array encoded by [`string_array_to_string`], appended as one token.
    pub fn append_string_array<S: AsRef<str>>(&mut self, items: &[S]) -> &mut Self {
        let encoded = string_array_to_string(items);
        self.append(&encoded)
    }

    /// `getValue()`, except that an encoder with no tokens gives `""` instead of `null`.
    pub fn value(&self) -> String {
        self.buffer.clone().unwrap_or_default()
    }

    /// Consumes the encoder, returning [`SequenceEncoder::value`].
    pub fn into_value(self) -> String {
        self.buffer.unwrap_or_default()
    }

    /// `startBufferOrAddDelimiter()`.
    fn start_token(&mut self) -> &mut String {
        let delim = self.delim;
        match &mut self.buffer {
            Some(buf) => {
                buf.push(delim);
            }
            None => {
                self.buffer = Some(String::new());
            }
        }
        self.buffer.get_or_insert_with(String::new)
    }
}

/// Encodes `tokens` with one [`SequenceEncoder`] (unchecked, like [`SequenceEncoder::append`]).
pub fn encode<S: AsRef<str>>(tokens: &[S], delim: char) -> String {
    let mut se = SequenceEncoder::new(delim);
    for t in tokens {
        se.append(t.as_ref());
    }
    se.into_value()
}

/// Encodes `tokens`, failing on the first token that would corrupt the stream.
pub fn try_encode<S: AsRef<str>>(tokens: &[S], delim: char) -> Result<String, TrailingBackslash> {
    let mut se = SequenceEncoder::new(delim);
    for t in tokens {
        se.try_append(t.as_ref())?;
    }
    Ok(se.into_value())
}

/// Decodes every token of `s` (at least one: `""` gives `[""]`).
pub fn decode(s: &str, delim: char) -> Vec<String> {
    SequenceDecoder::new(s, delim).collect()
}

/// `StringArrayConfigurer.arrayToString`: a `,`-encoded list; the empty list is `""`.
///
/// Note VASSAL's ambiguity: `[""]` also encodes as `""`, and `""` decodes as the empty list.
pub fn string_array_to_string<S: AsRef<str>>(items: &[S]) -> String {
    encode(items, ',')
}

/// `StringArrayConfigurer.stringToArray`: `""` is the empty list, anything else is decoded on `,`.
pub fn string_array_from_string(s: &str) -> Vec<String> {
    if s.is_empty() {
        Vec::new()
    } else {
        decode(s, ',')
    }
}

/// `SequenceEncoder.Decoder`: reads tokens back out of an encoded string.
#[derive(Debug, Clone)]
pub struct SequenceDecoder<'a> {
    val: &'a str,
    delim: char,
    /// Byte offset of the next token.
    start: usize,
    /// Java's `val == null`: no tokens left.
    done: bool,
}

impl<'a> SequenceDecoder<'a> {
    /// `new Decoder(String value, char delimiter)`.
    pub fn new(s: &'a str, delim: char) -> Self {
        SequenceDecoder {
            val: s,
            delim,
            start: 0,
            done: false,
        }
    }

    /// `hasMoreTokens()`.
    pub fn has_more_tokens(&self) -> bool {
        !self.done
    }

    /// `getRemaining()`: the undecoded rest of the input, `""` once no tokens are left.
    pub fn remaining(&self) -> &'a str {
        if self.done {
            ""
        } else {
            self.val.get(self.start..).unwrap_or("")
        }
    }

    /// `nextToken()`; `None` where Java throws `NoSuchElementException`.
    pub fn next_token(&mut self) -> Option<String> {
        if self.done {
            return None;
        }
        let rest = self.val.get(self.start..).unwrap_or("");
        if rest.is_empty() {
            // "token for null is the empty string"
            self.done = true;
            return Some(String::new());
        }
        let bytes = self.val.as_bytes();
        let mut token = String::new();
        // Start (absolute byte offset) of the part of the token not yet copied into `token`.
        let mut seg = self.start;
        let mut end_of_token = None;
        for (off, c) in rest.char_indices() {
            if c != self.delim {
                continue;
            }
            let i = self.start + off;
            // Java checks the character before the delimiter in the whole input (`i > 0`); a `\` is one
            // byte in UTF-8 and never part of a multi-byte sequence, so the byte check is the same.
            if i > 0 && bytes.get(i - 1) == Some(&b'\\') {
                // escaped delimiter: drop the backslash, keep the delimiter
                token.push_str(self.val.get(seg..i - 1).unwrap_or(""));
                seg = i;
            } else {
                token.push_str(self.val.get(seg..i).unwrap_or(""));
                end_of_token = Some(i + c.len_utf8());
                break;
            }
        }
        match end_of_token {
            Some(next) => self.start = next,
            None => {
                token.push_str(self.val.get(seg..).unwrap_or(""));
                self.start = self.val.len();
                self.done = true;
            }
        }
        Some(unquote(token))
    }

    /// `nextToken(String defaultValue)`: the next token, or `default` when none are left.
    pub fn next_token_or(&mut self, default: &str) -> String {
        self.next_token().unwrap_or_else(|| default.to_string())
    }

    /// `nextInt(int)`: the next token parsed with Java's `Integer.parseInt`; `default` when no tokens are
    /// left **or the token does not parse** (the token is consumed either way).
    pub fn next_int(&mut self, default: i32) -> i32 {
        self.next_token()
            .and_then(|t| java_parse_int(&t))
            .unwrap_or(default)
    }

    /// `nextLong(long)`: as [`SequenceDecoder::next_int`] with Java's `Long.parseLong`.
    pub fn next_long(&mut self, default: i64) -> i64 {
        self.next_token()
            .and_then(|t| java_parse_long(&t))
            .unwrap_or(default)
    }

    /// `nextBoolean(boolean)`: `default` when no tokens are left, otherwise whether the token is exactly
    /// `true` (anything else, `True` included, is `false`).
    pub fn next_bool(&mut self, default: bool) -> bool {
        match self.next_token() {
            Some(t) => t == "true",
            None => default,
        }
    }

    /// `nextChar(char)`: the first character of the next token; `default` when no tokens are left or the
    /// token is empty.
    pub fn next_char(&mut self, default: char) -> char {
        self.next_token()
            .and_then(|t| t.chars().next())
            .unwrap_or(default)
    }

    /// `nextStringArray(int minLength)`: the next token decoded by [`string_array_from_string`] (the empty
    /// list when no tokens are left), padded with empty strings (Java: `null`s) to `min_len`.
    pub fn next_string_array(&mut self, min_len: usize) -> Vec<String> {
        let mut v = match self.next_token() {
            Some(t) => string_array_from_string(&t),
            None => Vec::new(),
        };
        if v.len() < min_len {
            v.resize(min_len, String::new());
        }
        v
    }
}

impl Iterator for SequenceDecoder<'_> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        self.next_token()
    }
}

/// `Decoder.unquote`: strips one pair of enclosing single quotes from a token of length > 1.
fn unquote(token: String) -> String {
    if token.len() > 1 && token.starts_with('\'') && token.ends_with('\'') {
        // both quotes are one byte, so the slice is on character boundaries
        if let Some(inner) = token.get(1..token.len() - 1) {
            return inner.to_string();
        }
    }
    token
}

/// Java's `Integer.parseInt(s)` (radix 10): `None` where Java throws `NumberFormatException`.
pub fn java_parse_int(s: &str) -> Option<i32> {
    java_parse(s, i64::from(i32::MIN), i64::from(i32::MAX)).and_then(|v| i32::try_from(v).ok())
}

/// Java's `Long.parseLong(s)` (radix 10): `None` where Java throws `NumberFormatException`.
pub fn java_parse_long(s: &str) -> Option<i64> {
    java_parse(s, i64::MIN, i64::MAX)
}

/// Shared body of `parseInt`/`parseLong`: an optional leading `+` or `-`, then at least one decimal
/// digit. Like Java, any Unicode `Nd` digit of the Basic Multilingual Plane counts (`Character.digit`),
/// so full-width `１２` parses as 12; no whitespace is allowed; overflow fails.
fn java_parse(s: &str, min: i64, max: i64) -> Option<i64> {
    let (negative, digits) = if let Some(rest) = s.strip_prefix('-') {
        (true, rest)
    } else if let Some(rest) = s.strip_prefix('+') {
        (false, rest)
    } else {
        (false, s)
    };
    if digits.is_empty() {
        return None;
    }
    // Accumulate negatively, as Java does, so that MIN is reachable.
    let mut acc: i64 = 0;
    let limit = if negative { min } else { -max };
    for c in digits.chars() {
        let d = i64::from(java_decimal_digit(c)?);
        acc = acc.checked_mul(10)?.checked_sub(d)?;
        if acc < limit {
            return None;
        }
    }
    if negative {
        Some(acc)
    } else {
        acc.checked_neg()
    }
}

/// Zero code points of the decimal-digit (`Nd`) blocks of the BMP (Unicode 13–15, as in Java 17/21);
/// each block holds the ten digits 0–9 in order.
const ND_ZEROS: [u32; 37] = [
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
    0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80,
    0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
    0xFF10,
];

/// `Character.digit(char, 10)` for one UTF-16 unit: the digit value of a BMP `Nd` character.
/// Supplementary characters are two UTF-16 units in Java, neither of which is a digit.
fn java_decimal_digit(c: char) -> Option<u32> {
    let cp = u32::from(c);
    ND_ZEROS
        .iter()
        .find(|&&zero| cp >= zero && cp < zero + 10)
        .map(|&zero| cp - zero)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TAB: char = '\t';

    fn enc(tokens: &[&str], d: char) -> String {
        encode(tokens, d)
    }

    #[test]
    fn plain_tokens_are_joined() {
        assert_eq!(enc(&["a", "b", "c"], ';'), "a;b;c");
        assert_eq!(enc(&["", "a", "", ""], ';'), ";a;;");
        assert_eq!(enc(&[""], ';'), "");
        assert_eq!(SequenceEncoder::new(';').value(), "");
        assert!(!SequenceEncoder::new(';').has_tokens());
    }

    #[test]
    fn delimiter_is_escaped_backslash_is_not() {
        assert_eq!(enc(&["a;b"], ';'), r"a\;b");
        assert_eq!(enc(&["x", "a;b;"], ';'), r"x;a\;b\;");
        assert_eq!(enc(&[r"a\b"], ';'), r"a\b");
        assert_eq!(enc(&[r"a\;b"], ';'), r"a\\;b");
        assert_eq!(enc(&["a/b"], ';'), "a/b");
        assert_eq!(enc(&["a/b"], '/'), r"a\/b");
    }

    #[test]
    fn quote_wrapping() {
        assert_eq!(enc(&[r"\start"], ';'), r"'\start'");
        assert_eq!(enc(&["'q'"], ';'), "''q''");
        assert_eq!(enc(&["'"], ';'), "'''");
        assert_eq!(enc(&["'q"], ';'), "'q");
        assert_eq!(enc(&["q'"], ';'), "q'");
        assert_eq!(enc(&[r"\"], ';'), r"'\'");
        assert_eq!(enc(&[r"\a;b"], ';'), r"'\a\;b'");
        // wrapping is decided on the raw token: a leading delimiter becomes `\;` but is not wrapped
        assert_eq!(enc(&[";x"], ';'), r"\;x");
        assert_eq!(decode(r"\;x", ';'), vec![";x"]);
        assert_eq!(decode(r"'\start'", ';'), vec![r"\start"]);
        assert_eq!(decode("''q''", ';'), vec!["'q'"]);
        assert_eq!(decode("'''", ';'), vec!["'"]);
        assert_eq!(decode("'", ';'), vec!["'"]);
        // the decoder strips quotes the encoder did not add, too
        assert_eq!(decode("'ab';x", ';'), vec!["ab", "x"]);
    }

    #[test]
    fn ints_and_bools() {
        let mut se = SequenceEncoder::new(';');
        se.append_int(-5)
            .append_int(7_i64)
            .append_bool(true)
            .append_bool(false);
        assert_eq!(se.value(), "-5;7;true;false");
        // an "ugly" delimiter that occurs in numbers is escaped like any other
        let mut se = SequenceEncoder::new('-');
        se.append_int(-5).append_int(3);
        assert_eq!(se.value(), r"\-5-3");
        assert_eq!(decode(r"\-5-3", '-'), vec!["-5", "3"]);
    }

    #[test]
    fn decoder_end_of_input() {
        assert_eq!(decode("a;", ';'), vec!["a", ""]);
        assert_eq!(decode("a;;", ';'), vec!["a", "", ""]);
        assert_eq!(decode("", ';'), vec![""]);
        assert_eq!(decode("a", ';'), vec!["a"]);
        assert_eq!(decode(";", ';'), vec!["", ""]);
        assert_eq!(decode(r"a\;", ';'), vec!["a;"]);
        let mut d = SequenceDecoder::new("a;", ';');
        assert_eq!(d.remaining(), "a;");
        assert_eq!(d.next_token().as_deref(), Some("a"));
        assert!(d.has_more_tokens());
        assert_eq!(d.remaining(), "");
        assert_eq!(d.next_token().as_deref(), Some(""));
        assert!(!d.has_more_tokens());
        assert_eq!(d.next_token(), None);
        assert_eq!(d.next_token_or("dflt"), "dflt");
        assert_eq!(d.next_int(9), 9);
        assert!(d.next_bool(true));
        assert_eq!(d.next_char('z'), 'z');
    }

    #[test]
    fn decoder_typed_getters() {
        let mut d = SequenceDecoder::new("12;x;-0;+4;true;True;;２３;2147483648;-2147483648", ';');
        assert_eq!(d.next_int(-1), 12);
        assert_eq!(d.next_int(-1), -1); // garbage: default, token consumed
        assert_eq!(d.next_int(-1), 0);
        assert_eq!(d.next_int(-1), 4);
        assert!(d.next_bool(false));
        assert!(!d.next_bool(true));
        assert_eq!(d.next_int(-1), -1); // empty token
        assert_eq!(d.next_int(-1), 23); // full-width digits, as Character.digit accepts them
        assert_eq!(d.next_int(-1), -1); // overflow
        assert_eq!(d.next_int(-1), i32::MIN);
        assert!(!d.has_more_tokens());
        assert_eq!(java_parse_int("-"), None);
        assert_eq!(java_parse_int("+"), None);
        assert_eq!(java_parse_int(" 1"), None);
        assert_eq!(java_parse_int("١٢"), Some(12));
        assert_eq!(java_parse_long("9223372036854775807"), Some(i64::MAX));
        assert_eq!(java_parse_long("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(java_parse_long("9223372036854775808"), None);
        let mut d = SequenceDecoder::new("a,b;;x", ';');
        assert_eq!(d.next_string_array(3), vec!["a", "b", ""]);
        assert_eq!(d.next_string_array(0), Vec::<String>::new());
        assert_eq!(d.next_char('z'), 'x');
    }

    #[test]
    fn string_arrays() {
        assert_eq!(string_array_to_string(&["a", "b,c"]), r"a,b\,c");
        assert_eq!(string_array_to_string::<&str>(&[]), "");
        assert_eq!(string_array_to_string(&[""]), "");
        assert_eq!(string_array_from_string(""), Vec::<String>::new());
        assert_eq!(string_array_from_string(",x"), vec!["", "x"]);
    }

    #[test]
    fn javadoc_example() {
        // SequenceEncoder's class comment: {A,{B,C}} encodes as A,B\,C
        let inner = enc(&["B", "C"], ',');
        let outer = enc(&["A", &inner], ',');
        assert_eq!(outer, r"A,B\,C");
        let mut st = SequenceDecoder::new(&outer, ',');
        assert_eq!(st.next_token().as_deref(), Some("A"));
        let bc = st.next_token().unwrap_or_default();
        assert_eq!(decode(&bc, ','), vec!["B", "C"]);
    }

    #[test]
    fn trailing_backslash_trap() {
        assert!(ends_with_unsafe_backslash(r"ends\"));
        assert!(!ends_with_unsafe_backslash(r"\ends\")); // quote-wrapped
        assert!(!ends_with_unsafe_backslash(r"\"));
        assert!(!ends_with_unsafe_backslash(r"a\b"));
        assert!(!ends_with_unsafe_backslash(""));

        // What VASSAL writes, and how it reads it back: the two tokens merge.
        let mut se = SequenceEncoder::new(';');
        se.append(r"ends\").append("next");
        assert_eq!(se.value(), r"ends\;next");
        assert_eq!(decode(&se.value(), ';'), vec!["ends;next"]);

        // As the last token of an inner encoder it corrupts the outer level.
        let inner = enc(&["x", r"y\"], ';');
        let outer = enc(&[&inner, "z"], TAB);
        assert_eq!(decode(&outer, TAB), vec!["x;y\tz"]);

        // try_append refuses and leaves the encoder untouched.
        let mut se = SequenceEncoder::new(';');
        se.append("a");
        let err = se.try_append(r"ends\").err();
        assert_eq!(
            err,
            Some(TrailingBackslash {
                token: r"ends\".to_string()
            })
        );
        assert_eq!(se.value(), "a");
        assert!(se.try_append(r"\ok\").is_ok());
        assert_eq!(se.value(), r"a;'\ok\'");
        assert_eq!(decode(&se.value(), ';'), vec!["a", r"\ok\"]);
        assert!(try_encode(&["a", r"b\"], ';').is_err());
    }

    /// §3.4 of the format reference: a four-trait piece through three nesting levels.
    #[test]
    fn worked_example_add_piece() {
        // NamedKeyStrokeArrayConfigurer.encode: each key `code,mod` is a `,` encoder of its own,
        // appended to the `,` list encoder.
        let report_keys = encode(&[encode(&["70", "130"], ',')], ',');
        assert_eq!(report_keys, r"70\,130");
        let mut report = SequenceEncoder::new(';');
        report
            .append(&report_keys)
            .append("$oldPieceName$ flipped to $newPieceName$ in $location$")
            .append("")
            .append("")
            .append("Report flip")
            .append_bool(false);
        let report_type = format!("report;{}", report.value());

        let images = string_array_to_string(&["ger_1inf_f.png", "ger_1inf_r.png"]);
        let names = string_array_to_string(&["", "+ (reduced)"]);
        // the 33 emb2 fields after the ID, one line per ten
        #[rustfmt::skip]
        let emb2_fields: Vec<String> = [
            "", "130", "", "Flip", "130", "", "", "130", "", "",
            "", "1", "false", "0", "0", &images, &names, "true", "Step", "",
            "", "false", "", "1", "1", "true", "", "70,130", "", "Full/reduced side",
            "1.0", "", "true",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(emb2_fields.len(), 33);
        let emb2_type = format!("emb2;{}", encode(&emb2_fields, ';'));
        let mark_type = format!("mark;{}", encode(&["Side"], ';'));
        let piece_type = format!("piece;{}", encode(&["", "", "", "1st Infantry Div"], ';'));

        // Decorator.getType: new SequenceEncoder(myGetType(), '\t').append(piece.getType())
        let nest = |outer: &str, inner: &str| {
            let mut se = SequenceEncoder::starting_with(outer, TAB);
            se.append(inner);
            se.value()
        };
        let full_type = nest(
            &report_type,
            &nest(&emb2_type, &nest(&mark_type, &piece_type)),
        );
        let basic_state = encode(&["null", "0", "0", "7", "0"], ';');
        let full_state = nest("-1", &nest("1", &nest("German", &basic_state)));

        // BasicCommandEncoder.encode(AddPiece): "+/" + SE('/')[id, type, state]
        let mut add = SequenceEncoder::new('/');
        add.append("null").append(&full_type).append(&full_state);
        let text = format!("+/{}", add.value());

        let expected = "+/null/report;70\\,130;$oldPieceName$ flipped to $newPieceName$ in $location$;;;Report flip;false\temb2;;130;;Flip;130;;;130;;;;1;false;0;0;ger_1inf_f.png,ger_1inf_r.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Full\\/reduced side;1.0;;true\\\tmark;Side\\\\\tpiece;;;;1st Infantry Div/-1\t1\\\tGerman\\\\\tnull;0;0;7;0";
        assert_eq!(text, expected);

        // And back: BasicCommandEncoder.decode → Decorator chain.
        let body = text.strip_prefix("+/").unwrap_or_default();
        let mut d = SequenceDecoder::new(body, '/');
        assert_eq!(d.next_token().as_deref(), Some("null"));
        let t = d.next_token().unwrap_or_default();
        let s = d.next_token().unwrap_or_default();
        assert!(!d.has_more_tokens());
        let peel = |s: &str| decode(s, TAB);
        let l1 = peel(&t);
        assert_eq!(
            l1,
            vec![
                report_type.clone(),
                nest(&emb2_type, &nest(&mark_type, &piece_type))
            ]
        );
        let l2 = peel(&l1[1]);
        assert_eq!(l2[0], emb2_type);
        let l3 = peel(&l2[1]);
        assert_eq!(l3, vec![mark_type, piece_type]);
        let emb2_back = decode(emb2_type.strip_prefix("emb2;").unwrap_or_default(), ';');
        assert_eq!(emb2_back, emb2_fields);
        assert_eq!(
            string_array_from_string(&emb2_back[16]),
            vec!["", "+ (reduced)"]
        );
        let s1 = peel(&s);
        assert_eq!(s1[0], "-1");
        let s3 = peel(&peel(&s1[1])[1]);
        assert_eq!(s3, vec!["German".to_string(), basic_state]);
    }

    /// Deterministic xorshift generator (no dependency needed).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    const ALPHABET: &[char] = &[
        ';', '/', '\\', '\'', ',', '\t', '\u{1b}', 'a', 'Z', '0', '9', ' ', '$', '&', '<', '"',
        '-', 'ア', '漢', '字', 'の', '＿', '１',
    ];

    fn gen_string(rng: &mut Rng) -> String {
        let len = match rng.below(10) {
            0 => 0,
            1 => 1,
            _ => rng.below(12),
        };
        (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect()
    }

    fn gen_tokens(rng: &mut Rng) -> Vec<String> {
        let n = 1 + rng.below(5);
        let mut v = Vec::new();
        while v.len() < n {
            let s = gen_string(rng);
            if !ends_with_unsafe_backslash(&s) {
                v.push(s);
            }
        }
        v
    }

    #[test]
    fn round_trip_one_level() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for delim in [';', '/', ',', TAB, '\u{1b}'] {
            for _ in 0..3000 {
                let tokens = gen_tokens(&mut rng);
                let encoded = try_encode(&tokens, delim);
                let Ok(encoded) = encoded else {
                    panic!("rejected safe tokens {tokens:?}");
                };
                assert_eq!(decode(&encoded, delim), tokens, "encoded {encoded:?}");
            }
        }
    }

    /// A tree of tokens: leaves are strings, inner nodes are nested encoders.
    #[derive(Debug, Clone, PartialEq)]
    enum Tree {
        Leaf(String),
        Node(Vec<Tree>),
    }

    const LEVELS: [char; 3] = ['/', TAB, ';'];

    fn gen_tree(rng: &mut Rng, depth: usize) -> Vec<Tree> {
        let n = 1 + rng.below(4);
        (0..n)
            .map(|_| {
                if depth > 1 && rng.below(2) == 0 {
                    Tree::Node(gen_tree(rng, depth - 1))
                } else {
                    let mut s = gen_string(rng);
                    while ends_with_unsafe_backslash(&s) {
                        s = gen_string(rng);
                    }
                    Tree::Leaf(s)
                }
            })
            .collect()
    }

    fn encode_tree(items: &[Tree], level: usize) -> Result<String, TrailingBackslash> {
        let delim = LEVELS[level % LEVELS.len()];
        let mut se = SequenceEncoder::new(delim);
        for item in items {
            match item {
                Tree::Leaf(s) => se.try_append(s)?,
                Tree::Node(children) => se.try_append(&encode_tree(children, level + 1)?)?,
            };
        }
        Ok(se.into_value())
    }

    /// Decodes `s` following the shape of `shape` (the decoder cannot know where nesting was).
    fn decode_like(s: &str, shape: &[Tree], level: usize) -> Vec<Tree> {
        let delim = LEVELS[level % LEVELS.len()];
        let mut d = SequenceDecoder::new(s, delim);
        let mut out = Vec::new();
        for item in shape {
            let tok = d.next_token().unwrap_or_else(|| "<missing>".to_string());
            out.push(match item {
                Tree::Leaf(_) => Tree::Leaf(tok),
                Tree::Node(children) => Tree::Node(decode_like(&tok, children, level + 1)),
            });
        }
        if d.has_more_tokens() {
            out.push(Tree::Leaf(format!("<extra {:?}>", d.remaining())));
        }
        out
    }

    #[test]
    fn round_trip_nested_levels() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for depth in 1..=3 {
            for _ in 0..3000 {
                let tree = gen_tree(&mut rng, depth);
                let Ok(encoded) = encode_tree(&tree, 0) else {
                    panic!("rejected {tree:?}");
                };
                assert_eq!(decode_like(&encoded, &tree, 0), tree, "encoded {encoded:?}");
            }
        }
    }

    #[test]
    fn round_trip_forced_three_levels() {
        // Always exactly three levels deep, every level with several tokens.
        let mut rng = Rng(42);
        for _ in 0..2000 {
            let tree: Vec<Tree> = (0..3)
                .map(|_| {
                    Tree::Node(
                        (0..3)
                            .map(|_| {
                                Tree::Node(
                                    gen_tokens(&mut rng).into_iter().map(Tree::Leaf).collect(),
                                )
                            })
                            .collect(),
                    )
                })
                .collect();
            let Ok(encoded) = encode_tree(&tree, 0) else {
                panic!("rejected {tree:?}");
            };
            assert_eq!(decode_like(&encoded, &tree, 0), tree, "encoded {encoded:?}");
        }
    }
}
