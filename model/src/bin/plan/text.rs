//! The default output: a report a person reads in a terminal or pastes into a ticket.

use crate::{printable, Source};
use capacity_model::calibrate::Calibration;
use capacity_model::fields::field_by_key;
use capacity_model::fleet::{self, RestoreSchedule, Schedule, ScheduledJob};
use capacity_model::goal_seek::{Fewest, FitPlan};
use capacity_model::timeline::Timeline;
use capacity_model::units::{
    format_against_objective, format_bytes, format_count, format_duration, format_number, format_overrun,
    format_per_hour, format_percent, format_rate, UnitSystem,
};
use capacity_model::{codec, Report, Role, Scenario, Stage, StageId, Target};
use unicode_width::UnicodeWidthStr;

/// What a run adds to the plan besides the report.
pub struct Extras<'a> {
    /// The answer of `--fewest`.
    pub fewest: Option<&'a Fewest>,
    /// Whether `--fewest` sought a given rate (`--reach`).
    pub targeted: bool,
    /// The fit of `--calibrate` (the report is already of the calibrated scenario).
    pub calibration: Option<&'a Calibration>,
    /// With a job list, the job `--calibrate` fitted to (the long pole, alone).
    pub calibrated_job: Option<&'a str>,
    /// How `--measured-duration` was read: "10.0 GB in 1 min 30 s is 111 MB/s".
    pub measured_arithmetic: Option<&'a str>,
    /// The schedule of `--jobs` (or of a link's job list).
    pub fleet: Option<&'a Fleet>,
    /// The nights of `--horizon`.
    pub timeline: Option<&'a Timeline>,
    /// What fits the window with the headroom, when the plan does not.
    pub to_fit: Option<&'a FitPlan>,
    /// The disaster-recovery restore of `--jobs --restore`.
    pub restore: Option<&'a RestoreSchedule>,
    /// What would bring its late tiers in ([`fleet::bring_in`]): counts to change, and the jobs whose
    /// own limit no count relieves. Empty when every tier meets its objective.
    pub bring_in: &'a (Vec<fleet::BringIn>, Vec<String>),
}

/// A job list's schedule, its answer and what would make it fit the window.
pub struct Fleet {
    /// The fleet's answer: its data, night, average rate and binding limit.
    pub answer: fleet::FleetAnswer,
    /// What fits the fleet's night in the window with the headroom, when it does not.
    pub to_fit: Option<fleet::FleetPlan>,
    /// The schedule on the scenario's drives.
    pub schedule: Schedule,
    /// The fewest drives that fit the window, if any do.
    pub fewest_drives: Option<u32>,
    /// The fewest sessions per drive that fit the window on the scenario's drives, if any do.
    pub fewest_sessions_per_drive: Option<u32>,
    /// The warnings that hold for the fleet, (id, message): the entered scenario's that hold with jobs
    /// (its hardware: a shared default port, a capped compression, a mismatched interface), then the long
    /// pole's own drive starved while no other job shares its drive ([`fleet::long_pole_starved_text`]).
    pub warnings: Vec<(&'static str, String)>,
}

impl Fleet {
    /// The name of the job that ends last: the one whose chain alone the report's stages show.
    pub fn long_pole_name(&self) -> &str {
        self.schedule.jobs.get(self.schedule.long_pole).map_or("", |j| j.name.as_str())
    }
}

/// Ends `out` with one blank line (none added when it already ends with one: a table ends with its own).
fn blank_line(out: &mut String) {
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
}

/// Width of the label column ("Throughput", "Window" ...).
const LABEL: usize = 14;
/// Lines are wrapped to this many characters so a report pastes cleanly into e-mail and tickets.
const WIDTH: usize = 100;

/// Words that read wrong at the start of a line: a unit torn from its number ("900" / "MB/s").
const GLUED: [&str; 13] = ["B", "KB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "MB/s", "MiB/s", "%", "s"];

/// The words of `text`, each unit joined to the number before it so a wrap never splits them.
fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        let unit = GLUED.contains(&word.trim_end_matches([',', '.', ';', ':', ')']))
            || word.starts_with("TB/h")
            || word.starts_with("TiB/h")
            || word.starts_with("min");
        match out.last_mut() {
            Some(previous) if unit => {
                previous.push(' ');
                previous.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
    }
    out
}

/// Greedy word wrap to [`WIDTH`]; continuation lines start with `indent` spaces. Counts chars, not
/// bytes, because the model's sentences hold `×`.
///
/// Every line of the report passes through here or [`table`]: text from the user (job names in the
/// model's sentences) is made [`printable`] first, so an escape sequence in a name is shown, not sent.
fn wrap(text: &str, first_prefix: &str, indent: usize) -> String {
    let text = printable(text);
    let text = text.as_ref();
    let mut out = String::from(first_prefix);
    let mut column = first_prefix.width();
    let mut line_has_word = false;
    for word in words(text) {
        let len = word.width();
        if line_has_word && column + 1 + len > WIDTH {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
            line_has_word = false;
        }
        if line_has_word {
            out.push(' ');
            column += 1;
        }
        out.push_str(&word);
        column += len;
        line_has_word = true;
    }
    out.push('\n');
    out
}

fn line(label: &str, value: &str) -> String {
    wrap(value, &format!("{label:<LABEL$}"), LABEL)
}

fn rate_and_hourly(bytes_per_sec: f64, system: UnitSystem) -> String {
    format!("{} ({})", format_rate(bytes_per_sec, system), format_per_hour(bytes_per_sec, system))
}

/// Every stage in columns: names left, figures right, the bottleneck marked. A serial cost has no
/// capacity, only its share of each stream's time; demand shows only where it exceeds the throughput.
/// Rows under a header, columns padded to their widest cell: the first left-aligned, the others
/// right-aligned; `marks` adds text after a row (the bottleneck's arrow).
fn table<const N: usize>(header: [&str; N], rows: &[[String; N]], marks: &[&str]) -> String {
    // Cells may hold text from the user (job names): shown escaped, and measured so.
    let rows: Vec<[std::borrow::Cow<str>; N]> =
        rows.iter().map(|row| row.each_ref().map(|cell| printable(cell))).collect();
    // Measured in a terminal's columns: a CJK character takes two, a combining accent none.
    let mut widths = header.map(|h| h.width());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.width());
        }
    }
    // Written straight into the table's text, a row at a time (a 10,000-job schedule is 70,000 cells).
    let mut out = String::with_capacity((rows.len() + 1) * (widths.iter().sum::<usize>() + 2 * N + 16));
    let mut write_row = |cells: [&str; N], mark: &str| {
        out.push(' ');
        for (i, (cell, width)) in cells.iter().zip(widths).enumerate() {
            let pad = width.saturating_sub(cell.width());
            out.push_str("  ");
            if i == 0 {
                out.push_str(cell);
                out.extend(std::iter::repeat_n(' ', pad));
            } else {
                out.extend(std::iter::repeat_n(' ', pad));
                out.push_str(cell);
            }
        }
        out.push_str(mark);
        out.truncate(out.trim_end().len());
        out.push('\n');
    };
    write_row(header, "");
    for (i, row) in rows.iter().enumerate() {
        write_row(std::array::from_fn(|c| row[c].as_ref()), marks.get(i).copied().unwrap_or_default());
    }
    out
}

fn stage_table(stages: &[Stage], bottleneck: StageId, throughput: f64, system: UnitSystem) -> String {
    let rows: Vec<[String; 4]> = stages
        .iter()
        .enumerate()
        .map(|(index, stage)| {
            let serial = stage.role == Role::Serial;
            [
                stage.id.name().to_string(),
                if serial { stage.id.serial_payer().to_string() } else { stage.capacity_text(system) },
                // As the page: the first stage has nothing before it, its demand would repeat its capacity.
                if index > 0 && !serial && stage.demand_bytes_per_sec > throughput * (1.0 + 1e-9) {
                    format_rate(stage.demand_bytes_per_sec, system)
                } else {
                    String::new()
                },
                if serial {
                    format!("{} of time", format_percent(stage.utilization))
                } else {
                    stage.utilization_text()
                },
            ]
        })
        .collect();
    let marks: Vec<&str> = stages.iter().map(|s| if s.id == bottleneck { "  <- bottleneck" } else { "" }).collect();
    // "Offered", not "Demand": in a restore the stages before a client-side bottleneck can offer more
    // than their own capacity while running nearly idle (a new user read that as a contradiction).
    table(["Stage", "Capacity", "Offered", "Utilization"], &rows, &marks)
}

/// The "Drives idle" line: each drive's idle time before the night ends, numbered from 1.
fn drives_idle(schedule: &Schedule) -> String {
    let idle: Vec<String> = schedule
        .drive_idle_sec
        .iter()
        .enumerate()
        .map(|(d, idle)| format!("drive {}: {}", d + 1, format_duration(*idle)))
        .collect();
    line("Drives idle", &idle.join(", "))
}

/// The fleet's schedule: the night against the window, the long pole, idle drives, what fits, and
/// every job's drive, start, end and rate.
fn schedule_text(fleet: &Fleet, s: &Scenario, system: UnitSystem) -> String {
    let schedule = &fleet.schedule;
    if schedule.target == capacity_model::Target::Repository {
        return repository_schedule_text(fleet, s, system);
    }
    let mut out = String::from("\n");
    let sessions =
        if s.sessions_per_drive == 1 { "1 session".to_string() } else { format!("{} sessions", s.sessions_per_drive) };
    let order = schedule.order.words();
    out.push_str(&line(
        "Schedule",
        &format!(
            "{} {} on {} × {sessions} each, started {order}",
            schedule.jobs.len(),
            if schedule.jobs.len() == 1 { "job" } else { "jobs" },
            drives_text(s)
        ),
    ));
    if let Some(above) = s.drives_at_once_above_drives() {
        out.push_str(&line("Drives used", &above));
    }
    let mut night = format_duration(schedule.makespan_sec);
    if s.backup_window_sec > 0.0 && schedule.makespan_sec.is_finite() {
        let margin = s.backup_window_sec - schedule.makespan_sec;
        night = if margin >= 0.0 {
            let [makespan, spare, window] =
                capacity_model::units::format_duration_with_spare(schedule.makespan_sec, s.backup_window_sec);
            format!("{makespan}, fits the {window} window with {spare} to spare")
        } else {
            let [makespan, over, window] =
                capacity_model::units::format_duration_with_overrun(schedule.makespan_sec, s.backup_window_sec);
            format!("{makespan}, misses the {window} window by {over}")
        };
    }
    // A bound that reads as the night (to the minute) is written as the night is, with its seconds where the
    // night's show ("no schedule can be shorter than 1 h 07 min" beside a night of 1 h 07 min 48 s).
    let bound = schedule.lower_bound_sec;
    let bound_text = if (bound - schedule.makespan_sec).abs() < 0.5 && night.starts_with(&format_duration(bound)) {
        night.split(',').next().unwrap_or_default().to_string()
    } else {
        format_duration(bound)
    };
    night.push_str(&format!("; no schedule can be shorter than {bound_text}"));
    out.push_str(&line("Night", &night));
    out.push_str(&line("Long pole", &schedule.long_pole_reason(system)));
    if let Some(text) = schedule.fewer_at_once_text() {
        out.push_str(&line("At once", &text));
    }
    if let Some(text) = schedule.order_against_listed() {
        out.push_str(&line("Order", &text));
    }
    if schedule.window_sec > 0.0 {
        let missed: Vec<&ScheduledJob> = schedule.missed().collect();
        let done = schedule.jobs.len() - missed.len();
        let text = if missed.is_empty() {
            let all = match schedule.jobs.len() {
                1 => "the job ends".to_string(),
                2 => "both jobs end".to_string(),
                n => format!("all {} jobs end", format_count(n as f64)),
            };
            format!("{all} inside the {} window", format_duration(schedule.window_sec))
        } else {
            // The ten with the most left, then how many more.
            let most_left = fleet::order_by(missed.iter().map(|j| -j.left_after_window_bytes));
            let mut names: Vec<String> = most_left
                .iter()
                .take(10)
                .map(|&i| {
                    let job = missed[i];
                    format!("{} ({} left)", printable(&job.name), format_bytes(job.left_after_window_bytes, system))
                })
                .collect();
            if missed.len() > 10 {
                names.push(format!("{} more", format_count((missed.len() - 10) as f64)));
            }
            format!(
                "{} of {} jobs {} inside the {} window; {} {} {} for the next night: {}",
                format_count(done as f64),
                format_count(schedule.jobs.len() as f64),
                if done == 1 { "ends" } else { "end" },
                format_duration(schedule.window_sec),
                format_count(missed.len() as f64),
                if missed.len() == 1 { "misses it and leaves" } else { "miss it and leave" },
                format_bytes(schedule.left_after_window_bytes(), system),
                names.join(", ")
            )
        };
        out.push_str(&line("In window", &text));
    }
    out.push_str(&drives_idle(schedule));
    if let Some(text) = capacity_model::fleet::handling_text(s, schedule) {
        out.push_str(&line("Handling", &text));
    }
    if s.backup_window_sec > 0.0 {
        // Why no count of drives fits: a job alone longer than the window, or the stages the drives
        // share (their ports, the server, its catalogue), which more drives do not widen.
        // A job runs on one drive: more drives never shorten it (a trial read "each drive added shares
        // the same ports and server" for one 7.5 TB job its LTO-4 held past the window).
        let alone = |j| schedule.alone_on_a_drive_sec(j);
        // With its seconds where it would read as the window ("8 h 00 min, longer than the window" of 8 h).
        let over = |sec: f64| capacity_model::units::format_duration_with_overrun(sec, s.backup_window_sec)[0].clone();
        let longest = schedule.jobs.iter().reduce(|a, b| if alone(b) > alone(a) { b } else { a });
        let none = match longest.filter(|j| alone(j) > s.backup_window_sec) {
            Some(job) if schedule.alone_sec(job) < alone(job) * (1.0 - 1e-9) => format!(
                "no number of drives ({} alone takes {} on one drive, longer than the window; a job runs on one drive)",
                job.name,
                over(alone(job))
            ),
            Some(job) => {
                format!("no number of drives ({} alone takes {}, longer than the window)", job.name, over(alone(job)))
            }
            None => match schedule.shared_hold {
                _ if schedule.optimisation_floor_text(s.backup_window_sec).is_some() => format!(
                    "no number of drives ({})",
                    schedule.optimisation_floor_text(s.backup_window_sec).unwrap_or_default()
                ),
                Some(stage) => {
                    let (verb, them) = if stage.name_is_plural() { ("hold", "them") } else { ("holds", "it") };
                    format!(
                        "no number of drives ({} {verb} the night past the window, however many drives share {them})",
                        stage.name()
                    )
                }
                None if schedule.shared_floor_text(s.backup_window_sec, system).is_some() => format!(
                    "no number of drives ({})",
                    schedule.shared_floor_text(s.backup_window_sec, system).unwrap_or_default()
                ),
                // Each drive added shares the ports and the server with the others: up to the field's most.
                // From the count that runs every job at once more drives change nothing: say what that
                // night is (a trial's seven jobs on one shared port read only "each drive added shares").
                None => match fleet
                    .fewest_drives
                    .is_none()
                    .then(|| capacity_model::fleet::fewest::all_at_once(s, &s.jobs))
                    .flatten()
                    .and_then(|(count, night)| {
                        capacity_model::fleet::fewest::all_at_once_text(count, night, s.backup_window_sec)
                    }) {
                    Some(why) => format!("no number of drives up to 1,024 ({why})"),
                    None => "no number of drives up to 1,024 (each drive added shares the same ports and server)"
                        .to_string(),
                },
            },
        };
        // The fewest drives are counted every one used at once: said where a limit holds some back today.
        let all_used = if schedule.held_back.is_some() { ", every one used at once" } else { "" };
        let drives = fleet.fewest_drives.map_or(none, |n| {
            format!("{n} {} with {sessions} each{all_used}", if n == 1 { "drive" } else { "drives" })
        });
        let most_sessions = capacity_model::fleet::fewest::MOST_SESSIONS_PER_DRIVE.max(s.sessions_per_drive);
        let reason = if most_sessions == capacity_model::fleet::fewest::MOST_SESSIONS_PER_DRIVE {
            format!(" ({})", capacity_model::fleet::fewest::MOST_SESSIONS_REASON)
        } else {
            String::new()
        };
        let none_up_to = format!("no number of sessions per drive up to {most_sessions}{reason}");
        let more = fleet.fewest_sessions_per_drive.map_or(none_up_to, |n| {
            format!("{n} {} per drive on {}", if n == 1 { "session" } else { "sessions" }, drives_text(s))
        });
        // A job alone on one drive longer than the window: neither count helps, and one reason says so
        // (a trial was invited to enter more sessions than 32 for such a job).
        let fits_with = match drives.strip_prefix("no number of drives (").filter(|_| {
            fleet.fewest_drives.is_none()
                && (longest.is_some_and(|j| alone(j) > s.backup_window_sec)
                    || schedule.shared_floor_text(s.backup_window_sec, system).is_some())
        }) {
            Some(reason) => format!("no number of drives or sessions per drive ({reason}"),
            // Today's counts are the fewest of both: one answer, not the same one twice ("2 drives with 1
            // session each; or 1 session per drive on 2 drives").
            None if fleet.fewest_drives == Some(s.drives)
                && fleet.fewest_sessions_per_drive == Some(s.sessions_per_drive) =>
            {
                format!("{drives}, as today: no fewer drives or sessions per drive fit")
            }
            None => format!("{drives}; or {more}"),
        };
        // These fit the window itself; What to add aims at the window less the headroom (a trial read
        // "Fits with: 1 drive" beside a plan for 3 drives and took one for wrong).
        let fits_with = if fleet.to_fit.is_some() && s.headroom > 0.0 && fleet.fewest_drives.is_some() {
            format!(
                "{fits_with} (to fit the {} window; What to add keeps the {} headroom spare)",
                format_duration(s.backup_window_sec),
                capacity_model::units::format_percent(s.headroom)
            )
        } else {
            fits_with
        };
        out.push_str(&line("Fits with", &fits_with));
    }
    out.push('\n');
    let rows: Vec<[String; 7]> = schedule
        .jobs
        .iter()
        .map(|job| {
            [
                // `table` makes it printable.
                job.name.clone(),
                format_bytes(job.data_bytes, system),
                (job.drive + 1).to_string(),
                format_duration(job.start_sec),
                format_duration(job.end_sec),
                format_rate(job.bytes_per_sec, system),
                if job.in_window { "yes".to_string() } else { "no".to_string() },
            ]
        })
        .collect();
    let marks: Vec<&str> =
        (0..rows.len()).map(|i| if i == schedule.long_pole { "  <- long pole" } else { "" }).collect();
    out.push_str(&table(["Job", "Data", "Drive", "Start", "End", "Average rate", "In window"], &rows, &marks));
    out
}

/// A fleet backing up to a repository: when the backups end, and with a copy to tape when each copy
/// runs on which drive, the longer phase and the window; every job's backup end and copy.
fn repository_schedule_text(fleet: &Fleet, s: &Scenario, system: UnitSystem) -> String {
    let schedule = &fleet.schedule;
    let mut out = String::from("\n");
    let copy = schedule.copy.as_ref();
    let drives = if s.drives == 1 { "the drive".to_string() } else { format!("one of {} drives", s.drives) };
    let jobs = match schedule.jobs.len() {
        1 => "1 job backs up".to_string(),
        n => format!("{} jobs back up at once", format_count(n as f64)),
    };
    out.push_str(&line(
        "Schedule",
        &match copy {
            Some(_) => format!("{jobs} into the repository; each copy to tape follows its backup on {drives}"),
            None => format!("{jobs} into the repository"),
        },
    ));
    out.push_str(&line(
        "Backups",
        &format!(
            "the last ends after {}; no schedule can end them sooner than {}",
            format_duration(copy.map_or(schedule.makespan_sec, |c| c.night.backup_makespan_sec)),
            format_duration(copy.map_or(schedule.lower_bound_sec, |c| c.night.backup_lower_bound_sec))
        ),
    ));
    out.push_str(&line("Long pole", &schedule.long_pole_reason(system)));
    if let Some(text) = schedule.fewer_at_once_text() {
        out.push_str(&line("At once", &text));
    }
    if let Some(copy) = copy {
        let c = &copy.night;
        out.push_str(&line(
            "Copies",
            &format!(
                "the last ends after {} ({} of copying, from the {} backup's end); no placement ends them sooner \
                 than {}; the {} phase is the longer",
                format_duration(c.makespan_sec),
                format_duration(c.phase_sec),
                // In a window of their own the copies start once the last backup has ended.
                if c.shared_window { "first" } else { "last" },
                format_duration(c.lower_bound_sec),
                c.binding_phase.name()
            ),
        ));
        out.push_str(&drives_idle(schedule));
        if let Some(text) = capacity_model::fleet::handling_text(s, schedule) {
            out.push_str(&line("Handling", &text));
        }
        if s.backup_window_sec > 0.0 {
            // Drives only move the copies: when the backups alone miss their window, none helps.
            let backups_miss = c.backup_makespan_sec > s.backup_window_sec * (1.0 + 1e-12);
            let fewest = match fleet.fewest_drives {
                Some(1) => "1 drive (the copies in their window)".to_string(),
                Some(n) => format!("{n} drives (the copies in their window)"),
                None if backups_miss => format!(
                    "no number of drives: the backups alone end after {}, past the {} window",
                    format_duration(c.backup_makespan_sec),
                    format_duration(s.backup_window_sec)
                ),
                None => "no number of drives (the copies in their window)".to_string(),
            };
            out.push_str(&line("Fits with", &fewest));
        }
    }
    out.push('\n');
    let dash = || "-".to_string();
    let rows: Vec<[String; 6]> = schedule
        .jobs
        .iter()
        .enumerate()
        .map(|(i, job)| {
            let c = copy.and_then(|c| c.jobs.get(i));
            [
                // `table` makes it printable.
                job.name.clone(),
                format_bytes(job.data_bytes, system),
                format_duration(job.end_sec),
                c.map_or_else(dash, |c| (c.drive + 1).to_string()),
                c.map_or_else(dash, |c| format_duration(c.start_sec)),
                c.map_or_else(dash, |c| format_duration(c.end_sec)),
            ]
        })
        .collect();
    let marks: Vec<&str> =
        (0..rows.len()).map(|i| if i == schedule.long_pole { "  <- long pole" } else { "" }).collect();
    out.push_str(&table(["Job", "Data", "Backup end", "Copy drive", "Copy start", "Copy end"], &rows, &marks));
    out
}

/// The disaster-recovery restore: when each tier is back against its objective, and every job's drive,
/// start, end and rate.
fn restore_text(
    plan: &RestoreSchedule,
    scenario: &Scenario,
    bring_in: &(Vec<fleet::BringIn>, Vec<String>),
    system: UnitSystem,
) -> String {
    let mut out = String::from("\n");
    let tier_name = |tier: Option<u32>| tier.map_or("no tier".to_string(), |t| format!("tier {t}"));
    out.push_str(&line(
        "DR restore",
        &format!(
            "{} {} restored by priority tier on {} {} (one cartridge each at a time{}): all back after {}",
            plan.jobs.len(),
            if plan.jobs.len() == 1 { "job" } else { "jobs" },
            plan.drives,
            if plan.drives == 1 { "drive" } else { "drives" },
            plan.tiers_clause(),
            format_duration(plan.makespan_sec)
        ),
    ));
    if let Some(text) = plan.idle_drives_text() {
        out.push_str(&line("Idle drives", &text));
    }
    for tier in &plan.tiers {
        // The tier's objective is the least rto_h of its jobs: whose, when it has several.
        let whose = match tier.rto_job {
            Some(j) if tier.jobs.len() > 1 => format!(" ({}'s)", plan.jobs[j].name),
            _ => String::new(),
        };
        // Seconds where the time and the objective would read the same.
        let [back, rto_text] = tier.rto_sec.map_or([format_duration(tier.done_sec), String::new()], |rto| {
            format_against_objective(tier.done_sec, rto)
        });
        let objective = match (tier.rto_sec, tier.meets) {
            (Some(_), Some(true)) => format!(", within its {rto_text} objective{whose}"),
            (Some(rto), _) => {
                format!(", {} past its {rto_text} objective{whose}", format_overrun(tier.done_sec - rto))
            }
            _ => String::new(),
        };
        out.push_str(&line(
            &capitalize_first(&tier_name(tier.tier)),
            &format!(
                "{} {}, {}: back after {back}{objective}",
                tier.jobs.len(),
                if tier.jobs.len() == 1 { "job" } else { "jobs" },
                format_bytes(tier.data_bytes, system)
            ),
        ));
    }
    if let Some(text) = fleet::restore_handling_text(scenario, plan) {
        out.push_str(&line("Handling", &text));
    }
    if let Some(text) = fleet::multiplexed_text(plan, system) {
        out.push_str(&line("Multiplexed", &text));
    }
    if let Some(text) = fleet::cartridge_wait_text(plan) {
        out.push_str(&line("Cartridges", &text));
    }
    if let Some(text) = fleet::whole_jobs_text(scenario) {
        out.push_str(&line("Whole jobs", &text));
    }
    if let Some(text) = fleet::unprioritised_text(scenario, plan) {
        out.push_str(&line("No priority", &text));
    }
    // What would bring the late tiers in: each count checked by restoring the fleet again.
    for change in &bring_in.0 {
        out.push_str(&line("Bring in", &change.text));
    }
    for limit in &bring_in.1 {
        out.push_str(&line("Bring in", limit));
    }
    out.push('\n');
    let rows: Vec<[String; 7]> = plan
        .jobs
        .iter()
        .map(|job| {
            [
                // `table` makes it printable.
                job.name.clone(),
                job.tier.map_or(String::new(), |t| t.to_string()),
                format_bytes(job.data_bytes, system),
                (job.drive + 1).to_string(),
                format_duration(job.start_sec),
                format_duration(job.end_sec),
                format_rate(job.bytes_per_sec, system),
            ]
        })
        .collect();
    out.push_str(&table(["Job", "Tier", "Data", "Drive", "Start", "End", "Average rate"], &rows, &[]));
    out
}

/// `text` with its first letter in capitals (ASCII).
fn capitalize_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| std::iter::once(c.to_ascii_uppercase()).chain(chars).collect())
}

fn window_line(report: &Report) -> Option<String> {
    if report.scenario.backup_window_sec <= 0.0 {
        return Some("no window (0 h means none)".to_string());
    }
    let fit = report.window?;
    let window = format_duration(fit.window_sec);
    // With a copy to tape in the backup's window the night is judged whole: its spare time is what backup
    // and copy leave together.
    if let Some(night) = report.night_with_copy().filter(|n| n.shared && n.fits) {
        let margin = night.copy_window_sec - night.backup_sec - night.copy_sec;
        return Some(format!(
            "{window}: fits with the copy to tape, {} to spare ({} of the window; the backup alone leaves {})",
            format_duration(margin),
            format_percent(margin / night.copy_window_sec),
            format_duration(fit.margin_sec)
        ));
    }
    // With a copy to tape the night is judged whole (the Backup+copy or Copy window line below has it).
    if let Some(night) = report.night_with_copy().filter(|n| n.backup_fits && !n.fits) {
        return Some(if night.shared {
            format!(
                "{window}: does not fit: the backup alone fits ({}), but backup then copy to tape take {}",
                format_duration(night.backup_sec),
                format_duration(night.backup_sec + night.copy_sec)
            )
        } else {
            format!(
                "{window}: the backup fits ({}), but the copy to tape does not fit its own window",
                format_duration(night.backup_sec)
            )
        });
    }
    // The backup alone misses, and the copy after it in the same window makes the night longer still.
    if let Some(night) = report.night_with_copy().filter(|n| n.shared && !n.backup_fits) {
        let whole = night.backup_sec + night.copy_sec;
        return Some(format!(
            "{window}: does not fit: backup then copy to tape take {}, {} over (the backup alone takes {})",
            format_duration(whole),
            format_duration(whole - night.copy_window_sec),
            format_duration(night.backup_sec)
        ));
    }
    // A copy in a window of its own is judged by the same headroom, as the page's window metric is.
    let copy_apart = report.night_with_copy().filter(|n| !n.shared && n.fits && n.copy_window_sec > 0.0).map(|n| {
        let spare = n.copy_spare_ratio();
        format!(
            "; the copy to tape {} of its own {} window ({} of it spare{})",
            format_duration(n.copy_sec),
            format_duration(n.copy_window_sec),
            capacity_model::units::format_percent_beside(spare, report.scenario.headroom),
            capacity_model::below_headroom_text(spare, report.scenario.headroom)
        )
    });
    Some(if fit.fits {
        let [_, spare, window] =
            capacity_model::units::format_duration_with_spare(fit.window_sec - fit.margin_sec, fit.window_sec);
        let below = capacity_model::below_headroom_text(fit.margin_ratio, report.scenario.headroom);
        format!(
            "{window}: fits, {spare} to spare ({} of the window{below}){}",
            capacity_model::units::format_percent_beside(fit.margin_ratio, report.scenario.headroom),
            copy_apart.unwrap_or_default()
        )
    } else if fit.margin_sec.is_finite() {
        // Beside the Duration line, which reads as the window where they differ by seconds.
        let [_, over, window] =
            capacity_model::units::format_duration_with_overrun(fit.window_sec - fit.margin_sec, fit.window_sec);
        format!("{window}: does not fit, {over} over ({} more than the window)", format_percent(-fit.margin_ratio))
    } else {
        format!("{window}: does not fit, the backup never finishes")
    })
}

fn fewest_line(answer: &Fewest, targeted: bool, system: UnitSystem) -> String {
    let field = field_by_key(answer.parameter);
    let label = field.map_or(answer.parameter, |f| f.label);
    let reached = rate_and_hourly(answer.throughput_bytes_per_sec, system);
    let goal = if targeted {
        format!("the target being {}", format_rate(answer.goal_bytes_per_sec, system))
    } else {
        // Without a target, `fewest` aims at the most any value gives (throughput need not rise with
        // every count: an NFS mixed workload's retrieving volumes peak at 2).
        let max = field.map_or(String::new(), |f| format_count(f.max));
        if answer.throughput_bytes_per_sec < answer.goal_bytes_per_sec * (1.0 - 1e-9) {
            // Within 0.1 % of it, where the most is only approached (files per transaction).
            format!(
                "within {} of the most any value up to {max} gives, {}",
                capacity_model::units::format_percent(capacity_model::goal_seek::NEAR_THE_MOST),
                format_rate(answer.goal_bytes_per_sec, system)
            )
        } else {
            format!("the most any value up to {max} gives")
        }
    };
    format!("{label} ({}) = {} reaches {reached}, {goal}", answer.parameter, format_count(f64::from(answer.value)))
}

/// The text report.
pub fn report(source: &Source, report: &Report, extras: &Extras, system: UnitSystem) -> String {
    let s = &report.scenario;
    let mut out = String::new();
    out.push_str(source.title());
    out.push('\n');
    if let Some(preset) = source.preset {
        out.push_str(&wrap(preset.description, "", 0));
    }
    out.push('\n');
    if let Some(fit) = extras.calibration {
        let job = extras.calibrated_job.map_or(String::new(), |name| {
            format!("{} (the long pole) alone, the default of the job rows: ", printable(name))
        });
        let measured = extras.measured_arithmetic.map_or(String::new(), |a| format!(" Measured: {a}."));
        out.push_str(&line("Calibrated", &format!("{job}{}{measured}", fit.summary(system))));
        out.push('\n');
    }
    let mut headline = rate_and_hourly(report.throughput_bytes_per_sec, system);
    if let Some(files) = report.files_per_sec {
        headline.push_str(&format!(", {} files/s", format_number(files)));
    }
    if let Some(fleet) = extras.fleet {
        // With jobs the headline is the fleet's; the long pole's chain alone follows, with its stages.
        for (label, text) in fleet.answer.headline(&source.scenario.jobs, system) {
            out.push_str(&line(label, &text));
        }
        if let Some(count) = fleet.answer.cartridges {
            let kind = source.scenario.cartridge_name();
            out.push_str(&line(
                "Cartridges",
                &format!("{} × {kind} (each drive fills its own)", format_count(count as f64)),
            ));
        }
        out.push('\n');
        out.push_str(&line(
            "Long pole",
            &format!(
                "{} alone on {}: {headline} with the job's own data, files, link, ports and streams (the form's values fill its empty cells), {} {}",
                fleet.long_pole_name(),
                if s.target == Target::Repository { "the repository" } else { "one drive" },
                report.bottleneck.name(),
                report.bottleneck.bind_verb()
            ),
        ));
    } else {
        out.push_str(&line("Throughput", &headline));
        if report.send_bytes_per_sec > 0.0 && report.retrieve_bytes_per_sec > 0.0 {
            out.push_str(&line(
                "",
                &format!(
                    "{} sent + {} retrieved",
                    format_rate(report.send_bytes_per_sec, system),
                    format_rate(report.retrieve_bytes_per_sec, system)
                ),
            ));
        }
        out.push_str(&line("Bottleneck", report.bottleneck.name()));
        out.push_str(&line("", &report.explanation(system)));
    }
    out.push('\n');
    out.push_str(&stage_table(&report.stages, report.bottleneck, report.throughput_bytes_per_sec, system));
    out.push('\n');
    if extras.fleet.is_none() {
        if s.data_set_bytes > 0.0 {
            out.push_str(&line("Data set", &format_bytes(s.data_set_bytes, system)));
        }
        if let Some(written) = report.duration_text() {
            let handling = report.cartridge_handling.map_or(0.0, |h| h.total_sec());
            // Written as the Window line below writes it, so the two add up to the window and a night
            // over it by seconds reads with them ("8 h 00 min" beside "8 h 00 min: does not fit, 26 s
            // over" was a trial's).
            let text = if handling > 0.0 {
                format!("{written} (of which {} cartridge handling)", format_duration(handling))
            } else {
                written
            };
            out.push_str(&line("Duration", &text));
        }
        if let Some(window) = window_line(report) {
            out.push_str(&line("Window", &window));
        }
        if let Some(cartridges) = report.cartridges {
            out.push_str(&line("Cartridges", &format!("{} × {}", format_count(cartridges as f64), s.cartridge_name())));
        }
    }
    if report.physical_bytes_per_sec < report.throughput_bytes_per_sec * (1.0 - 1e-9) {
        out.push_str(&line(
            "On the wire",
            &format!("{} after reduction at the source", rate_and_hourly(report.physical_bytes_per_sec, system)),
        ));
    }
    if let (Target::Tape, Some(aggregate), Some(io)) = (s.target, report.aggregate_bytes, report.storage_pool_io_bytes)
    {
        out.push_str(&line(
            "Transactions",
            &format!(
                "{} {} of {} = {} per transaction; storage-pool I/O {}",
                s.files_per_transaction,
                if s.files_per_transaction == 1 { "file" } else { "files" },
                format_bytes(s.avg_file_bytes, system),
                format_bytes(aggregate, system),
                format_bytes(io, system)
            ),
        ));
    }
    if s.target == Target::Tape {
        if let Some(client) = client_line(report, system) {
            out.push_str(&line("Client", &client));
        }
        if let Some(catalogue) = report.basis(StageId::Catalogue, system) {
            out.push_str(&line("Catalogue", &catalogue));
        }
    }
    if let Some(answer) = extras.fewest {
        out.push_str(&line("Fewest", &fewest_line(answer, extras.targeted, system)));
    }
    if let Some(plan) = extras.to_fit {
        for (label, text) in plan.summary(s, system) {
            out.push_str(&line(label, &text));
        }
    }
    if let Some(plan) = extras.fleet.and_then(|f| f.to_fit.as_ref()) {
        for (label, text) in plan.lines(system) {
            out.push_str(&line(label, &text));
        }
        // More sessions per drive write jobs multiplexed, and their restore passes over each other's data.
        for (_, counts, cost) in plan.restore_costs(&source.scenario) {
            out.push_str(&line("Restore cost", &format!("{counts}: {cost}")));
        }
    }
    if let Some(restore) = &report.restore {
        let mut figure = format!(
            "{}{}, {} files/s",
            rate_and_hourly(restore.throughput_bytes_per_sec, system),
            restore.read_through_note(),
            format_number(restore.files_per_sec)
        );
        match restore.duration_sec {
            // With jobs the form's data set is not used: `--restore` plans the fleet's restore.
            _ if extras.fleet.is_some() => {
                let name = extras.fleet.map_or("", Fleet::long_pole_name);
                figure.push_str(&format!(" for {name} alone (the long pole)"));
                // Its own data's time, as a single scenario's restore gives it (a trial found the rate
                // alone, the JSON's duration_sec not in the text).
                if let Some(duration) = restore.duration_sec {
                    figure.push_str(&format!(": {}", format_duration(duration)));
                }
                // Written multiplexed with other jobs, it is restored with them (the DR plan's pass).
                let shared = extras.fleet.and_then(|f| f.schedule.jobs.get(f.schedule.long_pole));
                if shared.is_some_and(|j| j.shared_cartridges(s)) {
                    figure.push_str(&format!(
                        ", if its backup had cartridges of its own; it shared cartridges with other jobs, so a restore of {name} passes over their data: --restore plans it"
                    ));
                }
            }
            Some(duration) => figure.push_str(&format!(", {}", format_duration(duration))),
            None => {}
        }
        blank_line(&mut out);
        out.push_str(&line("Restore", &figure));
        out.push_str(&line("Bottleneck", restore.bottleneck.name()));
        out.push_str(&line("", &report.restore_explanation(system).unwrap_or_default()));
        out.push('\n');
        out.push_str(&stage_table(&restore.stages, restore.bottleneck, restore.throughput_bytes_per_sec, system));
    } else if s.target == Target::Nfs && s.nfs_workload == capacity_model::NfsWorkload::Send {
        out.push_str(&line("Restore", "sized by the NFS workload: choose retrieve or mixed to plan retrievals"));
    }
    if let Some(copy) = &report.copy {
        let mut figure = rate_and_hourly(copy.throughput_bytes_per_sec, system);
        match copy.duration_sec {
            // With jobs the fleet's copies are in its schedule below: this is the long pole's.
            _ if extras.fleet.is_some() => {
                let name = extras.fleet.map_or("", Fleet::long_pole_name);
                figure.push_str(&format!(" for {name} alone (the long pole)"));
            }
            Some(duration) => figure.push_str(&format!(", {}", format_duration(duration))),
            None => {}
        }
        blank_line(&mut out);
        out.push_str(&line("Copy to tape", &figure));
        // The window's verdict with the copy: the backup's own (the Window line) may fit where the
        // backup then the copy does not.
        if let Some(fit) = copy.window.filter(|_| extras.fleet.is_none()) {
            let what = if copy.shared_window { "Backup+copy" } else { "Copy window" };
            let verdict = if fit.fits { "fits" } else { "does not fit" };
            let used = format_duration(fit.window_sec - fit.margin_sec);
            out.push_str(&line(what, &format!("{verdict}: {used} of {}", format_duration(fit.window_sec))));
        }
        out.push_str(&line("Bottleneck", copy.bottleneck.name()));
        out.push_str(&line("", &report.copy_explanation(system).unwrap_or_default()));
        out.push('\n');
        out.push_str(&stage_table(&copy.stages, copy.bottleneck, copy.throughput_bytes_per_sec, system));
    }
    if let Some(fleet) = extras.fleet {
        out.push_str(&schedule_text(fleet, &source.scenario, system));
    }
    if let Some(restore) = extras.restore {
        out.push_str(&restore_text(restore, &source.scenario, extras.bring_in, system));
    }
    if let Some(timeline) = extras.timeline {
        out.push('\n');
        for (label, text) in timeline.key_dates(&source.scenario, system, None) {
            out.push_str(&line(label, &text));
        }
    }
    // The restore's warnings are labelled: the same words can hold for both directions.
    let own: Vec<(String, String)> = match extras.fleet {
        Some(fleet) => fleet.warnings.iter().map(|(_, message)| (String::new(), message.clone())).collect(),
        None => report.warnings.iter().map(|w| (String::new(), w.message(system))).collect(),
    };
    let warnings: Vec<(String, String)> = own
        .into_iter()
        .chain(report.restore.iter().flat_map(|r| &r.warnings).map(|w| {
            // With jobs the report's restore is the long pole's alone.
            let label =
                extras.fleet.map_or("Restore: ".to_string(), |f| format!("Restore ({} alone): ", f.long_pole_name()));
            (label, w.message(system))
        }))
        .chain(report.copy.iter().flat_map(|c| &c.warnings).map(|w| ("Copy to tape: ".to_string(), w.message(system))))
        .collect();
    if !warnings.is_empty() {
        out.push_str("\nWarnings\n");
        for (label, message) in warnings {
            out.push_str(&wrap(&format!("{label}{message}"), "  - ", 4));
        }
    }
    out.push('\n');
    // The scenario as entered (with jobs, `s` is the long pole's chain alone).
    out.push_str(&line("Share link", &format!("#{}", codec::encode_shared(&source.scenario, None))));
    out
}

/// What the client side is made of, when more than the defaults: its class and per-file costs, its
/// storage, its CPU, its TCP connections ("linux-ext4-ssd: 0.584 ms per file, 0.584 ms to create one;
/// SSD reading 560 MB/s per client, shared by all its streams").
fn client_line(report: &Report, system: UnitSystem) -> Option<String> {
    let s = &report.scenario;
    let mut parts = Vec::new();
    if s.client_class != capacity_model::stages::client_class::ClientClass::Entered {
        parts.push(format!(
            "{}: {} ms per file, {} ms to create one",
            s.client_class.name(),
            format_number(s.backup_file_sec() * 1e3),
            format_number(s.create_file_sec() * 1e3)
        ));
    }
    for id in [StageId::ClientStorage, StageId::SourceReduction, StageId::Distance] {
        if report.stage(id).is_some() {
            parts.extend(report.basis(id, system));
        }
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The drives the schedule uses: "4 drives", "1 drive", or "2 of the 4 drives at once" when
/// `drives_at_once` holds some back.
fn drives_text(s: &capacity_model::Scenario) -> String {
    let used = s.drives_in_use();
    match (used, s.drives) {
        (1, 1) => "1 drive".to_string(),
        (u, d) if u < d => format!("{u} of the {d} drives at once"),
        (_, d) => format!("{d} drives"),
    }
}
