//! The fewest drives (or sessions per drive) with which a job list fits its window, found one schedule
//! at a time: a [`Search`] names the count to schedule next and takes whether it fit. The planner runs it
//! to its end in one call ([`super::fewest_drives`], [`super::fewest_sessions_per_drive`]); the page takes
//! one step per frame, so it stays responsive with thousands of jobs and finds the same answers.
//!
//! # The search
//! On a tape target no count whose lower bound exceeds the window can fit, and the bound only falls as
//! drives or sessions are added, so the search starts at the first count whose bound allows it (found by
//! bisection, without a schedule). From there it schedules 33 counts in turn, then steps that double
//! (32, 64 ...) until one fits, then each count in turn between the last that missed and that one. (List
//! scheduling is not monotone in the number of machines, Graham 1969, so a count skipped by a doubling step
//! could in principle fit where the next tried does not; the counts in turn are exhaustive.) Over 1,024
//! drives it schedules a few dozen counts, not a thousand.
//!
//! For a repository with a copy to tape the drives carry the copies, each holding a drive alone, so more
//! drives than jobs add nothing. More copies at once share the repository's reads, so a count can fit
//! where a larger one does not: up to 33 (at most one per job) it tries every count in turn; past that it
//! checks that the most fits, then tries 1, 2, 4 ... until one does and bisects between that and the last
//! that did not.

use super::schedule::{bound_parts, prepare, simulate, Shared};
use super::{schedule, Job};
use crate::fields::field_by_key;
use crate::{Scenario, Target};

/// Which count a [`Search`] varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vary {
    /// Tape drives (1 to the `drives` field's maximum, 1,024), each with the scenario's sessions.
    Drives,
    /// Sessions per drive (1 to 64) on the scenario's drives.
    Sessions,
}

/// Where a [`Search`] is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Step {
    /// Each count in turn from `next` up to `until`.
    InTurn { next: u32, until: u32 },
    /// Doubling steps past `missed`, the last count that did not fit.
    Doubling { missed: u32, step: u32 },
    /// Each count in turn from `next` up to `hit`, which fits.
    Between { next: u32, hit: u32 },
    /// A repository: whether its most drives fit at all.
    Most,
    /// A repository: 1, 2, 4 ... (`next`) after `missed`, until one fits.
    Powers { missed: u32, next: u32 },
    /// A repository: bisection between `missed` and `hit`.
    Bisect { missed: u32, hit: u32 },
    /// The answer: the fewest that fit, or `None`.
    Done(Option<u32>),
}

/// The most sessions per drive what to add proposes: 32, the largest multiplexing NetBackup allows
/// (Veritas NetBackup Administrator's Guide, Volume I: "Media multiplexing ... a number from 1 through
/// 32"; the storage unit's "Maximum streams per drive" ranges 2 to 32). A link may ask for more (the
/// field allows 64, for other products); the search does not suggest it.
pub const MOST_SESSIONS_PER_DRIVE: u32 = 32;

/// Why the search for sessions per drive stops at [`MOST_SESSIONS_PER_DRIVE`], for the words that say
/// it found none: a user whose software multiplexes more enters it.
pub const MOST_SESSIONS_REASON: &str =
    "the most NetBackup multiplexes to one drive; where your software allows more, enter it in Sessions per drive (sessions_per_drive), up to 64";

/// A search for the fewest drives or sessions per drive with which `jobs` end inside a window (see the
/// module's notes for its steps). `next` gives the count to schedule, [`Search::fits`] schedules it,
/// `record` takes the result; `answer` is `Some` once it is over.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Search {
    vary: Vary,
    window_sec: f64,
    most: u32,
    step: Step,
}

impl Search {
    /// A search of `vary` for `jobs` on `scenario` within `window_sec` seconds. It is over at once (with
    /// `None`) without jobs or a window, on a target with no drives to vary, or when even the most
    /// cannot fit (on tape: the longest job alone misses the window).
    pub fn new(scenario: &Scenario, jobs: &[Job], window_sec: f64, vary: Vary) -> Self {
        let most = match vary {
            Vary::Drives => field_by_key("drives").map_or(1.0, |f| f.max) as u32,
            Vary::Sessions => MOST_SESSIONS_PER_DRIVE.max(scenario.sessions_per_drive),
        };
        let mut search = Self { vary, window_sec, most, step: Step::Done(None) };
        if jobs.is_empty() || window_sec.is_nan() || window_sec <= 0.0 {
            return search;
        }
        match (scenario.target, vary) {
            (Target::Repository, Vary::Drives) if scenario.copy_to_tape => {
                search.most = most.min(u32::try_from(jobs.len()).unwrap_or(u32::MAX)).max(1);
                // More copies at once share the repository's reads: three drives can copy for longer than
                // two (a trial's 2 drives fitted where 3 and 4 did not, and the search, trying the most
                // first, found none). Up to 33 every count is tried in turn.
                search.step = if search.most <= 33 { Step::InTurn { next: 1, until: search.most } } else { Step::Most };
            }
            (Target::Tape, _) => {
                if let Some(first) = search.first_by_bound(scenario, jobs) {
                    search.step = Step::InTurn { next: first, until: first.saturating_add(32).min(most) };
                }
            }
            _ => {}
        }
        search
    }

    /// The first count whose lower bound allows the window (bisection over the bounds; no schedule),
    /// `None` when even the most does not.
    fn first_by_bound(&self, scenario: &Scenario, jobs: &[Job]) -> Option<u32> {
        let mut s = scenario.sanitized();
        let prepared = prepare(&s, jobs);
        let sh = Shared::of(&s);
        let window = self.window_sec * (1.0 + 1e-12);
        let mut bound_at = |n: u32| {
            self.set(&mut s, n);
            let (parts, catalogue, _) = bound_parts(&s, &sh, &prepared, s.drives_in_use(), s.sessions_per_drive);
            parts.iter().fold(catalogue, |a, b| a.max(*b))
        };
        if bound_at(self.most) > window {
            return None;
        }
        let (mut lo, mut hi) = (1, self.most);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if bound_at(mid) <= window {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Some(lo)
    }

    fn set(&self, s: &mut Scenario, n: u32) {
        match self.vary {
            // The fewest drives to have, every one used: a limit on drives at once would hold them back.
            Vary::Drives => {
                s.drives = n;
                s.drives_at_once = 0;
            }
            Vary::Sessions => s.sessions_per_drive = n,
        }
    }

    /// The most the search tries (drives are also capped at one per job for a repository's copies).
    pub fn most(&self) -> u32 {
        self.most
    }

    /// The count to schedule now; `None` once the search is over.
    pub fn next(&self) -> Option<u32> {
        match self.step {
            Step::InTurn { next, .. } | Step::Between { next, .. } | Step::Powers { next, .. } => Some(next),
            Step::Doubling { missed, step } => Some(missed.saturating_add(step).min(self.most)),
            Step::Most => Some(self.most),
            Step::Bisect { missed, hit } => Some(missed + (hit - missed) / 2),
            Step::Done(_) => None,
        }
    }

    /// The fewest that fit (`Some(None)`: none up to the most), once the search is over.
    pub fn answer(&self) -> Option<Option<u32>> {
        match self.step {
            Step::Done(answer) => Some(answer),
            _ => None,
        }
    }

    /// Whether `jobs` on `scenario` with `count` of the varied count end inside the window: on tape their
    /// schedule's night; for a repository, the backups in the window and the copies inside theirs.
    pub fn fits(&self, scenario: &Scenario, jobs: &[Job], count: u32) -> bool {
        let window = self.window_sec * (1.0 + 1e-12);
        if scenario.target == Target::Repository {
            let mut s = scenario.clone();
            self.set(&mut s, count);
            s.backup_window_sec = self.window_sec;
            let night = schedule(&s, jobs).and_then(|x| x.copy).map(|c| c.night);
            return night.is_some_and(|c| c.fits && c.backup_makespan_sec <= window);
        }
        let mut s = scenario.sanitized();
        self.set(&mut s, count);
        let prepared = prepare(&s, jobs);
        simulate(&s, &Shared::of(&s), &prepared, s.job_order, s.drives_in_use(), f64::INFINITY, window).makespan
            <= window
    }

    /// Takes whether the count [`Search::next`] named fits; nothing once the search is over.
    pub fn record(&mut self, fits: bool) {
        let Some(n) = self.next() else { return };
        let most = self.most;
        self.step = match (self.step, fits) {
            (Step::InTurn { .. } | Step::Between { .. }, true) => Step::Done(Some(n)),
            (Step::InTurn { until, .. }, false) if n < until => Step::InTurn { next: n + 1, until },
            (Step::InTurn { .. }, false) if n >= most => Step::Done(None),
            (Step::InTurn { .. }, false) => Step::Doubling { missed: n, step: 32 },
            (Step::Doubling { missed, .. }, true) => Step::Between { next: missed + 1, hit: n },
            (Step::Doubling { .. }, false) if n >= most => Step::Done(None),
            (Step::Doubling { step, .. }, false) => Step::Doubling { missed: n, step: step.saturating_mul(2) },
            (Step::Between { hit, .. }, false) if n < hit => Step::Between { next: n + 1, hit },
            // The count that fit on its doubling step no longer does: none is found (never in practice).
            (Step::Between { .. }, false) => Step::Done(None),
            (Step::Most, false) => Step::Done(None),
            (Step::Most, true) if most <= 1 => Step::Done(Some(most)),
            (Step::Most, true) => Step::Powers { missed: 0, next: 1 },
            (Step::Powers { missed, .. }, true) => Self::bisect(missed, n),
            (Step::Powers { .. }, false) => {
                let next = n.saturating_mul(2).min(most);
                // The most is known to fit: no need to schedule it again.
                if next >= most {
                    Self::bisect(n, most)
                } else {
                    Step::Powers { missed: n, next }
                }
            }
            (Step::Bisect { missed, .. }, true) => Self::bisect(missed, n),
            (Step::Bisect { hit, .. }, false) => Self::bisect(n, hit),
            (Step::Done(answer), _) => Step::Done(answer),
        };
    }

    /// Bisection between `missed` (did not fit, 0 for none) and `hit` (fits): over once they are next to
    /// each other.
    fn bisect(missed: u32, hit: u32) -> Step {
        if hit - missed <= 1 {
            Step::Done(Some(hit))
        } else {
            Step::Bisect { missed, hit }
        }
    }

    /// Runs the search to its end: the fewest that fit, or `None`.
    pub fn run(mut self, scenario: &Scenario, jobs: &[Job]) -> Option<u32> {
        while let Some(n) = self.next() {
            let fits = self.fits(scenario, jobs, n);
            self.record(fits);
        }
        self.answer().flatten()
    }
}

/// The fewest drives with which every one of `jobs` runs at once (a session each, the scenario's
/// sessions per drive to a drive), and the night they give, seconds. More drives than that change
/// nothing: where that night misses the window and no job alone does, what holds it is what the running
/// jobs share (the FC HBA ports and the backup server). `None` on a repository, without jobs, or where
/// that count is over the `drives` field's maximum (1,024).
pub fn all_at_once(scenario: &Scenario, jobs: &[Job]) -> Option<(u32, f64)> {
    if scenario.target != Target::Tape || jobs.is_empty() {
        return None;
    }
    let most = field_by_key("drives").map_or(1.0, |f| f.max) as u32;
    let sessions = scenario.sessions_per_drive.max(1);
    let count = u32::try_from(jobs.len()).ok()?.div_ceil(sessions);
    if count > most {
        return None;
    }
    let mut s = scenario.sanitized();
    s.drives = count;
    s.drives_at_once = 0;
    let prepared = prepare(&s, jobs);
    let night =
        simulate(&s, &Shared::of(&s), &prepared, s.job_order, s.drives_in_use(), f64::INFINITY, f64::INFINITY).makespan;
    Some((count, night))
}

/// Why no number of drives fits a window of `window_sec` seconds where every job runs at once from
/// `count` drives and the night then takes `night_sec` ([`all_at_once`]): "from 2 drives every job runs
/// at once, sharing the same ports and backup server, and the night still takes 6 h 04 min, longer than
/// the 6 h 00 min window" (a trial read "none up to 1,024 drives" with no reason). `None` where that
/// night fits.
pub fn all_at_once_text(count: u32, night_sec: f64, window_sec: f64) -> Option<String> {
    if night_sec.is_nan() || night_sec <= window_sec * (1.0 + 1e-12) {
        return None;
    }
    let [night, window] = crate::units::format_durations_apart([night_sec, window_sec]);
    let from = if count == 1 { "on 1 drive".to_string() } else { format!("from {count} drives") };
    Some(format!(
        "{from} every job runs at once, sharing the same ports and backup server, and the night still takes {night}, longer than the {window} window"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::decode;
    use crate::fleet::parse_jobs;

    #[test]
    fn where_no_count_fits_every_job_at_once_says_why() {
        // A trial's list: seven jobs, 6.2 TB, on LTO-6 drives sharing one 4GFC port in a 6 h window. Each
        // fits alone (j5's 2 TB at 113 MB/s take 4 h 55 min) and the port carries 6.2 TB in 4 h 18 min, yet
        // from 2 drives (4 sessions each) all seven run at once and share the port: j5 gets less than its
        // 113 MB/s and ends after 6 h 04 min.
        let s = decode("v=1&lto=LTO-6&fc_ports=1&drives=1&window_h=6&fc=4GFC").scenario;
        let jobs = parse_jobs("name,data\nj0,0.5TB\nj1,1TB\nj2,0.5TB\nj3,1TB\nj4,0.2TB\nj5,2TB\nj6,1TB").0;
        assert_eq!(Search::new(&s, &jobs, s.backup_window_sec, Vary::Drives).run(&s, &jobs), None);
        let (count, night) = all_at_once(&s, &jobs).unwrap();
        assert_eq!(count, 2);
        assert!((6.0 * 3600.0..6.2 * 3600.0).contains(&night), "{night}");
        // More drives than that schedule the same night.
        let mut more = s.clone();
        more.drives = 8;
        let eight = crate::fleet::schedule(&more, &jobs).unwrap().makespan_sec;
        assert!((eight - night).abs() < 1.0, "{eight} against {night}");
        assert_eq!(
            all_at_once_text(count, night, s.backup_window_sec).unwrap(),
            format!(
                "from 2 drives every job runs at once, sharing the same ports and backup server, and the night still takes {}, longer than the 6 h 00 min window",
                crate::units::format_duration(night)
            )
        );
        assert_eq!(all_at_once_text(1, 3600.0, 7200.0), None);
        // A repository's copies are not scheduled this way.
        let repository = decode("v=1&target=repository&copy_to_tape=on").scenario;
        assert_eq!(all_at_once(&repository, &jobs), None);
    }

    #[test]
    fn past_256_drives_in_a_few_dozen_schedules() {
        // 300 jobs of 300 GB, each one stream of 40 MB/s (about 2 h 16 min alone), one session per drive,
        // on a server and catalogue (1 µs per file) that keep up with 300 drives,
        // in a 3 h window: two on a drive take twice that, so each needs its own drive: 300. The page's
        // scan stopped at 256 ("none up to 256 drives") while the planner went to 1,024.
        let s = decode(
            "v=1&streams=1&stream_rate=40&sessions_per_drive=1&server_nic=100GbE&server_ports=2&cpu_rate=100000&catalog_ms=0.001&fc=32GFC&fc_ports=8&compression=1&window_h=3&drives=10",
        )
        .scenario;
        let list: String = (0..300).map(|i| format!("j{i},300GB\n")).collect();
        let jobs = parse_jobs(&format!("name,data\n{list}")).0;
        let mut search = Search::new(&s, &jobs, s.backup_window_sec, Vary::Drives);
        let mut schedules = 0;
        while let Some(n) = search.next() {
            schedules += 1;
            let fits = search.fits(&s, &jobs, n);
            search.record(fits);
        }
        assert_eq!(search.answer(), Some(Some(300)));
        assert_eq!(crate::fleet::fewest_drives(&s, &jobs, s.backup_window_sec), Some(300));
        // The bound's bisection (no schedule) starts it past 250; counts in turn, a doubling step and the
        // counts between follow: 45 schedules, where a scan of every count from 1 takes 300.
        assert!(schedules <= 50, "{schedules} schedules");
    }

    #[test]
    fn a_repositorys_copies_find_what_every_count_in_turn_finds() {
        let s = decode("v=1&target=repository&repo_kind=disk&copy_to_tape=on&drives=2&window_h=6").scenario;
        for sizes in [[1, 1, 1], [3, 1, 1], [4, 4, 2]] {
            let list: String = sizes.iter().enumerate().map(|(i, tb)| format!("j{i},{tb}TB\n")).collect();
            let jobs = parse_jobs(&format!("name,data\n{list}")).0;
            let search = Search::new(&s, &jobs, s.backup_window_sec, Vary::Drives);
            assert_eq!(search.most(), 3, "a drive per job at most");
            let in_turn = (1..=3).find(|&n| search.fits(&s, &jobs, n));
            assert_eq!(search.run(&s, &jobs), in_turn, "{sizes:?}");
        }
        // Without a copy to tape no drive is used: over at once.
        let plain = decode("v=1&target=repository&repo_kind=disk&drives=2").scenario;
        let jobs = parse_jobs("name,data\na,1TB").0;
        assert_eq!(Search::new(&plain, &jobs, plain.backup_window_sec, Vary::Drives).answer(), Some(None));
    }

    #[test]
    fn no_window_or_no_jobs_ends_the_search_at_once() {
        let s = decode("v=1").scenario;
        let jobs = parse_jobs("name,data\na,1TB").0;
        assert_eq!(Search::new(&s, &jobs, 0.0, Vary::Drives).next(), None);
        assert_eq!(Search::new(&s, &[], 3_600.0, Vary::Sessions).answer(), Some(None));
    }
}
