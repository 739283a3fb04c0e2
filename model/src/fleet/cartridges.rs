//! Cartridge handling in a night of jobs on the drives: each drive stops while it changes a full
//! cartridge or optimises a new LTO-9 cartridge, and every job on it waits.
//!
//! # Formula
//! A drive's jobs fill its mounted cartridge at the rate the drive moves; when `per_cartridge` logical
//! bytes are on it (native capacity x the drive's effective compression x the source reduction) and a
//! job still has data, the drive stops for one change, `unload + load + locate`
//! ([`crate::stages::cartridges::motion_sec`]). Each drive's first cartridge is mounted when the night
//! starts, as the single-scenario model has it ([`crate::stages::cartridges`]). The night's new
//! cartridges (the `new_cartridges` input, on LTO-9 drives writing their own media) are the first
//! ones loaded: each drive that takes a job starts on a new one while there are enough for every
//! start, else the drives whose first jobs are the smallest do (`Changes::shares_by_size`; in
//! longest-first order the last to start), so the longest jobs run on drives without one; the rest are loaded at the drives' changes as they come. Each adds
//! [`crate::scenario::Scenario::media_optimisation_sec`] before the drive writes to it. A waiting job
//! is placed counting the optimisation a drive still has to run before its first job; every drive not
//! yet started has the next start's ahead of it, so no job dodges the new cartridges by taking an idle
//! drive (until stop 42 they were dealt to drives by number, and a job on a drive that had none left
//! them unwritten: one 300 GB job on two LTO-9 drives optimised none, where alone it optimised one).
//! When fewer drives start than were counted (jobs join a drive in use), the night is run again with
//! the new cartridges dealt over the drives that did start. A drive
//! whose cartridge is full when its last job ends changes it when the next job arrives. Partly written
//! cartridges do not carry over to the next night. The fleet's restore ([`super::restore`]) reads each
//! job's backup from its own cartridges: every job mounts its first cartridge (load + locate on an
//! empty drive, a whole change after another job), changes as its bytes cross a cartridge's
//! capacity, and optimises none.
//!
//! The schedule's lower bound adds to each job only the changes it makes even alone,
//! `ceil(bytes / per_cartridge) - 1` ([`super::Schedule::alone_sec`]): still a bound for any order and
//! placement, never the changes that jobs sharing a drive's cartridges cause, nor media optimisation.

use crate::scenario::{Scenario, Target};
use crate::stages::{cartridges, tape};
use crate::units::{format_count, format_duration};

/// What handling costs on the scenario's drives, for the simulation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Changes {
    /// Logical bytes one cartridge holds.
    pub(super) per_cartridge: f64,
    /// One change (unload + load + locate), seconds.
    pub(super) change_sec: f64,
    /// Media optimisation of one new cartridge, seconds.
    pub(super) optimisation_sec: f64,
    /// New cartridges loaded tonight (0 when the drives do not optimise them).
    pub(super) new: u64,
    /// Mounting a job's first cartridge on a drive that has none (load + locate), seconds.
    pub(super) mount_sec: f64,
    /// Locating a job's first block on the cartridge already in the drive, seconds.
    pub(super) locate_sec: f64,
    /// Whether each job mounts its own cartridges (a restore reads each job's backup from the
    /// cartridges that hold it), rather than writing on after the job before.
    pub(super) mount_per_job: bool,
}

impl Changes {
    /// The handling of `s` (already in range): `None` unless its backups go to tape drives.
    pub(super) fn of(s: &Scenario) -> Option<Self> {
        if s.target != Target::Tape {
            return None;
        }
        let spec = s.drive_spec();
        let per_cartridge = spec.native_capacity_bytes
            * tape::effective_compression(&spec, s.drive_compression())
            * s.reduction_ratio();
        let motion = cartridges::motion_sec(s.lto);
        (per_cartridge > 0.0 && per_cartridge.is_finite()).then(|| Changes {
            per_cartridge,
            change_sec: motion.change_sec(),
            optimisation_sec: s.media_optimisation_sec.max(0.0),
            new: if s.optimises_new_cartridges() { u64::from(s.new_cartridges) } else { 0 },
            mount_sec: motion.load_sec + motion.locate_sec,
            locate_sec: motion.locate_sec,
            mount_per_job: false,
        })
    }

    /// The least time a job of `bytes` (logical) holds its drive in cartridge changes, seconds: it
    /// fills at least `ceil(bytes / per_cartridge) - 1` cartridges after the one it starts on, however
    /// full that one was.
    pub(super) fn fewest_sec(&self, bytes: f64) -> f64 {
        ((bytes / self.per_cartridge).ceil() - 1.0).max(0.0) * self.change_sec
    }

    /// One cartridge loaded on a drive at `now` (seconds), counted in `handling` with its stand-still:
    /// `motion_sec` of change or mount (0 for the one mounted when the night starts), and a new
    /// cartridge's optimisation while the drive has some of `new_left`. Returns the time the drive
    /// stands still, seconds.
    pub(super) fn load(&self, now: f64, motion_sec: f64, new_left: &mut u64, handling: &mut DriveHandling) -> f64 {
        let mut sec = motion_sec;
        if motion_sec > 0.0 {
            handling.changes += 1;
        }
        if *new_left > 0 {
            *new_left -= 1;
            handling.optimised += 1;
            sec += self.optimisation_sec;
        }
        handling.sec += sec;
        if sec > 0.0 {
            handling.still.push((now, now + sec));
        }
        sec
    }

    /// The night's new cartridges dealt over `starts` drive starts (the drives that will take a job,
    /// in the order they start): whether each start's first cartridge is new (1) or not (0), and the
    /// new cartridges left for the drives' changes, in the order they come. With fewer new cartridges
    /// than starts the last starts take them, so the first jobs to start (the longest, in longest-first
    /// order) run on drives without one. Empty and 0 without new cartridges.
    pub(super) fn shares(&self, starts: usize) -> (Vec<u64>, u64) {
        let sizes: Vec<f64> = (0..starts).map(|k| (starts - k) as f64).collect();
        self.shares_by_size(&sizes)
    }

    /// [`Self::shares`] over starts whose first jobs carry `bytes` (in the order they start): with fewer
    /// new cartridges than starts, the starts of the smallest jobs take them (the later start at an
    /// equal size), so the longest jobs run on drives without one whatever the order the jobs start in
    /// (listed with a 360 GB job before a 720 GB one on two LTO-9 drives, the one new cartridge went to
    /// the 720 GB job's drive, a night of 2 h 40 min where its 40 min on the other gave 2 h 00 min).
    pub(super) fn shares_by_size(&self, bytes: &[f64]) -> (Vec<u64>, u64) {
        let starts = bytes.len();
        if self.new == 0 || starts == 0 {
            return (Vec::new(), self.new);
        }
        let n = starts as u64;
        let mut by_size: Vec<usize> = (0..starts).collect();
        // Smallest first; at an equal size the later start first.
        by_size.sort_by(|&a, &b| bytes[a].total_cmp(&bytes[b]).then(b.cmp(&a)));
        let mut first = vec![0; starts];
        for &k in by_size.iter().take(self.new.min(n) as usize) {
            first[k] = 1;
        }
        (first, self.new.saturating_sub(n))
    }

    /// New cartridges drive `d` of `drives` loads: the night's new cartridges dealt in turn.
    pub(super) fn new_on(&self, d: usize, drives: usize) -> u64 {
        let drives = drives.max(1) as u64;
        self.new / drives + u64::from((d as u64) < self.new % drives)
    }
}

/// "The drives stood still: drive 1: 3 min 42 s · drive 2: 1 min 14 s" (up to eight drives), else the
/// longest; `None` without drives.
fn stood_still(handling: &[DriveHandling]) -> Option<String> {
    if handling.len() <= 8 {
        let each: Vec<String> =
            handling.iter().enumerate().map(|(d, h)| format!("drive {}: {}", d + 1, format_duration(h.sec))).collect();
        Some(format!("The drives stood still: {}", each.join(" · ")))
    } else {
        let (d, most) = handling.iter().enumerate().max_by(|a, b| a.1.sec.total_cmp(&b.1.sec))?;
        Some(format!("Drive {} stood still longest: {}", d + 1, format_duration(most.sec)))
    }
}

/// The disaster-recovery restore's cartridge handling in words: "6 cartridge mounts and changes: each
/// job mounts its own (load 12 s + locate 45 s on an empty drive, unload 17 s first after another job,
/// and only the locate where its first block lies on the cartridge already in the drive), and a drive
/// changes as it reads past a cartridge's end. The drives stood still: drive 1: …".
/// `None` when no drive mounted a cartridge.
pub fn restore_handling_text(scenario: &Scenario, plan: &super::RestoreSchedule) -> Option<String> {
    let count: u64 = plan.drive_handling.iter().map(|h| h.changes).sum();
    if count == 0 {
        return None;
    }
    let motion = cartridges::motion_sec(scenario.lto);
    // Jobs written multiplexed are restored together, a pass mounting for all of them (four jobs read
    // in one pass made five mounts and changes, which "each job mounts its own" did not explain).
    let who = if plan.jobs.iter().any(|j| !j.restored_with.is_empty()) { "pass" } else { "job" };
    Some(format!(
        "{} cartridge {}: each {who} mounts its own (load {} s + locate {} s on an empty drive, unload {} s first after another {who}, and only the locate where its first block lies on the cartridge already in the drive{}), and a drive changes as it reads past a cartridge's end. {}.",
        format_count(count as f64),
        if count == 1 { "mount" } else { "mounts and changes" },
        motion.load_sec,
        motion.locate_sec,
        motion.unload_sec,
        if motion.assumed { "; assumed for this generation" } else { "" },
        stood_still(&plan.drive_handling)?
    ))
}

/// The cartridge handling no drive of `s` (in range) spares a job that writes `bytes` (logical) on a
/// night with `new` new cartridges, seconds: the changes those bytes need from a fresh cartridge, and
/// one new cartridge's optimisation where there are as many new cartridges as drives in use (every
/// drive then starts on one: [`Changes::shares`]), or `own_new` where the drive is known to start that
/// many (the timeline's count of the long pole's drive). 0 off tape.
pub(crate) fn drive_night_sec(s: &Scenario, bytes: f64, new: u64, own_new: u64) -> f64 {
    // A repository's drives write its copies to tape.
    let writer = if s.copies_to_tape() {
        let mut w = crate::repository::copier(s);
        w.target = Target::Tape;
        w
    } else {
        s.clone()
    };
    let s = &writer;
    let Some(mut c) = Changes::of(s) else { return 0.0 };
    if bytes <= 0.0 {
        return 0.0;
    }
    c.new = if s.optimises_new_cartridges() { new } else { 0 };
    let filled = (bytes / c.per_cartridge).ceil().max(1.0);
    let every = u64::from(c.new >= u64::from(s.drives_in_use()));
    let own = if s.optimises_new_cartridges() { own_new } else { 0 };
    let optimised = (every.max(own) as f64).min(filled);
    c.fewest_sec(bytes) + optimised * c.optimisation_sec
}

/// Why no count brings a night inside `limit` ("the window", "the night the plan aims at") when a new
/// cartridge's `optimisation_sec` and the quickest job alone (`job`) come to `floor_sec`: "a new
/// cartridge's 40 min 00 s of media optimisation comes before its drive writes: with the quickest job, b,
/// at least 54 min 45 s, longer than the window".
pub(super) fn optimisation_floor_words(optimisation_sec: f64, job: &str, floor_sec: f64, limit: &str) -> String {
    format!(
        "a new cartridge's {} of media optimisation comes before its drive writes: with the quickest job, {job}, at least {}, longer than {limit}",
        format_duration(optimisation_sec),
        format_duration(floor_sec)
    )
}

/// What cartridge handling took on one drive in a night.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DriveHandling {
    /// Cartridge changes it made.
    pub changes: u64,
    /// New cartridges it optimised.
    pub optimised: u64,
    /// Time it stood still for them, seconds.
    pub sec: f64,
    /// When it stood still: (start, end) of each change or optimisation, seconds from the night's start,
    /// in time order (the Gantt charts draw them).
    pub still: Vec<(f64, f64)>,
}

/// The night's cartridge handling in words: "12 cartridge changes of 74 s each (unload 17 s + load
/// 12 s + locate 45 s, assumed for this generation) and 2 new cartridges optimised, 40 min 00 s each.
/// The drives stood still: drive 1: 11 min 06 s · drive 2: 8 min 38 s" (each drive listed up to
/// eight, else the longest), and the new cartridges entered that the night does not load. `None` when
/// no drive changed or optimised a cartridge (or for a repository without a copy to tape).
pub fn handling_text(scenario: &Scenario, schedule: &super::Schedule) -> Option<String> {
    let handling = &schedule.drive_handling;
    let changes: u64 = handling.iter().map(|h| h.changes).sum();
    let optimised: u64 = handling.iter().map(|h| h.optimised).sum();
    if changes == 0 && optimised == 0 {
        return None;
    }
    let s = scenario.sanitized();
    let count =
        |n: u64, one: &str, many: &str| format!("{} {}", format_count(n as f64), if n == 1 { one } else { many });
    let each = |n: u64| if n == 1 { "" } else { " each" };
    let mut parts = Vec::new();
    if changes > 0 {
        let motion = cartridges::motion_sec(s.lto);
        parts.push(format!(
            "{} of {}{} (unload {} s + load {} s + locate {} s{})",
            count(changes, "cartridge change", "cartridge changes"),
            format_duration(motion.change_sec()),
            each(changes),
            // The catalogue's whole seconds, printed as they are.
            motion.unload_sec,
            motion.load_sec,
            motion.locate_sec,
            if motion.assumed { ", assumed for this generation" } else { "" }
        ));
    }
    if optimised > 0 {
        parts.push(format!(
            "{} optimised, {}{}",
            count(optimised, "new cartridge", "new cartridges"),
            format_duration(s.media_optimisation_sec),
            each(optimised)
        ));
    }
    let still = stood_still(handling)?;
    let entered = if s.optimises_new_cartridges() { u64::from(s.new_cartridges) } else { 0 };
    let unused = if entered > optimised {
        format!(
            " {} of the {} new cartridges entered {} not loaded tonight: the drives fill no more.",
            format_count((entered - optimised) as f64),
            format_count(entered as f64),
            if entered - optimised == 1 { "is" } else { "are" }
        )
    } else {
        String::new()
    };
    Some(format!("{}. {still}.{unused}", parts.join(" and ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::LtoGeneration;

    #[test]
    fn an_lto9_cartridge_holds_its_native_capacity_without_compression() {
        let mut s = Scenario { lto: LtoGeneration::Lto9, compression_ratio: 1.0, ..Scenario::default() };
        s.new_cartridges = 5;
        let c = Changes::of(&s.sanitized()).unwrap();
        assert!((c.per_cartridge - 18e12).abs() < 1.0, "{}", c.per_cartridge);
        // IBM's LTO-9 figures: unload 30 s + load 17 s + locate 45 s.
        assert_eq!(c.change_sec, 92.0);
        assert_eq!(c.new, 5);
        assert_eq!((0..3).map(|d| c.new_on(d, 3)).collect::<Vec<_>>(), vec![2, 2, 1]);
        assert_eq!(c.shares(3), (vec![1, 1, 1], 2), "a new first cartridge each, two for the changes");
        assert_eq!(c.shares(1), (vec![1], 4));
        assert_eq!(c.shares(7), (vec![0, 0, 1, 1, 1, 1, 1], 0), "the last starts take them");
        assert_eq!(Changes { new: 0, ..c }.shares(3), (Vec::<u64>::new(), 0));
        // By the starts' job sizes: the smallest take them, the later at an equal size.
        let two = Changes { new: 2, ..c };
        assert_eq!(two.shares_by_size(&[360e9, 720e9, 100e9, 900e9]), (vec![1, 0, 1, 0], 0));
        assert_eq!(two.shares_by_size(&[5e9, 5e9, 5e9]), (vec![0, 1, 1], 0));
        assert_eq!(Changes { new: 1, ..c }.shares_by_size(&[360e9, 720e9]), (vec![1, 0], 0));
    }

    #[test]
    fn only_lto9_on_its_own_media_optimises_and_only_tape_changes_cartridges() {
        let mut s = Scenario { lto: LtoGeneration::Lto8, new_cartridges: 4, ..Scenario::default() };
        assert_eq!(Changes::of(&s.sanitized()).unwrap().new, 0);
        s.target = Target::Nfs;
        assert!(Changes::of(&s.sanitized()).is_none());
    }

    #[test]
    fn the_longest_job_goes_to_a_drive_with_no_new_cartridge_to_optimise() {
        // Three new LTO-9 cartridges over four drive starts: the last three to start optimise one each
        // before their first job, so db (6 TB at 113 MB/s, 14 h 45 min), started first, runs on a drive
        // with none and the night is its own; the small jobs wait the 40 min on the others.
        let s = crate::codec::decode("v=1&drives=4&fc_ports=4&sessions_per_drive=1&lto=LTO-9&new_carts=3").scenario;
        let jobs = crate::fleet::parse_jobs("name,data\ndb,6TB\na,200GB\nb,200GB\nc,200GB").0;
        let schedule = crate::fleet::schedule(&s, &jobs).unwrap();
        assert_eq!(schedule.drive_handling[schedule.jobs[0].drive].optimised, 0);
        assert_eq!(schedule.drive_handling.iter().map(|h| h.optimised).sum::<u64>(), 3);
        assert_eq!(schedule.jobs[0].handling_sec, 0.0);
        assert!((schedule.makespan_sec - 6e12 / schedule.jobs[0].ceiling_bytes_per_sec).abs() < 1e-6);
        assert!(schedule.jobs[1..].iter().all(|j| j.handling_sec == 2_400.0), "{:?}", schedule.jobs);
        let reason = schedule.long_pole_reason(crate::units::UnitSystem::Decimal);
        assert!(!reason.contains("stood still"), "{reason}");
    }

    #[test]
    fn no_job_dodges_the_new_cartridges_by_taking_an_idle_drive() {
        // A helper's cases (stop 42): one 300 GB job on two LTO-9 drives took the drive with no new
        // cartridge and optimised none, where alone it optimises one (885 s per 100 GB at 113 MB/s).
        let one = crate::fleet::parse_jobs("name,data\na,300GB").0;
        let s = crate::codec::decode("v=1&lto=LTO-9&drives=2&fc_ports=2&sessions_per_drive=1&new_carts=1").scenario;
        let schedule = crate::fleet::schedule(&s, &one).unwrap();
        assert_eq!(schedule.drive_handling.iter().map(|h| h.optimised).sum::<u64>(), 1);
        assert!((schedule.makespan_sec - (2_400.0 + 3e11 / schedule.jobs[0].ceiling_bytes_per_sec)).abs() < 1e-6);
        // Two small jobs on two drives of four sessions each joined drive 1 rather than start drive 2 behind
        // its optimisation, and none was optimised: the first drive to start now takes it.
        let two = crate::fleet::parse_jobs("name,data\na,200GB\nb,100GB").0;
        let s = crate::codec::decode("v=1&lto=LTO-9&drives=2&new_carts=1&client_nic=10GbE&streams=11").scenario;
        let schedule = crate::fleet::schedule(&s, &two).unwrap();
        assert_eq!(
            schedule.drive_handling.iter().map(|h| h.optimised).sum::<u64>(),
            1,
            "{:?}",
            schedule.drive_handling
        );
        assert!(schedule.makespan_sec > 2_400.0, "{}", schedule.makespan_sec);
        // A second helper's cases (stop 42): three 1 TB jobs on three drives of three sessions each all joined
        // drive 1 and optimised none of one new cartridge; with two, three cartridges were written and one
        // optimised. The first start takes one, and starts past those dealt take the rest.
        let three = crate::fleet::parse_jobs("name,data\na,1TB\nb,1TB\nc,1TB").0;
        for (new, optimised) in [(1, 1), (2, 2), (3, 3), (4, 3)] {
            let link = format!(
                "v=1&lto=LTO-9&compression=1&fc_ports=3&client_nic=1GbE&drives=3&sessions_per_drive=3&new_carts={new}"
            );
            let schedule = crate::fleet::schedule(&crate::codec::decode(&link).scenario, &three).unwrap();
            let written = schedule
                .drive_handling
                .iter()
                .zip(0..)
                .filter(|(_, d)| schedule.jobs.iter().any(|j| j.drive == *d))
                .count();
            let total: u64 = schedule.drive_handling.iter().map(|h| h.optimised).sum();
            assert_eq!(total, optimised.min(written as u64), "new_carts={new}: {:?}", schedule.drive_handling);
            assert!(total >= 1 && schedule.makespan_sec > 2_400.0, "new_carts={new}");
        }
        // No count fits a 45 min window: the optimisation and the quickest job alone take longer.
        let s = crate::codec::decode("v=1&lto=LTO-9&new_carts=1&window_h=0.75").scenario;
        let schedule = crate::fleet::schedule(&s, &two).unwrap();
        assert_eq!(
            schedule.optimisation_floor_text(2_700.0).as_deref(),
            Some("a new cartridge's 40 min 00 s of media optimisation comes before its drive writes: with the quickest job, b, at least 54 min 45 s, longer than the window")
        );
        assert_eq!(schedule.optimisation_floor_text(3_600.0), None, "54 min 45 s fits an hour");
    }

    #[test]
    fn the_nights_handling_is_said_per_drive() {
        let s = crate::codec::decode(
            "v=1&drives=2&fc=32GFC&fc_ports=2&lto=LTO-9&compression=1&new_carts=3&client_nic=10GbE&streams=16",
        )
        .scenario;
        let jobs = crate::fleet::parse_jobs("name,data\na,40TB\nb,10TB").0;
        let schedule = crate::fleet::schedule(&s, &jobs).unwrap();
        // a: 40 TB on 18 TB cartridges, two changes; its drive optimises two new cartridges, b's one.
        let a = &schedule.drive_handling[schedule.jobs[0].drive];
        let b = &schedule.drive_handling[schedule.jobs[1].drive];
        assert_eq!((a.changes, a.optimised, a.sec), (2, 2, 2.0 * 92.0 + 2.0 * 2_400.0));
        assert_eq!((b.changes, b.optimised, b.sec), (0, 1, 2_400.0));
        // When: each drive optimises its first new cartridge from the start; a's first change brings in
        // its second new one (92 s + 40 min in one stand-still), its second change an older one (92 s).
        assert_eq!(b.still, [(0.0, 2_400.0)]);
        let lengths: Vec<f64> = a.still.iter().map(|(from, to)| to - from).collect();
        assert_eq!(lengths, [2_400.0, 92.0 + 2_400.0, 92.0]);
        assert!(a.still.windows(2).all(|w| w[0].1 < w[1].0), "{:?}", a.still);
        assert_eq!(schedule.jobs[0].handling_sec, a.sec);
        let text = handling_text(&s, &schedule).unwrap();
        assert_eq!(
            text,
            "2 cartridge changes of 1 min 32 s each (unload 30 s + load 17 s + locate 45 s) and 3 new cartridges optimised, 40 min 00 s each. The drives stood still: drive 1: 1 h 23 min · drive 2: 40 min 00 s."
        );
        let reason = schedule.long_pole_reason(crate::units::UnitSystem::Decimal);
        assert!(
            reason.contains(
                "and its drive stood still 1 h 23 min for cartridge changes and media optimisation while it ran"
            ),
            "{reason}"
        );
    }
}
