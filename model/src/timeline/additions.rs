//! What to add so that a night that misses the window fits again: the counts behind the binding
//! stages, raised one after another (goal seeking as in [`crate::goal_seek`]).
//!
//! # Method
//! The night needs `bytes / window`. While the chain carries less, take the count behind the stage
//! that binds (drives for the drives, ports for FC or SAS ports and NICs, streams for per-stream
//! limits, nodes, file systems and interfaces on an NFS target) and raise it to the smallest value that
//! either reaches the rate or moves the bottleneck elsewhere; then look again. It stops at a stage no
//! count relieves (a CPU, a catalogue, a staging disk), naming it.

use crate::evaluate::evaluate_backup;
use crate::fields::{field_by_key, Field};
use crate::report::Report;
use crate::scenario::Scenario;
use crate::stage::StageId;

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

/// What the first night that misses the window needs.
#[derive(Debug, Clone, PartialEq)]
pub struct AtMiss {
    /// The night, days from today.
    pub day: u32,
    /// What it copies, bytes.
    pub backup_bytes: f64,
    /// The rate that fits it in the window, bytes/s.
    pub needed_bytes_per_sec: f64,
    /// The counts to raise, in the order they bind.
    pub additions: Vec<Addition>,
    /// What the chain carries with them, bytes/s.
    pub reached_bytes_per_sec: f64,
    /// Whether that is enough.
    pub fits: bool,
    /// The stage that still binds and has no count to raise, when it is not enough.
    pub blocked_by: Option<StageId>,
    /// Drives the needed rate takes at the drives' own rate (the drive count alone, whatever else binds).
    pub drives_needed: Option<u32>,
}

/// The count that relieves a stage, if one does.
fn count_behind(stage: StageId) -> Option<&'static str> {
    Some(match stage {
        StageId::Streams | StageId::PerFile | StageId::Transactions | StageId::SourceReduction | StageId::Distance => {
            "streams"
        }
        StageId::ClientNic => "client_ports",
        StageId::ServerNic => "server_ports",
        StageId::FcPorts => "fc_ports",
        StageId::SasPorts => "sas_ports",
        StageId::TapeDrives | StageId::Pairing => "drives",
        StageId::NfsNodes => "nfs_nodes",
        StageId::NfsFileSystems => "file_systems",
        StageId::NfsInterfaces => "interfaces",
        StageId::NfsMounts => "nconnect",
        StageId::SourceNic => "source_ports",
        _ => return None,
    })
}

/// Raises `field` from its value in `s` to the smallest value that reaches `needed` or moves the
/// bottleneck off `stage`; `None` when no value up to its maximum does either.
fn raise(s: &Scenario, field: &Field, stage: StageId, needed: f64) -> Option<(u32, Report)> {
    let from = (field.get)(s);
    let mut value = from + 1.0;
    while value <= field.max {
        let mut next = s.clone();
        (field.set)(&mut next, value);
        let report = evaluate_backup(&next);
        if report.throughput_bytes_per_sec >= needed * (1.0 - 1e-9) || report.bottleneck != stage {
            return Some((value as u32, report));
        }
        value += 1.0;
    }
    None
}

/// What night `day` (copying `backup_bytes`) needs to fit the window of `s` (already in range), given
/// today's `report`.
pub(crate) fn at_miss(s: &Scenario, report: &Report, day: u32, backup_bytes: f64) -> AtMiss {
    let needed = backup_bytes / s.backup_window_sec.max(1.0);
    let per_drive = report.stage(StageId::TapeDrives).map(|d| d.per_unit_bytes_per_sec).filter(|r| *r > 0.0);
    let mut current = s.clone();
    let mut now = report.clone();
    let mut additions: Vec<Addition> = Vec::new();
    let mut blocked_by = None;
    // Each step raises one count; a handful of stages can bind in turn.
    for _ in 0..12 {
        if now.throughput_bytes_per_sec >= needed * (1.0 - 1e-9) {
            break;
        }
        let stage = now.bottleneck;
        let Some(field) = count_behind(stage).and_then(field_by_key).filter(|f| (f.applies)(&current)) else {
            blocked_by = Some(stage);
            break;
        };
        let Some((to, next)) = raise(&current, field, stage, needed) else {
            blocked_by = Some(stage);
            break;
        };
        let from = (field.get)(s) as u32;
        match additions.iter_mut().find(|a| a.key == field.key) {
            Some(existing) => existing.to = to,
            None => additions.push(Addition { key: field.key, from, to }),
        }
        (field.set)(&mut current, f64::from(to));
        now = next;
    }
    let reached = now.throughput_bytes_per_sec;
    AtMiss {
        day,
        backup_bytes,
        needed_bytes_per_sec: needed,
        additions,
        reached_bytes_per_sec: reached,
        fits: reached >= needed * (1.0 - 1e-9),
        blocked_by: if reached >= needed * (1.0 - 1e-9) { None } else { blocked_by.or(Some(now.bottleneck)) },
        drives_needed: per_drive.map(|rate| (needed / rate).ceil().max(1.0) as u32),
    }
}

#[cfg(test)]
mod tests {
    use crate::codec::decode;
    use crate::timeline::timeline;

    #[test]
    fn a_nic_bound_full_gets_a_second_client_port() {
        // Issue 11's scenario: on night 371 the full needs 13.06 TB / 8 h = 453.5 MB/s against the
        // client NICs' 451.9 MB/s: a second port per client fixes it; one LTO-8 at 720 MB/s would carry it.
        let s = decode(
            "v=1&data=10TB&window_h=8&clients=4&lto=LTO-8&drives=4&fc=8GFC&fc_ports=4&full_every_days=7&change_rate=5&retention_days=28&growth=30",
        )
        .scenario;
        let miss = timeline(&s).unwrap().at_first_miss.unwrap();
        assert_eq!(miss.day, 371);
        assert!(miss.fits, "{miss:?}");
        assert_eq!(miss.additions.len(), 1, "{miss:?}");
        assert_eq!((miss.additions[0].key, miss.additions[0].from, miss.additions[0].to), ("client_ports", 1, 2));
        assert_eq!(miss.drives_needed, Some(1));
    }

    #[test]
    fn a_cpu_bound_night_names_the_cpu() {
        let s = decode("v=1&data=100TB&window_h=1&cpu_rate=100&clients=8&drives=8&fc_ports=8").scenario;
        let miss = timeline(&s).unwrap().at_first_miss.unwrap();
        assert_eq!(miss.day, 0);
        assert!(!miss.fits);
        assert_eq!(miss.blocked_by, Some(crate::StageId::ServerCpu));
    }
}
