//! Catalog skeletons: what `vmodc i18n extract` writes for a translator to fill in.

use super::{Catalog, Entry};

/// What a catalog skeleton is for, for its heading: `what` names the texts ("the Battle for Moscow
/// module"), `command` the command that wrote it.
pub struct Skeleton<'a> {
    pub what: &'a str,
    pub command: &'a str,
}

/// A catalog skeleton for a new language: every entry, with the text of `base` (or the default),
/// grouped by section in the order of the entries.
pub fn extract(
    skeleton: Skeleton<'_>,
    entries: &[Entry],
    lang: &str,
    base: Option<&Catalog>,
) -> String {
    let mut out = format!(
        "# Texts of {} in language `{lang}`: translate the values, keep the keys and the\n# {{placeholders}}. Written by `{}`.\n\n[language]\ncode = {}\nname = {}\n",
        skeleton.what,
        skeleton.command,
        quote(lang),
        quote(language_name(lang))
    );
    // Group by section (a TOML table may appear only once), keeping the order of first appearance.
    let section_of = |e: &Entry| e.key.split_once('.').map_or("misc", |(s, _)| s).to_string();
    let mut sections: Vec<String> = Vec::new();
    for e in entries {
        let sec = section_of(e);
        if !sections.contains(&sec) {
            sections.push(sec);
        }
    }
    for sec in sections {
        out.push_str(&format!("\n[{sec}]\n"));
        let mut used_in = "";
        for e in entries.iter().filter(|e| section_of(e) == sec) {
            let key = e.key.split_once('.').map_or(e.key.as_str(), |(_, k)| k);
            if e.used_in != used_in {
                used_in = &e.used_in;
                out.push_str(&format!("# {used_in}\n"));
            }
            let text = base
                .and_then(|b| b.texts.get(&e.key))
                .map_or(e.default.clone(), |t| t.value.clone());
            out.push_str(&format!("{} = {}\n", quote_key(key), quote(&text)));
        }
    }
    out
}

/// The name of a language in that language, for the few vmodc knows; the code otherwise.
fn language_name(code: &str) -> &str {
    match code {
        "en" => "English",
        "ja" => "日本語",
        "de" => "Deutsch",
        "fr" => "Français",
        "es" => "Español",
        other => other,
    }
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn quote_key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        k.to_string()
    } else {
        quote(k)
    }
}
