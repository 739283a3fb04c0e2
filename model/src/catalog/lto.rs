//! LTO tape generations.

/// An LTO Ultrium generation.
///
/// Sources: native rates, native capacities and rated compression ratios from the LTO Program's
/// generation table (lto.org, "LTO Generation Specifications").
///
/// Lowest speed-matching rates: LTO-8 (112 MB/s) and LTO-9 (177 MB/s) are the slowest steps of the
/// speed-matching table in Quantum's LTO-9 HH SAS User's Guide ("Speed Matching": Gen 8 media 112 to
/// 365 MB/s, Gen 9 media 177 to 408 MB/s). The others are typical full-height values of the vendors'
/// "data rate matching" ranges (IBM, HPE) and were not checked against a stored copy; LTO-10 is taken
/// as LTO-9's; LTO-1, which had no speed matching, streams only at its native rate. Buffer sizes are
/// typical full-height figures, likewise unchecked. A drive's own data sheet beats these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum LtoGeneration {
    /// LTO-1 (2000).
    Lto1,
    /// LTO-2 (2003).
    Lto2,
    /// LTO-3 (2005).
    Lto3,
    /// LTO-4 (2007).
    Lto4,
    /// LTO-5 (2010).
    Lto5,
    /// LTO-6 (2012).
    Lto6,
    /// LTO-7 (2015).
    Lto7,
    /// LTO-8 (2017).
    Lto8,
    /// LTO-9 (2021).
    Lto9,
    /// LTO-10 (2025).
    Lto10,
}

/// One generation's figures, in bytes and bytes per second (decimal, as the LTO Program states them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LtoSpec {
    /// Native (uncompressed) transfer rate, bytes/s.
    pub native_bytes_per_sec: f64,
    /// Native cartridge capacity, bytes.
    pub native_capacity_bytes: f64,
    /// The compression ratio the generation is rated at (2:1 up to LTO-5, 2.5:1 from LTO-6); also the
    /// most the drive's compressed rate can exceed its native rate.
    pub rated_compression_ratio: f64,
    /// Slowest tape speed the drive can match without stopping, in native bytes/s.
    pub lowest_speed_matching_bytes_per_sec: f64,
    /// Drive data buffer, bytes: how much host data the drive absorbs while it repositions.
    pub buffer_bytes: f64,
}

/// Time one backhitch (stop, rewind past the last block, restart) takes, seconds.
/// Typical LTO figure of 2 to 4 s (IBM and HPE shoe-shining guidance); the model takes 3 s.
pub const BACKHITCH_SEC: f64 = 3.0;

impl LtoGeneration {
    /// Every generation, oldest first.
    pub const ALL: [LtoGeneration; 10] = [
        Self::Lto1,
        Self::Lto2,
        Self::Lto3,
        Self::Lto4,
        Self::Lto5,
        Self::Lto6,
        Self::Lto7,
        Self::Lto8,
        Self::Lto9,
        Self::Lto10,
    ];

    /// The field's name: `LTO-1` ... `LTO-10`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Lto1 => "LTO-1",
            Self::Lto2 => "LTO-2",
            Self::Lto3 => "LTO-3",
            Self::Lto4 => "LTO-4",
            Self::Lto5 => "LTO-5",
            Self::Lto6 => "LTO-6",
            Self::Lto7 => "LTO-7",
            Self::Lto8 => "LTO-8",
            Self::Lto9 => "LTO-9",
            Self::Lto10 => "LTO-10",
        }
    }

    /// The generation's figures (see the type's doc for sources).
    pub fn spec(self) -> LtoSpec {
        // (native MB/s, native GB, rated ratio, lowest speed-matching MB/s, buffer MB)
        let (rate, capacity, ratio, lowest, buffer) = match self {
            Self::Lto1 => (15.0, 100.0, 2.0, 15.0, 64.0),
            Self::Lto2 => (35.0, 200.0, 2.0, 18.0, 64.0),
            Self::Lto3 => (80.0, 400.0, 2.0, 27.0, 128.0),
            Self::Lto4 => (120.0, 800.0, 2.0, 30.0, 256.0),
            Self::Lto5 => (140.0, 1_500.0, 2.0, 40.0, 256.0),
            Self::Lto6 => (160.0, 2_500.0, 2.5, 40.0, 1_000.0),
            Self::Lto7 => (300.0, 6_000.0, 2.5, 101.0, 1_000.0),
            Self::Lto8 => (360.0, 12_000.0, 2.5, 112.0, 1_000.0),
            Self::Lto9 => (400.0, 18_000.0, 2.5, 177.0, 1_000.0),
            Self::Lto10 => (400.0, 30_000.0, 2.5, 177.0, 1_000.0),
        };
        LtoSpec {
            native_bytes_per_sec: rate * 1e6,
            native_capacity_bytes: capacity * 1e9,
            rated_compression_ratio: ratio,
            lowest_speed_matching_bytes_per_sec: lowest * 1e6,
            buffer_bytes: buffer * 1e6,
        }
    }
}
