//! What the results card and the result strip say, as a pure function (report in, text out) that native
//! tests check: headline metrics, the bottleneck explained for the backup and the restore, the facts and
//! the warnings. The views in `components` add the markup.

use capacity_model::units::{
    format_bytes, format_count, format_duration, format_number, format_per_hour, format_rate, UnitSystem,
};
use capacity_model::{Report, StageId, Target};

/// `bad` of `all` job rows that cannot be read, as the strip and the results card say it: "4 of 7 job
/// rows left out".
pub fn rows_left_out(bad: usize, all: usize) -> String {
    format!(
        "{} of {} job {} left out",
        format_count(bad as f64),
        format_count(all as f64),
        if all == 1 { "row" } else { "rows" }
    )
}

/// What the results card says above its figures while `bad` of `all` job rows cannot be read; `None`
/// when every row reads.
pub fn rows_left_out_note(bad: usize, all: usize) -> Option<String> {
    (bad > 0).then(|| {
        let count = |n: usize| format_count(n as f64);
        let good = all.saturating_sub(bad);
        // With no row read the page answers for the form's single client (a trial read "the other 0
        // rows" above the form's 20 TB, and What to add sized for one client).
        if good == 0 {
            return format!(
                "{} job {} cannot be read: these figures are the form's single scenario, not the job list, until one can. Fix {} in the Jobs table, where each problem is listed.",
                if bad == 1 { "The one".to_string() } else { format!("All {}", count(bad)) },
                if bad == 1 { "row" } else { "rows" },
                if bad == 1 { "it" } else { "them" }
            );
        }
        format!(
            "{} of {} job {} cannot be read and {} left out: these figures are for the other {}. Fix {} in the Jobs table, where each problem is listed.",
            count(bad),
            count(all),
            if all == 1 { "row" } else { "rows" },
            if bad == 1 { "is" } else { "are" },
            if good == 1 { "row".to_string() } else { format!("{} rows", count(good)) },
            if bad == 1 { "it" } else { "them" }
        )
    })
}

/// The window metric: (value, explanation, fits). With a copy to tape the night is judged whole: a
/// backup that fits with a copy after it that does not is no fit.
pub(crate) fn window(r: &Report, system: UnitSystem) -> (String, String, bool) {
    let (verdict, text, fits) = backup_window(r, system);
    let Some(night) = r.night_with_copy() else {
        return (verdict, text, fits);
    };
    let d = format_duration;
    if night.shared {
        let total = night.backup_sec + night.copy_sec;
        let margin = night.copy_window_sec - total;
        let (total, window, left) = if night.fits {
            let [total, spare, window] =
                capacity_model::units::format_duration_with_spare(total, night.copy_window_sec);
            let left = format!(
                "{spare} to spare ({} of the window{})",
                capacity_model::units::format_percent_beside(margin / night.copy_window_sec, r.scenario.headroom),
                capacity_model::below_headroom_text(margin / night.copy_window_sec, r.scenario.headroom)
            );
            (total, window, left)
        } else {
            let [total, over, window] =
                capacity_model::units::format_duration_with_overrun(total, night.copy_window_sec);
            (total, window, format!("{over} too long"))
        };
        let verdict = capacity_model::window_verdict(night.fits, margin / night.copy_window_sec, r.scenario.headroom);
        let text = format!(
            "backup {} then copy to tape {}: {total} against a window of {window}: {left}",
            d(night.backup_sec),
            d(night.copy_sec),
        );
        return (verdict.to_string(), text, night.fits);
    }
    if !night.backup_fits {
        return (verdict, text, fits);
    }
    let over = night.copy_sec - night.copy_window_sec;
    if night.fits {
        // The copy's own window is judged by the same headroom: a backup with 38.5 % spare before a copy
        // with 4.4 % read "Fits" while What to add asked to shorten the copy (a trial's case).
        let spare = if night.copy_window_sec > 0.0 { night.copy_spare_ratio() } else { 1.0 };
        let copy = format!(
            "; the copy to tape {} of its own {} window ({} % of it spare{})",
            d(night.copy_sec),
            d(night.copy_window_sec),
            format_number(spare * 100.0),
            capacity_model::below_headroom_text(spare, r.scenario.headroom)
        );
        let verdict = if spare < r.scenario.headroom * (1.0 - 1e-12) {
            capacity_model::FITS_BELOW_HEADROOM.to_string()
        } else {
            verdict
        };
        (verdict, text + &copy, fits)
    } else {
        (
            "Copy does not fit".to_string(),
            format!(
                "the backup fits ({text}), but the copy to tape takes {}, {} longer than its own {} window",
                d(night.copy_sec),
                d(over),
                d(night.copy_window_sec)
            ),
            false,
        )
    }
}

/// The backup's own window metric: (value, explanation, fits).
fn backup_window(r: &Report, system: UnitSystem) -> (String, String, bool) {
    match (r.duration_sec, r.window) {
        (Some(duration), Some(fit)) => {
            let verdict = fit.verdict(r.scenario.headroom);
            let (duration, window, margin) = if fit.fits {
                let [duration, spare, window] =
                    capacity_model::units::format_duration_with_spare(duration, fit.window_sec);
                let margin = format!(
                    "{spare} to spare ({} of the window{})",
                    capacity_model::units::format_percent_beside(fit.margin_ratio, r.scenario.headroom),
                    capacity_model::below_headroom_text(fit.margin_ratio, r.scenario.headroom)
                );
                (duration, window, margin)
            } else {
                let [duration, over, window] =
                    capacity_model::units::format_duration_with_overrun(duration, fit.window_sec);
                (duration, window, format!("{over} too long"))
            };
            (verdict.to_string(), format!("{duration} against a window of {window}: {margin}"), fit.fits)
        }
        (None, _) if r.scenario.backup_window_sec > 0.0 => {
            let window = r.scenario.backup_window_sec;
            let bytes = r.night_bytes_in(window).unwrap_or(0.0);
            // What the cartridge handling of those bytes takes of the window (a new LTO-9 cartridge's
            // 40 min of optimisation): the bytes are not the throughput times the window.
            let handling = r.night_duration_for(bytes).map_or(0.0, |night| night - bytes / r.night_bytes_per_sec());
            let after = if handling >= 0.5 {
                format!(", after {} of cartridge handling", format_duration(handling))
            } else {
                String::new()
            };
            (
                format!("Up to {}", format_bytes(bytes, system)),
                format!(
                    "fit in the {} window at this throughput{after}. Enter a data set size for the duration.",
                    format_duration(window)
                ),
                true,
            )
        }
        (None, _) => (
            "No window".to_string(),
            "A window of 0 h means none. Enter a data set size and a window to check the fit.".to_string(),
            true,
        ),
        // The duration has its own line; under "Window" it read as a window.
        (Some(duration), None) => (
            "No window".to_string(),
            format!(
                "The {} takes {}; no window is set (a window of 0 h means none).",
                r.scenario.timed_work(),
                format_duration(duration)
            ),
            true,
        ),
    }
}

/// The facts below the explanation: (label, value).
pub fn facts(r: &Report, system: UnitSystem) -> Vec<(&'static str, String)> {
    let mut rows = Vec::new();
    if r.scenario.data_set_bytes > 0.0 {
        rows.push(("Data set", format_bytes(r.scenario.data_set_bytes, system)));
    }
    // An NFS workload that only retrieves is timed as a retrieval; a mixed one moves both ways at once.
    let workload = (r.scenario.target == Target::Nfs).then_some(r.scenario.nfs_workload);
    // Written as the window's verdict writes it beside the window.
    if let Some(d) = r.duration_text() {
        let label = match workload {
            Some(capacity_model::NfsWorkload::Retrieve) => "Retrieve duration",
            Some(capacity_model::NfsWorkload::Mixed) => "Duration",
            _ => "Backup duration",
        };
        rows.push((label, d));
    }
    if let Some(files) = r.files_per_sec {
        rows.push(("Files per second", format!("{} files/s", format_number(files))));
    }
    if r.physical_bytes_per_sec < r.throughput_bytes_per_sec * (1.0 - 1e-9) {
        rows.push(("On the wire", format_rate(r.physical_bytes_per_sec, system)));
    }
    if let Some([spool, despool]) = r.staging_phases_bytes_per_sec {
        rows.push(("Spool / despool", format!("{} / {}", format_rate(spool, system), format_rate(despool, system))));
    }
    match &r.restore {
        Some(restore) => {
            rows.push((
                "Restore throughput",
                format!(
                    "{}{}, {} files/s",
                    format_rate(restore.throughput_bytes_per_sec, system),
                    restore.read_through_note(),
                    format_number(restore.files_per_sec)
                ),
            ));
            if let Some(d) = restore.duration_sec {
                rows.push(("Restore time", format_duration(d)));
            }
            // A partial restore brings back its files alone: how many and how much.
            if r.scenario.restore_files > 0 {
                let files = (restore.restored_bytes / r.scenario.avg_file_bytes).round();
                rows.push((
                    "Restored",
                    format!(
                        "{} {}, {}",
                        format_count(files),
                        if files == 1.0 { "file" } else { "files" },
                        format_bytes(restore.restored_bytes, system)
                    ),
                ));
            }
            rows.push(("Restore bottleneck", restore.bottleneck.name().to_string()));
        }
        // The retrievals are the NFS workload itself when it retrieves: nothing more to choose.
        None if workload.is_some_and(|w| w != capacity_model::NfsWorkload::Send) => {}
        None => rows.push(("Restore", "choose the retrieve or mixed workload to size retrievals".to_string())),
    }
    if let Some(copy) = &r.copy {
        let mut text =
            format!("{}, limited by {}", format_rate(copy.throughput_bytes_per_sec, system), copy.bottleneck.name());
        if let Some(d) = copy.duration_sec {
            text.push_str(&format!(", {}", format_duration(d)));
        }
        rows.push(("Copy to tape", text));
        if let Some(fit) = copy.window {
            let what = if copy.shared_window { "Backup then copy" } else { "Copy window" };
            let verdict = if fit.fits { "fits" } else { "does not fit" };
            rows.push((
                what,
                format!(
                    "{verdict}: {} of {}",
                    format_duration(fit.window_sec - fit.margin_sec),
                    format_duration(fit.window_sec)
                ),
            ));
        }
    }
    if let Some(c) = r.cartridges {
        rows.push(("Cartridges", format!("{} × {}", format_count(c as f64), r.scenario.cartridge_name())));
    }
    if r.scenario.target == Target::Tape {
        // Only small aggregates (below the 256 KiB I/O ceiling) make the storage-pool I/O worth showing.
        let small = |io: &f64| *io < capacity_model::stages::transactions::MAX_STORAGE_POOL_IO_BYTES;
        if let (Some(a), Some(io)) = (r.aggregate_bytes, r.storage_pool_io_bytes.filter(small)) {
            rows.push(("Aggregate / pool I/O", format!("{} / {}", format_bytes(a, system), format_bytes(io, system))));
        }
    }
    rows
}

/// A problem with a link or file as a person reads it: a field's label first, its link key after it
/// (`Data set (data): ...`); other problems as the model words them.
pub fn notice(error: &capacity_model::Error) -> String {
    // A job row's cell: its table row and the column's heading, as the job table shows them.
    if let capacity_model::Error::JobRow { line, column, message, .. } = error {
        let heading = capacity_model::fleet::COLUMNS
            .iter()
            .position(|c| c == column)
            .map_or(column.clone(), |i| format!("{} ({column})", crate::jobs_table::HEADINGS[i]));
        // The header is the list's first line, not a row of the table.
        if *line <= 1 {
            return format!("Jobs, the header (line 1 of the list), {heading}: {message}");
        }
        return format!("Jobs, row {} (line {line} of the list), {heading}: {message}", line - 1);
    }
    // The model's words point to the repository's docs/share-links.md, which a user of the hosted page
    // cannot open (page trial pt64, L7): the page says what it did and where its keys come from.
    if let capacity_model::Error::UnknownKey { key } = error {
        return format!(
            "{key}: unknown key, so it was ignored: it names none of this page's fields (Copy link makes a link with only the keys the page reads)"
        );
    }
    let text = error.to_string();
    match error.key().and_then(capacity_model::fields::field_by_key) {
        Some(field) => {
            let rest = text.strip_prefix(&format!("{}: ", field.key)).unwrap_or(&text);
            format!("{} ({}): {rest}", field.label, field.key)
        }
        None => text,
    }
}

/// What the page says of a link it opens: each problem ([`notice`]), and a job list with no row (a header
/// alone), which opens as the form's single scenario (a page trial's opened without a word, where an
/// imported file's says why nothing changed).
pub fn link_notices(link: &str, opened: &capacity_model::codec::Decoded) -> Vec<String> {
    let mut lines: Vec<String> = opened.issues.iter().map(notice).collect();
    let jobs = capacity_model::codec::JOBS_KEY;
    let gives_jobs = capacity_model::codec::gives_key(link, jobs);
    if gives_jobs && opened.scenario.jobs.is_empty() && !opened.issues.iter().any(|e| e.key() == Some(jobs)) {
        lines.push(
            "Jobs (jobs): the link's job list holds no job row, so these figures are the form's single scenario."
                .to_string(),
        );
    }
    lines
}

/// Everything the result strip and the results card say about one report, as text: the view adds the
/// markup, and the framework escapes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Throughput with its unit (`900 MB/s`).
    pub throughput: String,
    /// The same per hour (`3.24 TB/h`).
    pub per_hour: String,
    /// For a mixed NFS workload, what is sent and what is retrieved; empty otherwise.
    pub split: String,
    /// The stage that limits the backup.
    pub bottleneck: StageId,
    /// What the headline calls it: the stage's name, or with a job list the fleet's ("Drive sessions").
    pub bottleneck_name: &'static str,
    /// The window's verdict (`Fits`, `Does not fit`, `Up to 3.25 TB`, `No window`).
    pub verdict: String,
    /// The verdict's arithmetic (duration against window, margin).
    pub margin: String,
    /// Whether the backup fits its window (true where there is none to miss).
    pub fits: bool,
    /// The bottleneck in plain words with the arithmetic behind it.
    pub explanation: String,
    /// The restore chain's explanation, where the target has one.
    pub restore_explanation: Option<String>,
    /// The copy to tape after a backup to a repository, in words (its rate, its limit, the window).
    pub copy_explanation: Option<String>,
    /// Label and value of every further figure, each with its unit.
    pub facts: Vec<(&'static str, String)>,
    /// Each warning: its kind's id (the class that colours it) and its text (restore warnings prefixed).
    pub warnings: Vec<(&'static str, String)>,
}

/// The [`Summary`] of a job list's night: the fleet's average throughput, the limit that binds it, its
/// night against the window ([`capacity_model::fleet::FleetAnswer`]); the facts the fleet's; the warnings
/// of report `r` (the scenario's own clients) that hold for the jobs too, and the job names that
/// repeat.
pub fn fleet_summary(
    answer: &capacity_model::fleet::FleetAnswer,
    jobs: &[capacity_model::fleet::Job],
    r: &Report,
    long_pole: &Report,
    system: UnitSystem,
) -> Summary {
    let (verdict, margin, fits) = answer.verdict();
    // The form's warnings that hold with jobs (its hardware), then the long pole's drive starved while
    // no other job shares it, said of it (where the schedule has it so for a while).
    let run = capacity_model::fleet::LongPoleRun {
        alone_on_its_drive: answer.long_pole_alone_on_its_drive,
        at_its_own_limit: answer.long_pole_at_its_own_limit,
    };
    let starved = long_pole.warnings.iter().filter_map(|w| {
        capacity_model::fleet::long_pole_starved_text(
            &answer.long_pole_name,
            w,
            long_pole.bottleneck,
            &long_pole.scenario,
            system,
            run,
        )
        .map(|text| (w.id(), text))
    });
    let warnings = capacity_model::fleet::warnings_with_jobs(&r.warnings, &r.scenario, jobs)
        .iter()
        .map(|w| (w.id(), w.message(system)))
        .chain(answer.starved_drives.map(|w| (w.id(), w.message(system))))
        .chain(starved)
        .chain(capacity_model::fleet::repeated_names_text(jobs).map(|text| ("repeated_names", text)))
        .collect();
    Summary {
        throughput: format_rate(answer.bytes_per_sec, system),
        per_hour: format_per_hour(answer.bytes_per_sec, system),
        split: String::new(),
        bottleneck: answer.bottleneck(),
        bottleneck_name: answer.bottleneck_name(),
        verdict,
        margin,
        fits,
        explanation: answer.explanation(jobs, system),
        // The restore stages shown are the long pole's alone (a partial restore's locates with them): its
        // explanation goes with them, named, as the planner's Restore line does.
        // Its time too: with a job list the facts are the fleet's, which have no restore time (a trial had
        // to work out 2 TB / 113 MB/s to compare with the disaster-recovery card).
        restore_explanation: long_pole.restore_explanation(system).map(|text| {
            let duration = long_pole.restore.as_ref().and_then(|r| r.duration_sec);
            let time = duration.map_or(String::new(), |d| format!(", restored in {}", format_duration(d)));
            // Written multiplexed with other jobs, its restore passes over their data: the time above is
            // what cartridges of its own would give (a trial read 1 h 10 min where the plan's pass brought
            // it back after 2 h 48 min; a page trial read "restored ... on cartridges of its own" beside
            // "Its backup shared cartridges"), as the planner's Restore line says.
            if answer.long_pole_shared_cartridges {
                // "would take ... if", not "restored in ... were its backup": a page trial (stop 63)
                // found the inverted clause hard to follow.
                let alone = duration.map_or(String::new(), |d| format!(" would take {} to restore", format_duration(d)));
                format!(
                    "{name} alone (the long pole){alone} if its backup had cartridges of its own: {text} It shared cartridges with other jobs, so a restore of {name} passes over their data: the disaster-recovery plan gives its time.",
                    name = answer.long_pole_name
                )
            } else {
                format!("{} alone (the long pole){time}: {text}", answer.long_pole_name)
            }
        }),
        copy_explanation: None,
        facts: answer.facts(system),
        warnings,
    }
}

/// The [`Summary`] of report `r` in unit system `system`.
pub fn summary(r: &Report, system: UnitSystem) -> Summary {
    let rate = |v: f64| format_rate(v, system);
    let split = if r.send_bytes_per_sec > 0.0 && r.retrieve_bytes_per_sec > 0.0 {
        format!("{} sent + {} retrieved", rate(r.send_bytes_per_sec), rate(r.retrieve_bytes_per_sec))
    } else {
        String::new()
    };
    let (verdict, margin, fits) = window(r, system);
    let restore =
        r.restore.iter().flat_map(|x| &x.warnings).map(|w| (w.id(), format!("Restore: {}", w.message(system))));
    Summary {
        throughput: rate(r.throughput_bytes_per_sec),
        per_hour: format_per_hour(r.throughput_bytes_per_sec, system),
        split,
        bottleneck: r.bottleneck,
        bottleneck_name: r.bottleneck.name(),
        verdict,
        margin,
        fits,
        explanation: r.explanation(system),
        restore_explanation: r.restore_explanation(system),
        copy_explanation: r.copy_explanation(system),
        facts: facts(r, system),
        warnings: r.warnings.iter().map(|w| (w.id(), w.message(system))).chain(restore).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::{evaluate, presets::preset};

    #[test]
    fn a_partial_restore_says_what_comes_back() {
        let r = evaluate(
            &capacity_model::codec::decode("v=1&data=2TB&lto=LTO-8&fc=8GFC&client_nic=10GbE&restore_files=10").scenario,
        );
        let rows = facts(&r, UnitSystem::Decimal);
        assert!(rows.contains(&("Restored", "10 files, 10.0 MB".to_string())), "{rows:?}");
        // 10,000 files are read through: the rate is the drive's, and says so.
        let r = evaluate(
            &capacity_model::codec::decode("v=1&data=2TB&lto=LTO-8&fc=8GFC&client_nic=10GbE&restore_files=10000")
                .scenario,
        );
        let rows = facts(&r, UnitSystem::Decimal);
        // 48 min 12 s of reading and 1 min to load and locate the first cartridge (15 s + 45 s on LTO-8).
        let through = ("Restore throughput", "692 MB/s read through, 0.5 % kept, 3.39 files/s".to_string());
        assert!(rows.contains(&through), "{rows:?}");
        assert!(rows.contains(&("Restore time", "49 min 12 s".to_string())), "{rows:?}");
    }

    #[test]
    fn an_nfs_retrieval_is_timed_as_one_and_not_sent_to_choose_it() {
        let facts = |link: &str| {
            let r = evaluate(&capacity_model::codec::decode(link).scenario);
            facts(&r, UnitSystem::Decimal).into_iter().map(|(label, _)| label).collect::<Vec<_>>()
        };
        let retrieve = facts("v=1&target=nfs&data=200GB&workload=retrieve&retrieve_volumes=5");
        assert!(retrieve.contains(&"Retrieve duration") && !retrieve.contains(&"Restore"), "{retrieve:?}");
        let mixed = facts("v=1&target=nfs&data=120GB&workload=mixed&volumes=3&retrieve_volumes=3");
        assert!(mixed.contains(&"Duration") && !mixed.contains(&"Restore"), "{mixed:?}");
        let send = facts("v=1&target=nfs&data=160GB");
        assert!(send.contains(&"Backup duration") && send.contains(&"Restore"), "{send:?}");
    }

    #[test]
    fn no_window_is_said_as_such_not_as_the_duration() {
        // The strip reads "Window: " and this verdict: it once read "Window: 2 h 27 min".
        let r = evaluate(&capacity_model::codec::decode("v=1&data=1TB&window_h=0").scenario);
        let s = summary(&r, UnitSystem::Decimal);
        assert_eq!((s.verdict.as_str(), s.fits), ("No window", true));
        assert!(s.margin.starts_with("The backup takes 2 h 2"), "{}", s.margin);
        assert!(s.margin.ends_with("; no window is set (a window of 0 h means none)."), "{}", s.margin);
        // An NFS retrieval is timed as one.
        let r =
            evaluate(&capacity_model::codec::decode("v=1&target=nfs&workload=retrieve&data=1TB&window_h=0").scenario);
        let s = summary(&r, UnitSystem::Decimal);
        assert!(s.margin.starts_with("The retrieval takes 1 h 45 min"), "{}", s.margin);
    }

    #[test]
    fn a_night_that_fits_below_the_headroom_says_so() {
        // A page trial (2026-12-06): "Window: Fits" over 13.7 % to spare, while What to add below asked for
        // more to keep the 20 % headroom.
        let open = |link: &str| summary(&evaluate(&capacity_model::codec::decode(link).scenario), UnitSystem::Decimal);
        let thin = open("v=1&data=2.8TB");
        assert_eq!((thin.verdict.as_str(), thin.fits), ("Fits, below headroom", true));
        assert!(
            thin.margin.ends_with("to spare (13.7 % of the window, less than the 20.0 % headroom)"),
            "{}",
            thin.margin
        );
        let roomy = open("v=1&data=2TB");
        assert_eq!(roomy.verdict, "Fits");
        assert!(!roomy.margin.contains("headroom"), "{}", roomy.margin);
        // No headroom asked: a fit is a fit.
        assert_eq!(open("v=1&data=2.8TB&headroom=0").verdict, "Fits");
    }

    #[test]
    fn a_window_missed_by_seconds_shows_them() {
        let r = evaluate(&capacity_model::codec::decode("v=1&data=3.24TB&window_h=8&headroom=0").scenario);
        let s = summary(&r, UnitSystem::Decimal);
        assert_eq!((s.verdict.as_str(), s.fits), ("Does not fit", false));
        assert_eq!(s.margin, "8 h 00 min 26 s against a window of 8 h 00 min 00 s: 26 s too long");
        // A fit whose minutes alone would add up to 7 h 59 min keeps its seconds.
        let link =
            "v=1&data=40TB&clients=4&client_nic=10GbE&lto=LTO-9&drives=3&fc=8GFC&fc_ports=3&streams=12&server_ports=2";
        let s = summary(&evaluate(&capacity_model::codec::decode(link).scenario), UnitSystem::Decimal);
        assert!(s.fits);
        assert!(s.margin.starts_with("6 h 12 min "), "{}", s.margin);
        let spare = s.margin.split(": ").nth(1).unwrap();
        let seconds = |text: &str| -> u32 {
            let parts: Vec<u32> = text.split(' ').step_by(2).map(|n| n.parse().unwrap()).collect();
            parts[0] * 3600 + parts[1] * 60 + parts[2]
        };
        let duration = s.margin.split(" against").next().unwrap();
        let spare = spare.split(" to spare").next().unwrap();
        assert_eq!(seconds(duration) + seconds(spare), 8 * 3600, "{}", s.margin);
    }

    #[test]
    fn a_copy_to_tape_that_misses_makes_the_night_miss() {
        let open = |link: &str| summary(&evaluate(&capacity_model::codec::decode(link).scenario), UnitSystem::Decimal);
        // The backup alone fits its 10 h (9 h 08 min); the copy to two LTO-9 drives after it does not.
        let shared = open(
            "v=1&target=repository&data=40TB&window_h=10&clients=8&client_nic=10GbE&server_ports=2&disks=24&copy_to_tape=on&fc=16GFC&fc_ports=2&lto=LTO-9&drives=2",
        );
        assert_eq!((shared.verdict.as_str(), shared.fits), ("Does not fit", false));
        assert_eq!(
            shared.margin,
            "backup 9 h 08 min then copy to tape 7 h 15 min: 16 h 23 min against a window of 10 h 00 min: 6 h 23 min too long"
        );
        assert!(shared.warnings.iter().any(|(id, _)| *id == "copy_missed"), "{:?}", shared.warnings);
        // In a window of its own: the backup's verdict with the copy's after it.
        let own = open(
            "v=1&target=repository&data=20TB&window_h=10&clients=8&client_nic=10GbE&server_ports=2&disks=24&copy_to_tape=on&copy_window_h=6&fc=16GFC&lto=LTO-9",
        );
        assert_eq!((own.verdict.as_str(), own.fits), ("Copy does not fit", false));
        assert!(
            own.margin.starts_with(
                "the backup fits (4 h 34 min 02 s against a window of 10 h 00 min: 5 h 25 min 58 s to spare"
            ),
            "{}",
            own.margin
        );
        assert!(
            own.margin
                .ends_with("but the copy to tape takes 7 h 15 min, 1 h 15 min longer than its own 6 h 00 min window"),
            "{}",
            own.margin
        );
        let roomy = open(
            "v=1&target=repository&data=20TB&window_h=10&clients=8&client_nic=10GbE&server_ports=2&disks=24&copy_to_tape=on&copy_window_h=9&fc=16GFC&lto=LTO-9",
        );
        // The copy's own window keeps the same headroom: 1 h 44 min of 9 h is 19.3 %, under 20 %.
        assert_eq!(roomy.verdict, capacity_model::FITS_BELOW_HEADROOM);
        assert!(
            roomy.margin.ends_with(
                "; the copy to tape 7 h 15 min of its own 9 h 00 min window (19.3 % of it spare, less than the 20.0 % headroom)"
            ),
            "{}",
            roomy.margin
        );
        let roomier = open(
            "v=1&target=repository&data=20TB&window_h=10&clients=8&client_nic=10GbE&server_ports=2&disks=24&copy_to_tape=on&copy_window_h=10&fc=16GFC&lto=LTO-9",
        );
        assert_eq!(roomier.verdict, "Fits");
        assert!(
            roomier
                .margin
                .ends_with("; the copy to tape 7 h 15 min of its own 10 h 00 min window (27.4 % of it spare)"),
            "{}",
            roomier.margin
        );
    }

    #[test]
    fn what_the_window_holds_leaves_room_for_a_new_cartridge() {
        // A helper's trial (stop 42): "Up to 3.25 TB" beside a 3 TB data set that did not fit, the new
        // LTO-9 cartridge's 40 min of optimisation left out.
        let r = evaluate(&capacity_model::codec::decode("v=1&lto=LTO-9&new_carts=1").scenario);
        let s = summary(&r, UnitSystem::Decimal);
        assert_eq!(s.verdict, "Up to 2.98 TB");
        assert_eq!(
            s.margin,
            "fit in the 8 h 00 min window at this throughput, after 40 min 00 s of cartridge handling. Enter a data set size for the duration."
        );
        let plain = summary(&evaluate(&capacity_model::codec::decode("v=1&lto=LTO-9").scenario), UnitSystem::Decimal);
        assert_eq!(plain.verdict, "Up to 3.25 TB");
        assert!(!plain.margin.contains("handling"), "{}", plain.margin);
    }

    #[test]
    fn the_card_holds_every_figure_with_its_unit() {
        let mut scenario = preset("hp-8clients-4drives").unwrap().scenario();
        scenario.data_set_bytes = 30e12;
        let s = summary(&evaluate(&scenario), UnitSystem::Decimal);
        assert_eq!(s.throughput, "900 MB/s");
        assert_eq!(s.per_hour, "3.24 TB/h");
        assert_eq!(s.bottleneck, capacity_model::StageId::TapeDrives);
        assert_eq!((s.verdict.as_str(), s.fits), ("Does not fit", false));
        let restore = s.facts.iter().find(|(label, _)| *label == "Restore throughput").expect("restore row");
        assert!(restore.1.ends_with("files/s"), "{restore:?}");
        assert!(s.warnings.iter().any(|(id, _)| *id == "window_missed"), "{:?}", s.warnings);
        let restore = s.restore_explanation.expect("a tape target has a restore chain");
        assert!(restore.starts_with("Tape drives limit"), "{restore}");
    }

    #[test]
    fn binary_units_reach_every_figure() {
        let mut late = preset("hp-8clients-4drives").unwrap().scenario();
        late.data_set_bytes = 100e12;
        let s = summary(&evaluate(&late), UnitSystem::Binary);
        assert_eq!(s.throughput, "859 MiB/s");
        assert!(s.margin.contains("too long"), "{}", s.margin);
    }

    #[test]
    fn a_long_pole_written_multiplexed_says_its_restore_passes_over_the_others() {
        // A trial's (stop 53): four 1 TB jobs of 8 streams, two drives of default sessions; the card read
        // "d alone (the long pole), restored in 1 h 10 min" where the plan's pass took 2 h 48 min.
        let mut scenario = capacity_model::codec::decode("v=1&drives=2").scenario;
        scenario.jobs = capacity_model::fleet::parse_jobs(
            "name,data,client_nic,streams\na,1TB,10GbE,8\nb,1TB,10GbE,8\nc,1TB,10GbE,8\nd,1TB,10GbE,8",
        )
        .0
        .into();
        let answer = capacity_model::fleet::answer(&scenario).expect("a fleet");
        assert!(answer.long_pole_shared_cartridges);
        let base = capacity_model::Scenario { jobs: Vec::new().into(), ..scenario.clone() };
        let pole = capacity_model::fleet::job_alone(&scenario.sanitized(), &scenario.jobs[answer.long_pole]);
        let s = fleet_summary(&answer, &scenario.jobs, &evaluate(&base), &evaluate(&pole), UnitSystem::Decimal);
        let restore = s.restore_explanation.unwrap_or_default();
        let name = &answer.long_pole_name;
        assert!(restore.contains(" to restore if its backup had cartridges of its own: "), "{restore}");
        assert!(
            restore.ends_with(&format!(" It shared cartridges with other jobs, so a restore of {name} passes over their data: the disaster-recovery plan gives its time.")),
            "{restore}"
        );
        // One session per drive writes each job whole: nothing to add.
        scenario.sessions_per_drive = 1;
        assert!(!capacity_model::fleet::answer(&scenario).unwrap().long_pole_shared_cartridges);
    }

    #[test]
    fn a_job_list_is_answered_for_as_a_fleet() {
        // Issue 18's example: five jobs on two LTO-8 drives behind one 8GFC port, data=24TB left in the form.
        let mut scenario = capacity_model::codec::decode("v=1&lto=LTO-8&drives=2&fc=8GFC&data=24TB").scenario;
        scenario.jobs =
            capacity_model::fleet::parse_jobs("name,data\ndb,6TB\nfs1,2TB\nfs2,2TB\nweb,500GB\nmail,3TB").0.into();
        let answer = capacity_model::fleet::answer(&scenario).expect("a fleet");
        let base = capacity_model::Scenario { jobs: Vec::new().into(), ..scenario.clone() };
        let pole = capacity_model::fleet::job_alone(&scenario.sanitized(), &scenario.jobs[0]);
        let s = fleet_summary(&answer, &scenario.jobs, &evaluate(&base), &evaluate(&pole), UnitSystem::Decimal);
        assert_eq!(s.throughput, "254 MB/s");
        assert_eq!((s.verdict.as_str(), s.fits), ("Does not fit", false));
        assert!(s.margin.contains("14 h 45 min"), "{}", s.margin);
        assert_eq!(s.bottleneck, capacity_model::StageId::ClientNic);
        assert!(s.explanation.contains("db"), "{}", s.explanation);
        // The restore stages shown are db's alone, and so is their explanation (a trial of 2026-12-05
        // found a partial restore's stage table with no rate, time or word beside it).
        let restore = s.restore_explanation.as_deref().unwrap_or_default();
        assert!(
            restore.starts_with(
                "db alone (the long pole) would take 14 h 46 min to restore if its backup had cartridges of its own: Client NICs limit the throughput to 113 MB/s"
            ),
            "{restore}"
        );
        assert!(!s.warnings.iter().any(|(id, _)| *id == "window_missed"), "the form's 24 TB is not the fleet's night");
        // The form's shared port holds for every job; db alone at 113 MB/s starves its LTO-8 drive.
        assert!(s.warnings.iter().any(|(id, _)| *id == "shared_default_port"), "{:?}", s.warnings);
        let starved: Vec<&str> =
            s.warnings.iter().filter(|(id, _)| *id == "shoe_shining").map(|(_, text)| text.as_str()).collect();
        assert!(
            starved
                .iter()
                .any(|w| w
                    .starts_with("db (the long pole) feeds its drive 113 MB/s while no other job shares the drive")),
            "{starved:?}"
        );
        // The other drive's four 1GbE jobs, two at a time or one, feed it 122 MB/s over the time it writes: no
        // one job's line says so (a page trial of 2026-12-07 found such a drive with no warning).
        assert!(
            starved.iter().any(|w| w.starts_with("1 of the 2 tape drives gets 122 MB/s but needs at least 224 MB/s to keep streaming: backhitching, it loses")),
            "{starved:?}"
        );
    }

    #[test]
    fn a_copy_to_tape_shows_its_phase_and_the_window() {
        let link = "v=1&target=repository&repo_kind=appliance&copy_to_tape=on&data=20TB";
        let s = summary(&evaluate(&capacity_model::codec::decode(link).scenario), UnitSystem::Decimal);
        let copy = s.facts.iter().find(|(l, _)| *l == "Copy to tape").expect("the copy phase");
        assert!(copy.1.contains("limited by"), "{copy:?}");
        assert!(
            s.facts
                .iter()
                .any(|(l, v)| *l == "Backup then copy" && (v.starts_with("fits") || v.starts_with("does not fit"))),
            "{:?}",
            s.facts
        );
        assert!(s.copy_explanation.expect("words").starts_with("Copy to tape: "));
    }

    #[test]
    fn a_bad_job_cell_is_named_by_its_row_and_heading() {
        let link = capacity_model::codec::decode("v=1&jobs=name,data,client_nic%0Adb,6TB,1GbE%0Afs,2TB,9GbE");
        let notices: Vec<String> = link.issues.iter().map(notice).collect();
        assert!(
            notices.iter().any(|n| n.starts_with("Jobs, row 2 (line 3 of the list), Client link (client_nic): ")),
            "{notices:?}"
        );
    }

    #[test]
    fn a_bad_header_is_named_as_the_header_not_row_0() {
        let link = capacity_model::codec::decode("v=1&jobs=nom%2Csize%0Adb%2C6TB");
        let notices: Vec<String> = link.issues.iter().map(notice).collect();
        assert!(
            !notices.is_empty() && notices.iter().all(|n| n.starts_with("Jobs, the header (line 1 of the list), ")),
            "{notices:?}"
        );
    }

    #[test]
    fn a_link_whose_job_list_has_no_row_says_so() {
        let said = |link: &str| link_notices(link, &capacity_model::codec::decode(link));
        for link in ["v=1&drives=2&jobs=name%2Cdata%0A", "v=1&jobs="] {
            let lines = said(link);
            assert_eq!(lines.len(), 1, "{link}: {lines:?}");
            assert!(lines[0].starts_with("Jobs (jobs): the link's job list holds no job row"), "{lines:?}");
        }
        assert!(said("v=1&drives=2&jobs=name%2Cdata%0Adb%2C6TB").is_empty());
        assert!(said("v=1&drives=2").is_empty());
        // A bad header is named as such, and not said twice.
        let lines = said("v=1&jobs=nom%2Csize%0Adb%2C6TB");
        assert!(lines.iter().all(|l| l.starts_with("Jobs, the header")), "{lines:?}");
    }

    #[test]
    fn notices_name_the_field_by_its_label() {
        let link = capacity_model::codec::decode("v=1&data=banana&colour=blue");
        let notices: Vec<String> = link.issues.iter().map(notice).collect();
        assert!(notices.iter().any(|n| n.starts_with("Data set (data): ")), "{notices:?}");
        assert!(notices.iter().any(|n| n.starts_with("colour: unknown key")), "{notices:?}");
    }

    #[test]
    fn an_unknown_key_points_to_nothing_the_page_user_cannot_open() {
        let link = capacity_model::codec::decode("v=1&drives=2&foo=bar");
        let notices: Vec<String> = link.issues.iter().map(notice).collect();
        assert_eq!(
            notices,
            ["foo: unknown key, so it was ignored: it names none of this page's fields (Copy link makes a link with only the keys the page reads)"]
        );
    }

    #[test]
    fn rows_left_out_are_counted_in_words() {
        assert_eq!(rows_left_out(4, 7), "4 of 7 job rows left out");
        assert_eq!(rows_left_out(1, 1), "1 of 1 job row left out");
        assert_eq!(rows_left_out(1200, 10_000), "1,200 of 10,000 job rows left out");
        assert_eq!(rows_left_out_note(0, 7), None);
        assert_eq!(
            rows_left_out_note(2, 2).as_deref(),
            Some("All 2 job rows cannot be read: these figures are the form's single scenario, not the job list, until one can. Fix them in the Jobs table, where each problem is listed.")
        );
        assert_eq!(
            rows_left_out_note(1, 2).as_deref(),
            Some("1 of 2 job rows cannot be read and is left out: these figures are for the other row. Fix it in the Jobs table, where each problem is listed.")
        );
    }

    #[test]
    fn no_window_is_said_in_words() {
        let scenario = capacity_model::codec::decode("v=1&window_h=0").scenario;
        let s = summary(&evaluate(&scenario), UnitSystem::Decimal);
        assert_eq!(s.verdict, "No window");
        assert!(s.margin.starts_with("A window of 0 h means none"), "{}", s.margin);
    }
}
