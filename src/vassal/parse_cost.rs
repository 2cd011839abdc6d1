//! How hard an expression is for VASSAL's BeanShell parser: its parentheses' nesting.
//!
//! BeanShell's generated parser tries a cast at every `(` (`CastLookahead`) and backtracks through
//! everything inside when it is not one, so its time roughly doubles with each level of nesting, while
//! a flat chain of any length parses in linear time. Measured with VASSAL 3.7.26's parser
//! (`bsh.Parser.Line` on `_xyzzy=EXPR;`, best of three, one JVM): `((…(x)…))` takes 1.8 ms at depth
//! 6, 14 ms at 8, 0.1 s at 10, 0.7 s at 13; nested `Math.min(…)` calls grow the same way; 40 chained
//! `c ? x : …` or 40 factors `x * (c ? 2 : 1) * …` stay under a millisecond. VASSAL parses a
//! calculated property when a piece's properties are read, on the event thread: the OCS module's
//! attack strength, 21 deep, froze the game on the first move of any unit.

/// The deepest nesting vmodc writes and `vmodc check FILE.vmod` accepts without a warning (V0433):
/// a few milliseconds of parsing per expression at worst.
pub const MAX_NESTING: usize = 8;

/// The deepest nesting of parentheses in `text`, read as BeanShell reads an expression: parentheses
/// inside a string literal do not count, except that a literal that is itself an expression
/// (`"{…}"`, a filter that `Sum` or `SumStack` parses on its own) is measured on its own and counts
/// if it is deeper. Unbalanced text is measured as far as it goes.
pub fn nesting_depth(text: &str) -> usize {
    let mut deepest = 0;
    let mut depth = 0usize;
    let mut chars = text.char_indices();
    while let Some((_, c)) = chars.next() {
        match c {
            '(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            '"' => {
                let literal = string_literal(&mut chars);
                if literal.starts_with('{') {
                    deepest = deepest.max(nesting_depth(&literal));
                }
            }
            _ => {}
        }
    }
    deepest
}

/// The content of a string literal whose opening quote was just read, with `\"` and `\\` read as
/// the characters they escape; the iterator is left after the closing quote.
fn string_literal(chars: &mut std::str::CharIndices<'_>) -> String {
    let mut content = String::new();
    while let Some((_, c)) = chars.next() {
        match c {
            '"' => break,
            '\\' => {
                if let Some((_, escaped)) = chars.next() {
                    content.push(escaped);
                }
            }
            c => content.push(c),
        }
    }
    content
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_nested_parentheses_and_calls() {
        assert_eq!(nesting_depth("{a + b}"), 0);
        assert_eq!(nesting_depth("{(a + (b * c))}"), 2);
        assert_eq!(nesting_depth("{Math.min(Math.min(a, b), c)}"), 2);
        assert_eq!(nesting_depth("{c1 ? x : c2 ? y : z}"), 0);
    }

    #[test]
    fn parentheses_in_texts_do_not_count() {
        assert_eq!(nesting_depth(r#"{"((((" + Name}"#), 0);
        assert_eq!(nesting_depth(r#"{"say \"(\" " + (a)}"#), 1);
    }

    #[test]
    fn a_filter_is_measured_on_its_own() {
        // The filter is parsed apart from the call: 3 inside it, 1 around it.
        let e = r#"{SumStack("MarkerCount", "{(((MarkerId == \"dg\")))}") > 0}"#;
        assert_eq!(nesting_depth(e), 3);
    }

    #[test]
    fn unbalanced_text_does_not_fail() {
        assert_eq!(nesting_depth("((("), 3);
        assert_eq!(nesting_depth(")))"), 0);
        assert_eq!(nesting_depth("\"unterminated ((("), 0);
    }
}
