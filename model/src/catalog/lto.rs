//! LTO tape drives: generations, form factors (full and half height) and media.
//!
//! # Sources
//! Vendor figures are decimal (IBM writes "18 TB (16.37 TiB)").
//! - **Native rates, full height**: LTO-1 to LTO-4 15, 35, 80, 120 MB/s (Dell PowerVault LTO-7 user's
//!   guide, glossary; IBM Ultrium 2 and 3 manuals); LTO-5 140 (IBM TS4500 supported drives); LTO-6,
//!   LTO-7, LTO-8 160, 300, 360 (IBM TS4300 drive table); LTO-9 and LTO-10 400 (IBM TS4500; IBM
//!   Diamondback "LTO specifications").
//! - **Native rates, half height**: LTO-5 to LTO-9 140, 160, 300, 300, 300 MB/s (IBM TS4300 and
//!   TS2900 tables). LTO-2 24 MB/s (Tandberg 420LTO, IT Pro review; Tom's Hardware), LTO-3 60 and
//!   LTO-4 80 MB/s (ArGest BRU guide, "LTO-3 60/80", "LTO-4 80/120"): secondary sources, no vendor
//!   data sheet found. IBM-mechanism half-height LTO-4 drives run at 120 MB/s: choose full height for
//!   those. There is no half-height LTO-1 and, at its launch, no half-height LTO-10.
//! - **Capacities and rated compression**: 100 GB to 18 TB, 2:1 up to LTO-5 and 2.5:1 from LTO-6
//!   (IBM TS2290 manual; TS4500 cartridge table); LTO-10 30 TB (LTO Program, May 2025).
//! - **Media**: an LTO-8 drive writes LTO-7 Type M (M8) cartridges at 9 TB and 300 MB/s in both
//!   form factors (IBM TS2290 manual; IBM STAKKZ and TS2900 tables). A drive writing the previous
//!   generation's cartridge runs at that generation's rate, capped by its own: LTO-9 on LTO-8 media
//!   360 MB/s full height, 300 half height, 12 TB (IBM TS4500, TS2900, TS2290 media compatibility);
//!   LTO-8 on LTO-7 300, LTO-7 on LTO-6 160, LTO-6 on LTO-5 140, LTO-5 on LTO-4 120 MB/s (IBM
//!   tables). LTO-9 drives take no M8 media; LTO-10 drives take no LTO-9 media.
//! - **Lowest speed-matching rate** (native): LTO-2 17.5 (IBM Ultrium 2), LTO-3 27 (HP Ultrium Gen 3
//!   technical reference, "Adaptive Tape Speed" 27-80 MB/s; IBM's LTO-3 steps start at 40), LTO-5 47
//!   (HP range 47-140, Security-Insider), LTO-7 101.46, LTO-8 112, LTO-9 177 (IBM TS4300 "Speed
//!   matching", full- and half-height tables), LTO-10 157 (IBM STAKKZ). **Assumed**: LTO-1 (no
//!   speed matching: streams only at its native rate), LTO-4 30 and LTO-6 40 MB/s (no table found).
//! - **Drive buffer**: LTO-2 half height 32 MB (Quantum LTO-2 HH user's guide), LTO-3 64 MB (HP Gen 3
//!   technical reference), LTO-5 256 MB (Dell LTO-5 user's guide), LTO-7 and LTO-8 1 GB (heise;
//!   Storage-Insider). **Assumed**: LTO-1 and LTO-2 full height 64 MB, LTO-4 128 MB, LTO-6 512 MB,
//!   LTO-9 and LTO-10 1 GB.
//!
//! A drive's own data sheet beats these figures: enter its native rate with `drive_rate` when it
//! differs.

/// An LTO Ultrium generation.
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

/// Drive height: a full-height (5.25-inch, two-slot) or half-height drive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FormFactor {
    /// Full height.
    Full,
    /// Half height: from LTO-8 on slower than full height.
    Half,
}

impl FormFactor {
    /// Both, full first.
    pub const ALL: [FormFactor; 2] = [Self::Full, Self::Half];

    /// The field's name: `full`, `half`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Half => "half",
        }
    }
}

/// The cartridge in the drive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Media {
    /// The drive's own generation.
    Own,
    /// One generation older (an LTO-9 drive writing LTO-8 cartridges).
    Previous,
    /// LTO-7 Type M cartridges formatted to 9 TB in an LTO-8 drive.
    M8,
}

impl Media {
    /// Every choice.
    pub const ALL: [Media; 3] = [Self::Own, Self::Previous, Self::M8];

    /// The field's name: `own`, `previous`, `M8`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Own => "own",
            Self::Previous => "previous",
            Self::M8 => "M8",
        }
    }
}

/// One drive's figures, in bytes and bytes per second (decimal, as vendors state them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LtoSpec {
    /// Native (uncompressed) transfer rate, bytes/s.
    pub native_bytes_per_sec: f64,
    /// Native cartridge capacity, bytes.
    pub native_capacity_bytes: f64,
    /// The compression ratio the format is rated at (2:1 up to LTO-5, 2.5:1 from LTO-6); also the most
    /// the drive's compressed rate can exceed its native rate.
    pub rated_compression_ratio: f64,
    /// Slowest tape speed the drive can match without stopping, in native bytes/s.
    pub lowest_speed_matching_bytes_per_sec: f64,
    /// Drive data buffer, bytes: what the drive absorbs while it repositions.
    pub buffer_bytes: f64,
    /// Whether the lowest speed-matching rate is an assumption (no public table found).
    pub lowest_assumed: bool,
    /// Whether the buffer size is an assumption.
    pub buffer_assumed: bool,
}

/// Time one backhitch takes, seconds: 3 s for every generation.
///
/// **Assumed** within a published bound: the vendors describe backhitching (IBM TS4300 "Speed
/// matching"; HP LTO Ultrium technical reference manuals, "Optimizing performance") and publish the
/// other motion times of their drives (load, unload, locate) but no backhitch duration per
/// generation. W. Curtis Preston describes the cycle [`crate::stages::backhitch`] models (the drive stops, rewinds to a
/// position before where it stopped writing, then waits for its buffer to fill) and puts each
/// reposition at "sometimes as much as a few seconds" (Backup & Recovery, O'Reilly 2007, section 9.3,
/// <https://flylib.com/books/en/4.339.1.92/1/>); 3 s is taken. Later generations run the tape faster
/// but also brake and accelerate harder, so no trend between generations is assumed. It is an input
/// (`backhitch_s`), so a measured figure replaces it.
pub const BACKHITCH_SEC: f64 = 3.0;

/// (native MB/s, native GB, rated ratio, lowest speed matching MB/s native, buffer MB, lowest
/// assumed, buffer assumed) of a full-height drive on its own media; see the module doc for sources.
fn full_height(generation: LtoGeneration) -> (f64, f64, f64, f64, f64, bool, bool) {
    use LtoGeneration::*;
    match generation {
        Lto1 => (15.0, 100.0, 2.0, 15.0, 64.0, true, true),
        Lto2 => (35.0, 200.0, 2.0, 17.5, 64.0, false, true),
        Lto3 => (80.0, 400.0, 2.0, 27.0, 64.0, false, false),
        Lto4 => (120.0, 800.0, 2.0, 30.0, 128.0, true, true),
        Lto5 => (140.0, 1_500.0, 2.0, 47.0, 256.0, false, false),
        Lto6 => (160.0, 2_500.0, 2.5, 40.0, 512.0, true, true),
        Lto7 => (300.0, 6_000.0, 2.5, 101.46, 1_000.0, false, false),
        Lto8 => (360.0, 12_000.0, 2.5, 112.0, 1_000.0, false, false),
        Lto9 => (400.0, 18_000.0, 2.5, 177.0, 1_000.0, false, true),
        Lto10 => (400.0, 30_000.0, 2.5, 157.0, 1_000.0, false, true),
    }
}

/// Native MB/s of a half-height drive, `None` where none was made; see the module doc for sources.
fn half_height_native(generation: LtoGeneration) -> Option<f64> {
    use LtoGeneration::*;
    match generation {
        Lto1 | Lto10 => None,
        Lto2 => Some(24.0),
        Lto3 => Some(60.0),
        Lto4 => Some(80.0),
        Lto5 => Some(140.0),
        Lto6 => Some(160.0),
        Lto7 | Lto8 | Lto9 => Some(300.0),
    }
}

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

    fn previous(self) -> Option<Self> {
        let i = Self::ALL.iter().position(|g| *g == self)?;
        i.checked_sub(1).map(|p| Self::ALL[p])
    }

    /// A full-height drive of this generation on its own media.
    pub fn spec(self) -> LtoSpec {
        let (rate, capacity, ratio, lowest, buffer, lowest_assumed, buffer_assumed) = full_height(self);
        LtoSpec {
            native_bytes_per_sec: rate * 1e6,
            native_capacity_bytes: capacity * 1e9,
            rated_compression_ratio: ratio,
            lowest_speed_matching_bytes_per_sec: lowest * 1e6,
            buffer_bytes: buffer * 1e6,
            lowest_assumed,
            buffer_assumed,
        }
    }

    /// The figures of a drive of this generation and `form` writing `media`.
    ///
    /// # Errors
    /// A sentence naming the combination that does not exist (no half-height LTO-1 or LTO-10; M8
    /// media only in LTO-8 drives; no previous generation for LTO-1; LTO-10 drives take no LTO-9
    /// cartridges).
    pub fn drive(self, form: FormFactor, media: Media) -> Result<LtoSpec, &'static str> {
        let own = self.spec();
        let top = match form {
            FormFactor::Full => own.native_bytes_per_sec,
            FormFactor::Half => {
                half_height_native(self).ok_or("there is no half-height drive of this generation; allowed: full")? * 1e6
            }
        };
        let mut spec = LtoSpec { native_bytes_per_sec: top, ..own };
        if form == FormFactor::Half && self == Self::Lto2 {
            spec.buffer_bytes = 32e6;
            spec.buffer_assumed = false;
        }
        match media {
            Media::Own => {}
            Media::M8 if self == Self::Lto8 => {
                // M8 speed matching is not published; the LTO-7 cartridge's table is assumed.
                spec.native_bytes_per_sec = 300e6;
                spec.native_capacity_bytes = 9e12;
                spec.lowest_speed_matching_bytes_per_sec = 101.46e6;
                spec.lowest_assumed = true;
            }
            Media::M8 => return Err("only LTO-8 drives write M8 (LTO-7 Type M) cartridges; allowed: own, previous"),
            Media::Previous if self == Self::Lto10 => {
                return Err("LTO-10 drives do not take LTO-9 cartridges; allowed: own")
            }
            Media::Previous => {
                let older = self.previous().ok_or("there is no older generation of cartridge; allowed: own")?.spec();
                spec.native_bytes_per_sec = older.native_bytes_per_sec.min(top);
                spec.native_capacity_bytes = older.native_capacity_bytes;
                spec.rated_compression_ratio = older.rated_compression_ratio;
                spec.lowest_speed_matching_bytes_per_sec = older.lowest_speed_matching_bytes_per_sec;
                spec.lowest_assumed = older.lowest_assumed;
            }
        }
        spec.lowest_speed_matching_bytes_per_sec =
            spec.lowest_speed_matching_bytes_per_sec.min(spec.native_bytes_per_sec);
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_factors_and_media_from_the_vendor_tables() {
        let mb = |s: LtoSpec| (s.native_bytes_per_sec / 1e6, s.native_capacity_bytes / 1e12);
        let table = [
            (LtoGeneration::Lto8, FormFactor::Full, Media::Own, (360.0, 12.0)),
            (LtoGeneration::Lto8, FormFactor::Half, Media::Own, (300.0, 12.0)),
            (LtoGeneration::Lto8, FormFactor::Full, Media::M8, (300.0, 9.0)),
            (LtoGeneration::Lto9, FormFactor::Full, Media::Previous, (360.0, 12.0)),
            (LtoGeneration::Lto9, FormFactor::Half, Media::Previous, (300.0, 12.0)),
            (LtoGeneration::Lto9, FormFactor::Half, Media::Own, (300.0, 18.0)),
            (LtoGeneration::Lto2, FormFactor::Half, Media::Own, (24.0, 0.2)),
            (LtoGeneration::Lto7, FormFactor::Full, Media::Previous, (160.0, 2.5)),
        ];
        for (generation, form, media, expected) in table {
            let got = mb(generation.drive(form, media).unwrap());
            assert!(
                (got.0 - expected.0).abs() < 1e-9 && (got.1 - expected.1).abs() < 1e-9,
                "{generation:?} {form:?} {media:?}: {got:?}"
            );
        }
        assert_eq!(LtoGeneration::Lto2.drive(FormFactor::Half, Media::Own).unwrap().buffer_bytes, 32e6);
    }

    #[test]
    fn combinations_that_do_not_exist_are_refused() {
        assert!(LtoGeneration::Lto9.drive(FormFactor::Full, Media::M8).is_err());
        assert!(LtoGeneration::Lto10.drive(FormFactor::Full, Media::Previous).is_err());
        assert!(LtoGeneration::Lto1.drive(FormFactor::Full, Media::Previous).is_err());
        assert!(LtoGeneration::Lto10.drive(FormFactor::Half, Media::Own).is_err());
        assert!(LtoGeneration::Lto1.drive(FormFactor::Half, Media::Own).is_err());
    }

    #[test]
    fn speed_matching_never_exceeds_the_native_rate() {
        for generation in LtoGeneration::ALL {
            for form in FormFactor::ALL {
                for media in Media::ALL {
                    if let Ok(spec) = generation.drive(form, media) {
                        assert!(spec.lowest_speed_matching_bytes_per_sec <= spec.native_bytes_per_sec);
                        assert!(spec.buffer_bytes > 0.0 && spec.native_capacity_bytes > 0.0);
                    }
                }
            }
        }
    }
}
