//! Checking a whole scenario against the field ranges, and bringing it into range.

use crate::error::Error;
use crate::fields::FIELDS;
use crate::scenario::Scenario;
use crate::stages::repository::disk::Raid;
use crate::stages::repository::RepoKind;

impl Scenario {
    /// Every field outside its range, each as an [`Error::InvalidValue`] naming the key and the range.
    /// An empty list means the scenario is valid.
    pub fn validate(&self) -> Vec<Error> {
        let mut errors: Vec<Error> = FIELDS.iter().filter_map(|field| field.check((field.get)(self)).err()).collect();
        errors.extend(self.combination_issue());
        errors
    }

    /// A drive that does not exist (a half-height LTO-10, M8 media in an LTO-9 drive), naming the key
    /// to change: `form` when the height is the problem, else `media`; or a repository's disk array with
    /// fewer disks than its RAID level takes ([`Scenario::fewest_disks`]), naming `disks`.
    pub fn combination_issue(&self) -> Option<Error> {
        if let Err(error) = self.lto.drive(self.form, self.media) {
            let key = if self.lto.drive(self.form, crate::catalog::Media::Own).is_err() { "form" } else { "media" };
            return Some(Error::InvalidValue { key, message: format!("{} drives: {error}", self.lto.name()) });
        }
        let least = self.fewest_disks();
        (self.disks < least).then(|| {
            let level = match self.raid {
                Raid::Ec => format!("erasure coding {}+{}", self.ec_k.max(1), self.ec_m),
                raid => raid.name().to_string(),
            };
            let most = crate::fields::field_by_key("disks").map_or(10_000.0, |f| f.max);
            Error::InvalidValue {
                key: "disks",
                message: format!(
                    "{level} needs at least {least} disks, not {}; allowed: {least} to {}",
                    self.disks,
                    crate::units::format_count(most)
                ),
            }
        })
    }

    /// The fewest disks the repository's array can have: its RAID level's least
    /// ([`Raid::min_disks`]) when the target is a repository on a disk array, else 1.
    pub fn fewest_disks(&self) -> u32 {
        if self.target == crate::Target::Repository && self.repo_kind == RepoKind::Disk {
            self.raid.min_disks(self.ec_k, self.ec_m)
        } else {
            1
        }
    }

    /// A copy with every value brought into its field's range: clamped to the nearest bound, or the
    /// default when it is not a number. [`crate::evaluate`] works on this, so it never sees NaN or zero
    /// where it divides.
    pub fn sanitized(&self) -> Scenario {
        let mut out = self.clone();
        let defaults = Scenario::default();
        for field in FIELDS {
            let value = (field.get)(&out);
            // Nearly every value is in range: skip the error-building check (NaN fails both tests).
            if field.is_part_of_a_byte(value) {
                // In range, but no size: the nearer of 0 (none) and the least size.
                (field.set)(&mut out, if value < field.least / 2.0 { 0.0 } else { field.least });
                continue;
            }
            if value >= field.min && value <= field.max {
                continue;
            }
            match field.check(value) {
                // `check` lets a hair outside the range through (its rounding slack) and returns the value
                // clamped: keep that, or a tiny negative rate reaches the model and a link that `decode`
                // then refuses.
                Ok(clamped) if clamped != value => (field.set)(&mut out, clamped),
                Ok(_) => {}
                Err(_) => {
                    let repaired =
                        if value.is_nan() { (field.get)(&defaults) } else { value.clamp(field.min, field.max) };
                    (field.set)(&mut out, repaired);
                }
            }
        }
        if out.lto.drive(out.form, out.media).is_err() {
            out.media = crate::catalog::Media::Own;
            if out.lto.drive(out.form, out.media).is_err() {
                out.form = crate::catalog::FormFactor::Full;
            }
        }
        // An array its RAID level cannot be built on is evaluated at the fewest disks it takes.
        out.disks = out.disks.max(out.fewest_disks());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wild_values_are_reported_and_repaired() {
        let scenario =
            Scenario { clients: 0, stream_bytes_per_sec: f64::NAN, compression_ratio: -4.0, ..Scenario::default() };
        let errors = scenario.validate();
        let keys: Vec<_> = errors.iter().filter_map(|e| e.key().map(str::to_string)).collect();
        assert_eq!(keys, ["compression", "clients", "stream_rate"]);
        let repaired = scenario.sanitized();
        assert_eq!(repaired.clients, 1);
        assert_eq!(repaired.stream_bytes_per_sec, Scenario::default().stream_bytes_per_sec);
        assert_eq!(repaired.compression_ratio, 1.0);
        assert!(repaired.validate().is_empty());
        // A size of a fraction of a byte is flagged and becomes 0 (none) or 1 B.
        let tiny = Scenario { data_set_bytes: 1e-300, target_capacity_bytes: 0.7, ..Scenario::default() };
        let keys: Vec<_> = tiny.validate().iter().filter_map(|e| e.key().map(str::to_string)).collect();
        assert_eq!(keys, ["data", "target_capacity"]);
        let repaired = tiny.sanitized();
        assert_eq!((repaired.data_set_bytes, repaired.target_capacity_bytes), (0.0, 1.0));
        assert!(crate::codec::decode(&crate::codec::encode(&tiny)).issues.is_empty());
    }

    #[test]
    fn an_array_needs_the_disks_its_raid_level_takes() {
        // (link, message, disks evaluated)
        let table = [
            (
                "v=1&target=repository&raid=6&disks=1",
                Some("disks: RAID 6 needs at least 4 disks, not 1; allowed: 4 to 10,000"),
                4,
            ),
            (
                "v=1&target=repository&raid=5&disks=2",
                Some("disks: RAID 5 needs at least 3 disks, not 2; allowed: 3 to 10,000"),
                3,
            ),
            (
                "v=1&target=repository&raid=10&disks=1",
                Some("disks: RAID 10 needs at least 2 disks, not 1; allowed: 2 to 10,000"),
                2,
            ),
            (
                "v=1&target=repository&raid=ec&disks=5",
                Some("disks: erasure coding 8+2 needs at least 10 disks, not 5; allowed: 10 to 10,000"),
                10,
            ),
            ("v=1&target=repository&raid=ec&ec_k=10&ec_m=4&disks=14", None, 14),
            ("v=1&target=repository&raid=0&disks=1", None, 1),
            // Not a disk array, or no repository: the disks are not used.
            ("v=1&target=repository&repo_kind=object&raid=6&disks=1", None, 1),
            ("v=1&raid=6&disks=1", None, 1),
        ];
        for (link, message, disks) in table {
            let decoded = crate::codec::decode(link);
            let said: Vec<String> = decoded.issues.iter().map(ToString::to_string).collect();
            assert_eq!(said.first().map(String::as_str), message, "{link}");
            assert_eq!(decoded.scenario.sanitized().disks, disks, "{link}");
            assert_eq!(crate::evaluate(&decoded.scenario).scenario.disks, disks, "{link}");
        }
    }
}
