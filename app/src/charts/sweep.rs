//! Throughput against one parameter, with every stage's ceiling and the achieved envelope coloured by
//! the stage that binds at each point.

use super::canvas::{
    axis_bytes, band, chart, dashed_key, halo_label_toward, key, legend, legend_box, legend_height, mesh, message_svg,
    plot_rows, render, table, titled, y_top, Axes, Corner, Drawn, Frame, Hit, Key, Notes, Plot, ACCENT, BAND, INK,
};
use super::{Chart, Reading};
use crate::palette::stage_rgb;
use capacity_model::fields::{field_by_key, Field, Kind, FIELDS};
use capacity_model::sweep::{range, sweep};
use capacity_model::units::{format_bytes, format_rate, round_significant, UnitSystem, MB, MIB};
use capacity_model::{evaluate_backup, Role, Scenario, StageId, Warning};
use plotters::prelude::*;

/// Keys the sweep chart offers for a scenario, in menu order.
pub fn sweep_parameters(scenario: &Scenario) -> Vec<&'static Field> {
    const KEYS: [&str; 21] = [
        "clients",
        "streams",
        "drives",
        "fc_ports",
        "file_size",
        "files_per_txn",
        "compression",
        "client_ports",
        "server_ports",
        "buffers",
        "arrays",
        "volumes",
        "retrieve_volumes",
        "nfs_nodes",
        "file_systems",
        "interfaces",
        "stream_rate",
        "disks",
        "appliances",
        "parts_in_flight",
        "prefixes",
    ];
    KEYS.iter().filter_map(|k| field_by_key(k)).filter(|f| (f.applies)(scenario)).collect()
}

/// The values a sweep of `field` visits around its current value, and whether the axis is logarithmic.
/// Sizes, rates and ratios are rounded to three significant digits (sizes to whole bytes), as the
/// chart's readout and table show them: a click sets exactly the value whose throughput was shown.
fn sweep_values(field: &Field, current: f64) -> (Vec<f64>, bool) {
    let (mut values, log) = raw_sweep_values(field, current);
    if field.kind != Kind::Count {
        for v in &mut values {
            *v = round_significant(*v, 3);
            if field.kind == Kind::Bytes {
                *v = v.round().max(1.0);
            }
        }
        values.dedup();
    }
    (values, log)
}

fn raw_sweep_values(field: &Field, current: f64) -> (Vec<f64>, bool) {
    match field.kind {
        Kind::Count if field.key == "files_per_txn" => {
            (range(1.0, (current * 10.0).max(10_000.0).min(field.max), 60, true, true), true)
        }
        Kind::Count => {
            let top = (current * 2.0).max(16.0).min(field.max);
            let count = ((top - field.min) as usize + 1).min(128);
            (range(field.min, top, count, false, true), false)
        }
        Kind::Bytes => (
            range((current / 10.0).min(1e3).max(field.min), (current * 10.0).max(1e10).min(field.max), 80, true, false),
            true,
        ),
        _ => {
            let low = field.min.max(current * 0.1);
            let high = (current * 3.0).min(field.max).max(low * 1.5);
            (range(low, high, 81, false, false), false)
        }
    }
}

/// One point of a sweep: the parameter's value and what each stage allows there.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepRow {
    /// Parameter value, base units.
    pub value: f64,
    /// Achieved throughput, bytes/s.
    pub throughput_bytes_per_sec: f64,
    /// Binding stage.
    pub bottleneck: StageId,
    /// Every stage's capacity, bytes/s, in chain order (serial costs left out).
    pub capacities: Vec<(StageId, f64)>,
    /// For a full-duplex stage of a two-way workload, its send and retrieve capacities, bytes/s (each
    /// direction its own: the one figure above is their sum).
    pub directions: Vec<(StageId, [f64; 2])>,
    /// Whether the tape drives shoe-shine there (fed below their lowest streaming rate).
    pub shoe_shining: bool,
    /// What the backup's TCP connections carry on a LAN, bytes/s, where the chain leaves their stage out
    /// as unable to bind (`None` on a path with a round trip, where the chain always has it): the CSV's
    /// column gives the capacity on every row (worked out by `lan_connections_bytes_per_sec` below).
    pub lan_connections_bytes_per_sec: Option<f64>,
}

/// What the backup streams' TCP connections carry on a LAN (`rtt = 0`), logical bytes/s, as the model's
/// client stages work it out (a connection per stream, or per part in flight to an object store, each at
/// most the per-connection ceiling, times the clients' data reduction); `None` with a round trip. The
/// chain leaves the stage out where it cannot bind; a page trial (pt65) read the sweep CSV's column as
/// 3750, 7500, then "no limit (LAN)" from 3 streams on, where a 60-job fleet's stage table showed 30,000
/// MB/s for 8.
pub fn lan_connections_bytes_per_sec(s: &Scenario) -> Option<f64> {
    (s.rtt_sec <= 0.0).then(|| {
        let connections =
            f64::from(s.clients) * f64::from(s.streams_per_client) * f64::from(s.connections_per_stream());
        let wire = capacity_model::stages::connection::connections_bytes_per_sec(
            connections,
            s.tcp_connection_bytes_per_sec(),
            s.tcp_window_bytes,
            s.rtt_sec,
        );
        wire * s.reduction_ratio()
    })
}

/// The sweep behind the chart (and its CSV export). Empty when `key` is not a sweepable field.
pub fn sweep_rows(scenario: &Scenario, key: &str) -> Vec<SweepRow> {
    let Some(field) = field_by_key(key) else {
        return Vec::new();
    };
    let (values, _) = sweep_values(field, (field.get)(&scenario.sanitized()));
    sweep(scenario, key, &values)
        .unwrap_or_default()
        .into_iter()
        .map(|point| SweepRow {
            value: point.value,
            throughput_bytes_per_sec: point.report.throughput_bytes_per_sec,
            bottleneck: point.report.bottleneck,
            // A serial cost (per file, per transaction) is time on top of moving bytes, not a ceiling.
            capacities: point
                .report
                .stages
                .iter()
                .filter(|s| s.role != Role::Serial)
                .map(|s| (s.id, s.capacity_bytes_per_sec))
                .collect(),
            directions: point
                .report
                .stages
                .iter()
                .filter_map(|s| s.full_duplex().map(|d| (s.id, d.capacity_bytes_per_sec)))
                .collect(),
            shoe_shining: shoe_shines(&point.report),
            lan_connections_bytes_per_sec: lan_connections_bytes_per_sec(&point.report.scenario),
        })
        .collect()
}

/// Whether a report warns of shoe-shining.
pub(crate) fn shoe_shines(report: &capacity_model::Report) -> bool {
    report.warnings.iter().any(|w| matches!(w, Warning::ShoeShining { .. }))
}

/// Shades the runs of points (x in data units, in order) where the drives shoe-shine, each band
/// reaching halfway to the neighbouring points and labelled "shoe-shining" where it is wide enough, and
/// names the shading in the legend as `meaning`.
pub(crate) fn shade_shoe_shining(
    chart: &mut Plot,
    width: u32,
    (points, top): (&[(f64, bool)], f64),
    keys: &mut Vec<Key>,
    meaning: &str,
) -> Drawn {
    if points.iter().any(|p| p.1) {
        keys.push(key(meaning, BAND, 8));
    }
    let mut i = 0;
    while i < points.len() {
        if !points[i].1 {
            i += 1;
            continue;
        }
        let first = i;
        while i + 1 < points.len() && points[i + 1].1 {
            i += 1;
        }
        band(chart, width, column(points, first, i), top, "shoe-shining")?;
        i += 1;
    }
    Ok(())
}

/// The columns (data units) from halfway to the point before `first` to halfway to the point after `last`.
fn column(points: &[(f64, bool)], first: usize, last: usize) -> (f64, f64) {
    let x = |i: usize| points[i].0;
    let from = if first == 0 { x(0) } else { (x(first - 1) + x(first)) / 2.0 };
    let to = if last + 1 >= points.len() { x(last) } else { (x(last) + x(last + 1)) / 2.0 };
    (from, to)
}

/// Axis text for a parameter value: `8`, `49 KiB`, `2.5`.
fn axis_text(field: &Field, value: f64, system: UnitSystem) -> String {
    match field.kind {
        Kind::Bytes => format_bytes(value, system),
        Kind::Rate => format_rate(value, system),
        _ => capacity_model::units::trimmed(value, 2),
    }
}

/// Axis title for a parameter: "Clients", "Average file size (log scale)", "Rate of one stream (MB/s)".
fn axis_title(field: &Field, log: bool, system: UnitSystem) -> String {
    let mut notes = Vec::new();
    match field.kind {
        Kind::Rate if system == UnitSystem::Binary => notes.push("MiB/s"),
        Kind::Rate => notes.push("MB/s"),
        Kind::Number if field.key == "compression" => notes.push("x:1"),
        _ => {}
    }
    if log {
        notes.push("log scale");
    }
    if notes.is_empty() {
        field.label.to_string()
    } else {
        format!("{} ({})", field.label, notes.join(", "))
    }
}

/// The parts of a polyline at or below `top`, each cut where it crosses `top` (so a ceiling leaving the
/// chart runs to its edge instead of stopping short, and one above it is not drawn).
fn clip_below(points: &[(f64, f64)], top: f64) -> Vec<Vec<(f64, f64)>> {
    let mut runs = Vec::new();
    let mut run: Vec<(f64, f64)> = Vec::new();
    for pair in points.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let crossing = |from: f64, to: f64| {
            if to != from && to.is_finite() && from.is_finite() {
                x0 + (x1 - x0) * (top - from) / (to - from)
            } else {
                x1
            }
        };
        match (y0 <= top, y1 <= top) {
            (true, true) => {
                if run.is_empty() {
                    run.push((x0, y0));
                }
                run.push((x1, y1));
            }
            (true, false) => {
                if run.is_empty() {
                    run.push((x0, y0));
                }
                run.push((crossing(y0, y1), top));
                runs.push(std::mem::take(&mut run));
            }
            (false, true) => {
                run.push((crossing(y0, y1), top));
                run.push((x1, y1));
            }
            (false, false) => {}
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// A label inside a sentence: an ordinary first word in lower case (`Clients` → `clients`), an
/// acronym kept (`FC HBA ports`, `NFS nodes`).
pub fn in_sentence(label: &str) -> String {
    let mut chars = label.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_ascii_uppercase() && !second.is_ascii_uppercase() => {
            format!("{}{}", first.to_ascii_lowercase(), &label[1..])
        }
        _ => label.to_string(),
    }
}

/// Throughput (MB/s, or MiB/s) against `parameter` (a field's key) for `scenario`, `width` pixels wide,
/// and, when given, a second scenario's throughput (name, scenario) drawn as a dashed line for
/// comparison. Each point has an invisible column (`rect.hit`, its reading as its `<title>`, `data-apply`
/// the `key=value` a click sets) and a [`super::Reading`] in the same order. Its table: a row per point
/// (value, throughput, binding stage, and the compared scenario's throughput).
pub fn sweep_chart(
    scenario: &Scenario,
    subject: Option<&str>,
    compare: Option<(&str, &Scenario)>,
    parameter: &str,
    system: UnitSystem,
    width: u32,
) -> Chart {
    let size = super::frame_size(width);
    let Some(field) = field_by_key(parameter).filter(|f| FIELDS.iter().any(|g| g.key == f.key)) else {
        return message_svg(size, "Choose a parameter to sweep.");
    };
    let current = (field.get)(&scenario.sanitized());
    let (values, log) = sweep_values(field, current);
    let rows = sweep_rows(scenario, parameter);
    if rows.is_empty() {
        return message_svg(size, "Nothing to sweep.");
    }
    let now = evaluate_backup(scenario);
    let other: Option<(String, Vec<(f64, f64)>)> = compare.map(|(name, other)| {
        let points = sweep(other, parameter, &values).unwrap_or_default();
        (name.to_string(), points.iter().map(|p| (p.value, p.report.throughput_bytes_per_sec)).collect())
    });
    let scale = if system == UnitSystem::Binary { MIB } else { MB };
    let x_of = |v: f64| if log { v.max(1e-300).log10() } else { v };
    let (x0, x1) = (x_of(values[0]), x_of(*values.last().unwrap_or(&values[0])));
    let x1 = if x1 > x0 { x1 } else { x0 + 1.0 };
    let peak = rows
        .iter()
        .map(|r| r.throughput_bytes_per_sec)
        .chain(other.iter().flat_map(|(_, p)| p.iter().map(|q| q.1)))
        .fold(now.throughput_bytes_per_sec, f64::max);
    // Room for the next ceiling above the achieved line, when it is near enough to matter.
    let next = now.next_limit().map(|(_, rate)| rate).filter(|c| *c <= 2.0 * peak).unwrap_or(0.0);
    let top = y_top(peak / scale).max(next / scale * 1.08);
    let unit = if system == UnitSystem::Binary { "MiB/s" } else { "MB/s" };
    // Labels are ASCII: no Unicode case tables needed.
    let title = titled(subject, &format!("Throughput against {}", in_sentence(field.label)));
    // With a job list the chart shows the long pole alone: its columns read out, and set nothing (the
    // form's value is a default for the job rows, which the long pole may override).
    let click = if subject.is_some() { "" } else { " Click to set." };
    // The legend goes inside the plot on a wide chart, in the corner where it hides least of the lines;
    // where both corners would hide some (a compared scenario's line across one, a low ceiling across
    // the other), and always on a phone, it goes underneath in room kept for it.
    let base = size;
    let hides_lines = std::cell::Cell::new(false);
    let draw = |below: bool| {
        let mut size = base;
        // On a narrow chart the legend goes underneath: count its lines (ceilings that show, the achieved
        // line, a compared scenario) to reserve the room.
        // Stages can come and go along a sweep (a pairing that starts to bind): follow each by its id.
        let mut ids: Vec<StageId> = Vec::new();
        for id in rows.iter().flat_map(|r| r.capacities.iter().map(|c| c.0)) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        let capacity_at =
            |row: &SweepRow, id: StageId| row.capacities.iter().find(|c| c.0 == id).map_or(f64::INFINITY, |c| c.1);
        let ceilings_shown = ids.iter().filter(|&&id| rows.iter().any(|r| capacity_at(r, id) / scale <= top)).count();
        let starved = usize::from(rows.iter().any(|r| r.shoe_shining));
        let legend_room =
            if below { legend_height(ceilings_shown + 1 + usize::from(other.is_some()) + starved) } else { 0 };
        size.1 += legend_room;
        // Rates are labelled by number: the axis title gives their unit (`45`, not `45.0 MB/s`, which
        // overprint each other on a phone).
        let x_text = |x: f64| {
            let value = if log { 10f64.powf(x) } else { x };
            match field.kind {
                Kind::Rate => capacity_model::units::trimmed(value / scale, 1),
                Kind::Bytes => axis_bytes(value, system),
                _ => axis_text(field, value, system),
            }
        };
        // Room on the right for half the last x label (`10000` files per transaction), centred on its tick.
        let half_label = (x_text(x1).chars().count() as f64 * 15.0 / 1.24 * 0.3) as u32 + 6;
        let marks: Vec<(f64, bool)> = rows.iter().map(|r| (x_of(r.value), r.shoe_shining)).collect();
        render(size, &title, |root, notes: &mut Notes| {
            let (upper, lower) = root.split_vertically(size.1 - legend_room);
            let frame = Frame::new(&title, (54, 78), (x0, x1), (0.0, top)).margin_right(half_label);
            let mut chart = chart(&upper, size.0, &frame)?;
            let (x_desc, y_desc) = (axis_title(field, log, system), format!("Throughput ({unit})"));
            let x_format = |x: &f64| x_text(*x);
            let y_format = |y: &f64| capacity_model::units::fixed(*y, 0);
            let labels = (if below { 5 } else { 7 }, 7);
            let axes =
                Axes { labels, desc: (&x_desc, &y_desc), x_format: &x_format, y_format: &y_format, y_grid: true };
            mesh(&mut chart, size.0, &axes)?;
            let mut keys = Vec::new();
            shade_shoe_shining(&mut chart, size.0, (&marks, top), &mut keys, "Drives shoe-shine")?;
            // Each stage's ceiling, a thin line in its colour, drawn only where it lies on the chart (a
            // ceiling pinned to the top edge would read as a false limit).
            for &id in &ids {
                let color = stage_rgb(id);
                let points: Vec<(f64, f64)> =
                    rows.iter().map(|r| (x_of(r.value), capacity_at(r, id) / scale)).collect();
                let runs: Vec<_> = clip_below(&points, top).into_iter().filter(|run| run.len() >= 2).collect();
                if !runs.is_empty() {
                    let lines = runs.into_iter().map(|run| PathElement::new(run, color.mix(0.75).stroke_width(2)));
                    chart.draw_series(lines)?;
                    keys.push(key(format!("{} ceiling", id.name()), color, 2));
                }
            }
            // The achieved envelope, each segment in the colour of the stage that binds there.
            let segments = rows.windows(2).map(|pair| {
                let points: Vec<(f64, f64)> =
                    pair.iter().map(|r| (x_of(r.value), r.throughput_bytes_per_sec / scale)).collect();
                PathElement::new(points, stage_rgb(pair[1].bottleneck).stroke_width(5))
            });
            chart.draw_series(segments)?;
            keys.push(key("Achieved (colour = binding stage)".to_string(), INK, 5));
            if let Some((name_of, points)) = &other {
                let line = points.iter().map(|&(v, t)| (x_of(v), t / scale));
                chart.draw_series(DashedLineSeries::new(line, 10, 5, BLACK.stroke_width(3)))?;
                keys.push(dashed_key(format!("{name_of} (compared)"), BLACK, 3));
            }
            // Where the scenario is now.
            let (cx, cy) = (x_of(current), now.throughput_bytes_per_sec / scale);
            chart.draw_series(DashedLineSeries::new([(cx, 0.0), (cx, top)], 3, 3, ACCENT.stroke_width(1)))?;
            chart.draw_series(std::iter::once(Circle::new((cx, cy), 6, ACCENT.filled())))?;
            let now_text = format!("now: {}", format_rate(now.throughput_bytes_per_sec, system));
            // Left of a point near the right edge, where the label would be cut off.
            halo_label_toward(&mut chart, size.0, now_text, (cx, cy + top * 0.05), cx > x0 + 0.7 * (x1 - x0))?;
            // The legend goes where it hides least of the lines (the achieved line, a compared scenario's,
            // the ceilings that show), each sampled along its length: the lower right, where a rising curve
            // has levelled off above it, unless the lines run there (a low ceiling under a compared
            // scenario's higher one) and the upper left is clearer.
            let corner = if below {
                Corner::Below
            } else {
                let mut lines: Vec<Vec<(f64, f64)>> =
                    vec![rows.iter().map(|r| (x_of(r.value), r.throughput_bytes_per_sec / scale)).collect()];
                lines.extend(
                    other.iter().map(|(_, points)| points.iter().map(|&(v, t)| (x_of(v), t / scale)).collect()),
                );
                for &id in &ids {
                    lines.push(
                        rows.iter()
                            .map(|r| (x_of(r.value), capacity_at(r, id) / scale))
                            .filter(|p| p.1 <= top)
                            .collect(),
                    );
                }
                let hidden = |corner: Corner| {
                    let Some((x0, y0, x1, y1)) = legend_box(&chart, size.0, &keys, corner) else { return 0 };
                    let inside = |p: (f64, f64)| {
                        let (x, y) = chart.backend_coord(&p);
                        x >= x0 && x <= x1 && y >= y0 && y <= y1
                    };
                    lines
                        .iter()
                        .flat_map(|line| line.windows(2))
                        .flat_map(|pair| {
                            (0..=8).map(move |k| {
                                let t = f64::from(k) / 8.0;
                                (pair[0].0 + (pair[1].0 - pair[0].0) * t, pair[0].1 + (pair[1].1 - pair[0].1) * t)
                            })
                        })
                        .filter(|p| inside(*p))
                        .count()
                };
                let (upper_left, lower_right) = (hidden(Corner::UpperLeft), hidden(Corner::LowerRight));
                hides_lines.set(upper_left.min(lower_right) > 0);
                if upper_left < lower_right {
                    Corner::UpperLeft
                } else {
                    Corner::LowerRight
                }
            };
            let legend_at = legend_box(&chart, size.0, &keys, corner);
            legend(&chart, &lower, size.0, keys, corner)?;
            // A column per point over the plot's height: hovering reads it, clicking sets the parameter to it.
            // The columns lie over everything plotters drew but the legend: a column that crosses the
            // legend's box stops above it, so the legend can be read without a readout.
            let (plot_top, plot_bottom) = plot_rows(&chart);
            let mut cells_of = Vec::new();
            for (i, row) in rows.iter().enumerate() {
                let mut cells = vec![
                    axis_text(field, row.value, system),
                    format_rate(row.throughput_bytes_per_sec, system),
                    row.bottleneck.name().to_string() + if row.shoe_shining { "; drives shoe-shine" } else { "" },
                ];
                let (from, to) = column(&marks, i, i);
                let x = (chart.backend_coord(&(from, 0.0)).0, chart.backend_coord(&(to, 0.0)).0);
                let y = match legend_at {
                    Some((x0, _, x1, y1)) if x.1 > x0 && x.0 < x1 && corner == Corner::UpperLeft => {
                        (y1.min(plot_bottom - 1), plot_bottom)
                    }
                    Some((x0, y0, x1, _)) if x.1 > x0 && x.0 < x1 => (plot_top, y0.max(plot_top + 1)),
                    _ => (plot_top, plot_bottom),
                };
                notes.hits.push(Hit {
                    x,
                    y,
                    reading: Reading {
                        apply: format!("{}={}", field.key, field.format(row.value)),
                        tip: format!("{} {}: {}, limited by {}.{click}", field.label, cells[0], cells[1], cells[2]),
                    },
                });
                if let Some((_, points)) = &other {
                    cells.push(points.get(i).map_or(String::new(), |p| format_rate(p.1, system)));
                }
                cells_of.push(cells);
            }
            let compared = other.as_ref().map(|(name, _)| format!("{name} (compared)"));
            let mut head = vec![field.label, "Throughput", "Limited by"];
            head.extend(compared.as_deref());
            notes.table = table(&head, cells_of);
            if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
                notes.desc = format!(
                    "Throughput goes from {} at {} to {} at {} {}; now {} at {}, limited by {}.",
                    format_rate(first.throughput_bytes_per_sec, system),
                    axis_text(field, first.value, system),
                    format_rate(last.throughput_bytes_per_sec, system),
                    axis_text(field, last.value, system),
                    in_sentence(field.label),
                    format_rate(now.throughput_bytes_per_sec, system),
                    axis_text(field, current, system),
                    now.bottleneck.name()
                );
            }
            Ok(())
        })
    };
    let chart = draw(base.0 < 600);
    if hides_lines.get() {
        draw(true)
    } else {
        chart
    }
}
