//! Disk staging: a holding disk (Amanda), spooling (Bacula) or disk-to-disk-to-tape, between the
//! network and the tape drives.

/// Write and read rate of a staging disk when none is entered, bytes/s: 100 MB/s.
///
/// Source: the rule of thumb of a Bacula developer measuring spool and despool phases, "disks
/// ~100MB/s" (Bacula projects file, November 2009,
/// <https://git.sur5r.net/?a=commitdiff&h=ac0019f56dce91ef67bafa4bd4380bba30e19eb5&p=bacula%2Fbacula>).
pub const DISK_BYTES_PER_SEC: f64 = 100e6;

/// How staging runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Staging {
    /// No staging: clients stream to the drives.
    None,
    /// Data lands on the disk while the drives read earlier data from it (Amanda's holding disk):
    /// one disk does both.
    Concurrent,
    /// Each job spools to disk, then despools to tape (Bacula spooling): the two phases add up.
    Serial,
}

impl Staging {
    /// Every mode.
    pub const ALL: [Staging; 3] = [Self::None, Self::Concurrent, Self::Serial];

    /// The field's name: `none`, `concurrent`, `serial`.
    pub fn name(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Concurrent => "concurrent",
            Self::Serial => "serial",
        }
    }
}

/// What the holding disk is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StageMedium {
    /// Hard disks: each switch between the spool's writes and the despool's reads costs a seek.
    Hdd,
    /// Flash: no seeks.
    Ssd,
}

impl StageMedium {
    /// Every choice.
    pub const ALL: [StageMedium; 2] = [Self::Hdd, Self::Ssd];

    /// The field's name: `hdd`, `ssd`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Hdd => "hdd",
            Self::Ssd => "ssd",
        }
    }

    /// Time one switch between the write and the read position costs, seconds.
    pub fn access_sec(self) -> f64 {
        match self {
            Self::Hdd => HDD_ACCESS_SEC,
            Self::Ssd => 0.0,
        }
    }
}

/// Time a hard disk takes to move between the spool's write position and the despool's read
/// position, seconds: 12.37 ms.
///
/// Source: an average seek plus half a revolution. A 7,200 rpm enterprise disk seeks in 8.2 ms on
/// average, reading or writing (HGST Ultrastar 7K4000 specification, table 6,
/// <https://www.easymanua.ls/hgst/hus724040als640/manual?p=25>), and waits 4.17 ms on average for the
/// sector at 7,200 rpm (IBM Ultrastar DDRS specification, "Average latency",
/// <https://www.easymanua.ls/ibm/ddrs-39130-ultrastar-9-1-gb-hard-drive/manual?p=22>).
pub const HDD_ACCESS_SEC: f64 = 8.2e-3 + 4.17e-3;

/// What a holding disk written and read at the same time carries without seeks (flash), bytes/s:
/// `1 / (1 / write + 1 / read)` ([`holding_disk_bytes_per_sec`] with no access time).
pub fn concurrent_bytes_per_sec(write_bytes_per_sec: f64, read_bytes_per_sec: f64) -> f64 {
    holding_disk_bytes_per_sec(write_bytes_per_sec, read_bytes_per_sec, RUN_BYTES, 0.0)
}

/// Bytes a hard-disk holding disk moves in one direction before it seeks back to the other, when it
/// spools and despools at once: 1 MiB.
///
/// **Assumed**: the operating system merges each stream's sequential requests into runs of a few
/// hundred KiB to a few MiB (Linux splits requests at `max_sectors_kb`, 512 KiB to 1,280 KiB by
/// default, and its I/O schedulers serve batches of them before switching); 1 MiB sits in that range.
/// It is an input (`stage_run`).
pub const RUN_BYTES: f64 = 1024.0 * 1024.0;

/// What a holding disk written and read at the same time carries, bytes/s.
///
/// # Formula
/// The same disks write at `write` and read at `read`, taking turns: each turn writes a run of `run`
/// bytes, seeks (`access`), reads `run` bytes and seeks back, so each byte that passes through costs
/// `1 / write + 1 / read + 2 x access / run`:
/// `run / (run / write + run / read + 2 x access)`. Without seeks (SSD) this is
/// `1 / (1 / write + 1 / read)`. Two 150 MB/s disks in RAID 0 (300 MB/s each way) with 1 MiB runs
/// and a 12.37 ms access carry 1.049 / (3.50 + 3.50 + 24.74) ms = 33.0 MB/s, a fifth of the 150 MB/s
/// without seeks. An Amanda user saw an LTO-6 fed from such a two-disk RAID 0 holding disk fall into
/// start/stop as soon as a dumper wrote to it while the taper read from it
/// (<https://github.com/zmanda/amanda/issues/293>).
pub fn holding_disk_bytes_per_sec(
    write_bytes_per_sec: f64,
    read_bytes_per_sec: f64,
    run_bytes: f64,
    access_sec: f64,
) -> f64 {
    let seeks = if run_bytes > 0.0 { 2.0 * access_sec.max(0.0) / run_bytes } else { 0.0 };
    let per_byte = 1.0 / write_bytes_per_sec + 1.0 / read_bytes_per_sec + seeks;
    if per_byte > 0.0 {
        1.0 / per_byte
    } else {
        f64::INFINITY
    }
}

/// Job rate of spool-then-despool, bytes/s.
///
/// # Formula
/// Every byte is spooled at `spool` and then despooled at `despool`: `1 / (1 / spool + 1 / despool)`.
/// Bacula to LTO-4 spooled at 91.25 MB/s and despooled at 73.07 MB/s, and the job ran at 40.58 MB/s
/// (Bacula projects file, see [`DISK_BYTES_PER_SEC`]): 1 / (1/91.25 + 1/73.07) = 40.58.
pub fn serial_bytes_per_sec(spool_bytes_per_sec: f64, despool_bytes_per_sec: f64) -> f64 {
    crate::pipeline::in_series(spool_bytes_per_sec, despool_bytes_per_sec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bacula_spool_then_despool() {
        assert!((serial_bytes_per_sec(91.25e6, 73.07e6) / 40.58e6 - 1.0).abs() < 1e-3);
        assert_eq!(concurrent_bytes_per_sec(100e6, 100e6), 50e6);
    }

    #[test]
    fn hard_disks_pay_a_seek_per_switch() {
        // (write, read MB/s, run bytes, access s, MB/s carried)
        let table = [
            (300.0, 300.0, RUN_BYTES, HDD_ACCESS_SEC, 33.0),
            (300.0, 300.0, RUN_BYTES, 0.0, 150.0),
            (100.0, 100.0, 4.0 * RUN_BYTES, HDD_ACCESS_SEC, 38.6),
            (100.0, 100.0, 64.0 * RUN_BYTES, HDD_ACCESS_SEC, 49.1),
        ];
        for (w, r, run, access, expected) in table {
            let got = holding_disk_bytes_per_sec(w * 1e6, r * 1e6, run, access) / 1e6;
            assert!((got / expected - 1.0).abs() < 5e-3, "{w}/{r} run {run}: {got} vs {expected}");
        }
        assert_eq!(StageMedium::Ssd.access_sec(), 0.0);
    }
}
