//! Aggregate throughput over the night: what all running jobs move together, a step at each start and
//! end, with the tail where only the long pole still runs shaded.

use super::frame::{
    draw_legend, legend_height, mesh, message_svg, start, y_top, Anchor, Base, Corner, Layout, LegendEntry, Mesh,
};
use super::gantt::{time_axis, JOB, LONG_POLE, WINDOW};
use capacity_model::fleet::Schedule;
use capacity_model::units::{format_duration, format_rate, UnitSystem, MB, MIB};

/// Colour of the shared stages' limit (the tape drives' colour: they are the usual shared limit).
const SHARED: &str = "#9c755f";

/// The steps `(from, rate)` with those shorter than `min_sec` folded into their neighbours by
/// time-weighted average, so a night of thousands of events draws as a few hundred points without
/// changing the bytes under the curve.
pub(crate) fn coarse_steps(steps: &[(f64, f64)], min_sec: f64) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::new();
    let mut pending: Option<(f64, f64, f64)> = None; // (from, to, bytes)
    for pair in steps.windows(2) {
        let ((from, rate), (to, _)) = (pair[0], pair[1]);
        let (start, bytes) = match pending.take() {
            Some((start, _, bytes)) => (start, bytes + rate * (to - from)),
            None => (from, rate * (to - from)),
        };
        if to - start >= min_sec {
            out.push((start, bytes / (to - start)));
        } else {
            pending = Some((start, to, bytes));
        }
    }
    if let Some((start, to, bytes)) = pending {
        out.push((start, if to > start { bytes / (to - start) } else { 0.0 }));
    }
    if let Some(&(last, _)) = steps.last() {
        out.push((last, 0.0));
    }
    out
}

/// When the tail starts: the end of the last job other than the long pole (the long pole runs alone
/// after it).
pub(crate) fn tail_start(schedule: &Schedule) -> f64 {
    schedule
        .jobs
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != schedule.long_pole)
        .map(|(_, j)| j.end_sec)
        .fold(0.0, f64::max)
        .max(schedule.jobs.get(schedule.long_pole).map_or(0.0, |j| j.start_sec))
}

/// SVG of the aggregate rate over the night as a step chart, the shared stages' rate as a dashed line,
/// the window as a vertical line and the long pole's tail shaded.
pub fn throughput_chart(schedule: &Schedule, window_sec: f64, system: UnitSystem, width: u32) -> String {
    let mut size = super::frame_size(width);
    let end = schedule.makespan_sec;
    if !end.is_finite() || schedule.throughput_steps.len() < 2 {
        return message_svg(size, "Nothing moves: there is no throughput to draw.");
    }
    let (scale, unit) = if system == UnitSystem::Binary { (MIB, "MiB/s") } else { (MB, "MB/s") };
    let window = if window_sec > 0.0 { window_sec } else { 0.0 };
    let span = end.max(window) * 1.04;
    let (time_scale, time_unit) = time_axis(span);
    // About two points per pixel of width.
    let steps = coarse_steps(&schedule.throughput_steps, span / f64::from(size.0) / 2.0);
    let peak = steps.iter().map(|s| s.1).fold(schedule.aggregate_bytes_per_sec.min(1e300), f64::max);
    let top = y_top(peak / scale);
    let tail = tail_start(schedule);
    let pole = schedule.jobs.get(schedule.long_pole).map_or("", |j| j.name.as_str());
    let legend_room = legend_height(3 + usize::from(window > 0.0));
    size.1 += legend_room;
    let title = "Aggregate throughput over the night";
    let layout = Layout::new(title, size.1 - legend_room, (50, 70), (0.0, span / time_scale), (0.0, top));
    let (mut svg, plot) = start(size, title, &layout);
    let (x_desc, y_desc) = (format!("Time from the start ({time_unit})"), format!("Throughput ({unit})"));
    let x_format = |x: f64| format!("{}", (x * 10.0).round() / 10.0);
    let y_format = |y: f64| capacity_model::units::fixed(y, 0);
    mesh(&mut svg, &plot, &Mesh::new((8, 6), (&x_desc, &y_desc), &x_format, &y_format));
    let mut legend = Vec::new();
    // The tail, shaded in the long pole's colour and named above the curve.
    if end - tail > end * 0.02 {
        let (x0, x1) = (tail / time_scale, end / time_scale);
        svg.rect(plot.at((x0, 0.0)), plot.at((x1, top)), LONG_POLE, 0.12);
        let text = format!("only {pole} runs: {}", format_duration(end - tail));
        // Kept inside the plot: widths estimated from the length, as the legends do.
        let half = (text.chars().count() as f64 * 13.0 * 0.28) as i32 + 4;
        let px = plot.px((x0 + x1) / 2.0).min(plot.right - half).max(plot.left + half);
        svg.text((px, plot.top + 14), &text, 14, LONG_POLE, Anchor::Middle, Base::Middle);
        legend.push(LegendEntry { label: format!("Only the long pole ({pole}) runs"), color: LONG_POLE, width: 8 });
    }
    // The steps as a polyline: each rate held until the next step, closed along the axis for the area.
    let mut points = Vec::with_capacity(steps.len() * 2 + 2);
    points.push((0.0, 0.0));
    for pair in steps.windows(2) {
        let (t0, r) = pair[0];
        points.push((t0 / time_scale, r / scale));
        points.push((pair[1].0 / time_scale, r / scale));
    }
    if let Some(&(t, _)) = steps.last() {
        points.push((t / time_scale, 0.0));
    }
    let pixels = plot.all(points);
    svg.polygon(&pixels, JOB, 0.18);
    svg.line(&pixels, JOB, 2, 1.0, None);
    legend.push(LegendEntry { label: "All running jobs together".to_string(), color: JOB, width: 2 });
    let shared = schedule.aggregate_bytes_per_sec / scale;
    if shared.is_finite() && shared <= top {
        svg.line(&plot.all([(0.0, shared), (span / time_scale, shared)]), SHARED, 2, 1.0, Some((8, 5)));
        legend.push(LegendEntry {
            label: format!("Shared stages' limit ({})", format_rate(schedule.aggregate_bytes_per_sec, system)),
            color: SHARED,
            width: 2,
        });
    }
    if window > 0.0 {
        let w = window / time_scale;
        svg.line(&plot.all([(w, 0.0), (w, top)]), WINDOW, 2, 1.0, None);
        legend.push(LegendEntry {
            label: format!("Backup window ({})", format_duration(window)),
            color: WINDOW,
            width: 2,
        });
    }
    draw_legend(&mut svg, &plot, &legend, Corner::Below);
    // The rate held from each time on, in about 40 steps.
    let rows = coarse_steps(&schedule.throughput_steps, span / 40.0);
    svg.table(
        &["From", "Throughput"],
        rows.iter()
            .map(|&(from, rate)| vec![format!("after {}", format_duration(from)), format_rate(rate, system)])
            .collect(),
    );
    svg.describe(&format!(
        "All jobs together move up to {}; the night ends after {}, {} of it with only {pole} running.",
        format_rate(steps.iter().map(|s| s.1).fold(0.0, f64::max), system),
        format_duration(end),
        format_duration(end - tail)
    ));
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::coarse_steps;

    #[test]
    fn folding_short_steps_keeps_the_bytes() {
        // 1,000 steps of 1 s alternating 100 and 300 B/s, then one of 500 s at 50 B/s, then the end.
        let mut steps: Vec<(f64, f64)> =
            (0..1000).map(|i| (f64::from(i), if i % 2 == 0 { 100.0 } else { 300.0 })).collect();
        steps.push((1000.0, 50.0));
        steps.push((1500.0, 0.0));
        let bytes = |s: &[(f64, f64)]| s.windows(2).map(|w| w[0].1 * (w[1].0 - w[0].0)).sum::<f64>();
        let coarse = coarse_steps(&steps, 10.0);
        assert!(coarse.len() < 110, "{}", coarse.len());
        assert!((bytes(&coarse) - bytes(&steps)).abs() < 1e-6, "{} vs {}", bytes(&coarse), bytes(&steps));
        assert_eq!(coarse.last(), Some(&(1500.0, 0.0)));
        assert_eq!(coarse[coarse.len() - 2], (1000.0, 50.0), "a long step stays as it is");
    }
}
