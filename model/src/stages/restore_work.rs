//! The restore's own costs on the client and the drive: the target disks' write rate, the
//! application's restore work, and locating each file of a partial restore.
//!
//! # Formula
//! - **Target disks**: the clients' disks write at most `clients x disk rate` (a shared stage of the
//!   restore chain; unlimited when not entered).
//! - **Application work**: an application that does its own work on what is restored (a database
//!   initialising its files before the data streams in, or replaying its logs) spends `1 / app rate`
//!   seconds per byte on top of writing it, so each client's restore runs at
//!   `1 / (1 / writes + 1 / app rate)`: a serial cost of `clients x app rate`.
//! - **Locate**: a partial restore of files scattered over the tape makes the drive locate each one
//!   before reading it; a locate takes the drive's average space time from load point, `locate`
//!   seconds ([`super::cartridges::motion_sec`]: 45 s on LTO-9, IBM), so each drive moves at most
//!   `file / locate` for that part. A file is located by one drive, so the `n` files are shared out
//!   whole and the drive with the most locates `ceil(n / drives)` of them: a serial cost of
//!   `n / ceil(n / drives) x file / locate` (one file on four drives is one locate, not a quarter of
//!   one). The restore of `n` files of `file` bytes then takes `n x file / rate`, with the locates
//!   included in the rate.

/// Rate the clients' application restore work alone would allow, bytes/s: `clients x rate`
/// (infinity when not entered).
pub fn application_bytes_per_sec(clients: u32, rate_bytes_per_sec: f64) -> f64 {
    if rate_bytes_per_sec > 0.0 {
        f64::from(clients) * rate_bytes_per_sec
    } else {
        f64::INFINITY
    }
}

/// Rate the drives' locates alone would allow in a partial restore of `files` files, bytes/s:
/// `files / ceil(files / drives) x file / locate` (the drives that locate at once, whole files each).
pub fn locate_bytes_per_sec(drives: u32, files: u32, file_bytes: f64, locate_sec: f64) -> f64 {
    let (drives, files) = (drives.max(1), files.max(1));
    let at_once = f64::from(files) / f64::from(files.div_ceil(drives));
    at_once * super::per_item_bytes_per_sec(file_bytes, locate_sec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn application_work_and_locates() {
        assert_eq!(application_bytes_per_sec(2, 0.0), f64::INFINITY);
        assert_eq!(application_bytes_per_sec(2, 150e6), 300e6);
        // (drives, files, file bytes, locate s, bytes/s)
        let table = [
            (1, 10, 45e6, 45.0, 1e6),
            (4, 100, 1e9, 45.0, 4e9 / 45.0),
            (2, 7, 1e6, 0.0, f64::INFINITY),
            // One file is one locate on one drive, however many drives.
            (4, 1, 45e6, 45.0, 1e6),
            // Three files on two drives: one drive locates two, so 3 files in 90 s.
            (2, 3, 45e6, 45.0, 1.5e6),
        ];
        for (drives, files, file, locate, expected) in table {
            let got = locate_bytes_per_sec(drives, files, file, locate);
            let same = got == expected || (got - expected).abs() <= expected * 1e-12;
            assert!(same, "{drives} drives, {files} x {file} / {locate}: {got}");
        }
    }

    #[test]
    fn an_application_cost_in_series_with_the_writes() {
        // Two streams writing 431 MB/s and 147 MB/s of application work: 1 / (1/431 + 1/147) = 109.6.
        let rate = crate::pipeline::in_series(431e6, application_bytes_per_sec(1, 147e6));
        assert!((rate / 109.6e6 - 1.0).abs() < 2e-3, "{rate}");
    }
}
