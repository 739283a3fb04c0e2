//! The disaster-recovery restore per drive, drawn with plotters: each job a bar on its drive from start
//! to end, coloured by its priority tier, and each tier's recovery time objective a dashed vertical line
//! in the tier's colour.

use super::canvas::{message_svg, render};
use capacity_model::fleet::RestoreSchedule;
use capacity_model::units::format_duration;
use plotters::prelude::*;

/// Colours of tiers 0, 1, 2 ... (the charts' palette: Tableau 10 in its colour-blind-safe order); jobs
/// without a tier take grey.
const TIERS: [RGBColor; 6] = [
    RGBColor(0xe1, 0x57, 0x59),
    RGBColor(0xf2, 0x8e, 0x2b),
    RGBColor(0x4e, 0x79, 0xa7),
    RGBColor(0x59, 0xa1, 0x4f),
    RGBColor(0xb0, 0x7a, 0xa1),
    RGBColor(0x76, 0xb7, 0xb2),
];
/// Colour of jobs without a tier.
const NO_TIER: RGBColor = RGBColor(0x9d, 0xa3, 0xab);

/// A tier's colour (`None`: no tier).
pub fn tier_color(tier: Option<u32>) -> RGBColor {
    tier.map_or(NO_TIER, |t| TIERS[t as usize % TIERS.len()])
}

/// A tier's name: `Tier 0`, or `No tier`.
pub fn tier_name(tier: Option<u32>) -> String {
    tier.map_or("No tier".to_string(), |t| format!("Tier {t}"))
}

/// SVG of the restore plan, `width` pixels wide: one row per drive, time in hours (minutes for a restore
/// under two hours) on the x axis, the tiers and their objectives in the legend, and a description of when
/// the restore ends and whether the first tier with an objective meets it. A plan with nothing to draw (no
/// jobs, nothing moves) says so in words.
pub fn restore_gantt(plan: &RestoreSchedule, width: u32) -> String {
    let drives = plan.drives.max(1) as usize;
    let width = width.clamp(240, 2000);
    let height = (120 + 26 * drives.min(24) + 22 * plan.tiers.len().min(8)) as u32;
    if !plan.makespan_sec.is_finite() || plan.jobs.is_empty() {
        return message_svg((width, height), "Nothing to restore: no job moves.");
    }
    render((width, height), "Restore of the whole fleet, by priority tier", |root, notes| {
        draw(root, plan, drives)?;
        let jobs = if plan.jobs.len() == 1 { "job" } else { "jobs" };
        notes.desc = format!(
            "The restore of {} {jobs} on {drives} drives ends after {}.",
            plan.jobs.len(),
            format_duration(plan.makespan_sec)
        );
        if let Some(late) = plan.first_late_tier() {
            notes.desc.push_str(&format!(" {} misses its objective.", tier_name(late.tier)));
        }
        Ok(())
    })
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    plan: &RestoreSchedule,
    drives: usize,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let objectives = plan.tiers.iter().filter_map(|t| t.rto_sec).fold(0.0_f64, f64::max);
    let span = plan.makespan_sec.max(objectives).max(1.0);
    let (unit_sec, unit) = if span >= 2.0 * 3600.0 { (3600.0, "h") } else { (60.0, "min") };
    let x_end = span / unit_sec * 1.04;
    let mut chart = ChartBuilder::on(root)
        .caption("Restore of the whole fleet, by priority tier", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..x_end, -0.5..(drives as f64 - 0.5))?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(TRANSPARENT)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .x_desc(format!("Time from the start of the restore ({unit})"))
        .y_labels(drives.min(24))
        .y_label_formatter(&|y| {
            let nearest = y.round();
            if (y - nearest).abs() < 1e-6 && nearest >= 0.0 {
                format!("Drive {}", nearest as usize + 1)
            } else {
                String::new()
            }
        })
        .draw()?;
    let bars = plan.jobs.iter().filter(|j| j.end_sec.is_finite()).map(|job| {
        let y = job.drive as f64;
        Rectangle::new(
            [(job.start_sec / unit_sec, y - 0.36), (job.end_sec / unit_sec, y + 0.36)],
            tier_color(job.tier).filled(),
        )
    });
    chart.draw_series(bars)?;
    for tier in &plan.tiers {
        let color = tier_color(tier.tier);
        chart
            .draw_series(std::iter::once(Rectangle::new([(0.0, -10.0), (0.0, -10.0)], color.filled())))?
            .label(tier_name(tier.tier))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        if let Some(rto) = tier.rto_sec {
            let x = rto / unit_sec;
            chart
                .draw_series(DashedLineSeries::new([(x, -0.5), (x, drives as f64 - 0.5)], 6, 4, color.stroke_width(2)))?
                .label(format!("{} objective", tier_name(tier.tier)))
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 12, y)], color.stroke_width(2)));
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 12))
        .draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::codec::decode;
    use capacity_model::fleet::{parse_jobs, restore_schedule};

    fn plan(jobs: &str) -> RestoreSchedule {
        let mut scenario = decode("v=1&drives=2&fc_ports=2&lto=LTO-8&fc=8GFC").scenario;
        scenario.jobs = parse_jobs(jobs).0.into();
        restore_schedule(&scenario, &scenario.jobs).expect("a tape fleet has a restore plan")
    }

    #[test]
    fn every_job_is_a_bar_and_every_objective_a_line() {
        let plan = plan("name,data,priority,rto_h\ndb,6TB,0,8\nmail,2TB,1,24\nfs,3TB,,\n");
        let svg = restore_gantt(&plan, 760);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
        // Three job bars in the tiers' colours, and the legend's swatches.
        assert!(svg.contains("fill=\"#E15759\""), "tier 0 in red: {svg}");
        assert!(svg.contains("fill=\"#F28E2B\""), "tier 1 in orange");
        assert!(svg.contains("fill=\"#9DA3AB\""), "no tier in grey");
        for text in ["Tier 0 objective", "Tier 1 objective", "No tier", "Drive 1", "Drive 2", "(h)"] {
            assert!(svg.contains(text), "{text}: {svg}");
        }
    }

    #[test]
    fn a_short_restore_is_in_minutes() {
        let svg = restore_gantt(&plan("name,data\nsmall,100GB\n"), 330);
        assert!(svg.contains("(min)"), "{svg}");
        let head = "<title>Restore of the whole fleet, by priority tier</title><desc>The restore of 1 job on 2 drives";
        assert!(svg.contains(head), "{svg}");
        assert!(svg.contains("width=\"330\""), "{svg}");
    }
}
