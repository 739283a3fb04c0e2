//! What-if charts as pure functions: scenario in, SVG text out. Native tests check them; the app puts
//! the text into the page.

mod duration;
mod file_size;
mod frame;
mod sweep;
mod utilization;

pub use duration::duration_chart;
pub use file_size::file_size_chart;
pub use sweep::{sweep_chart, sweep_parameters, sweep_rows, SweepRow};
pub use utilization::utilization_chart;

/// Pixel size every chart is drawn at; the page scales the SVG to its column with the viewBox.
pub const CHART_SIZE: (u32, u32) = (760, 440);
