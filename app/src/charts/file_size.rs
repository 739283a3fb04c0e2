//! Throughput against average file size (log axis) for several files-per-transaction settings: what
//! aggregation buys a small-file backup (seed 003).

use super::canvas::{
    axis_bytes, chart, halo_label_toward, key, legend, legend_height, mesh, message_svg, render, table, titled, y_top,
    Axes, Corner, Frame, Notes, ACCENT,
};
use super::sweep::{shade_shoe_shining, shoe_shines};
use super::Chart;
use capacity_model::sweep::{range, sweep};
use capacity_model::units::{format_bytes, format_rate, UnitSystem, MB, MIB};
use capacity_model::{evaluate_backup, Scenario, Target};
use plotters::prelude::*;

/// Files-per-transaction settings drawn, besides the scenario's own.
pub const FILES_PER_TRANSACTION: [u32; 4] = [1, 10, 100, 1000];

/// One colour per setting (Tableau 10's red, orange, green, blue, purple).
const LINE_COLORS: [RGBColor; 5] = [
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0x94, 0x67, 0xbd),
];

/// Throughput (MB/s, or MiB/s) against average file size from 1 KB to 10 GB (log scale; further where the
/// scenario's own size lies beyond), `width` pixels
/// wide, one line per files-per-transaction setting, the scenario's current point marked. Its table:
/// every second size, a throughput per setting. NFS targets get a note instead (no transactions).
pub fn file_size_chart(scenario: &Scenario, subject: Option<&str>, system: UnitSystem, width: u32) -> Chart {
    let mut size = super::frame_size(width);
    if scenario.target != Target::Tape {
        return message_svg(size, "Small-file effects apply to tape backups; NFS snapshots move whole volumes.");
    }
    // From 1 KB to 10 GB, or on to the decade that holds the scenario's own size (a trial's 100 GB files
    // were drawn at the 10 GB edge as if that were their size).
    let own = scenario.avg_file_bytes;
    let decade = |bytes: f64, up: bool| {
        let power = bytes.log10();
        10f64.powf(if up { power.ceil() } else { power.floor() })
    };
    let (low, high) = if own.is_finite() && own > 0.0 {
        (decade(own, false).min(1e3), decade(own, true).max(1e10))
    } else {
        (1e3, 1e10)
    };
    let sizes = range(low, high, 61, true, false);
    // The x axis is the size's logarithm: base 10 for decimal sizes, base 1,024 for binary ones, so the
    // ticks fall on 1 KB, 10 KB ... or 1 KiB, 32 KiB, 1 MiB ... (binary sizes at decimal ticks read
    // 95.4 MiB and 9.31 GiB).
    let binary = system == UnitSystem::Binary;
    // log10 alone: `ln` would bring its own code into the page (about 3 KB).
    let base = if binary { 1024f64.log10() } else { 1.0 };
    let log = move |bytes: f64| bytes.log10() / base;
    let (x_min, x_max) = (log(low), log(high));
    let mut settings: Vec<u32> = FILES_PER_TRANSACTION.to_vec();
    if !settings.contains(&scenario.files_per_transaction) {
        settings.push(scenario.files_per_transaction);
        settings.sort_unstable();
    }
    // Each setting's line, and where the scenario's own setting makes its drives shoe-shine.
    let mut shoe_shining: Vec<(f64, bool)> = Vec::new();
    let lines: Vec<(u32, Vec<(f64, f64)>)> = settings
        .iter()
        .map(|&files| {
            let mut s = scenario.clone();
            s.files_per_transaction = files;
            let points = sweep(&s, "file_size", &sizes).unwrap_or_default();
            if files == scenario.files_per_transaction {
                shoe_shining = points.iter().map(|p| (log(p.value), shoe_shines(&p.report))).collect();
            }
            (files, points.iter().map(|p| (log(p.value), p.report.throughput_bytes_per_sec)).collect())
        })
        .collect();
    let now = evaluate_backup(scenario);
    let scale = if system == UnitSystem::Binary { MIB } else { MB };
    let peak = lines.iter().flat_map(|(_, p)| p.iter().map(|q| q.1)).fold(0.0, f64::max);
    let top = y_top(peak / scale);
    let unit = if system == UnitSystem::Binary { "MiB/s" } else { "MB/s" };
    let title = &titled(subject, "Throughput against average file size");
    // On a phone the legend goes under the plot, where it hides no line.
    let below = size.0 < 600;
    let starved = shoe_shining.iter().any(|p| p.1);
    let legend_room = if below { legend_height(lines.len() + usize::from(starved)) } else { 0 };
    size.1 += legend_room;
    let per_transaction = |files: u32| format!("{files} {} per transaction", if files == 1 { "file" } else { "files" });
    render(size, title, |root, notes: &mut Notes| {
        let (upper, lower) = root.split_vertically(size.1 - legend_room);
        let frame = Frame::new(title, (54, 78), (x_min, x_max), (0.0, top)).margin_right(34);
        let mut chart = chart(&upper, size.0, &frame)?;
        let y_desc = format!("Throughput ({unit})");
        let x_format = |x: &f64| axis_bytes(10f64.powf(*x * base), system);
        let y_format = |y: &f64| capacity_model::units::fixed(*y, 0);
        let axes = Axes {
            labels: (if below { 4 } else { 7 }, 7),
            desc: ("Average file size (log scale)", &y_desc),
            x_format: &x_format,
            y_format: &y_format,
            y_grid: true,
        };
        mesh(&mut chart, size.0, &axes)?;
        // Under the lines, named in the legend before them.
        let meaning = format!("Drives shoe-shine ({})", per_transaction(scenario.files_per_transaction));
        let mut keys = Vec::new();
        shade_shoe_shining(&mut chart, size.0, (&shoe_shining, top), &mut keys, &meaning)?;
        for (i, (files, points)) in lines.iter().enumerate() {
            let color = LINE_COLORS[i % LINE_COLORS.len()];
            let stroke = if *files == scenario.files_per_transaction { 4 } else { 2 };
            let line = points.iter().map(|&(x, y)| (x, y / scale));
            chart.draw_series(LineSeries::new(line, color.stroke_width(stroke)))?;
            keys.push(key(per_transaction(*files), color, stroke));
        }
        let point = (log(now.scenario.avg_file_bytes).clamp(x_min, x_max), now.throughput_bytes_per_sec / scale);
        chart.draw_series(std::iter::once(Circle::new(point, 6, ACCENT.filled())))?;
        let now_text = format!("now: {}", format_rate(now.throughput_bytes_per_sec, system));
        let leftward = point.0 > x_min + 0.7 * (x_max - x_min);
        halo_label_toward(&mut chart, size.0, now_text, (point.0, point.1 + top * 0.05), leftward)?;
        legend(&chart, &lower, size.0, keys, if below { Corner::Below } else { Corner::LowerRight })?;
        let mut head = vec!["Average file size".to_string()];
        head.extend(lines.iter().map(|(files, _)| per_transaction(*files)));
        // Every second size: a table of 31 rows reads better than 61.
        let rows = sizes.iter().enumerate().step_by(2).map(|(i, &bytes)| {
            let mut row = vec![format_bytes(bytes, system)];
            row.extend(lines.iter().map(|(_, p)| p.get(i).map_or(String::new(), |q| format_rate(q.1, system))));
            row
        });
        notes.table = table(&head.iter().map(String::as_str).collect::<Vec<_>>(), rows);
        notes.desc = format!(
            "At {} per file and {} per transaction the backup moves {}; fewer files per transaction lower the throughput most for small files.",
            format_bytes(now.scenario.avg_file_bytes, system),
            now.scenario.files_per_transaction,
            format_rate(now.throughput_bytes_per_sec, system)
        );
        Ok(())
    })
}
