//! A game's rules over its series' rules, as one TOML text: the game's file first, then every
//! section of the series' file that the game does not write (the series' `[game]` never; its
//! `[series]` index always). Each part is a [`Splice`] so that diagnostics point into the file it
//! came from.

use super::{Layering, MERGED_SECTIONS};
use crate::diag::Splice;
use crate::model::FileId;

/// The composed text and where its parts came from.
#[derive(Debug)]
pub struct Composed {
    pub text: String,
    pub splices: Vec<Splice>,
    pub layering: Layering,
}

/// Compose `game` (its text and file) over `series`. `Err` names a line of the series file that
/// cannot be moved (a key outside any table, which would change meaning after the game's tables).
pub fn compose(
    series_id: &str,
    game: (&str, FileId),
    series: (&str, FileId),
) -> Result<Composed, (usize, String)> {
    let game_sections: Vec<String> = sections(game.0).into_iter().map(|s| s.key).collect();
    let series_parts = sections(series.0);
    if let Some(stray) = preamble_key(series.0, &series_parts) {
        return Err(stray);
    }
    let mut text = game.0.to_string();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let mut splices = vec![Splice {
        at: 0,
        len: game.0.len(),
        from: game.1,
        origin: 0,
    }];
    for part in &series_parts {
        let merged = MERGED_SECTIONS.contains(&part.key.as_str());
        // The series' own `[game]` and `[[overrides]]` describe the series, not its games.
        let own = part.key == "game" || part.key == "overrides";
        if own || (game_sections.contains(&part.key) && !merged) {
            continue;
        }
        let body = &series.0[part.range.clone()];
        splices.push(Splice {
            at: text.len(),
            len: body.len(),
            from: series.1,
            origin: part.range.start,
        });
        text.push_str(body);
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    let mut series_sections: Vec<String> = series_parts.into_iter().map(|s| s.key).collect();
    series_sections.dedup();
    let mut game_sections = game_sections;
    game_sections.dedup();
    Ok(Composed {
        text,
        splices,
        layering: Layering {
            series: series_id.to_string(),
            game_sections,
            series_sections,
        },
    })
}

/// A series' rules text as its games read it: without its `[game]` table, which composing never
/// takes (a module carries this copy, so that a new version of the series' own game leaves the
/// modules of the games built on it as they were).
pub fn as_series(text: &str) -> String {
    let mut out = text.to_string();
    for part in sections(text).iter().rev().filter(|p| p.key == "game") {
        out.replace_range(part.range.clone(), "");
    }
    out
}

/// A run of lines under one table header, keyed by the header's first key (`[combat]`,
/// `[[combat.shifts]]` → `combat`).
#[derive(Debug)]
struct Section {
    key: String,
    range: std::ops::Range<usize>,
}

/// The sections of a TOML text in order (the lines before the first header are not a section).
fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if let Some(key) = header_key(line) {
            if let Some(last) = out.last_mut() {
                last.range.end = offset;
            }
            out.push(Section {
                key,
                range: offset..text.len(),
            });
        }
        offset += line.len();
    }
    out
}

/// The first key of a table header line (`[[combat.shifts]]` → `combat`), `None` for other lines.
fn header_key(line: &str) -> Option<String> {
    let rest = line.trim_start().strip_prefix('[')?;
    let rest = rest.strip_prefix('[').unwrap_or(rest).trim_start();
    let key: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    (!key.is_empty()).then_some(key)
}

/// The first key written before any table header, with its 1-based line.
fn preamble_key(text: &str, parts: &[Section]) -> Option<(usize, String)> {
    let end = parts.first().map_or(text.len(), |p| p.range.start);
    text[..end]
        .lines()
        .enumerate()
        .find(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(i, l)| (i + 1, l.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_sections_replace_the_series_and_lacks_come_from_both() {
        let series = "[game]\nid = \"s\"\n\n[series]\nid = \"s\"\n\n[stacking]\nmax_units = 10\n\n[[phases]]\nid = \"a\"\n\n[[missing]]\nwhat = \"x\"\n";
        let game = "[game]\nid = \"g\"\n\n[stacking]\nmax_units = 8\n\n[[missing]]\nwhat = \"y\"\n";
        let c = compose("s", (game, FileId(0)), (series, FileId(1))).expect("composes");
        let value: toml::Table = toml::from_str(&c.text).expect("valid TOML");
        assert_eq!(value["game"]["id"].as_str(), Some("g"));
        assert_eq!(value["stacking"]["max_units"].as_integer(), Some(8));
        assert_eq!(value["phases"].as_array().map(Vec::len), Some(1));
        assert_eq!(value["missing"].as_array().map(Vec::len), Some(2));
        assert_eq!(value["series"]["id"].as_str(), Some("s"));
        // The series' phases sit in the composed text where a splice says they came from.
        let at = c.text.find("id = \"a\"").expect("phases copied");
        let splice = c
            .splices
            .iter()
            .find(|s| (s.at..s.at + s.len).contains(&at))
            .expect("a splice");
        assert_eq!(splice.from, FileId(1));
        assert_eq!(&series[at - splice.at + splice.origin..][..8], "id = \"a\"");
        assert_eq!(c.layering.game_sections, ["game", "stacking", "missing"]);
    }

    #[test]
    fn a_key_outside_any_table_cannot_move() {
        let series = "# comment\nstray = 1\n[series]\nid = \"s\"\n";
        let err = compose("s", ("[game]\n", FileId(0)), (series, FileId(1))).unwrap_err();
        assert_eq!(err, (2, "stray = 1".to_string()));
    }
}
