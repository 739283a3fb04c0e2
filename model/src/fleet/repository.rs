//! A fleet backing up to a repository (issue 19), and each job's copy to tape after its backup.
//!
//! # Backup phase
//! Every job starts at once, as the single scenario runs its clients at once, and the jobs share
//! the backup server (NICs, CPU, catalogue) and the repository's write capacity (the array, the
//! appliances' ingest, an object store's request ceiling, as the single scenario models them) as
//! max-min fair shares, each capped by its own ceiling: its client side (as on tape) and what its
//! streams can write alone (an object store's parts in flight, an appliance's single-stream figure).
//! The shares are recomputed whenever a job ends (an event-driven fluid simulation, exact between
//! events). No backup holds a tape drive.
//!
//! # Copy phase
//! With `copy_to_tape=on`, each job's copy reads its backup back from the repository (at the read
//! rate; an appliance rehydrates) and writes it to one tape drive, as the single scenario's copy
//! feeds one stream per drive. A copy starts no earlier than its backup ends and when a drive is
//! free; ready copies start in the order their backups ended (ties as listed; in a window of their own,
//! where all are ready at once, the longest first), each on the free drive
//! whose FC or SAS port carries the fewest copies. Running copies share the repository's read rate
//! and their ports fairly, each capped by its drive (fed below its lowest streaming rate, a drive
//! moves what its curve allows). A disk array's or an appliance's reads and writes share its spindles:
//! while later backups still write, the copies read at the share of its time the writes leave them
//! (`write_share`); an object store's reads and writes are taken as independent.
//!
//! In the backup's window (`copy_window_h=0`) backup and copy must both end inside it, and the
//! schedule's night ([`Schedule::makespan_sec`]) and its bound are the copies'; with a copy window of
//! its own, the copies start together once the last backup has ended (the night's second part, as the
//! single scenario copies after its backup) and, from then to the last copy's end, must fit that window;
//! the night is the backups'. The long pole is the job whose copy ends last.

use super::cartridges::{Changes, DriveHandling};
use super::jobs::Job;
use super::schedule::{fill_level, order_by, prepare, shared, Schedule, ScheduledJob};
use crate::chain::{drive_of, drive_ports, Relief};
use crate::scenario::{Scenario, Target};
use crate::stage::StageId;
use crate::stages::repository::RepoKind;
use crate::stages::staging::Staging;
use crate::units::{format_duration, format_rate, UnitSystem};

/// One job's copy to tape.
#[derive(Debug, Clone, PartialEq)]
pub struct CopyJob {
    /// Drive it was written to, from 0.
    pub drive: usize,
    /// When it started, seconds from the start of the night (no earlier than its backup's end).
    pub start_sec: f64,
    /// When it ended, seconds (infinite when it never does).
    pub end_sec: f64,
    /// Its average rate, logical bytes/s.
    pub bytes_per_sec: f64,
    /// Time its drive stood still for cartridge changes and media optimisation while it copied,
    /// seconds (included in `end_sec - start_sec`; [`super::cartridges`]).
    pub handling_sec: f64,
    /// Logical bytes it had still to copy when the backup window closed (its own bytes when it had not
    /// started, 0 when it had ended or there is no window), from its rates as they were, not its average.
    pub left_at_window_bytes: f64,
}

/// The phase of a backup-then-copy night that takes longer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The backups into the repository.
    Backup,
    /// The copies to tape.
    Copy,
}

impl Phase {
    /// `backup` or `copy`, as the JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Backup => "backup",
            Self::Copy => "copy",
        }
    }
}

/// The copy phase in figures: what the fleet's answer and the reports print.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CopyNight {
    /// When the last backup ends, seconds.
    pub backup_makespan_sec: f64,
    /// No schedule ends the backups sooner, seconds ([`Schedule::lower_bound_parts`] and the
    /// catalogue's time).
    pub backup_lower_bound_sec: f64,
    /// When the first copy starts, seconds.
    pub first_start_sec: f64,
    /// When the last copy ends, seconds from the start of the night (infinite when one never does).
    pub makespan_sec: f64,
    /// The copy phase's length: last copy's end minus first copy's start, seconds.
    pub phase_sec: f64,
    /// No placement of the copies ends sooner, seconds from the start of the night: the largest of
    /// each job's backup end plus its copy at the fastest a drive is fed, and the first copy's start
    /// plus all the data at the copy's aggregate rate.
    pub lower_bound_sec: f64,
    /// What all the drives can copy together, logical bytes/s: the least of the repository's read
    /// rate with one reader per drive, the drives and their ports.
    pub aggregate_bytes_per_sec: f64,
    /// The stage that sets that rate: repository reads, tape drives, FC or SAS ports.
    pub bottleneck: StageId,
    /// The window the copies are held against, seconds (0: none): the backup's when shared.
    pub window_sec: f64,
    /// Whether the copies share the backup's window.
    pub shared_window: bool,
    /// Whether they fit: in a shared window the last copy ends inside it, else the copy phase fits
    /// its own window (true without a window, false when a copy never ends).
    pub fits: bool,
    /// The longer phase: the backups' (their makespan) or the copies' (`phase_sec`).
    pub binding_phase: Phase,
    /// The job whose backup end plus its copy alone is the largest part of `lower_bound_sec`: its
    /// index, its backup's end and its copy at the fastest a drive is fed with the cartridge changes it
    /// makes alone, seconds, and the stage that sets that rate (the drive, its port or the repository's
    /// reads).
    pub own_bound: (usize, f64, f64, StageId),
}

/// The copies of a fleet's backups on the drives.
#[derive(Debug, Clone, PartialEq)]
pub struct CopySchedule {
    /// Each job's copy, in the order listed (the same order as [`Schedule::jobs`]).
    pub jobs: Vec<CopyJob>,
    /// What the copies move together over the night, logical bytes/s: `(from, rate)` steps as
    /// [`Schedule::throughput_steps`], the last at the last copy's end with 0 (empty when none starts).
    pub throughput_steps: Vec<(f64, f64)>,
    /// Time each drive spent copying, seconds.
    pub drive_busy_sec: Vec<f64>,
    /// Each drive's cartridge changes and new cartridges optimised while copying, and the time they
    /// stood it still ([`super::cartridges`]).
    pub drive_handling: Vec<DriveHandling>,
    /// The phase in figures.
    pub night: CopyNight,
}

/// Schedules `jobs` (not empty) into the scenario's repository and, with `copy_to_tape`, their
/// copies onto the drives ([module formula](self)).
/// The long pole's own ceiling and its stage: a backup into the repository alone.
/// The long pole's rate alone, bytes/s, and what holds it: its own ceiling, or the repository's shared
/// rate (`repository`: its bytes/s and stage) where that is lower. A trial's DD690 fleet read "222 MB/s
/// on average against 1,026 MB/s alone" (the client side's ceiling) where the job alone on the appliance
/// moves 389 MB/s.
fn scheduled_alone(jobs: &[ScheduledJob], long_pole: usize, repository: (f64, StageId)) -> (f64, StageId) {
    jobs.get(long_pole).map_or((0.0, repository.1), |j| {
        if repository.0 < j.ceiling_bytes_per_sec {
            repository
        } else {
            (j.ceiling_bytes_per_sec, j.ceiling_stage)
        }
    })
}

/// A job's ceiling into the repository, bytes/s, and the stage that sets it: its client side's
/// (`client`, as on tape) with its `streams`' own write into the repository
/// ([`crate::repository::stream_write_bytes_per_sec`]): an object store's wait comes on top of the job's
/// own rate, as the calculator's chain pays it, an appliance's per-stream figure caps it; the repository
/// is named when its write is the lower. `s` is in range.
pub(super) fn with_own_write(s: &Scenario, streams: u32, client: (f64, StageId)) -> (f64, StageId) {
    let (ceiling, stage) = client;
    let (per_stream, in_series) = crate::repository::stream_write_bytes_per_sec(s);
    let own = f64::from(streams) * per_stream;
    let with_repository = if in_series { 1.0 / (1.0 / ceiling + 1.0 / own) } else { own.min(ceiling) };
    let stage = if own < ceiling { crate::repository::shared_write(s).1 } else { stage };
    (with_repository, stage)
}

pub(super) fn schedule(scenario: &Scenario, jobs: &[Job]) -> Schedule {
    // Staging is a tape server's holding disk: the repository is the disk here.
    let s = in_range(scenario);
    let mut prepared = prepare(&s, jobs);
    let (repo_stage, byte_capacity, catalogue_files_per_sec) = backup_shared(&s);
    for (p, job) in prepared.iter_mut().zip(jobs) {
        let streams = super::schedule::own_values(&s, job).3;
        (p.ceiling, p.stage) = with_own_write(&s, streams, (p.ceiling, p.stage));
    }
    let window = if s.backup_window_sec > 0.0 { s.backup_window_sec } else { f64::INFINITY };
    let run = match catalogue_files_per_sec {
        None => backup_phase_one_rate(&prepared, byte_capacity, window),
        Some(_) => backup_phase(&prepared, byte_capacity, catalogue_files_per_sec, window),
    };
    let total: f64 = prepared.iter().map(|p| p.data).sum();
    let alone = prepared
        .iter()
        .map(|p| if p.data > 0.0 { p.data / p.ceiling.min(byte_capacity) } else { 0.0 })
        .fold(0.0, f64::max);
    let parts = [alone, 0.0, if total > 0.0 { total / byte_capacity } else { 0.0 }];
    let files: f64 = prepared.iter().map(|p| p.data * p.files_per_byte).sum();
    let catalogue_sec = catalogue_files_per_sec.map_or(0.0, |c| files / c);
    let backup_makespan = run.end.iter().copied().fold(0.0, f64::max);
    let data: Vec<f64> = prepared.iter().map(|p| p.data).collect();
    let backup_bound = parts.iter().fold(catalogue_sec, |a, b| a.max(*b));
    // A disk array's or an appliance's copies read from the spindles the later backups still write to.
    let writes = match s.repo_kind {
        RepoKind::Disk | RepoKind::Appliance => Some((run.steps.as_slice(), crate::repository::shared_write(&s).0)),
        RepoKind::Object => None,
    };
    // In the backup's window a copy starts once its own backup has ended; in a window of their own the
    // copies are the night's second part, all ready when the last backup has ended (as the single
    // scenario runs its copy after its backup), so a small job that ends early does not stretch it.
    let ready = if s.copy_window_sec > 0.0 { vec![backup_makespan; run.end.len()] } else { run.end.clone() };
    let copy = s
        .copy_to_tape
        .then(|| copy_phase(&s, &data, (&ready, s.copy_window_sec > 0.0), (backup_makespan, backup_bound), writes));
    let drives = s.drives.max(1) as usize;
    let busy = copy.as_ref().map_or_else(|| vec![0.0; drives], |c| c.drive_busy_sec.clone());
    let night_end = copy.as_ref().map_or(backup_makespan, |c| c.night.makespan_sec.max(backup_makespan));
    // In the backup's window the night ends with the last copy; in a window of their own the copies
    // are another night's work.
    let (makespan, lower_bound) = match &copy {
        Some(c) if c.night.shared_window => (night_end, backup_bound.max(c.night.lower_bound_sec)),
        _ => (backup_makespan, backup_bound),
    };
    // No copy starts before the first backup ends: the drives' idle time is counted from then (a page
    // trial's two drives, both needed for copies in a window of their own, were said to stand idle more
    // than half the night, 5 h 28 min of it the backups').
    let drives_from = copy.as_ref().map_or(0.0, |c| c.night.first_start_sec).clamp(0.0, night_end);
    let idle = busy.iter().map(|b| (night_end - drives_from - b).max(0.0)).collect();
    // The job that ends last: its copy's end when the copies share the backups' window. In a window of
    // their own the backups' night is judged apart, and its long pole is the backup that ends last (a
    // trial's card named fs01 while the restore and the schedule took fs02, whose copy ended last).
    let ends: Vec<f64> = match copy.as_ref().filter(|c| c.night.shared_window) {
        Some(c) => c.jobs.iter().map(|j| j.end_sec).collect(),
        None => run.end.clone(),
    };
    let long_pole = ends.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map_or(0, |(i, _)| i);
    let scheduled: Vec<ScheduledJob> = jobs
        .iter()
        .zip(&prepared)
        .enumerate()
        .map(|(i, (job, p))| {
            let end = run.end[i];
            // With the copies in the backup's window a job is done when its copy is (as the fleet's
            // answer counts it); what a late copy leaves is its share not yet copied at the window's end.
            let shared_copy = copy.as_ref().filter(|c| c.night.shared_window).and_then(|c| c.jobs.get(i));
            let copy_late = shared_copy.filter(|c| c.end_sec > window);
            let in_window = end <= window && copy_late.is_none();
            ScheduledJob {
                name: job.name.clone(),
                data_bytes: p.data,
                drive: 0,
                start_sec: 0.0,
                end_sec: end,
                bytes_per_sec: if end > 0.0 { p.data / end } else { 0.0 },
                ceiling_bytes_per_sec: p.ceiling,
                ceiling_stage: p.stage,
                in_window,
                // In the backups' window a job is done when its copy is: what it leaves is what its
                // copy has not written, all of it where the copy had not started (a page trial's db
                // was said to leave 1.62 TB, its backup's share, with all 6 TB of its copy to come).
                left_after_window_bytes: match copy_late {
                    _ if in_window => 0.0,
                    Some(c) if c.start_sec >= window => p.data,
                    Some(c) => c.left_at_window_bytes.clamp(0.0, p.data),
                    None => run.left[i].clamp(0.0, p.data),
                },
                // Its backup holds no drive: the stand-still is its copy's.
                handling_sec: copy.as_ref().and_then(|c| c.jobs.get(i)).map_or(0.0, |c| c.handling_sec),
                drive_bytes_while_running: p.data,
                drive_bytes_at_end: p.data,
            }
        })
        .collect();
    let long_pole_alone = scheduled_alone(&scheduled, long_pole, (byte_capacity, repo_stage.0));
    Schedule {
        jobs: scheduled,
        makespan_sec: makespan,
        lower_bound_sec: lower_bound,
        // Into a repository every backup runs at once: no two wait for one session.
        lower_bound_parts: [parts[0], parts[1], parts[2], 0.0],
        long_pole,
        long_pole_alone,
        one_drive_bytes_per_sec: f64::INFINITY,
        // Every backup starts at once: the order changes nothing.
        listed_order_makespan_sec: makespan,
        drive_busy_sec: busy,
        drive_idle_sec: idle,
        throughput_steps: run.steps,
        aggregate_bytes_per_sec: byte_capacity,
        order: s.job_order,
        window_sec: if window.is_finite() { window } else { 0.0 },
        target: Target::Repository,
        drive_handling: copy.as_ref().map_or_else(Vec::new, |c| c.drive_handling.clone()),
        changes: None,
        connection_fixes: super::schedule::connection_fixes(scenario),
        drive_ports: (0, 0.0),
        // A repository's backups hold no drive: its card names its own shared stages.
        shared_hold: None,
        shared_near: None,
        fewer_at_once: None,
        held_back: None,
        server_outrun: None,
        shared_floor: None,
        copy,
    }
}

/// What every backup into the repository shares: `((the repository's own stage, the stage of least
/// capacity), that capacity in logical bytes/s, the catalogue's files/s if it has a cost)`. The server's
/// byte stages (NICs, CPU) and the repository are crossed by every backup, so the least of them is the
/// one that can fill. `s` is in range, without staging.
pub(super) fn backup_shared(s: &Scenario) -> ((StageId, StageId), f64, Option<f64>) {
    let (global, _, _, _, catalogue) = shared(s);
    let (repo_capacity, repo_stage) = crate::repository::shared_write(s);
    let (mut capacity, mut stage) = (repo_capacity, repo_stage);
    for (i, (resource, id)) in global.iter().zip([StageId::ServerNic, StageId::ServerCpu]).enumerate() {
        if Some(i) != catalogue && resource.capacity < capacity {
            (capacity, stage) = (resource.capacity, id);
        }
    }
    ((repo_stage, stage), capacity, catalogue.map(|i| global[i].capacity))
}

/// The share of the repository's time the backups take at `now` (their aggregate rate over the
/// repository's write capacity `capacity`, from the backups' `steps`: from each step's time, its
/// aggregate rate), from 0 to 1, and when that rate next changes (infinite after the last step).
///
/// # Formula
/// A disk array's spindles (an appliance's disks and controllers) serve reads and writes in turn: while
/// backups write `w` bytes/s into a repository that writes at most `W`, they hold it `w / W` of the time
/// (the utilization law), and the copies read at `(1 - w / W)` of its read rate `R`. A repository the
/// backups fill (`w = W`) lets no copy read until a backup ends; once the last has, copies read at `R`.
fn write_share(steps: &[(f64, f64)], capacity: f64, now: f64) -> (f64, f64) {
    let after = steps.partition_point(|&(t, _)| t <= now);
    let share = match after.checked_sub(1).map(|i| steps[i].1) {
        Some(rate) if capacity > 0.0 => (rate / capacity).clamp(0.0, 1.0),
        Some(rate) if rate > 0.0 => 1.0,
        _ => 0.0,
    };
    (share, steps.get(after).map_or(f64::INFINITY, |&(t, _)| t))
}

/// The fastest one copy to tape runs, logical bytes/s, and the stage that sets it: one drive, its port,
/// one reader of the repository (`s` in range, as [`in_range`] gives it), as [`copy_phase`] bounds a
/// job's copy.
pub(super) fn copy_fastest(s: &Scenario) -> (f64, StageId) {
    let copier = crate::repository::copier(s);
    let (_, port_capacity, drive_capacity, _, _) = shared(&copier);
    let read = crate::repository::read_bytes_per_sec(s, 1.0);
    let fastest = drive_capacity.min(port_capacity).min(read);
    let stage = if drive_capacity <= fastest {
        StageId::TapeDrives
    } else if port_capacity <= fastest {
        drive_ports(&copier).0
    } else {
        StageId::RepositoryRead
    };
    (fastest, stage)
}

/// The scenario as the repository fleet schedules it: in range, without a tape server's staging.
pub(super) fn in_range(scenario: &Scenario) -> Scenario {
    Scenario { staging: Staging::None, ..scenario.sanitized() }
}

/// The backups' run: each job's end, what it had left when the window closed, the aggregate steps.
struct BackupRun {
    end: Vec<f64>,
    left: Vec<f64>,
    steps: Vec<(f64, f64)>,
}

/// Every job from 0, sharing `bytes_per_sec` (and the catalogue's files/s, weighted by each job's
/// files per byte) as max-min fair shares capped by the jobs' ceilings.
fn backup_phase(
    jobs: &[super::schedule::Prepared],
    bytes_per_sec: f64,
    catalogue_files_per_sec: Option<f64>,
    window: f64,
) -> BackupRun {
    let n = jobs.len();
    let mut end = vec![f64::INFINITY; n];
    let mut left = vec![f64::NAN; n];
    let mut remaining: Vec<f64> = jobs.iter().map(|j| j.data).collect();
    let mut active: Vec<usize> = (0..n).collect();
    let mut rate = vec![0.0; n];
    let mut items: Vec<(f64, f64)> = Vec::with_capacity(n);
    let mut steps = Vec::new();
    let mut now = 0.0;
    loop {
        active.retain(|&i| {
            let done = remaining[i] <= jobs[i].data * 1e-9;
            if done {
                end[i] = now;
            }
            !done
        });
        if active.is_empty() {
            break;
        }
        items.clear();
        items.extend(active.iter().map(|&i| (1.0, jobs[i].ceiling)));
        let level = fill_level(&mut items, bytes_per_sec);
        // The catalogue is shared out in files/s (each job its equal share of records, a job of few
        // large files taking little), not in bytes/s.
        let catalogue_files_level = catalogue_files_per_sec.map_or(f64::INFINITY, |files| {
            items.clear();
            items.extend(active.iter().map(|&i| (1.0, jobs[i].ceiling.min(level) * jobs[i].files_per_byte)));
            fill_level(&mut items, files)
        });
        let (mut total, mut next) = (0.0, f64::INFINITY);
        for &i in &active {
            rate[i] = jobs[i].ceiling.min(level).min(catalogue_files_level / jobs[i].files_per_byte);
            total += rate[i];
            if rate[i] > 0.0 {
                next = next.min(remaining[i] / rate[i]);
            }
        }
        steps.push((now, total));
        if window.is_finite() && now <= window && now + next >= window {
            for &i in &active {
                left[i] = remaining[i] - rate[i] * (window - now);
            }
        }
        if !next.is_finite() {
            // Nothing moves (a stage of zero capacity): these backups never end.
            return BackupRun { end, left, steps };
        }
        for &i in &active {
            remaining[i] -= rate[i] * next;
        }
        now += next;
    }
    steps.push((now, 0.0));
    BackupRun { end, left, steps }
}

/// A rate for a binary heap: ordered by [`f64::total_cmp`], then by job index.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Key(f64, usize);

impl Eq for Key {}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

/// [`backup_phase`] without a catalogue cost, in `O(n log n)` where that is `O(n²)`: with one shared
/// rate, every job not held by its own ceiling moves at one common level, and the level only rises
/// as jobs end (a job leaving never lowers another's share). So a job is held by the level until the
/// level passes its ceiling, then by its ceiling to its end: the jobs held by the level all receive
/// the same bytes (the level's integral, `served`), and the next to end is the one with the least
/// data (a heap); the others end at times fixed when their ceiling took over (a second heap).
fn backup_phase_one_rate(jobs: &[super::schedule::Prepared], bytes_per_sec: f64, window: f64) -> BackupRun {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = jobs.len();
    let mut end = vec![f64::INFINITY; n];
    let mut left = vec![f64::NAN; n];
    let mut done = vec![false; n];
    // For a job held by its ceiling: since when, and the bytes it had left then.
    let mut held: Vec<Option<(f64, f64)>> = vec![None; n];
    let by_ceiling = order_by(jobs.iter().map(|j| j.ceiling));
    let mut open: BinaryHeap<Reverse<Key>> = BinaryHeap::with_capacity(n);
    let mut ending: BinaryHeap<Reverse<Key>> = BinaryHeap::new();
    let (mut served, mut now, mut held_sum, mut open_count, mut next_held) = (0.0, 0.0, 0.0, 0usize, 0);
    for (i, job) in jobs.iter().enumerate() {
        if job.data > 0.0 {
            open.push(Reverse(Key(job.data, i)));
            open_count += 1;
        } else {
            (end[i], done[i]) = (0.0, true);
        }
    }
    let mut steps = Vec::new();
    let mut window_passed = false;
    while open_count > 0 || !ending.is_empty() {
        // The level, moving each job whose ceiling it passes over to its ceiling.
        let mut level = f64::INFINITY;
        loop {
            while next_held < n && (done[by_ceiling[next_held]] || held[by_ceiling[next_held]].is_some()) {
                next_held += 1;
            }
            if open_count == 0 {
                break;
            }
            level = ((bytes_per_sec - held_sum) / open_count as f64).max(0.0);
            let Some(&i) = by_ceiling.get(next_held) else { break };
            if jobs[i].ceiling >= level {
                break;
            }
            let left_then = jobs[i].data - served;
            held[i] = Some((now, left_then));
            ending.push(Reverse(Key(now + left_then / jobs[i].ceiling, i)));
            held_sum += jobs[i].ceiling;
            open_count -= 1;
        }
        let by_level = if open_count > 0 { level * open_count as f64 } else { 0.0 };
        steps.push((now, held_sum + by_level));
        // Entries of jobs since held by their ceiling are skipped where they surface.
        while open.peek().is_some_and(|Reverse(Key(_, i))| held[*i].is_some()) {
            open.pop();
        }
        let open_end = match open.peek() {
            Some(Reverse(Key(data, _))) if open_count > 0 && level > 0.0 => now + (data - served) / level,
            _ => f64::INFINITY,
        };
        let held_end = ending.peek().map_or(f64::INFINITY, |Reverse(Key(t, _))| *t);
        let next = open_end.min(held_end);
        if window.is_finite() && !window_passed && now <= window && next >= window {
            window_passed = true;
            for i in (0..n).filter(|&i| !done[i]) {
                left[i] = match held[i] {
                    Some((since, then)) => then - jobs[i].ceiling * (window - since),
                    None => jobs[i].data - served - level * (window - now),
                };
            }
        }
        if !next.is_finite() {
            // Nothing moves (a stage of zero capacity): these backups never end.
            return BackupRun { end, left, steps };
        }
        if open_count > 0 {
            served += level * (next - now);
        }
        now = next;
        while let Some(&Reverse(Key(data, i))) = open.peek() {
            if held[i].is_some() {
                open.pop();
            } else if data - served <= data * 1e-9 {
                open.pop();
                (end[i], done[i]) = (now, true);
                open_count -= 1;
            } else {
                break;
            }
        }
        while let Some(&Reverse(Key(t, i))) = ending.peek() {
            if t > now * (1.0 + 1e-12) {
                break;
            }
            ending.pop();
            (end[i], done[i]) = (now, true);
            held_sum -= jobs[i].ceiling;
        }
    }
    steps.push((now, 0.0));
    BackupRun { end, left, steps }
}

/// The copies of `data` (logical bytes per job), each ready at `ready`: when its backup ends, or with
/// `own_window` when the last one does, the longest copy first ([module formula](self)).
/// `backup` is the backups' (makespan, lower bound), seconds.
fn copy_phase(
    s: &Scenario,
    data: &[f64],
    (ready, own_window): (&[f64], bool),
    backup: (f64, f64),
    writes: Option<(&[(f64, f64)], f64)>,
) -> CopySchedule {
    let (backup_makespan, backup_lower_bound) = backup;
    let copier = crate::repository::copier(s);
    let (_, port_capacity, drive_capacity, ports, _) = shared(&copier);
    let drive_model = drive_of(&copier, &Relief(None));
    let ratio = copier.reduction_ratio();
    let n_drives = s.drives.max(1) as usize;
    let used_ports = (ports as usize).min(n_drives).max(1);
    let read = |readers: usize| crate::repository::read_bytes_per_sec(s, readers as f64);
    // Ready at once (a window of their own), the longest copy first, as the tape schedule starts its
    // jobs: the row order had decided (a trial's two lists of the same jobs, rows swapped: one fitted,
    // one missed by 7 min), and the order the backups ended put the biggest last (14 h 51 min became
    // 16 h 49 min). Otherwise in the order they become ready.
    let queue = if own_window { order_by(data.iter().map(|d| -d)) } else { order_by(ready.iter().copied()) };
    let mut jobs: Vec<CopyJob> = data
        .iter()
        .map(|_| CopyJob {
            drive: 0,
            start_sec: f64::INFINITY,
            end_sec: f64::INFINITY,
            bytes_per_sec: 0.0,
            handling_sec: 0.0,
            left_at_window_bytes: 0.0,
        })
        .collect();
    let window = if s.backup_window_sec > 0.0 { s.backup_window_sec } else { f64::INFINITY };
    let mut window_passed = !window.is_finite();
    // The copies write cartridges as backups to tape do: each drive stands still for a change when
    // its cartridge fills, and for its share of the night's new cartridges before it writes to them.
    let changes = {
        let mut writer = copier.clone();
        writer.target = Target::Tape;
        Changes::of(&writer)
    };
    let mut tapes = Tapes::new(changes, n_drives);
    // Running copies: (job, drive, bytes left).
    let mut running: Vec<(usize, usize, f64)> = Vec::with_capacity(n_drives);
    let mut drive_free = vec![true; n_drives];
    let mut on_port = vec![0usize; used_ports];
    let mut busy = vec![0.0; n_drives];
    let mut rates: Vec<f64> = Vec::with_capacity(n_drives);
    let mut items: Vec<(f64, f64)> = Vec::with_capacity(n_drives);
    let mut next = 0;
    let mut now = 0.0f64;
    let mut steps: Vec<(f64, f64)> = Vec::new();
    loop {
        // Finished copies free their drives, then ready copies start (a copy of nothing ends as it
        // starts, freeing its drive again).
        loop {
            running.retain(|&(job, drive, left)| {
                let done = left <= data[job] * 1e-9;
                if done {
                    jobs[job].end_sec = now;
                    busy[drive] += now - jobs[job].start_sec;
                    drive_free[drive] = true;
                    on_port[drive % used_ports] -= 1;
                }
                !done
            });
            let mut started = false;
            while next < queue.len() && ready[queue[next]] <= now && running.len() < n_drives {
                // A free drive without a new cartridge to optimise first, on the least busy port.
                let drive = (0..n_drives)
                    .filter(|&d| drive_free[d])
                    .min_by_key(|&d| (tapes.optimises_first(d), on_port[d % used_ports], d));
                let Some(drive) = drive else { break };
                let job = queue[next];
                next += 1;
                drive_free[drive] = false;
                on_port[drive % used_ports] += 1;
                jobs[job].drive = drive;
                jobs[job].start_sec = now;
                running.push((job, drive, data[job]));
                started = true;
                if data[job] > 0.0 {
                    jobs[job].handling_sec += tapes.start(drive, now);
                }
            }
            if !started {
                break;
            }
        }
        let waiting = next < queue.len();
        if running.is_empty() {
            if !waiting || !ready[queue[next]].is_finite() {
                break;
            }
            // No copy runs until the next backup ends.
            if steps.last().is_some_and(|last| last.1 > 0.0) {
                steps.push((now, 0.0));
            }
            now = now.max(ready[queue[next]]);
            continue;
        }
        // Each copy's share: its drive, its port's share, then the repository's reads, less the share
        // of the repository's time the backups still writing take.
        // A drive standing still takes nothing, and leaves its port to the others.
        let still = |d: usize| tapes.still(d, now);
        let mut writing = vec![0usize; used_ports];
        running.iter().filter(|&&(_, d, _)| !still(d)).for_each(|&(_, d, _)| writing[d % used_ports] += 1);
        rates.clear();
        rates.extend(running.iter().map(|&(_, d, _)| {
            if still(d) {
                0.0
            } else {
                drive_capacity.min(port_capacity / writing[d % used_ports].max(1) as f64)
            }
        }));
        items.clear();
        items.extend(rates.iter().map(|&r| (1.0, r)));
        let (written, writes_change) =
            writes.map_or((0.0, f64::INFINITY), |(steps, capacity)| write_share(steps, capacity, now));
        let level = fill_level(&mut items, read(running.len()) * (1.0 - written));
        let mut step = f64::INFINITY;
        for (rate, &(_, d, left)) in rates.iter_mut().zip(&running) {
            *rate = rate.min(level);
            *rate = rate.min(drive_model.delivered_bytes_per_sec(*rate / ratio) * ratio);
            if *rate > 0.0 {
                step = step.min(left / *rate);
                step = step.min(tapes.room(d) / *rate);
            } else if still(d) {
                step = step.min(tapes.paused_until[d] - now);
            }
        }
        if waiting && running.len() < n_drives && ready[queue[next]] > now {
            step = step.min(ready[queue[next]] - now);
        }
        if writes_change > now {
            step = step.min(writes_change - now);
        }
        if !step.is_finite() {
            break;
        }
        for (entry, rate) in running.iter_mut().zip(&rates) {
            entry.2 -= rate * step;
            tapes.on_cartridge[entry.1] += rate * step;
        }
        if !window_passed && now + step >= window {
            // The window closes in this step: what each copy has left then; copies not yet started
            // have all their bytes left.
            window_passed = true;
            // `left` is already less this whole step's bytes.
            let at = (window - now).max(0.0);
            for (&(job, _, left), rate) in running.iter().zip(&rates) {
                jobs[job].left_at_window_bytes = (left + rate * (step - at)).max(0.0);
            }
            for &job in &queue[next..] {
                jobs[job].left_at_window_bytes = data[job];
            }
        }
        let together: f64 = rates.iter().sum();
        match steps.last_mut() {
            Some(last) if last.0 == now => last.1 = together,
            Some(last) if last.1 == together => {}
            _ => steps.push((now, together)),
        }
        now += step;
        // A full cartridge is changed while its copy still has bytes to write.
        for &(job, d, left) in &running {
            if left > data[job] * 1e-9 && !tapes.still(d, now) && tapes.full(d) {
                jobs[job].handling_sec += tapes.load(d, false, now);
            }
        }
    }
    for job in jobs.iter_mut().zip(data) {
        let (copy, bytes) = job;
        if copy.end_sec > copy.start_sec && copy.end_sec.is_finite() {
            copy.bytes_per_sec = bytes / (copy.end_sec - copy.start_sec);
        }
    }
    let makespan = jobs.iter().map(|j| j.end_sec).fold(0.0, f64::max);
    if !steps.is_empty() && makespan.is_finite() {
        steps.push((makespan, 0.0));
    }
    let first_start = jobs.iter().map(|j| j.start_sec).fold(f64::INFINITY, f64::min);
    let phase = if makespan.is_finite() { makespan - first_start } else { f64::INFINITY };
    let (port_stage, _, _) = drive_ports(&copier);
    // A copy holds one drive: fewer jobs than drives copy on as many drives as there are jobs, and on
    // their ports (a fresh-clone trial's three copies on four drives, each at its 4GFC port's 400 MB/s,
    // were said to be held by the repository's 1,500 MB/s of reads for four).
    let copying = n_drives.min(data.iter().filter(|d| **d > 0.0).count().max(1));
    let candidates = [
        (read(copying), StageId::RepositoryRead),
        (copying as f64 * drive_capacity, StageId::TapeDrives),
        (used_ports.min(copying) as f64 * port_capacity, port_stage),
    ];
    let (aggregate, bottleneck) =
        candidates.into_iter().fold((f64::INFINITY, StageId::RepositoryRead), |a, b| if b.0 < a.0 { b } else { a });
    let fastest = drive_capacity.min(port_capacity).min(read(1));
    let fastest_stage = if drive_capacity <= fastest {
        StageId::TapeDrives
    } else if port_capacity <= fastest {
        port_stage
    } else {
        StageId::RepositoryRead
    };
    let total: f64 = data.iter().sum();
    // A copy alone: its bytes at the fastest a drive is fed, and the cartridge changes it makes even
    // from a fresh cartridge.
    let alone = |d: f64| if d > 0.0 { d / fastest + changes.map_or(0.0, |c| c.fewest_sec(d)) } else { 0.0 };
    let own_job = order_by(data.iter().zip(ready).map(|(d, r)| -(r + alone(*d)))).first().copied().unwrap_or(0);
    let own_bound = (
        own_job,
        ready.get(own_job).copied().unwrap_or(0.0),
        data.get(own_job).map_or(0.0, |d| alone(*d)),
        fastest_stage,
    );
    let own = own_bound.1 + own_bound.2;
    let lower_bound = own.max(if total > 0.0 { first_start + total / aggregate } else { 0.0 });
    let shared_window = s.copy_window_sec <= 0.0;
    let window_sec = if shared_window { s.backup_window_sec.max(0.0) } else { s.copy_window_sec };
    let held = if shared_window { makespan } else { phase };
    let fits = if window_sec > 0.0 { held <= window_sec * (1.0 + 1e-12) } else { makespan.is_finite() };
    CopySchedule {
        jobs,
        throughput_steps: steps,
        drive_busy_sec: busy,
        drive_handling: tapes.handling,
        night: CopyNight {
            backup_makespan_sec: backup_makespan,
            backup_lower_bound_sec: backup_lower_bound,
            first_start_sec: first_start,
            makespan_sec: makespan,
            phase_sec: phase,
            lower_bound_sec: lower_bound,
            aggregate_bytes_per_sec: aggregate,
            bottleneck,
            window_sec,
            shared_window,
            fits,
            binding_phase: if phase > backup_makespan { Phase::Copy } else { Phase::Backup },
            own_bound,
        },
    }
}

/// The drives' cartridges during the copies ([`super::cartridges`]): what each holds and until when it
/// stands still.
struct Tapes {
    changes: Option<Changes>,
    /// Logical bytes on each drive's mounted cartridge.
    on_cartridge: Vec<f64>,
    paused_until: Vec<f64>,
    used: Vec<bool>,
    new_left: Vec<u64>,
    handling: Vec<DriveHandling>,
}

impl Tapes {
    fn new(changes: Option<Changes>, drives: usize) -> Self {
        Tapes {
            changes,
            on_cartridge: vec![0.0; drives],
            paused_until: vec![f64::NEG_INFINITY; drives],
            used: vec![false; drives],
            new_left: (0..drives).map(|d| changes.map_or(0, |c| c.new_on(d, drives))).collect(),
            handling: vec![DriveHandling::default(); drives],
        }
    }

    fn still(&self, d: usize, now: f64) -> bool {
        self.paused_until[d] > now
    }

    /// Whether drive `d` must optimise a new cartridge before its first copy.
    fn optimises_first(&self, d: usize) -> bool {
        self.changes.is_some() && !self.used[d] && self.new_left[d] > 0
    }

    /// Logical bytes left on drive `d`'s cartridge (infinite without handling).
    fn room(&self, d: usize) -> f64 {
        self.changes.map_or(f64::INFINITY, |c| (c.per_cartridge - self.on_cartridge[d]).max(0.0))
    }

    fn full(&self, d: usize) -> bool {
        self.changes.is_some_and(|c| self.on_cartridge[d] >= c.per_cartridge * (1.0 - 1e-9))
    }

    /// A copy starts on drive `d` at `now`: its first cartridge's optimisation, or a change when the
    /// last copy filled the mounted one. Returns the time it stands still, seconds.
    fn start(&mut self, d: usize, now: f64) -> f64 {
        let first = !self.used[d];
        self.used[d] = true;
        if first || self.full(d) {
            self.load(d, first, now)
        } else {
            0.0
        }
    }

    /// Loads drive `d`'s next cartridge at `now` (`first`: the one mounted when the night starts, no
    /// change), optimising it when it is one of the drive's new ones. Returns the time it stands still.
    fn load(&mut self, d: usize, first: bool, now: f64) -> f64 {
        let Some(c) = self.changes else { return 0.0 };
        let sec = c.load(now, if first { 0.0 } else { c.change_sec }, &mut self.new_left[d], &mut self.handling[d]);
        self.on_cartridge[d] = 0.0;
        self.paused_until[d] = now + sec;
        sec
    }
}

/// Why the long pole's copy ends last, in words: when its backup ended, how long it waited for a
/// drive, and how long its copy took at what rate. `None` without a copy, or with the copies in a window
/// of their own ([`last_copy`] then says it after the backups' long pole).
pub(super) fn copy_long_pole(schedule: &Schedule, system: UnitSystem) -> Option<String> {
    let copy = schedule.copy.as_ref().filter(|c| c.night.shared_window)?;
    copy_ends_last(schedule, copy, schedule.long_pole, "{} is the long pole: its copy ends last", system)
}

/// With the copies in a window of their own, which copy ends last and why: "fs02's copy ends last, after
/// 23 h 40 min. Its backup ended ..." ("Its copy ends last" when it is the long pole's). `None` otherwise.
pub(super) fn last_copy(schedule: &Schedule, system: UnitSystem) -> Option<String> {
    let copy = schedule.copy.as_ref().filter(|c| !c.night.shared_window)?;
    let last = super::order_by(copy.jobs.iter().map(|j| -j.end_sec)).first().copied()?;
    let lead = if last == schedule.long_pole { "Its copy ends last" } else { "{}'s copy ends last" };
    copy_ends_last(schedule, copy, last, lead, system)
}

fn copy_ends_last(
    schedule: &Schedule,
    copy: &CopySchedule,
    index: usize,
    lead: &str,
    system: UnitSystem,
) -> Option<String> {
    let (job, c) = (schedule.jobs.get(index)?, copy.jobs.get(index)?);
    if !c.end_sec.is_finite() {
        return None;
    }
    // In a window of their own the copies start once the last backup has ended: that wait is for the
    // backups, not for a drive (a trial read "it waited 3 h 58 min for a drive" beside a drive idle all
    // along).
    let ready = if copy.night.shared_window { job.end_sec } else { job.end_sec.max(copy.night.backup_makespan_sec) };
    let (for_backups, for_drive) = (ready - job.end_sec, c.start_sec - ready);
    let small = 1e-9 * c.end_sec;
    let waits = match (for_backups > small, for_drive > small) {
        (true, true) => format!(
            ", it waited {} for the other backups to end and {} more for a drive",
            format_duration(for_backups),
            format_duration(for_drive)
        ),
        (true, false) => format!(", it waited {} for the other backups to end", format_duration(for_backups)),
        (false, true) => format!(", it waited {} for a drive", format_duration(for_drive)),
        (false, false) => String::new(),
    };
    Some(format!(
        "{}, after {}. Its backup ended after {}{}, then its copy took {} at {} on drive {}{}.",
        lead.replace("{}", &job.name),
        format_duration(c.end_sec),
        format_duration(job.end_sec),
        waits,
        format_duration(c.end_sec - c.start_sec),
        format_rate(c.bytes_per_sec, system),
        c.drive + 1,
        if c.handling_sec > 0.0 {
            format!(", which stood still {} of it for cartridge handling", format_duration(c.handling_sec))
        } else {
            String::new()
        },
    ))
}

/// The copy phase in one or two sentences: when the backups and the copies end, what limits the
/// copies, the longer phase and the window's verdict.
pub fn copy_text(c: &CopyNight, system: UnitSystem) -> String {
    if !c.makespan_sec.is_finite() {
        return "Copy to tape: a copy never ends (a stage has no capacity).".to_string();
    }
    let mut text = format!(
        "Copy to tape: the backups end after {}; each job's copy then reads its backup from the repository onto a \
         free drive, and the last copy ends after {} ({} of copying from the {} backup's end, {} {} the copies to {} together); the {} phase \
         is the longer.",
        format_duration(c.backup_makespan_sec),
        format_duration(c.makespan_sec),
        format_duration(c.phase_sec),
        // In a window of their own the copies start together once the last backup has ended.
        if c.shared_window { "first" } else { "last" },
        c.bottleneck.name(),
        if c.bottleneck.name_is_plural() { "limit" } else { "limits" },
        format_rate(c.aggregate_bytes_per_sec, system),
        c.binding_phase.name(),
    );
    if c.window_sec > 0.0 {
        let verdict = if c.fits { "fit" } else { "do not fit" };
        text.push_str(&if c.shared_window {
            format!(" Backup then copy {verdict} the {} window.", format_duration(c.window_sec))
        } else {
            format!(" The copies {verdict} their own {} window.", format_duration(c.window_sec))
        });
    }
    text
}

impl Schedule {
    /// The night as the tape drives see it, for a chart of the drives: the schedule itself for a tape
    /// target; for backups into a repository with a copy to tape, each job's copy (its drive, start,
    /// end and rate) in place of its backup, the night ending with the last copy and its long pole the
    /// job whose copy ends last; `None` for a repository without a copy (its backups hold no drive).
    pub fn on_drives(&self) -> Option<std::borrow::Cow<'_, Schedule>> {
        if self.target != Target::Repository {
            return Some(std::borrow::Cow::Borrowed(self));
        }
        let copy = self.copy.as_ref()?;
        let mut drives = self.clone();
        for (job, c) in drives.jobs.iter_mut().zip(&copy.jobs) {
            (job.drive, job.start_sec, job.end_sec, job.bytes_per_sec) =
                (c.drive, c.start_sec, c.end_sec, c.bytes_per_sec);
        }
        drives.makespan_sec = copy.night.makespan_sec;
        drives.long_pole = order_by(copy.jobs.iter().map(|c| -c.end_sec)).first().copied().unwrap_or(0);
        Some(std::borrow::Cow::Owned(drives))
    }
}

#[cfg(test)]
mod tests {
    use super::super::schedule::Prepared;
    use super::*;

    fn job(data: f64, ceiling: f64) -> Prepared {
        Prepared {
            data,
            ceiling,
            stage: StageId::ClientNic,
            files_per_byte: 1e-6,
            priority: f64::INFINITY,
            stretches: Vec::new(),
        }
    }

    #[test]
    fn one_shared_rate_ends_every_job_as_the_general_loop_does() {
        // 400 jobs of 0 to 5 TB with ceilings of 20 to 1,200 MB/s sharing 3 GB/s (a fixed spread), and a
        // window that closes mid-way.
        let jobs: Vec<Prepared> = (0..400u64)
            .map(|i| job(((i * 7_919) % 5_000) as f64 * 1e9, (20 + (i * 104_729) % 1_181) as f64 * 1e6))
            .collect();
        let window = 3_600.0 * 24.0;
        let fast = backup_phase_one_rate(&jobs, 3e9, window);
        let general = backup_phase(&jobs, 3e9, None, window);
        for (i, job) in jobs.iter().enumerate() {
            let (a, b) = (fast.end[i], general.end[i]);
            assert!((a - b).abs() <= 1e-9 * b.max(1.0), "job {i}: {a} vs {b}");
            let (a, b) = (fast.left[i], general.left[i]);
            assert!(a.is_nan() && b.is_nan() || (a - b).abs() <= 1e-6 * job.data.max(1.0), "left {i}: {a} vs {b}");
        }
        // Both keep the shared rate full while more jobs want it than it has.
        let (t, total) = fast.steps[1];
        assert!(t > 0.0 && (total / 3e9 - 1.0).abs() < 1e-9, "{:?}", &fast.steps[..3]);
    }

    #[test]
    fn jobs_under_their_ceilings_end_at_their_own_rate() {
        // Ceilings of 100 and 200 MB/s on 1 GB/s: neither is held by the level.
        let run = backup_phase_one_rate(&[job(1e12, 100e6), job(1e12, 200e6)], 1e9, f64::INFINITY);
        assert!((run.end[0] - 10_000.0).abs() < 1e-6 && (run.end[1] - 5_000.0).abs() < 1e-6, "{:?}", run.end);
    }

    #[test]
    fn one_job_to_an_object_store_takes_what_the_calculator_gives() {
        // One stream sending 7 MB files one part at a time (cloud-pipeline issue 1241): the wait for
        // each answer is paid on top of the stream's 45 MB/s, 1 / (1/45 + 0.1/7 + ...) = 27.2 MB/s, in the
        // fleet as in the calculator (it took the lower of 45 and 7 MB / 106 ms = 66 MB/s: 45 MB/s).
        let link = "v=1&target=repository&repo_kind=object&streams=1&parts_in_flight=1&obj_part=7MB&file_size=7MB&client_nic=10GbE";
        let alone = crate::evaluate(&crate::codec::decode(&format!("{link}&data=7GB")).scenario);
        let s = crate::codec::decode(link).scenario;
        let (jobs, errors) = crate::fleet::parse_jobs("name,data\nj,7GB\n");
        assert!(errors.is_empty());
        let night = crate::fleet::schedule(&s, &jobs).unwrap();
        let duration = alone.duration_sec.unwrap();
        assert!((7e9 / duration / 27.2e6 - 1.0).abs() < 0.01, "{duration}");
        assert!((night.makespan_sec / duration - 1.0).abs() < 1e-3, "{} vs {duration}", night.makespan_sec);
    }

    #[test]
    fn the_drives_see_the_copies_of_a_repository_fleet() {
        // Three 1 TB jobs into one disk, copied on one drive: on the drives the first copy starts when
        // the backups end, and the night is the last copy's.
        let s = crate::codec::decode("v=1&target=repository&repo_kind=disk&copy_to_tape=on&drives=1").scenario;
        let (jobs, errors) = crate::fleet::parse_jobs("name,data\na,1TB\nb,1TB\nc,1TB\n");
        assert!(errors.is_empty());
        let night = crate::fleet::schedule(&s, &jobs).unwrap();
        let copy = night.copy.as_ref().expect("a copy to tape");
        let drives = night.on_drives().unwrap();
        for (job, c) in drives.jobs.iter().zip(&copy.jobs) {
            assert_eq!((job.drive, job.start_sec, job.end_sec), (c.drive, c.start_sec, c.end_sec));
            assert!(job.start_sec >= copy.night.backup_makespan_sec * (1.0 - 1e-12));
        }
        assert_eq!(drives.makespan_sec, copy.night.makespan_sec);
        let last = drives.jobs.iter().map(|j| j.end_sec).fold(0.0, f64::max);
        assert_eq!(drives.jobs[drives.long_pole].end_sec, last);
        // Without the copy the backups hold no drive: nothing to chart; tape is charted as it is.
        let no_copy = crate::codec::decode("v=1&target=repository&repo_kind=disk").scenario;
        assert!(crate::fleet::schedule(&no_copy, &jobs).unwrap().on_drives().is_none());
        let tape = crate::fleet::schedule(&crate::codec::decode("v=1").scenario, &jobs).unwrap();
        assert!(matches!(tape.on_drives(), Some(std::borrow::Cow::Borrowed(_))));
    }
}
