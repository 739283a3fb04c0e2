//! Client CPU: compression, deduplication hashing and encryption run on the client's cores, and a
//! job spreads them over up to `min(cores, streams x threads per stream)` cores.
//!
//! The per-core rate is either a tool's measured rate for its whole pipeline (the `reduce_rate` field,
//! 50 MB/s for a borg 1.1 client: see [`super::source_reduction::REDUCTION_BYTES_PER_SEC`]) or is built
//! from the algorithms' own published single-core rates below, which are upper bounds: a tool adds its
//! own work (chunking, buffering, a garbage collector) on top.

/// A compression algorithm run at the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compressor {
    /// The tool's measured per-core rate for its whole pipeline (`reduce_rate`).
    Entered,
    /// No compression.
    None,
    /// LZ4 at its default level.
    Lz4,
    /// Zstandard at level 1.
    Zstd,
    /// gzip (zlib, deflate) at the level entered (`gzip_level`, 1 to 9; gzip's own default is 6).
    Gzip,
}

/// LZ4 compression on one core: 780 MB/s.
///
/// Source: the LZ4 README's benchmark (<https://github.com/lz4/lz4>): "LZ4 default (v1.9.0)", ratio
/// 2.101, compression 780 MB/s, on a Core i7-9700K at 4.9 GHz (lzbench, Silesia corpus, one thread).
pub const LZ4_BYTES_PER_SEC: f64 = 780e6;

/// Zstandard level 1 compression on one core: 500 MB/s.
///
/// Source: the Zstandard README's benchmark (<https://github.com/facebook/zstd>): "zstd 1.4.5 -1",
/// ratio 2.884, compression 500 MB/s, on the same Core i7-9700K at 4.9 GHz (lzbench, Silesia).
pub const ZSTD_BYTES_PER_SEC: f64 = 500e6;

/// gzip (zlib) level 1 compression on one core: 90 MB/s.
///
/// Source: the same Zstandard README table, row "zlib 1.2.11 -1": ratio 2.743, compression 90 MB/s.
/// The other levels are this rate times [`gzip_level_share`].
pub const GZIP_LEVEL_1_BYTES_PER_SEC: f64 = 90e6;

/// The gzip level a tool runs when none is set: 6.
///
/// Source: gzip's manual ("The default compression level is -6"), zlib's manual (`Z_DEFAULT_COMPRESSION`
/// "currently equivalent to level 6", <https://www.zlib.net/manual.html>), and pgBackRest's
/// `compress-level` for `gz` (default 6, <https://pgbackrest.org/configuration.html#section-general/option-compress-level>).
/// A `tar | gzip`, `dd | gzip`, a vzdump with gzip and pgBackRest's default all run it.
pub const DEFAULT_GZIP_LEVEL: u32 = 6;

/// zlib 1.2.11's single-core compression at levels 1, 6 and 9 in one run: 66, 20 and 8.30 MB/s.
///
/// Source: the lzbench README's benchmark (<https://github.com/inikep/lzbench/blob/00484c451ce3e7e4581844f523e091700e422549/README.md>):
/// lzbench 1.7.1, one core of an Intel Core i5-4300U, the Silesia corpus, rows "zlib 1.2.11 -1" 66 MB/s,
/// "-6" 20 MB/s and "-9" 8.30 MB/s. Only the ratios are used: the Zstandard README's 90 MB/s at level 1
/// sets the scale, as it does for lz4 and zstd.
const LZBENCH_ZLIB_BYTES_PER_SEC: [(u32, f64); 3] = [(1, 66e6), (6, 20e6), (9, 8.30e6)];

/// The share of level 1's rate that gzip level `level` keeps (1 at level 1).
///
/// # Formula
/// The lzbench ratios at levels 1, 6 and 9: 20 / 66 = 0.303 at 6 and 8.30 / 66 = 0.126 at 9. Between
/// them the rate falls by the same factor each level (geometric interpolation: the source gives no
/// other levels), so level 3 keeps `0.303^(2/5)` = 0.620. Levels are clamped to 1 to 9.
pub fn gzip_level_share(level: u32) -> f64 {
    let level = level.clamp(1, 9);
    let [(l1, r1), (l6, r6), (l9, r9)] = LZBENCH_ZLIB_BYTES_PER_SEC;
    let (from, to) = if level <= l6 { ((l1, r1), (l6, r6)) } else { ((l6, r6), (l9, r9)) };
    let t = f64::from(level - from.0) / f64::from(to.0 - from.0);
    from.1 * (to.1 / from.1).powf(t) / r1
}

/// gzip compression on one core at `level` (1 to 9), bytes/s: 90 MB/s at 1, 27.3 MB/s at gzip's
/// default 6, 11.3 MB/s at 9 ([`GZIP_LEVEL_1_BYTES_PER_SEC`] x [`gzip_level_share`]).
pub fn gzip_bytes_per_sec(level: u32) -> f64 {
    GZIP_LEVEL_1_BYTES_PER_SEC * gzip_level_share(level)
}

/// SHA-256 chunk hashing on one core: 1 GiB/s = 1,073.7 MB/s.
///
/// Source: napkin-math pull request 32 (<https://github.com/sirupsen/napkin-math/pull/32>): SHA-256 of
/// large inputs at 1 to 1.5 GiB/s on an AWS m6i (Ice Lake, with the SHA extensions), "1GiB/s is the
/// most accurate 'round number'". CPUs without the SHA extensions hash at about a third of that.
pub const SHA256_BYTES_PER_SEC: f64 = 1_073_741_824.0;

/// AES-256-GCM encryption on one core: 10,262 MB/s.
///
/// Source: OpenSSL pull request 32760 (<https://github.com/openssl/openssl/pull/32760>), `openssl speed
/// -evp aes-256-gcm` on an Intel Xeon Platinum 8380 (Ice Lake-SP), 16 KiB blocks: 10,261,646.89 kB/s.
/// A single `openssl speed` process runs on one core.
pub const AES_GCM_BYTES_PER_SEC: f64 = 10_261.65e6;

impl Compressor {
    /// Every choice, in menu order.
    pub const ALL: [Compressor; 5] = [Self::Entered, Self::None, Self::Lz4, Self::Zstd, Self::Gzip];

    /// The share-link name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Entered => "entered",
            Self::None => "none",
            Self::Lz4 => "lz4",
            Self::Zstd => "zstd",
            Self::Gzip => "gzip",
        }
    }

    /// One core's compression rate, bytes/s (`entered` for [`Compressor::Entered`], infinite for none,
    /// gzip at `gzip_level`).
    pub fn bytes_per_sec(self, entered: f64, gzip_level: u32) -> f64 {
        match self {
            Self::Entered => entered,
            Self::None => f64::INFINITY,
            Self::Lz4 => LZ4_BYTES_PER_SEC,
            Self::Zstd => ZSTD_BYTES_PER_SEC,
            Self::Gzip => gzip_bytes_per_sec(gzip_level),
        }
    }
}

/// What one core does per second of the whole pipeline, logical bytes/s.
///
/// # Formula
/// The steps take turns on a core, so their times per byte add:
/// `1 / (1 / compress + 1 / hash + 1 / (cipher x compression))`. Hashing (deduplication) reads the
/// logical bytes; encryption sees only the compressed bytes, `1 / compression` of them. zstd with
/// SHA-256 and AES-GCM at 2:1: `1 / (1/500 + 1/1,073.7 + 1/(10,261.65 x 2))` = 335.6 MB/s per core.
pub fn per_core_bytes_per_sec(compress: f64, hash: bool, cipher: bool, compression: f64) -> f64 {
    let mut seconds_per_byte = 1.0 / compress;
    if hash {
        seconds_per_byte += 1.0 / SHA256_BYTES_PER_SEC;
    }
    if cipher {
        seconds_per_byte += 1.0 / (AES_GCM_BYTES_PER_SEC * compression.max(1.0));
    }
    if seconds_per_byte > 0.0 {
        1.0 / seconds_per_byte
    } else {
        f64::INFINITY
    }
}

/// Cores one client's job keeps busy.
///
/// # Formula
/// `min(cores, streams x threads per stream)`; `cores = 0` means not given (as many as the streams
/// ask for, one per stream with one thread each: the model before client cores). Every stream's
/// threads count whole: what streams lose to each other's seeks on disks
/// ([`super::streams::effective_streams`]) is lost at the disks, not on the cores (a trial's four gzip
/// streams on eight cores were given 3.7 cores, and 1.3 at a scaling of 0.1).
pub fn cores_used(cores: u32, streams: u32, threads_per_stream: u32) -> f64 {
    let asked = f64::from(streams) * f64::from(threads_per_stream.max(1));
    if cores == 0 {
        asked
    } else {
        asked.min(f64::from(cores))
    }
}

/// What the clients' CPUs let through, logical bytes/s: `clients x cores used x per-core rate`.
///
/// restic issue 4477 (one 101 GiB file, restic holding to about 4 cores of 32): 1 x 4 x 50 MB/s =
/// 200 MB/s at the borg per-core rate.
pub fn cpu_bytes_per_sec(clients: u32, cores_used: f64, per_core_bytes_per_sec: f64) -> f64 {
    f64::from(clients) * cores_used * per_core_bytes_per_sec
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::stages::tests_tolerance::close;

    #[test]
    fn per_core_rates_add_their_times() {
        let table = [
            // (compress, hash, cipher, compression, expected MB/s)
            (ZSTD_BYTES_PER_SEC, false, false, 1.0, 500.0),
            (LZ4_BYTES_PER_SEC, false, false, 1.0, 780.0),
            (ZSTD_BYTES_PER_SEC, true, true, 2.0, 335.6),
            (f64::INFINITY, true, false, 1.0, 1_073.74),
            (f64::INFINITY, false, true, 1.0, 10_261.65),
            (GZIP_LEVEL_1_BYTES_PER_SEC, true, true, 3.0, 82.8),
            (gzip_bytes_per_sec(DEFAULT_GZIP_LEVEL), false, false, 1.0, 27.27),
        ];
        for (compress, hash, cipher, ratio, expected) in table {
            let got = per_core_bytes_per_sec(compress, hash, cipher, ratio) / 1e6;
            assert!(close(got, expected, 2e-3), "{compress} {hash} {cipher}: {got}");
        }
        assert_eq!(per_core_bytes_per_sec(f64::INFINITY, false, false, 1.0), f64::INFINITY);
    }

    #[test]
    fn a_job_uses_at_most_its_cores() {
        let table = [(0, 4, 1, 4.0), (32, 1, 4, 4.0), (2, 4, 1, 2.0), (64, 4, 8, 32.0), (8, 4, 1, 4.0), (8, 1, 0, 1.0)];
        for (cores, streams, threads, expected) in table {
            let got = cores_used(cores, streams, threads);
            assert!(close(got, expected, 1e-12), "{cores} cores {streams} streams {threads} threads: {got}");
        }
        let restic = cpu_bytes_per_sec(1, cores_used(32, 1, 4), 50e6);
        assert!(close(restic, 200e6, 1e-12));
        assert_eq!(Compressor::Zstd.bytes_per_sec(1.0, 6), ZSTD_BYTES_PER_SEC);
        assert_eq!(Compressor::Entered.bytes_per_sec(50e6, 6), 50e6);
    }

    /// gzip's levels from lzbench's zlib 1.2.11 ratios on the Zstandard README's 90 MB/s at level 1:
    /// 6 is 90 x 20 / 66 = 27.27 MB/s, 9 is 90 x 8.30 / 66 = 11.32 MB/s, 3 is 90 x 0.303^(2/5) = 55.8
    /// MB/s, 7 is 27.27 x (8.30 / 20)^(1/3) = 20.3 MB/s; out-of-range levels clamp.
    #[test]
    fn gzip_levels_follow_lzbench() {
        let table = [(1, 90.0), (3, 55.83), (6, 27.27), (7, 20.34), (9, 11.32), (0, 90.0), (12, 11.32)];
        for (level, expected) in table {
            let got = Compressor::Gzip.bytes_per_sec(1.0, level) / 1e6;
            assert!(close(got, expected, 1e-3), "level {level}: {got}");
        }
    }
}
