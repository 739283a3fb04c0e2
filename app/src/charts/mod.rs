//! Every chart as a pure function: data and width in, SVG text out (drawn with plotters, followed by the
//! chart's data table). Native tests check them; the app puts the text into the page.

mod canvas;
mod duration;
mod file_size;
mod gantt;
mod restore_gantt;
mod sweep;
mod throughput;
mod timeline;
mod utilization;

pub use canvas::split_table;
pub use duration::duration_chart;
pub use file_size::file_size_chart;
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

/// Width and height attributes of an SVG's root element (the chart's drawing size).
pub fn svg_size(svg: &str) -> (u32, u32) {
    let attribute = |name: &str| {
        let start = svg.find(&format!("{name}=\""))? + name.len() + 2;
        svg[start..].split('"').next()?.parse().ok()
    };
    (attribute("width").unwrap_or(760), attribute("height").unwrap_or(440))
}
