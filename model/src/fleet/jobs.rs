//! The jobs of a fleet: one client (or file system) each, with its own data set and, where it differs
//! from the scenario, its own files, link, ports and streams.
//!
//! # CSV
//! A header row names the columns like the share-link keys: `name,data,files,file_size,client_nic,
//! client_ports,streams,priority,rto_h,rtt_ms`; only `name` and `data` are required, in any order, and an
//! empty cell takes the scenario's value (`priority`: none, after every job that has one; `rto_h`: none;
//! `rtt_ms`: the scenario's round trip, a branch office's over a WAN where it is given).
//! Values are read as the form reads them (`6TB`, `200GB`, `10GbE`). Rows pasted from
//! a spreadsheet (tab-separated) read the same. Parsed with `csv-core`, the reader of the `csv` crate.

use crate::catalog::EthernetLink;
use crate::error::Error;
use crate::fields::field_by_key;
pub use crate::scenario::Job;

/// The largest priority tier a job may have (the `priority` column takes 0 to 1,000: room for any
/// tiering scheme in use, Gold/Silver/Bronze as 0/1/2 or a business-impact score).
pub const MAX_PRIORITY: u32 = 1000;

/// The CSV columns, in the order they are written.
pub const COLUMNS: [&str; 10] =
    ["name", "data", "files", "file_size", "client_nic", "client_ports", "streams", "priority", "rto_h", "rtt_ms"];

/// The columns' headings as the page's job table shows them, in [`COLUMNS`] order. A header may name a
/// column either way ("client_nic" or "Client link"), so a table copied from the page pastes back whole.
pub const HEADINGS: [&str; COLUMNS.len()] =
    ["Name", "Data", "Files", "Avg file size", "Client link", "Ports", "Streams", "Priority", "RTO (h)", "RTT (ms)"];

/// The column a header cell names: its key or its heading, in any case, `None` for neither.
pub fn column_named(cell: &str) -> Option<usize> {
    let cell = cell.trim();
    COLUMNS
        .iter()
        .zip(HEADINGS)
        .position(|(key, heading)| key.eq_ignore_ascii_case(cell) || heading.eq_ignore_ascii_case(cell))
}

/// The longest recovery time objective a job may have, hours: a year (8,760 h), past which a restore
/// plan has no deadline to speak of.
pub const MAX_RTO_HOURS: f64 = 8760.0;

/// Most jobs a list may hold.
pub const MAX_JOBS: usize = 100_000;

fn row_error(line: usize, column: &str, message: String) -> Error {
    let heading = COLUMNS.iter().position(|c| *c == column).map(|i| HEADINGS[i]);
    Error::JobRow { line, column: column.to_string(), heading, message }
}

/// The character that separates a list's cells, read from its first line: a tab (cells pasted from a
/// spreadsheet) or a semicolon (the CSV a spreadsheet writes where the comma marks decimals, as in
/// German or French settings) when that line has one and no comma; else a comma.
fn delimiter_of(first_line: &str) -> u8 {
    match (first_line.contains(','), first_line.contains('\t'), first_line.contains(';')) {
        (false, true, _) => b'\t',
        (false, false, true) => b';',
        _ => b',',
    }
}

/// Whether a list's numbers mark their decimals with a comma: a list separated by semicolons, as a
/// spreadsheet saves CSV where the comma is the decimal mark (`1,5TB`, an `rto_h` of `0,5`). A point
/// stays a decimal point there too (`1.5TB`, as typed anywhere).
pub fn decimal_commas(text: &str) -> bool {
    delimiter_of(text.trim_start_matches('\u{feff}').lines().next().unwrap_or_default()) == b';'
}

/// `cell` with its decimal comma written as a point, in a list with [`decimal_commas`]: `1,5TB` is
/// `1.5TB`. Only number cells: a name keeps its commas.
pub fn decimal_point(cell: &str) -> String {
    cell.replace(',', ".")
}

/// Whether `text` ends inside a quoted cell: its last row's quotes ("" inside a quoted cell counts
/// twice) are odd in number. csv-core reads such a cell to the end of the text, so the row's other
/// cells read as part of its first.
pub fn ends_in_open_quote(text: &str) -> bool {
    let last_row = text.trim_end().rsplit('\n').next().unwrap_or_default();
    last_row.matches('"').count() % 2 == 1
}

/// Splits CSV (or tab- or semicolon-separated, as its first line shows) text into rows of fields
/// as written (not trimmed; RFC 4180 quoting read by `csv-core`), with each row's line number
/// (1-based). Rows whose fields are all blank are left out.
pub fn records(text: &str) -> Vec<(usize, Vec<String>)> {
    // CRLF line ends (a spreadsheet's CSV, RFC 4180's own) and old CR-only ones read as LF: csv-core
    // ends a record at the `\r` and leaves its `\n` to the next, which would number every row after the
    // first one short, and the line count follows `\n` only.
    let text: std::borrow::Cow<str> =
        if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n").into() } else { text.into() };
    let text = text.as_ref();
    let first = text.lines().next().unwrap_or_default();
    let delimiter = delimiter_of(first);
    let mut reader = csv_core::ReaderBuilder::new().delimiter(delimiter).build();
    let mut input = text.as_bytes();
    let mut rows = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut field: Vec<u8> = Vec::new();
    let mut buffer = [0u8; 1024];
    let bytes = text.as_bytes();
    let mut line = 1;
    let mut row_line = 1;
    // Where the last record ended (bytes) and the line there: csv-core skips blank lines before the
    // next record without a word, so a record's line is that line plus the line ends that follow it.
    let (mut consumed, mut after_end, mut line_after_end) = (0, 0, 1);
    loop {
        let (result, read, written) = reader.read_field(input, &mut buffer);
        line += input[..read].iter().filter(|b| **b == b'\n').count();
        consumed += read;
        input = &input[read..];
        field.extend_from_slice(&buffer[..written]);
        match result {
            csv_core::ReadFieldResult::InputEmpty | csv_core::ReadFieldResult::OutputFull => {}
            csv_core::ReadFieldResult::Field { record_end } => {
                if row.is_empty() {
                    let blank = bytes[after_end.min(bytes.len())..].iter().take_while(|b| **b == b'\n').count();
                    row_line = line_after_end + blank;
                }
                row.push(String::from_utf8_lossy(&field).into_owned());
                field.clear();
                if record_end {
                    if row.iter().any(|f| !f.trim().is_empty()) {
                        rows.push((row_line, std::mem::take(&mut row)));
                    }
                    row.clear();
                    (after_end, line_after_end) = (consumed, line);
                }
            }
            csv_core::ReadFieldResult::End => break,
        }
    }
    rows
}

/// The longest job name, in characters: enough for a fully qualified host name and a path.
pub const MAX_NAME_CHARS: usize = 120;

/// A job's data written as a bare number (no unit, so bytes) must reach this, bytes: 1 MB. Below it the
/// number is taken for a size whose unit was left out (`500` meant as 500 GB), which would otherwise
/// plan a job of 500 B in no time.
pub const BARE_DATA_LEAST_BYTES: f64 = 1e6;

/// A job's average file size written as a bare number (bytes) must reach this, bytes: 512 B, a disk
/// sector. Below it the number is taken for a size whose unit was left out (`4` meant as the form's
/// 4 MB), which would otherwise plan a job of 4-byte files over years (a trial's).
pub const BARE_FILE_LEAST_BYTES: f64 = 512.0;

/// Reads a job list. Returns the jobs that could be read and one error per bad cell or row (naming its
/// line and column and the allowed values); a bad row is left out, the others load. A cell beyond the
/// header's columns is named too (by its position), and its row still loads without it.
pub fn parse_jobs(text: &str) -> (Vec<Job>, Vec<Error>) {
    let mut errors = Vec::new();
    let rows = records(text);
    let Some(((_, header), body)) = rows.split_first() else {
        return (Vec::new(), errors);
    };
    // Each header cell as its index in COLUMNS (None: unknown).
    let columns: Vec<Option<usize>> = header.iter().map(|h| column_named(h)).collect();
    for (i, (name, column)) in header.iter().map(|h| h.trim()).zip(&columns).enumerate() {
        // A heading left empty (a spreadsheet's trailing comma) over empty cells is no column.
        if name.is_empty() && body.iter().all(|(_, cells)| cells.get(i).is_none_or(|c| c.trim().is_empty())) {
            continue;
        }
        if name.is_empty() {
            let message = "has no heading, and cells under it; name the column (allowed: ".to_string()
                + &COLUMNS.join(", ")
                + "), or remove it";
            errors.push(row_error(1, &(i + 1).to_string(), message));
        } else if column.is_none() {
            let message = format!("unknown column (column {}); allowed: {}", i + 1, COLUMNS.join(", "));
            errors.push(row_error(1, name, message));
        }
    }
    // A column named twice: the later cell would win unannounced (`name,data,data` planned the second).
    let before_twice = errors.len();
    for (i, column) in columns.iter().enumerate() {
        if let Some(first) = columns[..i].iter().position(|c| c.is_some() && c == column) {
            let message = format!("the header names this column twice (columns {} and {}); keep one", first + 1, i + 1);
            errors.push(row_error(1, COLUMNS[column.unwrap_or_default()], message));
        }
    }
    if errors.len() > before_twice {
        return (Vec::new(), errors);
    }
    let missing: Vec<&str> = [0, 1].iter().filter(|c| !columns.contains(&Some(**c))).map(|c| COLUMNS[*c]).collect();
    if !missing.is_empty() {
        for column in missing {
            errors.push(row_error(1, column, "the header has no such column; name and data are required".to_string()));
        }
        return (Vec::new(), errors);
    }
    let commas = decimal_commas(text);
    let mut jobs = Vec::new();
    for (line, cells) in body {
        if jobs.len() >= MAX_JOBS {
            // Said of the list, not of what is done with it: the page leaves the rest out, the planner
            // refuses the file (it read "the rest is left out" and planned nothing).
            errors.push(row_error(
                *line,
                "name",
                format!(
                    "more than {} jobs: a job list holds at most {}, and the rows from here on are not read",
                    crate::units::format_count(MAX_JOBS as f64),
                    crate::units::format_count(MAX_JOBS as f64)
                ),
            ));
            break;
        }
        let mut job = Job {
            name: String::new(),
            data_bytes: 0.0,
            files: None,
            avg_file_bytes: None,
            client_link: None,
            client_ports: None,
            streams: None,
            priority: None,
            rto_hours: None,
            rtt_sec: None,
        };
        // A cell beyond the header has no column: named (the row still loads, as a row under an unknown
        // heading does), so that no reader drops it unannounced.
        if let Some((index, extra)) = cells.iter().enumerate().skip(header.len()).find(|(_, c)| !c.trim().is_empty()) {
            let shown: String = extra.trim().chars().take(40).collect();
            let message = format!(
                "\"{shown}\" is beyond the header's {} columns and is not read; add its column to the header, or remove the cell",
                header.len()
            );
            errors.push(row_error(*line, &(index + 1).to_string(), message));
        }
        let before = errors.len();
        for (column, cell) in columns.iter().zip(cells) {
            let Some(column) = *column else { continue };
            let read = if commas && column != 0 { decimal_point(cell.trim()) } else { cell.trim().to_string() };
            if let Err(message) = read_cell(&mut job, column, &read) {
                // Quoting the cell as written, not as its decimal comma was read (a page trial's
                // `1.234,5GB` was quoted "1.234.5GB").
                errors.push(row_error(*line, COLUMNS[column], message.replace(&read, cell.trim())));
            }
        }
        // A quote opened on the last row and never closed takes the rest of the row into its cell:
        // said so, not "data is empty" (a trial's `"a,1TB` on the last line).
        let last = std::ptr::eq(cells, &body[body.len() - 1].1);
        if last && cells.len() < 2 && errors.len() == before && ends_in_open_quote(text) {
            let message =
                "a quote (\") opened in it is never closed, so the rest of the row reads as its name; close the quote";
            errors.push(row_error(*line, "name", message.to_string()));
        }
        // A short row leaves its last cells empty; the required ones must still be there.
        if job.name.is_empty() && errors.len() == before {
            errors.push(row_error(*line, "name", "is empty; every job needs a name".to_string()));
        }
        if job.data_bytes <= 0.0 && errors.len() == before {
            errors.push(row_error(*line, "data", "is empty; every job needs its data set".to_string()));
        }
        if let Some(message) = files_disagree(&job) {
            errors.push(row_error(*line, "file_size", message));
        }
        if let Some(message) = files_under_a_byte(&job) {
            errors.push(row_error(*line, "files", message));
        }
        if let Some(message) = file_over_data(&job) {
            errors.push(row_error(*line, "file_size", message));
        }
        if errors.len() == before {
            jobs.push(job);
        }
    }
    (jobs, errors)
}

/// Why a row's `files` and `file_size` cannot both hold: the data over the files is not the average
/// file given, to within 10 % (sizes are written to two or three digits, and one may be in TB where the
/// other is in GiB: 7.4 % apart). `None` when they agree or a row gives one of them.
fn files_disagree(job: &Job) -> Option<String> {
    let (files, file_bytes) = (job.files?, job.avg_file_bytes?);
    let implied = job.data_bytes / files;
    if job.data_bytes <= 0.0 || (implied / file_bytes - 1.0).abs() <= 0.10 {
        return None;
    }
    let size = |v: f64| crate::units::format_bytes(v, crate::units::UnitSystem::Decimal);
    Some(format!(
        "{} disagrees with files: {} in {} files is {} a file; give files or file_size, or two that agree",
        size(file_bytes),
        size(job.data_bytes),
        crate::units::format_count(files),
        size(implied)
    ))
}

/// Why a row's `files` cannot hold: its data over the files is less than a byte a file, below the
/// file size's own least (1 B; the `file_size` field's range). A trial's `a,1KB,1000000` was read as
/// 0.001 B files, and its night as 1 s where its own 1,752 files/s take 571 s. `None` otherwise.
fn files_under_a_byte(job: &Job) -> Option<String> {
    let files = job.files?;
    let least = crate::fields::field_by_key("file_size").map_or(1.0, |f| f.min).max(1.0);
    if job.data_bytes <= 0.0 || job.data_bytes / files >= least {
        return None;
    }
    let size = |v: f64| crate::units::format_bytes(v, crate::units::UnitSystem::Decimal);
    Some(format!(
        "{} files in {} would be under {} each; allowed: 1 to {} files for this data (a file holds at least {})",
        crate::units::format_count(files),
        size(job.data_bytes),
        size(least),
        crate::units::format_count((job.data_bytes / least).floor()),
        size(least)
    ))
}

/// Why a row's `file_size` cannot hold: one file larger than the job's whole data (a planner trial's
/// `a,1GB,2GB` was planned as 256 files of 1 GB, without a word). `None` otherwise, and where `files`
/// gives the count too ([`files_disagree`] speaks for the pair).
fn file_over_data(job: &Job) -> Option<String> {
    let file_bytes = job.avg_file_bytes?;
    if job.files.is_some() || job.data_bytes <= 0.0 || file_bytes <= job.data_bytes * (1.0 + 1e-9) {
        return None;
    }
    let size = |v: f64| crate::units::format_bytes(v, crate::units::UnitSystem::Decimal);
    // Where the two would read the same, in bytes (a trial read "1.00 GB is larger than ... (1.00 GB)").
    let (file, data) = match (size(file_bytes), size(job.data_bytes)) {
        (a, b) if a == b => {
            let bytes = |v: f64| format!("{} B", crate::units::format_count(v.ceil()));
            (bytes(file_bytes), bytes(job.data_bytes))
        }
        pair => pair,
    };
    Some(format!("{file} is larger than the job's data ({data}); allowed: up to the data, a job of one file at most"))
}

/// Whether `c` is a Unicode direction control (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
/// U+2069; Unicode Standard Annex #9), with which `evil\u{202e}nosj.exe` reads as `evilexe.json`: no
/// name holds one (a job's would show another name than the one stored).
pub fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` may not stand in a scenario's name: a control character (an escape sequence would drive
/// a terminal) or a direction control ([`is_direction_control`]). A job's name may hold a control
/// character, which every report escapes, as links made before this check may hold one.
pub fn is_unsafe_name_char(c: char) -> bool {
    c.is_control() || is_direction_control(c)
}

/// Sets the cell of `job` under `column` (a key of [`COLUMNS`]) to `text`, read as a job list's cell is
/// (`10GbE`, `8`, `2TB`): what the fleet's advice changes ([`super::JobChange`]) sets in the job rows.
///
/// # Errors
/// What is wrong with the text, with the allowed values, or that there is no such column.
pub fn set_cell(job: &mut Job, column: &str, text: &str) -> Result<(), String> {
    let index = COLUMNS.iter().position(|c| *c == column).ok_or_else(|| format!("no column {column}"))?;
    read_cell(job, index, text.trim())
}

/// Stores one cell (column `column` of [`COLUMNS`]) into `job`; an empty optional cell keeps the
/// scenario's value. Returns what is wrong, with the allowed values.
fn read_cell(job: &mut Job, column: usize, cell: &str) -> Result<(), String> {
    if cell.is_empty() {
        return match column {
            0 => Err("is empty; every job needs a name".to_string()),
            1 => Err("is empty; every job needs its data set".to_string()),
            _ => Ok(()),
        };
    }
    if column == 0 {
        // The page's CSV export writes a name a spreadsheet would run as a formula behind a single quote
        // (`'=SUM(A1)`, OWASP "CSV Injection"): read back, the quote goes (a trial's `-db` came back `'-db`).
        let cell = match cell.strip_prefix('\'') {
            Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
            _ => cell,
        };
        // A quoted cell may hold a line break (RFC 4180), but in a name it is a quote left open: the
        // rows after it read as this one's name, and their jobs are lost.
        if cell.contains('\n') {
            let lines = cell.matches('\n').count() + 1;
            return Err(format!(
                "runs over {lines} lines: a quote (\") opened in it closes on a later line, or never, and the rows between read as its name; close the quote on its own line"
            ));
        }
        if let Some(c) = cell.chars().find(|&c| is_direction_control(c)) {
            return Err(format!(
                "holds a text-direction character (U+{:04X}), which would show another name than the one stored",
                u32::from(c)
            ));
        }
        // Refused rather than cut: a name cut short would lose its tail from every link and report, and
        // two names alike in their first characters would read as one.
        let length = cell.chars().count();
        if length > MAX_NAME_CHARS {
            return Err(format!("is {length} characters long; allowed: 1 to {MAX_NAME_CHARS} characters"));
        }
        job.name = cell.to_string();
        return Ok(());
    }
    if column == 2 {
        // Grouped in thousands as the reports print counts (`1,000,000`), and no other comma: a trial's
        // "1,5" was planned as 15 files.
        let files = crate::units::ungroup_thousands(cell).parse::<f64>().unwrap_or(f64::NAN);
        if files.is_finite() && files >= 1.0 && files.fract() == 0.0 && files <= 1e12 {
            job.files = Some(files);
            return Ok(());
        }
        let shown: String = cell.chars().take(40).collect();
        let what = if files.is_finite() && files.fract() == 0.0 {
            "is out of range"
        } else {
            "is not a whole number of files"
        };
        return Err(format!("\"{shown}\" {what}; allowed: 1 to 1,000,000,000,000"));
    }
    if COLUMNS[column] == "rto_h" {
        let number = cell.trim_end_matches(['h', 'H']).trim_end();
        // A comma that may mark decimals is said what to write, as the form's fields say it (a trial's
        // "0,5" was read as 5 h and met an objective that 0.5 h missed).
        if let Some(advice) = crate::units::comma_advice(number) {
            let shown: String = cell.chars().take(40).collect();
            return Err(format!("\"{shown}\" {advice}; allowed: more than 0 to 8,760 h"));
        }
        let hours = crate::units::ungroup_thousands(number).parse::<f64>().unwrap_or(f64::NAN);
        if hours > 0.0 && hours <= MAX_RTO_HOURS {
            job.rto_hours = Some(hours);
            return Ok(());
        }
        let shown: String = cell.chars().take(40).collect();
        // A number out of range is quoted bare, as the other count columns' are ("0 is out of range").
        return Err(if hours.is_nan() {
            format!("\"{shown}\" is not a recovery time objective in hours; allowed: more than 0 to 8,760 h")
        } else {
            format!("{shown} is out of range; allowed: more than 0 to 8,760 h")
        });
    }
    if COLUMNS[column] == "priority" {
        // Grouped as the message writes its most ("1,000"; a page trial's was refused).
        let cell = &crate::units::ungroup_thousands(cell);
        return match cell.parse::<u32>() {
            Ok(tier) if tier <= MAX_PRIORITY => {
                job.priority = Some(tier);
                Ok(())
            }
            _ => {
                let shown: String = cell.chars().take(40).collect();
                let what = if cell.parse::<i64>().is_ok() { "is out of range" } else { "is not a priority tier" };
                Err(format!("\"{shown}\" {what}; allowed: 0 to 1,000 (0 first)"))
            }
        };
    }
    // The other columns read as the form's field of the same key.
    let field = field_by_key(COLUMNS[column]).ok_or_else(|| "unknown column".to_string())?;
    // A job of nothing backs nothing up: its data's range starts above the field's 0 B, and every
    // message about the cell says so.
    let allowed = field.allowed();
    let job_allowed = if column == 1 { allowed.replacen("0 B to", "more than 0 B to", 1) } else { allowed.clone() };
    let value = field.parse(cell).map_err(|e| match e {
        Error::InvalidValue { message, .. } if column == 1 => {
            message.replace(&allowed, &job_allowed).replace("a size is 0 or at least", "a job's data is at least")
        }
        Error::InvalidValue { message, .. } => message,
        other => other.to_string(),
    })?;
    // A bare number is a count of bytes (the form's Data set reads one in its unit menu's unit): a job
    // of under 1 MB so written is a unit left out, not a job, so it is refused rather than planned.
    if column == 1 && value > 0.0 && value < BARE_DATA_LEAST_BYTES && !cell.chars().any(char::is_alphabetic) {
        let shown: String = cell.chars().take(40).collect();
        return Err(format!(
            "\"{shown}\" has no unit, and {shown} B is too small for a job's data: write its unit, such as {shown}GB or {shown}TB ({shown}B for bytes); allowed: {job_allowed}"
        ));
    }
    if column == 3 && value > 0.0 && value < BARE_FILE_LEAST_BYTES && !cell.chars().any(char::is_alphabetic) {
        let shown: String = cell.chars().take(40).collect();
        return Err(format!(
            "\"{shown}\" has no unit, and {shown} B is too small for an average file: write its unit, such as {shown}KB or {shown}MB ({shown}B for bytes); allowed: {allowed}"
        ));
    }
    match column {
        1 if value <= 0.0 => return Err(format!("must be more than 0 B; allowed: {job_allowed}")),
        1 => job.data_bytes = value,
        3 => job.avg_file_bytes = Some(value),
        4 => job.client_link = EthernetLink::ALL.get(value as usize).copied(),
        5 => job.client_ports = Some(value as u32),
        9 => job.rtt_sec = Some(value),
        _ => job.streams = Some(value as u32),
    }
    Ok(())
}

/// `text` as one CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The jobs as CSV, with a header of the columns any job uses (`name,data` at least), the values
/// written as the form writes them; [`parse_jobs`] reads it back to the same jobs.
pub fn jobs_to_csv(jobs: &[Job]) -> String {
    let (columns, rows) = jobs_cells(jobs);
    let mut out = columns.join(",");
    for cells in rows {
        out.push('\n');
        out.push_str(&cells.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(","));
    }
    out
}

/// The jobs as a table: the [`COLUMNS`] any job uses (`name` and `data` at least) and each job's cells
/// under them, as the form and a link write the values (`6TB`, `10GbE`; an empty cell takes the form's
/// value). The printed report shows it; [`jobs_to_csv`] writes it.
pub fn jobs_cells(jobs: &[Job]) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let used = |column: &str| match column {
        "name" | "data" => true,
        "files" => jobs.iter().any(|j| j.files.is_some()),
        "file_size" => jobs.iter().any(|j| j.avg_file_bytes.is_some()),
        "client_nic" => jobs.iter().any(|j| j.client_link.is_some()),
        "client_ports" => jobs.iter().any(|j| j.client_ports.is_some()),
        "priority" => jobs.iter().any(|j| j.priority.is_some()),
        "rto_h" => jobs.iter().any(|j| j.rto_hours.is_some()),
        "rtt_ms" => jobs.iter().any(|j| j.rtt_sec.is_some()),
        _ => jobs.iter().any(|j| j.streams.is_some()),
    };
    let columns: Vec<&str> = COLUMNS.iter().copied().filter(|c| used(c)).collect();
    let format = |key: &str, value: f64| field_by_key(key).map_or_else(|| value.to_string(), |f| f.format(value));
    let rows: Vec<Vec<String>> = jobs
        .iter()
        .map(|job| {
            columns
                .iter()
                .map(|column| match *column {
                    "name" => job.name.clone(),
                    // A bare count under 1 MB would be refused on reading back: it carries its B.
                    "data" => {
                        let text = format("data", job.data_bytes);
                        if job.data_bytes >= BARE_DATA_LEAST_BYTES || text.chars().any(char::is_alphabetic) {
                            text
                        } else {
                            text + "B"
                        }
                    }
                    "files" => job.files.map(|f| format!("{f}")).unwrap_or_default(),
                    "file_size" => job
                        .avg_file_bytes
                        .map(|v| {
                            let text = format("file_size", v);
                            if v >= BARE_FILE_LEAST_BYTES || text.chars().any(char::is_alphabetic) {
                                text
                            } else {
                                text + "B"
                            }
                        })
                        .unwrap_or_default(),
                    "client_nic" => job.client_link.map(|l| l.name().to_string()).unwrap_or_default(),
                    "client_ports" => job.client_ports.map(|p| p.to_string()).unwrap_or_default(),
                    "priority" => job.priority.map(|p| p.to_string()).unwrap_or_default(),
                    "rto_h" => job.rto_hours.map(|h| format!("{h}")).unwrap_or_default(),
                    "rtt_ms" => job.rtt_sec.map(|v| format("rtt_ms", v)).unwrap_or_default(),
                    _ => job.streams.map(|s| s.to_string()).unwrap_or_default(),
                })
                .collect()
        })
        .collect();
    (columns, rows)
}

/// The names more than one job holds, in words: "Job names repeat: db (2 jobs), fs01 (3 jobs). The
/// schedule and the reports show them alike: rename all but one of each to tell them apart." Names
/// compare exactly as stored; counted, not numbered (a table's rows include those that cannot be read,
/// so a number would point at the wrong row). `None` when every name differs. Every job is kept and
/// scheduled: a repeated name loses nothing, it only reads ambiguously.
pub fn repeated_names_text(jobs: &[Job]) -> Option<String> {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for job in jobs {
        match seen.iter_mut().find(|(name, _)| *name == job.name) {
            Some((_, count)) => *count += 1,
            None => seen.push((&job.name, 1)),
        }
    }
    let repeated: Vec<String> =
        seen.iter().filter(|(_, n)| *n > 1).map(|(name, n)| format!("{name} ({n} jobs)")).collect();
    if repeated.is_empty() {
        return None;
    }
    let (what, rename) =
        if repeated.len() == 1 { ("name repeats", "all but one") } else { ("names repeat", "all but one of each") };
    Some(format!(
        "Job {what}: {}. The schedule and the reports show them alike: rename {rename} to tell them apart.",
        repeated.join("; ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_past_the_most_jobs_says_what_is_not_read() {
        // A trial (helper-104, 2026-12-06): the planner printed "the rest is left out" and planned nothing.
        let text: String =
            std::iter::once("name,data\n".to_string()).chain((0..=MAX_JOBS).map(|i| format!("j{i},1GB\n"))).collect();
        let (jobs, errors) = parse_jobs(&text);
        assert_eq!(jobs.len(), MAX_JOBS);
        let said = errors.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].ends_with(
                "more than 100,000 jobs: a job list holds at most 100,000, and the rows from here on are not read"
            ),
            "{said:?}"
        );
    }

    #[test]
    fn a_header_may_use_the_tables_headings() {
        let (jobs, errors) = parse_jobs("Name,Data,Client link,RTO (h)\nerp,2TB,10GbE,6\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(jobs[0].client_link.map(|l| l.name()), Some("10GbE"));
        assert_eq!(jobs[0].rto_hours, Some(6.0));
    }

    #[test]
    fn rows_after_blank_lines_and_cr_only_lists_are_numbered_by_their_lines() {
        // A blank line between db and fs: fs is on line 4, web on line 5.
        let text = "name,data,client_nic\ndb,6TB,1GbE\n\nfs,2TB,9GbE\nweb,xTB,1GbE\n";
        let lines: Vec<usize> = records(text).iter().map(|(line, _)| *line).collect();
        assert_eq!(lines, [1, 2, 4, 5]);
        let (_, errors) = parse_jobs(text);
        let bad: Vec<usize> =
            errors.iter().filter_map(|e| if let Error::JobRow { line, .. } = e { Some(*line) } else { None }).collect();
        assert_eq!(bad, [4, 5], "{errors:?}");
        // Old Mac line ends (CR only) read as lines too.
        let lines: Vec<usize> = records("name,data\rdb,6TB\r\rfs,lots\r").iter().map(|(line, _)| *line).collect();
        assert_eq!(lines, [1, 2, 4]);
        // Blank lines before the header.
        let lines: Vec<usize> = records("\n\nname,data\ndb,6TB\n").iter().map(|(line, _)| *line).collect();
        assert_eq!(lines, [3, 4]);
    }

    #[test]
    fn a_cell_is_set_as_a_list_reads_it() {
        let (mut jobs, _) = parse_jobs("name,data\ndb,6TB");
        set_cell(&mut jobs[0], "client_nic", "10GbE").unwrap();
        set_cell(&mut jobs[0], "streams", "6").unwrap();
        assert_eq!((jobs[0].client_link, jobs[0].streams), (Some(EthernetLink::Gbe10), Some(6)));
        assert!(set_cell(&mut jobs[0], "streams", "lots").unwrap_err().contains("allowed"));
        assert_eq!(set_cell(&mut jobs[0], "colour", "blue").unwrap_err(), "no column colour");
    }

    #[test]
    fn crlf_rows_are_numbered_by_their_lines() {
        // The bad cell is on line 3 whether the lines end in LF or CRLF.
        for text in ["name,data\ndb,6TB\nfs,lots\n", "name,data\r\ndb,6TB\r\nfs,lots\r\n"] {
            let lines: Vec<usize> = records(text).iter().map(|(line, _)| *line).collect();
            assert_eq!(lines, [1, 2, 3], "{text:?}");
            let (jobs, errors) = parse_jobs(text);
            assert_eq!(jobs.len(), 1);
            assert!(matches!(&errors[..], [Error::JobRow { line: 3, .. }]), "{text:?}: {errors:?}");
        }
    }

    #[test]
    fn repeated_names_are_named_with_their_rows_and_every_job_is_kept() {
        let (jobs, errors) = parse_jobs("name,data\ndb,1TB\nfs01,2TB\nfs01,3TB\ndb,4TB\nfs01,5TB\nweb,6TB");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(jobs.len(), 6, "a repeated name is not a bad row");
        assert_eq!(
            repeated_names_text(&jobs).as_deref(),
            Some("Job names repeat: db (2 jobs); fs01 (3 jobs). The schedule and the reports show them alike: rename all but one of each to tell them apart.")
        );
        let (two, _) = parse_jobs("name,data\nA & B,1TB\nA & B,2TB");
        assert_eq!(
            repeated_names_text(&two).as_deref(),
            Some("Job name repeats: A & B (2 jobs). The schedule and the reports show them alike: rename all but one to tell them apart.")
        );
        let (distinct, _) = parse_jobs("name,data\ndb,1TB\nDB,2TB");
        assert_eq!(repeated_names_text(&distinct), None, "names compare as stored: db and DB differ");
    }

    #[test]
    fn a_list_reads_back_what_it_writes() {
        let text = "name,data,files,client_nic,streams\ndb01,6TB,,1GbE,4\n\"fs, east\",200GB,1000000,,\n";
        let (jobs, errors) = parse_jobs(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(jobs.len(), 2);
        assert_eq!(jobs[0].data_bytes, 6e12);
        assert_eq!(jobs[0].client_link, Some(EthernetLink::Gbe1));
        assert_eq!(jobs[1].name, "fs, east");
        assert_eq!(jobs[1].files, Some(1e6));
        let csv = jobs_to_csv(&jobs);
        assert_eq!(parse_jobs(&csv).0, jobs, "{csv}");
    }

    #[test]
    fn a_name_exported_behind_a_single_quote_reads_back_as_it_was() {
        let (jobs, errors) =
            parse_jobs("name,data\n'=SUM(A1),1TB\n'-db,1TB\n'@mail,1TB\n'+web,1TB\nit's,1TB\n'quoted',1TB\n");
        assert!(errors.is_empty(), "{errors:?}");
        let names: Vec<&str> = jobs.iter().map(|j| j.name.as_str()).collect();
        assert_eq!(names, ["=SUM(A1)", "-db", "@mail", "+web", "it's", "'quoted'"]);
    }

    #[test]
    fn a_bare_number_under_1_mb_is_a_unit_left_out() {
        let (jobs, errors) = parse_jobs("name,data\nnewsrv,500\nb,1.5\nbytes,500B\nbig,1500000\n");
        let names: Vec<&str> = jobs.iter().map(|j| j.name.as_str()).collect();
        assert_eq!(names, ["bytes", "big"], "{errors:?}");
        assert_eq!((jobs[0].data_bytes, jobs[1].data_bytes), (500.0, 1.5e6));
        let first = errors[0].to_string();
        assert!(first.contains("\"500\" has no unit") && first.contains("500GB or 500TB"), "{first}");
        assert!(first.ends_with("; allowed: more than 0 B to 100 PB"), "{first}");
        assert_eq!(errors.len(), 2, "{errors:?}");
        // A small job the list writes reads back: its bare count carries its B.
        let small = parse_jobs("name,data\nx,999999B\n").0;
        let csv = jobs_to_csv(&small);
        assert!(csv.ends_with("x,999999B"), "{csv}");
        assert_eq!(parse_jobs(&csv).0, small);
    }

    #[test]
    fn a_bare_file_size_under_512_b_is_a_unit_left_out() {
        // A trial typed 4 in a row's average file size, meaning the form's 4 MB: the night ran 4.52 years.
        let (jobs, errors) = parse_jobs("name,data,file_size\na,1TB,4\nb,1TB,8890\nc,1TB,64B\nd,1TB,4MB\n");
        let sizes: Vec<(&str, Option<f64>)> = jobs.iter().map(|j| (j.name.as_str(), j.avg_file_bytes)).collect();
        assert_eq!(sizes, [("b", Some(8890.0)), ("c", Some(64.0)), ("d", Some(4e6))]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            errors[0].to_string(),
            "jobs, line 2, Avg file size (file_size): \"4\" has no unit, and 4 B is too small for an average file: write its unit, such as 4KB or 4MB (4B for bytes); allowed: 1 B to 1 PB"
        );
        // A job of small files the list writes reads back: its bare count carries its B.
        let csv = jobs_to_csv(&jobs);
        assert_eq!(parse_jobs(&csv).0, jobs, "{csv}");
    }

    #[test]
    fn a_name_with_a_direction_control_is_refused() {
        // An escape sequence is kept (every report escapes it); a direction control is refused.
        let (jobs, errors) = parse_jobs("name,data\nevil\u{202e}txt.exe,1TB\nbell\u{7},1TB\nok,1TB");
        assert_eq!(jobs.len(), 2, "{jobs:?}");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].to_string().contains("text-direction character (U+202E)"), "{}", errors[0]);
    }

    #[test]
    fn a_name_longer_than_120_characters_is_refused_not_cut() {
        // 120 characters read whole; 121 are refused with the allowed length, where they were cut to 120
        // (two names alike in their first 120 characters then read as one).
        let fits = format!("{} end", "n".repeat(116));
        let (jobs, errors) = parse_jobs(&format!("name,data\n{fits},1TB"));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(jobs[0].name, fits);
        let link = crate::codec::encode(&crate::Scenario { jobs: jobs.clone().into(), ..crate::Scenario::default() });
        assert_eq!(crate::codec::decode(&link).scenario.jobs.to_vec(), jobs);
        let (jobs, errors) = parse_jobs(&format!("name,data\n{}a,1TB\n{}b,1TB", "a".repeat(120), "a".repeat(120)));
        assert!(jobs.is_empty());
        assert_eq!(
            errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [2, 3].map(|line| format!(
                "jobs, line {line}, Name (name): is 121 characters long; allowed: 1 to 120 characters"
            ))
        );
    }

    #[test]
    fn priorities_read_write_and_round_trip() {
        let (jobs, errors) =
            parse_jobs("name,data,priority\nerp,2TB,0\nweb,300GB,\nfs,1TB,2\nbad,1TB,1001\nworse,1TB,-1");
        assert_eq!(jobs.iter().map(|j| j.priority).collect::<Vec<_>>(), [Some(0), None, Some(2)]);
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "jobs, line 5, Priority (priority): \"1001\" is out of range; allowed: 0 to 1,000 (0 first)",
                "jobs, line 6, Priority (priority): \"-1\" is out of range; allowed: 0 to 1,000 (0 first)",
            ]
        );
        let csv = jobs_to_csv(&jobs);
        assert_eq!(csv, "name,data,priority\nerp,2TB,0\nweb,300GB,\nfs,1TB,2");
        assert_eq!(parse_jobs(&csv).0, jobs);
        let (tiers, errors) =
            parse_jobs("name,data,priority,rto_h\nerp,2TB,0,4\nweb,1TB,1,24h\nfs,1TB,2,\nx,1TB,2,0\ny,1TB,2,lots");
        assert_eq!(tiers.iter().map(|j| j.rto_hours).collect::<Vec<_>>(), [Some(4.0), Some(24.0), None]);
        assert_eq!(
            errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "jobs, line 5, RTO (h) (rto_h): 0 is out of range; allowed: more than 0 to 8,760 h",
                "jobs, line 6, RTO (h) (rto_h): \"lots\" is not a recovery time objective in hours; allowed: more than 0 to 8,760 h",
            ]
        );
        let csv = jobs_to_csv(&tiers);
        assert_eq!(csv, "name,data,priority,rto_h\nerp,2TB,0,4\nweb,1TB,1,24\nfs,1TB,2,");
        assert_eq!(parse_jobs(&csv).0, tiers);
        // A list without priorities writes no such column.
        assert_eq!(jobs_to_csv(&parse_jobs("name,data\na,1TB").0), "name,data\na,1TB");
    }

    #[test]
    fn a_heading_left_empty_is_no_column_unless_cells_lie_under_it() {
        // A planner trial's trailing comma read "column : unknown column (column 3)".
        let (jobs, errors) = parse_jobs("name,data,\na,1TB,\nb,2TB\n");
        assert!(errors.is_empty() && jobs.len() == 2, "{errors:?}");
        let (_, errors) = parse_jobs("name,data,\na,1TB,4\n");
        assert_eq!(
            errors[0].to_string(),
            "jobs, line 1, column 3: has no heading, and cells under it; name the column (allowed: name, data, files, file_size, client_nic, client_ports, streams, priority, rto_h, rtt_ms), or remove it"
        );
    }

    #[test]
    fn a_list_a_comma_decimal_spreadsheet_wrote_is_semicolon_separated() {
        let (jobs, errors) = parse_jobs("name;data;streams\nfs01;2TB;4\n\"db; main\";500GB;\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            jobs.iter().map(|j| (j.name.as_str(), j.data_bytes, j.streams)).collect::<Vec<_>>(),
            [("fs01", 2e12, Some(4)), ("db; main", 500e9, None)]
        );
        // Such a list marks decimals with a comma (a planner trial's `1,5` was refused, "takes a point"),
        // and a point still reads as one; a comma in a count is a decimal too, so not a whole number.
        let (jobs, errors) = parse_jobs("name;data;rto_h;rtt_ms\nfs, east;1,5TB;0,5;2.5\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!((jobs[0].name.as_str(), jobs[0].data_bytes, jobs[0].rto_hours), ("fs, east", 1.5e12, Some(0.5)));
        assert!((jobs[0].rtt_sec.unwrap() - 0.0025).abs() < 1e-12);
        let (_, errors) = parse_jobs("name;data;files\nfs01;1TB;1,200\n");
        assert!(errors[0].to_string().contains("Files (files)"), "{errors:?}");
        let (_, errors) = parse_jobs("name;data\nfs01;1.234,5GB\n");
        assert!(errors[0].to_string().contains("\"1.234,5GB\""), "{errors:?}");
        // A comma in the header keeps the comma (a name may hold a semicolon).
        let (jobs, _) = parse_jobs("name,data\na;b,1TB\n");
        assert_eq!(jobs[0].name, "a;b");
    }

    #[test]
    fn rows_pasted_from_a_spreadsheet_are_tab_separated() {
        let (jobs, errors) = parse_jobs("name\tdata\nmail\t2TB\nweb\t300GB");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(jobs.iter().map(|j| j.data_bytes).collect::<Vec<_>>(), [2e12, 3e11]);
    }

    #[test]
    fn commas_in_counts_and_objectives_group_thousands_or_are_refused() {
        let (jobs, errors) = parse_jobs(
            "name,data,files,rto_h\na,1TB,\"1,000\",\"1,000.5\"\nb,1TB,\"1,5\",2\nc,1TB,3,\"0,5\"\nd,1TB,3,\",5\"\ne,1TB,1_0,2\n",
        );
        assert_eq!(jobs.len(), 1, "{errors:?}");
        assert_eq!((jobs[0].files, jobs[0].rto_hours), (Some(1_000.0), Some(1_000.5)));
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 4, "{text:?}");
        assert!(text[0].contains("\"1,5\" is not a whole number of files"), "{text:?}");
        assert!(
            text[1].contains("\"0,5\" takes a point for its decimals: write 0.5; allowed: more than 0 to 8,760 h"),
            "{text:?}"
        );
        assert!(text[2].contains("\",5\" is not a recovery time objective"), "{text:?}");
        assert!(text[3].contains("\"1_0\" is not a whole number of files"), "{text:?}");
    }

    #[test]
    fn a_bad_cell_names_its_line_and_column_and_the_rest_loads() {
        let (jobs, errors) = parse_jobs("name,data,streams\na,1TB,4\nb,lots,4\nc,2TB,999\n,1TB,\nd,3TB,");
        assert_eq!(jobs.iter().map(|j| j.name.as_str()).collect::<Vec<_>>(), ["a", "d"]);
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(text[0].starts_with("jobs, line 3, Data (data): "), "{text:?}");
        assert!(
            text[1].starts_with("jobs, line 4, Streams (streams): ") && text[1].contains("allowed: 1 to 256"),
            "{text:?}"
        );
        assert!(text[2].starts_with("jobs, line 5, Name (name): is empty"), "{text:?}");
        let (none, missing) = parse_jobs("name,size\na,1TB");
        assert!(
            none.is_empty()
                && missing.iter().any(|e| e.to_string().contains("Data (data): the header has no such column"))
        );
    }

    #[test]
    fn a_cell_beyond_the_header_is_named_and_its_row_still_loads() {
        let (jobs, errors) = parse_jobs("name,data\na,1TB,extra\nb,2TB,,\n");
        assert_eq!(
            jobs.iter().map(|j| j.name.as_str()).collect::<Vec<_>>(),
            ["a", "b"],
            "empty trailing cells are no data"
        );
        assert_eq!(
            errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["jobs, line 2, column 3: \"extra\" is beyond the header's 2 columns and is not read; add its column to the header, or remove the cell"]
        );
        // A link holding it keeps the list as written, so the address bar still carries the cell.
        let link = "v=1&jobs=name%2Cdata%0Aa%2C1TB%2Cextra";
        let opened = crate::codec::decode(link);
        assert_eq!(opened.unread_jobs.as_deref(), Some("name,data\na,1TB,extra"));
        assert_eq!(opened.scenario.jobs.len(), 1);
    }

    /// Rows that read as something other than what was written are refused, each naming its cell (a
    /// trial of 2026-12-05 found each planned without a word).
    #[test]
    fn a_file_larger_than_the_jobs_data_is_refused() {
        let (_, close) = parse_jobs("name,data,file_size\na,1GB,1000010KB\n");
        assert!(
            close[0].to_string().contains("1,000,010,000 B is larger than the job's data (1,000,000,000 B)"),
            "{close:?}"
        );
        let (jobs, errors) = parse_jobs("name,data,file_size\na,1GB,2GB\nb,1GB,1GB\n");
        assert_eq!(jobs.iter().map(|j| j.name.as_str()).collect::<Vec<_>>(), ["b"]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            errors[0].to_string(),
            "jobs, line 2, Avg file size (file_size): 2.00 GB is larger than the job's data (1.00 GB); allowed: up to the data, a job of one file at most"
        );
    }

    #[test]
    fn contradictions_and_open_quotes_are_refused() {
        let refused = |text: &str| -> Vec<(usize, String, String)> {
            let (_, errors) = parse_jobs(text);
            errors
                .into_iter()
                .map(|e| match e {
                    Error::JobRow { line, column, message, .. } => (line, column, message),
                    other => panic!("{other:?}"),
                })
                .collect()
        };
        // More files than bytes: under a byte a file, below the file size's least.
        assert_eq!(
            refused("name,data,files\na,1KB,1000000\n"),
            [(2, "files".to_string(), "1,000,000 files in 1.00 KB would be under 1 B each; allowed: 1 to 1,000 files for this data (a file holds at least 1 B)".to_string())]
        );
        assert!(parse_jobs("name,data,files\na,1KB,1000\n").1.is_empty());
        // A priority grouped as the message writes the most, "1,000", is read (a page trial's was refused);
        // "1,5" is no thousands.
        let (jobs, errors) = parse_jobs("name,data,priority\na,1TB,\"1,000\"\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(jobs[0].priority, Some(1000));
        assert_eq!(
            refused("name,data,priority\na,1TB,\"1,5\"\n"),
            [(2, "priority".to_string(), "\"1,5\" is not a priority tier; allowed: 0 to 1,000 (0 first)".to_string())]
        );
        // Files and a file size that disagree: 100 GB in 10^8 files is 1 KB, not 10 MB.
        assert_eq!(
            refused("name,data,files,file_size\na,100GB,100000000,10MB\n"),
            [(2, "file_size".to_string(), "10.0 MB disagrees with files: 100 GB in 100,000,000 files is 1.00 KB a file; give files or file_size, or two that agree".to_string())]
        );
        // Two that agree within the digits written load.
        let (jobs, errors) = parse_jobs("name,data,files,file_size\na,100GB,100000,1MB\nb,1TB,1000,1GiB\n");
        assert!(errors.is_empty() && jobs.len() == 2, "{errors:?}");
        // A column named twice.
        assert_eq!(
            refused("name,data,data\na,1TB,2TB\n"),
            [(1, "data".to_string(), "the header names this column twice (columns 2 and 3); keep one".to_string())]
        );
        // A quote left open swallows the next row into a name.
        let open = refused("name,data\n\"a,1TB\nb\",2TB\nc,1TB\n");
        assert_eq!(open[0].0, 2);
        assert!(open[0].2.starts_with("runs over 2 lines: a quote (\") opened in it"), "{open:?}");
        // A quote left open on the last row (with or without a line end after it).
        for text in ["name,data\nb,2TB\n\"a,1TB\n", "name,data\nb,2TB\n\"a,1TB", "name;data\n\"a;1TB\n"] {
            let (jobs, errors) = parse_jobs(text);
            assert_eq!(jobs.len(), usize::from(text.contains('b')), "{text:?}");
            assert_eq!(
                errors.iter().map(ToString::to_string).collect::<Vec<_>>(),
                [format!("jobs, line {}, Name (name): a quote (\") opened in it is never closed, so the rest of the row reads as its name; close the quote", if text.contains('b') { 3 } else { 2 })],
                "{text:?}"
            );
        }
        // A name that holds a quote of its own, and a closed quoted name alone on its row, are not open quotes.
        assert_eq!(refused("name,data\n\"fs, east\"\n")[0].2, "is empty; every job needs its data set");
        assert!(parse_jobs("name,data\n5\" disk,1TB\n").1.is_empty());
        // A quoted comma in a name is still a name.
        let (jobs, errors) = parse_jobs("name,data\n\"fs, east\",1TB\n");
        assert!(errors.is_empty() && jobs[0].name == "fs, east", "{errors:?}");
    }
}
