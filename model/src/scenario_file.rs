//! The scenario file: a scenario as a JSON document with a schema version, for import and export and
//! for saved scenarios in browser storage. Behind the `json` feature.
//!
//! ```json
//! {
//!   "format": "backup-capacity-planner/scenario",
//!   "schema_version": 1,
//!   "name": "Nightly, 8 clients",
//!   "link": "v=1&clients=8&drives=4",
//!   "inputs": { "target": "tape", "clients": "8", "block": "256KiB", ... }
//! }
//! ```
//! `inputs` holds every field by its share-link key, in the field's display unit (the same text a link
//! holds), and the fleet's job list, when there is one, as CSV text under `jobs`; `link` is the share fragment, kept for people and read only when `inputs` is absent.
//! Where a file holds both and they describe different scenarios (a link edited by hand), the inputs
//! are loaded and [`NamedScenario::notes`] says which fields differ, so nothing changes unseen.

use crate::codec;
use crate::error::Error;
use crate::fields::{field_by_key, Kind, FIELDS};
#[cfg(feature = "json")]
use crate::fleet::jobs_to_csv;
use crate::fleet::parse_jobs;
use crate::scenario::Scenario;

/// The `format` value that marks a scenario file.
pub const FORMAT: &str = "backup-capacity-planner/scenario";
/// The schema version written, and the newest read.
pub const SCHEMA_VERSION: u64 = 1;

/// A named scenario read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedScenario {
    /// Name given when saved or exported (may be empty).
    pub name: String,
    /// The scenario.
    pub scenario: Scenario,
    /// What the reader noticed but loaded anyway, one sentence each: a `link` that disagrees with the
    /// `inputs` loaded instead. Empty for every file Export JSON or Save writes.
    pub notes: Vec<String>,
}

/// A JSON value of an `inputs` entry, as the reader found it.
#[derive(Debug, Clone, PartialEq)]
pub enum InputValue {
    /// A string (what [`to_json`] writes).
    Text(String),
    /// A number, accepted as its decimal text.
    Number(f64),
    /// Anything else (a boolean, an array, an object, null): an error.
    Other,
}

/// The parts of a scenario file, as extracted by a JSON parser: `serde_json` in `from_json` (feature `json`), the
/// browser's `JSON.parse` in the app. `None` where the member is missing or of the wrong type.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Document {
    /// The `format` member.
    pub format: Option<String>,
    /// The `schema_version` member.
    pub schema_version: Option<f64>,
    /// The `name` member.
    pub name: Option<String>,
    /// The `inputs` member's entries, in order; `None` when there is no `inputs` object.
    pub inputs: Option<Vec<(String, InputValue)>>,
    /// The `link` member.
    pub link: Option<String>,
}

/// Whether `c` may not stand in a scenario's name (or a job's: it is defined with the job list, below
/// this module).
pub use crate::fleet::is_unsafe_name_char;

/// Longest scenario name, in characters: what Save accepts, and what a file may carry.
pub const MAX_NAME_CHARS: usize = 80;

/// Writes `scenario` under `name` as a scenario file's JSON value: `inputs` holds every field in form
/// order (a map that keeps insertion order), then the job list.
#[cfg(feature = "json")]
pub fn to_value(name: &str, scenario: &Scenario) -> serde_json::Value {
    use serde_json::{json, Map, Value};
    let scenario = scenario.sanitized();
    let mut inputs: Map<String, Value> =
        FIELDS.iter().map(|f| (f.key.to_string(), Value::String(f.format((f.get)(&scenario))))).collect();
    if !scenario.jobs.is_empty() {
        inputs.insert(codec::JOBS_KEY.to_string(), Value::String(jobs_to_csv(&scenario.jobs)));
    }
    json!({
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "name": name,
        "link": codec::encode(&scenario),
        "inputs": inputs,
    })
}

/// Writes `scenario` under `name` as a scenario file (JSON, two-space indented, a final newline).
#[cfg(feature = "json")]
pub fn to_json(name: &str, scenario: &Scenario) -> String {
    let mut text = serde_json::to_string_pretty(&to_value(name, scenario)).unwrap_or_default();
    text.push('\n');
    text
}

fn problem(message: impl Into<String>) -> Error {
    Error::InvalidValue { key: "file", message: message.into() }
}

/// Checks a parsed scenario file and builds its scenario. All or nothing: any problem (not a scenario
/// file, a newer schema, an unknown key, a value out of range) is reported, every one of them, and no
/// scenario is returned.
///
/// # Errors
/// Every problem found, each naming the key (or `file` for the document itself) and what is wrong.
pub fn read(document: Document) -> Result<NamedScenario, Vec<Error>> {
    if document.format.as_deref() != Some(FORMAT) {
        return Err(vec![problem(format!("not a scenario file: \"format\" must be \"{FORMAT}\""))]);
    }
    match document.schema_version {
        Some(v) if v.fract() == 0.0 && v >= 1.0 && v <= SCHEMA_VERSION as f64 => {}
        Some(v) if v.fract() == 0.0 && v > SCHEMA_VERSION as f64 => {
            return Err(vec![problem(format!(
                "schema_version {v} is newer than this planner reads (1 to {SCHEMA_VERSION})"
            ))])
        }
        _ => return Err(vec![problem("schema_version is missing or not a whole number from 1")]),
    }
    // Spaces around a name are no part of it, and a name of spaces alone is none (Save refuses a blank
    // name; a trial's file named "   " was imported as `Imported " "`).
    let name = document.name.unwrap_or_default().trim().to_string();
    let mut errors = Vec::new();
    let chars = name.chars().count();
    // Say which rule the name breaks: its length, or the character (a control or text-direction one,
    // shown by its code point since it cannot be shown as itself).
    if chars > MAX_NAME_CHARS {
        errors.push(Error::InvalidValue {
            key: "name",
            message: format!("is {chars} characters long; allowed: 1 to {MAX_NAME_CHARS} printable characters"),
        });
    } else if let Some(c) = name.chars().find(|&c| is_unsafe_name_char(c)) {
        errors.push(Error::InvalidValue {
            key: "name",
            message: format!(
                "holds a control or text-direction character (U+{:04X}); allowed: 1 to {MAX_NAME_CHARS} printable characters",
                u32::from(c)
            ),
        });
    }
    let mut notes = Vec::new();
    let scenario = match (document.inputs, document.link) {
        (Some(inputs), link) => {
            let mut scenario = Scenario::default();
            for (key, value) in inputs {
                let text = match value {
                    InputValue::Text(s) => s,
                    InputValue::Number(n) => format!("{n}"),
                    InputValue::Other => {
                        errors.push(problem(format!("inputs.{key}: must be a string or a number")));
                        continue;
                    }
                };
                if key == codec::JOBS_KEY {
                    let (jobs, issues) = parse_jobs(&text);
                    errors.extend(issues);
                    scenario.jobs = jobs.into();
                    continue;
                }
                match field_by_key(&key) {
                    Some(field) => {
                        if let Err(e) = field.apply(&mut scenario, &text) {
                            errors.push(e);
                        }
                    }
                    None => errors.push(Error::UnknownKey { key: key.chars().take(40).collect() }),
                }
            }
            notes.extend(link.and_then(|link| link_disagreement(&link, &scenario)));
            scenario
        }
        (None, Some(link)) => {
            let decoded = codec::decode(&link);
            errors.extend(decoded.issues);
            decoded.scenario
        }
        (None, None) => return Err(vec![problem("neither inputs nor link is present")]),
    };
    if errors.is_empty() {
        Ok(NamedScenario { name, scenario, notes })
    } else {
        Err(errors)
    }
}

/// Most differing fields a note names one by one; the rest are counted.
const MAX_DIFFERENCES_NAMED: usize = 3;

/// Where a file's `link` describes another scenario than its `inputs` (loaded as `scenario`): a sentence
/// naming the fields that differ by their labels, with both values in their units. `None` when they agree.
fn link_disagreement(link: &str, scenario: &Scenario) -> Option<String> {
    let decoded = codec::decode(link);
    if let Some(issue) = decoded.issues.first() {
        return Some(format!("The file's link could not be read ({issue}); its inputs were loaded."));
    }
    let (linked, loaded) = (decoded.scenario.sanitized(), scenario.sanitized());
    if codec::encode(&linked) == codec::encode(&loaded) {
        return None;
    }
    let shown = |field: &crate::fields::Field, s: &Scenario| {
        let value = field.format((field.get)(s));
        match (field.kind, field.unit()) {
            (Kind::Bytes, _) | (_, "") => value,
            (_, unit) => format!("{value} {unit}"),
        }
    };
    let mut differences: Vec<String> = FIELDS
        .iter()
        .filter_map(|f| {
            let (ours, theirs) = (shown(f, &loaded), shown(f, &linked));
            (ours != theirs).then(|| format!("{}: {ours} in the inputs, {theirs} in the link", f.label))
        })
        .collect();
    if linked.jobs != loaded.jobs {
        differences.push(format!(
            "the job list: {} jobs in the inputs, {} in the link",
            loaded.jobs.len(),
            linked.jobs.len()
        ));
    }
    let more = differences.len().saturating_sub(MAX_DIFFERENCES_NAMED);
    differences.truncate(MAX_DIFFERENCES_NAMED);
    let mut list = differences.join("; ");
    if more > 0 {
        list.push_str(&format!("; and {more} more"));
    }
    Some(format!(
        "The file's link and its inputs describe different scenarios ({list}). The inputs were loaded, as the \
         scenario file format says; Export JSON writes both from one scenario."
    ))
}

/// Reads a scenario file's text with `serde_json` (feature `json`).
///
/// # Errors
/// As [`from_value`], plus a problem when the text is not JSON.
#[cfg(feature = "json")]
pub fn from_json(text: &str) -> Result<NamedScenario, Vec<Error>> {
    if text.trim().is_empty() {
        return Err(vec![problem("the file is empty; a scenario file is a JSON document (Export JSON writes one)")]);
    }
    let value = serde_json::from_str(text).map_err(|e| {
        // A job list given where a scenario file is read (a page trial chose its CSV in Import JSON).
        let first = text.trim_start().lines().next().unwrap_or("");
        let header: Vec<&str> = first.split([',', ';', '\t']).map(str::trim).collect();
        if header.len() > 1 && header.iter().any(|h| h.eq_ignore_ascii_case("name")) {
            vec![problem(
                "not a JSON document: it reads as a CSV job list (its first line names columns); a job list is read by Import CSV on the Jobs card, or the planner's --jobs",
            )]
        } else {
            vec![problem(format!("not a JSON document ({e})"))]
        }
    })?;
    from_value(value)
}

/// Reads a scenario file's JSON value (feature `json`), as browser storage hands it back.
///
/// # Errors
/// As [`read`], plus a problem when the value is not a JSON object or its `name` is not a string.
#[cfg(feature = "json")]
pub fn from_value(value: serde_json::Value) -> Result<NamedScenario, Vec<Error>> {
    use serde_json::Value;
    let Some(object) = value.as_object() else {
        return Err(vec![problem("not a scenario file: the document is not a JSON object")]);
    };
    let text_of = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_string);
    let bad_name = object.get("name").filter(|n| !n.is_string()).map(|name| {
        let kind = match name {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::Array(_) => "a list",
            _ => "an object",
        };
        Error::InvalidValue {
            key: "name",
            message: format!("is {kind}; it must be text of 1 to {MAX_NAME_CHARS} characters"),
        }
    });
    let read = read(Document {
        format: text_of("format"),
        schema_version: object.get("schema_version").and_then(Value::as_f64),
        name: text_of("name"),
        inputs: object.get("inputs").and_then(Value::as_object).map(|inputs| {
            inputs
                .iter()
                .map(|(k, v)| {
                    let value = match v {
                        Value::String(s) => InputValue::Text(s.clone()),
                        Value::Number(n) => n.as_f64().map_or(InputValue::Other, InputValue::Number),
                        _ => InputValue::Other,
                    };
                    (k.clone(), value)
                })
                .collect()
        }),
        link: text_of("link"),
    });
    // The rest of the file is read too, so that every problem is named at once (a page trial fixed the
    // name and only then learnt of two bad inputs); a file that is no scenario file says only that.
    match (bad_name, read) {
        (None, read) => read,
        (Some(name), Ok(_)) => Err(vec![name]),
        (Some(_), Err(errors)) if text_of("format").as_deref() != Some(FORMAT) => Err(errors),
        (Some(name), Err(errors)) => Err(std::iter::once(name).chain(errors).collect()),
    }
}

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::*;
    use crate::presets::PRESETS;

    #[test]
    fn every_preset_round_trips() {
        for preset in PRESETS {
            let text = to_json(preset.title, &preset.scenario());
            let back = from_json(&text).unwrap();
            assert_eq!(back.name, preset.title);
            assert_eq!(codec::encode(&back.scenario), codec::encode(&preset.scenario()), "{}", preset.id);
        }
    }

    #[test]
    fn bad_files_name_every_problem_and_load_nothing() {
        let cases = [
            ("not json", "not a JSON document"),
            ("name,data\ndb,6TB\n", "not a JSON document: it reads as a CSV job list (its first line names columns); a job list is read by Import CSV on the Jobs card, or the planner's --jobs"),
            ("[1, 2]", "not a JSON object"),
            (r#"{"format": "something else"}"#, "not a scenario file"),
            (r#"{"format": "backup-capacity-planner/scenario", "schema_version": 2, "inputs": {}}"#, "newer"),
            (r#"{"format": "backup-capacity-planner/scenario", "schema_version": 1}"#, "neither inputs nor link"),
        ];
        for (text, wanted) in cases {
            let errors = from_json(text).unwrap_err();
            assert!(errors[0].to_string().contains(wanted), "{text}: {}", errors[0]);
        }
        let errors = from_json(
            r#"{"format": "backup-capacity-planner/scenario", "schema_version": 1,
                "inputs": {"clients": "0", "colour": "blue", "drives": 4, "lto": true}}"#,
        )
        .unwrap_err();
        let keys: Vec<_> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(keys.len(), 3, "{keys:?}");
        assert!(keys.iter().any(|k| k.starts_with("clients: ") && k.contains("allowed: 1 to 10,000")));
        assert!(keys.iter().any(|k| k.starts_with("colour: unknown key")));
        assert!(keys.iter().any(|k| k.contains("inputs.lto")));
    }

    #[test]
    fn a_link_that_disagrees_with_the_inputs_is_noted_and_the_inputs_load() {
        let file = |link: &str| {
            format!(
                r#"{{"format": "backup-capacity-planner/scenario", "schema_version": 1, "link": "{link}",
                    "inputs": {{"clients": "8", "drives": "4", "stream_rate": "45"}}}}"#
            )
        };
        let agreeing = from_json(&file("v=1&clients=8&drives=4")).unwrap();
        assert!(agreeing.notes.is_empty(), "{:?}", agreeing.notes);
        let read = from_json(&file("v=1&clients=2&drives=4&stream_rate=60")).unwrap();
        assert_eq!(read.scenario.clients, 8);
        assert_eq!(
            read.notes,
            ["The file's link and its inputs describe different scenarios (Clients: 8 in the inputs, 2 in the \
              link; Rate of one stream: 45 MB/s in the inputs, 60 MB/s in the link). The inputs were loaded, as \
              the scenario file format says; Export JSON writes both from one scenario."]
        );
        let many = from_json(&file("v=1&clients=2&drives=1&stream_rate=60&fc_ports=2&block=64KiB")).unwrap();
        assert!(many.notes[0].contains("; and 2 more)"), "{:?}", many.notes);
        let unreadable = from_json(&file("v=1&clients=zero")).unwrap();
        assert!(
            unreadable.notes[0].starts_with("The file's link could not be read (clients: "),
            "{:?}",
            unreadable.notes
        );
    }

    #[test]
    fn a_job_list_is_kept() {
        let scenario =
            codec::decode("v=1&drives=2&jobs=name%2Cdata%2Cstreams%0A%22db%2C%20main%22%2C6TB%2C8%0Afs%2C200GB%2C")
                .scenario;
        assert_eq!(scenario.jobs.len(), 2);
        let back = from_json(&to_json("fleet", &scenario)).unwrap();
        assert_eq!(back.scenario, scenario);
        let bad = from_json(
            r#"{"format": "backup-capacity-planner/scenario", "schema_version": 1, "inputs": {"jobs": "name,data\na,1TB\nb,-3"}}"#,
        )
        .unwrap_err();
        assert!(bad[0].to_string().starts_with("jobs, line 3, Data (data): "), "{bad:?}");
    }

    #[test]
    fn a_name_that_is_not_text_is_named_with_every_other_problem() {
        // Page trial pt64 (L1): a file with a numeric name and two bad inputs named only the name.
        let errors = from_json(
            r#"{"format":"backup-capacity-planner/scenario","schema_version":1,"name":42,"inputs":{"drives":"abc","clients":"0"}}"#,
        )
        .unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 3, "{text:?}");
        assert_eq!(text[0], "name: is a number; it must be text of 1 to 80 characters");
        assert!(text[1..].iter().any(|t| t.starts_with("drives: \"abc\" is not a whole number")), "{text:?}");
        assert!(text[1..].iter().any(|t| t.starts_with("clients: 0 is out of range")), "{text:?}");
        // Alone, the name is the one problem; in a file that is no scenario file, that is all it says.
        let alone =
            from_json(r#"{"format":"backup-capacity-planner/scenario","schema_version":1,"name":42,"link":"v=1"}"#);
        assert_eq!(alone.unwrap_err().len(), 1);
        let other = from_json(r#"{"format":"other","name":42}"#).unwrap_err();
        assert_eq!(other.len(), 1);
        assert!(other[0].to_string().contains("not a scenario file"), "{other:?}");
    }

    #[test]
    fn names_are_text_of_1_to_80_characters() {
        let file = |name: &str| {
            format!(
                r#"{{"format": "backup-capacity-planner/scenario", "schema_version": 1, "name": {name}, "link": "v=1"}}"#
            )
        };
        for (name, wanted) in [("5", "name: is a number"), ("null", "name: is null"), ("[\"a\"]", "name: is a list")] {
            let errors = from_json(&file(name)).unwrap_err();
            assert!(errors[0].to_string().starts_with(wanted), "{name}: {}", errors[0]);
        }
        let long = format!("\"{}\"", "x".repeat(500));
        let errors = from_json(&file(&long)).unwrap_err();
        assert!(
            errors[0].to_string().contains("500 characters") && errors[0].to_string().contains("1 to 80"),
            "{}",
            errors[0]
        );
        let errors = from_json(&file("\"evil\u{202e}exe.json\"")).unwrap_err();
        assert_eq!(
            errors[0].to_string(),
            "name: holds a control or text-direction character (U+202E); allowed: 1 to 80 printable characters"
        );
        assert_eq!(from_json(&file("\"A & B <x>\"")).unwrap().name, "A & B <x>");
        // Spaces around a name go; spaces alone are no name (the file's name is used then).
        assert_eq!(from_json(&file("\"  Nightly  \"")).unwrap().name, "Nightly");
        assert_eq!(from_json(&file("\"   \"")).unwrap().name, "");
        // An empty file says so, not serde's "EOF while parsing".
        let empty = from_json(" \n").unwrap_err();
        assert!(empty[0].to_string().contains("the file is empty"), "{}", empty[0]);
    }

    #[test]
    fn the_file_lists_inputs_in_form_order() {
        let text = to_json("n", &Scenario::default());
        let first = FIELDS[0].key;
        let second = FIELDS[1].key;
        let (a, b) = (text.find(&format!("\"{first}\"")).unwrap(), text.find(&format!("\"{second}\"")).unwrap());
        assert!(a < b, "{text}");
        assert!(text.starts_with("{\n  \"format\": \"backup-capacity-planner/scenario\",\n"), "{text}");
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn a_link_alone_is_enough() {
        let read = from_json(
            r#"{"format": "backup-capacity-planner/scenario", "schema_version": 1, "link": "v=1&clients=8"}"#,
        )
        .unwrap();
        assert_eq!(read.scenario.clients, 8);
    }
}
