//! What every chart shares: an SVG writer, the frame (caption, plotting area, mesh, axis titles),
//! fonts, colours, legends and an error-free fallback.
//!
//! Charts are written as SVG text directly. A charting library (plotters, before) cost about 30 KB of
//! the page's gzipped download and measured its axis labels in the live page on every redraw; these
//! few primitives draw the same frames, in the same style, from the chart's own arithmetic.

use std::fmt::Write;

/// Text and axis colour.
pub(crate) const INK: &str = "#333a44";
/// Grid lines.
pub(crate) const GRID: &str = "#e6e9ee";
/// The page's accent (marks of the current scenario).
pub(crate) const ACCENT: &str = "#1f4e79";
/// Paper.
pub(crate) const WHITE: &str = "#ffffff";
/// A limit that is missed (the backup window).
pub(crate) const RED: &str = "#ff0000";
/// A band where a modelled effect shapes the curves, and its label (4.8:1 on the band).
pub(crate) const BAND: &str = "#f3d9a4";
const BAND_INK: &str = "#7a4a00";

/// Font sizes are given in the units the charts were designed in; SVG pixels are 1/1.24 of them (the
/// scale plotters used, so the charts look as they did).
/// On a chart narrower than 600 px (a phone's, drawn at the size it is shown) no text is smaller than
/// 11 px.
pub(crate) fn font_px(size: u32, width: i32) -> f64 {
    let px = f64::from(size) / 1.24;
    if width < 600 {
        px.max(11.0)
    } else {
        px
    }
}

/// Horizontal anchor of a text.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

/// Vertical anchor of a text: its top, middle or bottom at the point.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Base {
    Top,
    Middle,
    Bottom,
}

/// An SVG document being written.
pub(crate) struct Svg {
    out: String,
    /// Width, pixels.
    pub w: i32,
    /// Height, pixels.
    pub h: i32,
    /// The chart's data as an HTML table ([`Svg::table`]), written after the SVG.
    table: String,
}

impl Svg {
    /// A white canvas of `size` with an accessible title.
    pub fn new(size: (u32, u32), title: &str) -> Self {
        let (w, h) = (size.0 as i32, size.1 as i32);
        let mut out = String::with_capacity(8192);
        let _ = write!(
            out,
            "<svg role=\"img\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\" font-family=\"sans-serif\"><title>{}</title>\n<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
            escape(title)
        );
        Self { out, w, h, table: String::new() }
    }

    /// A one-sentence summary of what the chart shows: the SVG's description, which screen readers
    /// give after its title (the axes and labels inside an image are not read).
    pub fn describe(&mut self, summary: &str) {
        let _ = writeln!(self.out, "<desc>{}</desc>", escape(summary));
    }

    /// The chart's data for readers who want the numbers (or cannot see the lines): a table of `head`
    /// (column titles with their units) and `rows` (cells as shown). The page keeps it under the chart,
    /// folded until asked for.
    #[inline(never)]
    pub fn table(&mut self, head: &[&str], rows: Vec<Vec<String>>) {
        let t = &mut self.table;
        t.push_str("<table><thead><tr>");
        for title in head {
            let _ = write!(t, "<th scope=\"col\">{}</th>", escape(title));
        }
        t.push_str("</tr></thead><tbody>");
        for row in rows {
            t.push_str("<tr>");
            for cell in row {
                let _ = write!(t, "<td>{}</td>", escape(&cell));
            }
            t.push_str("</tr>");
        }
        t.push_str("</tbody></table>");
    }

    /// A band from `x0` to `x1` pixels across the plot, shaded, with `label` at its top: where a
    /// modelled effect (shoe-shining) shapes the curves.
    pub fn band(&mut self, plot: &Plot, (x0, x1): (i32, i32), label: &str) {
        self.rect((x0, plot.top), (x1.max(x0 + 2), plot.bottom), BAND, 0.5);
        // Named inside only where it fits (the legend names it in any case).
        if f64::from(x1 - x0) >= label.chars().count() as f64 * font_px(14, self.w) * 0.5 + 8.0 {
            self.text(((x0 + x1) / 2, plot.top + 4), label, 14, BAND_INK, Anchor::Middle, Base::Top);
        }
    }

    /// An invisible target over a column of the plot: its `tip` shows on hover (and in the page's
    /// readout), and a click applies `apply` (`key=value`, as a link writes it).
    pub fn hit(&mut self, plot: &Plot, (x0, x1): (i32, i32), tip: &str, apply: &str) {
        let _ = writeln!(
            self.out,
            "<rect class=\"hit\" x=\"{x0}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{ACCENT}\" fill-opacity=\"0\" data-apply=\"{apply}\"><title>{}</title></rect>",
            plot.top,
            (x1 - x0).max(1),
            plot.bottom - plot.top,
            escape(tip)
        );
    }

    /// The finished document, followed by its data table when it has one ([`split_table`] parts them).
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out.push_str(&self.table);
        self.out
    }

    fn paint(&mut self, color: &str, opacity: f64) {
        let _ = write!(self.out, " fill=\"{color}\"");
        if opacity < 1.0 {
            let _ = write!(self.out, " fill-opacity=\"{}\"", (opacity * 100.0).round() / 100.0);
        }
    }

    /// A text of `size` in `color`, anchored at (x, y), each text on its own line of the document.
    pub fn text(&mut self, at: (i32, i32), text: &str, size: u32, color: &str, anchor: Anchor, base: Base) {
        self.text_turned(at, text, size, color, anchor, base, false);
    }

    /// A text, optionally turned a quarter anticlockwise about its anchor (a y-axis title).
    #[allow(clippy::too_many_arguments)]
    pub fn text_turned(
        &mut self,
        (x, y): (i32, i32),
        text: &str,
        size: u32,
        color: &str,
        anchor: Anchor,
        base: Base,
        turned: bool,
    ) {
        let _ = write!(
            self.out,
            "<text x=\"{x}\" y=\"{y}\" font-size=\"{}\"",
            capacity_model::units::fixed(font_px(size, self.w), 1)
        );
        match anchor {
            Anchor::Start => {}
            Anchor::Middle => self.out.push_str(" text-anchor=\"middle\""),
            Anchor::End => self.out.push_str(" text-anchor=\"end\""),
        }
        self.out.push_str(match base {
            Base::Top => " dy=\"0.76em\"",
            Base::Middle => " dy=\"0.5ex\"",
            Base::Bottom => " dy=\"-0.5ex\"",
        });
        self.paint(color, 1.0);
        if turned {
            let _ = write!(self.out, " transform=\"rotate(270, {x}, {y})\"");
        }
        let _ = writeln!(self.out, ">\n{}\n</text>", escape(text));
    }

    /// A polyline of `width` pixels, dashed (dash, gap) when asked.
    pub fn line(&mut self, points: &[(i32, i32)], color: &str, width: u32, opacity: f64, dash: Option<(u32, u32)>) {
        if points.len() < 2 {
            return;
        }
        let _ = write!(self.out, "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"{width}\"");
        if opacity < 1.0 {
            let _ = write!(self.out, " stroke-opacity=\"{}\"", (opacity * 100.0).round() / 100.0);
        }
        if let Some((on, off)) = dash {
            let _ = write!(self.out, " stroke-dasharray=\"{on} {off}\"");
        }
        self.out.push_str(" points=\"");
        self.points(points);
        self.out.push_str("\"/>\n");
    }

    fn points(&mut self, points: &[(i32, i32)]) {
        for (x, y) in points {
            let _ = write!(self.out, "{x},{y} ");
        }
    }

    /// A filled rectangle between two corners.
    pub fn rect(&mut self, (x0, y0): (i32, i32), (x1, y1): (i32, i32), color: &str, opacity: f64) {
        let (x, y) = (x0.min(x1), y0.min(y1));
        let _ =
            write!(self.out, "<rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\"", (x1 - x0).abs(), (y1 - y0).abs());
        self.paint(color, opacity);
        self.out.push_str("/>\n");
    }

    /// A rectangle's outline.
    pub fn frame(&mut self, (x0, y0): (i32, i32), (x1, y1): (i32, i32), color: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{x0}\" y=\"{y0}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{color}\"/>",
            x1 - x0,
            y1 - y0
        );
    }

    /// A filled polygon.
    pub fn polygon(&mut self, points: &[(i32, i32)], color: &str, opacity: f64) {
        self.out.push_str("<polygon points=\"");
        self.points(points);
        self.out.push('"');
        self.paint(color, opacity);
        self.out.push_str("/>\n");
    }

    /// A filled circle.
    pub fn circle(&mut self, (x, y): (i32, i32), r: u32, color: &str) {
        let _ = write!(self.out, "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\"");
        self.paint(color, 1.0);
        self.out.push_str("/>\n");
    }
}

/// The plotting area: its pixel box and the data ranges it shows.
#[derive(Clone, Copy)]
pub(crate) struct Plot {
    /// Left, right, top and bottom edges, pixels.
    pub left: i32,
    pub right: i32,
    pub top: i32,
    pub bottom: i32,
    /// Bottom of the frame's area (where the x-axis title sits).
    floor: i32,
    x: (f64, f64),
    y: (f64, f64),
}

impl Plot {
    /// Pixel column of `x` (clamped far outside, so no value makes a wild coordinate).
    pub fn px(&self, x: f64) -> i32 {
        let share = (x - self.x.0) / (self.x.1 - self.x.0);
        let share = if share.is_finite() { share.clamp(-10.0, 10.0) } else { 0.0 };
        self.left + (share * f64::from(self.right - self.left)).round() as i32
    }

    /// Pixel row of `y`.
    pub fn py(&self, y: f64) -> i32 {
        let share = (y - self.y.0) / (self.y.1 - self.y.0);
        let share = if share.is_finite() { share.clamp(-10.0, 10.0) } else { 0.0 };
        self.bottom - (share * f64::from(self.bottom - self.top)).round() as i32
    }

    /// Pixel position of a data point.
    pub fn at(&self, (x, y): (f64, f64)) -> (i32, i32) {
        (self.px(x), self.py(y))
    }

    /// Pixel positions of data points.
    pub fn all(&self, points: impl IntoIterator<Item = (f64, f64)>) -> Vec<(i32, i32)> {
        points.into_iter().map(|p| self.at(p)).collect()
    }
}

/// How a chart lays out its frame within `height` pixels from the top (the rest below is left for a
/// legend): a caption, margins, label areas at the bottom and left, and the data ranges.
pub(crate) struct Layout<'a> {
    pub caption: &'a str,
    pub height: i32,
    pub x_area: i32,
    pub y_area: i32,
    pub margin_right: i32,
    pub x: (f64, f64),
    pub y: (f64, f64),
}

impl<'a> Layout<'a> {
    /// A frame with `caption` in the top `height` pixels, label areas (x axis, y axis) and data ranges.
    pub fn new(caption: &'a str, height: u32, areas: (i32, i32), x: (f64, f64), y: (f64, f64)) -> Self {
        Self { caption, height: height as i32, x_area: areas.0, y_area: areas.1, margin_right: 0, x, y }
    }

    /// The same with a wider right margin (room for the last x label).
    pub fn margin_right(self, margin_right: i32) -> Self {
        Self { margin_right, ..self }
    }
}

/// Margin around every chart, pixels.
const MARGIN: i32 = 14;

/// A chart of `size` titled `title`: the canvas with the frame's caption drawn, and its plotting area.
pub(crate) fn start(size: (u32, u32), title: &str, layout: &Layout) -> (Svg, Plot) {
    let mut svg = Svg::new(size, title);
    let plot = chart(&mut svg, layout);
    (svg, plot)
}

/// Draws the caption and returns the plotting area.
fn chart(svg: &mut Svg, layout: &Layout) -> Plot {
    // A caption too long for a phone's chart is set smaller (not below 11 px), so it stays on the canvas.
    let fits = f64::from(svg.w - 16) / (layout.caption.chars().count() as f64 * 0.5) * 1.24;
    let size = fits.clamp(14.0, 20.0) as u32;
    svg.text((svg.w / 2, MARGIN + 5), layout.caption, size, INK, Anchor::Middle, Base::Top);
    let span = |(a, b): (f64, f64)| if b > a && (b - a).is_finite() { (a, b) } else { (a, a + 1.0) };
    Plot {
        left: MARGIN + layout.y_area,
        right: svg.w - layout.margin_right.max(MARGIN) - 1,
        top: MARGIN + 26,
        bottom: layout.height - MARGIN - layout.x_area - 1,
        floor: layout.height - MARGIN,
        x: span(layout.x),
        y: span(layout.y),
    }
}

/// The axes' labels and titles: `x_labels` and `y_labels` are the most labels each axis gets (0: none),
/// each with a grid line across the plot.
pub(crate) struct Mesh<'a> {
    pub x_labels: usize,
    pub y_labels: usize,
    pub x_desc: &'a str,
    pub y_desc: &'a str,
    pub x_format: &'a dyn Fn(f64) -> String,
    pub y_format: &'a dyn Fn(f64) -> String,
}

impl<'a> Mesh<'a> {
    /// Most labels (x, y), axis titles (x, y) and the labels' formats.
    pub fn new(
        labels: (usize, usize),
        titles: (&'a str, &'a str),
        x_format: &'a dyn Fn(f64) -> String,
        y_format: &'a dyn Fn(f64) -> String,
    ) -> Self {
        Self { x_labels: labels.0, y_labels: labels.1, x_desc: titles.0, y_desc: titles.1, x_format, y_format }
    }
}

/// Round values for axis labels between `low` and `high`, at most `most` of them: steps of 1, 2 or 5
/// times a power of ten (the algorithm plotters used, so the axes read as they did).
pub(crate) fn key_points(low: f64, high: f64, most: usize) -> Vec<f64> {
    let (low, high) = (low.min(high), high.max(low));
    if most == 0 || !(high - low).is_finite() {
        return Vec::new();
    }
    if (high - low).abs() < f64::EPSILON {
        return vec![low];
    }
    let rem = |a: f64, b: f64| {
        let r = a % b;
        if r < 0.0 {
            r + b.abs()
        } else {
            r
        }
    };
    let mut scale = 10f64.powf((high - low).log10().floor());
    let mut digits = -(high - low).log10().floor() as i32 + 1;
    if 1 + ((high - low) / scale).floor() as usize > most {
        scale *= 10.0;
        digits -= 1;
    }
    'outer: for _ in 0..40 {
        let old = scale;
        for next in [2.0, 5.0, 10.0] {
            let mut left = low - rem(low, old / next);
            if left < low {
                left += old / next;
            }
            let right = high - rem(high, old / next);
            let points = 1.0 + ((right - left) / old * next).round();
            if points.round() as usize > most {
                break 'outer;
            }
            scale = old / next;
        }
        scale = old / 10.0;
        digits += 1;
    }
    let mut out = Vec::new();
    let mut left = low - rem(low, scale);
    if left < low {
        left += scale;
    }
    let right = high - rem(high, scale);
    let size = 10f64.powi(digits + 1);
    while left <= right && out.len() <= most {
        let rounded = ((left * size).abs() + 1e-3).round() / size;
        left = if left < 0.0 { -rounded } else { rounded };
        out.push(left);
        left += scale;
    }
    out
}

/// The mesh every chart shares: grid lines at the labels, muted axes with tick marks, labels and axis
/// titles.
pub(crate) fn mesh(svg: &mut Svg, plot: &Plot, mesh: &Mesh) {
    let xs = key_points(plot.x.0, plot.x.1, mesh.x_labels);
    let ys = key_points(plot.y.0, plot.y.1, mesh.y_labels);
    for &x in &xs {
        let px = plot.px(x);
        svg.line(&[(px, plot.bottom), (px, plot.top)], GRID, 1, 1.0, None);
    }
    for &y in &ys {
        let py = plot.py(y);
        svg.line(&[(plot.left, py), (plot.right, py)], GRID, 1, 1.0, None);
    }
    svg.line(&[(plot.left - 1, plot.top), (plot.left - 1, plot.bottom)], INK, 1, 0.6, None);
    svg.line(&[(plot.left, plot.bottom + 1), (plot.right, plot.bottom + 1)], INK, 1, 0.6, None);
    for &y in &ys {
        let py = plot.py(y);
        svg.line(&[(plot.left - 6, py), (plot.left - 1, py)], INK, 1, 0.6, None);
        svg.text((plot.left - 10, py), &(mesh.y_format)(y), 15, INK, Anchor::End, Base::Middle);
    }
    for &x in &xs {
        let px = plot.px(x);
        svg.line(&[(px, plot.bottom + 1), (px, plot.bottom + 6)], INK, 1, 0.6, None);
        svg.text((px, plot.bottom + 11), &(mesh.x_format)(x), 15, INK, Anchor::Middle, Base::Top);
    }
    if !mesh.x_desc.is_empty() {
        svg.text(((plot.left + plot.right) / 2, plot.floor), mesh.x_desc, 16, INK, Anchor::Middle, Base::Bottom);
    }
    if !mesh.y_desc.is_empty() {
        svg.text_turned((MARGIN, (plot.top + plot.bottom) / 2), mesh.y_desc, 16, INK, Anchor::Middle, Base::Top, true);
    }
}

/// An SVG holding one centred line of text, for charts that do not apply.
pub(crate) fn message_svg(size: (u32, u32), message: &str) -> String {
    let (w, h) = size;
    format!(
        r##"<svg width="{w}" height="{h}" viewBox="0 0 {w} {h}" xmlns="http://www.w3.org/2000/svg" role="img"><rect width="{w}" height="{h}" fill="#ffffff"/><text x="{}" y="{}" text-anchor="middle" font-family="sans-serif" font-size="15" fill="#5b6573">{}</text></svg>"##,
        w / 2,
        h / 2,
        escape(message)
    )
}

/// An axis label for a size: `10 kB`, `1 MB`, `1.5 GB` (no `.0` or `.00` the tick does not need).
pub(crate) fn axis_bytes(bytes: f64, system: capacity_model::units::UnitSystem) -> String {
    capacity_model::units::format_bytes(bytes, system).replace(".00 ", " ").replace(".0 ", " ")
}

/// A chart's text parted into its SVG and its data table (empty when it has none).
pub fn split_table(chart: &str) -> (&str, &str) {
    chart.find("</svg>").map_or((chart, ""), |end| (&chart[..end + 6], chart[end + 6..].trim_start()))
}

/// `text` safe inside SVG text.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A top for the y axis: `peak` plus headroom, never zero.
pub(crate) fn y_top(peak: f64) -> f64 {
    if peak.is_finite() && peak > 0.0 {
        peak * 1.25
    } else {
        1.0
    }
}

/// One legend line: a stroke of `color` and `width` pixels, and its label.
pub(crate) struct LegendEntry {
    pub label: String,
    pub color: &'static str,
    pub width: u32,
}

/// Which corner of the plotting area a legend sits in; `Below` puts it under the chart, in room the
/// caller reserved with [`legend_height`] (narrow charts, where a legend inside would hide the lines).
#[derive(Clone, Copy)]
pub(crate) enum Corner {
    UpperLeft,
    LowerRight,
    Below,
}

/// Height of a legend of `entries` lines, pixels.
pub(crate) fn legend_height(entries: usize) -> u32 {
    10 + 19 * entries as u32
}

/// Draws a legend box in a corner of the plotting area, label widths estimated from their length (no
/// measuring in the page).
pub(crate) fn draw_legend(svg: &mut Svg, plot: &Plot, entries: &[LegendEntry], corner: Corner) {
    if entries.is_empty() {
        return;
    }
    const SIZE: u32 = 14;
    const LINE: i32 = 19;
    let widest = entries.iter().map(|e| e.label.chars().count()).max().unwrap_or(0) as f64;
    let width = 38 + (widest * f64::from(SIZE) * 0.56) as i32;
    let height = 10 + LINE * entries.len() as i32;
    let (x, y) = match corner {
        Corner::UpperLeft => (plot.left + 10, plot.top + 10),
        Corner::LowerRight => (plot.right - 10 - width, plot.bottom - 10 - height),
        // Under a narrow chart the box may be wider than the plot: it moves left to stay on the canvas.
        Corner::Below => (plot.left.min(svg.w - width - 4).max(4), svg.h - height - 4),
    };
    svg.rect((x, y), (x + width, y + height), WHITE, 0.9);
    svg.frame((x, y), (x + width, y + height), GRID);
    for (i, entry) in entries.iter().enumerate() {
        let line_y = y + 5 + LINE * i as i32 + LINE / 2;
        svg.line(&[(x + 8, line_y), (x + 28, line_y)], entry.color, entry.width, 1.0, None);
        svg.text((x + 34, line_y), &entry.label, SIZE, INK, Anchor::Start, Base::Middle);
    }
}

/// Text in the accent colour on a white box, at a data point, so lines under it do not strike it
/// through. The box is sized from the text's length.
pub(crate) fn halo_label(svg: &mut Svg, plot: &Plot, text: &str, at: (f64, f64)) {
    const SIZE: u32 = 15;
    let (x, y) = plot.at(at);
    let width = (text.chars().count() as f64 * f64::from(SIZE) * 0.56) as i32 + 8;
    let height = SIZE as i32 + 6;
    let (left, top) = (x + 6, y - height / 2);
    svg.rect((left, top), (left + width, top + height), WHITE, 0.92);
    svg.text((left + 4, y), text, SIZE, ACCENT, Anchor::Start, Base::Middle);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_labels_fall_on_round_numbers() {
        assert_eq!(key_points(0.0, 10.0, 7), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(key_points(0.0, 34.5, 7), [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]);
        assert_eq!(key_points(3.0, 10.0, 7), [4.0, 6.0, 8.0, 10.0]);
        assert!(key_points(0.0, 1125.0, 6).iter().all(|v| v % 200.0 == 0.0), "{:?}", key_points(0.0, 1125.0, 6));
        assert!(key_points(f64::NAN, 1.0, 5).len() <= 6);
        assert!(key_points(0.0, f64::INFINITY, 5).is_empty());
    }

    #[test]
    fn a_plot_maps_values_to_pixels() {
        let mut svg = Svg::new((760, 440), "t");
        let plot = chart(
            &mut svg,
            &Layout {
                caption: "c",
                height: 440,
                x_area: 54,
                y_area: 64,
                margin_right: 0,
                x: (0.0, 10.0),
                y: (0.0, 100.0),
            },
        );
        assert_eq!((plot.left, plot.right, plot.top, plot.bottom), (78, 745, 40, 371), "the frame plotters drew");
        assert_eq!(plot.at((0.0, 0.0)), (78, 371));
        assert_eq!(plot.at((10.0, 100.0)), (745, 40));
        assert_eq!(plot.px(f64::NAN), 78, "no wild coordinate");
        let text = svg.finish();
        assert!(text.starts_with("<svg role=\"img\" width=\"760\" height=\"440\"") && text.ends_with("</svg>\n"));
    }
}
