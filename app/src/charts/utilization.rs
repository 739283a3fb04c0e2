//! Stage utilization bars: throughput over capacity for every stage (the utilization law), 100 % marked.

use super::canvas::{
    anchored, chart, font, mesh, render, table, text_width, titled, Axes, Frame, HPos, Notes, VPos, ACCENT, INK,
};
use super::Chart;
use crate::palette::stage_rgb;
use capacity_model::units::format_percent;
use capacity_model::{evaluate_backup, Scenario};
use plotters::prelude::*;

/// Every stage's utilization (%, throughput / capacity; for a per-file or per-transaction cost, its share
/// of each stream's time) as horizontal bars in chain order, `width` pixels wide, each stage named at the
/// y axis. Its table: each stage and its utilization.
pub fn utilization_chart(scenario: &Scenario, subject: Option<&str>, width: u32) -> Chart {
    let report = evaluate_backup(scenario);
    // Bars are drawn bottom-up, so reverse to read the chain from the top.
    let stages: Vec<_> = report.stages.iter().rev().copied().collect();
    let n = stages.len();
    let shown = |u: f64| if u.is_finite() { u * 100.0 } else { 1e4 };
    let peak = stages.iter().map(|s| shown(s.utilization)).fold(100.0, f64::max);
    let top = (peak * 1.18).min(1_000.0);
    let size = (super::frame_size(width).0, 110 + 38 * n as u32);
    // Room for the longest stage name at the size it is drawn (a sans-serif letter averages under half
    // an em; measured 0.46 em in Chromium) and the 10 px plotters leaves before the axis, up to 0.58 of the
    // chart: on a 320 px phone "Per-transaction overhead" needs about 145 px of the chart's 260.
    let name_px = 15.0 / 1.24;
    let longest = stages.iter().map(|s| s.id.name().chars().count()).max().unwrap_or(0) as f64;
    let names_width = (longest * name_px * 0.5 + 16.0).min(f64::from(size.0) * 0.58).min(230.0) as u32;
    let title = &titled(subject, "Stage utilization");
    let caption = &titled(subject, "Stage utilization (throughput / capacity)");
    render(size, title, |root, notes: &mut Notes| {
        let frame = Frame::new(caption, (40, names_width), (0.0, top), (-0.5, n as f64 - 0.5));
        let mut chart = chart(root, size.0, &frame)?;
        let x_format = |x: &f64| capacity_model::units::fixed(*x, 0);
        // Stage names at the y axis, one at each bar's middle.
        let y_format = |y: &f64| {
            let i = y.round();
            if (y - i).abs() < 1e-6 && i >= 0.0 {
                stages.get(i as usize).map_or(String::new(), |s| s.id.name().to_string())
            } else {
                String::new()
            }
        };
        let axes = Axes {
            labels: (10, n),
            desc: ("Utilization (%)", ""),
            x_format: &x_format,
            y_format: &y_format,
            y_grid: false,
        };
        mesh(&mut chart, size.0, &axes)?;
        let plot_px = f64::from(chart.plotting_area().dim_in_pixel().0.max(1));
        for (i, stage) in stages.iter().enumerate() {
            let middle = i as f64;
            let value = shown(stage.utilization).min(top);
            let opacity = if stage.id == report.bottleneck { 1.0 } else { 0.55 };
            let bar = Rectangle::new(
                [(0.0, middle - 0.38), (value, middle + 0.38)],
                stage_rgb(stage.id).mix(opacity).filled(),
            );
            // Labels of the longest bars go inside them, so they are never cut off at the edge; so do those
            // that would run across the 100 % line (on a phone a bar at 68 % is already close to it).
            let text = format_percent(stage.utilization);
            let label_data = f64::from(text_width(&text, 15, size.0) + 6) * top / plot_px;
            let inside = value > top * 0.8 || (value < 100.0 && value + label_data > 100.0 && value > label_data);
            // Six pixels from the bar's end, and an inside label that would touch the 100 % line ends six
            // pixels before it (a phone's "100.0 %" was struck through by the line).
            let pad = 6.0 * top / plot_px;
            let right = value - pad;
            let right = if right > 100.0 - pad && right - label_data < 100.0 + pad { 100.0 - pad } else { right };
            let (h, at) = if inside { (HPos::Right, right) } else { (HPos::Left, value + pad) };
            let label = Text::new(text, (at, middle), anchored(font(15, size.0, INK), h, VPos::Center));
            chart.draw_series(std::iter::once(bar))?;
            chart.draw_series(std::iter::once(label))?;
        }
        let full = [(100.0, -0.5), (100.0, n as f64 - 0.5)];
        chart.draw_series(std::iter::once(PathElement::new(full.to_vec(), ACCENT.stroke_width(2))))?;
        notes.table = table(
            &["Stage", "Utilization"],
            report.stages.iter().map(|s| vec![s.id.name().to_string(), format_percent(s.utilization)]),
        );
        // A serial cost's figure is a share of each stream's time, not throughput over capacity: it is
        // said as such and not ranked against the others (a page trial read a per-file cost that "binds
        // at 59.0 %" beside a "next busiest" stage at 59.3 %).
        let serial = |s: &capacity_model::Stage| s.role == capacity_model::Role::Serial;
        let next = report
            .stages
            .iter()
            .filter(|s| s.id != report.bottleneck && !serial(s))
            .max_by(|a, b| a.utilization.total_cmp(&b.utilization));
        if let Some(next) = next {
            // At its own bar's figure: streams that also pay per-file costs bind at 91.3 %, not 100 % (a
            // page trial read the two side by side).
            let binding = report.stages.iter().find(|s| s.id == report.bottleneck);
            let figure = binding.map_or(1.0, |s| s.utilization);
            let (name, verb) = (report.bottleneck.name(), report.bottleneck.bind_verb());
            notes.desc = if binding.is_some_and(serial) {
                format!(
                    "{name} {verb}, taking {} of {}; the busiest stage that carries the data is {} at {} of its capacity.",
                    format_percent(figure),
                    report.bottleneck.serial_time_of(),
                    next.id.name(),
                    format_percent(next.utilization)
                )
            } else {
                format!(
                    "{name} {verb} at {}; the next busiest stage is {} at {}.",
                    format_percent(figure),
                    next.id.name(),
                    format_percent(next.utilization)
                )
            };
        }
        Ok(())
    })
}
