//! The import report: every component and trait of the module, and what became of it.

use std::fmt::Write as _;

/// What became of one part of the module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Became {
    /// Data of the project (a unit, the map, a side, a setup).
    Data,
    /// Kept verbatim: written back byte for byte by the build.
    Raw,
    /// vmodc writes its own in its place (a singleton it always writes).
    Regenerated,
    /// Not in the project: the reason says why.
    NotCarried,
}

impl Became {
    fn heading(self) -> &'static str {
        match self {
            Became::Data => "Became data",
            Became::Raw => "Kept raw (written back byte for byte)",
            Became::Regenerated => "Written by vmodc in its place",
            Became::NotCarried => "Not carried",
        }
    }
}

/// One line of the report.
#[derive(Debug, Clone)]
pub struct Line {
    pub became: Became,
    /// The part: `Map "Main Map"`, `PieceSlot "1st Inf"`, `trait macro;…`.
    pub what: String,
    /// Where it went and why.
    pub why: String,
}

/// The report of one import.
#[derive(Debug, Clone, Default)]
pub struct Account {
    pub module: String,
    pub lines: Vec<Line>,
}

impl Account {
    pub fn add(&mut self, became: Became, what: impl Into<String>, why: impl Into<String>) {
        self.lines.push(Line {
            became,
            what: what.into(),
            why: why.into(),
        });
    }

    /// How many lines say `became`.
    pub fn count(&self, became: Became) -> usize {
        self.lines.iter().filter(|l| l.became == became).count()
    }

    /// The report as Markdown, one section per outcome, lines in the module's order.
    pub fn markdown(&self) -> String {
        let mut out = format!("# Import report: {}\n\n", self.module);
        let _ = writeln!(
            out,
            "{} parts became data, {} are kept raw, {} are written by vmodc in their place, {} are not carried.\n",
            self.count(Became::Data),
            self.count(Became::Raw),
            self.count(Became::Regenerated),
            self.count(Became::NotCarried)
        );
        for became in [
            Became::Data,
            Became::Raw,
            Became::Regenerated,
            Became::NotCarried,
        ] {
            let lines: Vec<&Line> = self.lines.iter().filter(|l| l.became == became).collect();
            if lines.is_empty() {
                continue;
            }
            let _ = writeln!(out, "## {}\n", became.heading());
            for l in lines {
                let _ = writeln!(out, "- {}: {}", l.what, l.why);
            }
            out.push('\n');
        }
        out
    }
}
