//! Fibre Channel port speeds.

/// A Fibre Channel speed as the FCIA names it (1GFC ... 64GFC).
///
/// Source: Fibre Channel Industry Association speed map (fibrechannel.org, "Fibre Channel Roadmap"):
/// line rates and encodings from FC-PI-2 .. FC-PI-7, throughput per direction as FCIA publishes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FcSpeed {
    /// 1GFC: 1.0625 GBd, 8b/10b.
    Gfc1,
    /// 2GFC: 2.125 GBd, 8b/10b.
    Gfc2,
    /// 4GFC: 4.25 GBd, 8b/10b.
    Gfc4,
    /// 8GFC: 8.5 GBd, 8b/10b.
    Gfc8,
    /// 16GFC: 14.025 GBd, 64b/66b.
    Gfc16,
    /// 32GFC: 28.05 GBd, 64b/66b.
    Gfc32,
    /// 64GFC: 28.9 GBd PAM4 (57.8 Gbit/s), 256b/257b.
    Gfc64,
}

impl FcSpeed {
    /// Every speed, slowest first.
    pub const ALL: [FcSpeed; 7] =
        [Self::Gfc1, Self::Gfc2, Self::Gfc4, Self::Gfc8, Self::Gfc16, Self::Gfc32, Self::Gfc64];

    /// The field's name: `1GFC` ... `64GFC`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Gfc1 => "1GFC",
            Self::Gfc2 => "2GFC",
            Self::Gfc4 => "4GFC",
            Self::Gfc8 => "8GFC",
            Self::Gfc16 => "16GFC",
            Self::Gfc32 => "32GFC",
            Self::Gfc64 => "64GFC",
        }
    }

    /// Line rate in bit/s and the share of it left after line encoding (8b/10b = 0.8, 64b/66b, 256b/257b).
    pub fn line_rate_and_encoding(self) -> (f64, f64) {
        match self {
            Self::Gfc1 => (1.0625e9, 0.8),
            Self::Gfc2 => (2.125e9, 0.8),
            Self::Gfc4 => (4.25e9, 0.8),
            Self::Gfc8 => (8.5e9, 0.8),
            Self::Gfc16 => (14.025e9, 64.0 / 66.0),
            Self::Gfc32 => (28.05e9, 64.0 / 66.0),
            Self::Gfc64 => (57.8e9, 256.0 / 257.0),
        }
    }

    /// Data throughput of one port in one direction, bytes per second, after line encoding and
    /// framing: the FCIA figure (100 MB/s per "G" of the name). 4GFC: 4.25 GBd x 0.8 / 8 = 425 MB/s
    /// after encoding, 400 MB/s after frame headers and idles.
    pub fn throughput_bytes_per_sec(self) -> f64 {
        match self {
            Self::Gfc1 => 100e6,
            Self::Gfc2 => 200e6,
            Self::Gfc4 => 400e6,
            Self::Gfc8 => 800e6,
            Self::Gfc16 => 1_600e6,
            Self::Gfc32 => 3_200e6,
            Self::Gfc64 => 6_400e6,
        }
    }
}
