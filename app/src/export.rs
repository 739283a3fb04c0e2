//! Exports as pure functions: the sweep as CSV and the inputs as a list, for files and the printed report.

use crate::charts::sweep_rows;
use capacity_model::fields::{field_by_key, Field, Kind, FIELDS};
use capacity_model::units::{group_thousands, UnitSystem, MB, MIB};
use capacity_model::{Scenario, StageId};

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
    // A stage can come into the chain part way through the sweep (client-drive pairing past as many
    // clients as drives): every stage any row has gets a column, and a row without it says why there
    // (a blank read as a figure missing: a page trial's TCP connections column, blank from 3 streams).
    let mut stages = Vec::new();
    for (id, _) in rows.iter().flat_map(|r| &r.capacities) {
        if !stages.contains(id) {
            stages.push(*id);
        }
    }
    let mut records = Vec::with_capacity(rows.len() + 1);
    let mut header =
        vec![format!("{}{value_unit}", field.label), format!("Throughput ({unit})"), "Bottleneck".to_string()];
    // A full-duplex stage of a two-way workload has a capacity each way (never their sum): two columns.
    let two_way = |id: &capacity_model::StageId| rows.iter().any(|r| r.directions.iter().any(|(s, _)| s == id));
    for id in &stages {
        if two_way(id) {
            header.push(format!("{} send capacity ({unit})", id.name()));
            header.push(format!("{} retrieve capacity ({unit})", id.name()));
        } else {
            header.push(format!("{} capacity ({unit})", id.name()));
        }
    }
    records.push(header);
    let cell = |c: Option<f64>| c.filter(|c| c.is_finite()).map(|c| trim(c / scale)).unwrap_or_default();
    for row in &rows {
        let rtt_sec = if key == "rtt_ms" { row.value } else { scenario.rtt_sec };
        let mut record = vec![
            trim(row.value / value_scale),
            trim(row.throughput_bytes_per_sec / scale),
            row.bottleneck.name().to_string(),
        ];
        for id in &stages {
            if two_way(id) {
                let each = row.directions.iter().find(|(s, _)| s == id).map(|(_, d)| *d);
                record.push(cell(each.map(|d| d[0])));
                record.push(cell(each.map(|d| d[1])));
            } else {
                // The TCP connections on a LAN, left out of the chain where they cannot bind, still have
                // a capacity: the column gives it on every row, one kind of cell down the column.
                record.push(match row.capacities.iter().find(|(s, _)| s == id) {
                    Some((_, capacity)) => cell(Some(*capacity)),
                    None => match row.lan_connections_bytes_per_sec.filter(|_| *id == StageId::Distance) {
                        Some(capacity) => cell(Some(capacity)),
                        None => crate::tables::absent_stage(*id, rtt_sec).to_string(),
                    },
                });
            }
        }
        records.push(record);
    }
    to_csv(&records)
}

/// Whether a cell would be run as a formula by a spreadsheet: text starting with `=`, `+`, `-`, `@`, a tab or
/// a carriage return (OWASP, "CSV Injection"). A number (`-3`, `+5`, `-1.5e3`) is left alone.
fn is_formula(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && cell.parse::<f64>().is_err()
}

/// Records as CSV text (RFC 4180: commas, quotes doubled, CRLF line ends) by the `csv` crate's writer.
/// A cell that a spreadsheet would run as a formula is written as text, behind a single quote (`'=HYPERLINK(...)`).
pub fn to_csv(records: &[Vec<String>]) -> String {
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    for record in records {
        let safe = record.iter().map(|cell| if is_formula(cell) { format!("'{cell}") } else { cell.clone() });
        // Writing to a Vec fails only on a record of another length, which the callers never make.
        let _ = writer.write_record(safe);
    }
    writer.into_inner().map(|bytes| String::from_utf8_lossy(&bytes).into_owned()).unwrap_or_default()
}

/// Appends one RFC 4180 record: fields joined by commas, a field quoted (quotes doubled) when it holds a
/// comma, a quote or a line break, CRLF at the end. For the job table's text that the model reads back on
/// every edit (exports go through [`to_csv`]).
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
pub fn inputs_summary(scenario: &Scenario) -> Vec<(&'static str, String, String)> {
    let has_jobs = !scenario.jobs.is_empty();
    FIELDS
        .iter()
        .filter(|f| (f.applies)(scenario))
        .map(|f| (f.group.title(), f.label_with_jobs(has_jobs), with_unit(f, (f.get)(scenario))))
        .collect()
}

/// A field's value as text with its unit: `24 TB`, `3,750 MB/s`, `8`, `LTO-8`; a 0 that stands for a
/// default says which (`0 MB/s (the catalogue's figure for the generation and height)`).
pub fn with_unit(field: &Field, value: f64) -> String {
    let text = match field.kind {
        Kind::Bytes => spaced(&field.format(value)),
        // The menu's words ("Longest first"), not the link's name ("longest").
        Kind::Choice(_) => field.choice_label(&field.format(value)).to_string(),
        _ => match field.unit() {
            "" => group_thousands(&field.format(value)),
            unit => format!("{} {unit}", group_thousands(&field.format(value))),
        },
    };
    match field.zero_means().filter(|_| value == 0.0) {
        Some(meaning) => format!("{text} ({meaning})"),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_inputs_group_thousands_and_say_what_a_default_zero_means() {
        let scenario = capacity_model::codec::decode("v=1&lto=LTO-9&conn_rate=3750").scenario;
        let inputs = inputs_summary(&scenario);
        let value = |label: &str| inputs.iter().find(|(_, l, _)| l == label).map(|(_, _, v)| v.clone()).unwrap();
        assert_eq!(value("Drive native rate"), "0 MB/s (the catalogue's figure for the generation and height)");
        assert_eq!(value("Rate of one TCP connection"), "3,750 MB/s");
        assert_eq!(value("Target"), "Tape drives", "a menu's words, not the link's name");
        assert_eq!(value("Client class"), "Entered below");
        assert_eq!(value("Drive generation"), "LTO-9");
    }

    /// The cells of `csv`'s column `name`, one per row.
    fn column(csv: &str, name: &str) -> Vec<String> {
        let mut lines = csv.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let column = header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("{name}: {header:?}"));
        lines.map(|l| l.split(',').nth(column).unwrap().to_string()).collect()
    }

    #[test]
    fn the_tcp_connections_column_is_a_capacity_on_every_row() {
        // Page trial pt64 (L6): the column held 3750 and 7500 for 1 and 2 streams, then nothing, which read
        // as figures missing; pt65 (finding 8): then "no limit (LAN)", text in a column of figures. On a
        // LAN the chain leaves the stage out where it cannot bind; the column gives its capacity all the way
        // down: 3,750 MB/s a stream.
        let scenario = capacity_model::codec::decode("v=1&client_nic=10GbE").scenario;
        let cells = column(&sweep_csv(&scenario, "streams", UnitSystem::Decimal), "TCP connections capacity (MB/s)");
        let streams = column(&sweep_csv(&scenario, "streams", UnitSystem::Decimal), "Streams per client");
        assert!(cells.len() > 3, "{cells:?}");
        for (cell, streams) in cells.iter().zip(&streams) {
            let streams: f64 = streams.parse().unwrap();
            assert_eq!(cell.parse::<f64>().ok(), Some(3750.0 * streams), "{cells:?}");
        }
        // In binary units too.
        let cells = column(&sweep_csv(&scenario, "streams", UnitSystem::Binary), "TCP connections capacity (MiB/s)");
        assert!(cells.iter().all(|c| c.parse::<f64>().is_ok()), "{cells:?}");
    }

    #[test]
    fn the_lan_connections_figure_is_the_chains_own_where_the_chain_keeps_the_stage() {
        // The figure the CSV gives where the chain leaves the stage out is worked out as the model's client
        // stages work it: where a chain keeps the stage (a connection-bound stream that also opens files),
        // the two agree. A tape target, compression, an object store's parts in flight and a fleet.
        let links = [
            "v=1&client_nic=10GbE",
            "v=1&client_nic=100GbE&clients=2&compression=2",
            "v=1&client_nic=25GbE&file_size=100KB",
            "v=1&target=repository&repo_kind=object&client_nic=100GbE&parts_in_flight=4",
        ];
        let mut kept = 0;
        for link in links {
            let scenario = capacity_model::codec::decode(link).scenario;
            for key in ["streams", "clients", "file_size"] {
                for row in crate::charts::sweep_rows(&scenario, key) {
                    let Some(&(_, capacity)) = row.capacities.iter().find(|(id, _)| *id == StageId::Distance) else {
                        continue;
                    };
                    let ours = row.lan_connections_bytes_per_sec.expect("a LAN");
                    assert!((ours / capacity - 1.0).abs() < 1e-9, "{link} {key}={}: {ours} {capacity}", row.value);
                    kept += 1;
                }
            }
        }
        assert!(kept >= 5, "the stage kept on {kept} rows");
        let far = capacity_model::codec::decode("v=1&rtt_ms=20").scenario;
        assert!(crate::charts::sweep_rows(&far, "streams").iter().all(|r| r.lan_connections_bytes_per_sec.is_none()));
    }

    #[test]
    fn a_two_way_stage_gets_a_column_each_way() {
        // Three volumes sent while three are retrieved: one 10GbE interface carries 1,129.78 MB/s each way
        // (the CSV gave their sum, 2,259.56, as if one port carried that).
        let scenario =
            capacity_model::codec::decode("v=1&target=nfs&data=120GB&workload=mixed&volumes=3&retrieve_volumes=3")
                .scenario;
        let csv = sweep_csv(&scenario, "volumes", UnitSystem::Decimal);
        let mut lines = csv.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let column =
            |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("{name}: {header:?}"));
        let (send, retrieve) =
            (column("Target interfaces send capacity (MB/s)"), column("Target interfaces retrieve capacity (MB/s)"));
        assert!(!header.contains(&"Target interfaces capacity (MB/s)"));
        let row: Vec<&str> = lines.next().unwrap().split(',').collect();
        assert_eq!((row[send], row[retrieve]), ("1129.778934", "1129.778934"), "{row:?}");
    }

    #[test]
    fn formulas_are_written_as_text_and_numbers_stay_numbers() {
        let records = vec![
            vec!["name".to_string(), "data".to_string()],
            vec!["=HYPERLINK(\"http://x\",\"y\")".to_string(), "-3".to_string()],
            vec!["+cmd".to_string(), "@SUM(A1)".to_string()],
            vec!["a, b".to_string(), "-".to_string()],
        ];
        assert_eq!(
            to_csv(&records),
            "name,data\r\n\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",-3\r\n'+cmd,'@SUM(A1)\r\n\"a, b\",'-\r\n"
        );
    }

    #[test]
    fn job_names_written_behind_a_quote_import_as_they_were() {
        let names = ["=SUM(A1)", "-db", "@mail", "+web", "it's"];
        let mut records = vec![vec!["name".to_string(), "data".to_string()]];
        records.extend(names.iter().map(|n| vec![n.to_string(), "1TB".to_string()]));
        let (jobs, errors) = capacity_model::fleet::parse_jobs(&to_csv(&records));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(jobs.iter().map(|j| j.name.as_str()).collect::<Vec<_>>(), names);
    }
}
