//! The job table's content, as pure functions native tests check: the cells as typed, which rows the
//! model reads as jobs, and the problems in words. The card's views are in `components/jobs.rs`.
//!
//! The table keeps every cell as typed ([`Draft`]), so a bad cell is never lost: the model reads the
//! rows ([`capacity_model::fleet::parse_jobs`], the same reader as links and files), the good ones
//! become the scenario's jobs and the bad ones keep their text and show the model's message.

use crate::export::write_record;
use capacity_model::fleet::{jobs_to_csv, parse_jobs, Job, COLUMNS, MAX_JOBS};
use capacity_model::Error;
use std::sync::atomic::{AtomicU64, Ordering};

/// Number of columns: `name, data, files, file_size, client_nic, client_ports, streams, priority, rto_h,
/// rtt_ms`.
pub const COLS: usize = COLUMNS.len();
/// Rows shown per page of the table: enough to scroll through, few enough to draw in a few ms.
pub const PAGE_ROWS: usize = 100;
/// Column headings, in [`COLUMNS`] order (the model's, which a pasted header may use).
pub use capacity_model::fleet::jobs::HEADINGS;

/// One row's cells, as typed.
pub type Cells = [String; COLS];

/// A row of the table: its id, its cells, the job the model read from them, and what is wrong with them.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Stays with the row while rows above it come and go (the page's keyed list follows it); no two
    /// rows made in one page share it.
    pub id: u64,
    /// The cells as typed.
    pub cells: Cells,
    /// The job, when the row reads as one.
    pub job: Option<Job>,
    /// Each bad cell: its column index and the model's message (with the allowed range).
    pub problems: Vec<(usize, String)>,
}

impl Row {
    /// An empty row with an id of its own.
    pub fn new() -> Self {
        // Ids only tell rows apart: a counter for the page's life is enough.
        static NEXT: AtomicU64 = AtomicU64::new(0);
        Self { id: NEXT.fetch_add(1, Ordering::Relaxed), cells: Cells::default(), job: None, problems: Vec::new() }
    }

    /// Every cell empty (or blank): the row is not a job and not a problem.
    pub fn is_blank(&self) -> bool {
        self.cells.iter().all(|c| c.trim().is_empty())
    }
}

/// The table: every row as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Draft {
    /// The rows, in order.
    pub rows: Vec<Row>,
}

/// Splits CSV or tab-separated text into records of cells, read as the model reads job lists
/// ([`capacity_model::fleet::records`]). Line breaks inside a quoted cell become spaces (a cell is one
/// line of the table); blank records are dropped.
pub fn split(text: &str) -> Vec<Vec<String>> {
    // Spreadsheets often start a CSV file with a byte-order mark; it is not part of the first heading.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    capacity_model::fleet::records(text)
        .into_iter()
        .map(|(_, cells)| cells.into_iter().map(|c| c.replace(['\r', '\n'], " ")).collect())
        .collect()
}

/// The column a heading names (`name`, `Data`, ` streams `, `Client link`), if any.
fn column_of(heading: &str) -> Option<usize> {
    capacity_model::fleet::jobs::column_named(heading)
}

/// Whether a record's first two cells read as a job's name and data.
fn reads_as_job(record: &[String]) -> bool {
    let quoted = |cell: &str| format!("\"{}\"", cell.trim().replace('"', "\"\""));
    match record {
        [name, data, ..] => parse_jobs(&format!("name,data\n{},{}\n", quoted(name), quoted(data))).1.is_empty(),
        _ => false,
    }
}

/// How the records of pasted or imported text map onto the columns: by their header row when the first
/// record names `name` and `data` (as a job list's header must), otherwise in column order from `start`
/// (below a first row of other words over rows of jobs, which is a header in other terms). Returns the
/// column of each field (None: left out), how many records the header takes (0 or 1), and a note for each
/// heading, row or field left out.
fn mapping(records: &[Vec<String>], start: usize) -> (Vec<Option<usize>>, usize, Vec<String>) {
    let mut notes = Vec::new();
    let first = records.first().map(Vec::as_slice).unwrap_or_default();
    let names: Vec<Option<usize>> = first.iter().map(|h| column_of(h)).collect();
    if names.contains(&Some(0)) && names.contains(&Some(1)) {
        for (heading, column) in first.iter().zip(&names) {
            if column.is_none() && !heading.trim().is_empty() {
                notes.push(format!(
                    "Column \"{}\" was left out: the columns are {}.",
                    heading.trim().chars().take(40).collect::<String>(),
                    COLUMNS.join(", ")
                ));
            }
        }
        // Cells beyond the header's columns have no column to go to.
        if let Some((row, cell)) = records
            .iter()
            .enumerate()
            .skip(1)
            .find_map(|(i, record)| record.iter().skip(first.len()).find(|c| !c.trim().is_empty()).map(|c| (i, c)))
        {
            notes.push(format!(
                "Cells beyond the header's {} columns were left out (row {row}: \"{}\"); add a heading for them.",
                first.len(),
                cell.trim().chars().take(40).collect::<String>()
            ));
        }
        return (names, 1, notes);
    }
    // A first row of words over rows of jobs (`host,size` over `fs1,2TB`) is a header in other terms: pasted
    // as a row, it became a job named "host" that read "Data: size is not a size".
    let worded_header = names.iter().all(Option::is_none)
        && !reads_as_job(first)
        && records.get(1).is_some_and(|second| reads_as_job(second));
    let skip = usize::from(worded_header);
    if worded_header {
        notes.push(format!(
            "The first row ({}) was taken for a header and left out: it names none of the columns ({}), so the rows below were pasted in column order.",
            first.iter().map(|h| h.trim()).collect::<Vec<_>>().join(", ").chars().take(80).collect::<String>(),
            COLUMNS.join(", ")
        ));
    }
    let widest = records.iter().skip(skip).map(Vec::len).max().unwrap_or(0);
    let columns: Vec<Option<usize>> = (0..widest).map(|k| Some(start + k).filter(|c| *c < COLS)).collect();
    if columns.contains(&None) {
        notes.push(format!(
            "Cells beyond the {} column were left out (the columns are {}).",
            COLUMNS[COLS - 1],
            COLUMNS.join(", ")
        ));
    }
    (columns, skip, notes)
}

/// The rows as the CSV text the model reads: a header of every column, one line per row (blank rows
/// too, as empty fields, so that line n + 2 is row n). Lines end in LF alone: the model numbers lines
/// by their line feeds, and after a CR LF it gives the line before.
fn rows_csv(rows: &[Row]) -> String {
    let mut out = String::with_capacity(rows.len() * 32 + 64);
    out.push_str(&COLUMNS.join(","));
    out.push('\n');
    for row in rows {
        write_record(&mut out, &row.cells);
        out.pop();
        out.pop();
        out.push('\n');
    }
    out
}

/// Has the model read `rows`: each gets its job or its problems. Rows are numbered from line 2 of the
/// text (line 1 is the header), and the model keeps the good rows in order, so the n-th good row that
/// is not blank holds the n-th job.
fn check(rows: &mut [Row]) {
    let (jobs, errors) = parse_jobs(&rows_csv(rows));
    for row in rows.iter_mut() {
        row.job = None;
        row.problems.clear();
    }
    for error in errors {
        if let Error::JobRow { line, column, message, .. } = error {
            if let Some(row) = line.checked_sub(2).and_then(|i| rows.get_mut(i)) {
                row.problems.push((column_of(&column).unwrap_or(0), message));
            }
        }
    }
    let good = rows.iter().filter(|r| r.problems.is_empty() && !r.is_blank()).count();
    if good != jobs.len() {
        // Never expected; read row by row rather than pair a job with the wrong row.
        if rows.len() > 1 {
            for i in 0..rows.len() {
                check(&mut rows[i..=i]);
            }
        }
        return;
    }
    let mut jobs = jobs.into_iter();
    for row in rows.iter_mut().filter(|r| r.problems.is_empty() && !r.is_blank()) {
        row.job = jobs.next();
    }
}

impl Default for Row {
    fn default() -> Self {
        Self::new()
    }
}

impl Draft {
    /// The table for a list of jobs (as the model writes it: `jobs_to_csv`).
    pub fn from_jobs(jobs: &[Job]) -> Self {
        let records = split(&jobs_to_csv(jobs));
        let (columns, skip, _) = mapping(&records, 0);
        let rows = records
            .iter()
            .skip(skip)
            .zip(jobs)
            .map(|(record, job)| {
                let mut cells = Cells::default();
                for (cell, column) in record.iter().zip(&columns) {
                    if let Some(c) = column {
                        cells[*c] = cell.clone();
                    }
                }
                Row { cells, job: Some(job.clone()), ..Row::new() }
            })
            .collect();
        Self { rows }
    }

    /// The jobs of every good row, in order.
    pub fn jobs(&self) -> Vec<Job> {
        self.rows.iter().filter_map(|r| r.job.clone()).collect()
    }

    /// Whether the good rows hold exactly `jobs`.
    pub fn holds(&self, jobs: &[Job]) -> bool {
        let mut mine = self.rows.iter().filter_map(|r| r.job.as_ref());
        jobs.iter().all(|j| mine.next() == Some(j)) && mine.next().is_none()
    }

    /// Sets one cell to `text` and has the model read its row again.
    pub fn set(&mut self, row: usize, column: usize, text: &str) {
        if column >= COLS {
            return;
        }
        if let Some(r) = self.rows.get_mut(row) {
            r.cells[column] = text.to_string();
            check(std::slice::from_mut(r));
        }
    }

    /// Adds an empty row at the end; returns its index.
    pub fn add_row(&mut self) -> usize {
        self.rows.push(Row::new());
        self.rows.len() - 1
    }

    /// Removes a row (nothing when there is no such row).
    pub fn remove_row(&mut self, row: usize) {
        if row < self.rows.len() {
            self.rows.remove(row);
        }
    }

    /// Writes pasted or imported text into the table from cell (`row`, `column`), as a spreadsheet
    /// does: one record per row, adding rows as needed. A first record naming `name` and `data` is a
    /// header, and the fields go to the columns it names. Returns how many rows it wrote and a note for
    /// whatever it left out.
    pub fn paste(&mut self, row: usize, column: usize, text: &str) -> (usize, Vec<String>) {
        let records = split(text);
        let (columns, skip, mut notes) = mapping(&records, column.min(COLS - 1));
        let body = &records[skip.min(records.len())..];
        let room = MAX_JOBS.saturating_sub(row);
        if body.len() > room {
            notes.push(format!("Rows beyond {MAX_JOBS} were left out (a list holds at most {MAX_JOBS} jobs)."));
        }
        let body = &body[..body.len().min(room)];
        if body.is_empty() {
            return (0, notes);
        }
        // A cell is one line of the table, so a quote left open is said here: the model would name it
        // (`fleet::parse_jobs`), but its line breaks are spaces by now, and the row read "Data is empty"
        // while the rows it swallowed were gone from the list (a trial's `"fs01,1TB` took `web,2TB`).
        let spans = capacity_model::fleet::records(text.strip_prefix('\u{feff}').unwrap_or(text));
        for (i, (_, cells)) in spans.iter().enumerate().skip(skip).take(body.len()) {
            if let Some(lines) = cells.iter().map(|c| c.trim_end().lines().count()).max().filter(|&n| n > 1) {
                notes.push(format!(
                    "Row {} runs over {lines} lines: a quote (\") opened in it closes on a later line, or never, so the rows after it were read into its cells; close the quote, or take it out, and paste those rows again.",
                    row + i - skip + 1
                ));
            }
        }
        // A quote opened on the last row and never closed took the rest of that row into one cell (a
        // page trial's `"fs,2TB` read only "Data is empty").
        let last = spans.last().filter(|(_, cells)| cells.len() < 2 && spans.len() > skip);
        if last.is_some() && capacity_model::fleet::jobs::ends_in_open_quote(text) {
            notes.push(format!(
                "Row {} has a quote (\") that is never closed, so the rest of its line was read as its name; close the quote, or take it out, and paste the row again.",
                row + body.len()
            ));
        }
        if self.rows.len() < row + body.len() {
            self.rows.resize_with(row + body.len(), Row::new);
        }
        // A list saved with semicolons marks its decimals with a comma: written with a point here.
        let commas = capacity_model::fleet::jobs::decimal_commas(text);
        for (target, record) in self.rows[row..].iter_mut().zip(body) {
            for (cell, c) in record.iter().zip(&columns) {
                if let Some(c) = c {
                    target.cells[*c] = match c {
                        0 => cell.trim().to_string(),
                        _ if commas => capacity_model::fleet::jobs::decimal_point(cell.trim()),
                        _ => cell.trim().to_string(),
                    };
                }
            }
        }
        check(&mut self.rows[row..row + body.len()]);
        (body.len(), notes)
    }

    /// Whether the text's first row is a header naming the name and data columns (rows under it that all
    /// need fixing are still a job list; a file without one and no readable row is not).
    pub fn has_header(text: &str) -> bool {
        split(text).first().is_some_and(|first| {
            let named: Vec<Option<usize>> = first.iter().map(|h| column_of(h)).collect();
            named.contains(&Some(0)) && named.contains(&Some(1))
        })
    }

    /// What is wrong with a file's first record when it is a header that the table cannot use: a record
    /// naming a column (`name,size`) but not both `name` and `data`. `None` for a usable header or none.
    pub fn header_problem(text: &str) -> Option<String> {
        // A scenario file says what it is, rather than what its first row lacks. (A list saved with
        // semicolons, as spreadsheets where the comma marks decimals save CSV, is read as it is.)
        let start = text.trim_start_matches('\u{feff}').trim_start();
        if start.starts_with('{') || start.starts_with('[') {
            return Some(
                "it is a JSON file, not a CSV list of jobs (a scenario file opens with Import JSON)".to_string(),
            );
        }
        let records = split(text);
        let first = records.first()?;
        let named: Vec<Option<usize>> = first.iter().map(|h| column_of(h)).collect();
        let names_any = named.iter().any(Option::is_some);
        let usable = named.contains(&Some(0)) && named.contains(&Some(1));
        // A first row of words over rows of jobs (`host,size` over `fs1,2TB`) is a header in other terms.
        if !names_any && records.get(1).is_some_and(|second| reads_as_job(second)) && !reads_as_job(first) {
            return Some(format!(
                "its first row ({}) reads as a header but names none of the columns (the columns are {}, or as the table heads them: {})",
                first.iter().map(|h| h.trim()).collect::<Vec<_>>().join(", ").chars().take(80).collect::<String>(),
                COLUMNS.join(", "),
                HEADINGS.join(", ")
            ));
        }
        (names_any && !usable).then(|| {
            format!(
                "its header ({}) does not name both the name and data columns (the columns are {})",
                first.iter().map(|h| h.trim()).collect::<Vec<_>>().join(", ").chars().take(80).collect::<String>(),
                COLUMNS.join(", ")
            )
        })
    }

    /// Index after the last row that is not blank: where appended rows go.
    pub fn end(&self) -> usize {
        self.rows.iter().rposition(|r| !r.is_blank()).map_or(0, |i| i + 1)
    }

    /// Rows with a problem.
    pub fn bad_rows(&self) -> usize {
        self.rows.iter().filter(|r| !r.problems.is_empty()).count()
    }

    /// The table as CSV, every row as typed (bad ones too, so an export loses nothing): a header of
    /// `name`, `data` and each other column any row fills. Cells a spreadsheet would run as formulas are
    /// written as text ([`crate::export::to_csv`]).
    pub fn csv(&self) -> String {
        crate::export::to_csv(&self.records())
    }

    /// The table as the text a share link carries while some rows cannot be read: the records of
    /// [`Draft::csv`] as plain RFC 4180 (no formula guard, which would change a cell) with LF line ends,
    /// as the model writes a list into a link, which [`Draft::from_text`] reads back to the same rows.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for record in self.records() {
            write_record(&mut out, &record);
            // A cell holds no line break (the table's cells are one line): only the record's end is CRLF.
            out.pop();
            out.pop();
            out.push('\n');
        }
        out
    }

    /// The table for a job list as a link or file wrote it, bad rows included (each with its
    /// problems): a header naming `name` and `data` maps the columns, as a paste does.
    pub fn from_text(text: &str) -> Self {
        let mut draft = Self::default();
        draft.paste(0, 0, text);
        draft
    }

    /// A header of `name`, `data` and each other column any row fills, then every row that is not
    /// blank, its cells as typed.
    fn records(&self) -> Vec<Vec<String>> {
        let used: Vec<usize> =
            (0..COLS).filter(|&c| c < 2 || self.rows.iter().any(|r| !r.cells[c].trim().is_empty())).collect();
        let header: Vec<String> = used.iter().map(|&c| COLUMNS[c].to_string()).collect();
        let rows = self.rows.iter().filter(|r| !r.is_blank());
        std::iter::once(header)
            .chain(rows.map(|row| used.iter().map(|&c| row.cells[c].trim().to_string()).collect()))
            .collect()
    }

    /// Every problem, one line each naming the row, the column by its heading and the model's message
    /// (with the allowed range): `Row 2, Data: ...`.
    pub fn problems_text(&self) -> Vec<String> {
        let lines = self.rows.iter().enumerate();
        lines
            .flat_map(|(i, r)| {
                r.problems.iter().map(move |(c, m)| {
                    // "Row 3, Name is empty" reads as a sentence, "Row 3, Name: is empty" does not.
                    let colon = if m.starts_with("is ") { "" } else { ":" };
                    format!("Row {}, {}{colon} {m}", i + 1, HEADINGS[*c])
                })
            })
            .collect()
    }

    /// Every problem, one line each naming the row, the column and the model's message (with the
    /// allowed range), at most `limit` lines and then a count of the rest (`… and 3 more`).
    pub fn problem_lines(&self, limit: usize) -> Vec<String> {
        let mut lines = self.problems_text();
        let more = lines.len().saturating_sub(limit);
        if more > 0 {
            lines.truncate(limit);
            lines.push(format!("… and {} more", capacity_model::units::format_count(more as f64)));
        }
        lines
    }

    /// The index of the row with id `id`, looked for first at `hint` (where a page's row usually is).
    pub fn position(&self, id: u64, hint: usize) -> Option<usize> {
        if self.rows.get(hint).is_some_and(|r| r.id == id) {
            return Some(hint);
        }
        self.rows.iter().position(|r| r.id == id)
    }

    /// The ids of page `page` (from 0)'s rows, [`PAGE_ROWS`] to a page.
    pub fn page_ids(&self, page: usize) -> Vec<u64> {
        self.rows.iter().skip(page * PAGE_ROWS).take(PAGE_ROWS).map(|r| r.id).collect()
    }
}

/// What an empty cell of `column` shows: for file size, client link, ports, streams and the round trip
/// the scenario's value, which the job takes (from `defaults`, those five values tab-separated), else
/// an example.
pub fn placeholder(defaults: &str, column: usize) -> String {
    match column {
        0 => "name".to_string(),
        1 => "e.g. 2TB".to_string(),
        2 => "—".to_string(),
        3..=6 => defaults.split('\t').nth(column - 3).unwrap_or_default().to_string(),
        9 => defaults.split('\t').nth(4).unwrap_or_default().to_string(),
        _ => "none".to_string(),
    }
}

/// What an empty average-file-size cell shows for a row that gives its files and no file size: the
/// average the model takes, data / files (the scenario's default, shown for other rows, would be the
/// wrong figure there). `None` for any other row.
pub fn derived_file_size(job: &Job, system: capacity_model::units::UnitSystem) -> Option<String> {
    if job.avg_file_bytes.is_some() {
        return None;
    }
    let files = job.files.filter(|f| *f > 0.0)?;
    Some(capacity_model::units::format_bytes(job.data_bytes / files, system))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write;

    #[test]
    fn a_row_that_gives_its_files_shows_the_average_they_make() {
        let d = draft("name,data,files,file_size\nfs,4TB,20000000,\nmail,5TB,,\nweb,1TB,1000,1GB\nlog,1TB,1000,2MB");
        let shown: Vec<Option<String>> = d
            .rows
            .iter()
            .take(3)
            .map(|r| derived_file_size(r.job.as_ref().unwrap(), capacity_model::units::UnitSystem::Decimal))
            .collect();
        assert_eq!(shown, [Some("200 KB".to_string()), None, None], "a size given is shown as typed");
        // Files and a size that disagree (1 TB in 1,000 files is 1 GB, not 2 MB): the size's cell says so.
        let log = &d.rows[3];
        assert!(log.job.is_none());
        assert_eq!(log.problems[0].0, 3);
        assert!(
            log.problems[0].1.starts_with("2.00 MB disagrees with files: 1.00 TB in 1,000 files is 1.00 GB a file"),
            "{:?}",
            log.problems
        );
    }

    fn draft(text: &str) -> Draft {
        let mut d = Draft::default();
        d.paste(0, 0, text);
        d
    }

    #[test]
    fn good_rows_become_jobs_and_bad_cells_keep_their_text() {
        let d = draft("name,data,streams\ndb,6TB,8\nfs,lots,4\n,1TB,\nweb,300GB,\n");
        assert_eq!(d.rows.len(), 4);
        let names: Vec<_> = d.jobs().iter().map(|j| (j.name.clone(), j.data_bytes)).collect();
        assert_eq!(names, [("db".to_string(), 6e12), ("web".to_string(), 3e11)]);
        assert_eq!(d.rows[0].job.as_ref().unwrap().streams, Some(8));
        assert_eq!(d.rows[1].cells[1], "lots", "what was typed stays");
        assert_eq!(d.rows[1].problems[0].0, 1, "the data column");
        assert!(d.rows[1].problems[0].1.contains("allowed: more than 0 B to 100 PB"), "{:?}", d.rows[1].problems);
        assert!(d.rows[2].problems[0].1.contains("every job needs a name"), "{:?}", d.rows[2].problems);
        assert_eq!(d.bad_rows(), 2);
        let lines = d.problem_lines(12);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("Row 2, Data: \"lots\" is not a size"), "{lines:?}");
        assert!(lines[1].starts_with("Row 3, Name is empty"), "{lines:?}");
    }

    #[test]
    fn fixing_a_cell_reads_the_row_again() {
        let mut d = draft("name,data\ndb,6TB\nfs,lots\n");
        d.set(1, 1, "200GB");
        assert!(d.rows[1].problems.is_empty());
        assert_eq!(d.jobs().len(), 2);
        d.set(0, 6, "999");
        assert!(d.rows[0].job.is_none() && d.rows[0].problems[0].1.contains("allowed: 1 to 256"));
        assert_eq!(d.jobs().iter().map(|j| j.name.as_str()).collect::<Vec<_>>(), ["fs"]);
    }

    #[test]
    fn spreadsheet_rows_paste_from_the_cell_they_land_in() {
        let mut d = draft("name,data\ndb,6TB\n");
        // Two rows of name and data, tab-separated, pasted into row 2's name cell.
        let (written, notes) = d.paste(1, 0, "mail\t2TB\r\nweb\t300GB\r\n");
        assert_eq!((written, notes.len()), (2, 0));
        assert_eq!(d.jobs().iter().map(|j| j.data_bytes).collect::<Vec<_>>(), [6e12, 2e12, 3e11]);
        // A single column pasted into the streams column fills streams only.
        d.paste(0, 6, "2\n3\n4");
        assert_eq!(d.jobs().iter().map(|j| j.streams).collect::<Vec<_>>(), [Some(2), Some(3), Some(4)]);
        // Too many columns for where they land: the rest is named as left out.
        let (_, notes) = d.paste(0, 8, "1\t2\t3");
        assert!(notes[0].contains("left out"), "{notes:?}");
    }

    #[test]
    fn a_header_naming_name_and_data_makes_a_job_list_of_rows_that_need_fixing() {
        assert!(Draft::has_header("name,data,streams\nalpha,lots,\nbeta,1TB,300\n"));
        assert!(Draft::has_header("Name;Data\nalpha;lots\n"));
        assert!(!Draft::has_header("db,6TB\n"), "rows of values");
        assert!(!Draft::has_header("\u{89}PNG\r\n\u{1a}\n"), "another format");
        assert!(!Draft::has_header(""));
    }

    #[test]
    fn a_header_without_the_name_and_data_columns_is_named() {
        let problem = Draft::header_problem("name,size\ndb,6TB\n").expect("name without data");
        assert!(
            problem.starts_with("its header (name, size) does not name both the name and data columns"),
            "{problem}"
        );
        assert_eq!(Draft::header_problem("Name,Data,Streams\ndb,6TB,4\n"), None);
        assert_eq!(Draft::header_problem("db,6TB\n"), None, "no header: rows of values");
        assert_eq!(Draft::header_problem("db,6TB\nfs1,2TB\n"), None, "no header: rows of values");
        let problem = Draft::header_problem("host,size\nfs1,2TB\n").expect("a header in other words");
        assert!(
            problem.starts_with("its first row (host, size) reads as a header but names none of the columns"),
            "{problem}"
        );
        // The table's own headings are a header: a table copied from the page pastes back whole.
        assert_eq!(Draft::header_problem("Name\tData\tClient link\tRTO (h)\nerp\t2 TB\t10GbE\t6\n"), None);
        let mut draft = Draft::default();
        let (rows, notes) = draft.paste(0, 0, "Name\tData\tClient link\tRTO (h)\nerp\t2 TB\t10GbE\t6\n");
        assert_eq!((rows, notes.len()), (1, 0), "{notes:?}");
        let job = &draft.jobs()[0];
        assert_eq!((job.client_link.map(|l| l.name()), job.rto_hours), (Some("10GbE"), Some(6.0)));
        assert_eq!(Draft::header_problem(""), None);
        // A new user's trial (stop 39): these said "Row 1, Data is empty". A list saved with semicolons
        // is read as it is (until stop 56 it was refused with advice to save it with commas).
        assert_eq!(Draft::header_problem("name;data\na;1TB\n"), None);
        let (rows, notes) = Draft::default().paste(0, 0, "name,data\ndb,1TB\n\"fs,2TB");
        assert_eq!(rows, 2);
        assert_eq!(notes, ["Row 2 has a quote (\") that is never closed, so the rest of its line was read as its name; close the quote, or take it out, and paste the row again."]);
        let mut draft = Draft::default();
        let (rows, notes) = draft.paste(0, 0, "name;data;streams;rto_h\nerp, main;1,5TB;4;0,5\n");
        assert_eq!((rows, notes.len()), (1, 0), "{notes:?}");
        let job = &draft.jobs()[0];
        assert_eq!(
            (job.name.as_str(), job.data_bytes, job.streams, job.rto_hours),
            ("erp, main", 1.5e12, Some(4), Some(0.5))
        );
        let json = Draft::header_problem("{\"format\": \"backup-capacity-planner/scenario\"}").expect("JSON");
        assert!(json.starts_with("it is a JSON file"), "{json}");
    }

    #[test]
    fn a_header_maps_columns_in_any_order_and_names_unknown_ones() {
        let (written, notes) = Draft::default().paste(0, 3, "Streams,Data,colour,Name\n4,1TB,red,a\n");
        assert_eq!(written, 1);
        assert_eq!(notes, ["Column \"colour\" was left out: the columns are name, data, files, file_size, client_nic, client_ports, streams, priority, rto_h, rtt_ms."]);
        let d = draft("Streams,Data,colour,Name\n4,1TB,red,a\n");
        assert_eq!(d.rows[0].cells, ["a", "1TB", "", "", "", "", "4", "", "", ""].map(String::from));
    }

    #[test]
    fn the_csv_export_reads_back_to_the_same_table() {
        let d = draft("name,data,client_nic\n\"db, main\",6TB,10GbE\nfs,lots,\n\n,,\n");
        let csv = d.csv();
        assert_eq!(csv, "name,data,client_nic\r\n\"db, main\",6TB,10GbE\r\nfs,lots,\r\n");
        let again = draft(&csv);
        let cells = |d: &Draft| d.rows.iter().map(|r| (r.cells.clone(), r.job.clone())).collect::<Vec<_>>();
        assert_eq!(cells(&again), cells(&d)[..2]);
    }

    #[test]
    fn a_quote_left_open_is_named_with_the_rows_it_swallowed() {
        let mut d = Draft::default();
        let (written, notes) = d.paste(0, 0, "name,data\ndb,6TB\n\"fs01,1TB\nweb,2TB\n");
        assert_eq!(written, 2);
        assert_eq!(d.rows[1].cells[0], "fs01,1TB web,2TB");
        assert_eq!(
            notes,
            ["Row 2 runs over 2 lines: a quote (\") opened in it closes on a later line, or never, so the rows after it were read into its cells; close the quote, or take it out, and paste those rows again."]
        );
        // Pasted below a row, without a header, the row is counted where it lands.
        let (_, notes) = d.paste(2, 0, "x,1TB\n\"y\nz\",2TB\n");
        assert!(notes[0].starts_with("Row 4 runs over 2 lines"), "{notes:?}");
        assert!(Draft::default().paste(0, 0, "name,data\n\"a\",1TB\n").1.is_empty());
    }

    #[test]
    fn cells_beyond_the_header_are_named_not_dropped_quietly() {
        let mut d = Draft::default();
        let (written, notes) = d.paste(0, 0, "name,data\na,1TB,extra\nb,2TB\n");
        assert_eq!(written, 2);
        assert_eq!(
            notes,
            ["Cells beyond the header's 2 columns were left out (row 1: \"extra\"); add a heading for them."]
        );
    }

    #[test]
    fn a_list_with_a_bad_row_reads_back_from_its_text_with_the_row_to_fix() {
        let d = Draft::from_text("name,data,client_nic\ndb,6TB,1GbE\nfs,2TB,9GbE\n=cmd,1TB,");
        assert_eq!(d.rows.len(), 3);
        assert_eq!(d.bad_rows(), 1, "fs's link is not a link");
        assert_eq!(d.jobs().iter().map(|j| j.name.as_str()).collect::<Vec<_>>(), ["db", "=cmd"]);
        assert_eq!(d.rows[1].cells[4], "9GbE", "the bad cell keeps its text");
        // The text a link carries reads back to the same rows: no formula guard on `=cmd`.
        let again = Draft::from_text(&d.text());
        assert_eq!(
            again.rows.iter().map(|r| r.cells.clone()).collect::<Vec<_>>(),
            d.rows.iter().map(|r| r.cells.clone()).collect::<Vec<_>>()
        );
        assert!(d.csv().contains("'=cmd"), "an export still guards a spreadsheet");
        assert_eq!(
            d.text(),
            "name,data,client_nic\ndb,6TB,1GbE\nfs,2TB,9GbE\n=cmd,1TB,\n",
            "LF, as a link writes a list"
        );
    }

    #[test]
    fn jobs_written_by_the_model_fill_the_table() {
        let d = draft("name,data,files,streams\na,1TB,1000,\nb,2.5TB,,8\n");
        let from = Draft::from_jobs(&d.jobs());
        assert!(from.holds(&d.jobs()));
        assert_eq!(from.rows[1].cells, ["b", "2.5TB", "", "", "", "", "8", "", "", ""].map(String::from));
        assert_eq!(from.rows[0].cells[2], "1000");
        assert!(!from.holds(&d.jobs()[..1]));
    }

    #[test]
    fn rows_keep_their_ids_while_rows_above_come_and_go() {
        let mut d = draft("name,data\na,1TB\nb,lots\nc,2TB\n");
        let ids: Vec<u64> = d.rows.iter().map(|r| r.id).collect();
        assert!(ids.windows(2).all(|w| w[0] != w[1]), "{ids:?}");
        d.remove_row(0);
        assert_eq!(d.page_ids(0), ids[1..]);
        assert_eq!(d.position(ids[2], 1), Some(1), "found where the hint says");
        assert_eq!(d.position(ids[2], 0), Some(1), "and where it moved to");
        assert_eq!(d.position(ids[0], 0), None, "a removed row is gone");
        let added = d.add_row();
        assert!(!ids.contains(&d.rows[added].id), "a new row gets a new id");
        d.paste(3, 0, "e,1TB\nf,1TB");
        assert_eq!(d.rows.len(), 5);
        assert_ne!(d.rows[3].id, d.rows[4].id, "rows a paste adds get ids of their own");
        assert_eq!(d.rows[0].problems[0].0, 1, "the bad data cell of b stays marked");
    }

    #[test]
    fn problems_are_listed_up_to_a_limit_then_counted() {
        let d = draft("name,data\na,x\nb,y\nc,z\n");
        let lines = d.problem_lines(2);
        assert_eq!(lines.len(), 3);
        assert!(lines[1].starts_with("Row 2, Data: \"y\""), "{lines:?}");
        assert_eq!(lines[2], "… and 1 more");
        // Counts of rows are grouped as the page's other counts are (a trial read "and 1928 more").
        let many: String = (0..1_210).map(|i| format!("h{i},x\n")).collect();
        let lines = draft(&format!("name,data\n{many}")).problem_lines(10);
        assert_eq!(lines[10], "… and 1,200 more");
        let shown: Vec<String> = (0..COLS).map(|c| placeholder("50 MB\t1GbE\t1\t4\t0 ms", c)).collect();
        assert_eq!(shown, ["name", "e.g. 2TB", "—", "50 MB", "1GbE", "1", "4", "none", "none", "0 ms"]);
    }

    #[test]
    fn pages_hold_a_hundred_rows() {
        let mut text = "name,data\n".to_string();
        for i in 0..250 {
            let _ = writeln!(text, "h{i},1TB");
        }
        let d = draft(&text);
        assert_eq!(d.jobs().len(), 250);
        let last = d.page_ids(2);
        assert_eq!(last.len(), 50);
        assert_eq!(last[0], d.rows[200].id);
        assert!(d.page_ids(3).is_empty());
    }

    #[test]
    fn a_first_row_of_other_words_is_left_out_as_a_header_when_pasted() {
        let mut d = Draft::default();
        let (written, notes) = d.paste(0, 0, "host,size\nfs1,2TB\nweb,500GB\n");
        assert_eq!(written, 2);
        assert_eq!(
            notes,
            ["The first row (host, size) was taken for a header and left out: it names none of the columns (name, data, files, file_size, client_nic, client_ports, streams, priority, rto_h, rtt_ms), so the rows below were pasted in column order."]
        );
        let names: Vec<String> = d.jobs().into_iter().map(|j| j.name).collect();
        assert_eq!(names, ["fs1", "web"]);
        assert_eq!(d.bad_rows(), 0);
        // Rows of values alone paste whole, the first too.
        let (written, notes) = Draft::default().paste(0, 0, "db,6TB\nfs1,2TB\n");
        assert_eq!((written, notes.len()), (2, 0));
    }

    #[test]
    fn nothing_pasted_panics() {
        for text in ["", "\n\n", "\"", "name,data\n", "a\tb\tc\td\te\tf\tg\th\ti", "\u{feff}name,data\nx,1TB"] {
            let mut d = draft(text);
            d.paste(5, 9, text);
            d.set(99, 0, "x");
            d.remove_row(99);
            let _ = (d.csv(), d.page_ids(3), d.problem_lines(2));
        }
    }
}
