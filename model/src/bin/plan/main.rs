//! `cargo plan`: the capacity model on the command line.
//!
//! ```text
//! cargo plan <preset id | share URL | fragment> [--json] [--binary] [--fewest PARAM [--reach RATE]]
//! cargo plan --list-presets
//! ```
//!
//! Thin on purpose: the model, the link codec, goal seeking and the rate parser live in the library
//! (the app uses the same code); this file reads arguments and decides exit codes, [`text`] and
//! [`json`] lay the answer out. Every error goes to stderr with exit status 2, like clap's own.

mod json;
mod text;

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
                  cargo plan hp-8clients-4drives --fewest clients --reach 2TB/h"
)]
struct Args {
    /// Preset id (see --list-presets), share URL (https://host/#v=1&clients=8) or fragment (v=1&clients=8).
    #[arg(required_unless_present = "list_presets")]
    scenario: Option<String>,

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
    #[arg(long, value_name = "RATE", requires = "fewest", value_parser = units::parse_rate)]
    reach: Option<f64>,

    /// List the presets and exit.
    #[arg(long, conflicts_with_all = ["scenario", "fewest"])]
    list_presets: bool,
}

/// Where the scenario came from, for the report's heading.
#[derive(Debug, Clone)]
pub struct Source {
    /// The preset, when the argument named one.
    pub preset: Option<&'static Preset>,
    /// The scenario itself.
    pub scenario: Scenario,
}

impl Source {
    /// Heading of the report: the preset's title, or "Scenario from link".
    pub fn title(&self) -> &'static str {
        self.preset.map_or("Scenario from link", |p| p.title)
    }
}

/// Reads the scenario argument. A preset id wins; text with `=` is a link, and a link with a bad key
/// is refused (a script should not plan with half a scenario); anything else is an unknown preset.
fn resolve(argument: &str) -> Result<Source, Vec<String>> {
    if let Ok(preset) = presets::preset(argument.trim()) {
        return Ok(Source { preset: Some(preset), scenario: preset.scenario() });
    }
    if argument.trim().is_empty() {
        return Err(vec![
            "the scenario is empty: give a preset id (see --list-presets), a share URL or a fragment".to_string()
        ]);
    }
    if argument.contains("://") && argument.split_once('#').is_none_or(|(_, fragment)| fragment.trim().is_empty()) {
        // `decode` reads such a URL as the defaults, which would silently plan the blank scenario.
        return Err(vec![
            "link: the URL has no scenario fragment (the part after '#', like #v=1&clients=8)".to_string()
        ]);
    }
    if !argument.contains('=') {
        return Err(vec![Error::UnknownPreset { id: argument.chars().take(80).collect() }.to_string()]);
    }
    let decoded = codec::decode(argument);
    if decoded.issues.is_empty() {
        Ok(Source { preset: None, scenario: decoded.scenario })
    } else {
        Err(decoded.issues.iter().map(Error::to_string).collect())
    }
}

/// Writes to stdout; `false` when stdout is gone (a closed pipe), which `println!` would panic on.
fn emit(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).is_ok()
}

/// Reports input errors on stderr, one line each, and gives the input-error status.
fn fail(messages: &[String]) -> ExitCode {
    let mut err = std::io::stderr().lock();
    for message in messages {
        // Nothing sensible is left to do if stderr is gone too.
        let _ = writeln!(err, "error: {message}");
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

fn main() -> ExitCode {
    let args = Args::parse();
    let system = if args.binary { UnitSystem::Binary } else { UnitSystem::Decimal };
    let output = if args.list_presets {
        list_presets(args.json)
    } else {
        let argument = args.scenario.as_deref().unwrap_or_default();
        let source = match resolve(argument) {
            Ok(source) => source,
            Err(messages) => return fail(&messages),
        };
        // Seek before printing anything, so a failed seek leaves no half report on stdout.
        let fewest: Option<Fewest> = match &args.fewest {
            Some(parameter) => match goal_seek::fewest(&source.scenario, parameter, args.reach) {
                Ok(answer) => Some(answer),
                Err(error) => return fail(&[error.to_string()]),
            },
            None => None,
        };
        let report = evaluate(&source.scenario);
        if args.json {
            json::report(&source, &report, fewest.as_ref(), system)
        } else {
            text::report(&source, &report, fewest.as_ref(), args.reach.is_some(), system)
        }
    };
    if emit(&output) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
