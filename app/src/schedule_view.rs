//! The fleet's schedule as pure functions (schedule in, HTML out), like the results card: the night
//! against the window and its lower bound, the long pole and why, idle drives, what longest first
//! gains, the fewest drives or sessions that fit, and the per-job table.

use crate::tables::escape;
use capacity_model::fleet::{schedule, Schedule};
use capacity_model::units::{format_bytes, format_count, format_duration, format_number, format_rate, UnitSystem};
use capacity_model::Scenario;
use std::fmt::Write;

/// Rows per page of the per-job table.
pub const PAGE_JOBS: usize = 100;

/// What a scan for the fewest drives (or sessions per drive) that fit the window has found so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fewest {
    /// Still looking: the next count to try and the most it will try.
    Checking {
        /// Next count to schedule.
        next: u32,
        /// Largest count tried.
        most: u32,
    },
    /// The fewest that fit.
    Found(u32),
    /// None up to the most tried fits (or a job alone misses the window).
    NoneFits,
    /// The scenario has no window (0 h).
    NoWindow,
}

/// Which count a scan varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vary {
    /// Tape drives, 1 to 256, each with the scenario's sessions.
    Drives,
    /// Sessions per drive, 1 to 64, on the scenario's drives.
    Sessions,
}

/// A scan for the fewest drives or sessions per drive that fit the window, one schedule per step.
///
/// The model's `fewest_drives` and `fewest_sessions_per_drive` answer the same question in one call, but
/// one call can schedule the list up to 256 times (seconds for thousands of jobs); the page takes the
/// same steps one schedule at a time between frames, so it never stops responding. The answers are the
/// model's (a test checks that they agree).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scan {
    /// The count varied.
    pub vary: Vary,
    /// What it found so far.
    pub state: Fewest,
}

impl Scan {
    /// A scan of `vary` for `scenario`, whose schedule is `now`. When a job alone takes longer than the
    /// window no count helps, and the scan is over at once.
    pub fn new(vary: Vary, scenario: &Scenario, now: &Schedule) -> Self {
        let window = scenario.backup_window_sec;
        let state = if window.is_nan() || window <= 0.0 {
            Fewest::NoWindow
        } else if now.jobs.iter().any(|j| j.data_bytes / j.ceiling_bytes_per_sec > window) {
            Fewest::NoneFits
        } else {
            Fewest::Checking { next: 1, most: if vary == Vary::Drives { 256 } else { 64 } }
        };
        Self { vary, state }
    }

    /// Schedules the next count; true when the scan is over.
    pub fn step(&mut self, scenario: &Scenario) -> bool {
        let Fewest::Checking { next, most } = self.state else { return true };
        let mut s = scenario.clone();
        match self.vary {
            Vary::Drives => s.drives = next,
            Vary::Sessions => s.sessions_per_drive = next,
        }
        let fits = schedule(&s, &s.jobs).is_some_and(|x| x.makespan_sec <= scenario.backup_window_sec);
        self.state = if fits {
            Fewest::Found(next)
        } else if next >= most {
            Fewest::NoneFits
        } else {
            Fewest::Checking { next: next + 1, most }
        };
        !matches!(self.state, Fewest::Checking { .. })
    }

    /// The finding in words: `5 drives`, `none up to 256 drives`, `checking 12 of 256 …`.
    pub fn text(&self, scenario: &Scenario, now: &Schedule) -> String {
        let (one, many, most) = match self.vary {
            Vary::Drives => ("drive", "drives", 256),
            Vary::Sessions => ("session per drive", "sessions per drive", 64),
        };
        match self.state {
            Fewest::Found(1) => format!("1 {one}"),
            Fewest::Found(n) => format!("{n} {many}"),
            Fewest::Checking { next, most } => format!("checking {next} of {most} …"),
            Fewest::NoWindow => "no window to fit (a window of 0 h means none)".to_string(),
            Fewest::NoneFits => {
                match now.jobs.iter().find(|j| j.data_bytes / j.ceiling_bytes_per_sec > scenario.backup_window_sec) {
                    Some(job) => format!(
                        "none: {} alone takes {}, longer than the {} window",
                        job.name,
                        format_duration(job.data_bytes / job.ceiling_bytes_per_sec),
                        format_duration(scenario.backup_window_sec)
                    ),
                    None => format!("none up to {most} {many}"),
                }
            }
        }
    }
}

/// One headline metric box.
fn metric(out: &mut String, label: &str, id: &str, value: &str, sub: &str, bad: bool) {
    let _ = write!(
        out,
        "<div class=\"metric{}\"><span class=\"metric-label\">{label}</span><span class=\"metric-value\" data-testid=\"{id}\">{}</span><span class=\"metric-sub\">{}</span></div>",
        if bad { " bad" } else { "" },
        escape(value),
        escape(sub)
    );
}

/// The schedule card's summary: headline metrics, the long pole's reason, and the facts (idle drives,
/// longest-first gain, the fewest drives and sessions that fit, from `scans`).
pub fn schedule_html(s: &Schedule, scenario: &Scenario, scans: &[Scan; 2], system: UnitSystem) -> String {
    let window = scenario.backup_window_sec;
    let end = s.makespan_sec;
    let total: f64 = s.jobs.iter().map(|j| j.data_bytes).sum();
    let longest = s.jobs.iter().map(|j| j.data_bytes / j.ceiling_bytes_per_sec).fold(0.0, f64::max);
    let through = total / s.aggregate_bytes_per_sec;
    let bound_why = if longest >= through {
        "the longest job alone".to_string()
    } else {
        format!(
            "{} through the shared stages at {}",
            format_bytes(total, system),
            format_rate(s.aggregate_bytes_per_sec, system)
        )
    };
    let mut out = String::from("<div class=\"headline\">");
    metric(
        &mut out,
        "Night's length",
        "makespan",
        &format_duration(end),
        &format!("lower bound {}: {bound_why}", format_duration(s.lower_bound_sec)),
        false,
    );
    let (verdict, margin, fits) = if window > 0.0 && end.is_finite() {
        if end <= window {
            (
                "Fits",
                format!("{} to spare in the {} window", format_duration(window - end), format_duration(window)),
                true,
            )
        } else {
            (
                "Does not fit",
                format!("{} too long for the {} window", format_duration(end - window), format_duration(window)),
                false,
            )
        }
    } else if window > 0.0 {
        ("Does not fit", "nothing moves".to_string(), false)
    } else {
        ("No window", "a window of 0 h means none".to_string(), true)
    };
    metric(&mut out, "Backup window", "fleet-window", verdict, &margin, !fits);
    if let Some(pole) = s.jobs.get(s.long_pole) {
        metric(
            &mut out,
            "Long pole",
            "long-pole",
            &pole.name,
            &format!(
                "ends at {}: {} at {}",
                format_duration(pole.end_sec),
                format_bytes(pole.data_bytes, system),
                format_rate(pole.bytes_per_sec, system)
            ),
            false,
        );
    }
    let _ = write!(
        out,
        "</div><p class=\"explanation\" data-testid=\"long-pole-reason\">{}</p><dl class=\"fleet-facts\">",
        escape(&s.long_pole_reason(system))
    );
    let mut fact = |label: &str, id: &str, value: String| {
        let _ = write!(out, "<div><dt>{label}</dt><dd data-testid=\"{id}\">{}</dd></div>", escape(&value));
    };
    fact("Jobs", "fleet-jobs", format!("{} jobs, {}", format_count(s.jobs.len() as f64), format_bytes(total, system)));
    fact(
        "Order",
        "fleet-order",
        s.order_against_listed().unwrap_or_else(|| "as listed (choose another under Job order to compare)".to_string()),
    );
    // The jobs that end after the window, with the data each leaves for the next night.
    let missed: Vec<_> = s.missed().collect();
    if window > 0.0 && !missed.is_empty() {
        let names: Vec<String> = missed
            .iter()
            .take(8)
            .map(|j| format!("{} ({} left)", j.name, format_bytes(j.left_after_window_bytes, system)))
            .collect();
        let more = missed.len().saturating_sub(8);
        fact(
            "In window",
            "fleet-missed",
            format!(
                "{} of {} jobs end inside the window; {} miss it and leave {} for the next night: {}{}",
                format_count((s.jobs.len() - missed.len()) as f64),
                format_count(s.jobs.len() as f64),
                format_count(missed.len() as f64),
                format_bytes(s.left_after_window_bytes(), system),
                names.join(", "),
                if more > 0 { format!(" and {more} more") } else { String::new() }
            ),
        );
    } else if window > 0.0 {
        fact(
            "In window",
            "fleet-missed",
            format!("all {} jobs end inside the window", format_count(s.jobs.len() as f64)),
        );
    }
    let drives = s.drive_idle_sec.len();
    let mostly_idle = s.drive_idle_sec.iter().filter(|&&i| i > end / 2.0).count();
    let idle_total: f64 = s.drive_idle_sec.iter().sum();
    let mut idle = format!(
        "{mostly_idle} of {drives} drives idle more than half the night; {} of drive time idle in all ({} %)",
        format_duration(idle_total),
        format_number(idle_total / (end * drives as f64) * 100.0)
    );
    if drives <= 8 {
        for (d, i) in s.drive_idle_sec.iter().enumerate() {
            let _ = write!(idle, "{} drive {} {}", if d == 0 { ":" } else { " ·" }, d + 1, format_duration(*i));
        }
    }
    fact("Drive idle time", "drive-idle", idle);
    // When a job alone misses the window neither count helps, and one line says why.
    if scans.iter().all(|scan| scan.state == Fewest::NoneFits) && scans[0].text(scenario, s).starts_with("none:") {
        fact("Fewest drives or sessions that fit", "fewest-drives", scans[0].text(scenario, s));
    } else {
        fact("Fewest drives that fit", "fewest-drives", scans[0].text(scenario, s));
        fact("Fewest sessions per drive that fit", "fewest-sessions", scans[1].text(scenario, s));
    }
    out.push_str("</dl>");
    out
}

/// Page `page` (from 0) of the per-job table: each job's drive, start, end, average rate and own limit,
/// the long pole marked; jobs in the order listed.
pub fn jobs_table_html(s: &Schedule, page: usize, system: UnitSystem) -> String {
    let mut out = String::from(
        "<table class=\"fleet-jobs\" data-testid=\"schedule-table\"><thead><tr><th scope=\"col\">Job</th>\
         <th scope=\"col\" class=\"num\">Data</th><th scope=\"col\" class=\"num\">Drive</th>\
         <th scope=\"col\" class=\"num\">Start</th><th scope=\"col\" class=\"num\">End</th>\
         <th scope=\"col\" class=\"num\">Average rate</th>\
         <th scope=\"col\" class=\"num\" title=\"What the job moves alone, and the client-side stage that sets it\">Own limit</th>\
         </tr></thead><tbody>",
    );
    for (i, job) in s.jobs.iter().enumerate().skip(page * PAGE_JOBS).take(PAGE_JOBS) {
        let pole = i == s.long_pole;
        let _ = write!(
            out,
            "<tr{}><th scope=\"row\">{}{}</th><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}<span class=\"arithmetic\">{}</span></td></tr>",
            if pole { " class=\"binding\" data-testid=\"long-pole-row\"" } else { "" },
            escape(&job.name),
            if pole { "<span class=\"badge\">long pole</span>" } else { "" },
            format_bytes(job.data_bytes, system),
            job.drive + 1,
            format_duration(job.start_sec),
            format_duration(job.end_sec),
            format_rate(job.bytes_per_sec, system),
            format_rate(job.ceiling_bytes_per_sec, system),
            job.ceiling_stage.name(),
        );
    }
    out.push_str("</tbody></table>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::codec::decode;
    use capacity_model::fleet::{fewest_drives, fewest_sessions_per_drive, parse_jobs};

    /// The fleet: one 6 TB database and forty 200 GB file servers, 4 LTO-4 drives with one
    /// session each, every client on 1GbE.
    fn fleet(link: &str) -> Scenario {
        let mut list = "name,data\ndb,6TB\n".to_string();
        for i in 0..40 {
            let _ = writeln!(list, "fs{i:02},200GB");
        }
        let mut scenario = decode(link).scenario;
        scenario.jobs = parse_jobs(&list).0.into();
        scenario
    }

    fn finish(mut scan: Scan, scenario: &Scenario) -> Fewest {
        while !scan.step(scenario) {}
        scan.state
    }

    #[test]
    fn the_long_pole_sets_the_night_and_three_drives_idle() {
        let scenario = fleet("v=1&drives=4&fc_ports=4&sessions_per_drive=1");
        let s = schedule(&scenario, &scenario.jobs).unwrap();
        let scans = [Scan::new(Vary::Drives, &scenario, &s), Scan::new(Vary::Sessions, &scenario, &s)];
        let html = schedule_html(&s, &scenario, &scans, UnitSystem::Decimal);
        assert!(html.contains("data-testid=\"makespan\">14 h 45 min</span>"), "{html}");
        assert!(html.contains("data-testid=\"fleet-window\">Does not fit</span>"), "{html}");
        assert!(html.contains("6 h 45 min too long for the 8 h 00 min window"), "{html}");
        assert!(html.contains("data-testid=\"long-pole\">db</span>"), "{html}");
        assert!(html.contains("db is the long pole: alone it moves 113 MB/s"), "{html}");
        assert!(html.contains("3 of 4 drives idle more than half the night"), "{html}");
        assert!(html.contains("lower bound 14 h 45 min: the longest job alone"), "{html}");
        assert!(
            html.contains(
                "data-testid=\"fewest-drives\">none: db alone takes 14 h 45 min, longer than the 8 h 00 min window<"
            ),
            "{html}"
        );
        assert_eq!(scans[0].state, Fewest::NoneFits, "no count helps: the scan is over before it starts");
        let table = jobs_table_html(&s, 0, UnitSystem::Decimal);
        assert!(table.contains("<tr class=\"binding\" data-testid=\"long-pole-row\"><th scope=\"row\">db<span class=\"badge\">long pole</span></th><td class=\"num\">6.00 TB</td><td class=\"num\">1</td><td class=\"num\">0 s</td><td class=\"num\">14 h 45 min</td><td class=\"num\">113 MB/s</td>"), "{table}");
        assert_eq!(table.matches("<tr").count(), 42, "a header and 41 jobs");
    }

    #[test]
    fn the_scan_finds_what_the_model_finds() {
        for link in [
            "v=1&drives=2&fc_ports=4&sessions_per_drive=1&window_h=20",
            "v=1&drives=8&fc_ports=8&sessions_per_drive=2&window_h=16",
            "v=1&drives=1&sessions_per_drive=1&window_h=15",
        ] {
            let scenario = fleet(link);
            let s = schedule(&scenario, &scenario.jobs).unwrap();
            let window = scenario.backup_window_sec;
            let want = |n: Option<u32>| n.map_or(Fewest::NoneFits, Fewest::Found);
            assert_eq!(
                finish(Scan::new(Vary::Drives, &scenario, &s), &scenario),
                want(fewest_drives(&scenario, &scenario.jobs, window)),
                "{link}"
            );
            assert_eq!(
                finish(Scan::new(Vary::Sessions, &scenario, &s), &scenario),
                want(fewest_sessions_per_drive(&scenario, &scenario.jobs, window)),
                "{link}"
            );
        }
        let found = Scan { vary: Vary::Drives, state: Fewest::Found(3) };
        let scenario = fleet("v=1&window_h=20");
        let s = schedule(&scenario, &scenario.jobs).unwrap();
        assert_eq!(found.text(&scenario, &s), "3 drives");
        let none = Scan::new(Vary::Sessions, &fleet("v=1&window_h=0"), &s);
        assert_eq!(none.state, Fewest::NoWindow);
    }

    #[test]
    fn longest_first_names_its_gain() {
        let mut scenario = decode("v=1&drives=2&fc_ports=2&sessions_per_drive=1").scenario;
        scenario.jobs = parse_jobs("name,data\na,500GB\nb,500GB\nc,500GB\nd,500GB\nbig,4TB").0.into();
        let s = schedule(&scenario, &scenario.jobs).unwrap();
        let scans = [Scan::new(Vary::Drives, &scenario, &s), Scan::new(Vary::Sessions, &scenario, &s)];
        let html = schedule_html(&s, &scenario, &scans, UnitSystem::Decimal);
        assert!(
            html.contains("data-testid=\"fleet-order\">Longest first ends the night 2 h 27 min sooner (20.0 % less)"),
            "{html}"
        );
        assert!(html.contains(" than starting the jobs as listed (12 h 17 min)"), "{html}");
        assert!(html.contains("1 miss it and leave 746 GB for the next night: big (746 GB left)"), "{html}");
    }
}
