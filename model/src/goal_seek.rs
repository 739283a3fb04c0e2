//! Goal seeking: the fewest of a count (clients, streams, drives, ports, nodes ...) that reaches a
//! target throughput, or that lets the rest of the chain run at its own limit.

use crate::error::Error;
use crate::evaluate::{evaluate, evaluate_backup};
use crate::fields::{field_by_key, Kind, FIELDS};
use crate::scenario::Scenario;
use crate::stage::StageId;
use crate::stages::repository::{disk, RepoKind};
use crate::units::{format_number, format_rate, UnitSystem};

/// The answer of [`fewest`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fewest {
    /// Share-link key of the parameter (`clients`).
    pub parameter: &'static str,
    /// Smallest value that reaches the goal.
    pub value: u32,
    /// Throughput at that value, bytes/s.
    pub throughput_bytes_per_sec: f64,
    /// The goal: the given target, or the chain's limit at the parameter's maximum, bytes/s.
    pub goal_bytes_per_sec: f64,
}

/// Keys [`fewest`] accepts: every count field that applies to the scenario's target, less those that are
/// no hardware to add.
pub fn seekable(scenario: &Scenario) -> impl Iterator<Item = &'static str> + '_ {
    // `restore_streams` counts from 0 ("as many as the backup"), which is not "fewer"; the files of a
    // partial restore, the new cartridges and the library's slots describe the job or the library, and
    // their ranges (up to a billion files) are far past what a scan of every value can take.
    const NOT_SOUGHT: [&str; 5] = ["mtu", "restore_streams", "restore_files", "new_carts", "library_slots"];
    FIELDS
        .iter()
        .filter(move |f| f.kind == Kind::Count && (f.applies)(scenario) && !NOT_SOUGHT.contains(&f.key))
        .map(|f| f.key)
}

/// The fewest of `parameter` that reaches `target_bytes_per_sec`, or, with no target, the fewest at
/// which throughput equals what it is with the parameter at its maximum (the rest of the chain runs at
/// its own limit). Scans every value from the field's minimum up (every count's range is at most
/// 10,000), so a parameter whose effect is not monotone (drives that start to shoe-shine, clients
/// under static pairing) still gets its first sufficient value, wherever it is.
///
/// # Errors
/// [`Error::GoalSeek`] when the parameter is not a count of this scenario, or the target exceeds what
/// any value reaches (the message gives the most reachable and what limits it).
pub fn fewest(scenario: &Scenario, parameter: &str, target_bytes_per_sec: Option<f64>) -> Result<Fewest, Error> {
    let field =
        field_by_key(parameter).filter(|f| seekable(scenario).any(|k| k == f.key)).ok_or_else(|| Error::GoalSeek {
            message: format!(
                "{parameter}: not a count this scenario can seek; choose one of {}",
                seekable(scenario).collect::<Vec<_>>().join(", ")
            ),
        })?;
    let base = scenario.sanitized();
    let at = |value: f64| {
        let mut s = base.clone();
        (field.set)(&mut s, value);
        evaluate_backup(&s).throughput_bytes_per_sec
    };
    let ceiling = at(field.max);
    let goal = match target_bytes_per_sec {
        Some(t) if t.is_finite() && t > 0.0 => t,
        Some(t) if t.is_infinite() => {
            return Err(Error::GoalSeek { message: "reach: the target is too large to be a rate".to_string() })
        }
        Some(_) => return Err(Error::GoalSeek { message: "reach: the target must be a positive rate".to_string() }),
        None => ceiling,
    };
    let mut value = field.min;
    while value <= field.max {
        let throughput = at(value);
        if throughput >= goal * (1.0 - 1e-9) {
            return Ok(Fewest {
                parameter: field.key,
                value: value as u32,
                throughput_bytes_per_sec: throughput,
                goal_bytes_per_sec: goal,
            });
        }
        value += 1.0;
    }
    let mut best = base.clone();
    (field.set)(&mut best, field.max);
    let report = evaluate(&best);
    Err(Error::GoalSeek {
        message: format!(
            "{}: no value up to {} reaches {}; the most is {}, where {} {} it",
            field.key,
            crate::units::format_count(field.max),
            format_rate(goal, UnitSystem::Decimal),
            format_rate(report.throughput_bytes_per_sec, UnitSystem::Decimal),
            report.bottleneck.name(),
            if report.bottleneck.name_is_plural() { "limit" } else { "limits" }
        ),
    })
}

/// One count to raise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Addition {
    /// Share-link key of the count (`drives`, `client_ports` ...).
    pub key: &'static str,
    /// Its value today.
    pub from: u32,
    /// The value that is needed.
    pub to: u32,
}

/// Counts raised one after another, each behind the stage that binds at that point.
#[derive(Debug, Clone, PartialEq)]
pub struct Additions {
    /// The counts, in the order they bind.
    pub steps: Vec<Addition>,
    /// What the chain carries with them, bytes/s.
    pub reached_bytes_per_sec: f64,
    /// Whether that reaches the target.
    pub reaches: bool,
    /// The stage that still binds and has no count to raise, when it does not.
    pub blocked_by: Option<crate::StageId>,
}

/// The count that relieves a stage, if one does.
fn count_behind(stage: crate::StageId) -> Option<&'static str> {
    use crate::StageId as S;
    Some(match stage {
        S::Streams | S::PerFile | S::Transactions | S::SourceReduction | S::Distance => "streams",
        S::ClientNic => "client_ports",
        S::ServerNic => "server_ports",
        S::FcPorts => "fc_ports",
        S::SasPorts => "sas_ports",
        S::TapeDrives | S::Pairing => "drives",
        S::NfsNodes => "nfs_nodes",
        S::NfsFileSystems => "file_systems",
        S::NfsInterfaces => "interfaces",
        S::NfsMounts => "nconnect",
        S::NfsSources => "volumes",
        S::SourceNic => "source_ports",
        S::ObjectRequests => "prefixes",
        _ => return None,
    })
}

/// The counts to raise, one after another, until the backup reaches `target_bytes_per_sec`: while
/// it does not, the count behind the binding stage (drives for the drives, ports for ports and NICs,
/// streams for per-stream limits, nodes, file systems, interfaces or volumes on an NFS target) goes to
/// the smallest value that reaches the target or moves the bottleneck elsewhere. It stops at a stage
/// no count relieves (a CPU, a catalogue, a staging disk) and names it. For the NFS plan of seed 002
/// with 2 arrays, that is both more file systems and more volumes: no single change does it.
pub fn additions(scenario: &Scenario, target_bytes_per_sec: f64) -> Additions {
    let mut current = scenario.sanitized();
    let start = current.clone();
    let mut now = evaluate_backup(&current);
    let mut steps: Vec<Addition> = Vec::new();
    let mut blocked_by = None;
    let reached = |r: f64| r >= target_bytes_per_sec * (1.0 - 1e-9);
    // Each step raises one count; a handful of stages can bind in turn.
    for _ in 0..16 {
        if reached(now.throughput_bytes_per_sec) {
            break;
        }
        let stage = now.bottleneck;
        let key = count_behind(stage).or_else(|| crate::repository::count_behind(stage, &current));
        let Some(field) = key.and_then(field_by_key).filter(|f| (f.applies)(&current)) else {
            blocked_by = Some(stage);
            break;
        };
        let with = |value: f64| {
            let mut next = current.clone();
            (field.set)(&mut next, value);
            let report = evaluate_backup(&next);
            (next, report)
        };
        let found = first_value((field.get)(&current), field.max, |v| {
            let (_, report) = with(v);
            reached(report.throughput_bytes_per_sec) || report.bottleneck != stage
        })
        .map(|v| (v, with(v)));
        let Some((value, (next, report))) = found else {
            blocked_by = Some(stage);
            break;
        };
        let to = value as u32;
        match steps.iter_mut().find(|a| a.key == field.key) {
            Some(step) => step.to = to,
            None => steps.push(Addition { key: field.key, from: (field.get)(&start) as u32, to }),
        }
        current = next;
        now = report;
    }
    let reaches = reached(now.throughput_bytes_per_sec);
    Additions {
        steps,
        reached_bytes_per_sec: now.throughput_bytes_per_sec,
        reaches,
        blocked_by: if reaches { None } else { blocked_by.or(Some(now.bottleneck)) },
    }
}

/// A count's change in words: "FC HBA ports (fc_ports) 1 → 2".
pub fn change_text(key: &str, from: u32, to: u32) -> String {
    let label = field_by_key(key).map_or(key, |f| f.label);
    format!("{label} ({key}) {from} → {to}")
}

/// What it takes to fit the backup window with the scenario's headroom.
#[derive(Debug, Clone, PartialEq)]
pub struct FitPlan {
    /// The rate that just fits the data set in the window, bytes/s.
    pub needed_bytes_per_sec: f64,
    /// The rate that leaves the headroom spare: `data / (window x (1 - headroom))`, bytes/s.
    pub target_bytes_per_sec: f64,
    /// What the scenario carries today, bytes/s.
    pub throughput_bytes_per_sec: f64,
    /// Every count that reaches the target alone, with its fewest value, in form order.
    pub single: Vec<Fewest>,
    /// Counts raised in turn behind the binding stages; the answer when no single change does it.
    pub combined: Additions,
}

/// The smallest whole value in `from + 1 ..= max` for which `hit` holds: the first 16 values in
/// turn, then doubling steps to a value that hits and a bisection back to the first. Past the first
/// 16 this assumes the answer does not flip back (more of a count keeps reaching a target it reached),
/// which holds for counts this far from where they start; about 45 tries for a count of 10,000.
pub(crate) fn first_value(from: f64, max: f64, mut hit: impl FnMut(f64) -> bool) -> Option<f64> {
    let mut value = from + 1.0;
    while value <= max.min(from + 16.0) {
        if hit(value) {
            return Some(value);
        }
        value += 1.0;
    }
    let mut low = (from + 16.0).min(max);
    if low >= max {
        return None;
    }
    let mut step = 16.0;
    let high = loop {
        let probe = (low + step).min(max);
        if hit(probe) {
            break probe;
        }
        if probe >= max {
            return None;
        }
        low = probe;
        step *= 2.0;
    };
    let mut high = high;
    while high - low > 1.0 {
        let mid = ((low + high) / 2.0).floor();
        if hit(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    Some(high)
}

/// The fewest of `field` above its present value that reaches `target` alone, if any
/// ([`first_value`]).
fn fewest_above(base: &Scenario, field: &'static crate::fields::Field, target: f64) -> Option<Fewest> {
    let at = |value: f64| {
        let mut s = base.clone();
        (field.set)(&mut s, value);
        evaluate_backup(&s).throughput_bytes_per_sec
    };
    let value = first_value((field.get)(base), field.max, |v| at(v) >= target * (1.0 - 1e-9))?;
    Some(Fewest {
        parameter: field.key,
        value: value as u32,
        throughput_bytes_per_sec: at(value),
        goal_bytes_per_sec: target,
    })
}

/// What fits the backup window with the scenario's headroom: the rate it needs, each count that
/// does it alone (and its fewest value), and the counts to raise together. `None` without a data set
/// or a window, or when the backup already leaves the headroom spare; `None` too once the scenario
/// has jobs on a tape target, whose clients and data are the jobs' and whose plan is the fleet's
/// ([`crate::fleet::what_to_add`]: never more clients).
pub fn to_fit(scenario: &Scenario) -> Option<FitPlan> {
    if !scenario.jobs.is_empty() && scenario.target == crate::Target::Tape {
        return None;
    }
    let base = scenario.sanitized();
    let (data, window) = (base.data_set_bytes, base.backup_window_sec);
    if data <= 0.0 || window <= 0.0 {
        return None;
    }
    let needed = data / window;
    let target = data / (window * (1.0 - base.headroom));
    let throughput = evaluate_backup(&base).throughput_bytes_per_sec;
    if throughput >= target * (1.0 - 1e-9) {
        return None;
    }
    let single = seekable(&base)
        .filter_map(field_by_key)
        .filter(|f| {
            !matches!(
                f.key,
                "sessions_per_drive"
                    | "full_every_days"
                    | "retention_days"
                    | "keep_weekly"
                    | "keep_monthly"
                    | "keep_yearly"
                    | "library_slots"
                    | "horizon_days"
            )
        })
        .filter_map(|f| fewest_above(&base, f, target))
        .collect();
    Some(FitPlan {
        needed_bytes_per_sec: needed,
        target_bytes_per_sec: target,
        throughput_bytes_per_sec: throughput,
        single,
        combined: additions(&base, target),
    })
}

impl FitPlan {
    /// The plan in plain words, as (label, text) lines: the rate the window needs and with the
    /// headroom, each count that reaches it alone, and the counts to raise together when no single one
    /// does (or when several bind in turn).
    pub fn summary(&self, s: &Scenario, system: UnitSystem) -> Vec<(&'static str, String)> {
        let rate = |v: f64| format_rate(v, system);
        let mut lines = vec![(
            "Needs",
            format!(
                "{} to fit the window, {} to keep {} of it spare (today {})",
                rate(self.needed_bytes_per_sec),
                rate(self.target_bytes_per_sec),
                crate::units::format_percent(s.headroom),
                rate(self.throughput_bytes_per_sec)
            ),
        )];
        if self.single.is_empty() {
            lines.push(("Alone", "no single count reaches it".to_string()));
        } else {
            let each: Vec<String> = self
                .single
                .iter()
                .map(|f| {
                    let from = field_by_key(f.parameter).map_or(0, |field| (field.get)(s) as u32);
                    format!("{} ({})", change_text(f.parameter, from, f.value), rate(f.throughput_bytes_per_sec))
                })
                .collect();
            lines.push(("Alone", each.join("; ")));
        }
        let combined = &self.combined;
        if combined.steps.len() > 1 || self.single.is_empty() {
            let steps: Vec<String> = combined.steps.iter().map(|a| change_text(a.key, a.from, a.to)).collect();
            let text = if combined.reaches {
                format!("{} reach {}", steps.join(" and "), rate(combined.reached_bytes_per_sec))
            } else {
                let blocked = combined.blocked_by.map_or("a stage", |id| id.name());
                let done = if steps.is_empty() {
                    String::new()
                } else {
                    format!("{} reach {}, then ", steps.join(" and "), rate(combined.reached_bytes_per_sec))
                };
                format!("{done}{blocked} binds, and no count relieves it")
            };
            lines.push(("Together", text));
        }
        if let Some(words) = not_a_count(s, system) {
            lines.push(("Not a count", words));
        }
        lines
    }
}

/// What the repository would take with a change that is not a count, in words: a faster RAID level
/// (smaller write penalty), sequential full-stripe writes, faster disks. `None` unless a disk
/// repository binds the backup.
fn not_a_count(s: &Scenario, system: UnitSystem) -> Option<String> {
    if s.target != crate::Target::Repository || s.repo_kind != RepoKind::Disk {
        return None;
    }
    let report = crate::evaluate_backup(s);
    if report.bottleneck != StageId::Repository {
        return None;
    }
    let rate = |v: f64| format_rate(v, system);
    let write = |raid: disk::Raid, pattern: disk::Pattern, d: disk::DiskType| {
        disk::write_bytes_per_sec(d, s.disks, raid, (s.ec_k, s.ec_m), pattern, s.repo_io_bytes) * s.reduction_ratio()
    };
    let now = write(s.raid, s.repo_pattern, s.disk_type);
    let mut words = Vec::new();
    if s.repo_pattern == disk::Pattern::Random {
        if s.raid != disk::Raid::R10 && s.raid != disk::Raid::R0 && s.disks >= 2 {
            words.push(format!(
                "RAID 10 (a write penalty of 2 instead of {}) would take {} of random pack writes",
                format_number(s.raid.write_penalty(s.ec_m)),
                rate(write(disk::Raid::R10, s.repo_pattern, s.disk_type))
            ));
        }
        words.push(format!(
            "writing sequentially into full stripes (larger packs or a backup file format) {}",
            rate(write(s.raid, disk::Pattern::Sequential, s.disk_type))
        ));
    }
    if s.disk_type.spins() {
        words.push(format!("SSDs {}", rate(write(s.raid, s.repo_pattern, disk::DiskType::Ssd))));
    }
    (!words.is_empty()).then(|| {
        format!(
            "a RAID level, the write pattern or the disk type is not a count: today the array takes {}; {}",
            rate(now),
            words.join("; ")
        )
    })
}

#[cfg(test)]
mod tests {

    #[test]
    fn counts_that_are_no_hardware_are_not_sought() {
        // A partial restore's files reach a billion: scanning every value would not end.
        let s = crate::codec::decode("v=1&restore_files=10").scenario;
        for key in ["restore_files", "new_carts", "library_slots"] {
            let error = fewest(&s, key, Some(1e9)).unwrap_err().to_string();
            assert!(error.starts_with(&format!("{key}: not a count this scenario can seek")), "{error}");
        }
        assert_eq!(fewest(&s, "clients", Some(200e6)).map(|f| f.value).ok(), Some(2), "a count still is");
    }

    use super::*;
    use crate::codec::decode;

    #[test]
    fn a_missed_window_says_what_fits_it_with_headroom() {
        // Issue 12's example: 24 TB in 8 h needs 833 MB/s, with 20 % headroom 1,042 MB/s. Twelve clients
        // on 1GbE carry 1,356 MB/s; two LTO-8 drives at 2:1 take 1,440 MB/s but share one 8GFC port
        // (800 MB/s), which binds. Two ports carry 1,440 MB/s: the fewest ports that fit is 2.
        let plan = to_fit(&decode("v=1&data=24TB&clients=12&fc=8GFC&lto=LTO-8&drives=2").scenario).unwrap();
        assert!((plan.needed_bytes_per_sec / 833.33e6 - 1.0).abs() < 1e-3);
        assert!((plan.target_bytes_per_sec / 1041.67e6 - 1.0).abs() < 1e-3);
        let ports = plan.single.iter().find(|f| f.parameter == "fc_ports").unwrap();
        assert_eq!(ports.value, 2);
        assert!(plan.single.iter().all(|f| f.throughput_bytes_per_sec >= plan.target_bytes_per_sec * (1.0 - 1e-9)));
        assert!(plan.combined.reaches);
        assert_eq!(plan.combined.steps[0].key, "fc_ports");
    }

    #[test]
    fn the_nfs_plan_needs_two_changes_together() {
        // Seed 002's two arrays of 4 volumes at 80 MB/s (640 MB/s) on one file system (457 MB/s): 10 TB in
        // 4 h needs 694 MB/s, with 20 % headroom 868 MB/s; no single count does it.
        let s = decode("v=1&target=nfs&arrays=2&data=10TB&window_h=4").scenario;
        let plan = to_fit(&s).unwrap();
        assert!(plan.single.iter().all(|f| f.parameter != "file_systems"), "{:?}", plan.single);
        assert!(plan.combined.reaches, "{:?}", plan.combined);
        let keys: Vec<&str> = plan.combined.steps.iter().map(|a| a.key).collect();
        assert!(keys.contains(&"file_systems") && keys.contains(&"volumes"), "{keys:?}");
    }

    #[test]
    fn the_first_value_search_finds_the_boundary() {
        for boundary in [1.0, 5.0, 16.0, 17.0, 40.0, 1000.0, 9_999.0, 10_000.0] {
            assert_eq!(first_value(0.0, 10_000.0, |v| v >= boundary), Some(boundary), "{boundary}");
        }
        assert_eq!(first_value(0.0, 10_000.0, |_| false), None);
        assert_eq!(first_value(3.0, 8.0, |v| v >= 8.0), Some(8.0));
        assert_eq!(first_value(8.0, 8.0, |_| true), None, "nothing above the maximum");
    }

    #[test]
    fn a_plan_that_already_has_its_headroom_needs_nothing() {
        assert!(to_fit(&decode("v=1&data=1TB").scenario).is_none());
        assert!(to_fit(&decode("v=1").scenario).is_none(), "no data set");
    }
}
