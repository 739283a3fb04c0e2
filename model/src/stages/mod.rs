//! The stages and effects of a backup or restore, one module each: what sets the stage's capacity,
//! its formula, its sources and its tests.

pub mod backhitch;
pub mod cartridges;
pub mod client_class;
pub mod client_cpu;
pub mod client_storage;
pub mod connection;
pub mod distance;
pub mod filemarks;
pub mod interface;
pub mod loss;
pub mod nfs_client;
pub mod per_file;
pub mod ports;
pub mod repository;
pub mod restore_work;
pub mod source_reduction;
pub mod ssh;
pub mod staging;
pub mod streams;
pub mod tape;
pub mod transactions;

/// The rate at which a fixed time per item lets `bytes` per item through, bytes/s: `bytes / seconds`,
/// unlimited (infinity) when the time is zero. Per-file, per-transaction, per-I/O and catalogue costs
/// all take this form.
pub fn per_item_bytes_per_sec(bytes: f64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        bytes / seconds
    } else {
        f64::INFINITY
    }
}

/// The tolerance helper the stages' table-driven tests share.
#[cfg(test)]
pub(crate) mod tests_tolerance {
    /// Whether `got` is within `tolerance` (a share, 1e-3 = 0.1 %) of `expected`.
    pub(crate) fn close(got: f64, expected: f64, tolerance: f64) -> bool {
        (got / expected - 1.0).abs() <= tolerance
    }
}
