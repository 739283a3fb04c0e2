//! The disaster-recovery restore per drive, drawn with plotters: each job a bar on its drive from start
//! to end, coloured by its priority tier, and each tier's recovery time objective a dashed vertical line
//! in the tier's colour.

use super::canvas::{
    anchored, chart, dashed_key, font, font_px, halo_label_toward, key, legend, legend_height, mesh, message_svg,
    render, text_width, Area, Axes, Corner, Drawn, Frame, HPos, VPos, INK,
};
use super::Chart;
use capacity_model::fleet::RestoreSchedule;
use capacity_model::units::format_duration;
use plotters::prelude::*;

/// Colours of tiers 0, 1, 2 ... (the charts' palette, Tableau 10, without its red: the page marks a late
/// tier in red, and tier 0 drawn red read as an alarm when it was in time); jobs without a tier take grey.
const TIERS: [RGBColor; 6] = [
    RGBColor(0x4e, 0x79, 0xa7),
    RGBColor(0xf2, 0x8e, 0x2b),
    RGBColor(0x59, 0xa1, 0x4f),
    RGBColor(0xb0, 0x7a, 0xa1),
    RGBColor(0x76, 0xb7, 0xb2),
    RGBColor(0x9c, 0x75, 0x5f),
];
/// Colour of jobs without a tier.
const NO_TIER: RGBColor = RGBColor(0x9d, 0xa3, 0xab);
/// Colour of a drive waiting for a cartridge another drive is reading: pale, so the wait reads as no work.
const WAIT: RGBColor = RGBColor(0xcd, 0xd2, 0xd8);

/// A tier's colour (`None`: no tier).
pub fn tier_color(tier: Option<u32>) -> RGBColor {
    tier.map_or(NO_TIER, |t| TIERS[t as usize % TIERS.len()])
}

/// An objective as it was entered, in hours (`rto_h`): `8 h`, `48 h`, `4 h 30 min` (a day or more stays
/// in hours rather than `2 d 0 h`).
pub fn objective_text(sec: f64) -> String {
    capacity_model::units::format_objective(sec)
}

/// A tier's name: `Tier 0`, or `No tier`.
pub fn tier_name(tier: Option<u32>) -> String {
    tier.map_or("No tier".to_string(), |t| format!("Tier {t}"))
}

/// The restore plan, `width` pixels wide: one row per drive, time in hours (minutes for a restore
/// under two hours) on the x axis, the tiers and their objectives in the legend, and a description of when
/// the restore ends and whether the first tier with an objective meets it. A plan with nothing to draw (no
/// jobs, nothing moves) says so in words. No data table: the card's tables list the tiers and jobs.
pub fn restore_gantt(plan: &RestoreSchedule, width: u32) -> Chart {
    let drives = plan.drives.max(1) as usize;
    let width = width.clamp(240, 2000);
    let stands_still = plan.drive_handling.iter().any(|h| !h.still.is_empty());
    let keys = plan.tiers.len()
        + plan.tiers.iter().filter(|t| t.rto_sec.is_some()).count()
        + usize::from(stands_still)
        + usize::from(!plan.cartridge_waits.is_empty());
    let legend_room = legend_height(keys);
    // A drive's lane holds a band for each job restored in one pass with others: the lanes grow with the
    // most bands, so each band can carry its job's name (a trial's three jobs on drive 2 were unnamed).
    let bands = plan.jobs.iter().map(|j| j.restored_with.len() + 1).max().unwrap_or(1).clamp(1, 4);
    let height = (120 + 26 * (drives.min(24) * bands).min(48)) as u32 + legend_room;
    if !plan.makespan_sec.is_finite() || plan.jobs.is_empty() {
        return message_svg((width, height), "Nothing to restore: no job moves.");
    }
    render((width, height), "Restore of the whole fleet, by priority tier", |root, notes| {
        let (upper, lower) = root.split_vertically(height - legend_room);
        draw((&upper, &lower), plan, drives, width)?;
        let jobs = if plan.jobs.len() == 1 { "job" } else { "jobs" };
        notes.desc = format!(
            "The restore of {} {jobs} on {drives} {} ends after {}.",
            plan.jobs.len(),
            if drives == 1 { "drive" } else { "drives" },
            format_duration(plan.makespan_sec)
        );
        if let Some(late) = plan.first_late_tier() {
            notes.desc.push_str(&format!(" {} misses its objective", tier_name(late.tier)));
            let last = late.jobs.iter().map(|&i| &plan.jobs[i]).max_by(|a, b| a.end_sec.total_cmp(&b.end_sec));
            match last.filter(|j| j.end_sec.is_finite()) {
                Some(job) => notes.desc.push_str(&format!(
                    ": {} is back last, after {}.",
                    job.name,
                    format_duration(job.end_sec)
                )),
                None => notes.desc.push('.'),
            }
        }
        Ok(())
    })
}

/// Draws the plan on `upper` and its legend (each tier, and each tier's objective) on `lower`.
fn draw<'b>((upper, lower): (&Area<'b>, &Area<'b>), plan: &RestoreSchedule, drives: usize, width: u32) -> Drawn {
    // The objectives widen the axis up to half again the restore's length: a 48 h objective beside a 12 h
    // restore would squeeze the bars into a fifth of the chart. One further out is named in the legend.
    let reach = plan.makespan_sec * 1.5;
    let objectives = plan.tiers.iter().filter_map(|t| t.rto_sec).filter(|r| *r <= reach).fold(0.0_f64, f64::max);
    let span = plan.makespan_sec.max(objectives).max(1.0);
    let (unit_sec, unit) = if span >= 2.0 * 3600.0 { (3600.0, "h") } else { (60.0, "min") };
    let x_end = span / unit_sec * 1.04;
    let caption = "Restore of the whole fleet, by priority tier";
    let names = if width < 600 { 62 } else { 78 };
    let frame = Frame::new(caption, (50, names), (0.0, x_end), (-0.5, drives as f64 - 0.5));
    let mut chart = chart(upper, width, &frame)?;
    let x_desc = format!("Time from the start of the restore ({unit})");
    // Ticks fall on halves of the unit too: "0.5", not a second "0".
    let x_format = |x: &f64| if (x - x.round()).abs() < 1e-6 { format!("{x:.0}") } else { format!("{x:.1}") };
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
    // Drive 1 at the top, as in the night's Gantt chart.
    let lane_y = |drive: usize| (drives - 1 - drive.min(drives - 1)) as f64;
    // Jobs restored in one pass share their drive's lane, each a band of it, first listed on top.
    let band = |i: usize| {
        let job = &plan.jobs[i];
        let above = job.restored_with.iter().filter(|&&j| j < i).count() as f64;
        let height = 0.72 / (job.restored_with.len() + 1) as f64;
        let top = lane_y(job.drive) + 0.36 - above * height;
        (top - height, top)
    };
    let bars = plan.jobs.iter().enumerate().filter(|(_, j)| j.end_sec.is_finite()).map(|(i, job)| {
        let (low, high) = band(i);
        Rectangle::new([(job.start_sec / unit_sec, low), (job.end_sec / unit_sec, high)], tier_color(job.tier).filled())
    });
    chart.draw_series(bars)?;
    // Each job's mount and its cartridge changes, over its bar.
    let handling = &plan.drive_handling[..drives.min(plan.drive_handling.len())];
    let row = |d: usize| (lane_y(d) - 0.36, lane_y(d) + 0.36);
    chart.draw_series(super::gantt::stand_stills(&chart, handling, row, unit_sec))?;
    // A drive standing still for a cartridge another drive has: its bar washed out meanwhile.
    let waits = plan.cartridge_waits.iter().filter(|(d, _, _)| *d < drives).map(|&(d, from, to)| {
        let (low, high) = row(d);
        Rectangle::new([(from / unit_sec, low), (to / unit_sec, high)], WAIT.filled())
    });
    chart.draw_series(waits)?;
    // Each job named in its bar where the bar is wide enough, in white on the tier's colour.
    let lane_px = (chart.backend_coord(&(0.0, 0.0)).1 - chart.backend_coord(&(0.0, 1.0)).1).abs();
    let name_style = anchored(font(12, width, WHITE), HPos::Left, VPos::Center);
    let names: Vec<_> = plan
        .jobs
        .iter()
        .enumerate()
        .filter(|(_, j)| j.end_sec.is_finite() && lane_px / (j.restored_with.len() + 1) as i32 >= 16)
        .filter_map(|(i, job)| {
            let (x0, x1) = (job.start_sec / unit_sec, job.end_sec / unit_sec);
            let bar_px = chart.backend_coord(&(x1, 0.0)).0 - chart.backend_coord(&(x0, 0.0)).0;
            let name = super::short_name(&job.name, 24);
            let (low, high) = band(i);
            (bar_px >= text_width(&name, 12, width) + 8).then_some((i, name, (x0, (low + high) / 2.0)))
        })
        .collect();
    let texts =
        names.iter().map(|(_, name, at)| EmptyElement::at(*at) + Text::new(name.clone(), (4, 0), name_style.clone()));
    chart.draw_series(texts)?;
    let mut keys = Vec::new();
    for tier in &plan.tiers {
        let color = tier_color(tier.tier);
        keys.push(key(tier_name(tier.tier), color, 8));
        if let Some(rto) = tier.rto_sec {
            if rto > reach {
                let text = format!("{} objective: {}, off the chart", tier_name(tier.tier), objective_text(rto));
                keys.push(key(text, color, 2));
                continue;
            }
            let x = rto / unit_sec;
            let line = [(x, -0.5), (x, drives as f64 - 0.5)];
            // Dark edges keep the dashes visible across a bar of their own colour; between the dashes the
            // bars show through (a white line under them cut gaps through every bar, read as pauses).
            chart.draw_series(DashedLineSeries::new(line, 6, 4, INK.stroke_width(4)))?;
            chart.draw_series(DashedLineSeries::new(line, 6, 4, color.stroke_width(2)))?;
            keys.push(dashed_key(format!("{} objective", tier_name(tier.tier)), color, 2));
        }
    }
    // A late tier's last job, where its band is too thin or short for its name (a trial's 16 jobs in one
    // pass, bars 4 px tall, left the late long pole unnamed): named at its bar's end, on a halo drawn over
    // the objective lines. Right of the end where the plot has room; else to its left, resting on the
    // band's top edge so that it hides none of the bar it names.
    for tier in plan.tiers.iter().filter(|t| t.meets == Some(false)) {
        let last = tier
            .jobs
            .iter()
            .copied()
            .filter(|&i| plan.jobs[i].end_sec.is_finite())
            .max_by(|&a, &b| plan.jobs[a].end_sec.total_cmp(&plan.jobs[b].end_sec));
        let Some(i) = last.filter(|i| !names.iter().any(|(named, _, _)| named == i)) else { continue };
        let job = &plan.jobs[i];
        let (low, high) = band(i);
        let text = format!("{}: late, back after {}", super::short_name(&job.name, 24), format_duration(job.end_sec));
        let end = job.end_sec / unit_sec;
        let room = chart.backend_coord(&(x_end, 0.0)).0 - chart.backend_coord(&(end, 0.0)).0;
        let leftward = room < text_width(&text, 15, width) + 20;
        let y = if leftward {
            high + (f64::from(font_px(15, width)) / 2.0 + 5.0) / f64::from(lane_px.max(1))
        } else {
            (low + high) / 2.0
        };
        halo_label_toward(&mut chart, width, text, (end, y), leftward)?;
    }
    if plan.drive_handling.iter().any(|h| !h.still.is_empty()) {
        let text = if width < 600 {
            "Drive still: cartridge mount or change"
        } else {
            "Drive standing still: a cartridge mounted or changed"
        };
        keys.push(key(text, super::gantt::STILL, 8));
    }
    if !plan.cartridge_waits.is_empty() {
        let text = if width < 600 {
            "Drive waiting for a cartridge"
        } else {
            "Drive waiting for a cartridge another drive is reading"
        };
        keys.push(key(text, WAIT, 8));
    }
    legend(&chart, lower, width, keys, Corner::Below)
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::codec::decode;
    use capacity_model::fleet::{parse_jobs, restore_schedule};

    /// One session per drive in the backup: each job on cartridges of its own.
    fn plan(jobs: &str) -> RestoreSchedule {
        let mut scenario = decode("v=1&drives=2&fc_ports=2&lto=LTO-8&fc=8GFC&sessions_per_drive=1").scenario;
        scenario.jobs = parse_jobs(jobs).0.into();
        restore_schedule(&scenario, &scenario.jobs).expect("a tape fleet has a restore plan")
    }

    #[test]
    fn every_job_is_a_bar_and_every_objective_a_line() {
        let plan = plan("name,data,priority,rto_h\ndb,6TB,0,8\nmail,2TB,1,24\nfs,3TB,,\n");
        let svg = restore_gantt(&plan, 760).svg;
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
        // Three job bars in the tiers' colours, and the legend's swatches.
        assert!(svg.contains("fill=\"#4E79A7\""), "tier 0 in blue: {svg}");
        assert!(svg.contains("fill=\"#F28E2B\""), "tier 1 in orange");
        assert!(svg.contains("fill=\"#9DA3AB\""), "no tier in grey");
        for text in ["Tier 0 objective", "Tier 1 objective", "No tier", "Drive 1", "Drive 2", "(h)"] {
            assert!(svg.contains(text), "{text}: {svg}");
        }
    }

    #[test]
    fn bars_are_named_and_a_far_objective_does_not_squeeze_them() {
        // db restores in about 14 h 45 min (1GbE); the 400 h objective of tier 1 would leave the bars a
        // thirtieth of the chart: the axis stops at half again the restore, and the legend names it.
        let plan = plan("name,data,priority,rto_h\ndb,6TB,0,8\nmail,2TB,1,400\n");
        let svg = restore_gantt(&plan, 760).svg;
        assert!(svg.contains(">\ndb\n</text>") && svg.contains(">\nmail\n</text>"), "names in the bars: {svg}");
        assert!(svg.contains("Tier 1 objective: 400 h, off the chart"), "{svg}");
        // Tier 0's objective (8 h) is dashes with dark edges, visible across its own bar, with no white
        // line under them to cut a gap through the bars.
        assert!(svg.contains("stroke=\"#333A44\" stroke-width=\"4\""), "{svg}");
        assert!(!svg.contains("stroke=\"#FFFFFF\""), "{svg}");
    }

    /// The y of the text element `text` in `svg`, pixels.
    fn text_y(svg: &str, text: &str) -> f64 {
        let end = svg.find(&format!(">\n{text}\n</text>")).unwrap_or_else(|| panic!("{text}: {svg}"));
        let open = svg[..end].rfind("<text").unwrap();
        let y = svg[open..end].split(" y=\"").nth(1).unwrap();
        y[..y.find('"').unwrap()].parse().unwrap()
    }

    #[test]
    fn each_mount_and_change_is_marked_on_its_drive() {
        // db alone on drive 1 mounts its cartridge; mail then fs on drive 2: a mount, then a change.
        let plan = plan("name,data\ndb,6TB\nmail,2TB\nfs,3TB\n");
        let counts: Vec<usize> = plan.drive_handling.iter().map(|h| h.still.len()).collect();
        assert_eq!(counts, [1, 2]);
        let svg = restore_gantt(&plan, 760).svg;
        assert_eq!(svg.matches("fill=\"#2B2B2B\"").count(), 3, "{svg}");
        assert!(svg.contains("Drive standing still: a cartridge mounted or changed"), "{svg}");
    }

    #[test]
    fn drive_1_is_the_top_lane_as_in_the_nights_chart() {
        // db alone on drive 1 (index 0), mail then fs on drive 2: db's bar and name sit on the top lane.
        let plan = plan("name,data\ndb,6TB\nmail,2TB\nfs,3TB\n");
        assert_eq!(plan.jobs.iter().find(|j| j.name == "db").map(|j| j.drive), Some(0));
        let svg = restore_gantt(&plan, 760).svg;
        assert!(text_y(&svg, "Drive 1") < text_y(&svg, "Drive 2"), "{svg}");
        assert!((text_y(&svg, "db") - text_y(&svg, "Drive 1")).abs() < 2.0, "db on drive 1's lane: {svg}");
        assert!((text_y(&svg, "mail") - text_y(&svg, "Drive 2")).abs() < 2.0, "mail on drive 2's lane: {svg}");
    }

    #[test]
    fn jobs_restored_in_one_pass_share_their_drives_lane() {
        // The backup multiplexed a and c on one drive's cartridges: one pass reads both, so each gets
        // half of drive 1's lane (a above c), and b its own drive's lane whole.
        let mut scenario = decode("v=1&drives=2&fc_ports=2&client_nic=10GbE&stream_rate=200").scenario;
        scenario.jobs = parse_jobs("name,data\na,1TB\nb,1TB\nc,1TB\n").0.into();
        let plan = restore_schedule(&scenario, &scenario.jobs).unwrap();
        assert_eq!(plan.jobs[0].restored_with, [2]);
        let svg = restore_gantt(&plan, 760).svg;
        let lane = text_y(&svg, "Drive 2") - text_y(&svg, "Drive 1");
        let (a, b, c) = (text_y(&svg, "a"), text_y(&svg, "b"), text_y(&svg, "c"));
        let (pass, alone) = if plan.jobs[0].drive == 0 { ("Drive 1", "Drive 2") } else { ("Drive 2", "Drive 1") };
        assert!(((a + c) / 2.0 - text_y(&svg, pass)).abs() < 2.0, "a and c centred on {pass}'s lane: {svg}");
        assert!((c - a - 0.36 * lane).abs() < 2.0, "a above c, half a lane's bar apart: {a} {c} {lane}");
        assert!((b - text_y(&svg, alone)).abs() < 2.0, "b alone on {alone}'s lane");
    }

    #[test]
    fn three_jobs_in_one_pass_are_each_named() {
        // A trial's db, mail and web shared drive 2's lane in thirds, too thin for their names.
        let mut scenario = decode("v=1&lto=LTO-8&fc=8GFC&drives=2&fc_ports=2&streams=2").scenario;
        let list = "name,data,files,client_nic,streams,priority,rto_h\ndb,6TB,,10GbE,8,0,12\nmail,2TB,2000000,,,1,24\nweb,500GB,,,,2,48\nerp,3TB,,10GbE,,0,12\n";
        scenario.jobs = parse_jobs(list).0.into();
        let plan = restore_schedule(&scenario, &scenario.jobs).unwrap();
        assert!(plan.jobs.iter().any(|j| j.restored_with.len() == 2), "{:?}", plan.jobs);
        let svg = restore_gantt(&plan, 760).svg;
        for name in ["db", "mail", "web", "erp"] {
            assert!(svg.contains(&format!(">\n{name}\n</text>")), "{name} named: {svg}");
        }
    }

    #[test]
    fn the_late_tiers_last_job_is_named_where_its_band_is_too_thin_and_no_line_cuts_the_bars() {
        // Page trial pt65 (finding 6): 16 jobs in one pass, bars about 4 px tall and unnamed, the late
        // tier-0 long pole named nowhere on the chart; the objective's white underlay cut a gap through
        // every bar it crossed, read as a pause in the restore. Eight jobs multiplexed on one drive, one of
        // them in tier 0 with a 1 h objective.
        let mut scenario = decode("v=1&drives=1&sessions_per_drive=8&lto=LTO-8&fc=8GFC").scenario;
        let mut list = "name,data,priority,rto_h\noracle-prod,4TB,0,1\n".to_string();
        for n in 1..8 {
            list.push_str(&format!("fs{n},1TB,1,48\n"));
        }
        scenario.jobs = parse_jobs(&list).0.into();
        let plan = restore_schedule(&scenario, &scenario.jobs).unwrap();
        assert!(plan.jobs.iter().any(|j| j.restored_with.len() >= 4), "{:?}", plan.jobs);
        assert_eq!(plan.first_late_tier().map(|t| t.tier), Some(Some(0)));
        let svg = restore_gantt(&plan, 760).svg;
        assert!(!svg.contains(">\nfs1\n</text>"), "the thin bands carry no names: {svg}");
        let end = format_duration(plan.jobs[0].end_sec);
        assert!(svg.contains(&format!(">\noracle-prod: late, back after {end}\n</text>")), "{svg}");
        assert!(svg.contains(&format!("misses its objective: oracle-prod is back last, after {end}.</desc>")), "{svg}");
        assert!(!svg.contains("stroke=\"#FFFFFF\""), "{svg}");
    }

    #[test]
    fn a_short_restore_is_in_minutes() {
        let svg = restore_gantt(&plan("name,data\nsmall,100GB\n"), 330).svg;
        assert!(svg.contains("(min)"), "{svg}");
        let head = "<title>Restore of the whole fleet, by priority tier</title><desc>The restore of 1 job on 2 drives";
        assert!(svg.contains(head), "{svg}");
        let mut one = decode("v=1&drives=1").scenario;
        one.jobs = parse_jobs("name,data\nsmall,100GB\n").0.into();
        let svg = restore_gantt(&restore_schedule(&one, &one.jobs).unwrap(), 330).svg;
        assert!(svg.contains("<desc>The restore of 1 job on 1 drive ends after "), "{svg}");
        assert!(svg.contains("width=\"330\""), "{svg}");
    }

    #[test]
    fn a_drive_waiting_for_a_cartridge_is_drawn_apart_and_half_hours_are_labelled() {
        // helper-57: c and a (tier 1) multiplexed on one backup drive, then b (tier 0) on the cartridge
        // where their blocks end. The pass comes to that cartridge about 1 h 58 min in and stands still until
        // b lets it go at 2 h 28 min: drawn as reading until stop 37. The axis ticks every half hour read
        // "0 0 1 2 2 2 3".
        let mut scenario = decode("v=1&sessions_per_drive=2&drives_at_once=1&drives=2").scenario;
        scenario.jobs = parse_jobs("name,data,priority\nc,1TB,1\na,1TB,1\nb,1TB,0\n").0.into();
        let plan = restore_schedule(&scenario, &scenario.jobs).unwrap();
        assert_eq!(plan.cartridge_waits.len(), 1, "{plan:?}");
        let (_, from, to) = plan.cartridge_waits[0];
        assert!((from / 3600.0 - 1.98).abs() < 0.02 && (to / 3600.0 - 2.47).abs() < 0.02, "{from} {to}");
        let svg = restore_gantt(&plan, 760).svg;
        // The wait's mark and its legend swatch.
        assert_eq!(svg.matches("fill=\"#CDD2D8\"").count(), 1, "{svg}");
        assert!(svg.contains("stroke=\"#CDD2D8\" stroke-width=\"8\""), "{svg}");
        assert!(svg.contains("Drive waiting for a cartridge another drive is reading"), "{svg}");
        assert!(svg.contains(">\n0.5\n</text>") && svg.contains(">\n2.5\n</text>"), "{svg}");
        assert_eq!(svg.matches(">\n2\n</text>").count(), 1, "{svg}");
    }
}
