//! Tape drives, the FC ports that carry them, static pairing and shoe-shining (seed 000).

use crate::catalog::lto::{LtoGeneration, BACKHITCH_SEC};
use crate::catalog::FcSpeed;

/// Compression the drive achieves: the data's ratio, capped at the generation's rated ratio (a drive's
/// compressed rate cannot exceed native x rated ratio).
pub fn effective_compression(lto: LtoGeneration, compression_ratio: f64) -> f64 {
    compression_ratio.clamp(1.0, lto.spec().rated_compression_ratio)
}

/// Host data one drive accepts while streaming, bytes/s: `native rate x effective compression`.
/// Seed 000's LTO-4 sustained 225 MB/s = 120 MB/s x 1.875.
pub fn drive_bytes_per_sec(lto: LtoGeneration, compression_ratio: f64) -> f64 {
    lto.spec().native_bytes_per_sec * effective_compression(lto, compression_ratio)
}

/// Most host data a drive can ever accept, bytes/s: native rate x rated compression (LTO-4: 240 MB/s).
pub fn drive_top_bytes_per_sec(lto: LtoGeneration) -> f64 {
    let spec = lto.spec();
    spec.native_bytes_per_sec * spec.rated_compression_ratio
}

/// Slowest host rate at which the drive keeps streaming, bytes/s: its lowest speed-matching rate
/// (native) times the effective compression.
pub fn lowest_streaming_bytes_per_sec(lto: LtoGeneration, compression_ratio: f64) -> f64 {
    lto.spec().lowest_speed_matching_bytes_per_sec * effective_compression(lto, compression_ratio)
}

/// Most a drive delivers while shoe-shining, bytes/s.
///
/// # Formula
/// Fed below its lowest streaming rate `r`, the drive writes a buffer-full `B` at `r`, runs dry, stops
/// and backhitches for [`BACKHITCH_SEC`]: `B / (B / r + backhitch)`. While the feed is below this the
/// buffer hides the stops (only wear and the flag); between it and `r` the drive holds the backup down.
/// LTO-4 at 1.875:1: r = 56.3 MB/s, B = 256 MB, 256 / (4.55 + 3) = 33.9 MB/s.
pub fn shoe_shining_bytes_per_sec(lto: LtoGeneration, compression_ratio: f64) -> f64 {
    let r = lowest_streaming_bytes_per_sec(lto, compression_ratio);
    let buffer = lto.spec().buffer_bytes;
    buffer / (buffer / r + BACKHITCH_SEC)
}

/// Sum over `slots` of `min(slot_rate, k x item_rate)` when `items` are dealt round robin over `slots`
/// (so `items % slots` slots hold one more). Used for drives on FC ports and clients on drives.
pub fn round_robin_bytes_per_sec(items: u32, slots: u32, item_bytes_per_sec: f64, slot_bytes_per_sec: f64) -> f64 {
    if slots == 0 {
        return 0.0;
    }
    let (q, r) = (items / slots, items % slots);
    let full = |k: u32| slot_bytes_per_sec.min(f64::from(k) * item_bytes_per_sec);
    f64::from(r) * full(q + 1) + f64::from(slots - r) * full(q)
}

/// What the FC ports can carry to their drives, bytes/s.
///
/// # Formula
/// Drives are spread round robin over the ports. When some port has more drive throughput behind it than
/// it carries (two LTO-4 drives at 225 MB/s behind one 4GFC port at 400 MB/s), the ports carry
/// `sum over ports of min(port throughput, drives on it x drive_bytes_per_sec)`, less than the drives
/// could write, and the ports are the bottleneck. Otherwise every port in use
/// (`min(ports, drives)`) can run at its full FC throughput, and a port without a drive adds nothing.
pub fn fc_bytes_per_sec(fc: FcSpeed, ports: u32, drives: u32, drive_bytes_per_sec: f64) -> f64 {
    let port = fc.throughput_bytes_per_sec();
    let loaded = round_robin_bytes_per_sec(drives, ports, drive_bytes_per_sec, port);
    if loaded < f64::from(drives) * drive_bytes_per_sec * (1.0 - 1e-12) {
        loaded
    } else {
        f64::from(ports.min(drives)) * port
    }
}

/// Cartridges needed for a data set: `ceil(data / (native capacity x effective compression))`.
pub fn cartridges(data_bytes: f64, lto: LtoGeneration, compression_ratio: f64) -> u64 {
    let per_cartridge = lto.spec().native_capacity_bytes * effective_compression(lto, compression_ratio);
    let count = (data_bytes / per_cartridge).ceil();
    if count.is_finite() && count > 0.0 {
        count.min(u64::MAX as f64) as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lto4_rates_from_the_seed() {
        let rate = drive_bytes_per_sec(LtoGeneration::Lto4, 1.875);
        assert!((rate - 225e6).abs() < 1.0);
        assert_eq!(drive_top_bytes_per_sec(LtoGeneration::Lto4), 240e6);
        assert_eq!(drive_bytes_per_sec(LtoGeneration::Lto4, 9.0), 240e6, "capped by the rated ratio");
        let shoe = shoe_shining_bytes_per_sec(LtoGeneration::Lto4, 1.875);
        assert!((shoe - 33.87e6).abs() < 0.05e6, "{shoe}");
    }

    #[test]
    fn drives_on_ports() {
        let table = [
            // (ports, drives, expected MB/s) for LTO-4 at 225 MB/s on 4GFC
            (4, 4, 1600.0),
            (1, 2, 400.0),
            (2, 3, 625.0),
            (4, 1, 400.0),
        ];
        for (ports, drives, expected) in table {
            let got = fc_bytes_per_sec(FcSpeed::Gfc4, ports, drives, 225e6) / 1e6;
            assert!((got - expected).abs() < 1e-9, "{ports} ports {drives} drives: {got}");
        }
    }

    #[test]
    fn cartridges_round_up() {
        assert_eq!(cartridges(1.6e12, LtoGeneration::Lto4, 2.0), 1);
        assert_eq!(cartridges(1.6e12 + 1.0, LtoGeneration::Lto4, 2.0), 2);
        assert_eq!(cartridges(0.0, LtoGeneration::Lto4, 2.0), 0);
    }
}
