//! Capacity over time: each night's duration against the window, and the copies held against the
//! target's capacity, with the crossing nights marked.

use super::frame::{draw_legend, font, limit_line, plain_chart, render, Corner, LegendEntry, ACCENT};
use capacity_model::timeline::{BackupKind, Timeline};
use capacity_model::units::{format_bytes, UnitSystem, TB, TIB};
use capacity_model::Scenario;
use plotters::prelude::*;

const FULL: RGBColor = RGBColor(0x1f, 0x4e, 0x79);
const INCREMENTAL: RGBColor = RGBColor(0x59, 0xa1, 0x4f);

/// The x axis: years when the timeline is a year or longer, else months.
fn time_axis(days: usize) -> (f64, &'static str) {
    if days >= 365 {
        (365.0, "Years from today")
    } else {
        (365.0 / 12.0, "Months from today")
    }
}

/// A vertical marker at `x` with a label above the plot's top edge.
fn marker(chart: &super::frame::Chart, at: f64, top: f64, label: &str, color: RGBColor) -> super::frame::DrawResult {
    chart.plotting_area().draw(&PathElement::new(vec![(at, 0.0), (at, top)], color.stroke_width(2)))?;
    let style = font(14).color(&color);
    chart.plotting_area().draw(&Text::new(label.to_string(), (at, top * 0.97), style))?;
    Ok(())
}

/// SVG of every night's backup duration (hours) over the timeline: fulls and incrementals (or
/// differentials) as separate lines, the window as a dashed line, the first night that misses it marked.
pub fn night_chart(scenario: &Scenario, timeline: &Timeline, width: u32) -> String {
    let title = "Night duration over time";
    let (per, x_desc) = time_axis(timeline.nights.len());
    let x_max = timeline.nights.len() as f64 / per;
    let window_h = scenario.backup_window_sec / 3600.0;
    let longest = timeline.longest_night().map_or(0.0, |n| n.duration_sec / 3600.0);
    let y_max = (longest.max(window_h) * 1.2).clamp(0.1, 1e6);
    render(super::frame_size(width), title, |root| {
        let mut chart = plain_chart(root, title, (x_max, y_max), (x_desc, "Duration (hours)"), 1)?;
        let series = |full: bool| {
            timeline
                .nights
                .iter()
                .filter(move |n| (n.kind == BackupKind::Full) == full)
                .map(move |n| (f64::from(n.day) / per, (n.duration_sec / 3600.0).min(y_max)))
                .collect::<Vec<_>>()
        };
        let mut legend = Vec::new();
        let incrementals = series(false);
        if !incrementals.is_empty() {
            chart.draw_series(LineSeries::new(incrementals, INCREMENTAL.stroke_width(2)))?;
            let label = if scenario.full_every_days > 0
                && scenario.between_fulls == capacity_model::timeline::BetweenFulls::Differential
            {
                "Differentials"
            } else {
                "Incrementals"
            };
            legend.push(LegendEntry { label: label.to_string(), color: INCREMENTAL, width: 2 });
        }
        chart.draw_series(LineSeries::new(series(true), FULL.stroke_width(3)))?;
        legend.push(LegendEntry { label: "Fulls".to_string(), color: FULL, width: 3 });
        if window_h > 0.0 {
            let label = format!("Window ({} h)", (window_h * 100.0).round() / 100.0);
            limit_line(&mut chart, x_max, window_h, label, &mut legend)?;
        }
        if let Some(day) = timeline.first_window_miss_day {
            marker(&chart, f64::from(day) / per, y_max, &format!("first miss: night {day}"), RED)?;
        }
        draw_legend(root, chart.plotting_area().get_pixel_range(), &legend, Corner::UpperLeft)?;
        Ok(())
    })
}

/// SVG of the copies the target holds after each night (TB, or TiB), against its capacity when one is
/// entered (target capacity, or library slots times a cartridge's capacity), the crossing marked.
pub fn held_chart(scenario: &Scenario, timeline: &Timeline, system: UnitSystem, width: u32) -> String {
    let title = "Backup copies held over time";
    let (per, x_desc) = time_axis(timeline.nights.len());
    let x_max = timeline.nights.len() as f64 / per;
    let (unit_bytes, unit) = if system == UnitSystem::Binary { (TIB, "TiB") } else { (TB, "TB") };
    // The capacity in logical bytes: the target's space times the reduction, or the library's slots
    // times what a cartridge holds.
    let ratio = scenario.reduction_ratio();
    let capacity = [
        (scenario.target_capacity_bytes > 0.0).then_some(scenario.target_capacity_bytes * ratio),
        (scenario.library_slots > 0 && scenario.target == capacity_model::Target::Tape).then(|| {
            let spec = scenario.drive_spec();
            let compression = capacity_model::stages::tape::effective_compression(&spec, scenario.drive_compression());
            f64::from(scenario.library_slots) * spec.native_capacity_bytes * compression * ratio
        }),
    ]
    .into_iter()
    .flatten()
    .fold(f64::INFINITY, f64::min);
    let most = timeline.most_held().map_or(0.0, |n| n.retained_bytes);
    let y_max = (most.max(if capacity.is_finite() { capacity } else { 0.0 }) / unit_bytes * 1.2).max(0.001);
    render(super::frame_size(width), title, |root| {
        let y_desc = format!("Held ({unit})");
        let mut chart = plain_chart(root, title, (x_max, y_max), (x_desc, &y_desc), 2)?;
        let points: Vec<(f64, f64)> =
            timeline.nights.iter().map(|n| (f64::from(n.day) / per, n.retained_bytes / unit_bytes)).collect();
        chart.draw_series(AreaSeries::new(points.clone(), 0.0, ACCENT.mix(0.15)))?;
        chart.draw_series(LineSeries::new(points, ACCENT.stroke_width(2)))?;
        let mut legend = vec![LegendEntry { label: "Copies held".to_string(), color: ACCENT, width: 2 }];
        if capacity.is_finite() {
            let label = format!("Capacity ({})", format_bytes(capacity, system));
            limit_line(&mut chart, x_max, capacity / unit_bytes, label, &mut legend)?;
        }
        if let Some(day) = timeline.first_capacity_exceeded_day {
            marker(&chart, f64::from(day) / per, y_max, &format!("full: night {day}"), RED)?;
        }
        draw_legend(root, chart.plotting_area().get_pixel_range(), &legend, Corner::UpperLeft)?;
        Ok(())
    })
}
