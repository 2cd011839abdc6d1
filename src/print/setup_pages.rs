//! The kit's "Setup and victory" pages: for each scenario, where its units start, grouped by hex,
//! by off-map box and by the turn they arrive, each unit's counter drawn small beside its name, then
//! the scenario's victory conditions, in the game's language.
//!
//! The setup is the one the module places (`Game::effective`: `based_on` followed), the names are
//! the module's (the catalogs), and each counter is the face the kit's counter sheet already drew,
//! drawn again smaller (the PDF holds each image once, however often a page shows it). This file
//! lays the pages out; `kit` draws them (as with `rules_pages`, no two files import each other).

use super::pdf::{text_width, Weight};
use crate::concept::game::{Game, Loaded, LossRounding, ScenarioFile, Victory, VpTerm};
use crate::concept::plan::Plan;
use crate::concept::setup::effective::Effective;
use crate::model::FileId;
use crate::pipeline::PrintedCounter;
use crate::render::lines::wrap_measured;
use crate::render::Color;
use std::collections::BTreeMap;

/// Letter sizes (em) in mm: headings as the rules pages', names at 8 pt, labels a little larger.
const HEADING_MM: f32 = 4.2;
const LABEL_MM: f32 = 3.0;
const NAME_MM: f32 = 2.8;
const BODY_MM: f32 = 3.2;
/// From one baseline to the next, as a multiple of the letter size.
const LEADING: f32 = 1.3;
/// Room above a scenario's heading, above a group of units and between rows, in mm.
const HEADING_GAP_MM: f32 = 6.0;
const GROUP_GAP_MM: f32 = 3.0;
const ROW_GAP_MM: f32 = 1.5;
/// Columns of the setup chart: groups of up to [`SMALL_GROUP`] units side by side, or a larger
/// group's units across.
const COLUMNS: usize = 3;
const SMALL_GROUP: usize = 4;
const COUNTER_GAP_MM: f32 = 2.0;
/// Resolution at which a counter's smallest text is the legible floor
/// (`render::text::LEGIBLE_SIZE` px): a counter drawn smaller would print its values below it.
const LEGIBLE_DPI: f32 = 150.0;
const NOTE_COLOUR: Color = Color::rgb(0x50, 0x50, 0x50);
const RULE_COLOUR: Color = Color::rgb(0xb0, 0xb0, 0xb0);

/// A face of the kit's counters: counter `counter` of the sheet, its back when `back`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Face {
    pub counter: usize,
    pub back: bool,
}

/// What a page shows, in mm from the top left corner of its text area.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Mark {
    Text {
        text: String,
        /// Left end of the baseline.
        at: (f32, f32),
        size: f32,
        weight: Weight,
        color: Color,
    },
    /// A counter face drawn into `(x, y, edge, edge)`.
    Counter {
        face: Face,
        rect: (f32, f32, f32, f32),
    },
    /// A thin line from one point to another (above each group).
    Rule { from: (f32, f32), to: (f32, f32) },
}

/// One block of a page: its height, the room above it (dropped at the top of a page) and its marks
/// from its own top left corner.
#[derive(Debug, Clone, PartialEq)]
struct Block {
    height: f32,
    gap: f32,
    /// A heading: the page may not end after it.
    keep_with_next: bool,
    marks: Vec<Mark>,
}

/// The files a scenario's placements, off-map units and reinforcements come from: two scenarios
/// with the same are set up alike.
type SetupFiles = (FileId, FileId, FileId);

/// The edge a setup chart draws counters at: the counter sheet's, or smaller down to the size that
/// keeps the counter's texts at the legible floor (the module's pixels at [`LEGIBLE_DPI`]).
pub(super) fn counter_edge(game: &Game, sheet_mm: f32) -> f32 {
    let floor_mm = game.counters.counters.size as f32 / LEGIBLE_DPI * 25.4;
    floor_mm.min(sheet_mm)
}

/// The setup and victory pages: each page a list of marks, and each scenario's name with the pages
/// (0-based, among these) its setup heading starts on and its victory conditions end on.
pub(super) struct SetupPages {
    pub pages: Vec<Vec<Mark>>,
    pub scenarios: Vec<(String, usize, usize)>,
}

/// The setup and victory pages of every scenario, on pages whose text area is `width` x `height`
/// mm, counters drawn `counter_mm` across. None for a game without scenarios.
pub(super) fn pages(
    game: &Game,
    plan: &Plan,
    counters: &[PrintedCounter],
    (width, height): (f32, f32),
    counter_mm: f32,
) -> SetupPages {
    let faces = face_index(counters);
    let layout = Layout {
        game,
        plan,
        faces: &faces,
        width,
        counter_mm,
    };
    let mut blocks = Vec::new();
    let mut setups: Vec<(SetupFiles, &Loaded<ScenarioFile>)> = Vec::new();
    let mut victories: Vec<(FileId, &Loaded<ScenarioFile>)> = Vec::new();
    // Each scenario's name and the index of its first block.
    let mut starts: Vec<(String, usize)> = Vec::new();
    for scenario in &game.scenarios {
        let eff = game.effective(scenario);
        let name = scenario_name(plan, scenario);
        starts.push((name.clone(), blocks.len()));
        blocks.extend(layout.heading(&plan.tx.fill("ui.kit_setup", &[("scenario", &name)])));
        let setup = (eff.setup.0, eff.off_map.0, eff.reinforcements.0);
        match setups.iter().find(|(s, _)| *s == setup) {
            Some((_, earlier)) => blocks.extend(layout.paragraph(
                &plan.tx.fill(
                    "ui.kit_setup_same",
                    &[("scenario", &scenario_name(plan, earlier))],
                ),
                0.0,
            )),
            None => {
                let groups = layout.setup_blocks(&eff);
                if groups.is_empty() {
                    blocks.extend(layout.paragraph(&plan.tx.get("ui.kit_setup_none"), 0.0));
                }
                blocks.extend(groups);
                setups.push((setup, scenario));
            }
        }
        blocks.extend(layout.heading(&plan.tx.fill("ui.kit_victory", &[("scenario", &name)])));
        match eff.victory {
            None => blocks.extend(layout.paragraph(&plan.tx.get("ui.kit_victory_none"), 0.0)),
            Some((file, _)) if victories.iter().any(|(f, _)| *f == file) => {
                let earlier = victories
                    .iter()
                    .find(|(f, _)| *f == file)
                    .map_or(name.clone(), |(_, s)| scenario_name(plan, s));
                blocks.extend(
                    layout.paragraph(
                        &plan
                            .tx
                            .fill("ui.kit_victory_same", &[("scenario", &earlier)]),
                        0.0,
                    ),
                );
            }
            Some((file, victory)) => {
                // The catalog keys of a victory are those of the scenario that defines it.
                let id = game
                    .scenarios
                    .iter()
                    .find(|s| s.file == file)
                    .map_or(scenario.scenario.id.as_str(), |s| s.scenario.id.as_str());
                for sentence in victory_sentences(game, plan, id, victory) {
                    blocks.extend(layout.paragraph(&sentence, 1.5));
                }
                victories.push((file, scenario));
            }
        }
    }
    let count = blocks.len();
    let (pages, page_of) = paginate(blocks, height);
    // A scenario's blocks run up to the next scenario's first.
    let ends: Vec<usize> = starts
        .iter()
        .skip(1)
        .map(|(_, b)| *b)
        .chain([count])
        .collect();
    let scenarios = starts
        .into_iter()
        .zip(ends)
        .filter_map(|((name, first), end)| {
            Some((
                name,
                *page_of.get(first)?,
                *page_of.get(end.checked_sub(1)?)?,
            ))
        })
        .collect();
    SetupPages { pages, scenarios }
}

/// A scenario's name in the module's language.
fn scenario_name(plan: &Plan, s: &Loaded<ScenarioFile>) -> String {
    plan.tx
        .get(&format!("scenarios.{}", s.scenario.id.as_str()))
}

/// Where each module image is among the kit's counters.
fn face_index(counters: &[PrintedCounter]) -> BTreeMap<&str, Face> {
    let mut index = BTreeMap::new();
    for (counter, c) in counters.iter().enumerate() {
        index.entry(c.images.0.as_str()).or_insert(Face {
            counter,
            back: false,
        });
        if let Some(back) = &c.images.1 {
            index.entry(back.as_str()).or_insert(Face {
                counter,
                back: true,
            });
        }
    }
    index
}

/// One unit of a setup group: the face it starts on.
struct Unit<'g> {
    id: &'g str,
    face: &'g str,
}

/// What the pages are laid out with.
struct Layout<'a> {
    game: &'a Game,
    plan: &'a Plan,
    faces: &'a BTreeMap<&'a str, Face>,
    width: f32,
    counter_mm: f32,
}

impl Layout<'_> {
    fn wrap(&self, text: &str, width: f32, size: f32, weight: Weight) -> Vec<String> {
        wrap_measured(text, width, |l| text_width(l, size, weight))
    }

    /// Lines of text as blocks of one line each (a page may break between them).
    fn lines(
        &self,
        text: &str,
        (x, width): (f32, f32),
        (size, weight, color): (f32, Weight, Color),
        (gap, keep_with_next): (f32, bool),
    ) -> Vec<Block> {
        self.wrap(text, width, size, weight)
            .into_iter()
            .enumerate()
            .map(|(n, line)| Block {
                height: size * LEADING,
                gap: if n == 0 { gap } else { 0.0 },
                keep_with_next,
                marks: vec![Mark::Text {
                    text: line,
                    at: (x, size),
                    size,
                    weight,
                    color,
                }],
            })
            .collect()
    }

    fn heading(&self, text: &str) -> Vec<Block> {
        self.lines(
            text,
            (0.0, self.width),
            (HEADING_MM, Weight::Bold, Color::BLACK),
            (HEADING_GAP_MM, true),
        )
    }

    fn paragraph(&self, text: &str, gap: f32) -> Vec<Block> {
        self.lines(
            text,
            (0.0, self.width),
            (BODY_MM, Weight::Regular, Color::BLACK),
            (gap, false),
        )
    }

    /// The groups of a scenario's setup: units on each hex (in the order the data first names the
    /// hex), in each off-map box, then each turn's arrivals with where they enter.
    fn setup_blocks(&self, eff: &Effective<'_>) -> Vec<Block> {
        let grid = &self.game.map.grid;
        let mut groups: Vec<Group> = Vec::new();
        for p in eff.setup.1 {
            let hex = grid.parse(&p.hex);
            let number = hex.map_or(p.hex.value.clone(), |h| grid.label(h));
            let city = self
                .game
                .map
                .cities
                .iter()
                .find(|c| hex.is_some() && grid.parse(&c.hex) == hex);
            let label = match city {
                Some(c) => format!(
                    "{number} {}",
                    self.plan.tx.get(&format!("cities.{}", c.hex.as_str()))
                ),
                None => number,
            };
            push_unit(&mut groups, label, p.unit.as_str(), p.face.as_str());
        }
        for o in eff.off_map.1 {
            push_unit(
                &mut groups,
                self.plan.off_map_region(o),
                o.unit.as_str(),
                o.face.as_str(),
            );
        }
        let mut turns: BTreeMap<u32, Vec<&crate::concept::game::Reinforcement>> = BTreeMap::new();
        for r in eff.reinforcements.1 {
            turns.entry(r.turn.value).or_default().push(r);
        }
        let separator = self.plan.tx.get("ui.kit_list_separator");
        for (turn, arrivals) in &turns {
            let label = self.plan.turn_region(*turn);
            for r in arrivals {
                push_unit(&mut groups, label.clone(), r.unit.as_str(), r.face.as_str());
            }
            // Where they enter, once per text: the units that share it named together.
            let mut entries: Vec<(String, Vec<String>)> = Vec::new();
            for r in arrivals {
                let text = self.plan.tx.get(&format!("arrivals.{}", r.unit.as_str()));
                let name = crate::concept::units::module::unit_name(self.plan, r.unit.as_str());
                match entries.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, names)) => names.push(name),
                    None => entries.push((text, vec![name])),
                }
            }
            if let Some(group) = groups.iter_mut().find(|g| g.label == label) {
                group.notes = entries
                    .into_iter()
                    .map(|(text, names)| {
                        self.plan.tx.fill(
                            "ui.kit_setup_arrives",
                            &[("units", &names.join(&separator)), ("where", &text)],
                        )
                    })
                    .collect();
            }
        }
        let mut blocks = Vec::new();
        let mut small: Vec<&Group> = Vec::new();
        for group in &groups {
            if group.units.len() <= SMALL_GROUP && group.notes.is_empty() {
                small.push(group);
                continue;
            }
            blocks.extend(self.packed(&std::mem::take(&mut small)));
            blocks.extend(self.wide(group));
        }
        blocks.extend(self.packed(&small));
        blocks
    }

    /// Small groups side by side, [`COLUMNS`] to a row: in each slot the group's label, then its
    /// units one under the other. Each row is a block.
    fn packed(&self, groups: &[&Group]) -> Vec<Block> {
        let column = self.width / COLUMNS as f32;
        groups
            .chunks(COLUMNS)
            .map(|row| {
                let mut marks = vec![group_rule(self.width)];
                let mut height: f32 = 0.0;
                for (n, group) in row.iter().enumerate() {
                    let x = n as f32 * column;
                    let mut y = 0.0;
                    for line in self.wrap(&group.label, column - 2.0, LABEL_MM, Weight::Bold) {
                        marks.push(label_mark(line, (x, y)));
                        y += LABEL_MM * LEADING;
                    }
                    for unit in &group.units {
                        y += ROW_GAP_MM;
                        y += self.unit_cell(unit, (x, y), column - 2.0, &mut marks);
                    }
                    height = height.max(y);
                }
                Block {
                    height,
                    gap: GROUP_GAP_MM,
                    keep_with_next: false,
                    marks,
                }
            })
            .collect()
    }

    /// A large group across the page: its label, its units in rows of [`COLUMNS`] cells, then its
    /// notes (where reinforcements enter). Each row is a block (a long group continues on the next
    /// page), the label kept with the first.
    fn wide(&self, group: &Group) -> Vec<Block> {
        let column = self.width / COLUMNS as f32;
        let mut blocks: Vec<Block> = self
            .wrap(&group.label, self.width, LABEL_MM, Weight::Bold)
            .into_iter()
            .enumerate()
            .map(|(n, line)| {
                let mut marks = vec![label_mark(line, (0.0, 0.0))];
                if n == 0 {
                    marks.push(group_rule(self.width));
                }
                Block {
                    height: LABEL_MM * LEADING,
                    gap: if n == 0 { GROUP_GAP_MM } else { 0.0 },
                    keep_with_next: true,
                    marks,
                }
            })
            .collect();
        for row in group.units.chunks(COLUMNS) {
            let mut marks = Vec::new();
            let mut height: f32 = 0.0;
            for (n, unit) in row.iter().enumerate() {
                let x = n as f32 * column;
                height = height.max(self.unit_cell(unit, (x, 0.0), column - 2.0, &mut marks));
            }
            blocks.push(Block {
                height,
                gap: ROW_GAP_MM,
                keep_with_next: false,
                marks,
            });
        }
        for note in &group.notes {
            blocks.extend(self.lines(
                note,
                (0.0, self.width),
                (NAME_MM, Weight::Regular, NOTE_COLOUR),
                (ROW_GAP_MM, false),
            ));
        }
        blocks
    }

    /// A unit's counter at `(x, y)` with its name beside it, wrapped to the cell's `width`; the
    /// height it takes.
    fn unit_cell(&self, unit: &Unit, (x, y): (f32, f32), width: f32, marks: &mut Vec<Mark>) -> f32 {
        if let Some(face) = self
            .plan
            .unit_images
            .get(&(unit.id.to_string(), unit.face.to_string()))
            .and_then(|image| self.faces.get(image.as_str()))
        {
            marks.push(Mark::Counter {
                face: *face,
                rect: (x, y, self.counter_mm, self.counter_mm),
            });
        }
        let name_x = x + self.counter_mm + COUNTER_GAP_MM;
        let lines = self.wrap(
            &self.unit_label(unit),
            width - self.counter_mm - COUNTER_GAP_MM,
            NAME_MM,
            Weight::Regular,
        );
        let height = (lines.len() as f32 * NAME_MM * LEADING).max(self.counter_mm);
        for (n, line) in lines.into_iter().enumerate() {
            marks.push(Mark::Text {
                text: line,
                at: (name_x, y + NAME_MM + n as f32 * NAME_MM * LEADING),
                size: NAME_MM,
                weight: Weight::Regular,
                color: Color::BLACK,
            });
        }
        height
    }

    /// A unit's name, with the face it starts on when that is not its first face (a reduced unit).
    fn unit_label(&self, unit: &Unit) -> String {
        let name = crate::concept::units::module::unit_name(self.plan, unit.id);
        let first = self.plan.unit(self.game, unit.id).and_then(|u| {
            self.game
                .counters
                .faces_of(u)
                .first()
                .map(|f| f.to_string())
        });
        if first.as_deref() == Some(unit.face) || first.is_none() {
            name
        } else {
            let face = self.plan.tx.get(&format!("faces.{}", unit.face));
            format!("{name} ({face})")
        }
    }
}

/// The units that start in one place (a hex, a box, a turn of arrival), under its label.
struct Group<'g> {
    label: String,
    units: Vec<Unit<'g>>,
    /// Sentences printed under the group (where a turn's reinforcements enter).
    notes: Vec<String>,
}

/// Add a unit to the group labelled `label`, made at its first unit.
fn push_unit<'g>(groups: &mut Vec<Group<'g>>, label: String, id: &'g str, face: &'g str) {
    let unit = Unit { id, face };
    match groups.iter_mut().find(|g| g.label == label) {
        Some(g) => g.units.push(unit),
        None => groups.push(Group {
            label,
            units: vec![unit],
            notes: Vec::new(),
        }),
    }
}

/// A group's label line, its baseline one letter below `(x, top)`.
fn label_mark(text: String, (x, top): (f32, f32)) -> Mark {
    Mark::Text {
        text,
        at: (x, top + LABEL_MM),
        size: LABEL_MM,
        weight: Weight::Bold,
        color: Color::BLACK,
    }
}

/// The thin line across the page above a row of groups (dropped at the top of a page).
fn group_rule(width: f32) -> Mark {
    Mark::Rule {
        from: (0.0, -GROUP_GAP_MM / 2.0),
        to: (width, -GROUP_GAP_MM / 2.0),
    }
}

/// A victory's sentences in the module's language, from the same catalog texts the module's
/// Victory button reports (`victory.<scenario>-<n>`, `vp_terms`, `vp_results`): when it is
/// judged, each condition with the hexes it needs, what happens otherwise, then the victory
/// points, their terms and thresholds.
fn victory_sentences(game: &Game, plan: &Plan, id: &str, v: &Victory) -> Vec<String> {
    let tx = &plan.tx;
    let separator = tx.get("ui.kit_list_separator");
    let rule = v.rule.as_deref().map_or("", |r| r.as_str());
    let side = |s: &str| tx.get(&format!("sides.{s}"));
    let hexes = |list: &[crate::model::spanned::Sp<String>]| {
        list.iter()
            .map(|h| hex_name(game, plan, h.as_str()))
            .collect::<Vec<_>>()
            .join(&separator)
    };
    let mut out = vec![tx.fill(
        "ui.kit_victory_when",
        &[
            ("when", &tx.get(&format!("kit_victory_when.{id}"))),
            ("rule", rule),
        ],
    )];
    for (i, c) in v.conditions.iter().enumerate() {
        let result = tx.get(&format!("victory.{id}-{}", i + 1));
        let key = match (c.control_all.is_empty(), c.control_any.is_empty()) {
            (false, true) => "ui.kit_victory_control_all",
            (false, false) => "ui.kit_victory_control_all_any",
            (true, _) => "ui.kit_victory_control_any",
        };
        out.push(format!(
            "• {}",
            tx.fill(
                key,
                &[
                    ("result", &result),
                    ("side", &side(c.winner.as_str())),
                    ("hexes", &hexes(&c.control_all)),
                    ("count", &c.at_least.to_string()),
                    ("any", &hexes(&c.control_any)),
                ],
            )
        ));
    }
    if let Some(vp) = &v.points {
        let vp_rule = vp.rule.as_deref().map_or("", |r| r.as_str());
        out.push(tx.fill(
            "ui.kit_victory_points",
            &[("side", &side(vp.side.as_str())), ("rule", vp_rule)],
        ));
        for (i, t) in vp.terms.iter().enumerate() {
            let name = tx.get(&format!("vp_terms.{id}-{}", i + 1));
            let mut line = format!("• {}", term_sentence(plan, &name, t));
            if !t.condition.is_empty() {
                let condition = tx.get(&format!("vp_conditions.{id}-{}", i + 1));
                line.push_str(&tx.fill("ui.points_condition", &[("conditions", &condition)]));
            }
            out.push(line);
        }
        if vp.terms.iter().any(|t| t.loss) {
            let key = match vp.rounding() {
                LossRounding::Up => Some("ui.kit_vp_losses_up"),
                LossRounding::Down => Some("ui.kit_vp_losses_down"),
                LossRounding::None => None,
            };
            out.extend(key.map(|k| tx.get(k)));
        }
        for (i, th) in vp.thresholds.iter().enumerate() {
            let result = tx.get(&format!("vp_results.{id}-{}", i + 1));
            let least = th.at_least.as_ref().map(|n| n.value.to_string());
            let most = th.at_most.as_ref().map(|n| n.value.to_string());
            let (key, values) = match (least, most) {
                (Some(l), Some(m)) => ("ui.kit_vp_between", vec![("at_least", l), ("at_most", m)]),
                (Some(l), None) => ("ui.kit_vp_at_least", vec![("at_least", l)]),
                (None, Some(m)) => ("ui.kit_vp_at_most", vec![("at_most", m)]),
                (None, None) => ("ui.kit_vp_any", vec![]),
            };
            let mut values: Vec<(&str, &str)> =
                values.iter().map(|(k, v)| (*k, v.as_str())).collect();
            values.push(("result", &result));
            out.push(format!("• {}", tx.fill(key, &values)));
        }
    }
    out.push(tx.fill(
        "ui.kit_victory_otherwise",
        &[("result", &tx.get(&format!("victory.{id}-otherwise")))],
    ));
    out
}

/// A hex as players find it: its number, with the city's name when it is one.
fn hex_name(game: &Game, plan: &Plan, hex: &str) -> String {
    match game.map.cities.iter().find(|c| c.hex.as_str() == hex) {
        Some(c) => format!(
            "{hex} ({})",
            plan.tx.get(&format!("cities.{}", c.hex.as_str()))
        ),
        None => hex.to_string(),
    }
}

/// A victory-point term: its points per thing counted, or its bands, lost or gained.
fn term_sentence(plan: &Plan, name: &str, t: &VpTerm) -> String {
    let tx = &plan.tx;
    let sign = if t.loss { "−" } else { "+" };
    let points = |p: f64| format!("{sign}{}", number(p));
    if !t.bands.is_empty() {
        let bands: Vec<String> = t
            .bands
            .iter()
            .map(|b| {
                tx.fill(
                    "ui.kit_vp_band",
                    &[
                        ("at_least", &b.at_least.value.to_string()),
                        ("points", &points(b.points)),
                    ],
                )
            })
            .collect();
        return tx.fill(
            "ui.kit_vp_bands",
            &[
                ("name", name),
                ("bands", &bands.join(&tx.get("ui.kit_list_separator"))),
            ],
        );
    }
    if t.per <= 1 {
        tx.fill(
            "ui.kit_vp_each",
            &[("name", name), ("points", &points(t.points))],
        )
    } else {
        tx.fill(
            "ui.kit_vp_per",
            &[
                ("name", name),
                ("points", &points(t.points)),
                ("per", &t.per.to_string()),
            ],
        )
    }
}

/// A number of points as printed: `1`, `0.5`.
fn number(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p}")
    }
}

/// The blocks split into pages of `height` mm, each block's marks moved to its place. A heading
/// never ends a page.
fn paginate(blocks: Vec<Block>, height: f32) -> (Vec<Vec<Mark>>, Vec<usize>) {
    let mut pages: Vec<Vec<Block>> = Vec::new();
    let mut page: Vec<Block> = Vec::new();
    // The page of each block, by its index in `blocks`.
    let mut page_of: Vec<usize> = Vec::with_capacity(blocks.len());
    let extent = |page: &[Block]| -> f32 {
        page.iter()
            .enumerate()
            .map(|(n, b)| if n == 0 { 0.0 } else { b.gap } + b.height)
            .sum()
    };
    for block in blocks {
        if !page.is_empty() && extent(&page) + block.gap + block.height > height {
            let kept = page
                .iter()
                .rposition(|b| !b.keep_with_next)
                .map_or(page.len(), |last| last + 1);
            let carried = page.split_off(kept);
            if !page.is_empty() {
                pages.push(std::mem::take(&mut page));
            }
            // The headings carried over go on the next page.
            let carried_from = page_of.len() - carried.len();
            for p in &mut page_of[carried_from..] {
                *p = pages.len();
            }
            page = carried;
        }
        page_of.push(pages.len());
        page.push(block);
    }
    if !page.is_empty() {
        pages.push(page);
    }
    let pages = pages
        .into_iter()
        .map(|page| {
            let mut y = 0.0;
            let mut marks = Vec::new();
            for (n, block) in page.into_iter().enumerate() {
                if n > 0 {
                    y += block.gap;
                }
                marks.extend(
                    block
                        .marks
                        .into_iter()
                        .filter_map(|m| shifted(m, y, n == 0)),
                );
                y += block.height;
            }
            marks
        })
        .collect();
    (pages, page_of)
}

/// A mark moved down by `dy`; a group's line above it is dropped at the top of a page.
fn shifted(mark: Mark, dy: f32, first: bool) -> Option<Mark> {
    Some(match mark {
        Mark::Text {
            text,
            at,
            size,
            weight,
            color,
        } => Mark::Text {
            text,
            at: (at.0, at.1 + dy),
            size,
            weight,
            color,
        },
        Mark::Counter { face, rect } => Mark::Counter {
            face,
            rect: (rect.0, rect.1 + dy, rect.2, rect.3),
        },
        Mark::Rule { .. } if first => return None,
        Mark::Rule { from, to } => Mark::Rule {
            from: (from.0, from.1 + dy),
            to: (to.0, to.1 + dy),
        },
    })
}

/// The colour of the line above each group, for `kit` to draw.
pub(super) const GROUP_RULE_COLOUR: Color = RULE_COLOUR;

#[cfg(test)]
mod tests {
    use super::*;

    fn text_block(text: &str, heading: bool) -> Block {
        Block {
            height: 5.0,
            gap: 1.0,
            keep_with_next: heading,
            marks: vec![Mark::Text {
                text: text.into(),
                at: (0.0, 4.0),
                size: 4.0,
                weight: Weight::Regular,
                color: Color::BLACK,
            }],
        }
    }

    fn texts(pages: &[Vec<Mark>]) -> Vec<Vec<String>> {
        pages
            .iter()
            .map(|p| {
                p.iter()
                    .filter_map(|m| match m {
                        Mark::Text { text, .. } => Some(text.clone()),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_heading_moves_to_the_page_of_what_it_heads() {
        // Room for three blocks (5 + 6 + 6 = 17 mm): the heading would end the first page.
        let blocks = vec![
            text_block("a", false),
            text_block("b", false),
            text_block("Setup", true),
            text_block("c", false),
        ];
        let (pages, page_of) = paginate(blocks, 17.5);
        assert_eq!(texts(&pages), [vec!["a", "b"], vec!["Setup", "c"]]);
        // The heading is numbered with the page it moved to.
        assert_eq!(page_of, [0, 0, 1, 1]);
        // The first block of a page starts at the top: no gap above it.
        assert_eq!(
            pages[1][0],
            Mark::Text {
                text: "Setup".into(),
                at: (0.0, 4.0),
                size: 4.0,
                weight: Weight::Regular,
                color: Color::BLACK
            }
        );
    }
}
