//! Checking a whole scenario against the field ranges, and bringing it into range.

use crate::error::Error;
use crate::fields::FIELDS;
use crate::scenario::Scenario;

impl Scenario {
    /// Every field outside its range, each as an [`Error::InvalidValue`] naming the key and the range.
    /// An empty list means the scenario is valid.
    pub fn validate(&self) -> Vec<Error> {
        let mut errors: Vec<Error> = FIELDS.iter().filter_map(|field| field.check((field.get)(self)).err()).collect();
        errors.extend(self.combination_issue());
        errors
    }

    /// A drive that does not exist (a half-height LTO-10, M8 media in an LTO-9 drive), naming the key
    /// to change: `form` when the height is the problem, else `media`.
    pub fn combination_issue(&self) -> Option<Error> {
        let error = self.lto.drive(self.form, self.media).err()?;
        let key = if self.lto.drive(self.form, crate::catalog::Media::Own).is_err() { "form" } else { "media" };
        Some(Error::InvalidValue { key, message: format!("{} drives: {error}", self.lto.name()) })
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
}
