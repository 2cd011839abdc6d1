//! Results built from parts (`[combat.result_grammar]`): parse a result such as `AL1o1, Do1` into
//! each side's parts, and explain it in words. Nothing here knows a game's letters: they are data.

use crate::concept::game::ResultGrammar;

/// One side's share of a result, part by part, explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideResult {
    /// The side's name (`attacker`).
    pub side: String,
    /// Each part's meaning, with its number filled in.
    pub parts: Vec<String>,
}

/// Parse `result` with `grammar`; `Err` names the first piece that is not in the grammar.
pub fn parse(grammar: &ResultGrammar, result: &str) -> Result<Vec<SideResult>, String> {
    result
        .split(grammar.separator.as_str())
        .map(|piece| parse_side(grammar, piece.trim()))
        .collect()
}

/// `AL1o1` → the attacker's parts.
fn parse_side(grammar: &ResultGrammar, piece: &str) -> Result<SideResult, String> {
    let side = grammar
        .sides
        .iter()
        .find(|s| piece.starts_with(s.prefix.as_str()))
        .ok_or_else(|| format!("`{piece}` starts with no side's prefix"))?;
    let mut rest = &piece[side.prefix.len()..];
    let mut parts = Vec::new();
    while !rest.is_empty() {
        let (meaning, len) = next_part(grammar, rest)
            .ok_or_else(|| format!("`{rest}` in `{piece}` is no part of the grammar"))?;
        parts.push(meaning);
        rest = &rest[len..];
    }
    Ok(SideResult {
        side: side.name.clone(),
        parts,
    })
}

/// The meaning of the part `text` starts with, and its length: a whole word first, else a letter
/// and its digits.
fn next_part(grammar: &ResultGrammar, text: &str) -> Option<(String, usize)> {
    let word = grammar.parts.iter().find_map(|p| {
        let w = p.word.as_deref()?;
        text.starts_with(w).then(|| (p.means.clone(), w.len()))
    });
    if word.is_some() {
        return word;
    }
    grammar.parts.iter().find_map(|p| {
        let letter = p.letter.as_deref()?;
        let after = text.strip_prefix(letter)?;
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        (digits > 0).then(|| {
            let n = &after[..digits];
            (p.means.replace("{n}", n), letter.len() + digits)
        })
    })
}

/// `Attacker: 1 step loss, 1 option. Defender: 1 option.`
pub fn explain(grammar: &ResultGrammar, result: &str) -> Option<String> {
    let sides = parse(grammar, result).ok()?;
    let sentences: Vec<String> = sides
        .iter()
        .map(|s| {
            let mut side = s.side.clone();
            if let Some(first) = side.get(..1) {
                side = first.to_uppercase() + &side[1..];
            }
            format!("{side}: {}.", s.parts.join(", "))
        })
        .collect();
    Some(sentences.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::concept::game::{ResultPart, ResultSide};

    fn grammar() -> ResultGrammar {
        let part = |letter: Option<&str>, word: Option<&str>, means: &str| ResultPart {
            letter: letter.map(str::to_string),
            word: word.map(str::to_string),
            means: means.to_string(),
            rule: None,
            source: None,
        };
        ResultGrammar {
            separator: ",".into(),
            sides: vec![
                ResultSide {
                    prefix: "A".into(),
                    name: "attacker".into(),
                },
                ResultSide {
                    prefix: "D".into(),
                    name: "defender".into(),
                },
            ],
            parts: vec![
                part(None, Some("DG"), "disorganized"),
                part(Some("L"), None, "{n} step losses"),
                part(Some("o"), None, "{n} options"),
                part(Some("e"), None, "exploit for AR {n}+"),
            ],
            rule: None,
            source: None,
        }
    }

    #[test]
    fn parts_are_read_by_the_data_grammar() {
        let g = grammar();
        assert_eq!(
            explain(&g, "Ao1e4, DL2o2DG").as_deref(),
            Some("Attacker: 1 options, exploit for AR 4+. Defender: 2 step losses, 2 options, disorganized.")
        );
        assert_eq!(parse(&g, "AL1o1, Do1").map(|s| s.len()), Ok(2));
        assert!(parse(&g, "NE").is_err(), "no side prefix");
        assert!(parse(&g, "AX1").is_err(), "no such part");
        assert!(parse(&g, "AL").is_err(), "a letter needs its number");
    }
}
