//! The timeline's key dates in plain words, as (label, text) lines: the planner prints them, the app
//! shows them as a list.

use super::{BetweenFulls, Night, Timeline};
use crate::goal_seek::change_text;
use crate::scenario::Scenario;
use crate::units::{format_bytes, format_count, format_duration, format_percent, format_rate, UnitSystem};

/// The calendar date `days` after `today` (year, month 1-12, day 1-31), as `2027-12-06`: the
/// proleptic Gregorian calendar, by Howard Hinnant's days-from-civil algorithm
/// (<https://howardhinnant.github.io/date_algorithms.html>). The model has no clock: the caller
/// passes today.
pub fn date_after(today: (i32, u32, u32), days: u32) -> String {
    let (y, m, d) = today;
    let (y, m, d) = (i64::from(y) - i64::from(m <= 2), i64::from(m), i64::from(d));
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let z = era * 146_097 + doe - 719_468 + i64::from(days);
    // And back.
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// "night 371 (1 y 6 d from today)", or with today's date "night 371 (2027-12-06, 1 y 6 d from today)".
pub fn night_name(day: u32, today: Option<(i32, u32, u32)>) -> String {
    let (years, days) = (day / 365, day % 365);
    let when = match (years, days) {
        (0, 0) => "tonight".to_string(),
        (0, d) => format!("{d} d from today"),
        (y, 0) => format!("{y} y from today"),
        (y, d) => format!("{y} y {d} d from today"),
    };
    // Counts from 1,000 are grouped, as every count is ("night 1,090" of "1,095 nights").
    let night = format_count(f64::from(day));
    match today {
        Some(today) => format!("night {night} ({}, {when})", date_after(today, day)),
        None => format!("night {night} ({when})"),
    }
}

/// A night's backup: "night 371 (1 y 6 d from today): the full of 13.1 TB takes 8 h 01 min", with its
/// copy to tape when there is one: "(backup 5 h 10 min then copy to tape 2 h 51 min)" in the backup's
/// window, ", its copy to tape 7 h 15 min in its own window of 6 h 00 min" in one of its own. A fleet's
/// copies overlap its backups, so its night names the copy phase instead.
fn night_text(night: &Night, s: &Scenario, fleet: bool, system: UnitSystem, today: Option<(i32, u32, u32)>) -> String {
    let mut head = format!(
        "{}: the {} of {} takes {}",
        night_name(night.day, today),
        night.kind.name(),
        format_bytes(night.backup_bytes, system),
        // To the second where it would read the same as the window it is held against.
        crate::units::format_duration_against(night.duration_sec, s.backup_window_sec)
    );
    // A night made longest by its cartridges (new LTO-9 cartridges optimised) says so.
    if night.handling_sec >= 60.0 {
        // Which of the two it holds: a trial read "cartridge changes and new cartridges' media
        // optimisation" over one 92 s change, and over 40 min of optimisation with no change. The
        // optimisation comes in whole cartridges per drive (40 min each); changes in 74 to 92 s.
        let optimisation = s.media_optimisation_sec;
        let optimised =
            s.optimises_new_cartridges() && night.new_cartridges > 0 && night.handling_sec >= optimisation - 0.5;
        let whole = optimisation > 0.0 && {
            let n = (night.handling_sec / optimisation).round();
            (night.handling_sec - n * optimisation).abs() < 0.5
        };
        let what = match (optimised, optimised && whole) {
            (true, true) => "new cartridges' media optimisation",
            (true, false) => "cartridge changes and new cartridges' media optimisation",
            (false, _) => "cartridge changes",
        };
        head.push_str(&format!(", {} of it {what}", format_duration(night.handling_sec)));
    }
    match night.copy_sec {
        Some(copy) if s.copy_window_sec > 0.0 => {
            let [copy, window] = crate::units::format_durations_apart([copy, s.copy_window_sec]);
            format!("{head}, its copy to tape {copy} in its own window of {window}")
        }
        Some(copy) if fleet => {
            format!("{head}, ending with its last copy to tape (the copy phase {})", format_duration(copy))
        }
        Some(copy) => {
            let [backup, copy] = crate::units::format_duration_parts(night.duration_sec - copy, copy);
            format!("{head} (backup {backup} then copy to tape {copy})")
        }
        None => head,
    }
}

/// A window as it reads beside a night held against it: with its seconds where the night is written
/// with its own (a page trial's "takes 8 h 00 min 26 s, over the 8 h 00 min window").
fn window_beside(night_sec: f64, window_sec: f64) -> String {
    let [_, window] = crate::units::format_durations_apart([night_sec, window_sec]);
    window
}

/// A day, seconds: the time from one night's backup to the next.
const DAY_SEC: f64 = 86_400.0;

/// What the target holds after a night: "79.7 TB in 29 points (5 fulls), 4 × LTO-8".
fn held_text(night: &Night, s: &Scenario, system: UnitSystem) -> String {
    let fulls = if night.retained_fulls == 1 { "full" } else { "fulls" };
    let points = if night.retained_points == 1 { "point" } else { "points" };
    let mut text = format!(
        "{} in {} {points} ({} {fulls})",
        format_bytes(night.retained_bytes, system),
        format_count(f64::from(night.retained_points)),
        format_count(f64::from(night.retained_fulls))
    );
    if let Some(c) = night.cartridges {
        text.push_str(&format!(", {} × {}", crate::units::format_count(c as f64), s.cartridge_name()));
    }
    text
}

impl Timeline {
    /// The key dates of the timeline of `s`: the schedule it assumes, the first night that misses the
    /// window and what fits it again, the first incremental that misses, the copies held after one and
    /// three years and at most, the longest night, and when the copies outgrow the capacity entered.
    /// With `today` (year, month, day), nights also get their calendar dates.
    pub fn key_dates(
        &self,
        s: &Scenario,
        system: UnitSystem,
        today: Option<(i32, u32, u32)>,
    ) -> Vec<(&'static str, String)> {
        let mut lines = Vec::new();
        if s.copies_to_tape() {
            let text = if s.copy_window_sec > 0.0 {
                format!(
                    "each night's copy to tape copies that night's backup at today's copy rate, in its own window of {}: a night fits when both do",
                    format_duration(s.copy_window_sec)
                )
            } else {
                "each night's copy to tape copies that night's backup at today's copy rate, after it in the same window: the nights below are backup then copy".to_string()
            };
            lines.push(("Copies", text));
        }
        let schedule = if s.full_every_days == 0 {
            "forever incremental".to_string()
        } else if s.full_every_days == 1 {
            "a full every night".to_string()
        } else {
            let between = match s.between_fulls {
                BetweenFulls::Incremental => "incrementals",
                BetweenFulls::Differential => "differentials",
            };
            format!("a full every {} d, {between} between", format_count(f64::from(s.full_every_days)))
        };
        let verb = self.bottleneck.bind_verb();
        let today_rate = self.fleet.as_ref().map_or(self.throughput_bytes_per_sec, |f| f.bytes_per_sec);
        // The nights' rate and the first miss's need, each with the digits that tell them apart (a
        // trial read "every night at 113 MB/s" and "the first night that misses needs 113 MB/s":
        // 112.978 against 113.003).
        let need = self.at_first_miss.as_ref().map_or(f64::NAN, |m| m.needed_bytes_per_sec);
        let [today_text, need_text] = if need.is_finite() {
            crate::units::format_rates_apart([today_rate, need], system)
        } else {
            [format_rate(today_rate, system), String::new()]
        };
        let pace = match &self.fleet {
            // The fleet's own name for its limit, as the results give it ("Drive sessions" where one session
            // per drive holds the night: a trial read "Tape drives bind" here beside it).
            Some(fleet) => format!(
                "the {} {} {} (the data set field is not used with jobs); every night the fleet's schedule, {} for tonight's full at {} on average ({} {verb}), scaled to the night's size",
                format_count(fleet.jobs as f64),
                if fleet.jobs == 1 { "job's" } else { "jobs'" },
                format_bytes(fleet.data_bytes, system),
                format_duration(fleet.makespan_sec),
                today_text,
                fleet.bottleneck_name()
            ),
            None => format!(
                "every night at {} ({} {verb})",
                today_text,
                self.bottleneck.name()
            ),
        };
        // A share under a tenth of a percent keeps its figures (0.02 %, not 0.0 %).
        let percent = |share: f64| {
            if share != 0.0 && share.abs() < 0.0005 {
                let figures = crate::units::format_number(share * 100.0);
                format!("{} %", figures.trim_end_matches('0').trim_end_matches('.'))
            } else {
                format_percent(share)
            }
        };
        // Every retention rule entered: the dailies, then the weekly, monthly and yearly fulls kept.
        // Counts grouped in thousands, as every other count the page prints (a trial's "3650 daily points").
        let count = |n: u32| format_count(f64::from(n));
        let mut kept =
            format!("{} daily {}", count(s.retention_days), if s.retention_days == 1 { "point" } else { "points" });
        for (n, every) in [(s.keep_weekly, "weekly"), (s.keep_monthly, "monthly"), (s.keep_yearly, "yearly")] {
            if n > 0 {
                kept.push_str(&format!(", {} {every} {}", count(n), if n == 1 { "full" } else { "fulls" }));
            }
        }
        lines.push((
            "Timeline",
            format!(
                "{} nights, {schedule}, {} changing a day, {} growth a year, {kept} kept; {pace}",
                crate::units::format_count(self.nights.len() as f64),
                percent(s.change_rate),
                percent(s.growth_per_year),
            ),
        ));
        match &self.at_first_miss {
            None if s.backup_window_sec > 0.0 => lines.push(("Window", "every night of the timeline fits".to_string())),
            None => lines.push(("Window", "no window given".to_string())),
            Some(miss) => {
                let night = &self.nights[miss.day as usize];
                let own_copy = s.copy_window_sec > 0.0;
                let copy_over = own_copy && night.copy_sec.is_some_and(|c| c > s.copy_window_sec);
                let backup_over = s.backup_window_sec > 0.0 && night.duration_sec > s.backup_window_sec;
                // In a window of its own the copy is judged apart: say which of the two missed.
                let text = if own_copy && night.copy_sec.is_some() {
                    let copy = night.copy_sec.unwrap_or(0.0);
                    let backup = if backup_over { "over" } else { "within" };
                    let copy_side = if copy_over { "over" } else { "within" };
                    format!(
                        "{}: the {} of {} takes {}, {backup} the {} window; its copy to tape takes {}, {copy_side} its own window of {}",
                        night_name(night.day, today),
                        night.kind.name(),
                        format_bytes(night.backup_bytes, system),
                        crate::units::format_duration_against(night.duration_sec, s.backup_window_sec),
                        window_beside(night.duration_sec, s.backup_window_sec),
                        crate::units::format_duration_against(copy, s.copy_window_sec),
                        window_beside(copy, s.copy_window_sec)
                    )
                } else {
                    format!(
                        "{}, over the {} window",
                        night_text(night, s, self.fleet.is_some(), system, today),
                        window_beside(night.duration_sec, s.backup_window_sec)
                    )
                };
                lines.push(("First miss", text));
                let steps: Vec<String> = miss.additions.iter().map(|a| change_text(a.key, a.from, a.to)).collect();
                let in_use = if s.jobs.is_empty() { crate::chain::active_drives(s) } else { s.drives };
                // With a copy to tape the plan is judged in time, as the night is.
                let (reach, need) = match miss.reached_night_sec {
                    Some(t) if own_copy => (
                        format!("bring the copy to {}", format_duration(t)),
                        format!(
                            "the backup must fit {} and the copy {}",
                            format_duration(s.backup_window_sec),
                            format_duration(s.copy_window_sec)
                        ),
                    ),
                    Some(t) => (
                        format!("bring backup and copy to {}", format_duration(t)),
                        format!("the night must end within {}", format_duration(s.backup_window_sec)),
                    ),
                    // No rate fits a night whose cartridge handling fills the window: more drives
                    // share the changes out, or nothing on the form does (a trial read "the night needs
                    // — MB/s").
                    // The drives in use: a second drive that no stream feeds writes nothing (a trial read
                    // "on 2 drives" beside one cartridge written by one drive).
                    None if !miss.needed_bytes_per_sec.is_finite() => (
                        "share the cartridge handling out".to_string(),
                        format!(
                            "on {} {} the night's cartridge handling alone, {}, fills the {} window{}",
                            format_count(f64::from(in_use)),
                            if in_use == 1 { "drive" } else { "drives" },
                            format_duration(night.handling_sec),
                            format_duration(s.backup_window_sec),
                            if miss.fits {
                                ""
                            } else if s.optimises_new_cartridges() {
                                ": a longer window, or new cartridges loaded and optimised ahead of the night"
                            } else {
                                ": a longer window, or larger cartridges"
                            }
                        ),
                    ),
                    // The need is counted with today's cartridge handling, the rate reached with the
                    // plan's own: newer drives that change less can fit below it (a fresh-clone trial read
                    // "reaches 629 MB/s (the night needs 631 MB/s); with them every night ... fits").
                    None if miss.fits && miss.reached_bytes_per_sec < miss.needed_bytes_per_sec => (
                        format!("reaches {}", format_rate(miss.reached_bytes_per_sec, system)),
                        format!(
                            "enough, as they spend less of the night changing cartridges: with today's changes the night would need {}",
                            format_rate(miss.needed_bytes_per_sec, system)
                        ),
                    ),
                    None => (
                        format!("reaches {}", format_rate(miss.reached_bytes_per_sec, system)),
                        // The first miss's need, said as such: the plan reaches what every night to
                        // its horizon needs, and a re-trial read "(the night needs 400 MB/s)" beside a
                        // rate of 400 MB/s today as a contradiction.
                        format!("the first night that misses needs {need_text}"),
                    ),
                };
                let mut fix = if miss.fits {
                    let holds = match miss.holds_until {
                        Some(Some(day)) => {
                            format!("; with them the next night that misses is {}", night_name(day, today))
                        }
                        Some(None) => "; with them every night to the horizon fits".to_string(),
                        None => String::new(),
                    };
                    format!("{} {reach} ({need}){holds}", steps.join(", then "))
                } else {
                    let blocked = miss.blocked_by.map_or("a stage", |id| id.name());
                    let done = if steps.is_empty() {
                        String::new()
                    } else {
                        format!("{} {reach}, but ", steps.join(", then "))
                    };
                    let why = if !miss.needed_bytes_per_sec.is_finite() && miss.fleet.is_none() {
                        "no count brings the night inside the window".to_string()
                    } else if miss.blocked_by.is_none() && miss.fleet.is_none() {
                        format!("the search stops after {} changes", crate::goal_seek::MAX_CHANGES)
                    } else {
                        let binds = miss.blocked_by.map_or("binds", crate::StageId::bind_verb);
                        format!("{blocked} then {binds} and no count relieves it")
                    };
                    format!("{done}{why}: {need}")
                };
                match &miss.fleet {
                    Some(plan) => {
                        let mut parts: Vec<String> =
                            miss.job_advice(plan).into_iter().map(|a| a.text_in(system)).collect();
                        if plan.jobs_enough {
                            let holds = match miss.holds_until {
                                Some(Some(day)) => {
                                    format!("; the next night that misses is {}", night_name(day, today))
                                }
                                Some(None) => "; every night to the horizon fits".to_string(),
                                None => String::new(),
                            };
                            parts.push(format!("with these the fleet's night fits{holds}"));
                        } else if !miss.additions.is_empty() || !plan.fits() {
                            parts.push(fix);
                        }
                        if let Some(drives) = miss
                            .drives_needed
                            .filter(|d| miss.additions.first().is_none_or(|a| a.key != "drives" || a.to != *d))
                        {
                            // The drives are found with the job changes made: "alone" read as without
                            // them, which missed by hours (a trial, stop 48).
                            let with = if plan.jobs.iter().any(|a| !a.changes.is_empty()) {
                                "or, with the job changes, "
                            } else {
                                "or "
                            };
                            parts.push(format!("{with}{drives} drives instead of {}", s.drives));
                        }
                        parts.push(target_note(s));
                        lines.push(("To fit", parts.join("; ")));
                    }
                    None => {
                        // Only a count above today's says anything. Beside a plan that raises the streams
                        // with the drives, "but the streams feed at most 1" would read against it.
                        let feeds = miss.additions.iter().any(|a| a.key == "streams");
                        if let Some(drives) = miss.drives_needed.filter(|d| *d > s.drives) {
                            fix.push_str(&drive_count_note(s, drives, miss.needed_bytes_per_sec, feeds, system));
                        }
                        fix.push_str("; ");
                        fix.push_str(&target_note(s));
                        lines.push(("To fit", fix));
                    }
                }
            }
        }
        if let Some(day) = self.first_incremental_miss_day {
            // Forever incremental makes incrementals whatever the hidden Between fulls field holds, as
            // the nights are worked out (`timeline::nights`); a trial's read "Differentials".
            let label = match s.between_fulls {
                BetweenFulls::Differential if s.full_every_days > 0 => "Differentials",
                _ => "Incrementals",
            };
            lines.push((label, format!("first miss on {}", night_name(day, today))));
        }
        // Where an incremental misses first, the fulls' own first miss is a date of its own.
        if let Some(day) = self.first_full_miss_day.filter(|d| Some(*d) != self.first_window_miss_day) {
            lines.push(("Fulls", format!("first miss on {}", night_name(day, today))));
        }
        for (label, day) in [("After 1 year", 364u32), ("After 3 years", 3 * 365 - 1)] {
            if let Some(night) = self.night(day) {
                lines.push((label, held_text(night, s, system)));
            }
        }
        // A horizon that ends before every kind of restore point kept is there has not seen the most
        // the target holds (a trial's 30 nights of a 30-day retention and monthly fulls said 2 library
        // slots hold every night's copies; night 30 holds two chains, 3.9 TB, on 3 cartridges).
        let keep = super::retention::Keep {
            daily: s.retention_days,
            weekly: s.keep_weekly,
            monthly: s.keep_monthly,
            yearly: s.keep_yearly,
        };
        let fill = super::retention::nights_to_fill(keep, s.full_every_days);
        let short = (s.horizon_days < fill).then(|| {
            format!(
                "the {} nights planned end before every restore point kept is there, on {}; plan over {} nights or more",
                format_count(f64::from(s.horizon_days)),
                night_name(fill - 1, today),
                format_count(f64::from(fill))
            )
        });
        if let Some(night) = self.most_held() {
            let again = if self.held_again(night) { ", and held again on a later night" } else { "" };
            let not_most = short.as_ref().map_or(String::new(), |why| format!(", not the most it will hold: {why}"));
            lines.push((
                "Most held",
                format!(
                    "{}, first reached on {}{again}{not_most}",
                    held_text(night, s, system),
                    night_name(night.day, today)
                ),
            ));
        }
        if let Some(night) = self.longest_night() {
            lines.push(("Longest night", night_text(night, s, self.fleet.is_some(), system, today)));
        }
        // Each night is planned as if it ran alone: past a day, the next one starts before it ends.
        if let Some(night) = self.nights.iter().find(|n| n.duration_sec > DAY_SEC) {
            lines.push((
                "Overlap",
                format!(
                    "from {} the {} takes {}, more than a day: the next night's backup starts before it ends, so from there on the nights cannot run as planned (each is planned as if it ran alone)",
                    night_name(night.day, today),
                    night.kind.name(),
                    // To the second where it would read as a day ("24 h 00 min, more than a day").
                    crate::units::format_duration_against(night.duration_sec, DAY_SEC)
                ),
            ));
        }
        // Each limit entered, with the first night that outgrows it (the two can differ).
        let mut limits: Vec<(String, Option<u32>)> = Vec::new();
        let on_tape = self.nights.iter().any(|n| n.cartridges.is_some());
        let mut unplanned = None;
        if s.library_slots > 0 && on_tape {
            let first = self.nights.iter().find(|n| n.cartridges.is_some_and(|c| c > u64::from(s.library_slots)));
            let slots = if s.library_slots == 1 { "library slot" } else { "library slots" };
            // A repository's copies to tape fill the slots, not the repository.
            let whose = if s.target == crate::Target::Tape { "" } else { " (the copies to tape)" };
            limits.push((format!("{} {slots}{whose}", format_count(f64::from(s.library_slots))), first.map(|n| n.day)));
        } else if s.library_slots > 0 {
            let copy = if s.target == crate::Target::Repository { " (a copy to tape would)" } else { "" };
            let slots = if s.library_slots == 1 { "library slot is" } else { "library slots are" };
            unplanned = Some(format!(
                "{} {slots} not planned: no cartridges hold this target's backups{copy}",
                format_count(f64::from(s.library_slots))
            ));
        }
        if s.target_capacity_bytes > 0.0 {
            let per_stored = super::data_per_stored_byte(s);
            let first =
                self.nights.iter().find(|n| super::outgrows(n.retained_bytes / per_stored, s.target_capacity_bytes));
            // What the entered space holds in the data's bytes, when that differs.
            let holds = if per_stored > 1.0 + 1e-9 {
                // On tape the drive compresses what the source left (nothing where the source compressed
                // as much): say which of the two the ratio holds.
                let drive = per_stored / s.reduction_ratio();
                let why = match (s.target == crate::Target::Tape, s.reduction_ratio() > 1.0 + 1e-9, drive > 1.0 + 1e-9)
                {
                    (true, true, true) => "source reduction and drive compression",
                    (true, true, false) => "source reduction",
                    (true, false, _) => "compression",
                    (false, ..) => "reduction",
                };
                format!(
                    " ({} of data at {}:1 {why})",
                    format_bytes(s.target_capacity_bytes * per_stored, system),
                    crate::units::format_ratio(per_stored)
                )
            } else {
                String::new()
            };
            limits.push((
                format!("{} on the target{holds}", format_bytes(s.target_capacity_bytes, system)),
                first.map(|n| n.day),
            ));
        }
        if !limits.is_empty() {
            let outgrown: Vec<String> = limits
                .iter()
                .filter_map(|(what, day)| day.map(|d| format!("{what} on {}", night_name(d, today))))
                .collect();
            let hold: Vec<&str> =
                limits.iter().filter(|(_, day)| day.is_none()).map(|(what, _)| what.as_str()).collect();
            let mut text = Vec::new();
            if !outgrown.is_empty() {
                text.push(format!("the copies held outgrow {}", outgrown.join(" and ")));
            }
            if !hold.is_empty() {
                // "25 library slots hold", "30.0 TB on the target holds".
                let verb = if hold.len() > 1 || hold[0].ends_with("slots") { "hold" } else { "holds" };
                match &short {
                    Some(why) => {
                        text.push(format!("{} {verb} every night's copies so far, but {why}", hold.join(" and ")))
                    }
                    None => text.push(format!("{} {verb} every night's copies", hold.join(" and "))),
                }
            }
            text.extend(unplanned);
            lines.push(("Capacity", text.join("; ")));
        } else if let Some(unplanned) = unplanned {
            lines.push(("Capacity", unplanned));
        }
        lines
    }
}

/// What `drives` drives (the count the drives' own rate needs for `needed` bytes/s) would do, said only
/// as far as it holds: idle beyond what the streams (or, paired statically, the clients) feed, unless
/// the plan beside it raises the streams (`streams_raised`: nothing said); or the stage that then binds
/// below the rate; or, when the chain reaches it, the count alone.
fn drive_count_note(s: &Scenario, drives: u32, needed: f64, streams_raised: bool, system: UnitSystem) -> String {
    let mut more = s.clone();
    more.drives = drives;
    let usable = crate::chain::active_drives(&more);
    if usable < drives && streams_raised && s.pairing == crate::scenario::Pairing::Dynamic {
        return String::new();
    }
    if usable < drives {
        let feeders = match s.pairing {
            crate::scenario::Pairing::Static => "clients",
            crate::scenario::Pairing::Dynamic => "streams",
        };
        return format!(
            "; the drives' own rate would take {drives} for that rate ({} today), but the {feeders} feed at most {usable}",
            s.drives
        );
    }
    let with_them = crate::evaluate_backup(&more);
    if with_them.throughput_bytes_per_sec >= needed * (1.0 - 1e-9) {
        return format!("; the drives alone need {drives} for that rate ({} today)", s.drives);
    }
    // Said of the drives alone, apart from the counts listed before it, which relieve that stage.
    // Clients tied to the drives unevenly hold the drives themselves below their speed: said so.
    let why = match crate::chain::uneven_static_groups(&more) {
        Some([(_, big), _]) if with_them.bottleneck == crate::StageId::TapeDrives => format!(
            "the {} clients tied to them would leave the busiest drives {} of the data",
            more.clients,
            crate::units::format_percent(big)
        ),
        _ => with_them.bottleneck.name().to_string() + " would bind",
    };
    format!(
        "; the drives' own speed would need {drives} for that rate ({} today), but {drives} drives alone would not reach it: {why}, at {}",
        s.drives,
        format_rate(with_them.throughput_bytes_per_sec, system)
    )
}

/// Which target the timeline's advice aims at, said beside it: the window itself, where What to add
/// (and the planner's `to_fit`) keeps the scenario's headroom spare and may ask for more. It names no
/// card: a fresh-clone trial was sent to "the Needs advice", which a night that keeps its headroom
/// today does not show.
fn target_note(s: &Scenario) -> String {
    if s.headroom > 0.0 {
        format!("aimed at the window itself (keeping the {} headroom spare may need more)", format_percent(s.headroom))
    } else {
        "aimed at the window itself".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The timeline's line `label` for the share link `link`.
    fn key(link: &str, label: &str) -> String {
        let s = crate::codec::decode(link).scenario;
        let t = crate::timeline::timeline(&s).unwrap();
        t.key_dates(&s, UnitSystem::Decimal, None).into_iter().find(|(l, _)| *l == label).unwrap().1
    }

    #[test]
    fn a_nights_handling_names_what_it_holds() {
        // A trial (2026-12-06) read "cartridge changes and new cartridges' media optimisation" over one 92 s
        // change, and over 40 min of optimisation with no change.
        let base = "v=1&file_size=1GB&txn_ms=0&compression=1&file_ms=0&streams=1&stream_rate=300&client_nic=10GbE&fc=16GFC&lto=LTO-9";
        let change = key(
            &format!("{base}&data=27TB&window_h=48&full_every_days=1&retention_days=1&horizon_days=7"),
            "Longest night",
        );
        assert!(change.ends_with("1 min 32 s of it cartridge changes"), "{change}");
        let optimised = key(
            &format!("{base}&data=9TB&window_h=24&change_rate=10&retention_days=7&horizon_days=30"),
            "Longest night",
        );
        assert!(optimised.ends_with("40 min 00 s of it new cartridges' media optimisation"), "{optimised}");
    }

    #[test]
    fn the_first_miss_writes_its_window_as_its_night_is_written() {
        // A page trial (2026-12-06) read "takes 8 h 00 min 26 s, over the 8 h 00 min window".
        let base = "v=1&file_size=1GB&txn_ms=0&compression=1&file_ms=0&streams=1&stream_rate=100&client_nic=10GbE&fc=16GFC&lto=LTO-9&full_every_days=1&retention_days=1&horizon_days=7&window_h=8&growth=0";
        let miss = key(&format!("{base}&data=2.8826TB"), "First miss");
        assert!(miss.ends_with("takes 8 h 00 min 26 s, over the 8 h 00 min 00 s window"), "{miss}");
    }

    #[test]
    fn a_horizon_shorter_than_a_whole_cycle_says_the_most_held_is_still_to_come() {
        // A trial (stop 63): 30 nights of a 30-day retention and a full every 30 days said "2 library
        // slots hold every night's copies"; night 30 holds the first chain beside the new full (59
        // points, 4.85 TB at the most, 4 LTO-4 cartridges), so 60 nights show the most.
        let base = "v=1&data=1TB&full_every_days=30&retention_days=30&library_slots=2";
        let why = "the 30 nights planned end before every restore point kept is there, on night 59 (59 d from \
                   today); plan over 60 nights or more";
        let capacity = key(&format!("{base}&horizon_days=30"), "Capacity");
        assert_eq!(capacity, format!("2 library slots hold every night's copies so far, but {why}"));
        assert!(key(&format!("{base}&horizon_days=30"), "Most held")
            .ends_with(&format!(", not the most it will hold: {why}")));
        // 60 nights see the most: no word of it, and the slots are outgrown on night 30.
        let whole = key(&format!("{base}&horizon_days=60"), "Most held");
        assert!(whole.starts_with("4.85 TB in 59 points (2 fulls)") && !whole.contains("not the most"), "{whole}");
        assert_eq!(
            key(&format!("{base}&horizon_days=60"), "Capacity"),
            "the copies held outgrow 2 library slots on night 30 (30 d from today)"
        );
    }

    #[test]
    fn the_first_misses_need_is_told_apart_from_the_nights_rate() {
        // A trial (stop 63): "every night at 113 MB/s" and "the first night that misses needs 113 MB/s";
        // 1.8223 TB over the window less its 74 s change needs 113.003 MB/s against 112.978.
        let line = |label: &str| {
            key("v=1&data=1TB&growth=100&window_h=4.5&retention_days=1&full_every_days=1&horizon_days=1095", label)
        };
        assert!(line("Timeline").ends_with("every night at 112.98 MB/s (Client NICs bind)"), "{}", line("Timeline"));
        assert!(line("To fit").contains("(the first night that misses needs 113.00 MB/s)"), "{}", line("To fit"));
    }

    #[test]
    fn dates_count_leap_years() {
        assert_eq!(date_after((2026, 11, 30), 0), "2026-11-30");
        assert_eq!(date_after((2026, 11, 30), 371), "2027-12-06");
        assert_eq!(date_after((2027, 2, 28), 1), "2027-03-01");
        assert_eq!(date_after((2028, 2, 28), 1), "2028-02-29");
        assert_eq!(date_after((2026, 1, 1), 3650), "2035-12-30");
        assert_eq!(night_name(371, Some((2026, 11, 30))), "night 371 (2027-12-06, 1 y 6 d from today)");
        assert_eq!(night_name(0, None), "night 0 (tonight)");
    }

    #[test]
    fn the_schedule_line_names_what_runs_between_fulls() {
        let line = |link: &str| {
            let s = crate::codec::decode(link).scenario;
            let t = super::super::timeline(&s).unwrap();
            let lines = t.key_dates(&s, UnitSystem::Decimal, None);
            lines.iter().find(|(l, _)| *l == "Timeline").map(|(_, t)| t.clone()).unwrap()
        };
        // A trial's daily fulls were said to have "incrementals between".
        let daily = line("v=1&data=1TB&change_rate=10&retention_days=7&full_every_days=1&horizon_days=7");
        assert!(daily.starts_with("7 nights, a full every night, "), "{daily}");
        // An incremental of all the data (100 % changing) with a little more each night misses first
        // (a trial, helper-92: 3.2375 TB on night 106); the fulls' first miss (night 112) had no line.
        let s = crate::codec::decode("v=1&data=3TB&growth=30&change_rate=100&horizon_days=365").scenario;
        let t = super::super::timeline(&s).unwrap();
        assert_eq!((t.first_window_miss_day, t.first_full_miss_day), (Some(106), Some(112)));
        let lines = t.key_dates(&s, UnitSystem::Decimal, None);
        let fulls = lines.iter().find(|(l, _)| *l == "Fulls").map(|(_, t)| t.as_str());
        assert_eq!(fulls, Some("first miss on night 112 (112 d from today)"), "{lines:?}");
        let weekly = line("v=1&data=1TB&retention_days=7&full_every_days=7&horizon_days=7");
        assert!(weekly.starts_with("7 nights, a full every 7 d, incrementals between, "), "{weekly}");
    }
}
