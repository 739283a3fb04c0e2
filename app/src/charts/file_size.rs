//! Throughput against average file size (log axis) for several files-per-transaction settings: what
//! aggregation buys a small-file backup (seed 003).

use super::frame::{
    draw_legend, font, halo_label, house_mesh, message_svg, render, y_top, Corner, LegendEntry, ACCENT,
};
use capacity_model::sweep::{range, sweep};
use capacity_model::units::{format_bytes, format_rate, UnitSystem, MB, MIB};
use capacity_model::{evaluate_backup, Scenario, Target};
use plotters::prelude::*;

/// Files-per-transaction settings drawn, besides the scenario's own.
pub const FILES_PER_TRANSACTION: [u32; 4] = [1, 10, 100, 1000];

const LINE_COLORS: [RGBColor; 5] = [
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0x94, 0x67, 0xbd),
];

/// SVG of throughput against average file size from 1 kB to 10 GB, one line per files-per-transaction
/// setting, the scenario's current point marked. NFS targets get a note instead (no transactions).
pub fn file_size_chart(scenario: &Scenario, system: UnitSystem, width: u32) -> String {
    let size = super::frame_size(width);
    if scenario.target != Target::Tape {
        return message_svg(size, "Small-file effects apply to tape backups; NFS snapshots move whole volumes.");
    }
    let sizes = range(1e3, 1e10, 61, true, false);
    let mut settings: Vec<u32> = FILES_PER_TRANSACTION.to_vec();
    if !settings.contains(&scenario.files_per_transaction) {
        settings.push(scenario.files_per_transaction);
        settings.sort_unstable();
    }
    let lines: Vec<(u32, Vec<(f64, f64)>)> = settings
        .iter()
        .map(|&files| {
            let mut s = scenario.clone();
            s.files_per_transaction = files;
            let points = sweep(&s, "file_size", &sizes)
                .unwrap_or_default()
                .iter()
                .map(|p| (p.value.log10(), p.report.throughput_bytes_per_sec))
                .collect();
            (files, points)
        })
        .collect();
    let now = evaluate_backup(scenario);
    let scale = if system == UnitSystem::Binary { MIB } else { MB };
    let peak = lines.iter().flat_map(|(_, p)| p.iter().map(|q| q.1)).fold(0.0, f64::max);
    let top = y_top(peak / scale);
    let unit = if system == UnitSystem::Binary { "MiB/s" } else { "MB/s" };
    render(size, "Throughput against average file size", |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("Throughput against average file size", font(20))
            .margin(14)
            .margin_right(34)
            .x_label_area_size(54)
            .y_label_area_size(78)
            .build_cartesian_2d(3f64..10f64, 0f64..top)?;
        let mut legend: Vec<LegendEntry> = Vec::new();
        house_mesh(&mut chart)
            .x_desc("Average file size (log scale)")
            .y_labels(7)
            .y_desc(format!("Throughput ({unit})"))
            .x_labels(7)
            .x_label_formatter(&|x| format_bytes(10f64.powf(*x), system).replace(".00 ", " ").replace(".0 ", " "))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .draw()?;
        for (i, (files, points)) in lines.iter().enumerate() {
            let color = LINE_COLORS[i % LINE_COLORS.len()];
            let width = if *files == scenario.files_per_transaction { 4 } else { 2 };
            let noun = if *files == 1 { "file" } else { "files" };
            chart
                .draw_series(LineSeries::new(points.iter().map(|&(x, y)| (x, y / scale)), color.stroke_width(width)))?;
            legend.push(LegendEntry { label: format!("{files} {noun} per transaction").to_string(), color, width });
        }
        let point = (now.scenario.avg_file_bytes.log10().clamp(3.0, 10.0), now.throughput_bytes_per_sec / scale);
        chart.draw_series(std::iter::once(Circle::new(point, 6, ACCENT.filled())))?;
        halo_label(
            &chart,
            root,
            &format!("now: {}", format_rate(now.throughput_bytes_per_sec, system)),
            (point.0, point.1 + top * 0.05),
        )?;
        draw_legend(root, chart.plotting_area().get_pixel_range(), &legend, Corner::LowerRight)?;
        Ok(())
    })
}
