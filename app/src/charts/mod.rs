//! What-if charts as pure functions: scenario in, SVG text out. Native tests check them; the app puts
//! the text into the page.

mod duration;
mod file_size;
mod frame;
mod gantt;
mod restore_gantt;
mod sweep;
mod throughput;
mod timeline;
mod utilization;

pub use duration::duration_chart;
pub use file_size::file_size_chart;
pub use frame::split_table;
pub use gantt::gantt_chart;
pub use restore_gantt::{restore_gantt, tier_color, tier_name};
pub use sweep::{in_sentence, sweep_chart, sweep_parameters, sweep_rows, SweepRow};
pub use throughput::throughput_chart;
pub use timeline::{held_chart, night_chart};
pub use utilization::utilization_chart;

/// Width charts are drawn at on wide screens, pixels; the page scales the SVG to its column with the
/// viewBox.
pub const WIDE: u32 = 760;
/// Width charts are drawn at on a 390 px phone: the width they are shown at there, so their text keeps
/// its size (the page draws phone charts at their column's own width, [`phone_width`]).
pub const NARROW: u32 = 330;

/// The width charts are drawn at in a viewport `viewport_px` wide: [`WIDE`] from 600 px up (scaled down
/// by the page), else the chart column's own width (the viewport less 60 px of margins and padding), so
/// that on a phone no text is scaled below its size.
pub fn phone_width(viewport_px: f64) -> u32 {
    if viewport_px >= 600.0 {
        WIDE
    } else {
        (viewport_px - 60.0).clamp(240.0, 540.0) as u32
    }
}

/// Drawing size for a chart `width` pixels wide: 0.58 of it tall, taller on narrow screens.
pub(crate) fn frame_size(width: u32) -> (u32, u32) {
    let width = width.clamp(240, 2000);
    (width, if width < 600 { width * 9 / 10 } else { width * 58 / 100 })
}

/// A chart's figure as HTML: the SVG (in `svg-{id}`, where a panel may put it later), two buttons
/// that download it as SVG or PNG, and its data table folded under a "Data table" summary (in
/// `table-{id}`). The buttons carry `data-export` and the figure `data-chart` (the file name); one
/// click handler for the whole page does the download ([`crate::browser::on_export_click`]), so a chart
/// costs no code of its own.
pub fn figure_html(id: &str, chart: &str) -> String {
    let label = id.replace('-', " ");
    let (svg, table) = split_table(chart);
    format!(
        "<figure class=\"chart\" id=\"fig-{id}\" data-testid=\"chart-{id}\" data-chart=\"{id}\"><div class=\"chart-svg\" id=\"svg-{id}\">{svg}</div>\
         <div class=\"chart-actions no-print\"><button type=\"button\" class=\"small\" data-export=\"svg\" aria-label=\"Download the {label} chart as SVG\">SVG</button>\
         <button type=\"button\" class=\"small\" data-export=\"png\" aria-label=\"Download the {label} chart as PNG\">PNG</button></div>\
         <details class=\"chart-data no-print\" id=\"data-{id}\"><summary>Data table<span class=\"visually-hidden\"> of the {label} chart</span></summary><div class=\"table-wrap\" id=\"table-{id}\" tabindex=\"0\" role=\"region\" aria-label=\"The {label} chart's data\">{table}</div></details></figure>"
    )
}

/// Width and height attributes of an SVG's root element (the chart's drawing size).
pub fn svg_size(svg: &str) -> (u32, u32) {
    let attribute = |name: &str| {
        let start = svg.find(&format!("{name}=\""))? + name.len() + 2;
        svg[start..].split('"').next()?.parse().ok()
    };
    (attribute("width").unwrap_or(760), attribute("height").unwrap_or(440))
}
