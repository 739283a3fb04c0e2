//! Stage utilization bars: throughput over capacity for every stage (the utilization law), 100 % marked.

use super::frame::{font, house_mesh, render, ACCENT};
use crate::palette::stage_rgb;
use capacity_model::units::format_percent;
use capacity_model::{evaluate_backup, Scenario};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// SVG of every stage's utilization (throughput / capacity; for a per-file or per-transaction cost, its
/// share of each stream's time) as horizontal bars, in chain order.
pub fn utilization_chart(scenario: &Scenario, width: u32) -> String {
    let report = evaluate_backup(scenario);
    // Bars are drawn bottom-up, so reverse to read the chain from the top.
    let stages: Vec<_> = report.stages.iter().rev().copied().collect();
    let n = stages.len();
    let shown = |u: f64| if u.is_finite() { u * 100.0 } else { 1e4 };
    let peak = stages.iter().map(|s| shown(s.utilization)).fold(100.0, f64::max);
    let top = (peak * 1.18).min(1_000.0);
    let size = (super::frame_size(width).0, 110 + 38 * n as u32);
    let names_width = (f64::from(size.0) * 0.3).min(230.0) as u32;
    render(size, "Stage utilization", |root| {
        // Plain f64 coordinates on both axes, as the other charts use: stage names are drawn as text
        // beside the bars rather than through a segmented axis (one less chart type in the page's code).
        let mut chart = ChartBuilder::on(root)
            .caption("Stage utilization (throughput / capacity)", font(20))
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(names_width)
            .build_cartesian_2d(0f64..top, 0f64..n as f64)?;
        house_mesh(&mut chart)
            .disable_y_mesh()
            .y_labels(0)
            .x_desc("Utilization (%)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()?;
        let name_style = font(15).pos(Pos::new(HPos::Right, VPos::Center));
        for (i, stage) in stages.iter().enumerate() {
            let (low, middle, high) = (i as f64 + 0.12, i as f64 + 0.5, i as f64 + 0.88);
            let value = shown(stage.utilization).min(top);
            let color = stage_rgb(stage.id);
            let style = if stage.id == report.bottleneck { color.filled() } else { color.mix(0.55).filled() };
            chart.draw_series(std::iter::once(Rectangle::new([(0.0, low), (value, high)], style)))?;
            let label = format_percent(stage.utilization);
            // Labels of the longest bars go inside them, so they are never cut off at the edge.
            let inside = value > top * 0.8;
            let anchor = if inside { HPos::Right } else { HPos::Left };
            let at = if inside { value - top * 0.01 } else { value + top * 0.01 };
            let style = font(15).pos(Pos::new(anchor, VPos::Center));
            chart.draw_series(std::iter::once(Text::new(label, (at, middle), style)))?;
            let (x, y) = chart.backend_coord(&(0.0, middle));
            root.draw(&Text::new(stage.id.name(), (x - 8, y), name_style.clone()))?;
        }
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(100.0, 0.0), (100.0, n as f64)],
            ACCENT.stroke_width(2),
        )))?;
        Ok(())
    })
}
