//! A deduplicating backup appliance (Data Domain, StoreOnce, ExaGrid, Dell DR ...) as the repository.
//!
//! # Formula
//! The appliance ingests at its model class's rate: the rate for data sent whole (the appliance
//! deduplicates everything itself), or, when the clients or media servers deduplicate first (DD Boost,
//! Catalyst, Rapid Data Access: the scenario's source reduction), the higher rate for such "optimized"
//! writes. Both are logical bytes (the data set protected per second), as vendors rate them:
//!
//! `ingest = appliances x class rate`, and a stream never passes the class's single-stream rate:
//! `streams x per-stream rate`. What crosses the network is the logical rate divided by the source's
//! reduction ratio (the existing source-reduction stage), so deduplicating at the client relieves the
//! network as well as the appliance.
//!
//! Reading back (a restore, a copy to tape) rebuilds each backup from segments scattered over the
//! disks (rehydration): `read = appliances x class rate (whole data) x rehydration share`.

use crate::units::MB;

/// A model class with published ingest figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ApplianceClass {
    /// Data Domain DD690 (2008).
    Dd690,
    /// Dell DR4000 / DR4100.
    Dr4000,
}

impl ApplianceClass {
    /// Every class, in menu order.
    pub const ALL: [ApplianceClass; 2] = [Self::Dd690, Self::Dr4000];

    /// Ingest of data sent whole, logical bytes/s.
    ///
    /// - dd690: up to 1.4 TB/h (Data Domain's launch figure, Bloor Research, 12 May 2008,
    ///   <https://www.bloorresearch.com/2008/05/datadomain-boosts-de-dupe-power-and-capacity-and-answers-cr/>):
    ///   1.4e12 / 3,600 = 388.9 MB/s.
    /// - dr4000: 3 TB/h for passthrough writes (Dell DR Series administrator's guide,
    ///   <https://manualarchiveguide.com/manuals/Dell-PowerVault-Storage-Area-Network-Administrator-s-Manual-3014888?page=26>):
    ///   833.3 MB/s.
    pub fn ingest_bytes_per_sec(self) -> f64 {
        match self {
            Self::Dd690 => 1.4e12 / 3_600.0,
            Self::Dr4000 => 3e12 / 3_600.0,
        }
    }

    /// Ingest when the source deduplicates first, logical bytes/s.
    ///
    /// - dd690: no figure (it predates DD Boost, announced in 2010): the same 388.9 MB/s.
    /// - dr4000: 4 TB/h for optimized writes (same guide): 1,111 MB/s.
    pub fn reduced_ingest_bytes_per_sec(self) -> f64 {
        match self {
            Self::Dd690 => self.ingest_bytes_per_sec(),
            Self::Dr4000 => 4e12 / 3_600.0,
        }
    }

    /// Most one stream reaches, bytes/s (infinite where the vendor gives none).
    ///
    /// - dd690: up to 170 MB/s in a single stream (same launch).
    pub fn stream_bytes_per_sec(self) -> f64 {
        match self {
            Self::Dd690 => 170.0 * MB,
            Self::Dr4000 => f64::INFINITY,
        }
    }

    /// Name for people.
    pub fn name(self) -> &'static str {
        match self {
            Self::Dd690 => "Data Domain DD690",
            Self::Dr4000 => "Dell DR4000",
        }
    }
}

/// Share of the ingest rate at which a deduplicated backup reads back (rehydration): 0.4, the default
/// of the `rehydrate` input (1 to 100 %), which takes an appliance's own measured figure.
///
/// An **assumption**: no vendor publishes a restore rate against its ingest rate, and the published
/// measurements are relative to other things. A survey of deduplicating disk targets found restore
/// rates falling "greater than 60 %" as backups accumulate
/// (<https://www.aboutrestore.com/2008/08/08/deduplication-and-restore-performance/>); on backup
/// traces, restoring the latest backup of an inline-deduplicated store ran 12 to 55 % slower than
/// without fragmentation (Kaczmarczyk et al., "Reducing impact of data fragmentation caused by in-line
/// deduplication", SYSTOR 2012, <https://fdocuments.in/document/reducing-impact-of-data-fragmentation-caused-by-in-line-2020-4-7-reducing-impact.html>),
/// and over a system's lifetime restore speeds "can drop orders of magnitude" (Lillibridge et al.,
/// FAST 2013, <http://www.hpl.hp.com/techreports/2013/HPL-2013-41.html>). Veeam's best practice guide
/// recommends appliances as secondary targets because random reads "suffer from re-hydration"
/// (<https://bp.veeam.com/vbr/VBP/3_Build_structures/B_Veeam_Components/B_backup_repositories/deduplication.html>).
/// 0.4 sits at the survey's "greater than 60 %" drop, below the 0.45 that a 55 % drop leaves.
pub const REHYDRATION_SHARE: f64 = 0.4;

/// The appliances' ingest, logical bytes/s: `appliances x rate` (`rate` the entered one when
/// positive, else the class's for whole or source-deduplicated data).
pub fn ingest_bytes_per_sec(class: ApplianceClass, appliances: u32, entered: f64, source_dedup: bool) -> f64 {
    let rate = if entered > 0.0 {
        entered
    } else if source_dedup {
        class.reduced_ingest_bytes_per_sec()
    } else {
        class.ingest_bytes_per_sec()
    };
    f64::from(appliances) * rate
}

/// What the appliances read back with rehydration, logical bytes/s.
pub fn read_bytes_per_sec(class: ApplianceClass, appliances: u32, entered: f64, rehydration_share: f64) -> f64 {
    ingest_bytes_per_sec(class, appliances, entered, false) * rehydration_share
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_figures() {
        // (class, appliances, entered, source dedup, expected MB/s)
        let cases = [
            (ApplianceClass::Dd690, 1, 0.0, false, 388.89),
            (ApplianceClass::Dd690, 1, 0.0, true, 388.89),
            (ApplianceClass::Dr4000, 1, 0.0, false, 833.33),
            (ApplianceClass::Dr4000, 1, 0.0, true, 1_111.11),
            (ApplianceClass::Dr4000, 2, 0.0, true, 2_222.22),
            (ApplianceClass::Dd690, 3, 500.0 * MB, true, 1_500.0),
        ];
        for (class, n, entered, dedup, expected) in cases {
            let got = ingest_bytes_per_sec(class, n, entered, dedup) / MB;
            assert!((got - expected).abs() < 0.01, "{class:?} x{n}: {got}");
        }
    }

    #[test]
    fn rehydrated_reads_are_slower_than_ingest() {
        let read = read_bytes_per_sec(ApplianceClass::Dr4000, 1, 0.0, REHYDRATION_SHARE);
        assert!((read / MB - 333.33).abs() < 0.01);
        assert!(read < ApplianceClass::Dr4000.ingest_bytes_per_sec());
    }
}
