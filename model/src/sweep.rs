//! Sweeps: the report at each value of one parameter, for what-if charts and CSV export.

use crate::error::Error;
use crate::evaluate::evaluate_backup;
use crate::fields::field_by_key;
use crate::report::Report;
use crate::scenario::Scenario;

/// One point of a sweep.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepPoint {
    /// The parameter's value, base units.
    pub value: f64,
    /// The report at that value (the backup only: `restore` is `None`).
    pub report: Report,
}

/// Evaluates `scenario` with `parameter` set to each of `values` (base units). Values outside the
/// field's range are clamped, as in [`crate::evaluate()`].
///
/// # Errors
/// [`Error::UnknownKey`] when `parameter` is not a field key.
pub fn sweep(scenario: &Scenario, parameter: &str, values: &[f64]) -> Result<Vec<SweepPoint>, Error> {
    let field = field_by_key(parameter).ok_or_else(|| Error::UnknownKey { key: parameter.to_string() })?;
    // Sanitize once: each point then changes one field, kept within its range.
    let mut s = scenario.sanitized();
    let current = (field.get)(&s);
    Ok(values
        .iter()
        .map(|&value| {
            let in_range = if value.is_nan() { current } else { value.clamp(field.min, field.max) };
            (field.set)(&mut s, in_range);
            let report = if s.combination_issue().is_some() {
                evaluate_backup(&s)
            } else {
                crate::evaluate::evaluate_backup_in_range(s.clone())
            };
            SweepPoint { value, report }
        })
        .collect())
}

/// `count` values from `from` to `to`, evenly spaced, or evenly spaced on a log scale when `log` is set
/// (both bounds must then be positive). Whole numbers only when `whole` is set (duplicates removed).
pub fn range(from: f64, to: f64, count: usize, log: bool, whole: bool) -> Vec<f64> {
    let count = count.max(2);
    let (a, b) = if log { (from.max(1e-300).ln(), to.max(1e-300).ln()) } else { (from, to) };
    let mut out: Vec<f64> = (0..count)
        .map(|i| {
            let x = a + (b - a) * i as f64 / (count - 1) as f64;
            let v = if log { x.exp() } else { x };
            if whole {
                v.round()
            } else {
                v
            }
        })
        .collect();
    if whole {
        out.dedup();
    }
    out
}
