//! What every chart shares: the plotters canvas it is drawn on (SVG text from `SVGBackend::with_string`),
//! the frame (caption, mesh, axis descriptions) in one style, fonts that stay readable on a phone, where
//! legends go, and the parts plotters does not write: the SVG's `<title>` and `<desc>` and the sweep
//! chart's hit columns. Text in the SVG is escaped by plotters (what it draws) and by `html-escape` (what
//! is added here); the data table and the columns' readings are plain text, which the page's views
//! escape.
//!
//! Nothing here asks plotters to measure text: in the browser plotters measures a text by adding a span to
//! the page and reading its width, which forces a layout (about 0.5 ms each on the calculator's page, 17 ms
//! for the 36 texts one keystroke's charts would measure, in Chromium). So the caption is drawn as a text
//! element rather than with `ChartBuilder::caption`, the legend is composed of plotters' elements rather
//! than its series labels, and the boxes behind labels are sized from the text's length.

use super::{Chart, DataTable, Reading};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::Pos;
pub(crate) use plotters::style::text_anchor::{HPos, VPos};
use std::fmt::Write;

/// The canvas: a drawing area on an SVG string.
pub(crate) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
/// A plot on the canvas: every chart maps f64 data to pixels (a log axis draws log10 of its values).
pub(crate) type Plot<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;
/// What a drawing step returns (plotters' error for a backend writing to a string).
pub(crate) type Drawn = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// Text and axis colour.
pub(crate) const INK: RGBColor = RGBColor(0x33, 0x3a, 0x44);
/// Grid lines.
pub(crate) const GRID: RGBColor = RGBColor(0xe6, 0xe9, 0xee);
/// The page's accent (marks of the current scenario).
pub(crate) const ACCENT: RGBColor = RGBColor(0x1f, 0x4e, 0x79);
/// A limit that is missed (the backup window, a capacity).
pub(crate) const LIMIT: RGBColor = RGBColor(0xff, 0x00, 0x00);
/// A band where a modelled effect shapes the curves.
pub(crate) const BAND: RGBColor = RGBColor(0xf3, 0xd9, 0xa4);
/// The band's label (4.8:1 on the band).
pub(crate) const BAND_INK: RGBColor = RGBColor(0x7a, 0x4a, 0x00);
/// Grey text of a chart that does not apply.
const MUTED: RGBColor = RGBColor(0x5b, 0x65, 0x73);

/// Margin around every chart, pixels.
pub(crate) const MARGIN: u32 = 14;

/// A sans-serif font of `size` in plotters' units (the SVG's pixels are 1/1.24 of them), in `color`; on a
/// chart narrower than 600 px (a phone's, drawn at the size it is shown) never under 14, which is 11.3 px.
pub(crate) fn font(size: u32, width: u32, color: RGBColor) -> TextStyle<'static> {
    let size = if width < 600 { size.max(14) } else { size };
    ("sans-serif", f64::from(size)).into_font().color(&color)
}

/// Width of `text` in a font of `size` (plotters' units) on a chart `width` wide, pixels, estimated from
/// its length: a sans-serif letter averages about 0.55 em (an estimate on the wide side, so boxes hold
/// their text).
pub(crate) fn text_width(text: &str, size: u32, width: u32) -> i32 {
    let size = if width < 600 { size.max(14) } else { size };
    (text.chars().count() as f64 * f64::from(size) / 1.24 * 0.55).ceil() as i32
}

/// Height of a font of `size` (plotters' units) on a chart `width` wide, whole pixels.
pub(crate) fn font_px(size: u32, width: u32) -> i32 {
    let size = if width < 600 { size.max(14) } else { size };
    (f64::from(size) / 1.24).round() as i32
}

/// The same font anchored at `h` and `v` of the text.
pub(crate) fn anchored(style: TextStyle<'static>, h: HPos, v: VPos) -> TextStyle<'static> {
    style.pos(Pos::new(h, v))
}

/// How a chart lays out its frame: caption, label areas (x axis below, y axis left, pixels), a right
/// margin (room for the last x label) and the data ranges.
pub(crate) struct Frame<'a> {
    pub caption: &'a str,
    pub areas: (u32, u32),
    pub margin_right: u32,
    /// Room above the plot beyond the caption's, pixels (for a label set above the plot).
    pub extra_top: u32,
    pub x: (f64, f64),
    pub y: (f64, f64),
}

impl<'a> Frame<'a> {
    /// A frame with `caption`, label areas (x, y) and data ranges.
    pub fn new(caption: &'a str, areas: (u32, u32), x: (f64, f64), y: (f64, f64)) -> Self {
        Self { caption, areas, margin_right: MARGIN, extra_top: 0, x, y }
    }

    /// The same with `extra_top` pixels more room above the plot.
    pub fn extra_top(self, extra_top: u32) -> Self {
        Self { extra_top, ..self }
    }

    /// The same with a wider right margin.
    pub fn margin_right(self, margin_right: u32) -> Self {
        Self { margin_right: margin_right.max(MARGIN), ..self }
    }
}

/// A data range plotters can map: finite and not empty.
fn span((a, b): (f64, f64)) -> std::ops::Range<f64> {
    if a.is_finite() && b.is_finite() && b > a {
        a..b
    } else {
        let a = if a.is_finite() { a } else { 0.0 };
        a..a + 1.0
    }
}

/// The chart on `area` (`width` pixels wide): its caption centred at the top, set smaller when it is too
/// long for a phone's chart (not under 11 px) and on two lines when even that is too long (a job's name
/// before a chart's title), and the plotting area for the frame's ranges below it.
pub(crate) fn chart<'a, 'b>(
    area: &'a Area<'b>,
    width: u32,
    frame: &Frame,
) -> Result<Plot<'a, 'b>, DrawingAreaErrorKind<std::io::Error>> {
    let room = f64::from(width.saturating_sub(16));
    let size_for = |text: &str| room / (text.chars().count().max(1) as f64 * 0.5) * 1.24;
    let lines = caption_lines(frame.caption, size_for(frame.caption) >= 14.0);
    let size = lines.iter().map(|l| size_for(l)).fold(f64::INFINITY, f64::min).clamp(14.0, 20.0).floor();
    let caption = ("sans-serif", size).into_font().color(&INK);
    let line_px = (size / 1.24 * 1.25).ceil() as i32;
    for (i, line) in lines.iter().enumerate() {
        let at = (width as i32 / 2, MARGIN as i32 + 5 + line_px * i as i32);
        area.draw(&Text::new(line.to_string(), at, caption.pos(Pos::new(HPos::Center, VPos::Top))))?;
    }
    ChartBuilder::on(area)
        .margin(MARGIN)
        .margin_top(MARGIN + 26 + line_px.unsigned_abs() * (lines.len() as u32 - 1) + frame.extra_top)
        .margin_right(frame.margin_right)
        .x_label_area_size(frame.areas.0)
        .y_label_area_size(frame.areas.1)
        .build_cartesian_2d(span(frame.x), span(frame.y))
}

/// A caption as it is drawn: one line when it `fits`, else two, parted after its first `: ` (a job's
/// name, then the chart's title) or at the space nearest its middle.
fn caption_lines(caption: &str, fits: bool) -> Vec<&str> {
    if fits {
        return vec![caption];
    }
    if let Some((head, tail)) = caption.split_once(": ") {
        return vec![head, tail];
    }
    let middle = caption.len() / 2;
    let space = caption.char_indices().filter(|(_, c)| *c == ' ').map(|(i, _)| i).min_by_key(|i| i.abs_diff(middle));
    match space {
        Some(i) => vec![&caption[..i], &caption[i + 1..]],
        None => vec![caption],
    }
}

/// The axes' labels and descriptions: the most labels each axis gets (0: none), each with a grid line
/// across the plot (`y_grid` false: none across, for bars named at the y axis).
pub(crate) struct Axes<'a> {
    pub labels: (usize, usize),
    pub desc: (&'a str, &'a str),
    pub x_format: &'a dyn Fn(&f64) -> String,
    pub y_format: &'a dyn Fn(&f64) -> String,
    pub y_grid: bool,
}

/// The mesh every chart shares: grid lines at the labels, muted axes with tick marks, labels and axis
/// descriptions.
pub(crate) fn mesh(chart: &mut Plot, width: u32, axes: &Axes) -> Drawn {
    let mut mesh = chart.configure_mesh();
    mesh.light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .axis_style(INK.mix(0.6))
        .x_labels(axes.labels.0)
        .y_labels(axes.labels.1)
        .x_label_formatter(axes.x_format)
        .y_label_formatter(axes.y_format)
        .label_style(font(15, width, INK))
        .axis_desc_style(font(16, width, INK));
    if !axes.y_grid {
        mesh.disable_y_mesh();
    }
    if !axes.desc.0.is_empty() {
        mesh.x_desc(axes.desc.0);
    }
    if !axes.desc.1.is_empty() {
        mesh.y_desc(axes.desc.1);
    }
    mesh.draw()
}

/// A legend line: a stroke of `color`, `width` pixels thick (dashed like its line when `dashed`), and its
/// label.
pub(crate) struct Key {
    pub label: String,
    pub color: RGBColor,
    pub width: u32,
    pub dashed: bool,
}

/// A legend line of `label` for a stroke of `color`, `width` pixels thick.
pub(crate) fn key(label: impl Into<String>, color: RGBColor, width: u32) -> Key {
    Key { label: label.into(), color, width, dashed: false }
}

/// A legend line of `label` for a dashed line of `color`, `width` pixels thick (limits, objectives, a
/// compared scenario): its swatch is dashed too, so it reads as the line it names.
pub(crate) fn dashed_key(label: impl Into<String>, color: RGBColor, width: u32) -> Key {
    Key { dashed: true, ..key(label, color, width) }
}

/// Where a legend goes: a corner of the plotting area, or `Below` the chart, in room the caller kept
/// with [`legend_height`] (phones, where a legend inside would hide the lines).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Corner {
    UpperLeft,
    LowerRight,
    Below,
}

/// Height kept for a legend of `entries` lines under a chart, pixels (plotters sets 11.3 px lines about
/// 18 px apart, inside 6 px margins).
pub(crate) fn legend_height(entries: usize) -> u32 {
    16 + 19 * entries as u32
}

/// Height of one line of a legend, pixels.
const LEGEND_LINE: i32 = 19;

/// A legend's box for `keys`: (width, height) in pixels.
fn legend_size(keys: &[Key], width: u32) -> (i32, i32) {
    (38 + keys.iter().map(|k| text_width(&k.label, 14, width)).max().unwrap_or(0), 10 + LEGEND_LINE * keys.len() as i32)
}

/// Where a legend of `size` goes: its top left corner within the plotting area (or, for `Below`, the
/// canvas under the chart).
fn legend_corner(chart: &Plot, (box_width, box_height): (i32, i32), corner: Corner) -> (i32, i32) {
    let (plot_width, plot_height) = chart.plotting_area().dim_in_pixel();
    match corner {
        Corner::UpperLeft => (10, 10),
        Corner::LowerRight => (plot_width as i32 - 10 - box_width, plot_height as i32 - 10 - box_height),
        Corner::Below => (4, 4),
    }
}

/// The box [`legend`] draws for `keys` in `corner` of the plot, in the SVG's pixels (x0, y0, x1, y1);
/// `None` for a legend below the chart (it lies outside the plot) or without keys.
pub(crate) fn legend_box(chart: &Plot, width: u32, keys: &[Key], corner: Corner) -> Option<(i32, i32, i32, i32)> {
    if keys.is_empty() || corner == Corner::Below {
        return None;
    }
    let (w, h) = legend_size(keys, width);
    let (x, y) = legend_corner(chart, (w, h), corner);
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    Some((xs.start + x, ys.start + y, xs.start + x + w, ys.start + y + h))
}

/// Draws the legend of `keys`: a white box of lines, each a stroke of its key's colour and its label, in
/// `corner` of the chart's plotting area or, for `Below`, at the top left of `below` (the canvas under the
/// chart). Its width is estimated from the longest label (see the module's note on measuring).
pub(crate) fn legend<'b>(chart: &Plot<'_, 'b>, below: &Area<'b>, width: u32, keys: Vec<Key>, corner: Corner) -> Drawn {
    if keys.is_empty() {
        return Ok(());
    }
    // A label longer than the chart is wide is cut, its end marked: a compared scenario's long name ran
    // off a phone's chart (its full name is in the data table and the Compare card).
    let room = width as i32 - 8 - 38;
    let keys: Vec<Key> = keys.into_iter().map(|k| Key { label: fit_label(&k.label, room, width), ..k }).collect();
    let (box_width, box_height) = legend_size(&keys, width);
    let (x, y) = legend_corner(chart, (box_width, box_height), corner);
    let area = if corner == Corner::Below { below.clone() } else { chart.plotting_area().strip_coord_spec() };
    area.draw(&Rectangle::new([(x, y), (x + box_width, y + box_height)], WHITE.mix(0.9).filled()))?;
    area.draw(&Rectangle::new([(x, y), (x + box_width, y + box_height)], GRID))?;
    let style = anchored(font(14, width, INK), HPos::Left, VPos::Center);
    for (i, key) in keys.into_iter().enumerate() {
        let line_y = y + 5 + LEGEND_LINE * i as i32 + LEGEND_LINE / 2;
        let stroke = key.color.stroke_width(key.width);
        // A dashed swatch: three dashes with gaps, as the chart's dashed lines are drawn.
        let spans: &[(i32, i32)] = if key.dashed { &[(8, 13), (16, 21), (24, 28)] } else { &[(8, 28)] };
        for &(from, to) in spans {
            area.draw(&PathElement::new(vec![(x + from, line_y), (x + to, line_y)], stroke))?;
        }
        area.draw(&Text::new(key.label, (x + 34, line_y), style.clone()))?;
    }
    Ok(())
}

/// `label` as it fits in `room` pixels of a legend on a chart `width` wide: whole, or cut with an
/// ellipsis ("HP: 8 clients, 4 LTO-4 drives (the pa…").
pub(crate) fn fit_label(label: &str, room: i32, width: u32) -> String {
    if text_width(label, 14, width) <= room {
        return label.to_string();
    }
    let mut cut = label.to_string();
    while !cut.is_empty() && text_width(&format!("{cut}…"), 14, width) > room {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// A shaded band from `x0` to `x1` (data units) over the plot's height `top`, named `label` at its top where
/// the name fits: where a modelled effect (shoe-shining) shapes the curves.
pub(crate) fn band(chart: &mut Plot, width: u32, (x0, x1): (f64, f64), top: f64, label: &str) -> Drawn {
    chart.draw_series(std::iter::once(Rectangle::new([(x0, 0.0), (x1, top)], BAND.mix(0.5).filled())))?;
    let style = anchored(font(14, width, BAND_INK), HPos::Center, VPos::Top);
    let (left, right) = (chart.backend_coord(&(x0, top)).0, chart.backend_coord(&(x1, top)).0);
    let needed = text_width(label, 14, width) + 8;
    if right - left >= needed {
        let at = ((x0 + x1) / 2.0, top);
        chart.draw_series(std::iter::once(EmptyElement::at(at) + Text::new(label.to_string(), (0, 4), style)))?;
    }
    Ok(())
}

/// Text in the accent colour on a white box beside a data point, so lines under it do not strike it
/// through; the box is sized from the text as the page measures it. To its right, or to its left when
/// `leftward` (a point near the plot's right edge, whose label would be cut off there: a trial read
/// "now:" at 10 GB files).
pub(crate) fn halo_label_toward(chart: &mut Plot, width: u32, text: String, at: (f64, f64), leftward: bool) -> Drawn {
    let (w, h) = (text_width(&text, 15, width) + 8, font_px(15, width) + 6);
    let (box_x, text_x, pos) = if leftward { (-6 - w, -10, HPos::Right) } else { (6, 10, HPos::Left) };
    let style = anchored(font(15, width, ACCENT), pos, VPos::Center);
    let element = EmptyElement::at(at)
        + Rectangle::new([(box_x, -h / 2), (box_x + w, h / 2)], WHITE.mix(0.92).filled())
        + Text::new(text, (text_x, 0), style);
    chart.draw_series(std::iter::once(element))?;
    Ok(())
}

/// An invisible target over a column of the plot, pixels from `x0` to `x1` and `y0` to `y1`: its
/// reading's tip shows on hover (and in the page's readout), and a click applies the reading's `apply`
/// (`key=value`, as a link writes it).
pub(crate) struct Hit {
    pub x: (i32, i32),
    pub y: (i32, i32),
    pub reading: Reading,
}

/// What a chart adds to what plotters draws: its description, hit columns and data table.
#[derive(Default)]
pub(crate) struct Notes {
    /// One sentence on what the chart shows: the SVG's `<desc>`, read after its title (the axes and
    /// labels inside an image are not read).
    pub desc: String,
    pub hits: Vec<Hit>,
    /// The chart's data as a table of plain text ([`table`]).
    pub table: DataTable,
}

/// The chart of `size`, titled `title`: `paint` draws on a white canvas and notes what plotters does not
/// draw. A chart that cannot be drawn says so in words.
pub(crate) fn render(size: (u32, u32), title: &str, paint: impl FnOnce(&Area, &mut Notes) -> Drawn) -> Chart {
    let mut svg = String::with_capacity(16_384);
    let mut notes = Notes::default();
    let drawn = {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let drawn = root.fill(&WHITE).and_then(|()| paint(&root, &mut notes));
        let _ = root.present();
        drawn
    };
    if drawn.is_err() {
        return message_svg(size, "This chart could not be drawn.");
    }
    finish(svg, title, notes)
}

/// Adds what plotters does not write: the root's `role`, `<title>` and `<desc>` first in the SVG, the hit
/// columns last (over everything else); the data table and the columns' readings go beside the SVG.
fn finish(svg: String, title: &str, notes: Notes) -> Chart {
    let mut svg = rounded_font_sizes(&svg);
    let mut head = format!("<title>{}</title>", html_escape::encode_text(title));
    if !notes.desc.is_empty() {
        let _ = write!(head, "<desc>{}</desc>", html_escape::encode_text(&notes.desc));
    }
    if let Some(end) = svg.find('>') {
        svg.insert_str(end + 1, &head);
    }
    if svg.starts_with("<svg") {
        svg.insert_str(4, " role=\"img\"");
    }
    let mut hits = String::new();
    for hit in &notes.hits {
        let _ = writeln!(
            hits,
            "<rect class=\"hit\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#1f4e79\" fill-opacity=\"0\" data-apply=\"{}\"><title>{}</title></rect>",
            hit.x.0,
            hit.y.0,
            (hit.x.1 - hit.x.0).max(1),
            (hit.y.1 - hit.y.0).max(1),
            html_escape::encode_double_quoted_attribute(&hit.reading.apply),
            html_escape::encode_text(&hit.reading.tip)
        );
    }
    if let Some(end) = svg.rfind("</svg>") {
        svg.insert_str(end, &hits);
    }
    Chart { svg, table: notes.table, readings: notes.hits.into_iter().map(|hit| hit.reading).collect() }
}

/// `svg` with every `font-size` written to two decimals at most: plotters writes its sizes in its own
/// units over 1.24 (`11.290322580645162`), which an exported SVG would carry as they are.
fn rounded_font_sizes(svg: &str) -> String {
    const ATTRIBUTE: &str = "font-size=\"";
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find(ATTRIBUTE) {
        let (before, after) = rest.split_at(at + ATTRIBUTE.len());
        out.push_str(before);
        let end = after.find('"').unwrap_or(after.len());
        match after[..end].parse::<f64>() {
            Ok(size) => out.push_str(&capacity_model::units::trimmed(size, 2)),
            Err(_) => out.push_str(&after[..end]),
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The chart's data for readers who want the numbers (or cannot see the lines): a table of `head`
/// (column titles with their units) and `rows` (cells as shown), in plain text.
pub(crate) fn table(head: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> DataTable {
    DataTable { head: head.iter().map(|title| title.to_string()).collect(), rows: rows.into_iter().collect() }
}

/// A chart's title for `subject` (a job's short name, with a job list: the chart then shows that job's
/// chain alone), or the title as it is without one.
pub(crate) fn titled(subject: Option<&str>, title: &str) -> String {
    match subject {
        Some(job) => format!("{job} (long pole): {}{}", title[..1].to_ascii_lowercase(), &title[1..]),
        None => title.to_string(),
    }
}

/// A chart whose SVG holds one centred line of text and which has no data table, for charts that do not
/// apply.
pub(crate) fn message_svg(size: (u32, u32), message: &str) -> Chart {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let style = anchored(font(15, size.0, MUTED), HPos::Center, VPos::Center);
        let centre = (size.0 as i32 / 2, size.1 as i32 / 2);
        let _ = root.fill(&WHITE).and_then(|()| root.draw(&Text::new(message.to_string(), centre, style)));
        let _ = root.present();
    }
    finish(svg, message, Notes::default())
}

/// An axis label for a size: `10 KB`, `1 MB`, `1.5 GB` (no `.0` or `.00` the tick does not need).
pub(crate) fn axis_bytes(bytes: f64, system: capacity_model::units::UnitSystem) -> String {
    capacity_model::units::format_bytes(bytes, system).replace(".00 ", " ").replace(".0 ", " ")
}

/// A top for the y axis: `peak` plus headroom, never zero.
pub(crate) fn y_top(peak: f64) -> f64 {
    if peak.is_finite() && peak > 0.0 {
        peak * 1.25
    } else {
        1.0
    }
}

/// The top and bottom pixel rows of the chart's plotting area.
pub(crate) fn plot_rows(chart: &Plot) -> (i32, i32) {
    let (_, ys) = chart.plotting_area().get_pixel_range();
    (ys.start, ys.end)
}
