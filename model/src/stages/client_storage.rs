//! The client's storage: every stream of a client reads from the same disks, so the streams add up
//! until the medium's read rate binds.

/// Sequential read rate of a client's storage medium, bytes/s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Medium {
    /// Not stated: a disk array or a medium the user enters (no limit unless `read_rate` is given).
    Unstated,
    /// One 7200 rpm 3.5-inch hard disk.
    Hdd,
    /// One SATA solid-state disk.
    Ssd,
    /// One NVMe solid-state disk on PCIe 3.0 x4.
    Nvme,
}

/// A 7200 rpm enterprise hard disk's sustained read rate: 261 MB/s.
///
/// Source: Seagate Exos X16 data sheet (2019), "Max. Sustained Transfer Rate OD: 261 MB/s". The rate
/// falls towards the inner tracks (about half at the innermost), so a full disk's average is lower;
/// the outer-track figure is the ceiling the streams reach first.
pub const HDD_READ_BYTES_PER_SEC: f64 = 261e6;

/// A SATA SSD's sequential read rate: 560 MB/s.
///
/// Source: Samsung 870 EVO data sheet (2021), "Sequential Read: Up to 560 MB/s"; SATA 6 Gbit/s with
/// 8b/10b coding carries at most 600 MB/s, so every SATA SSD sits just below it.
pub const SSD_READ_BYTES_PER_SEC: f64 = 560e6;

/// An NVMe SSD's sequential read rate on PCIe 3.0 x4: 3,500 MB/s.
///
/// Source: Samsung 970 EVO Plus data sheet (2019), "Sequential Read: Up to 3,500 MB/s"; PCIe 3.0 x4
/// carries 3.94 GB/s after its 128b/130b coding.
pub const NVME_READ_BYTES_PER_SEC: f64 = 3_500e6;

impl Medium {
    /// The medium's read rate, bytes/s (infinite when unstated).
    pub fn read_bytes_per_sec(self) -> f64 {
        match self {
            Self::Unstated => f64::INFINITY,
            Self::Hdd => HDD_READ_BYTES_PER_SEC,
            Self::Ssd => SSD_READ_BYTES_PER_SEC,
            Self::Nvme => NVME_READ_BYTES_PER_SEC,
        }
    }

    /// How a person names it: `HDD`, `SSD`, `NVMe`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Unstated => "storage",
            Self::Hdd => "HDD",
            Self::Ssd => "SSD",
            Self::Nvme => "NVMe",
        }
    }
}

/// What the clients' storage lets every stream together read, bytes/s.
///
/// # Formula
/// `clients x read rate`: a shared stage of each client, whatever its number of streams. An entered
/// rate (`entered > 0`) replaces the medium's; with neither the stage is unlimited (infinity).
/// Sixteen streams of 100 MB/s on one NVMe client: 1,600 MB/s asked, 3,500 MB/s allowed, so the
/// streams themselves bind; on one SATA SSD the storage binds at 560 MB/s.
pub fn storage_bytes_per_sec(clients: u32, medium: Medium, entered: f64) -> f64 {
    let one = if entered > 0.0 { entered } else { medium.read_bytes_per_sec() };
    f64::from(clients) * one
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stages::tests_tolerance::close;

    #[test]
    fn media_and_entered_rates() {
        let table = [
            (1, Medium::Hdd, 0.0, 261e6),
            (2, Medium::Ssd, 0.0, 1_120e6),
            (1, Medium::Nvme, 0.0, 3_500e6),
            (3, Medium::Unstated, 200e6, 600e6),
            (1, Medium::Nvme, 1_000e6, 1_000e6),
        ];
        for (clients, medium, entered, expected) in table {
            let got = storage_bytes_per_sec(clients, medium, entered);
            assert!(close(got, expected, 1e-12), "{clients} x {medium:?} ({entered}): {got}");
        }
        assert_eq!(storage_bytes_per_sec(4, Medium::Unstated, 0.0), f64::INFINITY);
    }
}
