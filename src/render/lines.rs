//! Lines of text in a box: breaking a text into lines where Unicode and Japanese allow it, and
//! fitting a block of paragraphs to a box without going below the legible size.

use super::text::{fit, legible, text_width, TextStyle, LEGIBLE_SIZE};

/// `text` on one line shrunk to `max_width`, or, when even [`LEGIBLE_SIZE`] is too wide, wrapped
/// at that size: the lines to draw and the style of each.
pub fn fit_or_wrap(text: &str, style: &TextStyle, max_width: f32) -> Vec<(String, TextStyle)> {
    let (size, fits) = fit(text, style, max_width, LEGIBLE_SIZE);
    if fits {
        return vec![(text.to_string(), style.with_size(size))];
    }
    let small = style.with_size(legible(size));
    wrap(text, &small, max_width)
        .into_iter()
        .map(|line| (line, small.clone()))
        .collect()
}

/// The advance from one line of a block to the next: tight, as on a counter.
pub fn block_line_height(style: &TextStyle) -> f32 {
    style.size * 1.1
}

/// Break `text` into lines no wider than `max_width`, only where the Unicode line-breaking
/// algorithm (UAX #14) allows: after a space, between two ideographs or kana, never inside a Latin
/// word or number. Its classes carry the Japanese line-start and line-end rules (kinsoku): a line
/// never starts with ー, 。, 、, a small kana or a closing bracket (classes CL, CP, NS, EX and CJ,
/// which UAX #14 resolves to NS), and never ends with an opening bracket (OP). Explicit `\n` always
/// breaks. Only a single word wider than `max_width` on its own is broken between characters, and
/// then not before a character that may not start a line.
pub fn wrap(text: &str, style: &TextStyle, max_width: f32) -> Vec<String> {
    wrap_measured(text, max_width, |line| text_width(line, style))
}

/// [`wrap`] with the width of a line measured by `width_of` (in the unit of `max_width`): the
/// print-and-play PDF measures its lines in millimetres with its own fonts.
pub fn wrap_measured<'a>(
    text: &'a str,
    max_width: f32,
    width_of: impl Fn(&str) -> f32,
) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for segment in break_segments(paragraph) {
            if extend_or_end(&mut line, segment, max_width, &width_of, &mut lines) {
                continue;
            }
            // A phrase too wide on its own breaks where its script starts a word (ソ連軍 /
            // モラルダメージ), or where UAX #14 allows in Latin text; a word still too wide breaks
            // between the words of the dictionary (ソ連軍 / 航空戦力, モラル / ダメージ), then where
            // katakana meets kanji (ゲームターン / 表示欄に), and only then between characters.
            let too_wide = |piece: &str| width_of(piece.trim_end()) > max_width;
            let finer = |piece: &'a str, split: fn(&'a str) -> Vec<&'a str>| {
                if too_wide(piece) {
                    split(piece)
                } else {
                    vec![piece]
                }
            };
            let pieces = word_pieces(segment, starts_a_word)
                .into_iter()
                .flat_map(|piece| finer(piece, dictionary_pieces))
                .flat_map(|piece| finer(piece, |p| word_pieces(p, starts_a_word_or_a_suffix)));
            for piece in pieces {
                if !extend_or_end(&mut line, piece, max_width, &width_of, &mut lines) {
                    line = cut_between_characters(piece, max_width, &width_of, &mut lines);
                }
            }
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// `piece` added to `line` when the line stays within `max_width` (true); otherwise the line is
/// ended (pushed to `lines` unless blank) and left empty (false).
fn extend_or_end(
    line: &mut String,
    piece: &str,
    max_width: f32,
    width_of: &impl Fn(&str) -> f32,
    lines: &mut Vec<String>,
) -> bool {
    let candidate = format!("{line}{piece}");
    if width_of(candidate.trim_end()) <= max_width {
        *line = candidate;
        return true;
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    line.clear();
    false
}

/// `word` broken between characters into lines no wider than `max_width` (pushed to `lines`), never
/// before a character that may not start a line; returns the last, unfinished line.
fn cut_between_characters(
    word: &str,
    max_width: f32,
    width_of: &impl Fn(&str) -> f32,
    lines: &mut Vec<String>,
) -> String {
    let mut line = String::new();
    for c in word.chars() {
        let mut next = line.clone();
        next.push(c);
        let too_wide = width_of(next.trim_end()) > max_width;
        if too_wide && !line.is_empty() && !c.is_whitespace() && may_start_line(c) {
            lines.push(std::mem::take(&mut line));
            line.push(c);
        } else {
            line = next;
        }
    }
    line
}

/// The pieces of a paragraph between the places a line may break, each with the spaces that
/// follow it: UAX #14's opportunities, except that between two Japanese characters a line breaks
/// only where a phrase (文節) ends, so that 「天候の影響なし」 breaks as 「天候の / 影響なし」, never
/// inside 影響. Phrases are found by BudouX's Japanese model (Apache-2.0), which needs no
/// dictionary.
fn break_segments(paragraph: &str) -> Vec<&str> {
    let segments = uax14_segments(paragraph);
    if !paragraph.chars().any(is_japanese) {
        return segments;
    }
    let phrase_ends = japanese_phrase_ends(paragraph);
    join_segments(paragraph, segments, |previous, start, segment| {
        let before = previous.chars().next_back();
        let after = segment.chars().next();
        let japanese = before.is_some_and(is_japanese) && after.is_some_and(is_japanese);
        (japanese && !phrase_ends.contains(&start)) || counts(before, after)
    })
}

/// A number and the Japanese counter word after it (4個, 2枚, 3ヘクス) stay on one line.
fn counts(before: Option<char>, after: Option<char>) -> bool {
    let digit = |c: char| c.is_ascii_digit() || ('０'..='９').contains(&c);
    before.is_some_and(digit) && after.is_some_and(is_japanese)
}

/// `segments` (the consecutive pieces of `text`) with each joined to the piece before it where
/// `joins(previous, start, segment)` says so, `start` being the segment's byte offset in `text`.
fn join_segments<'a>(
    text: &'a str,
    segments: Vec<&'a str>,
    joins: impl Fn(&str, usize, &str) -> bool,
) -> Vec<&'a str> {
    let mut joined: Vec<&'a str> = Vec::new();
    let mut start = 0;
    for segment in segments {
        let end = start + segment.len();
        let previous = joined.last().copied();
        match previous.filter(|p| joins(p, start, segment)) {
            // The pieces are consecutive slices of `text`, so the joined range is one of its own.
            Some(p) => match text.get(start - p.len()..end) {
                Some(both) => {
                    joined.pop();
                    joined.push(both);
                }
                None => joined.push(segment),
            },
            None => joined.push(segment),
        }
        start = end;
    }
    joined
}

/// The pieces of a paragraph between its line-break opportunities (UAX #14), each with the spaces
/// that follow it.
fn uax14_segments(paragraph: &str) -> Vec<&str> {
    let mut segments = Vec::new();
    let mut start = 0;
    for (end, _) in unicode_linebreak::linebreaks(paragraph) {
        if end > start {
            segments.push(&paragraph[start..end]);
        }
        start = end;
    }
    segments
}

/// The pieces of one phrase between its words, as far as the script tells them: a Japanese
/// compound such as 「ソ連軍モラルダメージ」 changes from kanji to katakana between its words.
/// Latin text keeps its UAX #14 segments.
fn word_pieces(phrase: &str, starts: fn(Script, Script) -> bool) -> Vec<&str> {
    join_segments(phrase, uax14_segments(phrase), |previous, _, segment| {
        let (last, first) = (previous.chars().next_back(), segment.chars().next());
        // A middle dot ends a word (ゲーム・ターン).
        let dot = last == Some('・');
        let before = last.and_then(japanese_script);
        let after = first.and_then(japanese_script);
        let same_word = matches!((before, after), (Some(b), Some(a)) if !starts(b, a));
        (same_word && !dot) || counts(last, first)
    })
}

/// `piece` broken between the words of the Japanese dictionary (`ja_words.txt`) it holds, the
/// longest word at each character kept whole: what neither BudouX's phrases nor a change of script
/// tells (ソ連軍 / 航空戦力, モラル / ダメージ). Characters of no word stay with their neighbours,
/// and no piece starts or ends with a character that may not start or end a line (「, ー).
fn dictionary_pieces(piece: &str) -> Vec<&str> {
    let words = japanese_words();
    let mut cuts = Vec::new();
    let mut at = 0;
    while let Some(rest) = piece.get(at..).filter(|r| !r.is_empty()) {
        let longest = words
            .iter()
            .filter(|w| rest.starts_with(*w))
            .map(|w| w.len())
            .max();
        match longest {
            Some(len) => {
                cuts.extend([at, at + len]);
                at += len;
            }
            None => at += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    let breaks_here = |cut: &usize| {
        let next = piece.get(*cut..).and_then(|r| r.chars().next());
        let last = piece.get(..*cut).and_then(|r| r.chars().next_back());
        next.is_some_and(may_start_line) && last.is_some_and(may_end_line)
    };
    cuts.retain(breaks_here);
    cuts.dedup();
    let mut out = Vec::new();
    let mut start = 0;
    for cut in cuts.into_iter().chain([piece.len()]) {
        if let Some(part) = piece.get(start..cut).filter(|p| !p.is_empty()) {
            out.push(part);
        }
        start = cut;
    }
    out
}

/// The words of `ja_words.txt`, one a line, `#` starting a comment.
pub fn japanese_words() -> &'static [&'static str] {
    static WORDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let lines = include_str!("ja_words.txt").lines();
        let words = lines.map(|l| l.split('#').next().unwrap_or("").trim());
        words.filter(|w| !w.is_empty()).collect()
    })
}

/// The three Japanese scripts, whose changes mark the words inside a compound.
#[derive(Clone, Copy, PartialEq)]
enum Script {
    Kanji,
    Hiragana,
    Katakana,
}

fn japanese_script(c: char) -> Option<Script> {
    match c {
        '\u{3041}'..='\u{309F}' => Some(Script::Hiragana),
        '\u{30A0}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9F}' => {
            Some(Script::Katakana)
        }
        c if is_japanese(c) => Some(Script::Kanji),
        _ => None,
    }
}

/// Whether a word starts between a character of script `before` and one of `after`: katakana
/// after kanji or hiragana starts one (軍 / モラル), and so does kanji after hiragana (の / 影響).
/// Kanji after katakana is often the katakana word's own suffix (ドイツ軍, ソ連), and hiragana
/// after kanji is the word's ending (表示欄に), so neither is a word's start.
fn starts_a_word(before: Script, after: Script) -> bool {
    matches!(
        (before, after),
        (Script::Kanji | Script::Hiragana, Script::Katakana) | (Script::Hiragana, Script::Kanji)
    )
}

/// [`starts_a_word`], or kanji after katakana: a word there as often as a suffix (ゲームターン /
/// 表示欄, but ドイツ軍), so a line breaks there only when the whole compound is too wide.
fn starts_a_word_or_a_suffix(before: Script, after: Script) -> bool {
    starts_a_word(before, after) || (before, after) == (Script::Katakana, Script::Kanji)
}

/// The byte offsets in `paragraph` where a Japanese phrase ends, by BudouX's model.
fn japanese_phrase_ends(paragraph: &str) -> Vec<usize> {
    let model = budoux::models::default_japanese_model();
    let mut end = 0;
    let mut ends = Vec::new();
    for phrase in budoux::parse(model, paragraph) {
        end += phrase.len();
        ends.push(end);
    }
    ends
}

/// Kana and ideographs: the characters between which Japanese breaks only at a phrase's end.
fn is_japanese(c: char) -> bool {
    matches!(c,
        '\u{3041}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF66}'..='\u{FF9F}')
}

/// Whether a line may start with `c` under the Japanese line-start rule: not a closing bracket or
/// stop, not a prolonged sound mark, iteration mark or small kana (UAX #14 classes CL, CP, EX, IS,
/// NS, CJ).
pub fn may_start_line(c: char) -> bool {
    use unicode_linebreak::BreakClass as C;
    !matches!(
        unicode_linebreak::break_property(c as u32),
        C::CloseParenthesis
            | C::ClosePunctuation
            | C::Exclamation
            | C::InfixSeparator
            | C::NonStarter
            | C::ConditionalJapaneseStarter
    )
}

/// Whether a line may end with `c` under the Japanese line-end rule: not an opening bracket (UAX #14
/// class OP).
pub fn may_end_line(c: char) -> bool {
    unicode_linebreak::break_property(c as u32) != unicode_linebreak::BreakClass::OpenPunctuation
}

/// A block of paragraphs (a title in `first`'s style, then texts in `rest`'s) wrapped to
/// `max_width` and shrunk together, from their own sizes down to [`LEGIBLE_SIZE`], until the lines fit
/// in `max_height`. Returns the lines with their styles; at the floor they are returned even if they
/// are too tall (the caller's box is too small for its text, which the checker reports).
pub fn fit_block(
    paragraphs: &[(&str, &TextStyle)],
    max_width: f32,
    max_height: f32,
) -> Vec<(String, TextStyle)> {
    let mut scale = 1.0f32;
    loop {
        let mut lines = Vec::new();
        for (text, style) in paragraphs {
            if text.trim().is_empty() {
                continue;
            }
            let sized = style.with_size(legible(style.size * scale));
            for line in wrap(text, &sized, max_width) {
                lines.push((line, sized.clone()));
            }
        }
        let height: f32 = lines.iter().map(|(_, s)| block_line_height(s)).sum();
        let at_floor = paragraphs
            .iter()
            .all(|(_, s)| legible(s.size * scale) <= LEGIBLE_SIZE);
        let too_wide = lines
            .iter()
            .any(|(line, style)| text_width(line, style) > max_width + 0.01);
        // A word, or a word of a Japanese phrase, wider than the box is cut by `wrap`; shrink
        // first, so that "weather" or 「モラルダメージ」 stays whole while a smaller size holds it.
        let word_cut = paragraphs.iter().any(|(text, style)| {
            let sized = style.with_size(legible(style.size * scale));
            text.split('\n')
                .flat_map(break_segments)
                .flat_map(|segment| word_pieces(segment, starts_a_word))
                .any(|w| text_width(w.trim_end(), &sized) > max_width + 0.01)
        });
        let too_wide = too_wide || word_cut;
        if (height <= max_height && !too_wide) || at_floor {
            return lines;
        }
        scale *= 0.95;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::text::Fonts;
    use crate::render::Color;

    fn style(size: f32) -> TextStyle {
        Fonts::default().regular(size, Color::BLACK)
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_inside_long_words() {
        let s = style(10.0);
        let lines = wrap("the quick brown fox jumps", &s, 50.0);
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines.iter().all(|l| text_width(l, &s) <= 50.0));
        assert_eq!(lines.join(" "), "the quick brown fox jumps");
        let lines = wrap("ああああああああああああああああ", &s, 30.0);
        assert!(lines.len() > 1);
        assert_eq!(wrap("a\nb", &s, 100.0), vec!["a", "b"]);
    }

    /// A block shrinks before it cuts a Latin word: the weather marker's "No weather effect".
    #[test]
    fn a_block_shrinks_before_cutting_a_word() {
        let bold = Fonts::default().bold(18.0, Color::BLACK);
        let width = text_width("weather", &bold.with_size(12.0)) + 1.0;
        let lines = fit_block(&[("No weather effect", &bold)], width, 200.0);
        let words: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
        assert!(words.contains(&"weather"), "{words:?}");
        assert!(
            lines.iter().all(|(_, s)| s.size <= 12.0 + 0.01),
            "{lines:?}"
        );
    }

    /// Lines break only where Japanese allows: each string here broke wrongly under the old
    /// character-by-character wrap (a line starting with ー, 、, 。, a small kana or a closing
    /// bracket, or a Latin word cut in two).
    #[test]
    fn japanese_lines_break_only_where_japanese_allows() {
        let fonts = Fonts::japanese();
        let st = fonts.regular(10.0, Color::BLACK);
        let cases = [
            ("ソ連軍モラルダメージ", 40.0),
            ("ドイツ軍航空戦力ポイント", 30.0),
            ("不明（ゲームターン表示欄に印刷）。", 50.0),
            ("補給切れ、孤立。ユニットは除去", 40.0),
            ("チェックポイント・ステーション", 50.0),
            ("ソ連軍 Katyusha ロケット", 50.0),
            ("第1ターンのReplacements", 60.0),
            ("「ゲーム・ターン」マーカー", 45.0),
        ];
        for (text, width) in cases {
            for width in [width, width * 1.3, width * 0.8] {
                let lines = wrap(text, &st, width);
                assert_eq!(
                    lines.concat().replace(' ', ""),
                    text.replace(' ', ""),
                    "{text}: {lines:?}"
                );
                for (i, line) in lines.iter().enumerate() {
                    let first = line.chars().next().unwrap_or(' ');
                    let last = line.chars().last().unwrap_or(' ');
                    assert!(
                        i == 0 || may_start_line(first),
                        "{text} @ {width}: {lines:?}"
                    );
                    assert!(may_end_line(last), "{text} @ {width}: {lines:?}");
                }
                // No Latin word is cut: every Latin word of the text is whole on one line.
                for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
                    if word.len() > 1 && text_width(word, &st) <= width {
                        assert!(lines.iter().any(|l| l.contains(word)), "{word}: {lines:?}");
                    }
                }
            }
        }
        for c in "ーぁゃっァャッ。、）」』".chars() {
            assert!(!may_start_line(c), "{c}");
        }
        for c in "（「『".chars() {
            assert!(!may_end_line(c), "{c}");
        }
        assert!(may_start_line('ア') && may_start_line('装') && may_end_line('。'));
    }

    #[test]
    fn a_block_shrinks_to_its_box_but_never_below_the_floor() {
        let fonts = Fonts::japanese();
        let title = fonts.bold(12.0, Color::BLACK);
        let text = fonts.regular(12.0, Color::BLACK);
        // The face of a 60 px marker: 54 px square.
        let lines = fit_block(
            &[("Soviet Morale:", &title), ("value unknown", &text)],
            54.0,
            54.0,
        );
        assert!(lines.len() >= 3, "{lines:?}");
        assert!(lines.iter().all(|(_, s)| s.size >= LEGIBLE_SIZE));
        let height: f32 = lines.iter().map(|(_, s)| block_line_height(s)).sum();
        assert!(height <= 54.0, "{height} {lines:?}");
        // Words are whole: UAX #14 breaks between them.
        let words: Vec<&str> = lines.iter().flat_map(|(l, _)| l.split(' ')).collect();
        assert_eq!(
            words,
            ["Soviet", "Morale:", "value", "unknown"],
            "{lines:?}"
        );
        // Far too much text: the floor holds, the block is taller than the box.
        let long = "word ".repeat(40);
        let lines = fit_block(&[(&long, &text)], 40.0, 40.0);
        assert!(lines
            .iter()
            .all(|(_, s)| (s.size - LEGIBLE_SIZE).abs() < 1e-4));
    }

    /// BudouX keeps words whole: the weather marker and the LSaM chits of issue 48, each at a
    /// width that holds its widest phrase but not the whole text.
    #[test]
    fn japanese_breaks_between_phrases_not_inside_words() {
        let st = Fonts::japanese().regular(10.0, Color::BLACK);
        let cases: [(&str, &[&str]); 4] = [
            ("天候の影響なし", &["天候の", "影響なし"]),
            ("ソ連軍モラルダメージ", &["ソ連軍", "モラルダメージ"]),
            ("ドイツ軍補給ユニット", &["ドイツ軍補給", "ユニット"]),
            (
                "ゲームターン表示欄に印刷",
                &["ゲームターン", "表示欄に", "印刷"],
            ),
        ];
        for (text, words) in cases {
            let widest = words.iter().map(|w| text_width(w, &st)).fold(0.0, f32::max);
            let lines = wrap(text, &st, widest + 1.0);
            assert!(lines.len() > 1, "{text}: {lines:?}");
            assert_eq!(lines.concat(), text);
            for line in &lines {
                assert!(
                    words.iter().any(|w| line.starts_with(w)),
                    "{text}: a line starts inside a word: {lines:?}"
                );
            }
        }
    }

    /// A compound too wide for its line breaks between the dictionary's words, after a middle dot,
    /// and never between a number and its counter word.
    #[test]
    fn a_japanese_compound_breaks_between_its_words() {
        let st = Fonts::japanese().regular(10.0, Color::BLACK);
        let cases: [(&str, &[&str]); 5] = [
            ("ソ連軍航空戦力", &["ソ連軍", "航空戦力"]),
            ("ドイツ軍航空戦力", &["ドイツ軍", "航空戦力"]),
            ("モラルダメージ", &["モラル", "ダメージ"]),
            ("ゲーム・ターン", &["ゲーム・", "ターン"]),
            (
                "ソ連軍歩兵ユニット4個まで",
                &["ソ連軍歩兵ユニット", "4個まで"],
            ),
        ];
        for (text, lines) in cases {
            let widest = lines.iter().map(|w| text_width(w, &st)).fold(0.0, f32::max);
            assert_eq!(wrap(text, &st, widest + 0.5), lines.to_vec(), "{text}");
        }
        // Characters of no word stay with their neighbours; an unbreakable start stays put.
        assert_eq!(dictionary_pieces("ソ連軍航空戦力"), ["ソ連軍", "航空戦力"]);
        assert_eq!(dictionary_pieces("某某"), ["某某"]);
        assert!(japanese_words().contains(&"航空戦力"));
    }

    /// A block shrinks before it cuts a Japanese phrase, as it does before it cuts a Latin word.
    #[test]
    fn a_block_shrinks_before_cutting_a_japanese_phrase() {
        let bold = Fonts::japanese().bold(18.0, Color::BLACK);
        let width = text_width("影響なし", &bold.with_size(12.0)) + 1.0;
        let lines = fit_block(&[("天候の影響なし", &bold)], width, 200.0);
        let texts: Vec<&str> = lines.iter().map(|(l, _)| l.as_str()).collect();
        assert!(texts.contains(&"影響なし"), "{texts:?}");
    }
}
