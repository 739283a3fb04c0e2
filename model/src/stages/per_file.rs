//! Per-file cost: the fixed time every file costs on the client (open, stat, read, close in a backup;
//! create, set attributes, close in a restore) and in the backup server's catalogue, whatever the
//! transaction size.
//!
//! Each stream pays its files' cost on top of moving their bytes, so the client's per-file work is a
//! serial cost of the sessions (see `pipeline.rs`); more streams spread it with the same diminishing
//! returns as reading bytes ([`super::streams::effective_streams`]). The catalogue is one per backup
//! server and caps the files per second of all clients together.

use super::streams::effective_streams;

/// Client time per file per stream in a backup, seconds: 2.086 ms.
///
/// # Formula
/// Calibrated on the HP Data Protector 5.5 Advanced Backup to Disk performance white paper
/// (<https://manualsdump.com/en/manuals/hp-v5.5_software/286267/39>, small-file data set on page 13):
/// 5,535,750 files of 4-16 KB, 49.2 GB (decimal: 8,890 B per file) backed up from an MSA1000 array to
/// an Ultrium 960 at 14.24 MB/s, Windows NTFS, with Data Protector's default concurrency of 4 streams
/// (stated in HP's DP 6.1 performance white paper). The model's other defaults give 4 streams reading
/// 166.5 MB/s (45 MB/s x 3.7: streams add up, `1 + 3 x 0.9`, [`super::streams::effective_streams`])
/// and a 7.21 ms commit per 2.28 MB aggregate on each of the 4 sessions (1,262.6 MB/s), so the files
/// alone must allow `1 / (1/14.24 - 1/166.5 - 1/1,262.6) = 15.766 MB/s`, i.e. 1,773.5 files/s across
/// 3.7 streams' worth of work: 3.7 / 1,773.5 = 2.086 ms per file per stream. A fit to one measurement
/// (the calibration row hp-dp55-small-files-lto3). It was 1.925 ms when four streams did 3.439 streams'
/// worth (model version 2's geometric series); after streams came to add up that figure gave 15.31 MB/s
/// (+7.5 %), so it was refitted to the same row under the formula the model now uses.
pub const BACKUP_FILE_SEC: f64 = 2.086e-3;

/// Client time per file per stream in a restore (create it, write its attributes, close it), seconds:
/// 2.231 ms.
///
/// # Formula
/// Calibrated on HP's Data Protector 6.1 software performance white paper
/// (<http://www.manualshelf.com/manual/hp/hp-data-protector-v6-10-software/hp-data-protector-software-performance-white-paper/page-48.html>):
/// millions of small files restored in one stream over Gigabit Ethernet to a Windows NTFS client at
/// 3.66 MB/s while the tape read 156 MB/s. Taking the 8,888 B average file of HP's small-file set
/// (49.2 GB / 5,535,750 files; the 6.1 paper's own file count was not retrievable) and a stream
/// writing at the default 45 MB/s: `8,888 x (1/3.66 - 1/45) / 1e6 s = 2.231 ms` per file. The HP-UX
/// VxFS client of the same paper restored at 20.18 MB/s, 0.243 ms per file: file systems differ
/// nine-fold, so enter yours when you know it.
pub const RESTORE_FILE_SEC: f64 = 2.231e-3;

/// What the client's per-file work alone would let `clients` move, bytes/s (infinite without a cost).
///
/// # Formula
/// `clients x effective_streams(streams, scaling) x file_bytes / file_sec`: each stream handles one
/// file per `file_sec` on top of its bytes. The HP small-file case: 1 x 3.7 x 8,890 B / 2.086 ms =
/// 15.77 MB/s.
pub fn client_files_bytes_per_sec(clients: u32, streams: u32, scaling: f64, file_bytes: f64, file_sec: f64) -> f64 {
    f64::from(clients) * effective_streams(streams, scaling) * super::per_item_bytes_per_sec(file_bytes, file_sec)
}

/// Backup server catalogue time per file, seconds: 0.1818 ms (5,501 files a second).
///
/// # Formula
/// HP's Data Protector 6.1 performance white paper (the page cited at [`RESTORE_FILE_SEC`]) backed up
/// HP-UX small files at 48.89 MB/s with the catalogue (its IDB) recording every file and not named as
/// the limit; at HP's 8,888 B average file that is 48.89e6 / 8,888 = 5,501 files/s, so the catalogue
/// took at most 1 / 5,501 = 0.1818 ms per file. The model takes that bound as the default, so a
/// server shows the files per second it can record: Bacula's MySQL catalogue managed 1,500 to 2,000
/// inserts a second (Bacula-users, April 2009,
/// <http://adsm.org/lists/html/Bacula-users/2009-04/msg00003.html>), 0.5 to 0.67 ms per file; enter
/// yours in `catalog_ms` (0 there means this default).
pub const CATALOGUE_FILE_SEC: f64 = 8_888.0 / 48.89e6;

/// The catalogue time per file to use: the entered one, or [`CATALOGUE_FILE_SEC`] when 0 is entered.
pub fn catalogue_file_sec(entered: f64) -> f64 {
    if entered > 0.0 {
        entered
    } else {
        CATALOGUE_FILE_SEC
    }
}

/// What the backup server's catalogue lets through, bytes/s: `file_bytes / catalog_sec`, one insert per
/// file for every client together (a shared stage of the server).
///
/// # Formula
/// `file_bytes / catalog_sec`. With the default 0.1818 ms and 1 KB files: 5.5 MB/s, 5,501 files/s
/// however many clients send.
pub fn catalogue_bytes_per_sec(file_bytes: f64, catalog_sec: f64) -> f64 {
    super::per_item_bytes_per_sec(file_bytes, catalog_sec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::in_series;

    #[test]
    fn the_hp_small_file_backup_comes_out_at_its_measured_14_24_mb_s() {
        let files = client_files_bytes_per_sec(1, 4, 0.9, 8_890.0, BACKUP_FILE_SEC);
        assert!((files / 15.768e6 - 1.0).abs() < 1e-3, "{files}");
        let streams = 45e6 * effective_streams(4, 0.9);
        let commits = 4.0 * 256.0 * 8_890.0 / crate::TSM_TRANSACTION_OVERHEAD_SEC;
        let rate = in_series(in_series(streams, files), commits);
        assert!((rate / 14.24e6 - 1.0).abs() < 1e-3, "{rate}");
    }

    #[test]
    fn the_windows_small_file_restore_runs_at_3_66_mb_s() {
        let files = client_files_bytes_per_sec(1, 1, 0.9, 8_888.0, RESTORE_FILE_SEC);
        let rate = in_series(45e6, files);
        assert!((rate / 3.66e6 - 1.0).abs() < 1e-3, "{rate}");
    }

    #[test]
    fn no_cost_lets_everything_through() {
        assert_eq!(client_files_bytes_per_sec(1, 1, 0.9, 1.0, 0.0), f64::INFINITY);
        assert_eq!(catalogue_bytes_per_sec(1.0, 0.0), f64::INFINITY);
        assert_eq!(catalogue_bytes_per_sec(8_000.0, 0.5e-3), 16e6);
        assert_eq!(catalogue_file_sec(0.5e-3), 0.5e-3);
        let default = catalogue_bytes_per_sec(1_000.0, catalogue_file_sec(0.0));
        assert!((default / 1_000.0 - 5_500.6).abs() < 1.0, "{} files/s", default / 1_000.0);
    }
}
