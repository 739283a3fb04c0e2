//! Capacity over time: each night's duration against the window, and the copies held against the
//! target's capacity, with the crossing nights marked.

use super::canvas::{
    anchored, chart, dashed_key, font, font_px, key, legend, legend_height, mesh, render, table, text_width, Axes,
    Corner, Drawn, Frame, HPos, Key, Notes, Plot, VPos, ACCENT, LIMIT,
};
use super::Chart;
use capacity_model::timeline::{BackupKind, Night, Timeline};
use capacity_model::units::{format_bytes, format_count, format_duration, UnitSystem, GB, MB, MIB, TB, TIB};
use capacity_model::Scenario;
use plotters::prelude::*;

/// Colour of the fulls (the page's accent).
const FULL: RGBColor = RGBColor(0x1f, 0x4e, 0x79);
/// Colour of incrementals and differentials (the palette's green).
const INCREMENTAL: RGBColor = RGBColor(0x59, 0xa1, 0x4f);
/// Colour of the copies to tape in a window of their own, and of that window: a purple (Tableau 10's
/// #b07aa1, darkened for contrast on white), apart from the backup window's red, which an orange was
/// too close to.
const COPY: RGBColor = RGBColor(0x8a, 0x4f, 0x7d);

/// The x axis: years when the timeline is a year or longer, else months.
fn time_axis(days: usize) -> (f64, &'static str) {
    if days >= 365 {
        (365.0, "Years from today")
    } else {
        (365.0 / 12.0, "Months from today")
    }
}

/// A timeline chart of `width`: its frame (caption, mesh with round labels; x in 0..`x_max`, y in
/// 0..`y_max`, at least `y_digits` decimals on the y labels, more where the axis is short) drawn by `paint`, with room under it for a legend of
/// `entries` lines: under the plot at every width, since the nights' lines run anywhere from the window
/// at the top to the incrementals at the bottom and a box inside would hide some of them.
fn timeline_chart(
    title: &str,
    (width, entries): (u32, usize),
    (x_max, y_max): (f64, f64),
    (x_desc, y_desc): (&str, &str),
    y_digits: i32,
    paint: impl FnOnce(&mut Plot, &mut Vec<Key>, &mut Notes) -> Drawn,
) -> Chart {
    let mut size = super::frame_size(width);
    let room = legend_height(entries);
    size.1 += room;
    render(size, title, |root, notes: &mut Notes| {
        let (upper, lower) = root.split_vertically(size.1 - room);
        let mut chart = chart(&upper, size.0, &Frame::new(title, (54, 64), (0.0, x_max), (0.0, y_max)))?;
        let x_format = |x: &f64| format!("{}", (x * 10.0).round() / 10.0);
        // Enough decimals that ticks about a seventh of the axis apart read apart (0.005, 0.01, not 0.01,
        // 0.01 for a small data set held).
        let needed = if y_max > 0.0 && y_max.is_finite() { (-(y_max / 7.0).log10()).ceil() as i32 + 1 } else { 0 };
        let scale = 10f64.powi(y_digits.max(needed).min(6));
        let y_format = move |y: &f64| format!("{}", (y * scale).round() / scale);
        let axes =
            Axes { labels: (10, 7), desc: (x_desc, y_desc), x_format: &x_format, y_format: &y_format, y_grid: true };
        mesh(&mut chart, size.0, &axes)?;
        let mut keys = Vec::new();
        paint(&mut chart, &mut keys, notes)?;
        legend(&chart, &lower, size.0, keys, Corner::Below)
    })
}

/// A dashed horizontal limit at `y` across the plot, named `label` in the legend.
fn limit_line(chart: &mut Plot, (x_max, y): (f64, f64), label: String, keys: &mut Vec<Key>) -> Drawn {
    limit_line_in(chart, (x_max, y), label, keys, LIMIT)
}

fn limit_line_in(
    chart: &mut Plot,
    (x_max, y): (f64, f64),
    label: String,
    keys: &mut Vec<Key>,
    colour: RGBColor,
) -> Drawn {
    chart.draw_series(DashedLineSeries::new([(0.0, y), (x_max, y)], 8, 5, colour.stroke_width(2)))?;
    keys.push(dashed_key(label, colour, 2));
    Ok(())
}

/// A vertical marker at `at` with its label on a white box, so the lines it crosses do not strike it
/// through, at the first height (half-way up, then nearer and farther from the middle) where the box
/// hides no part of `lines` (each a polyline in data units: the chart's series and limits); half-way up
/// when every height would.
fn marker(
    chart: &mut Plot,
    width: u32,
    (at, x_max, top): (f64, f64, f64),
    label: String,
    lines: &[&[(f64, f64)]],
) -> Drawn {
    chart.draw_series(std::iter::once(PathElement::new(vec![(at, 0.0), (at, top)], LIMIT.stroke_width(2))))?;
    // Past the middle the label runs leftwards, so it stays on the canvas.
    let style = anchored(font(14, width, LIMIT), HPos::Left, VPos::Center);
    let (w, h) = (text_width(&label, 14, width) + 8, font_px(14, width) + 4);
    // The box stays inside the plot, off the axis: on the other side of the marker where it does not fit
    // on its own, else against the plot's edge (a phone's narrow plot).
    let range = chart.x_range();
    let (x_at, plot_left, plot_right) = (
        chart.backend_coord(&(at, 0.0)).0,
        chart.backend_coord(&(range.start, 0.0)).0,
        chart.backend_coord(&(range.end, 0.0)).0,
    );
    let fits = |left: i32| x_at + left >= plot_left && x_at + left + w <= plot_right;
    let left = match if at > x_max / 2.0 { [-4 - w, 4] } else { [4, -4 - w] } {
        [first, _] if fits(first) => first,
        [_, second] if fits(second) => second,
        [first, _] => (x_at + first).clamp(plot_left, plot_left.max(plot_right - w)) - x_at,
    };
    let height = [0.5, 0.62, 0.38, 0.74, 0.26, 0.86, 0.14]
        .into_iter()
        .map(|share| top * share)
        .find(|&y| {
            let (x0, y0) = chart.backend_coord(&(at, y));
            let (bx0, bx1, by0, by1) = (x0 + left - 2, x0 + left + w + 2, y0 - h / 2 - 2, y0 + h / 2 + 2);
            !lines.iter().any(|line| {
                line.windows(2).any(|pair| {
                    let (a, b) = (chart.backend_coord(&pair[0]), chart.backend_coord(&pair[1]));
                    // The segment sampled finely enough to meet a box a few pixels tall.
                    let steps = ((b.0 - a.0).abs().max((b.1 - a.1).abs()) / 2).clamp(1, 400);
                    (0..=steps).any(|i| {
                        let t = f64::from(i) / f64::from(steps);
                        let x = f64::from(a.0) + t * f64::from(b.0 - a.0);
                        let y = f64::from(a.1) + t * f64::from(b.1 - a.1);
                        x >= f64::from(bx0) && x <= f64::from(bx1) && y >= f64::from(by0) && y <= f64::from(by1)
                    })
                })
            })
        })
        .unwrap_or(top * 0.5);
    let element = EmptyElement::at((at, height))
        + Rectangle::new([(left, -h / 2), (left + w, h / 2)], WHITE.mix(0.9).filled())
        + Text::new(label, (left + 4, 0), style);
    chart.draw_series(std::iter::once(element))?;
    Ok(())
}

/// A marker's label: what happens, on which night, and on which date when today is known
/// (`first miss: night 371, 2027-12-06`).
fn marked(what: &str, day: u32, today: Option<(i32, u32, u32)>) -> String {
    match today {
        Some(today) => format!(
            "{what}: night {}, {}",
            format_count(f64::from(day)),
            capacity_model::timeline::date_after(today, day)
        ),
        None => format!("{what}: night {}", format_count(f64::from(day))),
    }
}

/// The nights a chart's data table lists: about 50 of those `listed` picks spread evenly over the
/// timeline, the last of them, the timeline's last night, the nights the card names (`key`: a
/// crossing, the longest night, the most held) and every night `also` picks, in night order.
fn table_nights<'a>(
    timeline: &'a Timeline,
    key: [Option<u32>; 3],
    listed: impl Fn(&Night) -> bool + 'a,
    also: impl Fn(&Night) -> bool + 'a,
) -> impl Iterator<Item = &'a Night> + 'a {
    let count = timeline.nights.iter().filter(|n| listed(n)).count();
    let every = count.div_ceil(50).max(1);
    let last = timeline.nights.last().map(|n| n.day);
    let mut seen = 0;
    timeline.nights.iter().filter(move |n| {
        let named = key.contains(&Some(n.day)) || Some(n.day) == last || also(n);
        if !listed(n) {
            return named;
        }
        seen += 1;
        named || (seen - 1) % every == 0 || seen == count
    })
}

/// A data table's first cells for `night`: its number, and its date when today is known.
fn night_cells(night: &Night, today: Option<(i32, u32, u32)>) -> Vec<String> {
    let mut cells = vec![night.day.to_string()];
    cells.extend(today.map(|t| capacity_model::timeline::date_after(t, night.day)));
    cells
}

/// Cartridge handling from which a night is listed in the timeline chart's table whatever its place: a
/// third of a new LTO-9 cartridge's 40 min of media optimisation (IBM's average, `stages/cartridges.rs`),
/// ten times the longest single cartridge change (92 s).
const OPTIMISATION_SHOWN_SEC: f64 = 800.0;

/// The first columns' titles of a data table.
fn night_head(today: Option<(i32, u32, u32)>, rest: &[&'static str]) -> Vec<&'static str> {
    let mut head = vec!["Night"];
    head.extend(today.map(|_| "Date"));
    head.extend_from_slice(rest);
    head
}

/// Every night's backup duration (hours) over the timeline (years or months from today), `width` pixels
/// wide: fulls and incrementals (or differentials) as separate lines, the window as a dashed line, the
/// first night that misses it marked (with its date when `today` is given). A copy to tape in the
/// backup's window is part of each night's duration; in a window of its own the fulls' copies are a
/// line of their own against that window. Its table: about 50 fulls spread over the timeline, the last,
/// the first miss, the longest and the first incremental that misses (number, date, kind, duration, whether
/// it fits, and the copy when there is one).
pub fn night_chart(scenario: &Scenario, timeline: &Timeline, width: u32, today: Option<(i32, u32, u32)>) -> Chart {
    let title = "Night duration over time";
    let (per, x_desc) = time_axis(timeline.nights.len());
    let x_max = timeline.nights.len() as f64 / per;
    let window_h = scenario.backup_window_sec / 3600.0;
    let longest = timeline.longest_night().map_or(0.0, |n| n.duration_sec / 3600.0);
    let copy_window_h = scenario.copy_window_sec / 3600.0;
    let has_copies = timeline.nights.iter().any(|n| n.copy_sec.is_some());
    let own_copies = has_copies && copy_window_h > 0.0;
    let longest_copy = timeline.nights.iter().filter_map(|n| n.copy_sec).fold(0.0, f64::max) / 3600.0;
    let y_max =
        if own_copies { longest.max(window_h).max(longest_copy).max(copy_window_h) } else { longest.max(window_h) };
    let y_max = (y_max * 1.2).clamp(0.1, 1e6);
    let has_incrementals = timeline.nights.iter().any(|n| n.kind != BackupKind::Full);
    let entries = 2 + usize::from(has_incrementals) + 2 * usize::from(own_copies);
    let series = |full: bool| -> Vec<(f64, f64)> {
        timeline
            .nights
            .iter()
            .filter(|n| (n.kind == BackupKind::Full) == full)
            .map(|n| (f64::from(n.day) / per, (n.duration_sec / 3600.0).min(y_max)))
            .collect()
    };
    let (fulls, between) = (series(true), series(false));
    let copies: Vec<(f64, f64)> = if own_copies {
        // The fulls' copies only: with the incrementals' between them the line would fill the plot.
        let hours = |n: &Night| (n.copy_sec.unwrap_or(0.0) / 3600.0).min(y_max);
        let fulls = timeline.nights.iter().filter(|n| n.kind == BackupKind::Full);
        fulls.map(|n| (f64::from(n.day) / per, hours(n))).collect()
    } else {
        Vec::new()
    };
    let window_line = [(0.0, window_h), (x_max, window_h)];
    timeline_chart(title, (width, entries), (x_max, y_max), (x_desc, "Duration (hours)"), 1, |chart, keys, notes| {
        if has_incrementals {
            chart.draw_series(LineSeries::new(between.iter().copied(), INCREMENTAL.stroke_width(2)))?;
            let differential = scenario.full_every_days > 0
                && scenario.between_fulls == capacity_model::timeline::BetweenFulls::Differential;
            let label = if differential { "Differentials" } else { "Incrementals" };
            keys.push(key(label.to_string(), INCREMENTAL, 2));
        }
        chart.draw_series(LineSeries::new(fulls.iter().copied(), FULL.stroke_width(3)))?;
        keys.push(key("Fulls".to_string(), FULL, 3));
        if window_h > 0.0 {
            limit_line(chart, (x_max, window_h), format!("Window ({} h)", (window_h * 100.0).round() / 100.0), keys)?;
        }
        if own_copies {
            chart.draw_series(LineSeries::new(copies.iter().copied(), COPY.stroke_width(2)))?;
            keys.push(key("Copies of fulls to tape".to_string(), COPY, 2));
            let label = format!("Copy window ({} h)", (copy_window_h * 100.0).round() / 100.0);
            limit_line_in(chart, (x_max, copy_window_h), label, keys, COPY)?;
        }
        if let Some(day) = timeline.first_window_miss_day {
            let lines: [&[(f64, f64)]; 4] = [&fulls, &between, &window_line, &copies];
            marker(chart, width, (f64::from(day) / per, x_max, y_max), marked("first miss", day, today), &lines)?;
        }
        // Nights whose cartridge handling stands out (a new LTO-9 cartridge's media optimisation, 40 min)
        // rise above their neighbours in the chart: the table lists each and says how long it stood
        // still (a trial saw a full jump from 6.0 to 6.7 h on night 14 and nothing said why).
        let handled = timeline.nights.iter().any(|n| n.handling_sec >= 60.0);
        let head: Vec<&str> = ["Backup", "Duration", "Fits"]
            .into_iter()
            .chain(has_copies.then_some("Copy to tape"))
            .chain(handled.then_some("Cartridge handling"))
            .collect();
        // The fulls set the nights that miss: the table lists them (the incrementals between only where
        // the card names one), and each duration to the second where the minute would read as the window.
        let any_full = timeline.nights.iter().any(|n| n.kind == BackupKind::Full);
        let key = [
            timeline.first_window_miss_day,
            timeline.longest_night().map(|n| n.day),
            timeline.first_incremental_miss_day,
        ];
        let window = scenario.backup_window_sec;
        let duration = move |sec: f64| {
            if window > 0.0 {
                capacity_model::units::format_duration_against(sec, window)
            } else {
                format_duration(sec)
            }
        };
        let optimised = |n: &Night| n.handling_sec >= OPTIMISATION_SHOWN_SEC;
        notes.table = table(
            &night_head(today, &head),
            table_nights(timeline, key, move |n| !any_full || n.kind == BackupKind::Full, optimised).map(|n| {
                let mut cells = night_cells(n, today);
                let fits = if n.fits { "yes" } else { "no" };
                cells.extend([n.kind.name().to_string(), duration(n.duration_sec), fits.to_string()]);
                cells.extend(n.copy_sec.map(format_duration));
                if handled {
                    cells.push(format_duration(n.handling_sec));
                }
                cells
            }),
        );
        // Written as the cards write durations: a page trial read "12811172.7 h" here beside the timeline
        // card's "1,461 years", over a line drawn flat at the chart's top.
        let clipped = longest > y_max;
        let (longest, window) = (format_duration(longest * 3600.0), format_duration(window_h * 3600.0));
        let mut desc = match timeline.first_window_miss_day.map(|d| format_count(f64::from(d))) {
            Some(day) if own_copies => format!(
                "The longest night takes {longest}; night {day} is the first whose backup or copy to tape misses its window ({window} and {}).",
                format_duration(copy_window_h * 3600.0)
            ),
            Some(day) => format!("The longest night takes {longest}; night {day} is the first over the {window} window."),
            None => format!("The longest night takes {longest}; every night fits the {window} window."),
        };
        if clipped {
            desc.push_str(&format!(
                " Nights longer than {} are drawn at the chart's top.",
                format_duration(y_max * 3600.0)
            ));
        }
        notes.desc = desc;
        Ok(())
    })
}

/// The copies the target holds after each night (TB, or TiB), `width` pixels wide, against its capacity
/// when one is entered (target capacity, or library slots times a cartridge's capacity), the crossing
/// marked. Its table: about 50 nights spread over the timeline, the last, the crossing and the one that
/// holds most (number, date, copies held).
pub fn held_chart(
    scenario: &Scenario,
    timeline: &Timeline,
    system: UnitSystem,
    width: u32,
    today: Option<(i32, u32, u32)>,
) -> Chart {
    let title = "Backup copies held over time";
    let (per, x_desc) = time_axis(timeline.nights.len());
    let x_max = timeline.nights.len() as f64 / per;
    // The capacity in the data's bytes: the target's space times what a stored byte holds (the
    // reduction), or what the library's slots hold as the drives fill their own cartridges (less than
    // the slots times a cartridge: a trial's line stood at 20 slots' 32.0 TB above 31.3 TB of copies
    // that needed 21 cartridges).
    let per_stored = capacity_model::timeline::data_per_stored_byte(scenario);
    let target = (scenario.target_capacity_bytes > 0.0).then_some(scenario.target_capacity_bytes * per_stored);
    let slots = timeline.slots_hold_bytes;
    let capacity = [target, slots].into_iter().flatten().fold(f64::INFINITY, f64::min);
    let capacity_name = if slots.is_some_and(|b| b <= capacity) {
        format!(
            "Library ({} {}: {} of data as the drives fill them)",
            format_count(f64::from(scenario.library_slots)),
            if scenario.library_slots == 1 { "slot" } else { "slots" },
            format_bytes(capacity, system)
        )
    } else {
        format!("Capacity ({} of data)", format_bytes(capacity, system))
    };
    let most = timeline.most_held().map_or(0.0, |n| n.retained_bytes);
    let top = most.max(if capacity.is_finite() { capacity } else { 0.0 });
    // The axis in the unit the figures are written in: a small data set held 16.3 GB, said on the card,
    // on an axis of TB ticked 0.005 (a fresh-clone trial of stop 59).
    let units: [(f64, &str); 3] = if system == UnitSystem::Binary {
        [(TIB, "TiB"), (MIB * 1024.0, "GiB"), (MIB, "MiB")]
    } else {
        [(TB, "TB"), (GB, "GB"), (MB, "MB")]
    };
    let (unit_bytes, unit) = units.into_iter().find(|(scale, _)| top >= *scale).unwrap_or(units[2]);
    let y_max = (top / unit_bytes * 1.2).max(0.001);
    let y_desc = format!("Held ({unit})");
    let points: Vec<(f64, f64)> =
        timeline.nights.iter().map(|n| (f64::from(n.day) / per, n.retained_bytes / unit_bytes)).collect();
    timeline_chart(title, (width, 2), (x_max, y_max), (x_desc, &y_desc), 2, |chart, keys, notes| {
        if let (Some(first), Some(last)) = (points.first(), points.last()) {
            let area: Vec<(f64, f64)> = std::iter::once((first.0, 0.0))
                .chain(points.iter().copied())
                .chain(std::iter::once((last.0, 0.0)))
                .collect();
            chart.draw_series(std::iter::once(Polygon::new(area, ACCENT.mix(0.15).filled())))?;
        }
        chart.draw_series(LineSeries::new(points.iter().copied(), ACCENT.stroke_width(2)))?;
        keys.push(key("Copies held".to_string(), ACCENT, 2));
        if capacity.is_finite() {
            limit_line(chart, (x_max, capacity / unit_bytes), capacity_name, keys)?;
        }
        if let Some(day) = timeline.first_capacity_exceeded_day {
            let limit = [(0.0, capacity / unit_bytes), (x_max, capacity / unit_bytes)];
            let lines: [&[(f64, f64)]; 2] = [&points, &limit];
            marker(chart, width, (f64::from(day) / per, x_max, y_max), marked("full", day, today), &lines)?;
        }
        notes.table = table(
            &night_head(today, &["Held"]),
            table_nights(
                timeline,
                [timeline.first_capacity_exceeded_day, timeline.most_held().map(|n| n.day), None],
                |_| true,
                |_| false,
            )
            .map(|n| {
                let mut cells = night_cells(n, today);
                cells.push(format_bytes(n.retained_bytes, system));
                cells
            }),
        );
        let most = format_bytes(most, system);
        notes.desc =
            match (timeline.first_capacity_exceeded_day.map(|d| format_count(f64::from(d))), capacity.is_finite()) {
                (Some(day), _) => {
                    format!("The copies held grow to {most}; after night {day} they no longer fit the capacity.")
                }
                (None, true) => format!("The copies held grow to {most}, within the capacity."),
                (None, false) => {
                    format!("The copies held grow to {most}; no capacity is entered to check them against.")
                }
            };
        Ok(())
    })
}
