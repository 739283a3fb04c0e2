//! Tape drives as they behave: streaming rate, speed matching and shoe-shining, continuous in the feed.
//!
//! A drive writes (or reads) at any host rate between its lowest speed-matching rate and its top rate
//! without stopping. Fed more slowly, it writes at its lowest speed until its buffer runs dry, stops,
//! backhitches and waits for data; the buffers (its own plus the backup software's) fill meanwhile.
//! While a backhitch's worth of feed fits in those buffers the host never waits, so the drive delivers
//! the whole feed (and wears tape and heads); beyond that the host waits and the drive delivers less.
//! The same holds reading for a slow restore client: the buffer fills, the drive stops and repositions.

use crate::catalog::lto::LtoSpec;
use crate::pipeline::in_series;

/// One tape drive as the chain sees it, in host bytes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drive {
    /// Host rate at full speed, bytes/s: native x compression, in series with the per-I/O cost.
    pub streaming_bytes_per_sec: f64,
    /// Slowest host rate the drive matches without stopping, bytes/s.
    pub lowest_bytes_per_sec: f64,
    /// Bytes of buffering between the host and the tape: the drive's buffer plus the backup software's
    /// buffers for the device.
    pub buffer_bytes: f64,
    /// Time one backhitch takes, seconds.
    pub backhitch_sec: f64,
}

/// The compression the drive achieves: the data's ratio, capped at the format's rated ratio.
pub fn effective_compression(spec: &LtoSpec, compression_ratio: f64) -> f64 {
    compression_ratio.clamp(1.0, spec.rated_compression_ratio)
}

/// Rate of one device at which the per-I/O cost alone would let `block_bytes` blocks through, bytes/s:
/// `block / io_sec` (infinite without a cost).
///
/// # Formula
/// Each SCSI write (or read) command of one block costs a fixed time on top of its bytes, and the
/// drive's data path waits for it, so it adds to each block's time at the drive's rate:
/// `block / (io_sec + block / rate)`. A block-size sweep on an HP LVD SCSI drive (Beowulf list, June
/// 2008, <http://beowulf.org/pipermail/beowulf/2008-June/021943.html>, compression off) wrote 37, 49,
/// 54 and 57 MB/s at 32, 64, 128 and 256 KiB blocks: a 60 MB/s drive with 0.24 ms per command.
pub fn per_io_bytes_per_sec(block_bytes: f64, io_sec: f64) -> f64 {
    super::per_item_bytes_per_sec(block_bytes, io_sec)
}

/// A drive's rate `rate` in series with the per-I/O cost of `block_bytes` blocks at `io_sec` each,
/// bytes/s: the streaming rate before any filemark ([`Drive::new`]'s formula).
pub fn in_series_per_io(rate: f64, block_bytes: f64, io_sec: f64) -> f64 {
    in_series(rate, per_io_bytes_per_sec(block_bytes, io_sec))
}

/// Per-I/O cost of a tape write or read on Fibre Channel or SAS, seconds: 0.015 ms.
///
/// # Formula
/// An LTO-7 written with `dd` at 128 KiB blocks from a RAM disk streamed at "about 300 MB per
/// second", its native rate (Hacker News, <https://hcy.dannield.com/item?id=27499156>). Reading that
/// as at least 290 MB/s bounds the cost: `131,072 / 290e6 - 131,072 / 300e6 = 0.015 ms`. Parallel SCSI
/// paths cost more: 0.24 ms in the Beowulf sweep ([`per_io_bytes_per_sec`]).
pub const IO_SEC: f64 = 0.015e-3;

/// Per-READ cost of a restore through LTFS, seconds: 0.4997 ms.
///
/// # Formula
/// LTFS writes through a 50 MB buffer drained by its own thread, but reads through one block-sized
/// buffer and issues the next READ only when the reader crosses into the next block, so each 512 KiB
/// block pays a command's turnaround in series with its bytes (LTFS's maintainer, ltfs issue 65,
/// <https://github.com/LinearTapeFileSystem/ltfs/issues/65>: "there is only 512KB buffer for read. So
/// LTFS need to issue a READ command when requested block is over the boundary of current block").
/// In the same comment he measured four drives through LTFS: writes at 283.5, 283.1, 282.6 and
/// 273.8 MB/s (mean 280.75), reads of the same data at 222.2, 222.2, 221.1 and 220.4 MB/s (mean
/// 221.49). The write is the drive's rate; with [`per_io_bytes_per_sec`] in series for reads,
/// `524,288 / 221.49e6 - 524,288 / 280.75e6 = 0.4997 ms` per READ. LTFS's block is 524,288 bytes by
/// default (`LTFS15004I LTFS volume blocksize: 524288` in mkltfs's log, ltfs issue 402,
/// <https://github.com/LinearTapeFileSystem/ltfs/issues/402>). A fit to one measurement (the
/// validation row ltfs-65-four-drives-read); it holds the whole host path of one READ (SCSI command,
/// LTFS, FUSE), so it applies to LTFS on Linux of that era.
pub const LTFS_READ_IO_SEC: f64 = 524_288.0 / 221.485_53e6 - 524_288.0 / 280.747_821e6;

/// Per-READ cost of a restore, seconds: the entered read cost, or where none is entered (0) the
/// per-I/O cost of writes.
///
/// # Formula
/// `restore_io > 0 ? restore_io : io`. Backup software keeps several buffers of READs queued, so its
/// reads cost what its writes do ([`IO_SEC`] on FC or SAS); a reader with one READ outstanding and its
/// own turnaround (LTFS: [`LTFS_READ_IO_SEC`]) pays that turnaround per block instead.
pub fn read_io_sec(restore_io_sec: f64, io_sec: f64) -> f64 {
    if restore_io_sec > 0.0 {
        restore_io_sec
    } else {
        io_sec
    }
}

impl Drive {
    /// A drive with figures `spec` writing data that compresses `compression_ratio`:1, in `block_bytes`
    /// blocks at `io_sec` each, behind `software_buffer_bytes` of backup-software buffers.
    /// `native_override_bytes_per_sec` replaces the catalogue's native rate when positive.
    ///
    /// # Formula
    /// Streaming: `in_series(native x compression, block / io_sec)`; lowest: the lowest speed-matching
    /// rate x compression (never above streaming); buffer: the drive's plus the software's.
    pub fn new(
        spec: &LtoSpec,
        compression_ratio: f64,
        native_override_bytes_per_sec: f64,
        block_bytes: f64,
        io_sec: f64,
        software_buffer_bytes: f64,
        backhitch_sec: f64,
    ) -> Self {
        let compression = effective_compression(spec, compression_ratio);
        let native =
            if native_override_bytes_per_sec > 0.0 { native_override_bytes_per_sec } else { spec.native_bytes_per_sec };
        let lowest_native = spec.lowest_speed_matching_bytes_per_sec * native / spec.native_bytes_per_sec;
        let streaming = in_series_per_io(native * compression, block_bytes, io_sec);
        Self {
            streaming_bytes_per_sec: streaming,
            lowest_bytes_per_sec: (lowest_native * compression).min(streaming),
            buffer_bytes: spec.buffer_bytes + software_buffer_bytes,
            backhitch_sec: backhitch_sec.max(0.0),
        }
    }

    /// Whether a feed of `feed_bytes_per_sec` is below the lowest speed-matching rate (the drive
    /// stops and starts: shoe-shining).
    pub fn shoe_shines(&self, feed_bytes_per_sec: f64) -> bool {
        feed_bytes_per_sec < self.lowest_bytes_per_sec * (1.0 - 1e-12)
    }

    /// Host bytes/s the drive moves when offered `feed_bytes_per_sec` (writing or reading; see
    /// [`super::backhitch`]).
    ///
    /// # Formula
    /// With feed `f`, lowest rate `r`, buffers `B` and backhitch `T`:
    /// - `f >= r`: `min(f, streaming)` (speed matching);
    /// - `f x T <= B`: `f` (the buffers hide every stop);
    /// - otherwise `r x B / ((r - f) x T + B)`: each cycle the drive backhitches for `T` while the
    ///   buffers fill to `B`, then writes them at `r` while the feed adds `f`.
    ///
    /// Continuous and never falling as `f` rises: at `f = B / T` both sides give `f`, at `f = r` both
    /// give `r`. LTO-9 at 2.5:1 behind 1 GB + 64 MiB: `f` up to 356 MB/s passes whole; at 400 MB/s the
    /// drive moves 442.5 x 1,067 / (42.5 x 3 + 1,067) = 395.5 MB/s; from 442.5 MB/s it streams.
    pub fn delivered_bytes_per_sec(&self, feed_bytes_per_sec: f64) -> f64 {
        super::backhitch::delivered_bytes_per_sec(
            feed_bytes_per_sec,
            self.lowest_bytes_per_sec,
            self.streaming_bytes_per_sec,
            self.buffer_bytes,
            self.backhitch_sec,
        )
    }

    /// The feed that makes the drive move `delivered_bytes_per_sec`: the inverse of
    /// [`Drive::delivered_bytes_per_sec`] below the lowest rate, where a schedule records what a starved
    /// drive moved and the warning needs what it was fed (a planner trial's job list backhitched the
    /// delivered 35.2 MB/s again: 43.8 % of the time lost where its 41.1 MB/s feed loses 34.9 %).
    ///
    /// # Formula
    /// Solving `d = r x B / ((r - f) x T + B)` for `f`: `f = r - B x (r / d - 1) / T`, where that `f`
    /// backhitches (`f x T > B`); `d` itself where the buffers hide every stop or the drive streams.
    pub fn fed_for(&self, delivered_bytes_per_sec: f64) -> f64 {
        let (r, b, t, d) = (self.lowest_bytes_per_sec, self.buffer_bytes, self.backhitch_sec, delivered_bytes_per_sec);
        if d <= 0.0 || d >= r || t <= 0.0 {
            return d;
        }
        let fed = r - b * (r / d - 1.0) / t;
        if fed * t > b {
            fed.max(d)
        } else {
            d
        }
    }

    /// Share of the drive's time spent backhitching when offered `feed_bytes_per_sec`, 0 to 1
    /// ([`super::backhitch::repositioning_share`]).
    pub fn repositioning_share(&self, feed_bytes_per_sec: f64) -> f64 {
        super::backhitch::repositioning_share(
            feed_bytes_per_sec,
            self.lowest_bytes_per_sec,
            self.buffer_bytes,
            self.backhitch_sec,
        )
    }
}

/// Cartridges for a data set: `ceil(data / (native capacity x effective compression))`.
pub fn cartridges(data_bytes: f64, spec: &LtoSpec, compression_ratio: f64) -> u64 {
    let per_cartridge = spec.native_capacity_bytes * effective_compression(spec, compression_ratio);
    let mut count = (data_bytes / per_cartridge).ceil();
    // Half a byte over a whole number of cartridges is rounding, not data: 16 TB worked out as 16 TB
    // and 0.479 B fills ten 1.6 TB cartridges, not eleven.
    if count > 1.0 && (count - 1.0) * per_cartridge >= data_bytes - 0.5 {
        count -= 1.0;
    }
    if count.is_finite() && count > 0.0 {
        count.min(u64::MAX as f64) as u64
    } else {
        0
    }
}

/// Cartridges for `data_bytes` written by drives that each fill cartridges of their own with a share of
/// it (`shares`, fractions of the data; a drive with none fills none).
pub fn cartridges_on_shares(data_bytes: f64, shares: &[f64], spec: &LtoSpec, compression_ratio: f64) -> u64 {
    shares
        .iter()
        .filter(|share| **share > 0.0)
        .map(|share| cartridges(data_bytes * share, spec, compression_ratio))
        .sum()
}

/// Cartridges for `data_bytes` written by `drives` drives, each filling cartridges of its own with an
/// equal share: `drives x cartridges(data / drives)` (at least 1 drive).
pub fn cartridges_on_drives(data_bytes: f64, drives: u32, spec: &LtoSpec, compression_ratio: f64) -> u64 {
    let drives = drives.max(1);
    u64::from(drives).saturating_mul(cartridges(data_bytes / f64::from(drives), spec, compression_ratio))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::LtoGeneration;

    fn lto9_behind_256_buffers() -> Drive {
        Drive::new(&LtoGeneration::Lto9.spec(), 2.5, 0.0, 262_144.0, IO_SEC, 256.0 * 262_144.0, 3.0)
    }

    #[test]
    fn lto4_streams_at_the_seeds_rate() {
        let drive = Drive::new(&LtoGeneration::Lto4.spec(), 1.875, 0.0, 262_144.0, IO_SEC, 32.0 * 262_144.0, 3.0);
        assert!((drive.streaming_bytes_per_sec / 225e6 - 1.0).abs() < 0.015, "{}", drive.streaming_bytes_per_sec);
        assert_eq!(drive.delivered_bytes_per_sec(1e9), drive.streaming_bytes_per_sec);
        assert_eq!(drive.delivered_bytes_per_sec(100e6), 100e6, "speed matching");
    }

    #[test]
    fn the_feed_is_found_from_what_a_starved_drive_moved() {
        // A planner trial's LTO-3 at 2:1 (lowest 54 MB/s, 72.39 MB of buffers, 3 s backhitch) fed
        // 41.09 MB/s moves 54 x 72.39 / ((54 - 41.09) x 3 + 72.39) = 35.18 MB/s; back from 35.18, 41.09.
        let drive = Drive {
            streaming_bytes_per_sec: 160e6,
            lowest_bytes_per_sec: 54e6,
            buffer_bytes: 72.39e6,
            backhitch_sec: 3.0,
        };
        let moved = drive.delivered_bytes_per_sec(41.09e6);
        assert!((moved / 35.18e6 - 1.0).abs() < 1e-3, "{moved}");
        assert!((drive.fed_for(moved) / 41.09e6 - 1.0).abs() < 1e-9);
        // Inverse over the whole range: streaming, hidden by the buffers, backhitching.
        for feed in [1e6, 20e6, 24.1e6, 30e6, 53.9e6, 54e6, 100e6] {
            let moved = drive.delivered_bytes_per_sec(feed);
            assert!((drive.fed_for(moved) / feed - 1.0).abs() < 1e-9, "{feed}: {moved} -> {}", drive.fed_for(moved));
        }
    }

    #[test]
    fn shoe_shining_is_continuous_and_never_falls_with_more_feed() {
        let drive = lto9_behind_256_buffers();
        let mut previous = 0.0;
        for step in 0..=1_000 {
            let feed = f64::from(step) * 1e6;
            let got = drive.delivered_bytes_per_sec(feed);
            assert!(got >= previous, "{feed}: {got} < {previous}");
            assert!(got <= feed + 1e-6);
            // No cliff: one more MB/s of feed moves the drive by a bounded step (at most r x T / B MB/s).
            assert!(got - previous <= 1.5e6, "jump at {feed}: {previous} -> {got}");
            previous = got;
        }
        let at_400 = drive.delivered_bytes_per_sec(400e6);
        assert!((at_400 / 395.5e6 - 1.0).abs() < 2e-3, "{at_400}");
    }

    #[test]
    fn small_blocks_cost_per_io_on_a_slow_path() {
        // The Beowulf sweep: a 60 MB/s drive, 0.24 ms per command, no compression.
        let spec = LtoSpec { native_bytes_per_sec: 60e6, ..LtoGeneration::Lto3.spec() };
        let table = [(32_768.0, 37.0), (65_536.0, 49.0), (131_072.0, 54.0), (262_144.0, 57.0)];
        for (block, measured) in table {
            let drive = Drive::new(&spec, 1.0, 0.0, block, 0.24e-3, 0.0, 3.0);
            let got = drive.streaming_bytes_per_sec / 1e6;
            assert!((got / measured - 1.0).abs() < 0.15, "{block}: {got} vs {measured}");
        }
    }

    #[test]
    fn ltfs_reads_pay_one_read_turnaround_per_block() {
        // The maintainer's four drives: writes 280.75 MB/s (the drive), reads 221.49 MB/s through LTFS.
        assert!((LTFS_READ_IO_SEC / 0.4997e-3 - 1.0).abs() < 1e-3, "{LTFS_READ_IO_SEC}");
        let spec = LtoSpec { native_bytes_per_sec: 280.747_821e6, ..LtoGeneration::Lto7.spec() };
        let read = read_io_sec(LTFS_READ_IO_SEC, IO_SEC);
        let reading = Drive::new(&spec, 1.0, 0.0, 524_288.0, read, 0.0, 3.0).streaming_bytes_per_sec;
        assert!((reading / 221.485_53e6 - 1.0).abs() < 1e-9, "{reading}");
        // Nothing entered: reads cost what writes do (0.015 ms per 512 KiB block, 0.8 % at 280 MB/s).
        assert_eq!(read_io_sec(0.0, IO_SEC), IO_SEC);
        let queued = Drive::new(&spec, 1.0, 0.0, 524_288.0, read_io_sec(0.0, IO_SEC), 0.0, 3.0);
        assert!((queued.streaming_bytes_per_sec / 278.5e6 - 1.0).abs() < 1e-3, "{}", queued.streaming_bytes_per_sec);
    }

    #[test]
    fn cartridges_round_up() {
        let spec = LtoGeneration::Lto4.spec();
        assert_eq!(cartridges(1.6e12, &spec, 2.0), 1);
        assert_eq!(cartridges(1.6e12 + 1.0, &spec, 2.0), 2);
        // Under half a byte over is rounding (16 TB grown by a factor worked out as 16 TB and 0.479 B).
        assert_eq!(cartridges(16e12 + 0.479, &spec, 2.0), 10);
        assert_eq!(cartridges(0.25, &spec, 2.0), 1);
        assert_eq!(cartridges(0.0, &spec, 2.0), 0);
    }
}
