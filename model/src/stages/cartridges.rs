//! Cartridge handling: what changing cartridges and preparing new LTO-9 cartridges add to a job.
//!
//! A drive that fills its cartridge stops writing while it rewinds and unloads it, the library mounts
//! the next, and the drive loads it and locates the point to write or read. A new LTO-9 cartridge
//! (L9 media) also runs media optimisation on its first load, before the host can use it.
//!
//! # Formula
//! Cartridges are spread evenly over the drives in use, which change them in parallel; the first
//! cartridge of each drive is taken as already mounted when the job starts (as in the measurements the
//! model is checked on), so each drive makes `ceil(cartridges / drives) - 1` changes, each costing
//! `unload + load + locate`. New cartridges are likewise spread: each drive optimises
//! `ceil(new / drives)` of them, `optimisation` each. The job takes
//! `bytes / throughput + changes x (unload + load + locate) + new per drive x optimisation`.
//! A restore makes the same changes and no optimisation.

use crate::catalog::LtoGeneration;

/// Average media optimisation time of a new LTO-9 cartridge on its first load, seconds: 40 min.
///
/// Source: IBM TS4500 documentation, "Media optimization": "Media optimization averages 40 minutes
/// per first load of a cartridge to a tape drive. Although most media optimizations will complete
/// within 60 minutes some media optimizations may take up to 2 hours"
/// (<https://www.ibm.com/docs/en/ts4500-tape-library?topic=performance-media-optimization>); IBM's
/// performance table gives 40-120 minutes for an uninitialized L9 cartridge
/// (<https://www.ibm.com/docs/en/dtl/2.12.3?topic=performance-lto-specifications>). Oracle's SL150
/// note quotes IBM: "20 minutes to 2 hours"
/// (<https://docs.oracle.com/en/storage/tape-storage/storagetek-sl150-modular-tape-library/slofs/library-support-lto9-tape-calibration.html>).
/// LTO-10 and LTO-8 media need none.
pub const MEDIA_OPTIMISATION_SEC: f64 = 40.0 * 60.0;

/// Load-to-ready, unload and average locate (space from load point) times of a generation's
/// full-height drive, seconds, and whether they are assumed.
///
/// Source: IBM TS4500 "Performance specifications for LTO tape drives"
/// (<https://www.ibm.com/support/knowledgecenter/en/STQRQ9/com.ibm.storage.ts4500.doc/performance_specs_lto_drives.html>):
/// load-to-ready 12, 12, 15, 15, 17 s and unload 17, 17, 20, 24, 30 s for LTO-5 to LTO-9; average
/// space record time from load point 45 s for LTO-9. IBM "LTO specifications" (Diamond Tape Library,
/// <https://www.ibm.com/docs/en/dtl/2.12.3?topic=performance-lto-specifications>): LTO-10 load 12 s,
/// unload 27 s, locate 65 s (LA media). **Assumed**: the locate time of LTO-5 to LTO-8 (LTO-9's 45 s:
/// not found in the excerpts read) and every figure of LTO-1 to LTO-4 (LTO-5's: no table found).
pub fn motion_sec(generation: LtoGeneration) -> CartridgeMotion {
    use LtoGeneration::*;
    let (load, unload, locate, assumed) = match generation {
        Lto1 | Lto2 | Lto3 | Lto4 => (12.0, 17.0, 45.0, true),
        Lto5 | Lto6 => (12.0, 17.0, 45.0, true),
        Lto7 => (15.0, 20.0, 45.0, true),
        Lto8 => (15.0, 24.0, 45.0, true),
        Lto9 => (17.0, 30.0, 45.0, false),
        Lto10 => (12.0, 27.0, 65.0, false),
    };
    CartridgeMotion { load_sec: load, unload_sec: unload, locate_sec: locate, assumed }
}

/// A drive's cartridge motion times, seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CartridgeMotion {
    /// Load to ready.
    pub load_sec: f64,
    /// Rewind and unload.
    pub unload_sec: f64,
    /// Average locate (space from load point).
    pub locate_sec: f64,
    /// Whether any figure is assumed.
    pub assumed: bool,
}

impl CartridgeMotion {
    /// One cartridge change: unload + load + locate.
    pub fn change_sec(&self) -> f64 {
        self.unload_sec + self.load_sec + self.locate_sec
    }
}

/// What cartridge handling adds to one job, per drive (the drives work in parallel).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Handling {
    /// Cartridge changes each drive makes.
    pub changes_per_drive: u64,
    /// Time of one change, seconds.
    pub change_sec: f64,
    /// New cartridges each drive optimises.
    pub new_per_drive: u64,
    /// Media optimisation time of one, seconds.
    pub optimisation_sec: f64,
}

impl Handling {
    /// The handling for `cartridges` spread over `drives`, of which `new` are new cartridges needing
    /// `optimisation_sec` each, with `motion`'s times. A job loads no more new cartridges than it
    /// writes: `new` counts at most `cartridges`.
    pub fn new(cartridges: u64, drives: u32, new: u64, optimisation_sec: f64, motion: CartridgeMotion) -> Self {
        let drives = u64::from(drives.max(1));
        Self {
            changes_per_drive: cartridges.div_ceil(drives).saturating_sub(1),
            change_sec: motion.change_sec(),
            new_per_drive: new.min(cartridges).div_ceil(drives),
            optimisation_sec: optimisation_sec.max(0.0),
        }
    }

    /// Time the cartridge changes add, seconds.
    pub fn changes_sec(&self) -> f64 {
        self.changes_per_drive as f64 * self.change_sec
    }

    /// Time media optimisation adds, seconds.
    pub fn optimisation_total_sec(&self) -> f64 {
        self.new_per_drive as f64 * self.optimisation_sec
    }

    /// Everything handling adds to the job, seconds.
    pub fn total_sec(&self) -> f64 {
        self.changes_sec() + self.optimisation_total_sec()
    }

    /// The same changes without optimisation (a restore reads cartridges already prepared).
    pub fn without_optimisation(self) -> Self {
        Self { new_per_drive: 0, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_loads_no_more_new_cartridges_than_it_writes() {
        // Two drives each writing one LTO-9 cartridge, ten new ones entered: two are optimised, one per
        // drive, 40 min (it counted five per drive, 3 h 20 min).
        let motion = motion_sec(crate::catalog::LtoGeneration::Lto9);
        let handling = Handling::new(2, 2, 10, 2400.0, motion);
        assert_eq!(handling.new_per_drive, 1);
        assert_eq!(handling.optimisation_total_sec(), 2400.0);
        assert_eq!(Handling::new(8, 2, 3, 2400.0, motion).new_per_drive, 2, "three new of eight: two on one drive");
    }

    #[test]
    fn changes_and_optimisation_per_drive() {
        let lto9 = motion_sec(LtoGeneration::Lto9);
        assert_eq!(lto9.change_sec(), 30.0 + 17.0 + 45.0);
        // (cartridges, drives, new, changes per drive, new per drive, seconds added)
        let table = [
            (1, 1, 0, 0, 0, 0.0),
            (3, 1, 0, 2, 0, 184.0),
            (8, 4, 8, 1, 2, 92.0 + 4_800.0),
            (9, 4, 0, 2, 0, 184.0),
            (0, 2, 0, 0, 0, 0.0),
        ];
        for (cartridges, drives, new, changes, per_drive, seconds) in table {
            let h = Handling::new(cartridges, drives, new, MEDIA_OPTIMISATION_SEC, lto9);
            assert_eq!((h.changes_per_drive, h.new_per_drive), (changes, per_drive), "{cartridges} on {drives}");
            assert!((h.total_sec() - seconds).abs() < 1e-9, "{cartridges} on {drives}: {}", h.total_sec());
        }
        assert_eq!(Handling::new(8, 4, 8, MEDIA_OPTIMISATION_SEC, lto9).without_optimisation().total_sec(), 92.0);
    }

    #[test]
    fn every_generation_has_motion_times() {
        for generation in LtoGeneration::ALL {
            let m = motion_sec(generation);
            assert!(m.load_sec > 0.0 && m.unload_sec > 0.0 && m.locate_sec > 0.0);
        }
    }
}
