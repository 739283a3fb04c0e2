//! Shared drawing setup: the SVG backend, fonts, colours, and an error fallback.

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

pub(crate) const INK: RGBColor = RGBColor(0x33, 0x3a, 0x44);
pub(crate) const GRID: RGBColor = RGBColor(0xe6, 0xe9, 0xee);
pub(crate) const ACCENT: RGBColor = RGBColor(0x1f, 0x4e, 0x79);

pub(crate) type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
pub(crate) type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// Runs `draw` on a white SVG canvas of `size` and returns the SVG text. A drawing error becomes a
/// chart that says so, never a panic.
pub(crate) fn render(size: (u32, u32), title: &str, draw: impl FnOnce(&Area) -> DrawResult) -> String {
    let mut out = String::new();
    let result = {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| e.to_string())
            .and_then(|_| draw(&root).map_err(|e| e.to_string()))
            .and_then(|_| root.present().map_err(|e| e.to_string()))
    };
    match result {
        Ok(()) => with_title(out, title),
        Err(message) => message_svg(size, &format!("Chart could not be drawn: {message}")),
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

/// Adds an accessible `<title>` right after the opening tag.
fn with_title(svg: String, title: &str) -> String {
    match svg.find('>') {
        Some(end) => {
            let (head, tail) = svg.split_at(end + 1);
            let head = head.replacen("<svg ", "<svg role=\"img\" ", 1);
            format!("{head}<title>{}</title>{tail}", escape(title))
        }
        None => svg,
    }
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

pub(crate) fn font(size: u32) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&INK)
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
    pub color: RGBColor,
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

/// Draws a legend box in a corner of the plotting area (`plot`, pixel ranges of the root area).
///
/// plotters' own legend measures every label in the live page (a forced layout each on wasm); here
/// label widths are estimated from their length, which keeps a chart redraw free of layout work.
pub(crate) fn draw_legend(
    root: &Area,
    plot: (std::ops::Range<i32>, std::ops::Range<i32>),
    entries: &[LegendEntry],
    corner: Corner,
) -> DrawResult {
    if entries.is_empty() {
        return Ok(());
    }
    const SIZE: u32 = 13;
    const LINE: i32 = 19;
    let widest = entries.iter().map(|e| e.label.chars().count()).max().unwrap_or(0) as f64;
    let width = 38 + (widest * f64::from(SIZE) * 0.56) as i32;
    let height = 10 + LINE * entries.len() as i32;
    let (x, y) = match corner {
        Corner::UpperLeft => (plot.0.start + 10, plot.1.start + 10),
        Corner::LowerRight => (plot.0.end - 10 - width, plot.1.end - 10 - height),
        Corner::Below => (plot.0.start, root.dim_in_pixel().1 as i32 - height - 4),
    };
    root.draw(&Rectangle::new([(x, y), (x + width, y + height)], WHITE.mix(0.9).filled()))?;
    root.draw(&Rectangle::new([(x, y), (x + width, y + height)], GRID.stroke_width(1)))?;
    for (i, entry) in entries.iter().enumerate() {
        let line_y = y + 5 + LINE * i as i32 + LINE / 2;
        root.draw(&PathElement::new(vec![(x + 8, line_y), (x + 28, line_y)], entry.color.stroke_width(entry.width)))?;
        let style = font(SIZE).pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Left,
            plotters::style::text_anchor::VPos::Center,
        ));
        root.draw(&Text::new(entry.label.clone(), (x + 34, line_y), style))?;
    }
    Ok(())
}

/// A chart on plain `f64` axes, as every chart here draws.
pub(crate) type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The mesh every chart shares: major grid lines only, muted axes, readable labels. Callers add their
/// axis titles, label counts and formatters.
pub(crate) fn house_mesh<'a, 'b, 'c>(
    chart: &'c mut Chart<'a, 'b>,
) -> plotters::chart::MeshStyle<'a, 'c, RangedCoordf64, RangedCoordf64, SVGBackend<'b>> {
    let mut mesh = chart.configure_mesh();
    mesh.max_light_lines(0)
        .bold_line_style(GRID)
        .axis_style(INK.mix(0.6))
        .label_style(font(15))
        .axis_desc_style(font(16));
    mesh
}

/// Text in the accent colour on a white box, at a data point of `chart`, so lines under it do not strike
/// it through. The box is sized from the text's length (no measuring in the page).
pub(crate) fn halo_label(chart: &Chart, root: &Area, text: &str, at: (f64, f64)) -> DrawResult {
    const SIZE: u32 = 15;
    let (x, y) = chart.backend_coord(&at);
    let width = (text.chars().count() as f64 * f64::from(SIZE) * 0.56) as i32 + 8;
    let height = SIZE as i32 + 6;
    let (left, top) = (x + 6, y - height / 2);
    root.draw(&Rectangle::new([(left, top), (left + width, top + height)], WHITE.mix(0.92).filled()))?;
    let style = font(SIZE).color(&ACCENT).pos(plotters::style::text_anchor::Pos::new(
        plotters::style::text_anchor::HPos::Left,
        plotters::style::text_anchor::VPos::Center,
    ));
    root.draw(&Text::new(text.to_string(), (left + 4, y), style))?;
    Ok(())
}

/// A chart on `0..x_max` by `0..y_max` with the house caption, margins, label areas and mesh: the
/// x axis in tenths (years, months), the y axis to `y_decimals` places.
pub(crate) fn plain_chart<'a, 'b>(
    root: &'a Area<'b>,
    title: &str,
    (x_max, y_max): (f64, f64),
    (x_desc, y_desc): (&str, &str),
    y_decimals: i32,
) -> Result<Chart<'a, 'b>, Box<dyn std::error::Error>> {
    let mut chart = ChartBuilder::on(root)
        .caption(title, font(20))
        .margin(14)
        .x_label_area_size(54)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..x_max, 0f64..y_max)?;
    let scale = 10f64.powi(y_decimals);
    house_mesh(&mut chart)
        .x_desc(x_desc)
        .y_desc(y_desc)
        .y_labels(7)
        .x_label_formatter(&|x| format!("{}", (x * 10.0).round() / 10.0))
        .y_label_formatter(&|y| format!("{}", (y * scale).round() / scale))
        .draw()?;
    Ok(chart)
}

/// A dashed horizontal limit at `level` across `0..x_max` in red, with its legend line.
pub(crate) fn limit_line(
    chart: &mut Chart,
    x_max: f64,
    level: f64,
    label: String,
    legend: &mut Vec<LegendEntry>,
) -> DrawResult {
    chart.draw_series(DashedLineSeries::new(vec![(0.0, level), (x_max, level)], 8, 5, RED.stroke_width(2)))?;
    legend.push(LegendEntry { label, color: RED, width: 2 });
    Ok(())
}
