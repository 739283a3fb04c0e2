//! Aggregate throughput over the night: what all running jobs move together, a step at each start and
//! end, with the tail where only the long pole still runs shaded.

use super::canvas::{
    anchored, chart, dashed_key, font, font_px, key, legend, legend_height, mesh, message_svg, render, table,
    text_width, y_top, Axes, Corner, Frame, HPos, Notes, VPos,
};
use super::gantt::{time_axis, JOB, LONG_POLE, WINDOW};
use super::Chart;
use capacity_model::fleet::Schedule;
use capacity_model::units::{format_duration, format_rate, UnitSystem, MB, MIB};
use plotters::prelude::*;

/// Colour of the shared stages' limit (the tape drives' colour: they are the usual shared limit).
const SHARED: RGBColor = RGBColor(0x9c, 0x75, 0x5f);

/// The steps `(from, rate)` with runs of those shorter than `min_sec` folded together by time-weighted
/// average, so a night of thousands of events draws as a few hundred points without changing the bytes
/// under the curve. A step of `min_sec` or more stays as it is, and short steps are never folded into
/// it: a trial's 12 min copy at 694 MB/s before 4 h 43 min of nothing read 29.5 MB/s for the whole
/// stretch in the chart's table.
pub(crate) fn coarse_steps(steps: &[(f64, f64)], min_sec: f64) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::new();
    let mut pending: Option<(f64, f64, f64)> = None; // (from, to, bytes)
    let flush = |out: &mut Vec<(f64, f64)>, pending: &mut Option<(f64, f64, f64)>| {
        if let Some((start, to, bytes)) = pending.take() {
            out.push((start, if to > start { bytes / (to - start) } else { 0.0 }));
        }
    };
    for pair in steps.windows(2) {
        let ((from, rate), (to, _)) = (pair[0], pair[1]);
        if to - from >= min_sec {
            flush(&mut out, &mut pending);
            out.push((from, rate));
            continue;
        }
        let (start, bytes) = match pending.take() {
            Some((start, _, bytes)) => (start, bytes + rate * (to - from)),
            None => (from, rate * (to - from)),
        };
        pending = Some((start, to, bytes));
        if to - start >= min_sec {
            flush(&mut out, &mut pending);
        }
    }
    flush(&mut out, &mut pending);
    if let Some(&(last, _)) = steps.last() {
        out.push((last, 0.0));
    }
    out
}

/// Colour of the copies to tape (the growth timeline's copy colour).
const COPY: RGBColor = RGBColor(0x8a, 0x4f, 0x7d);

/// When the tail starts: the end of the last job other than the long pole (the long pole runs alone
/// after it).
pub(crate) fn tail_start(schedule: &Schedule) -> f64 {
    // With a copy to tape after each backup a job runs until its copy ends.
    let end = |i: usize| match &schedule.copy {
        Some(c) => c.jobs.get(i).map_or(0.0, |j| j.end_sec),
        None => schedule.jobs[i].end_sec,
    };
    (0..schedule.jobs.len())
        .filter(|i| *i != schedule.long_pole)
        .map(end)
        .fold(0.0, f64::max)
        .max(schedule.jobs.get(schedule.long_pole).map_or(0.0, |j| j.start_sec))
}

/// The aggregate rate (MB/s, or MiB/s) over the night as a step chart, `width` pixels wide, time from the
/// start on the x axis, the shared stages' rate as a dashed line, the window as a vertical line and the
/// long pole's tail shaded. Its table: the rate held from each time on, in about 40 steps.
pub fn throughput_chart(schedule: &Schedule, window_sec: f64, system: UnitSystem, width: u32) -> Chart {
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
    let tail = tail_start(schedule);
    let pole = schedule
        .jobs
        .get(schedule.long_pole)
        .map_or(String::new(), |j| super::short_name(&j.name, if width < 600 { 14 } else { 24 }));
    let copies = schedule.copy.as_ref().map(|c| {
        (
            coarse_steps(&c.throughput_steps, span / f64::from(size.0) / 2.0),
            c.night.aggregate_bytes_per_sec,
            c.night.bottleneck,
        )
    });
    let copies = copies.filter(|c| c.0.len() >= 2);
    let copy_peak = copies.as_ref().map_or(0.0, |c| c.0.iter().map(|s| s.1).fold(0.0, f64::max));
    let peak = peak.max(copy_peak);
    let top = y_top(peak / scale);
    let legend_room = legend_height(3 + usize::from(window > 0.0) + 2 * usize::from(copies.is_some()));
    size.1 += legend_room;
    let title = "Aggregate throughput over the night";
    let x_max = span / time_scale;
    render(size, title, |root, notes: &mut Notes| {
        let (upper, lower) = root.split_vertically(size.1 - legend_room);
        let mut chart = chart(&upper, size.0, &Frame::new(title, (50, 70), (0.0, x_max), (0.0, top)))?;
        let (x_desc, y_desc) = (format!("Time from the start ({time_unit})"), format!("Throughput ({unit})"));
        let x_format = |x: &f64| format!("{}", (x * 10.0).round() / 10.0);
        let y_format = |y: &f64| capacity_model::units::fixed(*y, 0);
        let axes =
            Axes { labels: (8, 6), desc: (&x_desc, &y_desc), x_format: &x_format, y_format: &y_format, y_grid: true };
        mesh(&mut chart, size.0, &axes)?;
        let mut keys = Vec::new();
        // The tail, shaded in the long pole's colour and named above the curve.
        if end - tail > end * 0.02 {
            let (x0, x1) = (tail / time_scale, end / time_scale);
            let shade = Rectangle::new([(x0, 0.0), (x1, top)], LONG_POLE.mix(0.12).filled());
            chart.draw_series(std::iter::once(shade))?;
            keys.push(key(format!("Only the long pole ({pole}) runs"), LONG_POLE, 8));
        }
        // The steps: each rate held until the next step, closed along the axis for the area.
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
        chart.draw_series(std::iter::once(Polygon::new(points.clone(), JOB.mix(0.18).filled())))?;
        chart.draw_series(std::iter::once(PathElement::new(points, JOB.stroke_width(2))))?;
        let backups = if copies.is_some() { "Backups into the repository" } else { "All running jobs together" };
        keys.push(key(backups.to_string(), JOB, 2));
        // The copies to tape as a second area: without it the copy phase drew as nothing moving.
        if let Some((copy, limit, stage)) = &copies {
            let mut points = vec![(copy[0].0 / time_scale, 0.0)];
            for pair in copy.windows(2) {
                points.push((pair[0].0 / time_scale, pair[0].1 / scale));
                points.push((pair[1].0 / time_scale, pair[0].1 / scale));
            }
            points.push((copy[copy.len() - 1].0 / time_scale, 0.0));
            chart.draw_series(std::iter::once(Polygon::new(points.clone(), COPY.mix(0.18).filled())))?;
            chart.draw_series(std::iter::once(PathElement::new(points, COPY.stroke_width(2))))?;
            keys.push(key("Copies to tape".to_string(), COPY, 2));
            let line = limit / scale;
            if line.is_finite() && line <= top {
                let series = DashedLineSeries::new([(0.0, line), (x_max, line)], 3, 4, COPY.stroke_width(2));
                chart.draw_series(series)?;
                let label = format!("Copies' limit: {} ({})", stage.name(), format_rate(*limit, system));
                keys.push(dashed_key(label, COPY, 2));
            }
        }
        let shared = schedule.aggregate_bytes_per_sec / scale;
        if shared.is_finite() && shared <= top {
            let line = DashedLineSeries::new([(0.0, shared), (x_max, shared)], 8, 5, SHARED.stroke_width(2));
            chart.draw_series(line)?;
            let whose = if copies.is_some() { "Backups' shared limit" } else { "Shared stages' limit" };
            let label = format!("{whose} ({})", format_rate(schedule.aggregate_bytes_per_sec, system));
            keys.push(dashed_key(label, SHARED, 2));
        }
        if window > 0.0 {
            let w = window / time_scale;
            let line = PathElement::new(vec![(w, 0.0), (w, top)], WINDOW.stroke_width(2));
            chart.draw_series(std::iter::once(line))?;
            keys.push(key(format!("Backup window ({})", format_duration(window)), WINDOW, 2));
        }
        // The tail's name, centred on it and kept inside the plot, drawn last on a white box: the window's
        // line may cross the tail.
        if end - tail > end * 0.02 {
            let (x0, x1) = (tail / time_scale, end / time_scale);
            let text = format!("only {pole} runs: {}", format_duration(end - tail));
            let style = anchored(font(14, size.0, LONG_POLE), HPos::Center, VPos::Center);
            let half = text_width(&text, 14, size.0) / 2 + 4;
            let (xs, _) = chart.plotting_area().get_pixel_range();
            let middle = chart.backend_coord(&((x0 + x1) / 2.0, top)).0;
            let dx = middle.clamp(xs.start + half, (xs.end - half).max(xs.start + half)) - middle;
            let h = font_px(14, size.0) + 4;
            chart.draw_series(std::iter::once(
                EmptyElement::at(((x0 + x1) / 2.0, top))
                    + Rectangle::new([(dx - half, 14 - h / 2), (dx + half, 14 + h / 2)], WHITE.mix(0.9).filled())
                    + Text::new(text, (dx, 14), style),
            ))?;
        }
        legend(&chart, &lower, size.0, keys, Corner::Below)?;
        // The rate held from each time on, in about 40 steps.
        let rows = coarse_steps(&schedule.throughput_steps, span / 40.0);
        notes.table = match &copies {
            None => table(
                &["From", "Throughput"],
                rows.iter()
                    .map(|&(from, rate)| vec![format!("after {}", format_duration(from)), format_rate(rate, system)]),
            ),
            // Backups and copies side by side, each the rate it holds from that time on.
            Some((copy, _, _)) => {
                let copy_rows = coarse_steps(copy, span / 40.0);
                let mut times: Vec<f64> = rows.iter().chain(&copy_rows).map(|r| r.0).collect();
                times.sort_by(f64::total_cmp);
                times.dedup();
                let at = |steps: &[(f64, f64)], t: f64| steps.iter().rev().find(|s| s.0 <= t).map_or(0.0, |s| s.1);
                table(
                    &["From", "Backups", "Copies to tape"],
                    times.iter().map(|&t| {
                        vec![
                            format!("after {}", format_duration(t)),
                            format_rate(at(&rows, t), system),
                            format_rate(at(&copy_rows, t), system),
                        ]
                    }),
                )
            }
        };
        let copied = match &copies {
            Some(_) => format!("; the copies to tape move up to {}", format_rate(copy_peak, system)),
            None => String::new(),
        };
        notes.desc = format!(
            "All jobs together move up to {}{copied}; the night ends after {}, {} of it with only {pole} running.",
            format_rate(steps.iter().map(|s| s.1).fold(0.0, f64::max), system),
            format_duration(end),
            format_duration(end - tail)
        );
        Ok(())
    })
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
        // A short burst before a long stretch of nothing keeps its own rate (a trial's 12 min copy at
        // 694 MB/s read 29.5 MB/s over 4 h 43 min).
        let burst = [(0.0, 826.0), (4_380.0, 694.0), (5_100.0, 0.0), (21_360.0, 500.0), (30_000.0, 0.0)];
        let coarse = coarse_steps(&burst, 1_000.0);
        assert_eq!(coarse, vec![(0.0, 826.0), (4_380.0, 694.0), (5_100.0, 0.0), (21_360.0, 500.0), (30_000.0, 0.0)]);
        assert!((bytes(&coarse) - bytes(&burst)).abs() < 1e-6);
    }
}
