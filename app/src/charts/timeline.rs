//! Capacity over time: each night's duration against the window, and the copies held against the
//! target's capacity, with the crossing nights marked.

use super::frame::{
    draw_legend, legend_height, mesh, start, Anchor, Base, Corner, Layout, LegendEntry, Mesh, Plot, Svg, ACCENT, RED,
};
use capacity_model::timeline::{BackupKind, Night, Timeline};
use capacity_model::units::{format_bytes, format_duration, trimmed, UnitSystem, TB, TIB};
use capacity_model::Scenario;

const FULL: &str = "#1f4e79";
const INCREMENTAL: &str = "#59a14f";

/// The x axis: years when the timeline is a year or longer, else months.
fn time_axis(days: usize) -> (f64, &'static str) {
    if days >= 365 {
        (365.0, "Years from today")
    } else {
        (365.0 / 12.0, "Months from today")
    }
}

/// Where the legend goes: inside the plot on a wide chart, under it on a phone's (where a box inside
/// would hide the lines and the markers).
fn legend_corner(width: u32) -> Corner {
    if width < 600 {
        Corner::Below
    } else {
        Corner::UpperLeft
    }
}

/// A chart's frame: caption, mesh with round labels, and the plotting area for x in 0..`x_max`,
/// y in 0..`y_max`; `y_digits` decimals on the y labels; room under it for a legend of `entries`
/// lines on a phone.
fn frame(
    title: &str,
    (width, entries): (u32, usize),
    (x_max, y_max): (f64, f64),
    (x_desc, y_desc): (&str, &str),
    y_digits: i32,
) -> (Svg, Plot) {
    let mut size = super::frame_size(width);
    let room = if width < 600 { legend_height(entries) } else { 0 };
    size.1 += room;
    let (mut svg, plot) = start(size, title, &Layout::new(title, size.1 - room, (54, 64), (0.0, x_max), (0.0, y_max)));
    let x_format = |x: f64| format!("{}", (x * 10.0).round() / 10.0);
    let scale = 10f64.powi(y_digits);
    let y_format = move |y: f64| format!("{}", (y * scale).round() / scale);
    mesh(&mut svg, &plot, &Mesh::new((10, 7), (x_desc, y_desc), &x_format, &y_format));
    (svg, plot)
}

/// A dashed horizontal limit at `y` across the plot, with its legend line.
fn limit_line(svg: &mut Svg, plot: &Plot, (x_max, y): (f64, f64), label: String, legend: &mut Vec<LegendEntry>) {
    svg.line(&plot.all([(0.0, y), (x_max, y)]), RED, 2, 1.0, Some((8, 5)));
    legend.push(LegendEntry { label, color: RED, width: 2 });
}

/// A vertical marker at `at` with its label half-way up.
fn marker(svg: &mut Svg, plot: &Plot, (at, top): (f64, f64), label: &str) {
    svg.line(&plot.all([(at, 0.0), (at, top)]), RED, 2, 1.0, None);
    // Half-way up, clear of the legend in the upper left; past the middle the label runs leftwards, so it
    // stays on the canvas.
    let (x, y) = plot.at((at, top * 0.5));
    let anchor = if x > (plot.left + plot.right) / 2 { Anchor::End } else { Anchor::Start };
    let dx = if anchor == Anchor::End { -4 } else { 4 };
    svg.text((x + dx, y), label, 14, RED, anchor, Base::Middle);
}

/// A marker's label: what happens, on which night, and on which date when today is known
/// (`first miss: night 371, 2027-12-06`).
fn marked(what: &str, day: u32, today: Option<(i32, u32, u32)>) -> String {
    match today {
        Some(today) => format!("{what}: night {day}, {}", capacity_model::timeline::date_after(today, day)),
        None => format!("{what}: night {day}"),
    }
}

/// The nights a chart's data table lists: about 50 spread evenly over the timeline, the last, and the
/// nights the card names (`key`: a crossing, the longest night, the most held).
fn table_nights(timeline: &Timeline, key: [Option<u32>; 2]) -> impl Iterator<Item = &Night> {
    let every = timeline.nights.len().div_ceil(50).max(1);
    let last = timeline.nights.len().saturating_sub(1);
    timeline
        .nights
        .iter()
        .enumerate()
        .filter(move |(i, n)| i % every == 0 || *i == last || key.contains(&Some(n.day)))
        .map(|(_, n)| n)
}

/// A data table's first cells for `night`: its number, and its date when today is known.
fn night_cells(night: &Night, today: Option<(i32, u32, u32)>) -> Vec<String> {
    let mut cells = vec![night.day.to_string()];
    cells.extend(today.map(|t| capacity_model::timeline::date_after(t, night.day)));
    cells
}

/// The first columns' titles of a data table.
fn night_head(today: Option<(i32, u32, u32)>, rest: &[&'static str]) -> Vec<&'static str> {
    let mut head = vec!["Night"];
    head.extend(today.map(|_| "Date"));
    head.extend_from_slice(rest);
    head
}

/// SVG of every night's backup duration (hours) over the timeline: fulls and incrementals (or
/// differentials) as separate lines, the window as a dashed line, the first night that misses it marked
/// (with its date when `today` is given).
pub fn night_chart(scenario: &Scenario, timeline: &Timeline, width: u32, today: Option<(i32, u32, u32)>) -> String {
    let title = "Night duration over time";
    let (per, x_desc) = time_axis(timeline.nights.len());
    let x_max = timeline.nights.len() as f64 / per;
    let window_h = scenario.backup_window_sec / 3600.0;
    let longest = timeline.longest_night().map_or(0.0, |n| n.duration_sec / 3600.0);
    let y_max = (longest.max(window_h) * 1.2).clamp(0.1, 1e6);
    let entries = 2 + usize::from(timeline.nights.iter().any(|n| n.kind != BackupKind::Full));
    let (mut svg, plot) = frame(title, (width, entries), (x_max, y_max), (x_desc, "Duration (hours)"), 1);
    let series = |full: bool| {
        plot.all(
            timeline
                .nights
                .iter()
                .filter(move |n| (n.kind == BackupKind::Full) == full)
                .map(move |n| (f64::from(n.day) / per, (n.duration_sec / 3600.0).min(y_max))),
        )
    };
    let mut legend = Vec::new();
    let incrementals = series(false);
    if !incrementals.is_empty() {
        svg.line(&incrementals, INCREMENTAL, 2, 1.0, None);
        let differential = scenario.full_every_days > 0
            && scenario.between_fulls == capacity_model::timeline::BetweenFulls::Differential;
        let label = if differential { "Differentials" } else { "Incrementals" };
        legend.push(LegendEntry { label: label.to_string(), color: INCREMENTAL, width: 2 });
    }
    svg.line(&series(true), FULL, 3, 1.0, None);
    legend.push(LegendEntry { label: "Fulls".to_string(), color: FULL, width: 3 });
    if window_h > 0.0 {
        let label = format!("Window ({} h)", (window_h * 100.0).round() / 100.0);
        limit_line(&mut svg, &plot, (x_max, window_h), label, &mut legend);
    }
    if let Some(day) = timeline.first_window_miss_day {
        marker(&mut svg, &plot, (f64::from(day) / per, y_max), &marked("first miss", day, today));
    }
    draw_legend(&mut svg, &plot, &legend, legend_corner(width));
    svg.table(
        &night_head(today, &["Backup", "Duration"]),
        table_nights(timeline, [timeline.first_window_miss_day, timeline.longest_night().map(|n| n.day)])
            .map(|n| {
                let mut cells = night_cells(n, today);
                cells.extend([n.kind.name().to_string(), format_duration(n.duration_sec)]);
                cells
            })
            .collect(),
    );
    let (longest, window) = (trimmed(longest, 1), trimmed(window_h, 2));
    svg.describe(&match timeline.first_window_miss_day {
        Some(day) => {
            format!("The longest night takes {longest} h; night {day} is the first over the {window} h window.")
        }
        None => format!("The longest night takes {longest} h; every night fits the {window} h window."),
    });
    svg.finish()
}

/// SVG of the copies the target holds after each night (TB, or TiB), against its capacity when one is
/// entered (target capacity, or library slots times a cartridge's capacity), the crossing marked.
pub fn held_chart(
    scenario: &Scenario,
    timeline: &Timeline,
    system: UnitSystem,
    width: u32,
    today: Option<(i32, u32, u32)>,
) -> String {
    let title = "Backup copies held over time";
    let (per, x_desc) = time_axis(timeline.nights.len());
    let x_max = timeline.nights.len() as f64 / per;
    let (unit_bytes, unit) = if system == UnitSystem::Binary { (TIB, "TiB") } else { (TB, "TB") };
    // The capacity in logical bytes: the target's space times the reduction, or the library's slots
    // times what a cartridge holds.
    let ratio = scenario.reduction_ratio();
    let capacity = [
        (scenario.target_capacity_bytes > 0.0).then_some(scenario.target_capacity_bytes * ratio),
        (scenario.library_slots > 0 && scenario.target == capacity_model::Target::Tape).then(|| {
            let spec = scenario.drive_spec();
            let compression = capacity_model::stages::tape::effective_compression(&spec, scenario.drive_compression());
            f64::from(scenario.library_slots) * spec.native_capacity_bytes * compression * ratio
        }),
    ]
    .into_iter()
    .flatten()
    .fold(f64::INFINITY, f64::min);
    let most = timeline.most_held().map_or(0.0, |n| n.retained_bytes);
    let y_max = (most.max(if capacity.is_finite() { capacity } else { 0.0 }) / unit_bytes * 1.2).max(0.001);
    let y_desc = format!("Held ({unit})");
    let (mut svg, plot) = frame(title, (width, 2), (x_max, y_max), (x_desc, &y_desc), 2);
    let points: Vec<(f64, f64)> =
        timeline.nights.iter().map(|n| (f64::from(n.day) / per, n.retained_bytes / unit_bytes)).collect();
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        let area: Vec<(f64, f64)> = std::iter::once((first.0, 0.0))
            .chain(points.iter().copied())
            .chain(std::iter::once((last.0, 0.0)))
            .collect();
        svg.polygon(&plot.all(area), ACCENT, 0.15);
    }
    svg.line(&plot.all(points), ACCENT, 2, 1.0, None);
    let mut legend = vec![LegendEntry { label: "Copies held".to_string(), color: ACCENT, width: 2 }];
    if capacity.is_finite() {
        let label = format!("Capacity ({})", format_bytes(capacity, system));
        limit_line(&mut svg, &plot, (x_max, capacity / unit_bytes), label, &mut legend);
    }
    if let Some(day) = timeline.first_capacity_exceeded_day {
        marker(&mut svg, &plot, (f64::from(day) / per, y_max), &marked("full", day, today));
    }
    draw_legend(&mut svg, &plot, &legend, legend_corner(width));
    svg.table(
        &night_head(today, &["Held"]),
        table_nights(timeline, [timeline.first_capacity_exceeded_day, timeline.most_held().map(|n| n.day)])
            .map(|n| {
                let mut cells = night_cells(n, today);
                cells.push(format_bytes(n.retained_bytes, system));
                cells
            })
            .collect(),
    );
    let most = format_bytes(most, system);
    svg.describe(&match (timeline.first_capacity_exceeded_day, capacity.is_finite()) {
        (Some(day), _) => format!("The copies held grow to {most}; after night {day} they no longer fit the capacity."),
        (None, true) => format!("The copies held grow to {most}, within the capacity."),
        (None, false) => format!("The copies held grow to {most}; no capacity is entered to check them against."),
    });
    svg.finish()
}
