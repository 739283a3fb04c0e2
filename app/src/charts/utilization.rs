//! Stage utilization bars: throughput over capacity for every stage (the utilization law), 100 % marked.

use super::frame::{mesh, start, Anchor, Base, Layout, Mesh, ACCENT, INK};
use crate::palette::stage_color;
use capacity_model::units::format_percent;
use capacity_model::{evaluate_backup, Scenario};

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
    // Room for the longest stage name at the size it is drawn (a sans-serif letter averages under half
    // an em; measured 0.46 em in Chromium), up to half the chart: on a phone "Per-transaction overhead"
    // needs about 140 px.
    let longest = stages.iter().map(|s| s.id.name().chars().count()).max().unwrap_or(0) as f64;
    let names_width = (longest * super::frame::font_px(15, size.0 as i32) * 0.5 + 16.0)
        .min(f64::from(size.0) * 0.5)
        .min(230.0) as i32;
    let title = "Stage utilization";
    let caption = "Stage utilization (throughput / capacity)";
    let (mut svg, plot) =
        start(size, title, &Layout::new(caption, size.1, (40, names_width), (0.0, top), (0.0, n as f64)));
    // Stage names are written beside the bars; the y axis has no labels or grid of its own.
    let x_format = |x: f64| capacity_model::units::fixed(x, 0);
    mesh(&mut svg, &plot, &Mesh::new((10, 0), ("Utilization (%)", ""), &x_format, &|_| String::new()));
    for (i, stage) in stages.iter().enumerate() {
        let (low, middle, high) = (i as f64 + 0.12, i as f64 + 0.5, i as f64 + 0.88);
        let value = shown(stage.utilization).min(top);
        let color = stage_color(stage.id);
        let opacity = if stage.id == report.bottleneck { 1.0 } else { 0.55 };
        svg.rect(plot.at((0.0, low)), plot.at((value, high)), color, opacity);
        // Labels of the longest bars go inside them, so they are never cut off at the edge.
        let inside = value > top * 0.8;
        let (anchor, at) = if inside { (Anchor::End, value - top * 0.01) } else { (Anchor::Start, value + top * 0.01) };
        svg.text(plot.at((at, middle)), &format_percent(stage.utilization), 15, INK, anchor, Base::Middle);
        let (x, y) = plot.at((0.0, middle));
        svg.text((x - 8, y), stage.id.name(), 15, INK, Anchor::End, Base::Middle);
    }
    svg.line(&plot.all([(100.0, 0.0), (100.0, n as f64)]), ACCENT, 2, 1.0, None);
    svg.table(
        &["Stage", "Utilization"],
        report.stages.iter().map(|s| vec![s.id.name().to_string(), format_percent(s.utilization)]).collect(),
    );
    let next = report
        .stages
        .iter()
        .filter(|s| s.id != report.bottleneck)
        .max_by(|a, b| a.utilization.total_cmp(&b.utilization));
    if let Some(next) = next {
        svg.describe(&format!(
            "{} binds at 100 %; the next busiest stage is {} at {}.",
            report.bottleneck.name(),
            next.id.name(),
            format_percent(next.utilization)
        ));
    }
    svg.finish()
}
