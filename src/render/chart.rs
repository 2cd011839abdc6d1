//! Charts: a generic table ([`TableChart`], for the CRT and the terrain effects chart) and a turn track
//! ([`TurnTrackArt`]: one box per turn with its date, weather and arrivals).
//!
//! Sizes follow the text: column widths are measured, long cells wrap at `max_column_width`, notes wrap
//! to the table's width.

use super::canvas::{encode, fill_rect, new_pixmap, stroke_rect, Color, RenderError};
use super::line_look::{draw_line_look, LineLook};
use super::lines;
use super::text::{self, Align, Fonts, TextStyle};
use tiny_skia::Pixmap;

const MARGIN: f32 = 10.0;
const GRID: Color = Color::rgb(0x40, 0x40, 0x40);

/// A table with a header row, optional per-cell backgrounds and footnotes.
#[derive(Debug, Clone)]
pub struct TableChart {
    pub title: String,
    pub header: Vec<String>,
    /// Rows of cells; rows may be shorter than the header (missing cells are blank). A cell may hold
    /// `\n` for several lines.
    pub rows: Vec<Vec<String>>,
    /// Background per cell, `cell_colors[row][column]`, same shape as `rows` (missing = none).
    pub cell_colors: Vec<Vec<Option<Color>>>,
    /// A sample of a line per row (missing = none), drawn in the first cell before its text: the
    /// terrain effects chart shows each line feature as the map draws it.
    pub row_lines: Vec<Option<LineLook>>,
    /// Footnotes under the table, one paragraph each (wrapped to the table width).
    pub notes: Vec<String>,
    /// Body text size in pixels.
    pub font_size: f32,
    /// Cells wider than this (in pixels, text only) wrap onto several lines.
    pub max_column_width: Option<f32>,
    /// Alignment of body cells per column (missing: first column left, others centred).
    pub align: Vec<Align>,
    pub background: Color,
    pub header_background: Color,
    pub fonts: Fonts,
}

impl Default for TableChart {
    fn default() -> TableChart {
        TableChart {
            title: String::new(),
            header: Vec::new(),
            rows: Vec::new(),
            cell_colors: Vec::new(),
            row_lines: Vec::new(),
            notes: Vec::new(),
            font_size: 14.0,
            max_column_width: None,
            align: Vec::new(),
            background: Color::WHITE,
            header_background: Color::rgb(0xd8, 0xd8, 0xd8),
            fonts: Fonts::default(),
        }
    }
}

struct Cell {
    lines: Vec<String>,
}

fn lines_of(text: &str, style: &TextStyle, max_width: Option<f32>) -> Vec<String> {
    match max_width {
        Some(w) if w > 0.0 => lines::wrap(text, style, w),
        _ => text.split('\n').map(str::to_string).collect(),
    }
}

fn widest(lines: &[String], style: &TextStyle) -> f32 {
    lines
        .iter()
        .map(|l| text::text_width(l, style))
        .fold(0.0, f32::max)
}

fn font_size_ok(size: f32) -> Result<f32, RenderError> {
    if (1.0..=500.0).contains(&size) {
        Ok(size)
    } else {
        Err(RenderError::BadSize {
            what: "chart text",
            width: size.max(0.0) as u32,
            height: size.max(0.0) as u32,
        })
    }
}

fn image_edge(v: f32) -> u32 {
    if v.is_finite() && v > 0.0 {
        v.ceil().min(u32::MAX as f32) as u32
    } else {
        0
    }
}

/// Render a table to PNG.
pub fn render_table(chart: &TableChart) -> Result<Vec<u8>, RenderError> {
    encode(draw_table(chart)?)
}

/// A table's styles and measures, taken from its text before anything is drawn.
struct TableLayout {
    fs: f32,
    body: TextStyle,
    head: TextStyle,
    title_style: TextStyle,
    note_style: TextStyle,
    line_h: f32,
    pad_x: f32,
    /// The first column's room for line samples.
    sample_w: f32,
    ncols: usize,
    header: Vec<Cell>,
    rows: Vec<Vec<Cell>>,
    col_w: Vec<f32>,
    has_header: bool,
    header_h: f32,
    row_hs: Vec<f32>,
    table_w: f32,
    table_h: f32,
    note_lines: Vec<String>,
    note_line_h: f32,
    content_w: f32,
    title_h: f32,
    notes_h: f32,
}

/// The header and body cells, wrapped, every row as wide as the widest.
fn table_cells(
    chart: &TableChart,
    head: &TextStyle,
    body: &TextStyle,
) -> (usize, Vec<Cell>, Vec<Vec<Cell>>) {
    let ncols = chart
        .rows
        .iter()
        .map(Vec::len)
        .chain([chart.header.len()])
        .max()
        .unwrap_or(0);
    let header: Vec<Cell> = (0..ncols)
        .map(|c| Cell {
            lines: lines_of(
                chart.header.get(c).map(String::as_str).unwrap_or(""),
                head,
                chart.max_column_width,
            ),
        })
        .collect();
    let rows: Vec<Vec<Cell>> = chart
        .rows
        .iter()
        .map(|row| {
            (0..ncols)
                .map(|c| Cell {
                    lines: lines_of(
                        row.get(c).map(String::as_str).unwrap_or(""),
                        body,
                        chart.max_column_width,
                    ),
                })
                .collect()
        })
        .collect();
    (ncols, header, rows)
}

/// The room a row's line sample takes in the first column, with its gap to the text (0 when no
/// row has one).
fn sample_width(chart: &TableChart, fs: f32, pad_x: f32) -> f32 {
    if chart.row_lines.iter().any(Option::is_some) {
        (fs * 2.6).round() + pad_x
    } else {
        0.0
    }
}

fn layout_table(chart: &TableChart) -> Result<TableLayout, RenderError> {
    let fs = font_size_ok(chart.font_size)?;
    let fonts = &chart.fonts;
    let body = fonts.regular(fs, Color::BLACK);
    let head = fonts.bold(fs, Color::BLACK);
    let title_style = fonts.bold(fs * 1.3, Color::BLACK);
    let note_style = fonts.regular(text::legible(fs * 0.85), Color::rgb(0x20, 0x20, 0x20));
    let line_h = (fs * 1.3).round();
    let (pad_x, pad_y) = ((fs * 0.6).round(), (fs * 0.35).round());
    let (ncols, header, rows) = table_cells(chart, &head, &body);

    let sample_w = sample_width(chart, fs, pad_x);
    let mut col_w = vec![0.0f32; ncols];
    for (c, w) in col_w.iter_mut().enumerate() {
        let mut m = widest(&header[c].lines, &head);
        for row in &rows {
            m = m.max(widest(&row[c].lines, &body));
        }
        let sample = if c == 0 { sample_w } else { 0.0 };
        *w = (m + 2.0 * pad_x + sample).ceil().max(fs * 1.5);
    }
    let row_h = |cells: &[Cell]| {
        let n = cells
            .iter()
            .map(|c| c.lines.len())
            .max()
            .unwrap_or(1)
            .max(1);
        n as f32 * line_h + 2.0 * pad_y
    };
    let has_header = chart.header.iter().any(|h| !h.is_empty());
    let header_h = if has_header { row_h(&header) } else { 0.0 };
    let row_hs: Vec<f32> = rows.iter().map(|r| row_h(r)).collect();
    let table_w: f32 = col_w.iter().sum();
    let table_h: f32 = header_h + row_hs.iter().sum::<f32>();

    let title_w = text::text_width(&chart.title, &title_style);
    let note_w = table_w.max(360.0);
    let note_lines: Vec<String> = chart
        .notes
        .iter()
        .flat_map(|n| lines::wrap(n, &note_style, note_w))
        .collect();
    let note_line_h = (note_style.size * 1.3).round();
    let content_w = table_w
        .max(title_w)
        .max(widest(&note_lines, &note_style))
        .max(40.0);
    let title_h = if chart.title.is_empty() {
        0.0
    } else {
        (fs * 1.3 * 1.6).round()
    };
    let notes_h = if note_lines.is_empty() {
        0.0
    } else {
        fs * 0.6 + note_lines.len() as f32 * note_line_h
    };
    Ok(TableLayout {
        fs,
        body,
        head,
        title_style,
        note_style,
        line_h,
        pad_x,
        sample_w,
        ncols,
        header,
        rows,
        col_w,
        has_header,
        header_h,
        row_hs,
        table_w,
        table_h,
        note_lines,
        note_line_h,
        content_w,
        title_h,
        notes_h,
    })
}

/// Render a table to a pixmap.
pub fn draw_table(chart: &TableChart) -> Result<Pixmap, RenderError> {
    let l = layout_table(chart)?;
    let width = image_edge(l.content_w + 2.0 * MARGIN);
    let height = image_edge(MARGIN * 2.0 + l.title_h + l.table_h + l.notes_h);
    let mut p = new_pixmap("chart", width, height, chart.background)?;

    // Title.
    let mut y = MARGIN;
    if !chart.title.is_empty() {
        let baseline = y + l.title_h * 0.7;
        text::draw_text(
            &mut p,
            &chart.title,
            &l.title_style,
            MARGIN,
            baseline,
            Align::Left,
        );
        y += l.title_h;
    }

    // Table.
    let x0 = MARGIN + ((l.content_w - l.table_w) / 2.0).floor();
    draw_table_cells(&mut p, chart, &l, x0, y);
    draw_table_grid(&mut p, &l, x0, y);

    // Notes.
    let mut ny = y + l.table_h + l.fs * 0.6;
    for line in &l.note_lines {
        ny += l.note_line_h;
        text::draw_text(
            &mut p,
            line,
            &l.note_style,
            MARGIN,
            ny - l.note_line_h * 0.25,
            Align::Left,
        );
    }
    Ok(p)
}

/// The header and body cells, with their backgrounds, the table's top left corner at (`x0`, `y`).
fn draw_table_cells(p: &mut Pixmap, chart: &TableChart, l: &TableLayout, x0: f32, y: f32) {
    let (line_h, pad_x) = (l.line_h, l.pad_x);
    let cap = text::measure("", &l.body).cap_height;
    let draw_cell =
        |p: &mut Pixmap, cell: &Cell, style: &TextStyle, x: f32, y: f32, w: f32, h: f32, a| {
            let n = cell.lines.len() as f32;
            let first = y + (h - n * line_h) / 2.0 + line_h / 2.0 + cap / 2.0;
            for (i, line) in cell.lines.iter().enumerate() {
                let tx = match a {
                    Align::Left => x + pad_x,
                    Align::Centre => x + w / 2.0,
                    Align::Right => x + w - pad_x,
                };
                text::draw_text(p, line, style, tx, first + i as f32 * line_h, a);
            }
        };
    let col_w = &l.col_w;
    if l.has_header {
        fill_rect(p, x0, y, l.table_w, l.header_h, chart.header_background);
        let mut x = x0;
        for (c, cell) in l.header.iter().enumerate() {
            draw_cell(p, cell, &l.head, x, y, col_w[c], l.header_h, Align::Centre);
            x += col_w[c];
        }
    }
    let mut ry = y + l.header_h;
    for (r, row) in l.rows.iter().enumerate() {
        let mut x = x0;
        for (c, cell) in row.iter().enumerate() {
            let bg = chart
                .cell_colors
                .get(r)
                .and_then(|row| row.get(c))
                .copied()
                .flatten();
            if let Some(bg) = bg {
                fill_rect(p, x, ry, col_w[c], l.row_hs[r], bg);
            }
            let a = chart.align.get(c).copied().unwrap_or(if c == 0 {
                Align::Left
            } else {
                Align::Centre
            });
            let style = l
                .body
                .with_color(bg.unwrap_or(chart.background).contrasting());
            let sample = if c == 0 { l.sample_w } else { 0.0 };
            if let (true, Some(Some(look))) = (c == 0, chart.row_lines.get(r)) {
                let mid = ry + l.row_hs[r] / 2.0;
                let (from, to) = (x + pad_x, x + pad_x + sample - pad_x);
                draw_line_look(p, &[(from, mid), (to, mid)], look);
            }
            draw_cell(
                p,
                cell,
                &style,
                x + sample,
                ry,
                col_w[c] - sample,
                l.row_hs[r],
                a,
            );
            x += col_w[c];
        }
        ry += l.row_hs[r];
    }
}

/// Grid: inner lines thin, outline and the line under the header thicker.
fn draw_table_grid(p: &mut Pixmap, l: &TableLayout, x0: f32, y: f32) {
    let ncols = l.ncols;
    if ncols > 0 {
        let mut x = x0;
        for w in &l.col_w[..ncols - 1] {
            x += w;
            fill_rect(p, x - 0.5, y, 1.0, l.table_h, GRID);
        }
        let mut yy = y + l.header_h;
        for h in &l.row_hs[..l.row_hs.len().saturating_sub(1)] {
            yy += h;
            fill_rect(p, x0, yy - 0.5, l.table_w, 1.0, GRID);
        }
        if l.has_header {
            fill_rect(p, x0, y + l.header_h - 1.0, l.table_w, 2.0, GRID);
        }
        stroke_rect(p, x0, y, l.table_w, l.table_h, GRID, 2.0);
    }
}

/// One box of the turn track.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TurnBox {
    /// Printed large: `1`.
    pub number: String,
    /// Date or other label: `Oct I 41`.
    pub label: String,
    /// Box background (weather); `None` for the track's background.
    pub fill: Option<Color>,
    /// Short emphasised word under the label: `Mud`. May be empty.
    pub tag: String,
    /// Small text at the bottom of the box (replacements, reinforcements), wrapped to the box.
    pub lines: Vec<String>,
}

/// A turn track: boxes in rows.
#[derive(Debug, Clone)]
pub struct TurnTrackArt {
    pub title: String,
    pub turns: Vec<TurnBox>,
    /// Boxes per row; 0 puts all boxes in one row.
    pub per_row: usize,
    /// Box width in pixels.
    pub box_width: u32,
    /// Least box height in pixels (e.g. room for a turn marker); boxes grow to fit their text.
    pub min_box_height: u32,
    /// Colour key under the track: `(colour, meaning)`.
    pub legend: Vec<(Color, String)>,
    pub notes: Vec<String>,
    /// Base text size in pixels.
    pub font_size: f32,
    pub background: Color,
    pub fonts: Fonts,
}

impl Default for TurnTrackArt {
    fn default() -> TurnTrackArt {
        TurnTrackArt {
            title: String::new(),
            turns: Vec::new(),
            per_row: 0,
            box_width: 120,
            min_box_height: 110,
            legend: Vec::new(),
            notes: Vec::new(),
            font_size: 13.0,
            background: Color::WHITE,
            fonts: Fonts::default(),
        }
    }
}

/// Render a turn track to PNG.
pub fn render_turn_track(art: &TurnTrackArt) -> Result<Vec<u8>, RenderError> {
    encode(draw_turn_track(art)?)
}

/// A turn track's styles and measures, taken from its text before anything is drawn.
struct TrackLayout {
    fs: f32,
    bw: f32,
    gap: f32,
    pad: f32,
    number_style: TextStyle,
    label_style: TextStyle,
    tag_style: TextStyle,
    small: TextStyle,
    small_h: f32,
    title_style: TextStyle,
    note_style: TextStyle,
    note_h: f32,
    per_row: usize,
    number_h: f32,
    label_h: f32,
    /// Each box's small text, wrapped to the box.
    wrapped: Vec<Vec<String>>,
    box_h: f32,
    track_h: f32,
    title_h: f32,
    note_lines: Vec<String>,
    legend_h: f32,
    notes_h: f32,
    content_w: f32,
}

fn layout_turn_track(art: &TurnTrackArt) -> Result<TrackLayout, RenderError> {
    let fs = font_size_ok(art.font_size)?;
    let fonts = &art.fonts;
    let bw = art.box_width as f32;
    if !(20.0..=4000.0).contains(&bw) {
        return Err(RenderError::BadSize {
            what: "turn box",
            width: art.box_width,
            height: art.min_box_height,
        });
    }
    let gap = (fs * 0.5).round();
    let pad = (fs * 0.45).round();
    let small = fonts.regular(text::legible(fs * 0.8), Color::BLACK);
    let small_h = (small.size * 1.25).round();
    let title_style = fonts.bold(fs * 1.3, Color::BLACK);
    let note_style = fonts.regular(text::legible(fs * 0.85), Color::rgb(0x20, 0x20, 0x20));

    let n = art.turns.len();
    let per_row = if art.per_row == 0 {
        n.max(1)
    } else {
        art.per_row
    };
    let nrows = n.div_ceil(per_row).max(1);
    let cols = per_row.min(n.max(1));

    // Heights of the parts of a box.
    let number_h = (fs * 2.0 * 1.1).round();
    let label_h = (fs * 1.3).round();
    let wrapped: Vec<Vec<String>> = art
        .turns
        .iter()
        .map(|t| {
            t.lines
                .iter()
                .flat_map(|l| lines::wrap(l, &small, bw - 2.0 * pad))
                .collect()
        })
        .collect();
    let box_h = art
        .turns
        .iter()
        .zip(&wrapped)
        .map(|(t, lines)| {
            let tag = if t.tag.is_empty() { 0.0 } else { label_h };
            pad * 2.0 + number_h + label_h + tag + lines.len() as f32 * small_h + pad
        })
        .fold(art.min_box_height as f32, f32::max)
        .ceil();

    let track_w = cols as f32 * bw + (cols as f32 - 1.0) * gap;
    let track_h = nrows as f32 * box_h + (nrows as f32 - 1.0) * gap;
    let title_h = if art.title.is_empty() {
        0.0
    } else {
        (fs * 1.3 * 1.6).round()
    };
    let note_lines: Vec<String> = art
        .notes
        .iter()
        .flat_map(|t| lines::wrap(t, &note_style, track_w.max(300.0)))
        .collect();
    let note_h = (note_style.size * 1.3).round();
    let content_w = track_w
        .max(text::text_width(&art.title, &title_style))
        .max(widest(&note_lines, &note_style));
    Ok(TrackLayout {
        fs,
        bw,
        gap,
        pad,
        number_style: fonts.bold(fs * 2.0, Color::BLACK),
        label_style: fonts.regular(fs, Color::BLACK),
        tag_style: fonts.bold(fs, Color::BLACK),
        small,
        small_h,
        title_style,
        note_style,
        note_h,
        per_row,
        number_h,
        label_h,
        wrapped,
        box_h,
        track_h,
        title_h,
        legend_h: if art.legend.is_empty() { 0.0 } else { fs * 2.0 },
        notes_h: note_lines.len() as f32 * note_h,
        note_lines,
        content_w,
    })
}

/// Render a turn track to a pixmap.
pub fn draw_turn_track(art: &TurnTrackArt) -> Result<Pixmap, RenderError> {
    let l = layout_turn_track(art)?;
    let width = image_edge(l.content_w + 2.0 * MARGIN);
    let height =
        image_edge(2.0 * MARGIN + l.title_h + l.track_h + l.legend_h + l.notes_h + l.fs * 0.5);
    let mut p = new_pixmap("turn track", width, height, art.background)?;

    let mut y = MARGIN;
    if !art.title.is_empty() {
        text::draw_text(
            &mut p,
            &art.title,
            &l.title_style,
            MARGIN,
            y + l.title_h * 0.7,
            Align::Left,
        );
        y += l.title_h;
    }
    for (i, (turn, lines)) in art.turns.iter().zip(&l.wrapped).enumerate() {
        draw_turn_box(&mut p, art, &l, turn, lines, box_corner(&l, i));
    }
    y += l.track_h;

    if !art.legend.is_empty() {
        draw_legend(&mut p, art, &l, y);
        y += l.legend_h;
    }
    for line in &l.note_lines {
        y += l.note_h;
        text::draw_text(&mut p, line, &l.note_style, MARGIN, y, Align::Left);
    }
    Ok(p)
}

/// The top left corner of the `i`th turn box: boxes in rows under the title.
fn box_corner(l: &TrackLayout, i: usize) -> (f32, f32) {
    (
        MARGIN + (i % l.per_row) as f32 * (l.bw + l.gap),
        MARGIN + l.title_h + (i / l.per_row) as f32 * (l.box_h + l.gap),
    )
}

/// Where each turn box of the track lies in its image: (left, top, width, height), in pixels.
pub fn turn_box_rects(art: &TurnTrackArt) -> Result<Vec<(f32, f32, f32, f32)>, RenderError> {
    let l = layout_turn_track(art)?;
    Ok((0..art.turns.len())
        .map(|i| {
            let (x, y) = box_corner(&l, i);
            (x, y, l.bw, l.box_h)
        })
        .collect())
}

/// One turn box, its top left corner at `(bx, by)`: number, label, tag and small text.
fn draw_turn_box(
    p: &mut Pixmap,
    art: &TurnTrackArt,
    l: &TrackLayout,
    turn: &TurnBox,
    lines: &[String],
    (bx, by): (f32, f32),
) {
    let (fs, bw, box_h, pad, label_h, small_h) = (l.fs, l.bw, l.box_h, l.pad, l.label_h, l.small_h);
    let bg = turn.fill.unwrap_or(art.background);
    fill_rect(p, bx, by, bw, box_h, bg);
    stroke_rect(p, bx + 1.0, by + 1.0, bw - 2.0, box_h - 2.0, GRID, 2.0);
    let ink = bg.contrasting();
    let cx = bx + bw / 2.0;
    let mut ty = by + pad;
    let st = text::fitted(
        &turn.number,
        &l.number_style.with_color(ink),
        bw - 2.0 * pad,
        text::LEGIBLE_SIZE,
    );
    text::draw_text(
        p,
        &turn.number,
        &st,
        cx,
        ty + text::measure("", &st).cap_height + fs * 0.3,
        Align::Centre,
    );
    ty += l.number_h;
    let st = text::fitted(
        &turn.label,
        &l.label_style.with_color(ink),
        bw - 2.0 * pad,
        text::LEGIBLE_SIZE,
    );
    ty += label_h;
    text::draw_text(p, &turn.label, &st, cx, ty - label_h * 0.3, Align::Centre);
    if !turn.tag.is_empty() {
        let tag_ink = if turn.fill.is_some() {
            ink
        } else {
            Color::rgb(0x90, 0x10, 0x10)
        };
        let st = text::fitted(
            &turn.tag,
            &l.tag_style.with_color(tag_ink),
            bw - 2.0 * pad,
            text::LEGIBLE_SIZE,
        );
        ty += label_h;
        text::draw_text(p, &turn.tag, &st, cx, ty - label_h * 0.3, Align::Centre);
    }
    ty += pad * 0.5;
    let st = l.small.with_color(ink);
    for line in lines {
        ty += small_h;
        text::draw_text(p, line, &st, bx + pad, ty - small_h * 0.25, Align::Left);
    }
}

/// The colour key under the track, starting at `y`.
fn draw_legend(p: &mut Pixmap, art: &TurnTrackArt, l: &TrackLayout, y: f32) {
    let fs = l.fs;
    let sw = (fs * 1.1).round();
    let mut x = MARGIN;
    let top = y + fs * 0.6;
    for (colour, meaning) in &art.legend {
        fill_rect(p, x, top, sw, sw, *colour);
        stroke_rect(p, x + 0.5, top + 0.5, sw - 1.0, sw - 1.0, GRID, 1.0);
        x += sw + fs * 0.4;
        let cap = text::measure("", &l.label_style).cap_height;
        x += text::draw_text(
            p,
            meaning,
            &l.label_style,
            x,
            top + sw / 2.0 + cap / 2.0,
            Align::Left,
        );
        x += fs * 1.5;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::testutil::*;

    fn crt() -> TableChart {
        let header = ["Die", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"];
        let table = [
            ["1", "AR", "AR", "DR", "DR", "DRL", "DRL", "DE"],
            ["2", "AR", "DR", "DR", "DRL", "DRL", "DE", "DE"],
            ["3", "AL", "AR", "DR", "DR", "DRL", "DRL", "DE"],
            ["4", "AL", "AL", "EX", "DR", "DR", "DRL", "DRL"],
            ["5", "AE", "AL", "AL", "EX", "DR", "DR", "DRL"],
            ["6", "AE", "AE", "AL", "AL", "EX", "EX", "DR"],
        ];
        let attacker = Color::parse("#f4c2c2").unwrap();
        let defender = Color::parse("#c9dbf2").unwrap();
        let exchange = Color::parse("#fff2b3").unwrap();
        TableChart {
            title: "Combat Results Table".into(),
            header: header.iter().map(|s| s.to_string()).collect(),
            rows: table
                .iter()
                .map(|r| r.iter().map(|s| s.to_string()).collect())
                .collect(),
            cell_colors: table
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|s| match s.chars().next() {
                            Some('A') => Some(attacker),
                            Some('D') => Some(defender),
                            Some('E') => Some(exchange),
                            _ => None,
                        })
                        .collect()
                })
                .collect(),
            notes: vec![
                "AE: attacker eliminated. AL: attacker loses one step. AR: attacker retreats. EX: exchange. DR: defender retreats. DRL: defender loses one step and retreats. DE: defender eliminated.".into(),
                "Odds above 6:1 are resolved as 6:1; below 1:2 the attack has no effect.".into(),
            ],
            ..TableChart::default()
        }
    }

    #[test]
    fn table_png_decodes_and_is_deterministic() {
        let chart = crt();
        let png = render_table(&chart).unwrap();
        let p = decode(&png);
        assert!(
            p.width() > 200 && p.height() > 150,
            "{}x{}",
            p.width(),
            p.height()
        );
        assert_eq!(png, render_table(&chart).unwrap());
    }

    #[test]
    fn columns_grow_with_their_text() {
        let narrow = draw_table(&TableChart {
            header: vec!["A".into()],
            rows: vec![vec!["x".into()]],
            ..TableChart::default()
        })
        .unwrap();
        let wide = draw_table(&TableChart {
            header: vec!["A".into()],
            rows: vec![vec!["a much longer cell text than the header".into()]],
            ..TableChart::default()
        })
        .unwrap();
        assert!(wide.width() > narrow.width() + 100);
        let wrapped = draw_table(&TableChart {
            header: vec!["A".into()],
            rows: vec![vec!["a much longer cell text than the header".into()]],
            max_column_width: Some(80.0),
            ..TableChart::default()
        })
        .unwrap();
        assert!(wrapped.height() > wide.height());
    }

    #[test]
    fn cell_colours_fill_their_cells() {
        let chart = TableChart {
            header: vec!["A".into(), "B".into()],
            rows: vec![vec!["".into(), "".into()]],
            cell_colors: vec![vec![None, Some(Color::rgb(200, 10, 10))]],
            ..TableChart::default()
        };
        let p = draw_table(&chart).unwrap();
        // The last row, right column: just inside the bottom-right corner of the table.
        let (w, h) = (p.width(), p.height());
        assert_eq!(rgba(&p, w - 15, h - 15), (200, 10, 10, 255));
    }

    #[test]
    fn odd_tables_do_not_panic() {
        render_table(&TableChart::default()).unwrap();
        render_table(&TableChart {
            title: "モスクワ".into(),
            rows: vec![vec![], vec!["a".into(), "b".into(), "c".into()]],
            cell_colors: vec![vec![Some(Color::BLACK); 9]; 9],
            max_column_width: Some(0.5),
            ..TableChart::default()
        })
        .unwrap();
        assert!(render_table(&TableChart {
            font_size: f32::NAN,
            ..TableChart::default()
        })
        .is_err());
        render_turn_track(&TurnTrackArt::default()).unwrap();
        assert!(render_turn_track(&TurnTrackArt {
            box_width: 0,
            ..TurnTrackArt::default()
        })
        .is_err());
    }

    fn turn_track() -> TurnTrackArt {
        let mud = Color::parse("#c8a46e").unwrap();
        let frost = Color::parse("#dbe9f7").unwrap();
        let dates = [
            "Oct I 41",
            "Oct II 41",
            "Oct III 41",
            "Oct IV 41",
            "Nov I 41",
            "Nov II 41",
            "Dec I 41",
        ];
        let turns = dates
            .iter()
            .enumerate()
            .map(|(i, d)| TurnBox {
                number: (i + 1).to_string(),
                label: d.to_string(),
                fill: match i {
                    2 | 3 => Some(mud),
                    5 | 6 => Some(frost),
                    _ => None,
                },
                tag: match i {
                    2 | 3 => "Mud".into(),
                    5 | 6 => "Frost".into(),
                    _ => String::new(),
                },
                lines: match i {
                    0 => vec!["Germans move first".into()],
                    1 => vec![
                        "Soviet replacements: 5".into(),
                        "Reinforcements: 1st Shock, 5, 10, 16".into(),
                    ],
                    _ => vec!["Soviet replacements: 5".into()],
                },
            })
            .collect();
        TurnTrackArt {
            title: "Turn Record Track".into(),
            turns,
            legend: vec![(mud, "Mud".into()), (frost, "Frost".into())],
            notes: vec!["Replacements are taken in the replacement phase (rule 8).".into()],
            ..TurnTrackArt::default()
        }
    }

    #[test]
    fn turn_track_renders_boxes_with_their_weather() {
        let art = turn_track();
        let png = render_turn_track(&art).unwrap();
        assert_eq!(png, render_turn_track(&art).unwrap());
        let p = decode(&png);
        // Turn 3 is mud: inside its box, right of and below the text, the fill shows.
        let x = (MARGIN + 2.0 * (120.0 + 7.0) + 120.0 - 8.0) as u32;
        let (r, g, b, _) = rgba(&p, x, 137);
        assert_eq!((r, g, b), (0xc8, 0xa4, 0x6e));
        let wrapped = TurnTrackArt {
            per_row: 3,
            ..turn_track()
        };
        let q = draw_turn_track(&wrapped).unwrap();
        assert!(q.width() < p.width() && q.height() > p.height());
    }

    #[test]
    #[ignore = "writes sample images to render-samples in the temporary folder"]
    fn write_chart_samples() {
        let dir = sample_dir();
        std::fs::write(dir.join("crt.png"), render_table(&crt()).unwrap()).unwrap();
        let tec = TableChart {
            title: "Terrain Effects Chart".into(),
            header: vec![
                "Terrain".into(),
                "Movement".into(),
                "Combat".into(),
                "Notes".into(),
            ],
            rows: vec![
                vec!["Clear".into(), "1".into(), "No effect".into(), "".into()],
                vec![
                    "Forest".into(),
                    "2".into(),
                    "Shift 1 left".into(),
                    "Panzers: all units in forest hexes count as one step.".into(),
                ],
                vec![
                    "Fortified line".into(),
                    "1".into(),
                    "Shift 1 left\nvs Germans".into(),
                    "".into(),
                ],
                vec![
                    "City".into(),
                    "Terrain".into(),
                    "Shift 1 left".into(),
                    "Moscow: shift 2 left".into(),
                ],
                vec![
                    "River hexside".into(),
                    "No effect".into(),
                    "Shift 1 left if all attackers across".into(),
                    "".into(),
                ],
            ],
            max_column_width: Some(220.0),
            ..TableChart::default()
        };
        std::fs::write(dir.join("tec.png"), render_table(&tec).unwrap()).unwrap();
        std::fs::write(
            dir.join("turns.png"),
            render_turn_track(&turn_track()).unwrap(),
        )
        .unwrap();
    }
}
