//! Goal seeking: the fewest of a count (clients, streams, drives, ports, nodes ...) that reaches a
//! target throughput, or that lets the rest of the chain run at its own limit.

use crate::error::Error;
use crate::evaluate::{evaluate, evaluate_backup};
use crate::fields::{field_by_key, Kind, FIELDS};
use crate::scenario::Scenario;
use crate::units::{format_rate, UnitSystem};

/// The answer of [`fewest`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fewest {
    /// Share-link key of the parameter (`clients`).
    pub parameter: &'static str,
    /// Smallest value that reaches the goal.
    pub value: u32,
    /// Throughput at that value, bytes/s.
    pub throughput_bytes_per_sec: f64,
    /// The goal: the given target, or the chain's limit at the parameter's maximum, bytes/s.
    pub goal_bytes_per_sec: f64,
}

/// Keys [`fewest`] accepts: every count field that applies to the scenario's target.
pub fn seekable(scenario: &Scenario) -> impl Iterator<Item = &'static str> + '_ {
    // `restore_streams` counts from 0 ("as many as the backup"), which is not "fewer".
    FIELDS
        .iter()
        .filter(move |f| f.kind == Kind::Count && (f.applies)(scenario) && !matches!(f.key, "mtu" | "restore_streams"))
        .map(|f| f.key)
}

/// The fewest of `parameter` that reaches `target_bytes_per_sec`, or, with no target, the fewest at
/// which throughput equals what it is with the parameter at its maximum (the rest of the chain runs at
/// its own limit). Scans every value from the field's minimum up (every count's range is at most
/// 10,000), so a parameter whose effect is not monotone (drives that start to shoe-shine, clients
/// under static pairing) still gets its first sufficient value, wherever it is.
///
/// # Errors
/// [`Error::GoalSeek`] when the parameter is not a count of this scenario, or the target exceeds what
/// any value reaches (the message gives the most reachable and what limits it).
pub fn fewest(scenario: &Scenario, parameter: &str, target_bytes_per_sec: Option<f64>) -> Result<Fewest, Error> {
    let field =
        field_by_key(parameter).filter(|f| seekable(scenario).any(|k| k == f.key)).ok_or_else(|| Error::GoalSeek {
            message: format!(
                "{parameter}: not a count this scenario can seek; choose one of {}",
                seekable(scenario).collect::<Vec<_>>().join(", ")
            ),
        })?;
    let base = scenario.sanitized();
    let at = |value: f64| {
        let mut s = base.clone();
        (field.set)(&mut s, value);
        evaluate_backup(&s).throughput_bytes_per_sec
    };
    let ceiling = at(field.max);
    let goal = match target_bytes_per_sec {
        Some(t) if t.is_finite() && t > 0.0 => t,
        Some(t) if t.is_infinite() => {
            return Err(Error::GoalSeek { message: "reach: the target is too large to be a rate".to_string() })
        }
        Some(_) => return Err(Error::GoalSeek { message: "reach: the target must be a positive rate".to_string() }),
        None => ceiling,
    };
    let mut value = field.min;
    while value <= field.max {
        let throughput = at(value);
        if throughput >= goal * (1.0 - 1e-9) {
            return Ok(Fewest {
                parameter: field.key,
                value: value as u32,
                throughput_bytes_per_sec: throughput,
                goal_bytes_per_sec: goal,
            });
        }
        value += 1.0;
    }
    let mut best = base.clone();
    (field.set)(&mut best, field.max);
    let report = evaluate(&best);
    Err(Error::GoalSeek {
        message: format!(
            "{}: no value up to {} reaches {}; the most is {}, where {} {} it",
            field.key,
            crate::units::format_count(field.max),
            format_rate(goal, UnitSystem::Decimal),
            format_rate(report.throughput_bytes_per_sec, UnitSystem::Decimal),
            report.bottleneck.name(),
            if report.bottleneck.name_is_plural() { "limit" } else { "limits" }
        ),
    })
}
