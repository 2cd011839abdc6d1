//! The kit's "Rules in play" pages: the game's special rules, game-wide then by scenario, with the
//! same content as the module's help page (`concept::special_rules::reading::rules_in_play`), wrapped at a
//! size printed text reads at and broken where each language allows (`render::lines`).

use super::pdf::{text_width, Weight};
use crate::concept::game::Game;
use crate::concept::plan::Plan;
use crate::concept::special_rules::reading::rules_in_play;
use crate::render::lines::wrap_measured;
use crate::render::Color;

/// Letter sizes (em) in mm: the body at 3.2 mm is 9 pt, the size of a printed rulebook's text.
const SECTION_MM: f32 = 4.2;
const RULE_TITLE_MM: f32 = 3.6;
const BODY_MM: f32 = 3.2;
/// From one baseline to the next, as a multiple of the letter size.
const LEADING: f32 = 1.45;
/// Room above a section heading and above a rule's title, in mm.
const SECTION_GAP_MM: f32 = 4.0;
const RULE_GAP_MM: f32 = 2.5;
const NOTE_COLOUR: Color = Color::rgb(0x50, 0x50, 0x50);

/// One line of the pages, laid out.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Line {
    pub text: String,
    pub size: f32,
    pub weight: Weight,
    pub color: Color,
    /// Space above the line's top, in mm (dropped at the top of a page).
    pub gap: f32,
    /// A heading's line: the page may not end after it.
    pub keep_with_next: bool,
}

/// Every line of the rules in play, wrapped to `width` mm; empty for a game without special rules.
pub(super) fn lines(game: &Game, plan: &Plan, width: f32) -> Vec<Line> {
    let mut out = Vec::new();
    let mut push =
        |text: &str, size: f32, weight: Weight, color: Color, gap: f32, heading: bool| {
            let wrapped = wrap_measured(text, width, |l| text_width(l, size, weight));
            for (n, part) in wrapped.into_iter().enumerate() {
                out.push(Line {
                    text: part,
                    size,
                    weight,
                    color,
                    gap: if n == 0 { gap } else { 0.0 },
                    keep_with_next: heading,
                });
            }
        };
    for section in rules_in_play(game, &plan.tx) {
        push(
            &section.heading,
            SECTION_MM,
            Weight::Bold,
            Color::BLACK,
            SECTION_GAP_MM,
            true,
        );
        for rule in &section.rules {
            push(
                &rule.title,
                RULE_TITLE_MM,
                Weight::Bold,
                Color::BLACK,
                RULE_GAP_MM,
                true,
            );
            if !rule.note.is_empty() {
                push(&rule.note, BODY_MM, Weight::Regular, NOTE_COLOUR, 0.0, true);
            }
            push(
                &rule.text,
                BODY_MM,
                Weight::Regular,
                Color::BLACK,
                0.0,
                false,
            );
        }
    }
    out
}

/// The lines split into pages of `height` mm of text: each page's lines with their baselines,
/// measured from the top of the text area. A heading never ends a page: it moves to the next with
/// the text it heads.
pub(super) fn paginate(lines: Vec<Line>, height: f32) -> Vec<Vec<(Line, f32)>> {
    let mut pages: Vec<Vec<Line>> = Vec::new();
    let mut page: Vec<Line> = Vec::new();
    for line in lines {
        if !page.is_empty() && extent(&page) + line.gap + line.size * LEADING > height {
            let kept = page
                .iter()
                .rposition(|l| !l.keep_with_next)
                .map_or(page.len(), |last_text| last_text + 1);
            let carried = page.split_off(kept);
            if !page.is_empty() {
                pages.push(std::mem::take(&mut page));
            }
            page = carried;
        }
        page.push(line);
    }
    if !page.is_empty() {
        pages.push(page);
    }
    pages.into_iter().map(place).collect()
}

/// The height the lines of a page take, in mm (no gap above the first).
fn extent(page: &[Line]) -> f32 {
    page.iter()
        .enumerate()
        .map(|(n, l)| if n == 0 { 0.0 } else { l.gap } + l.size * LEADING)
        .sum()
}

/// A page's lines with their baselines: one letter size below each line's top.
fn place(page: Vec<Line>) -> Vec<(Line, f32)> {
    let mut y = 0.0;
    let mut placed = Vec::new();
    for (n, line) in page.into_iter().enumerate() {
        let gap = if n == 0 { 0.0 } else { line.gap };
        let baseline = y + gap + line.size;
        y += gap + line.size * LEADING;
        placed.push((line, baseline));
    }
    placed
}

/// The rules in play laid out on pages whose text area is `width` x `height` mm; none for a game
/// without special rules. `kit` draws them, each page under the title "Rules in play".
pub(super) fn pages(
    game: &Game,
    plan: &Plan,
    (width, height): (f32, f32),
) -> Vec<Vec<(Line, f32)>> {
    paginate(lines(game, plan, width), height)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str, heading: bool) -> Line {
        Line {
            text: text.into(),
            size: BODY_MM,
            weight: Weight::Regular,
            color: Color::BLACK,
            gap: if heading { RULE_GAP_MM } else { 0.0 },
            keep_with_next: heading,
        }
    }

    #[test]
    fn a_heading_never_ends_a_page() {
        let advance = BODY_MM * LEADING;
        // Room for three lines: text, text, then a heading that would end the page.
        let lines = vec![
            line("a", false),
            line("b", false),
            line("Title", true),
            line("c", false),
        ];
        let height = 3.0 * advance + RULE_GAP_MM + 0.01;
        let pages = paginate(lines, height);
        let texts: Vec<Vec<&str>> = pages
            .iter()
            .map(|p| p.iter().map(|(l, _)| l.text.as_str()).collect())
            .collect();
        assert_eq!(texts, [vec!["a", "b"], vec!["Title", "c"]]);
        // The first line of a page starts at the top: no gap above it.
        assert_eq!(pages[1][0].1, BODY_MM);
        assert!((pages[1][1].1 - (advance + BODY_MM)).abs() < 1e-4);
    }

    #[test]
    fn lines_that_fit_stay_on_one_page() {
        let lines = vec![line("a", false), line("Title", true), line("b", false)];
        let pages = paginate(lines, 100.0);
        assert_eq!(pages.len(), 1);
        let baselines: Vec<f32> = pages[0].iter().map(|(_, y)| *y).collect();
        let advance = BODY_MM * LEADING;
        assert_eq!(baselines[0], BODY_MM);
        assert!((baselines[1] - (advance + RULE_GAP_MM + BODY_MM)).abs() < 1e-4);
    }
}
