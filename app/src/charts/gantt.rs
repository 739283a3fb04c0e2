//! The night per drive (a Gantt chart): each job a bar on its drive from start to end, the long pole
//! highlighted, the backup window a vertical line.

use super::canvas::{
    anchored, chart, dashed_key, font, font_px, key, legend, legend_height, mesh, message_svg, render, table,
    text_width, Axes, Corner, Frame, HPos, Notes, Plot, VPos,
};
use super::Chart;
use capacity_model::fleet::{DriveHandling, Schedule};
use capacity_model::units::format_duration;
use plotters::prelude::*;

/// Colour of an ordinary job's bar (the palette's blue).
pub(crate) const JOB: RGBColor = RGBColor(0x4e, 0x79, 0xa7);
/// Colour of the long pole (the palette's red), in the bars, the tail and the legends.
pub(crate) const LONG_POLE: RGBColor = RGBColor(0xe1, 0x57, 0x59);
/// Colour of the backup window's line.
pub(crate) const WINDOW: RGBColor = RGBColor(0xb4, 0x23, 0x18);
/// Colour of the copies' own window's line (dashed; the palette's purple).
const COPY_WINDOW: RGBColor = RGBColor(0x76, 0x4b, 0x9e);
/// Most lanes drawn one per session; beyond this a drive's sessions share one lane.
const MOST_SESSION_LANES: usize = 48;
/// Most job names written in bars: enough to read, few enough to keep the SVG small.
const MOST_LABELS: usize = 60;
/// Beyond this many jobs each lane is drawn as its busy spans, not job by job (a bar per job would
/// make a large SVG of bars too thin to tell apart).
const MOST_BARS: usize = 500;

/// The time axis for a night of `span_sec`: hours, or minutes for a short one (seconds per unit, unit).
pub(crate) fn time_axis(span_sec: f64) -> (f64, &'static str) {
    if span_sec >= 2.0 * 3600.0 {
        (3600.0, "h")
    } else {
        (60.0, "min")
    }
}

/// The jobs' indices in the order they start (ties as listed).
pub(crate) fn by_start(schedule: &Schedule) -> Vec<usize> {
    capacity_model::fleet::order_by(schedule.jobs.iter().map(|j| j.start_sec))
}

/// Each job's lane within its drive: the first lane free when it starts (a drive runs at most its
/// sessions at once, so a drive needs no more lanes than its sessions). Returns the lane of each job
/// and the most lanes any drive used.
pub(crate) fn lanes(schedule: &Schedule) -> (Vec<usize>, usize) {
    let drives = schedule.drive_busy_sec.len();
    let mut free_at: Vec<Vec<f64>> = vec![Vec::new(); drives];
    let mut lane = vec![0; schedule.jobs.len()];
    for i in by_start(schedule) {
        let job = &schedule.jobs[i];
        let Some(ends) = free_at.get_mut(job.drive) else { continue };
        // A job that starts the moment another ends takes its lane.
        let slot = match ends.iter().position(|&end| end <= job.start_sec * (1.0 + 1e-12) + 1e-9) {
            Some(slot) => slot,
            None => {
                ends.push(0.0);
                ends.len() - 1
            }
        };
        ends[slot] = job.end_sec;
        lane[i] = slot;
    }
    let most = free_at.iter().map(Vec::len).max().unwrap_or(1).max(1);
    (lane, most)
}

/// Colour of a drive standing still for its cartridges (a dark grey over the bars).
pub(crate) const STILL: RGBColor = RGBColor(0x2b, 0x2b, 0x2b);

/// The long pole's least width, pixels: narrower, it would vanish among a night of thousands of jobs.
const LEAST_POLE_PX: i32 = 4;

/// Seconds (in the chart's x units) one pixel of `chart`'s plot spans.
fn per_pixel(chart: &Plot) -> f64 {
    let range = chart.x_range();
    let pixels = chart.backend_coord(&(range.end, 0.0)).0 - chart.backend_coord(&(range.start, 0.0)).0;
    (range.end - range.start) / f64::from(pixels.max(1))
}

/// Each drive's stand-stills ([`DriveHandling::still`], seconds; `scale` seconds per x unit) as marks
/// across the drive's row (`row(drive)`: its bottom and top in y units), at least 2 pixels wide so that a 74 s change shows on a night of hours; marks that
/// touch or overlap at that width are drawn as one, so thousands of changes still make a small SVG.
pub(crate) fn stand_stills(
    chart: &Plot,
    handling: &[DriveHandling],
    row: impl Fn(usize) -> (f64, f64),
    scale: f64,
) -> Vec<Rectangle<(f64, f64)>> {
    let per_px = per_pixel(chart);
    let mut marks = Vec::new();
    for (d, handling) in handling.iter().enumerate() {
        let (low, high) = row(d);
        let mark = |(a, b): (f64, f64)| Rectangle::new([(a, low), (b, high)], STILL.mix(0.55).filled());
        let mut run: Option<(f64, f64)> = None;
        for &(from, to) in &handling.still {
            let (x0, x1) = (from / scale, (to / scale).max(from / scale + 2.0 * per_px));
            run = match run {
                Some((a, b)) if x0 <= b + per_px => Some((a, b.max(x1))),
                done => {
                    marks.extend(done.map(mark));
                    Some((x0, x1))
                }
            };
        }
        marks.extend(run.map(mark));
    }
    marks
}

/// Jobs listed in the chart's data table, in the order they start.
const MOST_TABLE_ROWS: usize = 200;

/// The schedule per drive, `width` pixels wide, time from the start in hours on the x axis: each job a
/// bar on its drive (a lane per session while that stays readable), the long pole in red, the backup
/// window a vertical line. Its table: the first jobs to start (job, drive, start, end). Bars narrower than
/// a few pixels that touch are drawn as one, and at most 60 names are written, so a list of thousands of
/// jobs still makes a small SVG. Job names are text: escaped in the SVG, as they are in the table.
///
/// For backups into a repository the drives carry the copies to tape ([`Schedule::on_drives`]); without
/// a copy the chart says that the backups hold no drive.
pub fn gantt_chart(schedule: &Schedule, window_sec: f64, width: u32) -> Chart {
    let width = super::frame_size(width).0;
    // Copies in a window of their own: the drives' last job is the last copy, not the backups' long pole
    // (a trial's legend named fast while every card named slow).
    let pole_words = if schedule.copy.as_ref().is_some_and(|c| !c.night.shared_window) {
        ("Last copy", "the last copy is")
    } else {
        ("Long pole", "the long pole is")
    };
    // Copies in a window of their own are held against it from the first copy's start: its end is
    // drawn too (a page trial's copies ended 27 min inside their 4 h window, drawn against the backups'
    // 10 h line only, where they looked an hour inside it).
    let copy_window = schedule
        .copy
        .as_ref()
        .map(|c| c.night)
        .filter(|n| !n.shared_window && n.window_sec > 0.0 && n.first_start_sec.is_finite())
        .map(|n| (n.first_start_sec + n.window_sec, n.window_sec));
    let Some(schedule) = schedule.on_drives() else {
        return message_svg((width, 200), "The backups go to the repository, not to the drives: no drive is busy.");
    };
    let schedule = schedule.as_ref();
    let drives = schedule.drive_busy_sec.len().max(1);
    let end = schedule.makespan_sec;
    if !end.is_finite() || schedule.jobs.is_empty() {
        return message_svg((width, 200), "Nothing moves: there is no schedule to draw.");
    }
    let (lane_of, per_drive) = lanes(schedule);
    // One lane per session while that stays readable, else one per drive.
    let per_drive = if drives * per_drive <= MOST_SESSION_LANES { per_drive } else { 1 };
    let lanes = drives * per_drive;
    // Jobs that share a lane overlap, and thousands of jobs cannot be told apart: then touching bars are
    // drawn as one, whatever their width.
    let merge_all = (per_drive == 1 && lane_of.iter().any(|&l| l > 0)) || schedule.jobs.len() > MOST_BARS;
    let lane_px = (480 / lanes as u32).clamp(2, 34);
    let stands_still = schedule.drive_handling.iter().any(|h| !h.still.is_empty());
    let legend_room = legend_height(
        2 + usize::from(window_sec > 0.0) + usize::from(stands_still) + usize::from(copy_window.is_some()),
    );
    let size = (width, 112 + lane_px * lanes as u32 + legend_room);
    let window = if window_sec > 0.0 { window_sec } else { 0.0 };
    let span = end.max(window).max(copy_window.map_or(0.0, |c| c.0)) * 1.04;
    let (scale, unit) = time_axis(span);
    let long_pole = schedule.long_pole;
    let title = "Jobs on the drives";
    let names = if width < 600 { 62 } else { 78 };
    // Each lane's jobs in the order they start.
    let mut by_lane: Vec<Vec<usize>> = vec![Vec::new(); lanes];
    for i in by_start(schedule) {
        let job = &schedule.jobs[i];
        let lane = job.drive * per_drive + if per_drive > 1 { lane_of[i] } else { 0 };
        if let Some(jobs) = by_lane.get_mut(lane) {
            jobs.push(i);
        }
    }
    render(size, title, |root, notes: &mut Notes| {
        let (upper, lower) = root.split_vertically(size.1 - legend_room);
        // Drive 1 at the top, each drive's middle at a whole y (where the axis names it).
        // Room above the lanes for the window's label, which would otherwise cover the top lane's names.
        let frame = Frame::new(title, (50, names), (0.0, span / scale), (-0.5, drives as f64 - 0.5))
            .extra_top(if window > 0.0 { 20 } else { 0 });
        let mut chart = chart(&upper, width, &frame)?;
        let x_desc = format!("Time from the start ({unit})");
        let x_format = |x: &f64| format!("{}", (x * 10.0).round() / 10.0);
        let y_format = |y: &f64| {
            let nearest = y.round();
            if (y - nearest).abs() < 1e-6 && nearest >= 0.0 && nearest < drives as f64 {
                format!("Drive {}", drives - nearest as usize)
            } else {
                String::new()
            }
        };
        let axes = Axes {
            labels: (8, drives.min(24)),
            desc: (&x_desc, ""),
            x_format: &x_format,
            y_format: &y_format,
            y_grid: false,
        };
        mesh(&mut chart, width, &axes)?;
        // A lane's top and bottom (data units), a pixel or two inside it when lanes are wide enough.
        let lane_h = 1.0 / per_drive as f64;
        let inset = if lane_px >= 8 { 2.0 / f64::from(lane_px) * lane_h } else { 0.0 };
        let lane_rows = |lane: usize| {
            let top = drives as f64 - 0.5 - lane as f64 * lane_h;
            (top - lane_h + inset, top - inset)
        };
        let px = |chart: &Plot, x: f64| chart.backend_coord(&(x, 0.0)).0;
        let name_style = anchored(font(14, width, WHITE), HPos::Left, VPos::Center);
        let mut labels = 0;
        // The names go on last, over the stand-stills' marks.
        let mut job_names = Vec::new();
        for (lane, jobs) in by_lane.iter().enumerate() {
            let (low, high) = lane_rows(lane);
            let mut bars: Vec<Rectangle<(f64, f64)>> = Vec::new();
            // A run of narrow bars that touch, merged into one: (start, end) in data units and end pixel.
            let mut run: Option<(f64, f64, i32)> = None;
            let flush = |bars: &mut Vec<Rectangle<(f64, f64)>>, run: &mut Option<(f64, f64, i32)>| {
                if let Some((x0, x1, _)) = run.take() {
                    bars.push(Rectangle::new([(x0, low), (x1, high)], JOB.mix(0.85).filled()));
                }
            };
            for &i in jobs {
                let job = &schedule.jobs[i];
                let (x0, x1) = (job.start_sec / scale, job.end_sec / scale);
                let (p0, p1) = (px(&chart, x0), px(&chart, x1));
                if i != long_pole && (merge_all || p1 - p0 < 4) {
                    match run {
                        Some((a, b, end_px)) if p0 <= end_px + 1 => run = Some((a, b.max(x1), end_px.max(p1))),
                        _ => {
                            flush(&mut bars, &mut run);
                            run = Some((x0, x1, p1));
                        }
                    }
                    continue;
                }
                flush(&mut bars, &mut run);
                let color = if i == long_pole { LONG_POLE } else { JOB };
                // A pixel's gap between bars that follow each other on a lane.
                let gap = (x1 - x0) / f64::from((p1 - p0).max(1));
                let bar = if i == long_pole && p1 - p0 < LEAST_POLE_PX {
                    // The long pole the legend names stays in sight, ending where it ends (a trial's
                    // 22 GB long pole at the end of a 127 h night was drawn 0 px wide).
                    [((x1 - f64::from(LEAST_POLE_PX) * per_pixel(&chart)).max(0.0), low), (x1, high)]
                } else {
                    [(x0, low), ((x1 - gap).max(x0), high)]
                };
                bars.push(Rectangle::new(bar, color.filled()));
                // As much of the name as the bar holds (a phone's shorter bars kept none where "fileserv…"
                // fitted), at least three letters and the ellipsis.
                let room = (f64::from((p1 - p0 - 8).max(0)) / (12.0 * 0.56)) as usize;
                let whole = super::short_name(&job.name, if width < 600 { 14 } else { 24 });
                let name = if whole.chars().count() <= room {
                    whole
                } else {
                    super::short_name(&job.name, room.saturating_sub(1))
                };
                let fits = name.chars().count() <= room && (name.chars().count() >= 4 || !name.ends_with('…'));
                if lane_px >= 16 && fits && (labels < MOST_LABELS || i == long_pole) {
                    labels += 1;
                    job_names
                        .push(EmptyElement::at((x0, (low + high) / 2.0)) + Text::new(name, (4, 0), name_style.clone()));
                }
            }
            flush(&mut bars, &mut run);
            chart.draw_series(bars)?;
        }
        // Across each drive's row: every lane of it waits.
        let row = |d: usize| (drives as f64 - 1.5 - d as f64, drives as f64 - 0.5 - d as f64);
        let still =
            stand_stills(&chart, &schedule.drive_handling[..drives.min(schedule.drive_handling.len())], row, scale);
        let stood_still = !still.is_empty();
        chart.draw_series(still)?;
        chart.draw_series(job_names)?;
        let mut keys = vec![key(if per_drive == 1 { "Job" } else { "Job (one lane per session)" }, JOB, 8)];
        let pole = schedule
            .jobs
            .get(long_pole)
            .map_or(String::new(), |j| super::short_name(&j.name, if width < 600 { 14 } else { 24 }));
        keys.push(key(format!("{}: {pole} (ends at {})", pole_words.0, format_duration(end)), LONG_POLE, 8));
        if stood_still {
            // Short enough for a phone's legend.
            let text = if width < 600 {
                "Drive still: cartridge change, optimisation"
            } else {
                "Drive standing still: a cartridge change or a new cartridge's optimisation"
            };
            keys.push(key(text, STILL, 8));
        }
        if window > 0.0 {
            let x = window / scale;
            let (top, bottom) = (drives as f64 - 0.5, -0.5);
            chart
                .draw_series(std::iter::once(PathElement::new(vec![(x, bottom), (x, top)], WINDOW.stroke_width(2))))?;
            keys.push(key("Backup window".to_string(), WINDOW, 2));
            // Above the lanes, at the line's top; left of the line when it is near the right edge.
            let label = format!("window {}", format_duration(window));
            let style = font(14, width, WINDOW);
            let (w, h) = (text_width(&label, 14, width) + 8, font_px(14, width) + 4);
            let right = chart.plotting_area().get_pixel_range().0.end;
            let left_of_line = px(&chart, x) > right - w - 10;
            let box_x = if left_of_line { -6 - w } else { 6 };
            let element = EmptyElement::at((x, top))
                + Rectangle::new([(box_x, -3 - h), (box_x + w, -3)], WHITE.mix(0.9).filled())
                + Text::new(label, (box_x + 4, -3 - h / 2), anchored(style, HPos::Left, VPos::Center));
            chart.draw_series(std::iter::once(element))?;
        }
        if let Some((copy_end, copy_window)) = copy_window {
            let x = copy_end / scale;
            let line = [(x, -0.5), (x, drives as f64 - 0.5)];
            chart.draw_series(LineSeries::new(line, WHITE.stroke_width(5)))?;
            chart.draw_series(DashedLineSeries::new(line, 6, 4, COPY_WINDOW.stroke_width(2)))?;
            keys.push(dashed_key(
                format!("Copy window: {} from the first copy", format_duration(copy_window)),
                COPY_WINDOW,
                2,
            ));
        }
        legend(&chart, &lower, width, keys, Corner::Below)?;
        // The first jobs to start; the schedule's own table lists them all.
        notes.table = table(
            &["Job", "Drive", "Starts", "Ends"],
            by_start(schedule).into_iter().take(MOST_TABLE_ROWS).map(|i| {
                let job = &schedule.jobs[i];
                let at = |sec: f64| format!("after {}", format_duration(sec));
                vec![job.name.clone(), (job.drive + 1).to_string(), at(job.start_sec), at(job.end_sec)]
            }),
        );
        if let Some(pole) = schedule.jobs.get(schedule.long_pole) {
            let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            notes.desc = format!(
                "{} on {} {} {}; {} {}, which ends last.",
                plural(schedule.jobs.len(), "job", "jobs"),
                plural(schedule.drive_busy_sec.len(), "drive", "drives"),
                if schedule.jobs.len() == 1 { "takes" } else { "take" },
                format_duration(schedule.makespan_sec),
                pole_words.1,
                pole.name
            );
        }
        let stills: usize = schedule.drive_handling.iter().map(|h| h.still.len()).sum();
        if stills > 0 {
            let total: f64 = schedule.drive_handling.iter().map(|h| h.sec).sum();
            let times = if stills == 1 { "once" } else { "times" };
            let count = if stills == 1 { String::new() } else { format!("{stills} ") };
            notes.desc.push_str(&format!(
                " The drives stood still {count}{times} for their cartridges, {} in all.",
                format_duration(total)
            ));
        }
        Ok(())
    })
}
