//! Per-transaction overhead and aggregation (seed 003).

/// Largest storage-pool I/O the server issues, bytes: seed 003's "256KB I/O blocks" for normal
/// aggregates of 1.5-2.5 MB (read as KiB, TSM's unit).
pub const MAX_STORAGE_POOL_IO_BYTES: f64 = 256.0 * 1024.0;

/// Bytes per aggregate, the unit stored in the storage pool: `files_per_transaction x avg_file_bytes`.
pub fn aggregate_bytes(files_per_transaction: u32, avg_file_bytes: f64) -> f64 {
    f64::from(files_per_transaction) * avg_file_bytes
}

/// Storage-pool I/O size for an aggregate, bytes.
///
/// # Formula
/// `min(aggregate / 2, 256 KiB)`: seed 003 measured 22 and 26 KB per I/O (721,612 KB / 18,729 reads,
/// 863,824 KB / 32,985 writes) for one-file aggregates averaging 49 KiB, about two I/Os per aggregate
/// (49 / 2 = 24.5 KiB); normal 1.5-2.5 MB aggregates reach the 256 KiB ceiling. A fit, not a law.
pub fn storage_pool_io_bytes(aggregate_bytes: f64) -> f64 {
    (aggregate_bytes / 2.0).min(MAX_STORAGE_POOL_IO_BYTES)
}

/// Most one session could move if its bytes took no time, committing one `aggregate` per `overhead`,
/// bytes/s (infinite without overhead).
///
/// The overhead adds to the time the bytes take rather than running beside it, so the chain combines
/// this stage in series ((see `pipeline.rs`)): a session streaming at `r` achieves
/// `aggregate / (overhead + aggregate / r)`. Seed 003: 50,181 B / (7.2101 ms + 1.6502 ms) = 5.66 MB/s.
pub fn commit_bytes_per_sec(aggregate_bytes: f64, overhead_sec: f64) -> f64 {
    super::per_item_bytes_per_sec(aggregate_bytes, overhead_sec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_003_transaction_rate_and_io_size() {
        let commit = commit_bytes_per_sec(50_181.0, 7.2101e-3);
        let rate = crate::pipeline::in_series(29.0 * 1024.0 * 1024.0, commit);
        assert!((rate - 5.6636e6).abs() / 5.6636e6 < 1e-3, "{rate}");
        let io = storage_pool_io_bytes(50_181.0) / 1024.0;
        assert!((22.0..=26.0).contains(&io), "{io} KiB");
        assert_eq!(storage_pool_io_bytes(2e6), MAX_STORAGE_POOL_IO_BYTES);
    }
}
