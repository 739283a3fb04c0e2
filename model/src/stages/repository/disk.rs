//! A disk array as the backup repository: disks of one type, a RAID level or erasure code, and the
//! way the backup software writes to it (long sequential streams, or random writes of small packs).
//!
//! # Formula
//! A disk moves `w` bytes at a random place in `access + w / seq` seconds: `access` is the average
//! seek plus half a rotation (for flash, one random write's service time, `1 / IOPS`), `seq` its
//! sequential rate. Writes:
//!
//! - **sequential** (the software appends large writes and the array fills whole stripes, so parity is
//!   computed without reading anything back): `data disks x seq`, where the data disks are all of them
//!   for RAID 0, half for RAID 10, `n - 1` for RAID 5, `n - 2` for RAID 6 and `n x k / (k + m)` for
//!   erasure coding `k + m`;
//! - **random** (each write of `w` bytes lands somewhere else: packs, indexes, a file system's
//!   metadata): every front-end write costs the RAID level's write penalty `p` back-end I/Os
//!   (1 for RAID 0, 2 for RAID 10, 4 for RAID 5, 6 for RAID 6: read data and parity, write both;
//!   `2 (1 + m)` for erasure coding), so the array writes `n / p x w / (access + w / seq)`.
//!
//! Reads need no parity: sequentially `data disks x seq` (every disk for RAID 0 and 10), randomly
//! `n x w / (access + w / seq)`.
//!
//! A single 7,200 rpm disk taking 120 KiB random writes (a USB disk under Linux, whose usb-storage
//! driver sends at most 240 sectors = 120 KiB per command) spends 12.37 ms positioning and 0.82 ms
//! moving each: 122,880 / 13.19 ms = 9.3 MB/s, where it streams 150 MB/s.

use crate::units::MB;

/// The kind of disk in the array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiskType {
    /// 7,200 rpm hard disk (nearline SATA or SAS).
    Hdd7k,
    /// 10,000 rpm hard disk (SAS).
    Hdd10k,
    /// SATA solid-state disk.
    Ssd,
    /// NVMe solid-state disk.
    Nvme,
}

impl DiskType {
    /// Every type, in menu order.
    pub const ALL: [DiskType; 4] = [Self::Hdd7k, Self::Hdd10k, Self::Ssd, Self::Nvme];

    /// Sequential write (and read) rate of one disk, bytes/s.
    ///
    /// - hdd7k: 150 MB/s, the middle of a 7,200 rpm disk's platter (about 200 MB/s on the outer
    ///   tracks, falling towards the inner ones;
    ///   <https://www.onadiko.com/Understanding-the-Read-Write-Speed-of-a-7200-RPM-Hard-Drive>, and
    ///   80 to 160 MB/s over models, <https://www.xjserver.com/tl/application/7200-rpm-hard-disk-drive>).
    /// - hdd10k: 200 MB/s (assumed: 10k rpm SAS data sheets give 200 to 250 MB/s on the outer tracks).
    /// - ssd: 530 MB/s, the sequential write of a SATA 6 Gbit/s SSD (Samsung 870 EVO data sheet;
    ///   SATA itself carries at most 600 MB/s).
    /// - nvme: 6,900 MB/s, a PCIe 4.0 x4 NVMe SSD's sequential write (Samsung 990 PRO data sheet).
    pub fn sequential_bytes_per_sec(self) -> f64 {
        match self {
            Self::Hdd7k => 150.0 * MB,
            Self::Hdd10k => 200.0 * MB,
            Self::Ssd => 530.0 * MB,
            Self::Nvme => 6_900.0 * MB,
        }
    }

    /// Time to reach a random place before moving data, seconds: seek plus half a rotation for a hard
    /// disk, one random 4 KiB write's service time for flash.
    ///
    /// - hdd7k: 8.2 ms average write seek (HGST Ultrastar 7K4000 specification, table 6,
    ///   <https://www.easymanua.ls/hgst/hus724040als640/manual?p=25>) + 4.17 ms (half of one turn at
    ///   7,200 rpm: 60 / 7,200 / 2) = 12.37 ms, about 81 random I/Os per second.
    /// - hdd10k: 4.0 ms seek (assumed, 10k rpm data sheets give 3.6 to 4.4 ms) + 3.0 ms half turn
    ///   = 7.0 ms, about 143 per second.
    /// - ssd: 1 / 88,000 random 4 KiB writes per second (Samsung 870 EVO data sheet) = 11.4 µs.
    /// - nvme: 1 / 1,550,000 (Samsung 990 PRO data sheet) = 0.65 µs.
    pub fn access_sec(self) -> f64 {
        match self {
            Self::Hdd7k => 8.2e-3 + 60.0 / 7_200.0 / 2.0,
            Self::Hdd10k => 4.0e-3 + 60.0 / 10_000.0 / 2.0,
            Self::Ssd => 1.0 / 88_000.0,
            Self::Nvme => 1.0 / 1_550_000.0,
        }
    }

    /// Whether the disk has heads to move (what makes random writes slow).
    pub fn spins(self) -> bool {
        matches!(self, Self::Hdd7k | Self::Hdd10k)
    }
}

/// How the disks are protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Raid {
    /// Striping, no protection.
    R0,
    /// Mirrored pairs, striped (RAID 1 for two disks).
    R10,
    /// One parity disk's worth.
    R5,
    /// Two parity disks' worth.
    R6,
    /// Erasure coding, `k` data and `m` parity fragments.
    Ec,
}

impl Raid {
    /// Every level, in menu order.
    pub const ALL: [Raid; 5] = [Self::R0, Self::R10, Self::R5, Self::R6, Self::Ec];

    /// Back-end I/Os per random front-end write (the write penalty): 1, 2, 4, 6, or `2 (1 + m)`.
    pub fn write_penalty(self, ec_m: u32) -> f64 {
        match self {
            Self::R0 => 1.0,
            Self::R10 => 2.0,
            Self::R5 => 4.0,
            Self::R6 => 6.0,
            Self::Ec => 2.0 * (1.0 + f64::from(ec_m)),
        }
    }

    /// The fewest disks the level can be built on: 1 for RAID 0, 2 for RAID 10 (a mirrored pair), 3 for
    /// RAID 5 (two disks' data and one's parity per stripe), 4 for RAID 6 (two parity blocks per stripe)
    /// and `k + m` for erasure coding (each fragment of a stripe on its own disk).
    ///
    /// Source: SNIA, "Common RAID Disk Data Format Specification" 2.0 (RAID-5 and RAID-6 sections), and
    /// Linux md's `mdadm` man page, which refuses RAID 5 on fewer than 3 devices (or 2 as a degraded
    /// mirror-like set) and RAID 6 on fewer than 4.
    pub fn min_disks(self, ec_k: u32, ec_m: u32) -> u32 {
        match self {
            Self::R0 => 1,
            Self::R10 => 2,
            Self::R5 => 3,
            Self::R6 => 4,
            Self::Ec => ec_k.max(1) + ec_m,
        }
    }

    /// Disks' worth that hold data, of `disks` (at least one, for a count below [`Raid::min_disks`],
    /// which the scenario's checks refuse).
    pub fn data_disks(self, disks: u32, ec_k: u32, ec_m: u32) -> f64 {
        let n = f64::from(disks.max(1));
        match self {
            Self::R0 => n,
            Self::R10 => (n / 2.0).max(1.0),
            Self::R5 => (n - 1.0).max(1.0),
            Self::R6 => (n - 2.0).max(1.0),
            Self::Ec => n * f64::from(ec_k.max(1)) / f64::from(ec_k.max(1) + ec_m),
        }
    }

    /// Disks' worth that serve sequential reads: every disk for RAID 0 and 10 (a mirror reads from
    /// either side), the data disks otherwise.
    pub fn read_disks(self, disks: u32, ec_k: u32, ec_m: u32) -> f64 {
        match self {
            Self::R0 | Self::R10 => f64::from(disks.max(1)),
            _ => self.data_disks(disks, ec_k, ec_m),
        }
    }

    /// Name as the key writes it.
    pub fn name(self) -> &'static str {
        match self {
            Self::R0 => "RAID 0",
            Self::R10 => "RAID 10",
            Self::R5 => "RAID 5",
            Self::R6 => "RAID 6",
            Self::Ec => "erasure coding",
        }
    }
}

/// How the backup software writes the repository.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// Large appends that fill whole stripes (a backup file, a tape-like volume).
    Sequential,
    /// Small packs, indexes and metadata at scattered places (chunk stores: restic, borg, Proxmox).
    Random,
}

impl Pattern {
    /// Both, in menu order.
    pub const ALL: [Pattern; 2] = [Self::Sequential, Self::Random];
}

/// One disk's rate for random I/Os of `io_bytes`: `io / (access + io / seq)`, bytes/s.
pub fn random_bytes_per_sec(disk: DiskType, io_bytes: f64) -> f64 {
    let io = io_bytes.max(1.0);
    io / (disk.access_sec() + io / disk.sequential_bytes_per_sec())
}

/// The array's write rate, bytes/s ([module formula](self)).
pub fn write_bytes_per_sec(
    disk: DiskType,
    disks: u32,
    raid: Raid,
    ec: (u32, u32),
    pattern: Pattern,
    io_bytes: f64,
) -> f64 {
    match pattern {
        Pattern::Sequential => raid.data_disks(disks, ec.0, ec.1) * disk.sequential_bytes_per_sec(),
        Pattern::Random => f64::from(disks.max(1)) / raid.write_penalty(ec.1) * random_bytes_per_sec(disk, io_bytes),
    }
}

/// The array's read rate, bytes/s ([module formula](self)).
pub fn read_bytes_per_sec(
    disk: DiskType,
    disks: u32,
    raid: Raid,
    ec: (u32, u32),
    pattern: Pattern,
    io_bytes: f64,
) -> f64 {
    match pattern {
        Pattern::Sequential => raid.read_disks(disks, ec.0, ec.1) * disk.sequential_bytes_per_sec(),
        Pattern::Random => f64::from(disks.max(1)) * random_bytes_per_sec(disk, io_bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::KIB;

    #[test]
    fn write_rates_by_level_and_pattern() {
        let seq = Pattern::Sequential;
        let rnd = Pattern::Random;
        // (disk, disks, raid, pattern, io, expected MB/s)
        let cases: [(DiskType, u32, Raid, Pattern, f64, f64); 9] = [
            (DiskType::Hdd7k, 1, Raid::R0, seq, MB, 150.0),
            (DiskType::Hdd7k, 12, Raid::R6, seq, MB, 1_500.0),
            (DiskType::Hdd7k, 12, Raid::R10, seq, MB, 900.0),
            (DiskType::Hdd7k, 10, Raid::Ec, seq, MB, 1_200.0),
            // 122,880 B / (12.367 ms + 0.819 ms) = 9.32 MB/s.
            (DiskType::Hdd7k, 1, Raid::R0, rnd, 120.0 * KIB, 9.319),
            // RAID 6 random: 12 disks / 6 x 9.32.
            (DiskType::Hdd7k, 12, Raid::R6, rnd, 120.0 * KIB, 18.64),
            // RAID 5: 8 / 4 x 9.32.
            (DiskType::Hdd7k, 8, Raid::R5, rnd, 120.0 * KIB, 18.64),
            // Flash hardly minds: 122,880 / (11.36 µs + 231.8 µs) = 505 MB/s.
            (DiskType::Ssd, 1, Raid::R0, rnd, 120.0 * KIB, 505.3),
            (DiskType::Nvme, 4, Raid::R10, seq, MB, 13_800.0),
        ];
        for (disk, n, raid, pattern, io, expected) in cases {
            let got = write_bytes_per_sec(disk, n, raid, (8, 2), pattern, io) / MB;
            assert!((got / expected - 1.0).abs() < 2e-3, "{disk:?} {n} {raid:?} {pattern:?}: {got} vs {expected}");
        }
    }

    #[test]
    fn the_fewest_disks_each_level_takes() {
        let table = [(Raid::R0, 1), (Raid::R10, 2), (Raid::R5, 3), (Raid::R6, 4)];
        for (raid, disks) in table {
            assert_eq!(raid.min_disks(8, 2), disks, "{}", raid.name());
        }
        assert_eq!(Raid::Ec.min_disks(8, 2), 10);
        assert_eq!(Raid::Ec.min_disks(10, 4), 14);
    }

    #[test]
    fn penalties_and_data_disks() {
        assert_eq!(Raid::Ec.write_penalty(2), 6.0);
        assert_eq!(Raid::Ec.write_penalty(1), Raid::R5.write_penalty(0));
        assert_eq!(Raid::R5.data_disks(2, 8, 2), 1.0);
        assert_eq!(Raid::R6.data_disks(1, 8, 2), 1.0);
        assert_eq!(Raid::R10.read_disks(4, 8, 2), 4.0);
        assert_eq!(Raid::R6.read_disks(12, 8, 2), 10.0);
    }

    #[test]
    fn reads_have_no_penalty() {
        let w = write_bytes_per_sec(DiskType::Hdd7k, 12, Raid::R6, (8, 2), Pattern::Random, MB);
        let r = read_bytes_per_sec(DiskType::Hdd7k, 12, Raid::R6, (8, 2), Pattern::Random, MB);
        assert!((r / w - 6.0).abs() < 1e-9);
    }
}
