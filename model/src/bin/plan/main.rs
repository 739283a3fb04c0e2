//! `cargo plan`: the capacity model on the command line.
//!
//! ```text
//! cargo plan <preset id | share URL | fragment> [--json] [--binary] [--fewest PARAM [--reach RATE]]
//! cargo plan --calibrate [PARAM] --measured RATE | --measured-duration TIME [--restore] <scenario>
//! cargo plan --jobs jobs.csv [scenario] [--json] [--restore]
//! cargo plan --horizon 3y <scenario with data=... or --jobs FILE> [--json]
//! cargo plan --list-presets
//! ```
//!
//! Thin on purpose: the model, the link codec, goal seeking and the rate parser live in the library
//! (the app uses the same code); this file reads arguments and decides exit codes, [`text`] and
//! [`json`] lay the answer out. Every error goes to stderr with exit status 2, like clap's own.

mod json;
mod text;

use capacity_model::calibrate::{self, Calibration, Measured};
use capacity_model::fleet;
use capacity_model::goal_seek::{self, Fewest};
use capacity_model::presets::{self, Preset, PRESETS};
use capacity_model::units::{self, UnitSystem};
use capacity_model::{codec, evaluate, Error, Scenario};
use clap::Parser;

use std::io::Write;
use std::process::ExitCode;

/// Exit status for every input error, the same as clap's for bad arguments.
const EXIT_INPUT: u8 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "plan",
    version,
    about = "Backup and restore throughput: bottleneck, every stage, window fit, goal seeking.",
    after_help = "Quote links and fragments: the shell reads '&' and a leading '#' itself.\n\
                  Examples:\n  cargo plan hp-8clients-4drives\n  \
                  cargo plan --json 'https://example.test/planner/#v=1&clients=8&drives=4'\n  \
                  cargo plan hp-8clients-4drives --fewest clients --reach 2TB/h\n  \
                  cargo plan --jobs jobs.csv 'v=1&drives=4&fc_ports=4&sessions_per_drive=1'\n  \
                  cargo plan --jobs jobs.csv --restore 'v=1&drives=4&fc_ports=4'\n  \
                  cargo plan --horizon 3y 'v=1&data=10TB&growth=30&full_every_days=7'\n  \
                  cargo plan --calibrate file_ms --measured 14.24MB/s 'v=1&lto=LTO-3&data=49.2GB&file_size=8890'"
)]
struct Args {
    /// Preset id (see --list-presets), share URL (https://host/#v=1&clients=8) or fragment (v=1&clients=8).
    #[arg(required_unless_present_any = ["list_presets", "jobs"])]
    scenario: Option<String>,

    /// A job list (CSV with a header: `name,data` and any of
    /// `files,file_size,client_nic,client_ports,streams,priority,rto_h,rtt_ms`) to schedule on the scenario's
    /// drives; without a scenario, on the blank one (v=1).
    #[arg(long, value_name = "FILE")]
    jobs: Option<std::path::PathBuf>,

    /// Print one JSON object instead of the text report.
    #[arg(long)]
    json: bool,

    /// Show MiB/s and TiB/h instead of MB/s and TB/h.
    #[arg(long)]
    binary: bool,

    /// Find the fewest of a count (clients, streams, drives, fc_ports, nfs_nodes ...) that reaches
    /// --reach, or without it, that lets the rest of the chain run at its own limit.
    #[arg(long, value_name = "PARAM")]
    fewest: Option<String>,

    /// Target throughput for --fewest: 900MB/s, 2TB/h, 1.5TiB/h, 500MiB/s; a bare number is MB/s.
    #[arg(long, value_name = "RATE", requires = "fewest", allow_hyphen_values = true, value_parser = positive_rate)]
    reach: Option<f64>,

    /// Fit a parameter (file_ms, txn_ms, stream_rate, tcp_eff, drive_rate ...; without a name, the one
    /// behind the stage that binds) so the model reproduces a measured job; prints the plan with it.
    #[arg(long, value_name = "PARAM", num_args = 0..=1, default_missing_value = "", conflicts_with = "fewest", value_parser = parameter_name)]
    calibrate: Option<String>,

    /// The measured job's rate for --calibrate: 14.24MB/s, 51GB/h, 5.5MiB/s; a bare number is MB/s.
    #[arg(long, value_name = "RATE", requires = "calibrate", conflicts_with_all = ["measured_duration", "fewest"], allow_hyphen_values = true, value_parser = positive_rate)]
    measured: Option<f64>,

    /// The measured job's elapsed time for --calibrate (with the scenario's data set): 57m35s, 1:02:03.
    #[arg(long, value_name = "TIME", requires = "calibrate", conflicts_with = "fewest", allow_hyphen_values = true, value_parser = positive_duration)]
    measured_duration: Option<f64>,

    /// With --calibrate: the measured job was a restore (calibrates against the restore chain). With
    /// --jobs (or a link's job list): plan the disaster-recovery restore of every job, by the list's
    /// priority tiers (the `priority` column, 0 first) against their objectives (the `rto_h` column,
    /// hours). Without either it is refused: the plain report already holds the restore.
    #[arg(long)]
    restore: bool,

    /// Plan over time: every night for this span (3y, 18m, 6w, 90d) with the scenario's schedule,
    /// retention and growth; prints the key dates and what to add (the scenario needs data=..., or
    /// a job list, whose data it plans instead).
    #[arg(long, value_name = "SPAN", allow_hyphen_values = true, value_parser = horizon_span)]
    horizon: Option<u32>,

    /// List the presets and exit.
    #[arg(long, conflicts_with_all = ["scenario", "fewest"])]
    list_presets: bool,
}

/// A parameter's name for `--calibrate`, which may be left out: a link or fragment there is the
/// scenario taken as the name (a trial's `--calibrate 'v=1&data=1TB'` was told the scenario was missing).
fn parameter_name(text: &str) -> Result<String, String> {
    if text.contains(['=', '&', '#', '/']) {
        Err("that is a scenario, not a parameter: name the parameter after --calibrate (file_ms, stream_rate ...), or put the scenario before --calibrate".to_string())
    } else {
        Ok(text.to_string())
    }
}

/// A rate above zero, for `--reach` and `--measured`.
fn positive_rate(text: &str) -> Result<f64, String> {
    // Every refusal gives what is allowed (a trial's negative rate had none, its zero rate had it).
    const ALLOWED: &str = "allowed: above 0 MB/s, a rate such as 900MB/s, 2TB/h or 500MiB/s";
    match units::parse_rate(text).map_err(|error| format!("{error}; {ALLOWED}"))? {
        rate if rate > 0.0 => Ok(rate),
        _ => Err(format!("must be above 0 MB/s; {ALLOWED}")),
    }
}

/// A span for `--horizon` (3y, 18m, 6w, 90d) within the timeline's range, 7 to 3,653 days (the
/// `horizon_days` field's): a shorter or longer span is refused, not brought into range.
fn horizon_span(text: &str) -> Result<u32, String> {
    let (least, most) = capacity_model::fields::field_by_key("horizon_days").map_or((7.0, 3653.0), |f| (f.min, f.max));
    let allowed =
        format!("allowed: {} to {} days (about 10 years)", units::format_count(least), units::format_count(most));
    let days = units::parse_days(text).map_err(|error| format!("{error}; {allowed}"))?;
    if f64::from(days) < least {
        Err(format!(
            "{} {} shorter than a timeline plans; {allowed}",
            units::format_count(f64::from(days)),
            if days == 1 { "day is" } else { "days is" }
        ))
    } else if f64::from(days) > most {
        Err(format!("{} days is longer than the timeline reaches; {allowed}", units::format_count(f64::from(days))))
    } else {
        Ok(days)
    }
}

/// A duration above zero, for `--measured-duration`.
fn positive_duration(text: &str) -> Result<f64, String> {
    const ALLOWED: &str = "allowed: above 0 s, a duration such as 7h30m, 45m or 1:30";
    match units::parse_duration(text).map_err(|error| format!("{error}; {ALLOWED}"))? {
        seconds if seconds > 0.0 => Ok(seconds),
        _ => Err(format!("must be above 0 s; {ALLOWED}")),
    }
}

/// Text from the command line or a link made safe for a terminal: control characters (escape
/// sequences among them) are shown escaped, not sent.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    // Most text has no control character: used as it is (a job table's 70,000 cells, issue 18).
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Where the scenario came from, for the report's heading.
#[derive(Debug, Clone)]
pub struct Source {
    /// The preset, when the argument named one.
    pub preset: Option<&'static Preset>,
    /// The scenario itself.
    pub scenario: Scenario,
    /// What was said of the input without refusing it (a key given twice, a key the scenario does not
    /// use, a job file that replaces a link's job list): each a line on stderr, and `input_warnings` in
    /// `--json`.
    pub input_warnings: Vec<String>,
}

impl Source {
    /// Heading of the report: the preset's title, or "Scenario from link".
    pub fn title(&self) -> &'static str {
        self.preset.map_or("Scenario from link", |p| p.title)
    }
}

/// A scenario argument or job file refused: its errors, and the warnings about the input found beside
/// them (a key given twice), which `--json` gives in `input_warnings` as a plan does.
struct Refusal {
    errors: Vec<String>,
    input_warnings: Vec<String>,
}

impl From<Vec<String>> for Refusal {
    fn from(errors: Vec<String>) -> Self {
        Refusal { errors, input_warnings: Vec::new() }
    }
}

/// Reads the scenario argument. A preset id wins; text with `=` is a link, and a link with a bad key
/// is refused (a script should not plan with half a scenario); anything else is an unknown preset.
fn resolve(argument: &str) -> Result<Source, Refusal> {
    if let Ok(preset) = presets::preset(argument.trim()) {
        return Ok(Source { preset: Some(preset), scenario: preset.scenario(), input_warnings: Vec::new() });
    }
    if argument.trim().is_empty() {
        return Err(vec![
            "the scenario is empty: give a preset id (see --list-presets), a share URL or a fragment".to_string()
        ]
        .into());
    }
    if codec::is_url(argument.trim()) && argument.split_once('#').is_none_or(|(_, fragment)| fragment.trim().is_empty())
    {
        // `decode` reads such a URL as the defaults, which would silently plan the blank scenario.
        return Err(vec![
            "link: the URL has no scenario fragment (the part after '#', like #v=1&clients=8)".to_string()
        ]
        .into());
    }
    if !argument.contains('=') {
        // A key alone (`drives`) read as "Tape drives (drives): no such preset", a bad value of the field.
        if let Some(field) = capacity_model::fields::field_by_key(argument.trim()) {
            return Err(vec![format!(
                "\"{key}\" is no preset; to set {} give key=value, as in 'v=1&{key}={}' (list the presets with --list-presets)",
                field.label,
                field.format((field.get)(&capacity_model::Scenario::default())),
                key = field.key,
            )].into());
        }
        return Err(vec![Error::UnknownPreset { id: argument.chars().take(80).collect() }.to_string()].into());
    }
    let decoded = codec::decode(argument);
    // A key given twice is read as the page reads it (the last value): a warning on stderr, not a refusal.
    let repeated = |e: &Error| e.key() == Some("link") && e.to_string().contains(" is given more than once; ");
    // Beside errors it stays a warning: the link is refused for the errors alone.
    let (warnings, errors): (Vec<&Error>, Vec<&Error>) = decoded.issues.iter().partition(|e| repeated(e));
    if errors.is_empty() {
        let input_warnings = warnings.into_iter().map(Error::to_string).collect();
        Ok(Source { preset: None, scenario: decoded.scenario, input_warnings })
    } else {
        Err(Refusal {
            errors: errors.into_iter().map(Error::to_string).collect(),
            input_warnings: warnings.into_iter().map(Error::to_string).collect(),
        })
    }
}

/// Reads a job list file. Refused whole when a row is bad (a script should not plan with half a
/// fleet): every bad cell is listed with its line and column.
fn read_jobs(path: &std::path::Path) -> Result<Vec<capacity_model::fleet::Job>, Vec<String>> {
    let path_text = path.display().to_string();
    let shown = printable(&path_text);
    let bytes = std::fs::read(path).map_err(|e| vec![format!("jobs: cannot read {shown}: {e}")])?;
    // Spreadsheets' "Unicode Text" export is UTF-16 (a trial got only "did not contain valid UTF-8").
    let utf16 = bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]);
    let text = String::from_utf8(bytes).map_err(|_| {
        vec![if utf16 {
            format!("jobs: cannot read {shown}: it is UTF-16 text (a spreadsheet's \"Unicode Text\"); save it as CSV UTF-8 (comma delimited)")
        } else {
            format!("jobs: cannot read {shown}: it is not UTF-8 text; save it as CSV UTF-8 (comma delimited)")
        }]
    })?;
    let (jobs, errors) = fleet::parse_jobs(&text);
    // A cell beyond the header is among the errors: the file is refused rather than planned without it.
    let errors: Vec<String> = errors.iter().map(Error::to_string).collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    if jobs.is_empty() {
        return Err(vec![
            "jobs: the file holds no jobs (a header row naming name,data, then one row per job)".to_string()
        ]);
    }
    Ok(jobs)
}

/// A clap error as one `key: message` line for the JSON error object: the option it is about
/// (`--reach <RATE>` gives `reach`, a missing `<SCENARIO>` gives `scenario`) and the text without
/// clap's usage lines.
fn clap_message(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:"))
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect();
    let message = lines.join(" ").trim_start_matches("error: ").to_string();
    let key = message
        .split_once("'--")
        .map(|(_, rest)| rest.split([' ', '\'']).next().unwrap_or_default().replace('-', "_"))
        .or_else(|| message.contains("<SCENARIO>").then(|| "scenario".to_string()));
    match key {
        Some(key) if !key.is_empty() => format!("{key}: {message}"),
        _ => message,
    }
}

/// An input error with its field named by its label as the page's form shows it, then its key:
/// `filemark: -1 is negative` becomes `Data between filemarks (filemark): -1 is negative`.
/// A message about one of the planner's own options is headed by the option as it is typed
/// (`measured_duration: ...` becomes `--measured-duration: ...`; a trial read the JSON key in the text).
fn labelled(message: &str) -> String {
    const OPTIONS: [&str; 8] =
        ["jobs", "calibrate", "measured", "measured_duration", "horizon", "fewest", "reach", "restore"];
    match message.split_once(": ") {
        Some((key, rest)) => match capacity_model::fields::field_by_key(key) {
            Some(field) => format!("{} ({key}): {rest}", field.label),
            None if OPTIONS.contains(&key) => format!("--{}: {rest}", key.replace('_', "-")),
            None => message.to_string(),
        },
        None => message.to_string(),
    }
}

/// Writes to stdout; `false` when stdout is gone (a closed pipe), which `println!` would panic on.
fn emit(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).is_ok()
}

/// Warnings about the input, one line each on stderr.
fn warn(messages: &[String]) {
    let mut err = std::io::stderr().lock();
    for message in messages {
        // Nothing sensible is left to do if stderr is gone.
        let _ = writeln!(err, "warning: {}", printable(message));
    }
}

/// Reports input errors, one line each on stderr (or, with `--json`, one JSON object on stdout, with
/// the `input_warnings` already said on stderr), and gives the input-error status.
fn fail(messages: &[String], input_warnings: &[String], as_json: bool) -> ExitCode {
    if as_json {
        emit(&json::errors(messages, input_warnings));
    } else {
        let mut err = std::io::stderr().lock();
        for message in messages {
            // Nothing sensible is left to do if stderr is gone too.
            let _ = writeln!(err, "error: {}", printable(&labelled(message)));
        }
    }
    ExitCode::from(EXIT_INPUT)
}

fn list_presets(as_json: bool) -> String {
    if as_json {
        return json::presets(PRESETS);
    }
    let width = PRESETS.iter().map(|p| p.id.len()).max().unwrap_or(0);
    let mut out = String::new();
    for preset in PRESETS {
        out.push_str(&format!("{:<width$}  {}\n", preset.id, preset.title));
        out.push_str(&format!("{:<width$}  {}\n", "", preset.description));
    }
    out
}

/// The measurement `--calibrate` fits: a rate, or the scenario's data set (a restore's restored bytes)
/// over a duration less the cartridge handling the model adds to it ([`calibrate::Elapsed`]).
/// With a time, its arithmetic in words goes with it ("6.00 TB in 10 h 00 min is 168 MB/s"), for an
/// error to show where its rate came from.
fn measurement(args: &Args, scenario: &Scenario, system: UnitSystem) -> Result<(Measured, Option<String>), String> {
    let mut arithmetic = None;
    let rate = match (args.measured, args.measured_duration) {
        (Some(rate), _) => rate,
        (None, Some(seconds)) if scenario.data_set_bytes > 0.0 => {
            let elapsed = calibrate::Elapsed::of(&evaluate(scenario), args.restore);
            let rate = elapsed.bytes_per_sec(seconds).map_err(|e| format!("measured_duration: {e}"))?;
            arithmetic = Some(elapsed.arithmetic(seconds, system));
            rate
        }
        (None, Some(_)) => {
            return Err(
                "measured_duration: the scenario has no data set (data=...) to divide by the duration".to_string()
            )
        }
        (None, None) => return Err("calibrate: give --measured RATE or --measured-duration TIME".to_string()),
    };
    Ok((if args.restore { Measured::Restore(rate) } else { Measured::Backup(rate) }, arithmetic))
}

/// The keys a link gives that this scenario does not use (the page hides their inputs), each in a
/// sentence: "Drives used at once (drives_at_once) is not used by this scenario (the page hides it)".
/// A key at its default value is passed over.
fn unused_keys(argument: &str, scenario: &Scenario) -> Vec<String> {
    let fragment = argument.split_once('#').map_or(argument, |(_, f)| f);
    let defaults = Scenario::default();
    let mut keys: Vec<&str> = fragment.split('&').filter_map(|pair| pair.split('=').next()).collect();
    keys.sort_unstable();
    keys.dedup();
    keys.iter()
        .filter_map(|key| capacity_model::fields::field_by_key(key))
        .filter(|f| !(f.applies)(scenario) && (f.get)(scenario) != (f.get)(&defaults))
        .map(|f| format!("{} ({}) is not used by this scenario (the page hides it)", f.label, f.key))
        .collect()
}

/// A link's data set or file size written as a bare number too small to be meant as bytes (`data=1.5`
/// meant as 1.5 TB), said as a job list's cell is refused ([`fleet::BARE_DATA_LEAST_BYTES`],
/// [`fleet::BARE_FILE_LEAST_BYTES`]); a warning, not a refusal, as the link may be the planner's own
/// for a tiny data set (its share link writes bytes bare). A planner trial's `data=1.5` planned 2 B.
fn bare_sizes(argument: &str) -> Vec<String> {
    let fragment = argument.split_once('#').map_or(argument, |(_, f)| f);
    let mut last: Vec<(String, String)> = Vec::new();
    for (key, value) in form_urlencoded::parse(fragment.as_bytes()) {
        last.retain(|(k, _)| *k != key);
        last.push((key.into_owned(), value.trim().to_string()));
    }
    last.iter()
        .filter_map(|(key, value)| {
            let (least, units) = match key.as_str() {
                "data" => (fleet::BARE_DATA_LEAST_BYTES, ["GB", "TB"]),
                "file_size" => (fleet::BARE_FILE_LEAST_BYTES, ["KB", "MB"]),
                _ => return None,
            };
            let bytes: f64 = units::ungroup_thousands(value).parse().ok()?;
            let field = capacity_model::fields::field_by_key(key)?;
            (bytes > 0.0 && bytes < least).then(|| {
                let shown: String = value.chars().take(40).collect();
                format!(
                    "{} ({key}): \"{shown}\" has no unit, so it is read as {shown} B; write its unit, such as {shown}{} or {shown}{} ({shown}B for bytes)",
                    field.label, units[0], units[1]
                )
            })
        })
        .collect()
}

/// "1 job", "1,200 jobs".
fn jobs_count(n: usize) -> String {
    format!("{} job{}", units::format_count(n as f64), if n == 1 { "" } else { "s" })
}

/// The keys a link gives away from their defaults that a job list takes the place of (the data set and
/// the clients: each job is a client with its own data), each in a sentence.
fn unused_with_jobs(argument: &str, scenario: &Scenario) -> Vec<String> {
    let defaults = Scenario::default();
    capacity_model::codec::TAKEN_BY_JOBS
        .into_iter()
        .filter(|key| capacity_model::codec::gives_key(argument, key))
        .filter_map(capacity_model::fields::field_by_key)
        .filter(|f| (f.get)(scenario) != (f.get)(&defaults))
        .map(|f| format!("{} ({}) is not used with a job list: each job is a client with its own data", f.label, f.key))
        .collect()
}

/// What `--calibrate` fits: the scenario, or with a job list on tape or a repository the job that ends
/// last alone ([`fleet::job_alone`], as the page's Calibrate card fits it), with its name.
fn calibration_subject(scenario: &Scenario) -> (Scenario, Option<String>) {
    let base = Scenario { jobs: Vec::new().into(), ..scenario.clone() };
    let pole = fleet::schedule(scenario, &scenario.jobs).and_then(|plan| scenario.jobs.get(plan.long_pole).cloned());
    match pole {
        Some(job) => (fleet::job_alone(&base.sanitized(), &job), Some(job.name)),
        None => (scenario.clone(), None),
    }
}

/// The label of `key` when a job row may set it of its own ([`capacity_model::fields::Field::set_by_job_rows`]).
fn set_by_job_rows(key: &str) -> Option<&'static str> {
    capacity_model::fields::field_by_key(key).filter(|f| f.set_by_job_rows()).map(|f| f.label)
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(error) if error.use_stderr() && std::env::args().any(|a| a == "--json") => {
            return fail(&[clap_message(&error.to_string())], &[], true);
        }
        Err(error) => error.exit(),
    };
    let system = if args.binary { UnitSystem::Binary } else { UnitSystem::Decimal };
    let output = if args.list_presets {
        list_presets(args.json)
    } else {
        let argument = args.scenario.as_deref().unwrap_or("v=1");
        // The link's errors and the job file's are listed together: one run names every bad value.
        let mut source = match (resolve(argument), args.jobs.as_deref().map(read_jobs).transpose()) {
            (Ok(mut source), Ok(jobs)) => {
                if let Some(jobs) = jobs {
                    // A planner trial's link held a job list and the file's replaced it without a word.
                    if !source.scenario.jobs.is_empty() {
                        source.input_warnings.push(format!(
                            "link: its job list ({}) is replaced by the file's (--jobs, {})",
                            jobs_count(source.scenario.jobs.len()),
                            jobs_count(jobs.len())
                        ));
                    }
                    source.scenario.jobs = jobs.into();
                } else if capacity_model::codec::gives_key(argument, "jobs") && source.scenario.jobs.is_empty() {
                    source.input_warnings.push("link: jobs is empty, so no job list is planned".to_string());
                }
                if !source.scenario.jobs.is_empty() {
                    let unused = unused_with_jobs(argument, &source.scenario);
                    source.input_warnings.extend(unused);
                }
                source
            }
            // Beside errors, the warnings are said at once: the errors end the run.
            (Err(mut refusal), jobs) => {
                refusal.errors.extend(jobs.err().unwrap_or_default());
                warn(&refusal.input_warnings);
                return fail(&refusal.errors, &refusal.input_warnings, args.json);
            }
            (Ok(source), Err(messages)) => {
                warn(&source.input_warnings);
                return fail(&messages, &source.input_warnings, args.json);
            }
        };
        if source.preset.is_none() {
            let unused = unused_keys(argument, &source.scenario);
            source.input_warnings.extend(bare_sizes(argument));
            source.input_warnings.extend(unused);
            // The page plans a link's timeline over its horizon; the planner only with --horizon (a trial
            // gave horizon_days=365 and got tonight alone, without a word).
            if args.horizon.is_none() && capacity_model::codec::gives_key(argument, "horizon_days") {
                let days = source.scenario.horizon_days;
                source.input_warnings.push(format!(
                    "Timeline length (horizon_days) is used with --horizon only: add --horizon {days}d to plan every night over it"
                ));
            }
        }
        {
            // On stderr before anything else, as the planner has always said them; in --json also in
            // its `input_warnings` (a trial's script read the JSON alone and never saw them).
            warn(&source.input_warnings);
        }
        // With jobs the fleet's schedule answers for its drives and sessions ("Fits with", and
        // `fewest_drives` / `fewest_sessions_per_drive` in JSON): `--fewest` seeks for one client's
        // scenario and would answer for the form's identical clients, which the job list replaces.
        if args.fewest.is_some() && !source.scenario.jobs.is_empty() {
            return fail(
                &["--fewest: with --jobs the fleet's schedule gives the fewest drives and sessions per drive that fit the window (its Fits with line; fewest_drives and fewest_sessions_per_drive in --json); --fewest seeks for one client without a job list".to_string()],
                &source.input_warnings, args.json,
            );
        }
        // Seek and fit before printing anything, so a failure leaves no half report on stdout.
        // With jobs the measured job is the long pole alone, as the page's Calibrate card has it: its own
        // data divides an elapsed time, and the fitted value becomes the default of the job rows.
        // Worked out only for --calibrate: with jobs it schedules the fleet.
        let (subject, calibrated_job) = match &args.calibrate {
            Some(_) => calibration_subject(&source.scenario),
            None => (Scenario::default(), None),
        };
        let mut measured_arithmetic: Option<String> = None;
        let calibration: Option<Calibration> = match &args.calibrate {
            Some(parameter) => match measurement(&args, &subject, system) {
                Ok((measured, arithmetic)) => {
                    measured_arithmetic.clone_from(&arithmetic);
                    let parameter = (!parameter.trim().is_empty()).then_some(parameter.as_str());
                    match calibrate::calibrate_in(&subject, parameter, measured, system) {
                        Ok(fit) if calibrated_job.is_some() => match set_by_job_rows(fit.parameter) {
                            Some(label) => {
                                return fail(
                                    &[format!(
                                        "calibrate: {label} ({}) is set by the job rows; choose another parameter",
                                        fit.parameter
                                    )],
                                    &source.input_warnings,
                                    args.json,
                                )
                            }
                            None => {
                                if let Some(field) = capacity_model::fields::field_by_key(fit.parameter) {
                                    (field.set)(&mut source.scenario, fit.value);
                                }
                                Some(fit)
                            }
                        },
                        Ok(fit) => {
                            source.scenario = fit.scenario.clone();
                            Some(fit)
                        }
                        Err(error) => {
                            let measured = arithmetic.map_or(String::new(), |a| format!(" (measured: {a})"));
                            return fail(&[format!("{error}{measured}")], &source.input_warnings, args.json);
                        }
                    }
                }
                Err(message) => return fail(&[message], &source.input_warnings, args.json),
            },
            None => None,
        };
        let fewest: Option<Fewest> = match &args.fewest {
            Some(parameter) => match goal_seek::fewest(&source.scenario, parameter, args.reach) {
                Ok(answer) => Some(answer),
                Err(error) => return fail(&[error.to_string()], &source.input_warnings, args.json),
            },
            None => None,
        };
        if let Some(days) = args.horizon {
            // In range: `horizon_span` refuses the rest.
            source.scenario.horizon_days = days;
            // With jobs the timeline plans their data; the data set field is not used.
            if source.scenario.data_set_bytes <= 0.0 && source.scenario.jobs.is_empty() {
                return fail(
                    &["horizon: the scenario has no data set (data=...) to plan over time".to_string()],
                    &source.input_warnings,
                    args.json,
                );
            }
        }
        let timeline = args.horizon.and_then(|_| capacity_model::timeline::timeline(&source.scenario));
        let seeks = args.fewest.is_none() && args.calibrate.is_none();
        let fleet = fleet::schedule(&source.scenario, &source.scenario.jobs).map(|schedule| {
            let window = source.scenario.backup_window_sec;
            let warnings = fleet_warnings(&source.scenario, &schedule, system);
            text::Fleet {
                answer: fleet::FleetAnswer::from_schedule(&source.scenario, &schedule),
                // Tonight's night is the schedule's: not worked out again.
                to_fit: if seeks { fleet::what_to_add_after(&source.scenario, &schedule) } else { None },
                schedule,
                fewest_drives: fleet::fewest_drives(&source.scenario, &source.scenario.jobs, window),
                fewest_sessions_per_drive: fleet::fewest_sessions_per_drive(
                    &source.scenario,
                    &source.scenario.jobs,
                    window,
                ),
                warnings,
            }
        });
        // With jobs the one chain the report shows is the long pole's, alone on one drive, as the page shows
        // it: the job's own data, files, link, ports and streams, the form's values filling its empty cells.
        let report = match &fleet {
            Some(f) => source.scenario.jobs.get(f.schedule.long_pole).map_or_else(
                || evaluate(&source.scenario),
                |job| evaluate(&fleet::job_alone(&source.scenario.sanitized(), job)),
            ),
            None => evaluate(&source.scenario),
        };
        // What fits the window, unless the run already answers a goal of its own; with jobs, the
        // fleet's plan answers it (never more clients).
        let to_fit = (seeks && fleet.is_none()).then(|| goal_seek::to_fit(&source.scenario)).flatten();
        if fleet.is_none() && !source.scenario.jobs.is_empty() {
            return fail(
                &["jobs: a job list is scheduled on tape drives; this scenario's target is NFS".to_string()],
                &source.input_warnings,
                args.json,
            );
        }
        if args.restore && args.calibrate.is_none() && source.scenario.jobs.is_empty() {
            return fail(
                &["--restore: goes with --calibrate (the measured job was a restore) or a job list (--jobs FILE, or a link's jobs key) to plan the fleet's restore; the plain report already holds the restore".to_string()],
                &source.input_warnings, args.json,
            );
        }
        let restore = if args.restore && args.calibrate.is_none() {
            fleet::restore_schedule(&source.scenario, &source.scenario.jobs)
        } else {
            None
        };
        if args.restore && args.calibrate.is_none() && restore.is_none() {
            return fail(
                &["--restore: the disaster-recovery plan restores every job from tape drives; this scenario's target is a repository (its restores read back from the repository: see the Restore line without --restore)".to_string()],
                &source.input_warnings, args.json,
            );
        }
        // Worked out only when a tier is late: each candidate restores the fleet again.
        let bring_in = match &restore {
            Some(plan) if plan.first_late_tier().is_some() => {
                fleet::bring_in(&source.scenario, &source.scenario.jobs, system)
            }
            _ => (Vec::new(), Vec::new()),
        };
        let extras = text::Extras {
            restore: restore.as_ref(),
            bring_in: &bring_in,
            fewest: fewest.as_ref(),
            targeted: args.reach.is_some(),
            calibration: calibration.as_ref(),
            calibrated_job: calibrated_job.as_deref(),
            measured_arithmetic: measured_arithmetic.as_deref(),
            fleet: fleet.as_ref(),
            timeline: timeline.as_ref(),
            to_fit: to_fit.as_ref(),
        };
        if args.json {
            json::report(&source, &report, &extras, system)
        } else {
            text::report(&source, &report, &extras, system)
        }
    };
    if emit(&output) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The warnings that hold for a fleet ([`text::Fleet::warnings`]), (id, message) in `system`'s units: the
/// entered scenario's that hold with jobs, then the long pole's drive starved while no other job shares its drive, then
/// the job names that repeat.
fn fleet_warnings(
    scenario: &capacity_model::Scenario,
    schedule: &fleet::Schedule,
    system: UnitSystem,
) -> Vec<(&'static str, String)> {
    let mut list: Vec<(&'static str, String)> =
        fleet::warnings_with_jobs(&evaluate(scenario).warnings, scenario, &scenario.jobs)
            .iter()
            .chain(&fleet::drives_starved_by_their_share(scenario, schedule))
            .map(|w| (w.id(), w.message(system)))
            .collect();
    let pole = (scenario.jobs.get(schedule.long_pole), schedule.jobs.get(schedule.long_pole));
    if let (Some(job), Some(row)) = pole {
        let alone = evaluate(&fleet::job_alone(&scenario.sanitized(), job));
        let run = fleet::LongPoleRun::of(schedule);
        list.extend(alone.warnings.iter().filter_map(|w| {
            fleet::long_pole_starved_text(&row.name, w, alone.bottleneck, &alone.scenario, system, run)
                .map(|t| (w.id(), t))
        }));
    }
    list.extend(fleet::repeated_names_text(&scenario.jobs).map(|t| ("repeated_names", t)));
    list
}
