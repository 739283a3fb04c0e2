//! Data reduction at the source: client-side compression and deduplication.
//!
//! Reducing data costs client CPU ([`super::client_cpu`]) but puts fewer bytes on the wire: every stage after the
//! client sees `1 / (compression x deduplication)` of the data set. The model counts throughput in
//! logical bytes (the data set protected per second), so a stage that carries reduced bytes lets
//! `ratio` times its physical capacity of logical data through.

/// Rate at which one core of a client runs a tool's whole reduction pipeline (chunking, hashing,
/// compression, encryption), logical bytes/s: 50 MB/s. One stream of a single-threaded tool uses one
/// core ([`super::client_cpu::cores_used`]).
///
/// # Formula
/// A borg 1.1 client (single-threaded chunking, hashing, compression and encryption) on a Ryzen 7
/// 3700X "never goes over 50MB/s", on 1GbE and again on 10GbE, while rsync filled the 1GbE link
/// between the same hosts (<https://github.com/borgbackup/borg/issues/6385>): the CPU, not the
/// network, held one stream to 50 MB/s (read as decimal MB).
pub const REDUCTION_BYTES_PER_SEC: f64 = 50e6;

/// Logical bytes per physical byte after reduction: `compression x deduplication` (at least 1).
pub fn reduction_ratio(compression: f64, deduplication: f64) -> f64 {
    (compression * deduplication).max(1.0)
}

/// Logical bytes per byte on the wire when restoring: the compression alone (at least 1).
///
/// # Formula
/// A restore cannot send only the chunks the client lacks: the client is being rebuilt, so every
/// chunk travels, and deduplication saves nothing on the way back (Veeam's and Commvault's sizing
/// guides: restores are "rehydrated"). Client-side compression still holds, since the client
/// decompresses what it receives. So the network of a restore carries `data / compression`.
pub fn restore_wire_ratio(compression: f64) -> f64 {
    compression.max(1.0)
}

/// What the clients' reduction CPU lets through, logical bytes/s:
/// `clients x effective streams x per-stream rate`.
pub fn reduction_bytes_per_sec(clients: u32, effective_streams: f64, per_stream_bytes_per_sec: f64) -> f64 {
    f64::from(clients) * effective_streams * per_stream_bytes_per_sec
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_stream_stays_at_its_cpu_rate_whatever_the_link() {
        assert_eq!(reduction_bytes_per_sec(1, 1.0, REDUCTION_BYTES_PER_SEC), 50e6);
        assert_eq!(reduction_ratio(2.0, 1.5), 3.0);
        assert_eq!(reduction_ratio(0.5, 1.0), 1.0);
        assert_eq!(restore_wire_ratio(2.0), 2.0);
        assert_eq!(restore_wire_ratio(0.5), 1.0);
    }
}

#[cfg(test)]
mod drive_compression_tests {
    use crate::codec::decode;

    /// A page trial: client-side AES-GCM before an LTO-4 at 2:1 was planned at 237 MB/s, 11 h 51 min and
    /// 7 cartridges for 10 TB. Ciphertext does not compress in the drive: 119 MB/s, 13 cartridges.
    #[test]
    fn encrypted_data_is_written_at_one_to_one() {
        let link = "v=1&reduction=on&cpu_encrypt=on&clients=4&client_nic=10GbE&stream_rate=200&drives=1&data=10TB";
        let s = decode(link).scenario;
        assert_eq!(s.drive_compression(), 1.0);
        let report = crate::evaluate(&s);
        assert!((report.throughput_bytes_per_sec / 119.2e6 - 1.0).abs() < 0.005, "{}", report.throughput_bytes_per_sec);
        assert_eq!(report.cartridges, Some(13));
        let basis = report.basis(crate::StageId::TapeDrives, crate::units::UnitSystem::Decimal).unwrap();
        assert!(basis.starts_with("LTO-4 full-height: native 120 MB/s × compression 1:1 (the clients encrypt, and the drive finds none of the data's 2:1 in ciphertext)"), "{basis}");
        // Not encrypted, the drive still finds the 2:1; compressed at the source 2:1, what is left of it.
        assert_eq!(decode(&link.replace("&cpu_encrypt=on", "")).scenario.drive_compression(), 2.0);
        assert_eq!(decode("v=1&reduction=on&src_compression=1.6&compression=2").scenario.drive_compression(), 1.25);
    }
}
