//! Whether the drives and the links that carry them fit together: a drive on a slower link than its
//! own interface is capped by the link.
//!
//! # Formula
//! A drive takes at most `native x rated compression` from the host. When the FC port or SAS lane it
//! is attached by is slower than the interface the drive is built with, and one port's throughput is
//! below that rate, the link caps the drive: the result warns and names the drive's own interface.
//! (Several drives sharing one port are the ports stage's business, not this check's.)

use crate::catalog::{FcSpeed, LtoGeneration, SasSpeed};

/// The interfaces a generation's drives are built with: the Fibre Channel speed, the SAS speed (none
/// before LTO-3), and whether the figures are assumed.
///
/// Sources: IBM TS4500 "Performance specifications for LTO tape drives" (LTO-5 to LTO-9 on 8 Gb FC;
/// LTO-9 on 12 Gb SAS; LTO-5 and LTO-6 SAS burst 600 MB/s, i.e. 6 Gb SAS,
/// <https://www.ibm.com/support/knowledgecenter/en/STQRQ9/com.ibm.storage.ts4500.doc/performance_specs_lto_drives.html>);
/// IBM "LTO specifications" for LTO-10 (32 Gb FC, 12 Gb SAS,
/// <https://www.ibm.com/docs/en/dtl/2.12.3?topic=performance-lto-specifications>). **Assumed** (no
/// table read): LTO-1 and LTO-2 on 2 Gb FC without SAS, LTO-3 and LTO-4 on 4 Gb FC and 3 Gb SAS,
/// LTO-7 and LTO-8 on 6 Gb SAS.
pub fn drive_interfaces(generation: LtoGeneration) -> (FcSpeed, Option<SasSpeed>, bool) {
    use LtoGeneration::*;
    match generation {
        Lto1 | Lto2 => (FcSpeed::Gfc2, None, true),
        Lto3 | Lto4 => (FcSpeed::Gfc4, Some(SasSpeed::Sas3), true),
        Lto5 | Lto6 => (FcSpeed::Gfc8, Some(SasSpeed::Sas6), false),
        Lto7 | Lto8 => (FcSpeed::Gfc8, Some(SasSpeed::Sas6), true),
        Lto9 => (FcSpeed::Gfc8, Some(SasSpeed::Sas12), false),
        Lto10 => (FcSpeed::Gfc32, Some(SasSpeed::Sas12), false),
    }
}

/// A link slower than the drive's own interface that caps it: (the link's name, what one port
/// carries, the drive's own interface's name), or `None` when they fit.
pub fn mismatch(
    generation: LtoGeneration,
    fc: Option<FcSpeed>,
    sas: Option<SasSpeed>,
    drive_max_bytes_per_sec: f64,
) -> Option<(&'static str, f64, &'static str)> {
    let (own_fc, own_sas, _) = drive_interfaces(generation);
    let (name, carried, slower, own) = match (fc, sas) {
        (Some(speed), _) => (
            speed.name(),
            speed.throughput_bytes_per_sec(),
            speed.throughput_bytes_per_sec() < own_fc.throughput_bytes_per_sec(),
            own_fc.name(),
        ),
        (None, Some(speed)) => {
            let own = own_sas.unwrap_or(SasSpeed::Sas3);
            (
                speed.name(),
                speed.throughput_bytes_per_sec(),
                speed.throughput_bytes_per_sec() < own.throughput_bytes_per_sec(),
                own.name(),
            )
        }
        (None, None) => return None,
    };
    (slower && carried < drive_max_bytes_per_sec * (1.0 - 1e-9)).then_some((name, carried, own))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_links_under_fast_drives_are_named() {
        // (generation, FC, SAS, drive max MB/s, expected: (link, MB/s, own))
        let table = [
            (LtoGeneration::Lto6, Some(FcSpeed::Gfc1), None, 400.0, Some(("1GFC", 100.0, "8GFC"))),
            (LtoGeneration::Lto9, None, Some(SasSpeed::Sas3), 1000.0, Some(("3G", 300.0, "12G"))),
            (LtoGeneration::Lto9, Some(FcSpeed::Gfc8), None, 1000.0, None),
            (LtoGeneration::Lto4, Some(FcSpeed::Gfc4), None, 240.0, None),
            (LtoGeneration::Lto4, Some(FcSpeed::Gfc2), None, 240.0, Some(("2GFC", 200.0, "4GFC"))),
            (LtoGeneration::Lto4, Some(FcSpeed::Gfc1), None, 240.0, Some(("1GFC", 100.0, "4GFC"))),
            (LtoGeneration::Lto10, Some(FcSpeed::Gfc16), None, 1000.0, Some(("16GFC", 1600.0, "32GFC"))),
        ];
        for (generation, fc, sas, max, expected) in table {
            let got = mismatch(generation, fc, sas, max * 1e6).map(|(n, c, o)| (n, c / 1e6, o));
            let expected = expected.filter(|(_, carried, _)| *carried < max);
            assert_eq!(got, expected, "{generation:?} {fc:?} {sas:?}");
        }
    }
}
