//! What-if charts as pure functions: scenario in, SVG text out. Native tests check them; the app puts
//! the text into the page.

mod duration;
mod file_size;
mod frame;
mod gantt;
mod sweep;
mod throughput;
mod utilization;

pub use duration::duration_chart;
pub use file_size::file_size_chart;
pub use gantt::gantt_chart;
pub use sweep::{sweep_chart, sweep_parameters, sweep_rows, SweepRow};
pub use throughput::throughput_chart;
pub use utilization::utilization_chart;

/// Width charts are drawn at on wide screens, pixels; the page scales the SVG to its column with the
/// viewBox.
pub const WIDE: u32 = 760;
/// Width charts are drawn at on phones: scaled down to a 390 px screen, a wide chart's labels would be
/// too small to read, so the chart is laid out for the smaller width instead.
pub const NARROW: u32 = 460;

/// Width the schedule's charts are drawn at on phones: they carry small text (drive names, job names,
/// the window), so they are laid out for a phone's own width rather than scaled down from [`NARROW`].
pub const PHONE: u32 = 380;

/// The width a schedule chart is drawn at for charts `width` wide.
pub(crate) fn schedule_width(width: u32) -> u32 {
    if width < 600 {
        PHONE
    } else {
        width
    }
}

/// Drawing size for a chart `width` pixels wide: 0.58 of it tall, taller on narrow screens.
pub(crate) fn frame_size(width: u32) -> (u32, u32) {
    let width = width.clamp(320, 2000);
    (width, if width < 600 { width * 9 / 10 } else { width * 58 / 100 })
}
