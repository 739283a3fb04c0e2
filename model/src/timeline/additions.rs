//! What to add so that the first night that misses the window fits again: the counts behind the
//! binding stages raised in turn ([`crate::goal_seek::additions`]), for that night's bytes over the
//! window.

use crate::goal_seek::{additions, Addition};
use crate::report::Report;
use crate::scenario::Scenario;
use crate::stage::StageId;

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

/// What night `day` (copying `backup_bytes`) needs to fit the window of `s` (already in range), given
/// today's `report`.
pub(crate) fn at_miss(s: &Scenario, report: &Report, day: u32, backup_bytes: f64) -> AtMiss {
    let needed = backup_bytes / s.backup_window_sec.max(1.0);
    let per_drive = report.stage(StageId::TapeDrives).map(|d| d.per_unit_bytes_per_sec).filter(|r| *r > 0.0);
    let plan = additions(s, needed);
    AtMiss {
        day,
        backup_bytes,
        needed_bytes_per_sec: needed,
        additions: plan.steps,
        reached_bytes_per_sec: plan.reached_bytes_per_sec,
        fits: plan.reaches,
        blocked_by: plan.blocked_by,
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
