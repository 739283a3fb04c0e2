//! Every chart as a pure function: data and width in, a [`Chart`] out: its SVG text (drawn with
//! plotters), its data as a table of plain text, and the readings of its columns. Native tests check
//! them; the page puts the SVG into the chart's figure and shows the table and readings as views.

mod canvas;
mod duration;
mod file_size;
mod gantt;
mod restore_gantt;
mod sweep;
mod throughput;
mod timeline;
mod utilization;

pub use duration::duration_chart;
pub use file_size::file_size_chart;
pub use gantt::gantt_chart;
pub use restore_gantt::{objective_text, restore_gantt, tier_color, tier_name};
pub use sweep::{in_sentence, sweep_chart, sweep_parameters, sweep_rows, SweepRow};
pub use throughput::throughput_chart;
pub use timeline::{held_chart, night_chart};
pub use utilization::utilization_chart;

/// A drawn chart: what a chart function returns and a figure shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Chart {
    /// The SVG text, as plotters drew it at the chart's drawing size (its root's `width`, `height` and
    /// `viewBox`, in pixels), with `role="img"`, then a `<title>` and a `<desc>` (one sentence on what it
    /// shows) first, and, on the sweep chart, an invisible `rect.hit` column per point last (its
    /// `data-apply` and `<title>` are the [`Reading`]'s). Empty for a chart not drawn (the default).
    pub svg: String,
    /// The chart's data for readers who want the numbers (or cannot see the lines); empty for a chart
    /// that has none (one that says in words why it is not drawn, or the restore plan's, whose data the
    /// card's own tables show).
    pub table: DataTable,
    /// The readings of the sweep chart's columns, one per point in the order of the x axis; empty for
    /// every other chart.
    pub readings: Vec<Reading>,
}

/// A chart's data as a table of plain text (the page escapes it as it shows it; no HTML here).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DataTable {
    /// Column titles, with their units where they have one (`Throughput`, `Duration`, `Held`).
    pub head: Vec<String>,
    /// The rows, each a cell per column of [`DataTable::head`], as the chart's labels write them (a size or
    /// rate with its unit: `900 MB/s`; a time: `after 2 h 10 min`).
    pub rows: Vec<Vec<String>>,
}

/// One column of the sweep chart: what pointing at it reads out and what clicking it sets.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Reading {
    /// What a click on the column sets, `key=value` as a link writes it (`clients=8`, `file_size=48000`):
    /// the column's `data-apply` in the SVG.
    pub apply: String,
    /// The readout: the parameter's value, the throughput there and the stage that limits it, then
    /// `Click to set.` where a click sets it (`Clients 8: 900 MB/s, limited by Tape drives. Click to set.`);
    /// the column's `<title>` in the SVG.
    pub tip: String,
}

/// A name as a chart or a title shows it: at most `most` characters, cut with `…` (a job's name may hold
/// 120, which would run past a chart's edge; the data table and the job table keep it whole).
pub fn short_name(name: &str, most: usize) -> String {
    let mut chars = name.chars();
    let head: String = chars.by_ref().take(most).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

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
