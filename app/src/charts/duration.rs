//! Backup duration against data-set size, with the backup window as a line.

use super::canvas::{
    anchored, chart, dashed_key, font, key, legend, legend_height, mesh, render, table, titled, Axes, Corner, Frame,
    HPos, Notes, VPos, ACCENT, LIMIT,
};
use super::Chart;
use crate::palette::stage_rgb;
use capacity_model::units::{format_bytes, format_duration, format_rate, UnitSystem, TB, TIB};
use capacity_model::{evaluate_backup, Scenario};
use plotters::prelude::*;

/// Backup duration (hours) against data-set size (TB, or TiB), `width` pixels wide: the line's slope is
/// 1 / throughput; the window is a horizontal line and the current data set a dot. Without a data set the
/// axis spans a fifth past what the window (or a day) holds, and past the data set. Its table: ten sizes and their durations,
/// with the data set's own among them.
pub fn duration_chart(scenario: &Scenario, subject: Option<&str>, system: UnitSystem, width: u32) -> Chart {
    let report = evaluate_backup(scenario);
    // With a copy to tape in the backup's window the night is backup then copy: the rate a byte of the
    // night moves at is the two in series.
    let copy_rate = report.copy.as_ref().filter(|c| c.shared_window).map(|c| c.throughput_bytes_per_sec);
    let backup_rate = report.throughput_bytes_per_sec;
    let rate = report.night_bytes_per_sec();
    let window_h = report.scenario.backup_window_sec / 3600.0;
    // What the window holds, the handling those bytes need taken out of it.
    let window_bytes = report.night_bytes_in(report.scenario.backup_window_sec).unwrap_or(0.0);
    let data = report.scenario.data_set_bytes;
    // The axis runs a fifth past what the window (or a day) holds, so the line meets the window, and
    // past the data set.
    let fill = rate * if window_h > 0.0 { window_h } else { 24.0 } * 3600.0;
    let x_max_bytes = if data > 0.0 { (data * 1.25).max(fill * 1.2) } else { fill * 1.2 };
    let x_max_bytes = if x_max_bytes.is_finite() && x_max_bytes > 0.0 { x_max_bytes } else { TB };
    // Sizes under a terabyte in gigabytes, so the ticks read 0.5, 1, 1.5 rather than 0, 0, 0.
    let (unit_bytes, unit) = match (system == UnitSystem::Binary, x_max_bytes < TB) {
        (true, false) => (TIB, "TiB"),
        (true, true) => (TIB / 1024.0, "GiB"),
        (false, false) => (TB, "TB"),
        (false, true) => (TB / 1000.0, "GB"),
    };
    let x_max = x_max_bytes / unit_bytes;
    // Each size at today's throughput plus the cartridge changes (and new cartridges) it needs, as the
    // results count the data set's own duration: the line steps where a drive fills another cartridge.
    let hours = |bytes: f64| match report.night_duration_for(bytes) {
        Some(sec) => sec / 3600.0,
        None if rate > 0.0 || bytes <= 0.0 => 0.0,
        None => f64::INFINITY,
    };
    let y_max = (hours(x_max_bytes).max(window_h) * 1.15).clamp(0.1, 1e6);
    let color = stage_rgb(report.bottleneck);
    let size = super::frame_size(width);
    let title = &titled(
        subject,
        // An NFS target's workload names what is timed (a trial found a retrieval called a backup).
        match (copy_rate.is_some(), scenario.target == capacity_model::Target::Nfs, scenario.nfs_workload) {
            (true, _, _) => "Backup then copy to tape against data size",
            (false, true, capacity_model::NfsWorkload::Retrieve) => "Retrieval duration against data size",
            (false, true, capacity_model::NfsWorkload::Mixed) => "Duration against data size",
            _ => "Backup duration against data size",
        },
    );
    // On a phone the legend goes under the plot, where it covers neither the data set's label nor the
    // window's line.
    let below = size.0 < 600;
    let legend_room = if below { legend_height(1 + usize::from(window_h > 0.0)) } else { 0 };
    let size = (size.0, size.1 + legend_room);
    render(size, title, |whole, notes: &mut Notes| {
        let (plot, under) = whole.split_vertically(size.1 - legend_room);
        let root = &plot;
        let mut chart = chart(root, size.0, &Frame::new(title, (54, 64), (0.0, x_max), (0.0, y_max)))?;
        let mut keys = Vec::new();
        let x_desc = format!("Data set size ({unit})");
        let x_format = |x: &f64| format!("{}", (x * 100.0).round() / 100.0);
        let y_format = |y: &f64| format!("{}", (y * 10.0).round() / 10.0);
        let axes = Axes {
            labels: (10, 7),
            desc: (&x_desc, "Duration (hours)"),
            x_format: &x_format,
            y_format: &y_format,
            y_grid: true,
        };
        mesh(&mut chart, size.0, &axes)?;
        let line = (0..=60).map(|i| {
            let x = x_max * f64::from(i) / 60.0;
            (x, hours(x * unit_bytes).min(y_max))
        });
        chart.draw_series(LineSeries::new(line, color.stroke_width(4)))?;
        keys.push(key(
            match copy_rate {
                Some(copy) => {
                    format!("Backup at {} then copy at {}", format_rate(backup_rate, system), format_rate(copy, system))
                }
                None => format!("Duration at {}", format_rate(rate, system)),
            },
            color,
            4,
        ));
        // A data set just under what the window fits puts its point under the window's label at the
        // line's right end, and its own label across the line: then the window's label goes to the
        // line's left end, under it (the duration line is far below there), and the point's label
        // above the line, left of the point (the duration line is under the window there).
        let under_label = (data > 0.0 && window_h > 0.0 && rate > 0.0 && hours(data) <= window_h) && {
            let point = chart.backend_coord(&(data / unit_bytes, hours(data)));
            let end = chart.backend_coord(&(x_max, window_h));
            point.0 >= end.0 - (size.0.min(700) as f64 * 0.4) as i32 && point.1 - end.1 < 30
        };
        if window_h > 0.0 {
            let window = [(0.0, window_h), (x_max, window_h)];
            chart.draw_series(DashedLineSeries::new(window, 8, 5, LIMIT.stroke_width(2)))?;
            keys.push(dashed_key(format!("Backup window ({})", format_duration(window_h * 3600.0)), LIMIT, 2));
            if rate > 0.0 {
                // At the window line's right end, on the side the duration line is not: below the window
                // when the line ends above it, else above. The data set's label sits above its point only
                // in the plot's right half, left of the point, away from this one.
                let text = format!("window fits {}", format_bytes(window_bytes, system));
                let (v, dy) = if hours(x_max_bytes) > window_h { (VPos::Top, 4) } else { (VPos::Bottom, -4) };
                let (h, at, dx, v, dy) =
                    if under_label { (HPos::Left, 0.0, 4, VPos::Top, 4) } else { (HPos::Right, x_max, -4, v, dy) };
                let style = anchored(font(15, size.0, LIMIT), h, v);
                chart.draw_series(std::iter::once(
                    EmptyElement::at((at, window_h)) + Text::new(text, (dx, dy), style),
                ))?;
            }
        }
        if data > 0.0 {
            let point = (data / unit_bytes, hours(data).min(y_max));
            // The line rises to the right, so the label sits right of and below its point; in the right half
            // of the plot, where it would run off the canvas, left of and above it.
            // Near the bottom of the plot, where below it would sit on the axis's numbers: right of and above it.
            let ((h, v), offset) = if under_label {
                ((HPos::Right, VPos::Bottom), (-8, -4))
            } else if point.0 > x_max / 2.0 {
                ((HPos::Right, VPos::Bottom), (-8, -8))
            } else if point.1 < y_max * 0.2 {
                ((HPos::Left, VPos::Bottom), (8, -8))
            } else {
                ((HPos::Left, VPos::Top), (8, 8))
            };
            let text = format!("{}: {}", format_bytes(data, system), format_duration(hours(data) * 3600.0));
            let style = anchored(font(16, size.0, ACCENT), h, v);
            chart.draw_series(std::iter::once(Circle::new(point, 6, ACCENT.filled())))?;
            // By the window's line (see `under_label`): above the line, not above the point.
            let anchor = if under_label { (point.0, window_h) } else { point };
            chart.draw_series(std::iter::once(EmptyElement::at(anchor) + Text::new(text, offset, style)))?;
        }
        if below {
            legend(&chart, &under, size.0, keys, Corner::Below)?;
        } else {
            legend(&chart, root, size.0, keys, Corner::UpperLeft)?;
        }
        // Ten sizes across the axis, and the data set's own in its place among them.
        let mut sizes: Vec<(f64, bool)> = (1..=10).map(|i| (x_max_bytes * f64::from(i) / 10.0, false)).collect();
        if data > 0.0 {
            // A grid size the data set falls on is its row (a trial read "20.0 TB" twice, one marked).
            let same = |bytes: f64| format_bytes(bytes, system) == format_bytes(data, system);
            sizes.retain(|(bytes, _)| !same(*bytes));
            let at = sizes.iter().position(|(bytes, _)| *bytes > data).unwrap_or(sizes.len());
            sizes.insert(at, (data, true));
        }
        notes.table = table(
            &["Data set size", "Duration"],
            sizes.into_iter().map(|(bytes, own)| {
                let size = format_bytes(bytes, system);
                let size = if own { format!("{size} (this data set)") } else { size };
                vec![size, format_duration(hours(bytes) * 3600.0)]
            }),
        );
        let mut summary = match copy_rate {
            Some(copy) => format!(
                "Backed up at {} then copied to tape at {}, each hour of the night moves {}",
                format_rate(backup_rate, system),
                format_rate(copy, system),
                format_bytes(rate * 3600.0, system)
            ),
            None => {
                format!("At {}, each hour moves {}", format_rate(rate, system), format_bytes(rate * 3600.0, system))
            }
        };
        if data > 0.0 {
            summary.push_str(&format!(
                "; {} takes {}",
                format_bytes(data, system),
                format_duration(hours(data) * 3600.0)
            ));
        }
        if window_h > 0.0 {
            summary.push_str(&format!("; the window fits {}", format_bytes(window_bytes, system)));
        }
        summary.push('.');
        notes.desc = summary;
        Ok(())
    })
}
