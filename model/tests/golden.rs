//! The golden corpus of share links (`tests/golden/links.json`): every link keeps its meaning in every
//! later version.
//!
//! A link's meaning is the scenario it opens: each entry records every input as the version that
//! added the entry decoded it (`inputs`), and the test checks that today's decoder gives the same
//! values, and the defaults for every key added since. A failure means a change altered what an
//! existing link opens: fix the change, or add an upgrade step in `codec::upgrade`. Never edit an
//! entry's `inputs`.
//!
//! The model's answers for the same links (`tests/golden/answers.json`) are a snapshot of this model
//! version: they change when the model does, and the diff of that file shows which answers moved.
//! After a deliberate model change (or to record the inputs of a new entry), rewrite both with
//! `GOLDEN_BLESS=1 cargo test -p capacity-model --test golden`.

use capacity_model::codec::{decode, JOBS_KEY};
use capacity_model::evaluate;
use capacity_model::fields::{field_by_key, FIELDS};
use capacity_model::fleet::{answer, jobs_to_csv, parse_jobs, schedule};
use capacity_model::timeline::timeline;
use capacity_model::Scenario;
use serde_json::{json, Map, Value};

fn path(name: &str) -> String {
    format!("{}/../tests/golden/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> Value {
    let text = std::fs::read_to_string(path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn blessing() -> bool {
    std::env::var_os("GOLDEN_BLESS").is_some()
}

/// One JSON value per line, so a diff shows which entry changed.
fn write(name: &str, entries: &[Value]) {
    let lines: Vec<String> = entries.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
    std::fs::write(path(name), format!("[\n  {}\n]\n", lines.join(",\n  "))).unwrap();
}

/// Every input of a scenario as a link writes it, and its job list as CSV when it has one.
fn inputs_of(scenario: &Scenario) -> Map<String, Value> {
    let mut inputs: Map<String, Value> =
        FIELDS.iter().map(|f| (f.key.to_string(), json!(f.format((f.get)(scenario))))).collect();
    if !scenario.jobs.is_empty() {
        inputs.insert(JOBS_KEY.to_string(), json!(jobs_to_csv(&scenario.jobs)));
    }
    inputs
}

#[test]
fn every_link_keeps_its_meaning() {
    let mut corpus: Vec<Value> = read("links.json").as_array().unwrap().clone();
    assert!(corpus.len() >= 40, "at least 40 links");
    let defaults = Scenario::default();
    let mut added = false;
    for entry in &mut corpus {
        let link = entry["link"].as_str().unwrap().to_string();
        let decoded = decode(&link);
        assert!(decoded.issues.is_empty(), "{link}: {:?}", decoded.issues);
        let Some(inputs) = entry.get("inputs").and_then(Value::as_object) else {
            assert!(blessing(), "{link}: no recorded inputs; record them with GOLDEN_BLESS=1");
            entry["inputs"] = Value::Object(inputs_of(&decoded.scenario));
            added = true;
            continue;
        };
        let jobs = inputs.get(JOBS_KEY).and_then(Value::as_str).unwrap_or_default();
        assert_eq!(
            jobs_to_csv(&decoded.scenario.jobs),
            jobs_to_csv(&parse_jobs(jobs).0),
            "{link}: the job list changed"
        );
        for (key, text) in inputs.iter().filter(|(key, _)| *key != JOBS_KEY) {
            let field = field_by_key(key).unwrap_or_else(|| panic!("{link}: key {key} no longer exists"));
            let recorded = field.parse(text.as_str().unwrap()).unwrap_or_else(|e| panic!("{link}: {e}"));
            let now = (field.get)(&decoded.scenario);
            assert!(now == recorded, "{link}: {key} opens as {now}, recorded {recorded}");
        }
        for field in FIELDS.iter().filter(|f| !inputs.contains_key(f.key)) {
            assert_eq!(
                (field.get)(&decoded.scenario),
                (field.get)(&defaults),
                "{link}: new key {} not at its default",
                field.key
            );
        }
    }
    if added {
        write("links.json", &corpus);
    }
}

#[test]
fn the_corpus_covers_every_key_and_every_preset() {
    let corpus = read("links.json");
    let links: Vec<&str> = corpus.as_array().unwrap().iter().map(|e| e["link"].as_str().unwrap()).collect();
    for key in FIELDS.iter().map(|f| f.key).chain([JOBS_KEY]) {
        let field_key = key;
        let key = format!("{key}=");
        assert!(
            links.iter().any(|l| l.split(['#', '&']).any(|pair| pair.starts_with(&key))),
            "no golden link uses key {field_key}"
        );
    }
    for preset in capacity_model::presets::PRESETS {
        let fragment = capacity_model::codec::encode(&preset.scenario());
        assert!(links.contains(&fragment.as_str()), "no golden link for preset {} ({fragment})", preset.id);
    }
}

fn answers_of(link: &str) -> Value {
    let scenario = decode(link).scenario;
    let report = evaluate(&scenario);
    json!({
        "link": link,
        "throughput_bytes_per_sec": report.throughput_bytes_per_sec,
        "bottleneck": report.bottleneck.id(),
        "duration_sec": report.duration_sec,
        "restore_bytes_per_sec": report.restore.as_ref().map(|r| r.throughput_bytes_per_sec),
        "makespan_sec": schedule(&scenario, &scenario.jobs).map(|s| s.makespan_sec),
        // With jobs, the fleet's answer (issue 18, item 8): its data, average rate and binding limit.
        // Links with jobs also got a timeline then: it plans the jobs' data (without a data set
        // before, so `null`).
        "fleet": answer(&scenario).map(|a| json!({
            "data_bytes": a.data_bytes,
            "bytes_per_sec": a.bytes_per_sec,
            "binding": a.binding.kind(),
            "bottleneck": a.bottleneck().id(),
        })),
        "timeline": timeline(&scenario).map(|t| json!({
            "first_window_miss_day": t.first_window_miss_day,
            "first_capacity_exceeded_day": t.first_capacity_exceeded_day,
            "most_held_bytes": t.most_held().map(|n| n.retained_bytes),
        })),
    })
}

fn same(got: &Value, expected: &Value) -> bool {
    match (got, expected) {
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| same(v, w)))
        }
        _ => match (got.as_f64(), expected.as_f64()) {
            (Some(a), Some(b)) => (a - b).abs() <= b.abs() * 1e-9,
            _ => got == expected,
        },
    }
}

#[test]
fn the_models_answers_match_the_snapshot() {
    let corpus = read("links.json");
    let now: Vec<Value> = corpus.as_array().unwrap().iter().map(|e| answers_of(e["link"].as_str().unwrap())).collect();
    if blessing() {
        write("answers.json", &now);
        return;
    }
    let snapshot = read("answers.json");
    let snapshot = snapshot.as_array().unwrap();
    assert_eq!(snapshot.len(), now.len(), "answers.json is out of date: GOLDEN_BLESS=1 rewrites it");
    for (got, expected) in now.iter().zip(snapshot) {
        for key in [
            "link",
            "throughput_bytes_per_sec",
            "bottleneck",
            "duration_sec",
            "restore_bytes_per_sec",
            "makespan_sec",
            "fleet",
            "timeline",
        ] {
            assert!(
                same(&got[key], &expected[key]),
                "{}: {key} is {} in this model, {} in answers.json (GOLDEN_BLESS=1 after a deliberate change)",
                got["link"],
                got[key],
                expected[key]
            );
        }
    }
}
