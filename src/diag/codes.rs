//! The one registry of diagnostic codes: for each code, the severities it is raised with, the one
//! fault it reports, how many places raise it, and its row in docs/diagnostics.md.
//!
//! Call sites keep writing their code as a literal, `Diagnostic::error("V0201", …)`: a code is found
//! by grepping for it, and a check moved to another file takes its code along without touching this
//! table. `tests/diagnostic_codes.rs` holds the two together by reading src/: every code a call site
//! uses is here, with the severity its constructor names and as many call sites as [`Raised`] says;
//! a code here that nothing raises says so ([`Raised::Never`]). It also checks that the code tables of
//! docs/diagnostics.md are the ones [`Table::markdown`] writes from this file (`VMODC_BLESS=1`
//! rewrites them).
//!
//! A code never changes meaning and a retired code is not reused: a new fault takes a new code.
//!
//! This file imports nothing from `diag/mod.rs`: mod.rs builds diagnostics on top of [`Severity`] and
//! this table, so the two files never import each other.

use Raised::{At, Never, Once};
use Severity::{Error, Note, Warning};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// Where in src/ a code is raised: the count of `Diagnostic::error/warning/note("V…", …)` calls
/// naming it. A new call site with an old code then fails the test until its entry here is changed,
/// which is where one decides whether the new fault is the code's meaning or needs a code of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Raised {
    /// At one call site.
    Once,
    /// At this many call sites, all reporting the one fault of the code's meaning; why it takes several.
    At(usize, &'static str),
    /// Nowhere: documented so that the code is not reused; why.
    Never(&'static str),
}

/// One diagnostic code.
#[derive(Debug, Clone, Copy)]
pub struct Code {
    /// `V` and four digits; the first two name the table it is documented in.
    pub code: &'static str,
    /// Every severity its call sites use, in the order the documentation lists them.
    pub severities: &'static [Severity],
    pub raised: Raised,
    /// The one fault it reports: the `meaning` cell of its row in docs/diagnostics.md.
    pub meaning: &'static str,
    /// The further cells of that row, one per column of its [`Table`] after `meaning`.
    pub cells: &'static [&'static str],
}

const fn c(
    code: &'static str,
    severities: &'static [Severity],
    raised: Raised,
    meaning: &'static str,
    cells: &'static [&'static str],
) -> Code {
    Code {
        code,
        severities,
        raised,
        meaning,
        cells,
    }
}

impl Code {
    /// Whether a call site may raise this code with `severity`.
    pub fn allows(&self, severity: Severity) -> bool {
        self.severities.contains(&severity)
    }

    /// Its row in docs/diagnostics.md. A code nothing raises says so in its meaning.
    pub fn doc_row(&self) -> String {
        let severities: Vec<&str> = self.severities.iter().map(|s| s.as_str()).collect();
        let mut meaning = self.meaning.to_string();
        if let Never(why) = self.raised {
            meaning.push_str(&format!(" — **not raised**: {why}"));
        }
        let mut row = format!("| {} | {} | {meaning} |", self.code, severities.join(" / "));
        for cell in self.cells {
            row.push_str(&format!(" {cell} |"));
        }
        row
    }
}

/// A code table of docs/diagnostics.md: the codes from `first` to `last`, written after the line
/// `<!-- generated from src/diag/codes.rs: NAME -->`.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    pub name: &'static str,
    pub first: &'static str,
    pub last: &'static str,
    /// The columns after `code`, `severity` and `meaning`.
    pub columns: &'static [&'static str],
}

impl Table {
    /// The line the table follows in docs/diagnostics.md.
    pub fn marker(&self) -> String {
        format!("<!-- generated from src/diag/codes.rs: {} -->", self.name)
    }

    /// The registry's codes this table documents.
    pub fn codes(&self) -> impl Iterator<Item = &'static Code> + '_ {
        CODES
            .iter()
            .filter(|c| (self.first..=self.last).contains(&c.code))
    }

    /// The table as docs/diagnostics.md shows it: header, separator, one row per code.
    pub fn markdown(&self) -> String {
        let mut out = String::from("| code | severity | meaning |");
        for column in self.columns {
            out.push_str(&format!(" {column} |"));
        }
        out.push_str(&format!("\n|{}\n", "---|".repeat(3 + self.columns.len())));
        for code in self.codes() {
            out.push_str(&code.doc_row());
            out.push('\n');
        }
        out
    }
}

/// The registry entry of a code.
pub fn get(code: &str) -> Option<&'static Code> {
    CODES
        .binary_search_by(|c| c.code.cmp(code))
        .ok()
        .map(|i| &CODES[i])
}

const EXAMPLE_AND_RULE: &[&str] = &["example message", "rule enforced"];

/// The code tables of docs/diagnostics.md, in code order.
#[rustfmt::skip]
pub const TABLES: &[Table] = &[
    Table { name: "V00xx", first: "V0001", last: "V0099", columns: EXAMPLE_AND_RULE },
    Table { name: "V01xx", first: "V0100", last: "V0199", columns: EXAMPLE_AND_RULE },
    Table { name: "V02xx", first: "V0200", last: "V0299", columns: EXAMPLE_AND_RULE },
    Table { name: "V03xx", first: "V0300", last: "V0399", columns: EXAMPLE_AND_RULE },
    Table { name: "V04xx", first: "V0400", last: "V0439", columns: &["example message"] },
    Table { name: "V044x library", first: "V0440", last: "V0499", columns: &["rule, and where it is enforced"] },
    Table { name: "V05xx", first: "V0500", last: "V0599", columns: &["example message"] },
    Table { name: "V06xx", first: "V0600", last: "V0699", columns: &[] },
    Table { name: "V07xx V08xx", first: "V0700", last: "V0899", columns: &[] },
    Table { name: "V09xx", first: "V0900", last: "V0999", columns: &["example message"] },
    Table { name: "V10xx", first: "V1000", last: "V1099", columns: &["example message"] },
];

/// Every code, sorted, with its severities, meaning, call sites and documentation. Laid out by hand,
/// one code after another as in the documentation (rustfmt would spread each over eight lines).
#[rustfmt::skip]
pub static CODES: &[Code] = &[
    // V00xx: reading the data
    c("V0001", &[Error], Once, "the `rules/` folder cannot be read (exit 2)",
        &["`cannot read the rules folder: No such file or directory`", "a project holds `rules/`, `counters/`, `maps/`, `scenarios/`"]),
    c("V0002", &[Error], At(2, "a game file the loader cannot read, and a game the command line names whose rules file is not there"),
        "a game file is missing or unreadable, or a game named on the command line has no `rules/<id>.toml` (exit 2)",
        &["`cannot read maps/tiny.toml: No such file or directory` / ``no game `b4n`: rules/b4n.toml does not exist`` (help: ``did you mean `b4m`?``)", "a game is `rules/<id>.toml` + `counters/<id>.toml` + `maps/<id>.toml` (+ `scenarios/<id>/*.toml`)"]),
    c("V0003", &[Error], Once, "a file is not UTF-8",
        &["`file is not valid UTF-8`", "data files are UTF-8 TOML"]),
    c("V0004", &[Error], Once, "no game under `rules/` (exit 2)",
        &["`no games found`", "—"]),
    c("V0005", &[Note], Once, "the data is in an earlier data format (`[game] format`, or none: format 1): read as the current one, with the edit `vmodc migrate` makes",
        &["``the data is in format 1, written for an earlier vmodc: read as format 2, where …``", "data of an earlier vmodc keeps working (docs/data-format.md, Data format versions)"]),
    c("V0006", &[Error], Once, "the data is in a newer data format than this vmodc reads",
        &["``the data is in format 3: this vmodc reads formats up to 2``", "a format's meaning is known only to the vmodc that wrote it"]),
    c("V0010", &[Error], Once, "TOML syntax error, at the offending character",
        &["`invalid TOML: extra `=`, expected nothing`", "TOML 1.0"]),
    c("V0011", &[Error], Once, r#"unknown key, with a "did you mean" suggestion (transpositions count as one edit)"#,
        &["``unknown key `move_cots` `` / help: ``did you mean `move_cost`?``", "the schema (docs/data-format.md); unknown keys are never ignored"]),
    c("V0012", &[Error], Once, "a required key is missing, pointing at the table that lacks it",
        &["``missing key `when` ``", "the schema"]),
    c("V0020", &[Error], Once, "a value of the wrong kind (text for a number, a number for a text, a name not among the accepted ones), said in plain words with an example and how to mend it",
        &["`expected a whole number such as 4; found the text \"2\"` / help: `remove the quotes`", "the schema"]),
    c("V0021", &[Warning], Once, "a CRT row whose results only ever improve for the defender from left to right: listed from the highest column to the lowest, said once for the row instead of once per cell",
        &["`the results of row 5 seem listed from the highest column to the lowest; list them lowest column first`", "a CRT lists its columns from the lowest odds up"]),
    c("V0030", &[Error], Once, "a data path (a game file, a series, an image) leads out of the project root: absolute, `..` above the root, or a symbolic link to outside; at the line naming it",
        &["``vmodc does not read `../outside/map.png`: the path leads out of the project root: `../outside/map.png` climbs above it with `..` ``", "data reads stay inside the project (docs/limits.md)"]),
    c("V0031", &[Error], Once, "a data path names no regular file (a folder, FIFO, device) or a file larger than vmodc reads (16 MB of TOML, 256 MB of image); checked before reading",
        &["``vmodc does not read `art/map.png`: it is a FIFO (named pipe), not a regular file``", "data reads are bounded (docs/limits.md)"]),
    c("V0032", &[Error], Once, "a text of the data holds a control character other than a line break (TAB, ESC, …) or ends with a backslash: VASSAL's piece and saved-game encodings cannot carry it; at the text",
        &["``this text holds the control character U+0009 (TAB)``", "every text goes into a module VASSAL can load"]),
    c("V0033", &[Error], Once, "two games of the project write the same module file (game `tiny` with a catalog `x`, and a game `tiny-x`); naming both",
        &["``game `tiny` (its catalog `x`) and game `tiny-x` both write `tiny-x.vmod`: one module would replace the other``", "every game's modules have names of their own"]),
    c("V0034", &[Error], Once, "a divisor of 0 (the reduction's `divisor`)",
        &["``the reduction's divisor is 0: nothing divides by 0``", "a divisor is at least 1"]),
    c("V0035", &[Error], Once, "scenarios based on each other in a cycle through other scenarios (a scenario based on itself is V0115)",
        &["``scenarios based on each other: a → b → a``", "a scenario's chain of bases ends"]),
    c("V0036", &[Error], Once, "a game's series names a series of its own: series do not layer",
        &["``the series `a` names a series of its own, `b`: series do not layer``", "one series under a game"]),
    c("V0037", &[Error], Once, "`[turns] count` is more than 1,000: checked before anything walks the turns",
        &["``4294967295 turns: vmodc builds games of at most 1000 turns``", "a turn record track vmodc can draw"]),
    c("V0038", &[Error], At(5, "the counter size, the printed counter size, a unit id's file-name form, the hex height, the map margin"),
        "a size outside what vmodc draws or prints: counter size (16–512 px), printed counter size (5–100 mm), a unit id whose file-name form is over 100 bytes, hex height (20–400 px), map margin (over 2,000 px)",
        &["``counter size 0 px is outside what vmodc draws (16 to 512 px)``", "sizes a module and a PDF can hold"]),
    c("V0040", &[Error], Once, "a text longer than vmodc draws: a name, title, label or id (`name`, `title`, `label(s)`, `id(s)`, `*_name`, `*_id`) over 200 characters, any other text over 4,000; checked as the file is read, at the text",
        &["``this text is 201 characters long: vmodc takes a name, title, label or id of at most 200``", "texts that fit an image and a file name"]),

    // V01xx: ids and references
    c("V0101", &[Error], At(2, "ids compared across files by the shared duplicate check, and cities, whose hex is their id"),
        "duplicate id (sides, phases, further dice, weathers, terrains, city kinds, features, results, shifts, modifiers, unit types, units, faces, scenarios — across files), or two cities on one hex, or a city given twice in one scenario's `[[control]]`",
        &["``duplicate phase id `blue-move` `` / help: `the first `blue-move` is on line 42`", "ids are unique"]),
    c("V0102", &[Error], At(4, "ids resolved by the shared reference check, and names that are not ids of one list: result codes in a CRT cell, sides in counter totals and replacement schedules"),
        "a reference does not resolve: side, unit, unit type, face, terrain, city kind, hexside or line feature, weather, phase, scenario, value name, NATO symbol, setup symbol, map edge, phase announcement, CRT row/column of an acknowledged reversal",
        &["``unknown side `bleu` `` / help: ``did you mean `blue`?``", "every reference resolves"]),
    c("V0103", &[Error], At(3, "a unit placed twice, found by each of the lists that place it: setup, off-map, reinforcements"),
        "a unit is placed twice: set up twice, set up and off the map, or set up and arriving as a reinforcement",
        &["``unit `R1` is set up twice``", "each counter exists once"]),
    c("V0104", &[Error], Once, "dice that cannot be rolled: no die, a die with fewer than two faces, or more than 1000 possible rolls",
        &["`dice need at least one die of at least two faces, and at most 1000 possible rolls`", "`[dice]`, each `[[other_dice]]`"]),
    c("V0105", &[Error], Once, "fewer than two sides",
        &["`a game needs at least two sides`", "—"]),
    c("V0106", &[Error], Once, "module version not strict semver",
        &["``module version `0.1` is not MAJOR.MINOR.PATCH``", "the VASSAL module library accepts only `MAJOR.MINOR.PATCH`"]),
    c("V0107", &[Error], At(2, "the weather schedule's two faults: not one default weather, a turn under two weathers"),
        "not exactly one default weather, or a turn listed under two weathers",
        &["`turn 2 has two weathers, `dry` and `rain``", "each turn has one weather"]),
    c("V0108", &[Error], Once, "an attack modifier divides by zero",
        &["`attack modifier divides by zero`", "—"]),
    c("V0109", &[Error], Once, "unsupported combat kind",
        &["``combat kind `ratio` is not supported``", "supported: `odds`, `differential`"]),
    c("V0110", &[Error], At(2, "odds are written in two places: the CRT's columns and cap, and automatic results"),
        "a CRT column (or the cap) is not `a:d` (a differential CRT: not `+n`, `0`, `-n`, a range `+n..+m` or an open end `≤-n`, `≥+n`)",
        &["`` `2-1` is not an odds column``", "—"]),
    c("V0111", &[Error], Once, "no counter faces declared",
        &["`no counter faces are declared`", "—"]),
    c("V0112", &[Error], Once, "a unit lacks a face its type has",
        &["``unit `B2` has no `reduced` face``", "every counter has every face of its type"]),
    c("V0113", &[Error], Once, "a unit has a face that is not declared",
        &["``unknown face `ghost` ``", "—"]),
    c("V0114", &[Error], Once, "a face value does not have one number (or `?`) per declared value",
        &["``face value `3` does not match [counters] values``", "printed values are `strength-movement`…"]),
    c("V0115", &[Error], Once, "a scenario is based on itself",
        &["`a scenario cannot be based on itself`", "—"]),
    c("V0116", &[Error], Once, "a colour is not `#rrggbb`",
        &["`` `#b03a2` is not a colour``", "—"]),
    c("V0117", &[Error], Once, "the turn labels do not number the turns",
        &["`2 turn labels for 3 turns`", "the turn track has one box per turn"]),
    c("V0118", &[Warning], Once, "a phase of no side announces replacements or reinforcements (they are announced per side)",
        &["``phase `blue-combat` announces replacements but belongs to no side``", "—"]),
    c("V0120", &[Error], Once, "`[[overrides]]` in rules that name no series",
        &["`an override in a game that names no series`", "overrides replace a series' rules"]),
    c("V0121", &[Error], Once, "an override names a rule number the series does not list (`[[series.rules]]`)",
        &["``series `ocs` has no rule 4.9 to override``", "a game overrides only rules its series has"]),
    c("V0122", &[Error], Once, "an override names a section the game's rules file does not write",
        &["``the override names section `combat`, which this file does not write``", "—"]),
    c("V0123", &[Note], Once, "a section of the game replaces the series' section; names the series rule, its title and why",
        &["`` `stacking` replaces series rule 4.8 (Stacking) of `ocs`: 8 RE to a hex ``", "every change to the series is visible"]),
    c("V0124", &[Error], Once, "a section both the game and its series write, without an override naming the series rule it replaces",
        &["`` `stacking` replaces the series' `stacking` without saying which series rule ``", "—"]),
    c("V0125", &[Error], At(2, "the series rules file `[game] series` names: not there, or a key outside any table"),
        "`[game] series` names no rules file of the project, or a series file holds a key outside any table",
        &["``no series rules `rules/tinyy.toml` ``", "—"]),
    c("V0126", &[Warning], At(2, "the release history behind `[game] version`: its newest entry is another version, or it has none"),
        r#"the release history's newest entry (`changes/<game>.toml`, the first `[[releases]]`) is not the module's `[game] version`, or the history lists no release: the "What's new" page would stop at an older release"#,
        &["`the newest release in changes/tiny.toml is 0.1.0, but the module is version 0.2.0` (help: `vmodc diff OLD . tiny --format toml` prints the entry)", "[data-format.md](data-format.md#release-history-changesgametoml)"]),

    // V02xx: the map
    c("V0201", &[Error], At(2, "a label that is no hex of a hex grid, and a name that is no area of an area map"), "a hex label does not parse on this grid, or a name is no area of the area map",
        &["``setup of B1: `04-04` is not a hex label``", "the map's hex numbering"]),
    c("V0202", &[Error], Once, "a hex is not on the map",
        &["``setup of B1: hex `0505` is not on the map`` / help: `the grid has columns 01 to 04 and rows 01 to 04`", "hexes lie inside the grid"]),
    c("V0203", &[Error], Once, "a hexside (river…) joins hexes that are not adjacent",
        &["``river hexside `0201`–`0401` joins hexes that are not adjacent`` / help lists the neighbours", "each hexside pair is adjacent"]),
    c("V0204", &[Error, Warning], At(2, "one hex under the terrains twice: with two terrains (error), or twice with one (warning)"),
        "a hex is given two terrains (error), or listed twice for one terrain (warning)",
        &["``hex `0303` is given two terrains, forest and clear``", "a hex has one base terrain"]),
    c("V0205", &[Error], Once, "a rail or road path jumps between non-adjacent hexes",
        &["``road `Main road` jumps from `0201` to `0401`, which are not adjacent``", "each rail or road path is contiguous"]),
    c("V0206", &[Error, Warning], At(2, "something drawn without a colour: a terrain (error), a feature (warning)"),
        "a terrain on the map has no colour (error: it would be drawn white); a drawn feature has no colour (warning: drawn black)",
        &["``terrain `forest` has no colour``", "—"]),
    c("V0207", &[Warning], Once, "a hexside is listed twice",
        &["``hexside `0301`–`0201` is listed twice``", "—"]),
    c("V0208", &[Warning], At(2, "a colour for a terrain, and for a feature, that does not exist"),
        "a colour for a terrain or feature that does not exist",
        &["``colour for unknown terrain `swamp` ``", "—"]),
    c("V0210", &[Error], Once, "unsupported grid kind",
        &["``grid kind `hexagons` is not supported``", "supported: `hex-columns`, `hex-rows`, `squares`"]),
    c("V0211", &[Error], Once, "`shifted_columns` or `shifted_rows` is neither `even` nor `odd`",
        &[r#"`shifted columns or rows must be "even" or "odd"`"#, "—"]),
    c("V0212", &[Error], Once, "a grid range is empty or outside 0–9999 (stops the other checks)",
        &["`grid range is empty or out of bounds`", "—"]),
    c("V0213", &[Error], Once, "label digits are not 1 to 9 (stops the other checks)",
        &["`` `row_digits = 1000000000` is not 1 to 9``", "—"]),
    c("V0214", &[Error], Once, "the grid has more than 20,000 hexes, what vmodc builds (module and PDF) in seconds on two cores (stops the other checks)",
        &["`the grid has 100000000 hexes, more than 20000`", "—"]),
    c("V0215", &[Error], At(2, "sheet prefixes that do not tell the sheets apart, and a grid with both `prefix` and `sheets`"),
        "two map sheets have one prefix, a prefix begins with a digit, or the grid has both `prefix` and `sheets`",
        &["``two sheets have the prefix `A` ``", "each sheet's labels are its own"]),
    c("V0216", &[Error], Once, "two map sheets share a position, or one lies outside 0–99",
        &["``sheets `A` and `B` are both at [0, 0]``", "—"]),
    c("V0217", &[Error], Once, "hex labels made of two numbers and a dot with no sheet letter (`02.03`): VASSAL's expressions read such a property as a number (2.03), so the module's terrain, hexside and location checks would miss the hex",
        &["`` hex labels such as `01.01` are numbers to VASSAL's expressions (1.01) ``", "give the sheet a letter (`A02.03`), as multi-map games print it"]),
    c("V0218", &[Error], Once, "a map sheet's board, measured from the grid, hex height and margin before it is drawn, is more than 16,384 px a side or 100,000,000 pixels (what vmodc draws and VASSAL 3.7 tiles on a 4 GB machine); at the grid's columns",
        &["``each map sheet would be drawn 20822 × 15050 px: vmodc draws a board of at most 16384 px a side and 100000000 pixels``", "boards vmodc draws and VASSAL tiles"]),
    c("V0220", &[Error], Once, "a grid lacks a key its kind needs (`shifted_columns` for hex-columns, `shifted_rows` for hex-rows), or has a key of another kind",
        &["``a `hex-rows` grid needs `shifted_rows` `` / ``` `diagonals` does not apply to a `hex-columns` grid ```", "each grid kind has its own keys"]),
    c("V0221", &[Error], Once, "a hexside (river…) pairs two squares that touch only at a corner",
        &["``river hexside `0101`–`0202` joins squares that touch only at a corner``", "a river runs along the side two squares share"]),
    c("V0222", &[Error], At(5, "an id taken by a built-in style or defined twice, a width, a dash pattern and a casing width that cannot be drawn, and a casing width without a casing"), "a line style of the designer's own (`[[style.line_styles]]`) that cannot be drawn: an id taken by a built-in style or defined twice, a width outside 0 to the hex height, a dash pattern that is not pairs of lengths above 0, a casing width without a casing or outside 0 to the hex height",
        &["``line style `lane` has a dash pattern that cannot be drawn`` / help: `dash = [8, 4]`", "[data-format.md](data-format.md#line-styles)"]),
    c("V0223", &[Warning], Once, "`[style] feature_styles` gives a style to a feature that is no line feature (a hexside feature, or no feature of the rules): nothing is drawn in it",
        &["``a line style for `river`, which is a hexside feature, drawn along hexsides, not as a line``", "—"]),
    c("V0224", &[Note], Once, "a line feature the map draws has no style and its id names no built-in style: it is drawn as a railway, the style of every line before line styles",
        &["``line feature `chaussee` is drawn as a railway, the default style`` / help: `feature_styles = { chaussee = \"rail\" }`", "—"]),
    c("V0230", &[Error], Once, "a neighbour of an area is not an area of the map",
        &["``neighbour `Fort` of area `Ford` is not an area`` / help: `did you mean `Ford`?`", "[data-format.md](data-format.md#area-maps)"]),
    c("V0231", &[Error], Once, "an area's outline is not a polygon: fewer than three corners, enclosing nothing, or crossing itself",
        &["``the outline of area `Ford` is not a polygon: it has 2 corners``", "—"]),
    c("V0232", &[Error], At(2, "an area with neither point nor outline, and a point or corner off the board"),
        "an area has no place on the map, or lies off it (a negative coordinate, or beyond the map image)",
        &["``area `Ford` lies off the map`` / help: `the map image is 440 × 360 pixels`", "—"]),
    c("V0233", &[Error], At(2, "a neighbour that does not list the area back, and an area listing itself"),
        "a neighbour one way only: the other area does not list it back, or an area lists itself",
        &["``area `Ford` borders `Brücke`, but `Brücke` does not list `Ford` ``", "neighbours are mutual"]),
    c("V0234", &[Error], At(3, "two areas with one name, a point outside its own outline, and a point shared or inside another area's outline"),
        "two areas share a name or a point, or an area's point lies outside its own outline or inside another's (VASSAL would name it after the other)",
        &["``two areas are named `Ford` ``", "—"]),
    c("V0235", &[Error], At(4, "a hex grid's key missing, a hex grid with areas, a hex grid's key on an area map, and hex centres on an area map"),
        "the `[grid]` keys do not fit its kind: a hex grid without its ranges and digits, or with areas; an area map with a hex grid's keys or `[map] hex_centres`",
        &["`` `columns` is a hex grid's key, not an area map's``", "—"]),
    c("V0236", &[Error], Once, "an area map has no areas",
        &["`the area map has no areas`", "—"]),
    c("V0237", &[Error], Once, "an area's name is blank or holds a `|` (the module's location lists are separated by `|`)",
        &["``area name `North|South` is blank or holds a `|` ``", "—"]),
    c("V0238", &[Error], Once, "an area map over vmodc's limits: more than 5,000 areas, an outline of more than 2,000 corners or 50,000 in all, or an area with more than 64 neighbours (stops the other area checks)",
        &["`the area map lists 65 neighbours of area `Ford`, more than 64`", "—"]),

    // V03xx: rulebook constraints declared in the data
    c("V0301", &[Error], Once, "a setup hex holds more units of one side than `[stacking] max_units`",
        &["``hex `0101` holds more than 1 red unit at setup``", "stacking limit (B4M 8.2.2); per-side and per-branch limits: V0704"]),
    c("V0302", &[Error], Once, "a reduced face does not follow `[counters] reduction`",
        &["``unit `R2`: reduced strength is 4, but the rule gives 3``", "reduced face = full ÷ divisor, rounded down (B4M 3.3)"]),
    c("V0303", &[Error], Once, "a unit is set up on a hex without its side's setup mark",
        &["``blue unit `B1` is set up on `0304`, which has no star setup mark``", "setup hexes carry the map's setup marks (B4M 6.0)"]),
    c("V0304", &[Error], At(2, "turns out of range, from the shared turn check, and a turn value keyed by something that is no turn"),
        "a turn (start, reinforcement, replacement, weather, a turn value's key) lies outside the game's turns or is not a turn number",
        &["`reinforcement turn 4 is outside the game's turns`", "schedules lie inside the game's turns (B4M 4.0)"]),
    c("V0305", &[Error], At(2, "victory hexes: one that is not a city, a condition needing more hexes than it lists"),
        "a victory hex is not a city, or a condition needs more hexes than it lists",
        &["``victory hex `0403` is not a city``", "victory hexes exist and are cities (B4M 5.0)"]),
    c("V0306", &[Error, Warning, Note], At(9, "one call site per flaw of the CRT the meaning lists, each pointing at its row, cell or cap"),
        "the CRT: a die roll without a row, a row for an impossible roll, a row of the wrong length, an undefined result, an odds cap that is not one of the columns (errors; the module caps at the cap's column, so the cap must be one, even when `cap_known = false`); a result better for the defender as odds rise, an acknowledged reversal that no longer occurs, a cap that is a column but not the last (warnings); a reversal acknowledged in `[[combat.reversals]]` (note). The completeness and monotony checks are skipped for a table or cap the data marks unknown (`table_known`/`cap_known = false`, see V0804/V0805)",
        &["`the CRT has no row for a roll of 6` / ``unknown combat result `NF` `` / `odds cap 4:1 is not a CRT column` / `roll 3: NE at 3:1 is better for the defender than DR at 2:1`", "the CRT is complete and monotonic, and the cap is one of its columns (B4M 9.0, 9.1, 9.3)"]),
    c("V0307", &[Error], Once, "a terrain on the map has no terrain effects (no `[[terrain]]` entry), including the default terrain",
        &["``terrain `swamp` is on the map but has no terrain effects``", "terrain effects cover every terrain on the map (B4M TEC, 9.2)"]),
    c("V0308", &[Error], Once, "the counter mix does not match `[counters] totals`",
        &["`the counter mix has 2 red units, the rulebook says 3`", "the counter mix matches the rulebook's totals"]),
    c("V0309", &[Error], Once, "an automatic result (`[[combat.automatic]]`) starts at odds no combat is rounded to: neither a CRT column nor a whole ratio (`n:1`, `1:n`) beyond either end of the table, e.g. `5:2` between the 2:1 and 3:1 columns (odds are rounded down to `2:1`, so the result would apply at other odds than the data says)",
        &["`automatic result at 5:2 is not at a CRT column or a whole ratio beyond the table`", "combat results follow the table's columns"]),
    c("V0310", &[Error], Once, "a stacking value (`stack_points` of a type or unit) that is negative or needs more than hundredths",
        &["`` `armor` counts 0.333 stacking points ``", "the module counts stacking points exactly, in parts of the smallest denominator"]),

    // V04xx: `vmodc check MODULE.vmod`
    c("V0401", &[Error], Once, "the module file cannot be read (exit 2)",
        &["`cannot read the module: No such file or directory`"]),
    c("V0402", &[Error], Once, "not a zip, or a hostile archive: an entry name escaping the archive (`..`, absolute), more than 20,000 entries, an entry over 256 MiB, or 2 GiB in all or 100 times the archive's own size (64 MiB at least) **as inflated** (declared sizes are not trusted)",
        &["``unreadable archive: entry name `../evil` points outside the archive``"]),
    c("V0403", &[Warning, Error], At(2, "moduledata missing (warning) or not XML (error)"),
        "no `moduledata` (warning), or it is not XML (error)",
        &["`the module has no moduledata`"]),
    c("V0404", &[Error, Warning], At(2, "VassalVersion missing (warning) or not one VASSAL 3.7 reads (error)"),
        "`VassalVersion` is not a version VASSAL 3.7 reads (3.8 and later, or not a version: error), or moduledata has none (warning)",
        &["``moduledata VassalVersion `3.8.1` is not a version VASSAL 3.7 reads``"]),
    c("V0405", &[Warning], Once, "the module version is not semver",
        &["``module version `10.8` is not semver``"]),
    c("V0406", &[Error], At(3, "the build file VASSAL reads: an extension's instead, none, or one that is not well-formed"),
        "the archive is a module extension (`extensiondata`), or it lacks the build file VASSAL reads (`buildFile` for a module made before VASSAL 3.5, `buildFile.xml` from 3.5, as `GameModule.build` chooses; without moduledata the version of an old `buildFile`'s root, as `ModuleMetaData.read`), or it is not well-formed",
        &["`the archive has no buildFile.xml`"]),
    c("V0407", &[Error, Warning], At(3, "images found the way VASSAL finds them, named by components and pieces, by HtmlChart pages, by NonRectangular shapes (warning)"),
        "an image a component, a piece, an HtmlChart page or a HelpFile page read from the archive (`<img src>`) names cannot be found the way `DataArchive.getInputStream` finds it (exact case in `images/`, then the name in NFD, VASSAL's own images, `<name>.gif`); the help names a case-insensitive match. A warning for the image a NonRectangular shape was traced from (VASSAL draws the stored shape)",
        &["``board `Board` uses image `Map.png`, which is not in images/``"]),
    c("V0408", &[Error], Once, "two maps share a name",
        &["``two maps are named `Main` ``"]),
    c("V0409", &[Error], Once, "a map lacks one of the eight helpers VASSAL does not add when it loads a buildFile (a Player Hand needs no StackExpander: VASSAL removes it itself)",
        &["``map `Main` lacks its PieceMover``"]),
    c("V0410", &[Error], Once, "a map has no board",
        &["``map `Hand` has no board``"]),
    c("V0411", &[Warning], Once, "an at-start stack names a board its map lacks (VASSAL silently places nothing); without `owningBoard` the map's first board is used",
        &["``setup `Unit A` names board `Other`, which map `Main` lacks``"]),
    c("V0412", &[Error], Once, "an at-start stack's grid location does not resolve on its board (hex grids, region and zone names; stacks in map folders included)",
        &["``setup `Unit A`: location `A1` is not on board `Board` ``"]),
    c("V0413", &[Error], Once, "a PieceSlot/PrototypeDefinition/CardSlot does not decode, or its type and state have different depths",
        &["``PieceSlot `Unit A` does not decode: the type has 2 trait levels but the state has 1``"]),
    c("V0414", &[Error], Once, "two pieces share a (non-empty) gpid",
        &["``PieceSlot `Unit B` and PieceSlot `Unit A` share gpid `1` ``"]),
    c("V0415", &[Error], Once, "a prototype includes itself",
        &["``prototype `Base` includes itself``"]),
    c("V0416", &[Warning], Once, "`nextPieceSlotId` is not above the largest gpid",
        &["`nextPieceSlotId 2 is not above the largest gpid 2`"]),
    c("V0417", &[Error], Once, "a predefined setup names a file the archive lacks (VASSAL reports Bad Data when a player chooses it); a setup without a `file` attribute starts a fresh game and is fine",
        &["``setup `Start` names file `begin.vsav`, which is not in the archive``"]),
    c("V0418", &[Warning], Once, "a predefined setup lacks `SETUP_STACK` (at-start stacks would be placed twice)",
        &["``setup `start.vsav` lacks SETUP_STACK``"]),
    c("V0419", &[Error], At(2, "a predefined setup that cannot be read, or one of its pieces"),
        "a predefined setup cannot be read, or one of its pieces does not decode",
        &["``setup `start.vsav`: a piece does not decode``"]),
    c("V0420", &[Error], At(2, "where the BasicPiece sits: not innermost, or above other traits"),
        "the innermost trait is not a BasicPiece, or a BasicPiece sits above other traits",
        &["``PrototypeDefinition `Base`: the innermost trait is `mark;`, not a BasicPiece``"]),
    c("V0421", &[Error, Note], At(2, "an unknown trait: an error, or a note when the module's own command encoder may define it"),
        "a trait id VASSAL 3.7 does not know (a note when the module has its own command encoder, which may define it)",
        &["``PrototypeDefinition `Base`: unknown trait `frobnicate;` ``"]),
    c("V0422", &[Note], At(2, "version 0 Layers, found per piece and summed up in one note"),
        "Layers (`emb2`) of version 0, one note with the count: VASSAL converts them on load (`Embellishment.mySetType`) or keeps the legacy Embellishment0",
        &["``2 Layers have version 0 (the first: PieceSlot `Unit B`: Layer version is not 1)``"]),
    c("V0423", &[Error], Once, "an always-active Layer has a level ≤ 0 (never drawn)",
        &["``PieceSlot `Unit B`: always-active Layer has state `0` ``"]),
    c("V0424", &[Warning], Once, "a piece uses a prototype that does not exist (VASSAL silently leaves its traits out and plays on); parameters after the name are allowed",
        &["``CardSlot `German Reinforcements`: prototype `Reinf` does not exist``"]),
    c("V0425", &[Error], Once, "a trait ends with a backslash (the next delimiter would read as escaped)",
        &["``PrototypeDefinition `Base`: a trait ends with a backslash``"]),
    c("V0426", &[Warning], Once, "an SVG image with an upper-case suffix (VASSAL reads it as a bitmap)",
        &["``AboutScreen `About`: image `cover.SVG` has an upper-case .svg suffix``"]),
    c("V0427", &[Error], Once, "a Place Marker or Replace With Other trait whose marker piece (`+/null/TYPE/STATE`) cannot be decoded",
        &["``piece slot `Panzer division`: the marker of `replace;` cannot be decoded: no piece type``"]),
    c("V0428", &[Note], Once, "a component class the module ships (`<package>/<Class>.class` in the archive): vmodc cannot check inside it; a subclass of a map helper (read from the class file's header) counts as that helper",
        &["``component class `ForThePeople.FTPMover` (extends `VASSAL.build.module.map.PieceMover`) is the module's own: vmodc cannot check inside it``"]),
    c("V0429", &[Error], Once, "a component class that is neither VASSAL's nor in the archive (`Builder` fails to load it: IllegalBuildException)",
        &["``component class `wga.Refresher` is neither VASSAL's nor in the archive``"]),
    c("V0430", &[Warning], Once, "piece slots without a gpid, one warning with the count (VASSAL loads them; its editor assigns gpids; Refresh Counters cannot match them)",
        &["`2070 piece slots without a gpid`"]),
    c("V0431", &[Error, Warning], At(2, "the same SVG fault in an image VASSAL draws (error) and in a shape's image (warning)"),
        "an SVG image has an `<image>` without `xlink:href` (written `href`): VASSAL's renderer (Batik, SVG 1.1) fails on it and draws nothing; a warning for a NonRectangular shape's image",
        &["``AboutScreen `About`: SVG image `mask.svg` has an <image> without xlink:href``"]),
    c("V0432", &[Error], Once, r#"a HelpFile (Help menu) shows an archive entry the module lacks: VASSAL reports a read error when a player opens it (`HelpFile.getContents`, `ReadErrorDialog`; read in VASSAL's source, not in the harness, which opens no Help item). Since this check, the snapshot of tomo9878/FOF2 in the corpus (67ed0e5) gives one such error: its "About this module" names `About.txt`, which the repository lacks"#,
        &["``HelpFile `What's new` shows `help/whats-new.html`, which the archive lacks``"]),
    c("V0433", &[Warning], Once, "a trait's expression nests parentheses deeper than 8 levels: VASSAL's BeanShell parser doubles its time with each level and freezes the game while it reads one (measured with 3.7.26's parser: 14 ms at 8, 0.7 s at 13, minutes at 21)",
        &["``PrototypeDefinition `Unit`: a `calcProp;` trait holds an expression with parentheses nested 21 deep``"]),

    // V044x: `vmodc check MODULE.vmod --library`
    c("V0440", &[Error], Once, "the module version (`<version>` of moduledata) is not strict semver (`MAJOR.MINOR.PATCH`, no leading zeros, `-pre` and `+build` allowed)",
        &["the library parses it as semver and refuses the upload otherwise, then requires it to equal the release's version: game-library-service `src/prod_core.rs` (`check_moduledata`, `check_versions`), `src/version.rs`"]),
    c("V0441", &[Warning], Once, "`VassalVersion` is not a semver VASSAL 3 version",
        &["the library derives the release's minimum VASSAL version from it only when it parses: `src/prod_core.rs` (`format_minimum_vassal_version`)"]),
    c("V0442", &[Error, Warning], At(2, "unsafe names: the module's file name (error), an entry's (warning)"),
        r#"the module's file name (error) or an entry's name (warning) is unsafe: control or reserved characters (`" ' * / : < > ? \| \\`), leading or trailing space, trailing period, `..`, a Windows device name, over 255 bytes"#,
        &["game-library-service `src/upload.rs` (`safe_filename`)"]),
    c("V0443", &[Error], Once, "piece slots with an empty or non-numeric gpid (one diagnostic with the count)",
        &[r#"`GameRefresher` refuses to run, "module was saved with older vassal version" (`GameRefresher.gpid_error_message`), when `GpIdChecker.testGpId` finds an empty, non-`int` or duplicate gpid (duplicates are V0414): `build/GpIdChecker.java`, `build/module/GameRefresher.java`"#]),
    c("V0444", &[Error, Warning], At(2, "an image's size: more pixels than an `int` counts (error), too large to tile (warning)"),
        "an image (PNG, GIF, JPEG header) with more pixels than a Java `int` (error), or whose tiling needs more than 3 GiB, 3/4 of a 4 GiB machine (warning)",
        &["`launch/TilingHandler.java` (`findImages` counts pixels in an `int`; `sliceTiles`: heap = 1.66 × 4 bytes per pixel + 150 MB, capped at 3/4 of memory, `launch/AbstractLaunchAction.java`), `tools/imageop/ScaleOpBitmapImpl.java` (`fixSize` throws)"]),
    c("V0445", &[Error, Warning], At(4, "the translations: a properties file missing, stray, unreadable, or translating the sides to another number"),
        "a translation is inconsistent: a `Translation` whose `Module_<lang>[_<COUNTRY>].properties` is missing (warning), a `Module_*.properties` no Translation reads (warning), one that cannot be read or translates `PlayerRoster.sides` to another number of sides (error: VASSAL warns every player of that language)",
        &["`i18n/Translation.java` (`getBundleFileName`), `build/module/PlayerRoster.java` (`setSidesFromString`, `PlayerRoster.side_translation_error`)"]),
    c("V0446", &[Warning], At(2, "what a setup's saved game places: a board the module lacks, pieces of unknown gpids"),
        "a predefined setup's saved game places a board the module lacks, or pieces whose gpid no piece slot or Place Marker/Replace trait has",
        &[r#"`build/module/map/BoardPicker.java` (`decode` drops unknown boards), `build/module/GameRefresher.java` ("Can't find matching Piece Slot")"#]),
    c("V0447", &[Note], Once, "a predefined setup vmodc did not check because of a limit of its own (one saved game's size, or all setups' together): what was not checked and why; VASSAL loads it",
        &["`build/module/PredefinedSetup.java` loads a setup of any size; vmodc's limits are its own: `Limits::save` for one saved game, `SETUP_BUDGET_BYTES` for all setups together (`src/verify/setups.rs`)"]),
    c("V0460", &[Warning], Once, "an entry name is in the archive more than once (`vmodc check FILE.vmod`): the last copy is the one read",
        &["`tools/io/ZipArchive.java` (`readEntries` puts every `java.util.zip.ZipFile` entry into a map in order; `ZipFile.getInputStream` finds a name's last entry: JDK 17 reads the last copy)"]),
    c("V0480", &[Warning], Once, "a parent holds more than one child of a class VASSAL allows once per parent (a second Game Piece Layers or Stack Metrics in a map, a second grid on a board)",
        &["`configure/RecursiveSingleChildInstance.java` (every class whose `isUnique()` is true), `configure/SingleChildInstance.java` (a Board's or Zone's `MapGrid`), run by `GameModule.build` at load, each warning logged (`Editor.ValidityChecker.single_warning`)"]),
    c("V0481", &[Warning], Once, "two Global Properties (or scenario option tabs) of one name in one container, or two Map Shadings of one name in one map",
        &["`configure/UniquelyNamedChildren.java`, attached by `build/module/properties/GlobalProperties.java` and `build/module/Map.java` (`addTo`), run by `GameModule.build` at load, each warning logged (`Editor.ValidityChecker.duplicate_warning`)"]),
    c("V0482", &[Error, Warning], At(2, "a module class that extends (error) or uses (warning) a VASSAL class 3.7.26 lacks"),
        "a module's own class (one the buildFile names, or one it reaches) extends or implements a VASSAL class VASSAL 3.7.26 lacks (error: the class cannot be defined, so its component is not built), or otherwise names one (warning: that code fails when it runs); read from the class files' constant pools",
        &["`build/Builder.java` (`create` loads the class through the module's class loader: NoClassDefFoundError); the classes of 3.7.26 are listed in `src/verify/vassal_classes_3.7.26.txt`, generated from VASSAL's source tree by the command in `src/verify/classes.rs`"]),

    // V05xx: notes on the data
    c("V0501", &[Note], Once, "a unit's `disputed` entry: the sources disagree and the data picked one",
        &["``unit `XXIII`: sources disagree — …``"]),

    // V06xx: building
    c("V0601", &[Error], Once, "an image cannot be rendered", &[]),
    c("V0602", &[Error], At(2, "assembling the archive: the rendered entries and the text entries"),
        "the archive cannot be assembled", &[]),
    c("V0603", &[Error], Once, "the module cannot be written (exit 2); the previous module is left untouched", &[]),
    c("V0604", &[Warning], Once, r#"a module in `dist/` differs from the one committed in git (`git show HEAD:dist/…`) while both carry the same module version; points at `[game] version` with "raise the version" (`vmodc check GAME` and `vmodc build`; nothing is said outside a git repository or for a module git does not hold) — see [errata.md](errata.md)"#, &[]),
    c("V0606", &[Error], Once, "the print-and-play PDF cannot be made: a `[counters] printed_mm` that is not a counter size, counters larger than the paper, an image that cannot be drawn or embedded", &[]),
    c("V0607", &[Error], Once, "the print-and-play PDF cannot be written (exit 2); the previous PDF is left untouched", &[]),
    c("V0608", &[Warning], Once, "the build cache folder (`.vmodc-cache`) is a symbolic link, a file or anything but a plain folder: the build runs without it, reading and writing nothing there (each cache entry is also read only when it is a regular file of its own whose hash checks)", &[]),

    // V07xx, V08xx: optional parts of the model and the completeness report
    c("V0701", &[Error, Warning], At(4, "the faces of unit types and their back markers, checked from the type, the unit and the marker"),
        "unit-type faces and back markers are inconsistent (a warning: a back marker on a type with no free counter side)", &[]),
    c("V0702", &[Error], Once, "a derived value is also a printed value", &[]),
    c("V0703", &[Error], At(3, "off-grid areas: an id that reads as a hex, an area bordering itself, a hexside it does not border"),
        "an off-grid area borders itself, names hexes it does not border, or has an id that reads as a hex", &[]),
    c("V0704", &[Error], At(4, "per-side and per-branch limits: duplicates, above `max_units`, a branch no type has, a setup over a limit"),
        "per-side / per-branch stacking limits: duplicates, above `max_units`, a setup over a side's limit", &[]),
    c("V0706", &[Error, Warning], At(3, "conditional shifts: conditions that cannot hold together (error), a shift of nothing (warning)"),
        "a conditional column shift that cannot apply or shifts nothing", &[]),
    c("V0707", &[Error, Warning], At(5, "automatic results and known cells against the table: impossible rolls, contradictions, rows of an unknown table, printed columns overridden (warning)"),
        "automatic results and known CRT cells: impossible rolls, contradictions with the table (a warning: an automatic result that overrides printed CRT columns)", &[]),
    c("V0708", &[Error, Note], At(8, "decks and cards: two decks for a side, empty or idle uses, cards of no deck or no copies, deck sizes, many uses (note)"),
        "decks and cards: duplicates, counts, uses (a note: a card with many uses)", &[]),
    c("V0709", &[Error], At(3, "card allotments: two for one turn, more cards than the side owns, allotments without a deck"),
        "card allotments", &[]),
    c("V0710", &[Error, Warning], At(4, "designated cities: another side's phase or card, never designable, own results changed (warning)"),
        "designated cities (a warning: a designation that changes the results of the designating side's own attacks)", &[]),
    c("V0711", &[Error], At(7, "victory-point terms and thresholds: rate, filters, count, bands, unreachable, unbounded or overlapping thresholds"),
        "victory points: terms and thresholds", &[]),
    c("V0712", &[Error], Once, "a unit's home area belongs to another side", &[]),
    c("V0713", &[Error, Warning], At(5, "setup codes, entry turns and unplaced units, each checked where the unit is placed"),
        "setup codes, entry turns, unplaced units (a warning: a unit with a setup code that starts on a hex)", &[]),
    c("V0714", &[Error], Once, "a movement prohibition names no units", &[]),
    c("V0716", &[Error, Warning], At(5, "the explicit hex list and stated adjacencies: labels, extent, duplicates (warning), contradicted or self adjacencies"),
        "the explicit hex list and stated adjacencies", &[]),
    c("V0717", &[Error], Once, "a city listed twice", &[]),
    c("V0718", &[Error], At(3, "untried faces: lacking from a type, hidden and revealed alike, or shown in the wrong order"),
        "`[untried]`: a hidden or revealed face that the untried unit types lack, or the same face for both", &[]),
    c("V0719", &[Error], At(2, "untried cups: a cup that is no off-map box, a unit in a cup that is not untried"),
        "`[untried] cups`: a cup that is no scenario's off-map box, or a unit set up in a cup that is not untried", &[]),
    c("V0720", &[Error], At(3, "the variable weather table: rolls outside the die, a row of the wrong length, rolls in no row or two"),
        "`[variable_weather]`: a row's rolls outside the die, a row without one weather per turn, or rolls in no row or in two", &[]),
    c("V0721", &[Error], Once, "`[[replacements]]`: the replacement type has no counter on the side of a unit it replaces", &[]),
    c("V0722", &[Error], At(2, "replacement types: replaced twice, or itself replaced"),
        "`[[replacements]]`: a type replaced twice, or a replacement type that is itself replaced", &[]),
    c("V0730", &[Error], Once, "`[[combat.counts]]`: a count whose `max` is below its `min`", &[]),
    c("V0731", &[Error], At(2, "a `by_count` shift's steps: not ascending, or outside the count's range"),
        "a `by_count` shift: steps whose `at_least` do not ascend, or a step outside its count's range", &[]),
    c("V0732", &[Error], Once, "a column shift that gives its columns twice (`shift` with `by_count` or `per_count`, or both)", &[]),
    c("V0733", &[Error], Once, "a column shift that both needs (`declared`) and excludes (`not_declared`) one declaration", &[]),
    c("V0734", &[Error], Once, "`[[combat.automatic]]` with both or neither of `at_least` and `zero_defence = true`", &[]),
    c("V0735", &[Error], At(2, "the result grammar: a part with both or neither spelling, a result code it cannot read"),
        "`[combat.result_grammar]`: a result code the grammar cannot read, or a part with both or neither of `letter` and `word`", &[]),
    c("V0736", &[Error], Once, "`[[modes]]`: a mode shown by both or neither of a `face` and a `marker`", &[]),
    c("V0737", &[Error], Once, r#"`[[modes]]`: a `strength` or `movement` multiplier that is not a ratio (`"1/2"`, `"2"`, `"0"`)"#, &[]),
    c("V0740", &[Error], Once, "`[combat.surprise]`: one kind of attack and modified roll given two known outcomes", &[]),
    c("V0741", &[Error], Once, "`[[combat.attack_kinds]]`: a kind that rolls other dice than `[dice]` while the CRT has no rows for them (give the rows, or `rows_known = false`)", &[]),
    c("V0745", &[Error], Once, "`[combat]` differential columns out of order: a column that overlaps the one before it or leaves differences between them on no column, or an open end (`≤-3`, `≥+6`) that is not the first or last column", &[]),
    c("V0746", &[Error], Once, "`[combat]`: a reading for odds tables whose sources stop short (`beyond_first`/`beyond_last = \"unknown\"`, `beyond_columns`, `not_columns`) given to a differential CRT", &[]),
    c("V0750", &[Error], At(3, "the morale cup: no chit, values not one per chit, `viewer` without `view_from`"),
        "`[morale]`: a cup with no chit, chit values given but not one per chit, or `viewer` without `view_from` (or the reverse)", &[]),
    c("V0751", &[Error], At(2, "morale check rows: rolls outside the die, two rows for one count"),
        "`[morale.check]`: a row whose failing rolls are not rolls of the die, or two rows for one count", &[]),
    c("V0752", &[Error], Once, "`[barrage] columns`: a column whose range is reversed or does not start above the previous column's", &[]),
    c("V0753", &[Error], At(2, "the two groups of `[morale]` keys that go together"),
        "`[morale]`: `chit_marker`, `cup` and `drawn_box` not all given (or all left out), or `track` without `track_markers` (or the reverse)", &[]),
    c("V0754", &[Error], At(2, "the chit marker: no back, or a counter-mix count other than `chits`"),
        "`[morale]`: the chit marker has no `back` (the face that prints a chit's value), or its counter-mix `count` differs from `chits`", &[]),
    c("V0755", &[Error], Once, "`[morale]`: the cup, the drawn chit's box and the track are not three boxes of their own (one named twice, or a box the scenarios put units in)", &[]),
    c("V0756", &[Error], Once, "`[morale]`: a redraw (`redraw_from`, `set_aside`) without the other key, a `viewer` or the chit pieces", &[]),
    c("V0760", &[Error], At(2, "AR counts: one that no roll modifier reads, one count for both sides"),
        "`[combat.action_rating]`: an AR count that no `[[combat.roll_modifiers]]` entry reads (the marked AR units would change no roll), or one count for both sides", &[]),
    c("V0761", &[Error], At(2, "strength modifiers: no strengths, or a word that is not a strength"),
        "`[[combat.strength_modifiers]]`: no `strengths`, or a word other than `attack` and `defence`", &[]),
    c("V0762", &[Error], Once, "`[[combat.strength_modifiers]]`: a `marker_face` that is not `front` or `back`, without a `marker`, or `back` of a one-faced marker", &[]),
    c("V0763", &[Error], Once, "`[[combat.strength_modifiers]]`: a denominator of 0 or an unknown `rounding`", &[]),
    c("V0770", &[Error], Once, "`[[barrage.units]]`: a barrage strength on a face the unit does not have", &[]),
    c("V0771", &[Error], Once, "`[[barrage.cells]]`: a cell on a column no `[barrage] columns` entry is labelled as, or on a roll the table's dice cannot give", &[]),
    c("V0772", &[Error], Once, "`[[barrage.cells]]`: a cell whose result is not one of `[[barrage.results]]`", &[]),
    c("V0780", &[Error], Once, "`[[types]] steps`: steps given for a face the type does not have", &[]),
    c("V0790", &[Error], Once, "`[air]`: `mission_units`, `base_units` or `refit.units_per_level` is 0 (no air unit would fit)", &[]),
    c("V0791", &[Error], Once, "`[air.flak]` / `[air.air_combat]`: `dice` not written as `NdF`", &[]),
    c("V0792", &[Error], Once, "`[air.flak]`: `hit_at` at or below the dice's lowest roll (every roll would hit)", &[]),
    c("V0793", &[Error], Once, "`[air.air_combat]`: `loss_at` not a face of one of its dice", &[]),
    c("V0801", &[Warning], Once, "`[[missing]]`: a fact the sources do not give", &[]),
    c("V0802", &[Note], Once, "`[[inferred]]`: a fact held by inference", &[]),
    c("V0803", &[Warning], Once, "a unit's printed values written `?` (with the derived values that depend on them)", &[]),
    c("V0804", &[Warning], Once, "the CRT is unknown (`table_known = false`): how many of its cells are known", &[]),
    c("V0805", &[Warning], Once, "the odds cap is unknown (`cap_known = false`)", &[]),
    c("V0806", &[Warning], Once, "the turns for which a side's card allotment is unknown", &[]),
    c("V0807", &[Warning], Once, "a card's number of copies or printed uses is unknown", &[]),
    c("V0808", &[Warning], Once, "some of a deck's cards are unknown", &[]),
    c("V0809", &[Warning], Once, r#"the hex grid's layout is unknown (`geometry = "unknown"`): orientation, numbering and extent"#, &[]),
    c("V0810", &[Warning], Once, "the terrain of some hexes is unknown", &[]),
    c("V0811", &[Warning], Once, "the hexes an off-grid area borders are unknown", &[]),
    c("V0812", &[Warning], Once, "a city the sources name but do not place (`[[unlocated_cities]]`): its hex, and its kind when not given", &[]),
    c("V0813", &[Warning], Once, "a city key the sources do not give (a city's `unknown`)", &[]),
    c("V0814", &[Warning], Once, "a unit's start position is unknown", &[]),
    c("V0815", &[Warning], Once,
        "a unit that no scenario sets up, keeps off the map, brings as a reinforcement or lists as unplaced: the module offers no way to play it", &[]),
    c("V0820", &[Warning], Once, "a game has no scenario (no `scenarios/<game>/*.toml`): its module's map starts empty", &[]),
    c("V0821", &[Error], Never("retired: each scenario's saved game now sets the turn tracker to its own start turn and phase, so scenarios of one game may start on different turns"), "scenarios of one game start on different turns: the module's one turn tracker starts every scenario on the same turn (`start_turn` sets it)", &[]),
    c("V0822", &[Warning], Once, "a reinforcement or replacements scheduled before the scenario's start turn: the module never plays that turn", &[]),
    c("V0823", &[Error], Once, "`[game] id` is not the name of its rules file (vmodc finds a game's files by that name)", &[]),
    c("V0824", &[Warning], Once, "a data file or folder vmodc reads for no game: a scenario beside `scenarios/<game>/` instead of in it, a subfolder or a `.TOML` file there, a catalog beside `i18n/<game>/`, a folder or file named after no game", &[]),

    // V084x-V086x: what players see and share
    c("V0840", &[Warning], Once, "two at-start stacks of a map stand on one spot (the same grid location or region, or the same point, of one board): VASSAL never merges them, so one stack's pieces are drawn exactly over the other's (`vmodc check FILE.vmod`, on any module)", &[]),
    c("V0850", &[Warning], Once, "a counter's label is too long to print at the legible text size (9 px at the module's scale): it would shrink below it or wrap over the type box", &[]),
    c("V0860", &[Error], Once, "`[decks.pile]`: a hidden hand from a face-up pile (VASSAL masks a card taken from a deck only when the deck lies face down, `Deck.pieceRemoved`)",
        &[]),

    // V087x: rules stated for the players (`[[special_rules]]`)
    c("V0870", &[Error], Once, "two special rules of one game have the same `id` (rules file and scenarios together): the catalogs key a rule's texts by its id alone", &[]),
    c("V0871", &[Error], Once, "a special rule's `title` or `text` is empty: the module's Rules in play page and the printed kit would show nothing", &[]),
    c("V0872", &[Error], Once, "a special rule's `id` is not a slug (lower-case letters, digits and `-`): it is written into catalog keys", &[]),
    c("V0873", &[Warning], Once, "a special rule cites no rule section (`rule`) or other source (`source`): players are not told where to read it in full", &[]),
    c("V0874", &[Error], Once, "a special rule has no `id` in data of format 2 or later, where every rule names one", &[]),
    c("V0875", &[Note], Once, "a special rule has no `id` in data of format 1, which had none: read with its title's slug as the id, which `vmodc migrate` writes", &[]),
    c("V0880", &[Error], Once, "a movement cost (`[[terrain]]` or `[[line_features]]` `move_cost`) below 0 or not a whole number of quarters of a point (`0.5` is ½ MP; `0.3` is not counted)", &[]),
    c("V0881", &[Error], Once, "a hexside feature with a `move_cost`: a hexside is crossed, not moved along (only line features have a rate of their own)", &[]),
    c("V0882", &[Error], Once, "`[movement.allowance]` has `no_zoc_to_zoc` without `zoc_ends_move`: the ban on stepping from one enemy ZOC hex straight into another is checked only where entering one ends a move", &[]),
    c("V0883", &[Error], Once, "a `[[movement.line_moves]]` phase that `[movement.allowance]` also lists: its moves would be priced both by terrain and by the line", &[]),
    c("V0884", &[Error], Once, "`[[movement.line_moves]]` without `[movement.allowance]`: no printed allowance to spend along the line", &[]),

    // V09xx: language catalogs
    c("V0901", &[Error], Once, "a catalog declares another language than its file name",
        &["``catalog i18n/b4m/de.toml declares language `fr` ``"]),
    c("V0902", &[Warning], Once, "a catalog has no text for keys the module uses (the module shows their default texts): one warning per catalog, listing the keys, at the section where they go; `vmodc i18n extract GAME LANG --update` adds them",
        &["``the `ja` catalog has no text for 2 keys: `units.XXIV`, `units.XLVII` ``"]),
    c("V0903", &[Warning], Once, "a catalog has a key no module text uses (a typo, or an id removed from the data)",
        &["``the `ja` catalog has an unused key `units.XXV` ``"]),
    c("V0904", &[Error], Once, "a text uses a `{placeholder}` its key does not have",
        &["``` `ui.report_flip` uses the placeholder {unit}, which this text does not have ```"]),
    c("V0905", &[Warning], Once, "a game's catalog repeats an interface text word for word: the interface catalog of its language (`i18n/interface/<lang>.toml`; in English, vmodc's own default) has the same text; delete the line, the module shows the same text",
        &["``the `ja` catalog repeats the interface text `ui.flip` ``"]),
    c("V0906", &[Error], Once, "a game is named `interface`: its catalogs would be the interface catalogs every game shares (`i18n/interface/`)",
        &["``a game cannot be named `interface` ``"]),
    c("V0907", &[Warning], Once, "the catalog of the data's language (English) repeats a text of the data word for word: a copy that goes stale when the data changes; delete the line, the module shows the data's text",
        &["``the `en` catalog repeats the data's text `units.b1` ``"]),
    c("V0908", &[Warning], Once, "the catalog of the data's language (English) words a game text otherwise than the data: the module shows the catalog's, and a change of the data does not reach it",
        &["``the `en` catalog words `units.b1` otherwise than the data``"]),
    c("V0909", &[Warning], Once, "a catalog has texts still marked `# translate` (copied from the data by `vmodc i18n extract --update`): listed, at the first",
        &["``the `ja` catalog has 2 texts still marked `# translate` ``"]),
    c("V0910", &[Note], Once, "texts of a catalog in another language that read as the data's English words (texts with a letter): listed, at the first",
        &["``3 texts of the `ja` catalog read as the data's English``"]),
    c("V0911", &[Warning], Once, "a translation records (on its `# en:` line) the text it was made from, and the data (or vmodc's interface default) now says otherwise: the module shows a translation of the old text; correct it, then record the new text (`vmodc i18n extract GAME LANG --record`)",
        &["``the `ja` translation of `units.XLI` was made from \"XLI\", but the text is now \"XLI Panzer\"``"]),

    // V10xx: the designer's art
    c("V1001", &[Error], Once, "an image the data names cannot be read (exit 2); at the line naming it",
        &["``cannot read image `art/tiny/missing.png`: No such file or directory (os error 2)``"]),
    c("V1002", &[Error], Once, "the file is not a PNG or JPEG, or its header gives no size",
        &["``image `rules/tiny.toml` is unusable: not a PNG or JPEG file``"]),
    c("V1003", &[Error, Warning], At(2, "the map image's size: more pixels than an `int` counts (error), more than the tiler holds (warning)"),
        r#"the map image is too large for VASSAL 3.7: more pixels than a Java `int` counts (error: `ScaleOpBitmapImpl.fixSize` throws "Dimensions … are too large"), or more than its tiler can hold on a 4 GB machine (warning: 1.66 × 4 bytes a pixel + 150 MB, `TilingHandler.sliceTiles`; about 460 million pixels, 21,000 × 21,000)"#,
        &["``map image `art/tiny/huge.png` is 50000 × 50000: more pixels than VASSAL can tile``"]),
    c("V1004", &[Error], Once, "a file the data ships as it is (`[[units]] face_images`, a file of the `[raw] files` folder) cannot be read, or is refused (outside the project, not a regular file, over 256 MB); at the line naming it",
        &["``cannot ship `art/t/images/a.png`: No such file or directory (os error 2)``"]),
    c("V1010", &[Error], At(4, "fitting the grid: centres without an image or of no hex, an image on several sheets, too few centres"),
        "the grid cannot be fitted to the scan: fewer than two hex centres, centres of hexes not on the map, centres without an image, or an image on a map of several sheets",
        &["``the grid of map image `art/tiny/map.png` needs the centres of at least two hexes``"]),
    c("V1011", &[Warning, Error], At(2, "a centre off the fitted grid: by more than 3 px (warning), by more than a quarter hex (error)"),
        "a given hex centre lies more than 3 px from the centre the fitted grid gives its hex (error beyond a quarter hex: pieces would snap to the wrong hex)",
        &["``hex centre of `0101` lies 10.0 px from where the other centres put it``"]),
    c("V1012", &[Error], Once, "hexes of the grid whose centre lies outside the scan",
        &["``2 hex(es) of the grid lie outside map image `art/tiny/map.png` (245 × 290): 0101, 0102``"]),
    c("V1020", &[Error], At(6, "counter sheets: duplicate ids, a wrong back sheet, no cells, a gap as large as the pitch, cells off the image"),
        "a counter sheet: duplicate id, a `back` sheet that does not exist or has another grid, no cells, a gap as large as the pitch, cells that run off the image",
        &["``back sheet `verso` is not an art sheet``"]),
    c("V1021", &[Error], At(7, "`[[art]]` entries: not one piece, an unknown piece or sheet, a cell off the sheet, a piece given art twice"),
        "an `[[art]]` entry: not exactly one of unit, marker or card, an unknown piece or sheet, a cell off the sheet's grid, a piece given art twice",
        &["``art for unknown unit `X9` ``"]),
    c("V1022", &[Warning], Once, "once a game cuts counters from sheets: a unit without art (its counter is drawn), or a two-faced unit whose art gives no back",
        &["``unit `R2` has no art: its counter is drawn``"]),
    c("V1030", &[Error], Once, "a counter sheet's header gives more pixels than vmodc decodes (100,000,000: 400 MB of pixels), checked before decoding; at the line naming it",
        &["``counter sheet `art/tiny/sheet.png` is 30000 × 30000 pixels: vmodc cuts sheets of at most 100000000 pixels (400 MB decoded)``"]),
    c("V1031", &[Error], Once, "an image the data names does not decode in full (truncated or corrupt), found before it goes into a module; at the line naming it",
        &["``image `art/tiny/map.jpg` does not decode: …``"]),
    c("V1032", &[Warning], Once, "a map scan has more pixels than vmodc decodes (100,000,000): the module ships it undecoded; the print-and-play kit leaves the map out and says so; at the line naming it",
        &["``map scan `art/map.png` is 16000 × 16000 pixels: …``"]),

];
