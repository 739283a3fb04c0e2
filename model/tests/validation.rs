//! The validation table (`model/validation/cases.json`): public measurements of real backups, each run
//! through the model. Every row must come within its tolerance, except known misses, which must still
//! give the value recorded for them so that a change to the model shows.
//!
//! The table in `docs/validation-table.md`, the scores in the README and `model/validation/README.md` are
//! generated from the rows; after a deliberate model change, `VALIDATION_BLESS=1 cargo test -p capacity-model
//! --test validation` rewrites them and the recorded values of known misses (then read the diff: it says
//! which rows moved).

use capacity_model::codec::decode;
use capacity_model::evaluate;
use capacity_model::units::{format_number, format_percent};
use serde_json::Value;

fn path(name: &str) -> String {
    format!("{}/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn blessing() -> bool {
    std::env::var_os("VALIDATION_BLESS").is_some()
}

/// One row, run.
struct Run {
    row: Value,
    measured: f64,
    predicted: f64,
    bottleneck: String,
}

impl Run {
    fn error(&self) -> f64 {
        self.predicted / self.measured - 1.0
    }
    fn text(&self, key: &str) -> &str {
        self.row[key].as_str().unwrap_or_default()
    }
}

/// Bytes per unit as the row reads it: a binary reading takes MB for 2^20 and KB for 2^10.
fn bytes_per_unit(unit: &str, binary: bool) -> f64 {
    match (unit, binary) {
        ("MB/s", false) => 1e6,
        ("MB/s", true) => 1_048_576.0,
        ("KB/s", false) => 1e3,
        ("KB/s", true) => 1024.0,
        ("Gbit/s", _) => 1e9 / 8.0,
        _ => panic!("unit {unit} is not one the table reads"),
    }
}

fn run(row: &Value) -> Run {
    let id = row["id"].as_str().unwrap();
    let binary = row["reading"] == "binary";
    let measured = row["value"].as_f64().unwrap() * bytes_per_unit(row["unit"].as_str().unwrap(), binary);
    if row["status"] == "pending" {
        // Recorded before the model could express it: not run, not scored, until it gets a status.
        return Run { row: row.clone(), measured, predicted: f64::NAN, bottleneck: "—".to_string() };
    }
    let decoded = decode(row["fragment"].as_str().unwrap());
    assert!(decoded.issues.is_empty(), "{id}: {:?}", decoded.issues);
    let report = evaluate(&decoded.scenario);
    let (predicted, bottleneck) = match row["quantity"].as_str().unwrap() {
        "backup" => (report.throughput_bytes_per_sec, report.bottleneck),
        "restore" => {
            let restore = report.restore.as_ref().unwrap_or_else(|| panic!("{id}: no restore"));
            (restore.throughput_bytes_per_sec, restore.bottleneck)
        }
        "spool" => {
            let phases = report.staging_phases_bytes_per_sec.unwrap_or_else(|| panic!("{id}: not serial staging"));
            (phases[0], capacity_model::StageId::Spool)
        }
        other => panic!("{id}: quantity {other}"),
    };
    Run { row: row.clone(), measured, predicted, bottleneck: bottleneck.name().to_string() }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// The share of rows a score counts as right: within 15 % of the measurement, whatever a row's own tolerance.
const SCORE_WITHIN: f64 = 0.15;

/// How close a set of rows comes: how many, how many within [`SCORE_WITHIN`], and the median absolute error.
#[derive(Debug, PartialEq)]
struct Score {
    rows: usize,
    within: usize,
    median_error: f64,
}

impl Score {
    /// From each row's signed error (`predicted / measured - 1`).
    fn of(errors: &[f64]) -> Score {
        let absolute: Vec<f64> = errors.iter().map(|e| e.abs()).collect();
        Score {
            rows: absolute.len(),
            within: absolute.iter().filter(|e| **e <= SCORE_WITHIN).count(),
            median_error: median(absolute),
        }
    }

    fn share_within(&self) -> f64 {
        if self.rows == 0 {
            0.0
        } else {
            self.within as f64 / self.rows as f64
        }
    }

    /// One row of the summary's score table.
    fn table_row(&self, label: &str) -> String {
        format!(
            "| {label} | {} | {} ({}) | {} |\n",
            self.rows,
            self.within,
            format_percent(self.share_within()),
            format_percent(self.median_error)
        )
    }
}

/// MB/s with three significant figures ("—" for a row not run).
fn mb(bytes_per_sec: f64) -> String {
    if bytes_per_sec.is_nan() {
        return "—".to_string();
    }
    format!("{} MB/s", format_number(bytes_per_sec / 1e6))
}

fn signed(error: f64) -> String {
    if error.is_nan() {
        return "—".to_string();
    }
    let text = format_percent(error.abs());
    if error < 0.0 {
        format!("−{text}")
    } else {
        format!("+{text}")
    }
}

fn status(run: &Run) -> String {
    match run.text("status") {
        "known miss" => "known miss".to_string(),
        "calibration" => "calibration".to_string(),
        "seed" => "seed".to_string(),
        "pending" => "pending (the model cannot express it yet)".to_string(),
        _ => format!("within {}", format_percent(run.row["tolerance"].as_f64().unwrap())),
    }
}

/// The table `docs/validation-table.md` shows, a line per row (the README shows only the scores).
fn readme_table(runs: &[Run]) -> String {
    let mut out = String::from(
        "| case | measured | reading (in MB/s, 10^6 B) | model | error | bottleneck | status | fitted on |\n|---|---|---|---|---|---|---|---|\n",
    );
    for run in runs {
        // The measurement in the model's unit beside its reading, so the two figures compare (a
        // fresh-clone trial read TSM's "5.5 MB/s" in MiB beside 5.66 MB/s at −1.8 % and expected +3 %).
        out.push_str(&format!(
            "| [{}]({}) | {} | {} ({}) | {} | {} | {} | {} | {} |\n",
            run.text("id"),
            source_link(run.text("source"), run.text("id")),
            table_cell(run.text("figure")),
            run.text("reading"),
            mb(run.measured),
            mb(run.predicted),
            signed(run.error()),
            run.bottleneck,
            status(run),
            yes_no(fitted_on(run))
        ));
    }
    out
}

/// A quoted figure as one Markdown table cell: its own `|` would start a new column.
fn table_cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

fn yes_no(value: bool) -> &'static str {
    if value {
        "yes"
    } else {
        "no"
    }
}

/// Seeds are files beside the project: their rows link to their entry in the full table (from `docs/`).
fn source_link(source: &str, id: &str) -> String {
    if source.starts_with("http") {
        source.to_string()
    } else {
        format!("../model/validation/README.md#{id}")
    }
}

/// `model/validation/README.md`: the format, and every row with what was measured and the notes.
fn full_document(runs: &[Run], summary: &str) -> String {
    let mut out = String::from(
        "# Validation table\n\n\
         Public measurements of real backups and restores, each run through the model by\n\
         `cargo test -p capacity-model --test validation`. Generated from `cases.json`; do not edit by hand\n\
         (`VALIDATION_BLESS=1 cargo test -p capacity-model --test validation` rewrites it).\n\n\
         ## The format of a row (`cases.json`)\n\n\
         | field | meaning |\n|---|---|\n\
         | `id` | short name |\n\
         | `source` | the address the figure was read from (seed files: `../shared/seeds/`) |\n\
         | `measured_what` | what was measured, in our own words |\n\
         | `fragment` | the scenario as a share link (the model's inputs for the case) |\n\
         | `figure` | the figure as the source printed it |\n\
         | `value`, `unit`, `reading` | the figure as a number, its unit, and whether its MB means 10^6 B (`decimal`) or 2^20 B (`binary`) |\n\
         | `quantity` | `backup`, `restore`, or `spool` (the spool phase of serial staging) |\n\
         | `tolerance` | how far the model may be from the measurement |\n\
         | `status` | `seed` (a seed figure), `calibration` (the row a default was fitted to), `validation`, `known miss` (with the reason in `note`; its recorded prediction is checked so that a change shows), or `pending` (recorded before the model could express it: not run and not scored until the model can, then it takes one of the other statuses and counts as out of sample) |\n\
         | `fitted_on` | `true` when a default, constant or formula was chosen or tuned so that this row comes out right (seed and calibration rows, rows whose figures a default was taken from, cases handed in with an issue); `false` when the row only checks the model. A `false` row is never tuned to |\n\n",
    );
    out.push_str(summary);
    out.push_str("\n\n## The rows\n\n");
    for run in runs {
        out.push_str(&format!(
            "### {}\n{}\n\n- Source: {}\n- Scenario: `{}`\n- Measured: {} ({} reading: {}), {}\n- Model: {} ({}), error {}: {}\n- Fitted on: {}\n",
            run.text("id"),
            run.text("measured_what"),
            run.text("source"),
            run.text("fragment"),
            run.text("figure"),
            run.text("reading"),
            mb(run.measured),
            run.text("quantity"),
            mb(run.predicted),
            run.bottleneck,
            signed(run.error()),
            status(run),
            yes_no(fitted_on(run))
        ));
        if !run.text("note").is_empty() {
            out.push_str(&format!("- Note: {}\n", run.text("note")));
        }
        out.push('\n');
    }
    out
}

fn fitted_on(run: &Run) -> bool {
    run.row["fitted_on"].as_bool().unwrap_or_else(|| panic!("{}: fitted_on must be true or false", run.text("id")))
}

/// The two scores (rows never fitted to, and all rows) and the count of each status.
fn summary(runs: &[Run]) -> String {
    let scored = || runs.iter().filter(|r| r.text("status") != "pending");
    let unfitted: Vec<f64> = scored().filter(|r| !fitted_on(r)).map(Run::error).collect();
    let all: Vec<f64> = scored().map(Run::error).collect();
    let count = |status: &str| runs.iter().filter(|r| r.text("status") == status).count();
    format!(
        "| rows | count | within 15 % | median error |\n|---|---|---|---|\n{}{}\n\
         A row is `fitted_on` when a default, constant or formula was chosen or tuned so that it comes out right \
         (every seed and calibration row, and the cases handed in with an issue); the first score is the one \
         that says how the model does on data it was not shaped to. Known misses count with their error. \
         By status: {} validation rows, {} known misses, {} calibration rows, {} seed figures, {} pending (not scored).",
        Score::of(&unfitted).table_row("never fitted to (`fitted_on: false`)"),
        Score::of(&all).table_row("all rows"),
        count("validation"),
        count("known miss"),
        count("calibration"),
        count("seed"),
        count("pending"),
    )
}

/// Replaces the text between `<!-- validation:start -->` and `<!-- validation:end -->` of `document`,
/// which `name` names in the messages.
fn between_markers(name: &str, document: &str, content: &str) -> String {
    let (start, end) = ("<!-- validation:start -->", "<!-- validation:end -->");
    let a = document.find(start).unwrap_or_else(|| panic!("{name} has a validation:start marker")) + start.len();
    let b = document.find(end).unwrap_or_else(|| panic!("{name} has a validation:end marker"));
    format!("{}\n{}\n{}", &document[..a], content.trim_end(), &document[b..])
}

/// The out-of-sample score in words, for the README's opening ("How far to trust it"), between
/// `<!-- score:start -->` and `<!-- score:end -->` on one line: a new user looks for it there, and a
/// figure written by hand went stale with every row added.
fn score_words(runs: &[Run]) -> String {
    let unfitted: Vec<f64> =
        runs.iter().filter(|r| r.text("status") != "pending" && !fitted_on(r)).map(Run::error).collect();
    let score = Score::of(&unfitted);
    // Which way it errs, which a buyer needs most (a fresh-clone trial, stop 63: the median alone did not
    // say that most misses are optimistic).
    let faster = unfitted.iter().filter(|e| **e > SCORE_WITHIN).count();
    let slower = unfitted.iter().filter(|e| **e < -SCORE_WITHIN).count();
    format!(
        "{} of {} ({}), with a median error of {}; of the rest it came out faster than measured on {faster} and slower on {slower}",
        score.within,
        score.rows,
        format_percent(score.share_within()),
        format_percent(score.median_error)
    )
}

/// Replaces the text between `<!-- score:start -->` and `<!-- score:end -->`.
fn with_score(document: &str, words: &str) -> String {
    let (start, end) = ("<!-- score:start -->", "<!-- score:end -->");
    let a = document.find(start).expect("the README has a score:start marker") + start.len();
    let b = document.find(end).expect("the README has a score:end marker");
    format!("{}{words}{}", &document[..a], &document[b..])
}

#[test]
fn every_row_is_within_its_tolerance_or_a_recorded_known_miss() {
    let text = std::fs::read_to_string(path("validation/cases.json")).unwrap();
    let mut rows: Vec<Value> = serde_json::from_str::<Value>(&text).unwrap().as_array().unwrap().clone();
    let public = rows.iter().filter(|r| r["status"] != "seed").count();
    assert!(public >= 20, "at least 20 public measurements, found {public}");
    let runs: Vec<Run> = rows.iter().map(run).collect();
    let mut failures = Vec::new();
    for (row, run) in rows.iter_mut().zip(&runs) {
        let id = run.text("id").to_string();
        let tolerance = run.row["tolerance"].as_f64().unwrap();
        for key in ["source", "measured_what", "figure", "reading"] {
            assert!(!run.text(key).is_empty(), "{id}: {key} is empty");
        }
        assert!(run.row["fitted_on"].is_boolean(), "{id}: every row says whether it was fitted on (fitted_on)");
        if matches!(run.text("status"), "seed" | "calibration") {
            assert!(fitted_on(run), "{id}: a {} row is fitted on by definition", run.text("status"));
        }
        if run.text("status") == "pending" {
            assert!(!run.text("note").is_empty(), "{id}: a pending row says why the model cannot express it yet");
            let decoded = decode(run.text("fragment"));
            assert!(
                !decoded.issues.is_empty(),
                "{id}: the model can express this row now: run it and give it a status (it counts as out of sample)"
            );
            continue;
        }
        if run.text("status") == "known miss" {
            assert!(!run.text("note").is_empty(), "{id}: a known miss states its reason");
            if blessing() {
                row["recorded_bytes_per_sec"] = serde_json::json!(run.predicted);
                continue;
            }
            let recorded = run.row["recorded_bytes_per_sec"].as_f64().unwrap_or(f64::NAN);
            if (run.predicted / recorded - 1.0).abs() > 1e-9 {
                failures.push(format!("{id}: known miss moved from {} to {}", mb(recorded), mb(run.predicted)));
            }
            if run.error().abs() <= tolerance {
                failures
                    .push(format!("{id}: now within tolerance ({}): make it a validation row", signed(run.error())));
            }
        } else if run.error().abs() > tolerance {
            failures.push(format!(
                "{id}: {} against {} measured, {}",
                mb(run.predicted),
                mb(run.measured),
                signed(run.error())
            ));
        }
    }
    let summary = summary(&runs);
    let table = format!("{}\n{summary}\n", readme_table(&runs));
    // The README keeps the scores (and the opening's score in words); the table, a line per row, is in
    // docs/validation-table.md.
    let readme_path = path("../README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let new_readme = with_score(&between_markers("README.md", &readme, &summary), &score_words(&runs));
    let table_path = path("../docs/validation-table.md");
    let table_document = std::fs::read_to_string(&table_path).unwrap();
    let new_table_document = between_markers("docs/validation-table.md", &table_document, &table);
    let full = full_document(&runs, &summary);
    if blessing() {
        std::fs::write(path("validation/cases.json"), serde_json::to_string_pretty(&rows).unwrap() + "\n").unwrap();
        std::fs::write(&readme_path, new_readme).unwrap();
        std::fs::write(&table_path, new_table_document).unwrap();
        std::fs::write(path("validation/README.md"), full).unwrap();
    } else {
        if new_readme != readme {
            failures.push(
                "README.md's validation scores or its opening's score are out of date (VALIDATION_BLESS=1 rewrites them)"
                    .to_string(),
            );
        }
        if new_table_document != table_document {
            failures.push("docs/validation-table.md is out of date (VALIDATION_BLESS=1 rewrites it)".to_string());
        }
        let current = std::fs::read_to_string(path("validation/README.md")).unwrap_or_default();
        if current != full {
            failures.push("model/validation/README.md is out of date (VALIDATION_BLESS=1 rewrites it)".to_string());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn scores_count_share_and_median_on_a_hand_made_list() {
    // Absolute errors 0.02, 0.05, 0.10, 0.15, 0.40, 0.90: four within 15 % (the bound counts), median
    // (0.10 + 0.15) / 2.
    let score = Score::of(&[0.10, -0.90, 0.02, -0.15, 0.40, -0.05]);
    assert_eq!(score.rows, 6);
    assert_eq!(score.within, 4);
    assert!((score.median_error - 0.125).abs() < 1e-12, "{}", score.median_error);
    assert!((score.share_within() - 4.0 / 6.0).abs() < 1e-12);
    assert_eq!(score.table_row("t"), "| t | 6 | 4 (66.7 %) | 12.5 % |\n");
    // An odd count takes the middle value.
    let odd = Score::of(&[-0.3, 0.01, 0.2]);
    assert_eq!((odd.rows, odd.within), (3, 1));
    assert!((odd.median_error - 0.2).abs() < 1e-12);
    // No rows: nothing within, no median.
    let empty = Score::of(&[]);
    assert_eq!((empty.rows, empty.within, empty.share_within()), (0, 0, 0.0));
    assert!(empty.median_error.is_nan());
}
