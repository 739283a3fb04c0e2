//! The night per drive (a Gantt chart): each job a bar on its drive from start to end, the long pole
//! highlighted, the backup window a vertical line.

use super::frame::{
    draw_legend, legend_height, mesh, message_svg, start, Anchor, Base, Corner, Layout, LegendEntry, Mesh, Svg, INK,
    WHITE,
};
use capacity_model::fleet::Schedule;
use capacity_model::units::format_duration;

/// Colour of an ordinary job's bar (the palette's blue).
pub(crate) const JOB: &str = "#4e79a7";
/// Colour of the long pole (the palette's red), in the bars, the tail and the legends.
pub(crate) const LONG_POLE: &str = "#e15759";
/// Colour of the backup window's line.
pub(crate) const WINDOW: &str = "#b42318";
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

/// Jobs listed in the chart's data table, in the order they start.
const MOST_TABLE_ROWS: usize = 200;

/// SVG of the schedule per drive. Bars narrower than a few pixels that touch are drawn as one, and at
/// most 60 names are written, so a list of thousands of jobs still makes a small SVG.
pub fn gantt_chart(schedule: &Schedule, window_sec: f64, width: u32) -> String {
    let width = super::frame_size(width).0;
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
    let legend_room = legend_height(3);
    let height = 112 + lane_px * lanes as u32 + legend_room;
    let window = if window_sec > 0.0 { window_sec } else { 0.0 };
    let span = end.max(window) * 1.04;
    let (scale, unit) = time_axis(span);
    let long_pole = schedule.long_pole;
    let title = "Jobs on the drives";
    let names = if width < 600 { 62 } else { 78 };
    let layout = Layout::new(title, height - legend_room, (50, names), (0.0, span / scale), (0.0, lanes as f64));
    let (mut svg, plot) = start((width, height), title, &layout);
    let x_desc = format!("Time from the start ({unit})");
    let x_format = |x: f64| format!("{}", (x * 10.0).round() / 10.0);
    mesh(&mut svg, &plot, &Mesh::new((8, 0), (&x_desc, ""), &x_format, &|_| String::new()));
    // Drive names beside their lanes, drive 1 at the top; every k-th when lanes are thin.
    let drive_px = lane_px * per_drive as u32;
    let every = (16 / drive_px.max(1)).max(1) as usize;
    let name_size = if drive_px >= 16 { 14 } else { 12 };
    for d in (0..drives).step_by(every) {
        let middle = lanes as f64 - (d * per_drive) as f64 - per_drive as f64 / 2.0;
        let (x, y) = plot.at((0.0, middle));
        svg.text((x - 6, y), &format!("Drive {}", d + 1), name_size, INK, Anchor::End, Base::Middle);
    }
    // Each lane's jobs in the order they start.
    let mut by_lane: Vec<Vec<usize>> = vec![Vec::new(); lanes];
    for i in by_start(schedule) {
        let job = &schedule.jobs[i];
        let lane = job.drive * per_drive + if per_drive > 1 { lane_of[i] } else { 0 };
        if let Some(jobs) = by_lane.get_mut(lane) {
            jobs.push(i);
        }
    }
    // Bars in pixels; narrow bars that touch are merged into one.
    let inset = if lane_px >= 8 { 2 } else { 0 };
    let mut labels = 0;
    for (lane, jobs) in by_lane.iter().enumerate() {
        let top = plot.py((lanes - lane) as f64) + inset;
        let bottom = top + lane_px as i32 - 2 * inset;
        let mut run: Option<(i32, i32)> = None;
        let flush = |svg: &mut Svg, run: &mut Option<(i32, i32)>| {
            if let Some((x0, x1)) = run.take() {
                svg.rect((x0, top), (x1.max(x0 + 1), bottom), JOB, 0.85);
            }
        };
        for &i in jobs {
            let job = &schedule.jobs[i];
            let (x0, x1) = (plot.px(job.start_sec / scale), plot.px(job.end_sec / scale));
            if i != long_pole && (merge_all || x1 - x0 < 4) {
                match run {
                    Some((a, b)) if x0 <= b + 1 => run = Some((a, b.max(x1))),
                    _ => {
                        flush(&mut svg, &mut run);
                        run = Some((x0, x1));
                    }
                }
                continue;
            }
            flush(&mut svg, &mut run);
            let color = if i == long_pole { LONG_POLE } else { JOB };
            // A pixel's gap between bars that follow each other on a lane.
            svg.rect((x0, top), ((x1 - 1).max(x0 + 1), bottom), color, 1.0);
            let name_px = (job.name.chars().count() as f64 * 12.0 * 0.56) as i32 + 8;
            if lane_px >= 16 && x1 - x0 >= name_px && (labels < MOST_LABELS || i == long_pole) {
                labels += 1;
                svg.text((x0 + 4, (top + bottom) / 2), &job.name, 14, WHITE, Anchor::Start, Base::Middle);
            }
        }
        flush(&mut svg, &mut run);
    }
    let mut legend = vec![
        LegendEntry {
            label: if per_drive == 1 { "Job".to_string() } else { "Job (one lane per session)".to_string() },
            color: JOB,
            width: 8,
        },
        LegendEntry {
            label: format!(
                "Long pole: {} (ends at {})",
                schedule.jobs.get(long_pole).map_or("", |j| j.name.as_str()),
                format_duration(end)
            ),
            color: LONG_POLE,
            width: 8,
        },
    ];
    if window > 0.0 {
        let x = plot.px(window / scale);
        svg.line(&[(x, plot.top), (x, plot.bottom)], WINDOW, 2, 1.0, None);
        // Left of the line when it is near the right edge.
        let (anchor, offset) = if x > plot.right - 120 { (Anchor::End, -6) } else { (Anchor::Start, 6) };
        // On a white box, readable over the bars.
        let label = format!("window {}", format_duration(window));
        let width = (label.chars().count() as f64 * 13.0 * 0.5) as i32 + 8;
        let left = if offset < 0 { x + offset - width + 4 } else { x + offset - 4 };
        svg.rect((left, plot.top + 3), (left + width, plot.top + 19), WHITE, 0.9);
        svg.text((x + offset, plot.top + 11), &label, 14, WINDOW, anchor, Base::Middle);
        legend.push(LegendEntry { label: "Backup window".to_string(), color: WINDOW, width: 2 });
    }
    draw_legend(&mut svg, &plot, &legend, Corner::Below);
    // The first jobs to start; the schedule's own table lists them all.
    svg.table(
        &["Job", "Drive", "Starts", "Ends"],
        by_start(schedule)
            .into_iter()
            .take(MOST_TABLE_ROWS)
            .map(|i| {
                let job = &schedule.jobs[i];
                let at = |sec: f64| format!("after {}", format_duration(sec));
                vec![job.name.clone(), (job.drive + 1).to_string(), at(job.start_sec), at(job.end_sec)]
            })
            .collect(),
    );
    if let Some(pole) = schedule.jobs.get(schedule.long_pole) {
        svg.describe(&format!(
            "{} jobs on {} drives take {}; the long pole is {}, which ends last.",
            schedule.jobs.len(),
            schedule.drive_busy_sec.len(),
            format_duration(schedule.makespan_sec),
            pole.name
        ));
    }
    svg.finish()
}
