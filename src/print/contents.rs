//! The kit's contents: every section of the kit with its pages. Each section is laid out before a
//! page is drawn, so the contents, printed first, can give the number of every page after it; the
//! kit checks, once drawn, that it has as many pages as the contents numbered.

use super::page::wrap;
use super::pdf::Weight;

/// Letter size of the contents' lines, and from one baseline to the next, in mm.
pub(super) const SIZE_MM: f32 = 3.0;
pub(super) const LINE_MM: f32 = 5.0;
/// Room at the right of a line for its page numbers, in mm.
const NUMBER_MM: f32 = 20.0;

/// The kit's sections in page order, each with its first and last page, counted from 0 for the
/// first page after the contents.
#[derive(Debug, Default)]
pub(super) struct Sections {
    entries: Vec<(String, usize, usize)>,
    next: usize,
}

impl Sections {
    /// The next section, `pages` long (a section without pages is not listed).
    pub(super) fn add(&mut self, text: String, pages: usize) {
        if pages > 0 {
            self.entries.push((text, self.next, self.next + pages - 1));
            self.next += pages;
        }
    }

    /// The next `pages` pages, listed as `parts`, each with its first and last page among them (two
    /// parts may share a page: a short scenario's setup ends where the next one's begins).
    pub(super) fn add_parts(&mut self, parts: Vec<(String, usize, usize)>, pages: usize) {
        for (text, first, last) in parts {
            self.entries
                .push((text, self.next + first, self.next + last.max(first)));
        }
        self.next += pages;
    }

    /// Pages in all, after the contents.
    pub(super) fn pages(&self) -> usize {
        self.next
    }
}

/// One line of a contents page: its text and weight, and for a section the pages it holds ("4",
/// "5–8"), set flush right.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Line {
    pub text: String,
    pub weight: Weight,
    pub pages: Option<String>,
}

/// What the contents pages say: `intro` (the counter size and the like) first, then under
/// `heading` each section with its pages (the contents themselves first, named `itself`), then
/// what the data lacks (`missing`, under its own heading).
pub(super) struct Page<'a> {
    pub intro: &'a [String],
    pub heading: &'a str,
    pub itself: &'a str,
    pub missing: (&'a str, &'a [String]),
}

/// The contents pages, lines by page.
pub(super) fn pages(
    what: &Page<'_>,
    sections: &Sections,
    (width, height): (f32, f32),
) -> Vec<Vec<Line>> {
    let per_page = ((height / LINE_MM).floor() as usize).max(1);
    // The lines depend on the numbers only through how many contents pages there are, which the
    // lines decide: laid out once to count them, then numbered.
    let count = lines(what, sections, width, 1).len().div_ceil(per_page);
    let lines = lines(what, sections, width, count.max(1));
    lines.chunks(per_page).map(<[Line]>::to_vec).collect()
}

/// Every line, with the contents `contents_pages` long.
fn lines(what: &Page<'_>, sections: &Sections, width: f32, contents_pages: usize) -> Vec<Line> {
    let mut out = Vec::new();
    let plain = |out: &mut Vec<Line>, text: &str, weight: Weight| {
        for part in wrap(text, width, SIZE_MM, weight) {
            out.push(Line {
                text: part,
                weight,
                pages: None,
            });
        }
    };
    for text in what.intro {
        plain(&mut out, text, Weight::Regular);
    }
    let blank = || Line {
        text: String::new(),
        weight: Weight::Regular,
        pages: None,
    };
    if !out.is_empty() {
        out.push(blank());
    }
    plain(&mut out, what.heading, Weight::Bold);
    // Pages are numbered from 1, the contents first.
    let entries = std::iter::once((what.itself, 1, contents_pages)).chain(
        sections.entries.iter().map(|(t, first, last)| {
            (
                t.as_str(),
                contents_pages + 1 + first,
                contents_pages + 1 + last,
            )
        }),
    );
    for (text, first, last) in entries {
        let numbers = match first == last {
            true => first.to_string(),
            false => format!("{first}–{last}"),
        };
        let parts = wrap(text, width - NUMBER_MM, SIZE_MM, Weight::Regular);
        let n = parts.len();
        for (i, part) in parts.into_iter().enumerate() {
            out.push(Line {
                text: part,
                weight: Weight::Regular,
                // The numbers stand on the entry's last line.
                pages: (i + 1 == n).then(|| numbers.clone()),
            });
        }
    }
    let (missing_heading, missing) = what.missing;
    if !missing.is_empty() {
        out.push(blank());
        plain(&mut out, missing_heading, Weight::Bold);
        for m in missing {
            plain(&mut out, &format!("• {m}"), Weight::Regular);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page<'a>(intro: &'a [String], missing: &'a [String]) -> Page<'a> {
        Page {
            intro,
            heading: "Contents",
            itself: "Contents",
            missing: ("Missing:", missing),
        }
    }

    fn numbered(pages: &[Vec<Line>]) -> Vec<(String, String)> {
        pages
            .iter()
            .flatten()
            .filter_map(|l| Some((l.text.clone(), l.pages.clone()?)))
            .collect()
    }

    #[test]
    fn sections_are_numbered_after_the_contents() {
        let mut sections = Sections::default();
        sections.add("Fronts".into(), 1);
        sections.add("Empty".into(), 0);
        sections.add("Tiles".into(), 4);
        sections.add("Rules".into(), 2);
        assert_eq!(sections.pages(), 7);
        let pages = pages(
            &page(&["Counters 12.7 mm".into()], &[]),
            &sections,
            (190.0, 267.0),
        );
        assert_eq!(pages.len(), 1);
        assert_eq!(
            numbered(&pages),
            [
                ("Contents".into(), "1".into()),
                ("Fronts".into(), "2".into()),
                ("Tiles".into(), "3–6".into()),
                ("Rules".into(), "7–8".into()),
            ]
        );
    }

    #[test]
    fn parts_sharing_a_page_both_name_it() {
        let mut sections = Sections::default();
        sections.add("Fronts".into(), 1);
        sections.add_parts(
            vec![("Scenario A".into(), 0, 0), ("Scenario B".into(), 0, 2)],
            3,
        );
        sections.add("Rules".into(), 1);
        let pages = pages(&page(&[], &[]), &sections, (190.0, 267.0));
        assert_eq!(
            numbered(&pages)[2..],
            [
                ("Scenario A".into(), "3".into()),
                ("Scenario B".into(), "3–5".into()),
                ("Rules".into(), "6".into()),
            ]
        );
    }

    #[test]
    fn contents_that_fill_two_pages_number_what_follows_from_page_three() {
        let mut sections = Sections::default();
        for n in 0..12 {
            sections.add(format!("Tile {n}"), 1);
        }
        // Room for ten lines a page: heading, the contents and twelve tiles take two pages.
        let pages = pages(&page(&[], &[]), &sections, (190.0, 10.0 * LINE_MM + 0.1));
        assert_eq!(pages.len(), 2);
        let numbers = numbered(&pages);
        assert_eq!(numbers[0], ("Contents".into(), "1–2".into()));
        assert_eq!(numbers[1], ("Tile 0".into(), "3".into()));
        assert_eq!(numbers[12], ("Tile 11".into(), "14".into()));
    }
}
