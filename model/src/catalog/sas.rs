//! Serial Attached SCSI (SAS) link speeds, for tape drives attached by SAS instead of Fibre Channel.

/// A SAS link speed.
///
/// Sources: SAS-1, SAS-2 and SAS-3 all use 8b/10b line encoding, so a 3, 6 or 12 Gbit/s lane carries
/// 300, 600 or 1,200 MB/s per direction (Thomas-Krenn, "Serial Attached SCSI Standards Overview",
/// <https://www.thomas-krenn.com/en/wiki/Serial_Attached_SCSI_Standards_Overview>; HP, "Serial
/// Attached SCSI technologies and architectures", 4th edition: "3 Gb/s ... 300 MB/s"). IBM rates its
/// 6 Gb/s LTO drives' burst at 600 MB/s and its 12 Gb/s LTO-9 drives at 1,200 MB/s (TS2290 manual;
/// IBM Diamondback LTO specifications). A tape drive uses one lane per port, so one lane is what a
/// drive gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SasSpeed {
    /// SAS-1, 3 Gbit/s.
    Sas3,
    /// SAS-2, 6 Gbit/s.
    Sas6,
    /// SAS-3, 12 Gbit/s.
    Sas12,
}

impl SasSpeed {
    /// Every speed, slowest first.
    pub const ALL: [SasSpeed; 3] = [Self::Sas3, Self::Sas6, Self::Sas12];

    /// The field's name: `3G`, `6G`, `12G`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sas3 => "3G",
            Self::Sas6 => "6G",
            Self::Sas12 => "12G",
        }
    }

    /// Data throughput of one lane in one direction, bytes per second: line rate x 8/10 / 8.
    pub fn throughput_bytes_per_sec(self) -> f64 {
        match self {
            Self::Sas3 => 300e6,
            Self::Sas6 => 600e6,
            Self::Sas12 => 1_200e6,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_carries_its_line_rate_after_8b_10b() {
        for (speed, gbit) in [(SasSpeed::Sas3, 3e9), (SasSpeed::Sas6, 6e9), (SasSpeed::Sas12, 12e9)] {
            assert_eq!(speed.throughput_bytes_per_sec(), gbit * 0.8 / 8.0);
        }
    }
}
