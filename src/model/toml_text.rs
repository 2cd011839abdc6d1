//! TOML values as text, written so that they read back exactly: every string a basic string whose
//! escapes keep each byte (a raw component's line breaks and tabs, quotes and backslashes). What
//! writes TOML (the import's project, the catalogs' skeletons, the release history) quotes with it.

/// A string as a one-line TOML basic string.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        escape_into(c, &mut out, true);
    }
    out.push('"');
    out
}

/// A long text (a component's XML) as a multi-line basic string: its line breaks stay line breaks,
/// so the designer reads it as the module wrote it; every other character that needs it is escaped.
pub fn text(s: &str) -> String {
    // A literal string when it can hold the text as it is: no escapes to read past.
    let literal_safe = !s.contains("'''")
        && !s.ends_with('\'')
        && s.chars()
            .all(|c| c == '\n' || c == '\t' || (c >= ' ' && c != '\u{7f}'));
    if literal_safe {
        return format!("'''\n{s}'''");
    }
    let mut out = String::with_capacity(s.len() + 8);
    // The line break right after the opening quotes is not part of the value.
    out.push_str("\"\"\"\n");
    for c in s.chars() {
        escape_into(c, &mut out, false);
    }
    out.push_str("\"\"\"");
    out
}

fn escape_into(c: char, out: &mut String, one_line: bool) {
    match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\n' if one_line => out.push_str("\\n"),
        '\n' => out.push('\n'),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if (c as u32) < 0x20 || c == '\u{7f}' => {
            out.push_str(&format!("\\u{:04X}", c as u32));
        }
        c => out.push(c),
    }
}

/// A list of strings on one line.
pub fn strings<S: AsRef<str>>(items: &[S]) -> String {
    let inner: Vec<String> = items.iter().map(|s| string(s.as_ref())).collect();
    format!("[{}]", inner.join(", "))
}

/// An inline table of string values, keys quoted.
pub fn table<K: AsRef<str>, V: AsRef<str>>(pairs: impl IntoIterator<Item = (K, V)>) -> String {
    let inner: Vec<String> = pairs
        .into_iter()
        .map(|(k, v)| format!("{} = {}", string(k.as_ref()), string(v.as_ref())))
        .collect();
    format!("{{ {} }}", inner.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct One {
        v: String,
    }

    fn read(value: &str) -> String {
        toml::from_str::<One>(&format!("v = {value}\n"))
            .map(|o| o.v)
            .unwrap_or_else(|e| format!("unreadable: {e}"))
    }

    #[test]
    fn every_byte_reads_back() {
        let nasty = "<a x=\"1\">\r\n\t\\'''\"\"\"\u{1}é日本</a>\n";
        assert_eq!(read(&string(nasty)), nasty);
        assert_eq!(read(&text(nasty)), nasty);
        assert_eq!(read(&text("")), "");
        let plain = "<a x=\"1\">\n\t'quoted' \\ </a>";
        assert!(text(plain).starts_with("'''"));
        assert_eq!(read(&text(plain)), plain);
    }
}
