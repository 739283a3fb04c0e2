//! Backup duration against data-set size, with the backup window as a line.

use super::frame::{draw_legend, mesh, start, Anchor, Base, Corner, Layout, LegendEntry, Mesh, ACCENT, RED};
use crate::palette::stage_color;
use capacity_model::units::{format_bytes, format_duration, format_rate, UnitSystem, TB, TIB};
use capacity_model::{evaluate_backup, Scenario};

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
    let color = stage_color(report.bottleneck);
    let size = super::frame_size(width);
    let title = "Backup duration against data size";
    let (mut svg, plot) = start(size, title, &Layout::new(title, size.1, (54, 64), (0.0, x_max), (0.0, y_max)));
    let x_desc = format!("Data set size ({unit})");
    let x_format = |x: f64| format!("{}", (x * 100.0).round() / 100.0);
    let y_format = |y: f64| format!("{}", (y * 10.0).round() / 10.0);
    mesh(&mut svg, &plot, &Mesh::new((10, 7), (&x_desc, "Duration (hours)"), &x_format, &y_format));
    let line: Vec<(f64, f64)> = (0..=60)
        .map(|i| {
            let x = x_max * f64::from(i) / 60.0;
            (x, hours(x * unit_bytes).min(y_max))
        })
        .collect();
    svg.line(&plot.all(line), color, 4, 1.0, None);
    let mut legend = vec![LegendEntry { label: format!("Duration at {}", format_rate(rate, system)), color, width: 4 }];
    if window_h > 0.0 {
        svg.line(&plot.all([(0.0, window_h), (x_max, window_h)]), RED, 2, 1.0, Some((8, 5)));
        legend.push(LegendEntry {
            label: format!("Backup window ({} h)", (window_h * 100.0).round() / 100.0),
            color: RED,
            width: 2,
        });
        if rate > 0.0 {
            let fits = rate * window_h * 3600.0;
            // Above the line at its right end: the data set's dot and label sit below their point, so
            // the two never overprint (24 TB at 8 h 20 min against a window that fits 23 TB).
            let (x, y) = plot.at((x_max, window_h));
            svg.text(
                (x - 4, y - 4),
                &format!("window fits {}", format_bytes(fits, system)),
                15,
                RED,
                Anchor::End,
                Base::Bottom,
            );
        }
    }
    if data > 0.0 {
        let point = (data / unit_bytes, hours(data).min(y_max));
        svg.circle(plot.at(point), 6, ACCENT);
        // In the right half of the plot the label ends at its point, so it stays on the canvas.
        let (x, y) = plot.at((point.0, (point.1 - y_max * 0.07).max(y_max * 0.02)));
        let anchor = if x > (plot.left + plot.right) / 2 { Anchor::End } else { Anchor::Start };
        svg.text(
            (x, y),
            &format!("{}: {}", format_bytes(data, system), format_duration(hours(data) * 3600.0)),
            16,
            ACCENT,
            anchor,
            Base::Top,
        );
    }
    draw_legend(&mut svg, &plot, &legend, Corner::UpperLeft);
    svg.table(
        &["Data set size", "Duration"],
        (1..=10)
            .map(|i| {
                let bytes = x_max_bytes * f64::from(i) / 10.0;
                vec![format_bytes(bytes, system), format_duration(hours(bytes) * 3600.0)]
            })
            .collect(),
    );
    let mut summary =
        format!("At {}, each hour moves {}", format_rate(rate, system), format_bytes(rate * 3600.0, system));
    if data > 0.0 {
        summary.push_str(&format!("; {} takes {}", format_bytes(data, system), format_duration(hours(data) * 3600.0)));
    }
    if window_h > 0.0 {
        summary.push_str(&format!("; the window fits {}", format_bytes(rate * window_h * 3600.0, system)));
    }
    summary.push('.');
    svg.describe(&summary);
    svg.finish()
}
