//! Filemarks: a backup program that closes a tape file with a synchronous filemark stops the drive.
//!
//! Bareos ends a tape file every `Maximum File Size` bytes and writes a filemark there; the default is
//! 1,000,000,000 B (its storage daemon's directive table, `core/src/stored/stored_conf.cc`:
//! `"MaximumFileSize", CFG_TYPE_SIZE64, ... "1000000000"`; Bacula, which Bareos forked from, has
//! the same directive). A filemark written
//! without the immediate bit (Linux's `MTWEOF`; `MTWEOFI` is "write an end-of-file record (mark) in
//! immediate mode", `include/uapi/linux/mtio.h`) returns only once the drive has written its whole
//! buffer to tape. The host sends nothing meanwhile, so the drive runs dry, stops, and must backhitch
//! before it can write the next file: each filemark costs one backhitch ([`super::backhitch`]).
//!
//! # Formula
//! A file of `F` host bytes written at the streaming rate `v`, then one backhitch of `T` seconds:
//! `rate = F / (F / v + T)`, which is `v` in series with `F / T` (`1 / (1 / v + 1 / (F / T))`).
//! The share of the drive's time lost is `T / (F / v + T)`. An LTO-9 streaming 398 MB/s with a
//! filemark every 1 GB and the assumed 3 s backhitch: `1e9 / (2.514 + 3) = 181.3 MB/s`, 54 % lost.
//! `F = 0` means filemarks only where a job ends (or written with the immediate bit): no cost.
//! Restores read across filemarks without stopping, so only writing pays.

use super::per_item_bytes_per_sec;
use crate::pipeline::in_series;

/// What one drive streams when it stops for a backhitch of `backhitch_sec` after every
/// `bytes_between_filemarks` host bytes, bytes/s (`streaming_bytes_per_sec` unchanged when the spacing is 0).
pub fn streaming_with_filemarks(streaming_bytes_per_sec: f64, bytes_between_filemarks: f64, backhitch_sec: f64) -> f64 {
    if bytes_between_filemarks <= 0.0 {
        return streaming_bytes_per_sec;
    }
    in_series(streaming_bytes_per_sec, per_item_bytes_per_sec(bytes_between_filemarks, backhitch_sec))
}

/// Share of a writing drive's time spent on filemarks' backhitches, 0 to 1 (0 without filemarks).
pub fn share_lost(streaming_bytes_per_sec: f64, bytes_between_filemarks: f64, backhitch_sec: f64) -> f64 {
    if bytes_between_filemarks <= 0.0 || backhitch_sec <= 0.0 || streaming_bytes_per_sec <= 0.0 {
        return 0.0;
    }
    let writing = bytes_between_filemarks / streaming_bytes_per_sec;
    (backhitch_sec / (writing + backhitch_sec)).clamp(0.0, 1.0)
}

/// The smallest spacing, rounded up to whole GB (10^9 B), at which filemarks cost at most `share` of
/// a drive streaming `streaming_bytes_per_sec` with backhitches of `backhitch_sec`, bytes.
///
/// # Formula
/// `T / (F / v + T) <= share` gives `F >= v T (1 - share) / share`. An LTO-9 at 397.7 MB/s with 3 s
/// backhitches: `397.7e6 x 3 x 0.95 / 0.05 = 22.7 GB`, so 23 GB.
pub fn spacing_for_share(streaming_bytes_per_sec: f64, backhitch_sec: f64, share: f64) -> f64 {
    if share <= 0.0 || share >= 1.0 {
        return 0.0;
    }
    let bytes = streaming_bytes_per_sec * backhitch_sec.max(0.0) * (1.0 - share) / share;
    (bytes / 1e9).ceil() * 1e9
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stages::tests_tolerance::close;

    #[test]
    fn each_filemark_costs_one_backhitch() {
        // (streaming MB/s, MB between filemarks, backhitch s, MB/s written, share lost)
        let table = [
            // An LTO-9 with Bareos's default 1 GB files (the module's example).
            (397.72, 1_000.0, 3.0, 181.35, 0.5440),
            // The same drive with 50 GB files: the backhitches nearly vanish.
            (397.72, 50_000.0, 3.0, 388.45, 0.0233),
            // An LTO-5 at 2:1 with Bacula's 1.073 GB files.
            (262.89, 1_073.0, 3.0, 151.52, 0.4236),
        ];
        for (streaming, between, t, rate, share) in table {
            let got = streaming_with_filemarks(streaming * 1e6, between * 1e6, t) / 1e6;
            assert!(close(got, rate, 1e-3), "{between} MB: {got} MB/s");
            let lost = share_lost(streaming * 1e6, between * 1e6, t);
            assert!((lost - share).abs() < 1e-3, "{between} MB: share {lost}");
            // What is written plus what is lost is the streaming rate's time.
            assert!(close(got / streaming, 1.0 - lost, 1e-9));
        }
    }

    #[test]
    fn the_spacing_that_keeps_the_loss_under_five_percent() {
        let spacing = spacing_for_share(397.72e6, 3.0, 0.05);
        assert_eq!(spacing, 23e9);
        assert!(share_lost(397.72e6, spacing, 3.0) <= 0.05);
        assert!(share_lost(397.72e6, spacing - 1e9, 3.0) > 0.05);
        assert_eq!(spacing_for_share(397.72e6, 0.0, 0.05), 0.0);
    }

    #[test]
    fn no_filemarks_or_no_backhitch_cost_nothing() {
        assert_eq!(streaming_with_filemarks(300e6, 0.0, 3.0), 300e6);
        assert_eq!(streaming_with_filemarks(300e6, 1e9, 0.0), 300e6);
        assert_eq!(share_lost(300e6, 0.0, 3.0), 0.0);
        assert_eq!(share_lost(300e6, 1e9, 0.0), 0.0);
    }
}
