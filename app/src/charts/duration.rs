//! Backup duration against data-set size, with the backup window as a line.

use super::frame::{draw_legend, font, house_mesh, limit_line, render, Corner, LegendEntry, ACCENT};
use crate::palette::stage_rgb;
use capacity_model::units::{format_bytes, UnitSystem, TB, TIB};
use capacity_model::{evaluate_backup, Scenario};
use plotters::prelude::*;

/// SVG of backup duration (hours) against data-set size: the line's slope is 1 / throughput; the
/// window is a horizontal line and the current data set a dot. Without a data set the axis spans what
/// fits in one and a half windows (or a day).
pub fn duration_chart(scenario: &Scenario, system: UnitSystem, width: u32) -> String {
    let report = evaluate_backup(scenario);
    let rate = report.throughput_bytes_per_sec;
    let window_h = report.scenario.backup_window_sec / 3600.0;
    let data = report.scenario.data_set_bytes;
    let span_h = if window_h > 0.0 { window_h * 1.5 } else { 24.0 };
    let x_max_bytes = if data > 0.0 { (data * 1.6).max(rate * span_h * 3600.0 * 0.5) } else { rate * span_h * 3600.0 };
    let x_max_bytes = if x_max_bytes.is_finite() && x_max_bytes > 0.0 { x_max_bytes } else { TB };
    let unit_bytes = if system == UnitSystem::Binary { TIB } else { TB };
    let unit = if system == UnitSystem::Binary { "TiB" } else { "TB" };
    let x_max = x_max_bytes / unit_bytes;
    let hours = |bytes: f64| {
        if rate > 0.0 {
            bytes / rate / 3600.0
        } else {
            f64::INFINITY
        }
    };
    let y_max = (hours(x_max_bytes).max(window_h) * 1.15).clamp(0.1, 1e6);
    let color = stage_rgb(report.bottleneck);
    render(super::frame_size(width), "Backup duration against data size", |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("Backup duration against data size", font(20))
            .margin(14)
            .x_label_area_size(54)
            .y_label_area_size(64)
            .build_cartesian_2d(0f64..x_max, 0f64..y_max)?;
        let mut legend: Vec<LegendEntry> = Vec::new();
        house_mesh(&mut chart)
            .x_desc(format!("Data set size ({unit})"))
            .y_labels(7)
            .y_desc("Duration (hours)")
            .x_label_formatter(&|x| format!("{}", (x * 100.0).round() / 100.0))
            .y_label_formatter(&|y| format!("{}", (y * 10.0).round() / 10.0))
            .draw()?;
        let line: Vec<(f64, f64)> = (0..=60)
            .map(|i| {
                let x = x_max * f64::from(i) / 60.0;
                (x, hours(x * unit_bytes).min(y_max))
            })
            .collect();
        chart.draw_series(LineSeries::new(line, color.stroke_width(4)))?;
        legend.push(LegendEntry {
            label: format!("Duration at {}", capacity_model::units::format_rate(rate, system)).to_string(),
            color,
            width: 4,
        });
        if window_h > 0.0 {
            let label = format!("Backup window ({} h)", (window_h * 100.0).round() / 100.0);
            limit_line(&mut chart, x_max, window_h, label, &mut legend)?;
            if rate > 0.0 {
                let fits = rate * window_h * 3600.0;
                chart.draw_series(std::iter::once(Text::new(
                    format!("window fits {}", format_bytes(fits, system)),
                    (x_max * 0.72, window_h - y_max * 0.02),
                    font(15).color(&RED),
                )))?;
            }
        }
        if data > 0.0 {
            let point = (data / unit_bytes, hours(data).min(y_max));
            chart.draw_series(std::iter::once(Circle::new(point, 6, ACCENT.filled())))?;
            chart.draw_series(std::iter::once(Text::new(
                format!(
                    "{}: {}",
                    format_bytes(data, system),
                    capacity_model::units::format_duration(hours(data) * 3600.0)
                ),
                (point.0, (point.1 - y_max * 0.07).max(y_max * 0.02)),
                font(16).color(&ACCENT),
            )))?;
        }
        draw_legend(root, chart.plotting_area().get_pixel_range(), &legend, Corner::UpperLeft)?;
        Ok(())
    })
}
