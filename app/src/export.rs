//! Exports as pure functions: the sweep as CSV and the inputs as a list, for files and the printed report.

use crate::charts::sweep_rows;
use capacity_model::fields::{field_by_key, Field, Kind, FIELDS};
use capacity_model::units::{UnitSystem, MB, MIB};
use capacity_model::Scenario;

/// The sweep behind the sweep chart as RFC 4180 CSV: the parameter, throughput, binding stage and every
/// stage's capacity, one row per value; units in the column headings.
pub fn sweep_csv(scenario: &Scenario, key: &str, system: UnitSystem) -> String {
    let (scale, unit) = if system == UnitSystem::Binary { (MIB, "MiB/s") } else { (MB, "MB/s") };
    let rows = sweep_rows(scenario, key);
    let Some(field) = field_by_key(key) else { return String::new() };
    let (value_scale, value_unit) = match field.kind {
        Kind::Bytes => (1.0, " (bytes)"),
        Kind::Rate => (scale, if system == UnitSystem::Binary { " (MiB/s)" } else { " (MB/s)" }),
        Kind::Millis => (1e-3, " (ms)"),
        Kind::Hours => (3600.0, " (h)"),
        _ => (1.0, ""),
    };
    let mut out = String::new();
    let mut header =
        vec![format!("{}{value_unit}", field.label), format!("Throughput ({unit})"), "Bottleneck".to_string()];
    if let Some(first) = rows.first() {
        header.extend(first.capacities.iter().map(|(id, _)| format!("{} capacity ({unit})", id.name())));
    }
    write_record(&mut out, &header);
    for row in &rows {
        let mut record = vec![
            trim(row.value / value_scale),
            trim(row.throughput_bytes_per_sec / scale),
            row.bottleneck.name().to_string(),
        ];
        record.extend(row.capacities.iter().map(|(_, c)| if c.is_finite() { trim(c / scale) } else { String::new() }));
        write_record(&mut out, &record);
    }
    out
}

/// Appends one RFC 4180 record: fields joined by commas, a field quoted (quotes doubled) when it holds a
/// comma, a quote or a line break, CRLF at the end. Written out here rather than with the csv crate,
/// whose serde machinery would add to every page load for these few lines.
pub(crate) fn write_record(out: &mut String, fields: &[String]) {
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        if field.contains([',', '"', '\r', '\n']) {
            out.push('"');
            out.push_str(&field.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(field);
        }
    }
    out.push_str("\r\n");
}

/// A number for a spreadsheet: up to 6 decimals, no trailing zeros, `.` as the decimal point.
fn trim(value: f64) -> String {
    capacity_model::units::trimmed(value, 6)
}

/// `256KiB` as `256 KiB`, a bare byte count as `50181 B`.
fn spaced(size: &str) -> String {
    match size.find(|c: char| c.is_ascii_alphabetic()) {
        Some(at) => format!("{} {}", &size[..at], &size[at..]),
        None => format!("{size} B"),
    }
}

/// Every input that applies to the scenario, as (group, label, value with unit), for the printed report.
pub fn inputs_summary(scenario: &Scenario) -> Vec<(&'static str, &'static str, String)> {
    FIELDS
        .iter()
        .filter(|f| (f.applies)(scenario))
        .map(|f| (f.group.title(), f.label, with_unit(f, (f.get)(scenario))))
        .collect()
}

/// A field's value as text with its unit: `24 TB`, `45 MB/s`, `8`, `LTO-8`.
pub fn with_unit(field: &Field, value: f64) -> String {
    match field.kind {
        Kind::Bytes => spaced(&field.format(value)),
        _ => match field.unit() {
            "" => field.format(value),
            unit => format!("{} {unit}", field.format(value)),
        },
    }
}
