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

/// What a holding disk written and read at the same time carries, bytes/s.
///
/// # Formula
/// The same disks write at `write` and read at `read` and share their time between the two:
/// `1 / (1 / write + 1 / read)`. An Amanda user saw a tape fall into start/stop as soon as a dumper
/// wrote to the holding disk the taper read from (<https://github.com/zmanda/amanda/issues/293>).
pub fn concurrent_bytes_per_sec(write_bytes_per_sec: f64, read_bytes_per_sec: f64) -> f64 {
    crate::pipeline::in_series(write_bytes_per_sec, read_bytes_per_sec)
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
}
